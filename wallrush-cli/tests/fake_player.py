#!/usr/bin/env python3
"""A fake player for the tests of `wallrush arena`, speaking one of the arena's three
dialects (docs/ENGINE.md, "The arena protocol"):

- `--protocol gen`: the generic line protocol (`name`, `new VARIANT`, `play MOVE`,
  `genmove MS`, answered `ok ...` / `refused ...`);
- `--protocol uci`: the UCI-style dialect (`uci`/`uciok`, `isready`/`readyok`,
  `ucinewgame`, `position startpos moves ...`, `go movetime MS` -> `bestmove MOVE`);
- `--protocol qtp`: QTP, by running tests/fake_qtp.py underneath for the rules and
  answering `genmove` itself (QTP's own commands are forwarded to it unchanged).

It plays the first legal pawn move in `wallrush oracle`'s list (or its first legal
move), so its games are legal by construction. `--bug illegal` answers e5 to every
genmove (illegal from the start); `--bug silent` never answers genmove.

usage: fake_player.py --oracle PATH/TO/wallrush --protocol gen|uci|qtp [--bug illegal|silent]
"""

import json
import os
import subprocess
import sys

args = sys.argv[1:]
oracle_path = args[args.index("--oracle") + 1]
protocol = args[args.index("--protocol") + 1]
bug = args[args.index("--bug") + 1] if "--bug" in args else None
oracle = subprocess.Popen([oracle_path, "oracle"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
CLASSIC = {"size": 9, "players": 2, "walls": 10, "wall_length": 2, "goal": "edge"}


def ask(variant, moves):
    oracle.stdin.write(json.dumps({"variant": variant, "moves": moves}) + "\n")
    oracle.stdin.flush()
    return json.loads(oracle.stdout.readline())


def choose(legal):
    if bug == "illegal":
        return "e5"
    pawns = [m for m in legal if m[-1] not in "hv"]
    return (pawns or legal)[0]


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def gen():
    variant, moves = dict(CLASSIC), []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "quit":
            break
        if cmd == "name":
            say("ok fake player")
        elif cmd == "new":
            variant = dict(CLASSIC)
            for pair in words[1].split(","):
                k, v = pair.split("=")
                variant[k] = v if k == "goal" else int(v)
            moves = []
            say("ok")
        elif cmd == "play":
            if words[1] in ask(variant, moves)["legal"]:
                moves.append(words[1])
                say("ok")
            else:
                say("refused illegal")
        elif cmd == "genmove":
            if bug == "silent":
                continue
            m = choose(ask(variant, moves)["legal"])
            moves.append(m)
            say("ok " + m)
        else:
            say("refused unknown command")


def uci():
    moves = []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "quit":
            break
        if cmd == "uci":
            say("id name fake player")
            say("uciok")
        elif cmd == "isready":
            say("readyok")
        elif cmd == "ucinewgame":
            moves = []
        elif cmd == "position":
            moves = words[3:] if len(words) > 2 and words[2] == "moves" else []
        elif cmd == "go":
            if bug == "silent":
                continue
            say("info depth 1 score cp 0")
            say("bestmove " + choose(ask(CLASSIC, moves)["legal"]))
        else:
            say("info string unknown command " + cmd)


def qtp():
    here = os.path.dirname(os.path.abspath(__file__))
    rules = subprocess.Popen([sys.executable, os.path.join(here, "fake_qtp.py"), "--oracle", oracle_path],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def forward(command):
        rules.stdin.write(command + "\n")
        rules.stdin.flush()
        answer = rules.stdout.readline()
        rules.stdout.readline()  # the blank line ending the answer
        return answer.rstrip("\n")

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "genmove" and len(words) == 2:
            if bug == "silent":
                continue
            legal = forward("legal_moves " + words[1])[1:].split()
            m = choose(legal)
            answer = forward(f"play {words[1]} {m}")
            say(("= " + m if answer.startswith("=") else answer) + "\n")
            continue
        answer = forward(line.strip())
        say(answer + "\n")
        if words[0] == "quit":
            break


{"gen": gen, "uci": uci, "qtp": qtp}[protocol]()
