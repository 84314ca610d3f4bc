//! The match runner: one bot against another over N games, seats alternated, seeded
//! openings; prints wins/draws/losses, the Elo difference with its 95 % error bar and
//! the average time per move, and saves every game's record to a folder.
//!
//! ```text
//! cargo run --release -p wallrush-examples --example match -- \
//!     --a beginner --b random --games 20 --seed 1 --out match-records
//! ```

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use wallrush_core::{BySeat, Goal, SplitMix64, Variant};
use wallrush_engine::baseline::Baseline;
use wallrush_engine::bot::{Beginner, Bot, RandomMover};
use wallrush_engine::search::{Limits, SearchOptions, Strong, Weights};
use wallrush_examples::arena::{run_match, MatchConfig, Side};
use wallrush_examples::record::{result_text, write_game};

const USAGE: &str = "\
usage: match [options]
  --a NAME            first bot: beginner, random, strong (100 ms a move), strong:MS,
                      baseline[:…] (the previous strong engine, same budgets),
                      hand[:…] (the strong engine with its weights before tuning),
                      each with +noself, +notouch, +noblock, +frontier, +lmrlog, +lmrK, +lmr2K,
                      +nmpR, +rfpMARGIN, +rfpdDEPTH, +lmpK switches
                      and +wA/B/C/… (all the evaluation weights, in Weights order),
                      strong:dDEPTH or strong:nNODES (default beginner)
  --b NAME            second bot (default random)
  --games N           games to play (default 20; pairs share an opening, seats swapped)
  --seed S            seed of the openings and the bots (default 1)
  --opening K         random plies opening each pair (default 2)
  --max-plies M       draw after M plies (default 500)
  --size N            board size (default 9)
  --players P         2 or 4 (default 2)
  --walls W           walls per player (default 10, or 5 with 4 players)
  --wall-length L     cells a wall covers (default 2)
  --goal G            edge or centre (default edge)
  --out DIR           folder for the records (default match-records)
  --no-records        do not save records
  --quiet             no line per game";

struct Args {
    a: String,
    b: String,
    config: MatchConfig,
    out: Option<PathBuf>,
    quiet: bool,
}

fn make_bot(full: &str, seed: u64) -> Option<Box<dyn Bot>> {
    // strong…+noself+notouch+noblock+lmrK+lmr2K: the strong engine with search switches
    // turned (SearchOptions), for experiments.
    let mut parts = full.split('+');
    let name = parts.next()?;
    // A part `wA/B/C/…` sets the evaluation weights (in `Weights::to_array` order; all
    // FEATURES of them) instead of the tuned ones.
    let mut options = SearchOptions::DEFAULT;
    let mut custom: Option<Weights> = None;
    for o in parts {
        if let Some(list) = o.strip_prefix('w') {
            let v: Vec<i32> = list.split('/').map(str::parse).collect::<Result<_, _>>().ok()?;
            custom = Some(Weights::from_array(v.try_into().ok()?));
            continue;
        }
        options = options.with_switch(o)?;
    }
    match name {
        "beginner" => Some(Box::new(Beginner::new(seed))),
        "random" => Some(Box::new(RandomMover::new(seed))),
        _ => {
            // strong (100 ms a move), strong:MS (MS milliseconds), strong:dN (depth N),
            // strong:nN (N nodes): the search engine; baseline, baseline:… the previous
            // one, with the same budgets.
            // hand, hand:… the strong engine with the hand-set weights before tuning.
            let (old, hand, spec) = if let Some(rest) = name.strip_prefix("baseline") {
                (true, false, rest)
            } else if let Some(rest) = name.strip_prefix("hand") {
                (false, true, rest)
            } else {
                (false, false, name.strip_prefix("strong")?)
            };
            let limits = match spec.strip_prefix(':') {
                None if spec.is_empty() => Limits::time(Duration::from_millis(100)),
                Some(d) if d.starts_with('d') => Limits::depth(d[1..].parse().ok()?),
                Some(n) if n.starts_with('n') => Limits::nodes(n[1..].parse().ok()?),
                Some(ms) => Limits::time(Duration::from_millis(ms.parse().ok()?)),
                None => return None,
            };
            if old {
                return Some(Box::new(Baseline::new(limits)));
            }
            let weights = custom.unwrap_or(if hand { Weights::HAND } else { Weights::TUNED });
            Some(Box::new(Strong::with_options(limits, weights, options)))
        }
    }
}

fn parse_args() -> Result<Args, String> {
    let mut it = std::env::args().skip(1);
    let (mut a, mut b) = ("beginner".to_string(), "random".to_string());
    let (mut games, mut seed, mut opening, mut max_plies) = (20u32, 1u64, 2u32, 500u32);
    let (mut size, mut players, mut walls, mut wall_length) = (9u32, 2u32, None, 2u32);
    let mut goal = Goal::Edge;
    let mut out = Some(PathBuf::from("match-records"));
    let mut quiet = false;
    fn num<T: std::str::FromStr>(flag: &str, v: Option<String>) -> Result<T, String> {
        let v = v.ok_or_else(|| format!("{flag} needs a value"))?;
        v.parse().map_err(|_| format!("{flag}: not a number: {v}"))
    }
    while let Some(flag) = it.next() {
        match flag.as_str() {
            "--a" => a = it.next().ok_or("--a needs a bot name")?,
            "--b" => b = it.next().ok_or("--b needs a bot name")?,
            "--games" => games = num(&flag, it.next())?,
            "--seed" => seed = num(&flag, it.next())?,
            "--opening" => opening = num(&flag, it.next())?,
            "--max-plies" => max_plies = num(&flag, it.next())?,
            "--size" => size = num(&flag, it.next())?,
            "--players" => players = num(&flag, it.next())?,
            "--walls" => walls = Some(num(&flag, it.next())?),
            "--wall-length" => wall_length = num(&flag, it.next())?,
            "--goal" => {
                goal = match it.next().as_deref() {
                    Some("edge") => Goal::Edge,
                    Some("centre" | "center") => Goal::Centre,
                    other => return Err(format!("--goal: expected edge or centre, got {other:?}")),
                }
            }
            "--out" => out = Some(it.next().ok_or("--out needs a folder")?.into()),
            "--no-records" => out = None,
            "--quiet" => quiet = true,
            "--help" | "-h" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown option {other}\n{USAGE}")),
        }
    }
    let walls = walls.unwrap_or(Variant::default_walls(players));
    let variant = Variant::new(size, players, walls, wall_length, goal).map_err(|e| e.to_string())?;
    let config = MatchConfig { variant, games, opening_plies: opening, max_plies, seed };
    Ok(Args { a, b, config, out, quiet })
}

fn micros(d: Option<Duration>) -> String {
    d.map_or("-".to_string(), |d| format!("{:.1} µs", d.as_secs_f64() * 1e6))
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(msg) => {
            eprintln!("{msg}");
            return ExitCode::from(2);
        }
    };
    // Each bot gets its own stream, derived from the match seed.
    let mut seeds = SplitMix64::new(args.config.seed);
    let (Some(mut a), Some(mut b)) =
        (make_bot(&args.a, seeds.next_u64()), make_bot(&args.b, seeds.next_u64()))
    else {
        eprintln!("unknown bot: expected beginner, random or strong[:MS|:dN|:nN]\n{USAGE}");
        return ExitCode::from(2);
    };
    if let Some(dir) = &args.out {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("cannot create {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    }
    let v = args.config.variant;
    println!("{} [A] vs {} [B]: {} games, {v}", args.a, args.b, args.config.games);
    let names = [args.a.as_str(), args.b.as_str()];
    let mut write_error = None;
    let result = run_match(a.as_mut(), b.as_mut(), &args.config, |r| {
        let seat_names = BySeat::from_fn(|s| v.has_seat(s).then(|| names[r.seating[s] as usize]));
        if !args.quiet {
            let who: Vec<String> = v
                .seats()
                .map(|s| format!("{s}={}[{:?}]", names[r.seating[s] as usize], r.seating[s]))
                .collect();
            let winner = match r.winner() {
                Some(side) => format!(", {side:?} wins"),
                None => String::new(),
            };
            println!(
                "game {:>4}: {}: {}{winner}, {} plies",
                r.index + 1,
                who.join(" "),
                result_text(r.outcome),
                r.moves.len()
            );
        }
        if let Some(dir) = &args.out {
            let path = dir.join(format!("game-{:04}.txt", r.index + 1));
            let text = write_game(v, seat_names, &r.moves, r.outcome);
            if let Err(e) = std::fs::write(&path, text) {
                write_error.get_or_insert(format!("cannot write {}: {e}", path.display()));
            }
        }
    });
    let summary = match result {
        Ok(s) => s,
        Err(e) => {
            eprintln!("match stopped: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{} [A]: won {}, drawn {}, lost {}; score {:.1}%",
        args.a,
        summary.wins,
        summary.draws,
        summary.losses,
        100.0 * summary.score().unwrap_or(0.0)
    );
    if let Some(e) = summary.estimate() {
        println!("A − B: {e} (95% intervals)");
    }
    println!(
        "average time per move: {} {} ({} moves), {} {} ({} moves)",
        args.a,
        micros(summary.time_per_move(Side::A)),
        summary.moves[0],
        args.b,
        micros(summary.time_per_move(Side::B)),
        summary.moves[1]
    );
    if let Some(dir) = &args.out {
        println!("records: {}/game-NNNN.txt", dir.display());
    }
    match write_error {
        Some(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
        None => ExitCode::SUCCESS,
    }
}
