//! Cell bitboards: one `u128` for boards up to 11×11, beyond it an array of 64-bit words
//! sized to the board.
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
    /// One component label of the dual graph: a byte while the dual vertices fit one
    /// (up to 15×15: 197 vertices), two bytes beyond.
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

/// A fixed array of 64-bit words, for boards larger than 11×11 (the widths are the
/// `wide_bits!` list below).
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
    fn shl(self, k: u32) -> Self {
        if k < 64 {
            Wide(shl_short(self.0, k))
        } else {
            Wide(shl_long(self.0, k))
        }
    }
}

impl<const W: usize> Shr<u32> for Wide<W> {
    type Output = Self;
    /// Shift towards lower indices.
    #[inline(always)]
    fn shr(self, k: u32) -> Self {
        if k < 64 {
            Wide(shr_short(self.0, k))
        } else {
            Wide(shr_long(self.0, k))
        }
    }
}

// A shift by less than a word (a step east, west, north or south: every shift of a flood)
// is one pass over the words without a branch, unrolled for the width; the carry of word
// `i` is `(a >> 1) >> (63 - k)`, which is 0 for `k == 0` where `a >> (64 - k)` would
// overflow. A longer shift (a wall's edges moved to their anchor) starts at a word offset.

#[inline(always)]
fn shl_short<const W: usize>(a: [u64; W], k: u32) -> [u64; W] {
    let mut out = [0u64; W];
    let mut carry = 0;
    for (o, &x) in out.iter_mut().zip(&a) {
        *o = (x << k) | carry;
        carry = (x >> 1) >> (63 - k);
    }
    out
}

#[inline(always)]
fn shr_short<const W: usize>(a: [u64; W], k: u32) -> [u64; W] {
    let mut out = [0u64; W];
    let mut carry = 0;
    for (o, &x) in out.iter_mut().zip(&a).rev() {
        *o = (x >> k) | carry;
        carry = (x << 1) << (63 - k);
    }
    out
}

#[inline(always)]
#[allow(clippy::needless_range_loop)] // two arrays indexed at an offset
fn shl_long<const W: usize>(a: [u64; W], k: u32) -> [u64; W] {
    let (words, bits) = ((k / 64) as usize, k % 64);
    let mut out = [0u64; W];
    for i in words..W {
        let j = i - words;
        out[i] = a[j] << bits;
        if bits != 0 && j > 0 {
            out[i] |= a[j - 1] >> (64 - bits);
        }
    }
    out
}

#[inline(always)]
#[allow(clippy::needless_range_loop)] // two arrays indexed at an offset
fn shr_long<const W: usize>(a: [u64; W], k: u32) -> [u64; W] {
    let (words, bits) = ((k / 64) as usize, k % 64);
    let mut out = [0u64; W];
    for i in 0..W.saturating_sub(words) {
        let j = i + words;
        out[i] = a[j] >> bits;
        if bits != 0 && j + 1 < W {
            out[i] |= a[j + 1] << (64 - bits);
        }
    }
    out
}

/// `Bits` for a word array of `$w` words; `$labels` union-find slots cover the interior
/// posts of the largest board that fits, plus the border.
macro_rules! wide_bits {
    ($w:literal, $label:ty, $labels:literal) => {
        impl Bits for Wide<$w> {
            const CAPACITY: usize = $w * 64;
            const WORDS: usize = $w;
            type Label = $label;
            type Labels = [$label; $labels];

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
                self.0.iter().fold(0, |acc, &w| acc | w) == 0
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

// The widths `Position` dispatches among (see `Repr` there): the fewest words for each odd
// size to 21×21, then ten words for 23×23 and 25×25, sixteen for 27×27 to 31×31. The
// labels cover the interior posts of the largest board that fits, and the border, in a
// byte while they fit one.
wide_bits!(3, u8, 145); // 13×13: 169 cells, 12² + 1 dual vertices
wide_bits!(4, u8, 197); // 15×15: 225 cells, 14² + 1
wide_bits!(5, u16, 257); // 17×17: 289 cells, 16² + 1
wide_bits!(6, u16, 325); // 19×19: 361 cells, 18² + 1
wide_bits!(7, u16, 401); // 21×21: 441 cells, 20² + 1
wide_bits!(10, u16, 577); // 25×25: 625 cells, 24² + 1
wide_bits!(16, u16, 901); // 31×31: 961 cells, 30² + 1

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

    /// Bit `i` of `a` shifted by `k` towards higher (`up`) or lower indices, one bit at a
    /// time: the reference for the word-wise shifts.
    fn shifted_bitwise<const W: usize>(a: Wide<W>, k: u32, up: bool) -> Wide<W>
    where
        Wide<W>: Bits,
    {
        let mut out = Wide::<W>::empty();
        for i in a.ones() {
            let j = if up { i.checked_add(k as usize) } else { i.checked_sub(k as usize) };
            if let Some(j) = j.filter(|&j| j < W * 64) {
                out |= Wide::<W>::bit(j);
            }
        }
        out
    }

    fn shifts_match_the_bitwise_reference<const W: usize>()
    where
        Wide<W>: Bits,
    {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..4 {
            let mut a = [0u64; W];
            for w in &mut a {
                x = x.rotate_left(17).wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ 0x94D0_49BB_1331_11EB;
                *w = x;
            }
            let a = Wide(a);
            for k in 0..(W as u32 * 64 + 3) {
                assert_eq!(a << k, shifted_bitwise(a, k, true), "{W} words << {k}");
                assert_eq!(a >> k, shifted_bitwise(a, k, false), "{W} words >> {k}");
            }
        }
    }

    #[test]
    fn wide_shifts_match_a_bitwise_reference_at_every_distance() {
        shifts_match_the_bitwise_reference::<3>();
        shifts_match_the_bitwise_reference::<5>();
        shifts_match_the_bitwise_reference::<16>();
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
