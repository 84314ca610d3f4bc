"""One vocabulary for every game, python-chess's: ``push``, ``pop``, ``peek``,
``outcome()``, ``is_game_over()``, ``result()``. The older names still work for now, and
say so with a DeprecationWarning."""

from __future__ import annotations

from typing import Any, Callable, List

import pytest

from wallrush import Game, Move, Position, enclosure, wallgo


def played_out(game: Any, bot: Any) -> Any:
    """``game`` after ``bot`` has played every seat to the end."""
    while not game.is_game_over():
        move = bot.choose(game)
        assert move is not None
        game.push(move)
    return game


def finished_wallgo_game() -> wallgo.Game:
    game: wallgo.Game = played_out(wallgo.Game(), wallgo.GreedyBot(3))
    return game


def finished_enclosure_game() -> enclosure.Game:
    game: enclosure.Game = played_out(enclosure.Game.seeded(5), enclosure.GreedyBot(5))
    return game


GAMES: List[Callable[[], Any]] = [Game, wallgo.Game, finished_wallgo_game, finished_enclosure_game]


@pytest.mark.parametrize("make", GAMES, ids=lambda f: getattr(f, "__qualname__", str(f)))
def test_outcome_is_a_method_on_every_game_and_position(make: Callable[[], Any]) -> None:
    game = make()
    # A property would make `if game.outcome:` true for every game, over or not.
    assert callable(game.outcome) and callable(game.position.outcome)
    assert (game.outcome() is not None) is game.is_game_over()
    assert game.position.outcome() == game.outcome()


def test_the_finished_territory_games_have_an_outcome() -> None:
    for game in (finished_wallgo_game(), finished_enclosure_game()):
        outcome = game.outcome()
        assert outcome is not None and game.is_game_over() and game.legal_moves == []


@pytest.mark.parametrize(
    "game, first",
    [(wallgo.Game(), "b2-c3n"), (enclosure.Game.seeded(5), None)],
    ids=["wallgo", "enclosure"],
)
def test_territory_games_push_pop_and_peek(game: Any, first: Any) -> None:
    move = first if first is not None else game.legal_moves[0]
    played = game.push(move)
    assert played == type(played)(str(move)) and game.peek() == played and len(game) == 1
    assert game.pop() == played and len(game) == 0
    with pytest.raises(IndexError, match="nothing to peek at"):
        game.peek()
    with pytest.raises(IndexError, match="nothing to undo"):
        game.pop()


def test_the_older_names_warn_and_do_what_the_new_ones_do() -> None:
    game = Game()
    with pytest.warns(DeprecationWarning, match=r"Game\.play is deprecated: use Game\.push"):
        assert game.play("e2") is None
    assert game.peek() == Move("e2")
    with pytest.warns(DeprecationWarning, match=r"Game\.undo is deprecated: use Game\.pop"):
        assert game.undo() == Move("e2")
    assert len(game) == 0
    with pytest.warns(DeprecationWarning, match=r"Game\.is_over is deprecated: use Game\.is_game_over"):
        assert game.is_over() is game.is_game_over() is False
    with pytest.warns(DeprecationWarning, match=r"Position\.is_over is deprecated"):
        assert Position().is_over() is False


@pytest.mark.parametrize("game", [wallgo.Game(), enclosure.Game.seeded(5)], ids=["wallgo", "enclosure"])
def test_the_territory_games_older_names_warn(game: Any) -> None:
    move = game.legal_moves[0]
    with pytest.warns(DeprecationWarning, match=r"Game\.play is deprecated"):
        assert game.play(move) is None
    with pytest.warns(DeprecationWarning, match=r"Game\.undo is deprecated"):
        assert game.undo() == move
    with pytest.warns(DeprecationWarning, match=r"Game\.is_over is deprecated"):
        assert game.is_over() is False


def test_a_refused_push_leaves_the_game_unchanged_in_every_game() -> None:
    from wallrush import IllegalMoveError

    for game, bad in ((wallgo.Game(), "d4-d5n"), (Game(), "e5")):
        before = len(game)
        with pytest.raises(IllegalMoveError):
            game.push(bad)
        assert len(game) == before
