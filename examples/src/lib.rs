//! # wallrush-examples
//!
//! Helpers shared by the example programs of wallrush (run them from the workspace root,
//! e.g. `cargo run --release --example perft -- 3`): reading a variant and a move list
//! from the command line, and perft split over threads at the root.
//!
//! ```
//! use wallrush_examples::{parse_variant, perft_split, position_after};
//! let v = parse_variant("size=5,walls=2")?;
//! let pos = position_after(v, "c2 c4")?;
//! let split = perft_split(&pos, 2, 2);
//! assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), wallrush_core::perft(&pos, 2));
//! # Ok::<(), wallrush_examples::ArgError>(())
//! ```

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use wallrush_core::{perft, Goal, Move, Position, Variant, VariantError};

/// A command-line value that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArgError {
    /// A `key=value` pair with an unknown key.
    #[error("unknown variant key {0:?}: expected size, players, walls, wall_length or goal")]
    UnknownKey(String),
    /// A variant entry without `=`.
    #[error("variant entry {0:?} is not key=value")]
    NotKeyValue(String),
    /// A number that does not parse.
    #[error("{key}={value} is not a number")]
    NotANumber {
        /// The key.
        key: String,
        /// Its value.
        value: String,
    },
    /// A goal other than `edge` or `centre`.
    #[error("goal {0:?} is not edge or centre")]
    Goal(String),
    /// A variant out of range.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// A move that does not parse.
    #[error("move {text:?} does not parse: {reason}")]
    BadMove {
        /// The text.
        text: String,
        /// Why.
        reason: String,
    },
    /// A move that is illegal where it is played.
    #[error("move {ply} is illegal: {reason}")]
    Illegal {
        /// 1-based number of the move in the list.
        ply: usize,
        /// The rule it breaks.
        reason: String,
    },
}

/// A variant from `key=value` pairs separated by commas (`size=9,players=2,walls=10,
/// wall_length=2,goal=edge`); missing keys take the classic values, and `walls`
/// defaults to 10 for two players and 5 for four.
///
/// ```
/// use wallrush_examples::parse_variant;
/// assert_eq!(parse_variant("")?, wallrush_core::Variant::classic());
/// assert_eq!(parse_variant("players=4")?, wallrush_core::Variant::four_player());
/// assert!(parse_variant("size=8").is_err());
/// # Ok::<(), wallrush_examples::ArgError>(())
/// ```
///
/// # Errors
/// [`ArgError`] naming the entry that is wrong.
pub fn parse_variant(text: &str) -> Result<Variant, ArgError> {
    let (mut size, mut players, mut walls, mut length, mut goal) = (9, 2, None, 2, Goal::Edge);
    for entry in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let (key, value) = entry
            .split_once('=')
            .ok_or_else(|| ArgError::NotKeyValue(entry.to_string()))?;
        let (key, value) = (key.trim(), value.trim());
        let num = || {
            value.parse::<u32>().map_err(|_| ArgError::NotANumber {
                key: key.to_string(),
                value: value.to_string(),
            })
        };
        match key {
            "size" => size = num()?,
            "players" => players = num()?,
            "walls" => walls = Some(num()?),
            "wall_length" => length = num()?,
            "goal" => {
                goal = match value {
                    "edge" => Goal::Edge,
                    "centre" | "center" => Goal::Centre,
                    other => return Err(ArgError::Goal(other.to_string())),
                }
            }
            other => return Err(ArgError::UnknownKey(other.to_string())),
        }
    }
    let walls = walls.unwrap_or_else(|| Variant::default_walls(players));
    Ok(Variant::new(size, players, walls, length, goal)?)
}

/// The position after playing `moves` (standard notation, separated by spaces) from the
/// start of `variant`.
///
/// # Errors
/// [`ArgError::BadMove`] or [`ArgError::Illegal`] for the first move that fails.
pub fn position_after(variant: Variant, moves: &str) -> Result<Position, ArgError> {
    let mut pos = Position::new(variant);
    for (i, text) in moves.split_whitespace().enumerate() {
        let m: Move = text
            .parse()
            .map_err(|e: wallrush_core::notation::ParseError| ArgError::BadMove {
                text: text.to_string(),
                reason: e.to_string(),
            })?;
        pos.play(m).map_err(|e| ArgError::Illegal {
            ply: i + 1,
            reason: e.to_string(),
        })?;
    }
    Ok(pos)
}

/// Perft split by the first move, in the order of [`Position::legal_moves`]: each legal
/// move with the count `depth − 1` plies below it. The root moves are shared out over
/// `threads` scoped threads (taking the next one as each finishes); the last ply is
/// counted in bulk by [`perft`]. Empty for `depth` 0 or a finished game.
pub fn perft_split(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = pos.legal_moves();
    let counts = Mutex::new(vec![0u64; moves.len()]);
    let next = AtomicUsize::new(0);
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(&m) = moves.get(i) else { break };
        let mut child = pos.clone();
        child.play_unchecked(m);
        let n = perft(&child, depth - 1);
        counts.lock().expect("no thread panicked holding the lock")[i] = n;
    };
    std::thread::scope(|s| {
        for _ in 1..threads.max(1) {
            s.spawn(work);
        }
        work();
    });
    let counts = counts
        .into_inner()
        .expect("no thread panicked holding the lock");
    moves.into_iter().zip(counts).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_entries() {
        let v = parse_variant("size=11, walls=3,wall_length=3,goal=centre,players=4").unwrap();
        assert_eq!(
            (v.size(), v.players(), v.walls(), v.wall_length()),
            (11, 4, 3, 3)
        );
        assert_eq!(v.goal(), Goal::Centre);
        assert_eq!(
            parse_variant("size=x").unwrap_err().to_string(),
            "size=x is not a number"
        );
        assert!(matches!(
            parse_variant("colour=red"),
            Err(ArgError::UnknownKey(_))
        ));
        assert!(matches!(
            parse_variant("size"),
            Err(ArgError::NotKeyValue(_))
        ));
        assert!(matches!(parse_variant("goal=side"), Err(ArgError::Goal(_))));
        assert!(matches!(
            parse_variant("players=3"),
            Err(ArgError::Variant(_))
        ));
    }

    #[test]
    fn moves_are_played_or_refused() {
        let v = Variant::classic();
        assert_eq!(position_after(v, "e2 e8 d4h").unwrap().wall_count(), 1);
        assert!(matches!(
            position_after(v, "e2 zz"),
            Err(ArgError::BadMove { .. })
        ));
        let err = position_after(v, "e2 e5").unwrap_err();
        assert_eq!(
            err.to_string(),
            "move 2 is illegal: e5 is not a legal pawn move"
        );
    }

    #[test]
    fn split_matches_perft_for_any_thread_count() {
        let pos = Position::classic();
        for threads in [1, 2, 3] {
            let split = perft_split(&pos, 2, threads);
            assert_eq!(split.len(), 131);
            assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 16_677);
            assert_eq!(split, wallrush_core::divide(&pos, 2));
        }
        assert!(perft_split(&pos, 0, 2).is_empty());
    }
}
