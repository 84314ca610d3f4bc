//! Seats (players) and the per-seat container.

use core::fmt;
use core::ops::{Index, IndexMut};
use core::str::FromStr;

use crate::SeatSet;

/// A player's seat, named by the side of the board it starts on.
///
/// Seats are numbered clockwise seen from above with South at the bottom: South, West,
/// North, East. Two-player games use South and North; South moves first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Seat {
    /// Starts in the middle of rank 1, races to the top rank.
    South = 0,
    /// Starts in the middle of file a, races to the last file.
    West = 1,
    /// Starts in the middle of the top rank, races to rank 1.
    North = 2,
    /// Starts in the middle of the last file, races to file a.
    East = 3,
}

impl Seat {
    /// All four seats in turn order.
    pub const ALL: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

    /// The seat's number in turn order (South 0, West 1, North 2, East 3).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat with number `i` in turn order, if `i < 4`.
    pub const fn from_index(i: usize) -> Option<Seat> {
        match i {
            0 => Some(Seat::South),
            1 => Some(Seat::West),
            2 => Some(Seat::North),
            3 => Some(Seat::East),
            _ => None,
        }
    }

    /// The lowercase name: `south`, `west`, `north`, `east`.
    pub const fn name(self) -> &'static str {
        match self {
            Seat::South => "south",
            Seat::West => "west",
            Seat::North => "north",
            Seat::East => "east",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A seat name that is not one of `south`, `west`, `north`, `east`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("expected a seat: south, west, north or east")]
pub struct ParseSeatError;

impl FromStr for Seat {
    type Err = ParseSeatError;
    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        Seat::ALL.into_iter().find(|seat| seat.name() == s).ok_or(ParseSeatError)
    }
}

/// One value per seat, indexed by [`Seat`].
///
/// Values for seats that are not in the game are present but meaningless (they hold
/// `T::default()`, or `None` for an `Option`, in what the library returns);
/// [`iter`](Self::iter) visits only the seats of a game or the seats still in play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    /// Builds the container by calling `f` for every seat.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(Seat::ALL.map(&mut f))
    }

    /// Maps every value.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat(self.0.map(f))
    }

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

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}
