#!/bin/sh
# The Debian package: `cpack -G DEB` in the build directory writes
# canasta-referee_VERSION_ARCH.deb with the program, its manual page, the bash
# completion, the documentation, the library (shared, with its soname link,
# shlibs and ldconfig trigger, and static), its header and pkg-config files;
# lintian finds no error in it. The package is then installed with dpkg -i
# (as root, when it is not installed already) or else extracted with
# dpkg-deb -x; the installed program gives its version and referees a game,
# its manual page opens, Debian's python3 imports the Python package and
# judges the same game; then the package is removed again.
# Without lintian or man (man-db) it says SKIP and exits 77 (ctest: skipped),
# before building anything.
# Usage: sh tests/deb.sh BUILD_DIR SOURCE_DIR VERSION
set -u
for tool in lintian man; do
  if ! command -v $tool >/dev/null 2>&1; then
    echo "SKIP: $tool is not installed (sh tests/setup.sh installs it): the package was not built nor checked"
    exit 77
  fi
done
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
version=$3
tmp=$(mktemp -d)
installed=0
lintian_pid=
cleanup() {
  [ -n "$lintian_pid" ] && kill "$lintian_pid" 2>/dev/null && wait "$lintian_pid"
  [ "$installed" -eq 1 ] && dpkg -r canasta-referee >/dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# cpack builds what is out of date first; with the commit the binaries were
# built from, build_version.h stays as it is and nothing is relinked under the
# tests that run beside this one (a checkout made dirty since would otherwise
# rewrite it).
commit=$(sed -n 's/^#define REFEREE_COMMIT "\(.*\)"$/\1/p' "$build/build_version.h" 2>/dev/null)
(cd "$build" && REFEREE_COMMIT=${commit:-unknown} cpack -G DEB -B "$tmp/pkg") >"$tmp/cpack.log" 2>&1 ||
  { cat "$tmp/cpack.log"; echo "FAIL: cpack -G DEB"; exit 1; }
deb=$tmp/pkg/canasta-referee_${version}_$(dpkg --print-architecture).deb
[ -f "$deb" ] || { ls "$tmp/pkg"; echo "FAIL: no $(basename "$deb")"; exit 1; }

dpkg-deb -c "$deb" >"$tmp/listing"
awk '{print ($(NF - 1) == "->") ? $(NF - 2) : $NF}' "$tmp/listing" >"$tmp/contents"
for f in /usr/bin/referee /usr/share/man/man1/referee.1.gz \
         /usr/share/bash-completion/completions/referee \
         /usr/share/doc/canasta-referee/copyright /usr/share/doc/canasta-referee/changelog.gz \
         /usr/share/doc/canasta-referee/format.md /usr/share/doc/canasta-referee/codes.md \
         /usr/share/doc/canasta-referee/rulesets.md /usr/share/doc/canasta-referee/variants/classic.md \
         /usr/lib/libcanasta-referee.a /usr/include/referee.h /usr/lib/pkgconfig/canasta-referee.pc \
         /usr/lib/libcanasta-referee.so.0.1.0 /usr/lib/libcanasta-referee.so.0 \
         /usr/lib/libcanasta-referee.so /usr/lib/pkgconfig/canasta-referee-static.pc; do
  grep -qxF ".$f" "$tmp/contents" || fail "the package lacks $f"
done
# the Python package, where Debian's python3 finds it
py_dir=/usr/lib/python3/dist-packages/canasta_referee
for f in $py_dir/__init__.py $py_dir/_referee.pyi $py_dir/py.typed; do
  grep -qxF ".$f" "$tmp/contents" || fail "the package lacks $f (Python's headers missing at the build?)"
done
grep -q "^\.$py_dir/_referee\.cpython-.*\.so$" "$tmp/contents" || fail "the package lacks the extension in $py_dir"
# the shared library: its links, the shlibs entry of its soname, and dpkg's
# ldconfig trigger (lintian's lacks-ldconfig-trigger is an error without it)
grep -q '\./usr/lib/libcanasta-referee\.so\.0 -> libcanasta-referee\.so\.0\.1\.0$' "$tmp/listing" ||
  fail "libcanasta-referee.so.0 is not a link to libcanasta-referee.so.0.1.0"
dpkg-deb -e "$deb" "$tmp/control"
grep -qx 'activate-noawait ldconfig' "$tmp/control/triggers" 2>/dev/null ||
  fail "the package does not trigger ldconfig"
grep -q '^libcanasta-referee 0 canasta-referee' "$tmp/control/shlibs" 2>/dev/null ||
  fail "the package's shlibs does not name libcanasta-referee.so.0"

# The time goes to lintian (about half) and to dpkg -i and -r, each of which
# runs man-db's trigger (the index of every manual page is rebuilt): lintian
# runs meanwhile, and is waited for at the end.
lintian --fail-on error "$deb" >"$tmp/lintian" 2>/dev/null &
lintian_pid=$!

# installed, or extracted where installing is not wanted
if [ "$(id -u)" -eq 0 ] && ! dpkg -s canasta-referee >/dev/null 2>&1 &&
   [ "${REFEREE_DEB_INSTALL:-1}" = 1 ]; then
  dpkg -i "$deb" >"$tmp/dpkg.log" 2>&1 || { cat "$tmp/dpkg.log"; fail "dpkg -i"; exit 1; }
  installed=1
  root=
  how="installed with dpkg -i"
else
  dpkg-deb -x "$deb" "$tmp/root"
  root=$tmp/root
  how="extracted with dpkg-deb -x"
fi
ref=$root/usr/bin/referee
"$ref" --version >"$tmp/out" 2>&1 || fail "referee --version"
grep -q "^referee (canasta-referee) $version, commit " "$tmp/out" ||
  { fail "--version of the packaged program:"; cat "$tmp/out"; }
"$ref" "$src/corpus/classic/legal-4p-full-hand.cgr" >"$tmp/out" 2>&1 || fail "a sample game"
grep -q "totals: NS 810, EW -10" "$tmp/out" || { fail "the sample game's totals:"; cat "$tmp/out"; }
"$ref" --rules "$root/usr/share/canasta-referee/rulesets/classic.yaml" \
  "$src/corpus/classic/legal-4p-full-hand.cgr" >/dev/null 2>&1 || fail "the installed ruleset file"
# the Python package judges the same game (extracted: from the extracted tree,
# the library beside it through LD_LIBRARY_PATH)
PYTHONPATH=${root:+$root/usr/lib/python3/dist-packages} LD_LIBRARY_PATH=${root:+$root/usr/lib} \
  /usr/bin/python3 -c 'import sys, canasta_referee as cr
r = cr.check(sys.argv[1])
assert len(r) == 1 and r[0].verdict.legal and r[0].totals == {"NS": 810, "EW": -10}, r
print(cr.__file__)' "$src/corpus/classic/legal-4p-full-hand.cgr" >"$tmp/out" 2>&1 ||
  { fail "the packaged Python module:"; cat "$tmp/out"; }
grep -q "^${root}$py_dir/__init__.py\$" "$tmp/out" || { fail "python3 imported another canasta_referee:"; cat "$tmp/out"; }
LC_ALL=C MANWIDTH=80 man -l "$root/usr/share/man/man1/referee.1.gz" 2>/dev/null | grep -q 'referee - a deterministic referee' ||
  fail "the installed manual page"
if [ "$installed" -eq 1 ]; then
  LC_ALL=C man referee 2>/dev/null | grep -q 'referee - a deterministic referee' || fail "man referee"
  dpkg -r canasta-referee >/dev/null 2>&1 || fail "dpkg -r"
  installed=0
  [ -e /usr/bin/referee ] && fail "dpkg -r left /usr/bin/referee"
fi
wait "$lintian_pid" || { fail "lintian finds errors:"; cat "$tmp/lintian"; }
lintian_pid=
[ "$fails" -eq 0 ] && echo "deb: $(basename "$deb") built, lintian clean, $how: it runs"
exit $((fails > 0))
