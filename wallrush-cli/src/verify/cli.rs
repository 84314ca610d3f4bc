//! The command-line options of `wallrush verify` and `wallrush vectors`, and their runs.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use wallrush_core::Variant;

use super::known::Known;
use super::{default_variants, render_summary, run, run_replay, VerifyConfig};
use crate::{parse_variant, CliError};

/// Options of `wallrush verify`.
#[derive(Args, Clone, Debug)]
#[command(after_help = VERIFY_HELP)]
pub struct VerifyArgs {
    /// The implementation under test: a command (run by `sh -c`) speaking the adapter
    /// protocol of docs/VERIFY.md on stdin/stdout.
    #[arg(long, value_name = "CMD")]
    pub engine: String,
    /// A variant to play, as key=value pairs (size=5,walls=3); repeat for more. Default:
    /// a suite from 3×3 to 31×31 (no walls, 99 walls, the longest walls, four seats).
    #[arg(long, value_name = "VARIANT")]
    pub variant: Vec<String>,
    /// Games to play.
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// Seed of the games and probes.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Milliseconds allowed for each answer of the engine.
    #[arg(long, value_name = "MS", default_value_t = 5000)]
    pub time: u64,
    /// A file of declared differences (see docs/VERIFY.md).
    #[arg(long, value_name = "FILE")]
    pub known: Option<PathBuf>,
    /// Stop each game after N plies (default: 12 × the board size).
    #[arg(long, value_name = "N")]
    pub max_plies: Option<u32>,
    /// Do not probe refusals with illegal moves.
    #[arg(long)]
    pub no_probes: bool,
    /// Stop at the first disagreement (after shrinking it).
    #[arg(long)]
    pub fail_fast: bool,
    /// Seconds spent at most shrinking one disagreement.
    #[arg(long, value_name = "S", default_value_t = 60.0)]
    pub shrink_time: f64,
    /// Run one report or script (as printed by verify) against the engine again, and
    /// nothing else.
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// The example database: failing scripts are saved there and replayed first on the
    /// next run (default: a directory per engine command under the user's data
    /// directory, wallrush/verify/).
    #[arg(long, value_name = "DIR", conflicts_with = "no_database")]
    pub database: Option<PathBuf>,
    /// Keep no example database.
    #[arg(long)]
    pub no_database: bool,
}

const VERIFY_HELP: &str = "\
Exit status: 0 when every comparison agrees (declared differences aside), 1 when a
disagreement was found (each one printed shrunk, with a ready oracle request), 2 when the
engine cannot be started or the options are wrong.

Each disagreement is printed as soon as it is shrunk, with a script that replays it
(wallrush verify --engine CMD --replay FILE, FILE holding the report); the script is also
saved in the example database and replayed first on the next run against the same
engine command, until the engine agrees with it. A progress line on stderr counts games,
plies and disagreements.

Examples:
  wallrush verify --engine \"python3 adapters/openspiel_adapter.py\" --games 50
  wallrush verify --engine ./my-engine --variant size=5,walls=3 --seed 7 --time 500";

/// Options of `wallrush vectors`.
#[derive(Args, Clone, Debug)]
#[command(
    after_help = "Example:\n  wallrush vectors --variant size=5,walls=3 --games 10 --seed 1 > vectors.jsonl\n\n\
                        The format: docs/VERIFY.md."
)]
pub struct VectorsArgs {
    /// A variant, as key=value pairs; repeat for more (default: the verify suite).
    #[arg(long, value_name = "VARIANT")]
    pub variant: Vec<String>,
    /// Games to generate.
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// Seed of the games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop each game after N plies (default: 12 × the board size).
    #[arg(long, value_name = "N")]
    pub max_plies: Option<u32>,
}

fn variants(texts: &[String]) -> Result<Vec<Variant>, CliError> {
    texts.iter().map(|t| parse_variant(t).map_err(CliError::usage)).collect()
}

/// Runs `wallrush verify`, the report on standard output.
///
/// # Errors
/// Exit status 1 after a disagreement, 2 for bad options or an engine that does not start.
pub fn run_verify(args: VerifyArgs) -> Result<(), CliError> {
    let known = match &args.known {
        None => Known::default(),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError::usage(format!("{}: {e}", path.display())))?;
            Known::parse(&text).map_err(|e| CliError::usage(format!("{}: {e}", path.display())))?
        }
    };
    let cfg = VerifyConfig {
        engine: args.engine.clone(),
        variants: variants(&args.variant)?,
        games: args.games,
        seed: args.seed,
        time: Duration::from_millis(args.time.max(1)),
        known,
        max_plies: args.max_plies,
        probes: !args.no_probes,
        shrink_time: Duration::try_from_secs_f64(args.shrink_time).map_err(|_| {
            CliError::usage(format!("--shrink-time: expected seconds, got {}", args.shrink_time))
        })?,
        fail_fast: args.fail_fast,
        database: if args.no_database {
            None
        } else {
            args.database.or_else(|| {
                let key = super::script::fnv1a(args.engine.as_bytes());
                dirs::data_dir().map(|d| d.join("wallrush").join("verify").join(format!("{key:016x}")))
            })
        },
    };
    let mut out = crate::output::stdout();
    let summary = match &args.replay {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError::usage(format!("{}: {e}", path.display())))?;
            run_replay(&cfg, &text, &mut out)?
        }
        None => run(&cfg, &mut out)?,
    };
    out.write_all(render_summary(&summary).as_bytes())?;
    out.flush()?;
    if let Some(why) = summary.dropped {
        return Err(CliError::new(1, format!("verify stopped: {why}")));
    }
    if summary.disagreements > 0 {
        return Err(CliError::new(1, String::new()));
    }
    Ok(())
}

/// Runs `wallrush vectors`, the JSON lines on standard output.
///
/// # Errors
/// Bad options or a write error.
pub fn run_vectors(args: VectorsArgs) -> Result<(), CliError> {
    let list = if args.variant.is_empty() { default_variants() } else { variants(&args.variant)? };
    let mut out = std::io::BufWriter::new(crate::output::stdout());
    super::vectors::write(&mut out, &list, args.games, args.seed, args.max_plies)?;
    out.flush()?;
    Ok(())
}
