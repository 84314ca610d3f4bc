//! JSON forms of the vocabulary, positions, games and records (feature `serde`).
#![cfg(feature = "serde")]

use serde_json::{json, Value};
use wallrush_core::notation::Notation;
use wallrush_core::{
    Action, DrawOptions, Game, Goal, Move, Orientation, Outcome, Position, Record, Seat, Square, Variant,
    Wall, WinReason,
};

fn round_trip<T>(x: &T, want: Value)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let v = serde_json::to_value(x).unwrap();
    assert_eq!(v, want);
    let back: T = serde_json::from_value(v).unwrap();
    assert_eq!(&back, x);
}

#[test]
fn vocabulary() {
    round_trip(&Square::new(4, 1), json!("e2"));
    round_trip(&Square::new(26, 2), json!("r3c27"));
    round_trip(&"d4h".parse::<Wall>().unwrap(), json!("d4h"));
    round_trip(&Move::Pass, json!("pass"));
    round_trip(&"e2".parse::<Move>().unwrap(), json!("e2"));
    round_trip(&Seat::West, json!("west"));
    round_trip(&Goal::Centre, json!("centre"));
    round_trip(&Orientation::Vertical, json!("v"));
    round_trip(&Notation::Pallwall, json!("pallwall"));
    round_trip(&Action::Resign(Seat::East), json!("resign(east)"));
    round_trip(&Outcome::Win { seat: Seat::North, reason: WinReason::Goal }, json!("north wins by goal"));
    round_trip(
        &Variant::classic(),
        json!({"size": 9, "players": 2, "walls": 10, "wall_length": 2, "goal": "edge"}),
    );
    round_trip(&DrawOptions::PAWN_PATH_GAME, json!({"repetition": 3, "ply_limit": 500}));
    round_trip(&DrawOptions::NONE, json!({"repetition": null, "ply_limit": null}));
    assert_eq!(serde_json::from_value::<DrawOptions>(json!({})).unwrap(), DrawOptions::NONE);
}

#[test]
fn positions_games_records() {
    let mut game = Game::classic().with_draw_options(DrawOptions::PAWN_PATH_GAME);
    game.play_moves_text("1. e2 e8 2. d4h", Notation::Standard).unwrap();
    round_trip(game.position(), json!(game.position().to_text()));
    round_trip(
        &game,
        json!({
            "start": Position::classic().to_text(),
            "draw": {"repetition": 3, "ply_limit": 500},
            "actions": ["e2", "e8", "d4h"],
        }),
    );
    let mut record = Record::new(game);
    record.set_notation(Notation::WallRush);
    round_trip(&record, json!(record.to_string()));
}

#[test]
fn reading_checks_everything() {
    let bad = [
        (json!("e0"), "Square"),
        (json!({"size": 8, "players": 2, "walls": 10, "wall_length": 2, "goal": "edge"}), "Variant"),
        (json!({"size": 9, "players": 2, "walls": 10, "wall_length": 2, "goal": "up"}), "Variant"),
        (json!({"start": Position::classic().to_text(), "actions": ["e2", "e2"]}), "Game"),
        (json!({"start": "size=9", "actions": []}), "Game"),
        (json!("resign(up)"), "Action"),
    ];
    for (v, what) in bad {
        let err = match what {
            "Square" => serde_json::from_value::<Square>(v).err(),
            "Variant" => serde_json::from_value::<Variant>(v).err(),
            "Game" => serde_json::from_value::<Game>(v).err(),
            _ => serde_json::from_value::<Action>(v).err(),
        };
        assert!(err.is_some(), "{what}");
    }
    let err = serde_json::from_value::<Game>(
        json!({"start": Position::classic().to_text(), "actions": ["e2", "e2"]}),
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "action 2: e2 is not a legal pawn move");
}
