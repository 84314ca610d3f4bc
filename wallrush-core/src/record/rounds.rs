//! Round numbers (`1.`, `12...`): which action opens a round, and the text of one action.

use alloc::format;
use alloc::string::{String, ToString};

use crate::game::Action;
use crate::notation::Notation;
use crate::{Position, Seat};

/// Counts rounds: a round holds one action per seat still playing, in turn order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rounds {
    round: u32,
    /// The seat to move at the last action, and whether that action used its turn.
    last: Option<(Seat, bool)>,
}

impl Rounds {
    pub(crate) const fn new() -> Rounds {
        Rounds { round: 0, last: None }
    }

    /// Takes an action made while `slot` is to move (`used` when it is a move or the
    /// resignation of `slot`): its round, and whether it opens the round.
    pub(crate) fn next(&mut self, slot: Seat, used: bool) -> (u32, bool) {
        let opens = match self.last {
            None => true,
            Some((prev, prev_used)) => slot < prev || (slot == prev && prev_used),
        };
        if opens {
            self.round += 1;
        }
        self.last = Some((slot, used));
        (self.round, opens)
    }
}

pub(crate) fn uses_turn(action: Action, slot: Seat) -> bool {
    match action {
        Action::Move(_) => true,
        Action::Resign(seat) => seat == slot,
    }
}

/// How `notation` writes `action` played in `before`.
pub(crate) fn action_text(before: &Position, action: Action, notation: Notation) -> String {
    let size = before.variant().size();
    match action {
        Action::Move(m) => match notation.notate(before, m) {
            Ok(written) => written.text(size).to_string(),
            // Only an unchecked illegal move gets here; standard notation names anything.
            Err(_) => m.text(size).to_string(),
        },
        Action::Resign(seat) if seat == before.turn() => String::from("resign"),
        Action::Resign(seat) => format!("resign({seat})"),
    }
}
