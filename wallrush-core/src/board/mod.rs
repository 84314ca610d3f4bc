//! The board, generic over the bitboard width, made of named parts.
//!
//! Private: [`Position`](crate::Position) wraps one `Board<u128>` (boards up to 11×11)
//! or a boxed `Board<Wide<W>>`, `W` 64-bit words sized to the board
//! (3 for 13×13 up to 16 for 31×31; see `Position`'s `Repr`), behind one API.
//!
//! - [`Geometry`]: what the variant fixes (grid, goals, wall slots), computed once and
//!   shared behind an `Arc`, never copied with the state.
//! - [`State`]: everything a move changes, and all that a search copies:
//!   - [`Walls`]: the open edges, the anchors and the covered posts;
//!   - [`DualGraph`]: the components of the walls' dual graph, which make the
//!     wall-legality check almost free;
//!   - [`RouteCache`]: one shortest route per seat;
//!   - the pawns, the [`SeatSet`] in play, walls left, the seat to move, passes, the
//!     winner and the Zobrist hash.
//!
//! Positions from parts are checked in [`setup`](crate::setup), which builds a `State`
//! with the same parts.

mod diagnostics;
mod dual;
mod geometry;
mod legal;
mod pawns;
mod routes;
mod seat_set;
mod wall_set;
mod walls;

use alloc::sync::Arc;
use alloc::vec::Vec;

use smallvec::SmallVec;

pub(crate) use self::dual::DualGraph;
pub(crate) use self::geometry::Geometry;
use self::geometry::Slot;
pub(crate) use self::legal::FloodCounter;
pub use self::pawns::PawnMoveKind;
pub(crate) use self::routes::RouteCache;
pub use self::seat_set::SeatSet;
pub use self::wall_set::{LegalWalls, WallSet, WallSetIter};
pub(crate) use self::walls::Walls;
use crate::bits::Bits;
use crate::moves::CompactMove;
use crate::outcome::{DrawReason, Illegal, Outcome, WinReason};
use crate::zobrist;
use crate::{Move, Seat, Square, Variant, Wall};

/// Most walls on the board for perft to count its last ply with out-of-date routes
/// ([`Board::legal_move_count_stale`]): that floods for every cycle-closing slot instead
/// of searching the routes a move cut, which pays while few walls can close a cycle.
/// Chosen from callgrind runs (bench-report probes perft3 and perft3m): with no limit,
/// perft(3) of the opening fell from 24.8 to 17.5 M Ir but that of M1–M3 (6 to 12 walls)
/// rose from 60.0 to 62.1 M; with a limit of 2, 4 or 6 walls the opening keeps 17.5 M
/// and M1–M3 60.7 M.
const STALE_WALLS: u32 = 6;

/// What a move list is filled with before its moves are written in (at most three moves
/// per cell, on the largest board).
static PLACEHOLDERS: [Move; 3 * 1024] = [Move::Pass; 3 * 1024];

/// Everything a move changes: what [`Position::make`](crate::Position::make) saves and
/// what a clone copies besides the shared geometry.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct State<B: Bits> {
    pub(crate) walls: Walls<B>,
    pub(crate) dual: DualGraph<B>,
    pub(crate) routes: RouteCache<B>,
    /// Each seat's pawn cell; 0 for seats out of play.
    pub(crate) pawns: [u16; 4],
    /// The pawn cells.
    pub(crate) occupied: B,
    /// The seats still playing.
    pub(crate) seats: SeatSet,
    pub(crate) walls_left: [u8; 4],
    pub(crate) turn: Seat,
    pub(crate) passes: u8,
    /// The seat whose pawn reached its goal.
    pub(crate) winner: Option<Seat>,
    pub(crate) hash: u64,
}

impl<B: Bits> State<B> {
    /// The Zobrist hash of the game state, computed from scratch.
    pub(crate) fn fresh_hash(&self, variant: Variant) -> u64 {
        let mut h = zobrist::turn(self.turn.index());
        for seat in variant.seats() {
            let s = seat.index();
            h ^= zobrist::walls_left(s, self.walls_left[s]);
            h ^= if self.seats.contains(seat) {
                zobrist::pawn(s, self.pawns[s] as usize)
            } else {
                zobrist::resigned(s)
            };
        }
        for slot in self.walls.slots() {
            h ^= zobrist::wall(slot.horizontal, slot.anchor);
        }
        h
    }
}

/// What a pawn move changes, for [`Board::unmake_pawn`]: a few dozen bytes where the
/// state is hundreds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnUndo<B: Bits> {
    route: routes::Route<B>,
    hash: u64,
    len: u16,
    from: u16,
    seat: Seat,
    /// The other seats whose entry was stale, marked stale again on unmake (a
    /// [`refresh_stale_routes`](Board::refresh_stale_routes) between make and unmake
    /// would otherwise leave them fresh).
    stale: SeatSet,
    passes: u8,
    winner: Option<Seat>,
}

/// A position: the shared geometry of its variant and its state.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Board<B: Bits> {
    pub(crate) geometry: Arc<Geometry<B>>,
    pub(crate) state: State<B>,
}

impl<B: Bits> Board<B> {
    // ----- small accessors -------------------------------------------------------------

    pub(crate) fn variant(&self) -> Variant {
        self.geometry.variant
    }
    pub(crate) fn turn(&self) -> Seat {
        self.state.turn
    }
    pub(crate) fn seats(&self) -> SeatSet {
        self.state.seats
    }
    pub(crate) fn pawn(&self, seat: Seat) -> Option<Square> {
        self.state.seats.contains(seat).then(|| self.geometry.square(self.state.pawns[seat.index()] as usize))
    }
    pub(crate) fn walls_left(&self, seat: Seat) -> u8 {
        self.state.walls_left[seat.index()]
    }
    pub(crate) fn passes(&self) -> u8 {
        self.state.passes
    }
    pub(crate) fn hash(&self) -> u64 {
        self.state.hash
    }
    pub(crate) fn walls(&self) -> impl Iterator<Item = Wall> + '_ {
        self.state.walls.slots().map(|slot| self.geometry.wall_at(slot))
    }
    /// The anchors of the horizontal and of the vertical walls on the board: the walls,
    /// as masks (two boards of one variant have the same walls when these are equal).
    pub(crate) fn anchor_masks(&self) -> (B, B) {
        (self.state.walls.anchors_h, self.state.walls.anchors_v)
    }
    /// The walls on the board: the walls the seats have used (a checked position's
    /// counts match its walls, and every wall placed is one used), which reads four
    /// bytes instead of counting the anchor masks.
    #[inline]
    pub(crate) fn wall_count(&self) -> u32 {
        let v = self.geometry.variant;
        let left: u32 = self.state.walls_left.iter().map(|&w| u32::from(w)).sum();
        let count = u32::from(v.walls()) * u32::from(v.players()) - left;
        debug_assert_eq!(count, self.state.walls.count());
        count
    }
    pub(crate) fn open_masks(&self) -> (B, B) {
        (self.state.walls.open_e, self.state.walls.open_n)
    }
    /// The slots where a wall fits without overlapping or crossing one (no route test).
    pub(crate) fn free_wall_masks(&self) -> (B, B) {
        let g = &*self.geometry;
        self.state.walls.free_slots(g, g.n, g.len)
    }
    pub(crate) fn goal_mask(&self, seat: Seat) -> B {
        self.geometry.goal[seat.index()]
    }

    pub(crate) fn outcome(&self) -> Option<Outcome> {
        let st = &self.state;
        if let Some(seat) = st.winner {
            return Some(Outcome::Win { seat, reason: WinReason::Goal });
        }
        if st.seats.len() == 1 {
            let seat = st.seats.first().expect("one seat");
            return Some(Outcome::Win { seat, reason: WinReason::Resignation });
        }
        if st.passes as usize >= st.seats.len() {
            return Some(Outcome::Draw(DrawReason::AllPassed));
        }
        None
    }

    #[inline]
    pub(crate) fn is_over(&self) -> bool {
        let st = &self.state;
        st.winner.is_some() || st.seats.len() <= 1 || st.passes as usize >= st.seats.len()
    }

    // ----- routes -----------------------------------------------------------------------

    /// The length of `seat`'s shortest route: the cached one, or a route search when the
    /// entry is stale.
    pub(crate) fn route_len(&self, seat: Seat) -> Option<u32> {
        let st = &self.state;
        if !st.seats.contains(seat) {
            return None;
        }
        if st.routes.is_stale(seat) {
            return self.fresh_distance(seat);
        }
        Some(st.routes.len(seat))
    }

    /// The shortest route of `seat` as squares, from its pawn to its goal: the cached
    /// one, or the one a route search finds when the entry is stale.
    pub(crate) fn route(&self, seat: Seat) -> Option<Vec<Square>> {
        let st = &self.state;
        let from = st.pawns[seat.index()] as usize;
        if !st.seats.contains(seat) {
            return None;
        }
        if st.routes.is_stale(seat) {
            let (len, route) = self.fresh_route(seat)?;
            return Some(RouteCache::walk(&self.geometry, route, u32::from(len), from));
        }
        Some(st.routes.squares(&self.geometry, seat, from))
    }

    /// A shortest route of `seat` (in play) from its pawn, searched afresh.
    fn fresh_route(&self, seat: Seat) -> Option<(u16, routes::Route<B>)> {
        let (g, st) = (&*self.geometry, &self.state);
        RouteCache::shortest(g, &st.walls, st.pawns[seat.index()] as usize, g.goal[seat.index()])
    }

    /// Whether no seat in play holds a wall: no wall can be placed for the rest of the
    /// game, so no legality check needs the route cache.
    #[inline]
    pub(crate) fn hands_empty(&self) -> bool {
        let st = &self.state;
        st.seats.into_iter().all(|s| st.walls_left[s.index()] == 0)
    }

    // ----- move lists -------------------------------------------------------------------

    pub(crate) fn legal_moves_into<const N: usize>(
        &self,
        out: &mut SmallVec<[Move; N]>,
        counter: &mut impl FloodCounter,
    ) {
        if self.is_over() {
            return;
        }
        let g = &*self.geometry;
        let pawns = self.pawn_targets();
        let (h, v) = self.legal_wall_masks(counter);
        let start = out.len();
        let total = (pawns.count() + h.count() + v.count()) as usize;
        if total == 0 {
            out.push(Move::Pass);
            return;
        }
        // One copy of placeholder moves, then plain stores: cheaper per move than
        // pushing or extending a SmallVec.
        debug_assert!(total <= PLACEHOLDERS.len());
        out.extend_from_slice(&PLACEHOLDERS[..total]);
        let mut slots = out[start..].iter_mut();
        for (mask, table) in [(pawns, g.move_table(0)), (h, g.move_table(1)), (v, g.move_table(2))] {
            for i in 0..B::WORDS {
                let mut w = mask.word(i);
                while w != 0 {
                    let c = i * 64 + w.trailing_zeros() as usize;
                    w &= w - 1;
                    if let Some(slot) = slots.next() {
                        *slot = table[c];
                    }
                }
            }
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
                let g = &*self.geometry;
                if sq.is_on(g.variant.size()) && self.pawn_targets().has(g.cell(sq)) {
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

    /// [`check`](Self::check) for a compact move of this board (its cell on the board).
    pub(crate) fn check_compact(&self, m: CompactMove) -> Result<(), Illegal> {
        match m.kind() {
            CompactMove::PAWN if !self.is_over() => {
                if self.pawn_targets().has(m.cell()) {
                    Ok(())
                } else {
                    Err(Illegal::NotAPawnMove)
                }
            }
            _ => self.check(self.expand(m)),
        }
    }

    // ----- make move --------------------------------------------------------------------

    /// Plays `m`, assumed legal.
    pub(crate) fn play_unchecked(&mut self, m: Move) {
        match m {
            Move::Pawn(to) => {
                let to = self.geometry.cell(to);
                self.play_pawn(to);
            }
            Move::Wall(w) => {
                let slot = self.geometry.slot_of(w).expect("wall on the board");
                self.play_wall(slot);
            }
            Move::Pass => self.play_pass(),
        }
    }

    /// Moves the mover's pawn to cell `to`, assumed a legal target.
    #[inline]
    pub(crate) fn play_pawn(&mut self, to: usize) {
        let stale = self.move_pawn_leaving_routes(to);
        self.refresh_routes(stale);
        self.state.advance_turn();
    }

    /// Moves the mover's pawn to `to` (assumed legal), the turn not yet passed on, and
    /// returns the seat whose cached route it left out of date (none when the route just
    /// advances): the one body of [`play_pawn`](Self::play_pawn) and perft's
    /// [`play_compact_stale`](Self::play_compact_stale).
    #[inline(always)]
    fn move_pawn_leaving_routes(&mut self, to: usize) -> SeatSet {
        let g = &*self.geometry;
        let st = &mut self.state;
        let seat = st.turn;
        let s = seat.index();
        let from = st.pawns[s] as usize;
        st.pawns[s] = to as u16;
        st.occupied ^= B::bit(from) | B::bit(to);
        st.hash ^= zobrist::pawn(s, from) ^ zobrist::pawn(s, to);
        st.passes = 0;
        if g.goal[s].has(to) {
            st.winner = Some(seat);
        }
        let mut stale = SeatSet::EMPTY;
        if !st.routes.advance(seat, from, to, g.n as usize) {
            stale.insert(seat);
        }
        stale
    }

    /// Brings the cached routes of `seats`, and any entry an earlier
    /// [`make`](crate::Position::make) left stale, up to date after a move: recomputed
    /// from their pawns, or marked stale once no seat in play holds a wall (nothing but
    /// [`route_len`](Self::route_len) and [`route`](Self::route) reads them then, and those
    /// search a stale seat's route when asked).
    #[inline(always)]
    fn refresh_routes(&mut self, seats: SeatSet) {
        let seats = if self.state.routes.any_stale() { seats | self.state.routes.stale() } else { seats };
        if seats.is_empty() {
            return;
        }
        if self.hands_empty() {
            self.state.routes.mark_stale(seats);
            return;
        }
        self.recompute_routes(seats);
    }

    /// Recomputes the cached routes of `seats` from their pawns.
    #[inline(always)]
    fn recompute_routes(&mut self, seats: SeatSet) {
        let g = &*self.geometry;
        let st = &mut self.state;
        for t in seats {
            st.routes.recompute(g, &st.walls, t, st.pawns[t.index()] as usize);
        }
    }

    /// Recomputes the routes a [`make_lazy`](Self::make_lazy) or
    /// [`make_pawn`](Self::make_pawn) left stale, unless no seat in play holds a wall
    /// (then they stay stale, as [`refresh_routes`](Self::refresh_routes) leaves them):
    /// afterwards the cache is what [`play_unchecked`](Self::play_unchecked) would have
    /// made of the same moves.
    pub(crate) fn refresh_stale_routes(&mut self) {
        if self.state.routes.any_stale() && !self.hands_empty() {
            self.recompute_routes(self.state.routes.stale());
        }
    }

    /// [`make_lazy`](Self::make_lazy) of a move, assumed legal.
    #[inline]
    pub(crate) fn make_lazy_move(&mut self, m: Move) {
        let g = &*self.geometry;
        let c = match m {
            Move::Pawn(to) => CompactMove::new(CompactMove::PAWN, g.cell(to)),
            Move::Wall(w) => {
                let slot = g.slot_of(w).expect("wall on the board");
                let kind = if slot.horizontal { CompactMove::WALL_H } else { CompactMove::WALL_V };
                CompactMove::new(kind, slot.anchor)
            }
            Move::Pass => CompactMove::PASS,
        };
        self.make_lazy(c);
    }

    /// Plays `m`, assumed legal, leaving the routes it spoils stale instead of
    /// recomputing them: the play of [`Position::make`](crate::Position::make). Readers
    /// of the routes search a stale seat's route when asked, and the legality checks
    /// treat a stale seat as cut by every wall.
    #[inline]
    pub(crate) fn make_lazy(&mut self, m: CompactMove) {
        let stale = self.play_compact_stale(m);
        self.state.routes.mark_stale(stale);
    }

    /// Plays the mover's pawn move to `to` (assumed legal) as
    /// [`make_lazy`](Self::make_lazy) does, and returns the small record
    /// [`unmake_pawn`](Self::unmake_pawn) takes it back with, instead of a copy of the
    /// whole state.
    #[inline]
    pub(crate) fn make_pawn(&mut self, to: usize) -> PawnUndo<B> {
        let st = &self.state;
        let seat = st.turn;
        // A pawn move changes the mover's entry only: its route, or its stale mark.
        let (len, route) = st.routes.entry(seat);
        let undo = PawnUndo {
            route,
            hash: st.hash,
            len,
            from: st.pawns[seat.index()],
            seat,
            stale: st.routes.stale().without(seat),
            passes: st.passes,
            winner: st.winner,
        };
        let stale = self.move_pawn_leaving_routes(to);
        self.state.routes.mark_stale(stale);
        self.state.advance_turn();
        undo
    }

    /// Takes back the pawn move `undo` came from (the last move played).
    #[inline]
    pub(crate) fn unmake_pawn(&mut self, undo: PawnUndo<B>) {
        let st = &mut self.state;
        let s = undo.seat.index();
        let to = st.pawns[s] as usize;
        st.occupied ^= B::bit(to) | B::bit(undo.from as usize);
        st.pawns[s] = undo.from;
        st.routes.set(undo.seat, undo.len, undo.route);
        st.routes.mark_stale(undo.stale);
        st.hash = undo.hash;
        st.passes = undo.passes;
        st.winner = undo.winner;
        st.turn = undo.seat;
    }

    /// Places the mover's wall at `slot`, assumed legal.
    #[inline]
    pub(crate) fn play_wall(&mut self, slot: Slot) {
        let stale = self.place_wall_leaving_routes(slot);
        self.refresh_routes(stale);
        self.state.advance_turn();
    }

    /// Places the mover's wall at `slot` (assumed legal), the turn not yet passed on, and
    /// returns the seats whose cached route it cuts: the one body of
    /// [`play_wall`](Self::play_wall) and perft's
    /// [`play_compact_stale`](Self::play_compact_stale).
    #[inline(always)]
    fn place_wall_leaving_routes(&mut self, slot: Slot) -> SeatSet {
        let g = &*self.geometry;
        let st = &mut self.state;
        let s = st.turn.index();
        let edges = st.walls.place(g, slot);
        st.hash ^= zobrist::wall(slot.horizontal, slot.anchor)
            ^ zobrist::walls_left(s, st.walls_left[s])
            ^ zobrist::walls_left(s, st.walls_left[s] - 1);
        st.walls_left[s] -= 1;
        st.passes = 0;
        st.dual.merge(g, slot);
        let mut cut = SeatSet::EMPTY;
        for t in st.seats {
            if st.routes.may_be_cut(t, slot, edges) {
                cut.insert(t);
            }
        }
        cut
    }

    /// Plays a compact move, assumed legal, without recomputing a route it invalidates:
    /// the seats whose cached route is left out of date come back, unmarked. The caller
    /// marks them stale ([`make_lazy`](Self::make_lazy)), or counts the position with
    /// [`legal_move_count_stale`](Self::legal_move_count_stale) and then throws it away
    /// (or restores its state).
    #[inline]
    pub(crate) fn play_compact_stale(&mut self, m: CompactMove) -> SeatSet {
        let stale = match m.kind() {
            CompactMove::PAWN => self.move_pawn_leaving_routes(m.cell()),
            CompactMove::WALL_H | CompactMove::WALL_V => self.place_wall_leaving_routes(Slot {
                anchor: m.cell(),
                horizontal: m.kind() == CompactMove::WALL_H,
            }),
            _ => {
                self.state.passes += 1;
                SeatSet::EMPTY
            }
        };
        self.state.advance_turn();
        stale
    }

    /// The forced pass.
    #[inline]
    pub(crate) fn play_pass(&mut self) {
        self.state.passes += 1;
        self.state.advance_turn();
    }

    /// Calls `f` with every legal move in compact form, in the order of
    /// [`legal_moves_into`](Self::legal_moves_into); the pass alone when the mover has no
    /// move, nothing when the game is over.
    #[inline]
    pub(crate) fn for_each_legal(&self, mut f: impl FnMut(CompactMove)) {
        if self.is_over() {
            return;
        }
        let pawns = self.pawn_targets();
        let (h, v) = self.legal_wall_masks(&mut ());
        if pawns.is_empty() && h.is_empty() && v.is_empty() {
            f(CompactMove::PASS);
            return;
        }
        for (mask, kind) in [(pawns, CompactMove::PAWN), (h, CompactMove::WALL_H), (v, CompactMove::WALL_V)] {
            for i in 0..B::WORDS {
                let mut w = mask.word(i);
                while w != 0 {
                    let c = i * 64 + w.trailing_zeros() as usize;
                    w &= w - 1;
                    f(CompactMove::new(kind, c));
                }
            }
        }
    }

    /// Plays a compact move, assumed legal.
    #[inline]
    pub(crate) fn play_compact(&mut self, m: CompactMove) {
        match m.kind() {
            CompactMove::PAWN => self.play_pawn(m.cell()),
            CompactMove::WALL_H => self.play_wall(Slot { anchor: m.cell(), horizontal: true }),
            CompactMove::WALL_V => self.play_wall(Slot { anchor: m.cell(), horizontal: false }),
            _ => self.play_pass(),
        }
    }

    /// The move of a compact move.
    pub(crate) fn expand(&self, m: CompactMove) -> Move {
        match m.kind() {
            CompactMove::PASS_KIND => Move::Pass,
            kind => self.geometry.move_table(kind as usize)[m.cell()],
        }
    }

    /// A second 64-bit hash of the game state, independent of the Zobrist hash (the perft
    /// table's second key word): a chain of SplitMix64 rounds over the wall anchors, pawns,
    /// walls left, seats in play, seat to move and passes.
    #[cfg(feature = "std")]
    pub(crate) fn check_hash(&self) -> u64 {
        let st = &self.state;
        let mut h = 0x243F_6A88_85A3_08D3u64;
        let mut add = |x: u64| h = crate::SplitMix64::mix(h ^ x);
        let (anchors_h, anchors_v) = self.anchor_masks();
        for i in 0..B::WORDS {
            add(anchors_h.word(i));
            add(anchors_v.word(i));
        }
        let pawns = st.pawns.iter().fold(0u64, |acc, &p| acc << 16 | u64::from(p));
        add(pawns);
        let left = st.walls_left.iter().fold(0u64, |acc, &w| acc << 8 | u64::from(w));
        let seats = Seat::ALL.iter().fold(0u64, |acc, &s| acc << 1 | u64::from(st.seats.contains(s)));
        add(left << 24 | seats << 16 | (st.turn.index() as u64) << 8 | u64::from(st.passes));
        h
    }

    /// Perft by copy-make of the state: every legal move from the masks, played by cell
    /// or slot, the state copied back after each; the last ply counted in bulk.
    pub(crate) fn perft(&mut self, depth: u32) -> u64 {
        match depth {
            0 => return 1,
            1 => return self.legal_move_count() as u64,
            _ => {}
        }
        let saved = self.state;
        let mut moves = [CompactMove::PASS; 3 * 128];
        let mut total = 0;
        if B::CAPACITY <= 128 {
            // Gather first (the callback cannot borrow `self` mutably), then play.
            let mut k = 0;
            self.for_each_legal(|m| {
                moves[k] = m;
                k += 1;
            });
            if depth == 2 && self.wall_count() <= STALE_WALLS {
                // The last ply is counted in bulk, and on a board with few walls without
                // the route searches of the moves before it (see STALE_WALLS).
                for &m in &moves[..k] {
                    let stale = self.play_compact_stale(m);
                    total += self.legal_move_count_stale(stale) as u64;
                    self.state = saved;
                }
            } else {
                for &m in &moves[..k] {
                    self.play_compact(m);
                    total += self.perft(depth - 1);
                    self.state = saved;
                }
            }
        } else {
            let mut list = alloc::vec::Vec::new();
            self.for_each_legal(|m| list.push(m));
            for m in list {
                self.play_compact(m);
                total += self.perft(depth - 1);
                self.state = saved;
            }
        }
        total
    }

    /// [`perft`](Self::perft) asking `stop` before each unit of work: each position whose
    /// moves it generates or counts, and each move it plays.
    pub(crate) fn perft_until(&mut self, depth: u32, stop: &mut dyn FnMut() -> bool) -> Option<u64> {
        if depth == 0 {
            return Some(1);
        }
        if stop() {
            return None;
        }
        if depth == 1 {
            return Some(self.legal_move_count() as u64);
        }
        let saved = self.state;
        let mut list = alloc::vec::Vec::new();
        self.for_each_legal(|m| list.push(m));
        let mut total = 0;
        for m in list {
            if stop() {
                return None;
            }
            self.play_compact(m);
            let below = self.perft_until(depth - 1, stop);
            self.state = saved;
            total += below?;
        }
        Some(total)
    }

    /// Takes `seat` out of the game (four-seat resignation): its pawn leaves the board,
    /// its walls stay, its turns are skipped.
    pub(crate) fn remove_seat(&mut self, seat: Seat) {
        let st = &mut self.state;
        let s = seat.index();
        let c = st.pawns[s] as usize;
        st.occupied ^= B::bit(c);
        st.hash ^= zobrist::pawn(s, c) ^ zobrist::resigned(s);
        st.pawns[s] = 0;
        st.seats.remove(seat);
        st.routes.clear(seat);
        st.passes = 0;
        if st.turn == seat && !st.seats.is_empty() {
            st.advance_turn();
        }
    }
}

impl<B: Bits> State<B> {
    fn advance_turn(&mut self) {
        let old = self.turn;
        let next = self.seats.next_after(old);
        self.hash ^= zobrist::turn(old.index()) ^ zobrist::turn(next.index());
        self.turn = next;
    }
}

#[cfg(test)]
mod tests {
    use core::mem::size_of;

    use super::*;
    use crate::bits::Wide;

    /// The state a search copies stays small: these are the sizes of `docs/PERFORMANCE.md`
    /// ("The copied state"). Shrinking is welcome (lower the pins); growing fails here.
    #[test]
    fn the_copied_state_stays_small() {
        assert!(size_of::<State<u128>>() <= 400, "{}", size_of::<State<u128>>());
        assert!(size_of::<State<Wide<3>>>() <= 544, "{}", size_of::<State<Wide<3>>>());
        assert!(size_of::<State<Wide<4>>>() <= 712, "{}", size_of::<State<Wide<4>>>());
        assert!(size_of::<State<Wide<5>>>() <= 1152, "{}", size_of::<State<Wide<5>>>());
        assert!(size_of::<State<Wide<6>>>() <= 1408, "{}", size_of::<State<Wide<6>>>());
        assert!(size_of::<State<Wide<7>>>() <= 1680, "{}", size_of::<State<Wide<7>>>());
        assert!(size_of::<State<Wide<10>>>() <= 2392, "{}", size_of::<State<Wide<10>>>());
        assert!(size_of::<State<Wide<16>>>() <= 3760, "{}", size_of::<State<Wide<16>>>());
        // A classic position is its state and one pointer to the shared geometry.
        assert_eq!(size_of::<Board<u128>>(), size_of::<State<u128>>() + 16);
    }
}
