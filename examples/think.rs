//! Runs the strong engine on a position for a fixed time and prints depth, nodes,
//! nodes per second, score and principal variation: the figures of the search engine.
//!
//! ```text
//! cargo run --release -p wallrush-examples --example think -- [--ms 1000 | --nodes N | --depth D] [--four] [--search maxn|paranoid|brs] [--baseline] [--switches a+b+…] [--play PLIES] [--moves "e2 e8 d4h"]
//! ```
//!
//! `--four` starts from the four-player preset instead of the classic board, and
//! `--search` picks the four-seat search (default: the engine's);
//! `--depth D` searches to depth D (and counts the nodes that took);
//! `--nodes N` searches a fixed number of nodes (deterministic: run it under
//! `valgrind --tool=callgrind` for instructions per node); `--baseline` runs the previous
//! strong engine instead; `--play PLIES` then plays the game on with the same engine and
//! budget on both sides, a line a move, up to PLIES plies or the end.

use std::time::{Duration, Instant};

use wallrush_core::{Position, Variant};
use wallrush_engine::search::{FourSeatSearch, Limits, SearchOptions, Searcher};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut ms = 1000;
    let mut moves = String::new();
    let mut four = false;
    let mut nodes: Option<u64> = None;
    let mut depth: Option<u32> = None;
    let mut baseline = false;
    let mut play = 0u32;
    let mut search = FourSeatSearch::default();
    let mut options = SearchOptions::DEFAULT;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--search" => {
                search = match it.next().map(|name| name.parse()) {
                    Some(Ok(search)) => search,
                    _ => {
                        eprintln!("--search takes maxn, paranoid or brs");
                        std::process::exit(2);
                    }
                }
            }
            "--switches" => {
                options =
                    options.with_switches(it.next().expect("--switches a+b+…")).unwrap_or_else(|name| {
                        eprintln!("unknown switch {name}");
                        std::process::exit(2);
                    });
            }
            "--ms" => ms = it.next().and_then(|v| v.parse().ok()).expect("--ms N"),
            "--moves" => moves = it.next().expect("--moves TEXT").clone(),
            "--four" => four = true,
            "--nodes" => nodes = Some(it.next().and_then(|v| v.parse().ok()).expect("--nodes N")),
            "--depth" => depth = Some(it.next().and_then(|v| v.parse().ok()).expect("--depth D")),
            "--baseline" => baseline = true,
            "--play" => play = it.next().and_then(|v| v.parse().ok()).expect("--play PLIES"),
            _ => {
                eprintln!("usage: think [--ms N | --nodes N | --depth D] [--four] [--search maxn|paranoid|brs] [--baseline] [--switches a+b+…] [--play PLIES] [--moves \"e2 e8 ...\"]");
                std::process::exit(2);
            }
        }
    }
    let mut pos = if four { Position::new(Variant::four_player()) } else { Position::classic() };
    for m in moves.split_whitespace() {
        pos.play(m.parse().expect("standard notation")).expect("legal move");
    }
    let limits = match (depth, nodes) {
        (Some(d), _) => Limits::depth(d),
        (None, Some(n)) => Limits::nodes(n),
        (None, None) => Limits::time(Duration::from_millis(ms)),
    };
    let mut new_engine =
        Searcher::new(options.table_entries()).with_options(SearchOptions { four: search, ..options });
    let mut old_engine = wallrush_engine::baseline::Searcher::new(1 << 20);
    let mut think = |pos: &Position| {
        let start = Instant::now();
        let r = if baseline { old_engine.search(pos, limits) } else { new_engine.search(pos, limits) };
        (r, start.elapsed().as_secs_f64())
    };
    let (r, t) = think(&pos);
    let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
    println!(
        "depth {} nodes {} time {:.3} s nps {:.0} score {} best {} pv {}",
        r.depth,
        r.nodes,
        t,
        r.nodes as f64 / t,
        r.score,
        r.best.map(|m| m.to_string()).unwrap_or_default(),
        pv.join(" ")
    );
    let mut best = r.best;
    for ply in 0..play {
        let Some(m) = best else { break };
        pos.play(m).expect("the engine plays legal moves");
        if pos.is_game_over() {
            println!("{}: {m}; {}", ply + 1, pos.outcome().map(|o| o.to_string()).unwrap_or_default());
            break;
        }
        let (r, _) = think(&pos);
        println!("{}: {m}; {} to move: depth {} score {}", ply + 1, pos.turn(), r.depth, r.score);
        best = r.best;
    }
}
