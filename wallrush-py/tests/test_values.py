"""Values: repr pastes back, pickling, copying, hashing, equality and ordering."""

from __future__ import annotations

import copy
import pickle
from typing import Any, List

import pytest

import wallrush
from wallrush import (
    DrawOptions,
    Move,
    Notation,
    Orientation,
    Outcome,
    Position,
    Resignation,
    Seat,
    Square,
    Variant,
    Wall,
)


def some_positions() -> List[Position]:
    classic = Position()
    four = Position(Variant.four_player())
    return [
        classic,
        classic.play("e2"),
        classic.play("d4v").play("e8").play("e2"),
        classic.resign(),
        four,
        four.play("e2").play("b5").resign("north"),
        Position(Variant.race_to_centre()).play("a1h"),
        Position(Variant(size=29, walls=3, wall_length=3)).play("r1c1h").play("r29c14"),
        Position.from_setup(
            Variant(size=5, players=4, walls=1),
            pawns={"south": "a1", "west": "a2", "north": "a3", "east": "e3"},
            walls=["a1v"],
            walls_left={"south": 0},
        ).play("pass"),
    ]


def some_values() -> List[Any]:
    return [
        Square("e2"),
        Square("r3c28"),
        Wall("d4h"),
        Wall("r27c1v"),
        Move("e2"),
        Move("d4v"),
        Move.PASS,
        Variant(),
        Variant(size=31, players=4, walls=99, wall_length=30, goal="centre"),
        Outcome(Seat.SOUTH, "goal"),
        Outcome(None, "all_passed"),
        Seat.EAST,
        Orientation.VERTICAL,
        Notation.WALLRUSH,
        DrawOptions.PAWN_PATH_GAME,
        DrawOptions(ply_limit=7),
        DrawOptions(),
        Resignation(Seat.WEST),
        *some_positions(),
    ]


@pytest.mark.parametrize("value", some_values(), ids=repr)
def test_repr_pastes_back(value: Any) -> None:
    assert eval(repr(value), vars(wallrush)) == value


@pytest.mark.parametrize("value", some_values(), ids=repr)
def test_pickle_copy_hash(value: Any) -> None:
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(value, protocol))
        assert back == value
        assert hash(back) == hash(value)
        assert type(back) is type(value)
    assert copy.copy(value) == value
    assert copy.deepcopy(value) == value
    assert {value: 1}[copy.deepcopy(value)] == 1


def test_positions_are_immutable_values() -> None:
    pos = Position()
    after = pos.play("e2")
    assert pos == Position() and after != pos
    assert copy.copy(pos) is pos and copy.deepcopy(pos) is pos
    with pytest.raises(AttributeError):
        pos.turn = Seat.NORTH  # type: ignore[misc]
    # Same state reached by different move orders: equal, same hash, one dict key.
    a = pos.play("e2").play("e8").play("d4h")
    b = pos.play("d4h").play("e8").play("e2")
    assert a == b and hash(a) == hash(b) and a.zobrist == b.zobrist
    assert len({a, b}) == 1
    assert a != Position(Variant(walls=9))


def test_position_repr_forms() -> None:
    assert repr(Position()) == "Position()"
    assert repr(Position(Variant.four_player())) == (
        "Position(Variant(size=9, players=4, walls=5, wall_length=2, goal='edge'))"
    )
    assert repr(Position().play("e2")) == (
        "Position.from_text('size=9 players=2 walls=10 wall_length=2 goal=edge "
        "pawns=e2,e9 placed=- walls_left=10,10 turn=north passes=0')"
    )


def test_str_forms() -> None:
    assert str(Square("e2")) == "e2" and repr(Square("e2")) == "Square('e2')"
    assert str(Move("d4h")) == "d4h" and repr(Move("d4h")) == "Move('d4h')"
    assert str(Move.PASS) == "pass"
    assert str(Seat.SOUTH) == "south" and repr(Seat.SOUTH) == "Seat.SOUTH"
    assert str(Variant()) == "size=9 players=2 walls=10 wall_length=2 goal=edge"
    assert str(Outcome(Seat.NORTH, "resignation")) == "north wins by resignation"
    assert str(Outcome(None, "repetition")) == "draw by repetition"
    assert str(Outcome(None, "all_passed")) == "draw by passing"
    board = str(Position().play("d4h"))
    lines = board.splitlines()
    assert lines[0].startswith(" 9  .   .   .   .   N")
    assert lines[9] == " " * 15 + "--- ---" + " " * 16  # d4h: between ranks 4 and 5, files d-e
    assert board.endswith("to move: north; south: 9 walls, route 9; north: 10 walls, route 9")


def test_ordering_and_equality_across_types() -> None:
    assert sorted([Square("b1"), Square("a2"), Square("a1")]) == [
        Square("a1"),
        Square("a2"),
        Square("b1"),
    ]
    assert Move("e2") != Square("e2")
    assert Move(Square("e2")) == Move("e2")
    assert Move(Wall("d4h")) == Move("d4h")
    assert Move(Move("d4h")) == Move("d4h")
    assert Wall("d4h") < Wall("d4v")
    assert (Square("e2") == "e2") is False


def test_square_wall_move_accessors() -> None:
    sq = Square("e2")
    assert (sq.file, sq.rank) == (4, 1)
    assert Square.from_coords(4, 1) == sq
    assert Square("r2c5") == sq and sq.text(27) == "r2c5" and sq.text(9) == "e2"
    assert sq.is_on(5) and not Square("f1").is_on(5)
    w = Wall("d4v")
    assert (w.anchor, w.orientation) == (Square("d4"), Orientation.VERTICAL)
    assert Wall.from_anchor("d4", "v") == w == Wall.vertical(Square("d4"))
    assert Wall.horizontal("d4") == Wall.from_anchor(Square("d4"), Orientation.HORIZONTAL)
    assert w.is_on(9, 2) and not Wall("h8v").is_on(9, 3)
    assert Wall("a1h").text(27) == "r1c1h"
    m = Move("d4v")
    assert (m.is_wall, m.is_pawn, m.is_pass, m.wall, m.square) == (True, False, False, w, None)
    assert Move("e2").square == sq and Move.PASS.is_pass
    assert Move("a1").text(29) == "r1c1"


def test_variant_accessors() -> None:
    assert Variant() == Variant.classic()
    assert Variant(players=4) == Variant.four_player()
    assert Variant(players=4).walls == 5 and Variant().walls == 10
    assert Variant(players=4, goal="center") == Variant.race_to_centre()
    v = Variant(size=11, players=4, walls=7, wall_length=3, goal="centre")
    assert (v.size, v.players, v.walls, v.wall_length, v.goal) == (11, 4, 7, 3, "centre")
    assert v.seats == (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
    assert Variant().seats == (Seat.SOUTH, Seat.NORTH)
    assert v.centre == Square("f6") and v.start("west") == Square("a6")
    assert v.is_goal(Seat.EAST, "f6") and not v.is_goal(Seat.EAST, "a6")
    assert Variant().is_goal("south", "a9") and not Variant().is_goal("south", "a10")
    assert Variant().has_seat(Seat.NORTH) and not Variant().has_seat(1)


def test_outcome_values() -> None:
    o = Outcome("south", "goal")
    assert (o.winner, o.reason, o.is_draw) == (Seat.SOUTH, "goal", False)
    assert Outcome(None, "ply_limit").is_draw
    with pytest.raises(ValueError, match="reason 'goal' does not fit winner None"):
        Outcome(None, "goal")
    with pytest.raises(ValueError, match="does not fit winner south"):
        Outcome(Seat.SOUTH, "repetition")


def test_partial_variant_text_takes_the_defaults() -> None:
    # One builder owns the defaults: the text form, the keywords and the record tag agree.
    assert Variant.from_text("size=5") == Variant(size=5)
    assert Variant.from_text("players=4") == Variant.four_player()
    assert Variant.from_text("") == Variant.classic()
