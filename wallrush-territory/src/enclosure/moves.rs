//! Moves of the card game and their notation.

use core::fmt;
use core::str::FromStr;

use super::board::{parse_square, Groove};
use crate::grid::Side;
use wallrush_core::text::ParseError;
use wallrush_core::Square;

/// A piece's one-square step, written `b2-b3`.
///
/// ```
/// use wallrush_territory::enclosure::Step;
/// use wallrush_core::Square;
/// let s: Step = "b2-b3".parse()?;
/// assert_eq!(s, Step::new(Square::new(1, 1), Square::new(1, 2)));
/// assert_eq!(s.to_string(), "b2-b3");
/// # Ok::<(), wallrush_core::text::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Step {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl Step {
    /// The step from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Step {
        Step { from, to }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl FromStr for Step {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Step, ParseError> {
        let step = parse_step(s.as_bytes(), 0)?;
        if s.len() != 5 {
            return Err(ParseError::new(5, "the end of the step"));
        }
        Ok(step)
    }
}

fn parse_step(b: &[u8], at: usize) -> Result<Step, ParseError> {
    let from = parse_square(b, at)?;
    if b.get(at + 2) != Some(&b'-') {
        return Err(ParseError::new(at + 2, "'-' and the square the piece moves to"));
    }
    let to = parse_square(b, at + 3)?;
    Ok(Step { from, to })
}

/// One move of the card game: the target square named by a letter and a number card,
/// then either a discarded wall, or a wall built on one side of the target followed by
/// a piece step (or none, when no piece of the mover could step).
///
/// The text forms are those of TERRITORY.md: `C4n b2-b3` (target, wall side, step),
/// `C4n -` (wall built, no piece could move), `C4x` (no legal wall at C4: discarded).
/// The target is written with an upper-case letter, like the card; the step's squares in
/// lower case, like the board. Parsing accepts either case everywhere and one or more
/// spaces between the wall and the step; it checks only the syntax and that every square
/// lies on the 6×6 board. Whether the move is legal is a question for a position:
/// [`Position::check`](super::Position::check).
///
/// ```
/// use wallrush_territory::enclosure::{Move, Side, Step};
/// use wallrush_core::Square;
/// let m: Move = "C4n b2-b3".parse()?;
/// assert_eq!(m, Move::Build {
///     target: Square::new(2, 3),
///     side: Side::North,
///     step: Some(Step::new(Square::new(1, 1), Square::new(1, 2))),
/// });
/// assert_eq!(m.groove().unwrap().to_string(), "c4n");
/// assert_eq!("c4x".parse::<Move>()?.to_string(), "C4x");
/// # Ok::<(), wallrush_core::text::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Move {
    /// No legal wall exists on an edge of `target`: the wall is discarded (and counted).
    Discard {
        /// The square the two cards name.
        target: Square,
    },
    /// A wall on `side` of `target`, then `step` (`None` only when no piece of the mover
    /// can step).
    Build {
        /// The square the two cards name.
        target: Square,
        /// The side of the target the wall is built on.
        side: Side,
        /// The piece step that follows the wall.
        step: Option<Step>,
    },
}

impl Move {
    /// The square the move's cards name.
    pub const fn target(self) -> Square {
        match self {
            Move::Discard { target } | Move::Build { target, .. } => target,
        }
    }

    /// The groove the move builds on, if it builds (and its target is on the board).
    pub const fn groove(self) -> Option<Groove> {
        match self {
            Move::Discard { .. } => None,
            Move::Build { target, side, .. } => Groove::of(target, side),
        }
    }

    /// The piece step, if any.
    pub const fn step(self) -> Option<Step> {
        match self {
            Move::Build { step, .. } => step,
            Move::Discard { .. } => None,
        }
    }

    /// Whether the move discards its wall.
    pub const fn is_discard(self) -> bool {
        matches!(self, Move::Discard { .. })
    }
}

/// Writes a target as the cards name it: `C4`.
pub(crate) struct TargetText(pub Square);

impl fmt::Display for TargetText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sq = self.0;
        if sq.file() < 26 {
            write!(f, "{}{}", (b'A' + sq.file()) as char, sq.rank() + 1)
        } else {
            sq.fmt(f)
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Discard { target } => write!(f, "{}x", TargetText(target)),
            Move::Build { target, side, step: None } => write!(f, "{}{side} -", TargetText(target)),
            Move::Build { target, side, step: Some(s) } => {
                write!(f, "{}{side} {s}", TargetText(target))
            }
        }
    }
}

/// The longest move text accepted; longer input is refused before parsing.
pub const MAX_MOVE_LEN: usize = 32;

impl FromStr for Move {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Move, ParseError> {
        let b = s.as_bytes();
        if b.len() > MAX_MOVE_LEN {
            return Err(ParseError::new(MAX_MOVE_LEN, "a move of at most 32 bytes"));
        }
        let target = parse_square(b, 0)?;
        let side = match b.get(2) {
            Some(b'x' | b'X') => {
                if b.len() > 3 {
                    return Err(ParseError::new(3, "the end of the move after a discard"));
                }
                return Ok(Move::Discard { target });
            }
            Some(&c) => Side::from_letter(c.to_ascii_lowercase() as char),
            None => None,
        }
        .ok_or(ParseError::new(2, "a wall side (n, e, s, w) or x for a discard"))?;
        let mut i = 3;
        while b.get(i) == Some(&b' ') {
            i += 1;
        }
        if i == 3 {
            return Err(ParseError::new(3, "a space, then a step (b2-b3) or '-'"));
        }
        let step = if b.get(i) == Some(&b'-') {
            i += 1;
            None
        } else {
            let step = parse_step(b, i)?;
            i += 5;
            Some(step)
        };
        if i != b.len() {
            return Err(ParseError::new(i, "the end of the move"));
        }
        Ok(Move::Build { target, side, step })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn round_trips() {
        for text in ["C4n b2-b3", "C4x", "C4n -", "A1s a1-a2", "F6e f6-e6"] {
            let m: Move = text.parse().unwrap();
            assert_eq!(m.to_string(), text);
        }
        assert_eq!("c4N   B2-B3".parse::<Move>().unwrap().to_string(), "C4n b2-b3");
    }

    #[test]
    fn refuses_garbage() {
        for bad in [
            "",
            "C",
            "C4",
            "C4n",
            "C4n ",
            "C4nb2-b3",
            "C4n b2",
            "C4n b2-",
            "C4n b2-b3 ",
            "C4xx",
            "C4x -",
            "G4n -",
            "C7n -",
            "C4q -",
            "C4n --",
            "C4n b2-b33",
            "C44n -",
            "C4n b2b3",
            "\u{e9}4n -",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad:?}");
        }
        let err = "C4n b2-g3".parse::<Move>().unwrap_err();
        assert_eq!(err.index(), 7);
    }
}
