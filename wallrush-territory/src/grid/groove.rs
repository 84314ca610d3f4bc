//! The grooves of a square board.

use core::fmt;

use wallrush_core::{Orientation, Square};

use super::Side;

/// One unit groove of the `N × N` board, the board edge included: `2·N·(N+1)` in all,
/// 84 on the card game's 6×6 board. A wall fills one groove. Each groove has one
/// identity however it is named: the north side of `c4` and the south side of `c5` are
/// the same groove.
///
/// Its canonical [`name`](Self::name) is a square and a side: the square below a
/// horizontal groove with `n` (or, on the bottom edge, the square above it with `s`),
/// and the square left of a vertical groove with `e` (or, on the left edge, the square
/// right of it with `w`). Inside the board that is the north or east side of the lower
/// or left cell, as Wall Go names its walls ([`wallgo::Wall`](crate::wallgo::Wall) is a
/// groove off the board edge).
///
/// Grooves are numbered ([`index`](Self::index)) and ordered horizontal ones first:
/// `line · N + file` (line 0 is the bottom edge, line `y` lies below rank `y`), then
/// vertical ones, `N·(N+1) + rank · (N+1) + line` (line 0 is the left edge, line `x` lies
/// left of file `x`). For boards up to 10×10.
///
/// ```
/// use wallrush_territory::grid::{Groove, Side};
/// use wallrush_core::Square;
/// let g = Groove::<6>::of(Square::new(2, 4), Side::South).unwrap();
/// assert_eq!(g, Groove::<6>::of(Square::new(2, 3), Side::North).unwrap());
/// assert_eq!(g.to_string(), "c4n");
/// assert!(Groove::<6>::of(Square::new(0, 0), Side::West).unwrap().is_board_edge());
/// assert_eq!(Groove::<6>::COUNT, 84);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Groove<const N: u8>(u8);

impl<const N: u8> Groove<N> {
    /// How many grooves the board has: `2·N·(N+1)`.
    pub const COUNT: usize = 2 * N as usize * (N as usize + 1);

    /// The number of the first vertical groove.
    const VERTICAL_BASE: u8 = N * (N + 1);

    /// The groove on `side` of `square`, or `None` when the square is off the board.
    pub const fn of(square: Square, side: Side) -> Option<Groove<N>> {
        if !square.is_on(N) {
            return None;
        }
        let (f, r) = (square.file(), square.rank());
        Some(Groove(match side {
            Side::South => r * N + f,
            Side::North => (r + 1) * N + f,
            Side::West => Self::VERTICAL_BASE + r * (N + 1) + f,
            Side::East => Self::VERTICAL_BASE + r * (N + 1) + f + 1,
        }))
    }

    /// The groove with number `i` (see [`index`](Self::index)), if `i < COUNT`.
    pub const fn from_index(i: usize) -> Option<Groove<N>> {
        if i < Self::COUNT {
            Some(Groove(i as u8))
        } else {
            None
        }
    }

    /// The groove's number, `0 .. COUNT`: horizontal grooves first (`line · N + file`,
    /// line 0 being the bottom edge), then vertical ones (`N·(N+1) + rank · (N+1) + line`,
    /// line 0 being the left edge).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Every groove in index order.
    pub fn all() -> impl Iterator<Item = Groove<N>> {
        (0..Self::COUNT as u8).map(Groove)
    }

    /// Horizontal (between ranks, or along the top or bottom edge) or vertical.
    pub const fn orientation(self) -> Orientation {
        if self.0 < Self::VERTICAL_BASE {
            Orientation::Horizontal
        } else {
            Orientation::Vertical
        }
    }

    /// The squares on either side: below and above a horizontal groove, left and right
    /// of a vertical one. A board-edge groove has `None` on its outer side.
    pub const fn squares(self) -> [Option<Square>; 2] {
        if self.0 < Self::VERTICAL_BASE {
            let (line, f) = (self.0 / N, self.0 % N);
            let below = if line > 0 { Some(Square::new(f, line - 1)) } else { None };
            let above = if line < N { Some(Square::new(f, line)) } else { None };
            [below, above]
        } else {
            let v = self.0 - Self::VERTICAL_BASE;
            let (r, line) = (v / (N + 1), v % (N + 1));
            let left = if line > 0 { Some(Square::new(line - 1, r)) } else { None };
            let right = if line < N { Some(Square::new(line, r)) } else { None };
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

    /// Which side of `square` this groove is, if it borders `square`.
    pub fn side_of(self, square: Square) -> Option<Side> {
        let horizontal = matches!(self.orientation(), Orientation::Horizontal);
        match self.squares() {
            [Some(a), _] if a == square => Some(if horizontal { Side::North } else { Side::East }),
            [_, Some(b)] if b == square => Some(if horizontal { Side::South } else { Side::West }),
            _ => None,
        }
    }

    /// The groove's bit in a set of grooves.
    pub(crate) const fn bit(self) -> u128 {
        1 << self.0
    }
}

impl<const N: u8> fmt::Display for Groove<N> {
    /// The canonical name: `c4n`, `a1s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (sq, side) = self.name();
        write!(f, "{sq}{side}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn one_identity_each<const N: u8>() {
        let mut seen = [0u8; 256];
        for f in 0..N {
            for r in 0..N {
                let sq = Square::new(f, r);
                for side in Side::ALL {
                    let g = Groove::<N>::of(sq, side).unwrap();
                    seen[g.index()] += 1;
                    assert!(g.squares().contains(&Some(sq)));
                    assert_eq!(g.side_of(sq), Some(side));
                    assert_eq!(g.is_board_edge(), side.neighbour(sq, N).is_none());
                    let (name_sq, name_side) = g.name();
                    assert_eq!(Groove::<N>::of(name_sq, name_side), Some(g));
                }
            }
        }
        // Interior grooves are named twice, edge grooves once.
        for g in Groove::<N>::all() {
            assert_eq!(seen[g.index()], if g.is_board_edge() { 1 } else { 2 }, "{g}");
            assert_eq!(Groove::<N>::from_index(g.index()), Some(g));
        }
        assert_eq!(Groove::<N>::all().count(), Groove::<N>::COUNT);
        assert_eq!(Groove::<N>::all().filter(|g| g.is_board_edge()).count(), 4 * N as usize);
        assert_eq!(Groove::<N>::from_index(Groove::<N>::COUNT), None);
    }

    #[test]
    fn grooves_have_one_identity_on_both_boards() {
        one_identity_each::<6>();
        one_identity_each::<7>();
        assert_eq!(Groove::<6>::of(Square::new(0, 0), Side::South).unwrap().to_string(), "a1s");
        assert_eq!(Groove::<7>::of(Square::new(2, 3), Side::South).unwrap().to_string(), "c3n");
        assert_eq!(Groove::<6>::of(Square::new(6, 0), Side::North), None);
    }
}
