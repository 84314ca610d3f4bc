//! Shared helpers: random variants and positions reached by random legal play.
#![allow(dead_code)]

pub mod data;

use proptest::prelude::*;
use wallrush_core::{
    DrawOptions, Game, Goal, Move, Orientation, Position, Seat, SplitMix64, Square, Variant, Wall,
};

/// Proptest cases: `PROPTEST_CASES` when set, else `default` (kept small so that the
/// suite takes seconds in a debug build).
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// SplitMix64: a tiny deterministic generator driven by a proptest seed.
pub struct Rng(pub SplitMix64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }
    pub fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Variants of every kind: sizes 3–31 (small ones more often), 2 and 4 seats, several
/// wall counts and lengths, both goals.
pub fn variants() -> impl Strategy<Value = Variant> {
    (
        prop::sample::select(vec![3u32, 3, 5, 5, 7, 9, 9, 9, 11, 13, 17, 25, 27, 31]),
        prop::sample::select(vec![2u32, 4]),
        prop::sample::select(vec![0u32, 1, 3, 5, 10, 20]),
        0u32..100,
        any::<bool>(),
    )
        .prop_map(|(size, players, walls, len_pick, centre)| {
            // Mostly length 2 or 3, sometimes anything up to size − 1.
            let max = size - 1;
            let length = match len_pick % 4 {
                0 | 1 => 2,
                2 => 3.min(max),
                _ => 2 + len_pick % (max - 1),
            };
            let goal = if centre { Goal::Centre } else { Goal::Edge };
            Variant::new(size, players, walls, length, goal).expect("in range")
        })
}

/// A move for random play: pawn moves that shorten the route often (so games end),
/// walls often (so jumps and detours happen), any pawn move otherwise, and whatever is
/// legal (a pass) when nothing else is.
pub fn pick_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    if pos.is_game_over() {
        return None;
    }
    let pawns = pos.pawn_moves();
    let roll = rng.below(100);
    if roll < 55 && !pawns.is_empty() {
        let seat = pos.turn();
        let after = |m: Move| {
            let mut p = pos.clone();
            p.play_unchecked(m);
            (p.is_game_over(), p.route_len(seat).unwrap_or(0))
        };
        let best = pawns.iter().map(|&m| after(m).1).min().unwrap_or(0);
        let good: Vec<Move> = pawns
            .iter()
            .copied()
            .filter(|&m| {
                let (over, len) = after(m);
                over || len == best
            })
            .collect();
        return Some(good[rng.below(good.len())]);
    }
    if roll >= 80 && !pawns.is_empty() {
        return Some(pawns[rng.below(pawns.len())]);
    }
    if pos.walls_left(pos.turn()) > 0 {
        // A few random slots first: building the whole list is slow on big boards.
        let n = pos.variant().size();
        for _ in 0..8 {
            let sq = Square::new(rng.below(n as usize) as u8, rng.below(n as usize) as u8);
            let o = if rng.chance(50) { Orientation::Horizontal } else { Orientation::Vertical };
            let m = Move::Wall(Wall::new(sq, o));
            if pos.is_legal(m) {
                return Some(m);
            }
        }
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    Some(moves[rng.below(moves.len())])
}

/// The position after up to `plies` random legal moves from the start of `variant`.
pub fn random_position(variant: Variant, seed: u64, plies: usize) -> Position {
    let mut rng = Rng::new(seed);
    let mut pos = Position::new(variant);
    for _ in 0..plies {
        let Some(m) = pick_move(&pos, &mut rng) else { break };
        let before = pos.clone();
        pos.play_unchecked(m);
        if pos.is_game_over() {
            // Keep positions where the game goes on: they have moves to test.
            pos = before;
            break;
        }
    }
    pos
}

/// A random game of up to `actions` actions, with occasional resignations (on turn and
/// out of turn).
pub fn random_game(variant: Variant, draw: DrawOptions, seed: u64, actions: usize) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(variant).with_draw_options(draw);
    for _ in 0..actions {
        if game.is_over() {
            break;
        }
        if rng.chance(3) {
            let seats: Vec<Seat> = game.position().seats_in_play().collect();
            let seat = seats[rng.below(seats.len())];
            game.resign(seat).expect("a seat in play may resign");
            continue;
        }
        let m = pick_move(game.position(), &mut rng).expect("a game that goes on has moves");
        game.play(m).expect("legal");
    }
    game
}
