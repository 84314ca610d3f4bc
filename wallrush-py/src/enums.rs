//! `Seat`, `Orientation` and `Notation` are Python enums (`wallrush/_classes.py`): this
//! module converts between them and the core's types, and reads every enum-like
//! argument.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};

use wallrush_core::notation::Notation;
use wallrush_core::{Orientation, Seat};

use crate::arg_errors;
use crate::classes::{classes, Classes};

/// The `wallrush.Seat` member for `seat`.
pub(crate) fn seat_py(py: Python<'_>, seat: Seat) -> PyResult<Bound<'_, PyAny>> {
    Ok(classes(py)?.seats[seat.index()].bind(py).clone())
}

/// The `wallrush.Orientation` member for `o`.
pub(crate) fn orientation_py(py: Python<'_>, o: Orientation) -> PyResult<Bound<'_, PyAny>> {
    classes(py)?.orientation.bind(py).call1((o.letter().to_string(),))
}

/// How one enum-like argument is read: an enum member, its value, or its name. The one
/// converter behind every `seat`, `orientation`, `notation` and `player` argument. A
/// `bool` is never read as a number (`TypeError`).
pub(crate) struct EnumArg<T: 'static> {
    /// What the argument is, in error messages: `seat`.
    pub what: &'static str,
    /// The Python enum class whose members carry a `.value`.
    pub class: fn(&Classes) -> &Py<PyType>,
    /// What a `TypeError` says is expected: `a Seat, its number or its name`.
    pub accepts: &'static str,
    /// The value of a number, or `None` when it is out of range; `None` when numbers are
    /// not taken.
    pub from_int: Option<fn(i64) -> Option<T>>,
    /// The range of numbers, for the `ValueError`: `0 ..= 3`.
    pub range: &'static str,
    /// The value of a text, or `None` when it names none.
    pub from_text: fn(&str) -> Option<T>,
    /// What a text must be, for the `InvalidTextError`: `a seat: south, west, north or east`.
    pub expected: &'static str,
}

impl<T: 'static> EnumArg<T> {
    /// The `ValueError` for a number out of range.
    fn out_of_range(&self, shown: &dyn std::fmt::Display) -> PyErr {
        crate::arg_errors::invalid_argument(format!("{} {shown} is out of range: {}", self.what, self.range))
    }

    /// Reads `obj` as this argument.
    pub(crate) fn read(&self, obj: &Bound<'_, PyAny>) -> PyResult<T> {
        if let Ok(s) = obj.cast::<PyString>() {
            let text = s.to_cow()?;
            return (self.from_text)(&text)
                .ok_or_else(|| arg_errors::invalid_text_at(obj.py(), self.what, &text, 0, self.expected));
        }
        let is_int =
            obj.is_instance_of::<pyo3::types::PyInt>() && !obj.is_instance_of::<pyo3::types::PyBool>();
        if let Some(from_int) = self.from_int.filter(|_| is_int) {
            return match crate::ints::int_arg::<i64>(obj, self.what)? {
                Ok(i) => from_int(i).ok_or_else(|| self.out_of_range(&i)),
                Err(out) => Err(self.out_of_range(&out)),
            };
        }
        if obj.is_instance((self.class)(classes(obj.py())?).bind(obj.py()))? {
            return self.read(&obj.getattr("value")?);
        }
        Err(PyTypeError::new_err(format!("expected {}, not {}", self.accepts, obj.get_type().name()?)))
    }
}

static SEAT_ARG: EnumArg<Seat> = EnumArg {
    what: "seat",
    class: |c| &c.seat,
    accepts: "a Seat, its number or its name",
    from_int: Some(|i| usize::try_from(i).ok().and_then(Seat::from_index)),
    range: "0 ..= 3",
    from_text: |t| t.to_ascii_lowercase().parse().ok(),
    expected: "a seat: south, west, north or east",
};

/// A seat from a `Seat`, its number (0 ..= 3) or its name (`"south"`, any case).
pub(crate) fn seat_from(obj: &Bound<'_, PyAny>) -> PyResult<Seat> {
    SEAT_ARG.read(obj)
}

static ORIENTATION_ARG: EnumArg<Orientation> = EnumArg {
    what: "orientation",
    class: |c| &c.orientation,
    accepts: "an Orientation or 'h' / 'v'",
    from_int: None,
    range: "",
    from_text: |t| match t {
        "h" => Some(Orientation::Horizontal),
        "v" => Some(Orientation::Vertical),
        _ => None,
    },
    expected: "'h' or 'v'",
};

/// An orientation from an `Orientation` or `"h"` / `"v"`.
pub(crate) fn orientation_from(obj: &Bound<'_, PyAny>) -> PyResult<Orientation> {
    ORIENTATION_ARG.read(obj)
}

/// The `wallrush.Notation` member for `n`.
pub(crate) fn notation_py(py: Python<'_>, n: Notation) -> PyResult<Bound<'_, PyAny>> {
    classes(py)?.notation.bind(py).call1((n.name(),))
}

static NOTATION_ARG: EnumArg<Notation> = EnumArg {
    what: "notation",
    class: |c| &c.notation,
    accepts: "a Notation or its name",
    from_int: None,
    range: "",
    from_text: |t| t.to_ascii_lowercase().parse().ok(),
    expected: "a notation: standard, wallrush or pallwall",
};

/// A notation from a `Notation` (a `str` enum) or its name (any case); standard when
/// None.
pub(crate) fn notation_from(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Notation> {
    match obj.filter(|o| !o.is_none()) {
        Some(obj) => NOTATION_ARG.read(obj),
        None => Ok(Notation::Standard),
    }
}
