#!/bin/sh
# The dispute page (referee --html) is valid HTML, prints what a director sends
# and stays small:
#   - HTML Tidy (Debian's tidy, HTML5-aware) reports no error and no warning,
#     both on the page as written and on the document its script builds (the
#     DOM after the script ran, dumped by headless Chromium), for a legal
#     4-player game, an illegal record of each variant, a malformed record, a
#     page of several records, a --keep-going page with a later error and
#     a record whose comments hold markup ("<!--<script>", "</script>"),
#     which must show as text and leave the page whole;
#     the same Tidy does complain of a page with an unclosed element;
#   - printed to PDF by Chromium (read back by pdftotext), an illegal record's
#     page gives the verdict's code and sentence, the table at the offending
#     action (its line, pile top and stock) and the score table, without the
#     buttons of the replay nor the browser's header and footer (the page's
#     @page leaves them no room: no --no-pdf-header-footer needed);
#   - the page of a 5000-point 4-player game (referee gen) is under 2 MB;
#   - a game of a ruleset that sets cards of taken piles aside (Cuban
#     canasta, corpus/custom/cuban.yaml) has a score table with a "set aside"
#     column after the red threes, whose cells are the --json report's
#     set_aside parts and add up with the others to the hand's total; its
#     table says each team's cards set aside and, at the verdict of a record
#     missing its `aside` line, the cards still due; a classic page says
#     neither.
# tidy, chromium and pdftotext are installed by tests/setup.sh; a check that
# cannot run for want of one says SKIP, and the test then exits 77 (ctest
# shows it as skipped) when every check that ran passed, else 1.
# usage: html_valid.sh REFEREE SOURCE_DIR
set -u
export LC_ALL=C.UTF-8 LANGUAGE= # the page in English, whatever the caller's language
ref=$1
src=$2
tmp=$(mktemp -d)
. "$src/tests/browser.sh"
trap 'browser_stop; rm -rf "$tmp"' EXIT
fail=0
skipped=0
bad() { echo "FAIL: $*"; fail=1; }
skip() { echo "SKIP: $*"; skipped=1; }
# finish: 1 when a check failed, else 77 when one could not run, else 0
finish() {
  [ "$fail" -eq 0 ] || exit 1
  [ "$skipped" -eq 0 ] || exit 77
  echo "html_valid: all checks passed"
  exit 0
}
c=$src/corpus

# The pages: name, then referee's arguments. The --keep-going record has an
# out-of-turn discard in hands 1 and 3 of a legal game.
awk '{print} /^hand [13]$/ {h=1} h && /^pile/ {print "Bruno discard 9C"; h=0}' \
  "$c/classic/legal-2p-game-5000.cgr" >"$tmp/kg.cgr"
sed 's|^pile 8D|pile 8D # <!--<script> a|; s|^Anne draw 5H|& # </script><b>|' \
  "$c/classic/illegal-pile-frozen-bare.cgr" >"$tmp/markup.cgr"
# a game whose takes set black threes aside (2 hands of seed 7 set one aside),
# and the same without its first `aside` line (SET-ASIDE at the turn's end)
"$ref" gen --variant "$c/custom/cuban.yaml" --games 1 --hands 2 --seed 7 >"$tmp/aside.cgr"
aside=$(grep -n -m1 ' aside ' "$tmp/aside.cgr" | cut -d: -f1)
sed "${aside:-1}d" "$tmp/aside.cgr" >"$tmp/aside-due.cgr"
set -- legal "$c/classic/legal-4p-full-hand.cgr" \
  classic "$c/classic/illegal-opening-minimum-90.cgr" \
  two-player "$c/two-player/illegal-pile-frozen-wild.cgr" \
  chinese "$c/chinese/illegal-pile-frozen.cgr" \
  italian "$c/italian/illegal-out-of-turn.cgr" \
  malformed "$c/classic/malformed-unknown-card.cgr" \
  several "$c/classic/multi-records.cgr $c/classic/legal-4p-full-hand.cgr \
           $c/classic/illegal-opening-minimum-90.cgr $c/two-player/illegal-pile-frozen-wild.cgr \
           $c/chinese/illegal-pile-frozen.cgr $c/italian/illegal-out-of-turn.cgr \
           $c/classic/malformed-unknown-card.cgr" \
  keep-going "--keep-going $tmp/kg.cgr" \
  markup "$tmp/markup.cgr" \
  aside "$tmp/aside.cgr" \
  aside-due "$tmp/aside-due.cgr" \
  french "--lang fr $c/classic/illegal-opening-minimum-90.cgr"
pages=""
while [ $# -ge 2 ]; do
  # shellcheck disable=SC2086
  "$ref" --quiet --html "$tmp/$1.html" $2
  [ "$?" -le 2 ] && [ -s "$tmp/$1.html" ] || bad "no page for $1 ($2)"
  pages="$pages $1"
  shift 2
done
grep -q '"later":\[{' "$tmp/keep-going.html" || bad "the --keep-going page has no later error"

# The page of a 5000-point 4-player game (seed 4 gave the longest classic game of
# seeds 1 to 30 when this was written).
"$ref" gen --variant classic --players 4 --seed 4 >"$tmp/g5000.cgr"
"$ref" --quiet --html "$tmp/g5000.html" "$tmp/g5000.cgr" || bad "the 5000-point game is not legal"
grep -q '"over":true' "$tmp/g5000.html" || bad "the generated game does not reach its target"
size=$(wc -c <"$tmp/g5000.html")
[ "$size" -lt 2000000 ] || bad "the page of a 5000-point game is $size bytes, not under 2 MB"
echo "ok: the page of a 5000-point 4-player game is $size bytes"

# valid FILE WHAT: Tidy has nothing to say about FILE (exit 0, no message).
valid() {
  tidy -q -e "$1" >"$tmp/tidy.out" 2>&1 && [ ! -s "$tmp/tidy.out" ] && return 0
  bad "$2 is not valid HTML:"
  sed 's/^/  | /' "$tmp/tidy.out" | head -10
}
if need tidy; then
  for p in $pages; do valid "$tmp/$p.html" "the page $p"; done
  sed 's|<h1>|<h1><b>|' "$tmp/legal.html" >"$tmp/unclosed.html"
  tidy -q -e "$tmp/unclosed.html" >/dev/null 2>&1 && bad "tidy accepts a page with an unclosed <b>"
  [ "$fail" -eq 0 ] && echo "ok: tidy finds nothing in the pages as written:$pages"
else
  skip "tidy is not installed (sh tests/setup.sh installs it): the pages were not validated"
fi

if ! need chromium; then
  skip "chromium is not installed (sh tests/setup.sh installs it): the built documents and the print were not checked"
  finish
fi
browser_start # one browser for every page below
# The documents built: the page of several records holds the single pages'
# records (a browser opening each would add seconds to the test for nothing).
for p in several keep-going markup classic french aside aside-due; do
  browse "file://$tmp/$p.html" --dump-dom >"$tmp/$p.dom.html"
  if command -v tidy >/dev/null 2>&1; then valid "$tmp/$p.dom.html" "the document built by the page $p"; fi
done
[ "$fail" -eq 0 ] && command -v tidy >/dev/null 2>&1 && echo "ok: tidy finds nothing in the documents the scripts built"
n=$(grep -o '<section class="record"' "$tmp/markup.dom.html" | wc -l)
grep -qF '# &lt;!--&lt;script&gt; a' "$tmp/markup.dom.html" && [ "$n" -eq 1 ] &&
  grep -qF '# &lt;/script&gt;&lt;b&gt;' "$tmp/markup.dom.html" ||
  bad "markup in a record's comments is not shown as text in a whole page ($n replays)"

# The score table of the game with cards set aside: the column after the red
# threes; each row's parts add up to its hand total; the column's cells are
# the report's set_aside parts (the page lists them by team, the report by hand)
aside_head='<th>red threes</th><th>set aside</th><th>going out</th>'
grep -qF "$aside_head" "$tmp/aside.dom.html" || bad "the page of cards set aside has no column for them"
sed 's/<tr>/\n/g' "$tmp/aside.dom.html" | sed -n 's/^<td>\([^<]*\)<\/td>\(<td>[^<]*<\/td>\)*<\/tr>.*/&/p' |
  sed 's/<\/tr>.*//; s/<\/td><td>/ /g; s/<\/\{0,1\}td>//g' >"$tmp/aside.rows"
awk 'NF != 10 || $2 + $3 + $4 + $5 + $6 + $7 + $8 != $9 { print; bad = 1 } END { exit bad }' \
  "$tmp/aside.rows" >"$tmp/aside.bad" || bad "score rows whose parts do not add up: $(cat "$tmp/aside.bad")"
page_aside=$(awk '{ print $5 }' "$tmp/aside.rows" | sort -n | tr '\n' ' ')
json_aside=$("$ref" --json "$tmp/aside.cgr" | grep -o '"set_aside":-*[0-9]*' | sed 's/.*://' | sort -n |
  tr '\n' ' ')
[ -n "$json_aside" ] && [ "$page_aside" = "$json_aside" ] ||
  bad "the set aside column holds '$page_aside', the report '$json_aside'"
case $page_aside in *[1-9]*) ;; *) bad "no team set a card aside: '$page_aside'" ;; esac
echo "ok: the score table of cards set aside: $(wc -l <"$tmp/aside.rows") rows, set aside $page_aside"
# The table: at the `aside` line the team's count beside its melds; the page
# without that line opens at the verdict with the cards still due
browse "file://$tmp/aside.html#L$aside" --dump-dom >"$tmp/aside-at.dom.html"
grep -qE 'Melds of [^<]* — set aside: [1-9]' "$tmp/aside-at.dom.html" ||
  bad "the table at line $aside does not say the cards set aside"
grep -qE ' — still to set aside \(aside\): </span><span class="cards"><span class="card s[SC]">3' \
  "$tmp/aside-due.dom.html" || bad "the table at the SET-ASIDE verdict does not show the black three due"
grep -qE '<th>set aside</th>| — set aside: [0-9]|still to set aside \(aside\): </span>' \
  "$tmp/classic.dom.html" && bad "a classic page speaks of cards set aside"
echo "ok: the table says the cards set aside (line $aside) and those still due (the verdict)"

# Printed: the verdict, the table at the offending action, the scores; no buttons.
if need pdftotext; then
  f=$c/classic/illegal-opening-minimum-90.cgr
  json=$("$ref" --json "$f")
  line=$(echo "$json" | sed -n 's/.*"verdict":"illegal","code":"[A-Z0-9-]*","line":\([0-9]*\).*/\1/p')
  message=$(echo "$json" | sed -n 's/.*"message":"\([^"]*\)".*/\1/p')
  top=$(sed -n 's/.*data-pile-top="\([^"]*\)" data-stock="\([0-9]*\)".*/\1 \2/p' "$tmp/classic.dom.html")
  stock=${top#* }
  top=$(echo "${top% *}" | sed 's/^T/10/; s/S$/♠/; s/H$/♥/; s/D$/♦/; s/C$/♣/')
  # (no --no-pdf-header-footer: the page's own @page margin leaves the
  # browser no room for its header and footer)
  browse "file://$tmp/classic.html" --print-to-pdf="$tmp/print.pdf" >/dev/null
  pdftotext -layout "$tmp/print.pdf" "$tmp/print.txt" || bad "no PDF printed"
  for want in "OPENING-MINIMUM at line $line:" "$message" "line $line, hand 2" \
              "Pile: $top" "stock: $stock cards" "Scores"; do
    grep -qF -- "$want" "$tmp/print.txt" || bad "the printed page lacks '$want'"
  done
  # hand 1 of Anne: melded, canastas, red threes, going out, cut, cards left, total, running
  grep -Eq '^ *1 +310 +800 +900 +200 +0 +0 +2210 +2210 *$' "$tmp/print.txt" ||
    bad "the printed page lacks the score table's row of hand 1"
  for shun in "previous" "next ▶" "« first" "last »" "file://"; do
    grep -qF -- "$shun" "$tmp/print.txt" && bad "the printed page shows '$shun'"
  done
  echo "ok: printed, $(wc -l <"$tmp/print.txt") lines: the verdict, line $line, pile $top, stock $stock, scores"
else
  skip "pdftotext is not installed (poppler-utils: sh tests/setup.sh installs it): the print was not checked"
fi
if grep -a 'CONSOLE' "$tmp/console.log" | grep -aq 'Uncaught'; then
  bad "a script error in a page"
fi
finish
