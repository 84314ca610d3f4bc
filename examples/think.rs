//! Runs the strong engine on a position for a fixed time and prints depth, nodes,
//! nodes per second, score and principal variation: the figures of the search engine.
//!
//! ```text
//! cargo run --release -p wallrush-examples --example think -- [--ms 1000 | --nodes N | --depth D] [--four] [--play PLIES] [--moves "e2 e8 d4h"]
//! ```
//!
//! `--four` starts from the four-player preset instead of the classic board;
//! `--depth D` searches to depth D (and counts the nodes that took);
//! `--nodes N` searches a fixed number of nodes (deterministic: run it under
//! `valgrind --tool=callgrind` for instructions per node); `--play PLIES` then plays the game on with the same engine and
//! budget on both sides, a line a move, up to PLIES plies or the end.

use std::time::{Duration, Instant};

use wallrush_core::{Position, Variant};
use wallrush_engine::search::{Limits, Searcher};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut ms = 1000;
    let mut moves = String::new();
    let mut four = false;
    let mut nodes: Option<u64> = None;
    let mut depth: Option<u32> = None;
    let mut play = 0u32;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--ms" => ms = it.next().and_then(|v| v.parse().ok()).expect("--ms N"),
            "--moves" => moves = it.next().expect("--moves TEXT").clone(),
            "--four" => four = true,
            "--nodes" => nodes = Some(it.next().and_then(|v| v.parse().ok()).expect("--nodes N")),
            "--depth" => depth = Some(it.next().and_then(|v| v.parse().ok()).expect("--depth D")),
            "--play" => play = it.next().and_then(|v| v.parse().ok()).expect("--play PLIES"),
            _ => {
                eprintln!("usage: think [--ms N | --nodes N | --depth D] [--four] [--play PLIES] [--moves \"e2 e8 ...\"]");
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
    let mut engine = Searcher::new(1 << 20);
    let mut think = |pos: &Position| {
        let start = Instant::now();
        let r = engine.search(pos, limits);
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
