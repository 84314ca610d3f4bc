//! Random playouts for agents: batches of games in which every seat plays a uniformly
//! random legal move (walls included), each game seeded on its own so that a batch gives
//! the same games however it is split.
//!
//! ```
//! use wallrush_core::Variant;
//! use wallrush_engine::playout::RandomPlayouts;
//! let playouts = RandomPlayouts::new(Variant::classic(), 7).keep_moves(true);
//! let games = playouts.run(20);
//! assert_eq!(games.len(), 20);
//! assert_eq!(games[3], playouts.play(3)); // game 3 on its own is the same game
//! assert!(games.iter().all(|g| g.moves.len() == g.plies as usize));
//! assert!(games.iter().all(|g| g.outcome.is_some() || g.plies == 4 * 9 * 9));
//! ```

use alloc::vec::Vec;

use wallrush_core::{Move, Outcome, Position, SplitMix64, Variant};

/// One random game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Playout {
    /// Plies played.
    pub plies: u32,
    /// How the game ended; `None` when the ply cap stopped it first.
    pub outcome: Option<Outcome>,
    /// The moves played, from the variant's start position; empty unless the playouts
    /// keep their moves ([`RandomPlayouts::keep_moves`]).
    pub moves: Vec<Move>,
}

/// Seeded random games of one variant, from its start position: game `i` draws its
/// moves from a [`SplitMix64`] seeded with [`RandomPlayouts::game_seed`]`(i)`, uniformly
/// over the legal moves in legal-move order, until the game is over or the ply cap is
/// reached.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RandomPlayouts {
    variant: Variant,
    seed: u64,
    max_plies: u32,
    keep_moves: bool,
}

impl RandomPlayouts {
    /// Games of `variant` drawn from `seed`, capped at `4·n²` plies on an `n × n` board,
    /// keeping no moves.
    pub fn new(variant: Variant, seed: u64) -> RandomPlayouts {
        let max_plies = 4 * u32::from(variant.size()).pow(2);
        RandomPlayouts { variant, seed, max_plies, keep_moves: false }
    }

    /// The same games capped at `max_plies` plies.
    pub const fn max_plies(self, max_plies: u32) -> RandomPlayouts {
        RandomPlayouts { max_plies, ..self }
    }

    /// The same games, keeping their moves (in [`Playout::moves`]) when `keep` is true.
    pub const fn keep_moves(self, keep: bool) -> RandomPlayouts {
        RandomPlayouts { keep_moves: keep, ..self }
    }

    /// The variant played.
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The ply cap.
    pub const fn cap(&self) -> u32 {
        self.max_plies
    }

    /// The seed of game `index`: the first output of a [`SplitMix64`] seeded with the
    /// batch seed xor `index` times the 64-bit golden ratio.
    pub fn game_seed(&self, index: usize) -> u64 {
        SplitMix64::new(self.seed ^ (index as u64).wrapping_mul(SplitMix64::GAMMA)).next_u64()
    }

    /// Plays game `index`.
    pub fn play(&self, index: usize) -> Playout {
        let mut rng = SplitMix64::new(self.game_seed(index));
        let mut pos = Position::new(self.variant);
        let mut moves = Vec::new();
        let mut plies = 0;
        while plies < self.max_plies && !pos.is_game_over() {
            let legal = pos.legal_moves();
            let Some(&m) = rng.pick(&legal) else { break };
            pos.play_unchecked(m);
            plies += 1;
            if self.keep_moves {
                moves.push(m);
            }
        }
        Playout { plies, outcome: pos.outcome(), moves }
    }

    /// Plays games `0 .. games`, in order, on this thread.
    pub fn run(&self, games: usize) -> Vec<Playout> {
        (0..games).map(|i| self.play(i)).collect()
    }

    /// Plays games `0 .. games` split into `threads` runs of consecutive games, each on a
    /// thread of its own; the same games, in the same order, as [`RandomPlayouts::run`].
    ///
    /// # Panics
    /// Only if a game panics (it does not: every move played is legal).
    #[cfg(feature = "std")]
    pub fn run_threaded(&self, games: usize, threads: core::num::NonZeroUsize) -> Vec<Playout> {
        if threads.get() == 1 || games < 2 {
            return self.run(games);
        }
        let chunk = games.div_ceil(threads.get());
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..games)
                .step_by(chunk)
                .map(|start| {
                    s.spawn(move || {
                        (start..(start + chunk).min(games)).map(|i| self.play(i)).collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                .collect::<Vec<Playout>>()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wallrush_core::{DrawReason, Goal};

    #[test]
    fn seeded_and_reproducible() {
        let p = RandomPlayouts::new(Variant::classic(), 7).keep_moves(true);
        let a = p.run(12);
        assert_eq!(a, p.run(12));
        assert_ne!(a, RandomPlayouts::new(Variant::classic(), 8).keep_moves(true).run(12));
        // Keeping the moves changes nothing else.
        let bare = RandomPlayouts::new(Variant::classic(), 7).run(12);
        for (kept, bare) in a.iter().zip(&bare) {
            assert!(bare.moves.is_empty());
            assert_eq!((kept.plies, kept.outcome), (bare.plies, bare.outcome));
        }
    }

    #[test]
    fn the_moves_replay_to_the_outcome() {
        for v in [Variant::classic(), Variant::four_player(), Variant::new(5, 2, 3, 2, Goal::Centre).unwrap()]
        {
            let p = RandomPlayouts::new(v, 3).keep_moves(true);
            for game in p.run(8) {
                assert_eq!(game.moves.len(), game.plies as usize);
                let mut pos = Position::new(v);
                for &m in &game.moves {
                    pos.play(m).unwrap();
                }
                assert_eq!(pos.outcome(), game.outcome, "{v}");
                assert!(game.outcome.is_some() || game.plies == p.cap(), "{v}");
                assert_ne!(game.outcome, Some(Outcome::Draw(DrawReason::PlyLimit)));
            }
        }
    }

    #[test]
    fn the_cap_stops_games() {
        let p = RandomPlayouts::new(Variant::four_player(), 1).max_plies(5).keep_moves(true);
        assert_eq!((p.cap(), p.variant()), (5, Variant::four_player()));
        assert_eq!(RandomPlayouts::new(Variant::classic(), 1).cap(), 324);
        for game in p.run(10) {
            assert_eq!((game.plies, game.outcome, game.moves.len()), (5, None, 5));
        }
        assert!(p.max_plies(0).run(3).iter().all(|g| g.plies == 0 && g.moves.is_empty()));
        assert!(p.run(0).is_empty());
    }

    #[cfg(feature = "std")]
    #[test]
    fn threads_split_the_batch_not_the_games() {
        let p = RandomPlayouts::new(Variant::new(7, 2, 4, 2, Goal::Edge).unwrap(), 11).keep_moves(true);
        let one = p.run(25);
        for threads in [1, 2, 3, 4, 7, 25, 40] {
            let n = core::num::NonZeroUsize::new(threads).unwrap();
            assert_eq!(p.run_threaded(25, n), one, "{threads} threads");
        }
        assert!(p.run_threaded(0, core::num::NonZeroUsize::new(3).unwrap()).is_empty());
        assert_eq!(p.run_threaded(1, core::num::NonZeroUsize::new(3).unwrap()), p.run(1));
    }
}
