//! `Position::wall_masks` against the rules.

mod common;

use common::random_position;
use wallrush_core::{Goal, Illegal, Move, Orientation, Square, Variant, Wall};

/// Over random positions of several variants: a slot is free exactly when the rules
/// accept its wall or refuse it by the route rule only, and the steps are those of the
/// bitboards.
#[test]
fn free_slots_are_the_walls_refused_for_no_groove_or_post_reason() {
    let variants = [
        Variant::classic(),
        Variant::new(7, 2, 6, 3, Goal::Edge).unwrap(),
        Variant::new(5, 4, 3, 4, Goal::Centre).unwrap(),
    ];
    let mut checked = 0;
    for v in variants {
        for seed in 0..20 {
            let pos = random_position(v, seed, (seed as usize * 7) % 40);
            if pos.is_game_over() || pos.walls_left(pos.turn()) == 0 {
                continue; // the rules name the empty hand before any groove or post
            }
            let m = pos.wall_masks().unwrap();
            let b = pos.bitboards().unwrap();
            assert_eq!((m.open_e, m.open_n), (b.open_e, b.open_n));
            assert_eq!(b.legal_h & !m.free_h, 0);
            assert_eq!(b.legal_v & !m.free_v, 0);
            let n = u32::from(v.size());
            for c in 0..n * n {
                let sq = Square::new((c % n) as u8, (c / n) as u8);
                for (o, free) in [(Orientation::Horizontal, m.free_h), (Orientation::Vertical, m.free_v)] {
                    let fits = match pos.check(Move::Wall(Wall::new(sq, o))) {
                        Ok(()) => true,
                        Err(e) => matches!(e.reason(), Illegal::NoRoute(_)),
                    };
                    assert_eq!(free >> c & 1 == 1, fits, "{v} {sq} {o:?} in {}", pos.to_text());
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} positions checked");
}
