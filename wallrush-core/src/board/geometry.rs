//! What the variant fixes: the grid, the goals and the wall slots, computed once and shared
//! by every position of the variant (a `Board` of this module holds it behind an `Arc`).
//!
//! A cell `(file, rank)` is bit `rank * n + file`. Edge masks name an edge by its lower
//! cell: bit `c` of an east mask is the edge `c`–`c+1`, of a north mask the edge `c`–`c+n`.
//! A wall slot is named by its anchor cell (the standard notation's lower-left cell); an
//! interior post by the cell whose north-east corner it is.

use alloc::vec::Vec;

use crate::bits::Bits;
use crate::{Move, Orientation, Seat, Square, Variant, Wall};

/// A wall slot: the cell index of its anchor and its orientation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Slot {
    pub(crate) anchor: usize,
    pub(crate) horizontal: bool,
}

/// The board of one variant, without anything that changes during a game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Geometry<B: Bits> {
    pub(crate) variant: Variant,
    /// The board size `n`.
    pub(crate) n: u32,
    /// The wall length `L`.
    pub(crate) len: u32,
    /// `ceil(65536 / n)`, to divide cell indices by `n` with a multiply.
    inv_n: u32,
    /// Cells with an east neighbour / a north neighbour: every edge of the board.
    pub(crate) has_e: B,
    pub(crate) has_n: B,
    /// Each seat's goal cells (empty for seats the variant does not have).
    pub(crate) goal: [B; 4],
    /// Anchors where a wall of the variant's length fits, per orientation.
    pub(crate) slots_h: B,
    pub(crate) slots_v: B,
    /// Slots whose first / last corner lies on the border, per orientation.
    pub(crate) border_first_h: B,
    pub(crate) border_last_h: B,
    pub(crate) border_first_v: B,
    pub(crate) border_last_v: B,
    /// The edges a wall anchored at cell 0 closes (north edges when horizontal, east edges
    /// when vertical) and the interior posts it covers: shifted by an anchor, those of any
    /// slot.
    edges_h: B,
    edges_v: B,
    posts_h: B,
    posts_v: B,
    /// Per slot ([`Geometry::slot_index`]), the dual vertices ([`Geometry::vertex`]) of its
    /// `L + 1` corners, from its anchor's end: the cycle test and the merge read them
    /// instead of dividing the anchor by `n`.
    corner_vertices: Vec<u16>,
    /// Per slot, the post bit (the cell whose north-east corner it is) of each corner, or
    /// [`NOT_A_POST`] for a corner on the border.
    corner_posts: Vec<u16>,
    /// The moves a list writes, per kind (0 pawn moves, 1 horizontal walls, 2 vertical
    /// walls) and cell: entry `kind * CAPACITY + c` is the pawn move to `c` or the wall
    /// anchored at `c` (a load, where the square of `c` would cost a multiply).
    moves: Vec<Move>,
}

/// One flood step from `r` over the open edges `e` / `nn` of an `n`-wide board (`n` a
/// constant where the caller has one, so the shifts are immediates).
#[inline(always)]
pub(crate) fn expand<B: Bits>(n: u32, r: B, e: B, nn: B) -> B {
    r | ((r & e) << 1) | ((r >> 1) & e) | ((r & nn) << n) | ((r >> n) & nn)
}

/// Whether `from` reaches `goal` over the open edges `e` / `nn` of an `n`-wide board.
#[inline(always)]
pub(crate) fn reaches<B: Bits>(n: u32, from: usize, goal: B, e: B, nn: B) -> bool {
    let mut r = B::bit(from);
    loop {
        if r.intersects(goal) {
            return true;
        }
        let next = expand(n, r, e, nn);
        if next == r {
            return false;
        }
        r = next;
    }
}

/// Fewest steps from `from` to `goal` over the open edges `e` / `nn` of an `n`-wide
/// board, or `None`: the region reached grows by one step a round, and the round it
/// first meets the goal is the distance.
#[inline(always)]
pub(crate) fn distance<B: Bits>(n: u32, from: usize, goal: B, e: B, nn: B) -> Option<u32> {
    let mut r = B::bit(from);
    let mut d = 0;
    while !r.intersects(goal) {
        let next = expand(n, r, e, nn);
        if next == r {
            return None;
        }
        r = next;
        d += 1;
    }
    Some(d)
}

/// The entry of [`Geometry::corner_posts`] for a corner on the border.
pub(crate) const NOT_A_POST: u16 = u16::MAX;

impl<B: Bits> Geometry<B> {
    pub(crate) fn new(variant: Variant) -> Geometry<B> {
        let n = variant.size() as u32;
        let len = variant.wall_length() as u32;
        debug_assert!((n * n) as usize <= B::CAPACITY);
        let mut g = Geometry {
            variant,
            n,
            len,
            inv_n: 65536_u32.div_ceil(n),
            has_e: B::empty(),
            has_n: B::empty(),
            goal: [B::empty(); 4],
            slots_h: B::empty(),
            slots_v: B::empty(),
            border_first_h: B::empty(),
            border_last_h: B::empty(),
            border_first_v: B::empty(),
            border_last_v: B::empty(),
            edges_h: B::empty(),
            edges_v: B::empty(),
            posts_h: B::empty(),
            posts_v: B::empty(),
            corner_vertices: Vec::new(),
            corner_posts: Vec::new(),
            moves: Vec::new(),
        };
        for r in 0..n {
            for f in 0..n {
                let c = (r * n + f) as usize;
                let sq = Square::new(f as u8, r as u8);
                if f + 1 < n {
                    g.has_e |= B::bit(c);
                }
                if r + 1 < n {
                    g.has_n |= B::bit(c);
                }
                if f + len <= n && r + 1 < n {
                    g.slots_h |= B::bit(c);
                    if f == 0 {
                        g.border_first_h |= B::bit(c);
                    }
                    if f + len == n {
                        g.border_last_h |= B::bit(c);
                    }
                }
                if r + len <= n && f + 1 < n {
                    g.slots_v |= B::bit(c);
                    if r == 0 {
                        g.border_first_v |= B::bit(c);
                    }
                    if r + len == n {
                        g.border_last_v |= B::bit(c);
                    }
                }
                for seat in Seat::ALL {
                    if variant.is_goal(seat, sq) {
                        g.goal[seat.index()] |= B::bit(c);
                    }
                }
            }
        }
        for k in 0..len as usize {
            g.edges_h |= B::bit(k);
            g.edges_v |= B::bit(k * n as usize);
        }
        for k in 0..len as usize - 1 {
            g.posts_h |= B::bit(k);
            g.posts_v |= B::bit(k * n as usize);
        }
        // The per-slot corner tables. Every cell gets entries (also where no wall fits),
        // so an index is `2 * anchor + horizontal` with no lookup; only real slots read
        // them.
        let corners = (len + 1) as usize;
        let entries = 2 * (n * n) as usize * corners;
        let (mut vertices, mut posts) = (alloc::vec![0u16; entries], alloc::vec![NOT_A_POST; entries]);
        for horizontal in [false, true] {
            for anchor in (if horizontal { g.slots_h } else { g.slots_v }).ones() {
                let at = (2 * anchor + horizontal as usize) * corners;
                for (k, (x, y)) in g.corners(Slot { anchor, horizontal }).enumerate() {
                    let v = g.vertex(x, y);
                    vertices[at + k] = v as u16;
                    if v != 0 {
                        posts[at + k] = ((y - 1) * n + x - 1) as u16;
                    }
                }
            }
        }
        g.corner_vertices = vertices;
        g.corner_posts = posts;
        // The move tables; entries past the board stay passes and are never read.
        let cap = B::CAPACITY;
        let mut moves = alloc::vec![Move::Pass; 3 * cap];
        for r in 0..n as u8 {
            for f in 0..n as u8 {
                let (c, sq) = (r as usize * n as usize + f as usize, Square::new(f, r));
                moves[c] = Move::Pawn(sq);
                moves[cap + c] = Move::Wall(Wall::horizontal(sq));
                moves[2 * cap + c] = Move::Wall(Wall::vertical(sq));
            }
        }
        g.moves = moves;
        g
    }

    /// The moves of one kind (0 pawn moves, 1 horizontal walls, 2 vertical walls), indexed
    /// by cell (entries past the board are never read).
    #[inline(always)]
    pub(crate) fn move_table(&self, kind: usize) -> &[Move] {
        &self.moves[kind * B::CAPACITY..(kind + 1) * B::CAPACITY]
    }

    /// The index of `slot` in the per-slot tables.
    #[inline(always)]
    pub(crate) fn slot_index(&self, slot: Slot) -> usize {
        2 * slot.anchor + slot.horizontal as usize
    }

    /// The dual vertices of the `L + 1` corners of a wall at `slot`, from its anchor's end.
    #[inline(always)]
    pub(crate) fn corner_vertices(&self, slot: Slot) -> &[u16] {
        let k = (self.len + 1) as usize;
        let i = self.slot_index(slot) * k;
        &self.corner_vertices[i..i + k]
    }

    /// The post bits of the corners of a wall at `slot` ([`NOT_A_POST`] on the border).
    #[inline(always)]
    pub(crate) fn corner_posts(&self, slot: Slot) -> &[u16] {
        let k = (self.len + 1) as usize;
        let i = self.slot_index(slot) * k;
        &self.corner_posts[i..i + k]
    }

    // ----- cells ------------------------------------------------------------------------

    /// `(file, rank)` of cell `c`, by a multiply: exact for `c < 1024` and `n <= 31` (the
    /// error stays below `1 / n`).
    #[inline]
    pub(crate) fn file_rank(&self, c: usize) -> (u32, u32) {
        let rank = (c as u32 * self.inv_n) >> 16;
        let file = c as u32 - rank * self.n;
        debug_assert_eq!((file, rank), (c as u32 % self.n, c as u32 / self.n));
        (file, rank)
    }

    /// The square of cell `c`.
    #[inline]
    pub(crate) fn square(&self, c: usize) -> Square {
        let (file, rank) = self.file_rank(c);
        Square::new(file as u8, rank as u8)
    }

    /// The cell of `sq`, which must be on the board.
    #[inline]
    pub(crate) fn cell(&self, sq: Square) -> usize {
        sq.index(self.variant.size())
    }

    // ----- flood fills ------------------------------------------------------------------

    /// Whether `from` reaches `goal` over the open edges `e` / `nn`.
    #[inline]
    pub(crate) fn reaches(&self, from: usize, goal: B, e: B, nn: B) -> bool {
        reaches(self.n, from, goal, e, nn)
    }

    /// Fewest steps from `from` to `goal` over the open edges `e` / `nn`, or `None`.
    #[inline]
    pub(crate) fn distance(&self, from: usize, goal: B, e: B, nn: B) -> Option<u32> {
        distance(self.n, from, goal, e, nn)
    }

    // ----- wall slots -------------------------------------------------------------------

    /// The slot of `wall`, or `None` when it does not lie wholly on the board.
    #[inline]
    pub(crate) fn slot_of(&self, wall: Wall) -> Option<Slot> {
        wall.is_on(self.variant.size(), self.variant.wall_length()).then(|| Slot {
            anchor: self.cell(wall.anchor()),
            horizontal: wall.orientation() == Orientation::Horizontal,
        })
    }

    /// The wall at `slot`.
    #[inline]
    pub(crate) fn wall_at(&self, slot: Slot) -> Wall {
        let sq = self.square(slot.anchor);
        if slot.horizontal {
            Wall::horizontal(sq)
        } else {
            Wall::vertical(sq)
        }
    }

    /// The edges a wall at `slot` closes: north edges for horizontal, east for vertical.
    #[inline]
    pub(crate) fn wall_edges(&self, slot: Slot) -> B {
        (if slot.horizontal { self.edges_h } else { self.edges_v }) << slot.anchor as u32
    }

    /// The interior posts a wall at `slot` passes through.
    #[inline]
    pub(crate) fn wall_posts(&self, slot: Slot) -> B {
        (if slot.horizontal { self.posts_h } else { self.posts_v }) << slot.anchor as u32
    }

    /// The `L + 1` corners (corner coordinates `0 ..= n`) a wall at `slot` runs through,
    /// from its anchor's end.
    #[inline(always)]
    pub(crate) fn corners(&self, slot: Slot) -> impl Iterator<Item = (u32, u32)> {
        let (f, r) = self.file_rank(slot.anchor);
        let horizontal = slot.horizontal;
        (0..=self.len).map(move |k| if horizontal { (f + k, r + 1) } else { (f + 1, r + k) })
    }

    /// The dual vertex of corner `(x, y)`: 0 for the border, `q + 1` for interior post `q`
    /// (`q = (y − 1)(n − 1) + x − 1`).
    #[inline(always)]
    pub(crate) fn vertex(&self, x: u32, y: u32) -> usize {
        let n = self.n;
        if x == 0 || y == 0 || x == n || y == n {
            0
        } else {
            ((y - 1) * (n - 1) + x) as usize
        }
    }

    /// The dual vertices: the border and the `(n − 1)²` interior posts.
    pub(crate) fn vertices(&self) -> usize {
        (self.n as usize - 1).pow(2) + 1
    }
}

#[cfg(test)]
mod tests {
    use crate::bits::Bits;
    use crate::bits::Wide;
    use crate::board::geometry::{Geometry, Slot, NOT_A_POST};
    use crate::Goal;
    use crate::{Seat, Square, Variant};

    #[test]
    fn cells_and_squares_round_trip_on_every_size() {
        for n in (3..=31).step_by(2) {
            let v = Variant::new(n, 2, 0, 2, Goal::Edge).unwrap();
            let g = Geometry::<Wide<16>>::new(v);
            for c in 0..(n as usize).pow(2) {
                assert_eq!(g.square(c), Square::from_index(c, v.size()));
                assert_eq!(g.cell(g.square(c)), c);
            }
        }
    }

    #[test]
    fn wall_footprints_are_the_shifted_unit_masks() {
        let v = Variant::new(7, 2, 4, 3, Goal::Edge).unwrap();
        let g = Geometry::<u128>::new(v);
        let h = g.slot_of("b3h".parse().unwrap()).unwrap();
        assert_eq!(h, Slot { anchor: 2 * 7 + 1, horizontal: true });
        assert_eq!(g.wall_edges(h), u128::bit(15) | u128::bit(16) | u128::bit(17));
        assert_eq!(g.wall_posts(h), u128::bit(15) | u128::bit(16));
        let v3 = g.slot_of("b3v".parse().unwrap()).unwrap();
        assert_eq!(g.wall_edges(v3), u128::bit(15) | u128::bit(22) | u128::bit(29));
        assert_eq!(g.wall_posts(v3), u128::bit(15) | u128::bit(22));
        assert_eq!(g.corners(h).collect::<alloc::vec::Vec<_>>(), [(1, 3), (2, 3), (3, 3), (4, 3)]);
        // The tables hold the same corners as dual vertices and post bits.
        let vs: alloc::vec::Vec<usize> = g.corners(h).map(|(x, y)| g.vertex(x, y)).collect();
        assert_eq!(g.corner_vertices(h).iter().map(|&v| v as usize).collect::<alloc::vec::Vec<_>>(), vs);
        assert_eq!(g.corner_posts(h), [2 * 7, 2 * 7 + 1, 2 * 7 + 2, 2 * 7 + 3]);
        let edge = g.slot_of("a1v".parse().unwrap()).unwrap();
        assert_eq!(g.corner_posts(edge)[0], NOT_A_POST);
        assert_eq!(g.corner_vertices(edge)[0], 0);
        assert_eq!(g.wall_at(v3), "b3v".parse().unwrap());
        // f1h would run off the east edge, a7h off the north edge.
        assert_eq!(g.slot_of("f1h".parse().unwrap()), None);
        assert_eq!(g.slot_of("a7h".parse().unwrap()), None);
        assert_eq!(g.slots_h.count() as usize, v.wall_slots());
        assert_eq!(g.slots_v.count() as usize, v.wall_slots());
    }

    #[test]
    fn dual_vertices_fold_the_border_into_one() {
        let g = Geometry::<u128>::new(Variant::classic());
        assert_eq!(g.vertices(), 65);
        assert_eq!((g.vertex(0, 4), g.vertex(9, 4), g.vertex(3, 0), g.vertex(3, 9)), (0, 0, 0, 0));
        assert_eq!(g.vertex(1, 1), 1);
        assert_eq!(g.vertex(8, 8), 64);
    }

    #[test]
    fn floods_measure_steps_over_open_edges() {
        let g = Geometry::<u128>::new(Variant::new(3, 2, 0, 2, Goal::Edge).unwrap());
        let (e, nn) = (g.has_e, g.has_n);
        assert_eq!(g.distance(1, g.goal[Seat::South.index()], e, nn), Some(2));
        assert!(g.reaches(1, g.goal[Seat::South.index()], e, nn));
        // Close every north edge out of rank 1: the pawn on b1 is shut in.
        let closed = nn & !(u128::bit(0) | u128::bit(1) | u128::bit(2));
        assert_eq!(g.distance(1, g.goal[Seat::South.index()], e, closed), None);
        assert!(!g.reaches(1, g.goal[Seat::South.index()], e, closed));
    }
}
