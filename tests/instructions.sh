#!/bin/sh
# Instructions per action, counted by callgrind (not a test: it asserts
# nothing; counts, unlike times, do not move with the machine's load).
#
# The block is the instruction count's: `referee gen --variant V --games 100 --seed 21` of
# the four shipped variants, one after the other, written by the first
# REFEREE (default build/referee), or the file given with -b (bench.sh gives
# its own). Every REFEREE then reads the same bytes, once judging
# (`--quiet`) and once reading only (`--parse-only --quiet`); the actions are
# those `--parse-only --stats` counts in the block. Two binaries compare only
# on one block: a generator that changed writes other games, and a referee
# that stops at an illegal action skips the rest of its record.
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
  for v in classic two-player chinese italian; do
    "$1" gen --variant "$v" --games 100 --seed 21
  done >"$block"
  echo "block: referee gen --seed 21 --games 100 of classic, two-player, chinese and italian, by $1"
fi
actions=$("$1" --parse-only --stats --quiet "$block" 2>&1 | sed -n 's/.* records\{0,1\}, \([0-9]*\) actions.*/\1/p')
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
