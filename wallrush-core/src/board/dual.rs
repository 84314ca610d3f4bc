//! The dual graph of the walls: its vertices are the interior posts plus the border (one
//! vertex), its edges the wall segments. A new wall can disconnect cells only if two of
//! its corners are already in one component (it closes a cycle); otherwise it is legal
//! with no search at all.

use alloc::vec::Vec;

use super::geometry::{Geometry, Slot};
use super::walls::Walls;
use crate::bits::Bits;

/// The parent bits of a union-find entry (the rank sits above them).
const PARENT: u16 = 0x3ff;

/// The components of the dual graph, as a union-find by rank, and the posts some wall
/// touches.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct DualGraph<B: Bits> {
    /// Union-find over the dual vertices ([`Geometry::vertex`]): each entry holds a parent
    /// (low 10 bits) and, at a root, a rank (high bits).
    labels: B::Labels,
    /// Interior posts touched by any wall (its ends included): the dual vertices that are
    /// not isolated. Post bit `c` is the north-east corner of cell `c`.
    touched: B,
}

impl<B: Bits> DualGraph<B> {
    /// No wall: every vertex its own component.
    pub(crate) fn new() -> DualGraph<B> {
        let mut labels = B::labels();
        for (q, l) in labels.as_mut().iter_mut().enumerate() {
            *l = q as u16; // every vertex its own root, rank 0
        }
        DualGraph { labels, touched: B::empty() }
    }

    /// The dual graph of `walls`, built from scratch.
    pub(crate) fn from_walls(g: &Geometry<B>, walls: &Walls<B>) -> DualGraph<B> {
        let mut dual = DualGraph::new();
        for slot in walls.slots() {
            dual.merge(g, slot);
        }
        dual
    }

    /// Adds a wall at `slot`: joins the components of its corners and marks its posts
    /// touched.
    pub(crate) fn merge(&mut self, g: &Geometry<B>, slot: Slot) {
        let n = g.n as usize;
        let mut first = None;
        for (x, y) in g.corners(slot) {
            let v = g.vertex(x, y);
            match first {
                None => first = Some(v),
                Some(f) => self.union(f, v),
            }
            if v != 0 {
                self.touched |= B::bit((y as usize - 1) * n + x as usize - 1);
            }
        }
    }

    /// The root of `v`'s component (union by rank keeps the trees shallow).
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

    /// Whether a wall at `slot` closes a cycle (two of its corners already connected). If
    /// not, it cannot disconnect any cell.
    #[inline]
    pub(crate) fn closes_cycle(&self, g: &Geometry<B>, slot: Slot) -> bool {
        let mut seen = [0u16; 32];
        debug_assert!(g.len < 32);
        for (k, (x, y)) in g.corners(slot).enumerate() {
            let l = self.find(g.vertex(x, y)) as u16;
            if seen[..k].contains(&l) {
                return true;
            }
            seen[k] = l;
        }
        false
    }

    /// Slots (as anchor masks) with at least two corners on the border or on a post some
    /// wall already touches: only those can close a cycle. Computed for every slot at once.
    #[inline]
    pub(crate) fn cycle_suspects(&self, g: &Geometry<B>) -> (B, B) {
        let (n, len, t) = (g.n, g.len, self.touched);
        let (mut once_h, mut twice_h) = (B::empty(), B::empty());
        let (mut once_v, mut twice_v) = (B::empty(), B::empty());
        for k in 0..=len {
            let (mut ch, mut cv) = if k == 0 { (t << 1, t << n) } else { (t >> (k - 1), t >> ((k - 1) * n)) };
            if k == 0 {
                ch |= g.border_first_h;
                cv |= g.border_first_v;
            }
            if k == len {
                ch |= g.border_last_h;
                cv |= g.border_last_v;
            }
            twice_h |= once_h & ch;
            once_h |= ch;
            twice_v |= once_v & cv;
            once_v |= cv;
        }
        (twice_h, twice_v)
    }

    /// Each vertex's component as the smallest vertex in it (the border component is 0):
    /// the same for any order of merges.
    pub(crate) fn canonical_labels(&self, g: &Geometry<B>) -> Vec<u16> {
        let count = g.vertices();
        let mut smallest = alloc::vec![u16::MAX; count];
        for v in 0..count {
            let r = self.find(v);
            smallest[r] = smallest[r].min(v as u16);
        }
        (0..count).map(|v| smallest[self.find(v)]).collect()
    }

    /// The posts some wall touches.
    pub(crate) fn touched(&self) -> B {
        self.touched
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Wide;
    use crate::{Goal, Variant};

    fn geometry(variant: Variant) -> Geometry<u128> {
        Geometry::new(variant)
    }

    fn place(g: &Geometry<u128>, walls: &mut Walls<u128>, dual: &mut DualGraph<u128>, text: &str) -> Slot {
        let slot = g.slot_of(text.parse().unwrap()).unwrap();
        walls.place(g, slot);
        dual.merge(g, slot);
        slot
    }

    fn slot(g: &Geometry<u128>, text: &str) -> Slot {
        g.slot_of(text.parse().unwrap()).unwrap()
    }

    #[test]
    fn union_find_joins_and_keeps_ranks() {
        let mut d = DualGraph::<u128>::new();
        assert!((0..101).all(|v| d.find(v) == v));
        d.union(3, 4);
        d.union(5, 6);
        assert_eq!(d.find(3), d.find(4));
        assert_ne!(d.find(3), d.find(5));
        d.union(4, 6);
        assert!([3, 4, 5, 6].iter().all(|&v| d.find(v) == d.find(3)));
        // Two rank-1 trees joined: the root has rank 2, and no tree is deeper than that.
        let root = d.find(3);
        assert_eq!(d.labels.as_ref()[root] >> 10, 2);
        d.union(3, 6); // already one component: nothing changes
        assert_eq!(d.labels.as_ref()[root] >> 10, 2);
        assert!(d.labels.as_ref().iter().all(|&l| l >> 10 <= 2));
    }

    #[test]
    fn a_wall_closes_a_cycle_only_between_connected_corners() {
        let g = geometry(Variant::classic());
        let (mut walls, mut dual) = (Walls::new(&g), DualGraph::new());
        // a1h runs through the corners (0, 1), (1, 1), (2, 1): only the first is on the
        // border, the others are isolated posts.
        assert!(!dual.closes_cycle(&g, slot(&g, "a1h")));
        place(&g, &mut walls, &mut dual, "a1h");
        // b1v runs through (2, 0), (2, 1), (2, 2): the border, and a1h's east end, which
        // a1h joins to the border.
        assert!(dual.closes_cycle(&g, slot(&g, "b1v")));
        // g4h runs through (6, 4), (7, 4), (8, 4): three isolated posts.
        assert!(!dual.closes_cycle(&g, slot(&g, "g4h")));
        // d4h and f4h share their common end (5, 4); e3v, through (5, 2), (5, 3), (5, 4),
        // touches that component once only, and e6v not at all.
        place(&g, &mut walls, &mut dual, "d4h");
        place(&g, &mut walls, &mut dual, "f4h");
        assert!(!dual.closes_cycle(&g, slot(&g, "e3v")));
        assert!(!dual.closes_cycle(&g, slot(&g, "e6v")));
        // h4h, through (7, 4), (8, 4), (9, 4), joins f4h's east end to the east border;
        // c3v, through (3, 2), (3, 3), (3, 4), hangs from d4h's west end.
        assert!(!dual.closes_cycle(&g, slot(&g, "h4h")));
        place(&g, &mut walls, &mut dual, "h4h");
        assert!(!dual.closes_cycle(&g, slot(&g, "c3v")));
        place(&g, &mut walls, &mut dual, "c3v");
        // c1v, through (3, 0), (3, 1), (3, 2), joins the south border to that chain.
        assert!(dual.closes_cycle(&g, slot(&g, "c1v")));
        assert_eq!(dual, DualGraph::from_walls(&g, &walls));
    }

    #[test]
    fn closing_a_box_is_a_cycle() {
        // Three sides of a 2×2 box around d4–e5 (corners (3, 3) to (5, 5)): the fourth side
        // joins two corners of one component.
        let g = geometry(Variant::classic());
        let (mut walls, mut dual) = (Walls::new(&g), DualGraph::new());
        place(&g, &mut walls, &mut dual, "d3h"); // (3, 3) – (5, 3)
        place(&g, &mut walls, &mut dual, "c4v"); // (3, 3) – (3, 5)
        place(&g, &mut walls, &mut dual, "d5h"); // (3, 5) – (5, 5)
        assert!(dual.closes_cycle(&g, slot(&g, "e4v"))); // (5, 3) – (5, 5)
        assert!(!dual.closes_cycle(&g, slot(&g, "f4v"))); // (6, 3) – (6, 5)
        let labels = dual.canonical_labels(&g);
        assert_eq!(labels[g.vertex(5, 3)], labels[g.vertex(5, 5)]);
        assert_ne!(labels[g.vertex(6, 3)], labels[g.vertex(5, 5)]);
        assert_eq!(labels, DualGraph::from_walls(&g, &walls).canonical_labels(&g));
    }

    #[test]
    fn cycle_suspects_are_the_slots_with_two_anchored_corners() {
        for variant in [
            Variant::classic(),
            Variant::new(7, 2, 6, 3, Goal::Edge).unwrap(),
            Variant::new(11, 4, 8, 4, Goal::Centre).unwrap(),
        ] {
            let g = geometry(variant);
            let (mut walls, mut dual) = (Walls::new(&g), DualGraph::new());
            for text in ["c3h", "f5v", "b6v", "e2h"] {
                let Some(s) = g.slot_of(text.parse().unwrap()) else { continue };
                if walls.overlapping(&g, s).is_none() && walls.crossing(&g, s).is_none() {
                    place(&g, &mut walls, &mut dual, text);
                }
            }
            let (sh, sv) = dual.cycle_suspects(&g);
            for (slots, suspects, horizontal) in [(g.slots_h, sh, true), (g.slots_v, sv, false)] {
                for anchor in slots.ones() {
                    let s = Slot { anchor, horizontal };
                    let anchored = g
                        .corners(s)
                        .filter(|&(x, y)| {
                            let v = g.vertex(x, y);
                            v == 0 || dual.touched.has((y as usize - 1) * g.n as usize + x as usize - 1)
                        })
                        .count();
                    assert_eq!(suspects.has(anchor), anchored >= 2, "{variant}: {}", g.wall_at(s));
                    // Only a suspect can close a cycle.
                    assert!(suspects.has(anchor) || !dual.closes_cycle(&g, s), "{}", g.wall_at(s));
                }
            }
        }
    }

    #[test]
    fn wide_boards_use_every_label_slot() {
        let g = Geometry::<Wide<16>>::new(Variant::new(31, 2, 10, 2, Goal::Edge).unwrap());
        assert_eq!(g.vertices(), <Wide<16> as Bits>::labels().as_ref().len());
        let mut walls = Walls::new(&g);
        // The horizontal wall anchored at (29, 29) runs through (29, 30), the last interior
        // post (30, 30), and the east border.
        walls.place(&g, Slot { anchor: 29 * 31 + 29, horizontal: true });
        let dual = DualGraph::from_walls(&g, &walls);
        assert_eq!(dual.canonical_labels(&g)[g.vertices() - 1], 0);
        // The vertical one anchored at (28, 29) joins its west end to the north border.
        assert!(dual.closes_cycle(&g, Slot { anchor: 29 * 31 + 28, horizontal: false }));
        assert!(!dual.closes_cycle(&g, Slot { anchor: 28 * 31 + 28, horizontal: false }));
    }
}
