//! The classes the package writes in Python (`wallrush/_classes.py`: the enums, the
//! exceptions, the headers view), of which the native module builds instances.
//!
//! `_classes.py` imports nothing from the package, and this module imports none of the
//! package's modules: `wallrush/__init__.py` hands `_classes` over once, through
//! [`use_classes`], so imports run one way (package → native module, package →
//! `_classes`).

use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString, PyType};

/// The Python classes, as `wallrush._classes` defines them.
pub(crate) struct Classes {
    pub seat: Py<PyType>,
    /// The four `Seat` members, in seat order (calling the enum class costs far more
    /// than handing out a member).
    pub seats: Vec<Py<PyAny>>,
    pub orientation: Py<PyType>,
    pub notation: Py<PyType>,
    pub side: Py<PyType>,
    pub wallgo_player: Py<PyType>,
    pub enclosure_player: Py<PyType>,
    pub illegal_move: Py<PyType>,
    pub invalid_text: Py<PyType>,
    pub invalid_argument: Py<PyType>,
    pub invalid_variant: Py<PyType>,
    pub invalid_position: Py<PyType>,
    pub headers: Py<PyType>,
}

static CLASSES: PyOnceLock<Classes> = PyOnceLock::new();

/// The classes, once the package has handed them over.
///
/// Raises RuntimeError when the native module is loaded on its own, outside the package.
pub(crate) fn classes(py: Python<'_>) -> PyResult<&'static Classes> {
    CLASSES.get(py).ok_or_else(|| {
        PyRuntimeError::new_err("wallrush._wallrush is used through the wallrush package: import wallrush")
    })
}

/// Takes the classes of `module` (`wallrush._classes`); called once, by the package's
/// `__init__`. A second call keeps the first classes.
#[pyfunction]
fn _use_classes(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    let class =
        |name: &str| -> PyResult<Py<PyType>> { Ok(module.getattr(name)?.cast_into::<PyType>()?.unbind()) };
    let seat = class("Seat")?;
    let seats = (0..4).map(|i| seat.bind(py).call1((i,)).map(Bound::unbind)).collect::<PyResult<_>>()?;
    let classes = Classes {
        seat,
        seats,
        orientation: class("Orientation")?,
        notation: class("Notation")?,
        side: class("Side")?,
        wallgo_player: class("WallGoPlayer")?,
        enclosure_player: class("EnclosurePlayer")?,
        illegal_move: class("IllegalMoveError")?,
        invalid_text: class("InvalidTextError")?,
        invalid_argument: class("InvalidArgumentError")?,
        invalid_variant: class("InvalidVariantError")?,
        invalid_position: class("InvalidPositionError")?,
        headers: class("Headers")?,
    };
    let _ = CLASSES.set(py, classes);
    Ok(())
}

/// `Seat.from_name`: the seat named by the str `name` (any case), read as every seat
/// argument is.
#[pyfunction]
fn _seat_from_name<'py>(name: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    if !name.is_instance_of::<PyString>() {
        let shown = name.get_type().name()?;
        return Err(PyTypeError::new_err(format!("expected a seat name as a str, not {shown}")));
    }
    let seat = crate::enums::seat_from(name)?;
    crate::enums::seat_py(name.py(), seat)
}

/// An exception of `class` (one of [`Classes`]'s) with `message` and the keyword
/// attributes `kwargs`.
pub(crate) fn exception(
    py: Python<'_>,
    class: fn(&Classes) -> &Py<PyType>,
    message: String,
    kwargs: &Bound<'_, PyDict>,
) -> PyErr {
    let made = classes(py).and_then(|c| class(c).bind(py).call((message,), Some(kwargs)));
    match made {
        Ok(value) => PyErr::from_value(value),
        Err(e) => e,
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_use_classes, m)?)?;
    m.add_function(wrap_pyfunction!(_seat_from_name, m)?)?;
    Ok(())
}
