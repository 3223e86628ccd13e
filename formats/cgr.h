/* cgr.h — reader of Canasta Game Records, version 1 (docs/format.md).
 *
 * The reader streams: it holds one line at a time, so memory does not grow
 * with the size of the input. Each call to cgr_next() yields one statement
 * whose strings and arrays live in the reader until the next call. Every
 * token keeps its line and column (1-based, in characters). The only module
 * that sees PCRE2. */
#ifndef CGR_H
#define CGR_H

#include <stdbool.h>
#include <stdio.h>

#include "card.h"
#include "codes.h"

enum { CGR_MAX_LINE = 65536, CGR_MAX_CARDS = 1024, CGR_MAX_SCORES = 16 };

typedef enum {
  ST_CGR, ST_VARIANT, ST_PLAYER, ST_TAG, ST_MATCH, ST_HAND, ST_DEALER, ST_CUT, ST_DEAL,
  ST_FOOT, ST_STOCK, ST_PILE, ST_ACTION, ST_SCORE, ST_EXPECT
} cgr_kind_t;

typedef enum {
  V_DRAW, V_TAKE, V_MELD, V_ADD, V_RED3, V_FOOT, V_ASK, V_YES, V_NO, V_DISCARD, V_END,
  V_COUNT
} cgr_verb_t;

typedef enum { EXPECT_LEGAL, EXPECT_ILLEGAL, EXPECT_MALFORMED } cgr_expect_t;

/* A word of the line: its text (NUL-terminated copy) and column. */
typedef struct {
  const char *s;
  unsigned col;
} cgr_word_t;

typedef struct {
  cgr_kind_t kind;
  unsigned line;
  const char *text;        /* the whole line, for display */
  cgr_word_t key;          /* first word: keyword, or the actor of an action */
  cgr_word_t name;         /* variant/player/dealer/deal/foot name, tag key */
  cgr_word_t value;        /* player team, tag value, hand/cut number */
  long number;             /* cgr version, hand number, cut */
  cgr_verb_t verb;
  cgr_word_t verb_word;
  /* add: the meld reference, a rank (ref_rank >= 0) or #N (ref_index >= 1) */
  int ref_rank, ref_index;
  cgr_word_t ref_word;
  /* cards of deal/foot/stock/pile/actions, with their columns */
  unsigned ncards;
  card_t cards[CGR_MAX_CARDS];
  unsigned card_cols[CGR_MAX_CARDS];
  /* score TEAM N ... */
  unsigned nscores;
  cgr_word_t score_team[CGR_MAX_SCORES];
  cgr_word_t score_word[CGR_MAX_SCORES];
  long score_value[CGR_MAX_SCORES];
  /* # expect: ... */
  cgr_expect_t expect;
  code_t expect_code;
  unsigned expect_line, expect_col;
} cgr_stmt_t;

typedef struct {
  unsigned line, col;
  char message[256];
  bool starts_record; /* the bad line is a `cgr` line: a new record begins */
} cgr_error_t;

typedef struct cgr_reader cgr_reader_t;

/* Reads from f (not closed by the reader). NULL when out of memory. */
cgr_reader_t *cgr_open(FILE *f);
/* A reader of single lines given with cgr_parse_line (no file). */
cgr_reader_t *cgr_open_lines(void);
void cgr_close(cgr_reader_t *r);

/* 1: a statement in *st; 0: end of input; -1: the line is malformed, *err
 * says where and what was expected, and reading may go on with the next line.
 * Blank and comment lines are skipped. */
int cgr_next(cgr_reader_t *r, const cgr_stmt_t **st, cgr_error_t *err);
/* Parses one line given by the caller as line number `line`; same results. */
int cgr_parse_line(cgr_reader_t *r, const char *text, size_t len, unsigned line,
                   const cgr_stmt_t **st, cgr_error_t *err);

const char *cgr_verb_name(cgr_verb_t v);
/* The last line read, as text, and its number. */
const char *cgr_line_text(const cgr_reader_t *r);
unsigned cgr_line_number(const cgr_reader_t *r);
/* Bytes read so far (for throughput figures). */
unsigned long long cgr_bytes_read(const cgr_reader_t *r);

#endif
