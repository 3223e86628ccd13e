#!/bin/sh
# Special hands (special_hands, special_keep_three) as the outputs
# say them: the verdict names the hand shown by rank, what was legal instead
# names the ruleset's hands (English and French, text and --json), a wrong
# score names the hand the team showed, a Dream Hand ends the game below the
# target, and --list-keys gives the rows of modern-american.
# Usage: sh tests/special.sh REFEREE SOURCE_DIR
set -u
. "$(dirname "$0")/lib.sh"
referee=$ref
cd "$src"
has() { # file, text
  grep -qF -- "$2" "$1" || fail "$1 lacks '$2'"
}
d=corpus/modern-american
"$referee" --explain $d/illegal-special-zip-code.cgr >"$tmp/en" 2>&1
has "$tmp/en" "these cards are no special hand of the modern-american rules: by rank, they are 4-3-2-2 + 2D + JK + JK (special_hands)"
has "$tmp/en" "what was legal instead: the whole hand, as one of the special hands of the rules: Pairs (2500), Wild Pairs (2000), Miami Pairs (2500), Zip Code (2500), Straight (3000)"
has "$tmp/en" "Dream Hand Plus 5 (8500)"
"$referee" --lang fr --explain $d/illegal-special-zip-code.cgr >"$tmp/fr" 2>&1
has "$tmp/fr" "par rang, elles font 4-3-2-2 + 2D + JK + JK"
has "$tmp/fr" "la main entière, comme l'une des mains spéciales des règles : Pairs (2500)"
"$referee" --json --explain $d/illegal-special-garbage.cgr >"$tmp/json"
has "$tmp/json" '"instead":"the whole hand, as one of the special hands of the rules: Pairs (2500)'
"$referee" --explain $d/illegal-special-after-meld.cgr >"$tmp/melded" 2>&1
has "$tmp/melded" "what was legal instead: nothing: a special hand comes before the team's first meld; Chloe melds and discards as in any turn"
"$referee" $d/illegal-special-score.cgr >"$tmp/score" 2>&1
has "$tmp/score" "NS scores 2500 in hand 1, the value of its special hand (Zip Code); the record claims 2000 (special_hands)"
"$referee" $d/legal-special-dream-4.cgr >"$tmp/dream" 2>&1
has "$tmp/dream" "totals: NS 8275, EW 2335 — NS wins (a special hand)"
"$referee" --json $d/legal-special-dream-4.cgr >"$tmp/dream.json"
has "$tmp/dream.json" '"game_over":true,"winner":"NS"'
"$referee" $d/illegal-special-dream-4-over.cgr >"$tmp/over" 2>&1
has "$tmp/over" "GAME-OVER: the game is over: NS won it at once with a special hand (special_hands)"
"$referee" $d/illegal-keep-three-two.cgr >"$tmp/two" 2>&1
has "$tmp/two" "Anne still holds 2 threes: one at most stays in the hand, for a special hand, the others are laid at once (special_keep_three)"
"$referee" --list-keys --rules modern-american >"$tmp/keys"
has "$tmp/keys" '{name: "Dream Hand Plus 5", kind: groups, groups: [5, 4], wild_groups: [5], wild_mixed: true, ends_game: true, value: 8500}'
has "$tmp/keys" 'special_keep_three: true'
# the keys as the loader refuses them
printf 'schema: 1\nname: x\nextends: modern-american\nspecial_hands: [{kind: groups, groups: [2, 0], value: 1}]\n' >"$tmp/bad.yaml"
"$referee" --rules "$tmp/bad.yaml" $d/legal-special-garbage.cgr >"$tmp/bad" 2>&1
has "$tmp/bad" "groups: 0 is out of range (1 to 14)"
[ $fails -eq 0 ] && echo "special hands: verdicts, instead, scores, game over, keys: ok"
[ $fails -eq 0 ]
