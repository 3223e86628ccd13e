#!/bin/sh
# The npm package (referee/js): built to WebAssembly (tests/wasm.sh, kept in
# BUILD/wasm), its tests under Node's own runner (every corpus record's
# verdict equal to REFEREE --json's, and generated files cut into records as
# the command cuts them; the calls and their errors; the legal actions before,
# and the whole state after, every line of a generated game of each variant
# equal to the C library's, printed by LEGAL_LINES, tests/npm/legal_lines.c), then
# `npm pack` and the tarball installed offline into a scratch project, where
# a program judges records with it, and a page in headless Chromium (served
# by tests/npm/serve.mjs) loads it and judges a record.
#   sh tests/npm.sh REFEREE SOURCE_DIR BUILD_DIR
# package.json's engines must name the Node.js running the tests.
# Exit 77 (skip) without emcc, node or chromium.
set -eu
referee=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
build=$(cd "$3" && pwd)
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "SKIP: node and npm not installed"; exit 77
fi
# package.json's engines names the Node.js the package is tested with: the
# one running here must be it (a newer one tested is widened there, not assumed)
engines=$(node -p "require('$src/referee/js/package.json').engines.node")
major=$(node -p 'process.versions.node.split(".")[0]')
[ "$engines" = "$major.x" ] || {
  echo "FAIL: package.json's engines says node $engines; the tests run on Node.js $(node --version)"; exit 1; }
rc=0; sh "$src/tests/wasm.sh" "$build" || rc=$?
[ "$rc" -eq 0 ] || exit "$rc"

cd "$src/referee/js"
REFEREE=$referee CORPUS=$src/corpus LEGAL_LINES=${LEGAL_LINES:-} node --test test/

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
if [ -d node_modules/.bin ] || [ "$(ls node_modules)" != canasta-referee ]; then
  echo "FAIL: the install brought more than the package:"; ls node_modules; exit 1
fi
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
# a page in headless Chromium loads the installed package (the wasm fetched
# from beside index.js) and judges a record (tests/npm/page.html)
command -v chromium >/dev/null || { echo "SKIP: chromium not installed: the page was not tried"; exit 77; }
cp "$src/tests/npm/page.html" page.html
cp "$src/corpus/classic/illegal-deal-copies.cgr" record.cgr
node "$src/tests/npm/serve.mjs" . > port &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$tmp"' EXIT
i=0; while [ ! -s port ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
# the page sends its verdict to the server (a dumped DOM may be taken before
# the module's awaits are done); Chromium is ended once it has
timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run \
  --user-data-dir="$tmp/profile" --enable-logging=stderr --v=0 \
  "http://127.0.0.1:$(head -1 port)/page.html" 2>"$tmp/chromium.log" >/dev/null &
browser=$!
trap 'kill "$server" "$browser" 2>/dev/null || true; rm -rf "$tmp"' EXIT
i=0; while [ ! -f result ] && [ $i -lt 1200 ] && kill -0 "$browser" 2>/dev/null; do
  sleep 0.1; i=$((i + 1))
done
kill "$browser" 2>/dev/null || true
wait "$browser" 2>/dev/null || true
page=$(cat result 2>/dev/null || true)
[ "$page" = "verdict illegal DEAL 10:12" ] || {
  echo "FAIL: the page in Chromium said: $page"; grep -i console "$tmp/chromium.log"; exit 1; }
echo "npm: a page in headless Chromium loads the package and judges a record ($page)"
