/* The second scorer (scorer.h) over the corpus: every legal record whose
 * hands claim their scores (`score` lines, which the referee held against
 * its own count) is scored again by the tests' scorer, written from
 * docs/rulesets.md without the engine. The generated games (test_properties.c)
 * never show a special hand, take the pile onto a sequence in every way or
 * play every house ruleset of the corpus; the corpus does. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_corpus.h"
#include "ruleset.h"
#include "scorer.h"

typedef struct {
  int records, scored, hands, differ;
} tally_t;

/* the record's `variant` line's name, or NULL */
static const char *variant_of(const api_record_t *rec, char *buf, size_t len) {
  for (unsigned i = 0; i < rec->nlines; i++)
    if (sscanf(rec->lines[i], "variant %255s", buf) == 1 && strlen(buf) < len) return buf;
  return NULL;
}

static void score_again(const api_record_t *rec, void *ctx) {
  tally_t *t = ctx;
  char name[256];
  if (rec->status != REFEREE_LEGAL || !variant_of(rec, name, sizeof name)) return;
  t->records++;
  ruleset_t *rs = calloc(1, sizeof *rs);
  rs_error_t err;
  cr_assert(rs && rs_load(rs, name, &err), "%s: ruleset %s", rec->file, name);
  size_t len = 0;
  for (unsigned i = 0; i < rec->nlines; i++) len += strlen(rec->lines[i]) + 1;
  char *text = malloc(len + 1), *p = text;
  for (unsigned i = 0; i < rec->nlines; i++) p += sprintf(p, "%s\n", rec->lines[i]);
  scorer_result_t sc;
  scorer_check(text, (size_t)(p - text), rs, &sc);
  if (sc.compared) t->scored++;
  t->hands += sc.hands;
  if (sc.mismatches) {
    t->differ++;
    cr_log_error("%s (record %d): %d of %d team scores differ; %s", rec->file, rec->record,
                 sc.mismatches, sc.compared, sc.first);
  }
  free(text);
  free(rs);
}

Test(scorer_corpus, every_claimed_score_of_a_legal_record, .timeout = 120) {
  tally_t t = {0, 0, 0, 0};
  int alone = 0;
  int judged = api_corpus_walk(score_again, &t, &alone);
  cr_assert(judged > 500 && t.scored > 100, "%d records judged, %d legal, %d with scores",
            judged, t.records, t.scored);
  cr_expect_eq(t.differ, 0, "%d of %d scored legal records differ from the second scorer",
               t.differ, t.scored);
  fprintf(stderr, "scorer corpus: %d legal records, %d with scores, %d hands, %d differ\n",
          t.records, t.scored, t.hands, t.differ);
}
