#!/bin/sh
# The npm package's TypeScript types: referee/js/index.d.ts, the TypeScript
# blocks of docs/javascript.md (each a module of its own) and tests/npm/types.ts
# (every export in use, and what the types must refuse), compiled with
# `tsc --strict --noEmit` against the package as a project installs it
# (node_modules/canasta-referee). Needs no wasm: only the types are read.
#   sh tests/types.sh SOURCE_DIR
# Exit 77 (skip) without tsc (Debian's node-typescript: sh tests/setup.sh --tests).
set -eu
src=$(cd "${1:-.}" && pwd)
command -v tsc >/dev/null ||
  { echo "SKIP: tsc not installed (sh tests/setup.sh --tests installs node-typescript)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/node_modules"
ln -s "$src/referee/js" "$tmp/node_modules/canasta-referee"
awk -v d="$tmp" '/^```ts$/ { out = sprintf("%s/doc%d.ts", d, ++n); next }
  /^```/ { out = "" } out != "" { print > out }' "$src/docs/javascript.md"
docs=$(find "$tmp" -name "doc*.ts" | wc -l)
[ "$docs" -gt 0 ] || { echo "FAIL: no TypeScript block in docs/javascript.md"; exit 1; }
cp "$src/tests/npm/types.ts" "$tmp/"
cd "$tmp"
if ! tsc --strict --noEmit --target es2022 --module es2022 --moduleResolution node ./*.ts >tsc.log 2>&1; then
  echo "FAIL: tsc --strict refuses the types or their uses:"; cat tsc.log; exit 1
fi
echo "types: index.d.ts, $docs TypeScript blocks of docs/javascript.md and tests/npm/types.ts pass tsc $(tsc --version | sed 's/Version //') --strict"
