//! Runs the strong engine on a position for a fixed time and prints depth, nodes,
//! nodes per second, score and principal variation: the figures of the search engine.
//!
//! ```text
//! cargo run --release -p wallrush-examples --example think -- [--ms 1000] [--four] [--moves "e2 e8 d4h"]
//! ```
//!
//! `--four` starts from the four-player preset instead of the classic board.

use std::time::{Duration, Instant};

use wallrush_core::{Position, Variant};
use wallrush_engine::search::{Limits, Searcher};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut ms = 1000;
    let mut moves = String::new();
    let mut four = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--ms" => ms = it.next().and_then(|v| v.parse().ok()).expect("--ms N"),
            "--moves" => moves = it.next().expect("--moves TEXT").clone(),
            "--four" => four = true,
            _ => {
                eprintln!("usage: think [--ms N] [--four] [--moves \"e2 e8 ...\"]");
                std::process::exit(2);
            }
        }
    }
    let mut pos = if four { Position::new(Variant::four_player()) } else { Position::classic() };
    for m in moves.split_whitespace() {
        pos.play(m.parse().expect("standard notation")).expect("legal move");
    }
    let mut engine = Searcher::new(1 << 20);
    let start = Instant::now();
    let r = engine.search(&pos, Limits::time(Duration::from_millis(ms)));
    let t = start.elapsed().as_secs_f64();
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
}
