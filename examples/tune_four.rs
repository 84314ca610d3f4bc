//! Texel-style tuning of the four-seat evaluation ([`FourWeights`]), seeded and
//! reproducible.
//!
//! ```text
//! cargo run --release -p wallrush-examples --example tune_four -- [--games 1000] [--nodes 4000] [--seed 41] [--start A/B/C/…] [--play-start] [--free 1,2,3] [--threads 2]
//! ```
//!
//! 1. Self-play: `--games` four-player games, every seat the strong engine's max-n at
//!    `--nodes` nodes a move with the hand weights ([`FourWeights::HAND`], the previous
//!    engines' evaluation; with `--play-start`, the `--start` weights), each from a
//!    seeded random opening of 4 to 11 plies (pawn moves, and a wall a third of the
//!    time), capped at 400 plies. Game `g` is seeded by `--seed` and `g` alone, so the
//!    games do not depend on `--threads`.
//! 2. Every position after the opening of a game someone won becomes a sample: each
//!    seat's features ([`four_features`]) and the winner.
//! 3. The loss is the cross-entropy of the winner under the softmax of the seats'
//!    evaluations over a scale `S`: `P(s) = e^(eval_s/S) / Σ e^(eval_t/S)`. The scale is
//!    fitted first for the start weights (`--start`, else the hand weights), then kept;
//!    the lead weight stays 100 (the unit: centi-steps) and every other weight (or those
//!    of `--free`, indices in [`FourWeights::to_array`] order) is moved by coordinate
//!    descent in steps of 40, 20, 10, 5 and 2 until no step lowers the loss.
//! 4. It prints the loss before and after and the tuned weights, as `--start` and
//!    `four_seats --four-weights` take them.

use std::time::Instant;

use wallrush_core::{Seat, SplitMix64, Variant};
use wallrush_engine::search::{
    evaluate_four_with, four_features, FourSeatSearch, FourWeights, Limits, SearchOptions, Searcher,
    FOUR_FEATURES,
};
use wallrush_examples::tuning::{
    coordinate_descent, flag_value, indices, number, random_opening, weight_list,
};

struct Sample {
    features: [[i32; FOUR_FEATURES]; 4],
    in_play: [bool; 4],
    winner: usize,
}

/// The samples of game `g` (none when nobody won within the cap).
fn game(g: u64, nodes: u64, seed: u64, weights: FourWeights) -> Vec<Sample> {
    let mut rng = SplitMix64::new(seed.wrapping_mul(1_000_003).wrapping_add(g));
    let plies = 4 + rng.below(8) as u32;
    let mut pos = random_opening(&mut rng, Variant::four_player(), plies);
    let options = SearchOptions { four: FourSeatSearch::MaxN, ..SearchOptions::DEFAULT };
    let mut engines: Vec<Searcher> =
        (0..4).map(|_| Searcher::new(1 << 16).with_options(options).with_four_weights(weights)).collect();
    let mut seen = Vec::new();
    let mut ply = 0;
    while !pos.is_game_over() && ply < 400 {
        seen.push((four_features(&pos), Seat::ALL.map(|s| pos.is_in_play(s))));
        let r = engines[pos.turn().index()].search(&pos, Limits::nodes(nodes));
        pos.play(r.best.expect("a move")).expect("legal");
        ply += 1;
    }
    let Some(winner) = pos.outcome().and_then(|o| o.winner()) else { return Vec::new() };
    seen.into_iter().map(|(features, in_play)| Sample { features, in_play, winner: winner.index() }).collect()
}

fn self_play(games: u64, nodes: u64, seed: u64, weights: FourWeights, threads: u64) -> Vec<Sample> {
    let threads = threads.clamp(1, 64);
    let mut parts: Vec<Vec<Sample>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (0..games)
                        .filter(|g| g % threads == t)
                        .flat_map(|g| game(g, nodes, seed, weights))
                        .collect()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a self-play thread")).collect()
    });
    // Game order does not matter to the loss; thread order keeps the run reproducible.
    parts.iter_mut().flat_map(std::mem::take).collect()
}

fn loss(samples: &[Sample], w: &FourWeights, scale: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            // Each seat in play's evaluation over the scale, on the stack (this runs for
            // every sample at every step of the descent).
            let evals: [Option<f64>; 4] = core::array::from_fn(|k| {
                s.in_play[k].then(|| f64::from(evaluate_four_with(w, &s.features[k])) / scale)
            });
            let top = evals.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max);
            let log_sum = top + evals.iter().flatten().map(|e| (e - top).exp()).sum::<f64>().ln();
            log_sum - evals[s.winner].unwrap_or(top)
        })
        .sum();
    sum / samples.len().max(1) as f64
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |flag: &str, default: u64| number(&args, flag, default);
    let (games, nodes, seed, threads) =
        (get("--games", 1000), get("--nodes", 4000), get("--seed", 41), get("--threads", 2));
    let start = match flag_value(&args, "--start") {
        Some(list) => {
            FourWeights::from_array(weight_list(list).expect("--start: one number a weight, A/B/C/…"))
        }
        None => FourWeights::HAND,
    };
    let play = if args.iter().any(|a| a == "--play-start") { start } else { FourWeights::HAND };
    let t = Instant::now();
    let samples = self_play(games, nodes, seed, play, threads);
    eprintln!("{} samples from {games} games in {:.1} s", samples.len(), t.elapsed().as_secs_f64());
    let scale = [50.0, 100.0, 150.0, 200.0, 300.0, 400.0, 600.0, 800.0, 1200.0, 1600.0, 2400.0]
        .into_iter()
        .min_by(|a, b| loss(&samples, &start, *a).total_cmp(&loss(&samples, &start, *b)))
        .expect("scales");
    let before = loss(&samples, &start, scale);
    let mut free = indices(&args, "--free");
    if free.is_empty() {
        free = (1..FOUR_FEATURES).collect();
    }
    let (w, best) =
        coordinate_descent(start.to_array(), &free, |t| loss(&samples, &FourWeights::from_array(*t), scale));
    let uniform = samples.iter().map(|s| (s.in_play.iter().filter(|&&p| p).count() as f64).ln()).sum::<f64>()
        / samples.len().max(1) as f64;
    println!(
        "samples {} scale {scale} loss uniform {uniform:.6} start {before:.6} tuned {best:.6}",
        samples.len()
    );
    println!("tuned {}", w.map(|x| x.to_string()).join("/"));
    println!("      {:?}", FourWeights::from_array(w));
}
