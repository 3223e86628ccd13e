#!/bin/sh
# Builds the referee (installing what is missing, the tests' tools with it,
# before any test runs) and runs every test: the Criterion units (with the
# property tests over generated games), the corpus in conformance mode, the
# command-line checks, valgrind; then, under AddressSanitizer and
# UndefinedBehaviorSanitizer, the tests that exercise the program's memory
# (tests/CMakeLists.txt says which, and how cli.sh, jobs.sh and html.sh
# shorten their loops there, and the property tests play a quarter of their
# games: tests/unit/scale.h); then the libFuzzer harnesses, about 2 x FUZZ_SECONDS in all
# (default 40: tests/fuzz/run.sh shares it among them).
#
# Green means everything ran: after each ctest run, tests/skips.sh names the
# tests that did not run (a test that cannot exits 77: ctest's Skipped); under
# CI=true (.ci/run sets it) that fails the run, elsewhere it is reported.
set -eu
cd "$(dirname "$0")/.."
sh tests/setup.sh --tests

skipped=0
# run_tests DIR [VAR=VALUE...]: every test of the build in DIR, with the variables
# given; then the ones that did not run (exit 1 under CI=true)
run_tests() {
  dir=$1
  shift
  rm -f "$dir/ctest-junit.xml"
  (cd "$dir" && env "$@" ctest --output-on-failure --no-tests=error -j"$(nproc)" \
    --output-junit "$(pwd)/ctest-junit.xml")
  sh tests/skips.sh "$dir/ctest-junit.xml" || case $? in
    2) skipped=1 ;;
    *) exit 1 ;;
  esac
}

echo "== tests (build/)"
run_tests build

echo "== tests under ASan/UBSan (build-asan/)"
# -O1, as the sanitizers' documentation advises: half the time of -O0 for
# the same checks (the unit tests: 87 s of CPU rather than 167)
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DREFEREE_SANITIZE=ON \
  -DCMAKE_C_FLAGS="-Werror -O1" >/dev/null
cmake --build build-asan -j"$(nproc)" >/dev/null
run_tests build-asan ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
echo "== fuzzing (tests/fuzz/run.sh, about 2 x ${FUZZ_SECONDS:-40} s in all)"
sh tests/fuzz/run.sh "${FUZZ_SECONDS:-40}" -seed=1
if [ "$skipped" -eq 0 ]; then
  echo "== all tests passed"
else
  echo "== all tests that ran passed; some did not run (listed above)"
fi
