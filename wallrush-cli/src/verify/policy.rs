//! How the games are chosen: policies that steer into the corners of the rules where
//! implementations go wrong, not just uniform random moves.

use wallrush_core::{Move, Position, Seat, SplitMix64, Square};

/// A way of choosing moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Policy {
    /// Uniform over the legal moves.
    Random,
    /// Walls four times in five while walls are left; pawns race otherwise.
    WallHeavy,
    /// Pawns driven into contact: steps towards the nearest other pawn, jumps taken, and
    /// with four seats a step that lines three pawns up (where a jump meets a third pawn
    /// and offers nothing) preferred to any other step.
    JumpSeeking,
    /// Walls that lengthen the others' routes the most, leaving single corridors.
    NearSealing,
}

impl Policy {
    /// Every policy, in the order games cycle through them.
    pub const ALL: [Policy; 4] =
        [Policy::WallHeavy, Policy::JumpSeeking, Policy::NearSealing, Policy::Random];

    /// The policy of ply `ply` in game `game` on a board of `size`: games start on
    /// different policies and every game moves to the next policy every
    /// `max(2, size / 3)` plies, so that a run of a few games per variant still plays
    /// every policy on every variant.
    pub fn at(game: u32, ply: usize, size: u8) -> Policy {
        let segment = usize::from(size / 3).max(2);
        Policy::ALL[(game as usize + ply / segment) % Policy::ALL.len()]
    }

    /// The policy's name.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
            Policy::WallHeavy => "wall-heavy",
            Policy::JumpSeeking => "jump-seeking",
            Policy::NearSealing => "near-sealing",
        }
    }

    /// A legal move of `pos` (which must not be over).
    pub fn choose(self, pos: &Position, rng: &mut SplitMix64) -> Move {
        let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
        let walls: Vec<Move> = legal.iter().copied().filter(|m| matches!(m, Move::Wall(_))).collect();
        let pawns: Vec<Move> = legal.iter().copied().filter(|m| !matches!(m, Move::Wall(_))).collect();
        let pick = |list: &[Move], rng: &mut SplitMix64| list[rng.below(list.len() as u64) as usize];
        let chance = |rng: &mut SplitMix64, pct: u64| rng.below(100) < pct;
        match self {
            Policy::Random => pick(&legal, rng),
            Policy::WallHeavy if !walls.is_empty() && chance(rng, 80) => pick(&walls, rng),
            Policy::WallHeavy => racing(pos, &pawns, &legal, rng),
            Policy::JumpSeeking => {
                if !walls.is_empty() && chance(rng, 10) {
                    return pick(&walls, rng);
                }
                let me = pos.turn();
                // In contact: a wall behind my pawn, so the other one must jump diagonally.
                let behind = behind_walls(pos, &walls);
                if !behind.is_empty() && chance(rng, 60) {
                    return pick(&behind, rng);
                }
                let others: Vec<Square> =
                    pos.variant().seats().filter(|&s| s != me).filter_map(|s| pos.pawn(s)).collect();
                let here = pos.pawn(me);
                let dist = |sq: Square| {
                    others.iter().map(|o| o.file().abs_diff(sq.file()) + o.rank().abs_diff(sq.rank())).min()
                };
                let score = |m: &Move| match *m {
                    Move::Pawn(sq) => {
                        let jump = here
                            .is_some_and(|h| h.file().abs_diff(sq.file()) + h.rank().abs_diff(sq.rank()) > 1);
                        // Jumps first, then three pawns in a line (four seats only: two
                        // seats never have three pawns), then closeness to a pawn
                        // (contact keeps jumps coming).
                        (u8::from(!jump), u8::from(!in_line(&others, sq)), dist(sq).unwrap_or(0))
                    }
                    _ => (2, 1, u8::MAX),
                };
                let best = pawns.iter().map(score).min();
                let ties: Vec<Move> = pawns.iter().copied().filter(|m| Some(score(m)) == best).collect();
                if ties.is_empty() || chance(rng, 10) {
                    pick(&legal, rng)
                } else {
                    pick(&ties, rng)
                }
            }
            Policy::NearSealing if !walls.is_empty() && chance(rng, 70) => {
                let me = pos.turn();
                let mut best: Vec<(u32, Move)> = Vec::new();
                for &m in &walls {
                    let Move::Wall(w) = m else { continue };
                    let Ok(routes) = pos.preview_wall(w) else { continue };
                    let gain: u32 = pos
                        .variant()
                        .seats()
                        .filter(|&s: &Seat| s != me && pos.is_in_play(s))
                        .map(|s| routes[s].unwrap_or(0))
                        .sum();
                    best.push((gain, m));
                }
                let top = best.iter().map(|b| b.0).max().unwrap_or(0);
                let ties: Vec<Move> = best.iter().filter(|b| b.0 == top).map(|b| b.1).collect();
                if ties.is_empty() {
                    pick(&legal, rng)
                } else {
                    pick(&ties, rng)
                }
            }
            Policy::NearSealing => racing(pos, &pawns, &legal, rng),
        }
    }
}

/// Whether a pawn on `sq` would stand in a straight line of three touching pawns with two
/// of `others`: at the end of the line or in its middle.
fn in_line(others: &[Square], sq: Square) -> bool {
    let at = |df: i32, dr: i32| {
        let (f, r) = (i32::from(sq.file()) + df, i32::from(sq.rank()) + dr);
        others.iter().any(|o| i32::from(o.file()) == f && i32::from(o.rank()) == r)
    };
    [(1, 0), (0, 1), (-1, 0), (0, -1)]
        .into_iter()
        .any(|(df, dr)| (at(df, dr) && at(2 * df, 2 * dr)) || (df + dr > 0 && at(df, dr) && at(-df, -dr)))
}

/// A pawn move along a shortest route half the time, any pawn move otherwise.
fn racing(pos: &Position, pawns: &[Move], legal: &[Move], rng: &mut SplitMix64) -> Move {
    if pawns.is_empty() {
        return legal[rng.below(legal.len() as u64) as usize];
    }
    if rng.below(2) == 0 {
        if let Some(next) = pos.route(pos.turn()).and_then(|r| r.get(1).copied()) {
            if pawns.contains(&Move::Pawn(next)) {
                return Move::Pawn(next);
            }
        }
    }
    pawns[rng.below(pawns.len() as u64) as usize]
}

/// The walls of `walls` that close the step from the mover's pawn to the square beyond
/// it, seen from a pawn standing next to it.
fn behind_walls(pos: &Position, walls: &[Move]) -> Vec<Move> {
    let v = pos.variant();
    let (n, len) = (i32::from(v.size()), v.wall_length());
    let Some(p) = pos.pawn(pos.turn()) else { return Vec::new() };
    let mut out = Vec::new();
    for s in v.seats().filter(|&s| s != pos.turn()) {
        let Some(o) = pos.pawn(s) else { continue };
        let (df, dr) = (i32::from(p.file()) - i32::from(o.file()), i32::from(p.rank()) - i32::from(o.rank()));
        if df.abs() + dr.abs() != 1 {
            continue;
        }
        let (bf, br) = (i32::from(p.file()) + df, i32::from(p.rank()) + dr);
        if !(0..n).contains(&bf) || !(0..n).contains(&br) {
            continue;
        }
        let b = Square::new(bf as u8, br as u8);
        out.extend(walls.iter().copied().filter(|m| matches!(m, Move::Wall(w) if w.blocks(len, p, b))));
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::verify::policy::in_line;
    use wallrush_core::Square;

    #[test]
    fn three_in_a_line() {
        let sq = |t: &str| t.parse::<Square>().unwrap();
        let others = [sq("c3"), sq("c4"), sq("e5")];
        assert!(in_line(&others, sq("c2")), "the end of a line");
        assert!(in_line(&others, sq("c5")), "the other end");
        assert!(!in_line(&others, sq("d3")), "beside, not in line");
        assert!(in_line(&[sq("b3"), sq("d3")], sq("c3")), "the middle");
        assert!(!in_line(&[sq("b3"), sq("c4")], sq("c3")), "a corner is no line");
    }
}
