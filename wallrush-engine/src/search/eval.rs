//! The two-seat evaluation: a linear score over a few features of the position
//! ([`Weights`], [`evaluate_with`]) plus a threat term, the most steps one wall of each
//! side could add to the other's route now, counted exactly by mask searches
//! ([`Geo::threat`]) and cached.

use core::cell::Cell;

use super::masks::Geo;
use super::score::{Score, WIN};
use wallrush_core::{Position, Seat, SplitMix64, WallMasks};

/// The evaluation's weights (two seats), in centi-steps per unit of each feature; see
/// [`Searcher::features`](super::Searcher::features) for the features. [`Weights::TUNED`] is the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per step of route difference (opponent's route minus the mover's).
    pub route: Score,
    /// Per wall of difference in hand (the mover's minus the opponent's).
    pub walls: Score,
    /// Per wall of difference in hand, times the shorter route over 8: walls are worth
    /// more while the race is long.
    pub walls_long: Score,
    /// Per wall of difference in hand, times the walls on the board over 8: walls are
    /// worth more when the board is already crowded (traps).
    pub walls_crowded: Score,
    /// For having the move.
    pub tempo: Score,
    /// Per wall in hand (up to 3) while the other seat holds none, minus the same for the
    /// other seat.
    pub monopoly: Score,
    /// Per step of route difference, times the walls in both hands over 8: a lead in the
    /// race is worth less while many walls can still change it.
    pub route_walls: Score,
    /// Per wall in hand (up to 3) while the other seat is at most 3 steps from its goal,
    /// minus the same for the other seat: walls that can still stop a runner.
    pub near_goal: Score,
    /// For a race the mover surely wins (the opponent has no wall left and the mover's
    /// route is no longer), minus the same for a race it surely loses (the mover has no
    /// wall left and the opponent's route is shorter): pawn interaction aside, walls can
    /// then only add to the winner's margin.
    pub sure_race: Score,
    /// Per step of threat: the most steps one wall of the mover could add to the
    /// opponent's route now, less the same for the opponent against the mover (each at
    /// most [`THREAT_CAP`]), counted exactly by mask searches. 0 leaves the term out.
    /// Not one of the linear features: [`to_array`](Self::to_array) and
    /// [`from_array`](Self::from_array) leave it aside.
    pub threat: Score,
}

/// The number of linear evaluation features
/// ([`Searcher::features`](super::Searcher::features), [`Weights::to_array`]).
pub const FEATURES: usize = 9;

impl Weights {
    /// The linear weights before tuning (a hand-set evaluation: a wall in hand worth 1.2
    /// steps), with the tuned threat weight.
    pub const HAND: Weights = Weights {
        route: 100,
        walls: 120,
        walls_long: 0,
        walls_crowded: 0,
        tempo: 50,
        monopoly: 40,
        route_walls: 0,
        near_goal: 0,
        sure_race: 0,
        threat: 63,
    };

    /// The tuned weights. The wall weights, the tempo, the monopoly term and the threat
    /// weight come from SPSA on match results (`examples/spsa.rs`: 6,000 game pairs of
    /// self-play at 15,000 nodes a move, seed 1, started from the Texel-style fit of
    /// `examples/tune.rs`, 55/42/63/50/−32, and a threat weight of 40); `sure_race` alone
    /// is fitted on 33,153 positions of 552 recorded games against Titanium
    /// (`tune --records … --free 8`).
    pub const TUNED: Weights = Weights {
        route: 100,
        walls: 74,
        walls_long: 59,
        walls_crowded: 58,
        tempo: 42,
        monopoly: -28,
        route_walls: 0,
        near_goal: 0,
        sure_race: 3040,
        threat: 63,
    };

    /// The linear weights as an array, in field order (for tuning); without
    /// [`threat`](Self::threat).
    pub const fn to_array(self) -> [Score; FEATURES] {
        [
            self.route,
            self.walls,
            self.walls_long,
            self.walls_crowded,
            self.tempo,
            self.monopoly,
            self.route_walls,
            self.near_goal,
            self.sure_race,
        ]
    }

    /// Weights from the linear weights in field order (for tuning), with the tuned
    /// [`threat`](Self::threat) weight.
    pub const fn from_array(a: [Score; FEATURES]) -> Weights {
        Weights {
            route: a[0],
            walls: a[1],
            walls_long: a[2],
            walls_crowded: a[3],
            tempo: a[4],
            monopoly: a[5],
            route_walls: a[6],
            near_goal: a[7],
            sure_race: a[8],
            threat: Weights::TUNED.threat,
        }
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::TUNED
    }
}

/// The most steps of threat [`Weights::threat`] counts for one seat.
pub const THREAT_CAP: u32 = 6;

/// Steps of threat by which a node's score may lie outside its window before the threat
/// term is left out of its evaluation (a lazy evaluation).
const THREAT_LAZY: Score = 6;

/// Entries of the threat cache.
pub(super) const THREAT_CACHE: usize = 1 << 16;

/// The evaluation's features for the seat to move (two seats), in the order of
/// [`Weights::to_array`]: route difference, walls difference, walls difference times
/// the shorter route / 8, walls difference times walls on the board / 8, 1 (tempo),
/// monopoly, route difference times the walls in both hands / 8, walls that can still
/// stop a runner (near goal), a sure race won (+1) or lost (−1). Times 8 where a
/// feature has eighths, so they stay integers; the evaluation divides those back.
pub(super) fn features(pos: &Position) -> [i32; FEATURES] {
    let me = pos.turn();
    let opp = other(pos, me);
    let (d_me, d_opp) = (pos.route_len(me).unwrap_or(0) as i32, pos.route_len(opp).unwrap_or(0) as i32);
    let (w_me, w_opp) = (pos.walls_left(me) as i32, pos.walls_left(opp) as i32);
    let dw = w_me - w_opp;
    let on_board = pos.wall_count() as i32;
    let monopoly = if w_opp == 0 { w_me.min(3) } else { 0 } - if w_me == 0 { w_opp.min(3) } else { 0 };
    let near = |d: i32, w: i32| if d <= 3 { w.min(3) } else { 0 };
    let sure = i32::from(w_opp == 0 && d_me <= d_opp) - i32::from(w_me == 0 && d_opp < d_me);
    [
        d_opp - d_me,
        dw,
        dw * d_me.min(d_opp),
        dw * on_board.min(16),
        1,
        monopoly,
        (d_opp - d_me) * (w_me + w_opp),
        near(d_opp, w_me) - near(d_me, w_opp),
        sure,
    ]
}

/// The linear evaluation of `features` under `w` (the features of
/// [`Searcher::features`](super::Searcher::features); those in eighths divided back).
pub fn evaluate_with(w: &Weights, f: &[i32; FEATURES]) -> Score {
    w.route * f[0]
        + w.walls * f[1]
        + w.walls_long * f[2] / 8
        + w.walls_crowded * f[3] / 8
        + w.tempo * f[4]
        + w.monopoly * f[5]
        + w.route_walls * f[6] / 8
        + w.near_goal * f[7]
        + w.sure_race * f[8]
}

/// The static evaluation of `pos` for the seat to move (two seats), in centi-steps,
/// for a node searched in the window `alpha..beta`: the linear [`evaluate_with`] of the
/// [`features`], plus the threat term ([`Weights::threat`]) counted on the board's masks
/// `geo` (none without them) through the threat cache `cache`. The threat term is left
/// out when the rest of the score lies so far outside the window ([`THREAT_LAZY`] steps
/// of threat) that it would hardly bring the score back into it.
#[inline]
pub(super) fn evaluate(
    weights: &Weights,
    geo: Option<&Geo>,
    cache: Option<&[Cell<u64>]>,
    pos: &Position,
    alpha: Score,
    beta: Score,
) -> Score {
    let me = pos.turn();
    let opp = other(pos, me);
    let (w_me, w_opp) = (pos.walls_left(me), pos.walls_left(opp));
    if w_me == 0 && w_opp == 0 {
        let (d_me, d_opp) = (pos.route_len(me).unwrap_or(0) as i32, pos.route_len(opp).unwrap_or(0) as i32);
        // A pure race, ignoring pawn interaction: the mover arrives first when its
        // route is no longer (the search plays races out when it can).
        return if d_me <= d_opp { WIN / 2 - d_me * 100 } else { -(WIN / 2) + d_opp * 100 };
    }
    let score = evaluate_with(weights, &features(pos));
    let weight = weights.threat;
    if weight == 0 {
        return score;
    }
    let lazy = weight * THREAT_LAZY;
    if lazy > 0 && (score.saturating_add(lazy) <= alpha || score.saturating_sub(lazy) >= beta) {
        return score;
    }
    let (Some(geo), Some(m)) = (geo, pos.wall_masks()) else { return score };
    let mine = if w_me > 0 { cached_threat(cache, geo, pos, &m, opp) } else { 0 };
    let theirs = if w_opp > 0 { cached_threat(cache, geo, pos, &m, me) } else { 0 };
    score + weight * (mine as i32 - theirs as i32)
}

/// [`Geo::threat`] against `victim` (at most [`THREAT_CAP`]), through `cache` when there
/// is one: a key of the open steps, the free slots, the victim's pawn and seat, with the
/// count in its low three bits.
pub(super) fn cached_threat(
    cache: Option<&[Cell<u64>]>,
    geo: &Geo,
    pos: &Position,
    m: &WallMasks,
    victim: Seat,
) -> u32 {
    let Some(cache) = cache else { return geo.threat(pos, m, victim, THREAT_CAP) };
    // Each part through a full mixer in turn: a plain xor of the parts would let the
    // changes one wall makes to two masks cancel out.
    let mix = |h: u64, x: u64| {
        let mut z = (h ^ x).wrapping_add(SplitMix64::GAMMA);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let pawn = pos.pawn(victim).map_or(0, |sq| geo.cell(sq) as u64);
    let mut k = mix(0, pawn << 8 | victim.index() as u64);
    for x in [m.open_e, m.open_n, m.free_h, m.free_v] {
        k = mix(mix(k, x as u64), (x >> 64) as u64);
    }
    let cell = &cache[(k >> 40) as usize & (cache.len() - 1)];
    let e = cell.get();
    if e != 0 && e & !7 == k & !7 {
        return (e & 7) as u32;
    }
    let t = geo.threat(pos, m, victim, THREAT_CAP);
    cell.set((k & !7) | u64::from(t));
    t
}

/// The other seat of a two-seat game.
pub(super) fn other(pos: &Position, me: Seat) -> Seat {
    pos.seats_in_play().find(|&s| s != me).unwrap_or(me)
}
