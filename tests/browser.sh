# shellcheck shell=sh disable=SC2154
# Sourced by the tests of the dispute page (html.sh, html_valid.sh); needs
# $src (the source tree) and $tmp (a directory the test removes).
#   need PROGRAM PACKAGE: installs the Debian package through tests/install.sh
#     when PROGRAM is missing; false (the caller says SKIP) when it cannot be.
#   browse URL ARGS...: headless Chromium on URL, its output on stdout, its
#     console in $tmp/console.log.
need() {
  command -v "$1" >/dev/null 2>&1 && return 0
  sh "$src/tests/install.sh" "$2" >/dev/null 2>&1 || true
  command -v "$1" >/dev/null 2>&1
}

browse() {
  url=$1
  shift
  timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --hide-scrollbars \
    --user-data-dir="$(mktemp -d "$tmp/profile.XXXXXX")" --enable-logging=stderr --v=0 \
    "$@" "$url" 2>>"$tmp/console.log"
}
