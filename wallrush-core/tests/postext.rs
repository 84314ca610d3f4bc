//! Position text: round trips of random positions and errors that name the field.

mod common;

use common::{random_game, variants};
use proptest::prelude::*;
use wallrush_core::postext::{Field, FieldSet};
use wallrush_core::{DrawOptions, Position, PositionText, PositionTextError, Seat, SetupError, Variant};

proptest! {
    // More cases: `PROPTEST_CASES=1000 cargo test --release -p wallrush-core --test postext`.
    #![proptest_config(ProptestConfig { cases: common::cases(32), ..ProptestConfig::default() })]

    /// Every position of random games (resigned seats and finished games included)
    /// round-trips through its text, and the text through the position.
    #[test]
    fn positions_round_trip(v in variants(), seed in any::<u64>(), actions in 0usize..60) {
        let game = random_game(v, DrawOptions::NONE, seed, actions);
        for i in 0..=game.len() {
            let pos = game.position_at(i).unwrap();
            let text = pos.to_text();
            let back = Position::from_text(&text).unwrap();
            prop_assert_eq!(&back, pos);
            prop_assert_eq!(back.to_text(), text.clone());
            prop_assert_eq!(back.zobrist(), pos.zobrist());
            prop_assert_eq!(back.outcome(), pos.outcome());
            prop_assert_eq!(back.route_lens(), pos.route_lens());
            let syntax: PositionText = text.parse().unwrap();
            prop_assert_eq!(syntax.to_string(), text);
        }
        let (pos, back) = (game.position(), Position::from_text(&game.position().to_text()).unwrap());
        prop_assert_eq!(back.legal_moves(), pos.legal_moves());
        prop_assert!(back.diagnostics().verify_caches().is_ok());
    }

    /// Variant text round-trips too.
    #[test]
    fn variants_round_trip(v in variants()) {
        prop_assert_eq!(v.to_string().parse::<Variant>().unwrap(), v);
    }
}

#[test]
fn big_boards_write_rc_cells() {
    let mut pos = Position::new(Variant::new(27, 4, 3, 5, wallrush_core::Goal::Centre).unwrap());
    pos.play("r2c14".parse().unwrap()).unwrap();
    pos.play("r3c2v".parse().unwrap()).unwrap();
    pos.resign(Seat::North).unwrap();
    let text = pos.to_text();
    assert_eq!(
        text,
        "size=27 players=4 walls=3 wall_length=5 goal=centre pawns=r2c14,r14c1,-,r14c27 placed=r3c2v walls_left=3,2,3,3 turn=east passes=0"
    );
    assert_eq!(Position::from_text(&text).unwrap(), pos);
    // Letters are read on a wide board too.
    assert_eq!(Position::from_text(&text.replace("r3c2v", "b3v")).unwrap(), pos);
}

#[test]
fn fields_in_any_order_and_illegal_positions() {
    let text =
        "turn=south walls_left=10,10 placed=- pawns=e1,e9 goal=edge wall_length=2 walls=10 players=2 size=9";
    assert_eq!(Position::from_text(text).unwrap(), Position::classic());
    let legal = |s: &str| Position::from_text(s).map(|_| ());
    let base = "size=5 players=2 walls=2 wall_length=2 goal=edge";
    // A pawn shut in: no route.
    assert_eq!(
        legal(&format!("{base} pawns=a1,c5 placed=a1h,b1v walls_left=2,0 turn=south")),
        Err(PositionTextError::Setup(SetupError::NoRoute(Seat::South)))
    );
    // Crossing walls.
    assert!(matches!(
        legal(&format!("{base} pawns=c1,c5 placed=b2h,b2v walls_left=2,0 turn=south")),
        Err(PositionTextError::Setup(SetupError::WallsConflict(..)))
    ));
    // Wall counts that do not match the walls on the board.
    assert!(matches!(
        legal(&format!("{base} pawns=c1,c5 placed=b2h walls_left=2,2 turn=south")),
        Err(PositionTextError::Setup(SetupError::WallCount { on_board: 1, used: 0 }))
    ));
    // A wall off the board.
    assert!(matches!(
        legal(&format!("{base} pawns=c1,c5 placed=e4h walls_left=2,1 turn=south")),
        Err(PositionTextError::Setup(SetupError::WallOffBoard(_)))
    ));
    // Two pawns on one square.
    assert!(matches!(
        legal(&format!("{base} pawns=c1,c1 placed=- walls_left=2,2 turn=south")),
        Err(PositionTextError::Setup(SetupError::PawnsShareSquare(_)))
    ));
    assert_eq!(
        legal(&format!("{base} pawns=c1,c5 placed=- walls_left=2,2 turn=south bogus=1")),
        Err(PositionTextError::Unknown { index: 96, allowed: FieldSet::POSITION })
    );
    assert_eq!(
        legal(&format!("{base} placed=- walls_left=2,2 turn=south")),
        Err(PositionTextError::Missing(Field::Pawns))
    );
}
