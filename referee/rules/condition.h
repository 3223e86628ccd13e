/* condition.h — conditions on the state of a game, as data.
 *
 * A rule that holds only at some moment of the game (a discard banned until
 * the team has a canasta, red threes that count for a team with two
 * canastas, going out that needs a canasta of sevens) carries a condition
 * from this one vocabulary, instead of a key of its own. A condition is a
 * conjunction of tests, each a range on one fact of the game: how many melds
 * or canastas the team has (of a kind, of a rank), whether it has opened or
 * has what going out needs, the player's turn, the stock, the hand, the
 * foot. The engine supplies the facts (cond_facts_t); cond_holds judges.
 * docs/rulesets.md ("Conditions") gives the grammar; ruleset_load.c reads it
 * with the names and ranges below. */
#ifndef CONDITION_H
#define CONDITION_H

#include <stdbool.h>
#include <stddef.h>

#include "card.h"

/* The facts, each once: its id, its name in a ruleset and whether it is a
 * yes-or-no fact (0 or 1, written true or false), in the order they are
 * written back (cond_format). A new fact is a line here, its count in
 * eng_facts (engine/facts.c) and its row in docs/rulesets.md. */
#define COND_FACT_LIST(X)                                                                     \
  X(COND_MELDS, "melds", false)         /* the team's melds on the table */                   \
  X(COND_CANASTAS, "canastas", false)   /* its canastas, as going out counts them; by rank */ \
  X(COND_PURE, "pure", false)           /* its pure canastas */                               \
  X(COND_IMPURE, "impure", false)       /* its impure canastas */                             \
  X(COND_WILD, "wild", false)           /* its canastas of wild cards */                      \
  X(COND_OPENED, "opened", true)        /* the team has opened */                             \
  X(COND_BOOKS, "books", true)          /* the team has what going out needs */               \
  X(COND_TURN, "turn", false)           /* the player's turn in this hand, from 1 */          \
  X(COND_STOCK, "stock", false)         /* cards in the stock */                              \
  X(COND_HAND, "hand", false)           /* cards in the player's hand */                      \
  X(COND_FOOT, "foot", true)            /* the player has picked up the foot */

typedef enum {
#define COND_ID(id, name, yes_no) id,
  COND_FACT_LIST(COND_ID)
#undef COND_ID
  COND_FACTS
} cond_fact_t;

enum { COND_MAX = 100000 }; /* the largest number a test names */

/* A test on fact f is in `tests` (bit f): the fact lies in lo[f]..hi[f].
 * `ranked`: COND_CANASTAS counts the canastas of `rank` only. No
 * test: the condition always holds; all zeros is that condition, {}. */
typedef struct {
  unsigned tests;
  int lo[COND_FACTS], hi[COND_FACTS];
  bool ranked; /* `rank` narrows COND_CANASTAS */
  int rank;
} cond_t;

/* What the engine knows when a condition is asked, for one team and (the
 * player facts) one player. */
typedef struct {
  int n[COND_FACTS];
  int canastas_of[RANK_COUNT]; /* the team's canastas by rank */
} cond_facts_t;

/* Whether every test of c holds of f. */
bool cond_holds(const cond_t *c, const cond_facts_t *f);

/* Whether c tests fact f (the engine computes only the facts asked). */
bool cond_tests(const cond_t *c, cond_fact_t f);

/* The facts' names, "melds, canastas, ...", for a message. */
#define COND_JOIN(id, name, yes_no) ", " name
#define COND_FACT_NAMES (&(COND_FACT_LIST(COND_JOIN))[2]) /* past the first ", " */

/* The fact named NAME ("canastas"), or -1; whether it is a yes-or-no fact. */
int cond_fact_parse(const char *name);
bool cond_fact_is_bool(cond_fact_t f);

/* Adds to c the test f in lo..hi (a range narrowed when f is tested already). */
void cond_add(cond_t *c, cond_fact_t f, int lo, int hi);

/* c written back in the ruleset's words, "{canastas: {rank: 7, min: 1}}",
 * for a verdict's sentence and the docs' examples. */
void cond_format(const cond_t *c, char *out, size_t len);

#endif
