//! A game with its history (for undo) and its record text.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use super::board::Player;
use super::moves::Move;
use super::position::{Illegal, Outcome, Position};
use super::rng::first_player;
use super::text::PositionTextError;
use wallrush_core::text::{ParseError, MAX_RECORD_BYTES};

use crate::grid::tags::{self, TagError};

/// Tags the record writes from the game itself.
const RESERVED: [&str; 5] = ["Game", "First", "Start", "Result", "Score"];

/// A game of the card enclosure game: its start, the moves played, the position now, and
/// free-form tags; with undo and the record text.
///
/// The record text is tag lines, a blank line, then one line per turn: the turn number,
/// then the turn's moves separated by `;` (`2. A1e e5-e4; B2x`). The game's first turn
/// is a single move.
///
/// ```text
/// [Game "enclosure"]
/// [Seed "7"]
/// [First "1"]
/// [Result "*"]
/// [Score "0-0"]
///
/// 1. C3n b2-b3
/// 2. A1s e5-e6; B4x
/// ```
///
/// `Game` is always `enclosure`. `First` names the player to move first from the standard
/// start; a game from another position writes `Start` (its one-line position text)
/// instead. `Result` is `1-0`, `0-1`, `1/2-1/2` or `*` (not over) and `Score` is player
/// 1's score, `-`, player 2's. Other tags (`Seed`, `Event`, …) are kept in order. Reading
/// checks `Game`, takes the start from `Start`, else `First`, else `Seed`, replays every
/// move, and checks whatever of `First`, `Seed`, `Result`, `Score` is given against the
/// game.
///
/// Reading is lenient about layout: moves may be separated by `;` or line breaks in any
/// mix, and turn numbers may be left out; a turn number that is given must be the number
/// of the turn that move starts.
///
/// ```
/// use wallrush_territory::enclosure::{Game, Player};
/// let mut game = Game::seeded(7);
/// for m in ["C3n b2-b3", "A1s e5-e6", "B4x"] {
///     game.play(m.parse()?)?;
/// }
/// let text = game.to_string();
/// assert!(text.ends_with("\n1. C3n b2-b3\n2. A1s e5-e6; B4x\n"));
/// let again: Game = text.parse()?;
/// assert_eq!(again.position(), game.position());
/// assert_eq!(game.undo().map(|m| m.to_string()), Some("B4x".to_string()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    tags: Vec<(String, String)>,
    start: Position,
    /// The position before each move.
    before: Vec<Position>,
    moves: Vec<Move>,
    position: Position,
}

/// A record text that cannot be read: where and why.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RecordError {
    /// A line among the tags that is not `[Name "value"]`.
    #[error("line {line}: expected a tag such as [First \"1\"]")]
    BadTag {
        /// 1-based line number.
        line: usize,
    },
    /// A tag given twice.
    #[error("line {line}: tag {name} given twice")]
    DuplicateTag {
        /// 1-based line number.
        line: usize,
        /// The tag.
        name: String,
    },
    /// A tag line after the first move.
    #[error("line {line}: tags must come before the moves")]
    TagAfterMoves {
        /// 1-based line number.
        line: usize,
    },
    /// A required tag is missing.
    #[error("missing tag {0}")]
    MissingTag(&'static str),
    /// A tag whose value is malformed.
    #[error("tag {tag}: expected {expected}")]
    TagValue {
        /// The tag.
        tag: &'static str,
        /// What its value should be.
        expected: &'static str,
    },
    /// The `Start` tag is not a position text.
    #[error("tag Start: {0}")]
    Start(PositionTextError),
    /// A tag whose value disagrees with the game.
    #[error("tag {tag}: the record says {found:?} but the game gives {actual:?}")]
    TagMismatch {
        /// The tag.
        tag: &'static str,
        /// The value written.
        found: String,
        /// The value the game gives.
        actual: String,
    },
    /// Text in the move section that is not a move.
    #[error("line {line}: {text:?} is not a move: {error}")]
    MoveSyntax {
        /// 1-based line number.
        line: usize,
        /// The text.
        text: String,
        /// What went wrong where.
        error: ParseError,
    },
    /// A move that is illegal where it is played.
    #[error("line {line}: {mv}: {refusal}")]
    Illegal {
        /// 1-based line number.
        line: usize,
        /// The move.
        mv: Move,
        /// The rule it breaks.
        refusal: Illegal,
    },
    /// A turn number that is not the number of the turn its move starts.
    #[error("line {line}: turn number {found} where turn {expected} starts")]
    TurnNumber {
        /// 1-based line number.
        line: usize,
        /// The number written.
        found: u64,
        /// The turn that starts there.
        expected: u64,
    },
    /// A turn number on a move that does not start a turn.
    #[error("line {line}: turn number {found} on the second move of turn {turn}")]
    NumberMidTurn {
        /// 1-based line number.
        line: usize,
        /// The number written.
        found: u64,
        /// The turn the move belongs to.
        turn: u64,
    },
    /// The text is longer than [`MAX_RECORD_BYTES`];
    /// nothing of it was read.
    #[error("text of {0} bytes is over the limit of {max} bytes", max = MAX_RECORD_BYTES)]
    TooLong(usize),
}

impl Default for Game {
    /// A game from the start with player 1 first.
    fn default() -> Game {
        Game::new(Player::One)
    }
}

impl Game {
    /// A game from the start with `first` moving first.
    pub fn new(first: Player) -> Game {
        Game::from_position(Position::new(first))
    }

    /// A game from the start with the first player drawn from `seed`; the record carries
    /// the tag `Seed`.
    pub fn seeded(seed: u64) -> Game {
        let mut game = Game::new(first_player(seed));
        game.tags.push(("Seed".into(), seed.to_string()));
        game
    }

    /// A game from any position.
    pub fn from_position(start: Position) -> Game {
        Game { tags: Vec::new(), position: start.clone(), start, before: Vec::new(), moves: Vec::new() }
    }

    /// The position the game started from.
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// The position now.
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The free-form tags, in order (not `Game`, `First`, `Start`, `Result`, `Score`,
    /// which the record writes from the game).
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// Sets a free-form tag (replacing its value if present). Returns `false`, changing
    /// nothing, for a reserved name (`Game`, `First`, `Start`, `Result`, `Score`) or a
    /// name that is not ASCII letters, digits and `_`.
    pub fn set_tag(&mut self, name: &str, value: &str) -> bool {
        if RESERVED.contains(&name) || !tags::valid_name(name) {
            return false;
        }
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value.into(),
            None => self.tags.push((name.into(), value.into())),
        }
        true
    }

    /// Removes the free-form tag `name` and returns its value (`None` when there is no
    /// such tag).
    pub fn remove_tag(&mut self, name: &str) -> Option<String> {
        let i = self.tags.iter().position(|(n, _)| n == name)?;
        Some(self.tags.remove(i).1)
    }

    /// Plays `m` if it is legal here; a refused move changes nothing.
    ///
    /// # Errors
    /// The [`Illegal`] naming the rule `m` breaks.
    pub fn play(&mut self, m: Move) -> Result<(), Illegal> {
        let before = self.position.clone();
        self.position.play(m)?;
        self.before.push(before);
        self.moves.push(m);
        Ok(())
    }

    /// Takes back the last move and returns it (`None` at the start).
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.position = self.before.pop().expect("one position per move");
        Some(m)
    }

    /// How the game ended, once it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub fn result_text(&self) -> &'static str {
        match self.position.outcome() {
            None => "*",
            Some(Outcome::Draw(_)) => "1/2-1/2",
            Some(Outcome::Win { player: Player::One, .. }) => "1-0",
            Some(Outcome::Win { player: Player::Two, .. }) => "0-1",
        }
    }

    fn score_text(&self) -> String {
        let s = self.position.scores();
        alloc::format!("{}-{}", s[Player::One], s[Player::Two])
    }

    /// Whether the start is the standard one (then `First` names it).
    fn standard_start(&self) -> bool {
        self.start == Position::new(self.start.turn())
    }

    /// Reads a record text (see the type's docs).
    ///
    /// # Errors
    /// [`RecordError`] naming the line or tag at fault; text over
    /// [`MAX_RECORD_BYTES`] is refused unread.
    pub fn from_record(text: &str) -> Result<Game, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::TooLong(text.len()));
        }
        let sections = tags::split(text).map_err(|e| match e {
            TagError::Malformed(line) => RecordError::BadTag { line },
            TagError::Duplicate(line, name) => RecordError::DuplicateTag { line, name },
            TagError::AfterMoves(line) => RecordError::TagAfterMoves { line },
        })?;
        let tag = |name: &str| sections.tag(name);
        match tag("Game") {
            None => return Err(RecordError::MissingTag("Game")),
            Some("enclosure") => {}
            Some(_) => return Err(RecordError::TagValue { tag: "Game", expected: "\"enclosure\"" }),
        }
        let seed = match tag("Seed") {
            None => None,
            Some(s) => Some(s.parse::<u64>().map_err(|_| RecordError::TagValue {
                tag: "Seed",
                expected: "a number from 0 to 2^64 - 1",
            })?),
        };
        let first = match tag("First") {
            None => None,
            Some(s) => Some(
                s.parse::<Player>()
                    .map_err(|_| RecordError::TagValue { tag: "First", expected: "1 or 2" })?,
            ),
        };
        let start = match (tag("Start"), first, seed) {
            (Some(text), _, _) => Position::from_text(text).map_err(RecordError::Start)?,
            (None, Some(p), _) => Position::new(p),
            (None, None, Some(seed)) => Position::seeded(seed),
            (None, None, None) => return Err(RecordError::MissingTag("First")),
        };
        let mismatch = |tag: &'static str, found: &str, actual: String| {
            (found != actual).then(|| RecordError::TagMismatch { tag, found: found.into(), actual })
        };
        if let Some(p) = first {
            if let Some(e) = mismatch("First", &p.to_string(), start.turn().to_string()) {
                return Err(e);
            }
        }
        if let (Some(seed), None) = (seed, tag("Start")) {
            if let Some(e) = mismatch("Seed", &first_player(seed).to_string(), start.turn().to_string()) {
                return Err(e);
            }
        }
        let mut game = Game::from_position(start);
        game.tags = sections.tags.iter().filter(|(n, _)| !RESERVED.contains(&n.as_str())).cloned().collect();
        let mut turn = 0u64;
        for &(line, l) in &sections.lines {
            for item in l.split(';').map(str::trim).filter(|s| !s.is_empty()) {
                let starts_turn = game.moves.is_empty() || game.position.moves_left() == 2;
                if starts_turn {
                    turn += 1;
                }
                let (number, text) = split_turn_number(item);
                if let Some(found) = number {
                    if !starts_turn {
                        return Err(RecordError::NumberMidTurn { line, found, turn });
                    }
                    if found != turn {
                        return Err(RecordError::TurnNumber { line, found, expected: turn });
                    }
                }
                let mv: Move = text.parse().map_err(|error| RecordError::MoveSyntax {
                    line,
                    text: text.into(),
                    error,
                })?;
                game.play(mv).map_err(|refusal| RecordError::Illegal { line, mv, refusal })?;
            }
        }
        if let Some(found) = tag("Result") {
            if let Some(e) = mismatch("Result", found, game.result_text().into()) {
                return Err(e);
            }
        }
        if let Some(found) = tag("Score") {
            if let Some(e) = mismatch("Score", found, game.score_text()) {
                return Err(e);
            }
        }
        Ok(game)
    }
}

/// `N.` at the start of an item: the number and the rest (trimmed).
fn split_turn_number(item: &str) -> (Option<u64>, &str) {
    let digits = item.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && item.as_bytes().get(digits) == Some(&b'.') {
        if let Ok(n) = item[..digits].parse() {
            return (Some(n), item[digits + 1..].trim_start());
        }
    }
    (None, item)
}

impl fmt::Display for Game {
    /// The record text (see the type's docs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        tags::write(f, "Game", "enclosure")?;
        for (name, value) in &self.tags {
            tags::write(f, name, value)?;
        }
        if self.standard_start() {
            tags::write(f, "First", &self.start.turn().to_string())?;
        } else {
            tags::write(f, "Start", &self.start.to_text())?;
        }
        tags::write(f, "Result", self.result_text())?;
        tags::write(f, "Score", &self.score_text())?;
        f.write_str("\n")?;
        let mut turn = 0;
        for (i, (m, before)) in self.moves.iter().zip(&self.before).enumerate() {
            if i == 0 || before.moves_left() == 2 {
                turn += 1;
                if i > 0 {
                    f.write_str("\n")?;
                }
                write!(f, "{turn}. {m}")?;
            } else {
                write!(f, "; {m}")?;
            }
        }
        if !self.moves.is_empty() {
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl FromStr for Game {
    type Err = RecordError;
    fn from_str(s: &str) -> Result<Game, RecordError> {
        Game::from_record(s)
    }
}
