//! The 6×6 card enclosure game: the classes of `wallrush.enclosure`, registered in the
//! native module under `Enclosure*` names.

use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use wallrush_territory::enclosure::{
    Cards, Enclosure, Game, GreedyBot, Groove, Illegal, Move, Outcome, Player, Position, PositionTextError,
    RecordError, Side, Step,
};

use wallrush_territory::enclosure::svg as enclosure_svg;

use crate::bots::seed_arg;
use crate::enums::orientation_py;
use crate::errors;
use crate::locked::Locked;
use crate::reprs::copies;
use crate::reprs::py_repr;
use crate::reprs::text_value;
use crate::territory::{board_square, check_tag_name, illegal, side_letter, side_py, square_if_on};
use crate::types::{square_from, text_arg, PySquare};

/// The board is 6 × 6.
const SIZE: u8 = 6;

/// Tags the record writes from the game itself.
const RESERVED: [&str; 5] = ["Game", "First", "Start", "Result", "Score"];

/// Adds this file's classes to the native module, under the names `EnclosureGroove`,
/// `Move`, … (the classes call themselves `Groove`, `Move`, … of
/// `wallrush.enclosure`).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("EnclosureGroove", py.get_type::<PyEnGroove>())?;
    m.add("EnclosureCards", py.get_type::<PyEnCards>())?;
    m.add("EnclosureMove", py.get_type::<PyEnMove>())?;
    m.add("EnclosureRegion", py.get_type::<PyEnEnclosure>())?;
    m.add("EnclosureOutcome", py.get_type::<PyEnOutcome>())?;
    m.add("EnclosurePosition", py.get_type::<PyEnPosition>())?;
    m.add("EnclosureGame", py.get_type::<PyEnGame>())?;
    m.add("EnclosureGreedyBot", py.get_type::<PyEnGreedyBot>())?;
    Ok(())
}

/// The `wallrush.enclosure.Player` member for `p`.
fn player_py(py: Python<'_>, p: Player) -> PyResult<Bound<'_, PyAny>> {
    crate::classes::classes(py)?.enclosure_player.bind(py).call1((p.number(),))
}

static PLAYER_ARG: crate::enums::EnumArg<Player> = crate::enums::EnumArg {
    what: "player",
    class: |c| &c.enclosure_player,
    accepts: "a Player or its number",
    from_int: Some(|i| match i {
        1 => Some(Player::One),
        2 => Some(Player::Two),
        _ => None,
    }),
    range: "1 or 2",
    from_text: |t| t.parse().ok(),
    expected: "a player: 1 or 2",
};

/// A player from a `Player`, its number (1 or 2) or the number's text.
fn player_from(obj: &Bound<'_, PyAny>) -> PyResult<Player> {
    PLAYER_ARG.read(obj)
}

fn side_of(obj: &Bound<'_, PyAny>) -> PyResult<Side> {
    Ok(Side::from_letter(side_letter(obj)?).expect("side_letter gives n, e, s or w"))
}

fn groove_from(obj: &Bound<'_, PyAny>) -> PyResult<Groove> {
    if let Ok(g) = obj.cast::<PyEnGroove>() {
        return Ok(g.get().0);
    }
    if obj.is_instance_of::<PyString>() {
        let text = text_arg(obj, "a groove")?;
        return text.parse().map_err(|e| errors::invalid_text(obj.py(), "groove", &text, e));
    }
    Err(PyTypeError::new_err(format!(
        "expected an enclosure.Groove or its text, not {}",
        obj.get_type().name()?
    )))
}

fn move_from(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(m) = obj.cast::<PyEnMove>() {
        return Ok(m.get().0);
    }
    if obj.is_instance_of::<PyString>() {
        let text = text_arg(obj, "a move")?;
        return text.parse().map_err(|e| errors::invalid_text(obj.py(), "enclosure move", &text, e));
    }
    Err(PyTypeError::new_err(format!(
        "expected an enclosure.Move or its text, not {}",
        obj.get_type().name()?
    )))
}

/// A step from its text (`'b2-b3'`) or a pair of squares.
fn step_from(obj: &Bound<'_, PyAny>) -> PyResult<Step> {
    if obj.is_instance_of::<PyString>() {
        let text = text_arg(obj, "a step")?;
        return text.parse().map_err(|e| errors::invalid_text(obj.py(), "step", &text, e));
    }
    let (from, to): (Bound<'_, PyAny>, Bound<'_, PyAny>) = obj
        .extract()
        .map_err(|_| PyTypeError::new_err("expected a step as text ('b2-b3') or a pair of squares"))?;
    Ok(Step::new(board_square(&from, SIZE)?, board_square(&to, SIZE)?))
}

/// The groove a refusal names, if any.
fn refusal_groove(r: Illegal) -> Option<Groove> {
    match r {
        Illegal::MustBuild { groove, .. }
        | Illegal::Occupied(groove)
        | Illegal::InsideEnclosure(groove)
        | Illegal::ActivePiece { groove, .. }
        | Illegal::CrossesWall { groove, .. } => Some(groove),
        _ => None,
    }
}

/// `IllegalMoveError` for a refused move (or, with `m` None, a refused wall).
fn refused(py: Python<'_>, m: Option<Move>, r: Illegal, message: String) -> PyErr {
    let mv = m.map(|m| Bound::new(py, PyEnMove(m)).map(Bound::into_any)).transpose();
    let groove = refusal_groove(r).map(|g| Bound::new(py, PyEnGroove(g)).map(Bound::into_any)).transpose();
    match (mv, groove) {
        (Ok(mv), Ok(groove)) => illegal(py, message, r.kind(), mv, groove),
        (Err(e), _) | (_, Err(e)) => e,
    }
}

/// The Python exception for position text that cannot be read.
fn text_error(py: Python<'_>, text: &str, e: PositionTextError) -> PyErr {
    let message = format!("invalid enclosure position text {}: {e}", py_repr(py, text).unwrap_or_default());
    match e {
        PositionTextError::FieldCount(_) => {
            errors::invalid_text_message(py, message, text, 0, "7 fields separated by single spaces", None)
        }
        PositionTextError::Syntax { field, expected } => {
            let lead = text.len() - text.trim_start().len();
            let n = wallrush_territory::enclosure::PositionField::ALL
                .iter()
                .position(|&f| f == field)
                .unwrap_or(0);
            let index = lead + text.trim().split(' ').take(n).map(|f| f.len() + 1).sum::<usize>();
            errors::invalid_text_message(py, message, text, index, expected, None)
        }
        PositionTextError::Invalid { .. } => errors::invalid_position(py, e.to_string()),
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
    let with_line = |line: usize, expected: &str| {
        errors::invalid_text_message(py, message.clone(), text, line_at(line), expected, Some(line))
    };
    match e {
        RecordError::Illegal { mv, refusal, .. } => refused(py, Some(mv), refusal, message),
        RecordError::Start(PositionTextError::Invalid { .. }) => errors::invalid_position(py, message),
        RecordError::BadTag { line } | RecordError::DuplicateTag { line, .. } => {
            with_line(line, "a tag such as [First \"1\"], each name once")
        }
        RecordError::TagAfterMoves { line } => with_line(line, "tags before the moves"),
        RecordError::MoveSyntax { line, error, .. } => with_line(line, error.expected()),
        RecordError::TurnNumber { line, .. } | RecordError::NumberMidTurn { line, .. } => {
            with_line(line, "the number of the turn the move starts")
        }
        RecordError::MissingTag(_) | RecordError::TagValue { .. } | RecordError::TagMismatch { .. } => {
            errors::invalid_text_message(py, message, text, 0, "tags that fit the game", None)
        }
        RecordError::Start(_) => {
            errors::invalid_text_message(py, message, text, 0, "a Start position text", None)
        }
        RecordError::TooLong(_) => {
            let max = wallrush_core::record::MAX_RECORD_BYTES;
            errors::invalid_text_message(py, message, text, max, &format!("at most {max} bytes"), Some(1))
        }
    }
}

/// One unit groove of the 6×6 board, board-edge grooves included (84 in all).
///
/// ``Groove('c4n')`` reads any of a groove's names (``c5s`` is the same groove); it is
/// written by its canonical name: the square below a horizontal groove with ``n`` (on the
/// bottom edge, the square above with ``s``), the square left of a vertical one with
/// ``e`` (on the left edge, the square right of it with ``w``). Grooves are immutable,
/// hashable and ordered by ``index``.
#[pyclass(name = "Groove", module = "wallrush.enclosure", frozen, eq, hash, ord, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct PyEnGroove(Groove);

#[pymethods]
impl PyEnGroove {
    /// Reads a groove: ``Groove('c4n')``, ``Groove('C5s')``.
    ///
    /// Raises InvalidTextError when the text is not a groove of the board.
    #[new]
    #[pyo3(signature = (text, /))]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<PyEnGroove> {
        let s = text_arg(text, "a groove")?;
        s.parse().map(PyEnGroove).map_err(|e| errors::invalid_text(text.py(), "groove", &s, e))
    }

    /// The groove on ``side`` of ``square``.
    ///
    /// Raises ValueError for a square off the board.
    #[staticmethod]
    fn of(square: &Bound<'_, PyAny>, side: &Bound<'_, PyAny>) -> PyResult<PyEnGroove> {
        let sq = board_square(square, SIZE)?;
        Ok(PyEnGroove(Groove::of(sq, side_of(side)?).expect("the square is on the board")))
    }

    /// The groove numbered ``index`` (0 to 83).
    ///
    /// Raises ValueError for another number.
    #[staticmethod]
    fn from_index(index: &Bound<'_, PyAny>) -> PyResult<PyEnGroove> {
        crate::ints::int_arg::<usize>(index, "index")?
            .ok()
            .and_then(Groove::from_index)
            .map(PyEnGroove)
            .ok_or_else(|| {
                crate::errors::invalid_argument(format!("groove index {index} is out of range: 0 ..= 83"))
            })
    }

    /// Every groove (84), in index order.
    #[staticmethod]
    fn all() -> Vec<PyEnGroove> {
        Groove::all().map(PyEnGroove).collect()
    }

    /// The groove's number, 0 to 83: horizontal grooves first (line by line from the
    /// bottom edge), then vertical ones (rank by rank, from the left edge).
    #[getter]
    fn index(&self) -> usize {
        self.0.index()
    }

    /// The square of the canonical name.
    #[getter]
    fn square(&self) -> PySquare {
        PySquare(self.0.name().0)
    }

    /// The side of the canonical name.
    #[getter]
    fn side<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        side_py(py, self.0.name().1.letter())
    }

    /// The squares on either side: below and above a horizontal groove, left and right
    /// of a vertical one; None off the board.
    #[getter]
    fn squares(&self) -> (Option<PySquare>, Option<PySquare>) {
        let [a, b] = self.0.squares();
        (a.map(PySquare), b.map(PySquare))
    }

    /// ``Orientation.HORIZONTAL`` or ``Orientation.VERTICAL``.
    #[getter]
    fn orientation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        orientation_py(py, self.0.orientation())
    }

    /// Whether the groove runs along the edge of the board.
    #[getter]
    fn is_board_edge(&self) -> bool {
        self.0.is_board_edge()
    }
}

text_value!(PyEnGroove, "enclosure.Groove");

/// The shared pool of 12 cards: which of the letters A–F and numbers 1–6 are still
/// available. A move spends one letter and one number, naming its target (``C`` and
/// ``4`` name C4); the move that spends the last pair brings all 12 back.
///
/// Written as the available cards, letters then numbers: ``'ABCDEF123456'`` for a full
/// pool (``Cards()``), ``'CF25'`` after four moves.
#[pyclass(name = "Cards", module = "wallrush.enclosure", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PyEnCards(Cards);

#[pymethods]
impl PyEnCards {
    /// The pool written ``text`` (the full pool when None).
    ///
    /// Raises InvalidTextError for text that is not a pool (letters A–F then as many
    /// numbers 1–6, each at most once, at least one of each).
    #[new]
    #[pyo3(signature = (text = None, /))]
    fn new(text: Option<&Bound<'_, PyAny>>) -> PyResult<PyEnCards> {
        let Some(text) = text.filter(|t| !t.is_none()) else {
            return Ok(PyEnCards(Cards::FULL));
        };
        let s = text_arg(text, "cards")?;
        s.parse().map(PyEnCards).map_err(|e| errors::invalid_text(text.py(), "cards", &s, e))
    }

    /// The available letters, in order (``'ABCDEF'`` for a full pool).
    #[getter]
    fn letters(&self) -> String {
        (0..SIZE).filter(|&i| self.0.has_letter(i)).map(|i| (b'A' + i) as char).collect()
    }

    /// The available numbers, in order (``'123456'`` for a full pool).
    #[getter]
    fn numbers(&self) -> String {
        (0..SIZE).filter(|&i| self.0.has_number(i)).map(|i| (b'1' + i) as char).collect()
    }

    /// How many letters (as many as numbers) are available: 1 to 6.
    fn __len__(&self) -> usize {
        self.0.len() as usize
    }

    /// Whether both cards naming ``square`` are available.
    fn can_target(&self, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.can_target(square_from(square)?))
    }

    /// Every square the available cards can name, in board order (rank, then file).
    fn targets(&self) -> Vec<PySquare> {
        self.0.targets().map(PySquare).collect()
    }

    /// The pool after the two cards naming ``square`` are spent (refilled when that
    /// empties it).
    fn after(&self, square: &Bound<'_, PyAny>) -> PyResult<PyEnCards> {
        Ok(PyEnCards(self.0.after(square_from(square)?)))
    }
}

text_value!(PyEnCards, "enclosure.Cards");

/// One move of the card game: the target square the cards name, then a wall on one of
/// its sides and a piece step, or a discarded wall.
///
/// ``Move('C4n b2-b3')`` (wall north of C4, then the piece on b2 steps to b3),
/// ``Move('C4n -')`` (wall built, no piece could step), ``Move('C4x')`` (no legal wall at
/// C4: discarded). ``Move.build(target, side, step)`` and ``Move.discard(target)``
/// build them from parts. Moves are immutable, hashable and ordered.
#[pyclass(name = "Move", module = "wallrush.enclosure", frozen, eq, hash, ord, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct PyEnMove(Move);

#[pymethods]
impl PyEnMove {
    /// Reads a move (either case; one or more spaces before the step).
    ///
    /// Raises InvalidTextError (with the byte index) when the text is not a move.
    #[new]
    #[pyo3(signature = (text, /))]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<PyEnMove> {
        let s = text_arg(text, "a move")?;
        s.parse().map(PyEnMove).map_err(|e| errors::invalid_text(text.py(), "enclosure move", &s, e))
    }

    /// A wall on ``side`` of ``target`` followed by ``step``: text (``'b2-b3'``), a pair
    /// of squares, or None when no piece can step.
    ///
    /// Raises ValueError for a square off the board.
    #[staticmethod]
    #[pyo3(signature = (target, side, step = None))]
    fn build(
        target: &Bound<'_, PyAny>,
        side: &Bound<'_, PyAny>,
        step: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyEnMove> {
        let target = board_square(target, SIZE)?;
        let side = side_of(side)?;
        let step = step.filter(|s| !s.is_none()).map(step_from).transpose()?;
        Ok(PyEnMove(Move::Build { target, side, step }))
    }

    /// The discard at ``target``.
    ///
    /// Raises ValueError for a square off the board.
    #[staticmethod]
    fn discard(target: &Bound<'_, PyAny>) -> PyResult<PyEnMove> {
        Ok(PyEnMove(Move::Discard { target: board_square(target, SIZE)? }))
    }

    /// The square the move's cards name.
    #[getter]
    fn target(&self) -> PySquare {
        PySquare(self.0.target())
    }

    /// The side of the target the wall goes on, or None for a discard.
    #[getter]
    fn side<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self.0 {
            Move::Build { side, .. } => side_py(py, side.letter()).map(Some),
            Move::Discard { .. } => Ok(None),
        }
    }

    /// The groove the move builds on, or None for a discard.
    #[getter]
    fn groove(&self) -> Option<PyEnGroove> {
        self.0.groove().map(PyEnGroove)
    }

    /// The piece step as ``(from_square, to_square)``, or None.
    #[getter]
    fn step(&self) -> Option<(PySquare, PySquare)> {
        self.0.step().map(|s| (PySquare(s.from), PySquare(s.to)))
    }

    /// Whether the move discards its wall.
    #[getter]
    fn is_discard(&self) -> bool {
        self.0.is_discard()
    }
}

text_value!(PyEnMove, "enclosure.Move");

/// An enclosure: a region of at most 9 squares holding at most one piece. Finished
/// when every groove of its boundary (board edge included) holds a wall, else
/// semi-finished; a finished enclosure scores its size to the owner of its piece.
///
/// ``len(enclosure)`` is its size; ``square in enclosure`` tests a square.
#[pyclass(name = "Enclosure", module = "wallrush.enclosure", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PyEnEnclosure(Enclosure);

#[pymethods]
impl PyEnEnclosure {
    /// Its squares, in board order (rank, then file).
    #[getter]
    fn squares(&self) -> Vec<PySquare> {
        self.0.squares().map(PySquare).collect()
    }

    /// Whether every groove of its boundary holds a wall.
    #[getter]
    fn is_finished(&self) -> bool {
        self.0.is_finished()
    }

    /// The piece inside as ``(player, square)``, or None.
    #[getter]
    fn piece<'py>(&self, py: Python<'py>) -> PyResult<Option<(Bound<'py, PyAny>, PySquare)>> {
        self.0.piece().map(|(p, sq)| Ok((player_py(py, p)?, PySquare(sq)))).transpose()
    }

    /// What it scores for the owner of its piece: its size when finished and holding a
    /// piece, else 0.
    #[getter]
    fn score(&self) -> u8 {
        self.0.score()
    }

    fn __len__(&self) -> usize {
        self.0.size() as usize
    }

    fn __contains__(&self, square: &Bound<'_, PyAny>) -> bool {
        square_from(square).is_ok_and(|sq| self.0.contains(sq))
    }

    fn __repr__(&self) -> String {
        let squares: Vec<String> = self.0.squares().map(|s| s.to_string()).collect();
        let state = if self.0.is_finished() { "finished" } else { "semi-finished" };
        format!("<enclosure.Enclosure {state} ({})>", squares.join(","))
    }
}

/// How a finished game came out: the winner (None for a draw, when the scores are
/// equal) and why it ended: ``'discards'`` (15 walls discarded) or ``'all_finished'``
/// (all six pieces in finished enclosures).
#[pyclass(name = "Outcome", module = "wallrush.enclosure", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PyEnOutcome(Outcome);

#[pymethods]
impl PyEnOutcome {
    /// The winner, or None for a draw.
    #[getter]
    fn winner<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.0.winner().map(|p| player_py(py, p)).transpose()
    }

    /// Why the game ended: ``'discards'`` or ``'all_finished'``.
    #[getter]
    fn reason(&self) -> &'static str {
        self.0.reason().name()
    }

    /// Whether nobody won.
    #[getter]
    fn is_draw(&self) -> bool {
        self.0.winner().is_none()
    }

    /// ``'player 1 wins (discards)'``, ``'draw (all_finished)'``.
    fn __str__(&self) -> String {
        match self.0.winner() {
            Some(p) => format!("player {p} wins ({})", self.reason()),
            None => format!("draw ({})", self.reason()),
        }
    }

    fn __repr__(&self) -> String {
        format!("<enclosure.Outcome: {}>", self.__str__())
    }
}

/// The picture of `pos` drawn by the core's `enclosure::svg` with the keyword options.
fn picture(pos: &Position, size: Option<u32>, coordinates: bool, legend: bool, last: Option<Move>) -> String {
    let opts =
        enclosure_svg::SvgOptions::new().size(size).coordinates(coordinates).legend(legend).last_move(last);
    enclosure_svg::board(pos, &opts)
}

/// A position of the card enclosure game: pieces, walls with their builders, the card
/// pool, the player to move and the moves left in its turn, the square its first move
/// vacated, and the discard count.
///
/// ``Position(first)`` is the start (player 1 on b2 e3 c5, player 2 on e5 b4 d2) with
/// ``first`` (player 1 by default) making the single-move first turn;
/// ``Position.seeded(seed)`` draws the first player from ``seed``;
/// ``Position.from_text(text)`` reads the one-line position text.
///
/// Positions are immutable values: ``play`` returns a new position. They are hashable,
/// picklable, and ``copy.copy`` returns the same object. ``str(position)`` draws the
/// board with the cards left; ``repr`` pastes back after ``from wallrush import
/// enclosure``. Wherever a player is taken, a ``Player`` or its number works.
#[pyclass(name = "Position", module = "wallrush.enclosure", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyEnPosition {
    inner: Position,
}

fn first_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Player> {
    obj.filter(|o| !o.is_none()).map_or(Ok(Player::One), player_from)
}

#[pymethods]
impl PyEnPosition {
    /// The start with ``first`` (player 1 when None) to make the single-move first
    /// turn.
    #[new]
    #[pyo3(signature = (first = None))]
    fn new(first: Option<&Bound<'_, PyAny>>) -> PyResult<PyEnPosition> {
        Ok(PyEnPosition { inner: Position::new(first_arg(first)?) })
    }

    /// The start with the first player drawn from ``seed``.
    #[staticmethod]
    fn seeded(seed: &Bound<'_, PyAny>) -> PyResult<PyEnPosition> {
        Ok(PyEnPosition { inner: Position::seeded(seed_arg(Some(seed))?) })
    }

    /// Reads the one-line position text (see ``to_text``).
    ///
    /// Raises InvalidTextError naming the malformed field (``index`` is where it
    /// starts), InvalidPositionError when the fields do not make a position.
    #[staticmethod]
    fn from_text(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<PyEnPosition> {
        let s = text_arg(text, "position text")?;
        Position::from_text(&s).map(|inner| PyEnPosition { inner }).map_err(|e| text_error(py, &s, e))
    }

    /// The one-line position text, seven fields: pieces (player 1's ``/`` player 2's),
    /// walls (the same, ``-`` for none), cards available, player to move, moves left,
    /// vacated square (``-`` for none), discards:
    /// ``'b2,e3,c5/d2,b4,e5 -/- ABCDEF123456 1 1 - 0'``.
    fn to_text(&self) -> String {
        self.inner.to_text()
    }

    /// The player to move (after the end: the one who would have moved).
    #[getter]
    fn turn<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        player_py(py, self.inner.turn())
    }

    /// Moves left in the current turn: 2 at the start of a turn, 1 on the game's
    /// single-move first turn and after a turn's first move.
    #[getter]
    fn moves_left(&self) -> u8 {
        self.inner.moves_left()
    }

    /// The square the current turn's first move vacated (no piece may step onto it on
    /// the turn's second move), or None.
    #[getter]
    fn vacated(&self) -> Option<PySquare> {
        self.inner.vacated().map(PySquare)
    }

    /// The cards still available.
    #[getter]
    fn cards(&self) -> PyEnCards {
        PyEnCards(self.inner.cards())
    }

    /// Walls discarded so far, by both players together (15 end the game).
    #[getter]
    fn discards(&self) -> u8 {
        self.inner.discards()
    }

    /// The player whose piece stands on ``square``, or None (also off the board).
    fn piece_at<'py>(
        &self,
        py: Python<'py>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner.piece_at(square_from(square)?).map(|p| player_py(py, p)).transpose()
    }

    /// ``player``'s pieces, in board order (rank, then file).
    fn pieces(&self, player: &Bound<'_, PyAny>) -> PyResult<Vec<PySquare>> {
        Ok(self.inner.pieces(player_from(player)?).map(PySquare).collect())
    }

    /// Whether a piece stands on ``square`` and is active (not inside an enclosure).
    fn is_active(&self, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.is_active(square_from(square)?))
    }

    /// Who built the wall on ``groove``, or None when it is free.
    fn wall_at<'py>(
        &self,
        py: Python<'py>,
        groove: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner.wall_at(groove_from(groove)?).map(|p| player_py(py, p)).transpose()
    }

    /// The walls on the board: a dict from Groove to the Player who built it, in groove
    /// order.
    #[getter]
    fn walls<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (g, p) in self.inner.walls() {
            d.set_item(PyEnGroove(g), player_py(py, p)?)?;
        }
        Ok(d)
    }

    /// Whether ``a`` and ``b`` are orthogonal neighbours with no wall between them.
    fn is_open(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (a, b) = (square_from(a)?, square_from(b)?);
        Ok(a.is_on(SIZE) && b.is_on(SIZE) && self.inner.is_open(a, b))
    }

    /// Every enclosure, ordered by its lowest square (rank, then file).
    #[getter]
    fn enclosures(&self) -> Vec<PyEnEnclosure> {
        self.inner.enclosures().into_iter().map(PyEnEnclosure).collect()
    }

    /// The enclosure holding ``square``, or None.
    fn enclosure_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<PyEnEnclosure>> {
        Ok(square_if_on(square, SIZE)?.and_then(|sq| self.inner.enclosure_at(sq)).map(PyEnEnclosure))
    }

    /// ``player``'s score now: the sizes of the finished enclosures holding its pieces.
    fn score(&self, player: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(self.inner.score(player_from(player)?))
    }

    /// Both scores: a dict from Player to int.
    #[getter]
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for p in Player::BOTH {
            d.set_item(player_py(py, p)?, self.inner.score(p))?;
        }
        Ok(d)
    }

    /// Why the game is over (``'all_finished'``, checked first, or ``'discards'``), or
    /// None while it goes on.
    #[getter]
    fn end_reason(&self) -> Option<&'static str> {
        self.inner.end_reason().map(|r| r.name())
    }

    /// Whether the game is over.
    fn is_game_over(&self) -> bool {
        self.inner.is_game_over()
    }

    /// The result once the game is over (the higher score wins, equal scores draw), or
    /// None; a method, as ``Game.outcome()`` is.
    fn outcome(&self) -> Option<PyEnOutcome> {
        self.inner.outcome().map(PyEnOutcome)
    }

    /// Whether a wall may be built on ``groove`` now, cards aside.
    fn is_buildable(&self, groove: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.wall_check(groove_from(groove)?).is_ok())
    }

    /// Raises IllegalMoveError (kind ``occupied``, ``inside_enclosure`` or
    /// ``active_piece``) unless a wall may be built on ``groove`` now, cards aside.
    fn check_wall(&self, py: Python<'_>, groove: &Bound<'_, PyAny>) -> PyResult<()> {
        self.inner.wall_check(groove_from(groove)?).map_err(|r| refused(py, None, r, r.to_string()))
    }

    /// Every groove a wall may be built on now, cards aside, in groove order.
    #[getter]
    fn buildable_grooves(&self) -> Vec<PyEnGroove> {
        self.inner.buildable_grooves().map(PyEnGroove).collect()
    }

    /// The sides of ``target`` a wall may be built on now (n, e, s, w order); empty
    /// when the game is over or the cards cannot name ``target``.
    fn legal_sides<'py>(
        &self,
        py: Python<'py>,
        target: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let target = board_square(target, SIZE)?;
        self.inner.legal_sides(target).into_iter().map(|s| side_py(py, s.letter())).collect()
    }

    /// The steps the mover may make after building on ``side`` of ``target``, as
    /// ``(from_square, to_square)`` pairs; empty when no piece can step.
    ///
    /// Raises IllegalMoveError when that wall cannot be built (game over, cards spent,
    /// groove refused).
    fn legal_steps(
        &self,
        py: Python<'_>,
        target: &Bound<'_, PyAny>,
        side: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<(PySquare, PySquare)>> {
        let target = board_square(target, SIZE)?;
        let side = side_of(side)?;
        let steps = self.inner.legal_steps(target, side).map_err(|r| refused(py, None, r, r.to_string()))?;
        Ok(steps.into_iter().map(|s| (PySquare(s.from), PySquare(s.to))).collect())
    }

    /// Every legal move: by target (rank, then file), side (n, e, s, w), then step.
    /// Empty once the game is over.
    #[getter]
    fn legal_moves(&self) -> Vec<PyEnMove> {
        self.inner.legal_moves().into_iter().map(PyEnMove).collect()
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
    /// first rule it breaks (``kind``: ``game_over``, ``off_board``, ``letter_spent``,
    /// ``number_spent``, ``must_build``, ``occupied``, ``inside_enclosure``,
    /// ``active_piece``, ``must_move``, ``not_own_piece``, ``inactive_piece``,
    /// ``not_a_step``, ``crosses_wall``, ``square_occupied``, ``vacated``; ``wall`` is
    /// the groove involved).
    #[pyo3(signature = (r#move, /))]
    fn check(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = move_from(r#move)?;
        self.inner.check(m).map_err(|r| refused(py, Some(m), r, r.to_string()))
    }

    /// The position after ``move`` (a Move or its text); this one is left unchanged.
    ///
    /// Raises InvalidTextError for text that is not a move, IllegalMoveError for an
    /// illegal one.
    #[pyo3(signature = (r#move, /))]
    fn play(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<PyEnPosition> {
        let m = move_from(r#move)?;
        let mut next = self.inner.clone();
        next.play(m).map_err(|r| refused(py, Some(m), r, r.to_string()))?;
        Ok(PyEnPosition { inner: next })
    }

    /// The position drawn as an SVG document (a ``str``): enclosures tinted by their
    /// piece's owner (hatched while semi-finished), walls in their builders' colours,
    /// the cards above and right of the board.
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

    /// The board in ASCII with the cards left and the state of play.
    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        for first in Player::BOTH {
            if self.inner == Position::new(first) {
                return format!("enclosure.Position(enclosure.Player.{})", ["ONE", "TWO"][first.index()]);
            }
        }
        format!("enclosure.Position.from_text('{}')", self.inner.to_text())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let ctor = py.get_type::<PyEnPosition>().getattr("from_text")?;
        (ctor, (self.inner.to_text(),)).into_pyobject(py)
    }
}

copies!(PyEnPosition, shared);

/// A game of the card enclosure game: its start, the moves played, the position now,
/// and free-form record tags; mutable, with ``undo``.
///
/// ``Game(first)`` starts from the standard start, ``Game.seeded(seed)`` draws the
/// first player from ``seed`` (and records the ``Seed`` tag), ``Game.from_position(pos)``
/// starts anywhere, ``Game.from_record(text)`` reads a record. ``str(game)`` is the
/// record text (tags, a blank line, one turn per line: ``2. A1e e5-e4; B2x``);
/// ``repr`` pastes back after ``from wallrush import enclosure``. A game may be shared
/// between threads, as a Quoridor ``Game`` may.
#[pyclass(name = "Game", module = "wallrush.enclosure", frozen, eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct PyEnGame {
    inner: Locked<Game>,
}

#[pymethods]
impl PyEnGame {
    /// A game from the start with ``first`` (player 1 when None) moving first.
    #[new]
    #[pyo3(signature = (first = None))]
    fn new(first: Option<&Bound<'_, PyAny>>) -> PyResult<PyEnGame> {
        Ok(PyEnGame { inner: Locked::new(Game::new(first_arg(first)?)) })
    }

    /// A game from the start with the first player drawn from ``seed``; the record
    /// carries the tag ``Seed``.
    #[staticmethod]
    fn seeded(seed: &Bound<'_, PyAny>) -> PyResult<PyEnGame> {
        Ok(PyEnGame { inner: Locked::new(Game::seeded(seed_arg(Some(seed))?)) })
    }

    /// A game from ``position``.
    #[staticmethod]
    fn from_position(position: &Bound<'_, PyAny>) -> PyResult<PyEnGame> {
        let pos = position
            .cast::<PyEnPosition>()
            .map_err(|_| PyTypeError::new_err("expected an enclosure.Position"))?;
        Ok(PyEnGame { inner: Locked::new(Game::from_position(pos.get().inner.clone())) })
    }

    /// Reads a record text: tags (``Game`` must be ``enclosure``; the start from
    /// ``Start``, else ``First``, else ``Seed``; ``Result`` and ``Score`` checked), then
    /// the moves, turns numbered or not, moves separated by ``;`` or line breaks.
    ///
    /// Raises IllegalMoveError for an illegal move in it, InvalidPositionError for a
    /// ``Start`` text that is no position, InvalidTextError (with ``line`` where there is
    /// one) for anything else malformed or contradictory.
    #[staticmethod]
    fn from_record(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<PyEnGame> {
        let s = text_arg(text, "record text")?;
        Game::from_record(&s).map(|g| PyEnGame { inner: Locked::new(g) }).map_err(|e| record_error(py, &s, e))
    }

    /// The starting position.
    #[getter]
    fn start(&self) -> PyEnPosition {
        PyEnPosition { inner: self.inner.with(|g| g.start().clone()) }
    }

    /// The current position (a value: it does not change as the game goes on).
    #[getter]
    fn position(&self) -> PyEnPosition {
        PyEnPosition { inner: self.inner.with(|g| g.position().clone()) }
    }

    /// The moves played, in order.
    #[getter]
    fn moves(&self) -> Vec<PyEnMove> {
        self.inner.with(|g| g.moves().iter().copied().map(PyEnMove).collect())
    }

    /// The number of moves played.
    fn __len__(&self) -> usize {
        self.inner.with(|g| g.moves().len())
    }

    /// The player to move.
    #[getter]
    fn turn<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        player_py(py, self.inner.with(|g| g.position().turn()))
    }

    /// The legal moves now.
    #[getter]
    fn legal_moves(&self) -> Vec<PyEnMove> {
        self.inner.with(|g| g.position().legal_moves().into_iter().map(PyEnMove).collect())
    }

    /// How the game ended, or None while it goes on; a method, as python-chess's
    /// ``Board.outcome()`` is.
    fn outcome(&self) -> Option<PyEnOutcome> {
        self.inner.with(|g| g.position().outcome()).map(PyEnOutcome)
    }

    /// Whether the game is over, as python-chess's ``Board.is_game_over()``.
    fn is_game_over(&self) -> bool {
        self.inner.with(|g| g.position().is_game_over())
    }

    /// Deprecated alias of ``is_game_over``.
    fn is_over(&self, py: Python<'_>) -> PyResult<bool> {
        errors::deprecated(py, "Game.is_over", "Game.is_game_over")?;
        Ok(self.is_game_over())
    }

    /// The record's ``Result``: ``'1-0'``, ``'0-1'``, ``'1/2-1/2'``, or ``'*'`` while the
    /// game goes on; a method, as ``wallrush.Game.result()`` is.
    fn result(&self) -> &'static str {
        self.inner.with(|g| g.result_text())
    }

    /// Plays ``move`` (a Move or its text) and returns the Move played, as python-chess's
    /// ``Board.push``.
    ///
    /// Raises InvalidTextError for text that is not a move, IllegalMoveError for an
    /// illegal one; the game is then unchanged.
    #[pyo3(signature = (r#move, /))]
    fn push(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<PyEnMove> {
        let m = move_from(r#move)?;
        self.inner.with(|g| g.play(m)).map_err(|r| refused(py, Some(m), r, r.to_string()))?;
        Ok(PyEnMove(m))
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
    fn pop(&self) -> PyResult<PyEnMove> {
        self.inner
            .with(|g| g.undo())
            .map(PyEnMove)
            .ok_or_else(|| PyIndexError::new_err("nothing to undo: the game is at its start"))
    }

    /// Deprecated alias of ``pop``.
    fn undo(&self, py: Python<'_>) -> PyResult<PyEnMove> {
        errors::deprecated(py, "Game.undo", "Game.pop")?;
        self.pop()
    }

    /// The last move played, left in place, as python-chess's ``Board.peek``.
    ///
    /// Raises IndexError at the start of the game.
    fn peek(&self) -> PyResult<PyEnMove> {
        self.inner
            .with(|g| g.moves().last().copied())
            .map(PyEnMove)
            .ok_or_else(|| PyIndexError::new_err("nothing to peek at: the game is at its start"))
    }

    /// The free-form tags (``Seed``, ``Event``, …; not ``Game``, ``First``, ``Start``,
    /// ``Result``, ``Score``), in order: a dict from name to value.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let tags: Vec<(String, String)> = self.inner.with(|g| g.tags().to_vec());
        let d = PyDict::new(py);
        for (k, v) in tags {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// Sets a free-form tag, or with None removes it.
    ///
    /// Raises InvalidTextError for a name that is not letters, digits and ``_``,
    /// ValueError for a reserved name (``Game``, ``First``, ``Start``, ``Result``,
    /// ``Score``) or a value with a line break.
    #[pyo3(signature = (name, value))]
    fn set_tag(&self, py: Python<'_>, name: &str, value: Option<&str>) -> PyResult<()> {
        check_tag_name(py, name)?;
        if RESERVED.contains(&name) {
            return Err(crate::errors::invalid_argument(format!("tag {name} is written from the game")));
        }
        match value {
            Some(v) if v.contains(['\n', '\r']) => Err(crate::errors::invalid_argument(format!(
                "tag {name}: the value must not hold a line break"
            ))),
            Some(v) => {
                self.inner.with(|g| g.set_tag(name, v));
                Ok(())
            }
            None => {
                self.inner.with(|g| g.remove_tag(name));
                Ok(())
            }
        }
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
        Ok(self.inner.with(|g| {
            let last = given.or_else(|| g.moves().last().copied());
            picture(g.position(), size, coordinates, legend, last)
        }))
    }

    /// The default picture, for Jupyter and other rich displays: the position with the
    /// last move highlighted.
    fn _repr_svg_(&self) -> String {
        self.inner.with(|g| picture(g.position(), None, true, true, g.moves().last().copied()))
    }

    /// The record text.
    fn __str__(&self) -> String {
        self.inner.with(|g| g.to_string())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("enclosure.Game.from_record({})", py_repr(py, &self.__str__())?))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let ctor = py.get_type::<PyEnGame>().getattr("from_record")?;
        (ctor, (self.__str__(),)).into_pyobject(py)
    }
}

copies!(PyEnGame, cloned);

/// A greedy bot: it plays the move with the best immediate score difference (its
/// score minus the opponent's right after the move), choosing among equally good moves
/// with a generator seeded by ``seed``. Shared between threads, its choices take turns.
#[pyclass(name = "GreedyBot", module = "wallrush.enclosure", frozen)]
pub(crate) struct PyEnGreedyBot {
    inner: Locked<GreedyBot>,
    seed: u64,
}

#[pymethods]
impl PyEnGreedyBot {
    /// A bot whose ties are broken by ``seed`` (an int from 0 to 2**64 - 1; a fresh
    /// random seed when None, kept in ``seed``).
    #[new]
    #[pyo3(signature = (seed = None))]
    fn new(seed: Option<&Bound<'_, PyAny>>) -> PyResult<PyEnGreedyBot> {
        let seed = crate::bots::bot_seed_arg(seed)?;
        Ok(PyEnGreedyBot { inner: Locked::new(GreedyBot::new(seed)), seed })
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
    fn choose(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<PyEnMove>> {
        let pos = if let Ok(p) = position.cast::<PyEnPosition>() {
            p.get().inner.clone()
        } else if let Ok(g) = position.cast::<PyEnGame>() {
            g.get().inner.with(|g| g.position().clone())
        } else {
            return Err(PyTypeError::new_err(format!(
                "expected an enclosure.Position or an enclosure.Game, not {}",
                position.get_type().name()?
            )));
        };
        Ok(self.inner.with(|b| b.choose(&pos)).map(PyEnMove))
    }

    fn __repr__(&self) -> String {
        format!("enclosure.GreedyBot(seed={})", self.seed)
    }
}
