//! Helpers the territory test suites share: golden files and the random draws of the
//! random games.
#![allow(dead_code)]

use wallrush_core::SplitMix64;

#[path = "../../../wallrush-core/tests/common/golden.rs"]
mod golden_file;
pub use golden_file::golden;

/// A draw in `0 .. n` from the library's generator, reduced by remainder: the draws the
/// random games of these suites were written with.
pub fn below(rng: &mut SplitMix64, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}
