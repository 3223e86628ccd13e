#!/bin/sh
# Installs what a fresh Debian machine lacks for the build and for every test,
# then configures and builds the referee into build/ (warnings are errors).
# Used by tests/sample.sh and tests/all.sh; safe to run again.
#
# Everything is installed here, once and one package set after the other,
# before any test runs: no test installs anything (under ctest -j they would
# race for dpkg's lock, with each other and with tests/deb.sh's dpkg -i). A
# test that finds a tool missing says SKIP and exits 77 (ctest: Skipped), and
# tests/all.sh fails under CI=true when a test was skipped.
set -eu
cd "$(dirname "$0")/.."

# what the build needs (gettext: msgfmt builds the message catalogues, and
# xgettext and msgcmp check them); then what the tests use: valgrind (leaks),
# jq (the documented transcripts that pipe --json into it, tests/i18n.sh),
# python3 (tests/cli.sh reads the JSON and the JUnit XML with it), man-db
# (the manual page), lintian (the Debian package), chromium, tidy and
# poppler-utils (pdftotext) (the dispute page: tests/html.sh,
# tests/html_valid.sh), slurmd slurmctld slurm-client munge (tests/slurm.sh's
# one-node cluster), clang (the fuzzers, tests/fuzz/run.sh). README.md lists
# the same.
sh tests/install.sh build-essential cmake pkg-config libyaml-dev libpcre2-dev \
  gettext libcriterion-dev valgrind jq python3 man-db lintian chromium tidy \
  poppler-utils slurmd slurmctld slurm-client munge clang
# libFuzzer's runtime (and the sanitizers') comes with the package of the
# installed clang's major version (libclang-rt-14-dev on Debian 12), not a name
# fixed here
clang_major=$(clang -dumpversion | cut -d. -f1)
sh tests/install.sh "libclang-rt-$clang_major-dev"

echo "== building into build/"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS="-Werror" >/dev/null
cmake --build build -j"$(nproc)"
