"""Engines behind one interface, after python-chess's ``chess.engine``.

The built-in engines (the strong search, the beginner, the random mover) and external
programs (the UCI-style dialect that ``wallrush engine`` speaks, KataQuoridor's QTP, and
the arena's line protocol) answer the same calls::

    >>> import wallrush
    >>> from wallrush import engine
    >>> with engine.SimpleEngine.strong() as strong:
    ...     info = strong.analyse(wallrush.Position(), engine.Limit(depth=3))
    ...     info["depth"], info["pv"][0] in wallrush.Position().legal_moves
    (3, True)

- ``play(position, limit)`` returns a :class:`PlayResult`;
- ``analyse(position, limit)`` returns an :class:`InfoDict` (a list of them, best first,
  with ``multipv=K``): the score (a :class:`PovScore`), the principal variation, the
  depth, nodes, nodes per second and seconds spent;
- ``analysis(position, limit)`` starts a search and hands out an InfoDict after every
  iteration as it deepens (an iterator, and a context manager that stops the search on
  exit); ``stop()`` ends it from any thread.

``position`` is a :class:`~wallrush.Position` or a :class:`~wallrush.Game`. External
programs are told the game's moves from the start (their dialects know no other way),
so they take a Game whose start is its variant's, or such a start position.

Two flavours, as in python-chess: :class:`SimpleEngine` blocks (it runs an event loop in
a thread of its own), and the protocol objects (:class:`StrongProtocol`,
:class:`UciProtocol`, … from :func:`popen_uci` and its siblings) are for ``asyncio``.

Scores: :class:`Cp` counts centi-steps of route (100 is one step) and :class:`Mate`
counts plies to a forced result (``Mate(3)``: the side whose score it is wins within 3
plies; ``Mate(-2)``: it loses within 2). A :class:`PovScore` is a score with the seat it
belongs to: ``.relative`` is the seat to move's, ``.pov(seat)`` any seat's.

Failures are :class:`EngineError`: :class:`EngineTerminatedError` when an external
program is gone (it died, or it was closed), :class:`EngineTimeoutError` when it does
not answer in time (it is then killed: a hung program cannot hold anything). Every read
from a program has a timeout, every line read is bounded in length, and every program
started is killed when its engine is closed, quits or fails (or, for an engine never
closed, when the interpreter exits).
"""

from __future__ import annotations

import abc
import asyncio
import atexit
import os
import shlex
import shutil
import signal
import subprocess
import threading
import weakref
from typing import (
    Any,
    Callable,
    Coroutine,
    Dict,
    Iterator,
    List,
    Optional,
    Sequence,
    Tuple,
    TypedDict,
    TypeVar,
    Union,
    overload,
)

from wallrush import _wallrush
from wallrush._classes import InvalidArgumentError, Seat
from wallrush._wallrush import Beginner, Engine, Game, Move, Position, RandomMover, Variant

__all__ = [
    "AnalysisComplete",
    "AnalysisResult",
    "BestMove",
    "BuiltinProtocol",
    "Cp",
    "EngineError",
    "EngineTerminatedError",
    "EngineTimeoutError",
    "GenProtocol",
    "InfoDict",
    "Limit",
    "Mate",
    "MateGiven",
    "PlayResult",
    "PovScore",
    "Protocol",
    "QtpProtocol",
    "Score",
    "SimpleAnalysisResult",
    "SimpleEngine",
    "StrongProtocol",
    "UciProtocol",
    "popen_gen",
    "popen_qtp",
    "popen_uci",
    "popen_wallrush",
]

#: The engine's score of a won game: a forced win in ``n`` plies scores ``WIN - n``.
WIN: int = Engine.WIN
#: Raw scores beyond this (in absolute value) are forced results.
_MATE_BOUND = WIN - 256
#: The longest line read from a program; a longer one ends the program.
MAX_LINE_BYTES = 1 << 20
#: The default for the longest an external program may take to answer, beyond the
#: seconds a time limit gives its search.
DEFAULT_TIMEOUT = 10.0


class EngineError(RuntimeError):
    """An engine failed: it refused a command, answered what cannot be read, or cannot do
    what was asked (more lines than it reports, a variant it does not play)."""


class EngineTerminatedError(EngineError):
    """The external program is gone: it exited (or died) while an answer was awaited,
    or its engine was closed. The message gives the exit status when there is one."""


class EngineTimeoutError(EngineError, TimeoutError):
    """The external program did not answer within its timeout. It is killed before this
    is raised, so every later command raises :class:`EngineTerminatedError`."""


class AnalysisComplete(Exception):
    """Raised by :meth:`AnalysisResult.get` once the analysis is over and every
    InfoDict was handed out (python-chess's name)."""


# ---------------------------------------------------------------------------------------
# Scores


class Score(abc.ABC):
    """A score from one seat's point of view: :class:`Cp`, :class:`Mate` or
    :data:`MateGiven`. Scores compare as results do: a sooner win above a later one,
    above every Cp, above a later loss, above a sooner one."""

    @abc.abstractmethod
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """The score in centi-steps; a forced result gives None, or with ``mate_score``
        ``mate_score - plies`` for a win and ``-(mate_score - plies)`` for a loss."""

    @abc.abstractmethod
    def mate(self) -> Optional[int]:
        """Plies to a forced win (positive) or loss (negative, or 0 when the game is
        lost already); None for a Cp."""

    def is_mate(self) -> bool:
        """Whether the score is a forced result, won or lost."""
        return self.mate() is not None

    @abc.abstractmethod
    def is_win(self) -> bool:
        """Whether the score is a forced win."""

    def is_loss(self) -> bool:
        """Whether the score is a forced loss."""
        return self.is_mate() and not self.is_win()

    @abc.abstractmethod
    def __neg__(self) -> Score:
        """The same score from the other side."""

    @abc.abstractmethod
    def _key(self) -> Tuple[int, int]:
        """The order of scores: (kind, value within the kind)."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __lt__(self, other: Score) -> bool:
        return self._key() < other._key()

    def __le__(self, other: Score) -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: Score) -> bool:
        return self._key() > other._key()

    def __ge__(self, other: Score) -> bool:
        return self._key() >= other._key()

    @staticmethod
    def from_engine(raw: int) -> Score:
        """The score of the engine's number ``raw`` (``Engine.search``'s ``score``):
        :class:`Mate` near ``±WIN``, else :class:`Cp`."""
        if raw >= WIN:
            return MateGiven
        if abs(raw) > _MATE_BOUND:
            plies = WIN - abs(raw)
            return Mate(plies if raw > 0 else -plies)
        return Cp(raw)


class Cp(Score):
    """A score in centi-steps of route: ``Cp(100)`` is a lead of about one step."""

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """The centi-steps."""
        return self.cp

    def mate(self) -> Optional[int]:
        """None: not a forced result."""
        return None

    def is_win(self) -> bool:
        """False: not a forced result."""
        return False

    def __neg__(self) -> Cp:
        return Cp(-self.cp)

    def _key(self) -> Tuple[int, int]:
        return (1, self.cp)

    def __repr__(self) -> str:
        return f"Cp({self.cp:+d})"

    def __str__(self) -> str:
        return f"{self.cp:+d}"


class Mate(Score):
    """A forced result ``plies`` plies away: positive for a win, negative for a loss,
    ``Mate(0)`` when the game is over and lost. Plies, not moves, since a move is one
    seat's turn here."""

    def __init__(self, plies: int) -> None:
        self.plies = plies

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """None, or with ``mate_score`` the score a forced result stands for."""
        if mate_score is None:
            return None
        return mate_score - self.plies if self.plies > 0 else -mate_score - self.plies

    def mate(self) -> Optional[int]:
        """The plies to the result, signed."""
        return self.plies

    def is_win(self) -> bool:
        """Whether the result is a win."""
        return self.plies > 0

    def __neg__(self) -> Score:
        return MateGiven if self.plies == 0 else Mate(-self.plies)

    def _key(self) -> Tuple[int, int]:
        return (2, -self.plies) if self.plies > 0 else (0, -self.plies)

    def __repr__(self) -> str:
        return f"Mate({self.plies:+d})" if self.plies else "Mate(-0)"

    def __str__(self) -> str:
        return f"#{self.plies:+d}" if self.plies else "#-0"


class _MateGiven(Score):
    """The game is over and won: the other side of ``Mate(0)``."""

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """None, or ``mate_score``."""
        return mate_score

    def mate(self) -> Optional[int]:
        """0."""
        return 0

    def is_win(self) -> bool:
        """True."""
        return True

    def __neg__(self) -> Mate:
        return Mate(0)

    def _key(self) -> Tuple[int, int]:
        return (3, 0)

    def __repr__(self) -> str:
        return "MateGiven"

    def __str__(self) -> str:
        return "#+0"


#: The score of a game already won (``-Mate(0)``).
MateGiven: Score = _MateGiven()


def _seat(seat: Union[Seat, str]) -> Seat:
    return seat if isinstance(seat, Seat) else Seat[str(seat).upper()]


class PovScore:
    """A :class:`Score` and the seat whose point of view it is (the seat to move in the
    position analysed). ``pov(seat)`` gives any seat's view: a two-seat game is
    zero-sum, so the other seat's score is the negation; with four seats the engine
    scores the seat to move against the field, and the other seats get its negation
    too."""

    def __init__(self, relative: Score, turn: Seat) -> None:
        self.relative = relative
        self.turn = turn

    def pov(self, seat: Union[Seat, str]) -> Score:
        """The score from ``seat``'s point of view (a Seat or its name)."""
        return self.relative if _seat(seat) == self.turn else -self.relative

    def is_mate(self) -> bool:
        """Whether the score is a forced result."""
        return self.relative.is_mate()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PovScore):
            return NotImplemented
        return self.pov(Seat.SOUTH) == other.pov(Seat.SOUTH)

    def __hash__(self) -> int:
        return hash(self.pov(Seat.SOUTH))

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {self.turn!r})"

    def __str__(self) -> str:
        return f"{self.relative} ({self.turn.name.lower()})"


# ---------------------------------------------------------------------------------------
# Limits and results


class Limit:
    """What a search may spend: ``time`` in seconds, ``depth`` in plies, ``nodes``; the
    first reached ends it. A value out of range raises InvalidArgumentError (a wrong
    type, TypeError); an engine may have its own caps (the strong search: depth 127). ``Limit()`` (none) lets :meth:`Protocol.analysis` run until
    stopped (or until the engine's deepest iteration); ``play`` and ``analyse`` need at
    least one."""

    def __init__(
        self,
        *,
        time: Optional[float] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
    ) -> None:
        if time is not None:
            if isinstance(time, bool) or not isinstance(time, (int, float)):
                raise TypeError(f"time must be a number of seconds, not {type(time).__name__}")
            if not 0 < time < float("inf"):
                raise InvalidArgumentError(f"time {time} is out of range: a positive number of seconds")
        for name, value in (("depth", depth), ("nodes", nodes)):
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
            if value < 1:
                raise InvalidArgumentError(f"{name} {value} is out of range: 1 or more")
        self.time = time
        self.depth = depth
        self.nodes = nodes

    def is_empty(self) -> bool:
        """Whether no limit is set."""
        return self.time is None and self.depth is None and self.nodes is None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Limit):
            return NotImplemented
        return (self.time, self.depth, self.nodes) == (other.time, other.depth, other.nodes)

    def __hash__(self) -> int:
        return hash((self.time, self.depth, self.nodes))

    def __repr__(self) -> str:
        parts = [f"{k}={v!r}" for k, v in (("time", self.time), ("depth", self.depth), ("nodes", self.nodes)) if v is not None]
        return f"Limit({', '.join(parts)})"


class InfoDict(TypedDict, total=False):
    """What an engine reports about a line: every key is optional, as engines report
    what they know (the beginner, QTP and the arena protocol give the move alone)."""

    score: PovScore
    pv: List[Move]
    depth: int
    nodes: int
    nps: int
    time: float
    multipv: int
    string: str


class BestMove:
    """The move an analysis ends with (None when the game is over)."""

    def __init__(self, move: Optional[Move]) -> None:
        self.move = move

    def __repr__(self) -> str:
        return f"BestMove(move={self.move!r})"


class PlayResult:
    """The answer of :meth:`Protocol.play`: the move (None when the game is over) and
    what the engine reported about it."""

    def __init__(self, move: Optional[Move], info: InfoDict) -> None:
        self.move = move
        self.info = info

    def __repr__(self) -> str:
        return f"PlayResult(move={self.move!r}, info={self.info!r})"


_PositionArg = Union[Position, Game]


def _current(position: _PositionArg) -> Position:
    if isinstance(position, Game):
        return position.position
    if isinstance(position, Position):
        return position
    raise TypeError(f"expected a Position or a Game, not {type(position).__name__}")


def _history(position: _PositionArg) -> Tuple[Variant, List[Move]]:
    """The variant and the moves from its start, for the dialects that replay a game."""
    if isinstance(position, Game):
        if position.start != Position(position.variant):
            raise InvalidArgumentError(
                "this engine is told the game's moves from the variant's start: "
                "the game starts from another position"
            )
        return position.variant, list(position.moves)
    current = _current(position)
    if current != Position(current.variant):
        raise InvalidArgumentError(
            "this engine is told the game's moves from the variant's start: "
            "give a Game (a Position holds no moves)"
        )
    return current.variant, []


def _check_multipv(multipv: Optional[int]) -> int:
    if multipv is None:
        return 1
    if isinstance(multipv, bool) or not isinstance(multipv, int):
        raise TypeError(f"multipv must be an int, not {type(multipv).__name__}")
    if not 1 <= multipv <= 256:
        raise InvalidArgumentError(f"multipv {multipv} is out of range: 1 ..= 256")
    return multipv


# ---------------------------------------------------------------------------------------
# Analysis results


class AnalysisResult:
    """An analysis under way (``asyncio``): an async iterator of InfoDicts, one for each
    line of each iteration as the search deepens, and an async context manager that
    stops the search on exit.

    ``info`` is the latest InfoDict of the first line, ``multipv`` the latest of every
    line, best first; once the search has ended they hold what it ended with.
    """

    def __init__(self, stop: Callable[[], None], *, threadsafe_stop: bool = False) -> None:
        self._stop_callback = stop
        #: Whether ``stop`` may be called from any thread directly (a stop flag), not
        #: only from the event loop's.
        self._threadsafe_stop = threadsafe_stop
        self._queue: asyncio.Queue[Optional[InfoDict]] = asyncio.Queue()
        self._finished: asyncio.Future[BestMove] = asyncio.get_running_loop().create_future()
        self._seen_end = False
        self.multipv: List[InfoDict] = [{}]

    @property
    def info(self) -> InfoDict:
        """The latest InfoDict of the first line."""
        return self.multipv[0]

    def _post(self, info: InfoDict) -> None:
        rank = info.get("multipv", 1)
        while len(self.multipv) < rank:
            self.multipv.append({})
        self.multipv[rank - 1] = info
        self._queue.put_nowait(info)

    def _set_lines(self, lines: List[InfoDict]) -> None:
        self.multipv = lines or [{}]

    def _finish(self, best: Optional[BestMove], error: Optional[BaseException] = None) -> None:
        if self._finished.done():
            return
        if error is not None:
            self._finished.set_exception(error)
        else:
            self._finished.set_result(best or BestMove(None))
        self._queue.put_nowait(None)

    def stop(self) -> None:
        """Ends the search (safe to call more than once, and after its end)."""
        if not self._finished.done():
            self._stop_callback()

    async def wait(self) -> BestMove:
        """Waits for the end of the search; its best move. Raises what ended it, when
        the engine failed."""
        return await self._finished

    def would_block(self) -> bool:
        """Whether :meth:`get` would wait."""
        return not self._seen_end and self._queue.empty()

    def empty(self) -> bool:
        """Whether every InfoDict was handed out (the search may go on)."""
        return self._seen_end or self._queue.qsize() <= (1 if self._finished.done() else 0)

    async def get(self) -> InfoDict:
        """The next InfoDict, waiting for it; :class:`AnalysisComplete` after the last
        (or the engine's error, when it failed)."""
        if self._seen_end:
            await self._finished  # raises the engine's error, if any
            raise AnalysisComplete()
        info = await self._queue.get()
        if info is None:
            self._seen_end = True
            await self._finished
            raise AnalysisComplete()
        return info

    def __aiter__(self) -> AnalysisResult:
        return self

    async def __anext__(self) -> InfoDict:
        try:
            return await self.get()
        except AnalysisComplete:
            raise StopAsyncIteration

    async def __aenter__(self) -> AnalysisResult:
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.stop()
        try:
            await self._finished
        except EngineError:
            pass

    def __repr__(self) -> str:
        state = "done" if self._finished.done() else "running"
        return f"<AnalysisResult {state} info={self.info!r}>"


# ---------------------------------------------------------------------------------------
# Protocols


class Protocol(abc.ABC):
    """An engine for ``asyncio``: ``await play(…)``, ``await analyse(…)``,
    ``await analysis(…)``, ``await quit()``. One command at a time: a second one waits
    for the first to end."""

    #: Whether ``analyse`` needs a limit (a bot that answers at once does not).
    _needs_limit = True

    def __init__(self) -> None:
        #: What the engine says of itself (``name``, …).
        self.id: Dict[str, str] = {}
        self._lock: Optional[asyncio.Lock] = None

    def _command_lock(self) -> asyncio.Lock:
        if self._lock is None:
            self._lock = asyncio.Lock()
        return self._lock

    @abc.abstractmethod
    async def play(self, position: _PositionArg, limit: Limit) -> PlayResult:
        """The engine's move in ``position`` within ``limit``."""

    @overload
    async def analyse(self, position: _PositionArg, limit: Limit, *, multipv: None = None) -> InfoDict: ...
    @overload
    async def analyse(self, position: _PositionArg, limit: Limit, *, multipv: int) -> List[InfoDict]: ...
    @overload
    async def analyse(
        self, position: _PositionArg, limit: Limit, *, multipv: Optional[int] = None
    ) -> Union[InfoDict, List[InfoDict]]: ...
    async def analyse(
        self, position: _PositionArg, limit: Limit, *, multipv: Optional[int] = None
    ) -> Union[InfoDict, List[InfoDict]]:
        """Analyses ``position`` within ``limit`` (at least one limit): the InfoDict of
        the best line, or with ``multipv=K`` the K best lines' InfoDicts, best first."""
        if limit.is_empty() and self._needs_limit:
            raise InvalidArgumentError("give a limit: time, depth or nodes")
        result = await self.analysis(position, limit, multipv=multipv)
        await result.wait()
        return list(result.multipv) if multipv is not None else result.info

    @abc.abstractmethod
    async def analysis(
        self, position: _PositionArg, limit: Optional[Limit] = None, *, multipv: Optional[int] = None
    ) -> AnalysisResult:
        """Starts analysing ``position``; the :class:`AnalysisResult` hands out what
        every iteration finds until ``limit`` is reached or ``stop()`` is called."""

    @abc.abstractmethod
    async def quit(self) -> None:
        """Ends the engine (an external program is asked to quit, then killed)."""


def _infos(depth: int, nodes: int, seconds: float, lines: Sequence[Tuple[int, List[Move]]], turn: Seat) -> List[InfoDict]:
    out: List[InfoDict] = []
    nps = int(nodes / seconds) if seconds > 0 else 0
    for rank, (raw, pv) in enumerate(lines, 1):
        info: InfoDict = {
            "score": PovScore(Score.from_engine(raw), turn),
            "pv": list(pv),
            "depth": depth,
            "nodes": nodes,
            "nps": nps,
            "time": seconds,
            "multipv": rank,
        }
        out.append(info)
    return out


class BuiltinProtocol(Protocol):
    """An engine of this package, searched in a worker thread without the GIL."""

    async def quit(self) -> None:
        """Nothing to end: the engine lives in this process."""


class StrongProtocol(BuiltinProtocol):
    """The strong search (:class:`wallrush.Engine`), with its own transposition table of
    about ``table_size`` entries, kept between searches. It reports every iteration,
    with scores and lines; ``multipv`` up to 256."""

    def __init__(self, table_size: Optional[int] = None) -> None:
        super().__init__()
        self.engine = Engine(table_size)
        self.id = {"name": "wallrush strong"}
        self._running: List[Tuple[Any, asyncio.Future[Any]]] = []

    async def quit(self) -> None:
        """Stops the search under way, if any, and waits for its end."""
        for flag, _ in self._running:
            flag.set()
        await asyncio.gather(*(f for _, f in self._running), return_exceptions=True)

    async def play(self, position: _PositionArg, limit: Limit) -> PlayResult:
        """The best move of a search within ``limit``."""
        info = await self.analyse(position, limit)
        pv = info.get("pv") or []
        return PlayResult(pv[0] if pv else None, info)

    async def analysis(
        self, position: _PositionArg, limit: Optional[Limit] = None, *, multipv: Optional[int] = None
    ) -> AnalysisResult:
        """Starts the search in a worker thread; see :meth:`Protocol.analysis`."""
        k = _check_multipv(multipv)
        pos = _current(position)
        limit = limit or Limit()
        kwargs: Dict[str, Any] = {"depth": limit.depth, "nodes": limit.nodes, "time": limit.time}
        if limit.is_empty():
            kwargs["depth"] = 127  # until stopped, or the engine's deepest iteration
        flag = _wallrush._StopFlag()
        loop = asyncio.get_running_loop()
        result = AnalysisResult(flag.set, threadsafe_stop=True)
        turn = pos.turn
        last: List[List[Tuple[int, List[Move]]]] = [[]]

        def on_iteration(depth: int, nodes: int, seconds: float, lines: List[Tuple[int, List[Move]]]) -> None:
            last[0] = lines
            infos = _infos(depth, nodes, seconds, lines, turn)

            def post() -> None:
                for info in infos:
                    result._post(info)

            loop.call_soon_threadsafe(post)

        def search() -> Tuple[int, int, float, List[Tuple[int, List[Move]]]]:
            return self.engine._analyse(pos, multipv=k, on_iteration=on_iteration, stop=flag, **kwargs)

        lock = self._command_lock()
        await lock.acquire()

        def done(future: asyncio.Future[Tuple[int, int, float, List[Tuple[int, List[Move]]]]]) -> None:
            lock.release()
            self._running[:] = [r for r in self._running if r[1] is not future]
            if future.cancelled():
                result._finish(None, EngineTerminatedError("the search was cancelled"))
                return
            error = future.exception()
            if error is not None:
                result._finish(None, error)
                return
            depth, nodes, seconds, lines = future.result()
            infos = _infos(depth, nodes, seconds, lines, turn)
            if not lines:  # the game is over, lost for the seat to move
                infos = [{"score": PovScore(Mate(0), turn), "pv": [], "depth": 0, "nodes": 0, "multipv": 1}]
            if lines != last[0]:  # a stopped iteration changed the best move
                for info in infos:
                    result._post(info)
            result._set_lines(infos)
            result._finish(BestMove(lines[0][1][0] if lines else None))

        future = loop.run_in_executor(None, search)
        self._running.append((flag, future))
        future.add_done_callback(done)
        return result


class _BotProtocol(BuiltinProtocol):
    """A bot that picks a move at once: no score, one line, and any limit (even none)."""

    _needs_limit = False

    def __init__(self, bot: Union[Beginner, RandomMover], name: str) -> None:
        super().__init__()
        self.bot = bot
        self.id = {"name": name}

    async def play(self, position: _PositionArg, limit: Limit) -> PlayResult:
        """The bot's move (it takes no time: the limit is not needed)."""
        move = self.bot.choose(_current(position))
        return PlayResult(move, {"pv": [move]} if move is not None else {})

    async def analysis(
        self, position: _PositionArg, limit: Optional[Limit] = None, *, multipv: Optional[int] = None
    ) -> AnalysisResult:
        """One InfoDict with the bot's move; ``multipv`` above 1 raises EngineError."""
        if _check_multipv(multipv) > 1:
            raise EngineError(f"{self.id['name']} gives one line, not {multipv}")
        result = AnalysisResult(lambda: None)
        move = self.bot.choose(_current(position))
        if move is not None:
            result._post({"pv": [move], "multipv": 1})
        result._finish(BestMove(move))
        return result


class BeginnerProtocol(_BotProtocol):
    """The beginner bot (:class:`wallrush.Beginner`, seeded) as an engine."""

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(Beginner(seed), "wallrush beginner")


class RandomProtocol(_BotProtocol):
    """The random mover (:class:`wallrush.RandomMover`, seeded) as an engine."""

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(RandomMover(seed), "wallrush random")


# ---------------------------------------------------------------------------------------
# External programs


#: The programs running, killed when the interpreter exits (an engine never closed).
_LIVE: "weakref.WeakSet[_ProcessProtocol]" = weakref.WeakSet()


@atexit.register
def _kill_live_programs() -> None:
    for protocol in list(_LIVE):
        protocol._kill()


class _ProcessProtocol(Protocol, asyncio.SubprocessProtocol):
    """A program on the other end of a pipe: lines in, lines out, a timeout on every
    read, and the process (its whole process group on POSIX) killed on quit, on a
    timeout and on any failure to start."""

    def __init__(self, timeout: float = DEFAULT_TIMEOUT) -> None:
        Protocol.__init__(self)
        if not timeout > 0:
            raise InvalidArgumentError(f"timeout {timeout} is out of range: a positive number of seconds")
        self.timeout = timeout
        self.transport: Optional[asyncio.SubprocessTransport] = None
        self._buffer = bytearray()
        self._lines: asyncio.Queue[Optional[str]] = asyncio.Queue()
        self._gone = False
        self._why = "the engine was closed"
        self.returncode: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    # asyncio.SubprocessProtocol
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.SubprocessTransport)
        self.transport = transport
        _LIVE.add(self)

    def pipe_data_received(self, fd: int, data: Union[bytes, str]) -> None:
        if fd != 1 or self._gone:
            return
        self._buffer.extend(data if isinstance(data, bytes) else data.encode())
        while True:
            end = self._buffer.find(b"\n")
            if end < 0:
                break
            line = bytes(self._buffer[:end]).decode("utf-8", "replace").rstrip("\r")
            del self._buffer[: end + 1]
            self._lines.put_nowait(line)
        if len(self._buffer) > MAX_LINE_BYTES:
            self._end(f"the engine wrote a line longer than {MAX_LINE_BYTES} bytes")
            asyncio.get_running_loop().create_task(self._reap())

    def process_exited(self) -> None:
        code = self.transport.get_returncode() if self.transport else None
        if not self.returncode.done():
            self.returncode.set_result(code if code is not None else -1)
        if not self._gone:
            self._gone = True
            self._why = f"the engine process died unexpectedly (exit code: {code})"
            self._lines.put_nowait(None)

    def connection_lost(self, exc: Optional[Exception]) -> None:
        if not self._gone:
            self._gone = True
            self._why = "the engine closed its pipes"
            self._lines.put_nowait(None)

    # Lines
    def _end(self, why: str) -> None:
        """Kills the program; later reads and writes raise EngineTerminatedError(why)."""
        if not self._gone:
            self._gone = True
            self._why = why
            self._lines.put_nowait(None)
        self._kill()

    def _kill(self) -> None:
        transport = self.transport
        if transport is None:
            return
        pid = transport.get_pid()
        if transport.get_returncode() is None:
            if hasattr(os, "killpg"):
                try:
                    os.killpg(pid, signal.SIGKILL)
                except OSError:
                    pass
            try:
                transport.kill()
            except ProcessLookupError:
                pass

    async def _reap(self) -> None:
        """Waits for the killed program's exit status, then closes the transport."""
        if self.transport is None:
            return
        try:
            await asyncio.wait_for(asyncio.shield(self.returncode), 5.0)
        except asyncio.TimeoutError:
            pass
        self.transport.close()

    def _send(self, line: str) -> None:
        if self._gone or self.transport is None:
            raise EngineTerminatedError(self._why)
        pipe = self.transport.get_pipe_transport(0)
        if pipe is None or pipe.is_closing():
            raise EngineTerminatedError(self._why)
        assert isinstance(pipe, asyncio.WriteTransport)
        pipe.write((line + "\n").encode())

    async def _readline(self, timeout: Optional[float] = None, *, kill: bool = True) -> str:
        """The next line within ``timeout`` seconds (the engine's own by default). On a
        timeout the program is killed and EngineTimeoutError raised, unless ``kill`` is
        False (then the error alone)."""
        wait = self.timeout if timeout is None else timeout
        try:
            line = await asyncio.wait_for(self._lines.get(), wait)
        except asyncio.TimeoutError:
            if not kill:
                raise EngineTimeoutError(f"the engine did not answer within {wait:g} s") from None
            self._end(f"the engine did not answer within {wait:g} s and was killed")
            await self._reap()
            raise EngineTimeoutError(f"the engine did not answer within {wait:g} s (it was killed)") from None
        if line is None:
            self._lines.put_nowait(None)  # every later read fails the same way
            raise EngineTerminatedError(self._why)
        return line

    async def quit(self) -> None:
        """Asks the program to quit, gives it a moment, then kills it (and its process
        group)."""
        if not self._gone:
            try:
                self._send("quit")
                await asyncio.wait_for(asyncio.shield(self.returncode), 1.0)
            except (EngineError, asyncio.TimeoutError):
                pass
        self._gone = True
        self._why = "the engine was closed"
        self._kill()
        await self._reap()

    async def initialize(self) -> None:
        """The first exchange (the handshake)."""


class UciProtocol(_ProcessProtocol):
    """The UCI-style dialect: ``uci``/``uciok``, ``isready``/``readyok``,
    ``position startpos moves …``, ``go …``, ``info …`` lines and ``bestmove``.

    ``wallrush engine`` speaks it and adds ``setoption name Variant value …`` (announced
    as an option in its ``uci`` answer), so it plays every variant; other programs play
    the classic game only. It takes one limit a ``go`` (``movetime``, ``nodes`` or
    ``depth``) and reports one ``info`` line, at the end of its search, so an analysis
    of it has a single InfoDict and ``stop()`` does not shorten it. Programs that offer
    a ``MultiPV`` option get ``multipv`` through it.
    """

    def __init__(self, timeout: float = DEFAULT_TIMEOUT) -> None:
        super().__init__(timeout)
        self.options: Dict[str, str] = {}
        self._variant: Optional[Variant] = None
        self._multipv = 1

    async def initialize(self) -> None:
        """``uci`` … ``uciok``, then ``isready`` … ``readyok``."""
        self._send("uci")
        while True:
            line = await self._readline()
            words = line.split()
            if not words:
                continue
            if words[0] == "uciok":
                break
            if words[0] == "id" and len(words) >= 3:
                self.id[words[1]] = line.split(None, 2)[2]
            if words[0] == "option" and "name" in words:
                rest = line.split(" name ", 1)[1]
                name = rest.split(" type ", 1)[0].strip()
                self.options[name] = rest
        await self._ready()

    async def _ready(self, deadline: Optional[float] = None) -> None:
        """``isready`` … ``readyok``; an ``info string error`` before it is raised."""
        self._send("isready")
        error = None
        while True:
            line = await self._readline(deadline)
            if line.strip() == "readyok":
                break
            if line.startswith("info string error"):
                error = line[len("info string ") :]
        if error is not None:
            raise EngineError(f"the engine refused a command: {error}")

    def _speaks_variants(self) -> bool:
        return "Variant" in self.options

    async def _setup(self, position: _PositionArg, multipv: int) -> None:
        variant, moves = _history(position)
        if variant != self._variant:
            if self._speaks_variants():
                self._send(f"setoption name Variant value {variant}")
            elif variant != Variant.classic():
                raise EngineError(f"this engine plays the classic game only, not {variant}")
            self._send("ucinewgame")
            self._variant = variant
        if multipv != self._multipv:
            if "MultiPV" not in self.options:
                raise EngineError(f"this engine has no MultiPV option: it gives one line, not {multipv}")
            self._send(f"setoption name MultiPV value {multipv}")
            self._multipv = multipv
        text = " ".join(str(m) for m in moves)
        self._send(f"position startpos moves {text}" if moves else "position startpos")
        await self._ready()

    def _go(self, limit: Limit) -> str:
        parts: List[str] = []
        if limit.time is not None:
            parts += ["movetime", str(max(1, int(limit.time * 1000)))]
        if limit.nodes is not None:
            parts += ["nodes", str(limit.nodes)]
        if limit.depth is not None:
            parts += ["depth", str(limit.depth)]
        if not parts:
            parts = ["infinite"]
        if self._speaks_variants() and len(parts) != 2:
            raise EngineError("wallrush engine takes one limit a search: time, nodes or depth")
        return "go " + " ".join(parts)

    async def play(self, position: _PositionArg, limit: Limit) -> PlayResult:
        """``position`` and ``go``; the ``bestmove`` and the last ``info``."""
        if limit.is_empty():
            raise InvalidArgumentError("give a limit: time, depth or nodes")
        result = await self.analysis(position, limit)
        best = await result.wait()
        return PlayResult(best.move, result.info)

    async def analysis(
        self, position: _PositionArg, limit: Optional[Limit] = None, *, multipv: Optional[int] = None
    ) -> AnalysisResult:
        """``go``: an InfoDict for every ``info`` line with a score or a line, until
        ``bestmove``. ``stop()`` sends ``stop``."""
        k = _check_multipv(multipv)
        limit = limit or Limit()
        turn = _current(position).turn
        lock = self._command_lock()
        await lock.acquire()
        try:
            await self._setup(position, k)
            go = self._go(limit)
        except BaseException:
            lock.release()
            raise

        def stop() -> None:
            # `wallrush engine` reads its next command after its search: a `stop` would
            # only come back as an error line later.
            if self._speaks_variants():
                return
            try:
                self._send("stop")
            except EngineError:
                pass

        result = AnalysisResult(stop)
        self._send(go)
        deadline = (limit.time or 0.0) + self.timeout

        async def read() -> None:
            try:
                while True:
                    line = await self._readline(deadline)
                    words = line.split()
                    if not words:
                        continue
                    if words[0] == "bestmove":
                        move = _read_move(words[1]) if len(words) > 1 and words[1] != "(none)" else None
                        result._finish(BestMove(move))
                        return
                    if words[0] == "info":
                        info = _parse_uci_info(words[1:], turn)
                        if "pv" in info or "score" in info:
                            result._post(info)
            except EngineError as e:
                result._finish(None, e)
            finally:
                lock.release()

        asyncio.get_running_loop().create_task(read())
        return result


def _read_move(text: str) -> Optional[Move]:
    try:
        return Move(text)
    except (ValueError, TypeError):
        return None


def _parse_uci_info(words: List[str], turn: Seat) -> InfoDict:
    """An ``info`` line's words (after ``info``); what cannot be read is left out."""
    info: InfoDict = {}
    i = 0
    while i < len(words):
        key = words[i]
        value = words[i + 1] if i + 1 < len(words) else ""
        if key in ("depth", "nodes", "nps", "multipv") and value.lstrip("-").isdigit():
            info[key] = int(value)  # type: ignore[literal-required]
            i += 2
        elif key == "time" and value.isdigit():
            info["time"] = int(value) / 1000
            i += 2
        elif key == "score" and i + 2 < len(words) and words[i + 2].lstrip("-").isdigit():
            n = int(words[i + 2])
            if value == "cp":
                info["score"] = PovScore(Score.from_engine(n), turn)
            elif value == "mate":  # UCI counts moves: a win in n moves is 2n - 1 plies
                info["score"] = PovScore(Mate(2 * n - 1 if n > 0 else 2 * n), turn)
            i += 3
        elif key == "pv":
            pv = []
            for text in words[i + 1 :]:
                m = _read_move(text)
                if m is None:
                    break
                pv.append(m)
            info["pv"] = pv
            break
        elif key == "string":
            info["string"] = " ".join(words[i + 1 :])
            break
        else:
            i += 1
    return info


def _qtp_flip(text: str) -> Optional[str]:
    """QTP's rows are wallrush's flipped: a square on row r is 10 - r, a wall anchored on
    row r is 9 - r (the same map both ways)."""
    if len(text) < 2 or not "a" <= text[0] <= "i":
        return None
    body, suffix = (text[1:-1], text[-1]) if text[-1] in "hv" else (text[1:], "")
    if not body.isdigit():
        return None
    row = int(body)
    if suffix and 1 <= row <= 8:
        return f"{text[0]}{9 - row}{suffix}"
    if not suffix and 1 <= row <= 9:
        return f"{text[0]}{10 - row}"
    return None


class _OneMoveProtocol(_ProcessProtocol):
    """A dialect that answers with a move and nothing more: ``analysis`` gives one
    InfoDict with the move; ``multipv`` above 1 raises EngineError."""

    @abc.abstractmethod
    async def _genmove(self, position: _PositionArg, limit: Limit) -> Optional[Move]: ...

    async def play(self, position: _PositionArg, limit: Limit) -> PlayResult:
        """The program's move."""
        lock = self._command_lock()
        async with lock:
            move = await self._genmove(position, limit)
        return PlayResult(move, {"pv": [move]} if move else {})

    async def analysis(
        self, position: _PositionArg, limit: Optional[Limit] = None, *, multipv: Optional[int] = None
    ) -> AnalysisResult:
        """The program's move as a one-move line."""
        if _check_multipv(multipv) > 1:
            raise EngineError(f"this dialect gives one line, not {multipv}")
        played = await self.play(position, limit or Limit())
        result = AnalysisResult(lambda: None)
        if played.move is not None:
            result._post({"pv": [played.move], "multipv": 1})
        result._finish(BestMove(played.move))
        return result


class QtpProtocol(_OneMoveProtocol):
    """KataQuoridor's QTP dialect of GTP (classic board): ``clear_board``, ``play b|w
    MOVE``, ``genmove b|w``, answers ``= …`` or ``? …`` and a blank line; rows flipped
    and Black (``b``) is South. A time limit is sent as ``time_settings 0 SEC 1``;
    depth and nodes have no QTP form (the program's own settings hold)."""

    async def initialize(self) -> None:
        """``protocol_version``."""
        await self._command("protocol_version")

    async def _command(self, command: str, extra: float = 0.0) -> str:
        self._send(command)
        while True:
            line = (await self._readline(self.timeout + extra)).strip()
            if not line:
                continue
            if line[0] in "=?":
                body = line[1:].lstrip("0123456789").strip()
                try:  # the blank line that ends the answer, which some programs leave out
                    await self._readline(0.05, kill=False)
                except EngineTimeoutError:
                    pass
                if line[0] == "?":
                    raise EngineError(f"`{command}`: {body}")
                return body

    async def _genmove(self, position: _PositionArg, limit: Limit) -> Optional[Move]:
        variant, moves = _history(position)
        if variant != Variant.classic():
            raise EngineError(f"QTP plays the classic game only, not {variant}")
        await self._command("clear_board")
        if limit.time is not None:
            try:
                await self._command(f"time_settings 0 {max(1, round(limit.time))} 1")
            except EngineTerminatedError:
                raise
            except EngineError:
                pass  # optional in QTP
        colour = "b"
        for m in moves:
            await self._command(f"play {colour} {_qtp_flip(str(m))}")
            colour = "w" if colour == "b" else "b"
        if _current(position).is_game_over():
            return None
        answer = await self._command(f"genmove {colour}", limit.time or 0.0)
        flipped = _qtp_flip(answer.split()[0]) if answer.split() else None
        move = _read_move(flipped) if flipped else None
        if move is None:
            raise EngineError(f"unreadable move {answer!r}")
        return move


class GenProtocol(_OneMoveProtocol):
    """The arena's line protocol (docs/ENGINE.md): ``name``, ``new VARIANT``, ``play
    MOVE``, ``genmove MS``, each answered ``ok …`` or ``refused …``; every variant. The
    time limit (default one second) is the ``genmove`` budget."""

    async def initialize(self) -> None:
        """``name``."""
        self.id["name"] = await self._ask("name")

    async def _ask(self, command: str, extra: float = 0.0) -> str:
        self._send(command)
        while True:
            line = (await self._readline(self.timeout + extra)).strip()
            if line == "ok" or line.startswith("ok "):
                return line[3:].strip()
            if line.startswith("refused"):
                raise EngineError(f"`{command}` refused: {line[len('refused'):].strip()}")

    async def _genmove(self, position: _PositionArg, limit: Limit) -> Optional[Move]:
        variant, moves = _history(position)
        goal = "centre" if "centre" in str(variant.goal).lower() else "edge"
        await self._ask(
            f"new size={variant.size},players={variant.players},walls={variant.walls},"
            f"wall_length={variant.wall_length},goal={goal}"
        )
        for m in moves:
            await self._ask(f"play {m}")
        if _current(position).is_game_over():
            return None
        seconds = limit.time if limit.time is not None else 1.0
        answer = await self._ask(f"genmove {max(1, int(seconds * 1000))}", seconds)
        move = _read_move(answer.split()[0]) if answer.split() else None
        if move is None:
            raise EngineError(f"unreadable move {answer!r}")
        return move


_P = TypeVar("_P", bound=_ProcessProtocol)


def _argv(command: Union[str, Sequence[str]]) -> List[str]:
    argv = shlex.split(command) if isinstance(command, str) else [str(a) for a in command]
    if not argv:
        raise InvalidArgumentError("the engine's command is empty")
    return argv


async def _popen(
    make: Callable[[], _P], command: Union[str, Sequence[str]]
) -> Tuple[asyncio.SubprocessTransport, _P]:
    loop = asyncio.get_running_loop()
    argv = _argv(command)
    transport, protocol = await loop.subprocess_exec(
        make,
        *argv,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=None,
        start_new_session=True,
    )
    try:
        await protocol.initialize()
    except BaseException:
        protocol._end("the engine failed its handshake")
        await protocol._reap()
        raise
    return transport, protocol


async def popen_uci(
    command: Union[str, Sequence[str]], *, timeout: float = DEFAULT_TIMEOUT
) -> Tuple[asyncio.SubprocessTransport, UciProtocol]:
    """Starts ``command`` (a string split as a shell would, or an argument list; no
    shell runs it) speaking the UCI-style dialect, and shakes hands. ``timeout``: the
    longest any answer may take (beyond a time limit's seconds)."""
    return await _popen(lambda: UciProtocol(timeout), command)


async def popen_wallrush(
    path: Optional[str] = None, *, timeout: float = DEFAULT_TIMEOUT
) -> Tuple[asyncio.SubprocessTransport, UciProtocol]:
    """Starts ``PATH engine`` (``wallrush`` on the PATH by default): this project's
    program in the UCI-style dialect, every variant."""
    program = path or shutil.which("wallrush")
    if program is None:
        raise EngineError("no `wallrush` program on the PATH: give its path")
    return await popen_uci([program, "engine"], timeout=timeout)


async def popen_qtp(
    command: Union[str, Sequence[str]], *, timeout: float = DEFAULT_TIMEOUT
) -> Tuple[asyncio.SubprocessTransport, QtpProtocol]:
    """Starts ``command`` speaking QTP (classic board), and sends ``protocol_version``."""
    return await _popen(lambda: QtpProtocol(timeout), command)


async def popen_gen(
    command: Union[str, Sequence[str]], *, timeout: float = DEFAULT_TIMEOUT
) -> Tuple[asyncio.SubprocessTransport, GenProtocol]:
    """Starts ``command`` speaking the arena's line protocol, and asks its ``name``."""
    return await _popen(lambda: GenProtocol(timeout), command)


# ---------------------------------------------------------------------------------------
# The blocking flavour

_T = TypeVar("_T")


class _Loop:
    """An event loop in a daemon thread of its own."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name="wallrush-engine", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def run(self, coro: Coroutine[Any, Any, _T]) -> _T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result()

    def close(self) -> None:
        if self.loop.is_closed():
            return

        async def drain() -> None:
            # Readers of programs already killed: end them before the loop closes.
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        self.run(drain())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join()
        self.loop.close()


class SimpleEngine:
    """A blocking engine: the same calls as :class:`Protocol`, each waiting for its
    answer, over an event loop in a thread of its own. A context manager (``with``
    closes it); :meth:`close` quits the engine and ends its thread.

    Make one with :meth:`strong`, :meth:`beginner`, :meth:`random`, or for a program
    :meth:`popen_uci`, :meth:`popen_wallrush`, :meth:`popen_qtp`, :meth:`popen_gen`.
    """

    def __init__(self, protocol: Protocol, runner: _Loop) -> None:
        self.protocol = protocol
        self._runner = runner
        self._closed = False

    @classmethod
    def _start(cls, make: Callable[[], Coroutine[Any, Any, Protocol]]) -> SimpleEngine:
        runner = _Loop()
        try:
            protocol = runner.run(make())
        except BaseException:
            runner.close()
            raise
        return cls(protocol, runner)

    @classmethod
    def strong(cls, table_size: Optional[int] = None) -> SimpleEngine:
        """The strong search (:class:`StrongProtocol`)."""

        async def make() -> Protocol:
            return StrongProtocol(table_size)

        return cls._start(make)

    @classmethod
    def beginner(cls, seed: Optional[int] = None) -> SimpleEngine:
        """The beginner (:class:`BeginnerProtocol`)."""

        async def make() -> Protocol:
            return BeginnerProtocol(seed)

        return cls._start(make)

    @classmethod
    def random(cls, seed: Optional[int] = None) -> SimpleEngine:
        """The random mover (:class:`RandomProtocol`)."""

        async def make() -> Protocol:
            return RandomProtocol(seed)

        return cls._start(make)

    @classmethod
    def popen_uci(cls, command: Union[str, Sequence[str]], *, timeout: float = DEFAULT_TIMEOUT) -> SimpleEngine:
        """A program speaking the UCI-style dialect (:func:`popen_uci`)."""

        async def make() -> Protocol:
            return (await popen_uci(command, timeout=timeout))[1]

        return cls._start(make)

    @classmethod
    def popen_wallrush(cls, path: Optional[str] = None, *, timeout: float = DEFAULT_TIMEOUT) -> SimpleEngine:
        """``wallrush engine`` (:func:`popen_wallrush`)."""

        async def make() -> Protocol:
            return (await popen_wallrush(path, timeout=timeout))[1]

        return cls._start(make)

    @classmethod
    def popen_qtp(cls, command: Union[str, Sequence[str]], *, timeout: float = DEFAULT_TIMEOUT) -> SimpleEngine:
        """A program speaking QTP (:func:`popen_qtp`)."""

        async def make() -> Protocol:
            return (await popen_qtp(command, timeout=timeout))[1]

        return cls._start(make)

    @classmethod
    def popen_gen(cls, command: Union[str, Sequence[str]], *, timeout: float = DEFAULT_TIMEOUT) -> SimpleEngine:
        """A program speaking the arena's line protocol (:func:`popen_gen`)."""

        async def make() -> Protocol:
            return (await popen_gen(command, timeout=timeout))[1]

        return cls._start(make)

    @property
    def id(self) -> Dict[str, str]:
        """What the engine says of itself."""
        return self.protocol.id

    def _run(self, coro: Coroutine[Any, Any, _T]) -> _T:
        if self._closed:
            coro.close()
            raise EngineTerminatedError("the engine was closed")
        return self._runner.run(coro)

    def play(self, position: _PositionArg, limit: Limit) -> PlayResult:
        """The engine's move (:meth:`Protocol.play`)."""
        return self._run(self.protocol.play(position, limit))

    @overload
    def analyse(self, position: _PositionArg, limit: Limit, *, multipv: None = None) -> InfoDict: ...
    @overload
    def analyse(self, position: _PositionArg, limit: Limit, *, multipv: int) -> List[InfoDict]: ...
    @overload
    def analyse(
        self, position: _PositionArg, limit: Limit, *, multipv: Optional[int] = None
    ) -> Union[InfoDict, List[InfoDict]]: ...
    def analyse(
        self, position: _PositionArg, limit: Limit, *, multipv: Optional[int] = None
    ) -> Union[InfoDict, List[InfoDict]]:
        """The best line's InfoDict, or the ``multipv`` best (:meth:`Protocol.analyse`)."""
        return self._run(self.protocol.analyse(position, limit, multipv=multipv))

    def analysis(
        self, position: _PositionArg, limit: Optional[Limit] = None, *, multipv: Optional[int] = None
    ) -> SimpleAnalysisResult:
        """An analysis under way (:meth:`Protocol.analysis`), as a blocking iterator."""
        inner = self._run(self.protocol.analysis(position, limit, multipv=multipv))
        return SimpleAnalysisResult(inner, self._runner)

    def quit(self) -> None:
        """Quits the engine (:meth:`Protocol.quit`)."""
        if not self._closed:
            self._runner.run(self.protocol.quit())

    def close(self) -> None:
        """Quits the engine and ends the thread of its event loop; later calls raise
        EngineTerminatedError. Safe to call twice."""
        if self._closed:
            return
        try:
            self.quit()
        finally:
            self._closed = True
            self._runner.close()

    def __enter__(self) -> SimpleEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<SimpleEngine {self.id.get('name', type(self.protocol).__name__)!r}>"


class SimpleAnalysisResult:
    """A blocking :class:`AnalysisResult`: iterate for the InfoDicts as they come,
    ``stop()`` from any thread, ``wait()`` for the best move; ``with`` stops the search
    on exit."""

    def __init__(self, inner: AnalysisResult, runner: _Loop) -> None:
        self.inner = inner
        self._runner = runner

    @property
    def info(self) -> InfoDict:
        """The latest InfoDict of the first line."""
        return self.inner.info

    @property
    def multipv(self) -> List[InfoDict]:
        """The latest InfoDict of every line, best first."""
        return self.inner.multipv

    def stop(self) -> None:
        """Ends the search; returns at once (safe from any thread, and twice)."""
        if self.inner._threadsafe_stop:
            self.inner._stop_callback()  # the search's flag, at once
        else:
            self._runner.loop.call_soon_threadsafe(self.inner.stop)

    def wait(self) -> BestMove:
        """Waits for the end of the search; its best move."""
        return self._runner.run(self.inner.wait())

    def get(self) -> InfoDict:
        """The next InfoDict, waiting for it; :class:`AnalysisComplete` after the last."""
        return self._runner.run(self.inner.get())

    def __iter__(self) -> Iterator[InfoDict]:
        return self

    def __next__(self) -> InfoDict:
        try:
            return self.get()
        except AnalysisComplete:
            raise StopIteration

    def __enter__(self) -> SimpleAnalysisResult:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
        try:
            self.wait()
        except EngineError:
            pass
