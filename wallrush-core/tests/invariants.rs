//! Property tests: positions built by random legal play over many variants, with the
//! invariants of the rules and of the incremental caches checked after every move.
//!
//! `PROPTEST_CASES` raises the case count for a longer run; the `#[ignore]`d test at the
//! bottom runs a larger sweep (`cargo test --release -- --ignored`).

use std::collections::HashSet;

use proptest::prelude::*;
use wallrush_core::{
    paths, Goal, Illegal, Move, Orientation, Position, Seat, SplitMix64, Square, Variant, Wall,
};

/// A small deterministic generator so a proptest case is (variant, seed, plies).
struct Rng(SplitMix64);
impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn variant_strategy() -> impl Strategy<Value = Variant> {
    (1u32..=15, prop::bool::ANY, 0u32..=12, 0u32..=3, prop::bool::ANY).prop_map(
        |(half, four, walls, extra_len, centre)| {
            // Bias towards small boards, where walls interact most.
            let size = if half > 7 { 2 * (half - 7) + 1 + 2 } else { 2 * half + 1 };
            let size = size.clamp(3, 31);
            let wall_length = (2 + extra_len).min(size - 1);
            let goal = if centre { Goal::Centre } else { Goal::Edge };
            Variant::new(size, if four { 4 } else { 2 }, walls * 3, wall_length, goal).unwrap()
        },
    )
}

/// Every move that could be written for this board: all cells, all wall anchors, pass.
fn all_candidate_moves(v: Variant) -> Vec<Move> {
    let n = v.size();
    let mut out = vec![Move::Pass];
    for f in 0..n {
        for r in 0..n {
            let sq = Square::new(f, r);
            out.push(Move::Pawn(sq));
            out.push(Move::Wall(Wall::horizontal(sq)));
            out.push(Move::Wall(Wall::vertical(sq)));
        }
    }
    out
}

/// Grooves and interior posts of a wall, computed independently of the engine.
/// A unit groove: cell, and whether it is the cell's top edge (else its right edge).
type Groove = (u8, u8, bool);
/// A post in corner coordinates.
type Post = (u8, u8);

fn footprint(w: Wall, len: u8) -> (Vec<Groove>, Vec<Post>) {
    let (f, r) = (w.anchor().file(), w.anchor().rank());
    let h = w.orientation() == Orientation::Horizontal;
    let grooves = (0..len).map(|k| if h { (f + k, r, true) } else { (f, r + k, false) }).collect();
    // Posts in corner coordinates.
    let posts = (1..len).map(|k| if h { (f + k, r + 1) } else { (f + 1, r + k) }).collect();
    (grooves, posts)
}

fn check_invariants(pos: &Position) {
    let v = pos.variant();
    pos.diagnostics().verify_caches().unwrap();
    let mut grooves = HashSet::new();
    let mut posts = HashSet::new();
    for w in pos.walls() {
        assert!(w.is_on(v.size(), v.wall_length()), "wall {w} off the board");
        let (g, p) = footprint(w, v.wall_length());
        for x in g {
            assert!(grooves.insert(x), "two walls share a groove at {w}");
        }
        for x in p {
            assert!(posts.insert(x), "two walls share a crossing post at {w}");
        }
    }
    for seat in pos.seats_in_play() {
        let scalar = paths::route_len(pos, seat);
        assert!(scalar.is_some(), "{seat} has no route");
        assert_eq!(pos.route_len(seat), scalar, "cached route length of {seat}");
        let route = pos.route(seat).unwrap();
        assert_eq!(route.len() as u32, scalar.unwrap() + 1);
        for pair in route.windows(2) {
            assert!(pos.is_open(pair[0], pair[1]), "route of {seat} crosses a wall");
        }
    }
    let walls_used: u32 = pos.seats_in_play().map(|s| u32::from(v.walls() - pos.walls_left(s))).sum();
    assert!(walls_used <= pos.wall_count());
}

fn check_moves(pos: &Position, rng: &mut Rng) {
    let legal: HashSet<Move> = pos.legal_moves().into_iter().collect();
    assert_eq!(legal.len(), pos.legal_move_count().min(legal.len().max(pos.legal_move_count())));
    if !pos.is_game_over() {
        assert_eq!(legal.len(), pos.legal_move_count());
    }
    // The bulk wall sets hold exactly the listed walls, in the list's order.
    let walls = pos.legal_walls();
    let listed: Vec<Wall> = pos
        .legal_moves()
        .iter()
        .filter_map(|m| if let Move::Wall(w) = m { Some(*w) } else { None })
        .collect();
    assert_eq!(walls.iter().collect::<Vec<_>>(), listed);
    assert_eq!((walls.len(), walls.is_empty()), (listed.len(), listed.is_empty()));
    let candidates = all_candidate_moves(pos.variant());
    for &m in &candidates {
        if let Move::Wall(w) = m {
            assert_eq!(walls.contains(w), legal.contains(&m), "legal_walls().contains({m})");
            let set =
                if w.orientation() == Orientation::Horizontal { &walls.horizontal } else { &walls.vertical };
            assert_eq!(set.contains(w), legal.contains(&m));
        }
    }
    // is_legal agrees with move generation on every candidate (sampled on big boards).
    let step = (candidates.len() / 400).max(1);
    let offset = rng.below(step);
    for &m in candidates.iter().skip(offset).step_by(step) {
        let ok = pos.is_legal(m);
        assert_eq!(ok, legal.contains(&m), "is_legal({m}) disagrees with legal_moves");
        if !ok {
            // A refused move changes nothing.
            let mut copy = pos.clone();
            let err = copy.play(m).unwrap_err();
            assert!(copy.diagnostics().identical(pos), "refused {m} changed the position");
            if let Illegal::NoRoute(seat) = err.reason() {
                assert!(pos.is_in_play(seat));
            }
        }
    }
    // The compact moves are the listed moves, in order, and make + unmake restores.
    let mut compact = Vec::new();
    pos.for_each_legal_move(|c| compact.push(c));
    let expanded: Vec<Move> = compact.iter().map(|&c| pos.expand_move(c)).collect();
    assert_eq!(expanded, pos.legal_moves().to_vec());
    for (&c, &m) in compact.iter().zip(&expanded).take(8) {
        assert_eq!(pos.compact_move(m), Some(c));
        let mut made = pos.clone();
        made.play_unchecked(m);
        let mut copy = pos.clone();
        let undo = copy.make_compact(c);
        assert_eq!(copy, made, "make_compact({m}) plays {m}");
        copy.diagnostics().verify_caches().unwrap();
        // The routes make left out of date, searched again, are those play searched.
        let mut refreshed = copy.clone();
        refreshed.refresh_routes();
        assert!(refreshed.diagnostics().identical(&made), "make_compact({m}) + refresh_routes");
        refreshed.unmake(undo.clone());
        assert!(refreshed.diagnostics().identical(pos), "unmake after refresh_routes");
        copy.unmake(undo);
        assert!(copy.diagnostics().identical(pos), "unmake after make_compact({m})");
    }
    // The walls cutting a route of a set of seats are legal, and any other legal wall
    // leaves those seats' route lengths as they are; the unchecked preview of a legal
    // wall is the checked one.
    let others: wallrush_core::SeatSet = pos.seats_in_play().filter(|&s| s != pos.turn()).collect();
    let cutting = pos.legal_walls_cutting(others);
    let wall_step = (walls.len() / 40).max(1);
    for w in walls.iter().skip(rng.below(wall_step)).step_by(wall_step) {
        let after = pos.preview_wall(w).unwrap();
        assert_eq!(pos.preview_legal_wall(w), Some(after), "preview_legal_wall({w})");
        if !cutting.contains(w) {
            for seat in others {
                assert_eq!(after[seat], pos.route_len(seat), "{w} cuts no route of {seat}");
            }
        }
    }
    assert!(cutting.iter().all(|w| walls.contains(w)));
    // Every legal wall leaves every seat a route (checked by a fresh scalar search).
    for &m in legal.iter().filter(|m| matches!(m, Move::Wall(_))).take(12) {
        let mut child = pos.clone();
        child.play(m).unwrap();
        for seat in child.seats_in_play() {
            assert!(paths::route_len(&child, seat).is_some(), "{m} seals {seat}");
        }
    }
}

fn random_game(v: Variant, seed: u64, plies: usize) {
    let mut rng = Rng::new(seed);
    let mut pos = Position::new(v);
    check_invariants(&pos);
    for _ in 0..plies {
        if pos.is_game_over() {
            break;
        }
        check_moves(&pos, &mut rng);
        let moves = pos.legal_moves();
        // Prefer walls half the time so boards fill up.
        let walls: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Wall(_))).collect();
        let m = if !walls.is_empty() && rng.below(2) == 0 {
            walls[rng.below(walls.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        let before = pos.clone();
        let hash = pos.zobrist();
        let undo = pos.make(m);
        check_invariants(&pos);
        let mut back = pos.clone();
        back.unmake(undo);
        assert!(back.diagnostics().identical(&before), "undo of {m} did not restore the position");
        assert_eq!(back.zobrist(), hash);
        // Occasionally a seat resigns (four seats only, so the game goes on).
        if v.players() == 4 && !pos.is_game_over() && rng.below(60) == 0 && pos.seats_in_play().count() > 2 {
            let seat = pos.turn();
            pos.resign(seat).unwrap();
            assert!(pos.pawn(seat).is_none());
            check_invariants(&pos);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_play_keeps_every_invariant(v in variant_strategy(), seed in any::<u64>(), plies in 1usize..60) {
        random_game(v, seed, plies);
    }

    #[test]
    fn classic_random_play(seed in any::<u64>()) {
        random_game(Variant::classic(), seed, 80);
    }
}

#[test]
fn preview_matches_playing_the_wall() {
    let mut rng = Rng::new(7);
    for v in [Variant::classic(), Variant::four_player(), Variant::race_to_centre()] {
        let mut pos = Position::new(v);
        for _ in 0..30 {
            if pos.is_game_over() {
                break;
            }
            for m in pos.legal_moves() {
                if let Move::Wall(w) = m {
                    let preview = pos.preview_wall(w).unwrap();
                    let mut child = pos.clone();
                    child.play(m).unwrap();
                    for s in Seat::ALL {
                        assert_eq!(preview[s], child.route_len(s), "{m} for {s}");
                    }
                }
            }
            let moves = pos.legal_moves();
            pos.play(moves[rng.below(moves.len())]).unwrap();
        }
    }
}

#[test]
fn refusals_name_the_first_rule_in_order() {
    let mut pos = Position::classic();
    pos.play("d4v".parse().unwrap()).unwrap();
    pos.play("e8".parse().unwrap()).unwrap();
    let err = |pos: &Position, s: &str| pos.check(s.parse().unwrap()).unwrap_err().to_string();
    assert_eq!(err(&pos, "d4h"), "d4h crosses wall d4v");
    assert_eq!(err(&pos, "d5v"), "d5v overlaps wall d4v");
    assert_eq!(err(&pos, "d3v"), "d3v overlaps wall d4v");
    assert_eq!(err(&pos, "i4h"), "i4h is off the board");
    assert_eq!(err(&pos, "d9v"), "d9v is off the board");
    assert_eq!(err(&pos, "e5"), "e5 is not a legal pawn move");
    assert_eq!(err(&pos, "pass"), "pass is not allowed: a legal move exists");
    // T-junctions and end-to-end walls are fine.
    assert!(pos.is_legal("d6v".parse().unwrap()));
    assert!(pos.is_legal("c5h".parse().unwrap()) || pos.is_legal("e5h".parse().unwrap()));
}

#[test]
fn no_route_is_reported_with_the_seat() {
    // 3×3: south on b1; walls a1h covering a1,b1 tops; c1 top open. A vertical wall
    // right of b1/b2 (b1v) then seals b1 with a1h? b1 still reaches c1 → c2. Use b1v.
    let mut pos = Position::new(Variant::new(3, 2, 5, 2, Goal::Edge).unwrap());
    pos.play("a1h".parse().unwrap()).unwrap(); // above a1 and b1
    pos.play("a3".parse().unwrap()).unwrap();
    let err = pos.check("b1v".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "b1v leaves south without a route");
    assert_eq!(err.reason(), Illegal::NoRoute(Seat::South));
}

#[test]
fn four_seat_jumps_over_two_pawns_are_refused() {
    // South e4, North e5, West e6 in a column: south cannot jump north at all.
    let mut s = wallrush_core::Setup::start(Variant::four_player());
    s.pawns[Seat::South] = Some("e4".parse().unwrap());
    s.pawns[Seat::North] = Some("e5".parse().unwrap());
    s.pawns[Seat::West] = Some("e6".parse().unwrap());
    let pos = Position::from_setup(&s).unwrap();
    let mut got: Vec<String> = pos.pawn_moves().iter().map(|m| m.to_string()).collect();
    got.sort();
    assert_eq!(got, ["d4", "e3", "f4"]);
}

#[test]
fn forced_pass_and_all_pass_draw() {
    use wallrush_core::{DrawReason, Outcome, Setup};
    // 5×5, four seats, one wall each. South on a1 walled off to the east (a1v) with West
    // on a2 and North right behind it on a3: no step, no jump (two pawns in a row), no
    // wall left: the pass is forced and is the only legal move.
    let v = Variant::new(5, 4, 1, 2, Goal::Edge).unwrap();
    let mut s = Setup::start(v);
    s.pawns[Seat::South] = Some("a1".parse().unwrap());
    s.pawns[Seat::West] = Some("a2".parse().unwrap());
    s.pawns[Seat::North] = Some("a3".parse().unwrap());
    s.walls = vec!["a1v".parse().unwrap()];
    s.walls_left[Seat::South] = 0;
    let pos = Position::from_setup(&s).unwrap();
    assert_eq!(pos.legal_moves().as_slice(), [Move::Pass]);
    assert_eq!(pos.legal_move_count(), 1);
    assert!(pos.is_legal(Move::Pass));
    let mut after = pos.clone();
    after.play(Move::Pass).unwrap();
    assert_eq!((after.turn(), after.passes(), after.outcome()), (Seat::West, 1, None));
    // West can jump over North to a4, so a pass there is refused; a move resets the count.
    assert_eq!(after.check(Move::Pass).unwrap_err().reason(), Illegal::PassNotForced);
    after.play("a4".parse().unwrap()).unwrap();
    assert_eq!(after.passes(), 0);
    // When the other three seats have just passed, South's forced pass draws the game.
    s.passes = 3;
    let mut pos = Position::from_setup(&s).unwrap();
    pos.play(Move::Pass).unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Draw(DrawReason::AllPassed)));
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.check("b1".parse().unwrap()).unwrap_err().reason(), Illegal::GameOver);
}

#[test]
fn resignation() {
    use wallrush_core::{Outcome, WinReason};
    let mut pos = Position::new(Variant::four_player());
    pos.resign(Seat::South).unwrap();
    assert_eq!(pos.turn(), Seat::West);
    assert_eq!(pos.pawn(Seat::South), None);
    pos.diagnostics().verify_caches().unwrap();
    pos.resign(Seat::North).unwrap();
    assert!(pos.resign(Seat::North).is_err());
    pos.play("b5".parse().unwrap()).unwrap(); // west steps
    assert_eq!(pos.turn(), Seat::East); // north is skipped
    pos.resign(Seat::East).unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Win { seat: Seat::West, reason: WinReason::Resignation }));
    let mut two = Position::classic();
    two.resign(Seat::South).unwrap();
    assert_eq!(two.outcome().unwrap().winner(), Some(Seat::North));
}

// Ignored: 3,000 release games take about 14 minutes, too long for the test command; the
// proptests above cover the same invariants in seconds. Runs with the command below.
#[test]
#[ignore = "long sweep: cargo test --release -p wallrush-core --test invariants -- --ignored"]
fn long_sweep() {
    let mut rng = Rng::new(99);
    for i in 0..3000u64 {
        let size = [3u32, 5, 7, 9, 11, 13, 17, 25, 31][rng.below(9)];
        let players = if rng.below(2) == 0 { 2 } else { 4 };
        let len = 2 + rng.below((size as usize - 2).min(4)) as u32;
        let goal = if rng.below(3) == 0 { Goal::Centre } else { Goal::Edge };
        let v = Variant::new(size, players, (rng.below(40)) as u32, len, goal).unwrap();
        random_game(v, i, 200);
    }
}

/// Equality is the game state, with the walls compared as a set: the same walls put down
/// in another order give an equal position (and hash), one wall fewer or moved does not.
#[test]
fn equality_compares_walls_as_a_set() {
    let variants = [
        Variant::classic(),
        Variant::new(5, 4, 3, 3, Goal::Centre).unwrap(),
        Variant::new(13, 2, 12, 2, Goal::Edge).unwrap(),
        Variant::new(27, 2, 20, 4, Goal::Edge).unwrap(),
    ];
    for v in variants {
        for seed in 0..6 {
            let mut rng = Rng::new(seed);
            let mut pos = Position::new(v);
            for _ in 0..40 {
                let moves = pos.legal_moves();
                let walls: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Wall(_))).collect();
                let Some(&m) =
                    (if walls.is_empty() { moves.first() } else { walls.get(rng.below(walls.len())) })
                else {
                    break;
                };
                pos.play(m).unwrap();
            }
            let setup = pos.setup();
            assert!(setup.walls.len() >= 2, "{v} seed {seed}: too few walls to test");
            let mut reversed = setup.clone();
            reversed.walls.reverse();
            let same = Position::from_setup(&reversed).unwrap();
            assert_eq!(same, pos, "{v} seed {seed}: the walls in another order");
            assert_eq!(same.zobrist(), pos.zobrist());
            let mut fewer = setup.clone();
            fewer.walls.pop();
            // The wall goes back to a hand that placed one.
            let seat = v.seats().find(|&s| fewer.walls_left[s] < v.walls()).unwrap();
            fewer.walls_left[seat] += 1;
            let fewer = Position::from_setup(&fewer).unwrap();
            assert_ne!(fewer, pos, "{v} seed {seed}: one wall fewer");
            assert_eq!(fewer.walls().len() + 1, pos.walls().len());
            // One wall moved elsewhere, everything else equal (walls left included).
            let last = *setup.walls.last().unwrap();
            let (elsewhere, moved) = all_candidate_moves(v)
                .into_iter()
                .filter_map(|m| match m {
                    Move::Wall(w) if w != last => {
                        let mut moved = setup.clone();
                        *moved.walls.last_mut().unwrap() = w;
                        Position::from_setup(&moved).ok().map(|p| (w, p))
                    }
                    _ => None,
                })
                .next()
                .unwrap();
            assert_ne!(moved, pos, "{v} seed {seed}: {last} moved to {elsewhere}");
            // The same pawns and walls on a board of another size are another position.
            if v != Variant::classic() {
                assert_ne!(Position::classic(), pos);
            }
        }
    }
}
