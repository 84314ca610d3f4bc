//! The standard notation: `e2` (destination), `d4h` / `d4v` (wall by the lower-left
//! cell of the block it borders), `pass`.
//!
//! This is the notation of [`Move`]'s `FromStr` and `Display`.

use crate::square::parse_square_prefix;
use core::str::FromStr;

use crate::text::{check_move_len, ParseError};
use crate::{Move, Orientation, Wall};

/// Parses a move in standard notation.
///
/// # Errors
/// [`ParseError`] with the byte index where the text stops making sense.
pub fn parse_move(s: &str) -> Result<Move, ParseError> {
    check_move_len(s)?;
    if s == "pass" {
        return Ok(Move::Pass);
    }
    let b = s.as_bytes();
    let (sq, i) = parse_square_prefix(b, 0)?;
    let orientation = match b.get(i) {
        None => return Ok(Move::Pawn(sq)),
        Some(b'h') => Orientation::Horizontal,
        Some(b'v') => Orientation::Vertical,
        Some(_) => return Err(ParseError::new(i, "'h', 'v' or the end of the move")),
    };
    if i + 1 != b.len() {
        return Err(ParseError::new(i + 1, "the end of the move"));
    }
    Ok(Move::Wall(Wall::new(sq, orientation)))
}

/// `Move`'s text form is the standard notation, so its parser lives here.
impl FromStr for Move {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Move, ParseError> {
        parse_move(s)
    }
}

/// `Wall`'s text form is the standard notation too.
impl FromStr for Wall {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Wall, ParseError> {
        match parse_move(s)? {
            Move::Wall(w) => Ok(w),
            _ => Err(ParseError::new(s.len(), "'h' or 'v' after the square")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    #[test]
    fn parses() {
        assert_eq!(parse_move("e2").unwrap(), Move::Pawn(Square::new(4, 1)));
        assert_eq!(
            parse_move("d4v").unwrap(),
            Move::Wall(Wall::new(Square::new(3, 3), Orientation::Vertical))
        );
        assert_eq!(
            parse_move("r3c11h").unwrap(),
            Move::Wall(Wall::new(Square::new(10, 2), Orientation::Horizontal))
        );
        assert_eq!(parse_move("pass").unwrap(), Move::Pass);
        for bad in ["", "d4x", "d4hh", "pas", "resign", "d", "4d", "aaaaaaaaaaaaaaaaaaaaa"] {
            assert!(parse_move(bad).is_err(), "{bad}");
        }
    }
}
