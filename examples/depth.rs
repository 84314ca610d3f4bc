//! How deep the strong engine searches (two seats): the depth it completes within a
//! node or time budget on a fixed, seeded set of game positions, to compare builds by
//! depth and speed before a match.
//!
//! ```text
//! cargo run --release -p wallrush-examples --example depth -- [--nodes 100000 | --ms 100 | --depth 9] [--positions 40] [--seed 1] [--every 5] [--warm] [--table-bits 20]
//! ```
//!
//! The positions come from self-play of the default engine at 2,000 nodes a move from
//! seeded random openings: one every `--every` plies (5) while a seat still holds a wall,
//! up to `--positions`. Each is searched by a fresh engine with a table of
//! `2^--table-bits` entries (20, the `strong` bot's), or with `--warm` by one engine that
//! keeps its table and history from position to position, as the bot does in a game
//! (`--every 2` then gives the positions one seat searches in a game). The program prints
//! the median and mean depth, the nodes and the nodes a second, then the depth and the
//! nodes of each position. `--depth D` searches each position to depth D and counts the
//! nodes that took. With `--nodes` or `--depth` everything but the time is
//! deterministic.

use std::io::Write;
use std::time::{Duration, Instant};

use wallrush_cli::{output, CliError};
use wallrush_core::{Move, Position, SplitMix64};
use wallrush_engine::search::{Limits, SearchOptions, Searcher, TABLE_BITS};

fn positions(count: usize, seed: u64, every: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    let mut engine = Searcher::new(1 << 18);
    while out.len() < count {
        let mut pos = Position::classic();
        for _ in 0..4 + rng.next_u64() % 4 {
            let legal = pos.legal_moves();
            let (pawns, walls): (Vec<Move>, Vec<Move>) =
                legal.iter().partition(|m| matches!(m, Move::Pawn(_)));
            let pool = if walls.is_empty() || rng.next_u64() % 3 != 0 { pawns } else { walls };
            let Some(&m) = rng.pick(&pool) else { break };
            pos.play(m).expect("legal");
        }
        let mut ply = 0;
        while !pos.is_game_over() && ply < 200 && out.len() < count {
            let held: u32 = pos.seats_in_play().map(|s| u32::from(pos.walls_left(s))).sum();
            if held == 0 {
                break;
            }
            if ply % every == 0 {
                out.push(pos.clone());
            }
            let Some(m) = engine.search(&pos, Limits::nodes(2_000)).best else { break };
            pos.play(m).expect("the engine plays legal moves");
            ply += 1;
        }
        engine.clear();
    }
    out
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut nodes, mut ms, mut count, mut seed) = (100_000u64, None, 40usize, 1u64);
    let (mut fixed_depth, mut warm, mut every) = (None, false, 5usize);
    let mut options = SearchOptions::DEFAULT;
    let usage = "usage: depth [--nodes N | --ms MS | --depth D] [--positions K] [--seed S] [--every K] [--warm] [--table-bits B]";
    while let Some(flag) = args.next() {
        if flag == "--warm" {
            warm = true;
            continue;
        }
        let value = args.next().unwrap_or_else(|| {
            eprintln!("{usage}");
            std::process::exit(2)
        });
        let bad = || -> ! {
            eprintln!("{flag}: bad value {value}\n{usage}");
            std::process::exit(2)
        };
        match flag.as_str() {
            "--nodes" => nodes = value.parse().unwrap_or_else(|_| bad()),
            "--ms" => ms = Some(value.parse::<u64>().unwrap_or_else(|_| bad())),
            "--positions" => count = value.parse().unwrap_or_else(|_| bad()),
            "--seed" => seed = value.parse().unwrap_or_else(|_| bad()),
            "--every" => every = value.parse::<usize>().ok().filter(|&k| k > 0).unwrap_or_else(|| bad()),
            "--depth" => fixed_depth = Some(value.parse::<u32>().unwrap_or_else(|_| bad())),
            "--table-bits" => {
                options =
                    value.parse().ok().and_then(|b| options.with_table_bits(b).ok()).unwrap_or_else(|| {
                        eprintln!("--table-bits takes {} to {}", TABLE_BITS.start(), TABLE_BITS.end());
                        bad()
                    })
            }
            _ => {
                eprintln!("{usage}");
                std::process::exit(2);
            }
        }
    }
    let limits = match (ms, fixed_depth) {
        (_, Some(depth)) => Limits::depth(depth),
        (Some(ms), None) => Limits::time(Duration::from_millis(ms)),
        (None, None) => Limits::nodes(nodes),
    };
    let set = positions(count, seed, every);
    let (mut depths, mut total_nodes, mut seconds) = (Vec::new(), 0u64, 0f64);
    let mut each = Vec::new();
    let new_engine = || Searcher::new(options.table_entries());
    let mut engine = new_engine();
    for pos in &set {
        if !warm {
            engine = new_engine();
        }
        let start = Instant::now();
        let r = engine.search(pos, limits);
        seconds += start.elapsed().as_secs_f64();
        depths.push(r.depth);
        each.push(r.nodes);
        total_nodes += r.nodes;
    }
    let mut sorted = depths.clone();
    sorted.sort_unstable();
    let median = sorted[sorted.len() / 2];
    let mean = depths.iter().sum::<u32>() as f64 / depths.len() as f64;
    let mut out = output::stdout();
    let written = writeln!(
        out,
        "positions {} median depth {} mean depth {:.2} nodes {} nps {:.0}",
        set.len(),
        median,
        mean,
        total_nodes,
        total_nodes as f64 / seconds
    )
    .and_then(|()| writeln!(out, "depths {depths:?}"))
    .and_then(|()| writeln!(out, "nodes {each:?}"));
    // As in the `wallrush` program: a reader that stopped early (`| head`) ends the
    // output quietly (status 0), any other failure is said.
    if let Err(e) = written.map_err(CliError::from) {
        if e.code != 0 {
            eprintln!("depth: {e}");
            std::process::exit(1);
        }
    }
}
