//! The two-seat move picker: which moves a node tries ([`candidates`]) and in what order
//! ([`score_moves`], [`pick_scored`]).
//!
//! The candidates are every pawn move and, from the distance maps of the `masks` module,
//! the walls that cut a shortest route of either seat, the blockers of the opponent's
//! strong walls and the touching walls; once the opponent holds no walls, the walls that
//! cut only the mover's own routes and the blockers are left out, since neither can change
//! what a walking opponent does. The order: the table move, a winning step, pawn moves by
//! the steps they gain, then walls by their static class (strong walls first), the
//! killers and the history.

use alloc::vec::Vec;

use super::eval::other;
use super::history::History;
use super::masks::{Geo, NodeInfo};
use wallrush_core::{Move, MoveList, Orientation, Position, Wall};

/// Order keys.
const ORDER_TT: i32 = 1 << 30;
const ORDER_WIN: i32 = 1 << 29;
/// Pawn moves, plus 1,000 a step gained.
pub(super) const ORDER_PAWN: i32 = 20_000;
/// Killer walls; moves ordered below this (and past the first three) are searched with
/// a reduced depth first.
pub(super) const ORDER_KILLER: i32 = 22_000;
const ORDER_HISTORY_CAP: i32 = 1_500;

/// Moves worth searching: every pawn move and the candidate walls (see the module
/// documentation); every legal move when that leaves nothing. With them, what
/// ordering needs of the node (with the board's masks `geo`: boards up to 128 cells).
pub(super) fn candidates(geo: Option<&Geo>, pos: &Position) -> (MoveList, Option<NodeInfo>) {
    let mut out = MoveList::new();
    let mut node = None;
    match (geo, pos.bitboards()) {
        (Some(geo), Some(bb)) => {
            let info = NodeInfo::new(geo, pos, &bb);
            geo.push_pawn_moves(bb.pawn_targets, &mut out);
            if pos.walls_left(pos.turn()) > 0 {
                let lone = pos.variant().players() == 2 && pos.walls_left(other(pos, pos.turn())) == 0;
                let (h, v) = info.candidate_walls(lone);
                geo.push_walls(h, Orientation::Horizontal, &mut out);
                geo.push_walls(v, Orientation::Vertical, &mut out);
            }
            node = Some(info);
        }
        _ => out = generic_candidates(pos),
    }
    if out.is_empty() {
        out = pos.legal_moves();
    }
    (out, node)
}

/// Order keys of `moves` (higher first): table move, winning and forward pawn moves,
/// killers, then walls by their static class and history.
pub(super) fn score_moves(
    geo: Option<&Geo>,
    history: &History,
    pos: &Position,
    moves: &MoveList,
    ply: usize,
    tt_move: Option<Move>,
    node: Option<&NodeInfo>,
) -> Vec<(i32, Move)> {
    let me = pos.turn();
    let info = geo.zip(node);
    moves
        .iter()
        .map(|&m| {
            let s = if Some(m) == tt_move {
                ORDER_TT
            } else {
                match m {
                    Move::Pawn(to) => {
                        if pos.is_goal(me, to) {
                            ORDER_WIN
                        } else if let Some((geo, info)) = info {
                            ORDER_PAWN + info.pawn_gain(geo, to) * 1000
                        } else {
                            ORDER_PAWN
                        }
                    }
                    Move::Wall(w) => {
                        let hist = history.score(pos, m).map_or(0, |h| h.min(ORDER_HISTORY_CAP));
                        let killer = if history.is_killer(ply, m) { ORDER_KILLER } else { 0 };
                        let class = info.map_or(0, |(geo, info)| info.wall_class(geo, w));
                        class + killer + hist
                    }
                    Move::Pass => 0,
                }
            };
            (s, m)
        })
        .collect()
}

/// Takes the highest-keyed move out of `scored` (selection, so a cut-off early saves
/// the sort). Compiled on its own: inlined into `negamax`, its loop can be compiled
/// worse as `negamax` grows.
#[inline(never)]
pub(super) fn pick_scored(scored: &mut Vec<(i32, Move)>) -> Option<(Move, i32)> {
    let (i, _) = scored.iter().enumerate().max_by_key(|(i, (s, _))| (*s, core::cmp::Reverse(*i)))?;
    let (s, m) = scored.swap_remove(i);
    Some((m, s))
}

/// [`pick_scored`] without the key.
pub(super) fn pick(scored: &mut Vec<(i32, Move)>) -> Option<Move> {
    pick_scored(scored).map(|(m, _)| m)
}

/// Candidates on boards past 128 cells: every pawn move and the walls that cut a
/// cached shortest route of either seat.
fn generic_candidates(pos: &Position) -> MoveList {
    let mut out = pos.pawn_moves();
    if pos.walls_left(pos.turn()) == 0 {
        return out;
    }
    let mut cut = Vec::new();
    for s in pos.seats_in_play() {
        if let Some(route) = pos.route(s) {
            cut.extend(route.windows(2).map(|p| (p[0], p[1])));
        }
    }
    let len = pos.variant().wall_length();
    let cuts = |w: Wall| cut.iter().any(|&(a, b)| w.blocks(len, a, b));
    out.extend(pos.legal_walls().iter().filter(|&w| cuts(w)).map(Move::Wall));
    out
}
