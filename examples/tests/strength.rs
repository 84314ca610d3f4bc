//! The strong engine's strength goals as node-budgeted, hence deterministic, matches
//! (the `four_seats` example's games). They take about a minute in release, so they are
//! `#[ignore]`d and run on their own; time-budgeted figures are in docs/PERFORMANCE.md.
//!
//! ```text
//! cargo test --release -p wallrush-examples --test strength -- --ignored
//! ```

use wallrush_core::Variant;
use wallrush_engine::search::{Limits, Strong};
use wallrush_examples::arena::against_beginners;

/// Games won by the strong engine (`nodes` a move) against beginners in every other seat.
fn wins(variant: Variant, games: u64, nodes: u64, seed: u64) -> u64 {
    let mut won = 0;
    for g in 0..games {
        let mut strong = Strong::new(Limits::nodes(nodes));
        let (game, seat) = against_beginners(&mut strong, variant, seed, g).expect("bots play legal moves");
        won += u64::from(game.outcome.winner() == Some(seat));
    }
    won
}

// Ignored: about 40 s in release (minutes in debug), too long for the test command.
// Runs with `cargo test --release -p wallrush-examples --test strength -- --ignored`.
#[test]
#[ignore = "strength match: cargo test --release -p wallrush-examples --test strength -- --ignored"]
fn four_seats_against_three_beginners() {
    // The issue's goal is 60 %; docs/PERFORMANCE.md gives 68 for this exact run.
    let won = wins(Variant::four_player(), 100, 15_000, 2026);
    eprintln!("four seats: won {won} of 100");
    assert!(won >= 60, "won {won} of 100");
}

// Ignored: about 10 s in release; runs with the command above.
#[test]
#[ignore = "strength match: cargo test --release -p wallrush-examples --test strength -- --ignored"]
fn two_seats_against_the_beginner() {
    let won = wins(Variant::classic(), 40, 10_000, 2026);
    eprintln!("two seats: won {won} of 40");
    assert!(won >= 38, "won {won} of 40");
}
