"""Bots and analysis: Beginner, RandomMover, Analysis, MoveEffect."""

from __future__ import annotations

from typing import List, Union

import pytest

from wallrush import (
    Analysis,
    Beginner,
    DrawOptions,
    Game,
    InvalidTextError,
    Move,
    MoveEffect,
    Position,
    RandomMover,
    Seat,
    Variant,
)

Bot = Union[Beginner, RandomMover]


def rank(e: MoveEffect) -> float:
    """The beginner's score as a number: wins first, ignored walls last."""
    if e.is_win:
        return float("inf")
    return float("-inf") if e.points is None else float(e.points)


def two(south: str, north: str) -> Position:
    """A classic position with the two pawns placed, no walls, South to move."""
    return Position.from_setup(Variant(), {Seat.SOUTH: south, Seat.NORTH: north})


def play_out(start: Position, bots: List[Bot], max_plies: int = 400) -> List[Move]:
    """Plays bots in turn order from ``start`` until the game ends; returns the moves."""
    pos, moves = start, list[Move]()
    seats = list(start.variant.seats)
    while not pos.is_game_over() and len(moves) < max_plies:
        m = bots[seats.index(pos.turn) % len(bots)].choose(pos)
        assert m is not None and m in pos.legal_moves
        pos = pos.play(m)
        moves.append(m)
    return moves


def test_beginner_takes_the_win_and_is_seeded() -> None:
    pos = two("e8", "a2")
    for seed in range(10):
        assert Beginner(seed).choose(pos) == Move("e9")
    # Two winning moves (the diagonals beside North): seeds pick either.
    pos = two("e8", "e9")
    assert Beginner.candidates(pos) == [Move("d9"), Move("f9")]
    picks = {Beginner(seed).choose(pos) for seed in range(32)}
    assert picks == {Move("d9"), Move("f9")}
    # The same seed gives the same choice; the generator moves on with each choice.
    opening = Position()
    assert Beginner(42).choose(opening) == Beginner(42).choose(opening) == Move("e2")


def test_seeded_games_repeat_and_end() -> None:
    start = Position(Variant(size=5, walls=2))
    first = play_out(start, [Beginner(1), RandomMover(2)])
    again = play_out(start, [Beginner(1), RandomMover(2)])
    assert first == again
    end = start
    for m in first:
        end = end.play(m)
    outcome = end.outcome()
    assert outcome is not None and outcome.reason == "goal"
    # Four seats, the beginner against itself: someone gets there.
    four = play_out(Position(Variant(size=7, players=4, walls=2)), [Beginner(s) for s in range(4)])
    assert len(four) < 400


def test_bots_take_games_and_stop_when_they_are_over() -> None:
    game = Game(Variant(size=5, walls=0), draw=DrawOptions(ply_limit=2))
    bot = RandomMover(7)
    assert bot.seed == 7 and bot.name == "random" and repr(bot) == "RandomMover(seed=7)"
    while not game.is_game_over():
        m = bot.choose(game)
        assert m is not None
        game.push(m)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "ply_limit"
    # Over by its draw rules: no move, though the position alone goes on.
    assert bot.choose(game) is None and Beginner().choose(game) is None
    assert Beginner.candidates(game) == []
    assert Beginner().choose(game.position) is not None
    won = two("e9", "e5")  # South stands on its goal
    assert Beginner(3).choose(won) is None and RandomMover().choose(won) is None


def test_bad_arguments() -> None:
    for bad in (-1, 2**64):
        with pytest.raises(ValueError, match="seed .* is out of range"):
            Beginner(bad)
    with pytest.raises(TypeError):
        RandomMover("7")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a Position or a Game"):
        Beginner().choose("e2")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Analysis(None)  # type: ignore[arg-type]
    assert Beginner(2**64 - 1).seed == 2**64 - 1
    assert repr(Beginner(5)) == "Beginner(seed=5)" and Beginner().name == "beginner"


def test_analysis_of_the_documented_position() -> None:
    a = Analysis(two("c3", "g7"))
    assert a.routes == {Seat.SOUTH: 6, Seat.NORTH: 6}
    assert a.mover is Seat.SOUTH and a.opponent is Seat.NORTH and a.walls_considered
    assert str(a.best[0].move) == "c4"
    assert all(e.points == 1 for e in a.best)
    assert a.hint("g6h") == "g6h adds 1 to north's route and 0 to yours"
    assert a.hint(Move("c4")) == "c4 takes 1 off your route"
    assert a.hint("c2") == "c2 adds 1 to your route"
    assert a.hint("c5") is None  # not legal here
    with pytest.raises(InvalidTextError):
        a.hint("zz9")


def test_analysis_is_sorted_and_matches_the_position() -> None:
    pos = Position().play("e2").play("e8").play("e3").play("d7h")
    a = Analysis(pos)
    legal = list(pos.legal_moves)
    assert len(a) == len(legal) and sorted(str(e.move) for e in a) == sorted(map(str, legal))

    ranks = [rank(e) for e in a.moves]
    assert ranks == sorted(ranks, reverse=True)
    for x, y in zip(a.moves, a.moves[1:]):
        if rank(x) == rank(y):
            assert legal.index(x.move) < legal.index(y.move), "ties keep legal-move order"
    before = pos.route_lens()
    assert a.routes == before
    for e in a:
        child = pos.play(e.move)
        assert e.routes == child.route_lens()
        assert e.delta == {s: e.routes[s] - before[s] for s in before}
    assert [e.move for e in a.best] == Beginner.candidates(pos)
    effect = a.get("e4")
    assert effect is not None and effect == a.get(Move("e4")) and effect.points == 1
    assert a.get("e9") is None


def test_walls_ignored_when_ahead_and_wins() -> None:
    a = Analysis(two("e5", "a9"))
    assert not a.walls_considered
    walls = [e for e in a if e.move.is_wall]
    assert walls and all(e.is_ignored and e.points is None for e in walls)
    assert [str(e.move) for e in a.best] == ["e6"]
    assert a.get("a8h") is not None and a.hint("a8h") == "a8h adds 2 to north's route and 0 to yours"
    win = Analysis(two("e8", "a2")).best
    assert [str(e.move) for e in win] == ["e9"] and win[0].is_win and win[0].points is None
    assert win[0].routes[Seat.SOUTH] == 0
    assert "score=win" in repr(win[0])


def test_analysis_of_a_finished_game_is_empty() -> None:
    over = two("e9", "e5")  # South stands on its goal
    a = Analysis(over)
    assert len(a) == 0 and a.best == [] and a.opponent is None
    assert "best: none" in repr(a)


def test_four_seat_hints_name_every_seat_that_changes() -> None:
    pos = Position(Variant.four_player())
    a = Analysis(pos)
    assert a.opponent is Seat.WEST and set(a.routes) == {Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST}
    for e in a:
        hint = a.hint(e.move)
        assert hint is not None and hint.startswith(str(e.move))
        if e.move.is_wall:
            for seat, d in e.delta.items():
                if d and seat not in (Seat.SOUTH, Seat.WEST):
                    assert f"{d} to {seat}'s" in hint
