"""Every int parameter of the package is read one way: an int (or an object
with ``__index__``) in range is taken; an int out of range is a ValueError (an IndexError
for a history index), never an OverflowError, however large or negative; a bool is never
an int (TypeError)."""

from __future__ import annotations

import pickle
from typing import Any, Callable, Dict, List

import pytest

import wallrush
from wallrush import (
    DrawOptions,
    Engine,
    Game,
    InvalidPositionError,
    InvalidVariantError,
    Move,
    Position,
    Seat,
    Square,
    Strong,
    Variant,
    Wall,
    agents,
    enclosure,
    openspiel,
    wallgo,
)

Call = Callable[[Any], Any]

# What a Variant's pickle calls (private, so not in the stubs).
FROM_PARTS: Callable[..., Variant] = getattr(Variant, "_from_parts")

# Every int parameter of the bindings, as a call of one int argument.
INT_PARAMETERS: Dict[str, Call] = {
    "Square.from_coords(file)": lambda v: Square.from_coords(v, 0),
    "Square.from_coords(rank)": lambda v: Square.from_coords(0, v),
    "Square.text(size)": lambda v: Square("e2").text(v),
    "Square.is_on(size)": lambda v: Square("e2").is_on(v),
    "Wall.text(size)": lambda v: Wall("d4h").text(v),
    "Wall.is_on(size)": lambda v: Wall("d4h").is_on(v, 2),
    "Wall.is_on(length)": lambda v: Wall("d4h").is_on(9, v),
    "Move.text(size)": lambda v: Move("e2").text(v),
    "Variant(size)": lambda v: Variant(size=v),
    "Variant(players)": lambda v: Variant(players=v),
    "Variant(walls)": lambda v: Variant(walls=v),
    "Variant(wall_length)": lambda v: Variant(wall_length=v),
    "Variant._from_parts(size)": lambda v: FROM_PARTS(v, 2, 10, 2, "edge"),
    "Variant._from_parts(walls)": lambda v: FROM_PARTS(9, 2, v, 2, "edge"),
    "DrawOptions(repetition)": lambda v: DrawOptions(repetition=v),
    "DrawOptions(ply_limit)": lambda v: DrawOptions(ply_limit=v),
    "seat number": lambda v: Position().pawn(v),
    "Position.from_setup(passes)": lambda v: Position.from_setup(Variant(), {0: "e1", 2: "e9"}, passes=v),
    "Position.from_setup(walls_left)": lambda v: Position.from_setup(
        Variant(), {0: "e1", 2: "e9"}, walls_left={0: v}
    ),
    "Position.perft(depth)": lambda v: Position().perft(v),
    "Position.divide(depth)": lambda v: Position().divide(v),
    "Position.svg(size)": lambda v: Position().svg(size=v),
    "Game.svg(size)": lambda v: Game().svg(size=v),
    "Position.play_action(action)": lambda v: Position().play_action(v),
    "Game.play_action(action)": lambda v: Game().play_action(v),
    "Move.from_action(action)": lambda v: Move.from_action(Variant(), v),
    "openspiel.from_openspiel(action)": lambda v: openspiel.from_openspiel(Position(), v),
    "agents.random_playouts(games)": lambda v: agents.random_playouts(v),
    "agents.random_playouts(seed)": lambda v: agents.random_playouts(1, seed=v),
    "agents.random_playouts(max_plies)": lambda v: agents.random_playouts(1, max_plies=v),
    "agents.random_playouts(threads)": lambda v: agents.random_playouts(1, threads=v),
    "Beginner(seed)": lambda v: wallrush.Beginner(v),
    "RandomMover(seed)": lambda v: wallrush.RandomMover(v),
    "Engine(table_size)": lambda v: Engine(v),
    "Engine.search(depth)": lambda v: Engine(1024).search(Position(), depth=v),
    "Engine.search(nodes)": lambda v: Engine(1024).search(Position(), nodes=v),
    "Strong(depth)": lambda v: Strong(depth=v),
    "wallgo.Position(players)": lambda v: wallgo.Position(players=v),
    "wallgo.Position.placement(players)": lambda v: wallgo.Position.placement(v),
    "wallgo.Game(players)": lambda v: wallgo.Game(players=v),
    "wallgo player number": lambda v: wallgo.Position().pieces(v),
    "wallgo.Position.timeout_action(seed)": lambda v: wallgo.Position().timeout_action(v),
    "wallgo.Position.svg(size)": lambda v: wallgo.Position().svg(size=v),
    "wallgo.Game.svg(size)": lambda v: wallgo.Game().svg(size=v),
    "wallgo.GreedyBot(seed)": lambda v: wallgo.GreedyBot(v),
    "enclosure.Groove.from_index(index)": lambda v: enclosure.Groove.from_index(v),
    "enclosure player number": lambda v: enclosure.Position().pieces(v),
    "enclosure.Position(first)": lambda v: enclosure.Position(v),
    "enclosure.Position.seeded(seed)": lambda v: enclosure.Position.seeded(v),
    "enclosure.Game.seeded(seed)": lambda v: enclosure.Game.seeded(v),
    "enclosure.Position.svg(size)": lambda v: enclosure.Position().svg(size=v),
    "enclosure.Game.svg(size)": lambda v: enclosure.Game().svg(size=v),
    "enclosure.GreedyBot(seed)": lambda v: enclosure.GreedyBot(v),
}

# The history indexes: out of range is an IndexError, as for a list.
INDEX_PARAMETERS: Dict[str, Call] = {
    "Game.position_at(i)": lambda v: Game().position_at(v),
    "Game.action_text(i)": lambda v: Game().action_text(v),
}

OUT_OF_RANGE = [2**64, -(2**64), 2**200, -1]


def raised(f: Call, value: Any) -> BaseException | None:
    try:
        f(value)
    except BaseException as e:  # noqa: BLE001 - the test is about which class it is
        return e
    return None


@pytest.mark.parametrize("value", OUT_OF_RANGE, ids=str)
@pytest.mark.parametrize("name", sorted(INT_PARAMETERS))
def test_an_int_out_of_range_is_a_value_error(name: str, value: int) -> None:
    err = raised(INT_PARAMETERS[name], value)
    assert isinstance(err, ValueError), (name, value, err)
    assert not isinstance(err, OverflowError)
    assert str(value) in str(err), (name, err)


@pytest.mark.parametrize("value", [2**64, -(2**64), 2**200, 1, -2], ids=str)
@pytest.mark.parametrize("name", sorted(INDEX_PARAMETERS))
def test_a_history_index_out_of_range_is_an_index_error(name: str, value: int) -> None:
    err = raised(INDEX_PARAMETERS[name], value)
    assert isinstance(err, IndexError), (name, value, err)
    assert f"{value} is out of range: the game has 0 actions" in str(err)


@pytest.mark.parametrize("name", sorted(INT_PARAMETERS) + sorted(INDEX_PARAMETERS))
def test_a_bool_is_not_an_int(name: str) -> None:
    f = {**INT_PARAMETERS, **INDEX_PARAMETERS}[name]
    for value in (True, False):
        err = raised(f, value)
        assert isinstance(err, TypeError), (name, value, err)
        assert "bool" in str(err), (name, err)


def test_the_issue_examples() -> None:
    with pytest.raises(ValueError, match=r"^square \(18446744073709551616, 0\) is out of range"):
        Square.from_coords(2**64, 0)
    with pytest.raises(ValueError, match=r"^depth -1 is out of range: 0 \.\.= 4294967295$"):
        Position().perft(-1)
    with pytest.raises(ValueError, match=r"^depth -1 is out of range"):
        Position().divide(-1)
    with pytest.raises(IndexError, match=r"^action -1 is out of range: the game has 0 actions$"):
        Game().action_text(-1)
    with pytest.raises(IndexError, match=r"^position 18446744073709551616 is out of range"):
        Game().position_at(2**64)
    with pytest.raises(ValueError, match=r"^size -1 is out of range: 0 \.\.= 255$"):
        Square("e2").text(-1)
    with pytest.raises(ValueError, match=r"^size -1 is out of range: 0 \.\.= 255$"):
        Square("e2").is_on(-1)
    with pytest.raises(ValueError, match=r"^size -1 is out of range: 0 \.\.= 4294967295$"):
        Position().svg(size=-1)
    with pytest.raises(ValueError, match=r"^groove index 18446744073709551616 is out of range: 0 \.\.= 83$"):
        enclosure.Groove.from_index(2**64)
    with pytest.raises(TypeError, match="^walls must be an int, not bool$"):
        Variant(walls=True)


def test_in_range_values_still_work() -> None:
    assert Square.from_coords(4, 1) == Square("e2")
    assert Square("e2").text(9) == "e2" and Square("e2").text(27) == "r2c5"
    assert Square("e2").is_on(9) and not Square("j1").is_on(9)
    assert Wall("d4h").is_on(9, 2) and not Wall("h4h").is_on(9, 3)
    assert Position().perft(0) == 1 and Position().perft(1) == 131
    assert Position().svg(size=0) == Position().svg()
    game = Game()
    game.push("e2")
    game.push("e8")
    assert game.action_text(-1) == "e8" and game.action_text(-2) == game.action_text(0) == "e2"
    assert game.position_at(-3) == game.start
    # IntEnum members are ints: a Seat is a seat number, an enclosure Player a player.
    assert Position().pawn(Seat.NORTH) == Square("e9")
    assert Variant(size=Seat.EAST * 3) == Variant(size=9)
    assert enclosure.Groove.from_index(83) == enclosure.Groove.all()[-1]


def test_objects_with_index_are_ints() -> None:
    class Index:
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    assert Position().play_action(Index(13)) == Position().play("e2")
    assert Position().perft(Index(1)) == 131  # type: ignore[arg-type]
    assert Square("e2").text(Index(27)) == "r2c5"  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="out of range"):
        Position().perft(Index(-1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="^depth must be an int, not float$"):
        Position().perft(1.0)  # type: ignore[arg-type]


def test_values_out_of_range_keep_their_family() -> None:
    # A variant parameter stays an InvalidVariantError, a setup count an
    # InvalidPositionError, each with the value as given.
    with pytest.raises(InvalidVariantError, match=f"^size {2**64} is out of range: odd, 3 ..= 31$"):
        Variant(size=2**64)
    with pytest.raises(InvalidPositionError, match=f"^passes is out of range: {2**64}$"):
        Position.from_setup(Variant(), {0: "e1", 2: "e9"}, passes=2**64)
    with pytest.raises(InvalidPositionError, match=f"^walls left of south is negative: {-(2**64)}$"):
        Position.from_setup(Variant(), {0: "e1", 2: "e9"}, walls_left={0: -(2**64)})
    with pytest.raises(ValueError, match=f"^time {10**400} is out of range"):
        Engine(1024).search(Position(), time=10**400)


def tampered(value: object, old: bytes, new: bytes) -> bytes:
    blob = pickle.dumps(value, protocol=2)
    assert blob.count(old) == 1, blob
    return blob.replace(old, new)


def test_tampered_pickles_raise_the_documented_errors() -> None:
    # A Variant pickles as its five parameters: set its size to -1 (BININT 0xffffffff)
    # and to 2**64 (LONG1 of nine bytes).
    for new in (b"J\xff\xff\xff\xff", b"\x8a\x09" + b"\x00" * 8 + b"\x01"):
        with pytest.raises(InvalidVariantError, match="^size .* is out of range: odd, 3 ..= 31$"):
            pickle.loads(tampered(Variant(size=11), b"K\x0b", new))
    with pytest.raises(TypeError, match="must be an int, not bool"):
        pickle.loads(tampered(Variant(size=11), b"K\x0b", b"\x88"))  # True
    # Draw options pickle as their two counts.
    with pytest.raises(ValueError, match="^repetition -1 is out of range"):
        pickle.loads(tampered(DrawOptions(repetition=3), b"K\x03", b"J\xff\xff\xff\xff"))


def test_no_parameter_raises_overflow_error() -> None:
    """The sweep over every parameter with values no parameter takes: only ValueError,
    TypeError or IndexError."""
    values: List[Any] = [2**64, 2**65, 2**1000, -1, -(2**63) - 1, -(2**1000), True, False, 1.5, b"1"]
    for name, f in {**INT_PARAMETERS, **INDEX_PARAMETERS}.items():
        for value in values:
            if value == -1 and name in INDEX_PARAMETERS:
                continue  # the last item, as for a list
            err = raised(f, value)
            assert isinstance(err, (ValueError, TypeError, IndexError)), (name, value, err)
            assert not isinstance(err, OverflowError), (name, value, err)
