//! The four-seat search: best-reply search (BRS+; Schadd & Winands 2011, Esser et al.
//! 2013).
//!
//! After the root seat's move, *one* of the other seats plays its best reply against the
//! root seat while the others play their default move, a greedy step along a shortest
//! route (BRS+ plays a move where plain BRS passes, so every position searched can
//! arise). The root seat's moves and the combined replies alternate as MAX and MIN layers
//! of an alpha-beta search over the root seat's score, so three layers see two of the
//! root seat's own moves, where a search that gives every seat its own ply needs five
//! plies. Iterations search odd numbers of layers (1, 3, 5, …), each ending on the root
//! seat's own move.
//!
//! A position is scored by the root seat's lead in the race over the first other seat
//! due to arrive and the walls in hand (the `eval` submodule); the moves come from the
//! `moves` submodule, the other seats walling only the root seat. The four-seat
//! transposition table is `tt::FourTable`.

use super::masks::Geo;
use super::score::{Score, INF, MAX_PLY};
use super::tt::{bound, from_table, to_table, EXACT, LOWER, UPPER};
use super::Searcher;
use eval::{root_evaluate, root_terminal};
use moves::nearest_to_goal;
use wallrush_core::{Move, Orientation, Position, Seat, Undo, Wall};

mod eval;
mod moves;

impl Searcher {
    /// One four-seat iteration from the root, [`four_layers`](Self::four_layers)`(depth)`
    /// layers deep, over the root's moves other than `skip` (the lines a multipv search
    /// found already): the root seat's score and the best move with its score (when
    /// stopped, the best of the root moves searched in full). Only a search of every
    /// move (`skip` empty) stores the root's table entry.
    pub(super) fn four_root(
        &mut self,
        pos: &mut Position,
        depth: u32,
        skip: &[Move],
    ) -> (Score, Option<(Move, Score)>) {
        self.four_table.ensure(self.table.len());
        let depth = self.four_layers(depth);
        self.clock.nodes += 1;
        let tt_move = self.four_table.probe(pos, self.root_seat).and_then(|e| e.best);
        let mut moves = self.four_moves(pos, tt_move);
        if !skip.is_empty() {
            moves.retain(|m| !skip.contains(m));
            if moves.is_empty() {
                return (-INF, None);
            }
        }
        let mut alpha = -INF;
        let mut best: Option<(Move, Score)> = None;
        for (i, &m) in moves.iter().enumerate() {
            let undo = pos.make(m);
            let score = self.brs_min(pos, depth - 1, alpha, INF, 1);
            pos.unmake(undo);
            if self.clock.stopped && i > 0 {
                break;
            }
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((m, score));
            }
            alpha = alpha.max(score);
            if self.clock.stopped {
                break;
            }
        }
        let (m, score) = best.unwrap_or((moves[0], -INF));
        if !self.clock.stopped && skip.is_empty() {
            self.four_table.store(pos, self.root_seat, depth, to_table(score, 0), EXACT, Some(m));
        }
        (score, best)
    }

    /// The layers iteration `depth` searches: odd numbers only, 1, 3, 5, …, so that every
    /// iteration ends on the root seat's own move.
    pub(super) fn four_layers(&self, depth: u32) -> u32 {
        2 * depth - 1
    }

    /// A MAX layer of BRS+, `depth` layers to go: an alpha-beta node over the root seat's
    /// score, where the root seat moves and maximises it (a node with another seat to
    /// move would minimise it).
    fn brs_max(
        &mut self,
        pos: &mut Position,
        depth: u32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
    ) -> Score {
        self.clock.nodes += 1;
        let root = self.root_seat;
        if pos.is_game_over() {
            return root_terminal(pos, root, ply);
        }
        if depth == 0 || ply >= MAX_PLY - 8 || self.clock.out_of_budget() {
            return root_evaluate(pos, root);
        }
        let tt = self.four_table.probe(pos, root);
        if let Some(s) = tt.and_then(|e| cutoff(e.depth, e.bound, e.score, depth, alpha, beta, ply)) {
            return s;
        }
        let maxing = pos.turn() == root;
        let moves = self.four_moves(pos, tt.and_then(|e| e.best));
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maxing { -INF } else { INF };
        let mut best_move = None;
        for &m in moves.iter() {
            let undo = pos.make(m);
            let s = self.brs_min(pos, depth - 1, alpha, beta, ply + 1);
            pos.unmake(undo);
            if self.clock.stopped {
                return best;
            }
            if (maxing && s > best) || (!maxing && s < best) {
                best = s;
                best_move = Some(m);
            }
            if maxing {
                alpha = alpha.max(s);
            } else {
                beta = beta.min(s);
            }
            if alpha >= beta {
                break;
            }
        }
        self.four_table.store(pos, root, depth, to_table(best, ply), bound(best, alpha0, beta0), best_move);
        best
    }

    /// A MIN layer of BRS+: the seats after the root seat, in turn order, each in turn
    /// replying with every move it tries while the seats after it play their default
    /// move (the seats before it have played theirs); the lowest score for the root seat.
    fn brs_min(
        &mut self,
        pos: &mut Position,
        depth: u32,
        alpha: Score,
        mut beta: Score,
        ply: usize,
    ) -> Score {
        self.clock.nodes += 1;
        let root = self.root_seat;
        if pos.is_game_over() {
            return root_terminal(pos, root, ply);
        }
        if depth == 0 || ply >= MAX_PLY - 8 || self.clock.out_of_budget() {
            return root_evaluate(pos, root);
        }
        let mut best = INF;
        // The open steps of the board here, for the default moves by masks: the seats'
        // own moves below change them only by a candidate wall.
        let open = self.geo.as_ref().and_then(|_| pos.bitboards()).map(|bb| (bb.open_e, bb.open_n));
        let mut played: Played = Played::default();
        'seats: while pos.turn() != root && !pos.is_game_over() {
            let moves = self.four_moves(pos, None);
            for &m in moves.iter() {
                let s = self.brs_reply(pos, m, open, depth, alpha, beta, ply + played.len);
                if self.clock.stopped {
                    break 'seats;
                }
                best = best.min(s);
                beta = beta.min(s);
                if best <= alpha {
                    break 'seats;
                }
            }
            // This seat plays its default move; the next one replies.
            let d = default_move(self.geo.as_ref(), open, pos);
            played.push(pos.make(d));
            if pos.is_game_over() {
                best = best.min(root_terminal(pos, root, ply + played.len));
                break;
            }
        }
        played.unmake_all(pos);
        best
    }

    /// One reply of a BRS+ MIN layer: `m` for the seat to move in `pos` (`ply` plies from
    /// the root), the seats after it playing their default moves (over the open steps
    /// `open` before `m`), then the root seat's MAX layer; the root seat's score.
    #[allow(clippy::too_many_arguments)] // a search node's window, depth and position
    fn brs_reply(
        &mut self,
        pos: &mut Position,
        m: Move,
        open: Option<(u128, u128)>,
        depth: u32,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        let root = self.root_seat;
        let open_after = match (m, open, self.geo.as_ref()) {
            (Move::Wall(w), Some((e, n)), Some(geo)) => {
                let (ce, cn) = wall_steps(geo, w);
                Some((e & !ce, n & !cn))
            }
            _ => open,
        };
        let undo = pos.make(m);
        let mut rest = Played::default();
        while !pos.is_game_over() && pos.turn() != root {
            let d = default_move(self.geo.as_ref(), open_after, pos);
            rest.push(pos.make(d));
        }
        let at = ply + 1 + rest.len;
        let s = if pos.is_game_over() {
            root_terminal(pos, root, at)
        } else {
            self.brs_max(pos, depth - 1, alpha, beta, at)
        };
        rest.unmake_all(pos);
        pos.unmake(undo);
        s
    }
}

/// The moves a BRS+ MIN layer has played, to take back (at most three: one a seat).
#[derive(Default)]
struct Played {
    undos: [Option<Undo>; 3],
    len: usize,
}

impl Played {
    fn push(&mut self, undo: Undo) {
        self.undos[self.len] = Some(undo);
        self.len += 1;
    }

    /// Takes the moves back, the last first.
    fn unmake_all(&mut self, pos: &mut Position) {
        while self.len > 0 {
            self.len -= 1;
            if let Some(u) = self.undos[self.len].take() {
                pos.unmake(u);
            }
        }
    }
}

/// The steps `w` closes, as (east, north) masks of the open-step bitboards
/// ([`Geo::closed_steps`] of its anchor).
fn wall_steps(geo: &Geo, w: Wall) -> (u128, u128) {
    geo.closed_steps(geo.cell(w.anchor()), w.orientation() == Orientation::Horizontal)
}

/// The default move of a seat that does not reply in BRS+: its winning step, else the
/// pawn move that shortens its route most (the first in legal order among equals), else
/// its first legal move (a pass, or a wall when its pawn is boxed in). With the board's
/// masks (`geo`) and its open steps (`open`: east, north), the pawn moves are ranked by
/// one breadth-first pass from the goal instead of playing each of them.
fn default_move(geo: Option<&Geo>, open: Option<(u128, u128)>, pos: &mut Position) -> Move {
    if let (Some(geo), Some((open_e, open_n))) = (geo, open) {
        let me = pos.turn();
        let pawns = pos.pawns();
        let occupied =
            Seat::ALL.iter().filter_map(|&s| pawns[s]).fold(0u128, |o, sq| o | 1u128 << geo.cell(sq));
        let here = pawns[me].map_or(0, |sq| 1u128 << geo.cell(sq));
        // The four steps; only a pawn beside another one needs the jump rules.
        let steps = geo.expand(here, open_e, open_n) & !here;
        let targets = if steps & occupied == 0 {
            steps
        } else {
            pos.pawn_moves().iter().fold(0u128, |t, &m| match m {
                Move::Pawn(sq) => t | 1u128 << geo.cell(sq),
                _ => t,
            })
        };
        if let Some(to) = nearest_to_goal(geo, pos.turn(), open_e, open_n, targets) {
            return Move::Pawn(to);
        }
    }
    default_move_by_making(pos)
}

/// [`default_move`] by playing each pawn move and reading the route length.
fn default_move_by_making(pos: &mut Position) -> Move {
    let me = pos.turn();
    let pawns = pos.pawn_moves();
    let mut best: Option<(u32, Move)> = None;
    for &m in pawns.iter() {
        let undo = pos.make(m);
        let len = if pos.is_game_over() { 0 } else { pos.route_len(me).unwrap_or(u32::MAX) };
        pos.unmake(undo);
        if best.is_none_or(|(b, _)| len < b) {
            best = Some((len, m));
        }
    }
    match best {
        Some((_, m)) => m,
        None => pos.legal_moves().first().copied().unwrap_or(Move::Pass),
    }
}

/// The table's score when its entry (`stored` at `depth_stored` with `bound`) settles a
/// node searched `depth` deep in `(alpha, beta)` at `ply`.
fn cutoff(
    depth_stored: u8,
    bound: u8,
    stored: Score,
    depth: u32,
    alpha: Score,
    beta: Score,
    ply: usize,
) -> Option<Score> {
    if (depth_stored as u32) < depth {
        return None;
    }
    let s = from_table(stored, ply);
    match bound {
        EXACT => Some(s),
        LOWER if s >= beta => Some(s),
        UPPER if s <= alpha => Some(s),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Limits;
    use wallrush_core::{Goal, Setup, Square, Variant};

    fn searcher() -> Searcher {
        Searcher::new(1 << 14)
    }

    #[test]
    fn takes_the_winning_step() {
        let mut s = Setup::start(Variant::four_player());
        s.pawns[Seat::South] = Some(Square::new(2, 7));
        s.pawns[Seat::North] = Some(Square::new(6, 1));
        let pos = Position::from_setup(&s).unwrap();
        let r = searcher().search(&pos, Limits::depth(4));
        assert_eq!(r.best, Some(Move::Pawn(Square::new(2, 8))));
        assert_eq!(r.mate_in(), Some(1));
    }

    #[test]
    fn walls_the_next_seat_one_step_from_its_goal() {
        // West on h3 steps to the i file next unless South, to move, walls it off.
        let mut s = Setup::start(Variant::four_player());
        s.pawns[Seat::West] = Some(Square::new(7, 2));
        let pos = Position::from_setup(&s).unwrap();
        let r = searcher().search(&pos, Limits::depth(4));
        let Some(Move::Wall(w)) = r.best else { panic!("expected a wall, got {r:?}") };
        assert!(pos.preview_wall(w).unwrap()[Seat::West].unwrap() > 1, "{w}");
    }

    #[test]
    fn node_budgets_are_deterministic_and_the_line_is_legal() {
        for v in [Variant::four_player(), Variant::race_to_centre()] {
            let pos = Position::new(v);
            let a = searcher().search(&pos, Limits::nodes(4000));
            let b = searcher().search(&pos, Limits::nodes(4000));
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
    fn the_search_leaves_the_position_as_it_was() {
        // A mid-game position with walls; the searcher works on a copy, but make/unmake
        // inside must balance or the line would be illegal.
        let mut pos = Position::new(Variant::four_player());
        for m in ["e2", "b5", "e8", "h5", "e3", "c5", "e7h"] {
            pos.play(m.parse().unwrap()).unwrap();
        }
        let mut work = pos.clone();
        let mut s = searcher();
        s.root_seat = work.turn();
        s.four_table.ensure(s.table.len());
        let _ = s.four_root(&mut work, 3, &[]);
        assert!(work.diagnostics().identical(&pos));
    }

    #[test]
    fn the_default_move_steps_along_a_shortest_route() {
        let pos = Position::new(Variant::four_player());
        let before = pos.route_len(Seat::South).unwrap();
        let geo = Geo::new(&pos);
        assert!(geo.is_some());
        let open = pos.bitboards().map(|bb| (bb.open_e, bb.open_n));
        for (geo, open) in [(geo.as_ref(), open), (None, None)] {
            let mut p = pos.clone();
            let m = default_move(geo, open, &mut p);
            p.play(m).unwrap();
            assert_eq!(p.route_len(Seat::South), Some(before - 1));
        }
    }

    #[test]
    fn the_default_move_by_masks_is_the_default_move_by_making() {
        // On random positions of the four-seat variants (walls, pawns side by side,
        // jumps), ranking the pawn moves by masks picks the move that playing them does,
        // and a wall closes the steps `wall_steps` says.
        use wallrush_core::SplitMix64;
        let mut rng = SplitMix64::new(2026);
        let (mut checked, mut walls) = (0, 0);
        for v in [Variant::four_player(), Variant::race_to_centre()] {
            let geo = Geo::new(&Position::new(v));
            for _ in 0..60 {
                let Some(pos) = crate::search::tests::random_position(&mut rng, v, 60) else { continue };
                let bb = pos.bitboards().unwrap();
                let by_masks = default_move(geo.as_ref(), Some((bb.open_e, bb.open_n)), &mut pos.clone());
                assert_eq!(by_masks, default_move_by_making(&mut pos.clone()), "{v:?} {pos:?}");
                checked += 1;
                // The open steps after a wall, as the MIN layer derives them.
                if let Some(&Move::Wall(w)) = rng.pick(&pos.legal_moves()[pos.pawn_moves().len()..]) {
                    let (ce, cn) = wall_steps(geo.as_ref().unwrap(), w);
                    let mut after = pos.clone();
                    after.play(Move::Wall(w)).unwrap();
                    let a = after.bitboards().unwrap();
                    assert_eq!((bb.open_e & !ce, bb.open_n & !cn), (a.open_e, a.open_n), "{w}");
                    walls += 1;
                }
            }
        }
        assert!(checked > 80 && walls > 30, "{checked} {walls}");
    }

    #[test]
    fn brs_searches_odd_numbers_of_layers() {
        // Every BRS+ iteration ends on the root seat's move: iteration d searches 2d - 1
        // layers, and the result reports the layers, as a depth limit counts them.
        let pos = Position::new(Variant::four_player());
        let s = searcher();
        assert_eq!([1, 2, 3, 4].map(|d| s.four_layers(d)), [1, 3, 5, 7]);
        for (limit, layers) in [(1, 1), (3, 3), (4, 3), (5, 5)] {
            let r = searcher().search(&pos, Limits::depth(limit));
            assert_eq!(r.depth, layers, "{limit} {r:?}");
        }
        let r = searcher().search(&pos, Limits::nodes(20_000));
        assert_eq!(r.depth % 2, 1, "{r:?}");
    }

    #[test]
    fn brs_sees_two_of_its_own_moves_in_three_layers() {
        // South is two steps from its goal and nobody can stop it in time without
        // walls: BRS+ at three layers (South, the three others, South) finds the win in
        // two of its own moves (5 plies); one layer sees only one of its moves.
        let mut s = Setup::start(Variant::new(9, 4, 0, 2, Goal::Edge).unwrap());
        s.pawns[Seat::South] = Some(Square::new(4, 6));
        let pos = Position::from_setup(&s).unwrap();
        let r = searcher().search(&pos, Limits::depth(3));
        assert_eq!((r.mate_in(), r.depth), (Some(5), 3), "{r:?}");
        let r = searcher().search(&pos, Limits::depth(1));
        assert_eq!((r.mate_in(), r.depth), (None, 1), "{r:?}");
    }
}
