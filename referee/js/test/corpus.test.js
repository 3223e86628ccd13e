// Every record of the corpus: the package's verdict equals the command's
// (`referee --json`): status, code, line, column, message, rule key, totals.
//   REFEREE=path/to/referee CORPUS=path/to/corpus node --test test/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkFile } from '../index.js';

const here = new URL('.', import.meta.url).pathname;
const referee = process.env.REFEREE ?? resolve(here, '../../../build/referee');
const corpus = process.env.CORPUS ?? resolve(here, '../../../corpus');

function cgrFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cgrFiles(join(dir, e.name)) : e.name.endsWith('.cgr') ? [join(dir, e.name)] : []);
}

function command(files) {
  let out;
  try {
    out = execFileSync(referee, ['--json', ...files], { encoding: 'utf8', maxBuffer: 1 << 28 });
  } catch (e) {
    out = e.stdout; // not every record is legal: exit status 1
  }
  const byFile = new Map();
  for (const line of out.split('\n').filter(Boolean)) {
    const r = JSON.parse(line);
    if (!byFile.has(r.file)) byFile.set(r.file, []);
    byFile.get(r.file).push(r);
  }
  return byFile;
}

const expected = (r) => ({
  record: r.record,
  recordLine: r.record_line,
  status: r.verdict,
  code: r.code ?? null,
  line: r.line ?? 0,
  col: r.col ?? 0,
  message: r.message ?? '',
  rule: r.rule ?? null,
  totals: r.totals,
});
const got = (r) => {
  const { foundLine, ...rest } = r;
  return rest;
};

const files = cgrFiles(corpus).sort();
const cli = command(files);

test(`the corpus (${files.length} files) judged as the command judges it`, async (t) => {
  let records = 0;
  const differ = [];
  for (const file of files) {
    const mine = (await checkFile(file)).map(got);
    const theirs = (cli.get(file) ?? []).map(expected);
    records += theirs.length;
    try {
      assert.deepEqual(mine, theirs, file);
    } catch (e) {
      differ.push(e.message);
    }
  }
  assert.equal(differ.length, 0, differ.slice(0, 5).join('\n'));
  t.diagnostic(`${records} records`);
  assert.ok(records >= files.length);
});
