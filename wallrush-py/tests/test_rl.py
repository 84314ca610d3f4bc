"""wallrush.rl: the PettingZoo AEC environment passes PettingZoo's api_test, the
Gymnasium wrapper passes Gymnasium's check_env, for every kind of variant with two and
four seats; seeded resets repeat; rewards and truncation as documented."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import wallrush
from wallrush import Seat, Variant

# Skipped, not failed, where the `rl` extra is not installed (PettingZoo, Gymnasium and
# NumPy are optional): scripts/test-python.sh installs the wheel with `[test,rl]`, so the
# test command runs these; by hand, `pip install 'wallrush[rl]'` then
# `pytest wallrush-py/tests/test_rl.py`.
pettingzoo = pytest.importorskip("pettingzoo", reason="the rl extra (pip install 'wallrush[rl]') is not installed")
gymnasium = pytest.importorskip("gymnasium", reason="the rl extra (pip install 'wallrush[rl]') is not installed")
np = pytest.importorskip("numpy", reason="the rl extra (pip install 'wallrush[rl]') is not installed")

from pettingzoo.test import api_test  # type: ignore[import-untyped, unused-ignore]  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from wallrush import rl  # noqa: E402

VARIANTS = [
    Variant.classic(),
    Variant(size=5, walls=3),
    Variant(size=7, players=4, walls=2),
    Variant.four_player(),
    Variant.race_to_centre(),
    Variant(size=7, wall_length=3, walls=4),
]
IDS = ["classic", "5x5", "7x7-four", "four", "centre", "7x7-L3"]


# api_test advises a Box or Discrete observation space to every game it does not know;
# a dict of the planes and the action mask is the convention of its own board games
# (Connect Four, chess), which it exempts by name.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_pettingzoo_api_test(variant: Variant) -> None:
    api_test(rl.env(variant, max_plies=60), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_gymnasium_check_env(variant: Variant) -> None:
    e = rl.SingleAgentEnv(variant, opponent="random", max_plies=60)
    check_env(e, skip_render_check=True)


def play_out(e: Any, seed: int) -> List[Any]:
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    for agent in e.agent_iter(max_iter=400):
        obs, reward, terminated, truncated, _ = e.last()
        trace.append((agent, float(reward), terminated, truncated, obs["observation"].tobytes()))
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    return trace


def test_seeded_resets_repeat() -> None:
    a = rl.env(Variant(size=5, walls=3), random_opening=6)
    b = rl.env(Variant(size=5, walls=3), random_opening=6)
    assert play_out(a, 11) == play_out(b, 11)
    assert play_out(a, 11) != play_out(a, 12)
    s1, s2 = rl.SingleAgentEnv(random_opening=4), rl.SingleAgentEnv(random_opening=4)
    o1, _ = s1.reset(seed=5)
    o2, _ = s2.reset(seed=5)
    assert o1["observation"].tobytes() == o2["observation"].tobytes()
    for _ in range(20):
        a1 = int(np.flatnonzero(o1["action_mask"])[0])
        o1, r1, t1, u1, _ = s1.step(a1)
        o2, r2, t2, u2, _ = s2.step(a1)
        assert (o1["observation"].tobytes(), r1, t1, u1) == (o2["observation"].tobytes(), r2, t2, u2)
        if t1 or u1:
            break


def test_masks_agents_and_observations() -> None:
    e = rl.raw_env(Variant.four_player())
    e.reset(seed=0)
    assert e.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    assert [e.seat_of(a) for a in e.possible_agents] == [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST]
    assert e.agent_of(Seat.NORTH) == "player_2" and e.infos["player_1"] == {"seat": Seat.WEST}
    assert e.agent_selection == "player_0"
    obs = e.observe("player_0")
    assert obs["action_mask"].dtype == np.int8 and obs["observation"].dtype == np.float32
    assert int(obs["action_mask"].sum()) == len(wallrush.Position(Variant.four_player()).legal_actions())
    assert int(e.observe("player_1")["action_mask"].sum()) == 0
    assert obs["observation"].shape == wallrush.agents.observation_shape(Variant.four_player())


def test_a_win_gives_plus_one_and_minus_one() -> None:
    # 3×3: South wins on its second move if North steps aside.
    e = rl.raw_env(Variant(size=3, walls=0))
    e.reset()
    for text in ["b2", "a3", "b3"]:
        e.step(wallrush.Move(text).action(e.variant))
    assert e.game.is_game_over()
    assert e.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert all(e.terminations.values()) and not any(e.truncations.values())


def test_truncation_at_the_ply_cap() -> None:
    e = rl.raw_env(max_plies=4)
    e.reset()
    for text in ["e2", "e8", "e1", "e9"]:
        e.step(wallrush.Move(text).action(e.variant))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert e.rewards == {"player_0": 0.0, "player_1": 0.0}
    assert rl.raw_env().max_plies == 324  # OpenSpiel's 4 n²


def test_single_agent_rewards_illegal_actions_and_opponents() -> None:
    e = rl.SingleAgentEnv(Variant(size=3, walls=0), seat=Seat.NORTH, opponent="beginner")
    obs, info = e.reset(seed=3)
    assert info["turn"] is Seat.NORTH and info["plies"] == 1  # the beginner moved first
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = e.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    # Play to the end: the episode ends with +1, -1 or 0.
    obs, _ = e.reset(seed=3)
    for _ in range(50):
        obs, reward, terminated, truncated, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if terminated or truncated:
            break
    assert terminated and reward in (1.0, -1.0)
    assert e.action_masks().dtype == np.bool_
    strong = rl.SingleAgentEnv(opponent="strong", opponent_nodes=200)
    strong.reset(seed=0)
    with pytest.raises(wallrush.InvalidArgumentError, match="opponent 'nobody'"):
        rl.SingleAgentEnv(opponent="nobody")
    with pytest.raises(wallrush.InvalidArgumentError, match="west does not play"):
        rl.SingleAgentEnv(seat="west")
    with pytest.raises(TypeError, match="expected a bot"):
        rl.SingleAgentEnv(opponent=42)  # type: ignore[arg-type]


def test_the_training_loop_of_agents_md_runs() -> None:
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "AGENTS.md").read_text(encoding="utf-8")
    # Fenced `py`, not `python`: test_agents.py runs the `python` blocks without the rl
    # extra; the Ray RLlib example (also `py`) is documented only, never run.
    blocks = [b for b in re.findall(r"```py\n(.*?)```", doc, re.S) if "SingleAgentEnv" in b]
    assert len(blocks) == 1, "one training loop in docs/AGENTS.md"
    scope: Dict[str, Any] = {"__name__": "agents_md"}
    exec(compile(blocks[0], "docs/AGENTS.md[training loop]", "exec"), scope)
    assert scope["weights"].any()  # it learned something from 200 episodes
