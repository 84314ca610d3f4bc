"""The README's bad-input table, row by row, from Python: each kind of bad input raises
the documented ValueError subclass with the documented message, and changes nothing."""

from __future__ import annotations

import itertools
import pickle
import sys
import threading
from typing import Iterator, List, Tuple

import pytest

import wallrush
from wallrush.record import read_game
from wallrush import (
    IllegalMoveError,
    InvalidPositionError,
    InvalidTextError,
    InvalidVariantError,
    Position,
    Record,
    Variant,
)


def after(*moves: str, variant: Variant | None = None) -> Position:
    pos = Position(variant) if variant is not None else Position()
    for m in moves:
        pos = pos.play(m)
    return pos


def test_every_family_is_a_value_error() -> None:
    for cls in (IllegalMoveError, InvalidPositionError, InvalidTextError, InvalidVariantError):
        assert issubclass(cls, ValueError)


def test_unknown_square() -> None:
    pos = Position()
    with pytest.raises(IllegalMoveError, match="^j5 is not a legal pawn move$"):
        pos.play("j5")
    for text in ("e0", "r40c1", "E2"):
        with pytest.raises(InvalidTextError):
            pos.play(text)
    assert pos == Position()


def test_wall_off_the_board() -> None:
    with pytest.raises(IllegalMoveError, match="^i4h is off the board$") as e:
        Position().play("i4h")
    assert e.value.kind == "off_board"
    with pytest.raises(IllegalMoveError, match="^H-d1 is off the board$"):
        Position().play("H-d1", notation="wallrush")


def test_overlapping_and_crossing_walls() -> None:
    pos = after("d4v", "e8")
    with pytest.raises(IllegalMoveError, match="^d5v overlaps wall d4v$") as e:
        pos.play("d5v")
    assert e.value.kind == "overlaps"
    with pytest.raises(IllegalMoveError, match="^d4h crosses wall d4v$") as e:
        pos.play("d4h")
    assert e.value.kind == "crosses"
    assert pos == after("d4v", "e8")


def test_sealing_wall() -> None:
    pos = after("a1h", "a3", variant=Variant(size=3, walls=5))
    with pytest.raises(IllegalMoveError, match="^b1v leaves south without a route$") as e:
        pos.play("b1v")
    assert e.value.kind == "no_route"


def test_jump_letter_that_is_not_a_jump() -> None:
    with pytest.raises(IllegalMoveError, match="^Je2 names a straight jump but the move is a step$"):
        Position().play("Je2", notation="wallrush")
    with pytest.raises(IllegalMoveError, match="^e2# is marked as winning but does not win$"):
        Position().play("e2#", notation="wallrush")


def test_truncated_record() -> None:
    with pytest.raises(InvalidTextError, match="malformed tag"):
        Record.from_text('[Variant "size=9 players=2')
    with pytest.raises(InvalidTextError, match="no move after round number 2"):
        Record.from_text("1. e2 e8 2.")


def test_bad_variation() -> None:
    for read in (Record.from_text, read_game):
        with pytest.raises(IllegalMoveError, match="variation at ply 3, variation at ply 2, ply 2: e9 is not"):
            read("1. e2 e8 2. e3 (2. d4h e7 (2... d6h 3. e9)) e7")
        with pytest.raises(InvalidTextError, match="variations nested more than 32 deep"):
            read("1. e2 " + "(1. d4h " * 33 + "e8" + ")" * 33 + " *")
        with pytest.raises(InvalidTextError, match="a variation holds at least one action"):
            read("1. e2 () e8")


def test_impossible_position_text() -> None:
    good = Position().to_text()
    with pytest.raises(InvalidPositionError, match="two pawns on e5"):
        Position.from_text(good.replace("pawns=e1,e9", "pawns=e5,e5"))
    with pytest.raises(InvalidPositionError, match="1 walls on the board but the seats have used 0"):
        Position.from_text(good.replace("placed=-", "placed=d4h"))


def test_unknown_field_in_variant_or_position_text() -> None:
    allowed = "size, players, walls, wall_length or goal"
    with pytest.raises(InvalidTextError, match=f"^unknown field at byte 7: expected {allowed}$") as caught:
        Variant.from_text("size=9,colour=red")
    assert (caught.value.index, caught.value.expected) == (7, allowed)
    start = Position().to_text()
    with pytest.raises(InvalidTextError, match=f"^unknown field at byte {len(start) + 1}: expected size, .* turn or passes$"):
        Position.from_text(f"{start} colour=red")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"size": 8}, "size 8 is out of range: odd, 3 ..= 31"),
        ({"players": 3}, "players 3 is out of range: 2 or 4"),
        ({"walls": 100}, "walls 100 is out of range: 0 ..= 99"),
        ({"wall_length": 9}, r"wall_length 9 is out of range: 2 ..= 8 \(size − 1\)"),
    ],
)
def test_variant_out_of_range(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(InvalidVariantError, match=message):
        Variant(
            size=kwargs.get("size"),
            players=kwargs.get("players"),
            walls=kwargs.get("walls"),
            wall_length=kwargs.get("wall_length"),
        )


def test_move_after_the_game_ended() -> None:
    won = after("a1", "c3", "a2", "c2", "a3", variant=Variant(size=3, walls=0))
    assert won.outcome() is not None
    with pytest.raises(IllegalMoveError, match="^c1: the game is over$") as e:
        won.play("c1")
    assert e.value.kind == "game_over"


def test_ten_megabytes_of_garbage() -> None:
    garbage = "x" * (10 << 20)
    with pytest.raises(InvalidTextError):
        Position().play(garbage)
    with pytest.raises(InvalidTextError):
        Position.from_text(garbage)
    with pytest.raises(InvalidTextError):
        Record.from_text(garbage)


def test_a_move_list_too_long() -> None:
    with pytest.raises(InvalidTextError, match="more than 10000 actions"):
        Record.from_text("e2 e8 e1 e9 " * 3_000)  # 12,000 actions in 36 KB


def test_the_oracle_row_has_no_python_surface() -> None:
    # The malformed-oracle-line row is the command line's; Python has no oracle.
    assert not hasattr(wallrush, "oracle")


# ----- the Python-only rows ---------------------------------------------------------------


def test_int_out_of_range_or_a_bool_for_an_int() -> None:
    with pytest.raises(ValueError, match=r"^square \(18446744073709551616, 0\) is out of range: file and rank 0 \.\.= 30$"):
        wallrush.Square.from_coords(2**64, 0)
    with pytest.raises(ValueError, match=r"^depth -1 is out of range: 0 \.\.= 4294967295$"):
        Position().perft(-1)
    with pytest.raises(ValueError, match=r"^size -1 is out of range"):
        Position().svg(size=-1)
    with pytest.raises(ValueError, match=r"^groove index 18446744073709551616 is out of range"):
        wallrush.enclosure.Groove.from_index(2**64)
    with pytest.raises(InvalidVariantError, match=f"^size {2**64} is out of range"):
        Variant(size=2**64)
    with pytest.raises(InvalidPositionError, match="^passes is negative: -1$"):
        Position.from_setup(Variant(), {"south": "e1", "north": "e9"}, passes=-1)
    with pytest.raises(IndexError):
        wallrush.Game().position_at(2**64)
    with pytest.raises(TypeError, match="^walls must be an int, not bool$"):
        Variant(walls=True)
    for call in (lambda: Position().perft(2**64), lambda: wallrush.Game().action_text(-(2**64))):
        with pytest.raises((ValueError, IndexError)) as e:
            call()
        assert not isinstance(e.value, OverflowError)


def test_argument_of_the_wrong_type() -> None:
    with pytest.raises(TypeError, match="^expected a Position, not str$"):
        wallrush.openspiel.to_openspiel("pos", 2)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="^expected a Variant, not str$"):
        wallrush.agents.action_layout("classic")  # type: ignore[arg-type]


def test_endless_iterable() -> None:
    pawns = {"south": "e1", "north": "e9"}
    with pytest.raises(InvalidPositionError, match="^more than 20 walls: the seats of this variant hold 20 in all$"):
        Position.from_setup(Variant(), pawns, walls=itertools.repeat("d4h"))

    class Endless:
        def items(self) -> Iterator[Tuple[str, str]]:
            return itertools.cycle(pawns.items())

    with pytest.raises(InvalidPositionError, match="^pawns has more than 4 entries: one per seat at most$"):
        Position.from_setup(Variant(), Endless())  # type: ignore[arg-type]


def test_one_game_used_from_several_threads() -> None:
    game = wallrush.Game()
    errors: List[BaseException] = []
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            try:
                game.position, game.turn, game.actions
            except BaseException as e:  # noqa: BLE001 - collected and reported
                errors.append(e)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    readers = [threading.Thread(target=read) for _ in range(2)]
    try:
        for t in readers:
            t.start()
        for _ in range(3000):
            with pytest.raises(IllegalMoveError, match="^a9h is off the board$"):
                game.push("a9h")
    finally:
        stop.set()
        for t in readers:
            t.join()
        sys.setswitchinterval(old)
    assert errors == [] and game == wallrush.Game()


def test_game_longer_than_a_record_holds() -> None:
    game = wallrush.Game()
    for m in itertools.islice(itertools.cycle(["e2", "e8", "e1", "e9"]), 10_001):
        game.push(m)
    with pytest.raises(InvalidTextError, match="^line 761: more than 10000 actions$"):
        wallrush.Game.from_record(str(game.record()))
    assert pickle.loads(pickle.dumps(game)) == game
    assert repr(game).startswith("Game._from_actions(Position(), 'e2 e8 e1 e9 ")
    assert eval(repr(game), vars(wallrush)) == game
