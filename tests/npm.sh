#!/bin/sh
# The npm package (referee/js): built to WebAssembly (tests/wasm.sh, kept in
# BUILD/wasm), its tests under Node's own runner (every corpus record's
# verdict equal to REFEREE --json's; the calls and their errors), then
# `npm pack` and the tarball installed offline into a scratch project, where
# a program judges records with it.
#   sh tests/npm.sh REFEREE SOURCE_DIR BUILD_DIR
# Exit 77 (skip) without emcc or node.
set -eu
referee=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
build=$(cd "$3" && pwd)
command -v node >/dev/null && command -v npm >/dev/null ||
  { echo "SKIP: node and npm not installed"; exit 77; }
rc=0; sh "$src/tests/wasm.sh" "$build" || rc=$?
[ "$rc" -eq 0 ] || exit "$rc"

cd "$src/referee/js"
REFEREE=$referee CORPUS=$src/corpus node --test test/

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the tarball: what package.json's "files" names, nothing else
npm pack --silent --pack-destination "$tmp" >/dev/null
tgz=$(ls "$tmp"/canasta-referee-*.tgz)
tar tzf "$tgz" | sort > "$tmp/files"
for f in package/index.js package/index.d.ts package/dist/referee.mjs \
  package/dist/referee.wasm package/package.json package/README.md package/dist/THIRD-PARTY.txt; do
  grep -qx "$f" "$tmp/files" || { echo "FAIL: $f not in the tarball"; cat "$tmp/files"; exit 1; }
done
[ "$(wc -l < "$tmp/files")" -eq 7 ] || { echo "FAIL: the tarball holds more:"; cat "$tmp/files"; exit 1; }

# installed offline into a project of its own, it needs nothing else
mkdir "$tmp/app"
cd "$tmp/app"
echo '{"name":"app","version":"1.0.0","type":"module","private":true}' > package.json
npm install --offline --no-audit --no-fund --silent "$tgz"
[ ! -d node_modules/.bin ] && [ "$(ls node_modules)" = canasta-referee ] ||
  { echo "FAIL: the install brought more than the package:"; ls node_modules; exit 1; }
cat > app.js <<'EOF'
import { Game, check, IllegalAction } from 'canasta-referee';
import { readFileSync } from 'node:fs';
const [legal] = check(readFileSync(process.argv[2]));
const game = new Game('classic');
try {
  for (const line of readFileSync(process.argv[3], 'utf8').split('\n')) game.push(line);
  console.log('no verdict');
} catch (e) {
  if (!(e instanceof IllegalAction)) throw e;
  console.log(legal.status, e.code, e.line, e.column, e.rule);
}
EOF
out=$(node app.js "$src/corpus/classic/legal-2p-negative-opening.cgr" \
  "$src/corpus/classic/illegal-deal-copies.cgr")
[ "$out" = "legal DEAL 10 12 table.packs" ] || { echo "FAIL: the installed package said: $out"; exit 1; }
echo "npm: the tarball ($(wc -c < "$tgz") bytes) installs offline and judges records"
