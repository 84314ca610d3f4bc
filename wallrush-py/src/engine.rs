//! The strong engine: `Engine`, `SearchResult` and the `Strong` bot. Searches run
//! without the GIL.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use wallrush_engine::bot::Bot;
use wallrush_engine::search::{Iteration, Limits, SearchResult, Searcher, Strong, WIN};

use crate::bots::position_arg;
use crate::types::PyMove;

/// Adds this file's classes to the native module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyEngine>()?;
    m.add_class::<PySearchResult>()?;
    m.add_class::<PyStrong>()?;
    m.add_class::<PyStopFlag>()?;
    Ok(())
}

/// The most lines an analysis may ask for.
const MAX_MULTIPV: u64 = 256;

/// A flag that stops a search from another thread: ``Engine._analyse`` checks it at every
/// node, so a search ends within about a node's time of ``set()``. One flag a search;
/// set it before the search starts and the search ends after its first move.
#[pyclass(name = "_StopFlag", module = "wallrush._wallrush", frozen)]
pub(crate) struct PyStopFlag(Arc<AtomicBool>);

#[pymethods]
impl PyStopFlag {
    #[new]
    fn new() -> PyStopFlag {
        PyStopFlag(Arc::new(AtomicBool::new(false)))
    }

    /// Stops the search that watches this flag (and every later one).
    fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether ``set()`` was called.
    fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// What `Engine._analyse` hands Python for an iteration: depth, nodes, seconds since
/// the search began, and the lines as (score, pv) pairs.
type IterationTuple = (u32, u64, f64, Vec<(i32, Vec<PyMove>)>);

fn iteration_tuple(it: &Iteration<'_>, start: Instant) -> IterationTuple {
    let lines = it.lines.iter().map(|l| (l.score, l.pv.iter().copied().map(PyMove).collect())).collect();
    (it.depth, it.nodes, start.elapsed().as_secs_f64(), lines)
}

/// The deepest iteration a search may be asked for (the engine's own cap).
const MAX_DEPTH: u32 = 127;
/// The largest transposition table, in entries (about 1.5 GB).
const MAX_TABLE: u64 = 1 << 26;
/// The default table: about a million entries (some 24 MB), as the engine crate's `Strong`
/// bot.
const DEFAULT_TABLE: u64 = 1 << 20;

/// A positive int no larger than `max`, or the error naming `what`.
fn bounded_int(obj: &Bound<'_, PyAny>, what: &str, min: u64, max: u64) -> PyResult<u64> {
    crate::ints::int_in(obj, what, min, max)
}

/// The search limits from keyword arguments; at least one is needed.
fn limits_from<'py>(
    depth: Option<&Bound<'py, PyAny>>,
    nodes: Option<&Bound<'py, PyAny>>,
    time: Option<&Bound<'py, PyAny>>,
) -> PyResult<Limits> {
    let given = |o: Option<&Bound<'py, PyAny>>| o.filter(|o| !o.is_none()).cloned();
    let (depth, nodes, time) = (given(depth), given(nodes), given(time));
    if depth.is_none() && nodes.is_none() && time.is_none() {
        return Err(crate::errors::invalid_argument("give a limit: depth, nodes or time (seconds)"));
    }
    let mut limits = Limits::nodes(u64::MAX);
    if let Some(d) = depth {
        limits.depth = bounded_int(&d, "depth", 1, u64::from(MAX_DEPTH))? as u32;
    }
    if let Some(n) = nodes {
        limits.nodes = bounded_int(&n, "nodes", 1, u64::MAX)?;
    }
    if let Some(t) = time {
        if t.is_instance_of::<pyo3::types::PyBool>()
            || !(t.is_instance_of::<pyo3::types::PyInt>() || t.is_instance_of::<pyo3::types::PyFloat>())
        {
            return Err(PyTypeError::new_err(format!(
                "time must be a number of seconds, not {}",
                t.get_type().name()?
            )));
        }
        // An int too large for a float is out of range too (not an OverflowError).
        let secs: Option<f64> = t.extract().ok();
        let duration = secs
            .and_then(|secs| Duration::try_from_secs_f64(secs).ok())
            .filter(|d| !d.is_zero())
            .ok_or_else(|| {
                crate::errors::invalid_argument(format!(
                    "time {t} is out of range: a positive number of seconds"
                ))
            })?;
        limits.time = Some(duration);
    }
    Ok(limits)
}

/// What a search found: the best move, its score, the principal variation, the depth
/// reached and the nodes visited.
///
/// ``score`` is in centi-steps (100 = one step of route) from the point of view of the
/// seat to move; a forced result is near ``±Engine.WIN`` and then ``mate_in`` gives the
/// plies to the win (positive) or the loss (negative).
#[pyclass(name = "SearchResult", module = "wallrush", frozen, eq)]
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct PySearchResult(SearchResult);

#[pymethods]
impl PySearchResult {
    /// The move to play, or None when the game is over.
    #[getter]
    fn best(&self) -> Option<PyMove> {
        self.0.best.map(PyMove)
    }

    /// The score of ``best`` for the seat to move, in centi-steps.
    #[getter]
    fn score(&self) -> i32 {
        self.0.score
    }

    /// The principal variation: the moves the search expects, ``best`` first.
    #[getter]
    fn pv(&self) -> Vec<PyMove> {
        self.0.pv.iter().copied().map(PyMove).collect()
    }

    /// The deepest completed iteration, in plies.
    #[getter]
    fn depth(&self) -> u32 {
        self.0.depth
    }

    /// Nodes visited.
    #[getter]
    fn nodes(&self) -> u64 {
        self.0.nodes
    }

    /// Plies to a forced win (positive) or loss (negative), or None when the score
    /// does not say.
    #[getter]
    fn mate_in(&self) -> Option<i32> {
        self.0.mate_in()
    }

    fn __repr__(&self) -> String {
        let best = self.0.best.map_or("None".to_string(), |m| format!("Move('{m}')"));
        let pv: Vec<String> = self.0.pv.iter().map(|m| m.to_string()).collect();
        format!(
            "<SearchResult best={best} score={} mate_in={} depth={} nodes={} pv: {}>",
            self.0.score,
            self.0.mate_in().map_or("None".to_string(), |p| p.to_string()),
            self.0.depth,
            self.0.nodes,
            pv.join(" ")
        )
    }
}

/// The strong engine for every variant: iterative-deepening alpha-beta with a
/// transposition table (max-n search with four seats), an evaluation on route
/// lengths, walls in hand and tempo, and an exact race solver once the walls are gone.
///
/// ``Engine(table_size=...)`` holds a transposition table of about ``table_size``
/// entries (a power of two, at least 1024; about 24 bytes each), kept between searches
/// (``clear`` forgets it). ``search(position, depth=..., nodes=..., time=...)`` needs at
/// least one limit; depth and nodes are deterministic, time (seconds) is not.
///
/// A search runs without the GIL, so other Python threads go on meanwhile; one engine
/// searches one position at a time (a second search on the same engine waits for the
/// first), so give each thread its own engine to search in parallel.
#[pyclass(name = "Engine", module = "wallrush", frozen)]
pub(crate) struct PyEngine {
    searcher: Mutex<Searcher>,
    table_size: usize,
}

#[pymethods]
impl PyEngine {
    /// An engine with a transposition table of about ``table_size`` entries (1 to
    /// 2**26; rounded up to a power of two, at least 1024).
    #[new]
    #[pyo3(signature = (table_size = None))]
    fn new(table_size: Option<&Bound<'_, PyAny>>) -> PyResult<PyEngine> {
        let entries = match table_size.filter(|t| !t.is_none()) {
            Some(t) => bounded_int(t, "table_size", 1, MAX_TABLE)?,
            None => DEFAULT_TABLE,
        } as usize;
        let searcher = Searcher::new(entries);
        let table_size = entries.max(1024).next_power_of_two();
        Ok(PyEngine { searcher: Mutex::new(searcher), table_size })
    }

    /// The score of a won game, in centi-steps: a forced win in ``n`` plies scores
    /// ``WIN - n``.
    #[classattr]
    #[allow(non_snake_case)]
    fn WIN() -> i32 {
        WIN
    }

    /// The number of entries of the transposition table.
    #[getter]
    fn table_size(&self) -> usize {
        self.table_size
    }

    /// Searches ``position`` (a Position, or a Game's current position) within the
    /// limits: ``depth`` in plies (1 to 127), ``nodes`` (about that many), ``time`` in
    /// seconds (about that long); the first limit reached stops it. Returns a
    /// SearchResult whose ``best`` is None only when the game is over.
    ///
    /// Runs without the GIL. Raises ValueError when no limit is given or one is out of
    /// range.
    #[pyo3(signature = (position, *, depth = None, nodes = None, time = None))]
    fn search(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        depth: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        time: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PySearchResult> {
        let limits = limits_from(depth, nodes, time)?;
        let (pos, _) = position_arg(position)?;
        let result = py.detach(|| {
            let mut searcher = self.searcher.lock().unwrap_or_else(PoisonError::into_inner);
            searcher.search(&pos, limits)
        });
        Ok(PySearchResult(result))
    }

    /// The search behind ``wallrush.engine``: searches ``position`` within the limits
    /// (as ``search``) for the ``multipv`` best moves (1 to 256), calling
    /// ``on_iteration(depth, nodes, seconds, lines)`` after every completed iteration,
    /// where ``lines`` are ``(score, pv)`` pairs, best first. ``stop`` (a ``_StopFlag``)
    /// ends the search from another thread. Returns the last iteration's tuple (depth,
    /// nodes, seconds, lines), with the nodes of the whole search; no lines when the
    /// game is over.
    ///
    /// Runs without the GIL, taking it back only to call ``on_iteration``. An exception
    /// raised by ``on_iteration`` stops the search and is raised here.
    #[pyo3(signature = (position, *, depth = None, nodes = None, time = None, multipv = None, on_iteration = None, stop = None))]
    #[allow(clippy::too_many_arguments)] // the keyword arguments of a Python method
    fn _analyse(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        depth: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        time: Option<&Bound<'_, PyAny>>,
        multipv: Option<&Bound<'_, PyAny>>,
        on_iteration: Option<Py<PyAny>>,
        stop: Option<Py<PyStopFlag>>,
    ) -> PyResult<IterationTuple> {
        let limits = limits_from(depth, nodes, time)?;
        let k = match multipv.filter(|m| !m.is_none()) {
            Some(m) => bounded_int(m, "multipv", 1, MAX_MULTIPV)? as usize,
            None => 1,
        };
        let (pos, _) = position_arg(position)?;
        let flag = stop.map(|s| Arc::clone(&s.get().0)).unwrap_or_else(|| Arc::new(AtomicBool::new(false)));
        let on_iteration = on_iteration.filter(|f| !f.is_none(py));
        let start = Instant::now();
        let mut failure: Option<PyErr> = None;
        let (result, lines) = py.detach(|| {
            let mut searcher = self.searcher.lock().unwrap_or_else(PoisonError::into_inner);
            searcher.set_stop(Some(Arc::clone(&flag)));
            let out = searcher.analyse(&pos, limits, k, |it| {
                let Some(f) = on_iteration.as_ref() else { return };
                if failure.is_some() {
                    return;
                }
                Python::attach(|py| {
                    if let Err(e) = f.call1(py, iteration_tuple(it, start)) {
                        failure = Some(e);
                        flag.store(true, Ordering::Relaxed);
                    }
                });
            });
            searcher.set_stop(None);
            out
        });
        if let Some(e) = failure {
            return Err(e);
        }
        let lines = lines.iter().map(|l| (l.score, l.pv.iter().copied().map(PyMove).collect())).collect();
        Ok((result.depth, result.nodes, start.elapsed().as_secs_f64(), lines))
    }

    /// Forgets everything learnt: the transposition table and the killer moves.
    fn clear(&self, py: Python<'_>) {
        py.detach(|| self.searcher.lock().unwrap_or_else(PoisonError::into_inner).clear());
    }

    fn __repr__(&self) -> String {
        format!("Engine(table_size={})", self.table_size)
    }
}

/// The strong engine as a bot: ``choose`` searches every move within the limits given
/// here (at least one of ``depth``, ``nodes``, ``time`` in seconds) with its own
/// million-entry table, and ``last`` keeps what the last search found.
///
/// ``choose`` takes a Position or a Game and runs without the GIL.
#[pyclass(name = "Strong", module = "wallrush", frozen)]
pub(crate) struct PyStrong {
    inner: Mutex<Strong>,
    limits: Limits,
}

#[pymethods]
impl PyStrong {
    /// A strong bot searching each move to ``depth`` plies, about ``nodes`` nodes or
    /// about ``time`` seconds, whichever comes first.
    ///
    /// Raises ValueError when no limit is given or one is out of range.
    #[new]
    #[pyo3(signature = (*, depth = None, nodes = None, time = None))]
    fn new(
        depth: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        time: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyStrong> {
        let limits = limits_from(depth, nodes, time)?;
        Ok(PyStrong { inner: Mutex::new(Strong::new(limits)), limits })
    }

    /// ``'strong'``.
    #[getter]
    fn name(&self) -> &'static str {
        "strong"
    }

    /// The move to play in ``position`` (a Position, or a Game's current position), or
    /// None when the game is over. Runs without the GIL.
    fn choose(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Option<PyMove>> {
        let (pos, over) = position_arg(position)?;
        if over {
            return Ok(None);
        }
        let m = py.detach(|| self.inner.lock().unwrap_or_else(PoisonError::into_inner).choose(&pos));
        Ok(m.map(PyMove))
    }

    /// What the last search found, or None before the first.
    #[getter]
    fn last(&self, py: Python<'_>) -> Option<PySearchResult> {
        py.detach(|| {
            self.inner.lock().unwrap_or_else(PoisonError::into_inner).last().cloned().map(PySearchResult)
        })
    }

    fn __repr__(&self) -> String {
        let mut parts = Vec::new();
        if self.limits.depth != Limits::nodes(u64::MAX).depth {
            parts.push(format!("depth={}", self.limits.depth));
        }
        if self.limits.nodes != u64::MAX {
            parts.push(format!("nodes={}", self.limits.nodes));
        }
        if let Some(t) = self.limits.time {
            parts.push(format!("time={}", t.as_secs_f64()));
        }
        format!("Strong({})", parts.join(", "))
    }
}
