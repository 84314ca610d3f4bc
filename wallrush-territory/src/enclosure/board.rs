//! The 6×6 board of the card game: its size, its grooves (the [`grid`](crate::grid)'s,
//! board-edge grooves included) and how they are read, the players, and the 36-bit cell
//! bitboards.

use core::fmt;
use core::str::FromStr;

use wallrush_core::text::ParseError;
use wallrush_core::Square;

use crate::grid::{bits::Board, PlayerIndex, Side};

/// Width and height of the board.
pub const SIZE: u8 = 6;

/// The 6×6 board's masks (bit `rank * 6 + file`).
pub(crate) type Cells = Board<SIZE>;

/// One unit groove of the 6×6 board, board-edge grooves included: 84 in all (42
/// horizontal, 42 vertical); the crate's one [`Groove`](crate::grid::Groove) type on this
/// board. Each groove has one identity however it is named: the north side of `c4` and
/// the south side of `c5` are the same groove.
///
/// Its canonical name is a square and a side: the square below a horizontal groove with
/// `n` (or, on the bottom edge, the square above it with `s`), and the square left of a
/// vertical groove with `e` (or, on the left edge, the square right of it with `w`). So
/// the names run `a1s … f1s`, `a1n … f6n`, `a1w … a6w`, `a1e … f6e`. Parsing accepts any
/// of a groove's names, letters in either case.
///
/// ```
/// use wallrush_territory::enclosure::{Groove, Side};
/// use wallrush_core::Square;
/// let g: Groove = "c5s".parse()?;
/// assert_eq!(g.to_string(), "c4n");
/// assert_eq!(g, Groove::of(Square::new(2, 3), Side::North).unwrap());
/// assert!("a1w".parse::<Groove>()?.is_board_edge());
/// # Ok::<(), wallrush_core::text::ParseError>(())
/// ```
pub type Groove = crate::grid::Groove<SIZE>;

impl FromStr for Groove {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Groove, ParseError> {
        let b = s.as_bytes();
        let sq = parse_square(b, 0)?;
        let side = b
            .get(2)
            .and_then(|&c| Side::from_letter(c.to_ascii_lowercase() as char))
            .ok_or(ParseError::new(2, "a side: n, e, s or w"))?;
        if b.len() > 3 {
            return Err(ParseError::new(3, "the end of the groove"));
        }
        Ok(Groove::of(sq, side).expect("parsed squares are on the board"))
    }
}

/// Parses a square of the 6×6 board (`a1` … `f6`, the letter in either case) at `b[at..]`.
pub(crate) fn parse_square(b: &[u8], at: usize) -> Result<Square, ParseError> {
    const EXPECTED: &str = "a square from a1 to f6";
    let file = match b.get(at) {
        Some(c @ b'a'..=b'f') => c - b'a',
        Some(c @ b'A'..=b'F') => c - b'A',
        _ => return Err(ParseError::new(at, EXPECTED)),
    };
    let rank = match b.get(at + 1) {
        Some(c @ b'1'..=b'6') => c - b'1',
        _ => return Err(ParseError::new(at + 1, "a rank from 1 to 6")),
    };
    if b.get(at + 2).is_some_and(u8::is_ascii_digit) {
        return Err(ParseError::new(at + 2, "a rank from 1 to 6"));
    }
    Ok(Square::new(file, rank))
}

/// One of the two players.
///
/// Written `1` and `2` in every text form. Which of them moves first is chosen at random
/// (see [`first_player`](super::first_player)).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Player {
    /// Player 1, starting on b2, e3 and c5.
    One,
    /// Player 2, starting on e5, b4 and d2.
    Two,
}

impl Player {
    /// Both players, in number order.
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];

    /// 0 for player 1, 1 for player 2.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// 1 or 2.
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The other player.
    pub const fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A player number that is neither `1` nor `2`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("expected a player: 1 or 2")]
pub struct ParsePlayerError;

impl FromStr for Player {
    type Err = ParsePlayerError;
    fn from_str(s: &str) -> Result<Player, ParsePlayerError> {
        match s {
            "1" => Ok(Player::One),
            "2" => Ok(Player::Two),
            _ => Err(ParsePlayerError),
        }
    }
}

impl PlayerIndex<2> for Player {
    const SLOTS: [Player; 2] = Player::BOTH;
    fn slot(self) -> usize {
        self.index()
    }
}

/// One value per player of the card game, indexed by [`Player`]: the crate's
/// [`ByPlayer`](crate::grid::ByPlayer) with two slots.
pub type ByPlayer<T> = crate::grid::ByPlayer<T, 2>;

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn grooves_have_one_identity_and_round_trip() {
        let mut seen = [0u8; Groove::COUNT];
        for f in 0..6 {
            for r in 0..6 {
                for side in Side::ALL {
                    let g = Groove::of(Square::new(f, r), side).unwrap();
                    seen[g.index()] += 1;
                    assert!(g.squares().contains(&Some(Square::new(f, r))));
                    assert_eq!(g.is_board_edge(), side.neighbour(Square::new(f, r), SIZE).is_none());
                }
            }
        }
        // Interior grooves are named twice, edge grooves once.
        for g in Groove::all() {
            assert_eq!(seen[g.index()], if g.is_board_edge() { 1 } else { 2 }, "{g}");
            assert_eq!(g.to_string().parse::<Groove>().unwrap(), g);
        }
        assert_eq!(Groove::all().filter(|g| g.is_board_edge()).count(), 24);
        // The numbering (and so the order of walls in position text) is the card game's.
        assert_eq!(Groove::from_index(0).unwrap().to_string(), "a1s");
        assert_eq!(Groove::from_index(42).unwrap().to_string(), "a1w");
        assert_eq!(Groove::from_index(83).unwrap().to_string(), "f6e");
    }

    #[test]
    fn groove_parsing_refuses_garbage() {
        for bad in ["", "a", "a1", "g1n", "a7n", "a1x", "a1nn", "a10n", "A1", "\u{e9}1n"] {
            assert!(bad.parse::<Groove>().is_err(), "{bad}");
        }
        assert_eq!("C5S".parse::<Groove>().unwrap().to_string(), "c4n");
    }
}
