#!/bin/sh
# What the documents say the program holds — its built-in rulesets, its verbs,
# its rule keys, the corpus's records, what it adds to the record-format
# contract — computed again from the program and its tables, and held against
# every place a document states it:
# - a passage that lists the built-in rulesets (five or more of them, or one
#   of the places named below) lists them all, and "N built-in rulesets" is N;
# - a passage that lists the verbs (nine or more quoted) lists them all,
#   format.md's table of actions has a row for each, and "N verbs" is N;
# - every `section.key` a document names is a row of rulekeys.def, and
#   "N rule keys" is N;
# - the whole corpus's records (check's count) wherever a document says them;
# - the verbs and verdict codes beyond the contract's (the contract's lists
#   are below: it is fixed, extended, never renamed) are each named as
#   extensions by codes.md and format.md;
# - no document names an issue, a session, a machine path or "I ran".
# A failure names the file, what it says and what to write instead.
# Usage: sh tests/counts.sh REFEREE SOURCE_DIR
set -u
export LC_ALL=C # English messages; sort and comm alike
ref=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# the documents: the user's pages, the manual, the corpus's notes, the
# embedding header's comments, the package's description
docs=$(cd "$src" && ls README.md docs/*.md docs/variants/*.md docs/referee.1 corpus/*/README.md \
  tests/fuzz/regressions/README.md referee/api/referee.h packaging/* CMakeLists.txt | grep -v coverage.md)
# paragraphs FILE: each paragraph (lines up to a blank one; a table row or a
# list item alone) on one line, "LINE<TAB>text", LINE its first line
paragraphs() {
  awk '/^[ \t]*$/ || /^\| / || /^ *[-*] / || /^\.(TP|PP|SH)/ { if (t != "") print at "\t" t; t = "" }
       !/^[ \t]*$/ { if (t == "") at = NR; t = t " " $0 }
       /^\| / { print at "\t" t; t = "" }
       END { if (t != "") print at "\t" t }' "$src/$1" | sed 's/\\-/-/g' # troff's \- is -
}
for f in $docs; do paragraphs "$f" | sed "s|^|$f:|"; done >"$tmp/paras"

# --- the built-in rulesets ------------------------------------------------
"$ref" --list-rules | awk '{print $1}' | sort >"$tmp/rules"
nrules=$(wc -l <"$tmp/rules")
[ "$nrules" -ge 8 ] || fail "--list-rules lists $nrules rulesets"
# named LIST MIN: "WHERE<TAB>K<TAB>NAMES" for each paragraph of $tmp/paras
# naming at least MIN (or, with MIN 0, any) of LIST's names: a name as prose
# writes it too (hand-and-foot, "Hand and Foot"); with LIST verbs, only
# names quoted (in `...` or "...")
named() {
  awk -F '\t' -v min="$2" -v quoted="$3" 'NR == FNR { name[++n] = $0; next }
    { text = tolower($2); if (quoted) { q = ""; s = text
        while (match(s, /`[^`]*`|"[^"]*"/)) { q = q " " substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH) }
        text = q }
      gsub(/[^a-z0-9-]+/, " ", text); text = " " text " "; k = 0; got = ""
      for (i = 1; i <= n; i++) { p = name[i]; gsub(/-/, "[- ]", p)
        if (text ~ (" " p " ")) { k++; got = got " " name[i] } }
      if (k >= min && k > 0) print $1 "\t" k "\t" got }' "$1" "$tmp/paras"
}
missing() { printf '%s\n' $2 | sort | comm -23 "$1" - | tr '\n' ' '; }
# every paragraph naming five or more names them all
named "$tmp/rules" 5 "" | while IFS="$(printf '\t')" read -r where k got; do
  [ "$k" -lt "$nrules" ] &&
    echo "FAIL: $where names $k of the $nrules built-in rulesets; add $(missing "$tmp/rules" "$got")(referee --list-rules)"
done >"$tmp/f"
# the places that list the built-in rulesets, however few they name
lists_rules() {
  # each place with its tab: docs/x.md:17 is not docs/x.md:1701
  grep -F "$1:" "$tmp/paras" | grep -F -- "$2" | cut -f1 | sed 's/$/\t/' >"$tmp/place"
  [ -s "$tmp/place" ] || { fail "$1: no passage holding '$2' (the list of the built-in rulesets moved?)"; return; }
  named "$tmp/rules" 0 "" | grep -F -f "$tmp/place" | while IFS="$(printf '\t')" read -r where k got; do
    [ "$k" -eq "$nrules" ] ||
      echo "FAIL: $where lists the built-in rulesets without $(missing "$tmp/rules" "$got")(referee --list-rules)"
  done >>"$tmp/f"
}
lists_rules docs/conformance.md '| `variant NAME` |'
lists_rules docs/embedding.md '`referee_rules_load(name_or_path, err, len)`'
lists_rules docs/rulesets.md '**Built in.**'
lists_rules docs/referee.1 'List the built-in rulesets'
lists_rules CMakeLists.txt 'CPACK_PACKAGE_DESCRIPTION "'
while read -r r; do
  grep -qE "^\| \`$r\` \|" "$src/README.md" || fail "README.md's table of rulesets has no row for $r"
done <"$tmp/rules"

# --- the verbs ------------------------------------------------------------
sed -n 's/^VERB([A-Z0-9_]*, "\([a-z0-9]*\)".*/\1/p' "$src/referee/cards/verbs.def" | sort >"$tmp/verbs"
nverbs=$(wc -l <"$tmp/verbs")
[ "$nverbs" -ge 11 ] || fail "verbs.def holds $nverbs verbs"
named "$tmp/verbs" 9 quoted | while IFS="$(printf '\t')" read -r where k got; do
  [ "$k" -lt "$nverbs" ] &&
    echo "FAIL: $where lists $k of the $nverbs verbs; add $(missing "$tmp/verbs" "$got")(referee/cards/verbs.def)"
done >>"$tmp/f"
while read -r v; do
  grep -E '^\| `[a-z0-9]+[` ]' "$src/docs/format.md" | cut -d'|' -f2 | grep -qE "\`$v[\` ]" || fail "docs/format.md's table of actions has no row for $v"
done <"$tmp/verbs"

[ -s "$tmp/f" ] && { cat "$tmp/f"; fails=$((fails + $(wc -l <"$tmp/f"))); }

# --- the rule keys --------------------------------------------------------
sed -n 's/^X([A-Z0-9_]*, *"\([a-z0-9_.]*\)".*/\1/p' "$src/referee/rules/rulekeys.def" | sort -u >"$tmp/keys"
# the keys a ruleset sets: every row but a section's (a MAP row)
nkeys=$(grep -cE '^X\([A-Z0-9_]+, *"[a-z0-9_.]+"' "$src/referee/rules/rulekeys.def")
nkeys=$((nkeys - $(grep -cE '^X\([A-Z0-9_]+, *"[a-z0-9_.]+", *MAP' "$src/referee/rules/rulekeys.def")))
[ "$nkeys" -ge 100 ] || fail "rulekeys.def holds $nkeys keys"
sections=$(grep -v '\.' "$tmp/keys" | tr '\n' '|' | sed 's/|$//')
for f in $docs; do
  grep -noE "\`($sections)\\.[a-z0-9_]+(\\.[a-z0-9_]+)?" "$src/$f" | tr -d '`' | while IFS=: read -r line key; do
    case $key in *.c | *.h) continue ;; esac
    # a LIST's entry field (wild_meld.by_jokers.jokers) is its key's
    case $key in *.*.*) list=${key%.*} ;; *) list=$key ;; esac
    grep -qxF "$key" "$tmp/keys" || grep -qxF "$list" "$tmp/keys" ||
      echo "FAIL: $f:$line names \`$key\`, no key of referee/rules/rulekeys.def (referee --list-keys)"
  done
done >"$tmp/nokey"
[ -s "$tmp/nokey" ] && { cat "$tmp/nokey"; fails=$((fails + $(wc -l <"$tmp/nokey"))); }

# --- "N built-in rulesets", "N verbs", "N rule keys" -----------------------
words="zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"
number() { # a figure or its word, as a number
  case $1 in [0-9]*) echo "$1" ;; *) echo "$words" | tr ' ' '\n' | grep -nix "$1" | cut -d: -f1 | awk '{print $1 - 1}' ;; esac
}
states() { # REGEX WHAT N: each figure REGEX's first word gives is N
  re="(^|[^a-z0-9,])([0-9]+|$(echo "$words" | tr ' ' '|')) $1"
  grep -iE "$re" "$tmp/paras" | while IFS="$(printf '\t')" read -r where text; do
    printf '%s\n' "$text" | grep -ioE "$re" | sed -E 's/^[^a-z0-9]//' | while read -r said rest; do
      [ "$(number "$said")" = "$3" ] || echo "FAIL: $where says \"$said $rest\": write $3 $2"
    done
  done
}
states 'built-in (rulesets|variants)' "built-in rulesets (referee --list-rules)" "$nrules" >"$tmp/said"
states '(variants|rulesets) (are )?built in' "built-in rulesets (referee --list-rules)" "$nrules" >>"$tmp/said"
states 'verbs' "verbs (referee/cards/verbs.def)" "$nverbs" >>"$tmp/said"
states '(rule|ruleset) keys' "rule keys (referee/rules/rulekeys.def)" "$nkeys" >>"$tmp/said"
[ -s "$tmp/said" ] && { cat "$tmp/said"; fails=$((fails + $(wc -l <"$tmp/said"))); }

# --- the corpus's records -------------------------------------------------
records=$("$ref" check "$src/corpus" | tail -1 | awk '{print $1 + $3}')
files=$(find "$src/corpus" -name '*.cgr' | wc -l)
[ "$records" -gt 0 ] || fail "check counts no record in the corpus"
re='(the whole corpus,? \(?|all |`corpus/<variant>/`, )[0-9][0-9,]* (corpus )?records( in [0-9,]+ files)?'
grep -E "$re" "$tmp/paras" | while IFS="$(printf '\t')" read -r where text; do
  printf '%s\n' "$text" | grep -oE "$re" | sed "s|^|$where\t|"
done >"$tmp/corpus"
while IFS="$(printf '\t')" read -r where said; do
  n=$(echo "$said" | sed -E 's/.*[^0-9,]([0-9][0-9,]*) (corpus )?records.*/\1/' | tr -d ,)
  [ "$n" -eq "$records" ] || fail "$where says \"$said\": write $records records (referee check corpus)"
  case $said in *files)
    m=$(echo "$said" | sed -E 's/.* in ([0-9,]+) files/\1/' | tr -d ,)
    [ "$m" -eq "$files" ] || fail "$where says \"$said\": write $files files (find corpus -name '*.cgr')" ;;
  esac
done <"$tmp/corpus"
[ "$(wc -l <"$tmp/corpus")" -ge 4 ] || fail "fewer than 4 statements of the corpus's records found"

# --- the extensions to the contract ---------------------------------------
# the contract's verbs and codes: fixed by the record-format contract
contract_verbs="draw take meld add red3 foot ask yes no discard end"
contract_codes="OUT-OF-TURN PHASE NOT-IN-HAND DRAW-COUNT STOCK-MISMATCH DEAL RED3-NOT-LAID
RED3-REPLACEMENT PILE-EMPTY PILE-BLOCKED PILE-FROZEN PILE-NO-MATCH OPENING-MINIMUM NOT-OPENED
MELD-SIZE MELD-RANK MELD-NATURALS WILD-OVERFLOW MELD-THREE MELD-DUPLICATE MELD-UNKNOWN
DISCARD-MISSING GO-OUT-REQUIREMENT GO-OUT-PERMISSION FOOT END-EARLY HAND-OVER HAND-UNFINISHED
GAME-OVER SCORE-MISMATCH"
echo "$contract_verbs" | tr ' ' '\n' | sort | comm -13 - "$tmp/verbs" >"$tmp/xverbs"
"$ref" check --coverage "$src/corpus/classic" | awk '/^## /{n++} n == 1' |
  sed -n 's/^| `\([A-Z0-9-]*\)` |.*/\1/p' | sort >"$tmp/codes"
echo "$contract_codes" | tr ' ' '\n' | sort | comm -13 - "$tmp/codes" >"$tmp/xcodes"
[ -s "$tmp/xverbs" ] && [ -s "$tmp/xcodes" ] || fail "no extension found: the contract's lists above are stale"
awk '/^## Extensions to the contract/{on=1; next} /^## /{on=0} on' "$src/docs/format.md" >"$tmp/ext"
intro=$(awk '/^## /{exit} {print}' "$src/docs/codes.md" | tr '\n' ' ')
for x in $(cat "$tmp/xverbs" "$tmp/xcodes"); do
  grep -qF "\`$x" "$tmp/ext" || fail "docs/format.md's Extensions to the contract leave out \`$x\`"
done
for c in $(cat "$tmp/xcodes"); do
  printf '%s' "$intro" | grep -qF "\`$c\`" || fail "docs/codes.md's opening does not name $c among the extensions"
  awk -v h="## $c" '$0 == h {getline; getline; print; exit}' "$src/docs/codes.md" | grep -q '^\*Extension to the contract\.\*' ||
    fail "docs/codes.md's section $c does not open with *Extension to the contract.*"
done

# --- the documents stand alone ----------------------------------------------
# no issue numbers, no sessions, no machine paths, no "I ran": a document speaks
# of the project, which its reader has, and of nothing else
for f in $docs; do
  grep -nHiE '\bissues? #?[0-9]+\b|\bthe issue\b|\bsessions?\b|/work/|\bI (ran|measured|checked|found|tried|wrote)\b' \
    "$src/$f" | sed "s|^$src/||"
done >"$tmp/alone"
while IFS= read -r hit; do
  fail "${hit%%:*}:$(echo "$hit" | cut -d: -f2) speaks of what is outside the project (an issue, a session, a machine path, 'I'): $(echo "$hit" | cut -d: -f3- | cut -c1-100)"
done <"$tmp/alone"

[ "$fails" -eq 0 ] && echo "counts: $nrules built-in rulesets, $nverbs verbs ($(wc -l <"$tmp/xverbs") beyond the contract)," \
  "$nkeys rule keys, $(wc -l <"$tmp/xcodes") codes beyond the contract, $records records in $files files:" \
  "every document says so"
exit $((fails > 0))
