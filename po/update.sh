#!/bin/sh
# Regenerates the message template from the sources and merges it into each
# po/LANG.po (new messages come in untranslated, for a translator to fill;
# tests/i18n.sh fails until they are). Run from anywhere: sh po/update.sh
set -eu
cd "$(dirname "$0")/.."
pot=$(mktemp)
trap 'rm -f "$pot"' EXIT
sh po/template.sh "$pot"
for po in po/*.po; do
  msgmerge --quiet --update --backup=none --no-fuzzy-matching "$po" "$pot"
done
