//! `wallrush play --game wallgo|enclosure`: the two territory games in the terminal, each
//! in its own move notation, against their greedy bots or hot-seat.
//!
//! ```
//! use wallrush_cli::territory::{run, TerritoryConfig, TerritoryKind};
//! let cfg = TerritoryConfig { kind: TerritoryKind::WallGo, players: 2, humans: vec![0, 1], seed: 1, interactive: false };
//! let mut out = Vec::new();
//! run(&cfg, &mut "b2-c3n\nundo\nquit\n".as_bytes(), &mut out)?;
//! let text = String::from_utf8(out)?;
//! assert!(text.contains("move 1: red plays b2-c3n") && text.contains("undone: red b2-c3n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Display;
use std::io::{self, BufRead, Write};
use std::str::FromStr;

use wallrush_core::notation::ParseError;
use wallrush_territory::{enclosure, wallgo};

use crate::input::{self, Capped, Line, MAX_COMMAND_BYTES};
use crate::CliError;

/// Which territory game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TerritoryKind {
    /// Wall Go, 7×7, 2–4 players.
    WallGo,
    /// The 6×6 card enclosure game, 2 players.
    Enclosure,
}

/// What a territory session is set up with.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TerritoryConfig {
    /// The game.
    pub kind: TerritoryKind,
    /// Players (Wall Go: 2–4; the enclosure game always has 2).
    pub players: u8,
    /// The players (0-based: red 0, blue 1, … / player 1 is 0) typed by people; the
    /// greedy bot plays the rest.
    pub humans: Vec<usize>,
    /// Seed of the bots (and of the enclosure game's first player).
    pub seed: u64,
    /// Whether to print prompts.
    pub interactive: bool,
}

/// The commands of a territory session.
pub const HELP: &str = "\
commands:
  MOVE        play a move (Wall Go: b2-c3n, b2n, x:d4e, @b2; enclosure: C3n b2-b3, C3n -, C3x)
  ?           list the legal moves
  undo        take back your last move (and the bot moves after it)
  board       draw the board again
  save FILE   write the game record to FILE
  load FILE   continue the game recorded in FILE
  help        this list
  quit        leave (so does end of input)";

/// One territory game behind a common face.
trait Territory: Sized {
    type Move: Copy + Display + FromStr<Err = ParseError>;
    fn board(&self) -> String;
    fn outcome(&self) -> Option<String>;
    /// The player to move, 0-based, and its name.
    fn mover(&self) -> (usize, String);
    fn legal(&self) -> Vec<Self::Move>;
    fn play(&mut self, m: Self::Move) -> Result<(), String>;
    /// Takes back the last move: it, and who made it.
    fn undo(&mut self) -> Option<(Self::Move, usize, String)>;
    /// Who made each move, in order.
    fn actors(&self) -> Vec<usize>;
    fn bot_move(&mut self) -> Option<Self::Move>;
    fn record(&self) -> String;
    fn load(&mut self, text: &str) -> Result<(), String>;
    fn moves_played(&self) -> usize;
    /// The legal moves as `?` lists them.
    fn list_text(&self) -> String {
        let legal = self.legal();
        if legal.is_empty() {
            return "no legal moves\n".to_string();
        }
        let words: Vec<String> = legal.iter().map(ToString::to_string).collect();
        format!("legal moves ({}):\n{}", words.len(), crate::wrap(&words))
    }
}

/// Wall Go with its history and one greedy bot per player.
struct WallGo {
    record: wallgo::Game,
    before: Vec<wallgo::Position>,
    bots: Vec<wallgo::GreedyBot>,
}

impl WallGo {
    fn new(players: u8, seed: u64) -> Result<WallGo, CliError> {
        let start = wallgo::Position::new(players).map_err(|e| CliError::usage(format!("wallgo: {e}")))?;
        let bots = (0..4).map(|i| wallgo::GreedyBot::new(seed.wrapping_add(i))).collect();
        Ok(WallGo { record: wallgo::Game::from_position(start), before: Vec::new(), bots })
    }
}

impl Territory for WallGo {
    type Move = wallgo::Move;
    fn board(&self) -> String {
        self.record.position().to_string()
    }
    fn outcome(&self) -> Option<String> {
        self.record.position().outcome().map(|o| o.to_string())
    }
    fn mover(&self) -> (usize, String) {
        let p = self.record.position().turn();
        (p.index(), p.name().to_string())
    }
    fn legal(&self) -> Vec<wallgo::Move> {
        self.record.position().legal_moves().into_iter().collect()
    }
    fn play(&mut self, m: wallgo::Move) -> Result<(), String> {
        let before = self.record.position().clone();
        self.record.play(m).map_err(|e| e.to_string())?;
        self.before.push(before);
        Ok(())
    }
    fn undo(&mut self) -> Option<(wallgo::Move, usize, String)> {
        let before = self.before.pop()?;
        let mut moves = self.record.moves().to_vec();
        let m = moves.pop()?;
        let mut record = wallgo::Game::from_position(self.record.start().clone());
        for (name, value) in self.record.tags() {
            let _ = record.set_tag(name, value);
        }
        for &mv in &moves {
            record.play(mv).expect("the moves of a record replay");
        }
        self.record = record;
        let p = before.turn();
        Some((m, p.index(), p.name().to_string()))
    }
    fn actors(&self) -> Vec<usize> {
        self.before.iter().map(|p| p.turn().index()).collect()
    }
    fn bot_move(&mut self) -> Option<wallgo::Move> {
        let pos = self.record.position();
        self.bots[pos.turn().index()].choose(pos)
    }
    fn record(&self) -> String {
        self.record.to_string()
    }
    fn load(&mut self, text: &str) -> Result<(), String> {
        let record: wallgo::Game = text.parse().map_err(|e: wallgo::RecordError| e.to_string())?;
        let mut pos = record.start().clone();
        let mut before = Vec::new();
        for &m in record.moves() {
            before.push(pos.clone());
            pos.play(m).expect("a record that reads replays");
        }
        self.record = record;
        self.before = before;
        Ok(())
    }
    fn moves_played(&self) -> usize {
        self.record.moves().len()
    }
}

/// The card enclosure game with its two greedy bots.
struct Enclosure {
    game: enclosure::Game,
    bots: [enclosure::GreedyBot; 2],
}

impl Enclosure {
    fn new(seed: u64) -> Enclosure {
        let bots = [enclosure::GreedyBot::new(seed), enclosure::GreedyBot::new(seed.wrapping_add(1))];
        Enclosure { game: enclosure::Game::seeded(seed), bots }
    }

    fn turns(&self) -> Vec<enclosure::Position> {
        let mut pos = self.game.start().clone();
        let mut out = Vec::new();
        for &m in self.game.moves() {
            out.push(pos.clone());
            pos.play(m).expect("the game's moves replay");
        }
        out
    }
}

impl Territory for Enclosure {
    type Move = enclosure::Move;
    fn board(&self) -> String {
        self.game.position().to_string().trim_end().to_string()
    }
    fn outcome(&self) -> Option<String> {
        let o = self.game.position().outcome()?;
        let s = self.game.position().scores();
        let (one, two) = (s[enclosure::Player::One], s[enclosure::Player::Two]);
        Some(match o.winner() {
            Some(p) => format!("player {p} wins {one}-{two} ({})", o.reason().name()),
            None => format!("draw {one}-{two} ({})", o.reason().name()),
        })
    }
    fn mover(&self) -> (usize, String) {
        let p = self.game.position().turn();
        (p.index(), format!("player {p}"))
    }
    fn legal(&self) -> Vec<enclosure::Move> {
        self.game.position().legal_moves()
    }
    fn play(&mut self, m: enclosure::Move) -> Result<(), String> {
        self.game.play(m).map_err(|e| e.to_string())
    }
    fn undo(&mut self) -> Option<(enclosure::Move, usize, String)> {
        let before = self.turns().pop()?;
        let m = self.game.undo()?;
        let p = before.turn();
        Some((m, p.index(), format!("player {p}")))
    }
    fn actors(&self) -> Vec<usize> {
        self.turns().iter().map(|p| p.turn().index()).collect()
    }
    fn bot_move(&mut self) -> Option<enclosure::Move> {
        let pos = self.game.position();
        self.bots[pos.turn().index()].choose(pos)
    }
    fn record(&self) -> String {
        self.game.to_string()
    }
    fn load(&mut self, text: &str) -> Result<(), String> {
        self.game = enclosure::Game::from_record(text).map_err(|e| e.to_string())?;
        Ok(())
    }
    fn moves_played(&self) -> usize {
        self.game.moves().len()
    }
    /// Moves grouped by the steps that may follow their wall (usually the same for many
    /// walls), so that a thousand moves fit on a few lines.
    fn list_text(&self) -> String {
        let legal = self.legal();
        if legal.is_empty() {
            return "no legal moves\n".to_string();
        }
        let mut discards = Vec::new();
        // Wall part (`C3n`) -> the steps that may follow it.
        let mut walls: Vec<(String, Vec<String>)> = Vec::new();
        for m in &legal {
            let text = m.to_string();
            match text.split_once(' ') {
                None => discards.push(text),
                Some((wall, step)) => match walls.last_mut() {
                    Some((w, steps)) if *w == wall => steps.push(step.to_string()),
                    _ => walls.push((wall.to_string(), vec![step.to_string()])),
                },
            }
        }
        // Steps -> the walls they follow.
        let mut groups: Vec<(Vec<String>, Vec<String>)> = Vec::new();
        for (wall, steps) in walls {
            match groups.iter_mut().find(|(s, _)| *s == steps) {
                Some((_, ws)) => ws.push(wall),
                None => groups.push((steps, vec![wall])),
            }
        }
        let mut out = format!("legal moves ({}): a wall, then a step\n", legal.len());
        for (steps, ws) in groups {
            out.push_str(&format!("walls ({}):\n{}", ws.len(), crate::wrap(&ws)));
            out.push_str(&format!("  each followed by one of: {}\n", steps.join(" ")));
        }
        if !discards.is_empty() {
            out.push_str(&format!("discards ({}):\n{}", discards.len(), crate::wrap(&discards)));
        }
        out
    }
}

/// Plays a territory game: bots move on their own, people type lines of `input`.
///
/// # Errors
/// A bad player count (exit status 2), or I/O errors.
pub fn run(cfg: &TerritoryConfig, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    match cfg.kind {
        TerritoryKind::WallGo => {
            if !(2..=4).contains(&cfg.players) {
                return Err(CliError::usage(format!("wallgo: {} players: expected 2, 3 or 4", cfg.players)));
            }
            let game = WallGo::new(cfg.players, cfg.seed)?;
            Loop { game, cfg, out, announced: false }.run(input)?;
        }
        TerritoryKind::Enclosure => {
            if cfg.players != 2 {
                return Err(CliError::usage(format!(
                    "enclosure: {} players: the card enclosure game has 2",
                    cfg.players
                )));
            }
            let game = Enclosure::new(cfg.seed);
            Loop { game, cfg, out, announced: false }.run(input)?;
        }
    }
    Ok(())
}

struct Loop<'a, G: Territory> {
    game: G,
    cfg: &'a TerritoryConfig,
    out: &'a mut dyn Write,
    announced: bool,
}

impl<G: Territory> Loop<'_, G> {
    fn name(&self) -> &'static str {
        match self.cfg.kind {
            TerritoryKind::WallGo => "wallgo",
            TerritoryKind::Enclosure => "enclosure",
        }
    }

    fn humans(&self) -> bool {
        !self.cfg.humans.is_empty()
    }

    fn show(&mut self) -> io::Result<()> {
        let board = self.game.board();
        writeln!(self.out, "\n{board}\n")
    }

    fn run(&mut self, input: &mut dyn BufRead) -> io::Result<()> {
        let who: Vec<String> = (0..usize::from(self.cfg.players))
            .map(|i| {
                let kind = if self.cfg.humans.contains(&i) { "human" } else { "greedy" };
                format!("{} {kind}", self.player_name(i))
            })
            .collect();
        writeln!(self.out, "wallrush play: {}; {}; seed {}", self.name(), who.join(", "), self.cfg.seed)?;
        if self.cfg.interactive {
            writeln!(self.out, "type a move, ? for the legal moves, help for the commands")?;
        }
        self.show()?;
        let mut lines = Capped::new(input, MAX_COMMAND_BYTES);
        loop {
            self.advance()?;
            if self.game.outcome().is_some() && !self.humans() {
                return self.out.flush();
            }
            if self.cfg.interactive {
                let prompt = match self.game.outcome() {
                    Some(_) => "> ".to_string(),
                    None => format!("{}> ", self.game.mover().1),
                };
                write!(self.out, "{prompt}")?;
            }
            self.out.flush()?;
            let text = match lines.line()? {
                None => return self.out.flush(),
                Some(Line::TooLong) => {
                    writeln!(
                        self.out,
                        "a line over {MAX_COMMAND_BYTES} bytes is not read (nothing changed)"
                    )?;
                    continue;
                }
                Some(Line::Text(line)) => String::from_utf8_lossy(line).trim().to_string(),
            };
            let (word, rest) = match text.split_once(char::is_whitespace) {
                Some((w, r)) => (w, r.trim()),
                None => (text.as_str(), ""),
            };
            match word {
                "" => {}
                "quit" | "exit" | "q" => return self.out.flush(),
                "help" | "h" => writeln!(self.out, "{HELP}")?,
                "board" => self.show()?,
                "?" | "moves" => self.list()?,
                "undo" => self.undo()?,
                "save" if !rest.is_empty() => match std::fs::write(rest, self.game.record()) {
                    Ok(()) => writeln!(self.out, "saved {} moves to {rest}", self.game.moves_played())?,
                    Err(e) => writeln!(self.out, "cannot save to {rest}: {e}")?,
                },
                "load" if !rest.is_empty() => {
                    let loaded =
                        input::read_file(std::path::Path::new(rest)).and_then(|t| self.game.load(&t));
                    match loaded {
                        Ok(()) => {
                            self.announced = false;
                            writeln!(self.out, "loaded {rest}: {} moves", self.game.moves_played())?;
                            self.show()?;
                        }
                        Err(e) => writeln!(self.out, "cannot load {rest}: {e}")?,
                    }
                }
                "save" | "load" => writeln!(self.out, "{word} needs a file name: {word} FILE")?,
                _ => self.play_text(&text)?,
            }
        }
    }

    fn player_name(&self, i: usize) -> String {
        match self.cfg.kind {
            TerritoryKind::WallGo => wallgo::Player::from_index(i).map_or("?", |p| p.name()).to_string(),
            TerritoryKind::Enclosure => format!("player {}", i + 1),
        }
    }

    fn advance(&mut self) -> io::Result<()> {
        let mut moved = false;
        while self.game.outcome().is_none() {
            let (index, name) = self.game.mover();
            if self.cfg.humans.contains(&index) {
                break;
            }
            let Some(m) = self.game.bot_move() else { break };
            if let Err(e) = self.game.play(m) {
                writeln!(self.out, "the greedy bot chose an illegal move {m}: {e}")?;
                break;
            }
            writeln!(self.out, "move {}: {name} (greedy) plays {m}", self.game.moves_played())?;
            moved = true;
        }
        let newly_over = self.game.outcome().is_some() && !self.announced;
        if moved || newly_over {
            self.show()?;
        }
        if let (true, Some(o)) = (newly_over, self.game.outcome()) {
            self.announced = true;
            writeln!(self.out, "game over: {o} after {} moves", self.game.moves_played())?;
        }
        Ok(())
    }

    fn play_text(&mut self, text: &str) -> io::Result<()> {
        let m: G::Move = match text.parse() {
            Ok(m) => m,
            Err(e) => {
                return writeln!(
                self.out,
                "cannot read {text:?} as a {} move ({e}); type ? for the legal moves, help for the commands",
                self.name()
            )
            }
        };
        let (_, name) = self.game.mover();
        if self.game.outcome().is_some() {
            return writeln!(self.out, "illegal: the game is over (nothing changed)");
        }
        match self.game.play(m) {
            Ok(()) => {
                writeln!(self.out, "move {}: {name} plays {m}", self.game.moves_played())?;
                let next = self.game.mover().0;
                if self.game.outcome().is_none() && self.cfg.humans.contains(&next) {
                    self.show()?;
                }
                Ok(())
            }
            Err(e) => writeln!(self.out, "illegal: {e} (nothing changed)"),
        }
    }

    fn list(&mut self) -> io::Result<()> {
        let text = self.game.list_text();
        write!(self.out, "{text}")
    }

    fn undo(&mut self) -> io::Result<()> {
        let actors = self.game.actors();
        if !actors.iter().any(|a| self.cfg.humans.contains(a)) {
            return writeln!(self.out, "nothing to undo");
        }
        let mut undone = Vec::new();
        while let Some((m, who, name)) = self.game.undo() {
            undone.push(format!("{name} {m}"));
            if self.cfg.humans.contains(&who) {
                break;
            }
        }
        self.announced = false;
        writeln!(self.out, "undone: {}", undone.join(", "))?;
        self.show()
    }
}
