//! Move notations (RULES.md §8): one public module per notation.
//!
//! | notation | pawn move | wall | named by |
//! |---|---|---|---|
//! | [`standard`] (default) | `e2` | `d3h`, `d3v` | lower-left cell of the block the wall borders |
//! | [`wallrush`] | `e2`, `Je6`, `Xd5`, `g9#` | `H-d4`, `V-d4` | the cell at the wall's top-left end |
//! | [`pallwall`] | `e2` | `d4h`, `d4v` | the wall's first cell (top-left end) |
//!
//! Text is always read in a notation the caller names: the same text can mean different
//! walls in different notations (standard `d4h` lies above d4, Pallwall `d4h` below it).
//! `pass` is written so in all three; `resign` is an action of a
//! [`Game`](crate::Game), not a move, and is read and written by the game and record
//! layers.
//!
//! Each notation has a syntactic type that parses without a position (`FromStr`, with a
//! [`ParseError`] holding the byte index and what was expected) and prints with
//! `Display`; a contextual step then turns it into a legal [`Move`] or refuses it with an
//! [`IllegalText`] that says why, in the words of that notation. The standard notation's
//! syntactic type is [`Move`] itself. [`Notation`] dispatches over the three:
//!
//! ```
//! use wallrush_core::notation::Notation;
//! use wallrush_core::Position;
//! let pos = Position::classic();
//! let m = Notation::WallRush.parse_move(&pos, "H-d4")?;
//! assert_eq!(m, "d3h".parse()?);
//! assert_eq!(Notation::Pallwall.write_move(&pos, m)?, "d4h");
//! assert_eq!(Notation::Standard.write_move(&pos, m)?, "d3h");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Conversions for wall length `L`: standard `{f}{r}h` = WallRush `H-{f}{r+1}` = Pallwall
//! `{f}{r+1}h`; standard `{f}{r}v` = WallRush `V-{f}{r+L−1}` = Pallwall `{f}{r+L−1}v`.

use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;

use crate::{Illegal, IllegalMove, Move, Orientation, PawnMoveKind, Position, Seat, Square, Wall};

mod hint;
pub mod pallwall;
pub mod standard;
pub mod wallrush;

pub use crate::text::{ParseError, MAX_MOVE_LEN};
pub use hint::MoveTextHint;

/// One of the three notations of RULES.md §8.
///
/// Its `Display` and `FromStr` forms are the names `standard`, `wallrush` and
/// `pallwall`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub enum Notation {
    /// `e2`, `d4h`, `d4v`: walls by the lower-left cell of the block they border.
    #[default]
    Standard,
    /// `e2`, `Je6`, `Xd5`, `H-d4`, `V-d4`, `g9#`: walls by their top-left end.
    WallRush,
    /// `e2`, `e6h`, `e6v`: walls by their first cell, running right or down.
    Pallwall,
}

impl Notation {
    /// The three notations.
    pub const ALL: [Notation; 3] = [Notation::Standard, Notation::WallRush, Notation::Pallwall];

    /// `standard`, `wallrush` or `pallwall`.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Standard => "standard",
            Notation::WallRush => "wallrush",
            Notation::Pallwall => "pallwall",
        }
    }

    /// Parses move text in this notation, without a position.
    ///
    /// # Errors
    /// [`ParseError`] when the text is not a well-formed move of this notation.
    pub fn parse(self, text: &str) -> Result<NotatedMove, ParseError> {
        Ok(match self {
            Notation::Standard => NotatedMove::Standard(text.parse()?),
            Notation::WallRush => NotatedMove::WallRush(text.parse()?),
            Notation::Pallwall => NotatedMove::Pallwall(text.parse()?),
        })
    }

    /// Reads move text in this notation as a legal move of `pos`: [`parse`](Self::parse),
    /// then [`NotatedMove::to_move`]. The position comes first, as in
    /// [`write_move`](Self::write_move) and [`convert_move`](Self::convert_move).
    ///
    /// ```
    /// use wallrush_core::notation::{MoveTextError, Notation};
    /// use wallrush_core::Position;
    /// let pos = Position::classic();
    /// assert_eq!(Notation::Pallwall.parse_move(&pos, "e2")?, "e2".parse()?);
    /// let err = Notation::WallRush.parse_move(&pos, "Je2").unwrap_err();
    /// assert_eq!(err.to_string(), "Je2 names a straight jump but the move is a step");
    /// assert!(matches!(Notation::WallRush.parse_move(&pos, "J"), Err(MoveTextError::Invalid(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`MoveTextError::Invalid`] for text that is not a move of this notation,
    /// [`MoveTextError::Illegal`] for a move that is refused here.
    pub fn parse_move(self, pos: &Position, text: &str) -> Result<Move, MoveTextError> {
        Ok(self.parse(text)?.to_move(pos)?)
    }

    /// Writes the legal move `m` of `pos` in this notation (`rRcC` cells on boards over
    /// 26 wide).
    ///
    /// # Errors
    /// [`IllegalMove`] when `m` is not legal in `pos` (WallRush needs the position to
    /// tell a step from a jump and to mark a win; all three refuse illegal moves alike).
    pub fn write_move(self, pos: &Position, m: Move) -> Result<String, IllegalMove> {
        Ok(self.notate(pos, m)?.text(pos.variant().size()).to_string())
    }

    /// The legal move `m` of `pos` as this notation's syntactic type.
    ///
    /// # Errors
    /// [`IllegalMove`] when `m` is not legal in `pos`.
    pub fn notate(self, pos: &Position, m: Move) -> Result<NotatedMove, IllegalMove> {
        Ok(match self {
            Notation::Standard => {
                pos.check(m)?;
                NotatedMove::Standard(m)
            }
            Notation::WallRush => NotatedMove::WallRush(wallrush::WallRushMove::from_move(pos, m)?),
            Notation::Pallwall => NotatedMove::Pallwall(pallwall::PallwallMove::from_move(pos, m)?),
        })
    }

    /// Rewrites move text from this notation into `to`, as a legal move of `pos`.
    ///
    /// ```
    /// use wallrush_core::notation::Notation;
    /// use wallrush_core::{Goal, Position, Variant};
    /// let pos = Position::new(Variant::new(9, 2, 10, 3, Goal::Edge)?);
    /// assert_eq!(Notation::Standard.convert_move(&pos, "d3v", Notation::WallRush)?, "V-d5");
    /// assert_eq!(Notation::WallRush.convert_move(&pos, "V-d5", Notation::Pallwall)?, "d5v");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`parse_move`](Self::parse_move).
    pub fn convert_move(self, pos: &Position, text: &str, to: Notation) -> Result<String, MoveTextError> {
        let m = self.parse_move(pos, text)?;
        let written = to.notate(pos, m).map_err(|e| IllegalText::from_illegal(to, pos, e))?;
        Ok(written.text(pos.variant().size()).to_string())
    }

    /// How this notation writes `wall` on a board of `size` with walls of `length`, or
    /// `None` when the notation cannot name it (a wall off every board). Needs no
    /// position: only pawn moves depend on one.
    pub fn wall_text(self, wall: Wall, size: u8, length: u8) -> Option<String> {
        Some(match self {
            Notation::Standard => wall.text(size).to_string(),
            Notation::WallRush => wallrush::WallRushMove::from_wall(wall, length)?.text(size).to_string(),
            Notation::Pallwall => pallwall::PallwallMove::from_wall(wall, length)?.text(size).to_string(),
        })
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A notation name that is not `standard`, `wallrush` or `pallwall`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("expected a notation: standard, wallrush or pallwall")]
pub struct ParseNotationError;

impl FromStr for Notation {
    type Err = ParseNotationError;
    fn from_str(s: &str) -> Result<Notation, ParseNotationError> {
        Notation::ALL.into_iter().find(|n| n.name() == s).ok_or(ParseNotationError)
    }
}

/// A move as one of the notations writes it: the syntactic types of the three
/// notations in one enum.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum NotatedMove {
    /// Standard notation, whose syntactic type is [`Move`] itself.
    Standard(Move),
    /// WallRush notation.
    WallRush(wallrush::WallRushMove),
    /// Pallwall notation.
    Pallwall(pallwall::PallwallMove),
}

impl NotatedMove {
    /// The notation it is written in.
    pub const fn notation(self) -> Notation {
        match self {
            NotatedMove::Standard(_) => Notation::Standard,
            NotatedMove::WallRush(_) => Notation::WallRush,
            NotatedMove::Pallwall(_) => Notation::Pallwall,
        }
    }

    /// The legal move of `pos` this text names.
    ///
    /// # Errors
    /// [`IllegalText`] when the move is refused in `pos`, with the reason.
    pub fn to_move(self, pos: &Position) -> Result<Move, IllegalText> {
        match self {
            NotatedMove::Standard(m) => {
                pos.check(m).map_err(|e| IllegalText::from_illegal(Notation::Standard, pos, e))?;
                Ok(m)
            }
            NotatedMove::WallRush(m) => m.to_move(pos),
            NotatedMove::Pallwall(m) => m.to_move(pos),
        }
    }

    /// The move this text names, read without a position (a WallRush jump letter and
    /// `#` are not checked): a pawn move by its destination, a wall on a board whose
    /// walls are `wall_length` long; `None` for a wall no such board holds.
    pub fn named_move(self, wall_length: u8) -> Option<Move> {
        match self {
            NotatedMove::Standard(m) => Some(m),
            NotatedMove::WallRush(m) => m.named_move(wall_length),
            NotatedMove::Pallwall(m) => m.named_move(wall_length),
        }
    }

    /// Written as a board of `size` writes it (`rRcC` cells past 26 wide).
    pub const fn text(self, size: u8) -> NotatedText {
        NotatedText { mv: self, size }
    }
}

impl fmt::Display for NotatedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text(0).fmt(f)
    }
}

/// A [`NotatedMove`] formatted for a given board size (see [`NotatedMove::text`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct NotatedText {
    mv: NotatedMove,
    size: u8,
}

impl NotatedText {
    /// The move.
    pub const fn notated(self) -> NotatedMove {
        self.mv
    }
}

impl fmt::Display for NotatedText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mv {
            NotatedMove::Standard(m) => m.text(self.size).fmt(f),
            NotatedMove::WallRush(m) => m.text(self.size).fmt(f),
            NotatedMove::Pallwall(m) => m.text(self.size).fmt(f),
        }
    }
}

/// Why well-formed move text names no legal move in a position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Refusal {
    /// The move the text names breaks this rule. A wall the notation can name but no
    /// board holds (`H-d1`) is [`Illegal::OffBoard`].
    Illegal(Illegal),
    /// WallRush: the text names a pawn move of one kind (a bare square is a step, `J` a
    /// straight jump, `X` a diagonal jump) but the move is of another.
    WrongKind {
        /// The kind the text names.
        written: PawnMoveKind,
        /// The kind of the move to that square.
        actual: PawnMoveKind,
    },
    /// WallRush: `#` on a move that does not win.
    NotAWin,
    /// A resignation of a seat that is not in play.
    NotInPlay(Seat),
}

/// Move text that is well formed but refused in the position, with the reason, written
/// in the notation it was read in (`H-d4 crosses wall V-d4`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct IllegalText {
    notation: Notation,
    text: String,
    reason: Refusal,
    size: u8,
    length: u8,
}

impl IllegalText {
    pub(crate) fn new(
        notation: Notation,
        pos: &Position,
        text: impl fmt::Display,
        reason: Refusal,
    ) -> IllegalText {
        let v = pos.variant();
        IllegalText { notation, text: text.to_string(), reason, size: v.size(), length: v.wall_length() }
    }

    /// A refused [`Move`], its text written in `notation` when the notation can name it.
    pub(crate) fn from_illegal(notation: Notation, pos: &Position, e: IllegalMove) -> IllegalText {
        let v = pos.variant();
        let text = match e.mv() {
            Move::Wall(w) => notation.wall_text(w, v.size(), v.wall_length()),
            Move::Pawn(sq) => Some(sq.text(v.size()).to_string()),
            Move::Pass => Some("pass".to_string()),
        };
        let text = text.unwrap_or_else(|| e.mv().text(v.size()).to_string());
        IllegalText::new(notation, pos, text, Refusal::Illegal(e.reason()))
    }

    /// The notation the move was written in.
    pub const fn notation(&self) -> Notation {
        self.notation
    }

    /// The move text as the notation writes it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Why it is refused.
    pub const fn reason(&self) -> Refusal {
        self.reason
    }

    /// The wall length of the variant it was refused in: what turns the text back into
    /// a [`Move`] (see [`refused_move`](Self::refused_move)).
    pub const fn wall_length(&self) -> u8 {
        self.length
    }

    /// The refused move the text names: `None` for a resignation, and for a wall that
    /// no board with this variant's wall length holds (`H-a1` with walls of 2 would
    /// stick out below rank 1).
    ///
    /// ```
    /// use wallrush_core::notation::Notation;
    /// use wallrush_core::{Move, Position};
    /// let mut pos = Position::classic();
    /// pos.play("d4v".parse()?)?;
    /// let refused = Notation::WallRush.parse("H-d5")?.to_move(&pos).unwrap_err(); // crosses V-d5
    /// assert_eq!(refused.refused_move(), Some("d4h".parse::<Move>()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn refused_move(&self) -> Option<Move> {
        if let Refusal::NotInPlay(_) = self.reason {
            return None;
        }
        self.notation.parse(&self.text).ok()?.named_move(self.length)
    }

    fn wall(&self, w: Wall) -> String {
        self.notation.wall_text(w, self.size, self.length).unwrap_or_else(|| w.text(self.size).to_string())
    }
}

const fn kind_name(kind: PawnMoveKind) -> &'static str {
    match kind {
        PawnMoveKind::Step => "a step",
        PawnMoveKind::Jump => "a straight jump",
        PawnMoveKind::Diagonal => "a diagonal jump",
    }
}

impl fmt::Display for IllegalText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mv = &self.text;
        match self.reason {
            Refusal::Illegal(reason) => reason.write_message(f, mv, |w| self.wall(w)),
            Refusal::WrongKind { written, actual } => {
                write!(f, "{mv} names {} but the move is {}", kind_name(written), kind_name(actual))
            }
            Refusal::NotAWin => write!(f, "{mv} is marked as winning but does not win"),
            Refusal::NotInPlay(seat) => write!(f, "{mv}: {seat} is not in play"),
        }
    }
}

impl core::error::Error for IllegalText {}

/// Move text read against a position: either not a move of the notation at all
/// (*invalid*), or a move the position refuses (*illegal*).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MoveTextError {
    /// The text is not a well-formed move of the notation.
    #[error(transparent)]
    Invalid(#[from] ParseError),
    /// The move is refused in the position.
    #[error(transparent)]
    Illegal(#[from] IllegalText),
}

/// The cell at the top-left end of `wall` (the anchor WallRush and Pallwall use), or
/// `None` when no square can hold it.
pub(crate) fn first_cell(wall: Wall, length: u8) -> Option<Square> {
    let a = wall.anchor();
    let rank = match wall.orientation() {
        Orientation::Horizontal => u32::from(a.rank()) + 1,
        Orientation::Vertical => (u32::from(a.rank()) + u32::from(length)).checked_sub(1)?,
    };
    Square::try_new(a.file(), u8::try_from(rank).ok()?)
}

/// The wall whose top-left end is `cell`, or `None` when it would start below rank 1.
pub(crate) fn wall_from_first_cell(cell: Square, orientation: Orientation, length: u8) -> Option<Wall> {
    let below = match orientation {
        Orientation::Horizontal => 1,
        Orientation::Vertical => length.checked_sub(1)?,
    };
    let rank = cell.rank().checked_sub(below)?;
    Some(Wall::new(Square::new(cell.file(), rank), orientation))
}

/// Checks a wall the notation names, or refuses it in the order of RULES.md §5 when the
/// notation names a wall no board holds (`wall` is `None`).
pub(crate) fn check_wall(
    notation: Notation,
    pos: &Position,
    text: impl fmt::Display,
    wall: Option<Wall>,
) -> Result<Move, IllegalText> {
    // A wall no square can anchor is off every board: checking a wall that is surely
    // off the board reports game over and no walls left first, as RULES.md §5 orders.
    const OFF_EVERY_BOARD: Wall = Wall::horizontal(Square::new(30, 30));
    let m = Move::Wall(wall.unwrap_or(OFF_EVERY_BOARD));
    match pos.check(m) {
        Ok(()) => Ok(m),
        Err(e) => Err(IllegalText::new(notation, pos, text, Refusal::Illegal(e.reason()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_cells() {
        let d3h: Wall = "d3h".parse().unwrap();
        let d3v: Wall = "d3v".parse().unwrap();
        assert_eq!(first_cell(d3h, 2), Some("d4".parse().unwrap()));
        assert_eq!(first_cell(d3v, 2), Some("d4".parse().unwrap()));
        assert_eq!(first_cell(d3v, 3), Some("d5".parse().unwrap()));
        for len in 2..=30 {
            for w in [d3h, d3v] {
                let cell = first_cell(w, len).unwrap_or(Square::new(0, 0));
                if first_cell(w, len).is_some() {
                    assert_eq!(wall_from_first_cell(cell, w.orientation(), len), Some(w));
                }
            }
        }
        assert_eq!(wall_from_first_cell("d1".parse().unwrap(), Orientation::Horizontal, 2), None);
        assert_eq!(wall_from_first_cell("d2".parse().unwrap(), Orientation::Vertical, 3), None);
        assert_eq!(first_cell(Wall::horizontal(Square::new(0, 30)), 2), None);
    }

    #[test]
    fn named_moves_need_no_position() {
        let d4h: Move = "d4h".parse().unwrap();
        for (n, text, length, named) in [
            (Notation::Standard, "d4h", 2, Some(d4h)),
            (Notation::WallRush, "H-d5", 2, Some(d4h)),
            (Notation::Pallwall, "d5h", 2, Some(d4h)),
            (Notation::WallRush, "Je4", 2, Some(Move::Pawn("e4".parse().unwrap()))),
            (Notation::WallRush, "e9#", 2, Some(Move::Pawn("e9".parse().unwrap()))),
            (Notation::Pallwall, "pass", 2, Some(Move::Pass)),
            (Notation::WallRush, "V-d5", 3, Some("d3v".parse().unwrap())),
            // No board holds a wall whose top-left end is on rank 1.
            (Notation::WallRush, "H-d1", 2, None),
            (Notation::Pallwall, "d2v", 3, None),
        ] {
            assert_eq!(n.parse(text).unwrap().named_move(length), named, "{n} {text}");
        }
    }

    #[test]
    fn refused_text_names_its_move() {
        let mut pos = Position::classic();
        pos.play("d4v".parse().unwrap()).unwrap();
        let refused = |n: Notation, text: &str| n.parse(text).unwrap().to_move(&pos).unwrap_err();
        for (n, text) in
            [(Notation::Standard, "d4h"), (Notation::WallRush, "H-d5"), (Notation::Pallwall, "d5h")]
        {
            assert_eq!(refused(n, text).refused_move(), Some("d4h".parse().unwrap()), "{n} {text}");
        }
        // No board with walls of 2 holds a wall whose top-left end is on rank 1.
        assert_eq!(refused(Notation::WallRush, "H-a1").refused_move(), None);
    }

    #[test]
    fn names() {
        for n in Notation::ALL {
            assert_eq!(n.name().parse::<Notation>(), Ok(n));
        }
        assert!("Standard".parse::<Notation>().is_err());
    }
}
