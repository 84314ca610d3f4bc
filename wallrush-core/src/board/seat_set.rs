//! A set of seats, one bit each.

use core::fmt;
use core::iter::FusedIterator;

use crate::{BySeat, Seat, Variant};

/// A set of seats, such as the seats still in play ([`Position::seats_in_play`]).
///
/// A copy of four bits. It is its own iterator: iterating yields the seats in turn order
/// (South, West, North, East), removing them from the copy iterated.
///
/// ```
/// use wallrush_core::{Position, Seat, SeatSet, Variant};
/// let pos = Position::new(Variant::four_player());
/// let seats: SeatSet = pos.seats_in_play();
/// assert_eq!(seats.len(), 4);
/// assert!(seats.contains(Seat::West));
/// assert_eq!(seats.without(Seat::West).collect::<Vec<_>>(), [Seat::South, Seat::North, Seat::East]);
/// assert_eq!(SeatSet::EMPTY.with(Seat::North).first(), Some(Seat::North));
/// ```
///
/// [`Position::seats_in_play`]: crate::Position::seats_in_play
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);
    /// All four seats.
    pub const ALL: SeatSet = SeatSet(0b1111);

    /// Whether `seat` is in the set.
    #[inline]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat as u8) != 0
    }

    /// The set with `seat` added.
    #[inline]
    #[must_use]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | 1 << seat as u8)
    }

    /// The set with `seat` taken out.
    #[inline]
    #[must_use]
    pub const fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat as u8))
    }

    /// Adds `seat`.
    #[inline]
    pub fn insert(&mut self, seat: Seat) {
        *self = self.with(seat);
    }

    /// Takes `seat` out.
    #[inline]
    pub fn remove(&mut self, seat: Seat) {
        *self = self.without(seat);
    }

    /// How many seats are in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no seat.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The first seat of the set in turn order.
    #[inline]
    pub const fn first(self) -> Option<Seat> {
        Seat::from_index(self.0.trailing_zeros() as usize)
    }

    /// The seat of the set that comes after `seat` in turn order, going round from East to
    /// South; `seat` itself when it is the only one, and also when the set is empty.
    #[inline]
    pub(crate) fn next_after(self, seat: Seat) -> Seat {
        let mut t = seat.index();
        for _ in 0..4 {
            t = (t + 1) % 4;
            if self.0 & (1 << t) != 0 {
                break;
            }
        }
        Seat::ALL[t]
    }
}

impl From<Variant> for SeatSet {
    /// The seats of the variant: South and North, or all four.
    fn from(variant: Variant) -> SeatSet {
        variant.seats().collect()
    }
}

/// Per-seat values visited over a set of seats.
impl<T> BySeat<T> {
    /// The seats of `seats` with their values, in turn order (South, West, North,
    /// East). `seats` is a [`SeatSet`], or a [`Variant`](crate::Variant) for the seats of the game:
    /// `iter(pos.variant())` visits every seat of the variant, `iter(pos.seats_in_play())`
    /// only those that have not resigned. The values of the other seats are skipped.
    ///
    /// ```
    /// use wallrush_core::{Position, Seat, Variant};
    /// let mut pos = Position::new(Variant::four_player());
    /// pos.resign(Seat::South)?;
    /// let walls = pos.setup().walls_left;
    /// let all: Vec<(Seat, &u8)> = walls.iter(pos.variant()).collect();
    /// assert_eq!(all, [(Seat::South, &5), (Seat::West, &5), (Seat::North, &5), (Seat::East, &5)]);
    /// assert_eq!(walls.iter(pos.seats_in_play()).map(|(s, _)| s).collect::<Vec<_>>(), [Seat::West, Seat::North, Seat::East]);
    /// let pawns = Position::classic().pawns();
    /// let squares: Vec<String> = pawns.iter(Variant::classic()).map(|(s, sq)| format!("{s} {}", sq.unwrap())).collect();
    /// assert_eq!(squares, ["south e1", "north e9"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iter(
        &self,
        seats: impl Into<SeatSet>,
    ) -> impl DoubleEndedIterator<Item = (Seat, &T)> + Clone + '_ {
        let seats = seats.into();
        Seat::ALL.into_iter().zip(&self.0).filter(move |(s, _)| seats.contains(*s))
    }

    /// [`iter`](Self::iter) with mutable values.
    ///
    /// ```
    /// use wallrush_core::{BySeat, Seat, Variant};
    /// let mut score = BySeat([1, 2, 3, 4]);
    /// for (_, v) in score.iter_mut(Variant::classic()) {
    ///     *v *= 10;
    /// }
    /// assert_eq!(score, BySeat([10, 2, 30, 4]));
    /// ```
    pub fn iter_mut(
        &mut self,
        seats: impl Into<SeatSet>,
    ) -> impl DoubleEndedIterator<Item = (Seat, &mut T)> + '_ {
        let seats = seats.into();
        Seat::ALL.into_iter().zip(&mut self.0).filter(move |(s, _)| seats.contains(*s))
    }
}

impl core::ops::BitAnd for SeatSet {
    type Output = SeatSet;
    /// The seats in both sets.
    #[inline]
    fn bitand(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }
}

impl core::ops::BitOr for SeatSet {
    type Output = SeatSet;
    /// The seats in either set.
    #[inline]
    fn bitor(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }
}

impl Iterator for SeatSet {
    type Item = Seat;

    #[inline]
    fn next(&mut self) -> Option<Seat> {
        let seat = self.first()?;
        self.0 &= self.0 - 1;
        Some(seat)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        // Not `self.len()`: through `&self` that is `ExactSizeIterator::len`, which asks here.
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for SeatSet {}

impl FusedIterator for SeatSet {}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(seats: I) -> SeatSet {
        seats.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

impl fmt::Debug for SeatSet {
    /// The seats, as a set: `{South, North}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::vec::Vec;

    #[test]
    fn seat_sets_of_variants() {
        assert_eq!(SeatSet::from(Variant::classic()), [Seat::South, Seat::North].into_iter().collect());
        assert_eq!(SeatSet::from(Variant::race_to_centre()), SeatSet::ALL);
    }

    #[test]
    fn sets_of_seats() {
        let two: SeatSet = [Seat::North, Seat::South].into_iter().collect();
        assert_eq!(two.len(), 2);
        assert!(two.contains(Seat::South) && !two.contains(Seat::West));
        assert_eq!(two.collect::<Vec<_>>(), [Seat::South, Seat::North]);
        assert_eq!(two.first(), Some(Seat::South));
        assert_eq!(SeatSet::EMPTY.first(), None);
        assert!(SeatSet::EMPTY.is_empty() && !two.is_empty());
        assert_eq!(
            SeatSet::ALL.without(Seat::South).without(Seat::North),
            [Seat::West, Seat::East].into_iter().collect()
        );
        let mut s = two;
        s.remove(Seat::South);
        s.insert(Seat::East);
        assert_eq!(format!("{s:?}"), "{North, East}");
        assert_eq!(s.size_hint(), (2, Some(2)));
    }

    #[test]
    fn turn_order_goes_round() {
        let all = SeatSet::ALL;
        assert_eq!(all.next_after(Seat::South), Seat::West);
        assert_eq!(all.next_after(Seat::East), Seat::South);
        let two = SeatSet::EMPTY.with(Seat::South).with(Seat::North);
        assert_eq!(two.next_after(Seat::South), Seat::North);
        assert_eq!(two.next_after(Seat::North), Seat::South);
        assert_eq!(two.next_after(Seat::West), Seat::North);
        let one = SeatSet::EMPTY.with(Seat::West);
        assert_eq!(one.next_after(Seat::West), Seat::West);
        assert_eq!(SeatSet::EMPTY.next_after(Seat::North), Seat::North);
    }
}
