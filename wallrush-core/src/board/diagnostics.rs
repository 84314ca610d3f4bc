//! Fresh computations: the yardsticks the incremental parts are tested against, behind
//! [`Position::diagnostics`](crate::Position::diagnostics).

use super::geometry::distance;
use super::{Board, DualGraph, Walls};
use crate::bits::Bits;
use crate::Seat;

impl<B: Bits> Board<B> {
    /// `seat`'s route length by a flood over the open edges, without the path cache.
    pub(crate) fn fresh_distance(&self, seat: Seat) -> Option<u32> {
        let (g, st) = (&*self.geometry, &self.state);
        let from = st.pawns[seat.index()] as usize;
        let goal = g.goal[seat.index()];
        if !st.seats.contains(seat) {
            return None;
        }
        let (e, nn) = (st.walls.open_e, st.walls.open_n);
        // The classic board with the size a constant, as the route search.
        if B::CAPACITY == 128 && g.n == 9 {
            distance(9, from, goal, e, nn)
        } else {
            distance(g.n, from, goal, e, nn)
        }
    }

    /// Whether `seat` reaches its goal, by a flood over the open edges, without the path
    /// cache.
    pub(crate) fn fresh_reaches(&self, seat: Seat) -> bool {
        let (g, st) = (&*self.geometry, &self.state);
        let from = st.pawns[seat.index()] as usize;
        let goal = g.goal[seat.index()];
        st.seats.contains(seat) && g.reaches(from, goal, st.walls.open_e, st.walls.open_n)
    }

    /// Checks every incremental part against a rebuild from the wall list (the anchors)
    /// and the pawns: the open edges, the covered posts, the dual graph, the hash, the
    /// pawn cells, every route (against a breadth-first search over the rebuilt edges)
    /// and the winner. Returns a description of the first mismatch.
    pub(crate) fn verify_caches(&self) -> Result<(), &'static str> {
        let (g, st) = (&*self.geometry, &self.state);
        let variant = g.variant;
        let mut walls = Walls::new(g);
        for slot in st.walls.slots() {
            if !(if slot.horizontal { g.slots_h } else { g.slots_v }).has(slot.anchor) {
                return Err("wall off the board");
            }
            if walls.overlapping(g, slot).is_some() || walls.crossing(g, slot).is_some() {
                return Err("walls conflict");
            }
            walls.place(g, slot);
        }
        if (walls.open_e, walls.open_n) != (st.walls.open_e, st.walls.open_n) {
            return Err("open edges");
        }
        if walls.posts != st.walls.posts {
            return Err("covered posts");
        }
        if st.hash != st.fresh_hash(variant) {
            return Err("zobrist hash");
        }
        let dual = DualGraph::from_walls(g, &walls);
        if st.dual.canonical_labels(g) != dual.canonical_labels(g) {
            return Err("dual labels");
        }
        if st.dual.touched() != dual.touched() {
            return Err("touched posts");
        }
        if st.seats.into_iter().any(|s| !variant.has_seat(s)) {
            return Err("a seat in play that the variant does not have");
        }
        if !st.seats.contains(st.turn) {
            return Err("the seat to move is not in play");
        }
        let stale = st.routes.stale();
        if stale.into_iter().any(|s| !st.seats.contains(s)) {
            return Err("a stale route of a seat out of play");
        }
        let mut occupied = B::empty();
        let mut winner = None;
        for seat in Seat::ALL {
            let s = seat.index();
            if !st.seats.contains(seat) {
                if st.pawns[s] != 0 || st.routes.len(seat) != 0 || st.routes.route(seat) != Default::default()
                {
                    return Err("leftovers of a seat out of play");
                }
                continue;
            }
            let from = st.pawns[s] as usize;
            occupied |= B::bit(from);
            if g.goal[s].has(from) {
                if winner.is_some() {
                    return Err("several pawns on their goal");
                }
                winner = Some(seat);
            }
            if st.routes.is_stale(seat) {
                // No cached route to check; a stale entry stays empty.
                if st.routes.route(seat) != Default::default() {
                    return Err("leftovers of a stale route");
                }
                continue;
            }
            let len = st.routes.len(seat);
            if g.distance(from, g.goal[s], walls.open_e, walls.open_n) != Some(len) {
                return Err("route length");
            }
            // The cached route must be a path of open edges of that length.
            let route = st.routes.route(seat);
            if route.east.intersects(!walls.open_e) || route.north.intersects(!walls.open_n) {
                return Err("route crosses a wall");
            }
            if route.east.count() + route.north.count() != len {
                return Err("route edge count");
            }
            let squares = self.route(seat).expect("in play");
            if !variant.is_goal(seat, *squares.last().expect("route has squares")) {
                return Err("route does not end on the goal");
            }
        }
        if occupied != st.occupied {
            return Err("occupied cells");
        }
        if winner != st.winner {
            return Err("winner");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::routes::Route;
    use crate::board::State;
    use crate::{Move, Setup, Variant};

    /// A classic board after a few moves, walls included.
    fn board() -> Board<u128> {
        let mut b = Setup::start(Variant::classic()).board::<u128>().unwrap();
        for m in ["e2", "e8", "d4h", "e5v", "e3", "c6h"] {
            let m: Move = m.parse().unwrap();
            b.check(m).unwrap();
            b.play_unchecked(m);
        }
        b.verify_caches().unwrap();
        b
    }

    /// Spoils one part of a state.
    type Corruption = fn(&mut State<u128>);

    #[test]
    fn every_part_is_checked_against_the_wall_list() {
        let cases: [(&str, Corruption); 11] = [
            ("open edges", |s| s.walls.open_n ^= 1 << 70),
            ("open edges", |s| s.walls.open_e ^= 1),
            ("covered posts", |s| s.walls.posts ^= 1 << 40),
            ("zobrist hash", |s| s.hash ^= 1),
            ("dual labels", |s| s.dual = DualGraph::new()),
            ("occupied cells", |s| s.occupied ^= 1 << 80),
            ("winner", |s| s.winner = Some(Seat::North)),
            ("route length", |s| s.routes.set(Seat::South, 3, s.routes.route(Seat::South))),
            ("route crosses a wall", |s| {
                // e5v closes the east edge of e5 (cell 40).
                let Route { east, north } = s.routes.route(Seat::South);
                let len = s.routes.len(Seat::South) as u16;
                s.routes.set(Seat::South, len, Route { east: east | 1 << 40, north });
            }),
            // A stale route stays empty.
            ("leftovers of a stale route", |s| {
                s.walls_left = [0; 4];
                s.hash = s.fresh_hash(Variant::classic());
                s.routes.mark_stale([Seat::North].into_iter().collect());
                let (stale, _) = s.routes.entry(Seat::North);
                s.routes.set(Seat::North, stale, s.routes.route(Seat::South));
            }),
            ("the seat to move is not in play", |s| {
                s.turn = Seat::West;
                s.hash = s.fresh_hash(Variant::classic());
            }),
        ];
        for (want, corrupt) in cases {
            let mut b = board();
            corrupt(&mut b.state);
            assert_eq!(b.verify_caches(), Err(want));
        }
    }
}
