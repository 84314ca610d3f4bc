"""Reading a file of records with variations three ways, side by side (medians of 5):
``record.scan`` (headers and main lines, syntax only), ``record.read_records`` (every
move of every variation checked, Record objects) and ``record.read_game`` (the same, as
GameTree objects). Run with the package installed:

    python scripts/bench_record_scan.py [records]
"""

from __future__ import annotations

import io
import statistics
import sys
import time
from typing import Callable

from wallrush import record

ONE = """[Event "Analysis"]

{A quiet opening} 1. e2! {the usual} (1. d4h $14 {a wall at once} e8 2. e2)
(1. a3h?! {too far back}) 1... e8 2. e3 ({or} 2. d7h!? $32 {cutting} (2. d7v $6)) 2... e7??
$18 *
"""


def median_ms(f: Callable[[], int], expect: int) -> float:
    times = []
    for _ in range(5):
        start = time.perf_counter()
        assert f() == expect
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    text = "\n".join([ONE] * count)

    def games() -> int:
        handle = io.StringIO(text)
        n = 0
        while record.read_game(handle) is not None:
            n += 1
        return n

    for name, f in [
        ("scan", lambda: sum(1 for _ in record.scan(io.StringIO(text)))),
        ("read_records", lambda: sum(1 for _ in record.read_records(io.StringIO(text)))),
        ("read_game", games),
    ]:
        ms = median_ms(f, count)
        print(f"{name:13} {count} records  median {ms:.1f} ms  ({ms * 1000 / count:.0f} us/record)")


if __name__ == "__main__":
    main()
