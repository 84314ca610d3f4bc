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
//!   operations, see the `masks` and `movepick` modules): the walls that cut any
//!   shortest route of either seat, the walls that overlap or cross a wall that would surely lengthen the
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
//! self-play, plus a threat term ([`Weights::threat`]): how many steps the best single
//! wall of each side could add to the other's route now, computed exactly with mask
//! searches and cached. Budgets are depth and nodes (both
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
//!
//! One concern a module: `tt` (the transposition tables), `movepick` (candidates and
//! ordering), `history` (killers and history), `eval` (the evaluation and its
//! [`Weights`]), `time` ([`Limits`] and the clock), `two` (the two-seat search), `four`
//! (the four-seat search), `masks` (distance maps), `options` ([`SearchOptions`]); this
//! module holds the [`Searcher`] that owns them, its iterative deepening, and the
//! [`Strong`] bot.

use alloc::vec;
use alloc::vec::Vec;
use core::cell::Cell;

use wallrush_core::{Move, MoveList, Position, Seat};

mod eval;
mod four;
mod history;
mod masks;
mod movepick;
mod options;
mod score;
mod time;
mod tt;
mod two;

pub use eval::{evaluate_with, Weights, FEATURES, THREAT_CAP};
pub use options::{SearchOptions, TableBitsOutOfRange, TABLE_BITS};
pub use score::{Score, WIN};
pub use time::Limits;

use eval::THREAT_CACHE;
use history::History;
use masks::Geo;
use movepick::{candidates, pick, score_moves};
use score::{mate_plies, terminal_score, INF};
use time::Clock;
use tt::{FourTable, Table};

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

/// The engine: the transposition tables and the search state, reusable across moves.
pub struct Searcher {
    /// The two-seat table.
    table: Table,
    /// The four-seat table, allocated on the first four-seat search.
    four_table: FourTable,
    /// Killers and history of the two-seat search.
    history: History,
    /// The budget of the search under way.
    clock: Clock,
    /// The seat to move at the root of the search under way.
    root_seat: Seat,
    /// Masks of the variant last searched (boards up to 128 cells).
    geo: Option<Geo>,
    weights: Weights,
    /// Threats ([`Weights::threat`]) already counted, by the walls, the victim's pawn and
    /// seat: a key with the count in its low three bits (empty while the weight is 0).
    threats: Vec<Cell<u64>>,
}

impl Searcher {
    /// An engine with a transposition table of about `entries` entries (rounded to a
    /// power of two) and the tuned weights.
    pub fn new(entries: usize) -> Searcher {
        Searcher::with_weights(entries, Weights::TUNED)
    }

    /// An engine with the evaluation weights `weights`.
    pub fn with_weights(entries: usize, weights: Weights) -> Searcher {
        Searcher {
            table: Table::new(entries),
            four_table: FourTable::new(),
            history: History::new(),
            clock: Clock::new(),
            root_seat: Seat::South,
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
        self.clock.set_stop(flag);
    }

    /// The evaluation weights.
    pub fn weights(&self) -> Weights {
        self.weights
    }

    /// Forgets everything learnt (the transposition tables, killer moves and history).
    pub fn clear(&mut self) {
        self.table.clear();
        self.history.clear();
        self.four_table.clear();
    }

    /// Searches `pos` within `limits` by iterative deepening and returns the best move
    /// of the last completed iteration (or of a partly searched one whose first move,
    /// the previous best, was searched in full).
    pub fn search(&mut self, pos: &Position, limits: Limits) -> SearchResult {
        self.clock.start(limits);
        self.root_seat = pos.turn();
        if self.geo.as_ref().is_none_or(|g| g.variant != pos.variant()) {
            self.geo = Geo::new(pos);
            self.threats.clear();
        }
        if self.weights.threat != 0 && self.threats.is_empty() && pos.variant().players() == 2 {
            self.threats = vec![Cell::new(0); THREAT_CACHE];
        }
        self.history.clear();
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
        let mut root_moves = if four { MoveList::new() } else { self.root_moves(&work) };
        self.deepen(&mut work, limits.depth, &mut root_moves, &mut result);
        result.nodes = self.clock.nodes;
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
            if self.clock.stopped && depth > 1 {
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
            if self.clock.stopped {
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
    fn root_moves(&self, pos: &Position) -> MoveList {
        let (moves, node) = candidates(self.geo.as_ref(), pos);
        let tt_move = self.table.best_move(pos);
        let mut scored =
            score_moves(self.geo.as_ref(), &self.history, pos, &moves, 0, tt_move, node.as_ref());
        let mut out = MoveList::new();
        while let Some(m) = pick(&mut scored) {
            out.push(m);
        }
        out
    }

    /// The line the table holds from `pos` (the four-seat table with four seats), at most
    /// `depth` moves.
    fn principal_variation(&self, pos: &Position, depth: u32) -> Vec<Move> {
        let four = pos.variant().players() == 4;
        let mut pv = Vec::new();
        let mut p = pos.clone();
        while pv.len() < depth as usize && !p.is_game_over() {
            let next =
                if four { self.four_table.best_move(&p, self.root_seat) } else { self.table.best_move(&p) };
            let Some(m) = next else { break };
            if !p.is_legal(m) {
                break;
            }
            pv.push(m);
            p.play_unchecked(m);
        }
        pv
    }

    /// The evaluation's features for the seat to move (two seats), in the order of
    /// [`Weights::to_array`]: route difference, walls difference, walls difference times
    /// the shorter route / 8, walls difference times walls on the board / 8, 1 (tempo),
    /// monopoly, route difference times the walls in both hands / 8, walls that can still
    /// stop a runner (near goal), a sure race won (+1) or lost (−1). Times 8 where a
    /// feature has eighths, so they stay integers; the evaluation divides those back.
    pub fn features(pos: &Position) -> [i32; FEATURES] {
        eval::features(pos)
    }

    /// The static evaluation of `pos` for the seat to move (two seats), in centi-steps:
    /// the linear [`evaluate_with`] of the [`features`](Self::features), plus the threat
    /// term ([`Weights::threat`]).
    pub fn evaluate(&self, pos: &Position) -> Score {
        match &self.geo {
            Some(g) if g.variant == pos.variant() => self.evaluate_in(pos, -INF, INF),
            // Not this variant's masks (no search of it yet): a fresh set, no cache.
            _ => eval::evaluate(&self.weights, Geo::new(pos).as_ref(), None, pos, -INF, INF),
        }
    }

    /// [`evaluate`](Self::evaluate) for a node searched in the window `alpha..beta`, with
    /// this searcher's masks and threat cache ([`eval::evaluate`]).
    #[inline]
    fn evaluate_in(&self, pos: &Position, alpha: Score, beta: Score) -> Score {
        let cache = (!self.threats.is_empty()).then_some(&self.threats[..]);
        eval::evaluate(&self.weights, self.geo.as_ref(), cache, pos, alpha, beta)
    }
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
