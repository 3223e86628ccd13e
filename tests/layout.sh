#!/bin/sh
# The layout holds what it promises (README, "How the code is laid out"):
# - no C file over 700 lines and no function over 60 lines in referee/ and formats/;
# - includes point one way: the core's five rooms see only the rooms before
#   them: referee/cards (cards, codes, messages, statements: the shared words)
#   nothing; referee/rules (the ruleset and its keys) the cards;
#   referee/engine (the stages) the rules and the cards; referee/questions
#   (queries of an engine) and referee/record (the record driver) the engine
#   and below, not each other; formats/ the core; the embedding API (referee/api), the
#   generator (referee/gen) and the batch runner (referee/batch) the core and
#   formats/; the command line (referee/cli) everything;
# - no variant name in engine or format code (rulesets are data).
# Usage: tests/layout.sh SOURCE_DIR
set -eu
cd "$1"
fail=0
for f in referee/*/*.c formats/*.c; do
  n=$(wc -l < "$f")
  if [ "$n" -gt 700 ]; then echo "FAIL: $f has $n lines (at most 700)"; fail=1; fi
done
# A function starts at a line that begins with a type and ends with "{"; or
# at one that begins with a type and ends with "(" or "," (its signature
# wraps), when a later line of that signature ends with "{" (on its own line,
# or as ") {" after the last parameter) before any line ending with ";" (a
# prototype). It ends at the first "}" in column 0. Every function is counted
# and measured: a line "}" alone closes a function and nothing else in this
# code (an initializer ends with "};"), so the functions found must be as
# many as those lines, or some function went unmeasured.
measured=$(awk '
  function begin(at, what) { infn = 1; start = at; name = what; pending = 0; nfn++ }
  infn && /^}/ {
    if (FNR - start + 1 > 60) printf "%s:%d: %d lines: %s\n", FILENAME, start, FNR - start + 1, name
    infn = 0; next
  }
  infn { next }
  /^[A-Za-z_].*\)[ ]*\{( *\/\*.*\*\/)?$/ { begin(FNR, $0); next }
  /^[A-Za-z_].*[(,]$/ { pending = FNR; pname = $0; next }
  pending && /^\{$/ { begin(pending, pname); next }
  pending && /^[ \t].*\)[ ]*\{$/ { begin(pending, pname); next }
  pending && /;[ ]*$/ { pending = 0; next }
  pending && /^[^ \t]/ { pending = 0 }
  END { printf "functions %d\n", nfn }
' referee/*/*.c formats/*.c)
nfunctions=$(echo "$measured" | sed -n 's/^functions //p')
long=$(echo "$measured" | grep -v '^functions ' || true)
closing=$(cat referee/*/*.c formats/*.c | grep -c '^}$' || true)
if [ "$nfunctions" -ne "$closing" ]; then
  echo "FAIL: $nfunctions functions measured, $closing lines \"}\" close one: a signature the"
  echo "      pattern above does not know"
  fail=1
fi
if [ -n "$long" ]; then echo "FAIL: functions over 60 lines:"; echo "$long"; fail=1; fi
headers() { for d in "$@"; do ls "$d"/*.h "$d"/*.def 2>/dev/null || true; done | xargs -r -n1 basename; }
# a room, then the rooms whose headers it must not include: those above it
# in the pipeline, or beside it
core="referee/cards referee/rules referee/engine referee/questions referee/record"
rules="referee/cards referee/rules referee/engine referee/questions referee/record formats referee/api referee/gen referee/batch referee/cli
referee/rules referee/engine referee/questions referee/record formats referee/api referee/gen referee/batch referee/cli
referee/engine referee/questions referee/record formats referee/api referee/gen referee/batch referee/cli
referee/questions referee/record formats referee/api referee/gen referee/batch referee/cli
referee/record referee/questions formats referee/api referee/gen referee/batch referee/cli
formats referee/api referee/gen referee/batch referee/cli
referee/api referee/gen referee/batch referee/cli
referee/gen referee/api referee/batch referee/cli
referee/batch referee/api referee/gen referee/cli
referee/python $core formats referee/gen referee/batch referee/cli"
while read -r room others; do
  for h in $(headers $others); do
    who=$(grep -l "^# *include \"$h\"" "$room"/*.[ch] 2>/dev/null || true)
    if [ -n "$who" ]; then echo "FAIL: $room includes $h, of a room it must not see:" $who; fail=1; fi
  done
done <<RULES
$rules
RULES
# a new room says what it sees: every directory of sources but the command
# line (which sees all) has its row
for d in referee/*/ formats/; do
  d=${d%/}
  [ "$d" = referee/cli ] && continue
  ls "$d"/*.[ch] >/dev/null 2>&1 || continue
  echo "$rules" | grep -q "^$d " || { echo "FAIL: $d has no row in layout.sh's include rules"; fail=1; }
done
# (the key table too: a meld's words, as sequence.word, are the ruleset's)
names=$(grep -rniE 'chinese|italian|classic|two-player|samba|bolivia|hand.and.foot|modern.american' \
        --include='*.c' --include='*.h' --include='*.def' \
        referee formats | head -5 || true)
if [ -n "$names" ]; then echo "FAIL: variant names in code:"; echo "$names"; fail=1; fi
[ "$fail" -eq 0 ] && echo "layout: files, $nfunctions functions, include directions and names as promised"
exit "$fail"
