//! `wallrush selfplay`: two engines play a series of games, seats swapped every game and
//! each pair of games opening with the same random pawn moves; every game can be saved
//! as a record, and a summary table gives wins, draws and losses per engine, the average
//! game length and the average time per move.
//!
//! ```
//! use wallrush_cli::selfplay::{run, SelfplayConfig};
//! use wallrush_core::{Goal, Variant};
//! let mut cfg = SelfplayConfig::new(Variant::new(5, 2, 2, 2, Goal::Edge)?, ["beginner".parse()?, "random".parse()?]);
//! cfg.games = 2;
//! let summary = run(&cfg, &mut std::io::sink())?;
//! assert_eq!(summary.games, 2);
//! assert_eq!(summary.stats[0].wins + summary.stats[0].draws + summary.stats[0].losses, 2);
//! println!("{}", summary.table(&cfg));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use wallrush_core::notation::Notation;
use wallrush_core::{DrawOptions, Game, Move, Record, Seat, SplitMix64, Variant};

use crate::engines::PlayerSpec;
use crate::CliError;

/// What a self-play run is set up with.
#[derive(Clone, Debug)]
pub struct SelfplayConfig {
    /// The variant of every game.
    pub variant: Variant,
    /// The draw rules (by default a ply limit of 500, so every game ends).
    pub draw: DrawOptions,
    /// The two engines, A and B.
    pub engines: [PlayerSpec; 2],
    /// Games to play.
    pub games: u32,
    /// Seed of the openings and the engines' tie-breaks.
    pub seed: u64,
    /// Random pawn moves opening each pair of games.
    pub opening: u32,
    /// Folder for the records (none: no records).
    pub out: Option<PathBuf>,
    /// Notation of the records.
    pub notation: Notation,
}

impl SelfplayConfig {
    /// Ten games of `engines` on `variant`: ply limit 500, seed 1, two opening plies, no
    /// records, standard notation.
    pub fn new(variant: Variant, engines: [PlayerSpec; 2]) -> SelfplayConfig {
        SelfplayConfig {
            variant,
            draw: DrawOptions { repetition: None, ply_limit: Some(DrawOptions::DEFAULT_PLY_LIMIT) },
            engines,
            games: 10,
            seed: 1,
            opening: 2,
            out: None,
            notation: Notation::Standard,
        }
    }
}

/// One engine's results.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct EngineStats {
    /// Games won (with four seats: one of its seats won).
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Moves it chose.
    pub moves: u64,
    /// Time it spent choosing them.
    pub time: Duration,
}

/// What a run found.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Summary {
    /// Games played.
    pub games: u32,
    /// Plies of all games together (openings included).
    pub plies: u64,
    /// Engine A's and engine B's results.
    pub stats: [EngineStats; 2],
    /// Records written.
    pub records: Vec<PathBuf>,
}

impl Summary {
    /// The summary table.
    pub fn table(&self, cfg: &SelfplayConfig) -> String {
        let names = [format!("A {}", cfg.engines[0]), format!("B {}", cfg.engines[1])];
        let width = names.iter().map(String::len).max().unwrap_or(0).max(6);
        let mut out = String::new();
        let _ = writeln!(out, "{:<width$}  games  wins  draws  losses   score  ms/move", "engine");
        for (name, s) in names.iter().zip(&self.stats) {
            let games = s.wins + s.draws + s.losses;
            let score = if games == 0 {
                0.0
            } else {
                100.0 * (f64::from(s.wins) + 0.5 * f64::from(s.draws)) / f64::from(games)
            };
            let ms = if s.moves == 0 { 0.0 } else { s.time.as_secs_f64() * 1e3 / s.moves as f64 };
            let _ = writeln!(
                out,
                "{name:<width$}  {games:>5}  {:>4}  {:>5}  {:>6}  {score:>5.1}%  {ms:>7.2}",
                s.wins, s.draws, s.losses
            );
        }
        let avg = if self.games == 0 { 0.0 } else { self.plies as f64 / f64::from(self.games) };
        let _ = write!(out, "{} games, {avg:.1} plies a game on average", self.games);
        if let Some(dir) = &cfg.out {
            let _ = write!(out, "; records in {}", dir.display());
        }
        out.push('\n');
        let a = &self.stats[0];
        let counts = Trinomial { wins: a.wins, draws: a.draws, losses: a.losses };
        if let Some(e) = counts.estimate() {
            let _ = writeln!(out, "A - B: {e} (95% intervals, from {} games)", self.games);
        }
        out
    }
}

use crate::arena::stats::Trinomial;

/// The records a folder already holds from a run (`game-NNN.txt`), so that `--out` never
/// mixes two runs: a folder with any is refused.
///
/// # Errors
/// The folder's I/O error.
pub fn earlier_records(dir: &std::path::Path) -> std::io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(found),
        Err(e) => return Err(e),
    };
    for entry in entries {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let numbered = name
            .strip_prefix("game-")
            .and_then(|r| r.strip_suffix(".txt"))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if numbered {
            found.push(path);
        }
    }
    found.sort();
    Ok(found)
}

/// Which engine (0 = A, 1 = B) plays `seat` in game `index`: A takes South (and North
/// with four seats) in even games, B in odd ones.
pub fn engine_of(variant: Variant, index: u32, seat: Seat) -> usize {
    let first =
        if variant.players() == 4 { matches!(seat, Seat::South | Seat::North) } else { seat == Seat::South };
    usize::from(first == (index % 2 == 1))
}

/// The random pawn moves opening pair `pair` of games.
fn opening(variant: Variant, seed: u64, pair: u32, plies: u32) -> Vec<Move> {
    let mut rng = SplitMix64::new(seed ^ u64::from(pair).wrapping_mul(SplitMix64::GAMMA));
    let mut pos = wallrush_core::Position::new(variant);
    let mut moves = Vec::new();
    for _ in 0..plies {
        if pos.is_game_over() {
            break;
        }
        let pawn = pos.pawn_moves();
        let Some(&m) = rng.pick(&pawn) else { break };
        pos.play(m).expect("a legal pawn move");
        moves.push(m);
    }
    moves
}

/// Plays the games, writing one progress line per game to `progress` and the records to
/// the folder.
///
/// # Errors
/// Exit status 2 when the folder cannot be written, 1 when an engine breaks the rules.
pub fn run(cfg: &SelfplayConfig, progress: &mut dyn Write) -> Result<Summary, CliError> {
    if let Some(dir) = &cfg.out {
        if dir.exists() && !dir.is_dir() {
            return Err(CliError::usage(format!("--out {}: it is a file, not a folder", dir.display())));
        }
        let earlier = earlier_records(dir)
            .map_err(|e| CliError::usage(format!("cannot read {}: {e}", dir.display())))?;
        if let Some(first) = earlier.first() {
            return Err(CliError::usage(format!(
                "--out {}: the folder holds {} of an earlier run ({}); choose a new folder, \
                 or remove them, so that two runs are never mixed",
                dir.display(),
                if earlier.len() == 1 {
                    "1 record".to_string()
                } else {
                    format!("{} records", earlier.len())
                },
                first.file_name().and_then(|n| n.to_str()).unwrap_or("game-001.txt"),
            )));
        }
        std::fs::create_dir_all(dir).map_err(|e| {
            CliError::usage(format!("cannot create {}: {}", dir.display(), crate::input::io_words(&e)))
        })?;
    }
    let mut summary = Summary::default();
    let seats: Vec<Seat> = cfg.variant.seats().collect();
    for index in 0..cfg.games {
        let started = Instant::now();
        let mut engines = [0, 1].map(|k| {
            let seed = cfg.seed.wrapping_add(2 * u64::from(index) + k as u64);
            cfg.engines[k].engine(seed).expect("self-play engines are not human")
        });
        let mut game = Game::new(cfg.variant).with_draw_options(cfg.draw);
        for m in opening(cfg.variant, cfg.seed, index / 2, cfg.opening) {
            game.play(m).expect("the opening is legal");
        }
        while !game.is_over() {
            let seat = game.turn();
            let k = engine_of(cfg.variant, index, seat);
            let pos = game.position();
            let t = Instant::now();
            let m = engines[k]
                .choose(pos)
                .ok_or_else(|| CliError::new(1, format!("{} gave no move as {seat}", cfg.engines[k])))?;
            summary.stats[k].time += t.elapsed();
            summary.stats[k].moves += 1;
            game.play(m).map_err(|e| CliError::new(1, format!("{} as {seat}: {e}", cfg.engines[k])))?;
        }
        let outcome = game.outcome().expect("the loop ends when the game is over");
        let winner = outcome.winner().map(|s| engine_of(cfg.variant, index, s));
        for (k, s) in summary.stats.iter_mut().enumerate() {
            match winner {
                None => s.draws += 1,
                Some(w) if w == k => s.wins += 1,
                Some(_) => s.losses += 1,
            }
        }
        summary.games += 1;
        summary.plies += u64::from(game.plies());
        let mut names = Vec::new();
        for &seat in &seats {
            names.push(format!("{seat} {}", cfg.engines[engine_of(cfg.variant, index, seat)]));
        }
        if let Some(dir) = &cfg.out {
            let mut record = Record::new(game.clone());
            record.set_notation(cfg.notation);
            for &seat in &seats {
                let _ = record
                    .set_player(seat, Some(cfg.engines[engine_of(cfg.variant, index, seat)].to_string()));
            }
            let _ = record.set_tag("Event", Some("wallrush selfplay".into()));
            let _ = record.set_tag("Round", Some((index + 1).to_string()));
            let _ = record.set_tag("Opening", Some(cfg.opening.to_string()));
            let path = dir.join(format!("game-{:03}.txt", index + 1));
            std::fs::write(&path, record.to_string())
                .map_err(|e| CliError::usage(format!("cannot write {}: {e}", path.display())))?;
            summary.records.push(path);
        }
        let _ = writeln!(
            progress,
            "game {}/{}: {}: {outcome}, {} plies, {:.2} s",
            index + 1,
            cfg.games,
            names.join(", "),
            game.plies(),
            started.elapsed().as_secs_f64()
        );
        let _ = progress.flush();
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_alternate() {
        let two = Variant::classic();
        assert_eq!(engine_of(two, 0, Seat::South), 0);
        assert_eq!(engine_of(two, 0, Seat::North), 1);
        assert_eq!(engine_of(two, 1, Seat::South), 1);
        let four = Variant::four_player();
        let game0: Vec<usize> = Seat::ALL.iter().map(|&s| engine_of(four, 0, s)).collect();
        assert_eq!(game0, [0, 1, 0, 1]);
        let game1: Vec<usize> = Seat::ALL.iter().map(|&s| engine_of(four, 1, s)).collect();
        assert_eq!(game1, [1, 0, 1, 0]);
    }

    #[test]
    fn openings_are_shared_by_a_pair() {
        let v = Variant::classic();
        assert_eq!(opening(v, 5, 3, 4), opening(v, 5, 3, 4));
        assert_eq!(opening(v, 5, 3, 4).len(), 4);
        assert_ne!(opening(v, 5, 3, 6), opening(v, 5, 4, 6));
    }
}
