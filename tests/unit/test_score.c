/* Scoring (score.h) tested directly, table-driven: canasta and sequence
 * bonuses, red threes, cards left in hand. And eng_can_take, the question
 * end.stock_empty: must_take asks, checked against every take the hand
 * allows, tried one by one through the engine, at every turn of generated
 * games replayed by the real driver (game_t, with an observer). */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgr.h"
#include "game.h"
#include "gen.h"
#include "helpers.h"
#include "meld.h"
#include "run.h"
#include "score.h"
#include "scorer.h"

static const ruleset_t *rules(const char *name) { return builtin_rules(name); }

/* A meld of `n` cards of `rank` with `wilds` jokers among them (a set), or
 * a sequence of hearts from 4 (rank -1). */
static meld_t make_meld(const meld_kinds_t *k, int rank, unsigned n, unsigned wilds, bool hidden) {
  meld_t m;
  memset(&m, 0, sizeof m);
  m.rank = rank;
  m.suit = rank < 0 ? SUIT_H : -1;
  m.kind = rank < 0 ? KIND_SEQUENCE : k->of_rank[rank];
  for (unsigned i = 0; i < n; i++) {
    card_t c = i < wilds ? CARD_JOKER
               : rank < 0 ? card_make(RANK_4 + (int)i, SUIT_H)
                          : card_make(rank, (int)(i % 4));
    cc_add(&m.cards, c, 1);
  }
  m.wilds = wilds;
  m.naturals = n - wilds;
  m.hidden = hidden;
  return m;
}

Test(score, meld_bonuses) {
  const struct {
    const char *rules;
    int rank;
    unsigned n, wilds;
    bool hidden;
    long bonus;
  } rows[] = {
    {"classic", RANK_K, 7, 0, false, 500},   {"classic", RANK_K, 7, 2, false, 300},
    {"classic", RANK_K, 6, 0, false, 0},     {"classic", RANK_K, 9, 3, false, 300},
    {"chinese", RANK_2, 7, 0, false, 2000},  {"chinese", RANK_2, 7, 3, false, 1500},
    {"italian", RANK_K, 7, 0, true, 1000},   {"italian", RANK_K, 7, 0, false, 500},
    {"italian", RANK_JOKER, 7, 0, false, 3000}, {"italian", -1, 7, 0, false, 1000},
    {"italian", -1, 6, 0, false, 0},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    meld_kinds_t k;
    meld_kinds_build(&k, rules(rows[i].rules));
    meld_t m = make_meld(&k, rows[i].rank, rows[i].n, rows[i].wilds, rows[i].hidden);
    if (rows[i].rank == RANK_JOKER) m.naturals = 7, m.wilds = 0;
    cr_expect_eq(score_meld_bonus(&k, &m), rows[i].bonus, "row %zu (%s): %ld, expected %ld", i,
                 rows[i].rules, score_meld_bonus(&k, &m), rows[i].bonus);
  }
}

/* A team's threes by the band that holds of a team with a meld or none
 * (and its books: no shipped ruleset here asks for them). */
static long threes_of(const ruleset_t *rs, int laid, int held, bool melded, int *count) {
  cond_facts_t f = {{0}, {0}};
  f.n[COND_MELDS] = melded;
  f.n[COND_BOOKS] = 1;
  return score_red_threes(rs, rs_red3_band(rs, &f), laid, held, count);
}

Test(score, red_threes) {
  const struct {
    const char *rules;
    int laid, held;
    bool melded;
    long value;
    int count;
  } rows[] = {
    {"classic", 1, 0, true, 100, 1},    {"classic", 3, 0, true, 300, 3},
    {"classic", 4, 0, true, 900, 4},    {"classic", 2, 0, false, -200, 2},
    {"classic", 1, 1, true, 200, 2},    {"chinese", 1, 1, false, -600, 1},
    {"chinese", 1, 1, true, 200, 2},    {"italian", 2, 0, false, 200, 2},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    int count;
    long v = threes_of(rules(rows[i].rules), rows[i].laid, rows[i].held, rows[i].melded, &count);
    cr_expect_eq(v, rows[i].value, "row %zu (%s): %ld, expected %ld", i, rows[i].rules, v,
                 rows[i].value);
    cr_expect_eq(count, rows[i].count, "row %zu: %d red threes counted", i, count);
  }
}

Test(score, cards_left_in_hand) {
  card_counts_t h;
  cc_clear(&h);
  cc_add(&h, card_make(RANK_K, SUIT_S), 1);     /* 10 */
  cc_add(&h, CARD_JOKER, 1);                    /* 50 */
  cc_add(&h, card_make(RANK_3, SUIT_C), 2);     /* black threes: cards.black3_in_hand each */
  cc_add(&h, card_make(RANK_3, SUIT_H), 1);     /* a red three: scored as a red three */
  cr_expect_eq(score_left_in_hand(rules("classic"), &h), -(10 + 50 + 2 * 5));
  cr_expect_eq(score_left_in_hand(rules("italian"), &h), -(10 + 50 + 2 * 100));
  cr_expect_eq(score_cards(rules("classic"), &h), 10 + 50 + 3 * 5);
}

/* ---- eng_can_take against every take ------------------------------------- */

/* Every multiset of the hand's naturals of `rank` and wild cards, by kind:
 * true when one of them (or the top card alone) is a legal take. */
static bool some_take_is_legal(const engine_t *e, int p, int rank) {
  eng_view_t v;
  eng_view(e, &v);
  card_t kinds[CARD_KINDS];
  unsigned max[CARD_KINDS], nk = 0;
  for (card_t c = 0; c < CARD_KINDS; c++)
    if (v.hand[p].n[c] && (rs_is_wild(v.rs, c) || (card_rank(c) == rank && !card_is_red3(c)))) {
      kinds[nk] = c;
      max[nk++] = v.hand[p].n[c];
    }
  unsigned at[CARD_KINDS] = {0};
  engine_t *t = eng_new();
  stmt_t *st = calloc(1, sizeof *st);
  cr_assert(t && st);
  st->kind = ST_ACTION;
  st->text = "";
  st->key.s = v.player_name[p];
  st->verb = V_TAKE;
  bool legal = false;
  for (int tries = 0; tries < 20000 && !legal; tries++) {
    st->ncards = 0;
    for (unsigned k = 0; k < nk; k++)
      for (unsigned j = 0; j < at[k]; j++) st->cards[st->ncards++] = kinds[k];
    eng_copy(t, e);
    legal = eng_action(t, st, p);
    unsigned k = 0; /* the next multiset */
    while (k < nk && ++at[k] > max[k]) at[k++] = 0;
    if (k == nk) break;
  }
  free(st);
  eng_free(t);
  return legal;
}

typedef struct {
  int compared, can, cannot;
} take_stats_t;

typedef struct {
  const char *variant;
  take_stats_t *ts;
} positions_t;

/* After every statement of the real driver (game_t, as `referee` runs it):
 * where the player to act has neither drawn nor taken, owes no red-three
 * replacement and the pile holds a card, eng_can_take against every take. */
static void at_position(void *ctx, unsigned line, int hand, const engine_t *e) {
  positions_t *pc = ctx;
  take_stats_t *ts = pc->ts;
  (void)hand;
  if (!e || ts->compared >= 400) return;
  eng_view_t v;
  eng_view(e, &v);
  if (!v.setup_done || v.over || v.drawn || v.npile == 0 || v.owed != 0) return;
  int cur = v.current;
  bool fast = eng_can_take(e, cur);
  bool slow = some_take_is_legal(e, cur, card_rank(v.pile[v.npile - 1]));
  cr_expect_eq(fast, slow, "%s, after line %u: eng_can_take says %d, the takes say %d",
               pc->variant, line, fast, slow);
  ts->compared++;
  *(fast ? &ts->can : &ts->cannot) += 1;
}

static void record_legal(const record_t *r, void *ctx) {
  cr_expect_eq(record_status(r), 0, "%s: game %d: %s at %u:%u", (const char *)ctx, r->index,
               code_name(r->verdict.code), r->verdict.line, r->verdict.col);
}

static void check_positions(const char *variant, int players, take_stats_t *ts) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  gen_options_t opt = {variant, players, 11, 3, 0, false};
  gen_stats_t gs;
  char why[256];
  cr_assert_eq(gen_write(&opt, f, &gs, why, sizeof why), 0, "%s", why);
  fclose(f);
  FILE *in = fmemopen(buf, len, "r");
  cr_assert_not_null(in);
  game_t *g = game_new(NULL, record_legal, (void *)variant);
  positions_t pc = {variant, ts};
  cr_assert(g && game_observe(g, at_position, &pc));
  cr_assert(run_stream(g, in, "gen.cgr", why, sizeof why), "%s", why);
  game_free(g);
  fclose(in);
  free(buf);
}

Test(score, can_take_agrees_with_every_take, .timeout = 120) {
  const struct { const char *variant; int players; } seats[] = {
    {"classic", 4},  {"two-player", 2},    {"chinese", 4},         {"italian", 4},
    {"samba", 4},    {"bolivia", 4},       {"hand-and-foot", 4},   {"modern-american", 4},
    {SOURCE_DIR "/corpus/custom/cuban.yaml", 4}}; /* piles whose black threes are set aside */
  for (size_t i = 0; i < sizeof seats / sizeof seats[0]; i++) {
    take_stats_t ts = {0, 0, 0};
    check_positions(seats[i].variant, seats[i].players, &ts);
    cr_expect(ts.can > 5 && ts.cannot > 5, "%s: %d positions, %d where the pile can be taken",
              seats[i].variant, ts.compared, ts.can);
  }
}

Test(score, red_threes_with_a_fixed_penalty_without_meld) {
  ruleset_t rs = *rules("classic");
  rs.red_threes.without_meld_each = 500;
  rs_red3_bands_from_keys(&rs); /* what the loader does with the key */
  int count;
  cr_expect_eq(threes_of(&rs, 2, 0, false, &count), -1000);
  cr_expect_eq(count, 2);
  cr_expect_eq(threes_of(&rs, 2, 0, true, &count), 200, "a team with a meld scores them");
}

/* red_threes.negative_without_books with by_colour: one red and one black
 * three against a team without its books count -200 (each colour at its own
 * value, negated), by the second scorer as by the record's own score line. */
Test(score, threes_against_by_colour_agree_with_the_second_scorer) {
  char path[512];
  snprintf(path, sizeof path, "%s/corpus/custom/threes-against-by-colour.yaml", SOURCE_DIR);
  ruleset_t rs;
  rs_error_t err;
  cr_assert(rs_load(&rs, path, &err), "%s", path);
  char *text = slurp("corpus/custom/legal-threes-against-by-colour.cgr");
  scorer_result_t sc;
  scorer_check(text, strlen(text), &rs, &sc);
  cr_expect(sc.hands == 1 && sc.compared == 2, "%d hands, %d scores", sc.hands, sc.compared);
  cr_expect_eq(sc.mismatches, 0, "%s", sc.first);
  free(text);
}
