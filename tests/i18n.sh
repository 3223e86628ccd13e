#!/bin/sh
# The messages in other languages (po/LANG.po, referee/cards/i18n.h):
#  - every sentence marked in the sources (the template po/template.sh makes
#    with xgettext) is translated in each po/LANG.po: none missing, none
#    untranslated, none fuzzy, none left over from an older source;
#  - every corpus record's verdict message (and each later error of
#    --keep-going) comes out in French with --lang fr and with LANG=fr_FR.UTF-8
#    alone (no fr_FR locale needs to exist), differs from the English one, and
#    the JSON is the English JSON but for the message values;
#  - so does every verdict docs/codes.md shows (its transcripts run in French);
#  - --explain, the text report and the --html page are in French;
#  - English stays the default, and --lang en is the default.
# Without jq or gettext's tools (xgettext, msgcmp, msgfmt) it says SKIP and
# exits 77 (ctest: skipped).
# Usage: sh tests/i18n.sh REFEREE SOURCE_DIR
set -u
ref=$1
src=$2
for tool in jq xgettext msgcmp msgfmt; do
  if ! command -v $tool >/dev/null 2>&1; then
    echo "SKIP: $tool is not installed (sh tests/setup.sh installs it): the translations were not checked"
    exit 77
  fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
noenv() { env -u LANGUAGE -u LC_ALL -u LC_MESSAGES -u LANG "$@"; }

sh "$src/po/template.sh" "$tmp/t.pot" || { echo "FAIL: xgettext"; exit 1; }
n=$(grep -c '^msgid ' "$tmp/t.pot")
[ "$n" -ge 250 ] || fail "only $n messages marked in the sources"
for po in "$src"/po/*.po; do
  lang=$(basename "$po" .po)
  msgcmp "$po" "$tmp/t.pot" 2>"$tmp/err" || { fail "$lang.po lacks messages:"; head -20 "$tmp/err"; }
  msgcmp --use-untranslated "$tmp/t.pot" "$po" 2>"$tmp/err" ||
    { fail "$lang.po holds messages the sources no longer have:"; head -20 "$tmp/err"; }
  stats=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1)
  echo "$stats" | grep -qE '^[0-9]+ translated messages\.$' ||
    fail "$lang.po: $stats (fuzzy or untranslated messages)"
done

# The verdicts: the part after "CODE: " (illegal) or "status: " (malformed).
msgs() { sed -nE 's/^ *[^ ]*:[0-9]+:[0-9]+: [^:]+: (([A-Z0-9]+-)*[A-Z0-9]+: )?//p'; }
files=$(find "$src/corpus" -name '*.cgr' | sort)
# shellcheck disable=SC2086 # (the corpus's names have no blanks)
run() { noenv "$@" --keep-going $files 2>&1; }
run "$ref" >"$tmp/en"
run "$ref" --lang fr >"$tmp/fr"
run env LANG=fr_FR.UTF-8 "$ref" >"$tmp/env"
cmp -s "$tmp/fr" "$tmp/env" || fail "LANG=fr_FR.UTF-8 and --lang fr differ"
run env LANGUAGE=fr LANG=C.UTF-8 "$ref" >"$tmp/env"
cmp -s "$tmp/fr" "$tmp/env" || fail "LANGUAGE=fr LANG=C.UTF-8 and --lang fr differ"
run env LANGUAGE=fr "$ref" >"$tmp/env"
cmp -s "$tmp/en" "$tmp/env" || fail "LANGUAGE=fr alone (the C locale) is not English, as in GNU programs"
run "$ref" --lang en >"$tmp/env"
cmp -s "$tmp/en" "$tmp/env" || fail "--lang en is not the default"
msgs <"$tmp/en" >"$tmp/en.m"
msgs <"$tmp/fr" >"$tmp/fr.m"
records=$(wc -l <"$tmp/en.m")
[ "$records" -eq "$(wc -l <"$tmp/fr.m")" ] || fail "not the same verdicts in English and French"
paste -d '\n' "$tmp/en.m" "$tmp/fr.m" | while read -r en && read -r fr; do
  [ "$en" != "$fr" ] || echo "$en"
done >"$tmp/same"
[ -s "$tmp/same" ] && fail "untranslated: $(sort -u "$tmp/same")"
# the JSON: keys, codes, numbers and statuses never change with the language
for l in en fr; do
  run "$ref" --json --explain --lang $l |
    jq -c 'walk(if type == "object" then del(.message, .instead) else . end)' >"$tmp/$l.json"
done
[ -s "$tmp/en.json" ] && cmp -s "$tmp/en.json" "$tmp/fr.json" ||
  fail "--json differs beyond the messages"
# what was legal instead: said in both languages, for the same
# records, in other words
for l in en fr; do
  run "$ref" --json --explain --lang $l | jq -r 'select(.instead) | .instead' >"$tmp/$l.instead"
done
n=$(wc -l <"$tmp/en.instead")
[ "$n" -ge 20 ] && [ "$n" -eq "$(wc -l <"$tmp/fr.instead")" ] ||
  fail "what was legal instead: $n records in English, $(wc -l <"$tmp/fr.instead") in French"
paste -d '\n' "$tmp/en.instead" "$tmp/fr.instead" | while read -r en && read -r fr; do
  [ "$en" != "$fr" ] || echo "$en"
done >"$tmp/same"
[ -s "$tmp/same" ] && fail "what was legal instead, untranslated: $(sort -u "$tmp/same" | head -3)"
[ "$records" -ge 150 ] || fail "only $records verdict messages compared"

# docs/codes.md's examples: each verdict it shows comes out in French
DOCS_LANGUAGE=fr sh "$src/tests/docs.sh" "$ref" "$src" "$src/docs/codes.md" >"$tmp/docs"
shown=$(grep -cE '^[^ ]+:[0-9]+:[0-9]+: (illegal|malformed): ' "$src/docs/codes.md")
sed -n 's/^  -//p' "$tmp/docs" | msgs >"$tmp/docs.en"
sed -n 's/^  +//p' "$tmp/docs" | msgs >"$tmp/docs.fr"
[ "$shown" -ge 40 ] && [ "$(wc -l <"$tmp/docs.en")" -eq "$shown" ] &&
  [ "$(wc -l <"$tmp/docs.fr")" -eq "$shown" ] ||
  fail "docs/codes.md shows $shown verdicts, $(wc -l <"$tmp/docs.fr") came out in French"
grep -qxFf "$tmp/docs.en" "$tmp/docs.fr" && fail "docs/codes.md: untranslated: $(grep -xFf "$tmp/docs.en" "$tmp/docs.fr")"

# --explain and the report's headings
ill=$src/corpus/classic/illegal-meld-size.cgr
noenv "$ref" --explain --lang fr "$ill" >"$tmp/x" 2>&1
for want in "la table telle que la ligne" "talon : " "défausse : " "règle : meld.min_cards" \
            "combinaisons de l'équipe"; do
  grep -qF "$want" "$tmp/x" || fail "--explain --lang fr lacks \"$want\""
done
noenv "$ref" --lang fr "$src"/corpus/classic/legal-*.cgr >"$tmp/l" 2>&1
grep -q "régulier: classic, enregistrement 1, 2 joueurs" "$tmp/l" || fail "the legal line in French"
grep -qE '^ +manche +équipe' "$tmp/l" || fail "the score table's headings in French"
# the page: its verdict, and its script's words for it to show (tests/html.sh
# runs the page; an English page carries no translation)
noenv "$ref" --lang fr --html "$tmp/fr.html" "$ill" >/dev/null
grep -q '<script type="application/json" id="i18n">{"lang":"fr","Canasta referee: dispute view":"Arbitre' \
  "$tmp/fr.html" || fail "--html --lang fr: no French words for the page's script"
grep -q 'une combinaison de rois' "$tmp/fr.html" || fail "--html --lang fr: the verdict not in French"
noenv "$ref" --html "$tmp/en.html" "$ill" >/dev/null
grep -q 'id="i18n"' "$tmp/en.html" && fail "an English page carries translations"
noenv "$ref" --lang xx "$ill" >/dev/null 2>"$tmp/err" && fail "--lang xx accepted"
grep -q "no messages in that language" "$tmp/err" || fail "--lang xx: $(cat "$tmp/err")"

[ "$fails" -eq 0 ] &&
  echo "i18n: $n messages translated; $records corpus verdicts and $shown of docs/codes.md in French"
exit $((fails > 0))
