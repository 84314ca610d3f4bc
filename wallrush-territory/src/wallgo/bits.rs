//! The 7×7 board as a 49-bit mask in a `u64` (bit `rank * 7 + file`), and the flood fill
//! that everything about regions rests on.
//!
//! Walls are kept as *open-edge* masks with the board edge folded in: bit `i` of `open_n`
//! is set when the groove between cell `i` and the cell above it is free, bit `i` of
//! `open_e` when the groove to the cell on its right is free. The top rank has no
//! `open_n` bits and file g no `open_e` bits, so a shift can never wrap.

/// Cells on a side of the board.
pub(crate) const SIZE: u8 = 7;
/// Cells on the board.
pub(crate) const CELLS: usize = 49;
/// Every cell.
pub(crate) const BOARD: u64 = (1 << CELLS) - 1;
/// Cells with a cell above them (ranks 1–6).
pub(crate) const HAS_NORTH: u64 = (1 << 42) - 1;
/// Cells with a cell to their right (files a–f).
pub(crate) const HAS_EAST: u64 = BOARD & !FILE_G;
const FILE_G: u64 = {
    let mut m = 0;
    let mut r = 0;
    while r < 7 {
        m |= 1 << (r * 7 + 6);
        r += 1;
    }
    m
};

/// Cells one free step from a cell of `m` (not including `m` itself unless reached).
#[inline]
pub(crate) const fn neighbours(m: u64, open_n: u64, open_e: u64) -> u64 {
    ((m & open_e) << 1) | ((m >> 1) & open_e) | ((m & open_n) << 7) | ((m >> 7) & open_n)
}

/// Every cell reachable from `seed` through free grooves.
#[inline]
pub(crate) fn flood(seed: u64, open_n: u64, open_e: u64) -> u64 {
    let mut r = seed;
    loop {
        let next = r | neighbours(r, open_n, open_e);
        if next == r {
            return r;
        }
        r = next;
    }
}

/// The lowest set bit of a non-zero mask, as a mask.
#[inline]
pub(crate) const fn lowest(m: u64) -> u64 {
    m & m.wrapping_neg()
}

/// Iterates the set bits of a mask as cell indices, lowest first.
pub(crate) fn cells(mut m: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        }
    })
}

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
            let region = flood(lowest(rest), open_n, open_e);
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
        let part = flood(1 << a, open_n, open_e);
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
    fn masks() {
        assert_eq!(BOARD.count_ones(), 49);
        assert_eq!(HAS_NORTH.count_ones(), 42);
        assert_eq!(HAS_EAST.count_ones(), 42);
        assert_eq!(HAS_EAST & (1 << 6), 0);
        assert_ne!(HAS_EAST & (1 << 7), 0);
        // No wrap: the east neighbour of g1 is nothing, the west neighbour of a2 too.
        assert_eq!(neighbours(1 << 6, HAS_NORTH, HAS_EAST), (1 << 5) | (1 << 13));
        assert_eq!(neighbours(1 << 7, HAS_NORTH, HAS_EAST), (1 << 8) | (1 << 0) | (1 << 14));
    }

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
