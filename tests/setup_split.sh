#!/bin/sh
# What each of the two commands installs (README.md, "Two commands"): the
# newcomer's `sh tests/sample.sh` only what the build needs, never the tests'
# tools (Chromium, Slurm, lintian, clang: most of its time on a fresh machine);
# `sh tests/all.sh`'s `tests/setup.sh --tests` both, and README.md names each
# package in the sentence about its command. Run on a copy of the scripts,
# with tests/install.sh recording what it is asked for and cmake, clang and
# the referee replaced by stand-ins: nothing is installed or built.
# Usage: sh tests/setup_split.sh SOURCE_DIR
set -u
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

mkdir -p "$tmp/tree/tests" "$tmp/tree/build" "$tmp/bin"
cp "$src/tests/setup.sh" "$src/tests/sample.sh" "$tmp/tree/tests/"
printf '#!/bin/sh\nfor p; do echo "$p"; done >>"%s/asked"\n' "$tmp" >"$tmp/tree/tests/install.sh"
printf '#!/bin/sh\nexit 0\n' >"$tmp/bin/cmake"
printf '#!/bin/sh\necho 14.0.6\n' >"$tmp/bin/clang"
printf '#!/bin/sh\n[ "$1" = corpus/classic/illegal-wild-overflow.cgr ] && exit 1\nexit 0\n' >"$tmp/tree/build/referee"
chmod +x "$tmp/bin/cmake" "$tmp/bin/clang" "$tmp/tree/build/referee"

# asked COMMAND...: the packages the command asks tests/install.sh for
asked() {
  : >"$tmp/asked"
  PATH=$tmp/bin:$PATH sh "$@" >"$tmp/out" 2>&1 || { fail "$*:"; cat "$tmp/out"; }
  sort -u "$tmp/asked"
}
build="build-essential cmake pkg-config libyaml-dev libpcre2-dev gettext libcriterion-dev"
sample=$(asked "$tmp/tree/tests/sample.sh")
all=$(asked "$tmp/tree/tests/setup.sh" --tests)
[ "$sample" = "$(printf '%s\n' $build | sort)" ] ||
  fail "sample.sh asks for $(echo "$sample" | tr '\n' ' '), not what the build needs: $build"
for p in $build valgrind jq python3 man-db lintian chromium tidy poppler-utils slurmd slurmctld \
         slurm-client munge clang strace libclang-rt-14-dev; do
  echo "$all" | grep -qx "$p" || fail "setup.sh --tests does not install $p"
done
# README.md: the sentence on each command names its packages
readme=$(tr '\n' ' ' <"$src/README.md")
for p in $(echo "$all" | grep -v '^libclang-rt'); do
  echo "$readme" | grep -q "\`[^\`]*\\b$p\\b[^\`]*\`" || fail "README.md does not name $p"
done
[ "$fails" -eq 0 ] && echo "setup_split: sample.sh installs the build's $(echo "$sample" | wc -l) packages," \
  "setup.sh --tests $(echo "$all" | wc -l)"
exit $((fails > 0))
