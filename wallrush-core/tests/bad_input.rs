//! The bad-input table of docs/BAD_INPUT.md, row by row: what the library answers to each
//! kind of bad input (the error type and its exact text), and that a refused input changes
//! nothing. A row changed here is a row to change in docs/BAD_INPUT.md; the oracle rows are
//! tested in `wallrush-cli/tests/bad_input.rs`.

use wallrush_core::notation::pallwall::PallwallMove;
use wallrush_core::notation::wallrush::WallRushMove;
use wallrush_core::notation::{MoveTextError, Notation, ParseError, Refusal};
use wallrush_core::postext::{FieldSet, MAX_POSITION_TEXT_BYTES};
use wallrush_core::record::{RecordErrorKind, MAX_RECORD_ACTIONS, MAX_RECORD_BYTES, MAX_VARIATION_DEPTH};
use wallrush_core::{
    Game, Goal, Illegal, IllegalMove, Move, PawnMoveKind, Position, PositionTextError, Record, ResignError,
    Seat, SetupError, Square, Variant, VariantError,
};

fn classic_after(moves: &[&str]) -> Position {
    let mut pos = Position::classic();
    for m in moves {
        pos.play(m.parse().unwrap()).unwrap();
    }
    pos
}

/// Plays `text` (standard notation) on `pos` and returns the refusal, after checking
/// that it changed nothing and that `is_legal` agrees.
fn refuse(pos: &mut Position, text: &str) -> IllegalMove {
    let m: Move = text.parse().unwrap();
    let before = pos.clone();
    let err = pos.play(m).unwrap_err();
    assert!(pos.diagnostics().identical(&before), "refused {text} changed the position");
    assert!(!pos.is_legal(m));
    assert_eq!(pos.check(m), Err(err));
    err
}

fn parse_err(text: &str) -> ParseError {
    text.parse::<Move>().unwrap_err()
}

/// Reads `text` in `notation` on `pos`, expecting a refusal; returns its message.
fn text_refusal(pos: &Position, notation: Notation, text: &str) -> MoveTextError {
    notation.parse_move(pos, text).unwrap_err()
}

#[test]
fn unknown_square() {
    // Well formed, but no cell of this board: an illegal move, never a syntax error.
    let mut pos = Position::classic();
    let err = refuse(&mut pos, "j5");
    assert_eq!(err.reason(), Illegal::NotAPawnMove);
    assert_eq!(err.to_string(), "j5 is not a legal pawn move");
    let err = refuse(&mut pos, "r31c31");
    assert_eq!(err.to_string(), "r31c31 is not a legal pawn move");
    // Not a square of any board (at most 31×31): a syntax error with the byte index.
    assert_eq!(parse_err("e0").to_string(), "expected a number from 1 to 31 at byte 1");
    assert_eq!(parse_err("r40c1").to_string(), "expected a number from 1 to 31 at byte 1");
    assert_eq!(parse_err("E2").to_string(), "expected a square (file letter and rank, or rRcC) at byte 0");
    assert_eq!("z99".parse::<Square>().unwrap_err().index(), 1);
    // In WallRush or Pallwall text the same holds, worded in that notation.
    let e = text_refusal(&pos, Notation::WallRush, "Jj5");
    assert!(matches!(e, MoveTextError::Illegal(_)));
    assert_eq!(e.to_string(), "Jj5 is not a legal pawn move");
}

#[test]
fn wall_off_the_board() {
    let mut pos = Position::classic();
    for (text, msg) in [
        ("i4h", "i4h is off the board"),     // runs past file i
        ("a9h", "a9h is off the board"),     // on the top edge
        ("d9v", "d9v is off the board"),     // runs past rank 9
        ("r31c1h", "a31h is off the board"), // written as the 9×9 board writes it
    ] {
        let err = refuse(&mut pos, text);
        assert_eq!(err.reason(), Illegal::OffBoard);
        assert_eq!(err.to_string(), msg);
    }
    // WallRush names a wall below rank 1 (H-d1): a wall no board holds.
    let e = text_refusal(&pos, Notation::WallRush, "H-d1");
    assert_eq!(e.to_string(), "H-d1 is off the board");
}

#[test]
fn overlapping_or_crossing_wall() {
    let mut pos = classic_after(&["d4v", "e8"]);
    let err = refuse(&mut pos, "d4h");
    assert_eq!(err.reason(), Illegal::Crosses("d4v".parse().unwrap()));
    assert_eq!(err.to_string(), "d4h crosses wall d4v");
    let err = refuse(&mut pos, "d5v");
    assert_eq!(err.reason(), Illegal::Overlaps("d4v".parse().unwrap()));
    assert_eq!(err.to_string(), "d5v overlaps wall d4v");
    // Worded in the notation the move was read in.
    assert_eq!(text_refusal(&pos, Notation::WallRush, "H-d5").to_string(), "H-d5 crosses wall V-d5");
    assert_eq!(text_refusal(&pos, Notation::Pallwall, "d6v").to_string(), "d6v overlaps wall d5v");
}

#[test]
fn sealing_wall() {
    // 3×3: a1h closes the tops of a1 and b1; b1v would then shut South in.
    let mut pos = Position::new(Variant::new(3, 2, 5, 2, Goal::Edge).unwrap());
    pos.play("a1h".parse().unwrap()).unwrap();
    pos.play("a3".parse().unwrap()).unwrap();
    let err = refuse(&mut pos, "b1v");
    assert_eq!(err.reason(), Illegal::NoRoute(Seat::South));
    assert_eq!(err.to_string(), "b1v leaves south without a route");
    let preview = pos.preview_wall("b1v".parse().unwrap()).unwrap_err();
    assert_eq!(preview, err);
}

#[test]
fn jump_letter_that_is_not_a_jump() {
    let pos = Position::classic();
    let e = text_refusal(&pos, Notation::WallRush, "Je2");
    match &e {
        MoveTextError::Illegal(t) => assert_eq!(
            t.reason(),
            Refusal::WrongKind { written: PawnMoveKind::Jump, actual: PawnMoveKind::Step }
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!(e.to_string(), "Je2 names a straight jump but the move is a step");
    assert_eq!(
        text_refusal(&pos, Notation::WallRush, "Xe2").to_string(),
        "Xe2 names a diagonal jump but the move is a step"
    );
    // A straight jump written as a step.
    let pos = classic_after(&["e2", "e8", "e3", "e7", "e4", "e6", "e5"]);
    assert_eq!(
        text_refusal(&pos, Notation::WallRush, "e4").to_string(),
        "e4 names a step but the move is a straight jump"
    );
    // `#` on a move that does not win.
    assert_eq!(
        text_refusal(&Position::classic(), Notation::WallRush, "e2#").to_string(),
        "e2# is marked as winning but does not win"
    );
    // A game refuses the text and plays nothing.
    let mut game = Game::classic();
    assert!(game.play_text("Je2", Notation::WallRush).is_err());
    assert!(game.is_empty());
}

#[test]
fn truncated_record() {
    let full = "[Variant \"size=9 players=2 walls=10 wall_length=2 goal=edge\"]\n\n1. e2 e8 2. e3\n";
    assert!(Record::parse(full, Notation::Standard).is_ok());
    for (cut, msg) in [
        ("[Variant \"size=9 players=2", "line 1: malformed tag: expected ']' at the end of the line"),
        ("[Variant \"size=9 players=\"]", "line 1: Variant tag: players at byte 15: expected a number"),
        ("[Variant", "line 1: malformed tag: expected ']' at the end of the line"),
        ("1. e2 e8 2.", "line 1: no move after round number 2"),
        ("1. e2 e8 2. e", "line 1: action 3: expected a number at byte 1"),
        ("1. e2 e8 2. r3c", "line 1: action 3: expected 'h', 'v' or the end of the move at byte 2"),
        ("1. e2 e8 2. H-", "line 1: action 3: expected a square (file letter and rank, or rRcC) at byte 0"),
    ] {
        let err = Record::parse(cut, Notation::Standard).unwrap_err();
        assert_eq!(err.to_string(), msg, "{cut:?}");
    }
    // A variant cut short after a whole field is a partial variant: the rest default.
    let partial = Record::parse("[Variant \"size=9 players=2\"]", Notation::Standard).unwrap();
    assert_eq!(partial.game().variant(), wallrush_core::Variant::classic());
    // A move list cut short is all or nothing.
    let mut game = Game::classic();
    assert!(game.play_moves_text("1. e2 e8 2.", Notation::Standard).is_err());
    assert!(game.is_empty());
}

#[test]
fn bad_variation() {
    // A move that is illegal where its variation puts it: the path names each branch.
    let err =
        Record::parse("1. e2 e8 2. e3 (2. d4h e7 (2... d6h 3. e9)) e7", Notation::Standard).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1: variation at ply 3, variation at ply 2, ply 2: e9 is not a legal pawn move"
    );
    // Variations nested past the limit are refused before any is played.
    let deep = format!(
        "1. e2 {}e8{} *",
        "(1. d4h ".repeat(MAX_VARIATION_DEPTH + 1),
        ")".repeat(MAX_VARIATION_DEPTH + 1)
    );
    let err = Record::parse(&deep, Notation::Standard).unwrap_err();
    assert_eq!(err.kind(), &RecordErrorKind::TooDeep);
    assert_eq!(err.to_string(), format!("line 1: variations nested more than {MAX_VARIATION_DEPTH} deep"));
    // A variation without a move, and a parenthesis never closed.
    for (text, msg) in [
        ("1. e2 () e8", "line 1: a variation holds at least one action"),
        ("1. e2 (1. d4h e8", "line 1: variation opened here is never closed with ')'"),
    ] {
        let err = Record::parse(text, Notation::Standard).unwrap_err();
        assert_eq!(err.to_string(), msg, "{text:?}");
    }
}

#[test]
fn impossible_position_text() {
    let start =
        "size=9 players=2 walls=10 wall_length=2 goal=edge pawns=e1,e9 placed=- walls_left=10,10 turn=south";
    let cases: [(&str, &str, PositionTextError); 4] = [
        (
            "pawns=e1,e9",
            "pawns=e5,e5",
            PositionTextError::Setup(SetupError::PawnsShareSquare("e5".parse().unwrap())),
        ),
        ("placed=-", "placed=d4h", PositionTextError::Setup(SetupError::WallCount { on_board: 1, used: 0 })),
        ("pawns=e1,e9", "pawns=e9,e1", PositionTextError::Setup(SetupError::SeveralWinners)),
        ("turn=south", "turn=east", PositionTextError::Setup(SetupError::TurnNotInPlay(Seat::East))),
    ];
    let msgs = [
        "two pawns on e5",
        "1 walls on the board but the seats have used 0",
        "more than one pawn stands on its goal",
        "east is to move but not in play",
    ];
    for ((from, to, want), msg) in cases.into_iter().zip(msgs) {
        let text = start.replace(from, to);
        let err = Position::from_text(&text).unwrap_err();
        assert_eq!(err, want, "{text}");
        assert_eq!(err.to_string(), msg);
    }
    // Walls that shut a seat in, and walls that cross.
    let sealed = "size=3 players=2 walls=5 wall_length=2 goal=edge pawns=b1,a3 placed=a1h,b1v walls_left=4,4 turn=south";
    assert_eq!(Position::from_text(sealed).unwrap_err().to_string(), "south has no route to its goal");
    let crossing = start.replace("placed=-", "placed=d4h,d4v").replace("10,10", "9,9");
    assert_eq!(Position::from_text(&crossing).unwrap_err().to_string(), "wall d4v conflicts with wall d4h");
}

#[test]
fn unknown_field_in_variant_or_position_text() {
    let err = "size=9,colour=red".parse::<Variant>().unwrap_err();
    assert_eq!(err, PositionTextError::Unknown { index: 7, allowed: FieldSet::VARIANT });
    assert_eq!(
        err.to_string(),
        "unknown field at byte 7: expected size, players, walls, wall_length or goal"
    );
    let start = Position::classic().to_text();
    let err = Position::from_text(&format!("{start} colour=red")).unwrap_err();
    assert_eq!(err, PositionTextError::Unknown { index: start.len() + 1, allowed: FieldSet::POSITION });
    assert!(
        err.to_string().ends_with(
            ": expected size, players, walls, wall_length, goal, pawns, placed, walls_left, turn or passes"
        ),
        "{err}"
    );
}

#[test]
fn variant_out_of_range() {
    let cases = [
        (
            Variant::new(8, 2, 10, 2, Goal::Edge),
            VariantError::Size(8),
            "size 8 is out of range: odd, 3 ..= 31",
        ),
        (
            Variant::new(33, 2, 10, 2, Goal::Edge),
            VariantError::Size(33),
            "size 33 is out of range: odd, 3 ..= 31",
        ),
        (
            Variant::new(9, 3, 10, 2, Goal::Edge),
            VariantError::Players(3),
            "players 3 is out of range: 2 or 4",
        ),
        (
            Variant::new(9, 2, 100, 2, Goal::Edge),
            VariantError::Walls(100),
            "walls 100 is out of range: 0 ..= 99",
        ),
        (
            Variant::new(9, 2, 10, 9, Goal::Edge),
            VariantError::WallLength { length: 9, max: 8 },
            "wall_length 9 is out of range: 2 ..= 8 (size − 1)",
        ),
    ];
    for (got, want, msg) in cases {
        assert_eq!(got, Err(want));
        assert_eq!(want.to_string(), msg);
    }
    // As text (records, position text): the same error inside the text error.
    let err = "size=9 players=2 walls=10 wall_length=1 goal=edge".parse::<Variant>().unwrap_err();
    assert_eq!(err, PositionTextError::Variant(VariantError::WallLength { length: 1, max: 8 }));
    assert_eq!(err.to_string(), "wall_length 1 is out of range: 2 ..= 8 (size − 1)");
    // A number is reported as given, past u32::MAX too; one past u64::MAX is not read.
    let err = "size=99999999999 players=2 walls=10 wall_length=2 goal=edge".parse::<Variant>().unwrap_err();
    assert_eq!(err.to_string(), "size 99999999999 is out of range: odd, 3 ..= 31");
    let err = "size=99999999999999999999 players=2 walls=10 wall_length=2 goal=edge"
        .parse::<Variant>()
        .unwrap_err();
    assert_eq!(err.to_string(), "size at byte 5: expected a number");
    let rec = Record::parse(
        "[Variant \"size=9 players=5 walls=10 wall_length=2 goal=edge\"]\n",
        Notation::Standard,
    );
    assert_eq!(rec.unwrap_err().to_string(), "line 1: Variant tag: players 5 is out of range: 2 or 4");
}

#[test]
fn move_after_the_game_ended() {
    let mut pos = Position::new(Variant::new(3, 2, 1, 2, Goal::Edge).unwrap());
    for m in ["a1", "c3", "a2", "c2", "a3"] {
        pos.play(m.parse().unwrap()).unwrap();
    }
    assert!(pos.is_game_over());
    for (text, msg) in [
        ("c1", "c1: the game is over"),
        ("b2", "b2: the game is over"),
        ("a1h", "a1h: the game is over"),
        ("pass", "pass: the game is over"),
    ] {
        let err = refuse(&mut pos, text);
        assert_eq!(err.reason(), Illegal::GameOver);
        assert_eq!(err.to_string(), msg);
    }
    assert!(pos.legal_moves().is_empty());
    let before = pos.clone();
    assert_eq!(pos.resign(Seat::North), Err(ResignError::GameOver(Seat::North)));
    assert_eq!(ResignError::GameOver(Seat::North).to_string(), "north cannot resign: the game is over");
    assert!(pos.diagnostics().identical(&before));
    // A game ended by a draw rule refuses moves the same way.
    let mut game = Game::classic()
        .with_draw_options(wallrush_core::DrawOptions { repetition: None, ply_limit: Some(2) });
    game.play_moves_text("e2 e8", Notation::Standard).unwrap();
    let err = game.play("e3".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "e3: the game is over");
    let err = game.play_text("resign", Notation::Standard).unwrap_err();
    assert_eq!(err.to_string(), "resign: the game is over");
    assert_eq!(game.len(), 2);
}

#[test]
fn ten_megabytes_of_garbage() {
    let garbage = "x".repeat(10 << 20);
    let len = garbage.len();
    // Moves and squares: refused after looking at 16 bytes at most.
    let e = garbage.parse::<Move>().unwrap_err();
    assert_eq!(e.to_string(), "expected a move of at most 16 bytes at byte 16");
    assert!(garbage.parse::<WallRushMove>().is_err());
    assert!(garbage.parse::<PallwallMove>().is_err());
    assert!(garbage.parse::<Square>().is_err());
    // Position and variant text: refused unread over 16 KiB.
    let e = Position::from_text(&garbage).unwrap_err();
    assert_eq!(e, PositionTextError::TooLong(len));
    assert_eq!(
        e.to_string(),
        format!("text of {len} bytes is over the limit of {MAX_POSITION_TEXT_BYTES} bytes")
    );
    assert_eq!(garbage.parse::<Variant>().unwrap_err(), PositionTextError::TooLong(len));
    // Records and move lists: refused unread over 1 MiB.
    let e = Record::parse(&garbage, Notation::Standard).unwrap_err();
    assert_eq!(e.kind(), &RecordErrorKind::TooLong(len));
    assert_eq!(
        e.to_string(),
        format!("line 1: text of {len} bytes is over the limit of {MAX_RECORD_BYTES} bytes")
    );
    let mut game = Game::classic();
    assert_eq!(game.play_moves_text(&garbage, Notation::WallRush).unwrap_err(), e);
    assert!(game.is_empty());
    // A long line of garbage that is also a plausible move list: refused unread.
    let moves = "e2 e8 e1 e9 ".repeat(len / 12);
    assert!(matches!(
        Record::parse(&moves, Notation::Standard).unwrap_err().kind(),
        RecordErrorKind::TooLong(_)
    ));
    // Wall Go and the card game: `wallrush-territory/tests/bad_input.rs`.
}

#[test]
fn move_list_with_too_many_actions() {
    // 10,000 actions read (a pawn shuffle that repeats the start every four plies) ...
    let shuffle = "e2 e8 e1 e9 ".repeat(MAX_RECORD_ACTIONS / 4);
    let record = Record::parse(&shuffle, Notation::Standard).unwrap();
    assert_eq!(record.game().len(), MAX_RECORD_ACTIONS);
    assert_eq!(record.game().repetitions(), 1 + MAX_RECORD_ACTIONS as u32 / 4);
    // ... one more is refused, where it stands.
    let err = Record::parse(&format!("{shuffle} e2"), Notation::Standard).unwrap_err();
    assert_eq!(err.kind(), &RecordErrorKind::TooManyActions);
    assert_eq!(err.to_string(), "line 1: more than 10000 actions");
    let mut game = Game::classic();
    assert_eq!(game.play_moves_text(&format!("{shuffle}\ne2"), Notation::Standard).unwrap_err().line(), 2);
    assert!(game.is_empty());
}
