#!/usr/bin/env python3
"""A deliberately broken implementation of the wallrush rules, speaking the adapter
protocol of docs/VERIFY.md, for the tests of `wallrush verify`.

It is correct by construction (every answer comes from `wallrush oracle`, run underneath)
except for the one bug named by --bug:

  none           no bug
  edge-cross     allows a wall crossing a wall that touches the board edge
  diagonal       forgets the diagonal jumps when a wall (not the edge) is behind the pawn
  pawn-blocks    treats pawns as blocking in the path check of walls
  walls-after-10 miscounts walls after 10: a stock above 10 is counted as 10
  undo-wall      ignores `undo` when the last move is a wall (the wall stays on the board)
  illegal-pass   accepts `pass` while the mover has a move (and keeps the turn)
  no-route       accepts a wall that leaves a pawn without a route (and does not keep it)
  corner-goal    reports no winner when the winning pawn stands on a corner square
  east-walls     counts east's wall stock one short (four seats): east's last wall is missing
  line-jump      forgets the diagonal jumps when the pawn behind the one met is a third pawn

usage: fake_engine.py --oracle PATH/TO/wallrush [--bug NAME]
"""

import json
import subprocess
import sys
from collections import deque

args = sys.argv[1:]
oracle_path = args[args.index("--oracle") + 1]
bug = args[args.index("--bug") + 1] if "--bug" in args else "none"

oracle = subprocess.Popen([oracle_path, "oracle"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(variant, moves):
    oracle.stdin.write(json.dumps({"variant": variant, "moves": moves}) + "\n")
    oracle.stdin.flush()
    return json.loads(oracle.stdout.readline())


LETTERS = "abcdefghijklmnopqrstuvwxyz"


def square(text):
    return LETTERS.index(text[0]), int(text[1:]) - 1


def wall(text):
    f, r = square(text[:-1])
    return f, r, text[-1]


def blocked(walls, length, a, b):
    (af, ar), (bf, br) = a, b
    for (wf, wr, o) in walls:
        if o == "h" and af == bf and wf <= af < wf + length and {ar, br} == {wr, wr + 1}:
            return True
        if o == "v" and ar == br and wr <= ar < wr + length and {af, bf} == {wf, wf + 1}:
            return True
    return False


def goal(seat, sq, n):
    f, r = sq
    return {"south": r == n - 1, "north": r == 0, "west": f == n - 1, "east": f == 0}[seat]


def reaches(seat, start, walls, v, pawns):
    n, length = v["size"], v["wall_length"]
    seen, todo = {start}, deque([start])
    while todo:
        sq = todo.popleft()
        if goal(seat, sq, n):
            return True
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nxt = (sq[0] + df, sq[1] + dr)
            if 0 <= nxt[0] < n and 0 <= nxt[1] < n and nxt not in seen and nxt not in pawns \
                    and not blocked(walls, length, sq, nxt):
                seen.add(nxt)
                todo.append(nxt)
    return False


class Game:
    def __init__(self, variant):
        self.variant = variant
        self.moves = []

    def state(self):
        return ask(self.variant, self.moves)

    def walls(self):
        return [wall(m) for m in self.moves if m[-1] in "hv"]

    def legal(self):
        st = self.state()
        legal = list(st["legal"])
        n = self.variant["size"]
        if st["outcome"] is not None:
            return legal
        turn = st["turn"]
        if bug == "edge-cross" and st["walls_left"][turn] > 0:
            for m in self.moves:
                if m[-1] in "hv":
                    f, r, o = wall(m)
                    if f in (0, n - 2) or r in (0, n - 2):
                        other = m[:-1] + ("v" if o == "h" else "h")
                        if other not in legal and other not in self.moves:
                            legal.append(other)
        if bug == "diagonal":
            me = square(st["pawns"][turn])
            walls = self.walls()
            for seat, sq in st["pawns"].items():
                if seat == turn or sq is None:
                    continue
                o = square(sq)
                d = (o[0] - me[0], o[1] - me[1])
                if abs(d[0]) + abs(d[1]) != 1 or blocked(walls, self.variant["wall_length"], me, o):
                    continue
                behind = (o[0] + d[0], o[1] + d[1])
                if 0 <= behind[0] < n and 0 <= behind[1] < n and blocked(walls, self.variant["wall_length"], o, behind):
                    for e in ((d[1], d[0]), (-d[1], -d[0])):
                        diag = (o[0] + e[0], o[1] + e[1])
                        text = LETTERS[diag[0]] + str(diag[1] + 1) if 0 <= diag[0] < n and 0 <= diag[1] < n else None
                        if text in legal:
                            legal.remove(text)
        if bug == "pawn-blocks":
            walls = self.walls()
            pawns = {seat: square(sq) for seat, sq in st["pawns"].items() if sq is not None}
            keep = []
            for m in legal:
                if m[-1] in "hv":
                    ws = walls + [wall(m)]
                    if not all(reaches(s, p, ws, self.variant, set(pawns.values()) - {p}) for s, p in pawns.items()):
                        continue
                keep.append(m)
            legal = keep
        if bug == "east-walls" and turn == "east" and st["walls_left"]["east"] <= 1:
            legal = [m for m in legal if m[-1] not in "hv"]
        if bug == "line-jump":
            me = square(st["pawns"][turn])
            occupied = {square(sq) for sq in st["pawns"].values() if sq is not None}
            for sq in st["pawns"].values():
                if sq is None or square(sq) == me:
                    continue
                o = square(sq)
                d = (o[0] - me[0], o[1] - me[1])
                if abs(d[0]) + abs(d[1]) != 1 or (o[0] + d[0], o[1] + d[1]) not in occupied:
                    continue
                for e in ((d[1], d[0]), (-d[1], -d[0])):
                    diag = (o[0] + e[0], o[1] + e[1])
                    text = LETTERS[diag[0]] + str(diag[1] + 1) if 0 <= diag[0] < n and 0 <= diag[1] < n else None
                    if text in legal:
                        legal.remove(text)
        if bug == "walls-after-10":
            stock = self.variant["walls"]
            placed = stock - st["walls_left"][turn]
            if min(stock, 10) - placed <= 0:
                legal = [m for m in legal if m[-1] not in "hv"]
        return legal

    def play(self, m):
        st = self.state()
        if m in self.legal():
            if m in st["legal"]:
                self.moves.append(m)
            return "ok"  # a move the bug allows: accepted, not kept
        refusal = ask(self.variant, self.moves + [m])
        if bug == "illegal-pass" and refusal.get("kind") == "illegal_pass":
            return "ok"
        if bug == "no-route" and refusal.get("kind") == "no_route":
            return "ok"
        if refusal.get("ok"):
            return "refused illegal_pawn_move" if m[-1] not in "hv" else "refused no_route"
        return "refused " + refusal["kind"]


def main():
    game = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd, rest = words[0], words[1:]
        if cmd == "quit":
            break
        if cmd == "hello":
            out = "ok notation=standard sizes=3-31 seats=2,4 wall_lengths=2-30 walls=0-99 goals=edge " \
                  "commands=routes,undo,outcome"
        elif cmd == "new":
            v = {"goal": "edge"}
            for w in rest:
                k, _, val = w.partition("=")
                v[k] = val if k == "goal" else int(val)
            if v.get("goal") != "edge":
                out = "refused only the edge goal"
            else:
                game = Game(v)
                st = game.state()
                out = "ok" if st.get("ok") else "refused " + st["error"]
        elif game is None:
            out = "refused no game: send new first"
        elif cmd == "legal":
            out = " ".join(["ok"] + game.legal())
        elif cmd == "play" and len(rest) == 1:
            out = game.play(rest[0])
        elif cmd == "undo":
            if bug == "undo-wall" and game.moves and game.moves[-1][-1] in "hv":
                out = "ok"
            else:
                out = "ok" if game.moves and game.moves.pop() else "refused nothing to undo"
        elif cmd == "outcome":
            st = game.state()
            o = st["outcome"]
            if bug == "corner-goal" and o is not None and "winner" in o:
                f, r = square(st["pawns"][o["winner"]])
                if f in (0, game.variant["size"] - 1) and r in (0, game.variant["size"] - 1):
                    o = None
            out = "ok none" if o is None else ("ok winner " + o["winner"] if "winner" in o else "ok draw " + o["draw"])
        elif cmd == "routes":
            r = game.state()["routes"]
            out = "ok " + " ".join(f"{s}={'none' if v is None else v}" for s, v in r.items())
        else:
            out = "refused unknown command " + cmd
        sys.stdout.write(out + "\n")
        sys.stdout.flush()


main()
