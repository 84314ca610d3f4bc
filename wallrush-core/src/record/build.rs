//! The strict reader of a move list: a [`Visitor`] that checks every action, in every
//! variation, against the rules in its own position, and builds the record's main line,
//! comments, NAGs and variations.
//!
//! One game is played along the line being read: a variation takes back the action it
//! replaces, plays its own, then takes them back and replays the action, so a variation
//! costs its own length and never a copy of the game.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::ops::ControlFlow;

use crate::game::Action;
use crate::notation::Notation;
use crate::text::MAX_RECORD_ACTIONS;
use crate::Game;

use super::error::{RecordError, RecordErrorKind};
use super::movetext::{read_moves, RoundNumber, Skip, Visitor};
use super::nag::Nag;
use super::result::check_result_token;
use super::rounds::{uses_turn, Rounds};
use super::tree::{Node, Side, VariationPath};

/// What a move list holds besides its main line's actions: the comments, by the number of
/// actions before them; the NAGs and variations by main-line action; whether it ended
/// with a result token.
#[derive(Default)]
pub(crate) struct MoveListExtras {
    pub(crate) comments: BTreeMap<usize, String>,
    pub(crate) side: BTreeMap<usize, Side>,
    pub(crate) result_token: bool,
}

/// A variation being read.
struct Frame {
    nodes: Vec<Node>,
    /// The comment before its first action, until that action comes.
    start_comment: Option<String>,
    /// The ply it replaces in its parent line and its place among the variations there.
    branch: (usize, usize),
    /// The action it replaces, taken back while it is read.
    replaced: Action,
    /// Variations to its first action: alternatives from the same position, so they
    /// stand beside it in its parent's list, after it (one tree, one form).
    siblings: Vec<Vec<Node>>,
}

struct Builder<'g> {
    game: &'g mut Game,
    notation: Notation,
    first_parsed: usize,
    /// The round count after each action of the game from `first_parsed` on.
    rounds: Vec<Rounds>,
    frames: Vec<Frame>,
    extras: MoveListExtras,
    result: Option<(String, usize)>,
    error: Option<RecordError>,
}

/// Adds `body` (spaces round it dropped) to `comment`: two comments in one place are one,
/// joined by a space, so the text written back reads as the same record.
fn join(comment: &mut Option<String>, body: &str) {
    let comment = comment.get_or_insert_with(String::new);
    let body = body.trim();
    if !body.is_empty() {
        if !comment.is_empty() {
            comment.push(' ');
        }
        comment.push_str(body);
    }
}

impl Builder<'_> {
    fn fail(&mut self, error: RecordError) -> ControlFlow<()> {
        self.error = Some(error);
        ControlFlow::Break(())
    }

    fn last_rounds(&self) -> Rounds {
        *self.rounds.last().expect("the rounds before the text")
    }

    /// Plays `action` (known legal), counting its round.
    fn play(&mut self, action: Action) -> (u32, bool) {
        let slot = self.game.turn();
        let mut rounds = self.last_rounds();
        let counted = rounds.next(slot, uses_turn(action, slot));
        self.game.act_unchecked(action);
        self.rounds.push(rounds);
        counted
    }

    fn take_back(&mut self) -> Option<Action> {
        self.rounds.pop();
        self.game.undo()
    }

    /// The side of main-line action `i`, made for the game as it stands.
    fn side(&mut self, i: usize) -> &mut Side {
        let game = &*self.game;
        self.extras.side.entry(i).or_insert_with(|| Side::at(game, i))
    }
}

impl Visitor for Builder<'_> {
    fn action(&mut self, text: &str, round: Option<RoundNumber>, line: usize) -> ControlFlow<()> {
        let err = |kind| RecordError::new(line, kind);
        if self.frames.is_empty() && self.game.len() - self.first_parsed >= MAX_RECORD_ACTIONS {
            return self.fail(err(RecordErrorKind::TooManyActions));
        }
        let action = match self.game.parse_action(text, self.notation) {
            Ok(a) => a,
            Err(error) => {
                let kind = match self.frames.last() {
                    None => RecordErrorKind::Move { number: self.game.len() + 1, error },
                    Some(top) => {
                        let branches = self.frames.iter().map(|f| f.branch).collect();
                        let path = VariationPath::new(branches, top.nodes.len() + 1);
                        RecordErrorKind::VariationMove { path, error }
                    }
                };
                return self.fail(err(kind));
            }
        };
        let slot = self.game.turn();
        let (number, opens) = self.last_rounds().next(slot, uses_turn(action, slot));
        if let Some(r) = round {
            // `N...` may stand before any action of the round (the writer puts it at the
            // start of a line and after a variation); `N.` only before the first.
            if !opens && !r.dots {
                return self.fail(err(RecordErrorKind::MisplacedRoundNumber(r.number)));
            }
            if r.number != number {
                return self.fail(err(RecordErrorKind::RoundNumber { expected: number, found: r.number }));
            }
        }
        self.play(action);
        if let Some(top) = self.frames.last_mut() {
            let mut node = Node::new(action);
            node.starting_comment = top.start_comment.take();
            top.nodes.push(node);
        }
        ControlFlow::Continue(())
    }

    fn nag(&mut self, nag: Nag, _: usize) -> ControlFlow<()> {
        match self.frames.last_mut() {
            None => {
                let i = self.game.len() - 1;
                self.side(i).nags.push(nag);
            }
            Some(top) => top.nodes.last_mut().expect("a NAG follows an action").nags.push(nag),
        }
        ControlFlow::Continue(())
    }

    fn comment(&mut self, text: &str, _: usize) -> ControlFlow<()> {
        match self.frames.last_mut() {
            None => {
                let mut c = self.extras.comments.remove(&self.game.len());
                join(&mut c, text);
                self.extras.comments.insert(self.game.len(), c.unwrap_or_default());
            }
            Some(top) => match top.nodes.last_mut() {
                None => join(&mut top.start_comment, text),
                Some(node) => join(&mut node.comment, text),
            },
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: usize) -> ControlFlow<(), Skip> {
        let branch = match self.frames.last() {
            None => {
                let i = self.game.len() - 1;
                (i + 1, self.side(i).variations.len() + 1)
            }
            Some(top) => {
                let last = top.nodes.last().expect("a variation follows an action");
                let before = if top.nodes.len() == 1 { top.siblings.len() } else { last.variations.len() };
                (top.nodes.len(), before + 1)
            }
        };
        let replaced = self.take_back().expect("a variation follows an action");
        self.frames.push(Frame {
            nodes: Vec::new(),
            start_comment: None,
            branch,
            replaced,
            siblings: Vec::new(),
        });
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, _: usize) -> ControlFlow<()> {
        let frame = self.frames.pop().expect("a variation to end");
        for _ in &frame.nodes {
            self.take_back();
        }
        let lines = core::iter::once(frame.nodes).chain(frame.siblings);
        match self.frames.last_mut() {
            None => {
                let i = self.game.len();
                // The side's anchor is the replaced action, played again below.
                self.play(frame.replaced);
                self.side(i).variations.extend(lines);
            }
            Some(top) => {
                if top.nodes.len() == 1 {
                    top.siblings.extend(lines);
                } else {
                    top.nodes.last_mut().expect("a variation follows an action").variations.extend(lines);
                }
                self.play(frame.replaced);
            }
        }
        ControlFlow::Continue(())
    }

    fn result(&mut self, token: &str, line: usize) -> ControlFlow<()> {
        self.result = Some((token.to_string(), line));
        ControlFlow::Continue(())
    }
}

/// Plays the move list `text` (numbered or bare, with `{comments}`, NAGs, variations and
/// an optional trailing result token) on `game`, lines counted from `first_line`. Stops
/// at the first error, leaving the main-line actions before it played; refuses the
/// main-line action past [`MAX_RECORD_ACTIONS`]. A result token is checked against the
/// game.
pub(crate) fn parse_moves(
    game: &mut Game,
    text: &str,
    notation: Notation,
    first_line: usize,
) -> Result<MoveListExtras, RecordError> {
    let mut rounds = Rounds::new();
    for (i, action) in game.actions().enumerate() {
        let slot = game.position_at(i).expect("a position before every action").turn();
        rounds.next(slot, uses_turn(action, slot));
    }
    let first_parsed = game.len();
    let mut b = Builder {
        game,
        notation,
        first_parsed,
        rounds: vec![rounds],
        frames: Vec::new(),
        extras: MoveListExtras::default(),
        result: None,
        error: None,
    };
    let read = read_moves(text, first_line, &mut b);
    // Leave the main line as read so far: take back any variation left open by an error.
    while let Some(frame) = b.frames.pop() {
        for _ in &frame.nodes {
            b.take_back();
        }
        b.play(frame.replaced);
    }
    b.game.clear_redo();
    if let Some(e) = b.error {
        return Err(e);
    }
    read?;
    if let Some((token, line)) = &b.result {
        check_result_token(b.game, token, *line)?;
        b.extras.result_token = true;
    }
    Ok(b.extras)
}
