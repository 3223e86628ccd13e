#!/bin/sh
# --explain and the page show the same ruling:
#  1. the table --explain and --json --explain show for an illegal record is
#     the one the page opens on, at the verdict's line: the table that line
#     found (before it), with the player it was judged for; for every
#     illegal record of the corpus, and with --keep-going (whose next hand
#     must not replace it); --at LINE is still the table after LINE.
#  2. What was legal instead is judged at that table: a lay-off of the last
#     card found one card in the hand, so nothing else was legal there (the
#     choice was at the line that left it); a meld charged for the discard
#     that followed could have kept a card.
#  3. The words: "what was legal instead" said once (the sentence carries no
#     label of its own); what going out lacked is named; counts agree with
#     their nouns (no "1 cards", "1 hands", "1 wild cards"; French "0/1
#     carte"); the player named once; the rule's heading and the rank in
#     French; the record's tags on the page and its print.
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

# 2. What was legal instead, from the table the verdict's line found
noenv "$ref" --json --explain "$f" | jq -r .instead >"$tmp/i"
grep -q 'going out lacked 1 more canasta (going_out.canastas: the team had 0, 1 needed); nothing else was legal here: Anne held one card, and the choice was at line 20, which left it$' "$tmp/i" ||
  fail "a lay-off of the last card: $(cat "$tmp/i")"
g=$src/corpus/classic/illegal-go-out-requirement.cgr
noenv "$ref" --json --explain "$g" | jq -r .instead >"$tmp/i"
grep -q '; Anne could have kept a card and gone on$' "$tmp/i" || fail "a meld that left one card: $(cat "$tmp/i")"

# 3. The words, over every corpus record in both languages
all=$(find "$src/corpus" -name '*.cgr' | sort)
for l in en fr; do
  # shellcheck disable=SC2086
  noenv "$ref" --lang $l --explain --keep-going $all >"$tmp/$l.txt" 2>&1
  # shellcheck disable=SC2086
  noenv "$ref" --lang $l --json --explain --keep-going $all 2>/dev/null | jq -r 'select(.instead) | .instead' >"$tmp/$l.instead"
done
[ "$(wc -l <"$tmp/en.instead")" -ge 20 ] || fail "only $(wc -l <"$tmp/en.instead") records say what was legal instead"
grep -i 'legal instead\|régulier à la place' "$tmp/en.instead" "$tmp/fr.instead" | head -3 | grep . &&
  fail "the sentence carries its own label: the page would say it twice"
said=$(grep -c '^  what was legal instead: ' "$tmp/en.txt")
[ "$said" -eq "$(wc -l <"$tmp/en.instead")" ] && ! grep -q 'legal instead: .*legal instead' "$tmp/en.txt" ||
  fail "--explain: the label $said times for $(wc -l <"$tmp/en.instead") sentences"
grep -q "^  ce qui était régulier à la place : " "$tmp/fr.txt" || fail "--explain --lang fr: no label"
grep -E 'lacked [0-9]+ more \(' "$tmp/en.instead" | head -2 | grep . && fail "going out lacked 1 more what?"
grep -nE '(^|[^0-9])1 (cards|hands|wild cards|natural cards|more canastas)\b|\(1 hands\)' "$tmp/en.txt" "$tmp/en.instead" |
  head -3 | grep . && fail "a count of 1 with a plural noun"
grep -nE '(^|[^0-9])[01] (cartes|manches|atouts)\b|naturel\(s\)|atout\(s\)' "$tmp/fr.txt" "$tmp/fr.instead" |
  head -3 | grep . && fail "French: a count of 0 or 1 with a plural noun"
grep -q "d'après docs/variants/classic.md, ### 15. La sortie" "$tmp/fr.txt" || fail "--explain --lang fr: the rule's heading in English"
grep -E 'de la main \([^d ._)][^ ._)]*\)' "$tmp/fr.txt" | head -2 | grep . && fail "French: the rank alone in parentheses"
# the page: its data and script (tests/html.sh drives it in a browser)
{ sed -n '1,/^player Bruno/p' "$f" | grep -v '^# expect'; echo 'tag event "Club night, table 3"'; sed -n '/^hand 1/,$p' "$f"; } >"$tmp/tag.cgr"
noenv "$ref" --quiet --html "$tmp/tag.html" "$tmp/tag.cgr"
page_data "$tmp/tag.html" | jq -e '.tags == [["event", "Club night, table 3"]]' >/dev/null ||
  fail "the page's data lacks the record's tags"
grep '@media print' -A3 "$tmp/tag.html" | grep -q 'tags[^}]*display:none' && fail "the print hides the tags"
grep -q "v.actor&&!named(v.message,v.actor)" "$tmp/tag.html" || fail "the page names the player before a sentence that names them"
noenv "$ref" --quiet --lang fr --html "$tmp/fr.html" "$f"
page_data "$tmp/fr.html" | jq -r .quote | grep -q '### 15. La sortie' || fail "the French page: the rule's heading in English"
if command -v chromium >/dev/null 2>&1; then
  timeout 60 chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$tmp/profile" \
    --dump-dom "file://$tmp/tag.html" 2>/dev/null >"$tmp/tag.dom"
  grep -q '<p class="tags"><b>event: </b>Club night, table 3</p>' "$tmp/tag.dom" || fail "the page does not show the tags"
  grep -q '<p class="msg">Anne'"'"'s hand is empty' "$tmp/tag.dom" || fail "the page names the player twice"
  grep -q '<b>What was legal instead:</b> going out lacked 1 more canasta' "$tmp/tag.dom" || fail "the page's label"
fi

[ "$fails" -eq 0 ] && echo "ruling: $n records, $tables tables, --explain is the page's at the verdict"
exit $((fails > 0))
