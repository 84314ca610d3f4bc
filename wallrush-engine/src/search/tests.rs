use super::*;
use alloc::string::{String, ToString};
use eval::{cached_threat, other};
use masks::NodeInfo;
use tt::{from_table, to_table};
use wallrush_core::{Goal, Setup, Square, Variant};
use wallrush_core::{MoveList, Orientation, Outcome, SplitMix64, Wall};

/// A position `rng` reaches by up to `max_plies - 1` random legal moves from the start of
/// `v`, or `None` when that random game ended (for the four-seat tests of `four` and
/// `four_moves`).
pub(super) fn random_position(
    rng: &mut wallrush_core::SplitMix64,
    v: Variant,
    max_plies: u64,
) -> Option<Position> {
    let mut pos = Position::new(v);
    for _ in 0..rng.next_u64() % max_plies {
        let moves = pos.legal_moves();
        let Some(&m) = rng.pick(&moves) else { break };
        pos.play(m).unwrap();
        if pos.is_game_over() {
            break;
        }
    }
    (!pos.is_game_over()).then_some(pos)
}

fn play_all(text: &str) -> Position {
    let mut pos = Position::classic();
    for m in text.split_whitespace() {
        pos.play(m.parse().unwrap()).unwrap();
    }
    pos
}

#[test]
fn finds_the_winning_step() {
    let mut s = Setup::start(Variant::classic());
    s.pawns[Seat::South] = Some(Square::new(0, 7));
    s.pawns[Seat::North] = Some(Square::new(8, 1));
    let pos = Position::from_setup(&s).unwrap();
    let r = Searcher::new(1 << 12).search(&pos, Limits::depth(3));
    assert_eq!(r.best, Some(Move::Pawn(Square::new(0, 8))));
    assert_eq!(r.mate_in(), Some(1));
}

#[test]
fn blocks_an_opponent_one_step_from_goal() {
    // North on e2 one step from rank 1, south far away with walls: south must wall.
    let mut s = Setup::start(Variant::classic());
    s.pawns[Seat::South] = Some(Square::new(0, 0));
    s.pawns[Seat::North] = Some(Square::new(4, 1));
    let pos = Position::from_setup(&s).unwrap();
    let r = Searcher::new(1 << 14).search(&pos, Limits::depth(2));
    assert!(matches!(r.best, Some(Move::Wall(_))), "{:?}", r.best);
}

#[test]
fn node_budget_is_deterministic() {
    let pos = Position::classic();
    let a = Searcher::new(1 << 14).search(&pos, Limits::nodes(3000));
    let b = Searcher::new(1 << 14).search(&pos, Limits::nodes(3000));
    assert_eq!(a, b);
}

#[test]
fn four_seats_and_races_search() {
    let r = Searcher::new(1 << 14).search(&Position::new(Variant::four_player()), Limits::depth(2));
    assert!(r.best.is_some());
    // A 5×5 race with no walls: North wins it by jumping over South on the file.
    // The race solver sees it to the end; the principal variation plays it out.
    let v = Variant::new(5, 2, 0, 2, Goal::Edge).unwrap();
    let r = Searcher::new(1 << 14).search(&Position::new(v), Limits::depth(16));
    let plies = r.mate_in().expect("the race is solved");
    assert!(plies < 0, "{r:?}");
    let mut pos = Position::new(v);
    for &m in &r.pv {
        pos.play(m).unwrap();
    }
    assert_eq!(r.pv.len() as i32, -plies);
    assert_eq!(pos.outcome().and_then(Outcome::winner), Some(Seat::North));
}

#[test]
fn a_race_is_solved_from_depth_one() {
    // Both hands empty: even a depth-1 search plays the race to its end.
    let v = Variant::new(5, 2, 0, 2, Goal::Edge).unwrap();
    let r = Searcher::new(1 << 14).search(&Position::new(v), Limits::depth(1));
    assert!(r.mate_in().is_some_and(|p| p < 0), "{r:?}");
}

#[test]
fn mate_scores_are_stored_relative_to_the_node() {
    assert_eq!(from_table(to_table(WIN - 7, 3), 3), WIN - 7);
    // Found 3 plies below one root (7 from it: 4 from the node), read 1 ply below the
    // next root: still 4 from the node, so 5 from that root.
    assert_eq!(from_table(to_table(WIN - 7, 3), 1), WIN - 5);
    assert_eq!(from_table(to_table(-(WIN - 8), 2), 5), -(WIN - 11));
    assert_eq!(to_table(120, 9), 120);
    // A search reused after a move reports the win at its true distance, and deepens
    // until an iteration is as deep as the win.
    let v = Variant::new(9, 2, 0, 2, Goal::Edge).unwrap();
    let mut s = Setup::start(v);
    s.pawns[Seat::South] = Some(Square::new(0, 5));
    s.pawns[Seat::North] = Some(Square::new(8, 5));
    let mut pos = Position::from_setup(&s).unwrap();
    let mut engine = Searcher::new(1 << 16);
    let first = engine.search(&pos, Limits::nodes(50_000));
    assert_eq!(first.mate_in(), Some(5), "{first:?}");
    assert!(first.depth >= 5, "{first:?}");
    pos.play(first.best.unwrap()).unwrap();
    pos.play(Move::Pawn(Square::new(8, 4))).unwrap();
    let second = engine.search(&pos, Limits::depth(1));
    assert_eq!(second.mate_in(), Some(3), "{second:?}");
    let third = engine.search(&pos, Limits::nodes(50_000));
    assert_eq!(third.mate_in(), Some(3), "{third:?}");
    assert!(third.depth >= 3, "{third:?}");
}

/// A won position that an engine without shortest-win play shuffled away (f6/g6 for
/// 120 plies). Played on by the engine on both sides at a fixed node budget
/// (deterministic), South must win, and soon.
#[test]
fn a_won_position_is_won() {
    let start = play_all(
        "f1 f9 e1 e2h d1 f8 d2 c2h f7v e8 c2 b1v d2 e7 e2 e6 f2 e5 g2 e4 f3v f5h e4h h5h d5v d4 a1h d5 \
         c5h c5 b4v c4 b3h d4 d3h e4 e6h f4 g3 g3h g2 g1h h2 h2v g2 e1h f2 f3 e2 e3 d2 d3 d1 c3 e1 b3 \
         f1 a3 g1 a4 h1 a5 i1 a6 i2 a7 i3 a8 i4 a9 h4 b9 h5 c9 g5 d9 f5 e9 e5 f9 e6 g9",
    );
    assert_eq!(start.turn(), Seat::South);
    let mut engine = Searcher::new(1 << 18);
    let first = engine.search(&start, Limits::nodes(60_000));
    assert!(first.mate_in().is_some_and(|p| p > 0), "South should see its win: {first:?}");
    let mut pos = start.clone();
    let mut plies = 0;
    while !pos.is_game_over() && plies < 40 {
        let r = engine.search(&pos, Limits::nodes(20_000));
        pos.play(r.best.unwrap()).unwrap();
        plies += 1;
    }
    assert_eq!(pos.outcome().and_then(Outcome::winner), Some(Seat::South), "after {plies} plies:\n{pos}");
    assert!(plies <= 30, "{plies} plies");
}

#[test]
fn candidates_include_walls_that_cut_either_route_and_walls_beside_walls() {
    let pos = play_all("e2 e8 e3 e7 d4h");
    let engine = {
        let mut e = Searcher::new(1 << 12);
        e.geo = Geo::new(&pos);
        e
    };
    let (moves, _) = candidates(engine.geo.as_ref(), &pos);
    let has = |t: &str| moves.contains(&t.parse().unwrap());
    // Every candidate is legal, no candidate twice.
    assert!(moves.iter().all(|&m| pos.is_legal(m)));
    let mut sorted = moves.to_vec();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), moves.len());
    // North (to move) cuts South's routes: e3h closes e3-e4.
    assert!(has("e3h"), "{moves:?}");
    // Walls cutting North's own shortest routes are candidates too (e7h closes e7-e8).
    assert!(has("e7h") || has("d7h"), "{moves:?}");
    // Beside the wall d4h (f4h extends it) near South's routes.
    assert!(has("f4h"), "{moves:?}");
    // A wall far from every route and every wall is not.
    assert!(!has("a8v"), "{moves:?}");
    // The candidate walls are a strict subset of the legal walls.
    assert!(moves.len() < pos.legal_moves().len());
}

#[test]
fn blockers_of_the_opponents_strong_walls_are_candidates() {
    // North on e9 has one way off its square: d8h or e8h would surely lengthen its
    // route. Walls that overlap or cross those (c8h, f8h, d8v, e8v) are North's
    // candidates, though they cut no route.
    let pos = play_all("e2");
    let mut engine = Searcher::new(1 << 12);
    engine.geo = Geo::new(&pos);
    let bb = pos.bitboards().unwrap();
    let info = NodeInfo::new(engine.geo.as_ref().unwrap(), &pos, &bb);
    let (moves, _) = candidates(engine.geo.as_ref(), &pos);
    assert!(moves.iter().all(|&m| pos.is_legal(m)));
    // Every blocker the node found is among the candidates.
    let geo = engine.geo.as_ref().unwrap();
    let mut blockers = MoveList::new();
    geo.push_walls(info.block_masks().0, Orientation::Horizontal, &mut blockers);
    geo.push_walls(info.block_masks().1, Orientation::Vertical, &mut blockers);
    let names: Vec<String> = blockers.iter().map(|m| m.to_string()).collect();
    for b in ["c8h", "f8h", "d8v", "e8v"] {
        assert!(names.iter().any(|n| n == b), "{names:?}");
    }
    for b in &blockers {
        assert!(moves.contains(b), "{b}");
    }
}

#[test]
fn route_masks_match_the_rules() {
    // The distance layers agree with the core's route lengths, and every step of the
    // cached route is on the route-step masks, over random games.
    let mut rng = SplitMix64::new(5);
    for game in 0..20 {
        let mut pos = Position::new(if game % 2 == 0 {
            Variant::classic()
        } else {
            Variant::new(7, 2, 6, 2, Goal::Edge).unwrap()
        });
        let geo = Geo::new(&pos).unwrap();
        while !pos.is_game_over() {
            let bb = pos.bitboards().unwrap();
            for s in pos.seats_in_play() {
                let r = geo.routes_of(&pos, &bb, s);
                assert_eq!(r.len(), pos.route_len(s).unwrap(), "{pos}");
            }
            let moves = pos.legal_moves();
            pos.play(*rng.pick(&moves).unwrap()).unwrap();
        }
    }
}

#[test]
fn the_classic_boards_build_agrees_with_the_general_one() {
    // The routes and the threat, compiled with the classic board's side and wall length
    // as constants, equal those of the code every variant runs, over random games.
    let mut rng = SplitMix64::new(23);
    let mut threats = 0;
    for _ in 0..12 {
        let mut pos = Position::new(Variant::classic());
        let geo = Geo::new(&pos).unwrap();
        while !pos.is_game_over() {
            let (bb, m) = (pos.bitboards().unwrap(), pos.wall_masks().unwrap());
            for s in pos.seats_in_play() {
                let (routes, threat) = geo.general(&pos, &bb, &m, s);
                assert_eq!(geo.routes_of(&pos, &bb, s), routes, "{pos}");
                assert_eq!(geo.threat(&pos, &m, s, 99), threat, "{pos}");
                threats += u32::from(threat > 0);
            }
            let moves = pos.legal_moves();
            pos.play(*rng.pick(&moves).unwrap()).unwrap();
        }
    }
    assert!(threats > 100, "only {threats} positions with a threat");
}

#[test]
fn threat_is_the_most_one_wall_adds() {
    // Over random games: the threat against the seat not to move is the largest gain in
    // its route over the mover's legal walls, through the cache as without it (positions
    // where some free slot would seal the mover itself, which the threat counts, are
    // left out).
    let mut rng = SplitMix64::new(77);
    let mut checked = [0u32; 7];
    for game in 0..30 {
        let mut pos = Position::new(if game % 3 == 2 {
            Variant::new(7, 2, 6, 2, Goal::Edge).unwrap()
        } else {
            Variant::classic()
        });
        let mut engine = Searcher::new(1 << 10);
        engine.search(&pos, Limits::depth(1)); // sets up the masks and the cache
        let geo = Geo::new(&pos).unwrap();
        while !pos.is_game_over() {
            let me = pos.turn();
            let victim = other(&pos, me);
            if pos.walls_left(me) > 0 {
                let m = pos.wall_masks().unwrap();
                let base = pos.route_len(victim).unwrap();
                let mut exact = 0;
                let mut seals_mover = false;
                for w in pos.legal_walls().iter() {
                    let mut p = pos.clone();
                    p.play(Move::Wall(w)).unwrap();
                    exact = exact.max(p.route_len(victim).unwrap() - base);
                }
                let n = pos.variant().size() as u32;
                for c in 0..n * n {
                    let sq = Square::new((c % n) as u8, (c / n) as u8);
                    for (o, free) in [(Orientation::Horizontal, m.free_h), (Orientation::Vertical, m.free_v)]
                    {
                        if free >> c & 1 == 1 {
                            if let Err(e) = pos.check(Move::Wall(Wall::new(sq, o))) {
                                seals_mover |= e.reason() == wallrush_core::Illegal::NoRoute(me);
                            }
                        }
                    }
                }
                if !seals_mover {
                    let t = geo.threat(&pos, &m, victim, 99);
                    assert_eq!(t, exact, "{pos}");
                    // Computed, then read back from the cache.
                    let cache = Some(&engine.threats[..]);
                    assert_eq!(
                        cached_threat(cache, engine.geo.as_ref().unwrap(), &pos, &m, victim),
                        t.min(THREAT_CAP)
                    );
                    assert_eq!(
                        cached_threat(cache, engine.geo.as_ref().unwrap(), &pos, &m, victim),
                        t.min(THREAT_CAP)
                    );
                    checked[(exact as usize).min(6)] += 1;
                }
            }
            let moves = pos.legal_moves();
            pos.play(*rng.pick(&moves).unwrap()).unwrap();
        }
    }
    // The games reach threats of several sizes, not only none.
    assert!(
        checked[0] > 0 && checked[1] > 0 && checked[2] > 0 && checked[3..].iter().sum::<u32>() > 0,
        "{checked:?}"
    );
}

/// A stop flag set from the start ends the search once its first iteration is done, two
/// seats and four, and what comes back is still a legal move.
#[cfg(feature = "std")]
#[test]
fn a_stop_flag_ends_the_search_with_a_legal_move() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    for pos in [Position::classic(), Position::new(wallrush_core::Variant::four_player())] {
        let mut searcher = Searcher::new(1 << 12);
        searcher.set_stop(Some(Arc::new(AtomicBool::new(true))));
        let r = searcher.search(&pos, Limits::depth(60));
        let best = r.best.expect("a move even when stopped at once");
        assert!(pos.is_legal(best), "{best:?}");
        let first = Searcher::new(1 << 12).search(&pos, Limits::depth(1));
        assert_eq!(r.depth, 1);
        assert!(r.nodes <= first.nodes + 64, "{} nodes, a first iteration takes {}", r.nodes, first.nodes);
        // Without the flag the same searcher goes deeper again.
        searcher.set_stop(None);
        let r = searcher.search(&pos, Limits::depth(3));
        assert_eq!(r.depth, 3);
    }
}

/// The sure-race feature: +1 when the opponent has no wall left and the mover's route is
/// no longer, −1 when the mover has none and the opponent's route is shorter, else 0.
#[test]
fn sure_race_feature_marks_races_walls_cannot_change() {
    // Three walls each; the used ones lie on files a, b, h and i, off every route.
    let v = Variant::new(9, 2, 3, 2, Goal::Edge).unwrap();
    let far = ["a1h", "a3h", "a5h", "a7h", "h1h", "h3h"];
    let at = |south: (u8, u8), north: (u8, u8), walls: (u8, u8)| {
        let mut s = Setup::start(v);
        s.pawns[Seat::South] = Some(Square::new(south.0, south.1));
        s.pawns[Seat::North] = Some(Square::new(north.0, north.1));
        s.walls_left[Seat::South] = walls.0;
        s.walls_left[Seat::North] = walls.1;
        let used = usize::from(6 - walls.0 - walls.1);
        s.walls = far[..used].iter().map(|w| w.parse().unwrap()).collect();
        Searcher::features(&Position::from_setup(&s).unwrap())[8]
    };
    // South to move, 3 steps from its goal; North 4 steps from its goal.
    assert_eq!(at((4, 5), (2, 4), (2, 0)), 1, "North has no wall, South is ahead");
    assert_eq!(at((4, 5), (2, 4), (2, 1)), 0, "North can still wall");
    assert_eq!(at((4, 2), (2, 2), (0, 3)), -1, "South has none and is behind");
    assert_eq!(at((4, 2), (2, 2), (1, 3)), 0);
    // Equal routes: the mover arrives first.
    assert_eq!(at((4, 5), (2, 3), (3, 0)), 1);
    assert_eq!(at((4, 5), (2, 3), (0, 3)), 0, "the mover without walls is not behind");
}

/// While the opponent holds no walls, the mover's candidates leave out the walls that
/// cut only the mover's own routes and the blockers; while it holds one, they keep them.
#[test]
fn with_the_opponent_out_of_walls_the_candidates_keep_the_cuts_and_touching_walls() {
    // Two walls a seat; two on the board, both North's (then one of each).
    let mut s = Setup::start(Variant::new(9, 2, 2, 2, Goal::Edge).unwrap());
    s.pawns[Seat::South] = Some(Square::new(4, 2)); // e3
    s.pawns[Seat::North] = Some(Square::new(4, 6)); // e7
    s.walls = vec!["d4h".parse().unwrap(), "a8v".parse().unwrap()];
    s.walls_left[Seat::North] = 0;
    s.turn = Seat::South;
    let out = Position::from_setup(&s).unwrap();
    (s.walls_left[Seat::North], s.walls_left[Seat::South]) = (1, 1);
    let holding = Position::from_setup(&s).unwrap();
    let cands = |pos: &Position| {
        let mut e = Searcher::new(1 << 12);
        e.geo = Geo::new(pos);
        let mut c = candidates(e.geo.as_ref(), pos).0.to_vec();
        c.sort();
        c
    };
    // The pawn moves and the candidate walls with (`lone`) or without the narrowing.
    let by_masks = |pos: &Position, lone: bool| {
        let geo = Geo::new(pos).unwrap();
        let bb = pos.bitboards().unwrap();
        let (h, v) = NodeInfo::new(&geo, pos, &bb).candidate_walls(lone);
        let mut c = MoveList::new();
        geo.push_pawn_moves(bb.pawn_targets, &mut c);
        geo.push_walls(h, Orientation::Horizontal, &mut c);
        geo.push_walls(v, Orientation::Vertical, &mut c);
        let mut c = c.to_vec();
        c.sort();
        c
    };
    assert_eq!(cands(&holding), by_masks(&holding, false));
    let (wider, narrowed) = (by_masks(&out, false), cands(&out));
    assert_eq!(narrowed, by_masks(&out, true));
    assert!(narrowed.iter().all(|m| wider.contains(m)), "{narrowed:?}");
    // e7h closes e7-e8 and f7-f8, steps of South's own routes only: a self-cut,
    // dropped; e6h closes North's step e7-e6: a cut, kept.
    let has = |list: &[Move], t: &str| list.contains(&t.parse().unwrap());
    assert!(has(&wider, "e7h") && !has(&narrowed, "e7h"), "{narrowed:?}");
    assert!(has(&narrowed, "e6h"), "{narrowed:?}");
    assert!(narrowed.len() < wider.len());
}

/// An engine that has searched before reads its earlier searches' table entries: the
/// next search differs from a new engine's, and clearing the engine makes it the same.
#[test]
fn the_table_carries_over_between_searches_until_cleared() {
    let before = play_all("e2 e8 e3 e7 d6h");
    let pos = play_all("e2 e8 e3 e7 d6h c3h e4");
    let fresh = Searcher::new(1 << 16).search(&pos, Limits::depth(7));
    let mut engine = Searcher::new(1 << 16);
    engine.search(&before, Limits::depth(7));
    engine.search(&pos, Limits::depth(5));
    let warm = engine.search(&pos, Limits::depth(7));
    assert_ne!(warm.nodes, fresh.nodes);
    engine.clear();
    assert_eq!(engine.search(&pos, Limits::depth(7)), fresh);
}

/// The table size is the one user setting: 2^10 to 2^24 entries, anything else refused
/// with the bits asked for.
#[test]
fn table_sizes_outside_their_range_are_refused() {
    assert_eq!(SearchOptions::default().table_entries(), 1 << 20);
    for bits in [10, 16, 24] {
        let o = SearchOptions::default().with_table_bits(bits).unwrap();
        assert_eq!((o.table_bits(), o.table_entries()), (bits, 1 << bits));
    }
    for bits in [0, 9, 25, 255] {
        assert_eq!(SearchOptions::default().with_table_bits(bits), Err(TableBitsOutOfRange(bits)));
    }
}

/// Positions of every kind for the multipv tests: openings, a smaller board, a race and
/// four seats.
fn analysis_positions() -> Vec<Position> {
    let mut out = vec![
        Position::classic(),
        play_all("e2 e8 e3 e7 e4 e6"),
        play_all("e2 e8 d3h c6h"),
        Position::new(Variant::new(7, 2, 6, 2, Goal::Edge).unwrap()),
        Position::new(Variant::four_player()),
    ];
    out.push(Position::new(Variant::new(9, 2, 0, 2, Goal::Edge).unwrap()));
    out
}

#[test]
fn analyse_at_one_line_is_the_search_node_for_node() {
    for pos in analysis_positions() {
        for limits in [Limits::depth(3), Limits::nodes(3_000)] {
            let plain = Searcher::new(1 << 14).search(&pos, limits);
            let mut reports = 0;
            let (result, lines) = Searcher::new(1 << 14).analyse(&pos, limits, 1, |_| reports += 1);
            assert_eq!(result, plain);
            assert_eq!(lines, [Line { score: plain.score, pv: plain.pv.clone() }]);
            assert!(reports >= 1);
        }
    }
}

#[test]
fn analyse_reports_every_iteration_with_legal_distinct_lines() {
    for pos in analysis_positions() {
        let moves = pos.legal_moves().len();
        let mut seen: Vec<(u32, u64, Vec<Line>)> = Vec::new();
        let (result, lines) = Searcher::new(1 << 14)
            .analyse(&pos, Limits::depth(3), 4, |it| seen.push((it.depth, it.nodes, it.lines.to_vec())));
        assert!(!seen.is_empty());
        for w in seen.windows(2) {
            assert!(w[0].0 < w[1].0 && w[0].1 <= w[1].1, "depths and nodes grow");
        }
        assert_eq!(seen.last().unwrap().2, lines);
        assert_eq!(lines.len(), 4.min(moves));
        assert_eq!(lines[0].pv, result.pv);
        assert_eq!(lines[0].score, result.score);
        for (_, _, lines) in &seen {
            let firsts: Vec<Move> = lines.iter().map(|l| l.pv[0]).collect();
            for (i, m) in firsts.iter().enumerate() {
                assert!(!firsts[..i].contains(m), "{firsts:?}");
            }
            for w in lines[1..].windows(2) {
                assert!(w[0].score >= w[1].score);
            }
            for line in lines.iter() {
                let mut p = pos.clone();
                for &m in &line.pv {
                    assert!(p.play(m).is_ok(), "{m} in {:?}", line.pv);
                }
            }
        }
    }
}

#[test]
fn analyse_gives_every_move_when_asked_for_more_lines_than_moves() {
    // South on a4, at the edge, and no walls in either hand: three pawn steps.
    let mut s = Setup::start(Variant::new(9, 2, 0, 2, Goal::Edge).unwrap());
    s.pawns[Seat::South] = Some(Square::new(0, 3));
    let pos = Position::from_setup(&s).unwrap();
    let n = pos.legal_moves().len();
    let (_, lines) = Searcher::new(1 << 12).analyse(&pos, Limits::depth(4), 10, |_| {});
    assert_eq!(lines.len(), n);
    // A race: every line is a proven result, and the best wins.
    assert!(lines.iter().all(|l| l.mate_in().is_some()));
}

#[cfg(feature = "std")]
#[test]
fn a_stop_flag_ends_an_analysis_with_its_lines() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let stop = Arc::new(AtomicBool::new(false));
    let mut searcher = Searcher::new(1 << 14);
    searcher.set_stop(Some(Arc::clone(&stop)));
    let flag = Arc::clone(&stop);
    let (result, lines) = searcher.analyse(&Position::classic(), Limits::depth(60), 3, move |it| {
        if it.depth == 3 {
            flag.store(true, Ordering::Relaxed);
        }
    });
    assert_eq!(result.depth, 3);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0].pv[0], result.best.unwrap());
}
