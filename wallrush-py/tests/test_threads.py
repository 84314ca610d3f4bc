"""Threads: long calls release the GIL (two threads run perft at once while Python goes
on), and one mutable object may be shared between threads."""

from __future__ import annotations

import copy
import sys
import threading
import time
from typing import Callable, Dict, List, Tuple

import pytest

from wallrush import (
    Beginner,
    DrawOptions,
    Game,
    IllegalMoveError,
    InvalidTextError,
    Position,
    RandomMover,
    Record,
    Variant,
    enclosure,
    wallgo,
)

# 7×7, 6 walls each: perft(4) is 23,458,826 nodes, a few tenths of a second.
POSITION = Position(Variant(size=7, walls=6))
DEPTH, NODES = 4, 23_458_826


def test_two_threads_run_perft_together() -> None:
    start = time.perf_counter()
    assert POSITION.perft(DEPTH) == NODES
    alone = time.perf_counter() - start

    results: Dict[int, int] = {}
    spans: Dict[int, Tuple[float, float]] = {}
    barrier = threading.Barrier(3)

    def work(i: int) -> None:
        barrier.wait()
        t0 = time.perf_counter()
        results[i] = POSITION.perft(DEPTH)
        spans[i] = (t0, time.perf_counter())

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    barrier.wait()
    # Meanwhile this thread keeps running Python: with the GIL held by perft it could
    # not, and its clock readings would show a gap as long as a whole perft.
    ticks: List[float] = []
    while any(t.is_alive() for t in threads):
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    for t in threads:
        t.join()

    assert results == {0: NODES, 1: NODES}
    (a0, a1), (b0, b1) = spans[0], spans[1]
    assert max(a0, b0) < min(a1, b1), "the two perft calls overlapped in time"
    longest_gap = max(b - a for a, b in zip(ticks, ticks[1:]))
    assert longest_gap < alone / 2, (longest_gap, alone)
    assert len(ticks) > 10


# ----- one mutable object shared between threads ---------------------------------------------
#
# Every mutable class holds its state behind a lock: calls from several threads take
# turns. Before, a refused move (its IllegalMoveError is built by running Python code,
# during which the interpreter switches threads) racing with a read raised
# "RuntimeError: Already borrowed" hundreds of thousands of times a second. The switch
# interval is made tiny so that threads switch inside nearly every call; each test does
# thousands of calls, and any exception other than the documented refusals fails it.


def hammer(workers: List[Callable[[int], object]], rounds: int = 3000) -> List[BaseException]:
    """Runs each worker `rounds` times in its own thread, all at once; returns every
    exception that is not a refusal (ValueError, IndexError)."""
    unexpected: List[BaseException] = []
    barrier = threading.Barrier(len(workers))

    def run(work: Callable[[int], object]) -> None:
        barrier.wait()
        for i in range(rounds):
            try:
                work(i)
            except (ValueError, IndexError):
                pass
            except BaseException as e:  # noqa: BLE001 - collected and reported
                unexpected.append(e)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=run, args=(w,)) for w in workers]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        assert not any(t.is_alive() for t in threads), "a thread is stuck: deadlock"
    finally:
        sys.setswitchinterval(old)
    return unexpected


def test_one_game_shared_by_threads_takes_turns() -> None:
    game = Game(Variant(size=5, walls=3))
    seen: List[int] = []

    def refuse(i: int) -> None:
        with pytest.raises(IllegalMoveError):
            game.push("a9h")  # off the board: refused, the game unchanged

    # The readers wait (at most 30 s) for the first move before they start, so that on a
    # loaded machine they cannot all finish before the player has moved at all.
    moved = threading.Event()

    def play(i: int) -> None:
        moves = list(game.legal_moves)
        if moves and i % 7:
            game.push(moves[i % len(moves)])
            moved.set()
        else:
            game.pop()

    def read(i: int) -> None:
        if i == 0:
            moved.wait(timeout=30)
        seen.append(len(game))
        game.position, game.turn, game.actions, game.outcome()
        game.is_legal("e2"), game.legal_actions(), str(game) if i % 10 == 0 else None

    assert hammer([refuse, play, read, read], rounds=2000) == []
    # The game is whole: replaying its actions from the start gives it again.
    again = Game.from_position(game.start)
    for a in game.actions:
        again.push(a)
    assert again == game and again.position == game.position
    assert max(seen) > 0


def test_text_moves_are_read_and_played_on_one_position() -> None:
    # WallRush text reads against the position (a jump letter must fit the move): each
    # thread plays text moves read from the position it just saw; whatever the
    # interleaving, a move is read and played under one lock, so the only refusals are
    # IllegalMoveError and the game stays whole.
    game = Game(draw=DrawOptions(ply_limit=200))

    def player(i: int) -> None:
        pos = game.position
        moves = list(pos.pawn_moves)
        if not moves or game.is_game_over():
            game.pop()
            return
        game.push(pos.write_move(moves[i % len(moves)], "wallrush"), "wallrush")

    assert hammer([player, player, player]) == []
    replay = Game.from_position(game.start, draw=game.draw)
    for a in game.actions:
        replay.push(a)
    assert replay == game


def test_records_territory_games_and_bots_shared_by_threads() -> None:
    record = Record()
    wg, eg = wallgo.Game(), enclosure.Game()
    beginner, mover = Beginner(1), RandomMover(2)
    wbot, ebot = wallgo.GreedyBot(3), enclosure.GreedyBot(4)

    def mutate(i: int) -> None:
        record.set_tag("bad name", "x") if i % 2 else record.set_tag("Event", str(i))
        try:
            wg.push("zz")
        except InvalidTextError:
            pass
        moves = wg.legal_moves
        wg.push(moves[i % len(moves)]) if moves and i % 5 else wg.pop()
        emoves = eg.legal_moves
        eg.push(emoves[i % len(emoves)]) if emoves and i % 5 else eg.pop()

    def read(i: int) -> None:
        record.players, record.tags, str(record), record.game
        wg.position, wg.turn, wg.tags, str(wg), wg.outcome()
        eg.position, eg.turn, eg.result, str(eg)
        beginner.choose(Position()), mover.choose(Position()), beginner.seed, repr(mover)
        wbot.choose(wg), ebot.choose(eg)

    assert hammer([mutate, read, read], rounds=600) == []
    assert wallgo.Game.from_record(str(wg)) == wg
    assert enclosure.Game.from_record(str(eg)) == eg


def test_games_compare_and_copy_while_shared() -> None:
    a, b = Game(), Game()

    def compare(i: int) -> None:
        assert a == a
        a == b, b == a, copy.copy(a), copy.deepcopy(b)
        Record(a).game = b

    def play(i: int) -> None:
        g = a if i % 2 else b
        moves = list(g.legal_moves)
        g.push(moves[i % len(moves)]) if moves and i % 3 else g.pop()

    assert hammer([compare, compare, play]) == []
