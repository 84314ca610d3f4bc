#!/usr/bin/env bash
# Checks that the packages are ready to publish, without publishing anything and without
# changing anything outside the checkout (tools go into ./.venv, builds into ./target):
#
#   1. crates.io: `cargo publish --workspace --dry-run` packages wallrush-core,
#      wallrush-engine, wallrush-territory and wallrush-cli together (each path dependency
#      from its own package, as crates.io would serve it) and builds each from its package
#      alone. Their metadata is complete (description, license, readme, keywords,
#      categories, repository, docs.rs settings); every other crate says `publish = false`.
#   2. PyPI: the sdist and the abi3 wheel of `wallrush` (maturin) pass `twine check
#      --strict`; their project URLs start with the workspace's repository address.
#   3. The sdist builds a working wheel in a fresh virtual environment, as `pip install
#      wallrush-<version>.tar.gz` does: maturin comes from PyPI (the build backend), the
#      Rust crates from crates.io, at the versions of the Cargo.lock inside the sdist.
#      The wheel is installed into a second fresh environment and plays a few moves.
#
# Needs Rust (1.85 or newer), Python 3.9 or newer, and access to crates.io and PyPI.
# Usage: bash scripts/check-packages.sh   (from anywhere)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"
# pip's downloads stay inside the checkout too.
export PIP_CACHE_DIR="$CARGO_TARGET_DIR/pip-cache"
export PIP_DISABLE_PIP_VERSION_CHECK=1
out="$CARGO_TARGET_DIR/packages"
rm -rf "$out"
mkdir -p "$out"

fail() {
  echo "check-packages: $*" >&2
  exit 1
}

echo "== crates.io: metadata of every workspace crate, and publish = false where it belongs"
cargo metadata --no-deps --format-version 1 >"$out/metadata.json"
python3 - "$out/metadata.json" <<'EOF'
import json, os, sys

meta = json.load(open(sys.argv[1]))
published = {"wallrush-core", "wallrush-engine", "wallrush-territory", "wallrush-cli"}
private = {"wallrush-py", "wallrush-benches", "wallrush-examples"}
problems = []
seen = set()
for p in meta["packages"]:
    name = p["name"]
    seen.add(name)
    if name in private:
        if p["publish"] != []:
            problems.append(f"{name}: needs publish = false")
        continue
    if name not in published:
        problems.append(f"{name}: a new crate: add it to the published or the private list here")
        continue
    if p["publish"] == []:
        problems.append(f"{name}: is meant for crates.io but says publish = false")
    for field in ("description", "license", "repository", "readme", "rust_version"):
        if not p.get(field):
            problems.append(f"{name}: no {field}")
    if p.get("readme") and not os.path.isfile(os.path.join(os.path.dirname(p["manifest_path"]), p["readme"])):
        problems.append(f"{name}: readme {p['readme']} does not exist")
    if not 1 <= len(p["keywords"]) <= 5:
        problems.append(f"{name}: needs 1 to 5 keywords")
    if not p["categories"]:
        problems.append(f"{name}: no categories")
    if "rs" not in ((p.get("metadata") or {}).get("docs") or {}):
        problems.append(f"{name}: no [package.metadata.docs.rs]")
for name in sorted((published | private) - seen):
    problems.append(f"{name}: not in the workspace any more: update the lists here")
if problems:
    sys.exit("\n".join(problems))
print(f"   {len(published)} crates for crates.io, {len(private)} marked publish = false")
EOF
for manifest in nostd-check/Cargo.toml fuzz/Cargo.toml; do
  grep -qx 'publish = false' "$manifest" || fail "$manifest needs publish = false"
done
echo "   nostd-check and fuzz (outside the workspace) say publish = false"

echo "== crates.io: cargo publish --workspace --dry-run"
# The dry run serves the packaged crates from a local registry under target/package, and
# cargo unpacks a registry's crates once per name and version into CARGO_HOME, keyed by
# the registry's path: a later run from the same checkout path would build against the
# sources unpacked by an earlier run. So the dry run gets a cargo home of its own inside
# target/, and the workspace's crates unpacked there are removed before each run.
publish_home="$CARGO_TARGET_DIR/publish-cargo-home"
mkdir -p "$publish_home"
rm -rf "$publish_home"/registry/src/*/wallrush-* "$publish_home"/registry/cache/*/wallrush-*
export RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}"
CARGO_HOME="$publish_home" cargo publish --workspace --dry-run --allow-dirty 2>&1 \
  | tee "$out/cargo-publish.log" \
  | grep -E '^ *(Packaged|Uploading|error|warning: (manifest|unused))' || true
[ "${PIPESTATUS[0]}" -eq 0 ] || fail "cargo publish --dry-run failed: see $out/cargo-publish.log"
uploads=$(grep -c '^ *Uploading' "$out/cargo-publish.log" || true)
[ "$uploads" -eq 4 ] || fail "expected 4 crates to reach the upload step, got $uploads"

echo "== PyPI: the tools (maturin, twine) in .venv"
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install --quiet "maturin>=1.9,<2" "twine>=6,<8"

echo "== PyPI: project URLs start with the workspace's repository address"
repo=$(python3 -c 'import json,sys; print(next(p["repository"] for p in json.load(open(sys.argv[1]))["packages"] if p["name"] == "wallrush-core"))' "$out/metadata.json")
urls=$(sed -n '/^\[project.urls\]/,/^\[/p' wallrush-py/pyproject.toml | grep -E '^[A-Za-z]+ *= *"' || true)
[ -n "$urls" ] || fail "wallrush-py/pyproject.toml has no [project.urls]"
while IFS= read -r line; do
  url=${line#*\"}
  url=${url%\"*}
  case "$url" in
    "$repo" | "$repo"/*) ;;
    *) fail "wallrush-py/pyproject.toml: $url does not start with the workspace's repository $repo" ;;
  esac
done <<<"$urls"
echo "   $(wc -l <<<"$urls") URLs under $repo"

echo "== PyPI: maturin sdist and maturin build --release (the abi3 wheel)"
.venv/bin/maturin sdist -m wallrush-py/Cargo.toml --out "$out/dist"
.venv/bin/maturin build --release --quiet -m wallrush-py/Cargo.toml --out "$out/dist"
sdist=$(ls "$out"/dist/wallrush-*.tar.gz)
wheel=$(ls "$out"/dist/wallrush-*.whl)
listing=$(tar -tzf "$sdist")
grep -q '^[^/]*/Cargo.lock$' <<<"$listing" || fail "the sdist holds no Cargo.lock"

echo "== PyPI: twine check --strict"
.venv/bin/twine check --strict "$sdist" "$wheel"

echo "== PyPI: the sdist builds a wheel in a fresh environment (maturin from PyPI, crates from crates.io)"
build_venv="$CARGO_TARGET_DIR/sdist-build-venv"
python3 -m venv --clear "$build_venv"
# The sdist's Cargo.lock pins every crate's version. (Not `--locked`: the sdist leaves
# out the workspace members the bindings do not use, so cargo drops their entries from
# the lock file, which `--locked` forbids; the versions kept are the pinned ones.)
CARGO_TARGET_DIR="$CARGO_TARGET_DIR/sdist-build" \
  "$build_venv/bin/python" -m pip wheel --quiet --no-deps --wheel-dir "$out/from-sdist" "$sdist"
built=$(ls "$out"/from-sdist/wallrush-*.whl)
.venv/bin/twine check --strict "$built"

echo "== PyPI: that wheel works in another fresh environment"
run_venv="$CARGO_TARGET_DIR/sdist-run-venv"
python3 -m venv --clear "$run_venv"
"$run_venv/bin/python" -m pip install --quiet --no-deps "$built"
(cd "$CARGO_TARGET_DIR" && "$run_venv/bin/python" - <<'EOF'
import wallrush

pos = wallrush.Position()
assert len(pos.legal_moves) == 131, len(pos.legal_moves)
after = pos.play("e2")
assert after.turn == wallrush.Seat.NORTH, after.turn
assert wallrush.Variant.from_text("size=7,walls=3") == wallrush.Variant(size=7, walls=3)
print(f"   wallrush {wallrush.__version__} from the sdist: 131 opening moves, e2 played")
EOF
)
echo "== packages ready: $(basename "$sdist"), $(basename "$wheel"), $(basename "$built")"
