//! From-scratch route searches over a plain array of cells: the yardstick the path cache
//! and the bitboard floods are tested against, and the naive reference of the benches.

use alloc::collections::VecDeque;
use alloc::vec;
use alloc::vec::Vec;

use crate::{Position, Seat, Square};

/// `seat`'s route length by a scalar breadth-first search with a queue over an array of
/// cells, walls blocking, pawns ignored. `None` when the seat is not in play or has no
/// route.
///
/// Deliberately simple and independent of the engine's bitboards and caches.
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
    let n = pos.variant().size();
    let start = pos.pawn(seat)?;
    let cells = n as usize * n as usize;
    let mut parent = vec![usize::MAX; cells];
    let mut queue = VecDeque::with_capacity(cells);
    let s = start.index(n);
    parent[s] = s;
    queue.push_back(s);
    while let Some(c) = queue.pop_front() {
        let sq = Square::from_index(c, n);
        if pos.is_goal(seat, sq) {
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
            if parent[i] == usize::MAX && pos.is_open(sq, nb) {
                parent[i] = c;
                queue.push_back(i);
            }
        }
    }
    None
}
