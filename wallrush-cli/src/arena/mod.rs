//! `wallrush arena`: matches at equal time between wallrush's engines and external
//! programs ([`player`]), every move checked by the rules.
//!
//! - Games come in pairs: both games of a pair start from the same seeded opening
//!   ([`opening`]) with the colours swapped, so neither player profits from a lucky
//!   opening or from moving first.
//! - A move that is unreadable or illegal, a timeout or a crash loses that game (the
//!   record says why); the match goes on with a fresh process.
//! - At the ply cap the game is adjudicated ([`adjudicate`]).
//! - Every game is written as a record; the summary gives W/D/L, the score, the Elo
//!   difference with its 95 % interval, the pair scores, time a move and the median
//!   depth of wallrush's engines.

pub mod cli;
pub mod player;
pub mod stats;
pub mod uci;

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use wallrush_core::{Game, Move, Position, Record, Seat, SplitMix64, Variant};

use crate::CliError;
use player::{Failure, Player, Spec};
use stats::{Estimate, Pentanomial, Sprt, Trinomial, Verdict};

/// What a match plays.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    /// The two players.
    pub players: [Spec; 2],
    /// The variant.
    pub variant: Variant,
    /// Games (pairs of games share an opening).
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
    /// Extra time an external program may take beyond three times its budget.
    pub slack: Duration,
    /// The sequential test that may end the match before `games` (over game pairs).
    pub sprt: Option<Sprt>,
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
    /// Every game.
    pub games: Vec<GameReport>,
    /// Moves each player chose.
    pub moves: [u64; 2],
    /// Time each player took for them.
    pub time: [Duration; 2],
    /// Depths of each player's searches (wallrush's engines only).
    pub depths: [Vec<u32>; 2],
    /// Games each player lost by breaking the rules or the protocol.
    pub forfeits: [u32; 2],
    /// The SPRT's verdict, when a bound stopped the match.
    pub stopped: Option<Verdict>,
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

/// Plays the match, one progress line per game on `progress`.
///
/// # Errors
/// Status 2 when a player cannot be started or the records cannot be written.
pub fn run(cfg: &ArenaConfig, progress: &mut dyn Write) -> Result<Summary, CliError> {
    if let Some(dir) = &cfg.out {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::usage(format!("cannot create {}: {e}", dir.display())))?;
    }
    let mut summary = Summary::default();
    let mut players: [Option<Box<dyn Player>>; 2] = [None, None];
    for index in 0..cfg.games {
        for k in 0..2 {
            // wallrush's own engines start every game afresh (an empty transposition
            // table), as `wallrush engine` does at `ucinewgame`: a game at a node budget
            // then depends on its opening and seed only.
            if players[k].is_none() || cfg.players[k].is_internal() {
                let seed = cfg.seed.wrapping_add(2 * u64::from(index) + k as u64);
                players[k] = Some(
                    player::make(&cfg.players[k], seed, cfg.ms, cfg.slack)
                        .map_err(|e| CliError::usage(format!("player {}: {e}", ["A", "B"][k])))?,
                );
            }
        }
        let started = Instant::now();
        let (game, result, reason, broke) = play_one(cfg, index, &mut players, &mut summary);
        if let Some(k) = broke {
            summary.forfeits[k] += 1;
            // A process that broke the protocol starts afresh.
            players[k] = None;
        }
        let south = player_of(cfg.variant, index, Seat::South);
        let report = GameReport { index, south, result, reason: reason.clone(), plies: game.plies() };
        if let Some(dir) = &cfg.out {
            let mut record = Record::new(game.clone());
            for seat in cfg.variant.seats() {
                let _ = record
                    .set_player(seat, Some(cfg.players[player_of(cfg.variant, index, seat)].to_string()));
            }
            let _ = record.set_tag("Event", Some("wallrush arena".into()));
            let _ = record.set_tag("Round", Some((index + 1).to_string()));
            let _ = record.set_tag("Termination", Some(reason.clone()));
            if let Some(ms) = cfg.ms {
                let _ = record.set_tag("TimeControl", Some(format!("{ms} ms a move")));
            }
            let path = dir.join(format!("game-{:03}.txt", index + 1));
            std::fs::write(&path, record.to_string())
                .map_err(|e| CliError::usage(format!("cannot write {}: {e}", path.display())))?;
        }
        summary.games.push(report);
        let (w, d, l) = summary.wdl();
        let mut line = format!(
            "game {}/{}: south {} north {}: {} for A ({reason}), {} plies, {:.1} s; A {w}/{d}/{l}",
            index + 1,
            cfg.games,
            ["A", "B"][south],
            ["A", "B"][1 - south],
            match result {
                Result3::Win => "win",
                Result3::Draw => "draw",
                Result3::Loss => "loss",
            },
            game.plies(),
            started.elapsed().as_secs_f64()
        );
        if let Some(score) = summary.score() {
            line.push_str(&format!(", score {:.1}%", 100.0 * score));
        }
        let mut verdict = Verdict::Continue;
        if let Some(sprt) = &cfg.sprt {
            // `+ 0.0` writes an even ratio as 0.00, not -0.00.
            let llr = sprt.llr_pentanomial(&summary.pentanomial()) + 0.0;
            let (lower, upper) = sprt.bounds();
            line.push_str(&format!(", LLR {llr:.2} [{lower:.2}, {upper:.2}]"));
            verdict = sprt.verdict(llr);
        }
        let _ = writeln!(progress, "{line}");
        let _ = progress.flush();
        if verdict != Verdict::Continue {
            summary.stopped = Some(verdict);
            break;
        }
    }
    Ok(summary)
}

/// Plays game `index`: the game, A's result, why it ended, and the player that broke
/// the rules or the protocol (if one did).
fn play_one(
    cfg: &ArenaConfig,
    index: u32,
    players: &mut [Option<Box<dyn Player>>; 2],
    summary: &mut Summary,
) -> (Game, Result3, String, Option<usize>) {
    let v = cfg.variant;
    let mut game = Game::new(v);
    let for_a = |winner: usize| if winner == 0 { Result3::Win } else { Result3::Loss };
    let forfeit = |k: usize, why: String, game: Game| {
        let name = ["A", "B"][k];
        (game, for_a(1 - k), format!("{name} forfeits: {why}"), Some(k))
    };
    for (k, player) in players.iter_mut().enumerate() {
        let seat = v.seats().find(|&s| player_of(v, index, s) == k).unwrap_or(Seat::South);
        if let Err(Failure(why)) = player.as_mut().expect("started").new_game(v, seat) {
            return forfeit(k, why, game);
        }
    }
    let mut history: Vec<Move> = Vec::new();
    let observe_all = |players: &mut [Option<Box<dyn Player>>; 2],
                       skip: Option<usize>,
                       before: &Position,
                       m: Move,
                       h: &[Move]| {
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
        let before = game.position().clone();
        game.play(m).expect("the opening is legal");
        history.push(m);
        if let Err((k, why)) = observe_all(players, None, &before, m, &history) {
            return forfeit(k, why, game);
        }
    }
    loop {
        if let Some(outcome) = game.outcome() {
            let result = match outcome.winner() {
                Some(s) => for_a(player_of(v, index, s)),
                None => Result3::Draw,
            };
            return (game, result, outcome.to_string(), None);
        }
        if game.plies() >= cfg.max_plies {
            let reason = format!("ply cap {}", cfg.max_plies);
            return match adjudicate(game.position()) {
                Some(s) => (
                    game,
                    for_a(player_of(v, index, s)),
                    format!("{reason}, adjudicated: {s} wins the race"),
                    None,
                ),
                None => (game, Result3::Draw, format!("{reason}, adjudicated a draw"), None),
            };
        }
        let seat = game.turn();
        let k = player_of(v, index, seat);
        let before = game.position().clone();
        let t = Instant::now();
        let answer = players[k].as_mut().expect("started").genmove(&before, &history);
        summary.time[k] += t.elapsed();
        summary.moves[k] += 1;
        if let Some(d) = players[k].as_ref().and_then(|p| p.last_depth()) {
            summary.depths[k].push(d);
        }
        let m = match answer {
            Ok(m) => m,
            Err(Failure(why)) => return forfeit(k, format!("as {seat}: {why}"), game),
        };
        if let Err(e) = game.play(m) {
            return forfeit(k, format!("as {seat}: {e}"), game);
        }
        history.push(m);
        if let Err((j, why)) = observe_all(players, Some(k), &before, m, &history) {
            return forfeit(j, why, game);
        }
    }
}

/// The summary as text: totals, score, Elo, pairs, time a move, median depths.
pub fn render(cfg: &ArenaConfig, s: &Summary) -> String {
    let (w, d, l) = s.wdl();
    let n = s.games.len();
    let mut out = String::new();
    out.push_str(&format!("A: {}\nB: {}\n", cfg.players[0], cfg.players[1]));
    out.push_str(&format!("variant: {}; {} games", cfg.variant, n));
    if let Some(ms) = cfg.ms {
        out.push_str(&format!(", {ms} ms a move"));
    }
    out.push_str(&format!(", opening {} plies, seed {}, ply cap {}\n", cfg.opening, cfg.seed, cfg.max_plies));
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
        let tpm = if s.moves[k] > 0 { s.time[k].as_secs_f64() * 1000.0 / s.moves[k] as f64 } else { 0.0 };
        out.push_str(&format!("{name}: {} moves, {tpm:.1} ms a move", s.moves[k]));
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

/// The score and Elo of A from the pairs when there are any, else from the games.
pub fn estimate(s: &Summary) -> Option<Estimate> {
    s.pentanomial().estimate().or_else(|| s.trinomial().estimate())
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
