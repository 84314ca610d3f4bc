//! The strong engine's strength goals as node-budgeted, hence deterministic, matches
//! (the `four_seats` example's games). They take about three minutes in release
//! on two cores, so they are `#[ignore]`d and run on their own; time-budgeted figures are
//! in docs/PERFORMANCE.md.
//!
//! ```text
//! cargo test --release -p wallrush-examples --test strength -- --ignored
//! ```

use std::sync::Arc;

use wallrush_cli::arena::player::{BotPlayer, Player, Spec};
use wallrush_cli::arena::rotation::{against_beginners, against_three};
use wallrush_cli::arena::{self, ArenaConfig};
use wallrush_core::Variant;
use wallrush_engine::baseline::Baseline;
use wallrush_engine::search::{Limits, SearchOptions, Strong, Weights};
use wallrush_engine::Bot;

/// Makes a fresh bot for a game.
type MakeBot = Arc<dyn Fn() -> Box<dyn Bot + Send> + Send + Sync>;

/// The first bot's score over `games` classic games of the arena between the bots `a`
/// and `b` make (4-ply openings shared by each pair, a 200-ply cap), printed as
/// `label: W/D/L (score %)`.
fn play_match(label: &str, a: MakeBot, b: MakeBot, games: u32, seed: u64) -> f64 {
    let mut cfg = ArenaConfig::new([Spec::Beginner, Spec::Random], Variant::classic());
    (cfg.games, cfg.opening, cfg.max_plies, cfg.seed) = (games, 4, 200, seed);
    let makers = [a, b];
    let make = |k: usize| -> Result<Box<dyn Player + Send>, String> {
        let m = Arc::clone(&makers[k]);
        Ok(Box::new(BotPlayer::new(move |_| m())))
    };
    let names = [format!("{label} A"), format!("{label} B")];
    let s = arena::run_with(&cfg, &names, &make, &mut std::io::sink()).expect("bots play legal moves");
    let (w, d, l) = s.wdl();
    let score = s.score().unwrap_or(0.0);
    eprintln!("{label}: {w}/{d}/{l} ({:.1} %)", score * 100.0);
    score
}

/// Games won by the strong engine (`nodes` a move) against beginners in every other seat.
fn wins(variant: Variant, games: u64, nodes: u64, seed: u64) -> u64 {
    let mut won = 0;
    for g in 0..games {
        let mut strong = Strong::new(Limits::nodes(nodes));
        let (game, seat) =
            against_beginners(&mut strong, variant, seed, g, 0).expect("bots play legal moves");
        won += u64::from(game.outcome.winner() == Some(seat));
    }
    won
}

// Ignored: about a minute in release (minutes in debug), too long for the test command.
// Runs with `cargo test --release -p wallrush-examples --test strength -- --ignored`.
#[test]
#[ignore = "strength match: cargo test --release -p wallrush-examples --test strength -- --ignored"]
fn four_seats_against_three_beginners() {
    // Issue 23's goal is 75 % (issue 17's was 60 %). At 15,000 nodes this run gave 68
    // with max-n and 79 with BRS+ (the four-seat default since issue 23). Issue 23's third
    // session made a BRS+ node cheaper (about 1.4 previous-engine nodes then, 7,440
    // instructions over whole games now against the previous engine's 8,010; callgrind,
    // docs/ENGINE.md) and made BRS+ search odd numbers of layers. 15,000 nodes then are
    // about 22,600 now; the budget is 24,000 nodes. This run gives 76 (at 15,000 nodes
    // the new default gives 72, at 30,000 78; at 100 ms a move, 79 of 100).
    let won = wins(Variant::four_player(), 100, 24_000, 2026);
    eprintln!("four seats: won {won} of 100");
    assert!(won >= 75, "won {won} of 100");
}

// Ignored: about 10 s in release and minutes in debug, too long for the test command.
// Runs with `cargo test --release -p wallrush-examples --test strength -- --ignored`.
#[test]
#[ignore = "strength match: cargo test --release -p wallrush-examples --test strength -- --ignored"]
fn two_seats_against_the_beginner() {
    // 40 of 40 before the threat term, 38 of 40 with it.
    let won = wins(Variant::classic(), 40, 10_000, 2026);
    eprintln!("two seats: won {won} of 40");
    assert!(won >= 38, "won {won} of 40");
}

// Issue 23's goal is 60 % against Titanium at equal time, which needs an external
// program (docs/ENGINE.md gives the arena runs: 58.1 % at 100 ms over 160 games, so the
// goal is not met there, and 60.0 % at 500 ms over 40 games). Its deterministic
// stand-in here is the previous strong engine at equal *instructions*: callgrind
// counts about 4,540 Ir a node for the new search and 20,854 for the old one from the
// opening (`think --nodes 100000`, with and without `--baseline`), so 40,000 nodes
// against 10,000 gives the new engine slightly less work.
// This run scored 21/0/19 (52.5 %) in the first session, 24/0/16 (60 %) once
// reverse futility and late-move pruning were on, and 27/0/13 (67.5 %) with the
// `sure_race` feature; the assertion guards 60 % (at equal *time* the first session's
// engine scored 62 % against the old, docs/ENGINE.md). With the sixth session's threat
// term it scores 32/3/5 (83.8 %), and 33/0/7 (82.5 %) with the eighteenth session's SPSA
// weights. The term costs more instructions a node (+3.6 % from
// the opening, +49.5 % in a middle game, callgrind), so the budgets now give the new
// engine somewhat more work than the old; the figures against Titanium are at equal time.
//
// Ignored: about 40 s in release, too long for the test command.
// Runs with `cargo test --release -p wallrush-examples --test strength -- --ignored`.
#[test]
#[ignore = "strength match: cargo test --release -p wallrush-examples --test strength -- --ignored"]
fn two_seats_against_the_previous_strong_engine() {
    let new: MakeBot = Arc::new(|| Box::new(Strong::new(Limits::nodes(40_000))));
    let old: MakeBot = Arc::new(|| Box::new(Baseline::new(Limits::nodes(10_000))));
    let score = play_match("two seats against the previous strong", new, old, 40, 23);
    assert!(score >= 0.6, "{score}");
}

// Issue 23's four-seat goal is 40 % against three copies of the previous strong engine
// at equal time (a seat wins 25 % by chance). This is the deterministic stand-in: the
// strong engine (its default four-seat search) in one seat, rotating South, West, North,
// East, against three `Baseline`s, every game from a seeded 4-ply pawn opening played
// once from each seat. The budgets give both engines about equal instructions a move:
// STRONG_NODES / OLD_NODES follows the callgrind ratio in docs/ENGINE.md (over whole
// games at 10,000 nodes, `four_seats --games 4 --baseline` under callgrind: BRS+ about
// 7,440 instructions a node since issue 23's third session, the previous engine's max-n
// 8,010; 10,800 nodes against 10,000 gives both about the same work).
const STRONG_NODES: u64 = 10_800;
const OLD_NODES: u64 = 10_000;
/// The run gives 33 of 80 (41 %) with BRS+ on odd layers (the default since the third
/// session; 27 of 80 without): the goal, 40 % (32 of 80), met at equal instructions. At
/// equal *time* the goal is not met (docs/ENGINE.md).
const FOUR_OLD_FLOOR: u64 = 32;

// Ignored: about a minute in release, too long for the test command.
// Runs with `cargo test --release -p wallrush-examples --test strength -- --ignored`.
#[test]
#[ignore = "strength match: cargo test --release -p wallrush-examples --test strength -- --ignored"]
fn four_seats_against_three_previous_strong_engines() {
    const GAMES: u64 = 80;
    let mut won = 0;
    for g in 0..GAMES {
        let mut strong = Strong::new(Limits::nodes(STRONG_NODES));
        let mut old = [
            Baseline::new(Limits::nodes(OLD_NODES)),
            Baseline::new(Limits::nodes(OLD_NODES)),
            Baseline::new(Limits::nodes(OLD_NODES)),
        ];
        let [a, b, c] = &mut old;
        let (game, seat) = against_three(&mut strong, [a, b, c], Variant::four_player(), 2026, g, 4)
            .expect("bots play legal moves");
        won += u64::from(game.outcome.winner() == Some(seat));
    }
    eprintln!("four seats against three previous strong engines: won {won} of {GAMES}");
    assert!(won >= FOUR_OLD_FLOOR, "won {won} of {GAMES}");
}

// Issue 23's second session turned on reverse futility pruning and late-move pruning
// (docs/ENGINE.md: 63.7 % and 59 % in 200-game matches at 30,000 nodes). This guards it:
// the default search against the same search with both turned off, at equal nodes.
// This run scored 62/2/36 (63 %), 60/2/38 (61 %) with the `sure_race` feature, and
// 77/0/23 (77 %) with the threat term (on in both engines), 75/0/25 (75 %) with the
// SPSA weights.
//
// Ignored: about a minute in release, too long for the test command.
// Runs with `cargo test --release -p wallrush-examples --test strength -- --ignored`.
#[test]
#[ignore = "strength match: cargo test --release -p wallrush-examples --test strength -- --ignored"]
fn two_seats_pruning_beats_the_unpruned_search() {
    let unpruned = SearchOptions { rfp_margin: 0, lmp_from: 0, ..SearchOptions::DEFAULT };
    let pruned: MakeBot = Arc::new(|| Box::new(Strong::new(Limits::nodes(20_000))));
    let plain: MakeBot =
        Arc::new(move || Box::new(Strong::with_options(Limits::nodes(20_000), Weights::TUNED, unpruned)));
    let score = play_match("pruned against unpruned", pruned, plain, 100, 7);
    assert!(score >= 0.55, "{score}");
}

// Issue 23's sixth session added the threat term to the evaluation (`SearchOptions::threat`:
// the most steps one wall of the mover could add to the opponent's route now, less the
// same for the opponent). It is what lifted the engine past 60 % against Titanium
// (docs/ENGINE.md). This guards it: the default search against the same search without
// the term, at equal nodes. This run scored 69/0/31 (69 %), and 74/1/25 (74.5 %) with the
// SPSA weights (the term at 63 centi-steps a step).
//
// Ignored: about a minute in release, too long for the test command.
// Runs with `cargo test --release -p wallrush-examples --test strength -- --ignored`.
#[test]
#[ignore = "strength match: cargo test --release -p wallrush-examples --test strength -- --ignored"]
fn two_seats_threat_term_beats_the_evaluation_without_it() {
    let blind = SearchOptions { threat: 0, ..SearchOptions::DEFAULT };
    let seeing: MakeBot = Arc::new(|| Box::new(Strong::new(Limits::nodes(20_000))));
    let plain: MakeBot =
        Arc::new(move || Box::new(Strong::with_options(Limits::nodes(20_000), Weights::TUNED, blind)));
    let score = play_match("threat term against none", seeing, plain, 100, 11);
    assert!(score >= 0.55, "{score}");
}

// Issue 23's eighteenth session tuned the wall weights, the tempo, the monopoly term and
// the threat weight by SPSA on match results (`examples/spsa.rs`; docs/ENGINE.md: 62.5 %
// in a 200-game self-play match at 30,000 nodes, 62.5 % against Titanium at 500 ms over
// 160 games). This guards it: the default against the weights it started from (the Texel
// fit, the threat at 40), at equal nodes, on openings the tuning and the screen did not
// use. This run scored 56/2/42 (57.0 %): a smaller edge than the screen's, which the
// assertion guards at 55 %.
//
// Ignored: about a minute in release, too long for the test command.
// Runs with `cargo test --release -p wallrush-examples --test strength -- --ignored`.
#[test]
#[ignore = "strength match: cargo test --release -p wallrush-examples --test strength -- --ignored"]
fn two_seats_spsa_weights_beat_the_texel_weights() {
    let texel =
        Weights { walls: 55, walls_long: 42, walls_crowded: 63, tempo: 50, monopoly: -32, ..Weights::TUNED };
    let before = SearchOptions { threat: 40, ..SearchOptions::DEFAULT };
    let tuned: MakeBot = Arc::new(|| Box::new(Strong::new(Limits::nodes(20_000))));
    let fitted: MakeBot =
        Arc::new(move || Box::new(Strong::with_options(Limits::nodes(20_000), texel, before)));
    let score = play_match("SPSA weights against the Texel fit", tuned, fitted, 100, 13);
    assert!(score >= 0.55, "{score}");
}
