"""Long calls release the GIL: two threads run perft at once while Python goes on."""

from __future__ import annotations

import threading
import time
from typing import Dict, List, Tuple

from wallrush import Position, Variant

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
