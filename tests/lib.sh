# lib.sh — what the command-line test scripts share, sourced by them with
# their own arguments, REFEREE SOURCE_DIR: ref and src (absolute paths), a
# temporary directory tmp (removed at exit), and the count of failures with
# fail, expect and contains, which add to it.
ref=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# expect STATUS DESCRIPTION -- command...: the command's output in $tmp/out
# and $tmp/err; a failure (shown with both) when its exit status is not STATUS
expect() {
  want=$1; what=$2; shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"
  got=$?
  if [ "$got" -ne "$want" ]; then
    fail "$what: exit $got, expected $want"; sed 's/^/  | /' "$tmp/out" "$tmp/err"
  fi
}
# contains FILE TEXT DESCRIPTION
contains() {
  grep -qF -- "$2" "$1" || { fail "$3: no \"$2\" in:"; sed 's/^/  | /' "$1"; }
}
