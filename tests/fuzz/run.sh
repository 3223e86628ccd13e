#!/bin/sh
# Builds the libFuzzer harnesses (tests/fuzz/fuzz_*.c) with clang, ASan and
# UBSan into build-fuzz/ and runs them for about 2 x SECONDS of wall time in
# all (default 60: about two minutes), each for its share of that time (the
# table below). Exits 1 when a fuzzer finds a crash, a broken invariant, a
# leak, a timeout or an out-of-memory, and prints the reproducer's path.
#
#   sh tests/fuzz/run.sh [SECONDS] [libFuzzer flags...]
#
# SECONDS defaults to FUZZ_SECONDS, then 60 (tests/all.sh passes its own
# FUZZ_SECONDS as the argument).
# Flags after SECONDS go to every fuzzer (e.g. -seed=7, -jobs=4 -workers=4,
# -fork=4); see docs/fuzzing.md. On a machine of two cores or more the
# harnesses run in two lanes at once (each lane 2 x SECONDS); FUZZ_LANES=1
# runs them one after the other, each for half its share, and -fork, -jobs or
# -workers among the flags imply it. FUZZ_ONLY="split html" runs only those.
# Installs nothing: tests/setup.sh installs clang, libclang-rt-N-dev (the
# libFuzzer runtime of clang N, the installed clang's major version) and the
# build dependencies; this script says what is missing and exits 3 when they
# are not there.
set -eu
cd "$(dirname "$0")/../.."

seconds=${1:-${FUZZ_SECONDS:-60}}
[ $# -gt 0 ] && shift
case $seconds in
  '' | *[!0-9]*)
    echo "usage: sh tests/fuzz/run.sh [SECONDS] [libFuzzer flags...] (SECONDS, or FUZZ_SECONDS, a number; '$seconds' is not)" >&2
    exit 3 ;;
esac

src=$(pwd)
out=$src/build-fuzz
cc=${CC_FUZZ:-clang}

# The harnesses: name, -max_len, dictionary, share of the time in 120ths of
# 2 x SECONDS, lane (when two run at once). Lane a's shares add up to 115 (the
# rest is for the harnesses' start, loading the seeds), lane b's to 115 and
# fuzz_legal's 16 over them (about 11 s more at CI's 40 s).
harnesses="
record   65536  record.dict  48 a
split    131072 record.dict  28 a
cli      4096   cli.dict     24 a
results  16384  results.dict 15 a
ruleset  16384  ruleset.dict 24 b
html     65536  record.dict  24 b
check    32768  record.dict  28 b
extends  512    -            19 b
json     8192   json.dict    20 b
legal    4096   record.dict  16 b
"
names=$(echo "$harnesses" | awk 'NF { printf "%s%s", n++ ? " " : "", $1 }')
only=${FUZZ_ONLY:-$names}

mkdir -p "$out/obj" "$out/crashes"
for h in $names; do mkdir -p "$out/corpus-$h"; done

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
# the command line's file runner (every .c but the program's main, which only
# fuzz_cli links, renamed referee_main).
core="referee/cards referee/rules referee/engine referee/questions referee/record"
# shellcheck disable=SC2046
sources=$(ls $(for d in $core; do echo "$d/*.c"; done) formats/*.c referee/api/*.c referee/gen/*.c referee/batch/*.c \
          referee/cli/*.c | grep -v '/main\.c$')

echo "== generating the embedded rulesets and variant documents"
cmake -DOUT="$out/rulesets_builtin.c" -DDIR="$src/rulesets" -DEXT=yaml \
      -DTABLE=rs_builtins -P referee/rules/embed_rulesets.cmake
cmake -DOUT="$out/variant_docs.c" -DDIR="$src/docs/variants" -DEXT=md \
      -DTABLE=rs_variant_docs -P referee/rules/embed_rulesets.cmake
echo '#define REFEREE_COMMIT "fuzz"' > "$out/build_version.h"

san="-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
warn="-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wstrict-prototypes -Wmissing-prototypes"
inc="-std=c11 $(for d in $core; do printf -- '-I%s ' "$d"; done)-Iformats -Ireferee/api -Ireferee/gen -Ireferee/batch -Ireferee/cli"
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
# main.c for fuzz_cli: its main() renamed, so that the harness calls it
# shellcheck disable=SC2086
$cc $san -fsanitize=fuzzer-no-link $inc -I"$out" "$version" $warn -Wno-missing-prototypes \
    $pkgcflags -Dmain=referee_main -c referee/cli/main.c -o "$out/obj/cli_main.o" &
pids="$pids $!"
failed=0
for p in $pids; do wait "$p" || failed=1; done
[ "$failed" -eq 0 ] || { echo "run.sh: compiling the library failed" >&2; exit 3; }

pids=""
for h in $only; do
  extra=""
  # fuzz_cli: the program's main, and game_new wrapped to count the records judged
  # fuzz_split: the program's main too (the --shard and --jobs runs)
  [ "$h" = split ] && extra="$out/obj/cli_main.o"
  [ "$h" = cli ] && extra="$out/obj/cli_main.o -Wl,--wrap=game_new"
  # shellcheck disable=SC2086
  $cc $san -fsanitize=fuzzer $inc "$version" $warn -Werror $pkgcflags "tests/fuzz/fuzz_$h.c" \
      $objs $extra $libs -lpthread -o "$out/fuzz_$h" &
  pids="$pids $!"
done
for p in $pids; do wait "$p" || failed=1; done
[ "$failed" -eq 0 ] || { echo "run.sh: linking a harness failed" >&2; exit 3; }
echo "== linked build-fuzz/fuzz_{$(echo "$only" | tr ' ' ,)}"

echo "== seed corpora"
for h in $names; do rm -rf "$out/seed-$h"; mkdir -p "$out/seed-$h"; done
# fuzz_record: each record twice, as it is (its first byte '#' or 'c' asks
# for --explain and --keep-going) and after a blank (the plain referee).
find corpus -name '*.cgr' | sort | while read -r f; do
  name=$(echo "$f" | sed -e 's|^corpus/||' -e 's|/|-|g')
  cp "$f" "$out/seed-record/$name"
  { printf ' '; cat "$f"; } > "$out/seed-record/plain-$name"
done
# fuzz_ruleset: the shipped rulesets, and the corpus's own (a key or two
# over a shipped one: the rulesets of its talon, foot, merge and show records)
for f in rulesets/*.yaml corpus/*/*.yaml; do
  cp "$f" "$out/seed-ruleset/$(echo "$f" | sed 's|/|-|g')"
done
# fuzz_split, fuzz_html, fuzz_check: parameter bytes (each harness reads them
# its own way) and then the text of 1 to 6 corpus records one after the other,
# the parameters varying from seed to seed.
find corpus -name '*.cgr' | sort | awk -v per=6 '{ g = int((NR - 1) / per); print g, $0 }' |
  while read -r g f; do
    for h in split html check; do
      p=$(( (g * 37 + ${#h}) % 256 ))
      # shellcheck disable=SC2059 # the format holds the parameters as octal escapes
      [ -f "$out/seed-$h/multi-$g" ] ||
        printf "\\$(printf %03o $p)\\$(printf %03o $(( (p * 7) % 256 )))\\$(printf %03o $(( g % 256 )))\\000\\000\\000\\000\\000" \
          > "$out/seed-$h/multi-$g"
      cat "$f" >> "$out/seed-$h/multi-$g"
    done
  done
# fuzz_cli: command lines (arguments separated by NUL; after two NULs, the
# text of the file c.cgr and of standard input).
n=0
while IFS= read -r args; do
  n=$((n + 1))
  printf '%s' "$args" | tr '|' '\000' > "$out/seed-cli/args-$n"
done <<'EOF'
a.cgr
--json|a.cgr|b.cgr
--explain|--keep-going|b.cgr
--at|12|a.cgr
--json|--shard|0/2|a.cgr|b.cgr
--json|--shard|1/2|a.cgr|b.cgr
--jobs|2|--part-size|0|a.cgr|b.cgr
-j|2|-|a.cgr||cgr 1
--rules|r.yaml|a.cgr
--rules|two-player|--color|always|b.cgr
--origin|x.cgr:10:2|a.cgr
--files0-from|list0|--stats
--html|page.html|a.cgr|b.cgr
--quiet|--parse-only|a.cgr
--lang|en|--json|--explain|b.cgr
check|d
check|--tap|--junit|j.xml|d
check|--json|--shard|0/2|d
check|--coverage|d|a.cgr
merge|--json|-||{"segment":0,"file":"a","verdict":"legal"}
gen|--variant|classic|--games|1|--hands|1|--expect
--help
--list-rules
--|-x.cgr
c.cgr||cgr 1
EOF
# fuzz_extends: f0 -> f1 -> classic; f0 -> f1 -> link2 -> hard0 (a loop); ten
# files in a chain (over 8); f0 -> f1 -> a FIFO.
printf '\002\021\000\000\007\000\000' > "$out/seed-extends/two"
printf '\003\021\000\000\044\000\000\006\000\000' > "$out/seed-extends/loop"
printf '\011\021\000\000\041\000\000\061\000\000\101\000\000\121\000\000\141\000\000\161\000\000\201\000\000\221\000\000\000\000\000' \
  > "$out/seed-extends/long"
printf '\003\021\000\000\013\004\007' > "$out/seed-extends/fifo"
# fuzz_json and fuzz_results: lines, and results (flags, file, 0x01, message).
printf '%s' '{"segment":3,"file":"a.cgr","record":1,"verdict":"illegal","code":"DRAW","line":12,"col":6,"message":"a \"quoted\" \u00e9\ud83d\ude00 \u0000"}' \
  > "$out/seed-json/verdict"
printf '%s' '{"shard":{"run":"97f2abab7ddbcb10","k":0,"n":1,"segments":1,"own":1,"bytes":0,"input_bytes":0,"lines":1,"records":1}}' \
  > "$out/seed-json/closing"
printf '%s' '{"file":"d/x.cgr","record":1,"record_line":2,"at":1,"ok":false,"why":"expected legal, got \u00ff"}' \
  > "$out/seed-json/result"
printf '\001a.cgr\001\000\002d/b # c.cgr\001expected legal, got "x"\000\003\303\251\377\001w\\hy' \
  > "$out/seed-results/three"
# fuzz_legal: its seeds (tests/fuzz/legal/: a ruleset, a generated game's
# seed and prefix, then that game's next lines, as tests/fuzz/legal/README.md
# says how they were made)
cp tests/fuzz/legal/*.bin "$out/seed-legal/"
# The findings (tests/fuzz/regressions/, named after their harness): replayed
# by every run.
for f in tests/fuzz/regressions/*-*.*; do
  h=${f##*/}
  h=${h%%-*}
  [ -d "$out/seed-$h" ] && cp "$f" "$out/seed-$h/regression-${f##*/}"
done
for h in $names; do
  printf '   %s %s' "$h" "$(find "$out/seed-$h" -type f | wc -l)"
done
echo " seeds"

# `variant rulesets/x.yaml` in a record is read relative to the working
# directory: the fuzzers run in build-fuzz/, which sees the shipped rulesets.
ln -sfn ../rulesets "$out/rulesets"

# The harnesses' temporary files (each process makes a directory of its own):
# in memory when /dev/shm is there (rewriting a file on ext4 waits for the
# disk, and the harnesses rewrite theirs at every input), removed at the end.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
  TMPDIR=$(mktemp -d /dev/shm/canasta-fuzz.XXXXXX)
else
  rm -rf "$out/tmp"
  mkdir -p "$out/tmp"
  TMPDIR=$out/tmp
fi
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT

# UBSan findings with their stack, like ASan's.
UBSAN_OPTIONS="print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export UBSAN_OPTIONS

lanes=${FUZZ_LANES:-}
if [ -z "$lanes" ]; then
  lanes=1
  [ "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)" -ge 2 ] && lanes=2
  for a in "$@"; do
    case $a in -fork=* | -jobs=* | -workers=*) lanes=1 ;; esac
  done
fi
case $lanes in 1 | 2) ;; *) echo "run.sh: FUZZ_LANES is 1 or 2" >&2; exit 3 ;; esac

run_fuzzer() { # name max_len dict share [libFuzzer flags...]
  name=$1 max_len=$2 dict=$3 share=$4
  shift 4
  t=$(( (seconds * share * lanes + 119) / 120 ))
  [ "$t" -ge 1 ] || t=1
  marker=$out/.start-$name
  : > "$marker"
  echo "== fuzz_$name for ${t}s"
  d=""
  [ "$dict" = - ] || d="-dict=$src/tests/fuzz/$dict"
  rc=0
  # shellcheck disable=SC2086
  (cd "$out" && ./"fuzz_$name" -max_total_time="$t" -max_len="$max_len" -timeout=10 \
      -rss_limit_mb=2048 $d -print_final_stats=1 -artifact_prefix="$out/crashes/$name-" "$@" \
      "$out/corpus-$name" "$out/seed-$name" </dev/null) > "$out/$name.log" 2>&1 || rc=$?
  found=$(find "$out/crashes" -type f -newer "$marker" \
          \( -name "$name-crash-*" -o -name "$name-leak-*" -o -name "$name-timeout-*" \
             -o -name "$name-oom-*" \) | sort)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$name.log")
  cov=$(grep -Eo 'cov: [0-9]+' "$out/$name.log" | tail -1 | cut -d' ' -f2)
  if [ "$rc" -ne 0 ] || [ -n "$found" ]; then
    echo 1 > "$out/$name.status"
    echo "== fuzz_$name FAILED (exit $rc) after ${runs:-?} inputs; log: build-fuzz/$name.log"
    grep -E 'invariant broken|ERROR: (Address|Leak|libFuzzer|UndefinedBehavior)|runtime error|SUMMARY' \
      "$out/$name.log" | head -5 | sed 's/^/   /'
    for f in $found; do
      echo "   reproducer: $f"
      echo "   replay:     build-fuzz/fuzz_$name $f"
      echo "   minimize:   build-fuzz/fuzz_$name -minimize_crash=1 -max_total_time=120 -exact_artifact_path=$f.min $f"
    done
  else
    echo 0 > "$out/$name.status"
    echo "== fuzz_$name: no finding in ${runs:-?} inputs, cov ${cov:-?};" \
         "corpus build-fuzz/corpus-$name ($(find "$out/corpus-$name" -type f | wc -l) files)"
  fi
}

run_lane() { # lane [libFuzzer flags...]
  lane=$1
  shift
  echo "$harnesses" | while read -r name max_len dict share l; do
    [ -n "$name" ] || continue
    case " $only " in *" $name "*) ;; *) continue ;; esac
    [ "$lane" = all ] || [ "$lane" = "$l" ] || continue
    run_fuzzer "$name" "$max_len" "$dict" "$share" "$@"
  done
}

start=$(date +%s)
for h in $names; do rm -f "$out/$h.status"; done
if [ "$lanes" = 2 ]; then
  echo "== fuzzing in two lanes at once (FUZZ_LANES=1: one after the other)"
  run_lane a "$@" &
  lane_a=$!
  run_lane b "$@"
  wait "$lane_a" || true
else
  run_lane all "$@"
fi

status=0
for h in $names; do
  [ -f "$out/$h.status" ] && [ "$(cat "$out/$h.status")" != 0 ] && status=1
done
echo "== fuzzing took $(( $(date +%s) - start )) s; $( [ $status = 0 ] && echo 'no finding' || echo 'FINDINGS above')"
exit "$status"
