//! The errors of reading an argument: `InvalidArgumentError`, `InvalidTextError`,
//! `InvalidVariantError`, `InvalidPositionError` (classes of `wallrush/_classes.py`).
//! The leaf of the error modules: the argument readers (`enums`, `ints`, `types`) use
//! it, and it uses none of them (the errors that carry a `Move` or a `Seat` are in
//! `errors`).

use pyo3::prelude::*;
use pyo3::types::PyDict;

use wallrush_core::notation::{MoveTextHint, ParseError};
use wallrush_core::postext::PositionTextError;
use wallrush_core::VariantError;

use crate::classes::exception;

/// `InvalidArgumentError` (a `ValueError`): a number or option out of its range, the
/// message naming the parameter, the value and the range.
pub(crate) fn invalid_argument(message: impl Into<String>) -> PyErr {
    let message = message.into();
    Python::attach(|py| exception(py, |c| &c.invalid_argument, message, &PyDict::new(py)))
}

/// `InvalidTextError`: `text` is not a well-formed `what` (a move, a square, …).
pub(crate) fn invalid_text(py: Python<'_>, what: &str, text: &str, err: ParseError) -> PyErr {
    invalid_text_at(py, what, text, err.index(), err.expected())
}

/// `InvalidTextError` with an explicit byte index and expectation.
pub(crate) fn invalid_text_at(py: Python<'_>, what: &str, text: &str, index: usize, expected: &str) -> PyErr {
    let shown = match pyo3::types::PyString::new(py, text).repr() {
        Ok(r) => r.to_string(),
        Err(e) => return e,
    };
    let message = match what.ends_with("move").then(|| move_hint(text)).flatten() {
        Some(hint) => format!("invalid {what} {shown}: {hint}"),
        None => format!("invalid {what} {shown}: expected {expected} at byte {index}"),
    };
    invalid_text_message(py, message, text, index, expected, None)
}

/// The hint for move text that does not parse, in words, when the core has one: the
/// text corrected (`write 'e2'`), or the calls that resign.
fn move_hint(text: &str) -> Option<String> {
    let hint = MoveTextHint::of(text)?;
    Some(match hint {
        MoveTextHint::Spaces => format!("{hint}: write '{}'", text.trim()),
        MoveTextHint::UpperCase => format!("{hint}: '{}'", text.to_ascii_lowercase()),
        MoveTextHint::Resignation => {
            format!("{hint}: call Position.resign() or Game.resign(), or push 'resign' on a Game")
        }
        MoveTextHint::NotAMove => hint.to_string(),
    })
}

/// `InvalidTextError` with a message of its own.
pub(crate) fn invalid_text_message(
    py: Python<'_>,
    message: String,
    text: &str,
    index: usize,
    expected: &str,
    line: Option<usize>,
) -> PyErr {
    let kwargs = PyDict::new(py);
    let filled = kwargs
        .set_item("text", text)
        .and_then(|()| kwargs.set_item("index", index))
        .and_then(|()| kwargs.set_item("expected", expected))
        .and_then(|()| kwargs.set_item("line", line));
    if let Err(e) = filled {
        return e;
    }
    exception(py, |c| &c.invalid_text, message, &kwargs)
}

/// The Python exception for position or variant text.
pub(crate) fn position_text(py: Python<'_>, text: &str, err: PositionTextError) -> PyErr {
    let message = err.to_string();
    match err {
        PositionTextError::Value { index, expected, .. } => {
            invalid_text_message(py, message, text, index, expected, None)
        }
        PositionTextError::Missing(field) => {
            let expected = format!("field {field}");
            invalid_text_message(py, message, text, text.len(), &expected, None)
        }
        PositionTextError::Repeated { index, .. } => {
            invalid_text_message(py, message, text, index, "each field once", None)
        }
        PositionTextError::Unknown { index, allowed } => {
            invalid_text_message(py, message, text, index, &allowed.to_string(), None)
        }
        PositionTextError::TooLong(_) => {
            let max = wallrush_core::postext::MAX_POSITION_TEXT_BYTES;
            invalid_text_message(py, message, text, max, &format!("at most {max} bytes"), None)
        }
        PositionTextError::Variant(e) => variant_error_of(py, e, message),
        PositionTextError::Setup(_) => invalid_position(py, message),
    }
}

/// `InvalidVariantError` for a core variant error, with `message`.
pub(crate) fn variant_error_of(py: Python<'_>, err: VariantError, message: String) -> PyErr {
    let param = match err {
        VariantError::Size(_) => "size",
        VariantError::Players(_) => "players",
        VariantError::Walls(_) => "walls",
        VariantError::WallLength { .. } => "wall_length",
    };
    invalid_variant(py, param, message)
}

/// `InvalidVariantError` naming the parameter.
pub(crate) fn invalid_variant(py: Python<'_>, parameter: &str, message: String) -> PyErr {
    let kwargs = PyDict::new(py);
    if let Err(e) = kwargs.set_item("parameter", parameter) {
        return e;
    }
    exception(py, |c| &c.invalid_variant, message, &kwargs)
}

/// `InvalidPositionError` with the core's message.
pub(crate) fn invalid_position(py: Python<'_>, message: String) -> PyErr {
    exception(py, |c| &c.invalid_position, message, &PyDict::new(py))
}
