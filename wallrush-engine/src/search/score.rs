//! Scores: centi-steps for the seat to move, and the win and loss scores with their
//! distance to the end of the game.

use wallrush_core::{Outcome, Position};

/// A score in centi-steps from the point of view of the seat to move; wins are near
/// [`WIN`].
pub type Score = i32;

/// The score of a won game (minus the plies to reach it).
pub const WIN: Score = 1_000_000;
/// Above every score: the open bound of a full window.
pub(super) const INF: Score = WIN + 1;
/// The deepest ply a search reaches.
pub(super) const MAX_PLY: usize = 128;
/// Scores beyond this are wins or losses at a distance (stored relative to the node).
pub(super) const MATE_BOUND: Score = WIN - 2 * MAX_PLY as i32;

/// Plies to the end for a win or loss score.
pub(super) fn mate_plies(score: Score) -> Option<i32> {
    if score.abs() > MATE_BOUND {
        let plies = WIN - score.abs();
        Some(if score > 0 { plies } else { -plies })
    } else {
        None
    }
}

/// Score of a finished game for the seat to move, `ply` plies below the root.
pub(super) fn terminal_score(pos: &Position, ply: usize) -> Score {
    let me = pos.turn();
    match pos.outcome() {
        Some(Outcome::Win { seat, .. }) if seat == me => WIN - ply as i32,
        Some(Outcome::Win { .. }) => -(WIN - ply as i32),
        _ => 0,
    }
}
