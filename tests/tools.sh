#!/bin/sh
# A test that finds a tool missing says SKIP and exits 77, which ctest shows
# as skipped (README.md; tests/all.sh fails on it under CI=true): never 1, as
# if the program were wrong, nor 0, as if it had been checked. Each test is
# run with a PATH that holds everything but the one tool: valgrind.sh without
# valgrind, jobs_cost.sh without strace or valgrind, deb.sh without lintian or
# man, man.sh without man, i18n.sh without jq or xgettext.
# Usage: sh tests/tools.sh REFEREE BUILD_DIR SOURCE_DIR
set -u
ref=$1
build=$2
src=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

# every command on PATH, as links in one directory
mkdir "$tmp/bin" "$tmp/aside"
for d in $(echo "$PATH" | tr ':' ' '); do
  [ -d "$d" ] && cp -sn "$d"/* "$tmp/bin/" 2>/dev/null
done
# without TOOL TEST ARGS...: TEST run with every command on PATH but TOOL
# (deb.sh, should it not skip, extracts the package rather than install it)
without() {
  tool=$1 test=$2
  shift 2
  mv "$tmp/bin/$tool" "$tmp/aside/" 2>/dev/null
  PATH=$tmp/bin REFEREE_DEB_INSTALL=0 /bin/sh "$src/tests/$test" "$@" >"$tmp/out" 2>&1
  got=$?
  mv "$tmp/aside/$tool" "$tmp/bin/" 2>/dev/null
  if [ "$got" -ne 77 ] || ! grep -q "^SKIP: .*$tool" "$tmp/out"; then
    echo "FAIL: $test without $tool: exit $got, not 77 with a SKIP line naming it:"
    sed 's/^/  | /' "$tmp/out" | tail -5
    fails=$((fails + 1))
  else
    echo "ok: $test without $tool: $(grep '^SKIP' "$tmp/out")"
  fi
}
without valgrind valgrind.sh "$ref" "$src"
without strace jobs_cost.sh "$ref" "$src"
without valgrind jobs_cost.sh "$ref" "$src"
without lintian deb.sh "$build" "$src" 0.0.0
without man deb.sh "$build" "$src" 0.0.0
without man man.sh "$ref" "$src"
without jq i18n.sh "$ref" "$src"
without xgettext i18n.sh "$ref" "$src"
[ "$fails" -eq 0 ] && echo "tools: each test without its tool says SKIP and exits 77"
exit $((fails > 0))
