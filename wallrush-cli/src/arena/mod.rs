//! The match runner: `wallrush arena` and `wallrush selfplay`, and the library every
//! other match in the project goes through (the `match`, `four_seats` and tuning
//! examples, the strength tests).
//!
//! - Players ([`player`]) are wallrush's engines, any [`Bot`](wallrush_engine::Bot)
//!   ([`player::BotPlayer`]), another build of this program (`wallrush engine`,
//!   [`uci`]) or external programs in three dialects; every move is checked by the
//!   rules.
//! - Games come in pairs: both games of a pair start from the same seeded opening
//!   ([`opening`], the one opening generator) with the colours swapped, so neither player
//!   profits from a lucky opening or from moving first.
//! - A move that is unreadable or illegal, a timeout or a crash loses that game (the
//!   record says why); the match goes on with a fresh process.
//! - At the ply cap the game is adjudicated ([`adjudicate`]).
//! - [`ArenaConfig::concurrency`] games are played at once, each on its own thread with
//!   its own players (external programs: one process per thread and side).
//! - Records go to a folder that holds no earlier run's; the summary ([`render`]) gives
//!   W/D/L, the score and Elo difference with their 95 % intervals ([`stats`]), the
//!   pair scores, the SPRT's verdict, time a move and the median depth of the engines
//!   that report one. An SPRT ([`ArenaConfig::sprt`]) stops the match at a bound.
//! - [`rotation`]: one engine against three in four-seat games, its seat rotating.

#[cfg(feature = "terminal")]
pub mod cli;
pub mod player;
pub mod rotation;
pub mod stats;
pub mod uci;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use wallrush_core::notation::Notation;
use wallrush_core::{Game, Move, Position, Record, Seat, SplitMix64, Variant};

use crate::CliError;
use player::{Failure, Player, Spec};
use stats::{Pentanomial, Sprt, Trinomial, Verdict};

/// What a match plays.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    /// The two players.
    pub players: [Spec; 2],
    /// The variant.
    pub variant: Variant,
    /// Games (pairs of games share an opening); with an SPRT, the most it plays.
    pub games: u32,
    /// Milliseconds a move for every player whose spec names no budget (`None`: the
    /// engines' own defaults, 100 ms for external programs).
    pub ms: Option<u64>,
    /// Seed of the openings and the seeded players.
    pub seed: u64,
    /// Random plies opening each pair.
    pub opening: u32,
    /// Plies after which the game is adjudicated.
    pub max_plies: u32,
    /// Folder for the records (`None`: none written).
    pub out: Option<PathBuf>,
    /// The records' notation.
    pub notation: Notation,
    /// The records' `Event` tag.
    pub event: String,
    /// Extra time an external program may take beyond three times its budget.
    pub slack: Duration,
    /// The sequential test that may end the match before `games` (over game pairs).
    pub sprt: Option<Sprt>,
    /// Games played at once, each on its own thread (1: one after the other).
    pub concurrency: usize,
}

impl ArenaConfig {
    /// Twenty games of `players` on `variant`: the engines' own budgets, seed 1, 4
    /// opening plies, a 200-ply cap, no records, no SPRT, one game at a time.
    ///
    /// ```
    /// use wallrush_cli::arena::{self, ArenaConfig};
    /// use wallrush_core::{Goal, Variant};
    /// let mut cfg = ArenaConfig::new(["beginner".parse()?, "random".parse()?], Variant::new(5, 2, 3, 2, Goal::Edge)?);
    /// cfg.games = 4;
    /// let summary = arena::run(&cfg, &mut std::io::sink())?;
    /// assert_eq!(summary.games.len(), 4);
    /// println!("{}", arena::render(&cfg, &summary));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(players: [Spec; 2], variant: Variant) -> ArenaConfig {
        ArenaConfig {
            players,
            variant,
            games: 20,
            ms: None,
            seed: 1,
            opening: 4,
            max_plies: 200,
            out: None,
            notation: Notation::Standard,
            event: "wallrush arena".into(),
            slack: Duration::from_secs(2),
            sprt: None,
            concurrency: 1,
        }
    }
}

/// How one game ended, for player A.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Result3 {
    /// A won.
    Win,
    /// Drawn.
    Draw,
    /// A lost.
    Loss,
}

impl Result3 {
    fn points(self) -> f64 {
        match self {
            Result3::Win => 1.0,
            Result3::Draw => 0.5,
            Result3::Loss => 0.0,
        }
    }
}

/// One game's report.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// 0-based number.
    pub index: u32,
    /// Which player (0 = A, 1 = B) played South.
    pub south: usize,
    /// The result for A.
    pub result: Result3,
    /// How it ended, in words.
    pub reason: String,
    /// Plies played.
    pub plies: u32,
}

/// A match's totals, for player A.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Every game counted, in the order they ended.
    pub games: Vec<GameReport>,
    /// Moves each player chose.
    pub moves: [u64; 2],
    /// Time each player took for them.
    pub time: [Duration; 2],
    /// Depths of each player's searches (the engines that report one).
    pub depths: [Vec<u32>; 2],
    /// Milliseconds each of each player's moves took.
    pub move_ms: [Vec<f32>; 2],
    /// Games each player lost by breaking the rules or the protocol.
    pub forfeits: [u32; 2],
    /// The SPRT's verdict, when a bound stopped the match.
    pub stopped: Option<Verdict>,
    /// Records written.
    pub records: Vec<PathBuf>,
}

impl Summary {
    /// A's wins, draws and losses.
    pub fn wdl(&self) -> (u32, u32, u32) {
        let count = |r| self.games.iter().filter(|g| g.result == r).count() as u32;
        (count(Result3::Win), count(Result3::Draw), count(Result3::Loss))
    }

    /// A's score in [0, 1], `None` before any game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games.len();
        (n > 0).then(|| self.games.iter().map(|g| g.result.points()).sum::<f64>() / n as f64)
    }

    /// A's results by game.
    pub fn trinomial(&self) -> Trinomial {
        let (wins, draws, losses) = self.wdl();
        Trinomial { wins, draws, losses }
    }

    /// A's results by pair (games `2k` and `2k + 1`, the same opening with the colours
    /// swapped), over the pairs whose two games are played.
    pub fn pentanomial(&self) -> Pentanomial {
        let mut halves: std::collections::BTreeMap<u32, (u32, usize)> = Default::default();
        for g in &self.games {
            let e = halves.entry(g.index / 2).or_default();
            e.0 += 1;
            e.1 += (g.result.points() * 2.0) as usize;
        }
        let mut p = Pentanomial::default();
        for (n, h) in halves.into_values() {
            if n == 2 {
                p.add(h).expect("two games give at most 4 half points");
            }
        }
        p
    }

    /// Pairs A won (more than 1 point of 2), drew (1) and lost.
    pub fn pairs(&self) -> (u32, u32, u32) {
        let p = self.pentanomial().0;
        (p[3] + p[4], p[2], p[0] + p[1])
    }

    /// The median depth of `side`'s searches.
    pub fn median_depth(&self, side: usize) -> Option<u32> {
        let mut d = self.depths[side].clone();
        d.sort_unstable();
        d.get(d.len() / 2).copied()
    }

    /// The median time of `side`'s moves, in milliseconds.
    pub fn median_ms(&self, side: usize) -> Option<f32> {
        let mut t = self.move_ms[side].clone();
        t.sort_unstable_by(f32::total_cmp);
        t.get(t.len() / 2).copied()
    }

    /// `side`'s mean time a move in milliseconds (0 before any move).
    fn ms_a_move(&self, side: usize) -> f64 {
        if self.moves[side] > 0 {
            self.time[side].as_secs_f64() * 1000.0 / self.moves[side] as f64
        } else {
            0.0
        }
    }
}

/// The seeded opening of pair `pair`: `plies` random moves, pawn moves three times in
/// four, walls otherwise (any legal wall), never a move that ends the game.
pub fn opening(variant: Variant, seed: u64, pair: u32, plies: u32) -> Vec<Move> {
    let mut rng = SplitMix64::new(seed ^ u64::from(pair).wrapping_mul(SplitMix64::GAMMA) ^ 0xA7E4A);
    let mut pos = Position::new(variant);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = pos.legal_moves();
        let (pawns, walls): (Vec<Move>, Vec<Move>) = legal.iter().partition(|m| matches!(m, Move::Pawn(_)));
        let pool = if walls.is_empty() || rng.next_u64() % 4 != 0 { &pawns } else { &walls };
        let safe: Vec<Move> = pool
            .iter()
            .copied()
            .filter(|&m| {
                let mut p = pos.clone();
                p.play_unchecked(m);
                !p.is_game_over()
            })
            .collect();
        let Some(&m) = rng.pick(&safe) else { break };
        pos.play(m).expect("legal");
        moves.push(m);
    }
    moves
}

/// The result at the ply cap: when neither seat holds a wall the race decides (the
/// seat to move arrives first when its route is no longer than the other's); otherwise
/// a draw.
pub fn adjudicate(pos: &Position) -> Option<Seat> {
    let me = pos.turn();
    let other = pos.seats_in_play().find(|&s| s != me)?;
    if pos.walls_left(me) > 0 || pos.walls_left(other) > 0 {
        return None;
    }
    let (a, b) = (pos.route_len(me)?, pos.route_len(other)?);
    Some(if a <= b { me } else { other })
}

/// Which player (0 = A, 1 = B) plays `seat` in game `index`: A is South (South and
/// North with four seats) in even games.
pub fn player_of(variant: Variant, index: u32, seat: Seat) -> usize {
    let first =
        if variant.players() == 4 { matches!(seat, Seat::South | Seat::North) } else { seat == Seat::South };
    usize::from(first == (index % 2 == 1))
}

/// The records a folder already holds from a run (`game-NNN.txt`), so that `--out` never
/// mixes two runs: a folder with any is refused.
///
/// # Errors
/// The folder's I/O error.
pub fn earlier_records(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
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

/// Makes a fresh folder for the records, refusing one that holds an earlier run's, as
/// [`run_with`] does before the first game.
///
/// # Errors
/// Status 2 for a file in the way, an earlier run's records, or a folder that cannot be
/// made.
pub fn prepare_folder(dir: &Path) -> Result<(), CliError> {
    if dir.exists() && !dir.is_dir() {
        return Err(CliError::usage(format!("--out {}: it is a file, not a folder", dir.display())));
    }
    let earlier =
        earlier_records(dir).map_err(|e| CliError::usage(format!("cannot read {}: {e}", dir.display())))?;
    if let Some(first) = earlier.first() {
        return Err(CliError::usage(format!(
            "--out {}: the folder holds {} of an earlier run ({}); choose a new folder, \
             or remove them, so that two runs are never mixed",
            dir.display(),
            if earlier.len() == 1 { "1 record".to_string() } else { format!("{} records", earlier.len()) },
            first.file_name().and_then(|n| n.to_str()).unwrap_or("game-001.txt"),
        )));
    }
    std::fs::create_dir_all(dir).map_err(|e| {
        CliError::usage(format!("cannot create {}: {}", dir.display(), crate::input::io_words(&e)))
    })
}

/// Makes player `k` (0 = A, 1 = B) for one thread of a match.
pub type MakePlayer<'a> = dyn Fn(usize) -> Result<Box<dyn Player + Send>, String> + Sync + 'a;

/// Plays the match of `cfg.players`, one progress line per game on `progress`.
///
/// # Errors
/// Status 2 when a player cannot be started or the records cannot be written.
pub fn run(cfg: &ArenaConfig, progress: &mut dyn Write) -> Result<Summary, CliError> {
    let names = [cfg.players[0].to_string(), cfg.players[1].to_string()];
    run_with(cfg, &names, &|k| player::make(&cfg.players[k], cfg.ms, cfg.slack), progress)
}

/// One game as a player of the match played it, before it is counted ([`count`]): the
/// unit [`run_with`]'s threads hand to the counting loop, and that a distributed match
/// carries from its workers to the one place that counts.
#[derive(Clone, Debug)]
pub struct Played {
    /// 0-based number of the game.
    pub index: u32,
    /// The game as played (its opening included).
    pub game: Game,
    /// The result for A.
    pub result: Result3,
    /// How it ended, in words.
    pub reason: String,
    /// The player (0 = A, 1 = B) that broke the rules or the protocol, if one did.
    pub broke: Option<usize>,
    /// Moves each player chose.
    pub moves: [u64; 2],
    /// Time each player took for them.
    pub time: [Duration; 2],
    /// Depths of each player's searches (the engines that report one).
    pub depths: [Vec<u32>; 2],
    /// Milliseconds each of each player's moves took.
    pub move_ms: [Vec<f32>; 2],
    /// Seconds the game took.
    pub seconds: f64,
}

/// A thread's two players (0 = A, 1 = B), made on first use and kept from game to game
/// (a process that broke the protocol is made afresh).
pub type Seats = [Option<Box<dyn Player + Send>>; 2];

/// Plays a match between the players `make` builds (named `names` in the records and
/// the summary), `cfg.concurrency` games at a time; `cfg.players` is not read. One
/// progress line per game on `progress`, in the order the games end.
///
/// # Errors
/// Status 2 when a player cannot be started or the records cannot be written.
pub fn run_with(
    cfg: &ArenaConfig,
    names: &[String; 2],
    make: &MakePlayer<'_>,
    progress: &mut dyn Write,
) -> Result<Summary, CliError> {
    if let Some(dir) = &cfg.out {
        prepare_folder(dir)?;
    }
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let threads = cfg.concurrency.clamp(1, cfg.games.max(1) as usize);
    let (tx, rx) = mpsc::channel::<Result<Played, CliError>>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || worker(cfg, make, next, stop, &tx));
        }
        drop(tx);
        let mut summary = Summary::default();
        let mut failure = None;
        for played in rx {
            let played = match played {
                Ok(p) => p,
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(e);
                    continue;
                }
            };
            // Games still running when the match stops are not counted.
            if stop.load(Ordering::Relaxed) {
                continue;
            }
            if let Err(e) = count(cfg, names, played, &mut summary, progress) {
                stop.store(true, Ordering::Relaxed);
                failure.get_or_insert(e);
            } else if summary.stopped.is_some() {
                stop.store(true, Ordering::Relaxed);
            }
        }
        match failure {
            Some(e) => Err(e),
            None => Ok(summary),
        }
    })
}

/// A thread of a match: takes the next game until there is none or the match stops.
fn worker(
    cfg: &ArenaConfig,
    make: &MakePlayer<'_>,
    next: &AtomicU32,
    stop: &AtomicBool,
    tx: &mpsc::Sender<Result<Played, CliError>>,
) {
    let mut players: Seats = [None, None];
    loop {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= cfg.games {
            return;
        }
        let played = match play_game(cfg, index, make, &mut players) {
            Ok(played) => played,
            Err(e) => {
                let _ = tx.send(Err(e));
                return;
            }
        };
        if tx.send(Ok(played)).is_err() {
            return;
        }
    }
}

/// Plays game `index` of the match with `players`, making those missing with `make`:
/// what each of [`run_with`]'s threads does for a game. The game depends on `cfg`, the
/// index and the players alone (the opening of its pair, the seeds of its players), so
/// a game played elsewhere is the game the arena plays.
///
/// # Errors
/// Status 2 when a player cannot be started.
pub fn play_game(
    cfg: &ArenaConfig,
    index: u32,
    make: &MakePlayer<'_>,
    players: &mut Seats,
) -> Result<Played, CliError> {
    for k in 0..2 {
        if players[k].is_none() {
            players[k] =
                Some(make(k).map_err(|e| CliError::usage(format!("player {}: {e}", ["A", "B"][k])))?);
        }
    }
    let started = Instant::now();
    let mut played = play_one(cfg, index, players);
    played.seconds = started.elapsed().as_secs_f64();
    if let Some(k) = played.broke {
        // A process that broke the protocol starts afresh.
        players[k] = None;
    }
    Ok(played)
}

/// Counts a game into `summary` as [`run_with`] does: the totals, its record (in
/// `cfg.out`), its progress line on `progress` and the SPRT, which sets
/// `summary.stopped` at a bound.
///
/// # Errors
/// Status 2 when the record cannot be written.
pub fn count(
    cfg: &ArenaConfig,
    names: &[String; 2],
    p: Played,
    summary: &mut Summary,
    progress: &mut dyn Write,
) -> Result<(), CliError> {
    let index = p.index;
    if let Some(k) = p.broke {
        summary.forfeits[k] += 1;
    }
    for k in 0..2 {
        summary.moves[k] += p.moves[k];
        summary.time[k] += p.time[k];
        summary.depths[k].extend(&p.depths[k]);
        summary.move_ms[k].extend(&p.move_ms[k]);
    }
    let south = player_of(cfg.variant, index, Seat::South);
    if let Some(dir) = &cfg.out {
        let mut record = Record::new(p.game.clone());
        record.set_notation(cfg.notation);
        for seat in cfg.variant.seats() {
            let _ = record.set_player(seat, Some(names[player_of(cfg.variant, index, seat)].clone()));
        }
        let _ = record.set_tag("Event", Some(cfg.event.clone()));
        let _ = record.set_tag("Round", Some((index + 1).to_string()));
        let _ = record.set_tag("Opening", Some(cfg.opening.to_string()));
        let _ = record.set_tag("Termination", Some(p.reason.clone()));
        if let Some(ms) = cfg.ms {
            let _ = record.set_tag("TimeControl", Some(format!("{ms} ms a move")));
        }
        let path = dir.join(format!("game-{:03}.txt", index + 1));
        std::fs::write(&path, record.to_string())
            .map_err(|e| CliError::usage(format!("cannot write {}: {e}", path.display())))?;
        summary.records.push(path);
    }
    let plies = p.game.plies();
    summary.games.push(GameReport { index, south, result: p.result, reason: p.reason.clone(), plies });
    let (w, d, l) = summary.wdl();
    let mut line = format!(
        "game {}/{}: south {} north {}: {} for A ({}), {plies} plies, {:.1} s; {} played, A {w}/{d}/{l}",
        index + 1,
        cfg.games,
        ["A", "B"][south],
        ["A", "B"][1 - south],
        match p.result {
            Result3::Win => "win",
            Result3::Draw => "draw",
            Result3::Loss => "loss",
        },
        p.reason,
        p.seconds,
        summary.games.len(),
    );
    if let Some(score) = summary.score() {
        line.push_str(&format!(", score {:.1}%", 100.0 * score));
    }
    if let Some(sprt) = &cfg.sprt {
        // `+ 0.0` writes an even ratio as 0.00, not -0.00.
        let llr = sprt.llr_pentanomial(&summary.pentanomial()) + 0.0;
        let (lower, upper) = sprt.bounds();
        line.push_str(&format!(", LLR {llr:.2} [{lower:.2}, {upper:.2}]"));
        if sprt.verdict(llr) != Verdict::Continue {
            summary.stopped = Some(sprt.verdict(llr));
        }
    }
    let _ = writeln!(progress, "{line}");
    let _ = progress.flush();
    Ok(())
}

/// Plays game `index`: the game, A's result, why it ended, the player that broke the
/// rules or the protocol (if one did), and each player's moves, time and depths.
fn play_one(cfg: &ArenaConfig, index: u32, players: &mut Seats) -> Played {
    let v = cfg.variant;
    let mut played = Played {
        index,
        game: Game::new(v),
        result: Result3::Draw,
        reason: String::new(),
        broke: None,
        moves: [0; 2],
        time: [Duration::ZERO; 2],
        depths: [Vec::new(), Vec::new()],
        move_ms: [Vec::new(), Vec::new()],
        seconds: 0.0,
    };
    let for_a = |winner: usize| if winner == 0 { Result3::Win } else { Result3::Loss };
    let forfeit = |mut played: Played, k: usize, why: String| {
        played.result = for_a(1 - k);
        played.reason = format!("{} forfeits: {why}", ["A", "B"][k]);
        played.broke = Some(k);
        played
    };
    for (k, player) in players.iter_mut().enumerate() {
        let seat = v.seats().find(|&s| player_of(v, index, s) == k).unwrap_or(Seat::South);
        let seed = cfg.seed.wrapping_add(2 * u64::from(index) + k as u64);
        if let Err(Failure(why)) = player.as_mut().expect("started").new_game(v, seat, seed) {
            return forfeit(played, k, why);
        }
    }
    let mut history: Vec<Move> = Vec::new();
    let observe_all = |players: &mut Seats, skip: Option<usize>, before: &Position, m: Move, h: &[Move]| {
        for (k, player) in players.iter_mut().enumerate() {
            if Some(k) != skip {
                if let Err(Failure(why)) = player.as_mut().expect("started").observe(before, m, h) {
                    return Err((k, why));
                }
            }
        }
        Ok(())
    };
    for m in opening(v, cfg.seed, index / 2, cfg.opening) {
        let before = played.game.position().clone();
        played.game.play(m).expect("the opening is legal");
        history.push(m);
        if let Err((k, why)) = observe_all(players, None, &before, m, &history) {
            return forfeit(played, k, why);
        }
    }
    loop {
        if let Some(outcome) = played.game.outcome() {
            played.result = match outcome.winner() {
                Some(s) => for_a(player_of(v, index, s)),
                None => Result3::Draw,
            };
            played.reason = outcome.to_string();
            return played;
        }
        if played.game.plies() >= cfg.max_plies {
            let cap = format!("ply cap {}", cfg.max_plies);
            match adjudicate(played.game.position()) {
                Some(s) => {
                    played.result = for_a(player_of(v, index, s));
                    played.reason = format!("{cap}, adjudicated: {s} wins the race");
                }
                None => {
                    played.result = Result3::Draw;
                    played.reason = format!("{cap}, adjudicated a draw");
                }
            }
            return played;
        }
        let seat = played.game.turn();
        let k = player_of(v, index, seat);
        let before = played.game.position().clone();
        let t = Instant::now();
        let answer = players[k].as_mut().expect("started").genmove(&before, &history);
        let took = t.elapsed();
        played.time[k] += took;
        played.move_ms[k].push(took.as_secs_f32() * 1000.0);
        played.moves[k] += 1;
        if let Some(d) = players[k].as_ref().and_then(|p| p.last_depth()) {
            played.depths[k].push(d);
        }
        let m = match answer {
            Ok(m) => m,
            Err(Failure(why)) => return forfeit(played, k, format!("as {seat}: {why}")),
        };
        if let Err(e) = played.game.play(m) {
            return forfeit(played, k, format!("as {seat}: {e}"));
        }
        history.push(m);
        if let Err((j, why)) = observe_all(players, Some(k), &before, m, &history) {
            return forfeit(played, j, why);
        }
    }
}

/// The summary as text: totals, score, Elo, pairs, time a move, median depths.
pub fn render(cfg: &ArenaConfig, s: &Summary) -> String {
    render_named(cfg, &[cfg.players[0].to_string(), cfg.players[1].to_string()], s)
}

/// The summary as text, the players named `names`.
pub fn render_named(cfg: &ArenaConfig, names: &[String; 2], s: &Summary) -> String {
    let (w, d, l) = s.wdl();
    let n = s.games.len();
    let mut out = String::new();
    out.push_str(&format!("A: {}\nB: {}\n", names[0], names[1]));
    out.push_str(&format!("variant: {}; {} games", cfg.variant, n));
    if let Some(ms) = cfg.ms {
        out.push_str(&format!(", {ms} ms a move"));
    }
    out.push_str(&format!(", opening {} plies, seed {}, ply cap {}", cfg.opening, cfg.seed, cfg.max_plies));
    if cfg.concurrency > 1 {
        out.push_str(&format!(", {} games at once", cfg.concurrency));
    }
    out.push('\n');
    out.push_str(&format!("A wins/draws/losses: {w}/{d}/{l}"));
    if let Some(e) = s.trinomial().estimate() {
        out.push_str(&format!(", {e}"));
    }
    out.push('\n');
    let (pw, pd, pl) = s.pairs();
    out.push_str(&format!("pairs (same opening, colours swapped) won/drawn/lost by A: {pw}/{pd}/{pl}\n"));
    let penta = s.pentanomial();
    if let Some(e) = penta.estimate() {
        out.push_str(&format!("pairs scoring 0, ½, 1, 1½, 2 points for A: {}; {e}\n", join(&penta.0)));
    }
    if let Some(sprt) = &cfg.sprt {
        out.push_str(&sprt_text(sprt, &penta, s.stopped));
        out.push('\n');
    }
    for k in 0..2 {
        let name = ["A", "B"][k];
        out.push_str(&format!("{name}: {} moves, {:.1} ms a move", s.moves[k], s.ms_a_move(k)));
        if let Some(median) = s.median_ms(k) {
            out.push_str(&format!(" (median {median:.1})"));
        }
        if let Some(md) = s.median_depth(k) {
            out.push_str(&format!(", median depth {md}"));
        }
        if s.forfeits[k] > 0 {
            out.push_str(&format!(", {} games forfeited", s.forfeits[k]));
        }
        out.push('\n');
    }
    out
}

fn join(counts: &[u32]) -> String {
    counts.iter().map(u32::to_string).collect::<Vec<_>>().join("/")
}

/// The SPRT's line: the test, the LLR with its bounds, and the verdict.
fn sprt_text(sprt: &Sprt, penta: &Pentanomial, stopped: Option<Verdict>) -> String {
    let llr = sprt.llr_pentanomial(penta) + 0.0;
    let (lower, upper) = sprt.bounds();
    let verdict = match stopped.unwrap_or(sprt.verdict(llr)) {
        Verdict::H1 => format!("H1 accepted (Elo ≥ {})", sprt.elo1),
        Verdict::H0 => format!("H0 accepted (Elo ≤ {})", sprt.elo0),
        Verdict::Continue => "no decision yet".to_string(),
    };
    format!("SPRT {sprt}: LLR {llr:.2} [{lower:.2}, {upper:.2}] after {} pairs: {verdict}", penta.pairs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_seeded_and_shared_by_a_pair() {
        let v = Variant::classic();
        assert_eq!(opening(v, 5, 3, 6), opening(v, 5, 3, 6));
        assert_eq!(opening(v, 5, 3, 6).len(), 6);
        assert_ne!(opening(v, 5, 3, 6), opening(v, 5, 4, 6));
        let mut pos = Position::classic();
        for m in opening(v, 9, 0, 12) {
            pos.play(m).unwrap();
        }
        assert!(!pos.is_game_over());
    }

    #[test]
    fn colours_alternate_and_races_are_adjudicated() {
        let v = Variant::classic();
        assert_eq!(player_of(v, 0, Seat::South), 0);
        assert_eq!(player_of(v, 1, Seat::South), 1);
        assert_eq!(player_of(v, 1, Seat::North), 0);
        assert_eq!(adjudicate(&Position::classic()), None);
        let race = Position::new(Variant::new(9, 2, 0, 2, wallrush_core::Goal::Edge).unwrap());
        assert_eq!(adjudicate(&race), Some(Seat::South));
    }

    #[test]
    fn pair_scores() {
        let g = |index, result| GameReport { index, south: 0, result, reason: String::new(), plies: 1 };
        let s = Summary {
            games: vec![
                g(0, Result3::Win),
                g(1, Result3::Draw),
                g(2, Result3::Loss),
                g(3, Result3::Win),
                g(4, Result3::Loss),
            ],
            ..Summary::default()
        };
        assert_eq!(s.pairs(), (1, 1, 0));
        assert_eq!(s.wdl(), (2, 1, 2));
        // Pair 0 scored 1½, pair 1 scored 1; game 4's pair is not complete.
        assert_eq!(s.pentanomial(), Pentanomial([0, 0, 1, 1, 0]));
    }
}
