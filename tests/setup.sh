#!/bin/sh
# Installs what a fresh Debian machine lacks, then configures and builds the
# referee into build/ (warnings are errors). Used by tests/sample.sh and
# tests/all.sh; safe to run again.
set -eu
cd "$(dirname "$0")/.."

# what the build needs; then what the tests use: valgrind (leaks), jq (the
# documented transcripts that pipe --json into it), man-db (the manual page),
# lintian (the Debian package); gettext (the message catalogues: msgfmt builds
# them, xgettext and msgcmp check them). README.md lists the same.
sh tests/install.sh build-essential cmake pkg-config libyaml-dev libpcre2-dev \
  gettext libcriterion-dev valgrind jq man-db lintian

echo "== building into build/"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS="-Werror" >/dev/null
cmake --build build -j"$(nproc)"
