"""Notations: the conversions of RULES.md §8, round-trips of every move of several
variants through every notation, and text read in the notation the caller names."""

from __future__ import annotations

import random
from typing import List

import pytest

from wallrush import (
    IllegalMoveError,
    InvalidTextError,
    Move,
    Notation,
    Position,
    Seat,
    Variant,
    Wall,
)

NOTATIONS = list(Notation)


def test_notation_enum() -> None:
    assert [n.value for n in Notation] == ["standard", "wallrush", "pallwall"]
    assert str(Notation.WALLRUSH) == "wallrush" and repr(Notation.PALLWALL) == "Notation.PALLWALL"


@pytest.mark.parametrize(
    "length, standard, wallrush, pallwall",
    [
        (2, "d3h", "H-d4", "d4h"),
        (2, "d3v", "V-d4", "d4v"),
        (3, "d3v", "V-d5", "d5v"),
        (3, "d3h", "H-d4", "d4h"),
    ],
)
def test_rules_conversion_table(length: int, standard: str, wallrush: str, pallwall: str) -> None:
    pos = Position(Variant(wall_length=length))
    texts = {Notation.STANDARD: standard, Notation.WALLRUSH: wallrush, Notation.PALLWALL: pallwall}
    move = Move(standard)
    for n, text in texts.items():
        assert pos.parse_move(text, n) == move
        assert pos.write_move(move, n) == text
        assert pos.write_move(standard, notation=n.value) == text
        assert Variant(wall_length=length).wall_text(Wall(standard), n) == text
        for m, other in texts.items():
            assert pos.convert_move(text, n, m) == other


def test_same_text_different_walls() -> None:
    pos = Position()
    # Standard d4h lies above d4; Pallwall d4h below it (standard d3h).
    assert pos.play("d4h").walls == [Wall("d4h")]
    assert pos.play("d4h", notation="pallwall").walls == [Wall("d3h")]
    assert pos.play("d4h", notation=Notation.PALLWALL) == pos.play("H-d4", notation="wallrush")


def test_wallrush_pawn_letters() -> None:
    pos = Position.from_setup(Variant(), pawns={"south": "e4", "north": "e5"})
    assert pos.write_move("e6", "wallrush") == "Je6"
    assert pos.parse_move("Je6", "wallrush") == Move("e6")
    blocked = Position.from_setup(
        Variant(), pawns={"south": "e4", "north": "e5"}, walls=["e5h"], walls_left={"north": 9}
    )
    assert blocked.write_move("d5", "wallrush") == "Xd5"
    win = Position.from_setup(Variant(), pawns={"south": "g8", "north": "a9"})
    assert win.write_move("g9", "wallrush") == "g9#"
    assert win.parse_move("g9#", "wallrush") == Move("g9")
    assert win.parse_move("g9", "wallrush") == Move("g9")  # the mark may be left out


@pytest.mark.parametrize(
    "text, notation, kind, message",
    [
        ("Je2", "wallrush", "wrong_kind", "Je2 names a straight jump but the move is a step"),
        ("Xe2", "wallrush", "wrong_kind", "Xe2 names a diagonal jump but the move is a step"),
        ("e2#", "wallrush", "not_a_win", "e2# is marked as winning but does not win"),
        ("H-a1", "wallrush", "off_board", "H-a1 is off the board"),
        ("e5", "pallwall", "illegal_pawn_move", "e5 is not a legal pawn move"),
        ("i2h", "pallwall", "off_board", "i2h is off the board"),
    ],
)
def test_illegal_text_in_its_notation(text: str, notation: str, kind: str, message: str) -> None:
    pos = Position()
    with pytest.raises(IllegalMoveError) as info:
        pos.play(text, notation=notation)
    assert (str(info.value), info.value.kind) == (message, kind)
    assert not pos.is_legal(text, notation=notation)


def test_wall_conflicts_named_in_the_notation() -> None:
    pos = Position().play("d4v").play("e8")
    with pytest.raises(IllegalMoveError) as info:
        pos.play("H-d5", notation="wallrush")
    err = info.value
    assert str(err) == "H-d5 crosses wall V-d5"
    assert (err.kind, err.move, err.wall) == ("crosses", Move("d4h"), Wall("d4v"))
    with pytest.raises(IllegalMoveError, match=r"^d5h crosses wall d5v$"):
        pos.check("d5h", notation="pallwall")


@pytest.mark.parametrize(
    "text, notation, index, expected",
    [
        ("J", "wallrush", 1, "a square (file letter and rank, or rRcC)"),
        ("H-", "wallrush", 2, "a square (file letter and rank, or rRcC)"),
        ("d4x", "pallwall", 2, "'h', 'v' or the end of the move"),
    ],
)
def test_invalid_text_in_its_notation(text: str, notation: str, index: int, expected: str) -> None:
    with pytest.raises(InvalidTextError) as info:
        Position().parse_move(text, notation)
    assert (info.value.index, info.value.expected) == (index, expected)
    assert str(info.value) == f"invalid {notation} move {text!r}: expected {expected} at byte {index}"


def test_unknown_notation_name() -> None:
    with pytest.raises(InvalidTextError, match=r"^invalid notation 'pgn': expected a notation"):
        Position().play("e2", notation="pgn")
    assert Position().play("e2", notation="WallRush") == Position().play("e2")
    with pytest.raises(TypeError):
        Position().play("e2", notation=3)  # type: ignore[arg-type]


def sample_positions(variant: Variant, seed: int, count: int) -> List[Position]:
    rng = random.Random(seed)
    pos = Position(variant)
    out: List[Position] = []
    while len(out) < count:
        out.append(pos)
        moves = list(pos.legal_moves)
        if not moves:
            pos = Position(variant)
            continue
        pos = pos.play(rng.choice(moves))
    return out


VARIANTS = [
    Variant(),
    Variant(size=5, wall_length=3, walls=4),
    Variant.four_player(),
    Variant.race_to_centre(),
    Variant(size=27, walls=5, wall_length=4),  # rRcC squares
]


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
def test_every_move_round_trips_through_every_notation(variant: Variant) -> None:
    checked = 0
    for pos in sample_positions(variant, seed=variant.size, count=12):
        for move in pos.legal_moves:
            texts = {n: pos.write_move(move, n) for n in NOTATIONS}
            for n, text in texts.items():
                assert pos.parse_move(text, n) == move, (n, text)
                if variant.size > 26 and not move.is_pass:
                    assert text.startswith("r") or text[:2] in ("H-", "V-")
            assert pos.convert_move(texts[Notation.WALLRUSH], "wallrush", "pallwall") == texts[Notation.PALLWALL]
            checked += 1
    assert checked > 60


def test_pass_and_resign_in_every_notation() -> None:
    boxed = Position.from_setup(
        Variant(size=5, players=4, walls=1),
        pawns={"south": "a1", "west": "a2", "north": "a3", "east": "e3"},
        walls=["a1v"],
        walls_left={"south": 0},
    )
    for n in NOTATIONS:
        assert boxed.write_move(Move.PASS, n) == "pass"
        assert boxed.parse_move("pass", n) == Move.PASS
    assert boxed.play("pass", notation="wallrush").turn is Seat.WEST
