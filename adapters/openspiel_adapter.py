#!/usr/bin/env python3
"""`wallrush verify` adapter for OpenSpiel's Quoridor (PyPI package `open-spiel`, version 2.0.2: `pip install open-spiel==2.0.2`, module
`pyspiel`), two or four seats, walls of length 2, edge goals, boards 3..25.

OpenSpiel's player 0 is South, 1 North, and with four players 2 West and 3 East; it moves
South, West, North, East (players 0, 2, 1, 3), wallrush's order, so the seat to move is
always `current_player()` read through that table. Its action ids live on a D x D grid, D = 2n - 1,
id = x + y * D, y counted from its top row (our rank n), as
wallrush-py/python/wallrush/openspiel.py documents:

- walls are absolute: our horizontal wall at (file, rank) is x = 2 file,
  y = 2 (n - 2 - rank) + 1; the vertical one x = 2 file + 1, y = 2 (n - 2 - rank);
- pawn moves are relative to the mover's square: (2 + 2 dx) + (2 + 2 dy) * D for the cell
  at (dx, dy) (dy downwards); a straight jump has the id of the step in its direction;
- the forced pass is the mover's own cell as an absolute id.

The adapter keeps the pawn squares itself (from the moves played) to turn relative ids
into squares. OpenSpiel draws a game at its length cap (4 n^2 plies), and cannot apply
the forced pass it lists (four seats, a boxed-in pawn: the mover's cell as an absolute id,
which it applies as a relative pawn move): adapters/openspiel.known declares both.
Protocol: docs/VERIFY.md.

    wallrush verify --engine "python3 adapters/openspiel_adapter.py" --variant size=5,walls=3
    wallrush verify --engine "python3 adapters/openspiel_adapter.py" --known adapters/openspiel.known \
        --variant size=9,players=4,walls=5
"""

import pyspiel

from adapter_loop import serve

FILES = "abcdefghijklmnopqrstuvwxyz"
SEATS = ["south", "north", "west", "east"]  # by OpenSpiel player id


def sq_text(f, r):
    return FILES[f] + str(r + 1)


def parse_sq(t):
    return FILES.index(t[0]), int(t[1:]) - 1


class Game:
    def __init__(self, n, players, walls):
        self.n, self.d, self.players, self.walls = n, 2 * n - 1, players, walls
        self.game = pyspiel.load_game("quoridor", {"board_size": n, "players": players, "wall_count": walls})
        self.state = self.game.new_initial_state()
        mid = (n - 1) // 2
        self.pawns = [(mid, 0), (mid, n - 1), (0, mid), (n - 1, mid)][:players]  # by player id
        self.history = []

    def mover(self):
        return self.state.current_player()

    def decode(self, a):
        n, d = self.n, self.d
        x, y = a % d, a // d
        if x % 2 == 0 and y % 2 == 1:
            return sq_text(x // 2, n - 2 - (y - 1) // 2) + "h"
        if x % 2 == 1 and y % 2 == 0:
            return sq_text((x - 1) // 2, n - 2 - y // 2) + "v"
        p = self.mover()
        f, r = self.pawns[p]
        if x <= 4 and y <= 4 and (x, y) != (2, 2):
            dx, dy = x // 2 - 1, y // 2 - 1
            tf, tr = f + dx, r - dy
            if (dx == 0 or dy == 0) and (tf, tr) in self.pawns:
                tf, tr = tf + dx, tr - dy  # a straight jump over the pawn there
            return sq_text(tf, tr)
        return "pass"

    def encode(self, text):
        n, d = self.n, self.d
        if text == "pass":
            return self.pass_id() if self.forced_pass() else None
        if text[-1] in "hv":
            f, r = parse_sq(text[:-1])
            if not (0 <= f <= n - 2 and 0 <= r <= n - 2):
                return None
            y = 2 * (n - 2 - r)
            return 2 * f + (y + 1) * d if text[-1] == "h" else 2 * f + 1 + y * d
        tf, tr = parse_sq(text)
        if (tf, tr) in self.pawns:
            return None  # a pawn's own square: its id would be a jump's
        f, r = self.pawns[self.mover()]
        dx, dy = tf - f, r - tr
        if (dx, dy) in ((0, 2), (0, -2), (2, 0), (-2, 0)):
            if (f + dx // 2, r - dy // 2) not in self.pawns:
                return None  # no pawn to jump over
            dx, dy = dx // 2, dy // 2
        if not (-1 <= dx <= 1 and -1 <= dy <= 1) or (dx, dy) == (0, 0):
            return None
        return (2 + 2 * dx) + (2 + 2 * dy) * d

    def pass_id(self):
        f, r = self.pawns[self.mover()]
        return 2 * f + 2 * (self.n - 1 - r) * self.d

    def forced_pass(self):
        """Whether OpenSpiel lists only its forced pass. Its id, the mover's cell as an
        absolute id, can equal the id of a relative pawn move (the mover within two cells
        of OpenSpiel's top-left corner), and then a sole legal pawn move looks the same.
        OpenSpiel applies every such id as the relative move, which fails when it is
        really the pass: a trial on a copy of the state tells the two apart."""
        a = self.pass_id()
        if self.state.legal_actions() != [a]:
            return False
        x, y = a % self.d, a // self.d
        if x > 4 or y > 4 or (x, y) == (2, 2):
            return True  # no pawn move has this id
        trial = self.state.clone()
        try:
            trial.apply_action(a)
        except Exception:  # pyspiel's SpielError: the pass OpenSpiel cannot apply
            return True
        return False

    def legal(self):
        if self.state.is_terminal():
            return []
        if self.forced_pass():
            return ["pass"]
        return sorted(self.decode(a) for a in self.state.legal_actions())

    def play(self, text):
        if self.state.is_terminal():
            return "refused game_over"
        try:
            a = self.encode(text)
        except (ValueError, IndexError):
            return "refused cannot read " + text
        if a is None:
            if text == "pass":
                return "refused illegal_pass"
            return "refused off_board" if text[-1] in "hv" else "refused illegal_pawn_move"
        if a not in self.state.legal_actions():
            return f"refused action {a} is not legal"
        p = self.mover()
        self.state.apply_action(a)  # first: OpenSpiel 2.0.2 fails applying its forced pass
        self.history.append((text, p, self.pawns[p]))
        if text[-1] not in "hv" and text != "pass":
            self.pawns[p] = parse_sq(text)
        return "ok"

    def outcome(self):
        if not self.state.is_terminal():
            return "none"
        ret = self.state.returns()
        best = max(ret)
        if ret.count(best) == 1 and best > min(ret):
            # OpenSpiel 2.0.2 indexes returns() by turn order (South, West, North, East),
            # not by player id (docs/AGENTS.md, "OpenSpiel 2.0.2's quirks").
            order = ["south", "north"] if self.players == 2 else ["south", "west", "north", "east"]
            return "winner " + order[ret.index(best)]
        return "draw ply_limit"


def answer(st, words):
    cmd, rest = words[0], words[1:]
    if cmd == "hello":
        return ("ok notation=standard sizes=3-25 seats=2,4 wall_lengths=2 walls=0-99 goals=edge "
                "commands=undo,outcome")
    if cmd == "new":
        v = dict(w.partition("=")[::2] for w in rest)
        if v.get("players") not in ("2", "4") or v.get("wall_length") != "2" or v.get("goal") != "edge":
            return "refused this adapter plays two or four seats, walls of length 2, edge goals"
        st[0] = Game(int(v["size"]), int(v["players"]), int(v["walls"]))
        return "ok"
    g = st[0]
    if g is None:
        return "refused no game: send new first"
    if cmd == "legal":
        return " ".join(["ok"] + g.legal())
    if cmd == "play" and len(rest) == 1:
        return g.play(rest[0])
    if cmd == "undo":
        if not g.history:
            return "refused nothing to undo"
        # OpenSpiel's Quoridor has no UndoAction: replay the game without its last move.
        fresh = Game(g.n, g.players, g.walls)
        for text, _, _ in g.history[:-1]:
            fresh.play(text)
        st[0] = fresh
        return "ok"
    if cmd == "outcome":
        return "ok " + g.outcome()
    return "refused unknown command " + cmd


def main():
    st = [None]
    serve(lambda cmd, args: answer(st, [cmd] + args))


main()
