/* statement.h — the core's input: one statement of a record, already read.
 *
 * A statement is what a record line means: a header line (variant, player,
 * tag, match), a hand's setup (hand, dealer, cut, deal, foot, stock, pile, talon),
 * an action by a player, a claimed score, or an expectation. Readers of a
 * format (formats/cgr.c reads CGR 1 text) fill these structs; the game driver
 * and the engine judge them and know nothing of the text they came from.
 * Every word keeps its line and column (1-based, in characters), so a verdict
 * always points at what the player wrote. */
#ifndef STATEMENT_H
#define STATEMENT_H

#include <stdbool.h>
#include <stddef.h>

#include "card.h"
#include "codes.h"

enum { STMT_MAX_CARDS = 1024, STMT_MAX_SCORES = 16 };

typedef enum {
  ST_CGR, ST_VARIANT, ST_PLAYER, ST_TAG, ST_MATCH, ST_HAND, ST_DEALER, ST_CUT, ST_DEAL,
  ST_FOOT, ST_STOCK, ST_PILE, ST_TALON, ST_ACTION, ST_SCORE, ST_EXPECT
} stmt_kind_t;

typedef enum {
#define VERB(id, spelling, min, max, ref, who, phases, handler) V_##id,
#include "verbs.def"
#undef VERB
  V_COUNT
} verb_t;

typedef enum { EXPECT_LEGAL, EXPECT_ILLEGAL, EXPECT_MALFORMED } expect_t;

/* A word of the line: its text (NUL-terminated) and column. */
typedef struct {
  const char *s;
  unsigned col;
} word_t;

typedef struct {
  stmt_kind_t kind;
  unsigned line;
  const char *text;        /* the whole line, for display */
  word_t key;              /* first word: keyword, or the actor of an action */
  word_t name;             /* variant/player/dealer/deal/foot name, tag key */
  word_t value;            /* player team, tag value, hand/cut number */
  long number;             /* cgr version, hand number, cut */
  verb_t verb;
  word_t verb_word;
  /* add: the meld reference, a rank (ref_rank >= 0) or #N (ref_index >= 1);
   * merge: #N in ref_index, and its second meld #M in ref2_index */
  int ref_rank, ref_index, ref2_index;
  word_t ref_word, ref2_word;
  /* cards of deal/foot/stock/pile/talon/actions, with their columns */
  unsigned ncards;
  card_t cards[STMT_MAX_CARDS];
  unsigned card_cols[STMT_MAX_CARDS];
  /* score TEAM N ... */
  unsigned nscores;
  word_t score_team[STMT_MAX_SCORES];
  word_t score_word[STMT_MAX_SCORES];
  long score_value[STMT_MAX_SCORES];
  /* # expect: ... */
  expect_t expect;
  code_t expect_code;
  unsigned expect_line, expect_col;
} stmt_t;

/* A line that could not be read as a statement: where, and what was expected. */
typedef struct {
  unsigned line, col;
  char message[256];
  bool starts_record; /* the bad line begins a record: a new record starts there */
  bool comment;       /* the bad line is a comment line (it begins with "#"): an
                         expectation, or bytes that are not UTF-8 */
} stmt_error_t;

/* The statement keywords (docs/format.md, Grammar: keyword), which are no
 * player's name, and the statement each begins: the one table both readers
 * read. Ended by a NULL word. */
typedef struct {
  const char *word;
  size_t len;
  stmt_kind_t kind;
} stmt_keyword_t;
extern const stmt_keyword_t stmt_keywords[];

/* The kind of statement the keyword s[0..n) begins, or -1 when s is no
 * keyword. */
int stmt_keyword(const char *s, size_t n);

/* Who may act with a verb, and when besides the turn's own course
 * (verbs.def says what each means). */
typedef enum { WHO_TURN, WHO_ANYONE, WHO_SEATS, WHO_OWED, WHO_TEAM, WHO_BONUS } verb_who_t;
enum { PHASE_ASKED = 1, PHASE_OWED = 2, PHASE_OVER = 4 };

/* A verb's row of verbs.def: how players write it, the cards it takes,
 * whether a meld reference comes first, who may act and when. */
typedef struct {
  const char *name;
  size_t len;
  unsigned min_cards, max_cards;
  unsigned ref; /* meld references before the cards: 0, 1 (a rank or #N), 2 (#N #M) */
  verb_who_t who;
  unsigned phases;
} verb_info_t;
extern const verb_info_t verb_table[V_COUNT];

/* The verb as players write it ("draw", "meld", ...). */
const char *verb_name(verb_t v);
/* Whether verb v takes n cards. */
bool verb_cards_fit(verb_t v, unsigned n);
/* The verbs as players write them, in the table's order, separated by ", "
 * ("draw, take, ..."): for messages. */
const char *verb_list(void);

#endif
