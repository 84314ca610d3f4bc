//! The bit masks of the naive flood-per-slot reference: `u128` for boards up to 11×11,
//! [`Wide`] (16 words, up to 31×31) beyond. Written here, apart from the library's own.

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Shl, Shr};

/// A set of cells, one bit per cell index `rank * n + file`.
pub trait Mask:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// Cells the mask can hold.
    const CAPACITY: usize;
    /// No cell.
    fn empty() -> Self;
    /// Cell `i` alone.
    fn bit(i: usize) -> Self;
    /// Whether cell `i` is in the set.
    fn has(self, i: usize) -> bool;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// Number of cells in the set.
    fn count(self) -> u32;
    /// Whether the two sets share a cell.
    fn intersects(self, other: Self) -> bool {
        !(self & other).is_empty()
    }
}

impl Mask for u128 {
    const CAPACITY: usize = 128;
    #[inline(always)]
    fn empty() -> u128 {
        0
    }
    #[inline(always)]
    fn bit(i: usize) -> u128 {
        1 << i
    }
    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self >> i & 1 != 0
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
}

/// Words of a [`Wide`] mask.
pub const WORDS: usize = 16;

/// 1,024 bits in 16 words: any board up to 31×31.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wide(pub [u64; WORDS]);

impl Mask for Wide {
    const CAPACITY: usize = 64 * WORDS;
    #[inline(always)]
    fn empty() -> Wide {
        Wide([0; WORDS])
    }
    #[inline(always)]
    fn bit(i: usize) -> Wide {
        let mut w = [0; WORDS];
        w[i / 64] = 1 << (i % 64);
        Wide(w)
    }
    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
}

macro_rules! wide_bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Wide {
            type Output = Wide;
            #[inline(always)]
            fn $f(self, o: Wide) -> Wide {
                Wide(core::array::from_fn(|i| self.0[i] $op o.0[i]))
            }
        }
        impl $tra for Wide {
            #[inline(always)]
            fn $fa(&mut self, o: Wide) {
                *self = *self $op o;
            }
        }
    };
}
wide_bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wide_bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);

impl Not for Wide {
    type Output = Wide;
    #[inline(always)]
    fn not(self) -> Wide {
        Wide(self.0.map(|w| !w))
    }
}

impl Shl<u32> for Wide {
    type Output = Wide;
    /// Towards higher cell indices.
    #[inline(always)]
    fn shl(self, s: u32) -> Wide {
        let (words, bits) = ((s / 64) as usize, s % 64);
        Wide(core::array::from_fn(|i| {
            if i < words {
                return 0;
            }
            let lo = self.0[i - words];
            if bits == 0 {
                lo
            } else {
                let below = if i > words { self.0[i - words - 1] >> (64 - bits) } else { 0 };
                lo << bits | below
            }
        }))
    }
}

impl Shr<u32> for Wide {
    type Output = Wide;
    /// Towards lower cell indices.
    #[inline(always)]
    fn shr(self, s: u32) -> Wide {
        let (words, bits) = ((s / 64) as usize, s % 64);
        Wide(core::array::from_fn(|i| {
            if i + words >= WORDS {
                return 0;
            }
            let hi = self.0[i + words];
            if bits == 0 {
                hi
            } else {
                let above = if i + words + 1 < WORDS { self.0[i + words + 1] << (64 - bits) } else { 0 };
                hi >> bits | above
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_shifts_cross_words() {
        for i in [0, 5, 63, 64, 100, 600] {
            for s in [1, 9, 25, 64, 70] {
                let w = Wide::bit(i) << s;
                assert!(w.has(i + s as usize) && w.count() == 1, "{i} << {s}");
                let back = w >> s;
                assert_eq!(back, Wide::bit(i));
            }
        }
        assert!((Wide::bit(1023) << 1).is_empty());
        assert!((Wide::bit(0) >> 1).is_empty());
    }
}
