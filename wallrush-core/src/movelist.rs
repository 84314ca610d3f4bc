//! [`MoveList`]: the list of moves the move generator hands out.

use alloc::vec::Vec;
use core::iter::FusedIterator;
use core::ops::{Deref, DerefMut};
use core::slice;

use smallvec::SmallVec;

use crate::Move;

/// How many moves a list holds before it allocates: every move of a classic position
/// (at most 133) fits.
const INLINE: usize = 140;

/// A list of moves that holds a classic position's moves (at most 133) without
/// allocating, and grows on the heap past that (the large boards).
///
/// It reads as a slice of [`Move`] (`len`, `iter`, `contains`, indexing, sorting …
/// through `Deref<Target = [Move]>`), is built with [`push`](Self::push),
/// [`extend`](Extend::extend) or [`collect`](Iterator::collect), and iterates by value
/// with `for m in list`. How it stores its moves is not part of the API.
///
/// ```
/// use wallrush_core::{Move, MoveList, Position};
/// let pos = Position::classic();
/// let moves: MoveList = pos.legal_moves();
/// assert_eq!(moves.len(), 131);
/// assert!(moves.contains(&"e2".parse()?));
/// assert_eq!(moves[0], "d1".parse()?);
/// let walls: MoveList = moves.iter().copied().filter(|m| matches!(m, Move::Wall(_))).collect();
/// assert_eq!(walls.len(), 128);
/// let mut pawns = MoveList::new();
/// for m in moves {
///     if let Move::Pawn(_) = m {
///         pawns.push(m);
///     }
/// }
/// assert_eq!(pawns, pos.pawn_moves());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct MoveList(SmallVec<[Move; INLINE]>);

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList(SmallVec::new())
    }

    /// An empty list with room for `n` moves.
    pub fn with_capacity(n: usize) -> MoveList {
        MoveList(SmallVec::with_capacity(n))
    }

    /// The moves as a slice.
    pub fn as_slice(&self) -> &[Move] {
        &self.0
    }

    /// The moves as a mutable slice.
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.0
    }

    /// Appends `m`.
    pub fn push(&mut self, m: Move) {
        self.0.push(m);
    }

    /// Removes the last move and returns it; `None` when the list is empty.
    pub fn pop(&mut self) -> Option<Move> {
        self.0.pop()
    }

    /// Inserts `m` at `index`, moving the later moves up.
    ///
    /// # Panics
    /// When `index > len`.
    pub fn insert(&mut self, index: usize, m: Move) {
        self.0.insert(index, m);
    }

    /// Removes the move at `index` and returns it, moving the later moves down.
    ///
    /// # Panics
    /// When `index >= len`.
    pub fn remove(&mut self, index: usize) -> Move {
        self.0.remove(index)
    }

    /// Removes the move at `index` and returns it, putting the last move in its place.
    ///
    /// # Panics
    /// When `index >= len`.
    pub fn swap_remove(&mut self, index: usize) -> Move {
        self.0.swap_remove(index)
    }

    /// Keeps the first `len` moves.
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Keeps the moves for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        self.0.retain(|m| keep(m));
    }

    /// Appends the moves of `moves`.
    pub fn extend_from_slice(&mut self, moves: &[Move]) {
        self.0.extend_from_slice(moves);
    }

    /// The moves in a `Vec`.
    pub fn into_vec(self) -> Vec<Move> {
        self.0.into_vec()
    }

    /// Whether the moves sit in the list's inline storage (no heap allocation).
    #[cfg(test)]
    pub(crate) fn is_inline(&self) -> bool {
        !self.0.spilled()
    }

    /// The storage, for the move generator.
    pub(crate) fn storage_mut(&mut self) -> &mut SmallVec<[Move; INLINE]> {
        &mut self.0
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.0
    }
}

impl AsRef<[Move]> for MoveList {
    fn as_ref(&self) -> &[Move] {
        &self.0
    }
}

impl AsMut<[Move]> for MoveList {
    fn as_mut(&mut self) -> &mut [Move] {
        &mut self.0
    }
}

impl From<MoveList> for Vec<Move> {
    fn from(list: MoveList) -> Vec<Move> {
        list.into_vec()
    }
}

impl From<&[Move]> for MoveList {
    fn from(moves: &[Move]) -> MoveList {
        MoveList(SmallVec::from_slice(moves))
    }
}

impl<const N: usize> From<[Move; N]> for MoveList {
    fn from(moves: [Move; N]) -> MoveList {
        moves.into_iter().collect()
    }
}

impl PartialEq<[Move]> for MoveList {
    fn eq(&self, other: &[Move]) -> bool {
        self.as_slice() == other
    }
}

impl<const N: usize> PartialEq<[Move; N]> for MoveList {
    fn eq(&self, other: &[Move; N]) -> bool {
        self.as_slice() == other
    }
}

impl PartialEq<Vec<Move>> for MoveList {
    fn eq(&self, other: &Vec<Move>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl FromIterator<Move> for MoveList {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> MoveList {
        MoveList(iter.into_iter().collect())
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        self.0.extend(iter);
    }
}

impl<'a> Extend<&'a Move> for MoveList {
    fn extend<I: IntoIterator<Item = &'a Move>>(&mut self, iter: I) {
        self.0.extend(iter.into_iter().copied());
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIntoIter;
    fn into_iter(self) -> MoveListIntoIter {
        MoveListIntoIter(self.0.into_iter())
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = slice::Iter<'a, Move>;
    fn into_iter(self) -> slice::Iter<'a, Move> {
        self.0.iter()
    }
}

impl<'a> IntoIterator for &'a mut MoveList {
    type Item = &'a mut Move;
    type IntoIter = slice::IterMut<'a, Move>;
    fn into_iter(self) -> slice::IterMut<'a, Move> {
        self.0.iter_mut()
    }
}

/// The moves of a [`MoveList`], by value (`for m in list`).
#[derive(Clone, Debug)]
pub struct MoveListIntoIter(smallvec::IntoIter<[Move; INLINE]>);

impl Iterator for MoveListIntoIter {
    type Item = Move;
    fn next(&mut self) -> Option<Move> {
        self.0.next()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for MoveListIntoIter {
    fn next_back(&mut self) -> Option<Move> {
        self.0.next_back()
    }
}

impl ExactSizeIterator for MoveListIntoIter {}

impl FusedIterator for MoveListIntoIter {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;
    use alloc::vec;

    fn mv(s: &str) -> Move {
        s.parse().unwrap()
    }

    #[test]
    fn holds_a_classic_list_inline_and_grows_past_it() {
        // As many moves as the classic opening has (3 pawn moves and 128 walls).
        let moves: MoveList = (0..131u8).map(|i| Move::Pawn(Square::new(i % 31, i / 31))).collect();
        assert!(!moves.0.spilled());
        let mut big: MoveList = (0..3).flat_map(|_| moves.iter().copied()).collect();
        assert_eq!(big.len(), 3 * 131);
        assert_eq!(big[131], moves[0]);
        big.truncate(2);
        assert_eq!(big, [moves[0], moves[1]]);
        assert_eq!(big.as_slice(), &moves[..2]);
    }

    #[test]
    fn edits_as_a_vec_does() {
        let mut list = MoveList::from([mv("e2"), mv("d4h"), mv("pass")]);
        list.insert(1, mv("a1v"));
        assert_eq!(list, [mv("e2"), mv("a1v"), mv("d4h"), mv("pass")]);
        assert_eq!(list.remove(0), mv("e2"));
        assert_eq!(list.swap_remove(0), mv("a1v"));
        assert_eq!(list, [mv("pass"), mv("d4h")]);
        list.retain(|m| matches!(m, Move::Wall(_)));
        assert_eq!(list, vec![mv("d4h")]);
        list.extend([mv("e3"), mv("e4")].iter());
        list.extend_from_slice(&[mv("e5")]);
        list.sort_by_key(|m| *m != mv("e5"));
        assert_eq!(list[0], mv("e5"));
        assert_eq!(list.pop(), Some(mv("e4")));
        let back: Vec<Move> = list.clone().into();
        assert_eq!(back, list.as_slice());
        assert_eq!(list.clone().into_iter().next_back(), Some(mv("e3")));
        assert_eq!(list.into_iter().len(), 3);
    }
}
