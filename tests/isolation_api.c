/* isolation_api < RECORDS — each record of standard input fed as one game
 * through the embedding API, a line at a time, as a game server would; the
 * records are parted by a line holding a form feed alone. Prints a line a
 * record, "STATUS CODE LINE COL": the verdict after referee_game_finish (CODE
 * "-" when there is none). tests/isolation.py holds these against the
 * command's verdicts. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "referee.h"

static const char *const status_name[] = {"legal", "illegal", "malformed", "ruleset",
                                          "no-memory"};

static void verdict(referee_game_t *g) {
  referee_game_finish(g);
  referee_verdict_t v = referee_game_verdict(g);
  printf("%s %s %u %u\n", status_name[v.status], v.code ? v.code : "-", v.line, v.col);
  referee_game_free(g);
}

int main(void) {
  referee_game_t *g = NULL;
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  while ((n = getline(&line, &cap, stdin)) >= 0) {
    if (n > 0 && line[n - 1] == '\n') line[--n] = '\0';
    if (n == 1 && line[0] == '\f') {
      if (g) verdict(g);
      g = NULL;
      continue;
    }
    if (!g && !(g = referee_game_new(NULL))) return 1;
    referee_game_line(g, line);
  }
  if (g) verdict(g);
  free(line);
  return 0;
}
