// canasta-referee: the referee's C library (referee.h) compiled to
// WebAssembly, for Node 20 and browsers. The module loads the wasm once, when
// it is imported (top-level await): the bytes are read with Node's fs in
// Node, fetched next to this file in a browser. No dependency at run time.
import createReferee from './dist/referee.mjs';

const isNode = typeof process === 'object' && process.versions != null &&
  typeof process.versions.node === 'string';
const wasmUrl = new URL('./dist/referee.wasm', import.meta.url);

async function wasmBytes() {
  if (isNode) {
    const { readFile } = await import('node:fs/promises');
    return readFile(wasmUrl);
  }
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`canasta-referee: cannot fetch ${wasmUrl}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

const M = await createReferee({ wasmBinary: await wasmBytes(), print() {}, printErr() {} });

const STATUS = ['legal', 'illegal', 'malformed', 'error', 'no-memory'];
const WHEN = ['turn-end', 'not-out', 'last-discard'];
const encoder = new TextEncoder();

// A scratch buffer in the wasm heap, grown as needed, for the bytes passed in:
// a string is encoded straight into it (at most 3 bytes a UTF-16 unit).
let scratch = 0;
let scratchSize = 0;
function room(size) {
  if (size > scratchSize) {
    if (scratch) M._free(scratch);
    scratchSize = Math.max(1024, size * 2);
    scratch = M._malloc(scratchSize);
    if (!scratch) {
      scratchSize = 0;
      throw new RefereeError('no-memory', 'out of memory');
    }
  }
  return scratch;
}
function bytesIn(text) {
  let n;
  if (typeof text === 'string') {
    const p = room(text.length * 3 + 1);
    n = encoder.encodeInto(text, M.HEAPU8.subarray(p, p + scratchSize - 1)).written;
  } else {
    n = text.length;
    const p = room(n + 1); // first: growing the memory replaces M.HEAPU8
    M.HEAPU8.set(text, p);
  }
  M.HEAPU8[scratch + n] = 0;
  return [scratch, n];
}

const str = (ptr) => (ptr ? M.UTF8ToString(ptr) : null);

/** The verdict so far, as the JSON output's fields. */
function readVerdict(at) {
  const u = M.HEAPU32;
  const w = at >> 2;
  return {
    status: STATUS[u[w]],
    code: str(u[w + 1]),
    line: u[w + 2],
    col: u[w + 3],
    message: str(u[w + 4]) ?? '',
    rule: str(u[w + 5]),
    foundLine: u[w + 6],
  };
}

const VERDICT_SIZE = 28; // referee_verdict_t on wasm32: 7 words
let verdictAt = 0; // one buffer for every verdict read, allocated once
function verdictOf(call, ...args) {
  if (!verdictAt) verdictAt = M._malloc(VERDICT_SIZE);
  if (!verdictAt) throw new RefereeError('no-memory', 'out of memory');
  call(verdictAt, ...args);
  return readVerdict(verdictAt);
}

/** What every error of the package is: a code and a message. */
export class RefereeError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'RefereeError';
    this.code = code;
  }
}

/** A ruleset that cannot be loaded: where in its YAML, and why. */
export class RulesetError extends RefereeError {
  constructor(message, file, line, column) {
    super('RULESET', message);
    this.name = 'RulesetError';
    this.file = file;
    this.line = line;
    this.column = column;
  }
}

/** A line the rules refuse, or one that cannot be read: the verdict. */
export class VerdictError extends RefereeError {
  constructor(verdict) {
    super(verdict.code ?? verdict.status, verdict.message);
    this.name = 'VerdictError';
    this.verdict = verdict;
    this.line = verdict.line;
    this.column = verdict.col;
    this.rule = verdict.rule;
  }
}
/** An action the rules refuse: code ("WILD-OVERFLOW"), line, column, rule key. */
export class IllegalAction extends VerdictError {
  constructor(verdict) {
    super(verdict);
    this.name = 'IllegalAction';
  }
}
/** A line that cannot be read as a game (code null). */
export class MalformedLine extends VerdictError {
  constructor(verdict) {
    super(verdict);
    this.name = 'MalformedLine';
  }
}

function raise(verdict) {
  if (verdict.status === 'illegal') throw new IllegalAction(verdict);
  if (verdict.status === 'malformed') throw new MalformedLine(verdict);
  if (verdict.status !== 'legal') throw new RefereeError(verdict.status, verdict.message);
}

const rulesGone = new FinalizationRegistry((ptr) => M._referee_rules_free(ptr));
const gamesGone = new FinalizationRegistry((ptr) => M._referee_game_free(ptr));

function loadRules(nameOrPath) {
  const errLen = 512;
  const err = M._malloc(errLen);
  const [name] = bytesIn(nameOrPath);
  try {
    const ptr = M._referee_rules_load(name, err, errLen);
    if (ptr) return ptr;
    const message = M.UTF8ToString(err);
    const m = /^(.*):(\d+):(\d+): (.*)$/s.exec(message);
    if (m) throw new RulesetError(message, m[1], Number(m[2]), Number(m[3]));
    throw new RulesetError(message, nameOrPath, 0, 0);
  } finally {
    M._free(err);
  }
}

const LOADED = Symbol('loaded'); // Ruleset(LOADED, ptr): rules loaded here

/** A ruleset: a built-in variant by name, or YAML text. */
export class Ruleset {
  #ptr;
  /** A built-in ruleset ("classic", "samba"...). */
  constructor(name, ptr = 0) {
    if (name === LOADED) {
      this.#ptr = ptr;
      rulesGone.register(this, ptr, this);
      return;
    }
    if (typeof name !== 'string' || name.includes('/') || name.endsWith('.yaml'))
      throw new TypeError('Ruleset(name) takes a built-in name; YAML: Ruleset.fromYaml');
    this.#ptr = loadRules(name);
    rulesGone.register(this, this.#ptr, this);
  }
  /** A ruleset from its YAML (a string or bytes); fileName is how errors name it. */
  static fromYaml(yaml, fileName = 'ruleset.yaml') {
    const path = '/' + String(fileName).replace(/^\/+/, '');
    const dir = path.slice(0, path.lastIndexOf('/'));
    if (dir) M.FS.mkdirTree(dir);
    M.FS.writeFile(path, typeof yaml === 'string' ? encoder.encode(yaml) : yaml);
    try {
      return new Ruleset(LOADED, loadRules(path));
    } finally {
      M.FS.unlink(path);
    }
  }
  /** A YAML file read with Node's filesystem (there is none in a browser). */
  static async fromFile(path) {
    const { readFile } = await import('node:fs/promises');
    return Ruleset.fromYaml(await readFile(path), path);
  }
  /** The ruleset's name, as in `variant NAME`. */
  get name() {
    return str(M._referee_rules_name(this.#ptr));
  }
  /** Frees it now (games using it must be freed first); else the collector does. */
  free() {
    if (!this.#ptr) return;
    rulesGone.unregister(this);
    M._referee_rules_free(this.#ptr);
    this.#ptr = 0;
  }
  static ptr(r) {
    return r.#ptr;
  }
}

// referee_state_t (referee.h) as wasm32 lays it out: bool a byte; int,
// unsigned, long, enums and pointers a word each; fields at their alignment.
const BYTE = { size: 1, align: 1 };
const WORD = { size: 4, align: 4 };
function struct(fields) {
  const at = {};
  let size = 0;
  let align = 1;
  for (const [name, type, count = 1] of fields) {
    size = Math.ceil(size / type.align) * type.align;
    at[name] = size;
    size += type.size * count;
    align = Math.max(align, type.align);
  }
  return { at, size: Math.ceil(size / align) * align, align };
}
const CARD_KINDS = 53;
const CARDS = struct([['count', BYTE, CARD_KINDS], ['total', WORD]]);
const PLAYER = struct([['name', WORD], ['team', WORD], ['hand', CARDS], ['foot', CARDS],
  ['hasFoot', BYTE], ['melded', BYTE]]);
const TEAM = struct([['name', WORD], ['total', WORD], ['opened', BYTE], ['redThrees', WORD],
  ['melds', WORD], ['canastas', WORD]]);
const MELD = struct([['team', WORD], ['number', WORD], ['kind', WORD], ['rank', WORD],
  ['suit', WORD], ['cards', CARDS], ['naturals', WORD], ['wilds', WORD], ['canasta', BYTE]]);
const STATE = struct([['inHand', BYTE], ['hand', WORD], ['dealt', BYTE], ['over', BYTE],
  ['toAct', WORD], ['dealer', WORD], ['drawn', BYTE], ['owed', WORD], ['owedPlayer', WORD],
  ['asked', BYTE], ['packetPlayer', WORD], ['outPlayer', WORD], ['top', WORD], ['pile', WORD],
  ['frozen', WORD], ['freezeRule', WORD], ['freezeCard', WORD], ['blocked', BYTE],
  ['stock', WORD], ['packets', WORD], ['feet', WORD], ['players', WORD], ['teams', WORD],
  ['player', PLAYER, 12], ['team', TEAM, 12], ['melds', WORD], ['meld', MELD, 192],
  ['handsScored', WORD], ['setAside', WORD, 12], ['asideDue', CARDS]]);
const MELD_KINDS = ['set', 'sequence', 'wild_set', 'black_threes', 'natural_set', 'wild_cards',
  'rank_rule'];
const FREEZES = ['cover', 'card', 'always', 'unopened', 'until_taken'];

let cardNames = null; // referee_card_name, read once
function cardName(card) {
  cardNames ??= Array.from({ length: CARD_KINDS }, (_, c) => str(M._referee_card_name(c)));
  return card >= 0 && card < CARD_KINDS ? cardNames[card] : null;
}
/** referee_cards_t at p: each copy's name, in card order. */
function cardsAt(p) {
  const list = [];
  for (let c = 0; c < CARD_KINDS; c++)
    for (let n = M.HEAPU8[p + c]; n > 0; n--) list.push(cardName(c));
  return list;
}

let stateAt = 0; // one buffer for every state read, allocated once
function readState(game) {
  if (!stateAt) stateAt = M._malloc(STATE.size);
  if (!stateAt) throw new RefereeError('no-memory', 'out of memory');
  M._referee_game_state(game, stateAt, STATE.size);
  const s = (name) => stateAt + STATE.at[name];
  const i32 = (p) => M.HEAP32[p >> 2];
  const bool = (p) => M.HEAPU8[p] !== 0;
  const teams = [];
  for (let t = 0; t < i32(s('teams')); t++) {
    const p = s('team') + t * TEAM.size;
    const at = (name) => p + TEAM.at[name];
    teams.push({ name: str(i32(at('name'))), total: i32(at('total')), opened: bool(at('opened')),
      redThrees: i32(at('redThrees')), melds: i32(at('melds')), canastas: i32(at('canastas')),
      setAside: i32(s('setAside') + t * WORD.size) });
  }
  const players = [];
  for (let k = 0; k < i32(s('players')); k++) {
    const p = s('player') + k * PLAYER.size;
    const at = (name) => p + PLAYER.at[name];
    players.push({ name: str(i32(at('name'))), team: teams[i32(at('team'))]?.name ?? null,
      hand: cardsAt(at('hand')), foot: cardsAt(at('foot')), hasFoot: bool(at('hasFoot')),
      melded: bool(at('melded')) });
  }
  const melds = [];
  for (let k = 0; k < i32(s('melds')); k++) {
    const p = s('meld') + k * MELD.size;
    const at = (name) => p + MELD.at[name];
    melds.push({ team: teams[i32(at('team'))]?.name ?? null, number: i32(at('number')),
      kind: MELD_KINDS[i32(at('kind'))], rank: i32(at('rank')), suit: i32(at('suit')),
      cards: cardsAt(at('cards')), naturals: i32(at('naturals')), wilds: i32(at('wilds')),
      canasta: bool(at('canasta')) });
  }
  const who = (name) => players[i32(s(name))]?.name ?? null;
  const winner = M._referee_game_winner(game);
  return {
    inHand: bool(s('inHand')), hand: i32(s('hand')), dealt: bool(s('dealt')),
    handOver: bool(s('over')), toAct: who('toAct'), dealer: who('dealer'),
    drawn: bool(s('drawn')), owed: i32(s('owed')), owedPlayer: who('owedPlayer'),
    asked: bool(s('asked')), packetPlayer: who('packetPlayer'), outPlayer: who('outPlayer'),
    top: cardName(i32(s('top'))), pile: i32(s('pile')), frozen: FREEZES[i32(s('frozen'))] ?? null,
    freezeRule: str(i32(s('freezeRule'))), freezeCard: cardName(i32(s('freezeCard'))),
    blocked: bool(s('blocked')), stock: i32(s('stock')), packets: i32(s('packets')),
    feet: i32(s('feet')), players, teams, melds, asideDue: cardsAt(s('asideDue')),
    hands: i32(s('handsScored')),
    over: Boolean(M._referee_game_over(game)), winner: teams[winner]?.name ?? null,
  };
}

/** One record judged line by line. */
export class Game {
  #ptr;
  #rules;
  /** rules: a Ruleset, or null: each record's `variant` line names a built-in one. */
  constructor(rules = null) {
    if (typeof rules === 'string') rules = new Ruleset(rules);
    this.#rules = rules;
    this.#ptr = M._referee_game_new(rules ? Ruleset.ptr(rules) : 0);
    if (!this.#ptr) throw new RefereeError('no-memory', 'out of memory');
    gamesGone.register(this, this.#ptr, this);
  }
  /** Feeds one line; throws IllegalAction or MalformedLine when the record is refuted. */
  push(line) {
    const [p, n] = bytesIn(line);
    if (M._referee_game_feed(this.#ptr, p, n) !== 0) raise(this.verdict);
    return this;
  }
  /** Feeds several lines (text with newlines) at once; throws as push. */
  pushText(text) {
    return this.push(text);
  }
  /** Ends the record (a hand still on is HAND-UNFINISHED); throws as push. */
  finish() {
    if (M._referee_game_finish(this.#ptr) !== 0) raise(this.verdict);
    return this.verdict;
  }
  /** The verdict the line would get if it were pushed now; the game unchanged. */
  tryLine(line) {
    const [p] = bytesIn(line);
    return verdictOf(M._referee_game_try, this.#ptr, p);
  }
  /** The verdict so far. */
  get verdict() {
    return verdictOf(M._referee_game_verdict, this.#ptr);
  }
  /** An independent copy of the game as it stands. */
  copy() {
    const g = new Game(this.#rules);
    M._referee_game_copy(g.#ptr, this.#ptr);
    return g;
  }
  /** Ready for a new record, its first line numbered firstLine. */
  reset(firstLine = 1) {
    M._referee_game_reset_at(this.#ptr, firstLine);
    return this;
  }
  /** A whole record at once (reset, lines, finish): its verdict, never thrown. */
  judge(text, firstLine = 1) {
    M._referee_game_reset_at(this.#ptr, firstLine);
    const [p, n] = bytesIn(text);
    M._referee_game_feed(this.#ptr, p, n);
    M._referee_game_finish(this.#ptr);
    return this.verdict;
  }
  /** What the turn in progress still owes (judgements put off to its end). */
  get pending() {
    const max = 3;
    const size = 28; // referee_pending_t on wasm32: 7 words
    const out = M._malloc(max * size);
    try {
      const n = M._referee_game_pending(this.#ptr, out, max);
      const list = [];
      for (let i = 0; i < n; i++) {
        const w = (out + i * size) >> 2;
        const u = M.HEAPU32;
        list.push({ code: str(u[w]), line: u[w + 1], col: u[w + 2], message: str(u[w + 3]),
          rule: str(u[w + 4]), when: WHEN[u[w + 5]] });
      }
      return list;
    } finally {
      M._free(out);
    }
  }
  /**
   * The game as it stands (referee_game_state): the hand in play (who acts,
   * what they owe, each player's hand and foot, each team's melds, the pile,
   * the stock, packets and feet left), the teams and their totals, whether
   * the game is over and its winner.
   */
  get state() {
    return readState(this.#ptr);
  }
  /**
   * Every legal next action (referee_game_legal): {player, verb, ref, cards,
   * line, owes}, owes naming what the turn would still owe after it
   * ('turn-end', 'not-out', 'last-discard'). byRank: one action for each
   * multiset of ranks, where the others differ only in suits.
   */
  legalActions({ byRank = false } = {}) {
    const flags = byRank ? 1 : 0;
    const n = M._referee_game_legal(this.#ptr, 0, 0, flags);
    if (n < 0) throw new RefereeError('no-memory', 'out of memory');
    if (n === 0) return [];
    const size = 28; // referee_legal_t on wasm32: 7 words
    const out = M._malloc(n * size);
    if (!out) throw new RefereeError('no-memory', 'out of memory');
    try {
      const got = Math.min(n, M._referee_game_legal(this.#ptr, out, n, flags));
      const list = [];
      for (let i = 0; i < got; i++) {
        const u = M.HEAPU32;
        const w = (out + i * size) >> 2;
        const cards = [];
        for (let k = 0; k < u[w + 4]; k++) cards.push(str(M._referee_card_name(M.HEAPU8[u[w + 3] + k])));
        const line = str(u[w + 5]);
        list.push({ player: line.split(' ')[0], verb: str(u[w + 1]), ref: str(u[w + 2]), cards, line,
          owes: WHEN.filter((_, bit) => u[w + 6] & (1 << bit)) });
      }
      return list;
    } finally {
      M._free(out);
    }
  }
  /** Cards in a player's hand in the hand in progress, or -1. */
  handSize(player) {
    const [p] = bytesIn(player);
    return M._referee_game_hand_size(this.#ptr, p);
  }
  /** The totals of the teams, by name, as the JSON output's `totals`. */
  get totals() {
    const g = this.#ptr;
    const totals = {};
    for (let t = 0, n = M._referee_game_teams(g); t < n; t++)
      totals[str(M._referee_game_team_name(g, t))] = M._referee_game_total(g, t);
    return totals;
  }
  /** Frees it now; else the collector does. */
  free() {
    if (!this.#ptr) return;
    gamesGone.unregister(this);
    M._referee_game_free(this.#ptr);
    this.#ptr = 0;
  }
}

// How a file's lines fall into records, as the command reads them
// (formats/cgr_split.c): a `cgr` line at column 1 (or an indented one)
// starts a record; the blank and comment lines just before it go with the
// record before, but one `# expect:` line among them goes with the new one.
const START = /^(\uFEFF)?cgr([ \t]|\r?$)|^[ \t]+cgr[ \t]+\S/;
const QUIET = /^[ \t]*(\r?$|#(?!\d))/;
const EXPECT = /^[ \t]*#[ \t]*expect:/;

// A line that starts with a digit or a letter other than c is neither a `cgr`
// line nor a blank or comment line: nearly every line, told without a match.
function plain(c) {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a && c !== 0x63);
}

/** The line after the one starting at `at`: its offset, -1 at the end. */
function lineAfter(text, at) {
  const nl = text.indexOf('\n', at);
  return nl < 0 || nl + 1 === text.length ? -1 : nl + 1; // a last empty line is no line
}

// The records of a text, as offsets into it: each one's first line (number
// first, offset from), its text up to offset `to`, then `blanks` empty lines
// (the quiet lines that go with the next record), and its `cgr` line (start).
function* records(text) {
  let begun = false;
  let first = 0; // the current record's first line (index), at offset from
  let from = 0;
  let start = -1; // its `cgr` line, else its first line neither blank nor comment
  let quiet = -1; // the first of the blank and comment lines just before, at quietAt
  let quietAt = 0;
  let loud = -1; // the first line neither blank nor comment
  for (let i = 0, at = 0; at >= 0; i++, at = lineAfter(text, at)) {
    let isStart = false;
    let isQuiet = false;
    if (!plain(text.charCodeAt(at))) {
      const nl = text.indexOf('\n', at);
      const line = text.slice(at, nl < 0 ? text.length : nl);
      isStart = START.test(line);
      isQuiet = QUIET.test(line);
    }
    if (isStart && begun) {
      const [to, toAt] = expectLine(text, quiet >= 0 ? quiet : i, quiet >= 0 ? quietAt : at, i, at);
      yield { first, from, to: toAt, blanks: i - to, start };
      first = to;
      from = toAt;
      start = i;
    }
    if (isStart && !begun) start = i;
    if (!isQuiet && loud < 0) loud = i;
    if (isStart) begun = true;
    if (!isQuiet) quiet = -1;
    else if (quiet < 0) [quiet, quietAt] = [i, at];
  }
  yield { first, from, to: text.length, blanks: 0, start: start >= 0 ? start : loud >= 0 ? loud : first };
}

/** The one `# expect:` line among lines q..i-1 (q at offset qAt), else line i. */
function expectLine(text, q, qAt, i, iAt) {
  let found = null;
  for (let k = q, at = qAt; k < i; k++, at = text.indexOf('\n', at) + 1) {
    if (!EXPECT.test(text.slice(at, text.indexOf('\n', at)))) continue;
    if (found) return [i, iAt];
    found = [k, at];
  }
  return found ?? [i, iAt];
}

/** Record r's text (bytes when given bytes), ended by its blank lines or a newline. */
function recordText(text, bytes, r) {
  const ends = r.to > r.from && text.charCodeAt(r.to - 1) === 0x0a;
  const tail = r.blanks ? r.blanks : ends ? 0 : 1;
  if (!bytes) return text.slice(r.from, r.to) + '\n'.repeat(tail);
  const body = new Uint8Array(r.to - r.from + tail);
  body.set(bytes.subarray(r.from, r.to));
  body.fill(0x0a, r.to - r.from);
  return body;
}

let checks = 0;
// The files a record's `variant` line may name, written where the wasm
// reads them (its own memory filesystem); the directory made current.
function placeFiles(files) {
  const dir = `/check${++checks}`;
  M.FS.mkdirTree(dir);
  const made = [];
  for (const [name, data] of Object.entries(files)) {
    const path = `${dir}/${name.replace(/^\/+/, '')}`;
    M.FS.mkdirTree(path.slice(0, path.lastIndexOf('/')));
    M.FS.writeFile(path, typeof data === 'string' ? encoder.encode(data) : data);
    made.push(path);
  }
  M.FS.chdir(dir);
  return () => {
    M.FS.chdir('/');
    for (const path of made) M.FS.unlink(path);
  };
}

/**
 * Judges every record of a file's text, as `referee --json` does: one
 * object a record (record, recordLine, status, code, line, col, message,
 * rule, foundLine, totals). options.rules: a Ruleset (or a built-in name)
 * for every record, else each record's `variant` line names one;
 * options.files: the YAML files those lines may name, { "house.yaml": text }.
 */
export function check(text, options = {}) {
  // bytes are judged as bytes (a byte that is not UTF-8 is the record's error,
  // as the command says): cut by a text of one character a byte
  const bytes = typeof text === 'string' ? null : text;
  if (bytes) text = new TextDecoder('latin1').decode(bytes);
  const game = new Game(options.rules ?? null);
  const unplace = options.files ? placeFiles(options.files) : () => {};
  const out = [];
  try {
    let n = 0;
    for (const r of records(text)) {
      const v = game.judge(recordText(text, bytes, r), r.first + 1);
      out.push({ record: ++n, recordLine: r.start + 1, ...v, totals: game.totals });
    }
  } finally {
    unplace();
    game.free();
  }
  return out;
}

const EXTENDS = /^extends:[ \t]*(\S+)/gm;
const VARIANT_FILE = /^[ \t]*variant[ \t]+(\S+)/gm;

/**
 * check() over a file read with Node's filesystem, with the YAML files its
 * `variant` lines name read from beside it (as the command reads them).
 */
export async function checkFile(path, options = {}) {
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(path);
  const text = new TextDecoder().decode(bytes);
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '';
  const files = { ...(options.files ?? {}) };
  const wanted = [...text.matchAll(VARIANT_FILE)].map((m) => m[1]);
  while (wanted.length) {
    const name = wanted.pop();
    if (!(name.includes('/') || name.endsWith('.yaml')) || name.startsWith('/') || name in files)
      continue;
    try {
      files[name] = await readFile(dir + name);
    } catch {
      continue; // a file that is not there: the verdict says so
    }
    // the files it extends, named from beside it
    const base = name.includes('/') ? name.slice(0, name.lastIndexOf('/') + 1) : '';
    for (const m of new TextDecoder().decode(files[name]).matchAll(EXTENDS))
      wanted.push(base + m[1].replace(/^["']|["']$/g, ''));
  }
  return check(bytes, { ...options, files });
}
