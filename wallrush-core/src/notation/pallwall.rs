//! The Pallwall notation (RULES.md §8).
//!
//! - A pawn move is its destination: `e7`.
//! - A wall is its anchor cell and `h` or `v`. The anchor is the wall's first cell; a
//!   horizontal wall runs rightwards along the anchor's bottom edge, a vertical one
//!   downwards along its right edge. So `e6h` lies between ranks 5 and 6 under e6 and f6
//!   (standard `e5h`, WallRush `H-e6`), and `d4v` right of d4 and d3 (standard `d3v`).
//! - `pass` is written so; `resign` is a game action (see [`Game`](crate::Game)).
//!
//! The text looks like the standard notation but names other walls: read it only as
//! Pallwall.
//!
//! ```
//! use wallrush_core::notation::pallwall::PallwallMove;
//! use wallrush_core::Position;
//! let pos = Position::classic();
//! let m = "e6h".parse::<PallwallMove>()?.to_move(&pos)?;
//! assert_eq!(m, "e5h".parse()?);
//! assert_eq!(PallwallMove::from_move(&pos, m)?.to_string(), "e6h");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use crate::notation::{
    check_wall, first_cell, wall_from_first_cell, IllegalText, Notation, ParseError, Refusal,
};
use crate::{IllegalMove, Move, Orientation, Position, Square, Wall};

/// A move as the Pallwall notation writes it, read without a position.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum PallwallMove {
    /// A pawn move to this cell: `e7`.
    Pawn(Square),
    /// A wall by its first cell: `e6h`, `e6v`.
    Wall {
        /// `h` or `v`.
        orientation: Orientation,
        /// The wall's first cell (its top-left end).
        first: Square,
    },
    /// `pass`.
    Pass,
}

impl PallwallMove {
    /// The Pallwall name of `wall` for walls of `length`, or `None` when no cell is its
    /// first cell (a wall off every board).
    pub fn from_wall(wall: Wall, length: u8) -> Option<PallwallMove> {
        let first = first_cell(wall, length)?;
        Some(PallwallMove::Wall { orientation: wall.orientation(), first })
    }

    /// The wall this text names for walls of `length`; `None` for pawn moves, passes and
    /// walls that would start below rank 1 (`d1h`).
    pub fn to_wall(self, length: u8) -> Option<Wall> {
        match self {
            PallwallMove::Wall { orientation, first } => wall_from_first_cell(first, orientation, length),
            _ => None,
        }
    }

    /// The move this text names, read without a position: a pawn move by its
    /// destination, a wall on a board whose walls are `length` long; `None` for a wall no
    /// such board holds.
    pub fn named_move(self, length: u8) -> Option<Move> {
        match self {
            PallwallMove::Pawn(to) => Some(Move::Pawn(to)),
            PallwallMove::Pass => Some(Move::Pass),
            PallwallMove::Wall { .. } => self.to_wall(length).map(Move::Wall),
        }
    }

    /// Writes the legal move `m` of `pos`.
    ///
    /// # Errors
    /// [`IllegalMove`] when `m` is not legal in `pos`.
    pub fn from_move(pos: &Position, m: Move) -> Result<PallwallMove, IllegalMove> {
        pos.check(m)?;
        Ok(match m {
            Move::Pawn(to) => PallwallMove::Pawn(to),
            Move::Wall(w) => PallwallMove::from_wall(w, pos.variant().wall_length())
                .expect("a legal wall has a first cell"),
            Move::Pass => PallwallMove::Pass,
        })
    }

    /// The legal move of `pos` this text names.
    ///
    /// # Errors
    /// [`IllegalText`] with the rule the move breaks; a wall that would start below
    /// rank 1 (`d1h`) is off the board.
    pub fn to_move(self, pos: &Position) -> Result<Move, IllegalText> {
        let v = pos.variant();
        let text = self.text(v.size());
        let m = match self {
            PallwallMove::Wall { .. } => {
                return check_wall(Notation::Pallwall, pos, text, self.to_wall(v.wall_length()))
            }
            PallwallMove::Pawn(to) => Move::Pawn(to),
            PallwallMove::Pass => Move::Pass,
        };
        pos.check(m)
            .map_err(|e| IllegalText::new(Notation::Pallwall, pos, text, Refusal::Illegal(e.reason())))?;
        Ok(m)
    }

    /// The move written as a board of `size` writes it (`rRcC` cells past 26 wide).
    pub const fn text(self, size: u8) -> PallwallText {
        PallwallText { mv: self, size }
    }
}

/// A [`PallwallMove`] formatted for a given board size (see [`PallwallMove::text`]).
#[derive(Clone, Copy, Debug)]
pub struct PallwallText {
    mv: PallwallMove,
    size: u8,
}

impl fmt::Display for PallwallText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mv {
            PallwallMove::Pawn(to) => to.text(self.size).fmt(f),
            PallwallMove::Wall { orientation, first } => {
                write!(f, "{}{}", first.text(self.size), orientation.letter())
            }
            PallwallMove::Pass => f.write_str("pass"),
        }
    }
}

impl fmt::Display for PallwallMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text(0).fmt(f)
    }
}

impl FromStr for PallwallMove {
    type Err = ParseError;

    /// The same shapes as the standard notation (`e7`, `e6h`, `e6v`, `pass`), read as
    /// Pallwall.
    fn from_str(s: &str) -> Result<PallwallMove, ParseError> {
        Ok(match crate::notation::standard::parse_move(s)? {
            Move::Pawn(to) => PallwallMove::Pawn(to),
            Move::Wall(w) => PallwallMove::Wall { orientation: w.orientation(), first: w.anchor() },
            Move::Pass => PallwallMove::Pass,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn parses_and_writes() {
        for text in ["e7", "e6h", "e6v", "pass", "r30c27v"] {
            let m: PallwallMove = text.parse().unwrap();
            assert_eq!(m.to_string(), text);
        }
        let m: PallwallMove = "e6h".parse().unwrap();
        assert_eq!(m.to_wall(2), Some("e5h".parse().unwrap()));
        let m: PallwallMove = "d5v".parse().unwrap();
        assert_eq!(m.to_wall(3), Some("d3v".parse().unwrap()));
        for bad in ["", "e6x", "resign", "H-e6", "e6hv"] {
            assert!(bad.parse::<PallwallMove>().is_err(), "{bad}");
        }
    }
}
