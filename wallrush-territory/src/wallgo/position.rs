//! The Wall Go position: pieces, walls, whose turn it is, and every rule of play.

use alloc::string::String;
use core::fmt;

use smallvec::SmallVec;

use super::bits::{Cells, Regions, BOARD, HAS_EAST, HAS_NORTH};
use super::{
    pieces_per_player, placer, ByPlayer, Illegal, Move, MoveList, Player, SetupError, Side, Wall, SIZE,
};
use wallrush_core::{SplitMix64, Square};

use crate::grid::bits::cells;

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// `player` has the highest score, or shares it and has the largest single territory
    /// of those who share it (`tie_break`).
    Win {
        /// The winner.
        player: Player,
        /// Whether the largest-territory tie-break decided it.
        tie_break: bool,
    },
    /// The leaders tie on score and on their largest territory.
    Draw,
}

impl Outcome {
    /// The winner, if any.
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win { player, .. } => Some(player),
            Outcome::Draw => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// `red wins`, `red wins on the tie-break`, `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { player, tie_break: false } => write!(f, "{player} wins"),
            Outcome::Win { player, tie_break: true } => write!(f, "{player} wins on the tie-break"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// A region: cells connected through grooves without a wall, with the players whose
/// pieces stand in it.
///
/// ```
/// use wallrush_territory::wallgo::Position;
/// let pos = Position::two_player();
/// let regions: Vec<_> = pos.regions().collect();
/// assert_eq!(regions.len(), 1);
/// assert_eq!(regions[0].len(), 49);
/// assert!(regions[0].is_contested());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Region {
    mask: u64,
    players: u8,
}

impl Region {
    /// The cells as a mask: bit `rank * 7 + file`.
    pub const fn mask(self) -> u64 {
        self.mask
    }

    /// Number of cells.
    pub const fn len(self) -> u8 {
        self.mask.count_ones() as u8
    }

    /// Always false: a region has at least one cell.
    pub const fn is_empty(self) -> bool {
        self.mask == 0
    }

    /// Whether `square` is in the region.
    pub fn contains(self, square: Square) -> bool {
        square.is_on(SIZE) && self.mask & (1 << Cells::index(square)) != 0
    }

    /// The cells, in cell order (rank, then file).
    pub fn cells(self) -> impl Iterator<Item = Square> {
        Cells::squares(self.mask)
    }

    /// The players with a piece in the region, in turn order.
    pub fn players(self) -> impl Iterator<Item = Player> {
        Player::ALL.into_iter().filter(move |p| self.players & (1 << p.index()) != 0)
    }

    /// Whether pieces of two or more players share the region (their pieces are active).
    pub const fn is_contested(self) -> bool {
        self.players.count_ones() >= 2
    }

    /// The player whose territory this is: the only player with pieces in it. (During a
    /// placement setup nothing is finished and nothing scores, whatever this says.)
    pub fn owner(self) -> Option<Player> {
        if self.players.count_ones() == 1 {
            Player::from_index(self.players.trailing_zeros() as usize)
        } else {
            None
        }
    }
}

/// What [`Position::make`] returns: enough to [`unmake`](Position::unmake)
/// the move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Undo {
    mv: Move,
    turn: Player,
    /// Owner of the wall a break removed.
    owner: Player,
}

impl Undo {
    /// The move that was made.
    pub const fn mv(&self) -> Move {
        self.mv
    }
}

/// A Wall Go position: pieces, walls with their builders, the player to move, wall
/// breaks used, progress of a placement setup, and the regions (kept up to date
/// incrementally, checkable against a fresh flood with
/// [`verify_caches`](Self::verify_caches)).
///
/// Three tiers of play, as in the Quoridor [`Position`](wallrush_core::Position):
/// [`is_legal`](Self::is_legal), [`play`](Self::play) (refuses with the rule broken,
/// changing nothing) and [`play_unchecked`](Self::play_unchecked);
/// [`make`](Self::make) / [`unmake`](Self::unmake) for search.
///
/// `Display` draws the board (see the [module docs](super)); the one-line position text
/// is [`text`](Self::text) / [`from_text`](Self::from_text).
///
/// Equality and hashing cover the whole state; the region cache is kept in a canonical
/// order, so equal states always compare equal.
///
/// ```
/// use wallrush_territory::wallgo::{Player, Position};
/// let mut pos = Position::two_player();
/// assert_eq!(pos.turn(), Player::Red);
/// pos.play("b2-c3n".parse()?)?;
/// assert_eq!(pos.turn(), Player::Blue);
/// assert_eq!(pos.wall_owner("c3n".parse()?), Some(Player::Red));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    players: u8,
    turn: Player,
    /// Placements made so far (the total piece count once play has begun).
    placed: u8,
    /// Bit per player: wall break used.
    breaks_used: u8,
    /// Bit per cell, per player.
    pieces: [u64; 4],
    /// Bit `i`: a wall on the north groove of cell `i`, per builder.
    walls_n: [u64; 4],
    /// Bit `i`: a wall on the east groove of cell `i`, per builder.
    walls_e: [u64; 4],
    regions: Regions,
}

/// The bit of a square.
///
/// # Panics
/// If the square is off the board.
fn bit(sq: Square) -> u64 {
    assert!(sq.is_on(SIZE), "{sq} is off the 7x7 board");
    1 << Cells::index(sq)
}

fn square(i: usize) -> Square {
    Cells::square(i)
}

/// Cells where a move of the piece on cell `s` can end: reachable in at most two steps
/// through empty cells (the start counts as empty). TERRITORY.md also requires a free groove
/// there, which always holds: a piece enters its destination through a free groove, and an
/// active piece's own cell has one (its region holds another piece).
fn reach(s: usize, open_n: u64, open_e: u64, occupied: u64) -> u64 {
    let empty = (BOARD & !occupied) | 1 << s;
    let one = Cells::neighbours(1 << s, open_n, open_e) & empty;
    let two = Cells::neighbours(one, open_n, open_e) & empty;
    one | two | 1 << s
}

/// The free sides of cell `d`, in side order.
fn free_sides(d: usize, open_n: u64, open_e: u64) -> impl Iterator<Item = Side> {
    let free = [
        open_n >> d & 1 != 0,
        open_e >> d & 1 != 0,
        d >= 7 && open_n >> (d - 7) & 1 != 0,
        d % 7 > 0 && open_e >> (d - 1) & 1 != 0,
    ];
    Side::ALL.into_iter().zip(free).filter_map(|(s, f)| f.then_some(s))
}

/// The fixed two-player start: Red b2, d2, d6, f6; Blue b4, b6, f2, f4.
const FIXED_RED: [(u8, u8); 4] = [(1, 1), (3, 1), (3, 5), (5, 5)];
const FIXED_BLUE: [(u8, u8); 4] = [(1, 3), (1, 5), (5, 1), (5, 3)];

impl Default for Position {
    /// The two-player fixed start.
    fn default() -> Position {
        Position::two_player()
    }
}

impl Position {
    /// The empty board for `players`, nobody placed, Red to place.
    fn empty(players: u8) -> Position {
        Position {
            players,
            turn: Player::Red,
            placed: 0,
            breaks_used: 0,
            pieces: [0; 4],
            walls_n: [0; 4],
            walls_e: [0; 4],
            regions: Regions::fresh(HAS_NORTH, HAS_EAST),
        }
    }

    /// The two-player game from the fixed start (Red b2, d2, d6, f6; Blue b4, b6, f2, f4),
    /// Red to move.
    pub fn two_player() -> Position {
        let mut pos = Position::empty(2);
        let mask = |cells: [(u8, u8); 4]| cells.iter().fold(0, |m, &(f, r)| m | bit(Square::new(f, r)));
        pos.pieces[0] = mask(FIXED_RED);
        pos.pieces[1] = mask(FIXED_BLUE);
        pos.placed = 8;
        pos
    }

    /// The standard start for `players`: the fixed start for two, a placement setup for
    /// three or four.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] unless `players` is 2, 3 or 4.
    pub fn new(players: u8) -> Result<Position, SetupError> {
        match players {
            2 => Ok(Position::two_player()),
            _ => Position::placement(players),
        }
    }

    /// An empty board where the players place their pieces in snake order (R, B, Y, G,
    /// G, Y, B, R for four; R, B, B, R, R, B, B, R for two), Red first; then Red moves
    /// first.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] unless `players` is 2, 3 or 4.
    pub fn placement(players: u8) -> Result<Position, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError::PlayerCount(players as usize));
        }
        Ok(Position::empty(players))
    }

    /// Builds a position from its raw parts; the caller (`from_setup`) has validated them.
    pub(crate) fn from_parts(
        players: u8,
        turn: Player,
        breaks_used: u8,
        pieces: [u64; 4],
        walls_n: [u64; 4],
        walls_e: [u64; 4],
    ) -> Position {
        let placed = pieces.iter().map(|m| m.count_ones() as u8).sum();
        let mut pos = Position {
            players,
            turn,
            placed,
            breaks_used,
            pieces,
            walls_n,
            walls_e,
            regions: Regions::fresh(0, 0),
        };
        let (on, oe) = pos.open();
        pos.regions = Regions::fresh(on, oe);
        pos
    }

    /// Number of players: 2, 3 or 4.
    pub const fn players(&self) -> u8 {
        self.players
    }

    /// The players in the game, in turn order.
    pub fn player_list(&self) -> impl Iterator<Item = Player> + Clone {
        Player::first(self.players)
    }

    /// The player to move (or to place). Once the game is over, the player after the one
    /// who made the last move.
    pub const fn turn(&self) -> Player {
        self.turn
    }

    /// Whether a placement setup is still under way.
    pub fn is_placing(&self) -> bool {
        self.placed < self.total_pieces()
    }

    /// Pieces placed so far in a placement setup (the total once play has begun).
    pub const fn placed(&self) -> u8 {
        self.placed
    }

    fn total_pieces(&self) -> u8 {
        self.players * pieces_per_player(self.players)
    }

    /// The squares of `player`'s pieces, in cell order (rank, then file).
    pub fn pieces(&self, player: Player) -> impl Iterator<Item = Square> {
        cells(self.pieces[player.index()]).map(square)
    }

    /// The pieces of `player` as a mask (bit `rank * 7 + file`).
    pub fn piece_mask(&self, player: Player) -> u64 {
        self.pieces[player.index()]
    }

    /// The owner of the piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Player> {
        if !square.is_on(SIZE) {
            return None;
        }
        let b = bit(square);
        self.player_list().find(|p| self.pieces[p.index()] & b != 0)
    }

    /// Every wall with its builder, in wall order.
    pub fn walls(&self) -> impl Iterator<Item = (Wall, Player)> + '_ {
        let (wn, we) = self.all_walls();
        cells(wn | we).flat_map(move |i| {
            [(wn, true), (we, false)].into_iter().filter(move |&(m, _)| m & (1 << i) != 0).map(
                move |(_, h)| {
                    let w = Wall::from_cell(i, h);
                    (w, self.wall_owner(w).expect("a wall has a builder"))
                },
            )
        })
    }

    /// Number of walls on the board.
    pub fn wall_count(&self) -> u32 {
        let (wn, we) = self.all_walls();
        wn.count_ones() + we.count_ones()
    }

    /// Who built the wall on `wall`'s groove, if there is one.
    pub fn wall_owner(&self, wall: Wall) -> Option<Player> {
        let (masks, i) = self.wall_masks(wall);
        self.player_list().find(|p| masks[p.index()] & (1 << i) != 0)
    }

    /// Whether a piece could step between `a` and `b`: they are orthogonal neighbours on
    /// the board with no wall between them (pieces are ignored).
    pub fn is_open(&self, a: Square, b: Square) -> bool {
        Side::towards(a, b, SIZE).and_then(|s| Wall::new(a, s)).is_some_and(|w| self.wall_owner(w).is_none())
    }

    /// Whether `player` has used its wall break.
    pub const fn break_used(&self, player: Player) -> bool {
        self.breaks_used & (1 << player as u8) != 0
    }

    /// The regions, in order of their lowest cell.
    pub fn regions(&self) -> impl Iterator<Item = Region> + '_ {
        self.regions.as_slice().iter().map(|&mask| self.region(mask))
    }

    /// The region holding `square`.
    ///
    /// # Panics
    /// If `square` is off the board.
    pub fn region_of(&self, square: Square) -> Region {
        assert!(square.is_on(SIZE), "{square} is off the 7x7 board");
        self.region(self.regions.of(Cells::index(square)))
    }

    fn region(&self, mask: u64) -> Region {
        let players = self.player_list().fold(0u8, |acc, p| {
            if self.pieces[p.index()] & mask != 0 {
                acc | 1 << p.index()
            } else {
                acc
            }
        });
        Region { mask, players }
    }

    /// The cells of every contested region (shared by two or more players' pieces).
    fn contested_mask(&self) -> u64 {
        self.regions().filter(|r| r.is_contested()).fold(0, |m, r| m | r.mask)
    }

    /// Whether the piece on `square` is active: it shares its region with another
    /// player's piece. `false` for an empty square. (During a placement setup no piece can
    /// move yet, whatever this says.)
    pub fn is_active(&self, square: Square) -> bool {
        square.is_on(SIZE) && self.piece_at(square).is_some() && self.contested_mask() & bit(square) != 0
    }

    /// Whether `player` can act: play has begun, and it has an active piece (every active
    /// piece can at least stay and wall a free groove of its own cell, see the module
    /// docs). A player who cannot act is skipped.
    pub fn can_act(&self, player: Player) -> bool {
        !self.is_placing() && self.pieces[player.index()] & self.contested_mask() != 0
    }

    /// Whether the game is over: play has begun and no region holds pieces of two
    /// players (so nobody can act).
    pub fn is_game_over(&self) -> bool {
        !self.is_placing() && self.contested_mask() == 0
    }

    /// Each player's score now: the cells of its territories (all zero during a placement
    /// setup, when nothing is finished yet).
    pub fn scores(&self) -> ByPlayer<u8> {
        self.territory_stats().0
    }

    /// Each player's largest single territory now, in cells (zero during a placement
    /// setup).
    pub fn largest_territories(&self) -> ByPlayer<u8> {
        self.territory_stats().1
    }

    fn territory_stats(&self) -> (ByPlayer<u8>, ByPlayer<u8>) {
        let mut total = ByPlayer::default();
        let mut largest = ByPlayer::<u8>::default();
        if self.is_placing() {
            return (total, largest);
        }
        for r in self.regions() {
            if let Some(p) = r.owner() {
                total[p] += r.len();
                largest[p] = largest[p].max(r.len());
            }
        }
        (total, largest)
    }

    /// The result, once the game is over: highest score wins; equal leaders are split by
    /// their largest single territory; if that ties too, a draw.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_game_over() {
            return None;
        }
        let (total, largest) = self.territory_stats();
        let best = self.player_list().map(|p| total[p]).max().unwrap_or(0);
        let leaders = || self.player_list().filter(move |&p| total[p] == best);
        if leaders().count() == 1 {
            return leaders().next().map(|player| Outcome::Win { player, tie_break: false });
        }
        let best_largest = leaders().map(|p| largest[p]).max().unwrap_or(0);
        let mut top = leaders().filter(|&p| largest[p] == best_largest);
        match (top.next(), top.next()) {
            (Some(player), None) => Some(Outcome::Win { player, tie_break: true }),
            _ => Some(Outcome::Draw),
        }
    }

    /// The cells the piece on `from` can end a move on: reachable in 0–2 free steps and
    /// with a wall-less groove. Empty unless it is the mover's active piece during play.
    pub fn destinations(&self, from: Square) -> impl Iterator<Item = Square> {
        let mask = if self.is_movable(from) { self.reach(Cells::index(from)) } else { 0 };
        cells(mask).map(square)
    }

    fn is_movable(&self, from: Square) -> bool {
        !self.is_placing()
            && from.is_on(SIZE)
            && self.pieces[self.turn.index()] & self.contested_mask() & bit(from) != 0
    }

    /// Cells reachable from cell `s` in at most two steps through empty cells.
    fn reach(&self, s: usize) -> u64 {
        let (on, oe) = self.open();
        reach(s, on, oe, self.occupied())
    }

    /// The free sides of cell `d`, in side order.
    fn free_sides(&self, d: usize) -> impl Iterator<Item = Side> {
        let (on, oe) = self.open();
        free_sides(d, on, oe)
    }

    /// Every legal move: placements in cell order; or steps by piece, destination (cell
    /// order) and side (north, east, south, west), then wall breaks in wall order. Empty
    /// when the game is over.
    ///
    /// ```
    /// use wallrush_territory::wallgo::Position;
    /// let pos = Position::two_player();
    /// assert_eq!(pos.legal_moves().len(), 134);
    /// assert_eq!(Position::new(4)?.legal_moves().len(), 49);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::new();
        if self.is_game_over() {
            return out;
        }
        if self.is_placing() {
            out.extend(cells(BOARD & !self.occupied()).map(|i| Move::Place(square(i))));
            return out;
        }
        let (on, oe) = self.open();
        let occupied = self.occupied();
        for s in cells(self.pieces[self.turn.index()] & self.contested_mask()) {
            for d in cells(reach(s, on, oe, occupied)) {
                for side in free_sides(d, on, oe) {
                    out.push(Move::Step { from: square(s), to: square(d), side });
                }
            }
        }
        if self.may_break() {
            let (wn, we) = self.all_walls();
            for i in cells(wn | we) {
                if wn & 1 << i != 0 {
                    out.push(Move::Break(Wall::from_cell(i, true)));
                }
                if we & 1 << i != 0 {
                    out.push(Move::Break(Wall::from_cell(i, false)));
                }
            }
        }
        out
    }

    /// Number of legal moves, without listing them.
    pub fn legal_move_count(&self) -> usize {
        if self.is_game_over() {
            return 0;
        }
        if self.is_placing() {
            return (BOARD & !self.occupied()).count_ones() as usize;
        }
        let (on, oe) = self.open();
        let occupied = self.occupied();
        let mut n = 0;
        for s in cells(self.pieces[self.turn.index()] & self.contested_mask()) {
            // Destinations with a free groove on each side, counted in bulk.
            let ends = reach(s, on, oe, occupied);
            n += (ends & on).count_ones() + (ends & oe).count_ones();
            n += (ends & on << 7).count_ones() + (ends & oe << 1).count_ones();
        }
        let mut n = n as usize;
        if self.may_break() {
            n += self.wall_count() as usize;
        }
        n
    }

    fn may_break(&self) -> bool {
        self.players > 2 && !self.break_used(self.turn)
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.check(m).is_ok()
    }

    /// Checks `m` against every rule.
    ///
    /// # Errors
    /// The first rule `m` breaks, in the order listed on [`Illegal`].
    pub fn check(&self, m: Move) -> Result<(), Illegal> {
        use Illegal as E;
        if self.is_game_over() {
            return Err(E::GameOver);
        }
        let on_board = |sq: Square| if sq.is_on(SIZE) { Ok(()) } else { Err(E::OffBoard(sq)) };
        match m {
            Move::Place(sq) => {
                if !self.is_placing() {
                    return Err(E::NotPlacing);
                }
                on_board(sq)?;
                if self.occupied() & bit(sq) != 0 {
                    return Err(E::Occupied(sq));
                }
            }
            Move::Step { from, to, side } => {
                if self.is_placing() {
                    return Err(E::MustPlace(self.turn));
                }
                on_board(from)?;
                on_board(to)?;
                if self.pieces[self.turn.index()] & bit(from) == 0 {
                    return Err(E::NoPiece { player: self.turn, square: from });
                }
                if self.contested_mask() & bit(from) == 0 {
                    return Err(E::Finished(from));
                }
                if self.reach(Cells::index(from)) & bit(to) == 0 {
                    return Err(E::Unreachable { from, to });
                }
                let wall = Wall::new(to, side).ok_or(E::BoardEdge { square: to, side })?;
                if let Some(owner) = self.wall_owner(wall) {
                    return Err(E::GrooveTaken { wall, owner });
                }
            }
            Move::Break(wall) => {
                if self.is_placing() {
                    return Err(E::MustPlace(self.turn));
                }
                if self.players == 2 {
                    return Err(E::NoBreakWithTwo);
                }
                if self.break_used(self.turn) {
                    return Err(E::BreakUsed(self.turn));
                }
                if self.wall_owner(wall).is_none() {
                    return Err(E::NoWall(wall));
                }
            }
        }
        Ok(())
    }

    /// Plays `m` if it is legal; otherwise changes nothing and says which rule it breaks.
    ///
    /// # Errors
    /// [`Illegal`], as [`check`](Self::check).
    ///
    /// ```
    /// use wallrush_territory::wallgo::{Illegal, Position};
    /// let mut pos = Position::two_player();
    /// pos.play("b2-b3e".parse()?)?;
    /// let err = pos.play("b2n".parse()?).unwrap_err(); // Blue to move, b2 is empty now
    /// assert_eq!(err.to_string(), "no blue piece on b2");
    /// assert!(matches!(err, Illegal::NoPiece { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, m: Move) -> Result<(), Illegal> {
        self.check(m)?;
        self.make(m);
        Ok(())
    }

    /// Plays `m` without checking it, for callers that took it from
    /// [`legal_moves`](Self::legal_moves).
    ///
    /// # Panics
    /// May panic if `m` is not legal (always on squares off the board, a wall on the board
    /// edge, or a break of an empty groove); any other illegal move leaves the position
    /// in an unspecified (but memory-safe) state.
    pub fn play_unchecked(&mut self, m: Move) {
        self.make(m);
    }

    /// Plays `m` unchecked (see [`play_unchecked`](Self::play_unchecked)) and returns
    /// what [`unmake`](Self::unmake) needs to take it back.
    ///
    /// # Panics
    /// As [`play_unchecked`](Self::play_unchecked).
    pub fn make(&mut self, m: Move) -> Undo {
        let mover = self.turn;
        let p = mover.index();
        let mut undo = Undo { mv: m, turn: mover, owner: mover };
        match m {
            Move::Place(sq) => {
                self.pieces[p] |= bit(sq);
                self.placed += 1;
                self.turn =
                    if self.is_placing() { placer(self.players, self.placed) } else { self.next_active(0) };
            }
            Move::Step { from, to, side } => {
                self.pieces[p] ^= bit(from) ^ bit(to);
                let wall = Wall::new(to, side).expect("a step walls a groove, not the board edge");
                self.set_wall(wall, mover, true);
                let (on, oe) = self.open();
                self.regions.wall_added(wall.cell(), wall.other_cell(), on, oe);
                self.turn = self.next_active(p + 1);
            }
            Move::Break(wall) => {
                undo.owner = self.wall_owner(wall).expect("a break removes a wall");
                self.set_wall(wall, undo.owner, false);
                self.regions.wall_removed(wall.cell(), wall.other_cell());
                self.breaks_used |= 1 << p;
                self.turn = self.next_active(p + 1);
            }
        }
        undo
    }

    /// Takes back the move `undo` came from, restoring the position exactly. It must be
    /// the last move made.
    #[doc(alias = "undo")]
    pub fn unmake(&mut self, undo: Undo) {
        let p = undo.turn.index();
        match undo.mv {
            Move::Place(sq) => {
                self.pieces[p] &= !bit(sq);
                self.placed -= 1;
            }
            Move::Step { from, to, side } => {
                self.pieces[p] ^= bit(from) ^ bit(to);
                let wall = Wall::new(to, side).expect("a step walls a groove");
                self.set_wall(wall, undo.turn, false);
                self.regions.wall_removed(wall.cell(), wall.other_cell());
            }
            Move::Break(wall) => {
                self.set_wall(wall, undo.owner, true);
                let (on, oe) = self.open();
                self.regions.wall_added(wall.cell(), wall.other_cell(), on, oe);
                self.breaks_used &= !(1 << p);
            }
        }
        self.turn = undo.turn;
    }

    /// The first player from number `start` on (cyclically) with an active piece; if
    /// there is none (the game is over), the player numbered `start`.
    fn next_active(&self, start: usize) -> Player {
        let n = self.players as usize;
        let contested = self.contested_mask();
        (0..n)
            .map(|k| (start + k) % n)
            .find(|&q| self.pieces[q] & contested != 0)
            .and_then(Player::from_index)
            .unwrap_or(Player::from_index(start % n).expect("fewer than 5 players"))
    }

    /// The action of a player whose clock ran out (TERRITORY.md part A, *Clock*): a random
    /// legal 0-step move (stay and wall a free groove) of a random piece that can act,
    /// each piece and then each free groove equally likely; if no piece can act, a
    /// uniformly random legal move (a placement during a placement setup). `None` when the
    /// game is over.
    ///
    /// ```
    /// use wallrush_territory::wallgo::{Move, Position};
    /// use wallrush_core::SplitMix64;
    /// let pos = Position::two_player();
    /// let m = pos.timeout_action(&mut SplitMix64::new(1)).unwrap();
    /// assert!(matches!(m, Move::Step { from, to, .. } if from == to));
    /// assert!(pos.is_legal(m));
    /// ```
    pub fn timeout_action(&self, rng: &mut SplitMix64) -> Option<Move> {
        if self.is_game_over() {
            return None;
        }
        let acting: SmallVec<[usize; 4]> = if self.is_placing() {
            SmallVec::new()
        } else {
            cells(self.pieces[self.turn.index()] & self.contested_mask())
                .filter(|&s| self.free_sides(s).next().is_some())
                .collect()
        };
        if acting.is_empty() {
            let moves = self.legal_moves();
            return (!moves.is_empty()).then(|| moves[rng.below(moves.len() as u64) as usize]);
        }
        let s = acting[rng.below(acting.len() as u64) as usize];
        let sides: SmallVec<[Side; 4]> = self.free_sides(s).collect();
        let side = sides[rng.below(sides.len() as u64) as usize];
        Some(Move::Step { from: square(s), to: square(s), side })
    }

    /// Checks the incremental region cache against a fresh flood fill, and the basic
    /// invariants of the parts.
    ///
    /// # Errors
    /// A description of the first inconsistency found.
    pub fn verify_caches(&self) -> Result<(), &'static str> {
        let (on, oe) = self.open();
        if self.regions != Regions::fresh(on, oe) {
            return Err("regions differ from a fresh flood fill");
        }
        let mut seen = 0;
        for m in self.pieces {
            if m & seen != 0 || m & !BOARD != 0 {
                return Err("pieces overlap or lie off the board");
            }
            seen |= m;
        }
        let (mut sn, mut se) = (0, 0);
        for (n, e) in self.walls_n.into_iter().zip(self.walls_e) {
            if n & sn != 0 || e & se != 0 || n & !HAS_NORTH != 0 || e & !HAS_EAST != 0 {
                return Err("walls overlap or lie on the board edge");
            }
            sn |= n;
            se |= e;
        }
        if self.placed != seen.count_ones() as u8 {
            return Err("placement count differs from the pieces on the board");
        }
        Ok(())
    }

    fn occupied(&self) -> u64 {
        self.pieces.iter().fold(0, |a, &m| a | m)
    }

    fn all_walls(&self) -> (u64, u64) {
        (self.walls_n.iter().fold(0, |a, &m| a | m), self.walls_e.iter().fold(0, |a, &m| a | m))
    }

    /// The open-edge masks (board edge folded in).
    fn open(&self) -> (u64, u64) {
        let (wn, we) = self.all_walls();
        (HAS_NORTH & !wn, HAS_EAST & !we)
    }

    fn wall_masks(&self, wall: Wall) -> (&[u64; 4], usize) {
        (if wall.is_horizontal() { &self.walls_n } else { &self.walls_e }, wall.cell())
    }

    fn set_wall(&mut self, wall: Wall, owner: Player, on: bool) {
        let masks = if wall.is_horizontal() { &mut self.walls_n } else { &mut self.walls_e };
        if on {
            masks[owner.index()] |= 1 << wall.cell();
        } else {
            masks[owner.index()] &= !(1 << wall.cell());
        }
    }
}

impl fmt::Display for Position {
    /// The board in text, rank 7 at the top: pieces as `R`, `B`, `Y`, `G`; an empty cell
    /// of a territory as its owner's lowercase letter; an empty cell of a region without
    /// pieces as `:`; any other empty cell as `.`; walls as `|` and `---`. Below the board:
    /// whose turn it is (or the result), the scores, each player's walls and, with three
    /// or four players, the wall breaks used.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let regions: SmallVec<[Region; 16]> = self.regions().collect();
        let placing = self.is_placing();
        let glyph = |sq: Square| {
            if let Some(p) = self.piece_at(sq) {
                return p.letter();
            }
            let r = regions.iter().find(|r| r.contains(sq)).expect("regions cover the board");
            match r.owner() {
                _ if placing => '.',
                Some(p) => p.letter().to_ascii_lowercase(),
                None if r.players == 0 => ':',
                None => '.',
            }
        };
        let mut line = String::new();
        let flush = |f: &mut fmt::Formatter<'_>, line: &mut String| {
            let r = writeln!(f, "{}", line.trim_end());
            line.clear();
            r
        };
        for r in (0..SIZE).rev() {
            line.push(char::from(b'1' + r));
            line.push(' ');
            for file in 0..SIZE {
                let sq = Square::new(file, r);
                line.extend([' ', glyph(sq), ' ']);
                if file + 1 < SIZE {
                    line.push(if self.is_open(sq, Square::new(file + 1, r)) { ' ' } else { '|' });
                }
            }
            flush(f, &mut line)?;
            if r > 0 {
                line.push_str("  ");
                for file in 0..SIZE {
                    let open = self.is_open(Square::new(file, r), Square::new(file, r - 1));
                    line.push_str(if open { "    " } else { "--- " });
                }
                flush(f, &mut line)?;
            }
        }
        line.push_str("  ");
        for file in 0..SIZE {
            line.extend([' ', char::from(b'a' + file), ' ', ' ']);
        }
        flush(f, &mut line)?;
        match self.outcome() {
            Some(o) => write!(f, "game over: {o}")?,
            None if placing => write!(f, "{} to place", self.turn)?,
            None => write!(f, "{} to move", self.turn)?,
        }
        let (total, largest) = self.territory_stats();
        f.write_str("\nscores:")?;
        for (i, p) in self.player_list().enumerate() {
            let sep = if i == 0 { " " } else { ", " };
            write!(f, "{sep}{p} {} (largest {})", total[p], largest[p])?;
        }
        f.write_str("\nwalls:")?;
        for (i, p) in self.player_list().enumerate() {
            write!(f, "{}{p}", if i == 0 { " " } else { "; " })?;
            let mut any = false;
            for (w, _) in self.walls().filter(|&(_, o)| o == p) {
                write!(f, " {w}")?;
                any = true;
            }
            if !any {
                f.write_str(" -")?;
            }
        }
        if self.players > 2 {
            f.write_str("\nwall breaks used:")?;
            let mut any = false;
            for p in self.player_list().filter(|&p| self.break_used(p)) {
                write!(f, " {p}")?;
                any = true;
            }
            if !any {
                f.write_str(" none")?;
            }
        }
        Ok(())
    }
}
