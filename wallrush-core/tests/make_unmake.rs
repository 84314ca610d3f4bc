//! `make` then `unmake` restores a position exactly (every field of the state, caches
//! included: `diagnostics().identical`), and the incremental caches equal a fresh
//! computation (`diagnostics().verify_caches`) after every make and every unmake. On
//! every word width (`u128` up to 11×11; 3 to 7 words for 13×13 to 21×21, one width per
//! size; 10 words for 23×23 and 25×25, 16 for 27×27 to 31×31), both goals, two and four
//! seats, and walls of length 2 and longer.
//!
//! Each case plays a seeded game; at every ply it makes and unmakes a sample of the legal
//! moves (every move on the small boards), and every few plies it makes a line of moves
//! several plies deep and takes them back in reverse order, checking each level; every
//! eighth ply perft(2) is checked against playing every move and counting.

use proptest::prelude::*;
use wallrush_core::{perft, Goal, Move, Position, SplitMix64, Variant};

/// The board sizes by word width: `u128`, the narrow word arrays, the wide ones.
const WIDTHS: [&[u32]; 3] = [&[3, 5, 7, 9, 11], &[13, 15, 17, 19, 21], &[23, 25, 27, 29, 31]];

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

/// Once every hand is empty the route cache of a game played with `play` goes stale
/// instead of searching again: at
/// every ply of seeded games played out to the end (walls first, so hands empty early),
/// every seat's route length is a fresh search's, its route is a shortest open path to
/// its goal, the caches verify, make + unmake restores exactly, and a position rebuilt
/// from the same setup (every route searched) is equal with the same routes. Under `play`
/// no route is stale while a wall can still be placed, and stale routes do occur.
#[test]
fn routes_go_stale_only_once_hands_are_empty() {
    let variants = [
        Variant::classic(),
        Variant::new(9, 4, 3, 2, Goal::Edge).unwrap(),
        Variant::new(5, 2, 2, 2, Goal::Centre).unwrap(),
        Variant::new(13, 2, 4, 3, Goal::Edge).unwrap(),
        Variant::new(27, 4, 2, 2, Goal::Edge).unwrap(),
    ];
    let mut stale_plies = 0;
    for (i, &v) in variants.iter().enumerate() {
        for seed in 0..2u64 {
            let mut rng = SplitMix64::new(seed * 31 + i as u64);
            let mut pos = Position::new(v);
            for _ in 0..400 {
                let stale = pos.diagnostics().stale_routes();
                let hands_empty = pos.seats_in_play().into_iter().all(|s| pos.walls_left(s) == 0);
                assert!(stale.is_empty() || hands_empty, "stale routes {stale:?} with walls in hand\n{pos}");
                stale_plies += usize::from(!stale.is_empty());
                pos.diagnostics().verify_caches().unwrap_or_else(|e| panic!("{e}\n{pos}"));
                let rebuilt = Position::from_setup(&pos.setup()).expect("a valid setup");
                assert!(rebuilt.diagnostics().stale_routes().is_empty());
                assert_eq!(rebuilt, pos);
                for seat in pos.seats_in_play() {
                    let len = pos.route_len(seat).expect("in play");
                    assert_eq!(Some(len), pos.diagnostics().route_len_fresh(seat), "{seat}\n{pos}");
                    assert_eq!(rebuilt.route_len(seat), Some(len));
                    let route = pos.route(seat).expect("in play");
                    assert_eq!(route.len() as u32, len + 1, "{seat}\n{pos}");
                    assert_eq!(route[0], pos.pawn(seat).expect("in play"));
                    assert!(route.windows(2).all(|w| pos.is_open(w[0], w[1])), "{seat}: {route:?}\n{pos}");
                    assert!(pos.is_goal(seat, *route.last().expect("squares")), "{seat}\n{pos}");
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &m in moves.iter().take(6) {
                    make_unmake(&mut pos, m);
                }
                let walls: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Wall(_))).collect();
                let m = if walls.is_empty() {
                    moves[pick(&mut rng, moves.len())]
                } else {
                    walls[pick(&mut rng, walls.len())]
                };
                pos.play(m).expect("a legal move");
            }
        }
    }
    assert!(stale_plies > 50, "only {stale_plies} plies had a stale route");
}

/// Every answer that reads the route cache, checked against `fresh`, the same position
/// rebuilt from its setup (every route searched): route lengths (also against a flood),
/// routes (shortest open paths from the pawn to the goal), the legal moves and their
/// count, and the route lengths after each of a sample of walls.
fn routes_answer_as_fresh(pos: &Position, rng: &mut SplitMix64) {
    let fresh = Position::from_setup(&pos.setup()).expect("a valid setup");
    assert!(fresh.diagnostics().stale_routes().is_empty());
    pos.diagnostics().verify_caches().unwrap_or_else(|e| panic!("{e}\n{pos}"));
    for seat in pos.seats_in_play() {
        let len = pos.route_len(seat);
        assert_eq!(len, fresh.route_len(seat), "{seat}\n{pos}");
        assert_eq!(len, pos.diagnostics().route_len_fresh(seat), "{seat}\n{pos}");
        let route = pos.route(seat).expect("in play");
        assert_eq!(Some(route.len() as u32), len.map(|l| l + 1), "{seat}\n{pos}");
        assert_eq!(route[0], pos.pawn(seat).expect("in play"));
        assert!(route.windows(2).all(|w| pos.is_open(w[0], w[1])), "{seat}: {route:?}\n{pos}");
        assert!(pos.is_goal(seat, *route.last().expect("squares")), "{seat}\n{pos}");
    }
    let moves = pos.legal_moves();
    assert_eq!(moves.to_vec(), fresh.legal_moves().to_vec(), "legal moves\n{pos}");
    assert_eq!(pos.legal_move_count(), fresh.legal_move_count());
    let walls = pos.legal_walls();
    assert_eq!(walls, fresh.legal_walls());
    let seats = pos.seats_in_play();
    let (cutting, fresh_cutting) = (pos.legal_walls_cutting(seats), fresh.legal_walls_cutting(seats));
    for w in walls.iter().filter(|_| pick(rng, 8) == 0) {
        assert_eq!(pos.preview_wall(w), fresh.preview_wall(w), "{w}\n{pos}");
        assert_eq!(pos.preview_legal_wall(w), fresh.preview_legal_wall(w), "{w}\n{pos}");
        // A stale route may be cut by any wall, so the cutting walls are a superset of
        // the fresh ones.
        assert!(!fresh_cutting.contains(w) || cutting.contains(w), "{w}\n{pos}");
    }
}

/// The routes `make` leaves out of date answer every query exactly: random sequences of
/// make and unmake (and now and then `refresh_routes`) on every word width, each state
/// checked with [`routes_answer_as_fresh`]; `refresh_routes` after a make leaves the
/// cache `play` would have left, and taking every move back restores the start exactly.
fn make_unmake_walk(v: Variant, seed: u64, steps: usize) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Position::new(v);
    let start = pos.clone();
    let mut stack: Vec<(wallrush_core::Undo, Position)> = Vec::new();
    let mut stale_states = 0;
    for _ in 0..steps {
        if !stack.is_empty() && (pick(&mut rng, 3) == 0 || pos.is_game_over()) {
            let (undo, before) = stack.pop().expect("not empty");
            pos.unmake(undo);
            assert!(pos.diagnostics().identical(&before), "unmake did not restore\n{before}");
        } else {
            let Some(m) = choose(&pos, &mut rng) else { break };
            let before = pos.clone();
            let mut played = pos.clone();
            let undo = pos.make(m);
            played.play_unchecked(m);
            assert_eq!(pos, played, "make {m} plays {m}");
            stack.push((undo, before));
            if pick(&mut rng, 5) == 0 {
                pos.refresh_routes();
                if stack.last().is_some_and(|(_, b)| b.diagnostics().stale_routes().is_empty()) {
                    assert!(pos.diagnostics().identical(&played), "make {m} + refresh_routes\n{pos}");
                }
            }
        }
        stale_states += usize::from(!pos.diagnostics().stale_routes().is_empty());
        routes_answer_as_fresh(&pos, &mut rng);
    }
    while let Some((undo, before)) = stack.pop() {
        pos.unmake(undo);
        assert!(pos.diagnostics().identical(&before));
    }
    assert!(pos.diagnostics().identical(&start));
    stale_states
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn lazily_searched_routes_answer_as_fresh_small(pick in 0usize..8, four: bool, centre: bool, long: bool, seed: u64) {
        make_unmake_walk(variant(0, pick, four, centre, long), seed, 120);
    }

    #[test]
    fn lazily_searched_routes_answer_as_fresh_wide(width in 1usize..3, pick in 0usize..8, four: bool, seed: u64) {
        make_unmake_walk(variant(width, pick, four, false, false), seed, 12);
    }
}

/// The walks above do meet stale routes (a wall across a route, a pawn off it).
#[test]
fn make_leaves_stale_routes_on_every_width() {
    for width in 0..3 {
        let v = variant(width, 0, false, false, false);
        let stale = make_unmake_walk(v, 11, [150, 40, 120][width]);
        assert!(stale > 0, "no stale route in the walk on {v}");
    }
}
