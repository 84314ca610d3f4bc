//! The one seeded list of positions every bench, test and report reads.
//!
//! - the classic opening;
//! - [`midgame`]: [`MIDGAME_COUNT`] classic 9×9 positions from seeded play, 6–12 walls on
//!   the board, the seat to move holding walls, the game not over;
//! - [`four_seat`]: four-seat 9×9 positions, 4–12 walls;
//! - [`large`]: 25×25 two-seat positions (40 walls each), 20–60 walls on the board;
//! - [`perft_midgame`]: the 20 fixed mid-game positions of `data/perft-midgame.txt`, with
//!   their perft(3) counts;
//! - [`games`]: eight classic positions from the strong engine's games against another
//!   engine, written out as move lists ([`GAME_LINES`]).
//!
//! The play that makes the sets: each ply the mover places a random legal wall (while
//! the board holds fewer walls than the sample's target, with probability ½), otherwise
//! moves its pawn, half the time along a shortest route and half the time at random,
//! never onto its goal. A sample is taken once the target is reached with the mover
//! holding walls. Everything follows from the seed, so every run and every machine sees
//! the same positions.

use wallrush_core::{Goal, Move, Position, Seat, Variant};

pub use crate::data::{parse_perft, PerftCase};
use crate::rng::SplitMix64;

/// Seed of the mid-game set.
pub const MIDGAME_SEED: u64 = 0x5741_4C4C_5255_5348;
/// Seed of the four-seat set.
pub const FOUR_SEAT_SEED: u64 = 0x0004_5345_4154_5321;
/// Seed of the 25×25 set.
pub const LARGE_SEED: u64 = 0x0025_0025_4C41_5247;

/// Positions in the mid-game set.
pub const MIDGAME_COUNT: usize = 1000;
/// Positions in the four-seat set.
pub const FOUR_SEAT_COUNT: usize = 200;
/// Positions in the 25×25 set.
pub const LARGE_COUNT: usize = 40;
/// Board size of the large set.
pub const LARGE_SIZE: u32 = 25;

/// Walls on the board in a mid-game sample: 6 ..= 12.
pub const MIDGAME_WALLS: (u32, u32) = (6, 12);

/// One position of a set, with the moves that lead to it from the variant's start.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The moves from the start, in order.
    pub moves: Vec<Move>,
    /// The position they reach.
    pub position: Position,
}

/// The lines of [`games`]: positions after 24 or 36 plies of `wallrush arena` games between
/// the strong engine and Titanium at 500 ms a move (arena seeds 120–131): play between
/// engines, where the mid-game set comes from random play.
pub const GAME_LINES: [&str; 8] = [
    "d1 e6v a2h f9 d2 f8 d3 e8 d4 e7 d6h d7 c7v d8 d5 a8h e8v d9 c2h c9 e2h c8 f3v c7",
    "d1 d9 e1 d8 e2 d7 e3 d6 e4 d5 c4h d5h d4v e4v e1v c5 a4h c6 c6v c7 b7h b7 a7v b6 e3 a6 f3 a7 \
     f4 a8 f5 f5h f3h a9 h4h b9",
    "e2 f9 d2 f8 d3 d3h c3 b3h e7h a2v d3 g8 g7h a7h d2 c7h g8h f8v e2 h8 f2 i8 g2 i7",
    "g5h f9 e5h g9 d1 c5h e1 h9 e2 h8 e3 a5h f3 f2v f2 e1h e2 f4v d2 c1h d3 h7 c3 c2h h7v h8 b3 \
     a2h c3 d3v c4 h9 c5 h5v d5 i9",
    "d1 f9 f4v g9 d2 g8 f6h f8 e7v f9 e2 e9 e3 e8 e4 e7 d6h d7 c7v d3v c8h e7 e5 d5v",
    "e1v f9 e2 e9 e3 e8 e4 e7 e5 d7h c4h e6 e4h f6 f5v f7 f7v f8 g6h c6h d5v f9 e6 g9 h4h f9 c8v \
     a6v e7 e6v e6 b7h e5 d3v f5 d8v",
    "e2 d9 d2 e9 d3 e8 d4 e7 d5 e6 d6 c6h f6 e6h g6 g6h e5h h5v g5 h3v g4 h7h g3 a6h",
    "d1 d9 e1 c3h e2 d8 e3 e3h f3 f2v f2 e1h e2 d7 d2 d6 d1 e6 e1 h6h f6v f8v f1 e5 e4v e6 g1 g1h \
     h1 h1v g1 a7h f1 d6 e1 c6",
];

/// The positions of [`GAME_LINES`].
///
/// ```
/// let set = wallrush_benches::sets::games();
/// assert_eq!(set.len(), 8);
/// assert!(set.iter().all(|p| !p.is_game_over() && p.walls_left(p.turn()) > 0));
/// ```
pub fn games() -> Vec<Position> {
    GAME_LINES
        .iter()
        .map(|line| {
            let mut pos = Position::classic();
            for m in line.split_whitespace() {
                pos.play(m.parse().expect("a move")).expect("a legal move");
            }
            pos
        })
        .collect()
}

/// The classic opening.
pub fn opening() -> Position {
    Position::classic()
}

/// The mid-game set: [`MIDGAME_COUNT`] positions.
///
/// ```
/// let set = wallrush_benches::sets::midgame();
/// assert_eq!(set.len(), wallrush_benches::sets::MIDGAME_COUNT);
/// assert!(set.iter().all(|p| (6..=12).contains(&p.wall_count()) && p.walls_left(p.turn()) > 0));
/// ```
pub fn midgame() -> Vec<Position> {
    midgame_samples(MIDGAME_COUNT).into_iter().map(|s| s.position).collect()
}

/// The first `count` samples of the mid-game set (a prefix of the full set).
pub fn midgame_samples(count: usize) -> Vec<Sample> {
    let (lo, hi) = MIDGAME_WALLS;
    generate(Variant::classic(), lo, hi, count, MIDGAME_SEED)
}

/// The four-seat set: [`FOUR_SEAT_COUNT`] positions of the four-player preset.
pub fn four_seat() -> Vec<Position> {
    four_seat_samples(FOUR_SEAT_COUNT).into_iter().map(|s| s.position).collect()
}

/// The first `count` samples of the four-seat set.
pub fn four_seat_samples(count: usize) -> Vec<Sample> {
    generate(Variant::four_player(), 4, 12, count, FOUR_SEAT_SEED)
}

/// The variant of the large set: 25×25, two seats, 40 walls each, length 2, edge goals.
pub fn large_variant() -> Variant {
    Variant::new(LARGE_SIZE, 2, 40, 2, Goal::Edge).expect("a valid variant")
}

/// The 25×25 set: [`LARGE_COUNT`] positions.
pub fn large() -> Vec<Position> {
    large_samples(LARGE_COUNT).into_iter().map(|s| s.position).collect()
}

/// The first `count` samples of the 25×25 set.
pub fn large_samples(count: usize) -> Vec<Sample> {
    generate(large_variant(), 20, 60, count, LARGE_SEED)
}

/// `count` samples of `variant` with `lo ..= hi` walls on the board, from `seed`.
///
/// # Panics
/// If the variant cannot hold `lo` walls (too few walls per seat).
pub fn generate(variant: Variant, lo: u32, hi: u32, count: usize, seed: u64) -> Vec<Sample> {
    assert!(
        lo <= hi && hi < u32::from(variant.walls()) * u32::from(variant.players()),
        "the variant cannot hold {lo} ..= {hi} walls with the mover still holding one"
    );
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let target = rng.between(lo as usize, hi as usize) as u32;
        if let Some(s) = play_to(variant, target, &mut rng) {
            out.push(s);
        }
    }
    out
}

/// Plays from the start until `target` walls are down and the mover holds a wall; `None`
/// when the game ends or drags on first (the caller then starts another).
fn play_to(variant: Variant, target: u32, rng: &mut SplitMix64) -> Option<Sample> {
    let mut pos = Position::new(variant);
    let mut moves = Vec::new();
    let ply_cap = 8 * target as usize + 40;
    for _ in 0..ply_cap {
        if pos.is_game_over() {
            return None;
        }
        let me = pos.turn();
        if pos.wall_count() == target && pos.walls_left(me) > 0 {
            return Some(Sample { moves, position: pos });
        }
        let m = choose(&pos, me, target, rng)?;
        pos.play(m).expect("chosen from the legal moves");
        moves.push(m);
    }
    None
}

fn choose(pos: &Position, me: Seat, target: u32, rng: &mut SplitMix64) -> Option<Move> {
    let legal = pos.legal_moves();
    if pos.wall_count() < target && pos.walls_left(me) > 0 && rng.chance(1, 2) {
        let walls: Vec<Move> = legal.iter().copied().filter(|m| matches!(m, Move::Wall(_))).collect();
        if let Some(&w) = rng.pick(&walls) {
            return Some(w);
        }
    }
    let steps: Vec<Move> =
        legal.iter().copied().filter(|m| matches!(m, Move::Pawn(to) if !pos.is_goal(me, *to))).collect();
    if steps.is_empty() {
        // Only walls, a pass, or winning steps are left: take a non-winning move if any.
        let rest: Vec<Move> =
            legal.iter().copied().filter(|m| !matches!(m, Move::Pawn(to) if pos.is_goal(me, *to))).collect();
        return rng.pick(&rest).copied();
    }
    if rng.chance(1, 2) {
        // Along a shortest route: the step that leaves the shortest route length.
        let after = |m: Move| {
            let mut p = pos.clone();
            p.play_unchecked(m);
            p.route_len(me).unwrap_or(u32::MAX)
        };
        let best = steps.iter().map(|&m| after(m)).min().expect("steps is not empty");
        let greedy: Vec<Move> = steps.iter().copied().filter(|&m| after(m) == best).collect();
        return rng.pick(&greedy).copied();
    }
    rng.pick(&steps).copied()
}

/// The perft(3) cases of the 20 fixed mid-game positions (`data/perft-midgame.txt`).
///
/// ```
/// let cases = wallrush_benches::sets::perft_midgame();
/// assert_eq!(cases.len(), 20);
/// assert!(cases.iter().all(|c| c.depth == 3));
/// ```
pub fn perft_midgame() -> Vec<PerftCase> {
    parse_perft(PERFT_MIDGAME).expect("data/perft-midgame.txt is well formed")
}

/// The text of `data/perft-midgame.txt`.
pub const PERFT_MIDGAME: &str = include_str!("../../data/perft-midgame.txt");

/// The lines of a perft data file for `samples` at `depth`, counted by `count`, as
/// [`PerftCase`]'s `Display` writes them.
pub fn perft_file(samples: &[Sample], depth: u32, count: impl Fn(&Position) -> u64) -> String {
    let mut text = String::new();
    for s in samples {
        let case = PerftCase {
            variant: s.position.variant(),
            moves: s.moves.clone(),
            position: s.position.clone(),
            depth,
            nodes: count(&s.position),
        };
        text.push_str(&format!("{case}\n"));
    }
    text
}
