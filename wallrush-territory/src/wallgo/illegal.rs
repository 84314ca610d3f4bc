//! Why a move is refused, and why parts make no position.

use super::{Player, Side, Wall};
use wallrush_core::Square;

/// The rule a refused Wall Go move breaks. A refused move changes nothing.
///
/// Checks run in a fixed order and the first rule broken is reported. For a step:
/// game over, placement pending, squares off the board, no piece of the mover on the
/// start, piece finished, destination out of reach, side on the board edge, groove
/// taken. For a placement: game over, not placing, off the
/// board, occupied. For a wall break: game over, placement pending, two players, break
/// used, no wall on the groove.
///
/// ```
/// use wallrush_territory::wallgo::{Illegal, Position};
/// let mut pos = Position::two_player();
/// let err = pos.play("b2-b5n".parse()?).unwrap_err();
/// assert_eq!(err.to_string(), "b5 is not within two free steps of b2");
/// assert_eq!(err.kind(), "unreachable");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum Illegal {
    /// Every piece is finished (or nobody can act): no move is legal.
    #[error("the game is over")]
    GameOver,
    /// Pieces are still being placed, and this is not a placement.
    #[error("{0} must place a piece first")]
    MustPlace(Player),
    /// A placement after every piece is on the board.
    #[error("every piece is already placed")]
    NotPlacing,
    /// A square off the 7×7 board.
    #[error("{0} is off the 7x7 board")]
    OffBoard(Square),
    /// A placement on a cell that holds a piece.
    #[error("{0} already holds a piece")]
    Occupied(Square),
    /// The mover has no piece on the start square of a step.
    #[error("no {player} piece on {square}")]
    NoPiece {
        /// The player to move.
        player: Player,
        /// The start square named.
        square: Square,
    },
    /// The piece stands in its owner's territory and may no longer act.
    #[error("the piece on {0} is finished: its region holds no other player's piece")]
    Finished(Square),
    /// The destination is not reachable in 0–2 orthogonal steps through empty cells
    /// without crossing a wall.
    #[error("{to} is not within two free steps of {from}")]
    Unreachable {
        /// The start.
        from: Square,
        /// The destination named.
        to: Square,
    },
    /// The side named is the board edge, which is not a groove.
    #[error("the {} side of {square} is the board edge, not a groove", .side.name())]
    BoardEdge {
        /// The destination.
        square: Square,
        /// The side named.
        side: Side,
    },
    /// The groove already has a wall.
    #[error("groove {wall} already has a {owner} wall")]
    GrooveTaken {
        /// The groove.
        wall: Wall,
        /// Who built the wall there.
        owner: Player,
    },
    /// Wall breaks exist in 3- and 4-player games only.
    #[error("wall breaks are for 3 or 4 players")]
    NoBreakWithTwo,
    /// The mover has used its one wall break.
    #[error("{0} has already used its wall break")]
    BreakUsed(Player),
    /// A wall break on a groove without a wall.
    #[error("no wall on groove {0}")]
    NoWall(Wall),
}

impl Illegal {
    /// A stable snake-case name for the rule: `game_over`, `must_place`, `not_placing`,
    /// `off_board`, `occupied`, `no_piece`, `finished`, `unreachable`, `board_edge`,
    ///, `groove_taken`, `no_break_with_two`, `break_used`, `no_wall`.
    pub const fn kind(self) -> &'static str {
        match self {
            Illegal::GameOver => "game_over",
            Illegal::MustPlace(_) => "must_place",
            Illegal::NotPlacing => "not_placing",
            Illegal::OffBoard(_) => "off_board",
            Illegal::Occupied(_) => "occupied",
            Illegal::NoPiece { .. } => "no_piece",
            Illegal::Finished(_) => "finished",
            Illegal::Unreachable { .. } => "unreachable",
            Illegal::BoardEdge { .. } => "board_edge",
            Illegal::GrooveTaken { .. } => "groove_taken",
            Illegal::NoBreakWithTwo => "no_break_with_two",
            Illegal::BreakUsed(_) => "break_used",
            Illegal::NoWall(_) => "no_wall",
        }
    }
}

/// Why parts do not make a Wall Go position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum SetupError {
    /// Not 2, 3 or 4 players.
    #[error("expected 2 to 4 players, found {0}")]
    PlayerCount(usize),
    /// Pieces, a wall, a break or the turn of a player who is not in the game.
    #[error("{player} is not in a {players}-player game")]
    NotInGame {
        /// The player named.
        player: Player,
        /// Players in the game.
        players: u8,
    },
    /// A square off the board.
    #[error("{0} is off the 7x7 board")]
    OffBoard(Square),
    /// Two pieces on one square.
    #[error("two pieces on {0}")]
    SharedSquare(Square),
    /// A player has the wrong number of pieces: the full count during play, or the count
    /// the snake order gives during a placement setup.
    #[error("{player} has {found} pieces, expected {expected}")]
    PieceCount {
        /// The player.
        player: Player,
        /// Pieces it has.
        found: usize,
        /// Pieces it should have.
        expected: u8,
    },
    /// A groove listed twice.
    #[error("two walls on groove {0}")]
    DuplicateWall(Wall),
    /// A wall break used in a two-player game.
    #[error("wall breaks are for 3 or 4 players")]
    BreakWithTwo,
    /// During a placement setup, the turn is not the snake order's next placer.
    #[error("{expected} places next in snake order, not {found}")]
    PlacementTurn {
        /// Who places next.
        expected: Player,
        /// The turn given.
        found: Player,
    },
    /// The game is not over, but the player to move has no active piece (it would be
    /// skipped).
    #[error("{0} is to move but has no active piece")]
    TurnCannotAct(Player),
}
