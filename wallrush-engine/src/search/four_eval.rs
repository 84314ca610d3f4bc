//! The four-seat evaluation's features and weights ([`FourWeights`]): each seat's view
//! of a position whose game goes on, for max-n (one score per seat).

use super::{Score, INF};
use wallrush_core::{BySeat, Position, Seat};

/// The number of four-seat evaluation features ([`four_features`],
/// [`FourWeights::to_array`]).
pub const FOUR_FEATURES: usize = 8;

/// The rounds of the race over which a wall in hand keeps growing in value
/// ([`FourWeights::walls_rounds`]).
const WALL_ROUNDS: i32 = 6;

/// The four-seat evaluation's weights, in centi-steps per unit of each feature (see
/// [`four_features`]). [`FourWeights::HAND`] is the evaluation of the previous engines
/// and the default; max-n evaluates with these (BRS+ and paranoid search keep their own
/// root-seat evaluation). `examples/tune_four.rs` fits them on self-play.
///
/// ```
/// use wallrush_core::{Position, Seat, Variant};
/// use wallrush_engine::search::{evaluate_four_with, four_features, FourWeights};
/// let pos = Position::new(Variant::four_player());
/// let features = four_features(&pos);
/// // Every route is 8 steps; South moves first, so it leads West by a quarter step.
/// let south = evaluate_four_with(&FourWeights::HAND, &features[Seat::South.index()]);
/// assert_eq!(south, 25);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FourWeights {
    /// Per step of lead over the first other seat due to arrive (its arrival less this
    /// seat's, in rounds; negative when behind).
    pub lead: Score,
    /// Per wall in hand times the rounds left before the first other seat is due (at most
    /// 6): a wall kept too long is wasted.
    pub walls_rounds: Score,
    /// Per wall the other seats hold.
    pub others_walls: Score,
    /// Per wall in hand.
    pub walls: Score,
    /// Per step of lead while it is positive (the leader is everyone's target).
    pub lead_ahead: Score,
    /// Per wall held by the other seats due to arrive after this one (those that have a
    /// reason to wall it).
    pub walls_behind: Score,
    /// Per step of lead over the second other seat due to arrive.
    pub second_lead: Score,
    /// Per step of lead times the walls the other seats hold, over 8: a lead counts less
    /// while many walls can still change it.
    pub lead_walls: Score,
}

impl FourWeights {
    /// The hand-set evaluation (the previous engines'): the lead in steps, a wall in
    /// hand worth 20 a round left (at most 120), each wall another seat holds −40.
    ///
    /// A wall kept too long is wasted: capping its value at 20 a round left before the
    /// first other seat is due makes the engine spend its walls while they can still
    /// change the race. The cap was tuned in seeded matches against three beginners
    /// (15,000 nodes a move, 200 games on seeds 7 and 2026): no cap won 54 %, 20 a round
    /// 67 % (68 % on the fresh seeds 11 and 12).
    pub const HAND: FourWeights = FourWeights {
        lead: 100,
        walls_rounds: 20,
        others_walls: -40,
        walls: 0,
        lead_ahead: 0,
        walls_behind: 0,
        second_lead: 0,
        lead_walls: 0,
    };

    /// The weights the engine evaluates with unless told otherwise.
    pub const DEFAULT: FourWeights = FourWeights::HAND;

    /// The weights as an array, in field order (for tuning).
    pub const fn to_array(self) -> [Score; FOUR_FEATURES] {
        [
            self.lead,
            self.walls_rounds,
            self.others_walls,
            self.walls,
            self.lead_ahead,
            self.walls_behind,
            self.second_lead,
            self.lead_walls,
        ]
    }

    /// Weights from an array in field order (for tuning).
    pub const fn from_array(a: [Score; FOUR_FEATURES]) -> FourWeights {
        FourWeights {
            lead: a[0],
            walls_rounds: a[1],
            others_walls: a[2],
            walls: a[3],
            lead_ahead: a[4],
            walls_behind: a[5],
            second_lead: a[6],
            lead_walls: a[7],
        }
    }
}

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

/// Each seat's features (indexed by seat; zeros for a seat out of play), in the order of
/// [`FourWeights::to_array`]: the lead over the first other seat due in centi-steps, the
/// walls in hand times the rounds left (at most 6), the walls the others hold, the walls
/// in hand, the lead while positive in centi-steps, the walls of the others due later,
/// the lead over the second other seat due in centi-steps, the lead in centi-steps times
/// the others' walls over 8. A seat's arrival, in plies from now, is its route less one
/// in full rounds plus the plies until its turn.
pub fn four_features(pos: &Position) -> [[i32; FOUR_FEATURES]; 4] {
    let mut out = [[0; FOUR_FEATURES]; 4];
    each_seat(pos, |seat, f| out[seat] = f);
    out
}

/// Calls `f` with each seat in play's index and features ([`four_features`]), the
/// evaluation's one pass over the seats.
#[inline(always)]
fn each_seat(pos: &Position, mut f: impl FnMut(usize, [i32; FOUR_FEATURES])) {
    let arrival = arrivals(pos);
    // The seats in play by arrival (distinct: each seat's turn offset differs), with
    // their walls in hand.
    let mut order = [(0i32, 0i32, 0usize); 4];
    let mut n = 0;
    for s in pos.seats_in_play() {
        let mut k = n;
        while k > 0 && order[k - 1].0 > arrival[s] {
            order[k] = order[k - 1];
            k -= 1;
        }
        order[k] = (arrival[s], pos.walls_left(s) as i32, s.index());
        n += 1;
    }
    let count = n.max(1) as i32;
    let all_walls: i32 = order[..n].iter().map(|o| o.1).sum();
    let mut later_walls = all_walls;
    for i in 0..n {
        let (mine_at, mine, seat) = order[i];
        later_walls -= mine;
        // The first and second other seats due: the first two of the order but this one.
        let at = |j: usize| (j < n).then(|| order[j].0);
        let first = if i == 0 { at(1) } else { at(0) }.unwrap_or(mine_at + count);
        let second = if i <= 1 { at(2) } else { at(1) }.unwrap_or(first);
        let rounds_left = (first + count - 1) / count;
        let lead = (first - mine_at) * 100 / count;
        let theirs = all_walls - mine;
        f(
            seat,
            [
                lead,
                mine * rounds_left.min(WALL_ROUNDS),
                theirs,
                mine,
                lead.max(0),
                later_walls,
                (second - mine_at) * 100 / count,
                lead * theirs / 8,
            ],
        );
    }
}

/// The linear evaluation of one seat's `features` under `w` (centi-step features divided
/// back by 100).
#[inline]
pub fn evaluate_four_with(w: &FourWeights, f: &[i32; FOUR_FEATURES]) -> Score {
    (w.lead * f[0] + w.lead_ahead * f[4] + w.second_lead * f[6] + w.lead_walls * f[7]) / 100
        + w.walls_rounds * f[1]
        + w.others_walls * f[2]
        + w.walls * f[3]
        + w.walls_behind * f[5]
}

/// Each seat's view of a position whose game goes on under `w`, the seat of index `own`
/// under `own_w` (−∞ for a seat out of play).
pub(super) fn four_evaluate(w: &FourWeights, own_w: &FourWeights, own: usize, pos: &Position) -> [Score; 4] {
    let mut out = [-INF; 4];
    each_seat(pos, |seat, f| out[seat] = evaluate_four_with(if seat == own { own_w } else { w }, &f));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use wallrush_core::{Seat, Variant};

    #[test]
    fn the_hand_weights_score_the_four_player_start_by_turn_order() {
        // Every route is 8 steps, so the seats arrive at plies 28, 29, 30 and 31 (seven
        // rounds, plus the plies until each turn): South leads West by a quarter of a
        // step; each seat's 5 walls (6 rounds left, 20 a round) cancel the others' 15
        // (40 each).
        let pos = Position::new(Variant::four_player());
        let f = four_features(&pos);
        assert_eq!(f[Seat::South.index()], [25, 30, 15, 5, 25, 15, 50, 46]);
        let v = four_evaluate(&FourWeights::HAND, &FourWeights::HAND, 0, &pos);
        let by_seat = |s: Seat| v[s.index()];
        assert_eq!(
            [Seat::South, Seat::West, Seat::North, Seat::East].map(by_seat),
            [25, -25, -50, -75],
            "{v:?}"
        );
    }

    #[test]
    fn one_seat_can_score_itself_under_its_own_weights() {
        // North's own weights count its 5 walls in hand at 10 each; the other seats keep
        // the hand weights' view.
        let pos = Position::new(Variant::four_player());
        let own = FourWeights { walls: 10, ..FourWeights::HAND };
        let shared = four_evaluate(&FourWeights::HAND, &FourWeights::HAND, Seat::North.index(), &pos);
        let v = four_evaluate(&FourWeights::HAND, &own, Seat::North.index(), &pos);
        assert_eq!(v[Seat::North.index()], shared[Seat::North.index()] + 50);
        for s in [Seat::South, Seat::West, Seat::East] {
            assert_eq!(v[s.index()], shared[s.index()], "{s:?}");
        }
    }

    #[test]
    fn the_weights_round_trip_through_arrays() {
        let a = [1, 2, 3, 4, 5, 6, 7, 8];
        assert_eq!(FourWeights::from_array(a).to_array(), a);
        assert_eq!(FourWeights::DEFAULT, FourWeights::HAND);
    }
}
