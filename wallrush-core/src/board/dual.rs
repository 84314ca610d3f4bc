//! The dual graph of the walls: its vertices are the interior posts plus the border (one
//! vertex), its edges the wall segments. A new wall can disconnect cells only if two of
//! its corners are already in one component (it closes a cycle); otherwise it is legal
//! with no search at all.

use alloc::vec::Vec;

use super::geometry::{Geometry, Slot, NOT_A_POST};
use super::walls::Walls;
use crate::bits::{Bits, Label};

/// The components of the dual graph, as flat labels, and the posts some wall touches.
///
/// Each vertex holds its component's label directly (no parent chains to follow): the
/// cycle test reads `L + 1` labels and compares them. A merge pays for it: joining two
/// components that both hold walls relabels one of them in a pass over the label array
/// (a few dozen instructions on the classic board, where it is 101 bytes); a wall that
/// reaches a post no wall touches yet (the common case) relabels that one post.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct DualGraph<B: Bits> {
    /// The component of each dual vertex ([`Geometry::vertex`]), named by one of its
    /// vertices; the border's component is always 0.
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
            *l = B::Label::of(q);
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
    #[inline]
    pub(crate) fn merge(&mut self, g: &Geometry<B>, slot: Slot) {
        let (vertices, posts) = (g.corner_vertices(slot), g.corner_posts(slot));
        let first = vertices[0] as usize;
        for (&v, &p) in vertices.iter().zip(posts).skip(1) {
            self.join(first, v as usize, p);
        }
        for &p in posts {
            if p != NOT_A_POST {
                self.touched |= B::bit(p as usize);
            }
        }
    }

    /// Joins the component of `a` (a corner the wall already reached) with that of `b`,
    /// whose post bit is `post`. The smaller label names the union, so the border stays 0.
    #[inline]
    fn join(&mut self, a: usize, b: usize, post: u16) {
        let l = self.labels.as_mut();
        let (la, lb) = (l[a], l[b]);
        if la == lb {
            return;
        }
        let (keep, gone) = if la < lb { (la, lb) } else { (lb, la) };
        if post != NOT_A_POST && !self.touched.has(post as usize) && lb == gone {
            // `b` is an isolated post: its component is itself alone.
            l[b] = keep;
            return;
        }
        // A select, not a branch, so the pass vectorises.
        for x in l.iter_mut() {
            *x = if *x == gone { keep } else { *x };
        }
    }

    /// The component label of vertex `v`.
    #[inline(always)]
    fn find(&self, v: usize) -> usize {
        self.labels.as_ref()[v].index()
    }

    /// Whether a wall at `slot` closes a cycle (two of its corners already connected). If
    /// not, it cannot disconnect any cell.
    #[inline(always)]
    pub(crate) fn closes_cycle(&self, g: &Geometry<B>, slot: Slot) -> bool {
        let l = self.labels.as_ref();
        let vertices = g.corner_vertices(slot);
        if let [a, b, c] = *vertices {
            // Walls of length 2, the classic case.
            let (a, b, c) = (l[a as usize], l[b as usize], l[c as usize]);
            return a == b || a == c || b == c;
        }
        let mut seen = [B::Label::of(0); 32];
        debug_assert!(vertices.len() <= 32);
        for (k, &v) in vertices.iter().enumerate() {
            let label = l[v as usize];
            if seen[..k].contains(&label) {
                return true;
            }
            seen[k] = label;
        }
        false
    }

    /// Slots (as anchor masks) with at least two corners on the border or on a post some
    /// wall already touches: only those can close a cycle. Computed for every slot at once.
    /// (`n`, `len`: the board size and the wall length.)
    #[inline(always)]
    pub(crate) fn cycle_suspects(&self, g: &Geometry<B>, n: u32, len: u32) -> (B, B) {
        let t = self.touched;
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
    fn labels_stay_flat_through_merges() {
        // Every label names a vertex of its own component (labels[labels[v]] ==
        // labels[v]), the border's component stays 0, and joining components that both
        // hold walls relabels the whole of one of them.
        let g = geometry(Variant::classic());
        let (mut walls, mut dual) = (Walls::new(&g), DualGraph::new());
        let flat = |d: &DualGraph<u128>| {
            let l = d.labels.as_ref();
            l.iter().all(|&x| l[x as usize] == x) && l[0] == 0
        };
        assert!(flat(&dual));
        assert!((0..65).all(|v| dual.find(v) == v));
        // c5h, (2, 5) – (4, 5), and g5h, (6, 5) – (8, 5): two separate components.
        place(&g, &mut walls, &mut dual, "c5h");
        place(&g, &mut walls, &mut dual, "g5h");
        assert!(flat(&dual));
        let (c, f) = (dual.find(g.vertex(3, 5)), dual.find(g.vertex(7, 5)));
        assert_ne!(c, f);
        // e5h runs (4, 5) – (6, 5): it joins c5h's east end to g5h's west end.
        place(&g, &mut walls, &mut dual, "e5h");
        assert!(flat(&dual));
        let one = dual.find(g.vertex(2, 5));
        assert!((2..=8).all(|x| dual.find(g.vertex(x, 5)) == one));
        // a5h joins that chain to the west border: the whole chain becomes component 0.
        place(&g, &mut walls, &mut dual, "a5h");
        assert!(flat(&dual));
        assert!((0..=8).all(|x| dual.find(g.vertex(x, 5)) == 0));
        assert_eq!(dual.canonical_labels(&g), DualGraph::from_walls(&g, &walls).canonical_labels(&g));
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
            let (sh, sv) = dual.cycle_suspects(&g, g.n, g.len);
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

    /// The label array of `B` holds the dual vertices of the largest odd board whose cells
    /// fit `B`, and a label can name each of them.
    fn labels_fit_the_largest_board<B: Bits>() {
        let n = (3..=31).step_by(2).filter(|&n| (n * n) as usize <= B::CAPACITY).max().unwrap();
        let g = Geometry::<B>::new(Variant::new(n, 2, 10, 2, Goal::Edge).unwrap());
        let slots = B::labels().as_ref().len();
        assert_eq!(g.vertices(), slots, "{n}×{n} on {} words", B::WORDS);
        assert_eq!(B::Label::of(slots - 1).index(), slots - 1, "{n}×{n}");
    }

    #[test]
    fn every_width_has_labels_for_its_largest_board() {
        labels_fit_the_largest_board::<u128>();
        labels_fit_the_largest_board::<Wide<3>>();
        labels_fit_the_largest_board::<Wide<4>>();
        labels_fit_the_largest_board::<Wide<5>>();
        labels_fit_the_largest_board::<Wide<6>>();
        labels_fit_the_largest_board::<Wide<7>>();
        labels_fit_the_largest_board::<Wide<10>>();
        labels_fit_the_largest_board::<Wide<16>>();
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
