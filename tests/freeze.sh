#!/bin/sh
# Why the pile is frozen: one answer (referee/engine/freeze.c), said alike by
# the take's verdict, --explain, --json --explain and the page:
#  1. every PILE-FROZEN record of the corpus: the table --explain shows names
#     a freeze, the same cause as the verdict's sentence, and --json's state
#     says pile_frozen (pile.always_frozen: the table said nothing, the JSON
#     false);
#  2. pile.frozen_until_taken for a player whose team has not opened, with
#     pile.frozen_for_unopened off: the refused take names the rule in force
#     (it said "frozen for a team that has not opened"), so do --explain and
#     the page, and a legal take relies on pile.frozen_until_taken (it noted
#     pile.frozen_for_unopened, a rule switched off);
#  3. a bare take onto a meld (no natural shown) says the same cause and
#     cites the same key as a take that shows too few: pile.always_frozen
#     under that rule (it said "the pile is frozen", pile.unfreeze_naturals);
#  4. the same in French.
# Usage: sh tests/freeze.sh REFEREE SOURCE_DIR
set -u
. "$(dirname "$0")/lib.sh"
c=$src/corpus
noenv() { env -u LANGUAGE -u LC_ALL -u LC_MESSAGES -u LANG "$@"; }

# 1. The cause a sentence names: by a card, always, for an unopened team,
# until a first take (the verdict's "frozen by 2C", the table's "frozen by the
# covered upcard 2♣" or "frozen: it holds 2♣" are the same cause).
cause() {
  case $1 in
    *"always frozen"*) echo always ;;
    *"a team that has not opened"*) echo unopened ;;
    *"until a first take"*) echo until ;;
    *"frozen by"* | *"frozen: it holds"*) echo card ;;
    *) echo none ;;
  esac
}
n=0
for f in $(grep -rl 'expect: illegal PILE-FROZEN' "$c" | sort); do
  n=$((n + 1))
  (cd "$(dirname "$f")" && noenv "$ref" --color never --explain "$(basename "$f")") >"$tmp/x" 2>&1
  said=$(grep -m1 'illegal: PILE-FROZEN' "$tmp/x")
  pile=$(grep -m1 '^  pile: ' "$tmp/x")
  # a bare take onto a meld too: one cause, one key, one sentence
  [ "$(cause "$said")" = "$(cause "$pile")" ] ||
    fail "${f#"$src"/}: the verdict's cause ($(cause "$said")) is not the table's ($(cause "$pile")): $said / $pile"
  case $(cause "$said") in
    always) key=pile.always_frozen ;;
    *) key=pile.unfreeze_naturals ;;
  esac
  # a top card refused onto a sequence because the pile is frozen cites the
  # key that forbids that take (pile.take_onto_sequence_frozen), after the cause
  case $said in
    *"($key)") ;;
    *"goes onto a sequence only from a pile that is not frozen (pile.take_onto_sequence_frozen)") ;;
    *) fail "${f#"$src"/}: the verdict cites another key than $key: $said" ;;
  esac
  [ "$(cause "$pile")" != none ] || fail "${f#"$src"/}: --explain shows no freeze: $pile"
  (cd "$(dirname "$f")" && noenv "$ref" --json --explain "$(basename "$f")") >"$tmp/j" 2>&1
  grep -q '"pile_frozen":true' "$tmp/j" || fail "${f#"$src"/}: --json's state says the pile is not frozen"
done
[ "$n" -ge 8 ] || fail "only $n PILE-FROZEN records found"

# 2. Frozen until a first take, for a team that has not opened.
u=$c/custom/illegal-frozen-until-taken-unopened.cgr
expect 1 "the refused take" -- noenv "$ref" --color never --explain "$u"
contains "$tmp/out" "the pile is frozen for Anne until a first take: taking it needs 2" "the verdict"
contains "$tmp/out" "  pile: K♣ on top, 3 cards; frozen for Anne until a first take" "--explain"
grep -q 'has not opened' "$tmp/out" && fail "frozen for a team that has not opened, said under pile.frozen_for_unopened: false"
expect 1 "the page" -- noenv "$ref" --quiet --html "$tmp/u.html" "$u"
grep -q '"z":"frozen for Anne until a first take"' "$tmp/u.html" ||
  fail "the page's table does not say the pile is frozen for Anne until a first take"
expect 0 "a legal first take" -- noenv "$ref" check --coverage "$c/custom/legal-frozen-until-taken-unopened.cgr"
contains "$tmp/out" '| `pile.frozen_until_taken` | 1 | 0 |' "the legal take relies on pile.frozen_until_taken"
a=$c/custom/illegal-always-frozen.cgr
expect 1 "always frozen" -- noenv "$ref" --color never --explain "$a"
contains "$tmp/out" "  pile: K♦ on top, 3 cards; always frozen" "--explain under pile.always_frozen"
b=$c/custom/illegal-always-frozen-onto-meld.cgr
expect 1 "a bare take, always frozen" -- noenv "$ref" --color never --explain "$b"
contains "$tmp/out" "the pile is always frozen: taking it needs 2 natural kings from the hand, the take shows 0 (pile.always_frozen)" "a bare take onto a meld under pile.always_frozen"
contains "$tmp/out" "rule: pile.always_frozen" "--explain's rule for a bare take under pile.always_frozen"

# 4. In French.
expect 1 "in French" -- noenv "$ref" --lang fr --color never --explain "$u"
contains "$tmp/out" "la défausse est gelée pour Anne jusqu'à une première prise : la prendre demande 2 cartes" "the verdict in French"
contains "$tmp/out" "3 cartes ; gelée pour Anne jusqu'à une première prise" "--explain in French"
expect 1 "in French" -- noenv "$ref" --lang fr --color never --explain "$a"
contains "$tmp/out" "3 cartes ; toujours gelée" "--explain in French, always frozen"

[ "$fails" -eq 0 ] && echo "freeze: all passed" && exit 0
echo "freeze: $fails failed"
exit 1
