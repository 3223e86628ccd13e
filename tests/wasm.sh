#!/bin/sh
# Builds the referee as WebAssembly for the npm package (referee/js/):
# libyaml and PCRE2 from Debian's own sources (tests/setup.sh --tests
# installs emscripten and unpacks them with apt-get source), then the library's
# sources as CMake builds them (the core's rooms referee/cards, rules, engine,
# questions and record; the CGR reader; referee/api),
# linked by emcc into referee/js/dist/referee.js + referee.wasm.
#   sh tests/wasm.sh [BUILD_DIR]     (default build; the work goes in BUILD/wasm)
# Everything is kept in BUILD/wasm: the sources fetched once, each object
# rebuilt only when its source is newer. Exit 77 (skip) without emcc.
set -eu
# the core's rooms, in their one-way order (CMakeLists.txt, CORE_ROOMS)
core="referee/cards referee/rules referee/engine referee/questions referee/record"
cd "$(dirname "$0")/.."
top=$(pwd)
build=${1:-build}
case $build in /*) ;; *) build=$top/$build ;; esac
command -v emcc >/dev/null || { echo "SKIP: emcc not installed (sh tests/setup.sh --tests installs emscripten)"; exit 77; }
# Debian's emscripten runs its JS tools with Debian's node modules (acorn)
NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
export NODE_PATH
w=$build/wasm
mkdir -p "$w/src" "$w/include"

# libyaml's and PCRE2's sources, unpacked by tests/setup.sh --tests
for pkg in libyaml pcre2; do
  ls -d "$w/src/$pkg"-*/ >/dev/null 2>&1 ||
    { echo "SKIP: no $pkg sources in $w/src (sh tests/setup.sh --tests fetches them)"; exit 77; }
done
for d in "$w/src/"libyaml-*/; do yaml=$d; done
for d in "$w/src/"pcre2-*/; do pcre=$d; done
cp "$pcre/src/pcre2.h.generic" "$w/include/pcre2.h"
cp "$yaml/include/yaml.h" "$w/include/yaml.h"
[ -f "$w/pcre2_chartables.c" ] || cp "$pcre/src/pcre2_chartables.c.dist" "$w/pcre2_chartables.c"

# The rulesets compiled in, as CMake embeds them.
cmake -DOUT="$w/rulesets_builtin.c.new" -DDIR="$top/rulesets" -DEXT=yaml -DTABLE=rs_builtins \
  -P referee/rules/embed_rulesets.cmake
cmp -s "$w/rulesets_builtin.c.new" "$w/rulesets_builtin.c" ||
  mv "$w/rulesets_builtin.c.new" "$w/rulesets_builtin.c"

OPT=${WASM_OPT:--O2}
headers=$(for d in $core formats referee/api; do
  for f in "$d"/*.h "$d"/*.def; do [ ! -f "$f" ] || echo "$f"; done
done)
objs=""
changed=0
mkdir -p "$w/obj$OPT"
cc() { # NAME SOURCE FLAGS...: rebuilt when the source, a header of the
  # library's or this script (its flags) is newer than the object
  o=$w/obj$OPT/$1.o; src=$2; shift 2
  # shellcheck disable=SC2086 # headers: a list of names without blanks
  if [ ! -f "$o" ] || [ -n "$(find "$src" "$top/tests/wasm.sh" $headers -newer "$o")" ]; then
    # shellcheck disable=SC2086 # OPT is one word or none
    emcc $OPT "$@" -c "$src" -o "$o"; changed=1
  fi
  objs="$objs $o"
}
for f in api dumper emitter loader parser reader scanner writer; do
  cc "yaml_$f" "$yaml/src/$f.c" -I"$yaml/include" -DYAML_VERSION_MAJOR=0 \
    -DYAML_VERSION_MINOR=2 -DYAML_VERSION_PATCH=5 -DYAML_VERSION_STRING='"0.2.5"' -w
done
PCRE_FLAGS="-I$w/include -I$pcre/src -DPCRE2_CODE_UNIT_WIDTH=8 -DSUPPORT_UNICODE -DHAVE_MEMMOVE
  -DHAVE_STDINT_H -DHAVE_INTTYPES_H -DLINK_SIZE=2 -DMATCH_LIMIT=10000000
  -DMATCH_LIMIT_DEPTH=10000000 -DHEAP_LIMIT=20000000 -DNEWLINE_DEFAULT=2
  -DPARENS_NEST_LIMIT=250 -DMAX_NAME_SIZE=32 -DMAX_NAME_COUNT=10000 -DPCRE2_STATIC -w"
for f in auto_possess compile config context convert dfa_match error extuni find_bracket \
  jit_compile maketables match match_data newline ord2utf pattern_info script_run serialize \
  string_utils study substitute substring tables ucd valid_utf xclass; do
  # shellcheck disable=SC2086
  cc "pcre2_$f" "$pcre/src/pcre2_$f.c" $PCRE_FLAGS
done
# shellcheck disable=SC2086
cc pcre2_chartables "$w/pcre2_chartables.c" $PCRE_FLAGS
# the library: what CMake's referee_lib holds, with its warnings as errors,
# and NDEBUG and link-time optimisation as CMake's release builds have them
# (the asserts' invariant checks, eng_conserved after every statement, took a
# third of the wasm's time; -flto took a fifth off what was left, where -O3
# made it slower than -O2)
WARN="-std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wstrict-prototypes -Wmissing-prototypes -Werror"
inc="-I$w/include $(for d in $core; do printf -- '-I%s ' "$d"; done)-Iformats -Ireferee/api -DPCRE2_STATIC -DNDEBUG"
# shellcheck disable=SC2086
for src in $(for d in $core; do echo "$d/*.c"; done) formats/cgr.c formats/cgr_fast.c formats/cgr_grammar.c \
  referee/api/*.c; do
  name=$(echo "$src" | tr / _ | sed 's/\.c$//')
  # shellcheck disable=SC2086
  cc "$name" "$src" $inc $WARN -flto
done
# shellcheck disable=SC2086
cc rulesets_builtin "$w/rulesets_builtin.c" $inc -flto

exports=$(sed -n 's/^[a-z_ ]*[ *]\(referee_[a-z_]*\)(.*/_\1/p' referee/api/referee.h |
  sort -u | tr '\n' ',')
out=referee/js/dist
mkdir -p "$out"
[ -f "$w/referee$OPT.wasm" ] || changed=1
[ "$changed" -eq 0 ] || {
# shellcheck disable=SC2086
emcc $OPT -flto $objs -o "$w/referee.mjs" -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createReferee \
  -sENVIRONMENT=web,worker -sALLOW_MEMORY_GROWTH=1 -sFILESYSTEM=1 -sINCOMING_MODULE_JS_API=wasmBinary,print,printErr \
  -sEXPORTED_FUNCTIONS="${exports}_malloc,_free" \
  -sEXPORTED_RUNTIME_METHODS=FS,UTF8ToString,stringToUTF8,lengthBytesUTF8
cp "$w/referee.wasm" "$w/referee$OPT.wasm"; cp "$w/referee.mjs" "$w/referee$OPT.mjs"; }
cp "$w/referee$OPT.mjs" "$out/referee.mjs"
cp "$w/referee$OPT.wasm" "$out/referee.wasm"
# the licences of what the wasm holds besides the referee
{ echo "referee.wasm holds libyaml $(basename "$yaml" | sed 's/libyaml-//') and PCRE2 $(basename "$pcre" | sed 's/pcre2-//'), built from Debian's sources."
  echo; echo "== libyaml"; cat "$yaml/License"
  echo; echo "== PCRE2"; cat "$pcre/LICENCE"; } > "$out/THIRD-PARTY.txt"
for f in "$out/referee.mjs" "$out/referee.wasm"; do echo "wasm.sh: $(wc -c < "$f") $f"; done
