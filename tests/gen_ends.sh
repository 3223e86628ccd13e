#!/bin/sh
# Generated games end: one game of each seed 1..N of each variant
# named, played to the ruleset's target. Prints how many end under the
# generator's cap of 1,000 hands, the hands a game and the share of hands
# gone out; fails when fewer than 95% end (a game may end in its first
# hand: "1 hand,"). Modern American's players, who lost more to its
# penalties than they scored, ended 11 of 40.
# Usage: sh tests/gen_ends.sh REFEREE [SEEDS [VARIANT...]]
#        (default: 40 seeds, modern-american)
set -u
ref=$1
seeds=${2:-40}
if [ $# -gt 2 ]; then shift 2; else set -- modern-american; fi
fails=0
for v in "$@"; do
  ended=0 hands=0 out=0
  for s in $(seq 1 "$seeds"); do
    st=$("$ref" gen --variant "$v" --seed "$s" --stats 2>&1 >/dev/null | head -1)
    h=$(echo "$st" | sed -n 's/.* \([0-9]*\) hands\{0,1\}, .*/\1/p')
    o=$(echo "$st" | sed -n 's/.*; \([0-9]*\) hands\{0,1\} gone out.*/\1/p')
    if [ -z "$h" ] || [ -z "$o" ]; then
      echo "FAIL: gen $v --seed $s: $st"
      fails=$((fails + 1))
      continue
    fi
    [ "$h" -lt 1000 ] && ended=$((ended + 1))
    hands=$((hands + h)) out=$((out + o))
  done
  echo "$v: $ended of $seeds games end under the cap, $hands hands" \
    "($(awk "BEGIN{printf \"%.1f\", $hands / $seeds}") a game), $out gone out" \
    "($(awk "BEGIN{printf \"%d\", 100 * $out / ($hands ? $hands : 1)}")%)"
  [ $((ended * 100)) -ge $((seeds * 95)) ] || { echo "FAIL: $v: $ended of $seeds games end"; fails=$((fails + 1)); }
done
exit $((fails > 0))
