"""Reinforcement-learning environments, in the ecosystem's conventions
(``pip install 'wallrush[rl]'``: NumPy, PettingZoo and Gymnasium).

``env(variant=...)`` is a PettingZoo AEC environment, as PettingZoo's Connect Four is:
agents are named as PettingZoo's games name them, ``player_0``, ``player_1`` (…
``player_3``), in turn order: South, North with two seats; South, West, North, East with
four (``seat_of(agent)`` and ``agent_of(seat)`` convert; each agent's ``infos`` entry
holds its ``seat``), actions are the variant's action ids
(``wallrush.agents``), and each observation is a dict of

- ``observation``: the position's planes, ``float32`` of shape ``(3P + 4, n, n)``
  (``wallrush.agents.observation_planes`` names them: pawns, walls, walls left, the
  seat to move), the same for every agent;
- ``action_mask``: ``int8`` of shape ``(num_actions,)``, 1 for each legal action of the
  agent to move, all 0 for the others.

``SingleAgentEnv(variant=..., seat=..., opponent=...)`` is a Gymnasium environment: the
learner plays one seat and a bot (``'beginner'``, ``'random'``, ``'strong'``, or any
object with ``choose(position)``) plays the others.

Rewards and ends, both environments:

- a win gives the winner +1 and every other seat -1; a draw (a forced-pass draw) gives
  0 to all;
- an episode is truncated, with reward 0 for all, once ``max_plies`` plies are played
  (OpenSpiel's cap ``4 n²`` when None: 324 on the classic board);
- ``SingleAgentEnv``: an illegal action ends the episode (terminated) with reward
  ``illegal_reward`` (-1 by default) and ``info['illegal_action'] = True``; the AEC
  environment, wrapped as PettingZoo's own games are, does the same for the offender
  (``TerminateIllegalWrapper``).

Seeding: ``reset(seed=s)`` seeds the environment's generator, which draws
``random_opening`` random plies to start from (0 by default: the variant's start) and,
in ``SingleAgentEnv``, the opponent bot's seed; the same seed gives the same episode.
``reset()`` without a seed goes on from the generator as it stands.

    >>> from wallrush import rl
    >>> e = rl.env()
    >>> e.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = e.last()
    >>> int(obs["action_mask"].sum())
    131
"""

from __future__ import annotations

import importlib
import typing

if typing.TYPE_CHECKING:
    from wallrush._rl import SingleAgentEnv, WallrushEnv, env, raw_env

__all__ = ["SingleAgentEnv", "WallrushEnv", "env", "raw_env"]


if not typing.TYPE_CHECKING:  # type checkers see the import above, and catch typos

    def __getattr__(name: str) -> typing.Any:
        """Loads the environments (``wallrush._rl``) on first use, so this module imports
        without the ``rl`` extra: only using it raises the ImportError that names the
        extra (``pip install 'wallrush[rl]'``)."""
        if name not in __all__:
            raise AttributeError(f"module 'wallrush.rl' has no attribute {name!r}")
        value = getattr(importlib.import_module("wallrush._rl"), name)
        globals()[name] = value
        return value
