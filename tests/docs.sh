#!/bin/sh
# The documentation is tested, not trusted: every example record and every
# command transcript of README.md and docs/*.md is written out, run and
# compared byte for byte with what the page shows.
#
# The convention (docs/format.md, "Executable examples"):
#
#   ```cgr file=NAME                a file: its lines are written to NAME
#   ```cgr file=NAME base=OTHER     the lines of OTHER (as last written), then these
#   ```cgr file=NAME base=OTHER:N   the first N lines of OTHER, then these
#   ```console                      a transcript: each "$ COMMAND" line is run by sh,
#                                   standard output and error together, and must print
#                                   exactly the lines up to the next "$ " line (blank
#                                   lines just before a "$ " line only separate)
#
# Each page runs in a scratch directory of its own, in page order, with
# `referee` on the PATH, `build/referee` and the repository's `corpus/` and
# `rulesets/` at hand. A block that looks like output or a record but is not
# marked is an error too, so nothing shown escapes the test. Last, README.md
# must name every package that the scripts under tests/ install, and no
# script but tests/setup.sh may install any.
#
# Usage: sh tests/docs.sh [--update] REFEREE SOURCE_DIR [PAGE.md...]
#        (default: README.md and docs/*.md)
# --update writes what the program prints into the pages' transcripts: for the
# author of a change that alters an output, who then reads `git diff docs`.
set -u
update=0
[ "${1:-}" = --update ] && { update=1; shift; }
ref=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
shift 2
[ $# -gt 0 ] || set -- "$src/README.md" "$src"/docs/*.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
ln -s "$ref" "$tmp/bin/referee"
PATH=$tmp/bin:$PATH
LC_ALL=C.UTF-8
# the pages show the English messages (DOCS_LANGUAGE=fr runs them in French,
# for tests/i18n.sh to see every message change)
LANGUAGE=${DOCS_LANGUAGE:-}
export PATH LC_ALL LANGUAGE
fails=0
ran=0

for page in "$@"; do
  name=${page#"$src"/}
  steps=$tmp/steps
  work=$tmp/work
  rm -rf "$steps" "$work"
  mkdir -p "$steps" "$work/build"
  ln -s "$ref" "$work/build/referee"
  ln -s "$src/corpus" "$work/corpus"
  ln -s "$src/rulesets" "$work/rulesets"
  # The page as a list of steps (steps/list), each one's text in steps/N.*
  awk -v dir="$steps" '
    function flush_want() { if (cmd) { close(dir "/" cmd ".want"); cmd = 0 } }
    function arg(info, key,   i, n, w) {
      n = split(info, w, /[ \t]+/)
      for (i = 1; i <= n; i++) if (index(w[i], key "=") == 1) return substr(w[i], length(key) + 2)
      return ""
    }
    /^```/ && !on {
      on = 1; info = substr($0, 4); start = FNR; n++; kind = ""; blank = 0; cmd = 0; lines = 0
      dots = 0
      looks = ""
      if (arg(info, "file") != "") {
        kind = "file"
        print "F", n, FNR, arg(info, "file"), (arg(info, "base") == "" ? "-" : arg(info, "base")) > (dir "/list")
        printf "" > (dir "/" n ".body")
      } else if (info == "console") {
        kind = "console"
      }
      next
    }
    /^```$/ && on {
      on = 0
      if (kind == "file") close(dir "/" n ".body")
      flush_want()
      if (kind == "" && looks != "" && !dots)
        print "E", n, start, looks > (dir "/list")
      next
    }
    !on { next }
    kind == "file" { print > (dir "/" n ".body"); next }
    kind == "console" && /^\$ / {
      flush_want()
      cmd = n "-" FNR
      print "C", cmd, FNR > (dir "/list")
      print substr($0, 3) > (dir "/" cmd ".cmd"); close(dir "/" cmd ".cmd")
      printf "" > (dir "/" cmd ".want")
      blank = 0
      next
    }
    kind == "console" {
      if (!cmd) { print "E", n, FNR, "output before any \"$ \" command line" > (dir "/list"); next }
      if ($0 == "") { blank++; next }
      for (; blank > 0; blank--) print "" > (dir "/" cmd ".want")
      print > (dir "/" cmd ".want")
      next
    }
    {
      lines++
      if (lines == 1 && /^\$ /) looks = "a command transcript not marked console"
      if (/^[^ ]+:[0-9]+(:[0-9]+)?: (legal|illegal|malformed|ruleset|FAIL)[:]/)
        looks = "referee output not marked console"
      if (/^\{"file":/) looks = "referee output not marked console"
      if ($0 == "cgr 1" && lines == 1) looks = "a record not marked cgr file=NAME"
      if ($0 == "...") dots = 1
    }
    END { if (on) print "E", n, start, "a block that is never closed" > (dir "/list") }
  ' "$page"
  [ -f "$steps/list" ] || continue
  while read -r kind id line a b; do
    case $kind in
      E)
        echo "FAIL: $name:$line: $a $b"
        fails=$((fails + 1))
        ;;
      F)
        mkdir -p "$(dirname "$work/$a")"
        if [ "$b" != - ]; then
          case $b in
            *:*) head -n "${b##*:}" "$work/${b%:*}" ;;
            *) cat "$work/$b" ;;
          esac >"$steps/$id.full"
          cat "$steps/$id.body" >>"$steps/$id.full"
          mv "$steps/$id.full" "$work/$a"
        else
          cp "$steps/$id.body" "$work/$a"
        fi
        ;;
      C)
        ran=$((ran + 1))
        (cd "$work" && sh -c "$(cat "$steps/$id.cmd")" >"$steps/$id.got" 2>&1 </dev/null)
        if ! cmp -s "$steps/$id.want" "$steps/$id.got"; then
          echo "FAIL: $name:$line: \$ $(cat "$steps/$id.cmd")"
          diff -u "$steps/$id.want" "$steps/$id.got" | sed -e '1,2d' -e 's/^/  /'
          fails=$((fails + 1))
        fi
        ;;
    esac
  done <"$steps/list"
  [ "$update" -eq 1 ] || continue
  if grep -q '^E' "$steps/list"; then
    echo "docs: $name not updated: mark its blocks first"
    continue
  fi
  # the page again, each transcript's output replaced by what was printed
  awk -v dir="$steps" '
    /^```/ && !on { on = 1; n++; console = substr($0, 4) == "console"; seen = 0; print; next }
    /^```$/ && on { on = 0; console = 0; print; next }
    console && /^\$ / {
      if (seen && blank) print ""
      seen = 1; blank = 0; print
      f = dir "/" n "-" FNR ".got"
      while ((getline l < f) > 0) print l
      close(f)
      next
    }
    console { if ($0 == "") blank = 1; next }
    { print }
  ' "$page" >"$tmp/page"
  cp "$tmp/page" "$page"
done

# The set-up tells the truth: README.md names every package that the scripts
# install (tests/install.sh's arguments; libclang-rt-N-dev stands for the one
# derived from the installed clang).
if [ "$update" -eq 0 ]; then
  for script in "$src"/tests/*.sh "$src"/tests/fuzz/*.sh; do
    awk '/sh tests\/install.sh/ {on = 1; sub(/.*install.sh/, "")}
         on {line = $0; sub(/\\$/, "", line); print line; if ($0 !~ /\\$/) on = 0}' "$script"
  done | tr ' ' '\n' | sed 's/"//g; s/\$clang_major/N/' | grep -v '^$' | sort -u >"$tmp/packages"
  [ -s "$tmp/packages" ] || { echo "FAIL: no package read from the scripts"; fails=$((fails + 1)); }
  while read -r pkg; do
    grep -qE "(^|[\` ])$pkg([\` ,]|\$)" "$src/README.md" ||
      { echo "FAIL: README.md does not list $pkg, which the scripts install"; fails=$((fails + 1)); }
  done <"$tmp/packages"
  # ... and tests/setup.sh installs them all, once, before any test runs: no
  # other script installs a package (under ctest -j they would race for dpkg's
  # lock; tests/deb.sh's dpkg -i of the built package is what it tests)
  for script in "$src"/tests/*.sh "$src"/tests/fuzz/*.sh; do
    case ${script##*/} in setup.sh | install.sh) continue ;; esac
    grep -nE '^[^#]*(tests/install[.]sh|apt[-]get|apt[ ]install)' "$script" |
      sed "s|^|FAIL: ${script#"$src"/} installs packages (tests/setup.sh alone does): |"
  done >"$tmp/installers"
  [ -s "$tmp/installers" ] && { cat "$tmp/installers"; fails=$((fails + 1)); }
fi

if [ "$fails" -eq 0 ]; then
  echo "docs: $ran transcripts run, all match"
else
  echo "docs: $fails of the examples differ from what the program does"
fi
exit $((fails > 0))
