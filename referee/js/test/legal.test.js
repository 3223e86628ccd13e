// legalActions() against the C library: generated games of the eight
// variants (REFEREE gen), and at every line the list of legal next actions
// the WebAssembly build gives, in order, equal to what the C library gives
// (LEGAL_LINES: tests/npm/legal_lines.c, which prints the same).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { Game } from '../index.js';

const referee = process.env.REFEREE;
const native = process.env.LEGAL_LINES;
const variants = ['classic', 'two-player', 'chinese', 'italian', 'samba', 'bolivia',
  'hand-and-foot', 'modern-american'];

function lines(text) {
  const game = new Game();
  const out = [];
  text.split('\n').slice(0, -1).forEach((line, i) => {
    if (line.startsWith('cgr ')) {
      try { game.finish(); } catch { /* the verdict of the record before */ }
      game.reset(i + 1);
    }
    const actions = game.legalActions();
    out.push(`@${i + 1} ${actions.length}`, ...actions.map((a) => a.line));
    try { game.push(line); } catch { /* a refused line: the game keeps its verdict */ }
  });
  game.free();
  return out.join('\n') + '\n';
}

for (const variant of variants) {
  test(`legalActions equals the C library's at every line: ${variant}`, () => {
      assert.ok(referee && native, 'REFEREE and LEGAL_LINES (tests/npm/legal_lines.c) are needed');
      const record = execFileSync(referee, ['gen', '--variant', variant, '--games', '1',
        '--hands', '1', '--seed', '5'], { encoding: 'utf8' });
      const expected = execFileSync(native, { input: record, encoding: 'utf8',
        maxBuffer: 1 << 28 });
      const got = lines(record);
      const positions = (expected.match(/^@/gm) || []).length;
      assert.ok(positions > 20, `${variant}: ${positions} lines`);
      assert.equal(got, expected, variant);
    });
}
