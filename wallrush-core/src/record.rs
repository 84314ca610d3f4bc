//! Game records: text a person can read and paste, in any of the three notations.
//!
//! ```text
//! [Variant "size=9 players=2 walls=10 wall_length=2 goal=edge"]
//! [Notation "wallrush"]
//! [South "Ann"]
//! [North "Bob"]
//! [Result "*"]
//!
//! 1. e2 e8 2. e3 e7 3. e4 e6 4. e5 Je4
//! ```
//!
//! Tag lines `[Name "value"]` (with `\"`, `\\`, `\n`, `\r`, `\t` escapes in the value)
//! come first, then the numbered move list: each round holds one action per seat still
//! playing, in turn order (four a round with four seats). These tags have a meaning;
//! any other tag is kept as it is, in order:
//!
//! | tag | value | when absent |
//! |---|---|---|
//! | `Variant` | as [`Variant`]'s `Display` writes it | the classic variant, or the `Position` tag's |
//! | `Notation` | `standard`, `wallrush` or `pallwall` | the notation the caller names |
//! | `Position` | the starting position as [position text](crate::postext), when the game does not start from the variant's start | the variant's start |
//! | `Draw` | [`DrawOptions`], e.g. `repetition=3 ply_limit=500` | no draw rules |
//! | `South`, `West`, `North`, `East` | the players' names | no name |
//! | `Result` | `*` while the game goes on, else the [`Outcome`] (`south wins by goal`, `draw by repetition`, …); checked against the moves | not checked |
//!
//! In the move list a resignation of the seat to move is `resign` and takes that seat's
//! place in the round; a seat that resigns out of turn is written `resign(west)`. A game
//! that starts with a seat other than the first to move opens with `1...`. Round numbers
//! may be left out when reading (`e2 e8 e3 e7`); when present they are checked. The
//! writer puts at most 80 characters on a line.
//!
//! ```
//! use wallrush_core::notation::Notation;
//! use wallrush_core::{Record, Seat};
//! let text = "[Notation \"wallrush\"]\n\n1. e2 e8 2. e3 e7 3. e4 e6 4. e5 Je4\n";
//! let mut record = Record::parse(text, Notation::Standard)?;
//! assert_eq!(record.game().position().pawn(Seat::North), Some("e4".parse()?));
//! record.set_notation(Notation::Pallwall);
//! record.set_player(Seat::South, Some("Ann".into()))?;
//! assert_eq!(record.to_string(), "\
//! [Variant \"size=9 players=2 walls=10 wall_length=2 goal=edge\"]
//! [Notation \"pallwall\"]
//! [South \"Ann\"]
//! [Result \"*\"]
//!
//! 1. e2 e8 2. e3 e7 3. e4 e6 4. e5 e4
//! ");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::game::Action;
use crate::notation::{MoveTextError, Notation, ParseNotationError};
use crate::postext::PositionTextError;
use crate::{BySeat, DrawOptions, Game, Outcome, ParseDrawError, ParseOutcomeError, Position, Seat, Variant};

/// The widest line the record writer produces (a single long token may exceed it).
pub const LINE_WIDTH: usize = 80;

pub use crate::text::MAX_RECORD_BYTES;

pub use crate::text::MAX_RECORD_ACTIONS;

/// Tags with a meaning of their own; [`Record::set_tag`] refuses them.
pub const RESERVED_TAGS: [&str; 9] =
    ["Variant", "Notation", "Position", "Draw", "South", "West", "North", "East", "Result"];

/// A game with its notation, the players' names and any other tags.
///
/// `Display` writes the record text in its notation; `FromStr` reads it with the
/// standard notation for records that have no `Notation` tag.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Record {
    game: Game,
    notation: Notation,
    players: BySeat<Option<String>>,
    tags: Vec<(String, String)>,
}

/// A record text that cannot be read: the line (1-based) and what is wrong.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct RecordError {
    line: usize,
    kind: RecordErrorKind,
}

impl RecordError {
    fn new(line: usize, kind: RecordErrorKind) -> RecordError {
        RecordError { line, kind }
    }

    /// The line (1-based) where the problem is.
    pub const fn line(&self) -> usize {
        self.line
    }

    /// What is wrong.
    pub const fn kind(&self) -> &RecordErrorKind {
        &self.kind
    }
}

/// What is wrong with a record text (see [`RecordError`]).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RecordErrorKind {
    /// A line starting with `[` that is not `[Name "value"]`.
    #[error("malformed tag: expected {0}")]
    Tag(&'static str),
    /// A tag given twice.
    #[error("tag {0} given twice")]
    RepeatedTag(String),
    /// A tag line after the move list began.
    #[error("tag after the moves")]
    TagAfterMoves,
    /// The text is longer than [`MAX_RECORD_BYTES`]; nothing of it was read.
    #[error("text of {0} bytes is over the limit of {max} bytes", max = MAX_RECORD_BYTES)]
    TooLong(usize),
    /// The text holds more than [`MAX_RECORD_ACTIONS`] actions.
    #[error("more than {max} actions", max = MAX_RECORD_ACTIONS)]
    TooManyActions,
    /// The `Notation` tag names no notation.
    #[error("Notation tag: {0}")]
    Notation(ParseNotationError),
    /// The `Variant` tag cannot be read.
    #[error("Variant tag: {0}")]
    Variant(PositionTextError),
    /// The `Position` tag cannot be read.
    #[error("Position tag: {0}")]
    Position(PositionTextError),
    /// The `Variant` tag and the `Position` tag's variant differ.
    #[error("Variant tag does not match the Position tag's variant")]
    VariantMismatch,
    /// The `Draw` tag cannot be read.
    #[error("Draw tag: {0}")]
    Draw(ParseDrawError),
    /// The `Result` tag cannot be read.
    #[error("Result tag: {0}")]
    Result(ParseOutcomeError),
    /// A player tag for a seat the variant does not have.
    #[error("{0} does not play in this variant")]
    PlayerNotInVariant(Seat),
    /// The `Result` tag disagrees with the moves.
    #[error("Result tag says {} but the moves give {}", ResultText(*tag), ResultText(*moves))]
    ResultMismatch {
        /// What the tag says.
        tag: Option<Outcome>,
        /// What the moves give.
        moves: Option<Outcome>,
    },
    /// A round number that is not the round's.
    #[error("round number {found} where round {expected} begins")]
    RoundNumber {
        /// The round that begins there.
        expected: u32,
        /// The number written.
        found: u32,
    },
    /// A round number in the middle of a round.
    #[error("round number {0} in the middle of a round")]
    MisplacedRoundNumber(u32),
    /// A round number with no action after it.
    #[error("no move after round number {0}")]
    MissingMove(u32),
    /// A token that starts with a digit but is not a round number (`12.`, `12...`).
    #[error("malformed round number {0:?}")]
    BadRoundNumber(String),
    /// An action that is malformed or refused; `number` counts the actions of the game
    /// from 1.
    #[error("action {number}: {error}")]
    Move {
        /// The action's number in the game, from 1.
        number: usize,
        /// Why it cannot be read or played.
        error: MoveTextError,
    },
}

/// `*` or the outcome.
struct ResultText(Option<Outcome>);

impl fmt::Display for ResultText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            None => f.write_str("*"),
            Some(o) => o.fmt(f),
        }
    }
}

/// A tag [`Record::set_tag`] or [`Record::set_player`] refuses.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TagError {
    /// The name is not a letter followed by letters, digits and `_`.
    #[error("a tag name is a letter followed by letters, digits and '_'")]
    Name,
    /// The name is one of [`RESERVED_TAGS`], set through its own method.
    #[error("tag {0} is set through its own method")]
    Reserved(&'static str),
    /// A player for a seat the variant does not have.
    #[error("{0} does not play in this variant")]
    SeatNotInVariant(Seat),
}

impl Record {
    /// A record of `game` in standard notation, without names or tags.
    pub fn new(game: Game) -> Record {
        Record { game, notation: Notation::Standard, players: BySeat::default(), tags: Vec::new() }
    }

    /// Reads a record. Its `Notation` tag names the notation of the moves; without one
    /// they are read in `notation`. A text with no tags at all is a bare move list of
    /// the classic variant.
    ///
    /// # Errors
    /// [`RecordError`] with the line and what is wrong: a malformed or contradictory
    /// tag, a malformed round number, a move that is malformed or illegal, a
    /// `Result` tag the moves do not give, a text over [`MAX_RECORD_BYTES`] (refused
    /// unread) or with more than [`MAX_RECORD_ACTIONS`] actions.
    pub fn parse(text: &str, notation: Notation) -> Result<Record, RecordError> {
        check_size(text)?;
        // A byte-order mark from a saved file is not part of the record.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut tags: Vec<(String, String, usize)> = Vec::new();
        let mut names = BTreeSet::new();
        let mut moves_at = (text.len(), 1);
        let mut offset = 0;
        for (i, line) in text.split('\n').enumerate() {
            let start = offset;
            offset += line.len() + 1;
            let t = line.trim();
            if t.is_empty() {
                continue;
            }
            if !t.starts_with('[') {
                moves_at = (start, i + 1);
                break;
            }
            let (name, value) = parse_tag(t).map_err(|e| RecordError::new(i + 1, e))?;
            if !names.insert(name.clone()) {
                return Err(RecordError::new(i + 1, RecordErrorKind::RepeatedTag(name)));
            }
            tags.push((name, value, i + 1));
        }

        let mut record = Record::default();
        let mut start: Option<(Position, usize)> = None;
        let mut variant: Option<(Variant, usize)> = None;
        let mut draw = DrawOptions::NONE;
        let mut result: Option<(Option<Outcome>, usize)> = None;
        let mut notation_tag = None;
        let mut players: Vec<(Seat, String, usize)> = Vec::new();
        for (name, value, line) in tags {
            let err = |kind| RecordError::new(line, kind);
            match name.as_str() {
                "Notation" => {
                    let n = value.parse().map_err(|e| err(RecordErrorKind::Notation(e)))?;
                    notation_tag = Some(n);
                }
                "Variant" => {
                    let v = value.parse().map_err(|e| err(RecordErrorKind::Variant(e)))?;
                    variant = Some((v, line));
                }
                "Position" => {
                    let p = Position::from_text(&value).map_err(|e| err(RecordErrorKind::Position(e)))?;
                    start = Some((p, line));
                }
                "Draw" => draw = value.parse().map_err(|e| err(RecordErrorKind::Draw(e)))?,
                "Result" => {
                    let r = if value == "*" {
                        None
                    } else {
                        Some(value.parse().map_err(|e| err(RecordErrorKind::Result(e)))?)
                    };
                    result = Some((r, line));
                }
                _ => match Seat::ALL.into_iter().find(|s| seat_tag(*s) == name) {
                    Some(seat) => players.push((seat, value, line)),
                    None => record.tags.push((name, value)),
                },
            }
        }
        let start = match (start, variant) {
            (Some((p, _)), Some((v, line))) if p.variant() != v => {
                return Err(RecordError::new(line, RecordErrorKind::VariantMismatch));
            }
            (Some((p, _)), _) => p,
            (None, Some((v, _))) => Position::new(v),
            (None, None) => Position::classic(),
        };
        for (seat, name, line) in players {
            if !start.variant().has_seat(seat) {
                return Err(RecordError::new(line, RecordErrorKind::PlayerNotInVariant(seat)));
            }
            record.players[seat] = Some(name);
        }
        record.notation = notation_tag.unwrap_or(notation);
        record.game = Game::from_position(start).with_draw_options(draw);
        parse_moves(&mut record.game, &text[moves_at.0..], record.notation, moves_at.1)?;
        if let Some((tag, line)) = result {
            let moves = record.game.outcome();
            if tag != moves {
                return Err(RecordError::new(line, RecordErrorKind::ResultMismatch { tag, moves }));
            }
        }
        Ok(record)
    }

    /// Rewrites a record text from its notation (or `from` when it has no `Notation`
    /// tag) into `to`.
    ///
    /// ```
    /// use wallrush_core::notation::Notation;
    /// use wallrush_core::Record;
    /// let text = "[Variant \"size=9 players=2 walls=10 wall_length=3 goal=edge\"]\n\n1. d3v\n";
    /// let out = Record::convert(text, Notation::Standard, Notation::WallRush)?;
    /// assert!(out.contains("[Notation \"wallrush\"]") && out.ends_with("\n1. V-d5\n"));
    /// # Ok::<(), wallrush_core::RecordError>(())
    /// ```
    ///
    /// # Errors
    /// As [`parse`](Self::parse).
    pub fn convert(text: &str, from: Notation, to: Notation) -> Result<String, RecordError> {
        let mut record = Record::parse(text, from)?;
        record.set_notation(to);
        Ok(record.to_string())
    }

    /// The game.
    pub const fn game(&self) -> &Game {
        &self.game
    }

    /// The game, to play on.
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// The game, without the record.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// The notation the record is written in.
    pub const fn notation(&self) -> Notation {
        self.notation
    }

    /// Writes the record in another notation from now on.
    pub fn set_notation(&mut self, notation: Notation) {
        self.notation = notation;
    }

    /// The name of the player in `seat`.
    pub fn player(&self, seat: Seat) -> Option<&str> {
        self.players[seat].as_deref()
    }

    /// Names (or, with `None`, unnames) the player in `seat`.
    ///
    /// # Errors
    /// [`TagError::SeatNotInVariant`] for a seat the game's variant does not have.
    pub fn set_player(&mut self, seat: Seat, name: Option<String>) -> Result<(), TagError> {
        if !self.game.variant().has_seat(seat) {
            return Err(TagError::SeatNotInVariant(seat));
        }
        self.players[seat] = name;
        Ok(())
    }

    /// The value of another tag (not one of [`RESERVED_TAGS`]).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The other tags, in order.
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> {
        self.tags.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// Sets another tag (`Event`, `Date`, …), or with `None` removes it. A new tag goes
    /// after the others.
    ///
    /// # Errors
    /// [`TagError`] when the name is malformed or reserved.
    pub fn set_tag(&mut self, name: &str, value: Option<String>) -> Result<(), TagError> {
        if let Some(&r) = RESERVED_TAGS.iter().find(|&&r| r == name) {
            return Err(TagError::Reserved(r));
        }
        if !is_tag_name(name) {
            return Err(TagError::Name);
        }
        let at = self.tags.iter().position(|(n, _)| n == name);
        match (at, value) {
            (Some(i), Some(v)) => self.tags[i].1 = v,
            (Some(i), None) => {
                self.tags.remove(i);
            }
            (None, Some(v)) => self.tags.push((name.to_string(), v)),
            (None, None) => {}
        }
        Ok(())
    }
}

impl From<Game> for Record {
    fn from(game: Game) -> Record {
        Record::new(game)
    }
}

impl FromStr for Record {
    type Err = RecordError;
    fn from_str(s: &str) -> Result<Record, RecordError> {
        Record::parse(s, Notation::Standard)
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = &self.game;
        let variant = game.variant();
        write_tag(f, "Variant", &variant.to_string())?;
        write_tag(f, "Notation", self.notation.name())?;
        if *game.start() != Position::new(variant) {
            write_tag(f, "Position", &game.start().to_text())?;
        }
        if !game.draw_options().is_none() {
            write_tag(f, "Draw", &game.draw_options().to_string())?;
        }
        for seat in variant.seats() {
            if let Some(name) = &self.players[seat] {
                write_tag(f, seat_tag(seat), name)?;
            }
        }
        for (name, value) in &self.tags {
            write_tag(f, name, value)?;
        }
        write_tag(f, "Result", &ResultText(game.outcome()).to_string())?;
        if !game.is_empty() {
            writeln!(f)?;
            f.write_str(&write_moves(game, self.notation, Some(LINE_WIDTH)))?;
            writeln!(f)?;
        }
        Ok(())
    }
}

const fn seat_tag(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "South",
        Seat::West => "West",
        Seat::North => "North",
        Seat::East => "East",
    }
}

fn is_tag_name(name: &str) -> bool {
    let mut b = name.bytes();
    b.next().is_some_and(|c| c.is_ascii_alphabetic()) && b.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

fn write_tag(f: &mut fmt::Formatter<'_>, name: &str, value: &str) -> fmt::Result {
    write!(f, "[{name} \"")?;
    for c in value.chars() {
        match c {
            '\\' => f.write_str("\\\\")?,
            '"' => f.write_str("\\\"")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c => write!(f, "{c}")?,
        }
    }
    writeln!(f, "\"]")
}

/// Reads `[Name "value"]` (already trimmed).
fn parse_tag(t: &str) -> Result<(String, String), RecordErrorKind> {
    let inner = t
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or(RecordErrorKind::Tag("']' at the end of the line"))?;
    let (name, rest) = inner.split_once(' ').ok_or(RecordErrorKind::Tag("a space after the name"))?;
    if !is_tag_name(name) {
        return Err(RecordErrorKind::Tag("a name of letters, digits and '_'"));
    }
    let quoted = rest.trim_start();
    let body = quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .filter(|_| quoted.len() >= 2)
        .ok_or(RecordErrorKind::Tag("a value in double quotes"))?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(match chars.next() {
                Some('\\') => '\\',
                Some('"') => '"',
                Some('n') => '\n',
                Some('r') => '\r',
                Some('t') => '\t',
                _ => return Err(RecordErrorKind::Tag("an escape: \\\\, \\\", \\n, \\r or \\t")),
            }),
            '"' => return Err(RecordErrorKind::Tag("'\\\"' for a quote inside the value")),
            c => value.push(c),
        }
    }
    Ok((String::from(name), value))
}

/// Counts rounds: a round holds one action per seat still playing, in turn order.
struct Rounds {
    round: u32,
    /// The seat to move at the last action, and whether that action used its turn.
    last: Option<(Seat, bool)>,
}

impl Rounds {
    fn new() -> Rounds {
        Rounds { round: 0, last: None }
    }

    /// Takes an action made while `slot` is to move (`used` when it is a move or the
    /// resignation of `slot`): its round, and whether it opens the round.
    fn next(&mut self, slot: Seat, used: bool) -> (u32, bool) {
        let opens = match self.last {
            None => true,
            Some((prev, prev_used)) => slot < prev || (slot == prev && prev_used),
        };
        if opens {
            self.round += 1;
        }
        self.last = Some((slot, used));
        (self.round, opens)
    }
}

fn uses_turn(action: Action, slot: Seat) -> bool {
    match action {
        Action::Move(_) => true,
        Action::Resign(seat) => seat == slot,
    }
}

/// How `notation` writes `action` played in `before`.
pub(crate) fn action_text(before: &Position, action: Action, notation: Notation) -> String {
    let size = before.variant().size();
    match action {
        Action::Move(m) => match notation.notate(before, m) {
            Ok(written) => written.text(size).to_string(),
            // Only an unchecked illegal move gets here; standard notation names anything.
            Err(_) => m.text(size).to_string(),
        },
        Action::Resign(seat) if seat == before.turn() => String::from("resign"),
        Action::Resign(seat) => format!("resign({seat})"),
    }
}

/// Move-list text of a [`Game`]: the record module owns every text form of a game's
/// history, so `game.rs` needs nothing of it.
impl Game {
    /// How `notation` writes action `i` (0-based) of the history: the move text, or
    /// `resign` / `resign(seat)`. `None` past the end.
    pub fn action_text(&self, i: usize, notation: Notation) -> Option<String> {
        let before = self.position_at(i)?;
        let action = self.actions().nth(i)?;
        Some(action_text(before, action, notation))
    }

    /// The numbered move list in `notation`, on one line: `1. e2 e8 2. e3 e7` (one
    /// action per seat still playing in each round; resignations written `resign`).
    ///
    /// ```
    /// use wallrush_core::notation::Notation;
    /// use wallrush_core::Game;
    /// let mut game = Game::classic();
    /// game.play_moves_text("1. e2 e8 2. e3 e7 3. e4 e6 4. e5 Je4", Notation::WallRush)?;
    /// assert_eq!(game.moves_text(Notation::Standard), "1. e2 e8 2. e3 e7 3. e4 e6 4. e5 e4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves_text(&self, notation: Notation) -> String {
        write_moves(self, notation, None)
    }

    /// Plays a move list written in `notation`: numbered (`1. e2 e8 2. e3`) or bare
    /// (`e2 e8 e3`); round numbers, when present, are checked. All or nothing: on an
    /// error the game is unchanged. Text over
    /// [`MAX_RECORD_BYTES`] or with more than
    /// [`MAX_RECORD_ACTIONS`] actions is refused.
    ///
    /// # Errors
    /// [`RecordError`] with the line and what is wrong.
    pub fn play_moves_text(&mut self, text: &str, notation: Notation) -> Result<(), RecordError> {
        check_size(text)?;
        let mut game = self.clone();
        parse_moves(&mut game, text, notation, 1)?;
        *self = game;
        Ok(())
    }
}

/// The numbered move list of `game`, wrapped at `width` when given.
pub(crate) fn write_moves(game: &Game, notation: Notation, width: Option<usize>) -> String {
    let first_seat = game.start().seats_in_play().next();
    let mut rounds = Rounds::new();
    let mut out = String::new();
    let mut line_len = 0;
    for (i, action) in game.actions().enumerate() {
        let before = game.position_at(i).expect("a position before every action");
        let slot = before.turn();
        let (round, opens) = rounds.next(slot, uses_turn(action, slot));
        let text = action_text(before, action, notation);
        let unit = match (opens, i == 0 && Some(slot) != first_seat) {
            (true, true) => format!("{round}... {text}"),
            (true, false) => format!("{round}. {text}"),
            (false, _) => text,
        };
        if line_len > 0 {
            if width.is_some_and(|w| line_len + 1 + unit.len() > w) {
                out.push('\n');
                line_len = 0;
            } else {
                out.push(' ');
                line_len += 1;
            }
        }
        line_len += unit.len();
        out.push_str(&unit);
    }
    out
}

/// Refuses text longer than [`MAX_RECORD_BYTES`], before reading any of it.
pub(crate) fn check_size(text: &str) -> Result<(), RecordError> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(RecordError::new(1, RecordErrorKind::TooLong(text.len())));
    }
    Ok(())
}

/// Plays the move list `text` (numbered or bare) on `game`, lines counted from
/// `first_line`. Stops at the first error, leaving the actions before it played; refuses
/// the action past [`MAX_RECORD_ACTIONS`].
pub(crate) fn parse_moves(
    game: &mut Game,
    text: &str,
    notation: Notation,
    first_line: usize,
) -> Result<(), RecordError> {
    let mut rounds = Rounds::new();
    for (i, action) in game.actions().enumerate() {
        let slot = game.position_at(i).expect("a position before every action").turn();
        rounds.next(slot, uses_turn(action, slot));
    }
    let first_parsed = game.len();
    let mut pending: Option<(u32, bool, usize)> = None;
    for (i, text_line) in text.split('\n').enumerate() {
        let line = first_line + i;
        for token in text_line.split_ascii_whitespace() {
            let err = |kind| RecordError::new(line, kind);
            if token.starts_with('[') {
                return Err(err(RecordErrorKind::TagAfterMoves));
            }
            let mut token = token;
            if token.starts_with(|c: char| c.is_ascii_digit()) {
                let digits = token.bytes().take_while(u8::is_ascii_digit).count();
                let rest = &token[digits..];
                let (dots, rest) = if let Some(r) = rest.strip_prefix("...") {
                    (true, r)
                } else if let Some(r) = rest.strip_prefix('.') {
                    (false, r)
                } else {
                    return Err(err(RecordErrorKind::BadRoundNumber(token.to_string())));
                };
                let n = crate::text::parse_u32(&token[..digits])
                    .ok_or_else(|| err(RecordErrorKind::BadRoundNumber(token.to_string())))?;
                if let Some((prev, _, _)) = pending {
                    return Err(err(RecordErrorKind::MissingMove(prev)));
                }
                pending = Some((n, dots, line));
                if rest.is_empty() {
                    continue;
                }
                token = rest;
            }
            if game.len() - first_parsed >= MAX_RECORD_ACTIONS {
                return Err(err(RecordErrorKind::TooManyActions));
            }
            let number = game.len() + 1;
            let action = game
                .parse_action(token, notation)
                .map_err(|error| err(RecordErrorKind::Move { number, error }))?;
            let slot = game.turn();
            let (round, opens) = rounds.next(slot, uses_turn(action, slot));
            if let Some((n, dots, _)) = pending.take() {
                // `N...` may resume a round in the middle when it opens the text.
                let resumes = dots && game.len() == first_parsed;
                if !opens && !resumes {
                    return Err(err(RecordErrorKind::MisplacedRoundNumber(n)));
                }
                if n != round {
                    return Err(err(RecordErrorKind::RoundNumber { expected: round, found: n }));
                }
            }
            game.act_unchecked(action);
        }
    }
    match pending {
        Some((n, _, at)) => Err(RecordError::new(at, RecordErrorKind::MissingMove(n))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_parse() {
        assert_eq!(
            parse_tag(r#"[Event "a \"b\" \\ c\nd"]"#).unwrap(),
            (String::from("Event"), String::from("a \"b\" \\ c\nd"))
        );
        for bad in [
            "[Event]",
            "[Event x]",
            "[Event \"x]",
            "[Event \"x\"",
            "[9 \"x\"]",
            "[Event \"a\"b\"]",
            "[Event \"\\q\"]",
            "[Event \"]",
        ] {
            assert!(parse_tag(bad).is_err(), "{bad}");
        }
    }
}
