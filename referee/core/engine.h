/* engine.h — the state of one hand and the rules applied to it.
 *
 * The engine replays one hand: its setup (deals, stock, pile), then actions
 * one at a time. Each call returns false at the first illegal action, with
 * the verdict in engine_t.err; after that the hand is dead and further calls
 * are refused. The engine knows mechanisms only; every number and switch
 * comes from the ruleset (no variant name appears here).
 *
 * Invariant (card conservation): every card of the packs is in exactly one of
 * the stock, the pile, a hand, a meld or a team's red threes, and the counts
 * of each kind always add up to the packs' copies. */
#ifndef ENGINE_H
#define ENGINE_H

#include <stdbool.h>

#include "card.h"
#include "statement.h"
#include "ruleset.h"
#include "uses.h"
#include "verdict.h"

enum { MAX_MELDS = 192, MAX_CARDS = 8 * 56 };

/* A meld is a set (cards of one rank, plus wild cards) or, where the ruleset
 * has them, a sequence (consecutive ranks of one suit, naturals only). */
typedef struct {
  card_counts_t cards;
  int team;
  int rank;            /* a set's rank (RANK_3 for black threes); -1 for a sequence */
  int suit;            /* a sequence's suit; -1 for a set */
  unsigned ranks;      /* a sequence's ranks, one bit each */
  unsigned naturals, wilds;
  bool hidden;         /* a canasta laid from the hand in one meld (canasta.hidden_factor) */
  bool from_this_turn; /* created during the current turn */
  int open_value;      /* value counted toward the opening this turn */
} meld_t;

typedef enum { PH_START, PH_PLAYED, PH_DONE } phase_t;
typedef enum { ASK_NOT_ASKED, ASK_WAITING, ASK_YES, ASK_NO } ask_t;

/* A statement kept for a judgment made later (the opening minimum is judged
 * when the turn's melding is over but reported at its first meld). */
typedef struct {
  bool set;
  unsigned line, col;
  char text[VERDICT_TEXT];
} mark_t;

typedef struct {
  const ruleset_t *rs;
  const rs_seat_t *seat;
  int nplayers, nteams;
  int team_of[MAX_PLAYERS];
  const char *player_name[MAX_PLAYERS];
  long team_total[MAX_TEAMS];   /* totals before this hand: the opening bands */

  /* cards */
  card_counts_t packs;          /* every card of the game */
  card_counts_t hand[MAX_PLAYERS];
  card_counts_t stock;
  unsigned stock_len, stock_pos;
  bool stock_known;
  unsigned npile, pile_freezers;
  bool cover_frozen;            /* pile.cover_freezes: frozen by its covered upcard */
  bool wild_discarded;          /* pile.wild_discard_naturals: a wild was discarded */
  int cut;                      /* the `cut` line's number, -1 without one */
  card_counts_t foot[MAX_PLAYERS]; /* feet not yet picked up */
  bool has_foot[MAX_PLAYERS];
  int nmelds;
  int red_threes[MAX_TEAMS];
  card_counts_t laid_red3;      /* every red three on the table */
  bool team_opened[MAX_TEAMS];
  bool player_melded[MAX_PLAYERS];

  /* setup */
  bool dealt[MAX_PLAYERS];
  bool pile_given, setup_done;
  int dealer;

  /* turn */
  int current;
  phase_t phase;
  bool drawn;                   /* the turn's draw or take is done */
  bool pregame;                 /* before the first player's first turn action */
  int pregame_seat;             /* the last seat that laid red threes before it */
  int owed_player, owed;        /* red-three replacements due */
  int pile_red3;                /* red threes from a taken pile still to lay */
  bool pile_red3_laid;          /* one was laid this turn (not replaced) */
  ask_t ask;
  bool melded_before_turn;
  bool opened_before_turn;
  card_counts_t own;            /* cards that count toward the opening */
  bool took_pile;
  bool replaced;                /* a red-three replacement was drawn this turn */
  bool empty_hand;              /* emptied while melding first: may end, or draw on */
  mark_t first_meld, black3_meld;

  /* end */
  bool over;
  bool stock_out;               /* ended by the empty stock (end.stock_empty: at_once) */
  int out_player;
  bool concealed;

  bool dead;
  rule_uses_t uses;             /* the rules this hand relied on (uses.h) */

  /* Large buffers last: eng_begin clears only what comes before them, and the
   * counts above (stock_len, npile, nmelds) say how much of each is in use. */
  verdict_t err;
  meld_t melds[MAX_MELDS];
  card_t stock_order[MAX_CARDS];
  card_t pile[MAX_CARDS];
} engine_t;

/* Starts a hand. team_total[] are the teams' totals before it. The names are
 * borrowed and must outlive the hand. */
void eng_begin(engine_t *e, const ruleset_t *rs, const rs_seat_t *seat, int nplayers,
               const int team_of[], int nteams, const char *const names[],
               const long team_total[]);

/* Setup statements, in any order, before the first action. */
bool eng_dealer(engine_t *e, const stmt_t *st, int player);
bool eng_deal(engine_t *e, const stmt_t *st, int player);
bool eng_stock(engine_t *e, const stmt_t *st);
bool eng_pile(engine_t *e, const stmt_t *st);
bool eng_foot(engine_t *e, const stmt_t *st, int player);
bool eng_cut(engine_t *e, const stmt_t *st);

/* One action by `actor` (a seat index). */
bool eng_action(engine_t *e, const stmt_t *st, int actor);

/* Ends the setup: checks that every seat was dealt and that the cards add up
 * to the packs. Called before the first action (or by eng_action itself). */
bool eng_setup_done(engine_t *e, unsigned line, unsigned col, const char *text);

/* The hand has no more statements: a new hand, a score line or the end of
 * the record follows at `line` (text may be NULL). False with HAND-UNFINISHED
 * if play must go on. */
bool eng_finish(engine_t *e, unsigned line, const char *text);

/* Copies a hand's state (only the parts of the buffers in use): a caller that
 * tries an action on a copy keeps the original when the action is illegal. */
void eng_copy(engine_t *dst, const engine_t *src);

/* Card conservation: every card of the packs is in exactly one place. */
bool eng_conserved(const engine_t *e);

/* Notes the scoring rules the hand's score h (from eng_score) relies on. */
void eng_note_score_uses(engine_t *e, const hand_score_t *h);

/* The hand's score by team; the hand must be over. */
void eng_score(const engine_t *e, hand_score_t *out);

#endif
