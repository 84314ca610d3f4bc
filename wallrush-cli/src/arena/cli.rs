//! The command-line options of `wallrush arena` and `wallrush selfplay` (the arena with
//! its records written), and their run.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use wallrush_core::notation::Notation;

use super::stats::Sprt;
use super::{render, run, ArenaConfig};
use crate::{output, parse_variant, CliError};

/// Options of `wallrush arena` and `wallrush selfplay`.
#[derive(Args, Clone, Debug)]
pub struct ArenaArgs {
    /// Player A: strong, strong:BUDGET, beginner, random, wallrush:PATH or
    /// wallrush:BUDGET:PATH (another build of this program), gen:CMD, qtp:CMD or uci:CMD
    /// (BUDGET: MS, nNODES or dDEPTH).
    #[arg(long, value_name = "PLAYER", required_unless_present = "engines")]
    pub a: Option<String>,
    /// Player B, as A.
    #[arg(long, value_name = "PLAYER", required_unless_present = "engines")]
    pub b: Option<String>,
    /// Both players, A,B (the same as --a A --b B).
    #[arg(long, value_name = "A,B", hide = true, conflicts_with_all = ["a", "b"])]
    pub engines: Option<String>,
    /// Games (pairs share an opening with the colours swapped); the most an SPRT plays
    /// [default: 20, with --sprt 100000].
    #[arg(long)]
    pub games: Option<u32>,
    /// A sequential probability ratio test over game pairs, which ends the match when
    /// the log-likelihood ratio crosses a bound: elo0=E0,elo1=E1,alpha=A,beta=B (alpha
    /// and beta may be left out: 0.05).
    #[arg(long, value_name = "SPEC")]
    pub sprt: Option<String>,
    /// Milliseconds a move for every player whose spec names no budget.
    #[arg(long, value_name = "MS")]
    pub ms: Option<u64>,
    /// Games played at once, each on its own thread (external programs: a process per
    /// game and side).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub concurrency: usize,
    /// Seed of the openings and the seeded players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random plies opening each pair.
    #[arg(long, value_name = "PLIES", default_value_t = 4)]
    pub opening: u32,
    /// Plies after which a game is adjudicated (a race by route lengths, else a draw).
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub max_plies: u32,
    /// Variant as key=value pairs, size=9,players=2,walls=10,wall_length=2,goal=edge
    /// (the uci and qtp dialects play the classic game only).
    #[arg(long, value_name = "KEY=VALUE,…")]
    pub variant: Option<String>,
    /// Folder for the game records (one that holds no earlier run's).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Notation of the records.
    #[arg(long, default_value = "standard")]
    pub notation: Notation,
    /// Milliseconds an external program may take beyond three times its budget before
    /// it forfeits the game.
    #[arg(long, value_name = "MS", default_value_t = 2000)]
    pub slack: u64,
}

/// The help after the options of `wallrush arena`.
pub const ARENA_HELP: &str = "\
Progress goes to standard error, one line per game (games played, A's W/D/L and score,
and the LLR with its bounds under --sprt); the summary to standard output: W/D/L and
score for A with its 95% interval and the Elo difference it gives (no estimate when one
side won every game), the same over game pairs, the SPRT's verdict, time a move and the
median search depth of the engines that report one. A player that gives an illegal or
unreadable move, or none in time, loses that game. The protocols: docs/ENGINE.md.

--concurrency N plays N games at once, each on its own thread (external programs: a
process per game and side). It pays only with N idle cores: the games share the
machine, so a move at a time budget searches less, and one at a node budget takes
longer. On a 2-core machine shared with other jobs (load average about 3), 8 games of
strong:n20000 against itself took a median 11-14 ms a move at --concurrency 1 and 23-33
ms at 2 (three runs each), and no less wall time. Node and depth budgets play the same
games at any N; the summary gives time a move (mean and median) and median depth.

Examples:
  wallrush arena --a strong --b wallrush:/path/to/older/wallrush --ms 100 --sprt elo0=-5,elo1=0
  wallrush arena --a strong --b \"uci:/path/to/titanium uci\" --ms 100 --games 100
  wallrush arena --a strong:n20000 --b beginner --games 20 --variant size=7,walls=6 --out records";

/// The help after the options of `wallrush selfplay`.
pub const SELFPLAY_HELP: &str = "\
The arena (wallrush arena --help) with every game's record written to --out, which is
required. The same options, progress lines and summary.

Examples:
  wallrush selfplay --a beginner --b strong:n20000 --games 20 --out records
  wallrush selfplay --a beginner --b random --games 4 --variant size=5,walls=3 --out records";

/// Runs `wallrush arena`.
///
/// # Errors
/// Status 2 for bad options, a player that cannot start, records that cannot be
/// written or a closed standard output.
pub fn run_arena(args: ArenaArgs) -> Result<(), CliError> {
    let cfg = config(args, "wallrush arena")?;
    play(&cfg)
}

/// Runs `wallrush selfplay`: the arena, its records written.
///
/// # Errors
/// As [`run_arena`], and status 2 without `--out`.
pub fn run_selfplay(args: ArenaArgs) -> Result<(), CliError> {
    if args.out.is_none() {
        return Err(CliError::usage(
            "selfplay writes every game's record: give --out DIR (wallrush arena plays without records)",
        ));
    }
    let cfg = config(args, "wallrush selfplay")?;
    play(&cfg)
}

fn play(cfg: &ArenaConfig) -> Result<(), CliError> {
    let summary = run(cfg, &mut std::io::stderr())?;
    let mut out = output::stdout();
    std::io::Write::write_all(&mut out, render(cfg, &summary).as_bytes())?;
    Ok(std::io::Write::flush(&mut out)?)
}

/// The match the options describe.
///
/// # Errors
/// Status 2 for bad options.
pub fn config(args: ArenaArgs, event: &str) -> Result<ArenaConfig, CliError> {
    let (a, b) = match (&args.engines, &args.a, &args.b) {
        (Some(both), _, _) => both
            .split_once(',')
            .ok_or_else(|| CliError::usage(format!("--engines {both:?}: expected two players, A,B")))?,
        (None, Some(a), Some(b)) => (a.as_str(), b.as_str()),
        _ => return Err(CliError::usage("give both players: --a PLAYER --b PLAYER")),
    };
    let a = a.trim().parse().map_err(CliError::usage)?;
    let b = b.trim().parse().map_err(CliError::usage)?;
    let variant = parse_variant(args.variant.as_deref().unwrap_or("")).map_err(CliError::usage)?;
    if args.ms == Some(0) || args.ms.is_some_and(|ms| ms > 600_000) {
        return Err(CliError::usage("--ms: expected 1 to 600000"));
    }
    if args.max_plies == 0 || args.max_plies > 100_000 {
        return Err(CliError::usage("--max-plies: expected 1 to 100000"));
    }
    if args.concurrency == 0 || args.concurrency > 256 {
        return Err(CliError::usage("--concurrency: expected 1 to 256"));
    }
    let sprt = match &args.sprt {
        Some(text) => Some(text.parse::<Sprt>().map_err(|e| CliError::usage(format!("--sprt: {e}")))?),
        None => None,
    };
    let games = args.games.unwrap_or(if sprt.is_some() { 100_000 } else { 20 });
    if games > 1_000_000 {
        return Err(CliError::usage("--games: at most 1000000"));
    }
    let mut cfg = ArenaConfig::new([a, b], variant);
    cfg.games = games;
    cfg.ms = args.ms;
    cfg.seed = args.seed;
    cfg.opening = args.opening.min(args.max_plies);
    cfg.max_plies = args.max_plies;
    cfg.out = args.out;
    cfg.notation = args.notation;
    cfg.event = event.to_string();
    cfg.slack = Duration::from_millis(args.slack.min(600_000));
    cfg.sprt = sprt;
    cfg.concurrency = args.concurrency;
    Ok(cfg)
}
