/* legal_lines < RECORDS — before each line of the records on standard input,
 * every legal next action as the C library lists it (referee_game_legal), a
 * line each after "@N COUNT" (N: the line about to be fed); the records are
 * judged one after another in one game, reset at each `cgr` line. The npm
 * package's test (referee/js/test/legal.test.js) prints the same from the
 * WebAssembly build and compares. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee.h"

static void list(referee_game_t *g, unsigned n) {
  int count = referee_game_legal(g, NULL, 0, 0);
  printf("@%u %d\n", n, count);
  if (count <= 0) return;
  referee_legal_t *out = malloc((size_t)count * sizeof *out);
  if (!out) exit(3);
  int got = referee_game_legal(g, out, count, 0);
  for (int i = 0; i < got && i < count; i++) printf("%s\n", out[i].line);
  free(out);
}

int main(void) {
  referee_game_t *g = referee_game_new(NULL);
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  unsigned n = 0;
  if (!g) return 3;
  while ((len = getline(&line, &cap, stdin)) >= 0) {
    if (len > 0 && line[len - 1] == '\n') line[--len] = '\0';
    n++;
    if (strncmp(line, "cgr ", 4) == 0) {
      referee_game_finish(g);
      referee_game_reset_at(g, n);
    }
    list(g, n);
    referee_game_line(g, line);
  }
  free(line);
  referee_game_free(g);
  return 0;
}
