"""OpenSpiel interop: the id conversion on its own, then side by side with OpenSpiel.

The side-by-side tests need ``open-spiel`` (module ``pyspiel``), which
``scripts/test-python.sh`` installs into the venv when PyPI has a wheel for this Python;
they are skipped, saying why, when it is missing.
"""

from __future__ import annotations

import importlib
import random
from typing import Any, List, Tuple

import pytest

from wallrush import IllegalMoveError, Move, Position, Variant
from wallrush import openspiel as wos


def test_ids_of_the_opening() -> None:
    pos = Position()
    assert wos.num_distinct_actions(pos.variant) == 17 * 17
    ids = wos.legal_actions(pos)
    assert len(ids) == 131 and ids[:4] == [1, 2, 3, 5]
    # Pawn moves are relative to the mover: up (2), left (34), right (38).
    assert [wos.to_openspiel(pos, m) for m in ("e2", "d1", "f1")] == [2, 34, 38]
    assert [wos.from_openspiel(pos, a) for a in (2, 34, 38)] == [Move("e2"), Move("d1"), Move("f1")]
    # Walls are absolute, counted from OpenSpiel's top row (our rank 9).
    assert wos.to_openspiel(pos, "a8v") == 1
    assert wos.to_openspiel(pos, "d4h") == 6 + 9 * 17
    assert wos.to_openspiel(pos, "a1h") == 0 + 15 * 17
    assert wos.from_openspiel(pos, 1) == Move("a8v")
    assert wos.action_to_openspiel(pos, Move("d4h").action()) == 159
    assert wos.action_from_openspiel(pos, 159) == Move("d4h").action()


def test_pawn_ids_follow_the_mover() -> None:
    pos = Position().play("e2")
    # North on e9 steps down: OpenSpiel's y grows downwards, so "down" is (2, 4).
    assert wos.to_openspiel(pos, "e8") == 2 + 4 * 17
    # A straight jump has the id of the step in its direction.
    jump = Position.from_setup(Variant.classic(), pawns={"south": "e4", "north": "e5"})
    assert wos.to_openspiel(jump, "e6") == 2 and wos.from_openspiel(jump, 2) == Move("e6")
    with pytest.raises(ValueError, match="has no OpenSpiel id"):
        wos.to_openspiel(Position(), "e3")


def test_game_round_trip() -> None:
    moves = ["e2", "e8", "d4h", "e3v", "e3", "a1h"]
    ids = wos.to_openspiel_actions(moves)
    assert wos.from_openspiel_actions(ids) == [Move(m) for m in moves]
    with pytest.raises(IllegalMoveError):
        wos.to_openspiel_actions(["e2", "e7"])
    with pytest.raises(ValueError, match="names no move"):
        wos.from_openspiel_actions([18])  # a post


def test_unsupported_variants_are_refused() -> None:
    assert wos.is_supported(Variant.classic()) and wos.is_supported(Variant.four_player())
    for v in (
        Variant.race_to_centre(),
        Variant(wall_length=3),
        Variant(size=27),
    ):
        assert not wos.is_supported(v)
        with pytest.raises(ValueError, match="OpenSpiel's Quoridor does not play"):
            wos.game_parameters(v)
        with pytest.raises(ValueError, match="does not play"):
            wos.legal_actions(Position(v))
    assert wos.game_parameters(Variant.four_player()) == {"board_size": 9, "players": 4, "wall_count": 5}


def _pyspiel() -> Any:
    # Skipped only where PyPI has no open-spiel wheel for this Python: the README test
    # command (scripts/test-python.sh) installs open-spiel==2.0.2 whenever it can.
    try:
        return importlib.import_module("pyspiel")
    except ImportError as e:
        pytest.skip(
            f"open-spiel is not installed ({e}); scripts/test-python.sh installs it "
            "when PyPI has a wheel for this Python"
        )


CASES: List[Tuple[int, int, int, int]] = [
    # size, players, walls each, games
    (5, 2, 3, 12),
    (7, 2, 6, 8),
    (9, 2, 10, 6),
    (9, 4, 5, 5),
    (5, 4, 2, 8),
    (7, 4, 4, 4),
]


@pytest.mark.parametrize(("size", "players", "walls", "games"), CASES)
def test_legal_sets_agree_with_openspiel(size: int, players: int, walls: int, games: int) -> None:
    """Random games played on both libraries in lockstep: at every position OpenSpiel's
    legal ids are ours converted, and its game ends when ours does."""
    _pyspiel()
    v = Variant(size=size, players=players, walls=walls)
    game = wos.load_game(v)
    assert game.num_distinct_actions() == wos.num_distinct_actions(v)
    assert game.max_game_length() == 4 * size * size
    seat_of_player = {0: "south", 1: "north", 2: "west", 3: "east"}
    rng = random.Random(size * 10 + players)
    positions = 0
    for _ in range(games):
        state = game.new_initial_state()
        pos = Position(v)
        history: List[Move] = []
        while not state.is_terminal():
            assert not pos.is_game_over()
            assert seat_of_player[state.current_player()] == pos.turn.name.lower()
            theirs = state.legal_actions()
            assert theirs == wos.legal_actions(pos), pos.to_text()
            positions += 1
            action = rng.choice(theirs)
            move = wos.from_openspiel(pos, action)
            assert pos.is_legal(move)
            if move.is_pass:
                break  # OpenSpiel 2.0.2 cannot apply its own pass (docs/AGENTS.md)
            assert state.action_to_string(state.current_player(), action) == _openspiel_name(pos, move)
            state.apply_action(action)
            pos = pos.play(move)
            history.append(move)
        else:
            # Ended there: a win on both sides, or OpenSpiel's 4n² ply cap.
            if pos.is_game_over():
                outcome = pos.outcome()
                assert outcome is not None and outcome.winner is not None
                # OpenSpiel 2.0.2 indexes returns by turn order (South, West, North,
                # East), not by its player ids: both are our seats in turn order.
                returns = state.returns()
                assert returns[list(v.seats).index(outcome.winner)] == 1.0
                assert sorted(returns)[-2] < 0
            else:
                assert len(history) == 4 * size * size
            assert wos.from_openspiel_actions(state.history(), v) == history
            assert wos.to_openspiel_actions(history, v) == state.history()
    assert positions > games * 10


def _openspiel_name(pos: Position, move: Move) -> str:
    """How OpenSpiel 2.0.2's ``action_to_string`` names a move: its own ranks count from
    the top (our rank n is its rank 1), and a wall is named by its top-left cell."""
    n = pos.variant.size
    if move.square is not None:
        sq = move.square
        return f"{chr(97 + sq.file)}{n - sq.rank}"
    assert move.wall is not None
    a = move.wall.anchor
    return f"{chr(97 + a.file)}{n - 1 - a.rank}{move.wall.text(n)[-1]}"


def test_a_game_played_in_openspiel_reads_back() -> None:
    pyspiel = _pyspiel()
    game = pyspiel.load_game("quoridor", wos.game_parameters(Variant.classic()))
    state = game.new_initial_state()
    pos = Position()
    assert wos.legal_actions(pos) == state.legal_actions()
    for m in ("e2", "e8", "d4h", "e7"):
        state.apply_action(wos.to_openspiel(pos, m))
        pos = pos.play(m)
        assert wos.legal_actions(pos) == state.legal_actions()
    assert wos.from_openspiel_actions(state.history()) == [Move(m) for m in ("e2", "e8", "d4h", "e7")]


@pytest.mark.parametrize(
    "call",
    [
        lambda p: wos.to_openspiel(p, "e2"),
        lambda p: wos.from_openspiel(p, 2),
        lambda p: wos.legal_actions(p),
        lambda p: wos.action_to_openspiel(p, 13),
        lambda p: wos.action_from_openspiel(p, 2),
    ],
    ids=["to_openspiel", "from_openspiel", "legal_actions", "action_to_openspiel", "action_from_openspiel"],
)
def test_a_position_argument_that_is_no_position_is_a_type_error(call: Any) -> None:
    # Not AttributeError: a Game, its text, a Variant or None is no Position.
    for wrong in ("pos", None, 9, Variant(), Position().to_text()):
        with pytest.raises(TypeError, match=f"^expected a Position, not {type(wrong).__name__}$"):
            call(wrong)
    assert call(Position()) is not None


def test_a_variant_argument_that_is_no_variant_is_a_type_error() -> None:
    for call in (
        lambda v: wos.game_parameters(v),
        lambda v: wos.num_distinct_actions(v),
        lambda v: wos.load_game(v),
        lambda v: wos.to_openspiel_actions(["e2"], v),
        lambda v: wos.from_openspiel_actions([2], v),
    ):
        for wrong in ("classic", 9, Position()):
            with pytest.raises(TypeError, match="^expected a Variant, not"):
                call(wrong)


def test_none_is_no_variant_where_a_variant_has_no_default() -> None:
    # Not AttributeError: None is a wrong type here, as any other non-Variant is.
    for call in (wos.game_parameters, wos.num_distinct_actions, wos.is_supported):
        with pytest.raises(TypeError, match="^expected a Variant, not NoneType$"):
            call(None)  # type: ignore[arg-type]
    assert wos.game_parameters(Variant()) == {
        "board_size": 9,
        "players": 2,
        "wall_count": 10,
    }
