//! `wallrush verify`: another implementation of the rules, played in lockstep with
//! wallrush, every disagreement shrunk to a short script that replays it.
//!
//! The implementation under test is a program speaking the adapter protocol of
//! `docs/VERIFY.md` on stdin/stdout ([`engine`]). At every ply the runner compares the
//! legal move set, the outcome and the route lengths (when the engine offers them), and
//! probes refusals with illegal moves of every kind ([`probe`]). A game is a sequence of
//! [`Choice`]s (which legal move, whether to take it back), drawn by the move policies of
//! [`policy`] and played by [`play_line`]; a disagreement is shrunk by [`shrink`] on those
//! choices, and reported as a [`script`] that `--replay` runs again and the example
//! database keeps. Declared differences come from a [`known`] file. [`vectors`] writes
//! the same checks as JSON lines for implementers who cannot run wallrush.

#[cfg(feature = "terminal")]
pub mod cli;
pub mod engine;
pub mod hello;
pub mod known;
pub mod policy;
pub mod probe;
pub mod script;
pub mod shrink;
pub mod vectors;

use std::collections::BTreeSet;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use wallrush_core::notation::Notation;
use wallrush_core::{Goal, Move, Outcome, Position, SplitMix64, Variant};

use crate::CliError;
use engine::{clip, Answer, Engine, EngineError};
use hello::Hello;
use known::Known;
use policy::Policy;
use script::Script;

/// What `wallrush verify` runs.
#[derive(Clone, Debug)]
pub struct VerifyConfig {
    /// The engine command line (run through `sh -c`).
    pub engine: String,
    /// Variants to play; empty for the default suite ([`default_variants`]).
    pub variants: Vec<Variant>,
    /// Games to play.
    pub games: u32,
    /// Seed of the games and probes.
    pub seed: u64,
    /// Time allowed for each answer.
    pub time: Duration,
    /// Declared differences.
    pub known: Known,
    /// Plies after which a game stops (default: 12 × size).
    pub max_plies: Option<u32>,
    /// Probe refusals at every ply.
    pub probes: bool,
    /// The most time spent shrinking one disagreement.
    pub shrink_time: Duration,
    /// Stop at the first disagreement.
    pub fail_fast: bool,
    /// The example database: failing scripts saved there are replayed first, and every
    /// new one is saved there. `None` keeps nothing.
    pub database: Option<PathBuf>,
}

/// One difference between wallrush and the engine.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Disagreement {
    /// Moves played before it showed.
    pub ply: usize,
    /// What differs: `legal`, `outcome`, `routes`, `play`, `refusal:KIND`, `new`, `answer`.
    pub aspect: String,
    /// wallrush's answer.
    pub wallrush: String,
    /// The engine's answer.
    pub engine: String,
    /// The moves in dispute, in the engine's notation: moves only the engine lists, the
    /// probe it accepted, the legal move it refused (at most 20).
    pub disputed: Vec<String>,
}

/// A disagreement, shrunk.
#[derive(Clone, Debug)]
pub struct Report {
    /// Where it was found: `game 3`, or the example database's file.
    pub source: String,
    /// The variant.
    pub variant: Variant,
    /// Plies played when it was found.
    pub found_at: usize,
    /// Time from the start of the run to the end of the game that found it.
    pub found_after: Duration,
    /// The shrunk game's moves, standard notation (undo calls and probes left out).
    pub moves: Vec<String>,
    /// The disagreement at the end of the shrunk game.
    pub disagreement: Disagreement,
    /// Candidates tried while shrinking.
    pub shrink_steps: u32,
    /// Time spent shrinking.
    pub shrink_time: Duration,
    /// Whether a replay from `new` shows it again; when not (an engine whose answers
    /// depend on earlier games), the game is reported as found, not shrunk.
    pub reproduced: bool,
    /// Whose turn it is, the pawns and the walls left where it shows.
    pub position: String,
    /// Each disputed move with wallrush's verdict on it (its refusal reason, or legal).
    pub verdicts: Vec<String>,
    /// Every command that changed the engine's state, then the question that showed it:
    /// `--replay` runs it as it stands.
    pub script: Vec<String>,
}

/// The totals of a run.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Games played.
    pub games: u32,
    /// Plies played in lockstep.
    pub plies: u64,
    /// Answers compared.
    pub comparisons: u64,
    /// Disagreements found (not declared).
    pub disagreements: u32,
    /// Declared differences seen.
    pub declared: u64,
    /// Refusals whose named kind differs from wallrush's (not failures).
    pub reason_mismatches: u64,
    /// Shrink candidates tried.
    pub shrink_steps: u32,
    /// Variants skipped because the engine does not play them.
    pub skipped: Vec<Variant>,
    /// Every disagreement, shrunk.
    pub reports: Vec<Report>,
    /// Scripts of the example database replayed.
    pub replayed: u32,
    /// Why the engine was dropped, ending the run early.
    pub dropped: Option<String>,
}

/// The variant suite played when `--variant` is not given, restricted to what the
/// engine declares: the classic board, four seats, the centre goal, long walls on big
/// boards and the edges of the ranges (3×3, no walls, 99 walls, the longest wall).
pub fn default_variants() -> Vec<Variant> {
    let v = |size: u64, players: u64, walls: u64, len: u64, goal: Goal| {
        Variant::builder().size(size).players(players).walls(walls).wall_length(len).goal(goal).build()
    };
    [
        v(9, 2, 10, 2, Goal::Edge),
        v(5, 2, 4, 2, Goal::Edge),
        v(3, 2, 2, 2, Goal::Edge),
        v(3, 2, 0, 2, Goal::Edge),
        v(9, 2, 99, 2, Goal::Edge),
        v(7, 2, 10, 6, Goal::Edge),
        v(9, 4, 5, 2, Goal::Edge),
        v(5, 4, 3, 2, Goal::Edge),
        v(15, 2, 20, 5, Goal::Edge),
        v(9, 2, 10, 2, Goal::Centre),
        v(31, 2, 99, 30, Goal::Edge),
    ]
    .into_iter()
    .filter_map(Result::ok)
    .collect()
}

/// The variant as the oracle's `variant` object.
pub fn variant_json(v: &Variant) -> Value {
    json!({"size": v.size(), "players": v.players(), "walls": v.walls(),
           "wall_length": v.wall_length(), "goal": v.goal().to_string()})
}

/// The variant as `new` sends it: `size=9 players=2 walls=10 wall_length=2 goal=edge`.
pub fn variant_words(v: &Variant) -> String {
    v.to_string()
}

/// The oracle request that shows the position after `moves` (standard notation).
pub fn oracle_line(v: &Variant, moves: &[String]) -> String {
    json!({"variant": variant_json(v), "moves": moves}).to_string()
}

/// Standard texts of `moves` from the start of `v`.
pub fn standard_texts(moves: &[Move], v: &Variant) -> Vec<String> {
    moves.iter().map(|m| m.text(v.size()).to_string()).collect()
}

/// The outcome as the protocol writes it: `none`, `winner SEAT`, `draw REASON`.
pub fn outcome_words(o: Option<Outcome>) -> String {
    match o {
        None => "none".into(),
        Some(Outcome::Win { seat, .. }) => format!("winner {}", seat.name()),
        Some(Outcome::Draw(r)) => format!("draw {}", r.name()),
    }
}

/// Route lengths as the protocol writes them: `south=7 north=7` (`none` for no route).
pub fn routes_words(pos: &Position) -> String {
    pos.variant()
        .seats()
        .map(|s| match pos.route_len(s) {
            Some(r) => format!("{}={r}", s.name()),
            None => format!("{}=none", s.name()),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The legal moves of `pos` written in `notation`.
pub fn legal_texts(pos: &Position, notation: Notation) -> BTreeSet<String> {
    let n = pos.variant().size();
    pos.legal_moves()
        .iter()
        .map(|&m| notation.write_move(pos, m).unwrap_or_else(|_| m.text(n).to_string()))
        .collect()
}

/// The policy-free part of a game: which legal move is played (an index into
/// [`Position::legal_moves`] order, taken modulo their number, so any index is a legal
/// move) and whether it is taken back and played again. A game is the sequence of its
/// choices; the shrinker works on that sequence, and every candidate is a legal game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Choice {
    /// The move's index among the legal moves.
    pub index: u32,
    /// Whether `undo` is sent after the move (which is then played again).
    pub undo: bool,
}

/// How a game is played in lockstep.
#[derive(Clone, Copy, Debug)]
pub struct Lockstep {
    /// Probe refusals at every ply.
    pub probes: bool,
    /// The ply at which the engine declares the game drawn (not compared there).
    pub engine_cap: Option<u32>,
    /// The first ply whose position is compared: 0 compares every position; the
    /// shrinker's search of short games asks only about the last one (the moves played
    /// are still checked as they are accepted).
    pub compare_from: usize,
}

/// One game played in lockstep.
#[derive(Clone, Debug)]
pub struct Line {
    /// The choices played: up to and including the one whose move or undo showed the
    /// disagreement.
    pub choices: Vec<Choice>,
    /// Their moves.
    pub moves: Vec<Move>,
    /// The first disagreement.
    pub found: Option<Disagreement>,
    /// The position the disagreement is about.
    pub pos: Position,
    /// The commands that changed the engine's state (see [`Runner::log`]).
    pub script: Vec<String>,
}

/// Plays a game in lockstep from `new`: compares at every ply, then asks `next` for the
/// next choice (`None` ends the game).
pub fn play_line(
    runner: &mut Runner,
    v: Variant,
    how: Lockstep,
    next: &mut dyn FnMut(&Position, usize) -> Option<Choice>,
) -> Line {
    let mut line = Line {
        choices: Vec::new(),
        moves: Vec::new(),
        found: None,
        pos: Position::new(v),
        script: Vec::new(),
    };
    let found = (|| -> Result<(), Box<(Disagreement, Option<Position>)>> {
        runner.new_game(&v).map_err(|d| Box::new((d, None)))?;
        let mut pos = Position::new(v);
        loop {
            if how.engine_cap == Some(line.moves.len() as u32) {
                // The engine has drawn the game here (a declared ply cap): not compared.
                runner.declared += 1;
                return Ok(());
            }
            if line.moves.len() >= how.compare_from {
                runner
                    .compare(&pos, &line.moves, how.probes)
                    .map_err(|d| Box::new((d, Some(pos.clone()))))?;
            }
            if pos.is_game_over() {
                return Ok(());
            }
            let Some(c) = next(&pos, line.moves.len()) else { return Ok(()) };
            let legal = pos.legal_moves();
            let m = legal[c.index as usize % legal.len()];
            if !runner.known.stop_before.is_empty() {
                let text = runner.write(&pos, m);
                if runner.known.stop_before.contains(&text) {
                    // A legal move the engine is declared unable to play: the game stops here.
                    runner.declared += 1;
                    return Ok(());
                }
            }
            line.choices.push(c);
            let before = pos.clone();
            let at = line.moves.len();
            line.moves.push(m);
            runner.play(&mut pos, m, at).map_err(|d| Box::new((d, Some(before.clone()))))?;
            if c.undo && runner.hello.undo {
                // Take the move back, compare the position before it, and play it again.
                runner.undo(&before, &line.moves[..at]).map_err(|d| Box::new((d, Some(before.clone()))))?;
                pos = before.clone();
                runner.play(&mut pos, m, at).map_err(|d| Box::new((d, Some(before))))?;
            }
        }
    })();
    if let Err(e) = found {
        let (d, pos) = *e;
        line.pos = pos.unwrap_or(line.pos);
        line.found = Some(d);
    }
    line.script = runner.log.clone();
    line
}

/// The choices that play `moves` from the start of `v` (each move must be legal).
pub fn choices_of(v: Variant, moves: &[Move]) -> Vec<Choice> {
    let mut pos = Position::new(v);
    moves
        .iter()
        .map(|&m| {
            let index = pos.legal_moves().iter().position(|&l| l == m).unwrap_or(0) as u32;
            pos.play_unchecked(m);
            Choice { index, undo: false }
        })
        .collect()
}

/// How long an engine must stay silent after `hello` and after a disagreement: an engine
/// that writes in that time is writing answers nobody asked for.
pub const QUIET: Duration = Duration::from_millis(100);

/// The lockstep runner: one engine, compared with wallrush.
pub struct Runner {
    command: String,
    time: Duration,
    engine: Option<Engine>,
    /// The engine's `hello`.
    pub hello: Hello,
    known: Known,
    seed: u64,
    /// Comparisons made.
    pub comparisons: u64,
    /// Declared differences seen.
    pub declared: u64,
    /// Refusal kinds that differ.
    pub reason_mismatches: u64,
    /// Why the engine was dropped for good (it wrote answers nobody asked for).
    pub dropped: Option<String>,
    /// The commands of the current game that changed the engine's state, from `new`
    /// (probes, refused, are kept too, marked with wallrush's reason), then the question
    /// that showed a disagreement, if one did.
    pub log: Vec<String>,
}

impl Runner {
    /// Starts the engine and reads its `hello`.
    ///
    /// # Errors
    /// The engine does not start or answers `hello` badly.
    pub fn start(command: &str, time: Duration, known: Known, seed: u64) -> Result<Runner, String> {
        let mut engine = Engine::spawn(command, time)?;
        let hello = match engine.ask("hello") {
            Ok(Answer::Ok(text)) => Hello::parse(&text)?,
            Ok(Answer::Refused(r)) => return Err(format!("the engine refused hello: {r}")),
            Err(e) => return Err(format!("hello: {e}")),
        };
        engine.quiet(QUIET).map_err(|e| format!("after hello: {e}"))?;
        Ok(Runner {
            command: command.into(),
            time,
            engine: Some(engine),
            hello,
            known,
            seed,
            comparisons: 0,
            declared: 0,
            reason_mismatches: 0,
            dropped: None,
            log: Vec::new(),
        })
    }

    /// Checks that the engine writes nothing unasked (see [`Engine::quiet`]); an engine
    /// that does is dropped for good.
    pub fn check_quiet(&mut self) {
        if let Some(engine) = self.engine.as_mut() {
            if let Err(e) = engine.quiet(QUIET) {
                if matches!(e, EngineError::Unasked(_)) {
                    self.dropped = Some(e.to_string());
                }
                self.engine = None;
            }
        }
    }

    fn ask(&mut self, line: &str) -> Result<Answer, EngineError> {
        if let Some(why) = &self.dropped {
            return Err(EngineError::Closed(why.clone()));
        }
        if self.engine.is_none() {
            let mut e = Engine::spawn(&self.command, self.time).map_err(EngineError::Closed)?;
            e.ask("hello")?;
            self.engine = Some(e);
        }
        let engine = self.engine.as_mut().ok_or_else(|| EngineError::Closed("not running".into()))?;
        let r = engine.ask(line);
        match &r {
            Err(e @ EngineError::Unasked(_)) => {
                // A flooding engine would answer every later question with a stale line.
                self.dropped = Some(e.to_string());
                self.engine = None;
            }
            Err(_) => self.engine = None, // killed; a fresh one is started on the next question
            Ok(_) => {}
        }
        r
    }

    fn fail(
        ply: usize,
        aspect: &str,
        wallrush: impl Into<String>,
        engine: impl Into<String>,
    ) -> Disagreement {
        Disagreement {
            ply,
            aspect: aspect.into(),
            wallrush: wallrush.into(),
            engine: engine.into(),
            disputed: Vec::new(),
        }
    }

    fn answer(&mut self, ply: usize, line: &str) -> Result<Answer, Disagreement> {
        self.ask(line).map_err(|e| {
            self.log.push(line.to_string());
            Runner::fail(ply, "answer", format!("an answer to {:?}", clip(line)), e.to_string())
        })
    }

    /// `m` in the engine's notation.
    pub fn write(&self, pos: &Position, m: Move) -> String {
        self.hello.notation.write_move(pos, m).unwrap_or_else(|_| m.text(pos.variant().size()).to_string())
    }

    /// `new VARIANT`.
    ///
    /// # Errors
    /// The engine refuses it or does not answer.
    pub fn new_game(&mut self, v: &Variant) -> Result<(), Disagreement> {
        self.log.clear();
        let line = format!("new {}", variant_words(v));
        let answer = self.answer(0, &line)?;
        self.log.push(line);
        match answer {
            Answer::Ok(_) => Ok(()),
            Answer::Refused(r) => Err(Runner::fail(0, "new", "ok", format!("refused {r}"))),
        }
    }

    /// Plays `m` (legal for wallrush) on both sides.
    ///
    /// # Errors
    /// The engine refuses it.
    pub fn play(&mut self, pos: &mut Position, m: Move, ply: usize) -> Result<(), Disagreement> {
        let text = self.write(pos, m);
        self.comparisons += 1;
        let line = format!("play {text}");
        let answer = self.answer(ply, &line)?;
        self.log.push(line);
        match answer {
            Answer::Ok(_) => {}
            Answer::Refused(r) => {
                let mut d = Runner::fail(ply, "play", format!("{text} is legal"), format!("refused {r}"));
                d.disputed.push(text);
                return Err(d);
            }
        }
        pos.play_unchecked(m);
        Ok(())
    }

    /// Compares everything about `pos` (reached by `moves`): legal set, outcome, routes,
    /// and with `probes` the refusal of illegal moves.
    ///
    /// # Errors
    /// The first difference that is not declared.
    pub fn compare(&mut self, pos: &Position, moves: &[Move], probes: bool) -> Result<(), Disagreement> {
        let ply = moves.len();
        let ours = legal_texts(pos, self.hello.notation);
        let theirs: BTreeSet<String> = match self.answer(ply, "legal")? {
            Answer::Ok(t) => t.split_whitespace().map(String::from).collect(),
            Answer::Refused(r) => BTreeSet::from([format!("(refused {r})")]),
        };
        self.comparisons += 1;
        if ours != theirs {
            let only_ours: Vec<&String> = ours.difference(&theirs).collect();
            let only_theirs: Vec<&String> =
                theirs.difference(&ours).filter(|m| !self.known.extra_moves.contains(*m)).collect();
            if (only_ours.is_empty() && only_theirs.is_empty()) || self.known.ignores("legal") {
                self.declared += 1;
            } else {
                let side = |all: &BTreeSet<String>, only: &[&String]| {
                    let words: Vec<&str> = only.iter().map(|s| s.as_str()).collect();
                    format!("{} moves; only here: {}", all.len(), clip(&words.join(" ")))
                };
                let mut d = Runner::fail(ply, "legal", side(&ours, &only_ours), side(&theirs, &only_theirs));
                d.disputed = only_theirs.iter().chain(&only_ours).take(20).map(|s| s.to_string()).collect();
                self.log.push("legal".into());
                return Err(d);
            }
        }
        if self.hello.outcome {
            let ours = outcome_words(pos.outcome());
            let theirs = match self.answer(ply, "outcome")? {
                Answer::Ok(t) => t.split_whitespace().collect::<Vec<_>>().join(" "),
                Answer::Refused(r) => format!("(refused {r})"),
            };
            self.comparisons += 1;
            if ours != theirs {
                if self.known.ignores("outcome") {
                    self.declared += 1;
                } else {
                    self.log.push("outcome".into());
                    return Err(Runner::fail(ply, "outcome", ours, theirs));
                }
            }
        }
        if self.hello.routes {
            let ours = routes_words(pos);
            let theirs = match self.answer(ply, "routes")? {
                Answer::Ok(t) => {
                    let mut w: Vec<&str> = t.split_whitespace().collect();
                    let order = |s: &&str| pos.variant().seats().position(|seat| s.starts_with(seat.name()));
                    w.sort_by_key(order);
                    w.join(" ")
                }
                Answer::Refused(r) => format!("(refused {r})"),
            };
            self.comparisons += 1;
            if ours != theirs {
                if self.known.ignores("routes") {
                    self.declared += 1;
                } else {
                    self.log.push("routes".into());
                    return Err(Runner::fail(ply, "routes", ours, theirs));
                }
            }
        }
        if probes {
            let mut rng = SplitMix64::new(self.seed ^ pos.zobrist() ^ (ply as u64).wrapping_mul(0x9E37));
            for probe::Probe { text, kind, message } in probe::probes(pos, self.hello.notation, &mut rng) {
                self.comparisons += 1;
                let line = format!("play {text}");
                let answer = self.answer(ply, &line)?;
                self.log.push(format!("{line}  # probe: {message}"));
                match answer {
                    Answer::Refused(reason) => {
                        let named = reason.split_whitespace().next().unwrap_or("");
                        if probe::KINDS.contains(&named) && named != kind {
                            self.reason_mismatches += 1;
                        }
                    }
                    Answer::Ok(_) => {
                        let aspect = format!("refusal:{kind}");
                        if self.known.ignores(&aspect) || self.known.ignores("refusal") {
                            self.declared += 1;
                            self.replay(pos.variant(), moves)?;
                        } else {
                            let mut d = Runner::fail(ply, &aspect, format!("refused {kind} ({text})"), "ok");
                            d.disputed.push(text);
                            return Err(d);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Sends `play TEXT` for a move wallrush refuses at `pos` (or cannot read): the engine
    /// must refuse it too.
    ///
    /// # Errors
    /// The engine accepts it.
    pub fn probe(&mut self, pos: &Position, ply: usize, text: &str) -> Result<(), Disagreement> {
        let refusal = match text.parse::<Move>() {
            Ok(m) => pos.check(m).err().map(|e| (e.reason().kind(), e.to_string())),
            Err(e) => Some(("unreadable", e.to_string())),
        };
        let (kind, message) =
            refusal.unwrap_or(("illegal", String::from("not legal in the engine's notation")));
        self.comparisons += 1;
        let line = format!("play {text}");
        let answer = self.answer(ply, &line)?;
        self.log.push(format!("{line}  # probe: {message}"));
        match answer {
            Answer::Refused(_) => Ok(()),
            Answer::Ok(_) => {
                let mut d =
                    Runner::fail(ply, &format!("refusal:{kind}"), format!("refused {kind} ({text})"), "ok");
                d.disputed.push(text.to_string());
                Err(d)
            }
        }
    }

    /// Sends `undo` after the move that left `before` (reached by `moves`), then compares
    /// `before` without probes.
    ///
    /// # Errors
    /// The engine refuses the undo or then disagrees about `before`.
    pub fn undo(&mut self, before: &Position, moves: &[Move]) -> Result<(), Disagreement> {
        self.comparisons += 1;
        let answer = self.answer(moves.len(), "undo")?;
        self.log.push("undo".into());
        match answer {
            Answer::Ok(_) => {}
            Answer::Refused(r) => {
                return Err(Runner::fail(moves.len() + 1, "undo", "ok", format!("refused {r}")))
            }
        }
        self.compare(before, moves, false)
    }

    fn replay(&mut self, v: Variant, moves: &[Move]) -> Result<(), Disagreement> {
        self.new_game(&v)?;
        let mut pos = Position::new(v);
        for (i, &m) in moves.iter().enumerate() {
            self.play(&mut pos, m, i)?;
        }
        Ok(())
    }
}

/// Writes a progress line on stderr: a bar on a terminal, a line a game otherwise.
fn progress(done: u32, total: u32, s: &Summary, tty: bool) {
    let width = 24usize;
    let filled = (done as usize * width).checked_div(total as usize).unwrap_or(width);
    let line = format!(
        "verify [{}{}] {done}/{total} games, {} plies, {} comparisons, {} disagreements",
        "#".repeat(filled),
        ".".repeat(width - filled),
        s.plies,
        s.comparisons,
        s.disagreements
    );
    crate::output::stderr(&if tty { format!("\r{line}") } else { format!("{line}\n") });
}

/// Whose turn it is, the pawns and the walls left, for a report.
pub fn position_words(pos: &Position) -> String {
    let seats: Vec<_> = pos.variant().seats().collect();
    let pawns: Vec<String> = seats
        .iter()
        .map(|&s| match pos.pawn(s) {
            Some(sq) => format!("{}={sq}", s.name()),
            None => format!("{}=off", s.name()),
        })
        .collect();
    let walls: Vec<String> = seats.iter().map(|&s| format!("{}={}", s.name(), pos.walls_left(s))).collect();
    let turn =
        if pos.is_game_over() { String::from("game over") } else { format!("{} to move", pos.turn().name()) };
    format!("{turn}; pawns {}; walls left {}", pawns.join(" "), walls.join(" "))
}

/// wallrush's verdict on each disputed move of `d` at `pos`: its refusal, or legal.
pub fn verdicts(pos: &Position, notation: Notation, d: &Disagreement) -> Vec<String> {
    d.disputed
        .iter()
        .map(|text| {
            let standard = match notation {
                Notation::Standard => text.parse::<Move>().ok(),
                _ => notation.parse_move(pos, text).ok(),
            };
            match standard {
                Some(m) => match pos.check(m) {
                    Ok(()) => format!("{text}: legal"),
                    Err(e) => format!("{text}: wallrush refuses it, {} ({e})", e.reason().kind()),
                },
                None => format!("{text}: not a move wallrush can read here"),
            }
        })
        .collect()
}

/// The report of `line`, a disagreement shrunk or replayed.
fn report(runner: &Runner, source: String, v: Variant, line: &Line, found: (usize, Duration)) -> Report {
    let d = line.found.clone().unwrap_or_else(|| Runner::fail(0, "none", "", ""));
    Report {
        source,
        variant: v,
        found_at: found.0,
        found_after: found.1,
        moves: standard_texts(&line.moves, &v),
        position: position_words(&line.pos),
        verdicts: verdicts(&line.pos, runner.hello.notation, &d),
        disagreement: d,
        shrink_steps: 0,
        shrink_time: Duration::ZERO,
        reproduced: true,
        script: line.script.clone(),
    }
}

/// Runs `wallrush verify`: the example database's scripts first, then the games; each
/// report is written to `out` as soon as it is shrunk.
///
/// # Errors
/// The engine cannot be started or plays none of the variants; a write error.
pub fn run(cfg: &VerifyConfig, out: &mut dyn Write) -> Result<Summary, CliError> {
    let start = Instant::now();
    let mut runner =
        Runner::start(&cfg.engine, cfg.time, cfg.known.clone(), cfg.seed).map_err(CliError::usage)?;
    let mut summary = Summary::default();
    let asked = if cfg.variants.is_empty() { default_variants() } else { cfg.variants.clone() };
    let (variants, skipped): (Vec<Variant>, Vec<Variant>) =
        asked.into_iter().partition(|v| runner.hello.supports(v));
    summary.skipped = skipped;
    if variants.is_empty() {
        return Err(CliError::usage("the engine plays none of the variants asked for"));
    }
    let emit = |r: Report, summary: &mut Summary, out: &mut dyn Write| -> Result<(), CliError> {
        summary.disagreements += 1;
        summary.shrink_steps += r.shrink_steps;
        out.write_all(render_report(summary.disagreements, &r).as_bytes())?;
        out.flush()?;
        summary.reports.push(r);
        Ok(())
    };
    // The example database: what failed before is tried first.
    if let Some(dir) = &cfg.database {
        for (path, text) in script::saved(dir) {
            let Ok(s) = Script::parse(&text) else { continue };
            if !runner.hello.supports(&s.variant) {
                continue;
            }
            summary.replayed += 1;
            let line = script::replay(&mut runner, &s);
            if line.found.is_some() {
                let r = report(
                    &runner,
                    path.display().to_string(),
                    s.variant,
                    &line,
                    (line.moves.len(), start.elapsed()),
                );
                emit(r, &mut summary, out)?;
                if cfg.fail_fast {
                    return Ok(summary);
                }
            } else if runner.dropped.is_none() {
                // It agrees now: the example is no longer kept.
                let _ = std::fs::remove_file(&path);
            }
            if let Some(why) = &runner.dropped {
                summary.dropped = Some(why.clone());
                return Ok(summary);
            }
        }
    }
    let tty = std::io::stderr().is_terminal();
    for g in 0..cfg.games {
        let variant = variants[g as usize % variants.len()];
        let mut rng = SplitMix64::new(SplitMix64::mix(cfg.seed ^ u64::from(g).wrapping_mul(0x5851_F42D)));
        let cap = cfg.max_plies.unwrap_or(12 * u32::from(variant.size()));
        let engine_cap = cfg.known.cap_at(variant.size());
        let cap = engine_cap.map_or(cap, |c| cap.min(c)) as usize;
        let how = Lockstep { probes: cfg.probes, engine_cap, compare_from: 0 };
        let undo = runner.hello.undo;
        let mut next = |pos: &Position, ply: usize| -> Option<Choice> {
            if ply >= cap {
                return None;
            }
            let m = Policy::at(g, ply, variant.size()).choose(pos, &mut rng);
            let index = pos.legal_moves().iter().position(|&l| l == m).unwrap_or(0) as u32;
            Some(Choice { index, undo: undo && rng.below(8) == 0 })
        };
        let line = play_line(&mut runner, variant, how, &mut next);
        summary.games += 1;
        if line.found.is_some() {
            // Before shrinking: a flooding engine would make every candidate disagree.
            runner.check_quiet();
        }
        summary.plies += line.moves.len() as u64;
        if let Some(why) = &runner.dropped {
            summary.dropped = Some(why.clone());
            break;
        }
        if line.found.is_some() {
            let found = (line.moves.len(), start.elapsed());
            let before = runner.comparisons;
            let shrink_start = Instant::now();
            let shrunk = shrink::shrink(&mut runner, variant, how, line, shrink_start + cfg.shrink_time);
            runner.comparisons = before; // the replays of shrinking are not counted
            let mut r = report(&runner, format!("game {}", g + 1), variant, &shrunk.line, found);
            r.shrink_steps = shrunk.steps;
            r.shrink_time = shrink_start.elapsed();
            r.reproduced = shrunk.reproduced;
            if let Some(dir) = &cfg.database {
                let _ = script::save(dir, &render_report(1, &r));
            }
            emit(r, &mut summary, out)?;
            if runner.dropped.is_some() || cfg.fail_fast {
                summary.dropped = runner.dropped.clone();
                break;
            }
        }
        summary.comparisons = runner.comparisons;
        summary.declared = runner.declared;
        summary.reason_mismatches = runner.reason_mismatches;
        progress(g + 1, cfg.games, &summary, tty);
    }
    summary.comparisons = runner.comparisons;
    summary.declared = runner.declared;
    summary.reason_mismatches = runner.reason_mismatches;
    if tty {
        crate::output::stderr("\n");
    }
    Ok(summary)
}

/// Replays one report or script (`--replay FILE`) against the engine.
///
/// # Errors
/// The engine cannot be started, the script cannot be read, a write error.
pub fn run_replay(cfg: &VerifyConfig, text: &str, out: &mut dyn Write) -> Result<Summary, CliError> {
    let script = Script::parse(text).map_err(CliError::usage)?;
    let mut runner =
        Runner::start(&cfg.engine, cfg.time, cfg.known.clone(), cfg.seed).map_err(CliError::usage)?;
    let mut summary = Summary { games: 1, ..Summary::default() };
    let line = script::replay(&mut runner, &script);
    summary.plies = line.moves.len() as u64;
    summary.comparisons = runner.comparisons;
    summary.dropped = runner.dropped.clone();
    if line.found.is_some() {
        let r = report(
            &runner,
            String::from("the script"),
            script.variant,
            &line,
            (line.moves.len(), Duration::ZERO),
        );
        summary.disagreements = 1;
        out.write_all(render_report(1, &r).as_bytes())?;
        summary.reports.push(r);
    }
    Ok(summary)
}

/// One report as text: replayable as it stands by `wallrush verify --replay`.
pub fn render_report(n: u32, r: &Report) -> String {
    let d = &r.disagreement;
    let mut out = format!(
        "disagreement {n} ({}) in {}, found after {} at {:.1} s, shrunk to {} in {} candidates ({:.1} s)\n",
        d.aspect,
        r.source,
        crate::plies(r.found_at as u32),
        r.found_after.as_secs_f64(),
        crate::plies(r.moves.len() as u32),
        r.shrink_steps,
        r.shrink_time.as_secs_f64(),
    );
    if !r.reproduced {
        out.push_str(
            "  (not shown again when replayed from new: the engine's answers depend on earlier games)\n",
        );
    }
    out.push_str(&format!("  variant:  {}\n", r.variant));
    out.push_str(&format!(
        "  moves:    {}\n",
        if r.moves.is_empty() { "(none)".into() } else { r.moves.join(" ") }
    ));
    out.push_str(&format!("  wallrush: {}\n", d.wallrush));
    out.push_str(&format!("  engine:   {}\n", d.engine));
    out.push_str(&format!("  oracle:   {}\n", oracle_line(&r.variant, &r.moves)));
    out.push_str(&format!("  position: {}\n", r.position));
    for v in &r.verdicts {
        out.push_str(&format!("  disputed: {v}\n"));
    }
    out.push_str("  script (wallrush verify --replay FILE runs it again):\n");
    for l in &r.script {
        out.push_str(&format!("    {l}\n"));
    }
    out
}

/// The summary of a run, after its reports.
pub fn render_summary(s: &Summary) -> String {
    let mut out = String::new();
    for v in &s.skipped {
        out.push_str(&format!("skipped (not in the engine's hello): {v}\n"));
    }
    out.push_str(&format!(
        "summary: {} games, {} plies, {} comparisons, {} disagreements, {} declared differences, {} refusal reasons named differently, {} shrink steps\n",
        s.games, s.plies, s.comparisons, s.disagreements, s.declared, s.reason_mismatches, s.shrink_steps
    ));
    if s.replayed > 0 {
        out.push_str(&format!("example database: {} scripts replayed first\n", s.replayed));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_run_reaches_every_policy_on_every_variant() {
        // 20 games over the default suite, as `wallrush verify` plays them without an
        // engine: every variant sees a move chosen by every policy.
        let variants = default_variants();
        let mut seen = BTreeSet::new();
        for g in 0..20u32 {
            let v = variants[g as usize % variants.len()];
            let mut rng = SplitMix64::new(SplitMix64::mix(1 ^ u64::from(g).wrapping_mul(0x5851_F42D)));
            let mut pos = Position::new(v);
            for ply in 0..12 * usize::from(v.size()) {
                if pos.is_game_over() {
                    break;
                }
                let p = Policy::at(g, ply, v.size());
                seen.insert((v.to_string(), p.name()));
                let m = p.choose(&pos, &mut rng);
                pos.play_unchecked(m);
            }
        }
        for v in &variants {
            for p in Policy::ALL {
                assert!(seen.contains(&(v.to_string(), p.name())), "{v} never plays {}", p.name());
            }
        }
    }

    #[test]
    fn choices_replay_the_moves_they_were_taken_from() {
        let v = Variant::builder().size(5).walls(3).build().unwrap();
        let mut pos = Position::new(v);
        let mut moves = Vec::new();
        let mut rng = SplitMix64::new(3);
        for ply in 0..12 {
            let m = Policy::at(0, ply, 5).choose(&pos, &mut rng);
            moves.push(m);
            pos.play_unchecked(m);
        }
        let mut replay = Position::new(v);
        for c in choices_of(v, &moves) {
            let legal = replay.legal_moves();
            replay.play_unchecked(legal[c.index as usize % legal.len()]);
        }
        assert_eq!(replay, pos);
    }
}
