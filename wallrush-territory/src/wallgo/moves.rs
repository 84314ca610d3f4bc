//! Wall Go moves and their notation.

use core::fmt;
use core::str::FromStr;

use super::wall::{parse_board_square, parse_side, parse_wall};
use super::{Side, Wall};
use wallrush_core::text::{check_move_len, ParseError};
use wallrush_core::Square;

/// One Wall Go action.
///
/// The text form (`Display` / `FromStr`) is the notation of TERRITORY.md:
///
/// | move | text |
/// |---|---|
/// | piece on `b2` goes to `c3` and walls the north groove of `c3` | `b2-c3n` |
/// | piece on `b2` stays (0 steps) and walls its north groove | `b2n` |
/// | wall break removing the wall east of `d4` | `x:d4e` |
/// | placing a piece on `b2` during a placement setup | `@b2` |
///
/// Parsing needs no position; whether the move is legal is a question for
/// [`Position::check`](super::Position::check). A groove has two names
/// (`d4e` is `e4w`); a wall break is written with the canonical one, and a 0-step move is
/// written `b2n` even if read as `b2-b2n`, so `parse(print(m)) == m` for every move and
/// `print(parse(s)) == s` for text in canonical form.
///
/// ```
/// use wallrush_territory::wallgo::{Side, Move};
/// use wallrush_core::Square;
/// let m: Move = "b2-c3n".parse()?;
/// assert_eq!(m, Move::Step { from: Square::new(1, 1), to: Square::new(2, 2), side: Side::North });
/// assert_eq!(m.to_string(), "b2-c3n");
/// assert_eq!("x:e4w".parse::<Move>()?.to_string(), "x:d4e");
/// # Ok::<(), wallrush_core::text::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Move {
    /// Place a piece on an empty cell (placement setup only).
    Place(Square),
    /// Move the piece on `from` 0, 1 or 2 steps to `to` (`to == from` for 0 steps) and
    /// build a wall on the groove at `side` of `to`.
    Step {
        /// Where the piece stands.
        from: Square,
        /// Where it ends (may equal `from`).
        to: Square,
        /// The side of `to` that gets the wall.
        side: Side,
    },
    /// The wall break (3–4 players, once per player per game): remove this wall.
    Break(Wall),
}

impl Move {
    /// The wall a [`Step`](Self::Step) builds, or `None` for other moves and for a side that
    /// is the board edge.
    pub fn built_wall(self) -> Option<Wall> {
        match self {
            Move::Step { to, side, .. } => Wall::new(to, side),
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Place(sq) => write!(f, "@{sq}"),
            Move::Step { from, to, side } if from == to => write!(f, "{from}{side}"),
            Move::Step { from, to, side } => write!(f, "{from}-{to}{side}"),
            Move::Break(w) => write!(f, "x:{w}"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Move, ParseError> {
        parse_move(s)
    }
}

/// Parses a Wall Go move (see [`Move`] for the forms). Squares must lie on the 7×7
/// board; a break must name a groove (not the board edge). A step whose side is the board
/// edge parses, and is refused by the position.
///
/// # Errors
/// [`ParseError`] with the byte index where the text stops making sense.
pub fn parse_move(s: &str) -> Result<Move, ParseError> {
    check_move_len(s)?;
    let b = s.as_bytes();
    let end = |i: usize| if i == b.len() { Ok(()) } else { Err(ParseError::new(i, "the end of the move")) };
    let m = match b.first() {
        Some(b'@') => {
            let (sq, i) = parse_board_square(b, 1)?;
            end(i)?;
            Move::Place(sq)
        }
        Some(b'x') if b.get(1) == Some(&b':') => {
            let (w, i) = parse_wall(b, 2)?;
            end(i)?;
            Move::Break(w)
        }
        _ => {
            let (from, i) = parse_board_square(b, 0)?;
            let (to, i) = if b.get(i) == Some(&b'-') { parse_board_square(b, i + 1)? } else { (from, i) };
            let side = parse_side(b, i)?;
            end(i + 1)?;
            Move::Step { from, to, side }
        }
    };
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn parses_every_form() {
        let b2 = Square::new(1, 1);
        assert_eq!(parse_move("@b2"), Ok(Move::Place(b2)));
        assert_eq!(parse_move("b2n"), Ok(Move::Step { from: b2, to: b2, side: Side::North }));
        assert_eq!(parse_move("b2-b2n"), parse_move("b2n"));
        assert_eq!(
            parse_move("b2-c3w"),
            Ok(Move::Step { from: b2, to: Square::new(2, 2), side: Side::West })
        );
        assert_eq!(parse_move("x:d4e"), parse_move("x:e4w"));
        // A side on the board edge is syntax; the position refuses it.
        assert!(parse_move("a1s").is_ok());
        for m in ["@b2", "b2n", "b2-c3w", "x:d4e", "g7-f7s", "a1s"] {
            assert_eq!(parse_move(m).unwrap().to_string(), m);
        }
    }

    #[test]
    fn refuses_garbage() {
        for bad in [
            "",
            "@",
            "@h1",
            "@b2n",
            "b2",
            "b2-",
            "b2-c3",
            "b2-c3q",
            "b2-c3nn",
            "x:",
            "x:a1s",
            "x:d4",
            "x:d4ee",
            "x d4e",
            "h8n",
            "b9n",
            "B2n",
            "b2 n",
            "-b2n",
            "@b2@b2@b2@b2@b2@b2",
        ] {
            assert!(parse_move(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_move("b2-c3q").unwrap_err().index(), 5);
        assert_eq!(parse_move("x:a1s").unwrap_err().index(), 4);
    }
}
