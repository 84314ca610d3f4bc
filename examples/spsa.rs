//! SPSA tuning of the strong engine's two-seat evaluation on match results, seeded and
//! reproducible (the match-based counterpart of the Texel tuning of `tune`).
//!
//! ```text
//! cargo run --release -p wallrush-examples --example spsa -- \
//!     [--tune NAME,NAME,…] [--start A/B/…] [--pairs 4000] [--nodes 15000] [--seed 1] [--threads 2] [--rate 3] [--opening 4] [--report 100]
//! ```
//!
//! The tuned parameters are the wall weights, the tempo and
//! the monopoly term of [`Weights`] (from [`Weights::TUNED`]) and the threat term's
//! weight ([`Weights::threat`]); `--tune` names others among the weights after the
//! route (`walls`, `walls_long`, `walls_crowded`, `tempo`, `monopoly`, `route_walls`,
//! `near_goal`, `sure_race`) and `threat`, in the order the reports print them. Each game
//! pair:
//!
//! 1. draws a sign Δ = ±1 for every parameter and a random opening of `--opening` plies
//!    (both from `--seed`);
//! 2. builds two strong engines at `--nodes` nodes a move, one at θ + cΔ and one at
//!    θ − cΔ ([`spsa_points`]; c is 15 centi-steps for the weights and 10 for the threat);
//! 3. plays the opening out twice, seats swapped, capped at 200 plies;
//! 4. moves θ by `rate/1000 · c · r · Δ`, where r is the `+` engine's points less the `−`
//!    engine's over the pair ([`spsa_step`]).
//!
//! `--start A/B/…` starts θ there instead (one number a tuned parameter, in the order
//! the reports print them). The run behind the default weights started from the earlier
//! ones: `spsa -- --pairs 6000 --nodes 15000 --seed 1 --rate 3 --start 55/42/63/50/-32/40`.
//!
//! `--threads` pairs are played at a time on the same θ and applied in pair order, so the
//! run is the same whatever the machine's speed. Every `--report` pairs it prints θ and
//! the `+` side's score; at the end, θ rounded: the weights in [`Weights::to_array`]
//! order and the threat weight.

use std::process::ExitCode;
use std::time::Instant;

use wallrush_cli::arena::opening;
use wallrush_core::{BySeat, Position, Seat, SplitMix64, Variant};
use wallrush_engine::bot::{play_game, Bot};
use wallrush_engine::search::{Limits, Strong, Weights};
use wallrush_examples::tuning::{flag_value, number, spsa_points, spsa_step, weights_of_len, SpsaParam};

/// The two-seat parameters `--tune` can name: the weights of [`Weights::to_array`] after
/// the route (the unit), then the threat weight; with each, its index in that array
/// ([`THREAT`] for the threat), its perturbation c and its bounds.
const TWO_SEAT: [(&str, usize, f64, f64, f64); 9] = [
    ("walls", 1, 15.0, -200.0, 400.0),
    ("walls_long", 2, 15.0, -200.0, 400.0),
    ("walls_crowded", 3, 15.0, -200.0, 400.0),
    ("tempo", 4, 15.0, -100.0, 300.0),
    ("monopoly", 5, 15.0, -300.0, 300.0),
    ("route_walls", 6, 15.0, -200.0, 400.0),
    ("near_goal", 7, 15.0, -200.0, 400.0),
    ("sure_race", 8, 50.0, 0.0, 10000.0),
    ("threat", THREAT, 10.0, 0.0, 200.0),
];

/// The index [`TWO_SEAT`] gives the threat weight.
const THREAT: usize = 9;

/// The parameters tuned when `--tune` names none (the run behind [`Weights::TUNED`]).
const DEFAULT_TUNE: &str = "walls,walls_long,walls_crowded,tempo,monopoly,threat";

/// The two-seat parameters named in `tune` (comma-separated, from [`TWO_SEAT`]), each
/// starting at its default, with their indices; `None` on an unknown or repeated name.
fn start_params(tune: &str) -> Option<(Vec<SpsaParam>, Vec<usize>)> {
    let w = Weights::TUNED.to_array();
    let mut params = Vec::new();
    let mut indices = Vec::new();
    for name in tune.split(',') {
        let &(name, index, c, min, max) = TWO_SEAT.iter().find(|p| p.0 == name)?;
        if indices.contains(&index) {
            return None;
        }
        let value = if index == THREAT { Weights::TUNED.threat } else { w[index] };
        params.push(SpsaParam { name, value: f64::from(value), c, min, max });
        indices.push(index);
    }
    Some((params, indices))
}

/// The engine settings at the rounded point `at`, the values of the parameters at
/// `indices` (as [`start_params`] gives them); the others at their defaults.
fn settings(at: &[i32], indices: &[usize]) -> Weights {
    let mut w = Weights::TUNED.to_array();
    let mut threat = Weights::TUNED.threat;
    for (&value, &index) in at.iter().zip(indices) {
        if index == THREAT {
            threat = value.max(0);
        } else {
            w[index] = value;
        }
    }
    Weights { threat, ..Weights::from_array(w) }
}

/// Plays pair `index`: its random opening (of `plies` plies, from `seed`) played out
/// twice, the `+` engine South in the first game; returns the `+` engine's points less the
/// `−` engine's (a draw counts nothing to either).
fn play_pair(
    index: u64,
    (plus, minus): (&[i32], &[i32]),
    tuned: &[usize],
    nodes: u64,
    seed: u64,
    plies: u32,
) -> f64 {
    let variant = Variant::classic();
    let mut start = Position::new(variant);
    for m in opening(variant, seed, u32::try_from(index).unwrap_or(u32::MAX), plies) {
        start.play_unchecked(m);
    }
    let mut r = 0.0;
    let (wp, wm) = (settings(plus, tuned), settings(minus, tuned));
    for game in 0..2 {
        let mut p = Strong::with_weights(Limits::nodes(nodes), wp);
        let mut m = Strong::with_weights(Limits::nodes(nodes), wm);
        let mut bots: [&mut dyn Bot; 2] = [&mut p, &mut m];
        let plus_seat = if game == 0 { Seat::South } else { Seat::North };
        let seating = if game == 0 { BySeat([0, 1, 1, 1]) } else { BySeat([1, 1, 0, 1]) };
        let played = play_game(&start, &mut bots, seating, 200).expect("the strong engine plays legal moves");
        r += match played.outcome.winner() {
            Some(s) if s == plus_seat => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        };
    }
    r
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("usage: spsa [--tune NAME,…] [--start A/B/…] [--pairs N] [--nodes N] [--seed S] [--threads T] [--rate R‰] [--opening K] [--report N]");
        return ExitCode::SUCCESS;
    }
    let pairs = number(&args, "--pairs", 4000);
    let nodes = number(&args, "--nodes", 15000);
    let seed = number(&args, "--seed", 1);
    let threads = number(&args, "--threads", 2).clamp(1, 64);
    let rate = number(&args, "--rate", 3) as f64 / 1000.0;
    let plies = u32::try_from(number(&args, "--opening", 4)).unwrap_or(4);
    let report = number(&args, "--report", 100).max(1);

    let tune = flag_value(&args, "--tune");
    let Some((mut params, tuned)) = start_params(tune.unwrap_or(DEFAULT_TUNE)) else {
        let names: Vec<&str> = TWO_SEAT.iter().map(|p| p.0).collect();
        eprintln!("--tune takes distinct names among {}", names.join(","));
        return ExitCode::from(2);
    };
    if let Some(list) = flag_value(&args, "--start") {
        let Some(values) = weights_of_len(list, params.len()) else {
            let names: Vec<&str> = params.iter().map(|p| p.name).collect();
            eprintln!("--start takes {} numbers: {}", params.len(), names.join("/"));
            return ExitCode::from(2);
        };
        params.iter_mut().zip(values).for_each(|(p, x)| p.value = f64::from(x));
    }
    let mut rng = SplitMix64::new(seed ^ 0x5_B5A);
    let started = Instant::now();
    let (mut done, mut plus_points) = (0u64, 0.0);
    println!("spsa: {pairs} pairs at {nodes} nodes a move, seed {seed}, rate {rate}, opening {plies} plies");
    while done < pairs {
        let batch = threads.min(pairs - done);
        let jobs: Vec<(Vec<i8>, u64)> = (0..batch)
            .map(|k| {
                (params.iter().map(|_| if rng.next_u64() & 1 == 0 { 1 } else { -1 }).collect(), done + k)
            })
            .collect();
        let results: Vec<f64> = std::thread::scope(|s| {
            let handles: Vec<_> = jobs
                .iter()
                .map(|(delta, index)| {
                    let index = *index;
                    let (plus, minus) = spsa_points(&params, delta);
                    let tuned = &tuned;
                    s.spawn(move || play_pair(index, (&plus, &minus), tuned, nodes, seed, plies))
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a pair's thread")).collect()
        });
        for ((delta, _), r) in jobs.iter().zip(&results) {
            spsa_step(&mut params, delta, *r, rate);
            plus_points += (r + 2.0) / 4.0;
            done += 1;
            if done % report == 0 || done == pairs {
                let values: Vec<String> =
                    params.iter().map(|p| format!("{} {:.1}", p.name, p.value)).collect();
                println!(
                    "pairs {done:>6}  {:>5.0} s  + side {:.1} %  {}",
                    started.elapsed().as_secs_f64(),
                    100.0 * plus_points / done as f64,
                    values.join("  ")
                );
            }
        }
    }
    let rounded: Vec<i32> = params.iter().map(|p| p.value.round() as i32).collect();
    let w = settings(&rounded, &tuned);
    let list: Vec<String> = w.to_array().iter().map(i32::to_string).collect();
    println!("tuned: weights {}, threat {}", list.join("/"), w.threat);
    ExitCode::SUCCESS
}
