/* stmt_same.h — do two readings of one line agree? Used by the reader's unit
 * test and the record fuzzer to hold the reader's hot path (cgr_fast.c) to
 * the grammar (cgr_grammar.c): the same result, statement, words, columns,
 * and for a malformed line the same position and message. Header-only: both
 * include it. */
#ifndef STMT_SAME_H
#define STMT_SAME_H

#include <string.h>

#include "cgr.h"
#include "statement.h"

static inline int words_differ(word_t a, word_t b) {
  if (!a.s || !b.s) return a.s != b.s;
  return a.col != b.col || strcmp(a.s, b.s) != 0;
}

static inline int cards_differ(const stmt_t *a, const stmt_t *b) {
  if (a->ncards != b->ncards) return 1;
  for (unsigned i = 0; i < a->ncards; i++)
    if (a->cards[i] != b->cards[i] || a->card_cols[i] != b->card_cols[i]) return 1;
  return 0;
}

static inline int scores_differ(const stmt_t *a, const stmt_t *b) {
  if (a->nscores != b->nscores) return 1;
  for (unsigned i = 0; i < a->nscores; i++)
    if (words_differ(a->score_team[i], b->score_team[i]) ||
        words_differ(a->score_word[i], b->score_word[i]) || a->score_value[i] != b->score_value[i])
      return 1;
  return 0;
}

/* The fields a statement of this kind carries (others are left over from
 * earlier lines and mean nothing). */
static inline const char *kind_fields_differ(const stmt_t *a, const stmt_t *b) {
  switch (a->kind) {
    case ST_ACTION:
      if (a->verb != b->verb || words_differ(a->verb_word, b->verb_word)) return "verb";
      if (a->verb == V_ADD && (a->ref_rank != b->ref_rank || a->ref_index != b->ref_index ||
                               words_differ(a->ref_word, b->ref_word)))
        return "meld reference";
      if (a->verb == V_MERGE && (a->ref_index != b->ref_index || a->ref2_index != b->ref2_index ||
                                 words_differ(a->ref_word, b->ref_word) ||
                                 words_differ(a->ref2_word, b->ref2_word)))
        return "meld references";
      return cards_differ(a, b) ? "cards" : NULL;
    case ST_DEAL: case ST_FOOT: case ST_DEALER:
      if (words_differ(a->name, b->name)) return "name";
      return a->kind != ST_DEALER && cards_differ(a, b) ? "cards" : NULL;
    case ST_STOCK: case ST_PILE: case ST_TALON: return cards_differ(a, b) ? "cards" : NULL;
    case ST_HAND: case ST_CUT: case ST_CGR:
      return a->number != b->number || words_differ(a->value, b->value) ? "number" : NULL;
    case ST_SCORE: return scores_differ(a, b) ? "scores" : NULL;
    case ST_VARIANT: return words_differ(a->name, b->name) ? "name" : NULL;
    case ST_PLAYER: case ST_TAG: case ST_MATCH:
      if (words_differ(a->name, b->name) || words_differ(a->value, b->value)) return "name";
      return a->kind == ST_MATCH && a->number != b->number ? "number" : NULL;
    case ST_EXPECT:
      return a->expect != b->expect || a->expect_code != b->expect_code ||
                     a->expect_line != b->expect_line || a->expect_col != b->expect_col
                 ? "expectation" : NULL;
  }
  return NULL;
}

/* NULL when the two readings agree, else what differs. */
static inline const char *stmt_differs(int rc_a, const stmt_t *a, const stmt_error_t *ea,
                                       int rc_b, const stmt_t *b, const stmt_error_t *eb) {
  if (rc_a != rc_b) return "result";
  if (rc_a < 0)
    return ea->line != eb->line || ea->col != eb->col || ea->starts_record != eb->starts_record ||
                   ea->comment != eb->comment || strcmp(ea->message, eb->message) != 0
               ? "error" : NULL;
  if (rc_a == 0) return NULL;
  if (a->kind != b->kind || a->line != b->line || strcmp(a->text, b->text) != 0) return "kind";
  if (words_differ(a->key, b->key)) return "first word";
  return kind_fields_differ(a, b);
}

/* Reads one line with two readers (the hot path, the grammar alone): what
 * differs, or NULL. The errors are left in *ea and *eb for a message. */
static inline const char *readings_differ(cgr_reader_t *hot, cgr_reader_t *grammar,
                                          const char *line, size_t len, unsigned n,
                                          stmt_error_t *ea, stmt_error_t *eb) {
  const stmt_t *a = NULL, *b = NULL;
  memset(ea, 0, sizeof *ea);
  memset(eb, 0, sizeof *eb);
  int rc_a = cgr_take_line(hot, line, len, n, &a, ea);
  int rc_b = cgr_take_line(grammar, line, len, n, &b, eb);
  return stmt_differs(rc_a, a, ea, rc_b, b, eb);
}

#endif
