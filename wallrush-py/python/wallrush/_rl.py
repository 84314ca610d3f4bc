"""The environments of ``wallrush.rl`` (documented there), which loads this module on
first use: it needs the ``rl`` extra (NumPy, PettingZoo, Gymnasium)."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Protocol, Tuple, Union

from wallrush._classes import Seat
from wallrush._wallrush import Beginner, Game, Move, Position, RandomMover, Strong, Variant
from wallrush.agents import _variant

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv  # type: ignore[import-untyped, unused-ignore]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped, unused-ignore]
except ImportError as _err:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "wallrush.rl needs NumPy, PettingZoo and Gymnasium: pip install 'wallrush[rl]'",
        name=getattr(_err, "name", None),
    ) from _err

import numpy.typing as npt

__all__ = ["SingleAgentEnv", "WallrushEnv", "env", "raw_env"]

_Obs = Dict[str, Any]


class _Bot(Protocol):
    def choose(self, position: Union[Position, Game], /) -> Optional[Move]: ...


def _cap(variant: Variant, max_plies: Optional[int]) -> int:
    if max_plies is None:
        return 4 * variant.size * variant.size
    if isinstance(max_plies, bool) or not isinstance(max_plies, int):
        raise TypeError(f"max_plies must be an int or None, not {type(max_plies).__name__}")
    if max_plies < 1:
        from wallrush._classes import InvalidArgumentError

        raise InvalidArgumentError(f"max_plies {max_plies} is out of range: at least 1")
    return max_plies


def _spaces(variant: Variant) -> Tuple[spaces.Dict, spaces.Discrete]:
    from wallrush import agents

    n = agents.num_actions(variant)
    shape = agents.observation_shape(variant)
    obs = spaces.Dict(
        {
            "observation": spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
        }
    )
    return obs, spaces.Discrete(n)


def _observe(position: Position, to_move: bool, over: bool) -> _Obs:
    planes = position.observation(numpy=True)
    if to_move and not over:
        mask = position.legal_action_mask(numpy=True).astype(np.int8)
    else:
        mask = np.zeros(len(position.legal_action_mask(numpy=False)), dtype=np.int8)
    return {"observation": planes, "action_mask": mask}


def _opening(variant: Variant, rng: np.random.Generator, plies: int) -> Game:
    """A game of ``variant`` after ``plies`` random plies drawn from ``rng`` (fewer when
    the game would end: an episode never starts over)."""
    game = Game(variant)
    for _ in range(plies):
        ids = game.legal_actions()
        choice = int(ids[int(rng.integers(len(ids)))]) if ids else None
        if choice is None:
            break
        trial = game.copy()
        trial.play_action(choice)
        if trial.is_game_over():
            break
        game.play_action(choice)
    return game


def _rewards(game: Game, seats: List[Seat]) -> Dict[Seat, float]:
    outcome = game.outcome()
    if outcome is None or outcome.winner is None:
        return {s: 0.0 for s in seats}
    return {s: (1.0 if s == outcome.winner else -1.0) for s in seats}


class WallrushEnv(AECEnv[str, _Obs, int]):  # type: ignore[misc, unused-ignore]
    """The PettingZoo AEC environment of a wall-race variant (see the module
    documentation); make it with ``env()`` (wrapped, as PettingZoo's games are) or
    ``raw_env()``."""

    metadata: Dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "wallrush_v0", "is_parallelizable": False}

    def __init__(
        self,
        variant: Optional[Variant] = None,
        *,
        max_plies: Optional[int] = None,
        random_opening: int = 0,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        self.variant = _variant(variant)
        self.max_plies = _cap(self.variant, max_plies)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.random_opening = int(random_opening)
        self._seats = list(self.variant.seats)
        self.possible_agents = [f"player_{i}" for i in range(len(self._seats))]
        self._agent_of = dict(zip(self._seats, self.possible_agents))
        self._seat_of = dict(zip(self.possible_agents, self._seats))
        self.agent_name_mapping = {name: i for i, name in enumerate(self.possible_agents)}
        obs, act = _spaces(self.variant)
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: act for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.game = Game(self.variant)

    def seat_of(self, agent: str) -> Seat:
        """The seat ``agent`` plays."""
        return self._seat_of[agent]

    def agent_of(self, seat: Seat) -> str:
        """The agent that plays ``seat``."""
        return self._agent_of[seat]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``: a dict of ``observation`` and
        ``action_mask``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(num_actions(variant))``."""
        return self.action_spaces[agent]

    def observe(self, agent: str) -> _Obs:
        """``agent``'s observation: the planes, and its action mask (all 0 unless it is
        to move)."""
        return _observe(self.game.position, agent == self.agent_selection, self.game.is_game_over())

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts an episode: the variant's start, or ``random_opening`` plies drawn from
        the generator seeded by ``seed``."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            for i, a in enumerate(self.possible_agents):
                self.action_spaces[a].seed(seed + i)
        self.game = _opening(self.variant, self._rng, self.random_opening)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {"seat": self._seat_of[a]} for a in self.agents}
        self.agent_selection = self._agent_of[self.game.turn]

    def step(self, action: Optional[int]) -> None:
        """Plays ``action`` (an action id) for the agent to move."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        self.game.play_action(int(action))
        self._cumulative_rewards[agent] = 0.0
        if self.game.is_game_over():
            rewards = _rewards(self.game, self._seats)
            for seat in self._seats:
                self.rewards[self._agent_of[seat]] = rewards[seat]
                self.terminations[self._agent_of[seat]] = True
        elif self.game.plies >= self.max_plies:
            for a in self.agents:
                self.truncations[a] = True
        self.agent_selection = self._agent_of[self.game.turn]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        """``'ansi'``: the board as text; ``'human'``: printed."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = str(self.game.position)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def raw_env(variant: Optional[Variant] = None, **kwargs: Any) -> WallrushEnv:
    """The unwrapped AEC environment (see ``WallrushEnv``)."""
    return WallrushEnv(variant, **kwargs)


def env(variant: Optional[Variant] = None, **kwargs: Any) -> AECEnv[str, _Obs, int]:
    """The AEC environment wrapped as PettingZoo's board games are: an illegal action
    ends the game with -1 for the offender, out-of-range actions and calls out of
    order are refused. Keywords: ``max_plies``, ``random_opening``, ``render_mode``."""
    e: Any = raw_env(variant, **kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e  # type: ignore[no-any-return, unused-ignore]


_BOTS: Dict[str, Callable[[int], _Bot]] = {"beginner": Beginner, "random": RandomMover}


class SingleAgentEnv(gymnasium.Env[_Obs, np.int64]):  # type: ignore[misc, unused-ignore]
    """A Gymnasium environment: the learner plays ``seat`` of ``variant``, and
    ``opponent`` plays every other seat (see the module documentation for rewards,
    truncation and seeding).

    ``opponent`` is ``'beginner'`` or ``'random'`` (seeded from ``reset``'s seed),
    ``'strong'`` (the search engine, ``opponent_nodes`` nodes a move: deterministic), or
    any object with ``choose(position) -> Move | None``.
    """

    metadata: Dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(
        self,
        variant: Optional[Variant] = None,
        *,
        seat: Union[Seat, str, int] = Seat.SOUTH,
        opponent: Union[str, _Bot] = "beginner",
        opponent_nodes: int = 2000,
        max_plies: Optional[int] = None,
        random_opening: int = 0,
        illegal_reward: float = -1.0,
        render_mode: Optional[str] = None,
    ) -> None:
        self.variant = _variant(variant)
        self.seat = Seat.from_name(seat) if isinstance(seat, str) else Seat(seat)
        if not self.variant.has_seat(self.seat):
            from wallrush._classes import InvalidArgumentError

            raise InvalidArgumentError(f"seat {self.seat} does not play in this variant")
        if isinstance(opponent, str) and opponent not in (*_BOTS, "strong"):
            from wallrush._classes import InvalidArgumentError

            raise InvalidArgumentError(f"opponent {opponent!r}: expected 'beginner', 'random', 'strong' or a bot")
        if not isinstance(opponent, str) and not callable(getattr(opponent, "choose", None)):
            raise TypeError(f"expected a bot with choose(position), not {type(opponent).__name__}")
        self._opponent_spec = opponent
        self._opponent_nodes = opponent_nodes
        self.max_plies = _cap(self.variant, max_plies)
        self.random_opening = int(random_opening)
        self.illegal_reward = float(illegal_reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.observation_space, self.action_space = _spaces(self.variant)
        self._num_actions = int(self.action_space.n)
        self._seats = list(self.variant.seats)
        self.game = Game(self.variant)
        self.opponent: _Bot = self._make_opponent(0)

    def _make_opponent(self, seed: int) -> _Bot:
        spec = self._opponent_spec
        if not isinstance(spec, str):
            return spec
        if spec == "strong":
            return Strong(nodes=self._opponent_nodes)
        return _BOTS[spec](seed)

    def _obs(self) -> _Obs:
        return _observe(self.game.position, True, self.game.is_game_over())

    def _info(self, **extra: Any) -> Dict[str, Any]:
        return {"plies": self.game.plies, "turn": self.game.turn, **extra}

    def _others_play(self) -> None:
        """The opponent moves until the learner is to move or the game ends."""
        while not self.game.is_game_over() and self.game.turn != self.seat and self.game.plies < self.max_plies:
            move = self.opponent.choose(self.game)
            if move is None:
                break
            self.game.push(move)

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> Tuple[_Obs, Dict[str, Any]]:
        """Starts an episode and lets the opponent move until the learner's turn."""
        super().reset(seed=seed)
        opponent_seed = int(self.np_random.integers(2**63))
        self.opponent = self._make_opponent(opponent_seed)
        self.game = _opening(self.variant, self.np_random, self.random_opening)
        self._others_play()
        return self._obs(), self._info()

    def step(self, action: Any) -> Tuple[_Obs, float, bool, bool, Dict[str, Any]]:
        """Plays ``action`` (an action id) for the learner, then the opponent's moves."""
        a = int(action)
        if self.game.is_game_over() or not self.game.position.legal_action_mask(numpy=False)[a]:
            return self._obs(), self.illegal_reward, True, False, self._info(illegal_action=True)
        self.game.play_action(a)
        self._others_play()
        if self.game.is_game_over():
            return self._obs(), _rewards(self.game, self._seats)[self.seat], True, False, self._info()
        truncated = self.game.plies >= self.max_plies
        return self._obs(), 0.0, False, truncated, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as a bool array (the hook sb3-contrib's MaskablePPO
        calls)."""
        if self.game.is_game_over():
            return np.zeros(self._num_actions, dtype=np.bool_)
        return self.game.position.legal_action_mask(numpy=True)

    def render(self) -> Optional[str]:  # type: ignore[override, unused-ignore]
        """``'ansi'``: the board as text."""
        return str(self.game.position) if self.render_mode == "ansi" else None


# Documented and pickled under `wallrush.rl`, the module they are used from.
for _public in (WallrushEnv, SingleAgentEnv, env, raw_env):
    _public.__module__ = "wallrush.rl"
