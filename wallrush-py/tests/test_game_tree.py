"""wallrush.record's game trees (as chess.pgn's): variations, NAGs and comments read,
edited and written back; every variation checked; fast scanning; and the small habits
of python-chess users (``unicode()``, ``legal_moves.count()``, a move against a string)."""

from __future__ import annotations

import io

import pytest

from wallrush import Game, IllegalMoveError, InvalidArgumentError, Move, Position, Resignation, Seat, record

ANNOTATED = """[Variant "size=9 players=2 walls=10 wall_length=2 goal=edge"]
[Notation "standard"]
[Event "Analysis"]
[Result "*"]

{A quiet opening} 1. e2! {the usual} (1. d4h $14 {a wall at once} e8 2. e2)
(1. a3h?! {too far
back}) 1... e8 2. e3 ({or} 2. d7h!? $32 {cutting}) 2... e7??
$18 *
"""


def test_a_record_with_nested_variations_reads_as_a_tree_and_writes_back() -> None:
    tree = record.read_game(io.StringIO(ANNOTATED))
    assert tree is not None
    assert tree.headers["Event"] == "Analysis"
    assert tree.comment == "A quiet opening"
    e2 = tree.next()
    assert e2 is not None
    assert (e2.move, e2.nags, e2.comment) == (Move("e2"), [record.NAG_GOOD_MOVE], "the usual")
    wall = tree.variations[1]
    assert wall.starts_variation() and not wall.is_mainline()
    assert (wall.move, wall.nags, wall.comment) == (Move("d4h"), [14], "a wall at once")
    back = tree.variations[2]  # an alternative to d4h: another child of the start
    assert (back.move, back.nags, back.comment) == (Move("a3h"), [record.NAG_DUBIOUS_MOVE], "too far\nback")
    assert [str(m) for m in wall.mainline_moves()] == ["e8", "e2"]
    e8 = e2.next()
    assert e8 is not None
    cut = e8.variations[1]
    assert (cut.starting_comment, cut.nags) == ("or", [5, 32])
    assert [str(m) for m in tree.mainline_moves()] == ["e2", "e8", "e3", "e7"]
    end = tree.end()
    assert end.ply() == 4 and end.is_mainline() and end.is_end()
    assert end.nags == [record.NAG_BLUNDER, 18]
    assert end.position() == end.board().position
    # Written back exactly, and read back to the same tree.
    assert str(tree) == ANNOTATED
    again = record.read_game(str(tree))
    assert again is not None and str(again) == ANNOTATED


def test_editing_a_tree_as_python_chess_does() -> None:
    tree = record.read_game("1. e2 e8 2. e3 *")
    assert tree is not None
    first = tree.next()
    assert first is not None
    side = tree.add_variation("d4h", comment="a wall", nags=[record.NAG_SPECULATIVE_MOVE])
    side.add_variation(Move("e8")).add_variation("e2")
    assert side.board().moves_text() == "1. d4h"
    assert [c.move for c in tree.variations] == [Move("e2"), Move("d4h")]
    tree.promote_to_main(Move("d4h"))
    assert tree.next() is side and side.is_mainline() and not first.is_mainline()
    tree.demote(side)
    assert tree.next() is first
    tree.promote("d4h")
    assert tree.variations[0] is side
    main = tree.add_main_variation("d1h")
    assert tree.variations[0] is main and tree.has_variation("e2")
    tree.remove_variation(main)
    assert not tree.has_variation(Move("d1h"))
    tree.promote_to_main(first)
    text = str(tree)
    assert text.endswith("1. e2 (1. d4h!? {a wall} e8 2. e2) 1... e8 2. e3 *\n"), text
    assert str(record.read_game(text)) == text
    # An action that cannot be played is refused where it is added.
    with pytest.raises(IllegalMoveError):
        tree.add_variation("e3")
    with pytest.raises(KeyError):
        tree.variation(Move("a1h"))
    # Resignations are actions of the tree too.
    resigned = first.add_variation(Resignation(Seat.NORTH))
    assert resigned.board().position.is_game_over()
    assert "resign" in str(tree)


def test_a_refusal_names_the_path_to_the_move() -> None:
    bad = ANNOTATED.replace("(1. a3h?!", "(1. a3h?! 1... e2")
    with pytest.raises(IllegalMoveError, match=r"line 7: variation 2 at ply 1, ply 2: "):
        record.read_game(io.StringIO(bad))
    nested = "1. e2 (1. d4h e8 (1... d6h e9)) e8"
    with pytest.raises(IllegalMoveError, match=r"line 1: variation at ply 1, variation at ply 2, ply 2: "):
        record.read_game(nested)
    with pytest.raises(IllegalMoveError, match=r"variation 2 at ply 3, ply 1: "):
        record.read_game("1. e2 e8 2. e3 (2. d4h) (2. e9) e7")
    # A tree edited by hand is checked when it is written.
    tree = record.read_game("1. e2 e8")
    assert tree is not None
    node = tree.next()
    assert node is not None
    node.variations[0].add_variation("e3").move = Move("e5")
    with pytest.raises(IllegalMoveError, match=r"^ply 3: "):
        str(tree)
    tree = record.read_game("1. e2 e8")
    assert tree is not None
    tree.end().starting_comment = "not at a variation's start"
    with pytest.raises(InvalidArgumentError, match="starting comment"):
        tree.to_record()


def test_scan_reads_headers_and_main_lines_without_checking() -> None:
    text = ANNOTATED + '\n[Event "Two"]\n\n1. e2 e9 (1... ((  *\n\n[Event "Three"]\n\n1. e2 e8 2. e9 *\n'
    results = list(record.scan(io.StringIO(text)))
    assert [r.headers.get("Event") for r in results] == ["Analysis", None, "Three"]
    assert results[0].moves == ["e2", "e8", "e3", "e7"] and results[0].result == "*"
    assert results[1].line == 11 and str(results[1].error).startswith("line 13: ")
    # Syntax only: e9 is not checked.
    assert results[2].moves == ["e2", "e8", "e9"] and results[2].error is None


def test_unicode_draws_the_box_drawing_board() -> None:
    pos = Position()
    bare = pos.unicode()
    lines = bare.splitlines()
    assert lines[0] == "┌───┬───┬───┬───┬───┬───┬───┬───┬───┐"
    assert lines[1] == "│   │   │   │   │ N │   │   │   │   │"
    assert "\x1b" not in bare
    full = pos.unicode(borders=True)
    assert full.splitlines()[0].split() == list("abcdefghi")
    assert "route  8  walls 10" in full
    assert "\x1b[" in pos.unicode(colors=True)
    game = Game()
    game.push("e2")
    assert game.unicode() == game.position.unicode()
    assert game.unicode(borders=True, colors=True) == game.position.unicode(borders=True, colors=True)


def test_legal_moves_count_and_any() -> None:
    pos = Position()
    assert pos.legal_moves.count() == len(pos.legal_moves) == 131
    assert pos.legal_moves.any() is True
    game = Game()
    game.resign()
    assert game.legal_moves.count() == 0 and game.legal_moves.any() is False


def test_a_move_never_equals_a_string_as_in_python_chess() -> None:
    m = Move("e2")
    assert m != "e2"
    assert not (m == "e2")  # noqa: SIM201 -- the comparison itself is under test
    assert str(m) == "e2" and m == Move("e2")
    assert "e2" in Position().legal_moves


def test_the_module_examples_run() -> None:
    import doctest

    result = doctest.testmod(record, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_a_record_with_variations_pickles_and_copies_whole() -> None:
    import copy
    import pickle

    rec = record.read_record(io.StringIO(ANNOTATED))
    assert rec is not None
    for again in (pickle.loads(pickle.dumps(rec)), copy.copy(rec), copy.deepcopy(rec)):
        assert again == rec and str(again) == ANNOTATED
