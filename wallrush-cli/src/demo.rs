//! The README's first command: the beginner (South) against the strong engine (North,
//! on a node budget, so the same seed always plays the same game) on the classic board,
//! drawn as it goes, every move validated, then perft(3) with its time.

use std::io::Write;
use std::time::Instant;

use wallrush_core::{perft, Move, Outcome, Position, Seat};
use wallrush_engine::bot::{Beginner, Bot};
use wallrush_engine::search::{Limits, Strong};

use crate::term::{self, Marks, Style};

/// Search nodes the strong engine spends on each move of the demo.
pub const DEMO_NODES: u64 = 4000;

/// Plays the demo game for `seed`, calling `each` after every move with the ply (from 1),
/// the mover, the move and the position after it; returns the moves and the final
/// position. Every move goes through the checked path and the caches are verified.
///
/// # Errors
/// Only the errors `each` returns.
pub fn play_game<E>(
    seed: u64,
    mut each: impl FnMut(usize, Seat, Move, &Position) -> Result<(), E>,
) -> Result<(Vec<Move>, Position), E> {
    let mut beginner = Beginner::new(seed);
    let mut strong = Strong::new(Limits::nodes(DEMO_NODES));
    let mut pos = Position::classic();
    let mut record = Vec::new();
    while !pos.is_game_over() && record.len() < 500 {
        let mover = pos.turn();
        let m = match mover {
            Seat::South => beginner.choose(&pos),
            _ => strong.choose(&pos),
        }
        .expect("a game in progress has a move");
        pos.play(m).expect("the engines only play legal moves");
        record.push(m);
        pos.diagnostics().verify_caches().expect("incremental caches agree with a fresh search");
        each(record.len(), mover, m, &pos)?;
    }
    Ok((record, pos))
}

/// Plays the demo game and prints it to `out`, with the board `play` draws (plain).
///
/// # Errors
/// Only I/O errors from `out`.
pub fn run(out: &mut impl Write, seed: u64, quiet_board: bool) -> std::io::Result<()> {
    run_styled(out, seed, quiet_board, &Style::plain())
}

/// The board as `play` draws it, the last move marked, with a status line.
fn board(pos: &Position, before: Option<&Position>, style: &Style) -> String {
    let marks = Marks { flip: false, previous: before, preview: false, bare: false };
    term::draw_marked(pos, style, &marks)
}

/// Plays the demo game and prints it to `out`, the boards drawn in `style`; the last
/// line names the result.
///
/// # Errors
/// Only I/O errors from `out`.
pub fn run_styled(out: &mut impl Write, seed: u64, quiet_board: bool, style: &Style) -> std::io::Result<()> {
    writeln!(
        out,
        "wallrush demo: classic 9×9, south beginner (seed {seed}) against north strong ({DEMO_NODES} nodes a move)\n"
    )?;
    writeln!(out, "{}", board(&Position::classic(), None, style))?;
    let mut before = Position::classic();
    let (record, pos) = play_game(seed, |ply, mover, m, pos| {
        let shown = if quiet_board {
            Ok(())
        } else {
            writeln!(out, "ply {ply}: {mover} plays {m}\n{}", board(pos, Some(&before), style))
        };
        before = pos.clone();
        shown
    })?;
    if quiet_board {
        writeln!(out, "{}", board(&pos, None, style))?;
    }
    let mut text = String::new();
    for (i, pair) in record.chunks(2).enumerate() {
        text.push_str(&format!("{}. ", i + 1));
        for m in pair {
            text.push_str(&format!("{m} "));
        }
    }
    writeln!(out, "moves: {}", text.trim_end())?;
    // Replay the record from the start through the checked path: it must reach the same
    // position.
    let mut replay = Position::classic();
    for &m in &record {
        replay.play(m).expect("the record replays");
    }
    assert_eq!(replay, pos);
    writeln!(out, "replayed {} moves: same final position", record.len())?;
    let start = Instant::now();
    let nodes = perft(&Position::classic(), 3);
    let t = start.elapsed();
    writeln!(
        out,
        "perft(3) from the opening: {nodes} nodes in {:.1} ms ({:.1} M nodes/s)",
        t.as_secs_f64() * 1e3,
        nodes as f64 / t.as_secs_f64() / 1e6
    )?;
    match pos.outcome() {
        Some(Outcome::Win { seat, .. }) => writeln!(out, "result: {seat} wins after {} plies", record.len())?,
        Some(Outcome::Draw(r)) => writeln!(out, "result: draw ({}) after {} plies", r.name(), record.len())?,
        None => writeln!(out, "result: unfinished after {} plies", record.len())?,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_game() {
        // The first plies twice (a whole game is slow in a debug build; the integration
        // test plays it): the node budget makes them the same.
        let opening = |seed| {
            let mut moves = Vec::new();
            let stop = play_game(seed, |ply, _, m, _| {
                moves.push(m);
                if ply < 8 {
                    Ok(())
                } else {
                    Err(())
                }
            });
            assert!(stop.is_err(), "the game lasts more than 8 plies");
            moves
        };
        assert_eq!(opening(5), opening(5));
        assert_eq!(opening(5).len(), 8);
    }
}
