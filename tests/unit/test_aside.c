/* set_aside (aside.c): the cards of a taken pile that a ruleset sets aside
 * never reach the taker's hand; the taker states them with `aside C...`
 * before the turn ends, and each team scores its count by set_aside.totals,
 * else set_aside.each. Judged here on one small two-player deal of classic
 * with black threes set aside (as Cuban canasta's page has them) or, as a
 * house may set it, sevens; the lister's candidates for `aside`; every
 * `aside` of generated Cuban games dropped or doubled; and the generated
 * games of every shipped ruleset with cards set aside, against the second
 * scorer (scorer.c). */
#define _DEFAULT_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game.h"
#include "gen.h"
#include "helpers.h"
#include "lister.h"
#include "ruleset.h"
#include "run.h"
#include "scale.h"
#include "scorer.h"

/* Classic with the keys of `body` (YAML); the last four loaded stay valid. */
static ruleset_t *classic_and(const char *body) {
  static ruleset_t loaded[4];
  static unsigned next;
  ruleset_t *rs = &loaded[next++ % 4];
  char text[512];
  int n = snprintf(text, sizeof text, "schema: 1\nname: house\nextends: classic\n%s\n", body);
  rs_error_t err;
  cr_assert(rs_load_text(rs, "house.yaml", text, (size_t)n, &err), "%u:%u: %s", err.line,
            err.col, err.message);
  return rs;
}

/* Classic, two players, one hand, with `set_aside` as given (YAML flow). */
static ruleset_t *house(const char *set_aside) {
  char body[256];
  snprintf(body, sizeof body, "%s%s", set_aside ? "set_aside: " : "", set_aside ? set_aside : "");
  return classic_and(body);
}

static const char *black3 = "{classes: [black3], each: 5, totals: [{count: 4, value: 100}]}";

/* Lines 1-10; Anne acts first. She discards her black threes (line 12,
 * line 16), Bruno one (line 14, TAKE("3S")) or a seven (TAKE("7S")); she
 * takes the pile with her two kings at line 19: 9D 3C 3S 3S under the
 * king, or 9D 3C 7S 3S. */
#define HEAD                                                                 \
  "cgr 1\nvariant classic\nplayer Anne\nplayer Bruno\nmatch hands 1\nhand 1\n" \
  "dealer Bruno\n"                                                           \
  "deal Anne KH KH KS KS KD KD QH QH QS JH JH JS 9H 3C 3S\n"                \
  "deal Bruno 8H 8S 8D 7H 7S 7D 6H 6S 6D 5H 5S 5D 4H 3S KC\n"               \
  "pile 9D\n"
#define TAKE(bruno_discards)                                                 \
  HEAD "Anne draw QD\nAnne discard 3C\nBruno draw 4D\nBruno discard " bruno_discards \
       "\nAnne draw 9S\nAnne discard 3S\nBruno draw 4S\nBruno discard KC\nAnne take KH KH\n"
/* lines 20-23 after the take: a canasta of kings and three melds empty her hand */
#define GO_OUT "Anne add #1 KS KS KD KD\nAnne meld QH QH QS QD\nAnne meld JH JH JS\n" \
               "Anne meld 9H 9S 9D\n"

/* ---- the hand line by line (game_observe) --------------------------------- */

enum { MAX_LINES = 40 };

typedef struct {
  bool seen, conserved;
  card_counts_t due, anne; /* aside_due; Anne's hand */
  int aside[2];            /* each team's cards set aside */
} after_t;

typedef struct {
  after_t at[MAX_LINES];
  verdict_t verdict;
  hand_score_t last;
  int nhands;
} seen_t;

static void observe(void *ctx, unsigned line, int hand, const engine_t *e) {
  seen_t *s = ctx;
  (void)hand;
  if (!e || line >= MAX_LINES) return;
  eng_view_t v;
  eng_view(e, &v);
  after_t *a = &s->at[line];
  a->seen = true;
  a->conserved = eng_conserved(e);
  if (!v.setup_done) return;
  a->due = *v.aside_due;
  a->anne = v.hand[0];
  a->aside[0] = v.aside[0];
  a->aside[1] = v.aside[1];
}

static void keep(const record_t *r, void *ctx) {
  seen_t *s = ctx;
  s->verdict = r->verdict;
  s->nhands = r->nhands;
  if (r->nhands) s->last = r->hands[r->nhands - 1];
}

static seen_t *play(const ruleset_t *rs, const char *text) {
  static seen_t s;
  memset(&s, 0, sizeof s);
  FILE *f = fmemopen((void *)text, strlen(text), "r");
  cr_assert_not_null(f);
  game_t *g = game_new_with_rules(rs, keep, &s);
  cr_assert(g && game_observe(g, observe, &s));
  char why[64];
  cr_assert(run_stream(g, f, "aside.cgr", why, sizeof why), "%s", why);
  game_free(g);
  fclose(f);
  return &s;
}

static card_t card(const char *name) {
  static const char ranks[] = "23456789TJQKA", suits[] = "SHDC";
  return card_make((int)(strchr(ranks, name[0]) - ranks), (int)(strchr(suits, name[1]) - suits));
}

/* Cards are conserved, and the hand is as the lines say, at every line. */
static void conserved_throughout(const seen_t *s, unsigned last) {
  for (unsigned l = 10; l <= last; l++) {
    cr_assert(s->at[l].seen, "line %u observed", l);
    cr_expect(s->at[l].conserved, "eng_conserved after line %u", l);
  }
}

/* ---- legal ------------------------------------------------------------------ */

Test(aside, a_take_puts_the_cards_aside_due_not_in_the_hand) {
  seen_t *s = play(house(black3), TAKE("3S") "Anne aside 3S\n" GO_OUT "Anne aside 3S 3C\n");
  /* the last meld leaves her hand empty with 3S 3C still due: the `aside`
   * after it comes too late */
  cr_expect_eq(s->verdict.code, CODE_SET_ASIDE);
  cr_expect_eq(s->verdict.line, 24);
  const after_t *take = &s->at[19];
  cr_expect_eq(take->due.total, 3);
  cr_expect_eq(take->due.n[card("3S")], 2);
  cr_expect_eq(take->due.n[card("3C")], 1);
  cr_expect_eq(take->anne.n[card("3S")] + take->anne.n[card("3C")], 0, "no black three in hand");
  cr_expect_eq(take->anne.n[card("9D")], 1, "the pile's other card joined the hand");
  cr_expect_eq(s->at[20].due.total, 2);
  cr_expect_eq(s->at[20].aside[0], 1);
  conserved_throughout(s, 22);
}

/* Several `aside` lines, before and after the turn's melds, and going out
 * by melds once all are stated: legal, and scored 5 a card. */
Test(aside, several_aside_lines_and_aside_after_melds_are_legal) {
  seen_t *s = play(house(black3), TAKE("3S") "Anne aside 3S\nAnne add #1 KS KS KD KD\n"
                                             "Anne aside 3C 3S\nAnne meld QH QH QS QD\n"
                                             "Anne meld JH JH JS\nAnne meld 9H 9S 9D\n");
  cr_assert_eq(s->verdict.status, VERDICT_LEGAL, "%s at %u:%u: %s", code_name(s->verdict.code),
               s->verdict.line, s->verdict.col, s->verdict.message);
  cr_expect_eq(s->at[22].due.total, 0);
  cr_expect_eq(s->at[22].aside[0], 3);
  cr_expect_eq(s->at[22].aside[1], 0);
  conserved_throughout(s, 25);
  cr_expect_eq(s->nhands, 1);
  cr_expect_eq(s->last.team[0].aside_count, 3);
  cr_expect_eq(s->last.team[0].aside, 15, "three black threes at 5");
  cr_expect_eq(s->last.team[1].aside, 0);
}

/* set_aside.ranks (a house's sevens): a seven of the pile is set aside as a
 * black three is by its class; the black threes under it join the hand. */
Test(aside, ranks_set_aside_like_classes) {
  seen_t *s = play(house("{ranks: [7], each: 10}"),
                   TAKE("7S") "Anne aside 7S\nAnne add #1 KS KS KD KD\nAnne discard 3C\n"
                                              "Bruno draw 4C\n");
  cr_expect_eq(s->at[19].due.total, 1);
  cr_expect_eq(s->at[19].due.n[card("7S")], 1);
  cr_expect_eq(s->at[19].anne.n[card("3S")], 1, "a black three is no seven: in hand");
  cr_expect_eq(s->at[19].anne.n[card("7S")], 0);
  cr_expect_eq(s->at[20].aside[0], 1);
  conserved_throughout(s, 23);
  cr_expect_eq(s->verdict.code, CODE_HAND_UNFINISHED, "%s at %u", code_name(s->verdict.code),
               s->verdict.line);
}

/* ---- SET-ASIDE: line, column and key ---------------------------------------- */

typedef struct {
  const char *set_aside; /* NULL: classic's (nothing set aside) */
  const char *text;
  unsigned line, col;
  const char *key, *says;
} bad_t;

Test(aside, each_wrong_aside_is_set_aside_at_its_line_and_column) {
  const bad_t rows[] = {
    /* a card not among those due: the card's column */
    {black3, TAKE("3S") "Anne aside 3S 9D\n", 20, 15, "set_aside.classes", "9D is not among"},
    {black3, TAKE("3S") "Anne aside 3S 3S 3S\n", 20, 18, "set_aside.classes", "3S is not among"},
    /* every card due named before it: none is left to list */
    {black3, TAKE("3S") "Anne aside 3S 3S 3C 3C\n", 20, 21, "set_aside.classes",
     "3C is one card too many: the taken pile had only 3S 3S 3C still to set aside"},
    {black3, TAKE("3S") "Anne aside 3S\nAnne aside 3C 3S 3S\n", 21, 18, "set_aside.classes",
     "3S is one card too many: the taken pile had only 3S 3C still to set aside"},
    /* nothing due: no take in the turn, all stated, a pile without any */
    {black3, HEAD "Anne draw QD\nAnne aside 3C\n", 12, 6, "set_aside", "has taken no pile"},
    {black3, TAKE("3S") "Anne aside 3S 3S 3C\nAnne aside 3S\n", 21, 6, "set_aside",
     "nothing is left"},
    {"{ranks: [7]}", TAKE("3S") "Anne aside 3S\n", 20, 6, "set_aside", "nothing is left"},
    /* a ruleset that sets nothing aside */
    {NULL, HEAD "Anne draw QD\nAnne aside 3C\n", 12, 6, "set_aside", "are not set aside"},
    /* the turn ends with cards due: a discard, going out by melds */
    {black3, TAKE("3S") "Anne discard JS\n", 20, 6, "set_aside.classes", "before the turn ends"},
    {black3, TAKE("3S") "Anne aside 3S\nAnne discard JS\n", 21, 6, "set_aside.classes",
     "holding 3S 3C, which are"},
    {"{ranks: [7]}", TAKE("7S") "Anne discard JS\n", 20, 6, "set_aside.ranks", "7S, which is"},
    {black3, TAKE("3S") GO_OUT, 23, 6, "set_aside.classes", "before the turn ends"},
  };
  for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
    const bad_t *r = &rows[i];
    seen_t *s = play(house(r->set_aside), r->text);
    const verdict_t *v = &s->verdict;
    cr_expect(v->code == CODE_SET_ASIDE && v->line == r->line && v->col == r->col,
              "row %zu: %s at %u:%u, not SET-ASIDE at %u:%u: %s", i, code_name(v->code), v->line,
              v->col, r->line, r->col, v->message);
    cr_expect_str_eq(rule_key_name(v->rule), r->key, "row %zu", i);
    cr_expect(strstr(v->message, r->says), "row %zu: %s", i, v->message);
    conserved_throughout(s, r->line - 1);
  }
}

/* turn.meld_before_draw: a hand emptied by melding first may end, or draw
 * on; a take is the draw's alternative, and after it, as after a draw, the
 * hand holds cards and the turn goes on to a discard, the cards set aside
 * stated before it. `end` after such a take went out with the pile's cards
 * in the hand and its black three never stated. */
Test(aside, a_take_after_melding_out_first_goes_on_to_the_discard) {
  static const char *const text =
    "cgr 1\nvariant classic\nplayer Anne\nplayer Bruno\nmatch hands 1\nhand 1\n"
    "dealer Bruno\n"
    "deal Anne KH KH KS KS KD KD KC QH QH QS QS JH JH JS 3C\n"
    "deal Bruno 8H 8S 8D 7H 7S 7D 6H 6S 6D 5H 5S 5D 4H 4S QD\n"
    "pile 9D\nAnne draw JD\nAnne discard 3C\nBruno draw 4D\nBruno discard QD\n"
    "Anne meld KH KH KS KS KD KD KC\nAnne meld QH QH QS QS\nAnne meld JH JH JS JD\n"
    "Anne take\n%s";
  const struct {
    const char *set_aside, *then;
    code_t code;
    unsigned line;
  } rows[] = {
    {"", "Anne end\n", CODE_END_EARLY, 19},
    {"set_aside: {classes: [black3], each: 5}\n", "Anne end\n", CODE_END_EARLY, 19},
    {"set_aside: {classes: [black3], each: 5}\n", "Anne discard 9D\n", CODE_SET_ASIDE, 19},
    /* stated, the discard empties the hand: play goes on (the hand ends unfinished) */
    {"set_aside: {classes: [black3], each: 5}\n", "Anne aside 3C\nAnne discard 9D\n",
     CODE_HAND_UNFINISHED, 21},
  };
  for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
    char body[256], record[1024];
    snprintf(body, sizeof body, "turn: {meld_before_draw: true}\n%s", rows[i].set_aside);
    snprintf(record, sizeof record, text, rows[i].then);
    seen_t *s = play(classic_and(body), record);
    cr_expect(s->verdict.code == rows[i].code && s->verdict.line == rows[i].line,
              "row %zu: %s at %u, not %s at %u: %s", i, code_name(s->verdict.code),
              s->verdict.line, code_name(rows[i].code), rows[i].line, s->verdict.message);
    conserved_throughout(s, rows[i].line - 1);
  }
}

/* Melding first, a take must leave a card for the discard that follows it:
 * the pile's cards set aside do not join the hand, so a take whose other
 * cards all go aside leaves none (PHASE at the take); without set_aside the
 * same take leaves the black three in the hand. */
Test(aside, a_take_whose_other_cards_go_aside_leaves_none_for_the_discard) {
  static const char *const text =
    "cgr 1\nvariant classic\nplayer Anne\nplayer Bruno\nmatch hands 1\nhand 1\n"
    "dealer Bruno\n"
    "deal Anne KH KH KS KS KD KD KC QH QH QS QS JH JH JS 3C\n"
    "deal Bruno 8H 8S 8D 7H 7S 7D 6H 6S 6D 5H 5S 5D 4H 4S QD\n"
    "Anne draw JD\nAnne discard 3C\nBruno draw 4D\nBruno discard QD\n"
    "Anne meld KH KH KS KS KD KD KC\nAnne meld QH QH QS QS\nAnne meld JH JH JS JD\n"
    "Anne take\nAnne discard 3C\n";
  const struct {
    const char *set_aside;
    code_t code;
    unsigned line;
  } rows[] = {
    {"set_aside: {classes: [black3], each: 5}\n", CODE_PHASE, 17},
    {"", CODE_HAND_UNFINISHED, 19}, /* the three discarded empties the hand: play goes on */
  };
  for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
    char body[256];
    snprintf(body, sizeof body, "turn: {meld_before_draw: true}\npile: {initial: 0}\n%s",
             rows[i].set_aside);
    seen_t *s = play(classic_and(body), text);
    cr_expect(s->verdict.code == rows[i].code && s->verdict.line == rows[i].line,
              "row %zu: %s at %u, not %s at %u: %s", i, code_name(s->verdict.code),
              s->verdict.line, code_name(rows[i].code), rows[i].line, s->verdict.message);
  }
}

/* ---- the value ---------------------------------------------------------------- */

/* set_aside.totals gives exactly its count's value; any other count is
 * set_aside.each apiece (corpus/custom/cuban.yaml: 5 each, 100 for four). */
Test(aside, the_value_by_totals_else_each) {
  const ruleset_t *cuban = house(black3);
  const long want[] = {0, 5, 10, 15, 100, 25, 30};
  for (int n = 0; n < 7; n++) cr_expect_eq(rs_aside_value(cuban, n), want[n], "%d cards", n);
  const ruleset_t *each = house("{ranks: [7], each: 10}");
  cr_expect_eq(rs_aside_value(each, 4), 40);
  const ruleset_t *only = house("{classes: [black3], totals: [{count: 2, value: 30}]}");
  cr_expect_eq(rs_aside_value(only, 2), 30);
  cr_expect_eq(rs_aside_value(only, 3), 0, "each: 0 by default");
  cr_expect_not(rs_sets_aside(house(NULL)), "classic sets nothing aside");
  cr_expect_eq(rs_aside_key(cuban, card("3S")), RK_SET_ASIDE_CLASSES);
  cr_expect_eq(rs_aside_key(cuban, card("3H")), RK_NONE, "a red three is no black three");
  cr_expect_eq(rs_aside_key(each, card("7D")), RK_SET_ASIDE_RANKS);
}

/* ---- the lister's candidates ----------------------------------------------- */

typedef struct {
  int n, current;
  unsigned sizes[600];
} cands_t;

static void count_cand(void *ctx, const lister_cand_t *c) {
  cands_t *k = ctx;
  cr_assert_eq(c->verb, V_ASIDE);
  cr_assert_eq(c->player, k->current, "the player to act (the taker) alone");
  if (k->n < 600) k->sizes[k->n] = c->ncards;
  k->n++;
}

static cands_t asides_of(const card_counts_t *due, int current) {
  static const int team_of[2] = {0, 1};
  eng_view_t v;
  memset(&v, 0, sizeof v);
  v.rs = house(black3); /* a view's ruleset: the lister reads its wild cards */
  v.nplayers = 2;
  v.team_of = team_of;
  v.current = current;
  v.aside_due = due;
  cands_t k;
  memset(&k, 0, sizeof k);
  k.current = current;
  lister_each(&v, LISTER_VERB(V_ASIDE), -1, count_cand, &k);
  return k;
}

/* Every part of {3S, 3S, 3C}: 3S, 3S 3S, 3C, 3S 3C, 3S 3S 3C. */
Test(aside, the_lister_lists_every_part_of_the_cards_due) {
  card_counts_t due;
  cc_clear(&due);
  cr_expect_eq(asides_of(&due, 0).n, 0, "nothing due");
  cc_add(&due, card("3S"), 2);
  cc_add(&due, card("3C"), 1);
  cands_t k = asides_of(&due, 0);
  cr_assert_eq(k.n, 5);
  unsigned by_size[4] = {0};
  for (int i = 0; i < k.n; i++) by_size[k.sizes[i]]++;
  cr_expect(by_size[1] == 2 && by_size[2] == 2 && by_size[3] == 1, "%u, %u, %u", by_size[1],
            by_size[2], by_size[3]);
  cr_expect_eq(asides_of(&due, 1).n, 5, "Bruno's, when he is the one to act");
}

/* Past 256 parts (with the empty one), the whole and each kind's cards:
 * eight kinds one each make 256, all listed; nine, 1 + 9. */
Test(aside, the_lister_caps_the_parts) {
  card_counts_t due;
  cc_clear(&due);
  static const char *const sevens[] = {"7S", "7H", "7D", "7C", "8S", "8H", "8D", "8C", "9S"};
  for (int i = 0; i < 8; i++) cc_add(&due, card(sevens[i]), 1);
  cr_expect_eq(asides_of(&due, 0).n, 255);
  cc_add(&due, card(sevens[8]), 1);
  cands_t k = asides_of(&due, 0);
  cr_assert_eq(k.n, 10);
  cr_expect_eq(k.sizes[0], 9, "first, every card due");
  for (int i = 1; i < 10; i++) cr_expect_eq(k.sizes[i], 1);
}

/* ---- every `aside` of generated games dropped or doubled ----------------- */

typedef struct {
  char **line;
  unsigned n;
} lines_t;

static lines_t split_lines(char *text) {
  lines_t ls = {calloc(strlen(text) + 1, sizeof(char *)), 0};
  cr_assert_not_null(ls.line);
  for (char *l = strtok(text, "\n"); l; l = strtok(NULL, "\n")) ls.line[ls.n++] = l;
  return ls;
}

static bool by(const char *line, const char *actor, size_t k) {
  return strncmp(line, actor, k) == 0 && line[k] == ' ';
}

static bool verb_is(const char *line, const char *verb) {
  const char *sp = strchr(line, ' ');
  size_t k = strlen(verb);
  return sp && strncmp(sp + 1, verb, k) == 0 && (sp[k + 1] == ' ' || sp[k + 1] == '\0');
}

/* The line (0-based) that ends the turn of line i's actor: its discard, or
 * its last line before another player acts (a partner's answer aside) or
 * the hand ends (going out by melds). */
static unsigned turn_end(const lines_t *ls, unsigned i, unsigned to) {
  size_t k = strcspn(ls->line[i], " ");
  unsigned last = i;
  for (unsigned j = i + 1; j < to; j++) {
    if (by(ls->line[j], ls->line[i], k)) {
      if (verb_is(ls->line[j], "discard")) return j;
      last = j;
    } else if (!verb_is(ls->line[j], "yes") && !verb_is(ls->line[j], "no")) {
      return last;
    }
  }
  return last;
}

/* The record [from, to) without line `drop` or with line `twice` twice. */
static verdict_t judge_mutant(const lines_t *ls, unsigned from, unsigned to, unsigned drop,
                              unsigned twice) {
  char *text = NULL;
  size_t len;
  FILE *f = open_memstream(&text, &len);
  cr_assert_not_null(f);
  for (unsigned j = from; j < to; j++) {
    if (j != drop) fprintf(f, "%s\n", ls->line[j]);
    if (j == twice) fprintf(f, "%s\n", ls->line[j]);
  }
  fclose(f);
  verdict_t v = judge(text);
  free(text);
  return v;
}

static void mutate_asides(const lines_t *ls, unsigned from, unsigned to, int *mutants) {
  for (unsigned i = from; i < to; i++) {
    if (!verb_is(ls->line[i], "aside")) continue;
    unsigned end = turn_end(ls, i, to) - from; /* 0-based in the record */
    verdict_t v = judge_mutant(ls, from, to, i, to);
    cr_expect(v.code == CODE_SET_ASIDE && v.line == end, /* one line fewer before it */
              "%s dropped (record line %u): %s at %u, not SET-ASIDE at %u", ls->line[i],
              i - from + 1, code_name(v.code), v.line, end);
    v = judge_mutant(ls, from, to, to, i);
    cr_expect(v.code == CODE_SET_ASIDE && v.line >= i - from + 2 && v.line <= end + 2,
              "%s twice (record line %u): %s at %u, not SET-ASIDE by line %u", ls->line[i],
              i - from + 1, code_name(v.code), v.line, end + 2);
    *mutants += 2;
  }
}

/* Dropped, the turn ends with cards due: SET-ASIDE at the line that ends it
 * (a discard, or the meld that goes out). Doubled, it states cards no longer
 * due: SET-ASIDE at that line, or at a later `aside` of the turn where the
 * first stated a part. */
Test(aside, each_aside_of_generated_games_dropped_or_doubled) {
  char *text = NULL;
  size_t len;
  FILE *f = open_memstream(&text, &len);
  cr_assert_not_null(f);
  gen_options_t opt = {SOURCE_DIR "/corpus/custom/cuban.yaml", 0, 3, TEST_GAMES(4), 0, false};
  gen_stats_t st;
  char why[512];
  cr_assert_eq(gen_write(&opt, f, &st, why, sizeof why), 0, "%s", why);
  fclose(f);
  lines_t ls = split_lines(text);
  int mutants = 0;
  for (unsigned from = 0; from < ls.n;) {
    unsigned to = from + 1;
    while (to < ls.n && strcmp(ls.line[to], "cgr 1") != 0) to++;
    mutate_asides(&ls, from, to, &mutants);
    from = to;
  }
  cr_expect_gt(mutants, 5 * TEST_GAMES(4), "%d mutants", mutants);
  fprintf(stderr, "aside: %d mutants of generated cuban games, each SET-ASIDE in its turn\n",
          mutants);
  free(ls.line);
  free(text);
}

/* ---- set_aside over every shipped ruleset ---------------------------------- */

/* Each shipped ruleset with its black threes and sevens of a taken pile set
 * aside (5 each, 100 for four), written to a file that extends it: its
 * generated games (the foot, the bonus packets, the pile's take count and
 * the sequences of the rulesets that have them) are legal, state cards
 * aside, and score as the second scorer counts them from the piles. */
Test(aside, every_shipped_ruleset_with_cards_set_aside) {
  char dir[] = "/tmp/aside-XXXXXX";
  cr_assert_not_null(mkdtemp(dir));
  int hands = 0, asides = 0, differ = 0;
  for (const rs_builtin_t *b = rs_builtins; b->name; b++) {
    char path[128];
    snprintf(path, sizeof path, "%s/%s.yaml", dir, b->name);
    FILE *y = fopen(path, "w");
    cr_assert_not_null(y);
    fprintf(y, "schema: 1\nname: %s-aside\nextends: %s\nset_aside: {classes: [black3], ranks: "
               "[7], each: 5, totals: [{count: 4, value: 100}]}\n", b->name, b->name);
    fclose(y);
    ruleset_t rs;
    rs_error_t err;
    cr_assert(rs_load(&rs, path, &err), "%s: %s", path, err.message);
    char *text = NULL;
    size_t len;
    FILE *f = open_memstream(&text, &len);
    gen_options_t opt = {path, 0, 5, TEST_GAMES(4), 0, false};
    gen_stats_t st;
    char why[512];
    cr_assert_eq(gen_write(&opt, f, &st, why, sizeof why), 0, "%s: %s", b->name, why);
    fclose(f);
    results_t r;
    run_text(text, &r);
    for (int i = 0; i < r.n; i++)
      cr_expect_eq(r.v[i].status, VERDICT_LEGAL, "%s, game %d: %s at %u:%u", b->name, i + 1,
                   code_name(r.v[i].code), r.v[i].line, r.v[i].col);
    scorer_result_t sc;
    scorer_check(text, len, &rs, &sc);
    cr_expect(sc.hands > 0 && sc.mismatches == 0, "%s: %d of %d team scores differ; %s", b->name,
              sc.mismatches, sc.compared, sc.first);
    int n = 0;
    for (const char *p = text; (p = strstr(p, " aside ")) != NULL; p++) n++;
    cr_expect_gt(n, 0, "%s: no card set aside", b->name);
    hands += sc.hands;
    asides += n;
    differ += sc.mismatches;
    free(text);
    remove(path);
  }
  rmdir(dir);
  fprintf(stderr, "aside: every shipped ruleset: %d hands, %d aside lines, %d scores differ\n",
          hands, asides, differ);
}
