//! The two-seat search: negamax alpha-beta with principal-variation search, aspiration
//! windows at the root, a transposition table, reverse futility pruning and late-move
//! reductions and pruning; pawn races (both hands empty) are searched to their end.

use super::eval::other;
use super::movepick::{candidates, pick_scored, score_moves, ORDER_KILLER, ORDER_PAWN};
use super::score::{terminal_score, Score, INF, MATE_BOUND, MAX_PLY, WIN};
use super::tt::{bound, from_table, EXACT, LOWER, UPPER};
use super::Searcher;
use wallrush_core::{Move, Position};

/// Late-move reductions: moves from this index on (and ordered below the killers) are
/// searched a ply shallower first.
const LMR_FROM: usize = 3;
/// Moves from this index on are reduced by two plies at depth [`LMR_TWO_DEPTH`] and more.
const LMR_TWO_FROM: usize = 12;
/// The shallowest depth at which moves from [`LMR_TWO_FROM`] on are reduced by two plies.
const LMR_TWO_DEPTH: u32 = 5;
/// Reverse futility pruning: at a null-window node of depth up to [`RFP_DEPTH`], a static
/// score at least this margin per ply above beta cuts the node.
const RFP_MARGIN: Score = 100;
/// The deepest node reverse futility pruning applies to.
const RFP_DEPTH: u32 = 4;
/// Late-move pruning: at depth 1 and 2, walls from this index on that are neither the
/// table move nor killers and have no history are skipped.
const LMP_FROM: usize = 10;

impl Searcher {
    /// One iteration at the root over `moves`, in an aspiration window around the
    /// previous score from depth 3 on, widened on failure: the score and the best move
    /// with its score, which leads `moves` afterwards. `first_line` tells whether `moves`
    /// are all the root's moves (the first line of a multipv search, or a plain search):
    /// only then does the root's table entry hold the result.
    pub(super) fn aspiration(
        &mut self,
        pos: &mut Position,
        depth: u32,
        moves: &mut [Move],
        previous: Score,
        first_line: bool,
    ) -> (Score, Option<(Move, Score)>) {
        let mut delta = 60;
        let (mut alpha, mut beta) = if depth >= 3 && previous.abs() < MATE_BOUND {
            (previous - delta, previous + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let (score, best) = self.root(pos, depth, moves, alpha, beta, first_line);
            if self.clock.stopped {
                return (score, best);
            }
            if score <= alpha && alpha > -INF {
                alpha = if delta > 400 { -INF } else { (score - delta).max(-INF) };
            } else if score >= beta && beta < INF {
                beta = if delta > 400 { INF } else { (score + delta).min(INF) };
            } else {
                return (score, best);
            }
            delta *= 3;
        }
    }

    fn root(
        &mut self,
        pos: &mut Position,
        depth: u32,
        moves: &mut [Move],
        mut alpha: Score,
        beta: Score,
        first_line: bool,
    ) -> (Score, Option<(Move, Score)>) {
        let alpha0 = alpha;
        let mut best: Option<(Move, Score)> = None;
        let mut best_score = -INF;
        for i in 0..moves.len() {
            let m = moves[i];
            let undo = pos.make(m);
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, -beta, -alpha, 1)
            } else {
                let s = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && s < beta && !self.clock.stopped {
                    -self.negamax(pos, depth - 1, -beta, -alpha, 1)
                } else {
                    s
                }
            };
            pos.unmake(undo);
            if self.clock.stopped && i > 0 {
                break;
            }
            if score > best_score {
                best_score = score;
                if score > alpha0 || best.is_none() {
                    best = Some((m, score));
                }
                // The best move leads the next iteration.
                moves[..=i].rotate_right(1);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
            if self.clock.stopped {
                break;
            }
        }
        if !self.clock.stopped && first_line {
            self.table.store(
                pos,
                depth,
                best_score,
                bound(best_score, alpha0, beta),
                best.map(|(m, _)| m),
                0,
            );
        }
        (best_score, best)
    }

    /// The score of `pos` searched `depth` plies deep in the window `alpha..beta`, `ply`
    /// plies below the root, for the seat to move.
    fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: u32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
    ) -> Score {
        self.clock.nodes += 1;
        if pos.is_game_over() {
            return terminal_score(pos, ply);
        }
        if ply >= MAX_PLY - 1 || self.clock.out_of_budget() {
            return self.evaluate(pos);
        }
        // Mate-distance pruning: nothing here beats a win at the next ply.
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let me = pos.turn();
        let opp = other(pos, me);
        let race = pos.walls_left(me) == 0 && pos.walls_left(opp) == 0;
        if race {
            // A pawn race: search it to its end (few positions, the table holds them).
            let need = pos.route_len(me).unwrap_or(0) + pos.route_len(opp).unwrap_or(0) + 2;
            depth = depth.max(need.min(MAX_PLY as u32 - 1 - ply as u32));
        }
        if depth == 0 {
            return self.evaluate_in(pos, alpha, beta);
        }
        let alpha0 = alpha;
        let tt = self.table.probe(pos);
        if let Some(e) = tt {
            if e.depth as u32 >= depth {
                let s = from_table(e.score, ply);
                match e.bound {
                    EXACT => return s,
                    LOWER if s >= beta => return s,
                    UPPER if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let tt_move = tt.and_then(|e| e.best);
        if let Some(score) = self.prune_before_moves(pos, depth, alpha, beta, ply, race) {
            return score;
        }
        let (moves, node) = candidates(self.geo.as_ref(), pos);
        let mut scored =
            score_moves(self.geo.as_ref(), &self.history, pos, &moves, ply, tt_move, node.as_ref());
        let mut best_score = -INF;
        let mut best = None;
        let mut i = 0usize;
        while let Some((m, order)) = pick_scored(&mut scored) {
            if i >= LMP_FROM && depth <= 2 && order < ORDER_PAWN && best_score > -MATE_BOUND {
                if let Move::Wall(_) = m {
                    if self.history.score(pos, m).is_none_or(|h| h <= 0) {
                        continue;
                    }
                }
            }
            let undo = pos.make(m);
            let quiet_late = i >= LMR_FROM && depth >= 3 && order < ORDER_KILLER && !race;
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let mut s = alpha + 1;
                if quiet_late {
                    let r = if i >= LMR_TWO_FROM && depth >= LMR_TWO_DEPTH { 2 } else { 1 };
                    s = -self.negamax(pos, depth - 1 - r, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && !self.clock.stopped {
                    s = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1);
                    if s > alpha && s < beta && !self.clock.stopped {
                        s = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1);
                    }
                }
                s
            };
            pos.unmake(undo);
            i += 1;
            if self.clock.stopped {
                return best_score.max(score);
            }
            if score > best_score {
                best_score = score;
                best = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                self.history.reward(pos, m, ply, depth);
                break;
            }
        }
        if best.is_none() {
            return self.evaluate(pos);
        }
        self.table.store(pos, depth, best_score, bound(best_score, alpha0, beta), best, ply);
        best_score
    }

    /// Reverse futility pruning: cuts a shallow null-window node before its moves are
    /// generated when its static score lies far above beta. `None` when the node must be
    /// searched.
    fn prune_before_moves(
        &mut self,
        pos: &Position,
        depth: u32,
        alpha: Score,
        beta: Score,
        ply: usize,
        race: bool,
    ) -> Option<Score> {
        if beta - alpha != 1 || race || ply == 0 || beta.abs() >= MATE_BOUND {
            return None;
        }
        // The static score (the threat term's cost) only where it can cut.
        if depth > RFP_DEPTH {
            return None;
        }
        let eval = self.evaluate_in(pos, beta - 1, beta);
        if eval - RFP_MARGIN * depth as i32 >= beta {
            return Some(eval);
        }
        None
    }
}
