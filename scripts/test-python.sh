#!/usr/bin/env bash
# Builds the Python package `wallrush` into ./.venv and runs its tests (stubtest, pytest).
# Needs only Rust and Python 3 (>= 3.9); creates .venv at the repository root if missing
# and installs maturin, pytest and mypy into it (and, when it can, open-spiel,
# python-quoridor and pyquoridor: see below).
# Usage: bash scripts/test-python.sh [pytest arguments]   (from anywhere)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv"
  python3 -m venv .venv
fi
# Put the venv first on PATH: maturin's build backend runs the `maturin` program.
export PATH="$root/.venv/bin:$PATH"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"

need=()
python -c 'import maturin' 2>/dev/null || need+=("maturin>=1.9,<2")
python -c 'import pytest' 2>/dev/null || need+=("pytest>=7")
python -c 'import mypy' 2>/dev/null || need+=("mypy>=1.10")
if [ ${#need[@]} -gt 0 ]; then
  echo "== installing ${need[*]} into .venv"
  python -m pip install --quiet "${need[@]}"
fi

# Optional: open-spiel 2.0.2, the release the id mapping follows (it brings NumPy), for
# the OpenSpiel interop tests and the NumPy paths. Wheels only, never a source build; when PyPI has no wheel for this Python (or is out of
# reach) those tests are skipped, saying why. WALLRUSH_NO_OPENSPIEL=1 skips the install.
if [ "${WALLRUSH_NO_OPENSPIEL:-0}" != 1 ] && ! python -c 'import pyspiel' 2>/dev/null; then
  echo "== installing open-spiel into .venv (optional: its tests are skipped without it)"
  python -m pip install --quiet --only-binary :all: "open-spiel==2.0.2" \
    || echo "   open-spiel is not available here: the OpenSpiel tests will be skipped"
fi

# Optional: the two pure-Python Quoridor packages on PyPI, for the `wallrush verify` runs
# against them (tests/test_verify_peers.py, through adapters/). Wheels only; a package
# that does not install is left out and its test skipped, saying why.
# WALLRUSH_NO_PEERS=1 skips the install.
if [ "${WALLRUSH_NO_PEERS:-0}" != 1 ]; then
  for peer in "quoridor=python-quoridor==0.1.2" "pyquoridor=pyquoridor==0.0.5"; do
    module=${peer%%=*} package=${peer#*=}
    if ! python -c "import $module" 2>/dev/null; then
      echo "== installing $package into .venv (optional: its verify test is skipped without it)"
      python -m pip install --quiet --only-binary :all: "$package" \
        || echo "   $package is not available here: its verify test will be skipped"
    fi
  done
fi

# A release build through the package's own build backend, exactly as
# `pip install ./wallrush-py` does it, but reusing the installed maturin and the cargo
# target dir, so a repeated run rebuilds only what changed.
echo "== building and installing wallrush-py (release)"
python -m pip install --quiet --no-build-isolation --no-deps --force-reinstall ./wallrush-py

cd wallrush-py
echo "== mypy.stubtest wallrush"
python -m mypy.stubtest wallrush
echo "== mypy --strict over the package and the tests (the stubs in use)"
python -m mypy --strict python/wallrush tests
echo "== pytest"
python -m pytest "$@"
