//! `wallrush play --board`: the game on a full-screen board driven by keys and mouse.
//!
//! The ratatui way: an [`App`] state updated by [`Event`]s
//! (keys, mouse, ticks that pick up an engine's answer, resizes) and a pure
//! [`render`](render::render) of it. The game itself, its commands (typed after `:`),
//! undo and redo, save and load, and the autosave are the line prompt's
//! [`Session`], so the two behave alike. Engines think on their own
//! thread; the board stays responsive and Esc or Ctrl-C stops them.
//!
//! Keys: arrows move the cursor over the squares; Enter or Space moves the pawn there.
//! W toggles wall mode: the arrows move the wall, R turns it, Enter aims it and a second
//! Enter places it, Esc clears the aim. Tab or `?` shows every seat's shortest route; u
//! undoes, U redoes, h hints, g lets a stopped engine think again, `:` opens the line
//! prompt, q leaves. Mouse: a click on a marked square moves there; pointing at the gap
//! between two squares shows the wall; a click places it.

pub mod render;
pub mod state;
pub mod territory;

use std::io::{self, Write};
use std::time::Duration;

use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;

use crate::play::Session;
use state::{App, Event};

/// How often the screen is redrawn while nothing happens (the engine's clock).
const TICK: Duration = Duration::from_millis(100);

/// What the event loop drives: a state updated by events and drawn by a pure function.
trait Screen {
    fn update(&mut self, event: Event) -> io::Result<()>;
    fn draw(&self, frame: &mut ratatui::Frame);
    fn done(&self) -> bool;
}

impl Screen for App {
    fn update(&mut self, event: Event) -> io::Result<()> {
        App::update(self, event)
    }
    fn draw(&self, frame: &mut ratatui::Frame) {
        render::render(self, frame);
    }
    fn done(&self) -> bool {
        self.quit
    }
}

impl Screen for territory::TerritoryApp {
    fn update(&mut self, event: Event) -> io::Result<()> {
        territory::TerritoryApp::update(self, event)
    }
    fn draw(&self, frame: &mut ratatui::Frame) {
        territory::render(self, frame);
    }
    fn done(&self) -> bool {
        self.quit
    }
}

/// Runs `screen` in the alternate screen until it is done; the terminal is put back as
/// it was, a panic included.
fn event_loop(terminal: &mut ratatui::DefaultTerminal, screen: &mut dyn Screen) -> io::Result<()> {
    screen.update(Event::Tick)?;
    while !screen.done() {
        terminal.draw(|frame| screen.draw(frame))?;
        let event = if event::poll(TICK)? {
            match event::read()? {
                event::Event::Key(k) => Event::Key(k),
                event::Event::Mouse(m) => Event::Mouse(m),
                event::Event::Resize(w, h) => Event::Resize(w, h),
                _ => Event::Tick,
            }
        } else {
            Event::Tick
        };
        screen.update(event)?;
    }
    Ok(())
}

/// Sets the terminal up (alternate screen, raw mode, mouse), runs `f`, and puts it back.
fn in_terminal<R>(f: impl FnOnce(&mut ratatui::DefaultTerminal) -> io::Result<R>) -> io::Result<R> {
    let mut terminal = ratatui::try_init()?;
    execute!(io::stdout(), EnableMouseCapture)?;
    let result = f(&mut terminal);
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    let _ = io::stdout().flush();
    result
}

/// Plays `session` on the full-screen board until the person leaves.
///
/// # Errors
/// I/O errors of the terminal or the session.
pub fn run(session: Session<Vec<u8>>) -> io::Result<Session<Vec<u8>>> {
    in_terminal(|terminal| {
        let size = terminal.size()?;
        let mut app = App::new(session, size.width, size.height);
        event_loop(terminal, &mut app)?;
        Ok(app.session)
    })
}

/// Plays a territory game on the full-screen board until the person leaves; the last
/// messages are handed back.
///
/// # Errors
/// I/O errors of the terminal or the game.
pub fn run_territory(table: Box<dyn crate::territory::TerritoryTable>) -> io::Result<Vec<String>> {
    in_terminal(|terminal| {
        let mut app = territory::TerritoryApp::new(table)?;
        event_loop(terminal, &mut app)?;
        Ok(app.log)
    })
}

#[cfg(test)]
mod tests;
