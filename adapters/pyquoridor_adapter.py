#!/usr/bin/env python3
"""`wallrush verify` adapter for the PyPI package `pyquoridor`, version 0.0.5 (pinned: the
mapping below is that version's).

It plays the classic game only. pyquoridor counts rows 0..8 from white's side and
columns 0..8; white starts on row 0 and moves first (south). A fence (row, col, 'h')
closes (row, col)-(row+1, col) and (row, col+1)-(row+1, col+1): standard
`{file col}{rank row+1}h`; (row, col, 'v') closes (row, col)-(row, col+1) and
(row+1, col)-(row+1, col+1): standard `{file col}{rank row+1}v`. Undo replays the game
without its last move. Protocol: docs/VERIFY.md.

    pip install pyquoridor==0.0.5
    wallrush verify --engine "python3 adapters/pyquoridor_adapter.py" --variant size=9
"""

from pyquoridor.board import Board
from pyquoridor.exceptions import GameOver

from adapter_loop import CLASSIC_HELLO, is_classic, serve

FILES = "abcdefghi"
SEAT = {"white": "south", "black": "north"}


def square_text(s):
    return FILES[s.col] + str(s.row + 1)


class Game:
    def __init__(self):
        self.board = Board()
        self.moves = []
        self.winner = None

    def legal(self):
        if self.winner:
            return []
        b = self.board
        me = b.current_player()
        out = [square_text(s) for s in b.pawns[me].square.neighbours if not s.has_pawn()]
        if b.fences_left[me] > 0:
            hs, vs = b.valid_fence_moves(me)
            for grids, o in ((hs, "h"), (vs, "v")):
                grid = grids[me]
                for row in range(8):
                    for col in range(8):
                        if grid[(row, col)] != -1:
                            out.append(FILES[col] + str(row + 1) + o)
        return sorted(out)

    def play(self, text):
        if self.winner:
            return "refused game_over"
        b = self.board
        me = b.current_player()
        try:
            if text[-1] in "hv":
                col, row = FILES.index(text[0]), int(text[1:-1]) - 1
                if not (0 <= col < 8 and 0 <= row < 8):
                    return "refused off_board"
                b.place_fence(row=row, col=col, orientation=text[-1])
            else:
                col, row = FILES.index(text[0]), int(text[1:]) - 1
                b.move_pawn(player=me, target_row=row, target_col=col)
        except GameOver as e:
            if "last_move" in str(e) or self.winner is None:
                self.winner = SEAT[me]
            self.moves.append(text)
            return "ok"
        except (ValueError, IndexError):
            return "refused cannot read " + text
        except Exception as e:
            return f"refused {type(e).__name__}: {e}"
        self.moves.append(text)
        return "ok"


def answer(state, words):
    cmd, rest = words[0], words[1:]
    if cmd == "hello":
        return CLASSIC_HELLO + " commands=undo,outcome"
    if cmd == "new":
        if not is_classic(rest):
            return "refused pyquoridor plays the classic game only"
        state[0] = Game()
        return "ok"
    g = state[0]
    if g is None:
        return "refused no game: send new first"
    if cmd == "legal":
        return " ".join(["ok"] + g.legal())
    if cmd == "play" and len(rest) == 1:
        return g.play(rest[0])
    if cmd == "undo":
        if not g.moves:
            return "refused nothing to undo"
        fresh = Game()
        for m in g.moves[:-1]:
            fresh.play(m)
        state[0] = fresh
        return "ok"
    if cmd == "outcome":
        return "ok none" if g.winner is None else "ok winner " + g.winner
    return "refused unknown command " + cmd


def main():
    state = [None]
    serve(lambda cmd, args: answer(state, [cmd] + args))


main()
