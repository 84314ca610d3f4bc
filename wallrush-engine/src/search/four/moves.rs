//! The four-seat search's moves: each seat tries its pawn moves and its few most
//! damaging walls (by the route change they cause), and a seat without walls only steps
//! along a shortest route ([`Searcher::four_moves`]). Best-reply search is still a wide
//! search, so the width is kept small. The default move of a seat that does not reply
//! steps by [`nearest_to_goal`].

use super::eval::arrivals;
use crate::search::masks::Geo;
use crate::search::Searcher;
use smallvec::SmallVec;
use wallrush_core::{Bitboards, Move, MoveList, Position, Seat, SeatSet, Square, Wall};

/// Walls the root seat tries at a node, best previewed damage first.
const ROOT_WALLS: usize = 8;
/// Walls every other seat tries at a node.
const OTHER_WALLS: usize = 4;

impl Searcher {
    /// The moves the seat to move tries: every pawn move, then its most damaging walls
    /// (by the route change they cause) against the root seat when the mover is another
    /// seat, or when it is the root seat against the seats due to arrive no later than a
    /// round after it; the table move first.
    pub(super) fn four_moves(&self, pos: &Position, tt_move: Option<Move>) -> MoveList {
        let me = pos.turn();
        let arrival = arrivals(pos);
        let count = pos.seats_in_play().count() as i32;
        let root = self.root_seat;
        let targets: SeatSet = if me != root && pos.is_in_play(root) {
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

#[cfg(test)]
mod tests {
    use crate::search::four::moves::ROOT_WALLS;
    use crate::search::Searcher;
    use alloc::vec::Vec;
    use wallrush_core::{Goal, Move, Position, Square, Variant, Wall};

    #[test]
    fn a_seat_without_walls_only_steps_forward() {
        let pos = Position::new(Variant::new(9, 4, 0, 2, Goal::Edge).unwrap());
        let searcher = Searcher::new(1 << 10);
        assert_eq!(searcher.four_moves(&pos, None).as_slice(), [Move::Pawn(Square::new(4, 1))]);
        // With walls, South also tries walls, but only against routes it can cut.
        let pos = Position::new(Variant::four_player());
        let moves = searcher.four_moves(&pos, None);
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
        // root seat.
        use crate::search::masks::Geo;
        use wallrush_core::SplitMix64;
        let mut rng = SplitMix64::new(7);
        let mut checked = 0;
        for v in
            [Variant::four_player(), Variant::race_to_centre(), Variant::new(9, 4, 3, 2, Goal::Edge).unwrap()]
        {
            for _ in 0..40 {
                let Some(pos) = crate::search::tests::random_position(&mut rng, v, 70) else { continue };
                let mut plain = Searcher::new(1 << 10);
                let mut masked = Searcher::new(1 << 10);
                masked.geo = Geo::new(&pos);
                assert!(masked.geo.is_some());
                for root in pos.seats_in_play() {
                    plain.root_seat = root;
                    masked.root_seat = root;
                    let a = plain.four_moves(&pos, None);
                    let b = masked.four_moves(&pos, None);
                    assert_eq!(a.as_slice(), b.as_slice(), "{v:?} {root} {pos:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 250, "{checked}");
    }
}
