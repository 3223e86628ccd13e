// Types of canasta-referee (index.js): the referee's C library in WebAssembly.

/** How a record stands: "legal" means nothing refuted yet. */
export type Status = 'legal' | 'illegal' | 'malformed' | 'error' | 'no-memory';

/** The verdict so far, as the command's JSON output gives it. */
export interface Verdict {
  status: Status;
  /** "WILD-OVERFLOW" (docs/codes.md); null unless illegal. */
  code: string | null;
  /** Where the verdict is charged (lines counted from 1); 0 when legal. */
  line: number;
  col: number;
  /** A sentence with the numbers involved; "" when legal. */
  message: string;
  /** The ruleset key, or null. */
  rule: string | null;
  /** The line whose feeding reached the verdict (later than line when it waited for it). */
  foundLine: number;
}

/** A judgement the turn in progress still owes, and the ending that would give it. */
export interface Pending {
  code: string;
  line: number;
  col: number;
  message: string;
  rule: string;
  when: 'turn-end' | 'not-out' | 'last-discard';
}

/** A legal next action: its record line, and what the turn would still owe after it. */
export interface LegalAction {
  player: string;
  verb: string;
  /** "#N" for add, "#N #M" for merge, else null */
  ref: string | null;
  /** the cards named, as records write them ("7H", "JK") */
  cards: string[];
  line: string;
  owes: Array<'turn-end' | 'not-out' | 'last-discard'>;
}

export interface TeamState {
  name: string;
  /** Over the hands completed so far. */
  total: number;
}

export interface GameState {
  /** The player to act in the hand in progress, or null between hands. */
  toAct: string | null;
  /** Hands completed (scored). */
  hands: number;
  teams: TeamState[];
  /** A team has reached the target (or the hands are played). */
  over: boolean;
  winner: string | null;
}

/** One record's verdict in check(): the command's JSON fields. */
export interface RecordVerdict extends Verdict {
  record: number;
  recordLine: number;
  totals: Record<string, number>;
}

export interface CheckOptions {
  /** One ruleset for every record (else each record's `variant` line names one). */
  rules?: Ruleset | string | null;
  /** The YAML files `variant` lines (and their `extends:`) may name. */
  files?: Record<string, string | Uint8Array>;
}

export class RefereeError extends Error {
  /** A verdict code ("WILD-OVERFLOW"), a status ("malformed"), or "RULESET". */
  code: string;
}
export class RulesetError extends RefereeError {
  file: string;
  line: number;
  column: number;
}
export class VerdictError extends RefereeError {
  verdict: Verdict;
  line: number;
  column: number;
  rule: string | null;
}
/** An action the rules refuse. */
export class IllegalAction extends VerdictError {}
/** A line that cannot be read as a game. */
export class MalformedLine extends VerdictError {}

export class Ruleset {
  /** A built-in ruleset: "classic", "two-player", "chinese", "italian", "samba", "bolivia", "hand-and-foot", "modern-american". */
  constructor(name: string);
  /** A ruleset from its YAML; fileName is how its errors name it (and where `extends:` looks). */
  static fromYaml(yaml: string | Uint8Array, fileName?: string): Ruleset;
  /** A YAML file read with Node's filesystem. */
  static fromFile(path: string): Promise<Ruleset>;
  readonly name: string;
  free(): void;
}

export class Game {
  /** Judged by rules, or (null) by the ruleset each record's `variant` line names. */
  constructor(rules?: Ruleset | string | null);
  /** Feeds a line; throws IllegalAction or MalformedLine once the record is refuted. */
  push(line: string): this;
  /** Feeds several lines at once; throws as push. */
  pushText(text: string): this;
  /** Ends the record (a hand still on is HAND-UNFINISHED); throws as push. */
  finish(): Verdict;
  /** The verdict the line would get now; the game unchanged. */
  tryLine(line: string): Verdict;
  readonly verdict: Verdict;
  /** An independent copy of the game as it stands. */
  copy(): Game;
  /** Ready for a new record, its first line numbered firstLine (default 1). */
  reset(firstLine?: number): this;
  /** A whole record: reset, its lines, finish; the verdict is returned, never thrown. */
  judge(text: string | Uint8Array, firstLine?: number): Verdict;
  readonly pending: Pending[];
  readonly state: GameState;
  readonly totals: Record<string, number>;
  /** Cards in a player's hand in the hand in progress, or -1. */
  handSize(player: string): number;
  /** Every legal next action; byRank: one for each multiset of ranks (suits collapsed). */
  legalActions(options?: { byRank?: boolean }): LegalAction[];
  free(): void;
}

/** Every record of a file's text, judged as `referee --json` judges them. */
export function check(text: string | Uint8Array, options?: CheckOptions): RecordVerdict[];
/** check() over a file read with Node's filesystem, with the YAML files its records name. */
export function checkFile(path: string, options?: CheckOptions): Promise<RecordVerdict[]>;
