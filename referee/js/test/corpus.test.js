// Every record of the corpus: the package's verdict equals the command's
// (`referee --json`): status, code, line, column, message, rule key, totals.
//   REFEREE=path/to/referee CORPUS=path/to/corpus node --test test/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { check, checkFile } from '../index.js';

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

// Files of lines that cut records apart, or nearly (`cgr` lines indented or
// with a carriage return, a byte order mark, blank and comment lines, one
// `# expect:` line or none), at least one `cgr` line, with or without a last
// newline: check() cuts them into records and judges them as the command does.
test('files cut into records as the command cuts them', () => {
  const pieces = ['cgr 1', '  cgr 1', 'cgr 1\r', '', '\r', '# a comment', '#5', 'variant classic',
    'player A', 'player B', 'hand 1', '\tcgr 1', ' \t', 'cut 3', 'dealer A', 'cgr 1 # x'];
  const expects = ['# expect: legal', '#  expect: illegal DEAL 3:1', '   # expect: legal'];
  let seed = 1;
  const next = (n) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const dir = mkdtempSync(join(tmpdir(), 'split-'));
  try {
    const texts = Array.from({ length: 200 }, () => {
      const lines = Array.from({ length: 1 + next(13) }, () => pieces[next(pieces.length)]);
      if (!lines.some((l) => /cgr 1/.test(l))) lines.splice(next(lines.length), 0, 'cgr 1');
      if (next(2)) lines.splice(next(lines.length + 1), 0, expects[next(expects.length)]);
      return ['', '\uFEFF'][next(2)] + lines.join('\n') + ['', '\n', '\n\n'][next(3)];
    });
    const paths = texts.map((text, i) => {
      const path = join(dir, `t${i}.cgr`);
      writeFileSync(path, text);
      return path;
    });
    const cli = command(paths);
    texts.forEach((text, i) =>
      assert.deepEqual(check(text).map(got), (cli.get(paths[i]) ?? []).map(expected), JSON.stringify(text)));
  } finally {
    rmSync(dir, { recursive: true });
  }
});
