//! `Move` objects made once per variant and shared: iterating a position's legal moves
//! hands out these objects instead of allocating one per move (moves are immutable
//! values, so sharing them is invisible to Python code, `is` aside).

use std::sync::{Arc, Mutex, PoisonError};

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyList};

use wallrush_core::{actions, Move, Variant};

use crate::types::PyMove;

/// The variants whose tables are kept: a few at a time (a program plays one or two), the
/// oldest dropped first, so memory stays bounded whatever variants are asked for.
const KEPT: usize = 8;

/// One `Move` object per action id of a variant.
pub(crate) type Table = Arc<Vec<Py<PyMove>>>;

static TABLES: Mutex<Vec<(Variant, Table)>> = Mutex::new(Vec::new());

/// The table of `variant`'s moves, by action id, made on first use.
pub(crate) fn moves(py: Python<'_>, variant: Variant) -> PyResult<Table> {
    {
        let tables = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, t)) = tables.iter().find(|(v, _)| *v == variant) {
            return Ok(Arc::clone(t));
        }
    }
    // Made outside the lock (it runs Python); two threads may both make one, and the
    // second is dropped.
    let n = actions::num_actions(&variant);
    let mut table = Vec::with_capacity(n);
    for id in 0..n {
        let m = actions::decode(&variant, id).unwrap_or(Move::Pass);
        table.push(Py::new(py, PyMove(m))?);
    }
    let table = Arc::new(table);
    let mut tables = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, t)) = tables.iter().find(|(v, _)| *v == variant) {
        return Ok(Arc::clone(t));
    }
    if tables.len() == KEPT {
        tables.remove(0);
    }
    tables.push((variant, Arc::clone(&table)));
    Ok(table)
}

/// A list of the shared objects of `moves` (moves of `variant`; one that has no id, which
/// no legal move lacks, gets an object of its own).
pub(crate) fn list_of_moves<'py>(
    py: Python<'py>,
    table: &Table,
    variant: Variant,
    moves: &[Move],
) -> PyResult<Bound<'py, PyList>> {
    let items = moves
        .iter()
        .map(|&m| match actions::encode(&variant, m) {
            Some(id) => Ok(table[id].clone_ref(py).into_bound(py).into_any()),
            None => Ok(Bound::new(py, PyMove(m))?.into_any()),
        })
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// More than any variant's number of actions: `n² + 2n(n − 1) + 1 < 3n²` for `n ≤ 31`.
const MAX_ACTIONS: usize = 3 * 31 * 31;

static ACTION_INTS: PyOnceLock<Vec<Py<PyInt>>> = PyOnceLock::new();

/// The Python ints `0 .. MAX_ACTIONS`, made once: action-id lists share them rather than
/// convert each id (about a third of the cost of a short list).
pub(crate) fn action_ints(py: Python<'_>) -> &[Py<PyInt>] {
    ACTION_INTS.get_or_init(py, || (0..MAX_ACTIONS).map(|i| PyInt::new(py, i).unbind()).collect())
}

/// A list of the ints `ids` (action ids of some variant).
pub(crate) fn list_of_ids<'py>(py: Python<'py>, ids: &[u16]) -> PyResult<Bound<'py, PyList>> {
    let ints = action_ints(py);
    PyList::new(py, ids.iter().map(|&i| ints[usize::from(i)].bind(py)))
}
