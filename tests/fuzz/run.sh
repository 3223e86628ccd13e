#!/bin/sh
# Builds the two libFuzzer harnesses (tests/fuzz/fuzz_record.c and
# tests/fuzz/fuzz_ruleset.c) with clang, ASan and UBSan into build-fuzz/ and
# runs each for SECONDS (default 60). Exits 1 when a fuzzer finds a crash, a
# leak, a timeout or an out-of-memory, and prints the reproducer's path.
#
#   sh tests/fuzz/run.sh [SECONDS] [libFuzzer flags...]
#
# Flags after SECONDS go to both fuzzers (e.g. -seed=7, -jobs=4 -workers=4,
# -fork=4); see docs/fuzzing.md. Installs nothing: tests/setup.sh installs
# clang, libclang-rt-N-dev (the libFuzzer runtime of clang N, the installed
# clang's major version) and the build dependencies; this script says what is
# missing and exits 3 when they are not there.
set -eu
cd "$(dirname "$0")/../.."

seconds=${1:-60}
[ $# -gt 0 ] && shift
case $seconds in
  '' | *[!0-9]*) echo "usage: sh tests/fuzz/run.sh [SECONDS] [libFuzzer flags...]" >&2; exit 3 ;;
esac

src=$(pwd)
out=$src/build-fuzz
mkdir -p "$out/obj" "$out/crashes" "$out/corpus-record" "$out/corpus-ruleset"
cc=${CC_FUZZ:-clang}

# What tests/setup.sh installs for the fuzzers: the compiler, the build's
# tools and libraries, and libFuzzer's runtime (the package of the compiler's
# major version: libclang-rt-14-dev on Debian 12), which a harness that does
# nothing must link with.
missing=""
for tool in "$cc" cmake pkg-config; do
  command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
pkg-config --exists yaml-0.1 2>/dev/null || missing="$missing libyaml-dev"
pkg-config --exists libpcre2-8 2>/dev/null || missing="$missing libpcre2-dev"
if command -v "$cc" >/dev/null 2>&1; then
  echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return !d && n; }' >"$out/probe.c"
  "$cc" -fsanitize=fuzzer,address,undefined "$out/probe.c" -o "$out/probe" >/dev/null 2>&1 ||
    missing="$missing libclang-rt-$("$cc" -dumpversion | cut -d. -f1)-dev (libFuzzer's runtime for $cc)"
  rm -f "$out/probe.c" "$out/probe"
fi
if [ -n "$missing" ]; then
  echo "run.sh: missing:$missing; sh tests/setup.sh installs what the fuzzers need" >&2
  exit 3
fi

# The sources the harnesses need: the core, the formats, the embedding API and
# the command line's file runner (every .c but the program's main).
sources=$(ls referee/core/*.c formats/*.c referee/api/*.c referee/cli/*.c | grep -v '/main\.c$')

echo "== generating the embedded rulesets and variant documents"
cmake -DOUT="$out/rulesets_builtin.c" -DDIR="$src/rulesets" -DEXT=yaml \
      -DTABLE=rs_builtins -P referee/core/embed_rulesets.cmake
cmake -DOUT="$out/variant_docs.c" -DDIR="$src/docs/variants" -DEXT=md \
      -DTABLE=rs_variant_docs -P referee/core/embed_rulesets.cmake

san="-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
warn="-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wstrict-prototypes -Wmissing-prototypes"
inc="-std=c11 -Ireferee/core -Iformats -Ireferee/api -Ireferee/cli"
version='-DREFEREE_VERSION="fuzz"'
libs=$(pkg-config --cflags --libs yaml-0.1 libpcre2-8)
pkgcflags=$(pkg-config --cflags yaml-0.1 libpcre2-8)

echo "== compiling the library with $cc into build-fuzz/obj"
rm -f "$out"/obj/*.o
pids=""
objs=""
for s in $sources "$out/rulesets_builtin.c" "$out/variant_docs.c"; do
  o=$out/obj/$(echo "$s" | sed -e "s|^$out/||" -e 's|/|_|g' -e 's|\.c$|.o|')
  objs="$objs $o"
  case $s in
    "$out"/*) w="" ;;          # generated tables
    *) w="$warn" ;;             # the project's warnings; errors only in the harnesses
  esac
  # shellcheck disable=SC2086
  $cc $san -fsanitize=fuzzer-no-link $inc "$version" $w $pkgcflags -c "$s" -o "$o" &
  pids="$pids $!"
done
failed=0
for p in $pids; do wait "$p" || failed=1; done
[ "$failed" -eq 0 ] || { echo "run.sh: compiling the library failed" >&2; exit 3; }

for h in record ruleset; do
  echo "== linking build-fuzz/fuzz_$h"
  # shellcheck disable=SC2086
  $cc $san -fsanitize=fuzzer $inc "$version" $warn -Werror $pkgcflags "tests/fuzz/fuzz_$h.c" $objs \
      $libs -o "$out/fuzz_$h"
done

echo "== seed corpora"
rm -rf "$out/seed-record" "$out/seed-ruleset"
mkdir -p "$out/seed-record" "$out/seed-ruleset"
# Each record twice: as it is (its first byte '#' or 'c' asks fuzz_record for
# --explain and --keep-going) and after a blank (the plain referee).
find corpus -name '*.cgr' | while read -r f; do
  name=$(echo "$f" | sed -e 's|^corpus/||' -e 's|/|-|g')
  cp "$f" "$out/seed-record/$name"
  { printf ' '; cat "$f"; } > "$out/seed-record/plain-$name"
done
for f in rulesets/*.yaml; do
  cp "$f" "$out/seed-ruleset/$(echo "$f" | sed 's|/|-|g')"
done
echo "   $(find "$out/seed-record" -type f | wc -l) records," \
     "$(find "$out/seed-ruleset" -type f | wc -l) rulesets"

# `variant rulesets/x.yaml` in a record is read relative to the working
# directory: the fuzzers run in build-fuzz/, which sees the shipped rulesets.
ln -sfn ../rulesets "$out/rulesets"

# UBSan findings with their stack, like ASan's.
UBSAN_OPTIONS="print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export UBSAN_OPTIONS

status=0
run_fuzzer() { # name max_len dict [libFuzzer flags...]
  name=$1 max_len=$2 dict=$3
  shift 3
  marker=$out/.start-$name
  : > "$marker"
  echo "== fuzz_$name for ${seconds}s"
  {
    rc=0
    (cd "$out" && ./"fuzz_$name" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 \
        -rss_limit_mb=2048 -dict="$src/tests/fuzz/$dict" -print_final_stats=1 \
        -artifact_prefix="$out/crashes/$name-" "$@" \
        "corpus-$name" "seed-$name" </dev/null) 2>&1 || rc=$?
    echo "$rc" > "$out/$name.rc"
  } | tee "$out/$name.log" | grep -Ev '^#[0-9]+[[:space:]]+(NEW|REDUCE) ' || true
  rc=$(cat "$out/$name.rc")
  found=$(find "$out/crashes" -type f -newer "$marker" \
          \( -name "$name-crash-*" -o -name "$name-leak-*" -o -name "$name-timeout-*" \
             -o -name "$name-oom-*" \) | sort)
  if [ "$rc" -ne 0 ] || [ -n "$found" ]; then
    status=1
    echo "== fuzz_$name FAILED (exit $rc); log: build-fuzz/$name.log"
    for f in $found; do
      echo "   reproducer: $f"
      echo "   replay:     build-fuzz/fuzz_$name $f"
      echo "   minimize:   build-fuzz/fuzz_$name -minimize_crash=1 -max_total_time=120 -exact_artifact_path=$f.min $f"
    done
  else
    echo "== fuzz_$name: no finding; working corpus build-fuzz/corpus-$name" \
         "($(find "$out/corpus-$name" -type f | wc -l) files)"
  fi
}

run_fuzzer record 65536 record.dict "$@"
run_fuzzer ruleset 16384 ruleset.dict "$@"
exit "$status"
