// The npm package's types (referee/js/index.d.ts) in use, compiled by
// tests/types.sh with tsc --strict --noEmit: every export, and the state's
// fields with the types index.js gives them. A line marked @ts-expect-error
// must be refused: a type that let it through would be too loose.
import {
  Card, check, checkFile, FreezeCause, Game, GameState, IllegalAction, LegalAction, MalformedLine,
  MeldKind, MeldState, Pending, PlayerState, RecordVerdict, RefereeError, Ruleset, RulesetError,
  Status, TeamState, Verdict, VerdictError,
} from 'canasta-referee';

const rules: Ruleset = new Ruleset('classic');
const house: Ruleset = Ruleset.fromYaml('extends: classic\n', 'house.yaml');
const fromFile: Promise<Ruleset> = Ruleset.fromFile('house.yaml');
const game = new Game(rules).push('cgr 1').pushText('variant classic\nplayer Anne\n');
const tried: Verdict = game.tryLine('player Bruno');
const status: Status = tried.status;
const code: string | null = game.verdict.code;
const pending: Pending[] = game.pending;
const actions: LegalAction[] = game.legalActions({ byRank: true });
const owes: Array<'turn-end' | 'not-out' | 'last-discard'> = actions[0].owes;

const s: GameState = game.state;
const inHand: boolean = s.inHand && s.dealt && !s.handOver && !s.drawn && !s.asked && !s.blocked;
const counts: number[] = [s.hand, s.owed, s.pile, s.stock, s.packets, s.feet, s.hands];
const who: Array<string | null> = [s.toAct, s.dealer, s.owedPlayer, s.packetPlayer, s.outPlayer,
  s.winner, s.freezeRule];
const cards: Array<Card | null> = [s.top, s.freezeCard];
const frozen: FreezeCause | null = s.frozen;
const players: PlayerState[] = s.players;
const hand: Card[] = players[0].hand.concat(players[0].foot);
const flags: boolean[] = [players[0].hasFoot, players[0].melded, s.over];
const teams: TeamState[] = s.teams;
const team: [string, number, boolean, number, number, number] = [teams[0].name, teams[0].total,
  teams[0].opened, teams[0].redThrees, teams[0].melds, teams[0].canastas];
const melds: MeldState[] = s.melds;
const kind: MeldKind = melds[0].kind;
const meld: Array<number | boolean | string | null> = [melds[0].team, melds[0].number,
  melds[0].rank, melds[0].suit, melds[0].naturals, melds[0].wilds, melds[0].canasta];
const meldCards: Card[] = melds[0].cards;
const totals: Record<string, number> = game.totals;
const size: number = game.handSize('Anne');
const copy: Game = game.copy().reset(3);
const judged: Verdict = copy.judge(new Uint8Array([0x63, 0x67, 0x72]));
const verdicts: RecordVerdict[] = check('cgr 1\n', { rules: 'classic', files: { 'a.yaml': '' } });
const later: Promise<RecordVerdict[]> = checkFile('games.cgr');

try {
  game.finish();
} catch (e) {
  if (e instanceof IllegalAction || e instanceof MalformedLine) {
    const at: [number, number, string | null, Verdict] = [e.line, e.column, e.rule, e.verdict];
    const base: VerdictError = e;
  } else if (e instanceof RulesetError) {
    const where: [string, number, number, string] = [e.file, e.line, e.column, e.code];
  } else if (e instanceof RefereeError) {
    const c: string = e.code;
  }
}
game.free();
house.free();

// what the types refuse
// @ts-expect-error: toAct may be null
const sure: string = s.toAct;
// @ts-expect-error: no such kind of meld
const odd: MeldKind = 'run';
// @ts-expect-error: frozen is a cause, not a flag
const yes: boolean = s.frozen;
// @ts-expect-error: a hand is a list of cards, not a count
const n: number = players[0].hand;
// @ts-expect-error: the state is read, not written
game.state = s;
