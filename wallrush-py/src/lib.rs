//! Python bindings of `wallrush-core`, `wallrush-engine` and `wallrush-territory`: the private
//! native module `wallrush._wallrush`.
//!
//! The public package is `wallrush` (`python/wallrush/`), which re-exports these classes
//! next to the enums and the exception classes written in Python (`_classes.py`, handed
//! to this module by the package: see `classes`). This module imports none of the
//! package's Python modules. Every entry point validates its input before it reaches the
//! Rust crates, so no Rust panic reaches Python.

use pyo3::prelude::*;

mod agents;
mod arena;
mod arg_errors;
mod classes;
mod enums;
mod errors;
mod game;
mod interned;
mod ints;
mod locked;
mod position;
mod records;
mod reprs;
mod types;

// Bots, analysis, the engine, game pictures and the territory games.
mod bots;
mod enclosure;
mod engine;
mod svg;
mod territory;
mod wallgo;

/// The native half of the `wallrush` package; import `wallrush` instead.
#[pymodule]
fn _wallrush(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<types::PySquare>()?;
    m.add_class::<types::PyWall>()?;
    m.add_class::<types::PyMove>()?;
    m.add_class::<types::PyVariant>()?;
    m.add_class::<position::PyPosition>()?;
    m.add_class::<position::PyLegalMoves>()?;
    m.add_class::<position::PyOutcome>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::PyRecord>()?;
    m.add_class::<game::PyDrawOptions>()?;
    m.add_class::<game::PyResignation>()?;
    classes::register(m)?;
    agents::register(m)?;
    arena::register(m)?;
    records::register(m)?;
    bots::register(m)?;
    engine::register(m)?;
    wallgo::register(m)?;
    enclosure::register(m)?;
    Ok(())
}
