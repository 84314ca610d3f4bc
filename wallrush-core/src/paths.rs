//! From-scratch route searches over a plain array of cells, computed from the wall list
//! alone: the yardstick the path cache and the bitboard floods are tested against, and
//! the naive reference of the benches.

use alloc::collections::VecDeque;
use alloc::vec;
use alloc::vec::Vec;

use crate::{Orientation, Position, Seat, Square};

/// `seat`'s route length by a scalar breadth-first search with a queue over an array of
/// cells, walls blocking, pawns ignored. `None` when the seat is not in play or has no
/// route.
///
/// Deliberately simple and independent of the board's bitboards and caches: the closed
/// edges come from [`Position::walls`] and the goal from the variant.
///
/// ```
/// use wallrush_core::{paths, Position, Seat};
/// assert_eq!(paths::route_len(&Position::classic(), Seat::South), Some(8));
/// ```
pub fn route_len(pos: &Position, seat: Seat) -> Option<u32> {
    shortest_route(pos, seat).map(|r| r.len() as u32 - 1)
}

/// One shortest route of `seat` by scalar breadth-first search: squares from the pawn to
/// a goal cell, both included.
pub fn shortest_route(pos: &Position, seat: Seat) -> Option<Vec<Square>> {
    let v = pos.variant();
    let n = v.size();
    let start = pos.pawn(seat)?;
    let cells = n as usize * n as usize;
    // The edges the walls close, by the lower cell of each edge.
    let (mut closed_north, mut closed_east) = (vec![false; cells], vec![false; cells]);
    for w in pos.walls() {
        let (f, r) = (w.anchor().file(), w.anchor().rank());
        for k in 0..v.wall_length() {
            match w.orientation() {
                Orientation::Horizontal => closed_north[Square::new(f + k, r).index(n)] = true,
                Orientation::Vertical => closed_east[Square::new(f, r + k).index(n)] = true,
            }
        }
    }
    // Whether the edge between two neighbouring cells is open.
    let open = |a: usize, b: usize| {
        if a.abs_diff(b) == 1 {
            !closed_east[a.min(b)]
        } else {
            !closed_north[a.min(b)]
        }
    };
    let mut parent = vec![usize::MAX; cells];
    let mut queue = VecDeque::with_capacity(cells);
    let s = start.index(n);
    parent[s] = s;
    queue.push_back(s);
    while let Some(c) = queue.pop_front() {
        let sq = Square::from_index(c, n);
        if v.is_goal(seat, sq) {
            let mut route = vec![sq];
            let mut at = c;
            while at != s {
                at = parent[at];
                route.push(Square::from_index(at, n));
            }
            route.reverse();
            return Some(route);
        }
        let (f, r) = (sq.file() as i32, sq.rank() as i32);
        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (nf, nr) = (f + df, r + dr);
            if nf < 0 || nr < 0 || nf >= n as i32 || nr >= n as i32 {
                continue;
            }
            let nb = Square::new(nf as u8, nr as u8);
            let i = nb.index(n);
            if parent[i] == usize::MAX && open(c, i) {
                parent[i] = c;
                queue.push_back(i);
            }
        }
    }
    None
}
