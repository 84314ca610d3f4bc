//! The strong engine in one seat against three beginners, on the four-player preset.
//! The strong seat rotates through South, West, North and East; every other seat holds a
//! beginner with its own seed, so the games differ by the beginners' seeded tie-breaks.
//!
//! ```text
//! cargo run --release -p wallrush-examples --example four_seats -- [--games 100] [--ms 100 | --nodes N] [--seed 1] [--centre] [--baseline]
//! ```
//!
//! `--centre` plays the race to the centre instead of the four-player preset;
//! `--baseline` seats three copies of the previous strong engine (the same budget) instead
//! of the beginners.

use std::time::Duration;

use wallrush_core::{BySeat, Seat, Variant};
use wallrush_engine::baseline::Baseline;
use wallrush_engine::search::{Limits, Strong};
use wallrush_examples::arena::{against_beginners, against_three};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut games, mut ms, mut seed, mut nodes) = (100u64, 100u64, 1u64, 0u64);
    let centre = args.iter().any(|a| a == "--centre");
    let baseline = args.iter().any(|a| a == "--baseline");
    let mut it = args.iter().filter(|a| *a != "--centre" && *a != "--baseline");
    while let Some(a) = it.next() {
        let v = it.next().and_then(|v| v.parse().ok());
        match (a.as_str(), v) {
            ("--games", Some(v)) => games = v,
            ("--ms", Some(v)) => ms = v,
            ("--seed", Some(v)) => seed = v,
            ("--nodes", Some(v)) => nodes = v,
            _ => {
                eprintln!(
                    "usage: four_seats [--games N] [--ms MS | --nodes N] [--seed S] [--centre] [--baseline]"
                );
                std::process::exit(2);
            }
        }
    }
    let variant = if centre { Variant::race_to_centre() } else { Variant::four_player() };
    let mut wins = 0;
    let mut draws = 0;
    let mut by_seat = BySeat([0u32; 4]);
    for g in 0..games {
        let limits = if nodes > 0 { Limits::nodes(nodes) } else { Limits::time(Duration::from_millis(ms)) };
        let mut strong = Strong::new(limits);
        let (game, strong_seat) = if baseline {
            let mut old = [Baseline::new(limits), Baseline::new(limits), Baseline::new(limits)];
            let [a, b, c] = &mut old;
            against_three(&mut strong, [a, b, c], variant, g).expect("bots play legal moves")
        } else {
            against_beginners(&mut strong, variant, seed, g).expect("bots play legal moves")
        };
        let winner = game.outcome.winner();
        if winner == Some(strong_seat) {
            wins += 1;
            by_seat[strong_seat] += 1;
        } else if winner.is_none() {
            draws += 1;
        }
        eprintln!(
            "game {:3}: strong as {strong_seat}: {} after {} plies",
            g + 1,
            winner.map_or("draw".to_string(), |w| format!("{w} wins")),
            game.moves.len()
        );
    }
    let budget = if nodes > 0 { format!("{nodes} nodes a move") } else { format!("{ms} ms a move") };
    let name = if centre { "race to the centre" } else { "four-player preset" };
    println!(
        "{name}: strong ({budget}) in one seat vs three {}, {games} games: won {wins} ({:.1}%), drawn {draws}; wins by seat: south {} west {} north {} east {}",
        if baseline { "previous strong engines" } else { "beginners" },
        100.0 * wins as f64 / games as f64,
        by_seat[Seat::South],
        by_seat[Seat::West],
        by_seat[Seat::North],
        by_seat[Seat::East]
    );
}
