#!/bin/sh
# The rulings of the variants that came from rule pages (bonus packets,
# special hands, their own words for melds), as a player reads them:
#  1. a special hand is named in the score table and in --json, with its
#     points;
# jq reads the JSON; without it the test says SKIP (77).
# Usage: sh tests/variant_words.sh REFEREE SOURCE_DIR
set -u
command -v jq >/dev/null || { echo "SKIP: jq is not installed"; exit 77; }
. "$(dirname "$0")/lib.sh"
noenv() { env -u LANGUAGE -u LC_ALL -u LC_MESSAGES -u LANG "$@"; }
ma=$src/corpus/modern-american

# 1. A special hand: its kind and its points, in the table and the JSON
noenv "$ref" "$ma/legal-special-pairs.cgr" >"$tmp/pairs.txt"
contains "$tmp/pairs.txt" "NS showed a special hand: Pairs, 2500 points" "the score table names the special hand"
noenv "$ref" --json "$ma/legal-special-pairs.cgr" |
  jq -e '.hands[0].special == {"team": "NS", "hand": "Pairs", "points": 2500}' >/dev/null ||
  fail "--json names no special hand"
noenv "$ref" --lang fr "$ma/legal-special-pairs.cgr" >"$tmp/pairs.fr"
contains "$tmp/pairs.fr" "NS a montré une main spéciale : Pairs, 2500 points" "French"

[ "$fails" -eq 0 ] && echo "variant_words: all checks passed"
exit $((fails > 0))
