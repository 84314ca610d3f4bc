//! The board's state and how events change it: keys, mouse, ticks (an engine's answer
//! is looked for at each), resizes. Nothing here draws; [`render`] reads
//! the state.

use std::io;

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use wallrush_core::{Action, BySeat, Move, Orientation, Position, Seat, Square, Wall};

use crate::engines::Engine;
use crate::play::Session;
use crate::prompt::{LineSource, Read};
use crate::thinking::{Polled, Thinking};

use super::render::{self, Target};

/// What the arrows and Enter act on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// The cursor is a square: Enter moves the pawn there.
    Pawn,
    /// The cursor is a wall (its anchor, the lower-left square, and its orientation).
    Wall(Orientation),
}

/// A question the board asks before doing something that loses the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ask {
    /// Leave with the game not saved.
    Leave,
}

/// One input to the board.
#[derive(Clone, Debug)]
pub enum Event {
    /// A key was pressed.
    Key(KeyEvent),
    /// The mouse moved or clicked.
    Mouse(MouseEvent),
    /// Time passed: an engine's answer is looked for, the clock redrawn.
    Tick,
    /// The terminal has this many columns and rows now.
    Resize(u16, u16),
}

/// An engine thinking on its own thread.
pub struct EngineThought {
    /// Whose engine.
    pub seat: Seat,
    /// The position it thinks about.
    pub pos: Position,
    thinking: Thinking<(Engine, Option<Move>)>,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl EngineThought {
    /// How long it has thought.
    pub fn elapsed(&self) -> std::time::Duration {
        self.thinking.elapsed()
    }
}

/// The most messages kept.
const LOG_LINES: usize = 200;

/// Answers the session's questions with yes: the board asked its own before.
struct Yes;

impl LineSource for Yes {
    fn read(&mut self, _prompt: &str, _words: &[String]) -> io::Result<Read> {
        Ok(Read::Line("y".into()))
    }
}

/// The full-screen board: the game's session and what the screen shows of it.
pub struct App {
    /// The game, its players, commands, autosave and messages.
    pub session: Session<Vec<u8>>,
    /// The square under the cursor; in wall mode the wall's anchor.
    pub cursor: Square,
    /// Pawn or wall mode.
    pub mode: Mode,
    /// The wall aimed by a first Enter (a second places it).
    pub aimed: Option<Wall>,
    /// Every seat's shortest route drawn (Tab or `?`).
    pub routes: bool,
    /// The session's messages, oldest first.
    pub log: Vec<String>,
    /// The line being typed after `:`.
    pub prompt: Option<String>,
    /// A question waiting for y or n.
    pub ask: Option<Ask>,
    /// The engine thinking now.
    pub thought: Option<EngineThought>,
    /// When the last engine answered (a watched game waits `--watch` after it).
    answered: Option<std::time::Instant>,
    /// The terminal's size (where the mouse points is read against it).
    pub screen: Rect,
    /// Time to leave.
    pub quit: bool,
}

impl App {
    /// The board over `session`, the cursor on the pawn of the seat to move, on a screen
    /// of `width` × `height`.
    pub fn new(session: Session<Vec<u8>>, width: u16, height: u16) -> App {
        let pos = session.game().position();
        let cursor = pos.pawn(pos.turn()).unwrap_or(Square::new(0, 0));
        let mut app = App {
            session,
            cursor,
            mode: Mode::Pawn,
            aimed: None,
            routes: false,
            log: Vec::new(),
            prompt: None,
            ask: None,
            thought: None,
            answered: None,
            screen: Rect::new(0, 0, width, height),
            quit: false,
        };
        app.session.for_board();
        for note in app.session.take_notes() {
            app.say(note);
        }
        if app.session.autosaves() {
            app.say("autosaved after every move: play --resume continues the game");
        }
        app.drain();
        app
    }

    /// The position shown.
    pub fn position(&self) -> &Position {
        self.session.game().position()
    }

    /// The board's size.
    pub fn size(&self) -> u8 {
        self.position().variant().size()
    }

    /// The wall under the cursor in wall mode.
    pub fn ghost(&self) -> Option<Wall> {
        match self.mode {
            Mode::Wall(o) => Some(Wall::new(self.cursor, o)),
            Mode::Pawn => None,
        }
    }

    /// Whether a person is to move (the pawn's reachable squares are marked for them).
    pub fn person_to_move(&self) -> bool {
        let game = self.session.game();
        !game.is_over() && self.session.is_human(game.turn())
    }

    /// The squares the pawn to move can reach.
    pub fn reachable(&self) -> Vec<Square> {
        if !self.person_to_move() {
            return Vec::new();
        }
        self.position()
            .pawn_moves()
            .iter()
            .filter_map(|m| match m {
                Move::Pawn(s) => Some(*s),
                _ => None,
            })
            .collect()
    }

    /// The wall just placed or the square just reached, for the highlight.
    pub fn last_move(&self) -> Option<Move> {
        match self.session.game().actions().last() {
            Some(Action::Move(m)) => Some(m),
            _ => None,
        }
    }

    /// What the ghost wall would do: the routes it leaves, or the core's refusal.
    pub fn ghost_verdict(&self) -> Option<Result<BySeat<Option<u32>>, String>> {
        let wall = self.ghost()?;
        Some(self.position().preview_wall(wall).map_err(|e| e.to_string()))
    }

    /// Moves the session's messages into the log.
    fn drain(&mut self) {
        let out = std::mem::take(self.session.out_mut());
        let text = String::from_utf8_lossy(&out);
        append_log(&mut self.log, &text);
    }

    /// Says `text` in the log.
    pub fn say(&mut self, text: impl Into<String>) {
        self.log.push(text.into());
    }

    /// Handles one event; the errors are those of the session's autosave and output.
    ///
    /// # Errors
    /// I/O errors of the session.
    pub fn update(&mut self, event: Event) -> io::Result<()> {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.key(key)?,
            Event::Key(_) => {}
            Event::Mouse(mouse) => self.mouse(mouse)?,
            Event::Tick => {}
            Event::Resize(w, h) => self.screen = Rect::new(0, 0, w, h),
        }
        self.step()?;
        self.drain();
        Ok(())
    }

    /// Looks for the engine's answer, or starts the engine whose turn it is.
    fn step(&mut self) -> io::Result<()> {
        if let Some(thought) = &self.thought {
            match thought.thinking.poll() {
                Polled::Pending => return Ok(()),
                Polled::Done((engine, choice)) => {
                    let thought = self.thought.take().expect("a thought");
                    let took = thought.elapsed();
                    self.session.engine_answered(thought.seat, &thought.pos, engine, choice, took)?;
                    self.answered = Some(std::time::Instant::now());
                    self.follow_turn();
                }
                Polled::Lost => {
                    let thought = self.thought.take().expect("a thought");
                    self.session.engine_stopped(thought.seat, thought.elapsed())?;
                }
            }
        }
        let watching = self.answered.is_some_and(|t| t.elapsed() < self.session.watch_delay());
        if self.thought.is_none() && !watching {
            if let Some(seat) = self.session.engine_to_move() {
                if let Some(mut engine) = self.session.take_engine(seat) {
                    let pos = self.position().clone();
                    let thinking_pos = pos.clone();
                    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
                    engine.set_stop(Some(std::sync::Arc::clone(&stop)));
                    let thinking = Thinking::spawn(move || {
                        let m = engine.choose(&thinking_pos);
                        engine.set_stop(None);
                        (engine, m)
                    })?;
                    self.thought = Some(EngineThought { seat, pos, thinking, stop });
                }
            }
        }
        Ok(())
    }

    /// Stops the engine that is thinking; `false` when none is.
    fn stop_engine(&mut self) -> io::Result<bool> {
        let Some(thought) = self.thought.take() else { return Ok(false) };
        thought.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        self.session.engine_stopped(thought.seat, thought.elapsed())?;
        Ok(true)
    }

    /// After a move, the cursor goes to the pawn of the person to move.
    fn follow_turn(&mut self) {
        if self.mode == Mode::Pawn && self.person_to_move() {
            if let Some(sq) = self.position().pawn(self.position().turn()) {
                self.cursor = sq;
            }
        }
    }

    fn key(&mut self, key: KeyEvent) -> io::Result<()> {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && key.code == KeyCode::Char('c') {
            if !self.stop_engine()? {
                self.prompt = None;
                self.leave();
            }
            return Ok(());
        }
        if let Some(ask) = self.ask.take() {
            if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                match ask {
                    Ask::Leave => self.quit = true,
                }
            } else {
                self.say("not left");
            }
            return Ok(());
        }
        if self.prompt.is_some() {
            if let Some(line) = edit_prompt(&mut self.prompt, key.code, || self.session.completions()) {
                self.command(line.trim())?;
            }
            return Ok(());
        }
        match key.code {
            KeyCode::Esc => self.escape()?,
            KeyCode::Up => self.arrow(0, 1),
            KeyCode::Down => self.arrow(0, -1),
            KeyCode::Left => self.arrow(-1, 0),
            KeyCode::Right => self.arrow(1, 0),
            KeyCode::Enter | KeyCode::Char(' ') => self.press()?,
            KeyCode::Tab | KeyCode::Char('?' | 'p' | 'P') => self.routes = !self.routes,
            KeyCode::Char('w' | 'W') => self.toggle_walls(),
            KeyCode::Char('r' | 'R') => self.turn_wall(),
            KeyCode::Char(':') => self.prompt = Some(String::new()),
            KeyCode::Char('u') => self.command("undo")?,
            KeyCode::Char('U') => self.command("redo")?,
            KeyCode::Char('h' | 'H') => self.command("hint")?,
            KeyCode::Char('g' | 'G') => self.command("go")?,
            KeyCode::Char('q' | 'Q') => self.leave(),
            _ => {}
        }
        Ok(())
    }

    /// Esc: stops the engine, else clears the aim, else leaves wall mode.
    fn escape(&mut self) -> io::Result<()> {
        if !self.stop_engine()? && self.aimed.take().is_none() && self.mode != Mode::Pawn {
            self.mode = Mode::Pawn;
            self.follow_turn();
        }
        Ok(())
    }

    /// A line typed after `:`.
    fn command(&mut self, line: &str) -> io::Result<()> {
        if line.is_empty() {
            return Ok(());
        }
        self.say(format!(":{line}"));
        let word = line.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
        if matches!(word.as_str(), "quit" | "exit" | "q") {
            self.leave();
            return Ok(());
        }
        if matches!(word.as_str(), "undo" | "redo" | "load") {
            // An engine thinking about the position that changes stops first.
            self.stop_engine()?;
        }
        if self.session.line(line, &mut Yes)? {
            self.quit = true;
        }
        self.aimed = None;
        self.follow_turn();
        Ok(())
    }

    /// Leaves, asking first when the game is not saved.
    fn leave(&mut self) {
        if self.session.is_unsaved() {
            let saved = if self.session.autosaves() {
                "the game is not saved (play --resume brings back the autosave)"
            } else {
                "the game is not saved (:save FILE keeps it)"
            };
            self.say(format!("{saved}; leave? y/N"));
            self.ask = Some(Ask::Leave);
        } else {
            self.quit = true;
        }
    }

    /// Arrow `dx`, `dy` as the screen shows them (up is up, whichever way the board is
    /// turned).
    fn arrow(&mut self, dx: i32, dy: i32) {
        let (dx, dy) = if self.session.flipped() { (-dx, -dy) } else { (dx, dy) };
        let n = i32::from(self.size());
        let (max_f, max_r) = match self.mode {
            Mode::Pawn => (n - 1, n - 1),
            Mode::Wall(o) => wall_anchor_limits(o, self.size(), self.wall_length()),
        };
        let f = (i32::from(self.cursor.file()) + dx).clamp(0, max_f.max(0));
        let r = (i32::from(self.cursor.rank()) + dy).clamp(0, max_r.max(0));
        self.cursor = Square::new(f as u8, r as u8);
    }

    fn wall_length(&self) -> u8 {
        self.position().variant().wall_length()
    }

    /// Enter or Space: the pawn moves to the cursor, or the wall is aimed, then placed.
    fn press(&mut self) -> io::Result<()> {
        match self.ghost() {
            None => self.move_pawn(self.cursor),
            Some(wall) if self.aimed == Some(wall) => self.place(wall),
            Some(wall) => {
                self.aimed = Some(wall);
                Ok(())
            }
        }
    }

    /// Moves the pawn to `to`, or says why it cannot.
    fn move_pawn(&mut self, to: Square) -> io::Result<()> {
        if self.session.game().is_over() {
            self.say("the game is over: u takes back a move, :save FILE keeps it, q leaves");
            return Ok(());
        }
        if !self.person_to_move() {
            self.say(format!("it is {}'s turn (an engine)", self.position().turn()));
            return Ok(());
        }
        let before = self.session.game().len();
        self.session.play_move(Move::Pawn(to))?;
        if self.session.game().len() > before {
            self.follow_turn();
        }
        Ok(())
    }

    /// Places `wall` (refused with the core's reason when illegal).
    fn place(&mut self, wall: Wall) -> io::Result<()> {
        self.aimed = None;
        if !self.person_to_move() {
            self.say("no person is to move: the wall waits");
            return Ok(());
        }
        let before = self.session.game().len();
        self.session.play_move(Move::Wall(wall))?;
        if self.session.game().len() > before {
            self.mode = Mode::Pawn;
            self.follow_turn();
        }
        Ok(())
    }

    fn toggle_walls(&mut self) {
        self.aimed = None;
        self.mode = match self.mode {
            Mode::Pawn => Mode::Wall(Orientation::Horizontal),
            Mode::Wall(_) => {
                self.follow_turn();
                Mode::Pawn
            }
        };
        self.clamp_cursor();
    }

    fn turn_wall(&mut self) {
        if let Mode::Wall(o) = self.mode {
            self.mode = Mode::Wall(match o {
                Orientation::Horizontal => Orientation::Vertical,
                Orientation::Vertical => Orientation::Horizontal,
            });
            self.aimed = None;
            self.clamp_cursor();
        }
    }

    /// Keeps a wall's anchor where the wall lies on the board.
    fn clamp_cursor(&mut self) {
        if let Mode::Wall(o) = self.mode {
            let (max_f, max_r) = wall_anchor_limits(o, self.size(), self.wall_length());
            let f = i32::from(self.cursor.file()).min(max_f).max(0);
            let r = i32::from(self.cursor.rank()).min(max_r).max(0);
            self.cursor = Square::new(f as u8, r as u8);
        }
    }

    fn mouse(&mut self, mouse: MouseEvent) -> io::Result<()> {
        let geometry = render::geometry(self, self.screen);
        let Some(target) = geometry.target(mouse.column, mouse.row) else { return Ok(()) };
        let click = matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left));
        let moved = matches!(mouse.kind, MouseEventKind::Moved | MouseEventKind::Drag(_));
        if !click && !moved {
            return Ok(());
        }
        match target {
            Target::Square(sq) => {
                if click {
                    self.mode = Mode::Pawn;
                    self.aimed = None;
                    self.cursor = sq;
                    if self.reachable().contains(&sq) {
                        self.move_pawn(sq)?;
                    }
                } else if self.mode != Mode::Pawn && self.aimed.is_none() {
                    // Pointing back at the squares puts the ghost away.
                    self.mode = Mode::Pawn;
                    self.cursor = sq;
                }
            }
            Target::Wall(wall) => {
                self.mode = Mode::Wall(wall.orientation());
                self.cursor = wall.anchor();
                self.aimed = None;
                if click {
                    self.place(wall)?;
                }
            }
        }
        Ok(())
    }
}

/// The largest file and rank of a wall's anchor with orientation `o` on a board of
/// `size` with walls `length` long.
fn wall_anchor_limits(o: Orientation, size: u8, length: u8) -> (i32, i32) {
    let (n, l) = (i32::from(size), i32::from(length));
    match o {
        Orientation::Horizontal => (n - l, n - 2),
        Orientation::Vertical => (n - 2, n - l),
    }
}

/// Appends the non-empty lines of `text` to a board's log, keeping its last
/// [`LOG_LINES`] lines (both boards).
pub(super) fn append_log(log: &mut Vec<String>, text: &str) {
    log.extend(text.lines().map(str::trim_end).filter(|l| !l.is_empty()).map(str::to_string));
    let extra = log.len().saturating_sub(LOG_LINES);
    log.drain(..extra);
}

/// One key at the `:` prompt (both boards): Esc closes it, Backspace on an empty line
/// too, Tab completes from `words` (asked for only then), a character is added while the
/// line is under the command limit. Enter closes the prompt and gives back its line.
pub(super) fn edit_prompt(
    prompt: &mut Option<String>,
    code: KeyCode,
    words: impl FnOnce() -> Vec<String>,
) -> Option<String> {
    match code {
        KeyCode::Esc => *prompt = None,
        KeyCode::Enter => return prompt.take(),
        KeyCode::Backspace => {
            // Backspace on an empty line closes the prompt.
            let was_empty = prompt.as_mut().is_some_and(|line| line.pop().is_none());
            if was_empty {
                *prompt = None;
            }
        }
        KeyCode::Tab => {
            if let Some(line) = prompt.as_mut() {
                *line = complete(line, &words());
            }
        }
        KeyCode::Char(c) => {
            if let Some(line) = prompt.as_mut().filter(|l| l.len() < crate::input::MAX_COMMAND_BYTES) {
                line.push(c);
            }
        }
        _ => {}
    }
    None
}

/// `line` completed as far as the words starting with its last word agree.
fn complete(line: &str, words: &[String]) -> String {
    let (head, last) = match line.rfind(' ') {
        Some(i) => (&line[..=i], &line[i + 1..]),
        None => ("", line),
    };
    let found: Vec<&String> = words.iter().filter(|w| w.starts_with(last)).collect();
    let Some(first) = found.first() else { return line.to_string() };
    let mut common = first.as_str();
    for w in &found[1..] {
        let same = common.chars().zip(w.chars()).take_while(|(a, b)| a == b).count();
        common = &common[..common.char_indices().nth(same).map_or(common.len(), |(i, _)| i)];
    }
    let space = if found.len() == 1 { " " } else { "" };
    format!("{head}{common}{space}")
}
