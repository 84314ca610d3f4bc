//! Max-n search for four seats (the previous engine's, frozen).
//!
//! Every seat picks the move best for itself, judged on a vector of scores (one per
//! seat), so the search expects what a self-interested table does: the seats behind
//! wall whoever leads, and a seat ahead runs. Paranoid search, which assumes the other
//! three seats only try to stop the root seat, leaves the engine too pessimistic to
//! keep its walls for the end of the race.
//!
//! Max-n allows no deep cut-offs, so the width is kept small instead: each seat tries
//! its pawn moves and its few most damaging walls against the seats within a round of
//! its own arrival (see [`Searcher::maxn_moves`]). Equal scores for the mover are broken
//! against the root seat.

use alloc::vec;
use alloc::vec::Vec;

use super::{Score, Searcher, INF, MAX_PLY, WIN};
use wallrush_core::{BySeat, Move, MoveList, Position, Seat};

/// What a wall in hand is worth to its holder in the four-seat evaluation, in
/// centi-steps, while the race is long; each wall another seat holds costs a third of
/// that (it may be spent on anyone).
const WALL_VALUE_FOUR: Score = 120;
/// A wall kept too long is wasted: its holder values it at most this much per round left
/// before the first other seat is due to arrive, so the engine spends its walls while
/// they can still change the race. Tuned in seeded matches against three beginners
/// (15,000 nodes a move, 200 games on seeds 7 and 2026): no cap won 54%, 20 a round 67%
/// (68% on the fresh seeds 11 and 12).
const WALL_DECAY: Score = 20;
/// Walls the root seat tries at a node, best previewed damage first.
const ROOT_WALLS: usize = 8;
/// Walls every other seat tries at a node.
const OTHER_WALLS: usize = 4;

/// A score per seat.
type Scores = [Score; 4];

#[derive(Clone, Copy, Default)]
pub(super) struct VEntry {
    key: u64,
    depth: u8,
    filled: bool,
    scores: Scores,
    best: Option<Move>,
}

impl Searcher {
    /// One max-n iteration from the root: the root seat's score (its best move stays in
    /// the table, see [`Searcher::maxn_table_move`]).
    pub(super) fn maxn_root(&mut self, pos: &Position, depth: u32) -> Score {
        if self.vtable.is_empty() {
            self.vtable = vec![VEntry::default(); (self.table.len() / 2).max(1024)];
        }
        self.maxn(pos, depth, 0)[self.root_seat.index()]
    }

    /// The score vector of `pos` searched `depth` plies deep.
    fn maxn(&mut self, pos: &Position, depth: u32, ply: usize) -> Scores {
        self.nodes += 1;
        if pos.is_game_over() {
            return maxn_terminal(pos, ply);
        }
        if depth == 0 || ply >= MAX_PLY - 1 || (ply > 0 && self.out_of_budget()) {
            return maxn_evaluate(pos);
        }
        let tt = self.vprobe(pos);
        if let Some(e) = tt {
            if e.depth as u32 >= depth && ply > 0 {
                return e.scores;
            }
        }
        let me = pos.turn().index();
        let root = self.root_seat.index();
        let moves = self.maxn_moves(pos, tt.and_then(|e| e.best));
        let mut best: Option<(Scores, Move)> = None;
        for &m in moves.iter() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let scores = self.maxn(&child, depth - 1, ply + 1);
            if self.stopped && best.is_some() {
                break;
            }
            let better = match best {
                None => true,
                Some((b, _)) => scores[me] > b[me] || (scores[me] == b[me] && scores[root] < b[root]),
            };
            if better {
                best = Some((scores, m));
            }
        }
        let Some((scores, m)) = best else { return maxn_evaluate(pos) };
        if !self.stopped {
            self.vstore(pos, depth, scores, m);
        }
        scores
    }

    /// The moves the seat to move tries: every pawn move, then its most damaging walls
    /// (by previewed route change) that cut the route of a seat due to arrive no later
    /// than a round after it; the table move first.
    pub(super) fn maxn_moves(&self, pos: &Position, tt_move: Option<Move>) -> MoveList {
        let me = pos.turn();
        let arrival = arrivals(pos);
        let count = pos.seats_in_play().count() as i32;
        let targets: Vec<Seat> =
            pos.seats_in_play().filter(|&s| s != me && arrival[s] <= arrival[me] + count).collect();
        let limit = if me == self.root_seat { ROOT_WALLS } else { OTHER_WALLS };
        let mut out = MoveList::new();
        let mut walls: Vec<(i32, Move)> = Vec::new();
        let mut cut = Vec::new();
        if pos.walls_left(me) > 0 {
            for &s in &targets {
                if let Some(route) = pos.route(s) {
                    cut.extend(route.windows(2).map(|p| (p[0], p[1])));
                }
            }
        }
        let len = pos.variant().wall_length();
        let before = pos.route_lens().map(|n| n.unwrap_or(0));
        let d_me = before[me] as i32;
        for m in pos.legal_moves() {
            match m {
                Move::Wall(w) => {
                    if !cut.iter().any(|&(a, b)| w.blocks(len, a, b)) {
                        continue;
                    }
                    let Ok(after) = pos.preview_wall(w) else { continue };
                    let hurt = targets
                        .iter()
                        .map(|&t| after[t].unwrap_or(0) as i32 - before[t] as i32)
                        .max()
                        .unwrap_or(0);
                    let cost = after[me].unwrap_or(0) as i32 - d_me;
                    if hurt > 0 {
                        walls.push((hurt - cost, m));
                    }
                }
                _ => out.push(m),
            }
        }
        if pos.walls_left(me) == 0 {
            // Without walls, a seat races: only steps that shorten its route.
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

    fn vprobe(&self, pos: &Position) -> Option<VEntry> {
        let key = Self::key(pos);
        let e = self.vtable[self.vslot(key)];
        (e.filled && e.key == key).then_some(e)
    }

    fn vstore(&mut self, pos: &Position, depth: u32, scores: Scores, best: Move) {
        let key = Self::key(pos);
        let i = self.vslot(key);
        let old = self.vtable[i];
        if old.key != key || depth as u8 >= old.depth {
            self.vtable[i] =
                VEntry { key, depth: depth.min(255) as u8, filled: true, scores, best: Some(best) };
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

/// When each seat in play would arrive, in plies from now, if nobody walled again: its
/// route less one in full rounds, plus the plies until its turn.
fn arrivals(pos: &Position) -> BySeat<i32> {
    let count = pos.seats_in_play().count() as i32;
    let me = pos.turn().index();
    let mut out = BySeat([i32::MAX / 4; 4]);
    let mut next = 0;
    for k in 0..4 {
        let s = Seat::ALL[(me + k) % 4];
        if pos.is_in_play(s) {
            out[s] = (pos.route_len(s).unwrap_or(64) as i32 - 1) * count + next;
            next += 1;
        }
    }
    out
}

/// Each seat's view of a position whose game goes on: its lead in the race over the
/// first of the others to arrive (in steps), its walls in hand, less a third of each
/// wall the others hold.
fn maxn_evaluate(pos: &Position) -> Scores {
    let arrival = arrivals(pos);
    let count = pos.seats_in_play().count().max(1) as i32;
    let all_walls: i32 = pos.seats_in_play().map(|s| pos.walls_left(s) as i32).sum();
    let mut out = [-INF; 4];
    for s in pos.seats_in_play() {
        let first_other =
            pos.seats_in_play().filter(|&t| t != s).map(|t| arrival[t]).min().unwrap_or(arrival[s] + count);
        let mine = pos.walls_left(s) as i32;
        let rounds_left = (first_other + count - 1) / count;
        let own_value = WALL_VALUE_FOUR.min(WALL_DECAY * rounds_left);
        out[s.index()] = (first_other - arrival[s]) * 100 / count + mine * own_value
            - (all_walls - mine) * WALL_VALUE_FOUR / 3;
    }
    out
}

/// The score vector of a finished game: the winner wins, everyone else loses.
fn maxn_terminal(pos: &Position, ply: usize) -> Scores {
    let win = WIN - ply as i32;
    match pos.outcome().and_then(|o| o.winner()) {
        Some(w) => core::array::from_fn(|i| if i == w.index() { win } else { -win }),
        None => [0; 4],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baseline::Limits;
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
        let r = Searcher::new(1 << 14).search(&pos, Limits::depth(4));
        let Some(Move::Wall(w)) = r.best else { panic!("expected a wall, got {r:?}") };
        assert!(pos.preview_wall(w).unwrap()[Seat::West].unwrap() > 1, "{w}");
    }

    #[test]
    fn takes_the_winning_step() {
        let mut s = four();
        s.pawns[Seat::South] = Some(Square::new(2, 7));
        s.pawns[Seat::North] = Some(Square::new(6, 1));
        let pos = Position::from_setup(&s).unwrap();
        let r = Searcher::new(1 << 14).search(&pos, Limits::depth(4));
        assert_eq!(r.best, Some(Move::Pawn(Square::new(2, 8))));
        assert_eq!(r.mate_in(), Some(1));
    }

    #[test]
    fn a_seat_without_walls_only_steps_forward() {
        let pos = Position::new(Variant::new(9, 4, 0, 2, Goal::Edge).unwrap());
        let searcher = Searcher::new(1 << 10);
        assert_eq!(searcher.maxn_moves(&pos, None).as_slice(), [Move::Pawn(Square::new(4, 1))]);
        // With walls, South also tries walls, but only against routes it can cut.
        let pos = Position::new(Variant::four_player());
        let moves = searcher.maxn_moves(&pos, None);
        let walls = moves.iter().filter(|m| matches!(m, Move::Wall(_))).count();
        assert!((1..=ROOT_WALLS).contains(&walls), "{walls}");
        assert!(moves.iter().all(|&m| pos.is_legal(m)));
    }

    #[test]
    fn node_budgets_are_deterministic_and_the_line_is_legal() {
        for v in [Variant::four_player(), Variant::race_to_centre()] {
            let pos = Position::new(v);
            let a = Searcher::new(1 << 14).search(&pos, Limits::nodes(4000));
            let b = Searcher::new(1 << 14).search(&pos, Limits::nodes(4000));
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
    fn the_evaluation_ranks_the_race() {
        // South two steps ahead of everyone: it leads, the others trail by as much.
        let mut s = four();
        s.pawns[Seat::South] = Some(Square::new(4, 2));
        let pos = Position::from_setup(&s).unwrap();
        let v = maxn_evaluate(&pos);
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
