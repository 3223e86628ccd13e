#!/bin/sh
# The benchmark (not a test: nothing here asserts a time).
#
# Generates a corpus of at least SIZE_MB megabytes (default 100) with
# `referee gen`: complete games of the four shipped variants, in 8 files. Then
# prints, for plain reading, the parse-only pass and full refereeing, the
# actions/s, MB/s, records/s and peak memory of one process, the ratios
# between the passes, and the time of --jobs 1 against --jobs 2.
# Usage: sh tests/bench.sh [SIZE_MB]     (needs build/referee: sh tests/setup.sh)
set -eu
cd "$(dirname "$0")/.."
size_mb=${1:-100}
ref=build/referee
[ -x "$ref" ] || { echo "build first: sh tests/setup.sh"; exit 3; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# a block of generated games (about 6 MB), repeated up to the size asked for:
# records are independent, so copies are as good as new games for speed
for v in classic two-player chinese italian; do
  "$ref" gen --variant "$v" --games 100 --seed 2026
done >"$dir/block.cgr"
block=$(wc -c <"$dir/block.cgr")
copies=$(( (size_mb * 1000000 / block + 8) / 8 ))
for part in 1 2 3 4 5 6 7 8; do
  i=0
  while [ $i -lt "$copies" ]; do cat "$dir/block.cgr"; i=$((i + 1)); done >"$dir/part$part.cgr"
done
cat "$dir"/part*.cgr >"$dir/big.cgr"
bytes=$(wc -c <"$dir/big.cgr")
mb=$(awk -v b="$bytes" 'BEGIN {printf "%.1f", b / 1e6}')
echo "corpus: $mb MB of generated games ($(grep -c '^cgr ' "$dir/big.cgr") records, 8 files)"

secs() { # the wall time of a command, in seconds
  t0=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", b - a}'
}
plain=$(secs cat "$dir/big.cgr")
awk -v s="$plain" -v m="$mb" 'BEGIN {printf "plain read: %.3f s, %.0f MB/s\n", s, m / s}'
echo "parse only:"; "$ref" --parse-only --stats --quiet "$dir/big.cgr" 2>&1 | tee "$dir/parse" | sed 's/^/  /'
echo "referee:";    "$ref" --stats --quiet "$dir/big.cgr" 2>&1 | tee "$dir/full" | sed 's/^/  /' || true
p=$(sed -n 's/.* in \([0-9.]*\) s.*/\1/p' "$dir/parse")
f=$(sed -n 's/.* in \([0-9.]*\) s.*/\1/p' "$dir/full")
awk -v p="$p" -v f="$f" -v c="$plain" \
  'BEGIN {printf "ratios: referee / parse-only %.2f, parse-only / plain read %.0f\n", f / p, p / c}'

one=$(secs "$ref" --quiet --jobs 1 "$dir"/part*.cgr)
two=$(secs "$ref" --quiet --jobs 2 "$dir"/part*.cgr)
awk -v a="$one" -v b="$two" -v n="$(nproc)" \
  'BEGIN {printf "--jobs 1: %.3f s, --jobs 2: %.3f s, speed-up %.2fx (%d cores)\n", a, b, a / b, n}'
