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

/* The verdict of a one-record text. */
verdict_t judge(const char *text);

#endif
