//! Perft: the number of positions exactly `depth` plies ahead.

use crate::Position;

/// Counts the positions `depth` plies ahead, every legal move counted; a finished game
/// has no moves. The last ply is counted in bulk, without playing its moves.
///
/// ```
/// use wallrush_core::{perft, Position};
/// let pos = Position::classic();
/// assert_eq!(perft(&pos, 1), 131);
/// assert_eq!(perft(&pos, 2), 16_677);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_move_count() as u64,
        _ => pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by the first move: each legal move with the count below it.
pub fn divide(pos: &Position, depth: u32) -> alloc::vec::Vec<(crate::Move, u64)> {
    if depth == 0 {
        return alloc::vec::Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}
