//! The three notations: the seed examples, conversions, and round trips of every legal
//! move of random positions.

mod common;

use common::{random_position, variants};
use proptest::prelude::*;
use wallrush_core::notation::pallwall::PallwallMove;
use wallrush_core::notation::wallrush::WallRushMove;
use wallrush_core::notation::{MoveTextError, Notation, Refusal};
use wallrush_core::{
    Game, Goal, Illegal, Move, Orientation, PawnMoveKind, Position, Seat, Square, Variant, Wall,
};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

#[test]
fn wallrush_four_rounds_parse_and_replay() {
    let text = "1. e2 e8 2. e3 e7 3. e4 e6 4. e5 Je4";
    let mut game = Game::classic();
    game.play_moves_text(text, Notation::WallRush).unwrap();
    assert_eq!(game.plies(), 8);
    assert_eq!(game.position().pawn(Seat::South), Some(sq("e5")));
    assert_eq!(game.position().pawn(Seat::North), Some(sq("e4")));
    assert_eq!(game.position().turn(), Seat::South);
    assert_eq!(game.moves_text(Notation::WallRush), text);
    assert_eq!(game.moves_text(Notation::Standard), "1. e2 e8 2. e3 e7 3. e4 e6 4. e5 e4");
    // The jump letter is checked: the same list with a bare `e4` is refused.
    let mut game = Game::classic();
    let err = game.play_moves_text("1. e2 e8 2. e3 e7 3. e4 e6 4. e5 e4", Notation::WallRush);
    assert_eq!(
        err.unwrap_err().to_string(),
        "line 1: action 8: e4 names a step but the move is a straight jump"
    );
    assert!(game.is_empty(), "a refused list plays nothing");
}

#[test]
fn wallrush_walls_lie_where_the_seed_says() {
    let pos = Position::classic();
    // H-d4 lies under d4 and e4.
    let mut p = pos.clone();
    p.play(Notation::WallRush.parse_move(&pos, "H-d4").unwrap()).unwrap();
    assert!(!p.is_open(sq("d4"), sq("d3")) && !p.is_open(sq("e4"), sq("e3")));
    assert!(p.is_open(sq("c4"), sq("c3")) && p.is_open(sq("f4"), sq("f3")));
    assert!(p.is_open(sq("d4"), sq("d5")));
    // V-d4 stands to the right of d4 and d3.
    let mut p = pos.clone();
    p.play(Notation::WallRush.parse_move(&pos, "V-d4").unwrap()).unwrap();
    assert!(!p.is_open(sq("d4"), sq("e4")) && !p.is_open(sq("d3"), sq("e3")));
    assert!(p.is_open(sq("d5"), sq("e5")) && p.is_open(sq("d2"), sq("e2")));
    assert!(p.is_open(sq("c4"), sq("d4")));
}

#[test]
fn pallwall_e6h_is_wallrush_h_e6() {
    let pos = Position::classic();
    let pall = Notation::Pallwall.parse_move(&pos, "e6h").unwrap();
    let wr = Notation::WallRush.parse_move(&pos, "H-e6").unwrap();
    assert_eq!(pall, wr);
    assert_eq!(pall, mv("e5h"));
    // Pallwall e6h runs along the bottom edge of e6 and f6.
    let mut p = pos.clone();
    p.play(pall).unwrap();
    assert!(!p.is_open(sq("e6"), sq("e5")) && !p.is_open(sq("f6"), sq("f5")));
    // The same text is a different wall in standard notation.
    assert_eq!(Notation::Standard.parse_move(&pos, "e6h").unwrap(), mv("e6h"));
}

#[test]
fn length_three_conversions() {
    let pos = Position::new(Variant::new(9, 2, 10, 3, Goal::Edge).unwrap());
    let std = Notation::Standard.parse_move(&pos, "d3v").unwrap();
    assert_eq!(Notation::WallRush.parse_move(&pos, "V-d5").unwrap(), std);
    assert_eq!(Notation::Pallwall.parse_move(&pos, "d5v").unwrap(), std);
    assert_eq!(Notation::WallRush.write_move(&pos, std).unwrap(), "V-d5");
    assert_eq!(Notation::Pallwall.write_move(&pos, std).unwrap(), "d5v");
    // Horizontal walls shift by one rank whatever the length.
    assert_eq!(Notation::WallRush.write_move(&pos, mv("d3h")).unwrap(), "H-d4");
    assert_eq!(Notation::Pallwall.write_move(&pos, mv("d3h")).unwrap(), "d4h");
    // V-d5 covers the right edges of d5, d4 and d3.
    let mut p = pos.clone();
    p.play(std).unwrap();
    for r in ["d5", "d4", "d3"] {
        let right = Square::new(4, sq(r).rank());
        assert!(!p.is_open(sq(r), right), "{r}");
    }
    assert!(p.is_open(sq("d6"), sq("e6")) && p.is_open(sq("d2"), sq("e2")));
}

#[test]
fn wallrush_marks_and_letters_are_checked() {
    // South on e8 about to win; North on d5 next to a pawn? Build: South e4, North e5.
    let mut game = Game::classic();
    game.play_moves_text("e2 e8 e3 e7 e4 e6 e5", Notation::Standard).unwrap();
    let pos = game.position().clone();
    assert_eq!(Notation::WallRush.write_move(&pos, mv("e4")).unwrap(), "Je4");
    let err = Notation::WallRush.parse_move(&pos, "Xe4").unwrap_err();
    let MoveTextError::Illegal(err) = err else { panic!("illegal expected") };
    assert_eq!(
        err.reason(),
        Refusal::WrongKind { written: PawnMoveKind::Diagonal, actual: PawnMoveKind::Jump }
    );
    assert_eq!(Notation::WallRush.parse_move(&pos, "e7").unwrap(), mv("e7"));
    let err = Notation::WallRush.parse_move(&pos, "e7#").unwrap_err();
    assert_eq!(err.to_string(), "e7# is marked as winning but does not win");

    // A winning move is written with `#`, and read with or without it.
    let mut game = Game::new(Variant::new(3, 2, 0, 2, Goal::Edge).unwrap());
    game.play_moves_text("a1 c3 a2 c2", Notation::Standard).unwrap();
    let pos = game.position();
    assert_eq!(Notation::WallRush.write_move(pos, mv("a3")).unwrap(), "a3#");
    assert_eq!(Notation::WallRush.parse_move(pos, "a3#").unwrap(), mv("a3"));
    assert_eq!(Notation::WallRush.parse_move(pos, "a3").unwrap(), mv("a3"));

    // Diagonal jumps (RULES.md §9): a wall above e5 stops the straight jump from e4.
    let pos = Position::from_text(
        "size=9 players=2 walls=10 wall_length=2 goal=edge pawns=e4,e5 placed=e5h walls_left=10,9 turn=south",
    )
    .unwrap();
    let mut written: Vec<String> =
        pos.pawn_moves().iter().map(|&m| Notation::WallRush.write_move(&pos, m).unwrap()).collect();
    written.sort();
    assert_eq!(written, ["Xd5", "Xf5", "d4", "e3", "f4"]);
    assert!(Notation::WallRush.parse_move(&pos, "d5").is_err());
    assert!(Notation::WallRush.parse_move(&pos, "Jd5").is_err());
}

#[test]
fn refusals_speak_the_notation() {
    let mut pos = Position::classic();
    pos.play(mv("d3v")).unwrap();
    pos.play(mv("e8")).unwrap();
    let err = Notation::WallRush.parse_move(&pos, "H-d4").unwrap_err();
    assert_eq!(err.to_string(), "H-d4 crosses wall V-d4");
    let err = Notation::Pallwall.parse_move(&pos, "d4h").unwrap_err();
    assert_eq!(err.to_string(), "d4h crosses wall d4v");
    let err = Notation::Standard.parse_move(&pos, "d3h").unwrap_err();
    assert_eq!(err.to_string(), "d3h crosses wall d3v");
    // Off the board, including walls no square can anchor.
    for (n, text) in [
        (Notation::WallRush, "H-d1"),
        (Notation::WallRush, "V-a1"),
        (Notation::WallRush, "H-i5"),
        (Notation::Pallwall, "d1h"),
        (Notation::Pallwall, "i9v"),
        (Notation::Standard, "d9h"),
        (Notation::WallRush, "H-r31c31"),
    ] {
        let err = n.parse_move(&pos, text).unwrap_err();
        let MoveTextError::Illegal(e) = err else { panic!("{text}: illegal expected") };
        assert_eq!(e.reason(), Refusal::Illegal(Illegal::OffBoard), "{text}");
        assert_eq!(e.to_string(), format!("{text} is off the board"));
    }
    // No walls left comes before off the board.
    let mut p = Position::new(Variant::new(5, 2, 0, 2, Goal::Edge).unwrap());
    let e = Notation::WallRush.parse_move(&p, "H-a1").unwrap_err();
    assert_eq!(e.to_string(), "H-a1: no walls left");
    p.play(mv("c2")).unwrap();
    assert!(matches!(
        Notation::WallRush.parse_move(&p, "H-"),
        Err(MoveTextError::Invalid(e)) if e.index() == 2
    ));
}

#[test]
fn cells_past_26_wide() {
    let pos = Position::new(Variant::new(27, 2, 5, 2, Goal::Edge).unwrap());
    let m = Notation::WallRush.parse_move(&pos, "H-r2c3").unwrap();
    assert_eq!(m, Move::Wall(Wall::new(Square::new(2, 0), Orientation::Horizontal)));
    assert_eq!(Notation::Standard.write_move(&pos, m).unwrap(), "r1c3h");
    assert_eq!(Notation::WallRush.write_move(&pos, m).unwrap(), "H-r2c3");
    assert_eq!(Notation::Pallwall.write_move(&pos, m).unwrap(), "r2c3h");
    // Letters are still read on a wide board, and rRcC on a small one.
    assert_eq!(Notation::WallRush.parse_move(&pos, "H-c2").unwrap(), m);
    let classic = Position::classic();
    assert_eq!(Notation::WallRush.parse_move(&classic, "H-r4c4").unwrap(), mv("d3h"));
    assert_eq!(Notation::Pallwall.write_move(&pos, mv("r2c14")).unwrap(), "r2c14");
    // On 19 to 26 wide boards file r is a letter: `r1h` is a wall, not a broken `rRcC`.
    let pos = Position::new(Variant::new(25, 2, 5, 2, Goal::Edge).unwrap());
    assert_eq!(
        Notation::Standard.parse_move(&pos, "r1h").unwrap(),
        Move::Wall(Wall::horizontal(Square::new(17, 0)))
    );
    assert_eq!(Notation::WallRush.write_move(&pos, mv("r1v")).unwrap(), "V-r2");
}

/// The conversion formulas of RULES.md §8, written out independently of the library.
fn by_formula(m: Move, n: Notation, size: u8, length: u8) -> String {
    let cell = |f: u8, r: u8| Square::new(f, r).text(size).to_string();
    match (m, n) {
        (Move::Pass, _) => "pass".into(),
        (Move::Pawn(to), _) => to.text(size).to_string(),
        (Move::Wall(w), Notation::Standard) => w.text(size).to_string(),
        (Move::Wall(w), _) => {
            let (f, r) = (w.anchor().file(), w.anchor().rank());
            let (letter, top) = match w.orientation() {
                Orientation::Horizontal => ('h', r + 1),
                Orientation::Vertical => ('v', r + length - 1),
            };
            if n == Notation::WallRush {
                format!("{}-{}", letter.to_ascii_uppercase(), cell(f, top))
            } else {
                format!("{}{letter}", cell(f, top))
            }
        }
    }
}

proptest! {
    // More cases: `PROPTEST_CASES=1000 cargo test --release -p wallrush-core --test notation`.
    #![proptest_config(ProptestConfig { cases: common::cases(48), ..ProptestConfig::default() })]

    /// Every legal move of random positions is written by the formulas and read back
    /// in every notation, and converts between any two.
    #[test]
    fn every_legal_move_round_trips(v in variants(), seed in any::<u64>(), plies in 0usize..30) {
        let pos = random_position(v, seed, plies);
        let (size, length) = (v.size(), v.wall_length());
        for m in pos.legal_moves() {
            for n in Notation::ALL {
                let text = n.write_move(&pos, m).unwrap();
                if n != Notation::WallRush || matches!(m, Move::Wall(_) | Move::Pass) {
                    prop_assert_eq!(&text, &by_formula(m, n, size, length));
                } else {
                    let kind = pos.pawn_move_kind(match m { Move::Pawn(s) => s, _ => unreachable!() });
                    let letter = match kind.unwrap() {
                        PawnMoveKind::Step => "", PawnMoveKind::Jump => "J", PawnMoveKind::Diagonal => "X",
                    };
                    let mut after = pos.clone();
                    after.play_unchecked(m);
                    let mark = if after.outcome().is_some_and(|o| o.winner() == Some(pos.turn())) { "#" } else { "" };
                    prop_assert_eq!(&text, &format!("{letter}{}{mark}", by_formula(m, n, size, length)));
                }
                prop_assert_eq!(n.parse_move(&pos, &text).unwrap(), m, "{} {}", n, text);
                for to in Notation::ALL {
                    let converted = n.convert_move(&pos, &text, to).unwrap();
                    prop_assert_eq!(converted, to.write_move(&pos, m).unwrap());
                }
            }
        }
    }

    /// Every wall slot, legal or not: each notation refuses it for the same rule the
    /// standard check gives, and its text reads back to the same wall.
    #[test]
    fn every_wall_agrees_across_notations(v in variants(), seed in any::<u64>(), plies in 0usize..20) {
        let pos = random_position(v, seed, plies);
        let (size, length) = (v.size(), v.wall_length());
        for f in 0..size {
            for r in 0..size {
                for o in [Orientation::Horizontal, Orientation::Vertical] {
                    let w = Wall::new(Square::new(f, r), o);
                    let want = pos.check(Move::Wall(w)).map_err(|e| e.reason());
                    for n in Notation::ALL {
                        let Some(text) = n.wall_text(w, size, length) else { continue };
                        let got = n.parse_move(&pos, &text);
                        match (&want, got) {
                            (Ok(()), Ok(m)) => prop_assert_eq!(m, Move::Wall(w)),
                            (Err(reason), Err(MoveTextError::Illegal(e))) => {
                                prop_assert_eq!(e.reason(), Refusal::Illegal(*reason), "{}", text)
                            }
                            (want, got) => prop_assert!(false, "{text}: {want:?} vs {got:?}"),
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn syntactic_types_round_trip_display() {
    for text in ["e2", "Je6", "Xd5", "g9#", "H-d4", "V-r30c2", "pass", "Jr1", "H-r2"] {
        let m: WallRushMove = text.parse().unwrap();
        assert_eq!(m.text(if text.contains('c') { 27 } else { 9 }).to_string(), text);
    }
    assert_eq!("V-r30c2".parse::<WallRushMove>().unwrap().to_string(), "V-b30");
    for text in ["e7", "e6h", "e6v", "pass", "r3c11v", "r3v"] {
        let m: PallwallMove = text.parse().unwrap();
        assert_eq!(m.text(if text.contains('c') { 27 } else { 9 }).to_string(), text);
    }
}
