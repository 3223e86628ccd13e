#!/bin/sh
# The bash completion offers what it should: subcommands, options of each
# mode, the built-in rulesets after --rules and --variant, records by name.
# Usage: sh tests/completion.sh REFEREE SOURCE_DIR
set -u
ref=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
# no bash: said so, and 77 (ctest shows the test as skipped)
command -v bash >/dev/null || { echo "completion: SKIPPED: bash is not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin" "$tmp/dir" && ln -s "$ref" "$tmp/bin/referee"
: >"$tmp/dir/game.cgr"
: >"$tmp/dir/notes.txt"
cd "$tmp/dir" || exit 1
# complete LINE: what the completion offers for the last word of LINE, sorted
complete_line() {
  PATH="$tmp/bin:$PATH" bash -c '
    . "$1"
    read -r -a COMP_WORDS <<<"$2"
    case $2 in *" ") COMP_WORDS+=("") ;; esac
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    _referee
    printf "%s\n" "${COMPREPLY[@]}" | sort' sh "$src/completions/referee.bash" "$1"
}
fails=0
# offers LINE WORD...: each WORD is offered for LINE
offers() {
  line=$1; shift
  got=$(complete_line "$line")
  for w in "$@"; do
    printf '%s\n' "$got" | grep -qxF -- "$w" ||
      { echo "FAIL: '$line' does not offer '$w' (offers: $(echo $got))"; fails=$((fails + 1)); }
  done
}
# refuses LINE WORD: WORD is not offered
refuses() {
  complete_line "$1" | grep -qxF -- "$2" &&
    { echo "FAIL: '$1' offers '$2'"; fails=$((fails + 1)); }
}
offers "referee " check gen game.cgr
refuses "referee " notes.txt
offers "referee --j" --json --jobs
offers "referee --h" --html --help
offers "referee --rules " classic two-player chinese italian samba hand-and-foot modern-american bolivia
offers "referee --rules cl" classic
offers "referee --color " auto always never
offers "referee --lang " en fr
offers "referee check --" --junit --tap --coverage --json
offers "referee gen --variant " classic italian samba hand-and-foot modern-american bolivia
offers "referee gen --" --variant --players --seed --games --hands --expect --stats
refuses "referee gen --" --json
[ "$fails" -eq 0 ] && echo "completion: all checks passed"
exit $((fails > 0))
