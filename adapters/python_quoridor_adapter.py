#!/usr/bin/env python3
"""`wallrush verify` adapter for the PyPI package `python-quoridor`, version 0.1.2 (pinned;
import name `quoridor`; not the PyPI package `quoridor`, an unrelated game).

It plays the classic game only (9x9, two seats, 10 walls, walls of length 2). Its move
names are wallrush's standard notation: `e3h` closes e3-e4 and f3-f4, `g6v` closes g6-h6
and g7-h7, player 1 starts on e1 (south). Protocol: docs/VERIFY.md.

    pip install python-quoridor==0.1.2
    wallrush verify --engine "python3 adapters/python_quoridor_adapter.py" --variant size=9
"""

from quoridor import Quoridor
from quoridor.src import exceptions as qx

from adapter_loop import CLASSIC_HELLO, is_classic, serve

KINDS = {
    qx.IllegalPawnMoveError: "illegal_pawn_move",
    qx.NoWallToPlaceError: "no_walls_left",
    qx.GameCompletedError: "game_over",
}


def answer(game, words):
    cmd, rest = words[0], words[1:]
    if cmd == "hello":
        return CLASSIC_HELLO + " commands=undo,outcome"
    if cmd == "new":
        if not is_classic(rest):
            return "refused python-quoridor plays the classic game only"
        game[0] = Quoridor()
        return "ok"
    q = game[0]
    if q is None:
        return "refused no game: send new first"
    if cmd == "legal":
        return "ok" if q.is_terminated else " ".join(["ok"] + sorted(q.get_legal_moves()))
    if cmd == "play" and len(rest) == 1:
        try:
            q.make_move(rest[0])
        except Exception as e:  # every refusal of the package, named where it has a kind
            kind = KINDS.get(type(e))
            return "refused " + (kind or f"{type(e).__name__}: {e}")
        return "ok"
    if cmd == "undo":
        try:
            q.undo_move()
        except Exception as e:
            return f"refused {e}"
        return "ok"
    if cmd == "outcome":
        if not q.is_terminated:
            return "ok none"
        # The mover is still current_player after a winning pawn move.
        return "ok winner " + ("south" if q.current_player is q.player1 else "north")
    return "refused unknown command " + cmd


def main():
    game = [None]
    serve(lambda cmd, args: answer(game, [cmd] + args))


main()
