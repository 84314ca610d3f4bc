#!/usr/bin/env bash
# Fails (exit 1, listing FILE:LINE: TEXT) when a tracked file speaks of how wallrush was
# made rather than of what it does: issue numbers, numbered or named work periods (an
# ordinal, or "previous", "later" and the like, before the word for a sitting of work),
# dates of work (four-digit year, month, day), and phrases that narrate attempts or review
# rounds. Docs, comments, docstrings and test names say what the code does, or why;
# history lives in git and CHANGELOG.md.
#
# Every tracked file is searched but Cargo.lock and this script. The patterns below are
# written with a bracketed letter (`sess[i]on`) so that this file does not match them
# itself. A user-facing word about a terminal or a game (a terminal's or a scripted game's
# sitting, the type `wallrush play` keeps a game in) does not match them; the one phrase
# of that kind that would (the prompt's history "of earlier ...") is allowed by the
# narrow pattern `allow`, line by line, never by skipping a file.
#
# Usage: bash scripts/check-words.sh        (from anywhere; exit 0 clean, 1 hits listed)
#        bash scripts/check-words.sh --self-test   (the patterns against sample lines)
set -euo pipefail
cd "$(dirname "$0")/.."

ordinal='first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth'
ordinal+='|[a-z]+teenth|twentieth|thirtieth|(twenty|thirty)[- ]?[a-z]+|[0-9]+(st|nd|rd|th)'
patterns=(
  '\biss[u]es? #?[0-9]+'
  "\\b($ordinal) sess[i]ons?\\b"
  '\b(work|working|review|coding|development|previous|next|later|earlier|this|that|same) sess[i]ons?\b'
  '\bsess[i]ons? [0-9]+\b'
  '\bwe (tr[i]ed|attempted)\b'
  '\brev[i]ew mend'
  '\b20[0-9]{2}-[01][0-9]-[0-3][0-9]\b'
)
allow='history of earlier sess[i]ons'

regex=$(IFS='|'; echo "${patterns[*]}")

# --self-test: the patterns catch each kind of phrase and pass user-facing words. The
# samples are built from pieces so that this file's text does not match.
if [ "${1:-}" = --self-test ]; then
  s='sess''ion'
  caught=("see iss""ue 23" "Iss""ue #7: tags" "the twenty-sixth $s" "the 3rd $s" "a later $s"
    "we tr""ied a cache" "Rev""iew mend: wrap" "measured on 2026""-12-01")
  passed=("the last terminal $s" "a scripted $s ends with 1" "the ${s^}'s notation"
    "the history of earlier ${s}s" "round 4 of the game" "one pass over the walls")
  for line in "${caught[@]}"; do
    grep -q -i -E "$regex" <<<"$line" || { echo "check-words: not caught: $line" >&2; exit 1; }
  done
  for line in "${passed[@]}"; do
    if grep -i -E "$regex" <<<"$line" | grep -q -v -i -E "$allow"; then
      echo "check-words: caught a user-facing line: $line" >&2
      exit 1
    fi
  done
  echo "check-words: self-test passed"
  exit 0
fi
hits=$(git grep -n -I -i -E "$regex" -- . ':(exclude)Cargo.lock' ':(exclude)*/Cargo.lock' \
  ':(exclude)scripts/check-words.sh' | grep -v -i -E "$allow" || true)
if [ -n "$hits" ]; then
  printf '%s\n' "$hits"
  printf '\ncheck-words: %s line(s) speak of how the code was made, not of what it does\n' \
    "$(printf '%s\n' "$hits" | wc -l)" >&2
  exit 1
fi
echo "check-words: clean"
