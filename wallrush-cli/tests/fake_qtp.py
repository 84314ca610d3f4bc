#!/usr/bin/env python3
"""A fake QTP engine for the tests of adapters/qtp_adapter.py: it speaks the Quoridor
dialect of GTP that KataQuoridor documents (its README, "QTP quickstart"), with every
answer taken from `wallrush oracle`, run underneath, so it is correct by construction.

What it copies from KataQuoridor's documentation:

- the classic game only (9 x 9, two players, 10 walls each); Black (`b`) moves first from
  e9 towards row 1, White (`w`) from e1 towards row 9: the board is wallrush's with the
  rows flipped (a cell on row r is wallrush's row 10 - r, a wall anchored on row r is
  wallrush's 9 - r);
- `play <color> <move>` (`? illegal move: not <color>'s turn` for the side not to move,
  `? game is over` after the end, `? illegal move` otherwise), `legal_moves [color]`
  (space separated; empty after the end), `winner` (`B`, `W` or `none`), `walls`,
  `undo`, `clear_board`, and the GTP administration commands;
- answers `= RESULT` or `? ERROR`, each followed by a blank line; a command may carry a
  numeric id, echoed after `=` / `?`.

usage: fake_qtp.py --oracle PATH/TO/wallrush
"""

import json
import subprocess
import sys

args = sys.argv[1:]
oracle_path = args[args.index("--oracle") + 1]
oracle = subprocess.Popen([oracle_path, "oracle"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

VARIANT = {"size": 9, "players": 2, "walls": 10, "wall_length": 2, "goal": "edge"}
COLOURS = {"b": "south", "black": "south", "w": "north", "white": "north"}
COMMANDS = ["protocol_version", "name", "version", "known_command", "list_commands", "quit", "boardsize",
            "clear_board", "play", "legal_moves", "winner", "walls", "undo"]


def ask(moves):
    oracle.stdin.write(json.dumps({"variant": VARIANT, "moves": moves}) + "\n")
    oracle.stdin.flush()
    return json.loads(oracle.stdout.readline())


def flip(text):
    """QTP notation <-> wallrush's standard notation (the same map both ways)."""
    if len(text) < 2 or text[0] not in "abcdefghi":
        return None
    wall = text[-1] in "hv"
    digits = text[1:-1] if wall else text[1:]
    if not digits.isdigit():
        return None
    row = int(digits)
    if wall:
        return text[0] + str(9 - row) + text[-1] if 1 <= row <= 8 else None
    return text[0] + str(10 - row) if 1 <= row <= 9 else None


def main():
    moves = []
    for line in sys.stdin:
        words = line.split()
        ident = ""
        if words and words[0].isdigit():
            ident, words = words[0], words[1:]
        if not words:
            continue
        cmd, rest = words[0].lower(), words[1:]
        ok, out = True, ""
        st = ask(moves)
        if cmd == "quit":
            sys.stdout.write(f"={ident}\n\n")
            sys.stdout.flush()
            break
        if cmd == "protocol_version":
            out = "2"
        elif cmd == "name":
            out = "fake QTP engine (wallrush oracle)"
        elif cmd == "version":
            out = "0.1.0"
        elif cmd == "known_command":
            out = "true" if rest and rest[0] in COMMANDS else "false"
        elif cmd == "list_commands":
            out = "\n".join(COMMANDS)
        elif cmd == "boardsize":
            ok, out = (True, "") if rest == ["9"] else (False, "unacceptable size")
        elif cmd == "clear_board":
            moves = []
        elif cmd == "play" and len(rest) == 2:
            colour = COLOURS.get(rest[0].lower())
            move = flip(rest[1].lower())
            if colour is None or move is None:
                ok, out = False, "syntax error"
            elif st["outcome"] is not None:
                ok, out = False, "game is over"
            elif colour != st["turn"]:
                ok, out = False, f"illegal move: not {rest[0]}'s turn"
            elif move not in st["legal"]:
                ok, out = False, "illegal move"
            else:
                moves.append(move)
        elif cmd == "legal_moves":
            out = " ".join(flip(m) for m in st["legal"]) if st["outcome"] is None else ""
        elif cmd == "winner":
            o = st["outcome"]
            out = "none" if o is None or "winner" not in o else ("B" if o["winner"] == "south" else "W")
        elif cmd == "walls":
            left = st["walls_left"]
            out = f"B: {left['south']} W: {left['north']}"
        elif cmd == "undo":
            if moves:
                moves.pop()
            else:
                ok, out = False, "cannot undo"
        else:
            ok, out = False, "unknown command"
        sys.stdout.write(("=" if ok else "?") + ident + (" " + out if out else "") + "\n\n")
        sys.stdout.flush()


main()
