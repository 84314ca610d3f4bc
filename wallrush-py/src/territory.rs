//! Helpers shared by the territory games' bindings (`wallgo.rs`, `enclosure.rs`): the
//! `Side` enum, squares on a small board, refusals as `IllegalMoveError`, text offsets.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use wallrush_core::Square;

use crate::errors;
use crate::types::square_from;

/// The `Side` member (`wallrush.wallgo.Side`) for the side written `letter` (`n`, `e`,
/// `s`, `w`).
pub(crate) fn side_py(py: Python<'_>, letter: char) -> PyResult<Bound<'_, PyAny>> {
    crate::classes::classes(py)?.side.bind(py).call1((letter.to_string(),))
}

/// The letter (`n`, `e`, `s`, `w`) of a side given as a `Side`, its letter or its name
/// (any case).
pub(crate) fn side_letter(obj: &Bound<'_, PyAny>) -> PyResult<char> {
    let py = obj.py();
    let text = if let Ok(s) = obj.cast::<PyString>() {
        s.to_cow()?.to_ascii_lowercase()
    } else if obj.is_instance(crate::classes::classes(py)?.side.bind(py))? {
        obj.getattr("value")?.extract::<String>()?
    } else {
        return Err(PyTypeError::new_err(format!(
            "expected a Side, its letter or its name, not {}",
            obj.get_type().name()?
        )));
    };
    match text.as_str() {
        "n" | "north" => Ok('n'),
        "e" | "east" => Ok('e'),
        "s" | "south" => Ok('s'),
        "w" | "west" => Ok('w'),
        _ => {
            let shown = obj.str()?.to_cow()?.into_owned();
            Err(errors::invalid_text_at(py, "side", &shown, 0, "a side: n, e, s, w or its name"))
        }
    }
}

/// A square (a `Square` or its text) that must lie on the `size` × `size` board.
///
/// Raises ValueError for a square off the board.
pub(crate) fn board_square(obj: &Bound<'_, PyAny>, size: u8) -> PyResult<Square> {
    let sq = square_from(obj)?;
    if sq.is_on(size) {
        Ok(sq)
    } else {
        Err(crate::errors::invalid_argument(format!("square {sq} is off the {size}x{size} board")))
    }
}

/// A square (a `Square` or its text), or None when it lies off the `size` × `size`
/// board (for queries that answer "nothing there").
pub(crate) fn square_if_on(obj: &Bound<'_, PyAny>, size: u8) -> PyResult<Option<Square>> {
    let sq = square_from(obj)?;
    Ok(sq.is_on(size).then_some(sq))
}

/// `IllegalMoveError` with `kind`, the refused `move` and the `wall` (groove) it names.
pub(crate) fn illegal<'py>(
    py: Python<'py>,
    message: String,
    kind: &str,
    mv: Option<Bound<'py, PyAny>>,
    wall: Option<Bound<'py, PyAny>>,
) -> PyErr {
    let err = errors::illegal_action(py, kind, None, message);
    let value = err.value(py);
    let filled = value.setattr("move", mv).and_then(|()| value.setattr("wall", wall));
    match filled {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// Byte offset where field `n` (0-based) of `text` begins, fields being separated by
/// runs of ASCII white space (leading white space skipped); the text's length when
/// there are fewer fields.
pub(crate) fn field_start(text: &str, n: usize) -> usize {
    let b = text.as_bytes();
    let mut i = 0;
    let mut field = 0;
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= b.len() || field == n {
            return i;
        }
        while i < b.len() && !b[i].is_ascii_whitespace() {
            i += 1;
        }
        field += 1;
    }
}

/// A tag name that records can write: letters, digits and `_`, not empty.
pub(crate) fn check_tag_name(py: Python<'_>, name: &str) -> PyResult<()> {
    if !name.is_empty() && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') {
        Ok(())
    } else {
        let at = name.bytes().position(|c| !(c.is_ascii_alphanumeric() || c == b'_')).unwrap_or(0);
        Err(errors::invalid_text_at(py, "tag name", name, at, "letters, digits and '_'"))
    }
}
