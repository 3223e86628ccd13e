#!/bin/sh
# Builds the referee (installing what is missing) and runs every test: the
# Criterion units (with the property tests over generated games), the corpus
# in conformance mode, the command-line checks, valgrind; then all of it again
# under AddressSanitizer and UndefinedBehaviorSanitizer; then a short run of
# each libFuzzer harness (FUZZ_SECONDS each, default 60).
set -eu
cd "$(dirname "$0")/.."
sh tests/setup.sh

echo "== tests (build/)"
(cd build && ctest --output-on-failure -j"$(nproc)")

echo "== tests under ASan/UBSan (build-asan/)"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DREFEREE_SANITIZE=ON \
  -DCMAKE_C_FLAGS="-Werror" >/dev/null
cmake --build build-asan -j"$(nproc)" >/dev/null
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --output-on-failure -j"$(nproc)")
echo "== fuzzing (tests/fuzz/run.sh, ${FUZZ_SECONDS:-60} s per harness)"
sh tests/fuzz/run.sh "${FUZZ_SECONDS:-60}" -seed=1
echo "== all tests passed"
