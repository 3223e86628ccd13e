// The package's calls: push and its errors, tryLine, copy, reset, judge,
// state, pending, rulesets from YAML.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, Ruleset, IllegalAction, MalformedLine, RulesetError, check } from '../index.js';

const head = ['cgr 1', 'variant classic', 'player Anne', 'player Bruno', 'hand 1', 'dealer Bruno',
  'deal Anne KH KH KS KS KD KD KC KC AH AS AD 9H 9H 9S 9D',
  'deal Bruno QH QS QD JH JS JD TH TS TD 8H 8S 7H 7S 6S 4S', 'pile 8D', 'Anne draw 6H'];
const rest = ['Anne meld KH KH KS KS KD KD KC KC', 'Anne meld AH AS AD', 'Anne meld 9H 9H 9S 9D',
  'Anne discard 6H', 'score Anne 880 Bruno -130'];

test('a legal record pushed line by line, then its state and totals', () => {
  const game = new Game(new Ruleset('classic'));
  for (const line of head) game.push(line);
  assert.equal(game.state.toAct, 'Anne');
  assert.equal(game.handSize('Anne'), 16);
  for (const line of rest) game.push(line);
  assert.equal(game.finish().status, 'legal');
  assert.deepEqual(game.totals, { Anne: 880, Bruno: -130 });
  assert.equal(game.state.hands, 1);
});

test('an illegal action throws IllegalAction with code, line, column, message, rule', () => {
  const game = new Game('classic');
  for (const line of head.slice(0, 9)) game.push(line);
  assert.throws(() => game.push('Bruno draw 6H'), (e) =>
    e instanceof IllegalAction && e.code === 'OUT-OF-TURN' && e.line === 10 && e.column === 1 &&
    e.message === "it is Anne's turn, not Bruno's" && e.rule === null);
  assert.equal(game.verdict.status, 'illegal'); // the game keeps its verdict
});

test("legalActions lists the record's next line, and tryLine accepts every one listed", () => {
  const game = new Game('classic');
  for (const line of head.slice(0, 9)) game.push(line);
  const draws = game.legalActions();
  // no stock line: a draw may name any card the stock can still hold
  assert.ok(draws.length > 1 && draws.every((a) => a.player === 'Anne' && a.verb === 'draw'));
  assert.ok(draws.some((a) => a.line === head[9]));
  game.push(head[9]);
  const actions = game.legalActions();
  // the record's meld, its cards in card order (spades, hearts, diamonds, clubs)
  const same = (a, line) => { const [p, v, ...c] = line.split(' ');
    return a.player === p && a.verb === v && [...a.cards].sort().join() === c.sort().join(); };
  const meld = actions.find((a) => same(a, rest[0]));
  assert.ok(meld, "the record's meld is listed");
  for (const a of actions) assert.equal(game.tryLine(a.line).status, 'legal', a.line);
  const short = actions.find((a) => same(a, 'Anne meld 9H 9H 9S'));
  assert.deepEqual(short.owes, ['turn-end']); // short of the opening: owed at the turn's end
  const byRank = game.legalActions({ byRank: true });
  assert.ok(byRank.length < actions.length && byRank.every((a) => actions.some((b) => b.line === a.line)));
});

test('a line that cannot be read throws MalformedLine', () => {
  const game = new Game();
  game.push('cgr 1');
  assert.throws(() => game.push('Anne bogus 5H'), (e) =>
    e instanceof MalformedLine && e.line === 2 && e.column > 0 && e.verdict.status === 'malformed');
});

test('tryLine judges a line and leaves the game as it was; a copy goes on alone', () => {
  const game = new Game('classic');
  for (const line of head) game.push(line);
  const tried = game.tryLine('Bruno discard 4S');
  assert.equal(tried.status, 'illegal');
  assert.equal(tried.line, 11);
  assert.equal(game.verdict.status, 'legal');
  const copy = game.copy();
  copy.push(rest[0]);
  assert.equal(game.handSize('Anne'), 16);
  assert.equal(copy.handSize('Anne'), 8);
  // an opening short of the minimum is owed by the turn, judged at its end
  const short = game.copy();
  short.push('Anne meld 9H 9H 9S');
  assert.deepEqual(short.pending.map((p) => [p.code, p.line, p.when]),
    [['OPENING-MINIMUM', 11, 'turn-end']]);
  assert.throws(() => short.push('Anne discard 6H'), IllegalAction);
  copy.free();
  short.free();
});

test('judge and reset: one game, record after record, lines numbered from where asked', () => {
  const game = new Game();
  assert.equal(game.judge([...head, ...rest].join('\n')).status, 'legal');
  const v = game.judge(head.slice(0, 9).concat('Bruno draw 6H').join('\n'), 101);
  assert.deepEqual([v.code, v.line], ['OUT-OF-TURN', 110]);
  game.reset();
  game.push('cgr 1');
  assert.equal(game.verdict.status, 'legal');
});

test('a ruleset from YAML text, and one that cannot be loaded', () => {
  const house = Ruleset.fromYaml('schema: 1\nname: house\nextends: classic\n', 'house.yaml');
  assert.equal(house.name, 'house');
  assert.throws(() => Ruleset.fromYaml('schema: 1\nname: [\n', 'bad.yaml'), (e) =>
    e instanceof RulesetError && e.file === '/bad.yaml' && e.line > 0);
  assert.throws(() => new Ruleset('no-such-variant'), RulesetError);
});

test('check: every record of a file, with the YAML files its records name', () => {
  const text = ['# one', ...head, ...rest, '', 'cgr 1', 'variant house.yaml', 'player Anne',
    'player Bruno', 'hand 1', 'dealer Bruno', 'deal Anne 3H'].join('\n');
  const house = 'schema: 1\nname: house\nextends: classic\n';
  const [one, two] = check(text, { files: { 'house.yaml': house } });
  assert.deepEqual([one.record, one.recordLine, one.status], [1, 2, 'legal']);
  assert.deepEqual([two.record, two.recordLine, two.status], [2, 18, 'illegal']);
});

test('a record given as bytes larger than the wasm memory grows it and is judged', () => {
  const game = new Game('classic');
  const text = `cgr 1\nvariant classic\n# ${'x'.repeat(20e6)}\n`; // beyond the first 16 MB
  const v = game.judge(new TextEncoder().encode(text));
  assert.deepEqual([v.status, v.line], ['malformed', 3]);
  assert.deepEqual(game.judge(text), v);
  game.free();
});
