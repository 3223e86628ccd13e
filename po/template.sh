#!/bin/sh
# Writes the message template (.pot) of every sentence marked in the sources
# (referee/core/i18n.h: _, N_, P_, NP_) to $1. Used by po/update.sh and
# tests/i18n.sh, so that both read the sources the same way.
set -eu
cd "$(dirname "$0")/.."
xgettext --language=C --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=P_:1,2 \
  --keyword=NP_:1,2 --add-comments=TRANSLATORS: --package-name=canasta-referee \
  --msgid-bugs-address=canasta-referee@example.org --sort-by-file -o "$1" \
  referee/core/*.c formats/*.c referee/cli/*.c
