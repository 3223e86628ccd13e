# shellcheck shell=sh disable=SC2154
# Sourced by the tests of the dispute page (html.sh, html_valid.sh); needs
# $src (the source tree) and $tmp (a directory the test removes).
#   need PROGRAM: true when PROGRAM is installed; false when it is not, for
#     the caller to say SKIP and exit 77 (tests/setup.sh installs chromium,
#     tidy and poppler-utils; no test installs anything).
#   browse URL ARGS...: headless Chromium on URL, its output on stdout, its
#     console in $tmp/console.log.
need() {
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
