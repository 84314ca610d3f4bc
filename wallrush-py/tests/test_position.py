"""Position behaviour: playing, legal-move views, routes, previews, outcomes."""

from __future__ import annotations

import pytest

from wallrush import (
    IllegalMoveError,
    InvalidTextError,
    Move,
    Outcome,
    Position,
    Seat,
    Square,
    Variant,
    Wall,
)


def test_opening(classic: Position) -> None:
    assert classic.variant == Variant.classic()
    assert classic.turn is Seat.SOUTH
    assert classic.pawns == {Seat.SOUTH: Square("e1"), Seat.NORTH: Square("e9")}
    assert classic.pawn("west") is None
    assert classic.walls == [] and classic.walls_left(Seat.NORTH) == 10
    assert classic.walls_left(Seat.WEST) == 0
    assert classic.seats_in_play == (Seat.SOUTH, Seat.NORTH)
    assert classic.outcome() is None and not classic.is_game_over()
    assert classic.passes == 0


def test_legal_moves_view(classic: Position) -> None:
    moves = classic.legal_moves
    assert len(moves) == 131 and bool(moves)
    listed = list(moves)
    assert len(listed) == 131 and len(set(listed)) == 131
    assert listed[:3] == [Move("d1"), Move("f1"), Move("e2")]
    assert listed[3] == Move("a1h") and listed[-1] == Move("h8v")
    assert "e2" in moves and Move("e2") in moves and Square("e2") in moves
    assert Wall("d4h") in moves and "d4h" in moves
    assert "e3" not in moves and "pass" not in moves
    # Text that is not a move, and other objects, are simply not in it.
    assert "zz" not in moves and 42 not in moves and None not in moves
    assert moves.position is classic
    assert repr(moves).startswith("<LegalMoves at 0x") and "d1, f1, e2, a1h" in repr(moves)
    pawns = classic.pawn_moves
    assert len(pawns) == 3 and list(pawns) == listed[:3]
    assert "e2" in pawns and "d4h" not in pawns
    assert repr(pawns).startswith("<PawnMoves at 0x")


def test_every_listed_move_is_legal_and_len_matches_iteration() -> None:
    pos = Position(Variant(size=5, players=4, walls=2))
    for _ in range(12):
        listed = list(pos.legal_moves)
        assert len(pos.legal_moves) == len(listed)
        for m in listed:
            assert pos.is_legal(m) and m in pos.legal_moves
        pos = pos.play(listed[len(listed) // 2])


def test_play_returns_new_position(classic: Position) -> None:
    after = classic.play("e2")
    assert classic.turn is Seat.SOUTH and after.turn is Seat.NORTH
    assert after.pawn(Seat.SOUTH) == Square("e2")
    assert classic.play(Move("e2")) == classic.play(Square("e2")) == after
    assert classic.play_unchecked(Move("e2")) == after
    walled = classic.play("d4h")
    assert walled.walls == [Wall("d4h")] and walled.walls_left("south") == 9
    assert classic.play(Wall("d4h")) == walled
    with pytest.raises(TypeError):
        classic.play_unchecked("e2")  # type: ignore[arg-type]  # Move objects only


def test_jumps_and_kinds() -> None:
    pos = Position.from_setup(Variant(), pawns={"south": "e4", "north": "e5"})
    assert pos.pawn_move_kind("e6") == "jump"
    assert pos.pawn_move_kind("d4") == "step"
    assert pos.pawn_move_kind("e5") is None and pos.pawn_move_kind("z9") is None
    blocked = Position.from_setup(
        Variant(), pawns={"south": "e4", "north": "e5"}, walls=["e5h"], walls_left={"north": 9}
    )
    assert blocked.pawn_move_kind("d5") == "diagonal"


def test_routes_and_previews(classic: Position) -> None:
    assert classic.route_len(Seat.SOUTH) == 8 and classic.route_len("west") is None
    assert classic.route_lens() == {Seat.SOUTH: 8, Seat.NORTH: 8}
    route = classic.route(Seat.NORTH)
    assert route is not None and len(route) == 9
    assert route[0] == Square("e9") and route[-1].rank == 0
    assert all(abs(a.file - b.file) + abs(a.rank - b.rank) == 1 for a, b in zip(route, route[1:]))
    assert classic.route("east") is None
    assert classic.preview_wall("d1h") == {Seat.SOUTH: 9, Seat.NORTH: 9}
    assert classic.preview_wall(Wall("a4h")) == {Seat.SOUTH: 8, Seat.NORTH: 8}
    after = classic.play("d1h")
    assert after.route_lens() == classic.preview_wall("d1h")
    assert classic.is_open("e1", "e2") and not after.is_open("e1", "e2")
    assert not classic.is_open("e1", "e3")
    assert classic.is_goal("south", "a9") and not classic.is_goal("north", "a9")


def test_win_by_goal() -> None:
    pos = Position(Variant(size=3, walls=0))
    for m in ["a1", "c3", "a2", "c2", "a3"]:
        pos = pos.play(m)
    assert pos.outcome() == Outcome(Seat.SOUTH, "goal")
    assert pos.is_game_over() and len(pos.legal_moves) == 0 and not pos.legal_moves
    assert list(pos.legal_moves) == [] and pos.perft(1) == 0 and pos.perft(0) == 1


def test_resignation() -> None:
    two = Position().resign()
    assert two.outcome() == Outcome(Seat.NORTH, "resignation")
    four = Position(Variant.four_player()).resign("west")
    assert four.seats_in_play == (Seat.SOUTH, Seat.NORTH, Seat.EAST)
    assert four.pawn(Seat.WEST) is None and four.outcome() is None
    four = four.resign(Seat.NORTH).resign(Seat.EAST)
    assert four.outcome() == Outcome(Seat.SOUTH, "resignation")


def boxed_in() -> Position:
    """South at a1 with no move: a wall on its right, two pawns in a row above it."""
    return Position.from_setup(
        Variant(size=5, players=4, walls=1),
        pawns={"south": "a1", "west": "a2", "north": "a3", "east": "e3"},
        walls=["a1v"],
        walls_left={"south": 0},
    )


def test_forced_pass() -> None:
    pos = boxed_in()
    assert list(pos.legal_moves) == [Move.PASS] and len(pos.legal_moves) == 1
    assert "pass" in pos.legal_moves and len(pos.pawn_moves) == 0
    after = pos.play("pass")
    assert after.turn is Seat.WEST and after.passes == 1
    with pytest.raises(IllegalMoveError, match="^e1 is not a legal pawn move$"):
        pos.play("e1")


def test_perft_and_divide_small() -> None:
    pos = Position(Variant(size=5, walls=1))
    counts = pos.divide(3)
    assert sum(counts.values()) == pos.perft(3)
    assert all(isinstance(m, Move) for m in counts)
    assert pos.divide(0) == {}


def test_perft_over_threads_with_a_table_counts_the_same() -> None:
    assert Position().perft(3, threads=2, hash_mb=8) == 2_062_264
    for variant, depth in [(Variant(size=5, players=4, walls=3), 4), (Variant(size=7, walls=4, wall_length=3), 3)]:
        pos = Position(variant).play("c2" if variant.size == 5 else "d2")
        plain = pos.perft(depth)
        assert pos.perft(depth, threads=2) == plain
        assert pos.perft(depth, hash_mb=1) == plain
        assert pos.perft(depth, threads=3, hash_mb=2) == plain
        assert pos.divide(depth, threads=2, hash_mb=1) == pos.divide(depth)


def test_perft_refuses_bad_threads_and_hash() -> None:
    pos = Position()
    with pytest.raises(ValueError, match="threads must be 1 ..= 1024, not 0"):
        pos.perft(2, threads=0)
    with pytest.raises(ValueError, match="hash must be 0 ..= 65536 MiB, not 100000"):
        pos.perft(2, hash_mb=100_000)
    with pytest.raises(ValueError, match="threads must be 1 ..= 1024, not 0"):
        pos.divide(2, threads=0)
    with pytest.raises(ValueError):
        pos.perft(2, threads=-1)
    with pytest.raises(TypeError):
        pos.perft(2, 2)  # type: ignore[call-arg]


def test_svg_pictures() -> None:
    import xml.etree.ElementTree as ET

    pos = Position().play("d4h")
    text = pos.svg(size=300, routes=True, last_move="d4h", candidate_wall="d4v")
    root = ET.fromstring(text)  # well-formed XML
    assert root.get("width") == "300"
    assert text.count('class="wall"') == 1 and 'data-wall="d4h"' in text
    assert text.count('class="route ') == 2
    assert 'class="candidate illegal"' in text and "last-move halo" in text
    assert 'class="candidate legal"' in pos.svg(candidate_wall=Wall("a1h"))
    moved = pos.play("e8")
    dots = moved.svg(legal_moves=True, last_move="e8", last_move_from="e9")
    assert dots.count('class="move"') == len(moved.pawn_moves) and "last-move from" in dots
    assert pos._repr_svg_() == pos.svg()
    assert "coord" not in pos.svg(coordinates=False)
    with pytest.raises(InvalidTextError):
        pos.svg(last_move="zz")
