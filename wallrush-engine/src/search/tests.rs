use super::*;
use alloc::string::{String, ToString};
use wallrush_core::{Goal, Setup, Square, Variant};

/// A position `rng` reaches by up to `max_plies - 1` random legal moves from the start of
/// `v`, or `None` when that random game ended (for the four-seat tests of `four` and
/// `maxn`).
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

/// The example game: South is winning here but the previous engine shuffled
/// f6/g6 for 120 plies. Played on by the engine on both sides at a fixed node budget
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
    let (moves, _) = engine.candidates(&pos, false, 0);
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
fn full_width_plies_try_every_legal_wall() {
    // From a lost game against Titanium: North's h7h closes the line of walls along rank 7
    // at the board's edge, far from South's routes on the c-file, so it is no candidate of
    // the selective set; below `wide_plies` every legal move is one.
    let pos = play_all("e2 b7h d2 d9 d3 d8 d4 d7 d5 d7h d6h f7h c5 c7 b6h b5v c6v");
    let h7h: Move = "h7h".parse().unwrap();
    let mut engine = Searcher::new(1 << 12);
    engine.geo = Geo::new(&pos);
    let (narrow, _) = engine.candidates(&pos, false, 0);
    assert!(!narrow.contains(&h7h), "{narrow:?}");
    engine.options = SearchOptions::DEFAULT.with_switch("full2").unwrap();
    for ply in [0, 1] {
        let (mut wide, _) = engine.candidates(&pos, false, ply);
        let mut legal = pos.legal_moves().to_vec();
        wide.sort();
        legal.sort();
        assert_eq!(wide.to_vec(), legal, "ply {ply}");
    }
    // From the third ply on the selective set is back.
    let (deep, _) = engine.candidates(&pos, false, 2);
    assert_eq!(deep.to_vec(), narrow.to_vec());
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
    let (moves, _) = engine.candidates(&pos, false, 0);
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
        let mut engine =
            Searcher::new(1 << 10).with_options(SearchOptions::DEFAULT.with_switch("threat40").unwrap());
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

#[test]
fn a_position_repeated_in_the_line_is_found() {
    // Both pawns step forward and back: the fourth ply stands where the line began (and
    // the fifth and sixth where the first and second did); after a wall, the ninth ply
    // stands where the fifth did.
    let mut s = Searcher::new(1 << 10).with_options(SearchOptions::DEFAULT.with_switch("rep").unwrap());
    for (line, repeat_at) in
        [("e2 e8 e1 e9 e2 e8", vec![4, 5, 6]), ("e2 e8 e1 e9 a3h e8 e2 e9 e1", vec![4, 9])]
    {
        let mut pos = Position::classic();
        s.path[0] = Searcher::key(&pos);
        for (i, m) in line.split_whitespace().enumerate() {
            let m: Move = m.parse().unwrap();
            s.line[i] = Some(m);
            pos.play(m).unwrap();
            assert_eq!(s.repeats(&pos, i + 1), repeat_at.contains(&(i + 1)), "{line}: ply {}", i + 1);
        }
    }
    // The search with the switch still finds the winning step.
    let mut setup = Setup::start(Variant::classic());
    setup.pawns[Seat::South] = Some(Square::new(0, 7));
    setup.pawns[Seat::North] = Some(Square::new(8, 1));
    let pos = Position::from_setup(&setup).unwrap();
    let r = s.search(&pos, Limits::depth(3));
    assert_eq!(r.best, Some(Move::Pawn(Square::new(0, 8))));
    assert_eq!(r.mate_in(), Some(1));
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

/// The pruning switches (reverse futility, null move, late-move pruning), alone and
/// together, still find the winning step and the blocking wall, stay deterministic at a
/// node budget, and play only legal moves.
#[test]
fn pruning_switches_keep_the_tactics() {
    let sets = [
        "rfp100",
        "rfp60+rfpd6",
        "nmp2",
        "lmp10",
        "rfp100+nmp2+lmp10",
        "qs",
        "qs+lmp10",
        "ext2",
        "counter8000",
        "lmrdeep6",
        "lmr2d3",
        "ttb",
        "histfade4",
        "ttfresh+histfade0",
        "ttb+ttfresh",
    ];
    for set in sets {
        let mut options = SearchOptions::DEFAULT;
        for s in set.split('+') {
            options = options.with_switch(s).unwrap();
        }
        let engine = || Searcher::new(1 << 14).with_options(options);
        let mut s = Setup::start(Variant::classic());
        s.pawns[Seat::South] = Some(Square::new(0, 7));
        s.pawns[Seat::North] = Some(Square::new(8, 1));
        let r = engine().search(&Position::from_setup(&s).unwrap(), Limits::depth(5));
        assert_eq!(r.best, Some(Move::Pawn(Square::new(0, 8))), "{set}");
        assert_eq!(r.mate_in(), Some(1), "{set}");
        let mut s = Setup::start(Variant::classic());
        s.pawns[Seat::South] = Some(Square::new(0, 0));
        s.pawns[Seat::North] = Some(Square::new(4, 1));
        let r = engine().search(&Position::from_setup(&s).unwrap(), Limits::depth(4));
        assert!(matches!(r.best, Some(Move::Wall(_))), "{set}: {:?}", r.best);
        let pos = play_all("e2 e8 e3 e7 d6h c3h e4 f6v");
        let a = engine().search(&pos, Limits::nodes(5000));
        assert_eq!(a, engine().search(&pos, Limits::nodes(5000)), "{set}");
        assert!(pos.is_legal(a.best.unwrap()), "{set}");
    }
}

/// Early wall extensions search more: the same depth costs more nodes with them, and the
/// search still ends (a chain of extended walls lasts only while walls are in hand).
#[test]
fn wall_extensions_search_deeper() {
    let pos = play_all("e2 e8 e3 e7 d6h c3h e4 f6v");
    let on = SearchOptions::DEFAULT.with_switch("ext2").unwrap();
    let a = Searcher::new(1 << 16).search(&pos, Limits::depth(5));
    let b = Searcher::new(1 << 16).with_options(on).search(&pos, Limits::depth(5));
    assert_eq!((a.depth, b.depth), (5, 5));
    assert!(b.nodes > a.nodes, "with {} nodes, without {}", b.nodes, a.nodes);
}

/// The third reduction step cuts nodes: the same depth costs fewer with it, and the
/// switch sets that step only (not the first reductions' start).
#[test]
fn deep_reductions_save_nodes() {
    let on = SearchOptions::DEFAULT.with_switch("lmrdeep6").unwrap();
    assert_eq!((on.lmr_three_from, on.lmr_from), (6, SearchOptions::DEFAULT.lmr_from));
    let pos = play_all("e2 e8 e3 e7 d6h c3h e4 f6v");
    let a = Searcher::new(1 << 16).search(&pos, Limits::depth(8));
    let b = Searcher::new(1 << 16).with_options(on).search(&pos, Limits::depth(8));
    assert_eq!((a.depth, b.depth), (8, 8));
    assert!(b.nodes < a.nodes, "with {} nodes, without {}", b.nodes, a.nodes);
}

/// Two-ply reductions from depth 3 (`lmr2d3`) change the search where the default starts
/// them at depth 5 (a different tree at the same depth; not always a smaller one, since a
/// reduced move that fails high is searched again), and the switch sets that depth only.
#[test]
fn earlier_two_ply_reductions_change_the_search() {
    let on = SearchOptions::DEFAULT.with_switch("lmr2d3").unwrap();
    assert_eq!(
        (on.lmr_two_depth, on.lmr_two_from, on.lmr_from),
        (3, SearchOptions::DEFAULT.lmr_two_from, SearchOptions::DEFAULT.lmr_from)
    );
    assert!(SearchOptions::DEFAULT.with_switch("lmr2d").is_none());
    let pos = play_all("e2 e8 e3 e7 d6h c3h e4 f6v");
    let a = Searcher::new(1 << 16).search(&pos, Limits::depth(7));
    let b = Searcher::new(1 << 16).with_options(on).search(&pos, Limits::depth(7));
    assert_eq!((a.depth, b.depth), (7, 7));
    assert_ne!(a.nodes, b.nodes);
    assert!(pos.is_legal(b.best.unwrap()));
}

/// `ttfresh` and `histfade0` (the default): an engine that has searched before searches
/// the next position exactly as a new engine does (same move, score, line and nodes),
/// because it reads no table entry and no history of its earlier searches. With the
/// defaults the earlier search's table changes the next search, and so does its history
/// when it is kept (`histfade4`, the default before the eleventh session).
#[test]
fn a_fresh_table_and_cleared_history_search_as_a_new_engine() {
    let fresh = SearchOptions::DEFAULT.with_switches("ttfresh+histfade0").unwrap();
    assert!(fresh.table_fresh && fresh.history_fade == 0);
    assert_eq!(SearchOptions::DEFAULT.history_fade, 0);
    assert!(SearchOptions::DEFAULT.with_switch("histfade").is_none());
    let before = play_all("e2 e8 e3 e7 d6h");
    let pos = play_all("e2 e8 e3 e7 d6h c3h e4");
    let run = |options: SearchOptions, warm: bool| {
        let mut engine = Searcher::new(1 << 16).with_options(options);
        if warm {
            engine.search(&before, Limits::depth(7));
            engine.search(&pos, Limits::depth(5));
        }
        let r = engine.search(&pos, Limits::depth(7));
        (r.best, r.score, r.pv, r.nodes)
    };
    assert_eq!(run(fresh, true), run(fresh, false));
    assert_eq!(run(fresh, false), run(SearchOptions::DEFAULT, false));
    assert_ne!(run(SearchOptions::DEFAULT, true).3, run(SearchOptions::DEFAULT, false).3);
    // A kept history lets the earlier search in through the fresh table.
    let kept = SearchOptions::DEFAULT.with_switches("ttfresh+histfade4").unwrap();
    assert_eq!(kept.history_fade, 4);
    assert_ne!(run(kept, true).3, run(kept, false).3);
}

/// Buckets (`ttb`): of three positions that share a bucket, the deeper entry of this
/// search stays and the shallower gives way; an entry of an earlier search gives way
/// before either. Every entry read back is the one stored.
#[test]
fn a_bucket_keeps_the_deeper_entry_of_this_search() {
    let options = SearchOptions::DEFAULT.with_switch("ttb").unwrap();
    assert!(options.tt_buckets && !SearchOptions::DEFAULT.tt_buckets);
    let mut engine = Searcher::new(1024).with_options(options);
    // Three random positions whose keys fall in one bucket of the 1,024 entries.
    let mut rng = wallrush_core::SplitMix64::new(5);
    let mut by_bucket: alloc::collections::BTreeMap<usize, Vec<Position>> = Default::default();
    let trio = loop {
        let Some(pos) = random_position(&mut rng, Variant::classic(), 30) else { continue };
        let list = by_bucket.entry(engine.slot(Searcher::key(&pos)) & !1).or_default();
        if list.iter().all(|p| Searcher::key(p) != Searcher::key(&pos)) {
            list.push(pos);
        }
        if list.len() == 3 {
            break list.clone();
        }
    };
    let [a, b, c] = [&trio[0], &trio[1], &trio[2]];
    let m = a.legal_moves()[0];
    engine.age = 1;
    engine.store(a, 8, 17, EXACT, Some(m), 0);
    engine.store(b, 2, -5, LOWER, None, 0);
    engine.store(c, 3, 9, UPPER, None, 0);
    let read = |e: &Searcher, p: &Position| e.probe(p).map(|t| (t.depth, t.score, t.bound));
    assert_eq!(read(&engine, a), Some((8, 17, EXACT)));
    assert_eq!(engine.probe(a).unwrap().best, Some(m));
    assert_eq!(read(&engine, b), None, "the shallower entry gives way");
    assert_eq!(read(&engine, c), Some((3, 9, UPPER)));
    // In the next search, the deep entry of the last one gives way before a shallower
    // entry stored again in this one.
    engine.age = 2;
    engine.store(c, 3, 9, UPPER, None, 0);
    engine.store(b, 1, 4, LOWER, None, 0);
    assert_eq!(read(&engine, a), None);
    assert_eq!(read(&engine, b), Some((1, 4, LOWER)));
    assert_eq!(read(&engine, c), Some((3, 9, UPPER)));
}

/// Countermoves: with the switch on, a search records walls, and only walls, as the
/// answers to the moves before them, and orders them higher; off, it records none.
#[test]
fn countermoves_record_the_refuting_walls() {
    let pos = play_all("e2 e8 e3 e7 d6h c3h e4 f6v");
    let on = SearchOptions::DEFAULT.with_switch("counter8000").unwrap();
    assert_eq!(on.countermove, 8000);
    let mut a = Searcher::new(1 << 16);
    a.search(&pos, Limits::depth(6));
    assert!(a.counters.iter().all(Option::is_none));
    let mut b = Searcher::new(1 << 16).with_options(on);
    let r = b.search(&pos, Limits::depth(6));
    assert_eq!(r.depth, 6);
    let recorded: Vec<Move> = b.counters.iter().flatten().copied().collect();
    assert!(!recorded.is_empty());
    assert!(recorded.iter().all(|m| matches!(m, Move::Wall(_))));
    b.clear();
    assert!(b.counters.iter().all(Option::is_none));
}

/// Reverse futility pruning cuts nodes: the same depth costs fewer nodes with it.
#[test]
fn reverse_futility_pruning_saves_nodes() {
    let pos = play_all("e2 e8 e3 e7 d6h c3h e4 f6v");
    let off = SearchOptions { rfp_margin: 0, ..SearchOptions::DEFAULT };
    let on = SearchOptions { rfp_margin: 100, ..SearchOptions::DEFAULT };
    let a = Searcher::new(1 << 16).with_options(off).search(&pos, Limits::depth(6));
    let b = Searcher::new(1 << 16).with_options(on).search(&pos, Limits::depth(6));
    assert_eq!((a.depth, b.depth), (6, 6));
    assert!(b.nodes < a.nodes, "with {} nodes, without {}", b.nodes, a.nodes);
}

#[test]
fn unknown_switches_are_refused() {
    for bad in ["", "nmp", "rfpx", "lmp300", "fast"] {
        assert!(SearchOptions::DEFAULT.with_switch(bad).is_none(), "{bad}");
    }
    let o = SearchOptions::DEFAULT.with_switch("rfpd6").unwrap().with_switch("lmp8").unwrap();
    assert_eq!((o.rfp_depth, o.lmp_from), (6, 8));
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

/// `lone` (the default): while the opponent holds no walls, the mover's candidates are
/// those of `nolone` less the walls that cut only the mover's own routes and the
/// blockers (those of `noself+noblock`); while it holds one, they are the same.
#[test]
fn with_the_opponent_out_of_walls_lone_keeps_the_cuts_and_touching_walls() {
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
    let cands = |o: SearchOptions, pos: &Position| {
        let mut e = Searcher::new(1 << 12).with_options(o);
        e.geo = Geo::new(pos);
        let mut c = e.candidates(pos, false, 0).0.to_vec();
        c.sort();
        c
    };
    let (lone, wide) = (SearchOptions::DEFAULT, SearchOptions::DEFAULT.with_switch("nolone").unwrap());
    assert!(lone.lone && !wide.lone);
    assert_eq!(cands(lone, &holding), cands(wide, &holding));
    let (wider, narrowed) = (cands(wide, &out), cands(lone, &out));
    assert!(narrowed.iter().all(|m| wider.contains(m)), "{narrowed:?}");
    // With the opponent out of walls, `lone` is `noself` and `noblock` together.
    let kept = cands(SearchOptions::DEFAULT.with_switches("nolone+noself+noblock").unwrap(), &out);
    assert_eq!(narrowed, kept);
    // e7h closes e7-e8 and f7-f8, steps of South's own routes only: a self-cut,
    // dropped; e6h closes North's step e7-e6: a cut, kept.
    let has = |list: &[Move], t: &str| list.contains(&t.parse().unwrap());
    assert!(has(&wider, "e7h") && !has(&narrowed, "e7h"), "{narrowed:?}");
    assert!(has(&narrowed, "e6h"), "{narrowed:?}");
    assert!(narrowed.len() < wider.len());
}

/// `touchfar` adds the walls that extend a wall far from the opponent's routes; without
/// it they are not candidates.
#[test]
fn far_touching_walls_are_candidates_with_their_switch() {
    // A wall at a5h, far from South's route up the e-file and North's down it.
    let pos = play_all("e2 e8 a5h");
    let cands = |o: SearchOptions| {
        let mut e = Searcher::new(1 << 12).with_options(o);
        e.geo = Geo::new(&pos);
        e.candidates(&pos, false, 0).0
    };
    let default = cands(SearchOptions::DEFAULT);
    let with = cands(SearchOptions::DEFAULT.with_switch("touchfar").unwrap());
    assert!(default.iter().all(|m| with.contains(m)));
    let added: Vec<Move> = with.iter().copied().filter(|m| !default.contains(m)).collect();
    assert!(!added.is_empty());
    assert!(added.iter().all(|&m| pos.is_legal(m) && matches!(m, Move::Wall(_))), "{added:?}");
    // b5v meets a5h's east end.
    assert!(
        added.contains(&"b5v".parse().unwrap()) || default.contains(&"b5v".parse().unwrap()),
        "{added:?}"
    );
}

/// The leaf quiescence (`qs`) never scores a leaf below its static score, and when it
/// scores it higher, that is the static score after one of the mover's legal walls
/// that lengthens the opponent's route (checked by the core's preview), over random
/// positions of two variants.
#[test]
fn quiescence_plays_only_walls_that_lengthen_the_opponents_route() {
    let mut rng = SplitMix64::new(23);
    let mut raised = 0;
    for game in 0..600 {
        let v =
            if game % 2 == 0 { Variant::classic() } else { Variant::new(7, 2, 6, 2, Goal::Edge).unwrap() };
        let Some(mut pos) = random_position(&mut rng, v, 30) else { continue };
        let mut engine =
            Searcher::new(1 << 12).with_options(SearchOptions::DEFAULT.with_switch("qs").unwrap());
        engine.geo = Geo::new(&pos);
        let before = pos.clone();
        let stand = engine.evaluate(&pos);
        let q = engine.quiesce(&mut pos, INF);
        assert_eq!(pos, before, "the quiescence takes its walls back");
        assert!(q >= stand, "{pos}");
        if q == stand {
            continue;
        }
        raised += 1;
        let me = pos.turn();
        let opp = other(&pos, me);
        let d_opp = pos.route_len(opp).unwrap();
        let found = pos.legal_moves().iter().any(|&m| {
            let Move::Wall(w) = m else { return false };
            let lengthens = pos.preview_wall(w).unwrap()[opp].unwrap() > d_opp;
            let mut after = pos.clone();
            after.play(m).unwrap();
            lengthens && -engine.evaluate(&after) == q
        });
        assert!(found, "no lengthening wall gives {q} in {pos}");
    }
    assert!(raised >= 5, "only {raised} leaves raised: the test would prove nothing");
}
