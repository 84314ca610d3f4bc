//! `Position`, its legal-move views and `Outcome`.

use std::sync::OnceLock;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use wallrush_core::svg::{self, SvgOptions};
use wallrush_core::{
    divide_with, perft_with, BySeat, DrawReason, Move, Outcome, PawnMoveKind, PerftError, PerftOptions,
    Position, Seat, Setup, Variant, WinReason,
};

use crate::enums::{notation_from, seat_from, seat_py};
use crate::errors;
use crate::reprs::copies;
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
    /// Boxed, so that making the Python object moves a pointer, not the ~400-byte state
    /// (a playout loop makes one a ply).
    pub(crate) inner: Box<Position>,
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
                return Err(crate::errors::invalid_argument(format!(
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

    /// Reads an outcome as records write it: ``'south wins by goal'``, ``'north wins by
    /// resignation'``, ``'draw by repetition'``, ``'draw by ply limit'``, ``'draw by
    /// passing'``.
    ///
    /// Raises InvalidTextError for any other text.
    #[staticmethod]
    fn from_text(text: &Bound<'_, PyAny>) -> PyResult<PyOutcome> {
        let s = crate::types::text_arg(text, "an outcome")?;
        s.parse::<Outcome>().map(PyOutcome).map_err(|e| {
            crate::errors::invalid_text_message(
                text.py(),
                format!("invalid outcome {}: {e}", text.repr().map(|r| r.to_string()).unwrap_or_default()),
                &s,
                0,
                "a result: '{seat} wins by goal', '{seat} wins by resignation', 'draw by repetition', 'draw by ply limit' or 'draw by passing'",
                None,
            )
        })
    }

    /// As records write it: ``'south wins by goal'``, ``'draw by passing'``.
    fn __str__(&self) -> String {
        self.0.to_string()
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

/// Reads at most `max` items of an iterable, raising `InvalidPositionError` (from
/// `too_many`) when there are more: an endless or huge iterable is refused after `max + 1`
/// items, never read to the end.
fn bounded_items<'py>(
    iterable: &Bound<'py, PyAny>,
    max: usize,
    too_many: impl FnOnce() -> String,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let mut items = Vec::new();
    for item in iterable.try_iter()? {
        if items.len() == max {
            return Err(errors::invalid_position(iterable.py(), too_many()));
        }
        items.push(item?);
    }
    Ok(items)
}

/// Reads a mapping's items as `(key, value)` pairs: at most one per seat (four), since
/// every key names a seat.
fn mapping_items<'py>(
    obj: &Bound<'py, PyAny>,
    what: &str,
) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
    let items = obj
        .call_method0("items")
        .map_err(|_| PyTypeError::new_err(format!("{what} must be a mapping from seats")))?;
    let max = Seat::ALL.len();
    bounded_items(&items, max, || format!("{what} has more than {max} entries: one per seat at most"))?
        .into_iter()
        .map(|item| item.extract())
        .collect()
}

/// A count that fits a `u8`, or the message for one that does not.
fn small_count(obj: &Bound<'_, PyAny>, what: impl Fn() -> String) -> PyResult<Result<u8, String>> {
    Ok(match crate::ints::int_arg::<i128>(obj, &what())? {
        Ok(v) if v < 0 => Err(format!("{} is negative: {v}", what())),
        Ok(v) => u8::try_from(v).map_err(|_| format!("{} is out of range: {v}", what())),
        Err(out) if out.negative => Err(format!("{} is negative: {out}", what())),
        Err(out) => Err(format!("{} is out of range: {out}", what())),
    })
}

impl PyPosition {
    /// The Python position of `inner`.
    pub(crate) fn from_core(inner: impl Into<Box<Position>>) -> PyPosition {
        PyPosition { inner: inner.into() }
    }

    fn with(&self, inner: impl Into<Box<Position>>) -> PyPosition {
        PyPosition::from_core(inner)
    }

    /// `Position()`, `Position(Variant(...))` or `Position.from_text('...')`: the
    /// `repr`, which pastes back.
    pub(crate) fn repr(&self) -> String {
        let v = self.inner.variant();
        if self.is_start() {
            return if v == Variant::classic() {
                "Position()".to_string()
            } else {
                format!("Position({})", repr_variant(v))
            };
        }
        format!("Position.from_text('{}')", self.inner.to_text())
    }

    fn is_start(&self) -> bool {
        *self.inner == start_position(self.inner.variant())
    }

    /// A move argument: a Move, Square or Wall, or text read in `notation` as a legal
    /// move here (text that names an illegal move raises IllegalMoveError in the words
    /// of its notation).
    fn read_move(&self, obj: &Bound<'_, PyAny>, notation: Option<&Bound<'_, PyAny>>) -> PyResult<Move> {
        let notation = notation_from(notation)?;
        if !obj.is_instance_of::<PyString>() {
            return move_from(obj);
        }
        let text = crate::types::text_arg(obj, "a move")?;
        notation.parse_move(&self.inner, &text).map_err(|e| errors::move_text(obj.py(), notation, &text, &e))
    }
}

#[pymethods]
impl PyPosition {
    /// The starting position of ``variant`` (the classic game when None).
    #[new]
    #[pyo3(signature = (variant = None))]
    fn new(variant: Option<&Bound<'_, PyAny>>) -> PyResult<PyPosition> {
        Ok(PyPosition::from_core(start_position(crate::types::variant_from(variant)?)))
    }

    /// A position from parts, checked.
    ///
    /// ``pawns`` maps every seat of the variant (Seat, number or name) to its square
    /// (Square or text), or to None for a seat that resigned: a seat left out is an
    /// error, so a resignation is always named on purpose; ``walls`` lists the walls on the board (Wall or
    /// text); ``walls_left`` maps seats to the walls they still hold (every seat of the
    /// variant holds all its walls when None; seats left out hold all theirs);
    /// ``turn`` is the seat to move (South when None); ``passes`` counts the forced
    /// passes just played.
    ///
    /// Raises InvalidPositionError when the parts do not make a legal position: pawns
    /// off the board or sharing a square, walls off the board or conflicting, wall
    /// counts that do not add up, a seat with no route, the seat to move not in play.
    /// Only so much is read: more walls than the seats hold in all, or a mapping with
    /// more than four entries, is refused as soon as the first item too many is read (so
    /// an endless iterable raises too).
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
        let items = mapping_items(pawns, "pawns")?;
        let mut named = BySeat::from_fn(|_| false);
        for (k, v) in &items {
            let seat = seat_from(k)?;
            named[seat] = true;
            setup.pawns[seat] = if v.is_none() { None } else { Some(square_from(v)?) };
        }
        // A seat left out is a mistake more often than a resignation: resigned seats are
        // named, with None. (No pawn at all is the core's own message.)
        if !items.is_empty() {
            if let Some(missing) = variant.seats().find(|&s| !named[s]) {
                return Err(errors::invalid_position(
                    py,
                    format!(
                        "pawns gives no square for {missing}: give every seat of the variant a square, \
                         or None for a seat that resigned"
                    ),
                ));
            }
        }
        if let Some(walls) = walls.filter(|w| !w.is_none()) {
            if walls.is_instance_of::<PyString>() {
                return Err(PyTypeError::new_err("walls must be an iterable of walls, not a str"));
            }
            // No position holds more walls than the seats have in all.
            let max = usize::from(variant.players()) * usize::from(variant.walls());
            let too_many = || format!("more than {max} walls: the seats of this variant hold {max} in all");
            setup.walls =
                bounded_items(walls, max, too_many)?.iter().map(wall_from).collect::<PyResult<_>>()?;
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
            .map(PyPosition::from_core)
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

    /// How the game ended, or None while it goes on; a method, as python-chess's
    /// ``Board.outcome()`` and ``Game.outcome()`` are.
    fn outcome(&self) -> Option<PyOutcome> {
        self.inner.outcome().map(PyOutcome)
    }

    /// Whether the game is over, as python-chess's ``Board.is_game_over()``.
    fn is_game_over(&self) -> bool {
        self.inner.is_game_over()
    }

    /// Deprecated alias of ``is_game_over``.
    fn is_over(&self, py: Python<'_>) -> PyResult<bool> {
        errors::deprecated(py, "Position.is_over", "Position.is_game_over")?;
        Ok(self.inner.is_game_over())
    }

    /// The result as records write it: ``'*'``, ``'1-0'``, ``'0-1'``, ``'1/2-1/2'``, or
    /// one score per seat with four (see ``Game.result``). A position knows no draw
    /// rules, so only a draw by passing is a draw here.
    fn result(&self) -> String {
        wallrush_core::record::result_token(&wallrush_core::Game::from_position(Position::clone(&self.inner)))
    }

    /// The legal moves: supports ``len``, iteration and ``in`` (with Move objects or
    /// standard text). Empty when the game is over; just ``Move.PASS`` when the mover
    /// has no move at all.
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> PyLegalMoves {
        PyLegalMoves::new(ViewOf::Shared(slf.clone().unbind()), false, false)
    }

    /// The mover's legal pawn moves, as a view like ``legal_moves``.
    #[getter]
    fn pawn_moves(slf: &Bound<'_, Self>) -> PyLegalMoves {
        PyLegalMoves::new(ViewOf::Shared(slf.clone().unbind()), true, false)
    }

    /// Whether ``move`` (a Move, Square, Wall, or text in ``notation``, standard by
    /// default) is legal here.
    ///
    /// Raises InvalidTextError when text is not a move of the notation.
    #[pyo3(signature = (r#move, /, notation = None))]
    fn is_legal(&self, r#move: &Bound<'_, PyAny>, notation: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        match self.read_move(r#move, notation) {
            Ok(m) => Ok(self.inner.is_legal(m)),
            Err(e) if errors::is_illegal_move(r#move.py(), &e) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Returns None if ``move`` (a Move, Square, Wall, or text in ``notation``) is legal
    /// here, else raises IllegalMoveError naming the rule it breaks, in the words of
    /// the notation the text was written in.
    ///
    /// For walls the rules are checked in the order of the rules: game over, no walls
    /// left, off the board, overlap, crossing, no route.
    #[pyo3(signature = (r#move, /, notation = None))]
    fn check(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        notation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let m = self.read_move(r#move, notation)?;
        self.inner.check(m).map_err(|e| errors::illegal_move(py, e))
    }

    /// The position after ``move`` (a Move, Square, Wall, or text in ``notation``,
    /// standard by default); this position is left unchanged.
    ///
    /// Raises InvalidTextError for text that is not a move of the notation,
    /// IllegalMoveError (with the rule broken) for an illegal move.
    #[pyo3(signature = (r#move, /, notation = None))]
    fn play(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        notation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPosition> {
        let m = self.read_move(r#move, notation)?;
        let mut next = self.inner.clone();
        next.play(m).map_err(|e| errors::illegal_move(py, e))?;
        Ok(self.with(next))
    }

    /// Reads ``text`` in ``notation`` (standard by default) as a legal move here.
    ///
    /// Raises InvalidTextError for text that is not a move of the notation,
    /// IllegalMoveError for a move refused here (in the notation's words: WallRush text
    /// whose jump letter or ``#`` does not fit the move is refused too).
    #[pyo3(signature = (text, notation = None))]
    fn parse_move(&self, text: &Bound<'_, PyAny>, notation: Option<&Bound<'_, PyAny>>) -> PyResult<PyMove> {
        let py = text.py();
        let text = crate::types::text_arg(text, "move text")?;
        let notation = notation_from(notation)?;
        notation
            .parse_move(&self.inner, &text)
            .map(PyMove)
            .map_err(|e| errors::move_text(py, notation, &text, &e))
    }

    /// How ``notation`` (standard by default) writes ``move``, a legal move here: the
    /// spelling ``Game`` shares (``write_move`` is its alias).
    ///
    /// Raises IllegalMoveError when the move is not legal here.
    #[pyo3(signature = (r#move, /, notation = None))]
    fn move_text(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        notation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        self.write_move(py, r#move, notation)
    }

    /// How ``notation`` (standard by default) writes ``move``, a legal move here.
    ///
    /// Raises IllegalMoveError when the move is not legal here (WallRush needs the
    /// position to tell a step from a jump and to mark a win).
    #[pyo3(signature = (r#move, /, notation = None))]
    fn write_move(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        notation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let notation = notation_from(notation)?;
        let m = move_from(r#move)?;
        notation.write_move(&self.inner, m).map_err(|e| errors::illegal_move(py, e))
    }

    /// Rewrites move ``text`` from ``from_notation`` into ``to_notation``, as a legal move
    /// here: ``pos.convert_move('d3v', 'standard', 'wallrush')``.
    ///
    /// Raises InvalidTextError or IllegalMoveError as ``parse_move`` does.
    fn convert_move(
        &self,
        py: Python<'_>,
        text: &Bound<'_, PyAny>,
        from_notation: &Bound<'_, PyAny>,
        to_notation: &Bound<'_, PyAny>,
    ) -> PyResult<String> {
        let text = crate::types::text_arg(text, "move text")?;
        let (from, to) = (notation_from(Some(from_notation))?, notation_from(Some(to_notation))?);
        from.convert_move(&self.inner, &text, to).map_err(|e| errors::move_text(py, from, &text, &e))
    }

    /// The position as one line of text: ``size=9 players=2 walls=10 wall_length=2
    /// goal=edge pawns=e2,e9 placed=d4h walls_left=10,9 turn=south passes=0``.
    fn to_text(&self) -> String {
        self.inner.to_text()
    }

    /// Reads a position from its text (see ``to_text``); fields may come in any order.
    ///
    /// Raises InvalidTextError naming the field that is malformed (with the byte
    /// index), InvalidVariantError for variant fields out of range, and
    /// InvalidPositionError when the fields do not make a legal position.
    #[staticmethod]
    fn from_text(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let text = crate::types::text_arg(text, "position text")?;
        Position::from_text(&text).map(PyPosition::from_core).map_err(|e| errors::position_text(py, &text, e))
    }

    /// The position after ``move``, a Move object only: the fast form for replaying
    /// trusted moves, with no text parsing and no argument dispatch.
    ///
    /// Unlike the Rust ``play_unchecked``, the legality check is kept (it costs less
    /// than the Python call around it), so an illegal move is refused with
    /// IllegalMoveError and can never corrupt a position or crash Python.
    #[pyo3(signature = (r#move, /))]
    fn play_unchecked(&self, py: Python<'_>, r#move: &Bound<'_, PyMove>) -> PyResult<PyPosition> {
        let m = r#move.get().0;
        let mut next = self.inner.clone();
        next.play(m).map_err(|e| errors::illegal_move(py, e))?;
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
    /// ``threads`` threads share the first moves; ``hash_mb`` MiB of transposition table
    /// (0: none) spares the positions reached again by other move orders. Its keys are
    /// 128 bits, so the count is the plain one whatever the options.
    ///
    /// Runs without the GIL, so other Python threads go on meanwhile (and several
    /// threads can run perft at once).
    ///
    /// Raises ValueError for a depth outside 0 ..= 2**32 - 1, threads outside 1 ..= 1024,
    /// hash_mb above 65536, or a table the system cannot allocate.
    #[pyo3(signature = (depth, *, threads = None, hash_mb = None))]
    fn perft(
        &self,
        py: Python<'_>,
        depth: &Bound<'_, PyAny>,
        threads: Option<&Bound<'_, PyAny>>,
        hash_mb: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        let depth = crate::ints::int_any::<u32>(depth, "depth")?;
        let opts = perft_options(threads, hash_mb)?;
        let pos = &self.inner;
        py.detach(|| perft_with(pos, depth, &opts)).map_err(perft_error)
    }

    /// Perft split by the first move: a dict from each legal Move to the count below
    /// it, with the ``threads`` and ``hash_mb`` of :meth:`perft`. Runs without the GIL.
    ///
    /// Raises ValueError as :meth:`perft`.
    #[pyo3(signature = (depth, *, threads = None, hash_mb = None))]
    fn divide<'py>(
        &self,
        py: Python<'py>,
        depth: &Bound<'_, PyAny>,
        threads: Option<&Bound<'_, PyAny>>,
        hash_mb: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let depth = crate::ints::int_any::<u32>(depth, "depth")?;
        let opts = perft_options(threads, hash_mb)?;
        let pos = &self.inner;
        let counts = py.detach(|| divide_with(pos, depth, &opts, |_, _| {})).map_err(perft_error)?;
        let d = PyDict::new(py);
        for (m, n) in counts {
            d.set_item(PyMove(m), n)?;
        }
        Ok(d)
    }

    /// The default picture, for Jupyter and other rich displays.
    fn _repr_svg_(&self) -> String {
        svg::board(&self.inner, &SvgOptions::new())
    }

    /// The board drawn in box-drawing characters, as the ``wallrush`` program draws it
    /// in a terminal: walls in heavy strokes, the mover's legal pawn moves marked ``•``.
    /// ``borders`` adds the file letters and rank numbers round the grid and a status
    /// line per seat (route length, walls left); ``colors`` adds ANSI colours (seat
    /// colours, a dim grid).
    #[pyo3(signature = (*, borders = false, colors = false))]
    fn unicode(&self, borders: bool, colors: bool) -> String {
        unicode_board(&self.inner, borders, colors)
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        self.repr()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let ctor = py.get_type::<PyPosition>().getattr("from_text")?;
        (ctor, (self.inner.to_text(),)).into_pyobject(py)
    }
}

copies!(PyPosition, shared);

/// A view of a position's legal moves (``Position.legal_moves``) or pawn moves
/// (``Position.pawn_moves``): supports ``len``, iteration (pawn moves in cell order,
/// then horizontal and vertical walls) and ``in`` with Move objects or standard text
/// (text that is not a move is simply not in it).
#[pyclass(name = "LegalMoves", module = "wallrush", frozen)]
pub(crate) struct PyLegalMoves {
    of: ViewOf,
    pawns_only: bool,
    /// A game ended by a draw rule: no moves, whatever the position says.
    ended: bool,
    moves: OnceLock<Vec<Move>>,
}

/// The position a [`PyLegalMoves`] view lists the moves of.
#[allow(clippy::large_enum_variant)] // the view is one Python object either way: boxing saves nothing
pub(crate) enum ViewOf {
    /// A `Position` object's (the view of `Position.legal_moves`).
    Shared(Py<PyPosition>),
    /// A copy (the view of `Game.legal_moves`: a game's position changes), made a
    /// `Position` object only if `.position` is asked for.
    Owned(Position, OnceLock<Py<PyPosition>>),
}

impl PyLegalMoves {
    pub(crate) fn new(of: ViewOf, pawns_only: bool, ended: bool) -> PyLegalMoves {
        PyLegalMoves { of, pawns_only, ended, moves: OnceLock::new() }
    }

    /// The position whose moves these are.
    fn pos(&self) -> &Position {
        match &self.of {
            ViewOf::Shared(p) => &p.get().inner,
            ViewOf::Owned(p, _) => p,
        }
    }

    fn moves(&self) -> &[Move] {
        self.moves.get_or_init(|| {
            if self.ended {
                return Vec::new();
            }
            let pos = self.pos();
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
        let pos = self.pos();
        if self.pawns_only || self.ended {
            self.moves().len()
        } else {
            pos.legal_move_count()
        }
    }

    fn __bool__(&self) -> bool {
        self.__len__() > 0
    }

    /// The number of moves (as ``len``), as python-chess's ``legal_moves.count()``.
    fn count(&self) -> usize {
        self.__len__()
    }

    /// Whether there is any move (as ``bool``), as python-chess's ``legal_moves.any()``.
    fn any(&self) -> bool {
        self.__bool__()
    }

    /// The moves in order; each ``Move`` object is shared, made once per variant (moves
    /// are immutable values), so iterating allocates no object per move.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pos = self.pos();
        let table = crate::interned::moves(py, pos.variant())?;
        let list = match self.moves.get() {
            Some(moves) => crate::interned::list_of_moves(py, &table, pos.variant(), moves)?,
            None if self.ended => PyList::empty(py),
            None if self.pawns_only => {
                crate::interned::list_of_moves(py, &table, pos.variant(), self.moves())?
            }
            None => {
                let mut items = smallvec::SmallVec::<[Py<PyMove>; 256]>::new();
                wallrush_core::actions::for_each_legal_action(pos, |i| items.push(table[i].clone_ref(py)));
                PyList::new(py, items)?
            }
        };
        Ok(list.try_iter()?.into_any())
    }

    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        let Ok(m) = move_from(item) else {
            // Not a move (bad text or another type): not among the legal moves.
            return false;
        };
        let pos = self.pos();
        !self.ended && pos.is_legal(m) && (!self.pawns_only || matches!(m, Move::Pawn(_)))
    }

    /// The position these moves belong to.
    #[getter]
    fn position(&self, py: Python<'_>) -> PyResult<Py<PyPosition>> {
        match &self.of {
            ViewOf::Shared(p) => Ok(p.clone_ref(py)),
            ViewOf::Owned(p, made) => match made.get() {
                Some(object) => Ok(object.clone_ref(py)),
                None => {
                    // Two threads may both make one; the first kept is the one returned.
                    let object = Py::new(py, PyPosition::from_core(p.clone()))?;
                    Ok(made.get_or_init(|| object).clone_ref(py))
                }
            },
        }
    }

    fn __repr__(slf: &Bound<'_, Self>) -> String {
        let me = slf.get();
        let n = me.pos().variant().size();
        let list: Vec<String> = me.moves().iter().map(|m| m.text(n).to_string()).collect();
        let name = if me.pawns_only { "PawnMoves" } else { "LegalMoves" };
        format!("<{name} at {:#x} ({})>", slf.as_ptr() as usize, list.join(", "))
    }
}

/// The start position of `variant`. The classic one is built once and copied (a copy
/// shares the board geometry), so a loop that starts many games builds no geometry.
pub(crate) fn start_position(variant: Variant) -> Position {
    static CLASSIC: OnceLock<Position> = OnceLock::new();
    if variant == Variant::classic() {
        CLASSIC.get_or_init(Position::classic).clone()
    } else {
        Position::new(variant)
    }
}

crate::svg::svg_method!(
    PyPosition,
    /// The position drawn as an SVG document (a ``str``), as python-chess draws boards.
    ///
    /// ``size`` is the width and height in pixels (automatic when None); ``flipped``
    /// puts North at the bottom; ``routes`` draws each seat's shortest route;
    /// ``legal_moves`` marks the mover's pawn moves; ``last_move`` (with
    /// ``last_move_from``, the square a pawn came from) highlights a move;
    /// ``candidate_wall`` draws a wall green if legal, red if refused; ``coordinates``
    /// labels files and ranks; ``legend`` adds rows under the board: whose turn it is
    /// (or the result when the game is over), and each seat's walls left and route
    /// length, the marked seat in bold and underlined (not told by colour alone).
    /// Jupyter shows positions with this picture.
);

impl PyPosition {
    /// The picture `svg` draws, from its keyword arguments.
    fn svg_with(&self, args: crate::svg::SvgArgs<'_, '_>) -> PyResult<String> {
        Ok(svg::board(&self.inner, &args.options(None, false)?))
    }
}

/// The perft options from Python integers (None: one thread, no table); the core checks
/// their ranges.
fn perft_options(
    threads: Option<&Bound<'_, PyAny>>,
    hash_mb: Option<&Bound<'_, PyAny>>,
) -> PyResult<PerftOptions> {
    let read = |obj, what| crate::ints::opt_int_in::<u32>(obj, what, 0, u32::MAX);
    Ok(PerftOptions {
        threads: read(threads, "threads")?.map_or(1, |t| t as usize),
        hash_mb: read(hash_mb, "hash_mb")?.map_or(0, |h| h as usize),
    })
}

fn perft_error(e: PerftError) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(e.to_string())
}

/// `pos` drawn by the core's box-drawing renderer (see `Position.unicode`).
pub(crate) fn unicode_board(pos: &Position, borders: bool, colors: bool) -> String {
    use wallrush_core::boxboard::{draw_board_marked, status, Marks, Style};
    let style = Style { color: colors, unicode: true };
    let mut out = draw_board_marked(pos, &style, &Marks { bare: !borders, ..Marks::default() });
    if borders {
        out.push_str(&status(pos, &style));
    }
    out
}
