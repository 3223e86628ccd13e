#define _POSIX_C_SOURCE 200809L
#include "helpers.h"

#include <stdio.h>
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
