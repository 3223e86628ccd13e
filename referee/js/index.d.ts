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

/** A card as records write it: rank then suit ("7H", "TS", "AC"), or "JK". */
export type Card = string;

/** A player in the hand in progress. */
export interface PlayerState {
  name: string;
  team: string | null;
  /** The cards held, each copy once, in card order (ranks 2 ... A, suits S H D C, then JK). */
  hand: Card[];
  /** The foot not picked up yet (empty without one). */
  foot: Card[];
  hasFoot: boolean;
  /** Has melded in this hand. */
  melded: boolean;
}

export interface TeamState {
  name: string;
  /** Over the hands completed so far. */
  total: number;
  /** In the hand in progress: has melded. */
  opened: boolean;
  /** Red threes laid in this hand. */
  redThrees: number;
  /** Melds and canastas on the table in this hand. */
  melds: number;
  canastas: number;
  /** Cards of taken piles it set aside in this hand (set_aside; 0 where none are). */
  setAside: number;
}

/** A meld's kind (docs/rulesets.md, Melds). */
export type MeldKind = 'set' | 'sequence' | 'wild_set' | 'black_threes' | 'natural_set'
  | 'wild_cards' | 'rank_rule';

/** A meld on the table. */
export interface MeldState {
  team: string | null;
  /** Its number among the team's melds: `add #N`. */
  number: number;
  kind: MeldKind;
  /** A set's rank (0 for twos ... 12 for aces, 13 jokers), else -1. */
  rank: number;
  /** A sequence's suit (0 to 3: S H D C), else -1. */
  suit: number;
  cards: Card[];
  naturals: number;
  wilds: number;
  /** Complete: it counts as a canasta. */
  canasta: boolean;
}

/** Why the pile is frozen for the player to act: the first cause that holds. */
export type FreezeCause = 'cover' | 'card' | 'always' | 'unopened' | 'until_taken';

/**
 * The game as it stands (referee_game_state). Between hands, and once the
 * verdict is not legal, inHand is false and the hand's fields are empty
 * (null, 0, false, []): only teams (with their totals), hands, over and
 * winner say anything.
 */
export interface GameState {
  /** A hand is being dealt or played. */
  inHand: boolean;
  /** Its number, from 1 (0 outside a hand). */
  hand: number;
  /** Its setup is complete. */
  dealt: boolean;
  /** The hand is over (nobody acts). */
  handOver: boolean;
  /** The player to act, or null. */
  toAct: string | null;
  dealer: string | null;
  /** The turn's draw or take is done (false: the player must draw or take first). */
  drawn: boolean;
  /** Red-three replacements still to draw, by owedPlayer. */
  owed: number;
  owedPlayer: string | null;
  /** A question (`ask`) waits for its answer. */
  asked: boolean;
  /** The player whose bonus packet is due now. */
  packetPlayer: string | null;
  /** Who went out. */
  outPlayer: string | null;
  /** The pile's top card, and how many cards it holds. */
  top: Card | null;
  pile: number;
  /** Why the pile is frozen for the player to act; null when it is not. */
  frozen: FreezeCause | null;
  /** The ruleset key of that cause ("pile.always_frozen"), and the card that froze it. */
  freezeRule: string | null;
  freezeCard: Card | null;
  /** Its top card blocks it (pile.blocked_by). */
  blocked: boolean;
  /** Cards left in the stock; bonus packets set aside and not taken; feet not picked up. */
  stock: number;
  packets: number;
  feet: number;
  players: PlayerState[];
  teams: TeamState[];
  melds: MeldState[];
  /** Cards of the pile just taken that the player to act still sets aside (`aside`)
   * before the turn ends (set_aside); [] where none are. */
  asideDue: Card[];
  /** Hands completed (scored). */
  hands: number;
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

/** Every record of a file's text, judged as `referee --json` judges them;
 *  given bytes, a byte that is not UTF-8 is its record's error (as the command says). */
export function check(text: string | Uint8Array, options?: CheckOptions): RecordVerdict[];
/** check() over a file read with Node's filesystem, with the YAML files its records name. */
export function checkFile(path: string, options?: CheckOptions): Promise<RecordVerdict[]>;
