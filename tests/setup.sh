#!/bin/sh
# Installs what a fresh Debian machine lacks, then configures and builds the
# referee into build/ (warnings are errors). Used by tests/sample.sh and
# tests/all.sh; safe to run again.
set -eu
cd "$(dirname "$0")/.."

need=""
for pkg in build-essential cmake pkg-config libyaml-dev libpcre2-dev libcriterion-dev valgrind; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
    need="$need $pkg"
done
if [ -n "$need" ]; then
  echo "== installing:$need"
  if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $need >/dev/null
fi

echo "== building into build/"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS="-Werror" >/dev/null
cmake --build build -j"$(nproc)"
