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
//! (the four-seat search), `masks` (distance maps), `options` ([`SearchOptions`]), `lines`
//! (the lines of a multipv search, [`Line`] and [`Iteration`]); this
//! module holds the [`Searcher`] that owns them, its iterative deepening, and the
//! [`Strong`] bot.

use alloc::vec;
use alloc::vec::Vec;
use core::cell::Cell;

use wallrush_core::{Move, MoveList, Position, Seat};

mod eval;
mod four;
mod history;
mod lines;
mod masks;
mod movepick;
mod options;
mod score;
mod time;
mod tt;
mod two;

pub use eval::{evaluate_with, Weights, FEATURES, THREAT_CAP};
pub use lines::{Iteration, Line};
pub use options::{SearchOptions, TableBitsOutOfRange, TABLE_BITS};
pub use score::{Score, WIN};
pub use time::Limits;

use eval::THREAT_CACHE;
use history::History;
use lines::Multi;
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
        self.run(pos, limits, 1, None).0
    }

    /// Searches `pos` as [`search`](Self::search) does, for the `multipv` best root
    /// moves (at least one), and calls `on_iteration` after every completed iteration
    /// with the lines found so far. Returns the result of [`search`](Self::search) (the
    /// first line) and the lines, best first: each line's score is exact for its move,
    /// and every line after the first is searched among the moves the earlier lines left.
    /// A search stopped while searching the lines after the first keeps the lines of the
    /// iteration before for the moves it did not reach. Fewer lines when the root has
    /// fewer moves.
    ///
    /// At `multipv` 1 the search is [`search`](Self::search)'s, node for node; each
    /// further line costs about one more root search an iteration.
    ///
    /// ```
    /// use wallrush_engine::search::{Limits, Searcher};
    /// use wallrush_core::Position;
    /// let mut engine = Searcher::new(1 << 16);
    /// let mut depths = Vec::new();
    /// let (result, lines) =
    ///     engine.analyse(&Position::classic(), Limits::depth(3), 3, |it| depths.push(it.depth));
    /// assert_eq!(depths, [1, 2, 3]);
    /// assert_eq!(lines.len(), 3);
    /// assert_eq!(lines[0].pv, result.pv);
    /// assert!(lines[0].score >= lines[1].score && lines[1].score >= lines[2].score);
    /// assert_ne!(lines[0].pv[0], lines[1].pv[0]);
    /// ```
    pub fn analyse(
        &mut self,
        pos: &Position,
        limits: Limits,
        multipv: usize,
        mut on_iteration: impl FnMut(&Iteration<'_>),
    ) -> (SearchResult, Vec<Line>) {
        self.run(pos, limits, multipv.max(1), Some(&mut on_iteration))
    }

    /// The search of [`search`](Self::search) and [`analyse`](Self::analyse): the lines
    /// are gathered only when there are several or someone listens.
    fn run(
        &mut self,
        pos: &Position,
        limits: Limits,
        multipv: usize,
        mut report: Option<&mut dyn FnMut(&Iteration<'_>)>,
    ) -> (SearchResult, Vec<Line>) {
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
        let mut lines = Vec::new();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            result.score = terminal_score(pos, 0);
            return (result, lines);
        }
        result.best = Some(moves[0]);
        if moves.len() == 1 {
            result.pv = vec![moves[0]];
            result.depth = 1;
            lines.push(Line { score: result.score, pv: result.pv.clone() });
            if let Some(report) = report.as_mut() {
                report(&Iteration { depth: 1, nodes: 0, lines: &lines });
            }
            return (result, lines);
        }
        let four = pos.variant().players() == 4;
        let mut work = pos.clone();
        let mut root_moves = if four { MoveList::new() } else { self.root_moves(&work) };
        let mut multi = Multi { k: multipv, lines, report };
        self.deepen(&mut work, limits.depth, &mut root_moves, &mut result, &mut multi);
        result.nodes = self.clock.nodes;
        let mut lines = multi.lines;
        if lines.is_empty() && multi.report.is_some() {
            // Stopped inside the first iteration: the first move is all there is.
            lines.push(Line { score: result.score, pv: result.pv.clone() });
        }
        (result, lines)
    }

    /// Iterative deepening of `pos` (put back as it was after each iteration) to at most
    /// `max` plies (in BRS+'s layers with four seats), into `result`: each
    /// completed iteration replaces it, and a partial one counts when its best move was
    /// searched in full and beat the previous iteration's. Ends early at the budget, or
    /// once a win is proven shortest. The lines after the first, and the report of each
    /// iteration, go to `multi`.
    fn deepen(
        &mut self,
        pos: &mut Position,
        max: u32,
        root_moves: &mut MoveList,
        result: &mut SearchResult,
        multi: &mut Multi<'_>,
    ) {
        let four = pos.variant().players() == 4;
        for depth in 1..=max.max(1) {
            if four && depth > 1 && self.four_layers(depth) > max {
                break; // BRS+ deepens by two layers (`four_layers`); the limit counts layers
            }
            let (score, best) = if four {
                self.four_root(pos, depth, &[])
            } else {
                self.aspiration(pos, depth, root_moves, result.score, true)
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
                if multi.listens() {
                    multi.first_line(result.score, &result.pv);
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
            if multi.listens() {
                multi.first_line(result.score, &result.pv);
                if multi.k > 1 && !self.clock.stopped {
                    self.more_lines(pos, depth, root_moves, multi);
                }
                if let Some(report) = multi.report.as_mut() {
                    report(&Iteration { depth: result.depth, nodes: self.clock.nodes, lines: &multi.lines });
                }
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

    /// The lines after the first at iteration `depth`: each the best of the root moves
    /// the earlier lines left, into `multi.lines` (whose first line is this iteration's).
    fn more_lines(
        &mut self,
        pos: &mut Position,
        depth: u32,
        root_moves: &mut MoveList,
        multi: &mut Multi<'_>,
    ) {
        let four = pos.variant().players() == 4;
        let previous = core::mem::take(&mut multi.lines);
        let mut lines = vec![previous[0].clone()];
        let mut found: Vec<Move> = vec![previous[0].pv[0]];
        while lines.len() < multi.k {
            let i = lines.len();
            let (_, best) = if four {
                self.four_root(pos, depth, &found)
            } else {
                if i >= root_moves.len() {
                    break;
                }
                // The line of the same rank last iteration sets the aspiration window.
                let guess = previous.get(i).map_or(lines[i - 1].score, |l| l.score);
                self.aspiration(pos, depth, &mut root_moves[i..], guess, false)
            };
            let Some((m, s)) = best else { break };
            if self.clock.stopped {
                break;
            }
            let mut pv = vec![m];
            let undo = pos.make(m);
            pv.extend(self.principal_variation(pos, depth.saturating_sub(1)));
            pos.unmake(undo);
            lines.push(Line { score: s, pv });
            found.push(m);
        }
        // Stopped part way: last iteration's lines for the moves not reached.
        for line in previous.into_iter().skip(1) {
            if lines.len() >= multi.k {
                break;
            }
            if !found.contains(&line.pv[0]) {
                found.push(line.pv[0]);
                lines.push(line);
            }
        }
        // Best first (a line's exact score can beat an earlier one's, when the first
        // search of the earlier move was cut short by the table or a reduction).
        lines[1..].sort_by_key(|l| core::cmp::Reverse(l.score));
        multi.lines = lines;
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
