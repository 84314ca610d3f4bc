//! How a game ends and why a move or a resignation is refused: [`Outcome`] with its
//! [`WinReason`] and [`DrawReason`], [`Illegal`] (the rule a move broke) inside
//! [`IllegalMove`], and [`ResignError`].
//!
//! ```
//! use wallrush_core::{DrawReason, Outcome, Seat, WinReason};
//! let o: Outcome = "north wins by resignation".parse()?;
//! assert_eq!(o, Outcome::Win { seat: Seat::North, reason: WinReason::Resignation });
//! assert_eq!(Outcome::Draw(DrawReason::PlyLimit).to_string(), "draw by ply limit");
//! # Ok::<(), wallrush_core::ParseOutcomeError>(())
//! ```

use core::fmt;
use core::str::FromStr;

use crate::{Move, Seat, Wall};

/// How a game ended, as far as the position can tell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// `seat` won.
    Win {
        /// The winner.
        seat: Seat,
        /// How it won.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

impl Outcome {
    /// The winner, if any.
    pub const fn winner(self) -> Option<Seat> {
        match self {
            Outcome::Win { seat, .. } => Some(seat),
            Outcome::Draw(_) => None,
        }
    }
}

/// Why a seat won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WinReason {
    /// Its pawn reached its goal.
    Goal,
    /// Every other seat resigned.
    Resignation,
}

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DrawReason {
    /// Every seat still playing passed in one full round.
    AllPassed,
    /// The same position occurred the chosen number of times (a game option).
    Repetition,
    /// The ply limit was reached (a game option).
    PlyLimit,
}

impl DrawReason {
    /// `all_passed`, `repetition` or `ply_limit`.
    pub const fn name(self) -> &'static str {
        match self {
            DrawReason::AllPassed => "all_passed",
            DrawReason::Repetition => "repetition",
            DrawReason::PlyLimit => "ply_limit",
        }
    }
}

/// The rule a refused move broke.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Illegal {
    /// The game is over.
    GameOver,
    /// The mover has no wall left.
    NoWallsLeft,
    /// The wall does not lie wholly inside the board.
    OffBoard,
    /// The wall shares a groove with this wall.
    Overlaps(Wall),
    /// The wall shares an interior post with this wall.
    Crosses(Wall),
    /// The wall would leave this seat without a route to its goal.
    NoRoute(Seat),
    /// The square is not one the mover's pawn can move to.
    NotAPawnMove,
    /// A pass while the mover has a legal move.
    PassNotForced,
}

impl Illegal {
    /// A stable snake-case name for the rule, as the oracle protocol reports it:
    /// `game_over`, `no_walls_left`, `off_board`, `overlaps`, `crosses`, `no_route`,
    /// `illegal_pawn_move`, `illegal_pass`.
    pub const fn kind(self) -> &'static str {
        match self {
            Illegal::GameOver => "game_over",
            Illegal::NoWallsLeft => "no_walls_left",
            Illegal::OffBoard => "off_board",
            Illegal::Overlaps(_) => "overlaps",
            Illegal::Crosses(_) => "crosses",
            Illegal::NoRoute(_) => "no_route",
            Illegal::NotAPawnMove => "illegal_pawn_move",
            Illegal::PassNotForced => "illegal_pass",
        }
    }

    /// Writes the refusal message of this rule for the move written `mv`, naming walls
    /// with `wall`: the one table of messages, used by [`IllegalMove`] (standard
    /// notation) and by [`IllegalText`](crate::notation::IllegalText) (the notation the
    /// move was read in).
    pub(crate) fn write_message<W: fmt::Display>(
        self,
        f: &mut fmt::Formatter<'_>,
        mv: &dyn fmt::Display,
        wall: impl Fn(Wall) -> W,
    ) -> fmt::Result {
        match self {
            Illegal::GameOver => write!(f, "{mv}: the game is over"),
            Illegal::NoWallsLeft => write!(f, "{mv}: no walls left"),
            Illegal::OffBoard => write!(f, "{mv} is off the board"),
            Illegal::Overlaps(w) => write!(f, "{mv} overlaps wall {}", wall(w)),
            Illegal::Crosses(w) => write!(f, "{mv} crosses wall {}", wall(w)),
            Illegal::NoRoute(s) => write!(f, "{mv} leaves {s} without a route"),
            Illegal::NotAPawnMove => write!(f, "{mv} is not a legal pawn move"),
            Illegal::PassNotForced => write!(f, "{mv} is not allowed: a legal move exists"),
        }
    }
}

/// A move that was refused, with the rule it broke.
///
/// ```
/// use wallrush_core::{Illegal, Position};
/// let mut pos = Position::classic();
/// pos.play("d4v".parse()?)?;
/// pos.play("e8".parse()?)?;
/// let err = pos.play("d4h".parse()?).unwrap_err();
/// assert_eq!(err.to_string(), "d4h crosses wall d4v");
/// assert!(matches!(err.reason(), Illegal::Crosses(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct IllegalMove {
    mv: Move,
    reason: Illegal,
    size: u8,
}

impl IllegalMove {
    pub(crate) const fn new(mv: Move, reason: Illegal, size: u8) -> IllegalMove {
        IllegalMove { mv, reason, size }
    }

    /// The refused move.
    pub const fn mv(&self) -> Move {
        self.mv
    }
    /// The rule it broke.
    pub const fn reason(&self) -> Illegal {
        self.reason
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size;
        self.reason.write_message(f, &self.mv.text(n), |w| w.text(n))
    }
}

impl core::error::Error for IllegalMove {}

/// A resignation that cannot happen.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ResignError {
    /// The game is already over.
    #[error("{0} cannot resign: the game is over")]
    GameOver(Seat),
    /// The seat is not in play.
    #[error("{0} cannot resign: not in play")]
    NotInPlay(Seat),
}

impl fmt::Display for Outcome {
    /// `south wins by goal`, `north wins by resignation`, `draw by repetition`,
    /// `draw by ply limit`, `draw by passing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { seat, reason: WinReason::Goal } => write!(f, "{seat} wins by goal"),
            Outcome::Win { seat, reason: WinReason::Resignation } => {
                write!(f, "{seat} wins by resignation")
            }
            Outcome::Draw(DrawReason::Repetition) => f.write_str("draw by repetition"),
            Outcome::Draw(DrawReason::PlyLimit) => f.write_str("draw by ply limit"),
            Outcome::Draw(DrawReason::AllPassed) => f.write_str("draw by passing"),
        }
    }
}

/// Result text that is not one [`Outcome`] writes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("expected a result: '{{seat}} wins by goal', '{{seat}} wins by resignation', 'draw by repetition', 'draw by ply limit' or 'draw by passing'")]
pub struct ParseOutcomeError;

impl FromStr for Outcome {
    type Err = ParseOutcomeError;
    fn from_str(s: &str) -> Result<Outcome, ParseOutcomeError> {
        match s {
            "draw by repetition" => return Ok(Outcome::Draw(DrawReason::Repetition)),
            "draw by ply limit" => return Ok(Outcome::Draw(DrawReason::PlyLimit)),
            "draw by passing" => return Ok(Outcome::Draw(DrawReason::AllPassed)),
            _ => {}
        }
        let (seat, reason) = s.split_once(" wins by ").ok_or(ParseOutcomeError)?;
        let seat = seat.parse().map_err(|_| ParseOutcomeError)?;
        let reason = match reason {
            "goal" => WinReason::Goal,
            "resignation" => WinReason::Resignation,
            _ => return Err(ParseOutcomeError),
        };
        Ok(Outcome::Win { seat, reason })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn outcome_text_round_trips() {
        for o in [
            Outcome::Win { seat: Seat::East, reason: WinReason::Goal },
            Outcome::Win { seat: Seat::South, reason: WinReason::Resignation },
            Outcome::Draw(DrawReason::Repetition),
            Outcome::Draw(DrawReason::PlyLimit),
            Outcome::Draw(DrawReason::AllPassed),
        ] {
            assert_eq!(o.to_string().parse::<Outcome>(), Ok(o));
        }
        for bad in ["", "*", "south wins", "draw", "south wins by luck", "up wins by goal"] {
            assert!(bad.parse::<Outcome>().is_err(), "{bad}");
        }
    }
}
