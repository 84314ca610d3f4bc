//! A strong search engine for every variant.
//!
//! - **Two seats**: iterative-deepening negamax alpha-beta with principal-variation
//!   search and aspiration windows, over one position changed in place by
//!   [`Position::make`] / [`Position::unmake`] (no clones). A transposition table on the
//!   Zobrist hash stores win scores relative to the node, so a win found in one search is
//!   still the right distance in the next; iterative deepening goes on after a win is
//!   found until the iteration is as deep as the win (then no shorter one exists among the
//!   moves searched), so the engine always plays the shortest win it knows.
//! - **Wall candidates** (boards up to 11×11, from distance maps computed with mask
//!   operations, see the `masks` module): the walls that cut any shortest route of
//!   either seat, the walls that overlap or cross a wall that would surely lengthen the
//!   mover's own route (taking the opponent's strong wall away), and the walls that extend
//!   a wall on the board or start at the board's edge next to the opponent's routes,
//!   where traps form. Once the opponent holds no walls, the walls that cut only the
//!   mover's own routes and the blockers are left out: neither can change what a
//!   walking opponent does. No wall is previewed: ordering is static
//!   (a wall that closes every shortest route of the opponent at a narrow place first)
//!   plus the table move, killers and a history table, and late, low-ranked moves are
//!   searched with a reduced depth first and re-searched at full depth when they beat
//!   alpha.
//! - **Races**: once both hands are empty the game is a pawn race over at most
//!   `cells²` positions; the search extends such a node to the end of the race.
//! - **Four seats**: best-reply search (BRS+): after the root seat's move one other seat
//!   replies while the rest play a default step, so alpha-beta applies. Each seat tries
//!   its pawn moves and its few most damaging walls, and a seat without walls only steps
//!   along a shortest route (the `four` module).
//!
//! The evaluation (two seats) is linear in a few features with [`Weights`] tuned from
//! self-play, plus a threat term ([`Weights::threat`]): how
//! many steps the best single wall of each side could add to the other's route now,
//! computed exactly with mask searches and cached. Budgets are depth and nodes (both
//! deterministic) and, with the `std` feature, time.
//!
//! ```
//! use wallrush_engine::search::{Limits, Searcher};
//! use wallrush_core::Position;
//! let mut engine = Searcher::new(1 << 16);
//! let result = engine.search(&Position::classic(), Limits::depth(2));
//! assert!(result.best.is_some());
//! assert_eq!(result.depth, 2);
//! ```

use alloc::vec;
use alloc::vec::Vec;
use core::cell::Cell;

use wallrush_core::{Move, MoveList, Orientation, Outcome, Position, Seat, SplitMix64, Wall, WallMasks};

mod masks;
mod options;
pub use options::{SearchOptions, TableBitsOutOfRange, TABLE_BITS};
mod four;
mod four_eval;
mod four_moves;

use masks::{Geo, NodeInfo};

/// A score in centi-steps from the point of view of the seat to move; wins are near
/// [`WIN`].
pub type Score = i32;

/// The score of a won game (minus the plies to reach it).
pub const WIN: Score = 1_000_000;
const INF: Score = WIN + 1;
const MAX_PLY: usize = 128;
/// Scores beyond this are wins or losses at a distance (stored relative to the node).
const MATE_BOUND: Score = WIN - 2 * MAX_PLY as i32;

/// The evaluation's weights (two seats), in centi-steps per unit of each feature; see
/// [`Searcher::features`] for the features. [`Weights::TUNED`] is the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per step of route difference (opponent's route minus the mover's).
    pub route: Score,
    /// Per wall of difference in hand (the mover's minus the opponent's).
    pub walls: Score,
    /// Per wall of difference in hand, times the shorter route over 8: walls are worth
    /// more while the race is long.
    pub walls_long: Score,
    /// Per wall of difference in hand, times the walls on the board over 8: walls are
    /// worth more when the board is already crowded (traps).
    pub walls_crowded: Score,
    /// For having the move.
    pub tempo: Score,
    /// Per wall in hand (up to 3) while the other seat holds none, minus the same for the
    /// other seat.
    pub monopoly: Score,
    /// Per step of route difference, times the walls in both hands over 8: a lead in the
    /// race is worth less while many walls can still change it.
    pub route_walls: Score,
    /// Per wall in hand (up to 3) while the other seat is at most 3 steps from its goal,
    /// minus the same for the other seat: walls that can still stop a runner.
    pub near_goal: Score,
    /// For a race the mover surely wins (the opponent has no wall left and the mover's
    /// route is no longer), minus the same for a race it surely loses (the mover has no
    /// wall left and the opponent's route is shorter): pawn interaction aside, walls can
    /// then only add to the winner's margin.
    pub sure_race: Score,
    /// Per step of threat: the most steps one wall of the mover could add to the
    /// opponent's route now, less the same for the opponent against the mover (each at
    /// most [`THREAT_CAP`]), counted exactly by mask searches. 0 leaves the term out.
    /// Not one of the linear features: [`to_array`](Self::to_array) and
    /// [`from_array`](Self::from_array) leave it aside.
    pub threat: Score,
}

/// The number of linear evaluation features ([`Searcher::features`], [`Weights::to_array`]).
pub const FEATURES: usize = 9;

impl Weights {
    /// The linear weights before tuning (a hand-set evaluation: a wall in hand worth 1.2
    /// steps), with the tuned threat weight.
    pub const HAND: Weights = Weights {
        route: 100,
        walls: 120,
        walls_long: 0,
        walls_crowded: 0,
        tempo: 50,
        monopoly: 40,
        route_walls: 0,
        near_goal: 0,
        sure_race: 0,
        threat: 63,
    };

    /// The tuned weights. The wall weights, the tempo, the monopoly term and the threat
    /// weight come from SPSA on match results (`examples/spsa.rs`: 6,000 game pairs of
    /// self-play at 15,000 nodes a move, seed 1, started from the Texel-style fit of
    /// `examples/tune.rs`, 55/42/63/50/−32, and a threat weight of 40); `sure_race` alone
    /// is fitted on 33,153 positions of 552 recorded games against Titanium
    /// (`tune --records … --free 8`).
    pub const TUNED: Weights = Weights {
        route: 100,
        walls: 74,
        walls_long: 59,
        walls_crowded: 58,
        tempo: 42,
        monopoly: -28,
        route_walls: 0,
        near_goal: 0,
        sure_race: 3040,
        threat: 63,
    };

    /// The linear weights as an array, in field order (for tuning); without
    /// [`threat`](Self::threat).
    pub const fn to_array(self) -> [Score; FEATURES] {
        [
            self.route,
            self.walls,
            self.walls_long,
            self.walls_crowded,
            self.tempo,
            self.monopoly,
            self.route_walls,
            self.near_goal,
            self.sure_race,
        ]
    }

    /// Weights from the linear weights in field order (for tuning), with the tuned
    /// [`threat`](Self::threat) weight.
    pub const fn from_array(a: [Score; FEATURES]) -> Weights {
        Weights {
            route: a[0],
            walls: a[1],
            walls_long: a[2],
            walls_crowded: a[3],
            tempo: a[4],
            monopoly: a[5],
            route_walls: a[6],
            near_goal: a[7],
            sure_race: a[8],
            threat: Weights::TUNED.threat,
        }
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::TUNED
    }
}

/// What a search may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: u32,
    /// Stop after about this many nodes.
    pub nodes: u64,
    /// Stop after about this long (needs the `std` feature).
    #[cfg(feature = "std")]
    pub time: Option<std::time::Duration>,
}

impl Limits {
    /// Search to `depth` plies (deterministic).
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            nodes: u64::MAX,
            #[cfg(feature = "std")]
            time: None,
        }
    }

    /// Search until about `nodes` nodes are spent (deterministic).
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: MAX_PLY as u32 - 1,
            nodes,
            #[cfg(feature = "std")]
            time: None,
        }
    }

    /// Search for about `time`.
    #[cfg(feature = "std")]
    pub const fn time(time: std::time::Duration) -> Limits {
        Limits { depth: MAX_PLY as u32 - 1, nodes: u64::MAX, time: Some(time) }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None` only when the game is over).
    pub best: Option<Move>,
    /// Its score for the seat to move, in centi-steps; near ±[`WIN`] for a forced result.
    pub score: Score,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
}

impl SearchResult {
    /// Plies to a forced win (positive) or loss (negative), if the score says so.
    pub fn mate_in(&self) -> Option<i32> {
        mate_plies(self.score)
    }
}

/// Plies to the end for a win or loss score.
fn mate_plies(score: Score) -> Option<i32> {
    if score.abs() > MATE_BOUND {
        let plies = WIN - score.abs();
        Some(if score > 0 { plies } else { -plies })
    } else {
        None
    }
}

/// A score found `ply` plies below the root, as the table stores it: wins and losses
/// counted from the node, not the root.
fn to_table(score: Score, ply: usize) -> Score {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score read back `ply` plies below the root.
fn from_table(score: Score, ply: usize) -> Score {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    depth: u8,
    bound: u8, // 0 empty, 1 exact, 2 lower, 3 upper
    score: Score,
    best: Option<Move>,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

/// The bound a score found in the window `(alpha, beta)` is.
fn bound(score: Score, alpha: Score, beta: Score) -> u8 {
    if score <= alpha {
        UPPER
    } else if score >= beta {
        LOWER
    } else {
        EXACT
    }
}

/// The most steps of threat [`Weights::threat`] counts for one seat.
pub const THREAT_CAP: u32 = 6;

/// Steps of threat by which a node's score may lie outside its window before the threat
/// term is left out of its evaluation (a lazy evaluation).
const THREAT_LAZY: Score = 6;

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

/// History table size: side parity × orientation × anchor cell (cells capped).
const HISTORY_CELLS: usize = 1024;

/// The engine: a transposition table and search state, reusable across moves.
pub struct Searcher {
    table: Vec<Entry>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
    nodes: u64,
    node_limit: u64,
    stopped: bool,
    #[cfg(feature = "std")]
    deadline: Option<std::time::Instant>,
    /// Set by another thread to stop the search ([`Searcher::set_stop`]).
    #[cfg(feature = "std")]
    stop: Option<std::sync::Arc<core::sync::atomic::AtomicBool>>,
    root_seat: Seat,
    /// The four-seat table, allocated on the first four-seat search.
    vtable: Vec<four_moves::VEntry>,
    /// Masks of the variant last searched (boards up to 128 cells).
    geo: Option<Geo>,
    weights: Weights,
    /// Threats ([`Weights::threat`]) already counted, by the walls, the victim's pawn and
    /// seat: a key with the count in its low three bits (empty while the weight is 0).
    threats: Vec<Cell<u64>>,
}

/// Entries of the threat cache.
const THREAT_CACHE: usize = 1 << 16;

impl Searcher {
    /// An engine with a transposition table of about `entries` entries (rounded to a
    /// power of two) and the tuned weights.
    pub fn new(entries: usize) -> Searcher {
        Searcher::with_weights(entries, Weights::TUNED)
    }

    /// An engine with the evaluation weights `weights`.
    pub fn with_weights(entries: usize, weights: Weights) -> Searcher {
        let size = entries.max(1024).next_power_of_two();
        Searcher {
            table: vec![Entry::default(); size],
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 2 * 2 * HISTORY_CELLS],
            nodes: 0,
            node_limit: u64::MAX,
            stopped: false,
            #[cfg(feature = "std")]
            deadline: None,
            #[cfg(feature = "std")]
            stop: None,
            root_seat: Seat::South,
            vtable: Vec::new(),
            geo: None,
            weights,
            threats: Vec::new(),
        }
    }

    /// Lets another thread stop the search: once `flag` is set, the search under way
    /// (and any later one, until the flag is cleared) ends as when its time is up:
    /// at the next node it visits once its first iteration is done, with the best
    /// move found so far. `None` takes the flag away. Needs the `std` feature.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use std::sync::Arc;
    /// use wallrush_core::Position;
    /// use wallrush_engine::{Limits, Searcher};
    /// let stop = Arc::new(AtomicBool::new(false));
    /// let mut searcher = Searcher::new(1 << 16);
    /// searcher.set_stop(Some(Arc::clone(&stop)));
    /// let thinker = std::thread::spawn(move || searcher.search(&Position::classic(), Limits::depth(60)));
    /// stop.store(true, Ordering::Relaxed); // a depth-60 search would not end otherwise
    /// let result = thinker.join().unwrap();
    /// assert!(result.best.is_some());
    /// ```
    #[cfg(feature = "std")]
    pub fn set_stop(&mut self, flag: Option<std::sync::Arc<core::sync::atomic::AtomicBool>>) {
        self.stop = flag;
    }

    /// The evaluation weights.
    pub fn weights(&self) -> Weights {
        self.weights
    }

    /// Forgets everything learnt (the transposition table, killer moves and history).
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = Entry::default());
        self.killers = [[None; 2]; MAX_PLY];
        self.history.iter_mut().for_each(|h| *h = 0);
        self.vtable.iter_mut().for_each(|e| *e = four_moves::VEntry::default());
    }

    /// Searches `pos` within `limits` by iterative deepening and returns the best move
    /// of the last completed iteration (or of a partly searched one whose first move,
    /// the previous best, was searched in full).
    pub fn search(&mut self, pos: &Position, limits: Limits) -> SearchResult {
        self.nodes = 0;
        self.stopped = false;
        self.node_limit = limits.nodes;
        #[cfg(feature = "std")]
        {
            self.deadline = limits.time.map(|t| std::time::Instant::now() + t);
        }
        self.root_seat = pos.turn();
        if self.geo.as_ref().is_none_or(|g| g.variant != pos.variant()) {
            self.geo = Geo::new(pos);
            self.threats.clear();
        }
        if self.weights.threat != 0 && self.threats.is_empty() && pos.variant().players() == 2 {
            self.threats = vec![Cell::new(0); THREAT_CACHE];
        }
        // Each search starts its history afresh: kept from earlier searches (even
        // divided down), it made the same depth cost more nodes in the positions of a game.
        self.history.fill(0);
        self.killers = [[None; 2]; MAX_PLY];
        let mut result = SearchResult { best: None, score: 0, pv: Vec::new(), depth: 0, nodes: 0 };
        let moves = pos.legal_moves();
        if moves.is_empty() {
            result.score = terminal_score(pos, 0);
            return result;
        }
        result.best = Some(moves[0]);
        if moves.len() == 1 {
            result.pv = vec![moves[0]];
            result.depth = 1;
            return result;
        }
        let four = pos.variant().players() == 4;
        let mut work = pos.clone();
        let mut root_moves = if four { MoveList::new() } else { self.root_moves(&mut work) };
        self.deepen(&mut work, limits.depth, &mut root_moves, &mut result);
        result.nodes = self.nodes;
        result
    }

    /// Iterative deepening of `pos` (put back as it was after each iteration) to at most
    /// `max` plies (in BRS+'s layers with four seats), into `result`: each
    /// completed iteration replaces it, and a partial one counts when its best move was
    /// searched in full and beat the previous iteration's. Ends early at the budget, or
    /// once a win is proven shortest.
    fn deepen(&mut self, pos: &mut Position, max: u32, root_moves: &mut MoveList, result: &mut SearchResult) {
        let four = pos.variant().players() == 4;
        for depth in 1..=max.max(1) {
            if four && depth > 1 && self.four_layers(depth) > max {
                break; // BRS+ deepens by two layers (`four_layers`); the limit counts layers
            }
            let (score, best) = if four {
                self.four_root(pos, depth)
            } else {
                self.aspiration(pos, depth, root_moves, result.score)
            };
            if self.stopped && depth > 1 {
                // A partial iteration counts when its best move was searched in full
                // and beat the previous iteration's.
                if let Some((m, s)) = best {
                    if Some(m) != result.best && s > result.score {
                        result.best = Some(m);
                        result.score = s;
                        result.pv = vec![m];
                    }
                }
                break;
            }
            result.score = score;
            result.depth = if four { self.four_layers(depth) } else { depth };
            result.pv = self.principal_variation(pos, depth);
            result.best = best.map(|(m, _)| m).or(result.pv.first().copied()).or(result.best);
            if result.pv.first().copied() != result.best {
                result.pv = result.best.into_iter().collect();
            }
            if self.stopped {
                break;
            }
            // A win is proven shortest once the iteration is at least as deep as it.
            if let Some(plies) = mate_plies(score) {
                if plies > 0 && plies as u32 <= depth {
                    break;
                }
            }
        }
    }

    /// The root's moves in their first order: the candidates, ordered.
    fn root_moves(&mut self, pos: &mut Position) -> MoveList {
        let (moves, node) = self.candidates(pos);
        let mut scored = self.score_moves(pos, &moves, 0, self.table_move(pos), node.as_ref());
        let mut out = MoveList::new();
        while let Some(m) = pick(&mut scored) {
            out.push(m);
        }
        out
    }

    /// One iteration at the root, in an aspiration window around the previous score
    /// from depth 3 on, widened on failure: the score and the best move with its score.
    fn aspiration(
        &mut self,
        pos: &mut Position,
        depth: u32,
        moves: &mut MoveList,
        previous: Score,
    ) -> (Score, Option<(Move, Score)>) {
        let mut delta = 60;
        let (mut alpha, mut beta) = if depth >= 3 && previous.abs() < MATE_BOUND {
            (previous - delta, previous + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let (score, best) = self.root(pos, depth, moves, alpha, beta);
            if self.stopped {
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
        moves: &mut MoveList,
        mut alpha: Score,
        beta: Score,
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
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(pos, depth - 1, -beta, -alpha, 1)
                } else {
                    s
                }
            };
            pos.unmake(undo);
            if self.stopped && i > 0 {
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
            if self.stopped {
                break;
            }
        }
        if !self.stopped {
            self.store(pos, depth, best_score, bound(best_score, alpha0, beta), best.map(|(m, _)| m), 0);
        }
        (best_score, best)
    }

    /// The line the table holds from `pos` (the four-seat table with four seats), at most
    /// `depth` moves.
    fn principal_variation(&self, pos: &Position, depth: u32) -> Vec<Move> {
        let four = pos.variant().players() == 4;
        let mut pv = Vec::new();
        let mut p = pos.clone();
        while pv.len() < depth as usize && !p.is_game_over() {
            let next = if four { self.four_table_move(&p) } else { self.table_move(&p) };
            let Some(m) = next else { break };
            if !p.is_legal(m) {
                break;
            }
            pv.push(m);
            p.play_unchecked(m);
        }
        pv
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        // One relaxed load a call: cheap, and no count of nodes can skip it.
        #[cfg(feature = "std")]
        if self.stop.as_ref().is_some_and(|f| f.load(core::sync::atomic::Ordering::Relaxed)) {
            self.stopped = true;
        }
        #[cfg(feature = "std")]
        if self.nodes % 1024 == 0 {
            if let Some(deadline) = self.deadline {
                if std::time::Instant::now() >= deadline {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: u32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
    ) -> Score {
        self.nodes += 1;
        if pos.is_game_over() {
            return terminal_score(pos, ply);
        }
        if ply >= MAX_PLY - 1 || self.out_of_budget() {
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
        let tt = self.probe(pos);
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
        let (moves, node) = self.candidates(pos);
        let mut scored = self.score_moves(pos, &moves, ply, tt_move, node.as_ref());
        let mut best_score = -INF;
        let mut best = None;
        let mut i = 0usize;
        while let Some((m, order)) = pick_scored(&mut scored) {
            if i >= LMP_FROM && depth <= 2 && order < ORDER_PAWN && best_score > -MATE_BOUND {
                if let Move::Wall(_) = m {
                    if self.history_index(pos, m).is_none_or(|h| self.history[h] <= 0) {
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
                if s > alpha && !self.stopped {
                    s = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1);
                    if s > alpha && s < beta && !self.stopped {
                        s = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1);
                    }
                }
                s
            };
            pos.unmake(undo);
            i += 1;
            if self.stopped {
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
                self.reward(pos, m, ply, depth);
                break;
            }
        }
        if best.is_none() {
            return self.evaluate(pos);
        }
        self.store(pos, depth, best_score, bound(best_score, alpha0, beta), best, ply);
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

    /// A move that caused a cut-off: a killer at this ply (walls) and history.
    fn reward(&mut self, pos: &Position, m: Move, ply: usize, depth: u32) {
        if let Some(h) = self.history_index(pos, m) {
            let bonus = (depth * depth) as i32;
            self.history[h] = (self.history[h] + bonus).min(1 << 20);
        }
        if let Move::Wall(_) = m {
            let k = &mut self.killers[ply];
            if k[0] != Some(m) {
                k[1] = k[0];
                k[0] = Some(m);
            }
        }
    }

    fn history_index(&self, pos: &Position, m: Move) -> Option<usize> {
        let side = pos.turn().index() & 1;
        let n = pos.variant().size() as usize;
        let (o, sq) = match m {
            Move::Wall(w) => (usize::from(w.orientation() == Orientation::Vertical), w.anchor()),
            _ => return None,
        };
        let c = sq.rank() as usize * n + sq.file() as usize;
        (c < HISTORY_CELLS).then_some((side * 2 + o) * HISTORY_CELLS + c)
    }

    /// The evaluation's features for the seat to move (two seats), in the order of
    /// [`Weights::to_array`]: route difference, walls difference, walls difference times
    /// the shorter route / 8, walls difference times walls on the board / 8, 1 (tempo),
    /// monopoly, route difference times the walls in both hands / 8, walls that can still
    /// stop a runner (near goal), a sure race won (+1) or lost (−1). Times 8 where a
    /// feature has eighths, so they stay integers; the evaluation divides those back.
    pub fn features(pos: &Position) -> [i32; FEATURES] {
        let me = pos.turn();
        let opp = other(pos, me);
        let (d_me, d_opp) = (pos.route_len(me).unwrap_or(0) as i32, pos.route_len(opp).unwrap_or(0) as i32);
        let (w_me, w_opp) = (pos.walls_left(me) as i32, pos.walls_left(opp) as i32);
        let dw = w_me - w_opp;
        let on_board = pos.wall_count() as i32;
        let monopoly = if w_opp == 0 { w_me.min(3) } else { 0 } - if w_me == 0 { w_opp.min(3) } else { 0 };
        let near = |d: i32, w: i32| if d <= 3 { w.min(3) } else { 0 };
        let sure = i32::from(w_opp == 0 && d_me <= d_opp) - i32::from(w_me == 0 && d_opp < d_me);
        [
            d_opp - d_me,
            dw,
            dw * d_me.min(d_opp),
            dw * on_board.min(16),
            1,
            monopoly,
            (d_opp - d_me) * (w_me + w_opp),
            near(d_opp, w_me) - near(d_me, w_opp),
            sure,
        ]
    }

    /// The static evaluation of `pos` for the seat to move (two seats), in centi-steps:
    /// the linear [`evaluate_with`] of the [`features`](Self::features), plus the threat
    /// term ([`Weights::threat`]).
    pub fn evaluate(&self, pos: &Position) -> Score {
        match &self.geo {
            Some(g) if g.variant == pos.variant() => self.evaluate_in(pos, -INF, INF),
            // Not this variant's masks (no search of it yet): a fresh set, no cache.
            _ => Self::evaluate_by(&self.weights, Geo::new(pos).as_ref(), None, pos, -INF, INF),
        }
    }

    /// [`evaluate`](Self::evaluate) for a node searched in the window `alpha..beta`: the
    /// threat term ([`Weights::threat`]) is left out when the rest of the score lies so
    /// far outside the window ([`THREAT_LAZY`] steps of threat) that it would hardly
    /// bring the score back into it.
    fn evaluate_in(&self, pos: &Position, alpha: Score, beta: Score) -> Score {
        let cache = (!self.threats.is_empty()).then_some(&self.threats[..]);
        Self::evaluate_by(&self.weights, self.geo.as_ref(), cache, pos, alpha, beta)
    }

    /// [`evaluate_in`](Self::evaluate_in) with its parts spelled out: the weights, the
    /// masks (no threat term without them) and the threat cache.
    fn evaluate_by(
        weights: &Weights,
        geo: Option<&Geo>,
        cache: Option<&[Cell<u64>]>,
        pos: &Position,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let me = pos.turn();
        let opp = other(pos, me);
        let (w_me, w_opp) = (pos.walls_left(me), pos.walls_left(opp));
        if w_me == 0 && w_opp == 0 {
            let (d_me, d_opp) =
                (pos.route_len(me).unwrap_or(0) as i32, pos.route_len(opp).unwrap_or(0) as i32);
            // A pure race, ignoring pawn interaction: the mover arrives first when its
            // route is no longer (the search plays races out when it can).
            return if d_me <= d_opp { WIN / 2 - d_me * 100 } else { -(WIN / 2) + d_opp * 100 };
        }
        let score = evaluate_with(weights, &Searcher::features(pos));
        let weight = weights.threat;
        if weight == 0 {
            return score;
        }
        let lazy = weight * THREAT_LAZY;
        if lazy > 0 && (score.saturating_add(lazy) <= alpha || score.saturating_sub(lazy) >= beta) {
            return score;
        }
        let (Some(geo), Some(m)) = (geo, pos.wall_masks()) else { return score };
        let mine = if w_me > 0 { cached_threat(cache, geo, pos, &m, opp) } else { 0 };
        let theirs = if w_opp > 0 { cached_threat(cache, geo, pos, &m, me) } else { 0 };
        score + weight * (mine as i32 - theirs as i32)
    }

    /// Moves worth searching: every pawn move and the candidate walls (see the module
    /// documentation); every legal move when that leaves nothing. With them, what
    /// ordering needs of the node (boards up to 128 cells).
    fn candidates(&self, pos: &Position) -> (MoveList, Option<NodeInfo>) {
        let mut out = MoveList::new();
        let mut node = None;
        match (&self.geo, pos.bitboards()) {
            (Some(geo), Some(bb)) => {
                let info = NodeInfo::new(geo, pos, &bb);
                geo.push_pawn_moves(bb.pawn_targets, &mut out);
                if pos.walls_left(pos.turn()) > 0 {
                    let lone = pos.variant().players() == 2 && pos.walls_left(other(pos, pos.turn())) == 0;
                    let (h, v) = info.candidate_walls(lone);
                    geo.push_walls(h, Orientation::Horizontal, &mut out);
                    geo.push_walls(v, Orientation::Vertical, &mut out);
                }
                node = Some(info);
            }
            _ => out = generic_candidates(pos),
        }
        if out.is_empty() {
            out = pos.legal_moves();
        }
        (out, node)
    }

    /// Order keys of `moves` (higher first): table move, winning and forward pawn moves,
    /// killers, then walls by their static class and history.
    fn score_moves(
        &self,
        pos: &Position,
        moves: &MoveList,
        ply: usize,
        tt_move: Option<Move>,
        node: Option<&NodeInfo>,
    ) -> Vec<(i32, Move)> {
        let me = pos.turn();
        let info = self.geo.as_ref().zip(node);
        moves
            .iter()
            .map(|&m| {
                let s = if Some(m) == tt_move {
                    ORDER_TT
                } else {
                    match m {
                        Move::Pawn(to) => {
                            if pos.is_goal(me, to) {
                                ORDER_WIN
                            } else if let Some((geo, info)) = info {
                                ORDER_PAWN + info.pawn_gain(geo, to) * 1000
                            } else {
                                ORDER_PAWN
                            }
                        }
                        Move::Wall(w) => {
                            let hist = self
                                .history_index(pos, m)
                                .map_or(0, |h| self.history[h].min(ORDER_HISTORY_CAP));
                            let killer = if self.killers[ply].contains(&Some(m)) { ORDER_KILLER } else { 0 };
                            let class = info.map_or(0, |(geo, info)| info.wall_class(geo, w));
                            class + killer + hist
                        }
                        Move::Pass => 0,
                    }
                };
                (s, m)
            })
            .collect()
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    fn key(pos: &Position) -> u64 {
        pos.zobrist() ^ (pos.passes() as u64).wrapping_mul(SplitMix64::GAMMA)
    }

    fn probe(&self, pos: &Position) -> Option<Entry> {
        let key = Self::key(pos);
        let i = self.slot(key);
        let e = self.table[i];
        (e.bound != 0 && e.key == key).then_some(e)
    }

    fn table_move(&self, pos: &Position) -> Option<Move> {
        self.probe(pos).and_then(|e| e.best)
    }

    fn store(&mut self, pos: &Position, depth: u32, score: Score, bound: u8, best: Option<Move>, ply: usize) {
        let key = Self::key(pos);
        let i = self.slot(key);
        let old = self.table[i];
        if old.key != key || depth as u8 >= old.depth || bound == EXACT {
            self.table[i] = Entry {
                key,
                depth: depth.min(255) as u8,
                bound,
                score: to_table(score, ply),
                best: best.or(old.best.filter(|_| old.key == key)),
            };
        }
    }
}

/// Order keys.
const ORDER_TT: i32 = 1 << 30;
const ORDER_WIN: i32 = 1 << 29;
const ORDER_PAWN: i32 = 20_000;
/// Killer walls; moves ordered below this (and past the first three) are searched with
/// a reduced depth first.
const ORDER_KILLER: i32 = 22_000;
const ORDER_HISTORY_CAP: i32 = 1_500;

/// Takes the highest-keyed move out of `scored` (selection, so a cut-off early saves
/// the sort). Compiled on its own: inlined into `negamax`, its loop can be compiled
/// worse as `negamax` grows.
#[inline(never)]
fn pick_scored(scored: &mut Vec<(i32, Move)>) -> Option<(Move, i32)> {
    let (i, _) = scored.iter().enumerate().max_by_key(|(i, (s, _))| (*s, core::cmp::Reverse(*i)))?;
    let (s, m) = scored.swap_remove(i);
    Some((m, s))
}

fn pick(scored: &mut Vec<(i32, Move)>) -> Option<Move> {
    pick_scored(scored).map(|(m, _)| m)
}

/// [`Geo::threat`] against `victim` (at most [`THREAT_CAP`]), through `cache` when there
/// is one: a key of the open steps, the free slots, the victim's pawn and seat, with the
/// count in its low three bits.
fn cached_threat(cache: Option<&[Cell<u64>]>, geo: &Geo, pos: &Position, m: &WallMasks, victim: Seat) -> u32 {
    let Some(cache) = cache else { return geo.threat(pos, m, victim, THREAT_CAP) };
    // Each part through a full mixer in turn: a plain xor of the parts would let the
    // changes one wall makes to two masks cancel out.
    let mix = |h: u64, x: u64| {
        let mut z = (h ^ x).wrapping_add(SplitMix64::GAMMA);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let pawn = pos.pawn(victim).map_or(0, |sq| geo.cell(sq) as u64);
    let mut k = mix(0, pawn << 8 | victim.index() as u64);
    for x in [m.open_e, m.open_n, m.free_h, m.free_v] {
        k = mix(mix(k, x as u64), (x >> 64) as u64);
    }
    let cell = &cache[(k >> 40) as usize & (cache.len() - 1)];
    let e = cell.get();
    if e != 0 && e & !7 == k & !7 {
        return (e & 7) as u32;
    }
    let t = geo.threat(pos, m, victim, THREAT_CAP);
    cell.set((k & !7) | u64::from(t));
    t
}

/// The linear evaluation of `features` under `w` (the features of
/// [`Searcher::features`]; those in eighths divided back).
pub fn evaluate_with(w: &Weights, f: &[i32; FEATURES]) -> Score {
    w.route * f[0]
        + w.walls * f[1]
        + w.walls_long * f[2] / 8
        + w.walls_crowded * f[3] / 8
        + w.tempo * f[4]
        + w.monopoly * f[5]
        + w.route_walls * f[6] / 8
        + w.near_goal * f[7]
        + w.sure_race * f[8]
}

/// The other seat of a two-seat game.
fn other(pos: &Position, me: Seat) -> Seat {
    pos.seats_in_play().find(|&s| s != me).unwrap_or(me)
}

/// Score of a finished game for the seat to move.
fn terminal_score(pos: &Position, ply: usize) -> Score {
    let me = pos.turn();
    match pos.outcome() {
        Some(Outcome::Win { seat, .. }) if seat == me => WIN - ply as i32,
        Some(Outcome::Win { .. }) => -(WIN - ply as i32),
        _ => 0,
    }
}

/// Candidates on boards past 128 cells: every pawn move and the walls that cut a
/// cached shortest route of either seat.
fn generic_candidates(pos: &Position) -> MoveList {
    let mut out = pos.pawn_moves();
    if pos.walls_left(pos.turn()) == 0 {
        return out;
    }
    let mut cut = Vec::new();
    for s in pos.seats_in_play() {
        if let Some(route) = pos.route(s) {
            cut.extend(route.windows(2).map(|p| (p[0], p[1])));
        }
    }
    let len = pos.variant().wall_length();
    let cuts = |w: Wall| cut.iter().any(|&(a, b)| w.blocks(len, a, b));
    out.extend(pos.legal_walls().iter().filter(|&w| cuts(w)).map(Move::Wall));
    out
}

/// The strong engine as a [`Bot`](crate::bot::Bot): searches every move within its
/// limits.
///
/// ```
/// use wallrush_engine::bot::Bot;
/// use wallrush_engine::search::{Limits, Strong};
/// use wallrush_core::Position;
/// let mut bot = Strong::new(Limits::depth(2));
/// assert!(bot.choose(&Position::classic()).is_some());
/// ```
pub struct Strong {
    searcher: Searcher,
    limits: Limits,
    last: Option<SearchResult>,
}

impl Strong {
    /// A strong bot with a 1 M-entry transposition table.
    pub fn new(limits: Limits) -> Strong {
        Strong::with_weights(limits, Weights::TUNED)
    }

    /// A strong bot evaluating with `weights`.
    pub fn with_weights(limits: Limits, weights: Weights) -> Strong {
        Strong::with_options(limits, weights, SearchOptions::DEFAULT)
    }

    /// A strong bot evaluating with `weights`, its table sized by `options`.
    pub fn with_options(limits: Limits, weights: Weights, options: SearchOptions) -> Strong {
        Strong { searcher: Searcher::with_weights(options.table_entries(), weights), limits, last: None }
    }

    /// Lets another thread stop this bot's searches ([`Searcher::set_stop`]).
    #[cfg(feature = "std")]
    pub fn set_stop(&mut self, flag: Option<std::sync::Arc<core::sync::atomic::AtomicBool>>) {
        self.searcher.set_stop(flag);
    }

    /// What the last search found (score, principal variation, depth, nodes).
    pub fn last(&self) -> Option<&SearchResult> {
        self.last.as_ref()
    }
}

impl crate::bot::Bot for Strong {
    fn name(&self) -> &str {
        "strong"
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        let result = self.searcher.search(pos, self.limits);
        let best = result.best;
        self.last = Some(result);
        best
    }
}

#[cfg(test)]
mod tests;
