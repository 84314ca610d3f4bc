//! Perft: count the positions DEPTH plies ahead, with timing.
//!
//! ```text
//! cargo run --release --example perft -- [--variant size=9,players=2,walls=10,wall_length=2,goal=edge]
//!     [--moves "e2 e8 d4h"] DEPTH [--divide] [--threads N]
//! ```
//!
//! The last ply is counted in bulk (the number of legal moves, without playing them);
//! `--threads N` shares the root moves out over N threads; `--divide` prints every root
//! move with its count. Prints nodes, time and nodes per second.

use std::process::ExitCode;
use std::time::Instant;

use wallrush_cli::parse_variant;
use wallrush_examples::perft::{perft_split, position_after};

const USAGE: &str = "usage: perft [--variant size=9,players=2,walls=10,wall_length=2,goal=edge] \
[--moves \"e2 e8 d4h\"] DEPTH [--divide] [--threads N]";

struct Args {
    variant: String,
    moves: String,
    depth: u32,
    divide: bool,
    threads: usize,
}

fn args() -> Result<Args, String> {
    let mut a =
        Args { variant: String::new(), moves: String::new(), depth: u32::MAX, divide: false, threads: 1 };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--variant" => a.variant = value("--variant")?,
            "--moves" => a.moves = value("--moves")?,
            "--divide" => a.divide = true,
            "--threads" => {
                let v = value("--threads")?;
                a.threads = v
                    .parse()
                    .ok()
                    .filter(|&t| t > 0)
                    .ok_or(format!("--threads {v:?} is not a positive number"))?;
            }
            "-h" | "--help" => return Err(USAGE.to_string()),
            d if a.depth == u32::MAX && !d.starts_with('-') => {
                a.depth = d.parse().map_err(|_| format!("depth {d:?} is not a number"))?;
            }
            other => return Err(format!("unexpected argument {other:?}\n{USAGE}")),
        }
    }
    if a.depth == u32::MAX {
        return Err(format!("DEPTH is missing\n{USAGE}"));
    }
    Ok(a)
}

fn main() -> ExitCode {
    let a = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("perft: {e}");
            return ExitCode::from(2);
        }
    };
    let pos = match parse_variant(&a.variant)
        .and_then(|v| position_after(v, &a.moves).map_err(|e| e.to_string()))
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("perft: {e}");
            return ExitCode::from(2);
        }
    };
    let size = pos.variant().size();
    println!("variant {}", pos.variant());
    if !a.moves.trim().is_empty() {
        println!("moves {}", a.moves.trim());
    }
    println!("depth {}, threads {}", a.depth, a.threads);

    let start = Instant::now();
    let nodes = if a.divide || a.threads > 1 {
        let split = perft_split(&pos, a.depth, a.threads);
        if a.divide {
            for (m, n) in &split {
                println!("{} {n}", m.text(size));
            }
        }
        if a.depth == 0 {
            1
        } else {
            split.iter().map(|(_, n)| n).sum()
        }
    } else {
        wallrush_core::perft(&pos, a.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("nodes {nodes}");
    println!("time {secs:.3} s");
    println!("nodes/s {:.0}", nodes as f64 / secs.max(1e-9));
    ExitCode::SUCCESS
}
