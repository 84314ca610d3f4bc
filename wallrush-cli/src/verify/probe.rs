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

/// An illegal move sent to check that the engine refuses it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Probe {
    /// The move, in the engine's notation.
    pub text: String,
    /// wallrush's refusal kind (one of [`KINDS`]).
    pub kind: &'static str,
    /// wallrush's refusal message.
    pub message: String,
}

/// At most one illegal move of each kind wallrush refuses at `pos`, chosen with `rng`,
/// written in `notation` (a move the notation cannot write is left out): walls on and off
/// the board, pawn moves near the mover's pawn, and `pass` while a move exists.
pub fn probes(pos: &Position, notation: Notation, rng: &mut SplitMix64) -> Vec<Probe> {
    let v = pos.variant();
    let n = v.size();
    let mut by_kind: Vec<(&'static str, Vec<(Move, String)>)> = Vec::new();
    let mut add = |m: Move| {
        if let Err(e) = pos.check(m) {
            let kind = e.reason().kind();
            let entry = (m, e.to_string());
            match by_kind.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, list)) => list.push(entry),
                None => by_kind.push((kind, vec![entry])),
            }
        }
    };
    add(Move::Pass);
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
    for (kind, mut list) in by_kind {
        let (m, message) = list.swap_remove(rng.below(list.len() as u64) as usize);
        let text = match (notation, m) {
            (Notation::Standard, _) | (_, Move::Pass) => Some(m.text(n).to_string()),
            _ => notation.write_move(pos, m).ok(),
        };
        if let Some(text) = text {
            out.push(Probe { text, kind, message });
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
        let kinds: Vec<&str> = probes(&pos, Notation::Standard, &mut rng).iter().map(|p| p.kind).collect();
        for k in ["overlaps", "crosses", "off_board", "illegal_pawn_move", "illegal_pass"] {
            assert!(kinds.contains(&k), "{kinds:?}");
        }
        pos.play("e8".parse().unwrap()).unwrap();
        let found = probes(&pos, Notation::Standard, &mut rng);
        let kinds: Vec<&str> = found.iter().map(|p| p.kind).collect();
        assert!(kinds.contains(&"no_walls_left"), "{kinds:?}");
        let pass = found.iter().find(|p| p.kind == "illegal_pass").expect("pass is probed");
        assert_eq!(pass.text, "pass");
        assert!(pass.message.contains("pass"), "{}", pass.message);
    }
}
