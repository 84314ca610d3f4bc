//! Dense integer actions and observation planes, for agents (reinforcement learning,
//! search with a policy head, data pipelines).
//!
//! Every variant gets a fixed action space of [`num_actions`] ids, each naming one move of
//! that variant whatever the position:
//!
//! | ids | move |
//! |---|---|
//! | `0 .. n²` | pawn move to the cell `rank * n + file` (a step or a jump alike) |
//! | `n² .. n² + S` | horizontal wall anchored at `(file, rank)`: id `n² + rank * (n − L + 1) + file` |
//! | `n² + S .. n² + 2S` | vertical wall anchored at `(file, rank)`: id `n² + S + rank * (n − 1) + file` |
//! | `n² + 2S` | the forced pass |
//!
//! `n` is the board size, `L` the wall length, and `S = (n − 1)(n − L + 1)` the number of
//! anchors where a wall of the variant fits ([`Variant::wall_slots`]), per orientation.
//! Ranks and files are 0-based and count from the bottom left (`a1` is cell 0). Anchors
//! are the standard notation's (the lower-left cell of the block the wall borders): a
//! horizontal anchor has `rank ≤ n − 2` and `file ≤ n − L`, a vertical one `file ≤ n − 2`
//! and `rank ≤ n − L`. The classic game has `81 + 64 + 64 + 1 = 210` actions.
//!
//! ```
//! use wallrush_core::actions;
//! use wallrush_core::{Position, Variant};
//! let v = Variant::classic();
//! assert_eq!(actions::num_actions(&v), 210);
//! assert_eq!(actions::encode(&v, "e2".parse()?), Some(13)); // rank 1 * 9 + file 4
//! assert_eq!(actions::decode(&v, 81 + 3 * 8 + 3), Some("d4h".parse()?));
//! let pos = Position::classic();
//! let legal = actions::legal_actions(&pos);
//! assert_eq!(&legal[..3], &[3, 5, 13]); // d1, f1, e2
//! assert_eq!(legal.len(), 131);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`observation`] describes a position as `3P + 4` planes of `n × n` floats (`P` the
//! number of seats); [`observation_planes`] lists them. The module [`openspiel`] converts
//! to and from OpenSpiel's Quoridor action ids.

pub mod openspiel;

use alloc::vec;
use alloc::vec::Vec;

use crate::{CompactMove, Game, IllegalMove, Move, Orientation, Position, Square, Variant, Wall};

/// Where each kind of action starts in a variant's action space.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ActionLayout {
    /// Board size `n`.
    pub size: usize,
    /// First horizontal-wall id (`n²`).
    pub horizontal: usize,
    /// Horizontal anchors per rank (`n − L + 1`).
    pub horizontal_width: usize,
    /// First vertical-wall id (`n² + S`).
    pub vertical: usize,
    /// Vertical anchors per rank (`n − 1`).
    pub vertical_width: usize,
    /// The pass id (`n² + 2S`); the number of actions is one more.
    pub pass: usize,
}

impl ActionLayout {
    /// The layout of `variant`'s action space.
    pub const fn new(variant: &Variant) -> ActionLayout {
        let n = variant.size() as usize;
        let l = variant.wall_length() as usize;
        let slots = variant.wall_slots();
        ActionLayout {
            size: n,
            horizontal: n * n,
            horizontal_width: n + 1 - l,
            vertical: n * n + slots,
            vertical_width: n - 1,
            pass: n * n + 2 * slots,
        }
    }

    /// The number of actions.
    pub const fn len(&self) -> usize {
        self.pass + 1
    }

    /// Never true: every variant has at least its pawn moves and the pass.
    pub const fn is_empty(&self) -> bool {
        false
    }
}

/// The number of actions of `variant`: `n² + 2S + 1` (see the [module](self) docs).
pub const fn num_actions(variant: &Variant) -> usize {
    ActionLayout::new(variant).len()
}

/// The id of the pass in `variant`'s action space (its last id).
pub const fn pass_action(variant: &Variant) -> usize {
    ActionLayout::new(variant).pass
}

/// The action id of `m` in `variant`, or `None` when the move does not fit the variant
/// (a square off the board, or a wall that does not lie wholly inside it). Legality in a
/// position is not checked.
pub fn encode(variant: &Variant, m: Move) -> Option<usize> {
    let lay = ActionLayout::new(variant);
    let n = lay.size as u8;
    match m {
        Move::Pawn(sq) => sq.is_on(n).then(|| sq.rank() as usize * lay.size + sq.file() as usize),
        Move::Wall(w) => {
            if !w.is_on(n, variant.wall_length()) {
                return None;
            }
            let (f, r) = (w.anchor().file() as usize, w.anchor().rank() as usize);
            Some(match w.orientation() {
                Orientation::Horizontal => lay.horizontal + r * lay.horizontal_width + f,
                Orientation::Vertical => lay.vertical + r * lay.vertical_width + f,
            })
        }
        Move::Pass => Some(lay.pass),
    }
}

/// The move `id` names in `variant`, or `None` when `id` is not below
/// [`num_actions`]. The inverse of [`encode`].
pub fn decode(variant: &Variant, id: usize) -> Option<Move> {
    let lay = ActionLayout::new(variant);
    let coords = |i: usize, width: usize| Square::new((i % width) as u8, (i / width) as u8);
    Some(if id < lay.horizontal {
        Move::Pawn(coords(id, lay.size))
    } else if id < lay.vertical {
        Move::Wall(Wall::horizontal(coords(id - lay.horizontal, lay.horizontal_width)))
    } else if id < lay.pass {
        Move::Wall(Wall::vertical(coords(id - lay.vertical, lay.vertical_width)))
    } else if id == lay.pass {
        Move::Pass
    } else {
        return None;
    })
}

/// The compact move of action `id` on a board of layout `lay`, or `None` when `id` is not
/// below the number of actions: [`decode`] without building the [`Move`].
fn compact(lay: &ActionLayout, id: usize) -> Option<CompactMove> {
    let anchor = |i: usize, width: usize| (i / width) * lay.size + i % width;
    Some(if id < lay.horizontal {
        CompactMove::new(CompactMove::PAWN, id)
    } else if id < lay.vertical {
        CompactMove::new(CompactMove::WALL_H, anchor(id - lay.horizontal, lay.horizontal_width))
    } else if id < lay.pass {
        CompactMove::new(CompactMove::WALL_V, anchor(id - lay.vertical, lay.vertical_width))
    } else if id == lay.pass {
        CompactMove::PASS
    } else {
        return None;
    })
}

/// Why [`play`] or [`play_in_game`] refused an action id.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PlayActionError {
    /// The id names no move of the variant: it is not below [`num_actions`].
    #[error("action {id} is out of range: 0 ..= {last}")]
    OutOfRange {
        /// The id given.
        id: usize,
        /// The variant's last id (the pass).
        last: usize,
    },
    /// The move is not legal here.
    #[error(transparent)]
    Illegal(IllegalMove),
}

/// Plays the move of action `id` if it is legal: `pos.play(decode(variant, id)?)` in one
/// step, for agents that play by id.
///
/// ```
/// use wallrush_core::actions::{self, PlayActionError};
/// use wallrush_core::Position;
/// let mut pos = Position::classic();
/// actions::play(&mut pos, 13)?; // e2
/// assert_eq!(pos.pawn(wallrush_core::Seat::South), Some("e2".parse()?));
/// assert!(matches!(actions::play(&mut pos, 4), Err(PlayActionError::Illegal(_)))); // e1
/// assert_eq!(actions::play(&mut pos, 210), Err(PlayActionError::OutOfRange { id: 210, last: 209 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`PlayActionError`]: the id is out of range, or the move breaks a rule (named as
/// [`Position::play`] names it); `pos` is then unchanged.
pub fn play(pos: &mut Position, id: usize) -> Result<(), PlayActionError> {
    let lay = ActionLayout::new(&pos.variant());
    let m = compact(&lay, id).ok_or(PlayActionError::OutOfRange { id, last: lay.pass })?;
    pos.play_compact(m).map_err(PlayActionError::Illegal)
}

/// [`play`] in a [`Game`]: the move of action `id` is played if [`Game::play`] would
/// play it, and kept in the history.
///
/// ```
/// use wallrush_core::{actions, Game};
/// let mut game = Game::classic();
/// actions::play_in_game(&mut game, 13)?; // e2
/// assert_eq!(game.moves().last(), Some("e2".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`play`], and [`Illegal::GameOver`](crate::Illegal::GameOver) once a draw rule has
/// ended the game; the game is then unchanged.
pub fn play_in_game(game: &mut Game, id: usize) -> Result<(), PlayActionError> {
    let lay = ActionLayout::new(&game.variant());
    let m = compact(&lay, id).ok_or(PlayActionError::OutOfRange { id, last: lay.pass })?;
    game.play_compact(m).map_err(PlayActionError::Illegal)
}

/// The legal action ids of `pos`, ascending (pawn moves, horizontal walls, vertical walls,
/// or just the pass); empty when the game is over. The same moves as
/// [`Position::legal_moves`], in the same order.
pub fn legal_actions(pos: &Position) -> Vec<usize> {
    let mut out = Vec::new();
    legal_actions_into(pos, &mut out);
    out
}

/// [`legal_actions`] into `out` (cleared first), to reuse one buffer.
pub fn legal_actions_into(pos: &Position, out: &mut Vec<usize>) {
    out.clear();
    for_each_legal_action(pos, |id| out.push(id));
}

/// Calls `f` with each legal action id of `pos`, ascending: [`legal_actions`] without a
/// list, for a caller that keeps the ids in a buffer of its own.
///
/// ```
/// use wallrush_core::{actions, Position};
/// let pos = Position::classic();
/// let mut ids = Vec::new();
/// actions::for_each_legal_action(&pos, |id| ids.push(id));
/// assert_eq!(ids, actions::legal_actions(&pos));
/// ```
pub fn for_each_legal_action(pos: &Position, mut f: impl FnMut(usize)) {
    let lay = ActionLayout::new(&pos.variant());
    // The compact moves come kind by kind (pawns, horizontal, vertical walls), each in
    // ascending cell order, so a wall's id follows its cell rank by rank with no division.
    let n = lay.size;
    let mut ids = IdsByRow { kind: u16::MAX, row_start: 0, row_id: 0 };
    pos.for_each_legal_move(|m| {
        f(if m.is_pawn() {
            // A pawn id is its cell index.
            m.cell()
        } else if m.is_pass() {
            lay.pass
        } else {
            // A wall id numbers the anchors densely, rank by rank.
            let (base, width) = match m.kind() {
                CompactMove::WALL_H => (lay.horizontal, lay.horizontal_width),
                _ => (lay.vertical, lay.vertical_width),
            };
            ids.id(m.kind(), m.cell(), n, base, width)
        })
    });
}

/// The running row of [`for_each_legal_action`]'s walls: the first cell of the anchor's rank
/// and the id of that rank's first anchor, for the kind of wall being numbered.
struct IdsByRow {
    kind: u16,
    row_start: usize,
    row_id: usize,
}

impl IdsByRow {
    /// The id of the wall of `kind` anchored on `cell`; cells of one kind must come in
    /// ascending order.
    #[inline(always)]
    fn id(&mut self, kind: u16, cell: usize, n: usize, base: usize, width: usize) -> usize {
        if kind != self.kind {
            *self = IdsByRow { kind, row_start: 0, row_id: base };
        }
        while cell >= self.row_start + n {
            self.row_start += n;
            self.row_id += width;
        }
        self.row_id + (cell - self.row_start)
    }
}

/// One flag per action of the variant: whether it is legal in `pos` (all false when the
/// game is over).
pub fn legal_action_mask(pos: &Position) -> Vec<bool> {
    let mut mask = vec![false; num_actions(&pos.variant())];
    for id in legal_actions(pos) {
        mask[id] = true;
    }
    mask
}

/// What one plane of an [`observation`] holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Plane {
    /// 1 on the cell of the pawn of the `k`-th seat in turn order (empty once it resigned).
    Pawn(usize),
    /// 1 on the anchor cell of every horizontal wall.
    HorizontalAnchors,
    /// 1 on the anchor cell of every vertical wall.
    VerticalAnchors,
    /// 1 on every cell whose edge to the cell above is closed by a wall.
    BlockedNorth,
    /// 1 on every cell whose edge to the cell on its right is closed by a wall.
    BlockedEast,
    /// The walls the `k`-th seat in turn order still holds, divided by the variant's wall
    /// count (0 when the variant has none), on every cell.
    WallsLeft(usize),
    /// 1 on every cell when the `k`-th seat in turn order is to move, else 0.
    ToMove(usize),
}

/// The planes of `variant`'s observations, in order: `P` pawn planes, the two anchor
/// planes, the two blocked-edge planes, `P` walls-left planes and `P` to-move planes, where
/// `P` is the number of seats (seats in turn order: South, North, or South, West, North,
/// East).
pub fn observation_planes(variant: &Variant) -> Vec<Plane> {
    let p = variant.players() as usize;
    let mut planes: Vec<Plane> = (0..p).map(Plane::Pawn).collect();
    planes.extend([
        Plane::HorizontalAnchors,
        Plane::VerticalAnchors,
        Plane::BlockedNorth,
        Plane::BlockedEast,
    ]);
    planes.extend((0..p).map(Plane::WallsLeft));
    planes.extend((0..p).map(Plane::ToMove));
    planes
}

/// The shape of `variant`'s observations: `[planes, n, n]` with `planes = 3P + 4`.
pub fn observation_shape(variant: &Variant) -> [usize; 3] {
    let n = variant.size() as usize;
    [3 * variant.players() as usize + 4, n, n]
}

/// The position as planes of floats, flat in row-major order: value
/// `[plane][rank][file]` at index `(plane * n + rank) * n + file` (rank 0 is the bottom
/// rank), planes as [`observation_planes`] lists them, shape [`observation_shape`].
///
/// The board is never rotated: planes are absolute, and the to-move planes say whose turn
/// it is. The exact state can be read back from the pawn, anchor, walls-left and to-move
/// planes; the blocked-edge planes repeat the walls as the edges they close, which is what
/// movement sees for any wall length.
///
/// ```
/// use wallrush_core::{actions, Position};
/// let mut pos = Position::classic();
/// pos.play("e2".parse()?)?;
/// pos.play("d7h".parse()?)?;
/// let obs = actions::observation(&pos);
/// assert_eq!(actions::observation_shape(&pos.variant()), [10, 9, 9]);
/// assert_eq!(obs.len(), 10 * 81);
/// assert_eq!(obs[9 + 4], 1.0); // plane 0 (South's pawn) at e2: rank 1, file 4
/// assert_eq!(obs[2 * 81 + 6 * 9 + 3], 1.0); // plane 2 (horizontal anchors) at d7
/// assert_eq!(obs[7 * 81], 0.9); // plane 7: North holds 9 of 10 walls
/// assert_eq!((obs[8 * 81], obs[9 * 81]), (1.0, 0.0)); // South to move
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn observation(pos: &Position) -> Vec<f32> {
    let mut out = Vec::new();
    observation_into(pos, &mut out);
    out
}

/// [`observation`] into `out` (cleared and resized first), to reuse one buffer.
pub fn observation_into(pos: &Position, out: &mut Vec<f32>) {
    let v = pos.variant();
    let [planes, n, _] = observation_shape(&v);
    let cells = n * n;
    out.clear();
    out.resize(planes * cells, 0.0);
    let p = v.players() as usize;
    let at = |sq: Square| sq.rank() as usize * n + sq.file() as usize;
    let len = v.wall_length() as usize;
    for (k, seat) in v.seats().enumerate() {
        if let Some(sq) = pos.pawn(seat) {
            out[k * cells + at(sq)] = 1.0;
        }
        let left = if v.walls() == 0 { 0.0 } else { f32::from(pos.walls_left(seat)) / f32::from(v.walls()) };
        out[(p + 4 + k) * cells..(p + 5 + k) * cells].fill(left);
        if seat == pos.turn() && !pos.is_game_over() {
            out[(2 * p + 4 + k) * cells..(2 * p + 5 + k) * cells].fill(1.0);
        }
    }
    for w in pos.walls() {
        let c = at(w.anchor());
        let (anchors, blocked, step) = match w.orientation() {
            Orientation::Horizontal => (p, p + 2, 1),
            Orientation::Vertical => (p + 1, p + 3, n),
        };
        out[anchors * cells + c] = 1.0;
        for k in 0..len {
            out[blocked * cells + c + k * step] = 1.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Goal, SplitMix64};

    fn variants() -> Vec<Variant> {
        let mut out = Vec::new();
        for (size, players, walls, length, goal) in [
            (3, 2, 2, 2, Goal::Edge),
            (5, 2, 3, 2, Goal::Edge),
            (5, 4, 3, 3, Goal::Centre),
            (7, 2, 6, 3, Goal::Edge),
            (7, 4, 4, 2, Goal::Edge),
            (9, 2, 10, 2, Goal::Edge),
            (9, 4, 5, 2, Goal::Centre),
            (11, 2, 12, 4, Goal::Edge),
            (13, 4, 8, 2, Goal::Edge),
            (15, 2, 20, 5, Goal::Centre),
        ] {
            out.push(Variant::new(size, players, walls, length, goal).unwrap());
        }
        out
    }

    /// Random games of each variant, checking every position on the way.
    fn for_random_positions(games: u64, mut check: impl FnMut(&Position)) {
        for v in variants() {
            for g in 0..games {
                let mut rng = SplitMix64::new(g * 7919 + v.size() as u64);
                let mut pos = Position::new(v);
                for _ in 0..200 {
                    check(&pos);
                    let moves = pos.legal_moves();
                    let Some(&m) = rng.pick(&moves) else { break };
                    pos.play_unchecked(m);
                }
                check(&pos);
            }
        }
    }

    #[test]
    fn every_id_round_trips_and_ids_are_dense() {
        for v in variants() {
            let lay = ActionLayout::new(&v);
            assert_eq!(lay.len(), (v.size() as usize).pow(2) + 2 * v.wall_slots() + 1);
            for id in 0..num_actions(&v) {
                let m = decode(&v, id).unwrap();
                assert_eq!(encode(&v, m), Some(id), "{v}: id {id} is {m}");
                if let Move::Wall(w) = m {
                    assert!(w.is_on(v.size(), v.wall_length()), "{v}: {m}");
                }
            }
            assert_eq!(decode(&v, num_actions(&v)), None);
            assert_eq!(decode(&v, usize::MAX), None);
            assert_eq!(decode(&v, pass_action(&v)), Some(Move::Pass));
        }
    }

    #[test]
    fn moves_off_the_variant_have_no_id() {
        let v = Variant::classic();
        assert_eq!(encode(&v, Move::Pawn(Square::new(9, 0))), None);
        assert_eq!(encode(&v, "i1h".parse().unwrap()), None);
        assert_eq!(encode(&v, "a9h".parse().unwrap()), None);
        assert_eq!(encode(&v, "h8v".parse().unwrap()), Some(81 + 64 + 7 * 8 + 7));
        let long = Variant::new(9, 2, 10, 3, Goal::Edge).unwrap();
        assert_eq!(encode(&long, "g1h".parse().unwrap()), Some(81 + 6));
        assert_eq!(encode(&long, "h1h".parse().unwrap()), None);
        assert_eq!(encode(&long, "a7v".parse().unwrap()), Some(81 + 56 + 6 * 8));
        assert_eq!(encode(&long, "a8v".parse().unwrap()), None);
    }

    #[test]
    fn legal_actions_are_the_legal_moves_encoded() {
        for_random_positions(3, |pos| {
            let v = pos.variant();
            let ids = legal_actions(pos);
            let moves = pos.legal_moves();
            assert_eq!(ids.len(), moves.len(), "{}", pos.to_text());
            for (&id, &m) in ids.iter().zip(moves.iter()) {
                assert_eq!(encode(&v, m), Some(id), "{}", pos.to_text());
                assert_eq!(decode(&v, id), Some(m));
            }
            assert!(ids.windows(2).all(|w| w[0] < w[1]), "not ascending");
            let mask = legal_action_mask(pos);
            assert_eq!(mask.len(), num_actions(&v));
            for (id, &legal) in mask.iter().enumerate() {
                assert_eq!(legal, ids.binary_search(&id).is_ok());
                assert_eq!(legal, pos.is_legal(decode(&v, id).unwrap()), "{}: {id}", pos.to_text());
            }
        });
    }

    #[test]
    fn playing_an_id_is_playing_its_move() {
        let mut k = 0u32;
        for_random_positions(1, |pos| {
            k += 1;
            if k % 7 != 0 {
                return;
            }
            let v = pos.variant();
            let mut game = crate::Game::from_position(pos.clone());
            for id in 0..num_actions(&v) + 2 {
                let (mut by_id, mut by_move) = (pos.clone(), pos.clone());
                let got = play(&mut by_id, id);
                match decode(&v, id) {
                    None => {
                        assert_eq!(got, Err(PlayActionError::OutOfRange { id, last: pass_action(&v) }));
                        assert!(by_id.diagnostics().identical(pos), "a refused id changed the position");
                    }
                    Some(m) => {
                        assert_eq!(
                            got,
                            by_move.play(m).map_err(PlayActionError::Illegal),
                            "{}: {m}",
                            pos.to_text()
                        );
                        assert!(by_id.diagnostics().identical(&by_move), "{}: {m}", pos.to_text());
                        // The same in a game, the history included.
                        let mut g = game.clone();
                        let in_game = play_in_game(&mut g, id);
                        let mut g2 = game.clone();
                        assert_eq!(in_game, g2.play(m).map_err(PlayActionError::Illegal));
                        assert_eq!(g, g2);
                    }
                }
            }
            // A game a draw rule has ended refuses every id as over.
            game.set_draw_options(crate::DrawOptions { ply_limit: Some(0), ..crate::DrawOptions::NONE });
            if let Some(id) = legal_actions(pos).first() {
                let before = game.clone();
                let refused = play_in_game(&mut game, *id);
                assert!(
                    matches!(refused, Err(PlayActionError::Illegal(e)) if e.reason() == crate::Illegal::GameOver)
                );
                assert_eq!(game, before);
            }
        });
    }

    #[test]
    fn observation_reads_back_the_state() {
        for_random_positions(2, |pos| {
            let v = pos.variant();
            let obs = observation(pos);
            let [planes, n, m] = observation_shape(&v);
            assert_eq!((n, m), (v.size() as usize, v.size() as usize));
            assert_eq!(obs.len(), planes * n * n);
            assert_eq!(observation_planes(&v).len(), planes);
            let plane = |k: usize| &obs[k * n * n..(k + 1) * n * n];
            let ones = |k: usize| -> Vec<usize> { (0..n * n).filter(|&c| plane(k)[c] == 1.0).collect() };
            let p = v.players() as usize;
            for (k, seat) in v.seats().enumerate() {
                let want: Vec<usize> =
                    pos.pawn(seat).map(|s| s.rank() as usize * n + s.file() as usize).into_iter().collect();
                assert_eq!(ones(k), want);
                let left = plane(p + 4 + k);
                assert!(left.iter().all(|&x| x == left[0]));
                assert_eq!((left[0] * f32::from(v.walls()) + 0.5) as u8, pos.walls_left(seat));
                let to_move = seat == pos.turn() && !pos.is_game_over();
                assert!(plane(2 * p + 4 + k).iter().all(|&x| x == if to_move { 1.0 } else { 0.0 }));
            }
            let walls = pos.walls();
            for (k, o) in [(p, Orientation::Horizontal), (p + 1, Orientation::Vertical)] {
                let want: Vec<usize> = walls
                    .iter()
                    .filter(|w| w.orientation() == o)
                    .map(|w| w.anchor().rank() as usize * n + w.anchor().file() as usize)
                    .collect();
                let mut got = ones(k);
                got.sort_unstable();
                let mut want = want;
                want.sort_unstable();
                assert_eq!(got, want);
            }
            for c in 0..n * n {
                let sq = Square::new((c % n) as u8, (c / n) as u8);
                let north = Square::new(sq.file(), sq.rank() + 1);
                let east = Square::new(sq.file() + 1, sq.rank());
                let closed = |b: Square| b.is_on(v.size()) && !pos.is_open(sq, b);
                assert_eq!(plane(p + 2)[c] == 1.0, closed(north), "{}: {sq} north", pos.to_text());
                assert_eq!(plane(p + 3)[c] == 1.0, closed(east), "{}: {sq} east", pos.to_text());
            }
        });
    }

    #[test]
    fn forced_pass_is_the_last_id() {
        // The position of wallrush-engine's `bot::tests::forced_pass`: West boxed in on a1
        // with no walls.
        let v = Variant::new(5, 4, 1, 2, Goal::Edge).unwrap();
        let mut s = crate::Setup::start(v);
        let sq = |t: &str| t.parse::<Square>().unwrap();
        s.pawns = crate::BySeat([Some(sq("b1")), Some(sq("a1")), Some(sq("c5")), Some(sq("c1"))]);
        s.walls = vec!["a1h".parse().unwrap()];
        s.walls_left[crate::Seat::West] = 0;
        s.turn = crate::Seat::West;
        let pos = Position::from_setup(&s).unwrap();
        assert_eq!(legal_actions(&pos), [pass_action(&v)]);
        assert_eq!(pass_action(&v), 25 + 2 * 16);
        let mask = legal_action_mask(&pos);
        assert_eq!(mask.iter().filter(|&&x| x).count(), 1);
        assert!(mask[pass_action(&v)]);
    }

    #[test]
    fn game_over_has_no_actions() {
        let mut pos = Position::new(Variant::new(3, 2, 0, 2, Goal::Edge).unwrap());
        for m in ["a1", "c3", "a2", "c2", "a3"] {
            pos.play(m.parse().unwrap()).unwrap();
        }
        assert!(pos.is_game_over());
        assert!(legal_actions(&pos).is_empty());
        assert!(legal_action_mask(&pos).iter().all(|&x| !x));
        let obs = observation(&pos);
        assert!(obs[8 * 9..].iter().all(|&x| x == 0.0), "nobody is to move");
    }
}
