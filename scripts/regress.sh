#!/usr/bin/env bash
# Plays the current build of wallrush against an earlier one, under an SPRT.
#
#   scripts/regress.sh REV_OR_PATH [arena options…]
#
# REV_OR_PATH is a git revision (a commit, tag or branch; built once into
# .cache/builds/<sha>/wallrush, then reused) or the path of another `wallrush` program.
# The other build must have the `wallrush engine` subcommand. Both programs play
# through it (`--a wallrush:NEW --b wallrush:OLD`), so both sides pay the same process
# costs. Defaults, each replaced when the options name it:
#   --ms 100 --sprt elo0=-5,elo1=0,alpha=0.05,beta=0.05
# (the arena's --games then defaults to 100000: the SPRT ends the match). Examples:
#   scripts/regress.sh main
#   scripts/regress.sh v0.1.0 --ms 50 --concurrency 2
#   scripts/regress.sh /tmp/wallrush-old --sprt elo0=0,elo1=5 --out regress-records
set -euo pipefail
if [ $# -lt 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
  sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
target=$1
shift
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
cd "$root"
cache=$root/.cache/builds

if [ -f "$target" ] && [ -x "$target" ]; then
  old=$(cd "$(dirname "$target")" && pwd)/$(basename "$target")
else
  sha=$(git rev-parse --verify --quiet "$target^{commit}") || {
    echo "regress.sh: $target is neither a program nor a git revision" >&2
    exit 2
  }
  old=$cache/$sha/wallrush
  if [ ! -x "$old" ]; then
    echo "regress.sh: building $target ($sha) into $cache/$sha" >&2
    src=$cache/$sha/src
    rm -rf "$src"
    mkdir -p "$src"
    git archive "$sha" | tar -x -C "$src"
    # One target folder for every revision: dependencies build once.
    cargo build --release -p wallrush-cli --manifest-path "$src/Cargo.toml" --target-dir "$cache/target"
    cp "$cache/target/release/wallrush" "$old.tmp"
    mv "$old.tmp" "$old"
    rm -rf "$src"
  fi
fi

cargo build --release -p wallrush-cli
new=${CARGO_TARGET_DIR:-$root/target}/release/wallrush
if ! printf 'uci\nquit\n' | "$old" engine 2>/dev/null | grep -q '^uciok'; then
  echo "regress.sh: $old has no \`wallrush engine\` subcommand (it was built before it existed)" >&2
  exit 2
fi

defaults=()
case " $* " in *" --ms "* | *" --ms="*) ;; *) defaults+=(--ms 100) ;; esac
case " $* " in *" --sprt "* | *" --sprt="*) ;; *) defaults+=(--sprt elo0=-5,elo1=0,alpha=0.05,beta=0.05) ;; esac
echo "regress.sh: A $new, B $old" >&2
exec "$new" arena --a "wallrush:$new" --b "wallrush:$old" "${defaults[@]}" "$@"
