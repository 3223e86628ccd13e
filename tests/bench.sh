#!/bin/sh
# The benchmark (not a test: nothing here asserts a time). Builds a corpus of
# at least SIZE_MB megabytes (default 100) from the legal records of corpus/,
# then prints, for plain reading, the parse-only pass and full refereeing:
# actions/s, MB/s, records/s and peak memory.
# Usage: sh tests/bench.sh [SIZE_MB]     (needs build/referee: sh tests/setup.sh)
set -eu
cd "$(dirname "$0")/.."
size_mb=${1:-100}
ref=build/referee
[ -x "$ref" ] || { echo "build first: sh tests/setup.sh"; exit 3; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# one block of every legal record (their `variant` names resolve to built-ins)
for f in corpus/*/*.cgr; do
  grep -q '^# expect: legal' "$f" && cat "$f"
done >"$dir/block.cgr"
block=$(wc -c <"$dir/block.cgr")
copies=$(( size_mb * 1000000 / block + 1 ))
i=0
while [ $i -lt "$copies" ]; do cat "$dir/block.cgr"; i=$((i + 1)); done >"$dir/big.cgr"
mb=$(awk -v b="$(wc -c <"$dir/big.cgr")" 'BEGIN {printf "%.1f", b / 1e6}')
echo "corpus: $mb MB ($copies copies of the $(grep -c '^cgr ' "$dir/block.cgr") legal records of corpus/)"

t0=$(date +%s.%N); cat "$dir/big.cgr" >/dev/null; t1=$(date +%s.%N)
awk -v a="$t0" -v b="$t1" -v m="$mb" 'BEGIN {printf "plain read: %.1f MB/s\n", m / (b - a)}'
echo "parse only:"; "$ref" --parse-only --stats --quiet "$dir/big.cgr" 2>&1 | sed 's/^/  /'
echo "referee:";    "$ref" --stats --quiet "$dir/big.cgr" 2>&1 | sed 's/^/  /' || true
