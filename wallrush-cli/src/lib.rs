//! The `wallrush` program's library: every subcommand's work, kept in a library so tests
//! and fuzz targets can drive it without a process.
//!
//! - [`play`]: a game in the terminal (or through a pipe) against the engines, hot-seat,
//!   or engines against each other; [`territory`] for Wall Go and the card enclosure game.
//! - [`records`]: `check`, `convert` and `svg` over record texts.
//! - [`selfplay`]: engine matches with records and a summary table.
//! - [`term`]: the board drawn for a terminal.
//! - [`engines`]: who plays a seat (`human`, `beginner`, `strong:MS`, …).
//! - [`oracle`] and [`demo`].
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

pub mod demo;
pub mod engines;
pub mod oracle;
pub mod play;
pub mod records;
pub mod selfplay;
pub mod term;
pub mod territory;
pub mod verify;

use std::fmt;

use wallrush_core::Variant;

/// A failure of a subcommand: the message to print and the process exit status.
///
/// Exit statuses: 1 when the input was read but breaks the rules (an illegal move in a
/// record), 2 when it could not be read or an option is wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CliError {
    /// The exit status (1 or 2).
    pub code: u8,
    /// What went wrong, in plain words.
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
    fn from(e: std::io::Error) -> CliError {
        CliError::new(2, e.to_string())
    }
}

/// Words in rows of at most 78 columns, indented by two spaces.
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

/// `1 ply`, `2 plies`.
pub fn plies(n: u32) -> String {
    if n == 1 {
        String::from("1 ply")
    } else {
        format!("{n} plies")
    }
}

/// Reads a variant from `key=value` pairs separated by commas or spaces
/// (`size=9,players=2,walls=10,wall_length=2,goal=edge`, or the record's `Variant` tag
/// value); every key optional.
///
/// # Errors
/// A message naming the key or parameter that is wrong.
pub fn parse_variant(text: &str) -> Result<Variant, String> {
    let mut b = Variant::builder();
    let mut seen: Vec<&str> = Vec::new();
    for pair in text.split([',', ' ']).filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').ok_or(format!("expected key=value, got {pair:?}"))?;
        if seen.contains(&k) {
            return Err(format!("{k} is given twice"));
        }
        seen.push(k);
        let num = || v.parse::<u32>().map_err(|_| format!("{k}: expected a number, got {v:?}"));
        b = match k {
            "size" => b.size(num()?),
            "players" => b.players(num()?),
            "walls" => b.walls(num()?),
            "wall_length" => b.wall_length(num()?),
            "goal" => b.goal(v.parse().map_err(|_| format!("goal: expected edge or centre, got {v:?}"))?),
            _ => return Err(format!("unknown variant parameter {k:?}")),
        };
    }
    b.build().map_err(|e| e.to_string())
}
