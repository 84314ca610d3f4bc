#!/usr/bin/env bash
# Runs every test of wallrush: Rust (fmt, clippy, no_std builds and link proof, docs,
# bench build, tests), Python when the package is present (into ./.venv and
# target/wheel-test-venv), the publishing checks (cargo publish --dry-run, twine check,
# a wheel built from the sdist), and a short run of every fuzz target (cargo-fuzz, when
# missing, is installed into ./.tools). Nothing is written outside the checkout but
# cargo's own download cache.
# Usage: bash scripts/test.sh          (from the repository root)
#        WALLRUSH_FUZZ_SECONDS=0 bash scripts/test.sh   skips the fuzz run
# This is what CI runs (.ci/run); nothing installed by hand is assumed beyond Rust,
# Python 3 and a C++ compiler (libFuzzer is built from source).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "words: the docs and comments say what the code does (scripts/check-words.sh)"
bash scripts/check-words.sh --self-test
bash scripts/check-words.sh

step "import circles between the files of each library crate (none)"
circles=../shared/tools/rust_circles.py
if [ -f "$circles" ]; then
  for crate in wallrush-core wallrush-engine wallrush-territory; do python3 "$circles" "$crate"; done
else
  echo "skipped: $circles is not beside the checkout"
fi

step "cargo fmt --check (workspace, fuzz targets, no_std proof)"
cargo fmt --all -- --check
cargo fmt --manifest-path fuzz/Cargo.toml -- --check
[ -d nostd-check ] && cargo fmt --manifest-path nostd-check/Cargo.toml -- --check

step "clippy (all targets, all features, -D warnings)"
cargo clippy --workspace --all-targets --all-features -- -D warnings

step "core without std (no default features) and with each feature alone"
cargo clippy -p wallrush-core --no-default-features -- -D warnings
cargo build -p wallrush-core --no-default-features
cargo build -p wallrush-core --no-default-features --features std
cargo build -p wallrush-core --no-default-features --features svg
if grep -q '^serde = \["dep:serde"\]' wallrush-core/Cargo.toml; then
  cargo build -p wallrush-core --no-default-features --features serde
fi
step "engine without std (no default features)"
cargo clippy -p wallrush-engine --no-default-features -- -D warnings
cargo build -p wallrush-engine --no-default-features

step "territory games without std (no default features) and with each feature alone"
cargo clippy -p wallrush-territory --no-default-features -- -D warnings
cargo build -p wallrush-territory --no-default-features
for feature in std serde svg; do
  cargo build -p wallrush-territory --no-default-features --features "$feature"
done
if [ -d nostd-check ]; then
  step "no_std link proof"
  (cd nostd-check && CARGO_TARGET_DIR=target cargo build --release && ./target/release/wallrush-nostd-check)
fi

step "rustdoc (-D warnings)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --all-features

step "benches build"
cargo bench --workspace --no-run

step "cargo test"
cargo test --workspace --all-features

if [ -x scripts/test-python.sh ]; then
  step "python"
  scripts/test-python.sh
fi
step "packages ready to publish (scripts/check-packages.sh)"
bash scripts/check-packages.sh

fuzz_seconds=${WALLRUSH_FUZZ_SECONDS:-5}
if [ "$fuzz_seconds" != 0 ]; then
  step "fuzz: every target for $fuzz_seconds s (the long run: bash scripts/fuzz.sh 600)"
  bash scripts/fuzz.sh "$fuzz_seconds"
fi
printf '\nall tests passed\n'
