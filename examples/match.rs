//! A match through the arena's library ([`wallrush_cli::arena`]): the players of
//! `wallrush arena`, plus the strong engine under other evaluation weights, for tuning.
//!
//! ```text
//! cargo run --release -p wallrush-examples --example match -- \
//!     --a strong:n20000+w100/17/94/41/50/-32/0/0/3040 --b strong:n20000 --games 200 --concurrency 2
//! ```
//!
//! A player is any spec of `wallrush arena` (`strong:n20000`, `beginner`,
//! `wallrush:PATH`, `uci:CMD`, …), or a tuning spec this example reads itself:
//! `hand[:BUDGET]`, the strong engine with its weights before tuning
//! ([`Weights::HAND`]), and `strong[:BUDGET]+wA/B/C/…`, the strong engine with all the
//! evaluation weights given (in [`Weights::to_array`] order, as `tune` and `spsa` print
//! them). The openings, records, statistics and SPRT are the arena's.

use std::path::PathBuf;
use std::process::ExitCode;

use wallrush_cli::arena::player::{self, BotPlayer, Player, Spec};
use wallrush_cli::arena::{self, stats::Sprt, ArenaConfig};
use wallrush_cli::engines::Budget;
use wallrush_engine::search::{Strong, Weights};

const USAGE: &str = "\
usage: match [options]
  --a PLAYER          first player (default beginner): a spec of wallrush arena, or
                      hand[:BUDGET] or strong[:BUDGET]+wA/B/C/… (evaluation weights)
  --b PLAYER          second player (default random)
  --games N           games (default 20; pairs share an opening, seats swapped)
  --sprt SPEC         elo0=E0,elo1=E1[,alpha=A,beta=B]: stop at a bound
  --ms MS             time a move of the players whose spec names no budget
  --seed S            seed of the openings and the players (default 1)
  --opening K         random plies opening each pair (default 4)
  --max-plies M       adjudicate after M plies (default 200)
  --variant KEY=V,…   size=9,players=2,walls=10,wall_length=2,goal=edge
  --concurrency N     games at once (default 1)
  --out DIR           folder for the records (default: none)";

/// A player: one of the arena's, or the strong engine under given weights.
enum Who {
    Arena(Spec),
    Weighted(Option<Budget>, Weights, String),
}

impl Who {
    fn parse(text: &str) -> Result<Who, String> {
        let weighted = |head: &str, weights: Weights| -> Result<Who, String> {
            let budget = match head.split_once(':') {
                Some((_, b)) => Some(b.parse().map_err(|()| format!("{text:?}: bad budget {b:?}"))?),
                None => None,
            };
            Ok(Who::Weighted(budget, weights, text.to_string()))
        };
        if text == "hand" || text.starts_with("hand:") {
            return weighted(text, Weights::HAND);
        }
        if let Some((head, list)) = text.split_once("+w") {
            if head == "strong" || head.starts_with("strong:") {
                let v: Vec<i32> = list
                    .split('/')
                    .map(str::parse)
                    .collect::<Result<_, _>>()
                    .map_err(|_| format!("{text:?}: weights are whole numbers, A/B/C/…"))?;
                let weights = Weights::from_array(
                    v.try_into()
                        .map_err(|_| format!("{text:?}: give every weight, in Weights::to_array order"))?,
                );
                return weighted(head, weights);
            }
        }
        Ok(Who::Arena(text.parse()?))
    }

    fn name(&self) -> String {
        match self {
            Who::Arena(spec) => spec.to_string(),
            Who::Weighted(_, _, text) => text.clone(),
        }
    }
}

fn parse_args() -> Result<(ArenaConfig, [Who; 2]), String> {
    let mut it = std::env::args().skip(1);
    let mut cfg = ArenaConfig::new([Spec::Beginner, Spec::Random], wallrush_core::Variant::classic());
    let (mut a, mut b) = ("beginner".to_string(), "random".to_string());
    fn num<T: std::str::FromStr>(flag: &str, v: Option<String>) -> Result<T, String> {
        let v = v.ok_or_else(|| format!("{flag} needs a value"))?;
        v.parse().map_err(|_| format!("{flag}: not a number: {v}"))
    }
    while let Some(flag) = it.next() {
        match flag.as_str() {
            "--a" => a = it.next().ok_or("--a needs a player")?,
            "--b" => b = it.next().ok_or("--b needs a player")?,
            "--games" => cfg.games = num(&flag, it.next())?,
            "--seed" => cfg.seed = num(&flag, it.next())?,
            "--opening" => cfg.opening = num(&flag, it.next())?,
            "--max-plies" => cfg.max_plies = num::<u32>(&flag, it.next())?.max(1),
            "--ms" => cfg.ms = Some(num::<u64>(&flag, it.next())?.max(1)),
            "--concurrency" => cfg.concurrency = num::<usize>(&flag, it.next())?.clamp(1, 256),
            "--sprt" => cfg.sprt = Some(it.next().ok_or("--sprt needs a test")?.parse::<Sprt>()?),
            "--variant" => {
                cfg.variant =
                    wallrush_cli::parse_variant(&it.next().ok_or("--variant needs key=value pairs")?)?
            }
            "--out" => cfg.out = Some(PathBuf::from(it.next().ok_or("--out needs a folder")?)),
            "--help" | "-h" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown option {other}\n{USAGE}")),
        }
    }
    cfg.event = "wallrush match example".into();
    Ok((cfg, [Who::parse(&a)?, Who::parse(&b)?]))
}

fn main() -> ExitCode {
    let (cfg, who) = match parse_args() {
        Ok(x) => x,
        Err(msg) => {
            eprintln!("{msg}");
            return ExitCode::from(2);
        }
    };
    let names = [who[0].name(), who[1].name()];
    let make = |k: usize| -> Result<Box<dyn Player + Send>, String> {
        match &who[k] {
            Who::Arena(spec) => player::make(spec, cfg.ms, cfg.slack),
            &Who::Weighted(budget, weights, _) => {
                // As the arena's own specs: the match's --ms, else 100 ms a move.
                let limits = budget.or(cfg.ms.map(Budget::Millis)).unwrap_or(Budget::Millis(100)).limits();
                Ok(Box::new(BotPlayer::new(move |_| Box::new(Strong::with_weights(limits, weights)))))
            }
        }
    };
    match arena::run_with(&cfg, &names, &make, &mut std::io::stderr()) {
        Ok(summary) => {
            print!("{}", arena::render_named(&cfg, &names, &summary));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("match: {e}");
            ExitCode::from(e.code)
        }
    }
}
