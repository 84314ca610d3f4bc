//! `wallrush play`: a wall-race game in the terminal, or scripted through a pipe.
//!
//! Each seat is played by a person or an engine ([`PlayerSpec`]); engines move on their
//! own, people type moves in the session's notation and commands (see [`HELP`]). A
//! refused move is reported with the rule it broke and changes nothing.
//!
//! ```
//! use wallrush_cli::play::{PlayConfig, Session};
//! use wallrush_cli::engines::PlayerSpec;
//! use wallrush_core::{BySeat, Goal, Variant};
//! let mut cfg = PlayConfig::new(Variant::new(3, 2, 0, 2, Goal::Edge)?);
//! cfg.players = BySeat([PlayerSpec::Human; 4]); // hot-seat
//! let mut out = Vec::new();
//! Session::new(cfg, &mut out)?.run(&mut "a1\nc3\na2\nc2\na3\n".as_bytes())?;
//! let text = String::from_utf8(out)?;
//! assert!(text.contains("game over: south wins by goal after 5 plies"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, BufRead, Write};
use std::path::Path;
use std::time::Instant;

use wallrush_core::notation::{MoveTextError, Notation, Refusal};
use wallrush_core::{Action, BySeat, DrawOptions, Game, Illegal, Move, Orientation, Record, Seat, Variant};
use wallrush_engine::analysis::Analysis;

use crate::engines::{Engine, PlayerSpec};
use crate::input::{self, Capped, Line, MAX_COMMAND_BYTES};
use crate::term::{self, Style};
use crate::CliError;

/// The commands a person can type, as `help` prints them.
pub const HELP: &str = "\
commands:
  MOVE           play a move in the session's notation (standard: e2, d4h, d4v)
  ?              list the legal moves
  hint           your shortest route and the beginner's suggestion, explained
  preview WALL   the route lengths WALL would leave, or why it is refused
  undo           take back your last move (and the engine moves after it)
  board          draw the board again
  save FILE      write the game record to FILE
  load FILE      continue the game recorded in FILE
  resign         resign the seat to move
  help           this list
  quit           leave (so does end of input)";

/// The ply limit an engine-only game gets when no draw rule is chosen, so that it ends.
pub const ENGINE_GAME_PLY_LIMIT: u32 = DrawOptions::DEFAULT_PLY_LIMIT;

/// What a play session is set up with.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    /// The variant of a new game (a loaded record brings its own).
    pub variant: Variant,
    /// The draw rules of a new game.
    pub draw: DrawOptions,
    /// Who plays each seat (seats the variant lacks are ignored).
    pub players: BySeat<PlayerSpec>,
    /// The notation moves are read and written in.
    pub notation: Notation,
    /// How the board is drawn.
    pub style: Style,
    /// Seed of the engines' tie-breaks (each seat adds its index).
    pub seed: u64,
    /// Whether to print prompts (input from a terminal).
    pub interactive: bool,
    /// Draw the board only at the start and the end.
    pub quiet: bool,
}

impl PlayConfig {
    /// A session on `variant`: south is a person, every other seat the beginner, standard
    /// notation, plain board, seed 0, no prompts.
    pub fn new(variant: Variant) -> PlayConfig {
        PlayConfig {
            variant,
            draw: DrawOptions::NONE,
            players: BySeat([
                PlayerSpec::Human,
                PlayerSpec::Beginner,
                PlayerSpec::Beginner,
                PlayerSpec::Beginner,
            ]),
            notation: Notation::Standard,
            style: Style::plain(),
            seed: 0,
            interactive: false,
            quiet: false,
        }
    }
}

/// Whether the loop goes on.
enum Flow {
    Continue,
    Quit,
}

/// A running game with its players and output.
pub struct Session<W: Write> {
    cfg: PlayConfig,
    game: Game,
    engines: BySeat<Option<Engine>>,
    out: W,
    announced: bool,
}

impl<W: Write> Session<W> {
    /// A new game as `cfg` says, writing to `out`.
    ///
    /// # Errors
    /// None today; kept for configurations that can fail.
    pub fn new(cfg: PlayConfig, out: W) -> Result<Session<W>, CliError> {
        let mut cfg = cfg;
        let engines = BySeat::from_fn(|s| cfg.players[s].engine(cfg.seed.wrapping_add(s.index() as u64)));
        let humans = cfg.variant.seats().any(|s| cfg.players[s].is_human());
        if !humans && cfg.draw.ply_limit.is_none() {
            cfg.draw.ply_limit = Some(ENGINE_GAME_PLY_LIMIT);
        }
        let game = Game::new(cfg.variant).with_draw_options(cfg.draw);
        Ok(Session { cfg, game, engines, out, announced: false })
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Continues the game recorded in the file at `path`.
    ///
    /// # Errors
    /// A message when the file cannot be read or holds no valid record.
    pub fn load(&mut self, path: &Path) -> Result<(), String> {
        let text = input::read_file(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let record = Record::parse(&text, self.cfg.notation)
            .map_err(|e| format!("cannot load {}: {e}", path.display()))?;
        self.game = record.into_game();
        self.announced = false;
        Ok(())
    }

    fn humans(&self) -> bool {
        self.game.variant().seats().any(|s| self.cfg.players[s].is_human())
    }

    fn is_human(&self, seat: Seat) -> bool {
        self.cfg.players[seat].is_human()
    }

    fn style(&self) -> Style {
        self.cfg.style
    }

    /// The banner: variant, players, notation.
    fn banner(&mut self) -> io::Result<()> {
        let v = self.game.variant();
        let mut who = Vec::new();
        for seat in v.seats() {
            who.push(format!("{seat} {}", self.cfg.players[seat]));
        }
        let draw = self.game.draw_options();
        let draw = if draw.is_none() { String::new() } else { format!("; draw rules {draw}") };
        writeln!(
            self.out,
            "wallrush play: {v}{draw}; {}; notation {}; seed {}",
            who.join(", "),
            self.cfg.notation,
            self.cfg.seed
        )?;
        if self.cfg.interactive {
            writeln!(self.out, "type a move, ? for the legal moves, help for the commands")?;
        }
        Ok(())
    }

    /// Draws the board with its status lines.
    fn show_board(&mut self) -> io::Result<()> {
        let style = self.style();
        let pos = self.game.position();
        let mut text = term::draw(pos, &style);
        let plies = self.game.plies();
        let mut info = format!("   ply {plies}");
        if let Some(i) = self.game.len().checked_sub(1) {
            let before = self.game.position_at(i).expect("a position before every action");
            let actor = match self.game.actions().last() {
                Some(Action::Resign(s)) => s,
                _ => before.turn(),
            };
            let mv = self.game.action_text(i, self.cfg.notation).unwrap_or_default();
            info.push_str(&format!(", last {actor} {mv}"));
        }
        text.push_str(&info);
        text.push('\n');
        writeln!(self.out, "\n{text}")
    }

    /// Plays the session: engine moves on their own, lines of `input` for the people
    /// (through the [capped reader](Capped): a line over [`MAX_COMMAND_BYTES`] is refused
    /// and skipped). Ends at `quit`, at the end of input, or when a game without people
    /// is over.
    ///
    /// # Errors
    /// I/O errors of the input or output.
    pub fn run(&mut self, input: &mut dyn BufRead) -> io::Result<()> {
        self.banner()?;
        self.show_board()?;
        let mut lines = Capped::new(input, MAX_COMMAND_BYTES);
        loop {
            self.advance()?;
            if self.game.is_over() && !self.humans() {
                return self.out.flush();
            }
            if self.cfg.interactive {
                let prompt = match self.game.is_over() {
                    true => "> ".to_string(),
                    false => {
                        let seat = self.game.turn();
                        format!("{}> ", self.style().seat(seat, seat.name()))
                    }
                };
                write!(self.out, "{prompt}")?;
            }
            self.out.flush()?;
            let text = match lines.line()? {
                None => {
                    if self.cfg.interactive {
                        writeln!(self.out)?;
                    }
                    return self.out.flush();
                }
                Some(Line::TooLong) => {
                    let msg = format!("a line over {MAX_COMMAND_BYTES} bytes is not read (nothing changed)");
                    writeln!(self.out, "{}", self.style().warn(&msg))?;
                    continue;
                }
                Some(Line::Text(line)) => String::from_utf8_lossy(line).trim().to_string(),
            };
            if let Flow::Quit = self.command(&text)? {
                return self.out.flush();
            }
        }
    }

    /// Engine moves and forced passes until a person is to move or the game is over;
    /// announces the end once.
    fn advance(&mut self) -> io::Result<()> {
        let mut moved = false;
        while !self.game.is_over() {
            let seat = self.game.turn();
            let pos = self.game.position().clone();
            if self.is_human(seat) {
                if pos.legal_moves().as_slice() == [Move::Pass] {
                    self.game.play(Move::Pass).expect("a forced pass is legal");
                    writeln!(self.out, "{seat} has no legal move and passes")?;
                    moved = true;
                    continue;
                }
                break;
            }
            let engine = self.engines[seat].as_mut().expect("an engine for every engine seat");
            let start = Instant::now();
            let Some(m) = engine.choose(&pos) else { break };
            let took = start.elapsed();
            let mut note = String::new();
            if let Some(r) = engine.last_search() {
                let score = match r.mate_in() {
                    Some(p) if p > 0 => format!("wins in {p}"),
                    Some(p) => format!("loses in {}", -p),
                    None => format!("{:+.2}", f64::from(r.score) / 100.0),
                };
                note =
                    format!("  [depth {}, {} nodes, {score}, {:.2} s]", r.depth, r.nodes, took.as_secs_f64());
            }
            let spec = engine.spec();
            let text = self.cfg.notation.write_move(&pos, m).unwrap_or_else(|_| m.to_string());
            if let Err(e) = self.game.play(m) {
                writeln!(self.out, "{spec} as {seat} chose an illegal move: {e}")?;
                break;
            }
            writeln!(self.out, "ply {}: {seat} ({spec}) plays {text}{note}", self.game.plies())?;
            moved = true;
            if !self.humans() && !self.cfg.quiet {
                self.show_board()?;
            }
        }
        let newly_over = self.game.is_over() && !self.announced;
        // Engine-only games not in quiet mode drew the board after every move already.
        let drawn_each_move = !self.humans() && !self.cfg.quiet;
        if !drawn_each_move && ((moved && !self.cfg.quiet) || newly_over) {
            self.show_board()?;
        }
        if let (true, Some(o)) = (newly_over, self.game.outcome()) {
            self.announced = true;
            let plies = self.game.plies();
            let msg = format!("game over: {o} after {}", crate::plies(plies));
            writeln!(self.out, "{}", self.style().bold(&msg))?;
            if self.humans() && self.cfg.interactive {
                writeln!(self.out, "undo, save FILE, load FILE or quit")?;
            }
        }
        Ok(())
    }

    /// Handles one line typed by a person.
    fn command(&mut self, line: &str) -> io::Result<Flow> {
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        match word {
            "" => {}
            "quit" | "exit" | "q" => return Ok(Flow::Quit),
            "help" | "h" => writeln!(self.out, "{HELP}")?,
            "?" | "moves" => self.list_moves()?,
            "board" => self.show_board()?,
            "hint" => self.hint()?,
            "preview" => self.preview(rest)?,
            "undo" => self.undo()?,
            "save" if !rest.is_empty() => self.save(rest)?,
            "load" if !rest.is_empty() => match self.load(Path::new(rest)) {
                Ok(()) => {
                    let g = &self.game;
                    let msg = format!(
                        "loaded {rest}: {}, {}",
                        crate::plies(g.plies()),
                        match g.outcome() {
                            Some(o) => o.to_string(),
                            None => format!("{} to move", g.turn()),
                        }
                    );
                    writeln!(self.out, "{msg}")?;
                    self.show_board()?;
                }
                Err(e) => writeln!(self.out, "{}", self.style().warn(&e))?,
            },
            "save" | "load" => writeln!(self.out, "{word} needs a file name: {word} FILE")?,
            _ => self.play_text(line)?,
        }
        Ok(Flow::Continue)
    }

    fn play_text(&mut self, text: &str) -> io::Result<()> {
        let notation = self.cfg.notation;
        let before = self.game.len();
        match self.game.play_text(text, notation) {
            Ok(action) => {
                let ply = self.game.plies();
                match action {
                    Action::Move(_) => {
                        let written = self.game.action_text(before, notation).unwrap_or_default();
                        let seat = self.game.position_at(before).expect("the position before").turn();
                        writeln!(self.out, "ply {ply}: {seat} plays {written}")?;
                    }
                    Action::Resign(seat) => writeln!(self.out, "{seat} resigns")?,
                }
                if !self.game.is_over() && self.is_human(self.game.turn()) && !self.cfg.quiet {
                    self.show_board()?;
                }
            }
            Err(MoveTextError::Illegal(e)) => {
                let msg = format!("illegal: {e} (nothing changed)");
                writeln!(self.out, "{}", self.style().warn(&msg))?;
            }
            Err(MoveTextError::Invalid(e)) => {
                let msg = format!(
                    "cannot read {text:?} as a {notation} move ({e}); type ? for the legal moves, help for the commands"
                );
                writeln!(self.out, "{}", self.style().warn(&msg))?;
            }
        }
        Ok(())
    }

    fn move_text(&self, m: Move) -> String {
        let pos = self.game.position();
        self.cfg.notation.write_move(pos, m).unwrap_or_else(|_| m.text(pos.variant().size()).to_string())
    }

    fn list_moves(&mut self) -> io::Result<()> {
        if self.game.is_over() {
            return writeln!(self.out, "the game is over: no legal moves");
        }
        let legal = self.game.legal_moves();
        let mut pawn = Vec::new();
        let mut walls = [Vec::new(), Vec::new()];
        for &m in &legal {
            match m {
                Move::Pawn(_) | Move::Pass => pawn.push(self.move_text(m)),
                Move::Wall(w) => {
                    let i = usize::from(w.orientation() == Orientation::Vertical);
                    walls[i].push(self.move_text(m));
                }
            }
        }
        writeln!(self.out, "pawn moves: {}", pawn.join(" "))?;
        let left = self.game.position().walls_left(self.game.turn());
        if walls[0].is_empty() && walls[1].is_empty() {
            let why = if left == 0 { "no walls left" } else { "no legal wall" };
            return writeln!(self.out, "walls: none ({why})");
        }
        for (name, list) in ["horizontal", "vertical"].iter().zip(&walls) {
            write!(self.out, "{name} walls ({}):\n{}", list.len(), crate::wrap(list))?;
        }
        writeln!(self.out, "walls left: {left}")
    }

    fn hint(&mut self) -> io::Result<()> {
        if self.game.is_over() {
            return writeln!(self.out, "the game is over");
        }
        let pos = self.game.position().clone();
        let seat = pos.turn();
        let n = pos.variant().size();
        if let Some(route) = pos.route(seat) {
            let squares: Vec<String> = route.iter().map(|s| s.text(n).to_string()).collect();
            writeln!(
                self.out,
                "your route ({} steps): {}",
                squares.len().saturating_sub(1),
                squares.join(" ")
            )?;
        }
        let a = Analysis::new(&pos);
        let best = a.best();
        let Some(first) = best.first() else {
            return writeln!(self.out, "no suggestion: no legal move");
        };
        let written = self.move_text(first.mv);
        let standard = first.mv.text(n).to_string();
        let why = a.hint(first.mv).unwrap_or_default();
        let why = match why.strip_prefix(&standard) {
            Some(rest) => format!("{written}{rest}"),
            None => why,
        };
        let others = match best.len() {
            1 => String::new(),
            k => format!(" (one of {k} equally good moves)"),
        };
        writeln!(self.out, "the beginner suggests {written}: {why}{others}")
    }

    fn preview(&mut self, text: &str) -> io::Result<()> {
        if text.is_empty() {
            return writeln!(self.out, "preview needs a wall: preview d4h");
        }
        if self.game.is_over() {
            return writeln!(self.out, "the game is over");
        }
        let notation = self.cfg.notation;
        let pos = self.game.position().clone();
        let written = match notation.parse(text) {
            Ok(w) => w,
            Err(e) => return writeln!(self.out, "cannot read {text:?} as a {notation} wall ({e})"),
        };
        let wall = match written.to_move(&pos) {
            Ok(Move::Wall(w)) => w,
            Ok(_) => return writeln!(self.out, "preview is for walls: {text} is a pawn move"),
            Err(e)
                if matches!(
                    e.reason(),
                    Refusal::Illegal(Illegal::NotAPawnMove | Illegal::PassNotForced)
                        | Refusal::WrongKind { .. }
                ) =>
            {
                return writeln!(self.out, "preview is for walls: {text} names a pawn move");
            }
            Err(e) => {
                let msg = format!("{text} would be refused: {e}");
                return writeln!(self.out, "{}", self.style().warn(&msg));
            }
        };
        match pos.preview_wall(wall) {
            Ok(after) => {
                let parts: Vec<String> = pos
                    .seats_in_play()
                    .map(|s| {
                        let (b, a) = (pos.route_len(s).unwrap_or(0), after[s].unwrap_or(0));
                        format!("{s} {b} -> {a} ({:+})", i64::from(a) - i64::from(b))
                    })
                    .collect();
                writeln!(self.out, "after {text}: {}", parts.join(", "))
            }
            Err(e) => writeln!(self.out, "{text} would be refused: {e}"),
        }
    }

    /// The seat that made action `i` of the history.
    fn actor(&self, i: usize) -> Seat {
        match self.game.actions().nth(i) {
            Some(Action::Resign(s)) => s,
            _ => self.game.position_at(i).expect("a position before every action").turn(),
        }
    }

    /// Whether action `i` was a person's own choice (not an engine move, not a forced
    /// pass).
    fn human_action(&self, i: usize) -> bool {
        let passed = matches!(self.game.actions().nth(i), Some(Action::Move(Move::Pass)));
        self.is_human(self.actor(i)) && !passed
    }

    fn undo(&mut self) -> io::Result<()> {
        if !(0..self.game.len()).any(|i| self.human_action(i)) {
            return writeln!(self.out, "nothing to undo");
        }
        let mut undone = Vec::new();
        while let Some(i) = self.game.len().checked_sub(1) {
            let human = self.human_action(i);
            let text = format!(
                "{} {}",
                self.actor(i),
                self.game.action_text(i, self.cfg.notation).unwrap_or_default()
            );
            self.game.undo();
            undone.push(text);
            if human {
                break;
            }
        }
        self.announced = false;
        writeln!(self.out, "undone: {}", undone.join(", "))?;
        self.show_board()
    }

    /// The record of the game as it stands, in the session's notation, engines named.
    pub fn record(&self) -> Record {
        let mut record = Record::new(self.game.clone());
        record.set_notation(self.cfg.notation);
        for seat in self.game.variant().seats() {
            let spec = self.cfg.players[seat];
            if !spec.is_human() {
                // The seat is in the variant, so this cannot fail.
                let _ = record.set_player(seat, Some(spec.to_string()));
            }
        }
        record
    }

    fn save(&mut self, path: &str) -> io::Result<()> {
        let text = self.record().to_string();
        match std::fs::write(path, text) {
            Ok(()) => writeln!(self.out, "saved {} to {path}", crate::plies(self.game.plies())),
            Err(e) => {
                let msg = format!("cannot save to {path}: {e}");
                writeln!(self.out, "{}", self.style().warn(&msg))
            }
        }
    }
}
