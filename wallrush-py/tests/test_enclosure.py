"""The card enclosure game from Python: positions, moves, refusals, text and records,
bots."""

from __future__ import annotations

import copy
import pickle
from typing import List

import pytest

from wallrush import (
    IllegalMoveError,
    InvalidPositionError,
    InvalidTextError,
    Orientation,
    Square,
    enclosure,
)
from wallrush.enclosure import Cards, Game, GreedyBot, Groove, Move, Player, Position, Side

START = "b2,e3,c5/d2,b4,e5 -/- ABCDEF123456 1 1 - 0"


def squares(*names: str) -> List[Square]:
    return [Square(n) for n in names]


def bot_game(seed: int) -> Game:
    """A seeded game two greedy bots play to the end."""
    game = Game.seeded(seed)
    bots = {Player.ONE: GreedyBot(seed), Player.TWO: GreedyBot(seed + 1)}
    while not game.is_game_over():
        m = bots[game.turn].choose(game)
        assert m is not None
        game.push(m)
    return game


def test_the_start() -> None:
    pos = Position(Player.ONE)
    assert pos.to_text() == START and pos == Position() == Position(1) == Position("1")
    assert repr(pos) == "enclosure.Position(enclosure.Player.ONE)"
    assert repr(Position(Player.TWO)) == "enclosure.Position(enclosure.Player.TWO)"
    assert pos.turn is Player.ONE and pos.moves_left == 1 and pos.vacated is None and pos.discards == 0
    assert pos.pieces(Player.ONE) == squares("b2", "e3", "c5")
    assert pos.pieces(2) == squares("d2", "b4", "e5")
    assert pos.piece_at("e5") is Player.TWO and pos.piece_at("a1") is None and pos.piece_at("z9") is None
    assert pos.is_active("b2") and not pos.is_active("a1")
    assert str(pos.cards) == "ABCDEF123456" and pos.cards == Cards()
    moves = pos.legal_moves
    assert len(moves) == pos.legal_move_count() and Move("A1s b2-b1") in moves
    assert all(pos.is_legal(m) for m in moves)
    assert pos.scores == {Player.ONE: 0, Player.TWO: 0} and pos.score(1) == 0
    assert pos.enclosures == [] and pos.outcome() is None and pos.end_reason is None
    assert "player 1 to move (1 move left)" in str(pos)
    assert Position.seeded(7).turn is enclosure.first_player(7) is Player.ONE
    assert {enclosure.first_player(s) for s in range(64)} == {Player.ONE, Player.TWO}


def test_documented_moves_and_refusals() -> None:
    pos = Position(Player.ONE).play("C3n b2-b3")
    assert (pos.turn, pos.moves_left) == (Player.TWO, 2)
    assert pos.walls == {Groove("c3n"): Player.ONE} and pos.wall_at("c4s") is Player.ONE
    with pytest.raises(IllegalMoveError) as info:
        pos.play("C3n e5-e4")
    err = info.value
    assert str(err) == "letter card C is spent" and err.kind == "letter_spent"
    assert err.move == Move("C3n e5-e4") and err.wall is None
    with pytest.raises(IllegalMoveError) as info:
        pos.play(Move("B4n e5-e4"))
    err = info.value
    assert str(err) == "groove b4n is an edge of b4, which holds an active piece"
    assert err.kind == "active_piece" and err.wall == Groove("b4n")
    assert not pos.is_legal("B4n e5-e4")
    pos = pos.play("A1s e5-e6")
    assert pos.to_text() == "b3,e3,c5/d2,b4,e6 c3n/a1s BDEF2456 2 1 e5 0"
    assert pos.vacated == Square("e5") and pos.moves_left == 1
    with pytest.raises(IllegalMoveError, match="e5 was vacated by this turn's first move") as info:
        pos.play("D5n e6-e5")
    assert info.value.kind == "vacated"
    with pytest.raises(IllegalMoveError, match="groove c3n already holds a wall") as info:
        pos.check_wall("c4s")
    assert info.value.kind == "occupied" and info.value.move is None
    assert not pos.is_buildable("c3n") and Groove("c3n") not in pos.buildable_grooves
    with pytest.raises(IllegalMoveError) as info:
        pos.play("D4n -")
    assert info.value.kind == "must_move" and "a piece must move after the wall" in str(info.value)


def test_moves_grooves_and_cards() -> None:
    m = Move("C4n b2-b3")
    assert m.target == Square("c4") and m.side is Side.NORTH and m.groove == Groove("c4n")
    assert m.step == (Square("b2"), Square("b3")) and not m.is_discard
    assert m == Move.build("c4", "n", "b2-b3") == Move.build(Square("c4"), Side.NORTH, ("b2", Square("b3")))
    assert str(m) == "C4n b2-b3" and repr(m) == "enclosure.Move('C4n b2-b3')"
    assert str(Move("c4x")) == "C4x" and Move("C4x") == Move.discard("c4") and Move("C4x").is_discard
    assert Move("C4x").groove is None and Move("C4x").side is None and Move("C4x").step is None
    assert str(Move("C4n   -")) == "C4n -" and Move("C4n -").step is None
    assert Move.build("c4", "n") == Move("C4n -")
    g = Groove("c5s")
    assert g == Groove("c4n") and str(g) == "c4n" and repr(g) == "enclosure.Groove('c4n')"
    assert g.square == Square("c4") and g.side is Side.NORTH and g.squares == (Square("c4"), Square("c5"))
    assert g.orientation is Orientation.HORIZONTAL and not g.is_board_edge
    edge = Groove("a1w")
    assert edge.is_board_edge and edge.squares == (None, Square("a1")) and edge.orientation is Orientation.VERTICAL
    assert Groove.of("c5", "south") == g and Groove.from_index(g.index) == g
    assert len(Groove.all()) == 84 and [x.index for x in Groove.all()] == list(range(84))
    cards = Cards().after("c4")
    assert str(cards) == "ABDEF12356" and cards.letters == "ABDEF" and cards.numbers == "12356"
    assert len(cards) == 5 and len(cards.targets()) == 25 and not cards.can_target("c1")
    assert Cards("CF25").after("c2").after("f5") == Cards(), "the last pair refills the pool"
    assert repr(cards) == "enclosure.Cards('ABDEF12356')" and pickle.loads(pickle.dumps(cards)) == cards
    for pos in (Position(), Position(2).play("A1s e5-e6")):
        for mv in pos.legal_moves:
            assert Move(str(mv)) == mv
    with pytest.raises(ValueError, match="off the 6x6 board"):
        Move.discard("g1")
    with pytest.raises(ValueError, match="groove index 84"):
        Groove.from_index(84)


@pytest.mark.parametrize(
    ("text", "index"),
    [("C4", 2), ("C4n", 3), ("g1x", 0), ("C4n b2-b3 x", 9), ("C4q b2-b3", 2), ("C7x", 1)],
)
def test_move_text_errors(text: str, index: int) -> None:
    with pytest.raises(InvalidTextError) as info:
        Move(text)
    assert info.value.index == index and info.value.text == text
    with pytest.raises(InvalidTextError):
        Position().play(text)


def test_legal_sides_and_steps() -> None:
    pos = Position()
    assert pos.legal_sides("a1") == [Side.NORTH, Side.EAST, Side.SOUTH, Side.WEST]
    assert Side.NORTH not in pos.legal_sides("b2"), "b2 holds an active piece"
    steps = pos.legal_steps("a1", "s")
    assert (Square("b2"), Square("b3")) in steps
    assert all(pos.is_legal(Move.build("a1", "s", s)) for s in steps)
    with pytest.raises(IllegalMoveError) as info:
        pos.legal_steps("b2", "n")
    assert info.value.kind == "active_piece"


def test_text_round_trips_and_errors() -> None:
    game = bot_game(5)
    pos = game.start
    for m in game.moves:
        pos = pos.play(m)
        assert Position.from_text(pos.to_text()) == pos
        assert eval(repr(pos), {"enclosure": enclosure}) == pos
        assert pickle.loads(pickle.dumps(pos)) == pos
    assert pos == game.position and copy.copy(pos) is pos and copy.deepcopy(pos) is pos
    assert len({Position(), Position.from_text(START), Position(2)}) == 2
    with pytest.raises(InvalidTextError, match="expected 7 fields"):
        Position.from_text("b2 -/- ABCDEF123456")
    bad_turn = START.replace(" 1 1 ", " 3 1 ")
    with pytest.raises(InvalidTextError) as info:
        Position.from_text(bad_turn)
    assert info.value.index == bad_turn.index(" 3 ") + 1 and "field turn" in str(info.value)
    with pytest.raises(InvalidPositionError, match="two pieces on b2"):
        Position.from_text(START.replace("d2", "b2"))
    with pytest.raises(InvalidTextError, match="field discards"):
        Position.from_text(START[:-1] + "16")
    with pytest.raises(InvalidPositionError, match="vacated square e5 given at the start"):
        Position.from_text(START.replace(" 1 1 - ", " 1 2 e5 "))


def test_seeded_bot_games_reach_their_end() -> None:
    for seed in (1, 2, 3):
        game = bot_game(seed)
        assert game == bot_game(seed), "seeds fix the game"
        pos = game.position
        outcome = game.outcome()
        assert outcome is not None and pos.is_game_over() and game.legal_moves == []
        assert outcome.reason == pos.end_reason
        s = pos.scores
        assert all(v <= 27 for v in s.values())
        assert s == {p: sum(e.score for e in pos.enclosures if e.piece and e.piece[0] is p) for p in Player}
        if outcome.winner is None:
            assert outcome.is_draw and s[Player.ONE] == s[Player.TWO] and game.result() == "1/2-1/2"
        else:
            assert s[outcome.winner] > s[outcome.winner.other]
            assert game.result() == ("1-0" if outcome.winner is Player.ONE else "0-1")
            assert str(outcome) == f"player {outcome.winner} wins ({outcome.reason})"
        for e in pos.enclosures:
            assert 1 <= len(e) <= enclosure.MAX_ENCLOSURE_SIZE
            assert all(sq in e for sq in e.squares) and pos.enclosure_at(e.squares[0]) == e
        with pytest.raises(IllegalMoveError) as info:
            pos.play("A1x")
        assert info.value.kind == "game_over"
        assert GreedyBot(seed).choose(pos) is None


def test_games_undo_and_records() -> None:
    game = Game.seeded(7)
    for m in ["C3n b2-b3", "A1s e5-e6", "B4x"]:
        game.push(m)
    text = str(game)
    assert text.endswith("\n1. C3n b2-b3\n2. A1s e5-e6; B4x\n")
    assert '[Seed "7"]' in text and game.tags == {"Seed": "7"}
    again = Game.from_record(text)
    assert again == game and again.position == game.position and str(again) == text
    assert eval(repr(game), {"enclosure": enclosure}) == game
    assert pickle.loads(pickle.dumps(game)) == game
    twin = copy.copy(game)
    assert twin.pop() == Move("B4x") and len(twin) == 2 and len(game) == 3
    while len(twin):
        twin.pop()
    with pytest.raises(IndexError):
        twin.pop()
    game.set_tag("Event", 'say "hi"')
    assert Game.from_record(str(game)).tags == {"Seed": "7", "Event": 'say "hi"'}
    game.set_tag("Seed", None)
    assert game.tags == {"Event": 'say "hi"'} and len(game) == 3
    assert Game.from_record(str(game)) == game
    with pytest.raises(ValueError, match="written from the game"):
        game.set_tag("Score", "1-0")
    with pytest.raises(InvalidTextError):
        game.set_tag("", "x")
    with pytest.raises(ValueError, match="line break"):
        game.set_tag("Note", "a\rb")
    g = Game.from_position(Position(2).play("A1s e5-e6"))
    assert "[Start " in str(g) and g.turn is Player.ONE, "the first turn is one move"
    with pytest.raises(IllegalMoveError):
        g.push("A2n e6-e5")
    assert len(g) == 0 and Game(Player.TWO).start == Position(Player.TWO)
    with pytest.raises(TypeError):
        hash(g)


def test_record_errors() -> None:
    with pytest.raises(IllegalMoveError) as info:
        Game.from_record('[Game "enclosure"]\n[First "1"]\n\n1. C3n b2-b3\n2. C3n e5-e4\n')
    assert info.value.kind == "letter_spent" and "line 5" in str(info.value)
    with pytest.raises(InvalidTextError) as bad:
        Game.from_record('[Game "enclosure"]\n[First "1"]\n\n1. C3n b2-b3\n2. Q9\n')
    assert bad.value.line == 5 and bad.value.index == text_index_of_line(
        '[Game "enclosure"]\n[First "1"]\n\n1. C3n b2-b3\n2. Q9\n', 5
    )
    with pytest.raises(InvalidTextError, match="missing tag Game"):
        Game.from_record('[First "1"]\n')
    with pytest.raises(InvalidTextError, match="tag Result"):
        Game.from_record('[Game "enclosure"]\n[First "1"]\n[Result "1-0"]\n\n1. C3n b2-b3\n')
    with pytest.raises(InvalidTextError) as bad:
        Game.from_record('[Game "enclosure"]\n[First "1"]\n\n1. C3n b2-b3\n[Late "tag"]\n')
    assert bad.value.line == 5
    start = START.replace("d2", "b2")
    with pytest.raises(InvalidPositionError):
        Game.from_record(f'[Game "enclosure"]\n[Start "{start}"]\n')


def text_index_of_line(text: str, line: int) -> int:
    return sum(len(x) + 1 for x in text.split("\n")[: line - 1])


def test_other_arguments() -> None:
    pos = Position()
    with pytest.raises(ValueError, match="player 3"):
        pos.pieces(3)
    with pytest.raises(InvalidTextError):
        pos.pieces("one")
    with pytest.raises(TypeError):
        Position(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        GreedyBot().choose(Game.seeded(1).position.to_text())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Move.build("a1", "n", 5)  # type: ignore[arg-type]
    assert pos.enclosure_at("a9") is None and not pos.is_open("f1", "g1") and pos.is_open("a1", "a2")
    assert Player.ONE.other is Player.TWO and str(Player.TWO) == "2"
    assert enclosure.DISCARD_LIMIT == 15
    assert GreedyBot(4).seed == 4 and GreedyBot().name == "greedy"
