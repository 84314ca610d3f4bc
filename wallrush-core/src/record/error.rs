//! The errors of reading and editing records.

use alloc::string::String;
use core::fmt;

use crate::notation::{MoveTextError, ParseNotationError};
use crate::postext::PositionTextError;
use crate::text::{MAX_RECORD_ACTIONS, MAX_RECORD_BYTES};
use crate::{Outcome, ParseDrawError, ParseOutcomeError, Seat};

use super::tree::VariationPath;
use super::tree::{MAX_RECORD_NODES, MAX_VARIATION_DEPTH};

/// A record text that cannot be read: the line (1-based) and what is wrong.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct RecordError {
    line: usize,
    kind: RecordErrorKind,
}

impl RecordError {
    /// An error on `line` (from 1).
    pub const fn new(line: usize, kind: RecordErrorKind) -> RecordError {
        RecordError { line, kind }
    }

    /// The line (1-based) where the problem is.
    pub const fn line(&self) -> usize {
        self.line
    }

    /// What is wrong.
    pub const fn kind(&self) -> &RecordErrorKind {
        &self.kind
    }
}

/// What is wrong with a record text (see [`RecordError`]).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RecordErrorKind {
    /// A line starting with `[` that is not `[Name "value"]`.
    #[error("malformed tag: expected {0}")]
    Tag(&'static str),
    /// A tag given twice.
    #[error("tag {0} given twice")]
    RepeatedTag(String),
    /// A tag line after the move list began.
    #[error("tag after the moves")]
    TagAfterMoves,
    /// The text is longer than [`MAX_RECORD_BYTES`]; nothing of it was read.
    #[error("text of {0} bytes is over the limit of {max} bytes", max = MAX_RECORD_BYTES)]
    TooLong(usize),
    /// The text holds more than [`MAX_RECORD_ACTIONS`] actions.
    #[error("more than {max} actions", max = MAX_RECORD_ACTIONS)]
    TooManyActions,
    /// The `Notation` tag names no notation.
    #[error("Notation tag: {0}")]
    Notation(ParseNotationError),
    /// The `Variant` tag cannot be read.
    #[error("Variant tag: {0}")]
    Variant(PositionTextError),
    /// The `Position` tag cannot be read.
    #[error("Position tag: {0}")]
    Position(PositionTextError),
    /// The `Variant` tag and the `Position` tag's variant differ.
    #[error("Variant tag does not match the Position tag's variant")]
    VariantMismatch,
    /// The `Draw` tag cannot be read.
    #[error("Draw tag: {0}")]
    Draw(ParseDrawError),
    /// The `Result` tag cannot be read.
    #[error("Result tag: {0}, or a result token such as 1-0, 0-1, 1/2-1/2 or 0-0-1-0")]
    Result(ParseOutcomeError),
    /// A player tag for a seat the variant does not have.
    #[error("{0} does not play in this variant")]
    PlayerNotInVariant(Seat),
    /// The `Result` tag disagrees with the moves.
    #[error("Result tag says {} but the moves give {}", ResultText(*tag), ResultText(*moves))]
    ResultMismatch {
        /// What the tag says.
        tag: Option<Outcome>,
        /// What the moves give.
        moves: Option<Outcome>,
    },
    /// A round number that is not the round's.
    #[error("round number {found} where round {expected} begins")]
    RoundNumber {
        /// The round that begins there.
        expected: u32,
        /// The number written.
        found: u32,
    },
    /// A round number in the middle of a round.
    #[error("round number {0} in the middle of a round")]
    MisplacedRoundNumber(u32),
    /// A round number with no action after it.
    #[error("no move after round number {0}")]
    MissingMove(u32),
    /// A token that starts with a digit but is not a round number (`12.`, `12...`).
    #[error("malformed round number {0:?}")]
    BadRoundNumber(String),
    /// A `{` comment that is never closed by `}`.
    #[error("comment opened here is never closed with '}}'")]
    UnclosedComment,
    /// A `}` outside a comment.
    #[error("'}}' without a comment to close")]
    StrayCommentEnd,
    /// Something after the result token (`1-0`, `*`, …), which ends the move list.
    #[error("{0:?} after the result token: the result ends the moves")]
    AfterResult(String),
    /// A result token (`1-0`, `0-1`, `1/2-1/2`, `*`, a four-seat form) that is malformed
    /// or does not fit the variant's seats.
    #[error(
        "malformed result token {0:?}: expected *, or one score per seat, as 1-0, 0-1, 1/2-1/2 or 0-1-0-0"
    )]
    BadResultToken(String),
    /// The result token disagrees with the moves.
    #[error("result token {token} but the moves give {moves}")]
    ResultTokenMismatch {
        /// The token written.
        token: String,
        /// The token the moves give.
        moves: String,
    },
    /// An action that is malformed or refused; `number` counts the actions of the game
    /// from 1.
    #[error("action {number}: {error}")]
    Move {
        /// The action's number in the game, from 1.
        number: usize,
        /// Why it cannot be read or played.
        error: MoveTextError,
    },
    /// An action in a variation that is malformed or refused, with the path to it.
    #[error("{path}: {error}")]
    VariationMove {
        /// Where the action is: the variations that lead to it and its ply in the last.
        path: VariationPath,
        /// Why it cannot be read or played.
        error: MoveTextError,
    },
    /// A `(` that is never closed by `)`.
    #[error("variation opened here is never closed with ')'")]
    UnclosedVariation,
    /// A `)` outside a variation.
    #[error("')' without a variation to close")]
    StrayVariationEnd,
    /// `()` with no action in it.
    #[error("a variation holds at least one action")]
    EmptyVariation,
    /// A `(` before any action of its line: a variation is an alternative to the action
    /// before it.
    #[error("a variation comes after the action it replaces")]
    VariationWithoutMove,
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`].
    #[error("variations nested more than {max} deep", max = MAX_VARIATION_DEPTH)]
    TooDeep,
    /// More than [`MAX_RECORD_NODES`] actions counting every variation.
    #[error("more than {max} actions counting the variations", max = MAX_RECORD_NODES)]
    TooManyNodes,
    /// A NAG (`$3`, `!`, `?!`, …) before any action of its line.
    #[error("annotation {0} with no action before it")]
    NagWithoutMove(String),
    /// A `$` not followed by a number from 0 to 255, or marks that are not one of `!`,
    /// `?`, `!!`, `??`, `!?`, `?!`.
    #[error("malformed annotation {0:?}: expected $0 to $255, !, ?, !!, ??, !? or ?!")]
    BadNag(String),
    /// A result token inside a variation: the result ends the main line.
    #[error("result token {0} inside a variation")]
    ResultInVariation(String),
}

/// `*` or the outcome.
pub(crate) struct ResultText(pub(crate) Option<Outcome>);

/// A `Result` tag as read: the outcome (`None` for `*`) or a result token.
pub(crate) enum ResultTag {
    Outcome(Option<Outcome>),
    Token(String),
}

impl fmt::Display for ResultText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            None => f.write_str("*"),
            Some(o) => o.fmt(f),
        }
    }
}

/// A tag [`Record::set_tag`](super::Record::set_tag) or [`Record::set_player`](super::Record::set_player) refuses.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TagError {
    /// The name is not a letter followed by letters, digits and `_`.
    #[error("a tag name is a letter followed by letters, digits and '_'")]
    Name,
    /// The name is one of [`RESERVED_TAGS`](super::RESERVED_TAGS), set through its own method.
    #[error("tag {0} is set through its own method")]
    Reserved(&'static str),
    /// A player for a seat the variant does not have.
    #[error("{0} does not play in this variant")]
    SeatNotInVariant(Seat),
}

/// A comment [`Record::set_comment`](super::Record::set_comment) refuses.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CommentError {
    /// The comment would hold `}`, which ends a comment in the text.
    #[error("a comment cannot hold '}}'")]
    Brace,
    /// The place is past the game's last action.
    #[error("no action {at} to comment on: the game has {len} actions")]
    PastTheEnd {
        /// The place asked for (the number of actions before the comment).
        at: usize,
        /// The game's actions.
        len: usize,
    },
}

/// A header [`Record::set_header`](super::Record::set_header) refuses.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum HeaderError {
    /// `Variant`, `Position` and `Result` are written from the game; change the game.
    #[error("header {0} is written from the game: change the game instead")]
    FromTheGame(&'static str),
    /// The name is malformed, or a player header names a seat the variant lacks.
    #[error(transparent)]
    Tag(#[from] TagError),
    /// A `Notation` header that names no notation.
    #[error("Notation header: {0}")]
    Notation(ParseNotationError),
    /// A `Draw` header that is not draw options.
    #[error("Draw header: {0}")]
    Draw(ParseDrawError),
}

/// Refuses text longer than [`MAX_RECORD_BYTES`], before reading any of it.
pub(crate) fn check_size(text: &str) -> Result<(), RecordError> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(RecordError::new(1, RecordErrorKind::TooLong(text.len())));
    }
    Ok(())
}
