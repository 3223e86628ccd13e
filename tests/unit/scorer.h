/* scorer.h — a second scorer for the tests, written from docs/rulesets.md
 * alone: it follows a record's cards line by line (deal, draw, take, meld,
 * add, merge, red3, foot, talon, show, discard) and scores each hand from the
 * ruleset's keys (special hands, sequences, wild canastas and the cards a
 * take sets aside included), without the engine (eng_score) or score.c.
 * test_properties.c holds the `score` lines of generated games, which the
 * engine wrote, against it; test_scorer_corpus.c those of every legal
 * record of the corpus. */
#ifndef SCORER_H
#define SCORER_H

#include <stddef.h>

#include "ruleset.h"

typedef struct {
  int hands;       /* `score` lines read */
  int compared;    /* team scores compared */
  int mismatches;  /* team scores that differ */
  char first[600]; /* the first difference, with the scorer's parts */
} scorer_result_t;

/* Reads the records of `text` (all judged by `rs`) and compares each team's
 * score on every `score` line with the scorer's. */
void scorer_check(const char *text, size_t len, const ruleset_t *rs, scorer_result_t *out);

#endif
