//! `Game` (mutable, with history), `Record`, `DrawOptions` and `Resignation`.

use std::sync::OnceLock;

use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use wallrush_core::notation::{MoveTextError, Notation};
use wallrush_core::record::{TagError, MAX_RECORD_ACTIONS, MAX_RECORD_BYTES};
use wallrush_core::{Action, ActionError, DrawOptions, Game, Record};

use crate::enums::{notation_from, notation_py, seat_from, seat_py};
use crate::errors;
use crate::ints;
use crate::locked::Locked;
use crate::position::{PyLegalMoves, PyOutcome, PyPosition, ViewOf};
use crate::reprs::copies;
use crate::reprs::py_repr;
use crate::types::{move_from, text_arg, PyMove, PyVariant};

/// The draw rules a game plays by: a repetition count and a ply limit, each None when
/// off (the default: no draws).
///
/// ``DrawOptions(repetition=3)`` draws when a position (pawn squares, walls, wall counts
/// and seat to move) is seen the third time, the start counting once;
/// ``DrawOptions(ply_limit=500)`` draws once 500 plies are played without a win.
/// Presets: ``DrawOptions.NONE``, ``DrawOptions.WALLRUSH`` (no draws) and
/// ``DrawOptions.PAWN_PATH_GAME`` (repetition 3, ply limit 500). ``str`` gives the
/// record's ``Draw`` tag text, which ``DrawOptions.from_text`` reads.
#[pyclass(name = "DrawOptions", module = "wallrush", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PyDrawOptions(pub(crate) DrawOptions);

/// A count that fits a `u32`, or a plain `ValueError` naming it.
fn draw_count(obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<u32>> {
    ints::opt_int_in(obj, name, 0, u32::MAX)
}

#[pymethods]
impl PyDrawOptions {
    /// Draw options from a repetition count and a ply limit (None: that rule is off).
    ///
    /// Raises ValueError for a negative or too large count.
    #[new]
    #[pyo3(signature = (repetition = None, ply_limit = None))]
    fn new(
        repetition: Option<&Bound<'_, PyAny>>,
        ply_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyDrawOptions> {
        Ok(PyDrawOptions(DrawOptions {
            repetition: draw_count(repetition, "repetition")?,
            ply_limit: draw_count(ply_limit, "ply_limit")?,
        }))
    }

    /// No draw rules.
    #[classattr]
    #[allow(non_snake_case)]
    fn NONE() -> PyDrawOptions {
        PyDrawOptions(DrawOptions::NONE)
    }

    /// WallRush's rules: no draws.
    #[classattr]
    #[allow(non_snake_case)]
    fn WALLRUSH() -> PyDrawOptions {
        PyDrawOptions(DrawOptions::WALLRUSH)
    }

    /// Pawn Path Game's rules: threefold repetition and a 500-ply limit.
    #[classattr]
    #[allow(non_snake_case)]
    fn PAWN_PATH_GAME() -> PyDrawOptions {
        PyDrawOptions(DrawOptions::PAWN_PATH_GAME)
    }

    /// Reads the record's ``Draw`` tag text: ``'none'``, ``'repetition=3'``,
    /// ``'ply_limit=500'`` or both.
    ///
    /// Raises InvalidTextError for any other text.
    #[staticmethod]
    fn from_text(text: &Bound<'_, PyAny>) -> PyResult<PyDrawOptions> {
        let s = text_arg(text, "draw options")?;
        s.parse::<DrawOptions>().map(PyDrawOptions).map_err(|e| {
            let expected = "none, repetition=K and/or ply_limit=N";
            errors::invalid_text_message(
                text.py(),
                format!(
                    "invalid draw options {}: {e}",
                    text.repr().map(|r| r.to_string()).unwrap_or_default()
                ),
                &s,
                0,
                expected,
                None,
            )
        })
    }

    /// The repetition count that draws, or None when repetition is off.
    #[getter]
    fn repetition(&self) -> Option<u32> {
        self.0.repetition
    }

    /// The ply limit, or None when it is off.
    #[getter]
    fn ply_limit(&self) -> Option<u32> {
        self.0.ply_limit
    }

    /// The record's ``Draw`` tag text.
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        let show = |v: Option<u32>| v.map_or("None".to_string(), |n| n.to_string());
        format!("DrawOptions(repetition={}, ply_limit={})", show(self.0.repetition), show(self.0.ply_limit))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (py.get_type::<PyDrawOptions>(), (self.0.repetition, self.0.ply_limit)).into_pyobject(py)
    }
}

/// A resignation in a game's history: ``seat`` resigned. Resigning is an action of a
/// game, not a move: it is never in a position's legal moves, and is not a ply.
#[pyclass(name = "Resignation", module = "wallrush", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PyResignation(pub(crate) wallrush_core::Seat);

#[pymethods]
impl PyResignation {
    /// The resignation of ``seat`` (a Seat, its number or its name).
    #[new]
    fn new(seat: &Bound<'_, PyAny>) -> PyResult<PyResignation> {
        Ok(PyResignation(seat_from(seat)?))
    }

    /// The seat that resigned.
    #[getter]
    fn seat<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        seat_py(py, self.0)
    }

    /// ``resign(south)``.
    fn __str__(&self) -> String {
        Action::Resign(self.0).to_string()
    }

    fn __repr__(&self) -> String {
        format!("Resignation(Seat.{})", self.0.name().to_uppercase())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (py.get_type::<PyResignation>(), (self.0.name(),)).into_pyobject(py)
    }
}

/// An action as Python sees it: a `Move` or a `Resignation`.
pub(crate) fn action_py(py: Python<'_>, a: Action) -> PyResult<Bound<'_, PyAny>> {
    match a {
        Action::Move(m) => Ok(Bound::new(py, PyMove(m))?.into_any()),
        Action::Resign(s) => Ok(Bound::new(py, PyResignation(s))?.into_any()),
    }
}

fn draw_from(obj: Option<&Bound<'_, PyAny>>) -> PyResult<DrawOptions> {
    match obj.filter(|o| !o.is_none()) {
        None => Ok(DrawOptions::NONE),
        Some(o) => o.extract::<PyDrawOptions>().map(|d| d.0).map_err(|_| {
            PyTypeError::new_err(match o.get_type().name() {
                Ok(n) => format!("expected DrawOptions or None, not {n}"),
                Err(_) => "expected DrawOptions or None".to_string(),
            })
        }),
    }
}

fn action_error(py: Python<'_>, e: ActionError) -> PyErr {
    match e {
        ActionError::Move(e) => errors::illegal_move(py, e),
        ActionError::Resign(e) => errors::illegal_resign(py, e),
    }
}

/// A game: a starting position, the actions (moves and resignations) played from it,
/// the position they lead to, and the draw rules it plays by.
///
/// Unlike ``Position``, a game is mutable, as python-chess's ``Board`` is: ``play``,
/// ``resign``, ``undo`` and ``redo`` change it in place. ``Game()`` is a classic game;
/// ``Game(variant, draw=DrawOptions.PAWN_PATH_GAME)`` any other; ``Game.from_position``
/// starts from any legal position, ``Game.from_record`` reads a record.
/// ``str(game)`` draws the board, as ``str(position)`` does (the record is
/// ``game.record()``); ``repr(game)`` can be pasted back. The python-chess habits
/// work: ``push``, ``push_text``, ``pop``, ``peek``, ``copy``, ``is_game_over``,
/// ``outcome()``, ``result()``, ``parse_move`` and ``move_text``.
///
/// A game may be shared between threads: each call holds the game's lock while it
/// runs, so calls from two threads at once take turns (a move read as text is read and
/// played on the same position) and never fail for it.
#[pyclass(name = "Game", module = "wallrush", frozen, eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct PyGame {
    pub(crate) inner: Locked<Game>,
}

/// An action argument as read from Python, before the game is looked at: an action, or
/// text to read in a notation as an action of the seat to move.
enum ActionArg {
    Action(Action),
    Text(String, Notation),
}

/// Why a game refused an action, kept as Rust values until the game's lock is released.
enum Refused {
    /// Text that is not an action here: malformed, or an illegal move in its notation.
    Text(String, Notation, MoveTextError),
    /// An illegal move or resignation.
    Action(ActionError),
}

impl From<ActionError> for Refused {
    fn from(e: ActionError) -> Refused {
        Refused::Action(e)
    }
}

impl Refused {
    fn raise(self, py: Python<'_>) -> PyErr {
        match self {
            Refused::Text(text, notation, e) => errors::move_text(py, notation, &text, &e),
            Refused::Action(e) => action_error(py, e),
        }
    }
}

impl ActionArg {
    /// Reads a Move, Square, Wall, Resignation, or text in `notation` (`resign` and
    /// `resign(seat)` included).
    fn read(obj: &Bound<'_, PyAny>, notation: Option<&Bound<'_, PyAny>>) -> PyResult<ActionArg> {
        let notation = notation_from(notation)?;
        // `cast`, not `extract`: a failed cast builds no Python exception (this is the
        // hot path of every `play` and `push` with a Move).
        if let Ok(r) = obj.cast::<PyResignation>() {
            return Ok(ActionArg::Action(Action::Resign(r.get().0)));
        }
        if !obj.is_instance_of::<PyString>() {
            return move_from(obj).map(|m| ActionArg::Action(Action::Move(m)));
        }
        Ok(ActionArg::Text(text_arg(obj, "a move")?, notation))
    }

    /// The action in `game`.
    fn resolve(self, game: &Game) -> Result<Action, Refused> {
        match self {
            ActionArg::Action(a) => Ok(a),
            ActionArg::Text(text, notation) => {
                game.parse_action(&text, notation).map_err(|e| Refused::Text(text, notation, e))
            }
        }
    }
}

/// Whether `text`, the text of `record`, reads back as `record`: it fits the limits,
/// and no draw rule set late ends the game before its last action.
fn reads_back(record: &Record, text: &str) -> bool {
    record.game().len() <= MAX_RECORD_ACTIONS
        && text.len() <= MAX_RECORD_BYTES
        && Record::parse(text, Notation::Standard).is_ok_and(|back| back == *record)
}

impl PyGame {
    pub(crate) fn new_inner(game: Game) -> PyGame {
        PyGame { inner: Locked::new(game) }
    }
}

#[pymethods]
impl PyGame {
    /// A game of ``variant`` (classic when None) from its start, playing by ``draw``
    /// (no draw rules when None).
    #[new]
    #[pyo3(signature = (variant = None, *, draw = None))]
    fn new(variant: Option<&Bound<'_, PyAny>>, draw: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
        let variant = crate::types::variant_from(variant)?;
        let start = crate::position::start_position(variant);
        Ok(PyGame::new_inner(Game::from_position(start).with_draw_options(draw_from(draw)?)))
    }

    /// A game from ``position`` (any legal position), playing by ``draw``; plies and
    /// repetitions are counted from there.
    #[staticmethod]
    #[pyo3(signature = (position, *, draw = None))]
    fn from_position(position: &Bound<'_, PyAny>, draw: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
        let pos = position.cast::<PyPosition>().map_err(|_| PyTypeError::new_err("expected a Position"))?;
        Ok(PyGame::new_inner(
            Game::from_position(wallrush_core::Position::clone(&pos.get().inner))
                .with_draw_options(draw_from(draw)?),
        ))
    }

    /// The game a record text holds (see ``Record``); its moves are read in the
    /// record's ``Notation`` tag, else in ``notation`` (standard by default).
    ///
    /// Raises InvalidTextError (with ``line``) for malformed or contradictory text,
    /// IllegalMoveError for an illegal move in it, InvalidVariantError or
    /// InvalidPositionError for a bad ``Variant`` or ``Position`` tag.
    #[staticmethod]
    #[pyo3(signature = (text, notation = None))]
    fn from_record(
        py: Python<'_>,
        text: &Bound<'_, PyAny>,
        notation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        Ok(PyGame::new_inner(parse_record(py, text, notation)?.into_game()))
    }

    /// The variant.
    #[getter]
    fn variant(&self) -> PyVariant {
        PyVariant(self.inner.with(|g| g.variant()))
    }

    /// The starting position.
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition::from_core(self.inner.with(|g| g.start().clone()))
    }

    /// The current position (a Position value: it does not change as the game goes on).
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition::from_core(self.inner.with(|g| g.position().clone()))
    }

    /// The position after the first ``i`` actions (0 is the start; negative ``i``
    /// counts from the end, as list indices do).
    ///
    /// Raises IndexError past either end of the history.
    fn position_at(&self, i: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let i = HistoryIndex::read(i, "position")?;
        let (found, n) = self.inner.with(|g| {
            let n = g.len();
            (i.within(n + 1).and_then(|j| g.position_at(j)).cloned(), n)
        });
        found.map(PyPosition::from_core).ok_or_else(|| i.error(n))
    }

    /// The seat to move.
    #[getter]
    fn turn<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        seat_py(py, self.inner.with(|g| g.turn()))
    }

    /// The draw rules; setting them judges the current position only (turning them on
    /// late does not look back for an earlier draw).
    #[getter]
    fn get_draw(&self) -> PyDrawOptions {
        PyDrawOptions(self.inner.with(|g| g.draw_options()))
    }

    #[setter]
    fn set_draw(&self, draw: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let draw = draw_from(draw)?;
        self.inner.with(|g| g.set_draw_options(draw));
        Ok(())
    }

    /// The actions played, in order: Move objects and Resignation objects.
    #[getter]
    fn actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let actions: Vec<Action> = self.inner.with(|g| g.actions().collect());
        let items = actions.into_iter().map(|a| action_py(py, a)).collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
    }

    /// The moves played, in order (resignations left out).
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        self.inner.with(|g| g.moves().map(PyMove).collect())
    }

    /// The number of actions played.
    fn __len__(&self) -> usize {
        self.inner.with(|g| g.len())
    }

    /// Plies played from the start (moves and passes; resignations are not plies).
    #[getter]
    fn plies(&self) -> u32 {
        self.inner.with(|g| g.plies())
    }

    /// How many times the current position has been seen, this time and the start
    /// included.
    #[getter]
    fn repetitions(&self) -> u32 {
        self.inner.with(|g| g.repetitions())
    }

    /// How the game ended (a win, or a draw by passing, repetition or the ply limit), or
    /// None while it goes on; a method, as python-chess's ``Board.outcome()`` is.
    fn outcome(&self) -> Option<PyOutcome> {
        self.inner.with(|g| g.outcome()).map(PyOutcome)
    }

    /// Whether the game is over (the draw rules included), as python-chess's
    /// ``Board.is_game_over()``.
    fn is_game_over(&self) -> bool {
        self.inner.with(|g| g.is_over())
    }

    /// Deprecated alias of ``is_game_over``.
    fn is_over(&self, py: Python<'_>) -> PyResult<bool> {
        errors::deprecated(py, "Game.is_over", "Game.is_game_over")?;
        Ok(self.is_game_over())
    }

    /// The result as records write it at the end of the move list: ``'*'`` while the
    /// game goes on; with two seats ``'1-0'`` (South won), ``'0-1'`` (North won) or
    /// ``'1/2-1/2'``; with four one score per seat in turn order (South, West, North,
    /// East): ``'0-0-1-0'`` when North won, and for a draw the point split among the
    /// seats still in play (``'1/4-1/4-1/4-1/4'``, ``'1/3-0-1/3-1/3'`` when West had
    /// resigned).
    fn result(&self) -> String {
        self.inner.with(|g| wallrush_core::record::result_token(g))
    }

    /// Plays ``move`` and returns what was played: a Move, or a Resignation. As
    /// python-chess's ``Board.push``. ``move`` is a Move, Square, Wall or Resignation, or
    /// text in ``notation`` (standard by default), where ``resign`` resigns the seat to
    /// move and ``resign(west)`` names the seat.
    ///
    /// Raises InvalidTextError for text that is not a move of the notation,
    /// IllegalMoveError for an illegal move or resignation; the game is then unchanged.
    #[pyo3(signature = (r#move, /, notation = None))]
    fn push<'py>(
        &self,
        py: Python<'py>,
        r#move: &Bound<'_, PyAny>,
        notation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let arg = ActionArg::read(r#move, notation)?;
        let (played, variant) = self
            .inner
            .with(|g| -> Result<(Action, wallrush_core::Variant), Refused> {
                let action = arg.resolve(g)?;
                g.act(action)?;
                Ok((action, g.variant()))
            })
            .map_err(|refused| refused.raise(py))?;
        // The variant's shared Move object, as the legal moves hand out.
        if let Action::Move(m) = played {
            if let Some(id) = wallrush_core::actions::encode(&variant, m) {
                let table = crate::interned::moves(py, variant)?;
                return Ok(table[id].bind(py).clone().into_any());
            }
        }
        action_py(py, played)
    }

    /// Reads ``text`` in ``notation`` (standard by default) and plays it; returns the
    /// Move (or Resignation) played. As python-chess's ``Board.push_san``.
    ///
    /// Raises TypeError for anything but a ``str``, else as ``play`` does.
    #[pyo3(signature = (text, /, notation = None))]
    fn push_text<'py>(
        &self,
        py: Python<'py>,
        text: &Bound<'_, PyAny>,
        notation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        text_arg(text, "move text")?;
        self.push(py, text, notation)
    }

    /// Takes back the last action and returns it (a Move or a Resignation), as
    /// python-chess's ``Board.pop``; ``redo`` replays it.
    ///
    /// Raises IndexError at the start of the game, as ``list.pop`` does on an empty
    /// list.
    fn pop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.inner.with(|g| g.undo()) {
            Some(a) => action_py(py, a),
            None => Err(PyIndexError::new_err("nothing to undo: the game is at its start")),
        }
    }

    /// The last action played (a Move or a Resignation), left in place.
    ///
    /// Raises IndexError at the start of the game, as python-chess's ``Board.peek``.
    fn peek<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.inner.with(|g| g.actions().last()) {
            Some(a) => action_py(py, a),
            None => Err(PyIndexError::new_err("nothing to peek at: the game is at its start")),
        }
    }

    /// A copy of the game, history and redo line included (``copy.copy`` does the same).
    fn copy(&self) -> PyGame {
        self.clone()
    }

    /// Reads ``text`` in ``notation`` (standard by default) as an action of the seat to
    /// move now, without playing it: a Move, or a Resignation for ``resign`` /
    /// ``resign(seat)``.
    ///
    /// Raises InvalidTextError for text that is not a move of the notation,
    /// IllegalMoveError for a move the rules refuse now.
    #[pyo3(signature = (text, /, notation = None))]
    fn parse_move<'py>(
        &self,
        py: Python<'py>,
        text: &Bound<'_, PyAny>,
        notation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let s = text_arg(text, "move text")?;
        let notation = notation_from(notation)?;
        let parsed = self.inner.with(|g| g.parse_action(&s, notation));
        match parsed {
            Ok(a) => action_py(py, a),
            Err(e) => Err(errors::move_text(py, notation, &s, &e)),
        }
    }

    /// How ``notation`` (standard by default) writes ``move``, a legal move now (as
    /// ``Position.move_text``).
    ///
    /// Raises IllegalMoveError when the move is not legal now.
    #[pyo3(signature = (r#move, /, notation = None))]
    fn move_text(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        notation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let notation = notation_from(notation)?;
        let m = move_from(r#move)?;
        // The game's check first: a draw rule may have ended the game.
        let (checked, pos) = self.inner.with(|g| (g.check(m), g.position().clone()));
        checked.map_err(|e| errors::illegal_move(py, e))?;
        notation.write_move(&pos, m).map_err(|e| errors::illegal_move(py, e))
    }

    /// An alias of ``move_text`` (the name ``Position`` had first).
    #[pyo3(signature = (r#move, /, notation = None))]
    fn write_move(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        notation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        self.move_text(py, r#move, notation)
    }

    /// The legal moves now, as ``Position.legal_moves`` gives them; empty when the game
    /// is over (the draw rules included).
    #[getter]
    fn legal_moves(&self) -> PyLegalMoves {
        let (pos, over) = self.inner.with(|g| (g.position().clone(), g.is_over()));
        PyLegalMoves::new(ViewOf::Owned(pos, OnceLock::new()), false, over)
    }

    /// Whether ``move`` (a Move, Square, Wall, or text in ``notation``) is legal now.
    ///
    /// Raises InvalidTextError when text is not a move of the notation.
    #[pyo3(signature = (r#move, /, notation = None))]
    fn is_legal(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        notation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        let arg = ActionArg::read(r#move, notation)?;
        match self.inner.with(|g| arg.resolve(g).map(|a| matches!(a, Action::Move(m) if g.is_legal(m)))) {
            Ok(legal) => Ok(legal),
            Err(Refused::Text(_, _, MoveTextError::Illegal(_))) => Ok(false),
            Err(refused) => Err(refused.raise(py)),
        }
    }

    /// Returns None if ``move`` (or a resignation) is allowed now, else raises
    /// IllegalMoveError naming the rule (a draw rule that ended the game is
    /// ``game_over``).
    #[pyo3(signature = (r#move, /, notation = None))]
    fn check(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        notation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let arg = ActionArg::read(r#move, notation)?;
        self.inner
            .with(|g| -> Result<(), Refused> {
                match arg.resolve(g)? {
                    Action::Move(m) => g.check(m).map_err(|e| ActionError::Move(e).into()),
                    Action::Resign(seat) => {
                        let mut trial = g.clone();
                        trial.resign(seat).map_err(|e| ActionError::Resign(e).into())
                    }
                }
            })
            .map_err(|refused| refused.raise(py))
    }

    /// Deprecated alias of ``push`` that returns None.
    #[pyo3(signature = (r#move, /, notation = None))]
    fn play(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        notation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        errors::deprecated(py, "Game.play", "Game.push")?;
        self.push(py, r#move, notation).map(drop)
    }

    /// Plays ``move``, a Move object only: the fast form, with no text parsing. As with
    /// ``Position.play_unchecked``, the legality check is kept: an illegal move is
    /// refused (IllegalMoveError) rather than corrupting the game.
    #[pyo3(signature = (r#move, /))]
    fn play_unchecked(&self, py: Python<'_>, r#move: &Bound<'_, PyMove>) -> PyResult<()> {
        let m = r#move.get().0;
        self.inner.with(|g| g.play(m)).map_err(|e| errors::illegal_move(py, e))
    }

    /// ``seat`` (the seat to move when None) resigns; any seat in play may resign, on
    /// its turn or not. With two seats the other wins; with four the seat's pawn leaves
    /// the board.
    ///
    /// Raises IllegalMoveError (kind ``game_over`` or ``not_in_play``) when it cannot.
    #[pyo3(signature = (seat = None))]
    fn resign(&self, py: Python<'_>, seat: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let seat = seat.filter(|s| !s.is_none()).map(seat_from).transpose()?;
        self.inner
            .with(|g| {
                let seat = seat.unwrap_or_else(|| g.turn());
                g.resign(seat)
            })
            .map_err(|e| errors::illegal_resign(py, e))
    }

    /// Deprecated alias of ``pop``.
    fn undo<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        errors::deprecated(py, "Game.undo", "Game.pop")?;
        self.pop(py)
    }

    /// Replays the last action taken back and returns it.
    ///
    /// Raises IndexError when there is none (or it is no longer legal because the draw
    /// rules changed).
    fn redo<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.inner.with(|g| g.redo()) {
            Some(a) => action_py(py, a),
            None => Err(PyIndexError::new_err("nothing to redo")),
        }
    }

    /// The actions ``redo`` would replay, next first.
    #[getter]
    fn redo_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let actions: Vec<Action> = self.inner.with(|g| g.redo_actions().collect());
        let items = actions.into_iter().map(|a| action_py(py, a)).collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
    }

    /// How ``notation`` writes action ``i`` (0-based; negative ``i`` counts from the
    /// end, as list indices do) of the history: move text, ``resign`` or
    /// ``resign(seat)``.
    ///
    /// Raises IndexError past either end of the history.
    #[pyo3(signature = (i, notation = None))]
    fn action_text(&self, i: &Bound<'_, PyAny>, notation: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let i = HistoryIndex::read(i, "action")?;
        let notation = notation_from(notation)?;
        let (found, n) = self.inner.with(|g| {
            let n = g.len();
            (i.within(n).and_then(|j| g.action_text(j, notation)), n)
        });
        found.ok_or_else(|| i.error(n))
    }

    /// The numbered move list in ``notation`` on one line: ``1. e2 e8 2. e3 e7``.
    #[pyo3(signature = (notation = None))]
    fn moves_text(&self, notation: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let notation = notation_from(notation)?;
        Ok(self.inner.with(|g| g.moves_text(notation)))
    }

    /// Plays a move list written in ``notation``, numbered (``1. e2 e8 2. e3``) or bare
    /// (``e2 e8 e3``). All or nothing: on an error the game is unchanged.
    ///
    /// Raises InvalidTextError (malformed text or round numbers, with ``line``) or
    /// IllegalMoveError (an illegal move, the message naming it).
    #[pyo3(signature = (text, notation = None))]
    fn play_moves_text(
        &self,
        py: Python<'_>,
        text: &Bound<'_, PyAny>,
        notation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let s = text_arg(text, "a move list")?;
        let notation = notation_from(notation)?;
        self.inner.with(|g| g.play_moves_text(&s, notation)).map_err(|e| errors::record(py, &s, &e))
    }

    /// The game as a record (no player names or other tags) in ``notation``.
    #[pyo3(signature = (notation = None))]
    fn record(&self, notation: Option<&Bound<'_, PyAny>>) -> PyResult<PyRecord> {
        let notation = notation_from(notation)?;
        let mut record = Record::new(self.inner.snapshot());
        record.set_notation(notation);
        Ok(PyRecord { inner: Locked::new(record) })
    }

    /// The default picture, for Jupyter and other rich displays: the position with the
    /// last move highlighted.
    fn _repr_svg_(&self) -> String {
        self.inner.with(|g| crate::svg::game_repr_svg(g))
    }

    /// The current position drawn in box-drawing characters (see ``Position.unicode``).
    #[pyo3(signature = (*, borders = false, colors = false))]
    fn unicode(&self, borders: bool, colors: bool) -> String {
        self.inner.with(|g| crate::position::unicode_board(g.position(), borders, colors))
    }

    /// The board drawn as ``str(game.position)`` draws it; the record text is
    /// ``str(game.record())``.
    fn __str__(&self) -> String {
        self.inner.with(|g| g.position().to_string())
    }

    /// ``Game.from_record('...')`` when the record text reads back as the game, else
    /// the compact form pickling uses: ``Game._from_actions(start, 'e2 e8 …', draw)``
    /// (a game over a record's limits of 10,000 actions and 1 MiB, or one whose draw
    /// rules were set after a position they end). Either pastes back.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        // The record text when it reads back, else the compact form.
        let shown = self.inner.with(|g| {
            let record = Record::new(g.clone());
            let text = record.to_string();
            if reads_back(&record, &text) {
                Ok(text)
            } else {
                Err(Box::new(CompactGame::of(g)))
            }
        });
        match shown {
            Ok(text) => Ok(format!("Game.from_record({})", py_repr(py, &text)?)),
            Err(compact) => compact.repr(py),
        }
    }

    /// Pickles as the compact form, ``Game._from_actions(start, actions, draw)``: no
    /// record limit applies, so a game of any length pickles and unpickles.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let compact = self.inner.with(|g| CompactGame::of(g));
        let ctor = py.get_type::<PyGame>().getattr("_from_actions")?;
        let args = (PyPosition::from_core(compact.start), compact.actions, PyDrawOptions(compact.draw));
        (ctor, args).into_pyobject(py)
    }

    /// The game that plays ``actions`` (standard notation, separated by spaces, as a
    /// pickle writes them) from ``start`` and then plays by ``draw``: the compact form
    /// of pickles and of the ``repr`` of games too long for a record. The actions are
    /// replayed without draw rules and ``draw`` is set after them, as ``Game.draw`` set
    /// late judges the current position only. No record limit applies: this reads what
    /// a pickle holds, and a pickle is trusted input (unpickling can run any code); read
    /// untrusted text with ``from_record``, whose limits bound the work.
    ///
    /// Raises TypeError for arguments of the wrong types, InvalidTextError or
    /// IllegalMoveError for an action that cannot be played.
    #[staticmethod]
    fn _from_actions(
        py: Python<'_>,
        start: &Bound<'_, PyAny>,
        actions: &Bound<'_, PyAny>,
        draw: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let start = start.cast::<PyPosition>().map_err(|_| PyTypeError::new_err("expected a Position"))?;
        let compact = CompactGame {
            start: wallrush_core::Position::clone(&start.get().inner),
            actions: text_arg(actions, "the actions")?,
            draw: draw_from(draw)?,
        };
        compact.replay().map(PyGame::new_inner).map_err(|refused| refused.raise(py))
    }
}

copies!(PyGame, cloned);

/// A game as its compact form holds it: the start, the actions in standard notation
/// separated by spaces (`e2 e8 resign(north)`), and the draw rules. The redo line is not
/// kept, as records do not keep it.
struct CompactGame {
    start: wallrush_core::Position,
    actions: String,
    draw: DrawOptions,
}

impl CompactGame {
    fn of(game: &Game) -> CompactGame {
        let size = game.variant().size();
        let mut actions = String::with_capacity(5 * game.len());
        for (i, a) in game.actions().enumerate() {
            if i > 0 {
                actions.push(' ');
            }
            match a {
                Action::Move(m) => actions.push_str(&m.text(size).to_string()),
                Action::Resign(_) => actions.push_str(&a.to_string()),
            }
        }
        CompactGame { start: game.start().clone(), actions, draw: game.draw_options() }
    }

    /// The game again: the actions replayed from the start, then the draw rules set.
    fn replay(self) -> Result<Game, Refused> {
        let mut game = Game::from_position(self.start);
        for text in self.actions.split_ascii_whitespace() {
            let action = game
                .parse_action(text, Notation::Standard)
                .map_err(|e| Refused::Text(text.to_string(), Notation::Standard, e))?;
            game.act(action)?;
        }
        game.set_draw_options(self.draw);
        Ok(game)
    }

    /// `Game._from_actions(Position..., '...', DrawOptions(...))`.
    fn repr(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Game._from_actions({}, {}, {})",
            PyPosition::from_core(self.start.clone()).repr(),
            py_repr(py, &self.actions)?,
            PyDrawOptions(self.draw).__repr__()
        ))
    }
}

/// An index argument into a game's history (an int; negative counts from the end, as
/// list indices do), read before the game is looked at.
struct HistoryIndex {
    /// What it indexes, for the message: `position`, `action`.
    what: &'static str,
    value: Result<i128, ints::OutOfRange>,
}

impl HistoryIndex {
    fn read(i: &Bound<'_, PyAny>, what: &'static str) -> PyResult<HistoryIndex> {
        Ok(HistoryIndex { what, value: ints::int_arg(i, &format!("the {what} index"))? })
    }

    /// The index into `len` items, when it is one.
    fn within(&self, len: usize) -> Option<usize> {
        let v = *self.value.as_ref().ok()?;
        let j = if v < 0 { v + len as i128 } else { v };
        usize::try_from(j).ok().filter(|&j| j < len)
    }

    /// `IndexError` naming the index and the game's `actions`.
    fn error(&self, actions: usize) -> PyErr {
        let shown = match &self.value {
            Ok(v) => v.to_string(),
            Err(out) => out.to_string(),
        };
        PyIndexError::new_err(format!(
            "{} {shown} is out of range: the game has {actions} actions",
            self.what
        ))
    }
}

/// A game record: the game, the notation its moves are written in, the players' names
/// and any other tags (``Event``, ``Date``, …).
///
/// ``Record.from_text(text)`` reads one; ``str(record)`` writes it in its notation.
/// A record text is tag lines, then the numbered move list::
///
///     [Variant "size=9 players=2 walls=10 wall_length=2 goal=edge"]
///     [Notation "wallrush"]
///     [South "Ann"]
///     [North "Bob"]
///     [Result "*"]
///
///     1. e2 e8 2. e3 e7 3. e4 e6 4. e5 Je4
///
/// A record may be shared between threads, as a ``Game`` may.
#[pyclass(name = "Record", module = "wallrush", frozen, eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct PyRecord {
    pub(crate) inner: Locked<Record>,
}

/// Reads a record text in `notation` (standard when None).
pub(crate) fn parse_record(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    notation: Option<&Bound<'_, PyAny>>,
) -> PyResult<Record> {
    let s = text_arg(text, "record text")?;
    let notation = notation_from(notation)?;
    Record::parse(&s, notation).map_err(|e| errors::record(py, &s, &e))
}

/// A record in its compact form: the game's, the notation, the players' names and the
/// other tags.
struct RecordParts {
    game: Game,
    notation: Notation,
    players: Vec<(String, String)>,
    tags: Vec<(String, String)>,
    /// The comments within the game, by the number of actions before each.
    comments: Vec<(usize, String)>,
    result_token: bool,
}

impl RecordParts {
    fn of(record: &Record) -> RecordParts {
        let players = wallrush_core::Seat::ALL
            .into_iter()
            .filter_map(|s| Some((s.name().to_string(), record.player(s)?.to_string())))
            .collect();
        RecordParts {
            game: record.game().clone(),
            notation: record.notation(),
            players,
            tags: record.tags().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            comments: record
                .comments()
                .filter(|&(i, _)| i <= record.game().len())
                .map(|(i, c)| (i, c.to_string()))
                .collect(),
            result_token: record.has_result_token(),
        }
    }
}

fn tag_error(py: Python<'_>, name: &str, e: TagError) -> PyErr {
    match e {
        TagError::Name => {
            errors::invalid_text_at(py, "tag name", name, 0, "a letter followed by letters, digits and '_'")
        }
        e => crate::errors::invalid_argument(e.to_string()),
    }
}

#[pymethods]
impl PyRecord {
    /// A record of ``game`` (a copy of it) in standard notation, without names or tags.
    #[new]
    #[pyo3(signature = (game = None))]
    fn new(game: Option<&Bound<'_, PyAny>>) -> PyResult<PyRecord> {
        let game = match game.filter(|g| !g.is_none()) {
            None => Game::classic(),
            Some(g) => g
                .cast::<PyGame>()
                .map_err(|_| PyTypeError::new_err("expected a Game"))?
                .get()
                .inner
                .snapshot(),
        };
        Ok(PyRecord { inner: Locked::new(Record::new(game)) })
    }

    /// Reads a record. Its ``Notation`` tag names the notation of the moves; without one
    /// they are read in ``notation`` (standard by default). A text with no tags is a bare
    /// move list of the classic game.
    ///
    /// Raises InvalidTextError (with ``line``) for malformed or contradictory text,
    /// IllegalMoveError for an illegal move in it, InvalidVariantError or
    /// InvalidPositionError for a bad ``Variant`` or ``Position`` tag.
    #[staticmethod]
    #[pyo3(signature = (text, notation = None))]
    fn from_text(
        py: Python<'_>,
        text: &Bound<'_, PyAny>,
        notation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyRecord> {
        Ok(PyRecord { inner: Locked::new(parse_record(py, text, notation)?) })
    }

    /// Rewrites a record text from its notation (or ``from_notation`` when it has no
    /// ``Notation`` tag) into ``to_notation``.
    ///
    /// Raises as ``from_text`` does.
    #[staticmethod]
    fn convert(
        py: Python<'_>,
        text: &Bound<'_, PyAny>,
        from_notation: &Bound<'_, PyAny>,
        to_notation: &Bound<'_, PyAny>,
    ) -> PyResult<String> {
        let s = text_arg(text, "record text")?;
        let (from, to) = (notation_from(Some(from_notation))?, notation_from(Some(to_notation))?);
        Record::convert(&s, from, to).map_err(|e| errors::record(py, &s, &e))
    }

    /// The game (a copy: change it and assign it back to change the record).
    #[getter]
    fn get_game(&self) -> PyGame {
        PyGame::new_inner(self.inner.with(|r| r.game().clone()))
    }

    #[setter]
    fn set_game(&self, game: &Bound<'_, PyGame>) {
        let game = game.get().inner.snapshot();
        self.inner.with(|r| *r.game_mut() = game);
    }

    /// The notation the record is written in.
    #[getter]
    fn get_notation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        notation_py(py, self.inner.with(|r| r.notation()))
    }

    #[setter]
    fn set_notation(&self, notation: &Bound<'_, PyAny>) -> PyResult<()> {
        let notation = notation_from(Some(notation))?;
        self.inner.with(|r| r.set_notation(notation));
        Ok(())
    }

    /// The players' names: a dict from Seat to name, for the seats that have one.
    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let names: Vec<(wallrush_core::Seat, String)> = self.inner.with(|r| {
            wallrush_core::Seat::ALL.into_iter().filter_map(|s| Some((s, r.player(s)?.to_string()))).collect()
        });
        let d = PyDict::new(py);
        for (seat, name) in names {
            d.set_item(seat_py(py, seat)?, name)?;
        }
        Ok(d)
    }

    /// Names (or, with None, unnames) the player in ``seat``.
    ///
    /// Raises ValueError for a seat the game's variant does not have.
    fn set_player(&self, seat: &Bound<'_, PyAny>, name: Option<String>) -> PyResult<()> {
        let seat = seat_from(seat)?;
        self.inner
            .with(|r| r.set_player(seat, name))
            .map_err(|e| crate::errors::invalid_argument(e.to_string()))
    }

    /// The other tags (not ``Variant``, ``Notation``, ``Position``, ``Draw``, the seats or
    /// ``Result``), in order: a dict from name to value.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let tags: Vec<(String, String)> =
            self.inner.with(|r| r.tags().map(|(k, v)| (k.to_string(), v.to_string())).collect());
        let d = PyDict::new(py);
        for (k, v) in tags {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// Sets another tag (``Event``, ``Date``, …), or with None removes it.
    ///
    /// Raises InvalidTextError for a malformed name, ValueError for a reserved one.
    fn set_tag(&self, py: Python<'_>, name: &str, value: Option<String>) -> PyResult<()> {
        self.inner.with(|r| r.set_tag(name, value)).map_err(|e| tag_error(py, name, e))
    }

    /// The record text in the record's notation.
    fn __str__(&self) -> String {
        self.inner.with(|r| r.to_string())
    }

    /// ``Record.from_text('...')`` when its text reads back as the record (see
    /// ``Game.__repr__``), else the compact form pickling uses
    /// (``Record._from_parts(game, notation, players, tags)``). Either pastes back.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        /// What the repr shows: the record text, or the compact form.
        enum Shown {
            Text(String),
            Parts(Box<RecordParts>),
        }
        let shown = self.inner.with(|r| {
            let text = r.to_string();
            if reads_back(r, &text) {
                Shown::Text(text)
            } else {
                Shown::Parts(Box::new(RecordParts::of(r)))
            }
        });
        let parts = match shown {
            Shown::Text(text) => return Ok(format!("Record.from_text({})", py_repr(py, &text)?)),
            Shown::Parts(parts) => parts,
        };
        let list = |items: Bound<'_, PyAny>| -> PyResult<String> { Ok(items.repr()?.to_cow()?.into_owned()) };
        let mut extra = String::new();
        if !parts.comments.is_empty() {
            extra.push_str(&format!(
                ", comments={}",
                list(parts.comments.clone().into_pyobject(py)?.into_any())?
            ));
        }
        if parts.result_token {
            extra.push_str(", result_token=True");
        }
        Ok(format!(
            "Record._from_parts({}, '{}', {}, {}{extra})",
            CompactGame::of(&parts.game).repr(py)?,
            parts.notation.name(),
            list(parts.players.clone().into_pyobject(py)?.into_any())?,
            list(parts.tags.clone().into_pyobject(py)?.into_any())?
        ))
    }

    /// Pickles as the compact form, ``Record._from_parts(game, notation, players,
    /// tags)``, the game in its own compact form: no record limit applies.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let parts = self.inner.with(|r| RecordParts::of(r));
        let ctor = py.get_type::<PyRecord>().getattr("_from_parts")?;
        // The game pickles as itself, in its own compact form.
        let game = PyGame::new_inner(parts.game);
        // NAGs and variations go as the tree (its main line is the game's).
        let annotated = self
            .inner
            .with(|r| r.tree().mainline.iter().any(|n| !n.nags.is_empty() || !n.variations.is_empty()));
        let tree = if annotated { Some(self._tree(py)?) } else { None };
        let args = (
            game,
            parts.notation.name(),
            parts.players,
            parts.tags,
            parts.comments,
            parts.result_token,
            tree,
        );
        (ctor, args).into_pyobject(py)
    }

    /// The record of ``game`` in ``notation``, with ``players`` (pairs of a seat and a
    /// name), ``tags`` (pairs of a name and a value), ``comments`` (pairs of the number
    /// of actions before a comment and its text), the ``result_token`` flag and, for a
    /// record with NAGs or variations, its ``tree`` (in the form ``_tree`` gives, which
    /// replaces the game's actions and comments): the compact form of pickles and of the
    /// ``repr`` of records too long for their text.
    ///
    /// Raises TypeError for arguments of the wrong types, ValueError (or
    /// InvalidTextError) for a seat, tag or comment the record refuses.
    #[staticmethod]
    #[pyo3(signature = (game, notation, players, tags, comments = None, result_token = false, tree = None))]
    #[allow(clippy::too_many_arguments)]
    fn _from_parts(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        notation: &Bound<'_, PyAny>,
        players: Vec<(Bound<'_, PyAny>, String)>,
        tags: Vec<(String, String)>,
        comments: Option<Vec<(usize, String)>>,
        result_token: bool,
        tree: Option<(Option<String>, Bound<'_, PyAny>)>,
    ) -> PyResult<PyRecord> {
        let game = game
            .cast::<PyGame>()
            .map_err(|_| PyTypeError::new_err("expected a Game"))?
            .get()
            .inner
            .snapshot();
        let mut record = Record::new(game);
        record.set_notation(notation_from(Some(notation))?);
        for (seat, name) in players {
            record
                .set_player(seat_from(&seat)?, Some(name))
                .map_err(|e| crate::errors::invalid_argument(e.to_string()))?;
        }
        for (name, value) in tags {
            record.set_tag(&name, Some(value)).map_err(|e| tag_error(py, &name, e))?;
        }
        for (at, comment) in comments.unwrap_or_default() {
            record
                .set_comment(at, Some(comment))
                .map_err(|e| crate::errors::invalid_argument(e.to_string()))?;
        }
        record.set_result_token(result_token);
        let record = PyRecord { inner: Locked::new(record) };
        if let Some((comment, mainline)) = tree {
            record._set_tree(py, comment, &mainline)?;
        }
        Ok(record)
    }
}

copies!(PyRecord, cloned);

crate::svg::svg_method!(
    PyGame,
    /// The current position drawn as an SVG document (a ``str``), with the game's last
    /// move highlighted (the square a pawn came from too) unless ``last_move`` names
    /// another. The other options are those of ``Position.svg``; ``legal_moves`` draws
    /// nothing once the game is over, and the legend tells the game's outcome (its draw
    /// rules included). Jupyter shows games with this picture.
);

impl PyGame {
    /// The picture `svg` draws, from its keyword arguments.
    fn svg_with(&self, args: crate::svg::SvgArgs<'_, '_>) -> PyResult<String> {
        let (last, over, pos, outcome) =
            self.inner.with(|g| (crate::svg::last_move(g), g.is_over(), g.position().clone(), g.outcome()));
        let opts = args.options_with(last, over, Some(outcome))?;
        Ok(wallrush_core::svg::board(&pos, &opts))
    }
}
