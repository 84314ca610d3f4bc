#!/usr/bin/env bash
# Runs every fuzz target (or the ones named) for SECONDS each, one after the other,
# seeding the corpora from fuzz/seeds/ and the test data (data/, tests/golden/, docs).
#
#   bash scripts/fuzz.sh                  # 10 s per target
#   bash scripts/fuzz.sh 600              # the long run: 10 minutes per target
#   bash scripts/fuzz.sh 60 record game   # only these targets
#
# Needs cargo-fuzz: when it is not on PATH it is installed under the checkout, in .tools/
# (git-ignored; ~4 minutes once), never into ~/.cargo/bin. Runs libFuzzer on the stable
# toolchain with RUSTC_BOOTSTRAP=1 and no sanitizer (safe Rust: the checks are the
# asserts). Corpora grow in fuzz/corpus/<target>/ (git-ignored); a finding is saved in
# fuzz/artifacts/<target>/ and the script exits non-zero. Prints, per target, libFuzzer's
# last status line (total executions and exec/s).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
shift || true
export PATH="$PWD/.tools/bin:$PATH"
command -v cargo-fuzz >/dev/null || cargo install --locked --root .tools cargo-fuzz
export RUSTC_BOOTSTRAP=1
# The fuzz workspace's own target dir, whatever the caller's CARGO_TARGET_DIR.
export CARGO_TARGET_DIR="$PWD/fuzz/target"
export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-2}
if [ $# -gt 0 ]; then targets="$*"; else targets=$(cd fuzz && cargo fuzz list); fi

# Seeds: the committed ones, then whatever the test data and docs hold.
seed() { # seed TARGET NAME TEXT
  mkdir -p "fuzz/corpus/$1"
  printf '%s' "$3" > "fuzz/corpus/$1/seed-$2-$(printf '%s' "$3" | cksum | cut -d' ' -f1)"
}
for dir in fuzz/seeds/*/; do
  t=$(basename "$dir")
  mkdir -p "fuzz/corpus/$t"
  cp "$dir"* "fuzz/corpus/$t/"
done
# Oracle requests from the docs, one per line (the `request:` lines of its examples).
grep -h -E '^(request: *)?\{"' docs/ORACLE.md 2>/dev/null | sed -E 's/^request: *//' | while IFS= read -r line; do
  seed oracle doc "$line"
done || true
# The stream target: every oracle seed alone, and all of them as one stream of lines
# (with blank and Unicode-space lines between them).
mkdir -p fuzz/corpus/oracle_stream
cp fuzz/corpus/oracle/* fuzz/corpus/oracle_stream/
stream=$(for f in fuzz/seeds/oracle/*; do cat "$f"; printf '\n \t\r\n\302\240\n'; done)
seed oracle_stream all "$stream"
# Wall Go: every position text of the golden transcript, and its records.
golden=wallrush-territory/tests/golden/wallgo-greedy.txt
if [ -f "$golden" ]; then
  awk '/^ *[0-9]+ (red|blue|yellow|green) / && n++ < 40 { $1=$2=$3=$4=""; sub(/^ +/, ""); print }' \
    "$golden" | while IFS= read -r line; do seed parse_text wallgo-pos "$line"; done
  awk '/^\[Game "wallgo"\]/{ r=1; blank=0; text="" }
       r{ text = text $0 "\n"; if ($0 == "") blank++ }
       r && blank==2 { printf "%s%c", text, 0; r=0 }' "$golden" |
    while IFS= read -r -d '' rec; do seed parse_text wallgo-record "$rec"; done
fi
# The card game's golden record.
[ -f data/enclosure_greedy_2024.txt ] && seed parse_text enclosure-record "$(cat data/enclosure_greedy_2024.txt)"
# Perft positions: the move lists of data/perft.txt as bare standard move lists.
grep -v '^#' data/perft.txt | cut -d';' -f2 | grep -v '^ *- *$' | while IFS= read -r line; do
  seed record perft-moves "$line"
done || true

status=0
for t in $targets; do
  echo "== $t ($secs s)"
  log=$(mktemp)
  mkdir -p "fuzz/corpus/$t"
  if ! (cd fuzz && cargo fuzz run -s none "$t" "corpus/$t" -- -max_total_time="$secs" -max_len=8192 \
    -timeout=10 -rss_limit_mb=2048) >"$log" 2>&1; then
    status=1
    tail -40 "$log"
  fi
  grep -E 'DONE|^Done' "$log" | tail -2 || true
  rm -f "$log"
done
exit $status
