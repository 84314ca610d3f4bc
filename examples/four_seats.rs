//! The strong engine in one seat against three beginners, on the four-player preset.
//! The strong seat rotates through South, West, North and East; every other seat holds a
//! beginner with its own seed, so the games differ by the beginners' seeded tie-breaks.
//!
//! ```text
//! cargo run --release -p wallrush-examples --example four_seats -- [--games 100] [--ms 100 | --nodes N] [--seed 1] [--centre] [--opening N] [--layers N]
//! ```
//!
//! The summary gives the win rate with a 95 % Wilson interval. A seat wins a quarter of the games by chance at equal strength.
//!
//! The games are the arena's one-against-three series
//! ([`wallrush_cli::arena::rotation`]). `--centre` plays the race to the centre instead
//! of the four-player preset. `--opening N` starts every game after the arena's seeded
//! opening of N plies, each opening played once from every seat of the rotation (default
//! 0: the beginners' seeds vary the games). `--layers N` stops the strong engine's deepening at N layers of BRS+, within
//! the same node or time budget.

use std::time::{Duration, Instant};

use wallrush_cli::arena::rotation::against_beginners;
use wallrush_cli::arena::stats::wilson;
use wallrush_core::{BySeat, Move, Position, Seat, Variant};
use wallrush_engine::search::{Limits, SearchResult, Strong};
use wallrush_engine::Bot;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut games, mut ms, mut seed, mut nodes) = (100u64, 100u64, 1u64, 0u64);
    let centre = args.iter().any(|a| a == "--centre");
    let mut opening: Option<u32> = None;
    let mut layers = 0u32;
    let mut it = args.iter().filter(|a| *a != "--centre");
    while let Some(a) = it.next() {
        let next = it.next();
        let v = next.and_then(|v| v.parse().ok());
        match (a.as_str(), v) {
            ("--games", Some(v)) => games = v,
            ("--ms", Some(v)) => ms = v,
            ("--seed", Some(v)) => seed = v,
            ("--nodes", Some(v)) => nodes = v,
            ("--opening", Some(v)) => opening = Some(v as u32),
            ("--layers", Some(v)) => layers = u32::try_from(v).unwrap_or(u32::MAX),
            _ => {
                eprintln!(
                    "usage: four_seats [--games N] [--ms MS | --nodes N] [--seed S] [--centre] [--opening N] [--layers N]"
                );
                std::process::exit(2);
            }
        }
    }
    let variant = if centre { Variant::race_to_centre() } else { Variant::four_player() };
    let mut wins = 0;
    let mut draws = 0;
    let mut by_seat = BySeat([0u32; 4]);
    let mut probe = Probe::default();
    let opening = opening.unwrap_or(0);
    for g in 0..games {
        let limits = if nodes > 0 { Limits::nodes(nodes) } else { Limits::time(Duration::from_millis(ms)) };
        let strong_limits = if layers > 0 { Limits { depth: layers, ..limits } } else { limits };
        let mut strong = Strong::new(strong_limits);
        let mut probed = Probing { bot: &mut strong, probe: &mut probe, last: Strong::last };
        let (game, strong_seat) =
            against_beginners(&mut probed, variant, seed, g, opening).expect("bots play legal moves");
        let winner = game.outcome.winner();
        if winner == Some(strong_seat) {
            wins += 1;
            by_seat[strong_seat] += 1;
        } else if winner.is_none() {
            draws += 1;
        }
        eprintln!(
            "game {:3}: strong as {strong_seat}: {} after {} plies; strong ends {} steps away with {} walls, the others {:?} walls",
            g + 1,
            winner.map_or("draw".to_string(), |w| format!("{w} wins")),
            game.moves.len(),
            game.end.route_len(strong_seat).unwrap_or(0),
            game.end.walls_left(strong_seat),
            Seat::ALL.iter().filter(|&&s| s != strong_seat).map(|&s| game.end.walls_left(s)).collect::<Vec<_>>()
        );
    }
    let mut budget = if nodes > 0 { format!("{nodes} nodes a move") } else { format!("{ms} ms a move") };
    if layers > 0 {
        budget += &format!(", at most {layers} layers");
    }
    let name = if centre { "race to the centre" } else { "four-player preset" };
    let (lo, hi) = if games > 0 { wilson(wins as f64 / games as f64, games as f64) } else { (0.0, 1.0) };
    println!(
        "{name}: strong ({budget}) in one seat vs three beginners, {games} games (strong seat rotating south, west, north, east): won {wins} ({:.1}%, 95% [{:.1}, {:.1}]), drawn {draws}; wins by seat: south {} west {} north {} east {}",
        100.0 * wins as f64 / games as f64,
        100.0 * lo,
        100.0 * hi,
        by_seat[Seat::South],
        by_seat[Seat::West],
        by_seat[Seat::North],
        by_seat[Seat::East]
    );
    if !probe.depths.is_empty() {
        probe.depths.sort_unstable();
        let moves = probe.depths.len();
        println!(
            "strong: {moves} moves, median depth {}, {:.0} nodes a move, {:.1} ms a move, {:.2} M nodes/s; opening {opening} plies",
            probe.depths[moves / 2],
            probe.nodes as f64 / moves as f64,
            probe.time.as_secs_f64() * 1000.0 / moves as f64,
            probe.nodes as f64 / probe.time.as_secs_f64().max(1e-9) / 1e6
        );
    }
}

/// What the strong engine's searches reached over the match.
#[derive(Default)]
struct Probe {
    depths: Vec<u32>,
    nodes: u64,
    time: Duration,
}

/// A searching bot, recording each search in a [`Probe`].
struct Probing<'a, B> {
    bot: &'a mut B,
    probe: &'a mut Probe,
    last: fn(&B) -> Option<&SearchResult>,
}

impl<B: Bot> Bot for Probing<'_, B> {
    fn name(&self) -> &str {
        self.bot.name()
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        let t = Instant::now();
        let m = self.bot.choose(pos);
        self.probe.time += t.elapsed();
        if let Some(r) = (self.last)(self.bot) {
            self.probe.depths.push(r.depth);
            self.probe.nodes += r.nodes;
        }
        m
    }
}
