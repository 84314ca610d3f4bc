#!/usr/bin/env python3
"""The strong engine against OpenSpiel's MCTS bot on the classic board, at equal time.

Both sides get the same time per move: wallrush's engine searches for ``--ms``
milliseconds; OpenSpiel's ``MCTSBot`` (random rollouts, OpenSpiel's default UCT
constant 2) gets as many simulations as it runs in ``--ms`` milliseconds, calibrated on
the opening before the match (MCTSBot is budgeted in simulations, not time). Seats
alternate. The two libraries play in lockstep: every move is applied to both, through
``wallrush.openspiel``'s action conversion, so each also checks the other's rules.

Needs ``open-spiel`` in the environment (``.venv/bin/pip install open-spiel``).

    .venv/bin/python scripts/strong_vs_openspiel.py --games 50 --ms 100
"""

import argparse
import time

import numpy as np
import pyspiel  # noqa: F401  (imported for its side effect of registering games)
from open_spiel.python.algorithms import mcts

import wallrush
from wallrush import openspiel as wos


def calibrate(game, ms: float, rng) -> int:
    """Simulations MCTSBot runs in about ``ms`` milliseconds on the opening."""
    sims = 200
    bot = mcts.MCTSBot(game, 2, sims, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    start = time.perf_counter()
    for _ in range(3):
        bot.step(state)
    per_sim = (time.perf_counter() - start) / (3 * sims)
    return max(10, int(ms / 1000 / per_sim))


def play(game, engine, mcts_bot, strong_first: bool, ms: float):
    state = game.new_initial_state()
    pos = wallrush.Position()
    strong_time = 0.0
    strong_moves = 0
    while not state.is_terminal() and pos.outcome() is None:
        strong_to_move = (state.current_player() == 0) == strong_first
        if strong_to_move:
            t = time.perf_counter()
            move = engine.search(pos, time=ms / 1000).best
            strong_time += time.perf_counter() - t
            strong_moves += 1
            action = wos.to_openspiel(pos, move)
        else:
            action = mcts_bot.step(state)
            move = wos.from_openspiel(pos, action)
        state.apply_action(action)
        pos = pos.play(move)
    winner = pos.outcome().winner if pos.outcome() is not None else None
    strong_seat = wallrush.Seat.SOUTH if strong_first else wallrush.Seat.NORTH
    if winner is None:
        return "draw", strong_time, strong_moves
    return ("win" if winner == strong_seat else "loss"), strong_time, strong_moves


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--ms", type=float, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    game = wos.load_game()
    rng = np.random.RandomState(args.seed)
    sims = calibrate(game, args.ms, rng)
    print(f"MCTSBot: {sims} simulations a move (about {args.ms:.0f} ms), uct_c=2, random rollouts")
    tally = {"win": 0, "loss": 0, "draw": 0}
    total_time = 0.0
    total_moves = 0
    for g in range(args.games):
        engine = wallrush.Engine()
        bot = mcts.MCTSBot(game, 2, sims, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        result, t, n = play(game, engine, bot, g % 2 == 0, args.ms)
        tally[result] += 1
        total_time += t
        total_moves += n
        print(f"game {g + 1:3}: strong {'south' if g % 2 == 0 else 'north'}: {result}", flush=True)
    print(
        f"strong vs OpenSpiel MCTS, {args.games} games, {args.ms:.0f} ms a move: "
        f"won {tally['win']}, drawn {tally['draw']}, lost {tally['loss']} "
        f"({100 * tally['win'] / args.games:.1f}%); strong's average time a move "
        f"{1000 * total_time / max(1, total_moves):.1f} ms"
    )


if __name__ == "__main__":
    main()
