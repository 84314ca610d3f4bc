//! Wall legality (RULES.md §5), for every slot at once and for one wall.
//!
//! A geometrically free slot is legal unless its wall leaves a seat without a route. Only
//! a wall that closes a cycle of the dual graph can do that, and only for a seat whose
//! cached route it cuts: the masks of [`DualGraph::cycle_suspects`] and
//! [`RouteCache::cutters`] leave a flood fill for the few slots that are both.
//!
//! [`DualGraph::cycle_suspects`]: super::DualGraph::cycle_suspects
//! [`RouteCache::cutters`]: super::RouteCache::cutters

use super::geometry::{reaches, Slot};
use super::Board;
use super::SeatSet;
use crate::bits::Bits;
use crate::outcome::Illegal;
use crate::{Seat, Wall};

/// Counts flood fills (for the B7 figure); a no-op in the ordinary paths.
pub(crate) trait FloodCounter {
    fn flood(&mut self);
}
impl FloodCounter for () {
    #[inline(always)]
    fn flood(&mut self) {}
}
impl FloodCounter for u64 {
    #[inline(always)]
    fn flood(&mut self) {
        *self += 1;
    }
}

impl<B: Bits> Board<B> {
    /// Path rule for a geometrically free slot: the first seat (in seat order) left
    /// without a route, if any.
    #[inline]
    fn sealed_seat(&self, slot: Slot, counter: &mut impl FloodCounter) -> Option<Seat> {
        self.sealed_seat_with(slot, counter, self.geometry.n, SeatSet::EMPTY)
    }

    /// [`sealed_seat`](Self::sealed_seat) with the board size passed in (a constant in the
    /// classic path); the seats of `stale` have no valid cached route (see
    /// [`legal_move_count_stale`](Self::legal_move_count_stale)), so any cycle-closing
    /// wall gets a flood for them.
    #[inline(always)]
    fn sealed_seat_with(
        &self,
        slot: Slot,
        counter: &mut impl FloodCounter,
        n: u32,
        stale: SeatSet,
    ) -> Option<Seat> {
        let (g, st) = (&*self.geometry, &self.state);
        if !st.dual.closes_cycle(g, slot) {
            return None;
        }
        let cut = g.wall_edges(slot);
        for seat in st.seats {
            if !stale.contains(seat) && !st.routes.may_be_cut(seat, slot, cut) {
                continue;
            }
            counter.flood();
            let (e, nn) = st.walls.open_without(slot, cut);
            if !reaches(n, st.pawns[seat.index()] as usize, g.goal[seat.index()], e, nn) {
                return Some(seat);
            }
        }
        None
    }

    /// Legal wall anchors per orientation, as masks.
    ///
    /// The classic board (9×9, walls of length 2) takes a copy of the same code in which
    /// the size and the wall length are constants, so every shift is by an immediate.
    #[inline]
    pub(crate) fn legal_wall_masks(&self, counter: &mut impl FloodCounter) -> (B, B) {
        let g = &*self.geometry;
        if B::CAPACITY == 128 && g.n == 9 && g.len == 2 {
            self.legal_wall_masks_with(counter, 9, 2, SeatSet::EMPTY)
        } else {
            self.legal_wall_masks_with(counter, g.n, g.len, SeatSet::EMPTY)
        }
    }

    /// The number of legal moves ([`legal_move_count`](Self::legal_move_count)) when
    /// the cached routes of the seats of `stale` are out of date (a move was played
    /// without recomputing them): for those seats every cycle-closing wall is flood
    /// tested, so the count is exact. Perft counts its last ply this way, saving the
    /// route searches of the moves before it.
    pub(crate) fn legal_move_count_stale(&self, stale: SeatSet) -> usize {
        if self.is_over() {
            return 0;
        }
        let g = &*self.geometry;
        let pawns = self.pawn_targets().count() as usize;
        let (h, v) = if B::CAPACITY == 128 && g.n == 9 && g.len == 2 {
            self.legal_wall_masks_with(&mut (), 9, 2, stale)
        } else {
            self.legal_wall_masks_with(&mut (), g.n, g.len, stale)
        };
        (pawns + (h.count() + v.count()) as usize).max(1)
    }

    #[inline(always)]
    fn legal_wall_masks_with(
        &self,
        counter: &mut impl FloodCounter,
        n: u32,
        len: u32,
        stale: SeatSet,
    ) -> (B, B) {
        let (g, st) = (&*self.geometry, &self.state);
        if self.is_over() || st.walls_left[st.turn.index()] == 0 {
            return (B::empty(), B::empty());
        }
        let (mut h, mut v) = st.walls.free_slots(g, n, len);
        let (sh, sv) = st.dual.cycle_suspects(g, n, len);
        // A seat without a valid route could be cut by any slot.
        let (ch, cv) =
            if stale.is_empty() { st.routes.cutters(st.seats, n, len) } else { (!B::empty(), !B::empty()) };
        for anchor in (h & sh & ch).ones() {
            if self.sealed_seat_with(Slot { anchor, horizontal: true }, counter, n, stale).is_some() {
                h ^= B::bit(anchor);
            }
        }
        for anchor in (v & sv & cv).ones() {
            if self.sealed_seat_with(Slot { anchor, horizontal: false }, counter, n, stale).is_some() {
                v ^= B::bit(anchor);
            }
        }
        (h, v)
    }

    /// Why a wall is refused, in the order of RULES.md §5, or its slot.
    pub(crate) fn check_wall(&self, wall: Wall) -> Result<Slot, Illegal> {
        let (g, st) = (&*self.geometry, &self.state);
        if self.is_over() {
            return Err(Illegal::GameOver);
        }
        if st.walls_left[st.turn.index()] == 0 {
            return Err(Illegal::NoWallsLeft);
        }
        let slot = g.slot_of(wall).ok_or(Illegal::OffBoard)?;
        if let Some(w) = st.walls.overlapping(g, slot) {
            return Err(Illegal::Overlaps(w));
        }
        if let Some(w) = st.walls.crossing(g, slot) {
            return Err(Illegal::Crosses(w));
        }
        if let Some(seat) = self.sealed_seat(slot, &mut ()) {
            return Err(Illegal::NoRoute(seat));
        }
        Ok(slot)
    }

    /// Route lengths every seat would have after `wall`, or why it is refused.
    pub(crate) fn preview_wall(&self, wall: Wall) -> Result<[Option<u32>; 4], Illegal> {
        let slot = self.check_wall(wall)?;
        Ok(self.route_lens_after_wall(slot))
    }

    /// The mover's legal walls that cut the cached route of some seat of `seats`, as
    /// anchor masks: any other legal wall leaves every route of `seats` as it is.
    pub(crate) fn legal_walls_cutting(&self, seats: SeatSet) -> (B, B) {
        let g = &*self.geometry;
        let (h, v) = self.legal_wall_masks(&mut ());
        let (ch, cv) = self.state.routes.cutters(seats & self.state.seats, g.n, g.len);
        (h & ch, v & cv)
    }

    /// Route lengths every seat would have after the mover's wall at `slot`, assumed
    /// legal: a flood only for the seats whose cached route the wall cuts (or is stale).
    pub(crate) fn route_lens_after_wall(&self, slot: Slot) -> [Option<u32>; 4] {
        let (g, st) = (&*self.geometry, &self.state);
        let cut = g.wall_edges(slot);
        let (e, nn) = st.walls.open_without(slot, cut);
        let mut out = [None; 4];
        for seat in st.seats {
            out[seat.index()] = if st.routes.may_be_cut(seat, slot, cut) {
                g.distance(st.pawns[seat.index()] as usize, g.goal[seat.index()], e, nn)
            } else {
                Some(st.routes.len(seat))
            };
        }
        out
    }
}
