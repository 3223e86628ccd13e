#!/bin/sh
# valgrind finds no leak and no memory error while the referee reads the
# whole corpus (text, JSON with --explain and --keep-going, check mode with
# its reports) and generates and reads games of every variant.
# Without valgrind it says SKIP and exits 77 (ctest: skipped).
# Usage: sh tests/valgrind.sh BUILD/referee SOURCE_DIR
set -eu
ref=$1
src=$2
if ! command -v valgrind >/dev/null 2>&1; then
  echo "SKIP: valgrind is not installed (sh tests/setup.sh installs it): no leak check ran"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vg() {
  valgrind --quiet --leak-check=full --show-leak-kinds=definite,indirect,possible \
    --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99 "$@"
}
fails=0
run() { # run EXPECTED-STATUSES... -- COMMAND
  ok=$1; shift 2
  vg "$@" >"$tmp/out" 2>"$tmp/err" && got=0 || got=$?
  case " $ok " in
    *" $got "*) ;;
    *) echo "FAIL (exit $got): $*"; tail -30 "$tmp/err"; fails=$((fails + 1)) ;;
  esac
}
files=$(find "$src/corpus" -name '*.cgr' | sort)
# shellcheck disable=SC2086
run "0 1 2 3" -- "$ref" $files
# shellcheck disable=SC2086
run "0 1 2 3" -- "$ref" --json --explain --keep-going $files
run "0" -- "$ref" check --coverage --junit "$tmp/j.xml" "$src/corpus"
for v in classic two-player chinese italian hand-and-foot; do
  run "0" -- "$ref" gen --variant "$v" --games 3 --seed 1 --expect
  cp "$tmp/out" "$tmp/$v.cgr"
done
run "0" -- "$ref" --jobs 2 "$tmp/classic.cgr" "$tmp/two-player.cgr" "$tmp/chinese.cgr" "$tmp/italian.cgr" \
  "$tmp/hand-and-foot.cgr"
[ "$fails" -eq 0 ] && echo "valgrind: no leak, no error"
exit $((fails > 0))
