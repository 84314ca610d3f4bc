//! Computer players and move analysis: `Beginner`, `RandomMover`, `Analysis` and
//! `MoveEffect`.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use wallrush_core::{BySeat, Position, Seat};
use wallrush_engine::analysis::{Analysis, MoveEffect, Score};
use wallrush_engine::bot::{Beginner, Bot, RandomMover};

use crate::enums::seat_py;
use crate::game::PyGame;
use crate::locked::Locked;
use crate::position::PyPosition;
use crate::types::{move_from, PyMove};

/// Adds this file's classes to the native module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBeginner>()?;
    m.add_class::<PyRandomMover>()?;
    m.add_class::<PyAnalysis>()?;
    m.add_class::<PyMoveEffect>()?;
    Ok(())
}

/// The position a bot or an analysis is asked about: a `Position`, or a `Game`'s current
/// position. The flag tells whether the game is over by its draw rules (a position alone
/// does not know them), so that bots give no move then.
pub(crate) fn position_arg(obj: &Bound<'_, PyAny>) -> PyResult<(Position, bool)> {
    if let Ok(p) = obj.cast::<PyPosition>() {
        return Ok((wallrush_core::Position::clone(&p.get().inner), false));
    }
    if let Ok(g) = obj.cast::<PyGame>() {
        return Ok(g.get().inner.with(|g| (g.position().clone(), g.is_over())));
    }
    Err(PyTypeError::new_err(format!("expected a Position or a Game, not {}", obj.get_type().name()?)))
}

/// A seed: any int from 0 to 2**64 - 1.
pub(crate) fn seed_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(0);
    };
    crate::ints::int_arg::<u64>(obj, "seed")?.map_err(|out| {
        crate::errors::invalid_argument(format!("seed {out} is out of range: 0 ..= 2**64 - 1"))
    })
}

/// A bot's seed: the given int (0 ..= 2**64 - 1), or a fresh random one when None, so
/// two bots made without a seed play different games (the seed is kept, so a game can
/// still be repeated: ``Beginner(bot.seed)``).
pub(crate) fn bot_seed_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    match obj.filter(|o| !o.is_none()) {
        Some(o) => seed_arg(Some(o)),
        None => Ok(fresh_seed()),
    }
}

/// A fresh random seed: the standard library's per-process random hash keys (which
/// change with every `RandomState`), mixed with a counter and the clock.
pub(crate) fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    h.write_u128(nanos);
    h.finish()
}

/// A dict from Seat to `value(seat)` for `seats`.
fn seat_dict<'py, T: IntoPyObject<'py>>(
    py: Python<'py>,
    seats: &[Seat],
    value: impl Fn(Seat) -> T,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for &s in seats {
        d.set_item(seat_py(py, s)?, value(s))?;
    }
    Ok(d)
}

/// The beginner: one move of lookahead, no claim to good play, and every choice
/// explained by ``Analysis``.
///
/// On its turn it takes a winning move when it has one; otherwise it scores each pawn
/// move by how much it shortens its own route and, when the opponent's route is no
/// longer than its own (or it cannot move its pawn), each wall by the opponent's route
/// increase minus its own (times 10 when the opponent is one step from its goal); it
/// plays the best score, choosing among equal scores with a generator seeded by
/// ``seed``, so a seed fixes every game on every platform (without one, each bot draws a
/// fresh random seed). With four seats the opponent
/// is the other seat with the shortest route.
///
/// ``choose`` takes a Position or a Game and returns a legal Move, or None when the game
/// is over. A bot is mutable (its generator moves on with every choice); shared
/// between threads, its choices take turns, so which thread gets which draw of the
/// generator depends on timing.
#[pyclass(name = "Beginner", module = "wallrush", frozen)]
pub(crate) struct PyBeginner {
    inner: Locked<Beginner>,
}

#[pymethods]
impl PyBeginner {
    /// A beginner whose ties are broken by a generator seeded with ``seed`` (an int
    /// from 0 to 2**64 - 1; a fresh random seed when None, kept in ``seed``).
    #[new]
    #[pyo3(signature = (seed = None))]
    fn new(seed: Option<&Bound<'_, PyAny>>) -> PyResult<PyBeginner> {
        Ok(PyBeginner { inner: Locked::new(Beginner::new(bot_seed_arg(seed)?)) })
    }

    /// The seed it was made with.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.with(|b| b.seed())
    }

    /// ``'beginner'``.
    #[getter]
    fn name(&self) -> String {
        self.inner.with(|b| b.name().to_string())
    }

    /// The move to play in ``position`` (a Position, or a Game's current position), or
    /// None when the game is over.
    fn choose(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<PyMove>> {
        let (pos, over) = position_arg(position)?;
        Ok(if over { None } else { self.inner.with(|b| b.choose(&pos)).map(PyMove) })
    }

    /// The moves the beginner chooses among in ``position`` (all sharing the best
    /// score), in legal-move order; empty when the game is over.
    #[staticmethod]
    fn candidates(position: &Bound<'_, PyAny>) -> PyResult<Vec<PyMove>> {
        let (pos, over) = position_arg(position)?;
        if over {
            return Ok(Vec::new());
        }
        Ok(Beginner::candidates(&pos).into_iter().map(PyMove).collect())
    }

    fn __repr__(&self) -> String {
        format!("Beginner(seed={})", self.seed())
    }
}

/// A reference player that plays a uniformly random legal move (walls included), from a
/// generator seeded by ``seed``.
///
/// ``choose`` takes a Position or a Game and returns a legal Move, or None when the game
/// is over. Shared between threads, its choices take turns, as the beginner's do.
#[pyclass(name = "RandomMover", module = "wallrush", frozen)]
pub(crate) struct PyRandomMover {
    inner: Locked<RandomMover>,
    seed: u64,
}

#[pymethods]
impl PyRandomMover {
    /// A random mover seeded with ``seed`` (an int from 0 to 2**64 - 1; a fresh random
    /// seed when None, kept in ``seed``).
    #[new]
    #[pyo3(signature = (seed = None))]
    fn new(seed: Option<&Bound<'_, PyAny>>) -> PyResult<PyRandomMover> {
        let seed = bot_seed_arg(seed)?;
        Ok(PyRandomMover { inner: Locked::new(RandomMover::new(seed)), seed })
    }

    /// The seed it was made with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// ``'random'``.
    #[getter]
    fn name(&self) -> String {
        self.inner.with(|b| b.name().to_string())
    }

    /// A uniformly random legal move in ``position`` (a Position, or a Game's current
    /// position), or None when the game is over.
    fn choose(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<PyMove>> {
        let (pos, over) = position_arg(position)?;
        Ok(if over { None } else { self.inner.with(|b| b.choose(&pos)).map(PyMove) })
    }

    fn __repr__(&self) -> String {
        format!("RandomMover(seed={})", self.seed)
    }
}

/// What one legal move does: every seat's route length after it, the change, and the
/// beginner's score.
///
/// The score is ``is_win`` (the move wins on the spot: the best), else ``points`` (an
/// int: for a pawn move how much it shortens the mover's route, for a wall the
/// opponent's route increase minus the mover's, times 10 when the opponent is one step
/// from its goal; 0 for the pass), else ``is_ignored`` (a wall the beginner does not
/// consider because the mover is ahead; ``points`` is then None, but the routes are
/// still reported).
#[pyclass(name = "MoveEffect", module = "wallrush", frozen, eq)]
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct PyMoveEffect {
    inner: MoveEffect,
    seats: Vec<Seat>,
}

#[pymethods]
impl PyMoveEffect {
    /// The move.
    #[getter]
    fn r#move(&self) -> PyMove {
        PyMove(self.inner.mv)
    }

    /// Every seat in play's route length after the move: a dict from Seat to int (the
    /// mover's is 0 after a winning move).
    #[getter]
    fn routes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        seat_dict(py, &self.seats, |s| self.inner.routes[s])
    }

    /// ``routes`` minus the route lengths before the move: a dict from Seat to int. A
    /// wall only ever adds; a pawn move changes only the mover's own.
    #[getter]
    fn delta<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        seat_dict(py, &self.seats, |s| self.inner.delta[s])
    }

    /// The beginner's points for the move, or None when it wins or is ignored.
    #[getter]
    fn points(&self) -> Option<i32> {
        match self.inner.score {
            Score::Points(p) => Some(p),
            _ => None,
        }
    }

    /// Whether the move wins on the spot.
    #[getter]
    fn is_win(&self) -> bool {
        self.inner.score == Score::Win
    }

    /// Whether the beginner ignores the move (a wall while the mover is ahead).
    #[getter]
    fn is_ignored(&self) -> bool {
        self.inner.score == Score::Ignored
    }

    fn __repr__(&self) -> String {
        let score = match self.inner.score {
            Score::Win => "win".to_string(),
            Score::Ignored => "ignored".to_string(),
            Score::Points(p) => p.to_string(),
        };
        let routes: Vec<String> =
            self.seats.iter().map(|&s| format!("{}={}", s.name(), self.inner.routes[s])).collect();
        format!("<MoveEffect {} score={score} routes: {}>", self.inner.mv, routes.join(" "))
    }
}

/// Every legal move of a position with its effect on every seat's route and the
/// beginner's score for it, sorted best first: wins, then points from high to low, then
/// ignored walls; equal scores in legal-move order (pawn moves, then horizontal and
/// vertical walls). Empty when the game is over.
///
/// ``Analysis(position)`` analyses a Position (or a Game's current position): about 130
/// wall previews on the classic board, a fraction of a millisecond. ``best`` holds the
/// moves the ``Beginner`` chooses among; ``hint(move)`` explains one move in a line
/// (``'d4h adds 3 to north's route and 0 to yours'``). For the best move by search, ask
/// an ``Engine``.
#[pyclass(name = "Analysis", module = "wallrush", frozen)]
pub(crate) struct PyAnalysis {
    inner: Analysis,
    seats: Vec<Seat>,
}

impl PyAnalysis {
    fn effect(&self, e: &MoveEffect) -> PyMoveEffect {
        PyMoveEffect { inner: *e, seats: self.seats.clone() }
    }
}

#[pymethods]
impl PyAnalysis {
    /// Analyses every legal move of ``position`` (a Position, or a Game's current
    /// position).
    #[new]
    fn new(position: &Bound<'_, PyAny>) -> PyResult<PyAnalysis> {
        let (pos, _) = position_arg(position)?;
        let seats = pos.seats_in_play().collect();
        Ok(PyAnalysis { inner: Analysis::new(&pos), seats })
    }

    /// The seat to move.
    #[getter]
    fn mover<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        seat_py(py, self.inner.mover())
    }

    /// The beginner's opponent: the other seat in play with the shortest route (ties to
    /// the first in turn order after the mover); None when the game is over.
    #[getter]
    fn opponent<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner.opponent().map(|s| seat_py(py, s)).transpose()
    }

    /// Every seat in play's route length before the move: a dict from Seat to int.
    #[getter]
    fn routes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let routes: BySeat<u32> = self.inner.routes();
        seat_dict(py, &self.seats, |s| routes[s])
    }

    /// Whether the beginner scores walls here: when the opponent's route is no longer
    /// than the mover's, or when the mover has no pawn move.
    #[getter]
    fn walls_considered(&self) -> bool {
        self.inner.walls_considered()
    }

    /// Every legal move's effect, best first.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.inner.moves().iter().map(|e| self.effect(e)))
    }

    /// The effects sharing the best score: the moves the beginner chooses among.
    #[getter]
    fn best<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.inner.best().iter().map(|e| self.effect(e)))
    }

    /// The effect of ``move`` (a Move, Square, Wall or standard text), or None when it
    /// is not legal here.
    ///
    /// Raises InvalidTextError for text that is not a move.
    fn get(&self, r#move: &Bound<'_, PyAny>) -> PyResult<Option<PyMoveEffect>> {
        let m = move_from(r#move)?;
        Ok(self.inner.get(m).map(|e| self.effect(e)))
    }

    /// A one-line explanation of ``move`` for the player to move, or None when it is not
    /// legal here: ``'d4h adds 3 to north's route and 0 to yours'``, ``'e2 takes 1 off
    /// your route'``, ``'d1 leaves your route unchanged'``, ``'e1 adds 1 to your
    /// route'``, ``'e9 wins'``, ``'pass: no other move'``.
    ///
    /// Raises InvalidTextError for text that is not a move.
    fn hint(&self, r#move: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        Ok(self.inner.hint(move_from(r#move)?))
    }

    fn __len__(&self) -> usize {
        self.inner.moves().len()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.moves(py)?.try_iter()?.into_any())
    }

    fn __repr__(&self) -> String {
        let best: Vec<String> = self.inner.best().iter().map(|e| e.mv.to_string()).collect();
        format!(
            "<Analysis of {} moves for {}, best: {}>",
            self.inner.moves().len(),
            self.inner.mover().name(),
            if best.is_empty() { "none".to_string() } else { best.join(", ") }
        )
    }
}
