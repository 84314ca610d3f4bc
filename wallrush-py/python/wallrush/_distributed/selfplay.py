"""Self-play training data: the arena's games as rows of a Ray Dataset, in Parquet."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import ray

from wallrush._wallrush import ArenaGame, ArenaMatch, Position, Variant
from wallrush._distributed.progress import Progress
from wallrush._distributed.start import ensure_ray, refuse_used_folder

# The outcome of each result for the player it belongs to.
_POINTS = {"win": 1.0, "draw": 0.0, "loss": -1.0}


@dataclass
class SelfplayResult:
    """Where the data went: ``positions`` (the Parquet folder), ``records`` (the
    games' records), ``games`` played and ``rows`` written."""

    positions: str
    records: str
    games: int
    rows: int


def _rows(games: List[ArenaGame]) -> Any:
    """One row a position before each move: the game, the ply, the seat to move, the
    observation planes, the legal-action mask, the action played and the game's outcome
    for the mover (1 win, 0 draw, -1 loss), in the encoding of ``wallrush.agents`` and
    ``wallrush.rl``."""
    import numpy as np
    import pyarrow as pa  # type: ignore[import-untyped, unused-ignore]
    from ray.data.extensions import ArrowTensorArray

    game_ids: List[int] = []
    plies: List[int] = []
    seats: List[str] = []
    observations: List[Any] = []
    masks: List[Any] = []
    actions: List[int] = []
    outcomes: List[float] = []
    for g in games:
        pos = Position(g.variant)
        for ply, action in enumerate(g.actions):
            seat = pos.turn
            points = _POINTS[g.result]
            game_ids.append(g.index)
            plies.append(ply)
            seats.append(seat.name.lower())
            observations.append(pos.observation(numpy=True))
            masks.append(pos.legal_action_mask(numpy=True))
            actions.append(action)
            outcomes.append(points if g.player_of(seat) == 0 else -points)
            pos = pos.play_action(action)
    n = len(actions)
    return pa.table(
        {
            "game": pa.array(game_ids, pa.int64()),
            "ply": pa.array(plies, pa.int32()),
            "seat": pa.array(seats, pa.string()),
            "observation": ArrowTensorArray.from_numpy(np.stack(observations) if n else np.zeros((0, 1), np.float32)),
            "action_mask": ArrowTensorArray.from_numpy(np.stack(masks) if n else np.zeros((0, 1), np.bool_)),
            "action": pa.array(actions, pa.int64()),
            "outcome": pa.array(outcomes, pa.float32()),
        }
    )


@ray.remote(num_returns=2)
def _pair(config: Dict[str, Any], pair: int) -> Tuple[List[ArenaGame], Any]:
    games = ArenaMatch(**config).play_pair(pair)
    return games, _rows(games)


def _driver_node_strategy() -> Any:
    """Pins the Parquet writes to the driver's machine, so a local folder needs no
    disk shared with the workers."""
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    return NodeAffinitySchedulingStrategy(node_id=ray.get_runtime_context().get_node_id(), soft=False)


def selfplay(
    engines: Union[str, Sequence[str]],
    *,
    games: int = 20,
    path: Union[str, os.PathLike[str]],
    seed: int = 1,
    variant: Optional[Variant] = None,
    ms: Optional[int] = None,
    opening: int = 4,
    max_plies: int = 200,
    notation: Optional[str] = None,
    progress: bool = True,
) -> SelfplayResult:
    """Plays ``games`` games of the arena (``engines``: one player spec that plays
    itself, or two, A and B; the arena's options otherwise), each pair a Ray task, and
    writes ``path``/positions, a Ray Dataset in Parquet with one row a position:

    ``game`` (int64) and ``ply`` (int32), ``seat`` (the mover: south, west, north,
    east), ``observation`` (float32 planes, ``wallrush.agents.observation_shape``),
    ``action_mask`` (bool, ``num_actions``: the legal actions), ``action`` (int64, the
    action played) and ``outcome`` (float32: the game's result for the mover, 1, 0 or
    -1; a game stopped at the ply cap counts as the arena adjudicates it).

    The games' records go to ``path``/records (``game-NNN.txt``, as ``wallrush
    selfplay`` writes them). ``path`` is a folder on the driver's machine: the records
    are written by the driver and the Parquet files by tasks pinned to its machine, so
    the workers need no shared disk. Read the rows back with
    ``ray.data.read_parquet(path + '/positions')``.

    Raises ValueError, before any task starts, for the arena's bad options or a ``path``
    holding an earlier run's records or rows.
    """
    if isinstance(engines, str):
        a, b = engines, engines
    else:
        if len(engines) != 2:
            raise ValueError(f"engines: one player spec or two, not {len(engines)}")
        a, b = engines[0], engines[1]
    target = Path(path)
    records = target / "records"
    positions = target / "positions"
    config: Dict[str, Any] = dict(
        variant=variant, games=games, ms=ms, seed=seed, opening=opening, max_plies=max_plies
    )
    driver = ArenaMatch(a, b, out=records, notation=notation, event="wallrush selfplay", **config)
    refuse_used_folder(records, "records", "game-*.txt")
    refuse_used_folder(positions, "positions", "*")
    ensure_ray()
    worker = dict(config, a=a, b=b)
    pairs = (driver.games + 1) // 2
    # Two results a task: the games (fetched here) and their rows (left in the object
    # store until the Parquet files are written).
    refs: List[Any] = [_pair.remote(worker, p) for p in range(pairs)]
    bar = Progress(f"selfplay {driver.games} games", driver.games, enabled=progress)
    table_refs = []
    waiting: Dict[int, ArenaGame] = {}
    next_game = 0
    rows = 0
    games_left = {g: t for g, t in refs}
    try:
        while games_left:
            ready, _ = ray.wait(list(games_left), num_returns=1)
            for ref in ready:
                table_refs.append(games_left.pop(ref))
                for game in ray.get(ref):
                    waiting[game.index] = game
            while next_game in waiting:
                game = waiting.pop(next_game)
                driver.count(game)
                rows += game.plies
                next_game += 1
                bar.advance()
    finally:
        for ref in games_left:
            ray.cancel(ref, force=True)
        bar.close()
    dataset = ray.data.from_arrow_refs(table_refs)
    dataset.write_parquet(os.fspath(positions), ray_remote_args={"scheduling_strategy": _driver_node_strategy()})
    if progress:
        print(f"selfplay: {driver.games} games, {rows} positions in {positions}", file=sys.stderr, flush=True)
    return SelfplayResult(positions=os.fspath(positions), records=os.fspath(records), games=driver.games, rows=rows)

