//! The cells of an `N × N` board as bits of a `u64` (bit `rank · N + file`, so up to
//! 8×8), and the flood fill that everything about regions rests on.
//!
//! Walls are kept as *open-edge* masks with the board edge folded in: bit `i` of
//! `open_n` is set when the groove between cell `i` and the cell above it is free, bit
//! `i` of `open_e` when the groove to the cell on its right is free. The top rank has no
//! `open_n` bits and the last file no `open_e` bits, so a shift never wraps.

use wallrush_core::Square;

/// The bit masks of the `N × N` board.
pub(crate) struct Board<const N: u8>;

impl<const N: u8> Board<N> {
    /// Cells on the board.
    pub(crate) const CELLS: usize = N as usize * N as usize;
    /// Every cell.
    pub(crate) const ALL: u64 = (1 << Self::CELLS) - 1;
    /// Cells with a cell above them (all but the top rank).
    pub(crate) const HAS_NORTH: u64 = Self::ALL & !Self::rank(N - 1);
    /// Cells with a cell to their right (all but the last file).
    pub(crate) const HAS_EAST: u64 = Self::ALL & !Self::file(N - 1);

    /// The cells of file `file` (0 = a).
    pub(crate) const fn file(file: u8) -> u64 {
        let mut m = 0;
        let mut r = 0;
        while r < N {
            m |= 1 << (r as u32 * N as u32 + file as u32);
            r += 1;
        }
        m
    }

    /// The cells of rank `rank` (0 = rank 1).
    pub(crate) const fn rank(rank: u8) -> u64 {
        ((1 << N) - 1) << (rank as u32 * N as u32)
    }

    /// The cell index of `sq`: `rank · N + file`.
    pub(crate) const fn index(sq: Square) -> usize {
        sq.rank() as usize * N as usize + sq.file() as usize
    }

    /// The square of cell index `i`.
    pub(crate) const fn square(i: usize) -> Square {
        Square::new((i % N as usize) as u8, (i / N as usize) as u8)
    }

    /// The bit of `sq`, which must lie on the board.
    pub(crate) const fn bit(sq: Square) -> u64 {
        1 << Self::index(sq)
    }

    /// The cells of a mask as squares, in cell order (rank, then file).
    pub(crate) fn squares(mask: u64) -> impl Iterator<Item = Square> {
        cells(mask).map(Self::square)
    }

    /// Cells one free step from a cell of `m` (not including `m` itself unless reached).
    #[inline]
    pub(crate) const fn neighbours(m: u64, open_n: u64, open_e: u64) -> u64 {
        ((m & open_e) << 1) | ((m >> 1) & open_e) | ((m & open_n) << N) | ((m >> N) & open_n)
    }

    /// Every cell reachable from `seed` through free grooves.
    #[inline]
    pub(crate) fn flood(seed: u64, open_n: u64, open_e: u64) -> u64 {
        let mut r = seed;
        loop {
            let next = r | Self::neighbours(r, open_n, open_e);
            if next == r {
                return r;
            }
            r = next;
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    type Seven = Board<7>;
    type Six = Board<6>;

    #[test]
    fn masks() {
        assert_eq!(Seven::ALL.count_ones(), 49);
        assert_eq!(Seven::HAS_NORTH, (1 << 42) - 1);
        assert_eq!(Seven::HAS_NORTH.count_ones(), 42);
        assert_eq!(Seven::HAS_EAST.count_ones(), 42);
        assert_eq!(Seven::HAS_EAST & (1 << 6), 0);
        assert_ne!(Seven::HAS_EAST & (1 << 7), 0);
        assert_eq!(Six::ALL, (1 << 36) - 1);
        assert_eq!(Six::rank(5), 0b11_1111 << 30);
        assert_eq!(Six::file(0).count_ones(), 6);
        // No wrap: the east neighbour of g1 is nothing, the west neighbour of a2 too.
        let (n, e) = (Seven::HAS_NORTH, Seven::HAS_EAST);
        assert_eq!(Seven::neighbours(1 << 6, n, e), (1 << 5) | (1 << 13));
        assert_eq!(Seven::neighbours(1 << 7, n, e), (1 << 8) | (1 << 0) | (1 << 14));
    }

    #[test]
    fn flood_stays_on_board() {
        assert_eq!(Six::flood(1, Six::HAS_NORTH, Six::HAS_EAST), Six::ALL);
        assert_eq!(Six::flood(1, 0, 0), 1);
        assert_eq!(Seven::flood(1 << 48, Seven::HAS_NORTH, Seven::HAS_EAST), Seven::ALL);
        for i in 0..36 {
            assert_eq!(Six::index(Six::square(i)), i);
        }
    }
}
