#!/bin/sh
# Builds the referee (installing what the build needs, nothing more: the
# tests' tools come with tests/all.sh) and referees a sample game.
set -eu
cd "$(dirname "$0")/.."
sh tests/setup.sh
echo "== build/referee corpus/classic/legal-4p-full-hand.cgr"
build/referee corpus/classic/legal-4p-full-hand.cgr
echo "== build/referee corpus/classic/illegal-wild-overflow.cgr (an illegal record: exit 1)"
build/referee corpus/classic/illegal-wild-overflow.cgr || test $? -eq 1
