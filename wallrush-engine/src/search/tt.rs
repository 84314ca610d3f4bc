//! The transposition tables: the two-seat table ([`Table`]) and the four-seat table
//! ([`FourTable`]), each one entry a slot, indexed by the low bits of the position's key.
//!
//! Win and loss scores are stored relative to the node ([`to_table`], [`from_table`]),
//! so a win found in one search is still the right distance in the next. A slot keeps
//! the deeper entry of a position and gives way to another position, or to an exact
//! score; a stored entry without a move keeps the move its position had.

use alloc::vec;
use alloc::vec::Vec;

use super::score::{Score, MATE_BOUND};
use wallrush_core::{Move, Position, Seat, SplitMix64};

/// The bound of a stored score.
pub(super) const EXACT: u8 = 1;
pub(super) const LOWER: u8 = 2;
pub(super) const UPPER: u8 = 3;

/// The bound a score found in the window `(alpha, beta)` is.
#[inline]
pub(super) fn bound(score: Score, alpha: Score, beta: Score) -> u8 {
    if score <= alpha {
        UPPER
    } else if score >= beta {
        LOWER
    } else {
        EXACT
    }
}

/// A score found `ply` plies below the root, as the table stores it: wins and losses
/// counted from the node, not the root.
#[inline]
pub(super) fn to_table(score: Score, ply: usize) -> Score {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score read back `ply` plies below the root.
#[inline]
pub(super) fn from_table(score: Score, ply: usize) -> Score {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The table key of `pos`: its Zobrist hash, with the passes in a row (a pass changes
/// no square).
#[inline]
pub(super) fn key(pos: &Position) -> u64 {
    pos.zobrist() ^ (pos.passes() as u64).wrapping_mul(SplitMix64::GAMMA)
}

/// An entry of the two-seat table.
#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) depth: u8,
    /// 0 empty, else [`EXACT`], [`LOWER`] or [`UPPER`].
    pub(super) bound: u8,
    pub(super) score: Score,
    pub(super) best: Option<Move>,
}

/// The two-seat transposition table.
pub(super) struct Table {
    entries: Vec<Entry>,
}

impl Table {
    /// A table of about `entries` entries (at least 1,024, rounded up to a power of two).
    pub(super) fn new(entries: usize) -> Table {
        Table { entries: vec![Entry::default(); entries.max(1024).next_power_of_two()] }
    }

    /// The number of entries.
    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Empties every entry.
    pub(super) fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = Entry::default());
    }

    #[inline]
    pub(super) fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry of `pos`, if the table holds one.
    #[inline]
    pub(super) fn probe(&self, pos: &Position) -> Option<Entry> {
        let key = key(pos);
        let e = self.entries[self.slot(key)];
        (e.bound != 0 && e.key == key).then_some(e)
    }

    /// The best move the table holds for `pos`.
    pub(super) fn best_move(&self, pos: &Position) -> Option<Move> {
        self.probe(pos).and_then(|e| e.best)
    }

    /// Stores `score` (found `ply` plies below the root, searched `depth` deep) with its
    /// `bound` and best move, unless the slot holds a deeper inexact entry of `pos`.
    #[inline]
    pub(super) fn store(
        &mut self,
        pos: &Position,
        depth: u32,
        score: Score,
        bound: u8,
        best: Option<Move>,
        ply: usize,
    ) {
        let key = key(pos);
        let i = self.slot(key);
        let old = self.entries[i];
        if old.key != key || depth as u8 >= old.depth || bound == EXACT {
            self.entries[i] = Entry {
                key,
                depth: depth.min(255) as u8,
                bound,
                score: to_table(score, ply),
                best: best.or(old.best.filter(|_| old.key == key)),
            };
        }
    }
}

/// An entry of the four-seat table: the root seat's score.
#[derive(Clone, Copy, Default)]
pub(super) struct FourEntry {
    pub(super) key: u64,
    pub(super) depth: u8,
    pub(super) filled: bool,
    /// The root seat's score.
    pub(super) score: Score,
    /// The bound of `score`.
    pub(super) bound: u8,
    pub(super) best: Option<Move>,
}

/// The four-seat transposition table, allocated on the first four-seat search. Its
/// entries hold the root seat's view: a search for another root seat, by the same
/// searcher, does not read them.
pub(super) struct FourTable {
    entries: Vec<FourEntry>,
}

impl FourTable {
    /// An empty table: nothing allocated until [`ensure`](Self::ensure).
    pub(super) const fn new() -> FourTable {
        FourTable { entries: Vec::new() }
    }

    /// Allocates the table, half as many entries as `two_seat` (at least 1,024), unless
    /// it already is.
    pub(super) fn ensure(&mut self, two_seat: usize) {
        if self.entries.is_empty() {
            self.entries = vec![FourEntry::default(); (two_seat / 2).max(1024)];
        }
    }

    /// Empties every entry.
    pub(super) fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = FourEntry::default());
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The key of `pos` in a search for `root`. The seat marks the top byte only, so a
    /// position keeps its slot (the slot takes the low bits).
    fn key(pos: &Position, root: Seat) -> u64 {
        key(pos) ^ ((root.index() as u64 + 1) << 56)
    }

    /// The entry of `pos` in a search for `root`, if the table holds one.
    #[inline]
    pub(super) fn probe(&self, pos: &Position, root: Seat) -> Option<FourEntry> {
        let key = Self::key(pos, root);
        let e = self.entries[self.slot(key)];
        (e.filled && e.key == key).then_some(e)
    }

    /// Stores the root seat's `score` with its `bound` and the best move.
    #[inline]
    pub(super) fn store(
        &mut self,
        pos: &Position,
        root: Seat,
        depth: u32,
        score: Score,
        bound: u8,
        best: Option<Move>,
    ) {
        let key = Self::key(pos, root);
        let i = self.slot(key);
        let old = self.entries[i];
        if old.key != key || depth as u8 >= old.depth {
            let best = best.or(if old.key == key { old.best } else { None });
            let depth = depth.min(255) as u8;
            self.entries[i] = FourEntry { key, depth, filled: true, score, bound, best };
        }
    }

    /// The best move the table holds for `pos` in a search for `root`.
    pub(super) fn best_move(&self, pos: &Position, root: Seat) -> Option<Move> {
        if self.entries.is_empty() {
            return None;
        }
        self.probe(pos, root).and_then(|e| e.best)
    }
}

#[cfg(test)]
mod tests {
    use crate::search::tt::{FourTable, Table, EXACT, LOWER, UPPER};
    use wallrush_core::{Move, Position, Seat, Square, Variant};

    #[test]
    fn a_search_for_another_root_seat_reads_none_of_the_four_seat_table() {
        let pos = Position::new(Variant::four_player());
        let mut table = FourTable::new();
        table.ensure(1 << 12);
        let step = Move::Pawn(Square::new(4, 1));
        table.store(&pos, Seat::South, 3, 17, EXACT, Some(step));
        assert_eq!(table.probe(&pos, Seat::South).map(|e| (e.score, e.bound)), Some((17, EXACT)));
        assert_eq!(table.best_move(&pos, Seat::South), Some(step));
        for other in [Seat::West, Seat::North, Seat::East] {
            assert!(table.probe(&pos, other).is_none(), "{other}");
        }
    }

    #[test]
    fn a_slot_keeps_the_deeper_entry_of_its_position_and_its_move() {
        let pos = Position::classic();
        let step = Move::Pawn(Square::new(4, 1));
        let mut table = Table::new(1 << 10);
        table.store(&pos, 6, 40, LOWER, Some(step), 0);
        // A shallower bound of the same position leaves the entry as it was.
        table.store(&pos, 3, -10, UPPER, None, 0);
        assert_eq!(table.probe(&pos).map(|e| (e.depth, e.score, e.bound)), Some((6, 40, LOWER)));
        // An exact score replaces it, and keeps the move it does not name.
        table.store(&pos, 2, 5, EXACT, None, 0);
        let e = table.probe(&pos).unwrap();
        assert_eq!((e.depth, e.score, e.bound, e.best), (2, 5, EXACT, Some(step)));
        table.clear();
        assert!(table.probe(&pos).is_none());
    }
}
