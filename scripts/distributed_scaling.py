"""The figures of docs/PERFORMANCE.md, "Distributed perft on Ray": perft(5) of the classic
opening through wallrush.distributed on a local Ray of 1 and of 2 worker processes
(split 1: 131 tasks, each a native perft(4)), and the overhead a task (perft(4) split 2:
16,677 tasks of a native perft(2), which takes microseconds). Each configuration runs
`--repeat` times, interleaved, each on a fresh Ray instance; prints the wall times, the
load average before each run, and the medians.

    .venv/bin/python scripts/distributed_scaling.py [--repeat 2]

Needs the wheel and the ray extra in the running Python (scripts/test-python.sh puts
them in target/wheel-test-venv).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Dict, List, Tuple

import ray

import wallrush
from wallrush import distributed

PERFT5 = 28_837_934_502


def timed(cpus: int, depth: int, split: int) -> Tuple[float, int]:
    ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
    try:
        # Workers start on first use: one warm-up task a CPU, so the timing is the work.
        distributed.perft(wallrush.Position(), 2, split=1, progress=False)
        start = time.perf_counter()
        r = distributed.perft(wallrush.Position(), depth, split=split, progress=False)
        return time.perf_counter() - start, r.total
    finally:
        ray.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    runs: Dict[str, List[float]] = {}
    configs = [("perft(5) split 1, 1 worker", 1, 5, 1), ("perft(5) split 1, 2 workers", 2, 5, 1),
               ("perft(4) split 2, 1 worker", 1, 4, 2), ("perft(4) split 2, 2 workers", 2, 4, 2)]
    for _ in range(args.repeat):
        for name, cpus, depth, split in configs:
            load = os.getloadavg()[0]
            seconds, total = timed(cpus, depth, split)
            assert total == (PERFT5 if depth == 5 else wallrush.Position().perft(4)), total
            runs.setdefault(name, []).append(seconds)
            print(f"{name}: {seconds:.2f} s (load average {load:.1f} before)", flush=True)
    median = {name: statistics.median(times) for name, times in runs.items()}
    for name, m in median.items():
        print(f"median {name}: {m:.2f} s")
    print(f"speed-up 1 -> 2 workers, perft(5): {median[configs[0][0]] / median[configs[1][0]]:.2f}x")
    for name, cpus, depth, split in configs[2:]:
        per_task = median[name] * cpus / 16_677 * 1000
        print(f"{name}: {per_task:.2f} ms of worker time a task (16,677 tasks of a perft(2))")


if __name__ == "__main__":
    main()
