//! Wall Go (TERRITORY.md part A): hand-built positions for every rule and decision, property
//! tests over random games checked against an independent reference written here from the
//! public accessors only, and a golden transcript of seeded bot games.
//!
//! `PROPTEST_CASES` raises the case count; the `#[ignore]`d sweep at the bottom plays many
//! more games (`cargo test -p wallrush-territory --release --test wallgo -- --ignored`).
//! `WALLRUSH_BLESS=1 cargo test -p wallrush-territory --test wallgo golden` rewrites the golden
//! file after an intended change.

mod common;

use std::collections::BTreeSet;

use proptest::prelude::*;
use wallrush_core::{SplitMix64, Square};
use wallrush_territory::wallgo::{
    placement_order, Game, GreedyBot, Illegal, Move, Outcome, Player, Position, PositionTextError,
    RecordError, Setup, SetupError, Side, Wall, SIZE,
};

// ---------------------------------------------------------------------------------------
// Helpers

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn pos(text: &str) -> Position {
    Position::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The walls (`R` builder) on every groove between a cell of `cells` and a cell outside,
/// except the grooves listed in `gaps`, as position-text items.
fn fence(cells: &[&str], gaps: &[&str], owner: char) -> Vec<String> {
    let inside: Vec<Square> = cells.iter().map(|c| sq(c)).collect();
    let gaps: Vec<Wall> = gaps.iter().map(|g| g.parse().unwrap()).collect();
    let mut out = BTreeSet::new();
    for &c in &inside {
        for side in Side::ALL {
            if let (Some(n), Some(w)) = (side.neighbour(c, SIZE), Wall::new(c, side)) {
                if !inside.contains(&n) && !gaps.contains(&w) {
                    out.insert(w);
                }
            }
        }
    }
    out.into_iter().map(|w| format!("{owner}{w}")).collect()
}

/// Every horizontal groove between `rank` and `rank + 1` (1-based), built by `owner`.
fn rank_line(rank: u8, owner: char, except: &[&str]) -> Vec<String> {
    (b'a'..=b'g')
        .map(|f| format!("{}{rank}n", f as char))
        .filter(|w| !except.contains(&w.as_str()))
        .map(|w| format!("{owner}{w}"))
        .collect()
}

fn walls(lists: &[Vec<String>]) -> String {
    let all: Vec<String> = lists.concat();
    if all.is_empty() {
        "-".into()
    } else {
        all.join(",")
    }
}

fn refusal(p: &Position, m: &str) -> Illegal {
    let mut after = p.clone();
    let err = after.play(mv(m)).expect_err(m);
    assert_eq!(&after, p, "a refused move changes nothing");
    err
}

// ---------------------------------------------------------------------------------------
// Setup

#[test]
fn fixed_start_is_a_quarter_turn_apart() {
    let p = Position::two_player();
    let red: Vec<Square> = p.pieces(Player::Red).collect();
    let blue: BTreeSet<Square> = p.pieces(Player::Blue).collect();
    assert_eq!(p.text(), "b2,d2,d6,f6/b4,b6,f2,f4 - R -");
    // A quarter turn (x, y) -> (y, 6 - x) maps Red onto Blue.
    let turned: BTreeSet<Square> = red.iter().map(|s| Square::new(s.rank(), 6 - s.file())).collect();
    assert_eq!(turned, blue);
    assert_eq!(p.turn(), Player::Red);
    assert!(!p.is_placing());
    assert!(p.pieces(Player::Red).all(|s| p.is_active(s)));
    assert_eq!(p.legal_moves().len(), 134);
    assert_eq!(p.legal_move_count(), 134);
    assert_eq!(Position::new(2).unwrap(), p);
    assert_eq!(Position::new(5), Err(SetupError::PlayerCount(5)));
}

#[test]
fn placement_follows_the_snake_for_every_count() {
    for players in 2..=4u8 {
        let mut p = Position::placement(players).unwrap();
        let order: Vec<Player> = placement_order(players).collect();
        assert_eq!(order.len(), if players == 2 { 8 } else { 2 * players as usize });
        for (k, &who) in order.iter().enumerate() {
            assert!(p.is_placing());
            assert_eq!(p.turn(), who, "{players} players, placement {k}");
            // Placing refuses steps and breaks, and occupied cells.
            assert_eq!(refusal(&p, "a1n"), Illegal::MustPlace(who));
            assert_eq!(refusal(&p, "x:a1n"), Illegal::MustPlace(who));
            if k > 0 {
                assert_eq!(refusal(&p, "@a1"), Illegal::Occupied(sq("a1")));
            }
            assert_eq!(p.legal_moves().len(), 49 - k);
            let cell = Square::new((k % 7) as u8, (k / 7) as u8);
            p.play(Move::Place(cell)).unwrap();
            assert_eq!(p.piece_at(cell), Some(who));
        }
        assert!(!p.is_placing());
        assert_eq!(p.turn(), Player::Red, "Red moves first after any setup");
        assert_eq!(refusal(&p, "@g7"), Illegal::NotPlacing);
        // The placement start of two players is an option beside the fixed start.
        assert_eq!(Position::new(players).unwrap().is_placing(), players > 2);
    }
    let mut p = Position::placement(3).unwrap();
    assert_eq!(p.play(Move::Place(Square::new(7, 0))), Err(Illegal::OffBoard(Square::new(7, 0))));
    assert_eq!(p.to_string().lines().last(), Some("wall breaks used: none"));
}

// ---------------------------------------------------------------------------------------
// Moves

#[test]
fn steps_of_zero_one_and_two_with_corners() {
    let p = Position::two_player();
    for ok in ["b2n", "b2-b3n", "b2-a2n", "b2-c3e", "b2-a1n", "b2-c1w", "d2-d4n", "d6-d4s", "b2-b2e"] {
        assert!(p.is_legal(mv(ok)), "{ok}");
    }
    // b2-b4 ends on Blue's piece; d2-b2 ends on Red's own; b2-d2 would pass c2 but end on d2.
    assert_eq!(refusal(&p, "b2-b4n"), Illegal::Unreachable { from: sq("b2"), to: sq("b4") });
    assert_eq!(refusal(&p, "d2-b2n"), Illegal::Unreachable { from: sq("d2"), to: sq("b2") });
    // Three steps away.
    assert_eq!(refusal(&p, "b2-b5n").to_string(), "b5 is not within two free steps of b2");
    assert_eq!(refusal(&p, "b2-d3n").kind(), "unreachable");
    // The destinations of b2: itself, four neighbours, four diagonals (d2 and b4 are taken).
    let ends: Vec<String> = p.destinations(sq("b2")).map(|s| s.to_string()).collect();
    assert_eq!(ends, ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]);
    assert_eq!(p.destinations(sq("b4")).count(), 0, "not Red's piece");
}

#[test]
fn steps_never_cross_walls_or_pieces() {
    // Red a1, with Blue on a2: a1-a3 must pass a2. Walls: b1n blocks b1-b2.
    let base = "a1,d2,d6,f6/a2,b6,f2,f4 Bb1n R -";
    let p = pos(base);
    assert_eq!(refusal(&p, "a1-a3n"), Illegal::Unreachable { from: sq("a1"), to: sq("a3") });
    // b2 is two steps away through b1 only (a2 holds a piece), and b1n is walled.
    assert_eq!(refusal(&p, "a1-b2n"), Illegal::Unreachable { from: sq("a1"), to: sq("b2") });
    assert!(p.is_legal(mv("a1-c1n")));
    // Open b1n: b2 is reachable round the corner through b1.
    assert!(pos("a1,d2,d6,f6/a2,b6,f2,f4 - R -").is_legal(mv("a1-b2n")));
    // A wall on one corner leaves the other: b2-c3 through b3 when b2e is walled.
    let p = pos("b2,d2,d6,f6/b4,b6,f2,f4 Bb2e R -");
    assert!(p.is_legal(mv("b2-c3n")));
    assert_eq!(refusal(&p, "b2-c2n"), Illegal::Unreachable { from: sq("b2"), to: sq("c2") });
    // Both corners closed.
    let p = pos("b2,d2,d6,f6/b4,b6,f2,f4 Bb2n,Bb2e R -");
    assert_eq!(refusal(&p, "b2-c3n"), Illegal::Unreachable { from: sq("b2"), to: sq("c3") });
}

#[test]
fn the_wall_is_mandatory_on_a_free_groove_of_the_destination() {
    let mut p = Position::two_player();
    assert_eq!(refusal(&p, "b2-a1s"), Illegal::BoardEdge { square: sq("a1"), side: Side::South });
    assert_eq!(refusal(&p, "b2-a1w").to_string(), "the west side of a1 is the board edge, not a groove");
    p.play(mv("b2-c3n")).unwrap();
    assert_eq!(p.wall_owner("c4s".parse().unwrap()), Some(Player::Red));
    // The same groove, named from the other cell, is taken.
    let err = refusal(&p, "b4-c4s");
    assert_eq!(err, Illegal::GrooveTaken { wall: "c3n".parse().unwrap(), owner: Player::Red });
    assert_eq!(err.to_string(), "groove c3n already has a red wall");
    assert_eq!(err.kind(), "groove_taken");
    // Every move builds exactly one wall.
    let before = p.wall_count();
    p.play(mv("b4e")).unwrap();
    assert_eq!(p.wall_count(), before + 1);
    // Not the mover's piece; an empty square.
    assert_eq!(refusal(&p, "b4n").to_string(), "no red piece on b4");
    assert_eq!(refusal(&p, "a7n"), Illegal::NoPiece { player: Player::Red, square: sq("a7") });
    let off = Move::Step { from: sq("b2"), to: Square::new(7, 1), side: Side::North };
    assert_eq!(p.check(off), Err(Illegal::OffBoard(Square::new(7, 1))));
}

#[test]
fn notation_round_trips_and_names_grooves_once() {
    for text in ["b2-c3n", "b2n", "x:d4e", "@b2", "g7-g6w"] {
        assert_eq!(mv(text).to_string(), text);
    }
    assert_eq!(mv("x:e4w"), mv("x:d4e"));
    assert_eq!(mv("b2-b2n"), mv("b2n"));
    assert_eq!("c4s".parse::<Wall>().unwrap().to_string(), "c3n");
    for bad in ["x:a1s", "@h1", "b2-c3", "b2-c3nw", "b2-c8n", "x:", "b2-@c3n"] {
        assert!(bad.parse::<Move>().is_err(), "{bad}");
    }
    assert_eq!(Wall::all().count(), 84);
}

// ---------------------------------------------------------------------------------------
// Regions, territories, skipping, the end

#[test]
fn a_territory_closes() {
    // Red's a1 sits in {a1, a2, b1}, fenced except the east groove of b1.
    let fenced = fence(&["a1", "a2", "b1"], &["b1e"], 'B');
    let mut p = pos(&format!("a1,d2,d6,f6/b4,b6,f2,f4 {} R -", walls(&[fenced])));
    assert!(p.is_active(sq("a1")));
    assert_eq!(p.scores()[Player::Red], 0);
    p.play(mv("a1-b1e")).unwrap();
    let region = p.region_of(sq("a1"));
    assert_eq!(region.len(), 3);
    assert_eq!(region.owner(), Some(Player::Red));
    assert!(!p.is_active(sq("b1")), "the piece in its territory is finished");
    assert_eq!(p.scores()[Player::Red], 3);
    assert_eq!(p.largest_territories()[Player::Red], 3);
    assert_eq!(p.regions().count(), 2);
    assert!(p.to_string().starts_with("7  .   .   .   .   .   .   .\n"));
    assert!(p.to_string().contains("\n2  r | .   .   R   .   B   .\n"), "{p}");
    assert!(p.to_string().contains("\n1  r   R | .   .   .   .   .\n"), "{p}");
    // Blue moves; then Red may not move the finished piece.
    p.play(mv("b4n")).unwrap();
    let err = refusal(&p, "b1n");
    assert_eq!(err, Illegal::Finished(sq("b1")));
    assert_eq!(err.to_string(), "the piece on b1 is finished: its region holds no other player's piece");
    assert!(p.legal_moves().iter().all(|m| !matches!(m, Move::Step { from, .. } if *from == sq("b1"))));
    assert_eq!(p.destinations(sq("b1")).count(), 0);
}

#[test]
fn a_wall_splits_off_an_empty_region_that_scores_for_nobody() {
    // Red walls off the corner a7 (no piece in it): nobody's territory.
    let fenced = fence(&["a7"], &["a7e"], 'R');
    let mut p = pos(&format!("b2,d2,c6,f6/b4,b6,f2,f4 {} R -", walls(&[fenced])));
    p.play(mv("c6-b7w")).unwrap();
    let corner = p.region_of(sq("a7"));
    assert_eq!((corner.len(), corner.owner(), corner.players().count()), (1, None, 0));
    assert_eq!(p.scores(), Default::default());
    assert!(p.to_string().starts_with("7  : | R "), "{p}");
}

/// Three players: Yellow's pieces a1 and g7 are fenced in by Yellow's own walls.
fn yellow_fenced() -> String {
    walls(&[fence(&["a1"], &[], 'Y'), fence(&["g7"], &[], 'Y')])
}

#[test]
fn a_player_without_active_pieces_is_skipped() {
    let mut p = pos(&format!("c3,e5/c5,e3/a1,g7 {} B -", yellow_fenced()));
    assert!(!p.can_act(Player::Yellow));
    assert!(p.can_act(Player::Red) && p.can_act(Player::Blue));
    p.play(mv("c5n")).unwrap();
    assert_eq!(p.turn(), Player::Red, "Yellow is skipped");
    p.play(mv("c3n")).unwrap();
    assert_eq!(p.turn(), Player::Blue);
    // A position cannot give the turn to a player who would be skipped.
    let setup: Setup = format!("c3,e5/c5,e3/a1,g7 {} Y -", yellow_fenced()).parse().unwrap();
    assert_eq!(Position::from_setup(&setup), Err(SetupError::TurnCannotAct(Player::Yellow)));
}

#[test]
fn the_wall_break_once_per_player_and_reopening_a_territory() {
    let mut p = pos(&format!("c3,e5/c5,e3/a1,g7 {} R -", yellow_fenced()));
    assert_eq!(p.scores()[Player::Yellow], 2);
    let moves = p.legal_moves();
    assert_eq!(moves.iter().filter(|m| matches!(m, Move::Break(_))).count(), 4);
    // Red breaks a wall Yellow built: a1 rejoins the big region and Yellow acts again.
    let undo = p.make(mv("x:a1n"));
    assert_eq!(p.wall_owner("a1n".parse().unwrap()), None);
    assert!(p.break_used(Player::Red));
    assert!(p.is_active(sq("a1")));
    assert_eq!(p.scores()[Player::Yellow], 1);
    assert_eq!(p.turn(), Player::Blue);
    let copy = p.clone();
    p.unmake(undo);
    assert_eq!(p.text(), format!("c3,e5/c5,e3/a1,g7 {} R -", yellow_fenced()));
    p = copy;
    p.play(mv("c5n")).unwrap();
    assert_eq!(p.turn(), Player::Yellow, "no longer skipped");
    // Yellow breaks its own other wall; the groove can be walled again later.
    p.play(mv("x:g6n")).unwrap();
    assert_eq!(p.text().split(' ').nth(3), Some("RY"));
    // Red's second break is refused; breaking an empty groove too.
    assert_eq!(refusal(&p, "x:a1e"), Illegal::BreakUsed(Player::Red));
    assert_eq!(refusal(&p, "x:a1e").to_string(), "red has already used its wall break");
    assert!(p.legal_moves().iter().all(|m| !matches!(m, Move::Break(_))));
    p.play(mv("c3-b3n")).unwrap();
    assert_eq!(refusal(&p, "x:d4e"), Illegal::NoWall("d4e".parse().unwrap()));
    p.play(mv("e3-f4n")).unwrap();
    assert_eq!(p.turn(), Player::Yellow);
    assert!(p.is_legal(mv("g7-g6n")) && p.is_legal(mv("g7s")), "g6n may be walled again");
    // With two players there is no wall break.
    let mut two = Position::two_player();
    two.play(mv("b2n")).unwrap();
    assert_eq!(refusal(&two, "x:b2n"), Illegal::NoBreakWithTwo);
    assert_eq!(refusal(&two, "x:b2n").kind(), "no_break_with_two");
}

#[test]
fn the_game_ends_when_no_region_is_shared() {
    // A vertical line between files c and d, open only at c4e; Red left, Blue right.
    let line: Vec<String> = (1..=7).filter(|&r| r != 4).map(|r| format!("Rc{r}e")).collect();
    let mut p = pos(&format!("a1,b3,c4,c7/d1,e5,f2,g7 {} R -", line.join(",")));
    assert!(!p.is_game_over());
    // Red closes the gap with a 0-step move.
    p.play(mv("c4e")).unwrap();
    assert!(p.is_game_over());
    assert_eq!(p.scores()[Player::Red], 21);
    assert_eq!(p.scores()[Player::Blue], 28);
    assert_eq!(p.outcome(), Some(Outcome::Win { player: Player::Blue, tie_break: false }));
    assert_eq!(p.turn(), Player::Blue, "after the end, the player after the last mover");
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.legal_move_count(), 0);
    assert_eq!(refusal(&p, "d1n"), Illegal::GameOver);
    assert_eq!(p.timeout_action(&mut SplitMix64::new(1)), None);
    assert!(!p.can_act(Player::Red) && !p.can_act(Player::Blue));
    assert!(p.to_string().contains("game over: blue wins\n"), "{p}");
    // A finished position may name any player's turn.
    let over = p.text().replace(" B ", " R ");
    assert!(Position::from_text(&over).unwrap().is_game_over());
}

/// Two players: Red owns ranks 1 and 3, Blue `blue` (rank lists); every other rank is
/// empty. Walls on every rank line except the gap `c3n`; Red to close it.
fn ranks_position(red: &str, blue: &str, open_lines: &[u8]) -> Position {
    let mut lines = Vec::new();
    for r in 1..=6u8 {
        if !open_lines.contains(&r) {
            lines.push(rank_line(r, 'R', &["c3n"]));
        }
    }
    pos(&format!("{red}/{blue} {} R -", walls(&lines)))
}

#[test]
fn the_tie_break_is_the_largest_single_territory() {
    // Red 7 + 7 = 14; Blue ranks 4-5 as one territory of 14: Blue wins on the tie-break.
    let mut p = ranks_position("a1,g1,c3,e3", "a4,g4,a5,g5", &[4]);
    p.play(mv("c3n")).unwrap();
    assert_eq!((p.scores()[Player::Red], p.scores()[Player::Blue]), (14, 14));
    assert_eq!((p.largest_territories()[Player::Red], p.largest_territories()[Player::Blue]), (7, 14));
    assert_eq!(p.outcome(), Some(Outcome::Win { player: Player::Blue, tie_break: true }));
    assert_eq!(p.outcome().unwrap().to_string(), "blue wins on the tie-break");
    // Blue ranks 4 and 6 (7 + 7): a draw.
    let mut p = ranks_position("a1,g1,c3,e3", "a4,g4,a6,g6", &[]);
    p.play(mv("c3n")).unwrap();
    assert_eq!((p.scores()[Player::Red], p.scores()[Player::Blue]), (14, 14));
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    assert_eq!(p.outcome().unwrap().winner(), None);
}

#[test]
fn with_three_players_only_the_leaders_take_the_tie_break() {
    // Red ranks 1 and 3; Yellow a4-e5 (10 cells, f4-g5 fenced off empty); Blue ranks 6
    // and 7, as one territory or two.
    let build = |blue_merged: bool| {
        let mut lists = vec![rank_line(1, 'R', &[]), rank_line(2, 'R', &[]), rank_line(3, 'R', &["c3n"])];
        lists.push(rank_line(5, 'B', &[]));
        if !blue_merged {
            lists.push(rank_line(6, 'B', &[]));
        }
        lists.push(vec!["Ye4e".into(), "Ye5e".into()]);
        pos(&format!("a1,c3/a6,a7/a4,c5 {} R -", walls(&lists)))
    };
    let mut p = build(false);
    p.play(mv("c3n")).unwrap();
    let s = p.scores();
    assert_eq!((s[Player::Red], s[Player::Blue], s[Player::Yellow]), (14, 14, 10));
    assert_eq!(p.largest_territories()[Player::Yellow], 10, "larger than the leaders' 7, but not a leader");
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    let mut p = build(true);
    p.play(mv("c3n")).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::Win { player: Player::Blue, tie_break: true }));
}

// ---------------------------------------------------------------------------------------
// Timeout action

#[test]
fn the_timeout_action_is_a_random_zero_step_wall_of_an_acting_piece() {
    let p = Position::two_player();
    let mut seen = BTreeSet::new();
    for seed in 0..400 {
        let m = p.timeout_action(&mut SplitMix64::new(seed)).unwrap();
        let Move::Step { from, to, .. } = m else { panic!("{m}") };
        assert_eq!(from, to);
        assert!(p.is_legal(m));
        seen.insert(m);
    }
    // Four pieces with four free grooves each: all 16 appear.
    assert_eq!(seen.len(), 16);
    // The same seed gives the same action.
    let a = p.timeout_action(&mut SplitMix64::new(9));
    assert_eq!(a, p.timeout_action(&mut SplitMix64::new(9)));
    // Finished pieces never act: with a1 fenced in, no action starts there.
    let fenced = fence(&["a1", "a2", "b1"], &[], 'B');
    let p = pos(&format!("a1,d2,d6,f6/b4,b6,f2,f4 {} R -", walls(&[fenced])));
    for seed in 0..100 {
        let m = p.timeout_action(&mut SplitMix64::new(seed)).unwrap();
        assert!(!matches!(m, Move::Step { from, .. } if from == sq("a1")));
    }
    // During a placement setup, a random placement.
    let p = Position::new(3).unwrap();
    assert!(matches!(p.timeout_action(&mut SplitMix64::new(3)), Some(Move::Place(_))));
}

// ---------------------------------------------------------------------------------------
// Text forms

#[test]
fn position_text_round_trips_and_names_the_field() {
    for text in [
        "b2,d2,d6,f6/b4,b6,f2,f4 - R -",
        "-/-/- - R -",
        "c3/d5/-/- - Y -",
        "a1,c3/a6,a7/a4,c5 Ra1n,Bc3e,Yd4n B RY",
    ] {
        assert_eq!(pos(text).text(), text);
    }
    for (text, n) in [("b2/b4 - R", 3), ("b2,d2,d6,f6/b4,b6,f2,f4 - R - x", 5), ("", 0)] {
        assert_eq!(Position::from_text(text), Err(PositionTextError::FieldCount(n)), "{text}");
    }
    let field = |text: &str| match Position::from_text(text) {
        Err(PositionTextError::Field { field, .. }) => field,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(field("b2,d2,d6,f6/b4,b6,f2,f4 - R --"), "breaks");
    assert_eq!(field("b2,d2,d6,f6/b4,b6,f2,f4 Rb2 R -"), "walls");
    assert_eq!(field("b2,d2,d6,f6/b4,b6,f2,f4 - RB -"), "turn");
    assert_eq!(field("b2,d2,d6,f6/b4,b6,f2,f9 - R -"), "pieces");
    let invalid = |text: &str| match Position::from_text(text) {
        Err(PositionTextError::Invalid(e)) => e,
        other => panic!("{text}: {other:?}"),
    };
    use SetupError as E;
    assert_eq!(invalid("b2,d2,d6,f6/b4,b6,f2,b2 - R -"), E::SharedSquare(sq("b2")));
    assert_eq!(
        invalid("b2,d2,d6/b4,b6,f2,f4 Rc3n R -"),
        E::PieceCount { player: Player::Red, found: 3, expected: 4 }
    );
    assert_eq!(invalid("b2,d2,d6,f6/b4,b6,f2,f4 Rc3n,Bc4s R -"), E::DuplicateWall("c3n".parse().unwrap()));
    assert_eq!(invalid("b2,d2,d6,f6/b4,b6,f2,f4 - Y -"), E::NotInGame { player: Player::Yellow, players: 2 });
    assert_eq!(invalid("b2,d2,d6,f6/b4,b6,f2,f4 Ga1n R -").to_string(), "green is not in a 2-player game");
    assert_eq!(invalid("b2,d2,d6,f6/b4,b6,f2,f4 - R R"), E::BreakWithTwo);
    // Walls before every piece is placed: the missing pieces are the fault.
    assert_eq!(invalid("c3/-/- Ra1n B -"), E::PieceCount { player: Player::Red, found: 1, expected: 2 });
    assert_eq!(invalid("c3/-/- - R -"), E::PlacementTurn { expected: Player::Blue, found: Player::Red });
    assert_eq!(invalid("c3,c4/-/- - B -"), E::PieceCount { player: Player::Red, found: 2, expected: 1 });
    assert_eq!(
        invalid("c3,c4,c5/-/- - B -").to_string(),
        "red has 3 pieces, expected 2",
        "more than the full count is named as such"
    );
    // A malformed fifth group is caught before counting players.
    assert!(Position::from_text("-/-/-/-/- - R -").is_err());
}

#[test]
fn records_round_trip() {
    let mut rec = Game::from_position(Position::new(4).unwrap());
    let mut bot = GreedyBot::new(5);
    while let Some(m) = bot.choose(rec.position()) {
        rec.play(m).unwrap();
    }
    let text = rec.to_string();
    assert!(text.starts_with("[Game \"wallgo\"]\n[Players \"4\"]\n[Start \"placement\"]\n[Result \""));
    let back: Game = text.parse().unwrap();
    assert_eq!(back, rec);
    assert_eq!(back.position().outcome(), rec.position().outcome());
    // A custom start is written as position text.
    let start = pos("a1,c3/a6,a7/a4,c5 Ra1n,Bc3e,Yd4n B RY");
    let mut rec = Game::from_position(start.clone());
    rec.play(mv("a6n")).unwrap();
    let text = rec.to_string();
    assert!(text.contains("[Start \"a1,c3/a6,a7/a4,c5 Ra1n,Bc3e,Yd4n B RY\"]"), "{text}");
    assert_eq!(text.parse::<Game>().unwrap().start(), &start);
    // An illegal move names its ply and rule.
    let bad = "[Players \"2\"]\n\nb2n b4n x:b2n\n".parse::<Game>().unwrap_err();
    assert_eq!(bad, RecordError::Illegal { ply: 3, mv: mv("x:b2n"), reason: Illegal::NoBreakWithTwo });
    assert_eq!(bad.to_string(), "move 3 (x:b2n): wall breaks are for 3 or 4 players");
}

#[cfg(feature = "serde")]
#[test]
fn serde_goes_through_the_text_forms() {
    let p = Position::two_player();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, "\"b2,d2,d6,f6/b4,b6,f2,f4 - R -\"");
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), p);
    let moves = vec![mv("b2-c3n"), mv("x:d4e"), mv("@a1"), mv("b2n")];
    let json = serde_json::to_string(&moves).unwrap();
    assert_eq!(json, r#"["b2-c3n","x:d4e","@a1","b2n"]"#);
    assert_eq!(serde_json::from_str::<Vec<Move>>(&json).unwrap(), moves);
    assert_eq!(serde_json::to_string(&Player::Yellow).unwrap(), "\"yellow\"");
    assert_eq!(serde_json::to_string(&Side::East).unwrap(), "\"e\"");
    assert_eq!(serde_json::from_str::<Side>("\"w\"").unwrap(), Side::West);
    assert!(serde_json::from_str::<Move>("\"b2-c3\"").is_err());
    assert!(serde_json::from_str::<Position>("\"b2/b4 - R -\"").is_err());
    let rec = Game::from_position(p);
    let back: Game = serde_json::from_str(&serde_json::to_string(&rec).unwrap()).unwrap();
    assert_eq!(back, rec);
    let scores = wallrush_territory::grid::ByPlayer([1u8, 2, 0, 0]);
    assert_eq!(serde_json::to_string(&scores).unwrap(), "[1,2,0,0]");
}

// ---------------------------------------------------------------------------------------
// Golden transcript

/// Plays a seeded bot game and writes every ply with the position text after it, then the
/// final board and the record.
fn transcript(title: &str, start: Position, seed: u64) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    writeln!(out, "## {title}: greedy bot, seed {seed}").unwrap();
    writeln!(out, "start {}", start.text()).unwrap();
    let mut rec = Game::from_position(start);
    let mut bot = GreedyBot::new(seed);
    while let Some(m) = bot.choose(rec.position()) {
        let who = rec.position().turn();
        rec.play(m).unwrap();
        let s = rec.position().scores();
        let scores: Vec<String> = rec.position().player_list().map(|p| s[p].to_string()).collect();
        writeln!(
            out,
            "{:>3} {:<6} {:<7} {:<11} {}",
            rec.moves().len(),
            who,
            m,
            scores.join("-"),
            rec.position().text()
        )
        .unwrap();
    }
    writeln!(out, "\n{}\n\n{rec}", rec.position()).unwrap();
    out
}

#[test]
fn golden_transcript_of_seeded_bot_games() {
    let text = [
        "# Wall Go golden transcript: seeded greedy-bot games, one line per ply (ply, mover, move,\n\
         # scores, position text after it), then the final board and the record.\n\
         # Regenerate: WALLRUSH_BLESS=1 cargo test -p wallrush-territory --test wallgo golden\n"
            .to_string(),
        transcript("two players, fixed start", Position::two_player(), 2024),
        transcript("four players, placement", Position::new(4).unwrap(), 7),
    ]
    .join("\n");
    common::golden("tests/golden/wallgo-greedy.txt", &text);
}

// ---------------------------------------------------------------------------------------
// Property tests against an independent reference

/// Regions by a plain breadth-first search over squares, using only `is_open`.
fn reference_regions(p: &Position) -> Vec<u64> {
    let mut seen = [false; 49];
    let mut out = Vec::new();
    for start in 0..49 {
        if seen[start] {
            continue;
        }
        let mut mask = 0u64;
        let mut queue = vec![start];
        seen[start] = true;
        while let Some(i) = queue.pop() {
            mask |= 1 << i;
            let a = Square::new((i % 7) as u8, (i / 7) as u8);
            for side in Side::ALL {
                if let Some(b) = side.neighbour(a, SIZE) {
                    let j = b.rank() as usize * 7 + b.file() as usize;
                    if !seen[j] && p.is_open(a, b) {
                        seen[j] = true;
                        queue.push(j);
                    }
                }
            }
        }
        out.push(mask);
    }
    out
}

fn cell(i: usize) -> Square {
    Square::new((i % 7) as u8, (i / 7) as u8)
}

/// The legal moves by the rules, from the public accessors and `reference_regions`.
fn reference_moves(p: &Position) -> BTreeSet<Move> {
    let regions = reference_regions(p);
    let owners = |mask: u64| -> BTreeSet<Player> {
        (0..49).filter(|&i| mask >> i & 1 == 1).filter_map(|i| p.piece_at(cell(i))).collect()
    };
    let contested: Vec<u64> = regions.iter().copied().filter(|&r| owners(r).len() >= 2).collect();
    let mut out = BTreeSet::new();
    if p.is_placing() {
        return (0..49).map(cell).filter(|&s| p.piece_at(s).is_none()).map(Move::Place).collect();
    }
    if contested.is_empty() {
        return out;
    }
    let me = p.turn();
    for from in p.pieces(me) {
        let i = from.rank() as usize * 7 + from.file() as usize;
        if !contested.iter().any(|r| r >> i & 1 == 1) {
            continue;
        }
        let free = |a: Square, b: Square| p.is_open(a, b) && (b == from || p.piece_at(b).is_none());
        let mut ends = BTreeSet::from([from]);
        for s1 in Side::ALL.iter().filter_map(|s| s.neighbour(from, SIZE)).filter(|&b| free(from, b)) {
            ends.insert(s1);
            for s2 in Side::ALL.iter().filter_map(|s| s.neighbour(s1, SIZE)).filter(|&b| free(s1, b)) {
                ends.insert(s2);
            }
        }
        for to in ends {
            for side in Side::ALL {
                if Wall::new(to, side).is_some_and(|w| p.wall_owner(w).is_none()) {
                    out.insert(Move::Step { from, to, side });
                }
            }
        }
    }
    if p.players() > 2 && !p.break_used(me) {
        out.extend(p.walls().map(|(w, _)| Move::Break(w)));
    }
    out
}

/// Checks every invariant of a position; returns the legal moves.
fn check_position(p: &Position, rng: &mut SplitMix64) -> Vec<Move> {
    p.verify_caches().unwrap();
    let mine: Vec<u64> = p.regions().map(|r| r.mask()).collect();
    let reference = reference_regions(p);
    assert_eq!(mine, reference, "regions in canonical order equal a fresh search\n{p}");
    // Scores and territories from the reference regions.
    let scores = p.scores();
    let largest = p.largest_territories();
    let mut total = 0;
    for pl in p.player_list() {
        let territories: Vec<u8> = reference
            .iter()
            .filter(|&&r| {
                let owners: BTreeSet<Player> =
                    (0..49).filter(|&i| r >> i & 1 == 1).filter_map(|i| p.piece_at(cell(i))).collect();
                owners.len() == 1 && owners.contains(&pl)
            })
            .map(|r| r.count_ones() as u8)
            .collect();
        if p.is_placing() {
            // Nothing is finished before play begins.
            assert_eq!((scores[pl], largest[pl]), (0, 0));
        } else {
            assert_eq!(scores[pl], territories.iter().sum::<u8>());
            assert_eq!(largest[pl], territories.iter().copied().max().unwrap_or(0));
        }
        assert!(largest[pl] <= scores[pl] && scores[pl] <= 49);
        total += scores[pl] as u32;
    }
    assert!(total <= 49);
    // Legal moves equal the reference, and the count agrees.
    let legal = p.legal_moves();
    let set: BTreeSet<Move> = legal.iter().copied().collect();
    assert_eq!(set.len(), legal.len(), "no duplicates");
    assert_eq!(set, reference_moves(p), "{}", p.text());
    assert_eq!(p.legal_move_count(), legal.len());
    // The mover can act unless the game is over; everyone skipped has no active piece.
    if !p.is_game_over() {
        assert!(!legal.is_empty());
        if !p.is_placing() {
            assert!(p.can_act(p.turn()));
        }
    } else {
        assert!(p.outcome().is_some());
        assert!(p.regions().all(|r| !r.is_contested()));
    }
    // Notation round trip; position text round trip.
    for m in &legal {
        assert_eq!(m.to_string().parse::<Move>().unwrap(), *m);
        assert!(p.is_legal(*m));
    }
    assert_eq!(&Position::from_text(&p.text()).unwrap(), p);
    // Random syntactic moves: legal exactly when listed, refused without change otherwise.
    for _ in 0..24 {
        let c = |rng: &mut SplitMix64| cell(rng.below(49) as usize);
        let m = match rng.below(4) as usize {
            0 => Move::Place(c(rng)),
            1 => Move::Break(Wall::all().nth(rng.below(84) as usize).unwrap()),
            2 => {
                let from = p.pieces(p.turn()).nth(rng.below(2) as usize).unwrap_or(c(rng));
                Move::Step { from, to: from, side: Side::ALL[rng.below(4) as usize] }
            }
            _ => {
                let from = p.pieces(p.turn()).nth(rng.below(2) as usize).unwrap_or(c(rng));
                Move::Step { from, to: c(rng), side: Side::ALL[rng.below(4) as usize] }
            }
        };
        assert_eq!(p.is_legal(m), set.contains(&m), "{m} in {}", p.text());
        if !set.contains(&m) {
            let mut q = p.clone();
            assert!(q.play(m).is_err());
            assert_eq!(&q, p);
        }
    }
    legal.into_vec()
}

/// Plays one random game (uniform moves, some timeout actions, some greedy moves),
/// checking everything after every ply; returns the plies played.
fn random_game(start: Position, seed: u64) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut bot = GreedyBot::new(seed ^ 0x5eed);
    let mut p = start;
    let placements = p.players() as usize * if p.players() == 2 { 4 } else { 2 } - p.placed() as usize;
    let bound = placements + 84 + if p.players() > 2 { 2 * p.players() as usize } else { 0 };
    let mut plies = 0;
    loop {
        let legal = check_position(&p, &mut rng);
        if p.is_game_over() {
            break;
        }
        let m = match rng.below(8) {
            0 => p.timeout_action(&mut rng).unwrap(),
            1 => bot.choose(&p).unwrap(),
            _ => legal[rng.below(legal.len() as u64) as usize],
        };
        assert!(legal.contains(&m));
        let before = p.clone();
        let undo = p.make(m);
        let after = p.clone();
        p.unmake(undo);
        assert_eq!(p, before, "unmake restores exactly after {m}");
        assert_eq!(p.text(), before.text());
        p = after;
        plies += 1;
        assert!(plies <= bound, "the game ends within {bound} plies");
    }
    plies
}

fn start_strategy() -> impl Strategy<Value = Position> {
    (2u8..=4, any::<bool>()).prop_map(|(players, placement)| {
        if placement {
            Position::placement(players).unwrap()
        } else {
            Position::new(players).unwrap()
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(start in start_strategy(), seed in any::<u64>()) {
        random_game(start, seed);
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,40}") {
        let _ = text.parse::<Move>();
        let _ = text.parse::<Wall>();
        let _ = Position::from_text(&text);
        let _ = text.parse::<Game>();
    }

    #[test]
    fn near_miss_text_never_panics(text in "[a-hx@:RBYG/,\\- 0-9nesw]{0,40}") {
        let _ = text.parse::<Move>();
        let _ = Position::from_text(&text);
        let _ = format!("[Players \"3\"]\n{text}").parse::<Game>();
    }
}

/// A long sweep: `cargo test -p wallrush-territory --release --test wallgo -- --ignored`.
// Ignored: too long for the test command; the proptests above run a short version.
#[test]
#[ignore = "long sweep: cargo test --release -p wallrush-territory --test wallgo -- --ignored"]
fn many_random_games() {
    let mut longest = 0;
    for seed in 0..3000u64 {
        let players = 2 + (seed % 3) as u8;
        let start = if seed % 2 == 0 {
            Position::new(players).unwrap()
        } else {
            Position::placement(players).unwrap()
        };
        longest = longest.max(random_game(start, seed));
    }
    println!("longest game: {longest} plies");
}

#[test]
fn a_move_list_edits_and_iterates_as_a_vec() {
    let moves = wallrush_territory::wallgo::Position::two_player().legal_moves();
    let mut list: wallrush_territory::wallgo::MoveList = moves.iter().copied().take(3).collect();
    assert_eq!(list, [moves[0], moves[1], moves[2]]);
    list.retain(|&m| m != moves[1]);
    list.push(moves[5]);
    assert_eq!(list.pop(), Some(moves[5]));
    list.truncate(1);
    assert_eq!(list.as_slice(), &moves[..1]);
    assert_eq!(Vec::from(list.clone()), list.into_iter().rev().collect::<Vec<_>>());
    assert_eq!((&moves).into_iter().count(), moves.into_iter().len());
}
