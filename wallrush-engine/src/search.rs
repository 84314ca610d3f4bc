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
//!   mover's own routes and the blockers are left out ([`SearchOptions::lone`]): neither
//!   can change what a walking opponent does. No wall is previewed: ordering is static
//!   (a wall that closes every shortest route of the opponent at a narrow place first)
//!   plus the table move, killers and a history table, and late, low-ranked moves are
//!   searched with a reduced depth first and re-searched at full depth when they beat
//!   alpha.
//! - **Races**: once both hands are empty the game is a pawn race over at most
//!   `cells²` positions; the search extends such a node to the end of the race.
//! - **Four seats**: best-reply search (BRS+, the default), paranoid alpha-beta or max-n,
//!   chosen by [`SearchOptions::four`]; all three use max-n's move generator, where each
//!   seat tries its pawn moves and its few most damaging walls, and a seat without walls
//!   only steps along a shortest route. See [`FourSeatSearch`] and the `maxn` module.
//!   Near the end of the game, max-n's root move may be checked by rollouts
//!   ([`SearchOptions::rollout_walls`], off by default; the `rollout` module).
//!
//! The evaluation (two seats) is linear in a few features with [`Weights`] tuned from
//! self-play (see `docs/ENGINE.md`), plus a threat term ([`SearchOptions::threat`]): how
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
use options::STRONG_TABLE;
pub use options::{FourSeatSearch, SearchOptions, UnknownFourSeatSearch};
mod four;
mod four_eval;
pub use four_eval::{evaluate_four_with, four_features, FourWeights, FOUR_FEATURES};
mod maxn;
mod rollout;

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
}

/// The number of evaluation features ([`Searcher::features`], [`Weights::to_array`]).
pub const FEATURES: usize = 9;

impl Weights {
    /// The weights before tuning (the previous engine's hand-set evaluation: a wall in
    /// hand worth 1.2 steps).
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
    };

    /// The tuned weights (docs/ENGINE.md, "Tuning"). The wall weights, the tempo and the
    /// monopoly term come from SPSA on match results (`examples/spsa.rs`: 6,000 game
    /// pairs of self-play at 15,000 nodes a move, seed 1, started from the Texel-style
    /// fit of `examples/tune.rs`, 55/42/63/50/−32), together with the threat weight of
    /// [`SearchOptions::DEFAULT`]; `sure_race` alone is fitted on 33,153 positions of 552
    /// recorded games against Titanium (`tune --records … --free 8`).
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
    };

    /// The weights as an array, in field order (for tuning).
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

    /// Weights from an array in field order (for tuning).
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
    /// The search that stored it ([`Searcher::age`], wrapping).
    age: u8,
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

/// The most strong walls the leaf quiescence tries ([`SearchOptions::quiesce`]).
const QUIESCE_WALLS: usize = 6;

/// The most steps of threat [`SearchOptions::threat`] counts for one seat.
pub const THREAT_CAP: u32 = 6;

/// History table size: side parity × orientation × anchor cell (cells capped).
const HISTORY_CELLS: usize = 1024;

/// The engine: a transposition table and search state, reusable across moves.
pub struct Searcher {
    table: Vec<Entry>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
    /// The move played at each ply of the line being searched.
    line: [Option<Move>; MAX_PLY],
    /// The table key of the position at each ply of that line
    /// ([`SearchOptions::repetition`]).
    path: [u64; MAX_PLY],
    /// Countermoves ([`SearchOptions::countermove`]): by the mover's side and the move
    /// before, the wall that last cut off after it.
    counters: Vec<Option<Move>>,
    nodes: u64,
    node_limit: u64,
    /// The whole node budget of the search under way (`node_limit` may hold part of it
    /// back: [`Searcher::hold_back`]).
    budget: u64,
    stopped: bool,
    #[cfg(feature = "std")]
    deadline: Option<std::time::Instant>,
    /// When the search under way began, and its time limit.
    #[cfg(feature = "std")]
    clock: Option<(std::time::Instant, std::time::Duration)>,
    /// Set by another thread to stop the search ([`Searcher::set_stop`]).
    #[cfg(feature = "std")]
    stop: Option<std::sync::Arc<core::sync::atomic::AtomicBool>>,
    root_seat: Seat,
    /// Counts the searches (wrapping), to tell a table entry of this search from one of
    /// an earlier search ([`SearchOptions::table_fresh`]).
    age: u8,
    /// The max-n table (four seats), allocated on the first four-seat search.
    vtable: Vec<maxn::VEntry>,
    /// Masks of the variant last searched (boards up to 128 cells).
    geo: Option<Geo>,
    weights: Weights,
    /// The four-seat evaluation's weights (max-n).
    four_weights: FourWeights,
    /// The root seat's own four-seat weights (max-n's leaf score of the seat it searches
    /// for); `four_weights` unless set apart.
    own_four_weights: FourWeights,
    options: SearchOptions,
    /// Threats ([`SearchOptions::threat`]) already counted, by the walls, the victim's
    /// pawn and seat: a key with the count in its low three bits (empty while the
    /// switch is off).
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
            line: [None; MAX_PLY],
            path: [0; MAX_PLY],
            counters: vec![None; 2 * 3 * HISTORY_CELLS],
            nodes: 0,
            node_limit: u64::MAX,
            budget: u64::MAX,
            stopped: false,
            #[cfg(feature = "std")]
            deadline: None,
            #[cfg(feature = "std")]
            clock: None,
            #[cfg(feature = "std")]
            stop: None,
            root_seat: Seat::South,
            age: 0,
            vtable: Vec::new(),
            geo: None,
            weights,
            four_weights: FourWeights::DEFAULT,
            own_four_weights: FourWeights::DEFAULT,
            options: SearchOptions::DEFAULT,
            threats: Vec::new(),
        }
    }

    /// The same engine with the search switches `options`.
    pub fn with_options(mut self, options: SearchOptions) -> Searcher {
        self.options = options;
        self
    }

    /// The same engine with the four-seat evaluation weights `weights` (max-n's; BRS+ and
    /// paranoid search keep their own root-seat evaluation).
    pub fn with_four_weights(mut self, weights: FourWeights) -> Searcher {
        self.four_weights = weights;
        self.own_four_weights = weights;
        self
    }

    /// The same engine with max-n scoring the leaves for the seat it searches for (the
    /// root seat) under `weights`, and for the other seats under the four-seat weights as
    /// before: its model of the other seats stays theirs.
    pub fn with_own_four_weights(mut self, weights: FourWeights) -> Searcher {
        self.own_four_weights = weights;
        self
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
        self.counters.iter_mut().for_each(|c| *c = None);
        self.vtable.iter_mut().for_each(|e| *e = maxn::VEntry::default());
    }

    /// Searches `pos` within `limits` by iterative deepening and returns the best move
    /// of the last completed iteration (or of a partly searched one whose first move,
    /// the previous best, was searched in full).
    pub fn search(&mut self, pos: &Position, limits: Limits) -> SearchResult {
        self.nodes = 0;
        self.budget = limits.nodes;
        #[cfg(feature = "std")]
        {
            self.clock = limits.time.map(|t| (std::time::Instant::now(), t));
        }
        self.hold_back(0, 1);
        self.root_seat = pos.turn();
        self.age = self.age.wrapping_add(1);
        if self.geo.as_ref().is_none_or(|g| g.variant != pos.variant()) {
            self.geo = Geo::new(pos);
            self.threats.clear();
        }
        if self.options.threat > 0 && self.threats.is_empty() && pos.variant().players() == 2 {
            self.threats = vec![Cell::new(0); THREAT_CACHE];
        }
        // History from earlier searches fades (by default it is cleared).
        match i32::from(self.options.history_fade) {
            0 => self.history.fill(0),
            fade => self.history.iter_mut().for_each(|h| *h /= fade),
        }
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
        // Rollouts, when they check the root move, keep their share of the budget.
        let rolling = four && self.rollouts_apply(pos);
        if rolling {
            self.hold_back(u64::from(self.options.rollout_share), 100);
        }
        let mut work = pos.clone();
        let mut root_moves = if four { MoveList::new() } else { self.root_moves(&mut work) };
        self.deepen(&mut work, 1, limits.depth, &mut root_moves, &mut result);
        if rolling {
            self.roll_out_root(&mut work, limits.depth, &mut result);
        }
        result.nodes = self.nodes;
        result
    }

    /// Iterative deepening of `pos` (put back as it was after each iteration) from `from`
    /// plies to at most `max` (in the four-seat searches' layers), into `result`: each
    /// completed iteration replaces it, and a partial one counts when its best move was
    /// searched in full and beat the previous iteration's. Ends early at the budget, or
    /// once a win is proven shortest.
    fn deepen(
        &mut self,
        pos: &mut Position,
        from: u32,
        max: u32,
        root_moves: &mut MoveList,
        result: &mut SearchResult,
    ) {
        let four = pos.variant().players() == 4;
        for depth in from..=max.max(1) {
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
        let (moves, node) = self.candidates(pos, false, 0);
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
        if self.options.repetition {
            self.path[0] = Self::key(pos); // the line's first position (`repeats`)
        }
        for i in 0..moves.len() {
            let m = moves[i];
            self.line[0] = Some(m);
            let undo = pos.make(m);
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, -beta, -alpha, 1, true)
            } else {
                let s = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, 1, true);
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(pos, depth - 1, -beta, -alpha, 1, true)
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

    /// The line the table holds from `pos` (the max-n table with four seats), at most
    /// `depth` moves.
    fn principal_variation(&self, pos: &Position, depth: u32) -> Vec<Move> {
        let four = pos.variant().players() == 4;
        let mut pv = Vec::new();
        let mut p = pos.clone();
        while pv.len() < depth as usize && !p.is_game_over() {
            let next = if four { self.maxn_table_move(&p) } else { self.table_move(&p) };
            let Some(m) = next else { break };
            if !p.is_legal(m) {
                break;
            }
            pv.push(m);
            p.play_unchecked(m);
        }
        pv
    }

    /// Restarts the budget of the search under way (nodes and time, counted from its
    /// start) with `held` parts in `per` of it held back.
    fn hold_back(&mut self, held: u64, per: u64) {
        self.stopped = false;
        self.node_limit = self.budget - self.budget / per * held;
        #[cfg(feature = "std")]
        {
            self.deadline = self.clock.map(|(start, t)| start + t - t / per as u32 * held as u32);
        }
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
        allow_null: bool,
    ) -> Score {
        self.nodes += 1;
        if pos.is_game_over() {
            return terminal_score(pos, ply);
        }
        if ply >= MAX_PLY - 1 || self.out_of_budget() {
            return self.evaluate(pos);
        }
        if self.options.repetition && self.repeats(pos, ply) {
            return 0;
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
            return if self.options.quiesce {
                self.quiesce(pos, beta)
            } else {
                self.evaluate_in(pos, alpha, beta)
            };
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
        if let Some(score) = self.prune_before_moves(pos, depth, alpha, beta, ply, allow_null, race) {
            return score;
        }
        let (moves, node) = self.candidates(pos, depth == 1, ply);
        let mut scored = self.score_moves(pos, &moves, ply, tt_move, node.as_ref());
        let mut best_score = -INF;
        let mut best = None;
        let mut i = 0usize;
        let lmp = self.options.lmp_from as usize;
        while let Some((m, order)) = pick_scored(&mut scored) {
            if lmp > 0 && i >= lmp && depth <= 2 && order < ORDER_PAWN && best_score > -MATE_BOUND {
                if let Move::Wall(_) = m {
                    if self.history_index(pos, m).is_none_or(|h| self.history[h] <= 0) {
                        continue;
                    }
                }
            }
            self.line[ply] = Some(m);
            let undo = pos.make(m);
            let lmr = self.options.lmr_from as usize;
            let quiet_late = lmr > 0 && i >= lmr && depth >= 3 && order < ORDER_KILLER && !race;
            let ext = self.options.extend_walls as usize;
            let extended = ext > 0
                && (1..=ext).contains(&i)
                && depth >= 3
                && !race
                && matches!(m, Move::Wall(_))
                && Some(m) != tt_move;
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1, true)
            } else if extended {
                let s = -self.negamax(pos, depth, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(pos, depth, -beta, -alpha, ply + 1, true)
                } else {
                    s
                }
            } else {
                let mut s = alpha + 1;
                if quiet_late {
                    let r = if self.options.lmr_log {
                        let grow = depth.ilog2() * (i as u32).ilog2() / 3;
                        (1 + grow).min(depth - 2)
                    } else if self.options.lmr_three_from > 0
                        && i >= self.options.lmr_three_from as usize
                        && depth >= 6
                    {
                        3
                    } else if i >= self.options.lmr_two_from as usize
                        && depth >= u32::from(self.options.lmr_two_depth)
                    {
                        2
                    } else {
                        1
                    };
                    s = -self.negamax(pos, depth - 1 - r, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && !self.stopped {
                    s = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                    if s > alpha && s < beta && !self.stopped {
                        s = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1, true);
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

    /// Records `pos` as the line's position at `ply` and tells whether it stood earlier
    /// in the line ([`SearchOptions::repetition`]): only pawn moves lie between, since a
    /// wall never comes off.
    fn repeats(&mut self, pos: &Position, ply: usize) -> bool {
        let key = Self::key(pos);
        self.path[ply] = key;
        let pawn = |m: Option<Move>| matches!(m, Some(Move::Pawn(_)));
        let mut p = ply;
        while p >= 2 && pawn(self.line[p - 1]) && pawn(self.line[p - 2]) {
            p -= 2;
            if self.path[p] == key {
                return true;
            }
        }
        false
    }

    /// A leaf's score with a one-ply wall quiescence ([`SearchOptions::quiesce`]): the
    /// static score, or the best of the mover's strong walls (at most
    /// [`QUIESCE_WALLS`]) scored statically after it, when that is higher.
    fn quiesce(&mut self, pos: &mut Position, beta: Score) -> Score {
        let stand = self.evaluate(pos);
        if stand >= beta || pos.walls_left(pos.turn()) == 0 {
            return stand;
        }
        let mut walls = MoveList::new();
        match (&self.geo, pos.bitboards()) {
            (Some(geo), Some(bb)) => {
                let (h, v) = geo.strong_walls_against(pos, &bb, other(pos, pos.turn()));
                geo.push_walls(h, Orientation::Horizontal, &mut walls);
                geo.push_walls(v, Orientation::Vertical, &mut walls);
            }
            _ => return stand,
        }
        let mut best = stand;
        for &m in walls.iter().take(QUIESCE_WALLS) {
            self.nodes += 1;
            let undo = pos.make(m);
            let s = if pos.is_game_over() { terminal_score(pos, 0) } else { self.evaluate(pos) };
            pos.unmake(undo);
            best = best.max(-s);
            if best >= beta {
                break;
            }
        }
        best
    }

    /// Cuts a null-window node before its moves are generated, when the switches allow
    /// it: reverse futility (the static score far above beta at a shallow node) and the
    /// null move (the mover passes and the opponent's reduced search still fails low).
    /// `None` when the node must be searched.
    #[allow(clippy::too_many_arguments)]
    fn prune_before_moves(
        &mut self,
        pos: &mut Position,
        depth: u32,
        alpha: Score,
        beta: Score,
        ply: usize,
        allow_null: bool,
        race: bool,
    ) -> Option<Score> {
        let o = self.options;
        if beta - alpha != 1 || race || ply == 0 || beta.abs() >= MATE_BOUND {
            return None;
        }
        // Without null moves the score serves reverse futility pruning only: no
        // evaluation (the threat term's cost) above its depth.
        let rfp = o.rfp_margin > 0 && depth <= o.rfp_depth as u32;
        if !rfp && o.null_reduction == 0 {
            return None;
        }
        let eval = self.evaluate_in(pos, beta - 1, beta);
        if rfp && eval - o.rfp_margin * depth as i32 >= beta {
            return Some(eval);
        }
        if o.null_reduction > 0 && allow_null && depth >= 3 && eval >= beta {
            let r = o.null_reduction as u32;
            self.line[ply] = Some(Move::Pass);
            let undo = pos.make(Move::Pass);
            let s = -self.negamax(pos, depth.saturating_sub(1 + r), -beta, -beta + 1, ply + 1, false);
            pos.unmake(undo);
            if self.stopped {
                return None;
            }
            if s >= beta && s < MATE_BOUND {
                return Some(beta);
            }
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
            if let Some(c) = self.counter_index(pos, ply) {
                self.counters[c] = Some(m);
            }
        }
    }

    /// The countermove slot of the node at `ply` (by the mover's side and the move
    /// before it), when countermoves are on and that move has one.
    fn counter_index(&self, pos: &Position, ply: usize) -> Option<usize> {
        if self.options.countermove == 0 || ply == 0 {
            return None;
        }
        let n = pos.variant().size() as usize;
        let (kind, sq) = match self.line[ply - 1]? {
            Move::Wall(w) => (usize::from(w.orientation() == Orientation::Vertical), w.anchor()),
            Move::Pawn(to) => (2, to),
            Move::Pass => return None,
        };
        let c = sq.rank() as usize * n + sq.file() as usize;
        let side = pos.turn().index() & 1;
        (c < HISTORY_CELLS).then_some((side * 3 + kind) * HISTORY_CELLS + c)
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
    /// term when [`SearchOptions::threat`] is on.
    pub fn evaluate(&self, pos: &Position) -> Score {
        match &self.geo {
            Some(g) if g.variant == pos.variant() => self.evaluate_in(pos, -INF, INF),
            // Not this variant's masks (no search of it yet): a fresh set, no cache.
            _ => {
                Self::evaluate_by(&self.weights, &self.options, Geo::new(pos).as_ref(), None, pos, -INF, INF)
            }
        }
    }

    /// [`evaluate`](Self::evaluate) for a node searched in the window `alpha..beta`: the
    /// threat term ([`SearchOptions::threat`]) is left out when the rest of the score
    /// lies so far outside the window ([`SearchOptions::threat_lazy`] steps of threat)
    /// that it would hardly bring the score back into it.
    fn evaluate_in(&self, pos: &Position, alpha: Score, beta: Score) -> Score {
        let cache = (!self.threats.is_empty()).then_some(&self.threats[..]);
        Self::evaluate_by(&self.weights, &self.options, self.geo.as_ref(), cache, pos, alpha, beta)
    }

    /// [`evaluate_in`](Self::evaluate_in) with its parts spelled out: the weights, the
    /// options, the masks (no threat term without them) and the threat cache.
    fn evaluate_by(
        weights: &Weights,
        options: &SearchOptions,
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
        let weight = i32::from(options.threat);
        if weight == 0 {
            return score;
        }
        let lazy = weight * i32::from(options.threat_lazy);
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
    ///
    /// With `frontier` (a node whose children are evaluated statically) only the walls
    /// that cut the opponent's routes are tried: any other wall leaves the opponent's
    /// route as it is and spends a wall, which the evaluation nearly always scores below
    /// a step (a heuristic, off by default: it won 31 of 60 games at 100 ms a move
    /// against the full set, no clear gain; docs/ENGINE.md).
    fn candidates(&self, pos: &Position, frontier: bool, ply: usize) -> (MoveList, Option<NodeInfo>) {
        let mut out = MoveList::new();
        let mut node = None;
        match (&self.geo, pos.bitboards()) {
            (Some(geo), Some(bb)) => {
                let info = NodeInfo::new(geo, pos, &bb);
                geo.push_pawn_moves(bb.pawn_targets, &mut out);
                if pos.walls_left(pos.turn()) > 0 {
                    let narrow = frontier && self.options.narrow_frontier;
                    let (h, v) = if ply < self.options.wide_plies as usize {
                        (bb.legal_h, bb.legal_v)
                    } else if narrow {
                        info.cutting_walls()
                    } else {
                        let lone = self.options.lone
                            && pos.variant().players() == 2
                            && pos.walls_left(other(pos, pos.turn())) == 0;
                        info.candidate_walls(&self.options, lone)
                    };
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
        let counter = self.counter_index(pos, ply).and_then(|c| self.counters[c]);
        let counter_bonus = i32::from(self.options.countermove);
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
                            let killer = if self.killers[ply].contains(&Some(m)) {
                                ORDER_KILLER
                            } else if counter == Some(m) {
                                counter_bonus
                            } else {
                                0
                            };
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
        let live = |e: &Entry| e.bound != 0 && e.key == key && self.readable(e.age);
        if self.options.tt_buckets {
            let b = i & !1;
            return self.table[b..b + 2].iter().copied().find(live);
        }
        let e = self.table[i];
        live(&e).then_some(e)
    }

    /// Whether this search may read a table entry stored by the search of `age`: its own,
    /// or any unless [`SearchOptions::table_fresh`] (an unreadable entry is stored over as
    /// if the slot were empty).
    fn readable(&self, age: u8) -> bool {
        !self.options.table_fresh || age == self.age
    }

    fn table_move(&self, pos: &Position) -> Option<Move> {
        self.probe(pos).and_then(|e| e.best)
    }

    fn store(&mut self, pos: &Position, depth: u32, score: Score, bound: u8, best: Option<Move>, ply: usize) {
        let key = Self::key(pos);
        let mut i = self.slot(key);
        if self.options.tt_buckets {
            // Two entries a bucket: the position's own entry if it has one, else the
            // entry of an earlier search, else the shallower one.
            let b = i & !1;
            let (e0, e1) = (self.table[b], self.table[b + 1]);
            let own = |e: Entry| e.bound != 0 && e.key == key;
            let keep = |e: Entry| if e.bound == 0 || e.age != self.age { -1 } else { i32::from(e.depth) };
            i = if own(e0) {
                b
            } else if own(e1) || keep(e1) < keep(e0) {
                b + 1
            } else {
                b
            };
        }
        let old = if self.readable(self.table[i].age) { self.table[i] } else { Entry::default() };
        if old.key != key || depth as u8 >= old.depth || bound == EXACT {
            self.table[i] = Entry {
                key,
                depth: depth.min(255) as u8,
                bound,
                score: to_table(score, ply),
                best: best.or(old.best.filter(|_| old.key == key)),
                age: self.age,
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
/// the sort). Compiled on its own: inlined into `negamax`, its loop was compiled worse as
/// soon as `negamax` grew (19 % more instructions in the whole search by callgrind, `think
/// --nodes 100000`, when the table probe gained its bucket branch).
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
        Strong { searcher: Searcher::with_weights(STRONG_TABLE, weights), limits, last: None }
    }

    /// A strong bot with the search switches `options`.
    pub fn with_options(limits: Limits, weights: Weights, options: SearchOptions) -> Strong {
        Strong {
            searcher: Searcher::with_weights(options.table_entries(), weights).with_options(options),
            limits,
            last: None,
        }
    }

    /// The same bot with the four-seat evaluation weights `weights`
    /// ([`Searcher::with_four_weights`]).
    pub fn with_four_weights(mut self, weights: FourWeights) -> Strong {
        self.searcher = self.searcher.with_four_weights(weights);
        self
    }

    /// The same bot with its own seat's four-seat weights `weights`
    /// ([`Searcher::with_own_four_weights`]).
    pub fn with_own_four_weights(mut self, weights: FourWeights) -> Strong {
        self.searcher = self.searcher.with_own_four_weights(weights);
        self
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
