//! A tiny seeded generator, so that seeded choices are the same on every platform and in
//! every language that reimplements them.

use super::board::Player;

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state advanced by
/// `0x9e3779b97f4a7c15` and mixed on output. Small, fast and fully specified, so a seed
/// means the same everywhere.
///
/// ```
/// use wallrush_core::enclosure::SplitMix64;
/// let mut rng = SplitMix64::new(0);
/// assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
/// assert!(rng.below(6) < 6);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` from the next output, `(next_u64 × n) >> 64` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// The player who moves first in a game seeded with `seed`: player 1 when the top bit
/// of the first [`SplitMix64`] output is 0, else player 2.
///
/// ```
/// use wallrush_core::enclosure::{first_player, Player};
/// let firsts: Vec<Player> = (0..64).map(first_player).collect();
/// assert!(firsts.contains(&Player::One) && firsts.contains(&Player::Two));
/// ```
pub fn first_player(seed: u64) -> Player {
    if SplitMix64::new(seed).next_u64() >> 63 == 0 {
        Player::One
    } else {
        Player::Two
    }
}
