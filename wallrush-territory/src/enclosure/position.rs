//! The position of the card game, and every rule of TERRITORY.md part B.

use alloc::vec::Vec;

use super::board::{ByPlayer, Cells, Groove, Player, SIZE};
use super::cards::Cards;
use super::moves::{Move, Step};
use super::rng::first_player;
use crate::grid::Side;
use wallrush_core::{Orientation, Square};

/// Discarded walls that end the game.
pub const DISCARD_LIMIT: u8 = 15;

/// The most squares a region may have and still be an enclosure.
pub const MAX_SIZE: u32 = 9;

/// The start *(decision of TERRITORY.md, overridable through [`Setup`])*: player
/// 1 on b2, e3, c5; player 2 on e5, b4, d2 (a half turn maps one onto the other).
pub const START_PIECES: ByPlayer<[Square; 3]> = crate::grid::ByPlayer([
    [Square::new(1, 1), Square::new(4, 2), Square::new(2, 4)],
    [Square::new(4, 4), Square::new(1, 3), Square::new(3, 1)],
]);

/// Why the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// 15 walls have been discarded.
    Discards,
    /// All six pieces stand in finished enclosures.
    AllFinished,
}

impl EndReason {
    /// `discards` or `all_finished`.
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Discards => "discards",
            EndReason::AllFinished => "all_finished",
        }
    }
}

/// How a finished game came out: the higher score wins, equal scores draw.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// `player` scored more.
    Win {
        /// The winner.
        player: Player,
        /// Why the game ended.
        reason: EndReason,
    },
    /// Both scored the same.
    Draw(EndReason),
}

impl Outcome {
    /// The winner, if any.
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win { player, .. } => Some(player),
            Outcome::Draw(_) => None,
        }
    }

    /// Why the game ended.
    pub const fn reason(self) -> EndReason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw(reason) => reason,
        }
    }
}

/// One enclosure: a region of at most 9 squares holding at most one piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Enclosure {
    cells: u64,
    finished: bool,
    piece: Option<(Player, Square)>,
}

impl Enclosure {
    /// Its squares as a 36-bit mask, bit `rank * 6 + file`.
    pub const fn mask(&self) -> u64 {
        self.cells
    }

    /// Its squares, in board order (rank, then file).
    pub fn squares(&self) -> impl Iterator<Item = Square> {
        Cells::squares(self.cells)
    }

    /// How many squares it has (1 to 9).
    pub const fn size(&self) -> u32 {
        self.cells.count_ones()
    }

    /// Whether `sq` belongs to it.
    pub const fn contains(&self, sq: Square) -> bool {
        sq.is_on(SIZE) && self.cells & Cells::bit(sq) != 0
    }

    /// Whether every groove of its boundary, board-edge grooves included, holds a wall.
    /// Otherwise it is semi-finished.
    pub const fn is_finished(&self) -> bool {
        self.finished
    }

    /// The piece inside, if any, and its owner.
    pub const fn piece(&self) -> Option<(Player, Square)> {
        self.piece
    }

    /// What it scores for the owner of its piece: its size when finished and holding a
    /// piece, else 0.
    pub const fn score(&self) -> u8 {
        if self.finished && self.piece.is_some() {
            self.cells.count_ones() as u8
        } else {
            0
        }
    }
}

/// The rule a refused move breaks. A refused move changes nothing.
///
/// When several rules apply the first in this order is reported: game over, a square off
/// the board, the letter card spent, the number card spent, then the wall (discard while a
/// wall can be built; occupied groove; inside an enclosure; edge of an active piece's
/// square), then the step (missing while one exists; not the mover's piece; inactive
/// piece; not one orthogonal square; across a wall; onto a piece; onto the vacated square).
/// The step is judged on the board as it stands after the move's wall.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum Illegal {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A square of the move lies off the 6×6 board.
    #[error("{0} is off the 6×6 board")]
    OffBoard(Square),
    /// The letter card naming the target's column has been spent.
    #[error("letter card {0} is spent")]
    LetterSpent(char),
    /// The number card naming the target's row has been spent.
    #[error("number card {0} is spent")]
    NumberSpent(u8),
    /// A discard while a legal wall exists on an edge of the target.
    #[error("cannot discard at {target}: a wall can be built on {groove}")]
    MustBuild {
        /// The target.
        target: Square,
        /// The first legal groove on its edges (order n, e, s, w).
        groove: Groove,
    },
    /// The groove already holds a wall.
    #[error("groove {0} already holds a wall")]
    Occupied(Groove),
    /// The groove lies between two squares of one enclosure.
    #[error("groove {0} lies inside an enclosure")]
    InsideEnclosure(Groove),
    /// The groove is an edge of a square holding an active piece.
    #[error("groove {groove} is an edge of {square}, which holds an active piece")]
    ActivePiece {
        /// The refused groove.
        groove: Groove,
        /// The square with the active piece.
        square: Square,
    },
    /// A wall was built but no piece moved, though one could.
    #[error("a piece must move after the wall ({0} is possible)")]
    MustMove(Step),
    /// The step starts where the mover has no piece.
    #[error("player {player} has no piece on {square}")]
    NotOwnPiece {
        /// The mover.
        player: Player,
        /// The step's start.
        square: Square,
    },
    /// The piece stands in an enclosure (perhaps the one the move's wall just closed).
    #[error("the piece on {0} is inactive (inside an enclosure)")]
    InactivePiece(Square),
    /// The step is not one square up, down, left or right.
    #[error("{0} is not a one-square orthogonal step")]
    NotAStep(Step),
    /// A wall lies between the step's squares.
    #[error("{step} crosses the wall on {groove}")]
    CrossesWall {
        /// The refused step.
        step: Step,
        /// The wall's groove.
        groove: Groove,
    },
    /// The step lands on a piece.
    #[error("{0} holds a piece")]
    SquareOccupied(Square),
    /// The step lands on the square the turn's first move vacated.
    #[error("{0} was vacated by this turn's first move")]
    Vacated(Square),
}

impl Illegal {
    /// A stable snake-case name for the rule: `game_over`, `off_board`, `letter_spent`,
    /// `number_spent`, `must_build`, `occupied`, `inside_enclosure`, `active_piece`,
    /// `must_move`, `not_own_piece`, `inactive_piece`, `not_a_step`, `crosses_wall`,
    /// `square_occupied`, `vacated`.
    pub const fn kind(self) -> &'static str {
        match self {
            Illegal::GameOver => "game_over",
            Illegal::OffBoard(_) => "off_board",
            Illegal::LetterSpent(_) => "letter_spent",
            Illegal::NumberSpent(_) => "number_spent",
            Illegal::MustBuild { .. } => "must_build",
            Illegal::Occupied(_) => "occupied",
            Illegal::InsideEnclosure(_) => "inside_enclosure",
            Illegal::ActivePiece { .. } => "active_piece",
            Illegal::MustMove(_) => "must_move",
            Illegal::NotOwnPiece { .. } => "not_own_piece",
            Illegal::InactivePiece(_) => "inactive_piece",
            Illegal::NotAStep(_) => "not_a_step",
            Illegal::CrossesWall { .. } => "crosses_wall",
            Illegal::SquareOccupied(_) => "square_occupied",
            Illegal::Vacated(_) => "vacated",
        }
    }
}

/// The parts of a position, unvalidated; [`Position::from_setup`] checks them.
/// Build hand-made positions (another start, walls already down, a game in progress)
/// from one of these.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    /// Each player's three pieces (order does not matter).
    pub pieces: ByPlayer<[Square; 3]>,
    /// The walls on the board and who built each.
    pub walls: Vec<(Groove, Player)>,
    /// The cards still available.
    pub cards: Cards,
    /// The player to move.
    pub turn: Player,
    /// Moves left in the current turn: 2 at the start of a turn, 1 on the game's first
    /// turn or after a turn's first move.
    pub moves_left: u8,
    /// The square the current turn's first move vacated, if it moved a piece (only with
    /// `moves_left == 1`).
    pub vacated: Option<Square>,
    /// Walls discarded so far, by both players together (0 to 15).
    pub discards: u8,
}

impl Setup {
    /// The start: [`START_PIECES`], no walls, a full pool, `first` to make the game's
    /// single-move first turn.
    pub fn start(first: Player) -> Setup {
        Setup {
            pieces: START_PIECES,
            walls: Vec::new(),
            cards: Cards::FULL,
            turn: first,
            moves_left: 1,
            vacated: None,
            discards: 0,
        }
    }
}

/// Why parts do not make a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SetupError {
    /// A piece lies off the 6×6 board.
    #[error("piece on {0} is off the 6×6 board")]
    PieceOffBoard(Square),
    /// Two pieces on one square.
    #[error("two pieces on {0}")]
    PiecesShareSquare(Square),
    /// A groove listed twice.
    #[error("two walls on groove {0}")]
    WallTwice(Groove),
    /// Moves left in the turn is neither 1 nor 2.
    #[error("moves left in the turn must be 1 or 2, not {0}")]
    MovesLeft(u8),
    /// A vacated square although the turn's first move is still to come.
    #[error("vacated square {0} given at the start of a two-move turn")]
    VacatedAtTurnStart(Square),
    /// The vacated square is off the board.
    #[error("vacated square {0} is off the 6×6 board")]
    VacatedOffBoard(Square),
    /// A piece stands on the vacated square.
    #[error("vacated square {0} holds a piece")]
    VacatedOccupied(Square),
    /// More discards than end the game.
    #[error("{0} discards is more than the 15 that end the game")]
    Discards(u8),
}

/// A position of the card enclosure game: pieces, walls and their builders, the card
/// pool, the player to move and how many moves its turn has left, the square its first
/// move vacated, and the discard count; plus cached open-edge masks and enclosures.
///
/// Three tiers of play, as for Quoridor positions:
/// [`is_legal`](Self::is_legal) / [`check`](Self::check) judge a move,
/// [`play`](Self::play) refuses an illegal one with the [`Illegal`] naming the rule and
/// changes nothing, [`play_unchecked`](Self::play_unchecked) trusts the caller.
/// [`make`](Self::make) / [`unmake`](Self::unmake) undo by copy (a position is about a
/// hundred bytes).
///
/// `Display` draws the board in ASCII with the cards left; [`to_text`](Self::to_text) /
/// [`from_text`](Self::from_text) give the one-line position text.
///
/// ```
/// use wallrush_territory::enclosure::{Position, Player, Illegal};
/// let mut pos = Position::new(Player::One);
/// pos.play("C3n b2-b3".parse()?)?; // the first turn is one move
/// assert_eq!((pos.turn(), pos.moves_left()), (Player::Two, 2));
/// let err = pos.play("C3n e5-e4".parse()?).unwrap_err(); // the C card is spent
/// assert_eq!(err, Illegal::LetterSpent('C'));
/// let err = pos.play("B4n e5-e4".parse()?).unwrap_err();
/// assert_eq!(err.to_string(), "groove b4n is an edge of b4, which holds an active piece");
/// pos.play("A1s e5-e4".parse()?)?;
/// assert_eq!(pos.moves_left(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    occ: [u64; 2],
    walls: u128,
    walls_two: u128,
    cards: Cards,
    turn: Player,
    moves_left: u8,
    vacated: Option<Square>,
    discards: u8,
    // Caches, all functions of the fields above.
    /// Cells whose edge to the east neighbour is open (no bit in file f).
    open_e: u64,
    /// Cells whose edge to the north neighbour is open (no bit in rank 6).
    open_n: u64,
    /// Cells with a board-edge groove that holds no wall.
    edge_open: u64,
    /// Cells in enclosures.
    enclosed: u64,
    /// Cells in finished enclosures.
    finished: u64,
}

/// What [`Position::make`] returns: enough to [`unmake`](Position::unmake)
/// the move.
#[derive(Clone, Debug)]
pub struct Undo(Position);

impl Default for Position {
    /// The start with player 1 moving first.
    fn default() -> Position {
        Position::new(Player::One)
    }
}

/// The cached parts of a position, as [`Position::verify_caches`] compares them.
#[derive(PartialEq, Eq)]
struct Caches {
    open_e: u64,
    open_n: u64,
    edge_open: u64,
    enclosed: u64,
    finished: u64,
}

impl Position {
    /// The start with `first` to make the single-move first turn.
    pub fn new(first: Player) -> Position {
        Position::from_setup(&Setup::start(first)).expect("the start is valid")
    }

    /// The start with the first player drawn from `seed` (see
    /// [`first_player`](super::first_player)).
    pub fn seeded(seed: u64) -> Position {
        Position::new(first_player(seed))
    }

    /// The position made of `setup`'s parts.
    ///
    /// Any walls are accepted (a hand-built position need not be reachable); enclosures
    /// are computed from them.
    ///
    /// # Errors
    /// [`SetupError`] when a piece is off the board or shares a square, a groove
    /// is listed twice, `moves_left` is not 1 or 2, the vacated square is given at the
    /// start of a two-move turn, off the board or occupied, or `discards` exceeds 15.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        let mut occ = [0u64; 2];
        for p in Player::BOTH {
            for &sq in &setup.pieces[p] {
                if !sq.is_on(SIZE) {
                    return Err(SetupError::PieceOffBoard(sq));
                }
                if (occ[0] | occ[1]) & Cells::bit(sq) != 0 {
                    return Err(SetupError::PiecesShareSquare(sq));
                }
                occ[p.index()] |= Cells::bit(sq);
            }
        }
        let (mut walls, mut walls_two) = (0u128, 0u128);
        for &(g, owner) in &setup.walls {
            if walls & g.bit() != 0 {
                return Err(SetupError::WallTwice(g));
            }
            walls |= g.bit();
            if owner == Player::Two {
                walls_two |= g.bit();
            }
        }
        if !(1..=2).contains(&setup.moves_left) {
            return Err(SetupError::MovesLeft(setup.moves_left));
        }
        if let Some(v) = setup.vacated {
            if setup.moves_left == 2 {
                return Err(SetupError::VacatedAtTurnStart(v));
            }
            if !v.is_on(SIZE) {
                return Err(SetupError::VacatedOffBoard(v));
            }
            if (occ[0] | occ[1]) & Cells::bit(v) != 0 {
                return Err(SetupError::VacatedOccupied(v));
            }
        }
        if setup.discards > DISCARD_LIMIT {
            return Err(SetupError::Discards(setup.discards));
        }
        let mut pos = Position {
            occ,
            walls,
            walls_two,
            cards: setup.cards,
            turn: setup.turn,
            moves_left: setup.moves_left,
            vacated: setup.vacated,
            discards: setup.discards,
            open_e: 0,
            open_n: 0,
            edge_open: 0,
            enclosed: 0,
            finished: 0,
        };
        pos.rebuild_caches();
        Ok(pos)
    }

    /// The position's parts: pieces in board order, walls in groove order.
    pub fn setup(&self) -> Setup {
        Setup {
            pieces: ByPlayer::from_fn(|p: Player| {
                let mut it = Cells::squares(self.occ[p.index()]);
                core::array::from_fn(|_| it.next().expect("three pieces each"))
            }),
            walls: self.walls().collect(),
            cards: self.cards,
            turn: self.turn,
            moves_left: self.moves_left,
            vacated: self.vacated,
            discards: self.discards,
        }
    }

    // ----- state -----------------------------------------------------------------

    /// The player to move (after the game ended: the one who would have moved).
    pub const fn turn(&self) -> Player {
        self.turn
    }

    /// Moves left in the current turn: 2 at the start of a turn, 1 on the game's
    /// single-move first turn and after a turn's first move.
    pub const fn moves_left(&self) -> u8 {
        self.moves_left
    }

    /// The square the current turn's first move vacated, which no piece may enter on the
    /// turn's second move.
    pub const fn vacated(&self) -> Option<Square> {
        self.vacated
    }

    /// The cards still available.
    pub const fn cards(&self) -> Cards {
        self.cards
    }

    /// Walls discarded so far by both players together.
    pub const fn discards(&self) -> u8 {
        self.discards
    }

    /// The player whose piece stands on `sq`, if any.
    pub const fn piece_at(&self, sq: Square) -> Option<Player> {
        if !sq.is_on(SIZE) {
            None
        } else if self.occ[0] & Cells::bit(sq) != 0 {
            Some(Player::One)
        } else if self.occ[1] & Cells::bit(sq) != 0 {
            Some(Player::Two)
        } else {
            None
        }
    }

    /// `player`'s pieces in board order.
    pub fn pieces(&self, player: Player) -> impl Iterator<Item = Square> {
        Cells::squares(self.occ[player.index()])
    }

    /// Whether a piece stands on `sq` and is active (not inside an enclosure).
    pub const fn is_active(&self, sq: Square) -> bool {
        sq.is_on(SIZE) && self.active() & Cells::bit(sq) != 0
    }

    /// Who built the wall on `g`, if one stands there.
    pub const fn wall_at(&self, g: Groove) -> Option<Player> {
        if self.walls & g.bit() == 0 {
            None
        } else if self.walls_two & g.bit() != 0 {
            Some(Player::Two)
        } else {
            Some(Player::One)
        }
    }

    /// Every wall with its builder, in groove order.
    pub fn walls(&self) -> impl Iterator<Item = (Groove, Player)> + '_ {
        Groove::all().filter_map(move |g| self.wall_at(g).map(|p| (g, p)))
    }

    /// How many walls stand on the board.
    pub const fn wall_count(&self) -> u32 {
        self.walls.count_ones()
    }

    /// Whether `a` and `b` are orthogonal neighbours with no wall between them.
    pub fn is_open(&self, a: Square, b: Square) -> bool {
        Side::ALL.into_iter().any(|side| side.neighbour(a, SIZE) == Some(b) && self.open_side(a, side))
    }

    /// Whether the edge on `side` of `sq` (on the board) leads to a neighbour without a
    /// wall.
    fn open_side(&self, sq: Square, side: Side) -> bool {
        match side {
            Side::North => self.open_n & Cells::bit(sq) != 0,
            Side::East => self.open_e & Cells::bit(sq) != 0,
            Side::South => side.neighbour(sq, SIZE).is_some_and(|t| self.open_n & Cells::bit(t) != 0),
            Side::West => side.neighbour(sq, SIZE).is_some_and(|t| self.open_e & Cells::bit(t) != 0),
        }
    }

    const fn active(&self) -> u64 {
        (self.occ[0] | self.occ[1]) & !self.enclosed
    }

    // ----- enclosures, score, end -------------------------------------------------

    /// Every enclosure, ordered by its lowest square (rank, then file).
    pub fn enclosures(&self) -> Vec<Enclosure> {
        let mut out = Vec::new();
        let mut rest = self.enclosed;
        while rest != 0 {
            let region = Cells::flood(rest & rest.wrapping_neg(), self.open_n, self.open_e);
            rest &= !region;
            out.push(self.enclosure_of(region));
        }
        out
    }

    /// The enclosure holding `sq`, if any.
    pub fn enclosure_at(&self, sq: Square) -> Option<Enclosure> {
        (sq.is_on(SIZE) && self.enclosed & Cells::bit(sq) != 0)
            .then(|| self.enclosure_of(Cells::flood(Cells::bit(sq), self.open_n, self.open_e)))
    }

    fn enclosure_of(&self, region: u64) -> Enclosure {
        let piece = Player::BOTH.into_iter().find_map(|p| {
            let here = region & self.occ[p.index()];
            (here != 0).then(|| (p, Cells::square(here.trailing_zeros() as usize)))
        });
        Enclosure { cells: region, finished: self.finished & region == region, piece }
    }

    /// Cells in enclosures, as a 36-bit mask (bit `rank * 6 + file`).
    pub const fn enclosed_mask(&self) -> u64 {
        self.enclosed
    }

    /// Cells in finished enclosures, as a 36-bit mask.
    pub const fn finished_mask(&self) -> u64 {
        self.finished
    }

    /// `player`'s score now: the sizes of the finished enclosures holding its pieces
    /// (0 to 27). Finished enclosures never change, so scores only grow.
    pub fn score(&self, player: Player) -> u8 {
        Cells::squares(self.occ[player.index()] & self.finished)
            .map(|sq| Cells::flood(Cells::bit(sq), self.open_n, self.open_e).count_ones() as u8)
            .sum()
    }

    /// Both scores.
    pub fn scores(&self) -> ByPlayer<u8> {
        ByPlayer::from_fn(|p| self.score(p))
    }

    /// Why the game is over, if it is: all six pieces in finished enclosures (checked
    /// first), or 15 discards.
    pub const fn end_reason(&self) -> Option<EndReason> {
        if (self.occ[0] | self.occ[1]) & !self.finished == 0 {
            Some(EndReason::AllFinished)
        } else if self.discards >= DISCARD_LIMIT {
            Some(EndReason::Discards)
        } else {
            None
        }
    }

    /// Whether the game is over.
    pub const fn is_game_over(&self) -> bool {
        self.end_reason().is_some()
    }

    /// The result once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let reason = self.end_reason()?;
        let s = self.scores();
        Some(match s[Player::One].cmp(&s[Player::Two]) {
            core::cmp::Ordering::Greater => Outcome::Win { player: Player::One, reason },
            core::cmp::Ordering::Less => Outcome::Win { player: Player::Two, reason },
            core::cmp::Ordering::Equal => Outcome::Draw(reason),
        })
    }

    // ----- walls ------------------------------------------------------------------

    /// Whether a wall may be built on `g` now, cards aside.
    ///
    /// # Errors
    /// [`Illegal::Occupied`], [`Illegal::InsideEnclosure`] or [`Illegal::ActivePiece`]
    /// (in that order of precedence; the game being over is not checked here).
    pub fn wall_check(&self, g: Groove) -> Result<(), Illegal> {
        if self.walls & g.bit() != 0 {
            return Err(Illegal::Occupied(g));
        }
        let sides = g.squares();
        match sides {
            [Some(a), Some(b)] => {
                // An open groove with an enclosed square on one side has the same
                // enclosure on the other.
                if self.enclosed & (Cells::bit(a) | Cells::bit(b)) != 0 {
                    return Err(Illegal::InsideEnclosure(g));
                }
            }
            [Some(c), None] | [None, Some(c)] => {
                // An open board-edge groove of an enclosure is a boundary groove of a
                // semi-finished enclosure: always buildable. (Its square's piece, if any,
                // is inactive, so no other rule could refuse it either.)
                if self.enclosed & Cells::bit(c) != 0 {
                    return Ok(());
                }
            }
            [None, None] => unreachable!("every groove borders a square"),
        }
        let active = self.active();
        for sq in sides.into_iter().flatten() {
            if active & Cells::bit(sq) != 0 {
                return Err(Illegal::ActivePiece { groove: g, square: sq });
            }
        }
        Ok(())
    }

    /// Every groove a wall may be built on now, cards aside, in groove order.
    pub fn buildable_grooves(&self) -> impl Iterator<Item = Groove> + '_ {
        Groove::all().filter(move |&g| self.wall_check(g).is_ok())
    }

    /// The sides of `target` a wall may be built on now, in order n, e, s, w; empty when
    /// the game is over or the cards cannot name `target` (and then the move is a
    /// discard when the cards can).
    pub fn legal_sides(&self, target: Square) -> Vec<Side> {
        if self.is_game_over() || !self.cards.can_target(target) {
            return Vec::new();
        }
        Side::ALL.into_iter().filter(|&s| self.side_ok(target, s)).collect()
    }

    fn side_ok(&self, target: Square, side: Side) -> bool {
        Groove::of(target, side).is_some_and(|g| self.wall_check(g).is_ok())
    }

    /// The steps the mover may make after building on `side` of `target`, in move order;
    /// empty when no piece can step (the move is then written `C4n -`).
    ///
    /// # Errors
    /// The [`Illegal`] of the wall part: the game is over, the target is off the board or
    /// its cards are spent, or the wall cannot be built there.
    pub fn legal_steps(&self, target: Square, side: Side) -> Result<Vec<Step>, Illegal> {
        let after = self.after_wall(target, side)?;
        let mut out = Vec::new();
        after.for_each_step(|s| out.push(s));
        Ok(out)
    }

    // ----- move generation -------------------------------------------------------

    /// Every legal move, ordered by target (rank, then file), then side (n, e, s, w),
    /// then step (piece in board order, direction n, e, s, w). Empty once the game is
    /// over.
    ///
    /// ```
    /// use wallrush_territory::enclosure::{Position, Player};
    /// let pos = Position::new(Player::One);
    /// let moves = pos.legal_moves();
    /// assert_eq!(moves.len(), pos.legal_move_count());
    /// assert!(moves.iter().all(|&m| pos.is_legal(m)));
    /// ```
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.generate(|m| out.push(m));
        out
    }

    /// How many legal moves there are (without listing them).
    pub fn legal_move_count(&self) -> usize {
        let mut n = 0;
        self.generate(|_| n += 1);
        n
    }

    fn generate(&self, mut emit: impl FnMut(Move)) {
        if self.is_game_over() {
            return;
        }
        for target in self.cards.targets() {
            let mut built = false;
            for side in Side::ALL {
                let Some(g) = Groove::of(target, side) else { continue };
                if self.wall_check(g).is_err() {
                    continue;
                }
                built = true;
                let mut after = self.clone();
                after.add_wall(g, self.turn);
                let mut any = false;
                after.for_each_step(|s| {
                    any = true;
                    emit(Move::Build { target, side, step: Some(s) });
                });
                if !any {
                    emit(Move::Build { target, side, step: None });
                }
            }
            if !built {
                emit(Move::Discard { target });
            }
        }
    }

    /// Calls `f` for every step the mover may make in this position as it stands.
    fn for_each_step(&self, mut f: impl FnMut(Step)) {
        let blocked = self.occ[0] | self.occ[1] | self.vacated.map_or(0, Cells::bit);
        for from in Cells::squares(self.occ[self.turn.index()] & !self.enclosed) {
            for side in Side::ALL {
                if let Some(to) = side.neighbour(from, SIZE) {
                    if self.open_side(from, side) && blocked & Cells::bit(to) == 0 {
                        f(Step::new(from, to));
                    }
                }
            }
        }
    }

    fn first_step(&self) -> Option<Step> {
        let mut first = None;
        self.for_each_step(|s| {
            first.get_or_insert(s);
        });
        first
    }

    // ----- checked play ------------------------------------------------------------

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.after(m).is_ok()
    }

    /// Checks `m` without playing it.
    ///
    /// # Errors
    /// The [`Illegal`] naming the first rule `m` breaks (see its docs for the order).
    pub fn check(&self, m: Move) -> Result<(), Illegal> {
        self.after(m).map(drop)
    }

    /// Plays `m` if it is legal; a refused move changes nothing.
    ///
    /// # Errors
    /// The [`Illegal`] naming the first rule `m` breaks.
    pub fn play(&mut self, m: Move) -> Result<(), Illegal> {
        *self = self.after(m)?;
        Ok(())
    }

    /// Plays `m` without checking it, for search over moves from
    /// [`legal_moves`](Self::legal_moves).
    ///
    /// An illegal move is applied as written (cards spent, wall added, piece moved,
    /// caches recomputed where needed), which may leave a position no game reaches.
    ///
    /// # Panics
    /// If the target or a step square lies off the 6×6 board.
    pub fn play_unchecked(&mut self, m: Move) {
        assert!(m.target().is_on(SIZE), "target {} is off the 6×6 board", m.target());
        let step = match m {
            Move::Discard { .. } => None,
            Move::Build { target, side, step } => {
                let g = Groove::of(target, side).expect("target is on the board");
                if self.walls & g.bit() == 0 {
                    self.add_wall(g, self.turn);
                }
                if let Some(s) = step {
                    assert!(s.from.is_on(SIZE) && s.to.is_on(SIZE), "step {s} leaves the 6×6 board");
                    self.move_piece(s);
                }
                step
            }
        };
        self.finish_move(m.target(), m.is_discard(), step);
    }

    /// Plays `m` unchecked and returns what [`unmake`](Self::unmake) needs.
    ///
    /// # Panics
    /// As [`play_unchecked`](Self::play_unchecked).
    pub fn make(&mut self, m: Move) -> Undo {
        let undo = Undo(self.clone());
        self.play_unchecked(m);
        undo
    }

    /// Takes back the move that returned `undo`, restoring the position exactly.
    pub fn unmake(&mut self, undo: Undo) {
        *self = undo.0;
    }

    /// The position after the wall part of a build move, checked.
    fn after_wall(&self, target: Square, side: Side) -> Result<Position, Illegal> {
        self.check_cards(target)?;
        let g = Groove::of(target, side).expect("checked on board");
        self.wall_check(g)?;
        let mut next = self.clone();
        next.add_wall(g, self.turn);
        Ok(next)
    }

    fn check_cards(&self, target: Square) -> Result<(), Illegal> {
        if self.is_game_over() {
            return Err(Illegal::GameOver);
        }
        if !target.is_on(SIZE) {
            return Err(Illegal::OffBoard(target));
        }
        if !self.cards.has_letter(target.file()) {
            return Err(Illegal::LetterSpent((b'A' + target.file()) as char));
        }
        if !self.cards.has_number(target.rank()) {
            return Err(Illegal::NumberSpent(target.rank() + 1));
        }
        Ok(())
    }

    /// The position after `m`, or why `m` is refused.
    fn after(&self, m: Move) -> Result<Position, Illegal> {
        match m {
            Move::Discard { target } => {
                self.check_cards(target)?;
                if let Some(side) = Side::ALL.into_iter().find(|&s| self.side_ok(target, s)) {
                    let groove = Groove::of(target, side).expect("on board");
                    return Err(Illegal::MustBuild { target, groove });
                }
                let mut next = self.clone();
                next.finish_move(target, true, None);
                Ok(next)
            }
            Move::Build { target, side, step } => {
                let mut next = self.after_wall(target, side)?;
                match step {
                    None => {
                        if let Some(s) = next.first_step() {
                            return Err(Illegal::MustMove(s));
                        }
                    }
                    Some(s) => {
                        next.step_check(s)?;
                        next.move_piece(s);
                    }
                }
                next.finish_move(target, false, step);
                Ok(next)
            }
        }
    }

    /// Judges a step on the board as it stands (after the move's wall).
    fn step_check(&self, s: Step) -> Result<(), Illegal> {
        for sq in [s.from, s.to] {
            if !sq.is_on(SIZE) {
                return Err(Illegal::OffBoard(sq));
            }
        }
        if self.occ[self.turn.index()] & Cells::bit(s.from) == 0 {
            return Err(Illegal::NotOwnPiece { player: self.turn, square: s.from });
        }
        if self.enclosed & Cells::bit(s.from) != 0 {
            return Err(Illegal::InactivePiece(s.from));
        }
        let side = Side::ALL
            .into_iter()
            .find(|d| d.neighbour(s.from, SIZE) == Some(s.to))
            .ok_or(Illegal::NotAStep(s))?;
        if !self.open_side(s.from, side) {
            let groove = Groove::of(s.from, side).expect("on board");
            return Err(Illegal::CrossesWall { step: s, groove });
        }
        if (self.occ[0] | self.occ[1]) & Cells::bit(s.to) != 0 {
            return Err(Illegal::SquareOccupied(s.to));
        }
        if self.vacated == Some(s.to) {
            return Err(Illegal::Vacated(s.to));
        }
        Ok(())
    }

    // ----- state changes -----------------------------------------------------------

    /// Spends the cards, counts a discard, and advances the turn.
    fn finish_move(&mut self, target: Square, discard: bool, step: Option<Step>) {
        self.cards = self.cards.after(target);
        if discard {
            self.discards = self.discards.saturating_add(1).min(DISCARD_LIMIT);
        }
        if self.moves_left >= 2 {
            self.moves_left = 1;
            self.vacated = step.map(|s| s.from);
        } else {
            self.turn = self.turn.other();
            self.moves_left = 2;
            self.vacated = None;
        }
    }

    fn move_piece(&mut self, s: Step) {
        let (from, to) = (Cells::bit(s.from), Cells::bit(s.to));
        let Some(owner) = self.piece_at(s.from) else { return };
        if (self.occ[0] | self.occ[1]) & to != 0 {
            return;
        }
        self.occ[owner.index()] ^= from | to;
        // A legal step stays inside its region and changes no enclosure; anything else
        // (only through `play_unchecked`) gets a fresh computation.
        if !self.is_open(s.from, s.to) || self.enclosed & from != 0 {
            self.rebuild_caches();
        }
    }

    /// Adds a wall on the empty groove `g` and updates the caches: an interior wall can
    /// only split the region it cuts, a board-edge wall can only finish an enclosure.
    fn add_wall(&mut self, g: Groove, owner: Player) {
        self.walls |= g.bit();
        if owner == Player::Two {
            self.walls_two |= g.bit();
        }
        match (g.orientation(), g.squares()) {
            (o, [Some(a), Some(b)]) => {
                match o {
                    Orientation::Horizontal => self.open_n &= !Cells::bit(a),
                    Orientation::Vertical => self.open_e &= !Cells::bit(a),
                }
                let ra = Cells::flood(Cells::bit(a), self.open_n, self.open_e);
                if ra & Cells::bit(b) != 0 {
                    return;
                }
                let rb = Cells::flood(Cells::bit(b), self.open_n, self.open_e);
                self.classify(ra);
                self.classify(rb);
            }
            (_, [Some(c), None] | [None, Some(c)]) => {
                if !self.has_open_edge(c) {
                    self.edge_open &= !Cells::bit(c);
                }
                if self.enclosed & Cells::bit(c) != 0 {
                    self.classify(Cells::flood(Cells::bit(c), self.open_n, self.open_e));
                }
            }
            (_, [None, None]) => unreachable!("every groove borders a square"),
        }
    }

    /// Sets the enclosure bits of one whole region.
    fn classify(&mut self, region: u64) {
        let (enclosed, finished) = self.region_status(region);
        self.enclosed = (self.enclosed & !region) | if enclosed { region } else { 0 };
        self.finished = (self.finished & !region) | if finished { region } else { 0 };
    }

    fn region_status(&self, region: u64) -> (bool, bool) {
        let pieces = (region & (self.occ[0] | self.occ[1])).count_ones();
        let enclosed = region.count_ones() <= MAX_SIZE && pieces <= 1;
        (enclosed, enclosed && region & self.edge_open == 0)
    }

    /// Whether a board-edge groove of `c` holds no wall.
    fn has_open_edge(&self, c: Square) -> bool {
        Side::ALL.into_iter().any(|side| {
            side.neighbour(c, SIZE).is_none()
                && Groove::of(c, side).is_some_and(|g| self.walls & g.bit() == 0)
        })
    }

    /// The caches computed from scratch: open edges from the walls, then every region
    /// flooded and classified.
    fn fresh_caches(&self) -> Caches {
        let mut c = Position {
            open_e: Cells::HAS_EAST,
            open_n: Cells::HAS_NORTH,
            edge_open: 0,
            enclosed: 0,
            finished: 0,
            ..self.clone()
        };
        for g in Groove::all().filter(|g| self.walls & g.bit() != 0) {
            if let (o, [Some(a), Some(_)]) = (g.orientation(), g.squares()) {
                match o {
                    Orientation::Horizontal => c.open_n &= !Cells::bit(a),
                    Orientation::Vertical => c.open_e &= !Cells::bit(a),
                }
            }
        }
        for sq in
            Cells::squares(Cells::rank(0) | Cells::rank(SIZE - 1) | Cells::file(0) | Cells::file(SIZE - 1))
        {
            if self.has_open_edge(sq) {
                c.edge_open |= Cells::bit(sq);
            }
        }
        let mut rest = Cells::ALL;
        while rest != 0 {
            let region = Cells::flood(rest & rest.wrapping_neg(), c.open_n, c.open_e);
            rest &= !region;
            let (enclosed, finished) = c.region_status(region);
            if enclosed {
                c.enclosed |= region;
            }
            if finished {
                c.finished |= region;
            }
        }
        Caches {
            open_e: c.open_e,
            open_n: c.open_n,
            edge_open: c.edge_open,
            enclosed: c.enclosed,
            finished: c.finished,
        }
    }

    fn rebuild_caches(&mut self) {
        let c = self.fresh_caches();
        self.open_e = c.open_e;
        self.open_n = c.open_n;
        self.edge_open = c.edge_open;
        self.enclosed = c.enclosed;
        self.finished = c.finished;
    }

    /// Recomputes every cache from the walls and pieces (open edges, regions, enclosures,
    /// finished enclosures) and compares with the incrementally kept ones.
    ///
    /// # Errors
    /// The name of the first cache that differs.
    pub fn verify_caches(&self) -> Result<(), &'static str> {
        let c = self.fresh_caches();
        let checks = [
            (c.open_e == self.open_e, "open east edges"),
            (c.open_n == self.open_n, "open north edges"),
            (c.edge_open == self.edge_open, "open board-edge grooves"),
            (c.enclosed == self.enclosed, "enclosures"),
            (c.finished == self.finished, "finished enclosures"),
        ];
        checks.into_iter().find(|(ok, _)| !ok).map_or(Ok(()), |(_, name)| Err(name))
    }
}
