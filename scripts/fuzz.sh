#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 10), seeding corpora from the test data.
# Needs cargo-fuzz (installed here if missing); runs libFuzzer on the stable toolchain
# with RUSTC_BOOTSTRAP=1 and no sanitizer (safe Rust: the checks are the asserts).
# Longer run: bash scripts/fuzz.sh 600
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
export RUSTC_BOOTSTRAP=1
targets=$(cd fuzz && cargo fuzz list)
mkdir -p fuzz/corpus
# Seeds: moves and squares from the data files and docs, oracle lines from the README.
mkdir -p fuzz/corpus/parse_text fuzz/corpus/oracle fuzz/corpus/play
for t in e2 d4h d4v pass r3c11 r3c11h Je6 Xd5 H-d4 V-d4 g9# e6h resign "size=9,players=4" south \
  b2-c3n b2n x:d4e @b2 "b2,d2,d6,f6/b4,b6,f2,f4 - R -" "a1,c3/a6,a7/a4,c5 Ra1n,Bc3e B RY"; do
  printf '%s' "$t" > "fuzz/corpus/parse_text/seed-$(printf '%s' "$t" | md5sum | cut -c1-12)"
done
grep -h '^{"' docs/ORACLE.md README.md 2>/dev/null | while read -r line; do
  printf '%s' "$line" > "fuzz/corpus/oracle/seed-$(printf '%s' "$line" | md5sum | cut -c1-12)"
done || true
printf '{"moves": ["d4v", "e8", "d4h"]}' > fuzz/corpus/oracle/seed-refusal
printf '{"cmd": "perft", "depth": 1, "variant": {"size": 5, "players": 4}}' > fuzz/corpus/oracle/seed-perft
printf '{"game": "wallgo", "setup": {"players": 4}, "moves": ["@d4", "@c3", "@a1"]}' > fuzz/corpus/oracle/seed-wallgo
printf '{"game": "enclosure", "setup": {"seed": 7}, "moves": ["C3n b2-b3", "A1s e5-e6"]}' \
  > fuzz/corpus/oracle/seed-enclosure
status=0
for t in $targets; do
  echo "== $t ($secs s)"
  log=$(mktemp)
  if ! (cd fuzz && cargo fuzz run -s none "$t" -- -max_total_time="$secs" -max_len=4096) >"$log" 2>&1; then
    status=1
    tail -40 "$log"
  fi
  grep -E '^(#[0-9]+|Done)' "$log" | tail -2
  rm -f "$log"
done
exit $status
