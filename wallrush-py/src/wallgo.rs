//! Wall Go, the 7×7 territory game: the classes of `wallrush.wallgo`, registered in the
//! native module under `WallGo*` names.

use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use wallrush_core::notation::ParseError;
use wallrush_core::SplitMix64;
use wallrush_territory::wallgo::{
    Game, GreedyBot, Illegal, Move, Outcome, Player, Position, PositionTextError, RecordError, Region,
    SetupError, Side, Wall,
};

use wallrush_territory::wallgo::{self, svg as wallgo_svg};

use crate::bots::seed_arg;
use crate::errors;
use crate::locked::Locked;
use crate::reprs::copies;
use crate::reprs::py_repr;
use crate::reprs::text_value;
use crate::territory::{
    board_square, check_tag_name, field_start, illegal, side_letter, side_py, square_if_on,
};
use crate::types::{text_arg, PySquare};

/// The board is 7 × 7.
const SIZE: u8 = 7;

/// Adds this file's classes to the native module, under the names `Wall`,
/// `Move`, … (the classes call themselves `Wall`, `Move`, … of `wallrush.wallgo`).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("WallGoWall", py.get_type::<PyWgWall>())?;
    m.add("WallGoMove", py.get_type::<PyWgMove>())?;
    m.add("WallGoRegion", py.get_type::<PyWgRegion>())?;
    m.add("WallGoOutcome", py.get_type::<PyWgOutcome>())?;
    m.add("WallGoPosition", py.get_type::<PyWgPosition>())?;
    m.add("WallGoGame", py.get_type::<PyWgGame>())?;
    m.add("WallGoGreedyBot", py.get_type::<PyWgGreedyBot>())?;
    m.add_function(wrap_pyfunction!(wallgo_pieces_per_player, m)?)?;
    m.add_function(wrap_pyfunction!(wallgo_placement_order, m)?)?;
    Ok(())
}

/// A player count as the rules read it: `None` for an int no game has (negative, or
/// too large for any count).
fn count_arg(players: &Bound<'_, PyAny>) -> PyResult<Option<u8>> {
    Ok(crate::ints::int_arg::<u8>(players, "players")?.ok())
}

/// Pieces each player has: 4 with two players, 2 with three or four.
#[pyfunction]
fn wallgo_pieces_per_player(players: &Bound<'_, PyAny>) -> PyResult<u8> {
    // Any count but two gives 2, as the core's rule does.
    Ok(count_arg(players)?.map_or(2, wallgo::pieces_per_player))
}

/// Who places each piece of a placement setup, in snake order: R, B, B, R, R, B, B, R
/// for two players; R, B, Y, Y, B, R for three; R, B, Y, G, G, Y, B, R for four. Empty
/// for other counts.
#[pyfunction]
fn wallgo_placement_order<'py>(
    py: Python<'py>,
    players: &Bound<'_, PyAny>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let order = count_arg(players)?.map(wallgo::placement_order).into_iter().flatten();
    order.map(|p| player_py(py, p)).collect()
}

/// The `wallrush.wallgo.Player` member for `p`.
fn player_py(py: Python<'_>, p: Player) -> PyResult<Bound<'_, PyAny>> {
    crate::classes::classes(py)?.wallgo_player.bind(py).call1((p.index(),))
}

static PLAYER_ARG: crate::enums::EnumArg<Player> = crate::enums::EnumArg {
    what: "player",
    class: |c| &c.wallgo_player,
    accepts: "a Player, its number, name or letter",
    from_int: Some(|i| usize::try_from(i).ok().and_then(Player::from_index)),
    range: "0 ..= 3",
    from_text: |t| if t.len() == 1 { t.parse().ok() } else { t.to_ascii_lowercase().parse().ok() },
    expected: "a player: red, blue, yellow, green or R, B, Y, G",
};

/// A player from a `Player`, its number (0 ..= 3), its name (`'red'`, any case) or its
/// letter (`'R'`).
fn player_from(obj: &Bound<'_, PyAny>) -> PyResult<Player> {
    PLAYER_ARG.read(obj)
}

fn side_of(obj: &Bound<'_, PyAny>) -> PyResult<Side> {
    Ok(Side::from_letter(side_letter(obj)?).expect("side_letter gives n, e, s or w"))
}

/// A wall from a `Wall` or its text (either name of the groove).
fn wall_from(obj: &Bound<'_, PyAny>) -> PyResult<Wall> {
    if let Ok(w) = obj.cast::<PyWgWall>() {
        return Ok(w.get().0);
    }
    if obj.is_instance_of::<PyString>() {
        let text = text_arg(obj, "a wall")?;
        return text.parse().map_err(|e| errors::invalid_text(obj.py(), "Wall Go wall", &text, e));
    }
    Err(PyTypeError::new_err(format!("expected a wallgo.Wall or its text, not {}", obj.get_type().name()?)))
}

/// A move from a `Move` or its text.
fn move_from(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(m) = obj.cast::<PyWgMove>() {
        return Ok(m.get().0);
    }
    if obj.is_instance_of::<PyString>() {
        let text = text_arg(obj, "a move")?;
        return text
            .parse()
            .map_err(|e: ParseError| errors::invalid_text(obj.py(), "Wall Go move", &text, e));
    }
    Err(PyTypeError::new_err(format!("expected a wallgo.Move or its text, not {}", obj.get_type().name()?)))
}

/// `IllegalMoveError` for a refused move: `kind` is the core's, `move` the move, `wall`
/// the groove for `groove_taken` and `no_wall`.
fn illegal_move(py: Python<'_>, m: Move, e: Illegal, message: String) -> PyErr {
    let wall = match e {
        Illegal::GrooveTaken { wall, .. } | Illegal::NoWall(wall) => Some(wall),
        _ => None,
    };
    let mv = Bound::new(py, PyWgMove(m)).map(Bound::into_any);
    let wall = wall.map(|w| Bound::new(py, PyWgWall(w)).map(Bound::into_any)).transpose();
    match (mv, wall) {
        (Ok(mv), Ok(wall)) => illegal(py, message, e.kind(), Some(mv), wall),
        (Err(e), _) | (_, Err(e)) => e,
    }
}

/// The Python exception for position text that cannot be read.
fn text_error(py: Python<'_>, text: &str, e: PositionTextError) -> PyErr {
    let message = format!("invalid Wall Go position text {}: {e}", py_repr(py, text).unwrap_or_default());
    match e {
        PositionTextError::FieldCount(_) => {
            errors::invalid_text_message(py, message, text, 0, "4 fields: pieces, walls, turn, breaks", None)
        }
        PositionTextError::Field { field, error } => {
            let n = ["pieces", "walls", "turn", "breaks"].iter().position(|&f| f == field).unwrap_or(0);
            let index = field_start(text, n) + error.index();
            errors::invalid_text_message(py, message, text, index, error.expected(), None)
        }
        PositionTextError::Invalid(e) => errors::invalid_position(py, e.to_string()),
    }
}

/// `InvalidVariantError` for a player count out of range.
fn players_error(py: Python<'_>, e: SetupError) -> PyErr {
    errors::invalid_variant(py, "players", format!("players: {e}"))
}

/// A player count argument.
fn players_arg(py: Python<'_>, obj: Option<&Bound<'_, PyAny>>) -> PyResult<u8> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(2);
    };
    match crate::ints::int_arg::<u8>(obj, "players")? {
        Ok(n) if (2..=4).contains(&n) => Ok(n),
        _ => Err(errors::invalid_variant(py, "players", format!("players {obj} is out of range: 2 ..= 4"))),
    }
}

/// The Python exception for a record text that cannot be read.
fn record_error(py: Python<'_>, text: &str, e: RecordError) -> PyErr {
    let message = e.to_string();
    let line_at = |line: usize| {
        if line <= 1 {
            0
        } else {
            text.match_indices('\n').nth(line - 2).map_or(text.len(), |(i, _)| i + 1)
        }
    };
    match e {
        RecordError::Illegal { mv, reason, .. } => illegal_move(py, mv, reason, message),
        RecordError::Players(_) => errors::invalid_variant(py, "players", message),
        RecordError::Start(PositionTextError::Invalid(_)) => errors::invalid_position(py, message),
        RecordError::Tag(line) | RecordError::LateTag(line) => errors::invalid_text_message(
            py,
            message,
            text,
            line_at(line),
            "a tag like [Name \"value\"]",
            Some(line),
        ),
        RecordError::Move { error, .. } => {
            errors::invalid_text_message(py, message, text, 0, error.expected(), None)
        }
        other => {
            let expected = match other {
                RecordError::Start(_) => "a Start tag: fixed, placement or a position text",
                RecordError::MissingPlayers | RecordError::FixedStart => "a Players tag that fits the start",
                RecordError::ResultText(_) | RecordError::ResultMismatch { .. } => {
                    "a Result tag the moves give"
                }
                RecordError::TooLong(_) => "a record of at most 1048576 bytes",
                _ => "a Wall Go record",
            };
            errors::invalid_text_message(py, message, text, 0, expected, None)
        }
    }
}

/// A wall (one groove) of Wall Go: between two orthogonally adjacent cells of the 7×7
/// board, never on its edge.
///
/// ``Wall('c3n')`` reads either name of a groove (``c4s`` is the same wall); it is
/// written canonically as the north or east side of the lower or left cell.
/// ``Wall.of(square, side)`` builds one. Walls are immutable, hashable and ordered.
#[pyclass(name = "Wall", module = "wallrush.wallgo", frozen, eq, hash, ord, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct PyWgWall(Wall);

#[pymethods]
impl PyWgWall {
    /// Reads a wall: ``Wall('c3n')``, ``Wall('c4s')``.
    ///
    /// Raises InvalidTextError when the text is not a groove of the board.
    #[new]
    #[pyo3(signature = (text, /))]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<PyWgWall> {
        let s = text_arg(text, "a wall")?;
        s.parse().map(PyWgWall).map_err(|e| errors::invalid_text(text.py(), "Wall Go wall", &s, e))
    }

    /// The groove on ``side`` of ``square``.
    ///
    /// Raises ValueError when the square is off the board or the side is the board
    /// edge.
    #[staticmethod]
    fn of(square: &Bound<'_, PyAny>, side: &Bound<'_, PyAny>) -> PyResult<PyWgWall> {
        let sq = board_square(square, SIZE)?;
        let side = side_of(side)?;
        Wall::new(sq, side).map(PyWgWall).ok_or_else(|| {
            crate::errors::invalid_argument(format!(
                "the {} side of {sq} is the board edge, not a groove",
                side.name()
            ))
        })
    }

    /// Every groove of the board (84), in wall order.
    #[staticmethod]
    fn all() -> Vec<PyWgWall> {
        Wall::all().map(PyWgWall).collect()
    }

    /// The canonical cell: the lower cell of a horizontal groove, the left of a vertical.
    #[getter]
    fn square(&self) -> PySquare {
        PySquare(self.0.square())
    }

    /// The canonical side: ``Side.NORTH`` (horizontal) or ``Side.EAST`` (vertical).
    #[getter]
    fn side<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        side_py(py, self.0.side().letter())
    }

    /// The two cells the groove separates, the canonical cell first.
    #[getter]
    fn cells(&self) -> (PySquare, PySquare) {
        let (a, b) = self.0.cells();
        (PySquare(a), PySquare(b))
    }

    /// Which side of ``square`` this groove is, or None when it does not border it.
    fn side_of<'py>(
        &self,
        py: Python<'py>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.0.side_of(crate::types::square_from(square)?).map(|s| side_py(py, s.letter())).transpose()
    }
}

text_value!(PyWgWall, "wallgo.Wall");

/// One Wall Go action: a step (a piece moves 0–2 steps and walls a groove of the cell it
/// ends on), a placement (placement setups only) or a wall break (3–4 players, once a
/// game).
///
/// ``Move('b2-c3n')`` (b2 to c3, wall on the north groove of c3), ``Move('b2n')`` (stay
/// and wall), ``Move('x:d4e')`` (break the wall east of d4), ``Move('@b2')`` (place on
/// b2). ``Move.step``, ``Move.place`` and ``Move.wall_break`` build them from parts.
/// ``str(move)`` is the notation; moves are immutable, hashable and ordered.
#[pyclass(name = "Move", module = "wallrush.wallgo", frozen, eq, hash, ord, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct PyWgMove(Move);

#[pymethods]
impl PyWgMove {
    /// Reads a move in Wall Go notation.
    ///
    /// Raises InvalidTextError (with the byte index) when the text is not a move.
    #[new]
    #[pyo3(signature = (text, /))]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<PyWgMove> {
        let s = text_arg(text, "a move")?;
        s.parse().map(PyWgMove).map_err(|e| errors::invalid_text(text.py(), "Wall Go move", &s, e))
    }

    /// The step of the piece on ``from_square`` to ``to_square`` (the same square for
    /// a 0-step move) walling ``side`` of ``to_square``.
    ///
    /// Raises ValueError for a square off the board.
    #[staticmethod]
    fn step(
        from_square: &Bound<'_, PyAny>,
        to_square: &Bound<'_, PyAny>,
        side: &Bound<'_, PyAny>,
    ) -> PyResult<PyWgMove> {
        Ok(PyWgMove(Move::Step {
            from: board_square(from_square, SIZE)?,
            to: board_square(to_square, SIZE)?,
            side: side_of(side)?,
        }))
    }

    /// Placing a piece on ``square`` (placement setups only).
    ///
    /// Raises ValueError for a square off the board.
    #[staticmethod]
    fn place(square: &Bound<'_, PyAny>) -> PyResult<PyWgMove> {
        Ok(PyWgMove(Move::Place(board_square(square, SIZE)?)))
    }

    /// The wall break removing ``wall`` (a Wall or its text).
    #[staticmethod]
    fn wall_break(wall: &Bound<'_, PyAny>) -> PyResult<PyWgMove> {
        Ok(PyWgMove(Move::Break(wall_from(wall)?)))
    }

    /// ``'step'``, ``'place'`` or ``'break'``.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            Move::Step { .. } => "step",
            Move::Place(_) => "place",
            Move::Break(_) => "break",
        }
    }

    /// Where a stepping piece stands, else None.
    #[getter(from_square)]
    fn origin(&self) -> Option<PySquare> {
        match self.0 {
            Move::Step { from, .. } => Some(PySquare(from)),
            _ => None,
        }
    }

    /// Where a stepping piece ends, or the square of a placement; None for a break.
    #[getter(to_square)]
    fn destination(&self) -> Option<PySquare> {
        match self.0 {
            Move::Step { to, .. } | Move::Place(to) => Some(PySquare(to)),
            Move::Break(_) => None,
        }
    }

    /// The side of ``to_square`` a step walls, else None.
    #[getter]
    fn side<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self.0 {
            Move::Step { side, .. } => side_py(py, side.letter()).map(Some),
            _ => Ok(None),
        }
    }

    /// The wall a step builds (None when its side is the board edge) or a break
    /// removes; None for a placement.
    #[getter]
    fn wall(&self) -> Option<PyWgWall> {
        match self.0 {
            Move::Break(w) => Some(PyWgWall(w)),
            m => m.built_wall().map(PyWgWall),
        }
    }
}

text_value!(PyWgMove, "wallgo.Move");

/// A region: cells connected through grooves without a wall, with the players whose
/// pieces stand in it. A region holding one player's pieces is that player's territory.
///
/// ``len(region)`` is its number of cells; ``square in region`` tests a cell.
#[pyclass(name = "Region", module = "wallrush.wallgo", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PyWgRegion(Region);

#[pymethods]
impl PyWgRegion {
    /// The cells, in cell order (rank, then file).
    #[getter]
    fn cells(&self) -> Vec<PySquare> {
        self.0.cells().map(PySquare).collect()
    }

    /// The players with a piece in the region, in turn order.
    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let players = self.0.players().map(|p| player_py(py, p)).collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, players)
    }

    /// The player whose territory this is (the only player with pieces in it), else
    /// None.
    #[getter]
    fn owner<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.0.owner().map(|p| player_py(py, p)).transpose()
    }

    /// Whether pieces of two or more players share it (those pieces are active).
    #[getter]
    fn is_contested(&self) -> bool {
        self.0.is_contested()
    }

    fn __len__(&self) -> usize {
        usize::from(self.0.len())
    }

    fn __contains__(&self, square: &Bound<'_, PyAny>) -> bool {
        crate::types::square_from(square).is_ok_and(|sq| self.0.contains(sq))
    }

    fn __repr__(&self) -> String {
        let cells: Vec<String> = self.0.cells().map(|c| c.to_string()).collect();
        let players: Vec<&str> = self.0.players().map(Player::name).collect();
        format!(
            "<wallgo.Region of {} cells ({}), players: {}>",
            self.0.len(),
            cells.join(","),
            players.join(",")
        )
    }
}

/// How a finished Wall Go game ended: the winner (None for a draw) and whether the
/// largest-territory tie-break decided it. ``str`` gives ``'red wins'``, ``'red wins on
/// the tie-break'`` or ``'draw'``.
#[pyclass(name = "Outcome", module = "wallrush.wallgo", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PyWgOutcome(Outcome);

#[pymethods]
impl PyWgOutcome {
    /// The winner, or None for a draw.
    #[getter]
    fn winner<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.0.winner().map(|p| player_py(py, p)).transpose()
    }

    /// Whether the largest-territory tie-break decided the win.
    #[getter]
    fn tie_break(&self) -> bool {
        matches!(self.0, Outcome::Win { tie_break: true, .. })
    }

    /// Whether nobody won.
    #[getter]
    fn is_draw(&self) -> bool {
        self.0 == Outcome::Draw
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<wallgo.Outcome: {}>", self.0)
    }
}

/// The picture of `pos` drawn by the core's `wallgo::svg` with the keyword options.
fn picture(pos: &Position, size: Option<u32>, coordinates: bool, legend: bool, last: Option<Move>) -> String {
    let opts =
        wallgo_svg::SvgOptions::new().size(size).coordinates(coordinates).legend(legend).last_move(last);
    wallgo_svg::board(pos, &opts)
}

/// A Wall Go position: pieces, walls with their builders, the player to move, wall
/// breaks used and the progress of a placement setup.
///
/// ``Position()`` is the two-player fixed start (Red b2 d2 d6 f6, Blue b4 b6 f2 f4);
/// ``Position(players=3)`` or ``4`` an empty board for a placement setup in snake
/// order; ``Position.placement(2)`` the optional two-player placement setup;
/// ``Position.from_text(text)`` any position from its one-line text
/// (``'b2,d2,d6,f6/b4,b6,f2,f4 - R -'``: pieces per player, walls with builders, turn,
/// breaks used).
///
/// Positions are immutable values: ``play`` returns a new position. They are hashable,
/// picklable, and ``copy.copy`` returns the same object. ``str(position)`` draws the
/// board; ``repr`` pastes back after ``from wallrush import wallgo``. Wherever a player
/// is taken, a ``Player``, its number, name or letter works.
#[pyclass(name = "Position", module = "wallrush.wallgo", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyWgPosition {
    inner: Position,
}

fn player_dict<'py>(
    py: Python<'py>,
    pos: &Position,
    value: impl Fn(Player) -> u8,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for p in pos.player_list() {
        d.set_item(player_py(py, p)?, value(p))?;
    }
    Ok(d)
}

impl PyWgPosition {
    fn checked(&self, py: Python<'_>, m: Move) -> PyResult<()> {
        self.inner.check(m).map_err(|e| illegal_move(py, m, e, e.to_string()))
    }
}

#[pymethods]
impl PyWgPosition {
    /// The standard start for ``players`` (2 to 4): the fixed start for two, an empty
    /// board to place on for three or four.
    ///
    /// Raises InvalidVariantError for another player count.
    #[new]
    #[pyo3(signature = (players = None))]
    fn new(py: Python<'_>, players: Option<&Bound<'_, PyAny>>) -> PyResult<PyWgPosition> {
        let n = players_arg(py, players)?;
        Position::new(n).map(|inner| PyWgPosition { inner }).map_err(|e| players_error(py, e))
    }

    /// An empty board where ``players`` (2 to 4) place their pieces in snake order (R,
    /// B, B, R, R, B, B, R for two; R, B, Y, G, G, Y, B, R for four).
    ///
    /// Raises InvalidVariantError for another player count.
    #[staticmethod]
    fn placement(py: Python<'_>, players: &Bound<'_, PyAny>) -> PyResult<PyWgPosition> {
        let n = players_arg(py, Some(players))?;
        Position::placement(n).map(|inner| PyWgPosition { inner }).map_err(|e| players_error(py, e))
    }

    /// Reads the one-line position text (see ``to_text``).
    ///
    /// Raises InvalidTextError naming the field that is malformed (``index`` is the
    /// byte where it stops making sense), InvalidPositionError when the fields do not
    /// make a position (wrong piece counts, a groove twice, a player to move who cannot
    /// act, …).
    #[staticmethod]
    fn from_text(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<PyWgPosition> {
        let s = text_arg(text, "position text")?;
        Position::from_text(&s).map(|inner| PyWgPosition { inner }).map_err(|e| text_error(py, &s, e))
    }

    /// The one-line position text: pieces per player (``/`` between players, ``-`` for
    /// none), walls with their builder's letter (``Rc3n``, ``-`` for none), the letter of
    /// the player to move, and the letters of the players who used their wall break
    /// (``-`` for none).
    fn to_text(&self) -> String {
        self.inner.text()
    }

    /// Number of players: 2, 3 or 4.
    #[getter]
    fn players(&self) -> u8 {
        self.inner.players()
    }

    /// The players in the game, in turn order.
    #[getter]
    fn player_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let players = self.inner.player_list().map(|p| player_py(py, p)).collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, players)
    }

    /// The player to move or to place (after the end: the one after the last mover).
    #[getter]
    fn turn<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        player_py(py, self.inner.turn())
    }

    /// Whether a placement setup is still under way.
    #[getter]
    fn is_placing(&self) -> bool {
        self.inner.is_placing()
    }

    /// Pieces placed so far (the total once play has begun).
    #[getter]
    fn placed(&self) -> u8 {
        self.inner.placed()
    }

    /// The squares of ``player``'s pieces, in cell order (rank, then file).
    fn pieces(&self, player: &Bound<'_, PyAny>) -> PyResult<Vec<PySquare>> {
        Ok(self.inner.pieces(player_from(player)?).map(PySquare).collect())
    }

    /// The player whose piece stands on ``square``, or None (also off the board).
    fn piece_at<'py>(
        &self,
        py: Python<'py>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let sq = crate::types::square_from(square)?;
        self.inner.piece_at(sq).map(|p| player_py(py, p)).transpose()
    }

    /// The walls on the board: a dict from Wall to the Player who built it, in wall
    /// order.
    #[getter]
    fn walls<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (w, p) in self.inner.walls() {
            d.set_item(PyWgWall(w), player_py(py, p)?)?;
        }
        Ok(d)
    }

    /// Who built the wall on ``wall``'s groove, or None when it is free.
    fn wall_owner<'py>(
        &self,
        py: Python<'py>,
        wall: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner.wall_owner(wall_from(wall)?).map(|p| player_py(py, p)).transpose()
    }

    /// Whether ``a`` and ``b`` are orthogonal neighbours on the board with no wall
    /// between them.
    fn is_open(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (a, b) = (crate::types::square_from(a)?, crate::types::square_from(b)?);
        Ok(a.is_on(SIZE) && b.is_on(SIZE) && self.inner.is_open(a, b))
    }

    /// Whether ``player`` has used its wall break.
    fn break_used(&self, player: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.break_used(player_from(player)?))
    }

    /// The regions, in order of their lowest cell.
    #[getter]
    fn regions(&self) -> Vec<PyWgRegion> {
        self.inner.regions().map(PyWgRegion).collect()
    }

    /// The region holding ``square``.
    ///
    /// Raises ValueError for a square off the board.
    fn region_of(&self, square: &Bound<'_, PyAny>) -> PyResult<PyWgRegion> {
        Ok(PyWgRegion(self.inner.region_of(board_square(square, SIZE)?)))
    }

    /// Whether the piece on ``square`` is active (it shares its region with another
    /// player's piece); False for an empty square.
    fn is_active(&self, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(square_if_on(square, SIZE)?.is_some_and(|sq| self.inner.is_active(sq)))
    }

    /// Whether ``player`` can act (play has begun and it has an active piece); a player
    /// who cannot is skipped.
    fn can_act(&self, player: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.can_act(player_from(player)?))
    }

    /// Whether the game is over: play has begun and no region is contested.
    fn is_game_over(&self) -> bool {
        self.inner.is_game_over()
    }

    /// Each player's score now (cells of its territories): a dict from Player to int
    /// for the players in the game.
    #[getter]
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.inner.scores();
        player_dict(py, &self.inner, |p| s[p])
    }

    /// Each player's largest single territory now, in cells: a dict from Player to int.
    #[getter]
    fn largest_territories<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.inner.largest_territories();
        player_dict(py, &self.inner, |p| s[p])
    }

    /// The result once the game is over (highest score; then largest territory; else a
    /// draw), or None; a method, as ``Game.outcome()`` is.
    fn outcome(&self) -> Option<PyWgOutcome> {
        self.inner.outcome().map(PyWgOutcome)
    }

    /// The cells the piece on ``square`` can end a move on; empty unless it is the
    /// mover's active piece during play.
    fn destinations(&self, square: &Bound<'_, PyAny>) -> PyResult<Vec<PySquare>> {
        let Some(sq) = square_if_on(square, SIZE)? else {
            return Ok(Vec::new());
        };
        Ok(self.inner.destinations(sq).map(PySquare).collect())
    }

    /// Every legal move: placements in cell order; or steps by piece, destination and
    /// side (n, e, s, w), then wall breaks. Empty when the game is over.
    #[getter]
    fn legal_moves(&self) -> Vec<PyWgMove> {
        self.inner.legal_moves().into_iter().map(PyWgMove).collect()
    }

    /// The number of legal moves, without listing them.
    fn legal_move_count(&self) -> usize {
        self.inner.legal_move_count()
    }

    /// Whether ``move`` (a Move or its text) is legal here.
    ///
    /// Raises InvalidTextError for text that is not a move.
    #[pyo3(signature = (r#move, /))]
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.is_legal(move_from(r#move)?))
    }

    /// Returns None if ``move`` is legal here, else raises IllegalMoveError naming the
    /// first rule it breaks (``kind``: ``game_over``, ``must_place``, ``not_placing``,
    /// ``off_board``, ``occupied``, ``no_piece``, ``finished``, ``unreachable``,
    /// ``board_edge``, ``groove_taken``, ``no_break_with_two``, ``break_used``,
    /// ``no_wall``).
    #[pyo3(signature = (r#move, /))]
    fn check(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        self.checked(py, move_from(r#move)?)
    }

    /// The position after ``move`` (a Move or its text); this one is left unchanged.
    ///
    /// Raises InvalidTextError for text that is not a move, IllegalMoveError (with the
    /// rule broken as ``kind``) for an illegal one.
    #[pyo3(signature = (r#move, /))]
    fn play(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<PyWgPosition> {
        let m = move_from(r#move)?;
        let mut next = self.inner.clone();
        next.play(m).map_err(|e| illegal_move(py, m, e, e.to_string()))?;
        Ok(PyWgPosition { inner: next })
    }

    /// The move a timed-out player makes, drawn with a generator seeded by ``seed``: a
    /// random active piece stays and walls a random free groove of its cell (a random
    /// placement during a placement setup); None when the game is over.
    #[pyo3(signature = (seed = None))]
    fn timeout_action(&self, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Option<PyWgMove>> {
        let mut rng = SplitMix64::new(seed_arg(seed)?);
        Ok(self.inner.timeout_action(&mut rng).map(PyWgMove))
    }

    /// The position drawn as an SVG document (a ``str``): territories tinted in their
    /// owner's colour, walls in their builders' colours, pieces marked active or
    /// finished.
    /// ``size`` is the width in pixels (None: one pixel a unit); ``coordinates`` labels
    /// files and ranks; ``legend`` adds each player's colour and score under the board;
    /// ``last_move`` (a Move or its text) is highlighted. Jupyter shows positions with
    /// this picture.
    ///
    /// Raises InvalidTextError for move text that does not parse.
    #[pyo3(signature = (*, size = None, coordinates = true, legend = true, last_move = None))]
    fn svg(
        &self,
        size: Option<&Bound<'_, PyAny>>,
        coordinates: bool,
        legend: bool,
        last_move: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let last = last_move.filter(|m| !m.is_none()).map(move_from).transpose()?;
        Ok(picture(&self.inner, crate::svg::size_arg(size)?, coordinates, legend, last))
    }

    /// The default picture, for Jupyter and other rich displays.
    fn _repr_svg_(&self) -> String {
        picture(&self.inner, None, true, true, None)
    }

    /// The board: pieces ``R B Y G``, empty territory cells in the owner's lowercase
    /// letter, walls ``|`` and ``---``, then the turn, scores and breaks.
    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        if self.inner == Position::two_player() {
            return "wallgo.Position()".to_string();
        }
        format!("wallgo.Position.from_text('{}')", self.inner.text())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let ctor = py.get_type::<PyWgPosition>().getattr("from_text")?;
        (ctor, (self.inner.text(),)).into_pyobject(py)
    }
}

copies!(PyWgPosition, shared);

/// A Wall Go game: a start, the moves played from it, and free-form record tags;
/// mutable, with ``undo``.
///
/// ``Game()`` is a two-player game from the fixed start, ``Game(players=4)`` a
/// four-player game from its placement setup, ``Game.from_position(pos)`` a game from
/// any position, ``Game.from_record(text)`` the game a record holds. ``str(game)`` is
/// the record text (tag lines, a blank line, the moves ten to a line), which
/// ``from_record`` reads back; ``repr`` pastes back after ``from wallrush import
/// wallgo``. A game may be shared between threads, as a Quoridor ``Game`` may.
#[pyclass(name = "Game", module = "wallrush.wallgo", frozen, eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct PyWgGame(Locked<Game>);

/// The tags a record writes from the game itself.
const RESERVED_TAGS: [&str; 4] = ["Game", "Players", "Start", "Result"];

#[pymethods]
impl PyWgGame {
    /// A game from the standard start for ``players`` (2 to 4).
    ///
    /// Raises InvalidVariantError for another player count.
    #[new]
    #[pyo3(signature = (players = None))]
    fn new(py: Python<'_>, players: Option<&Bound<'_, PyAny>>) -> PyResult<PyWgGame> {
        Ok(PyWgGame(Locked::new(Game::from_position(PyWgPosition::new(py, players)?.inner))))
    }

    /// A game from ``position``.
    #[staticmethod]
    fn from_position(position: &Bound<'_, PyAny>) -> PyResult<PyWgGame> {
        let pos = position
            .cast::<PyWgPosition>()
            .map_err(|_| PyTypeError::new_err("expected a wallgo.Position"))?;
        Ok(PyWgGame(Locked::new(Game::from_position(pos.get().inner.clone()))))
    }

    /// The game a record text holds: tags ``[Name "value"]`` (``Players`` required;
    /// ``Game``, ``Start`` and ``Result`` checked; others kept), then the moves.
    ///
    /// Raises IllegalMoveError for an illegal move in it, InvalidVariantError for a
    /// ``Players`` tag out of range, InvalidPositionError for a ``Start`` position text
    /// that is no position, InvalidTextError for anything else malformed or
    /// contradictory.
    #[staticmethod]
    fn from_record(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<PyWgGame> {
        let s = text_arg(text, "record text")?;
        Game::from_record(&s).map(|g| PyWgGame(Locked::new(g))).map_err(|e| record_error(py, &s, e))
    }

    /// The starting position.
    #[getter]
    fn start(&self) -> PyWgPosition {
        PyWgPosition { inner: self.0.with(|g| g.start().clone()) }
    }

    /// The current position (a value: it does not change as the game goes on).
    #[getter]
    fn position(&self) -> PyWgPosition {
        PyWgPosition { inner: self.0.with(|g| g.position().clone()) }
    }

    /// The moves played, in order.
    #[getter]
    fn moves(&self) -> Vec<PyWgMove> {
        self.0.with(|g| g.moves().iter().copied().map(PyWgMove).collect())
    }

    /// The number of moves played.
    fn __len__(&self) -> usize {
        self.0.with(|g| g.moves().len())
    }

    /// The player to move.
    #[getter]
    fn turn<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        player_py(py, self.0.with(|g| g.position().turn()))
    }

    /// The legal moves now.
    #[getter]
    fn legal_moves(&self) -> Vec<PyWgMove> {
        self.0.with(|g| g.position().legal_moves().into_iter().map(PyWgMove).collect())
    }

    /// How the game ended, or None while it goes on; a method, as python-chess's
    /// ``Board.outcome()`` is.
    fn outcome(&self) -> Option<PyWgOutcome> {
        self.0.with(|g| g.outcome()).map(PyWgOutcome)
    }

    /// Whether the game is over, as python-chess's ``Board.is_game_over()``.
    fn is_game_over(&self) -> bool {
        self.0.with(|g| g.position().is_game_over())
    }

    /// Deprecated alias of ``is_game_over``.
    fn is_over(&self, py: Python<'_>) -> PyResult<bool> {
        errors::deprecated(py, "Game.is_over", "Game.is_game_over")?;
        Ok(self.is_game_over())
    }

    /// Plays ``move`` (a Move or its text) and returns the Move played, as python-chess's
    /// ``Board.push``.
    ///
    /// Raises InvalidTextError for text that is not a move, IllegalMoveError for an
    /// illegal one; the game is then unchanged.
    #[pyo3(signature = (r#move, /))]
    fn push(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<PyWgMove> {
        let m = move_from(r#move)?;
        self.0.with(|g| g.play(m)).map_err(|e| illegal_move(py, m, e, e.to_string()))?;
        Ok(PyWgMove(m))
    }

    /// Deprecated alias of ``push`` that returns None.
    #[pyo3(signature = (r#move, /))]
    fn play(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        errors::deprecated(py, "Game.play", "Game.push")?;
        self.push(py, r#move).map(drop)
    }

    /// Takes back the last move and returns it, as python-chess's ``Board.pop``.
    ///
    /// Raises IndexError at the start, as ``list.pop`` does on an empty list.
    fn pop(&self) -> PyResult<PyWgMove> {
        self.0
            .with(|g| g.undo())
            .map(PyWgMove)
            .ok_or_else(|| PyIndexError::new_err("nothing to undo: the game is at its start"))
    }

    /// Deprecated alias of ``pop``.
    fn undo(&self, py: Python<'_>) -> PyResult<PyWgMove> {
        errors::deprecated(py, "Game.undo", "Game.pop")?;
        self.pop()
    }

    /// The last move played, left in place, as python-chess's ``Board.peek``.
    ///
    /// Raises IndexError at the start of the game.
    fn peek(&self) -> PyResult<PyWgMove> {
        self.0
            .with(|g| g.moves().last().copied())
            .map(PyWgMove)
            .ok_or_else(|| PyIndexError::new_err("nothing to peek at: the game is at its start"))
    }

    /// The free-form tags (all but ``Game``, ``Players``, ``Start``, ``Result``), in
    /// order: a dict from name to value.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let tags: Vec<(String, String)> = self.0.with(|g| g.tags().to_vec());
        let d = PyDict::new(py);
        for (k, v) in tags {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// Sets a free-form tag (``Event``, ``Date``, …), or with None removes it.
    ///
    /// Raises InvalidTextError for a name that is not letters, digits and ``_``,
    /// ValueError for a reserved name (``Game``, ``Players``, ``Start``, ``Result``) or a
    /// value holding ``"``, ``]`` or a line break.
    #[pyo3(signature = (name, value))]
    fn set_tag(&self, py: Python<'_>, name: &str, value: Option<&str>) -> PyResult<()> {
        check_tag_name(py, name)?;
        if RESERVED_TAGS.contains(&name) {
            return Err(crate::errors::invalid_argument(format!("tag {name} is written from the game")));
        }
        let Some(value) = value else {
            self.0.with(|g| g.remove_tag(name));
            return Ok(());
        };
        self.0.with(|g| g.set_tag(name, value)).map_err(|_| {
            crate::errors::invalid_argument(format!(
                "tag {name}: the value must not hold '\"', ']' or a line break"
            ))
        })
    }

    /// The current position drawn as an SVG document, with the game's last move
    /// highlighted unless ``last_move`` names another; the options are those of
    /// ``Position.svg``. Jupyter shows games with this picture.
    ///
    /// Raises InvalidTextError for move text that does not parse.
    #[pyo3(signature = (*, size = None, coordinates = true, legend = true, last_move = None))]
    fn svg(
        &self,
        size: Option<&Bound<'_, PyAny>>,
        coordinates: bool,
        legend: bool,
        last_move: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let size = crate::svg::size_arg(size)?;
        let given = last_move.filter(|m| !m.is_none()).map(move_from).transpose()?;
        Ok(self.0.with(|g| {
            let last = given.or_else(|| g.moves().last().copied());
            picture(g.position(), size, coordinates, legend, last)
        }))
    }

    /// The default picture, for Jupyter and other rich displays: the position with the
    /// last move highlighted.
    fn _repr_svg_(&self) -> String {
        self.0.with(|g| picture(g.position(), None, true, true, g.moves().last().copied()))
    }

    /// The record text.
    fn __str__(&self) -> String {
        self.0.with(|g| g.to_string())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("wallgo.Game.from_record({})", py_repr(py, &self.__str__())?))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let ctor = py.get_type::<PyWgGame>().getattr("from_record")?;
        (ctor, (self.__str__(),)).into_pyobject(py)
    }
}

copies!(PyWgGame, cloned);

/// A greedy Wall Go bot: it plays the move with the best immediate score difference
/// (its territory score minus the best other player's, right after the move), choosing
/// among ties with a generator seeded by ``seed``. Until territories start to close it
/// plays random legal moves. Shared between threads, its choices take turns.
#[pyclass(name = "GreedyBot", module = "wallrush.wallgo", frozen)]
pub(crate) struct PyWgGreedyBot {
    inner: Locked<GreedyBot>,
    seed: u64,
}

#[pymethods]
impl PyWgGreedyBot {
    /// A bot whose tie-breaks come from ``seed`` (an int from 0 to 2**64 - 1; a fresh
    /// random seed when None, kept in ``seed``).
    #[new]
    #[pyo3(signature = (seed = None))]
    fn new(seed: Option<&Bound<'_, PyAny>>) -> PyResult<PyWgGreedyBot> {
        let seed = crate::bots::bot_seed_arg(seed)?;
        Ok(PyWgGreedyBot { inner: Locked::new(GreedyBot::new(seed)), seed })
    }

    /// The seed it was made with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// ``'greedy'``.
    #[getter]
    fn name(&self) -> &'static str {
        "greedy"
    }

    /// The bot's move in ``position`` (a Position, or a Game's current position), or
    /// None when the game is over.
    fn choose(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<PyWgMove>> {
        let pos = if let Ok(p) = position.cast::<PyWgPosition>() {
            p.get().inner.clone()
        } else if let Ok(g) = position.cast::<PyWgGame>() {
            g.get().0.with(|g| g.position().clone())
        } else {
            return Err(PyTypeError::new_err(format!(
                "expected a wallgo.Position or a wallgo.Game, not {}",
                position.get_type().name()?
            )));
        };
        Ok(self.inner.with(|b| b.choose(&pos)).map(PyWgMove))
    }

    fn __repr__(&self) -> String {
        format!("wallgo.GreedyBot(seed={})", self.seed)
    }
}
