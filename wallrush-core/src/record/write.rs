//! Writing move lists: round numbers, comments, NAGs and variations, wrapped to a width.
//!
//! What is written reads back as the same tree: a NAG from 1 to 6 is written as its mark
//! after the first NAG-free action text (`e2!`), others as `$N`; a node's NAGs come
//! before its comment and its comment before its variations; an action that resumes a
//! round after a variation, or begins a variation in the middle of a round, gets `N...`.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;

use crate::notation::Notation;
use crate::{Game, Position};

use super::nag::Nag;
use super::rounds::{action_text, uses_turn, Rounds};
use super::tree::{Node, Side};

/// The text being written, a unit at a time.
struct Out {
    out: String,
    line_len: usize,
    width: Option<usize>,
    /// A `(` to put before the next unit.
    open: bool,
}

impl Out {
    /// Puts `unit` on the lines, wrapping at the width when given.
    fn unit(&mut self, unit: &str) {
        let open = core::mem::take(&mut self.open);
        let len = unit.len() + usize::from(open);
        if self.line_len > 0 {
            if self.width.is_some_and(|w| self.line_len + 1 + len > w) {
                self.out.push('\n');
                self.line_len = 0;
            } else {
                self.out.push(' ');
                self.line_len += 1;
            }
        }
        if open {
            self.out.push('(');
        }
        self.line_len += len;
        self.out.push_str(unit);
    }

    fn close(&mut self) {
        self.out.push(')');
        self.line_len += 1;
    }

    fn comment(&mut self, comment: Option<&String>) {
        if let Some(c) = comment {
            self.unit(&format!("{{{c}}}"));
        }
    }
}

/// How the writer goes along one line.
struct LineState {
    rounds: Rounds,
    /// Whether the next action may need `N...`: at the start of a line and after a
    /// variation.
    resume: bool,
    /// Whether the next action is the game's first.
    at_start: bool,
}

/// Writes an action with its round number, NAGs and comment.
#[allow(clippy::too_many_arguments)]
fn write_action(
    out: &mut Out,
    state: &mut LineState,
    before: &Position,
    first_seat: Option<crate::Seat>,
    action: crate::game::Action,
    nags: &[Nag],
    comment: Option<&String>,
    notation: Notation,
) {
    let slot = before.turn();
    let (round, opens) = state.rounds.next(slot, uses_turn(action, slot));
    let mut text = match (opens, state.resume && (!opens || (state.at_start && Some(slot) != first_seat))) {
        (_, true) => format!("{round}... "),
        (true, false) => format!("{round}. "),
        (false, false) => String::new(),
    };
    text.push_str(&action_text(before, action, notation));
    let mut rest = nags;
    if let Some(mark) = nags.first().and_then(|n| n.mark()) {
        text.push_str(mark);
        rest = &nags[1..];
    }
    out.unit(&text);
    for nag in rest {
        out.unit(&format!("{nag}"));
    }
    out.comment(comment);
    state.resume = false;
    state.at_start = false;
}

/// Plays `action` on `pos` (known legal there).
fn apply(pos: &mut Position, action: crate::game::Action) {
    match action {
        crate::game::Action::Move(m) => pos.play_unchecked(m),
        crate::game::Action::Resign(seat) => {
            let resigned = pos.resign(seat);
            debug_assert!(resigned.is_ok(), "a resignation the tree checked");
        }
    }
}

/// Writes the variations `lines`, each played from `before` with the round count
/// `rounds` before it.
fn write_variations(
    out: &mut Out,
    lines: &[alloc::vec::Vec<Node>],
    before: &Position,
    rounds: Rounds,
    at_start: bool,
    first_seat: Option<crate::Seat>,
    notation: Notation,
) {
    for line in lines {
        out.open = true;
        let mut state = LineState { rounds, resume: true, at_start };
        let mut pos = before.clone();
        for (j, node) in line.iter().enumerate() {
            if j == 0 {
                out.comment(node.starting_comment.as_ref());
            }
            let rounds_before = state.rounds;
            let at = state.at_start;
            write_action(
                out,
                &mut state,
                &pos,
                first_seat,
                node.action,
                &node.nags,
                node.comment.as_ref(),
                notation,
            );
            if !node.variations.is_empty() {
                write_variations(out, &node.variations, &pos, rounds_before, at, first_seat, notation);
                state.resume = true;
            }
            apply(&mut pos, node.action);
        }
        out.close();
    }
}

/// The numbered move list of `game` with `comments` (by the number of actions before
/// them), the NAGs and variations of `side` that still fit the game, and the result token
/// `token` at the end, wrapped at `width` when given.
pub(crate) fn write_moves_with(
    game: &Game,
    notation: Notation,
    width: Option<usize>,
    comments: &BTreeMap<usize, String>,
    side: &BTreeMap<usize, Side>,
    token: Option<&str>,
) -> String {
    let first_seat = game.start().seats_in_play().next();
    let mut out = Out { out: String::new(), line_len: 0, width, open: false };
    let mut state = LineState { rounds: Rounds::new(), resume: true, at_start: true };
    out.comment(comments.get(&0));
    for (i, action) in game.actions().enumerate() {
        let before = game.position_at(i).expect("a position before every action");
        let here = side.get(&i).filter(|s| s.fits(game, i));
        let rounds_before = state.rounds;
        let at = state.at_start;
        let nags = here.map_or(&[][..], |s| &s.nags[..]);
        write_action(
            &mut out,
            &mut state,
            before,
            first_seat,
            action,
            nags,
            comments.get(&(i + 1)),
            notation,
        );
        if let Some(s) = here.filter(|s| !s.variations.is_empty()) {
            write_variations(&mut out, &s.variations, before, rounds_before, at, first_seat, notation);
            state.resume = true;
        }
    }
    if let Some(t) = token {
        out.unit(t);
    }
    out.out
}
