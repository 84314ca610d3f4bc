//! The players of the arena, all behind [`Player`]: wallrush's own engines, any
//! [`Bot`] ([`BotPlayer`]), another build of this program, and external programs in
//! three dialects.
//!
//! Specs (`--a`, `--b`):
//! - `strong`, optionally with a budget `:MS`, `:nNODES` or `:dDEPTH` (default: the
//!   match's `--ms`); `beginner`, `random`. They start every game afresh (an empty
//!   transposition table; the game's seed), so a game at a node budget depends on its
//!   opening and seed only;
//! - `gen:CMD`: a program speaking the generic line protocol (docs/ENGINE.md, "The
//!   arena protocol"): `name`, `new VARIANT`, `play MOVE`, `genmove MS`, each answered
//!   `ok …` or `refused …`;
//! - `qtp:CMD`: KataQuoridor's QTP dialect of GTP (`clear_board`, `play b|w MOVE`,
//!   `genmove b|w`, `= …` answers followed by a blank line; rows flipped, Black is
//!   South); classic board only;
//! - `uci:CMD`: the UCI-style dialect (`uci`/`uciok`, `isready`/`readyok`,
//!   `ucinewgame`, `position startpos moves …`, `go movetime MS` answered by
//!   `bestmove MOVE` after any `info` lines), moves in standard notation; classic board
//!   only. Titanium speaks it.
//! - `wallrush:PATH` or `wallrush:BUDGET:PATH`: another build of this program, run as
//!   `PATH engine` ([`super::uci`]): the UCI-style dialect, with the variant set by
//!   `setoption name Variant value …` (so every variant plays) and the budget passed as
//!   `go nodes N`, `go depth D` or `go movetime MS` (default: the match's `--ms`).
//!
//! `CMD` runs through `sh -c` in its own process group ([`crate::verify::engine`]),
//! killed when the match ends.

use std::time::Duration;

use wallrush_core::{Move, Position, Seat, Variant};
use wallrush_engine::bot::{Beginner, Bot, RandomMover};
use wallrush_engine::search::Strong;

use crate::verify::engine::{clip, Answer, Engine, EngineError};

/// A player spec as given on the command line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Spec {
    /// The strong engine with a budget (`None`: the match's time a move).
    Strong(Option<Budget>),
    /// The beginner.
    Beginner,
    /// A random mover.
    Random,
    /// An external program and its dialect.
    External(Dialect, String),
    /// Another build of this program at PATH, run as `PATH engine`, with a budget
    /// (`None`: the match's time a move).
    Wallrush(Option<Budget>, String),
}

pub use crate::engines::Budget;

/// The dialect an external program speaks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dialect {
    /// The generic `genmove`/`play` line protocol.
    Gen,
    /// KataQuoridor's QTP.
    Qtp,
    /// UCI-style (`position`/`go`/`bestmove`).
    Uci,
}

impl std::str::FromStr for Spec {
    type Err = String;
    fn from_str(s: &str) -> Result<Spec, String> {
        for (prefix, dialect) in [("gen:", Dialect::Gen), ("qtp:", Dialect::Qtp), ("uci:", Dialect::Uci)] {
            if let Some(cmd) = s.strip_prefix(prefix) {
                if cmd.trim().is_empty() {
                    return Err(format!("{prefix} needs a command"));
                }
                return Ok(Spec::External(dialect, cmd.to_string()));
            }
        }
        if let Some(rest) = s.strip_prefix("wallrush:") {
            // A budget first when the text before the next colon reads as one.
            let (budget, path) = match rest.split_once(':') {
                Some((b, path)) => match b.parse::<Budget>() {
                    Ok(Budget::Millis(ms)) if ms > 600_000 => {
                        return Err(format!("{s:?}: a time budget is at most 600000 ms"))
                    }
                    Ok(budget) => (Some(budget), path),
                    Err(()) => (None, rest),
                },
                None => (None, rest),
            };
            if path.trim().is_empty() {
                return Err("wallrush: needs the path of a wallrush program".into());
            }
            return Ok(Spec::Wallrush(budget, path.to_string()));
        }
        let (name, budget) = match s.split_once(':') {
            Some((n, b)) => (n, Some(b)),
            None => (s, None),
        };
        let bad = || {
            format!(
                "unknown player {s:?}: expected strong[:BUDGET], beginner, random, gen:CMD, qtp:CMD, \
                 uci:CMD or wallrush:[BUDGET:]PATH (BUDGET: MS, nNODES or dDEPTH)"
            )
        };
        let budget = match budget {
            None => None,
            // The arena caps a time budget at ten minutes a move.
            Some(b) => match b.parse().map_err(|()| bad())? {
                Budget::Millis(ms) if ms > 600_000 => return Err(bad()),
                budget => Some(budget),
            },
        };
        match (name, budget) {
            ("strong", b) => Ok(Spec::Strong(b)),
            ("beginner", None) => Ok(Spec::Beginner),
            ("random", None) => Ok(Spec::Random),
            _ => Err(bad()),
        }
    }
}

impl std::fmt::Display for Spec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let budget = |b: &Option<Budget>| b.map_or_else(String::new, |b| format!(":{b}"));
        match self {
            Spec::Strong(b) => write!(f, "strong{}", budget(b)),
            Spec::Beginner => f.write_str("beginner"),
            Spec::Random => f.write_str("random"),
            Spec::External(d, cmd) => {
                let p = match d {
                    Dialect::Gen => "gen",
                    Dialect::Qtp => "qtp",
                    Dialect::Uci => "uci",
                };
                write!(f, "{p}:{cmd}")
            }
            Spec::Wallrush(b, path) => write!(f, "wallrush{}:{path}", budget(b)),
        }
    }
}

impl Spec {
    /// Whether the spec plays the same moves in the same positions (no clock).
    pub fn is_deterministic(&self, default_ms: Option<u64>) -> bool {
        match self {
            Spec::Strong(b) => match b {
                Some(Budget::Millis(_)) => false,
                Some(_) => true,
                None => default_ms.is_none(),
            },
            Spec::Beginner | Spec::Random => true,
            Spec::External(..) => false,
            // Deterministic when the other build is: a node or depth budget.
            Spec::Wallrush(b, _) => match b {
                Some(Budget::Millis(_)) => false,
                Some(_) => true,
                None => default_ms.is_none(),
            },
        }
    }
}

/// Why a player could not give a move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Failure(pub String);

/// A player of the arena.
pub trait Player {
    /// A new game of `variant` starts: the player plays `seat`; a seeded player takes
    /// `seed` for the game.
    ///
    /// # Errors
    /// The engine cannot start the game (it forfeits it).
    fn new_game(&mut self, variant: Variant, seat: Seat, seed: u64) -> Result<(), Failure>;
    /// A move was played by someone else.
    ///
    /// # Errors
    /// The engine refused it or is gone.
    fn observe(&mut self, pos_before: &Position, m: Move, history: &[Move]) -> Result<(), Failure>;
    /// The move to play in `pos`, the game's moves so far in `history`; it is checked by
    /// the rules afterwards.
    ///
    /// # Errors
    /// No move, a move that cannot be read, a timeout, an engine gone.
    fn genmove(&mut self, pos: &Position, history: &[Move]) -> Result<Move, Failure>;
    /// The depth of the last search, for the engines that report one.
    fn last_depth(&self) -> Option<u32> {
        None
    }
}

/// Makes the player of `spec`, thinking `ms` a move when its spec names no budget.
///
/// # Errors
/// An external program that does not start or fails its handshake.
pub fn make(spec: &Spec, ms: Option<u64>, slack: Duration) -> Result<Box<dyn Player + Send>, String> {
    let budget = |b: &Option<Budget>| b.or(ms.map(Budget::Millis)).unwrap_or(Budget::Millis(100));
    Ok(match spec {
        Spec::Strong(b) => {
            let limits = budget(b).limits();
            Box::new(Internal { limits, bot: None })
        }
        Spec::Beginner => Box::new(BotPlayer::new(|seed| Box::new(Beginner::new(seed)))),
        Spec::Random => Box::new(BotPlayer::new(|seed| Box::new(RandomMover::new(seed)))),
        Spec::External(dialect, cmd) => {
            let ms = ms.unwrap_or(100);
            let answer_time = Duration::from_millis(ms * 3) + slack;
            let engine = Engine::spawn(cmd, answer_time).map_err(|e| e.to_string())?;
            let mut ext = External {
                dialect: *dialect,
                engine,
                ms,
                answer_time,
                colour: "b",
                go: format!("go movetime {ms}"),
                variants: false,
                depth: None,
            };
            ext.handshake().map_err(|Failure(m)| format!("{cmd}: {m}"))?;
            Box::new(ext)
        }
        Spec::Wallrush(b, path) => {
            let (go, ms, answer_time) = match budget(b) {
                Budget::Millis(ms) => {
                    (format!("go movetime {ms}"), ms, Duration::from_millis(ms * 3) + slack)
                }
                // A node or depth budget has no clock: the answer may take a minute.
                Budget::Nodes(n) => (format!("go nodes {n}"), 100, UNTIMED_ANSWER + slack),
                Budget::Depth(d) => (format!("go depth {d}"), 100, UNTIMED_ANSWER + slack),
            };
            let cmd = format!("exec {} engine", shell_quote(path));
            let engine = Engine::spawn(&cmd, answer_time).map_err(|e| e.to_string())?;
            let mut ext = External {
                dialect: Dialect::Uci,
                engine,
                ms,
                answer_time,
                colour: "b",
                go,
                variants: true,
                depth: None,
            };
            ext.handshake().map_err(|Failure(m)| format!("{path}: {m}"))?;
            Box::new(ext)
        }
    })
}

/// The longest a `wallrush:` player at a node or depth budget may take for a move,
/// beyond the slack.
pub const UNTIMED_ANSWER: Duration = Duration::from_secs(60);

/// `text` as one word for `sh`, in single quotes.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// Makes a bot for one game from the game's seed.
type MakeBot = Box<dyn FnMut(u64) -> Box<dyn Bot + Send> + Send>;

/// Any [`Bot`] as a player: a new bot every game, made from the game's seed, so that no
/// game depends on the games before it.
///
/// ```
/// use wallrush_cli::arena::player::{BotPlayer, Player};
/// use wallrush_core::{Position, Seat, Variant};
/// use wallrush_engine::search::{Limits, Strong, Weights};
/// // The strong engine with the weights it had before tuning.
/// let mut p = BotPlayer::new(|_seed| Box::new(Strong::with_weights(Limits::nodes(500), Weights::HAND)));
/// p.new_game(Variant::classic(), Seat::South, 1).unwrap();
/// let m = p.genmove(&Position::classic(), &[]).unwrap();
/// assert!(Position::classic().is_legal(m));
/// ```
pub struct BotPlayer {
    make: MakeBot,
    bot: Option<Box<dyn Bot + Send>>,
}

impl BotPlayer {
    /// The player whose bot for each game `make` builds from the game's seed.
    pub fn new(make: impl FnMut(u64) -> Box<dyn Bot + Send> + Send + 'static) -> BotPlayer {
        BotPlayer { make: Box::new(make), bot: None }
    }
}

impl Player for BotPlayer {
    fn new_game(&mut self, _: Variant, _: Seat, seed: u64) -> Result<(), Failure> {
        self.bot = Some((self.make)(seed));
        Ok(())
    }
    fn observe(&mut self, _: &Position, _: Move, _: &[Move]) -> Result<(), Failure> {
        Ok(())
    }
    fn genmove(&mut self, pos: &Position, _: &[Move]) -> Result<Move, Failure> {
        let bot = self.bot.as_mut().ok_or_else(|| Failure("no game started".into()))?;
        bot.choose(pos).ok_or_else(|| Failure("no move".into()))
    }
}

/// The strong engine, made afresh every game, reporting its depth.
struct Internal {
    limits: wallrush_engine::search::Limits,
    bot: Option<Box<Strong>>,
}

impl Player for Internal {
    fn new_game(&mut self, _: Variant, _: Seat, _: u64) -> Result<(), Failure> {
        self.bot = Some(Box::new(Strong::new(self.limits)));
        Ok(())
    }
    fn observe(&mut self, _: &Position, _: Move, _: &[Move]) -> Result<(), Failure> {
        Ok(())
    }
    fn genmove(&mut self, pos: &Position, _: &[Move]) -> Result<Move, Failure> {
        let bot = self.bot.as_mut().ok_or_else(|| Failure("no game started".into()))?;
        bot.choose(pos).ok_or_else(|| Failure("no move".into()))
    }
    fn last_depth(&self) -> Option<u32> {
        self.bot.as_ref().and_then(|b| b.last()).map(|r| r.depth)
    }
}

struct External {
    dialect: Dialect,
    engine: Engine,
    ms: u64,
    answer_time: Duration,
    /// The QTP colour of the seat played (`b` South, `w` North).
    colour: &'static str,
    /// The UCI `go` command.
    go: String,
    /// Whether the program takes the variant by `setoption` (wallrush builds), rather
    /// than playing the classic game only.
    variants: bool,
    /// The depth of the last `info depth` line of a UCI search.
    depth: Option<u32>,
}

/// The least time a program has to start and answer its first command.
pub const STARTUP: Duration = Duration::from_secs(10);

fn fail(e: EngineError) -> Failure {
    Failure(e.to_string())
}

/// QTP's notation and wallrush's standard notation differ by the rows only (flipped):
/// a square on row `r` is row `10 - r`, a wall anchored on row `r` is row `9 - r`. The
/// same map goes both ways.
pub fn qtp_flip(text: &str) -> Option<String> {
    let mut chars = text.chars();
    let file = chars.next().filter(|c| ('a'..='i').contains(c))?;
    let rest: String = chars.collect();
    let (digits, suffix) = match rest.strip_suffix(['h', 'v']) {
        Some(d) => (d, Some(rest.chars().last()?)),
        None => (rest.as_str(), None),
    };
    let row: u32 = digits.parse().ok()?;
    match suffix {
        Some(s) if (1..=8).contains(&row) => Some(format!("{file}{}{s}", 9 - row)),
        None if (1..=9).contains(&row) => Some(format!("{file}{}", 10 - row)),
        _ => None,
    }
}

impl External {
    /// The first exchange, which may wait for the program to start (at least
    /// [`STARTUP`]).
    fn handshake(&mut self) -> Result<(), Failure> {
        let startup = self.answer_time.max(STARTUP);
        match self.dialect {
            Dialect::Gen => {
                self.engine.send("name").map_err(fail)?;
                let line = self.engine.next_line(startup).map_err(fail)?;
                if line.starts_with("ok") {
                    Ok(())
                } else {
                    Err(Failure(format!("expected `ok NAME` to `name`, got {:?}", clip(&line))))
                }
            }
            Dialect::Qtp => {
                self.engine.send("protocol_version").map_err(fail)?;
                let line = self.engine.next_line(startup).map_err(fail)?;
                if !line.starts_with('=') {
                    return Err(Failure(format!(
                        "expected `= 2` to `protocol_version`, got {:?}",
                        clip(&line)
                    )));
                }
                let _ = self.engine.next_line(startup);
                Ok(())
            }
            Dialect::Uci => {
                self.engine.send("uci").map_err(fail)?;
                self.read_until_within("uciok", startup)?;
                self.engine.send("isready").map_err(fail)?;
                self.read_until("readyok").map(|_| ())
            }
        }
    }

    /// Reads lines until one starting with `word` (within the time an answer may take);
    /// returns it.
    fn read_until(&mut self, word: &str) -> Result<String, Failure> {
        self.read_until_within(word, self.answer_time)
    }

    fn read_until_within(&mut self, word: &str, time: Duration) -> Result<String, Failure> {
        let deadline = std::time::Instant::now() + time;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                return Err(Failure(format!("no `{word}` within {} ms", time.as_millis())));
            }
            let line = self.engine.next_line(left).map_err(fail)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some(w) if w == word => return Ok(line),
                Some("info") => {
                    if let (Some("depth"), Some(d)) = (words.next(), words.next()) {
                        self.depth = d.parse().ok();
                    }
                }
                _ => {}
            }
        }
    }

    /// One QTP command: the result text of `= …`, or the error of `? …`.
    fn qtp(&mut self, command: &str) -> Result<String, Failure> {
        self.engine.send(command).map_err(fail)?;
        let deadline = std::time::Instant::now() + self.answer_time;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let line = self.engine.next_line(left).map_err(fail)?;
            let t = line.trim();
            if t.is_empty() {
                continue;
            }
            if let Some(rest) = t.strip_prefix('=') {
                let result = rest.trim_start_matches(|c: char| c.is_ascii_digit()).trim().to_string();
                // The blank line that ends the answer.
                let _ = self.engine.next_line(left.max(Duration::from_millis(50)));
                return Ok(result);
            }
            if let Some(rest) = t.strip_prefix('?') {
                let _ = self.engine.next_line(left.max(Duration::from_millis(50)));
                return Err(Failure(format!("`{command}`: {}", clip(rest.trim()))));
            }
        }
    }

    /// The move an answer names (its legality is the arena's to check).
    fn parse(&self, text: &str) -> Result<Move, Failure> {
        let word = text.split_whitespace().next().unwrap_or("");
        let standard = match self.dialect {
            Dialect::Qtp => {
                qtp_flip(word).ok_or_else(|| Failure(format!("unreadable move {:?}", clip(text))))?
            }
            _ => word.to_string(),
        };
        standard.parse().map_err(|_| Failure(format!("unreadable move {:?}", clip(text))))
    }
}

fn classic_only(variant: Variant) -> Result<(), Failure> {
    if variant == Variant::classic() {
        Ok(())
    } else {
        Err(Failure(format!("this dialect plays the classic game only, not {variant}")))
    }
}

impl Player for External {
    fn new_game(&mut self, variant: Variant, seat: Seat, _: u64) -> Result<(), Failure> {
        self.colour = if seat == Seat::South { "b" } else { "w" };
        match self.dialect {
            Dialect::Gen => {
                let tag = format!(
                    "new size={},players={},walls={},wall_length={},goal={}",
                    variant.size(),
                    variant.players(),
                    variant.walls(),
                    variant.wall_length(),
                    if variant.goal() == wallrush_core::Goal::Edge { "edge" } else { "centre" }
                );
                match self.engine.ask(&tag).map_err(fail)? {
                    Answer::Ok(_) => Ok(()),
                    Answer::Refused(r) => Err(Failure(format!("refused the game: {}", clip(&r)))),
                }
            }
            Dialect::Qtp => {
                classic_only(variant)?;
                self.qtp("clear_board")?;
                // Optional in QTP: an engine without time settings keeps its own.
                let sec = self.ms.div_ceil(1000).max(1);
                let _ = self.qtp(&format!("time_settings 0 {sec} 1"));
                Ok(())
            }
            Dialect::Uci => {
                if self.variants {
                    self.engine.send(&format!("setoption name Variant value {variant}")).map_err(fail)?;
                } else {
                    classic_only(variant)?;
                }
                self.engine.send("ucinewgame").map_err(fail)?;
                self.engine.send("isready").map_err(fail)?;
                self.read_until("readyok").map(|_| ())
            }
        }
    }

    fn observe(&mut self, pos_before: &Position, m: Move, _: &[Move]) -> Result<(), Failure> {
        match self.dialect {
            Dialect::Gen => match self.engine.ask(&format!("play {m}")).map_err(fail)? {
                Answer::Ok(_) => Ok(()),
                Answer::Refused(r) => Err(Failure(format!("refused the legal move {m}: {}", clip(&r)))),
            },
            Dialect::Qtp => {
                let colour = if pos_before.turn() == Seat::South { "b" } else { "w" };
                let text = qtp_flip(&m.to_string()).ok_or_else(|| Failure(format!("{m} has no QTP name")))?;
                self.qtp(&format!("play {colour} {text}")).map(|_| ())
            }
            // UCI sends the whole game with every `go`.
            Dialect::Uci => Ok(()),
        }
    }

    fn genmove(&mut self, pos: &Position, history: &[Move]) -> Result<Move, Failure> {
        let text = match self.dialect {
            Dialect::Gen => match self.engine.ask(&format!("genmove {}", self.ms)).map_err(fail)? {
                Answer::Ok(t) => t,
                Answer::Refused(r) => return Err(Failure(format!("refused genmove: {}", clip(&r)))),
            },
            Dialect::Qtp => {
                let colour = self.colour;
                self.qtp(&format!("genmove {colour}"))?
            }
            Dialect::Uci => {
                let moves: Vec<String> = history.iter().map(|m| m.to_string()).collect();
                let line = if moves.is_empty() {
                    String::from("position startpos")
                } else {
                    format!("position startpos moves {}", moves.join(" "))
                };
                self.engine.send(&line).map_err(fail)?;
                let go = self.go.clone();
                self.engine.send(&go).map_err(fail)?;
                let answer = self.read_until("bestmove")?;
                answer.split_whitespace().nth(1).unwrap_or("").to_string()
            }
        };
        // Like GTP's, every dialect's genmove plays the move on the engine's own board.
        let _ = pos;
        self.parse(&text)
    }

    fn last_depth(&self) -> Option<u32> {
        self.depth
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_and_print() {
        for s in [
            "strong",
            "strong:250",
            "strong:n5000",
            "beginner",
            "random",
            "uci:titanium uci",
            "wallrush:/opt/old build/wallrush",
            "wallrush:n2000:target/release/wallrush",
            "wallrush:250:C:/wallrush.exe",
        ] {
            let spec: Spec = s.parse().unwrap();
            assert_eq!(spec.to_string(), s);
        }
        for bad in [
            "strong:",
            "strong:x",
            "beginner:5",
            "gen:",
            "weak",
            "strong:n0",
            "strong:d101",
            "strong+qs",
            "strong:n5000+w1/2",
            "wallrush:",
            "wallrush:n20:",
            "wallrush:700000:/bin/wallrush",
        ] {
            assert!(bad.parse::<Spec>().is_err(), "{bad}");
        }
        assert!(Spec::Strong(None).is_deterministic(None));
        assert!(!Spec::Strong(None).is_deterministic(Some(100)));
        assert!(Spec::Strong(Some(Budget::Nodes(10))).is_deterministic(Some(100)));
        assert_eq!("wallrush:d3:./w".parse(), Ok(Spec::Wallrush(Some(Budget::Depth(3)), "./w".into())));
        assert_eq!("wallrush:./w:x".parse(), Ok(Spec::Wallrush(None, "./w:x".into())));
        assert!(Spec::Wallrush(Some(Budget::Nodes(5)), "w".into()).is_deterministic(Some(100)));
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
        assert_eq!("strong:n10".parse(), Ok(Spec::Strong(Some(Budget::Nodes(10)))));
    }

    #[test]
    fn qtp_rows_flip() {
        assert_eq!(qtp_flip("e1").as_deref(), Some("e9"));
        assert_eq!(qtp_flip("e9").as_deref(), Some("e1"));
        assert_eq!(qtp_flip("d1h").as_deref(), Some("d8h"));
        assert_eq!(qtp_flip("a8v").as_deref(), Some("a1v"));
        for bad in ["", "e", "e0", "e10", "j1", "d9h", "d0v", "e1x", "ee"] {
            assert_eq!(qtp_flip(bad), None, "{bad}");
        }
    }
}
