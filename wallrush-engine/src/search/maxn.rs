//! Max-n search for four seats.
//!
//! Every seat picks the move best for itself, judged on a vector of scores (one per
//! seat), so the search expects what a self-interested table does: the seats behind
//! wall whoever leads, and a seat ahead runs. Since issue 23 it is one of three
//! four-seat searches (`FourSeatSearch::MaxN`); the `four` module has the paranoid and
//! best-reply searches, which share this module's move generator and evaluation, and
//! the matches that made best-reply search the default are in docs/ENGINE.md.
//!
//! Max-n allows no deep cut-offs, so the width is kept small instead: each seat tries
//! its pawn moves and its few most damaging walls against the seats within a round of
//! its own arrival (see [`Searcher::maxn_moves`]). Equal scores for the mover are broken
//! against the root seat.

use alloc::vec;

use super::four_eval::{arrivals, four_evaluate};
use super::masks::Geo;
use super::{Score, Searcher, MAX_PLY, WIN};
use smallvec::SmallVec;
use wallrush_core::{Bitboards, Move, MoveList, Position, Seat, SeatSet, Square, Wall};

/// What a wall in hand is worth to its holder in the four-seat evaluation, in
/// centi-steps, while the race is long; each wall another seat holds costs a third of
/// that (it may be spent on anyone). [`FourWeights::HAND`](super::FourWeights::HAND) spells the same for max-n.
pub(super) const WALL_VALUE_FOUR: Score = 120;
/// Walls the root seat tries at a node, best previewed damage first.
const ROOT_WALLS: usize = 8;
/// Walls every other seat tries at a node.
const OTHER_WALLS: usize = 4;

/// A score per seat.
pub(super) type Scores = [Score; 4];

#[derive(Clone, Copy, Default)]
pub(super) struct VEntry {
    pub(super) key: u64,
    pub(super) depth: u8,
    pub(super) filled: bool,
    /// The score vector (max-n), or the root seat's score in `scores[0]` (paranoid and
    /// best-reply search, see the `four` module).
    pub(super) scores: Scores,
    /// The bound of `scores[0]` for the alpha-beta searches (0 for max-n).
    pub(super) bound: u8,
    pub(super) best: Option<Move>,
    /// The search that stored it (`Searcher::age`).
    pub(super) age: u8,
}

impl Searcher {
    /// One max-n iteration from the root: the root seat's score (its best move stays in
    /// the table, see [`Searcher::maxn_table_move`]).
    pub(super) fn maxn_root(&mut self, pos: &mut Position, depth: u32) -> Score {
        self.ensure_vtable();
        self.maxn(pos, depth, 0)[self.root_seat.index()]
    }

    /// Allocates the four-seat table on the first four-seat search.
    pub(super) fn ensure_vtable(&mut self) {
        if self.vtable.is_empty() {
            self.vtable = vec![VEntry::default(); (self.table.len() / 2).max(1024)];
        }
    }

    /// The score vector of `pos` searched `depth` plies deep.
    pub(super) fn maxn(&mut self, pos: &mut Position, depth: u32, ply: usize) -> Scores {
        self.nodes += 1;
        if pos.is_game_over() {
            return maxn_terminal(pos, ply);
        }
        if depth == 0 || ply >= MAX_PLY - 1 || (ply > 0 && self.out_of_budget()) {
            return four_evaluate(&self.four_weights, &self.own_four_weights, self.root_seat.index(), pos);
        }
        let tt = self.vprobe(pos);
        if let Some(e) = tt {
            if e.depth as u32 >= depth && ply > 0 {
                return e.scores;
            }
        }
        let moves = self.maxn_moves(pos, tt.and_then(|e| e.best));
        let Some((scores, m)) = self.maxn_pick(pos, &moves, depth - 1, ply + 1) else {
            return four_evaluate(&self.four_weights, &self.own_four_weights, self.root_seat.index(), pos);
        };
        if !self.stopped {
            self.vstore(pos, depth, scores, m);
        }
        scores
    }

    /// The move of `moves` the seat to move in `pos` prefers ([`prefer`]), each searched
    /// `depth` plies deep at `ply`, with its score vector; once the budget ends, the best
    /// of the moves searched so far.
    #[inline]
    pub(super) fn maxn_pick(
        &mut self,
        pos: &mut Position,
        moves: &MoveList,
        depth: u32,
        ply: usize,
    ) -> Option<(Scores, Move)> {
        let me = pos.turn().index();
        let root = self.root_seat.index();
        let mut best: Option<(Scores, Move)> = None;
        for &m in moves.iter() {
            let undo = pos.make(m);
            let scores = self.maxn(pos, depth, ply);
            pos.unmake(undo);
            if self.stopped && best.is_some() {
                break;
            }
            if best.is_none_or(|(b, _)| prefer(&scores, &b, me, root)) {
                best = Some((scores, m));
            }
        }
        best
    }

    /// The moves the seat to move tries: every pawn move, then its most damaging walls
    /// (by previewed route change) that cut the route of a seat due to arrive no later
    /// than a round after it; the table move first.
    pub(super) fn maxn_moves(&self, pos: &Position, tt_move: Option<Move>) -> MoveList {
        self.four_moves(pos, tt_move, false)
    }

    /// The moves of [`Searcher::maxn_moves`]; with `against_root`, a seat other than the
    /// root seat walls only the root seat (the paranoid assumption of the `four` module's
    /// searches).
    pub(super) fn four_moves(&self, pos: &Position, tt_move: Option<Move>, against_root: bool) -> MoveList {
        let me = pos.turn();
        let arrival = arrivals(pos);
        let count = pos.seats_in_play().count() as i32;
        let root = self.root_seat;
        let targets: SeatSet = if against_root && me != root && pos.is_in_play(root) {
            SeatSet::EMPTY.with(root)
        } else {
            pos.seats_in_play().filter(|&s| s != me && arrival[s] <= arrival[me] + count).collect()
        };
        let limit = if me == root { ROOT_WALLS } else { OTHER_WALLS };
        let mut out = MoveList::new();
        let mut walls: SmallVec<[(i32, Move); 64]> = SmallVec::new();
        let before = pos.route_lens().map(|n| n.unwrap_or(0));
        let d_me = before[me] as i32;
        if let (true, Some(geo), Some(bb)) = (pos.walls_left(me) > 0, self.geo.as_ref(), pos.bitboards()) {
            geo.push_pawn_moves(bb.pawn_targets, &mut out);
            wall_damage_by_masks(geo, &bb, pos, targets, &mut walls);
        } else if pos.walls_left(me) > 0 {
            out.extend(pos.pawn_moves().iter().copied());
            // The legal walls that cut the cached route of a target: any other wall
            // leaves every target's route length as it is.
            for w in pos.legal_walls_cutting(targets).iter() {
                let Some(after) = pos.preview_legal_wall(w) else { continue };
                let hurt =
                    targets.map(|t| after[t].unwrap_or(0) as i32 - before[t] as i32).max().unwrap_or(0);
                let cost = after[me].unwrap_or(0) as i32 - d_me;
                if hurt > 0 {
                    walls.push((hurt - cost, Move::Wall(w)));
                }
            }
        } else {
            // Without walls, a seat races: only the steps that shorten its route (by a
            // mask pass from its goal when the board has masks).
            match self.geo.as_ref().zip(pos.bitboards()) {
                Some((geo, bb)) => {
                    let nearer = nearer_than(geo, me, bb.open_e, bb.open_n, d_me as u32);
                    geo.push_pawn_moves(bb.pawn_targets & nearer, &mut out);
                    if out.is_empty() {
                        geo.push_pawn_moves(bb.pawn_targets, &mut out);
                    }
                }
                None => {
                    out.extend(pos.pawn_moves().iter().copied());
                    let forward: MoveList = out
                        .iter()
                        .copied()
                        .filter(|&m| {
                            let mut child = pos.clone();
                            child.play_unchecked(m);
                            (child.route_len(me).unwrap_or(0) as i32) < d_me || child.is_game_over()
                        })
                        .collect();
                    if !forward.is_empty() {
                        out = forward;
                    }
                }
            }
        }
        walls.sort_by_key(|&(s, _)| core::cmp::Reverse(s));
        out.extend(walls.into_iter().take(limit).map(|(_, m)| m));
        if out.is_empty() {
            out = pos.legal_moves();
        }
        if let Some(t) = tt_move {
            if let Some(i) = out.iter().position(|&m| m == t) {
                out[..=i].rotate_right(1);
            }
        }
        out
    }

    fn vslot(&self, key: u64) -> usize {
        (key as usize) & (self.vtable.len() - 1)
    }

    /// The four-seat table's key of `pos` in a search for the root seat: the entries hold
    /// that seat's view (its own score in the alpha-beta searches; in max-n, vectors
    /// whose ties were broken against it), so a search for another root seat, by the same
    /// searcher, does not read them. The seat marks the top byte only, so a position
    /// keeps its slot (`vslot` takes the low bits).
    fn vkey(&self, pos: &Position) -> u64 {
        Self::key(pos) ^ ((self.root_seat.index() as u64 + 1) << 56)
    }

    pub(super) fn vprobe(&self, pos: &Position) -> Option<VEntry> {
        let key = self.vkey(pos);
        let e = self.vtable[self.vslot(key)];
        (e.filled && e.key == key && self.readable(e.age)).then_some(e)
    }

    fn vstore(&mut self, pos: &Position, depth: u32, scores: Scores, best: Move) {
        self.vstore_bound(pos, depth, scores, 0, Some(best));
    }

    /// Stores `scores` with `bound` (0 for max-n's exact vectors) and the best move.
    pub(super) fn vstore_bound(
        &mut self,
        pos: &Position,
        depth: u32,
        scores: Scores,
        bound: u8,
        best: Option<Move>,
    ) {
        let key = self.vkey(pos);
        let i = self.vslot(key);
        let old = if self.readable(self.vtable[i].age) { self.vtable[i] } else { VEntry::default() };
        if old.key != key || depth as u8 >= old.depth {
            let best = best.or(if old.key == key { old.best } else { None });
            let depth = depth.min(255) as u8;
            self.vtable[i] = VEntry { key, depth, filled: true, scores, bound, best, age: self.age };
        }
    }

    /// The best move the max-n table holds for `pos`.
    pub(super) fn maxn_table_move(&self, pos: &Position) -> Option<Move> {
        if self.vtable.is_empty() {
            return None;
        }
        self.vprobe(pos).and_then(|e| e.best)
    }
}

/// The walls [`Searcher::four_moves`] keeps, with their scores (the most damage to a
/// seat of `targets` less the mover's own loss), computed on `bb`'s masks: the legal
/// walls that cut the cached route of a target, each flooded only for the seats (of the
/// targets and the mover) whose cached route it cuts. The same walls, in the same order,
/// with the same scores as the core's `legal_walls_cutting` and `preview_legal_wall`.
fn wall_damage_by_masks(
    geo: &Geo,
    bb: &Bitboards,
    pos: &Position,
    targets: SeatSet,
    out: &mut SmallVec<[(i32, Move); 64]>,
) {
    let me = pos.turn();
    // Each seat's cached route as step masks (north, east) by the lower square, its
    // pawn and its length.
    let mut route = [(0u128, 0u128, 0u32, 0u32); 4];
    for s in targets.with(me) {
        let Some(squares) = pos.route(s) else { continue };
        let (mut rn, mut re) = (0u128, 0u128);
        for p in squares.windows(2) {
            let (a, b) = (geo.cell(p[0]), geo.cell(p[1]));
            match b.abs_diff(a) {
                1 => re |= 1u128 << a.min(b),
                _ => rn |= 1u128 << a.min(b),
            }
        }
        route[s.index()] = (rn, re, geo.cell(squares[0]), squares.len() as u32 - 1);
    }
    let (mut tn, mut te) = (0u128, 0u128);
    for t in targets {
        tn |= route[t.index()].0;
        te |= route[t.index()].1;
    }
    let length_after = |s: Seat, closed_n: u128, closed_e: u128| -> i32 {
        let (rn, re, pawn, before) = route[s.index()];
        if rn & closed_n == 0 && re & closed_e == 0 {
            return before as i32;
        }
        let (oe, on) = (bb.open_e & !closed_e, bb.open_n & !closed_n);
        let goal = geo.goal[s.index()];
        let (mut seen, mut frontier, mut d) = (1u128 << pawn, 1u128 << pawn, 0);
        while frontier & goal == 0 {
            frontier = geo.expand(frontier, oe, on) & !seen;
            if frontier == 0 {
                return 0; // a legal wall never seals a seat in; as the core's None
            }
            seen |= frontier;
            d += 1;
        }
        d
    };
    let d_me = route[me.index()].3 as i32;
    for (anchors, horizontal) in [(geo.cover_h(tn) & bb.legal_h, true), (geo.cover_v(te) & bb.legal_v, false)]
    {
        let mut rest = anchors;
        while rest != 0 {
            let c = rest.trailing_zeros();
            rest &= rest - 1;
            let (closed_e, closed_n) = geo.closed_steps(c, horizontal);
            let hurt = targets
                .map(|t| length_after(t, closed_n, closed_e) - route[t.index()].3 as i32)
                .max()
                .unwrap_or(0);
            if hurt > 0 {
                let cost = length_after(me, closed_n, closed_e) - d_me;
                let w =
                    if horizontal { Wall::horizontal(geo.square(c)) } else { Wall::vertical(geo.square(c)) };
                out.push((hurt - cost, Move::Wall(w)));
            }
        }
    }
}

/// The squares (over the open steps `open_e`, `open_n`) fewer than `d` steps from `seat`'s goal (ignoring
/// pawns, as route lengths do), by layers of mask steps from the goal.
pub(super) fn nearer_than(geo: &Geo, seat: Seat, open_e: u128, open_n: u128, d: u32) -> u128 {
    let mut seen = geo.goal[seat.index()];
    let mut layer = seen;
    for _ in 1..d {
        layer = geo.expand(layer, open_e, open_n) & !seen;
        if layer == 0 {
            break;
        }
        seen |= layer;
    }
    if d == 0 {
        0
    } else {
        seen
    }
}

/// The square of `targets` nearest `seat`'s goal (ignoring pawns), the lowest cell
/// among equals (the first in [`Position::pawn_moves`] order); `None` when no square of
/// `targets` reaches the goal.
pub(super) fn nearest_to_goal(
    geo: &Geo,
    seat: Seat,
    open_e: u128,
    open_n: u128,
    targets: u128,
) -> Option<Square> {
    let mut seen = geo.goal[seat.index()];
    let mut layer = seen;
    while layer & targets == 0 {
        layer = geo.expand(layer, open_e, open_n) & !seen;
        if layer == 0 {
            return None;
        }
        seen |= layer;
    }
    Some(geo.square((layer & targets).trailing_zeros()))
}

/// Whether the seat `me` prefers the score vector `scores` to `best`: more for itself,
/// ties broken against the root seat.
#[inline]
fn prefer(scores: &Scores, best: &Scores, me: usize, root: usize) -> bool {
    scores[me] > best[me] || (scores[me] == best[me] && scores[root] < best[root])
}

/// The score vector of a finished game: the winner wins, everyone else loses.
pub(super) fn maxn_terminal(pos: &Position, ply: usize) -> Scores {
    let win = WIN - ply as i32;
    match pos.outcome().and_then(|o| o.winner()) {
        Some(w) => core::array::from_fn(|i| if i == w.index() { win } else { -win }),
        None => [0; 4],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{FourSeatSearch, FourWeights, Limits, SearchOptions};

    /// A max-n searcher (the four-seat default is another search).
    fn maxn_searcher(entries: usize) -> Searcher {
        Searcher::new(entries)
            .with_options(SearchOptions { four: FourSeatSearch::MaxN, ..SearchOptions::DEFAULT })
    }
    use alloc::vec::Vec;
    use wallrush_core::{Goal, Setup, Square, Variant};

    fn four() -> Setup {
        Setup::start(Variant::four_player())
    }

    #[test]
    fn walls_the_next_seat_one_step_from_its_goal() {
        // West on h3 steps to the i file next unless South, to move, walls it off.
        let mut s = four();
        s.pawns[Seat::West] = Some(Square::new(7, 2));
        let pos = Position::from_setup(&s).unwrap();
        let r = maxn_searcher(1 << 14).search(&pos, Limits::depth(4));
        let Some(Move::Wall(w)) = r.best else { panic!("expected a wall, got {r:?}") };
        assert!(pos.preview_wall(w).unwrap()[Seat::West].unwrap() > 1, "{w}");
    }

    #[test]
    fn takes_the_winning_step() {
        let mut s = four();
        s.pawns[Seat::South] = Some(Square::new(2, 7));
        s.pawns[Seat::North] = Some(Square::new(6, 1));
        let pos = Position::from_setup(&s).unwrap();
        let r = maxn_searcher(1 << 14).search(&pos, Limits::depth(4));
        assert_eq!(r.best, Some(Move::Pawn(Square::new(2, 8))));
        assert_eq!(r.mate_in(), Some(1));
    }

    #[test]
    fn a_seat_without_walls_only_steps_forward() {
        let pos = Position::new(Variant::new(9, 4, 0, 2, Goal::Edge).unwrap());
        let searcher = maxn_searcher(1 << 10);
        assert_eq!(searcher.maxn_moves(&pos, None).as_slice(), [Move::Pawn(Square::new(4, 1))]);
        // With walls, South also tries walls, but only against routes it can cut.
        let pos = Position::new(Variant::four_player());
        let moves = searcher.maxn_moves(&pos, None);
        let walls = moves.iter().filter(|m| matches!(m, Move::Wall(_))).count();
        assert!((1..=ROOT_WALLS).contains(&walls), "{walls}");
        assert!(moves.iter().all(|&m| pos.is_legal(m)));
    }

    /// The wall candidates as they were first built: every legal wall tested against
    /// every step (the reference for `Position::legal_walls_cutting`, which
    /// [`Searcher::four_moves`] uses).
    fn cutting_walls_by_legal_moves(pos: &Position, cut: &[(Square, Square)]) -> Vec<Wall> {
        let len = pos.variant().wall_length();
        pos.legal_moves()
            .iter()
            .filter_map(|&m| match m {
                Move::Wall(w) if cut.iter().any(|&(a, b)| w.blocks(len, a, b)) => Some(w),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_cutting_walls_are_the_legal_walls_that_cut() {
        use wallrush_core::SplitMix64;
        let mut rng = SplitMix64::new(23);
        let mut checked = 0;
        for v in [Variant::four_player(), Variant::race_to_centre(), Variant::classic()] {
            for _ in 0..40 {
                let mut pos = Position::new(v);
                for _ in 0..rng.next_u64() % 40 {
                    let moves = pos.legal_moves();
                    let Some(&m) = rng.pick(&moves) else { break };
                    pos.play(m).unwrap();
                }
                if pos.is_game_over() {
                    continue;
                }
                let mut cut = Vec::new();
                for s in pos.seats_in_play() {
                    let route = pos.route(s).unwrap();
                    cut.extend(route.windows(2).map(|p| (p[0], p[1])));
                }
                let legal: Vec<Wall> = pos.legal_walls_cutting(pos.seats_in_play()).iter().collect();
                assert_eq!(legal, cutting_walls_by_legal_moves(&pos, &cut), "{v:?}");
                checked += 1;
            }
        }
        assert!(checked > 60, "{checked}");
    }

    #[test]
    fn the_moves_by_masks_are_the_moves_by_previews() {
        // On random positions, the generator on masks (the searcher knows the board's
        // masks) tries the moves, in the order, that the core's previews give, for every
        // root seat and both kinds of search.
        use crate::search::masks::Geo;
        use wallrush_core::SplitMix64;
        let mut rng = SplitMix64::new(7);
        let mut checked = 0;
        for v in
            [Variant::four_player(), Variant::race_to_centre(), Variant::new(9, 4, 3, 2, Goal::Edge).unwrap()]
        {
            for _ in 0..40 {
                let Some(pos) = crate::search::tests::random_position(&mut rng, v, 70) else { continue };
                let mut plain = maxn_searcher(1 << 10);
                let mut masked = maxn_searcher(1 << 10);
                masked.geo = Geo::new(&pos);
                assert!(masked.geo.is_some());
                for root in pos.seats_in_play() {
                    plain.root_seat = root;
                    masked.root_seat = root;
                    for against_root in [false, true] {
                        let a = plain.four_moves(&pos, None, against_root);
                        let b = masked.four_moves(&pos, None, against_root);
                        assert_eq!(a.as_slice(), b.as_slice(), "{v:?} {root} {against_root} {pos:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }

    #[test]
    fn node_budgets_are_deterministic_and_the_line_is_legal() {
        for v in [Variant::four_player(), Variant::race_to_centre()] {
            let pos = Position::new(v);
            let a = maxn_searcher(1 << 14).search(&pos, Limits::nodes(4000));
            let b = maxn_searcher(1 << 14).search(&pos, Limits::nodes(4000));
            assert_eq!(a, b);
            assert!(a.depth >= 2 && a.nodes >= 4000, "{a:?}");
            assert_eq!(a.pv.first().copied(), a.best);
            let mut p = pos.clone();
            for &m in &a.pv {
                p.play(m).unwrap();
            }
        }
    }

    #[test]
    fn a_search_for_another_root_seat_reads_none_of_the_table() {
        let pos = Position::new(Variant::four_player());
        let mut searcher = maxn_searcher(1 << 12);
        searcher.ensure_vtable();
        searcher.root_seat = Seat::South;
        searcher.vstore(&pos, 3, [1, 2, 3, 4], Move::Pawn(Square::new(4, 1)));
        assert_eq!(searcher.vprobe(&pos).map(|e| e.scores), Some([1, 2, 3, 4]));
        for other in [Seat::West, Seat::North, Seat::East] {
            searcher.root_seat = other;
            assert!(searcher.vprobe(&pos).is_none(), "{other}");
        }
    }

    #[test]
    fn the_evaluation_ranks_the_race() {
        // South two steps ahead of everyone: it leads, the others trail by as much.
        let mut s = four();
        s.pawns[Seat::South] = Some(Square::new(4, 2));
        let pos = Position::from_setup(&s).unwrap();
        let v = four_evaluate(&FourWeights::HAND, &FourWeights::HAND, 0, &pos);
        assert!(v[Seat::South.index()] > 0);
        for t in [Seat::West, Seat::North, Seat::East] {
            assert!(v[t.index()] < 0, "{t} {v:?}");
        }
        // A win is a win for the winner alone.
        let mut s = four();
        s.pawns[Seat::South] = Some(Square::new(2, 7));
        let mut pos = Position::from_setup(&s).unwrap();
        pos.play(Move::Pawn(Square::new(2, 8))).unwrap();
        assert_eq!(maxn_terminal(&pos, 3), [WIN - 3, -(WIN - 3), -(WIN - 3), -(WIN - 3)]);
    }
}
