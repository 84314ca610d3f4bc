//! Pawn moves: steps, straight jumps and diagonal jumps (RULES.md §4).

use super::Board;
use crate::bits::Bits;
use crate::{Seat, Square};

/// How a pawn move gets to its square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PawnMoveKind {
    /// One cell up, down, left or right.
    Step,
    /// Straight over an adjacent pawn.
    Jump,
    /// Beside an adjacent pawn whose straight jump is blocked.
    Diagonal,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dir {
    North,
    East,
    South,
    West,
}

impl Dir {
    const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];
    fn sides(self) -> [Dir; 2] {
        match self {
            Dir::North | Dir::South => [Dir::West, Dir::East],
            Dir::East | Dir::West => [Dir::South, Dir::North],
        }
    }
}

impl<B: Bits> Board<B> {
    /// Destination mask of the mover's pawn moves (empty once the game is over).
    pub(crate) fn pawn_targets(&self) -> B {
        if self.is_over() {
            return B::empty();
        }
        self.pawn_targets_of(self.state.turn)
    }

    #[inline]
    fn pawn_targets_of(&self, seat: Seat) -> B {
        let (st, n) = (&self.state, self.geometry.n);
        let c = st.pawns[seat.index()] as usize;
        // The four steps at once, as masks (open edges lie on the board, so no shift
        // wraps); only a pawn next to another pawn needs the jump rules below.
        let (p, e, nn) = (B::bit(c), st.walls.open_e, st.walls.open_n);
        let steps = ((p & e) << 1) | ((p >> 1) & e) | ((p & nn) << n) | ((p >> n) & nn);
        if !steps.intersects(st.occupied) {
            return steps;
        }
        self.pawn_targets_beside_pawns(c)
    }

    /// The pawn moves from `c` when a pawn stands next to it: steps, straight jumps and
    /// diagonal jumps, direction by direction.
    #[inline(never)]
    fn pawn_targets_beside_pawns(&self, c: usize) -> B {
        let occupied = self.state.occupied;
        let mut out = B::empty();
        for d in Dir::ALL {
            let Some(nb) = self.neighbour(c, d) else {
                continue;
            };
            if !occupied.has(nb) {
                out |= B::bit(nb);
                continue;
            }
            match self.neighbour(nb, d) {
                Some(beyond) if occupied.has(beyond) => {} // two pawns in a row: no jump
                Some(beyond) => out |= B::bit(beyond),
                None => {
                    for side in d.sides() {
                        if let Some(t) = self.neighbour(nb, side) {
                            if !occupied.has(t) {
                                out |= B::bit(t);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The cell next to `c` in direction `d`, if the edge between them is open.
    #[inline]
    fn neighbour(&self, c: usize, d: Dir) -> Option<usize> {
        let n = self.geometry.n as usize;
        let walls = &self.state.walls;
        // Open edges lie on the board: bit `c − 1` of `open_e` is never set when `c` is in
        // the first file, so west needs no file check.
        match d {
            Dir::East => walls.open_e.has(c).then_some(c + 1),
            Dir::West => (c >= 1 && walls.open_e.has(c - 1)).then(|| c - 1),
            Dir::North => walls.open_n.has(c).then_some(c + n),
            Dir::South => (c >= n && walls.open_n.has(c - n)).then(|| c - n),
        }
    }

    /// Whether the mover's pawn move to `to` is a step, a straight jump or a diagonal jump;
    /// `None` when it is not a legal pawn move.
    pub(crate) fn pawn_move_kind(&self, to: Square) -> Option<PawnMoveKind> {
        let g = &*self.geometry;
        if !to.is_on(g.variant.size()) || !self.pawn_targets().has(g.cell(to)) {
            return None;
        }
        let from = g.square(self.state.pawns[self.state.turn.index()] as usize);
        let (df, dr) = (to.file().abs_diff(from.file()), to.rank().abs_diff(from.rank()));
        Some(match (df, dr) {
            (1, 0) | (0, 1) => PawnMoveKind::Step,
            (2, 0) | (0, 2) => PawnMoveKind::Jump,
            _ => PawnMoveKind::Diagonal,
        })
    }
}
