//! The command-line options of `wallrush arena`, and its run.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use super::stats::Sprt;
use super::{render, run, ArenaConfig};
use crate::{output, parse_variant, CliError};

/// Options of `wallrush arena`.
#[derive(Args, Clone, Debug)]
#[command(after_help = ARENA_HELP)]
pub struct ArenaArgs {
    /// Player A: strong, strong:BUDGET, baseline, baseline:BUDGET, beginner, random,
    /// gen:CMD, qtp:CMD or uci:CMD (BUDGET: MS, nNODES or dDEPTH); strong may add search
    /// switches, strong+qs or strong:250+qs+lmp6.
    #[arg(long, value_name = "PLAYER")]
    pub a: String,
    /// Player B, as A.
    #[arg(long, value_name = "PLAYER")]
    pub b: String,
    /// Games (pairs share an opening with the colours swapped); the most an SPRT plays
    /// [default: 20, with --sprt 100000].
    #[arg(long)]
    pub games: Option<u32>,
    /// A sequential probability ratio test over game pairs, which ends the match when
    /// the log-likelihood ratio crosses a bound: elo0=E0,elo1=E1[,alpha=A][,beta=B]
    /// (alpha and beta default to 0.05).
    #[arg(long, value_name = "SPEC")]
    pub sprt: Option<String>,
    /// Milliseconds a move for every player whose spec names no budget.
    #[arg(long, value_name = "MS")]
    pub ms: Option<u64>,
    /// Seed of the openings and the seeded players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random plies opening each pair.
    #[arg(long, value_name = "PLIES", default_value_t = 4)]
    pub opening: u32,
    /// Plies after which a game is adjudicated (a race by route lengths, else a draw).
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub max_plies: u32,
    /// Variant as key=value pairs (external dialects other than gen play the classic
    /// game only).
    #[arg(long, default_value = "")]
    pub variant: String,
    /// Folder for the game records.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Milliseconds an external program may take beyond three times its budget before
    /// it forfeits the game.
    #[arg(long, value_name = "MS", default_value_t = 2000)]
    pub slack: u64,
}

const ARENA_HELP: &str = "\
Progress goes to standard error, one line per game (A's W/D/L and score, and the LLR
with its bounds under --sprt); the summary to standard output: W/D/L and score for A
with its 95% interval and the Elo difference it gives (no estimate when one side won
every game), the same over game pairs, the SPRT's verdict, time a move and the median
search depth of wallrush's engines. A player that gives an illegal
or unreadable move, or none in time, loses that game. The protocols: docs/ENGINE.md.

Examples:
  wallrush arena --a strong --b baseline --ms 100 --games 100 --out arena-records
  wallrush arena --a strong --b \"uci:/path/to/titanium uci\" --ms 100 --games 100
  wallrush arena --a strong:n20000 --b beginner --games 20 --variant size=7,walls=6";

/// Runs `wallrush arena`.
///
/// # Errors
/// Status 2 for bad options, a player that cannot start, records that cannot be
/// written or a closed standard output.
pub fn run_arena(args: ArenaArgs) -> Result<(), CliError> {
    let a = args.a.parse().map_err(CliError::usage)?;
    let b = args.b.parse().map_err(CliError::usage)?;
    let variant = parse_variant(&args.variant).map_err(CliError::usage)?;
    if args.ms == Some(0) || args.ms.is_some_and(|ms| ms > 600_000) {
        return Err(CliError::usage("--ms: expected 1 to 600000"));
    }
    if args.max_plies == 0 || args.max_plies > 100_000 {
        return Err(CliError::usage("--max-plies: expected 1 to 100000"));
    }
    let sprt = match &args.sprt {
        Some(text) => Some(text.parse::<Sprt>().map_err(|e| CliError::usage(format!("--sprt: {e}")))?),
        None => None,
    };
    let games = args.games.unwrap_or(if sprt.is_some() { 100_000 } else { 20 });
    if games > 1_000_000 {
        return Err(CliError::usage("--games: at most 1000000"));
    }
    let cfg = ArenaConfig {
        players: [a, b],
        variant,
        games,
        ms: args.ms,
        seed: args.seed,
        opening: args.opening.min(args.max_plies),
        max_plies: args.max_plies,
        out: args.out,
        slack: Duration::from_millis(args.slack.min(600_000)),
        sprt,
    };
    let summary = run(&cfg, &mut std::io::stderr())?;
    let mut out = output::stdout();
    std::io::Write::write_all(&mut out, render(&cfg, &summary).as_bytes())?;
    Ok(())
}
