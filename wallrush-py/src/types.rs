//! The vocabulary: `Square`, `Wall`, `Move`, `Variant`.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use wallrush_core::{Goal, Move, Square, Variant, VariantError, Wall};

use crate::arg_errors;
use crate::enums::{orientation_from, orientation_py, seat_from, seat_py};
use crate::ints;
use crate::reprs::text_value;

/// A board size argument of the text and board questions: any int of 0 ..= 255.
fn size_arg(size: &Bound<'_, PyAny>) -> PyResult<u8> {
    ints::int_any(size, "size")
}

/// Reads `text` as a Python `str` or raises `TypeError` naming `what`.
pub(crate) fn text_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    match obj.cast::<PyString>() {
        Ok(s) => Ok(s.to_cow()?.into_owned()),
        Err(_) => {
            Err(PyTypeError::new_err(format!("expected {what} as a str, not {}", obj.get_type().name()?)))
        }
    }
}

/// A cell of the board: 0-based file (column, from the left) and rank (row, from the
/// bottom), written ``e2`` (file letter, 1-based rank) or ``r2c5`` (1-based rank and file;
/// every square of a board wider than 26 is written so).
///
/// ``Square('e2')`` parses the text; ``Square.from_coords(4, 1)`` builds it from 0-based
/// coordinates. A square does not know the board size: whether it lies on a board is the
/// variant's question. Squares are immutable, hashable and ordered (by file, then rank).
#[pyclass(name = "Square", module = "wallrush", frozen, eq, hash, ord, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct PySquare(pub(crate) Square);

/// A square from a `Square` or its text.
pub(crate) fn square_from(obj: &Bound<'_, PyAny>) -> PyResult<Square> {
    if let Ok(sq) = obj.cast::<PySquare>() {
        return Ok(sq.get().0);
    }
    if obj.is_instance_of::<PyString>() {
        let text = text_arg(obj, "a square")?;
        return text.parse::<Square>().map_err(|e| arg_errors::invalid_text(obj.py(), "square", &text, e));
    }
    Err(PyTypeError::new_err(format!("expected a Square or its text, not {}", obj.get_type().name()?)))
}

#[pymethods]
impl PySquare {
    /// Parses a square: ``Square('e2')``, ``Square('r2c5')``.
    ///
    /// Raises InvalidTextError when the text is not a square.
    #[new]
    #[pyo3(signature = (text, /))]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<PySquare> {
        let s = text_arg(text, "a square")?;
        s.parse::<Square>().map(PySquare).map_err(|e| arg_errors::invalid_text(text.py(), "square", &s, e))
    }

    /// The square at 0-based ``file`` and ``rank`` (each 0 ..= 30).
    ///
    /// Raises ValueError when a coordinate is out of range.
    #[staticmethod]
    fn from_coords(file: &Bound<'_, PyAny>, rank: &Bound<'_, PyAny>) -> PyResult<PySquare> {
        let (f, r) = (ints::int_arg::<u8>(file, "file")?, ints::int_arg::<u8>(rank, "rank")?);
        let show = |c: &Result<u8, ints::OutOfRange>| match c {
            Ok(v) => v.to_string(),
            Err(out) => out.to_string(),
        };
        let square = match (&f, &r) {
            (Ok(f), Ok(r)) => Square::try_new(*f, *r),
            _ => None,
        };
        square.map(PySquare).ok_or_else(|| {
            crate::arg_errors::invalid_argument(format!(
                "square ({}, {}) is out of range: file and rank 0 ..= 30",
                show(&f),
                show(&r)
            ))
        })
    }

    /// 0-based file, counted from the left (``a`` is 0).
    #[getter]
    fn file(&self) -> u8 {
        self.0.file()
    }

    /// 0-based rank, counted from the bottom (rank ``1`` is 0).
    #[getter]
    fn rank(&self) -> u8 {
        self.0.rank()
    }

    /// The square as a board of ``size`` writes it: letters up to 26 wide, ``rRcC``
    /// beyond.
    ///
    /// Raises ValueError for a size outside 0 ..= 255.
    fn text(&self, size: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(self.0.text(size_arg(size)?).to_string())
    }

    /// Whether the square lies on a ``size`` × ``size`` board.
    ///
    /// Raises ValueError for a size outside 0 ..= 255.
    fn is_on(&self, size: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.is_on(size_arg(size)?))
    }
}

text_value!(PySquare, "Square");

/// A wall, named as the standard notation names it: the lower-left cell of the block it
/// borders (its anchor) and its orientation; its length comes from the variant.
///
/// ``Wall('d4h')`` lies along the top edges of d4 and e4 (between ranks 4 and 5) and
/// extends rightwards; ``Wall('d4v')`` lies along the right edges of d4 and d5 and
/// extends upwards. Walls are immutable, hashable and ordered.
#[pyclass(name = "Wall", module = "wallrush", frozen, eq, hash, ord, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct PyWall(pub(crate) Wall);

/// A wall from a `Wall` or its standard text.
pub(crate) fn wall_from(obj: &Bound<'_, PyAny>) -> PyResult<Wall> {
    if let Ok(w) = obj.cast::<PyWall>() {
        return Ok(w.get().0);
    }
    if obj.is_instance_of::<PyString>() {
        let text = text_arg(obj, "a wall")?;
        return text.parse::<Wall>().map_err(|e| arg_errors::invalid_text(obj.py(), "wall", &text, e));
    }
    Err(PyTypeError::new_err(format!("expected a Wall or its text, not {}", obj.get_type().name()?)))
}

#[pymethods]
impl PyWall {
    /// Parses a wall in standard notation: ``Wall('d4h')``.
    ///
    /// Raises InvalidTextError when the text is not a wall.
    #[new]
    #[pyo3(signature = (text, /))]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<PyWall> {
        let s = text_arg(text, "a wall")?;
        s.parse::<Wall>().map(PyWall).map_err(|e| arg_errors::invalid_text(text.py(), "wall", &s, e))
    }

    /// The wall anchored at ``anchor`` (a Square or its text) running ``orientation``
    /// (an Orientation or ``'h'`` / ``'v'``).
    #[staticmethod]
    fn from_anchor(anchor: &Bound<'_, PyAny>, orientation: &Bound<'_, PyAny>) -> PyResult<PyWall> {
        Ok(PyWall(Wall::new(square_from(anchor)?, orientation_from(orientation)?)))
    }

    /// A horizontal wall above ``anchor`` (a Square or its text).
    #[staticmethod]
    fn horizontal(anchor: &Bound<'_, PyAny>) -> PyResult<PyWall> {
        Ok(PyWall(Wall::horizontal(square_from(anchor)?)))
    }

    /// A vertical wall right of ``anchor`` (a Square or its text).
    #[staticmethod]
    fn vertical(anchor: &Bound<'_, PyAny>) -> PyResult<PyWall> {
        Ok(PyWall(Wall::vertical(square_from(anchor)?)))
    }

    /// The lower-left cell of the block the wall borders.
    #[getter]
    fn anchor(&self) -> PySquare {
        PySquare(self.0.anchor())
    }

    /// Which way the wall runs.
    #[getter]
    fn orientation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        orientation_py(py, self.0.orientation())
    }

    /// Whether a wall of ``length`` at this place lies wholly inside a ``size`` board.
    ///
    /// Raises ValueError for a size or length outside 0 ..= 255.
    fn is_on(&self, size: &Bound<'_, PyAny>, length: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.is_on(size_arg(size)?, ints::int_any(length, "length")?))
    }

    /// The wall in standard notation as a board of ``size`` writes it.
    ///
    /// Raises ValueError for a size outside 0 ..= 255.
    fn text(&self, size: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(self.0.text(size_arg(size)?).to_string())
    }
}

text_value!(PyWall, "Wall");

/// One ply: a pawn move (named by its destination), a wall, or the forced pass.
///
/// ``Move('e2')``, ``Move('d4h')`` and ``Move('pass')`` parse standard notation;
/// ``Move(Square('e2'))`` and ``Move(Wall('d4h'))`` wrap a square or a wall;
/// ``Move.PASS`` is the pass. Resignation is not a move (see ``Position.resign``).
/// Moves are immutable, hashable and ordered; ``str(m)`` is the standard notation.
/// A move never equals a string, as in python-chess (``Move('e2') == 'e2'`` is False):
/// text names a move only in a notation and on a board size, so compare
/// ``m == Move('e2')`` or ``str(m) == 'e2'``. ``'e2' in position.legal_moves`` does
/// read text.
#[pyclass(name = "Move", module = "wallrush", frozen, eq, hash, ord, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct PyMove(pub(crate) Move);

/// A move from a `Move`, a `Square` (pawn move), a `Wall`, or standard text.
pub(crate) fn move_from(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(m) = obj.cast::<PyMove>() {
        return Ok(m.get().0);
    }
    if let Ok(sq) = obj.cast::<PySquare>() {
        return Ok(Move::Pawn(sq.get().0));
    }
    if let Ok(w) = obj.cast::<PyWall>() {
        return Ok(Move::Wall(w.get().0));
    }
    if obj.is_instance_of::<PyString>() {
        let text = text_arg(obj, "a move")?;
        return text.parse::<Move>().map_err(|e| arg_errors::invalid_text(obj.py(), "move", &text, e));
    }
    Err(PyTypeError::new_err(format!(
        "expected a Move, Square, Wall or move text, not {}",
        obj.get_type().name()?
    )))
}

#[pymethods]
impl PyMove {
    /// A move from standard text (``'e2'``, ``'d4h'``, ``'pass'``), a Square (a pawn
    /// move) or a Wall.
    ///
    /// Raises InvalidTextError when the text is not a move.
    #[new]
    #[pyo3(signature = (r#move, /))]
    fn new(r#move: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        move_from(r#move).map(PyMove)
    }

    /// The forced pass of a seat that has no legal move.
    #[classattr]
    #[allow(non_snake_case)]
    fn PASS() -> PyMove {
        PyMove(Move::Pass)
    }

    /// The destination of a pawn move, else None.
    #[getter]
    fn square(&self) -> Option<PySquare> {
        match self.0 {
            Move::Pawn(sq) => Some(PySquare(sq)),
            _ => None,
        }
    }

    /// The wall of a wall move, else None.
    #[getter]
    fn wall(&self) -> Option<PyWall> {
        match self.0 {
            Move::Wall(w) => Some(PyWall(w)),
            _ => None,
        }
    }

    /// Whether this is a pawn move.
    #[getter]
    fn is_pawn(&self) -> bool {
        matches!(self.0, Move::Pawn(_))
    }

    /// Whether this is a wall move.
    #[getter]
    fn is_wall(&self) -> bool {
        matches!(self.0, Move::Wall(_))
    }

    /// Whether this is the pass.
    #[getter]
    fn is_pass(&self) -> bool {
        self.0 == Move::Pass
    }

    /// The move in standard notation as a board of ``size`` writes it (``rRcC``
    /// squares past 26 wide).
    ///
    /// Raises ValueError for a size outside 0 ..= 255.
    fn text(&self, size: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(self.0.text(size_arg(size)?).to_string())
    }
}

text_value!(PyMove, "Move");

/// The fixed parameters of a game: board size, players, walls per player, wall length
/// and goal, validated on construction.
///
/// ``Variant()`` is the classic game; keyword arguments change it:
/// ``Variant(size=11, players=4, wall_length=3)``. ``walls`` defaults to 10 for two
/// players and 5 for four; ``goal`` is ``'edge'`` (race to the far side) or ``'centre'``
/// (race to the centre cell; ``'center'`` is accepted too). Presets:
/// ``Variant.classic()``, ``Variant.four_player()``, ``Variant.race_to_centre()``.
///
/// Raises InvalidVariantError, naming the parameter and its range, when a value is out
/// of range.
#[pyclass(name = "Variant", module = "wallrush", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PyVariant(pub(crate) Variant);

/// An integer parameter as the core takes it: `Ok(value)`, or, for a value that does
/// not fit a `u32`, the nearest `u32` to check and the value as Python writes it.
fn variant_int(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Result<u32, (u32, String)>> {
    Ok(ints::int_arg::<u32>(obj, name)?.map_err(|out| (if out.negative { 0 } else { u32::MAX }, out.shown)))
}

fn variant_error(py: Python<'_>, err: VariantError, shown: Option<String>) -> PyErr {
    let (param, value) = match err {
        VariantError::Size(v) => ("size", v),
        VariantError::Players(v) => ("players", v),
        VariantError::Walls(v) => ("walls", v),
        VariantError::WallLength { length, .. } => ("wall_length", length),
    };
    let mut message = err.to_string();
    if let Some(shown) = shown {
        message = message.replacen(&format!("{param} {value}"), &format!("{param} {shown}"), 1);
    }
    arg_errors::invalid_variant(py, param, message)
}

fn goal_from(obj: &Bound<'_, PyAny>) -> PyResult<Goal> {
    let text = text_arg(obj, "the goal")?;
    match text.parse::<Goal>() {
        Ok(goal) => Ok(goal),
        Err(_) => Err(arg_errors::invalid_variant(
            obj.py(),
            "goal",
            format!("goal {} is out of range: edge or centre", obj.repr()?),
        )),
    }
}

pub(crate) fn goal_name(g: Goal) -> &'static str {
    g.name()
}

#[pymethods]
impl PyVariant {
    /// A variant from keyword arguments; see the class documentation.
    #[new]
    #[pyo3(signature = (*, size = None, players = None, walls = None, wall_length = None, goal = None))]
    fn new(
        py: Python<'_>,
        size: Option<&Bound<'_, PyAny>>,
        players: Option<&Bound<'_, PyAny>>,
        walls: Option<&Bound<'_, PyAny>>,
        wall_length: Option<&Bound<'_, PyAny>>,
        goal: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyVariant> {
        // Out-of-u32 values are checked as the nearest u32 and reported as given.
        let mut shown: [Option<String>; 4] = Default::default();
        let mut int = |obj: Option<&Bound<'_, PyAny>>, name: &str, i: usize| -> PyResult<Option<u32>> {
            match obj {
                Some(o) if !o.is_none() => Ok(Some(match variant_int(o, name)? {
                    Ok(v) => v,
                    Err((nearest, as_given)) => {
                        shown[i] = Some(as_given);
                        nearest
                    }
                })),
                _ => Ok(None),
            }
        };
        let (s, p, w, l) = (
            int(size, "size", 0)?,
            int(players, "players", 1)?,
            int(walls, "walls", 2)?,
            int(wall_length, "wall_length", 3)?,
        );
        let [s_shown, p_shown, w_shown, l_shown] = shown;
        let goal = match goal {
            Some(g) if !g.is_none() => Some(goal_from(g)?),
            _ => None,
        };
        // A negative number of walls would be checked as 0, which is in range.
        if let Some(shown) = w_shown.as_ref().filter(|_| w == Some(0)) {
            return Err(arg_errors::invalid_variant(
                py,
                "walls",
                format!("walls {shown} is out of range: 0 ..= 99"),
            ));
        }
        // The defaults live in the core's builder.
        let mut b = Variant::builder();
        b = s.map_or(b, |v| b.size(v.into()));
        b = p.map_or(b, |v| b.players(v.into()));
        b = w.map_or(b, |v| b.walls(v.into()));
        b = l.map_or(b, |v| b.wall_length(v.into()));
        b = goal.map_or(b, |g| b.goal(g));
        b.build().map(PyVariant).map_err(|e| {
            let shown = match e {
                VariantError::Size(_) => s_shown,
                VariantError::Players(_) => p_shown,
                VariantError::Walls(_) => w_shown,
                VariantError::WallLength { .. } => l_shown,
            };
            variant_error(py, e, shown)
        })
    }

    /// Classic two-player: 9×9, 10 walls each, length 2, edge goals.
    #[staticmethod]
    fn classic() -> PyVariant {
        PyVariant(Variant::classic())
    }

    /// Four players: 9×9, 5 walls each, length 2, edge goals.
    #[staticmethod]
    fn four_player() -> PyVariant {
        PyVariant(Variant::four_player())
    }

    /// Race to the centre: 9×9, four players, 5 walls each, length 2, centre goal.
    #[staticmethod]
    fn race_to_centre() -> PyVariant {
        PyVariant(Variant::race_to_centre())
    }

    /// Board size n (the board is n × n).
    #[getter]
    fn size(&self) -> u8 {
        self.0.size()
    }

    /// Number of players: 2 or 4.
    #[getter]
    fn players(&self) -> u8 {
        self.0.players()
    }

    /// Walls each player starts with.
    #[getter]
    fn walls(&self) -> u8 {
        self.0.walls()
    }

    /// Cells a wall covers.
    #[getter]
    fn wall_length(&self) -> u8 {
        self.0.wall_length()
    }

    /// Where the pawns race to: ``'edge'`` or ``'centre'``.
    #[getter]
    fn goal(&self) -> &'static str {
        goal_name(self.0.goal())
    }

    /// The seats in the game, in turn order.
    #[getter]
    fn seats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let seats = self.0.seats().map(|s| seat_py(py, s)).collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, seats)
    }

    /// The centre cell.
    #[getter]
    fn centre(&self) -> PySquare {
        PySquare(self.0.centre())
    }

    /// Whether ``seat`` plays in this variant.
    fn has_seat(&self, seat: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.has_seat(seat_from(seat)?))
    }

    /// Where ``seat``'s pawn starts (whether or not the seat plays in this variant).
    fn start(&self, seat: &Bound<'_, PyAny>) -> PyResult<PySquare> {
        Ok(PySquare(self.0.start(seat_from(seat)?)))
    }

    /// Whether ``square`` is one of ``seat``'s goal cells.
    fn is_goal(&self, seat: &Bound<'_, PyAny>, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (seat, sq) = (seat_from(seat)?, square_from(square)?);
        Ok(sq.is_on(self.0.size()) && self.0.is_goal(seat, sq))
    }

    /// Reads a variant from its text: ``'size=9 players=2 walls=10 wall_length=2
    /// goal=edge'`` (``str(variant)``); fields may come in any order.
    ///
    /// Raises InvalidTextError for malformed text, InvalidVariantError for values out of
    /// range.
    #[staticmethod]
    fn from_text(text: &Bound<'_, PyAny>) -> PyResult<PyVariant> {
        let s = text_arg(text, "variant text")?;
        s.parse::<Variant>().map(PyVariant).map_err(|e| arg_errors::position_text(text.py(), &s, e))
    }

    /// How ``notation`` writes ``wall`` in this variant (WallRush and Pallwall names
    /// depend on the wall length): ``Variant(wall_length=3).wall_text('d3v',
    /// 'wallrush') == 'V-d5'``; None when the notation cannot name it (a wall off every
    /// board).
    #[pyo3(signature = (wall, notation = None))]
    fn wall_text(
        &self,
        wall: &Bound<'_, PyAny>,
        notation: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<String>> {
        let (w, n) = (wall_from(wall)?, crate::enums::notation_from(notation)?);
        Ok(n.wall_text(w, self.0.size(), self.0.wall_length()))
    }

    /// The variant's text, as ``from_text`` reads it.
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        repr_variant(self.0)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let v = self.0;
        let args = (v.size(), v.players(), v.walls(), v.wall_length(), goal_name(v.goal()));
        (py.get_type::<PyVariant>().getattr("_from_parts")?, args).into_pyobject(py)
    }

    /// Pickle support: the variant from positional parameters, checked as the
    /// constructor checks its keywords (a tampered pickle raises InvalidVariantError).
    #[staticmethod]
    fn _from_parts(
        py: Python<'_>,
        size: &Bound<'_, PyAny>,
        players: &Bound<'_, PyAny>,
        walls: &Bound<'_, PyAny>,
        wall_length: &Bound<'_, PyAny>,
        goal: &Bound<'_, PyAny>,
    ) -> PyResult<PyVariant> {
        for (part, name) in
            [(size, "size"), (players, "players"), (walls, "walls"), (wall_length, "wall_length")]
        {
            if part.is_none() {
                return Err(PyTypeError::new_err(format!("{name} must be an int, not NoneType")));
            }
        }
        let goal = Some(goal)
            .filter(|g| !g.is_none())
            .ok_or_else(|| PyTypeError::new_err("expected the goal as a str, not NoneType"))?;
        PyVariant::new(py, Some(size), Some(players), Some(walls), Some(wall_length), Some(goal))
    }
}

/// `Variant(size=9, players=2, walls=10, wall_length=2, goal='edge')`.
pub(crate) fn repr_variant(v: Variant) -> String {
    format!(
        "Variant(size={}, players={}, walls={}, wall_length={}, goal='{}')",
        v.size(),
        v.players(),
        v.walls(),
        v.wall_length(),
        v.goal()
    )
}

/// A variant argument: a `Variant`, or None for the classic game.
pub(crate) fn variant_from(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Variant> {
    match obj {
        None => Ok(Variant::classic()),
        Some(o) if o.is_none() => Ok(Variant::classic()),
        Some(o) => o.extract::<PyVariant>().map(|v| v.0).map_err(|_| {
            PyTypeError::new_err(match o.get_type().name() {
                Ok(n) => format!("expected a Variant, not {n}"),
                Err(_) => "expected a Variant".to_string(),
            })
        }),
    }
}
