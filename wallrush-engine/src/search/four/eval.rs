//! The four-seat evaluation: the root seat's view of a position, by when each seat
//! would arrive if nobody walled again and by the walls in hand.

use crate::search::score::{Score, WIN};
use wallrush_core::{BySeat, Position, Seat};

/// What a wall in hand is worth to its holder in the four-seat evaluation, in
/// centi-steps, while the race is long; each wall another seat holds costs a third of
/// that (it may be spent on anyone).
const WALL_VALUE_FOUR: Score = 120;
/// What a wall in hand is worth to the root seat per round left before the first other
/// seat is due to arrive, at most [`WALL_VALUE_FOUR`]. Chosen in seeded node-budget
/// matches against three beginners: BRS+ won 139 of 200 games with 20, 150 with 40.
const WALL_DECAY_AB: Score = 40;

/// When each seat in play would arrive, in plies from now, if nobody walled again: its
/// route less one in full rounds, plus the plies until its turn.
#[inline]
pub(super) fn arrivals(pos: &Position) -> BySeat<i32> {
    let count = pos.seats_in_play().count() as i32;
    let me = pos.turn().index();
    let mut out = BySeat([i32::MAX / 4; 4]);
    let mut next = 0;
    for k in 0..4 {
        let s = Seat::ALL[(me + k) % 4];
        if pos.is_in_play(s) {
            out[s] = (pos.route_len(s).unwrap_or(64) as i32 - 1) * count + next;
            next += 1;
        }
    }
    out
}

/// The root seat's score of a position whose game goes on: its lead in the race over the
/// first other seat due to arrive, in centi-steps a round; each wall in hand worth
/// [`WALL_DECAY_AB`] a round left before that seat is due (at most [`WALL_VALUE_FOUR`]);
/// each wall another seat holds a third of [`WALL_VALUE_FOUR`] against it.
pub(super) fn root_evaluate(pos: &Position, root: Seat) -> Score {
    let arrival = arrivals(pos);
    let count = pos.seats_in_play().count().max(1) as i32;
    let all_walls: i32 = pos.seats_in_play().map(|s| pos.walls_left(s) as i32).sum();
    let first_other =
        pos.seats_in_play().filter(|&t| t != root).map(|t| arrival[t]).min().unwrap_or(arrival[root] + count);
    let mine = pos.walls_left(root) as i32;
    let rounds_left = (first_other + count - 1) / count;
    let own_value = WALL_VALUE_FOUR.min(WALL_DECAY_AB * rounds_left);
    (first_other - arrival[root]) * 100 / count + mine * own_value - (all_walls - mine) * WALL_VALUE_FOUR / 3
}

/// The root seat's score of a finished game: a win for it, a loss when another seat
/// won, nearer wins and later losses better.
pub(super) fn root_terminal(pos: &Position, root: Seat, ply: usize) -> Score {
    match pos.outcome().and_then(|o| o.winner()) {
        Some(w) if w == root => WIN - ply as i32,
        Some(_) => -(WIN - ply as i32),
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use crate::search::four::eval::root_evaluate;
    use wallrush_core::{Position, Seat, Setup, Square, Variant};

    #[test]
    fn the_evaluation_ranks_the_race() {
        // South two steps ahead of everyone: it leads, the others trail.
        let mut s = Setup::start(Variant::four_player());
        s.pawns[Seat::South] = Some(Square::new(4, 2));
        let pos = Position::from_setup(&s).unwrap();
        assert!(root_evaluate(&pos, Seat::South) > 0);
        for t in [Seat::West, Seat::North, Seat::East] {
            assert!(root_evaluate(&pos, t) < 0, "{t}");
        }
    }
}
