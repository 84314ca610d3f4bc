//! The benches' seeded draws, over the core's one [`wallrush_core::SplitMix64`]: the same
//! sequence on every machine.

/// The core's SplitMix64 with the draws the position sets use (a multiply-shift `below`
/// on `usize`, `between`, `chance`, and a `pick` that always draws): the sets in
/// `data/perft-midgame.txt` were generated with exactly these draws.
///
/// ```
/// use wallrush_benches::rng::SplitMix64;
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(wallrush_core::SplitMix64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(wallrush_core::SplitMix64::new(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0 .. bound` (Lemire's multiply-shift; the bias is below 2⁻³² for the
    /// small bounds used here).
    ///
    /// # Panics
    /// If `bound` is 0.
    pub fn below(&mut self, bound: usize) -> usize {
        assert!(bound > 0, "below(0) has no value to return");
        ((self.next_u64() as u128 * bound as u128) >> 64) as usize
    }

    /// A number in `lo ..= hi`.
    ///
    /// # Panics
    /// If `lo > hi`.
    pub fn between(&mut self, lo: usize, hi: usize) -> usize {
        assert!(lo <= hi, "empty range {lo} ..= {hi}");
        lo + self.below(hi - lo + 1)
    }

    /// `true` with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    /// A random element of `items`, or `None` when it is empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        (!items.is_empty()).then(|| &items[self.below(items.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_sequence() {
        // Reference values of SplitMix64 seeded with 0 (as in Vigna's splitmix64.c).
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn below_covers_the_range() {
        let mut r = SplitMix64::new(1);
        let mut seen = [false; 6];
        for _ in 0..200 {
            seen[r.below(6)] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert!((0..100).all(|_| (3..=5).contains(&r.between(3, 5))));
    }
}
