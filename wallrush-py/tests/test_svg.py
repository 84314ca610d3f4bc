"""Board pictures: wallrush.svg.board, Position.svg and Game.svg / _repr_svg_, read back
with xml.etree."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import List

import pytest

import wallrush
import wallrush.svg
from wallrush import Game, InvalidTextError, Move, Position, Seat, Variant

NS = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return root


def with_class(root: ET.Element, cls: str) -> List[ET.Element]:
    """Elements whose class list is exactly ``cls`` or starts with it and a space."""
    return [e for e in root.iter() if e.get("class", "") == cls or e.get("class", "").startswith(cls + " ")]


def test_walls_and_pawns_are_counted() -> None:
    pos = Position()
    for m in ["e2", "e8", "d4h", "f5v", "a1h"]:
        pos = pos.play(m)
    root = parse(wallrush.svg.board(pos))
    walls = with_class(root, "wall")
    assert len(walls) == len(pos.walls) == 3
    assert {w.get("data-wall") for w in walls} == {str(w) for w in pos.walls}
    pawns = with_class(root, "pawn")
    assert len(pawns) == 2
    assert {p.get("data-square") for p in pawns} == {str(sq) for sq in pos.pawns.values()}
    assert {p.get("class") for p in pawns} == {"pawn south", "pawn north"}
    assert len(with_class(root, "coord file")) == 9 and len(with_class(root, "coord rank")) == 9


def test_four_seats_and_other_sizes() -> None:
    for variant in (Variant.four_player(), Variant(size=5, walls=3), Variant(size=27, players=4)):
        pos = Position(variant)
        root = parse(wallrush.svg.board(pos))
        assert len(with_class(root, "pawn")) == variant.players
        assert len(with_class(root, "goal")) == variant.players
        assert len(with_class(root, "coord file")) == variant.size


def test_options_map_onto_the_picture() -> None:
    pos = Position().play("e2").play("d7h")
    plain = parse(wallrush.svg.board(pos))
    assert with_class(plain, "route") == [] and with_class(plain, "move") == []
    assert with_class(plain, "last-move") == [] and with_class(plain, "candidate") == []
    full = parse(
        wallrush.svg.board(
            pos,
            size=360,
            routes=True,
            legal_moves=True,
            last_move="d7h",
            candidate_wall="d7v",
            coordinates=False,
        )
    )
    assert full.get("width") == full.get("height") == "360"
    assert {r.get("class") for r in with_class(full, "route")} == {"route south", "route north"}
    assert len(with_class(full, "move")) == len(pos.pawn_moves)
    assert [h.get("class") for h in with_class(full, "last-move")] == ["last-move halo"]
    refused = with_class(full, "candidate")
    assert [c.get("class") for c in refused] == ["candidate illegal"]
    title = refused[0].find(f"{NS}title")
    assert title is not None and title.text == "d7v crosses wall d7h"
    assert with_class(full, "coord") == []
    legal = parse(wallrush.svg.board(pos, candidate_wall=wallrush.Wall("a2h")))
    assert [c.get("class") for c in with_class(legal, "candidate")] == ["candidate legal"]
    # A pawn move with the square it came from.
    moved = parse(wallrush.svg.board(pos, last_move=Move("e3"), last_move_from="e2"))
    assert {h.get("class") for h in with_class(moved, "last-move")} == {"last-move to", "last-move from"}
    # Flipped: North's pawn is drawn where South's was.
    south_y = with_class(plain, "pawn south")[0].get("cy")
    flipped = parse(wallrush.svg.board(pos, flipped=True))
    assert with_class(flipped, "pawn north")[0].get("cy") != with_class(plain, "pawn north")[0].get("cy")
    assert with_class(flipped, "pawn south")[0].get("cy") != south_y
    assert wallrush.svg.board(pos, size=360) == pos.svg(size=360)


def test_games_highlight_their_last_move() -> None:
    game = Game()
    assert game._repr_svg_() == Position()._repr_svg_(), "nothing to highlight at the start"
    game.play("e2")
    root = parse(game._repr_svg_())
    marks = {e.get("class") for e in with_class(root, "last-move")}
    assert marks == {"last-move to", "last-move from"}
    assert wallrush.svg.board(game) == game.svg() == game._repr_svg_()
    game.play("d7h")
    root = parse(wallrush.svg.board(game, routes=True))
    assert [e.get("class") for e in with_class(root, "last-move")] == ["last-move halo"]
    assert len(with_class(root, "route")) == 2 and len(with_class(root, "wall")) == 1
    # Another last move overrides the game's own.
    other = parse(game.svg(last_move="e2", last_move_from="e1"))
    assert {e.get("class") for e in with_class(other, "last-move")} == {"last-move to", "last-move from"}
    # A resignation is not a move: nothing is highlighted, and no legal-move dots once over.
    game.resign(Seat.SOUTH)
    root = parse(game.svg(legal_moves=True))
    assert with_class(root, "last-move") == [] and with_class(root, "move") == []


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="expected a Position or a Game"):
        wallrush.svg.board("e2")  # type: ignore[arg-type]
    with pytest.raises(InvalidTextError):
        wallrush.svg.board(Position(), candidate_wall="d4x")
    with pytest.raises(InvalidTextError):
        Game().svg(last_move="zz")
