"""RULES.md §9 worked positions and perft counts, read from the same data files as the
Rust tests (data/worked.txt, data/perft.txt)."""

from __future__ import annotations

from typing import List

import pytest

import wallrush
from conftest import data_lines, pairs, perft_cases, variant_from_fields

WORKED = [line.split(";") for line in data_lines("worked.txt")]


def test_data_files_are_not_empty() -> None:
    assert len(WORKED) == 4
    assert len(perft_cases()) >= 3


@pytest.mark.parametrize("fields", WORKED, ids=[f[0].strip() for f in WORKED])
def test_worked_position(fields: List[str]) -> None:
    name, variant, pawns, walls, left, turn, pawn_moves, wall_count, routes = (
        f.strip() for f in fields
    )
    pos = wallrush.Position.from_setup(
        variant_from_fields(variant),
        pawns=pairs(pawns),
        walls=[] if walls == "-" else walls.split(),
        walls_left={seat: int(n) for seat, n in pairs(left).items()},
        turn=turn,
    )
    assert str(pos.turn) == turn
    assert sorted(str(m) for m in pos.pawn_moves) == pawn_moves.split(), name
    # Pawn moves come first in the full list, in cell order.
    legal = list(pos.legal_moves)
    assert all(m.is_pawn for m in legal[: len(pos.pawn_moves)])
    assert all(m.is_wall for m in legal[len(pos.pawn_moves) :])
    if wall_count != "-":
        assert sum(m.is_wall for m in legal) == int(wall_count)
    if routes != "-":
        for seat, length in pairs(routes).items():
            assert pos.route_len(seat) == int(length)
    # Every pawn move the data names is legal, and `in` agrees with the text form.
    for m in pawn_moves.split():
        assert m in pos.legal_moves
        assert pos.is_legal(m)


@pytest.mark.parametrize(
    "case", perft_cases(), ids=lambda c: f"{c.variant.size}x{c.variant.players}-d{c.depth}"
)
def test_perft_counts(case) -> None:  # type: ignore[no-untyped-def]
    assert case.position().perft(case.depth) == case.nodes


def test_divide_sums_to_perft(classic: wallrush.Position) -> None:
    counts = classic.divide(2)
    assert len(counts) == 131
    assert sum(counts.values()) == classic.perft(2) == 16677
    assert list(counts) == list(classic.legal_moves)
