//! Positions from parts, validated once.

use alloc::vec::Vec;

use crate::{BySeat, Seat, Square, Variant, Wall};

/// The parts of a position, unvalidated. Turn it into a [`Position`](crate::Position)
/// with [`Position::from_setup`](crate::Position::from_setup), which checks that the
/// position is legal.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    /// The variant.
    pub variant: Variant,
    /// Each seat's pawn; `None` for a seat that resigned (or is not in the variant).
    pub pawns: BySeat<Option<Square>>,
    /// The walls on the board.
    pub walls: Vec<Wall>,
    /// Walls each seat still holds.
    pub walls_left: BySeat<u8>,
    /// The seat to move.
    pub turn: Seat,
    /// Consecutive forced passes just played (0 almost always).
    pub passes: u8,
}

impl Setup {
    /// The starting position of `variant`.
    pub fn start(variant: Variant) -> Setup {
        Setup {
            variant,
            pawns: BySeat::from_fn(|s| variant.has_seat(s).then(|| variant.start(s))),
            walls: Vec::new(),
            walls_left: BySeat::from_fn(|s| if variant.has_seat(s) { variant.walls() } else { 0 }),
            turn: Seat::South,
            passes: 0,
        }
    }
}

/// Why parts do not make a legal position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SetupError {
    /// A pawn lies off the board.
    #[error("pawn of {0} is off the board")]
    PawnOffBoard(Seat),
    /// Two pawns on one square.
    #[error("two pawns on {0}")]
    PawnsShareSquare(Square),
    /// A pawn for a seat the variant does not have.
    #[error("{0} does not play in this variant")]
    SeatNotInVariant(Seat),
    /// No pawn at all.
    #[error("no pawn on the board")]
    NoPawns,
    /// A seat holds more walls than the variant gives.
    #[error("walls left of {0} exceed the variant's walls")]
    WallsLeft(Seat),
    /// The walls on the board do not match the walls the seats have used.
    #[error("{on_board} walls on the board but the seats have used {used}")]
    WallCount {
        /// Walls listed on the board.
        on_board: u32,
        /// Walls the seats' counts say were placed.
        used: u32,
    },
    /// A wall lies off the board.
    #[error("wall {0} is off the board")]
    WallOffBoard(Wall),
    /// Two walls overlap or cross.
    #[error("wall {0} conflicts with wall {1}")]
    WallsConflict(Wall, Wall),
    /// The seat to move is not in play.
    #[error("{0} is to move but not in play")]
    TurnNotInPlay(Seat),
    /// A seat has no route to its goal.
    #[error("{0} has no route to its goal")]
    NoRoute(Seat),
    /// More than one pawn stands on its goal.
    #[error("more than one pawn stands on its goal")]
    SeveralWinners,
    /// More consecutive passes than seats in play.
    #[error("{0} passes is more than the seats in play")]
    Passes(u8),
}
