//! `Seat` and `Orientation` are Python enums (`wallrush/_enums.py`): this module converts
//! between them and the core's types.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyType};

use wallrush_core::notation::Notation;
use wallrush_core::{Orientation, Seat};

use crate::errors;

static SEAT: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static ORIENTATION: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The `wallrush.Seat` member for `seat`.
pub(crate) fn seat_py(py: Python<'_>, seat: Seat) -> PyResult<Bound<'_, PyAny>> {
    SEAT.import(py, "wallrush._enums", "Seat")?.call1((seat.index(),))
}

/// The `wallrush.Orientation` member for `o`.
pub(crate) fn orientation_py(py: Python<'_>, o: Orientation) -> PyResult<Bound<'_, PyAny>> {
    ORIENTATION.import(py, "wallrush._enums", "Orientation")?.call1((o.letter().to_string(),))
}

/// A seat from a `Seat`, its number (0 ..= 3) or its name (`"south"`, any case).
pub(crate) fn seat_from(obj: &Bound<'_, PyAny>) -> PyResult<Seat> {
    if let Ok(s) = obj.cast::<PyString>() {
        let text = s.to_cow()?;
        return text.to_ascii_lowercase().parse::<Seat>().map_err(|_| {
            errors::invalid_text_at(obj.py(), "seat", &text, 0, "a seat: south, west, north or east")
        });
    }
    if obj.is_instance_of::<pyo3::types::PyInt>() {
        let i: i64 = obj.extract().unwrap_or(-1);
        return usize::try_from(i)
            .ok()
            .and_then(Seat::from_index)
            .ok_or_else(|| PyValueError::new_err(format!("seat {obj} is out of range: 0 ..= 3")));
    }
    Err(PyTypeError::new_err(format!(
        "expected a Seat, its number or its name, not {}",
        obj.get_type().name()?
    )))
}

/// An orientation from an `Orientation` or `"h"` / `"v"`.
pub(crate) fn orientation_from(obj: &Bound<'_, PyAny>) -> PyResult<Orientation> {
    let value = match obj.cast::<PyString>() {
        Ok(s) => s.clone(),
        Err(_) => match obj.getattr("value").ok().and_then(|v| v.cast_into::<PyString>().ok()) {
            Some(v)
                if obj.is_instance(ORIENTATION.import(obj.py(), "wallrush._enums", "Orientation")?)? =>
            {
                v
            }
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "expected an Orientation or 'h' / 'v', not {}",
                    obj.get_type().name()?
                )))
            }
        },
    };
    match &*value.to_cow()? {
        "h" => Ok(Orientation::Horizontal),
        "v" => Ok(Orientation::Vertical),
        other => Err(errors::invalid_text_at(obj.py(), "orientation", other, 0, "'h' or 'v'")),
    }
}

static NOTATION: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The `wallrush.Notation` member for `n`.
pub(crate) fn notation_py(py: Python<'_>, n: Notation) -> PyResult<Bound<'_, PyAny>> {
    NOTATION.import(py, "wallrush._enums", "Notation")?.call1((n.name(),))
}

/// A notation from a `Notation` (a `str` enum) or its name (any case); standard when
/// None.
pub(crate) fn notation_from(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Notation> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(Notation::Standard);
    };
    let s = match obj.cast::<PyString>() {
        Ok(s) => s.clone(),
        Err(_) if obj.is_instance(NOTATION.import(obj.py(), "wallrush._enums", "Notation")?)? => {
            obj.getattr("value")?.cast_into::<PyString>()?
        }
        Err(_) => {
            return Err(PyTypeError::new_err(format!(
                "expected a Notation or its name, not {}",
                obj.get_type().name()?
            )))
        }
    };
    let text = s.to_cow()?;
    text.to_ascii_lowercase().parse::<Notation>().map_err(|_| {
        errors::invalid_text_at(obj.py(), "notation", &text, 0, "a notation: standard, wallrush or pallwall")
    })
}
