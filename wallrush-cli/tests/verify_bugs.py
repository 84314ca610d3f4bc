#!/usr/bin/env python3
"""Runs `wallrush verify` against each bug of tests/fake_engine.py and prints a table:
whether the bug was found, the time to the first report, and the length of its
reproduction (plies, and the undo calls in it).

usage: verify_bugs.py PATH/TO/wallrush [--games N] [--extra "ARGS"]
"""

import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BUGS = [
    ("edge-cross", "size=5,walls=3"),
    ("diagonal", "size=5,walls=3"),
    ("pawn-blocks", "size=3,walls=2"),
    ("walls-after-10", "size=9,walls=12"),
    ("undo-wall", "size=5,walls=3"),
    ("illegal-pass", "size=5,walls=3"),
    ("no-route", "size=5,walls=3"),
    ("corner-goal", "size=3,walls=2"),
    ("diagonal", "size=5,players=4,walls=3"),
    ("east-walls", "size=5,players=4,walls=3"),
    ("line-jump", "size=5,players=4,walls=3"),
]


def main():
    args = sys.argv[1:]
    binary = args[0]
    games = args[args.index("--games") + 1] if "--games" in args else "20"
    extra = shlex.split(args[args.index("--extra") + 1]) if "--extra" in args else []
    print(f"{'bug':15} {'variant':26} {'found':6} {'first report s':>14} {'plies':>5} {'undo':>4}  aspect")
    for bug, variant in BUGS:
        engine = f"python3 {HERE}/fake_engine.py --oracle {binary} --bug {bug}"
        cmd = [binary, "verify", "--engine", engine, "--variant", variant, "--games", games, "--seed", "1"] + extra
        start = time.monotonic()
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        first, head, moves, script_undo = None, None, None, 0
        in_script = False
        for line in p.stdout:
            if line.startswith("disagreement") and head is None:
                head = line
            elif head is not None and moves is None and line.strip().startswith("moves:"):
                moves = line.split(":", 1)[1].split()
                if moves == ["(none)"]:
                    moves = []
                if first is None:
                    first = time.monotonic() - start
            elif head is not None and line.startswith("  script"):
                in_script = True
            elif in_script and line.startswith("    "):
                script_undo += line.strip() == "undo"
            elif in_script:
                in_script = False
        p.wait()
        if head is None:
            print(f"{bug:15} {variant:26} {'no':6}")
            continue
        aspect = re.search(r"\(([^)]*)\)", head).group(1)
        if "--games" in head or not first:
            first = time.monotonic() - start
        print(f"{bug:15} {variant:26} {'yes':6} {first:14.1f} {len(moves):5} {script_undo:4}  {aspect}")


main()
