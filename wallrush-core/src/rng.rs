//! A small seeded pseudo-random generator for bots and seeded openings.

/// SplitMix64 (Steele, Lea and Flood 2014): a 64-bit seeded generator with a one-word
/// state, good statistical quality and the same stream on every platform.
///
/// It is the only source of chance of the wallrush crates: `wallrush-engine`'s `Beginner`
/// breaks ties with it, its random playouts draw their moves with it and the match runner
/// draws seeded openings with it, so the same seed always gives the same game. Not for
/// cryptography.
///
/// ```
/// use wallrush_core::SplitMix64;
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// let roll = a.below(6);
/// assert!(roll < 6);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The increment of the state, `2⁶⁴ / φ` (the golden gamma): also the odd constant to
    /// multiply an index by when deriving one seed per game or per worker from a base
    /// seed (`seed ^ i.wrapping_mul(SplitMix64::GAMMA)`).
    pub const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

    /// A generator started from `seed` (every seed, 0 included, is fine).
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub const fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(SplitMix64::GAMMA);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The first output of a generator seeded with `seed`: SplitMix64's finaliser, a
    /// fast 64-bit hash of `seed` (the crate's Zobrist keys are made with it).
    ///
    /// ```
    /// use wallrush_core::SplitMix64;
    /// assert_eq!(SplitMix64::mix(7), SplitMix64::new(7).next_u64());
    /// ```
    #[inline(always)]
    pub const fn mix(seed: u64) -> u64 {
        SplitMix64::new(seed).next_u64()
    }

    /// A uniform number in `0 .. n`, without bias (Lemire's multiply-and-reject).
    ///
    /// # Panics
    /// If `n` is 0.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0) has no value to return");
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u128::from(self.next_u64()) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }

    /// A uniformly chosen element of `items`, or `None` when it is empty. Draws from the
    /// generator only when there is a choice to make (two or more items).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        match items.len() {
            0 | 1 => items.first(),
            n => items.get(self.below(n as u64) as usize),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_stream() {
        // First outputs for seed 1234567 from the reference C implementation.
        let mut r = SplitMix64::new(1234567);
        assert_eq!(r.next_u64(), 6457827717110365317);
        assert_eq!(r.next_u64(), 3203168211198807973);
        assert_eq!(r.next_u64(), 9817491932198370423);
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut r = SplitMix64::new(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[r.below(7) as usize] += 1;
        }
        // Each value about 1000 times; a loose bound that a biased or stuck draw breaks.
        assert!(seen.iter().all(|&c| (850..1150).contains(&c)), "{seen:?}");
        assert_eq!(r.below(1), 0);
    }

    #[test]
    fn pick_draws_only_when_there_is_a_choice() {
        let mut r = SplitMix64::new(5);
        let before = r.clone();
        assert_eq!(r.pick::<u8>(&[]), None);
        assert_eq!(r.pick(&[3]), Some(&3));
        assert_eq!(r, before);
        assert!(r.pick(&[1, 2]).is_some());
        assert_ne!(r, before);
    }
}
