//! The 7×7 board as a 49-bit mask in a `u64` (bit `rank * 7 + file`, see
//! [`grid::bits`](crate::grid::bits)), and the region cache kept up to date as walls come
//! and go.

use crate::grid::bits::{lowest, Board};

/// The 7×7 board's masks.
pub(crate) type Cells = Board<{ super::SIZE }>;
/// Cells on the board.
const CELLS: usize = Cells::CELLS;
/// Every cell.
pub(crate) const BOARD: u64 = Cells::ALL;
/// Cells with a cell above them (ranks 1–6).
pub(crate) const HAS_NORTH: u64 = Cells::HAS_NORTH;
/// Cells with a cell to their right (files a–f).
pub(crate) const HAS_EAST: u64 = Cells::HAS_EAST;

/// The regions of the board: a partition of the 49 cells into connected parts, kept in
/// canonical order (by lowest cell) so that two equal partitions compare equal.
#[derive(Clone, Debug)]
pub(crate) struct Regions {
    masks: [u64; CELLS],
    len: u8,
}

impl Regions {
    /// The regions computed from scratch by flood fill.
    pub(crate) fn fresh(open_n: u64, open_e: u64) -> Regions {
        let mut out = Regions { masks: [0; CELLS], len: 0 };
        let mut rest = BOARD;
        while rest != 0 {
            let region = Cells::flood(lowest(rest), open_n, open_e);
            out.masks[out.len as usize] = region;
            out.len += 1;
            rest &= !region;
        }
        out
    }

    pub(crate) fn as_slice(&self) -> &[u64] {
        &self.masks[..self.len as usize]
    }

    fn index_of(&self, cell: usize) -> usize {
        let bit = 1u64 << cell;
        self.as_slice().iter().position(|&r| r & bit != 0).expect("regions cover the board")
    }

    /// The region holding `cell`.
    pub(crate) fn of(&self, cell: usize) -> u64 {
        self.masks[self.index_of(cell)]
    }

    /// Updates the partition after the groove between adjacent cells `a` and `b` was
    /// walled; `open_n`/`open_e` already include the new wall. Only the region of `a` and
    /// `b` can split, and only in two.
    pub(crate) fn wall_added(&mut self, a: usize, b: usize, open_n: u64, open_e: u64) {
        let i = self.index_of(a);
        let region = self.masks[i];
        let part = Cells::flood(1 << a, open_n, open_e);
        if part & (1 << b) != 0 {
            return;
        }
        let other = region & !part;
        let (keep, new) = if part & lowest(region) != 0 { (part, other) } else { (other, part) };
        self.masks[i] = keep;
        // Insert `new` in order of lowest cell; it sorts after `keep`.
        let key = new.trailing_zeros();
        let len = self.len as usize;
        let at = (i + 1..len).find(|&j| self.masks[j].trailing_zeros() > key).unwrap_or(len);
        self.masks.copy_within(at..len, at + 1);
        self.masks[at] = new;
        self.len += 1;
    }

    /// Updates the partition after the wall between adjacent cells `a` and `b` was
    /// removed: their two regions, if different, merge.
    pub(crate) fn wall_removed(&mut self, a: usize, b: usize) {
        let (i, j) = (self.index_of(a), self.index_of(b));
        if i == j {
            return;
        }
        let (lo, hi) = if i < j { (i, j) } else { (j, i) };
        self.masks[lo] |= self.masks[hi];
        let len = self.len as usize;
        self.masks.copy_within(hi + 1..len, hi);
        self.masks[len - 1] = 0;
        self.len -= 1;
    }
}

impl PartialEq for Regions {
    fn eq(&self, other: &Regions) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Regions {}

impl core::hash::Hash for Regions {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_and_merge_match_fresh() {
        // Wall off a1 from b1 and a2: two walls, the second splits.
        let (mut on, mut oe) = (HAS_NORTH, HAS_EAST);
        let mut r = Regions::fresh(on, oe);
        assert_eq!(r.as_slice(), &[BOARD]);
        oe &= !1;
        r.wall_added(0, 1, on, oe);
        assert_eq!(r, Regions::fresh(on, oe));
        on &= !1;
        r.wall_added(0, 7, on, oe);
        assert_eq!(r, Regions::fresh(on, oe));
        assert_eq!(r.as_slice(), &[1, BOARD & !1]);
        oe |= 1;
        r.wall_removed(0, 1);
        assert_eq!(r, Regions::fresh(on, oe));
        assert_eq!(r.as_slice(), &[BOARD]);
    }
}
