//! The `wallrush` program's library: every subcommand's work, kept in a library so tests
//! and fuzz targets can drive it without a process.
//!
//! - [`play`]: a game in the terminal (or through a pipe) against the engines, hot-seat,
//!   or engines against each other; [`territory`] for Wall Go and the card enclosure game.
//! - [`records`]: `check`, `convert` and `svg` over record texts.
//! - [`term`]: the board drawn for a terminal; [`prompt`]: the line editor (history,
//!   completion) or the plain reader of a pipe; [`thinking`]: an engine thinking on its
//!   own thread, stopped by Ctrl-C.
//! - [`engines`]: who plays a seat (`human`, `beginner`, `strong:MS`, …).
//! - [`oracle`] and [`demo`].
//! - [`input`] and [`output`]: the one capped reader every input goes through, and the
//!   one path every subcommand writes standard output by.
//! - [`arena`]: the match runner (`arena`, `selfplay`, `engine`): wallrush's engines,
//!   other builds and external programs; openings, records, Elo and the SPRT.
//! - [`verify`]: another implementation played in lockstep, disagreements shrunk;
//!   conformance vectors.
//!
//! Ask the oracle what a move list leads to, as `wallrush oracle` does line by line:
//!
//! ```
//! use serde_json::Value;
//! let answer: Value = serde_json::from_str(&wallrush_cli::oracle::handle_line(r#"{"moves": ["e2", "e8"]}"#))?;
//! assert_eq!(answer["ok"], true);
//! assert_eq!(answer["turn"], "south");
//! assert_eq!(answer["routes"]["south"], 7);
//! # Ok::<(), serde_json::Error>(())
//! ```
//!
//! Without the default feature `terminal` the library has no terminal crate (no clap,
//! rustyline, ratatui, ctrlc or dirs) and leaves out what needs one: `play`,
//! `territory`, `board`, `prompt`, `thinking` and the argument parsers (`arena::cli`,
//! `verify::cli`).

#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod arena;
#[cfg(feature = "terminal")]
pub mod board;
pub mod demo;
pub mod engines;
pub mod input;
pub mod oracle;
pub mod output;
#[cfg(feature = "terminal")]
pub mod play;
#[cfg(feature = "terminal")]
pub mod prompt;
pub mod records;
pub mod term;
#[cfg(feature = "terminal")]
pub mod territory;
#[cfg(feature = "terminal")]
pub mod thinking;
pub mod verify;

use std::fmt;

use wallrush_core::Variant;

/// A failure of a subcommand: the message to print and the process exit status.
///
/// Exit statuses: 1 when the input was read but breaks the rules (an illegal move in a
/// record), 2 when it could not be read, standard output could not be written, or an
/// option is wrong. An empty message has nothing more to say: the verdict was printed
/// already, or standard output was closed (a broken pipe, which ends the program quietly
/// with status 0; see [`output`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CliError {
    /// The exit status (0, 1 or 2).
    pub code: u8,
    /// What went wrong, in plain words; empty when there is nothing to print.
    pub message: String,
}

impl CliError {
    /// An error with exit status `code`.
    pub fn new(code: u8, message: impl Into<String>) -> CliError {
        CliError { code, message: message.into() }
    }

    /// A usage error or unreadable input (exit status 2).
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError::new(2, message)
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}

impl From<std::io::Error> for CliError {
    /// Status 2 with the error's message; a closed standard output (see [`output`]) ends
    /// quietly, with status 0 and no message.
    fn from(e: std::io::Error) -> CliError {
        if output::is_broken_pipe(&e) {
            return CliError::new(0, "");
        }
        CliError::new(2, e.to_string())
    }
}

/// Words in rows of at most 78 columns, indented by two spaces.
#[cfg(feature = "terminal")]
pub(crate) fn wrap(words: &[String]) -> String {
    let mut out = String::new();
    let mut row = String::from(" ");
    for w in words {
        if row.len() + w.len() + 1 > 78 {
            out.push_str(&row);
            out.push('\n');
            row = String::from(" ");
        }
        row.push(' ');
        row.push_str(w);
    }
    if row.len() > 1 {
        out.push_str(&row);
        out.push('\n');
    }
    out
}

/// A message in the user's words: the byte offsets of the parsers' messages (`expected a
/// number at byte 1`) left out, since a person reads the text, not its bytes.
///
/// ```
/// assert_eq!(wallrush_cli::words("expected a number at byte 1"), "expected a number");
/// assert_eq!(wallrush_cli::words("pawns at byte 58: expected a square"), "pawns: expected a square");
/// ```
pub fn words(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(i) = rest.find(" at byte ") {
        let after = &rest[i + " at byte ".len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            out.push_str(&rest[..i + 1]);
            rest = &rest[i + 1..];
            continue;
        }
        out.push_str(&rest[..i]);
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

/// `1 ply`, `2 plies`.
pub fn plies(n: u32) -> String {
    if n == 1 {
        String::from("1 ply")
    } else {
        format!("{n} plies")
    }
}

/// Reads a variant text (`size=9,players=2,walls=10,wall_length=2,goal=edge`, commas or
/// spaces between the fields, every field optional, none twice) with the core's reader,
/// [`Variant`]'s `FromStr`, so `--variant`, records' `Variant` tag, the oracle and Python
/// word their errors alike.
///
/// ```
/// use wallrush_core::Variant;
/// assert_eq!(wallrush_cli::parse_variant("size=9,players=4"), Ok(Variant::four_player()));
/// assert_eq!(wallrush_cli::parse_variant("size=9,size=5").unwrap_err(), "field size given twice, again at byte 7");
/// ```
///
/// # Errors
/// The core's message: the field that is wrong and where, or the parameter out of range
/// with the number as given.
pub fn parse_variant(text: &str) -> Result<Variant, String> {
    text.parse().map_err(|e: wallrush_core::PositionTextError| e.to_string())
}
