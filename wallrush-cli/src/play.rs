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
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use wallrush_core::notation::{MoveTextError, Notation, Refusal};
use wallrush_core::{
    Action, BySeat, DrawOptions, Game, Illegal, Move, Orientation, Position, Record, Seat, Square, Variant,
};
use wallrush_engine::analysis::Analysis;
use wallrush_engine::search::SearchResult;

use crate::engines::{Engine, PlayerSpec};
use crate::input::{self, MAX_COMMAND_BYTES};
use crate::prompt::{LineSource, Plain, Read};
use crate::term::{self, Marks, Style};
use crate::thinking::{self, Thought};
use crate::CliError;

/// The commands a person can type, as `help` prints them (with examples in standard
/// notation; [`help`] writes them in the session's).
pub const HELP: &str = "\
commands (upper or lower case; Tab completes them and the legal moves):
  MOVE           play a move in the session's notation (standard: e2, d4h, d4v)
  ?              list the legal moves
  hint           your shortest route and the beginner's suggestion, explained
  hint strong    the strong engine's choice (1 s; hint strong:MS for MS ms) and its line
  preview WALL   the routes a wall would leave, drawn (preview d4h), or why it is refused
  undo [N]       take back your last move (and the engine moves after it), or N plies
  redo [N]       play again what undo took back (N plies)
  go             let an engine stopped by Ctrl-C think again
  board          draw the board again
  save FILE      write the game record to FILE (save! FILE overwrites a file)
  load FILE      continue the game recorded in FILE
  resign         resign the seat to move
  help           this list
  quit           leave (so does end of input, Ctrl-D)";

/// What engine scores mean, said once in `help`.
pub const SCORES: &str = "\
engine scores: in steps of route length, for the seat that moved: +1.50 means it is a
step and a half ahead (a wall in hand counts about 1.2 steps); \"wins in 3\" and
\"loses in 3\" count the plies to a forced end.";

/// The notation's name as people write it: standard, WallRush, Pallwall.
pub fn notation_name(n: Notation) -> &'static str {
    match n {
        Notation::Standard => "standard",
        Notation::WallRush => "WallRush",
        Notation::Pallwall => "Pallwall",
    }
}

/// The commands with examples in `notation` on a board of `variant`'s size, and what
/// engine scores mean.
///
/// ```
/// use wallrush_cli::play::help;
/// use wallrush_core::notation::Notation;
/// use wallrush_core::Variant;
/// let text = help(Notation::WallRush, Variant::classic());
/// assert!(text.contains("WallRush: e2, H-d5, V-d5"));
/// ```
pub fn help(notation: Notation, variant: Variant) -> String {
    let n = variant.size();
    let c = n / 2;
    let pos = Position::new(variant);
    // South's first step along its route: e2 on the classic board.
    let step = pos
        .route(Seat::South)
        .and_then(|r| r.get(1).copied())
        .map(Move::Pawn)
        .and_then(|m| notation.write_move(&pos, m).ok())
        .unwrap_or_else(|| "e2".into());
    let wall = |o: char| -> String {
        let text = format!("{}{}{o}", (b'a' + c.saturating_sub(1)) as char, c);
        text.parse::<Move>()
            .ok()
            .and_then(|m| match m {
                Move::Wall(w) => notation.wall_text(w, n, variant.wall_length()),
                _ => None,
            })
            .unwrap_or(text)
    };
    let first = HELP.replace(
        "(standard: e2, d4h, d4v)",
        &format!("({}: {step}, {}, {})", notation_name(notation), wall('h'), wall('v')),
    );
    let first = first.replace("(preview d4h)", &format!("(preview {})", wall('h')));
    format!("{first}\n{}\n{SCORES}", wall_words(variant, &wall('h'), &wall('v')))
}

/// What the example walls cover, said in `help`: `walls: d4h lies above d4 and e4
/// (between ranks 4 and 5); d4v right of d4 and d5 (between files d and e)`.
fn wall_words(variant: Variant, h: &str, v: &str) -> String {
    let n = variant.size();
    let c = n / 2;
    let anchor = Square::new(c.saturating_sub(1), c.saturating_sub(1));
    let length = variant.wall_length();
    let list = |squares: Vec<Square>| -> String {
        let words: Vec<String> = squares.iter().map(|s| s.text(n).to_string()).collect();
        match words.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => words.join(""),
        }
    };
    let along: Vec<Square> = (0..length).map(|k| Square::new(anchor.file() + k, anchor.rank())).collect();
    let up: Vec<Square> = (0..length).map(|k| Square::new(anchor.file(), anchor.rank() + k)).collect();
    let rank = anchor.rank() + 1;
    let files = (crate::term::file_label(anchor.file(), n), crate::term::file_label(anchor.file() + 1, n));
    format!(
        "walls: {h} lies above {} (between ranks {rank} and {}); {v} right of {} (between files {} and {})",
        list(along),
        rank + 1,
        list(up),
        files.0,
        files.1
    )
}

/// The ply limit an engine-only game gets when no draw rule is chosen, so that it ends.
pub const ENGINE_GAME_PLY_LIMIT: u32 = DrawOptions::DEFAULT_PLY_LIMIT;

/// Which way up the board is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Flip {
    /// Turned round when the only person plays north (the default).
    #[default]
    Auto,
    /// Always turned round: north at the bottom.
    On,
    /// Never turned round: south at the bottom.
    Off,
}

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
    /// Which way up.
    pub flip: Flip,
    /// Seed of the engines' tie-breaks (each seat adds its index).
    pub seed: u64,
    /// Whether the input is a terminal (a person types): prompts, and questions before
    /// `quit` or `resign` leave an unsaved game.
    pub interactive: bool,
    /// Draw the board only at the start and the end.
    pub quiet: bool,
    /// Standard input and output are both a terminal: engines think on their own thread
    /// with the thinking indicator, and Ctrl-C (see [`thinking::catch_ctrl_c`]) stops
    /// them.
    pub terminal: bool,
    /// The pause after each move of a game without people (`--watch SECONDS`).
    pub watch_delay: Duration,
    /// Where the game is written after every change (`play --resume` reads it back).
    pub autosave: Option<PathBuf>,
}

impl PlayConfig {
    /// A session on `variant`: south is a person, every other seat the beginner, standard
    /// notation, plain board, seed 0, no prompts, no autosave.
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
            flip: Flip::Auto,
            seed: 0,
            interactive: false,
            quiet: false,
            terminal: false,
            watch_delay: Duration::ZERO,
            autosave: None,
        }
    }
}

/// Whether the loop goes on.
enum Flow {
    Continue,
    Quit,
}

/// The exit status of a scripted session (input not from a terminal) in which a line was
/// refused: an illegal move, text that reads as neither a move nor a command, or a line
/// over the limit. See [`Session::refused`].
pub const REFUSED_STATUS: u8 = 1;

/// A running game with its players and output.
pub struct Session<W: Write> {
    cfg: PlayConfig,
    game: Game,
    engines: BySeat<Option<Engine>>,
    out: W,
    announced: bool,
    /// Changed since the last save or load.
    unsaved: bool,
    /// An engine's thinking was stopped with Ctrl-C: engines wait for `go`.
    paused: bool,
    /// Lines refused: illegal moves, unreadable lines.
    refused: u32,
    /// The autosave failed once already (said once, not at every move).
    autosave_failed: bool,
    /// The full-screen board shows the position: no boards are written to the output.
    board: bool,
    /// How many actions the game had when the board was last drawn.
    shown: Option<usize>,
    /// Lines said after the banner (`resumed 12 plies from FILE`).
    notes: Vec<String>,
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
        Ok(Session {
            cfg,
            game,
            engines,
            out,
            announced: false,
            unsaved: false,
            paused: false,
            refused: 0,
            autosave_failed: false,
            board: false,
            shown: None,
            notes: Vec::new(),
        })
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// How many lines were refused so far: illegal moves, lines that read as neither a
    /// move nor a command, lines over the limit. A scripted session with any ends with
    /// [`REFUSED_STATUS`].
    pub const fn refused(&self) -> u32 {
        self.refused
    }

    /// A line to say after the banner, when the session starts (`resumed 12 plies from
    /// FILE`).
    pub fn note(&mut self, line: impl Into<String>) {
        self.notes.push(line.into());
    }

    /// The lines [`note`](Self::note) kept, taken.
    pub(crate) fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    /// Continues the game recorded in the file at `path`.
    ///
    /// # Errors
    /// A message when the file cannot be read or holds no valid record (a record of
    /// another game names the `--game` that plays it).
    pub fn load(&mut self, path: &Path) -> Result<(), String> {
        let text = input::read_file(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if let Some(game) = crate::territory::other_game(&text, "race") {
            return Err(format!("cannot load {}: {game}", path.display()));
        }
        let record = Record::parse(&text, self.cfg.notation)
            .map_err(|e| format!("cannot load {}: {}", path.display(), crate::words(&e.to_string())))?;
        self.game = record.into_game();
        self.announced = false;
        self.unsaved = false;
        self.paused = false;
        Ok(())
    }

    fn humans(&self) -> bool {
        self.game.variant().seats().any(|s| self.cfg.players[s].is_human())
    }

    pub(crate) fn is_human(&self, seat: Seat) -> bool {
        self.cfg.players[seat].is_human()
    }

    fn style(&self) -> Style {
        self.cfg.style
    }

    pub(crate) fn flipped(&self) -> bool {
        match self.cfg.flip {
            Flip::On => true,
            Flip::Off => false,
            Flip::Auto => {
                let people: Vec<Seat> = self.game.variant().seats().filter(|&s| self.is_human(s)).collect();
                people == [Seat::North]
            }
        }
    }

    /// Writes the banner: variant, players, notation; in rows of at most 100 columns.
    ///
    /// # Errors
    /// I/O errors of the output.
    pub fn banner(&mut self) -> io::Result<()> {
        let v = self.game.variant();
        let mut who = Vec::new();
        for seat in v.seats() {
            who.push(format!("{seat} {}", self.cfg.players[seat]));
        }
        let draw = self.game.draw_options();
        let mut parts = vec![format!("wallrush play: {v}")];
        if !draw.is_none() {
            parts.push(format!("draw rules {draw}"));
        }
        parts.push(who.join(", "));
        parts.push(format!("notation {}", self.cfg.notation));
        parts.push(format!("seed {}", self.cfg.seed));
        let mut text = String::new();
        let mut row = String::new();
        for part in parts {
            if !row.is_empty() && row.len() + part.len() + 2 > 100 {
                text.push_str(&row);
                text.push_str(";\n  ");
                row.clear();
            } else if !row.is_empty() {
                row.push_str("; ");
            }
            row.push_str(&part);
        }
        text.push_str(&row);
        writeln!(self.out, "{text}")?;
        if self.cfg.interactive {
            writeln!(self.out, "type a move, ? for the legal moves, help for the commands")?;
        }
        if let Some(path) = &self.cfg.autosave {
            writeln!(
                self.out,
                "autosaved to {} after every move: play --resume continues it",
                path.display()
            )?;
        }
        Ok(())
    }

    /// The position before the last action, when that was a move (for its highlight).
    fn previous(&self) -> Option<&Position> {
        let i = self.game.len().checked_sub(1)?;
        match self.game.actions().last() {
            Some(Action::Move(_)) => self.game.position_at(i),
            _ => None,
        }
    }

    /// Draws the board with its status lines.
    fn show_board(&mut self) -> io::Result<()> {
        if self.board {
            return Ok(());
        }
        self.shown = Some(self.game.len());
        let style = self.style();
        let pos = self.game.position();
        let marks = Marks { flip: self.flipped(), previous: self.previous(), preview: false, bare: false };
        let mut text = term::draw_marked(pos, &style, &marks);
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
    /// (through the [capped reader](crate::input::Capped): a line over
    /// [`MAX_COMMAND_BYTES`] is refused and skipped). Ends at `quit`, at the end of
    /// input, or when a game without people is over.
    ///
    /// # Errors
    /// I/O errors of the input or output.
    pub fn run(&mut self, input: &mut dyn BufRead) -> io::Result<()> {
        self.run_lines(&mut Plain::new(input))
    }

    /// Plays the session with lines from `lines` (a line editor in a terminal, see
    /// [`prompt`](crate::prompt)); as [`run`](Self::run) otherwise.
    ///
    /// # Errors
    /// I/O errors of the input or output.
    pub fn run_lines(&mut self, lines: &mut dyn LineSource) -> io::Result<()> {
        self.banner()?;
        for note in std::mem::take(&mut self.notes) {
            writeln!(self.out, "{note}")?;
        }
        self.show_board()?;
        loop {
            self.advance()?;
            if self.game.is_over() && !self.humans() {
                return self.out.flush();
            }
            let (prompt, colour) = match self.game.is_over() {
                true => ("> ".to_string(), None),
                false => {
                    let seat = self.game.turn();
                    let name = if self.paused && !self.is_human(seat) {
                        format!("{seat} (stopped)")
                    } else {
                        seat.name().to_string()
                    };
                    (format!("{name}> "), Some(term::seat_ansi(seat)))
                }
            };
            if self.cfg.interactive && !lines.shows_prompt() {
                let shown = match (colour, prompt.split_once('>')) {
                    (Some(_), Some((head, rest))) => {
                        format!("{}>{rest}", self.style().seat(self.game.turn(), head))
                    }
                    _ => prompt.clone(),
                };
                write!(self.out, "{shown}")?;
            }
            self.out.flush()?;
            lines.set_colour(colour.filter(|_| self.style().color));
            let words = self.completions();
            lines.set_walls(self.wall_words());
            let text = match lines.read(&prompt, &words)? {
                Read::End => {
                    if self.cfg.interactive {
                        writeln!(self.out)?;
                    }
                    // Ctrl-D asks as quit does; a second Ctrl-D at the question leaves.
                    if !self.unsaved || self.confirm(lines, "leave")? {
                        return self.out.flush();
                    }
                    continue;
                }
                Read::TooLong => {
                    self.refused += 1;
                    let msg = format!("a line over {MAX_COMMAND_BYTES} bytes is not read (nothing changed)");
                    writeln!(self.out, "{}", self.style().warn(&msg))?;
                    continue;
                }
                Read::Interrupted => {
                    if self.confirm(lines, "leave")? {
                        return self.out.flush();
                    }
                    continue;
                }
                Read::Line(line) => line,
            };
            if let Flow::Quit = self.command(&text, lines)? {
                return self.out.flush();
            }
        }
    }

    /// What Tab completes: the commands and the legal moves in the session's notation.
    pub(crate) fn completions(&self) -> Vec<String> {
        let mut words: Vec<String> = [
            "?", "board", "go", "help", "hint", "load", "preview", "quit", "redo", "resign", "save", "save!",
            "undo",
        ]
        .iter()
        .map(|w| (*w).to_string())
        .collect();
        if !self.game.is_over() {
            words.extend(self.game.legal_moves().iter().map(|&m| self.move_text(m)));
        }
        words
    }

    /// What `preview` completes: the legal walls in the session's notation.
    fn wall_words(&self) -> Vec<String> {
        if self.game.is_over() {
            return Vec::new();
        }
        let legal = self.game.legal_moves();
        legal.iter().filter(|m| matches!(m, Move::Wall(_))).map(|&m| self.move_text(m)).collect()
    }

    /// Asks before an unsaved game is left (`what`: leave or resign) when a person is at a
    /// terminal; `true` to go ahead. Ctrl-C or the end of input at the question go ahead.
    fn confirm(&mut self, lines: &mut dyn LineSource, what: &str) -> io::Result<bool> {
        if !self.cfg.interactive {
            return Ok(true);
        }
        let saved = match (&self.cfg.autosave, self.unsaved) {
            (_, false) => String::new(),
            (Some(_), true) => "the game is not saved (play --resume brings back the autosave); ".to_string(),
            (None, true) => "the game is not saved (save FILE keeps it); ".to_string(),
        };
        let question = format!("{saved}{what}? [y/N] ");
        crate::prompt::ask_yes_no(lines, &mut self.out, &question)
    }

    /// Writes the autosave after a change, when there is one; a failure is said once.
    fn autosave(&mut self) -> io::Result<()> {
        let Some(path) = self.cfg.autosave.clone() else { return Ok(()) };
        let text = self.record().to_string();
        let written =
            path.parent().map_or(Ok(()), std::fs::create_dir_all).and_then(|()| std::fs::write(&path, text));
        match written {
            Ok(()) => self.autosave_failed = false,
            Err(e) if !self.autosave_failed => {
                self.autosave_failed = true;
                let msg = format!(
                    "cannot autosave to {}: {} (save FILE still works)",
                    path.display(),
                    input::io_words(&e)
                );
                writeln!(self.out, "{}", self.style().warn(&msg))?;
            }
            Err(_) => {}
        }
        Ok(())
    }

    /// Marks the game changed and autosaves it.
    fn changed(&mut self) -> io::Result<()> {
        self.unsaved = true;
        self.autosave()
    }

    /// The engine of `seat` chooses a move: on its own thread with the thinking
    /// indicator in a terminal (Ctrl-C stops it: `None`), else here.
    fn engine_move(
        &mut self,
        seat: Seat,
        pos: &Position,
    ) -> io::Result<Option<(Option<Move>, Option<SearchResult>)>> {
        let mut engine = self.engines[seat].take().expect("an engine for every engine seat");
        if !self.cfg.terminal {
            let m = engine.choose(pos);
            let search = engine.last_search().cloned();
            self.engines[seat] = Some(engine);
            return Ok(Some((m, search)));
        }
        let spec = engine.spec();
        let thinking_pos = pos.clone();
        let who = format!("{seat} ({spec})");
        let stop = Arc::new(AtomicBool::new(false));
        engine.set_stop(Some(Arc::clone(&stop)));
        let thought = thinking::think(
            move || {
                let m = engine.choose(&thinking_pos);
                engine.set_stop(None);
                (engine, m)
            },
            &mut self.out,
            &who,
            true,
            Some(&stop),
        )?;
        match thought {
            Thought::Done((engine, m), _) => {
                let search = engine.last_search().cloned();
                self.engines[seat] = Some(engine);
                Ok(Some((m, search)))
            }
            Thought::Cancelled(after) => {
                // The abandoned search stops at its next node (the flag is set); a fresh
                // engine takes the seat.
                self.engines[seat] = spec.engine(self.cfg.seed.wrapping_add(seat.index() as u64));
                self.paused = true;
                writeln!(
                    self.out,
                    "{who} stopped after {:.1} s: go thinks again, undo takes back your move",
                    after.as_secs_f64()
                )?;
                Ok(None)
            }
        }
    }

    /// Engine moves and forced passes until a person is to move or the game is over;
    /// announces the end once.
    fn advance(&mut self) -> io::Result<()> {
        let mut moved = false;
        while !self.game.is_over() && !self.paused {
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
            let start = Instant::now();
            let Some((choice, search)) = self.engine_move(seat, &pos)? else { break };
            let Some(m) = choice else { break };
            if !self.engine_played(seat, &pos, m, search, start.elapsed())? {
                break;
            }
            moved = true;
            self.changed()?;
            if !self.humans() && !self.cfg.quiet {
                self.show_board()?;
            }
            if !self.humans() && !self.cfg.watch_delay.is_zero() && !self.game.is_over() {
                self.out.flush()?;
                std::thread::sleep(self.cfg.watch_delay);
            }
        }
        if moved && self.humans() {
            self.changed()?;
        }
        self.announce(moved)
    }

    /// Plays the move `seat`'s engine chose in `pos` and says so with its search figures;
    /// `false` (and a line saying so) when the move is illegal.
    fn engine_played(
        &mut self,
        seat: Seat,
        pos: &Position,
        m: Move,
        search: Option<SearchResult>,
        took: Duration,
    ) -> io::Result<bool> {
        let mut note = String::new();
        if let Some(r) = search {
            note = format!(
                "  [depth {}, {} nodes, {}, {:.2} s]",
                r.depth,
                r.nodes,
                score_words(&r),
                took.as_secs_f64()
            );
        }
        let spec = self.cfg.players[seat];
        let text = self.cfg.notation.write_move(pos, m).unwrap_or_else(|_| m.to_string());
        if let Err(e) = self.game.play(m) {
            writeln!(self.out, "{spec} as {seat} chose an illegal move: {e}")?;
            return Ok(false);
        }
        writeln!(self.out, "ply {}: {seat} ({spec}) plays {text}{note}", self.game.plies())?;
        Ok(true)
    }

    /// Draws the board after moves (`moved`) and announces the end of the game, once.
    fn announce(&mut self, moved: bool) -> io::Result<()> {
        let newly_over = self.game.is_over() && !self.announced;
        // Engine-only games not in quiet mode drew the board after every move already.
        let drawn_each_move = !self.humans() && !self.cfg.quiet;
        // A game loaded over has its board drawn already.
        let drawn = self.shown == Some(self.game.len());
        if !drawn_each_move && ((moved && !self.cfg.quiet) || (newly_over && !drawn)) {
            self.show_board()?;
        }
        if let (true, Some(o)) = (newly_over, self.game.outcome()) {
            self.announced = true;
            let plies = self.game.plies();
            let msg = format!("game over: {o} after {}", crate::plies(plies));
            writeln!(self.out, "{}", self.style().bold(&msg))?;
            if self.board {
                writeln!(self.out, "u undoes, :save FILE keeps the game, q leaves")?;
            } else if self.humans() && self.cfg.interactive {
                writeln!(self.out, "undo, save FILE, load FILE or quit")?;
            }
        }
        Ok(())
    }

    /// Handles one line typed by a person.
    fn command(&mut self, line: &str, lines: &mut dyn LineSource) -> io::Result<Flow> {
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        let lower = word.to_ascii_lowercase();
        match lower.as_str() {
            "" => {}
            "quit" | "exit" | "q" => {
                if !self.unsaved || self.confirm(lines, "leave")? {
                    return Ok(Flow::Quit);
                }
            }
            "help" | "h" => {
                let text = help(self.cfg.notation, self.game.variant());
                writeln!(self.out, "{text}")?;
            }
            "?" | "moves" => self.list_moves()?,
            "board" => self.show_board()?,
            "hint" => self.hint(rest)?,
            "preview" => self.preview(rest)?,
            "undo" => self.undo(rest)?,
            "redo" => self.redo(rest)?,
            "go" => {
                if self.paused {
                    self.paused = false;
                } else {
                    writeln!(self.out, "go is for an engine stopped with Ctrl-C: none is")?;
                }
            }
            "save" | "save!" if !rest.is_empty() => {
                let (force, file) = match rest.strip_prefix("--force") {
                    Some(f) if f.starts_with(char::is_whitespace) => (true, f.trim()),
                    _ => (lower == "save!", rest),
                };
                self.save(file, force)?;
            }
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
                    self.autosave()?;
                    self.show_board()?;
                }
                Err(e) => writeln!(self.out, "{}", self.style().warn(&e))?,
            },
            "save" | "save!" | "load" => writeln!(self.out, "{lower} needs a file name: {lower} FILE")?,
            "resign" if rest.is_empty() => {
                if self.game.is_over() || self.confirm(lines, &format!("resign {}", self.game.turn()))? {
                    self.play_text("resign")?;
                }
            }
            _ => self.play_text(line)?,
        }
        Ok(Flow::Continue)
    }

    /// The legal move whose text is `text` but for upper and lower case, when exactly one
    /// is (`E2` is `e2`, `h-d4` is `H-d4`).
    fn case_insensitive(&self, text: &str) -> Option<String> {
        if self.game.is_over() {
            return None;
        }
        let mut found = self
            .game
            .legal_moves()
            .iter()
            .map(|&m| self.move_text(m))
            .filter(|t| t.eq_ignore_ascii_case(text))
            .collect::<Vec<_>>();
        found.dedup();
        (found.len() == 1).then(|| found.remove(0))
    }

    /// How `text` reads in the other notations when it does not in the session's: `d4h
    /// is standard notation; in WallRush notation this wall is H-d5`.
    fn other_notations(&self, text: &str) -> Option<String> {
        if self.game.is_over() {
            return None;
        }
        let session = self.cfg.notation;
        let pos = self.game.position();
        let readings: Vec<(Notation, Move)> = Notation::ALL
            .into_iter()
            .filter(|&n| n != session)
            .filter_map(|n| n.parse_move(pos, text).ok().map(|m| (n, m)))
            .collect();
        let (first, rest) = readings.split_first()?;
        let kind = |m: Move| if matches!(m, Move::Wall(_)) { "wall" } else { "move" };
        let mut msg = format!(
            "{text} is {} notation; in {} notation this {} is {}",
            notation_name(first.0),
            notation_name(session),
            kind(first.1),
            self.move_text(first.1)
        );
        for (n, m) in rest {
            msg.push_str(&format!(
                " (as {} notation, {text} would be {})",
                notation_name(*n),
                self.move_text(*m)
            ));
        }
        Some(msg)
    }

    fn play_text(&mut self, text: &str) -> io::Result<()> {
        let notation = self.cfg.notation;
        if self.paused && !self.game.is_over() && !self.is_human(self.game.turn()) {
            let seat = self.game.turn();
            return writeln!(
                self.out,
                "it is {seat}'s turn ({}), stopped with Ctrl-C: go lets it think again, undo takes back your move",
                self.cfg.players[seat]
            );
        }
        let before = self.game.len();
        let mut result = self.game.play_text(text, notation);
        if let Err(MoveTextError::Invalid(_)) = result {
            if let Some(fixed) = self.case_insensitive(text) {
                result = self.game.play_text(&fixed, notation);
            } else if text.eq_ignore_ascii_case("resign") {
                result = self.game.play_text("resign", notation);
            }
        }
        match result {
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
                self.changed()?;
                if !self.game.is_over() && self.is_human(self.game.turn()) && !self.cfg.quiet {
                    self.show_board()?;
                }
            }
            Err(MoveTextError::Illegal(e)) => {
                self.refused += 1;
                // The square, read back from the text (`Je6` and `e6#` name e6).
                let square = e
                    .text()
                    .trim_start_matches(|c: char| c.is_ascii_uppercase())
                    .trim_end_matches('#')
                    .parse::<Move>();
                let why = match (e.reason(), square) {
                    (Refusal::Illegal(Illegal::NotAPawnMove), Ok(Move::Pawn(to))) => self.pawn_refusal(to),
                    _ => String::new(),
                };
                let msg = format!("illegal: {e}{why} (nothing changed)");
                writeln!(self.out, "{}", self.style().warn(&msg))?;
            }
            Err(MoveTextError::Invalid(e)) => {
                self.refused += 1;
                let word = text.split_whitespace().next().unwrap_or(text);
                let msg = match self.other_notations(text) {
                    Some(other) => format!("{other} (nothing changed)"),
                    // Moves have a rank number; a word without one is a command mistyped.
                    None if !text.chars().any(|c| c.is_ascii_digit()) => {
                        format!("unknown command: {word} (help lists them)")
                    }
                    None => format!(
                        "cannot read {text:?} as a {notation} move ({}); type ? for the legal moves, help for the commands",
                        crate::words(&e.to_string())
                    ),
                };
                writeln!(self.out, "{}", self.style().warn(&msg))?;
            }
        }
        Ok(())
    }

    /// Why the pawn cannot go to `to`, and where it can: `: the wall e5h is in the way;
    /// legal steps d5 e4 f5`.
    fn pawn_refusal(&self, to: Square) -> String {
        let pos = self.game.position();
        let n = pos.variant().size();
        let seat = pos.turn();
        let Some(from) = pos.pawn(seat) else { return String::new() };
        let (df, dr) = (from.file().abs_diff(to.file()), from.rank().abs_diff(to.rank()));
        let why = if !to.is_on(n) {
            let last = Square::new(n - 1, n - 1).text(n).to_string();
            format!("{} is off the {n}×{n} board (a1 to {last})", to.text(n))
        } else if from == to {
            format!("{seat}'s pawn is on {} already", to.text(n))
        } else if let Some(other) = pos.variant().seats().find(|&s| pos.pawn(s) == Some(to)) {
            format!("{other}'s pawn is on {}", to.text(n))
        } else if df + dr == 1 {
            let length = pos.variant().wall_length();
            match pos.walls().into_iter().find(|w| w.blocks(length, from, to)) {
                Some(w) => {
                    let name =
                        self.cfg.notation.wall_text(w, n, length).unwrap_or_else(|| w.text(n).to_string());
                    format!("the wall {name} is in the way")
                }
                None => format!("{} is shut off", to.text(n)),
            }
        } else {
            let steps = u32::from(df) + u32::from(dr);
            format!("{} is {steps} steps from {}", to.text(n), from.text(n))
        };
        let steps: Vec<String> = pos.pawn_moves().iter().map(|&m| self.move_text(m)).collect();
        let legal = if steps.is_empty() {
            "no legal step".to_string()
        } else {
            format!("legal steps {}", steps.join(" "))
        };
        format!(": {why}; {legal}")
    }

    pub(crate) fn move_text(&self, m: Move) -> String {
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

    fn hint(&mut self, which: &str) -> io::Result<()> {
        if self.game.is_over() {
            return writeln!(self.out, "the game is over");
        }
        if !which.is_empty() {
            return self.strong_hint(which);
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

    /// `hint strong`, `hint strong:500`, `hint strong:n20000`: the strong engine's move,
    /// score and principal variation.
    fn strong_hint(&mut self, which: &str) -> io::Result<()> {
        let spec: PlayerSpec = match which.to_ascii_lowercase().parse() {
            Ok(spec @ PlayerSpec::Strong(_)) => spec,
            _ => {
                return writeln!(
                    self.out,
                    "hint takes strong, strong:MS, strong:nNODES or strong:dDEPTH: hint strong:500"
                )
            }
        };
        let mut engine = spec.engine(self.cfg.seed).expect("the strong engine");
        let pos = self.game.position().clone();
        let seat = pos.turn();
        let start = Instant::now();
        let search = if self.cfg.terminal {
            let thinking_pos = pos.clone();
            let stop = Arc::new(AtomicBool::new(false));
            engine.set_stop(Some(Arc::clone(&stop)));
            let thought = thinking::think(
                move || {
                    engine.choose(&thinking_pos);
                    engine.last_search().cloned()
                },
                &mut self.out,
                &format!("{spec}"),
                true,
                Some(&stop),
            )?;
            match thought {
                Thought::Done(search, _) => search,
                Thought::Cancelled(after) => {
                    return writeln!(self.out, "hint stopped after {:.1} s", after.as_secs_f64());
                }
            }
        } else {
            engine.choose(&pos);
            engine.last_search().cloned()
        };
        let took = start.elapsed();
        let Some(r) = search else { return writeln!(self.out, "no suggestion: no legal move") };
        let Some(best) = r.best else { return writeln!(self.out, "no suggestion: no legal move") };
        // The line in the session's notation, each move written in its own position.
        let mut line = Vec::new();
        let mut walk = pos.clone();
        for &m in &r.pv {
            match self.cfg.notation.write_move(&walk, m) {
                Ok(t) if walk.play(m).is_ok() => line.push(t),
                _ => break,
            }
        }
        let written = self.cfg.notation.write_move(&pos, best).unwrap_or_else(|_| best.to_string());
        writeln!(
            self.out,
            "{spec} suggests {written} ({} for {seat}; depth {}, {} nodes, {:.2} s)\nits line: {}",
            score_words(&r),
            r.depth,
            r.nodes,
            took.as_secs_f64(),
            line.join(" ")
        )
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
            Err(e) => {
                let msg = match self.other_notations(text) {
                    Some(other) => other,
                    None => format!(
                        "cannot read {text:?} as a {notation} wall ({})",
                        crate::words(&e.to_string())
                    ),
                };
                return writeln!(self.out, "{msg}");
            }
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
                writeln!(self.out, "after {text}: {}", parts.join(", "))?;
                let mut with = pos.clone();
                if !self.cfg.quiet && !self.board && with.play(Move::Wall(wall)).is_ok() {
                    let marks =
                        Marks { flip: self.flipped(), previous: Some(&pos), preview: true, bare: false };
                    let board = term::draw_marked(&with, &self.style(), &marks);
                    writeln!(self.out, "\n{board}   preview of {text} (dashed): nothing is played\n")?;
                }
                Ok(())
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

    /// `undo N` and `redo N`: the count, or why it is refused.
    fn count(word: &str, rest: &str) -> Result<Option<usize>, String> {
        if rest.is_empty() {
            return Ok(None);
        }
        match rest.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(Some(n)),
            _ => Err(format!("{word} takes a number of plies from 1: {word} 2")),
        }
    }

    /// Whether `seat` to move would have an engine play at once in a game with people.
    fn engine_would_move(&self) -> bool {
        self.humans() && !self.game.is_over() && !self.is_human(self.game.turn())
    }

    fn undo(&mut self, rest: &str) -> io::Result<()> {
        let count = match Self::count("undo", rest) {
            Ok(c) => c,
            Err(e) => return writeln!(self.out, "{e}"),
        };
        let mut undone = Vec::new();
        match count {
            None => {
                if !(0..self.game.len()).any(|i| self.human_action(i)) {
                    return writeln!(self.out, "nothing to undo");
                }
                while let Some(i) = self.game.len().checked_sub(1) {
                    let human = self.human_action(i);
                    undone.push(self.action_words(i));
                    self.game.undo();
                    if human {
                        break;
                    }
                }
            }
            Some(n) => {
                let have = self.game.len();
                if have == 0 {
                    return writeln!(self.out, "nothing to undo");
                }
                let n = if n > have {
                    writeln!(
                        self.out,
                        "undo {n}: the game has {}, all taken back",
                        crate::plies(have as u32)
                    )?;
                    have
                } else {
                    n
                };
                for _ in 0..n {
                    let i = self.game.len() - 1;
                    undone.push(self.action_words(i));
                    self.game.undo();
                }
                if self.engine_would_move() && !self.paused {
                    let seat = self.game.turn();
                    for _ in 0..n {
                        self.game.redo();
                    }
                    return writeln!(
                        self.out,
                        "undo {n} would leave {seat} ({}) to move, which would play again at once: undo {} takes back your move too (nothing changed)",
                        self.cfg.players[seat],
                        n + 1
                    );
                }
            }
        }
        self.announced = false;
        self.paused = false;
        writeln!(self.out, "undone: {}", undone.join(", "))?;
        self.changed()?;
        self.show_board()
    }

    fn redo(&mut self, rest: &str) -> io::Result<()> {
        let count = match Self::count("redo", rest) {
            Ok(c) => c,
            Err(e) => return writeln!(self.out, "{e}"),
        };
        let available = self.game.redo_actions().count();
        if available == 0 {
            return writeln!(self.out, "nothing to redo");
        }
        if let Some(n) = count {
            if n > available {
                return writeln!(self.out, "redo {n}: only {} to play again", crate::plies(available as u32));
            }
        }
        let mut redone = Vec::new();
        loop {
            if self.game.redo().is_none() {
                break;
            }
            redone.push(self.action_words(self.game.len() - 1));
            let done = match count {
                Some(n) => redone.len() == n,
                // One person's move and the engine moves after it.
                None => self.game.is_over() || self.is_human(self.game.turn()),
            };
            if done || self.game.redo_actions().next().is_none() {
                break;
            }
        }
        writeln!(self.out, "redone: {}", redone.join(", "))?;
        self.changed()?;
        self.show_board()
    }

    /// `south e2`: who made action `i`, and what it was.
    fn action_words(&self, i: usize) -> String {
        format!("{} {}", self.actor(i), self.game.action_text(i, self.cfg.notation).unwrap_or_default())
    }

    /// The record of the game as it stands, in the session's notation, every seat's
    /// player named.
    pub fn record(&self) -> Record {
        let mut record = Record::new(self.game.clone());
        record.set_notation(self.cfg.notation);
        for seat in self.game.variant().seats() {
            // A person's seat says `human`, an engine's its name (`play --resume` reads
            // them back). The seat is in the variant, so this cannot fail.
            let _ = record.set_player(seat, Some(self.cfg.players[seat].to_string()));
        }
        record
    }

    /// Writes the record to `path`: refused when a file is there, unless `force`.
    ///
    /// # Errors
    /// Only the errors of the session's output (a failed save is said there).
    pub fn save_to(&mut self, path: &str, force: bool) -> io::Result<bool> {
        if !force && Path::new(path).exists() {
            let msg = format!(
                "{path} exists: save! {path} (or save --force {path}) overwrites it (nothing written)"
            );
            writeln!(self.out, "{}", self.style().warn(&msg))?;
            return Ok(false);
        }
        let text = self.record().to_string();
        match std::fs::write(path, text) {
            Ok(()) => {
                self.unsaved = false;
                writeln!(self.out, "saved {} to {path}", crate::plies(self.game.plies()))?;
                Ok(true)
            }
            Err(e) => {
                let msg = format!("cannot save to {path}: {}", input::io_words(&e));
                writeln!(self.out, "{}", self.style().warn(&msg))?;
                Ok(false)
            }
        }
    }

    fn save(&mut self, path: &str, force: bool) -> io::Result<()> {
        self.save_to(path, force).map(|_| ())
    }
}

/// What the full-screen board ([`crate::board`]) drives: the same game, commands,
/// autosave and messages as the line prompt, with the position drawn by the board.
impl<W: Write> Session<W> {
    /// Draws no boards on the output from now on: the full-screen board shows them.
    pub(crate) fn for_board(&mut self) {
        self.board = true;
    }

    /// Where the session's messages go.
    pub fn out_mut(&mut self) -> &mut W {
        &mut self.out
    }

    /// Who plays `seat`.
    pub(crate) fn player(&self, seat: Seat) -> PlayerSpec {
        self.cfg.players[seat]
    }

    /// The notation moves are read and written in.
    pub(crate) fn notation(&self) -> Notation {
        self.cfg.notation
    }

    /// An engine was stopped: engines wait for `go`.
    pub(crate) fn is_paused(&self) -> bool {
        self.paused
    }

    /// Changed since the last save or load.
    pub(crate) fn is_unsaved(&self) -> bool {
        self.unsaved
    }

    /// The pause after each move of a game without people (`--watch SECONDS`), zero in a
    /// game with people.
    pub(crate) fn watch_delay(&self) -> Duration {
        if self.humans() {
            Duration::ZERO
        } else {
            self.cfg.watch_delay
        }
    }

    /// Whether the game is autosaved after every change.
    pub(crate) fn autosaves(&self) -> bool {
        self.cfg.autosave.is_some()
    }

    /// The seat whose engine is to move now, if one is (not when stopped).
    pub(crate) fn engine_to_move(&self) -> Option<Seat> {
        let seat = self.game.turn();
        (!self.game.is_over() && !self.paused && !self.is_human(seat)).then_some(seat)
    }

    /// Lends `seat`'s engine to a thread of its own.
    pub(crate) fn take_engine(&mut self, seat: Seat) -> Option<Engine> {
        self.engines[seat].take()
    }

    /// An engine's answer: it takes its seat again and its move is played (`None`: it had
    /// no move).
    pub(crate) fn engine_answered(
        &mut self,
        seat: Seat,
        pos: &Position,
        engine: Engine,
        choice: Option<Move>,
        took: Duration,
    ) -> io::Result<()> {
        let search = engine.last_search().cloned();
        self.engines[seat] = Some(engine);
        let Some(m) = choice else { return Ok(()) };
        if self.game.position() != pos {
            return Ok(());
        }
        if self.engine_played(seat, pos, m, search, took)? {
            self.changed()?;
        }
        self.settle()
    }

    /// An engine's thinking was stopped after `after`: a fresh engine takes the seat and
    /// engines wait for `go`.
    pub(crate) fn engine_stopped(&mut self, seat: Seat, after: Duration) -> io::Result<()> {
        let spec = self.cfg.players[seat];
        self.engines[seat] = spec.engine(self.cfg.seed.wrapping_add(seat.index() as u64));
        self.paused = true;
        writeln!(
            self.out,
            "{seat} ({spec}) stopped after {:.1} s: g (or :go) thinks again, u (or :undo) takes back your move",
            after.as_secs_f64()
        )
    }

    /// The forced passes of people and the announcement of the end: what follows every
    /// change.
    pub(crate) fn settle(&mut self) -> io::Result<()> {
        let mut moved = false;
        while !self.game.is_over() {
            let seat = self.game.turn();
            if !self.is_human(seat) || self.game.legal_moves().as_slice() != [Move::Pass] {
                break;
            }
            self.game.play(Move::Pass).expect("a forced pass is legal");
            writeln!(self.out, "{seat} has no legal move and passes")?;
            moved = true;
        }
        if moved {
            self.changed()?;
        }
        self.announce(false)
    }

    /// Plays `m` for the person to move, as if its text were typed.
    pub(crate) fn play_move(&mut self, m: Move) -> io::Result<()> {
        let text = self.move_text(m);
        self.play_text(&text)?;
        self.settle()
    }

    /// A line typed at the board's prompt, as at the line prompt; `true` to leave.
    /// Questions (leave? resign?) are asked by the board before, so `lines` answers them.
    pub(crate) fn line(&mut self, text: &str, lines: &mut dyn LineSource) -> io::Result<bool> {
        let flow = self.command(text, lines)?;
        self.settle()?;
        Ok(matches!(flow, Flow::Quit))
    }
}

/// An engine score in words: `+1.50`, `wins in 3`, `loses in 2` (see [`SCORES`]).
fn score_words(r: &SearchResult) -> String {
    match r.mate_in() {
        Some(p) if p > 0 => format!("wins in {p}"),
        Some(p) => format!("loses in {}", -p),
        None => format!("{:+.2}", f64::from(r.score) / 100.0),
    }
}

/// The players a record names (an engine's name in its seat's tag; people have none):
/// how `play --resume` brings back who played what.
pub fn players_of(record: &Record) -> BySeat<PlayerSpec> {
    BySeat::from_fn(|seat| {
        record.player(seat).and_then(|name| name.parse().ok()).unwrap_or(PlayerSpec::Human)
    })
}
