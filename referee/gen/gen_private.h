/* gen_private.h — the generator's state, shared by gen.c (deals, hands,
 * games, the text written) and gen_player.c (the players' moves). */
#ifndef GEN_PRIVATE_H
#define GEN_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>

#include "cgr.h"
#include "engine.h"
#include "gen.h"
#include "ruleset.h"

enum { MAX_CANDS = 96, CAND_TEXT = 640, CAND_CARDS = 160, HAND_ACTIONS = 4000, REDEALS = 50, LEVELS = 3 };

typedef struct {
  char *s;
  size_t len, cap;
} text_t;

typedef struct {
  const ruleset_t *rs;
  ruleset_t rules;
  const rs_seat_t *seat;
  const gen_options_t *opt;
  int np, nteams;
  int team_of[MAX_PLAYERS];
  const char *names[MAX_PLAYERS];
  char team[MAX_TEAMS][16];
  uint64_t rng;
  cgr_reader_t *rd;
  engine_t *e, *tmp, *snap, *undo;
  eng_view_t view;      /* of e, as gen_vw() last read it */
  bool view_ok;         /* view is e's as it stands (every change of e clears it) */
  long total[MAX_TEAMS];
  text_t hand;          /* the lines of the hand being played */
  unsigned line;        /* the number the next line will have */
  int level;
  bool no_memory;       /* out of memory: the run ends with status 3 */
  bool emptied_by_add;  /* the last card-moving action was an add that emptied the hand */
  unsigned stock_dealt; /* the stock as the hand's deal left it (gen_player.c's helping) */
  gen_stats_t *stats;
  char *why;
  size_t why_len;
} gen_t;

uint64_t gen_next_random(gen_t *g);
/* A number in 0..n-1; a chance of pct in 100. */
int gen_rnd(gen_t *g, int n);
bool gen_chance(gen_t *g, int pct);
/* Appends " C1 C2 ..." to buf. */
void gen_cards_text(char *buf, size_t size, const card_t *c, int n);
/* The cards of a hand, copies repeated, in card order. */
int gen_hand_cards(const card_counts_t *h, card_t *out, int max);
bool gen_is_wild(const gen_t *g, card_t c);
/* The hand being played, as the engine shows it (read again after each
 * change of g->e: an accepted action swaps it). */
const eng_view_t *gen_vw(gen_t *g);
/* The hand in play becomes a copy of `from` (a snapshot taken back). */
void gen_restore(gen_t *g, const engine_t *from);
/* Tries an action by `actor`, its words after the name (`meld 7S 7H 7D`);
 * written and kept only when the engine accepts it. */
bool gen_act(gen_t *g, int actor, const char *words);

/* dst becomes src, cut to fit size bytes (snprintf's "%s", without its cost:
 * the generator copies words at every candidate). */
void gen_copy_text(char *dst, size_t size, const char *src);

/* Parses "<p's name> text" and tries it on a copy of the hand (g->tmp):
 * whether the engine accepts it. Nothing is written. */
bool gen_try(gen_t *g, int p, const char *text);

/* gen_legal.c: the legal actions, ranked by the strategy. A candidate the
 * strategy wants: its words after the player (cards in card order), the
 * cards leaving the hand, its weight, and its key (a random share of the
 * weight: higher is tried first). */
typedef struct {
  char head[24];             /* "meld", "add #3": the words before the cards */
  char say[24];              /* how the line writes them, when not so ("add 7") */
  card_t cards[CAND_CARDS];  /* in card order */
  int n;
  int ncards;
  int weight;
  uint64_t key;
} cand_t;

typedef struct {
  cand_t c[MAX_CANDS];
  int n;
} cands_t;

void gen_cand_add(gen_t *g, cands_t *cs, int weight, int ncards, const char *verb,
                  const card_t *cards, int n);

/* What a choice asks: the verbs listed (LISTER_VERB bits), the cards p
 * keeps at least, the weight of a listed action the candidates do not name
 * (0: never tried, but when exploring), and the chance in 100 that one of
 * those goes first (exploring). */
typedef struct {
  unsigned verbs;
  int keep, others, explore;
} gen_ask_t;

/* Lists p's legal actions of ask->verbs and plays the first the engine
 * takes in the strategy's order; false when none was played. */
bool gen_choose(gen_t *g, int p, const gen_ask_t *ask, const cands_t *cs);
/* p's listed action of verb naming the n cards (in any order). */
bool gen_choose_verb(gen_t *g, int p, verb_t verb, const card_t *cards, int n);
/* Any of p's listed actions of verb, at random. */
bool gen_choose_any(gen_t *g, int p, verb_t verb);
/* Plays text by p (gen_act); with guard, taken back when it strands p with
 * a last card that cannot go out and no listed addition lays it. */
bool gen_play(gen_t *g, int p, const char *text, bool guard);

/* gen_goal.c: what p's team still lacks to go out (going_out.*), by kind. */
typedef struct {
  int any, pure, impure, wild, seqs;
  unsigned growing;   /* ranks of the team's sets not yet canastas */
  bool hoard;         /* the team must open from the hand (pile.opening_by_take: false) */
} needs_t;

needs_t gen_needs(gen_t *g, int p);
bool gen_needs_any(needs_t n);

/* What p keeps for it: while a sequence is lacking, the window of
 * sequence.max_cards ranks of one suit its hand and its team's sequences fill
 * best; while a pure canasta is lacking, the natural rank it holds most of. */
typedef struct {
  needs_t nd;
  int run_suit, run_lo, run_hi;  /* run_suit -1: no run kept */
  unsigned run_laid;             /* the window's ranks already on the table */
  int pure_rank;                 /* -1: none kept */
} goal_t;

goal_t gen_goal(gen_t *g, int p);
/* c is a card of the run kept, not yet laid. */
bool gen_goal_run_card(const gen_t *g, const goal_t *gl, card_t c);
/* c is kept: a card of the run, or a natural of the rank kept. */
bool gen_goal_wants(const gen_t *g, const goal_t *gl, card_t c);

/* The player other than p whose team is nearest to going out (its longest
 * pure set and sequence), if it is at least as near as p's; -1 for none. */
int gen_leader(gen_t *g, int p);

/* gen_risk.c: the melds that cost a penalty unfinished and the cards that
 * cost one held (meld.rank_rules, wild_meld.unfinished). */
/* A meld of rank r (with `wilds` wild cards) is started only when the team's
 * hands hold what makes it complete, where it costs a penalty unfinished. */
bool gen_risk_may_start(gen_t *g, int p, int r, int wilds);
/* The same for taking the pile with `top` (counted with the naturals), and
 * no take that brings a rank with a hold penalty far past it. */
bool gen_risk_may_take(gen_t *g, int p, card_t top);
bool gen_risk_may_start_wild_meld(gen_t *g, int p);
/* The team has an unfinished meld of wild cards that costs a penalty: its
 * wild cards go there, to no other meld. */
bool gen_risk_wild_kept(gen_t *g, int team);
/* The weight of an addition to m: above all others while m costs unfinished. */
int gen_risk_add_weight(gen_t *g, const meld_t *m, int weight);
/* c's discard weight where a penalty decides it (0: kept to finish a meld;
 * high: held, it reaches a hold penalty), -1 where none does. */
int gen_risk_discard(gen_t *g, int p, card_t c);

/* gen_player.c: one turn of the player to act, played again by more cautious
 * players while it gets stuck; false when no level found a way on. */
bool gen_play_turn(gen_t *g);

#endif
