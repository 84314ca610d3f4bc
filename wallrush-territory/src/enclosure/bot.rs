//! A greedy bot.

use alloc::vec::Vec;

use super::moves::Move;
use super::position::Position;
use wallrush_core::SplitMix64;

/// A bot that plays the move with the best immediate score difference (its score minus
/// the opponent's right after the move), choosing among equally good moves with its own
/// seeded [`SplitMix64`]: [`pick`](SplitMix64::pick) over the ties in
/// [`legal_moves`](Position::legal_moves) order (no draw when there is only one). The same seed and the same
/// positions give the same choices.
///
/// ```
/// use wallrush_territory::enclosure::{Position, GreedyBot};
/// let mut pos = Position::seeded(7);
/// let (mut a, mut b) = (GreedyBot::new(1), GreedyBot::new(2));
/// while let Some(m) = if pos.turn().index() == 0 { a.choose(&pos) } else { b.choose(&pos) } {
///     pos.play(m)?;
/// }
/// assert!(pos.outcome().is_some());
/// # Ok::<(), wallrush_territory::enclosure::Illegal>(())
/// ```
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: SplitMix64,
}

impl GreedyBot {
    /// A bot whose ties are broken by a generator seeded with `seed`.
    pub const fn new(seed: u64) -> GreedyBot {
        GreedyBot { rng: SplitMix64::new(seed) }
    }

    /// A short name for tables and records: `greedy`.
    pub fn name(&self) -> &str {
        "greedy"
    }

    /// The bot's move, or `None` when the game is over.
    pub fn choose(&mut self, pos: &Position) -> Option<Move> {
        let me = pos.turn();
        let mut scratch = pos.clone();
        let mut best = i16::MIN;
        let mut ties = Vec::new();
        for m in pos.legal_moves() {
            let undo = scratch.make(m);
            let s = scratch.scores();
            scratch.unmake(undo);
            let diff = i16::from(s[me]) - i16::from(s[me.other()]);
            if diff > best {
                best = diff;
                ties.clear();
            }
            if diff == best {
                ties.push(m);
            }
        }
        self.rng.pick(&ties).copied()
    }
}
