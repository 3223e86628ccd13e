#!/bin/sh
# The tests that did not run: reads the JUnit file of a ctest run (ctest
# --output-junit FILE) and names every test ctest did not run (skipped: exit
# 77 with SKIP_RETURN_CODE, a failed REQUIRED_FILES or DEPENDS, or DISABLED),
# each with the SKIP lines it printed. Used by tests/all.sh after each ctest.
#   exit 0: every test ran (or the file names none that did not)
#   exit 1: some did not, and CI=true: on CI, green means everything ran
#   exit 2: some did not, outside CI (reported, not a failure)
#   exit 3: no such file, or not a ctest JUnit file
# Usage: sh tests/skips.sh JUNIT_FILE
set -eu
junit=${1:?usage: sh tests/skips.sh JUNIT_FILE}
if [ ! -s "$junit" ] || ! grep -q '<testsuite' "$junit"; then
  echo "skips.sh: $junit is not the JUnit file of a ctest run" >&2
  exit 3
fi

# One line per test that did not run: NAME<TAB>the lines of its output that
# say SKIP (or else the reason ctest gives).
list=$(awk '
  function unxml(s) {
    gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s); gsub(/&quot;/, "\"", s)
    gsub(/&apos;/, "'"'"'", s); gsub(/&amp;/, "\\&", s); return s
  }
  /<testcase / {
    name = $0; sub(/.*<testcase name="/, "", name); sub(/".*/, "", name)
    notrun = $0 !~ /status="(run|fail)"/; said = ""
    ctest = $0; sub(/.*status="/, "", ctest); sub(/".*/, "", ctest); ctest = "ctest: " ctest
    next
  }
  notrun && /<skipped message="/ {
    line = $0; sub(/.*<skipped message="/, "", line); sub(/".*/, "", line)
    ctest = "ctest: " line
    next
  }
  notrun && /SKIP/ {
    line = $0; sub(/.*<system-out>/, "", line); sub(/<\/system-out>.*/, "", line)
    said = said (said == "" ? "" : " | ") line
  }
  /<\/testcase>/ {
    if (notrun) printf "%s\t%s\n", unxml(name), unxml(said != "" ? said : ctest)
    notrun = 0
  }
' "$junit")
# what ctest counts, should a test escape the reading above
counted=$(sed -n 's/^[[:space:]]*\(skipped\|disabled\)="\([0-9]*\)".*/\2/p' "$junit" |
  awk '{n += $1} END {print n + 0}')
n=$(printf '%s' "$list" | grep -c . || true)
[ "$n" -ge "$counted" ] || n=$counted
[ "$n" -gt 0 ] || exit 0

total=$(sed -n 's/^[[:space:]]*tests="\([0-9]*\)".*/\1/p' "$junit" | head -n 1)
echo "== $n of ${total:-?} tests did not run ($junit):"
printf '%s\n' "$list" | grep . | awk -F '\t' '{printf "   %s: %s\n", $1, $2}' || true
if [ "${CI:-}" = true ]; then
  echo "== FAILED: under CI=true every test must run (sh tests/setup.sh installs what they use)"
  exit 1
fi
echo "== (not a failure outside CI; under CI=true it is)"
exit 2
