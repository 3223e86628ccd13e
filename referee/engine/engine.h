/* engine.h — the state of one hand and the rules applied to it.
 *
 * The engine replays one hand: its setup (deals, stock, pile), then actions
 * one at a time. Each call returns false at the first illegal action, with
 * the verdict in eng_error(); after that the hand is dead and further calls
 * are refused. The engine knows mechanisms only; every number and switch
 * comes from the ruleset (no variant name appears here).
 *
 * It is written by stage, one file each:
 *   deal.c       the setup statements and their checks, the pile's layout
 *   meld.c       meld kinds and their rows; meld judging: sets, sequences,
 *                wild limits, canastas
 *                (pure functions of cards and the kind table, meld.h)
 *   melding.c    the actions that put cards on the table: meld, add, take
 *   freeze.c     why the pile is frozen (a query, and its words)
 *   turn.c       the turn state machine and the other actions
 *   going_out.c  the opening and going out
 *   pending.c    what the turn still owes, judged now on a copy (a query)
 *   whatif.c     what was legal instead of an illegal action, tried on a copy
 *   score.c      the hand's score (pure parts in score.h)
 *   engine.c     the hand's lifecycle, its cards, errors, the view
 *
 * Everything outside the engine reads a hand through eng_view(): the report,
 * --explain, JSON, the embedding API and the generator see the same state.
 *
 * Invariant (card conservation): every card of the packs is in exactly one of
 * the stock, the pile, a hand, a foot, a meld or a team's red threes, and the
 * counts of each kind always add up to the packs' copies. */
#ifndef ENGINE_H
#define ENGINE_H

#include <stdbool.h>

#include "card.h"
#include "ruleset.h"
#include "statement.h"
#include "uses.h"
#include "verdict.h"

enum { MAX_MELDS = 192, MAX_CARDS = 8 * 56 };

/* A meld's kind, decided once when it is formed: a set (cards of one rank,
 * plus wild cards), a sequence (consecutive ranks of one suit, naturals
 * only, where the ruleset has them), a set of a wild rank (meld.wild_sets),
 * black threes, wild cards of any mix (wild_meld.*: rank and suit -1). Its limits are its row in the hand's kind table (meld.h:
 * meld_kinds_t, eng_view_t.kinds): whoever asks about a meld reads the row,
 * never its rank or suit. A new kind is a new tag here and a new row. */
typedef enum {
  KIND_SET, KIND_SEQUENCE, KIND_WILD_SET, KIND_BLACK3,
  KIND_NATURAL_SET, /* a set of a meld.natural_ranks rank: no wild card */
  KIND_WILD_MELD,   /* wild cards only, any mix, of no rank (wild_meld.*) */
  KIND_RANK_RULE,   /* a set of a meld.rank_rules rank: its own wild cards, bonus, penalties */
  KIND_COUNT
} meld_kind_t;

typedef struct meld_kinds meld_kinds_t;

typedef struct {
  card_counts_t cards;
  int team;
  int rank;            /* a set's rank; -1 for a sequence */
  int suit;            /* a sequence's suit; -1 for a set */
  unsigned ranks;      /* a sequence's ranks, one bit each */
  unsigned naturals, wilds;
  bool hidden;         /* a canasta laid from the hand in one meld (canasta.hidden_factor) */
  uint8_t kind;        /* meld_kind_t (a byte: the struct keeps its size) */
  uint16_t number;     /* #N: its number among its team's melds, given once (a meld
                          merged away leaves its number unused: meld.merge) */
} meld_t;

typedef struct engine engine_t;

/* Why the pile is frozen for a player: the engine's one answer (freeze.c),
 * read by the take's judgement, --explain, --json, the page and the what-if
 * layer alike. Several causes may hold at once; the one named is the first
 * that holds, in this order. */
typedef enum {
  FREEZE_COVER,       /* pile.cover_freezes: its covered upcard, pile[0] */
  FREEZE_CARD,        /* pile.frozen_by: a card lying in it */
  FREEZE_ALWAYS,      /* pile.always_frozen */
  FREEZE_UNOPENED,    /* pile.frozen_for_unopened: the player's team has not opened */
  FREEZE_UNTIL_TAKEN, /* pile.frozen_until_taken: the player has not taken it yet */
  FREEZE_NONE         /* not frozen; also the number of causes */
} freeze_cause_t;

typedef struct {
  freeze_cause_t cause; /* the cause named, FREEZE_NONE */
  rule_key_t rule;      /* its ruleset key, RK_NONE */
  rule_key_t verdict;   /* the key a PILE-FROZEN verdict cites (the table's column) */
  unsigned holds;       /* every cause that holds: bit 1u << cause */
  int card;             /* the card that froze it (COVER, CARD), -1 */
  unsigned line;        /* the line where that card froze it, 0 */
  int player;           /* the player it is judged for, -1 for nobody (the
                           causes of a player, UNOPENED and UNTIL_TAKEN, then
                           do not hold) */
  int naturals;         /* what unfreezes it: naturals of the top card's rank
                           from the hand (pile.unfreeze_naturals) */
} pile_freeze_t;

/* The bonus packets as a player sees them (bonus.*, bonus.c): what is left
 * to earn, whose the next is, and who is owed one now. */
typedef struct {
  int left;                       /* packets the teams yet to open can earn */
  int cards[RS_MAX_PACKETS];      /* their sizes, in the order they go */
  int next_team;                  /* the one team yet to open, -1 for several or none */
  int owed;                       /* the player owed a packet now (bonus.when:
                                     after_discard), -1 */
  int owed_cards;
  bool owed_first;                /* owed's hand is empty: `talon` before anything else */
} eng_packets_t;

/* A hand as it stands, read-only: pointers into the engine, valid until its
 * next call that changes it. */
typedef struct {
  const ruleset_t *rs;
  const rs_seat_t *seat;
  int nplayers, nteams;
  const int *team_of;              /* [nplayers] */
  const char *const *player_name;  /* [nplayers] */
  const long *team_total;          /* [nteams]: totals before this hand */
  int dealer;                      /* -1 before the dealer line */
  bool setup_done;
  int current;                     /* the player to act */
  bool over;                       /* the hand is over */
  int out_player;                  /* who went out, -1 */
  bool concealed;                  /* ... without having melded before */
  bool drawn;                      /* this turn's draw or take is done */
  bool took_pile;                  /* ... and it was a take of the pile */
  bool empty_hand;                 /* emptied while melding first: may end or draw on */
  int owed_player, owed;           /* red-three replacements due, and by whom (-1) */
  bool asked;                      /* a question (`ask`) waits for its answer */
  int bonus_player;                /* whose bonus packet is due now (bonus.*), -1 */
  int packets_left;                /* bonus packets set aside and not taken yet */
  const card_counts_t *hand;       /* [nplayers] */
  const card_counts_t *foot;       /* [nplayers]: feet not yet picked up */
  const bool *has_foot;            /* [nplayers] */
  const bool *player_melded;       /* [nplayers]: melded in this hand */
  const bool *team_opened;         /* [nteams] */
  const bool *team_splashed;       /* [nteams]: opened by a splash (opening.splash) */
  const int *red_threes;           /* [nteams]: red threes laid */
  const int *aside;                /* [nteams]: cards of taken piles set aside (set_aside) */
  const card_counts_t *aside_due;  /* of the pile taken in this turn, still to state (`aside`) */
  const meld_t *melds;
  int nmelds;
  const meld_kinds_t *kinds;       /* the melds' kind rows (meld.h) */
  const card_t *pile;              /* bottom first */
  unsigned npile;
  pile_freeze_t freeze;            /* why it is frozen for the player to act (eng_pile_freeze) */
  bool pile_blocked;               /* its top card blocks it (pile.blocked_by) */
  unsigned stock;                  /* cards left in the stock */
  const card_t *stock_next;        /* the stock line's cards still to come, or NULL */
  unsigned stock_next_len;
  eng_packets_t packets;           /* bonus.packets: left, next, owed (none when left and
                                      owed are 0 and -1) */
} eng_view_t;

/* Create/free: an engine is the caller's, freed by eng_free (NULL is fine).
 * eng_new returns NULL without memory. */
engine_t *eng_new(void);
void eng_free(engine_t *e);

/* Starts hand number hand_no (from 1) of a game. team_total[] are the
 * teams' totals before it. The names are
 * borrowed and must outlive the hand. */
void eng_begin(engine_t *e, const ruleset_t *rs, const rs_seat_t *seat, int nplayers,
               const int team_of[], int nteams, const char *const names[],
               const long team_total[], int hand_no);

/* A setup statement (dealer, deal, foot, stock, pile, cut), in any order,
 * before the first action; `player` is the seat it names (dealer, deal,
 * foot), else ignored. Other kinds are accepted and do nothing. */
bool eng_setup(engine_t *e, const stmt_t *st, int player);

/* How many cards the pile starts with when the deck turns up `cards` (the
 * first n known) in this order: the packet, an upcard covered once, upcards
 * covered until one is not (pile.*). May exceed n when more must be known. */
unsigned eng_pile_layout(const ruleset_t *rs, const card_t *cards, unsigned n);

/* One action by `actor` (a seat index). */
bool eng_action(engine_t *e, const stmt_t *st, int actor);

/* Ends the setup: checks that every seat was dealt and that the cards add up
 * to the packs. Called before the first action (or by eng_action itself). */
bool eng_setup_done(engine_t *e, unsigned line, unsigned col, const char *text);

/* The hand has no more statements: a new hand, a score line or the end of
 * the record follows at `line` (text may be NULL). False with HAND-UNFINISHED
 * if play must go on. */
bool eng_finish(engine_t *e, unsigned line, const char *text);

/* Could player p take the pile now, by some legal `take`? Judged by the take
 * rule itself (every shape of take the hand allows, tried on a copy), for an
 * opened team or not. Used by end.stock_empty: must_take. */
bool eng_can_take(const engine_t *e, int p);

/* Why the pile is frozen for player p (-1: for nobody in particular, the
 * causes of a player left out). A query: cheap, it changes nothing. */
void eng_pile_freeze(const engine_t *e, int p, pile_freeze_t *out);
/* A cause's words, untranslated (for _()), each with one %s at most: the
 * clause of a refused take's sentence ("the pile is frozen by %s": the card
 * or the player), and the table's ("frozen: it holds %s": the cards, the
 * team or the player), as --explain and the page show it. */
const char *eng_freeze_refusal(freeze_cause_t c);
/* The refusal's clause of f, translated, its card or player filled in: "the
 * pile is frozen by 2S", as a refused take's sentence begins. */
void eng_freeze_why(const engine_t *e, const pile_freeze_t *f, char *why, size_t len);
/* A cause's ruleset key, RK_NONE for FREEZE_NONE. */
rule_key_t eng_freeze_rule(freeze_cause_t c);
const char *eng_freeze_shown(freeze_cause_t c);

/* Copies a hand's state (only the parts of the buffers in use): a caller that
 * tries an action on a copy keeps the original when the action is illegal. */
void eng_copy(engine_t *dst, const engine_t *src);
/* The same, for a copy that outlives src: dst borrows rs (the ruleset src
 * judges by, or a copy of it) and names instead of src's, and keeps its own
 * kind rows. */
void eng_clone(engine_t *dst, const engine_t *src, const ruleset_t *rs,
               const char *const names[]);

/* What p's team lacks to go out if p's hand emptied now: the first
 * requirement unmet (going_out.first_turn, .canastas, .pure, .impure, .wild,
 * .sequences, .no_unfinished: `have` the unfinished meld's #N, `need` 0, for
 * a meld of wild cards, its rank, `need` 1, for a set of meld.rank_rules),
 * with what the team has and needs; rule RK_NONE when nothing
 * is lacking. A query: it judges nothing and changes nothing. */
typedef struct {
  rule_key_t rule;
  int have, need;
} go_lack_t;
go_lack_t eng_going_out_lack(const engine_t *e, int p);
/* How many more of each kind going out counts the team needs (0: none):
 * canastas, pure, impure, wild canastas, complete sequences. What the
 * generator's players build toward, from the engine's own count. */
enum { GO_CANASTAS, GO_PURE, GO_IMPURE, GO_WILD, GO_SEQUENCES, GO_KINDS };
void eng_going_out_needs(const engine_t *e, int team, int more[GO_KINDS]);
/* What going out lacked of a counted requirement (going_out.c's table: one
 * row a kind, read by the judgement and the what-if layer), translated, for
 * `more` missing: "going out lacked %d more canasta (%s: the team had %d, %d
 * needed)"; NULL for a rule that is not a count. */
const char *eng_going_out_lacked(rule_key_t rule, int more);

/* At an illegal action st by p (after: the engine that refused it, before:
 * a copy of the table the verdict's line found, that of an earlier line of
 * the turn when the verdict is charged there): what was legal instead, as one
 * sentence in out without a label (each output says "what was legal instead"
 * once), "" when the code has no alternatives to tell:
 * PILE-FROZEN, PILE-NO-MATCH (the smallest take the hand allowed, or none),
 * WILD-OVERFLOW (the wild cards the named naturals carry, the hand's other
 * naturals that would carry all), GO-OUT-REQUIREMENT (what going out
 * lacked), OPENING-MINIMUM (the minimum and the points laid). Judged by the
 * engine on copies (whatif.c). */
void eng_instead(const engine_t *before, const engine_t *after, const stmt_t *st, int p,
                 char *out, size_t len);

/* The judgements the turn in progress has put off to its end, to be charged
 * to an earlier line (pending.c): each as the verdict it would give if the
 * turn ended now so (illegal, its code, rule, sentence, and the line and
 * column it is charged to), and which ending would give it. A query: it is
 * made on scratch (an engine of the caller's, overwritten) and changes
 * nothing in e. Returns how many there are; out holds the first max. */
typedef enum {
  PEND_TURN_END,    /* the turn's melding ends with the table as it is: by its
                       discard, by going out, or by the draw where melding comes
                       first (a concealed going out may be exempt:
                       opening.concealed_exempt) */
  PEND_NOT_OUT,     /* the turn ends without going out */
  PEND_LAST_DISCARD /* the turn goes out by discarding its last card */
} eng_pend_when_t;
typedef struct {
  verdict_t v;
  eng_pend_when_t when;
} eng_pending_t;
int eng_pending(const engine_t *e, engine_t *scratch, eng_pending_t out[], int max);

/* Card conservation: every card of the packs is in exactly one place. */
bool eng_conserved(const engine_t *e);

/* The hand as it stands. */
void eng_view(const engine_t *e, eng_view_t *v);
/* The player to act, -1 for none: nobody while the hand is dealt or once it
 * is over (--explain, --json's state and the page say it alike). */
static inline int eng_view_to_act(const eng_view_t *v) {
  if (v->over || !v->setup_done) return -1;
  return v->packets.owed_first ? v->packets.owed : v->current;
}

/* The first illegal action (status VERDICT_LEGAL while there is none). */
const verdict_t *eng_error(const engine_t *e);

/* The rules this hand relied on so far (uses.h). */
const rule_uses_t *eng_uses(const engine_t *e);

/* The hand's score by team; the hand must be over. Notes the scoring rules
 * the score relied on in the hand's uses. */
void eng_score(engine_t *e, hand_score_t *out);
/* The team that won the game at once with its special hand (special_hands,
 * a row with ends_game), -1 when none: the game ends after this hand. */
int eng_special_winner(const engine_t *e);
/* The hand team t showed in the hand just played (special_hands): its row's
 * name, or its shape in words; NULL when the team showed none. */
const char *eng_special_name(const engine_t *e, int t);

#endif
