"""What a python-chess user expects of Game and Position: push, push_text, pop, peek,
copy, is_game_over, outcome(), result(), parse_move, move_text, str(game); fresh bot
seeds; the error family and messages in words; lazy submodules; shared move objects; a
missing optional dependency named by its extra."""

from __future__ import annotations

import subprocess
import sys

import pytest

import wallrush
from wallrush import (
    Beginner,
    DrawOptions,
    Game,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidPositionError,
    InvalidTextError,
    Move,
    Outcome,
    Position,
    RandomMover,
    Resignation,
    Seat,
    Variant,
    WallrushError,
)


def test_push_pop_peek_copy() -> None:
    game = Game()
    assert game.push("e2") == Move("e2")
    assert game.push(Move("e8")) == Move("e8")
    assert game.push_text("H-d5", notation="wallrush") == Move("d4h")
    assert game.peek() == Move("d4h") and len(game) == 3
    copy = game.copy()
    assert game.pop() == Move("d4h") and game.peek() == Move("e8")
    assert len(copy) == 3 and copy.peek() == Move("d4h")
    assert game.push("resign") == Resignation(Seat.SOUTH)  # South was to move again
    assert game.is_game_over() and game.result() == "0-1"
    assert game.outcome() == Outcome(Seat.NORTH, "resignation")
    with pytest.raises(TypeError, match="expected move text as a str"):
        game.push_text(Move("e3"))  # type: ignore[arg-type]
    empty = Game()
    with pytest.raises(IndexError, match="nothing to peek at"):
        empty.peek()
    with pytest.raises(IndexError, match="nothing to undo"):
        empty.pop()
    # A refused push changes nothing.
    with pytest.raises(IllegalMoveError):
        copy.push("d4h")
    assert len(copy) == 3


def test_results_two_and_four_seats() -> None:
    game = Game()
    assert game.result() == "*" and game.outcome() is None and not game.is_game_over()
    game.push("resign")
    assert game.result() == "0-1"
    drawn = Game(draw=DrawOptions(ply_limit=2))
    drawn.push("e2")
    drawn.push("e8")
    assert drawn.result() == "1/2-1/2"
    four = Game(Variant.four_player())
    four.resign(Seat.WEST)
    assert four.result() == "*"
    for seat in (Seat.SOUTH, Seat.EAST):
        four.resign(seat)
    assert four.result() == "0-0-1-0"
    assert Position().result() == "*" and Position().resign().result() == "0-1"


def test_parse_move_and_move_text_agree_on_both() -> None:
    game = Game()
    game.push("e2")
    game.push("e8")
    pos = game.position
    assert game.parse_move("H-d5", "wallrush") == pos.parse_move("H-d5", "wallrush") == Move("d4h")
    assert game.parse_move("resign") == Resignation(Seat.SOUTH)
    assert game.move_text("d4h", "wallrush") == pos.move_text("d4h", "wallrush") == "H-d5"
    assert game.write_move("d4h") == pos.write_move("d4h") == "d4h"
    with pytest.raises(IllegalMoveError):
        game.move_text("e9")
    over = Game(draw=DrawOptions(ply_limit=1))
    over.push("e2")
    with pytest.raises(IllegalMoveError, match="game is over"):
        over.move_text("e8")
    assert pos.is_game_over() is False


def test_str_of_a_game_draws_the_board() -> None:
    game = Game()
    game.push("e2")
    assert str(game) == str(game.position)
    assert str(game.record()).startswith("[Variant ")


def test_bots_default_to_a_fresh_seed() -> None:
    seeds = {Beginner().seed for _ in range(8)} | {RandomMover().seed for _ in range(8)}
    assert len(seeds) == 16
    picks = {RandomMover().choose(Position()) for _ in range(30)}
    assert len(picks) > 1
    # An explicit seed repeats, and a fresh seed can be read back to repeat a game.
    bot = RandomMover()
    first = [bot.choose(Position()) for _ in range(5)]
    again = RandomMover(bot.seed)
    assert [again.choose(Position()) for _ in range(5)] == first
    assert RandomMover(seed=7).choose(Position()) == RandomMover(seed=7).choose(Position())


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: Position().perft(-1), "depth -1 is out of range: 0 ..= 4294967295"),
        (lambda: Position().svg(size=-5), "size -5 is out of range: 0 ..= 4294967295"),
        (lambda: Position().play_action(10**6), "action 1000000 is out of range"),
        (lambda: RandomMover(seed=-1), "seed -1 is out of range"),
    ],
)
def test_out_of_range_arguments_are_invalid_argument_errors(call: object, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message) as info:
        call()  # type: ignore[operator]
    assert isinstance(info.value, WallrushError) and isinstance(info.value, ValueError)
    assert type(info.value) is InvalidArgumentError


def test_every_family_is_a_wallrush_error() -> None:
    for cls in (InvalidTextError, IllegalMoveError, wallrush.InvalidVariantError, InvalidPositionError,
                InvalidArgumentError):
        assert issubclass(cls, WallrushError) and issubclass(cls, ValueError)
        assert (cls.__doc__ or "").strip()


@pytest.mark.parametrize(
    "text, message",
    [
        ("resign", "invalid move 'resign': resigning is not a move: call Position.resign() or "
                   "Game.resign(), or push 'resign' on a Game"),
        ("pass ", "invalid move 'pass ': move text has spaces around it: write 'pass'"),
        ("PASS", "invalid move 'PASS': moves are written in lower case: 'pass'"),
        ("Resign", "invalid move 'Resign': moves are written in lower case: 'resign'"),
        ("undo", "invalid move 'undo': not a move: expected a square (e2), a wall (d4h) or 'pass'"),
    ],
)
def test_move_text_errors_in_words(text: str, message: str) -> None:
    for call in (Move, Position().play):
        with pytest.raises(InvalidTextError) as info:
            call(text)
        assert str(info.value) == message
        assert info.value.text == text and info.value.expected  # the parser's view is kept
    assert Game().push("resign") == Resignation(Seat.SOUTH)  # a game takes it


def test_from_setup_names_a_seat_left_out() -> None:
    with pytest.raises(InvalidPositionError) as info:
        Position.from_setup(Variant(), {"south": "e1"})
    assert str(info.value) == (
        "pawns gives no square for north: give every seat of the variant a square, or None for a seat that resigned"
    )
    with pytest.raises(InvalidPositionError, match="no square for east"):
        Position.from_setup(Variant.four_player(), {"south": "e1", "west": "a5", "north": "e9"})
    # A resignation named on purpose is a position.
    pos = Position.from_setup(Variant.four_player(), {"south": "e1", "west": None, "north": "e9", "east": "i5"})
    assert not pos.is_in_play(Seat.WEST)


def test_hovers_name_the_package() -> None:
    for cls in (Move, Position, Game, wallrush.Record, wallrush.Square, wallrush.Wall, wallrush.Variant):
        assert cls.__module__ == "wallrush"
        assert repr(cls) == f"<class 'wallrush.{cls.__name__}'>"


def test_import_is_lazy_and_fast_enough() -> None:
    code = (
        "import sys, wallrush\n"
        "heavy = {'wallrush.openspiel', 'wallrush.agents', 'wallrush.svg', 'wallrush.wallgo',"
        " 'wallrush.enclosure', 'wallrush.record', 'wallrush.rl', 'numpy', 'importlib.metadata'}\n"
        "print(sorted(heavy & set(sys.modules)))\n"
        "import wallrush.svg\n"
        "assert wallrush.svg.board and wallrush.agents.num_actions() == 210\n"
        "assert 'rl' in dir(wallrush)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"
    with pytest.raises(AttributeError, match="has no attribute 'nope'"):
        wallrush.nope  # type: ignore[attr-defined]  # noqa: B018


def test_legal_moves_are_shared_objects() -> None:
    pos = Position().play("e2").play("e8").play("d4h")
    first, second = list(pos.legal_moves), list(pos.legal_moves)
    assert first == second and all(a is b for a, b in zip(first, second))
    assert [m.action(pos.variant) for m in first] == pos.legal_actions()
    assert [str(m) for m in Position().pawn_moves] == ["d1", "f1", "e2"]
    assert list(Game(draw=DrawOptions(ply_limit=0)).legal_moves) == []


@pytest.mark.parametrize(
    "blocked, code, extra",
    [
        ("numpy", "wallrush.Position().legal_action_mask(numpy=True)", "wallrush[numpy]"),
        ("numpy", "wallrush.Position().observation(numpy=True)", "wallrush[numpy]"),
        ("pyspiel", "wallrush.openspiel.load_game()", "wallrush[openspiel]"),
        ("pettingzoo", "import wallrush.rl; wallrush.rl.env()", "wallrush[rl]"),
    ],
)
def test_a_missing_optional_dependency_names_its_extra(blocked: str, code: str, extra: str) -> None:
    # sys.modules[name] = None makes `import name` fail as if it were not installed.
    script = f"import sys\nsys.modules[{blocked!r}] = None\nimport wallrush\n{code}\n"
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert run.returncode != 0
    assert "ImportError" in run.stderr and f"pip install '{extra}'" in run.stderr, run.stderr
