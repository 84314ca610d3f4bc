//! Perft helpers of the `perft` example: the position after a move list, and perft split
//! by the first move over threads.
//!
//! ```
//! use wallrush_core::{perft, Variant};
//! use wallrush_examples::perft::{perft_split, position_after};
//! let v = Variant::new(5, 2, 2, 2, wallrush_core::Goal::Edge).unwrap();
//! let pos = position_after(v, "c2 c4")?;
//! let split = perft_split(&pos, 2, 2);
//! assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), perft(&pos, 2));
//! # Ok::<(), wallrush_examples::perft::MovesError>(())
//! ```

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use wallrush_core::{perft, Move, Position, Variant};

/// A move list that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MovesError {
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

/// The position after playing `moves` (standard notation, separated by spaces) from the
/// start of `variant`.
///
/// # Errors
/// [`MovesError::BadMove`] or [`MovesError::Illegal`] for the first move that fails.
pub fn position_after(variant: Variant, moves: &str) -> Result<Position, MovesError> {
    let mut pos = Position::new(variant);
    for (i, text) in moves.split_whitespace().enumerate() {
        let m: Move = text.parse().map_err(|e: wallrush_core::notation::ParseError| MovesError::BadMove {
            text: text.to_string(),
            reason: e.to_string(),
        })?;
        pos.play(m).map_err(|e| MovesError::Illegal { ply: i + 1, reason: e.to_string() })?;
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
    let counts = counts.into_inner().expect("no thread panicked holding the lock");
    moves.into_iter().zip(counts).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_played_or_refused() {
        let v = Variant::classic();
        assert_eq!(position_after(v, "e2 e8 d4h").unwrap().wall_count(), 1);
        assert!(matches!(position_after(v, "e2 zz"), Err(MovesError::BadMove { .. })));
        let err = position_after(v, "e2 e5").unwrap_err();
        assert_eq!(err.to_string(), "move 2 is illegal: e5 is not a legal pawn move");
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
