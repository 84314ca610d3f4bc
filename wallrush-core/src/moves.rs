//! Moves.

use core::fmt;

use crate::{Square, Wall};

/// One ply: a pawn move, a wall, or the forced pass.
///
/// A pawn move is named by its destination; whether it is a step or a jump follows from
/// the position. Resignation is not a move (it is an action of a game, see
/// [`Position::resign`](crate::Position::resign)).
///
/// The `Display` and `FromStr` forms are the standard notation: `e2`, `d4h`, `d4v`,
/// `pass`.
///
/// ```
/// use wallrush_core::{Move, Square};
/// let m: Move = "e2".parse()?;
/// assert_eq!(m, Move::Pawn(Square::new(4, 1)));
/// assert_eq!("pass".parse::<Move>()?, Move::Pass);
/// # Ok::<(), wallrush_core::text::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Move {
    /// Move the pawn (step or jump) to this square.
    Pawn(Square),
    /// Place this wall.
    Wall(Wall),
    /// The forced pass of a seat that has no legal move.
    Pass,
}

impl Move {
    /// The move in standard notation as a board of `size` writes it (`rRcC` squares past
    /// 26 wide).
    pub const fn text(self, size: u8) -> MoveText {
        MoveText { mv: self, size }
    }
}

/// A move formatted for a given board size (see [`Move::text`]).
#[derive(Clone, Copy, Debug)]
pub struct MoveText {
    mv: Move,
    size: u8,
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mv {
            Move::Pawn(sq) => sq.text(self.size).fmt(f),
            Move::Wall(w) => w.text(self.size).fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text(0).fmt(f)
    }
}

impl From<Wall> for Move {
    fn from(w: Wall) -> Move {
        Move::Wall(w)
    }
}
