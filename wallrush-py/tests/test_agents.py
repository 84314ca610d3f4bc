"""Action ids, legal-action lists and masks, observations, and batches of random games."""

from __future__ import annotations

import array
import doctest
import random
import re
import sys
from pathlib import Path
from typing import Iterator, List

import pytest

import wallrush
import wallrush.agents
import wallrush.openspiel
from wallrush import Game, IllegalMoveError, Move, Position, Seat, Square, Variant, Wall
from wallrush.agents import (
    action_layout,
    num_actions,
    observation_planes,
    observation_shape,
    pass_action,
    playout_stats,
    random_playouts,
)

VARIANTS = [
    Variant(size=3, walls=2),
    Variant(size=5, walls=3),
    Variant(size=5, players=4, walls=3, wall_length=3, goal="centre"),
    Variant(size=7, walls=6, wall_length=3),
    Variant(size=7, players=4, walls=4),
    Variant.classic(),
    Variant.four_player(),
    Variant.race_to_centre(),
    Variant(size=11, walls=12, wall_length=4),
    Variant(size=13, players=4, walls=8),
    Variant(size=27, walls=10, wall_length=5),
]


def random_positions(variant: Variant, games: int, plies: int, seed: int) -> Iterator[Position]:
    """Every position of ``games`` random games of ``variant``."""
    rng = random.Random(seed)
    for _ in range(games):
        pos = Position(variant)
        for _ in range(plies):
            yield pos
            moves = list(pos.legal_moves)
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
        yield pos


def test_layout_of_the_classic_game() -> None:
    v = Variant.classic()
    assert num_actions(v) == num_actions() == 210
    lay = action_layout(v)
    assert (lay.pawns, lay.horizontal, lay.vertical) == (range(81), range(81, 145), range(145, 209))
    assert lay.pass_id == pass_action(v) == 209
    assert Move("e2").action(v) == 13 and Move("e2").action() == 13
    assert Move("a1h").action(v) == 81 and Move("h8h").action(v) == 144
    assert Move("a1v").action(v) == 145 and Move("h8v").action(v) == 208
    assert Move.PASS.action(v) == 209
    assert Move.from_action(v, 81 + 3 * 8 + 3) == Move("d4h")


def test_every_id_round_trips_in_every_variant() -> None:
    for v in VARIANTS:
        lay = action_layout(v)
        n = num_actions(v)
        assert n == lay.pass_id + 1 == v.size**2 + 2 * len(lay.horizontal) + 1
        for a in range(n):
            m = Move.from_action(v, a)
            assert m.action(v) == a
            if a in lay.pawns:
                assert m.square is not None and m.square.is_on(v.size)
            elif a in lay.horizontal or a in lay.vertical:
                assert m.wall is not None and m.wall.is_on(v.size, v.wall_length)
            else:
                assert m.is_pass


def test_legal_actions_are_the_legal_moves_encoded() -> None:
    for k, v in enumerate(VARIANTS):
        n = num_actions(v)
        for pos in random_positions(v, games=2, plies=60, seed=k):
            ids = pos.legal_actions()
            moves = list(pos.legal_moves)
            assert ids == [m.action(v) for m in moves]
            assert ids == sorted(set(ids))
            assert [Move.from_action(v, a) for a in ids] == moves
            mask = pos.legal_action_mask(numpy=False)
            assert isinstance(mask, list) and len(mask) == n
            assert [a for a in range(n) if mask[a]] == ids


def test_legal_actions_when_the_game_is_over_and_when_passing() -> None:
    pos = Position(Variant(size=3, walls=0))
    for m in ["a1", "c3", "a2", "c2", "a3"]:
        pos = pos.play(m)
    assert pos.is_game_over() and pos.legal_actions() == []
    assert not any(pos.legal_action_mask(numpy=False))
    # West boxed in on a1 under wall a1h, with no wall left: the pass is its only id.
    v = Variant(size=5, players=4, walls=1)
    boxed = Position.from_setup(
        v,
        pawns={"south": "b1", "west": "a1", "north": "c5", "east": "c1"},
        walls=["a1h"],
        walls_left={"west": 0},
        turn="west",
    )
    assert boxed.legal_actions() == [pass_action(v)] == [57]
    assert boxed.play_action(57).passes == 1


def test_play_action() -> None:
    pos = Position()
    after = pos.play_action(13)
    assert after == pos.play("e2") and pos == Position()
    with pytest.raises(IllegalMoveError, match="e3 is not a legal pawn move"):
        pos.play_action(22)
    with pytest.raises(IllegalMoveError):
        pos.play_action(209)  # the pass, while moves exist
    with pytest.raises(ValueError, match=r"action 210 is out of range: 0 \.\.= 209"):
        pos.play_action(210)
    with pytest.raises(ValueError, match="action -1 is negative"):
        pos.play_action(-1)
    with pytest.raises(TypeError, match="not str"):
        pos.play_action("13")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not bool"):
        pos.play_action(True)
    with pytest.raises(ValueError, match="out of range"):
        pos.play_action(2**70)
    with pytest.raises(ValueError, match="out of range"):
        Move.from_action(Variant.classic(), 210)
    with pytest.raises(ValueError, match="i1h does not fit .*: it has no action id"):
        Move("i1h").action(Variant.classic())
    with pytest.raises(ValueError, match="no action id"):
        Move(Square("j1")).action()
    with pytest.raises(TypeError, match="expected a Variant"):
        Move("e2").action("classic")  # type: ignore[arg-type]


def test_game_actions_follow_the_draw_rules() -> None:
    game = Game()
    assert game.legal_actions() == Position().legal_actions()
    game.play_action(13)
    assert game.position == Position().play("e2") and len(game) == 1
    with pytest.raises(IllegalMoveError):
        game.play_action(13)
    assert len(game) == 1
    game = Game(draw=wallrush.DrawOptions(ply_limit=2))
    game.play_action(13)
    game.play_action(Move("e8").action())
    assert game.is_game_over() and game.legal_actions() == []
    with pytest.raises(IllegalMoveError):
        game.play_action(22)


def test_observation_without_numpy() -> None:
    pos = Position().play("e2").play("d7h")
    obs = pos.observation(numpy=False)
    assert isinstance(obs, array.array) and obs.typecode == "f"
    planes, n, _ = observation_shape(pos.variant)
    assert (planes, n) == (10, 9) and len(obs) == 10 * 81

    def at(plane: int, square: str) -> float:
        sq = Square(square)
        return obs[(plane * n + sq.rank) * n + sq.file]

    names = observation_planes(pos.variant)
    assert names == [
        "pawn:south",
        "pawn:north",
        "horizontal_anchors",
        "vertical_anchors",
        "blocked_north",
        "blocked_east",
        "walls_left:south",
        "walls_left:north",
        "to_move:south",
        "to_move:north",
    ]
    assert at(0, "e2") == 1.0 and sum(obs[0:81]) == 1.0
    assert at(1, "e9") == 1.0 and sum(obs[81:162]) == 1.0
    assert at(2, "d7") == 1.0 and sum(obs[2 * 81 : 3 * 81]) == 1.0
    assert sum(obs[3 * 81 : 4 * 81]) == 0.0
    assert at(4, "d7") == at(4, "e7") == 1.0 and sum(obs[4 * 81 : 5 * 81]) == 2.0
    assert set(obs[6 * 81 : 7 * 81]) == {1.0}
    assert all(x == pytest.approx(0.9) for x in obs[7 * 81 : 8 * 81])
    assert set(obs[8 * 81 : 9 * 81]) == {1.0} and set(obs[9 * 81 :]) == {0.0}
    four = Position(Variant.four_player())
    assert observation_shape(four.variant) == (16, 9, 9)
    assert observation_planes(four.variant)[:4] == ["pawn:south", "pawn:west", "pawn:north", "pawn:east"]


def test_observation_and_mask_fall_back_when_numpy_cannot_be_imported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pos = Position().play("e2")
    want = list(pos.observation(numpy=False))
    monkeypatch.setitem(sys.modules, "numpy", None)  # `import numpy` now fails
    obs = pos.observation()
    assert isinstance(obs, array.array) and list(obs) == want
    mask = pos.legal_action_mask()
    assert isinstance(mask, list) and mask == pos.legal_action_mask(numpy=False)
    with pytest.raises(ImportError):
        pos.observation(numpy=True)
    with pytest.raises(ImportError):
        pos.legal_action_mask(numpy=True)


def test_observation_and_mask_as_numpy_arrays() -> None:
    # Skipped without NumPy (optional); scripts/test-python.sh brings it with open-spiel.
    np = pytest.importorskip("numpy", reason="NumPy is not installed (it is optional)")
    for v in (Variant.classic(), Variant.four_player(), Variant(size=7, walls=6, wall_length=3)):
        for pos in random_positions(v, games=1, plies=30, seed=5):
            obs = pos.observation()
            assert isinstance(obs, np.ndarray) and obs.dtype == np.float32
            assert obs.shape == observation_shape(v) and obs.flags.writeable
            assert obs.reshape(-1).tolist() == list(pos.observation(numpy=False))
            mask = pos.legal_action_mask(numpy=True)
            assert mask.dtype == np.bool_ and mask.shape == (num_actions(v),)
            assert mask.flags.writeable
            assert np.flatnonzero(mask).tolist() == pos.legal_actions()
            # Pawn planes: exactly one 1 per seat in play, at its square.
            for k, seat in enumerate(v.seats):
                sq = pos.pawn(seat)
                assert sq is not None and obs[k, sq.rank, sq.file] == 1.0 and obs[k].sum() == 1.0


def test_random_playouts_are_seeded_and_thread_independent() -> None:
    a = random_playouts(40, seed=7, moves=True)
    assert a == random_playouts(40, seed=7, moves=True)
    assert a == random_playouts(40, seed=7, moves=True, threads=3)
    assert a != random_playouts(40, seed=8, moves=True)
    assert [p.plies for p in a] == [p.plies for p in random_playouts(40, seed=7)]
    for p in a:
        assert p.moves is not None and len(p.moves) == p.plies
        game = Game()
        for m in p.moves:
            game.push(m)
        if p.reason is None:
            assert p.plies == 324 and not game.is_game_over()
        else:
            outcome = game.outcome()
            assert outcome is not None and outcome.winner == p.winner
            assert p.reason == outcome.reason == "goal"
    stats = playout_stats(a)
    assert stats.games == 40 and stats.plies == sum(p.plies for p in a)
    assert sum(stats.wins.values()) + stats.draws + stats.unfinished == 40
    assert set(stats.wins) <= {Seat.SOUTH, Seat.NORTH}
    assert stats.min_plies <= stats.mean_plies <= stats.max_plies <= 324


def test_random_playouts_cap_variants_and_arguments() -> None:
    short = random_playouts(10, Variant.four_player(), seed=1, max_plies=5, moves=True)
    assert all(p.plies == 5 and p.reason is None and p.winner is None for p in short)
    assert all(p.moves is not None and len(p.moves) == 5 for p in short)
    assert random_playouts(0) == []
    assert playout_stats([]).mean_plies == 0.0
    big: List[wallrush.agents.Playout] = random_playouts(3, Variant(size=27, walls=4), max_plies=40)
    assert all(p.moves is None and 1 <= p.plies <= 40 for p in big)
    for bad in (
        dict(games=-1),
        dict(games=1, seed=-1),
        dict(games=1, seed=2**64),
        dict(games=1, max_plies=0),
        dict(games=1, threads=0),
    ):
        with pytest.raises(ValueError):
            random_playouts(**bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("module", [wallrush.agents, wallrush.openspiel])
def test_module_docstring_examples_run(module: object) -> None:
    result = doctest.testmod(module, verbose=False)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


def test_helpers_are_documented() -> None:
    for module in (wallrush.agents, wallrush.openspiel):
        assert (module.__doc__ or "").strip()
        for name in module.__all__:
            obj = getattr(module, name)
            if callable(obj):
                assert (obj.__doc__ or "").strip(), f"{module.__name__}.{name}"
    for method in (
        Position.legal_actions,
        Position.legal_action_mask,
        Position.observation,
        Position.play_action,
        Game.legal_actions,
        Game.play_action,
        Move.action,
        Move.from_action,
    ):
        assert (method.__doc__ or "").strip()
    assert Wall("d4h") == Move.from_action(Variant.classic(), 81 + 27).wall


def test_agents_doc_python_blocks_run() -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "AGENTS.md"
    blocks = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)
    assert blocks
    for i, block in enumerate(blocks):
        exec(compile(block, f"{doc}[python block {i}]", "exec"), {"__name__": "agents_doc"})


def test_an_argument_of_the_wrong_type_is_a_type_error() -> None:
    # Not AttributeError: every helper names what it expected.
    for call in (num_actions, pass_action, action_layout, observation_shape, observation_planes):
        for wrong in ("classic", 9, Position(), Game()):
            with pytest.raises(TypeError, match=f"^expected a Variant, not {type(wrong).__name__}$"):
                call(wrong)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="^expected a Variant, not str$"):
        random_playouts(1, "classic")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="^games must be an int, not str$"):
        random_playouts("1")  # type: ignore[arg-type]
    not_playouts: List[List[object]] = [[1], [(3, None, "goal", None)], [Position()]]
    for items in not_playouts:
        with pytest.raises(TypeError, match="^expected Playout items, not"):
            playout_stats(items)  # type: ignore[arg-type]
    assert action_layout(None).pass_id == 209
