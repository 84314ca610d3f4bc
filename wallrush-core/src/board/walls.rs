//! The walls on the board: the anchors, the edges they close and the posts they cover.

use super::geometry::{Geometry, Slot};
use crate::bits::Bits;
use crate::Wall;

/// The walls on the board, as masks (see [`Geometry`] for how cells, edges and posts are
/// numbered).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Walls<B: Bits> {
    /// Open edges: bit `c` of `open_e` is the edge `c`–`c+1`, of `open_n` the edge `c`–`c+n`.
    pub(crate) open_e: B,
    pub(crate) open_n: B,
    /// Interior posts covered by the middle of a wall.
    pub(crate) posts: B,
    /// Anchors of the horizontal / vertical walls on the board.
    pub(crate) anchors_h: B,
    pub(crate) anchors_v: B,
}

impl<B: Bits> Walls<B> {
    /// No wall: every edge of the board open.
    pub(crate) fn new(g: &Geometry<B>) -> Walls<B> {
        Walls {
            open_e: g.has_e,
            open_n: g.has_n,
            posts: B::empty(),
            anchors_h: B::empty(),
            anchors_v: B::empty(),
        }
    }

    /// Puts a wall at `slot`, which must be free (no shared groove, no shared post), and
    /// returns the edges it closes. The one placement of play and of setup alike.
    #[inline]
    pub(crate) fn place(&mut self, g: &Geometry<B>, slot: Slot) -> B {
        let edges = g.wall_edges(slot);
        if slot.horizontal {
            self.open_n &= !edges;
            self.anchors_h |= B::bit(slot.anchor);
        } else {
            self.open_e &= !edges;
            self.anchors_v |= B::bit(slot.anchor);
        }
        self.posts |= g.wall_posts(slot);
        edges
    }

    /// The slots of the walls on the board, horizontal ones first, each in cell order.
    pub(crate) fn slots(&self) -> impl Iterator<Item = Slot> {
        let h = self.anchors_h.ones().map(|anchor| Slot { anchor, horizontal: true });
        let v = self.anchors_v.ones().map(|anchor| Slot { anchor, horizontal: false });
        h.chain(v)
    }

    /// How many walls are on the board.
    #[inline]
    pub(crate) fn count(&self) -> u32 {
        self.anchors_h.count() + self.anchors_v.count()
    }

    /// The open edges once `cut` (the edges of a wall at `slot`) is closed too.
    #[inline]
    pub(crate) fn open_without(&self, slot: Slot, cut: B) -> (B, B) {
        if slot.horizontal {
            (self.open_e, self.open_n & !cut)
        } else {
            (self.open_e & !cut, self.open_n)
        }
    }

    /// Anchors of the geometrically free slots (no shared groove, no shared interior post)
    /// per orientation, for every slot at once (`n`, `len`: the board size and the wall
    /// length).
    #[inline(always)]
    pub(crate) fn free_slots(&self, g: &Geometry<B>, n: u32, len: u32) -> (B, B) {
        let free_posts = !self.posts;
        let (mut h, mut v) = (g.slots_h & self.open_n, g.slots_v & self.open_e);
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

    /// A wall on the board sharing a groove with a wall at `slot`.
    pub(crate) fn overlapping(&self, g: &Geometry<B>, slot: Slot) -> Option<Wall> {
        let (n, len) = (g.n as i32, g.len as i32);
        let (f, r) = g.file_rank(slot.anchor);
        let (f, r) = (f as i32, r as i32);
        let (anchors, df, dr) = if slot.horizontal { (self.anchors_h, 1, 0) } else { (self.anchors_v, 0, 1) };
        (1 - len..len).find_map(|k| {
            let (ff, rr) = (f + k * df, r + k * dr);
            let on = (0..n).contains(&ff) && (0..n).contains(&rr);
            let c = (rr * n + ff) as usize;
            (on && anchors.has(c)).then(|| g.wall_at(Slot { anchor: c, horizontal: slot.horizontal }))
        })
    }

    /// A perpendicular wall on the board sharing an interior post with a wall at `slot`.
    pub(crate) fn crossing(&self, g: &Geometry<B>, slot: Slot) -> Option<Wall> {
        let (n, len) = (g.n as i32, g.len as i32);
        let (f, r) = g.file_rank(slot.anchor);
        let (f, r) = (f as i32, r as i32);
        // Our interior posts in corner coordinates; a perpendicular wall with anchor
        // (g, s) has interior posts at x = g + 1 (vertical) for y in s+1 ..= s+len-1.
        for k in 1..len {
            let (x, y) = if slot.horizontal { (f + k, r + 1) } else { (f + 1, r + k) };
            for j in 1..len {
                let (gf, s) = if slot.horizontal { (x - 1, y - j) } else { (x - j, y - 1) };
                if gf < 0 || s < 0 || gf >= n || s >= n {
                    continue;
                }
                let c = (s * n + gf) as usize;
                let other = if slot.horizontal { self.anchors_v } else { self.anchors_h };
                if other.has(c) {
                    return Some(g.wall_at(Slot { anchor: c, horizontal: !slot.horizontal }));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Goal, Variant};

    fn slot(g: &Geometry<u128>, text: &str) -> Slot {
        g.slot_of(text.parse().unwrap()).unwrap()
    }

    /// Every slot of the board, as the free-slot masks name them.
    fn all_slots(g: &Geometry<u128>) -> impl Iterator<Item = Slot> + '_ {
        let h = g.slots_h.ones().map(|anchor| Slot { anchor, horizontal: true });
        h.chain(g.slots_v.ones().map(|anchor| Slot { anchor, horizontal: false }))
    }

    #[test]
    fn place_closes_the_grooves_and_covers_the_posts() {
        let g = Geometry::<u128>::new(Variant::classic());
        let mut w = Walls::new(&g);
        let d4h = slot(&g, "d4h");
        let edges = w.place(&g, d4h);
        assert_eq!(edges, u128::bit(30) | u128::bit(31));
        assert_eq!(w.open_n, g.has_n & !edges);
        assert_eq!(w.open_e, g.has_e);
        assert_eq!(w.posts, u128::bit(30));
        w.place(&g, slot(&g, "a1v"));
        assert_eq!(w.open_e, g.has_e & !(u128::bit(0) | u128::bit(9)));
        assert_eq!(w.count(), 2);
        let walls: alloc::vec::Vec<Wall> = w.slots().map(|s| g.wall_at(s)).collect();
        assert_eq!(walls, ["d4h".parse().unwrap(), "a1v".parse().unwrap()]);
        assert_eq!(w.open_without(d4h, edges), (w.open_e, w.open_n));
    }

    #[test]
    fn free_slots_are_those_neither_overlapping_nor_crossing() {
        for (variant, walls) in [
            (Variant::classic(), &["d4h", "e5v", "a1h", "h8v"][..]),
            (Variant::new(7, 2, 6, 3, Goal::Edge).unwrap(), &["b2h", "c3v", "e1v"][..]),
            (Variant::new(5, 4, 3, 4, Goal::Centre).unwrap(), &["a2h", "d1v"][..]),
        ] {
            let g = Geometry::<u128>::new(variant);
            let mut w = Walls::new(&g);
            for &text in walls {
                let s = slot(&g, text);
                assert_eq!((w.overlapping(&g, s), w.crossing(&g, s)), (None, None), "{text}");
                w.place(&g, s);
            }
            let (h, v) = w.free_slots(&g, g.n, g.len);
            for s in all_slots(&g) {
                let free = if s.horizontal { h } else { v }.has(s.anchor);
                let taken = w.overlapping(&g, s).or_else(|| w.crossing(&g, s));
                assert_eq!(free, taken.is_none(), "{variant}: {} ({taken:?})", g.wall_at(s));
            }
        }
    }

    #[test]
    fn conflicts_name_the_wall_in_the_way() {
        let g = Geometry::<u128>::new(Variant::classic());
        let mut w = Walls::new(&g);
        w.place(&g, slot(&g, "d4h"));
        let wall = |t: &str| Some(t.parse::<Wall>().unwrap());
        assert_eq!(w.overlapping(&g, slot(&g, "e4h")), wall("d4h"));
        assert_eq!(w.overlapping(&g, slot(&g, "c4h")), wall("d4h"));
        assert_eq!(w.overlapping(&g, slot(&g, "f4h")), None);
        assert_eq!(w.crossing(&g, slot(&g, "d4v")), wall("d4h"));
        assert_eq!(w.crossing(&g, slot(&g, "e4v")), None);
        assert_eq!(w.crossing(&g, slot(&g, "d3v")), None);
    }
}
