#!/bin/sh
# The embedding path as a user takes it: install into a temporary prefix,
# build the example of docs/embedding.md with pkg-config, against the shared
# library (canasta-referee) and against the static one
# (canasta-referee-static), run both and compare their output with the one
# the document shows. The shared library has its soname and exports
# referee_* only; the static one links into a shared object (an extension
# module) without LTO, so its objects are position-independent.
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
libdir=$(dirname "$lib")
so=$libdir/libcanasta-referee.so
[ -L "$so" ] && [ -L "$so.0" ] || { echo "FAIL: libcanasta-referee.so and .so.0 are not installed as links"; exit 1; }
soname=$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = libcanasta-referee.so.0 ] || { echo "FAIL: the shared library's soname is '$soname'"; exit 1; }
others=$(nm -D --defined-only "$so" | awk '{print $NF}' | grep -v '^referee_' || true)
if [ -n "$others" ]; then
  echo "FAIL: the shared library exports more than referee_*:"
  echo "$others"
  exit 1
fi
tools=$(nm -D "$so" | awk '{print $NF}' | grep -E '^(main|fork|waitpid)$' || true)
[ -z "$tools" ] || { echo "FAIL: the shared library calls $tools"; exit 1; }

# built as a user builds it, run, and its output compared; $1 names the
# pkg-config package, $2 how many times the program needs the shared library
try() {
  # shellcheck disable=SC2046
  cc -std=c11 -Wall -Wextra -Werror ${EMBED_CFLAGS:-} -o "$tmp/example-$1" "$tmp/example.c" \
    $(pkg-config --cflags --libs "$1") || { echo "FAIL: the example does not build with $1"; exit 1; }
  needs=$(readelf -d "$tmp/example-$1" | grep -c 'NEEDED.*libcanasta-referee' || true)
  [ "$needs" -eq "$2" ] || { echo "FAIL: the example built with $1 needs libcanasta-referee.so $needs times"; exit 1; }
  LD_LIBRARY_PATH=$libdir "$tmp/example-$1" >"$tmp/got" || true
  if ! diff -u "$tmp/expected" "$tmp/got"; then
    echo "FAIL: the example of docs/embedding.md, built with $1, prints something else"
    exit 1
  fi
}
try canasta-referee 1
try canasta-referee-static 0

# an extension module: a shared object holding the static library, linked
# without LTO (the objects' own machine code)
cat >"$tmp/ext.c" <<'EOF'
#include <referee.h>
int ext_status(const char *line);
int ext_status(const char *line) {
  referee_game_t *g = referee_game_new(NULL);
  int s = referee_game_line(g, line);
  referee_game_free(g);
  return s;
}
EOF
# shellcheck disable=SC2046
cc -std=c11 -fPIC -fno-lto -shared ${EMBED_CFLAGS:-} -o "$tmp/ext.so" "$tmp/ext.c" \
  $(pkg-config --cflags --libs canasta-referee-static) ||
  { echo "FAIL: the static library does not link into a shared object (-fPIC, -fno-lto)"; exit 1; }
echo "embed: the documented example builds against the installed shared and static libraries and runs; the shared one exports referee_* only; the static one links into a shared object"
