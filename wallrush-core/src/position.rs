//! The position: where the pawns and walls are, whose turn it is, and every rule.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};

use crate::bits::{Bits, Wide};
use crate::board::{Board, LegalWalls, PawnMoveKind, PawnUndo, SeatSet, State, WallSet};
use crate::outcome::{IllegalMove, Outcome, ResignError};
use crate::setup::{Setup, SetupError};
use crate::{BySeat, CompactMove, Move, MoveList, Orientation, Seat, Square, Variant, Wall};

mod search_support;
pub use search_support::{Bitboards, WallMasks};

/// The board at the word width of its size: a `u128` up to 11×11, then the fewest 64-bit
/// words that hold its cells for each odd size to 21×21 (the cost of every mask
/// operation grows with the words, not with the board); 23×23 and 25×25 share ten words,
/// 27×27 to 31×31 sixteen, since each width is another copy of the board code
/// (docs/PERFORMANCE.md, "Board sizes"). The classic sizes stay inline so copy-make never
/// allocates; the larger boards (half a kilobyte of state and more) are boxed.
#[derive(Clone, PartialEq, Eq, Debug)]
#[allow(clippy::large_enum_variant)] // inline on purpose: see above
enum Repr {
    /// Up to 11×11.
    Small(Board<u128>),
    /// 13×13.
    W3(Box<Board<Wide<3>>>),
    /// 15×15.
    W4(Box<Board<Wide<4>>>),
    /// 17×17.
    W5(Box<Board<Wide<5>>>),
    /// 19×19.
    W6(Box<Board<Wide<6>>>),
    /// 21×21.
    W7(Box<Board<Wide<7>>>),
    /// 23×23 and 25×25.
    W10(Box<Board<Wide<10>>>),
    /// 27×27 to 31×31.
    W16(Box<Board<Wide<16>>>),
}

impl Repr {
    /// The one builder: the narrowest width that holds the board, checked by
    /// [`Setup::board`].
    fn from_setup(setup: &Setup) -> Result<Repr, SetupError> {
        let cells = (setup.variant.size() as usize).pow(2);
        Ok(match cells.div_ceil(64) {
            ..=2 => Repr::Small(setup.board()?),
            3 => Repr::W3(Box::new(setup.board()?)),
            4 => Repr::W4(Box::new(setup.board()?)),
            5 => Repr::W5(Box::new(setup.board()?)),
            6 => Repr::W6(Box::new(setup.board()?)),
            7 => Repr::W7(Box::new(setup.board()?)),
            8..=10 => Repr::W10(Box::new(setup.board()?)),
            _ => Repr::W16(Box::new(setup.board()?)),
        })
    }
}

/// The state [`Position::make`] saves, at the width of its position (inline for the
/// classic sizes, like [`Repr`]).
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // inline on purpose, as `Repr`
enum Saved {
    /// A pawn move on a classic-size board: what it changed, not the whole state.
    SmallPawn(PawnUndo<u128>),
    Small(State<u128>),
    W3(Box<State<Wide<3>>>),
    W4(Box<State<Wide<4>>>),
    W5(Box<State<Wide<5>>>),
    W6(Box<State<Wide<6>>>),
    W7(Box<State<Wide<7>>>),
    W10(Box<State<Wide<10>>>),
    W16(Box<State<Wide<16>>>),
}

macro_rules! dispatch {
    ($self:expr, $e:ident => $body:expr) => {
        match &$self.repr {
            Repr::Small($e) => $body,
            Repr::W3($e) => $body,
            Repr::W4($e) => $body,
            Repr::W5($e) => $body,
            Repr::W6($e) => $body,
            Repr::W7($e) => $body,
            Repr::W10($e) => $body,
            Repr::W16($e) => $body,
        }
    };
}

macro_rules! dispatch_mut {
    ($self:expr, $e:ident => $body:expr) => {
        match &mut $self.repr {
            Repr::Small($e) => $body,
            Repr::W3($e) => $body,
            Repr::W4($e) => $body,
            Repr::W5($e) => $body,
            Repr::W6($e) => $body,
            Repr::W7($e) => $body,
            Repr::W10($e) => $body,
            Repr::W16($e) => $body,
        }
    };
}

/// Saves the state into an [`Undo`], then runs `$body` on the same board: one match
/// for both, which is what keeps [`Position::make`] cheap.
macro_rules! save_then {
    ($self:expr, $e:ident => $body:expr) => {
        match &mut $self.repr {
            Repr::Small($e) => {
                let undo = Undo(Saved::Small($e.state));
                $body;
                undo
            }
            Repr::W3($e) => {
                let undo = Undo(Saved::W3(Box::new($e.state)));
                $body;
                undo
            }
            Repr::W4($e) => {
                let undo = Undo(Saved::W4(Box::new($e.state)));
                $body;
                undo
            }
            Repr::W5($e) => {
                let undo = Undo(Saved::W5(Box::new($e.state)));
                $body;
                undo
            }
            Repr::W6($e) => {
                let undo = Undo(Saved::W6(Box::new($e.state)));
                $body;
                undo
            }
            Repr::W7($e) => {
                let undo = Undo(Saved::W7(Box::new($e.state)));
                $body;
                undo
            }
            Repr::W10($e) => {
                let undo = Undo(Saved::W10(Box::new($e.state)));
                $body;
                undo
            }
            Repr::W16($e) => {
                let undo = Undo(Saved::W16(Box::new($e.state)));
                $body;
                undo
            }
        }
    };
}

/// A position of a game of any variant: pawns, walls, walls left, the seat to move, and
/// incremental caches that make move generation fast.
///
/// Three tiers of play, as in the best rules crates:
/// - [`is_legal`](Self::is_legal) answers yes or no;
/// - [`play`](Self::play) checks and refuses an illegal move with the rule it broke,
///   changing nothing;
/// - [`play_unchecked`](Self::play_unchecked) trusts the caller, for search.
///
/// [`make`](Self::make) / [`unmake`](Self::unmake) give make/unmake for search (by
/// copy: the state of a classic position is a few hundred bytes, and copying it is as
/// fast as undoing; `make` leaves the routes a move spoils to be searched when read). What the variant fixes (the grid, the goals, the wall slots) is
/// computed once and shared by the clones of a position, never copied.
///
/// Equality and hashing consider the game state only (pawns, walls, walls left, the seat
/// to move, passes), never the caches.
///
/// Two text forms, as shakmaty keeps a `Fen` apart from its board picture:
/// - the **position text** (see [`postext`](crate::postext)) is one line that reads
///   back: [`to_text`](Self::to_text) writes it, `FromStr` (and
///   [`from_text`](Self::from_text)) reads and checks it, and [`PositionText`](crate::PositionText)
///   is its syntax alone (its `Display` is the text);
/// - `Display` draws the **board** for a person (pawns as `S`, `W`, `N`, `E`, walls as
///   `|` and `---`, then the seat to move and each seat's walls and route); it does not
///   read back.
///
/// ```
/// use wallrush_core::Position;
/// let mut pos = Position::classic();
/// pos.play("e2".parse()?)?;
/// let text = pos.to_text();
/// assert!(text.ends_with("pawns=e2,e9 placed=- walls_left=10,10 turn=north passes=0"));
/// assert_eq!(text.parse::<Position>()?, pos);
/// let board = pos.to_string();
/// assert!(board.starts_with(" 9  .   .   .   .   N"));
/// assert!(board.contains(" 2  .   .   .   .   S"));
/// assert!(board.ends_with("to move: north; south: 10 walls, route 7; north: 10 walls, route 8"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// ```
/// use wallrush_core::{Position, Seat};
/// let mut pos = Position::classic();
/// assert_eq!(pos.legal_moves().len(), 131);
/// pos.play("e2".parse()?)?;
/// assert_eq!(pos.turn(), Seat::North);
/// assert_eq!(pos.route_len(Seat::South), Some(7));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    repr: Repr,
}

/// What [`Position::make`] returns: enough to [`unmake`](Position::unmake) the move (a
/// copy of the position's state, without the shared geometry).
#[derive(Clone, Debug)]
pub struct Undo(Saved);

// A position crosses threads: the shared geometry is behind an `Arc`, never an `Rc`.
const _: fn() = || {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Position>();
    send_sync::<Undo>();
};

impl Default for Position {
    fn default() -> Position {
        Position::classic()
    }
}

impl Position {
    /// The starting position of `variant`.
    pub fn new(variant: Variant) -> Position {
        Position::from_setup(&Setup::start(variant)).expect("every variant's start is legal")
    }

    /// The starting position of the classic two-player game.
    pub fn classic() -> Position {
        Position::new(Variant::classic())
    }

    /// A position from parts, checked: pawns on the board and apart, walls on the board
    /// and not conflicting, wall counts in range and matching the walls on the board,
    /// every seat in play with a route to its goal, the seat to move in play.
    ///
    /// # Errors
    /// [`SetupError`] naming what is wrong.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        Ok(Position { repr: Repr::from_setup(setup)? })
    }

    /// The parts of this position.
    pub fn setup(&self) -> Setup {
        Setup {
            variant: self.variant(),
            pawns: self.pawns(),
            walls: self.walls(),
            walls_left: BySeat::from_fn(|s| self.walls_left(s)),
            turn: self.turn(),
            passes: self.passes(),
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        dispatch!(self, e => e.variant())
    }

    /// The seat to move.
    pub fn turn(&self) -> Seat {
        dispatch!(self, e => e.turn())
    }

    /// Where `seat`'s pawn stands, or `None` when the seat is not in play.
    pub fn pawn(&self, seat: Seat) -> Option<Square> {
        dispatch!(self, e => e.pawn(seat))
    }

    /// Every seat's pawn.
    pub fn pawns(&self) -> BySeat<Option<Square>> {
        BySeat::from_fn(|s| self.pawn(s))
    }

    /// Walls `seat` still holds.
    pub fn walls_left(&self, seat: Seat) -> u8 {
        dispatch!(self, e => e.walls_left(seat))
    }

    /// Walls all the seats still hold together.
    ///
    /// ```
    /// use wallrush_core::{Position, Variant};
    /// let mut pos = Position::new(Variant::four_player());
    /// assert_eq!(pos.walls_in_hand(), 20); // five a seat
    /// pos.play("e2h".parse()?)?;
    /// assert_eq!(pos.walls_in_hand(), 19);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn walls_in_hand(&self) -> u32 {
        Seat::ALL.iter().map(|&s| u32::from(self.walls_left(s))).sum()
    }

    /// The walls on the board, horizontal ones first, each in cell order.
    pub fn walls(&self) -> Vec<Wall> {
        dispatch!(self, e => e.walls().collect())
    }

    /// How many walls are on the board.
    pub fn wall_count(&self) -> u32 {
        dispatch!(self, e => e.wall_count())
    }

    /// Whether the two positions have the same walls on the board, compared as masks
    /// (no list is built) when they are of one variant.
    pub(crate) fn same_walls(&self, other: &Position) -> bool {
        match (&self.repr, &other.repr) {
            _ if self.variant() != other.variant() => self.walls() == other.walls(),
            (Repr::Small(a), Repr::Small(b)) => a.anchor_masks() == b.anchor_masks(),
            (Repr::W3(a), Repr::W3(b)) => a.anchor_masks() == b.anchor_masks(),
            (Repr::W4(a), Repr::W4(b)) => a.anchor_masks() == b.anchor_masks(),
            (Repr::W5(a), Repr::W5(b)) => a.anchor_masks() == b.anchor_masks(),
            (Repr::W6(a), Repr::W6(b)) => a.anchor_masks() == b.anchor_masks(),
            (Repr::W7(a), Repr::W7(b)) => a.anchor_masks() == b.anchor_masks(),
            (Repr::W10(a), Repr::W10(b)) => a.anchor_masks() == b.anchor_masks(),
            (Repr::W16(a), Repr::W16(b)) => a.anchor_masks() == b.anchor_masks(),
            _ => self.walls() == other.walls(),
        }
    }

    /// Whether `seat` is still playing (in the variant and not resigned).
    pub fn is_in_play(&self, seat: Seat) -> bool {
        self.seats_in_play().contains(seat)
    }

    /// The seats still playing; iterating yields them in turn order.
    ///
    /// ```
    /// use wallrush_core::{Position, Seat, Variant};
    /// let mut pos = Position::new(Variant::four_player());
    /// pos.resign(Seat::West)?;
    /// let seats = pos.seats_in_play();
    /// assert_eq!(seats.len(), 3);
    /// assert_eq!(seats.collect::<Vec<_>>(), [Seat::South, Seat::North, Seat::East]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn seats_in_play(&self) -> SeatSet {
        dispatch!(self, e => e.seats())
    }

    /// Consecutive forced passes just played.
    pub fn passes(&self) -> u8 {
        dispatch!(self, e => e.passes())
    }

    /// The 64-bit Zobrist hash of the game state (pawns, walls, walls left, seat to
    /// move), kept incrementally. Equal for positions that repetition counts as equal.
    pub fn zobrist(&self) -> u64 {
        dispatch!(self, e => e.hash())
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, e => e.outcome())
    }

    /// Whether the game is over.
    pub fn is_game_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Every legal move: pawn moves (in cell order), then horizontal and vertical walls
    /// (in anchor order), or just [`Move::Pass`] when the mover has no move at all. Empty
    /// when the game is over. Does not allocate on boards up to classic size.
    pub fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::new();
        dispatch!(self, e => e.legal_moves_into(out.storage_mut(), &mut ()));
        out
    }

    /// The number of legal moves, counted without building the list.
    pub fn legal_move_count(&self) -> usize {
        dispatch!(self, e => e.legal_move_count())
    }

    /// The mover's legal walls, as a set per orientation: the bulk form of the walls of
    /// [`legal_moves`](Self::legal_moves), in the same order when iterated. Empty when the
    /// game is over or the mover holds no wall.
    ///
    /// ```
    /// use wallrush_core::Position;
    /// let mut pos = Position::classic();
    /// pos.play("d4h".parse()?)?;
    /// let walls = pos.legal_walls();
    /// // d4h takes its own slot and blocks c4h, e4h (shared groove) and d4v (crossing).
    /// assert_eq!((walls.horizontal.len(), walls.vertical.len()), (61, 63));
    /// assert_eq!(walls.len(), 124);
    /// assert!(!walls.contains("e4h".parse()?) && !walls.contains("d4v".parse()?));
    /// assert!(walls.contains("f4h".parse()?) && walls.vertical.contains("e4v".parse()?));
    /// assert_eq!(walls.iter().next(), Some("a1h".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_walls(&self) -> LegalWalls {
        let v = self.variant();
        let (h, vv) = dispatch!(self, e => {
            let (h, vv) = e.legal_wall_masks(&mut ());
            (
                WallSet::from_anchors(h, Orientation::Horizontal, v),
                WallSet::from_anchors(vv, Orientation::Vertical, v),
            )
        });
        LegalWalls { horizontal: h, vertical: vv }
    }

    /// The mover's legal walls that cut the current shortest route (the one
    /// [`route`](Self::route) returns) of at least one seat of `seats`; seats not in play
    /// are ignored. Every other legal wall leaves those seats' route lengths unchanged, so
    /// a search that only cares about lengthening routes need not look at it, and its
    /// [`preview_wall`](Self::preview_wall) would only repeat [`route_len`](Self::route_len).
    /// Computed for all slots at once from masks the position keeps.
    ///
    /// ```
    /// use wallrush_core::{Position, Seat, SeatSet};
    /// let pos = Position::classic();
    /// let north = SeatSet::EMPTY.with(Seat::North);
    /// let cutting = pos.legal_walls_cutting(north);
    /// // North's route runs straight down file e: a horizontal wall over one of its
    /// // eight steps (anchored on file d or e) cuts it, and no vertical wall does.
    /// assert_eq!((cutting.horizontal.len(), cutting.vertical.len()), (16, 0));
    /// for w in pos.legal_walls().iter() {
    ///     let after = pos.preview_wall(w)?[Seat::North];
    ///     assert!(cutting.contains(w) || after == pos.route_len(Seat::North));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_walls_cutting(&self, seats: SeatSet) -> LegalWalls {
        let v = self.variant();
        dispatch!(self, e => {
            let (h, vv) = e.legal_walls_cutting(seats);
            LegalWalls {
                horizontal: WallSet::from_anchors(h, Orientation::Horizontal, v),
                vertical: WallSet::from_anchors(vv, Orientation::Vertical, v),
            }
        })
    }

    /// [`preview_wall`](Self::preview_wall) for a wall known to be legal here (from
    /// [`legal_moves`](Self::legal_moves), [`legal_walls`](Self::legal_walls) or
    /// [`for_each_legal_move`](Self::for_each_legal_move)): the same route lengths,
    /// without the legality checks, and a flood only for the seats whose route the wall
    /// cuts. `None` when the wall does not lie on the board; for a wall on the board that
    /// is not legal the lengths mean nothing (but nothing panics).
    ///
    /// ```
    /// use wallrush_core::{Position, Seat};
    /// let pos = Position::classic();
    /// for w in pos.legal_walls().iter().take(20) {
    ///     assert_eq!(pos.preview_legal_wall(w), Some(pos.preview_wall(w)?));
    /// }
    /// assert_eq!(pos.preview_legal_wall("d1h".parse()?).unwrap()[Seat::South], Some(9));
    /// assert_eq!(pos.preview_legal_wall("i9h".parse()?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn preview_legal_wall(&self, wall: Wall) -> Option<BySeat<Option<u32>>> {
        dispatch!(self, e => {
            let slot = e.geometry.slot_of(wall)?;
            Some(BySeat(e.route_lens_after_wall(slot)))
        })
    }

    /// The mover's legal pawn moves only.
    pub fn pawn_moves(&self) -> MoveList {
        dispatch!(self, e => {
            let g = &*e.geometry;
            e.pawn_targets().ones().map(|c| Move::Pawn(g.square(c))).collect()
        })
    }

    /// Whether a pawn move to `to` is a step, a straight jump or a diagonal jump; `None`
    /// when it is not a legal pawn move.
    pub fn pawn_move_kind(&self, to: Square) -> Option<PawnMoveKind> {
        dispatch!(self, e => e.pawn_move_kind(to))
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.check(m).is_ok()
    }

    /// `Ok` if `m` is legal, otherwise the rule it breaks.
    ///
    /// # Errors
    /// [`IllegalMove`] with the first rule broken, in the order of RULES.md §5 for
    /// walls: game over, no walls left, off the board, overlap, crossing, no route.
    pub fn check(&self, m: Move) -> Result<(), IllegalMove> {
        let size = self.variant().size();
        dispatch!(self, e => e.check(m)).map_err(|reason| IllegalMove::new(m, reason, size))
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] with the rule it broke; the position is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.check(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays `m` without checking it: the fast form for search and replay of trusted
    /// moves.
    ///
    /// # Panics
    /// May panic, or leave the position inconsistent, if `m` is not legal.
    pub fn play_unchecked(&mut self, m: Move) {
        dispatch_mut!(self, e => e.play_unchecked(m));
    }

    /// Plays `m` (unchecked, see [`play_unchecked`](Self::play_unchecked)) and returns
    /// what [`unmake`](Self::unmake) needs to take it back.
    ///
    /// Unlike `play_unchecked`, it does not search again the shortest routes the move
    /// spoils (a wall across a route, a pawn step off it): their cache entries are left
    /// out of date, to be searched when read ([`route`](Self::route),
    /// [`route_len`](Self::route_len)) or together by
    /// [`refresh_routes`](Self::refresh_routes). Every answer stays exact: the
    /// wall-legality checks treat a seat with an out-of-date route as cut by every wall.
    ///
    /// # Panics
    /// As [`play_unchecked`](Self::play_unchecked).
    #[inline]
    pub fn make(&mut self, m: Move) -> Undo {
        if let (Repr::Small(b), Move::Pawn(to)) = (&mut self.repr, m) {
            let to = b.geometry.cell(to);
            return Undo(Saved::SmallPawn(b.make_pawn(to)));
        }
        save_then!(self, e => e.make_lazy_move(m))
    }

    /// Recomputes the shortest routes that [`make`](Self::make) left out of date, so
    /// that later reads ([`route`](Self::route), [`route_len`](Self::route_len), the
    /// wall-legality checks) take them from the cache; afterwards the cache holds what
    /// [`play_unchecked`](Self::play_unchecked) of the same moves would have left. A
    /// search calls it at a node whose routes it is about to read many times (before
    /// generating its moves); a node that reads none (a table cut-off, a leaf that needs
    /// only route lengths) never pays for it.
    ///
    /// Once no seat in play holds a wall the routes stay out of date (no legality check
    /// needs them then; [`route`](Self::route) and [`route_len`](Self::route_len) search
    /// a stale seat's route when asked).
    ///
    /// ```
    /// use wallrush_core::Position;
    /// let mut pos = Position::classic();
    /// let undo = pos.make("e1h".parse()?);
    /// assert!(!pos.diagnostics().stale_routes().is_empty()); // e1h cuts South's route
    /// let stale_len = pos.route_len(wallrush_core::Seat::South);
    /// pos.refresh_routes();
    /// assert!(pos.diagnostics().stale_routes().is_empty());
    /// assert_eq!(pos.route_len(wallrush_core::Seat::South), stale_len);
    /// pos.unmake(undo);
    /// assert!(pos.diagnostics().identical(&Position::classic()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn refresh_routes(&mut self) {
        dispatch_mut!(self, e => e.refresh_stale_routes());
    }

    /// Takes back the move `undo` came from, restoring the position exactly.
    ///
    /// # Panics
    /// If `undo` comes from a position of another board size class (it must come from
    /// this position's last [`make`](Self::make)).
    #[inline]
    pub fn unmake(&mut self, undo: Undo) {
        match (&mut self.repr, undo.0) {
            (Repr::Small(b), Saved::SmallPawn(undo)) => b.unmake_pawn(undo),
            (Repr::Small(b), Saved::Small(state)) => b.state = state,
            (Repr::W3(b), Saved::W3(state)) => b.state = *state,
            (Repr::W4(b), Saved::W4(state)) => b.state = *state,
            (Repr::W5(b), Saved::W5(state)) => b.state = *state,
            (Repr::W6(b), Saved::W6(state)) => b.state = *state,
            (Repr::W7(b), Saved::W7(state)) => b.state = *state,
            (Repr::W10(b), Saved::W10(state)) => b.state = *state,
            (Repr::W16(b), Saved::W16(state)) => b.state = *state,
            _ => panic!("unmake with an Undo of another position"),
        }
    }

    /// Calls `f` with every legal move in compact form, in the order of
    /// [`legal_moves`](Self::legal_moves), without building a list: the bulk form for
    /// perft, search and action encoding. Nothing when the game is over; the pass alone
    /// when the mover has no move.
    ///
    /// ```
    /// use wallrush_core::Position;
    /// let pos = Position::classic();
    /// let (mut pawns, mut walls) = (0, 0);
    /// pos.for_each_legal_move(|m| if m.is_pawn() { pawns += 1 } else { walls += 1 });
    /// assert_eq!((pawns, walls), (3, 128));
    /// ```
    #[inline]
    pub fn for_each_legal_move(&self, f: impl FnMut(CompactMove)) {
        dispatch!(self, e => e.for_each_legal(f));
    }

    /// Plays a compact move of this board if it is legal: [`play`](Self::play) without
    /// the conversions, for [`actions::play`](crate::actions::play).
    pub(crate) fn play_compact(&mut self, m: CompactMove) -> Result<(), IllegalMove> {
        self.check_compact(m)?;
        self.play_compact_unchecked(m);
        Ok(())
    }

    /// [`check`](Self::check) for a compact move of this board.
    pub(crate) fn check_compact(&self, m: CompactMove) -> Result<(), IllegalMove> {
        dispatch!(self, e => e.check_compact(m))
            .map_err(|reason| IllegalMove::new(self.expand_move(m), reason, self.variant().size()))
    }

    /// [`make`](Self::make) for a compact move (from
    /// [`for_each_legal_move`](Self::for_each_legal_move) of this position), unchecked.
    ///
    /// ```
    /// use wallrush_core::{CompactMove, Position};
    /// let mut pos = Position::classic();
    /// let mut first = CompactMove::PASS;
    /// pos.for_each_legal_move(|m| if first.is_pass() { first = m });
    /// let before = pos.clone();
    /// let undo = pos.make_compact(first);
    /// assert_eq!(pos.pawn(wallrush_core::Seat::South), Some("d1".parse()?));
    /// pos.unmake(undo);
    /// assert_eq!(pos, before);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// May panic, or leave the position inconsistent, if `m` is not legal here.
    #[inline]
    pub fn make_compact(&mut self, m: CompactMove) -> Undo {
        if let (Repr::Small(b), true) = (&mut self.repr, m.is_pawn()) {
            return Undo(Saved::SmallPawn(b.make_pawn(m.cell())));
        }
        save_then!(self, e => e.make_lazy(m))
    }

    /// [`play_unchecked`](Self::play_unchecked) for a compact move.
    ///
    /// # Panics
    /// May panic, or leave the position inconsistent, if `m` is not legal here.
    #[inline]
    pub fn play_compact_unchecked(&mut self, m: CompactMove) {
        dispatch_mut!(self, e => e.play_compact(m));
    }

    /// The [`Move`] of a compact move of this board.
    #[inline]
    pub fn expand_move(&self, m: CompactMove) -> Move {
        dispatch!(self, e => e.expand(m))
    }

    /// The compact form of `m`, or `None` when its square or wall is not on the board.
    pub fn compact_move(&self, m: Move) -> Option<CompactMove> {
        let v = self.variant();
        let n = v.size();
        match m {
            Move::Pass => Some(CompactMove::PASS),
            Move::Pawn(sq) => sq.is_on(n).then(|| CompactMove::new(CompactMove::PAWN, sq.index(n))),
            Move::Wall(w) => w.is_on(n, v.wall_length()).then(|| {
                let kind = if w.orientation() == Orientation::Horizontal {
                    CompactMove::WALL_H
                } else {
                    CompactMove::WALL_V
                };
                CompactMove::new(kind, w.anchor().index(n))
            }),
        }
    }

    /// Perft by copy-make on this position's own state (see [`perft`](crate::perft)).
    pub(crate) fn perft_mut(&mut self, depth: u32) -> u64 {
        dispatch_mut!(self, e => e.perft(depth))
    }

    /// A second 64-bit hash of the game state, independent of [`zobrist`](Self::zobrist):
    /// with it, the perft transposition table's keys are 128 bits.
    #[cfg(feature = "std")]
    pub(crate) fn perft_check(&self) -> u64 {
        dispatch!(self, e => e.check_hash())
    }

    /// [`perft_until`](crate::perft_until) on this position's own state.
    pub(crate) fn perft_until_mut(&mut self, depth: u32, stop: &mut dyn FnMut() -> bool) -> Option<u64> {
        dispatch_mut!(self, e => e.perft_until(depth, stop))
    }

    /// `seat` resigns (RULES.md §6): with two seats the other wins; with four its pawn
    /// leaves the board, its walls stay, its turns are skipped, and the last seat left
    /// wins. Not a move: it never appears in move lists.
    ///
    /// # Errors
    /// [`ResignError`] when the game is over or the seat is not in play.
    pub fn resign(&mut self, seat: Seat) -> Result<(), ResignError> {
        if self.is_game_over() {
            return Err(ResignError::GameOver(seat));
        }
        if !self.is_in_play(seat) {
            return Err(ResignError::NotInPlay(seat));
        }
        dispatch_mut!(self, e => e.remove_seat(seat));
        Ok(())
    }

    /// The fewest steps `seat`'s pawn needs to reach its goal, ignoring pawns (from the
    /// path cache); `None` if the seat is not in play.
    pub fn route_len(&self, seat: Seat) -> Option<u32> {
        dispatch!(self, e => e.route_len(seat))
    }

    /// Every seat's [`route_len`](Self::route_len): `None` for the seats not in play,
    /// as [`preview_wall`](Self::preview_wall) gives them.
    ///
    /// ```
    /// use wallrush_core::{Position, Seat};
    /// let mut pos = Position::classic();
    /// pos.play("e2".parse()?)?;
    /// let lens = pos.route_lens();
    /// assert_eq!((lens[Seat::South], lens[Seat::North], lens[Seat::West]), (Some(7), Some(8), None));
    /// let in_play: Vec<_> = lens.iter(pos.variant()).map(|(s, n)| (s, n.unwrap_or(0))).collect();
    /// assert_eq!(in_play, [(Seat::South, 7), (Seat::North, 8)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn route_lens(&self) -> BySeat<Option<u32>> {
        BySeat::from_fn(|s| self.route_len(s))
    }

    /// One shortest route of `seat` (from the path cache): the squares from its pawn to
    /// a goal cell, both included. `None` if the seat is not in play.
    pub fn route(&self, seat: Seat) -> Option<Vec<Square>> {
        dispatch!(self, e => e.route(seat))
    }

    /// Every seat's route length after `wall` (for the mover), or why it is refused.
    /// Seats not in play get `None`.
    ///
    /// ```
    /// use wallrush_core::{Position, Seat};
    /// let pos = Position::classic();
    /// let after = pos.preview_wall("d1h".parse()?)?;
    /// assert_eq!((after[Seat::South], after[Seat::North]), (Some(9), Some(9)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`IllegalMove`] as [`check`](Self::check) gives it.
    pub fn preview_wall(&self, wall: Wall) -> Result<BySeat<Option<u32>>, IllegalMove> {
        let size = self.variant().size();
        dispatch!(self, e => e.preview_wall(wall))
            .map(BySeat)
            .map_err(|reason| IllegalMove::new(Move::Wall(wall), reason, size))
    }

    /// Whether a step between two adjacent squares is open (no wall, both on the board).
    pub fn is_open(&self, a: Square, b: Square) -> bool {
        let n = self.variant().size();
        if !a.is_on(n) || !b.is_on(n) {
            return false;
        }
        let (ia, ib) = (a.index(n), b.index(n));
        let (lo, hi) = (ia.min(ib), ia.max(ib));
        let (open_e, open_n) = dispatch!(self, e => {
            let (oe, on) = e.open_masks();
            (oe.has(lo), on.has(lo))
        });
        if a.rank() == b.rank() && hi == lo + 1 {
            open_e
        } else if a.file() == b.file() && hi == lo + n as usize {
            open_n
        } else {
            false
        }
    }

    /// Whether `square` is one of `seat`'s goal cells.
    pub fn is_goal(&self, seat: Seat, square: Square) -> bool {
        let v = self.variant();
        square.is_on(v.size()) && dispatch!(self, e => e.goal_mask(seat).has(square.index(v.size())))
    }

    /// Whether every pawn races for the centre.
    pub fn is_centre_goal(&self) -> bool {
        self.variant().goal() == crate::Goal::Centre
    }

    /// Test and fuzzing aids: fresh computations the incremental caches are checked
    /// against, and exact equality. Not part of the stable API.
    #[doc(hidden)]
    pub fn diagnostics(&self) -> Diagnostics<'_> {
        Diagnostics(self)
    }
}

/// Test and fuzzing aids over a [`Position`] (from [`Position::diagnostics`]): fresh
/// computations the incremental caches are checked against. Not part of the stable API.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Diagnostics<'a>(&'a Position);

impl Diagnostics<'_> {
    /// Checks every incremental part against a rebuild from the wall list and the pawns:
    /// open edges, covered posts, dual graph, hash, pawn cells, path cache (against a
    /// breadth-first search over the rebuilt edges) and winner.
    ///
    /// # Errors
    /// The name of the first part that differs.
    pub fn verify_caches(&self) -> Result<(), &'static str> {
        dispatch!(self.0, e => e.verify_caches())
    }

    /// Whether `seat` can reach its goal, by a fresh flood fill over the open edges (no
    /// path cache).
    #[inline]
    pub fn reaches_goal_fresh(&self, seat: Seat) -> bool {
        dispatch!(self.0, e => e.fresh_reaches(seat))
    }

    /// `seat`'s route length by a fresh bitboard breadth-first search over the open edges
    /// (no path cache).
    #[inline]
    pub fn route_len_fresh(&self, seat: Seat) -> Option<u32> {
        dispatch!(self.0, e => e.fresh_distance(seat))
    }

    /// The seats whose cached route is out of date: those [`Position::make`] spoiled
    /// (until [`Position::refresh_routes`]), and, once no seat in play holds a wall,
    /// those any move spoils. A stale route is searched when
    /// [`Position::route_len`] or [`Position::route`] asks for it.
    pub fn stale_routes(&self) -> SeatSet {
        dispatch!(self.0, e => e.state.routes.stale())
    }

    /// Exact equality of everything, caches included (undo must restore this).
    pub fn identical(&self, other: &Position) -> bool {
        self.0.repr == other.repr
    }

    /// The bytes of the state a move changes (what [`Position::make`] saves and a clone
    /// copies besides the shared geometry), per word width: `(width, boards, bytes)`.
    pub fn state_sizes() -> [(&'static str, &'static str, usize); 8] {
        use core::mem::size_of;
        [
            ("u128", "3x3 to 11x11, inline", size_of::<State<u128>>()),
            ("Wide<3>", "13x13, boxed", size_of::<State<Wide<3>>>()),
            ("Wide<4>", "15x15, boxed", size_of::<State<Wide<4>>>()),
            ("Wide<5>", "17x17, boxed", size_of::<State<Wide<5>>>()),
            ("Wide<6>", "19x19, boxed", size_of::<State<Wide<6>>>()),
            ("Wide<7>", "21x21, boxed", size_of::<State<Wide<7>>>()),
            ("Wide<10>", "23x23 and 25x25, boxed", size_of::<State<Wide<10>>>()),
            ("Wide<16>", "27x27 to 31x31, boxed", size_of::<State<Wide<16>>>()),
        ]
    }

    /// The legal moves, and how many flood fills the wall-legality check ran to find
    /// them (PERFORMANCE.md B7).
    pub fn legal_moves_counting_floods(&self) -> (MoveList, u64) {
        let mut out = MoveList::new();
        let mut floods = 0u64;
        dispatch!(self.0, e => e.legal_moves_into(out.storage_mut(), &mut floods));
        (out, floods)
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.variant() == other.variant()
            && self.turn() == other.turn()
            && self.passes() == other.passes()
            && self.pawns() == other.pawns()
            && Seat::ALL.iter().all(|&s| self.walls_left(s) == other.walls_left(s))
            && self.same_walls(other)
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.zobrist());
        state.write_u8(self.passes());
    }
}

impl fmt::Display for Position {
    /// The board in text: `|` and `---` walls, pawns as `S`, `W`, `N`, `E`, rank numbers
    /// on the left, file letters below. A picture for a person; the text that reads back
    /// is [`Position::to_text`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.variant().size();
        let pawn_at = |sq: Square| {
            Seat::ALL.into_iter().find(|&s| self.pawn(s) == Some(sq)).map(|s| match s {
                Seat::South => 'S',
                Seat::West => 'W',
                Seat::North => 'N',
                Seat::East => 'E',
            })
        };
        for r in (0..n).rev() {
            write!(f, "{:>2} ", r + 1)?;
            for file in 0..n {
                let sq = Square::new(file, r);
                let c = pawn_at(sq).unwrap_or(
                    if self.variant().goal() == crate::Goal::Centre && sq == self.variant().centre() {
                        '+'
                    } else {
                        '.'
                    },
                );
                write!(f, " {c} ")?;
                if file + 1 < n {
                    let open = self.is_open(sq, Square::new(file + 1, r));
                    f.write_str(if open { " " } else { "|" })?;
                }
            }
            f.write_str("\n")?;
            if r > 0 {
                f.write_str("   ")?;
                for file in 0..n {
                    let open = self.is_open(Square::new(file, r), Square::new(file, r - 1));
                    f.write_str(if open { "   " } else { "---" })?;
                    if file + 1 < n {
                        f.write_str(" ")?;
                    }
                }
                f.write_str("\n")?;
            }
        }
        f.write_str("   ")?;
        for file in 0..n {
            if n > 26 {
                write!(f, "{:^3}", file + 1)?;
            } else {
                write!(f, " {} ", (b'a' + file) as char)?;
            }
            if file + 1 < n {
                f.write_str(" ")?;
            }
        }
        writeln!(f)?;
        let seats: Vec<Seat> = self.seats_in_play().collect();
        write!(f, "to move: {}", self.turn())?;
        for s in seats {
            write!(f, "; {s}: {} walls, route {}", self.walls_left(s), self.route_len(s).unwrap_or(0))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use alloc::boxed::Box;

    use super::Repr;
    use crate::{Goal, Position, Seat, SplitMix64, Variant};

    /// `pos` on 16 words, the widest board: the same generic code at the width every
    /// smaller board would have taken before each size got its own.
    fn on_sixteen_words(pos: &Position) -> Position {
        Position { repr: Repr::W16(Box::new(pos.setup().board().unwrap())) }
    }

    /// perft(2) of `pos`, as `crate::perft` counts it.
    fn perft2(pos: &Position) -> u64 {
        pos.clone().perft_mut(2)
    }

    /// Every odd size, on its own width, plays exactly as on the widest: the same legal
    /// moves in the same order, the same routes, the same perft(2) in and after a random
    /// game with two seats and with four, edge and centre goals, short and long walls.
    #[test]
    fn every_width_agrees_with_the_widest() {
        let mut walls_placed = 0;
        for n in (5..=31).step_by(2) {
            for (players, walls, len, goal) in [(2, 10, 2, Goal::Edge), (4, 5, 3, Goal::Centre)] {
                let mut pos = Position::new(Variant::new(n, players, walls, len, goal).unwrap());
                let mut wide = on_sixteen_words(&pos);
                let mut rng = SplitMix64::new(u64::from(n * players));
                for ply in 0..24 {
                    if ply == 6 {
                        // Mid-game, walls still in hand.
                        assert_eq!(perft2(&pos), perft2(&wide), "{pos}");
                    }
                    let moves = pos.legal_moves();
                    assert_eq!(moves, wide.legal_moves(), "{pos}");
                    assert_eq!(pos.legal_move_count(), wide.legal_move_count(), "{pos}");
                    for s in Seat::ALL {
                        assert_eq!(pos.route(s), wide.route(s), "{s:?}\n{pos}");
                    }
                    let Some(&m) = rng.pick(&moves) else { break };
                    pos.play_unchecked(m);
                    wide.play_unchecked(m);
                }
                walls_placed += pos.wall_count();
                assert_eq!(perft2(&pos), perft2(&wide), "{pos}");
                assert_eq!(pos, wide);
            }
        }
        // The games are mostly walls (the lists are), so the legality checks are exercised.
        assert!(walls_placed >= 14 * 2 * 8, "{walls_placed}");
    }

    #[test]
    fn the_classic_move_list_needs_no_allocation() {
        let moves = Position::classic().legal_moves();
        assert_eq!(moves.len(), 131);
        assert!(moves.is_inline());
    }
}
