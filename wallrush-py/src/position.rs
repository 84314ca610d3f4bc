//! `Position`, its legal-move views and `Outcome`.

use std::sync::OnceLock;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use wallrush_core::svg::{self, SvgOptions};
use wallrush_core::{
    divide, perft, BySeat, DrawReason, Move, Outcome, PawnMoveKind, Position, Seat, Setup, Variant, WinReason,
};

use crate::enums::{seat_from, seat_py};
use crate::errors;
use crate::types::{move_from, repr_variant, square_from, wall_from, PyMove, PySquare, PyVariant, PyWall};

/// A position of a game of any variant: pawns, walls, walls left, the seat to move.
///
/// Positions are immutable values: ``play`` returns a new position and leaves this one
/// as it was, so positions can be shared, hashed, used as dict keys, pickled and copied
/// freely (``copy.copy`` returns the same object). The mutable, history-keeping object is
/// ``Game``.
///
/// ``Position()`` is the classic opening; ``Position(variant)`` the opening of
/// ``variant``; ``Position.from_setup(...)`` builds any legal position from parts.
/// ``str(position)`` draws the board; ``repr(position)`` can be pasted back.
#[pyclass(name = "Position", module = "wallrush", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyPosition {
    pub(crate) inner: Position,
}

/// How a game ended: the winner (None for a draw) and the reason.
///
/// Reasons: ``'goal'`` and ``'resignation'`` for a win; ``'all_passed'``,
/// ``'repetition'`` and ``'ply_limit'`` for a draw.
#[pyclass(name = "Outcome", module = "wallrush", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PyOutcome(pub(crate) Outcome);

pub(crate) fn outcome_reason(o: Outcome) -> &'static str {
    match o {
        Outcome::Win { reason: WinReason::Goal, .. } => "goal",
        Outcome::Win { reason: WinReason::Resignation, .. } => "resignation",
        Outcome::Draw(r) => r.name(),
    }
}

#[pymethods]
impl PyOutcome {
    /// An outcome from its winner (a Seat, or None for a draw) and reason.
    ///
    /// Raises ValueError when the reason does not fit the winner.
    #[new]
    #[pyo3(signature = (winner, reason))]
    fn new(winner: &Bound<'_, PyAny>, reason: &Bound<'_, PyAny>) -> PyResult<PyOutcome> {
        let shown = reason.repr()?.to_string();
        let reason = crate::types::text_arg(reason, "the reason")?;
        let reason = reason.as_str();
        let winner = if winner.is_none() { None } else { Some(seat_from(winner)?) };
        let outcome = match (winner, reason) {
            (Some(seat), "goal") => Outcome::Win { seat, reason: WinReason::Goal },
            (Some(seat), "resignation") => Outcome::Win { seat, reason: WinReason::Resignation },
            (None, "all_passed") => Outcome::Draw(DrawReason::AllPassed),
            (None, "repetition") => Outcome::Draw(DrawReason::Repetition),
            (None, "ply_limit") => Outcome::Draw(DrawReason::PlyLimit),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "reason {shown} does not fit winner {}: a winner has 'goal' or \
                     'resignation', a draw 'all_passed', 'repetition' or 'ply_limit'",
                    winner.map_or("None", |s| s.name())
                )))
            }
        };
        Ok(PyOutcome(outcome))
    }

    /// The winning seat, or None for a draw.
    #[getter]
    fn winner<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.0.winner().map(|s| seat_py(py, s)).transpose()
    }

    /// Why the game ended: ``'goal'``, ``'resignation'``, ``'all_passed'``,
    /// ``'repetition'`` or ``'ply_limit'``.
    #[getter]
    fn reason(&self) -> &'static str {
        outcome_reason(self.0)
    }

    /// Whether nobody won.
    #[getter]
    fn is_draw(&self) -> bool {
        self.0.winner().is_none()
    }

    fn __str__(&self) -> String {
        match self.0.winner() {
            Some(s) => format!("{s} wins ({})", self.reason()),
            None => format!("draw ({})", self.reason()),
        }
    }

    fn __repr__(&self) -> String {
        match self.0.winner() {
            Some(s) => {
                format!("Outcome(winner=Seat.{}, reason='{}')", s.name().to_uppercase(), self.reason())
            }
            None => format!("Outcome(winner=None, reason='{}')", self.reason()),
        }
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let winner = self.0.winner().map(|s| s.name());
        (py.get_type::<PyOutcome>(), (winner, self.reason())).into_pyobject(py)
    }
}

/// Reads a mapping's items as `(key, value)` pairs.
fn mapping_items<'py>(
    obj: &Bound<'py, PyAny>,
    what: &str,
) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
    let items = obj
        .call_method0("items")
        .map_err(|_| PyTypeError::new_err(format!("{what} must be a mapping from seats")))?;
    items.try_iter()?.map(|item| item?.extract()).collect()
}

/// A count that fits a `u8`, or the message for one that does not.
fn small_count(obj: &Bound<'_, PyAny>, what: impl Fn() -> String) -> PyResult<Result<u8, String>> {
    if !obj.is_instance_of::<pyo3::types::PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "{} must be an int, not {}",
            what(),
            obj.get_type().name()?
        )));
    }
    Ok(match obj.extract::<i64>() {
        Ok(v) if v < 0 => Err(format!("{} is negative: {v}", what())),
        Ok(v) => u8::try_from(v).map_err(|_| format!("{} is out of range: {v}", what())),
        Err(_) => Err(format!("{} is out of range: {obj}", what())),
    })
}

/// A position's parts as `from_setup` takes them back: variant, pawns, walls, walls left,
/// seat to move, passes.
type Parts<'py> = (PyVariant, Bound<'py, PyDict>, Bound<'py, PyList>, Bound<'py, PyDict>, &'static str, u8);

impl PyPosition {
    fn size(&self) -> u8 {
        self.inner.variant().size()
    }

    fn with(&self, inner: Position) -> PyPosition {
        PyPosition { inner }
    }

    /// The parts of this position as plain Python values (names and texts): the
    /// arguments `from_setup` takes back.
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Parts<'py>> {
        let n = self.size();
        let v = self.inner.variant();
        let pawns = PyDict::new(py);
        let left = PyDict::new(py);
        for seat in v.seats() {
            if let Some(sq) = self.inner.pawn(seat) {
                pawns.set_item(seat.name(), sq.text(n).to_string())?;
            } else {
                pawns.set_item(seat.name(), py.None())?;
            }
            left.set_item(seat.name(), self.inner.walls_left(seat))?;
        }
        let walls = PyList::new(py, self.inner.walls().iter().map(|w| w.text(n).to_string()))?;
        Ok((PyVariant(v), pawns, walls, left, self.inner.turn().name(), self.inner.passes()))
    }

    fn is_start(&self) -> bool {
        self.inner == Position::new(self.inner.variant())
    }
}

/// Formats a Python value with `repr`.
fn py_repr(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(obj.repr()?.to_cow()?.into_owned())
}

#[pymethods]
impl PyPosition {
    /// The starting position of ``variant`` (the classic game when None).
    #[new]
    #[pyo3(signature = (variant = None))]
    fn new(variant: Option<&Bound<'_, PyAny>>) -> PyResult<PyPosition> {
        Ok(PyPosition { inner: Position::new(crate::types::variant_from(variant)?) })
    }

    /// A position from parts, checked.
    ///
    /// ``pawns`` maps seats (Seat, number or name) to squares (Square or text), None
    /// for a seat that resigned; ``walls`` lists the walls on the board (Wall or
    /// text); ``walls_left`` maps seats to the walls they still hold (every seat of the
    /// variant holds all its walls when None; seats left out hold all theirs);
    /// ``turn`` is the seat to move (South when None); ``passes`` counts the forced
    /// passes just played.
    ///
    /// Raises InvalidPositionError when the parts do not make a legal position: pawns
    /// off the board or sharing a square, walls off the board or conflicting, wall
    /// counts that do not add up, a seat with no route, the seat to move not in play.
    #[staticmethod]
    #[pyo3(signature = (variant, pawns, walls = None, walls_left = None, turn = None, passes = None))]
    fn from_setup(
        py: Python<'_>,
        variant: &Bound<'_, PyAny>,
        pawns: &Bound<'_, PyAny>,
        walls: Option<&Bound<'_, PyAny>>,
        walls_left: Option<&Bound<'_, PyAny>>,
        turn: Option<&Bound<'_, PyAny>>,
        passes: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPosition> {
        let variant: Variant = crate::types::variant_from(Some(variant))?;
        let mut setup = Setup::start(variant);
        setup.pawns = BySeat::from_fn(|_| None);
        for (k, v) in mapping_items(pawns, "pawns")? {
            let seat = seat_from(&k)?;
            setup.pawns[seat] = if v.is_none() { None } else { Some(square_from(&v)?) };
        }
        if let Some(walls) = walls.filter(|w| !w.is_none()) {
            if walls.is_instance_of::<PyString>() {
                return Err(PyTypeError::new_err("walls must be an iterable of walls, not a str"));
            }
            setup.walls = walls.try_iter()?.map(|w| wall_from(&w?)).collect::<PyResult<_>>()?;
        }
        if let Some(left) = walls_left.filter(|w| !w.is_none()) {
            for (k, v) in mapping_items(left, "walls_left")? {
                let seat = seat_from(&k)?;
                match small_count(&v, || format!("walls left of {seat}"))? {
                    Ok(n) => setup.walls_left[seat] = n,
                    Err(msg) => return Err(errors::invalid_position(py, msg)),
                }
            }
        }
        if let Some(t) = turn.filter(|t| !t.is_none()) {
            setup.turn = seat_from(t)?;
        }
        if let Some(p) = passes.filter(|p| !p.is_none()) {
            match small_count(p, || "passes".to_string())? {
                Ok(n) => setup.passes = n,
                Err(msg) => return Err(errors::invalid_position(py, msg)),
            }
        }
        Position::from_setup(&setup)
            .map(|inner| PyPosition { inner })
            .map_err(|e| errors::invalid_position(py, e.to_string()))
    }

    /// The variant.
    #[getter]
    fn variant(&self) -> PyVariant {
        PyVariant(self.inner.variant())
    }

    /// The seat to move.
    #[getter]
    fn turn<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        seat_py(py, self.inner.turn())
    }

    /// Consecutive forced passes just played (0 almost always).
    #[getter]
    fn passes(&self) -> u8 {
        self.inner.passes()
    }

    /// Where ``seat``'s pawn stands, or None when the seat is not in play.
    fn pawn(&self, seat: &Bound<'_, PyAny>) -> PyResult<Option<PySquare>> {
        Ok(self.inner.pawn(seat_from(seat)?).map(PySquare))
    }

    /// The pawns of the seats in play: a dict from Seat to Square, in turn order.
    #[getter]
    fn pawns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for seat in self.inner.seats_in_play() {
            if let Some(sq) = self.inner.pawn(seat) {
                d.set_item(seat_py(py, seat)?, PySquare(sq))?;
            }
        }
        Ok(d)
    }

    /// The walls on the board, horizontal ones first, each in cell order.
    #[getter]
    fn walls(&self) -> Vec<PyWall> {
        self.inner.walls().into_iter().map(PyWall).collect()
    }

    /// Walls ``seat`` still holds (0 for a seat not in the variant).
    fn walls_left(&self, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(self.inner.walls_left(seat_from(seat)?))
    }

    /// The seats still playing, in turn order.
    #[getter]
    fn seats_in_play<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let seats = self.inner.seats_in_play().map(|s| seat_py(py, s)).collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, seats)
    }

    /// Whether ``seat`` is still playing (in the variant and not resigned).
    fn is_in_play(&self, seat: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.is_in_play(seat_from(seat)?))
    }

    /// The 64-bit Zobrist hash of the game state (pawns, walls, walls left, seat to
    /// move): equal for positions that repetition counts as equal.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    /// How the game ended, or None while it goes on.
    #[getter]
    fn outcome(&self) -> Option<PyOutcome> {
        self.inner.outcome().map(PyOutcome)
    }

    /// Whether the game is over.
    fn is_game_over(&self) -> bool {
        self.inner.is_game_over()
    }

    /// The legal moves: supports ``len``, iteration and ``in`` (with Move objects or
    /// standard text). Empty when the game is over; just ``Move.PASS`` when the mover
    /// has no move at all.
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> PyLegalMoves {
        PyLegalMoves { pos: slf.clone().unbind(), pawns_only: false, moves: OnceLock::new() }
    }

    /// The mover's legal pawn moves, as a view like ``legal_moves``.
    #[getter]
    fn pawn_moves(slf: &Bound<'_, Self>) -> PyLegalMoves {
        PyLegalMoves { pos: slf.clone().unbind(), pawns_only: true, moves: OnceLock::new() }
    }

    /// Whether ``move`` (a Move, Square, Wall or standard text) is legal here.
    ///
    /// Raises InvalidTextError when text is not a move.
    #[pyo3(signature = (r#move, /))]
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.is_legal(move_from(r#move)?))
    }

    /// Returns None if ``move`` is legal here, else raises IllegalMoveError naming
    /// the rule it breaks.
    ///
    /// For walls the rules are checked in the order of the rules: game over, no walls
    /// left, off the board, overlap, crossing, no route.
    #[pyo3(signature = (r#move, /))]
    fn check(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        self.inner.check(move_from(r#move)?).map_err(|e| errors::illegal_move(py, e))
    }

    /// The position after ``move`` (a Move, Square, Wall or standard text); this
    /// position is left unchanged.
    ///
    /// Raises InvalidTextError for text that is not a move, IllegalMoveError (with the
    /// rule broken) for an illegal move.
    #[pyo3(signature = (r#move, /))]
    fn play(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let m = move_from(r#move)?;
        let mut next = self.inner.clone();
        next.play(m).map_err(|e| errors::illegal_move(py, e))?;
        Ok(self.with(next))
    }

    /// The position after ``move``, a Move object: the fast form for replaying trusted
    /// moves, with no text parsing and no rule report built on the way.
    ///
    /// Unlike the Rust ``play_unchecked``, an illegal move can never corrupt a position
    /// or crash Python here: it is still refused with IllegalMoveError, by a cheap
    /// yes/no check.
    #[pyo3(signature = (r#move, /))]
    fn play_unchecked(&self, py: Python<'_>, r#move: PyMove) -> PyResult<PyPosition> {
        if !self.inner.is_legal(r#move.0) {
            return Err(match self.inner.check(r#move.0) {
                Err(e) => errors::illegal_move(py, e),
                Ok(()) => PyValueError::new_err("move refused"),
            });
        }
        let mut next = self.inner.clone();
        next.play_unchecked(r#move.0);
        Ok(self.with(next))
    }

    /// The position after ``seat`` (the seat to move when None) resigns: with two
    /// players the other wins; with four the seat's pawn leaves the board, its walls
    /// stay, its turns are skipped, and the last seat left wins.
    ///
    /// Raises IllegalMoveError (kind ``game_over`` or ``not_in_play``) when the seat
    /// cannot resign.
    #[pyo3(signature = (seat = None))]
    fn resign(&self, py: Python<'_>, seat: Option<&Bound<'_, PyAny>>) -> PyResult<PyPosition> {
        let seat = match seat.filter(|s| !s.is_none()) {
            Some(s) => seat_from(s)?,
            None => self.inner.turn(),
        };
        let mut next = self.inner.clone();
        next.resign(seat).map_err(|e| errors::illegal_resign(py, e))?;
        Ok(self.with(next))
    }

    /// The fewest steps ``seat``'s pawn needs to reach its goal, ignoring pawns; None
    /// if the seat is not in play.
    fn route_len(&self, seat: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        Ok(self.inner.route_len(seat_from(seat)?))
    }

    /// Every seat's route length: a dict from Seat to int for the seats in play.
    fn route_lens<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for seat in self.inner.seats_in_play() {
            d.set_item(seat_py(py, seat)?, self.inner.route_len(seat))?;
        }
        Ok(d)
    }

    /// One shortest route of ``seat``: the squares from its pawn to a goal cell, both
    /// included; None if the seat is not in play.
    fn route(&self, seat: &Bound<'_, PyAny>) -> PyResult<Option<Vec<PySquare>>> {
        Ok(self.inner.route(seat_from(seat)?).map(|r| r.into_iter().map(PySquare).collect()))
    }

    /// The route lengths ``wall`` (placed by the seat to move) would leave every seat in
    /// play: a dict from Seat to int.
    ///
    /// Raises IllegalMoveError, naming the rule, when the wall cannot be placed.
    fn preview_wall<'py>(&self, py: Python<'py>, wall: &Bound<'_, PyAny>) -> PyResult<Bound<'py, PyDict>> {
        let lens = self.inner.preview_wall(wall_from(wall)?).map_err(|e| errors::illegal_move(py, e))?;
        let d = PyDict::new(py);
        for seat in Seat::ALL {
            if let Some(len) = lens[seat] {
                d.set_item(seat_py(py, seat)?, len)?;
            }
        }
        Ok(d)
    }

    /// Whether a pawn move to ``square`` is a ``'step'``, a straight ``'jump'`` or a
    /// ``'diagonal'`` jump; None when it is not a legal pawn move.
    fn pawn_move_kind(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
        Ok(self.inner.pawn_move_kind(square_from(square)?).map(|k| match k {
            PawnMoveKind::Step => "step",
            PawnMoveKind::Jump => "jump",
            PawnMoveKind::Diagonal => "diagonal",
        }))
    }

    /// Whether ``square`` is one of ``seat``'s goal cells.
    fn is_goal(&self, seat: &Bound<'_, PyAny>, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.is_goal(seat_from(seat)?, square_from(square)?))
    }

    /// Whether a step between two adjacent squares is open (no wall between them, both
    /// on the board).
    fn is_open(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.is_open(square_from(a)?, square_from(b)?))
    }

    /// The number of positions exactly ``depth`` plies ahead, every legal move counted.
    ///
    /// Runs without the GIL, so other Python threads go on meanwhile (and several
    /// threads can run perft at once).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = &self.inner;
        py.detach(|| perft(pos, depth))
    }

    /// Perft split by the first move: a dict from each legal Move to the count below
    /// it. Runs without the GIL.
    fn divide<'py>(&self, py: Python<'py>, depth: u32) -> PyResult<Bound<'py, PyDict>> {
        let pos = &self.inner;
        let counts = py.detach(|| divide(pos, depth));
        let d = PyDict::new(py);
        for (m, n) in counts {
            d.set_item(PyMove(m), n)?;
        }
        Ok(d)
    }

    /// The position drawn as an SVG document (a ``str``), as python-chess draws boards.
    ///
    /// ``size`` is the width and height in pixels (automatic when None); ``flipped``
    /// puts North at the bottom; ``routes`` draws each seat's shortest route;
    /// ``legal_moves`` marks the mover's pawn moves; ``last_move`` (with
    /// ``last_move_from``, the square a pawn came from) highlights a move;
    /// ``candidate_wall`` draws a wall green if legal, red if refused; ``coordinates``
    /// labels files and ranks. Jupyter shows positions with this picture.
    #[pyo3(signature = (
        *,
        size = None,
        flipped = false,
        routes = false,
        legal_moves = false,
        last_move = None,
        last_move_from = None,
        candidate_wall = None,
        coordinates = true,
    ))]
    #[allow(clippy::too_many_arguments)]
    fn svg(
        &self,
        size: Option<u32>,
        flipped: bool,
        routes: bool,
        legal_moves: bool,
        last_move: Option<&Bound<'_, PyAny>>,
        last_move_from: Option<&Bound<'_, PyAny>>,
        candidate_wall: Option<&Bound<'_, PyAny>>,
        coordinates: bool,
    ) -> PyResult<String> {
        let last = last_move.filter(|m| !m.is_none()).map(move_from).transpose()?;
        let from = last_move_from.filter(|s| !s.is_none()).map(square_from).transpose()?;
        let wall = candidate_wall.filter(|w| !w.is_none()).map(wall_from).transpose()?;
        let opts = SvgOptions::new()
            .size(size)
            .flipped(flipped)
            .routes(routes)
            .legal_moves(legal_moves)
            .last_move(last, from)
            .candidate_wall(wall)
            .coordinates(coordinates);
        Ok(svg::board(&self.inner, &opts))
    }

    /// The default picture, for Jupyter and other rich displays.
    fn _repr_svg_(&self) -> String {
        svg::board(&self.inner, &SvgOptions::new())
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let v = self.inner.variant();
        if self.is_start() {
            return Ok(if v == Variant::classic() {
                "Position()".to_string()
            } else {
                format!("Position({})", repr_variant(v))
            });
        }
        let (_, pawns, walls, left, turn, passes) = self.parts(py)?;
        let mut s = format!(
            "Position.from_setup({}, pawns={}, walls={}, walls_left={}, turn='{turn}'",
            repr_variant(v),
            py_repr(pawns.as_any())?,
            py_repr(walls.as_any())?,
            py_repr(left.as_any())?,
        );
        if passes > 0 {
            s.push_str(&format!(", passes={passes}"));
        }
        s.push(')');
        Ok(s)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let ctor = py.get_type::<PyPosition>().getattr("from_setup")?;
        (ctor, self.parts(py)?).into_pyobject(py)
    }

    fn __copy__(slf: &Bound<'_, Self>) -> Py<Self> {
        slf.clone().unbind()
    }

    #[pyo3(signature = (memo, /))]
    fn __deepcopy__(slf: &Bound<'_, Self>, memo: &Bound<'_, PyAny>) -> Py<Self> {
        let _ = memo; // nothing inside a position needs copying
        slf.clone().unbind()
    }
}

/// A view of a position's legal moves (``Position.legal_moves``) or pawn moves
/// (``Position.pawn_moves``): supports ``len``, iteration (pawn moves in cell order,
/// then horizontal and vertical walls) and ``in`` with Move objects or standard text
/// (text that is not a move is simply not in it).
#[pyclass(name = "LegalMoves", module = "wallrush", frozen)]
pub(crate) struct PyLegalMoves {
    pos: Py<PyPosition>,
    pawns_only: bool,
    moves: OnceLock<Vec<Move>>,
}

impl PyLegalMoves {
    fn moves(&self) -> &[Move] {
        self.moves.get_or_init(|| {
            let pos = &self.pos.get().inner;
            let list = if self.pawns_only { pos.pawn_moves() } else { pos.legal_moves() };
            list.into_vec()
        })
    }
}

#[pymethods]
impl PyLegalMoves {
    fn __len__(&self) -> usize {
        if let Some(m) = self.moves.get() {
            return m.len();
        }
        let pos = &self.pos.get().inner;
        if self.pawns_only {
            self.moves().len()
        } else {
            pos.legal_move_count()
        }
    }

    fn __bool__(&self) -> bool {
        self.__len__() > 0
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list = PyList::new(py, self.moves().iter().map(|&m| PyMove(m)))?;
        Ok(list.try_iter()?.into_any())
    }

    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        let Ok(m) = move_from(item) else {
            // Not a move (bad text or another type): not among the legal moves.
            return false;
        };
        let pos = &self.pos.get().inner;
        pos.is_legal(m) && (!self.pawns_only || matches!(m, Move::Pawn(_)))
    }

    /// The position these moves belong to.
    #[getter]
    fn position(&self, py: Python<'_>) -> Py<PyPosition> {
        self.pos.clone_ref(py)
    }

    fn __repr__(slf: &Bound<'_, Self>) -> String {
        let me = slf.get();
        let n = me.pos.get().inner.variant().size();
        let list: Vec<String> = me.moves().iter().map(|m| m.text(n).to_string()).collect();
        let name = if me.pawns_only { "PawnMoves" } else { "LegalMoves" };
        format!("<{name} at {:#x} ({})>", slf.as_ptr() as usize, list.join(", "))
    }
}
