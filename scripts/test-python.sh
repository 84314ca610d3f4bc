#!/usr/bin/env bash
# Builds the Python package `wallrush` as a wheel (and an sdist), installs the wheel into a
# FRESH virtual environment, and runs the Python tests (stubtest, mypy --strict, pytest)
# against the installed wheel, never against the source tree: a file missing from the
# wheel fails here.
#
# Needs only Rust and Python 3 (>= 3.9). Two environments:
#   .venv                      the tools: maturin (kept between runs), Sphinx for the API
#                              reference (target/python-docs), and the wheel with
#                              open-spiel for the scripts (scripts/bench_openspiel.py, …);
#   target/wheel-test-venv     made anew on every run: the wheel with its `test` and `rl`
#                              extras (pytest, mypy, NumPy, PettingZoo, Gymnasium),
#                              nbclient and ipykernel for the guide's notebook, and,
#                              when they install, the `ray` extra (Ray, Ray Data,
#                              pyarrow), open-spiel, python-quoridor, pyquoridor.
# Optional installs that fail (no wheel for this Python, PyPI out of reach) only skip the
# tests that need them, each saying why. WALLRUSH_NO_OPENSPIEL=1 skips open-spiel,
# WALLRUSH_NO_PEERS=1 the two pure-Python Quoridor packages, WALLRUSH_NO_RL=1 the RL
# extra, WALLRUSH_NO_RAY=1 the Ray extra. One release build of the bindings per run (cargo reuses target/).
# Usage: bash scripts/test-python.sh [pytest arguments]   (from anywhere)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv (the build tools)"
  python3 -m venv .venv
fi
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"
# pip installs only into the two environments above, and keeps its download cache under
# target/ too, so the run writes nothing outside the checkout.
export PIP_CACHE_DIR="${PIP_CACHE_DIR:-$CARGO_TARGET_DIR/pip-cache}"
.venv/bin/python -c 'import maturin' 2>/dev/null || .venv/bin/python -m pip install --quiet "maturin>=1.9,<2"

wheels="$CARGO_TARGET_DIR/wheels"
rm -rf "$wheels"
echo "== maturin build --release (the abi3 wheel) and maturin sdist"
.venv/bin/maturin build --release --quiet -m wallrush-py/Cargo.toml --out "$wheels"
.venv/bin/maturin sdist -m wallrush-py/Cargo.toml --out "$wheels"
wheel=$(ls "$wheels"/wallrush-*.whl)
sdist=$(ls "$wheels"/wallrush-*.tar.gz)
echo "   $(basename "$wheel") ($(du -k "$wheel" | cut -f1) KiB), $(basename "$sdist") ($(du -k "$sdist" | cut -f1) KiB)"
# The sdist builds anywhere maturin does: it holds the bindings and the crates they use
# (wallrush-cli for the arena, built without its terminal crates).
listing=$(tar -tzf "$sdist")
for need in pyproject.toml python/wallrush/__init__.py python/wallrush/_wallrush.pyi wallrush-py/src/lib.rs \
  wallrush-core/src/lib.rs wallrush-engine/src/lib.rs wallrush-territory/src/lib.rs wallrush-cli/src/arena/mod.rs; do
  grep -q "^[^/]*/$need\$" <<<"$listing" || { echo "sdist lacks $need" >&2; exit 1; }
done

# The tools' environment gets the wheel too, for the scripts.
.venv/bin/python -m pip install --quiet --no-deps --force-reinstall "$wheel"
if [ "${WALLRUSH_NO_OPENSPIEL:-0}" != 1 ] && ! .venv/bin/python -c 'import pyspiel' 2>/dev/null; then
  .venv/bin/python -m pip install --quiet --only-binary :all: "open-spiel==2.0.2" \
    || echo "   open-spiel is not available here (for the scripts)"
fi

venv="$CARGO_TARGET_DIR/wheel-test-venv"
echo "== a fresh virtual environment: $venv"
python3 -m venv --clear "$venv"
py="$venv/bin/python"
pip_quiet() { "$py" -m pip install --quiet --disable-pip-version-check "$@"; }
extras=test
[ "${WALLRUSH_NO_RL:-0}" != 1 ] && extras="test,rl"
echo "== installing the wheel with [$extras]"
if ! pip_quiet --only-binary numpy,gymnasium,pettingzoo "$wheel[$extras]"; then
  echo "   the rl extra did not install: the RL tests will be skipped"
  pip_quiet "$wheel[test]"
fi
# Optional: the `ray` extra, for wallrush.distributed and its tests (on a local Ray of two
# CPUs). Wheels only. Without it the tests of tests/test_distributed.py are skipped, and
# stubtest leaves the module out (it cannot import it).
stubtest_skip=()
if [ "${WALLRUSH_NO_RAY:-0}" != 1 ]; then
  echo "== installing the ray extra (optional: the distributed tests are skipped without it)"
  pip_quiet --only-binary :all: "$wheel[ray]" \
    || echo "   the ray extra is not available here: the distributed tests will be skipped"
fi
if ! "$py" -c 'import ray, pyarrow' 2>/dev/null; then
  stubtest_skip=(--allowlist "$root/scripts/stubtest-no-ray.txt")
fi
# Optional: open-spiel 2.0.2, the release the id mapping follows (the `openspiel` extra
# names the same package). Wheels only, never a source build.
if [ "${WALLRUSH_NO_OPENSPIEL:-0}" != 1 ]; then
  echo "== installing open-spiel (optional: its tests are skipped without it)"
  pip_quiet --only-binary :all: "open-spiel==2.0.2" \
    || echo "   open-spiel is not available here: the OpenSpiel tests will be skipped"
fi
# Optional: the two pure-Python Quoridor packages on PyPI, for the `wallrush verify` runs
# against them (tests/test_verify_peers.py, through adapters/). Wheels only.
if [ "${WALLRUSH_NO_PEERS:-0}" != 1 ]; then
  for package in "python-quoridor==0.1.2" "pyquoridor==0.0.5"; do
    echo "== installing $package (optional: its verify test is skipped without it)"
    pip_quiet --only-binary :all: "$package" \
      || echo "   $package is not available here: its verify test will be skipped"
  done
fi

# From here on nothing builds: the checks and tests run with a home inside target/, so
# what Ray (its token, ~/.ray), IPython and Jupyter (the notebook's kernel) keep in a
# home is written in the checkout, never in the user's.
# Rust's tools keep their own homes (a package built from source finds them as before).
export RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}" CARGO_HOME="${CARGO_HOME:-$HOME/.cargo}"
export HOME="$CARGO_TARGET_DIR/test-home"
mkdir -p "$HOME"
# Temporary files (pytest's tmp_path, Ray's sessions, logs and sockets) go inside target/
# as well, each run's Ray sessions replacing the last ones. A Unix socket's path holds at
# most 107 bytes, and Ray adds about 68 to the folder: from a checkout deep enough to
# pass that, they go to a fresh folder of the system's, removed when the tests end.
test_tmp="$CARGO_TARGET_DIR/test-tmp"
if [ "${#test_tmp}" -gt 39 ]; then
  test_tmp=$(mktemp -d)
  trap 'rm -rf "$test_tmp"' EXIT
fi
rm -rf "$test_tmp/ray"
mkdir -p "$test_tmp"
export TMPDIR="$test_tmp"

# The tests import the installed wheel: run from the tests' folder with nothing of the
# source tree on sys.path (pytest's rootdir conftest only adds tests/).
cd wallrush-py
installed=$("$py" -c 'import wallrush, os; print(os.path.dirname(wallrush.__file__))')
case "$installed" in
  "$venv"/*) echo "== testing the installed wheel: $installed" ;;
  *) echo "wallrush imports from $installed, not from the fresh environment" >&2; exit 1 ;;
esac
echo "== import time (python -X importtime -c 'import wallrush'), best of 5"
for _ in 1 2 3 4 5; do "$py" -X importtime -c 'import wallrush' 2>&1 | tail -1 | awk -F'|' '{print $2}'; done \
  | sort -n | head -1 | awk '{printf "   import wallrush: %.1f ms\n", $1 / 1000}'
echo "== mypy.stubtest wallrush"
"$py" -m mypy.stubtest wallrush "${stubtest_skip[@]}"
echo "== mypy --strict over the package source (the files the wheel holds) and the tests"
if [ ${#stubtest_skip[@]} -eq 0 ]; then
  "$py" -m mypy --strict python/wallrush tests
else
  # Without Ray, wallrush.distributed and its tests cannot be checked: their imports
  # have no types to read.
  "$py" -m mypy --strict python/wallrush tests --exclude 'python/wallrush/(_?distributed)' --exclude 'tests/test_distributed\.py'
fi
echo "== import circles among the package's modules (scripts/import_cycles.py)"
"$py" "$root/scripts/import_cycles.py" "$root/wallrush-py/python/wallrush"
echo "== the Python API reference: sphinx-build -W into target/python-docs"
# Sphinx (autodoc over the installed wheel, MyST for the Markdown guides), pinned in
# wallrush-py/docs/requirements.txt and installed into .venv beside the wheel; warnings
# are errors. Sphinx 8 needs Python 3.10 or newer.
if "$root/.venv/bin/python" -c 'import sys; sys.exit(sys.version_info < (3, 10))'; then
  "$root/.venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$root/wallrush-py/docs/requirements.txt"
  rm -rf "$root/target/python-docs"
  "$root/.venv/bin/python" -m sphinx -W --keep-going -q -b html "$root/wallrush-py/docs" "$root/target/python-docs"
  echo "   $root/target/python-docs/index.html"
else
  echo "   skipped: the API reference needs Python 3.10 or newer for Sphinx"
fi
echo "== the guide's notebook: wallrush-py/docs/engine.md run as a Jupyter notebook"
# scripts/doc_notebook.py makes a notebook of the page's python blocks and executes it
# (nbclient, on the test environment's own ipykernel); the notebook, with its outputs,
# goes beside the API reference.
if pip_quiet "nbformat>=5.9" "nbclient>=0.10" "ipykernel>=6.29"; then
  "$py" "$root/scripts/doc_notebook.py" docs/engine.md "$root/target/python-docs/engine.ipynb"
else
  echo "   skipped: nbformat, nbclient or ipykernel did not install (PyPI out of reach?)"
fi
echo "== pytest"
WALLRUSH_TEST_VENV="$venv" "$py" -m pytest -p no:cacheprovider "$@"
