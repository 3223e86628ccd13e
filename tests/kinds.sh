#!/bin/sh
# What was legal instead of a set of wild cards that holds too many others
# (the what-if layer reads the meld's kind). In a set of a
# wild rank (meld.wild_sets) the cards of that rank are its naturals: the
# sentence counts the other wild cards only, as the seed counts them
# (docs/variants/italian.md, meld.wild_set_fill: missing).
#  - six 2s and a joker: three packs hold twelve 2s, so a set of 2s takes no
#    other wild card at all, and no card of the hand changes that;
#  - five jokers and two 2s: three packs hold six jokers, so one 2 stands for
#    the seventh; the hand's sixth joker does not make room for the second.
# Usage: sh tests/kinds.sh REFEREE SOURCE_DIR
set -u
referee=$1
cd "$2"
fail=0
check() { # record, expected sentence
  got=$("$referee" --explain "corpus/italian/$1" | sed -n 's/^  what was legal instead: //p')
  if [ "$got" != "$2" ]; then
    echo "FAIL $1: what was legal instead: '$got', expected '$2'"
    fail=1
  fi
}
check illegal-wild-set-fill-2s.cgr \
  "nothing with these naturals: 1 wild card, and no other natural in Anne's hand would carry one"
check illegal-wild-set-fill-jokers.cgr \
  "with the naturals named, at most 1 wild card; no other natural in Anne's hand would carry more"
[ $fail = 0 ] && echo "kinds: what was legal instead counts a wild set's own rank as naturals"
exit $fail
