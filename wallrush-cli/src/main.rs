//! `wallrush`: the command-line program of the wallrush rules library.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use wallrush_cli::{demo, oracle, parse_variant};
use wallrush_core::{divide, perft, Position};

#[derive(Parser)]
#[command(name = "wallrush", version, about = "Rules of Quoridor-style wall games")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Answer JSON requests, one per line on stdin, one JSON line each on stdout.
    ///
    /// Example: echo '{"moves": ["e2", "e8"]}' | wallrush oracle
    Oracle,
    /// Count the positions DEPTH plies ahead.
    ///
    /// Example: wallrush perft 3 --moves "e2 e8"
    Perft {
        /// Plies to look ahead.
        depth: u32,
        /// Variant as key=value pairs, e.g. size=9,players=2,walls=10,wall_length=2,goal=edge
        #[arg(long, default_value = "")]
        variant: String,
        /// Moves to play first, standard notation, space separated.
        #[arg(long, default_value = "")]
        moves: String,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Play a seeded game on the classic board, drawing it as it goes, then time perft(3).
    ///
    /// Example: wallrush demo --seed 7
    Demo {
        /// Seed of the game.
        #[arg(long, default_value_t = 2026)]
        seed: u64,
        /// Draw only the final board.
        #[arg(long)]
        quiet: bool,
    },
}

fn run_perft(depth: u32, variant: &str, moves: &str, show_divide: bool) -> Result<(), String> {
    let mut pos = Position::new(parse_variant(variant)?);
    for m in moves.split_whitespace() {
        let mv = m.parse().map_err(|e| format!("{m}: {e}"))?;
        pos.play(mv).map_err(|e| e.to_string())?;
    }
    let start = Instant::now();
    let nodes = if show_divide {
        let n = pos.variant().size();
        let mut total = 0;
        for (m, count) in divide(&pos, depth) {
            println!("{} {count}", m.text(n));
            total += count;
        }
        total
    } else {
        perft(&pos, depth)
    };
    let t = start.elapsed().as_secs_f64();
    println!("nodes {nodes}\ntime {:.3} s\nnodes/s {:.0}", t, nodes as f64 / t.max(1e-9));
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Oracle => {
            let stdin = std::io::stdin();
            let mut stdout = std::io::stdout().lock();
            let mut line = Vec::new();
            let mut input = stdin.lock();
            loop {
                line.clear();
                match input.read_until(b'\n', &mut line) {
                    Ok(0) => break Ok(()),
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&line);
                        let text = text.trim_end_matches(['\n', '\r']);
                        if text.trim().is_empty() {
                            continue;
                        }
                        let answer = oracle::handle_line(text);
                        if writeln!(stdout, "{answer}").and_then(|_| stdout.flush()).is_err() {
                            break Ok(());
                        }
                    }
                    Err(e) => break Err(format!("reading stdin: {e}")),
                }
            }
        }
        Command::Perft { depth, variant, moves, divide } => run_perft(depth, &variant, &moves, divide),
        Command::Demo { seed, quiet } => {
            demo::run(&mut std::io::stdout().lock(), seed, quiet).map_err(|e| e.to_string())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("wallrush: {e}");
            ExitCode::FAILURE
        }
    }
}
