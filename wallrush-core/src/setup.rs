//! Positions from parts, validated once: every check of a position built from parts lives
//! here, and builds the board with the parts play uses (one wall placement for both).

use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::bits::Bits;
use crate::board::{Board, DualGraph, Geometry, RouteCache, SeatSet, State, Walls};
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

    /// The board of these parts, checked: pawns on the board and apart, wall counts in
    /// range and matching the walls on the board, walls on the board and not conflicting,
    /// the seat to move in play, every seat in play with a route to its goal, at most one
    /// pawn on its goal, no more passes than seats. Caches are computed fresh.
    pub(crate) fn board<B: Bits>(&self) -> Result<Board<B>, SetupError> {
        let variant = self.variant;
        let g = Geometry::<B>::new(variant);
        let mut occupied = B::empty();
        let mut pawns = [0u16; 4];
        let mut seats = SeatSet::EMPTY;
        for seat in variant.seats() {
            if let Some(sq) = self.pawns[seat] {
                if !sq.is_on(variant.size()) {
                    return Err(SetupError::PawnOffBoard(seat));
                }
                let c = g.cell(sq);
                if occupied.has(c) {
                    return Err(SetupError::PawnsShareSquare(sq));
                }
                occupied |= B::bit(c);
                pawns[seat.index()] = c as u16;
                seats.insert(seat);
            }
            if self.walls_left[seat] > variant.walls() {
                return Err(SetupError::WallsLeft(seat));
            }
        }
        if let Some(seat) = Seat::ALL.into_iter().find(|&s| !variant.has_seat(s) && self.pawns[s].is_some()) {
            return Err(SetupError::SeatNotInVariant(seat));
        }
        if seats.is_empty() {
            return Err(SetupError::NoPawns);
        }
        let used: u32 = variant.seats().map(|s| (variant.walls() - self.walls_left[s]) as u32).sum();
        if used != self.walls.len() as u32 {
            return Err(SetupError::WallCount { on_board: self.walls.len() as u32, used });
        }
        let mut walls = Walls::new(&g);
        for &w in &self.walls {
            let slot = g.slot_of(w).ok_or(SetupError::WallOffBoard(w))?;
            if let Some(other) = walls.overlapping(&g, slot).or_else(|| walls.crossing(&g, slot)) {
                return Err(SetupError::WallsConflict(w, other));
            }
            walls.place(&g, slot);
        }
        if !seats.contains(self.turn) {
            return Err(SetupError::TurnNotInPlay(self.turn));
        }
        let mut routes = RouteCache::new();
        let mut winner = None;
        let mut winners = 0;
        for seat in seats {
            let from = pawns[seat.index()] as usize;
            let goal = g.goal[seat.index()];
            let (len, route) =
                RouteCache::shortest(&g, &walls, from, goal).ok_or(SetupError::NoRoute(seat))?;
            routes.set(seat, len, route);
            if goal.has(from) {
                winners += 1;
                winner = Some(seat);
            }
        }
        if winners > 1 {
            return Err(SetupError::SeveralWinners);
        }
        // A finished all-pass draw is representable; more passes than seats is not.
        if winner.is_none() && self.passes as usize > seats.len() {
            return Err(SetupError::Passes(self.passes));
        }
        let walls_left = BySeat::from_fn(|s| if variant.has_seat(s) { self.walls_left[s] } else { 0 }).0;
        let dual = DualGraph::from_walls(&g, &walls);
        let mut state = State {
            walls,
            dual,
            routes,
            pawns,
            occupied,
            seats,
            walls_left,
            turn: self.turn,
            passes: self.passes,
            winner,
            hash: 0,
        };
        state.hash = state.fresh_hash(variant);
        Ok(Board { geometry: Arc::new(g), state })
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
