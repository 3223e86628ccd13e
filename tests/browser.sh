# shellcheck shell=sh disable=SC2154
# Sourced by the tests of the dispute page (html.sh, html_valid.sh); needs
# $src (the source tree) and $tmp (a directory the test removes).
#   need PROGRAM: true when PROGRAM is installed; false when it is not, for
#     the caller to say SKIP and exit 77 (tests/setup.sh installs chromium,
#     tidy and poppler-utils; no test installs anything).
#   browser_start: one headless Chromium for every browse after it
#     (tests/browser.py, with python3), instead of one a page: starting it
#     costs a second or two each time; browser_stop ends it (the test's exit
#     trap calls it before removing $tmp).
#   browse URL ARGS...: headless Chromium on URL, its output on stdout, its
#     console in $tmp/console.log. ARGS are Chromium's: --dump-dom,
#     --print-to-pdf=FILE, --screenshot=FILE, --window-size=W,H,
#     --no-pdf-header-footer; the session gives the same bytes as a browser
#     started for the page alone.
need() {
  command -v "$1" >/dev/null 2>&1
}

browser_flags() {
  echo --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --hide-scrollbars \
    --user-data-dir="$(mktemp -d "$tmp/profile.XXXXXX")" --enable-logging=stderr --v=0
}

browser_pid=
browser_start() {
  need python3 || return 0
  mkfifo "$tmp/browser.in" "$tmp/browser.out" || return 0
  # shellcheck disable=SC2046 # the flags are words
  python3 "$src/tests/browser.py" $(browser_flags) <"$tmp/browser.in" >"$tmp/browser.out" \
    2>>"$tmp/console.log" &
  browser_pid=$!
  exec 7>"$tmp/browser.in" 8<"$tmp/browser.out"
}

browser_stop() {
  [ -n "$browser_pid" ] || return 0
  exec 7>&- 8<&-
  wait "$browser_pid" 2>/dev/null
  browser_pid=
}

browse() {
  url=$1
  shift
  if [ -z "$browser_pid" ]; then
    # shellcheck disable=SC2046
    timeout 60 chromium $(browser_flags) "$@" "$url" 2>>"$tmp/console.log"
    return
  fi
  kind=dump out=$tmp/browser.dom size=800,600 hf=1
  for a; do
    case $a in
      --print-to-pdf=*) kind=pdf out=${a#*=} ;;
      --screenshot=*) kind=shot out=${a#*=} ;;
      --window-size=*) size=${a#*=} ;;
      --no-pdf-header-footer) hf=0 ;;
    esac
  done
  echo "$kind $hf $size $out $url" >&7
  read -r answer <&8 || answer="error: the browser session ended"
  if [ "$answer" != ok ]; then
    echo "browse $url: $answer" >&2
    return 1
  fi
  [ "$kind" = dump ] && cat "$out"
  return 0
}
