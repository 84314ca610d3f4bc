"""wallrush.record: many records in one file or stream, comments kept and
written back, the result token, dict-like headers."""

from __future__ import annotations

import io

import pytest

from wallrush import (
    Game,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidTextError,
    Notation,
    Record,
    Seat,
    Variant,
    record,
)

TEXT = """[Event "Club"]
[South "Ann"]

1. e2 {solid} e8 2. e3 *

[Event "Cup"]

1. e2 e8 2. e3 e7 3. resign 0-1

e2 e8 *
"""


def test_read_records_from_a_stream_a_string_and_lines() -> None:
    for source in (io.StringIO(TEXT), TEXT, TEXT.splitlines(keepends=True)):
        games = list(record.read_records(source))
        assert len(games) == 3
        assert games[0].headers["Event"] == "Club" and games[0].players == {Seat.SOUTH: "Ann"}
        assert games[0].comments == {1: "solid"} and games[0].result_token
        assert games[1].result() == "0-1" and games[1].game.outcome() is not None
        assert games[2].game.moves_text() == "1. e2 e8"


# Records without result tokens: each ends where the next one's tags begin.
UNTOKENED = '[Event "a"]\n\n1. e2 e8\n\n[Event "b"]\n\n1. d1\n'


class _Pipe:
    """A text stream that cannot seek, as a pipe's."""

    def __init__(self, text: str) -> None:
        self._inner = io.StringIO(text)

    def readline(self, size: int = -1) -> str:
        return self._inner.readline(size)

    def seekable(self) -> bool:
        return False


def test_read_record_reads_one_at_a_time() -> None:
    whole = list(record.read_records(TEXT))
    handle = io.StringIO(TEXT)
    one_by_one = [record.read_record(handle) for _ in range(3)]
    assert one_by_one == whole
    assert record.read_record(handle) is None and record.read_record(handle) is None
    # Without result tokens the next record's first line is read ahead and given back.
    handle = io.StringIO(UNTOKENED)
    first = record.read_record(handle)
    assert first is not None and first.headers["Event"] == "a" and first.game.moves_text() == "1. e2 e8"
    assert handle.read().startswith('[Event "b"]')
    # A stream that cannot seek: records with tokens need no look-ahead...
    pipe = _Pipe(TEXT)
    assert [record.read_record(pipe) for _ in range(4)] == [*whole, None]  # type: ignore[arg-type]
    # ...and one without a token, whose end is the next record's first line, is refused.
    with pytest.raises(ValueError, match="cannot seek"):
        record.read_record(_Pipe(UNTOKENED))  # type: ignore[arg-type]


def test_read_record_goes_on_after_a_bad_record() -> None:
    handle = io.StringIO(TEXT.replace("2. e3 e7 3.", "2. e3 e3 3."))
    assert record.read_record(handle) is not None
    # Its lines count from where the handle stood: the blank line after the first
    # record's token is line 1, so the moves are line 4.
    with pytest.raises(IllegalMoveError, match="^line 4: "):
        record.read_record(handle)
    last = record.read_record(handle)
    assert last is not None and last.game.moves_text() == "1. e2 e8"
    assert record.read_record(handle) is None
    with pytest.raises(TypeError, match="read_records"):
        record.read_record(TEXT)  # type: ignore[arg-type]


def test_read_record_holds_no_line_whole() -> None:
    # A 3 MiB line is over the record limit: refused, read 1 MiB at a time, and the
    # record after it is read as usual.
    huge = "1. e2 {" + "x" * (3 << 20) + "} e8 *\n"
    handle = io.StringIO(huge + "\n" + TEXT)
    with pytest.raises(InvalidTextError, match="limit"):
        record.read_record(handle)
    assert handle.tell() > len(huge) - 10  # the long line was read through
    nxt = record.read_record(handle)
    assert nxt is not None and nxt.headers["Event"] == "Club"
    # iter_records reads a stream the same way: the long record refused, the rest read.
    results = list(record.iter_records(io.StringIO(huge + "\n" + TEXT)))
    assert isinstance(results[0].error, InvalidTextError) and "limit" in str(results[0].error)
    assert [r.record.headers.get("Event") for r in results[1:] if r.record] == ["Club", "Cup", None]


def test_written_back_as_read() -> None:
    games = list(record.read_records(TEXT))
    out = io.StringIO()
    assert record.write_records(games, out) is None
    assert out.getvalue() == record.write_records(games)
    again = list(record.read_records(out.getvalue()))
    assert again == games
    assert "1. e2 {solid} e8 2. e3 *" in out.getvalue()


def test_iter_records_reports_every_record_with_its_line() -> None:
    bad = TEXT.replace("2. e3 e7 3.", "2. e3 e3 3.")
    results = list(record.iter_records(bad))
    assert [r.line for r in results] == [1, 6, 10]
    assert results[0].record is not None and results[2].record is not None
    err = results[1].error
    assert isinstance(err, IllegalMoveError) and results[1].record is None
    assert str(err).startswith("line 8: action 4:")
    with pytest.raises(IllegalMoveError, match="^line 8: "):
        list(record.read_records(bad))
    malformed = list(record.iter_records('[Event "x"]\n\n1. e2 {open\n'))
    assert isinstance(malformed[0].error, InvalidTextError) and malformed[0].error.line == 3


def test_result_token_is_checked() -> None:
    with pytest.raises(InvalidTextError, match="result token 1-0 but the moves give \\*"):
        Record.from_text("1. e2 e8 1-0")
    with pytest.raises(InvalidTextError, match="after the result token"):
        Record.from_text("1. e2 * e8")
    four = Game(Variant.four_player())
    for seat in (Seat.SOUTH, Seat.WEST, Seat.NORTH):
        four.resign(seat)
    r = four.record()
    r.result_token = True
    assert str(r).rstrip().endswith("0-0-0-1")
    assert Record.from_text(str(r)) == r


def test_comments_set_and_refused() -> None:
    r = Record.from_text("1. e2 e8")
    r.set_comment(0, "before anything")
    r.set_comment(2, "after e8")
    assert str(r).endswith("\n{before anything} 1. e2 e8 {after e8}\n")
    assert r.comment(2) == "after e8" and r.comment(1) is None
    with pytest.raises(InvalidArgumentError, match="cannot hold"):
        r.set_comment(1, "a } b")
    with pytest.raises(IndexError, match="no action 3"):
        r.set_comment(3, "x")
    r.set_comment(2, None)
    assert r.comments == {0: "before anything"}


def test_headers_are_a_dict() -> None:
    r = Record.from_text('[Event "x"]\n\n1. e2')
    h = r.headers
    assert list(h) == ["Variant", "Notation", "Event", "Result"] and len(h) == 4
    assert h["Result"] == "*" and h.get("Site") is None and "Event" in h
    h["South"] = "Ann"
    h["Site"] = "Home"
    h["Notation"] = "wallrush"
    del h["Event"]
    assert r.players == {Seat.SOUTH: "Ann"} and r.tags == {"Site": "Home"}
    assert r.notation is Notation.WALLRUSH
    with pytest.raises(InvalidArgumentError, match="written from the game"):
        h["Result"] = "1-0"
    with pytest.raises(KeyError):
        del h["Round"]
    with pytest.raises(InvalidTextError):
        h["Notation"] = "chess"
    assert dict(h)["Site"] == "Home"


def test_comments_and_tokens_survive_pickle_copy_and_repr() -> None:
    import copy
    import pickle

    import wallrush

    r = Record.from_text("1. e2 {a} e8 {b} *")
    for back in (pickle.loads(pickle.dumps(r)), copy.copy(r), copy.deepcopy(r), eval(repr(r), vars(wallrush))):
        assert back == r and back.comments == {1: "a", 2: "b"} and back.result_token
    parts = wallrush.Record._from_parts(  # type: ignore[attr-defined]
        r.game, "standard", [], [], [(1, "a"), (2, "b")], True
    )
    assert parts == r


def test_a_stream_splits_no_long_line_into_records() -> None:
    # The rest of a line over the limit must not read as a line of its own: a stream
    # gives the records the same text gives as a string.
    text = '[Event "real"]\n\n' + "1. e2 e8 " + " " * (2**20 - 8) + '[Event "phantom"]\n' + "\n1. e2 e8 *\n"
    as_str = list(record.iter_records(text))
    as_stream = list(record.iter_records(io.StringIO(text)))
    assert [(r.line, r.error is None) for r in as_stream] == [(r.line, r.error is None) for r in as_str]
    assert len(as_stream) == 1 and as_stream[0].error is not None
