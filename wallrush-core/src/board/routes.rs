//! The path cache: one shortest route per seat, as edge masks, with its length.
//!
//! A wall that cuts no edge of a seat's route leaves it valid and shortest (walls only
//! remove edges); a step along the route drops its first edge; anything else recomputes
//! that seat's route.
//!
//! A route may also be left out of date, marked *stale*, instead of recomputed:
//! - by every [`Position::make`](crate::Position::make), the make of search, so that a
//!   node whose routes nobody reads (a table cut-off, a leaf that needs only route
//!   lengths) costs no route search; `Position::refresh_routes` searches them again;
//! - by every move once no seat in play holds a wall, when the routes serve no legality
//!   check any more (see [`Board::refresh_routes`](super::Board)): a random playout's
//!   pawn shuffle then costs no route search.
//!
//! A stale seat's length and route are computed when asked for, and the wall-legality
//! checks treat a stale seat as cut by every wall (a flood decides).

use alloc::vec::Vec;

use smallvec::SmallVec;

use super::geometry::{expand, Geometry, Slot};
use super::seat_set::SeatSet;
use super::walls::Walls;
use crate::bits::Bits;
use crate::{Seat, Square};

/// A route as the edges it uses (see [`Geometry`] for the edge masks).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Route<B> {
    pub(crate) east: B,
    pub(crate) north: B,
}

impl<B: Bits> Route<B> {
    /// Whether the route uses one of `cut`, the edges of a wall at `slot`.
    #[inline]
    pub(crate) fn is_cut(&self, slot: Slot, cut: B) -> bool {
        (if slot.horizontal { self.north } else { self.east }).intersects(cut)
    }
}

/// One route per seat; the entries of seats out of play are empty.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct RouteCache<B: Bits> {
    routes: [Route<B>; 4],
    /// The length of each route, kept apart so that the entries stay unpadded, or
    /// [`STALE`] for an entry out of date: its route is empty and must be searched
    /// afresh.
    lens: [u16; 4],
}

/// The length of a stale entry (a route is never that long: 31² cells at most).
const STALE: u16 = u16::MAX;

impl<B: Bits> RouteCache<B> {
    /// No route for anybody.
    pub(crate) fn new() -> RouteCache<B> {
        RouteCache { routes: [Route::default(); 4], lens: [0; 4] }
    }

    /// A shortest route from `from` to `goal` over the open edges of `walls`, with its
    /// length, or `None` when there is none.
    ///
    /// The classic board (9×9 on a `u128`) takes a copy of the same code in which the size
    /// is a constant, so every shift is by an immediate.
    pub(crate) fn shortest(
        g: &Geometry<B>,
        walls: &Walls<B>,
        from: usize,
        goal: B,
    ) -> Option<(u16, Route<B>)> {
        if B::CAPACITY == 128 && g.n == 9 {
            RouteCache::shortest_with(walls, from, goal, 9)
        } else {
            RouteCache::shortest_with(walls, from, goal, g.n)
        }
    }

    #[inline(always)]
    fn shortest_with(walls: &Walls<B>, from: usize, goal: B, n: u32) -> Option<(u16, Route<B>)> {
        let (e, nn) = (walls.open_e, walls.open_n);
        let mut layers: SmallVec<[B; 40]> = SmallVec::new();
        let mut seen = B::bit(from);
        let mut frontier = seen;
        layers.push(frontier);
        while !frontier.intersects(goal) {
            frontier = expand(n, frontier, e, nn) & !seen;
            if frontier.is_empty() {
                return None;
            }
            seen |= frontier;
            layers.push(frontier);
        }
        // Walk back from a goal cell, one layer a step, as a one-bit mask `p`: the first
        // neighbour in the previous layer over an open edge, east, west, north, south.
        let mut route = Route { east: B::empty(), north: B::empty() };
        let mut p = B::bit((frontier & goal).lowest());
        for &layer in layers.iter().rev().skip(1) {
            if ((p & e) << 1).intersects(layer) {
                route.east |= p;
                p = p << 1;
            } else if ((p >> 1) & e).intersects(layer) {
                p = p >> 1;
                route.east |= p;
            } else if ((p & nn) << n).intersects(layer) {
                route.north |= p;
                p = p << n;
            } else {
                debug_assert!(((p >> n) & nn).intersects(layer));
                p = p >> n;
                route.north |= p;
            }
        }
        debug_assert_eq!(p, B::bit(from));
        Some(((layers.len() - 1) as u16, route))
    }

    /// Stores `seat`'s entry: a route and its length, or (from [`entry`](Self::entry))
    /// a stale entry.
    #[inline]
    pub(crate) fn set(&mut self, seat: Seat, len: u16, route: Route<B>) {
        self.lens[seat.index()] = len;
        self.routes[seat.index()] = route;
    }

    /// `seat`'s entry as [`set`](Self::set) takes it back: its route and its length, or
    /// the stale mark (for an undo record).
    #[inline]
    pub(crate) fn entry(&self, seat: Seat) -> (u16, Route<B>) {
        (self.lens[seat.index()], self.routes[seat.index()])
    }

    /// Whether `seat`'s entry is out of date.
    #[inline]
    pub(crate) fn is_stale(&self, seat: Seat) -> bool {
        self.lens[seat.index()] == STALE
    }

    /// The seats whose entry is out of date.
    #[inline]
    pub(crate) fn stale(&self) -> SeatSet {
        Seat::ALL.into_iter().filter(|&s| self.is_stale(s)).collect()
    }

    /// Whether some entry is out of date.
    #[inline]
    pub(crate) fn any_stale(&self) -> bool {
        let l = &self.lens;
        (l[0] == STALE) | (l[1] == STALE) | (l[2] == STALE) | (l[3] == STALE)
    }

    /// Marks the entries of `seats` out of date (their routes are dropped).
    #[inline]
    pub(crate) fn mark_stale(&mut self, seats: SeatSet) {
        for seat in seats {
            self.set(seat, STALE, Route::default());
        }
    }

    /// Whether a wall at `slot` with edges `cut` may cut `seat`'s route: when the cached
    /// route uses one of them, or the entry is stale (no cached route to rule it out).
    #[inline]
    pub(crate) fn may_be_cut(&self, seat: Seat, slot: Slot, cut: B) -> bool {
        self.is_stale(seat) || self.routes[seat.index()].is_cut(slot, cut)
    }

    /// Recomputes `seat`'s route from its pawn on `from`.
    ///
    /// # Panics
    /// If the seat has no route (the rules never allow that).
    pub(crate) fn recompute(&mut self, g: &Geometry<B>, walls: &Walls<B>, seat: Seat, from: usize) {
        let (len, route) = RouteCache::shortest(g, walls, from, g.goal[seat.index()])
            .expect("every seat in play has a route");
        self.set(seat, len, route);
    }

    /// Forgets `seat`'s route (the seat left the game).
    pub(crate) fn clear(&mut self, seat: Seat) {
        self.set(seat, 0, Route::default());
    }

    /// Follows `seat`'s pawn moving from `from` to `to`: when that is the first step of
    /// its route the route keeps the rest and `true` comes back; otherwise (a stale entry
    /// included) nothing changes and the route must be recomputed.
    #[inline]
    pub(crate) fn advance(&mut self, seat: Seat, from: usize, to: usize, n: usize) -> bool {
        let s = seat.index();
        if self.is_stale(seat) {
            return false;
        }
        let (lo, hi) = (from.min(to), from.max(to));
        let edges = if hi - lo == 1 {
            &mut self.routes[s].east
        } else if hi - lo == n {
            &mut self.routes[s].north
        } else {
            return false;
        };
        if !edges.has(lo) {
            return false;
        }
        *edges ^= B::bit(lo);
        self.lens[s] -= 1;
        true
    }

    /// The length of `seat`'s cached route (0 for a seat out of play; [`STALE`] for a
    /// stale entry).
    #[inline]
    pub(crate) fn len(&self, seat: Seat) -> u32 {
        self.lens[seat.index()] as u32
    }

    /// `seat`'s route.
    #[inline]
    pub(crate) fn route(&self, seat: Seat) -> Route<B> {
        self.routes[seat.index()]
    }

    /// Slots (as anchor masks) whose wall would cut some route of `seats`: only those can
    /// leave a seat without a route (any other keeps every cached route intact); every
    /// slot when one of `seats` is stale. (`n`, `len`: the board size and the wall length.)
    #[inline(always)]
    pub(crate) fn cutters(&self, seats: SeatSet, n: u32, len: u32) -> (B, B) {
        let (mut rn, mut re) = (B::empty(), B::empty());
        for seat in seats {
            if self.is_stale(seat) {
                return (!B::empty(), !B::empty());
            }
            rn |= self.routes[seat.index()].north;
            re |= self.routes[seat.index()].east;
        }
        let (mut h, mut v) = (rn, re);
        for k in 1..len {
            h |= rn >> k;
            v |= re >> (k * n);
        }
        (h, v)
    }

    /// `seat`'s cached route as squares, from its pawn on `from` to its goal (the seat
    /// must not be stale).
    pub(crate) fn squares(&self, g: &Geometry<B>, seat: Seat, from: usize) -> Vec<Square> {
        RouteCache::walk(g, self.route(seat), self.len(seat), from)
    }

    /// A route of `len` edges as squares, from `from` to its goal.
    pub(crate) fn walk(g: &Geometry<B>, route: Route<B>, len: u32, from: usize) -> Vec<Square> {
        let n = g.n as usize;
        let Route { east: mut re, north: mut rn } = route;
        let mut c = from;
        let mut out = Vec::with_capacity(len as usize + 1);
        out.push(g.square(c));
        for _ in 0..len {
            if re.has(c) {
                re ^= B::bit(c);
                c += 1;
            } else if c >= 1 && re.has(c - 1) {
                re ^= B::bit(c - 1);
                c -= 1;
            } else if rn.has(c) {
                rn ^= B::bit(c);
                c += n;
            } else {
                rn ^= B::bit(c - n);
                c -= n;
            }
            out.push(g.square(c));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Goal, Variant};

    fn place(g: &Geometry<u128>, walls: &mut Walls<u128>, text: &str) {
        walls.place(g, g.slot_of(text.parse().unwrap()).unwrap());
    }

    #[test]
    fn shortest_routes_are_open_paths_to_the_goal() {
        let g = Geometry::<u128>::new(Variant::classic());
        let mut walls = Walls::new(&g);
        for text in ["d2h", "f2h", "b2h", "h2v", "e4h", "c5v"] {
            place(&g, &mut walls, text);
        }
        let south = Seat::South;
        let from = g.cell("e1".parse().unwrap());
        let (len, route) = RouteCache::shortest(&g, &walls, from, g.goal[south.index()]).unwrap();
        assert_eq!(Some(len as u32), g.distance(from, g.goal[0], walls.open_e, walls.open_n));
        assert!(!route.east.intersects(!walls.open_e) && !route.north.intersects(!walls.open_n));
        let mut cache = RouteCache::new();
        cache.set(south, len, route);
        let squares = cache.squares(&g, south, from);
        assert_eq!(squares.len(), len as usize + 1);
        assert_eq!(squares[0], "e1".parse().unwrap());
        assert!(g.variant.is_goal(south, *squares.last().unwrap()));
        // Stepping along the route keeps the rest; stepping off it does not.
        let next = g.cell(squares[1]);
        let mut stepped = cache;
        assert!(stepped.advance(south, from, next, 9));
        assert_eq!(stepped.len(south), len as u32 - 1);
        assert_eq!(stepped.squares(&g, south, next), squares[1..]);
        let off = g.cell("d1".parse().unwrap());
        let mut off_route = cache;
        assert!(off == next || !off_route.advance(south, from, off, 9));
        assert!(!off_route.advance(south, from, from + 2, 9), "a jump is never a step of the route");
    }

    #[test]
    fn no_route_when_walled_in() {
        let g = Geometry::<u128>::new(Variant::new(5, 2, 4, 2, Goal::Edge).unwrap());
        let mut walls = Walls::new(&g);
        for text in ["a1h", "c1h", "d1v"] {
            place(&g, &mut walls, text);
        }
        let goal = g.goal[Seat::South.index()];
        assert!(RouteCache::shortest(&g, &walls, g.cell("a1".parse().unwrap()), goal).is_none());
        assert!(RouteCache::shortest(&g, &walls, g.cell("e1".parse().unwrap()), goal).is_some());
    }

    #[test]
    fn route_cutters_are_the_slots_whose_wall_cuts_a_route() {
        for variant in [
            Variant::classic(),
            Variant::new(7, 4, 6, 3, Goal::Edge).unwrap(),
            Variant::new(11, 4, 8, 4, Goal::Centre).unwrap(),
        ] {
            let g = Geometry::<u128>::new(variant);
            let mut walls = Walls::new(&g);
            place(&g, &mut walls, "c3h");
            let mut cache = RouteCache::new();
            let mut seats = SeatSet::EMPTY;
            for seat in variant.seats() {
                let from = g.cell(variant.start(seat));
                cache.recompute(&g, &walls, seat, from);
                seats.insert(seat);
            }
            // Leave one seat out: its route must not count.
            let out = variant.seats().last().unwrap();
            seats.remove(out);
            let (ch, cv) = cache.cutters(seats, g.n, g.len);
            for (slots, cutters, horizontal) in [(g.slots_h, ch, true), (g.slots_v, cv, false)] {
                for anchor in slots.ones() {
                    let slot = Slot { anchor, horizontal };
                    let cut = g.wall_edges(slot);
                    let cuts = seats.into_iter().any(|s| cache.route(s).is_cut(slot, cut));
                    assert_eq!(cutters.has(anchor), cuts, "{variant}: {}", g.wall_at(slot));
                }
            }
        }
    }
}
