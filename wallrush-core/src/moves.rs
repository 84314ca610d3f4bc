//! Moves.

use core::fmt;

use crate::{Square, Wall};

/// One ply: a pawn move, a wall, or the forced pass.
///
/// A pawn move is named by its destination; whether it is a step or a jump follows from
/// the position. Resignation is not a move (it is an action of a game, see
/// [`Position::resign`](crate::Position::resign)).
///
/// The `Display` and `FromStr` forms are the standard notation: `e2`, `d4h`, `d4v`,
/// `pass`.
///
/// ```
/// use wallrush_core::{Move, Square};
/// let m: Move = "e2".parse()?;
/// assert_eq!(m, Move::Pawn(Square::new(4, 1)));
/// assert_eq!("pass".parse::<Move>()?, Move::Pass);
/// # Ok::<(), wallrush_core::text::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Move {
    /// Move the pawn (step or jump) to this square.
    Pawn(Square),
    /// Place this wall.
    Wall(Wall),
    /// The forced pass of a seat that has no legal move.
    Pass,
}

impl Move {
    /// The move in standard notation as a board of `size` writes it (`rRcC` squares past
    /// 26 wide).
    pub const fn text(self, size: u8) -> MoveText {
        MoveText { mv: self, size }
    }
}

/// A move formatted for a given board size (see [`Move::text`]).
#[derive(Clone, Copy, Debug)]
pub struct MoveText {
    mv: Move,
    size: u8,
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mv {
            Move::Pawn(sq) => sq.text(self.size).fmt(f),
            Move::Wall(w) => w.text(self.size).fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text(0).fmt(f)
    }
}

impl From<Wall> for Move {
    fn from(w: Wall) -> Move {
        Move::Wall(w)
    }
}

/// A move in 16 bits, for bulk move generation: what
/// [`Position::for_each_legal_move`](crate::Position::for_each_legal_move) yields and
/// [`Position::make_compact`](crate::Position::make_compact) plays, without building a
/// list or a [`Move`].
///
/// It names a kind (pawn move, horizontal wall, vertical wall or pass) and a cell index
/// `rank * size + file` (the pawn's destination or the wall's anchor), so it only means
/// something on a board of the size it came from. [`Position::expand_move`] turns it into
/// a [`Move`], [`Position::compact_move`] back.
///
/// ```
/// use wallrush_core::{CompactMove, Move, Position};
/// let pos = Position::classic();
/// let mut moves = Vec::new();
/// pos.for_each_legal_move(|m| moves.push(m));
/// assert_eq!(moves.len(), 131);
/// assert!(moves[0].is_pawn() && moves[3].is_wall() && !CompactMove::PASS.is_wall());
/// let listed: Vec<Move> = moves.iter().map(|&m| pos.expand_move(m)).collect();
/// assert_eq!(listed, pos.legal_moves().to_vec());
/// let d4h: Move = "d4h".parse()?;
/// let c = pos.compact_move(d4h).expect("on the board");
/// assert_eq!((c.cell(), pos.expand_move(c)), (3 * 9 + 3, d4h));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`Position::expand_move`]: crate::Position::expand_move
/// [`Position::compact_move`]: crate::Position::compact_move
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CompactMove(u16);

impl CompactMove {
    pub(crate) const PAWN: u16 = 0;
    pub(crate) const WALL_H: u16 = 1;
    pub(crate) const WALL_V: u16 = 2;
    pub(crate) const PASS_KIND: u16 = 3;

    /// The forced pass.
    pub const PASS: CompactMove = CompactMove(CompactMove::PASS_KIND << 14);

    #[inline(always)]
    pub(crate) const fn new(kind: u16, cell: usize) -> CompactMove {
        CompactMove(kind << 14 | cell as u16)
    }

    #[inline(always)]
    pub(crate) const fn kind(self) -> u16 {
        self.0 >> 14
    }

    /// The cell index (`rank * size + file`) of the pawn's destination or the wall's
    /// anchor; 0 for the pass.
    #[inline]
    pub const fn cell(self) -> usize {
        (self.0 & 0x3ff) as usize
    }

    /// Whether it is a pawn move.
    #[inline]
    pub const fn is_pawn(self) -> bool {
        self.kind() == CompactMove::PAWN
    }

    /// Whether it is a wall.
    #[inline]
    pub const fn is_wall(self) -> bool {
        matches!(self.kind(), CompactMove::WALL_H | CompactMove::WALL_V)
    }

    /// Whether it is the pass.
    #[inline]
    pub const fn is_pass(self) -> bool {
        self.kind() == CompactMove::PASS_KIND
    }

    /// The 16 bits: the kind in the top two (0 pawn, 1 horizontal wall, 2 vertical wall,
    /// 3 pass), the cell in the low ten.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }
}
