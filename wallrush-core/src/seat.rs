//! Seats (players) and the per-seat container.

use core::fmt;
use core::ops::{Index, IndexMut};
use core::str::FromStr;

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
