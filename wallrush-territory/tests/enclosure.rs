//! The card enclosure game (TERRITORY.md part B): hand-built positions for every rule and
//! decision, property tests over random games against an independent scalar reference,
//! and a golden transcript of a seeded bot game.
//!
//! Regenerate the golden transcript with
//! `WALLRUSH_BLESS=1 cargo test -p wallrush-territory --test enclosure golden`.
//! The `#[ignore]`d test at the bottom plays many more random games
//! (`cargo test --release -p wallrush-territory --test enclosure -- --ignored`).

mod common;

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use wallrush_core::{SplitMix64, Square};
use wallrush_territory::enclosure::{
    first_player, Cards, EndReason, Game, GreedyBot, Groove, Illegal, Move, Outcome, Player, Position,
    PositionField, PositionTextError, RecordError, Setup, SetupError, Side, Step, SIZE,
};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn g(s: &str) -> Groove {
    s.parse().unwrap()
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn step(s: &str) -> Step {
    s.parse().unwrap()
}

fn pos(text: &str) -> Position {
    Position::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays `m`, which must be refused with `want`, and checks that nothing changed.
fn refused(p: &Position, m: &str, want: Illegal) {
    let mut q = p.clone();
    assert_eq!(q.play(mv(m)), Err(want), "{m}");
    assert_eq!(&q, p, "a refused move changes nothing");
    assert!(!p.is_legal(mv(m)));
    assert!(!p.legal_moves().contains(&mv(m)), "{m} is refused but listed");
}

fn played(p: &Position, m: &str) -> Position {
    let mut q = p.clone();
    q.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    assert!(p.legal_moves().contains(&mv(m)), "{m} is legal but not listed");
    q
}

// ----- start, turns, first player ---------------------------------------------------

#[test]
fn start_position() {
    let p = Position::new(Player::One);
    assert_eq!(p.to_text(), "b2,e3,c5/d2,b4,e5 -/- ABCDEF123456 1 1 - 0");
    assert_eq!(p.pieces(Player::One).collect::<Vec<_>>(), [sq("b2"), sq("e3"), sq("c5")]);
    assert_eq!(p.pieces(Player::Two).collect::<Vec<_>>(), [sq("d2"), sq("b4"), sq("e5")]);
    // A half turn maps one player's start onto the other's.
    for (a, b) in p.pieces(Player::One).zip(p.pieces(Player::Two).collect::<Vec<_>>().into_iter().rev()) {
        assert_eq!((5 - a.file(), 5 - a.rank()), (b.file(), b.rank()));
    }
    assert_eq!(p.cards(), Cards::FULL);
    assert_eq!((p.turn(), p.moves_left(), p.vacated(), p.discards()), (Player::One, 1, None, 0));
    assert!(p.enclosures().is_empty());
    assert_eq!(p.outcome(), None);
    p.verify_caches().unwrap();
}

#[test]
fn first_turn_is_one_move_then_two_each() {
    let mut p = Position::new(Player::Two);
    let mut seen = Vec::new();
    for m in ["F6s e5-e6", "A1s b2-a2", "C3n a2-a3", "E4n d2-d1", "D5e d1-c1", "B2e e3-f3", "B6e f3-f2"] {
        seen.push((p.turn(), p.moves_left()));
        p.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    use Player::{One, Two};
    assert_eq!(seen, [(Two, 1), (One, 2), (One, 1), (Two, 2), (Two, 1), (One, 2), (One, 1)]);
    assert_eq!((p.turn(), p.moves_left()), (Two, 2));
}

#[test]
fn seeded_first_player() {
    let firsts: Vec<Player> = (0..200).map(first_player).collect();
    let ones = firsts.iter().filter(|&&p| p == Player::One).count();
    assert!((60..140).contains(&ones), "{ones} of 200 games start with player 1");
    for seed in [0, 1, 7, u64::MAX] {
        assert_eq!(Position::seeded(seed).turn(), first_player(seed));
        assert_eq!(first_player(seed), first_player(seed));
    }
    // SplitMix64 is the published generator: a seed means the same everywhere.
    let mut rng = SplitMix64::new(0);
    assert_eq!(
        [rng.next_u64(), rng.next_u64(), rng.next_u64()],
        [0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f]
    );
    assert_eq!(first_player(0), Player::Two);
}

// ----- cards -------------------------------------------------------------------------

#[test]
fn cards_are_spent_and_reset_when_the_pool_empties() {
    let mut p = Position::new(Player::One);
    for (i, m) in ["C3n b2-b3", "A1s e5-e6", "F6n d2-d3", "B5w c5-c4", "E2w e3-f3"].into_iter().enumerate() {
        p.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert_eq!(p.cards().len() as usize, 5 - i);
    }
    assert_eq!(p.cards().to_string(), "D4");
    assert_eq!(p.cards().targets().collect::<Vec<_>>(), [sq("d4")]);
    refused(&p, "C4n c5-c6", Illegal::LetterSpent('C'));
    refused(&p, "D3n c5-c6", Illegal::NumberSpent(3));
    assert!(p.legal_moves().iter().all(|m| m.target() == sq("d4")));
    let p = played(&p, "D4n d3-d2");
    assert_eq!(p.cards(), Cards::FULL, "the last pair brings all 12 back");
    assert_eq!(p.legal_moves().iter().map(|m| m.target()).collect::<BTreeSet<_>>().len(), 36);
}

// ----- wall restrictions -------------------------------------------------------------

#[test]
fn occupied_groove_is_refused_by_any_of_its_names() {
    let p = pos("b3,e3,c5/d2,b4,e6 c3n/- ABCDEF123456 2 1 - 0");
    refused(&p, "C4s d2-d3", Illegal::Occupied(g("c3n")));
    refused(&p, "C3n d2-d3", Illegal::Occupied(g("c3n")));
}

#[test]
fn edges_of_active_pieces_are_refused_for_both_players_and_on_the_board_edge() {
    let p = Position::new(Player::One);
    // Own piece.
    refused(&p, "B2n b2-b3", Illegal::ActivePiece { groove: g("b2n"), square: sq("b2") });
    // The opponent's piece, named from the empty square's side.
    refused(&p, "B3n b2-a2", Illegal::ActivePiece { groove: g("b3n"), square: sq("b4") });
    // A board-edge groove of a square holding an active piece.
    let p = pos("a3,e3,c5/d2,b4,e5 -/- ABCDEF123456 1 2 - 0");
    refused(&p, "A3w e3-e2", Illegal::ActivePiece { groove: g("a3w"), square: sq("a3") });
    assert_eq!(
        Illegal::ActivePiece { groove: g("a3w"), square: sq("a3") }.to_string(),
        "groove a3w is an edge of a3, which holds an active piece"
    );
}

/// Player 1's piece on a1 in the enclosure {a1, b1} (walls a1n, b1n, b1e), semi-finished
/// because its board-edge grooves a1s, b1s, a1w are open.
const CORNER: &str = "a1,d4,f6/e2,c3,f4 a1n,b1n,b1e/- ABCDEF123456 1 2 - 0";

#[test]
fn no_wall_inside_an_enclosure() {
    let p = pos(CORNER);
    let e = p.enclosure_at(sq("b1")).unwrap();
    assert_eq!((e.size(), e.is_finished(), e.piece()), (2, false, Some((Player::One, sq("a1")))));
    refused(&p, "A1e d4-d5", Illegal::InsideEnclosure(g("a1e")));
    refused(&p, "B1w d4-d5", Illegal::InsideEnclosure(g("a1e")));
    assert_eq!(Illegal::InsideEnclosure(g("a1e")).to_string(), "groove a1e lies inside an enclosure");
    // An empty enclosure forbids inside walls too.
    let q = pos("c1,d4,f6/c3,e2,f4 a1n,b1n,b1e/- ABCDEF123456 1 2 - 0");
    assert_eq!(q.enclosure_at(sq("a1")).unwrap().piece(), None);
    refused(&q, "A1e d4-d5", Illegal::InsideEnclosure(g("a1e")));
}

#[test]
fn semi_finished_enclosure_accepts_its_boundary_walls_and_finishes() {
    let p = pos(CORNER);
    assert!(!p.is_active(sq("a1")), "a piece in an enclosure is inactive");
    // a1 holds a piece, but an inactive one: its board-edge grooves stay buildable.
    let walls: BTreeSet<Side> = p.legal_sides(sq("a1")).into_iter().collect();
    assert_eq!(walls, [Side::South, Side::West].into());
    assert_eq!(p.legal_sides(sq("b1")), [Side::South]);
    let q = played(&p, "A1s d4-d5");
    assert!(!q.enclosure_at(sq("a1")).unwrap().is_finished());
    assert_eq!(q.score(Player::One), 0, "semi-finished enclosures score nothing");
    // With a1w and b1s built as well, a1s is the last open boundary groove.
    let p = pos("a1,d4,f6/e2,c3,f4 a1n,b1n,b1e,a1w,b1s/- ABCDEF123456 1 2 - 0");
    assert!(!p.enclosure_at(sq("a1")).unwrap().is_finished());
    assert_eq!(p.legal_sides(sq("a1")), [Side::South]);
    let p = played(&p, "A1s d4-d5");
    let e = p.enclosure_at(sq("a1")).unwrap();
    assert!(e.is_finished());
    assert_eq!((e.size(), e.score()), (2, 2));
    assert_eq!(p.scores().0, [2, 0]);
    // Finished: no groove of it can take a wall any more.
    assert!(p.legal_sides(sq("a1")).is_empty() && p.legal_sides(sq("b1")).is_empty());
    p.verify_caches().unwrap();
}

#[test]
fn closing_wall_makes_an_enclosure_and_its_piece_inactive_at_once() {
    // Player 1: a1 can still walk to c1 until b1e is built; its other pieces are boxed in
    // (f1 in {e1, f1}, a6 in {a6, b6}), so after b1e no piece of player 1 can step.
    let p = pos("a1,f1,a6/c3,d4,e5 a1n,b1n,e1n,f1n,e1w,a6s,b6s,b6e/- ABCDEF123456 1 2 - 0");
    assert!(p.is_active(sq("a1")));
    refused(&p, "B1e a1-b1", Illegal::InactivePiece(sq("a1")));
    refused(&p, "B1e a1-a2", Illegal::InactivePiece(sq("a1")));
    let q = played(&p, "B1e -");
    assert!(!q.is_active(sq("a1")));
    assert_eq!(q.enclosures().len(), 3);
    // Without the closing wall the piece must move.
    refused(&p, "C6s -", Illegal::MustMove(step("a1-b1")));
    assert_eq!(
        Illegal::MustMove(step("a1-b1")).to_string(),
        "a piece must move after the wall (a1-b1 is possible)"
    );
}

#[test]
fn small_regions_with_two_pieces_or_over_nine_squares_are_not_enclosures() {
    // {a1, b1} with two pieces: both active.
    let p = pos("a1,d4,f6/b1,e2,f4 a1n,b1n,b1e/- ABCDEF123456 1 2 - 0");
    assert!(p.enclosures().is_empty());
    assert!(p.is_active(sq("a1")) && p.is_active(sq("b1")));
    // Nine squares a1..c3 with one piece: an enclosure; add d1 (ten squares): not one.
    let nine = pos("b2,e4,f6/e1,e5,f3 a3n,b3n,c3n,c1e,c2e,c3e/- ABCDEF123456 1 2 - 0");
    assert_eq!(nine.enclosure_at(sq("a1")).map(|e| e.size()), Some(9));
    let ten = pos("b2,e4,f6/e1,e5,f3 a3n,b3n,c3n,c2e,c3e,d1n,d1e/- ABCDEF123456 1 2 - 0");
    assert!(ten.enclosures().is_empty());
    assert!(ten.is_active(sq("b2")));
}

#[test]
fn a_board_edge_wall_splits_no_region() {
    let p = Position::new(Player::One);
    let q = played(&p, "A1s b2-b1");
    assert!(q.enclosures().is_empty());
    assert!(q.is_open(sq("a1"), sq("b1")) && q.is_open(sq("a1"), sq("a2")));
}

// ----- discards ----------------------------------------------------------------------

#[test]
fn discard_only_when_no_wall_fits_the_target() {
    let p = Position::new(Player::One);
    // b4 holds player 2's active piece: none of its four edges can take a wall.
    assert!(p.legal_sides(sq("b4")).is_empty());
    let at_b4: Vec<_> = p.legal_moves().into_iter().filter(|m| m.target() == sq("b4")).collect();
    assert_eq!(at_b4, [mv("B4x")]);
    refused(&p, "C3x", Illegal::MustBuild { target: sq("c3"), groove: g("c3n") });
    assert_eq!(
        Illegal::MustBuild { target: sq("c3"), groove: g("c3n") }.to_string(),
        "cannot discard at c3: a wall can be built on c3n"
    );
    let q = played(&p, "B4x");
    assert_eq!(q.discards(), 1);
    assert_eq!(q.wall_count(), 0);
    assert_eq!(q.pieces(Player::One).collect::<Vec<_>>(), p.pieces(Player::One).collect::<Vec<_>>());
    assert_eq!(q.cards().to_string(), "ACDEF12356");
}

#[test]
fn fifteen_discards_end_the_game_even_mid_turn() {
    // Player 2's b6 is in the finished enclosure {a6, b6}; player 1's f1 in the
    // semi-finished {e1, f1}, which scores nothing.
    let text = "f1,c3,d3/b6,b4,e5 a6s,b6s,b6e,a6n,b6n,a6w,e1n,f1n,e1w/- ABCDEF123456 1 2 - 14";
    let p = pos(text);
    assert_eq!(p.scores().0, [0, 2]);
    let q = played(&p, "B4x");
    assert_eq!(q.discards(), 15);
    assert_eq!(q.end_reason(), Some(EndReason::Discards));
    assert_eq!(q.outcome(), Some(Outcome::Win { player: Player::Two, reason: EndReason::Discards }));
    assert!(q.legal_moves().is_empty());
    assert_eq!(q.legal_move_count(), 0);
    refused(&q, "C1n c3-c2", Illegal::GameOver);
    // Equal scores draw.
    let r = played(&pos("f1,c3,d3/a2,b4,e5 -/- ABCDEF123456 2 1 - 14"), "B4x");
    assert_eq!(r.outcome(), Some(Outcome::Draw(EndReason::Discards)));
}

// ----- the piece move ----------------------------------------------------------------

#[test]
fn step_refusals_name_the_rule() {
    let p = pos("c3,d3,f6/c4,e2,f4 -/- ABCDEF123456 1 2 - 0");
    refused(&p, "A1s e2-e3", Illegal::NotOwnPiece { player: Player::One, square: sq("e2") });
    refused(&p, "A1s a2-a3", Illegal::NotOwnPiece { player: Player::One, square: sq("a2") });
    refused(&p, "A1s c3-c5", Illegal::NotAStep(step("c3-c5")));
    refused(&p, "A1s c3-b2", Illegal::NotAStep(step("c3-b2")));
    refused(&p, "A1s c3-c3", Illegal::NotAStep(step("c3-c3")));
    refused(&p, "A1s c3-d3", Illegal::SquareOccupied(sq("d3")));
    refused(&p, "A1s c3-c4", Illegal::SquareOccupied(sq("c4")));
    played(&p, "B3n d3-d2");
    // A step never crosses its own move's wall: that wall would lie on an edge of the
    // stepping piece's square, which holds an active piece.
    refused(&p, "C3s c3-c2", Illegal::ActivePiece { groove: g("c2n"), square: sq("c3") });
    let walled = pos("c3,d3,f6/c4,e2,f4 b3e/- ABCDEF123456 1 2 - 0");
    refused(&walled, "A1s c3-b3", Illegal::CrossesWall { step: step("c3-b3"), groove: g("b3e") });
    assert_eq!(
        Illegal::CrossesWall { step: step("c3-b3"), groove: g("b3e") }.to_string(),
        "c3-b3 crosses the wall on b3e"
    );
}

#[test]
fn vacated_square_is_closed_on_the_turns_second_move_only() {
    let p = played(&Position::new(Player::One), "C3n b2-b3");
    // Player 2's first move steps e5 to d5: e5 is vacated for the second.
    let q = played(&p, "A1s e5-d5");
    assert_eq!(q.vacated(), Some(sq("e5")));
    refused(&q, "F6s d5-e5", Illegal::Vacated(sq("e5")));
    assert_eq!(Illegal::Vacated(sq("e5")).to_string(), "e5 was vacated by this turn's first move");
    assert!(q.legal_moves().iter().all(|m| m.step().is_none_or(|s| s.to != sq("e5"))));
    // Walls may still go on the vacated square's edges.
    let r = played(&q, "E5n d5-d6");
    assert_eq!(r.vacated(), None);
    assert_eq!(r.turn(), Player::One);
    // After a first move that discards, nothing is vacated.
    let s = played(&p, "B4x");
    assert_eq!(s.vacated(), None);
    played(&s, "F6s e5-e4");
    // The single-move first turn vacates nothing for the next player.
    assert_eq!(p.vacated(), None);
    assert_eq!(p.to_text().split(' ').nth(5), Some("-"));
}

#[test]
fn no_step_when_no_piece_can_move() {
    // Every piece of player 1 is in an enclosure.
    let p = pos("a1,f1,a6/c3,d4,e5 a1n,b1n,b1e,e1n,f1n,e1w,a6s,b6s,b6e/- ABCDEF123456 1 2 - 0");
    assert!(p.legal_moves().iter().all(|m| m.step().is_none()));
    let q = played(&p, "C4n -");
    assert_eq!(q.pieces(Player::One).collect::<Vec<_>>(), p.pieces(Player::One).collect::<Vec<_>>());
    refused(&p, "C4n a1-b1", Illegal::InactivePiece(sq("a1")));
    refused(&p, "C4n d4-d5", Illegal::NotOwnPiece { player: Player::One, square: sq("d4") });
}

// ----- the all-finished end and scoring ---------------------------------------------

#[test]
fn all_pieces_in_finished_enclosures_end_the_game() {
    // Five finished enclosures and {f3, f4}, open only on f4e.
    let walls1 = "a1n,b1n,c1n,c1e,a1s,b1s,c1s,a1w,e1n,f1n,e1w,e1s,f1s,f1e,a6s,b6s,b6e,a6n,b6n,a6w";
    let walls2 = "e6s,f6s,e6w,e6n,f6n,f6e,a3s,a3e,a4e,a4n,a3w,a4w,f3s,f3w,f4w,f4n,f3e";
    let p = pos(&format!("a1,f1,a6/f6,a3,f3 {walls1}/{walls2} ABCDEF123456 1 2 - 3"));
    assert_eq!(p.enclosures().len(), 6);
    assert_eq!(p.enclosures().iter().filter(|e| e.is_finished()).count(), 5);
    assert_eq!(p.scores().0, [7, 4]);
    assert_eq!(p.end_reason(), None);
    assert_eq!(p.legal_sides(sq("f4")), [Side::East]);
    let q = played(&p, "F4e -");
    assert_eq!(q.end_reason(), Some(EndReason::AllFinished));
    assert_eq!(q.scores().0, [7, 6]);
    assert_eq!(q.outcome(), Some(Outcome::Win { player: Player::One, reason: EndReason::AllFinished }));
    assert_eq!(q.moves_left(), 1, "the game ended after the turn's first move");
    assert!(q.legal_moves().is_empty());
    let text = q.to_string();
    assert!(text.contains("game over (all_finished): player 1 wins"), "{text}");
}

// ----- notation ----------------------------------------------------------------------

#[test]
fn notation_of_territory_md() {
    let m = mv("C4n b2-b3");
    assert_eq!(
        m,
        Move::Build { target: sq("c4"), side: Side::North, step: Some(Step::new(sq("b2"), sq("b3"))) }
    );
    assert_eq!(mv("C4x"), Move::Discard { target: sq("c4") });
    assert_eq!(mv("C4n -"), Move::Build { target: sq("c4"), side: Side::North, step: None });
    assert_eq!(mv("c4n b2-b3"), m, "lower-case targets are accepted");
    assert_eq!(mv("C5s b2-b3").groove(), m.groove(), "one groove, two names");
    assert_ne!(mv("C5s b2-b3"), m, "but different targets (cards)");
    for bad in ["C4n", "C4", "C4nb2-b3", "C4x b2-b3", "C4n b2-b3;", "G1n -", "C0n -", "C4n b2-b3-b4"] {
        assert!(bad.parse::<Move>().is_err(), "{bad}");
    }
    let err = "C4n b2-z3".parse::<Move>().unwrap_err();
    assert_eq!(err.to_string(), "expected a square from a1 to f6 at byte 7");
}

#[test]
fn every_legal_move_text_round_trips() {
    for p in [Position::new(Player::One), pos(CORNER)] {
        for m in p.legal_moves() {
            assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        }
    }
}

// ----- position text -----------------------------------------------------------------

#[test]
fn position_text_errors_name_the_field() {
    let field_of = |text: &str| match Position::from_text(text) {
        Err(PositionTextError::Syntax { field, .. } | PositionTextError::Invalid { field, .. }) => {
            Some(field)
        }
        Err(PositionTextError::FieldCount(_)) => None,
        Ok(_) => panic!("{text} was accepted"),
    };
    let ok = "b2,e3,c5/d2,b4,e5 -/- ABCDEF123456 1 1 - 0";
    assert!(Position::from_text(ok).is_ok());
    use PositionField as F;
    for (text, field) in [
        ("b2,e3/d2,b4,e5 -/- ABCDEF123456 1 1 - 0", F::Pieces),
        ("b2,e3,c5,d2,b4,e5 -/- ABCDEF123456 1 1 - 0", F::Pieces),
        ("b2,e3,g5/d2,b4,e5 -/- ABCDEF123456 1 1 - 0", F::Pieces),
        ("b2,e3,c5/d2,b4,b2 -/- ABCDEF123456 1 1 - 0", F::Pieces),
        ("b2,e3,c5/d2,b4,e5 - ABCDEF123456 1 1 - 0", F::Walls),
        ("b2,e3,c5/d2,b4,e5 c4n/c5s ABCDEF123456 1 1 - 0", F::Walls),
        ("b2,e3,c5/d2,b4,e5 c4q/- ABCDEF123456 1 1 - 0", F::Walls),
        ("b2,e3,c5/d2,b4,e5 -/- ABCDEF12345 1 1 - 0", F::Cards),
        ("b2,e3,c5/d2,b4,e5 -/- ABCDEF123456 3 1 - 0", F::Turn),
        ("b2,e3,c5/d2,b4,e5 -/- ABCDEF123456 1 0 - 0", F::MovesLeft),
        ("b2,e3,c5/d2,b4,e5 -/- ABCDEF123456 1 2 a1 0", F::Vacated),
        ("b2,e3,c5/d2,b4,e5 -/- ABCDEF123456 1 1 b2 0", F::Vacated),
        ("b2,e3,c5/d2,b4,e5 -/- ABCDEF123456 1 1 - 16", F::Discards),
        ("b2,e3,c5/d2,b4,e5 -/- ABCDEF123456 1 1 - x", F::Discards),
    ] {
        assert_eq!(field_of(text), Some(field), "{text}");
    }
    assert_eq!(field_of("b2,e3,c5/d2,b4,e5 -/- ABCDEF123456 1 1 -"), None);
    assert_eq!(
        Position::from_text("b2,e3,c5/d2,b4,e5  -/- ABCDEF123456 1 1 - 0"),
        Err(PositionTextError::FieldCount(8))
    );
    assert!(Position::from_text(&format!("{ok}\n")).is_ok(), "a trailing line break is fine");
    assert_eq!(field_of(""), None);
    let err = Position::from_text("b2,e3,c5/d2,b4,b2 -/- ABCDEF123456 1 1 - 0").unwrap_err();
    assert_eq!(err.to_string(), "field pieces: two pieces on b2");
    let err = Position::from_text("b2,e3,c5/d2,b4,e5 c4n/c5s ABCDEF123456 1 1 - 0").unwrap_err();
    assert_eq!(err, PositionTextError::Invalid { field: F::Walls, error: SetupError::WallTwice(g("c4n")) });
}

#[test]
fn setup_round_trips() {
    let p = pos(CORNER);
    let s = p.setup();
    assert_eq!(Position::from_setup(&s).unwrap(), p);
    let mut bad = Setup::start(Player::One);
    bad.discards = 16;
    assert_eq!(Position::from_setup(&bad), Err(SetupError::Discards(16)));
}

// ----- ASCII board -------------------------------------------------------------------

#[test]
fn ascii_board() {
    let p = pos("a1,d4,f6/c3,e2,f4 a1n,b1n,b1e,f6n/- BCDEF13456 2 1 d3 2");
    let want = "    a   b   c   d   e   f
  +   +   +   +   +   +---+
6                       1   6
  +   +   +   +   +   +   +
5                           5
  +   +   +   +   +   +   +
4               1       2   4
  +   +   +   +   +   +   +
3           2   x           3
  +   +   +   +   +   +   +
2                   2       2
  +---+---+   +   +   +   +
1  (1)  ~ |                 1
  +   +   +   +   +   +   +
    a   b   c   d   e   f
cards: . B C D E F | 1 . 3 4 5 6
discards: 2/15, score: 0-0, player 2 to move (1 move left)
";
    assert_eq!(p.to_string(), want);
}

// ----- record ------------------------------------------------------------------------

#[test]
fn record_round_trip_and_undo() {
    let mut game = Game::seeded(7);
    assert_eq!(game.position().turn(), Player::One);
    for m in ["C3n b2-b3", "A1s e5-d5", "F6s d5-d6", "B4x", "E2e e3-f3"] {
        game.play(mv(m)).unwrap();
    }
    let text = game.to_string();
    assert_eq!(
        text,
        "[Game \"enclosure\"]\n[Seed \"7\"]\n[First \"1\"]\n[Result \"*\"]\n[Score \"0-0\"]\n\n\
         1. C3n b2-b3\n2. A1s e5-d5; F6s d5-d6\n3. B4x; E2e e3-f3\n"
    );
    let again: Game = text.parse().unwrap();
    assert_eq!(again, game);
    // Lenient layout: no numbers, turns on one line, `;` everywhere.
    let loose = "[Game \"enclosure\"]\n[First \"1\"]\nC3n b2-b3; A1s e5-d5; F6s d5-d6\nB4x\nE2e e3-f3;\n";
    assert_eq!(Game::from_record(loose).unwrap().position(), game.position());
    // Undo restores exactly.
    let before = game.clone();
    game.play(mv("D5e d2-d1")).unwrap();
    assert_eq!(game.undo(), Some(mv("D5e d2-d1")));
    assert_eq!(game, before);
    while game.undo().is_some() {}
    assert_eq!(game.position(), &Position::new(Player::One));
}

#[test]
fn record_errors_name_the_line_or_tag() {
    let head = "[Game \"enclosure\"]\n[First \"1\"]\n\n";
    let err = |text: &str| Game::from_record(text).unwrap_err();
    assert_eq!(err("1. C3n b2-b3\n"), RecordError::MissingTag("Game"));
    assert_eq!(err("[Game \"enclosure\"]\n1. C3n b2-b3\n"), RecordError::MissingTag("First"));
    assert!(matches!(err("[Game \"wallgo\"]\n[First \"1\"]\n"), RecordError::TagValue { tag: "Game", .. }));
    assert!(matches!(err("[Game enclosure]\n"), RecordError::BadTag { line: 1 }));
    assert!(matches!(
        err(&format!("{head}1. C3n b2-b3\n[Event \"x\"]\n")),
        RecordError::TagAfterMoves { line: 5 }
    ));
    assert!(matches!(
        err(&format!("{head}1. C3n b2-b3\n2. A1s e5-d5; C4n d5-d6\n")),
        RecordError::Illegal { line: 5, refusal: Illegal::LetterSpent('C'), .. }
    ));
    assert!(matches!(
        err(&format!("{head}1. C3n b2-b3\n3. A1s e5-d5\n")),
        RecordError::TurnNumber { line: 5, found: 3, expected: 2 }
    ));
    assert!(matches!(
        err(&format!("{head}1. C3n b2-b3\n2. A1s e5-d5\n2. F6s d5-d6\n")),
        RecordError::NumberMidTurn { line: 6, found: 2, turn: 2 }
    ));
    assert!(matches!(err(&format!("{head}1. C3n b2\n")), RecordError::MoveSyntax { line: 4, .. }));
    let e = err("[Game \"enclosure\"]\n[First \"1\"]\n[Score \"1-0\"]\n\n1. C3n b2-b3\n");
    assert_eq!(e.to_string(), "tag Score: the record says \"1-0\" but the game gives \"0-0\"");
    assert!(matches!(
        err("[Game \"enclosure\"]\n[First \"2\"]\n[Seed \"7\"]\n"),
        RecordError::TagMismatch { tag: "Seed", .. }
    ));
    // A game from another position writes Start instead of First.
    let game = Game::from_position(pos(CORNER));
    let text = game.to_string();
    assert!(text.contains(&format!("[Start \"{CORNER}\"]")), "{text}");
    assert_eq!(Game::from_record(&text).unwrap(), game);
    // Tag values are escaped.
    let mut game = Game::new(Player::Two);
    assert!(game.set_tag("Event", "the \"cup\" \\ final"));
    assert!(!game.set_tag("Result", "1-0"));
    assert_eq!(Game::from_record(&game.to_string()).unwrap(), game);
    // Removing a tag leaves the others, in order, and the moves.
    assert!(game.set_tag("Round", "3"));
    game.play(mv("C3n e5-e4")).unwrap();
    assert_eq!(game.remove_tag("Event").as_deref(), Some("the \"cup\" \\ final"));
    assert_eq!(game.remove_tag("Event"), None);
    assert_eq!(game.tags(), [("Round".to_string(), "3".to_string())]);
    assert_eq!(game.moves(), [mv("C3n e5-e4")]);
}

// ----- serde -------------------------------------------------------------------------

#[cfg(feature = "serde")]
#[test]
fn serde_uses_the_text_forms() {
    let m = mv("C4n b2-b3");
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"C4n b2-b3\"");
    assert_eq!(serde_json::from_str::<Move>("\"c4x\"").unwrap(), mv("C4x"));
    assert!(serde_json::from_str::<Move>("\"C4q\"").is_err());
    let p = pos(CORNER);
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, format!("\"{CORNER}\""));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), p);
    assert_eq!(serde_json::to_string(&Player::Two).unwrap(), "2");
    assert_eq!(serde_json::from_str::<Side>("\"w\"").unwrap(), Side::West);
    assert_eq!(serde_json::from_str::<Groove>("\"c5s\"").unwrap(), g("c4n"));
    assert_eq!(serde_json::from_str::<Cards>("\"AB12\"").unwrap().to_string(), "AB12");
    let game = Game::seeded(5);
    let back: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
    assert_eq!(back, game);
}

// ----- golden transcript -------------------------------------------------------------

fn bot_game(seed: u64) -> Game {
    let mut game = Game::seeded(seed);
    let mut bots = [GreedyBot::new(seed.wrapping_add(1)), GreedyBot::new(seed.wrapping_add(2))];
    while let Some(m) = bots[game.position().turn().index()].choose(game.position()) {
        game.play(m).unwrap();
    }
    game
}

#[test]
fn golden_greedy_bot_game() {
    let game = bot_game(2024);
    let text = format!("{game}\n{}", game.position());
    common::golden("../data/enclosure_greedy_2024.txt", &text);
    // The transcript is a record that replays to the same game.
    let record = text.split("\n\n    a").next().unwrap();
    assert_eq!(Game::from_record(record).unwrap(), game);
}

#[test]
fn greedy_bot_takes_an_immediate_enclosure() {
    // Building b1e closes {a1, b1} around player 1's a1, already walled on its board edges:
    // a finished enclosure worth 2 at once.
    let p = pos("a1,d4,f6/c3,e2,f4 a1n,b1n,a1s,b1s,a1w/- ABCDEF123456 1 2 - 0");
    for seed in 0..8 {
        let m = GreedyBot::new(seed).choose(&p).unwrap();
        let q = played(&p, &m.to_string());
        assert_eq!(q.scores().0, [2, 0], "seed {seed} chose {m}");
    }
}

// ----- property tests against an independent scalar reference ------------------------

/// The rules recomputed from the public accessors only, square by square.
struct Reference {
    walls: BTreeSet<Groove>,
    pieces: BTreeMap<Square, Player>,
}

fn all_squares() -> impl Iterator<Item = Square> {
    (0..6).flat_map(|r| (0..6).map(move |f| Square::new(f, r)))
}

impl Reference {
    fn of(p: &Position) -> Reference {
        Reference {
            walls: p.walls().map(|(g, _)| g).collect(),
            pieces: Player::BOTH.into_iter().flat_map(|pl| p.pieces(pl).map(move |s| (s, pl))).collect(),
        }
    }

    fn open(&self, a: Square, side: Side) -> Option<Square> {
        let b = side.neighbour(a, SIZE)?;
        (!self.walls.contains(&Groove::of(a, side).unwrap())).then_some(b)
    }

    /// (squares, finished) of every enclosure, by breadth-first search.
    fn enclosures(&self) -> Vec<(BTreeSet<Square>, bool)> {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for start in all_squares() {
            if !seen.insert(start) {
                continue;
            }
            let mut region = BTreeSet::from([start]);
            let mut queue = vec![start];
            while let Some(a) = queue.pop() {
                for side in Side::ALL {
                    if let Some(b) = self.open(a, side) {
                        if region.insert(b) {
                            seen.insert(b);
                            queue.push(b);
                        }
                    }
                }
            }
            let pieces = region.iter().filter(|s| self.pieces.contains_key(s)).count();
            if region.len() <= 9 && pieces <= 1 {
                let finished = region.iter().all(|&s| {
                    Side::ALL.iter().all(|&side| {
                        side.neighbour(s, SIZE).is_some()
                            || self.walls.contains(&Groove::of(s, side).unwrap())
                    })
                });
                out.push((region, finished));
            }
        }
        out
    }

    fn buildable(&self) -> BTreeSet<Groove> {
        let enclosures = self.enclosures();
        let enclosure_of = |s: Square| enclosures.iter().position(|(r, _)| r.contains(&s));
        let active = |s: Square| self.pieces.contains_key(&s) && enclosure_of(s).is_none();
        Groove::all()
            .filter(|g| !self.walls.contains(g))
            .filter(|g| match g.squares() {
                [Some(a), Some(b)] => {
                    let same_enclosure = enclosure_of(a).is_some() && enclosure_of(a) == enclosure_of(b);
                    !same_enclosure && !active(a) && !active(b)
                }
                [Some(c), None] | [None, Some(c)] => !active(c),
                [None, None] => unreachable!(),
            })
            .collect()
    }

    /// Every legal move, from the rules text.
    fn legal_moves(p: &Position) -> BTreeSet<Move> {
        let mut out = BTreeSet::new();
        if p.is_game_over() {
            return out;
        }
        let me = Reference::of(p);
        let buildable = me.buildable();
        for target in all_squares().filter(|&t| p.cards().can_target(t)) {
            let mut built = false;
            for side in Side::ALL {
                let groove = Groove::of(target, side).unwrap();
                if !buildable.contains(&groove) {
                    continue;
                }
                built = true;
                let mut after = Reference { walls: me.walls.clone(), pieces: me.pieces.clone() };
                after.walls.insert(groove);
                let enclosed: BTreeSet<Square> =
                    after.enclosures().into_iter().flat_map(|(r, _)| r).collect();
                let mut steps = Vec::new();
                for (&from, &owner) in &after.pieces {
                    if owner != p.turn() || enclosed.contains(&from) {
                        continue;
                    }
                    for d in Side::ALL {
                        if let Some(to) = after.open(from, d) {
                            if !after.pieces.contains_key(&to) && p.vacated() != Some(to) {
                                steps.push(Step::new(from, to));
                            }
                        }
                    }
                }
                if steps.is_empty() {
                    out.insert(Move::Build { target, side, step: None });
                }
                out.extend(steps.into_iter().map(|s| Move::Build { target, side, step: Some(s) }));
            }
            if !built {
                out.insert(Move::Discard { target });
            }
        }
        out
    }
}

/// Checks every invariant of one position; `deep` adds the reference move generation.
fn check_position(p: &Position, deep: bool) {
    p.verify_caches().unwrap();
    let r = Reference::of(p);
    // Enclosures equal a fresh flood.
    let mine: Vec<(BTreeSet<Square>, bool)> =
        p.enclosures().iter().map(|e| (e.squares().collect(), e.is_finished())).collect();
    let mut theirs = r.enclosures();
    theirs.sort_by_key(|(s, _)| s.iter().map(|s| (s.rank(), s.file())).min());
    assert_eq!(mine, theirs, "{}", p.to_text());
    // Scores within 0..=27 and equal to the finished enclosures' sizes.
    for pl in Player::BOTH {
        let want: usize = theirs
            .iter()
            .filter(|(s, fin)| *fin && s.iter().any(|q| r.pieces.get(q) == Some(&pl)))
            .map(|(s, _)| s.len())
            .sum();
        assert_eq!(usize::from(p.score(pl)), want);
        assert!(p.score(pl) <= 27);
    }
    assert_eq!(p.buildable_grooves().collect::<BTreeSet<_>>(), r.buildable(), "{}", p.to_text());
    // Text forms round-trip.
    assert_eq!(&Position::from_text(&p.to_text()).unwrap(), p);
    assert_eq!(&Position::from_setup(&p.setup()).unwrap(), p);
    let moves = p.legal_moves();
    assert_eq!(moves.len(), p.legal_move_count());
    assert_eq!(moves.iter().copied().collect::<BTreeSet<_>>().len(), moves.len(), "no duplicates");
    if deep {
        assert_eq!(
            moves.iter().copied().collect::<BTreeSet<_>>(),
            Reference::legal_moves(p),
            "{}",
            p.to_text()
        );
    }
    assert_eq!(p.is_game_over(), moves.is_empty());
}

/// Plays a random game to its end, checking everything on the way. Returns its length.
fn random_game(seed: u64, deep_every: usize) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut p = Position::seeded(seed);
    let mut plies = 0;
    let mut last_scores = [0, 0];
    while !p.is_game_over() {
        check_position(&p, plies % deep_every == 0);
        let moves = p.legal_moves();
        let m = *rng.pick(&moves).unwrap();
        assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        // A random move of the same target: legal exactly when listed; refused ones change nothing.
        let other = *rng.pick(&moves).unwrap();
        let probe = match (m, other.step()) {
            (Move::Build { target, side, .. }, s) => Move::Build { target, side, step: s },
            (d, _) => d,
        };
        let mut q = p.clone();
        match q.play(probe) {
            Ok(()) => assert!(moves.contains(&probe)),
            Err(_) => {
                assert!(!moves.contains(&probe));
                assert_eq!(q, p);
            }
        }
        // Undo restores exactly.
        let before = p.clone();
        let undo = p.make(m);
        let after = p.clone();
        p.unmake(undo);
        assert_eq!(p, before);
        p.play(m).unwrap();
        assert_eq!(p, after, "play and make agree");
        // Turn structure and cards.
        plies += 1;
        assert_eq!(p.cards() == Cards::FULL, plies % 6 == 0, "cards reset every six moves");
        let expect_left = if plies % 2 == 1 { 2 } else { 1 };
        if !p.is_game_over() {
            assert_eq!(p.moves_left(), expect_left);
        }
        let scores = p.scores().0;
        assert!(scores[0] >= last_scores[0] && scores[1] >= last_scores[1], "scores never fall");
        last_scores = scores;
        assert!(
            plies <= 84 + 15,
            "every game ends: each move builds one of 84 walls or is one of 15 discards"
        );
    }
    check_position(&p, true);
    assert!(p.outcome().is_some());
    assert!(p.discards() == 15 || p.end_reason() == Some(EndReason::AllFinished));
    plies
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant_and_end(seed in any::<u64>()) {
        random_game(seed, 7);
    }

    #[test]
    fn move_parser_never_panics(text in "[A-Ga-g0-7nesxwNESWX -]{0,12}") {
        if let Ok(m) = text.parse::<Move>() {
            prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        }
    }

    #[test]
    fn text_parsers_never_panic(text in "\\PC{0,60}") {
        let _ = Position::from_text(&text);
        let _ = Game::from_record(&text);
        let _ = text.parse::<Groove>();
        let _ = text.parse::<Cards>();
        let _ = text.parse::<Move>();
    }
}

/// Many more games, each position checked against the reference.
/// `cargo test --release -p wallrush-territory --test enclosure -- --ignored`
// Ignored: too long for the test command; the tests above play a short version.
#[test]
#[ignore = "long sweep: cargo test --release -p wallrush-territory --test enclosure -- --ignored"]
fn many_random_games() {
    for seed in 0..1000 {
        random_game(seed, 1);
    }
}

#[test]
fn tag_values_with_a_carriage_return_are_refused() {
    // Found by fuzzing (parse_text): a raw carriage return inside a tag value was read,
    // but the writer writes line breaks as spaces, so the record read back differently.
    let text = "[Game \"enclosure\"]\n[Note \"a\rb\"]\n[First \"2\"]\n";
    assert_eq!(Game::from_record(text).unwrap_err(), RecordError::BadTag { line: 2 });
    // A record written with CRLF line ends still reads.
    let crlf = "[Game \"enclosure\"]\r\n[Note \"a b\"]\r\n[First \"2\"]\r\n";
    let game = Game::from_record(crlf).unwrap();
    assert_eq!(Game::from_record(&game.to_string()).unwrap(), game);
}
