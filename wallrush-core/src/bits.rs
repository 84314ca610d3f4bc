//! Cell bitboards: one `u128` for boards up to 11×11, a word array beyond.
//!
//! A cell `(file, rank)` of an `n × n` board is bit `rank * n + file`, with no padding.
//! Shifting by 1 moves east/west and by `n` north/south; masks with the board border
//! folded in (see `board::geometry`) make sure a shift never wraps into a wrong cell.

use core::fmt::Debug;
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// The operations the board needs from a set of cells.
pub(crate) trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// How many cells fit.
    const CAPACITY: usize;
    /// How many 64-bit words hold the set.
    const WORDS: usize;
    /// One component label of the dual graph: a byte when the board fits a `u128` (at
    /// most 101 dual vertices), two bytes beyond.
    type Label: Label;
    /// The component labels of the dual vertices: slot 0 is the border, slot `q + 1`
    /// interior post `q`.
    type Labels: Copy + Eq + Hash + Debug + AsRef<[Self::Label]> + AsMut<[Self::Label]>;

    fn empty() -> Self;
    fn labels() -> Self::Labels;
    fn bit(i: usize) -> Self;
    fn has(self, i: usize) -> bool;
    fn is_empty(self) -> bool;
    fn count(self) -> u32;
    /// Index of the lowest set bit; the set must not be empty.
    fn lowest(self) -> usize;
    /// Word `i` of the set (bits `64 i .. 64 i + 64`), for `i < WORDS`.
    fn word(self, i: usize) -> u64;

    #[inline]
    fn intersects(self, other: Self) -> bool {
        !(self & other).is_empty()
    }

    #[inline]
    fn ones(self) -> Ones<Self> {
        Ones::new(self)
    }
}

/// A dual-graph component label: an unsigned integer narrow enough to keep the label
/// array small (see [`Bits::Label`]).
pub(crate) trait Label: Copy + Eq + Ord + Hash + Debug {
    /// The label of vertex index `v` (which must fit).
    fn of(v: usize) -> Self;
    /// The label as an index.
    fn index(self) -> usize;
}

impl Label for u8 {
    #[inline(always)]
    fn of(v: usize) -> u8 {
        debug_assert!(v <= u8::MAX as usize);
        v as u8
    }
    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
}

impl Label for u16 {
    #[inline(always)]
    fn of(v: usize) -> u16 {
        debug_assert!(v <= u16::MAX as usize);
        v as u16
    }
    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
}

/// Iterator over the set bits of a [`Bits`], lowest first, one 64-bit word at a time
/// (a `trailing_zeros` and a clear-lowest per bit, whatever the width).
pub(crate) struct Ones<B> {
    bits: B,
    /// The index of `word` in `bits`.
    i: usize,
    /// What is left of word `i`.
    word: u64,
}

impl<B: Bits> Ones<B> {
    #[inline]
    fn new(bits: B) -> Ones<B> {
        Ones { bits, i: 0, word: bits.word(0) }
    }
}

impl<B: Bits> Iterator for Ones<B> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word == 0 {
            self.i += 1;
            if self.i >= B::WORDS {
                return None;
            }
            self.word = self.bits.word(self.i);
        }
        let t = self.word.trailing_zeros() as usize;
        self.word &= self.word - 1;
        Some(self.i * 64 + t)
    }

    /// Exact: lets `extend` reserve once and write without per-item capacity checks.
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let rest: u32 = (self.i + 1..B::WORDS).map(|i| self.bits.word(i).count_ones()).sum();
        let c = (self.word.count_ones() + rest) as usize;
        (c, Some(c))
    }
}

impl<B: Bits> ExactSizeIterator for Ones<B> {}

impl Bits for u128 {
    const CAPACITY: usize = 128;
    const WORDS: usize = 2;
    type Label = u8;
    type Labels = [u8; 101];

    #[inline]
    fn empty() -> Self {
        0
    }
    #[inline]
    fn labels() -> Self::Labels {
        [0; 101]
    }
    #[inline]
    fn bit(i: usize) -> Self {
        1u128 << i
    }
    #[inline]
    fn has(self, i: usize) -> bool {
        (self >> i) & 1 != 0
    }
    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn lowest(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline]
    fn word(self, i: usize) -> u64 {
        (self >> (64 * i)) as u64
    }
}

/// A fixed array of 64-bit words, for boards larger than 11×11.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Wide<const W: usize>(pub(crate) [u64; W]);

impl<const W: usize> Default for Wide<W> {
    fn default() -> Self {
        Wide([0; W])
    }
}

macro_rules! wide_binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt, $opa:tt) => {
        impl<const W: usize> $tr for Wide<W> {
            type Output = Self;
            #[inline]
            fn $f(self, rhs: Self) -> Self {
                let mut out = self.0;
                for (o, r) in out.iter_mut().zip(rhs.0) {
                    *o $opa r;
                }
                Wide(out)
            }
        }
        impl<const W: usize> $tra for Wide<W> {
            #[inline]
            fn $fa(&mut self, rhs: Self) {
                for (o, r) in self.0.iter_mut().zip(rhs.0) {
                    *o $opa r;
                }
            }
        }
    };
}
wide_binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &, &=);
wide_binop!(BitOr, bitor, BitOrAssign, bitor_assign, |, |=);
wide_binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^, ^=);

impl<const W: usize> Not for Wide<W> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        Wide(self.0.map(|w| !w))
    }
}

impl<const W: usize> Shl<u32> for Wide<W> {
    type Output = Self;
    /// Shift towards higher indices; bits shifted past the end are lost.
    #[inline(always)]
    #[allow(clippy::needless_range_loop)] // two arrays indexed at an offset
    fn shl(self, k: u32) -> Self {
        let (words, bits) = ((k / 64) as usize, k % 64);
        let a = self.0;
        let mut out = [0u64; W];
        for i in words..W {
            let j = i - words;
            out[i] = a[j] << bits;
            if bits != 0 && j > 0 {
                out[i] |= a[j - 1] >> (64 - bits);
            }
        }
        Wide(out)
    }
}

impl<const W: usize> Shr<u32> for Wide<W> {
    type Output = Self;
    /// Shift towards lower indices.
    #[inline(always)]
    #[allow(clippy::needless_range_loop)] // two arrays indexed at an offset
    fn shr(self, k: u32) -> Self {
        let (words, bits) = ((k / 64) as usize, k % 64);
        let a = self.0;
        let mut out = [0u64; W];
        for i in 0..W.saturating_sub(words) {
            let j = i + words;
            out[i] = a[j] >> bits;
            if bits != 0 && j + 1 < W {
                out[i] |= a[j + 1] << (64 - bits);
            }
        }
        Wide(out)
    }
}

/// `Bits` for a word array of `$w` words; `$labels` union-find slots cover the interior
/// posts of the largest board that fits, plus the border.
macro_rules! wide_bits {
    ($w:literal, $labels:literal) => {
        impl Bits for Wide<$w> {
            const CAPACITY: usize = $w * 64;
            const WORDS: usize = $w;
            type Label = u16;
            type Labels = [u16; $labels];

            #[inline]
            fn empty() -> Self {
                Wide([0; $w])
            }
            #[inline]
            fn labels() -> Self::Labels {
                [0; $labels]
            }
            #[inline]
            fn bit(i: usize) -> Self {
                let mut w = [0u64; $w];
                w[i / 64] = 1u64 << (i % 64);
                Wide(w)
            }
            #[inline]
            fn has(self, i: usize) -> bool {
                (self.0[i / 64] >> (i % 64)) & 1 != 0
            }
            #[inline]
            fn is_empty(self) -> bool {
                self.0.iter().all(|&w| w == 0)
            }
            #[inline]
            fn count(self) -> u32 {
                self.0.iter().map(|w| w.count_ones()).sum()
            }
            #[inline]
            fn lowest(self) -> usize {
                for (i, &w) in self.0.iter().enumerate() {
                    if w != 0 {
                        return i * 64 + w.trailing_zeros() as usize;
                    }
                }
                usize::MAX
            }
            #[inline]
            fn word(self, i: usize) -> u64 {
                self.0[i]
            }
        }
    };
}

// 25×25 (625 cells, 24² posts) and 31×31 (961 cells, 30² posts).
wide_bits!(10, 577);
wide_bits!(16, 901);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_shifts_cross_words() {
        let b = Wide::<16>::bit(63);
        assert!((b << 1).has(64));
        assert!((b << 31).has(94));
        assert!((Wide::<16>::bit(64) >> 1).has(63));
        assert!((Wide::<16>::bit(1023) << 1).is_empty());
        assert_eq!(Wide::<16>::bit(700).ones().collect::<alloc::vec::Vec<_>>(), [700]);
        assert!((Wide::<16>::bit(5) << 200).has(205));
        assert!((Wide::<16>::bit(205) >> 200).has(5));
        assert!((Wide::<16>::bit(130) >> 64).has(66));
    }

    #[test]
    fn u128_ones() {
        let b = u128::bit(3) | u128::bit(100);
        assert_eq!(b.ones().collect::<alloc::vec::Vec<_>>(), [3, 100]);
        assert_eq!(b.count(), 2);
        assert_eq!((b.word(0), b.word(1)), (1 << 3, 1 << 36));
        assert_eq!(Wide::<10>::bit(130).word(2), 1 << 2);
    }
}
