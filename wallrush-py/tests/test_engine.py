"""The strong engine: Engine.search, SearchResult, the Strong bot, and searches running
without the GIL."""

from __future__ import annotations

import threading
import time
from typing import Dict, List, Tuple

import pytest

from wallrush import DrawOptions, Engine, Game, Move, Position, SearchResult, Seat, Strong, Variant

SMALL = 1 << 14


def two(south: str, north: str) -> Position:
    return Position.from_setup(Variant(), {Seat.SOUTH: south, Seat.NORTH: north})


def test_search_to_a_depth() -> None:
    engine = Engine(table_size=SMALL)
    assert engine.table_size == SMALL and repr(engine) == f"Engine(table_size={SMALL})"
    r = engine.search(Position(), depth=2)
    assert isinstance(r, SearchResult)
    assert r.best is not None and r.best in Position().legal_moves
    assert r.depth == 2 and r.nodes > 0 and r.pv[0] == r.best and len(r.pv) <= 2
    assert r.mate_in is None and abs(r.score) < Engine.WIN // 2


def test_finds_the_win_and_the_block() -> None:
    engine = Engine(table_size=SMALL)
    r = engine.search(two("a8", "i2"), depth=3)
    assert r.best == Move("a9") and r.mate_in == 1 and r.score == Engine.WIN - 1
    # North one step from its goal, South far away with walls: South must wall.
    r = engine.search(two("a1", "e2"), depth=2)
    assert r.best is not None and r.best.is_wall
    # A solved 5×5 race: North wins; the principal variation plays it out.
    start = Position(Variant(size=5, walls=0))
    r = engine.search(start, depth=16)
    assert r.mate_in is not None and r.mate_in < 0
    pos = start
    for m in r.pv:
        pos = pos.play(m)
    assert len(r.pv) == -r.mate_in
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner is Seat.NORTH


def test_node_budget_is_deterministic_and_results_compare() -> None:
    a = Engine(table_size=SMALL).search(Position(), nodes=3000)
    b = Engine(table_size=SMALL).search(Position(), nodes=3000)
    assert a == b and a.nodes >= 3000
    assert "best=Move(" in repr(a) and "nodes=" in repr(a)
    with pytest.raises(TypeError):
        hash(a)


def test_time_limit_and_games() -> None:
    engine = Engine(table_size=SMALL)
    start = time.perf_counter()
    r = engine.search(Position(), time=0.05)
    assert time.perf_counter() - start < 2.0 and r.best is not None
    game = Game()
    game.push("e2")
    r = engine.search(game, depth=1)
    assert r.best is not None and game.position.is_legal(r.best)
    engine.clear()
    # Four seats: max-n search.
    r = engine.search(Position(Variant.four_player()), depth=2)
    assert r.best is not None
    # A finished game: no move.
    over = two("e9", "e5")  # South stands on its goal
    r = engine.search(over, depth=3)
    assert r.best is None and r.pv == [] and r.depth == 0


def test_limits_are_checked() -> None:
    engine = Engine(table_size=SMALL)
    with pytest.raises(ValueError, match="give a limit"):
        engine.search(Position())
    with pytest.raises(ValueError, match="depth 0 is out of range: 1 ..= 127"):
        engine.search(Position(), depth=0)
    with pytest.raises(ValueError, match="depth 128"):
        engine.search(Position(), depth=128)
    with pytest.raises(ValueError, match="nodes -5"):
        engine.search(Position(), nodes=-5)
    for bad in (0, -1.0, float("nan"), float("inf"), 1e300):
        with pytest.raises(ValueError, match="time"):
            engine.search(Position(), time=bad)
    with pytest.raises(TypeError):
        engine.search(Position(), depth="3")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        engine.search(Position(), time="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        engine.search("e2", depth=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="table_size"):
        Engine(table_size=0)
    with pytest.raises(ValueError, match="table_size"):
        Engine(table_size=1 << 40)
    assert Engine(table_size=5).table_size == 1024


def test_strong_bot() -> None:
    bot = Strong(depth=2)
    assert bot.name == "strong" and bot.last is None and repr(bot) == "Strong(depth=2)"
    pos = Position()
    m = bot.choose(pos)
    assert m is not None and m in pos.legal_moves
    last = bot.last
    assert last is not None and last.best == m and last.depth == 2
    assert repr(Strong(nodes=100, time=0.5)) == "Strong(nodes=100, time=0.5)"
    with pytest.raises(ValueError, match="give a limit"):
        Strong()
    # A short game against itself on a small board (capped by a ply limit) ends.
    game = Game(Variant(size=5, walls=1), draw=DrawOptions(ply_limit=100))
    while not game.is_game_over():
        move = bot.choose(game)
        assert move is not None
        game.push(move)
    assert game.outcome() is not None
    assert bot.choose(game) is None


# About a third of a second on a release build.
NODES = 60_000


def test_two_threads_search_together() -> None:
    pos = Position()
    start = time.perf_counter()
    expected = Engine(table_size=SMALL).search(pos, nodes=NODES)
    alone = time.perf_counter() - start

    engines = [Engine(table_size=SMALL) for _ in range(2)]
    results: Dict[int, SearchResult] = {}
    spans: Dict[int, Tuple[float, float]] = {}
    barrier = threading.Barrier(3)

    def work(i: int) -> None:
        barrier.wait()
        t0 = time.perf_counter()
        results[i] = engines[i].search(pos, nodes=NODES)
        spans[i] = (t0, time.perf_counter())

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    barrier.wait()
    # Meanwhile this thread keeps running Python: with the GIL held by a search it could
    # not, and its clock readings would show a gap as long as a whole search.
    ticks: List[float] = []
    while any(t.is_alive() for t in threads):
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    for t in threads:
        t.join()

    assert results == {0: expected, 1: expected}, "node-limited searches are deterministic"
    (a0, a1), (b0, b1) = spans[0], spans[1]
    assert max(a0, b0) < min(a1, b1), "the two searches overlapped in time"
    longest_gap = max(b - a for a, b in zip(ticks, ticks[1:]))
    assert longest_gap < alone / 2, (longest_gap, alone)


def test_one_engine_shared_by_two_threads_searches_in_turn() -> None:
    engine = Engine(table_size=SMALL)
    results: List[SearchResult] = []

    def work() -> None:
        results.append(engine.search(Position(), depth=3))

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 2 and all(r.best is not None and r.depth == 3 for r in results)
