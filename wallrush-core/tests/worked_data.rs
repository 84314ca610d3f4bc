//! RULES.md §9 worked positions from data/worked.txt (the Python tests read the same file).

use wallrush_core::{BySeat, Goal, Move, Position, Seat, Setup, Square, Variant, Wall};

/// `seat=value` pairs.
fn pairs(field: &str) -> Vec<(Seat, &str)> {
    field
        .split_whitespace()
        .map(|kv| {
            let (k, v) = kv.split_once('=').expect("seat=value");
            (k.parse().expect("a seat"), v)
        })
        .collect()
}

#[test]
fn worked_positions_from_data_file() {
    let text = include_str!("../../data/worked.txt");
    let mut seen = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let f: Vec<&str> = line.split(';').map(str::trim).collect();
        assert_eq!(f.len(), 9, "{line}");
        let v: Vec<&str> = f[1].split_whitespace().collect();
        let goal = if v[4] == "edge" { Goal::Edge } else { Goal::Centre };
        let num = |i: usize| v[i].parse::<u32>().unwrap();
        let variant = Variant::new(num(0), num(1), num(2), num(3), goal).unwrap();
        let mut setup = Setup::start(variant);
        setup.pawns = BySeat([None; 4]);
        for (seat, sq) in pairs(f[2]) {
            setup.pawns[seat] = Some(sq.parse::<Square>().unwrap());
        }
        if f[3] != "-" {
            setup.walls = f[3].split_whitespace().map(|w| w.parse::<Wall>().unwrap()).collect();
        }
        for (seat, n) in pairs(f[4]) {
            setup.walls_left[seat] = n.parse().unwrap();
        }
        setup.turn = f[5].parse().unwrap();
        let pos = Position::from_setup(&setup).unwrap_or_else(|e| panic!("{}: {e}", f[0]));

        let mut pawn: Vec<String> = pos.pawn_moves().iter().map(|m| m.to_string()).collect();
        pawn.sort();
        assert_eq!(pawn.join(" "), f[6], "{}", f[0]);
        if f[7] != "-" {
            let walls = pos.legal_moves().iter().filter(|m| matches!(m, Move::Wall(_))).count();
            assert_eq!(walls.to_string(), f[7], "{}", f[0]);
        }
        if f[8] != "-" {
            for (seat, len) in pairs(f[8]) {
                assert_eq!(pos.route_len(seat), Some(len.parse().unwrap()), "{}", f[0]);
            }
        }
        seen += 1;
    }
    assert_eq!(seen, 4, "RULES.md §9 has four worked positions");
}
