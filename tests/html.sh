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
#   - screenshots are not blank (not a uniform render).
# usage: html.sh REFEREE SOURCE_DIR
set -u
ref=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# Every record of the corpus: one page each.
for f in "$src"/corpus/*/*.cgr; do
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
echo "pages written for $(ls "$src"/corpus/*/*.cgr | wc -l) records"

# The input is read once (issue 20): on a pipe, a process substitution or a
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
# A page is bounded (issue 20): a record of 200,000 actions, illegal early,
# keeps 1000 lines after its error, says from where nothing is kept, and
# stays small.
{ grep -v '^#' "$c/illegal-wild-overflow.cgr"
  awk 'BEGIN { for (i = 0; i < 100000; i++) print "Bruno draw 4C\nBruno discard 4C" }'; } >"$tmp/big.cgr"
"$ref" --quiet --html "$tmp/big.html" "$tmp/big.cgr"
size=$(wc -c <"$tmp/big.html")
[ "$size" -lt 2000000 ] || bad "--html of a 200,000-action record: a page of $size bytes"
at=$("$ref" --json "$tmp/big.cgr" | sed -n 's/.*"verdict":"illegal","code":"[A-Z-]*","line":\([0-9]*\).*/\1/p')
grep -q "\"cut\":$((at + 1001))" "$tmp/big.html" || bad "--html of a long record: no cut 1000 lines after line $at"
# The page's language is a catalogue's tag, escaped (issue 20): no script
# from LANGUAGE, no lang="de" on an English page.
env LANGUAGE='</script><svg onload=title=7>' LANG=fr_FR.UTF-8 "$ref" --quiet --html "$tmp/inj.html" "$c/illegal-wild-overflow.cgr"
grep -q '<svg onload' "$tmp/inj.html" && bad "LANGUAGE is written into the page unescaped"
env -u LANGUAGE LANG=de_DE.UTF-8 "$ref" --quiet --html "$tmp/de.html" "$c/illegal-wild-overflow.cgr"
grep -q '"lang":"de"' "$tmp/de.html" && bad "LANG=de_DE.UTF-8 claims German on an English page"
env -u LANGUAGE LANG=fr_FR.UTF-8 "$ref" --quiet --html "$tmp/fr.html" "$c/illegal-wild-overflow.cgr"
grep -q '"lang":"fr"' "$tmp/fr.html" || bad "LANG=fr_FR.UTF-8: the page does not say French"

. "$src/tests/browser.sh"
if ! need chromium; then
  echo "SKIP: chromium is not installed (sh tests/setup.sh installs it): the browser checks did not run"
  [ "$fail" -eq 0 ] || exit 1
  exit 77
fi

# An illegal record of each variant opens at its verdict's line.
for f in classic/illegal-pile-frozen-bare.cgr two-player/illegal-pile-frozen-wild.cgr \
         chinese/illegal-pile-frozen.cgr italian/illegal-out-of-turn.cgr; do
  name=$(echo "$f" | tr / -)
  "$ref" --quiet --html "$tmp/$name.html" "$src/corpus/$f"
  line=$("$ref" --json "$src/corpus/$f" | sed -n 's/.*"verdict":"illegal","code":"[A-Z0-9-]*","line":\([0-9]*\).*/\1/p')
  [ -n "$line" ] || bad "$f: no illegal verdict line"
  browse "file://$tmp/$name.html" --dump-dom >"$tmp/$name.dom"
  grep -q "data-line=\"$line\"" "$tmp/$name.dom" || bad "$f: the page does not open at line $line"
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
grep -q '> 1 card — stock: 63 cards<' "$tmp/legal16.dom" || bad "#L16: the pile's one card not counted '1 card'"

# Every record of the corpus in one page (with --keep-going): the list, a
# section per record, and the script runs through without an error.
"$ref" --quiet --keep-going --html "$tmp/all.html" "$src"/corpus/*/*.cgr
browse "file://$tmp/all.html" --dump-dom >"$tmp/all.dom"
n=$(grep -o '<section class="record"' "$tmp/all.dom" | wc -l)
links=$(grep -o '<li><a href="#R[0-9]*"' "$tmp/all.dom" | wc -l)
[ "$n" -gt 300 ] && [ "$n" -eq "$links" ] || bad "the corpus page: $n replays, $links links"
echo "ok: the whole corpus in one page: $n replays, $links links"

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
