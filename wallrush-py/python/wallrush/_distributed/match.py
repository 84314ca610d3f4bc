"""The arena's game pairs as Ray tasks, counted on the driver by the arena."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple, Union

import ray

from wallrush._wallrush import ArenaGame, ArenaMatch, Variant
from wallrush._distributed.start import ensure_ray, refuse_used_folder


@dataclass
class MatchResult:
    """A match's outcome, as the arena reports it.

    ``lines`` are the arena's progress lines, one a game in game order; ``results``
    the games counted ``(index, south, result, reason, plies)`` (``ArenaMatch.results``);
    ``wdl`` and ``pentanomial`` A's totals; ``llr`` and ``stopped`` (``'H0'``, ``'H1'``
    or None) the SPRT's; ``summary`` the arena's summary text; ``records`` the record
    files written; ``cancelled`` the pairs started but not counted once a bound was
    crossed."""

    lines: List[str]
    results: List[Tuple[int, int, str, str, int]]
    wdl: Tuple[int, int, int]
    pentanomial: Tuple[int, int, int, int, int]
    llr: Optional[float]
    stopped: Optional[str]
    summary: str
    records: List[str] = field(default_factory=list)
    cancelled: int = 0


@ray.remote
def _pair(config: Dict[str, Any], pair: int) -> List[ArenaGame]:
    # Plays without the GIL; the games travel back pickled (their moves, not positions).
    return ArenaMatch(**config).play_pair(pair)


def _in_flight() -> int:
    """Pairs kept running at once: twice the cluster's CPUs, so workers never wait for
    the driver, and few enough that a crossed SPRT bound leaves little to cancel."""
    cpus = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]
    return max(2, 2 * cpus)


def match(
    a: str,
    b: str,
    *,
    games: Optional[int] = None,
    sprt: Optional[str] = None,
    seed: int = 1,
    variant: Optional[Variant] = None,
    ms: Optional[int] = None,
    opening: int = 4,
    max_plies: int = 200,
    out: Union[str, os.PathLike[str], None] = None,
    notation: Optional[str] = None,
    event: str = "wallrush arena",
    progress: bool = True,
) -> MatchResult:
    """Plays ``a`` against ``b`` as ``wallrush arena`` does, each game pair a Ray task.

    Players are the arena's (``strong:n2000`` (nodes), ``strong:50`` (ms), ``beginner``,
    ``random``, ``uci:PROGRAM``, ``wallrush:PATH``, …); a program must be at the same
    path on every worker. The other options are the arena's (``games``: 20, or up to
    100000 with an SPRT; ``sprt``: ``'elo0=0,elo1=5'``). Each task plays one pair (the
    same opening, colours swapped) with the arena's own code; the driver counts the
    games in game order with the arena's own totals, records (``out``, written on the
    driver) and SPRT, so the results, records and statistics are those of ``wallrush
    arena`` with the same options and seed (at node or depth budgets; with a clock, as
    reproducible as the arena's own). When the SPRT crosses a bound the outstanding
    tasks are cancelled. ``progress``: the arena's progress lines on standard error.

    Raises ValueError for the arena's bad options (as :class:`ArenaMatch`), an ``out``
    folder holding an earlier run's records (before any task starts), and a player that
    cannot start on a worker.
    """
    config: Dict[str, Any] = dict(
        variant=variant, games=games, ms=ms, seed=seed, opening=opening, max_plies=max_plies, sprt=sprt
    )
    driver = ArenaMatch(a, b, out=out, notation=notation, event=event, **config)
    refuse_used_folder(out, "out", "game-*.txt")
    worker = dict(config, a=a, b=b)
    ensure_ray()
    pairs = (driver.games + 1) // 2
    window = _in_flight()
    running: Dict[ray.ObjectRef[List[ArenaGame]], int] = {}
    waiting: Dict[int, ArenaGame] = {}
    lines: List[str] = []
    next_pair = 0
    next_game = 0
    cancelled = 0
    task = _pair.options(num_cpus=1)
    try:
        while next_game < driver.games and driver.stopped is None:
            while next_pair < pairs and len(running) < window:
                running[task.remote(worker, next_pair)] = next_pair
                next_pair += 1
            ready, _ = ray.wait(list(running), num_returns=1)
            for ref in ready:
                del running[ref]
                for game in ray.get(ref):
                    waiting[game.index] = game
            # The arena counts games in their order, so an SPRT stops where it does.
            while next_game in waiting and driver.stopped is None:
                line = driver.count(waiting.pop(next_game))
                lines.append(line)
                if progress:
                    print(line, file=sys.stderr, flush=True)
                next_game += 1
    finally:
        for ref in running:
            ray.cancel(ref, force=True)
        cancelled = len(running)
    return MatchResult(
        lines=lines,
        results=driver.results,
        wdl=driver.wdl,
        pentanomial=driver.pentanomial,
        llr=driver.llr,
        stopped=driver.stopped,
        summary=driver.summary(),
        records=[os.fspath(p) for p in driver.records],
        cancelled=cancelled,
    )
