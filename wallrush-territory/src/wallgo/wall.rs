//! The one-groove walls of Wall Go.

use core::cmp::Ordering;
use core::fmt;
use core::str::FromStr;

use wallrush_core::text::{ParseError, MAX_MOVE_LEN};
use wallrush_core::Square;

use super::SIZE;
use crate::grid::{Groove, Side};

/// A Wall Go wall: one groove between two orthogonally adjacent cells of the 7×7 board,
/// that is a [`Groove`] of the board off its edge (the edge of the board is not a groove
/// of Wall Go: no wall lies on it).
///
/// Every groove has one identity: the north groove of `c3` and the south groove of `c4`
/// are the same wall. It is written canonically, as the **north or east** side of the
/// lower or left cell (`c3n`, `d4e`); either name is read.
///
/// Walls order by their canonical cell (rank, then file), north before east; this *wall
/// order* is that of [`all`](Self::all) and [`index`](Self::index).
///
/// ```
/// use wallrush_territory::wallgo::{Side, Wall};
/// use wallrush_core::Square;
/// let w: Wall = "c4s".parse()?;
/// assert_eq!(w, Wall::new(Square::new(2, 2), Side::North).unwrap());
/// assert_eq!(w.to_string(), "c3n");
/// assert_eq!(w.side_of(Square::new(2, 3)), Some(Side::South));
/// assert!(Wall::new(Square::new(0, 0), Side::West).is_none()); // the board edge
/// # Ok::<(), wallrush_core::text::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Wall(Groove<SIZE>);

impl Wall {
    /// The groove on `side` of `square`, or `None` when `square` is off the board or that
    /// side is the board edge.
    pub fn new(square: Square, side: Side) -> Option<Wall> {
        Groove::of(square, side).filter(|g| !g.is_board_edge()).map(Wall)
    }

    /// Every groove of the board (84), in wall order.
    pub fn all() -> impl Iterator<Item = Wall> {
        (0..SIZE * SIZE).flat_map(|i| {
            let sq = Square::new(i % SIZE, i / SIZE);
            [Side::North, Side::East].into_iter().filter_map(move |side| Wall::new(sq, side))
        })
    }

    /// The groove this wall fills.
    pub const fn groove(self) -> Groove<SIZE> {
        self.0
    }

    /// The canonical cell: the lower cell of a horizontal groove, the left cell of a
    /// vertical one.
    pub const fn square(self) -> Square {
        self.0.name().0
    }

    /// The canonical side: [`Side::North`] (a horizontal groove) or [`Side::East`] (a
    /// vertical one).
    pub const fn side(self) -> Side {
        self.0.name().1
    }

    /// The two cells the groove separates: the canonical cell first.
    pub fn cells(self) -> (Square, Square) {
        match self.0.squares() {
            [Some(a), Some(b)] => (a, b),
            _ => unreachable!("a wall lies inside the board"),
        }
    }

    /// Which side of `square` this groove is, if it borders `square`.
    pub fn side_of(self, square: Square) -> Option<Side> {
        self.0.side_of(square)
    }

    /// A dense number from 0 to 83 in wall order (the position in [`all`](Self::all)),
    /// for tables indexed by groove.
    pub fn index(self) -> usize {
        let (f, r) = (self.square().file() as usize, self.square().rank() as usize);
        // Ranks 1–6 have 7 north and 6 east grooves; earlier cells of this rank have both
        // (or, on rank 7, only the east one).
        let north_here = usize::from(r < 6);
        r * 13 + f * (1 + north_here) + usize::from(!self.is_horizontal()) * north_here
    }

    /// Cell index (`rank * 7 + file`) of the canonical cell.
    pub(crate) fn cell(self) -> usize {
        // Straight from the groove's number (see `Groove`): a horizontal groove lies on
        // the line above its cell, a vertical one on the line right of it.
        let (n, i) = (SIZE as usize, self.0.index());
        let vertical = i.checked_sub(n * (n + 1));
        match vertical {
            None => i - n,
            Some(v) => v / (n + 1) * n + v % (n + 1) - 1,
        }
    }

    /// The cell index of the other cell.
    pub(crate) fn other_cell(self) -> usize {
        self.cell() + if self.is_horizontal() { SIZE as usize } else { 1 }
    }

    /// Whether the groove runs horizontally (a north side).
    pub(crate) fn is_horizontal(self) -> bool {
        matches!(self.0.orientation(), wallrush_core::Orientation::Horizontal)
    }

    /// The wall with canonical cell index `cell` and the given orientation.
    ///
    /// # Panics
    /// If that groove is the board edge.
    pub(crate) fn from_cell(cell: usize, horizontal: bool) -> Wall {
        let square = Square::new((cell % SIZE as usize) as u8, (cell / SIZE as usize) as u8);
        Wall::new(square, if horizontal { Side::North } else { Side::East })
            .expect("a groove inside the board")
    }

    fn key(self) -> (usize, bool) {
        (self.cell(), !self.is_horizontal())
    }
}

impl Ord for Wall {
    fn cmp(&self, other: &Wall) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for Wall {
    fn partial_cmp(&self, other: &Wall) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Wall {
    /// The canonical form: `c3n`, `d4e`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
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
pub(crate) fn parse_wall(b: &[u8], at: usize) -> Result<(Wall, usize), ParseError> {
    let (sq, i) = parse_board_square(b, at)?;
    let side = parse_side(b, i)?;
    let wall =
        Wall::new(sq, side).ok_or(ParseError::new(i, "a side with a groove (the board edge is not one)"))?;
    Ok((wall, i + 1))
}

impl FromStr for Wall {
    type Err = ParseError;
    /// Reads either name of a groove (`c3n` or `c4s`).
    fn from_str(s: &str) -> Result<Wall, ParseError> {
        if s.len() > MAX_MOVE_LEN {
            return Err(ParseError::new(MAX_MOVE_LEN, "a wall of at most 16 bytes"));
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
        let all: Vec<Wall> = Wall::all().collect();
        assert_eq!(all.len(), 84);
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        for (i, w) in all.iter().enumerate() {
            assert_eq!(w.index(), i);
            let (a, b) = w.cells();
            let sa = w.side_of(a).unwrap();
            let sb = w.side_of(b).unwrap();
            assert_eq!(Wall::new(a, sa), Some(*w));
            assert_eq!(Wall::new(b, sb), Some(*w));
            assert_eq!(w.to_string().parse::<Wall>(), Ok(*w));
            assert_eq!(w.other_cell(), b.rank() as usize * 7 + b.file() as usize);
            assert_eq!(Wall::from_cell(w.cell(), w.is_horizontal()), *w);
        }
        // The walls are exactly the grooves of the 7×7 board off its edge.
        assert_eq!(Groove::<SIZE>::all().filter(|g| !g.is_board_edge()).count(), 84);
    }

    #[test]
    fn edges_are_not_grooves() {
        for bad in ["a1s", "a1w", "g7n", "g7e", "h1n", "a8s", "c3", "c3x", "c3nn", ""] {
            assert!(bad.parse::<Wall>().is_err(), "{bad}");
        }
        assert_eq!("a1s".parse::<Wall>().unwrap_err().index(), 2);
        assert_eq!("h1n".parse::<Wall>().unwrap_err().index(), 0);
    }
}
