//! The rules engine, generic over the bitboard width.
//!
//! Private: [`Position`](crate::Position) wraps one `Engine<u128>` (boards up to 11×11)
//! or a boxed `Engine<Wide<16>>` (up to 31×31) behind one API.
//!
//! Incremental state kept on make-move:
//! - **path cache**: one shortest route per seat as edge masks (`route_e`, `route_n`) and
//!   its length. A wall that cuts no edge of a seat's route leaves it valid and shortest
//!   (walls only remove edges); a step along the route drops its first edge; anything
//!   else recomputes that seat's route.
//! - **dual labels**: the component of every interior post in the graph whose vertices
//!   are the posts plus the border and whose edges are wall segments. A new wall can
//!   disconnect cells only if two of its posts are already in one component (it closes a
//!   cycle); otherwise it is legal with no search at all.

use smallvec::SmallVec;

use crate::bits::Bits;
use crate::outcome::{DrawReason, Illegal, Outcome, WinReason};
use crate::position::PawnMoveKind;
use crate::zobrist;
use crate::{Goal, Move, Orientation, Seat, Square, Variant, Wall};

pub(crate) const NO_PAWN: u16 = u16::MAX;
pub(crate) const NO_SEAT: u8 = u8::MAX;
/// The parent bits of a union-find entry (the rank sits above them).
const PARENT: u16 = 0x3ff;

#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Engine<B: Bits> {
    // Geometry, fixed by the variant.
    pub(crate) variant: Variant,
    n: u32,
    /// `ceil(65536 / n)`, to divide cell indices by `n` with a multiply.
    inv_n: u32,
    /// Cells with an east neighbour / a north neighbour.
    has_e: B,
    has_n: B,
    goal: [B; 4],
    /// Anchors where a wall of the variant's length fits, per orientation.
    slots_h: B,
    slots_v: B,
    /// Slots whose first / last corner lies on the border, per orientation.
    border_first_h: B,
    border_last_h: B,
    border_first_v: B,
    border_last_v: B,

    // State.
    /// Open edges: bit `c` of `open_e` is the edge `c`–`c+1`, of `open_n` the edge `c`–`c+n`.
    open_e: B,
    open_n: B,
    /// Interior posts covered by the middle of a wall; post bit `c` is the north-east
    /// corner of cell `c`.
    posts: B,
    /// Anchors of the walls on the board.
    walls_h: B,
    walls_v: B,
    /// Interior posts touched by any wall (its ends included): the dual vertices that
    /// are not isolated. Post bit `c` is the north-east corner of cell `c`.
    touched: B,
    pawns: [u16; 4],
    occupied: B,
    walls_left: [u8; 4],
    /// Seats still playing (bit per seat index).
    active: u8,
    turn: u8,
    passes: u8,
    winner: u8,
    hash: u64,

    // Incremental caches.
    route_len: [u16; 4],
    route_e: [B; 4],
    route_n: [B; 4],
    labels: B::Labels,
}

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

/// A wall slot, as cell index of its anchor.
#[derive(Clone, Copy)]
pub(crate) struct Slot {
    anchor: usize,
    horizontal: bool,
}

impl<B: Bits> Engine<B> {
    pub(crate) fn new(variant: Variant) -> Engine<B> {
        let mut e = Engine::bare(variant);
        for s in 0..4 {
            if e.active & (1 << s) != 0 {
                e.recompute_route(s);
            }
        }
        e
    }

    /// The start position without its route caches (callers fill them).
    fn bare(variant: Variant) -> Engine<B> {
        let n = variant.size() as u32;
        let len = variant.wall_length() as u32;
        debug_assert!((n * n) as usize <= B::CAPACITY);
        let mut has_e = B::empty();
        let mut has_n = B::empty();
        let mut slots_h = B::empty();
        let mut slots_v = B::empty();
        let mut goal = [B::empty(); 4];
        let (mut bfh, mut blh, mut bfv, mut blv) = (B::empty(), B::empty(), B::empty(), B::empty());
        for r in 0..n {
            for f in 0..n {
                let c = (r * n + f) as usize;
                let sq = Square::new(f as u8, r as u8);
                if f + 1 < n {
                    has_e |= B::bit(c);
                }
                if r + 1 < n {
                    has_n |= B::bit(c);
                }
                if f + len <= n && r + 1 < n {
                    slots_h |= B::bit(c);
                    if f == 0 {
                        bfh |= B::bit(c);
                    }
                    if f + len == n {
                        blh |= B::bit(c);
                    }
                }
                if r + len <= n && f + 1 < n {
                    slots_v |= B::bit(c);
                    if r == 0 {
                        bfv |= B::bit(c);
                    }
                    if r + len == n {
                        blv |= B::bit(c);
                    }
                }
                for seat in Seat::ALL {
                    if variant.is_goal(seat, sq) {
                        goal[seat.index()] |= B::bit(c);
                    }
                }
            }
        }
        let mut labels = B::labels();
        for (q, l) in labels.as_mut().iter_mut().enumerate() {
            *l = q as u16; // every vertex its own root, rank 0
        }
        let mut e = Engine {
            variant,
            n,
            inv_n: 65536_u32.div_ceil(n),
            has_e,
            has_n,
            goal,
            slots_h,
            slots_v,
            border_first_h: bfh,
            border_last_h: blh,
            border_first_v: bfv,
            border_last_v: blv,
            open_e: has_e,
            open_n: has_n,
            posts: B::empty(),
            walls_h: B::empty(),
            walls_v: B::empty(),
            touched: B::empty(),
            pawns: [NO_PAWN; 4],
            occupied: B::empty(),
            walls_left: [0; 4],
            active: 0,
            turn: Seat::South as u8,
            passes: 0,
            winner: NO_SEAT,
            hash: 0,
            route_len: [0; 4],
            route_e: [B::empty(); 4],
            route_n: [B::empty(); 4],
            labels,
        };
        for seat in variant.seats() {
            let s = seat.index();
            e.active |= 1 << s;
            e.pawns[s] = variant.start(seat).index(variant.size()) as u16;
            e.occupied |= B::bit(e.pawns[s] as usize);
            e.walls_left[s] = variant.walls();
        }
        e.hash = e.fresh_hash();
        e
    }

    // ----- small accessors -------------------------------------------------------------

    #[inline]
    fn sq(&self, c: usize) -> Square {
        // c / n by a multiply: exact for c < 1024 and n <= 31 (the error stays below 1/n).
        let rank = (c as u32 * self.inv_n) >> 16;
        let file = c as u32 - rank * self.n;
        debug_assert_eq!(Square::from_index(c, self.variant.size()), Square::new(file as u8, rank as u8));
        Square::new(file as u8, rank as u8)
    }
    #[inline]
    fn idx(&self, sq: Square) -> usize {
        sq.index(self.variant.size())
    }
    pub(crate) fn turn(&self) -> Seat {
        Seat::from_index(self.turn as usize).expect("turn is a seat")
    }
    pub(crate) fn is_active(&self, seat: Seat) -> bool {
        self.active & (1 << seat.index()) != 0
    }
    pub(crate) fn active_mask(&self) -> u8 {
        self.active
    }
    pub(crate) fn pawn(&self, seat: Seat) -> Option<Square> {
        let p = self.pawns[seat.index()];
        (p != NO_PAWN).then(|| self.sq(p as usize))
    }
    pub(crate) fn walls_left(&self, seat: Seat) -> u8 {
        self.walls_left[seat.index()]
    }
    pub(crate) fn passes(&self) -> u8 {
        self.passes
    }
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }
    pub(crate) fn walls(&self) -> impl Iterator<Item = Wall> + '_ {
        let h = self.walls_h.ones().map(|c| Wall::horizontal(self.sq(c)));
        let v = self.walls_v.ones().map(|c| Wall::vertical(self.sq(c)));
        h.chain(v)
    }
    pub(crate) fn wall_count(&self) -> u32 {
        self.walls_h.count() + self.walls_v.count()
    }

    pub(crate) fn outcome(&self) -> Option<Outcome> {
        if self.winner != NO_SEAT {
            let seat = Seat::from_index(self.winner as usize).expect("winner is a seat");
            return Some(Outcome::Win { seat, reason: WinReason::Goal });
        }
        if self.active.count_ones() == 1 {
            let seat = Seat::from_index(self.active.trailing_zeros() as usize).expect("seat");
            return Some(Outcome::Win { seat, reason: WinReason::Resignation });
        }
        if self.passes as u32 >= self.active.count_ones() {
            return Some(Outcome::Draw(DrawReason::AllPassed));
        }
        None
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.winner != NO_SEAT
            || self.active.count_ones() <= 1
            || self.passes as u32 >= self.active.count_ones()
    }

    // ----- flood fills and routes -------------------------------------------------------

    /// One flood step over the open edges `e` / `nn`.
    #[inline(always)]
    fn expand(&self, r: B, e: B, nn: B) -> B {
        let n = self.n;
        r | ((r & e) << 1) | ((r >> 1) & e) | ((r & nn) << n) | ((r >> n) & nn)
    }

    /// Whether `from` reaches `goal` over the open edges `e` / `nn`.
    #[inline]
    fn reaches(&self, from: usize, goal: B, e: B, nn: B) -> bool {
        let mut r = B::bit(from);
        loop {
            if r.intersects(goal) {
                return true;
            }
            let next = self.expand(r, e, nn);
            if next == r {
                return false;
            }
            r = next;
        }
    }

    /// Fewest steps from `from` to `goal` over the open edges, or `None`.
    #[inline]
    pub(crate) fn distance_with(&self, from: usize, goal: B, e: B, nn: B) -> Option<u32> {
        let mut seen = B::bit(from);
        let mut frontier = seen;
        let mut d = 0;
        while !frontier.intersects(goal) {
            frontier = self.expand(frontier, e, nn) & !seen;
            if frontier.is_empty() {
                return None;
            }
            seen |= frontier;
            d += 1;
        }
        Some(d)
    }

    /// Route length of `seat` by a fresh flood (no cache).
    pub(crate) fn fresh_distance(&self, seat: Seat) -> Option<u32> {
        let p = self.pawns[seat.index()];
        if p == NO_PAWN {
            return None;
        }
        self.distance_with(p as usize, self.goal[seat.index()], self.open_e, self.open_n)
    }

    /// Goal reachability of `seat` by a fresh flood (no cache).
    pub(crate) fn fresh_reaches(&self, seat: Seat) -> bool {
        let p = self.pawns[seat.index()];
        p != NO_PAWN && self.reaches(p as usize, self.goal[seat.index()], self.open_e, self.open_n)
    }

    /// A shortest route from `from` to the goal as edge masks, with its length.
    fn shortest_route(&self, from: usize, goal: B) -> Option<(u16, B, B)> {
        let (e, nn, n) = (self.open_e, self.open_n, self.n as usize);
        let mut layers: SmallVec<[B; 40]> = SmallVec::new();
        let mut seen = B::bit(from);
        let mut frontier = seen;
        layers.push(frontier);
        while !frontier.intersects(goal) {
            frontier = self.expand(frontier, e, nn) & !seen;
            if frontier.is_empty() {
                return None;
            }
            seen |= frontier;
            layers.push(frontier);
        }
        let (mut re, mut rn) = (B::empty(), B::empty());
        let mut c = (frontier & goal).lowest();
        for layer in layers.iter().rev().skip(1) {
            let layer = *layer;
            // Pick the first neighbour of `c` in the previous layer over an open edge.
            if c + 1 < B::CAPACITY && e.has(c) && layer.has(c + 1) {
                re |= B::bit(c);
                c += 1;
            } else if c >= 1 && e.has(c - 1) && layer.has(c - 1) {
                re |= B::bit(c - 1);
                c -= 1;
            } else if nn.has(c) && layer.has(c + n) {
                rn |= B::bit(c);
                c += n;
            } else {
                debug_assert!(c >= n && nn.has(c - n) && layer.has(c - n));
                rn |= B::bit(c - n);
                c -= n;
            }
        }
        debug_assert_eq!(c, from);
        Some(((layers.len() - 1) as u16, re, rn))
    }

    fn recompute_route(&mut self, s: usize) {
        let p = self.pawns[s];
        debug_assert!(p != NO_PAWN);
        let (len, re, rn) =
            self.shortest_route(p as usize, self.goal[s]).expect("every active seat has a route");
        self.route_len[s] = len;
        self.route_e[s] = re;
        self.route_n[s] = rn;
    }

    pub(crate) fn route_len(&self, seat: Seat) -> Option<u32> {
        self.is_active(seat).then(|| self.route_len[seat.index()] as u32)
    }

    /// The cached shortest route of `seat` as squares, from its pawn to its goal.
    pub(crate) fn route(&self, seat: Seat) -> Option<alloc::vec::Vec<Square>> {
        if !self.is_active(seat) {
            return None;
        }
        let s = seat.index();
        let n = self.n as usize;
        let (mut re, mut rn) = (self.route_e[s], self.route_n[s]);
        let mut c = self.pawns[s] as usize;
        let mut out = alloc::vec::Vec::with_capacity(self.route_len[s] as usize + 1);
        out.push(self.sq(c));
        for _ in 0..self.route_len[s] {
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
            out.push(self.sq(c));
        }
        Some(out)
    }

    // ----- walls: geometry ----------------------------------------------------------------

    /// The edges a wall at `slot` closes: north edges for horizontal, east for vertical.
    #[inline]
    fn wall_edges(&self, slot: Slot) -> B {
        let step = if slot.horizontal { 1 } else { self.n as usize };
        let mut m = B::empty();
        for k in 0..self.variant.wall_length() as usize {
            m |= B::bit(slot.anchor + k * step);
        }
        m
    }

    /// The interior posts a wall at `slot` passes through.
    #[inline]
    fn wall_posts(&self, slot: Slot) -> B {
        let step = if slot.horizontal { 1 } else { self.n as usize };
        let mut m = B::empty();
        for k in 0..self.variant.wall_length() as usize - 1 {
            m |= B::bit(slot.anchor + k * step);
        }
        m
    }

    /// Anchors of geometrically free slots (no shared groove, no shared interior post).
    #[inline]
    fn free_slots(&self) -> (B, B) {
        let len = self.variant.wall_length() as u32;
        let n = self.n;
        let free_posts = !self.posts;
        let (mut h, mut v) = (self.slots_h & self.open_n, self.slots_v & self.open_e);
        for k in 1..len {
            h &= self.open_n >> k;
            v &= self.open_e >> (k * n);
        }
        for k in 0..len - 1 {
            h &= free_posts >> k;
            v &= free_posts >> (k * n);
        }
        (h, v)
    }

    /// Union-find slot of post `(x, y)` in corner coordinates (0 ..= n); the border is 0.
    #[inline(always)]
    fn vertex(&self, x: u32, y: u32) -> usize {
        let n = self.n;
        if x == 0 || y == 0 || x == n || y == n {
            0
        } else {
            ((y - 1) * (n - 1) + x) as usize
        }
    }

    /// The root of `v`'s dual component (union by rank keeps the trees shallow).
    #[inline(always)]
    fn find(&self, mut v: usize) -> usize {
        let parents = self.labels.as_ref();
        loop {
            let p = (parents[v] & PARENT) as usize;
            if p == v {
                return v;
            }
            v = p;
        }
    }

    /// The component of post `(x, y)`: the root of its union-find tree.
    #[inline(always)]
    fn label_at(&self, x: u32, y: u32) -> u16 {
        self.find(self.vertex(x, y)) as u16
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return;
        }
        let l = self.labels.as_mut();
        let (ka, kb) = (l[ra] >> 10, l[rb] >> 10);
        let (child, root) = if ka < kb { (ra, rb) } else { (rb, ra) };
        l[child] = (l[child] & !PARENT) | root as u16;
        if ka == kb {
            l[root] += 1 << 10;
        }
    }

    /// Each post's component as the smallest post index in it (the border component is
    /// 0, other posts `q + 1`): the same for any order of merges.
    pub(crate) fn canonical_labels(&self) -> alloc::vec::Vec<u16> {
        let count = (self.n as usize - 1).pow(2) + 1;
        let mut smallest = alloc::vec![u16::MAX; count];
        for v in 0..count {
            let r = self.find(v);
            smallest[r] = smallest[r].min(v as u16);
        }
        (0..count).map(|v| smallest[self.find(v)]).collect()
    }

    /// The `L + 1` dual vertices (corner coordinates) a wall at `slot` passes through.
    #[inline(always)]
    fn slot_corners(&self, slot: Slot) -> impl Iterator<Item = (u32, u32)> {
        let n = self.n;
        let (f, r) = (slot.anchor as u32 % n, slot.anchor as u32 / n);
        let horizontal = slot.horizontal;
        (0..=self.variant.wall_length() as u32).map(
            move |k| {
                if horizontal {
                    (f + k, r + 1)
                } else {
                    (f + 1, r + k)
                }
            },
        )
    }

    /// Whether the wall closes a cycle in the dual graph (two of its posts already
    /// connected). If not, it cannot disconnect any cell.
    #[inline]
    fn closes_cycle(&self, slot: Slot) -> bool {
        let len = self.variant.wall_length() as usize;
        let mut seen = [0u16; 32];
        for (k, (x, y)) in self.slot_corners(slot).enumerate() {
            let l = self.label_at(x, y);
            if seen[..k].contains(&l) {
                return true;
            }
            seen[k] = l;
        }
        debug_assert!(len < 32);
        false
    }

    /// Slots (as anchor masks) with at least two corners on the border or on a post some
    /// wall already touches: only those can close a cycle. Computed for every slot at once.
    #[inline]
    fn cycle_suspects(&self) -> (B, B) {
        let len = self.variant.wall_length() as u32;
        let (n, t) = (self.n, self.touched);
        let (mut once_h, mut twice_h) = (B::empty(), B::empty());
        let (mut once_v, mut twice_v) = (B::empty(), B::empty());
        for k in 0..=len {
            let (mut ch, mut cv) = if k == 0 { (t << 1, t << n) } else { (t >> (k - 1), t >> ((k - 1) * n)) };
            if k == 0 {
                ch |= self.border_first_h;
                cv |= self.border_first_v;
            }
            if k == len {
                ch |= self.border_last_h;
                cv |= self.border_last_v;
            }
            twice_h |= once_h & ch;
            once_h |= ch;
            twice_v |= once_v & cv;
            once_v |= cv;
        }
        (twice_h, twice_v)
    }

    /// Slots (as anchor masks) whose wall would cut some seat's cached route: only those
    /// can leave a seat without a route (any other keeps every cached route intact).
    #[inline]
    fn route_cutters(&self) -> (B, B) {
        let (mut rn, mut re) = (B::empty(), B::empty());
        for s in 0..4 {
            if self.active & (1 << s) != 0 {
                rn |= self.route_n[s];
                re |= self.route_e[s];
            }
        }
        let (mut h, mut v) = (rn, re);
        for k in 1..self.variant.wall_length() as u32 {
            h |= rn >> k;
            v |= re >> (k * self.n);
        }
        (h, v)
    }

    /// Path rule for a geometrically free slot: the first seat (in seat order) left
    /// without a route, if any.
    #[inline]
    fn sealed_seat(&self, slot: Slot, counter: &mut impl FloodCounter) -> Option<Seat> {
        if !self.closes_cycle(slot) {
            return None;
        }
        let cut = self.wall_edges(slot);
        for s in 0..4 {
            if self.active & (1 << s) == 0 {
                continue;
            }
            let route = if slot.horizontal { self.route_n[s] } else { self.route_e[s] };
            if !route.intersects(cut) {
                continue;
            }
            counter.flood();
            let (e, nn) = if slot.horizontal {
                (self.open_e, self.open_n & !cut)
            } else {
                (self.open_e & !cut, self.open_n)
            };
            if !self.reaches(self.pawns[s] as usize, self.goal[s], e, nn) {
                return Seat::from_index(s);
            }
        }
        None
    }

    fn slot_of(&self, wall: Wall) -> Option<Slot> {
        let len = self.variant.wall_length();
        wall.is_on(self.variant.size(), len).then(|| Slot {
            anchor: self.idx(wall.anchor()),
            horizontal: wall.orientation() == Orientation::Horizontal,
        })
    }

    /// Legal wall anchors per orientation, as masks.
    pub(crate) fn legal_wall_masks(&self, counter: &mut impl FloodCounter) -> (B, B) {
        if self.is_over() || self.walls_left[self.turn as usize] == 0 {
            return (B::empty(), B::empty());
        }
        let (mut h, mut v) = self.free_slots();
        let (sh, sv) = self.cycle_suspects();
        let (ch, cv) = self.route_cutters();
        for anchor in (h & sh & ch).ones() {
            if self.sealed_seat(Slot { anchor, horizontal: true }, counter).is_some() {
                h ^= B::bit(anchor);
            }
        }
        for anchor in (v & sv & cv).ones() {
            if self.sealed_seat(Slot { anchor, horizontal: false }, counter).is_some() {
                v ^= B::bit(anchor);
            }
        }
        (h, v)
    }

    /// Why a wall is refused, in the order of RULES.md §5, or `Ok`.
    pub(crate) fn check_wall(&self, wall: Wall) -> Result<Slot, Illegal> {
        if self.is_over() {
            return Err(Illegal::GameOver);
        }
        if self.walls_left[self.turn as usize] == 0 {
            return Err(Illegal::NoWallsLeft);
        }
        let slot = self.slot_of(wall).ok_or(Illegal::OffBoard)?;
        if let Some(w) = self.overlapping(slot) {
            return Err(Illegal::Overlaps(w));
        }
        if let Some(w) = self.crossing(slot) {
            return Err(Illegal::Crosses(w));
        }
        if let Some(seat) = self.sealed_seat(slot, &mut ()) {
            return Err(Illegal::NoRoute(seat));
        }
        Ok(slot)
    }

    /// A wall on the board sharing a groove with a wall at `slot`.
    fn overlapping(&self, slot: Slot) -> Option<Wall> {
        let (n, len) = (self.n as i32, self.variant.wall_length() as i32);
        let (f, r) = (slot.anchor as i32 % n, slot.anchor as i32 / n);
        let (walls, df, dr) = if slot.horizontal { (self.walls_h, 1, 0) } else { (self.walls_v, 0, 1) };
        (1 - len..len).find_map(|k| {
            let (ff, rr) = (f + k * df, r + k * dr);
            let on = (0..n).contains(&ff) && (0..n).contains(&rr);
            (on && walls.has((rr * n + ff) as usize)).then(|| {
                let sq = Square::new(ff as u8, rr as u8);
                if slot.horizontal {
                    Wall::horizontal(sq)
                } else {
                    Wall::vertical(sq)
                }
            })
        })
    }

    /// A perpendicular wall sharing an interior post with a wall at `slot`.
    fn crossing(&self, slot: Slot) -> Option<Wall> {
        let (n, len) = (self.n as i32, self.variant.wall_length() as i32);
        let (f, r) = (slot.anchor as i32 % n, slot.anchor as i32 / n);
        // Our interior posts in corner coordinates; a perpendicular wall with anchor
        // (g, s) has interior posts at x = g + 1 (vertical) for y in s+1 ..= s+len-1.
        for k in 1..len {
            let (x, y) = if slot.horizontal { (f + k, r + 1) } else { (f + 1, r + k) };
            for j in 1..len {
                let (g, s) = if slot.horizontal { (x - 1, y - j) } else { (x - j, y - 1) };
                if g < 0 || s < 0 || g >= n || s >= n {
                    continue;
                }
                let c = (s * n + g) as usize;
                let sq = Square::new(g as u8, s as u8);
                if slot.horizontal && self.walls_v.has(c) {
                    return Some(Wall::vertical(sq));
                }
                if !slot.horizontal && self.walls_h.has(c) {
                    return Some(Wall::horizontal(sq));
                }
            }
        }
        None
    }

    /// Route lengths every seat would have after `wall`, or why it is refused.
    pub(crate) fn preview_wall(&self, wall: Wall) -> Result<[Option<u32>; 4], Illegal> {
        let slot = self.check_wall(wall)?;
        let cut = self.wall_edges(slot);
        let (e, nn) = if slot.horizontal {
            (self.open_e, self.open_n & !cut)
        } else {
            (self.open_e & !cut, self.open_n)
        };
        let mut out = [None; 4];
        for (s, o) in out.iter_mut().enumerate() {
            if self.active & (1 << s) != 0 {
                let route = if slot.horizontal { self.route_n[s] } else { self.route_e[s] };
                *o = if route.intersects(cut) {
                    self.distance_with(self.pawns[s] as usize, self.goal[s], e, nn)
                } else {
                    Some(self.route_len[s] as u32)
                };
            }
        }
        Ok(out)
    }

    // ----- pawns ----------------------------------------------------------------------------

    /// Destination mask of the mover's pawn moves.
    pub(crate) fn pawn_targets(&self) -> B {
        if self.is_over() {
            return B::empty();
        }
        self.pawn_targets_of(self.turn as usize)
    }

    fn pawn_targets_of(&self, s: usize) -> B {
        let c = self.pawns[s] as usize;
        let mut out = B::empty();
        for d in Dir::ALL {
            let Some(nb) = self.neighbour(c, d) else {
                continue;
            };
            if !self.occupied.has(nb) {
                out |= B::bit(nb);
                continue;
            }
            match self.neighbour(nb, d) {
                Some(beyond) if self.occupied.has(beyond) => {} // two pawns in a row: no jump
                Some(beyond) => out |= B::bit(beyond),
                None => {
                    for side in d.sides() {
                        if let Some(t) = self.neighbour(nb, side) {
                            if !self.occupied.has(t) {
                                out |= B::bit(t);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The cell next to `c` in direction `d`, if the edge between them is open.
    #[inline]
    fn neighbour(&self, c: usize, d: Dir) -> Option<usize> {
        let n = self.n as usize;
        match d {
            Dir::East => self.open_e.has(c).then_some(c + 1),
            Dir::West => (c % n != 0 && self.open_e.has(c - 1)).then(|| c - 1),
            Dir::North => self.open_n.has(c).then_some(c + n),
            Dir::South => (c >= n && self.open_n.has(c - n)).then(|| c - n),
        }
    }

    pub(crate) fn pawn_move_kind(&self, to: Square) -> Option<PawnMoveKind> {
        if !to.is_on(self.variant.size()) || !self.pawn_targets().has(self.idx(to)) {
            return None;
        }
        let from = self.pawns[self.turn as usize] as usize;
        let n = self.n as usize;
        let t = self.idx(to);
        let (df, dr) = ((t % n).abs_diff(from % n), (t / n).abs_diff(from / n));
        Some(match (df, dr) {
            (1, 0) | (0, 1) => PawnMoveKind::Step,
            (2, 0) | (0, 2) => PawnMoveKind::Jump,
            _ => PawnMoveKind::Diagonal,
        })
    }

    // ----- move lists -------------------------------------------------------------------------

    pub(crate) fn legal_moves_into<const N: usize>(
        &self,
        out: &mut SmallVec<[Move; N]>,
        counter: &mut impl FloodCounter,
    ) {
        if self.is_over() {
            return;
        }
        let pawns = self.pawn_targets();
        let (h, v) = self.legal_wall_masks(counter);
        out.reserve((pawns.count() + h.count() + v.count()) as usize);
        out.extend(pawns.ones().map(|c| Move::Pawn(self.sq(c))));
        out.extend(h.ones().map(|c| Move::Wall(Wall::horizontal(self.sq(c)))));
        out.extend(v.ones().map(|c| Move::Wall(Wall::vertical(self.sq(c)))));
        if out.is_empty() {
            out.push(Move::Pass);
        }
    }

    pub(crate) fn legal_move_count(&self) -> usize {
        if self.is_over() {
            return 0;
        }
        let pawns = self.pawn_targets().count() as usize;
        let (h, v) = self.legal_wall_masks(&mut ());
        let total = pawns + (h.count() + v.count()) as usize;
        total.max(1)
    }

    fn must_pass(&self) -> bool {
        if !self.pawn_targets().is_empty() {
            return false;
        }
        let (h, v) = self.legal_wall_masks(&mut ());
        h.is_empty() && v.is_empty()
    }

    pub(crate) fn check(&self, m: Move) -> Result<(), Illegal> {
        match m {
            Move::Wall(w) => self.check_wall(w).map(|_| ()),
            _ if self.is_over() => Err(Illegal::GameOver),
            Move::Pawn(sq) => {
                if sq.is_on(self.variant.size()) && self.pawn_targets().has(self.idx(sq)) {
                    Ok(())
                } else {
                    Err(Illegal::NotAPawnMove)
                }
            }
            Move::Pass => {
                if self.must_pass() {
                    Ok(())
                } else {
                    Err(Illegal::PassNotForced)
                }
            }
        }
    }

    // ----- make move ---------------------------------------------------------------------------

    /// Plays `m`, assumed legal.
    pub(crate) fn play_unchecked(&mut self, m: Move) {
        let s = self.turn as usize;
        match m {
            Move::Pawn(to) => {
                let from = self.pawns[s] as usize;
                let to = self.idx(to);
                self.pawns[s] = to as u16;
                self.occupied ^= B::bit(from) | B::bit(to);
                self.hash ^= zobrist::pawn(s, from) ^ zobrist::pawn(s, to);
                self.passes = 0;
                if self.goal[s].has(to) {
                    self.winner = s as u8;
                }
                // Path cache: a step along the cached route drops its first edge.
                let (lo, hi) = (from.min(to), from.max(to));
                let along = if hi - lo == 1 {
                    self.route_e[s].has(lo).then(|| self.route_e[s] ^= B::bit(lo))
                } else if hi - lo == self.n as usize {
                    self.route_n[s].has(lo).then(|| self.route_n[s] ^= B::bit(lo))
                } else {
                    None
                };
                if along.is_some() {
                    self.route_len[s] -= 1;
                } else {
                    self.recompute_route(s);
                }
            }
            Move::Wall(w) => {
                let slot = self.slot_of(w).expect("wall on the board");
                let edges = self.wall_edges(slot);
                if slot.horizontal {
                    self.open_n &= !edges;
                    self.walls_h |= B::bit(slot.anchor);
                } else {
                    self.open_e &= !edges;
                    self.walls_v |= B::bit(slot.anchor);
                }
                self.posts |= self.wall_posts(slot);
                self.hash ^= zobrist::wall(slot.horizontal, slot.anchor)
                    ^ zobrist::walls_left(s, self.walls_left[s])
                    ^ zobrist::walls_left(s, self.walls_left[s] - 1);
                self.walls_left[s] -= 1;
                self.passes = 0;
                self.merge_labels(slot);
                for t in 0..4 {
                    if self.active & (1 << t) == 0 {
                        continue;
                    }
                    let route = if slot.horizontal { self.route_n[t] } else { self.route_e[t] };
                    if route.intersects(edges) {
                        self.recompute_route(t);
                    }
                }
            }
            Move::Pass => self.passes += 1,
        }
        self.advance_turn();
    }

    fn advance_turn(&mut self) {
        let old = self.turn as usize;
        let mut t = old;
        for _ in 0..4 {
            t = (t + 1) % 4;
            if self.active & (1 << t) != 0 {
                break;
            }
        }
        self.hash ^= zobrist::turn(old) ^ zobrist::turn(t);
        self.turn = t as u8;
    }

    /// Joins the dual components of the wall's corners and marks its posts touched.
    fn merge_labels(&mut self, slot: Slot) {
        let n = self.n as usize;
        let mut first = None;
        for (x, y) in self.slot_corners(slot) {
            let v = self.vertex(x, y);
            match first {
                None => first = Some(v),
                Some(f) => self.union(f, v),
            }
            if v != 0 {
                self.touched |= B::bit((y as usize - 1) * n + x as usize - 1);
            }
        }
    }

    /// Takes `seat` out of the game (four-seat resignation): its pawn leaves the board,
    /// its walls stay, its turns are skipped.
    pub(crate) fn remove_seat(&mut self, seat: Seat) {
        let s = seat.index();
        let c = self.pawns[s] as usize;
        self.occupied ^= B::bit(c);
        self.hash ^= zobrist::pawn(s, c) ^ zobrist::resigned(s);
        self.pawns[s] = NO_PAWN;
        self.active &= !(1 << s);
        self.route_len[s] = 0;
        self.route_e[s] = B::empty();
        self.route_n[s] = B::empty();
        self.passes = 0;
        if self.turn as usize == s && self.active != 0 {
            self.advance_turn();
        }
    }

    // ----- fresh computations (the yardsticks the caches are tested against) -------------------

    pub(crate) fn fresh_hash(&self) -> u64 {
        let mut h = zobrist::turn(self.turn as usize);
        for s in 0..4 {
            if !self.variant.has_seat(Seat::from_index(s).expect("seat")) {
                continue;
            }
            h ^= zobrist::walls_left(s, self.walls_left[s]);
            if self.pawns[s] == NO_PAWN {
                h ^= zobrist::resigned(s);
            } else {
                h ^= zobrist::pawn(s, self.pawns[s] as usize);
            }
        }
        for c in self.walls_h.ones() {
            h ^= zobrist::wall(true, c);
        }
        for c in self.walls_v.ones() {
            h ^= zobrist::wall(false, c);
        }
        h
    }

    /// Dual components rebuilt from the walls on the board, in canonical form.
    pub(crate) fn fresh_labels(&self) -> alloc::vec::Vec<u16> {
        let mut fresh = Engine::<B>::bare(self.variant);
        for c in self.walls_h.ones() {
            fresh.merge_labels(Slot { anchor: c, horizontal: true });
        }
        for c in self.walls_v.ones() {
            fresh.merge_labels(Slot { anchor: c, horizontal: false });
        }
        fresh.canonical_labels()
    }

    /// Touched posts rebuilt from the walls on the board.
    pub(crate) fn fresh_touched(&self) -> B {
        let mut fresh = Engine::<B>::bare(self.variant);
        for c in self.walls_h.ones() {
            fresh.merge_labels(Slot { anchor: c, horizontal: true });
        }
        for c in self.walls_v.ones() {
            fresh.merge_labels(Slot { anchor: c, horizontal: false });
        }
        fresh.touched
    }

    /// Checks every incremental cache against a fresh computation. Returns a description
    /// of the first mismatch.
    pub(crate) fn verify_caches(&self) -> Result<(), &'static str> {
        if self.hash != self.fresh_hash() {
            return Err("zobrist hash");
        }
        if self.canonical_labels() != self.fresh_labels() {
            return Err("dual labels");
        }
        if self.touched != self.fresh_touched() {
            return Err("touched posts");
        }
        let mut occupied = B::empty();
        for s in 0..4 {
            if self.active & (1 << s) == 0 {
                continue;
            }
            occupied |= B::bit(self.pawns[s] as usize);
            let seat = Seat::from_index(s).expect("seat");
            if self.fresh_distance(seat) != Some(self.route_len[s] as u32) {
                return Err("route length");
            }
            // The cached route must be a path of open edges of that length.
            let (re, rn) = (self.route_e[s], self.route_n[s]);
            if (re & !self.open_e) != B::empty() || (rn & !self.open_n) != B::empty() {
                return Err("route crosses a wall");
            }
            if re.count() + rn.count() != self.route_len[s] as u32 {
                return Err("route edge count");
            }
            let route = self.route(seat).expect("active");
            let last = *route.last().expect("route has squares");
            if !self.variant.is_goal(seat, last) {
                return Err("route does not end on the goal");
            }
        }
        if occupied != self.occupied {
            return Err("occupied cells");
        }
        Ok(())
    }

    /// Rebuilds an engine from parts (used by `Setup`); caches are computed fresh.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn from_parts(
        variant: Variant,
        pawns: [Option<Square>; 4],
        walls: &[Wall],
        walls_left: [u8; 4],
        turn: Seat,
        passes: u8,
    ) -> Result<Engine<B>, crate::setup::SetupError> {
        use crate::setup::SetupError;
        let mut e = Engine::<B>::bare(variant);
        e.occupied = B::empty();
        e.active = 0;
        for seat in variant.seats() {
            let s = seat.index();
            match pawns[s] {
                Some(sq) => {
                    if !sq.is_on(variant.size()) {
                        return Err(SetupError::PawnOffBoard(seat));
                    }
                    let c = e.idx(sq);
                    if e.occupied.has(c) {
                        return Err(SetupError::PawnsShareSquare(sq));
                    }
                    e.occupied |= B::bit(c);
                    e.pawns[s] = c as u16;
                    e.active |= 1 << s;
                }
                None => e.pawns[s] = NO_PAWN,
            }
            if walls_left[s] > variant.walls() {
                return Err(SetupError::WallsLeft(seat));
            }
            e.walls_left[s] = walls_left[s];
        }
        for seat in Seat::ALL {
            if !variant.has_seat(seat) && pawns[seat.index()].is_some() {
                return Err(SetupError::SeatNotInVariant(seat));
            }
        }
        if e.active == 0 {
            return Err(SetupError::NoPawns);
        }
        let used: u32 = variant.seats().map(|s| (variant.walls() - walls_left[s.index()]) as u32).sum();
        if used != walls.len() as u32 {
            return Err(SetupError::WallCount { on_board: walls.len() as u32, used });
        }
        for &w in walls {
            let slot = e.slot_of(w).ok_or(SetupError::WallOffBoard(w))?;
            if let Some(other) = e.overlapping(slot).or_else(|| e.crossing(slot)) {
                return Err(SetupError::WallsConflict(w, other));
            }
            let edges = e.wall_edges(slot);
            if slot.horizontal {
                e.open_n &= !edges;
                e.walls_h |= B::bit(slot.anchor);
            } else {
                e.open_e &= !edges;
                e.walls_v |= B::bit(slot.anchor);
            }
            e.posts |= e.wall_posts(slot);
            e.merge_labels(slot);
        }
        if !e.is_active(turn) {
            return Err(SetupError::TurnNotInPlay(turn));
        }
        e.turn = turn as u8;
        let mut winners = 0;
        for s in 0..4 {
            if e.active & (1 << s) == 0 {
                continue;
            }
            let seat = Seat::from_index(s).expect("seat");
            let (len, re, rn) =
                e.shortest_route(e.pawns[s] as usize, e.goal[s]).ok_or(SetupError::NoRoute(seat))?;
            (e.route_len[s], e.route_e[s], e.route_n[s]) = (len, re, rn);
            if e.goal[s].has(e.pawns[s] as usize) {
                winners += 1;
                e.winner = s as u8;
            }
        }
        if winners > 1 {
            return Err(SetupError::SeveralWinners);
        }
        if passes as u32 >= e.active.count_ones() && e.winner == NO_SEAT {
            // A finished all-pass draw is representable; more passes than seats is not.
            if passes as u32 > e.active.count_ones() {
                return Err(SetupError::Passes(passes));
            }
        }
        e.passes = passes;
        e.hash = e.fresh_hash();
        Ok(e)
    }

    pub(crate) fn goal_mask(&self, seat: Seat) -> B {
        self.goal[seat.index()]
    }

    pub(crate) fn open_masks(&self) -> (B, B) {
        (self.open_e, self.open_n)
    }

    pub(crate) fn centre_goal(&self) -> bool {
        self.variant.goal() == Goal::Centre
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dir {
    North,
    East,
    South,
    West,
}

impl Dir {
    const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];
    fn sides(self) -> [Dir; 2] {
        match self {
            Dir::North | Dir::South => [Dir::West, Dir::East],
            Dir::East | Dir::West => [Dir::South, Dir::North],
        }
    }
}
