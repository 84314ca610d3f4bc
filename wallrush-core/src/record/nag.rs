//! Numeric annotation glyphs (NAGs): `$1` … `$255`, and the six written as marks after a
//! move, `!` (`$1`), `?` (`$2`), `!!` (`$3`), `??` (`$4`), `!?` (`$5`) and `?!` (`$6`),
//! as PGN numbers them.
//!
//! ```
//! use wallrush_core::record::Nag;
//! assert_eq!("?!".parse::<Nag>(), Ok(Nag::DUBIOUS_MOVE));
//! assert_eq!("$14".parse::<Nag>().map(|n| n.0), Ok(14));
//! assert_eq!(Nag(2).to_string(), "$2");
//! assert_eq!(Nag(2).mark(), Some("?"));
//! ```

use core::fmt;
use core::str::FromStr;

/// A numeric annotation glyph: a number from 0 to 255 whose meaning PGN fixes (1: good
/// move, 2: mistake, 14: slight advantage to the first seat, …).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Nag(pub u8);

/// The marks of NAGs 1 to 6, in order.
const MARKS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

impl Nag {
    /// `!`, `$1`.
    pub const GOOD_MOVE: Nag = Nag(1);
    /// `?`, `$2`.
    pub const MISTAKE: Nag = Nag(2);
    /// `!!`, `$3`.
    pub const BRILLIANT_MOVE: Nag = Nag(3);
    /// `??`, `$4`.
    pub const BLUNDER: Nag = Nag(4);
    /// `!?`, `$5`.
    pub const SPECULATIVE_MOVE: Nag = Nag(5);
    /// `?!`, `$6`.
    pub const DUBIOUS_MOVE: Nag = Nag(6);

    /// The mark written after a move for NAGs 1 to 6 (`!`, `?`, `!!`, `??`, `!?`, `?!`).
    pub const fn mark(self) -> Option<&'static str> {
        match self.0 {
            1..=6 => Some(MARKS[self.0 as usize - 1]),
            _ => None,
        }
    }

    /// The NAG a mark stands for (`!` is 1 … `?!` is 6).
    pub fn from_mark(mark: &str) -> Option<Nag> {
        MARKS.iter().position(|&m| m == mark).map(|i| Nag(i as u8 + 1))
    }
}

/// `$N`; [`Nag::mark`] gives the short form of the first six.
impl fmt::Display for Nag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}

/// Text that is neither `$N` (N from 0 to 255) nor one of the six marks.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("expected $0 to $255, !, ?, !!, ??, !? or ?!")]
pub struct ParseNagError;

impl FromStr for Nag {
    type Err = ParseNagError;

    fn from_str(s: &str) -> Result<Nag, ParseNagError> {
        if let Some(digits) = s.strip_prefix('$') {
            if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseNagError);
            }
            return digits.parse::<u8>().map(Nag).map_err(|_| ParseNagError);
        }
        Nag::from_mark(s).ok_or(ParseNagError)
    }
}

#[cfg(test)]
mod tests {
    use crate::record::nag::{Nag, ParseNagError};

    #[test]
    fn nags_read_and_write() {
        for (text, n) in
            [("!", 1), ("?", 2), ("!!", 3), ("??", 4), ("!?", 5), ("?!", 6), ("$0", 0), ("$255", 255)]
        {
            assert_eq!(text.parse::<Nag>(), Ok(Nag(n)), "{text}");
            assert_eq!(alloc::format!("{}", Nag(n)).parse::<Nag>(), Ok(Nag(n)));
        }
        for bad in ["$", "$256", "$-1", "$1a", "!!!", "?!?", "", "$0001", "1"] {
            assert_eq!(bad.parse::<Nag>(), Err(ParseNagError), "{bad}");
        }
        assert_eq!(Nag(7).mark(), None);
        assert_eq!(Nag(0).mark(), None);
    }
}
