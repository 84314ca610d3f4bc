#!/usr/bin/env python3
"""`wallrush verify` adapter for a QTP engine: KataQuoridor (`katago gtp -model M -config
cpp/configs/gtp_quoridor.cfg`) or anything else speaking the Quoridor dialect of GTP that
KataQuoridor's README documents ("QTP quickstart"). Protocol on our side: docs/VERIFY.md.

    wallrush verify --engine "python3 adapters/qtp_adapter.py ENGINE ARGS..."

The engine command follows the adapter's name (one shell word that holds spaces is split
as a shell would). The QTP commands used, as KataQuoridor documents them:

- `clear_board`: a new game (the only variant: 9 x 9, two players, 10 walls each);
- `play <color> <move>`: `=` when played, `? illegal move...` or `? game is over` if not;
- `legal_moves`: every legal move of the side to move, space separated (empty after the end);
- `winner`: `B`, `W` or `none`;
- `undo`: take back one move.

Answers are `= RESULT` or `? ERROR` followed by a blank line. Black (`b`) moves first from
e9 towards row 1 and White (`w`) from e1 towards row 9, so wallrush's South is Black and the
rows are flipped: a cell on wallrush's row r is QTP's 10 - r, a wall anchored on row r is
QTP's 9 - r (files and orientations stay). `dist` is not used for `routes`: the README
does not say whether it counts pawns as obstacles.
"""

import shlex
import subprocess
import sys

from adapter_loop import serve


def flip(text):
    """Standard notation <-> QTP notation (the same map both ways); None when the row has
    no square on a 9 x 9 board (such a move is off the board)."""
    wall = text[-1:] in ("h", "v")
    digits = text[1:-1] if wall else text[1:]
    if len(text) < 2 or not digits.isdigit():
        return text  # not a square: sent as it is, for the engine to refuse
    row = int(digits)
    if wall:
        return text[0] + str(9 - row) + text[-1] if 1 <= row <= 8 else None
    return text[0] + str(10 - row) if 1 <= row <= 9 else None


class Engine:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, command):
        """(ok, text) of one QTP command; the text joins the answer's lines with spaces."""
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise EOFError("the QTP engine closed its output")
            line = line.strip()
            if not line:
                if lines:
                    break
                continue
            lines.append(line)
        head = lines[0]
        if head[:1] not in ("=", "?"):
            raise ValueError("not a QTP answer: " + head)
        first = head[1:].lstrip("0123456789").strip()  # an optional command id
        return head[0] == "=", " ".join([first] + lines[1:]).strip()


class Adapter:
    def __init__(self, engine):
        self.engine = engine
        self.moves = None  # the moves played, standard notation; None before `new`

    def colour(self):
        return "b" if len(self.moves) % 2 == 0 else "w"

    def answer(self, cmd, rest):
        if cmd == "hello":
            return "ok notation=standard sizes=9 seats=2 wall_lengths=2 walls=10 goals=edge commands=undo,outcome"
        if cmd == "new":
            v = dict(w.partition("=")[::2] for w in rest)
            classic = {"size": "9", "players": "2", "walls": "10", "wall_length": "2", "goal": "edge"}
            if any(v.get(k) != val for k, val in classic.items()):
                return "refused QTP engines play the classic game only"
            ok, text = self.engine.ask("clear_board")
            if not ok:
                return "refused clear_board: " + text
            self.moves = []
            return "ok"
        if self.moves is None:
            return "refused no game: send new first"
        if cmd == "play" and len(rest) == 1:
            move = flip(rest[0])
            if move is None:
                return "refused off_board"
            ok, text = self.engine.ask(f"play {self.colour()} {move}")
            if ok:
                self.moves.append(rest[0])
                return "ok"
            return "refused game_over" if text.startswith("game is over") else "refused " + (text or "illegal")
        if cmd == "legal":
            ok, text = self.engine.ask("legal_moves")
            if not ok:
                return "refused legal_moves: " + text
            return " ".join(["ok"] + [flip(m) or m for m in text.split()])
        if cmd == "outcome":
            ok, text = self.engine.ask("winner")
            if not ok:
                return "refused winner: " + text
            return {"B": "ok winner south", "W": "ok winner north", "none": "ok none"}.get(text, "refused winner " + text)
        if cmd == "undo":
            if not self.moves:
                return "refused nothing to undo"
            ok, text = self.engine.ask("undo")
            if not ok:
                return "refused undo: " + text
            self.moves.pop()
            return "ok"
        return "refused unknown command " + cmd


def main():
    argv = sys.argv[1:]
    if len(argv) == 1:
        argv = shlex.split(argv[0])
    if not argv:
        sys.exit("usage: qtp_adapter.py ENGINE [ARGS...]")
    adapter = Adapter(Engine(argv))
    serve(adapter.answer, errors=(EOFError, ValueError, OSError))
    try:
        adapter.engine.ask("quit")
    except (EOFError, ValueError, OSError):
        pass


main()
