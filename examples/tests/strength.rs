//! The strong engine's strength goals as node-budgeted, hence deterministic, matches
//! (the `four_seats` example's games). They take about three minutes in release
//! on two cores, so they are `#[ignore]`d and run on their own; time-budgeted figures are
//! in docs/ENGINE.md.
//!
//! ```text
//! cargo test --release -p wallrush-examples --test strength -- --ignored
//! ```

use std::sync::Arc;

use wallrush_cli::arena::player::{BotPlayer, Player, Spec};
use wallrush_cli::arena::rotation::{against_beginners, against_three};
use wallrush_cli::arena::{self, ArenaConfig};
use wallrush_core::Variant;
use wallrush_engine::search::{Limits, Strong, Weights};
use wallrush_engine::Beginner;
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
    // The goal is 75 %. This run gives 76 at 24,000 nodes a move (72 at 15,000 nodes, 78
    // at 30,000; at 100 ms a move, 79 of 100).
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

// The two-seat engine against the beginner from seeded 4-ply openings, each played
// from both seats (the arena's pairs), at 10,000 nodes a move: the openings vary the games
// that the start position alone would repeat. This run scored 40/0/0 (100 %).
//
// Ignored: about half a minute in release, too long for the test command.
// Runs with `cargo test --release -p wallrush-examples --test strength -- --ignored`.
#[test]
#[ignore = "strength match: cargo test --release -p wallrush-examples --test strength -- --ignored"]
fn two_seats_against_the_beginner_from_openings() {
    let strong: MakeBot = Arc::new(|| Box::new(Strong::new(Limits::nodes(10_000))));
    let beginner: MakeBot = Arc::new(|| Box::new(Beginner::new(23)));
    let score = play_match("two seats against the beginner from openings", strong, beginner, 40, 23);
    assert!(score >= TWO_OPENINGS_FLOOR, "{score}");
}

/// The least score [`two_seats_against_the_beginner_from_openings`] accepts.
const TWO_OPENINGS_FLOOR: f64 = 0.9;

// The four-seat engine in one seat, rotating South, West, North, East, against three
// beginners, every game from a seeded 4-ply pawn opening played once from each seat
// (`against_three`), at 10,800 nodes a move. A seat wins 25 % by chance; this run
// won 54 of 80 (67.5 %).
const STRONG_NODES: u64 = 10_800;
/// The least number of the 80 games [`four_seats_against_three_beginners_from_openings`]
/// accepts.
const FOUR_OPENINGS_FLOOR: u64 = 52;

// Ignored: about a minute in release, too long for the test command.
// Runs with `cargo test --release -p wallrush-examples --test strength -- --ignored`.
#[test]
#[ignore = "strength match: cargo test --release -p wallrush-examples --test strength -- --ignored"]
fn four_seats_against_three_beginners_from_openings() {
    const GAMES: u64 = 80;
    let mut won = 0;
    for g in 0..GAMES {
        let mut strong = Strong::new(Limits::nodes(STRONG_NODES));
        let mut others = [Beginner::new(2026 + g), Beginner::new(2027 + g), Beginner::new(2028 + g)];
        let [a, b, c] = &mut others;
        let (game, seat) = against_three(&mut strong, [a, b, c], Variant::four_player(), 2026, g, 4)
            .expect("bots play legal moves");
        won += u64::from(game.outcome.winner() == Some(seat));
    }
    eprintln!("four seats against three beginners from openings: won {won} of {GAMES}");
    assert!(won >= FOUR_OPENINGS_FLOOR, "won {won} of {GAMES}");
}

// The threat term of the evaluation (`Weights::threat`: the most steps one wall of the
// mover could add to the opponent's route now, less the same for the opponent) lifted
// the engine past 60 % against Titanium. This guards it: the default search against the
// same search without the term, at equal nodes. This run scored 75/1/24 (75.5 %) with the
// term at 63 centi-steps a step.
//
// Ignored: about a minute in release, too long for the test command.
// Runs with `cargo test --release -p wallrush-examples --test strength -- --ignored`.
#[test]
#[ignore = "strength match: cargo test --release -p wallrush-examples --test strength -- --ignored"]
fn two_seats_threat_term_beats_the_evaluation_without_it() {
    let blind = Weights { threat: 0, ..Weights::TUNED };
    let seeing: MakeBot = Arc::new(|| Box::new(Strong::new(Limits::nodes(20_000))));
    let plain: MakeBot = Arc::new(move || Box::new(Strong::with_weights(Limits::nodes(20_000), blind)));
    let score = play_match("threat term against none", seeing, plain, 100, 11);
    assert!(score >= 0.55, "{score}");
}

// The wall weights, the tempo, the monopoly term and the threat weight were tuned by SPSA
// on match results (`examples/spsa.rs`: 62.5 % in a 200-game self-play match at 30,000
// nodes, 62.5 % against Titanium at 500 ms over 160 games). This guards that the tuned
// weights are not worse than the weights they started from (the Texel fit, the threat at
// 40), at equal nodes, over 150 of the arena's opening pairs. This run scored 160/1/139
// (53.5 %, 95 % interval ±5.6): at 20,000 nodes the edge is small, so the assertion
// guards the direction (above 50 %), not its size.
//
// Ignored: about four minutes in release, too long for the test command.
// Runs with `cargo test --release -p wallrush-examples --test strength -- --ignored`.
#[test]
#[ignore = "strength match: cargo test --release -p wallrush-examples --test strength -- --ignored"]
fn two_seats_spsa_weights_beat_the_texel_weights() {
    let texel = Weights {
        walls: 55,
        walls_long: 42,
        walls_crowded: 63,
        tempo: 50,
        monopoly: -32,
        threat: 40,
        ..Weights::TUNED
    };
    let tuned: MakeBot = Arc::new(|| Box::new(Strong::new(Limits::nodes(20_000))));
    let fitted: MakeBot = Arc::new(move || Box::new(Strong::with_weights(Limits::nodes(20_000), texel)));
    let score = play_match("SPSA weights against the Texel fit", tuned, fitted, 300, 13);
    assert!(score > 0.5, "{score}");
}
