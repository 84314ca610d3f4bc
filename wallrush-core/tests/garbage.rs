//! Every parser fed garbage returns an error (or a value that writes back) and never
//! panics.

mod common;

use proptest::prelude::*;
use wallrush_core::notation::pallwall::PallwallMove;
use wallrush_core::notation::wallrush::WallRushMove;
use wallrush_core::notation::Notation;
use wallrush_core::{
    Action, DrawOptions, Game, Move, Outcome, Position, PositionText, Record, Seat, Square, Variant, Wall,
};

/// Strings made of the characters the formats use, so that parsers get deep.
fn near_miss() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(
            "abcdeghijrvxzHVJX-#0123456789.,=()[] \"\\\nresignpassouthwtdlkyzéñ\u{2028}"
                .chars()
                .collect::<Vec<_>>(),
        ),
        0..24,
    )
    .prop_map(|v| v.into_iter().collect())
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![near_miss(), any::<String>()]
}

fn check_all(s: &str) {
    // Syntactic types: what parses writes back to something that parses the same.
    if let Ok(x) = s.parse::<Square>() {
        assert_eq!(x.to_string().parse::<Square>(), Ok(x));
    }
    if let Ok(x) = s.parse::<Wall>() {
        assert_eq!(x.to_string().parse::<Wall>(), Ok(x));
    }
    if let Ok(x) = s.parse::<Move>() {
        assert_eq!(x.to_string().parse::<Move>(), Ok(x));
    }
    if let Ok(x) = s.parse::<WallRushMove>() {
        assert_eq!(x.to_string().parse::<WallRushMove>(), Ok(x));
    }
    if let Ok(x) = s.parse::<PallwallMove>() {
        assert_eq!(x.to_string().parse::<PallwallMove>(), Ok(x));
    }
    if let Ok(x) = s.parse::<Action>() {
        assert_eq!(x.to_string().parse::<Action>(), Ok(x));
    }
    if let Ok(x) = s.parse::<DrawOptions>() {
        assert_eq!(x.to_string().parse::<DrawOptions>(), Ok(x));
    }
    if let Ok(x) = s.parse::<Outcome>() {
        assert_eq!(x.to_string().parse::<Outcome>(), Ok(x));
    }
    let _ = s.parse::<Seat>();
    let _ = s.parse::<Notation>();
    let _ = s.parse::<Variant>();
    let _ = s.parse::<PositionText>();
    let _ = Position::from_text(s);
    thread_local! {
        static POSITIONS: [Position; 2] = [
            Position::classic(),
            Position::new(Variant::new(27, 4, 2, 3, wallrush_core::Goal::Centre).unwrap()),
        ];
    }
    for n in Notation::ALL {
        for pos in &POSITIONS.with(Clone::clone) {
            if let Ok(m) = n.parse_move(pos, s) {
                assert!(pos.is_legal(m));
            }
        }
        let mut game = Game::classic();
        if game.play_text(s, n).is_err() {
            assert!(game.is_empty(), "a refused action plays nothing");
        }
        let mut game = Game::classic();
        if game.play_moves_text(s, n).is_err() {
            assert!(game.is_empty(), "a refused move list plays nothing");
        }
        if let Ok(r) = Record::parse(s, n) {
            assert_eq!(Record::parse(&r.to_string(), n).unwrap(), r);
        }
    }
}

proptest! {
    // More cases: `PROPTEST_CASES=10000 cargo test --release -p wallrush-core --test garbage`.
    #![proptest_config(ProptestConfig { cases: common::cases(256), ..ProptestConfig::default() })]

    #[test]
    fn parsers_never_panic(s in any_text()) {
        check_all(&s);
    }

    /// Garbage after a valid record header and inside tags.
    #[test]
    fn records_never_panic(tag in near_miss(), moves in near_miss()) {
        check_all(&format!("[Variant \"{tag}\"]\n\n{moves}"));
        check_all(&format!("[Notation \"wallrush\"]\n[{tag}]\n1. e2 {moves}"));
        check_all(&format!("[Position \"size=5 players=2 walls=1 wall_length=2 goal=edge {tag}\"]\n{moves}"));
    }
}

#[test]
fn known_nasties() {
    for s in [
        "",
        " ",
        "\n",
        "[",
        "]",
        "[]",
        "[ \"\"]",
        "[A \"\\",
        "1.",
        "1...",
        "99999999999. e2",
        "r",
        "r1c",
        "r99c99",
        "r0c0",
        "H-r31c31",
        "V-a31",
        "Ja99",
        "X#",
        "#",
        "resign(",
        "resign()",
        "e2#",
        "size=",
        "size=9 size=9",
        "pawns=,,,",
        "passes=999",
        "\u{feff}e2",
        "é",
        "e\u{301}2",
    ] {
        check_all(s);
    }
}
