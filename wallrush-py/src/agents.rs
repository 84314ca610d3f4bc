//! For agents: dense action ids, legal-action lists and masks, observation planes, the
//! OpenSpiel Quoridor action ids, and batches of random games played without the GIL (by
//! `wallrush-engine`'s playouts).
//!
//! The methods here extend `Position`, `Game` and `Move` (PyO3's `multiple-pymethods`);
//! the module functions are private helpers of `wallrush.agents` and
//! `wallrush.openspiel`.

use std::num::NonZeroUsize;

use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyList, PyTuple};

use wallrush_core::actions::{self, openspiel, Plane};
use wallrush_core::{Move, Variant};
use wallrush_engine::playout::RandomPlayouts;

use crate::errors;
use crate::game::PyGame;
use crate::ints;
use crate::position::{outcome_reason, PyPosition};
use crate::types::{move_from, variant_from, PyMove};

/// Registers the module functions.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(num_actions, m)?)?;
    m.add_function(wrap_pyfunction!(observation_shape, m)?)?;
    m.add_function(wrap_pyfunction!(observation_planes, m)?)?;
    m.add_function(wrap_pyfunction!(random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(openspiel_supported, m)?)?;
    m.add_function(wrap_pyfunction!(openspiel_num_distinct_actions, m)?)?;
    m.add_function(wrap_pyfunction!(openspiel_encode, m)?)?;
    m.add_function(wrap_pyfunction!(openspiel_decode, m)?)?;
    m.add_function(wrap_pyfunction!(openspiel_legal_actions, m)?)?;
    Ok(())
}

/// An action id argument: an int (anything with `__index__`, never a bool), at least 0.
fn action_arg(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    // The common case first: a plain int in range (what legal_actions() hands out).
    if obj.is_exact_instance_of::<pyo3::types::PyInt>() {
        if let Ok(v) = obj.extract::<usize>() {
            return Ok(v);
        }
    }
    match crate::ints::int_arg::<usize>(obj, "an action id")? {
        Ok(v) => Ok(v),
        Err(out) if out.negative => Err(crate::errors::invalid_argument(format!("action {out} is negative"))),
        Err(out) => Err(crate::errors::invalid_argument(format!("action {out} is out of range"))),
    }
}

/// A legal-action list before it becomes a Python list: on the stack up to 256 ids (every
/// classic-size position), so listing the actions allocates nothing but the list. Every
/// id fits: the largest variant has 2,763 actions.
type ActionIds = smallvec::SmallVec<[u16; 256]>;

/// The legal action ids of `pos`, ascending, into `ids` (empty before).
fn action_ids(pos: &wallrush_core::Position, ids: &mut ActionIds) {
    actions::for_each_legal_action(pos, |id| ids.push(id as u16));
}

/// The exception for an action id that `actions::play` refused in `variant`: the
/// ValueError of [`decode_action`] or the IllegalMoveError.
fn play_action_error(py: Python<'_>, e: actions::PlayActionError, variant: &Variant) -> PyErr {
    match e {
        actions::PlayActionError::OutOfRange { id, .. } => {
            decode_action(variant, id).err().unwrap_or_else(|| errors::invalid_argument(e.to_string()))
        }
        actions::PlayActionError::Illegal(e) => errors::illegal_move(py, e),
    }
}

/// The move action `id` names in `variant`, or ValueError.
fn decode_action(variant: &Variant, id: usize) -> PyResult<Move> {
    actions::decode(variant, id).ok_or_else(|| {
        crate::errors::invalid_argument(format!(
            "action {id} is out of range: 0 ..= {} for {}",
            actions::num_actions(variant) - 1,
            variant
        ))
    })
}

/// `numpy` when it is wanted (`Some(true)`: required; `None`: when importable).
fn numpy<'py>(py: Python<'py>, want: Option<bool>) -> PyResult<Option<Bound<'py, PyModule>>> {
    match want {
        Some(false) => Ok(None),
        Some(true) => py.import("numpy").map(Some).map_err(|e| {
            let err = pyo3::exceptions::PyImportError::new_err(
                "NumPy is not installed: pip install 'wallrush[numpy]' (or pass numpy=False for lists)",
            );
            err.set_cause(py, Some(e));
            err
        }),
        None => Ok(py.import("numpy").ok()),
    }
}

/// A mask as a NumPy bool array, or a list of bools.
fn mask_py<'py>(py: Python<'py>, mask: &[bool], want: Option<bool>) -> PyResult<Bound<'py, PyAny>> {
    match numpy(py, want)? {
        Some(np) => {
            let bytes: Vec<u8> = mask.iter().map(|&b| u8::from(b)).collect();
            let buf = PyByteArray::new(py, &bytes);
            np.call_method1("frombuffer", (buf, np.getattr("bool_")?))
        }
        None => Ok(PyList::new(py, mask)?.into_any()),
    }
}

/// Observation floats as a NumPy float32 array of `shape`, or a flat `array.array('f')`.
fn floats_py<'py>(
    py: Python<'py>,
    values: &[f32],
    shape: [usize; 3],
    want: Option<bool>,
) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = values.iter().flat_map(|x| x.to_ne_bytes()).collect();
    let buf = PyByteArray::new(py, &bytes);
    match numpy(py, want)? {
        Some(np) => {
            let flat = np.call_method1("frombuffer", (buf, np.getattr("float32")?))?;
            flat.call_method1("reshape", (PyTuple::new(py, shape)?,))
        }
        None => py.import("array")?.getattr("array")?.call1(("f", buf)),
    }
}

// ----- Position, Game, Move ------------------------------------------------------------------

#[pymethods]
impl PyPosition {
    /// The legal action ids, ascending: ints below ``wallrush.agents.num_actions(variant)``
    /// (see ``wallrush.agents`` for the numbering); the same moves as ``legal_moves``, in
    /// the same order. Empty when the game is over; just the pass id when the mover has no
    /// move.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut ids = ActionIds::new();
        action_ids(&self.inner, &mut ids);
        crate::interned::list_of_ids(py, &ids)
    }

    /// One flag per action id: whether it is legal here. A NumPy ``bool`` array when
    /// ``numpy`` is true, or is None and NumPy can be imported; else a list of bools.
    ///
    /// Raises ImportError when ``numpy`` is true and NumPy is not installed.
    #[pyo3(signature = (*, numpy = None))]
    fn legal_action_mask<'py>(&self, py: Python<'py>, numpy: Option<bool>) -> PyResult<Bound<'py, PyAny>> {
        mask_py(py, &actions::legal_action_mask(&self.inner), numpy)
    }

    /// The position as ``3P + 4`` planes of ``n × n`` floats (``P`` seats): a NumPy
    /// ``float32`` array of shape ``(planes, n, n)``, indexed ``[plane, rank, file]``,
    /// when ``numpy`` is true, or is None and NumPy can be imported; else a flat
    /// ``array.array('f')`` in the same order. ``wallrush.agents.observation_planes``
    /// names the planes.
    ///
    /// Raises ImportError when ``numpy`` is true and NumPy is not installed.
    #[pyo3(signature = (*, numpy = None))]
    fn observation<'py>(&self, py: Python<'py>, numpy: Option<bool>) -> PyResult<Bound<'py, PyAny>> {
        let obs = actions::observation(&self.inner);
        floats_py(py, &obs, actions::observation_shape(&self.inner.variant()), numpy)
    }

    /// The position after the move with action id ``action``; this one is unchanged.
    ///
    /// Raises ValueError for an id out of range, IllegalMoveError (with the rule) for a
    /// move that is not legal here.
    #[pyo3(signature = (action, /))]
    fn play_action(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let id = action_arg(action)?;
        let mut next = self.inner.clone();
        actions::play(&mut next, id).map_err(|e| play_action_error(py, e, &self.inner.variant()))?;
        Ok(PyPosition { inner: next })
    }
}

#[pymethods]
impl PyGame {
    /// The legal action ids now (see ``Position.legal_actions``); empty when the game is
    /// over, the draw rules included.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut ids = ActionIds::new();
        self.inner.with_py(py, |g| {
            if !g.is_over() {
                action_ids(g.position(), &mut ids);
            }
        });
        crate::interned::list_of_ids(py, &ids)
    }

    /// Plays the move with action id ``action``.
    ///
    /// Raises ValueError for an id out of range, IllegalMoveError for a move that is not
    /// legal now; the game is then unchanged.
    #[pyo3(signature = (action, /))]
    fn play_action(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let id = action_arg(action)?;
        // One critical section: the move read from the id and played.
        let (played, variant) = self.inner.with_py(py, |g| (actions::play_in_game(g, id), g.variant()));
        played.map_err(|e| play_action_error(py, e, &variant))
    }
}

#[pymethods]
impl PyMove {
    /// The move with action id ``action`` in ``variant`` (the inverse of ``action``).
    ///
    /// Raises ValueError for an id out of range.
    #[staticmethod]
    fn from_action(variant: &Bound<'_, PyAny>, action: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let v = variant_from(Some(variant))?;
        decode_action(&v, action_arg(action)?).map(PyMove)
    }

    /// This move's action id in ``variant`` (the classic game when None).
    ///
    /// Raises ValueError when the move does not fit the variant (a square off the board,
    /// a wall that does not lie wholly inside it).
    #[pyo3(signature = (variant = None))]
    fn action(&self, variant: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
        let v = variant_from(variant)?;
        actions::encode(&v, self.0).ok_or_else(|| {
            crate::errors::invalid_argument(format!(
                "{} does not fit {v}: it has no action id",
                self.0.text(v.size())
            ))
        })
    }
}

// ----- module functions --------------------------------------------------------------------

/// The number of action ids of ``variant``.
#[pyfunction]
fn num_actions(variant: &Bound<'_, PyAny>) -> PyResult<usize> {
    Ok(actions::num_actions(&variant_from(Some(variant))?))
}

/// ``(planes, n, n)``.
#[pyfunction]
fn observation_shape(variant: &Bound<'_, PyAny>) -> PyResult<(usize, usize, usize)> {
    let [c, h, w] = actions::observation_shape(&variant_from(Some(variant))?);
    Ok((c, h, w))
}

/// Names of the observation planes, in order.
#[pyfunction]
fn observation_planes(variant: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let v = variant_from(Some(variant))?;
    let seats: Vec<&str> = v.seats().map(|s| s.name()).collect();
    Ok(actions::observation_planes(&v)
        .into_iter()
        .map(|p| match p {
            Plane::Pawn(k) => format!("pawn:{}", seats[k]),
            Plane::HorizontalAnchors => "horizontal_anchors".to_string(),
            Plane::VerticalAnchors => "vertical_anchors".to_string(),
            Plane::BlockedNorth => "blocked_north".to_string(),
            Plane::BlockedEast => "blocked_east".to_string(),
            Plane::WallsLeft(k) => format!("walls_left:{}", seats[k]),
            Plane::ToMove(k) => format!("to_move:{}", seats[k]),
        })
        .collect())
}

/// The most threads `random_playouts` starts: far more than any machine has cores, and
/// few enough that starting them cannot fail (a failed start would be a panic).
const MAX_THREADS: usize = 256;

/// One random game: plies played, the winner's seat index, the reason the game ended
/// (`None` when the ply cap stopped it), and the moves in standard notation.
type Playout = (u32, Option<usize>, Option<&'static str>, Option<Vec<String>>);

/// Plays `games` random games with `wallrush_engine`'s [`RandomPlayouts`] (uniform over
/// the legal moves, game `i` seeded from `seed` and `i`) without the GIL, on `threads`
/// threads.
#[pyfunction]
#[pyo3(signature = (games, variant, seed, max_plies, moves, threads))]
fn random_playouts(
    py: Python<'_>,
    games: &Bound<'_, PyAny>,
    variant: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    max_plies: Option<&Bound<'_, PyAny>>,
    moves: bool,
    threads: &Bound<'_, PyAny>,
) -> PyResult<Vec<Playout>> {
    let games = ints::int_in(games, "games", 0, usize::MAX)?;
    let v = variant_from(Some(variant))?;
    let seed = crate::bots::seed_arg(Some(seed))?;
    let max_plies = ints::opt_int_in(max_plies, "max_plies", 1, u32::MAX)?;
    let threads = ints::int_in(threads, "threads", 1, MAX_THREADS)?;
    let threads = NonZeroUsize::new(threads).unwrap_or(NonZeroUsize::MIN);
    let mut playouts = RandomPlayouts::new(v, seed).keep_moves(moves);
    if let Some(cap) = max_plies {
        playouts = playouts.max_plies(cap);
    }
    let played = py.detach(|| playouts.run_threaded(games, threads));
    Ok(played
        .into_iter()
        .map(|p| {
            let texts = moves.then(|| p.moves.iter().map(|m| m.text(v.size()).to_string()).collect());
            (
                p.plies,
                p.outcome.and_then(|o| o.winner()).map(|s| s.index()),
                p.outcome.map(outcome_reason),
                texts,
            )
        })
        .collect())
}

/// Whether OpenSpiel's Quoridor plays ``variant``.
#[pyfunction]
fn openspiel_supported(variant: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(openspiel::is_supported(&variant_from(Some(variant))?))
}

/// ``(2n − 1)²``.
#[pyfunction]
fn openspiel_num_distinct_actions(variant: &Bound<'_, PyAny>) -> PyResult<usize> {
    Ok(openspiel::num_distinct_actions(&variant_from(Some(variant))?))
}

/// OpenSpiel's id of a move in a position, or None.
#[pyfunction]
fn openspiel_encode(position: &Bound<'_, PyPosition>, r#move: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    Ok(openspiel::encode(&position.get().inner, move_from(r#move)?))
}

/// The move OpenSpiel's id names in a position, or None.
#[pyfunction]
fn openspiel_decode(position: &Bound<'_, PyPosition>, action: &Bound<'_, PyAny>) -> PyResult<Option<PyMove>> {
    let id = action_arg(action)?;
    Ok(openspiel::decode(&position.get().inner, id).map(PyMove))
}

/// OpenSpiel's legal ids in a position, ascending.
#[pyfunction]
fn openspiel_legal_actions(position: &Bound<'_, PyPosition>) -> Vec<usize> {
    openspiel::legal_actions(&position.get().inner)
}
