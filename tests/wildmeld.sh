#!/bin/sh
# Melds of wild cards only (wild_meld.*, issues 28 and 29) as every output
# names them: --explain in English and French, --json's state, the dispute
# page's table, what was legal instead of a wild card refused by
# wild_meld.exclusive, what was legal instead of a merge of two of them
# (nothing: only sets merge), the loader's refusals, and `referee gen` playing legal
# games under the custom rulesets of corpus/custom (wild-meld*.yaml).
# Usage: sh tests/wildmeld.sh REFEREE SOURCE_DIR
set -u
referee=$1
cd "$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
has() { # file, text
  grep -qF -- "$2" "$1" || bad "$1 lacks '$2'"
}
rec=corpus/custom/illegal-wild-meld-exclusive.cgr
"$referee" --explain "$rec" >"$tmp/en" 2>&1
has "$tmp/en" "#1 meld of wild cards: 2♥ 2♦ 2♣ JK JK"
has "$tmp/en" "what was legal instead: add #1 2S: the wild cards to the team's unfinished meld of wild cards"
"$referee" --lang fr --explain "$rec" >"$tmp/fr" 2>&1
has "$tmp/fr" "#1 combinaison d'atouts: 2♥ 2♦ 2♣ JK JK"
has "$tmp/fr" "la combinaison d'atouts #1 de l'équipe n'est pas finie"
# a merge of two melds of wild cards is refused, and what was legal instead
# asks the merge's own judgement: not the very merge refused
"$referee" --explain corpus/custom/illegal-merge-wild-melds.cgr >"$tmp/merge" 2>&1
has "$tmp/merge" "what was legal instead: nothing: the team has no two sets of one rank to merge"
grep -q "a merge of two sets of one rank: #1 and #2" "$tmp/merge" &&
  bad "what was legal instead names the two melds of wild cards the merge refused"
"$referee" --explain corpus/custom/illegal-wild-meld-size.cgr >"$tmp/size" 2>&1
has "$tmp/size" "#1 canasta of wild cards: 2♠ 2♥ 2♥ 2♦ 2♦ 2♣ 2♣"
"$referee" --json --explain "$rec" >"$tmp/json"
has "$tmp/json" '"kind":"wild_meld","rank":null,"wilds":5,"canasta":false'
"$referee" --lang fr --html "$tmp/page.html" "$rec" >/dev/null 2>&1
has "$tmp/page.html" '[0,"wild",0,0,5,"JK JK 2H 2D 2C"]'
has "$tmp/page.html" '"canasta of wild cards (closed)":"canasta d'"'"'atouts (fermée)"'
# the loader: wild_meld and meld.wild_sets exclude each other
printf 'schema: 1\nname: both\nextends: chinese\nwild_meld:\n  min_cards: 3\n' >"$tmp/both.yaml"
"$referee" --rules "$tmp/both.yaml" "$rec" >"$tmp/both" 2>&1
[ $? = 3 ] || bad "a ruleset with wild_meld and meld.wild_sets loads"
has "$tmp/both" "wild_meld: melds of wild cards and meld.wild_sets (2) exclude each other"
# the generator: legal games where melds of wild cards are formed
for rules in wild-meld wild-meld-any wild-meld-exclusive; do
  for players in 2 4; do
    "$referee" gen --rules "corpus/custom/$rules.yaml" --players $players --games 4 --seed 5 \
      --expect >"$tmp/g.cgr" 2>/dev/null || bad "gen $rules $players: exit $?"
    got=$("$referee" check "$tmp/g.cgr" | tail -1)
    [ "$got" = "4 passed, 0 failed" ] || bad "gen $rules $players: $got"
    grep -qE ' meld ((JK|2[SHDC]) ){2,}(JK|2[SHDC])$' "$tmp/g.cgr" ||
      bad "gen $rules $players: no meld of wild cards"
  done
done
[ $fail = 0 ] && echo "wildmeld: melds of wild cards named, explained and generated"
exit $fail
