//! Shrinking a disagreement the way Hypothesis does: on the choices that generated the
//! game, not on its moves.
//!
//! A game is a sequence of [`Choice`]s (a legal-move index taken modulo the number of
//! legal moves, and an undo flag), so every candidate sequence replays as a legal game:
//! when a choice goes, the later ones are re-derived in the positions they now meet.
//! Candidates are kept only when the engine shows the same kind of disagreement (the same
//! aspect: legal set, outcome, routes, a refusal kind, an undo…), and every candidate is
//! played from `new` on the engine. The passes, repeated until none makes progress:
//!
//! 1. cut the game at the choice that showed the disagreement;
//! 2. delete blocks of choices, from half the game down to one, with whole rounds (as
//!    many choices as seats) tried at every position, so that a four-seat game can lose
//!    a round without changing whose turn each later choice falls on. Each deletion is
//!    tried twice: first with the later moves kept wherever they are still legal (their
//!    indices rewritten), then with the later choices re-derived as they stand;
//! 3. when no block goes, delete two choices apart (a move and a later answer to it),
//!    the moves between and after kept where legal;
//! 4. when nothing else goes, deviate early: another legal move at one ply and a later
//!    choice deleted, the other moves kept where legal (at most [`MAX_DEVIATIONS`] a
//!    round);
//! 5. when that fails too, another legal move at one ply alone, kept when the
//!    disagreement then shows sooner (as many again);
//! 6. drop undo flags;
//! 7. lower each index: to 0 (the first pawn move), then to half of it.
//!
//! Every accepted candidate is shorter, or as long with smaller choices, so the shrink
//! ends; it also stops after [`MAX_STEPS`] candidates or at the deadline.

use std::time::Instant;

use wallrush_core::{Position, Variant};

use super::{play_line, Choice, Line, Lockstep, Runner};

/// The most candidates one shrink replays on the engine.
pub const MAX_STEPS: u32 = 2000;
/// The most candidates when the engine did not answer (each may wait the full time).
pub const MAX_ANSWER_STEPS: u32 = 20;
/// The most candidates spent deviating early (pass 4).
pub const MAX_DEVIATIONS: u32 = 400;

/// What [`shrink`] found.
pub struct Shrunk {
    /// The shortest game that shows the disagreement (the game found when it was not
    /// reproduced).
    pub line: Line,
    /// Candidates replayed.
    pub steps: u32,
    /// Whether a replay from `new` shows it again.
    pub reproduced: bool,
}

/// Shrinks `found` (a game that showed a disagreement), stopping at `deadline`.
pub fn shrink(runner: &mut Runner, v: Variant, how: Lockstep, found: Line, deadline: Instant) -> Shrunk {
    let Some(aspect) = found.found.as_ref().map(|d| d.aspect.clone()) else {
        return Shrunk { line: found, steps: 0, reproduced: false };
    };
    if Instant::now() >= deadline {
        // No time to shrink: the game as found is the report (it did show the disagreement).
        return Shrunk { line: found, steps: 0, reproduced: true };
    }
    // A missing answer costs the whole time allowed on every replay: shrink it briefly.
    let max_steps = if aspect == "answer" { MAX_ANSWER_STEPS } else { MAX_STEPS };
    let mut steps = 0u32;
    let attempt = |cand: &[Choice], how: Lockstep, runner: &mut Runner, steps: &mut u32| -> Option<Line> {
        if *steps >= max_steps || Instant::now() >= deadline || runner.dropped.is_some() {
            return None;
        }
        *steps += 1;
        let mut it = cand.iter().copied();
        let line = play_line(runner, v, how, &mut |_: &Position, _| it.next());
        match &line.found {
            Some(d) if d.aspect == aspect => Some(line),
            _ => None,
        }
    };
    // Probes cost several questions a ply: replay without them unless the disagreement
    // is a refusal, or needs them (an engine that a refused move leaves changed).
    let mut how = how;
    let quiet = Lockstep { probes: how.probes && aspect.starts_with("refusal"), ..how };
    let mut best = match attempt(&found.choices, quiet, runner, &mut steps) {
        Some(line) => {
            how = quiet;
            line
        }
        None => {
            match (how.probes != quiet.probes).then(|| attempt(&found.choices, how, runner, &mut steps)) {
                Some(Some(line)) => line,
                _ => return Shrunk { line: found, steps, reproduced: false },
            }
        }
    };
    let seats = usize::from(v.players());
    let mut deviations;
    let mut changed = true;
    while changed {
        changed = false;
        // The deviation budget is per round: every accepted candidate is shorter or has
        // smaller choices, so the rounds are few.
        deviations = 0;
        // Deletions, large blocks first; whole rounds at every position.
        let mut sizes = Vec::new();
        let mut size = best.choices.len().div_ceil(2);
        while size > 1 {
            sizes.push(size);
            size = size.div_ceil(2);
        }
        if seats > 2 {
            sizes.push(seats);
        }
        sizes.push(1);
        for size in sizes {
            let mut i = 0;
            while i + size <= best.choices.len() {
                let cand: Vec<Choice> =
                    best.choices[..i].iter().chain(&best.choices[i + size..]).copied().collect();
                // The later moves kept where they are still legal, or the later choices
                // re-derived in the positions they now meet.
                let kept = keep_moves(v, &best, i, size, &cand);
                let found = attempt(&kept, how, runner, &mut steps).or_else(|| {
                    if kept == cand {
                        None
                    } else {
                        attempt(&cand, how, runner, &mut steps)
                    }
                });
                match found {
                    Some(line) => {
                        best = line;
                        changed = true;
                    }
                    None => i += 1,
                }
            }
        }
        // Two choices apart (a move and a later answer to it), the moves between kept.
        if !changed {
            'pairs: for i in 0..best.choices.len() {
                for j in i + 2..best.choices.len() {
                    let moves: Vec<_> = best
                        .moves
                        .iter()
                        .enumerate()
                        .filter(|&(k, _)| k != i && k != j)
                        .map(|(_, &m)| m)
                        .collect();
                    let cand: Vec<Choice> = best
                        .choices
                        .iter()
                        .enumerate()
                        .filter(|&(k, _)| k != i && k != j)
                        .map(|(_, &c)| c)
                        .collect();
                    let cand = keep_all(v, &moves, &cand);
                    if let Some(line) = attempt(&cand, how, runner, &mut steps) {
                        best = line;
                        changed = true;
                        break 'pairs;
                    }
                }
            }
        }
        // Deviate early: another move at i, and one later choice gone.
        if !changed {
            let mut pos = Position::new(v);
            'deviate: for i in 0..best.choices.len() {
                let legal = pos.legal_moves();
                for alt in 0..legal.len() {
                    if legal[alt] == best.moves[i] {
                        continue;
                    }
                    for j in i + 1..best.choices.len() {
                        if deviations >= MAX_DEVIATIONS {
                            break 'deviate;
                        }
                        let mut moves = best.moves.clone();
                        moves[i] = legal[alt];
                        moves.remove(j);
                        let mut cand = best.choices.clone();
                        cand[i].index = alt as u32;
                        cand.remove(j);
                        let cand = keep_all(v, &moves, &cand);
                        deviations += 1;
                        if let Some(line) = attempt(&cand, how, runner, &mut steps) {
                            best = line;
                            changed = true;
                            break 'deviate;
                        }
                    }
                }
                pos.play_unchecked(best.moves[i]);
            }
        }
        // Another move at one ply alone, kept when the disagreement then shows sooner.
        if !changed {
            deviations = 0;
            let mut pos = Position::new(v);
            'sooner: for i in 0..best.choices.len() {
                let legal = pos.legal_moves();
                for (alt, &m) in legal.iter().enumerate() {
                    if m == best.moves[i] {
                        continue;
                    }
                    if deviations >= MAX_DEVIATIONS {
                        break 'sooner;
                    }
                    deviations += 1;
                    let mut moves = best.moves.clone();
                    moves[i] = m;
                    let mut cand = best.choices.clone();
                    cand[i].index = alt as u32;
                    let cand = keep_all(v, &moves, &cand);
                    if let Some(line) = attempt(&cand, how, runner, &mut steps) {
                        if line.choices.len() < best.choices.len() {
                            best = line;
                            changed = true;
                            break 'sooner;
                        }
                    }
                }
                pos.play_unchecked(best.moves[i]);
            }
        }
        // Undo flags.
        for i in 0..best.choices.len() {
            if best.choices.get(i).is_some_and(|c| c.undo) {
                let mut cand = best.choices.clone();
                cand[i].undo = false;
                if let Some(line) = attempt(&cand, how, runner, &mut steps) {
                    best = line;
                    changed = true;
                }
            }
        }
        // Smaller indices.
        for i in 0..best.choices.len() {
            let Some(c) = best.choices.get(i).copied() else { break };
            // The index as it is played (modulo the legal moves), so that lowering it is
            // real progress.
            let played = played_index(v, &best, i);
            for lower in [0, played / 2] {
                if lower >= played {
                    continue;
                }
                let mut cand = best.choices.clone();
                cand[i] = Choice { index: lower, ..c };
                if let Some(line) = attempt(&cand, how, runner, &mut steps) {
                    best = line;
                    changed = true;
                    break;
                }
            }
        }
        if steps >= max_steps || Instant::now() >= deadline {
            break;
        }
    }
    Shrunk { line: best, steps, reproduced: true }
}

/// `cand` with each choice turned into the index of `moves[k]` where that move is legal.
fn keep_all(v: Variant, moves: &[wallrush_core::Move], cand: &[Choice]) -> Vec<Choice> {
    let mut pos = Position::new(v);
    let mut out = Vec::with_capacity(cand.len());
    for (k, &c) in cand.iter().enumerate() {
        if pos.is_game_over() {
            break;
        }
        let legal = pos.legal_moves();
        let index =
            moves.get(k).and_then(|w| legal.iter().position(|l| l == w)).map_or(c.index, |p| p as u32);
        pos.play_unchecked(legal[index as usize % legal.len()]);
        out.push(Choice { index, ..c });
    }
    out
}

/// `cand` (the choices of `line` without `size` of them from `i`) with each later choice
/// turned into the index of the move it played in `line`, where that move is still legal.
fn keep_moves(v: Variant, line: &Line, i: usize, size: usize, cand: &[Choice]) -> Vec<Choice> {
    let mut pos = Position::new(v);
    let mut out = Vec::with_capacity(cand.len());
    for (k, &c) in cand.iter().enumerate() {
        if pos.is_game_over() {
            break;
        }
        let legal = pos.legal_moves();
        let wanted = if k < i { None } else { line.moves.get(k + size) };
        let index = wanted.and_then(|w| legal.iter().position(|l| l == w)).map_or(c.index, |p| p as u32);
        pos.play_unchecked(legal[index as usize % legal.len()]);
        out.push(Choice { index, ..c });
    }
    out
}

/// The index among the legal moves of the move that choice `i` of `line` played.
fn played_index(v: Variant, line: &Line, i: usize) -> u32 {
    let mut pos = Position::new(v);
    for &m in &line.moves[..i] {
        pos.play_unchecked(m);
    }
    pos.legal_moves().iter().position(|&l| Some(&l) == line.moves.get(i)).unwrap_or(0) as u32
}
