#!/usr/bin/env python3
"""wallrush against OpenSpiel's Quoridor, side by side in one process (a benchmark, not a test).

Measures, on the classic 9×9 two-player game:

1. ``legal_actions()`` on fixed mid-game positions (seeded random play until 6–12 walls
   are down, the mover still holding walls), the same positions in both libraries, and
   beside it the idiomatic ``list(pos.legal_moves)`` (``Move`` objects, shared per
   variant);
2. a Python loop of random playouts (``random.choice`` over ``legal_actions()``, then
   apply), capped at 324 plies (OpenSpiel's ``4 n²``), in plies per second: on the
   immutable ``Position`` (``pos = pos.play_action(a)``), on the mutable ``Game``
   (``game.play_action(a)``, history kept), on ``Game`` with ``Move`` objects
   (``game.push(choice(list(game.legal_moves)))``), and OpenSpiel's
   ``state.apply_action(a)``;
3. for scale, the same random games played in Rust by ``wallrush.agents.random_playouts``;
4. the same loop with no library in it (a fixed list, ``random.choice``): the interpreter's
   share of a ply, the same whichever library the loop calls, and each loop's time less
   that share, the libraries' own.

Each figure is the median over ``--rounds`` rounds that alternate the two libraries; the
ratios are what carries to another machine. Needs ``open-spiel`` in the environment
(``bash scripts/test-python.sh`` installs it and wallrush into ``.venv``).

With ``--callgrind`` it counts instructions instead (valgrind's callgrind, deterministic,
so the ratios hold on a loaded machine): each playout loop runs in a child process under
callgrind twice, with no game and with ``--callgrind-games`` games, and the difference
divided by the plies played is the loop's cost per ply, interpreter included.

``--clock cpu`` times with this thread's CPU time instead of the wall clock: on a shared
machine the time other processes hold the core is then left out (it still shares the
caches). Each playout round also gives its own ratio, the loops having run back to back;
their median is printed beside the ratio of the medians.

Usage: .venv/bin/python scripts/bench_openspiel.py [--rounds 5] [--games 200] [--clock cpu]
       .venv/bin/python scripts/bench_openspiel.py --callgrind [--callgrind-games 50]
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import re
import statistics
import subprocess
import sys
import time
from typing import Any, Callable, Dict, List, Tuple

import wallrush
from wallrush import Position, agents
from wallrush import openspiel as wos

CAP = 324  # OpenSpiel's 4 n² on 9×9


def mid_game_positions(game: Any, count: int, seed: int) -> List[Tuple[Position, Any]]:
    """``count`` positions (wallrush, OpenSpiel) reached by the same seeded random play:
    6 to 12 walls down, the mover holding walls, the game still on."""
    rng = random.Random(seed)
    out: List[Tuple[Position, Any]] = []
    while len(out) < count:
        pos, state = Position(), game.new_initial_state()
        target = rng.randint(6, 12)
        while not pos.is_game_over() and len(pos.walls) < target:
            # Walls with probability 1/2, so that pawns move too.
            ids = pos.legal_actions()
            walls = [a for a in ids if a >= 81]
            a = rng.choice(walls if walls and rng.random() < 0.5 else ids)
            state.apply_action(wos.action_to_openspiel(pos, a))
            pos = pos.play_action(a)
        if not pos.is_game_over() and pos.walls_left(pos.turn) > 0:
            assert wos.legal_actions(pos) == state.legal_actions()
            out.append((pos, state))
    return out


# The clock: wall time by default; ``--clock cpu`` counts only this thread's CPU time, so
# the time other processes hold the core is left out (both libraries run in this thread).
CLOCK: Callable[[], float] = time.perf_counter


def time_calls(calls: List[Callable[[], Any]], repeat: int) -> float:
    """Seconds per call, each callable called ``repeat`` times."""
    start = CLOCK()
    for f in calls:
        for _ in range(repeat):
            f()
    return (CLOCK() - start) / (len(calls) * repeat)


def wallrush_playouts(games: int, seed: int) -> int:
    rng = random.Random(seed)
    choice = rng.choice
    plies = 0
    for _ in range(games):
        pos = Position()
        for _ in range(CAP):
            ids = pos.legal_actions()
            if not ids:
                break
            pos = pos.play_action(choice(ids))
            plies += 1
    return plies


def game_playouts(games: int, seed: int) -> int:
    rng = random.Random(seed)
    choice = rng.choice
    plies = 0
    for _ in range(games):
        game = wallrush.Game()
        for _ in range(CAP):
            ids = game.legal_actions()
            if not ids:
                break
            game.play_action(choice(ids))
            plies += 1
    return plies


def game_move_playouts(games: int, seed: int) -> int:
    rng = random.Random(seed)
    choice = rng.choice
    plies = 0
    for _ in range(games):
        game = wallrush.Game()
        for _ in range(CAP):
            moves = list(game.legal_moves)
            if not moves:
                break
            game.push(choice(moves))
            plies += 1
    return plies


def floor_playouts(games: int, seed: int) -> int:
    """The same loop with no library in it: a fixed list copied for ``legal_actions()``,
    the choice kept for the move, and no game over. What the interpreter spends a ply
    whatever the library (the loop, the list, ``random.choice``)."""
    rng = random.Random(seed)
    choice = rng.choice
    plies = 0
    ids_now = [3, 5, 13, 88, 90, 91, 92, 93, 94, 95, 96]  # the average list length, 11
    for _ in range(games):
        pos = None
        for _ in range(CAP):
            ids = ids_now[:]
            if not ids:
                break
            pos = choice(ids)
            plies += 1
    del pos
    return plies


def openspiel_playouts(game: Any, games: int, seed: int) -> int:
    rng = random.Random(seed)
    choice = rng.choice
    plies = 0
    for _ in range(games):
        state = game.new_initial_state()
        for _ in range(CAP):
            if state.is_terminal():
                break
            state.apply_action(choice(state.legal_actions()))
            plies += 1
    return plies


LOOPS = ("position", "game", "game_moves", "openspiel")


def run_loop(name: str, games: int, seed: int) -> int:
    """One playout loop by name, for a child process under callgrind: the plies played."""
    if name == "openspiel":
        pyspiel = importlib.import_module("pyspiel")
        return openspiel_playouts(pyspiel.load_game("quoridor", wos.game_parameters(wallrush.Variant.classic())), games, seed)
    return {"position": wallrush_playouts, "game": game_playouts, "game_moves": game_move_playouts}[name](games, seed)


def instructions(name: str, games: int, seed: int) -> Tuple[int, int]:
    """(instructions, plies) of one loop in a child process under callgrind."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__]
    out = subprocess.run(
        [*cmd, "--run-loop", name, "--games", str(games), "--seed", str(seed)],
        capture_output=True,
        text=True,
        check=True,
    )
    refs = re.search(r"Collected : (\d+)", out.stderr) or re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if refs is None:
        sys.exit(f"no instruction count in valgrind's output:\n{out.stderr}")
    return int(refs.group(1).replace(",", "")), int(out.stdout.split()[-1])


def callgrind_table(games: int, seed: int) -> None:
    """Instructions per ply of each playout loop, the start-up (no game) subtracted."""
    per_ply: Dict[str, float] = {}
    for name in LOOPS:
        base, _ = instructions(name, 0, seed)
        total, plies = instructions(name, games, seed)
        per_ply[name] = (total - base) / plies
    theirs = per_ply["openspiel"]
    print(f"\ninstructions per ply (callgrind), {games} games, the start-up subtracted")
    print("| loop | instructions per ply | OpenSpiel's ÷ ours |")
    print("|---|---|---|")
    for name, label in (
        ("position", "`Position` loop, `pos = pos.play_action(a)`"),
        ("game", "`Game` loop, `game.play_action(a)`"),
        ("game_moves", "`Game` loop with Move objects"),
        ("openspiel", "OpenSpiel loop, `state.apply_action(a)`"),
    ):
        print(f"| {label} | {per_ply[name]:,.0f} | {theirs / per_ply[name]:.2f}× |")
    print(f"| `Game` against `Position` | | {per_ply['game'] / per_ply['position']:.2f}× the instructions |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5, help="rounds per measurement (median taken)")
    ap.add_argument("--positions", type=int, default=20, help="mid-game positions for legal_actions")
    ap.add_argument("--calls", type=int, default=2000, help="legal_actions calls per position per round")
    ap.add_argument("--games", type=int, default=200, help="random games per playout round")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="wall time, or this thread's CPU time (leaves out the time other processes hold the core)",
    )
    ap.add_argument("--callgrind", action="store_true", help="count instructions per ply under callgrind instead")
    ap.add_argument("--callgrind-games", type=int, default=50, help="games per loop under callgrind")
    ap.add_argument("--run-loop", choices=LOOPS, help=argparse.SUPPRESS)
    args = ap.parse_args()
    global CLOCK
    CLOCK = time.thread_time if args.clock == "cpu" else time.perf_counter
    if args.run_loop:
        print(run_loop(args.run_loop, args.games, args.seed))
        return

    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        sys.exit("open-spiel is not installed: run `bash scripts/test-python.sh` (it installs it into .venv)")
    from importlib.metadata import version

    game = pyspiel.load_game("quoridor", wos.game_parameters(wallrush.Variant.classic()))
    print(f"wallrush {wallrush.__version__}, open-spiel {version('open-spiel')}, Python {platform.python_version()}")
    print(f"command: {' '.join([sys.executable.split('/')[-1], *sys.argv])}")
    if args.callgrind:
        callgrind_table(args.callgrind_games, args.seed)
        return

    positions = mid_game_positions(game, args.positions, args.seed)
    legal = [len(p.legal_actions()) for p, _ in positions]
    walls = [len(p.walls) for p, _ in positions]
    print(
        f"\n{len(positions)} mid-game positions: {min(walls)}-{max(walls)} walls down, "
        f"{statistics.mean(legal):.0f} legal actions on average"
    )
    ours_calls = [p.legal_actions for p, _ in positions]
    moves_calls = [(lambda p=p: list(p.legal_moves)) for p, _ in positions]
    theirs_calls = [s.legal_actions for _, s in positions]
    ours, moves, theirs = [], [], []
    for _ in range(args.rounds):
        ours.append(time_calls(ours_calls, args.calls))
        moves.append(time_calls(moves_calls, args.calls))
        theirs.append(time_calls(theirs_calls, args.calls))
    o_us, m_us, t_us = (statistics.median(x) * 1e6 for x in (ours, moves, theirs))

    loops: Dict[str, List[float]] = {
        "position": [],
        "game": [],
        "game_moves": [],
        "openspiel": [],
        "rust": [],
        "floor": [],
    }
    for r in range(args.rounds):
        seed = args.seed + r
        for name, run in (
            ("position", lambda: wallrush_playouts(args.games, seed)),
            ("game", lambda: game_playouts(args.games, seed)),
            ("game_moves", lambda: game_move_playouts(args.games, seed)),
            ("openspiel", lambda: openspiel_playouts(game, args.games, seed)),
            ("rust", lambda: sum(p.plies for p in agents.random_playouts(args.games, seed=seed, max_plies=CAP))),
            ("floor", lambda: floor_playouts(args.games, seed)),
        ):
            t0 = CLOCK()
            plies = run()
            loops[name].append(plies / (CLOCK() - t0))
    rate = {name: statistics.median(x) for name, x in loops.items()}
    pt = rate["openspiel"]
    # Each round's own ratio (the loops of one round ran back to back), then their median.
    paired = {
        name: statistics.median(a / b for a, b in zip(loops[name], loops["openspiel"]))
        for name in ("position", "game")
    }

    clock = "this thread's CPU time" if args.clock == "cpu" else "wall time"
    print(f"\nmedians of {args.rounds} rounds, {clock}")
    print("| measurement | wallrush | OpenSpiel | ratio |")
    print("|---|---|---|---|")
    print(f"| `legal_actions()`, mid-game 9×9, µs per call | {o_us:.2f} | {t_us:.2f} | {t_us / o_us:.1f}× faster |")
    print(
        f"| `list(pos.legal_moves)` (Move objects), µs per call | {m_us:.2f} | {t_us:.2f} | "
        f"{t_us / m_us:.1f}× faster; {m_us / o_us:.2f}× our `legal_actions()` |"
    )
    for name, label in (
        ("position", "`Position` loop, `pos = pos.play_action(a)`"),
        ("game", "`Game` loop, `game.play_action(a)`"),
        ("game_moves", "`Game` loop with Move objects, `game.push(choice(list(game.legal_moves)))`"),
    ):
        print(
            f"| {label} (cap {CAP}), plies/s | {rate[name]:,.0f} | {pt:,.0f} | {rate[name] / pt:.2f}× faster |"
        )
    for name, label in (("position", "`Position`"), ("game", "`Game`")):
        print(f"| {label} loop, the median of each round's own ratio | | | {paired[name]:.2f}× faster |")
    print(
        f"| `Game` loop against the `Position` loop | | | {rate['position'] / rate['game']:.2f}× the time "
        f"(action ids), {rate['position'] / rate['game_moves']:.2f}× (Move objects) |"
    )
    print(
        f"| `agents.random_playouts` (Rust, GIL released), plies/s | {rate['rust']:,.0f} | - | "
        f"{rate['rust'] / pt:.0f}× OpenSpiel's loop |"
    )
    floor_ns = 1e9 / rate["floor"]
    print(f"| the loop with no library in it (the interpreter's share), ns a ply | {floor_ns:,.0f} | | |")
    for name, label in (("position", "`Position`"), ("game", "`Game`")):
        ours_ns, theirs_ns = 1e9 / rate[name] - floor_ns, 1e9 / pt - floor_ns
        print(
            f"| {label} loop less that share, ns a ply | {ours_ns:,.0f} | {theirs_ns:,.0f} | "
            f"{theirs_ns / ours_ns:.2f}× faster |"
        )


if __name__ == "__main__":
    main()
