//! The previous strong engine, frozen as it was before issue 23 (iterative-deepening
//! negamax with per-candidate wall previews, clone-and-play, walls cutting the
//! opponent's current route only): the reference the new [`search`](crate::search) is
//! measured against in regression matches (`wallrush arena`, the strength tests).
//!
//! Kept verbatim apart from sharing [`Limits`], [`SearchResult`] and [`Score`] with the
//! new search; do not tune it.
//!
//! ```
//! use wallrush_engine::baseline::Baseline;
//! use wallrush_engine::search::Limits;
//! use wallrush_engine::Bot;
//! use wallrush_core::Position;
//! let mut old = Baseline::new(Limits::depth(2));
//! assert!(old.choose(&Position::classic()).is_some());
//! ```

use alloc::vec;
use alloc::vec::Vec;

use wallrush_core::{Move, MoveList, Outcome, Position, Seat, SplitMix64, Wall};

pub use crate::search::{Limits, Score, SearchResult, WIN};

mod maxn;

const INF: Score = WIN + 1;
const MAX_PLY: usize = 128;
/// What a wall in hand is worth, in centi-steps. Tuned in seeded matches against the
/// beginner (node budget 10,000 a move, 40 games): 35 scored 87.5%, 60 92.5%, 80 95%,
/// 120 and 160 100% on two seeds.
const WALL_VALUE: Score = 120;

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

/// The previous engine: a transposition table and search state, reusable across moves.
pub struct Searcher {
    table: Vec<Entry>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    nodes: u64,
    node_limit: u64,
    stopped: bool,
    #[cfg(feature = "std")]
    deadline: Option<std::time::Instant>,
    root_seat: Seat,
    /// The max-n table (four seats), allocated on the first four-seat search.
    vtable: Vec<maxn::VEntry>,
}

impl Searcher {
    /// An engine with a transposition table of about `entries` entries (rounded to a
    /// power of two).
    pub fn new(entries: usize) -> Searcher {
        let size = entries.max(1024).next_power_of_two();
        Searcher {
            table: vec![Entry::default(); size],
            killers: [[None; 2]; MAX_PLY],
            nodes: 0,
            node_limit: u64::MAX,
            stopped: false,
            #[cfg(feature = "std")]
            deadline: None,
            root_seat: Seat::South,
            vtable: Vec::new(),
        }
    }

    /// Forgets everything learnt (the transposition table and killer moves).
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = Entry::default());
        self.killers = [[None; 2]; MAX_PLY];
        self.vtable.iter_mut().for_each(|e| *e = maxn::VEntry::default());
    }

    /// Searches `pos` within `limits` by iterative deepening and returns the best move
    /// of the last completed iteration.
    pub fn search(&mut self, pos: &Position, limits: Limits) -> SearchResult {
        self.nodes = 0;
        self.node_limit = limits.nodes;
        self.stopped = false;
        self.root_seat = pos.turn();
        #[cfg(feature = "std")]
        {
            self.deadline = limits.time.map(|t| std::time::Instant::now() + t);
        }
        let mut result = SearchResult { best: None, score: 0, pv: Vec::new(), depth: 0, nodes: 0 };
        let moves = pos.legal_moves();
        if moves.is_empty() {
            result.score = self.terminal_score(pos, 0);
            return result;
        }
        result.best = Some(moves[0]);
        if moves.len() == 1 {
            result.pv = vec![moves[0]];
            result.depth = 1;
            return result;
        }
        let four = pos.variant().players() == 4;
        for depth in 1..=limits.depth.max(1) {
            let score = if four { self.maxn_root(pos, depth) } else { self.root(pos, depth, &moves) };
            if self.stopped && depth > 1 {
                break;
            }
            result.score = score;
            result.depth = depth;
            result.pv = self.principal_variation(pos, depth);
            result.best = result.pv.first().copied().or(result.best);
            if self.stopped || score.abs() > WIN - MAX_PLY as i32 {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    fn root(&mut self, pos: &Position, depth: u32, moves: &MoveList) -> Score {
        let (mut alpha, beta) = (-INF, INF);
        let ordered = self.order(pos, moves, 0, self.table_move(pos));
        let mut best = None;
        for (i, &m) in ordered.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, 1)
            } else {
                let s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && !self.stopped {
                    -self.negamax(&child, depth - 1, -beta, -alpha, 1)
                } else {
                    s
                }
            };
            if self.stopped && i > 0 {
                break;
            }
            if score > alpha || best.is_none() {
                alpha = score;
                best = Some(m);
            }
        }
        self.store(pos, depth, alpha, EXACT, best);
        alpha
    }

    /// The line the table holds from `pos` (the max-n table with four seats), at most
    /// `depth` moves.
    fn principal_variation(&self, pos: &Position, depth: u32) -> Vec<Move> {
        let four = pos.variant().players() == 4;
        let mut pv = Vec::new();
        let mut p = pos.clone();
        while pv.len() < depth as usize {
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

    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.node_limit {
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

    /// Score of a finished game for the seat to move.
    fn terminal_score(&self, pos: &Position, ply: usize) -> Score {
        let me = pos.turn();
        match pos.outcome() {
            Some(Outcome::Win { seat, .. }) if seat == me => WIN - ply as i32,
            Some(Outcome::Win { .. }) => -(WIN - ply as i32),
            _ => 0,
        }
    }

    fn negamax(&mut self, pos: &Position, depth: u32, mut alpha: Score, beta: Score, ply: usize) -> Score {
        self.nodes += 1;
        if pos.is_game_over() {
            return self.terminal_score(pos, ply);
        }
        if depth == 0 || ply >= MAX_PLY - 1 || self.out_of_budget() {
            return self.evaluate(pos);
        }
        let alpha0 = alpha;
        let tt = self.probe(pos);
        if let Some(e) = tt {
            if e.depth as u32 >= depth {
                match e.bound {
                    EXACT => return e.score,
                    LOWER if e.score >= beta => return e.score,
                    UPPER if e.score <= alpha => return e.score,
                    _ => {}
                }
            }
        }
        let moves = self.candidates(pos);
        let ordered = self.order(pos, &moves, ply, tt.and_then(|e| e.best));
        let mut best_score = -INF;
        let mut best = None;
        for (i, &m) in ordered.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let search =
                |s: &mut Searcher, a: Score, b: Score| -s.negamax(&child, depth - 1, -b, -a, ply + 1);
            let score = if i == 0 {
                search(self, alpha, beta)
            } else {
                let s = search(self, alpha, alpha + 1);
                if s > alpha && s < beta && !self.stopped {
                    search(self, alpha, beta)
                } else {
                    s
                }
            };
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
                if let Move::Wall(_) = m {
                    let k = &mut self.killers[ply];
                    if k[0] != Some(m) {
                        k[1] = k[0];
                        k[0] = Some(m);
                    }
                }
                break;
            }
        }
        let bound = if best_score <= alpha0 {
            UPPER
        } else if best_score >= beta {
            LOWER
        } else {
            EXACT
        };
        self.store(pos, depth, best_score, bound, best);
        best_score
    }

    /// Static evaluation for the seat to move (two seats).
    fn evaluate(&self, pos: &Position) -> Score {
        let me = pos.turn();
        let opp = pos.seats_in_play().find(|&s| s != me).unwrap_or(me);
        let (d_me, d_opp) = (pos.route_len(me).unwrap_or(0) as i32, pos.route_len(opp).unwrap_or(0) as i32);
        let (w_me, w_opp) = (pos.walls_left(me) as i32, pos.walls_left(opp) as i32);
        if w_me == 0 && w_opp == 0 {
            // A pure race, ignoring pawn interaction: the mover arrives first when its
            // route is no longer. The search refines this to the end when it can.
            return if d_me <= d_opp { WIN / 2 - d_me * 100 } else { -(WIN / 2) + d_opp * 100 };
        }
        // Route difference dominates; walls in hand are worth most while the race is
        // close; moving now is worth half a step.
        (d_opp - d_me) * 100
            + (w_me - w_opp) * WALL_VALUE
            + 50
            + if w_opp == 0 { 40 * w_me.min(3) } else { 0 }
    }

    /// Moves worth searching: every pawn move, and the walls that cut some opponent's
    /// shortest route (a wall that cuts none cannot lengthen any opponent's route now);
    /// all walls when that leaves nothing.
    fn candidates(&self, pos: &Position) -> MoveList {
        let all = pos.legal_moves();
        let me = pos.turn();
        let mut cut = Vec::new();
        for s in pos.seats_in_play().filter(|&s| s != me) {
            if let Some(route) = pos.route(s) {
                for pair in route.windows(2) {
                    cut.push((pair[0], pair[1]));
                }
            }
        }
        let len = pos.variant().wall_length();
        let cuts_route = |w: Wall| cut.iter().any(|&(a, b)| w.blocks(len, a, b));
        let mut out: MoveList = all
            .iter()
            .copied()
            .filter(|m| match m {
                Move::Wall(w) => cuts_route(*w),
                _ => true,
            })
            .collect();
        if out.is_empty() {
            out = all;
        }
        out
    }

    /// Orders moves: table move, winning pawn moves, killers, then walls by previewed
    /// damage and pawn moves by route progress.
    fn order(&self, pos: &Position, moves: &MoveList, ply: usize, tt_move: Option<Move>) -> MoveList {
        let me = pos.turn();
        let d_me = pos.route_len(me).unwrap_or(0) as i32;
        let opps: Vec<Seat> = pos.seats_in_play().filter(|&s| s != me).collect();
        let mut scored: Vec<(i32, Move)> = moves
            .iter()
            .map(|&m| {
                let s = if Some(m) == tt_move {
                    1 << 30
                } else {
                    match m {
                        Move::Pawn(_) => {
                            let mut child = pos.clone();
                            child.play_unchecked(m);
                            if child.outcome().is_some() {
                                1 << 29
                            } else {
                                let gain = d_me - child.route_len(me).unwrap_or(0) as i32;
                                gain * 1000 + 500
                            }
                        }
                        Move::Wall(w) => {
                            let killer = self.killers[ply].contains(&Some(m));
                            match pos.preview_wall(w) {
                                Ok(after) => {
                                    let hurt: i32 = opps
                                        .iter()
                                        .map(|&o| {
                                            after[o].unwrap_or(0) as i32
                                                - pos.route_len(o).unwrap_or(0) as i32
                                        })
                                        .max()
                                        .unwrap_or(0);
                                    let cost = after[me].unwrap_or(0) as i32 - d_me;
                                    (hurt - cost) * 1000 + if killer { 800 } else { 0 }
                                }
                                Err(_) => -1 << 20,
                            }
                        }
                        Move::Pass => 0,
                    }
                };
                (s, m)
            })
            .collect();
        scored.sort_by_key(|&(s, _)| core::cmp::Reverse(s));
        scored.into_iter().map(|(_, m)| m).collect()
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    fn key(pos: &Position) -> u64 {
        pos.zobrist() ^ (pos.passes() as u64).wrapping_mul(SplitMix64::GAMMA)
    }

    fn probe(&self, pos: &Position) -> Option<Entry> {
        let key = Self::key(pos);
        let e = self.table[self.slot(key)];
        (e.bound != 0 && e.key == key).then_some(e)
    }

    fn table_move(&self, pos: &Position) -> Option<Move> {
        self.probe(pos).and_then(|e| e.best)
    }

    fn store(&mut self, pos: &Position, depth: u32, score: Score, bound: u8, best: Option<Move>) {
        let key = Self::key(pos);
        let i = self.slot(key);
        let old = self.table[i];
        if old.key != key || depth as u8 >= old.depth || bound == EXACT {
            self.table[i] = Entry {
                key,
                depth: depth.min(255) as u8,
                bound,
                score,
                best: best.or(old.best.filter(|_| old.key == key)),
            };
        }
    }
}

/// The previous strong engine as a [`Bot`](crate::bot::Bot): searches every move
/// within its limits.
///
/// ```
/// use wallrush_engine::bot::Bot;
/// use wallrush_engine::baseline::{Baseline, Limits};
/// use wallrush_core::Position;
/// let mut bot = Baseline::new(Limits::depth(2));
/// assert!(bot.choose(&Position::classic()).is_some());
/// ```
pub struct Baseline {
    searcher: Searcher,
    limits: Limits,
    last: Option<SearchResult>,
}

impl Baseline {
    /// The previous strong bot with a 1 M-entry transposition table.
    pub fn new(limits: Limits) -> Baseline {
        Baseline { searcher: Searcher::new(1 << 20), limits, last: None }
    }

    /// What the last search found (score, principal variation, depth, nodes).
    pub fn last(&self) -> Option<&SearchResult> {
        self.last.as_ref()
    }
}

impl crate::bot::Bot for Baseline {
    fn name(&self) -> &str {
        "baseline"
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        let result = self.searcher.search(pos, self.limits);
        let best = result.best;
        self.last = Some(result);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wallrush_core::{Setup, Square, Variant};

    #[test]
    fn finds_the_winning_step() {
        let mut s = Setup::start(Variant::classic());
        s.pawns[Seat::South] = Some(Square::new(0, 7));
        s.pawns[Seat::North] = Some(Square::new(8, 1));
        let pos = Position::from_setup(&s).unwrap();
        let r = Searcher::new(1 << 12).search(&pos, Limits::depth(3));
        assert_eq!(r.best, Some(Move::Pawn(Square::new(0, 8))));
        assert_eq!(r.mate_in(), Some(1));
    }

    #[test]
    fn blocks_an_opponent_one_step_from_goal() {
        // North on e2 one step from rank 1, south far away with walls: south must wall.
        let mut s = Setup::start(Variant::classic());
        s.pawns[Seat::South] = Some(Square::new(0, 0));
        s.pawns[Seat::North] = Some(Square::new(4, 1));
        let pos = Position::from_setup(&s).unwrap();
        let r = Searcher::new(1 << 14).search(&pos, Limits::depth(2));
        assert!(matches!(r.best, Some(Move::Wall(_))), "{:?}", r.best);
    }

    #[test]
    fn node_budget_is_deterministic() {
        let pos = Position::classic();
        let a = Searcher::new(1 << 14).search(&pos, Limits::nodes(3000));
        let b = Searcher::new(1 << 14).search(&pos, Limits::nodes(3000));
        assert_eq!(a, b);
    }

    #[test]
    fn four_seats_and_races_search() {
        let r = Searcher::new(1 << 14).search(&Position::new(Variant::four_player()), Limits::depth(2));
        assert!(r.best.is_some());
        // A 5×5 race with no walls: North wins it by jumping over South on the file.
        // The race solver sees it to the end; the principal variation plays it out.
        let v = Variant::new(5, 2, 0, 2, wallrush_core::Goal::Edge).unwrap();
        let r = Searcher::new(1 << 14).search(&Position::new(v), Limits::depth(16));
        let plies = r.mate_in().expect("the race is solved");
        assert!(plies < 0, "{r:?}");
        let mut pos = Position::new(v);
        for &m in &r.pv {
            pos.play(m).unwrap();
        }
        assert_eq!(r.pv.len() as i32, -plies);
        assert_eq!(pos.outcome().and_then(Outcome::winner), Some(Seat::North));
    }
}
