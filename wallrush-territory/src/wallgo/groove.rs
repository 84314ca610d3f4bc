//! Sides of a cell and the one-groove walls of Wall Go.

use core::cmp::Ordering;
use core::fmt;
use core::str::FromStr;

use super::bits::SIZE;
use wallrush_core::text::ParseError;
use wallrush_core::Square;

/// A side of a cell.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Side {
    /// Towards rank 7.
    North,
    /// Towards file g.
    East,
    /// Towards rank 1.
    South,
    /// Towards file a.
    West,
}

impl Side {
    /// The four sides in the order move lists use: north, east, south, west.
    pub const ALL: [Side; 4] = [Side::North, Side::East, Side::South, Side::West];

    /// The lowercase letter of the notation: `n`, `e`, `s`, `w`.
    pub const fn letter(self) -> char {
        match self {
            Side::North => 'n',
            Side::East => 'e',
            Side::South => 's',
            Side::West => 'w',
        }
    }

    /// The lowercase name: `north`, `east`, `south`, `west`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::North => "north",
            Side::East => "east",
            Side::South => "south",
            Side::West => "west",
        }
    }

    /// The side whose [`letter`](Self::letter) is `c`.
    pub const fn from_letter(c: char) -> Option<Side> {
        match c {
            'n' => Some(Side::North),
            'e' => Some(Side::East),
            's' => Some(Side::South),
            'w' => Some(Side::West),
            _ => None,
        }
    }

    /// The side facing this one from the neighbouring cell.
    pub const fn opposite(self) -> Side {
        match self {
            Side::North => Side::South,
            Side::East => Side::West,
            Side::South => Side::North,
            Side::West => Side::East,
        }
    }

    /// The cell across this side of `square`, if it is on the 7×7 board.
    pub fn neighbour(self, square: Square) -> Option<Square> {
        let (f, r) = (square.file() as i8, square.rank() as i8);
        let (f, r) = match self {
            Side::North => (f, r + 1),
            Side::East => (f + 1, r),
            Side::South => (f, r - 1),
            Side::West => (f - 1, r),
        };
        let on = |c: i8| (0..SIZE as i8).contains(&c);
        (on(f) && on(r)).then(|| Square::new(f as u8, r as u8))
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A Wall Go wall: one groove between two orthogonally adjacent cells of the 7×7 board.
///
/// Every groove has one identity: the north groove of `c3` and the south groove of `c4`
/// are the same wall. It is stored in canonical form, as the **north or east** side of
/// the lower or left cell, and written that way (`c3n`, `d4e`). The edge of the board is
/// not a groove, so no `WallGoWall` lies on it.
///
/// Walls order by their canonical cell (rank, then file), north before east.
///
/// ```
/// use wallrush_territory::wallgo::{Side, WallGoWall};
/// use wallrush_core::Square;
/// let w: WallGoWall = "c4s".parse()?;
/// assert_eq!(w, WallGoWall::new(Square::new(2, 2), Side::North).unwrap());
/// assert_eq!(w.to_string(), "c3n");
/// assert_eq!(w.side_of(Square::new(2, 3)), Some(Side::South));
/// assert!(WallGoWall::new(Square::new(0, 0), Side::West).is_none()); // the board edge
/// # Ok::<(), wallrush_core::text::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct WallGoWall {
    square: Square,
    side: Side,
}

impl WallGoWall {
    /// The groove on `side` of `square`, or `None` when `square` is off the board or that
    /// side is the board edge.
    pub fn new(square: Square, side: Side) -> Option<WallGoWall> {
        if !square.is_on(SIZE) {
            return None;
        }
        match side {
            Side::North | Side::East => {
                side.neighbour(square)?;
                Some(WallGoWall { square, side })
            }
            Side::South | Side::West => {
                let square = side.neighbour(square)?;
                Some(WallGoWall { square, side: side.opposite() })
            }
        }
    }

    /// Every groove of the board (84), in wall order.
    pub fn all() -> impl Iterator<Item = WallGoWall> {
        (0..49u8).flat_map(|i| {
            let sq = Square::new(i % SIZE, i / SIZE);
            [Side::North, Side::East].into_iter().filter_map(move |side| WallGoWall::new(sq, side))
        })
    }

    /// The canonical cell: the lower cell of a horizontal groove, the left cell of a
    /// vertical one.
    pub const fn square(self) -> Square {
        self.square
    }

    /// The canonical side: [`Side::North`] (a horizontal groove) or [`Side::East`] (a
    /// vertical one).
    pub const fn side(self) -> Side {
        self.side
    }

    /// The two cells the groove separates: the canonical cell first.
    pub fn cells(self) -> (Square, Square) {
        (self.square, self.side.neighbour(self.square).expect("a wall lies inside the board"))
    }

    /// Which side of `square` this groove is, if it borders `square`.
    pub fn side_of(self, square: Square) -> Option<Side> {
        let (a, b) = self.cells();
        if square == a {
            Some(self.side)
        } else if square == b {
            Some(self.side.opposite())
        } else {
            None
        }
    }

    /// A dense number from 0 to 83 in wall order (the position in [`all`](Self::all)),
    /// for tables indexed by groove.
    pub fn index(self) -> usize {
        let (f, r) = (self.square.file() as usize, self.square.rank() as usize);
        // Ranks 1–6 have 7 north and 6 east grooves; earlier cells of this rank have both
        // (or, on rank 7, only the east one).
        let north_here = usize::from(r < 6);
        r * 13 + f * (1 + north_here) + usize::from(self.side == Side::East) * north_here
    }

    /// Cell index (`rank * 7 + file`) of the canonical cell.
    pub(crate) fn cell(self) -> usize {
        crate::grid::index_of(self.square, SIZE)
    }

    /// The cell index of the other cell.
    pub(crate) fn other_cell(self) -> usize {
        self.cell() + if self.side == Side::North { SIZE as usize } else { 1 }
    }

    /// Whether the groove runs horizontally (a north side).
    pub(crate) fn is_horizontal(self) -> bool {
        self.side == Side::North
    }

    /// The wall with canonical cell index `cell` and the given orientation.
    pub(crate) fn from_cell(cell: usize, horizontal: bool) -> WallGoWall {
        let square = crate::grid::square_at(cell, SIZE);
        WallGoWall { square, side: if horizontal { Side::North } else { Side::East } }
    }

    fn key(self) -> (usize, Side) {
        (self.cell(), self.side)
    }
}

impl Ord for WallGoWall {
    fn cmp(&self, other: &WallGoWall) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for WallGoWall {
    fn partial_cmp(&self, other: &WallGoWall) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for WallGoWall {
    /// The canonical form: `c3n`, `d4e`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.square, self.side)
    }
}

/// Parses a square of the 7×7 board at `b[at..]`.
pub(crate) fn parse_board_square(b: &[u8], at: usize) -> Result<(Square, usize), ParseError> {
    let (sq, i) = Square::parse_prefix(b, at)?;
    if !sq.is_on(SIZE) {
        return Err(ParseError::new(at, "a square from a1 to g7"));
    }
    Ok((sq, i))
}

/// Parses a side letter at `b[at]`.
pub(crate) fn parse_side(b: &[u8], at: usize) -> Result<Side, ParseError> {
    b.get(at).and_then(|&c| Side::from_letter(c as char)).ok_or(ParseError::new(at, "a side: n, e, s or w"))
}

/// Parses a wall (square and side, any of the two names of a groove) at `b[at..]`.
pub(crate) fn parse_wall(b: &[u8], at: usize) -> Result<(WallGoWall, usize), ParseError> {
    let (sq, i) = parse_board_square(b, at)?;
    let side = parse_side(b, i)?;
    let wall = WallGoWall::new(sq, side)
        .ok_or(ParseError::new(i, "a side with a groove (the board edge is not one)"))?;
    Ok((wall, i + 1))
}

impl FromStr for WallGoWall {
    type Err = ParseError;
    /// Reads either name of a groove (`c3n` or `c4s`).
    fn from_str(s: &str) -> Result<WallGoWall, ParseError> {
        if s.len() > wallrush_core::text::MAX_MOVE_LEN {
            return Err(ParseError::new(wallrush_core::text::MAX_MOVE_LEN, "a wall of at most 16 bytes"));
        }
        let (wall, i) = parse_wall(s.as_bytes(), 0)?;
        if i != s.len() {
            return Err(ParseError::new(i, "the end of the wall"));
        }
        Ok(wall)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use alloc::vec::Vec;

    #[test]
    fn one_identity_per_groove() {
        let all: Vec<WallGoWall> = WallGoWall::all().collect();
        assert_eq!(all.len(), 84);
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        for (i, w) in all.iter().enumerate() {
            assert_eq!(w.index(), i);
            let (a, b) = w.cells();
            let sa = w.side_of(a).unwrap();
            let sb = w.side_of(b).unwrap();
            assert_eq!(WallGoWall::new(a, sa), Some(*w));
            assert_eq!(WallGoWall::new(b, sb), Some(*w));
            assert_eq!(w.to_string().parse::<WallGoWall>(), Ok(*w));
            assert_eq!(w.other_cell(), crate::grid::index_of(b, SIZE));
        }
    }

    #[test]
    fn edges_are_not_grooves() {
        for bad in ["a1s", "a1w", "g7n", "g7e", "h1n", "a8s", "c3", "c3x", "c3nn", ""] {
            assert!(bad.parse::<WallGoWall>().is_err(), "{bad}");
        }
        assert_eq!("a1s".parse::<WallGoWall>().unwrap_err().index(), 2);
        assert_eq!("h1n".parse::<WallGoWall>().unwrap_err().index(), 0);
    }
}
