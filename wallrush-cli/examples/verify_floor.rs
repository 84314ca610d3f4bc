//! The shortest reproduction an engine's disagreement can have: every position reachable
//! in at most N plies, compared with the engine one by one, shortest first.
//!
//! ```text
//! cargo run -p wallrush-cli --example verify_floor -- --engine CMD --variant size=5,walls=3 \
//!     --plies 3 [--aspect legal] [--probes]
//! ```
//!
//! Each position is reached once (a position reached by several move orders is compared
//! once, which is exact for an engine whose answers depend on the position alone), by
//! replaying its moves from `new` and comparing the last position only: the moves played
//! are still checked as the engine accepts them, and the shorter positions were compared
//! in the layers before. It prints, for each length, the positions compared and the number
//! of move sequences of that length (all of them reach a position compared), and stops at the first disagreement (of `--aspect`, when
//! given), with its moves. Used to find the floor of the shrinker's figures in
//! docs/VERIFY.md.

use std::collections::HashSet;
use std::time::Duration;

use wallrush_cli::verify::known::Known;
use wallrush_cli::verify::{play_line, standard_texts, Choice, Lockstep, Runner};
use wallrush_core::Position;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |key: &str| args.iter().position(|a| a == key).and_then(|i| args.get(i + 1)).cloned();
    let (Some(engine), Some(variant), Some(plies)) =
        (value("--engine"), value("--variant"), value("--plies"))
    else {
        eprintln!("usage: verify_floor --engine CMD --variant V --plies N [--aspect A] [--probes]");
        std::process::exit(2);
    };
    let v = wallrush_cli::parse_variant(&variant).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let plies: usize = plies.parse().expect("--plies N");
    let aspect = value("--aspect");
    let probes = args.iter().any(|a| a == "--probes");
    let mut runner =
        Runner::start(&engine, Duration::from_secs(10), Known::default(), 1).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        });
    // Each new position of the layer with the choices that reach it.
    let start = Position::new(v);
    let mut layer: Vec<(Vec<Choice>, Position)> = vec![(Vec::new(), start.clone())];
    let mut seen: HashSet<Position> = HashSet::from([start.clone()]);
    let (mut positions, mut sequences) = (0u64, 0u64);
    for depth in 0..=plies {
        let layer_sequences = perft(&start, depth);
        for (choices, _) in &layer {
            let mut it = choices.iter().copied();
            let how = Lockstep { probes, engine_cap: None, compare_from: depth };
            let line = play_line(&mut runner, v, how, &mut |_: &Position, _| it.next());
            positions += 1;
            if let Some(d) = line.found {
                if aspect.as_deref().is_none_or(|a| d.aspect == a) {
                    println!(
                        "{depth} plies: {} disagrees ({}): {} / {}",
                        standard_texts(&line.moves, &v).join(" "),
                        d.aspect,
                        d.wallrush,
                        d.engine
                    );
                    println!(
                        "compared {positions} positions; the {sequences} move sequences of fewer plies agree"
                    );
                    return;
                }
            }
        }
        sequences += layer_sequences;
        println!(
            "{depth} plies: {} positions ({layer_sequences} move sequences), no disagreement",
            layer.len()
        );
        if depth == plies {
            break;
        }
        let mut next: Vec<(Vec<Choice>, Position)> = Vec::new();
        for (choices, pos) in &layer {
            if pos.is_game_over() {
                continue;
            }
            for (k, &m) in pos.legal_moves().iter().enumerate() {
                let mut p = pos.clone();
                p.play_unchecked(m);
                if !seen.insert(p.clone()) {
                    continue; // compared already, or in this layer
                }
                let mut c = choices.clone();
                c.push(Choice { index: k as u32, undo: false });
                next.push((c, p));
            }
        }
        layer = next;
    }
    println!("compared {positions} positions, {sequences} move sequences: no disagreement in {plies} plies or fewer");
}

/// The number of move sequences of `depth` plies from `pos` (games that end sooner stop).
fn perft(pos: &Position, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.is_game_over() {
        return 0;
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut p = pos.clone();
            p.play_unchecked(m);
            perft(&p, depth - 1)
        })
        .sum()
}
