//! RULES.md §9 worked positions and perft counts from data/perft.txt.

mod common;

use common::data;
use wallrush_core::{perft, BySeat, Move, Position, Seat, Setup, Square, Variant, Wall};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn pawn_moves(pos: &Position) -> Vec<String> {
    pos.pawn_moves().iter().map(|m| m.to_string()).collect()
}

fn setup(south: &str, north: &str, walls: &[&str]) -> Position {
    let mut s = Setup::start(Variant::classic());
    s.pawns = BySeat([Some(sq(south)), None, Some(sq(north)), None]);
    s.walls = walls.iter().map(|w| w.parse::<Wall>().unwrap()).collect();
    s.walls_left[Seat::North] -= walls.len() as u8;
    Position::from_setup(&s).unwrap()
}

#[test]
fn opening() {
    let pos = Position::classic();
    assert_eq!(pawn_moves(&pos), ["d1", "f1", "e2"]);
    let walls = pos.legal_moves().iter().filter(|m| matches!(m, Move::Wall(_))).count();
    assert_eq!(walls, 128);
    assert_eq!(pos.route_len(Seat::South), Some(8));
    assert_eq!(pos.route_len(Seat::North), Some(8));
}

#[test]
fn straight_jump() {
    let pos = setup("e4", "e5", &[]);
    let mut got = pawn_moves(&pos);
    got.sort();
    assert_eq!(got, ["d4", "e3", "e6", "f4"]);
}

#[test]
fn blocked_jump_goes_diagonal() {
    let pos = setup("e4", "e5", &["e5h"]);
    assert_eq!((pos.walls_left(Seat::South), pos.walls_left(Seat::North)), (10, 9));
    let mut got = pawn_moves(&pos);
    got.sort();
    assert_eq!(got, ["d4", "d5", "e3", "f4", "f5"]);
}

#[test]
fn wall_above_start() {
    let pos = setup("e1", "e9", &["d1h"]);
    let mut got = pawn_moves(&pos);
    got.sort();
    assert_eq!(got, ["d1", "f1"]);
    assert_eq!(pos.route_len(Seat::South), Some(9));
    assert_eq!(pos.route_len(Seat::North), Some(9));
}

#[test]
fn perft_counts_from_data_file() {
    let cases = data::parse_perft(include_str!("../../data/perft.txt")).unwrap();
    for case in &cases {
        if case.depth >= 3 && cfg!(debug_assertions) {
            continue; // run by the release-mode test below
        }
        assert_eq!(perft(&case.position, case.depth), case.nodes, "{case}");
    }
}

#[test]
fn perft_midgame_counts_from_data_file() {
    // perft(3) of 20 mid-game positions, a million leaves each: all of them in release
    // builds (`cargo test --release -p wallrush-core --test worked`), the first in debug.
    let cases = data::parse_perft(include_str!("../../data/perft-midgame.txt")).unwrap();
    assert_eq!(cases.len(), 20);
    let take = if cfg!(debug_assertions) { 1 } else { cases.len() };
    for case in &cases[..take] {
        assert_eq!(perft(&case.position, case.depth), case.nodes, "{case}");
    }
}

#[test]
fn perft3_opening() {
    // 2 M nodes: a second or two in debug builds.
    assert_eq!(perft(&Position::classic(), 3), 2_062_264);
}
