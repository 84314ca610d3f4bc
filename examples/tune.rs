//! Texel-style tuning of the strong engine's evaluation weights (two seats), seeded and
//! reproducible.
//!
//! ```text
//! cargo run --release -p wallrush-examples --example tune -- [--games 300] [--nodes 3000] [--seed 23] [--from-tuned]
//! cargo run --release -p wallrush-examples --example tune -- --records DIR [--records DIR ...] [--skip 4]
//! ```
//!
//! `--records DIR` takes the samples from the game records (`*.txt`, tagged records as the
//! arena writes them) in DIR instead of self-play, and starts the descent at
//! [`Weights::TUNED`]: games against another engine teach what wins against it, where
//! self-play labels teach only what beats ourselves. The first `--skip` plies of each
//! game (the seeded opening) give no samples; a game without a result (the ply cap)
//! counts as a draw. Files are read in name order, so a run is reproducible.
//! `--start A/B/C/…` starts at those weights (all of them, in that order).
//! `--free 1,5,8` lets only those weights move (indices in `Weights::to_array` order) and
//! `--zero 7` holds those at 0.
//!
//! `--from-tuned` plays the self-play games with [`Weights::TUNED`] and starts the descent
//! there (a further round).
//!
//! 1. Self-play: `--games` classic games of the strong engine (hand weights,
//!    [`Weights::HAND`]) against itself at `--nodes` nodes a move, each from a seeded
//!    random opening of 4 to 9 plies (pawn moves and walls), capped at 200 plies.
//! 2. Every position after the opening where a seat still holds a wall becomes a sample:
//!    its features ([`Searcher::features`]) and the result for the seat to move (1 win,
//!    ½ draw, 0 loss).
//! 3. The loss is the mean squared error between the result and `1 / (1 + e^(−eval/S))`.
//!    The scale `S` is fitted first for the hand weights, then kept; the route weight
//!    stays 100 (the unit: centi-steps) and every other weight is moved by coordinate
//!    descent in steps of 40, 20, 10, 5 and 2 until no step lowers the loss.
//! 4. It prints the loss before and after and the tuned weights (for `Weights::TUNED`).

use std::time::Instant;

use wallrush_cli::arena::opening;
use wallrush_core::notation::Notation;
use wallrush_core::{Outcome, Position, Record, SplitMix64, Variant};
use wallrush_engine::search::{evaluate_with, Limits, Searcher, Weights, FEATURES};
use wallrush_examples::tuning::{coordinate_descent, flag_value, indices, number, weight_list};

struct Sample {
    features: [i32; FEATURES],
    result: f64,
}

fn self_play(games: u32, nodes: u64, seed: u64, weights: Weights) -> Vec<Sample> {
    let mut rng = SplitMix64::new(seed);
    let mut samples = Vec::new();
    for g in 0..games {
        // The arena's seeded openings, 4 to 9 plies long.
        let plies = 4 + (rng.next_u64() % 6) as u32;
        let mut pos = Position::new(Variant::classic());
        for m in opening(Variant::classic(), seed, g, plies) {
            pos.play(m).expect("an opening is legal");
        }
        let mut engine = Searcher::with_weights(1 << 18, weights);
        let mut seen: Vec<([i32; FEATURES], wallrush_core::Seat)> = Vec::new();
        let mut ply = 0;
        while !pos.is_game_over() && ply < 200 {
            let me = pos.turn();
            let other = pos.seats_in_play().find(|&s| s != me).expect("two seats");
            if pos.walls_left(me) + pos.walls_left(other) > 0 {
                seen.push((Searcher::features(&pos), me));
            }
            let r = engine.search(&pos, Limits::nodes(nodes));
            pos.play(r.best.expect("a move")).expect("legal");
            ply += 1;
        }
        let winner = pos.outcome().and_then(Outcome::winner);
        for (features, seat) in seen {
            let result = match winner {
                None => 0.5,
                Some(w) if w == seat => 1.0,
                Some(_) => 0.0,
            };
            samples.push(Sample { features, result });
        }
    }
    samples
}

/// Samples from the tagged records in `dirs` (see the module documentation).
fn from_records(dirs: &[&str], skip: usize) -> Vec<Sample> {
    let mut samples = Vec::new();
    for dir in dirs {
        let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("--records {dir}: {e}"))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        files.sort();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            let game = Record::parse(&text, Notation::Standard)
                .unwrap_or_else(|e| panic!("{}: {e}", f.display()))
                .into_game();
            let winner = game.outcome().and_then(Outcome::winner);
            for i in skip..game.len() {
                let Some(pos) = game.position_at(i) else { break };
                let me = pos.turn();
                let other = pos.seats_in_play().find(|&s| s != me).expect("two seats");
                if pos.is_game_over() || pos.walls_left(me) + pos.walls_left(other) == 0 {
                    continue;
                }
                let result = match winner {
                    None => 0.5,
                    Some(w) if w == me => 1.0,
                    Some(_) => 0.0,
                };
                samples.push(Sample { features: Searcher::features(pos), result });
            }
        }
    }
    samples
}

fn loss(samples: &[Sample], w: &Weights, scale: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let e = f64::from(evaluate_with(w, &s.features));
            let p = 1.0 / (1.0 + (-e / scale).exp());
            (s.result - p).powi(2)
        })
        .sum();
    sum / samples.len().max(1) as f64
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |flag: &str, default: u64| number(&args, flag, default);
    let (games, nodes, seed) = (get("--games", 300) as u32, get("--nodes", 3000), get("--seed", 23));
    let dirs: Vec<&str> = args.windows(2).filter(|w| w[0] == "--records").map(|w| w[1].as_str()).collect();
    let from_tuned = !dirs.is_empty() || args.iter().any(|a| a == "--from-tuned");
    // `--start A/B/C/…`: the descent (and the self-play) starts at these weights.
    let start = match flag_value(&args, "--start") {
        Some(list) => Weights::from_array(weight_list(list).expect("--start: one number a weight, A/B/C/…")),
        None if from_tuned => Weights::TUNED,
        None => Weights::HAND,
    };
    let t = Instant::now();
    let samples = if dirs.is_empty() {
        let s = self_play(games, nodes, seed, start);
        eprintln!("{} samples from {games} games in {:.1} s", s.len(), t.elapsed().as_secs_f64());
        s
    } else {
        let s = from_records(&dirs, get("--skip", 4) as usize);
        eprintln!("{} samples from the records of {} folders", s.len(), dirs.len());
        s
    };
    let hand = start;
    let scale = [50.0, 75.0, 100.0, 150.0, 200.0, 300.0, 400.0, 600.0, 800.0]
        .into_iter()
        .min_by(|a, b| loss(&samples, &hand, *a).total_cmp(&loss(&samples, &hand, *b)))
        .expect("scales");
    let before = loss(&samples, &hand, scale);
    let mut w = hand.to_array();
    // `--free 1,5,8`: only these weights move (indices in `Weights::to_array` order);
    // `--zero 7`: these weights are set to 0 first and stay there.
    let zero = indices(&args, "--zero");
    let mut free = indices(&args, "--free");
    if free.is_empty() {
        free = (1..FEATURES).collect();
    }
    free.retain(|i| !zero.contains(i) && *i < FEATURES);
    for &i in &zero {
        w[i] = 0;
    }
    let (w, best) = coordinate_descent(w, &free, |t| loss(&samples, &Weights::from_array(*t), scale));
    println!("samples {} scale {scale} loss start {before:.6} tuned {best:.6}", samples.len());
    println!("tuned {:?}", Weights::from_array(w));
}
