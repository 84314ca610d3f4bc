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
    game.push("e2")
    root = parse(game._repr_svg_())
    marks = {e.get("class") for e in with_class(root, "last-move")}
    assert marks == {"last-move to", "last-move from"}
    assert wallrush.svg.board(game) == game.svg() == game._repr_svg_()
    game.push("d7h")
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
    with pytest.raises(TypeError, match="expected a position or a game to draw, not str"):
        wallrush.svg.board("e2")  # type: ignore[arg-type]
    with pytest.raises(InvalidTextError):
        wallrush.svg.board(Position(), candidate_wall="d4x")
    with pytest.raises(InvalidTextError):
        Game().svg(last_move="zz")


def test_wall_go_pictures() -> None:
    from wallrush import wallgo

    game = wallgo.Game()
    start = parse(wallrush.svg.board(game))
    assert len(with_class(start, "piece")) == 8 and len(with_class(start, "legend")) == 2
    assert with_class(start, "last-move") == [] and with_class(start, "wall") == []
    game.push("b2-c3n")
    root = parse(wallrush.svg.board(game))
    walls = with_class(root, "wall")
    assert [(w.get("class"), w.get("data-wall")) for w in walls] == [("wall red", "c3n")]
    assert {e.get("class") for e in with_class(root, "last-move")} >= {"last-move from", "last-move to"}
    assert game._repr_svg_() == game.svg() == wallrush.svg.board(game)
    pos = game.position
    assert pos._repr_svg_() == pos.svg() and with_class(parse(pos.svg()), "last-move") == []
    bare = parse(wallrush.svg.board(pos, legend=False, coordinates=False, size=600, last_move="b2-c3n"))
    assert with_class(bare, "legend") == [] and with_class(bare, "coord") == []
    assert bare.get("width") == "600" and with_class(bare, "last-move")
    # A finished four-player game: every region is somebody's territory or empty.
    four = wallgo.Game(4)
    bot = wallgo.GreedyBot(5)
    while (m := bot.choose(four)) is not None:
        four.push(m)
    root = parse(four.svg())
    regions = with_class(root, "region")
    assert len(regions) == len(four.position.regions)
    assert not [r for r in regions if r.get("class") == "region shared"]
    assert len(with_class(root, "wall")) == len(four.position.walls)


def test_enclosure_pictures() -> None:
    from wallrush import enclosure

    game = enclosure.Game(enclosure.Player.ONE)
    game.push("C3n b2-b3")
    root = parse(wallrush.svg.board(game))
    assert len([e for e in root.iter() if e.get("class") == "piece p1 active"]) == 3
    assert [w.get("data-wall") for w in with_class(root, "wall")] == ["c3n"]
    spent = [e.get("data-card", "") for e in with_class(root, "card") if "spent" in e.get("class", "")]
    assert sorted(spent) == ["3", "C"]
    assert with_class(root, "last-move") and game._repr_svg_() == game.svg()
    plain = parse(game.position.svg(legend=False))
    assert with_class(plain, "legend") == [] and with_class(plain, "last-move") == []
    assert game.position._repr_svg_() == game.position.svg()


def test_options_must_fit_the_game() -> None:
    from wallrush import enclosure, wallgo

    with pytest.raises(ValueError, match="flipped is not an option"):
        wallrush.svg.board(wallgo.Position(), flipped=True)
    with pytest.raises(ValueError, match="candidate_wall is not an option"):
        wallrush.svg.board(enclosure.Position(), candidate_wall="d4h")
    # The legend is an option of every game's pictures: off for Quoridor.
    assert "legend" not in wallrush.svg.board(Position(), legend=False)
    with pytest.raises(TypeError):
        wallrush.svg.board(wallgo.Game(), last_move=enclosure.Move("C4x"))
    with pytest.raises(TypeError):
        wallrush.svg.board(Position(), last_move=wallgo.Move("b2n"))
    with pytest.raises(InvalidTextError):
        wallgo.Position().svg(last_move="b2")


def test_the_quoridor_legend() -> None:
    pos = Position().play("e2").play("d7h")
    root = parse(wallrush.svg.board(pos, legend=True))
    status = with_class(root, "legend status")
    assert [t.text for t in status] == ["south to move"]
    assert any(e.get("class") == "legend south turn" for e in root.iter())
    texts = [t.text for g in with_class(root, "legend") for t in g.iter("{http://www.w3.org/2000/svg}text")]
    assert f"south: 10 walls, route {pos.route_len(Seat.SOUTH)}" in texts
    assert f"north: 9 walls, route {pos.route_len(Seat.NORTH)}" in texts
    assert root.get("height") != root.get("width")  # the rows under the board
    assert "legend" not in wallrush.svg.board(pos)  # off by default
    # A game tells its own outcome, draw rules included; four seats list every seat.
    game = Game(draw=wallrush.DrawOptions(ply_limit=1))
    game.push("e2")
    drawn = parse(game.svg(legend=True))
    assert [t.text for t in with_class(drawn, "legend status")] == ["draw by ply limit"]
    four = Game(Variant.four_player())
    four.resign(Seat.WEST)
    text = wallrush.svg.board(four, legend=True)
    assert "west: resigned" in text and text.count('class="legend ') == 5
    for seat in ("south", "north", "east"):
        assert f"{seat}: 5 walls, route 8" in text
