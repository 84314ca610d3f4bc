//! What the two-seat search learns about walls while it searches: two killer walls a ply
//! and a history score per side, orientation and anchor. Both order the walls of later
//! nodes (`movepick`); each search starts them afresh.

use alloc::vec;
use alloc::vec::Vec;

use super::score::MAX_PLY;
use wallrush_core::{Move, Orientation, Position};

/// History table size: side parity × orientation × anchor cell (cells capped).
const HISTORY_CELLS: usize = 1024;

/// Killer walls and wall history.
pub(super) struct History {
    killers: [[Option<Move>; 2]; MAX_PLY],
    scores: Vec<i32>,
}

impl History {
    pub(super) fn new() -> History {
        History { killers: [[None; 2]; MAX_PLY], scores: vec![0; 2 * 2 * HISTORY_CELLS] }
    }

    /// Forgets every killer and history score. Each search starts so: history kept from
    /// earlier searches (even divided down) made the same depth cost more nodes in the
    /// positions of a game.
    pub(super) fn clear(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        self.scores.fill(0);
    }

    /// Whether `m` is a killer at `ply`.
    #[inline]
    pub(super) fn is_killer(&self, ply: usize, m: Move) -> bool {
        self.killers[ply].contains(&Some(m))
    }

    /// The history score of `m` in `pos` (walls only; `None` for other moves and anchors
    /// past the table).
    #[inline]
    pub(super) fn score(&self, pos: &Position, m: Move) -> Option<i32> {
        index(pos, m).map(|h| self.scores[h])
    }

    /// A move that caused a cut-off at `ply`, `depth` plies deep: more history (depth²),
    /// and for a wall the first killer of its ply.
    #[inline]
    pub(super) fn reward(&mut self, pos: &Position, m: Move, ply: usize, depth: u32) {
        if let Some(h) = index(pos, m) {
            let bonus = (depth * depth) as i32;
            self.scores[h] = (self.scores[h] + bonus).min(1 << 20);
        }
        if let Move::Wall(_) = m {
            let k = &mut self.killers[ply];
            if k[0] != Some(m) {
                k[1] = k[0];
                k[0] = Some(m);
            }
        }
    }
}

/// The history slot of `m` in `pos`: by the mover's side, the wall's orientation and its
/// anchor cell.
#[inline]
fn index(pos: &Position, m: Move) -> Option<usize> {
    let side = pos.turn().index() & 1;
    let n = pos.variant().size() as usize;
    let (o, sq) = match m {
        Move::Wall(w) => (usize::from(w.orientation() == Orientation::Vertical), w.anchor()),
        _ => return None,
    };
    let c = sq.rank() as usize * n + sq.file() as usize;
    (c < HISTORY_CELLS).then_some((side * 2 + o) * HISTORY_CELLS + c)
}
