//! The README's first command: a seeded game on the classic board, drawn as it goes,
//! every move validated, then perft(3) with its time.

use std::io::Write;
use std::time::Instant;

use wallrush_core::{perft, Move, Outcome, Position, Seat};

/// SplitMix64: a tiny seeded generator, so the same seed plays the same game.
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A simple one-ply racer: it steps along its shortest route, and when it is behind it
/// places the wall that hurts the opponent most relative to itself. Ties by the seed.
pub fn racer_move(pos: &Position, rng: &mut SplitMix) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let me = pos.turn();
    let opp = pos.seats_in_play().filter(|&s| s != me).min_by_key(|&s| pos.route_len(s))?;
    let (mine, theirs) = (pos.route_len(me)? as i64, pos.route_len(opp)? as i64);
    let mut best = (i64::MIN, Vec::new());
    for &m in &moves {
        let score = match m {
            Move::Pawn(_) => {
                let mut child = pos.clone();
                child.play_unchecked(m);
                if child.outcome().is_some() {
                    i64::MAX
                } else {
                    mine - child.route_len(me)? as i64
                }
            }
            Move::Wall(w) if theirs <= mine => {
                let after = pos.preview_wall(w).ok()?;
                let gain = (after[opp]? as i64 - theirs) - (after[me]? as i64 - mine);
                if theirs == 1 {
                    gain * 10
                } else {
                    gain
                }
            }
            Move::Wall(_) => continue,
            Move::Pass => 0,
        };
        if score > best.0 {
            best = (score, vec![m]);
        } else if score == best.0 {
            best.1.push(m);
        }
    }
    let choices = best.1;
    (!choices.is_empty()).then(|| choices[rng.below(choices.len())])
}

/// Plays the demo game and prints it to `out`.
///
/// # Errors
/// Only I/O errors from `out`.
pub fn run(out: &mut impl Write, seed: u64, quiet_board: bool) -> std::io::Result<()> {
    let mut rng = SplitMix(seed);
    let mut pos = Position::classic();
    let mut record = Vec::new();
    writeln!(out, "wallrush demo: classic 9×9, two seats, seed {seed}\n")?;
    writeln!(out, "{pos}\n")?;
    while !pos.is_game_over() && record.len() < 500 {
        let m = racer_move(&pos, &mut rng).expect("a game in progress has a move");
        let mover = pos.turn();
        // Every move is validated by the checked path.
        pos.play(m).expect("the racer only plays legal moves");
        record.push(m);
        pos.verify_caches().expect("incremental caches agree with a fresh search");
        if !quiet_board {
            writeln!(out, "ply {}: {mover} plays {m}\n{pos}\n", record.len())?;
        }
    }
    if quiet_board {
        writeln!(out, "{pos}\n")?;
    }
    let mut text = String::new();
    for (i, pair) in record.chunks(2).enumerate() {
        text.push_str(&format!("{}. ", i + 1));
        for m in pair {
            text.push_str(&format!("{m} "));
        }
    }
    writeln!(out, "moves: {}", text.trim_end())?;
    match pos.outcome() {
        Some(Outcome::Win { seat, .. }) => writeln!(out, "result: {seat} wins in {} plies", record.len())?,
        Some(Outcome::Draw(r)) => writeln!(out, "result: draw ({})", r.name())?,
        None => writeln!(out, "result: unfinished after {} plies", record.len())?,
    }
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
    let _ = Seat::South;
    Ok(())
}
