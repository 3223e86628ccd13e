#!/bin/sh
# The rulings of the variants that came from rule pages (bonus packets,
# special hands, their own words for melds), as a player reads them:
#  1. a special hand is named in the score table and in --json, with its
#     points;
#  2. a verb or a card mistyped is answered with the one it most likely
#     meant (a rule page's word for a verb, a plural, a letter short, the
#     case), not the list of every form;
#  3. where a line is wrong, the ruling points at the word and says it: a
#     `#` that starts a comment where a meld number was expected, a verb
#     that takes nothing, gen's ranges;
#  4. the bonus packets are on the table: how many are left and whose the
#     next is, who is owed one, and that player to act when only `talon` is
#     legal, in --explain, --at, --json's state and the page; in French the
#     packet is a "paquet bonus", the stock the "talon";
#  5. what was legal instead belongs to the verdict's table: --at another
#     line does not show it; under --keep-going each later error keeps its
#     own, and its rule's quotation, in the text and the JSON;
#  6. the going-out ruling quotes the reading that decides (two canastas),
#     not a paragraph's tail cut at a word in italics;
#  7. each variant's melds in its own words, from its ruleset (canasta.words,
#     sequence.word): natural and mixed canastas, clean and dirty books, an
#     escalera, a house's own word, in --explain and the page; the seeds
#     keep pure and impure.
# jq reads the JSON; without it the test says SKIP (77).
# Usage: sh tests/variant_words.sh REFEREE SOURCE_DIR
set -u
command -v jq >/dev/null || { echo "SKIP: jq is not installed"; exit 77; }
. "$(dirname "$0")/lib.sh"
noenv() { env -u LANGUAGE -u LC_ALL -u LC_MESSAGES -u LANG "$@"; }
ma=$src/corpus/modern-american
# the records' data in a page, one JSON object a line
page_data() { sed -n 's/^<script type="application\/json" class="rec">\(.*\)<\/script>$/\1/p' "$1"; }

# 1. A special hand: its kind and its points, in the table and the JSON
noenv "$ref" "$ma/legal-special-pairs.cgr" >"$tmp/pairs.txt"
contains "$tmp/pairs.txt" "NS showed a special hand: Pairs, 2500 points" "the score table names the special hand"
noenv "$ref" --json "$ma/legal-special-pairs.cgr" |
  jq -e '.hands[0].special == {"team": "NS", "hand": "Pairs", "points": 2500}' >/dev/null ||
  fail "--json names no special hand"
noenv "$ref" --lang fr "$ma/legal-special-pairs.cgr" >"$tmp/pairs.fr"
contains "$tmp/pairs.fr" "NS a montré une main spéciale : Pairs, 2500 points" "French"
noenv "$ref" --quiet --html "$tmp/pairs.html" "$ma/legal-special-pairs.cgr"
page_data "$tmp/pairs.html" |
  jq -e '.scores[0].sp == [0, "Pairs"]' >/dev/null || fail "the page's scores name no special hand"

# 2. did you mean: the closest verb or card, not the list
hand=$(grep -v '^#' "$ma/legal-hand.cgr" | sed -n '1,/^Anne draw JK/p')
for pair in "book meld" "feet foot" "talons talon" "Talon talon" "shows show" "merg merge"; do
  set -- $pair
  printf '%s\nAnne %s 7S 7S 7H\n' "$hand" "$1" | noenv "$ref" - >"$tmp/out"
  contains "$tmp/out" "expected a verb, got \"$1\": did you mean $2?" "the verb $1"
done
for pair in "Qs QS" "Joker JK" "10h 10H"; do
  set -- $pair
  printf '%s\nAnne meld %s QH QD\n' "$hand" "$1" | noenv "$ref" - >"$tmp/out"
  contains "$tmp/out" "expected a card, got \"$1\": did you mean $2?" "the card $1"
done

# 3. positions and words (the records corpus/modern-american/malformed-merge-sign.cgr
# and illegal-seating-no-team.cgr hold the positions)
for ref_word in '#-1' '#+2' '# 3'; do
  printf '%s\nAnne merge %s #3\n' "$hand" "$ref_word" | noenv "$ref" - >"$tmp/out"
  contains "$tmp/out" "16:12: malformed: expected two melds (#N #M) after merge, got \"${ref_word%% *}\": a # starts a comment" \
    "merge $ref_word"
done
printf '%s\nAnne foot QH\n' "$hand" | noenv "$ref" - >"$tmp/out"
contains "$tmp/out" "expected the end of the line: foot takes nothing" "foot with a card"
noenv "$ref" gen --variant classic --hands 1001 >/dev/null 2>"$tmp/err"
contains "$tmp/err" "gen: --hands takes a whole number from 1 to 1000, got '1001'" "gen --hands 1001"

# 4. the packets: Anne opens and her discard empties her hand, so only her
# `talon` is legal (Bruno's draw is refused)
printf '%s\nAnne meld 7S 7S 7H 7H\nAnne meld KS KS KH KH KD JK\nAnne meld 5H 5S 5D\nAnne discard 9S\nBruno draw 5C\n' \
  "$(echo "$hand" | sed 's/^deal Anne 7S 7S 7H 7H 7D /deal Anne 7S 7S 7H 7H 5D /')" >"$tmp/empty.cgr"
noenv "$ref" --explain "$tmp/empty.cgr" >"$tmp/out"
contains "$tmp/out" "> Anne     (NS) to act  0 cards" "--explain: Anne to act"
contains "$tmp/out" "  bonus packets: 1 left (3 cards), EW's when it opens" "--explain: the packets left"
contains "$tmp/out" "  Anne's hand is empty: NS's packet (4 cards) comes first, with talon" "--explain: the packet owed"
noenv "$ref" --explain --at 19 "$tmp/empty.cgr" >"$tmp/out"
contains "$tmp/out" "> Anne     (NS) to act" "--at: Anne to act"
noenv "$ref" --json --explain "$tmp/empty.cgr" |
  jq -e '.state.to_act == "Anne" and .state.packets == {"left": [3], "next": "EW", "owed": "Anne", "owed_first": true}' \
    >/dev/null || fail "--json's state: no packets or not Anne to act"
noenv "$ref" --explain --at 30 "$ma/legal-hand.cgr" >"$tmp/out"
contains "$tmp/out" "  bonus packets: 2 left (4 cards, 3 cards), the first to the next team to open" "before any opening"
noenv "$ref" --explain --at 33 "$ma/legal-hand.cgr" >"$tmp/out"
contains "$tmp/out" "Anne may take NS's packet (4 cards) now with talon; any other line forfeits it" "a packet owed"
noenv "$ref" --quiet --html "$tmp/empty.html" "$tmp/empty.cgr"
page_data "$tmp/empty.html" |
  jq -e '.states | map(select(.[0] == 19)) | last | .[2] | .c == 0 and .k == [[3], 1, 0, 1, 4]' >/dev/null ||
  fail "the page's table: no packets or not Anne to act"
grep -q "function packets(r,s)" "$tmp/empty.html" || fail "the page does not show the packets"
noenv "$ref" --lang fr --explain "$tmp/empty.cgr" >"$tmp/out"
contains "$tmp/out" "  talon : 48 cartes" "French: the stock"
contains "$tmp/out" "paquets bonus : 1 restant (3 cartes)" "French: the packets"
contains "$tmp/out" "le paquet bonus dû se prend d'abord" "French: the ruling's packet"
grep -q "le talon dû" "$tmp/out" && fail "French: the packet called a talon, as the stock is"

# 5. what was legal instead: at the verdict's table only, and for later errors
two=$src/corpus/classic/illegal-go-out-requirement.cgr
{ grep -v '^# expect' "$two"; sed -n '/^hand 1/,$p' "$two" | sed 's/^hand 1/hand 2/'; } >"$tmp/two.cgr"
noenv "$ref" --explain --at 15 "$tmp/two.cgr" >"$tmp/out"
grep -q "what was legal instead" "$tmp/out" && fail "--at 15 shows line 17's what was legal instead"
noenv "$ref" --explain --keep-going "$tmp/two.cgr" >"$tmp/out"
sed -n '/the later error at line 29:/,$p' "$tmp/out" >"$tmp/later"
contains "$tmp/later" "what was legal instead: going out lacked 1 more canasta" "--keep-going: the later error's instead"
contains "$tmp/later" "from docs/variants/classic.md, ### 15. Going out" "--keep-going: the later error's rule"
noenv "$ref" --json --explain --keep-going "$tmp/two.cgr" |
  jq -e '.later[0].instead | startswith("going out lacked 1 more canasta")' >/dev/null ||
  fail "--json --keep-going: the later error has no instead"

# 6. the going-out ruling's quotation
noenv "$ref" --explain "$ma/illegal-last-card-meld.cgr" | sed -n '/^  rule:/,$p' >"$tmp/out"
contains "$tmp/out" "rule 10). The team needs two canastas (CLA and P, via RES), and no unfinished" "the two-canasta sentence"
grep -q '^    \*other\* team goes out' "$tmp/out" && ! grep -q '^    \*\*Reading:\*\*' "$tmp/out" &&
  fail "the quotation starts mid-sentence, at a word in italics"

# 7. the melds' words
noenv "$ref" --explain --at 48 "$ma/legal-hand.cgr" >"$tmp/out"
contains "$tmp/out" "#1 natural canasta of 7s: " "Modern American: a natural canasta"
contains "$tmp/out" "#2 mixed canasta of kings: " "Modern American: a mixed canasta"
grep -q "pure canasta" "$tmp/out" && fail "Modern American in the Italian seed's words"
noenv "$ref" --explain "$src/corpus/hand-and-foot/illegal-go-out-permission.cgr" >"$tmp/out"
contains "$tmp/out" "#1 dirty book of 9s: " "Hand and Foot: a dirty book"
contains "$tmp/out" "#2 clean book of kings: " "Hand and Foot: a clean book"
noenv "$ref" --explain "$src/corpus/bolivia/illegal-black3-in-hand-score.cgr" >"$tmp/out"
contains "$tmp/out" "#1 escalera, a canasta: " "Bolivia: an escalera"
contains "$tmp/out" "#2 wild canasta: " "Bolivia: a wild canasta"
# a house's own word for a sequence, shown as written, in the text and the page
printf 'schema: 1\nname: runs\nextends: bolivia\nsequence: {word: "run</script>"}\n' >"$tmp/runs.yaml"
noenv "$ref" --rules "$tmp/runs.yaml" --explain "$src/corpus/bolivia/illegal-black3-in-hand-score.cgr" >"$tmp/out"
contains "$tmp/out" "#1 run</script>, a canasta: " "a house's word for a sequence"
noenv "$ref" --rules "$tmp/runs.yaml" --quiet --html "$tmp/runs.html" "$src/corpus/bolivia/illegal-black3-in-hand-score.cgr"
page_data "$tmp/runs.html" | jq -e '.sw == "run</script>"' >/dev/null ||
  fail "the page does not carry the house's word, or the word ends its script element"
noenv "$ref" --explain "$src/corpus/classic/illegal-go-out-requirement.cgr" >"$tmp/out"
grep -q "natural canasta\|mixed canasta\|book of" "$tmp/out" && fail "classic in another variant's words"
noenv "$ref" --quiet --html "$tmp/hf.html" "$src/corpus/hand-and-foot/illegal-go-out-permission.cgr"
page_data "$tmp/hf.html" |
  jq -e '.mw == 2' >/dev/null || fail "the page does not know Hand and Foot's words"
grep -q "function label(r,m)" "$tmp/hf.html" && grep -q "clean book of {0}s" "$tmp/hf.html" ||
  fail "the page's script has no words of the variants"

[ "$fails" -eq 0 ] && echo "variant_words: all checks passed"
exit $((fails > 0))
