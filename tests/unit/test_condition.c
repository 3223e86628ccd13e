/* Conditions (condition.h) and the red-three bands made of them: a
 * condition reads as written and judges the facts; each shorthand key of
 * red_threes.bands gives the bands written out, for every shipped ruleset
 * and for each key alone. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "condition.h"
#include "ruleset.h"

static rs_error_t err;

static void load(ruleset_t *rs, const char *text) {
  cr_assert(rs_load_text(rs, "x.yaml", text, strlen(text), &err), "%u:%u: %s\n%s", err.line,
            err.col, err.message, text);
}

/* The condition of a one-band ruleset: bands: [{when: WHEN, counts: for}]. */
static cond_t cond_of(const char *when) {
  char text[512];
  snprintf(text, sizeof text,
           "schema: 1\nname: c\nextends: classic\nred_threes:\n  bands: [{when: %s, counts: for}]\n",
           when);
  static ruleset_t rs;
  load(&rs, text);
  return rs.red_threes.bands[0].when;
}

Test(condition, reads_and_writes_back) {
  static const char *const written[] = {
      "{}", "{melds: 1}", "{canastas: {rank: 7}}", "{canastas: {rank: 7, max: 0}}",
      "{canastas: {rank: A, min: 2}}", "{canastas: {min: 1, max: 1}}",
      "{melds: {max: 0}}", "{opened: true, books: false}", "{turn: {max: 1}, stock: 10}",
      "{hand: {max: 1}, foot: true}", "{pure: 1, impure: 2, wild: 1}"};
  for (size_t i = 0; i < sizeof written / sizeof *written; i++) {
    cond_t c = cond_of(written[i]);
    char back[256];
    cond_format(&c, back, sizeof back);
    cr_expect_str_eq(back, written[i]);
  }
}

Test(condition, judges_the_facts) {
  cond_facts_t f;
  memset(&f, 0, sizeof f);
  f.n[COND_MELDS] = 2;
  f.n[COND_CANASTAS] = 1;
  f.canastas_of[RANK_K] = 1;
  cond_t any = cond_of("{}"), sevens = cond_of("{canastas: {rank: 7}}");
  cond_t one = cond_of("{canastas: 1, melds: {max: 2}}"), none = cond_of("{melds: {max: 0}}");
  cr_expect(cond_holds(&any, &f));
  cr_expect_not(cond_holds(&sevens, &f), "a canasta of kings is none of sevens");
  f.canastas_of[RANK_7] = 1;
  cr_expect(cond_holds(&sevens, &f));
  cr_expect(cond_holds(&one, &f));
  cr_expect_not(cond_holds(&none, &f));
  f.n[COND_MELDS] = 3;
  cr_expect_not(cond_holds(&one, &f), "every test holds, or the condition does not");
}

Test(condition, bad_conditions_are_refused_where_they_stand) {
  static const char *const bad[][2] = {
      {"{colour: red}", "unknown condition \"colour\""},
      {"{melds: 1, melds: 2}", "given twice"},
      {"{opened: 1}", "expected true or false"},
      {"{melds: {rank: 7}}", "expected min or max"},
      {"{canastas: {min: 3, max: 1}}", "max 1 is below min 3"},
      {"[canastas]", "expected a condition"},
      {"{canastas: {rank: 7, rank: 8}}", "\"rank\" given twice"}};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    char text[512];
    snprintf(text, sizeof text,
             "schema: 1\nname: c\nextends: classic\nred_threes:\n  bands: [{when: %s, counts: for}]\n",
             bad[i][0]);
    ruleset_t rs;
    cr_expect_not(rs_load_text(&rs, "x.yaml", text, strlen(text), &err), "%s loads", bad[i][0]);
    cr_expect(strstr(err.message, bad[i][1]), "%s: %s", bad[i][0], err.message);
    cr_expect_eq(err.line, 5, "%s: line %u", bad[i][0], err.line);
  }
}

/* Two rulesets' bands alike but for the keys they note. */
static void expect_same_bands(const ruleset_t *a, const ruleset_t *b, const char *what) {
  cr_assert_eq(a->red_threes.nbands, b->red_threes.nbands, "%s: %d bands, written out %d", what,
               a->red_threes.nbands, b->red_threes.nbands);
  for (int i = 0; i < a->red_threes.nbands; i++) {
    const rs_red3_band_t *x = &a->red_threes.bands[i], *y = &b->red_threes.bands[i];
    char cx[256], cy[256];
    cond_format(&x->when, cx, sizeof cx);
    cond_format(&y->when, cy, sizeof cy);
    cr_expect_str_eq(cx, cy, "%s, band %d", what, i);
    cr_expect(x->counts == y->counts && x->each == y->each && x->short_of == y->short_of,
              "%s, band %d: %d %d %d, written out %d %d %d", what, i, x->counts, x->each,
              x->short_of, y->counts, y->each, y->short_of);
  }
}

#define NONE "{when: {melds: {max: 0}}, counts: against, short: true}"
Test(condition, each_shorthand_gives_the_bands_written_out) {
  static const char *const cases[][2] = {
      {"extends: classic", "[" NONE ", {counts: for}]"},
      {"extends: italian", "[{when: {melds: {max: 0}}, counts: for, short: true}, {counts: for}]"},
      {"extends: samba",
       "[" NONE ", {when: {canastas: {max: 1}}, counts: against, short: true}, {counts: for}]"},
      {"extends: modern-american",
       "[" NONE ", {when: {canastas: {min: 1, max: 1}}, counts: nothing, short: true}, "
       "{when: {canastas: {max: 1}}, counts: against, short: true}, {counts: for}]"},
      {"extends: classic\nred_threes: {without_meld_each: 500}",
       "[{when: {melds: {max: 0}}, counts: against, each: 500, short: true}, {counts: for}]"},
      {"extends: classic\nred_threes: {negative_without_books: true}",
       "[" NONE ", {when: {books: false}, counts: against}, {counts: for}]"},
      {"extends: classic\nred_threes: {canastas_needed: 3, zero_from: 2}",
       "[" NONE ", {when: {canastas: {min: 2, max: 2}}, counts: nothing, short: true}, "
       "{when: {canastas: {max: 2}}, counts: against, short: true}, {counts: for}]"}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    static ruleset_t by_keys, written;
    char text[1024];
    snprintf(text, sizeof text, "schema: 1\nname: k\n%s\n", cases[i][0]);
    load(&by_keys, text);
    snprintf(text, sizeof text, "schema: 1\nname: w\nextends: classic\nred_threes:\n  bands: %s\n",
             cases[i][1]);
    load(&written, text);
    expect_same_bands(&by_keys, &written, cases[i][0]);
    cr_expect_not(rs_red3_bands_given(&by_keys), "%s: made from the keys", cases[i][0]);
    cr_expect(rs_red3_bands_given(&written));
  }
}

/* A ruleset that sets a shorthand key over a base with bands gets the
 * bands the keys make; one that sets neither keeps the base's. */
Test(condition, a_shorthand_over_a_base_makes_the_bands_again) {
  static ruleset_t rs;
  load(&rs, "schema: 1\nname: k\nextends: samba\nred_threes: {each: 50}\n");
  cr_expect_eq(rs.red_threes.nbands, 3, "samba's bands kept: %d", rs.red_threes.nbands);
  load(&rs, "schema: 1\nname: k\nextends: samba\nred_threes: {canastas_needed: 0}\n");
  cr_expect_eq(rs.red_threes.nbands, 2, "made again: %d", rs.red_threes.nbands);
}
