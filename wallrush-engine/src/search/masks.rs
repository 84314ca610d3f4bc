//! Distance maps and wall candidates with mask operations, for boards up to 128 cells.
//!
//! Bit `rank * n + file` is a square (as in [`Bitboards`]). From the open edges a
//! breadth-first search by layers gives each seat's distance to its goal; crossed with
//! the layers from its pawn, it gives the squares and steps on *any* shortest route. A
//! transition between two layers crossed by at most `wall length` steps of one
//! direction is narrow: a single wall over all of them surely lengthens the route (a
//! strong wall). Everything a node needs is a few dozen shifts, ands and ors per layer;
//! no wall is previewed.
//!
//! The hot searches (the routes and [`Geo::threat`]) are compiled twice: for the classic
//! board (side 9, walls of length 2) with those numbers as constants, so a step north is
//! a shift by an immediate, and for every other variant with them read from [`Geo`]. The
//! const parameter `C` ("classic") picks one, and `Geo::dims` reads it.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::cell::RefCell;

use wallrush_core::{
    Bitboards, Move, MoveList, Orientation, Position, Seat, Square, Variant, Wall, WallMasks,
};

/// The classic board's side and wall length, constants in the code compiled for it.
const CLASSIC_SIDE: u32 = 9;
const CLASSIC_WALL: u32 = 2;

/// What the variant fixes, as masks.
pub(super) struct Geo {
    pub(super) variant: Variant,
    n: u32,
    len: u32,
    squares: Vec<Square>,
    pub(super) goal: [u128; 4],
    /// Anchors of horizontal / vertical walls that lie on the board.
    h_ok: u128,
    v_ok: u128,
    /// Horizontal walls touching the west or east border; vertical ones the south or
    /// north border.
    h_border: u128,
    v_border: u128,
    /// Squares with a north / east neighbour.
    has_n: u128,
    has_e: u128,
    /// Squares off the first file.
    not_file0: u128,
    /// The steps a wall anchored on cell 0 closes: a horizontal wall the north steps of
    /// `len` squares eastward, a vertical one the east steps of `len` squares northward.
    run_h: u128,
    run_v: u128,
    /// [`Geo::threat`]'s layers from the goal and rings from the pawn (the routes' layers
    /// too), kept between calls: each entry is written before it is read, so they are
    /// never cleared.
    scratch: RefCell<Box<[[u128; 128]; 2]>>,
}

impl Geo {
    /// The masks of `pos`'s variant, or `None` past 128 cells.
    pub(super) fn new(pos: &Position) -> Option<Geo> {
        let variant = pos.variant();
        let n = variant.size() as u32;
        if n * n > 128 {
            return None;
        }
        let len = variant.wall_length() as u32;
        let squares: Vec<Square> = (0..n * n).map(|c| Square::new((c % n) as u8, (c / n) as u8)).collect();
        let mut g = Geo {
            variant,
            n,
            len,
            goal: [0; 4],
            h_ok: 0,
            v_ok: 0,
            h_border: 0,
            v_border: 0,
            has_n: 0,
            has_e: 0,
            not_file0: 0,
            run_h: (1u128 << len) - 1,
            run_v: (0..len).fold(0, |m, i| m | 1u128 << (i * n)),
            squares,
            scratch: RefCell::new(Box::new([[0; 128]; 2])),
        };
        for (c, &sq) in g.squares.iter().enumerate() {
            let bit = 1u128 << c;
            for s in Seat::ALL {
                if pos.is_goal(s, sq) {
                    g.goal[s.index()] |= bit;
                }
            }
            let (f, r) = (sq.file() as u32, sq.rank() as u32);
            if Wall::horizontal(sq).is_on(n as u8, len as u8) {
                g.h_ok |= bit;
                if f == 0 || f + len == n {
                    g.h_border |= bit;
                }
            }
            if Wall::vertical(sq).is_on(n as u8, len as u8) {
                g.v_ok |= bit;
                if r == 0 || r + len == n {
                    g.v_border |= bit;
                }
            }
            if r + 1 < n {
                g.has_n |= bit;
            }
            if f + 1 < n {
                g.has_e |= bit;
            }
            if f > 0 {
                g.not_file0 |= bit;
            }
        }
        Some(g)
    }

    /// The cell (bit index) of `sq`.
    #[inline]
    pub(super) fn cell(&self, sq: Square) -> u32 {
        sq.rank() as u32 * self.n + sq.file() as u32
    }

    /// The square of cell `c`.
    #[inline]
    pub(super) fn square(&self, c: u32) -> Square {
        self.squares[c as usize]
    }

    /// The steps the wall anchored on cell `c` closes, as (east, north) step masks (the
    /// order of [`Bitboards::open_e`](wallrush_core::Bitboards::open_e),
    /// [`open_n`](wallrush_core::Bitboards::open_n)).
    #[inline]
    pub(super) fn closed_steps(&self, c: u32, horizontal: bool) -> (u128, u128) {
        if horizontal {
            (0, self.run_h << c)
        } else {
            (self.run_v << c, 0)
        }
    }

    /// Whether this is the classic board (side 9, walls of length 2), whose searches run
    /// with those numbers as constants (the module documentation).
    #[inline]
    fn classic(&self) -> bool {
        self.n == CLASSIC_SIDE && self.len == CLASSIC_WALL
    }

    /// The board's side and the walls' length: constants when `C` (the classic board),
    /// else read.
    #[inline(always)]
    fn dims<const C: bool>(&self) -> (u32, u32) {
        if C {
            (CLASSIC_SIDE, CLASSIC_WALL)
        } else {
            (self.n, self.len)
        }
    }

    /// `seat`'s shortest routes in `pos`, over the open steps of `bb`.
    pub(super) fn routes_of(&self, pos: &Position, bb: &Bitboards, seat: Seat) -> Routes {
        if self.classic() {
            self.routes_in::<true>(pos, bb, seat)
        } else {
            self.routes_in::<false>(pos, bb, seat)
        }
    }

    /// [`routes_of`](Self::routes_of), on the classic board when `C`. Its layers go in
    /// the threat's scratch (nothing else holds it meanwhile), so no array is zeroed.
    fn routes_in<const C: bool>(&self, pos: &Position, bb: &Bitboards, seat: Seat) -> Routes {
        let p = pos.pawn(seat).map_or(0, |sq| self.cell(sq));
        let goal = self.goal[seat.index()];
        let layers = &mut self.scratch.borrow_mut()[0];
        Routes::with_layers::<C>(self, bb.open_e, bb.open_n, goal, p, layers, None)
    }

    /// Squares one step from `x` through open edges, and `x`.
    #[inline]
    pub(super) fn expand(&self, x: u128, oe: u128, on: u128) -> u128 {
        self.expand_in::<false>(x, oe, on)
    }

    /// [`expand`](Self::expand), on the classic board when `C`.
    #[inline(always)]
    fn expand_in<const C: bool>(&self, x: u128, oe: u128, on: u128) -> u128 {
        let (n, _) = self.dims::<C>();
        x | ((x & on) << n) | ((x >> n) & on) | ((x & oe) << 1) | ((x >> 1) & oe)
    }

    /// Horizontal anchors whose wall closes a north step of a square of `edges`.
    #[inline]
    pub(super) fn cover_h(&self, edges: u128) -> u128 {
        self.cover_h_in::<false>(edges)
    }

    /// [`cover_h`](Self::cover_h), on the classic board when `C`.
    #[inline(always)]
    fn cover_h_in<const C: bool>(&self, edges: u128) -> u128 {
        let mut out = 0;
        for i in 0..self.dims::<C>().1 {
            out |= edges >> i;
        }
        out & self.h_ok
    }

    /// Vertical anchors whose wall closes an east step of a square of `edges`.
    #[inline]
    pub(super) fn cover_v(&self, edges: u128) -> u128 {
        self.cover_v_in::<false>(edges)
    }

    /// [`cover_v`](Self::cover_v), on the classic board when `C`.
    #[inline(always)]
    fn cover_v_in<const C: bool>(&self, edges: u128) -> u128 {
        let mut out = 0;
        let (n, len) = self.dims::<C>();
        for i in 0..len {
            out |= edges >> (i * n);
        }
        out & self.v_ok
    }

    /// Horizontal walls that overlap one of the horizontal `h` or cross one of the
    /// vertical `v` (the walls that make them illegal).
    fn conflicts_h(&self, h: u128, v: u128) -> u128 {
        let mut out = 0;
        for i in 1..self.len {
            out |= (h << i) | (h >> i);
        }
        // A vertical wall at (f', r') crosses the horizontal ones at f in f'-len+2..=f',
        // r in r'..=r'+len-2.
        for df in 0..self.len.saturating_sub(1) {
            for dr in 0..self.len.saturating_sub(1) {
                out |= (v >> df) << (dr * self.n);
            }
        }
        out & self.h_ok
    }

    /// Vertical walls that overlap one of the vertical `v` or cross one of the
    /// horizontal `h`.
    fn conflicts_v(&self, h: u128, v: u128) -> u128 {
        let mut out = 0;
        for i in 1..self.len {
            out |= (v << (i * self.n)) | (v >> (i * self.n));
        }
        for df in 0..self.len.saturating_sub(1) {
            for dr in 0..self.len.saturating_sub(1) {
                out |= (h << df) >> (dr * self.n);
            }
        }
        out & self.v_ok
    }

    /// The steps from the goal to the first square of `target` over the open steps `oe`,
    /// `on`, by a search that has found `seen` within `d` steps of the goal, `front` at
    /// exactly `d`; `None` when no square of `target` can be reached.
    #[inline(always)]
    fn steps_to<const C: bool>(
        &self,
        oe: u128,
        on: u128,
        seen: u128,
        front: u128,
        d: u32,
        target: u128,
    ) -> Option<u32> {
        let (mut seen, mut front, mut d) = (seen, front, d);
        while front & target == 0 {
            let next = self.expand_in::<C>(front, oe, on) & !seen;
            if next == 0 {
                return None;
            }
            seen |= next;
            front = next;
            d += 1;
        }
        Some(d)
    }

    /// The most steps one wall can add to `victim`'s route now, at most `cap`: the
    /// largest gain over the free slots (`m`) whose wall may lengthen it (one over a
    /// narrow transition of all its shortest routes, or over two or more of their steps;
    /// no other wall can). A wall that
    /// would leave `victim` no route is not counted; one that would seal only the other
    /// pawn is (so the count can be one wall too kind to the attacker, never short).
    pub(super) fn threat(&self, pos: &Position, m: &WallMasks, victim: Seat, cap: u32) -> u32 {
        if self.classic() {
            self.threat_in::<true>(pos, m, victim, cap)
        } else {
            self.threat_in::<false>(pos, m, victim, cap)
        }
    }

    /// [`threat`](Self::threat), on the classic board when `C`.
    fn threat_in<const C: bool>(&self, pos: &Position, m: &WallMasks, victim: Seat, cap: u32) -> u32 {
        let Some(sq) = pos.pawn(victim) else { return 0 };
        let (pawn, goal) = (self.cell(sq), self.goal[victim.index()]);
        let (n, len) = self.dims::<C>();
        let mut scratch = self.scratch.borrow_mut();
        let [layers, rings] = &mut **scratch;
        let r = Routes::with_layers::<C>(self, m.open_e, m.open_n, goal, pawn, layers, Some(rings));
        let base = r.len;
        if base == 0 {
            return 0;
        }
        // A wall lengthens the route when the steps of the shortest routes it closes cut
        // them all: the steps of one narrow transition (strong walls), or steps of
        // several transitions, two or more steps of the routes.
        let (mut two_h, mut two_v) = (0u128, 0u128);
        for i in 0..len {
            for j in i + 1..len {
                two_h |= (r.edges_n >> i) & (r.edges_n >> j);
                two_v |= (r.edges_e >> (i * n)) & (r.edges_e >> (j * n));
            }
        }
        let h = (r.strong_h | (two_h & self.h_ok)) & m.free_h;
        let v = (r.strong_v | (two_v & self.v_ok)) & m.free_v;
        let mut best = 0;
        for (mut anchors, horizontal) in [(h, true), (v, false)] {
            while anchors != 0 && best < cap {
                let c = anchors.trailing_zeros();
                anchors &= anchors - 1;
                let (ce, cn) = self.closed_steps(c, horizontal);
                // A wall whose closed steps touch no square nearer the goal than layer k
                // leaves the distances of layers 0..=k as they are: the search after it
                // starts from there.
                let touched = ce | (ce << 1) | cn | (cn << n);
                let (mut k, mut within) = (0, layers[0]);
                while k < base as usize && layers[k] & touched == 0 {
                    k += 1;
                    within |= layers[k];
                }
                // Nor, when they touch no square nearer the pawn than ring j, the distances
                // from the pawn of rings 0..=j: every route enters ring j before it reaches
                // the pawn, so the search ends there, j steps short of the pawn. (With j
                // at most `base - k`, no square of ring j lies nearer the goal than layer
                // k.)
                let mut j = 0;
                while j < base as usize - k && rings[j] & touched == 0 {
                    j += 1;
                }
                let (oe, on) = (m.open_e & !ce, m.open_n & !cn);
                if let Some(d) = self.steps_to::<C>(oe, on, within, layers[k], k as u32, rings[j]) {
                    best = best.max((d + j as u32).saturating_sub(base));
                }
            }
        }
        best.min(cap)
    }

    /// Pushes a pawn move to every square of `targets`.
    pub(super) fn push_pawn_moves(&self, mut targets: u128, out: &mut MoveList) {
        while targets != 0 {
            let c = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            out.push(Move::Pawn(self.squares[c]));
        }
    }

    /// Pushes the walls of orientation `o` anchored at `anchors`.
    pub(super) fn push_walls(&self, mut anchors: u128, o: Orientation, out: &mut MoveList) {
        while anchors != 0 {
            let c = anchors.trailing_zeros() as usize;
            anchors &= anchors - 1;
            out.push(Move::Wall(Wall::new(self.squares[c], o)));
        }
    }
}

/// One seat's shortest routes.
#[derive(Clone, Copy, Default)]
#[cfg_attr(test, derive(PartialEq, Eq, Debug))]
pub(super) struct Routes {
    /// Route length (steps; 0 when there is no route).
    len: u32,
    /// Squares on some shortest route.
    cells: u128,
    /// North / east steps (by their lower square) on some shortest route.
    edges_n: u128,
    edges_e: u128,
    /// Walls (anchors) that close every step of a narrow layer transition.
    strong_h: u128,
    strong_v: u128,
    /// Squares one step nearer the goal than the pawn, and two or more.
    nearer1: u128,
    nearer2: u128,
    /// Squares as near as the pawn.
    level: u128,
}

impl Routes {
    /// The shortest routes from cell `pawn` to `goal` over the open steps `oe`, `on`,
    /// leaving in `layers[k]` the squares `k` steps from the goal, for `k` up to the
    /// route's length, and with `rings` in `rings[j]` the squares `j` steps from the pawn,
    /// for `j` up to the same; on the classic board when `C`.
    #[inline(always)]
    fn with_layers<const C: bool>(
        geo: &Geo,
        oe: u128,
        on: u128,
        goal: u128,
        pawn: u32,
        layers: &mut [u128; 128],
        mut rings: Option<&mut [u128; 128]>,
    ) -> Routes {
        let (n, len) = geo.dims::<C>();
        let pbit = 1u128 << pawn;
        layers[0] = goal;
        let mut seen = goal;
        let mut d = 0usize;
        while seen & pbit == 0 {
            let next = geo.expand_in::<C>(layers[d], oe, on) & !seen;
            if next == 0 || d + 1 >= layers.len() {
                return Routes::default();
            }
            d += 1;
            layers[d] = next;
            seen |= next;
        }
        let mut out = Routes { len: d as u32, level: layers[d], ..Routes::default() };
        if d >= 1 {
            out.nearer1 = layers[d - 1];
        }
        for layer in layers.iter().take(d.saturating_sub(1)) {
            out.nearer2 |= layer;
        }
        // Walk from the pawn: the squares at distance j from it and d - j from the goal.
        let mut from = pbit;
        let mut seen_p = pbit;
        let mut prev = pbit; // route squares at goal distance d - j + 1
        out.cells = pbit;
        if let Some(r) = rings.as_deref_mut() {
            r[0] = pbit;
        }
        for j in 1..=d {
            let ring = geo.expand_in::<C>(from, oe, on) & !seen_p;
            if let Some(r) = rings.as_deref_mut() {
                r[j] = ring;
            }
            seen_p |= ring;
            from = ring;
            let cur = ring & layers[d - j];
            out.cells |= cur;
            let en = (prev & on & (cur >> n)) | (cur & on & (prev >> n));
            let ee = (prev & oe & (cur >> 1)) | (cur & oe & (prev >> 1));
            out.edges_n |= en;
            out.edges_e |= ee;
            if ee == 0 && en.count_ones() <= len {
                out.strong_h |= all_covering(en, |e| geo.cover_h_in::<C>(e));
            } else if en == 0 && ee.count_ones() <= len {
                out.strong_v |= all_covering(ee, |e| geo.cover_v_in::<C>(e));
            }
            prev = cur;
        }
        out
    }
}

/// The anchors whose wall covers every edge of `edges` (`cover` gives those of one).
fn all_covering(mut edges: u128, cover: impl Fn(u128) -> u128) -> u128 {
    let mut out = !0u128;
    while edges != 0 {
        let e = edges & edges.wrapping_neg();
        edges ^= e;
        out &= cover(e);
    }
    out
}

/// What move generation and ordering need at one node (two seats).
pub(super) struct NodeInfo {
    me: Routes,
    /// Candidate classes, as anchor masks per orientation (legal walls only).
    strong: (u128, u128),
    cut: (u128, u128),
    self_cut: (u128, u128),
    self_strong: (u128, u128),
    block: (u128, u128),
    touch: (u128, u128),
}

impl NodeInfo {
    pub(super) fn new(geo: &Geo, pos: &Position, bb: &Bitboards) -> NodeInfo {
        let me = pos.turn();
        let opp = pos.seats_in_play().find(|&s| s != me).unwrap_or(me);
        let (oe, on) = (bb.open_e, bb.open_n);
        let mine = geo.routes_of(pos, bb, me);
        let theirs = geo.routes_of(pos, bb, opp);
        let (lh, lv) = (bb.legal_h, bb.legal_v);
        let strong = (theirs.strong_h & lh, theirs.strong_v & lv);
        let cut = (geo.cover_h(theirs.edges_n) & lh, geo.cover_v(theirs.edges_e) & lv);
        let self_cut = (geo.cover_h(mine.edges_n) & lh, geo.cover_v(mine.edges_e) & lv);
        let self_strong = (mine.strong_h & lh, mine.strong_v & lv);
        let block = (
            geo.conflicts_h(mine.strong_h, mine.strong_v) & lh,
            geo.conflicts_v(mine.strong_h, mine.strong_v) & lv,
        );
        // Posts (top-right corners of squares) touched by a wall on the board.
        let closed_n = !on & geo.has_n;
        let closed_e = !oe & geo.has_e;
        let posts = closed_n | ((closed_n & geo.not_file0) >> 1) | closed_e | (closed_e >> geo.n);
        let mut th = posts << 1;
        let mut tv = posts << geo.n;
        for i in 0..geo.len {
            th |= posts >> i;
            tv |= posts >> (i * geo.n);
        }
        th |= geo.h_border;
        tv |= geo.v_border;
        let near = geo.expand(theirs.cells, geo.has_e, geo.has_n);
        let touch =
            (th & geo.cover_h(near | (near >> geo.n)) & lh, tv & geo.cover_v(near | (near >> 1)) & lv);
        NodeInfo { me: mine, strong, cut, self_cut, self_strong, block, touch }
    }

    /// The candidate walls, as anchor masks (horizontal, vertical): the cuts of either
    /// seat's shortest routes, the blockers of the opponent's strong walls and the
    /// touching walls; with `lone` (the opponent holds no walls) without the self-cuts
    /// and the blockers, which cannot change what a walking opponent does.
    pub(super) fn candidate_walls(&self, lone: bool) -> (u128, u128) {
        let (a, b) = if lone { ((0, 0), (0, 0)) } else { (self.self_cut, self.block) };
        let c = self.touch;
        (self.cut.0 | a.0 | b.0 | c.0, self.cut.1 | a.1 | b.1 | c.1)
    }

    /// Steps a pawn move to `to` gains on the mover's route (2 for a jump that gains two,
    /// −1 for a step away).
    pub(super) fn pawn_gain(&self, geo: &Geo, to: Square) -> i32 {
        let bit = 1u128 << geo.cell(to);
        if self.me.nearer2 & bit != 0 {
            2
        } else if self.me.nearer1 & bit != 0 {
            1
        } else if self.me.level & bit != 0 {
            0
        } else {
            -1
        }
    }

    /// The static order key of a wall: strong walls first, then route cuts, walls that
    /// take away the opponent's strong walls, walls next to walls; walls that cut only
    /// the mover's own routes last.
    pub(super) fn wall_class(&self, geo: &Geo, w: Wall) -> i32 {
        let bit = 1u128 << geo.cell(w.anchor());
        let pick = |m: (u128, u128)| {
            (match w.orientation() {
                Orientation::Horizontal => m.0,
                Orientation::Vertical => m.1,
            }) & bit
                != 0
        };
        let mut s = 0;
        if pick(self.strong) {
            s += 12_000;
        }
        if pick(self.cut) {
            s += 4_000;
        }
        if pick(self.block) {
            s += 3_000;
        }
        if pick(self.touch) {
            s += 1_500;
        }
        if pick(self.self_strong) {
            s -= 6_000;
        }
        if pick(self.self_cut) && !pick(self.cut) {
            s -= 3_000;
        }
        s
    }
}

#[cfg(test)]
impl Geo {
    /// [`Geo::routes_of`] and [`Geo::threat`] by the code compiled for every variant, even
    /// on the classic board (tests: the two builds agree).
    pub(super) fn general(&self, pos: &Position, bb: &Bitboards, m: &WallMasks, seat: Seat) -> (Routes, u32) {
        (self.routes_in::<false>(pos, bb, seat), self.threat_in::<false>(pos, m, seat, 99))
    }
}

#[cfg(test)]
impl Routes {
    pub(super) fn len(&self) -> u32 {
        self.len
    }
}

#[cfg(test)]
impl NodeInfo {
    /// The blockers of the opponent's strong walls (tests).
    pub(super) fn block_masks(&self) -> (u128, u128) {
        self.block
    }
}
