#!/bin/sh
# Writes the message template (.pot) of every sentence marked in the sources
# (referee/cards/i18n.h: _, N_, P_, NP_) to $1. Used by po/update.sh and
# tests/i18n.sh, so that both read the sources the same way.
set -eu
cd "$(dirname "$0")/.."
# The numbered headings of docs/variants/*.md ("### 15. Going out"): --explain
# and the page name the section they quote by its heading, translated
# (quote.c, report_rule_quote).
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
grep -h '^### [0-9]' docs/variants/*.md | sed 's/^### //; s/\\/\\\\/g; s/"/\\"/g; s/.*/N_("&")/' \
  >"$dir/variant_headings.c"
xgettext --language=C --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=P_:1,2 \
  --keyword=NP_:1,2 --add-comments=TRANSLATORS: --package-name=canasta-referee \
  --msgid-bugs-address=canasta-referee@example.org --sort-by-file -o "$1" \
  referee/cards/*.c referee/rules/*.c referee/engine/*.c referee/questions/*.c \
  referee/record/*.c formats/*.c referee/gen/*.c referee/batch/*.c referee/cli/*.c \
  "$dir/variant_headings.c"
