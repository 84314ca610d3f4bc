//! `Wall::blocks`, the one statement of which steps a wall closes, against the move
//! generator's wall masks (read through `Position::is_open`).

use wallrush_core::{Goal, Move, Position, Square, Variant};

/// Every legal wall of `pos`, played: `blocks` closes exactly the steps the position
/// closes afterwards that were open before, in both directions, and no pair of squares
/// that are not neighbours.
fn agrees_with_the_move_generator(pos: &Position) {
    let n = pos.variant().size();
    let len = pos.variant().wall_length();
    for m in pos.legal_moves() {
        let Move::Wall(w) = m else { continue };
        let mut child = pos.clone();
        child.play_unchecked(m);
        for f in 0..n {
            for r in 0..n {
                let a = Square::new(f, r);
                for b in [Square::try_new(f + 1, r), Square::try_new(f, r + 1)].into_iter().flatten() {
                    if !b.is_on(n) {
                        continue;
                    }
                    let closed_by_w = pos.is_open(a, b) && !child.is_open(a, b);
                    assert_eq!(w.blocks(len, a, b), closed_by_w, "{w} {a} {b}");
                    assert_eq!(w.blocks(len, b, a), closed_by_w, "{w} {b} {a}");
                }
                for b in [Square::try_new(f + 1, r + 1), Square::try_new(f, r + 2), Square::try_new(f + 2, r)]
                    .into_iter()
                    .flatten()
                {
                    assert!(!w.blocks(len, a, b) && !w.blocks(len, b, a), "{w} {a} {b}");
                }
                assert!(!w.blocks(len, a, a), "{w} {a}");
            }
        }
    }
}

#[test]
fn wall_blocks_matches_the_engine() {
    let pos = Position::classic();
    for m in pos.legal_moves() {
        let Move::Wall(w) = m else { continue };
        let mut child = pos.clone();
        child.play_unchecked(m);
        for f in 0..9u8 {
            for r in 0..9u8 {
                let a = Square::new(f, r);
                for b in [Square::try_new(f + 1, r), Square::try_new(f, r + 1)].into_iter().flatten() {
                    if b.is_on(9) {
                        assert_eq!(w.blocks(2, a, b), !child.is_open(a, b), "{w} {a} {b}");
                    }
                }
            }
        }
    }
}

#[test]
fn every_length_and_a_walled_board() {
    for v in [
        Variant::classic(),
        Variant::new(7, 2, 4, 3, Goal::Edge).unwrap(),
        Variant::new(5, 4, 2, 4, Goal::Edge).unwrap(),
        Variant::new(3, 2, 1, 2, Goal::Centre).unwrap(),
    ] {
        let mut pos = Position::new(v);
        agrees_with_the_move_generator(&pos);
        // With walls down too: a legal wall shares no groove, so it closes only open steps.
        for m in ["c3h", "b1v"] {
            if let Ok(mv) = m.parse::<Move>() {
                if pos.is_legal(mv) {
                    pos.play(mv).unwrap();
                }
            }
        }
        agrees_with_the_move_generator(&pos);
    }
}
