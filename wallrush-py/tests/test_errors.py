"""Every exception path, with its class, its attributes and its exact message."""

from __future__ import annotations

import pickle
from typing import Any, Callable, Dict

import pytest

import wallrush
from wallrush import (
    IllegalMoveError,
    InvalidPositionError,
    InvalidTextError,
    InvalidVariantError,
    Move,
    Position,
    Seat,
    Square,
    Variant,
    Wall,
)


def test_every_family_is_a_value_error() -> None:
    for cls in (InvalidTextError, IllegalMoveError, InvalidVariantError, InvalidPositionError):
        assert issubclass(cls, ValueError)
        assert cls.__module__ == "wallrush"
    families = {InvalidTextError, IllegalMoveError, InvalidVariantError, InvalidPositionError}
    assert len(families) == 4  # distinct classes, none a subclass of another
    for a in families:
        for b in families - {a}:
            assert not issubclass(a, b)


# ----- invalid text ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "parse, text, index, expected",
    [
        (Square, "e0", 1, "a number from 1 to 31"),
        (Square, "e2x", 2, "end of square"),
        (Square, "", 0, "a square (file letter and rank, or rRcC)"),
        (Square, "r3c", 2, "end of square"),
        (Square, "r0c1", 1, "a number from 1 to 31"),
        (Wall, "d4", 2, "'h' or 'v' after the square"),
        (Wall, "d4hh", 3, "the end of the move"),
        (Move, "d4x", 2, "'h', 'v' or the end of the move"),
        (Move, "x" * 17, 16, "a move of at most 16 bytes"),
        (Move, "E2", 0, "a square (file letter and rank, or rRcC)"),
    ],
)
def test_invalid_text(parse: Callable[[str], Any], text: str, index: int, expected: str) -> None:
    names: Dict[Any, str] = {Square: "square", Wall: "wall", Move: "move"}
    what = names[parse]
    with pytest.raises(InvalidTextError) as info:
        parse(text)
    err = info.value
    assert (err.text, err.index, err.expected) == (text, index, expected)
    assert str(err) == f"invalid {what} {text!r}: expected {expected} at byte {index}"


def test_invalid_text_byte_index_counts_bytes() -> None:
    with pytest.raises(InvalidTextError) as info:
        Square("é1")
    assert info.value.index == 0
    with pytest.raises(InvalidTextError) as info:
        Move("e2é")
    assert info.value.index == 2


def test_invalid_text_from_play_and_friends(classic: Position) -> None:
    for call in (classic.play, classic.is_legal, classic.check):
        with pytest.raises(InvalidTextError, match=r"^invalid move 'zz': expected a number at byte 1$"):
            call("zz")


def test_invalid_seat_and_orientation_text(classic: Position) -> None:
    msg = "invalid seat 'up': expected a seat: south, west, north or east at byte 0"
    with pytest.raises(InvalidTextError) as info:
        classic.route_len("up")
    assert str(info.value) == msg
    with pytest.raises(InvalidTextError) as info:
        Seat.from_name("up")
    assert str(info.value) == msg
    assert Seat.from_name("North") is Seat.NORTH
    with pytest.raises(TypeError, match="^expected a seat name as a str, not int$"):
        Seat.from_name(2)  # type: ignore[arg-type]
    with pytest.raises(InvalidTextError, match=r"^invalid orientation 'x': expected 'h' or 'v' at byte 0$"):
        Wall.from_anchor("d4", "x")


def test_non_text_is_a_type_error(classic: Position) -> None:
    with pytest.raises(TypeError, match="expected a Move, Square, Wall or move text, not int"):
        classic.play(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a square as a str, not int"):
        Square(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a Seat, its number or its name, not float"):
        classic.route_len(1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^seat 7 is out of range: 0 \.\.= 3$"):
        classic.route_len(7)
    with pytest.raises(ValueError, match=r"^square \(31, 0\) is out of range"):
        Square.from_coords(31, 0)


# ----- illegal moves --------------------------------------------------------------------


def illegal(pos: Position, move: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as info:
        pos.play(move)
    # The checked forms agree: check() raises the same, is_legal says no.
    with pytest.raises(IllegalMoveError) as again:
        pos.check(move)
    assert str(again.value) == str(info.value)
    assert not pos.is_legal(move)
    assert move not in pos.legal_moves
    with pytest.raises(IllegalMoveError):
        pos.play_unchecked(Move(move))
    return info.value


def test_crosses(classic: Position) -> None:
    pos = classic.play("d4v").play("e8")
    err = illegal(pos, "d4h")
    assert str(err) == "d4h crosses wall d4v"
    assert (err.kind, err.move, err.wall, err.seat) == ("crosses", Move("d4h"), Wall("d4v"), None)


def test_overlaps(classic: Position) -> None:
    err = illegal(classic.play("d4h").play("e8"), "e4h")
    assert str(err) == "e4h overlaps wall d4h"
    assert (err.kind, err.wall) == ("overlaps", Wall("d4h"))


def test_off_board(classic: Position) -> None:
    err = illegal(classic, "i1h")
    assert str(err) == "i1h is off the board"
    assert err.kind == "off_board"
    assert illegal(classic, "a9v").kind == "off_board"
    assert illegal(classic, "r1c30h").kind == "off_board"


def test_no_walls_left() -> None:
    pos = Position(Variant(walls=0))
    err = illegal(pos, "d4h")
    assert str(err) == "d4h: no walls left"
    assert err.kind == "no_walls_left"


def test_no_route() -> None:
    pos = Position(Variant(size=3, walls=2)).play("a1h").play("a2h")
    err = illegal(pos, "b1v")
    assert str(err) == "b1v leaves south without a route"
    assert (err.kind, err.seat) == ("no_route", Seat.SOUTH)


def test_illegal_pawn_move(classic: Position) -> None:
    err = illegal(classic, "e5")
    assert str(err) == "e5 is not a legal pawn move"
    assert (err.kind, err.move) == ("illegal_pawn_move", Move("e5"))
    assert illegal(classic, "r31c31").kind == "illegal_pawn_move"  # off the board


def test_illegal_pass(classic: Position) -> None:
    err = illegal(classic, "pass")
    assert str(err) == "pass is not allowed: a legal move exists"
    assert err.kind == "illegal_pass"


def test_game_over() -> None:
    pos = Position(Variant(size=3, walls=0))
    for m in ["a1", "c3", "a2", "c2", "a3"]:
        pos = pos.play(m)
    assert pos.is_game_over()
    for move in ("b3", "pass"):
        err = illegal(pos, move)
        assert str(err) == f"{move}: the game is over"
        assert err.kind == "game_over"


def test_refused_resignations(classic: Position) -> None:
    with pytest.raises(IllegalMoveError) as info:
        classic.resign(Seat.WEST)
    assert str(info.value) == "west cannot resign: not in play"
    assert (info.value.kind, info.value.seat, info.value.move) == ("not_in_play", Seat.WEST, None)
    over = classic.resign()
    with pytest.raises(IllegalMoveError) as info:
        over.resign("north")
    assert str(info.value) == "north cannot resign: the game is over"
    assert info.value.kind == "game_over"


def test_refused_move_changes_nothing(classic: Position) -> None:
    pos = classic.play("d4v").play("e8")
    before = (repr(pos), pos.zobrist, pos.walls_left(Seat.SOUTH))
    with pytest.raises(IllegalMoveError):
        pos.play("d4h")
    assert (repr(pos), pos.zobrist, pos.walls_left(Seat.SOUTH)) == before


def test_wall_preview_refusal(classic: Position) -> None:
    with pytest.raises(IllegalMoveError, match=r"^i1h is off the board$"):
        classic.preview_wall("i1h")


# ----- invalid variants -----------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, parameter, message",
    [
        ({"size": 8}, "size", "size 8 is out of range: odd, 3 ..= 31"),
        ({"size": 33}, "size", "size 33 is out of range: odd, 3 ..= 31"),
        ({"size": -9}, "size", "size -9 is out of range: odd, 3 ..= 31"),
        ({"size": 2**70}, "size", f"size {2**70} is out of range: odd, 3 ..= 31"),
        ({"players": 3}, "players", "players 3 is out of range: 2 or 4"),
        ({"walls": 100}, "walls", "walls 100 is out of range: 0 ..= 99"),
        ({"walls": -1}, "walls", "walls -1 is out of range: 0 ..= 99"),
        ({"wall_length": 9}, "wall_length", "wall_length 9 is out of range: 2 ..= 8 (size − 1)"),
        ({"wall_length": 1}, "wall_length", "wall_length 1 is out of range: 2 ..= 8 (size − 1)"),
        ({"goal": "corner"}, "goal", "goal 'corner' is out of range: edge or centre"),
    ],
)
def test_invalid_variant(kwargs: Dict[str, Any], parameter: str, message: str) -> None:
    with pytest.raises(InvalidVariantError) as info:
        Variant(**kwargs)
    assert str(info.value) == message
    assert info.value.parameter == parameter


def test_variant_type_errors() -> None:
    with pytest.raises(TypeError, match="size must be an int, not str"):
        Variant(size="9")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Variant(9)  # type: ignore[call-arg]  # keyword arguments only


# ----- invalid positions ----------------------------------------------------------------

CLASSIC = Variant.classic()
FOUR = Variant.four_player()


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"pawns": {"south": "e10", "north": "e9"}}, "pawn of south is off the board"),
        ({"pawns": {"south": "e5", "north": "e5"}}, "two pawns on e5"),
        ({"pawns": {"south": "e1", "north": "e9", "west": "a5"}}, "west does not play in this variant"),
        ({"pawns": {}}, "no pawn on the board"),
        (
            {"pawns": {"south": "e1", "north": "e9"}, "walls_left": {"south": 11}},
            "walls left of south exceed the variant's walls",
        ),
        (
            {"pawns": {"south": "e1", "north": "e9"}, "walls": ["d4h"]},
            "1 walls on the board but the seats have used 0",
        ),
        (
            {"pawns": {"south": "e1", "north": "e9"}, "walls": ["i1h"], "walls_left": {"north": 9}},
            "wall i1h is off the board",
        ),
        (
            {"pawns": {"south": "e1", "north": "e9"}, "walls": ["d4h", "d4v"], "walls_left": {"north": 8}},
            "wall d4v conflicts with wall d4h",
        ),
        (
            {"pawns": {"south": "e1", "north": None}, "turn": "north"},
            "north is to move but not in play",
        ),
        (
            {"pawns": {"south": "e9", "north": "e1"}},
            "more than one pawn stands on its goal",
        ),
        ({"pawns": {"south": "e1", "north": "e9"}, "passes": 3}, "3 passes is more than the seats in play"),
        (
            {"pawns": {"south": "e1", "north": "e9"}, "walls_left": {"south": -1}},
            "walls left of south is negative: -1",
        ),
        (
            {"pawns": {"south": "e1", "north": "e9"}, "walls_left": {"south": 300}},
            "walls left of south is out of range: 300",
        ),
        ({"pawns": {"south": "e1", "north": "e9"}, "passes": -1}, "passes is negative: -1"),
    ],
)
def test_invalid_position(kwargs: Dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidPositionError) as info:
        Position.from_setup(CLASSIC, **kwargs)
    assert str(info.value) == message


def test_invalid_position_no_route() -> None:
    # The 3×3 board sealed below South: a1h and b1h cannot both lie there (they overlap),
    # so seal it with a1h plus b1v from the earlier no-route example, placed as a setup.
    v = Variant(size=3, walls=2)
    with pytest.raises(InvalidPositionError, match=r"^south has no route to its goal$"):
        Position.from_setup(
            v,
            pawns={"south": "b1", "north": "b3"},
            walls=["a1h", "a2h", "b1v"],
            walls_left={"south": 0, "north": 1},
        )


def test_setup_type_errors() -> None:
    with pytest.raises(TypeError, match="pawns must be a mapping from seats"):
        Position.from_setup(CLASSIC, pawns=["e1"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="walls must be an iterable of walls, not a str"):
        Position.from_setup(CLASSIC, pawns={"south": "e1", "north": "e9"}, walls="d4h")
    with pytest.raises(TypeError, match="expected a Variant, not str"):
        Position.from_setup("classic", pawns={})  # type: ignore[arg-type]


# ----- the exceptions themselves --------------------------------------------------------


def test_exceptions_pickle_with_their_attributes(classic: Position) -> None:
    errors = []
    for call in (lambda: Move("d4x"), lambda: classic.play("d4v").play("e8").play("d4h"),
                 lambda: Variant(size=4), lambda: Position.from_setup(CLASSIC, pawns={})):
        with pytest.raises(ValueError) as info:
            call()
        errors.append(info.value)
    for err in errors:
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is type(err)
        assert str(back) == str(err)
        assert vars(back) == vars(err)


def test_exceptions_can_be_raised_by_users() -> None:
    err = IllegalMoveError("e5 is not a legal pawn move", kind="illegal_pawn_move", move=Move("e5"))
    assert err.kind == "illegal_pawn_move" and err.wall is None
    assert InvalidTextError("bad").index == 0
    assert isinstance(wallrush.InvalidPositionError("x"), ValueError)
