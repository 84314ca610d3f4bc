//! `perft_with` and `divide_with`: over threads and with a transposition table, the counts
//! are the plain perft's on every board width, two and four seats, long walls and both
//! goals; bad options are refused with their error.

#![cfg(feature = "std")]

use proptest::prelude::*;
use wallrush_core::{
    divide, divide_with, perft, perft_with, Goal, PerftError, PerftOptions, Position, SplitMix64, Variant,
    MAX_HASH_MB, MAX_THREADS,
};

/// The options each count is checked with: threads alone, the table alone (tiny, so it
/// fills and replaces), and both.
const OPTIONS: [PerftOptions; 4] = [
    PerftOptions { threads: 2, hash_mb: 0 },
    PerftOptions { threads: 1, hash_mb: 1 },
    PerftOptions { threads: 3, hash_mb: 1 },
    PerftOptions { threads: 2, hash_mb: 8 },
];

fn variant(size: u32, players: u32, walls: u32, len: u32, goal: Goal) -> Variant {
    Variant::new(size, players, walls, len, goal).expect("a valid variant")
}

/// A position `plies` random moves into a game of `v`.
fn playout(v: Variant, seed: u64, plies: usize) -> Position {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Position::new(v);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
        pos.play(m).expect("a legal move");
    }
    pos
}

fn assert_same(pos: &Position, depth: u32) {
    let plain = perft(pos, depth);
    for opts in OPTIONS {
        assert_eq!(perft_with(pos, depth, &opts), Ok(plain), "{opts:?} at depth {depth}\n{pos}");
    }
}

#[test]
fn classic_opening_counts_are_the_known_ones() {
    let pos = Position::classic();
    for opts in OPTIONS {
        assert_eq!(perft_with(&pos, 1, &opts), Ok(131));
        assert_eq!(perft_with(&pos, 2, &opts), Ok(16_677));
        assert_eq!(perft_with(&pos, 3, &opts), Ok(2_062_264));
    }
}

#[test]
fn counts_equal_the_plain_perft_on_every_width_and_variant() {
    let cases = [
        (variant(5, 2, 4, 2, Goal::Edge), 4),
        (variant(5, 4, 3, 2, Goal::Edge), 4),
        (variant(7, 4, 4, 3, Goal::Edge), 3),
        (variant(7, 2, 5, 3, Goal::Centre), 3),
        (variant(9, 4, 5, 2, Goal::Edge), 3),
        (variant(9, 2, 10, 4, Goal::Edge), 3),
        (variant(13, 2, 6, 2, Goal::Edge), 2),
        (variant(27, 4, 2, 5, Goal::Edge), 2),
    ];
    for (v, depth) in cases {
        for (seed, plies) in [(1, 0), (2, 7), (3, 14)] {
            assert_same(&playout(v, seed, plies), depth);
        }
    }
}

#[test]
fn mid_game_classic_positions_at_depth_three() {
    for seed in 10..13 {
        assert_same(&playout(Variant::classic(), seed, 16), 3);
    }
}

#[test]
fn a_finished_game_counts_one_at_depth_zero_and_nothing_below() {
    let mut pos = Position::new(variant(3, 2, 0, 2, Goal::Edge));
    let mut rng = SplitMix64::new(5);
    while !pos.is_game_over() {
        let moves = pos.legal_moves();
        pos.play(moves[(rng.next_u64() % moves.len() as u64) as usize]).unwrap();
    }
    for opts in OPTIONS {
        assert_eq!(perft_with(&pos, 0, &opts), Ok(1));
        assert_eq!(perft_with(&pos, 3, &opts), Ok(0));
        assert_eq!(divide_with(&pos, 3, &opts, |_, _| panic!("no first move")), Ok(vec![]));
    }
}

#[test]
fn divide_with_gives_every_first_move_in_order_and_reports_each_once() {
    let pos = playout(variant(7, 4, 4, 2, Goal::Edge), 9, 5);
    for opts in OPTIONS {
        let mut seen = Vec::new();
        let counts = divide_with(&pos, 3, &opts, |m, n| seen.push((m, n))).unwrap();
        assert_eq!(counts, divide(&pos, 3));
        seen.sort_by_key(|&(m, _)| counts.iter().position(|&(c, _)| c == m));
        assert_eq!(seen, counts);
    }
}

#[test]
fn bad_options_are_refused() {
    let pos = Position::classic();
    let refused = |threads, hash_mb| perft_with(&pos, 2, &PerftOptions { threads, hash_mb });
    assert_eq!(refused(0, 0), Err(PerftError::Threads(0)));
    assert_eq!(refused(MAX_THREADS + 1, 0), Err(PerftError::Threads(MAX_THREADS + 1)));
    assert_eq!(refused(1, MAX_HASH_MB + 1), Err(PerftError::HashTooLarge(MAX_HASH_MB + 1)));
    assert_eq!(refused(1, usize::MAX), Err(PerftError::HashTooLarge(usize::MAX)));
    assert_eq!(PerftError::Threads(0).to_string(), format!("threads must be 1 ..= {MAX_THREADS}, not 0"));
    assert_eq!(
        divide_with(&pos, 2, &PerftOptions { threads: 0, hash_mb: 0 }, |_, _| {}),
        Err(PerftError::Threads(0))
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Random positions from random playouts: the hashed perft (a 1 MiB table, small enough
    /// to replace entries, shared by two threads) equals the plain one.
    #[test]
    fn hashed_perft_equals_the_plain_one(
        seed in any::<u64>(),
        plies in 0usize..40,
        size in prop::sample::select(vec![5u32, 7, 9]),
        four in any::<bool>(),
        long in any::<bool>(),
    ) {
        let players = if four { 4 } else { 2 };
        let len = if long { 3 } else { 2 };
        let v = variant(size, players, size + 1, len, Goal::Edge);
        let pos = playout(v, seed, plies);
        let depth = if size == 9 { 3 } else { 4 };
        let plain = perft(&pos, depth);
        prop_assert_eq!(perft_with(&pos, depth, &PerftOptions { threads: 1, hash_mb: 1 }), Ok(plain));
        prop_assert_eq!(perft_with(&pos, depth, &PerftOptions { threads: 2, hash_mb: 1 }), Ok(plain));
    }
}
