//! The WallRush notation (RULES.md §8).
//!
//! - A step is its destination: `e4`.
//! - A straight jump is `J` and the destination: `Je6`; a diagonal jump is `X` and the
//!   destination: `Xd5`.
//! - A move that wins carries `#`: `g9#`.
//! - A wall is `H-` or `V-` and the cell at its top-left end: `H-d4` lies along the
//!   bottom edges of d4 and e4 (standard `d3h`), `V-d4` along the right edges of d4 and
//!   d3 (standard `d3v`). Longer walls run rightwards (`H`) or downwards (`V`).
//! - `pass` is written so.
//!
//! The letters are checked against the position: a `J` that is not a straight jump, a
//! bare square that is a jump, or a `#` on a move that does not win is refused. A winning
//! move written without `#` is accepted (the mark adds nothing the position does not
//! know); [`WallRushMove::from_move`] always writes it.
//!
//! ```
//! use wallrush_core::notation::wallrush::WallRushMove;
//! use wallrush_core::{Orientation, Position, Square};
//! let wall: WallRushMove = "H-d4".parse()?;
//! assert_eq!(wall, WallRushMove::Wall { orientation: Orientation::Horizontal, end: Square::new(3, 3) });
//! let pos = Position::classic();
//! assert_eq!(wall.to_move(&pos)?, "d3h".parse()?);
//! assert_eq!(WallRushMove::from_move(&pos, "d3v".parse()?)?.to_string(), "V-d4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use crate::notation::{
    check_wall, first_cell, wall_from_first_cell, IllegalText, Notation, ParseError, Refusal,
};
use crate::square::parse_square_prefix;
use crate::{IllegalMove, Move, Orientation, PawnMoveKind, Position, Square, Wall};

/// A move as the WallRush notation writes it, read without a position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WallRushMove {
    /// A pawn move: `e4` (step), `Je6` (straight jump) or `Xd5` (diagonal jump), with
    /// `#` when it wins.
    Pawn {
        /// The kind the letter names (no letter: a step).
        kind: PawnMoveKind,
        /// The destination.
        to: Square,
        /// Whether the text carries `#`.
        wins: bool,
    },
    /// A wall, `H-d4` or `V-d4`, named by the cell at its top-left end.
    Wall {
        /// `H` or `V`.
        orientation: Orientation,
        /// The cell at the wall's top-left end.
        end: Square,
    },
    /// `pass`.
    Pass,
}

impl WallRushMove {
    /// The WallRush name of `wall` for walls of `length`, or `None` when no cell is at
    /// its top-left end (a wall off every board).
    pub fn from_wall(wall: Wall, length: u8) -> Option<WallRushMove> {
        let end = first_cell(wall, length)?;
        Some(WallRushMove::Wall { orientation: wall.orientation(), end })
    }

    /// The wall this text names for walls of `length`; `None` for pawn moves, passes and
    /// walls that would start below rank 1 (`H-d1`).
    pub fn to_wall(self, length: u8) -> Option<Wall> {
        match self {
            WallRushMove::Wall { orientation, end } => wall_from_first_cell(end, orientation, length),
            _ => None,
        }
    }

    /// The move this text names, read without a position (the jump letter and `#` are
    /// not checked): a pawn move by its destination, a wall on a board whose walls are
    /// `length` long; `None` for a wall no such board holds.
    pub fn named_move(self, length: u8) -> Option<Move> {
        match self {
            WallRushMove::Pawn { to, .. } => Some(Move::Pawn(to)),
            WallRushMove::Pass => Some(Move::Pass),
            WallRushMove::Wall { .. } => self.to_wall(length).map(Move::Wall),
        }
    }

    /// Writes the legal move `m` of `pos`: the jump letter and the `#` come from the
    /// position.
    ///
    /// # Errors
    /// [`IllegalMove`] when `m` is not legal in `pos`.
    pub fn from_move(pos: &Position, m: Move) -> Result<WallRushMove, IllegalMove> {
        pos.check(m)?;
        Ok(match m {
            Move::Pawn(to) => WallRushMove::Pawn {
                kind: pos.pawn_move_kind(to).unwrap_or(PawnMoveKind::Step),
                to,
                wins: pos.is_goal(pos.turn(), to),
            },
            Move::Wall(w) => WallRushMove::from_wall(w, pos.variant().wall_length())
                .expect("a legal wall has a top-left end"),
            Move::Pass => WallRushMove::Pass,
        })
    }

    /// The legal move of `pos` this text names.
    ///
    /// ```
    /// use wallrush_core::notation::wallrush::WallRushMove;
    /// use wallrush_core::notation::Refusal;
    /// use wallrush_core::{Illegal, Position};
    /// let pos = Position::classic();
    /// let err = "H-d1".parse::<WallRushMove>()?.to_move(&pos).unwrap_err();
    /// assert_eq!(err.reason(), Refusal::Illegal(Illegal::OffBoard));
    /// assert_eq!(err.to_string(), "H-d1 is off the board");
    /// let err = "e2#".parse::<WallRushMove>()?.to_move(&pos).unwrap_err();
    /// assert_eq!(err.reason(), Refusal::NotAWin);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`IllegalText`]: the rule the move breaks, a jump letter that does not match the
    /// move ([`Refusal::WrongKind`]), or `#` on a move that does not win
    /// ([`Refusal::NotAWin`]).
    pub fn to_move(self, pos: &Position) -> Result<Move, IllegalText> {
        let v = pos.variant();
        let text = self.text(v.size());
        let refuse = |reason| IllegalText::new(Notation::WallRush, pos, text, reason);
        match self {
            WallRushMove::Pass => {
                pos.check(Move::Pass).map_err(|e| refuse(Refusal::Illegal(e.reason())))?;
                Ok(Move::Pass)
            }
            WallRushMove::Wall { .. } => {
                check_wall(Notation::WallRush, pos, text, self.to_wall(v.wall_length()))
            }
            WallRushMove::Pawn { kind, to, wins } => {
                let m = Move::Pawn(to);
                pos.check(m).map_err(|e| refuse(Refusal::Illegal(e.reason())))?;
                let actual = pos.pawn_move_kind(to).unwrap_or(PawnMoveKind::Step);
                if actual != kind {
                    return Err(refuse(Refusal::WrongKind { written: kind, actual }));
                }
                if wins && !pos.is_goal(pos.turn(), to) {
                    return Err(refuse(Refusal::NotAWin));
                }
                Ok(m)
            }
        }
    }

    /// The move written as a board of `size` writes it (`rRcC` cells past 26 wide).
    pub const fn text(self, size: u8) -> WallRushText {
        WallRushText { mv: self, size }
    }
}

/// A [`WallRushMove`] formatted for a given board size (see [`WallRushMove::text`]).
#[derive(Clone, Copy, Debug)]
pub struct WallRushText {
    mv: WallRushMove,
    size: u8,
}

impl fmt::Display for WallRushText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mv {
            WallRushMove::Pawn { kind, to, wins } => {
                let letter = match kind {
                    PawnMoveKind::Step => "",
                    PawnMoveKind::Jump => "J",
                    PawnMoveKind::Diagonal => "X",
                };
                write!(f, "{letter}{}{}", to.text(self.size), if wins { "#" } else { "" })
            }
            WallRushMove::Wall { orientation, end } => {
                let letter = match orientation {
                    Orientation::Horizontal => 'H',
                    Orientation::Vertical => 'V',
                };
                write!(f, "{letter}-{}", end.text(self.size))
            }
            WallRushMove::Pass => f.write_str("pass"),
        }
    }
}

impl fmt::Display for WallRushMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text(0).fmt(f)
    }
}

impl FromStr for WallRushMove {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<WallRushMove, ParseError> {
        crate::text::check_move_len(s)?;
        if s == "pass" {
            return Ok(WallRushMove::Pass);
        }
        let b = s.as_bytes();
        let orientation = match b.first() {
            Some(b'H') => Some(Orientation::Horizontal),
            Some(b'V') => Some(Orientation::Vertical),
            _ => None,
        };
        if let Some(orientation) = orientation {
            if b.get(1) != Some(&b'-') {
                return Err(ParseError::new(1, "'-' after the wall letter"));
            }
            let (end, i) = parse_square_prefix(b, 2)?;
            if i != b.len() {
                return Err(ParseError::new(i, "the end of the move"));
            }
            return Ok(WallRushMove::Wall { orientation, end });
        }
        let (kind, at) = match b.first() {
            Some(b'J') => (PawnMoveKind::Jump, 1),
            Some(b'X') => (PawnMoveKind::Diagonal, 1),
            _ => (PawnMoveKind::Step, 0),
        };
        let (to, i) = parse_square_prefix(b, at)?;
        let wins = match &b[i..] {
            [] => false,
            [b'#'] => true,
            _ => return Err(ParseError::new(i, "'#' or the end of the move")),
        };
        Ok(WallRushMove::Pawn { kind, to, wins })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn parses_and_writes() {
        for text in ["e4", "Je6", "Xd5", "g9#", "H-d4", "V-d4", "pass", "Jr3c27#", "V-r31c30"] {
            let m: WallRushMove = text.parse().unwrap();
            assert_eq!(m.to_string(), text);
        }
        let m: WallRushMove = "Xd5#".parse().unwrap();
        assert_eq!(m, WallRushMove::Pawn { kind: PawnMoveKind::Diagonal, to: Square::new(3, 4), wins: true });
        assert_eq!(m.text(27).to_string(), "Xr5c4#");
    }

    #[test]
    fn refuses_garbage() {
        for bad in ["", "H", "H-", "Hd4", "H-d4#", "V-d4v", "J", "Je", "e4##", "J4", "X-d5", "pas"] {
            assert!(bad.parse::<WallRushMove>().is_err(), "{bad}");
        }
        assert_eq!("H+d4".parse::<WallRushMove>().unwrap_err().index(), 1);
        assert_eq!("e4!".parse::<WallRushMove>().unwrap_err().index(), 2);
    }

    #[test]
    fn walls_at_the_top_left_end() {
        let h: WallRushMove = "H-d4".parse().unwrap();
        assert_eq!(h.to_wall(2), Some("d3h".parse().unwrap()));
        let v: WallRushMove = "V-d5".parse().unwrap();
        assert_eq!(v.to_wall(3), Some("d3v".parse().unwrap()));
        assert_eq!(v.to_wall(6), None);
    }
}
