//! Raising the package's exceptions.
//!
//! The exception classes are plain Python classes in `wallrush/_classes.py` (so they have
//! ordinary constructors, pickling and docstrings); this module builds instances of them
//! with their attributes filled in. The errors of reading an argument (text, numbers,
//! variants) live in `arg_errors`, which the argument readers use without this module's
//! `Move` and `Seat` attributes; they are re-exported here for everyone else.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use wallrush_core::notation::{IllegalText, MoveTextError, Notation, Refusal};
use wallrush_core::postext::PositionTextError;
use wallrush_core::record::{RecordError, RecordErrorKind};
use wallrush_core::{Illegal, IllegalMove, ResignError, Seat};

pub(crate) use crate::arg_errors::{
    invalid_argument, invalid_position, invalid_text, invalid_text_at, invalid_text_message, invalid_variant,
    position_text, variant_error_of,
};
use crate::classes::{classes, exception};
use crate::enums::seat_py;
use crate::types::{PyMove, PyWall};

/// Whether `err` is an `IllegalMoveError` (or a subclass): chosen by type, never by
/// comparing class names.
pub(crate) fn is_illegal_move(py: Python<'_>, err: &PyErr) -> bool {
    classes(py).is_ok_and(|c| err.is_instance(py, c.illegal_move.bind(py)))
}

/// The snake-case kind and the wall or seat an `Illegal` names.
fn illegal_parts(reason: Illegal) -> (&'static str, Option<wallrush_core::Wall>, Option<Seat>) {
    match reason {
        Illegal::Overlaps(w) | Illegal::Crosses(w) => (reason.kind(), Some(w), None),
        Illegal::NoRoute(s) => (reason.kind(), None, Some(s)),
        _ => (reason.kind(), None, None),
    }
}

/// `IllegalMoveError` for a refused move: the message names the move and the rule.
pub(crate) fn illegal_move(py: Python<'_>, err: IllegalMove) -> PyErr {
    let (kind, wall, seat) = illegal_parts(err.reason());
    illegal_with(py, err.to_string(), kind, Some(err.mv()), wall, seat)
}

/// `IllegalMoveError` from its parts.
pub(crate) fn illegal_with(
    py: Python<'_>,
    message: String,
    kind: &str,
    mv: Option<wallrush_core::Move>,
    wall: Option<wallrush_core::Wall>,
    seat: Option<Seat>,
) -> PyErr {
    let kwargs = PyDict::new(py);
    let filled = (|| -> PyResult<()> {
        kwargs.set_item("kind", kind)?;
        kwargs.set_item("move", mv.map(PyMove))?;
        kwargs.set_item("wall", wall.map(PyWall))?;
        kwargs.set_item("seat", seat.map(|s| seat_py(py, s)).transpose()?)?;
        Ok(())
    })();
    if let Err(e) = filled {
        return e;
    }
    exception(py, |c| &c.illegal_move, message, &kwargs)
}

/// `IllegalMoveError` for well-formed text refused in a position (`H-d4 crosses wall
/// V-d4`): the message is in the notation the text was written in.
pub(crate) fn illegal_text(py: Python<'_>, err: &IllegalText) -> PyErr {
    let (kind, wall, seat) = match err.reason() {
        Refusal::Illegal(r) => illegal_parts(r),
        Refusal::WrongKind { .. } => ("wrong_kind", None, None),
        Refusal::NotAWin => ("not_a_win", None, None),
        Refusal::NotInPlay(s) => ("not_in_play", None, Some(s)),
    };
    illegal_with(py, err.to_string(), kind, err.refused_move(), wall, seat)
}

/// The Python exception for move text read in `notation`.
pub(crate) fn move_text(py: Python<'_>, notation: Notation, text: &str, err: &MoveTextError) -> PyErr {
    match err {
        MoveTextError::Invalid(e) => {
            let what = match notation {
                Notation::Standard => "move".to_string(),
                n => format!("{n} move"),
            };
            invalid_text(py, &what, text, *e)
        }
        MoveTextError::Illegal(e) => illegal_text(py, e),
    }
}

/// Byte index where 1-based `line` of `text` begins.
fn line_start(text: &str, line: usize) -> usize {
    if line <= 1 {
        return 0;
    }
    text.match_indices('\n').nth(line - 2).map_or(text.len(), |(i, _)| i + 1)
}

/// The Python exception for a record text (or a move list) that cannot be read:
/// malformed or contradictory text is an `InvalidTextError` (with `line`), an illegal
/// move an `IllegalMoveError`, a bad variant or position tag an `InvalidVariantError` or
/// `InvalidPositionError`. The message is the core's, naming the line.
pub(crate) fn record(py: Python<'_>, text: &str, err: &RecordError) -> PyErr {
    record_at(py, text, err, 1)
}

/// As [`record`], for `text` that begins on line `first_line` of a larger text (the
/// error's line counts in the larger text, its byte index in `text`).
pub(crate) fn record_at(py: Python<'_>, text: &str, err: &RecordError, first_line: usize) -> PyErr {
    let message = err.to_string();
    let line = err.line();
    let at = line_start(text, line + 1 - first_line.min(line));
    match err.kind() {
        RecordErrorKind::Move { error: MoveTextError::Illegal(e), .. }
        | RecordErrorKind::VariationMove { error: MoveTextError::Illegal(e), .. } => {
            let raised = illegal_text(py, e);
            // Keep the attributes, but with the record's message (it names the line).
            let value = raised.value(py);
            match value.setattr("args", (message,)) {
                Ok(()) => raised,
                Err(e) => e,
            }
        }
        RecordErrorKind::Move { error: MoveTextError::Invalid(e), .. }
        | RecordErrorKind::VariationMove { error: MoveTextError::Invalid(e), .. } => {
            invalid_text_message(py, message, text, at, e.expected(), Some(line))
        }
        RecordErrorKind::Variant(PositionTextError::Variant(e))
        | RecordErrorKind::Position(PositionTextError::Variant(e)) => variant_error_of(py, *e, message),
        RecordErrorKind::Position(PositionTextError::Setup(_)) => invalid_position(py, message),
        kind => {
            let expected = match kind {
                RecordErrorKind::Tag(e) => (*e).to_string(),
                _ => kind.to_string(),
            };
            invalid_text_message(py, message, text, at, &expected, Some(line))
        }
    }
}

/// `IllegalMoveError` for a resignation that cannot happen (`kind` `game_over` or
/// `not_in_play`, `move` None, `seat` the seat that tried).
pub(crate) fn illegal_resign(py: Python<'_>, err: ResignError) -> PyErr {
    let (kind, seat) = match err {
        ResignError::GameOver(s) => ("game_over", s),
        ResignError::NotInPlay(s) => ("not_in_play", s),
    };
    illegal_action(py, kind, Some(seat), err.to_string())
}

/// `IllegalMoveError` for an action that is not a move (resign, undo, …).
pub(crate) fn illegal_action(py: Python<'_>, kind: &str, seat: Option<Seat>, message: String) -> PyErr {
    let kwargs = PyDict::new(py);
    let filled = (|| -> PyResult<()> {
        kwargs.set_item("kind", kind)?;
        kwargs.set_item("seat", seat.map(|s| seat_py(py, s)).transpose()?)?;
        Ok(())
    })();
    if let Err(e) = filled {
        return e;
    }
    exception(py, |c| &c.illegal_move, message, &kwargs)
}

/// Warns (DeprecationWarning, pointing at the caller's line) that `old` is an older
/// name of `new`, which callers should use instead.
///
/// Raises the warning when warnings are errors.
pub(crate) fn deprecated(py: Python<'_>, old: &str, new: &str) -> PyResult<()> {
    let message = std::ffi::CString::new(format!("{old} is deprecated: use {new}, the same call"))
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    PyErr::warn(py, &py.get_type::<pyo3::exceptions::PyDeprecationWarning>(), &message, 1)
}
