#!/bin/sh
# How big the dispute page is and how fast it opens (not a test: nothing here
# asserts a time; tests/html_valid.sh asserts the size). For 4-player classic
# games to 5000 points from `referee gen` (seed 1, and seed 4: the longest of
# seeds 1 to 30), and for the whole corpus in one page, prints the page's
# size, then for RUNS openings in headless Chromium (default 5): the time from
# navigation to the load event (the page's script has built the replay and
# drawn the first table by then) and to the first contentful paint, both as
# the page itself measures them, and the wall-clock time of the whole
# Chromium process next to that of an empty page's (the browser's start-up).
# Usage: sh tests/bench_html.sh [RUNS]   (needs build/referee, or the program
# REFEREE names, and chromium)
set -eu
cd "$(dirname "$0")/.."
runs=${1:-5}
ref=${REFEREE:-build/referee}
[ -x "$ref" ] || { echo "build first: sh tests/setup.sh"; exit 3; }
command -v chromium >/dev/null || { echo "needs Debian's chromium"; exit 3; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The page's own measures, written on Chromium's console.
probe='<script>new PerformanceObserver(function(l){l.getEntries().forEach(function(e){
console.log("T "+e.name+" "+Math.round(e.startTime))})}).observe({type:"paint",buffered:true});
addEventListener("load",function(){console.log("T load "+Math.round(performance.now()))})</script>'
probe=$(printf '%s' "$probe" | tr -d '\n')

open_ms() { # open_ms FILE: "load L ms, paint P ms, process W ms"
  start=$(date +%s%N)
  timeout 60 chromium --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
    --user-data-dir="$(mktemp -d "$tmp/profile.XXXXXX")" --enable-logging=stderr --v=0 \
    --window-size=1000,800 --screenshot="$tmp/shot.png" "file://$1" >/dev/null 2>"$tmp/log"
  end=$(date +%s%N)
  load=$(sed -n 's/.*"T load \([0-9]*\)".*/\1/p' "$tmp/log")
  paint=$(sed -n 's/.*"T first-contentful-paint \([0-9]*\)".*/\1/p' "$tmp/log")
  echo "load ${load:-?} ms, paint ${paint:-?} ms, process $(( (end - start) / 1000000 )) ms"
}

printf '<!DOCTYPE html><html lang="en"><head><title>-</title></head><body>%s</body></html>' \
  "$probe" >"$tmp/empty.html"
"$ref" gen --variant classic --players 4 --seed 1 >"$tmp/seed1.cgr"
"$ref" gen --variant classic --players 4 --seed 4 >"$tmp/seed4.cgr"
for page in seed1 seed4 corpus; do
  case $page in
    corpus) "$ref" --quiet --keep-going --html "$tmp/$page.html" corpus/*/*.cgr || true ;;
    *) "$ref" --quiet --html "$tmp/$page.html" "$tmp/$page.cgr" ;;
  esac
  what=$(grep -c '' "$tmp/$page.html")
  case $page in corpus) what="$(grep -c 'class="rec"' "$tmp/$page.html") records in $(ls corpus/*/*.cgr | wc -l) files" ;;
    *) what="$(grep -c '' "$tmp/$page.cgr") lines, $(grep -c '^score' "$tmp/$page.cgr") hands" ;;
  esac
  echo "== $page ($what): $(wc -c <"$tmp/$page.html") bytes"
  sed "s|</body>|$probe</body>|" "$tmp/$page.html" >"$tmp/probed.html"
  i=0
  while [ $i -lt "$runs" ]; do
    echo "  $(open_ms "$tmp/probed.html");  empty page: $(open_ms "$tmp/empty.html")"
    i=$((i + 1))
  done
done
