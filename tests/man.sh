#!/bin/sh
# The manual page agrees with --help: every option that `referee --help` names
# (long, short, and --) is in what `man -l docs/referee.1` shows.
# Without man (man-db) it says SKIP and exits 77 (ctest: skipped).
# Usage: sh tests/man.sh REFEREE SOURCE_DIR
set -u
ref=$1
src=$2
if ! command -v man >/dev/null 2>&1; then
  echo "SKIP: man is not installed (man-db; sh tests/setup.sh installs it): the manual page was not checked"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$ref" --help >"$tmp/help" || { echo "FAIL: referee --help"; exit 1; }
# ASCII output (LC_ALL=C), so that groff writes - for \- ; overstrike removed
LC_ALL=C MANWIDTH=100 man -l "$src/docs/referee.1" 2>"$tmp/err" | sed 's/.\x08//g' >"$tmp/man"
if [ ! -s "$tmp/man" ] || [ -s "$tmp/err" ]; then
  echo "FAIL: man -l docs/referee.1 shows nothing, or warns:"; cat "$tmp/err"; exit 1
fi
grep -oE '(^|[ ,(])-(-[a-z][a-z-]*|[a-z])([ ,)]|$)' "$tmp/help" |
  sed -E 's/^[ ,(]//; s/[ ,)]$//' | sort -u >"$tmp/options"
grep -qE '^  --  ' "$tmp/help" && echo -- >>"$tmp/options"
[ "$(wc -l <"$tmp/options")" -ge 20 ] || { echo "FAIL: too few options read from --help"; exit 1; }
fails=0
while read -r opt; do
  if ! grep -qE -- "(^|[^a-z-])$opt([^a-z-]|\$)" "$tmp/man"; then
    echo "FAIL: --help names $opt, the manual page does not"
    fails=$((fails + 1))
  fi
done <"$tmp/options"
[ "$fails" -eq 0 ] && echo "man: the manual page shows all $(wc -l <"$tmp/options") options of --help"
exit $((fails > 0))
