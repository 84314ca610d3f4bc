//! The four-seat searches: max-n (the `maxn` module), paranoid alpha-beta and best-reply
//! search (BRS+), chosen by [`SearchOptions::four`](super::SearchOptions::four).
//!
//! - **Max-n**: every seat maximises its own score in a vector of scores. No deep
//!   cut-offs, so one round of the table (four plies) is about as deep as it gets.
//! - **Paranoid**: the other seats are one coalition minimising the root seat's score, so
//!   alpha-beta prunes; each ply is still one seat's move.
//! - **Best-reply search (BRS+)** (Schadd & Winands 2011; Esser et al. 2013): after the
//!   root seat's move, *one* of the other seats plays its best reply against the root
//!   seat while the others play their default move, a greedy step along a shortest route
//!   (BRS+ plays a move where plain BRS passes, so every position searched can arise).
//!   The root seat's moves and the combined replies alternate as MAX and MIN layers of an
//!   alpha-beta search, so a depth of four layers sees two of the root seat's own moves
//!   where max-n sees one. By default its iterations search odd numbers of layers
//!   (1, 3, 5, …; [`SearchOptions::brs_odd`](super::SearchOptions::brs_odd)), each ending
//!   on the root seat's own move, which won by match.
//!
//! The paranoid and BRS+ searches score a position by the root seat's entry in the max-n
//! evaluation (its lead in the race over the first other seat to arrive, and the walls in
//! hand), and use the max-n move generator with the other seats walling only the root
//! seat. docs/ENGINE.md gives the matches that chose the default.

use super::four_eval::arrivals;
use super::masks::Geo;
use super::maxn::{nearest_to_goal, Scores, WALL_VALUE_FOUR};
use super::options::FourSeatSearch;
use super::{bound, from_table, to_table, Score, Searcher, EXACT, INF, LOWER, MAX_PLY, UPPER, WIN};
use wallrush_core::{Move, Orientation, Position, Seat, Undo, Wall};

/// What a wall in hand is worth to the root seat per round left before the first other
/// seat is due to arrive, at most [`WALL_VALUE_FOUR`] (max-n uses 20). Chosen in seeded
/// node-budget matches against three beginners (docs/ENGINE.md): BRS+ won 139 of 200
/// games with 20, 150 with 40.
const WALL_DECAY_AB: Score = 40;

impl Searcher {
    /// One four-seat iteration from the root with the search the options choose: the
    /// root seat's score and, for the alpha-beta searches, the best move with its score
    /// (when stopped, the best of the root moves searched in full).
    pub(super) fn four_root(&mut self, pos: &mut Position, depth: u32) -> (Score, Option<(Move, Score)>) {
        self.ensure_vtable();
        let layers = self.four_layers(depth);
        match self.options.four {
            FourSeatSearch::MaxN => (self.maxn_root(pos, depth), None),
            FourSeatSearch::Paranoid | FourSeatSearch::BestReply => self.four_ab_root(pos, layers),
        }
    }

    /// The plies (max-n, paranoid) or layers (BRS+) iteration `depth` searches: BRS+
    /// searches odd numbers of layers only (`SearchOptions::brs_odd`), 1, 3, 5, …, so that
    /// every iteration ends on the root seat's own move.
    pub(super) fn four_layers(&self, depth: u32) -> u32 {
        if self.options.four == FourSeatSearch::BestReply && self.options.brs_odd {
            2 * depth - 1
        } else {
            depth
        }
    }

    /// The root of the paranoid and BRS+ searches.
    fn four_ab_root(&mut self, pos: &mut Position, depth: u32) -> (Score, Option<(Move, Score)>) {
        self.nodes += 1;
        let brs = self.options.four == FourSeatSearch::BestReply;
        let tt_move = self.vprobe(pos).and_then(|e| e.best);
        let moves = self.four_moves(pos, tt_move, true);
        let mut alpha = -INF;
        let mut best: Option<(Move, Score)> = None;
        for (i, &m) in moves.iter().enumerate() {
            let undo = pos.make(m);
            let score = if brs {
                self.brs_min(pos, depth - 1, alpha, INF, 1)
            } else {
                self.paranoid(pos, depth - 1, alpha, INF, 1)
            };
            pos.unmake(undo);
            if self.stopped && i > 0 {
                break;
            }
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((m, score));
            }
            alpha = alpha.max(score);
            if self.stopped {
                break;
            }
        }
        let (m, score) = best.unwrap_or((moves[0], -INF));
        if !self.stopped {
            self.vstore_bound(pos, depth, one(to_table(score, 0)), EXACT, Some(m));
        }
        (score, best)
    }

    /// The root seat's score of `pos`, searched `depth` plies deep with the other seats
    /// minimising it.
    fn paranoid(&mut self, pos: &mut Position, depth: u32, alpha: Score, beta: Score, ply: usize) -> Score {
        self.alpha_beta_layer(pos, depth, alpha, beta, ply, MAX_PLY - 1, Searcher::paranoid)
    }

    /// A MAX layer of BRS+: the root seat to move in `pos`, `depth` layers to go.
    fn brs_max(&mut self, pos: &mut Position, depth: u32, alpha: Score, beta: Score, ply: usize) -> Score {
        self.alpha_beta_layer(pos, depth, alpha, beta, ply, MAX_PLY - 8, Searcher::brs_min)
    }

    /// One alpha-beta node over the root seat's score, the node of both the paranoid
    /// search and BRS+'s MAX layers: it maximises when the root seat is to move and
    /// minimises otherwise, searching each move's position with `child`, and evaluates
    /// from `ply_cap` plies on.
    #[allow(clippy::too_many_arguments)] // a search node's window, depth and recursion
    fn alpha_beta_layer(
        &mut self,
        pos: &mut Position,
        depth: u32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
        ply_cap: usize,
        child: fn(&mut Searcher, &mut Position, u32, Score, Score, usize) -> Score,
    ) -> Score {
        self.nodes += 1;
        let root = self.root_seat;
        if pos.is_game_over() {
            return root_terminal(pos, root, ply);
        }
        if depth == 0 || ply >= ply_cap || self.out_of_budget() {
            return root_evaluate(pos, root);
        }
        let tt = self.vprobe(pos);
        if let Some(s) = tt.and_then(|e| cutoff(e.depth, e.bound, e.scores[0], depth, alpha, beta, ply)) {
            return s;
        }
        let maxing = pos.turn() == root;
        let moves = self.four_moves(pos, tt.and_then(|e| e.best), true);
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maxing { -INF } else { INF };
        let mut best_move = None;
        for &m in moves.iter() {
            let undo = pos.make(m);
            let s = child(self, pos, depth - 1, alpha, beta, ply + 1);
            pos.unmake(undo);
            if self.stopped {
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
        self.vstore_bound(pos, depth, one(to_table(best, ply)), bound(best, alpha0, beta0), best_move);
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
        self.nodes += 1;
        let root = self.root_seat;
        if pos.is_game_over() {
            return root_terminal(pos, root, ply);
        }
        if depth == 0 || ply >= MAX_PLY - 8 || self.out_of_budget() {
            return root_evaluate(pos, root);
        }
        let mut best = INF;
        // The open steps of the board here, for the default moves by masks: the seats'
        // own moves below change them only by a candidate wall.
        let open = self.geo.as_ref().and_then(|_| pos.bitboards()).map(|bb| (bb.open_e, bb.open_n));
        let mut played: Played = Played::default();
        'seats: while pos.turn() != root && !pos.is_game_over() {
            let moves = self.four_moves(pos, None, true);
            for &m in moves.iter() {
                let s = self.brs_reply(pos, m, open, depth, alpha, beta, ply + played.len);
                if self.stopped {
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

/// The root seat's view of a position whose game goes on (paranoid, BRS+): its entry of
/// the max-n evaluation, but with a wall in hand keeping its full value until
/// [`WALL_DECAY_AB`] a round says otherwise.
fn root_evaluate(pos: &Position, root: Seat) -> Score {
    let arrival = arrivals(pos);
    let count = pos.seats_in_play().count().max(1) as i32;
    let all_walls: i32 = pos.seats_in_play().map(|s| pos.walls_left(s) as i32).sum();
    let first_other =
        pos.seats_in_play().filter(|&t| t != root).map(|t| arrival[t]).min().unwrap_or(arrival[root] + count);
    let mine = pos.walls_left(root) as i32;
    let rounds_left = (first_other + count - 1) / count;
    let own_value = WALL_VALUE_FOUR.min(WALL_DECAY_AB * rounds_left);
    (first_other - arrival[root]) * 100 / count + mine * own_value - (all_walls - mine) * WALL_VALUE_FOUR / 3
}

/// A score in the first entry of a table score vector.
fn one(score: Score) -> Scores {
    [score, 0, 0, 0]
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

/// The root seat's score of a finished game: a win for it, a loss when another seat
/// won, nearer wins and later losses better.
fn root_terminal(pos: &Position, root: Seat, ply: usize) -> Score {
    match pos.outcome().and_then(|o| o.winner()) {
        Some(w) if w == root => WIN - ply as i32,
        Some(_) => -(WIN - ply as i32),
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Limits, SearchOptions};
    use wallrush_core::{Goal, Setup, Square, Variant};

    fn searcher(four: FourSeatSearch) -> Searcher {
        Searcher::new(1 << 14).with_options(SearchOptions { four, ..SearchOptions::DEFAULT })
    }

    const ALL: [FourSeatSearch; 3] =
        [FourSeatSearch::MaxN, FourSeatSearch::Paranoid, FourSeatSearch::BestReply];

    #[test]
    fn every_search_takes_the_winning_step() {
        let mut s = Setup::start(Variant::four_player());
        s.pawns[Seat::South] = Some(Square::new(2, 7));
        s.pawns[Seat::North] = Some(Square::new(6, 1));
        let pos = Position::from_setup(&s).unwrap();
        for kind in ALL {
            let r = searcher(kind).search(&pos, Limits::depth(4));
            assert_eq!(r.best, Some(Move::Pawn(Square::new(2, 8))), "{kind:?}");
            assert_eq!(r.mate_in(), Some(1), "{kind:?}");
        }
    }

    #[test]
    fn every_search_walls_the_next_seat_one_step_from_its_goal() {
        // West on h3 steps to the i file next unless South, to move, walls it off.
        let mut s = Setup::start(Variant::four_player());
        s.pawns[Seat::West] = Some(Square::new(7, 2));
        let pos = Position::from_setup(&s).unwrap();
        for kind in ALL {
            let r = searcher(kind).search(&pos, Limits::depth(4));
            let Some(Move::Wall(w)) = r.best else { panic!("{kind:?}: expected a wall, got {r:?}") };
            assert!(pos.preview_wall(w).unwrap()[Seat::West].unwrap() > 1, "{kind:?} {w}");
        }
    }

    #[test]
    fn node_budgets_are_deterministic_and_the_line_is_legal() {
        for kind in ALL {
            for v in [Variant::four_player(), Variant::race_to_centre()] {
                let pos = Position::new(v);
                let a = searcher(kind).search(&pos, Limits::nodes(4000));
                let b = searcher(kind).search(&pos, Limits::nodes(4000));
                assert_eq!(a, b, "{kind:?}");
                assert!(a.depth >= 2 && a.nodes >= 4000, "{kind:?} {a:?}");
                assert_eq!(a.pv.first().copied(), a.best, "{kind:?}");
                let mut p = pos.clone();
                for &m in &a.pv {
                    p.play(m).unwrap();
                }
            }
        }
    }

    #[test]
    fn the_searches_leave_the_position_as_it_was() {
        // A mid-game position with walls, searched by every kind; the searcher works on a
        // copy, but make/unmake inside must balance or the line would be illegal.
        let mut pos = Position::new(Variant::four_player());
        for m in ["e2", "b5", "e8", "h5", "e3", "c5", "e7h"] {
            pos.play(m.parse().unwrap()).unwrap();
        }
        for kind in ALL {
            let mut work = pos.clone();
            let mut s = searcher(kind);
            s.root_seat = work.turn();
            s.ensure_vtable();
            let _ = s.four_root(&mut work, 3);
            assert!(work.diagnostics().identical(&pos), "{kind:?}");
        }
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
        // By default every BRS+ iteration ends on the root seat's move: iteration d
        // searches 2d - 1 layers, and the result reports the layers, as a depth limit
        // counts them.
        let pos = Position::new(Variant::four_player());
        let s = searcher(FourSeatSearch::BestReply);
        assert_eq!([1, 2, 3, 4].map(|d| s.four_layers(d)), [1, 3, 5, 7]);
        for (limit, layers) in [(1, 1), (3, 3), (4, 3), (5, 5)] {
            let r = searcher(FourSeatSearch::BestReply).search(&pos, Limits::depth(limit));
            assert_eq!(r.depth, layers, "{limit} {r:?}");
        }
        let r = searcher(FourSeatSearch::BestReply).search(&pos, Limits::nodes(20_000));
        assert_eq!(r.depth % 2, 1, "{r:?}");
        // Max-n and paranoid count plies, one an iteration.
        for kind in [FourSeatSearch::MaxN, FourSeatSearch::Paranoid] {
            assert_eq!(searcher(kind).four_layers(4), 4, "{kind:?}");
        }
    }

    #[test]
    fn brs_sees_two_of_its_own_moves_in_four_layers() {
        // South is two steps from its goal and nobody can stop it in time without
        // walls: BRS+ at four layers finds the win in two of its own moves (5 plies).
        let mut s = Setup::start(Variant::new(9, 4, 0, 2, Goal::Edge).unwrap());
        s.pawns[Seat::South] = Some(Square::new(4, 6));
        let pos = Position::from_setup(&s).unwrap();
        let four_layers =
            SearchOptions { four: FourSeatSearch::BestReply, brs_odd: false, ..SearchOptions::DEFAULT };
        let r = Searcher::new(1 << 14).with_options(four_layers).search(&pos, Limits::depth(4));
        assert_eq!((r.mate_in(), r.depth), (Some(5), 4), "{r:?}");
        // Max-n at four plies sees only one of South's moves.
        let r = searcher(FourSeatSearch::MaxN).search(&pos, Limits::depth(4));
        assert_eq!(r.mate_in(), None, "{r:?}");
    }
}
