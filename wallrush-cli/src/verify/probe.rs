//! Illegal moves of every kind for a position, to check that the engine refuses them.

use wallrush_core::notation::Notation;
use wallrush_core::{Move, Orientation, Position, SplitMix64, Square, Wall};

/// The refusal kinds, as `Illegal::kind` names them.
pub const KINDS: [&str; 8] = [
    "game_over",
    "no_walls_left",
    "off_board",
    "overlaps",
    "crosses",
    "no_route",
    "illegal_pawn_move",
    "illegal_pass",
];

/// At most one illegal move of each kind wallrush refuses at `pos`, chosen with `rng`,
/// written in `notation` (a move the notation cannot write is left out), with the kind.
pub fn probes(pos: &Position, notation: Notation, rng: &mut SplitMix64) -> Vec<(String, &'static str)> {
    let v = pos.variant();
    let n = v.size();
    let mut by_kind: Vec<(&'static str, Vec<Move>)> = Vec::new();
    let mut add = |m: Move| {
        if let Err(e) = pos.check(m) {
            let kind = e.reason().kind();
            match by_kind.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, list)) => list.push(m),
                None => by_kind.push((kind, vec![m])),
            }
        }
    };
    for f in 0..n {
        for r in 0..n {
            for o in [Orientation::Horizontal, Orientation::Vertical] {
                let w = Wall::new(Square::new(f, r), o);
                // Every wall on the board, and the off-board ones along the far edges.
                if w.is_on(n, v.wall_length()) || f == n - 1 || r == n - 1 {
                    add(Move::Wall(w));
                }
            }
        }
    }
    let pawn = pos.pawn(pos.turn());
    for f in 0..n {
        for r in 0..n {
            let sq = Square::new(f, r);
            let near = pawn.is_none_or(|p| p.file().abs_diff(f) <= 2 && p.rank().abs_diff(r) <= 2);
            if near {
                add(Move::Pawn(sq));
            }
        }
    }
    let mut out = Vec::new();
    for (kind, list) in by_kind {
        let m = list[rng.below(list.len() as u64) as usize];
        let text = match notation {
            Notation::Standard => Some(m.text(n).to_string()),
            _ => notation.write_move(pos, m).ok(),
        };
        if let Some(t) = text {
            out.push((t, kind));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use wallrush_core::Variant;

    #[test]
    fn every_kind_shows_up() {
        let mut pos = Position::new(Variant::builder().walls(1).build().unwrap());
        pos.play("d4v".parse().unwrap()).unwrap();
        let mut rng = SplitMix64::new(1);
        let kinds: Vec<&str> = probes(&pos, Notation::Standard, &mut rng).iter().map(|p| p.1).collect();
        for k in ["overlaps", "crosses", "off_board", "illegal_pawn_move"] {
            assert!(kinds.contains(&k), "{kinds:?}");
        }
        pos.play("e8".parse().unwrap()).unwrap();
        let kinds: Vec<&str> = probes(&pos, Notation::Standard, &mut rng).iter().map(|p| p.1).collect();
        assert!(kinds.contains(&"no_walls_left"), "{kinds:?}");
    }
}
