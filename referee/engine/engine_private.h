/* engine_private.h — the engine's own state, shared by its stage files
 * (deal.c, melding.c, freeze.c, turn.c, going_out.c, pending.c, whatif.c,
 * score.c, engine.c) and by nothing else: every other module reads a hand
 * through eng_view(). */
#ifndef ENGINE_PRIVATE_H
#define ENGINE_PRIVATE_H

#include <stdbool.h>

#include "engine.h"
#include "meld.h"

typedef enum { ASK_NOT_ASKED, ASK_WAITING, ASK_YES, ASK_NO } ask_t;

/* A statement kept for a judgment made later (the opening minimum is judged
 * when the turn's melding is over but reported at its first meld). */
typedef struct {
  bool set;
  unsigned line, col;
  char text[VERDICT_TEXT];
} mark_t;

struct engine {
  const ruleset_t *rs;
  const meld_kinds_t *kinds;    /* the melds' kind rows: kind_table of the engine
                                   eng_begin started (copies share it) */
  const rs_seat_t *seat;
  int nplayers, nteams;
  int team_of[MAX_PLAYERS];
  const char *player_name[MAX_PLAYERS];
  long team_total[MAX_TEAMS];   /* totals before this hand: the opening bands */
  int hand_no;                  /* the hand's number in the game, from 1: opening.by_hand */

  /* cards */
  card_counts_t packs;          /* every card of the game */
  card_counts_t stock;
  unsigned stock_len, stock_pos;
  bool stock_known;
  unsigned npile, pile_freezers;
  bool cover_frozen;            /* pile.cover_freezes: frozen by its covered upcard */
  unsigned line;                /* the statement being judged */
  unsigned frozen_line;         /* where a card in the pile froze it, 0 */
  bool wild_discarded;          /* pile.wild_discard_naturals: a wild was discarded */
  int cut;                      /* the `cut` line's number, -1 without one */
  bool has_foot[MAX_PLAYERS];
  int deal_size;                /* cards the hand's deal lines give (table.deal or
                                   table.deal_also, chosen by the first), 0 before */
  int walker;                   /* the player whose discard used up the hand, foot
                                   down, until anyone else acts: her `foot` may
                                   come now (walking), -1 */
  int nmelds;
  int team_melds[MAX_TEAMS];    /* of the nmelds, each team's (asked at every turn) */
  int melds_made[MAX_TEAMS];    /* melds each team has formed: the next #N (meld.merge
                                   removes a meld, never its number) */
  int red_threes[MAX_TEAMS];
  int black_threes[MAX_TEAMS];  /* of red_threes, the black ones (red_threes.by_colour) */
  card_counts_t laid_red3;      /* every red three on the table */
  bool team_opened[MAX_TEAMS];
  bool team_splashed[MAX_TEAMS]; /* opening.splash opened it (going_out.c's splash) */
  bool player_melded[MAX_PLAYERS];
  int turns[MAX_PLAYERS];       /* turns each player has begun in this hand */
  bool took_pile_once[MAX_PLAYERS]; /* pile.frozen_until_taken */

  /* setup */
  bool dealt[MAX_PLAYERS];
  bool pile_given, setup_done;
  int dealer;

  /* turn */
  int current;
  bool drawn;                   /* the turn's draw or take is done */
  bool pregame;                 /* before the first player's first turn action */
  int pregame_seat;             /* the last seat that laid red threes before it */
  int owed_player, owed;        /* red-three replacements due */
  int pile_red3;                /* red threes from a taken pile still to lay */
  bool pile_red3_laid;          /* one was laid this turn (not replaced) */
  ask_t ask;
  bool melded_before_turn;
  bool team_melded_before_turn; /* the team had a meld when the turn began */
  bool opened_before_turn;
  card_counts_t own;            /* cards that count toward the opening */
  bool took_pile;
  int top_uncounted;            /* opening.top_card_counts: false, the top card's value left out */
  bool replaced;                /* a red-three replacement was drawn this turn */
  bool empty_hand;              /* emptied while melding first: may end, or draw on */
  int opening_groups;           /* opening.judged: groups laid in the opening turn */
  long short_value;

  /* bonus.* (bonus.c): the packets set aside, in their order, and who earned them */
  card_counts_t packet[RS_MAX_PACKETS];
  int npackets_dealt;           /* `talon` lines read */
  bool packet_taken[RS_MAX_PACKETS]; /* handed out (a packet not taken at its moment stays) */
  bool team_packet[MAX_TEAMS];  /* the team has taken its packet */
  int bonus_player;             /* after_discard: the player whose packet is due now, -1 */
  bool bonus_by_take;           /* that player's team opened by taking the pile */

  /* special_hands (special.c): the hand shown, and its fixed score (0: none) */
  card_counts_t shown;
  int special_value;
  bool special_wins;            /* the row's ends_game: the team wins the game */
  char special_name[96];        /* the row in words (eng_special_name) */

  /* set_aside (aside.c): cards of a taken pile set aside, out of play */
  bool sets_aside;              /* the ruleset sets some aside (rs_sets_aside) */
  card_counts_t aside_due;      /* of the pile taken in this turn, not yet stated (`aside`) */
  card_counts_t set_aside;      /* every card stated set aside in this hand */
  int aside[MAX_TEAMS];         /* of those, each team's */

  /* end */
  bool over;
  bool stock_out;               /* ended by the empty stock (end.stock_empty: at_once) */
  int out_player;
  bool concealed;

  bool dead;
  rule_uses_t uses;             /* the rules this hand relied on (uses.h) */

  /* Each player's cards and the marks: eng_copy copies the players in play
   * (nplayers) and the text of the marks that are set. */
  card_counts_t hand[MAX_PLAYERS];
  card_counts_t foot[MAX_PLAYERS]; /* feet not yet picked up */
  mark_t first_meld, black3_meld;
  mark_t past_cap;              /* meld.max_cards_going_out: a meld past meld.max_cards */
  mark_t last_card;             /* melding left one card the team cannot go out with */
  mark_t short_group;           /* opening.judged: the first judged alone that falls short */

  /* Large buffers last: eng_begin clears only what comes before them, and the
   * counts above (stock_len, npile, nmelds) say how much of each is in use
   * (open: nmelds; err: its strings). */
  verdict_t err;
  struct {
    int value;                  /* each meld's value toward the opening this turn */
    int naturals;               /* its naturals that count toward opening.natural_meld */
  } open[MAX_MELDS];            /* one array: cleared by one memset at each turn */
  meld_t melds[MAX_MELDS];
  card_t stock_order[MAX_CARDS];
  card_t pile[MAX_CARDS];

  /* The engine's own what-if space (eng_can_take, eng_instead), made with it
   * by eng_new (two levels: the scratch has its own): never copied by
   * eng_copy nor cleared by eng_begin, freed by eng_free. */
  engine_t *scratch;
  stmt_t *scratch_st;

  /* The kind rows eng_begin builds from the hand's ruleset: neither cleared
   * nor copied; a copy points to the table of the engine it was copied from,
   * which outlives it. */
  meld_kinds_t kind_table;
};

/* ---- errors (engine.c) ---- */

/* Fails at column `col` of statement st: the verdict, and the hand is dead. */
bool eng_fail(engine_t *e, const stmt_t *st, unsigned col, code_t code, rule_key_t rule,
              const char *fmt, ...) PRINTF_LIKE(6, 7);
/* Fails at a position with no statement (the end of the setup or hand). */
bool eng_fail_at(engine_t *e, unsigned line, unsigned col, const char *text, code_t code,
                 rule_key_t rule, const char *fmt, ...) PRINTF_LIKE(7, 8);
/* Fails at a statement kept earlier (the opening's first meld, ...). */
bool eng_fail_mark(engine_t *e, const mark_t *m, int actor, code_t code, rule_key_t rule,
                   const char *fmt, ...) PRINTF_LIKE(6, 7);
/* A judgement (meld.h) filled e->err: it becomes the verdict at column col. */
bool eng_judged(engine_t *e, const stmt_t *st, unsigned col);
void eng_mark(mark_t *m, const stmt_t *st);
void eng_use(engine_t *e, rule_key_t k);

/* ---- conditions (facts.c) ---- */
/* The facts of condition.h for team and player p (-1: none, the player's
 * facts 0): those `want` names (a cond_t's tests) counted, the cheap ones
 * always; canastas_of is filled only when `want` names canastas. */
void eng_facts(const engine_t *e, int team, int p, unsigned want, cond_facts_t *f);
/* Whether condition c holds of team and player p now. */
bool eng_holds(const engine_t *e, const cond_t *c, int team, int p);

/* ---- cards (engine.c) ---- */
/* The bonus cards among cc (cards.bonus_threes: red threes by default). */
unsigned eng_bonus_count(const ruleset_t *rs, const card_counts_t *cc);
int eng_partner_count(const engine_t *e, int p);
static inline int eng_team_meld_count(const engine_t *e, int team) { return e->team_melds[team]; }
/* The team's meld of a rank (meld.new_after_canasta: the one not yet a
 * canasta, else its first), NULL without one. */
meld_t *eng_meld_by_rank(engine_t *e, int team, int rank);
/* The team's meld #number (meld_t.number), NULL when it has none. */
meld_t *eng_meld_by_number(engine_t *e, int team, int number);
/* NOT-IN-HAND: every card the statement names is in player p's hand. */
bool eng_check_in_hand(engine_t *e, const stmt_t *st, int p);
/* Moves the statement's cards out of p's hand into `to` (may be NULL);
 * returns the value of the player's own cards moved (the opening's count). */
long eng_move_from_hand(engine_t *e, const stmt_t *st, int p, card_counts_t *to);
/* STOCK-MISMATCH: the statement's cards leave the stock into p's hand. */
bool eng_take_from_stock(engine_t *e, const stmt_t *st, int p);
/* pile.frozen_by: the card joins the pile, counted if it freezes it. */
void eng_push_pile(engine_t *e, card_t c);

/* ---- the pile's freeze (freeze.c) ---- */

/* The causes of freeze that hold for player p (-1: those of nobody in
 * particular), bit 1u << cause: what eng_pile_freeze names one of. Here, to
 * be inlined: every take asks, and most find none. */
static inline unsigned eng_freeze_holds(const engine_t *e, int p) {
  const ruleset_t *rs = e->rs;
  unsigned h = 0;
  /* pile_freezers counts the covered upcard too (deal.c) */
  if (e->pile_freezers) {
    if (e->cover_frozen) h |= 1u << FREEZE_COVER;
    if (e->pile_freezers > (e->cover_frozen ? 1u : 0u)) h |= 1u << FREEZE_CARD;
  }
  if (rs->pile.always_frozen) h |= 1u << FREEZE_ALWAYS;
  if (p < 0) return h;
  if (rs->pile.frozen_for_unopened && !e->team_opened[e->team_of[p]]) h |= 1u << FREEZE_UNOPENED;
  if (rs->pile.frozen_until_taken && !e->took_pile_once[p]) h |= 1u << FREEZE_UNTIL_TAKEN;
  return h;
}

/* ---- the turn (turn.c) ---- */
void eng_start_turn(engine_t *e, int p);
/* The turn's draw or take must come before melding (turn.meld_before_draw). */
bool eng_may_meld(engine_t *e, const stmt_t *st);
/* RED3-NOT-LAID: no bonus card (a red three) in p's hand. Asked at nearly
 * every action, so the test is inline and only the verdict on the `held`
 * bonus cards a call (the call's saved registers cost more than the test). */
bool eng_red3_held(engine_t *e, const stmt_t *st, int p, unsigned held);
static inline bool eng_check_no_red3(engine_t *e, const stmt_t *st, int p) {
  unsigned held = eng_bonus_count(e->rs, &e->hand[p]);
  return held == 0 || eng_red3_held(e, st, p, held);
}
/* Whether p may pick up the foot now, decided here once and asked by
 * everyone who needs the answer: the `foot` line, the turn's first action,
 * the end of a meld or a discard, and the empty stock's must-take. */
typedef enum {
  FOOT_NONE,      /* no foot: none dealt, or picked up already */
  FOOT_HAND_HELD, /* foot.when: hand_empty, and p still holds cards */
  FOOT_UNOPENED,  /* foot.when: opened, and the team has not opened (nor
                     melded in this turn, judged when its melding is over) */
  FOOT_NOT_YET,   /* foot.after: the team has opened, the condition does not hold */
  FOOT_MAY,       /* p may pick it up */
  FOOT_MUST       /* the hand is used up (foot.when: hand_empty, or
                     going_out.foot): the foot is p's next action, and the
                     empty hand is not going out */
} foot_now_t;

/* FOOT_MUST: p's hand is used up and the foot is down. */
static inline bool eng_foot_waits(const engine_t *e, int p) {
  const ruleset_t *rs = e->rs;
  return e->has_foot[p] && e->hand[p].total == 0 &&
         (rs->foot.when == FOOT_WHEN_HAND_EMPTY || rs->going_out.foot);
}

/* foot.after: FOOT_MAY, or FOOT_NOT_YET while its condition does not hold
 * ("after completing his first canasta"); a call, off the common path. */
foot_now_t eng_foot_after(const engine_t *e, int p);

static inline foot_now_t eng_foot_now(const engine_t *e, int p) {
  const ruleset_t *rs = e->rs;
  if (!e->has_foot[p]) return FOOT_NONE;
  if (eng_foot_waits(e, p)) return FOOT_MUST;
  if (rs->foot.when == FOOT_WHEN_HAND_EMPTY) return FOOT_HAND_HELD;
  bool opened = e->team_opened[e->team_of[p]] || (p == e->current && e->first_meld.set);
  if (!opened) return FOOT_UNOPENED;
  return rs->foot.after.tests ? eng_foot_after(e, p) : FOOT_MAY;
}

/* ---- cards set aside (aside.c) ---- */
/* set_aside: the cards of the pile from `from` up to (not with) the top card
 * that are set aside go to aside_due, the others closing up in their order
 * (what is left joins the hand). */
void eng_pile_aside(engine_t *e, unsigned from);
/* How many cards under the pile's top card a take would set aside. */
unsigned eng_pile_asides(const engine_t *e);
bool eng_act_aside(engine_t *e, const stmt_t *st, int p);
/* SET-ASIDE: the turn ends (a discard, going out) with cards of the pile
 * taken still to state; the test inline, the verdict a call. */
bool eng_aside_missing(engine_t *e, const stmt_t *st, int p);
static inline bool eng_aside_stated(engine_t *e, const stmt_t *st, int p) {
  return e->aside_due.total == 0 || eng_aside_missing(e, st, p);
}

/* ---- melding (melding.c) ---- */
bool eng_act_meld(engine_t *e, const stmt_t *st, int p);
bool eng_act_add(engine_t *e, const stmt_t *st, int p);
bool eng_act_take(engine_t *e, const stmt_t *st, int p);
bool eng_act_merge(engine_t *e, const stmt_t *st, int p);
/* Cards joining a set, what eng_judge_join judges: what differs between
 * forming a set, adding, taking the pile onto a meld and merging is said
 * here, as data. */
typedef struct {
  int team;           /* the team whose set it is */
  const meld_t *onto; /* the team's set they join; NULL: they form a new set */
  mix_t cards;        /* the cards joining (a merge: from's naturals and wild cards) */
  const meld_t *from; /* a merge: the set joining whole, another of onto's rank */
  bool alone;         /* meld.group_alone: the cards are a set by themselves first */
} eng_join_t;

/* A merge of `from` into `into` as a join. */
eng_join_t eng_merge_join(const meld_t *into, const meld_t *from);

/* The join judgement (melding.c), the one answer to "may these cards join
 * this set?" for forming, adding, taking onto a meld, merging and the
 * what-if layer alike; fails into err. */
bool eng_judge_join(const engine_t *e, const eng_join_t *j, verdict_t *err, rule_uses_t *uses);
/* meld.max_cards_going_out: the verdict of a turn that ends without going
 * out after a meld went past meld.max_cards (e->past_cap, the line that
 * did it); false. */
bool eng_fail_past_cap(engine_t *e, int p);

/* ---- the opening and going out (going_out.c) ---- */
/* The team's opening minimum in this hand (opening.by_hand, else the bands
 * of its total), and the key that sets it. */
int eng_opening_need(const engine_t *e, int team);
rule_key_t eng_opening_rule(const engine_t *e, int team);
bool eng_judge_opening(engine_t *e, int p);
/* opening.judged: a group (meld, take C...) laid by p in the opening turn,
 * worth `value` toward the opening. */
void eng_note_opening_group(engine_t *e, const stmt_t *st, int p, long value);
/* After a meld, add or take: an empty hand goes out (or, melding first, may
 * end); one card left is noted for the discard (going_out.premature). */
bool eng_after_meld(engine_t *e, const stmt_t *st, int p);
bool eng_judge_going_out(engine_t *e, const stmt_t *st, int p);
/* The discard of a last card left while the team lacked what going out
 * needs (going_out.premature: meld): the verdict at the action that left it. */
bool eng_judge_last_discard(engine_t *e, int p);
/* An empty hand while melding first: the decision to end, by `ask` or `end`. */
bool eng_may_end_early(engine_t *e, const stmt_t *st, int p);
void eng_went_out(engine_t *e, int p);

/* ---- the bonus packets (bonus.c) ---- */
/* bonus.packets: a `talon` setup line, the next packet set aside. */
bool eng_deal_talon(engine_t *e, const stmt_t *st);
/* DEAL: every packet set aside at the end of the setup. */
bool eng_talons_dealt(engine_t *e, unsigned line, unsigned col, const char *text);
/* bonus.when: after_discard: p's discard of the turn that made the team's
 * initial meld leaves a packet due, taken by p's `talon` right after it; a
 * discard that empties p's hand then is no going out. */
bool eng_bonus_waits(const engine_t *e, int p);
void eng_bonus_after_discard(engine_t *e, int p);
/* Any statement but the `talon` due passes the packet (never taken later),
 * unless the hand it would fill is empty: BONUS-PACKET. */
bool eng_bonus_pass(engine_t *e, const stmt_t *st, int p);
bool eng_act_talon(engine_t *e, const stmt_t *st, int p);
/* The packets as the table shows them (eng_view). */
void eng_bonus_view(const engine_t *e, eng_packets_t *out);
/* BONUS-PACKET: `talon` by a player not to act and owed no packet. */
bool eng_bonus_not_due(engine_t *e, const stmt_t *st, int p);

/* ---- special hands (special.c) ---- */
bool eng_act_show(engine_t *e, const stmt_t *st, int p);
/* What was legal instead of a SPECIAL-HAND `show` by p (eng_instead). */
void eng_special_instead(const engine_t *e, int p, char *out, size_t len);

#endif
