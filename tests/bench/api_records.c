/* api_records.c — the embedding API's cost per record (tests/bench.sh): the
 * records of a file (each from its `cgr` line), held in memory, judged one
 * by one through referee.h, two ways: a new game for each record (new, the
 * lines fed one by one, finish, free), and one game reused
 * (referee_game_record, which resets it). Prints the CPU microseconds per
 * record of each, and the verdicts that were not legal (there should be
 * none in generated games).
 * Usage: api_records FILE RULESET */
#include <referee.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *buf = NULL;
  size_t cap = 0, n = 0, got;
  do {
    if (n == cap && !(buf = realloc(buf, cap = cap ? 2 * cap : 1 << 20))) return NULL;
    got = fread(buf + n, 1, cap - n, f);
    n += got;
  } while (got);
  fclose(f);
  *len = n;
  return buf;
}

/* The end of the record that starts at p: the next line that starts with "cgr ". */
static const char *record_end(const char *p, const char *end) {
  for (const char *q = memchr(p, '\n', (size_t)(end - p)); q; q = memchr(q + 1, '\n', (size_t)(end - q - 1)))
    if (q + 1 >= end || strncmp(q + 1, "cgr ", 4) == 0) return q + 1;
  return end;
}

/* A new game for each record, its lines fed one at a time. */
static int one_game_each(const referee_rules_t *rules, const char *p, const char *end) {
  char line[70000];
  int bad = 0;
  for (const char *rec_end; p < end; p = rec_end) {
    rec_end = record_end(p, end);
    referee_game_t *g = referee_game_new(rules);
    for (const char *q = p, *nl; q < rec_end; q = nl + 1) {
      nl = memchr(q, '\n', (size_t)(rec_end - q));
      if (!nl) nl = rec_end;
      size_t n = (size_t)(nl - q) < sizeof line - 1 ? (size_t)(nl - q) : sizeof line - 1;
      memcpy(line, q, n);
      line[n] = '\0';
      referee_game_line(g, line);
    }
    bad += referee_game_finish(g) != REFEREE_LEGAL;
    referee_game_free(g);
  }
  return bad;
}

/* One game, reset for each record by referee_game_record. */
static int one_game(const referee_rules_t *rules, const char *p, const char *end) {
  referee_game_t *g = referee_game_new(rules);
  int bad = 0;
  for (const char *rec_end; p < end; p = rec_end) {
    rec_end = record_end(p, end);
    bad += referee_game_record(g, p, (size_t)(rec_end - p)) != REFEREE_LEGAL;
  }
  referee_game_free(g);
  return bad;
}

int main(int argc, char **argv) {
  size_t len = 0;
  char *buf = argc == 3 ? slurp(argv[1], &len) : NULL;
  referee_rules_t *rules = argc == 3 ? referee_rules_load(argv[2], NULL, 0) : NULL;
  if (!buf || !rules) {
    fprintf(stderr, "usage: api_records FILE RULESET\n");
    return 3;
  }
  int records = 0;
  for (const char *p = buf; p < buf + len; p = record_end(p, buf + len)) records++;
  clock_t t0 = clock();
  int bad_each = one_game_each(rules, buf, buf + len);
  clock_t t1 = clock();
  int bad_one = one_game(rules, buf, buf + len);
  clock_t t2 = clock();
  double us = 1e6 / CLOCKS_PER_SEC / (records ? records : 1);
  printf("%d records: a new game each %.1f us/record (%d not legal), one game reset %.1f us/record (%d not legal)\n",
         records, (double)(t1 - t0) * us, bad_each, (double)(t2 - t1) * us, bad_one);
  referee_rules_free(rules);
  free(buf);
  return bad_each || bad_one;
}
