#!/usr/bin/env bash
# Runs every test the test command (scripts/test.sh) leaves out as too long: the
# `#[ignore]`d long sweeps of the core and the territory games, and the engine's strength
# matches. Each is named, with its reason, next to its `#[ignore]`; this script runs them
# all in one go, in release.
#
#   bash scripts/long-tests.sh            # everything, about 6 minutes on 2 cores (warm build)
#   bash scripts/long-tests.sh strength   # only the strength matches (about 2.5 minutes)
#
# Left out on purpose: `regenerate_perft_file` (benches/tests/sets.rs), which rewrites
# data/perft-midgame.txt instead of checking it; the test command checks that file.
set -euo pipefail
cd "$(dirname "$0")/.."
only=${1:-}
run() { # run NAME CARGO-TEST-ARGS...
  local name=$1
  shift
  if [ -z "$only" ] || [ "$only" = "$name" ]; then
    echo "== $name: cargo test --release $* -- --ignored"
    cargo test --release "$@" -- --ignored
  fi
}
run invariants -p wallrush-core --test invariants
run make_unmake -p wallrush-core --test make_unmake
run wallgo -p wallrush-territory --test wallgo
run enclosure -p wallrush-territory --test enclosure
run strength -p wallrush-examples --test strength
echo "all long tests passed"
