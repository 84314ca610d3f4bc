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
//! 3. when no block goes, re-root: reach the position where the disagreement shows, or
//!    one like it, the short way ([`rerooted`]): the protocol cannot set up a position,
//!    so the pawns that matter are walked straight to their squares, with the game's
//!    walls (all, none or one) placed in spare turns;
//! 4. delete two choices apart (a move and a later answer to it), the moves between and
//!    after kept where legal;
//! 5. deviate: another legal move at one ply and one other choice deleted, before or
//!    after it, the other moves kept where legal ([`deviations`], at most
//!    [`MAX_DEVIATIONS`] a round);
//! 6. when that fails too, another legal move at one ply alone, kept when the
//!    disagreement then shows sooner (as many again);
//! 7. drop undo flags;
//! 8. lower each index: to 0 (the first pawn move), then to half of it;
//! 9. when nothing else goes, search the short games ([`ShortGames`]): every game
//!    shorter than the best, shortest first, over the pawn moves, the best game's walls
//!    (also turned about their anchors) and one filler wall, each asked about its last position only and replayed in full
//!    when it shows the disagreement there.
//!
//! Every accepted candidate is shorter, or as long with smaller choices, so the shrink
//! ends; it also stops after [`MAX_STEPS`] candidates or at the deadline.

use std::collections::HashSet;
use std::time::Instant;

use wallrush_core::{Move, Orientation, Position, Seat, Square, Variant, Wall};

use super::{play_line, Choice, Line, Lockstep, Runner};

/// The most candidates one shrink replays on the engine.
pub const MAX_STEPS: u32 = 8000;
/// The most candidates when the engine did not answer (each may wait the full time).
pub const MAX_ANSWER_STEPS: u32 = 20;
/// The most candidates spent deviating in one round (pass 5).
pub const MAX_DEVIATIONS: u32 = 600;

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
    let mut changed = true;
    while changed {
        changed = false;
        // The deviation budget is per round: every accepted candidate is shorter or has
        // smaller choices, so the rounds are few.
        let mut deviations_tried = 0;
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
        // The shortest way to the position where it shows: the pawns that matter walked
        // straight to their squares, the walls placed or left out, fillers between.
        if !changed {
            for cand in rerooted(v, &best.moves) {
                if let Some(line) = attempt(&cand, how, runner, &mut steps) {
                    if line.choices.len() < best.choices.len() {
                        best = line;
                        changed = true;
                        break;
                    }
                }
            }
        }
        // Two choices apart (a move and a later answer to it), the moves between kept.
        if !changed {
            'pairs: for i in 0..best.choices.len() {
                for j in i + 2..best.choices.len() {
                    let moves = without(&best.moves, &[i, j]);
                    let cand = keep_all(v, &moves, &without(&best.choices, &[i, j]));
                    if let Some(line) = attempt(&cand, how, runner, &mut steps) {
                        best = line;
                        changed = true;
                        break 'pairs;
                    }
                }
            }
        }
        // Another move at one ply, and one other choice gone (before or after it).
        if !changed {
            let mut shorter = None;
            for cand in deviations(v, &best) {
                if deviations_tried >= MAX_DEVIATIONS {
                    break;
                }
                deviations_tried += 1;
                if let Some(line) = attempt(&cand, how, runner, &mut steps) {
                    shorter = Some(line);
                    break;
                }
            }
            if let Some(line) = shorter {
                best = line;
                changed = true;
            }
        }
        // Another move at one ply alone, kept when the disagreement then shows sooner.
        if !changed {
            let mut deviations = 0;
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
        // Short games: every game shorter than the best over a small alphabet, shortest
        // first, each asked about its last position only, then replayed in full.
        if !changed {
            let mut games = ShortGames::new(v, &best.moves);
            'search: while let Some(layer) = games.next_layer(max_steps.saturating_sub(steps) as usize) {
                for path in layer {
                    if steps >= max_steps || Instant::now() >= deadline {
                        break 'search;
                    }
                    let cand: Vec<Choice> = path.iter().map(|&index| Choice { index, undo: false }).collect();
                    let last = Lockstep { compare_from: cand.len(), ..how };
                    if attempt(&cand, last, runner, &mut steps).is_some() {
                        if let Some(line) = attempt(&cand, how, runner, &mut steps) {
                            best = line;
                            changed = true;
                            break 'search;
                        }
                    }
                }
            }
        }
        if steps >= max_steps || Instant::now() >= deadline {
            break;
        }
    }
    Shrunk { line: best, steps, reproduced: true }
}

/// Pass 3's candidates: games that reach the last position of `moves`, or one like it,
/// the short way, shortest first. The protocol has no command that sets up a position, so
/// a position is reached by moves from the start: for each set of seats whose pawns are
/// walked to their final squares (the others stay where they started), and with all the
/// walls of `moves`, none, or each one alone, every seat in turn steps its pawn towards
/// its square (the legal pawn move that brings it closest); a seat with no step to make
/// places the next of those walls, or else a filler (its first legal wall, or its first
/// legal move), until every pawn stands on its square, every wall is placed and the seat
/// to move is the one that was to move at the end (or the game is over, if it was). Only
/// games shorter than `moves` are returned.
pub fn rerooted(v: Variant, moves: &[Move]) -> Vec<Vec<Choice>> {
    let mut end = Position::new(v);
    for &m in moves {
        end.play_unchecked(m);
    }
    let mut walls: Vec<Move> = Vec::new();
    for &m in moves {
        if matches!(m, Move::Wall(_)) && !walls.contains(&m) {
            walls.push(m);
        }
    }
    let mut wall_sets = vec![Vec::new()];
    if !walls.is_empty() {
        wall_sets.push(walls.clone());
    }
    if walls.len() > 1 {
        wall_sets.extend(walls.iter().map(|&w| vec![w]));
    }
    let start = Position::new(v);
    let seats: Vec<Seat> = v.seats().collect();
    let mut out: Vec<Vec<Choice>> = Vec::new();
    for walked in 0u32..1 << seats.len() {
        let target = |s: Seat| {
            let k = seats.iter().position(|&x| x == s)?;
            (walked >> k & 1 == 1).then(|| end.pawn(s)).flatten()
        };
        if seats.iter().any(|&s| target(s).is_some() && target(s) == start.pawn(s)) {
            continue; // the same games as without that seat walked
        }
        for set in &wall_sets {
            let mut queue = set.clone();
            let mut pos = start.clone();
            let mut cand = Vec::new();
            let settled = |pos: &Position, queue: &[Move]| {
                queue.is_empty()
                    && seats.iter().all(|&s| target(s).is_none_or(|t| pos.pawn(s) == Some(t)))
                    && pos.is_game_over() == end.is_game_over()
                    && (pos.is_game_over() || pos.turn() == end.turn())
            };
            while cand.len() + 1 < moves.len() && !pos.is_game_over() && !settled(&pos, &queue) {
                let me = pos.turn();
                let legal = pos.legal_moves();
                let index_of = |m: Move| legal.iter().position(|&l| l == m);
                let step = target(me).zip(pos.pawn(me)).and_then(|(t, here)| {
                    let dist = |a: Square| a.file().abs_diff(t.file()) + a.rank().abs_diff(t.rank());
                    legal
                        .iter()
                        .enumerate()
                        .filter_map(|(k, &m)| match m {
                            Move::Pawn(sq) if dist(sq) < dist(here) => Some((dist(sq), k)),
                            _ => None,
                        })
                        .min()
                        .map(|(_, k)| k)
                });
                let wall = queue.iter().position(|&w| index_of(w).is_some());
                let k = match (step, wall) {
                    (Some(k), _) => k,
                    (None, Some(w)) => index_of(queue.remove(w)).unwrap_or(0),
                    (None, None) => legal.iter().position(|m| matches!(m, Move::Wall(_))).unwrap_or(0),
                };
                pos.play_unchecked(legal[k]);
                cand.push(Choice { index: k as u32, undo: false });
            }
            if settled(&pos, &queue) && cand.len() < moves.len() && !out.contains(&cand) {
                out.push(cand);
            }
        }
    }
    out.sort_by_key(Vec::len);
    out
}

/// Pass 4's candidates, made as they are asked for: another legal move at one ply and one
/// other choice deleted, before or after it, the other moves kept where they are still
/// legal. The plies nearest the disagreement are changed first, as the moves that set it
/// up are usually the last ones.
pub fn deviations(v: Variant, best: &Line) -> impl Iterator<Item = Vec<Choice>> + '_ {
    let n = best.choices.len().min(best.moves.len());
    (0..n).rev().flat_map(move |i| {
        (0..n).filter(move |&j| j != i).flat_map(move |j| {
            // The game without choice j, its moves kept where legal, and the ply `at`
            // that the move at i has moved to.
            let moves = without(&best.moves[..n], &[j]);
            let base = keep_all(v, &moves, &without(&best.choices[..n], &[j]));
            let at = if j < i { i - 1 } else { i };
            let mut pos = Position::new(v);
            let mut played = None;
            for (k, c) in base.iter().enumerate() {
                let legal = pos.legal_moves();
                let m = legal[c.index as usize % legal.len()];
                if k == at {
                    played = Some((legal, m));
                    break;
                }
                pos.play_unchecked(m);
            }
            let Some((legal, current)) = played else { return Vec::new() };
            legal
                .iter()
                .enumerate()
                .filter(|&(_, &m)| m != current)
                .map(|(alt, &m)| {
                    let mut moves = moves.clone();
                    moves[at] = m;
                    let mut cand = base.clone();
                    cand[at].index = alt as u32;
                    keep_all(v, &moves, &cand)
                })
                .collect::<Vec<_>>()
        })
    })
}

/// Pass 8's candidates: the games shorter than a given one, a layer per length, shortest
/// first. Their moves come from a small alphabet: every pawn move (and `pass`), the walls
/// of the given game and the same walls turned about their anchors (`c2h` and `c2v`),
/// where they are legal, and the first legal wall, which stands for
/// any move that only hands the turn on. A position reached before is not reached again,
/// and within a layer games with fewer walls come first.
pub struct ShortGames {
    walls: Vec<Move>,
    layer: Vec<(Vec<u32>, Position)>,
    seen: HashSet<Position>,
    longest: usize,
}

impl ShortGames {
    /// The games shorter than `moves`.
    pub fn new(v: Variant, moves: &[Move]) -> ShortGames {
        // Each wall of the game, and the same wall turned about its anchor.
        let mut walls: Vec<Move> = moves
            .iter()
            .filter_map(|&m| match m {
                Move::Wall(w) => {
                    let turned = match w.orientation() {
                        Orientation::Horizontal => Wall::vertical(w.anchor()),
                        Orientation::Vertical => Wall::horizontal(w.anchor()),
                    };
                    Some([m, Move::Wall(turned)])
                }
                _ => None,
            })
            .flatten()
            .collect();
        walls.sort_unstable();
        walls.dedup();
        let start = Position::new(v);
        ShortGames {
            walls,
            seen: HashSet::from([start.clone()]),
            layer: vec![(Vec::new(), start)],
            longest: moves.len().saturating_sub(1),
        }
    }

    /// The next layer: games one ply longer than the last (as choice indices), at most
    /// `cap` of them; `None` when they would be no shorter than the given game, or
    /// there are none.
    pub fn next_layer(&mut self, cap: usize) -> Option<Vec<Vec<u32>>> {
        if self.layer.first().is_none_or(|(path, _)| path.len() >= self.longest) {
            return None;
        }
        let mut next = Vec::new();
        'grow: for (path, pos) in &self.layer {
            if pos.is_game_over() {
                continue;
            }
            let legal = pos.legal_moves();
            let filler = legal.iter().position(|m| matches!(m, Move::Wall(_)));
            for (k, &m) in legal.iter().enumerate() {
                if matches!(m, Move::Wall(_)) && Some(k) != filler && !self.walls.contains(&m) {
                    continue;
                }
                let mut p = pos.clone();
                p.play_unchecked(m);
                if !self.seen.insert(p.clone()) {
                    continue;
                }
                if next.len() >= cap {
                    break 'grow;
                }
                let mut path = path.clone();
                path.push(k as u32);
                next.push((path, p));
            }
        }
        next.sort_by_key(|(_, p)| p.walls().len());
        self.layer = next;
        if self.layer.is_empty() {
            return None;
        }
        Some(self.layer.iter().map(|(path, _)| path.clone()).collect())
    }
}

/// `items` without the ones at the indices `skip`.
fn without<T: Copy>(items: &[T], skip: &[usize]) -> Vec<T> {
    items.iter().enumerate().filter(|(k, _)| !skip.contains(k)).map(|(_, &x)| x).collect()
}

/// `cand` with each choice turned into the index of `moves[k]` where that move is legal.
fn keep_all(v: Variant, moves: &[Move], cand: &[Choice]) -> Vec<Choice> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::choices_of;

    fn moves_of(v: Variant, choices: &[Choice]) -> Vec<String> {
        let mut pos = Position::new(v);
        choices
            .iter()
            .map(|c| {
                let legal = pos.legal_moves();
                let m = legal[c.index as usize % legal.len()];
                pos.play_unchecked(m);
                m.text(v.size()).to_string()
            })
            .collect()
    }

    fn parse(text: &str) -> Vec<Move> {
        text.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    fn end_of(v: Variant, moves: &[String]) -> Position {
        let mut pos = Position::new(v);
        for m in moves {
            pos.play(m.parse().unwrap()).unwrap();
        }
        pos
    }

    #[test]
    fn rerooting_walks_the_pawns_that_matter_and_places_one_wall_in_a_spare_turn() {
        // North to move at c4 over West at c3, with a wall between West and South at c2:
        // ten plies as found, six when South, West and North walk straight there and the
        // wall c2h is placed in East's spare turn.
        let v = Variant::builder().size(5).players(4).walls(3).build().unwrap();
        let moves = parse("c4v c2h c4 e2 c2 b3 b1h e1 d1h c3");
        let end = end_of(v, &moves.iter().map(|m| m.to_string()).collect::<Vec<_>>());
        let cands = rerooted(v, &moves);
        assert!(!cands.is_empty());
        for c in &cands {
            assert!(c.len() < moves.len(), "{:?} is no shorter", moves_of(v, c));
            assert_eq!(end_of(v, &moves_of(v, c)).turn(), end.turn());
        }
        assert!(cands.windows(2).all(|w| w[0].len() <= w[1].len()), "shortest first");
        let six: Vec<Vec<String>> = cands.iter().filter(|c| c.len() == 6).map(|c| moves_of(v, c)).collect();
        assert!(six.iter().any(|m| {
            let pos = end_of(v, m);
            let at = |s: Seat| pos.pawn(s).map(|sq| sq.text(5).to_string());
            at(Seat::South).as_deref() == Some("c2")
                && at(Seat::West).as_deref() == Some("c3")
                && at(Seat::North).as_deref() == Some("c4")
                && pos.walls().iter().any(|w| w.text(5).to_string() == "c2h")
        }));
    }

    #[test]
    fn deviations_delete_one_choice_and_change_a_later_or_earlier_move() {
        // South c2, North c3 over it and the wall b1h behind it (five plies), as four:
        // b1h deleted and the last move changed to a wall behind North.
        let v = Variant::builder().size(5).walls(3).build().unwrap();
        let moves = parse("c2 c4 b1h c3 a2h");
        let line = Line {
            choices: choices_of(v, &moves),
            moves: moves.clone(),
            found: None,
            pos: Position::new(v),
            script: Vec::new(),
        };
        let cands: Vec<Vec<String>> = deviations(v, &line).map(|c| moves_of(v, &c)).collect();
        assert!(cands.iter().all(|c| c.len() == 4));
        assert!(cands.contains(&vec!["c2".into(), "c4".into(), "c3".into(), "c4h".into()]));
        // And a change before the deleted choice: the first move changed, the last gone.
        assert!(cands.iter().any(|c| c[0] != "c2" && c[1..] == ["c4", "b1h", "c3"]));
    }

    #[test]
    fn short_games_come_shortest_first_each_position_once() {
        // North winning on a1 in four plies; South's diagonal jump onto a3, over North
        // standing on b3 with the edge behind, wins in three: b2, any wall, a3.
        let v = Variant::builder().size(3).walls(2).build().unwrap();
        let moves = parse("a1 b2 b1 a1");
        let mut games = ShortGames::new(v, &moves);
        let mut seen = HashSet::new();
        let mut lengths = Vec::new();
        let mut three = Vec::new();
        while let Some(layer) = games.next_layer(10_000) {
            let walls: Vec<usize> = layer
                .iter()
                .map(|g| {
                    let c: Vec<Choice> = g.iter().map(|&index| Choice { index, undo: false }).collect();
                    let pos = end_of(v, &moves_of(v, &c));
                    assert!(seen.insert(pos.clone()), "a position reached twice");
                    pos.walls().len()
                })
                .collect();
            assert!(walls.windows(2).all(|w| w[0] <= w[1]), "fewer walls first");
            lengths.push(layer[0].len());
            assert!(layer.iter().all(|g| g.len() == layer[0].len()));
            if layer[0].len() == 3 {
                three = layer;
            }
        }
        assert_eq!(lengths, [1, 2, 3]);
        assert!(three.iter().any(|g| {
            let c: Vec<Choice> = g.iter().map(|&index| Choice { index, undo: false }).collect();
            let m = moves_of(v, &c);
            m[0] == "b2" && m[1].ends_with('h') && m[2] == "a3"
        }));
        // The game's walls come turned about their anchors too: West over South with a
        // wall between South and East behind it, five plies, from a six-ply game whose
        // wall ran the other way.
        let v4 = Variant::builder().size(5).players(4).walls(3).build().unwrap();
        let mut games = ShortGames::new(v4, &parse("c2 b3 c4 c2h a1h c3"));
        let mut five = Vec::new();
        while let Some(layer) = games.next_layer(100_000) {
            five = layer;
        }
        let want = ["c2", "b3", "c2v", "d3", "c3"];
        assert!(five.iter().any(|g| {
            let c: Vec<Choice> = g.iter().map(|&index| Choice { index, undo: false }).collect();
            moves_of(v4, &c) == want
        }));
        // The layer is capped.
        let mut capped = ShortGames::new(v, &moves);
        assert!(capped.next_layer(2).is_some_and(|l| l.len() == 2));
    }
}
