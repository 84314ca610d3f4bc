//! The shared position sets and the naive references: shapes, agreement with the
//! library, and the fixed perft data file.

use std::sync::OnceLock;

use wallrush_benches::mask::Wide;
use wallrush_benches::naive::{Board, Grid, Scratch};
use wallrush_benches::sets::{self, Sample};
use wallrush_core::{perft, Move, Position, Seat};

/// Index of the mid-game samples the perft file holds: every 50th.
const PERFT_STRIDE: usize = 50;
const PERFT_CASES: usize = 20;

/// The comment lines `regenerate_perft_file` writes at the head of `data/perft-midgame.txt`.
const PERFT_HEADER: &str = "\
# perft(3) of 20 fixed mid-game positions (every 50th sample of the seeded mid-game set of
# wallrush-benches), counted by wallrush and by the flood-per-slot reference.
# variant (its text: size=… players=… walls=… wall_length=… goal=…) ; moves from its start ; depth ; nodes
";

/// The mid-game samples, generated once for all tests of this file.
fn midgame_samples() -> &'static [Sample] {
    static SET: OnceLock<Vec<Sample>> = OnceLock::new();
    SET.get_or_init(|| sets::midgame_samples(sets::MIDGAME_COUNT))
}

fn midgame() -> impl Iterator<Item = &'static Position> {
    midgame_samples().iter().map(|s| &s.position)
}

#[test]
fn midgame_set_has_the_promised_shape() {
    let set: Vec<&Position> = midgame().collect();
    assert_eq!(set.len(), 1000);
    for p in &set {
        assert!((6..=12).contains(&p.wall_count()), "{} walls", p.wall_count());
        assert!(p.walls_left(p.turn()) > 0 && !p.is_game_over());
        p.diagnostics().verify_caches().unwrap();
    }
    let avg = set.iter().map(|p| p.legal_move_count()).sum::<usize>() as f64 / set.len() as f64;
    assert!((80.0..=130.0).contains(&avg), "{avg} legal moves on average");
    // Deterministic, and a shorter run is a prefix of the full set.
    assert_eq!(sets::midgame_samples(5)[4].moves, midgame_samples()[4].moves);
}

#[test]
fn reference_lists_match_the_library() {
    for p in midgame() {
        let board = Board::<u128>::new(p);
        assert_eq!(board.legal_moves().as_slice(), p.legal_moves().as_slice(), "in\n{p}");
        assert_eq!(board.legal_move_count(), p.legal_move_count());
        assert_eq!(Board::<u128>::from_setup(&p.setup()), board);
    }
    for p in sets::four_seat_samples(50).iter().map(|s| &s.position) {
        assert_eq!(p.variant().players(), 4);
        let board = Board::<u128>::new(p);
        assert_eq!(board.legal_moves().as_slice(), p.legal_moves().as_slice(), "in\n{p}");
    }
    for s in sets::large_samples(3) {
        let p = &s.position;
        assert_eq!(p.variant().size(), 25);
        assert!((20..=60).contains(&p.wall_count()));
        let board = Board::<Wide>::new(p);
        assert_eq!(board.legal_moves().as_slice(), p.legal_moves().as_slice(), "in\n{p}");
        assert_eq!(Board::<Wide>::from_setup(&p.setup()), board);
    }
}

#[test]
fn scalar_reference_matches_the_library() {
    let mut scratch = Scratch::default();
    let large = sets::large_samples(2);
    let mut positions: Vec<&Position> = midgame().collect();
    positions.extend(large.iter().map(|s| &s.position));
    for p in positions {
        let grid = Grid::new(p);
        for s in [Seat::South, Seat::North] {
            assert!(grid.reaches(s, &mut scratch));
            let d = grid.distance(s, &mut scratch);
            assert_eq!(d, p.route_len(s));
            let route = grid.route(s, &mut scratch).unwrap();
            assert_eq!(route.len() as u32 - 1, d.unwrap());
            assert_eq!(route[0], p.pawn(s).unwrap());
            assert!(p.is_goal(s, *route.last().unwrap()));
            assert!(route.windows(2).all(|w| p.is_open(w[0], w[1])));
        }
    }
}

#[test]
fn reference_preview_and_play_match_the_library() {
    for p in midgame().take(100) {
        let board = Board::<u128>::new(p);
        for m in p.legal_moves() {
            if let Move::Wall(w) = m {
                assert_eq!(board.preview_wall(w), p.preview_wall(w).ok().map(|r| r.0));
            }
            let (mut child, mut theirs) = (board.clone(), p.clone());
            child.play(m);
            theirs.play_unchecked(m);
            assert_eq!(child, Board::new(&theirs), "after {m} in\n{p}");
        }
    }
}

fn perft_samples() -> Vec<Sample> {
    let all = midgame_samples();
    all.iter().step_by(PERFT_STRIDE).take(PERFT_CASES).cloned().collect()
}

#[test]
fn perft_file_holds_the_fixed_midgame_positions() {
    let cases = sets::perft_midgame();
    let samples = perft_samples();
    assert_eq!(cases.len(), PERFT_CASES);
    for (case, sample) in cases.iter().zip(&samples) {
        assert_eq!(
            case.moves, sample.moves,
            "the generator moved on: regenerate data/perft-midgame.txt (see regenerate_perft_file)"
        );
        assert_eq!(case.depth, 3);
        let board = Board::<u128>::new(&case.position);
        assert_eq!(perft(&case.position, 2), board.perft(2));
    }
    // Depth 3 is checked by the benches on every iteration; here one case suffices.
    assert_eq!(perft(&cases[0].position, 3), cases[0].nodes);
    // The file is what `regenerate_perft_file` writes, given the counts it holds.
    let nodes = |p: &Position| cases.iter().find(|c| &c.position == p).expect("a case of the file").nodes;
    let written = format!("{PERFT_HEADER}{}", sets::perft_file(&samples, 3, nodes));
    assert_eq!(sets::PERFT_MIDGAME, written, "regenerate data/perft-midgame.txt (see regenerate_perft_file)");
}

/// Writes `data/perft-midgame.txt` from the generator, counting with the library and
/// checking every count against the reference. Run with
/// `cargo test --release -p wallrush-benches --test sets -- --ignored regenerate`.
// Ignored: it writes into the repository; `perft_file_holds_the_fixed_midgame_positions`
// above checks the file it writes.
#[test]
#[ignore = "rewrites data/perft-midgame.txt: cargo test --release -p wallrush-benches --test sets -- --ignored regenerate"]
fn regenerate_perft_file() {
    let samples = perft_samples();
    let mut text = String::from(PERFT_HEADER);
    text.push_str(&sets::perft_file(&samples, 3, |p: &Position| {
        let ours = perft(p, 3);
        assert_eq!(ours, Board::<u128>::new(p).perft(3), "perft(3) differs in\n{p}");
        ours
    }));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/perft-midgame.txt");
    std::fs::write(path, text).unwrap();
}
