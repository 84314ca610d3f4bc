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
"""

from __future__ import annotations

import typing
from typing import Iterable, Iterator, List, NamedTuple, Optional, TextIO, Union

from wallrush._classes import Headers, Notation, WallrushError
from wallrush._wallrush import MAX_RECORD_BYTES, Record, _RecordSplitter, record_from_chunk
from wallrush._wallrush import write_records as _write_records

__all__ = [
    "Headers",
    "RecordResult",
    "iter_records",
    "read_record",
    "read_records",
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


def iter_records(source: _Source, notation: Optional[_NotationLike] = None) -> Iterator[RecordResult]:
    """Every record of ``source`` (a ``str``, a text stream or an iterable of lines), in
    order, each as a ``RecordResult``: a record that cannot be read is reported with its
    error and the next ones are still read. The moves of a record without a ``Notation``
    tag are read in ``notation`` (standard when None).

    A stream is read one record at a time; a record over the record limit (1 MiB) is
    reported as such and not held whole.
    """
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
                yield _read(chunk, notation, start, first)
            chunk, size, start, first = [], 0, number, None
        if first is None and line.strip("\ufeff \t\r\n"):
            first = number
        if size <= MAX_RECORD_BYTES:
            chunk.append(line)
            size += len(line.encode("utf-8", "surrogatepass"))
    if first is not None:
        yield _read(chunk, notation, start, first)


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

