//! [`MoveList`]: the Wall Go moves the move generator hands out.

use alloc::vec::Vec;
use core::iter::FusedIterator;
use core::ops::{Deref, DerefMut};
use core::slice;

use smallvec::SmallVec;

use super::Move;

/// The most moves a Wall Go position has: every list fits without allocating.
const INLINE: usize = 208;

/// A list of Wall Go moves that holds the largest possible list (208 moves) without
/// allocating.
///
/// It reads as a slice of [`Move`] (`len`, `iter`, `contains`, indexing … through
/// `Deref<Target = [Move]>`), is built with [`push`](Self::push), `extend` or `collect`,
/// and iterates by value with `for m in list`. How it stores its moves is not part of
/// the API.
///
/// ```
/// use wallrush_territory::wallgo::{Move, MoveList, Position};
/// let pos = Position::two_player();
/// let moves: MoveList = pos.legal_moves();
/// assert_eq!(moves.len(), 134);
/// let first: Move = moves[0].to_string().parse()?;
/// assert!(moves.contains(&first));
/// let steps: MoveList = moves.iter().copied().filter(|m| matches!(m, Move::Step { .. })).collect();
/// assert_eq!(steps, moves); // the opening pieces are placed: every move is a step
/// assert_eq!(moves.into_iter().count(), 134);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct MoveList(SmallVec<[Move; INLINE]>);

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList(SmallVec::new())
    }

    /// The moves as a slice.
    pub fn as_slice(&self) -> &[Move] {
        &self.0
    }

    /// Appends `m`.
    pub fn push(&mut self, m: Move) {
        self.0.push(m);
    }

    /// Removes the last move and returns it; `None` when the list is empty.
    pub fn pop(&mut self) -> Option<Move> {
        self.0.pop()
    }

    /// Keeps the first `len` moves.
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }

    /// Keeps the moves for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        self.0.retain(|m| keep(m));
    }

    /// The moves in a `Vec`.
    pub fn into_vec(self) -> Vec<Move> {
        self.0.into_vec()
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

impl From<MoveList> for Vec<Move> {
    fn from(list: MoveList) -> Vec<Move> {
        list.into_vec()
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
