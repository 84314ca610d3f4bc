#!/usr/bin/env bash
# One command for the PERFORMANCE.md table: runs the criterion benches of
# wallrush-benches (quick settings by default), then prints the table and exits non-zero
# when a ratio falls below its target.
#
#   scripts/bench-report.sh              quick: 0.5 s warm-up, 2 s measurement per bench
#   scripts/bench-report.sh --full       criterion's own defaults (3 s / 5 s)
#   scripts/bench-report.sh --no-run     only read the results of the last run
#   scripts/bench-report.sh --callgrind  also instruction counts (needs valgrind)
#   scripts/bench-report.sh --callgrind-only   only the instruction counts: no criterion
#                                        run, no timing table (about 10 minutes)
#   scripts/bench-report.sh --probe KIND also: keep only that callgrind probe (repeatable;
#                                        reach distance movelist movecount makeunmake
#                                        makeunmake_pawn makeunmake_wall search
#                                        perft3 perft3m perft4 sizes; sizes is the
#                                        board-size table, every odd size 5–31)
#   scripts/bench-report.sh --skip-b10   skip the one-shot perft(4) timing (a minute or more)
#
# Timing is noisy on shared machines: this is not part of the test run (CI only builds
# the benches with `cargo bench --no-run`).
set -euo pipefail
cd "$(dirname "$0")/.."

criterion_args=(--noplot --warm-up-time 0.5 --measurement-time 2)
run=1
report_args=()
probe_next=0
for arg in "$@"; do
    if [ "$probe_next" = 1 ]; then
        report_args+=(--probe "$arg")
        probe_next=0
        continue
    fi
    case "$arg" in
        --full) criterion_args=(--noplot) ;;
        --no-run) run=0 ;;
        --callgrind)
            if command -v valgrind >/dev/null; then
                report_args+=(--callgrind)
            else
                echo "bench-report.sh: valgrind not found, no instruction counts" >&2
            fi
            ;;
        --callgrind-only)
            command -v valgrind >/dev/null || { echo "bench-report.sh: valgrind not found" >&2; exit 2; }
            report_args+=(--callgrind-only)
            run=0
            ;;
        --probe) probe_next=1 ;;
        --skip-b10) report_args+=(--skip-b10) ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        *) echo "bench-report.sh: unknown option $arg" >&2; exit 2 ;;
    esac
done

if [ "$run" = 1 ]; then
    cargo bench -p wallrush-benches --benches -- "${criterion_args[@]}" >&2
fi
cargo build --release -q -p wallrush-benches --bin bench-report
exec cargo run --release -q -p wallrush-benches --bin bench-report -- "${report_args[@]}"
