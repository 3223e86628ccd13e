#!/bin/sh
# The figures the documents state that the program (or the tree) can count,
# counted again: the corpus's records and files, the verdict codes, the
# readings of the classic rules, the fuzzers, the going-out table of
# docs/generator.md (referee gen --stats). A figure that drifts from what the
# program says fails here, naming the document and what it should say.
# Usage: sh tests/figures.sh REFEREE SOURCE_DIR
set -u
ref=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# says DOC TEXT: DOC (under src) holds TEXT, lines joined (prose wraps)
says() {
  tr '\n' ' ' <"$src/$1" | sed 's/  */ /g' | grep -qF -- "$2" || fail "$1 does not say \"$2\""
}

# the corpus: records (check's count) and files
records=$("$ref" check "$src/corpus" | tail -1 | awk '{print $1 + $3}')
files=$(find "$src/corpus" -name '*.cgr' | wc -l)
[ "$records" -gt 0 ] || fail "check counts no record in the corpus"
says docs/conformance.md "(\`corpus/<variant>/\`, $records records, each with \`# expect:\`)"
says docs/conformance.md "all $records corpus records"
says docs/dispute.md "the whole corpus, $records records in $files files"

# the verdict codes: a section of docs/codes.md for each code check --coverage counts
codes=$("$ref" check --coverage "$src/corpus/classic" | awk '/^## /{n++} n == 1 && /^\| `[A-Z]/' | wc -l)
shown=$(grep -cE '^## [A-Z0-9]+(-[A-Z0-9]+)*$' "$src/docs/codes.md")
[ "$codes" -gt 20 ] && [ "$codes" -eq "$shown" ] || fail "docs/codes.md has $shown codes, the program $codes"

# the readings of each variant: R1 to the last heading, as other documents cite them
for v in classic chinese italian two-player; do
  last=$(grep -oE '^### R[0-9]+\.' "$src/docs/variants/$v.md" | tr -dc '0-9\n' | sort -n | tail -1)
  n=$(grep -cE '^### R[0-9]+\.' "$src/docs/variants/$v.md")
  [ "$n" -eq "$last" ] || fail "docs/variants/$v.md: $n readings, numbered to R$last"
done
last=$(grep -cE '^### R[0-9]+\.' "$src/docs/variants/classic.md")
says docs/conformance.md "[classic.md, Readings](variants/classic.md#readings) R1–R$last)"

# the fuzzers: README's and fuzzing.md's count in words, the harnesses in the tree
n=$(ls "$src"/tests/fuzz/fuzz_*.c | wc -l)
word=$(echo "zero one two three four five six seven eight nine ten eleven twelve" | cut -d' ' -f$((n + 1)))
says README.md "the $word fuzzers"
bugs=$(sed -n 's/^| `[^`]*` | `fuzz_[a-z]*` | \([0-9]*\):.*/\1/p' "$src/tests/fuzz/regressions/README.md" | sort -u | wc -l)
word=$(echo "zero one two three four five six seven eight nine ten eleven twelve" | cut -d' ' -f$((bugs + 1)))
case $word in [a-z]*) word=$(echo "$word" | sed 's/^./\U&/') ;; esac
says docs/fuzzing.md "$word, all fixed"

# README.md's code layout names every source file of the program
for f in "$src"/referee/*/*.c "$src"/formats/*.c; do
  grep -q "\`$(basename "$f")\`" "$src/README.md" || fail "README.md's code layout leaves out ${f#"$src"/}"
done

# docs/format.md's option table has a row for every option --help names (or,
# for gen's options, names it in gen's row)
"$ref" --help | grep -oE '(^|[ ,(])-(-[a-z][a-z0-9-]*|[a-z])([ ,)]|$)' | sed -E 's/^[ ,(]//; s/[ ,)]$//' |
  sort -u >"$tmp/options"
[ "$(wc -l <"$tmp/options")" -ge 20 ] || fail "too few options read from --help"
grep -E '^\| `' "$src/docs/format.md" >"$tmp/rows"
while read -r opt; do
  grep -qE -- "\`([a-z]+ )?$opt[\` ]" "$tmp/rows" ||
    fail "docs/format.md's option table has no row for $opt"
done <"$tmp/options"

# the documents stand alone: none points at a file outside the repository
# (the rule documents are cited by their title and quoted, the record-format
# contract is in docs/format.md)
grep -nE '(^|[^a-z])shared/(seeds|design)/' "$src"/README.md "$src"/docs/*.md "$src"/docs/variants/*.md \
  "$src"/corpus/*/README.md >"$tmp/outside" && fail "documents point outside the repository: $(cut -c1-200 "$tmp/outside")"

# docs/generator.md: how often hands end by a player going out, 40 games of
# seed 1 for each seating (the table's last column)
awk -F' *\\| *' '/^\| (classic|two-player|chinese|italian|samba|hand-and-foot|bolivia|modern-american) \| [0-9] \|/ {print $2, $3, $(NF - 1)}' \
  "$src/docs/generator.md" >"$tmp/table"
[ "$(wc -l <"$tmp/table")" -ge 12 ] || fail "docs/generator.md: the going-out table not found"
while read -r v p doc; do
  got=$("$ref" gen --variant "$v" --players "$p" --games 40 --seed 1 --stats 2>&1 >/dev/null |
        sed -n 's/.* \([0-9]*\) hands\{0,1\}, .* \([0-9]*\) hands\{0,1\} gone out (\([0-9]*%\)).*/\2 of \1 (\3)/p')
  [ "$got" = "$doc" ] || fail "docs/generator.md, $v at $p players: '$doc', gen --stats says '$got'"
done <"$tmp/table"

[ "$fails" -eq 0 ] && echo "figures: $records records in $files files, $codes codes, R1–R$last," \
  "$n fuzzers, $bugs bugs, the going-out table: as the program counts them"
exit $((fails > 0))
