//! Games: undo and redo, resignation, draw rules, and records in every notation.

mod common;

use common::{random_game, variants, Rng};
use proptest::prelude::*;
use wallrush_core::notation::Notation;
use wallrush_core::record::RecordErrorKind;
use wallrush_core::{
    Action, BySeat, DrawOptions, DrawReason, Game, Goal, Illegal, Outcome, Position, Record, Seat, Square,
    Variant, Wall, WinReason,
};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn four_seat_rounds_and_resignations() {
    let mut game = Game::new(Variant::four_player());
    game.play_moves_text("1. e2 b5 e8 h5 2. e3 c5 e7 g5", Notation::Standard).unwrap();
    assert_eq!(game.plies(), 8);
    game.resign(Seat::West).unwrap(); // out of turn: South is to move
    assert_eq!(game.position().pawn(Seat::West), None);
    assert_eq!(game.turn(), Seat::South);
    game.play("e4".parse().unwrap()).unwrap();
    assert_eq!(game.turn(), Seat::North, "west's turns are skipped");
    game.play("e6".parse().unwrap()).unwrap();
    game.resign(Seat::East).unwrap(); // on its turn
    assert_eq!(game.turn(), Seat::South);
    assert_eq!(game.plies(), 10, "resignations are not plies");
    let text = game.moves_text(Notation::WallRush);
    assert_eq!(text, "1. e2 b5 e8 h5 2. e3 c5 e7 g5 3. resign(west) e4 e6 resign");
    let mut again = Game::new(Variant::four_player());
    again.play_moves_text(&text, Notation::WallRush).unwrap();
    assert_eq!(again, game);
    // Round 4 holds South and North only.
    game.play_moves_text("4. e5 e7 5. e6", Notation::Standard).unwrap();
    assert!(game.play_moves_text("e5 6.", Notation::Standard).is_err());
    for _ in 0..3 {
        assert!(matches!(game.undo(), Some(Action::Move(_))));
    }
    assert_eq!(game.undo(), Some(Action::Resign(Seat::East)));
    assert_eq!(game.position().pawn(Seat::East), Some(sq("g5")));
    assert_eq!(game.turn(), Seat::East);
}

#[test]
fn two_seat_resignation() {
    let mut game = Game::classic();
    game.play("e2".parse().unwrap()).unwrap();
    game.resign(Seat::South).unwrap(); // out of turn
    assert_eq!(game.outcome(), Some(Outcome::Win { seat: Seat::North, reason: WinReason::Resignation }));
    assert_eq!(game.moves_text(Notation::Pallwall), "1. e2 resign(south)");
    let err = game.resign(Seat::North).unwrap_err();
    assert_eq!(err.to_string(), "north cannot resign: the game is over");
    game.undo();
    assert_eq!(game.play_text("resign", Notation::Pallwall).unwrap(), Action::Resign(Seat::North));
    assert_eq!(game.moves_text(Notation::Pallwall), "1. e2 resign");
    let record = Record::new(game.clone()).to_string();
    assert!(record.contains("[Result \"south wins by resignation\"]"), "{record}");
    assert_eq!(Record::parse(&record, Notation::Standard).unwrap().game(), &game);
}

#[test]
fn record_text_is_exact() {
    let text = "\
[Variant \"size=9 players=2 walls=10 wall_length=2 goal=edge\"]
[Notation \"wallrush\"]
[Draw \"repetition=3 ply_limit=500\"]
[South \"Ann \\\"the wall\\\" Lee\"]
[North \"Bob\"]
[Event \"Club night\"]
[Result \"*\"]

1. e2 e8 2. e3 e7 3. e4 e6 4. e5 Je4 5. H-d4 V-d7
";
    let record = Record::parse(text, Notation::Standard).unwrap();
    assert_eq!(record.player(Seat::South), Some("Ann \"the wall\" Lee"));
    assert_eq!(record.tag("Event"), Some("Club night"));
    assert_eq!(record.game().draw_options(), DrawOptions::PAWN_PATH_GAME);
    assert_eq!(record.game().position().walls(), ["d3h".parse::<Wall>().unwrap(), "d6v".parse().unwrap()]);
    assert_eq!(record.to_string(), text);
    // The same game in the other notations.
    let standard = Record::convert(text, Notation::Standard, Notation::Standard).unwrap();
    assert!(standard.ends_with("1. e2 e8 2. e3 e7 3. e4 e6 4. e5 e4 5. d3h d6v\n"), "{standard}");
    let pallwall = Record::convert(text, Notation::Standard, Notation::Pallwall).unwrap();
    assert!(pallwall.ends_with("1. e2 e8 2. e3 e7 3. e4 e6 4. e5 e4 5. d4h d7v\n"), "{pallwall}");
    assert_eq!(Record::convert(&pallwall, Notation::Standard, Notation::WallRush).unwrap(), text);
}

#[test]
fn bare_move_text_reads_in_the_named_notation() {
    // `d4h` is a different wall in standard and Pallwall notation.
    let std = Record::parse("e2 d4h", Notation::Standard).unwrap();
    let pall = Record::parse("e2 d4h", Notation::Pallwall).unwrap();
    assert_eq!(std.game().position().walls(), ["d4h".parse::<Wall>().unwrap()]);
    assert_eq!(pall.game().position().walls(), ["d3h".parse::<Wall>().unwrap()]);
    assert_eq!(pall.notation(), Notation::Pallwall);
    // A byte-order mark and Windows line ends are fine.
    let saved =
        Record::parse("\u{feff}[Notation \"pallwall\"]\r\n\r\ne2 d4h\r\n", Notation::Standard).unwrap();
    assert_eq!(saved.game(), pall.game());
    // A Notation tag wins over the caller's choice.
    let tagged = Record::parse("[Notation \"pallwall\"]\ne2 d4h", Notation::Standard).unwrap();
    assert_eq!(tagged.game(), pall.game());
}

#[test]
fn record_errors_say_where() {
    let cases = [
        ("1. e2 e8 3. e3", "line 1: round number 3 where round 2 begins"),
        ("1. e2 2. e8", "line 1: round number 2 in the middle of a round"),
        ("1. e2 e8 2.", "line 1: no move after round number 2"),
        ("1. e2\ne8 e5", "line 2: action 3: e5 is not a legal pawn move"),
        // A partial variant takes the defaults for the rest (docs/DECISIONS.md), so the size is what is wrong.
        ("[Variant \"size=8\"]", "line 1: Variant tag: size 8 is out of range: odd, 3 ..= 31"),
        ("[Variant \"size=9 size=9\"]", "line 1: Variant tag: field size given twice, again at byte 7"),
        (
            "[Variant \"size=8 players=2 walls=10 wall_length=2 goal=edge\"]",
            "line 1: Variant tag: size 8 is out of range: odd, 3 ..= 31",
        ),
        (
            "[Result \"south wins by goal\"]\n1. e2",
            "line 1: Result tag says south wins by goal but the moves give *",
        ),
        ("[West \"Wu\"]", "line 1: west does not play in this variant"),
        ("[Event \"a\"]\n[Event \"b\"]", "line 2: tag Event given twice"),
        ("e2\n[Event \"a\"]", "line 2: tag after the moves"),
        ("[Event a]", "line 1: malformed tag: expected a value in double quotes"),
        ("1x e2", "line 1: malformed round number \"1x\""),
        ("[Notation \"pgn\"]", "line 1: Notation tag: expected a notation: standard, wallrush or pallwall"),
        ("[Notation \"wallrush\"]\n\n1. e2 e8 2. H-d1", "line 3: action 3: H-d1 is off the board"),
        ("1. e2 resign resign", "line 1: action 3: resign: the game is over"),
        ("1. e2 resign(west)", "line 1: action 2: resign(west): west is not in play"),
        ("[Draw \"ply_limit=1\"]\n1. e2 e8", "line 2: action 2: e8: the game is over"),
    ];
    for (text, want) in cases {
        let err = Record::parse(text, Notation::Standard).unwrap_err();
        assert_eq!(err.to_string(), want, "{text}");
    }
    let err = Record::parse("1. e2 e8\n2. e9", Notation::Standard).unwrap_err();
    assert_eq!(err.line(), 2);
    assert!(matches!(err.kind(), RecordErrorKind::Move { number: 3, .. }));
}

#[test]
fn games_from_a_position() {
    let start = Position::from_text(
        "size=9 players=4 walls=5 wall_length=2 goal=centre pawns=e1,-,e9,i5 placed=d4h walls_left=5,5,4,5 turn=north",
    )
    .unwrap();
    let mut game = Game::from_position(start.clone());
    game.play_moves_text("1... e8 h5 2. e2 e7", Notation::Standard).unwrap();
    let mut record = Record::new(game.clone());
    record.set_notation(Notation::WallRush);
    let text = record.to_string();
    assert!(text.contains(&format!("[Position \"{}\"]", start.to_text())), "{text}");
    assert!(text.ends_with("\n1... e8 h5 2. e2 e7\n"), "{text}");
    assert_eq!(Record::parse(&text, Notation::Standard).unwrap(), record);
    // A Variant tag that disagrees with the Position tag is refused.
    let bad = text.replace("goal=centre\"]", "goal=edge\"]");
    assert_eq!(
        Record::parse(&bad, Notation::Standard).unwrap_err().to_string(),
        "line 1: Variant tag does not match the Position tag's variant"
    );
}

#[test]
fn long_games_wrap_at_80() {
    let game = random_game(Variant::new(9, 2, 10, 2, Goal::Edge).unwrap(), DrawOptions::NONE, 7, 120);
    let text = Record::new(game).to_string();
    assert!(text.lines().all(|l| l.len() <= 80), "{text}");
    assert!(text.lines().count() > 3);
}

#[test]
fn draw_presets() {
    assert_eq!(DrawOptions::WALLRUSH, DrawOptions::NONE);
    assert_eq!(DrawOptions::PAWN_PATH_GAME, DrawOptions { repetition: Some(3), ply_limit: Some(500) });
    // 500 plies without a win is a draw; the last ply may still win.
    let mut game = Game::new(Variant::new(5, 2, 0, 2, Goal::Edge).unwrap())
        .with_draw_options(DrawOptions { repetition: None, ply_limit: Some(4) });
    game.play_moves_text("b1 b5 a1 a5", Notation::Standard).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::PlyLimit)));
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.check("b1".parse().unwrap()).unwrap_err().reason(), Illegal::GameOver);
    game.undo();
    assert_eq!(game.outcome(), None);
}

/// The repetition key of RULES.md §6, computed independently of the library.
type Key = (Seat, BySeat<Option<Square>>, Vec<Wall>, [u8; 4]);

fn key(p: &Position) -> Key {
    let mut walls = p.walls();
    walls.sort();
    (p.turn(), p.pawns(), walls, Seat::ALL.map(|s| p.walls_left(s)))
}

proptest! {
    // More cases: `PROPTEST_CASES=1000 cargo test --release -p wallrush-core --test game`.
    #![proptest_config(ProptestConfig { cases: common::cases(32), ..ProptestConfig::default() })]

    /// Repetition and ply-limit draws fire exactly when they should, and undo takes
    /// them back.
    #[test]
    fn draws_fire_exactly(
        size in prop::sample::select(vec![3u32, 5, 7]),
        players in prop::sample::select(vec![2u32, 4]),
        walls in 0u32..3,
        centre in any::<bool>(),
        repetition in prop::option::of(1u32..5),
        ply_limit in prop::option::of(0u32..80),
        seed in any::<u64>(),
    ) {
        let goal = if centre { Goal::Centre } else { Goal::Edge };
        let v = Variant::new(size, players, walls, 2, goal).unwrap();
        let draw = DrawOptions { repetition, ply_limit };
        let mut game = Game::new(v).with_draw_options(draw);
        let mut rng = Rng::new(seed);
        let mut seen: Vec<Key> = vec![key(game.position())];
        let mut plies = 0u32;
        for _ in 0..120 {
            let pos = game.position();
            let count = seen.iter().filter(|k| **k == key(pos)).count() as u32;
            let want = pos.outcome().or_else(|| {
                if repetition.is_some_and(|k| count >= k) {
                    Some(Outcome::Draw(DrawReason::Repetition))
                } else if ply_limit.is_some_and(|l| plies >= l) {
                    Some(Outcome::Draw(DrawReason::PlyLimit))
                } else {
                    None
                }
            });
            prop_assert_eq!(game.repetitions(), count);
            prop_assert_eq!(game.plies(), plies);
            prop_assert_eq!(game.outcome(), want);
            if want.is_some() {
                prop_assert!(game.legal_moves().is_empty());
                prop_assert!(game.resign(game.turn()).is_err());
                break;
            }
            if rng.chance(2) {
                let seat = game.turn();
                game.resign(seat).unwrap();
            } else {
                // Pawn moves mostly, so that positions repeat.
                let moves = game.legal_moves();
                let pawns: Vec<_> = moves.iter().copied().filter(|m| !matches!(m, wallrush_core::Move::Wall(_))).collect();
                let m = if !pawns.is_empty() && rng.chance(85) { pawns[rng.below(pawns.len())] } else { moves[rng.below(moves.len())] };
                game.play(m).unwrap();
                plies += 1;
            }
            seen.push(key(game.position()));
        }
        // Undo walks the counts back.
        while game.undo().is_some() {
            seen.pop();
            let pos = game.position();
            prop_assert_eq!(game.repetitions(), seen.iter().filter(|k| **k == key(pos)).count() as u32);
        }
        prop_assert_eq!(seen.len(), 1);
    }

    /// Whole random games round-trip through record text in every notation, and convert
    /// between any two.
    #[test]
    fn records_round_trip(
        v in variants(),
        seed in any::<u64>(),
        actions in 0usize..60,
        pawn_path in any::<bool>(),
    ) {
        let draw = if pawn_path { DrawOptions::PAWN_PATH_GAME } else { DrawOptions::NONE };
        let game = random_game(v, draw, seed, actions);
        let mut record = Record::new(game.clone());
        for seat in v.seats() {
            record.set_player(seat, Some(format!("{seat} \"x\" \\ \n{}", seed % 7))).unwrap();
        }
        record.set_tag("Event", Some("random".into())).unwrap();
        let texts: Vec<String> = Notation::ALL
            .iter()
            .map(|&n| {
                record.set_notation(n);
                record.to_string()
            })
            .collect();
        for (&n, text) in Notation::ALL.iter().zip(&texts) {
            record.set_notation(n);
            let parsed = Record::parse(text, Notation::Standard).unwrap();
            prop_assert_eq!(&parsed, &record);
            prop_assert_eq!(&parsed.to_string(), text);
            for (&to, want) in Notation::ALL.iter().zip(&texts) {
                prop_assert_eq!(&Record::convert(text, Notation::Standard, to).unwrap(), want);
            }
            // The bare move list reads back in the notation named by the caller.
            let mut bare = Game::new(v).with_draw_options(draw);
            bare.play_moves_text(&game.moves_text(n), n).unwrap();
            prop_assert_eq!(&bare, &game);
            // So does the move list without round numbers.
            let numbered = game.moves_text(n);
            let unnumbered: Vec<&str> = numbered.split(' ').filter(|t| !t.ends_with('.')).collect();
            let mut bare = Game::new(v).with_draw_options(draw);
            bare.play_moves_text(&unnumbered.join(" "), n).unwrap();
            prop_assert_eq!(&bare, &game);
        }
    }
}

/// The random games the properties above use do reach wins, jumps of both kinds and
/// resignations on and out of turn (so the round trips cover them).
#[test]
fn random_games_cover_every_token() {
    let mut all = String::new();
    for seed in 0..200u64 {
        let players = if seed % 2 == 0 { 2 } else { 4 };
        let size = [3, 5, 7, 9][(seed / 2 % 4) as usize];
        let v = Variant::new(size, players, (seed % 4) as u32, 2, Goal::Edge).unwrap();
        let game = random_game(v, DrawOptions::NONE, seed, 80);
        all.push_str(&game.moves_text(Notation::WallRush));
        all.push(' ');
    }
    for token in ["#", "J", "X", "H-", "V-", " resign ", "resign("] {
        assert!(all.contains(token), "{token}");
    }
}

/// Forced passes are written `pass` in every notation and read back.
#[test]
fn passes_round_trip() {
    let mut found = 0;
    for seed in 0..3000u64 {
        let v = Variant::new(3, 4, 2, 2, if seed % 2 == 0 { Goal::Edge } else { Goal::Centre }).unwrap();
        let game = random_game(v, DrawOptions::NONE, seed, 40);
        if !game.moves().any(|m| m == wallrush_core::Move::Pass) {
            continue;
        }
        found += 1;
        for n in Notation::ALL {
            let text = game.moves_text(n);
            assert!(text.contains("pass"), "{text}");
            let mut again = Game::new(v);
            again.play_moves_text(&text, n).unwrap();
            assert_eq!(again, game);
        }
    }
    assert!(found > 0);
}
