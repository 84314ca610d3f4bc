//! Sets of wall slots, the bulk form of the legal walls ([`Position::legal_walls`]).
//!
//! [`Position::legal_walls`]: crate::Position::legal_walls

use core::fmt;
use core::iter::{Chain, FusedIterator};

use crate::bits::{Bits, Wide};
use crate::{Orientation, Square, Variant, Wall};

/// Words of the widest board (31×31 = 961 cells).
const WORDS: usize = 16;
const _: () = assert!(<Wide<16> as Bits>::WORDS == WORDS);

/// A set of wall slots of one orientation on one board: one bit per anchor cell, for any
/// board size and wall length.
///
/// Iterating yields the walls in anchor order (rank by rank, each from file a), the order
/// of [`Position::legal_moves`](crate::Position::legal_moves).
///
/// ```
/// use wallrush_core::{Orientation, Position};
/// let vertical = Position::classic().legal_walls().vertical;
/// assert_eq!(vertical.orientation(), Orientation::Vertical);
/// assert_eq!(vertical.len(), 64);
/// assert!(vertical.contains("h8v".parse()?));
/// assert!(!vertical.contains("h8h".parse()?) && !vertical.contains("i8v".parse()?));
/// assert_eq!(vertical.iter().nth(9), Some("b2v".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct WallSet {
    /// Bit `rank * size + file` is the wall anchored at `(file, rank)`.
    words: [u64; WORDS],
    /// The words that can hold a cell of the board.
    used: u8,
    size: u8,
    length: u8,
    orientation: Orientation,
}

impl WallSet {
    /// The walls of `orientation` anchored at the cells of `anchors`, on `variant`'s board.
    pub(crate) fn from_anchors<B: Bits>(anchors: B, orientation: Orientation, variant: Variant) -> WallSet {
        let mut words = [0; WORDS];
        for (i, w) in words.iter_mut().enumerate().take(B::WORDS) {
            *w = anchors.word(i);
        }
        let cells = variant.size() as usize * variant.size() as usize;
        WallSet {
            words,
            used: cells.div_ceil(64) as u8,
            size: variant.size(),
            length: variant.wall_length(),
            orientation,
        }
    }

    /// The orientation of every wall of the set.
    pub const fn orientation(&self) -> Orientation {
        self.orientation
    }

    /// How many walls are in the set.
    pub fn len(&self) -> usize {
        self.words[..self.used as usize].iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set has no wall.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Whether `wall` is in the set (always false for a wall of the other orientation or
    /// one that does not lie on the board).
    pub fn contains(&self, wall: Wall) -> bool {
        if wall.orientation() != self.orientation || !wall.is_on(self.size, self.length) {
            return false;
        }
        let c = wall.anchor().index(self.size);
        self.words[c / 64] >> (c % 64) & 1 != 0
    }

    /// The walls of the set, in anchor order.
    pub fn iter(&self) -> WallSetIter {
        WallSetIter { set: *self, word: 0, row_start: 0, rank: 0 }
    }
}

impl fmt::Debug for WallSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl IntoIterator for WallSet {
    type Item = Wall;
    type IntoIter = WallSetIter;
    fn into_iter(self) -> WallSetIter {
        self.iter()
    }
}

impl IntoIterator for &WallSet {
    type Item = Wall;
    type IntoIter = WallSetIter;
    fn into_iter(self) -> WallSetIter {
        self.iter()
    }
}

/// The walls of a [`WallSet`], in anchor order.
#[derive(Clone, Debug)]
pub struct WallSetIter {
    /// What is left to yield.
    set: WallSet,
    /// The first word that may still hold a bit.
    word: usize,
    /// The first cell of the rank the last wall was on, and that rank: anchors come in
    /// ascending cell order, so walking the ranks along turns cells into squares without
    /// dividing.
    row_start: usize,
    rank: u8,
}

impl Iterator for WallSetIter {
    type Item = Wall;

    #[inline]
    fn next(&mut self) -> Option<Wall> {
        let words = &mut self.set.words;
        while self.word < self.set.used as usize && words[self.word] == 0 {
            self.word += 1;
        }
        let w = words.get_mut(self.word).filter(|w| **w != 0)?;
        let c = self.word * 64 + w.trailing_zeros() as usize;
        *w &= *w - 1;
        let n = self.set.size as usize;
        while c >= self.row_start + n {
            self.row_start += n;
            self.rank += 1;
        }
        let anchor = Square::new((c - self.row_start) as u8, self.rank);
        Some(Wall::new(anchor, self.set.orientation))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.set.len();
        (left, Some(left))
    }
}

impl ExactSizeIterator for WallSetIter {}

impl FusedIterator for WallSetIter {}

/// The legal walls of a position, one [`WallSet`] per orientation: what
/// [`Position::legal_walls`](crate::Position::legal_walls) returns.
///
/// Iterating yields the horizontal walls, then the vertical ones, each in anchor order:
/// the walls of [`Position::legal_moves`](crate::Position::legal_moves), in its order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LegalWalls {
    /// The legal horizontal walls.
    pub horizontal: WallSet,
    /// The legal vertical walls.
    pub vertical: WallSet,
}

impl LegalWalls {
    /// How many walls are legal.
    pub fn len(&self) -> usize {
        self.horizontal.len() + self.vertical.len()
    }

    /// Whether no wall is legal.
    pub fn is_empty(&self) -> bool {
        self.horizontal.is_empty() && self.vertical.is_empty()
    }

    /// Whether `wall` is legal.
    pub fn contains(&self, wall: Wall) -> bool {
        match wall.orientation() {
            Orientation::Horizontal => self.horizontal.contains(wall),
            Orientation::Vertical => self.vertical.contains(wall),
        }
    }

    /// The legal walls: horizontal ones first, each orientation in anchor order.
    pub fn iter(&self) -> Chain<WallSetIter, WallSetIter> {
        self.horizontal.iter().chain(self.vertical.iter())
    }
}

impl IntoIterator for &LegalWalls {
    type Item = Wall;
    type IntoIter = Chain<WallSetIter, WallSetIter>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for LegalWalls {
    type Item = Wall;
    type IntoIter = Chain<WallSetIter, WallSetIter>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Goal;
    use alloc::vec::Vec;

    #[test]
    fn sets_of_every_width_read_back_their_anchors() {
        for (size, length) in [(3, 2), (9, 2), (11, 5), (13, 2), (25, 3), (27, 2), (31, 30)] {
            let v = Variant::new(size, 2, 0, length, Goal::Edge).unwrap();
            let (size, n) = (v.size(), size as usize);
            // Anchors on the first and last legal rank and file, and one in the middle.
            let last = n - length as usize;
            let anchors = [(0, 0), (last, 0), (0, n - 2), ((n / 2).min(last), n / 2 - 1)];
            let walls: Vec<Wall> =
                anchors.iter().map(|&(f, r)| Wall::horizontal(Square::new(f as u8, r as u8))).collect();
            let mut mask = Wide::<16>::empty();
            for w in &walls {
                mask |= Wide::<16>::bit(w.anchor().index(size));
            }
            let set = WallSet::from_anchors(mask, Orientation::Horizontal, v);
            let mut want = walls.clone();
            want.sort_by_key(|w| w.anchor().index(size));
            want.dedup();
            assert_eq!(set.iter().collect::<Vec<_>>(), want, "{v}");
            assert_eq!((set.len(), set.iter().len()), (want.len(), want.len()));
            assert!(walls.iter().all(|&w| set.contains(w)));
            assert!(!set.contains(Wall::vertical(walls[0].anchor())));
            assert!(!set.contains(Wall::horizontal(Square::new(size - 1, 0))), "off the board");
            assert!(!set.is_empty());
        }
        let empty = WallSet::from_anchors(0u128, Orientation::Vertical, Variant::classic());
        assert!(empty.is_empty() && empty.iter().next().is_none());
        assert_eq!(empty.len(), 0);
    }
}
