//! The 6×6 board of the card game: squares, sides, grooves (one canonical identity per
//! groove, board-edge grooves included), players, and the 36-bit cell bitboards.

use core::fmt;
use core::ops::{Index, IndexMut};
use core::str::FromStr;

use wallrush_core::text::ParseError;
use wallrush_core::{Orientation, Square};

/// Width and height of the board.
pub const SIZE: u8 = 6;

/// All 36 cells, one bit each at `rank * 6 + file`.
pub(crate) const CELLS: u64 = (1 << 36) - 1;

const fn file_mask(file: u8) -> u64 {
    let mut m = 0;
    let mut r = 0;
    while r < 6 {
        m |= 1 << (r * 6 + file as u32);
        r += 1;
    }
    m
}

pub(crate) const FILE_A: u64 = file_mask(0);
pub(crate) const FILE_F: u64 = file_mask(5);
pub(crate) const RANK_1: u64 = 0b11_1111;
pub(crate) const RANK_6: u64 = RANK_1 << 30;

/// The bit of a square on the board.
pub(crate) const fn bit(sq: Square) -> u64 {
    1 << (sq.rank() as u32 * 6 + sq.file() as u32)
}

/// The square of cell index `i` (0..36).
pub(crate) const fn square_of(i: u32) -> Square {
    Square::new((i % 6) as u8, (i / 6) as u8)
}

/// Whether a square lies on the 6×6 board.
pub(crate) const fn on_board(sq: Square) -> bool {
    sq.is_on(SIZE)
}

/// The squares of a 36-bit cell mask, in index order (rank, then file).
pub(crate) fn squares(mut mask: u64) -> impl Iterator<Item = Square> {
    core::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros();
        mask &= mask - 1;
        Some(square_of(i))
    })
}

/// One flood step through open edges, repeated until nothing changes. `open_e` holds no
/// bit in file f and `open_n` none in rank 6, so no shift can wrap.
pub(crate) fn flood(seed: u64, open_e: u64, open_n: u64) -> u64 {
    let mut r = seed;
    loop {
        let next = r | (r & open_e) << 1 | (r >> 1) & open_e | (r & open_n) << 6 | (r >> 6) & open_n;
        if next == r {
            return r;
        }
        r = next;
    }
}

/// A side of a square, and the direction of a step.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Side {
    /// Towards rank 6.
    North,
    /// Towards file f.
    East,
    /// Towards rank 1.
    South,
    /// Towards file a.
    West,
}

impl Side {
    /// The four sides in notation order: `n`, `e`, `s`, `w`.
    pub const ALL: [Side; 4] = [Side::North, Side::East, Side::South, Side::West];

    /// `n`, `e`, `s` or `w`.
    pub const fn letter(self) -> char {
        match self {
            Side::North => 'n',
            Side::East => 'e',
            Side::South => 's',
            Side::West => 'w',
        }
    }

    /// The side written by `c` (`n`, `e`, `s`, `w`, either case).
    pub const fn from_letter(c: char) -> Option<Side> {
        match c {
            'n' | 'N' => Some(Side::North),
            'e' | 'E' => Some(Side::East),
            's' | 'S' => Some(Side::South),
            'w' | 'W' => Some(Side::West),
            _ => None,
        }
    }

    /// The square beyond this side of `sq`, if both are on the board.
    pub const fn neighbour(self, sq: Square) -> Option<Square> {
        if !on_board(sq) {
            return None;
        }
        let (f, r) = (sq.file(), sq.rank());
        match self {
            Side::North if r + 1 < SIZE => Some(Square::new(f, r + 1)),
            Side::East if f + 1 < SIZE => Some(Square::new(f + 1, r)),
            Side::South if r > 0 => Some(Square::new(f, r - 1)),
            Side::West if f > 0 => Some(Square::new(f - 1, r)),
            _ => None,
        }
    }

    /// The side facing this one.
    pub const fn opposite(self) -> Side {
        match self {
            Side::North => Side::South,
            Side::East => Side::West,
            Side::South => Side::North,
            Side::West => Side::East,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One unit groove of the 6×6 board, board-edge grooves included: 84 in all
/// (42 horizontal, 42 vertical). Each groove has one identity however it is named: the
/// north side of `c4` and the south side of `c5` are the same groove.
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
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Groove(u8);

/// Grooves are numbered: horizontal `line * 6 + file` (0..42, line 0 is the bottom edge,
/// line `y` lies below rank `y`), vertical `42 + rank * 7 + line` (42..84, line 0 is the
/// left edge, line `x` lies left of file `x`).
const VERTICAL_BASE: u8 = 42;

impl Groove {
    /// How many grooves the board has.
    pub const COUNT: usize = 84;

    /// The groove on `side` of `square`, or `None` when the square is off the board.
    pub const fn of(square: Square, side: Side) -> Option<Groove> {
        if !on_board(square) {
            return None;
        }
        let (f, r) = (square.file(), square.rank());
        Some(Groove(match side {
            Side::South => r * 6 + f,
            Side::North => (r + 1) * 6 + f,
            Side::West => VERTICAL_BASE + r * 7 + f,
            Side::East => VERTICAL_BASE + r * 7 + f + 1,
        }))
    }

    /// The groove with number `i` (see [`index`](Self::index)), if `i < 84`.
    pub const fn from_index(i: usize) -> Option<Groove> {
        if i < Self::COUNT {
            Some(Groove(i as u8))
        } else {
            None
        }
    }

    /// The groove's number, 0..84: horizontal grooves first (`line * 6 + file`, line 0
    /// being the bottom edge), then vertical ones (`42 + rank * 7 + line`, line 0 being
    /// the left edge).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Every groove in index order.
    pub fn all() -> impl Iterator<Item = Groove> {
        (0..Self::COUNT as u8).map(Groove)
    }

    /// Horizontal (between ranks, or along the top or bottom edge) or vertical.
    pub const fn orientation(self) -> Orientation {
        if self.0 < VERTICAL_BASE {
            Orientation::Horizontal
        } else {
            Orientation::Vertical
        }
    }

    /// The squares on either side: below and above a horizontal groove, left and right
    /// of a vertical one. A board-edge groove has `None` on its outer side.
    pub const fn squares(self) -> [Option<Square>; 2] {
        if self.0 < VERTICAL_BASE {
            let (line, f) = (self.0 / 6, self.0 % 6);
            let below = if line > 0 { Some(Square::new(f, line - 1)) } else { None };
            let above = if line < 6 { Some(Square::new(f, line)) } else { None };
            [below, above]
        } else {
            let v = self.0 - VERTICAL_BASE;
            let (r, line) = (v / 7, v % 7);
            let left = if line > 0 { Some(Square::new(line - 1, r)) } else { None };
            let right = if line < 6 { Some(Square::new(line, r)) } else { None };
            [left, right]
        }
    }

    /// Whether the groove runs along the edge of the board.
    pub const fn is_board_edge(self) -> bool {
        matches!(self.squares(), [None, _] | [_, None])
    }

    /// The canonical name: a square and a side (see the type's docs).
    pub const fn name(self) -> (Square, Side) {
        match (self.orientation(), self.squares()) {
            (Orientation::Horizontal, [Some(sq), _]) => (sq, Side::North),
            (Orientation::Horizontal, [None, Some(sq)]) => (sq, Side::South),
            (Orientation::Vertical, [Some(sq), _]) => (sq, Side::East),
            (Orientation::Vertical, [None, Some(sq)]) => (sq, Side::West),
            (_, [None, None]) => unreachable!(),
        }
    }

    pub(crate) const fn bit(self) -> u128 {
        1 << self.0
    }
}

impl fmt::Display for Groove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (sq, side) = self.name();
        write!(f, "{sq}{side}")
    }
}

impl FromStr for Groove {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Groove, ParseError> {
        let b = s.as_bytes();
        let sq = parse_square(b, 0)?;
        let side = b
            .get(2)
            .and_then(|&c| Side::from_letter(c as char))
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

/// One value per player, indexed by [`Player`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByPlayer<T>(pub [T; 2]);

impl<T> ByPlayer<T> {
    /// Builds the container by calling `f` for each player.
    pub fn from_fn(mut f: impl FnMut(Player) -> T) -> ByPlayer<T> {
        ByPlayer([f(Player::One), f(Player::Two)])
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    fn index(&self, p: Player) -> &T {
        &self.0[p.index()]
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, p: Player) -> &mut T {
        &mut self.0[p.index()]
    }
}

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
                    assert_eq!(g.is_board_edge(), side.neighbour(Square::new(f, r)).is_none());
                }
            }
        }
        // Interior grooves are named twice, edge grooves once.
        for g in Groove::all() {
            assert_eq!(seen[g.index()], if g.is_board_edge() { 1 } else { 2 }, "{g}");
            assert_eq!(g.to_string().parse::<Groove>().unwrap(), g);
        }
        assert_eq!(Groove::all().filter(|g| g.is_board_edge()).count(), 24);
    }

    #[test]
    fn groove_parsing_refuses_garbage() {
        for bad in ["", "a", "a1", "g1n", "a7n", "a1x", "a1nn", "a10n", "A1", "\u{e9}1n"] {
            assert!(bad.parse::<Groove>().is_err(), "{bad}");
        }
        assert_eq!("C5S".parse::<Groove>().unwrap().to_string(), "c4n");
    }

    #[test]
    fn flood_stays_on_board() {
        let open_e = CELLS & !FILE_F;
        let open_n = CELLS & !RANK_6;
        assert_eq!(flood(1, open_e, open_n), CELLS);
        assert_eq!(flood(1, 0, 0), 1);
    }
}
