#!/usr/bin/env bash
# Runs every test of wallrush: Rust (fmt, clippy, no_std build, docs, tests, bench build)
# and, when the Python package is present, Python (into a local .venv).
# Usage: bash scripts/test.sh          (from the repository root)
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "clippy (all targets, all features, -D warnings)"
cargo clippy --workspace --all-targets --all-features -- -D warnings

step "core without std (no default features) and with each feature alone"
cargo build -p wallrush-core --no-default-features
cargo build -p wallrush-core --no-default-features --features std
if grep -q '^serde = \["dep:serde"\]' wallrush-core/Cargo.toml; then
  cargo build -p wallrush-core --no-default-features --features serde
fi
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
printf '\nall tests passed\n'
