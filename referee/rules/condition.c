/* condition.c — conditions on the state of a game (condition.h). */
#include "condition.h"

#include <stdio.h>
#include <string.h>

static const char *const names[COND_FACTS] = {
#define COND_NAME(id, name, yes_no) [id] = name,
    COND_FACT_LIST(COND_NAME)
#undef COND_NAME
};

bool cond_tests(const cond_t *c, cond_fact_t f) { return (c->tests >> f) & 1u; }

static int fact_of(const cond_t *c, const cond_facts_t *f, int k) {
  if (k == COND_CANASTAS && c->ranked && c->rank >= 0 && c->rank < RANK_COUNT) return f->canastas_of[c->rank];
  return f->n[k];
}

bool cond_holds(const cond_t *c, const cond_facts_t *f) {
  for (int k = 0; k < COND_FACTS; k++) {
    if (!cond_tests(c, (cond_fact_t)k)) continue;
    int v = fact_of(c, f, k);
    if (v < c->lo[k] || v > c->hi[k]) return false;
  }
  return true;
}

int cond_fact_parse(const char *name) {
  for (int k = 0; k < COND_FACTS; k++)
    if (strcmp(name, names[k]) == 0) return k;
  return -1;
}

bool cond_fact_is_bool(cond_fact_t f) {
  static const bool yes_no[COND_FACTS] = {
#define COND_YES_NO(id, name, yes_no) [id] = yes_no,
      COND_FACT_LIST(COND_YES_NO)
#undef COND_YES_NO
  };
  return f < COND_FACTS && yes_no[f];
}

void cond_add(cond_t *c, cond_fact_t f, int lo, int hi) {
  if (!cond_tests(c, f)) {
    c->tests |= 1u << f;
    c->lo[f] = 0;
    c->hi[f] = COND_MAX;
  }
  if (lo > c->lo[f]) c->lo[f] = lo;
  if (hi < c->hi[f]) c->hi[f] = hi;
}

/* One test in words: "books: true", "melds: 2" (at least), "stock: {max: 0}",
 * "canastas: {rank: 7, min: 1}". */
static size_t format_test(const cond_t *c, int k, char *out, size_t len) {
  int lo = c->lo[k], hi = c->hi[k];
  bool ranked = k == COND_CANASTAS && c->ranked;
  if (cond_fact_is_bool((cond_fact_t)k))
    return (size_t)snprintf(out, len, "%s: %s", names[k], lo >= 1 ? "true" : "false");
  if (!ranked && hi >= COND_MAX) return (size_t)snprintf(out, len, "%s: %d", names[k], lo);
  size_t n = (size_t)snprintf(out, len, "%s: {", names[k]);
  const char *sep = "";
  if (ranked && n < len)
    n += (size_t)snprintf(out + n, len - n, "rank: %s", card_rank_name(c->rank)), sep = ", ";
  bool implied = ranked && lo == 1 && hi >= COND_MAX; /* {rank: R} alone: at least one */
  if (lo > 0 && !implied && n < len)
    n += (size_t)snprintf(out + n, len - n, "%smin: %d", sep, lo), sep = ", ";
  if (hi < COND_MAX && n < len) n += (size_t)snprintf(out + n, len - n, "%smax: %d", sep, hi);
  if (n < len) n += (size_t)snprintf(out + n, len - n, "}");
  return n;
}

void cond_format(const cond_t *c, char *out, size_t len) {
  size_t n = (size_t)snprintf(out, len, "{");
  const char *sep = "";
  for (int k = 0; k < COND_FACTS && n < len; k++) {
    if (!cond_tests(c, (cond_fact_t)k)) continue;
    n += (size_t)snprintf(out + n, len - n, "%s", sep);
    if (n < len) n += format_test(c, k, out + n, len - n);
    sep = ", ";
  }
  if (n < len) snprintf(out + n, len - n, "}");
}
