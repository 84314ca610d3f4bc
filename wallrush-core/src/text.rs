//! Text shared by every reader of the crate: the syntax error type, the length limits,
//! and the number parsers.
//!
//! A leaf module: the vocabulary ([`Square`](crate::Square), [`Wall`](crate::Wall),
//! [`Move`](crate::Move)) and every notation, record and position-text reader import it,
//! and it imports nothing of the crate.
//!
//! ```
//! use wallrush_core::text::{ParseError, MAX_MOVE_LEN};
//! use wallrush_core::Square;
//! let err: ParseError = "e2x".parse::<Square>().unwrap_err();
//! assert_eq!((err.index(), err.expected()), (2, "end of square"));
//! assert_eq!(MAX_MOVE_LEN, 16);
//! ```

use core::fmt;

/// The longest move text any notation accepts; longer input is refused before parsing.
pub const MAX_MOVE_LEN: usize = 16;

/// The longest record text [`Record`](crate::Record) reads: longer text is refused before
/// any of it is read. A game of [`MAX_RECORD_ACTIONS`] actions on the largest board is
/// about 80 KB.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// The most actions (moves and resignations) one record may hold: reading stops with an
/// error at the action past it, so replaying a record is bounded in time.
pub const MAX_RECORD_ACTIONS: usize = 10_000;

/// The longest position text [`PositionText`](crate::PositionText) reads; longer text is
/// refused before it is read.
pub const MAX_POSITION_TEXT_BYTES: usize = 16 * 1024;

/// Text that is not a well-formed move, square or wall: where parsing stopped and what
/// it expected there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ParseError {
    index: usize,
    expected: &'static str,
}

impl ParseError {
    /// A syntax error at byte `index`, where the parser expected `expected` (lowercase
    /// words, as in "a square (file letter and rank, or rRcC)").
    pub const fn new(index: usize, expected: &'static str) -> ParseError {
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

/// Refuses move text longer than [`MAX_MOVE_LEN`].
///
/// # Errors
/// [`ParseError`] at index [`MAX_MOVE_LEN`].
pub fn check_move_len(s: &str) -> Result<(), ParseError> {
    if s.len() > MAX_MOVE_LEN {
        Err(ParseError::new(MAX_MOVE_LEN, "a move of at most 16 bytes"))
    } else {
        Ok(())
    }
}

/// A decimal number without sign or leading zeros (except `0` itself); `None` for
/// anything else, including numbers past `u32::MAX`.
///
/// ```
/// use wallrush_core::text::parse_u32;
/// assert_eq!(parse_u32("42"), Some(42));
/// assert_eq!(parse_u32("042"), None);
/// assert_eq!(parse_u32("+1"), None);
/// assert_eq!(parse_u32("4294967296"), None);
/// ```
pub fn parse_u32(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|c| c.is_ascii_digit()) || (s.len() > 1 && s.starts_with('0')) {
        return None;
    }
    s.parse().ok()
}

/// A 1-based board coordinate of at most two digits, 1 ..= 31, at the start of `b[at..]`:
/// the number and the index after it.
pub(crate) fn parse_coordinate(b: &[u8], at: usize) -> Result<(u8, usize), ParseError> {
    let mut i = at;
    let mut v: u32 = 0;
    while let Some(&c) = b.get(i) {
        if !c.is_ascii_digit() {
            break;
        }
        if i - at == 2 {
            return Err(ParseError::new(i, "a number of at most two digits"));
        }
        v = v * 10 + u32::from(c - b'0');
        i += 1;
    }
    if i == at {
        return Err(ParseError::new(at, "a number"));
    }
    if v == 0 || v > 31 {
        return Err(ParseError::new(at, "a number from 1 to 31"));
    }
    Ok((v as u8, i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates() {
        assert_eq!(parse_coordinate(b"e12", 1), Ok((12, 3)));
        assert_eq!(parse_coordinate(b"31", 0), Ok((31, 2)));
        assert_eq!(parse_coordinate(b"32", 0).unwrap_err().expected(), "a number from 1 to 31");
        assert_eq!(parse_coordinate(b"0", 0).unwrap_err().index(), 0);
        assert_eq!(parse_coordinate(b"123", 0).unwrap_err().index(), 2);
        assert_eq!(parse_coordinate(b"x", 0).unwrap_err().expected(), "a number");
    }

    #[test]
    fn move_length() {
        assert!(check_move_len("a".repeat(MAX_MOVE_LEN).as_str()).is_ok());
        assert_eq!(check_move_len("a".repeat(MAX_MOVE_LEN + 1).as_str()).unwrap_err().index(), MAX_MOVE_LEN);
    }
}
