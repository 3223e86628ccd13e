/* helpers.h — running record texts through the referee inside unit tests. */
#ifndef HELPERS_H
#define HELPERS_H

#include "game.h"

/* The verdicts of the records of `text` (at most 8), in order. */
typedef struct {
  int n;
  verdict_t v[8];
  long total[8][MAX_TEAMS];
  int nhands[8];
  hand_score_t last_hand[8];
  int winner[8];
} results_t;

void run_text(const char *text, results_t *out);
/* The contents of a file of the source tree (malloc'd). */
char *slurp(const char *relative_path);

/* A shipped ruleset by name, loaded once (the test fails if it cannot be). */
const ruleset_t *builtin_rules(const char *name);

/* The verdict of a one-record text. */
verdict_t judge(const char *text);

#endif
