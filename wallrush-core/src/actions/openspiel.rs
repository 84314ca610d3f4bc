//! OpenSpiel's Quoridor action ids (`open_spiel/games/quoridor`, as released in
//! `open-spiel` 2.0.2), converted to and from wallrush moves.
//!
//! OpenSpiel plays the variants with walls of length 2 and edge goals, on boards up to
//! 25×25, with two or four seats; [`is_supported`] says whether a variant is one of them.
//! Its seats map to ours by where they start: its player 0 is South, 1 North (and with
//! four players 2 West, 3 East); it moves in the same order (South, West, North, East).
//!
//! Its ids live on a `D × D` grid with `D = 2n − 1`, `id = x + y·D`, where cells have even
//! `x` and `y`, grooves one odd coordinate and posts two. `x = 2·file`; `y` counts from
//! OpenSpiel's top row, which is our rank `n`: `y = 2·(n − 1 − rank)`. Hence:
//!
//! - **walls** are absolute: the horizontal wall anchored at `(file, rank)` is
//!   `x = 2·file`, `y = 2·(n − 2 − rank) + 1`; the vertical one `x = 2·file + 1`,
//!   `y = 2·(n − 2 − rank)`. (OpenSpiel's text names them by its own ranks, counted from
//!   the top: our `d4h` on 9×9 is its `d5h`.)
//! - **pawn moves** are relative to the mover's square, written as if the pawn stood on
//!   grid cell `(2, 2)`: the target one cell away in direction `(dx, dy)` (each −1, 0 or
//!   1, `dy` downwards) is `(2 + 2dx) + (2 + 2dy)·D`. A straight jump has the id of the
//!   step in its direction (only one of the two can be legal); a diagonal jump is the
//!   diagonal cell's id.
//! - **the forced pass** is the mover's own cell, as an absolute id (`2·file + y·D`);
//!   that is what OpenSpiel lists when the mover has no move. (OpenSpiel 2.0.2 then reads
//!   that id as a relative pawn move when it is applied, so applying its pass fails on
//!   every square but one: see `docs/AGENTS.md`.)
//!
//! ```
//! use wallrush_core::actions::openspiel;
//! use wallrush_core::Position;
//! let pos = Position::classic();
//! assert_eq!(openspiel::num_distinct_actions(&pos.variant()), 289);
//! // South on e1 steps up to e2: OpenSpiel's "up" is (2, 0).
//! assert_eq!(openspiel::encode(&pos, "e2".parse()?), Some(2));
//! assert_eq!(openspiel::decode(&pos, 2), Some("e2".parse()?));
//! // d4h: x = 6, y = 2·(9 − 2 − 3) + 1 = 9.
//! assert_eq!(openspiel::encode(&pos, "d4h".parse()?), Some(6 + 9 * 17));
//! assert_eq!(openspiel::legal_actions(&pos)[..4], [1, 2, 3, 5]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::vec::Vec;

use crate::{Goal, Move, Orientation, Position, Square, Variant, Wall};

/// The largest board OpenSpiel's Quoridor accepts.
pub const MAX_SIZE: u8 = 25;

/// Whether OpenSpiel plays `variant`: walls of length 2, edge goals, a board of at most
/// [`MAX_SIZE`] (two or four seats, any wall count).
pub const fn is_supported(variant: &Variant) -> bool {
    variant.wall_length() == 2 && matches!(variant.goal(), Goal::Edge) && variant.size() <= MAX_SIZE
}

/// OpenSpiel's `num_distinct_actions()` for `variant`: `(2n − 1)²`.
pub const fn num_distinct_actions(variant: &Variant) -> usize {
    let d = 2 * variant.size() as usize - 1;
    d * d
}

/// Grid coordinates `(x, y)` of a cell.
fn cell_xy(n: usize, sq: Square) -> (usize, usize) {
    (2 * sq.file() as usize, 2 * (n - 1 - sq.rank() as usize))
}

/// OpenSpiel's id of `m` in `pos` (see the [module](self) docs), or `None` when
/// OpenSpiel has no id for it: the variant is not [supported](is_supported), the game is
/// over, or `m` is not on the board or not one step, straight jump or diagonal jump from
/// the mover's square. Legality is not checked beyond that.
pub fn encode(pos: &Position, m: Move) -> Option<usize> {
    let v = pos.variant();
    if !is_supported(&v) {
        return None;
    }
    let n = v.size() as usize;
    let d = 2 * n - 1;
    let from = pos.pawn(pos.turn()).filter(|_| !pos.is_game_over())?;
    match m {
        Move::Wall(w) => {
            if !w.is_on(v.size(), 2) {
                return None;
            }
            let (f, r) = (w.anchor().file() as usize, w.anchor().rank() as usize);
            let y = 2 * (n - 2 - r);
            Some(match w.orientation() {
                Orientation::Horizontal => 2 * f + (y + 1) * d,
                Orientation::Vertical => 2 * f + 1 + y * d,
            })
        }
        Move::Pawn(to) => {
            if !to.is_on(v.size()) {
                return None;
            }
            // Grid steps right and down (OpenSpiel's y grows towards our rank 1).
            let dx = i32::from(to.file()) - i32::from(from.file());
            let dy = i32::from(from.rank()) - i32::from(to.rank());
            let (dx, dy) = match (dx, dy) {
                // A straight jump: only over a pawn, else there is no such move.
                (0, 2 | -2) | (2 | -2, 0) => {
                    let over = Square::new(
                        (i32::from(from.file()) + dx / 2) as u8,
                        (i32::from(from.rank()) - dy / 2) as u8,
                    );
                    v.seats().any(|s| pos.pawn(s) == Some(over)).then_some((dx / 2, dy / 2))?
                }
                (-1..=1, -1..=1) if (dx, dy) != (0, 0) => (dx, dy),
                _ => return None,
            };
            Some((2 + 2 * dx) as usize + (2 + 2 * dy) as usize * d)
        }
        Move::Pass => {
            let (x, y) = cell_xy(n, from);
            Some(x + y * d)
        }
    }
}

/// The move OpenSpiel's id `id` names in `pos`, or `None` when it names none: the variant
/// is not [supported](is_supported), the game is over, the id is out of range or a post,
/// a wall runs off the board, or a pawn move leaves the board. The id equal to the
/// mover's own cell is the pass when the pass is the only legal move. Legality is not
/// checked otherwise: decode, then [`Position::is_legal`].
pub fn decode(pos: &Position, id: usize) -> Option<Move> {
    let v = pos.variant();
    if !is_supported(&v) || pos.is_game_over() {
        return None;
    }
    let n = v.size() as usize;
    let d = 2 * n - 1;
    if id >= d * d {
        return None;
    }
    let (x, y) = (id % d, id / d);
    let from = pos.pawn(pos.turn())?;
    match (x % 2, y % 2) {
        (1, 1) => None,
        (0, 1) | (1, 0) => {
            // y = 2·(n − 2 − rank) (+ 1 when horizontal); a wall needs its second
            // cell on the board.
            let (gx, gy) = (x / 2, y / 2);
            if gx > n - 2 || gy > n - 2 {
                return None;
            }
            let anchor = Square::new(gx as u8, (n - 2 - gy) as u8);
            let o = if y % 2 == 1 { Orientation::Horizontal } else { Orientation::Vertical };
            Some(Move::Wall(Wall::new(anchor, o)))
        }
        _ => {
            let (fx, fy) = cell_xy(n, from);
            if (x, y) == (fx, fy) && pos.legal_moves().as_slice() == [Move::Pass] {
                return Some(Move::Pass);
            }
            if x > 4 || y > 4 || (x, y) == (2, 2) {
                return None;
            }
            let (dx, dy) = (x as i32 / 2 - 1, y as i32 / 2 - 1);
            let cell = |k: i32| {
                let f = i32::from(from.file()) + k * dx;
                let r = i32::from(from.rank()) - k * dy;
                let n = n as i32;
                ((0..n).contains(&f) && (0..n).contains(&r)).then(|| Square::new(f as u8, r as u8))
            };
            let target = cell(1)?;
            let occupied = v.seats().any(|s| pos.pawn(s) == Some(target));
            if occupied && (dx == 0 || dy == 0) {
                // A straight jump shares its id with the step.
                cell(2).map(Move::Pawn)
            } else {
                Some(Move::Pawn(target))
            }
        }
    }
}

/// OpenSpiel's legal action ids in `pos`, ascending, exactly as its `legal_actions()`
/// lists them for the same position; empty when the game is over or the variant is not
/// [supported](is_supported).
pub fn legal_actions(pos: &Position) -> Vec<usize> {
    let mut ids: Vec<usize> = pos.legal_moves().iter().filter_map(|&m| encode(pos, m)).collect();
    ids.sort_unstable();
    ids
}

/// OpenSpiel's id for our action id `action` (see [`actions`](super)) in `pos`.
pub fn from_action(pos: &Position, action: usize) -> Option<usize> {
    encode(pos, super::decode(&pos.variant(), action)?)
}

/// Our action id for OpenSpiel's id `id` in `pos`.
pub fn to_action(pos: &Position, id: usize) -> Option<usize> {
    super::encode(&pos.variant(), decode(pos, id)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BySeat, Seat, Setup, SplitMix64};

    fn sq(t: &str) -> Square {
        t.parse().unwrap()
    }

    #[test]
    fn opening_matches_openspiel() {
        // OpenSpiel 2.0.2, quoridor(board_size=9): the first ids of the opening are
        // 1 (a1v in its names), 2 (its e8: our e2), 3, 5, ...; 131 in all.
        let pos = Position::classic();
        let ids = legal_actions(&pos);
        assert_eq!(ids.len(), 131);
        assert_eq!(ids[..8], [1, 2, 3, 5, 7, 9, 11, 13]);
        // Our a8v is its a1v (x = 1, y = 0); our d1/f1 are its relative left/right.
        assert_eq!(decode(&pos, 1), Some("a8v".parse().unwrap()));
        assert_eq!(decode(&pos, 34), Some("d1".parse().unwrap()));
        assert_eq!(decode(&pos, 38), Some("f1".parse().unwrap()));
        assert!(ids.contains(&34) && ids.contains(&38) && !ids.contains(&36));
    }

    #[test]
    fn every_move_round_trips_over_random_games() {
        for (size, players) in [(3, 2), (5, 2), (5, 4), (7, 2), (9, 2), (9, 4), (11, 4), (25, 2)] {
            let v = Variant::new(size, players, if players == 4 { 5 } else { 10 }, 2, Goal::Edge).unwrap();
            for g in 0..4 {
                let mut rng = SplitMix64::new(g + 100 * size as u64);
                let mut pos = Position::new(v);
                for _ in 0..150 {
                    let moves = pos.legal_moves();
                    let ids = legal_actions(&pos);
                    assert_eq!(ids.len(), moves.len(), "{}", pos.to_text());
                    for &m in &moves {
                        let id = encode(&pos, m).unwrap();
                        assert!(id < num_distinct_actions(&v));
                        assert_eq!(decode(&pos, id), Some(m), "{}: {m}", pos.to_text());
                        let ours = crate::actions::encode(&v, m).unwrap();
                        assert_eq!(from_action(&pos, ours), Some(id));
                        assert_eq!(to_action(&pos, id), Some(ours));
                    }
                    let Some(&m) = rng.pick(&moves) else { break };
                    pos.play_unchecked(m);
                }
            }
        }
    }

    #[test]
    fn jumps_share_the_step_id() {
        // South e4, North e5 (South to move): the straight jump to e6 is OpenSpiel's
        // "up" (2, 0), like a step; with wall e5h the diagonals d5 and f5 are (0, 0) and
        // (4, 0).
        let v = Variant::classic();
        let mut s = Setup::start(v);
        s.pawns = BySeat([Some(sq("e4")), None, Some(sq("e5")), None]);
        let pos = Position::from_setup(&s).unwrap();
        assert_eq!(encode(&pos, Move::Pawn(sq("e6"))), Some(2));
        assert_eq!(decode(&pos, 2), Some(Move::Pawn(sq("e6"))));
        s.walls = alloc::vec!["e5h".parse().unwrap()];
        s.walls_left[Seat::North] = 9;
        let pos = Position::from_setup(&s).unwrap();
        let ids = legal_actions(&pos);
        let pawn_ids: Vec<usize> = ids.into_iter().filter(|&i| i % 2 == 0 && (i / 17) % 2 == 0).collect();
        assert_eq!(pawn_ids, [0, 4, 34, 38, 70]);
        assert_eq!(decode(&pos, 0), Some(Move::Pawn(sq("d5"))));
        assert_eq!(decode(&pos, 4), Some(Move::Pawn(sq("f5"))));
    }

    #[test]
    fn pass_is_the_movers_cell() {
        let v = Variant::new(5, 4, 1, 2, Goal::Edge).unwrap();
        let mut s = Setup::start(v);
        s.pawns = BySeat([Some(sq("b1")), Some(sq("a1")), Some(sq("c5")), Some(sq("c1"))]);
        s.walls = alloc::vec!["a1h".parse().unwrap()];
        s.walls_left[Seat::West] = 0;
        s.turn = Seat::West;
        let pos = Position::from_setup(&s).unwrap();
        // a1 is x = 0, y = 2·4 = 8 on the 9-wide grid.
        assert_eq!(legal_actions(&pos), [72]);
        assert_eq!(decode(&pos, 72), Some(Move::Pass));
        assert_eq!(encode(&pos, Move::Pass), Some(72));
    }

    #[test]
    fn refuses_what_openspiel_cannot_name() {
        let pos = Position::classic();
        assert_eq!(
            encode(&pos, "e3".parse().unwrap()),
            None,
            "two cells with no pawn between is still no id"
        );
        assert_eq!(decode(&pos, 289), None);
        assert_eq!(decode(&pos, 17 + 1), None, "a post");
        assert_eq!(decode(&pos, 16 * 17 + 1), None, "a vertical wall running off the board");
        assert_eq!(decode(&pos, 36), None, "no move to the own square");
        assert_eq!(decode(&pos, 4 * 17 + 2), None, "south cannot step off the board");
        let centre = Position::new(Variant::race_to_centre());
        assert!(!is_supported(&centre.variant()));
        assert_eq!(encode(&centre, "e2".parse().unwrap()), None);
        let long = Variant::new(9, 2, 10, 3, Goal::Edge).unwrap();
        assert!(!is_supported(&long));
        assert!(!is_supported(&Variant::new(27, 2, 10, 2, Goal::Edge).unwrap()));
        assert!(is_supported(&Variant::new(25, 4, 10, 2, Goal::Edge).unwrap()));
    }
}
