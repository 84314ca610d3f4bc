#!/usr/bin/env bash
# Fails (exit 1, listing FILE:LINE: TEXT) when a tracked file speaks of how wallrush was
# made rather than of what it does: issue numbers ("issue 23"), numbered or named work
# sessions ("the sixth session", "a later session"), dates of work (2026-12-01), "we
# tried", "review mend". Docs, comments, docstrings and test names say what the code does,
# or why; history lives in git and CHANGELOG.md.
#
# Every tracked file is searched but Cargo.lock and this script. A user-facing word about a
# terminal or a game ("the last terminal session", "a scripted session", the `Session` of
# `wallrush play`) does not match the patterns below; the one phrase of that kind that
# would ("earlier sessions" of the prompt's history) is allowed by the narrow pattern
# `allow`, line by line, never by skipping a file.
#
# Usage: bash scripts/check-words.sh        (from anywhere; exit 0 clean, 1 hits listed)
set -euo pipefail
cd "$(dirname "$0")/.."

ordinal='first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth'
ordinal+='|[a-z]+teenth|twentieth|thirtieth|(twenty|thirty)[- ]?[a-z]+|[0-9]+(st|nd|rd|th)'
patterns=(
  '\bissues? #?[0-9]+'
  "\\b($ordinal) sessions?\\b"
  '\b(work|working|review|coding|development|previous|next|later|earlier|this|that|same) sessions?\b'
  '\bsessions? [0-9]+\b'
  '\bwe (tried|attempted)\b'
  '\breview mend'
  '\b20[0-9]{2}-[01][0-9]-[0-3][0-9]\b'
)
allow='history of earlier sessions'

regex=$(IFS='|'; echo "${patterns[*]}")
hits=$(git grep -n -I -i -E "$regex" -- . ':(exclude)Cargo.lock' ':(exclude)*/Cargo.lock' \
  ':(exclude)scripts/check-words.sh' | grep -v -i -E "$allow" || true)
if [ -n "$hits" ]; then
  printf '%s\n' "$hits"
  printf '\ncheck-words: %s line(s) speak of how the code was made, not of what it does\n' \
    "$(printf '%s\n' "$hits" | wc -l)" >&2
  exit 1
fi
echo "check-words: clean"
