//! `make` then `unmake` restores a position exactly (every field of the state, caches
//! included: `diagnostics().identical`), and the incremental caches equal a fresh
//! computation (`diagnostics().verify_caches`) after every make and every unmake. On
//! every word width (`u128` up to 11×11, `Wide<10>` up to 25×25, `Wide<16>` up to 31×31),
//! both goals, two and four seats, and walls of length 2 and longer.
//!
//! Each case plays a seeded game; at every ply it makes and unmakes a sample of the legal
//! moves (every move on the small boards), and every few plies it makes a line of moves
//! several plies deep and takes them back in reverse order, checking each level; every
//! eighth ply perft(2) is checked against playing every move and counting.

use proptest::prelude::*;
use wallrush_core::{perft, Goal, Move, Position, SplitMix64, Variant};

/// The board sizes of each word width.
const WIDTHS: [&[u32]; 3] = [&[3, 5, 7, 9, 11], &[13, 15, 19, 25], &[27, 29, 31]];

fn variant(width: usize, pick: usize, four: bool, centre: bool, long: bool) -> Variant {
    let sizes = WIDTHS[width];
    let size = sizes[pick % sizes.len()];
    let len = if long { 3.min(size - 1) } else { 2 };
    let goal = if centre { Goal::Centre } else { Goal::Edge };
    // Enough walls for the board to fill up a little within the plies played.
    let walls = (size * 2).min(30);
    Variant::new(size, if four { 4 } else { 2 }, walls, len, goal).expect("a valid variant")
}

fn pick(rng: &mut SplitMix64, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// Makes `m`, checks the caches, unmakes it and checks that nothing changed.
fn make_unmake(pos: &mut Position, m: Move) {
    let before = pos.clone();
    let undo = pos.make(m);
    pos.diagnostics().verify_caches().unwrap_or_else(|e| panic!("after make {m}: {e}\n{pos}"));
    pos.unmake(undo);
    assert!(pos.diagnostics().identical(&before), "unmake of {m} did not restore\n{before}");
    pos.diagnostics().verify_caches().unwrap_or_else(|e| panic!("after unmake {m}: {e}"));
}

/// The next move of the game: a wall half the time when there is one, so boards fill.
fn choose(pos: &Position, rng: &mut SplitMix64) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let walls: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Wall(_))).collect();
    Some(if !walls.is_empty() && pick(rng, 2) == 0 {
        walls[pick(rng, walls.len())]
    } else {
        moves[pick(rng, moves.len())]
    })
}

fn game(v: Variant, seed: u64, plies: usize, sample: usize) {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Position::new(v);
    for ply in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        // Every move when there are few, otherwise a seeded sample.
        if moves.len() <= sample {
            for &m in &moves {
                make_unmake(&mut pos, m);
            }
        } else {
            for _ in 0..sample {
                make_unmake(&mut pos, moves[pick(&mut rng, moves.len())]);
            }
        }
        // Perft's bulk last ply (which may count with out-of-date routes) agrees with
        // playing every move and counting.
        if ply % 8 == 0 && moves.len() <= 300 {
            let played: u64 = moves
                .iter()
                .map(|&m| {
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    child.legal_move_count() as u64
                })
                .sum();
            assert_eq!(perft(&pos, 2), played, "perft(2)\n{pos}");
        }
        // A line several plies deep, taken back in reverse order.
        if ply % 4 == 0 {
            let start = pos.clone();
            let mut stack = Vec::new();
            for _ in 0..6 {
                let Some(m) = choose(&pos, &mut rng) else { break };
                let before = pos.clone();
                stack.push((pos.make(m), before, m));
                pos.diagnostics().verify_caches().unwrap_or_else(|e| panic!("deep make {m}: {e}"));
            }
            while let Some((undo, before, m)) = stack.pop() {
                pos.unmake(undo);
                assert!(pos.diagnostics().identical(&before), "deep unmake of {m} did not restore");
                pos.diagnostics().verify_caches().unwrap_or_else(|e| panic!("deep unmake {m}: {e}"));
            }
            assert!(pos.diagnostics().identical(&start));
        }
        let Some(m) = choose(&pos, &mut rng) else { break };
        pos.play_unchecked(m);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn small_boards_restore_exactly(pick in 0usize..8, four: bool, centre: bool, long: bool, seed: u64) {
        game(variant(0, pick, four, centre, long), seed, 40, 200);
    }

    #[test]
    fn medium_boards_restore_exactly(pick in 0usize..8, four: bool, centre: bool, long: bool, seed: u64) {
        game(variant(1, pick, four, centre, long), seed, 16, 12);
    }

    #[test]
    fn large_boards_restore_exactly(pick in 0usize..8, four: bool, centre: bool, long: bool, seed: u64) {
        game(variant(2, pick, four, centre, long), seed, 10, 8);
    }
}

/// Every combination of width, goal, seat count and wall length at least once, whatever
/// proptest draws.
#[test]
fn every_width_goal_and_seat_count() {
    for width in 0..3 {
        for (four, centre, long) in [
            (false, false, false),
            (false, true, false),
            (true, false, true),
            (true, true, false),
            (false, false, true),
        ] {
            let v = variant(width, 1, four, centre, long);
            game(v, 7 + width as u64, [30, 10, 6][width], [200, 10, 6][width]);
        }
    }
}

// Ignored: a few thousand games take minutes; the tests above cover every width in
// seconds. Run: cargo test --release -p wallrush-core --test make_unmake -- --ignored
#[test]
#[ignore = "long sweep: cargo test --release -p wallrush-core --test make_unmake -- --ignored"]
fn long_sweep() {
    for seed in 0..2000u64 {
        let width = (seed % 3) as usize;
        let v = variant(width, (seed / 3) as usize, seed % 2 == 0, seed % 5 == 0, seed % 7 == 0);
        game(v, seed, [80, 30, 20][width], [400, 30, 20][width]);
    }
}
