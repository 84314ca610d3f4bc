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

/// [`perft`] that gives up, returning `None`, once its work exceeds `budget` units: one
/// unit for each position whose moves it generates or counts, and one for each move it
/// plays. A guard for servers and oracles: the time is proportional to the budget,
/// whatever the variant or depth. perft(4) from the classic opening costs about 4.4 M.
///
/// ```
/// use wallrush_core::{perft_within, Position};
/// assert_eq!(perft_within(&Position::classic(), 2, 1_000), Some(16_677));
/// assert_eq!(perft_within(&Position::classic(), 3, 1_000), None);
/// ```
pub fn perft_within(pos: &Position, depth: u32, budget: u64) -> Option<u64> {
    let mut left = budget;
    count_within(pos, depth, &mut left)
}

fn count_within(pos: &Position, depth: u32, left: &mut u64) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    *left = left.checked_sub(1)?;
    if depth == 1 {
        return Some(pos.legal_move_count() as u64);
    }
    let mut total = 0;
    for m in pos.legal_moves() {
        *left = left.checked_sub(1)?;
        let mut child = pos.clone();
        child.play_unchecked(m);
        total += count_within(&child, depth - 1, left)?;
    }
    Some(total)
}
