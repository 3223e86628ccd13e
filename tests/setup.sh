#!/bin/sh
# Installs what a fresh Debian machine lacks, then configures and builds the
# referee into build/ (warnings are errors). Safe to run again.
#   sh tests/setup.sh          what the build needs (tests/sample.sh)
#   sh tests/setup.sh --tests  that, and what every test uses (tests/all.sh)
#
# Everything a test uses is installed here, once and one package set after the
# other, before any test runs: no test installs anything (under ctest -j they
# would race for dpkg's lock, with each other and with tests/deb.sh's dpkg -i).
# A test that finds a tool missing says SKIP and exits 77 (ctest: Skipped),
# and tests/all.sh fails under CI=true when a test was skipped.
set -eu
cd "$(dirname "$0")/.."
# The sources of libyaml and PCRE2 as Debian ships them, for tests/wasm.sh:
# apt-get source, the newest version the archive still serves (a security
# update's source may be gone from a mirror that keeps its binary).
fetch_wasm_sources() {
  if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
  if [ -z "$(apt-cache showsrc libyaml 2>/dev/null)" ]; then
    echo "== enabling deb-src"
    for f in /etc/apt/sources.list.d/*.sources; do
      [ -f "$f" ] && $sudo sed -i 's/^Types: deb$/Types: deb deb-src/' "$f"
    done
    [ -f /etc/apt/sources.list ] && grep -q '^deb ' /etc/apt/sources.list &&
      sed -n 's/^deb /deb-src /p' /etc/apt/sources.list | $sudo tee -a /etc/apt/sources.list >/dev/null
    $sudo apt-get update -qq
  fi
  mkdir -p build/wasm/src
  for pkg in libyaml pcre2; do
    ls -d build/wasm/src/"$pkg"-*/ >/dev/null 2>&1 && continue
    for v in $(apt-cache showsrc "$pkg" | sed -n 's/^Version: //p'); do
      (cd build/wasm/src && apt-get source -qq "$pkg=$v" >/dev/null 2>&1) && break
    done
    ls -d build/wasm/src/"$pkg"-*/ >/dev/null 2>&1 || { echo "cannot fetch the sources of $pkg" >&2; exit 1; }
  done
}

case ${1:-} in
  '') tests=0 ;;
  --tests) tests=1 ;;
  *) echo "usage: sh tests/setup.sh [--tests]" >&2; exit 3 ;;
esac

# what the build needs (gettext: msgfmt builds the message catalogues;
# libcriterion-dev: the unit tests are built with the program). README.md
# lists the same.
sh tests/install.sh build-essential cmake pkg-config libyaml-dev libpcre2-dev \
  gettext libcriterion-dev
if [ "$tests" -eq 1 ]; then
  # what the tests use: valgrind (leaks), jq (the documented transcripts that
  # pipe --json into it, tests/i18n.sh), python3 (tests/cli.sh reads the JSON
  # and the JUnit XML with it; tests/browser.py drives the browser), man-db
  # (the manual page), lintian (the Debian package), chromium, tidy and
  # poppler-utils (pdftotext) (the dispute page: tests/html.sh,
  # tests/html_valid.sh), slurmd slurmctld slurm-client munge (tests/slurm.sh's
  # one-node cluster), clang (the fuzzers, tests/fuzz/run.sh; xgettext and
  # msgcmp, which tests/i18n.sh uses, come with gettext), strace (--jobs's
  # system calls counted, tests/jobs_cost.sh), xz-utils (the instruction
  # guard's committed blocks, tests/instructions_guard.sh; present on most
  # systems, named so that none is assumed), python3-venv python3-dev
  # python3-wheel-whl (the Python package built and installed offline into a
  # virtual environment, tests/python.sh).
  sh tests/install.sh valgrind jq python3 man-db lintian chromium tidy poppler-utils \
    slurmd slurmctld slurm-client munge clang strace xz-utils python3-venv python3-dev \
    python3-wheel-whl
  # libFuzzer's runtime (and the sanitizers') comes with the package of the
  # installed clang's major version (libclang-rt-14-dev on Debian 12), not a
  # name fixed here
  clang_major=$(clang -dumpversion | cut -d. -f1)
  sh tests/install.sh "libclang-rt-$clang_major-dev"
  # the npm package (tests/npm.sh): emscripten compiles the referee, libyaml
  # and PCRE2 to WebAssembly (nodejs comes with it; npm packs the package,
  # unless a Node.js that brings its own is installed), from Debian's sources
  # of the two libraries (deb-src enabled if it is not; dpkg-dev unpacks
  # them), fetched once into build/wasm/src; node-typescript's tsc compiles the
  # package's types and the TypeScript of docs/javascript.md (tests/types.sh)
  sh tests/install.sh emscripten dpkg-dev node-typescript
  command -v npm >/dev/null || sh tests/install.sh npm
  fetch_wasm_sources
fi

echo "== building into build/"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS="-Werror" >/dev/null
cmake --build build -j"$(nproc)"
