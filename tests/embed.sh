#!/bin/sh
# The embedding path as a user takes it: install into a temporary prefix,
# build the example of docs/embedding.md with pkg-config, run it and compare
# its output with the one the document shows.
# Usage: tests/embed.sh BUILD_DIR SOURCE_DIR
set -eu
build=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
# The installed library is the referee and nothing else: no command-line
# program (main, check, gen, --jobs, the file runner, the text and JSON
# reports) and no process management.
lib=$(find "$tmp/prefix" -name libcanasta-referee.a | head -n 1)
[ -n "$lib" ] || { echo "FAIL: libcanasta-referee.a is not installed"; exit 1; }
tools=$(nm "$lib" | awk '$1 ~ /^[TDBRU]$/ || $2 ~ /^[TDBRU]$/ {print $NF}' |
  grep -E '^(main|gen_[a-z_]+|check_[a-z_]+|jobs_[a-z_]+|run_[a-z_]+|report_[a-z_]+|fork|waitpid|rs_variant_docs)$' || true)
if [ -n "$tools" ]; then
  echo "FAIL: the installed library holds or calls command-line parts:"
  echo "$tools"
  exit 1
fi

doc="$src/docs/embedding.md"
# the C block after "## A complete example", and the block after "It prints:"
awk '/^## A complete example/ {on=1} on && /^```c$/ {grab=1; next} grab && /^```$/ {exit} grab' \
  "$doc" >"$tmp/example.c"
awk '/^It prints:/ {on=1} on && /^```$/ {if (grab) exit; grab=1; next} grab' "$doc" >"$tmp/expected"
[ -s "$tmp/example.c" ] && [ -s "$tmp/expected" ] || { echo "FAIL: no example in $doc"; exit 1; }

export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig:$tmp/prefix/lib64/pkgconfig:$tmp/prefix/lib/x86_64-linux-gnu/pkgconfig"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror ${EMBED_CFLAGS:-} -o "$tmp/example" "$tmp/example.c" \
  $(pkg-config --cflags --libs --static canasta-referee)
"$tmp/example" >"$tmp/got" || true
if ! diff -u "$tmp/expected" "$tmp/got"; then
  echo "FAIL: the example of docs/embedding.md prints something else"
  exit 1
fi
echo "embed: the documented example builds against the installed library and runs"
