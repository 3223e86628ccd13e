#!/bin/sh
# shellcheck disable=SC2016 # the backquotes in single quotes are Markdown's
# What each harness's corpus reaches: runs build-fuzz/fuzz_NAME over
# build-fuzz/corpus-NAME and its seeds with -runs=0 -print_coverage=1 (no
# fuzzing) and prints, for the files the fuzzers were added for (issue "Fuzz
# the surfaces that no fuzzer reaches"), the functions and edges covered, as a
# Markdown table: one column a harness, each cell "edges covered/edges
# (functions covered/functions)", "-" where the harness covers nothing of the
# file. Then json.c's reader, function by function.
#
#   sh tests/fuzz/run.sh 60            # builds the harnesses, grows the corpora
#   sh tests/fuzz/coverage.sh [NAME...] # default: every harness
#
# Edges are libFuzzer's (-fsanitize-coverage, -O1): code run only in a child
# process (--jobs) is not counted. The full listings stay in
# build-fuzz/coverage-NAME.txt.
set -eu
cd "$(dirname "$0")/../.."
out=$(pwd)/build-fuzz
names=${*:-record ruleset split html check cli extends json results}
files="formats/html.c formats/cgr_split.c referee/batch/parts.c referee/batch/jobs.c
referee/batch/merge.c formats/json.c formats/results.c referee/batch/check.c
referee/api/api.c referee/batch/batch.c referee/cli/main.c referee/rules/ruleset_load.c"

TMPDIR=$(mktemp -d "${TMPDIR:-/tmp}/canasta-coverage.XXXXXX")
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT

for h in $names; do
  [ -x "$out/fuzz_$h" ] || { echo "coverage.sh: no build-fuzz/fuzz_$h: run tests/fuzz/run.sh first" >&2; exit 3; }
  mkdir -p "$out/corpus-$h" "$out/seed-$h"
  (cd "$out" && ./"fuzz_$h" -runs=0 -print_coverage=1 -timeout=30 -rss_limit_mb=4096 \
      "corpus-$h" "seed-$h" </dev/null > "coverage-$h.txt" 2>&1) || true
  echo "   $h: $(find "$out/corpus-$h" "$out/seed-$h" -type f | wc -l) inputs" >&2
done

# One line per file and harness: edges covered, edges, functions covered,
# functions (libFuzzer's "COVERED_FUNC: hits: H edges: E/N name file:line").
printf '| file |'
for h in $names; do printf ' `fuzz_%s` |' "$h"; done
printf '\n|---|'
for h in $names; do printf -- '---|'; done
printf '\n'
for f in $files; do
  printf '| `%s` |' "$f"
  for h in $names; do
    awk -v file="$out/../$f" -v rel="$f" '
      /^(UN)?COVERED_FUNC:/ {
        loc = $NF; sub(/:[0-9]+$/, "", loc)
        n = length(rel)
        if (substr(loc, length(loc) - n + 1) != rel) next
        split($5, e, "/")
        edges += e[1]; all += e[2]; funcs++
        if ($1 == "COVERED_FUNC:") covered++
      }
      END {
        if (!edges) printf " - |"
        else printf " %d/%d (%d/%d) |", edges, all, covered, funcs
      }' "$out/coverage-$h.txt"
  done
  printf '\n'
done

printf '\njson.c, function by function (edges covered/edges):\n\n| function |'
for h in $names; do printf ' `fuzz_%s` |' "$h"; done
printf '\n|---|'
for h in $names; do printf -- '---|'; done
printf '\n'
for fn in json_member json_unescape json_valid_object json_string json_bytes; do
  printf '| `%s` |' "$fn"
  for h in $names; do
    awk -v fn="$fn" '
      /^(UN)?COVERED_FUNC:/ && $(NF - 1) == fn && $NF ~ /formats\/json\.c:/ { split($5, e, "/"); c = e[1]; a = e[2] }
      END { if (c) printf " %d/%d |", c, a; else printf " - |" }' "$out/coverage-$h.txt"
  done
  printf '\n'
done
