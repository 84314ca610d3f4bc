//! Plain game records: one header line, then the moves in standard notation.
//!
//! ```text
//! # variant size=5 players=2 walls=3 wall_length=2 goal=edge; south=beginner north=random; result=south wins (goal)
//! c2 c4 b3h c3 …
//! ```
//!
//! Deliberately small and isolated: a tagged record format can replace it without
//! touching the match runner, which only calls [`write_game`].

use std::fmt::Write;

use wallrush_core::notation::ParseError;
use wallrush_core::{BySeat, DrawReason, Move, Outcome, Variant, WinReason};

/// Moves per line in the move list of a record.
pub const PER_LINE: usize = 16;

/// `south wins (goal)`, `north wins (resignation)`, `draw (ply_limit)`.
pub fn result_text(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { seat, reason } => {
            let why = match reason {
                WinReason::Goal => "goal",
                WinReason::Resignation => "resignation",
            };
            format!("{seat} wins ({why})")
        }
        Outcome::Draw(reason) => format!("draw ({})", DrawReason::name(reason)),
    }
}

/// A game's record: the header line (variant, who sat where, result) and the moves from
/// the variant's start position in standard notation, [`PER_LINE`] to a line.
/// `names[s]` is `None` for seats not in the variant.
pub fn write_game(variant: Variant, names: BySeat<Option<&str>>, moves: &[Move], outcome: Outcome) -> String {
    let mut out = format!("# variant {variant};");
    for seat in variant.seats() {
        let _ = write!(out, " {seat}={}", names[seat].unwrap_or("?"));
    }
    let _ = writeln!(out, "; result={}", result_text(outcome));
    for line in moves.chunks(PER_LINE) {
        let texts: Vec<String> = line.iter().map(|m| m.text(variant.size()).to_string()).collect();
        out.push_str(&texts.join(" "));
        out.push('\n');
    }
    out
}

/// The moves of a record written by [`write_game`] (the header and blank lines skipped).
///
/// # Errors
/// The [`ParseError`] of the first token that is not a move in standard notation.
pub fn read_moves(text: &str) -> Result<Vec<Move>, ParseError> {
    text.lines().filter(|l| !l.starts_with('#')).flat_map(str::split_whitespace).map(str::parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wallrush_core::{Position, Seat};

    #[test]
    fn writes_header_and_wrapped_moves() {
        let mut pos = Position::classic();
        let moves: Vec<Move> = ["e2", "e8", "e3", "e7", "d4h"].iter().map(|m| m.parse().unwrap()).collect();
        for &m in &moves {
            pos.play(m).unwrap();
        }
        let names = BySeat([Some("beginner"), None, Some("random"), None]);
        let text = write_game(pos.variant(), names, &moves, Outcome::Draw(DrawReason::PlyLimit));
        assert_eq!(
            text,
            "# variant size=9 players=2 walls=10 wall_length=2 goal=edge; south=beginner \
             north=random; result=draw (ply_limit)\ne2 e8 e3 e7 d4h\n"
        );
        assert_eq!(read_moves(&text).unwrap(), moves);
        let long = vec![moves[0]; 20];
        let text = write_game(pos.variant(), names, &long, Outcome::Draw(DrawReason::PlyLimit));
        assert_eq!(text.lines().count(), 3, "16 moves, then 4");
        assert_eq!(read_moves(&text).unwrap(), long);
        assert!(read_moves("e2 zz").is_err());
    }

    #[test]
    fn results() {
        let win = Outcome::Win { seat: Seat::North, reason: WinReason::Goal };
        assert_eq!(result_text(win), "north wins (goal)");
        assert_eq!(result_text(Outcome::Draw(DrawReason::AllPassed)), "draw (all_passed)");
    }

    #[test]
    fn large_boards_use_rc_names() {
        let v = Variant::new(27, 2, 1, 2, wallrush_core::Goal::Edge).unwrap();
        let m: Move = "r2c14".parse().unwrap();
        let text = write_game(
            v,
            BySeat([Some("a"), None, Some("b"), None]),
            &[m],
            Outcome::Draw(DrawReason::PlyLimit),
        );
        assert!(text.ends_with("\nr2c14\n"), "{text}");
        assert_eq!(read_moves(&text).unwrap(), [m]);
    }
}
