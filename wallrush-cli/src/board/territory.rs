//! Wall Go and the card enclosure game on the full-screen board.
//!
//! A move is built on the board and previewed before it is played: `•` marks the
//! squares that can be picked next, and Enter on a square picks it (Wall Go: the piece, then where it goes; the card game: the card square,
//! then the piece and where it steps), n, e, s or w picks the wall's side, `-` takes
//! no step and x discards (the card game). A whole move is drawn as a ghost on the board,
//! in violet when legal and with the reason in red when not; Enter confirms it and Esc
//! cancels it. Esc, P (the legal moves) and `?` (the keys) work at any time; the rest
//! wait for a person's turn. `:` opens the prompt's commands (undo, redo, hint, save,
//! load, resign, quit). A left click picks the square under the pointer, a right click
//! cancels.

use std::io;

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;

use super::state::{append_log, edit_prompt, Event};
use crate::territory::{TerritoryKind, TerritoryTable};

/// The keys, as `?` shows them.
const KEYS: &str = "\
arrows      move the cursor over the squares
Enter/Space pick the square (Wall Go: the piece, then where it goes;
            the card game: the card square, then the piece and its step);
            on a whole move: confirm it
n e s w     the wall's side
-           no step (card game)
x           discard the card square (card game)
Backspace   take back the last pick
Esc         cancel the move being built
P           the legal moves      ?  these keys
u / U       undo / redo          :  the prompt's commands
q           leave";

/// A territory game on the board.
pub struct TerritoryApp {
    /// The game, its commands and messages.
    pub table: Box<dyn TerritoryTable>,
    /// The square under the cursor: file and rank from 0, rank 0 at the bottom.
    pub cursor: (u8, u8),
    /// The move being built, as the notation writes it.
    pub text: String,
    /// The messages, oldest first.
    pub log: Vec<String>,
    /// The line being typed after `:`.
    pub prompt: Option<String>,
    /// Asking before leaving an unsaved game.
    pub ask: bool,
    /// The legal moves shown (P).
    pub moves: bool,
    /// The keys shown (`?`).
    pub help: bool,
    /// Time to leave.
    pub quit: bool,
}

fn square_name(file: u8, rank: u8, upper: bool) -> String {
    let letter = if upper { b'A' + file } else { b'a' + file } as char;
    format!("{letter}{}", rank + 1)
}

/// Whether `text` ends with a square name (`b2`, `C3`).
fn ends_with_square(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() >= 2 && b[b.len() - 1].is_ascii_digit() && b[b.len() - 2].is_ascii_alphabetic()
}

impl TerritoryApp {
    /// The board over `table`.
    pub fn new(mut table: Box<dyn TerritoryTable>) -> io::Result<TerritoryApp> {
        table.advance()?;
        let size = if table.kind() == TerritoryKind::WallGo { 7 } else { 6 };
        let mut app = TerritoryApp {
            table,
            cursor: (size / 2, size / 2),
            text: String::new(),
            log: Vec::new(),
            prompt: None,
            ask: false,
            moves: false,
            help: false,
            quit: false,
        };
        app.drain();
        Ok(app)
    }

    /// Columns and rows of the board.
    pub fn size(&self) -> u8 {
        if self.table.kind() == TerritoryKind::WallGo {
            7
        } else {
            6
        }
    }

    fn card_game(&self) -> bool {
        self.table.kind() == TerritoryKind::Enclosure
    }

    /// What the move being built would do, once it reads as a move.
    pub fn preview(&self) -> Option<Result<String, String>> {
        if self.text.is_empty() {
            return None;
        }
        self.table.preview(&self.text)
    }

    fn person_to_move(&self) -> bool {
        self.table.outcome().is_none() && self.table.is_human(self.table.mover().0)
    }

    fn drain(&mut self) {
        let text = self.table.take_messages();
        append_log(&mut self.log, &text);
    }

    /// Handles one event.
    ///
    /// # Errors
    /// I/O errors of the game's messages.
    pub fn update(&mut self, event: Event) -> io::Result<()> {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.key(key)?,
            Event::Mouse(mouse) => self.mouse(mouse)?,
            _ => {}
        }
        self.drain();
        Ok(())
    }

    /// A left click picks the square under the pointer (as the cursor and Enter do); a
    /// right click cancels the move being built.
    fn mouse(&mut self, mouse: MouseEvent) -> io::Result<()> {
        match mouse.kind {
            MouseEventKind::Down(MouseButton::Right) => self.text.clear(),
            MouseEventKind::Down(MouseButton::Left) if self.prompt.is_none() && !self.ask => {
                // The board's text starts on the screen's second row.
                let Some(y) = usize::from(mouse.row).checked_sub(1) else { return Ok(()) };
                let x = usize::from(mouse.column);
                let board = self.table.board();
                let n = self.size();
                let hit = (0..n).flat_map(|f| (0..n).map(move |r| (f, r))).find(|&(f, r)| {
                    locate(&board, f, r).is_some_and(|(row, col)| row == y && x + 1 >= col && x <= col + 1)
                });
                if let Some(square) = hit {
                    self.cursor = square;
                    if self.person_to_move() {
                        self.press()?;
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn key(&mut self, key: KeyEvent) -> io::Result<()> {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.prompt = None;
            self.leave();
            return Ok(());
        }
        if self.ask {
            self.ask = false;
            if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                self.quit = true;
            } else {
                self.log.push("not left".into());
            }
            return Ok(());
        }
        if self.prompt.is_some() {
            // The territory prompts complete nothing: Tab leaves the line as it is.
            if let Some(line) = edit_prompt(&mut self.prompt, key.code, Vec::new) {
                self.command(line.trim())?;
            }
            return Ok(());
        }
        // Keys that work at any time.
        match key.code {
            KeyCode::Esc => {
                self.text.clear();
                self.help = false;
                return Ok(());
            }
            KeyCode::Char('p' | 'P') => {
                self.moves = !self.moves;
                return Ok(());
            }
            KeyCode::Char('?') => {
                self.help = !self.help;
                return Ok(());
            }
            KeyCode::Char('q' | 'Q') => {
                self.leave();
                return Ok(());
            }
            KeyCode::Char(':') => {
                self.prompt = Some(String::new());
                return Ok(());
            }
            KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right => {
                let (dx, dy) = match key.code {
                    KeyCode::Up => (0, 1),
                    KeyCode::Down => (0, -1),
                    KeyCode::Left => (-1, 0),
                    _ => (1, 0),
                };
                self.arrow(dx, dy);
                return Ok(());
            }
            KeyCode::Char('u') => return self.command("undo"),
            KeyCode::Char('U') => return self.command("redo"),
            _ => {}
        }
        if !self.person_to_move() {
            self.log.push("not your turn: Esc, P and ? work now".into());
            return Ok(());
        }
        match key.code {
            KeyCode::Enter | KeyCode::Char(' ') => self.press()?,
            KeyCode::Char(c @ ('n' | 'e' | 's' | 'w')) => self.side(c),
            // No step after the wall; a discard of the card square.
            KeyCode::Char('-') if self.card_game() && self.text.len() == 3 => self.text.push_str(" -"),
            KeyCode::Char('x') if self.card_game() && self.text.len() == 2 => self.text.push('x'),
            KeyCode::Backspace => self.back(),
            _ => {}
        }
        Ok(())
    }

    fn arrow(&mut self, dx: i8, dy: i8) {
        let max = self.size() as i8 - 1;
        let f = (self.cursor.0 as i8 + dx).clamp(0, max);
        let r = (self.cursor.1 as i8 + dy).clamp(0, max);
        self.cursor = (f as u8, r as u8);
    }

    /// Enter: confirms a whole legal move, says why a whole move is refused, or picks
    /// the square under the cursor.
    fn press(&mut self) -> io::Result<()> {
        match self.preview() {
            Some(Ok(_)) => {
                let text = std::mem::take(&mut self.text);
                self.table.play(&text)?;
                return Ok(());
            }
            Some(Err(why)) => {
                self.log.push(format!("refused: {why}"));
                return Ok(());
            }
            None => {}
        }
        if let Some(next) = self.extended(self.cursor) {
            self.text = next;
        }
        Ok(())
    }

    /// The move being built with square (`f`, `r`) picked next, when it can be.
    fn extended(&self, (f, r): (u8, u8)) -> Option<String> {
        let square = square_name(f, r, false);
        let t = &self.text;
        if self.card_game() {
            match t.len() {
                0 => Some(square_name(f, r, true)),
                3 => Some(format!("{t} {square}")),
                6 if !t.ends_with('-') => Some(format!("{t}-{square}")),
                9 => Some(format!("{}-{square}", &t[..6])),
                _ => None,
            }
        } else {
            match t.len() {
                0 => Some(square),
                2 if *t != square => Some(format!("{t}-{square}")),
                5 => Some(format!("{}-{square}", &t[..2])),
                _ => None,
            }
        }
    }

    /// The squares that can be picked next: some legal move goes on that way (the
    /// board marks them).
    pub fn next_squares(&self) -> Vec<(u8, u8)> {
        if !self.person_to_move() || self.preview().is_some() {
            return Vec::new();
        }
        let legal = self.table.legal();
        let n = self.size();
        (0..n)
            .flat_map(|f| (0..n).map(move |r| (f, r)))
            .filter(|&sq| {
                self.extended(sq).is_some_and(|next| legal.iter().any(|m| m.starts_with(next.as_str())))
            })
            .collect()
    }

    /// n, e, s, w: the wall's side, after a square.
    fn side(&mut self, c: char) {
        let t = &self.text;
        let after_square = if self.card_game() { t.len() == 2 } else { ends_with_square(t) };
        let replace =
            if self.card_game() { t.len() == 3 } else { t.ends_with(['n', 'e', 's', 'w']) && t.len() > 2 };
        if after_square {
            self.text.push(c);
        } else if replace {
            self.text.pop();
            self.text.push(c);
        }
    }

    /// Backspace: takes back the last pick.
    fn back(&mut self) {
        if ends_with_square(&self.text) {
            self.text.truncate(self.text.len() - 2);
        } else {
            self.text.pop();
        }
        while self.text.ends_with(['-', ' ']) {
            self.text.pop();
        }
    }

    fn command(&mut self, line: &str) -> io::Result<()> {
        if line.is_empty() {
            return Ok(());
        }
        self.log.push(format!(":{line}"));
        let word = line.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
        if matches!(word.as_str(), "quit" | "exit" | "q") {
            self.leave();
            return Ok(());
        }
        self.text.clear();
        if self.table.command(line)? {
            self.quit = true;
        }
        Ok(())
    }

    fn leave(&mut self) {
        if self.table.unsaved() {
            self.log.push("the game is not saved (:save FILE keeps it); leave? y/N".into());
            self.ask = true;
        } else {
            self.quit = true;
        }
    }
}

/// The colour of a piece's letter: Wall Go's red, blue, yellow, green; the card game's
/// amber 1 and teal 2.
fn piece_colour(kind: TerritoryKind, c: char) -> Option<Color> {
    match (kind, c) {
        (TerritoryKind::WallGo, 'R' | 'r') => Some(Color::Red),
        (TerritoryKind::WallGo, 'B' | 'b') => Some(Color::Blue),
        (TerritoryKind::WallGo, 'Y' | 'y') => Some(Color::Yellow),
        (TerritoryKind::WallGo, 'G' | 'g') => Some(Color::Green),
        (TerritoryKind::Enclosure, '1') => Some(Color::Yellow),
        (TerritoryKind::Enclosure, '2') => Some(Color::Cyan),
        _ => None,
    }
}

/// Where square (`file`, `rank`) is in the board's text: its line and column.
fn locate(board: &str, file: u8, rank: u8) -> Option<(usize, usize)> {
    let lines: Vec<&str> = board.lines().collect();
    let header = lines.iter().find(|l| l.trim_start().starts_with("a   b"))?;
    let a = header.find('a')?;
    let label = (rank + 1).to_string();
    let row = lines.iter().position(|l| {
        let t = l.trim_start();
        t.split_whitespace().next() == Some(label.as_str()) && l.len() > a && !t.starts_with("a ")
    })?;
    Some((row, a + 4 * usize::from(file)))
}

/// The board's text drawn with its pieces in colour; `ghost` cells (those a preview
/// changes) in violet, the cursor's cell reversed.
fn board_lines(app: &TerritoryApp, text: &str, changed: &[(usize, usize)]) -> Vec<Line<'static>> {
    let kind = app.table.kind();
    let cursor = locate(text, app.cursor.0, app.cursor.1);
    let marked: Vec<(usize, usize)> =
        app.next_squares().into_iter().filter_map(|(f, r)| locate(text, f, r)).collect();
    text.lines()
        .enumerate()
        .map(|(y, line)| {
            let is_row = line.trim_start().starts_with(|c: char| c.is_ascii_digit());
            let last = line.chars().count().saturating_sub(1);
            let spans: Vec<Span<'static>> = line
                .chars()
                .enumerate()
                .map(|(x, c)| {
                    let mut style = Style::default();
                    if is_row && x > 1 && x < last {
                        if let Some(colour) = piece_colour(kind, c) {
                            style = style.fg(colour).add_modifier(Modifier::BOLD);
                        }
                    }
                    let mut c = c;
                    if marked.contains(&(y, x)) {
                        style = style.fg(Color::Green).add_modifier(Modifier::BOLD);
                        if c == '.' || c == ' ' {
                            c = '•';
                        }
                    }
                    if changed.contains(&(y, x)) {
                        style = style.fg(Color::Magenta).add_modifier(Modifier::BOLD);
                    }
                    if cursor == Some((y, x)) && app.prompt.is_none() {
                        style = style.add_modifier(Modifier::REVERSED);
                    }
                    Span::styled(c.to_string(), style)
                })
                .collect();
            Line::from(spans)
        })
        .collect()
}

/// The cells where two board texts differ.
fn differences(before: &str, after: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (y, (a, b)) in before.lines().zip(after.lines()).enumerate() {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        for x in 0..a.len().max(b.len()) {
            if a.get(x) != b.get(x) {
                out.push((y, x));
            }
        }
    }
    out
}

/// Draws the territory board.
pub fn render(app: &TerritoryApp, frame: &mut Frame) {
    let [title, main, keys] =
        Layout::vertical([Constraint::Length(1), Constraint::Min(3), Constraint::Length(1)])
            .areas(frame.area());
    let [board_area, panel] = Layout::horizontal([Constraint::Length(56), Constraint::Min(10)]).areas(main);
    let name = if app.card_game() { "the card enclosure game" } else { "Wall Go" };
    let (_, mover) = app.table.mover();
    let status = match app.table.outcome() {
        Some(o) => format!("game over: {o}"),
        None => format!("{mover} to move"),
    };
    frame.render_widget(Paragraph::new(format!("wallrush play: {name}; {status}")), title);

    let now = app.table.board();
    let preview = app.preview();
    let (shown, changed) = match &preview {
        Some(Ok(after)) => {
            let after = after.trim_end().to_string();
            let changed = differences(&now, &after);
            (after, changed)
        }
        _ => (now.clone(), Vec::new()),
    };
    frame.render_widget(Paragraph::new(board_lines(app, &shown, &changed)), board_area);

    let mut lines: Vec<Line<'static>> = Vec::new();
    let (f, r) = app.cursor;
    lines.push(Line::from(format!("cursor {}", square_name(f, r, app.card_game()))));
    let building = if app.text.is_empty() { "(pick a square)".to_string() } else { app.text.clone() };
    lines.push(Line::from(format!("move: {building}")));
    match &preview {
        Some(Ok(_)) => lines.push(Line::styled(
            "preview: Enter confirms, Esc cancels",
            Style::default().fg(Color::Magenta).add_modifier(Modifier::BOLD),
        )),
        Some(Err(why)) => {
            lines.push(Line::styled(format!("refused: {why}"), Style::default().fg(Color::LightRed)));
            lines.push(Line::from("Esc cancels"));
        }
        None if !app.text.is_empty() => {
            let n = app.table.legal().iter().filter(|m| m.starts_with(app.text.as_str())).count();
            lines.push(Line::from(format!("{n} legal moves start so")));
        }
        None => {}
    }
    lines.push(Line::from(""));
    if app.help {
        lines.extend(KEYS.lines().map(|l| Line::from(l.to_string())));
    } else if app.moves {
        let legal = app.table.legal();
        lines.push(Line::from(format!("legal moves ({}):", legal.len())));
        lines.push(Line::from(legal.join(" ")));
    } else {
        let room = usize::from(panel.height).saturating_sub(lines.len());
        let start = app.log.len().saturating_sub(room);
        lines.extend(app.log[start..].iter().map(|l| Line::from(l.clone())));
    }
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), panel);

    let footer = if let Some(line) = &app.prompt {
        format!(":{line}")
    } else if app.ask {
        "leave? y leaves, any other key stays".to_string()
    } else {
        "arrows · Enter pick/confirm · n e s w side · Esc cancel · P moves · ? keys · u undo · : command · q"
            .to_string()
    };
    frame.render_widget(Paragraph::new(footer).style(Style::default().add_modifier(Modifier::DIM)), keys);
}
