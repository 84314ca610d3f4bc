//! Zobrist keys, computed on the fly with SplitMix64 (no table to initialise, same keys
//! on every platform and every run).

use crate::SplitMix64;

#[inline(always)]
const fn mix(z: u64) -> u64 {
    SplitMix64::mix(z)
}

#[inline(always)]
pub(crate) fn pawn(seat: usize, cell: usize) -> u64 {
    mix(0x1000_0000 | (seat as u64) << 12 | cell as u64)
}

#[inline(always)]
pub(crate) fn wall(horizontal: bool, anchor: usize) -> u64 {
    mix(0x2000_0000 | (horizontal as u64) << 12 | anchor as u64)
}

#[inline(always)]
pub(crate) fn walls_left(seat: usize, left: u8) -> u64 {
    mix(0x3000_0000 | (seat as u64) << 12 | left as u64)
}

#[inline(always)]
pub(crate) fn turn(seat: usize) -> u64 {
    mix(0x4000_0000 | seat as u64)
}

#[inline(always)]
pub(crate) fn resigned(seat: usize) -> u64 {
    mix(0x5000_0000 | seat as u64)
}
