//! Game variants: board size, seats, walls, wall length and goal.

use core::fmt;
use core::str::FromStr;

use crate::{Seat, Square};

mod text;

/// Where the pawns race to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Goal {
    /// Each pawn races to the far side of the board from where it starts.
    Edge,
    /// Every pawn races to the centre cell.
    Centre,
}

impl Goal {
    /// `edge` or `centre`.
    pub const fn name(self) -> &'static str {
        match self {
            Goal::Edge => "edge",
            Goal::Centre => "centre",
        }
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Goal text that is not `edge` or `centre` (or its spelling `center`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("expected a goal: edge or centre")]
pub struct ParseGoalError;

impl FromStr for Goal {
    type Err = ParseGoalError;

    /// `edge` or `centre`; `center` is read as `centre`.
    fn from_str(s: &str) -> Result<Goal, ParseGoalError> {
        match s {
            "edge" => Ok(Goal::Edge),
            "centre" | "center" => Ok(Goal::Centre),
            _ => Err(ParseGoalError),
        }
    }
}

/// A variant parameter outside its range. The message names the parameter and the range,
/// with the number as it was given (a number past `u32::MAX` included): every front end
/// (the variant text, the command line's flags, the oracle's JSON, Python) reports it in
/// these words.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum VariantError {
    /// The board size is not odd or not in 3 ..= 31.
    #[error("size {0} is out of range: odd, 3 ..= 31")]
    Size(u64),
    /// The number of players is not 2 or 4.
    #[error("players {0} is out of range: 2 or 4")]
    Players(u64),
    /// The walls per player are more than 99.
    #[error("walls {0} is out of range: 0 ..= 99")]
    Walls(u64),
    /// The wall length is not in 2 ..= size − 1.
    #[error("wall_length {length} is out of range: 2 ..= {max} (size − 1)")]
    WallLength {
        /// The length asked for.
        length: u64,
        /// The largest length the board allows.
        max: u64,
    },
}

/// The fixed parameters of a game, validated on construction.
///
/// ```
/// use wallrush_core::{Goal, Variant};
/// let classic = Variant::classic();
/// assert_eq!((classic.size(), classic.players(), classic.walls()), (9, 2, 10));
/// let big = Variant::new(25, 2, 30, 3, Goal::Edge)?;
/// assert_eq!(big.wall_length(), 3);
/// assert_eq!(
///     Variant::new(8, 2, 10, 2, Goal::Edge).unwrap_err().to_string(),
///     "size 8 is out of range: odd, 3 ..= 31"
/// );
/// # Ok::<(), wallrush_core::VariantError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Variant {
    size: u8,
    players: u8,
    walls: u8,
    wall_length: u8,
    goal: Goal,
}

impl Default for Variant {
    fn default() -> Variant {
        Variant::classic()
    }
}

impl Variant {
    /// A variant, or the first parameter (in argument order) that is out of range.
    ///
    /// # Errors
    /// [`VariantError`] naming the parameter and its range.
    pub fn new(
        size: u32,
        players: u32,
        walls: u32,
        wall_length: u32,
        goal: Goal,
    ) -> Result<Variant, VariantError> {
        Variant::checked(size.into(), players.into(), walls.into(), wall_length.into(), goal)
    }

    /// [`Variant::new`] for numbers as they were given, which may be past `u32::MAX`.
    pub(crate) fn checked(
        size: u64,
        players: u64,
        walls: u64,
        wall_length: u64,
        goal: Goal,
    ) -> Result<Variant, VariantError> {
        if !(3..=31).contains(&size) || size % 2 == 0 {
            return Err(VariantError::Size(size));
        }
        if players != 2 && players != 4 {
            return Err(VariantError::Players(players));
        }
        if walls > 99 {
            return Err(VariantError::Walls(walls));
        }
        if !(2..size).contains(&wall_length) {
            return Err(VariantError::WallLength { length: wall_length, max: size - 1 });
        }
        Ok(Variant {
            size: size as u8,
            players: players as u8,
            walls: walls as u8,
            wall_length: wall_length as u8,
            goal,
        })
    }

    /// A builder that starts from the defaults; see [`VariantBuilder`].
    pub const fn builder() -> VariantBuilder {
        VariantBuilder { size: None, players: None, walls: None, wall_length: None, goal: None }
    }

    /// Classic two-player: 9×9, 10 walls each, length 2, edge goals.
    pub const fn classic() -> Variant {
        Variant { size: 9, players: 2, walls: 10, wall_length: 2, goal: Goal::Edge }
    }

    /// Four players: 9×9, 5 walls each, length 2, edge goals.
    pub const fn four_player() -> Variant {
        Variant { size: 9, players: 4, walls: 5, wall_length: 2, goal: Goal::Edge }
    }

    /// Race to the centre: 9×9, four players, 5 walls each, length 2, centre goal.
    pub const fn race_to_centre() -> Variant {
        Variant { size: 9, players: 4, walls: 5, wall_length: 2, goal: Goal::Centre }
    }

    /// The default number of walls per player: 10 for two seats, 5 for four.
    pub const fn default_walls(players: u32) -> u32 {
        if players == 4 {
            5
        } else {
            10
        }
    }

    /// Board size `n` (the board is `n × n`).
    pub const fn size(self) -> u8 {
        self.size
    }
    /// Number of seats: 2 or 4.
    pub const fn players(self) -> u8 {
        self.players
    }
    /// Walls each player starts with.
    pub const fn walls(self) -> u8 {
        self.walls
    }
    /// Cells a wall covers.
    pub const fn wall_length(self) -> u8 {
        self.wall_length
    }
    /// Where the pawns race to.
    pub const fn goal(self) -> Goal {
        self.goal
    }

    /// The seats in the game, in turn order.
    pub fn seats(self) -> impl Iterator<Item = Seat> + Clone {
        let step = if self.players == 4 { 1 } else { 2 };
        Seat::ALL.into_iter().step_by(step)
    }

    /// Whether `seat` plays in this variant.
    pub const fn has_seat(self, seat: Seat) -> bool {
        self.players == 4 || matches!(seat, Seat::South | Seat::North)
    }

    /// Where `seat`'s pawn starts.
    pub const fn start(self, seat: Seat) -> Square {
        let (n, m) = (self.size - 1, self.size / 2);
        match seat {
            Seat::South => Square::new(m, 0),
            Seat::North => Square::new(m, n),
            Seat::West => Square::new(0, m),
            Seat::East => Square::new(n, m),
        }
    }

    /// The centre cell.
    pub const fn centre(self) -> Square {
        Square::new(self.size / 2, self.size / 2)
    }

    /// Whether `square` is one of `seat`'s goal cells.
    pub const fn is_goal(self, seat: Seat, square: Square) -> bool {
        let last = self.size - 1;
        match self.goal {
            Goal::Centre => square.file() == self.size / 2 && square.rank() == self.size / 2,
            Goal::Edge => match seat {
                Seat::South => square.rank() == last,
                Seat::North => square.rank() == 0,
                Seat::West => square.file() == last,
                Seat::East => square.file() == 0,
            },
        }
    }

    /// Number of wall slots per orientation.
    pub const fn wall_slots(self) -> usize {
        (self.size - self.wall_length + 1) as usize * (self.size - 1) as usize
    }
}

/// A [`Variant`] built from the parameters that are given, with the defaults for the
/// rest: size 9, two players, [`Variant::default_walls`] (10 for two seats, 5 for four),
/// wall length 2, edge goals. The one place the defaults live: the variant text
/// (`"size=7".parse::<Variant>()`), the command line, the oracle protocol and the Python
/// `Variant(...)` all build through it.
///
/// ```
/// use wallrush_core::{Goal, Variant};
/// let v = Variant::builder().size(7).players(4).build()?;
/// assert_eq!((v.size(), v.players(), v.walls(), v.wall_length(), v.goal()), (7, 4, 5, 2, Goal::Edge));
/// assert_eq!(Variant::builder().build()?, Variant::classic());
/// assert_eq!(
///     Variant::builder().wall_length(9).build().unwrap_err().to_string(),
///     "wall_length 9 is out of range: 2 ..= 8 (size − 1)"
/// );
/// # Ok::<(), wallrush_core::VariantError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[must_use]
pub struct VariantBuilder {
    size: Option<u64>,
    players: Option<u64>,
    walls: Option<u64>,
    wall_length: Option<u64>,
    goal: Option<Goal>,
}

impl VariantBuilder {
    /// Board size (odd, 3 ..= 31; default 9).
    pub const fn size(mut self, size: u64) -> VariantBuilder {
        self.size = Some(size);
        self
    }
    /// Seats, 2 or 4 (default 2).
    pub const fn players(mut self, players: u64) -> VariantBuilder {
        self.players = Some(players);
        self
    }
    /// Walls each player starts with, 0 ..= 99 (default 10 for two seats, 5 for four).
    pub const fn walls(mut self, walls: u64) -> VariantBuilder {
        self.walls = Some(walls);
        self
    }
    /// Cells a wall covers, 2 ..= size − 1 (default 2).
    pub const fn wall_length(mut self, wall_length: u64) -> VariantBuilder {
        self.wall_length = Some(wall_length);
        self
    }
    /// Where the pawns race to (default [`Goal::Edge`]).
    pub const fn goal(mut self, goal: Goal) -> VariantBuilder {
        self.goal = Some(goal);
        self
    }

    /// The variant, or the first parameter (in the order size, players, walls, wall
    /// length) that is out of range. The setters take `u64` so that a front end hands
    /// over whatever number it read, and the error gives it back as it was.
    ///
    /// # Errors
    /// [`VariantError`] naming the parameter and its range.
    pub fn build(self) -> Result<Variant, VariantError> {
        let players = self.players.unwrap_or(2);
        let walls = if players == 4 { 5 } else { 10 }; // Variant::default_walls
        Variant::checked(
            self.size.unwrap_or(9),
            players,
            self.walls.unwrap_or(walls),
            self.wall_length.unwrap_or(2),
            self.goal.unwrap_or(Goal::Edge),
        )
    }
}

impl fmt::Display for Variant {
    /// `size=9 players=2 walls=10 wall_length=2 goal=edge`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "size={} players={} walls={} wall_length={} goal={}",
            self.size, self.players, self.walls, self.wall_length, self.goal
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use alloc::vec::Vec;

    #[test]
    fn ranges() {
        assert!(Variant::new(3, 2, 0, 2, Goal::Edge).is_ok());
        assert!(Variant::new(31, 4, 99, 30, Goal::Centre).is_ok());
        assert_eq!(Variant::new(33, 2, 1, 2, Goal::Edge), Err(VariantError::Size(33)));
        assert_eq!(Variant::new(9, 3, 1, 2, Goal::Edge), Err(VariantError::Players(3)));
        assert_eq!(Variant::new(9, 2, 100, 2, Goal::Edge), Err(VariantError::Walls(100)));
        assert_eq!(
            Variant::new(9, 2, 1, 9, Goal::Edge).unwrap_err().to_string(),
            "wall_length 9 is out of range: 2 ..= 8 (size − 1)"
        );
    }

    #[test]
    fn numbers_are_reported_as_given() {
        let huge = u64::from(u32::MAX) + 10;
        assert_eq!(Variant::builder().size(huge).build(), Err(VariantError::Size(huge)));
        assert_eq!(Variant::builder().players(huge).build(), Err(VariantError::Players(huge)));
        assert_eq!(Variant::builder().walls(u64::MAX).build(), Err(VariantError::Walls(u64::MAX)));
        assert_eq!(
            Variant::builder().wall_length(huge).build(),
            Err(VariantError::WallLength { length: huge, max: 8 })
        );
        // The first parameter out of range, in the order size, players, walls, length.
        assert_eq!(Variant::builder().walls(huge).players(3).build(), Err(VariantError::Players(3)));
    }

    #[test]
    fn seats_and_starts() {
        let v = Variant::four_player();
        assert_eq!(v.seats().collect::<Vec<_>>(), Seat::ALL);
        assert_eq!(Variant::classic().seats().collect::<Vec<_>>(), [Seat::South, Seat::North]);
        assert_eq!(v.start(Seat::West).to_string(), "a5");
        assert_eq!(v.start(Seat::East).to_string(), "i5");
        assert_eq!(Variant::classic().wall_slots(), 64);
    }
}
