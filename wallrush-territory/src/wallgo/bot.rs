//! A greedy Wall Go bot.

use super::{Move, Position};
use wallrush_core::SplitMix64;

/// Plays the move with the best immediate score difference: after the move, the mover's
/// territory score minus the best score among the other players. Moves that tie are
/// chosen between uniformly at random with a seeded generator, so a seed fixes every
/// choice.
///
/// It looks one move ahead and no further: until territories start to close it plays
/// uniformly random legal moves.
///
/// ```
/// use wallrush_territory::wallgo::{GreedyBot, Position};
/// let mut pos = Position::two_player();
/// let mut bot = GreedyBot::new(42);
/// while let Some(m) = bot.choose(&pos) {
///     pos.play(m)?;
/// }
/// assert!(pos.outcome().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct GreedyBot {
    rng: SplitMix64,
}

impl GreedyBot {
    /// A bot whose tie-breaks come from `seed`.
    pub const fn new(seed: u64) -> GreedyBot {
        GreedyBot { rng: SplitMix64::new(seed) }
    }

    /// The bot's move, or `None` when the game is over.
    pub fn choose(&mut self, pos: &Position) -> Option<Move> {
        let mover = pos.turn();
        let mut scratch = pos.clone();
        let mut best: Option<(i32, Move)> = None;
        let mut ties = 0usize;
        for m in pos.legal_moves() {
            let undo = scratch.make(m);
            let scores = scratch.scores();
            scratch.unmake(undo);
            let others =
                pos.player_list().filter(|&p| p != mover).map(|p| i32::from(scores[p])).max().unwrap_or(0);
            let diff = i32::from(scores[mover]) - others;
            match best {
                Some((b, _)) if diff < b => {}
                Some((b, _)) if diff == b => {
                    // Reservoir sampling: the k-th tie replaces the choice with chance 1/k.
                    ties += 1;
                    if self.rng.below(ties as u64) == 0 {
                        best = Some((diff, m));
                    }
                }
                _ => {
                    best = Some((diff, m));
                    ties = 1;
                }
            }
        }
        best.map(|(_, m)| m)
    }
}
