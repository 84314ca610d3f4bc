//! Integer arguments: the one reader behind every int parameter of the bindings.
//!
//! An int argument is a Python `int` (an `IntEnum` member such as `Seat.NORTH` too) or an
//! object with `__index__` (a NumPy integer), never a `bool`: anything else is a
//! `TypeError` naming the parameter. A value that does not fit the parameter never
//! becomes an `OverflowError`: [`int_arg`] hands it back as [`OutOfRange`], and the
//! caller reports it in the family the documentation promises (a plain `ValueError`
//! through [`int_in`], `InvalidVariantError` for a variant parameter,
//! `InvalidPositionError` for a setup count, `IndexError` for an index).
//!
//! No parameter is typed `u8`, `u32`, `usize`, … in a `#[pymethods]` signature, since
//! PyO3's own conversion takes `True` for 1 and raises `OverflowError`.

use std::fmt::Display;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

/// An int argument that does not fit the parameter's type.
pub(crate) struct OutOfRange {
    /// The value as Python writes it (`18446744073709551616`, `-1`).
    pub shown: String,
    /// Whether it is below zero.
    pub negative: bool,
}

impl Display for OutOfRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.shown)
    }
}

/// Reads `obj` as an int of type `T`: `Ok(Ok(value))`, `Ok(Err(out_of_range))` for an
/// int that does not fit `T` (however large), or `TypeError` ("`what` must be an int,
/// not bool") for a bool or a value that is no int at all.
pub(crate) fn int_arg<T: TryFrom<i128>>(
    obj: &Bound<'_, PyAny>,
    what: &str,
) -> PyResult<Result<T, OutOfRange>> {
    let type_error = || -> PyResult<PyErr> {
        Ok(PyTypeError::new_err(format!("{what} must be an int, not {}", obj.get_type().name()?)))
    };
    if obj.is_instance_of::<PyBool>() {
        return Err(type_error()?);
    }
    let int = if obj.is_instance_of::<PyInt>() {
        obj.clone()
    } else {
        match obj.py().import("operator")?.call_method1("index", (obj,)) {
            Ok(int) => int,
            Err(e) if e.is_instance_of::<PyTypeError>(obj.py()) => return Err(type_error()?),
            Err(e) => return Err(e),
        }
    };
    if let Ok(v) = int.extract::<i128>() {
        if let Ok(t) = T::try_from(v) {
            return Ok(Ok(t));
        }
    }
    Ok(Err(OutOfRange { shown: int.str()?.to_cow()?.into_owned(), negative: int.lt(0)? }))
}

/// Reads `obj` as an int of type `T` in `min ..= max`, or raises `ValueError`: "`what`
/// `value` is out of range: `min` ..= `max`".
pub(crate) fn int_in<T>(obj: &Bound<'_, PyAny>, what: &str, min: T, max: T) -> PyResult<T>
where
    T: TryFrom<i128> + PartialOrd + Display,
{
    let out_of_range = |shown: &dyn Display| {
        crate::arg_errors::invalid_argument(format!("{what} {shown} is out of range: {min} ..= {max}"))
    };
    match int_arg::<T>(obj, what)? {
        Ok(v) if v >= min && v <= max => Ok(v),
        Ok(v) => Err(out_of_range(&v)),
        Err(out) => Err(out_of_range(&out)),
    }
}

/// An optional int argument: None (or no argument) is `None`, else as [`int_in`].
pub(crate) fn opt_int_in<T>(obj: Option<&Bound<'_, PyAny>>, what: &str, min: T, max: T) -> PyResult<Option<T>>
where
    T: TryFrom<i128> + PartialOrd + Display,
{
    obj.filter(|o| !o.is_none()).map(|o| int_in(o, what, min, max)).transpose()
}

/// Reads `obj` as any value of `T` (its whole range), or raises `ValueError`.
pub(crate) fn int_any<T>(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<T>
where
    T: TryFrom<i128> + PartialOrd + Display + Bounded,
{
    int_in(obj, what, T::MIN, T::MAX)
}

/// The bounds of the integer types parameters use.
pub(crate) trait Bounded: Sized {
    /// The least value.
    const MIN: Self;
    /// The greatest value.
    const MAX: Self;
}

macro_rules! bounded {
    ($($t:ty),*) => {
        $(impl Bounded for $t {
            const MIN: $t = <$t>::MIN;
            const MAX: $t = <$t>::MAX;
        })*
    };
}
bounded!(u8, u32);
