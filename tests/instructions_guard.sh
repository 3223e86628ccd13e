#!/bin/sh
# The instruction guard: callgrind counts the instructions per action of
# `referee --quiet` on each block of tests/blocks/ (the bytes committed, so
# that a change of the generator does not change what is counted) and fails
# when a count rises more than 2 % above its ceiling in tests/blocks/ceilings.
# Instructions, not time: the count is the same on a loaded machine, so this
# is a benchmark guard and not a timed test (docs/performance.md).
#
# The blocks: seeds-8e9e80a.cgr.xz is `referee gen --variant V --games 100
# --seed 21` of classic, two-player, chinese and italian as 8e9e80a's
# generator wrote them (5,340,963 bytes, 262,368 actions); new-variants.cgr.xz
# the same with --games 50 of samba, bolivia, hand-and-foot and
# modern-american by 67021d0's generator (3,294,232 bytes, 160,773 actions).
# Every record of both is legal: a referee that stopped early would count
# fewer instructions for the wrong reason, so the verdicts are checked first.
#
# Usage: sh tests/instructions_guard.sh REFEREE SOURCE_DIR BUILD_TYPE
# Without valgrind or xz, or for a build other than RelWithDebInfo (the
# ceilings are that build's), it says SKIP and exits 77.
. "$(dirname "$0")/lib.sh"
build_type=${3:-}
for tool in valgrind xz; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool is not installed"; exit 77; }
done
[ "$build_type" = RelWithDebInfo ] ||
  { echo "SKIP: the ceilings are a RelWithDebInfo build's, this is '$build_type'"; exit 77; }

# guard BLOCK CEILING: the count of one block against its ceiling
guard() {
  xz -dc "$src/tests/blocks/$1" >"$tmp/block.cgr"
  "$ref" --quiet "$tmp/block.cgr" >"$tmp/out" 2>&1 ||
    { fail "$1: not every record judged legal:"; sed 's/^/  | /' "$tmp/out" | head -5; return; }
  actions=$("$ref" --parse-only --stats --quiet "$tmp/block.cgr" 2>&1 |
            sed -n 's/.* records, \([0-9]*\) actions.*/\1/p')
  [ "${actions:-0}" -gt 0 ] || { fail "$1: no action counted"; return; }
  ir=$(valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$ref" --quiet "$tmp/block.cgr" 2>&1 |
       sed -n 's/.*refs: *//p' | tr -d ,)
  [ -n "$ir" ] || { fail "$1: callgrind counted nothing"; return; }
  verdict=$(awk -v i="$ir" -v a="$actions" -v c="$2" 'BEGIN {
    per = i / a
    printf "%.1f instructions per action (%d actions, %.1f M), ceiling %d", per, a, i / 1e6, c
    if (per > c * 1.02) print " ABOVE"; else if (per < c * 0.98) print " below"; else print "" }')
  echo "$1: $verdict"
  case $verdict in
    *ABOVE) fail "$1 counts more than 2 % above its ceiling: find the cost (callgrind_annotate) before raising tests/blocks/ceilings" ;;
    *below) echo "  more than 2 % below the ceiling: lower it in tests/blocks/ceilings" ;;
  esac
}

grep -v '^#' "$src/tests/blocks/ceilings" | while read -r block ceiling _; do
  [ -n "$block" ] && echo "$block $ceiling"
done >"$tmp/list"
[ -s "$tmp/list" ] || { echo "FAIL: no ceiling in tests/blocks/ceilings"; exit 1; }
while read -r block ceiling; do guard "$block" "$ceiling"; done <"$tmp/list"
[ "$fails" -eq 0 ]
