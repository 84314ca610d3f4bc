#!/usr/bin/env bash
# The node-budget identity check: two `wallrush` binaries play the same fixed games and
# must write byte-identical game records. A search change that claims to change nothing
# (a refactor, deleted code that never ran) passes only when every game is the same.
#
#   scripts/same-games.sh OLD_WALLRUSH NEW_WALLRUSH
#
# Every game is played by engines on node budgets (`strong:nN`) and seeded beginners, so
# it does not depend on the machine's speed: two seats from the start and from fixed
# openings (loaded from records), a smaller board, and four seats (edge and centre
# goals). Only `wallrush play` options that every build since the node budgets has are
# used. Prints each game's sha256 for both binaries; exits 1 on any difference, 2 on a
# usage error or a game that fails to play.
set -euo pipefail

if [ $# -ne 2 ] || [ ! -x "$1" ] || [ ! -x "$2" ]; then
    echo "usage: scripts/same-games.sh OLD_WALLRUSH NEW_WALLRUSH (two executable files)" >&2
    exit 2
fi
old=$1
new=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Fixed openings of the classic board, as records `wallrush play --load` reads.
opening() {
    printf '[Variant "size=9 players=2 walls=10 wall_length=2 goal=edge"]\n[Notation "standard"]\n\n%s\n' "$2" \
        >"$work/$1.txt"
}
opening open1 "1. e2 e8 2. e3 e7 3. e4 e6"
opening open2 "1. e2 e8 2. d3h c6h"
opening open3 "1. d8h f9 2. f8h g9 3. e2 c8v 4. e3 h9 5. e4 h8 6. e5 h7"
opening open4 "1. e2 e8 2. e3 c7h 3. c3v e7 4. f3 f6v"

# name|options of `wallrush play`, one game a line.
games=(
    "start-strong|--south strong:n20000 --north strong:n20000 --seed 1"
    "open1-strong|--load OPEN/open1.txt --south strong:n20000 --north strong:n20000 --seed 1"
    "open2-strong|--load OPEN/open2.txt --south strong:n20000 --north strong:n20000 --seed 1"
    "open3-strong|--load OPEN/open3.txt --south strong:n30000 --north strong:n10000 --seed 1"
    "open4-strong|--load OPEN/open4.txt --south strong:n10000 --north strong:n30000 --seed 1"
    "start-beginner-1|--south strong:n10000 --north beginner --seed 1"
    "start-beginner-2|--south beginner --north strong:n10000 --seed 2"
    "depth-5|--south strong:d5 --north strong:d4 --seed 1"
    "size7|--size 7 --walls 6 --south strong:n20000 --north strong:n20000 --seed 1"
    "size11|--size 11 --walls 12 --south strong:n15000 --north strong:n15000 --seed 1"
    "four-strong|--players 4 --south strong:n8000 --west strong:n8000 --north strong:n8000 --east strong:n8000 --seed 1"
    "four-beginners|--players 4 --south strong:n8000 --west beginner --north beginner --east beginner --seed 3"
    "four-centre|--players 4 --goal centre --south beginner --west strong:n8000 --north beginner --east strong:n8000 --seed 4"
)

differ=0
for entry in "${games[@]}"; do
    name=${entry%%|*}
    opts=${entry#*|}
    opts=${opts//OPEN/$work}
    sums=()
    for side in old new; do
        bin=$old
        [ "$side" = new ] && bin=$new
        record="$work/$name.$side.txt"
        # shellcheck disable=SC2086 # the options are words
        if ! "$bin" play $opts --quiet --color never --save "$record" </dev/null >"$work/$name.$side.log" 2>&1; then
            echo "$name: $side binary failed:" >&2
            tail -5 "$work/$name.$side.log" >&2
            exit 2
        fi
        sums+=("$(sha256sum "$record" | cut -d' ' -f1)")
    done
    plies=$(grep -o 'after [0-9]* plies' "$work/$name.new.log" | head -1)
    if [ "${sums[0]}" = "${sums[1]}" ]; then
        echo "same    $name  ${sums[1]}  ($plies)"
    else
        echo "DIFFER  $name  old ${sums[0]}  new ${sums[1]}"
        diff "$work/$name.old.txt" "$work/$name.new.txt" | head -6 || true
        differ=1
    fi
done
if [ "$differ" = 1 ]; then
    echo "some games differ" >&2
    exit 1
fi
echo "all ${#games[@]} games identical"
