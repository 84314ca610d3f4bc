"""wallrush past one machine, on Ray (``pip install 'wallrush[ray]'``).

- :func:`perft`: a perft split at depth ``split`` into Ray tasks, each a native bulk
  perft run without the GIL; the per-root-move counts (a divide) and the total, kept in
  a SQLite checkpoint so an interrupted run resumes where it stopped.
- :func:`match`: the arena's game pairs as Ray tasks, counted on the driver by the
  arena's own code (results, records, the SPRT) in game order, so the results equal
  ``wallrush arena`` on the same seeds; outstanding pairs are cancelled once the SPRT
  crosses a bound.
- :func:`selfplay`: the arena's games turned into training rows (observation planes,
  legal-action mask, action played, the outcome for the mover, game and ply), written as
  a Ray Dataset to Parquet, with the records beside it.

The same code runs on one machine or a cluster: call ``ray.init()`` first (a local
instance, or the cluster named by ``RAY_ADDRESS``); when Ray is not initialized, each
function calls ``ray.init()`` itself. Workers share no disk: tasks get positions and
player specs as text and return counts, games and rows; only an external engine's
program path must exist on every worker. See docs/DISTRIBUTED.md.
"""

from __future__ import annotations

try:
    import ray as _ray  # noqa: F401
except ImportError as _err:  # pragma: no cover - depends on the environment
    raise ImportError("wallrush.distributed needs Ray: pip install 'wallrush[ray]'") from _err

from wallrush._distributed.match import MatchResult, match
from wallrush._distributed.perft import CheckpointMismatchError, PerftResult, perft
from wallrush._distributed.selfplay import SelfplayResult, selfplay

for _public in (CheckpointMismatchError, MatchResult, PerftResult, SelfplayResult, match, perft, selfplay):
    _public.__module__ = "wallrush.distributed"

__all__ = [
    "CheckpointMismatchError",
    "MatchResult",
    "PerftResult",
    "SelfplayResult",
    "match",
    "perft",
    "selfplay",
]
