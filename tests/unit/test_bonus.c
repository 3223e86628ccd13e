/* Modern American's mechanisms tested directly: the `talon` line
 * on both reading paths, the rule keys as the loader reads and refuses them,
 * the kind row of meld.rank_rules, and the rank rules' penalties. Whole hands
 * are corpus/modern-american's. */
#include <criterion/criterion.h>
#include <string.h>

#include "cgr.h"
#include "helpers.h"
#include "meld.h"
#include "score.h"

/* docs/format.md: `talon C…`, a setup line of cards like `pile`, and the
 * verb `talon [C…]`; both paths read them alike, columns included. */
Test(bonus, the_talon_line_on_both_paths) {
  cgr_reader_t *r = cgr_open_lines();
  const stmt_t *st;
  stmt_error_t err;
  for (int fast = 1; fast >= 0; fast--) {
    cgr_set_fast(r, fast);
    const char *line = "talon 7D 7C KD KC";
    cr_assert_eq(cgr_parse_line(r, line, strlen(line), 3, &st, &err), 1, "%s", err.message);
    cr_assert_eq(st->kind, ST_TALON);
    cr_assert_eq(st->ncards, 4);
    cr_assert_eq(st->cards[3], card_make(RANK_K, SUIT_C));
    cr_assert_eq(st->card_cols[1], 10);
    line = "Anne talon";
    cr_assert_eq(cgr_parse_line(r, line, strlen(line), 3, &st, &err), 1, "%s", err.message);
    cr_assert_eq(st->kind, ST_ACTION);
    cr_assert_eq(st->verb, V_TALON);
    cr_assert_eq(st->ncards, 0);
    line = "talon Anne 7H"; /* a setup line of cards names no player */
    cr_assert_eq(cgr_parse_line(r, line, strlen(line), 3, &st, &err), -1);
    cr_assert_eq(err.col, 7);
  }
  cgr_close(r);
}

static bool load(const char *text, ruleset_t *rs, rs_error_t *err) {
  return rs_load_text(rs, "test", text, strlen(text), err);
}

Test(bonus, the_keys_as_the_loader_reads_them) {
  ruleset_t rs;
  rs_error_t err;
  const ruleset_t *ma = builtin_rules("modern-american");
  cr_assert_eq(ma->meld.nrank_rules, 2);
  cr_assert_eq(ma->meld.rank_rules[0].rank, RANK_7);
  cr_assert_eq(ma->meld.rank_rules[0].wild, RANK_WILD_NEVER);
  cr_assert_eq(ma->meld.rank_rules[1].wild, RANK_WILD_OPENING);
  cr_assert_eq(ma->meld.rank_rules[1].hold_penalty, 1500);
  cr_assert_eq(ma->bonus.npackets, 2);
  cr_assert_eq(ma->bonus.packets[0].cards + ma->bonus.packets[1].cards, 7);
  cr_assert(ma->discard.not_on_empty[RANK_A] && ma->discard.not_on_empty[RANK_7]);
  cr_assert_not(ma->discard.not_on_empty[RANK_K]);
  cr_assert_eq(ma->nspecial_hands, 11);
  cr_assert(!ma->special_hands[0].wild && ma->special_hands[1].kind == SPECIAL_GROUPS);
  cr_assert_eq(ma->special_hands[0].value, 2500);
  /* classic has none of it */
  const ruleset_t *classic = builtin_rules("classic");
  cr_assert_eq(classic->meld.nrank_rules + classic->bonus.npackets + classic->nspecial_hands, 0);
  cr_assert_eq(classic->meld.wild_from_naturals, 0);
  cr_assert_not(classic->going_out.no_unfinished || classic->discard.wild_last_resort);
  /* a rank rule for a wild rank, a three, or a rank twice is refused */
  const char *bad[] = {
      "{rank: \"2\", wild: never, canasta: 0, unfinished: 0, hold: 0, hold_penalty: 0}",
      "{rank: \"3\", wild: never, canasta: 0, unfinished: 0, hold: 0, hold_penalty: 0}",
      "{rank: K, wild: any, canasta: 0, unfinished: 0, hold: 0, hold_penalty: 0}, "
      "{rank: K, wild: never, canasta: 0, unfinished: 0, hold: 0, hold_penalty: 0}",
      "{rank: K, wild: sometimes, canasta: 0, unfinished: 0, hold: 0, hold_penalty: 0}"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char text[512];
    snprintf(text, sizeof text, "schema: 1\nname: t\nextends: classic\nmeld:\n  rank_rules: [%s]\n",
             bad[i]);
    cr_assert_not(load(text, &rs, &err), "accepted: %s", bad[i]);
  }
  /* packets set aside leave less stock: 4 x 15 + 47 leaves none of 108 */
  cr_assert_not(load("schema: 1\nname: t\nextends: two-player\ntable:\n  - {players: 2, packs: 2, "
                     "deal: 30, teams: 2, partners_apart: false, target: 5000}\nbonus:\n  packets: "
                     "[{cards: 20}, {cards: 20}, {cards: 8}]\n",
                     &rs, &err));
  cr_assert(strstr(err.message, "leave no stock"), "%s", err.message);
}

/* meld.rank_rules: sevens and aces form sets of the rank-rule kind, whose
 * pure canasta earns the rule's bonus; sevens never take a wild card. */
Test(bonus, the_rank_rule_row) {
  static meld_kinds_t k;
  const ruleset_t *ma = builtin_rules("modern-american");
  meld_kinds_build(&k, ma);
  cr_assert_eq(k.of_rank[RANK_7], KIND_RANK_RULE);
  cr_assert_eq(k.of_rank[RANK_A], KIND_RANK_RULE);
  cr_assert_eq(k.of_rank[RANK_K], KIND_SET);
  verdict_t err;
  meld_count_t with_wild = {7, 6, 1}, pure = {7, 7, 0};
  cr_assert_not(meld_judge_set(&k, RANK_7, with_wild, &err, NULL));
  cr_assert_eq(err.code, CODE_WILD_OVERFLOW);
  cr_assert_eq(err.rule, RK_MELD_RANK_RULES);
  cr_assert(meld_judge_set(&k, RANK_A, with_wild, &err, NULL), "%s", err.message);
  cr_assert(meld_judge_set(&k, RANK_7, pure, &err, NULL), "%s", err.message);
  meld_t m;
  memset(&m, 0, sizeof m);
  m.kind = KIND_RANK_RULE;
  m.rank = RANK_7;
  cc_add(&m.cards, card_make(RANK_7, SUIT_S), 7);
  m.naturals = 7;
  cr_assert_eq(score_meld_bonus(&k, &m), 2500);
  cr_assert_eq(score_rank_unfinished(&k, &m), 0);
  cc_take(&m.cards, card_make(RANK_7, SUIT_S), 3);
  m.naturals = 4;
  cr_assert_eq(score_rank_unfinished(&k, &m), -2500);
  /* aces with a wild card (laid in the opening turn) are an ordinary meld */
  m.rank = RANK_A;
  m.wilds = 1;
  cr_assert_null(meld_rank_rule(&k, &m));
  cr_assert_eq(score_rank_unfinished(&k, &m), 0);
}

/* A hand holding three aces costs hold_penalty; two do not. */
Test(bonus, holding_three_of_a_rank) {
  const ruleset_t *ma = builtin_rules("modern-american");
  card_counts_t h;
  cc_clear(&h);
  cc_add(&h, card_make(RANK_A, SUIT_S), 2);
  cr_assert_eq(score_rank_held(ma, &h), 0);
  cc_add(&h, card_make(RANK_A, SUIT_H), 1);
  cr_assert_eq(score_rank_held(ma, &h), -1500);
  cc_add(&h, card_make(RANK_7, SUIT_H), 3);
  cr_assert_eq(score_rank_held(ma, &h), -3000);
}
