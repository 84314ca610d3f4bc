"""Wall Go from Python: positions, moves, refusals, text and records, bots."""

from __future__ import annotations

import copy
import pickle
from typing import List

import pytest

import wallrush
from wallrush import (
    IllegalMoveError,
    InvalidPositionError,
    InvalidTextError,
    InvalidVariantError,
    Square,
    wallgo,
)
from wallrush.wallgo import Game, GreedyBot, Move, Player, Position, Side, Wall

START = "b2,d2,d6,f6/b4,b6,f2,f4 - R -"


def squares(*names: str) -> List[Square]:
    return [Square(n) for n in names]


def bot_game(players: int, seed: int) -> Game:
    """A game the greedy bot plays against itself to the end."""
    game = Game(players)
    bot = GreedyBot(seed)
    while (m := bot.choose(game)) is not None:
        game.push(m)
    return game


def test_the_fixed_start() -> None:
    pos = Position()
    assert pos.to_text() == START and repr(pos) == "wallgo.Position()"
    assert pos.players == 2 and pos.player_list == (Player.RED, Player.BLUE)
    assert pos.turn is Player.RED and not pos.is_placing and pos.placed == 8
    assert pos.pieces(Player.RED) == squares("b2", "d2", "d6", "f6")
    assert pos.pieces("blue") == pos.pieces(1) == pos.pieces("B") == squares("f2", "b4", "f4", "b6")
    assert pos.piece_at("d6") is Player.RED and pos.piece_at("e5") is None and pos.piece_at("h8") is None
    assert len(pos.legal_moves) == pos.legal_move_count() == 134
    assert pos.walls == {} and pos.scores == {Player.RED: 0, Player.BLUE: 0}
    assert len(pos.regions) == 1 and len(pos.regions[0]) == 49 and pos.regions[0].is_contested
    assert pos.outcome() is None and not pos.is_game_over()
    assert Square("b2") in pos.region_of("g7") and pos.is_active("b2") and not pos.is_active("a1")
    reach = pos.destinations("b2")
    assert Square("b3") in reach and Square("c3") in reach and Square("b4") not in reach
    assert pos.destinations("b4") == [] and pos.destinations("h9") == []
    assert "red to move" in str(pos)


def test_moves_read_and_write() -> None:
    m = Move("b2-c3n")
    assert m.kind == "step" and m.from_square == Square("b2") and m.to_square == Square("c3")
    assert m.side is Side.NORTH and m.wall == Wall("c3n") and str(m) == "b2-c3n"
    assert m == Move.step("b2", Square("c3"), "north") == Move.step("b2", "c3", Side.NORTH)
    assert repr(m) == "wallgo.Move('b2-c3n')"
    assert Move("b2-b2n") == Move("b2n") and str(Move("b2-b2n")) == "b2n"
    assert Move("x:e4w") == Move.wall_break("d4e") and str(Move("x:e4w")) == "x:d4e"
    assert Move("x:d4e").kind == "break" and Move("x:d4e").wall == Wall("d4e")
    assert Move("@b2") == Move.place("b2") and Move("@b2").kind == "place"
    assert Move("@b2").to_square == Square("b2") and Move("@b2").from_square is None
    assert Move("a1s").wall is None  # parses; the position refuses the board edge
    for pos in (Position(), Position(4), Position(3).play("@d4")):
        for mv in pos.legal_moves:
            assert Move(str(mv)) == mv and pos.is_legal(str(mv))
    assert sorted([Move("c1n"), Move("@a1"), Move("x:a1n")])[0] == Move("@a1")
    with pytest.raises(ValueError, match="off the 7x7 board"):
        Move.step("b2", "h2", "n")
    with pytest.raises(ValueError, match="off the 7x7 board"):
        Move.place("a8")


def test_walls() -> None:
    w = Wall("c4s")
    assert w == Wall("c3n") and str(w) == "c3n" and repr(w) == "wallgo.Wall('c3n')"
    assert w.square == Square("c3") and w.side is Side.NORTH and w.cells == (Square("c3"), Square("c4"))
    assert w.side_of("c4") is Side.SOUTH and w.side_of("c3") is Side.NORTH and w.side_of("a1") is None
    assert Wall.of("d4", "w") == Wall("c4e") and Wall.of("c4", Side.SOUTH) == w
    assert len(Wall.all()) == 84 and Wall.all() == sorted(Wall.all())
    assert len(set(Wall.all())) == 84
    with pytest.raises(ValueError, match="board edge"):
        Wall.of("a1", "west")
    with pytest.raises(InvalidTextError) as info:
        Wall("a1s")
    assert info.value.index == 2


@pytest.mark.parametrize(
    ("moves", "bad", "kind", "message"),
    [
        ([], "b2-b5n", "unreachable", "b5 is not within two free steps of b2"),
        ([], "b2-a1s", "board_edge", "the south side of a1 is the board edge, not a groove"),
        ([], "x:b2n", "no_break_with_two", "wall breaks are for 3 or 4 players"),
        ([], "c3n", "no_piece", "no red piece on c3"),
        ([], "@c3", "not_placing", "every piece is already placed"),
        (["b2-b3e"], "b2n", "no_piece", "no blue piece on b2"),
        (["b2-c3n"], "b4-c4s", "groove_taken", "groove c3n already has a red wall"),
    ],
)
def test_refusals_name_the_rule(moves: List[str], bad: str, kind: str, message: str) -> None:
    pos = Position()
    for m in moves:
        pos = pos.play(m)
    with pytest.raises(IllegalMoveError) as info:
        pos.play(bad)
    err = info.value
    assert str(err) == message and err.kind == kind and err.move == Move(bad)
    assert isinstance(err, ValueError)
    if kind == "groove_taken":
        assert err.wall == Wall("c3n")
    else:
        assert err.wall is None
    assert not pos.is_legal(bad)
    with pytest.raises(IllegalMoveError, match=message):
        pos.check(Move(bad))


def test_placement_setups_and_breaks() -> None:
    pos = Position(4)
    assert pos.is_placing and pos.turn is Player.RED and len(pos.legal_moves) == 49
    assert wallgo.placement_order(4) == [Player(i) for i in (0, 1, 2, 3, 3, 2, 1, 0)]
    assert wallgo.placement_order(2) == [Player(i) for i in (0, 1, 1, 0, 0, 1, 1, 0)]
    assert wallgo.placement_order(5) == [] and wallgo.pieces_per_player(3) == 2
    with pytest.raises(IllegalMoveError, match="red must place a piece first") as info:
        pos.play("b2n")
    assert info.value.kind == "must_place"
    order = wallgo.placement_order(4)
    for player, sq in zip(order, ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "a2"]):
        assert pos.turn is player
        if sq == "b1":
            with pytest.raises(IllegalMoveError, match="a1 already holds a piece"):
                pos.play("@a1")
        pos = pos.play(Move.place(sq))
    assert not pos.is_placing and pos.turn is Player.RED
    pos = pos.play("a1n")
    assert pos.walls == {Wall("a1n"): Player.RED} and pos.wall_owner("a2s") is Player.RED
    # A wall break, once per player, on its turn instead of a move.
    assert pos.turn is Player.BLUE
    pos = pos.play("x:a1n")
    assert pos.break_used(Player.BLUE) and not pos.break_used("red") and pos.walls == {}
    pos = pos.play(Move.step("c1", "c1", "n"))  # Yellow
    with pytest.raises(IllegalMoveError, match="no wall on groove e5n") as info:
        pos.play("x:e5n")  # Green
    assert info.value.kind == "no_wall" and info.value.wall == Wall("e5n")
    pos = pos.play("d1n").play("a2n")  # Green, Red
    with pytest.raises(IllegalMoveError, match="blue has already used its wall break") as info:
        pos.play("x:c1n")
    assert info.value.kind == "break_used"
    assert pos.to_text().endswith(" B B")
    with pytest.raises(InvalidVariantError) as bad:
        Position(5)
    assert bad.value.parameter == "players"
    with pytest.raises(InvalidVariantError):
        Position.placement(1)
    placement = Position.placement(2)
    assert placement.is_placing and placement.legal_move_count() == 49


def test_position_text_round_trips_and_errors() -> None:
    game = bot_game(3, 5)
    for i in range(len(game.moves) + 1):
        pos = game.start
        for m in game.moves[:i]:
            pos = pos.play(m)
        text = pos.to_text()
        assert Position.from_text(text) == pos
        assert eval(repr(pos), {"wallgo": wallgo}) == pos
        assert pickle.loads(pickle.dumps(pos)) == pos
        assert copy.copy(pos) is pos and copy.deepcopy(pos) is pos
    assert len({Position(), Position.from_text(START), Position().play("b2n")}) == 2
    with pytest.raises(InvalidTextError) as info:
        Position.from_text("b2 - R")
    assert "expected 4 fields" in str(info.value)
    with pytest.raises(InvalidTextError) as info:
        Position.from_text(START.replace(" R ", " Q "))
    assert info.value.index == START.index(" R ") + 1
    with pytest.raises(InvalidTextError) as info:
        Position.from_text("b2,d2,d6,f6/b4,b6,f2,h4 - R -")
    assert info.value.index == START.index("f4")
    with pytest.raises(InvalidPositionError, match="two pieces on b2"):
        Position.from_text(START.replace("b4", "b2"))
    with pytest.raises(TypeError):
        Position.from_text(None)  # type: ignore[arg-type]


def test_seeded_bot_games_reach_their_end() -> None:
    for players in (2, 3, 4):
        game = bot_game(players, 11)
        again = bot_game(players, 11)
        assert game == again, "a seed fixes the game"
        outcome = game.outcome()
        assert game.is_game_over() and outcome is not None and game.legal_moves == []
        pos = game.position
        assert pos.is_game_over() and not any(r.is_contested for r in pos.regions)
        total = sum(pos.scores.values())
        assert total <= 49 and set(pos.scores) == set(pos.player_list)
        if outcome.winner is not None:
            best = max(pos.scores.values())
            assert pos.scores[outcome.winner] == best
            assert str(outcome).startswith(str(outcome.winner))
        else:
            assert outcome.is_draw and str(outcome) == "draw"
        assert GreedyBot(1).choose(pos) is None
        with pytest.raises(IllegalMoveError) as info:
            pos.play("b2n")
        assert info.value.kind == "game_over"


def test_games_undo_and_records() -> None:
    game = bot_game(2, 3)
    n = len(game)
    text = str(game)
    assert text.startswith('[Game "wallgo"]\n[Players "2"]\n[Start "fixed"]\n')
    again = Game.from_record(text)
    assert again == game and again.position == game.position and str(again) == text
    assert eval(repr(game), {"wallgo": wallgo}) == game
    assert pickle.loads(pickle.dumps(game)) == game
    twin = copy.copy(game)
    last = twin.pop()
    assert last == game.moves[-1] and len(twin) == n - 1 and twin != game
    twin.push(last)
    assert twin == game
    while len(twin):
        twin.pop()
    assert twin.position == twin.start == Position()
    with pytest.raises(IndexError):
        twin.pop()
    # Tags.
    game.set_tag("Event", "club night")
    assert game.tags == {"Event": "club night"} and '[Event "club night"]' in str(game)
    assert Game.from_record(str(game)).tags == {"Event": "club night"}
    game.set_tag("Event", None)
    assert game.tags == {}
    with pytest.raises(InvalidTextError):
        game.set_tag("bad name", "x")
    with pytest.raises(ValueError, match="written from the game"):
        game.set_tag("Result", "red")
    with pytest.raises(ValueError, match="line break"):
        game.set_tag("Note", "a\nb")
    # A game from a position, and a refused move leaving the game as it was.
    g = Game.from_position(Position().play("b2-c3n"))
    assert g.turn is Player.BLUE and g.start != Position()
    with pytest.raises(IllegalMoveError):
        g.push("b4-c4s")
    assert len(g) == 0
    assert 'Start "c3,d2,d6,f6/b4,b6,f2,f4 Rc3n B -"' in str(g)
    with pytest.raises(TypeError):
        hash(g)


def test_record_errors() -> None:
    with pytest.raises(IllegalMoveError) as info:
        Game.from_record('[Players "2"]\n\nb2-c3n b4-c4s\n')
    assert info.value.kind == "groove_taken" and info.value.move == Move("b4-c4s")
    assert "move 2" in str(info.value)
    with pytest.raises(InvalidVariantError):
        Game.from_record('[Players "5"]\n\n')
    with pytest.raises(InvalidTextError) as bad:
        Game.from_record('[Players "2"]\n[Oops\n\nb2n\n')
    assert bad.value.line == 2 and bad.value.index == len('[Players "2"]\n')
    with pytest.raises(InvalidTextError, match="missing Players"):
        Game.from_record("b2n\n")
    with pytest.raises(InvalidTextError):
        Game.from_record('[Players "2"]\n\nb2-c3q\n')
    with pytest.raises(InvalidPositionError):
        Game.from_record(f'[Players "2"]\n[Start "{START.replace("b4", "b2")}"]\n\n')
    with pytest.raises(InvalidTextError, match="Result"):
        Game.from_record('[Players "2"]\n[Result "red"]\n\nb2n\n')
    # A tag value the core reads but set_tag would refuse is written back as it was.
    odd = Game.from_record('[Players "2"]\n[Event "a]b"]\n\nb2n\n')
    assert odd.tags == {"Event": "a]b"} and Game.from_record(str(odd)) == odd
    with pytest.raises(ValueError):
        odd.set_tag("Event", "a]b")


def test_other_arguments() -> None:
    pos = Position()
    with pytest.raises(InvalidTextError):
        pos.pieces("purple")
    with pytest.raises(ValueError, match="player 7"):
        pos.pieces(7)
    with pytest.raises(TypeError):
        pos.pieces(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidTextError):
        Move.step("b2", "c3", "up")
    with pytest.raises(ValueError, match="off the 7x7 board"):
        pos.region_of("h1")
    assert not pos.is_open("g1", "h1") and pos.is_open("a1", "a2") and not pos.is_open("a1", "b2")
    with pytest.raises(TypeError):
        GreedyBot().choose(wallrush.Position())  # type: ignore[arg-type]
    m = pos.timeout_action(1)
    assert m is not None and m.kind == "step" and m.from_square == m.to_square and pos.is_legal(m)
    assert pos.timeout_action(1) == m
    assert Player.RED.letter == "R" and str(Player.GREEN) == "green"
    assert Side.NORTH.opposite is Side.SOUTH and str(Side.EAST) == "e"
