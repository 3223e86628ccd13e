#!/bin/sh
# The dispute page (referee --html) in a real browser: headless Chromium
# (Debian's chromium, installed by tests/setup.sh like every dependency;
# without it the test says SKIP and exits 77, which ctest shows as skipped,
# or 1 when a check before the browser's failed).
#   - every corpus record gives a page (referee --html exits 0 to 2, the page ends);
#   - a page fetches nothing: no src=/href= to http(s) in the HTML;
#   - an illegal record of each variant opens at the offending action (the
#     section's data-line is the verdict's line), after the page's script ran;
#   - a #L<n> fragment shows the expected pile top, stock and hand sizes;
#   - the ruling both sides accept, in English and French: the offending
#     action shows the table it was judged against (the one before it) and
#     says so, other steps the table after their line; the lines not judged
#     are marked, and a #L past the last step or line says what it shows; the
#     frozen pile says since when, by what and what takes it; the rule's
#     passage is a quotation (a heading, French, an English gloss in italics,
#     the ruleset key once); the referee's sentences show cards as the table
#     does; what was legal instead is said for each code that has it; the
#     record pane wraps and follows the steps (a probe script measures it);
#     printed, no browser header or footer and no French word alone on a
#     line (pdftotext); a seat named once; the score chart's axes labelled;
#   - screenshots are not blank (not a uniform render).
# usage: html.sh REFEREE SOURCE_DIR
set -u
ref=$1
src=$2
tmp=$(mktemp -d)
. "$src/tests/browser.sh"
trap 'browser_stop; rm -rf "$tmp"' EXIT
fail=0
nbad=0
mark=0
bad() { echo "FAIL: $*"; fail=1; nbad=$((nbad + 1)); }
# passed WHAT: says ok when no check failed since the last passed
passed() { [ "$nbad" -eq "$mark" ] && echo "ok: $*"; mark=$nbad; }

# Under the sanitizers (REFEREE_SANITIZED=1, set by tests/CMakeLists.txt in
# that build) the test is the referee writing pages, its memory checked: every
# record into one page, one page each for every malformed record and one in
# six of the others, and the pages below; the browser reads the same bytes in
# the plain build, and only there.
quick=${REFEREE_SANITIZED:-0}
files=$(ls "$src"/corpus/*/*.cgr)
if [ "$quick" = 1 ]; then
  files=$(echo "$files" | awk '/\/malformed-/ || NR % 6 == 1')
  "$ref" --quiet --keep-going --html "$tmp/all.html" "$src"/corpus/*/*.cgr
  n=$(grep -c 'class="rec"' "$tmp/all.html")
  [ "$n" -eq "$("$ref" check "$src/corpus" | tail -1 | awk '{print $1 + $3}')" ] ||
    bad "the corpus page holds $n records"
fi

# Every record of the corpus: one page each.
for f in $files; do
  "$ref" --quiet --html "$tmp/one.html" "$f"
  rc=$?
  [ "$rc" -le 2 ] || bad "referee --html exits $rc on $f"
  tail -c 8 "$tmp/one.html" | grep -q '</html>' || bad "unfinished page for $f"
  grep -Eiq '(src|href)=["'"'"']?https?:' "$tmp/one.html" && bad "a network URL in the page of $f"
done
# A page that cannot be written is an I/O error (exit 3), said on stderr.
for out in "$tmp/no/such/dir.html" /dev/full; do
  [ -e /dev/full ] || continue
  "$ref" --quiet --html "$out" "$src/corpus/classic/legal-4p-full-hand.cgr" 2>"$tmp/err"
  rc=$?
  [ "$rc" -eq 3 ] && grep -q -- "--html" "$tmp/err" || bad "--html $out: exit $rc, $(cat "$tmp/err")"
done
echo "pages written for $(echo "$files" | wc -l) files of the corpus"

# The input is read once: on a pipe, a process substitution or a
# FIFO every record is judged and in the page, the status is one run's.
c=$src/corpus/classic
{ cat "$c/legal-2p-full-hand.cgr" "$c/legal-3p-hand.cgr"
  i=0; while [ $i -lt 300 ]; do cat "$c/illegal-wild-overflow.cgr"; i=$((i + 1)); done; } >"$tmp/many.cgr"
"$ref" --quiet "$tmp/many.cgr"; want=$?
cat "$tmp/many.cgr" | "$ref" --quiet --html "$tmp/pipe.html" /dev/stdin; got=$?
n=$(grep -c 'class="rec"' "$tmp/pipe.html")
[ "$got" -eq "$want" ] && [ "$n" -eq 302 ] || bad "--html on a pipe: exit $got (not $want), $n records of 302"
mkfifo "$tmp/fifo.cgr"
cat "$tmp/many.cgr" >"$tmp/fifo.cgr" &
timeout 20 "$ref" --quiet --html "$tmp/fifo.html" "$tmp/fifo.cgr"; got=$?
wait
n=$(grep -c 'class="rec"' "$tmp/fifo.html")
[ "$got" -eq "$want" ] && [ "$n" -eq 302 ] || bad "--html on a FIFO: exit $got (not $want), $n records of 302"
grep -q '"src":\["cgr 1","variant classic"' "$tmp/pipe.html" || bad "--html on a pipe: the records' text is not in the page"
# A page is bounded: a record of 200,000 actions, illegal early,
# keeps 1000 lines after its error, says from where nothing is kept, and
# stays small.
{ grep -v '^#' "$c/illegal-wild-overflow.cgr"
  awk 'BEGIN { for (i = 0; i < 100000; i++) print "Bruno draw 4C\nBruno discard 4C" }'; } >"$tmp/big.cgr"
"$ref" --quiet --html "$tmp/big.html" "$tmp/big.cgr"
size=$(wc -c <"$tmp/big.html")
[ "$size" -lt 2000000 ] || bad "--html of a 200,000-action record: a page of $size bytes"
at=$("$ref" --json "$tmp/big.cgr" | sed -n 's/.*"verdict":"illegal","code":"[A-Z-]*","line":\([0-9]*\).*/\1/p')
grep -q "\"cut\":$((at + 1001))" "$tmp/big.html" || bad "--html of a long record: no cut 1000 lines after line $at"
# The page's language is a catalogue's tag, escaped: no script
# from LANGUAGE, no lang="de" on an English page.
env LANGUAGE='</script><svg onload=title=7>' LANG=fr_FR.UTF-8 "$ref" --quiet --html "$tmp/inj.html" "$c/illegal-wild-overflow.cgr"
grep -q '<svg onload' "$tmp/inj.html" && bad "LANGUAGE is written into the page unescaped"
env -u LANGUAGE LANG=de_DE.UTF-8 "$ref" --quiet --html "$tmp/de.html" "$c/illegal-wild-overflow.cgr"
grep -q '"lang":"de"' "$tmp/de.html" && bad "LANG=de_DE.UTF-8 claims German on an English page"
env -u LANGUAGE LANG=fr_FR.UTF-8 "$ref" --quiet --html "$tmp/fr.html" "$c/illegal-wild-overflow.cgr"
grep -q '"lang":"fr"' "$tmp/fr.html" || bad "LANG=fr_FR.UTF-8: the page does not say French"

# text DOM: what the built document shows of its records (tags out, entities
# as characters), a line per record
text() {
  grep -h '<div id="records">' "$1" | sed 's/<section/\n&/g' | sed 's/<[^>]*>//g; s/&nbsp;/ /g; s/&lt;/</g; s/&gt;/>/g; s/&amp;/\&/g'
}
# sizes DOM: the hand sizes the table shows, in seat order
sizes() { grep -o 'data-hand-size="[0-9]*"' "$1" | tr -dc '0-9\n' | tr '\n' ' '; }
# uncard: the table's cards as the referee's codes (10♠ TS, ★JK JK)
uncard() { sed 's/10\([♠♥♦♣]\)/T\1/g; s/★JK/JK/g; s/♠/S/g; s/♥/H/g; s/♦/D/g; s/♣/C/g'; }
if [ "$quick" = 1 ]; then
  [ "$fail" -eq 0 ] && echo "html: the pages written under the sanitizers; the browser checks run in the plain build"
  exit "$fail"
fi
if ! need chromium; then
  echo "SKIP: chromium is not installed (sh tests/setup.sh installs it): the browser checks did not run"
  [ "$fail" -eq 0 ] || exit 1
  exit 77
fi
browser_start # one browser for every page below

# An illegal record of each variant opens at its verdict's line.
for f in classic/illegal-pile-frozen-bare.cgr two-player/illegal-pile-frozen-wild.cgr \
         chinese/illegal-pile-frozen.cgr italian/illegal-out-of-turn.cgr; do
  name=$(echo "$f" | tr / -)
  "$ref" --quiet --html "$tmp/$name.html" "$src/corpus/$f"
  line=$("$ref" --json "$src/corpus/$f" | sed -n 's/.*"verdict":"illegal","code":"[A-Z0-9-]*","line":\([0-9]*\).*/\1/p')
  [ -n "$line" ] || bad "$f: no illegal verdict line"
  browse "file://$tmp/$name.html" --dump-dom >"$tmp/$name.dom"
  grep -q "data-line=\"$line\" data-table=\"before\"" "$tmp/$name.dom" ||
    bad "$f: the page does not open at line $line, on the table it found"
  grep -q 'class="bad cur"' "$tmp/$name.dom" || bad "$f: the offending line is not highlighted"
  echo "ok: $f opens at line $line"
done

# A malformed record shows the line and column that could not be read.
"$ref" --quiet --html "$tmp/malformed.html" "$src/corpus/classic/malformed-unknown-card.cgr"
browse "file://$tmp/malformed.html" --dump-dom >"$tmp/malformed.dom"
grep -q 'malformed at line 13:14' "$tmp/malformed.dom" || bad "the malformed record's 13:14 not shown"
grep -q 'id="R1-L13" class="bad"\|class="bad" id="R1-L13"' "$tmp/malformed.dom" ||
  bad "the malformed line 13 is not highlighted"
echo "ok: malformed-unknown-card shows 13:14"

# --keep-going past the 64 later errors a record lists: the page says how
# many more, in English and French (they were dropped without a word)
{ printf 'cgr 1\nvariant classic\nplayer Anne\nplayer Bruno\n'
  i=1; while [ $i -le 70 ]; do printf 'hand %d\ndealer Bruno\nAnne frobnicate\n' $i; i=$((i + 1)); done
} >"$tmp/kg70.cgr"
"$ref" --quiet --keep-going --html "$tmp/kg70.html" "$tmp/kg70.cgr"
"$ref" --quiet --lang fr --keep-going --html "$tmp/kg70fr.html" "$tmp/kg70.cgr"
browse "file://$tmp/kg70.html" --dump-dom >"$tmp/kg70.dom"
browse "file://$tmp/kg70fr.html" --dump-dom >"$tmp/kg70fr.dom"
grep -q '5 more later errors, not listed: --keep-going lists the first 64 of a record' "$tmp/kg70.dom" ||
  bad "--keep-going: the page does not say the 5 later errors not listed"
grep -q '5 autres erreurs suivantes, non listées' "$tmp/kg70fr.dom" ||
  bad "--keep-going: the French page does not say the 5 later errors not listed"
passed "--keep-going: the later errors past 64 counted on the page"

# A legal 4-player hand: #L21 (after Anne discards 9C) shows the pile top 9C,
# 61 cards in the stock and hands of 5, 11, 11, 11 cards.
"$ref" --quiet --html "$tmp/legal.html" "$src/corpus/classic/legal-4p-full-hand.cgr"
browse "file://$tmp/legal.html#L21" --dump-dom >"$tmp/legal.dom"
grep -q 'data-line="21"' "$tmp/legal.dom" || bad "#L21 does not show line 21"
grep -q 'data-pile-top="9C" data-stock="61"' "$tmp/legal.dom" || bad "#L21: pile top 9C, stock 61 not shown"
sizes=$(grep -o 'data-hand-size="[0-9]*"' "$tmp/legal.dom" | tr -dc '0-9,\n' | tr '\n' ' ')
[ "$sizes" = "5 11 11 11 " ] || bad "#L21: hand sizes '$sizes', expected 5 11 11 11"
echo "ok: #L21 of legal-4p-full-hand: pile 9C, stock 61, hands $sizes"
# #L16 (Anne's dealt red three laid): one card in the pile, counted in the singular.
browse "file://$tmp/legal.html#L16" --dump-dom >"$tmp/legal16.dom"
text "$tmp/legal16.dom" | grep -q ' 1 card — stock: 63 cards' || bad "#L16: the pile's one card not counted '1 card'"

# Every record of the corpus in one page (with --keep-going): the list, a
# section per record, and the script runs through without an error.
"$ref" --quiet --keep-going --html "$tmp/all.html" "$src"/corpus/*/*.cgr
browse "file://$tmp/all.html" --dump-dom >"$tmp/all.dom"
n=$(grep -o '<section class="record"' "$tmp/all.dom" | wc -l)
links=$(grep -o '<li><a href="#R[0-9]*"' "$tmp/all.dom" | wc -l)
[ "$n" -gt 300 ] && [ "$n" -eq "$links" ] || bad "the corpus page: $n replays, $links links"
echo "ok: the whole corpus in one page: $n replays, $links links"

# The ruling both sides accept, in English and in French (--lang fr).
mark=$nbad
# step PAGE LINE: the page at #LLINE, its document in $tmp/step.dom, its text in $tmp/step.txt
step() {
  browse "file://$tmp/$1.html#L$2" --dump-dom >"$tmp/step.dom"
  text "$tmp/step.dom" >"$tmp/step.txt"
}
# shows WHAT LINE KIND SIZES WORDS: the step shows line LINE's table as KIND
# (before: the table the line found; after; nj: not judged), hands of SIZES, and says WORDS
shows() {
  grep -q "data-line=\"$2\" data-table=\"$3\"" "$tmp/step.dom" || bad "$1: not line $2's table $3 the action"
  [ "$(sizes "$tmp/step.dom")" = "$4" ] || bad "$1: hand sizes '$(sizes "$tmp/step.dom")', expected '$4'"
  grep -qF -- "$5" "$tmp/step.txt" || bad "$1: the page does not say '$5'"
}
# 1. Before or after. The opening melds of line 33, judged when Anne's turn
# reached its discard (line 36): line 33 shows the table it found (Anne's 16
# cards; after it she would hold 8), line 32 and 34 the table after them.
"$ref" --quiet --html "$tmp/om.html" "$c/illegal-opening-minimum-90.cgr"
"$ref" --quiet --lang fr --html "$tmp/om-fr.html" "$c/illegal-opening-minimum-90.cgr"
step om 33; shows "#L33" 33 before "16 15 " "the table as line 33 found it, before the action"
grep -q 'OPENING-MINIMUM at line 33:6, found at line 36' "$tmp/step.txt" || bad "#L33: the line where the fault was found is not said"
step om 32; shows "#L32" 32 after "16 15 " "the table after line 32"
step om 34; shows "#L34" 34 after "5 15 " "the table after line 34"
step om 36; shows "#L36" 36 before "2 15 " "the table as line 36 found it, before the action"
step om-fr 33; shows "#L33 (fr)" 33 before "16 15 " "la table telle que la ligne 33 l'a trouvée, avant l'action"
step om-fr 32; shows "#L32 (fr)" 32 after "16 15 " "la table après la ligne 32"
# four players: Anne's going out at line 27 (judged at her discard, line 28)
"$ref" --quiet --html "$tmp/go4.html" "$src/corpus/chinese/illegal-go-out-requirement.cgr"
step go4 27; shows "4 players #L27" 27 before "6 15 15 15 " "the table as line 27 found it, before the action"
step go4 26; shows "4 players #L26" 26 after "6 15 15 15 " "the table after line 26"
passed "the offending action shows the table it found, other steps the table after their line"

# 2. What was not judged: the lines after the verdict are marked, and a #L past
# the last step or the last line says so while it shows the nearest table.
{ grep -v '^#' "$c/illegal-wild-overflow.cgr"
  awk 'BEGIN { for (i = 0; i < 20; i++) print "Bruno draw 4C\nBruno discard 4C" }'; } >"$tmp/after.cgr"
"$ref" --quiet --html "$tmp/after.html" "$tmp/after.cgr"
"$ref" --quiet --lang fr --html "$tmp/after-fr.html" "$tmp/after.cgr"
step after 30; shows "#L30 not judged" 30 nj "16 15 " "line 30 was not judged: the verdict came at line 11"
n=$(grep -o '<li class="nj[a-z ]*" title="not judged: the verdict came at line 11"' "$tmp/step.dom" | wc -l)
[ "$n" -eq 40 ] || bad "$n lines marked not judged after line 11, not 40"
grep -q '<li class="njhead">not judged: the verdict came at line 11</li>' "$tmp/step.dom" ||
  bad "no legend for the lines not judged"
step after-fr 30
grep -qF "la ligne 30 n'a pas été jugée : le verdict est tombé à la ligne 11" "$tmp/step.txt" ||
  bad "#L30 (fr): the line not judged is not said"
step after 99
shows "#L99" 51 nj "16 15 " "line 99 is past the record's last line, 51"
step after-fr 99
grep -qF "la ligne 99 est au-delà de la dernière ligne de l'enregistrement, 51" "$tmp/step.txt" ||
  bad "#L99 (fr): past the last line is not said"
# the long record's page (above) keeps 1000 lines after its error: beyond, the page says so
browse "file://$tmp/big.html#L$((at + 1500))" --dump-dom >"$tmp/step.dom"
text "$tmp/step.dom" >"$tmp/step.txt"
grep -qF "line $((at + 1500)) is not on this page: lines from $((at + 1001)) on are not kept" "$tmp/step.txt" &&
  grep -q "<li class=\"cut\">lines from $((at + 1001)) on are not on this page" "$tmp/step.dom" &&
  grep -q "data-line=\"$((at + 1000))\"" "$tmp/step.dom" || bad "#L past the lines kept: not said"
passed "lines not judged marked; #L99, #L30 and #L past the cut say what they show"

# 3. Why the pile is frozen and since when, and what takes it.
frozen() { # frozen RECORD LINE WORDS
  "$ref" --quiet --html "$tmp/fz.html" "$src/corpus/$1"
  step fz "$2"
  grep -qF -- "$3" "$tmp/step.txt" || bad "$1 #L$2: the pile does not say '$3' ($(grep -o 'Pile:[^—]*' "$tmp/step.txt"))"
}
need2="taking it needs 2 natural cards of the top card's rank from the hand"
frozen classic/illegal-pile-frozen-bare.cgr 16 "frozen since line 14 (2♣ discarded); $need2"
grep -q 'data-frozen-line="14"' "$tmp/step.dom" || bad "the frozen pile's line is not in the page"
frozen chinese/illegal-pile-frozen.cgr 23 "frozen since line 22 by the covered upcard 2♣; $need2"
frozen two-player/illegal-pile-frozen-unopened.cgr 16 "frozen for Anne, a team that has not opened; $need2"
frozen custom/illegal-always-frozen.cgr 18 "always frozen; $need2"
"$ref" --quiet --lang fr --html "$tmp/fz.html" "$c/illegal-pile-frozen-bare.cgr"
step fz 16
grep -qF "gelée depuis la ligne 14 (2♣ défaussé); la prendre demande 2 cartes naturelles de la main, du rang de la carte du dessus" \
  "$tmp/step.txt" || bad "the frozen pile in French"
passed "the frozen pile says since when, by what, and what takes it"

# 4. The rule's passage: a heading, a French quotation, an English gloss in
# italics, no Markdown left; the ruleset key said once.
"$ref" --quiet --html "$tmp/pf.html" "$c/illegal-pile-frozen-bare.cgr"
browse "file://$tmp/pf.html" --dump-dom >"$tmp/pf.dom"
text "$tmp/pf.dom" >"$tmp/pf.txt"
fig=$(grep -o '<figure class="quote">.*</figure>' "$tmp/pf.dom")
echo "$fig" | grep -q '<figcaption>from docs/variants/classic.md, <cite>10. The frozen pile</cite></figcaption>' &&
  echo "$fig" | grep -q '<blockquote lang="fr"><p>Mais la&nbsp;pile' &&
  echo "$fig" | grep -q '<p class="gloss" lang="en"><em>But the pile can be frozen' ||
  bad "the rule's passage is not a heading, a French quotation and an English gloss: $fig"
echo "$fig" | sed 's/<[^>]*>//g' | grep -q '###\|\*\|&gt;\|rule:' && bad "Markdown marks in the rule's passage"
n=$(grep -o 'pile.unfreeze_naturals' "$tmp/pf.txt" | wc -l)
[ "$n" -eq 1 ] || bad "the ruleset key is shown $n times, not once"
passed "the rule's passage is a quotation, its key shown once"

# 5, 9. The referee's sentences show cards as the table does (but what they
# quote of a record), and what was legal instead is said at the verdict, for
# each code that has it, in English and French.
set --
for code in PILE-FROZEN PILE-NO-MATCH WILD-OVERFLOW GO-OUT-REQUIREMENT OPENING-MINIMUM; do
  for f in $(grep -l "expect: illegal $code " "$src"/corpus/*/*.cgr); do
    "$ref" --json --explain "$f" | grep -q '"instead":"' && { set -- "$@" "$f"; break; }
  done
done
[ $# -eq 5 ] || bad "records with what was legal instead: $# of 5 codes"
set -- "$@" "$src/corpus/two-player/illegal-pile-frozen-wild.cgr" "$src/corpus/italian/illegal-stock-mismatch.cgr" \
  "$src/corpus/chinese/illegal-pile-blocked-joker-cover.cgr"
for lang in en fr; do
  "$ref" --quiet --lang $lang --html "$tmp/said-$lang.html" "$@"
  browse "file://$tmp/said-$lang.html" --dump-dom >"$tmp/said-$lang.dom"
  text "$tmp/said-$lang.dom" >"$tmp/said-$lang.txt"
  grep -h '<div id="records">' "$tmp/said-$lang.dom" | sed 's/<section/\n&/g' >"$tmp/said.sections"
  label="What was legal instead:"; [ $lang = fr ] && label="Ce qui était régulier à la place :"
  k=1
  for f in "$@"; do
    [ $k -le 5 ] || break
    want=$("$ref" --json --explain --lang $lang "$f" | sed -n 's/.*"instead":"\(\([^"\\]\|\\.\)*\)".*/\1/p' | sed 's/\\"/"/g')
    got=$(sed -n "$((k + 1))p" "$tmp/said.sections" | sed 's/.*<p class="instead">//; s/<\/p>.*//; s/<[^>]*>//g; s/&nbsp;/ /g' | uncard)
    [ "$got" = "$label $want" ] || bad "$lang, $(basename "$f"): what was legal instead: '$got', not '$want'"
    k=$((k + 1))
  done
done
grep -q '<span class="cs sC">2♣</span>' "$tmp/said-en.dom" &&
  grep -qF 'Anne could take the pile with 9♠ 9♥ ("take 9S 9H")' "$tmp/said-en.txt" &&
  grep -qF 'Anne pouvait prendre la défausse avec 9♠ 9♥ (« take 9S 9H »)' "$tmp/said-fr.txt" &&
  grep -qF 'the stock gives K♣ here, not 10♠' "$tmp/said-en.txt" &&
  grep -qF 'the pile is topped by ★JK, a wild card' "$tmp/said-en.txt" ||
  bad "the referee's sentences do not show cards as the table does"
grep -E 'Anne: the pile is frozen by 2C|gives KC here|topped by JK' "$tmp/said-en.txt" | head -2 | grep -q . &&
  bad "card codes left in the referee's sentences"
passed "what was legal instead, at the verdict, for 5 codes in English and French; cards as the table shows them"

# 6. The record pane: its text from the first line, long lines wrapped (no
# horizontal scroll), and the current line kept in view as the steps go. The
# probe (a script after the page's) writes what it measured into the document.
grep -q 'id="R1-L1" data-l="1"><a class="ln" href="#L1">1</a><code># The pile holds a 2' "$tmp/pf.dom" ||
  bad "the record pane does not begin at the file's first line"
"$ref" gen --variant classic --players 4 --seed 1 >"$tmp/gen.cgr"
{ sed -n 1p "$tmp/gen.cgr"
  printf '# a long comment:'; i=0; while [ $i -lt 60 ]; do printf ' word%d' $i; i=$((i + 1)); done; echo
  printf '# %0300d\n' 0
  sed 1d "$tmp/gen.cgr"; } >"$tmp/long.cgr"
"$ref" --quiet --html "$tmp/long.html" "$tmp/long.cgr"
probe='<script>(function(){var o=document.querySelector("ol.src");function seen(){var a=o.getBoundingClientRect(),
b=o.querySelector("li.cur").getBoundingClientRect();return b.top<a.top?"no":b.bottom>a.bottom?"no":"yes"}
var r="cur="+o.querySelector("li.cur").id+" seen="+seen();document.querySelectorAll(".controls button")[2].click();
r+=" next="+o.querySelector("li.cur").id+" seen="+seen()+" wide="+(o.scrollWidth>o.clientWidth?"yes":"no");
r+=" wrap="+getComputedStyle(o.querySelector("li code")).whiteSpace;document.body.setAttribute("data-probe",r)})()</script>'
probe=$(printf '%s' "$probe" | tr -d '\n')
sed "s|</body>|$probe</body>|" "$tmp/long.html" >"$tmp/probed.html"
browse "file://$tmp/probed.html#L400" --window-size=1000,800 --dump-dom >"$tmp/probed.dom"
got=$(sed -n 's/.*data-probe="\([^"]*\)".*/\1/p' "$tmp/probed.dom")
next=$(sed -n 's/.*data-line="\([0-9]*\)".*/\1/p' "$tmp/probed.dom")
[ "$got" = "cur=R1-L400 seen=yes next=R1-L$next seen=yes wide=no wrap=pre-wrap" ] && [ "$next" -gt 400 ] ||
  bad "the record pane at #L400 of a long game: $got (next line $next)"
# opened without a fragment, at an offending line 138 lines down
"$ref" --quiet --html "$tmp/deep.html" "$src/corpus/chinese/illegal-end-early-pile.cgr"
sed "s|</body>|$probe</body>|" "$tmp/deep.html" >"$tmp/probed.html"
browse "file://$tmp/probed.html" --window-size=1000,800 --dump-dom >"$tmp/probed.dom"
deep=$(sed -n 's/.*data-probe="\([^"]*\)".*/\1/p' "$tmp/probed.dom")
[ "$deep" = "cur=R1-L138 seen=yes next=R1-L138 seen=yes wide=no wrap=pre-wrap" ] ||
  bad "the record pane opened at line 138: $deep"
passed "the record pane wraps long lines and follows the steps ($got)"

# 7. Printed: no browser header or footer (no date, no file:// address, the
# title once: the page's own heading), and no French word alone on a line of
# the quotation. Printed the way html_valid.sh prints, without its
# --no-pdf-header-footer.
if need pdftotext; then
  for p in pf-fr om-fr; do
    case $p in
      pf-fr) "$ref" --quiet --lang fr --html "$tmp/$p.html" "$c/illegal-pile-frozen-bare.cgr"
             first="Mais la pile"; last="cette carte." ;;
      om-fr) first="La première série"; last="points exigés." ;;
    esac
    browse "file://$tmp/$p.html" --print-to-pdf="$tmp/$p.pdf" >/dev/null
    pdftotext "$tmp/$p.pdf" - | sed 's/\xc2\xa0/ /g' >"$tmp/$p.print" || { bad "$p: no PDF printed"; continue; }
    grep -Eq 'file:|[0-9]{1,2}/[0-9]{1,2}/[0-9]{2,4}|^[0-9]+/[0-9]+$' "$tmp/$p.print" &&
      bad "$p: the print has the browser's header or footer: $(grep -E 'file:|/' "$tmp/$p.print" | head -2)"
    n=$(grep -c 'Arbitre de canasta : la partie contestée' "$tmp/$p.print")
    [ "$n" -eq 1 ] || bad "$p: the page's title printed $n times"
    alone=$(awk -v a="$first" -v b="$last" 'index($0, a) { on = 1 } on && NF == 1 { print } on && index($0, b) { exit }' "$tmp/$p.print")
    [ -z "$alone" ] || bad "$p: a word alone on a line of the French quotation: $alone"
    grep -qF "$first" "$tmp/$p.print" || bad "$p: the quotation is not printed"
  done
  passed "printed without the browser's header and footer, no French word alone on a line"
else
  echo "SKIP: pdftotext is not installed (sh tests/setup.sh installs it): the print was not checked"
fi

# 8. A seat whose team bears the player's name shows the name once; the score
# chart labels its axes (hand numbers, points).
grep -q '<b>Anne ◀ to act</b>' "$tmp/pf.dom" && ! grep -q 'Bruno (Bruno)' "$tmp/pf.dom" ||
  bad "a two-player seat does not show its name once"
"$ref" --quiet --html "$tmp/game.html" "$c/legal-2p-game-5000.cgr"
"$ref" --quiet --lang fr --html "$tmp/game-fr.html" "$c/legal-2p-game-5000.cgr"
hands=$(grep -c '^score' "$c/legal-2p-game-5000.cgr")
for lang in en fr; do
  page=game; [ $lang = fr ] && page=game-fr
  browse "file://$tmp/$page.html" --dump-dom | grep '<div id="records">' >"$tmp/game.dom"
  x=$(grep -o '<text class="xt"' "$tmp/game.dom" | wc -l)
  y=$(grep -o '<text class="yt"' "$tmp/game.dom" | wc -l)
  words="hand points"; [ $lang = fr ] && words="manche points"
  xl=$(sed -n 's/.*<text class="xl"[^>]*>\([^<]*\)<.*/\1/p' "$tmp/game.dom")
  yl=$(sed -n 's/.*<text class="yl"[^>]*>\([^<]*\)<.*/\1/p' "$tmp/game.dom")
  [ "$x" -eq $((hands + 1)) ] && [ "$y" -ge 3 ] && [ "$xl $yl" = "$words" ] ||
    bad "$lang: the score chart's axes: $x hand numbers (of $((hands + 1))), $y points, labels '$xl $yl'"
done
grep -q '<b>Anne (NS)' "$tmp/said-en.dom" || bad "a four-player seat does not name its team"
passed "seats named once, the chart's axes labelled in English and French"

# Screenshots are not blank: a page with content differs from an empty page's.
printf '<!DOCTYPE html><html><body></body></html>' >"$tmp/blank.html"
browse "file://$tmp/blank.html" --window-size=1000,800 --screenshot="$tmp/blank.png" >/dev/null
for page in legal classic-illegal-pile-frozen-bare.cgr; do
  browse "file://$tmp/$page.html" --window-size=1000,800 --screenshot="$tmp/$page.png" >/dev/null
  [ -s "$tmp/$page.png" ] || { bad "no screenshot of $page"; continue; }
  size=$(wc -c <"$tmp/$page.png")
  blank=$(wc -c <"$tmp/blank.png")
  [ "$size" -gt $((blank * 4)) ] || bad "screenshot of $page looks blank ($size bytes, blank $blank)"
  echo "ok: screenshot of $page, $size bytes (a blank page: $blank)"
done
if grep -a 'CONSOLE' "$tmp/console.log" | grep -aq 'Uncaught'; then
  grep -a 'CONSOLE' "$tmp/console.log" | grep -a 'Uncaught' | head -5
  bad "a script error in a page"
fi
[ "$fail" -eq 0 ] && echo "html: all checks passed"
exit "$fail"
