//! Where the lines a person types come from: a line editor when standard input and
//! output are both terminals (arrow keys, history, Tab completion), else the plain capped
//! reader of [`input`](crate::input), so that pipes behave exactly as they always have.
//!
//! The editor ([`Editor`], built on `rustyline`) completes the session's commands and the
//! legal moves of the position, keeps its history in the user's data directory
//! ([`history_path`]) and hands back Ctrl-C as [`Read::Interrupted`] and Ctrl-D as
//! [`Read::End`], for the session to decide what they mean.
//!
//! ```
//! use wallrush_cli::prompt::{LineSource, Plain, Read};
//! let mut input = "e2\nquit\n".as_bytes();
//! let mut lines = Plain::new(&mut input);
//! assert_eq!(lines.read("south> ", &[])?, Read::Line("e2".into()));
//! assert_eq!(lines.read("north> ", &[])?, Read::Line("quit".into()));
//! assert_eq!(lines.read("south> ", &[])?, Read::End);
//! # Ok::<(), std::io::Error>(())
//! ```

use std::borrow::Cow;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use rustyline::completion::{Completer, Pair};
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::Hinter;
use rustyline::history::FileHistory;
use rustyline::validate::Validator;
use rustyline::{Config, Context};

use crate::input::{Capped, Line, MAX_COMMAND_BYTES};

/// One read from a [`LineSource`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Read {
    /// A line, without its end (and trimmed of surrounding white space).
    Line(String),
    /// A line over [`MAX_COMMAND_BYTES`]: not read.
    TooLong,
    /// Ctrl-C at the prompt.
    Interrupted,
    /// The end of input (Ctrl-D in a terminal).
    End,
}

/// A source of typed lines.
pub trait LineSource {
    /// The next line, after showing `prompt` (a source that does not show prompts
    /// ignores it); `words` are what Tab completes (commands and legal moves).
    ///
    /// # Errors
    /// I/O errors of the input.
    fn read(&mut self, prompt: &str, words: &[String]) -> io::Result<Read>;

    /// Whether this source shows the prompt itself (a line editor does; the session
    /// writes it for a plain reader).
    fn shows_prompt(&self) -> bool {
        false
    }

    /// Colours the prompt's first word (a seat's name) with ANSI colour `colour` (a
    /// source that does not show prompts ignores it).
    fn set_colour(&mut self, colour: Option<u8>) {
        let _ = colour;
    }

    /// The words `preview` completes (the legal walls), for a source that completes.
    fn set_walls(&mut self, walls: Vec<String>) {
        let _ = walls;
    }
}

/// Asks `question` (`… [y/N] `) on `lines`, written on `out` when the source does not show
/// prompts itself: `true` for `y` or `yes` (any case), and for Ctrl-C or the end of input
/// (which mean "let me go"); `false` for anything else, an overlong line included.
///
/// # Errors
/// I/O errors of `out` or of the input.
pub fn ask_yes_no(lines: &mut dyn LineSource, out: &mut dyn Write, question: &str) -> io::Result<bool> {
    if !lines.shows_prompt() {
        write!(out, "{question}")?;
    }
    out.flush()?;
    lines.set_colour(None);
    Ok(match lines.read(question, &["yes".to_string(), "no".to_string()])? {
        Read::Line(answer) => matches!(answer.to_ascii_lowercase().as_str(), "y" | "yes"),
        Read::Interrupted | Read::End => true,
        Read::TooLong => false,
    })
}

/// Lines from any reader through the capped reader: what pipes get.
pub struct Plain<'a> {
    lines: Capped<&'a mut dyn BufRead>,
}

impl<'a> Plain<'a> {
    /// Lines of `input`, at most [`MAX_COMMAND_BYTES`] each.
    pub fn new(input: &'a mut dyn BufRead) -> Plain<'a> {
        Plain { lines: Capped::new(input, MAX_COMMAND_BYTES) }
    }
}

impl LineSource for Plain<'_> {
    fn read(&mut self, _prompt: &str, _words: &[String]) -> io::Result<Read> {
        Ok(match self.lines.line()? {
            None => Read::End,
            Some(Line::TooLong) => Read::TooLong,
            Some(Line::Text(t)) => Read::Line(String::from_utf8_lossy(t).trim().to_string()),
        })
    }
}

/// The user's data directory for wallrush: `$XDG_DATA_HOME/wallrush` (on Linux,
/// `~/.local/share/wallrush` when it is not set); `None` when there is no home.
pub fn data_dir() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("wallrush"))
}

/// Where the prompt's history is kept: `history.txt` in [`data_dir`].
pub fn history_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join("history.txt"))
}

/// The most lines the history keeps.
pub const HISTORY_LINES: usize = 1000;

/// Completion of the words the session gives, and the prompt in a seat's colour.
struct Helper {
    words: Vec<String>,
    /// What `preview` completes: the legal walls.
    walls: Vec<String>,
    /// The ANSI colour of the prompt's first word, if any.
    colour: Option<u8>,
}

impl Completer for Helper {
    type Candidate = Pair;
    fn complete(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        let (start, found) = candidates(&line[..pos], &self.words, &self.walls);
        Ok((start, found.into_iter().map(|w| Pair { display: w.clone(), replacement: w }).collect()))
    }
}

/// What Tab offers at the end of `before`: where the word being completed starts, and
/// the words. Commands and moves complete as the first word; after `preview` only
/// `walls` do (it previews walls); after other commands, the moves.
///
/// ```
/// use wallrush_cli::prompt::candidates;
/// let words: Vec<String> = ["preview", "undo", "e2", "d4h"].map(String::from).to_vec();
/// let walls = vec!["d4h".to_string()];
/// assert_eq!(candidates("pre", &words, &walls), (0, vec!["preview".to_string()]));
/// assert_eq!(candidates("preview ", &words, &walls), (8, walls.clone()));
/// ```
pub fn candidates(before: &str, words: &[String], walls: &[String]) -> (usize, Vec<String>) {
    let start = before.rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let stem = &before[start..];
    let first_word = start == 0;
    let previewing =
        !first_word && before.split_whitespace().next().is_some_and(|w| w.eq_ignore_ascii_case("preview"));
    let pool = if previewing { walls } else { words };
    let mut out: Vec<String> = Vec::new();
    for w in pool {
        // Commands that take a wall (`preview d4h`) complete moves as the second word;
        // everything completes as the first.
        let is_command = w.chars().all(|c| c.is_ascii_lowercase() || c == '!' || c == '?');
        if !first_word && is_command && !previewing {
            continue;
        }
        if w.len() >= stem.len()
            && w.is_char_boundary(stem.len())
            && w[..stem.len()].eq_ignore_ascii_case(stem)
        {
            out.push(w.clone());
        }
    }
    out.dedup();
    (start, out)
}

impl Hinter for Helper {
    type Hint = String;
}

impl Validator for Helper {}

impl Highlighter for Helper {
    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(&'s self, prompt: &'p str, _default: bool) -> Cow<'b, str> {
        match (self.colour, prompt.split_once('>')) {
            (Some(c), Some((head, rest))) => Cow::Owned(format!("\x1b[1;{c}m{head}\x1b[0m>{rest}")),
            _ => Cow::Borrowed(prompt),
        }
    }

    fn highlight_char(&self, _line: &str, _pos: usize, _kind: CmdKind) -> bool {
        false
    }
}

impl rustyline::Helper for Helper {}

/// The line editor of a terminal session.
pub struct Editor {
    editor: rustyline::Editor<Helper, FileHistory>,
    history: Option<PathBuf>,
}

impl Editor {
    /// An editor with the history of earlier sessions (from [`history_path`]).
    ///
    /// # Errors
    /// When the terminal cannot be set up.
    pub fn new() -> io::Result<Editor> {
        let config = Config::builder()
            .max_history_size(HISTORY_LINES)
            .map_err(io::Error::other)?
            .history_ignore_dups(true)
            .map_err(io::Error::other)?
            .completion_type(rustyline::CompletionType::List)
            .auto_add_history(false)
            .build();
        let mut editor = rustyline::Editor::with_config(config).map_err(io::Error::other)?;
        editor.set_helper(Some(Helper { words: Vec::new(), walls: Vec::new(), colour: None }));
        let history = history_path();
        if let Some(path) = &history {
            // No history yet is not an error.
            let _ = editor.load_history(path);
        }
        Ok(Editor { editor, history })
    }

    fn remember(&mut self, line: &str) {
        if line.is_empty() {
            return;
        }
        let _ = self.editor.add_history_entry(line);
        if let Some(path) = &self.history {
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            // Appending keeps the lines of other sessions running at the same time.
            let _ = self.editor.append_history(path);
        }
    }
}

impl LineSource for Editor {
    fn read(&mut self, prompt: &str, words: &[String]) -> io::Result<Read> {
        if let Some(h) = self.editor.helper_mut() {
            h.words = words.to_vec();
        }
        match self.editor.readline(prompt) {
            Ok(line) if line.len() > MAX_COMMAND_BYTES => Ok(Read::TooLong),
            Ok(line) => {
                let line = line.trim().to_string();
                self.remember(&line);
                Ok(Read::Line(line))
            }
            Err(rustyline::error::ReadlineError::Interrupted) => Ok(Read::Interrupted),
            Err(rustyline::error::ReadlineError::Eof) => Ok(Read::End),
            Err(rustyline::error::ReadlineError::Io(e)) => Err(e),
            Err(e) => Err(io::Error::other(e)),
        }
    }

    fn shows_prompt(&self) -> bool {
        true
    }

    fn set_walls(&mut self, walls: Vec<String>) {
        if let Some(h) = self.editor.helper_mut() {
            h.walls = walls;
        }
    }

    fn set_colour(&mut self, colour: Option<u8>) {
        if let Some(h) = self.editor.helper_mut() {
            h.colour = colour;
        }
    }
}
