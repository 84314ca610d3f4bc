//! Cells of the board.

use core::fmt;
use core::str::FromStr;

use crate::text::ParseError;

/// A cell of the board: 0-based file (column, from the left) and rank (row, from the
/// bottom).
///
/// A `Square` does not know the board size; whether it lies on a board is a question for
/// the [`Variant`](crate::Variant). It is written `e2` (file letter, 1-based rank) or, for
/// files past `z` and on boards over 26 wide, `r{rank}c{file}` with 1-based numbers.
///
/// ```
/// use wallrush_core::Square;
/// let e2: Square = "e2".parse()?;
/// assert_eq!((e2.file(), e2.rank()), (4, 1));
/// assert_eq!("r2c5".parse::<Square>()?, e2);
/// assert_eq!(e2.text(27).to_string(), "r2c5"); // letters run out on 27×27
/// # Ok::<(), wallrush_core::text::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square {
    file: u8,
    rank: u8,
}

/// Largest coordinate a square may have (boards are at most 31×31).
pub(crate) const MAX_COORD: u8 = 30;

impl Square {
    /// The square at 0-based `file` and `rank`.
    ///
    /// # Panics
    /// If a coordinate exceeds 30 (no board is larger than 31×31).
    pub const fn new(file: u8, rank: u8) -> Square {
        assert!(file <= MAX_COORD && rank <= MAX_COORD, "square coordinate out of range");
        Square { file, rank }
    }

    /// The square, or `None` when a coordinate exceeds 30.
    pub const fn try_new(file: u8, rank: u8) -> Option<Square> {
        if file <= MAX_COORD && rank <= MAX_COORD {
            Some(Square { file, rank })
        } else {
            None
        }
    }

    /// 0-based file, counted from the left.
    pub const fn file(self) -> u8 {
        self.file
    }

    /// 0-based rank, counted from the bottom.
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// Whether the square lies on an `size × size` board.
    pub const fn is_on(self, size: u8) -> bool {
        self.file < size && self.rank < size
    }

    /// The square written as a board of `size` writes it: letters up to 26 wide,
    /// `rRcC` beyond.
    pub const fn text(self, size: u8) -> SquareText {
        SquareText { square: self, rc: size > 26 }
    }

    pub(crate) fn index(self, size: u8) -> usize {
        self.rank as usize * size as usize + self.file as usize
    }

    pub(crate) fn from_index(i: usize, size: u8) -> Square {
        Square { file: (i % size as usize) as u8, rank: (i / size as usize) as u8 }
    }
}

/// A square formatted for a given board size (see [`Square::text`]).
#[derive(Clone, Copy, Debug)]
pub struct SquareText {
    square: Square,
    rc: bool,
}

impl fmt::Display for SquareText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Square { file, rank } = self.square;
        if self.rc || file >= 26 {
            write!(f, "r{}c{}", rank + 1, file + 1)
        } else {
            write!(f, "{}{}", (b'a' + file) as char, rank + 1)
        }
    }
}

impl fmt::Display for Square {
    /// Letters when the file has one (`e2`), `rRcC` otherwise. Use [`Square::text`] to
    /// write a square the way a board over 26 wide writes every square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text(0).fmt(f)
    }
}

impl FromStr for Square {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Square, ParseError> {
        let (sq, rest) = parse_square_prefix(s.as_bytes(), 0)?;
        if rest != s.len() {
            return Err(ParseError::new(rest, "end of square"));
        }
        Ok(sq)
    }
}

impl Square {
    /// Parses a square at the start of `text[at..]`, returning it and the index after it:
    /// a letter and a 1-based rank (`e2`) or `rRcC` (`r2c5`). For readers of longer text
    /// (walls, moves, the territory games' notations).
    ///
    /// ```
    /// use wallrush_core::Square;
    /// assert_eq!(Square::parse_prefix(b"d4h", 0), Ok((Square::new(3, 3), 2)));
    /// assert_eq!(Square::parse_prefix(b"H-r2c10", 2), Ok((Square::new(9, 1), 7)));
    /// ```
    ///
    /// # Errors
    /// [`ParseError`] where the text stops being a square.
    pub fn parse_prefix(text: &[u8], at: usize) -> Result<(Square, usize), ParseError> {
        parse_square_prefix(text, at)
    }
}

/// Parses a square at the start of `b[at..]`, returning it and the index after it.
/// Accepts a letter and a 1-based rank (`e2`) or `rRcC` (`r2c5`).
pub(crate) fn parse_square_prefix(b: &[u8], at: usize) -> Result<(Square, usize), ParseError> {
    let letter = |i: usize| b.get(i).copied();
    // `rRcC` when an `r` and digits are followed by `c` and a digit; otherwise the file
    // letter `r` (boards 19 wide and more have one) with its rank.
    let rc_form = letter(at) == Some(b'r') && {
        let mut i = at + 1;
        while letter(i).is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
        }
        i > at + 1 && letter(i) == Some(b'c') && letter(i + 1).is_some_and(|c| c.is_ascii_digit())
    };
    match letter(at) {
        Some(b'r') if rc_form => {
            let (rank, i) = crate::text::parse_coordinate(b, at + 1)?;
            let (file, j) = crate::text::parse_coordinate(b, i + 1)?;
            let sq = Square::try_new(file - 1, rank - 1)
                .ok_or(ParseError::new(at, "a square on a board of at most 31×31"))?;
            Ok((sq, j))
        }
        Some(c @ b'a'..=b'z') => {
            let (rank, i) = crate::text::parse_coordinate(b, at + 1)?;
            let sq = Square::try_new(c - b'a', rank - 1)
                .ok_or(ParseError::new(at, "a square on a board of at most 31×31"))?;
            Ok((sq, i))
        }
        _ => Err(ParseError::new(at, "a square (file letter and rank, or rRcC)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn parses_and_writes() {
        let sq: Square = "e2".parse().unwrap();
        assert_eq!(sq, Square::new(4, 1));
        assert_eq!(sq.to_string(), "e2");
        assert_eq!("r3c11".parse::<Square>().unwrap(), Square::new(10, 2));
        assert_eq!(Square::new(26, 0).to_string(), "r1c27");
        assert_eq!(Square::new(4, 1).text(29).to_string(), "r2c5");
        // The file letter r is not the start of rRcC unless a `c` and a number follow.
        assert_eq!("r3".parse::<Square>().unwrap(), Square::new(17, 2));
        assert_eq!("r03c18".parse::<Square>().unwrap(), Square::new(17, 2));
    }

    #[test]
    fn refuses_garbage() {
        for bad in ["", "e", "e0", "E2", "e123", "r3c", "r0c1", "z32", "e2x", "rc", "\u{e9}1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
        let err = "e2x".parse::<Square>().unwrap_err();
        assert_eq!(err.index(), 2);
    }
}
