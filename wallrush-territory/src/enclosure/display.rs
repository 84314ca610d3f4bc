//! The ASCII picture of a position.

use core::fmt;

use super::board::{Groove, Player, SIZE};
use super::position::{Outcome, Position, DISCARD_LIMIT};
use crate::grid::Side;
use wallrush_core::Square;

impl fmt::Display for Position {
    /// The board with rank 6 at the top, then the cards and the state of play.
    ///
    /// Walls are `---` and `|` (board-edge grooves included; posts are `+`). A square
    /// shows ` 1 ` / ` 2 ` for an active piece, `(1)` for a piece in a semi-finished
    /// enclosure, `[1]` for one in a finished enclosure, ` ~ ` / ` # ` for an empty square
    /// of a semi-finished / finished enclosure, ` x ` for the square this turn's first
    /// move vacated. Spent cards are shown as `.`.
    ///
    /// ```
    /// use wallrush_territory::enclosure::{Position, Player};
    /// let pos = Position::new(Player::Two);
    /// let text = pos.to_string();
    /// assert!(text.contains("cards: A B C D E F | 1 2 3 4 5 6"));
    /// assert!(text.contains("player 2 to move (1 move left)"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let files = "    a   b   c   d   e   f\n";
        f.write_str(files)?;
        for line in (0..=SIZE).rev() {
            // The horizontal grooves of `line` (below rank `line`).
            f.write_str("  +")?;
            for file in 0..SIZE {
                let g = if line < SIZE {
                    Groove::of(Square::new(file, line), Side::South)
                } else {
                    Groove::of(Square::new(file, SIZE - 1), Side::North)
                };
                let wall = g.is_some_and(|g| self.wall_at(g).is_some());
                f.write_str(if wall { "---+" } else { "   +" })?;
            }
            f.write_str("\n")?;
            if line == 0 {
                break;
            }
            let rank = line - 1;
            write!(f, "{} ", rank + 1)?;
            for file in 0..SIZE {
                let sq = Square::new(file, rank);
                let west = Groove::of(sq, Side::West).is_some_and(|g| self.wall_at(g).is_some());
                f.write_str(if west { "|" } else { " " })?;
                f.write_str(self.cell_text(sq))?;
            }
            let east = Groove::of(Square::new(SIZE - 1, rank), Side::East)
                .is_some_and(|g| self.wall_at(g).is_some());
            writeln!(f, "{} {}", if east { "|" } else { " " }, rank + 1)?;
        }
        f.write_str(files)?;
        f.write_str("cards:")?;
        for i in 0..SIZE {
            let c = if self.cards().has_letter(i) { (b'A' + i) as char } else { '.' };
            write!(f, " {c}")?;
        }
        f.write_str(" |")?;
        for i in 0..SIZE {
            let c = if self.cards().has_number(i) { (b'1' + i) as char } else { '.' };
            write!(f, " {c}")?;
        }
        let s = self.scores();
        let (one, two) = (s[Player::One], s[Player::Two]);
        write!(f, "\ndiscards: {}/{DISCARD_LIMIT}, score: {one}-{two}, ", self.discards())?;
        match self.outcome() {
            Some(Outcome::Win { player, reason }) => {
                writeln!(f, "game over ({}): player {player} wins", reason.name())
            }
            Some(Outcome::Draw(reason)) => writeln!(f, "game over ({}): draw", reason.name()),
            None => {
                let n = self.moves_left();
                writeln!(f, "player {} to move ({n} move{} left)", self.turn(), if n == 1 { "" } else { "s" })
            }
        }
    }
}

impl Position {
    fn cell_text(&self, sq: Square) -> &'static str {
        let b = 1u64 << (sq.rank() * SIZE + sq.file());
        let (enclosed, finished) = (self.enclosed_mask() & b != 0, self.finished_mask() & b != 0);
        match (self.piece_at(sq), enclosed, finished) {
            (Some(Player::One), false, _) => " 1 ",
            (Some(Player::Two), false, _) => " 2 ",
            (Some(Player::One), true, true) => "[1]",
            (Some(Player::Two), true, true) => "[2]",
            (Some(Player::One), true, false) => "(1)",
            (Some(Player::Two), true, false) => "(2)",
            (None, true, true) => " # ",
            (None, true, false) => " ~ ",
            (None, false, _) if self.vacated() == Some(sq) => " x ",
            (None, false, _) => "   ",
        }
    }
}
