#!/bin/sh
# Instructions per action, counted by callgrind (not a test: it asserts
# nothing; counts, unlike times, do not move with the machine's load).
#
# The block is tests/blocks/seeds-8e9e80a.cgr.xz: `referee gen --variant V
# --games 100 --seed 21` of classic, two-player, chinese and italian as
# 8e9e80a's generator wrote them (a later generator plays other games, so only
# these bytes compare across commits), or the file given with -b (bench.sh
# gives its own). Every REFEREE reads the same bytes, once judging
# (`--quiet`) and once reading only (`--parse-only --quiet`); the actions are
# those `--parse-only --stats` counts in the block. Two binaries compare only
# on one block: a referee that stops at an illegal action skips the rest of
# its record. tests/instructions_guard.sh is the test that holds the counts
# under the ceilings recorded in tests/blocks/ceilings.
# Usage: sh tests/instructions.sh [-b BLOCK] [REFEREE...]
set -eu
block=
if [ "${1:-}" = -b ]; then block=$2; shift 2; fi
[ $# -gt 0 ] || set -- "$(dirname "$0")/../build/referee"
for ref in "$@"; do [ -x "$ref" ] || { echo "no referee at $ref: build first"; exit 3; }; done
command -v valgrind >/dev/null || { echo "instructions per action: valgrind is not installed"; exit 3; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

if [ -z "$block" ]; then
  block=$dir/block.cgr
  xz -dc "$(dirname "$0")/blocks/seeds-8e9e80a.cgr.xz" >"$block"
  echo "block: tests/blocks/seeds-8e9e80a.cgr.xz (8e9e80a's games of the four seeds)"
fi
actions=$("$1" --parse-only --stats --quiet "$block" 2>&1 | sed -n 's/.* records, \([0-9]*\) actions.*/\1/p')
[ "${actions:-0}" -gt 0 ] || { echo "no action counted in $block"; exit 3; }
echo "block: $(wc -c <"$block") bytes, $(grep -c '^cgr ' "$block") records, $actions actions ($(cksum <"$block" | cut -d' ' -f1))"

for ref in "$@"; do
  [ $# -gt 1 ] && echo "$ref:"
  for pass in referee parse-only; do
    flag=; [ "$pass" = parse-only ] && flag=--parse-only
    # shellcheck disable=SC2086
    ir=$(valgrind --tool=callgrind --callgrind-out-file="$dir/cg" "$ref" --quiet $flag "$block" 2>&1 |
         sed -n 's/.*refs: *//p' | tr -d ,)
    awk -v i="$ir" -v a="$actions" -v p="$pass" \
      'BEGIN {printf "instructions per action (callgrind, %d actions): %s %.0f (%.1f M)\n", a, p, i / a, i / 1e6}'
  done
done
