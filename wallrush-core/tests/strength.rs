//! The strong engine's strength goals as node-budgeted, hence deterministic, matches.
//! They take about a minute in release, so they are `#[ignore]`d; time-budgeted figures
//! are in docs/PERFORMANCE.md.
//!
//! ```text
//! cargo test --release -p wallrush-core --test strength -- --ignored
//! ```

use wallrush_core::bot::{play_game, Beginner, Bot};
use wallrush_core::search::{Limits, Strong};
use wallrush_core::{BySeat, Position, Seat, Variant};

/// Games won by the strong engine (`nodes` a move) against beginners in every other seat,
/// the strong seat rotating through the variant's seats; beginners are seeded as in the
/// `four_seats` example.
fn wins(variant: Variant, games: u64, nodes: u64, seed: u64) -> u64 {
    let start = Position::new(variant);
    let seats: Vec<Seat> = variant.seats().collect();
    let mut won = 0;
    for g in 0..games {
        let strong_seat = seats[(g % seats.len() as u64) as usize];
        let mut strong = Strong::new(Limits::nodes(nodes));
        let mut b: Vec<Beginner> =
            (0..3).map(|i| Beginner::new(seed.wrapping_mul(1000).wrapping_add(g * 3 + i))).collect();
        let (b0, rest) = b.split_at_mut(1);
        let (b1, b2) = rest.split_at_mut(1);
        let mut bots: [&mut dyn Bot; 4] = [&mut strong, &mut b0[0], &mut b1[0], &mut b2[0]];
        let mut others = 1..4;
        let seating = BySeat::from_fn(|s| if s == strong_seat { 0 } else { others.next().unwrap_or(1) });
        let game = play_game(&start, &mut bots, seating, 400).expect("bots play legal moves");
        won += u64::from(game.outcome.winner() == Some(strong_seat));
    }
    won
}

#[test]
#[ignore = "strength match: cargo test --release -p wallrush-core --test strength -- --ignored"]
fn four_seats_against_three_beginners() {
    // The issue's goal is 60 %; docs/PERFORMANCE.md gives 68 for this exact run.
    let won = wins(Variant::four_player(), 100, 15_000, 2026);
    eprintln!("four seats: won {won} of 100");
    assert!(won >= 60, "won {won} of 100");
}

#[test]
#[ignore = "strength match: cargo test --release -p wallrush-core --test strength -- --ignored"]
fn two_seats_against_the_beginner() {
    let won = wins(Variant::classic(), 40, 10_000, 2026);
    eprintln!("two seats: won {won} of 40");
    assert!(won >= 38, "won {won} of 40");
}
