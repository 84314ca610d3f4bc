"""RULES.md §9 worked positions and perft counts, read from the same data files as the
Rust tests (data/worked.txt, data/perft.txt)."""

from __future__ import annotations

import pytest

import wallrush
from conftest import WorkedCase, perft_cases, worked_cases

WORKED = worked_cases()


def test_data_files_are_not_empty() -> None:
    assert len(WORKED) == 4
    assert len(perft_cases()) >= 3


@pytest.mark.parametrize("case", WORKED, ids=[c.name for c in WORKED])
def test_worked_position(case: WorkedCase) -> None:
    pos, name = case.position, case.name
    # The file writes each position as the crate does.
    assert pos.to_text() == case.text, name
    assert f"turn={pos.turn}" in case.text
    assert sorted(str(m) for m in pos.pawn_moves) == case.pawn_moves, name
    # Pawn moves come first in the full list, in cell order.
    legal = list(pos.legal_moves)
    assert all(m.is_pawn for m in legal[: len(pos.pawn_moves)])
    assert all(m.is_wall for m in legal[len(pos.pawn_moves) :])
    if case.wall_count is not None:
        assert sum(m.is_wall for m in legal) == case.wall_count
    for seat, length in case.route_lens.items():
        assert pos.route_len(seat) == length
    # Every pawn move the data names is legal, and `in` agrees with the text form.
    for m in case.pawn_moves:
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
