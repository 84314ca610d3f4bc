//! Shrinking a disagreement to a short move sequence that still shows it.
//!
//! Delta debugging over the move list: the sequence is first cut at the ply where the
//! disagreement shows, then chunks of moves (halves, quarters, … single moves) are
//! removed whenever what is left is still a legal game for wallrush and the engine still
//! disagrees in the same way (the same aspect: legal set, outcome, routes, a refusal
//! kind…); then single moves are swapped for other legal moves of the same position
//! (deviating early) when that lets a later move go. Every candidate is replayed on the
//! engine from `new`.

use wallrush_core::{Move, Position, Variant};

use super::{Disagreement, Session};

/// The most candidates one shrink replays on the engine.
pub const MAX_STEPS: u32 = 2000;
/// The most candidates when the engine did not answer (each may wait the full time).
pub const MAX_ANSWER_STEPS: u32 = 20;
/// The most of them spent deviating early.
pub const MAX_DEVIATIONS: u32 = 300;

/// Whether `moves` is a game wallrush plays from the start of `v`, never past its end.
pub fn legal_line(v: Variant, moves: &[Move]) -> bool {
    let mut pos = Position::new(v);
    for &m in moves {
        if pos.is_game_over() || pos.play(m).is_err() {
            return false;
        }
    }
    true
}

/// The cut of `moves` at the disagreement: the moves before it, and the refused move
/// when the disagreement is a refused play.
fn cut(moves: &[Move], d: &Disagreement) -> Vec<Move> {
    let end = if d.aspect == "play" { d.ply + 1 } else { d.ply };
    moves[..end.min(moves.len())].to_vec()
}

/// Shrinks `moves` (which showed `d` in a game).
pub fn shrink(session: &mut Session, v: Variant, moves: Vec<Move>, d: Disagreement) -> Shrunk {
    let probes = d.aspect.starts_with("refusal");
    // A missing answer costs the whole time allowed on every replay: shrink it briefly.
    let max_steps = if d.aspect == "answer" { MAX_ANSWER_STEPS } else { MAX_STEPS };
    let mut best = cut(&moves, &d);
    let mut shown = d;
    let mut steps = 0u32;
    let aspect = shown.aspect.clone();
    let attempt = |cand: &[Move], session: &mut Session, steps: &mut u32| -> Option<Disagreement> {
        if *steps >= max_steps || !legal_line(v, cand) {
            return None;
        }
        *steps += 1;
        match session.check_line(v, cand, probes) {
            Err(d2) if d2.aspect == aspect => Some(d2),
            _ => None,
        }
    };
    // A disagreement that needs the undo calls of the game to show cannot be shrunk by
    // replays from `new`: it is reported as found, marked as not replayed.
    if attempt(&best, session, &mut steps).is_none() {
        return Shrunk { moves: best, shown, steps, reproduced: false };
    }
    let mut changed = true;
    let mut deviations = 0u32;
    while changed && steps < max_steps {
        changed = false;
        let mut size = best.len().div_ceil(2).max(1);
        while size >= 1 && !best.is_empty() {
            let mut i = 0;
            while i < best.len() {
                let end = (i + size).min(best.len());
                let cand: Vec<Move> = best[..i].iter().chain(&best[end..]).copied().collect();
                if let Some(d2) = attempt(&cand, session, &mut steps) {
                    best = cut(&cand, &d2);
                    shown = d2;
                    changed = true;
                } else {
                    i += size;
                }
            }
            if size == 1 {
                break;
            }
            size = size.div_ceil(2);
        }
        if changed {
            continue;
        }
        // Deviate early: replace move i by another legal move, then try dropping i+1.
        'deviate: for i in 0..best.len() {
            let mut pos = Position::new(v);
            for &m in &best[..i] {
                pos.play_unchecked(m);
            }
            for alt in pos.legal_moves() {
                if alt == best[i] {
                    continue;
                }
                if steps >= max_steps || deviations >= MAX_DEVIATIONS {
                    break 'deviate;
                }
                for j in i + 1..best.len() {
                    let mut cand = best.clone();
                    cand[i] = alt;
                    cand.remove(j);
                    let before = steps;
                    let found = attempt(&cand, session, &mut steps);
                    deviations += steps - before;
                    if let Some(d2) = found {
                        best = cut(&cand, &d2);
                        shown = d2;
                        changed = true;
                        break 'deviate;
                    }
                    if deviations >= MAX_DEVIATIONS {
                        break 'deviate;
                    }
                }
            }
        }
    }
    Shrunk { moves: best, shown, steps, reproduced: true }
}

/// What [`shrink`] found.
pub struct Shrunk {
    /// The short sequence.
    pub moves: Vec<Move>,
    /// The disagreement it shows.
    pub shown: Disagreement,
    /// Candidates replayed.
    pub steps: u32,
    /// Whether a replay from `new` (without the game's undo calls) shows it at all.
    pub reproduced: bool,
}
