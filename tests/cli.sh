#!/bin/sh
# The command line as a user meets it: exit codes, messages, --json, check.
# python3 (installed by tests/setup.sh) parses the JSON and the JUnit XML;
# without it those checks do not run, and the test says SKIP and exits 77
# (ctest shows it as skipped) when the others passed.
# Usage: tests/cli.sh REFEREE SOURCE_DIR
set -u
. "$(dirname "$0")/lib.sh"

c=$src/corpus/classic
# Under the sanitizers (REFEREE_SANITIZED=1: tests/CMakeLists.txt sets it in
# that build) the loops that repeat one code path over many inputs run over a
# smaller, representative set: every mode and option still runs, on every
# kind of record, with fewer repetitions (the plain build runs them in full).
quick=${REFEREE_SANITIZED:-0}
# some RECORDS...: all of them, or under the sanitizers every malformed record
# and one in six of the others (legal and illegal, every variant)
some() {
  if [ "$quick" = 1 ]; then
    printf '%s\n' "$@" | awk '/\/malformed-/ || NR % 6 == 1'
  else
    printf '%s\n' "$@"
  fi
}
expect 0 "--help" -- "$ref" --help
contains "$tmp/out" "usage: referee" "--help prints the usage"
expect 0 "--version" -- "$ref" --version
contains "$tmp/out" "CGR 1" "--version names the format"
if commit=$(git -C "$src" rev-parse --short=12 HEAD 2>/dev/null); then
  contains "$tmp/out" "referee (canasta-referee) " "--version names the program"
  contains "$tmp/out" ", commit $commit" "--version names the commit it was built from"
fi
expect 3 "no input" -- "$ref"
contains "$tmp/err" "no input files" "no input is explained"
expect 3 "unknown option" -- "$ref" --frobnicate x
expect 3 "missing file" -- "$ref" "$tmp/none.cgr"
contains "$tmp/err" "No such file" "a missing file is explained"
# an input that cannot be read is an I/O error in every output mode: a message
# on stderr, exit 3, and no verdict, no test point, no testcase for it
mkdir "$tmp/somedir"
for mode in "" --json --quiet --parse-only "--jobs 2"; do
  # shellcheck disable=SC2086
  expect 3 "a directory ($mode)" -- "$ref" $mode "$tmp/somedir" "$c/legal-3p-hand.cgr"
  contains "$tmp/err" "referee: $tmp/somedir: is a directory" "a directory is explained ($mode)"
  if grep -q somedir "$tmp/out"; then
    echo "FAIL: a directory gets a verdict ($mode):"; sed 's/^/  | /' "$tmp/out"; fails=$((fails + 1))
  fi
  # shellcheck disable=SC2086
  expect 3 "a missing file ($mode)" -- "$ref" $mode "$tmp/none.cgr" "$c/legal-3p-hand.cgr"
  if grep -q none.cgr "$tmp/out"; then
    echo "FAIL: a missing file gets a verdict ($mode)"; fails=$((fails + 1))
  fi
done
expect 3 "a directory on stdin" -- sh -c "\"$ref\" --json - < \"$tmp/somedir\""
contains "$tmp/err" "referee: -: is a directory" "stdin that is a directory"
[ -s "$tmp/out" ] && { echo "FAIL: a directory on stdin gets a verdict"; fails=$((fails + 1)); }
for mode in "" --tap "--junit $tmp/j.xml"; do
  # shellcheck disable=SC2086
  expect 3 "check, a missing path ($mode)" -- "$ref" check $mode "$tmp/none.cgr" "$c/legal-3p-hand.cgr"
  contains "$tmp/err" "referee: $tmp/none.cgr: No such file or directory" "check explains a missing path ($mode)"
  if grep -q none.cgr "$tmp/out"; then
    echo "FAIL: check writes the missing path into its results ($mode):"; sed 's/^/  | /' "$tmp/out"
    fails=$((fails + 1))
  fi
done
grep -q none.cgr "$tmp/j.xml" && { echo "FAIL: a testcase for a missing path"; fails=$((fails + 1)); }

expect 0 "legal record" -- "$ref" "$c/legal-4p-full-hand.cgr"
contains "$tmp/out" "totals: NS 810, EW -10" "the score table"
expect 1 "illegal record" -- "$ref" "$c/illegal-wild-overflow.cgr"
contains "$tmp/out" "illegal-wild-overflow.cgr:13:6: illegal: WILD-OVERFLOW: meld of kings would hold 4 wild cards, at most 3 (meld.max_wild)" "compiler-style line"
contains "$tmp/out" "      |      ^~~~" "the caret under the verb"
expect 2 "malformed record" -- "$ref" "$c/malformed-unknown-card.cgr"
expect 2 "malformed wins over illegal" -- "$ref" "$c/illegal-wild-overflow.cgr" "$c/malformed-unknown-card.cgr"
expect 0 "stdin" -- sh -c "\"$ref\" - < \"$c/legal-2p-full-hand.cgr\""
contains "$tmp/out" "<stdin>:" "stdin is named"

# --json: one valid JSON object per record, with the verdict's fields
"$ref" --json "$c"/*.cgr >"$tmp/all.jsonl"
lines=$(wc -l <"$tmp/all.jsonl")
records=$("$ref" check "$c"/*.cgr | tail -1 | awk '{print $1 + $3}')
[ "$lines" -eq "$records" ] || { echo "FAIL: --json wrote $lines lines for $records records"; fails=$((fails + 1)); }
if command -v python3 >/dev/null; then
  python3 - "$tmp/all.jsonl" <<'PY' || fails=$((fails + 1))
import json, sys
for n, line in enumerate(open(sys.argv[1], encoding="utf-8"), 1):
    o = json.loads(line)
    for k in ("file", "record", "variant", "players", "verdict", "hands", "totals", "winner"):
        assert k in o, f"line {n}: no {k}"
    if o["verdict"] == "illegal":
        for k in ("code", "line", "col", "actor", "action", "message", "rule"):
            assert k in o, f"line {n}: no {k}"
    for h in o["hands"]:
        for t in h["teams"].values():
            parts = t["melded"] + t["canastas"] + t["red_threes"] + t["going_out"] + t["cut"] + t["in_hand"]
            assert parts == t["total"], f"line {n}: parts {parts} != total {t['total']}"
PY
fi

# rulesets: --rules with a broken file, a record naming an unknown variant
sed 's/max_wild: 3/max_wild: three/' "$src/rulesets/classic.yaml" >"$tmp/bad.yaml"
expect 3 "--rules broken" -- "$ref" --rules "$tmp/bad.yaml" "$c/legal-2p-full-hand.cgr"
contains "$tmp/err" "bad.yaml:" "the ruleset error names the file"
contains "$tmp/err" ": ruleset: max_wild: expected an integer" "and says why"
# --rules with a name that is neither a file nor a built-in ruleset: said so, no
# position (it has no lines), and the nearest name suggested
expect 3 "--rules misspelt" -- "$ref" --rules classik "$c/legal-2p-full-hand.cgr"
contains "$tmp/err" "referee: --rules classik: neither a ruleset file (a path holds a / or ends in .yaml) nor a built-in ruleset (" "what classik is not"
contains "$tmp/err" "; did you mean classic?" "the nearest name"
if grep -q 'classik:1:1' "$tmp/err"; then echo "FAIL: --rules classik given a position"; fails=$((fails + 1)); fi
expect 3 "--rules missing file" -- "$ref" --rules "$tmp/none.yaml" "$c/legal-2p-full-hand.cgr"
contains "$tmp/err" "referee: --rules $tmp/none.yaml: cannot open: No such file" "a missing ruleset file"
sed 's/^variant classic/variant nope/' "$c/legal-2p-full-hand.cgr" >"$tmp/nope.cgr"
expect 3 "unknown variant" -- "$ref" "$tmp/nope.cgr"
contains "$tmp/out" "nope.cgr:4:9: ruleset:" "at the variant line"
cp "$src/rulesets/classic.yaml" "$tmp/house.yaml"
sed 's/^variant classic/variant house.yaml/' "$c/legal-2p-full-hand.cgr" >"$tmp/house.cgr"
expect 0 "variant PATH next to the record" -- sh -c "cd / && \"$ref\" \"$tmp/house.cgr\""

# check mode: passes on the corpus, fails on a wrong expectation
expect 0 "check corpus" -- "$ref" check "$src/corpus"
contains "$tmp/out" " passed, 0 failed" "the closing line"
sed 's/# expect: legal/# expect: illegal PHASE 3:1/' "$c/legal-2p-full-hand.cgr" >"$tmp/wrong.cgr"
expect 1 "check mismatch" -- "$ref" check "$tmp/wrong.cgr"
contains "$tmp/out" "FAIL: expected illegal PHASE 3:1, got legal" "the mismatch line"
contains "$tmp/out" "0 passed, 1 failed" "the closing count"

# --explain and --at: the table, compared with golden files (tests/golden/)
expect 1 "--explain" -- sh -c "cd \"$src\" && \"$ref\" --explain --color never corpus/classic/illegal-pile-frozen.cgr"
if ! diff -u "$src/tests/golden/explain-pile-frozen.txt" "$tmp/out"; then
  echo "FAIL: --explain differs from tests/golden/explain-pile-frozen.txt"; fails=$((fails + 1))
fi
expect 0 "--at" -- sh -c "cd \"$src\" && \"$ref\" --at 25 --color never corpus/classic/legal-4p-full-hand.cgr"
if ! diff -u "$src/tests/golden/at-line-25.txt" "$tmp/out"; then
  echo "FAIL: --at 25 differs from tests/golden/at-line-25.txt"; fails=$((fails + 1))
fi
expect 1 "--json --explain" -- "$ref" --json --explain "$c/illegal-pile-frozen.cgr"
contains "$tmp/out" '"state":{"line":17,"hand":1,"to_act":"Anne"' "the state in JSON"
contains "$tmp/out" '"pile":["8D","2C","9C"],"pile_frozen":true' "the pile in the JSON state"
grep -qF 'set_aside' "$tmp/out" && fail "--json --explain: set_aside in a ruleset that sets nothing aside"
# set_aside (Cuban canasta): a pile taken with black threes, its `aside`
# line dropped: the table at the verdict shows the cards still due; --at the
# `aside` line of the game shows the team's count; JSON says both
"$ref" gen --variant "$src/corpus/custom/cuban.yaml" --games 1 --hands 2 --seed 7 >"$tmp/cuban.cgr"
aside=$(grep -n -m1 ' aside ' "$tmp/cuban.cgr" | cut -d: -f1)
if [ -z "$aside" ]; then
  fail "the generated Cuban game sets no card aside"
else
  sed "${aside}d" "$tmp/cuban.cgr" >"$tmp/cuban-due.cgr"
  expect 1 "--explain, cards due" -- "$ref" --explain --color never "$tmp/cuban-due.cgr"
  contains "$tmp/out" "illegal: SET-ASIDE" "the verdict of a card not stated"
  contains "$tmp/out" "  still to set aside (aside) before the turn ends: 3" "the cards due"
  expect 1 "--json --explain, cards due" -- "$ref" --json --explain "$tmp/cuban-due.cgr"
  grep -qE '"set_aside":\{"[^"]*":0,"[^"]*":0\},"aside_due":\["3[SC]"' "$tmp/out" ||
    fail "--json --explain: no black three due in the state"
  expect 0 "--at the aside line" -- "$ref" --at "$aside" --color never "$tmp/cuban.cgr"
  grep -qE '^    set aside: [1-9][0-9]* cards?$' "$tmp/out" || fail "--at $aside: no team's cards set aside"
  grep -qF 'still to set aside' "$tmp/out" && fail "--at $aside: cards still due once stated"
  expect 0 "--json --at the aside line" -- "$ref" --json --at "$aside" "$tmp/cuban.cgr"
  grep -qE '"set_aside":\{"[^"]*":[0-9]+,"[^"]*":[0-9]+\},"aside_due":\[\]' "$tmp/out" &&
    ! grep -qE '"set_aside":\{"[^"]*":0,"[^"]*":0\}' "$tmp/out" ||
    fail "--json --at $aside: no team's cards set aside in the state"
fi
# an action after the hand is over: the table is still that hand's (not "hand 0")
expect 1 "--explain HAND-OVER" -- "$ref" --explain "$src/corpus/two-player/illegal-hand-over-stock-out.cgr"
contains "$tmp/out" "the table as line 80 found it, hand 1:" "the hand over is still hand 1"

# --keep-going: the first error is the verdict, later hands are read afresh
sed '0,/^Anne meld KH KH KS KS KD KD KC KC /s//Anne meld KH KH KS KS KD KD KC KC 2C 2D 2H 2S # /' \
  "$c/legal-2p-game-5000.cgr" | awk '{print} /^hand 3/ {h=1} h && /^pile/ {print "Bruno discard 9C"; h=0}' >"$tmp/kg.cgr"
expect 1 "--keep-going" -- "$ref" --keep-going --color never "$tmp/kg.cgr"
contains "$tmp/out" "kg.cgr:21:35: illegal: NOT-IN-HAND" "the first error stays the verdict"
contains "$tmp/out" "kg.cgr:55:1: illegal: OUT-OF-TURN" "a later hand's error is listed"
contains "$tmp/out" "     2  Anne           210" "the hand between them is scored"
expect 1 "--keep-going --json" -- "$ref" --keep-going --json "$tmp/kg.cgr"
contains "$tmp/out" '"later":[{"verdict":"illegal","code":"OUT-OF-TURN","line":55' "later errors in JSON"
# more than 64 later errors: the first 64 listed, the others counted, in
# text, JSON and the page (they were dropped without a word)
{ printf 'cgr 1\nvariant classic\nplayer Anne\nplayer Bruno\n'
  i=1; while [ $i -le 70 ]; do printf 'hand %d\ndealer Bruno\nAnne frobnicate\n' $i; i=$((i + 1)); done
} >"$tmp/kg70.cgr"
expect 2 "--keep-going, 69 later errors" -- "$ref" --keep-going --color never "$tmp/kg70.cgr"
[ "$(grep -c '^  .*kg70.cgr:[0-9]*:6: malformed' "$tmp/out")" -eq 64 ] || fail "--keep-going: not 64 later errors listed"
contains "$tmp/out" "  5 more later errors, not listed: --keep-going lists the first 64 of a record" "the later errors left off, said"
expect 2 "--keep-going --json, 69 later errors" -- "$ref" --keep-going --json "$tmp/kg70.cgr"
contains "$tmp/out" '"later_left":5' "the later errors left off, in JSON"
expect 2 "--keep-going --html, 69 later errors" -- "$ref" --quiet --keep-going --html "$tmp/kg70.html" "$tmp/kg70.cgr"
contains "$tmp/kg70.html" '"later_left":5' "the later errors left off, on the page"

# check --junit writes well-formed XML with one testcase per record; --tap is TAP
expect 0 "check --junit" -- "$ref" check --junit "$tmp/junit.xml" "$src/corpus"
if command -v python3 >/dev/null; then
  python3 - "$tmp/junit.xml" "$tmp/out" <<'PY' || fails=$((fails + 1))
import sys, xml.dom.minidom
doc = xml.dom.minidom.parse(sys.argv[1])
cases = doc.getElementsByTagName("testcase")
passed = int(open(sys.argv[2]).read().split()[-4])
assert len(cases) == passed, f"{len(cases)} testcases for {passed} records"
assert doc.getElementsByTagName("testsuite")[0].getAttribute("failures") == "0"
PY
fi
expect 1 "check --tap with a mismatch" -- "$ref" check --tap "$tmp/wrong.cgr"
contains "$tmp/out" "TAP version 13" "the TAP header"
contains "$tmp/out" "not ok 1 - " "the failing test point"
contains "$tmp/out" "1..1" "the plan"

# docs/coverage.md is the current output of check --coverage
"$ref" check --coverage "$src/corpus" | sed 1d >"$tmp/coverage.md"
if ! diff -q "$src/docs/coverage.md" "$tmp/coverage.md" >/dev/null; then
  echo "FAIL: docs/coverage.md is out of date: build/referee check --coverage corpus | sed 1d > docs/coverage.md"
  fails=$((fails + 1))
fi
# every rule a shipped ruleset switches on has a legal record that relies on it
# (the rulesets of corpus/custom/ extend them to show one key each)
shipped=$("$ref" --list-rules | awk '{print $1}' | tr '\n' ' ')
awk -F'|' -v shipped=" $shipped" '/^## /{v=$0; split($0, w, " "); on = index(shipped, " " w[2] " ") > 0}
  on && /^\| `[a-z]/ {gsub(/ /,"",$3); if ($3=="0") print v": "$2}' \
  "$tmp/coverage.md" >"$tmp/unrelied"
if [ -s "$tmp/unrelied" ]; then
  echo "FAIL: rules no legal record relies on:"
  cat "$tmp/unrelied"
  fails=$((fails + 1))
fi
# ... and the report has a section for every ruleset a record was judged by
# (it kept the first 16 and dropped the rest, italian and two-player among
# them, without a word), here the corpus's and 40 more
"$ref" --json "$src"/corpus/*/*.cgr | sed -n 's/.*"variant":"\([^"]*\)".*/## \1/p' | sed 's/^## $/## (none)/' | sort -u >"$tmp/judged"
mkdir "$tmp/many-rulesets"
i=0
while [ $i -lt 40 ]; do
  printf 'schema: 1\nname: house-%d\nextends: classic\n' $i >"$tmp/many-rulesets/house-$i.yaml"
  sed "s/^variant classic/variant house-$i.yaml/" "$c/legal-2p-full-hand.cgr" >"$tmp/many-rulesets/r$i.cgr"
  echo "## house-$i" >>"$tmp/judged"
  i=$((i + 1))
done
"$ref" check --coverage "$src/corpus" "$tmp/many-rulesets" | grep '^## ' | sort -u >"$tmp/sections"
missing=$(sort -u "$tmp/judged" | comm -23 - "$tmp/sections" | tr '\n' ' ')
[ -z "$missing" ] || { echo "FAIL: check --coverage has no section for: $missing"; fails=$((fails + 1)); }

# hostile input: a 10 MB line, NUL bytes, invalid UTF-8 — each gets its message
head -c 10000000 /dev/zero | tr '\0' 'x' >"$tmp/long.cgr"
expect 2 "10 MB line" -- "$ref" "$tmp/long.cgr"
contains "$tmp/out" "longer than 65536 bytes" "the long line"
printf 'cgr 1\nvariant classic\nplayer A\0\n' >"$tmp/nul.cgr"
expect 2 "NUL byte" -- "$ref" "$tmp/nul.cgr"
contains "$tmp/out" "nul.cgr:3:9: malformed: a NUL byte" "the NUL byte's position"
printf 'cgr 1\nvariant classic\nplayer \377\n' >"$tmp/utf.cgr"
expect 2 "invalid UTF-8" -- "$ref" "$tmp/utf.cgr"
contains "$tmp/out" "utf.cgr:3:8: malformed: invalid UTF-8" "the bad byte's position"
contains "$tmp/out" '    3 | player \xff' "the bad byte, escaped in the excerpt"

# control bytes and invalid UTF-8 from a record never reach the terminal raw:
# text output writes them as \xNN (the caret as wide), JSON escapes as JSON does
head=$(sed -n '1,/^pile/p' "$c/illegal-not-in-hand.cgr" | grep -v '^#')
{ echo "$head" | sed 's/Bruno/Bru\x1b]0;pwned\x07no/'; printf 'Bru\033]0;pwned\007no draw 5C\n'  # a name
  echo "$head"; printf 'Anne draw Q\033[2J\302\233 # \033[31m\n'; } >"$tmp/esc.cgr"  # a token, a comment
for mode in "" --explain --keep-going check "check --tap"; do
  # shellcheck disable=SC2086
  case $mode in check*) "$ref" $mode "$tmp/esc.cgr" ;; *) "$ref" $mode "$tmp/esc.cgr" ;; esac >"$tmp/esc.out" 2>&1
  if LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$tmp/esc.out" ||
     ! iconv -f UTF-8 -t UTF-8 "$tmp/esc.out" >/dev/null 2>&1 ||
     LC_ALL=C grep -q "$(printf '\302[\200-\237]')" "$tmp/esc.out"; then
    echo "FAIL: raw control bytes or invalid UTF-8 in the output ($mode):"; cat -A "$tmp/esc.out" | sed 's/^/  | /'
    fails=$((fails + 1))
  fi
done
"$ref" --explain "$tmp/esc.cgr" >"$tmp/esc.out"
contains "$tmp/esc.out" '   20 | Anne draw Q\x1b[2J\xc2\x9b # \x1b[31m' "the excerpt, escaped"
contains "$tmp/esc.out" '      |           ^~~~~~~~~~~~~~~' "the caret as wide as the escaped token"
contains "$tmp/esc.out" '    Bru\x1b]0;pwned\x07no (Bru\x1b]0;pwned\x07no) ' "a player's name in --explain, escaped"
"$ref" --json "$tmp/esc.cgr" >"$tmp/esc.json"
contains "$tmp/esc.json" '"action":"Anne draw Q\u001b[2J' "JSON keeps its own escaping"

# a million-card meld (a 3 MB line) and a meld of 2000 cards (too many words)
{ sed -n '1,/^pile/p' "$c/illegal-not-in-hand.cgr" | grep -v '^#'
  printf 'Anne meld'; yes ' 7H' | head -n 1000000 | tr -d '\n'; echo; } >"$tmp/million.cgr"
expect 2 "a million-card meld" -- "$ref" "$tmp/million.cgr"
contains "$tmp/out" "million.cgr:10:1: malformed: a line longer than 65536 bytes" "the long meld"
{ sed -n '1,/^pile/p' "$c/illegal-not-in-hand.cgr" | grep -v '^#'
  printf 'Anne meld'; yes ' 7H' | head -n 2000 | tr -d '\n'; echo; } >"$tmp/many.cgr"
expect 2 "a meld of 2000 cards" -- "$ref" "$tmp/many.cgr"
contains "$tmp/out" "many.cgr:10:3101: malformed: more than 1032 words on one line" "the word limit"

# check does not follow links to directories (no loop)
mkdir "$tmp/loop" && cp "$c/legal-3p-hand.cgr" "$tmp/loop/" && ln -s . "$tmp/loop/a" && ln -s . "$tmp/loop/b"
expect 0 "check with link loops" -- timeout 20 "$ref" check "$tmp/loop"
contains "$tmp/out" "1 passed, 0 failed" "each record once"

# --json stays valid UTF-8 when a long line is cut inside a character
{ sed -n '1,/^pile/p' "$c/illegal-not-in-hand.cgr" | grep -v '^#'
  printf 'Anne discard QC #'; i=0; while [ $i -lt 300 ]; do printf '\342\231\245'; i=$((i+1)); done; echo; } >"$tmp/cut.cgr"
"$ref" --json "$tmp/cut.cgr" >"$tmp/cut.json"
if command -v python3 >/dev/null; then
  python3 -c 'import json,sys; json.loads(open(sys.argv[1],encoding="utf-8").read())' "$tmp/cut.json" ||
    { echo "FAIL: --json with a cut line is not valid"; fails=$((fails + 1)); }
fi

# --keep-going when a hand is cut short by a malformed `cgr` line (found by the fuzzer)
printf 'cgr 1\nvariant two-player\nplayer e\nplayer 0\nhand 1\ncgr 0\nhand 1\n' >"$tmp/kg.cgr"
expect 2 "--keep-going, a hand cut by a bad cgr line" -- "$ref" --keep-going "$tmp/kg.cgr"
contains "$tmp/out" "kg.cgr:6:5: malformed: CGR version 0" "the second record's verdict"
contains "$tmp/out" "kg.cgr:6:1: illegal: DEAL" "the first record's verdict"

# --jobs: the same output, in file order, and the same exit status as one process
"$ref" gen --variant chinese --games 3 --seed 9 >"$tmp/g1.cgr"
"$ref" gen --variant italian --players 2 --games 3 --seed 9 >"$tmp/g2.cgr"
set -- "$tmp/g1.cgr" "$c"/*.cgr "$tmp/missing.cgr" "$tmp/g2.cgr"
"$ref" --json "$@" >"$tmp/one.json" 2>/dev/null && one=0 || one=$?
"$ref" --json --jobs 2 "$@" >"$tmp/two.json" 2>/dev/null && two=0 || two=$?
if ! cmp -s "$tmp/one.json" "$tmp/two.json" || [ "$one" -ne "$two" ] || [ "$one" -ne 3 ]; then
  echo "FAIL: --jobs 2 differs from one process (exit $two, not $one)"
  fails=$((fails + 1))
fi
expect 3 "--jobs without a number" -- "$ref" --jobs x "$c/legal-3p-hand.cgr"

# --jobs on one file or standard input: cut at record boundaries (with
# --part-size 1, at every place a cut can be made), the bytes and the exit
# status of one process. The file mixes every corpus record (comments and
# expectations before records, malformed and illegal ones) with lines that
# forbid a cut (junk between records, two expectations, an indented `cgr`).
{ for f in $(some "$c"/*.cgr "$src"/corpus/*/*.cgr); do cat "$f"; echo "# between"; done
  cat "$tmp/g1.cgr"; echo "junk between records"; cat "$tmp/g2.cgr"
  printf '# expect: legal\n# expect: legal\n'; cat "$tmp/g1.cgr"
  printf '\n   cgr 1\n'; sed 1d "$tmp/g2.cgr"; printf 'cgr\r\n'; cat "$tmp/g1.cgr"
} >"$tmp/mixed.cgr"
awk 'NR % 97 == 0 {print "Anne draw"} NR % 89 == 0 {print "# expect: legal"} {print}' \
  "$tmp/mixed.cgr" >"$tmp/mutated.cgr"
for input in mixed mutated; do
  for opts in "" "--json" "--json --keep-going --explain" "--explain --at 30 --color never"; do
    # shellcheck disable=SC2086
    "$ref" $opts "$tmp/$input.cgr" >"$tmp/one.out" 2>&1 && one=0 || one=$?
    # shellcheck disable=SC2086
    "$ref" $opts --jobs 2 --part-size 1 "$tmp/$input.cgr" >"$tmp/two.out" 2>&1 && two=0 || two=$?
    if ! cmp -s "$tmp/one.out" "$tmp/two.out" || [ "$one" -ne "$two" ]; then
      echo "FAIL: --jobs 2 on one file ($input, $opts) differs from one process (exit $two, not $one)"
      diff "$tmp/one.out" "$tmp/two.out" | head -5
      fails=$((fails + 1))
    fi
  done
done
"$ref" --json - <"$tmp/mixed.cgr" >"$tmp/one.out" 2>&1
"$ref" --json --jobs 3 --part-size 2000 - <"$tmp/mixed.cgr" >"$tmp/two.out" 2>&1
cmp -s "$tmp/one.out" "$tmp/two.out" ||
  { echo "FAIL: --jobs 3 on standard input differs from one process"; fails=$((fails + 1)); }
"$ref" --parse-only --stats --quiet "$tmp/mixed.cgr" 2>"$tmp/one.out"
"$ref" --parse-only --stats --quiet --jobs 2 --part-size 1 "$tmp/mixed.cgr" 2>"$tmp/two.out"
[ "$(sed 's/ in .*//' "$tmp/one.out")" = "$(sed 's/ in .*//' "$tmp/two.out")" ] ||
  { echo "FAIL: --parse-only --jobs 2 counts other actions"; fails=$((fails + 1)); }
expect 3 "--part-size too large" -- "$ref" --jobs 2 --part-size 99999999999 "$tmp/mixed.cgr"

# --shard K/N for N = 1, 2, 3, 7: the shards hold every record exactly once,
# and referee merge gives back the bytes and the exit status of one run
"$ref" --json "$tmp/mixed.cgr" "$c"/*.cgr >"$tmp/one.json" && one=0 || one=$?
shards="1 2 3 7" check_shards="1 3 7"
[ "$quick" = 1 ] && shards="2 7" check_shards=3
for n in $shards; do
  k=0
  while [ $k -lt $n ]; do
    "$ref" --json --shard $k/$n "$tmp/mixed.cgr" "$c"/*.cgr >"$tmp/shard$k.jsonl" 2>/dev/null
    k=$((k + 1))
  done
  dups=$(cat "$tmp"/shard*.jsonl | sed 's/^{"segment":[0-9]*,//; s/"variant".*//' | sort | uniq -d | wc -l)
  records=$(cat "$tmp"/shard*.jsonl | grep -vc '^{"shard":')
  closing=$(cat "$tmp"/shard*.jsonl | grep -c '^{"shard":')
  [ "$closing" -eq "$n" ] || { echo "FAIL: --shard K/$n: $closing closing lines"; fails=$((fails + 1)); }
  "$ref" merge --json "$tmp"/shard*.jsonl >"$tmp/merged.json" && merged=0 || merged=$?
  if [ "$dups" -ne 0 ] || [ "$records" -ne "$(wc -l <"$tmp/one.json")" ] ||
     ! cmp -s "$tmp/one.json" "$tmp/merged.json" || [ "$merged" -ne "$one" ]; then
    echo "FAIL: --shard K/$n: $records records ($dups twice), merge exit $merged (not $one)"
    fails=$((fails + 1))
  fi
  expect "$one" "merge of $n shards, counted" -- "$ref" merge "$tmp"/shard*.jsonl
  contains "$tmp/out" "$(wc -l <"$tmp/one.json") records: " "the merged count"
  rm -f "$tmp"/shard*.jsonl
done
"$ref" --json --shard 0/2 "$c"/*.cgr >"$tmp/shard0.jsonl"
expect 3 "merge with a shard missing" -- "$ref" merge "$tmp/shard0.jsonl"
contains "$tmp/err" "are missing" "the missing shard is named"
expect 3 "merge with a shard twice" -- "$ref" merge "$tmp/shard0.jsonl" "$tmp/shard0.jsonl"
expect 3 "--shard out of range" -- "$ref" --shard 3/3 "$c/legal-3p-hand.cgr"
expect 3 "--shard N too large (no overflow)" -- "$ref" --shard 0/99999999999999999999999 "$c/legal-3p-hand.cgr"
# merge refuses a shard's output that is not whole: its last record
# dropped, a line cut after "legal", a line repeated, an empty file, a shard
# of another run, a line after the closing line
"$ref" --json --shard 1/2 "$c"/*.cgr >"$tmp/shard1.jsonl"
m() { expect 3 "merge: $1" -- "$ref" merge "$tmp/shard0.jsonl" "$tmp/bad.jsonl"; contains "$tmp/err" "$2" "merge: $1, said"; }
"$ref" --json "$c"/*.cgr >/dev/null 2>&1 && one=0 || one=$?
"$ref" merge "$tmp/shard0.jsonl" "$tmp/shard1.jsonl" >/dev/null 2>&1 && whole=0 || whole=$?
[ "$whole" -eq "$one" ] || { echo "FAIL: merge of two whole shards: exit $whole, not $one"; fails=$((fails + 1)); }
{ head -n -2 "$tmp/shard1.jsonl"; tail -n 1 "$tmp/shard1.jsonl"; } >"$tmp/bad.jsonl"
m "the last record dropped" "where the shard wrote"
{ head -n 1 "$tmp/shard1.jsonl" | sed 's/\("verdict":"[a-z]*"\).*/\1/'; tail -n +2 "$tmp/shard1.jsonl"; } >"$tmp/bad.jsonl"
m "a line cut short" "not a whole JSON object"
{ head -n 2 "$tmp/shard1.jsonl"; tail -n +2 "$tmp/shard1.jsonl"; } >"$tmp/bad.jsonl"
m "a line repeated" "where the shard wrote"
head -n -1 "$tmp/shard1.jsonl" >"$tmp/bad.jsonl"
m "no closing line" "no closing line"
: >"$tmp/bad.jsonl"
m "an empty file" "empty"
"$ref" --json --shard 1/2 "$c"/legal*.cgr >"$tmp/bad.jsonl"
m "a shard of another run" "not shards of one run"
{ cat "$tmp/shard1.jsonl"; head -n 1 "$tmp/shard1.jsonl"; } >"$tmp/bad.jsonl"
m "a line after the closing line" "after the shard's closing line"
expect 3 "--shard with --jobs" -- "$ref" --shard 0/2 --jobs 2 "$c/legal-3p-hand.cgr"
# a file that cannot be read is reported by one shard, and by merge
"$ref" --json --shard 0/2 "$tmp/none.cgr" "$c"/*.cgr >"$tmp/s0.jsonl" 2>/dev/null
"$ref" --json --shard 1/2 "$tmp/none.cgr" "$c"/*.cgr >"$tmp/s1.jsonl" 2>/dev/null
expect 3 "merge with an unreadable input" -- "$ref" merge --json "$tmp/s0.jsonl" "$tmp/s1.jsonl"
contains "$tmp/err" "none.cgr: No such file" "the unreadable input"

# merge shows a shard's error line with its control bytes escaped, never raw
# (an ESC would reach the terminal); JUnit stays well-formed XML whatever
# bytes a file name holds
"$ref" --json --shard 0/1 "$tmp/$(printf '\033')[31mred" >"$tmp/esc.jsonl" 2>/dev/null
expect 3 "merge of an error line" -- "$ref" merge "$tmp/esc.jsonl"
contains "$tmp/err" '\x1b[31mred' "the ESC shown as \\x1b"
if grep -q "$(printf '\033')" "$tmp/err"; then echo "FAIL: merge sent ESC to stderr"; fails=$((fails + 1)); fi
mkdir -p "$tmp/oddnames"
bad=$(printf 'odd\377\001name.cgr')
sed 's/expect: illegal WILD-OVERFLOW/expect: legal/' "$c/illegal-wild-overflow.cgr" >"$tmp/oddnames/$bad"
expect 1 "check --junit, a file name not UTF-8" -- "$ref" check --junit "$tmp/odd.xml" "$tmp/oddnames"
python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$tmp/odd.xml" 2>"$tmp/err" ||
  { echo "FAIL: JUnit with a non-UTF-8 file name is not well-formed XML: $(tail -1 "$tmp/err")"; fails=$((fails + 1)); }
# a variant line naming a FIFO neither blocks nor reads it
mkfifo "$tmp/fifo.yaml"
sed 's/^variant classic/variant fifo.yaml/' "$c/legal-2p-full-hand.cgr" >"$tmp/fifo-rec.cgr"
expect 3 "variant naming a FIFO" -- timeout 10 "$ref" "$tmp/fifo-rec.cgr"
contains "$tmp/out" "not a regular file" "the FIFO refused, said"

# a file cut short while it is read (--jobs and --shard mapped it
# and died of SIGBUS): whatever the moment, the exit status is one run's on
# the whole file, or on the empty file (cut before it was opened), or 3 (an
# I/O error naming the file), never a signal
# (the cuts at a tenth and at half of the time the whole file takes, in this
# build: 0.01 s and 0.1 s came before a sanitized build had read anything)
"$ref" gen --variant classic --games 25 --seed 9 >"$tmp/long.cgr"
t0=$(date +%s%N)
"$ref" --quiet "$tmp/long.cgr" && whole=0 || whole=$?
t1=$(date +%s%N)
delays=$(awk -v ns=$((t1 - t0)) 'BEGIN {printf "%.3f %.3f", ns / 1e10, ns / 2e9}')
: >"$tmp/empty.cgr"
"$ref" --quiet "$tmp/empty.cgr" && empty=0 || empty=$?
for opts in "--jobs 2 --part-size 20000" "--shard 0/2 --json" "--jobs 1"; do
  for delay in $delays; do
    cp "$tmp/long.cgr" "$tmp/cut.cgr"
    # shellcheck disable=SC2086
    "$ref" --quiet $opts "$tmp/cut.cgr" >/dev/null 2>"$tmp/err" &
    pid=$!
    sleep "$delay"
    : >"$tmp/cut.cgr"
    wait "$pid" && got=0 || got=$?
    if [ "$got" -gt 3 ] || { [ "$got" -ne 3 ] && [ "$got" -ne "$whole" ] && [ "$got" -ne "$empty" ] &&
                             [ "$opts" != "--shard 0/2 --json" ]; }; then
      echo "FAIL: $opts, the file cut after ${delay}s: exit $got"; fails=$((fails + 1))
    elif [ "$got" -eq 3 ] && ! grep -q "cut.cgr" "$tmp/err"; then
      echo "FAIL: $opts, the file cut after ${delay}s: exit 3 without naming it"; fails=$((fails + 1))
    fi
  done
done

# plain mode writes TAP and JUnit too: a record passes when legal
expect 1 "--tap" -- "$ref" --tap "$c/legal-2p-full-hand.cgr" "$c/illegal-wild-overflow.cgr"
contains "$tmp/out" "ok 1 - $c/legal-2p-full-hand.cgr record 1" "--tap: the legal record passes"
contains "$tmp/out" "not ok 2 - $c/illegal-wild-overflow.cgr" "--tap: the illegal one fails"
contains "$tmp/out" "illegal WILD-OVERFLOW 13:6" "--tap: the verdict in the failure"
contains "$tmp/out" "1..2" "--tap: the plan"
expect 1 "--junit" -- "$ref" --junit "$tmp/plain.xml" "$c/legal-2p-full-hand.cgr" "$c/illegal-wild-overflow.cgr"
contains "$tmp/out" "illegal: WILD-OVERFLOW" "--junit: the usual verdicts on stdout"
contains "$tmp/plain.xml" 'tests="2" failures="1"' "--junit: the counts"
python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$tmp/plain.xml" ||
  { echo "FAIL: plain --junit is not well-formed XML"; fails=$((fails + 1)); }
expect 0 "--tap with --jobs (tests/jobs.sh compares the bytes)" -- "$ref" --tap --jobs 2 "$c/legal-2p-full-hand.cgr"
# --list-keys --rules R: R as it resolves, which loads back
expect 0 "--list-keys --rules" -- "$ref" --list-keys --rules "$src/corpus/custom/no-concealed.yaml"
contains "$tmp/out" "concealed: false" "--list-keys --rules: the ruleset's own value"
contains "$tmp/out" "max_wild: 3" "--list-keys --rules: the base's value"
sed 1d "$tmp/out" >"$tmp/resolved.yaml"
expect 0 "--list-keys --rules R loads back" -- "$ref" --rules "$tmp/resolved.yaml" "$c/legal-2p-full-hand.cgr"
expect 0 "gen --help" -- "$ref" gen --help
contains "$tmp/out" "usage: referee gen" "gen --help: its usage"

# --jobs over many files: files in batches, the bytes and status of one
# process, under and over the 256 inputs that are measured
find "$src/corpus" -name '*.cgr' -print0 | sort -z >"$tmp/all0"
head -z -n 100 "$tmp/all0" >"$tmp/some0"
for list in all0 some0; do
  "$ref" --json --files0-from "$tmp/$list" >"$tmp/one.json" 2>&1 && one=0 || one=$?
  "$ref" --json --jobs 2 --files0-from "$tmp/$list" >"$tmp/two.json" 2>&1 && two=0 || two=$?
  if [ "$one" -ne "$two" ] || ! cmp -s "$tmp/one.json" "$tmp/two.json"; then
    echo "FAIL: --jobs 2 over the files of $list: exit $two, not $one, or other bytes"; fails=$((fails + 1))
  fi
done
# --shard over several files opens only its own: a FIFO that is another
# shard's is never opened (it would block)
mkfifo "$tmp/other.cgr"
timeout 10 "$ref" --json --shard 0/2 "$c/legal-2p-full-hand.cgr" "$tmp/other.cgr" \
  "$c/legal-3p-hand.cgr" >"$tmp/s0.jsonl" 2>"$tmp/err" && got=0 || got=$?
[ "$got" -eq 0 ] || { echo "FAIL: --shard 0/2 over files: exit $got (opened another shard's input?)"; fails=$((fails + 1)); }
contains "$tmp/s0.jsonl" '"own":2' "--shard over files: its two files"

# nothing to judge is no success: an empty directory, an empty
# list, in every mode
mkdir -p "$tmp/emptydir"
expect 3 "check of an empty directory" -- "$ref" check "$tmp/emptydir"
contains "$tmp/err" "no records" "nothing checked, said"
expect 3 "check --tap of an empty directory" -- "$ref" check --tap "$tmp/emptydir"
expect 3 "check --json of an empty directory" -- "$ref" check --json "$tmp/emptydir"
expect 3 "check --junit of an empty directory" -- "$ref" check --junit "$tmp/j.xml" "$tmp/emptydir"
expect 3 "--files0-from an empty list" -- "$ref" --files0-from /dev/null
contains "$tmp/err" "no records" "nothing judged, said"
expect 3 "--json --files0-from an empty list" -- "$ref" --json --files0-from /dev/null
expect 3 "--jobs 2 --files0-from an empty list" -- "$ref" --jobs 2 --files0-from /dev/null
# --origin that cannot be parsed is a usage error, not stack bytes
for bad in foo "x.cgr:" "x.cgr:0" ":3" "x.cgr:abc" "x.cgr:3:-1"; do
  expect 3 "--origin '$bad'" -- "$ref" --origin "$bad" "$c/legal-3p-hand.cgr"
  contains "$tmp/err" "--origin takes NAME:LINE" "--origin '$bad', said"
done

# --files0-from: a list of any length (find -print0 | sort -z), the same as arguments
find "$src/corpus/classic" -name '*.cgr' -print0 | sort -z >"$tmp/list0"
# shellcheck disable=SC2046
"$ref" --json $(tr '\0' ' ' <"$tmp/list0") >"$tmp/one.json" 2>&1
"$ref" --json --files0-from - <"$tmp/list0" >"$tmp/two.json" 2>&1
cmp -s "$tmp/one.json" "$tmp/two.json" ||
  { echo "FAIL: --files0-from differs from the same names as arguments"; fails=$((fails + 1)); }
expect 3 "--files0-from a missing list" -- "$ref" --files0-from "$tmp/nolist"

# check --json --shard, merged: the TAP, JUnit and counts of one check run
sed 's/# expect: legal/# expect: illegal PHASE 3:1/' "$c/legal-2p-full-hand.cgr" >"$tmp/wrong.cgr"
for report in "" "--tap"; do
  # shellcheck disable=SC2086
  "$ref" check $report --junit "$tmp/one.xml" "$src/corpus" "$tmp/wrong.cgr" "$tmp/none" \
    >"$tmp/one.txt" && one=0 || one=$?
  for n in $check_shards; do
    k=0
    while [ $k -lt $n ]; do
      "$ref" check --json --shard $k/$n "$src/corpus" "$tmp/wrong.cgr" "$tmp/none" >"$tmp/c$k.jsonl"
      k=$((k + 1))
    done
    # shellcheck disable=SC2086
    "$ref" merge $report --junit "$tmp/m.xml" "$tmp"/c*.jsonl >"$tmp/m.txt" && merged=0 || merged=$?
    if ! cmp -s "$tmp/one.txt" "$tmp/m.txt" || ! cmp -s "$tmp/one.xml" "$tmp/m.xml" ||
       [ "$merged" -ne "$one" ] || [ "$one" -ne 3 ]; then
      echo "FAIL: check --shard K/$n $report, merged, differs from one check run"
      fails=$((fails + 1))
    fi
    rm -f "$tmp"/c*.jsonl
  done
done

# --origin: a part of a file read on its own keeps the file's name, lines and
# record numbers
at=$(grep -n '^cgr ' "$tmp/g1.cgr" | sed -n 3p | cut -d: -f1)
"$ref" --json "$tmp/g1.cgr" | tail -n +3 >"$tmp/whole.json"
tail -n +"$at" "$tmp/g1.cgr" | "$ref" --json --origin "$tmp/g1.cgr:$at:2" - >"$tmp/part.json"
cmp -s "$tmp/whole.json" "$tmp/part.json" ||
  { echo "FAIL: --origin does not give the whole file's positions"; fails=$((fails + 1)); }
expect 3 "--origin with two inputs" -- "$ref" --origin x:1 "$tmp/g1.cgr" "$tmp/g2.cgr"

# gen: legal games for every variant, the same for the same seed
for v in classic two-player chinese italian samba bolivia hand-and-foot modern-american; do
  expect 0 "gen $v" -- "$ref" gen --variant "$v" --games 2 --seed 3 --expect
  cp "$tmp/out" "$tmp/gen-$v.cgr"
  expect 0 "gen $v is legal" -- "$ref" check "$tmp/gen-$v.cgr"
done
# --stats counts the variants' own plays as the records hold them
for vw in "hand-and-foot foot feet" "modern-american talon packets" "samba merge merged"; do
  # shellcheck disable=SC2086
  set -- $vw
  "$ref" gen --variant "$1" --games 2 --seed 3 --expect --stats >"$tmp/st.cgr" 2>"$tmp/st.err"
  said=$(sed -n "s/.*$3[a-z ]* \([0-9]*\).*/\1/p" "$tmp/st.err")
  lines=$(grep -cE "^[^ #]+ $2( |\$)" "$tmp/st.cgr")
  [ -n "$said" ] && [ "$said" -gt 0 ] && [ "$said" -eq "$lines" ] ||
    { echo "FAIL: gen --stats $1: '$said' $3, the records hold $lines '$2' lines"; fails=$((fails + 1)); }
done
# ... and the teams a splash opened (opening.splash): at least one a record
# that the referee, judging the records again, says relied on it
"$ref" gen --variant modern-american --games 10 --seed 3 --expect --stats >"$tmp/st.cgr" 2>"$tmp/st.err"
said=$(sed -n 's/.* splashes \([0-9]*\).*/\1/p' "$tmp/st.err")
relied=$("$ref" check --coverage "$tmp/st.cgr" | sed -n 's/^| `opening.splash` | \([0-9]*\) .*/\1/p')
[ -n "$said" ] && [ -n "$relied" ] && [ "$relied" -gt 0 ] && [ "$said" -ge "$relied" ] ||
  { echo "FAIL: gen --stats: '$said' splashes, $relied records rely on opening.splash"; fails=$((fails + 1)); }
"$ref" gen --variant classic --games 2 --seed 3 --expect | cmp -s - "$tmp/gen-classic.cgr" ||
  { echo "FAIL: gen is not deterministic"; fails=$((fails + 1)); }
expect 3 "gen with a player count the rules do not seat" -- "$ref" gen --variant two-player --players 5
contains "$tmp/err" "do not seat 5 players" "the reason"
expect 3 "gen without a variant" -- "$ref" gen --games 2
expect 3 "gen with a misspelt variant" -- "$ref" gen --variant classik
contains "$tmp/err" "gen: --variant classik: no built-in ruleset of that name" "what classik is"
contains "$tmp/err" "did you mean classic?" "the nearest name"

# A ruleset that extends classic and changes nothing judges every legal
# classic record legal, with the same scores (only the ruleset's name differs).
printf 'schema: 1\nname: mine\nextends: classic\n' > "$tmp/mine.yaml"
for f in $(some "$c"/legal-*.cgr); do
  "$ref" --json --rules classic "$f" | sed 's/"variant":"[^"]*"//' > "$tmp/a.json"
  "$ref" --json --rules "$tmp/mine.yaml" "$f" | sed 's/"variant":"[^"]*"//' > "$tmp/b.json"
  grep -q '"verdict":"legal"' "$tmp/b.json" || { echo "FAIL: $f is not legal under extends: classic"; fails=$((fails + 1)); }
  cmp -s "$tmp/a.json" "$tmp/b.json" || { echo "FAIL: $f: extends: classic scores differently"; fails=$((fails + 1)); }
done

# a count of one in the singular, in English and in French (the packs of a
# one-pack ruleset: "the 1 packs hold 1" until bdbce29)
one_pack=$src/corpus/custom/illegal-deal-one-pack.cgr
"$ref" "$one_pack" | grep -q 'one AS too many: the 1 pack holds 1 ' ||
  { echo "FAIL: one pack is not said in the singular: $("$ref" "$one_pack" | head -1)"; fails=$((fails + 1)); }
"$ref" --lang fr "$one_pack" | grep -q 'un AS de trop : le 1 jeu en contient 1 ' ||
  { echo "FAIL: one pack is not said in the singular in French"; fails=$((fails + 1)); }
# the figures of one: --stats, gen --stats, merge's summary and check
# --coverage said "1 records", "1 games", "1 hands gone out" until 67021d0
one=$src/corpus/classic/legal-4p-full-hand.cgr
"$ref" --quiet --stats "$one" 2>"$tmp/err"
contains "$tmp/err" "stats: 1 record, " "--stats of one record"
"$ref" gen --variant classic --games 1 --hands 1 --stats 2>"$tmp/err" >/dev/null
contains "$tmp/err" "gen: 1 game, 1 hand, " "gen --stats of one game of one hand"
contains "$tmp/err" "; 1 hand gone out (100%)" "gen --stats: one hand gone out"
"$ref" --json --shard 0/1 "$one" >"$tmp/one0.jsonl"
expect 0 "merge of one record" -- "$ref" merge "$tmp/one0.jsonl"
contains "$tmp/out" "1 record: 1 legal, 0 illegal, 0 malformed, 0 ruleset errors" "merge: one record"
"$ref" check --coverage "$one" >"$tmp/out"
contains "$tmp/out" "1 record, 1 legal." "check --coverage: one record"
# one card named with the bonus packet set aside: "1 cards named" until 67021d0
sed 's/^Anne talon$/Anne talon 4H/' "$src/corpus/modern-american/legal-black-three.cgr" >"$tmp/talon1.cgr"
expect 1 "a talon naming one card" -- "$ref" "$tmp/talon1.cgr"
contains "$tmp/out" "BONUS-PACKET: 1 card named: the bonus packet set aside is taken unnamed" "one card named"

[ "$fails" -eq 0 ] || exit 1
command -v python3 >/dev/null || {
  echo "cli: SKIPPED: python3 is not installed (sh tests/setup.sh installs it): the JSON and the JUnit XML were not parsed"
  exit 77
}
echo "cli: all checks passed"
