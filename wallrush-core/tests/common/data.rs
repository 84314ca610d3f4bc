//! The one reader of the data files in `data/` (the Python tests have the other, in
//! `wallrush-py/tests/conftest.py`).
//!
//! Each file is `#` comments, blank lines, and records of `;`-separated fields. A
//! variant is written in its own text (`size=9 players=2 walls=10 wall_length=2
//! goal=edge`, read by `Variant`'s `FromStr`) and a position in its one-line text (read
//! by `Position::from_text`):
//!
//! - perft files (`data/perft.txt`, `data/perft-midgame.txt`): `variant ; moves from its
//!   start (standard, space separated, or -) ; depth ; nodes`, read by [`parse_perft`]
//!   and written by [`PerftCase`]'s `Display`;
//! - `data/worked.txt`: `name ; position ; the mover's legal pawn moves (sorted) ; legal
//!   walls (count, or -) ; route lengths (seat=length, space separated, or -)`, read by
//!   [`parse_worked`].
//!
//! It depends on `wallrush_core` alone: the core's tests reach it as `common::data`, and
//! `wallrush-benches` includes the same file as its `data` module.

use std::fmt;

use wallrush_core::{Move, Position, Seat, Variant};

/// The records of a data file: its line number (from 1) and its `;`-separated fields,
/// trimmed, skipping blank lines and `#` comments.
pub fn records(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines().enumerate().filter_map(|(i, line)| {
        let line = line.trim();
        (!line.is_empty() && !line.starts_with('#'))
            .then(|| (i + 1, line.split(';').map(str::trim).collect()))
    })
}

/// One line of a perft data file: a variant, the moves from its start, a depth and the
/// node count there.
#[derive(Clone, Debug)]
pub struct PerftCase {
    /// The variant.
    pub variant: Variant,
    /// The moves from the variant's start.
    pub moves: Vec<Move>,
    /// The position they reach.
    pub position: Position,
    /// The perft depth.
    pub depth: u32,
    /// Positions `depth` plies ahead.
    pub nodes: u64,
}

impl fmt::Display for PerftCase {
    /// The case as a line of a perft data file, without the line break.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ; ", self.variant)?;
        if self.moves.is_empty() {
            f.write_str("-")?;
        }
        for (i, m) in self.moves.iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            write!(f, "{sep}{}", m.text(self.variant.size()))?;
        }
        write!(f, " ; {} ; {}", self.depth, self.nodes)
    }
}

/// Reads a perft data file.
///
/// # Errors
/// A message naming the line and the field that is wrong; a move list must be legal
/// from the variant's start.
pub fn parse_perft(text: &str) -> Result<Vec<PerftCase>, String> {
    records(text)
        .map(|(line, fields)| {
            let at = |what: String| format!("line {line}: {what}");
            let [variant, moves, depth, nodes] = fields[..] else {
                return Err(at("expected four ';'-separated fields".into()));
            };
            let variant: Variant = variant.parse().map_err(|e| at(format!("variant {variant:?}: {e}")))?;
            let mut position = Position::new(variant);
            let mut list = Vec::new();
            if moves != "-" {
                for text in moves.split_whitespace() {
                    let m: Move = text.parse().map_err(|e| at(format!("move {text:?}: {e}")))?;
                    position.play(m).map_err(|e| at(format!("move {text:?}: {e}")))?;
                    list.push(m);
                }
            }
            let depth = depth.parse().map_err(|_| at(format!("depth {depth:?}")))?;
            let nodes = nodes.parse().map_err(|_| at(format!("nodes {nodes:?}")))?;
            Ok(PerftCase { variant, moves: list, position, depth, nodes })
        })
        .collect()
}

/// One line of `data/worked.txt`: a position and what the rules say about it.
#[derive(Clone, Debug)]
pub struct WorkedCase {
    /// The name of the worked position.
    pub name: String,
    /// The position text as the file writes it.
    pub text: String,
    /// The position it reads as.
    pub position: Position,
    /// The mover's legal pawn moves, in the file's (sorted text) order.
    pub pawn_moves: Vec<Move>,
    /// The number of legal walls, when the file gives it.
    pub wall_count: Option<usize>,
    /// Route lengths the file gives, per seat.
    pub route_lens: Vec<(Seat, u32)>,
}

/// Reads `data/worked.txt`.
///
/// # Errors
/// A message naming the line and the field that is wrong; the position must be legal.
pub fn parse_worked(text: &str) -> Result<Vec<WorkedCase>, String> {
    records(text)
        .map(|(line, fields)| {
            let at = |what: String| format!("line {line}: {what}");
            let [name, text, pawn_moves, wall_count, routes] = fields[..] else {
                return Err(at("expected five ';'-separated fields".into()));
            };
            let position = Position::from_text(text).map_err(|e| at(format!("position: {e}")))?;
            let pawn_moves = pawn_moves
                .split_whitespace()
                .map(|m| m.parse().map_err(|e| at(format!("pawn move {m:?}: {e}"))))
                .collect::<Result<_, _>>()?;
            let wall_count = match wall_count {
                "-" => None,
                n => Some(n.parse().map_err(|_| at(format!("legal walls {n:?}")))?),
            };
            let route_lens = match routes {
                "-" => Vec::new(),
                pairs => pairs
                    .split_whitespace()
                    .map(|kv| {
                        let bad = || at(format!("route length {kv:?}: expected seat=length"));
                        let (seat, len) = kv.split_once('=').ok_or_else(bad)?;
                        Ok((seat.parse().map_err(|_| bad())?, len.parse().map_err(|_| bad())?))
                    })
                    .collect::<Result<_, String>>()?,
            };
            Ok(WorkedCase {
                name: name.into(),
                text: text.into(),
                position,
                pawn_moves,
                wall_count,
                route_lens,
            })
        })
        .collect()
}
