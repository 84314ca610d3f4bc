"""Game (history, play, undo, redo, resign, draw options, result), records and
position text in and out."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import wallrush
from wallrush import (
    DrawOptions,
    Game,
    IllegalMoveError,
    InvalidPositionError,
    InvalidTextError,
    InvalidVariantError,
    Move,
    Notation,
    Outcome,
    Position,
    Record,
    Resignation,
    Seat,
    Variant,
)


def test_play_undo_redo() -> None:
    game = Game()
    for m in ["e2", "e8", "d4h"]:
        game.push(m)
    assert len(game) == 3 and game.plies == 3 and game.turn is Seat.NORTH
    assert game.moves == [Move("e2"), Move("e8"), Move("d4h")]
    assert game.position == Position().play("e2").play("e8").play("d4h")
    assert game.position_at(0) == game.start == Position()
    assert game.position_at(-1) == game.position and game.position_at(1) == Position().play("e2")
    with pytest.raises(IndexError):
        game.position_at(4)
    assert game.pop() == Move("d4h") and len(game) == 2
    assert game.redo_actions == [Move("d4h")]
    assert game.redo() == Move("d4h")
    with pytest.raises(IndexError, match="nothing to redo"):
        game.redo()
    while len(game):
        game.pop()
    with pytest.raises(IndexError, match="nothing to undo"):
        game.pop()


def test_refused_moves_change_nothing() -> None:
    game = Game()
    game.push("d4v")
    game.push("e8")
    before = str(game.record())
    with pytest.raises(IllegalMoveError, match="^d4h crosses wall d4v$"):
        game.push("d4h")
    with pytest.raises(IllegalMoveError, match="^H-d5 crosses wall V-d5$"):
        game.push("H-d5", notation="wallrush")
    with pytest.raises(InvalidTextError):
        game.push("zz")
    assert str(game.record()) == before
    assert not game.is_legal("d4h") and game.is_legal("d5h") and not game.is_legal("Je2", "wallrush")


def test_resignation_in_the_history() -> None:
    game = Game(Variant.four_player())
    game.push("e2")
    game.push("resign(north)")
    game.push("resign")  # the seat to move (west) resigns
    assert game.actions == [Move("e2"), Resignation(Seat.NORTH), Resignation(Seat.WEST)]
    assert game.plies == 1 and game.position.seats_in_play == (Seat.SOUTH, Seat.EAST)
    with pytest.raises(IllegalMoveError) as info:
        game.resign("north")
    assert (info.value.kind, str(info.value)) == ("not_in_play", "north cannot resign: not in play")
    game.resign(Seat.EAST)
    assert game.outcome() == Outcome(Seat.SOUTH, "resignation") and game.is_game_over()
    assert game.pop() == Resignation(Seat.EAST) and game.outcome() is None
    game.push(Resignation("east"))
    assert game.is_game_over() and len(game.legal_moves) == 0
    assert game.action_text(1) == "resign(north)"


def test_draw_by_repetition_and_ply_limit() -> None:
    game = Game(draw=DrawOptions.PAWN_PATH_GAME)
    for m in ["e2", "e8", "e1", "e9", "e2", "e8", "e1", "e9"]:
        game.push(m)
    assert game.repetitions == 3
    assert game.outcome() == Outcome(None, "repetition") and game.is_game_over()
    assert len(game.legal_moves) == 0 and "e2" not in game.legal_moves and not game.legal_moves
    with pytest.raises(IllegalMoveError) as info:
        game.push("e2")
    assert info.value.kind == "game_over"
    game.draw = None  # the rules judge the current position only
    assert game.outcome() is None and len(game.legal_moves) == 131 - 128 + 128
    limited = Game(draw=DrawOptions(ply_limit=2))
    limited.push("e2")
    limited.push("e8")
    assert limited.outcome() == Outcome(None, "ply_limit")


def test_draw_options_values() -> None:
    assert DrawOptions() == DrawOptions.NONE == DrawOptions.WALLRUSH
    assert DrawOptions.PAWN_PATH_GAME == DrawOptions(repetition=3, ply_limit=500)
    assert str(DrawOptions.PAWN_PATH_GAME) == "repetition=3 ply_limit=500"
    assert DrawOptions.from_text("ply_limit=200") == DrawOptions(ply_limit=200)
    assert str(DrawOptions()) == "none" and DrawOptions.from_text("none") == DrawOptions()
    with pytest.raises(InvalidTextError, match="expected draw options"):
        DrawOptions.from_text("sometimes")
    with pytest.raises(ValueError, match="repetition -1 is out of range"):
        DrawOptions(repetition=-1)
    with pytest.raises(TypeError):
        DrawOptions(repetition=True)


def test_moves_text_in_every_notation() -> None:
    game = Game()
    game.play_moves_text("1. e2 e8 2. e3 e7 3. e4 e6 4. e5 Je4 5. H-d4", "wallrush")
    assert game.moves_text() == "1. e2 e8 2. e3 e7 3. e4 e6 4. e5 e4 5. d3h"
    assert game.moves_text(Notation.PALLWALL) == "1. e2 e8 2. e3 e7 3. e4 e6 4. e5 e4 5. d4h"
    assert game.action_text(7, "wallrush") == "Je4"
    before = str(game.record())
    with pytest.raises(IllegalMoveError, match="^line 1: action 11: d3h overlaps wall d3h$"):
        game.play_moves_text("f4 d3h", "standard")  # all or nothing: f4 is not kept
    with pytest.raises(InvalidTextError) as info:
        game.play_moves_text("f4 6.")
    assert str(info.value) == "line 1: no move after round number 6" and info.value.line == 1
    assert str(game.record()) == before


RECORD = """[Variant "size=9 players=2 walls=10 wall_length=2 goal=edge"]
[Notation "wallrush"]
[South "Ann"]
[North "Bob"]
[Event "Club night"]
[Result "*"]

1. e2 e8 2. e3 e7 3. e4 e6 4. e5 Je4 5. H-d4
"""


def test_record_in_and_out() -> None:
    record = Record.from_text(RECORD)
    assert record.notation is Notation.WALLRUSH
    assert record.players == {Seat.SOUTH: "Ann", Seat.NORTH: "Bob"}
    assert record.tags == {"Event": "Club night"}
    assert str(record) == RECORD
    game = record.game
    assert len(game) == 9 and game.moves[-1] == Move("d3h")
    record.notation = "pallwall"
    assert str(record).endswith("\n1. e2 e8 2. e3 e7 3. e4 e6 4. e5 e4 5. d4h\n")
    assert Record.convert(RECORD, "standard", "standard").endswith("5. d3h\n")
    record.set_player("north", None)
    record.set_tag("Date", "1975.05.12")
    assert record.players == {Seat.SOUTH: "Ann"} and list(record.tags) == ["Event", "Date"]
    with pytest.raises(ValueError, match="does not play in this variant"):
        record.set_player(Seat.WEST, "Cy")
    with pytest.raises(ValueError, match="set through its own method"):
        record.set_tag("Result", "*")
    with pytest.raises(InvalidTextError):
        record.set_tag("9lives", "x")
    game.push("f4")
    record.game = game
    assert Record.from_text(str(record)).game == game


def test_game_from_record_and_position() -> None:
    game = Game.from_record(RECORD)
    assert game == Record.from_text(RECORD).game
    start = Position().play("e2").play("d6h")
    later = Game.from_position(start, draw=DrawOptions(repetition=2))
    later.push("e3")
    assert later.start == start and later.plies == 1
    back = Game.from_record(str(later.record()))
    assert back == later and back.draw == DrawOptions(repetition=2)
    assert "[Position \"" in str(later.record())


@pytest.mark.parametrize(
    "text, cls, message",
    [
        ('[Variant "size=8 players=2 walls=10 wall_length=2 goal=edge"]\n\n1. e2\n', InvalidVariantError,
         "line 1: Variant tag: size 8 is out of range: odd, 3 ..= 31"),
        ('[Notation "pgn"]\n\n1. e2\n', InvalidTextError,
         "line 1: Notation tag: expected a notation: standard, wallrush or pallwall"),
        ("1. e2 e8 2. e5\n", IllegalMoveError, "line 1: action 3: e5 is not a legal pawn move"),
        ("1. e2 e8 2. 9x\n", InvalidTextError, "line 1: malformed round number \"9x\""),
        ('[Position "size=9 players=2 walls=10 wall_length=2 goal=edge pawns=e1,e1 placed=- '
         'walls_left=10,10 turn=south passes=0"]\n\n', InvalidPositionError,
         "line 1: Position tag: two pawns on e1"),
        ('[Result "south wins by goal"]\n\n1. e2\n', InvalidTextError,
         "line 1: Result tag says south wins by goal but the moves give *"),
    ],
)
def test_record_errors(text: str, cls: type, message: str) -> None:
    with pytest.raises(cls) as info:
        Record.from_text(text)
    assert type(info.value) is cls
    assert str(info.value) == message


def test_record_error_line_and_index() -> None:
    text = '[Event "x"]\n[Notation "wallrush"]\n\n1. e2 e8 2. Q5\n'
    with pytest.raises(InvalidTextError) as info:
        Record.from_text(text)
    err = info.value
    assert err.line == 4 and text[err.index :].startswith("1. e2")
    assert str(err).startswith("line 4: action 3:")


def test_position_text_in_and_out() -> None:
    pos = Position().play("e2").play("d4h")
    text = pos.to_text()
    assert text == (
        "size=9 players=2 walls=10 wall_length=2 goal=edge pawns=e2,e9 placed=d4h "
        "walls_left=10,9 turn=south passes=0"
    )
    assert Position.from_text(text) == pos
    assert repr(pos) == f"Position.from_text('{text}')"
    with pytest.raises(InvalidTextError) as info:
        Position.from_text(text.replace("turn=south", "turn=up"))
    assert str(info.value) == "turn at byte 94: expected a seat: south, west, north or east"
    assert info.value.index == 94
    with pytest.raises(InvalidTextError, match="^missing field turn$"):
        Position.from_text(text.replace(" turn=south", ""))
    with pytest.raises(InvalidVariantError, match="^size 8 is out of range"):
        Position.from_text(text.replace("size=9", "size=8"))
    with pytest.raises(InvalidPositionError, match="^two pawns on e2$"):
        Position.from_text(text.replace("e2,e9", "e2,e2"))
    assert Variant.from_text(str(Variant.race_to_centre())) == Variant.race_to_centre()
    assert Outcome.from_text("north wins by goal") == Outcome(Seat.NORTH, "goal")
    with pytest.raises(InvalidTextError):
        Outcome.from_text("north wins")


def test_games_are_mutable_values() -> None:
    game = Game(draw=DrawOptions.PAWN_PATH_GAME)
    game.push("e2")
    twin = copy.copy(game)
    deep = copy.deepcopy(game)
    assert twin == game == deep and twin is not game
    twin.push("e8")
    assert twin != game and len(game) == 1
    with pytest.raises(TypeError):
        hash(game)
    back = pickle.loads(pickle.dumps(game))
    assert back == game and back.draw == game.draw
    assert eval(repr(game), vars(wallrush)) == game
    record = game.record("wallrush")
    assert eval(repr(record), vars(wallrush)) == record
    assert pickle.loads(pickle.dumps(record)) == record


@pytest.mark.parametrize("variant", [Variant(), Variant.four_player(), Variant(size=5, walls=2, wall_length=3)], ids=str)
def test_random_games_round_trip_through_records(variant: Variant) -> None:
    rng = random.Random(7)
    for _ in range(4):
        game = Game(variant)
        while not game.is_game_over() and len(game) < 60:
            if rng.random() < 0.02:
                game.resign(rng.choice(game.position.seats_in_play))
                continue
            game.push(rng.choice(list(game.legal_moves)))
        for n in Notation:
            text = str(game.record(n))
            again = Game.from_record(text)
            assert again == game, text
            assert again.outcome() == game.outcome()


# ----- games longer than a record may hold ---------------------------------------------------


def shuffle_game(actions: int, variant: Variant | None = None) -> Game:
    """A game of `actions` pawn moves back and forth (no draw rules: it never ends)."""
    game = Game(variant)
    while len(game) < actions:
        pawn_moves = list(game.position.pawn_moves)
        game.push(pawn_moves[len(game) % 2 % len(pawn_moves)])
    return game


def test_a_game_longer_than_a_record_pickles_and_pastes_back() -> None:
    game = shuffle_game(10_001)
    game.draw = DrawOptions(ply_limit=20_000)
    with pytest.raises(InvalidTextError, match="more than 10000 actions"):
        Game.from_record(str(game.record()))  # the record limit stands for text
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        blob = pickle.dumps(game, protocol)
        back = pickle.loads(blob)
        assert back == game and back.draw == game.draw and back.position == game.position
        assert len(blob) < 4 * len(game) + 1000, len(blob)  # compact: a move text and a space
    text = repr(game)
    assert text.startswith("Game._from_actions(Position(), '")
    assert eval(text, vars(wallrush)) == game
    # A game within the limits keeps its record repr.
    short = shuffle_game(10_000)
    assert repr(short).startswith("Game.from_record('[Variant ")
    assert eval(repr(short), vars(wallrush)) == short == pickle.loads(pickle.dumps(short))


def test_a_record_longer_than_its_limits_pickles_and_pastes_back() -> None:
    record = shuffle_game(10_001).record("wallrush")
    record.set_player(Seat.SOUTH, "Ann 'the wall'")
    record.set_tag("Event", 'a "long" game\\')
    back = pickle.loads(pickle.dumps(record))
    assert back == record and back.players == {Seat.SOUTH: "Ann 'the wall'"}
    assert back.notation == Notation.WALLRUSH and back.tags == {"Event": 'a "long" game\\'}
    text = repr(record)
    assert text.startswith("Record._from_parts(Game._from_actions(")
    assert eval(text, vars(wallrush)) == record
    short = Game().record()
    assert repr(short).startswith("Record.from_text(") and pickle.loads(pickle.dumps(short)) == short


@pytest.mark.parametrize(
    "variant", [Variant.four_player(), Variant(size=29, players=4, walls=3, wall_length=5)], ids=str
)
def test_the_compact_form_keeps_every_kind_of_action(variant: Variant) -> None:
    rng = random.Random(18)
    game = Game(variant)
    while not game.is_game_over() and len(game) < 400:
        if rng.random() < 0.01:
            game.resign(rng.choice(game.position.seats_in_play))
            continue
        game.push(rng.choice(list(game.legal_moves)))
    assert any(isinstance(a, Resignation) for a in game.actions)
    back = pickle.loads(pickle.dumps(game))
    assert back == game and back.actions == game.actions and back.outcome() == game.outcome()


def test_draw_rules_set_late_survive_pickling() -> None:
    # Draw rules set late judge the current position only; the record form plays the
    # moves under the rules from the start (and refused this game), the compact form
    # replays them first and sets the rules after.
    game = Game()
    for m in ["e2", "e8", "e1", "e9"] * 2 + ["e2", "e8"]:
        game.push(m)
    game.draw = DrawOptions(repetition=2)
    assert game.is_game_over()
    back = pickle.loads(pickle.dumps(game))
    assert back == game and back.outcome() == game.outcome() == Outcome(None, "repetition")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        Game.from_record(str(game.record()))
    assert repr(game).startswith("Game._from_actions(") and eval(repr(game), vars(wallrush)) == game


def test_a_tampered_compact_pickle_raises_the_documented_errors() -> None:
    from_actions = getattr(Game, "_from_actions")
    with pytest.raises(InvalidTextError):
        from_actions(Position(), "e2 zz", None)
    with pytest.raises(IllegalMoveError, match="e4 is not a legal pawn move"):
        from_actions(Position(), "e2 e8 e4", None)
    with pytest.raises(TypeError, match="expected a Position"):
        from_actions("start", "e2", None)
    with pytest.raises(TypeError):
        from_actions(Position(), 42, None)
    with pytest.raises(TypeError):
        from_actions(Position(), "e2", "none")
    assert from_actions(Position(), "", None) == Game()


def test_legal_moves_of_a_game_are_a_snapshot() -> None:
    game = Game()
    game.push_text("e2")
    moves = game.legal_moves
    assert moves.position == game.position and moves.position is moves.position
    assert "e8" in moves and len(moves) == len(game.position.legal_moves)
    game.push_text("e8")
    # The view keeps the position it was taken from; the game's moves are a new view.
    assert moves.position != game.position and "e8" in moves and "e8" not in game.legal_moves
    assert list(moves) == list(moves.position.legal_moves)
