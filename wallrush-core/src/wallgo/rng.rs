//! A tiny seeded generator for the timeout action and the bot.

/// SplitMix64: a small, fast, seedable generator with good statistical quality, fully
/// determined by its seed on every platform. Not for cryptography.
///
/// ```
/// use wallrush_core::wallgo::WallGoRng;
/// let mut a = WallGoRng::new(7);
/// let mut b = WallGoRng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct WallGoRng {
    state: u64,
}

impl WallGoRng {
    /// A generator starting from `seed`.
    pub const fn new(seed: u64) -> WallGoRng {
        WallGoRng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (multiply-shift; bias below 2⁻⁵⁶ for the small `n` used here).
    ///
    /// # Panics
    /// If `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0) has no value");
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values_and_range() {
        // SplitMix64 reference output for seed 0.
        let mut r = WallGoRng::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        let mut seen = [false; 5];
        for _ in 0..200 {
            seen[r.below(5)] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
