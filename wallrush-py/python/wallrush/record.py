"""Records as people keep them, as ``chess.pgn`` reads and writes PGN files.

A file may hold many records, one after another. Each is its tag lines, then its move
list, which may carry ``{comments}`` after any move and end with a result token: ``*``
while the game goes on, ``1-0`` (South won), ``0-1`` (North won), ``1/2-1/2``, or with
four seats one score per seat in turn order (South, West, North, East), such as
``0-0-1-0`` when North won (see ``Game.result``). The token is checked against the moves.
A new record begins at a tag line after a move list, or at any line after a result token
(blank lines alone do not part two records, so records without tags need their tokens)::

    >>> import io
    >>> from wallrush import record
    >>> text = '[Event "Club"]\\n\\n1. e2 {solid} e8 *\\n\\n[Event "Cup"]\\n\\n1. e2 e8 2. e3 *\\n'
    >>> games = list(record.read_records(io.StringIO(text)))
    >>> [r.headers["Event"] for r in games]
    ['Club', 'Cup']
    >>> games[0].comments
    {1: 'solid'}
    >>> games[1].game.moves_text()
    '1. e2 e8 2. e3'
    >>> out = io.StringIO()
    >>> record.write_records(games, out)
    >>> out.getvalue() == record.write_records(games)
    True

``read_records`` raises the first bad record's exception (its ``line`` counted in the
whole file); ``iter_records`` reports every record, good or bad, and goes on, as
``wallrush check`` does. ``read_record(handle)`` reads just the next record of an open
file, as ``chess.pgn.read_game(handle)`` does, and None at the end::

    >>> handle = io.StringIO(text)
    >>> record.read_record(handle).headers["Event"], record.read_record(handle).headers["Event"]
    ('Club', 'Cup')
    >>> record.read_record(handle) is None
    True

 ``Record.headers`` is a dict-like view of a record's headers.

A move list may also hold variations in parentheses, NAGs (``$14``, ``!?``) and comments
before and after any move (the grammar is in docs/RECORDS.md). ``read_game`` reads a
record as a tree, as ``chess.pgn.read_game`` does: a ``GameTree`` whose nodes
(``GameNode``, ``ChildNode``) carry python-chess's names, and ``str(tree)`` writes it
back. Every move of every variation is checked in its own position, and a refusal names
the path to the move::

    >>> tree = record.read_game("1. e2! {solid} (1. d4h $14 (1. a3h?)) 1... e8 *")
    >>> [str(n.move) for n in tree.variations]
    ['e2', 'd4h', 'a3h']
    >>> tree.variations[1].nags, tree.next().comment
    ([14], 'solid')
    >>> record.read_game("1. e2 (1. d4h e8 e9) e8")
    Traceback (most recent call last):
      ...
    wallrush.IllegalMoveError: line 1: variation at ply 1, ply 3: e9 ...

``scan`` reads the headers and main lines of a large file for their syntax only, with no
tree and no move checked. The parsing is native, one grammar for both languages; the
tree is Python objects over the nodes the native reader returns.
"""

from __future__ import annotations

import typing
from typing import Iterable, Iterator, List, NamedTuple, Optional, TextIO, Union

from wallrush._classes import Headers, Notation, WallrushError
from wallrush._wallrush import (
    MAX_RECORD_BYTES,
    Game,
    Move,
    Position,
    Record,
    Resignation,
    _RecordSplitter,
    record_from_chunk,
    scan_chunk,
)
from wallrush._wallrush import write_records as _write_records

__all__ = [
    "ChildNode",
    "GameNode",
    "GameTree",
    "Headers",
    "NAG_BLUNDER",
    "NAG_BRILLIANT_MOVE",
    "NAG_DUBIOUS_MOVE",
    "NAG_GOOD_MOVE",
    "NAG_MISTAKE",
    "NAG_SPECULATIVE_MOVE",
    "RecordResult",
    "ScanResult",
    "iter_records",
    "read_game",
    "read_record",
    "read_records",
    "scan",
    "write_records",
]

_Source = Union[str, TextIO, Iterable[str]]
_NotationLike = Union[Notation, str]


class RecordResult(NamedTuple):
    """One record of a file, as ``iter_records`` reports it."""

    line: int
    """The line (from 1) of the file where the record begins."""
    record: Optional[Record]
    """The record, or None when it cannot be read."""
    error: Optional[WallrushError]
    """Why it cannot be read (its ``line`` counted in the whole file), else None."""


# Marks the later pieces of a stream's line over the limit (see _lines).
_CONTINUED = "\x00"


def _lines(source: _Source) -> Iterator[str]:
    """The lines of ``source``: a ``str`` (the whole text), a text stream or any iterable
    of lines; TypeError for bytes."""
    if isinstance(source, str):
        yield from source.splitlines(keepends=True)
        return
    if isinstance(source, (bytes, bytearray)):
        raise TypeError("expected text, not bytes: open the file in text mode (encoding='utf-8')")
    if callable(getattr(source, "readline", None)):
        # A stream: read a line at most 1 MiB at a time, so no line is held whole. The
        # later pieces of a longer line are marked _CONTINUED, so that none reads as the
        # start of a line or counts as one (its record is over the limit anyway): the
        # records and line numbers are those of the string form.
        whole = True
        while True:
            line = _readline(typing.cast(TextIO, source))
            if not line:
                return
            yield line if whole else _CONTINUED + line
            whole = line.endswith("\n") or len(line) < _LINE_LIMIT
    for line in source:
        if not isinstance(line, str):
            raise TypeError(f"expected lines of text, not {type(line).__name__}")
        yield line


def _chunks(source: _Source) -> Iterator[typing.Tuple[str, int, int]]:
    """The records of ``source`` as texts, each with the line (from 1) of the whole text
    its text begins on and the line of its first line that is not blank. A record over
    the record limit is cut short past the limit (it is refused anyway) and not held
    whole."""
    splitter = _RecordSplitter()
    chunk: List[str] = []
    size = 0
    start = 1
    first: Optional[int] = None
    number = 0
    for line in _lines(source):
        number += not line.startswith(_CONTINUED)
        if splitter.starts_record(line):
            if first is not None:
                yield "".join(chunk), start, first
            chunk, size, start, first = [], 0, number, None
        if first is None and line.strip("\ufeff \t\r\n"):
            first = number
        if size <= MAX_RECORD_BYTES:
            chunk.append(line)
            size += len(line.encode("utf-8", "surrogatepass"))
    if first is not None:
        yield "".join(chunk), start, first


def iter_records(source: _Source, notation: Optional[_NotationLike] = None) -> Iterator[RecordResult]:
    """Every record of ``source`` (a ``str``, a text stream or an iterable of lines), in
    order, each as a ``RecordResult``: a record that cannot be read is reported with its
    error and the next ones are still read. The moves of a record without a ``Notation``
    tag are read in ``notation`` (standard when None).

    A stream is read one record at a time; a record over the record limit (1 MiB) is
    reported as such and not held whole.
    """
    for text, start, first in _chunks(source):
        yield _read([text], notation, start, first)


def _read(chunk: List[str], notation: Optional[_NotationLike], start: int, first: int) -> RecordResult:
    try:
        return RecordResult(first, record_from_chunk("".join(chunk), notation, start), None)
    except WallrushError as err:
        return RecordResult(first, None, err)


def read_records(source: _Source, notation: Optional[_NotationLike] = None) -> Iterator[Record]:
    """The records of ``source`` (a ``str``, a text stream or an iterable of lines), one
    at a time, as ``chess.pgn.read_game`` reads games.

    Raises the first bad record's exception (InvalidTextError, IllegalMoveError, …, its
    ``line`` and message counting lines in the whole of ``source``); the records before
    it have been yielded. ``iter_records`` goes on past bad records instead.
    """
    for result in iter_records(source, notation):
        if result.error is not None:
            raise result.error
        assert result.record is not None
        yield result.record


def read_record(handle: TextIO, notation: Optional[_NotationLike] = None) -> Optional[Record]:
    """The next record of the open text file ``handle``, or None when only blank lines are
    left, as ``chess.pgn.read_game(handle)`` reads the next game. The handle is left at
    the start of the record after it, so calling again reads that one. The moves of a
    record without a ``Notation`` tag are read in ``notation`` (standard when None).

    A record that ends with its result token needs nothing after it. One that does not
    ends where the next record's tag line begins, and that line is read ahead and given
    back by seeking: ValueError when the handle cannot seek (a pipe) and the record has
    no result token.

    Raises as ``read_records`` does (InvalidTextError, IllegalMoveError, …); ``line``
    counts from where the handle stood. A record over the record limit (1 MiB) is refused
    with InvalidTextError without being held whole (a line is read at most 1 MiB at a
    time), and the rest of it is skipped.
    """
    if isinstance(handle, (str, bytes, bytearray)):
        raise TypeError("read_record reads an open text file; for a string use read_records(text)")
    seekable = getattr(handle, "seekable", None)
    can_seek = bool(seekable()) if callable(seekable) else False
    splitter = _RecordSplitter()
    chunk: List[str] = []
    size = 0
    first: Optional[int] = None
    number = 0
    while True:
        mark = handle.tell() if can_seek else None
        line = _readline(handle)
        if not line:
            break
        number += 1
        if splitter.starts_record(line) and first is not None:
            if mark is None:
                raise ValueError(
                    "the record has no result token, so its end is the next record's first line, "
                    "which cannot be given back to a handle that cannot seek: use read_records(handle)"
                )
            handle.seek(mark)
            break
        if first is None and line.strip("\ufeff \t\r\n"):
            first = number
        if size <= MAX_RECORD_BYTES:
            chunk.append(line)
            size += len(line.encode("utf-8", "surrogatepass"))
        # The rest of an over-long line is told to the splitter (a comment it closes, a
        # token in it), not kept: the record is over the limit already.
        while len(line) == _LINE_LIMIT and not line.endswith("\n"):
            line = _readline(handle)
            splitter.starts_record(line)
            size += len(line)
        if splitter.ended():
            break
    if first is None:
        return None
    result = _read(chunk, notation, 1, first)
    if result.error is not None:
        raise result.error
    return result.record


# A line is read at most this many characters at a time: so long a line is over the
# record limit whatever follows it (a character is at least a byte).
_LINE_LIMIT = MAX_RECORD_BYTES + 1


def _readline(handle: TextIO) -> str:
    """The next line of ``handle``, or its first ``_LINE_LIMIT`` characters; "" at the end."""
    line = handle.readline(_LINE_LIMIT)
    if not isinstance(line, str):
        raise TypeError(f"expected a text file, not one that reads {type(line).__name__}")
    return line


@typing.overload
def write_records(records: Iterable[Record], file: None = None) -> str: ...
@typing.overload
def write_records(records: Iterable[Record], file: TextIO) -> None: ...
def write_records(records: Iterable[Record], file: Optional[TextIO] = None) -> Optional[str]:
    """Writes ``records`` one after another, each ending with its result token and a
    blank line between two, so ``read_records`` reads them back (comments included).
    Returns the text, or writes it to ``file`` and returns None.

    Raises TypeError for an item that is not a Record.
    """
    text = _write_records(list(records))
    if file is None:
        return text
    file.write(text)
    return None



# ---------------------------------------------------------------------------------------
# Game trees, as chess.pgn's GameNode, Game and ChildNode.
# ---------------------------------------------------------------------------------------

NAG_GOOD_MOVE = 1
"""``!``, ``$1``."""
NAG_MISTAKE = 2
"""``?``, ``$2``."""
NAG_BRILLIANT_MOVE = 3
"""``!!``, ``$3``."""
NAG_BLUNDER = 4
"""``??``, ``$4``."""
NAG_SPECULATIVE_MOVE = 5
"""``!?``, ``$5``."""
NAG_DUBIOUS_MOVE = 6
"""``?!``, ``$6``."""

_Action = Union[Move, Resignation]
_ActionLike = Union[Move, Resignation, str]
# A node in the native form: (action, starting_comment, nags, comment, variations).
_NativeNode = typing.Tuple[_Action, Optional[str], List[int], Optional[str], List[typing.Any]]


class GameNode:
    """A position in a game tree: the root (a ``GameTree``) or a ``ChildNode``, which
    holds the action that leads to it.

    ``variations`` are the actions played from here, the main line first, as in
    ``chess.pgn``. ``comment`` is the text after the action (on the root, before the
    first action), ``starting_comment`` the text before an action that begins a
    variation, ``nags`` the NAGs after it, in order (``[1]`` for ``!``; python-chess keeps
    a set, this keeps the order and repeats the record holds). Empty strings mean no
    comment.
    """

    parent: Optional["GameNode"]
    move: Optional[_Action]
    variations: List["ChildNode"]
    comment: str
    starting_comment: str
    nags: List[int]

    def __init__(self) -> None:
        self.parent = None
        self.move = None
        self.variations = []
        self.comment = ""
        self.starting_comment = ""
        self.nags = []

    def game(self) -> "GameTree":
        """The root of the tree."""
        node: GameNode = self
        while node.parent is not None:
            node = node.parent
        assert isinstance(node, GameTree), "a tree's root is a GameTree"
        return node

    def root(self) -> "GameTree":
        """The root of the tree (as ``game()``)."""
        return self.game()

    def _path(self) -> List[_Action]:
        actions: List[_Action] = []
        node: GameNode = self
        while node.parent is not None:
            assert node.move is not None
            actions.append(node.move)
            node = node.parent
        actions.reverse()
        return actions

    def board(self) -> Game:
        """A new ``Game`` from the tree's start with the actions that lead here played."""
        game = self.game()._start_game()
        for action in self._path():
            game.push(action)
        return game

    def position(self) -> Position:
        """The position at this node."""
        return self.board().position

    def ply(self) -> int:
        """The number of actions from the start to this node."""
        n = 0
        node: GameNode = self
        while node.parent is not None:
            n += 1
            node = node.parent
        return n

    def is_end(self) -> bool:
        """Whether no action follows this node."""
        return not self.variations

    def next(self) -> Optional["ChildNode"]:
        """The main line's next node, or None at the end."""
        return self.variations[0] if self.variations else None

    def end(self) -> "GameNode":
        """The last node of the main line from here."""
        node: GameNode = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_main_variation(self) -> bool:
        """Whether this node is its parent's first child (the root is)."""
        return self.parent is None or self.parent.variations[0] is self

    def starts_variation(self) -> bool:
        """Whether this node begins a variation: a child that is not its parent's first."""
        return self.parent is not None and self.parent.variations[0] is not self

    def is_mainline(self) -> bool:
        """Whether this node lies on the game's main line."""
        node: GameNode = self
        while node.parent is not None:
            if node.parent.variations[0] is not node:
                return False
            node = node.parent
        return True

    def mainline(self) -> Iterator["ChildNode"]:
        """The nodes of the main line after this one, in order."""
        node: GameNode = self
        while node.variations:
            node = node.variations[0]
            assert isinstance(node, ChildNode)
            yield node

    def mainline_moves(self) -> List[_Action]:
        """The actions of the main line after this node, in order."""
        return [n.move for n in self.mainline()]

    def __iter__(self) -> Iterator["ChildNode"]:
        return iter(self.variations)

    def _action(self, move: _ActionLike) -> _Action:
        """``move`` as an action legal here: IllegalMoveError or InvalidTextError if not."""
        board = self.board()
        if isinstance(move, str):
            return board.parse_move(move)
        board.check(move)
        return move

    def variation(self, move: Union[int, _ActionLike, "ChildNode"]) -> "ChildNode":
        """The child by index, action or node; KeyError when there is none."""
        if isinstance(move, int):
            return self.variations[move]
        if isinstance(move, ChildNode):
            if any(child is move for child in self.variations):
                return move
            raise KeyError(move)
        want = self.board().parse_move(move) if isinstance(move, str) else move
        for child in self.variations:
            if child.move == want:
                return child
        raise KeyError(move)

    def has_variation(self, move: Union[_ActionLike, "ChildNode"]) -> bool:
        """Whether a child plays ``move`` (or is that node)."""
        try:
            self.variation(move)
        except KeyError:
            return False
        return True

    def add_variation(
        self, move: _ActionLike, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()
    ) -> "ChildNode":
        """Adds a child playing ``move`` (an action, or its text in standard notation) after
        the others and returns it. The action is checked here: IllegalMoveError (or
        InvalidTextError for text) when it cannot be played."""
        node = ChildNode(self, self._action(move), comment=comment, starting_comment=starting_comment, nags=nags)
        self.variations.append(node)
        return node

    def add_main_variation(self, move: _ActionLike, *, comment: str = "", nags: Iterable[int] = ()) -> "ChildNode":
        """Adds a child playing ``move`` as the main line (first) and returns it."""
        node = ChildNode(self, self._action(move), comment=comment, nags=nags)
        self.variations.insert(0, node)
        return node

    def add_line(self, moves: Iterable[_ActionLike], *, comment: str = "", nags: Iterable[int] = ()) -> "GameNode":
        """Adds ``moves`` one after another from here (each as the last variation) and
        returns the last node; ``comment`` and ``nags`` go to it."""
        node: GameNode = self
        for move in moves:
            node = node.add_variation(move)
        node.comment = comment
        node.nags = list(nags)
        return node

    def promote_to_main(self, move: Union[_ActionLike, "ChildNode"]) -> None:
        """Makes the child playing ``move`` the main line."""
        child = self.variation(move)
        self.variations.remove(child)
        self.variations.insert(0, child)

    def promote(self, move: Union[_ActionLike, "ChildNode"]) -> None:
        """Moves the child playing ``move`` one place up."""
        child = self.variation(move)
        i = self.variations.index(child)
        if i > 0:
            self.variations[i - 1], self.variations[i] = self.variations[i], self.variations[i - 1]

    def demote(self, move: Union[_ActionLike, "ChildNode"]) -> None:
        """Moves the child playing ``move`` one place down."""
        child = self.variation(move)
        i = self.variations.index(child)
        if i < len(self.variations) - 1:
            self.variations[i + 1], self.variations[i] = self.variations[i], self.variations[i + 1]

    def remove_variation(self, move: Union[_ActionLike, "ChildNode"]) -> None:
        """Removes the child playing ``move`` and all that follows it."""
        self.variations.remove(self.variation(move))


class ChildNode(GameNode):
    """A node reached by an action: ``move`` is never None."""

    parent: GameNode
    move: _Action

    def __init__(
        self,
        parent: GameNode,
        move: _Action,
        *,
        comment: str = "",
        starting_comment: str = "",
        nags: Iterable[int] = (),
    ) -> None:
        super().__init__()
        self.parent = parent
        self.move = move
        self.comment = comment
        self.starting_comment = starting_comment
        self.nags = list(nags)

    def __repr__(self) -> str:
        return f"<ChildNode at ply {self.ply()}: {self.move!r}>"


class GameTree(GameNode):
    """A record as a tree (as ``chess.pgn.Game``): its headers, its start and the tree of
    actions. ``str(tree)`` writes the record text; ``GameTree.from_record(record)`` and
    ``tree.to_record()`` go to and from ``Record``, which keeps only the main line's game
    but writes the whole tree.

    >>> from wallrush import record
    >>> tree = record.read_game("1. e2! {solid} (1. d4h $14) 1... e8 *")
    >>> tree.next().nags, tree.next().comment
    ([1], 'solid')
    >>> [str(m) for m in tree.mainline_moves()]
    ['e2', 'e8']
    >>> side = tree.variations[1]
    >>> side.starts_variation(), side.nags
    (True, [14])
    >>> tree.end().add_variation("e3").comment = "on"
    >>> print(tree, end="")
    [Variant "size=9 players=2 walls=10 wall_length=2 goal=edge"]
    [Notation "standard"]
    [Result "*"]
    <BLANKLINE>
    1. e2! {solid} (1. d4h $14) 1... e8 2. e3 {on} *
    """

    parent: None
    move: None

    def __init__(self, record: Optional[Record] = None) -> None:
        super().__init__()
        self._record = Record() if record is None else record.__copy__()

    @classmethod
    def from_record(cls, record: Record) -> "GameTree":
        """The tree of ``record`` (a copy of it)."""
        tree = cls(record)
        comment, mainline = tree._record._tree()
        tree.comment = comment or ""
        _build(tree, mainline)
        return tree

    def _start_game(self) -> Game:
        game = self._record.game
        return Game.from_position(game.start, draw=game.draw)

    @property
    def headers(self) -> Headers:
        """The headers, as ``Record.headers`` (a view that follows this tree's record)."""
        return self._record.headers

    @property
    def tags(self) -> typing.Dict[str, str]:
        """The other tags, as ``Record.tags``."""
        return self._record.tags

    @property
    def notation(self) -> Notation:
        """The notation the record is written in."""
        return self._record.notation

    @notation.setter
    def notation(self, notation: _NotationLike) -> None:
        self._record.notation = notation

    def to_record(self) -> Record:
        """A ``Record`` of this tree: its game is the main line.

        Raises IllegalMoveError naming the path to an action that cannot be played where
        it stands (actions set by hand on ``move`` are checked here),
        InvalidArgumentError for a starting comment on a node that does not begin a
        variation, a comment holding ``}`` or a tree past the limits.
        """
        record = self._record.__copy__()
        record._set_tree(self.comment or None, _line(self.variations[0]) if self.variations else [])
        return record

    def __str__(self) -> str:
        return str(self.to_record())

    def __repr__(self) -> str:
        return f"<GameTree: {len(self.mainline_moves())} actions in the main line>"


def _build(parent: GameNode, line: List[_NativeNode]) -> None:
    """Hangs ``line`` (native form) under ``parent``: its first node as ``parent``'s next
    child, each node's variations as further children of the node's parent."""
    at = parent
    for action, starting_comment, nags, comment, variations in line:
        child = ChildNode(at, action, comment=comment or "", starting_comment=starting_comment or "", nags=nags)
        at.variations.append(child)
        for variation in variations:
            _build(at, variation)
        at = child


def _line(first: ChildNode) -> List[_NativeNode]:
    """The line from ``first`` along first children, in native form: the alternatives of
    each node that is its parent's first child are its parent's other children."""
    line: List[_NativeNode] = []
    node: Optional[ChildNode] = first
    while node is not None:
        siblings = node.parent.variations
        alternatives = [_line(v) for v in siblings[1:]] if siblings[0] is node else []
        line.append((node.move, node.starting_comment or None, list(node.nags), node.comment or None, alternatives))
        node = node.variations[0] if node.variations else None
    return line


def read_game(handle: Union[str, TextIO], notation: Optional[_NotationLike] = None) -> Optional[GameTree]:
    """The next record of the open text file ``handle`` as a ``GameTree``, or None at the
    end, as ``chess.pgn.read_game(handle)`` reads a game; a ``str`` is read as one record.
    Every action of every variation is checked in its own position.

    Raises as ``read_record`` does: IllegalMoveError or InvalidTextError whose message
    names the line and, in a variation, the path to the action
    (``line 3: variation at ply 12, ply 3: …``).
    """
    if isinstance(handle, str):
        text = handle
        return GameTree.from_record(Record.from_text(text, notation)) if text.strip("\ufeff \t\r\n") else None
    record = read_record(handle, notation)
    return None if record is None else GameTree.from_record(record)


class ScanResult(NamedTuple):
    """One record of a file, as ``scan`` reports it."""

    line: int
    """The line (from 1) of the file where the record begins."""
    headers: typing.Dict[str, str]
    """The tags as written, in order."""
    moves: List[str]
    """The main line's action texts as written (round numbers, marks, comments and
    variations left out)."""
    result: Optional[str]
    """The result token ending the move list, or None."""
    error: Optional[WallrushError]
    """Why the record does not read (its syntax only), else None."""


def scan(source: _Source) -> Iterator[ScanResult]:
    """The headers and main-line action texts of every record of ``source`` (a ``str``, a
    text stream or an iterable of lines), for fast scanning of large files: the text is
    read for its syntax only (no move is checked, no game played, no tree built, every
    variation skipped). A record that does not read is reported with its error and the
    next ones are still read.

    >>> from wallrush import record
    >>> [(r.headers["Event"], r.moves) for r in record.scan('[Event "a"]\\n\\n1. e2! (1. d4h) e8 *\\n')]
    [('a', ['e2', 'e8'])]
    """
    for text, start, first in _chunks(source):
        try:
            tags, moves, result = scan_chunk(text, start)
        except WallrushError as err:
            yield ScanResult(first, {}, [], None, err)
            continue
        yield ScanResult(first, dict(tags), moves, result, None)
