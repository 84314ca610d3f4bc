//! RULES.md §9 worked positions from data/worked.txt (the Python tests read the same file).

mod common;

use common::data;
use wallrush_core::Move;

#[test]
fn worked_positions_from_data_file() {
    let cases = data::parse_worked(include_str!("../../data/worked.txt")).unwrap();
    for case in &cases {
        let (name, pos) = (&case.name, &case.position);
        // The file writes each position as the crate does.
        assert_eq!(pos.to_text(), case.text, "{name}");

        let mut pawn: Vec<String> = pos.pawn_moves().iter().map(|m| m.to_string()).collect();
        pawn.sort();
        let listed: Vec<String> = case.pawn_moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(pawn, listed, "{name}");
        if let Some(count) = case.wall_count {
            let walls = pos.legal_moves().iter().filter(|m| matches!(m, Move::Wall(_))).count();
            assert_eq!(walls, count, "{name}");
        }
        for &(seat, len) in &case.route_lens {
            assert_eq!(pos.route_len(seat), Some(len), "{name}");
        }
    }
    assert_eq!(cases.len(), 4, "RULES.md §9 has four worked positions");
}
