//! Arbitrary move sequences on arbitrary variants, with every invariant checked after
//! every move: a route for every seat, no conflicting walls, caches equal a fresh
//! computation, undo restores exactly, a refused move (or resignation) changes nothing,
//! `is_legal` agrees with move generation and with `check`, the move count agrees with
//! the list, a wall preview agrees with playing the wall, the position text writes and
//! reads back the same position, and the dense action ids name the legal moves (an
//! arbitrary id decodes to a move that encodes back to it, or to nothing).
#![no_main]
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use wallrush_core::{actions, paths, Goal, Move, Orientation, Position, Seat, Square, Variant, Wall};

#[derive(Arbitrary, Debug)]
enum Step {
    /// A legal move, by index into the legal move list.
    Legal(u16),
    /// A pawn move to any square (maybe off the board).
    Pawn(u8, u8),
    /// Any wall (maybe off the board, overlapping, crossing or sealing).
    Wall(bool, u8, u8),
    /// A pass (legal only when forced).
    Pass,
    /// A seat resigns (maybe out of turn, maybe not in play).
    Resign(u8),
    /// The move with this dense action id, if the id names one.
    Action(u16),
}

#[derive(Arbitrary, Debug)]
struct Input {
    size: u8,
    four: bool,
    walls: u8,
    wall_length: u8,
    centre: bool,
    steps: Vec<Step>,
}

fn check_position(pos: &Position) {
    pos.diagnostics().verify_caches().unwrap();
    let legal = pos.legal_moves();
    assert_eq!(pos.legal_move_count(), legal.len());
    if pos.is_game_over() {
        assert!(legal.is_empty());
    } else {
        assert!(!legal.is_empty(), "a game in progress always has a move (pass when forced)");
    }
    for &m in pos.pawn_moves().iter() {
        assert!(legal.contains(&m), "pawn move {m} not in the legal list");
    }
    for seat in pos.seats_in_play() {
        assert_eq!(pos.route_len(seat), paths::route_len(pos, seat), "route of {seat}");
        assert!(pos.route_len(seat).is_some(), "{seat} has no route");
        let route = pos.route(seat).expect("a route");
        assert_eq!(route.len() as u32, pos.route_len(seat).unwrap() + 1);
    }
    let v = pos.variant();
    let ids = actions::legal_actions(pos);
    let encoded: Vec<usize> =
        legal.iter().map(|&m| actions::encode(&v, m).expect("a legal move has an id")).collect();
    assert_eq!(ids, encoded, "legal_actions and legal_moves disagree");
    let mask = actions::legal_action_mask(pos);
    assert_eq!(mask.len(), actions::num_actions(&v));
    assert_eq!(mask.iter().filter(|&&b| b).count(), ids.len());
    assert!(ids.iter().all(|&i| mask[i]));
    let text = pos.to_text();
    let back = Position::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(&back, pos, "{text}");
    assert_eq!(back.zobrist(), pos.zobrist(), "{text}");
    assert_eq!(back.legal_moves(), legal, "{text}");
}

fuzz_target!(|input: Input| {
    let size = 3 + 2 * u32::from(input.size % 15);
    let len = 2 + u32::from(input.wall_length) % (size - 2);
    let goal = if input.centre { Goal::Centre } else { Goal::Edge };
    let players = if input.four { 4 } else { 2 };
    let Ok(v) = Variant::new(size, players, u32::from(input.walls % 100), len, goal) else { return };
    let mut pos = Position::new(v);
    check_position(&pos);
    for step in input.steps.iter().take(64) {
        let legal = pos.legal_moves();
        let m = match *step {
            Step::Resign(s) => {
                let seat = Seat::ALL[usize::from(s % 4)];
                let before = pos.clone();
                match pos.resign(seat) {
                    Err(_) => assert!(
                        pos.diagnostics().identical(&before),
                        "refused resignation changed the position"
                    ),
                    Ok(()) => {
                        assert!(!pos.is_in_play(seat));
                        assert!(pos.pawn(seat).is_none());
                        check_position(&pos);
                    }
                }
                continue;
            }
            Step::Legal(i) if !legal.is_empty() => legal[usize::from(i) % legal.len()],
            Step::Action(id) => {
                let id = usize::from(id);
                match actions::decode(&v, id) {
                    Some(m) => {
                        assert_eq!(actions::encode(&v, m), Some(id), "{m}");
                        m
                    }
                    None => {
                        assert!(id >= actions::num_actions(&v));
                        continue;
                    }
                }
            }
            Step::Legal(_) | Step::Pass => Move::Pass,
            Step::Pawn(f, r) => Move::Pawn(Square::new(f % 31, r % 31)),
            Step::Wall(h, f, r) => {
                let o = if h { Orientation::Horizontal } else { Orientation::Vertical };
                Move::Wall(Wall::new(Square::new(f % 31, r % 31), o))
            }
        };
        assert_eq!(pos.is_legal(m), legal.contains(&m), "is_legal({m}) disagrees");
        assert_eq!(pos.is_legal(m), pos.check(m).is_ok(), "check({m}) disagrees");
        if let Move::Wall(w) = m {
            let preview = pos.preview_wall(w);
            assert_eq!(preview.is_ok(), pos.is_legal(m), "preview_wall({w}) disagrees");
            if let Ok(routes) = preview {
                let mut after = pos.clone();
                after.play(m).unwrap();
                for seat in after.seats_in_play() {
                    assert_eq!(routes[seat], after.route_len(seat), "preview of {w} for {seat}");
                }
            }
        }
        let before = pos.clone();
        match pos.play(m) {
            Err(e) => {
                assert_eq!(e.mv(), m);
                assert_eq!(Err(e), before.check(m));
                assert!(pos.diagnostics().identical(&before), "refused {m} changed the position");
            }
            Ok(()) => {
                check_position(&pos);
                let mut back = before.clone();
                let undo = back.make(m);
                assert_eq!(back, pos, "make and play disagree on {m}");
                back.unmake(undo);
                assert!(back.diagnostics().identical(&before), "unmake of {m} does not restore");
                let mut unchecked = before.clone();
                unchecked.play_unchecked(m);
                assert!(unchecked.diagnostics().identical(&pos), "play_unchecked and play disagree on {m}");
            }
        }
    }
});
