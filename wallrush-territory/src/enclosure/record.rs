//! A game with its history (for undo) and its record text.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write};
use core::str::FromStr;

use super::board::Player;
use super::moves::EnclosureMove;
use super::position::{EnclosureOutcome, EnclosurePosition, Refusal};
use super::rng::first_player;
use super::text::PositionTextError;
use wallrush_core::text::ParseError;

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
/// use wallrush_territory::enclosure::{EnclosureGame, Player};
/// let mut game = EnclosureGame::seeded(7);
/// for m in ["C3n b2-b3", "A1s e5-e6", "B4x"] {
///     game.play(m.parse()?)?;
/// }
/// let text = game.to_string();
/// assert!(text.ends_with("\n1. C3n b2-b3\n2. A1s e5-e6; B4x\n"));
/// let again: EnclosureGame = text.parse()?;
/// assert_eq!(again.position(), game.position());
/// assert_eq!(game.undo().map(|m| m.to_string()), Some("B4x".to_string()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EnclosureGame {
    tags: Vec<(String, String)>,
    start: EnclosurePosition,
    /// The position before each move.
    before: Vec<EnclosurePosition>,
    moves: Vec<EnclosureMove>,
    position: EnclosurePosition,
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
        mv: EnclosureMove,
        /// The rule it breaks.
        refusal: Refusal,
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
    /// The text is longer than [`MAX_RECORD_BYTES`](wallrush_core::text::MAX_RECORD_BYTES);
    /// nothing of it was read.
    #[error("text of {0} bytes is over the limit of {max} bytes", max = wallrush_core::text::MAX_RECORD_BYTES)]
    TooLong(usize),
}

impl Default for EnclosureGame {
    /// A game from the start with player 1 first.
    fn default() -> EnclosureGame {
        EnclosureGame::new(Player::One)
    }
}

impl EnclosureGame {
    /// A game from the start with `first` moving first.
    pub fn new(first: Player) -> EnclosureGame {
        EnclosureGame::from_position(EnclosurePosition::new(first))
    }

    /// A game from the start with the first player drawn from `seed`; the record carries
    /// the tag `Seed`.
    pub fn seeded(seed: u64) -> EnclosureGame {
        let mut game = EnclosureGame::new(first_player(seed));
        game.tags.push(("Seed".into(), seed.to_string()));
        game
    }

    /// A game from any position.
    pub fn from_position(start: EnclosurePosition) -> EnclosureGame {
        EnclosureGame {
            tags: Vec::new(),
            position: start.clone(),
            start,
            before: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The position the game started from.
    pub const fn start(&self) -> &EnclosurePosition {
        &self.start
    }

    /// The position now.
    pub const fn position(&self) -> &EnclosurePosition {
        &self.position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[EnclosureMove] {
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
        if RESERVED.contains(&name) || !valid_tag_name(name) {
            return false;
        }
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value.into(),
            None => self.tags.push((name.into(), value.into())),
        }
        true
    }

    /// Plays `m` if it is legal here; a refused move changes nothing.
    ///
    /// # Errors
    /// The [`Refusal`] naming the rule `m` breaks.
    pub fn play(&mut self, m: EnclosureMove) -> Result<(), Refusal> {
        let before = self.position.clone();
        self.position.play(m)?;
        self.before.push(before);
        self.moves.push(m);
        Ok(())
    }

    /// Takes back the last move and returns it (`None` at the start).
    pub fn undo(&mut self) -> Option<EnclosureMove> {
        let m = self.moves.pop()?;
        self.position = self.before.pop().expect("one position per move");
        Some(m)
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub fn result_text(&self) -> &'static str {
        match self.position.outcome() {
            None => "*",
            Some(EnclosureOutcome::Draw(_)) => "1/2-1/2",
            Some(EnclosureOutcome::Win { player: Player::One, .. }) => "1-0",
            Some(EnclosureOutcome::Win { player: Player::Two, .. }) => "0-1",
        }
    }

    fn score_text(&self) -> String {
        let s = self.position.scores();
        alloc::format!("{}-{}", s[Player::One], s[Player::Two])
    }

    /// Whether the start is the standard one (then `First` names it).
    fn standard_start(&self) -> bool {
        self.start == EnclosurePosition::new(self.start.turn())
    }

    /// Reads a record text (see the type's docs).
    ///
    /// # Errors
    /// [`RecordError`] naming the line or tag at fault; text over
    /// [`MAX_RECORD_BYTES`](wallrush_core::text::MAX_RECORD_BYTES) is refused unread.
    pub fn from_record(text: &str) -> Result<EnclosureGame, RecordError> {
        if text.len() > wallrush_core::text::MAX_RECORD_BYTES {
            return Err(RecordError::TooLong(text.len()));
        }
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut names = alloc::collections::BTreeSet::new();
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
        let mut move_lines = Vec::new();
        for (line, l) in lines.by_ref() {
            if l.is_empty() {
                continue;
            }
            if !l.starts_with('[') {
                move_lines.push((line, l));
                break;
            }
            let (name, value) = parse_tag(l).ok_or(RecordError::BadTag { line })?;
            if !names.insert(name.clone()) {
                return Err(RecordError::DuplicateTag { line, name });
            }
            tags.push((name, value));
        }
        for (line, l) in lines {
            if l.starts_with('[') {
                return Err(RecordError::TagAfterMoves { line });
            }
            move_lines.push((line, l));
        }
        let tag = |name: &str| tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
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
            (Some(text), _, _) => EnclosurePosition::from_text(text).map_err(RecordError::Start)?,
            (None, Some(p), _) => EnclosurePosition::new(p),
            (None, None, Some(seed)) => EnclosurePosition::seeded(seed),
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
        let mut game = EnclosureGame::from_position(start);
        game.tags = tags.iter().filter(|(n, _)| !RESERVED.contains(&n.as_str())).cloned().collect();
        let mut turn = 0u64;
        for (line, l) in move_lines {
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
                let mv: EnclosureMove = text.parse().map_err(|error| RecordError::MoveSyntax {
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

fn valid_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

/// `[Name "value"]` with `\"` and `\\` escapes in the value; no carriage return in it.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(' ')?;
    if !valid_tag_name(name) {
        return None;
    }
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().filter(|c| matches!(c, '"' | '\\'))?),
            '"' => return None,
            // The writer cannot write a carriage return (it writes line breaks as
            // spaces), so a value holding one would not read back the same.
            '\r' => return None,
            c => value.push(c),
        }
    }
    Some((name.into(), value))
}

fn write_tag(f: &mut fmt::Formatter<'_>, name: &str, value: &str) -> fmt::Result {
    write!(f, "[{name} \"")?;
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            f.write_char('\\')?;
        }
        // A line break would end the tag line: write it as a space.
        f.write_char(if c == '\n' || c == '\r' { ' ' } else { c })?;
    }
    f.write_str("\"]\n")
}

impl fmt::Display for EnclosureGame {
    /// The record text (see the type's docs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tag(f, "Game", "enclosure")?;
        for (name, value) in &self.tags {
            write_tag(f, name, value)?;
        }
        if self.standard_start() {
            write_tag(f, "First", &self.start.turn().to_string())?;
        } else {
            write_tag(f, "Start", &self.start.to_text())?;
        }
        write_tag(f, "Result", self.result_text())?;
        write_tag(f, "Score", &self.score_text())?;
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

impl FromStr for EnclosureGame {
    type Err = RecordError;
    fn from_str(s: &str) -> Result<EnclosureGame, RecordError> {
        EnclosureGame::from_record(s)
    }
}
