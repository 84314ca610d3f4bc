//! Arbitrary move sequences on arbitrary variants, with every invariant checked after
//! every move: a route for every seat, no conflicting walls, caches equal a fresh
//! computation, undo restores exactly, a refused move changes nothing, and `is_legal`
//! agrees with move generation.
#![no_main]
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use wallrush_core::{paths, Goal, Move, Orientation, Position, Square, Variant, Wall};

#[derive(Arbitrary, Debug)]
struct Input {
    size: u8,
    four: bool,
    walls: u8,
    wall_length: u8,
    centre: bool,
    /// Each step: pick a legal move by index, or try an arbitrary (maybe illegal) move.
    steps: Vec<(bool, u16, u8, u8, u8)>,
}

fuzz_target!(|input: Input| {
    let size = 3 + 2 * u32::from(input.size % 15);
    let len = 2 + u32::from(input.wall_length) % (size - 2);
    let goal = if input.centre { Goal::Centre } else { Goal::Edge };
    let players = if input.four { 4 } else { 2 };
    let Ok(v) = Variant::new(size, players, u32::from(input.walls % 100), len, goal) else { return };
    let mut pos = Position::new(v);
    for &(pick, index, kind, f, r) in input.steps.iter().take(64) {
        if pos.is_game_over() {
            assert!(pos.legal_moves().is_empty());
            break;
        }
        let legal = pos.legal_moves();
        let m = if pick {
            legal[index as usize % legal.len()]
        } else {
            let sq = Square::new(f % 31, r % 31);
            match kind % 4 {
                0 => Move::Pawn(sq),
                1 => Move::Wall(Wall::new(sq, Orientation::Horizontal)),
                2 => Move::Wall(Wall::new(sq, Orientation::Vertical)),
                _ => Move::Pass,
            }
        };
        assert_eq!(pos.is_legal(m), legal.contains(&m), "is_legal({m}) disagrees");
        let before = pos.clone();
        match pos.play(m) {
            Err(_) => assert!(pos.identical(&before), "refused {m} changed the position"),
            Ok(()) => {
                pos.verify_caches().unwrap();
                for seat in pos.seats_in_play() {
                    assert!(paths::route_len(&pos, seat).is_some(), "{seat} sealed by {m}");
                }
                let mut back = before.clone();
                let undo = back.make(m);
                back.unmake(undo);
                assert!(back.identical(&before));
            }
        }
    }
});
