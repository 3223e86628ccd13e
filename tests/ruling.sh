#!/bin/sh
# --explain and the page show the same ruling (issue 26, part 5):
#  1. the table --explain and --json --explain show for an illegal record is
#     the one the page opens on, at the verdict's line: the table that line
#     found (before it), with the player it was judged for; for every
#     illegal record of the corpus, and with --keep-going (whose next hand
#     must not replace it); --at LINE is still the table after LINE.
# Reads the page's embedded data (html.c), not the browser: tests/html.sh
# drives the page itself. jq compares; without it the test says SKIP (77).
# Usage: sh tests/ruling.sh REFEREE SOURCE_DIR
set -u
ref=$1
src=$2
command -v jq >/dev/null || { echo "SKIP: jq is not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
noenv() { env -u LANGUAGE -u LC_ALL -u LC_MESSAGES -u LANG "$@"; }
# the records' data in a page, one JSON object a line
page_data() { sed -n 's/^<script type="application\/json" class="rec">\(.*\)<\/script>$/\1/p' "$1"; }

# The table each step shows, as html_page.c's at() and shown() choose it,
# and --json's state, both as {to_act, hands, melds, top, pile, stock}
# with cards sorted.
cat >"$tmp/same.jq" <<'JQ'
def at($line): . as $r | [range(0; $r.states | length) | select($r.states[.][0] <= $line)] | last // 0;
def page_table:
  . as $r | $r.verdict.line as $l | $r.states as $S | ($r | at($l)) as $i | $S[$i] as $st |
  ([range(0; $i + 1)] | map(select($S[.][0] == $st[0])) | first) as $j |
  (if $j > 0 and ($st[0] == $l or $st[0] == $r.found) then
     $S[$j - 1] as $p |
     if $p[2] != null and $st[2] != null and $p[1] == $st[1] then $p[2] + {c: $st[2].c} else $p[2] end
   else $st[2] end) as $s |
  if $s == null then null else
    {to_act: (if $s.c >= 0 then $r.players[$s.c] else null end),
     hands: ([range(0; $r.players | length)]
             | map({key: $r.players[.], value: ($s.H[.] | if . == "" then [] else split(" ") | sort end)})
             | from_entries),
     melds: ($s.M | map({team: $r.teams[.[0]], cards: (.[5] | split(" ") | sort)})),
     top: $s.p, pile: $s.n, stock: $s.s} end;
def state_table:
  .state | if . == null then null else
    {to_act, hands: (.hands | map_values(sort)), melds: (.melds | map({team, cards: (.cards | sort)})),
     top: (.pile | last // ""), pile: (.pile | length), stock} end;
JQ

# 1. Every illegal record of the corpus: the page's table at the verdict is
# --json --explain's, and the text names the line that found it.
files=$(grep -l '^# expect: illegal' "$src"/corpus/*/*.cgr | sort)
# shellcheck disable=SC2086 # (the corpus's names have no blanks)
noenv "$ref" --quiet --html "$tmp/all.html" $files >/dev/null 2>&1
# shellcheck disable=SC2086
noenv "$ref" --json --explain $files 2>/dev/null >"$tmp/all.json"
page_data "$tmp/all.html" | jq -c -L "$tmp" 'include "same"; select(.verdict.status == "illegal") | [.file, .index, page_table]' >"$tmp/page"
jq -c -L "$tmp" 'include "same"; select(.verdict == "illegal") | [.file, .record, state_table]' \
  "$tmp/all.json" >"$tmp/explain"
n=$(wc -l <"$tmp/page")
[ "$n" -ge 280 ] && [ "$n" -eq "$(wc -l <"$tmp/explain")" ] ||
  fail "$n records on the page, $(wc -l <"$tmp/explain") illegal ones in --json --explain"
tables=$(grep -vc ',null\]$' "$tmp/explain")
[ "$tables" -ge 250 ] || fail "only $tables tables to compare"
if ! cmp -s "$tmp/page" "$tmp/explain"; then
  diff "$tmp/page" "$tmp/explain" | grep '^[<>]' | cut -c1-300 | head -6
  fail "--explain's table is not the page's at the verdict ($(diff "$tmp/page" "$tmp/explain" | grep -c '^<') records)"
fi
# the text says which table it is
f=$src/corpus/classic/illegal-go-out-by-add.cgr
noenv "$ref" --explain "$f" >"$tmp/x"
grep -q '^  the table as line 21 found it, hand 1:$' "$tmp/x" &&
  grep -q '^  > Anne     (Anne) to act  1 card:  Q♣$' "$tmp/x" ||
  { fail "--explain $f: not the table line 21 found"; head -8 "$tmp/x"; }
noenv "$ref" --lang fr --explain "$f" | grep -q "la table telle que la ligne 21 l'a trouvée, manche 1 :" ||
  fail "--explain --lang fr: not the table line 21 found"

# --keep-going reads the next hand: the table stays the one of the verdict
{ cat "$f"; echo "score Anne 0"; sed -n '/^hand 1/,/^pile/p' "$f" | sed 's/^hand 1/hand 2/; s/^dealer Bruno/dealer Anne/'
  echo "Anne draw 5S"; } >"$tmp/kg.cgr"
noenv "$ref" --explain --keep-going "$tmp/kg.cgr" >"$tmp/x"
grep -q 'later errors' "$tmp/x" && grep -q '^  the table as line 21 found it, hand 1:$' "$tmp/x" &&
  grep -q '  1 card:  Q♣$' "$tmp/x" ||
  { fail "--explain --keep-going: the table is not the verdict's"; sed -n '/the table/,/stock/p' "$tmp/x"; }
noenv "$ref" --json --explain --keep-going "$tmp/kg.cgr" | jq -e '.state.hand == 1 and (.state.hands.Anne == ["QC"])' >/dev/null ||
  fail "--json --explain --keep-going: the state is not the verdict's"

# --at LINE keeps its meaning: the table after the line
noenv "$ref" --at 20 --json "$f" | jq -e '.state.line == 20 and .state.hands.Anne == ["QC"]' >/dev/null &&
  noenv "$ref" --at 20 "$f" | grep -q '^  the table after line 20, hand 1:$' ||
  fail "--at 20 is not the table after line 20"

[ "$fails" -eq 0 ] && echo "ruling: $n records, $tables tables, --explain is the page's at the verdict"
exit $((fails > 0))
