#!/usr/bin/env python3
"""`wallrush verify` adapter for the PyPI package `pyquoridor`, version 0.0.5 (pinned: the
mapping below is that version's).

It plays the classic game only. pyquoridor counts rows 0..8 from white's side and
columns 0..8; white starts on row 0 and moves first (south). A fence (row, col, 'h')
closes (row, col)-(row+1, col) and (row, col+1)-(row+1, col+1): standard
`{file col}{rank row+1}h`; (row, col, 'v') closes (row, col)-(row, col+1) and
(row+1, col)-(row+1, col+1): standard `{file col}{rank row+1}v`. Undo replays the game
without its last move. Protocol: docs/VERIFY.md.

The game's board sees only the moves played, as in a program that never asks anything
else: every wall is tried on a copy of it, for `legal` and before `play`. pyquoridor
tries a fence by placing it and taking it away again (`valid_fence_moves`, and a
refused `place_fence`), and taking it away does not restore the jump links that placing
it removed; so asking changes the board, and would hide what a plain game does: a link
left behind on a square a pawn has left can lead its route check across two fences,
and it then accepts a wall that leaves a pawn without a route (docs/VERIFY.md).

    pip install pyquoridor==0.0.5
    wallrush verify --engine "python3 adapters/pyquoridor_adapter.py" --variant size=9
"""

import copy

from pyquoridor.board import Board
from pyquoridor.exceptions import GameOver
from pyquoridor.pawn import Pawn
from pyquoridor.square import Square

from adapter_loop import CLASSIC_HELLO, is_classic, serve

FILES = "abcdefghi"
SEAT = {"white": "south", "black": "north"}


def square_text(s):
    return FILES[s.col] + str(s.row + 1)


def copy_board(b):
    """A copy of board `b` with squares, neighbour links, fence grids and pawns of its own
    (`copy.deepcopy` fails on pyquoridor's squares, whose hash needs fields not yet set)."""
    c = Board.__new__(Board)
    c.max_row, c.max_col = b.max_row, b.max_col
    c.board = [[Square(row, col) for col in range(b.max_col)] for row in range(b.max_row)]
    for row in range(b.max_row):
        for col in range(b.max_col):
            s, t = b.board[row][col], c.board[row][col]
            t.neighbours = {c.board[n.row][n.col] for n in s.neighbours}
            t.physical_neighbours = {c.board[n.row][n.col] for n in s.physical_neighbours}
    for name in ("horizontal_fence_grid", "vertical_fence_grid", "fence_center_grid"):
        grid = copy.copy(getattr(b, name))
        grid.grid = getattr(b, name).grid.copy()
        setattr(c, name, grid)
    c.pawns = {color: Pawn(square=c.board[p.square.row][p.square.col], color=color) for color, p in b.pawns.items()}
    c.player_colors = list(b.player_colors)
    c.turn = b.turn
    c.fences_left = dict(b.fences_left)
    c.path_exists = b.path_exists
    return c


def try_fence(b, row, col, orientation):
    """None when pyquoridor accepts the fence on a copy of `b`, else its refusal."""
    try:
        copy_board(b).place_fence(row=row, col=col, orientation=orientation)
    except GameOver:
        return None
    except Exception as e:
        return f"{type(e).__name__}: {e}"
    return None


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
            for row in range(8):
                for col in range(8):
                    for o in "hv":
                        if b.fence_exists(row, col, o):
                            continue  # refused before anything is placed: no copy needed
                        if try_fence(b, row, col, o) is None:
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
                refusal = try_fence(b, row, col, text[-1])
                if refusal is not None:
                    return "refused " + refusal
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
