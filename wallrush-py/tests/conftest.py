"""Shared helpers: where the repository's data files are, and the one reader of them
(the Rust tests have the other, in wallrush-core/tests/common/data.rs).

Each file is ``#`` comments, blank lines, and records of ``;``-separated fields. A variant
is written in its own text (``Variant.from_text``) and a position in its one-line text
(``Position.from_text``):

- ``data/perft.txt``: ``variant ; moves from its start (or -) ; depth ; nodes``;
- ``data/worked.txt``: ``name ; position ; the mover's legal pawn moves (sorted) ;
  legal walls (count, or -) ; route lengths (seat=length, or -)``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Dict, List, NamedTuple, Optional

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


class WorkedCase(NamedTuple):
    """One line of data/worked.txt."""

    name: str
    text: str
    position: wallrush.Position
    pawn_moves: List[str]
    wall_count: Optional[int]
    route_lens: Dict[str, int]


def records(name: str, fields: int) -> List[List[str]]:
    """The ``;``-separated fields, trimmed, of the non-comment, non-empty lines of
    ``data/<name>``, each line holding ``fields`` of them."""
    text = (DATA / name).read_text(encoding="utf-8")
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = [f.strip() for f in line.split(";")]
        assert len(parts) == fields, f"data/{name} line {number}: expected {fields} fields"
        out.append(parts)
    return out


def perft_cases() -> List[PerftCase]:
    return [
        PerftCase(
            wallrush.Variant.from_text(variant),
            [] if moves == "-" else moves.split(),
            int(depth),
            int(nodes),
        )
        for variant, moves, depth, nodes in records("perft.txt", 4)
    ]


def worked_cases() -> List[WorkedCase]:
    return [
        WorkedCase(
            name,
            text,
            wallrush.Position.from_text(text),
            pawn_moves.split(),
            None if wall_count == "-" else int(wall_count),
            {}
            if routes == "-"
            else {seat: int(n) for seat, n in (kv.split("=", 1) for kv in routes.split())},
        )
        for name, text, pawn_moves, wall_count, routes in records("worked.txt", 5)
    ]


@pytest.fixture
def classic() -> wallrush.Position:
    return wallrush.Position()
