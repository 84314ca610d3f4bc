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
    if depth <= 1 {
        return if depth == 0 { 1 } else { pos.legal_move_count() as u64 };
    }
    pos.clone().perft_mut(depth)
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
/// plays. perft(4) from the classic opening costs about 4.4 M. The answer depends on the
/// request alone; the time a unit takes does not (from about 0.1 µs on the classic board to
/// 100 µs on large boards with long walls), so a server that must answer in bounded time
/// stops [`perft_until`] by the clock instead.
///
/// ```
/// use wallrush_core::{perft_within, Position};
/// assert_eq!(perft_within(&Position::classic(), 2, 1_000), Some(16_677));
/// assert_eq!(perft_within(&Position::classic(), 3, 1_000), None);
/// ```
pub fn perft_within(pos: &Position, depth: u32, budget: u64) -> Option<u64> {
    let mut left = budget;
    perft_until(pos, depth, || match left.checked_sub(1) {
        Some(l) => {
            left = l;
            false
        }
        None => true,
    })
}

/// [`perft`] that asks `stop` before each unit of work (each position whose moves it
/// generates or counts, and each move it plays: the units of [`perft_within`]) and gives
/// up, returning `None`, the first time it answers `true`. The core keeps no clock; the
/// caller's `stop` may count, look at a clock or at a flag set by another thread.
///
/// ```
/// use wallrush_core::{perft_until, Position};
/// let mut units = 0u64;
/// assert_eq!(perft_until(&Position::classic(), 2, || { units += 1; false }), Some(16_677));
/// assert_eq!(units, 1 + 2 * 131); // the root, then each move played and its position
/// assert_eq!(perft_until(&Position::classic(), 2, || true), None);
/// ```
pub fn perft_until(pos: &Position, depth: u32, mut stop: impl FnMut() -> bool) -> Option<u64> {
    pos.clone().perft_until_mut(depth, &mut stop)
}
