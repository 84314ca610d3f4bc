//! `wallrush vectors`: conformance vectors as JSON lines, for implementers who cannot
//! run wallrush. One line per position of generated games:
//!
//! ```text
//! {"variant": {...}, "moves": ["e2", ...], "turn": "north", "legal": [...], "outcome": null,
//!  "routes": {"south": 7, "north": 8}, "refusals": [{"move": "d4h", "kind": "crosses"}, ...]}
//! ```
//!
//! The games come from the same policies as `verify`; the output depends only on the
//! variants, the number of games and the seed.

use serde_json::{json, Map, Value};
use wallrush_core::notation::Notation;
use wallrush_core::{Outcome, Position, SplitMix64, Variant};

use super::policy::Policy;
use super::{probe, variant_json};

/// One vector: the position after `moves` and what wallrush says of it.
pub fn vector(pos: &Position, moves: &[String], seed: u64) -> Value {
    let v = pos.variant();
    let legal: Vec<String> = super::legal_texts(pos, Notation::Standard).into_iter().collect();
    let mut routes = Map::new();
    for s in v.seats() {
        routes.insert(s.name().into(), pos.route_len(s).map_or(Value::Null, |r| json!(r)));
    }
    let outcome = match pos.outcome() {
        None => Value::Null,
        Some(Outcome::Win { seat, .. }) => json!({"winner": seat.name()}),
        Some(Outcome::Draw(r)) => json!({"draw": r.name()}),
    };
    let mut rng = SplitMix64::new(seed ^ pos.zobrist());
    let refusals: Vec<Value> = probe::probes(pos, Notation::Standard, &mut rng)
        .into_iter()
        .map(|p| json!({"move": p.text, "kind": p.kind}))
        .collect();
    json!({"variant": variant_json(&v), "moves": moves, "turn": pos.turn().name(), "legal": legal,
           "outcome": outcome, "routes": Value::Object(routes), "refusals": refusals})
}

/// Writes the vectors of `games` games over `variants` (cycled), one JSON line each.
///
/// # Errors
/// Write errors.
pub fn write(
    out: &mut dyn std::io::Write,
    variants: &[Variant],
    games: u32,
    seed: u64,
    max_plies: Option<u32>,
) -> std::io::Result<u64> {
    let mut lines = 0;
    if variants.is_empty() {
        return Ok(0);
    }
    for g in 0..games {
        let v = variants[g as usize % variants.len()];
        let mut rng = SplitMix64::new(SplitMix64::mix(seed ^ u64::from(g).wrapping_mul(0x5851_F42D)));
        let cap = max_plies.unwrap_or(12 * u32::from(v.size()));
        let mut pos = Position::new(v);
        let mut moves = Vec::new();
        loop {
            writeln!(out, "{}", vector(&pos, &moves, seed))?;
            lines += 1;
            if pos.is_game_over() || moves.len() as u32 >= cap {
                break;
            }
            let m = Policy::at(g, moves.len(), v.size()).choose(&pos, &mut rng);
            moves.push(m.text(v.size()).to_string());
            pos.play_unchecked(m);
        }
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_for_a_seed() {
        let v = [Variant::builder().size(5).walls(3).build().unwrap()];
        let (mut a, mut b, mut c) = (Vec::new(), Vec::new(), Vec::new());
        let n = write(&mut a, &v, 3, 7, Some(20)).unwrap();
        write(&mut b, &v, 3, 7, Some(20)).unwrap();
        write(&mut c, &v, 3, 8, Some(20)).unwrap();
        assert_eq!(a, b);
        assert_ne!(a, c);
        let text = String::from_utf8(a).unwrap();
        assert_eq!(text.lines().count() as u64, n);
        let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        assert_eq!(first["moves"], json!([]));
        assert_eq!(first["routes"], json!({"south": 4, "north": 4}));
        assert!(first["refusals"].as_array().unwrap().iter().any(|r| r["kind"] == "off_board"));
    }
}
