// Game.state against the C library's referee_game_state: generated games of
// the eight variants (REFEREE gen, two hands each), and after every line the
// state the WebAssembly build gives, equal to what the C library gives
// (LEGAL_LINES --state: tests/npm/legal_lines.c prints it as JSON, in the
// package's shape: names for seats, teams and cards). Then the same for a
// game of Cuban canasta (corpus/custom/cuban.yaml), whose takes set black
// threes aside: the cards due and each team's count.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Game, Ruleset } from '../index.js';

const referee = process.env.REFEREE;
const native = process.env.LEGAL_LINES;
const variants = ['classic', 'two-player', 'chinese', 'italian', 'samba', 'bolivia',
  'hand-and-foot', 'modern-american'];

function states(text, rules = null) {
  const game = new Game(rules);
  const out = [];
  text.split('\n').slice(0, -1).forEach((line, i) => {
    if (line.startsWith('cgr ')) {
      try { game.finish(); } catch { /* the verdict of the record before */ }
      game.reset(i + 1);
    }
    try { game.push(line); } catch { /* a refused line: the game keeps its verdict */ }
    out.push(game.state);
  });
  game.free();
  return out;
}

for (const variant of variants) {
  test(`state equals the C library's after every line: ${variant}`, () => {
    assert.ok(referee && native, 'REFEREE and LEGAL_LINES (tests/npm/legal_lines.c) are needed');
    const record = execFileSync(referee, ['gen', '--variant', variant, '--games', '1',
      '--hands', '2', '--seed', '7'], { encoding: 'utf8' });
    const expected = execFileSync(native, ['--state'], { input: record, encoding: 'utf8',
      maxBuffer: 1 << 28 }).split('\n').slice(0, -1).map((l) => JSON.parse(l));
    const got = states(record);
    assert.equal(got.length, expected.length);
    // the positions must say something: hands, melds, a frozen pile, scores
    assert.ok(got.some((s) => s.melds.length > 2), `${variant}: melds`);
    assert.ok(got.some((s) => s.players.some((p) => p.hand.length > 5)), `${variant}: hands`);
    assert.ok(got.some((s) => s.hands === 1 && s.teams.every((t) => t.total !== 0)), `${variant}: scores`);
    got.forEach((s, i) => assert.deepEqual(s, expected[i], `${variant}: after line ${i + 1}`));
  });
}

test('state equals the C library\'s after every line: cards set aside (cuban.yaml)', () => {
  assert.ok(referee && native, 'REFEREE and LEGAL_LINES (tests/npm/legal_lines.c) are needed');
  const path = fileURLToPath(new URL('../../../corpus/custom/cuban.yaml', import.meta.url));
  const record = execFileSync(referee, ['gen', '--variant', path, '--games', '1',
    '--hands', '2', '--seed', '7'], { encoding: 'utf8' });
  const expected = execFileSync(native, ['--state'], { input: record, encoding: 'utf8',
    maxBuffer: 1 << 28 }).split('\n').slice(0, -1).map((l) => JSON.parse(l));
  const rules = Ruleset.fromYaml(readFileSync(path), 'cuban.yaml');
  const got = states(record, rules);
  rules.free();
  assert.equal(got.length, expected.length);
  const lines = record.split('\n');
  got.forEach((s, i) => {
    assert.deepEqual(s, expected[i], `cuban: after line ${i + 1}`);
    // a take holding black threes leaves them due, until its `aside` lines
    if (/ aside /.test(lines[i + 1] ?? '')) assert.ok(s.asideDue.length > 0, `line ${i + 2} is due`);
  });
  assert.ok(got.some((s) => s.asideDue.length > 0), 'cuban: cards due');
  assert.ok(got.some((s) => s.teams.some((t) => t.setAside > 0)), 'cuban: cards set aside');
});
