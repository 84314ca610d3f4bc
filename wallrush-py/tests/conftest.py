"""Shared helpers: where the repository's data files are, and how to read them."""

from __future__ import annotations

from pathlib import Path
from typing import Dict, List, NamedTuple

import pytest

import wallrush

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data"


class PerftCase(NamedTuple):
    """One line of data/perft.txt."""

    variant: wallrush.Variant
    moves: List[str]
    depth: int
    nodes: int

    def position(self) -> wallrush.Position:
        pos = wallrush.Position(self.variant)
        for m in self.moves:
            pos = pos.play(m)
        return pos


def data_lines(name: str) -> List[str]:
    """The non-comment, non-empty lines of ``data/<name>``."""
    text = (DATA / name).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def variant_from_fields(field: str) -> wallrush.Variant:
    size, players, walls, wall_length, goal = field.split()
    return wallrush.Variant(
        size=int(size),
        players=int(players),
        walls=int(walls),
        wall_length=int(wall_length),
        goal=goal,
    )


def perft_cases() -> List[PerftCase]:
    cases = []
    for line in data_lines("perft.txt"):
        variant, moves, depth, nodes = (f.strip() for f in line.split(";"))
        cases.append(
            PerftCase(
                variant_from_fields(variant),
                [] if moves == "-" else moves.split(),
                int(depth),
                int(nodes),
            )
        )
    return cases


def pairs(field: str) -> Dict[str, str]:
    """``south=e1 north=e9`` as a dict."""
    return dict(kv.split("=", 1) for kv in field.split())


@pytest.fixture
def classic() -> wallrush.Position:
    return wallrush.Position()
