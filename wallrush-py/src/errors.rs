//! Raising the package's exceptions.
//!
//! The exception classes are plain Python classes in `wallrush/_errors.py` (so they have
//! ordinary constructors, pickling and docstrings); this module builds instances of them
//! with their attributes filled in.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyType};

use wallrush_core::notation::ParseError;
use wallrush_core::{Illegal, IllegalMove, ResignError, Seat};

use crate::enums::seat_py;
use crate::types::{PyMove, PyWall};

static INVALID_TEXT: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static ILLEGAL_MOVE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static INVALID_VARIANT: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static INVALID_POSITION: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// Builds an exception of `class` (imported once from `wallrush._errors`) with `message`
/// and keyword attributes.
fn raise(
    py: Python<'_>,
    cell: &PyOnceLock<Py<PyType>>,
    class: &str,
    message: String,
    kwargs: &Bound<'_, PyDict>,
) -> PyErr {
    match cell.import(py, "wallrush._errors", class) {
        Ok(cls) => match cls.call((message,), Some(kwargs)) {
            Ok(value) => PyErr::from_value(value),
            Err(e) => e,
        },
        Err(e) => e,
    }
}

/// `InvalidTextError`: `text` is not a well-formed `what` (a move, a square, …).
pub(crate) fn invalid_text(py: Python<'_>, what: &str, text: &str, err: ParseError) -> PyErr {
    invalid_text_at(py, what, text, err.index(), err.expected())
}

/// `InvalidTextError` with an explicit byte index and expectation.
pub(crate) fn invalid_text_at(py: Python<'_>, what: &str, text: &str, index: usize, expected: &str) -> PyErr {
    let kwargs = PyDict::new(py);
    let filled = kwargs
        .set_item("text", text)
        .and_then(|()| kwargs.set_item("index", index))
        .and_then(|()| kwargs.set_item("expected", expected));
    if let Err(e) = filled {
        return e;
    }
    let shown = match pyo3::types::PyString::new(py, text).repr() {
        Ok(r) => r.to_string(),
        Err(e) => return e,
    };
    let message = format!("invalid {what} {shown}: expected {expected} at byte {index}");
    raise(py, &INVALID_TEXT, "InvalidTextError", message, &kwargs)
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
    let kwargs = PyDict::new(py);
    let filled = (|| -> PyResult<()> {
        kwargs.set_item("kind", kind)?;
        kwargs.set_item("move", PyMove(err.mv()))?;
        kwargs.set_item("wall", wall.map(PyWall))?;
        kwargs.set_item("seat", seat.map(|s| seat_py(py, s)).transpose()?)?;
        Ok(())
    })();
    if let Err(e) = filled {
        return e;
    }
    raise(py, &ILLEGAL_MOVE, "IllegalMoveError", err.to_string(), &kwargs)
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
    raise(py, &ILLEGAL_MOVE, "IllegalMoveError", message, &kwargs)
}

/// `InvalidVariantError` naming the parameter.
pub(crate) fn invalid_variant(py: Python<'_>, parameter: &str, message: String) -> PyErr {
    let kwargs = PyDict::new(py);
    if let Err(e) = kwargs.set_item("parameter", parameter) {
        return e;
    }
    raise(py, &INVALID_VARIANT, "InvalidVariantError", message, &kwargs)
}

/// `InvalidPositionError` with the core's message.
pub(crate) fn invalid_position(py: Python<'_>, message: String) -> PyErr {
    raise(py, &INVALID_POSITION, "InvalidPositionError", message, &PyDict::new(py))
}
