//! Move notations (RULES.md §8): one public module per notation.
//!
//! Text is always read in a notation the caller names: the same text can mean different
//! walls in different notations (standard `d4h` lies above d4, Pallwall `d4h` below it).

use core::fmt;

pub mod standard;

/// Text that is not a well-formed move, square or wall: where parsing stopped and what
/// it expected there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ParseError {
    index: usize,
    expected: &'static str,
}

impl ParseError {
    pub(crate) const fn new(index: usize, expected: &'static str) -> ParseError {
        ParseError { index, expected }
    }

    /// Byte index in the text where parsing failed.
    pub const fn index(&self) -> usize {
        self.index
    }

    /// What the parser expected at [`index`](Self::index).
    pub const fn expected(&self) -> &'static str {
        self.expected
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {} at byte {}", self.expected, self.index)
    }
}

impl core::error::Error for ParseError {}

/// The longest move text any notation accepts; longer input is refused before parsing.
pub const MAX_MOVE_LEN: usize = 16;
