//! The `__str__`, `__repr__`, `__reduce__`, `__copy__` and `__deepcopy__` that classes
//! share, written once: a value whose text names it (a square, a wall, a move, a card
//! pool) prints as that text, shows as its constructor called with the text, and pickles
//! as that call ([`text_value`]); positions, games and records copy as [`copies`] says.

use pyo3::prelude::*;
use pyo3::types::PyString;

/// `text` as Python's `repr` writes it (a literal that pastes back).
pub(crate) fn py_repr(py: Python<'_>, text: &str) -> PyResult<String> {
    Ok(PyString::new(py, text).repr()?.to_cow()?.into_owned())
}

/// `__str__`, `__repr__` and `__reduce__` for a value class `$ty` that wraps a core value
/// (`self.0`) whose `Display` text the class's constructor reads back: `str(v)` is the
/// text, `repr(v)` is `$shown('text')` (`$shown` is how the class is named where it is
/// exported: `Square`, `wallgo.Wall`), and pickling calls the class with the text.
macro_rules! text_value {
    ($ty:ty, $shown:literal) => {
        #[pyo3::pymethods]
        impl $ty {
            fn __str__(&self) -> String {
                self.0.to_string()
            }

            fn __repr__(&self) -> String {
                format!(concat!($shown, "('{}')"), self.0)
            }

            fn __reduce__<'py>(
                &self,
                py: pyo3::Python<'py>,
            ) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::types::PyTuple>> {
                use pyo3::IntoPyObject;
                (py.get_type::<$ty>(), (self.0.to_string(),)).into_pyobject(py)
            }
        }
    };
}

pub(crate) use text_value;

/// `__copy__` and `__deepcopy__` for the class `$ty`. `shared`: an immutable (frozen)
/// value, whose copies are the object itself, as for `int` and `str`. `cloned`: a
/// mutable object, whose copies are new objects with the same contents; the contents
/// hold no Python objects, so a deep copy is the same clone.
macro_rules! copies {
    ($ty:ty, shared) => {
        #[pyo3::pymethods]
        impl $ty {
            fn __copy__(slf: &pyo3::Bound<'_, Self>) -> pyo3::Py<Self> {
                slf.clone().unbind()
            }

            #[pyo3(signature = (memo, /))]
            fn __deepcopy__(
                slf: &pyo3::Bound<'_, Self>,
                memo: &pyo3::Bound<'_, pyo3::PyAny>,
            ) -> pyo3::Py<Self> {
                let _ = memo;
                slf.clone().unbind()
            }
        }
    };
    ($ty:ty, cloned) => {
        #[pyo3::pymethods]
        impl $ty {
            fn __copy__(&self) -> Self {
                self.clone()
            }

            #[pyo3(signature = (memo, /))]
            fn __deepcopy__(&self, memo: &pyo3::Bound<'_, pyo3::PyAny>) -> Self {
                let _ = memo;
                self.clone()
            }
        }
    };
}

pub(crate) use copies;
