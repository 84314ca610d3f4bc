//! Resource bounds: the largest variants stay cheap. Work is bounded by counting
//! operations (the flood fills the wall-legality check runs), never by timing, so the
//! test is deterministic on any machine.

use wallrush_core::{paths, Goal, Move, Position, SplitMix64, Variant};

struct Fill {
    pos: Position,
    /// Move lists made (one before every placement, and the last one).
    lists: u64,
    /// The most flood fills one move list ran.
    max_floods: u64,
    /// Flood fills over all the move lists.
    total_floods: u64,
}

/// Fills a 31×31 board with random legal walls, every seat in turn, until the walls run
/// out or none is legal, listing the legal moves before every placement.
fn fill(players: u32, wall_length: u32, seed: u64) -> Fill {
    let v = Variant::new(31, players, 99, wall_length, Goal::Edge).unwrap();
    let mut pos = Position::new(v);
    let mut rng = SplitMix64::new(seed);
    let (mut lists, mut max_floods, mut total_floods) = (0, 0, 0);
    loop {
        let (moves, floods) = pos.diagnostics().legal_moves_counting_floods();
        lists += 1;
        max_floods = max_floods.max(floods);
        total_floods += floods;
        if lists % 16 == 1 {
            assert_eq!(pos.legal_move_count(), moves.len());
        }
        let walls: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Wall(_))).collect();
        if walls.is_empty() {
            break;
        }
        pos.play(walls[rng.below(walls.len() as u64) as usize]).unwrap();
    }
    Fill { pos, lists, max_floods, total_floods }
}

#[test]
fn largest_board_with_longest_walls() {
    // Walls of length 30 on 31×31, 99 each: only 30 fit, and the dual-graph filter and
    // the path cache settle almost every slot without a search. A naive check runs one
    // flood fill per seat for each of the 120 slots of every move list.
    for players in [2, 4] {
        let f = fill(players, 30, 31);
        assert_eq!(f.pos.wall_count(), 30, "{players} seats");
        assert!(f.max_floods <= 8, "{players} seats: {} floods in one move list", f.max_floods);
        assert!(
            f.total_floods <= 2 * f.lists,
            "{players} seats: {} floods in {} lists",
            f.total_floods,
            f.lists
        );
        f.pos.diagnostics().verify_caches().unwrap();
        for seat in f.pos.seats_in_play() {
            assert_eq!(f.pos.route_len(seat), paths::route_len(&f.pos, seat));
        }
    }
}

#[test]
fn largest_board_filled_with_short_walls() {
    // 99 walls each of length 2 on 31×31: every wall placed (396 with four seats). A
    // naive check runs up to 1,800 slots × 4 seats = 7,200 flood fills per move list.
    for players in [2, 4] {
        let f = fill(players, 2, 31);
        assert_eq!(f.pos.wall_count(), 99 * players, "{players} seats");
        assert!(f.max_floods <= 100, "{players} seats: {} floods in one move list", f.max_floods);
        assert!(
            f.total_floods <= 16 * f.lists,
            "{players} seats: {} floods in {} lists",
            f.total_floods,
            f.lists
        );
        f.pos.diagnostics().verify_caches().unwrap();
        for seat in f.pos.seats_in_play() {
            assert_eq!(f.pos.route_len(seat), paths::route_len(&f.pos, seat));
        }
        // The position text of the fullest board stays far below the reader's limit.
        let text = f.pos.to_text();
        assert!(text.len() < wallrush_core::postext::MAX_POSITION_TEXT_BYTES / 4, "{} bytes", text.len());
        assert_eq!(Position::from_text(&text).unwrap(), f.pos);
    }
}
