//! Rollouts that check max-n's root move near the end of a four-seat game
//! ([`SearchOptions::rollout_walls`](super::SearchOptions::rollout_walls)).
//!
//! With few walls left in hand, who wins is mostly settled by the last walls and the
//! race after them, further ahead than max-n sees. A rollout plays the game out from a
//! root move, every seat moving as a shallow max-n expects; from positions with one or
//! two walls left in all, such rollouts named the winner of games between previous
//! engines in 77–82 % of positions, the static evaluation's leader in 62 % (earlier in
//! the game neither does much better than a guess; docs/ENGINE.md, "Issue 23, fifteenth
//! session"). Max-n's move stands when its rollout wins for the root seat;
//! otherwise the best-scored root move whose rollout wins is played instead. What the
//! rollouts leave of their share goes back to the deepening (the sixteenth session;
//! before, they left a quarter of the budget unused at 100 ms a move). At 100 ms the
//! rollouts score level with plain max-n, which is why they are off by default.

use alloc::vec;
use smallvec::SmallVec;
use wallrush_core::{Move, Position, Seat, Undo};

use super::{mate_plies, FourSeatSearch, MoveList, Score, SearchResult, Searcher};

/// The most plies a rollout plays before it gives up (no winner).
const ROLLOUT_PLIES: usize = 160;

impl Searcher {
    /// Whether rollouts check the root move of `pos`: max-n with more than two seats,
    /// and at most [`rollout_walls`](super::SearchOptions::rollout_walls) walls in hand.
    pub(super) fn rollouts_apply(&self, pos: &Position) -> bool {
        self.options.rollout_walls > 0
            && self.options.four == FourSeatSearch::MaxN
            && pos.variant().players() > 2
            && pos.walls_in_hand() <= u32::from(self.options.rollout_walls)
    }

    /// Checks the move of `result`, max-n's deepening of `pos`, with the rollouts' share
    /// of the budget held back from it, and replaces it by the move
    /// [`rollout_choice`](Self::rollout_choice) picks. What the rollouts leave of their
    /// share then goes back to the deepening. When a move won its rollout, a fifth of the
    /// share is kept back to roll out the move the deeper search prefers, which is played
    /// only if it is the move that won, or wins its rollout too; when none did, the
    /// deeper search's move is played.
    pub(super) fn roll_out_root(&mut self, pos: &mut Position, max_depth: u32, result: &mut SearchResult) {
        let Some(best) = result.best else { return };
        self.hold_back(0, 1);
        let (chosen, won) = self.rollout_choice(pos, best, result.depth);
        let mut deeper = result.clone();
        if chosen != best {
            result.best = Some(chosen);
            result.pv = vec![chosen];
        }
        if self.stopped || deeper.depth >= max_depth || mate_plies(deeper.score).is_some() {
            return;
        }
        let reserve = if won { u64::from(self.options.rollout_share) } else { 0 };
        self.hold_back(reserve, 500);
        self.deepen(pos, deeper.depth + 1, max_depth, &mut MoveList::new(), &mut deeper);
        self.hold_back(0, 1);
        let Some(next) = deeper.best else { return };
        // `best` is not rolled out again: when it is not `chosen`, it lost.
        if next == chosen || !won || (next != best && self.rollout_wins(pos, next)) {
            *result = deeper;
        }
    }

    /// Whether the root seat wins the rollout after its move `m`.
    fn rollout_wins(&mut self, pos: &mut Position, m: Move) -> bool {
        let undo = pos.make(m);
        let winner = self.rollout(pos);
        pos.unmake(undo);
        winner == Some(self.root_seat) && !self.stopped
    }

    /// The root move to play in place of max-n's `best` (found `depth` plies deep), and
    /// whether the root seat won that move's rollout: `best` itself when its rollout is
    /// won by the root seat, or when no other move's rollout is, or when the budget ends
    /// first; else, of the moves whose rollouts the root seat wins, the one max-n scores
    /// best.
    pub(super) fn rollout_choice(&mut self, pos: &mut Position, best: Move, depth: u32) -> (Move, bool) {
        let root = self.root_seat.index();
        // Max-n's move first, then the others by their scores for the root seat (from
        // the table, where the last iteration left them), so that the first whose
        // rollout wins is the best-scored of those that win.
        let mut moves: SmallVec<[(Score, Move); 32]> = SmallVec::new();
        for &m in self.maxn_moves(pos, Some(best)).iter() {
            let undo = pos.make(m);
            let score = if m == best { Score::MAX } else { self.maxn(pos, depth.saturating_sub(1), 1)[root] };
            pos.unmake(undo);
            moves.push((score, m));
        }
        moves.sort_by_key(|&(s, _)| core::cmp::Reverse(s));
        for &(_, m) in moves.iter() {
            if self.rollout_wins(pos, m) {
                return (m, true);
            }
            if self.stopped {
                break;
            }
        }
        (best, false)
    }

    /// Plays `pos` out (and back), each seat moving as max-n
    /// [`rollout_depth`](super::SearchOptions::rollout_depth) plies deep expects: the
    /// winner, or `None` when the rollout runs out of plies or of budget.
    fn rollout(&mut self, pos: &mut Position) -> Option<Seat> {
        let mut undos: SmallVec<[Undo; 64]> = SmallVec::new();
        let depth = u32::from(self.options.rollout_depth.max(1));
        let mut winner = None;
        for _ in 0..ROLLOUT_PLIES {
            if pos.is_game_over() {
                winner = pos.outcome().and_then(|o| o.winner());
                break;
            }
            let Some(m) = self.maxn_best(pos, depth) else { break };
            if self.stopped {
                break;
            }
            undos.push(pos.make(m));
        }
        while let Some(undo) = undos.pop() {
            pos.unmake(undo);
        }
        winner
    }

    /// The move max-n `depth` plies deep picks for the seat to move in `pos`.
    fn maxn_best(&mut self, pos: &mut Position, depth: u32) -> Option<Move> {
        let moves = self.maxn_moves(pos, self.vprobe(pos).and_then(|e| e.best));
        if moves.len() == 1 {
            return moves.first().copied();
        }
        self.maxn_pick(pos, &moves, depth - 1, 1).map(|(_, m)| m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Limits, SearchOptions};
    use wallrush_core::{Goal, Variant};

    fn rolling(walls: u8) -> Searcher {
        let options =
            SearchOptions { four: FourSeatSearch::MaxN, rollout_walls: walls, ..SearchOptions::DEFAULT };
        Searcher::new(1 << 14).with_options(options)
    }

    #[test]
    fn rollouts_apply_to_max_n_with_few_walls_in_hand() {
        let start = Position::new(Variant::four_player()); // 5 walls a seat, 20 in all
        let few = Position::new(Variant::new(9, 4, 2, 2, Goal::Edge).unwrap()); // 2 a seat
        assert_eq!((start.walls_in_hand(), few.walls_in_hand()), (20, 8));
        assert!(!rolling(9).rollouts_apply(&start));
        assert!(rolling(9).rollouts_apply(&few));
        assert!(rolling(20).rollouts_apply(&start));
        assert!(!rolling(0).rollouts_apply(&few), "0 turns them off");
        let brs = SearchOptions { rollout_walls: 20, ..SearchOptions::DEFAULT };
        assert!(!Searcher::new(1 << 10).with_options(brs).rollouts_apply(&start), "max-n only");
        assert!(!rolling(20).rollouts_apply(&Position::classic()), "not with two seats");
    }

    #[test]
    fn a_rollout_plays_to_the_end_and_puts_the_position_back() {
        // Without walls every seat only steps along a shortest route, so the rollout
        // is a pure race that someone wins.
        for v in
            [Variant::new(9, 4, 0, 2, Goal::Edge).unwrap(), Variant::new(9, 4, 2, 2, Goal::Edge).unwrap()]
        {
            let mut searcher = rolling(20);
            let mut pos = Position::new(v);
            searcher.search(&pos, Limits::depth(2));
            let before = pos.clone();
            let winner = searcher.rollout(&mut pos);
            assert_eq!(pos, before);
            assert!(winner.is_some(), "{v:?}");
        }
    }

    #[test]
    fn the_deepening_resumes_when_max_n_s_move_wins_its_rollout() {
        // Two walls a seat, West to move after South's first step: West wins the game
        // that max-n's move starts, so the rollouts end after one, and most of their
        // half of the budget goes back to the deepening.
        let mut pos = Position::new(Variant::new(9, 4, 2, 2, Goal::Edge).unwrap());
        pos.play("e2".parse().unwrap()).unwrap();
        let options = SearchOptions { rollout_share: 50, ..rolling(20).options };
        let mut searcher = Searcher::new(1 << 14).with_options(options);
        let best = searcher.search(&pos, Limits::nodes(10_000)).best.unwrap();
        let mut work = pos.clone();
        searcher.nodes = 0; // a fresh budget for the rollout
        searcher.hold_back(0, 1);
        assert!(searcher.rollout_wins(&mut work, best), "the premise: max-n's move wins");
        let half =
            Searcher::new(1 << 14).with_options(rolling(0).options).search(&pos, Limits::nodes(30_000));
        let r = Searcher::new(1 << 14).with_options(options).search(&pos, Limits::nodes(60_000));
        assert!(r.nodes > 50_000, "{} of 60,000 nodes spent", r.nodes);
        assert!(r.depth > half.depth, "depth {} against {} on half the budget", r.depth, half.depth);
        assert!(r.best.is_some_and(|m| pos.is_legal(m)));
    }

    #[test]
    fn rollouts_keep_to_the_node_budget() {
        let pos = Position::new(Variant::new(9, 4, 2, 2, Goal::Edge).unwrap());
        for nodes in [2_000, 20_000] {
            let r = rolling(20).search(&pos, Limits::nodes(nodes));
            assert!(r.best.is_some_and(|m| pos.is_legal(m)));
            // The budget is checked at every node but the rollouts' root moves.
            assert!(r.nodes <= nodes + 64, "{} nodes for a budget of {nodes}", r.nodes);
        }
    }
}
