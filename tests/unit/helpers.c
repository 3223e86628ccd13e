#define _POSIX_C_SOURCE 200809L
#include "helpers.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

static void collect(const record_t *r, void *ctx) {
  results_t *out = ctx;
  if (out->n == 8) return;
  int i = out->n++;
  out->v[i] = r->verdict;
  memcpy(out->total[i], r->total, sizeof out->total[i]);
  out->nhands[i] = r->nhands;
  if (r->nhands) out->last_hand[i] = r->hands[r->nhands - 1];
  out->winner[i] = r->winner;
}

void run_text(const char *text, results_t *out) {
  memset(out, 0, sizeof *out);
  FILE *f = fmemopen((void *)text, strlen(text), "r");
  game_t *g = game_new(NULL, collect, out);
  char why[64];
  run_stream(g, f, "t.cgr", why, sizeof why);
  game_free(g);
  fclose(f);
}

verdict_t judge(const char *text) {
  results_t r;
  run_text(text, &r);
  return r.v[0];
}

char *slurp(const char *rel) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", SOURCE_DIR, rel);
  FILE *f = fopen(path, "rb");
  cr_assert_not_null(f, "cannot open %s", path);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc((size_t)n + 1);
  buf[fread(buf, 1, (size_t)n, f)] = '\0';
  fclose(f);
  return buf;
}

const ruleset_t *builtin_rules(const char *name) {
  enum { CACHED = 8 };
  static ruleset_t cache[CACHED];
  static char names[CACHED][64];
  for (int i = 0; i < CACHED; i++) {
    if (strcmp(names[i], name) == 0) return &cache[i];
    if (!names[i][0]) {
      rs_error_t err;
      cr_assert(rs_load(&cache[i], name, &err), "%s: %s", name, err.message);
      snprintf(names[i], sizeof names[i], "%s", name);
      return &cache[i];
    }
  }
  cr_assert_fail("more than %d rulesets", CACHED);
  return NULL;
}
