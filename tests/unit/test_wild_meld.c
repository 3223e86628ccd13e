/* Melds of wild cards only (wild_meld.*, meld.h): the kind's row, its size,
 * the group a team's meld of wild cards joins, wild_meld.exclusive, the
 * bonus by the jokers it holds and the penalty when unfinished. The figures
 * expected are the docs' (docs/rulesets.md#wild_meld: Modern American's
 * 3,000 / 2,500 / 2,000 and -2,000), written here, not read from the code. */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "helpers.h"
#include "meld.h"
#include "score.h"
#include "scorer.h"

/* Classic with melds of wild cards as wild-meld.yaml sets them (corpus/custom). */
static ruleset_t with_wild_melds(void) {
  ruleset_t r = *builtin_rules("classic");
  r.wild_meld.min_cards = 3;
  r.wild_meld.max_cards = 7;
  r.wild_meld.per_team = WILD_PER_TEAM_ONE_OPEN;
  r.wild_meld.bonus = 2000;
  r.wild_meld.nby_jokers = 2;
  r.wild_meld.by_jokers[0] = (rs_wild_bonus_t){0, 3000};
  r.wild_meld.by_jokers[1] = (rs_wild_bonus_t){4, 2500};
  r.wild_meld.unfinished = 2000;
  r.going_out.no_unfinished = true;
  return r;
}

/* A meld of team `team` of `twos` 2s and `jokers` jokers (or `kings` kings). */
static meld_t a_meld(meld_kind_t kind, int team, unsigned twos, unsigned jokers, unsigned kings) {
  meld_t m;
  memset(&m, 0, sizeof m);
  m.kind = (uint8_t)kind;
  m.team = team;
  m.rank = kind == KIND_WILD_MELD ? -1 : RANK_K;
  m.suit = -1;
  cc_add(&m.cards, card_make(RANK_2, SUIT_C), twos);
  cc_add(&m.cards, CARD_JOKER, jokers);
  cc_add(&m.cards, card_make(RANK_K, SUIT_H), kings);
  m.naturals = kings;
  m.wilds = twos + jokers;
  return m;
}

static mix_t mix_of(const meld_kinds_t *k, card_t a, card_t b, card_t c) {
  card_t cards[3] = {a, b, c};
  return meld_mix(k, cards, NULL, 3, -1);
}

Test(wild_meld, off_in_the_seed_variants) {
  const char *names[] = {"classic", "two-player", "chinese", "italian"};
  for (int i = 0; i < 4; i++) {
    static meld_kinds_t k;
    meld_kinds_build(&k, builtin_rules(names[i]));
    cr_expect_not(k.row[KIND_WILD_MELD].formable, "%s", names[i]);
    for (int r = 0; r < RANK_COUNT; r++) cr_expect_neq(k.of_rank[r], KIND_WILD_MELD);
  }
  static meld_kinds_t cl;
  meld_kinds_build(&cl, builtin_rules("classic"));
  card_t j = CARD_JOKER, two = card_make(RANK_2, SUIT_D);
  mix_t m = mix_of(&cl, j, two, two);
  cr_expect_not(meld_is_wild_mix(&cl, &m), "classic: three wild cards are no meld");
}

Test(wild_meld, any_mix_of_wild_cards_from_three_to_seven) {
  static ruleset_t r;
  r = with_wild_melds();
  static meld_kinds_t k;
  meld_kinds_build(&k, &r);
  card_t j = CARD_JOKER, two = card_make(RANK_2, SUIT_D), king = card_make(RANK_K, SUIT_S);
  card_t s3 = card_make(RANK_3, SUIT_S);
  mix_t all = mix_of(&k, j, two, two), with_king = mix_of(&k, j, two, king);
  mix_t with_three = mix_of(&k, j, two, s3);
  cr_expect(meld_is_wild_mix(&k, &all));
  cr_expect_not(meld_is_wild_mix(&k, &with_king), "a natural makes it a set of kings");
  cr_expect_not(meld_is_wild_mix(&k, &with_three), "a black three is no wild card");
  verdict_t v;
  memset(&v, 0, sizeof v);
  for (unsigned n = 3; n <= 7; n++) cr_expect(meld_judge_wild_meld(&k, n, &v, NULL), "%u", n);
  cr_assert_not(meld_judge_wild_meld(&k, 2, &v, NULL));
  cr_expect_eq(v.code, CODE_MELD_SIZE);
  cr_expect_str_eq(rule_key_name(v.rule), "wild_meld.min_cards");
  cr_assert_not(meld_judge_wild_meld(&k, 8, &v, NULL));
  cr_expect_str_eq(rule_key_name(v.rule), "wild_meld.max_cards");
  cr_expect_str_eq(v.message, "a meld of wild cards with 8 cards, at most 7");
  /* max_cards 0: meld.max_cards caps it, as every meld; both 0: no cap */
  r.wild_meld.max_cards = 0;
  r.meld.max_cards = 9;
  meld_kinds_build(&k, &r);
  cr_expect(meld_judge_wild_meld(&k, 9, &v, NULL));
  cr_assert_not(meld_judge_wild_meld(&k, 10, &v, NULL));
  cr_expect_str_eq(rule_key_name(v.rule), "meld.max_cards");
  r.meld.max_cards = 0;
  meld_kinds_build(&k, &r);
  cr_expect(meld_judge_wild_meld(&k, 30, &v, NULL));
}

/* Modern American's figures: all 2s 3,000; four jokers 2,500; any other
 * mix 2,000; unfinished -2,000. A complete one is a canasta, and a wild one
 * for going_out.wild, never a pure or impure one of a rank. */
Test(wild_meld, bonus_by_jokers_and_the_unfinished_penalty) {
  static ruleset_t r;
  r = with_wild_melds();
  static meld_kinds_t k;
  meld_kinds_build(&k, &r);
  meld_t twos = a_meld(KIND_WILD_MELD, 0, 7, 0, 0), four = a_meld(KIND_WILD_MELD, 0, 3, 4, 0);
  meld_t two_jokers = a_meld(KIND_WILD_MELD, 0, 5, 2, 0), open = a_meld(KIND_WILD_MELD, 0, 1, 3, 0);
  cr_expect_eq(score_meld_bonus(&k, &twos), 3000);
  cr_expect_eq(score_meld_bonus(&k, &four), 2500);
  cr_expect_eq(score_meld_bonus(&k, &two_jokers), 2000);
  cr_expect_eq(score_meld_bonus(&k, &open), -2000);
  meld_t kings = a_meld(KIND_SET, 0, 0, 0, 4);
  cr_expect_eq(score_meld_bonus(&k, &kings), 0, "an unfinished set costs nothing");
  meld_t melds[] = {twos, four, open, kings};
  canastas_t c = meld_canastas(&k, melds, 4, 0);
  cr_expect(c.all == 2 && c.wild_meld == 2 && c.pure + c.impure + c.wild_pure + c.wild_impure == 0);
}

/* wild_meld.per_team: which meld a new group of wild cards joins. */
Test(wild_meld, the_meld_a_new_group_joins) {
  static ruleset_t r;
  r = with_wild_melds();
  static meld_kinds_t k;
  meld_t melds[] = {a_meld(KIND_WILD_MELD, 0, 7, 0, 0), a_meld(KIND_SET, 0, 0, 0, 3),
                    a_meld(KIND_WILD_MELD, 1, 3, 0, 0), a_meld(KIND_WILD_MELD, 0, 2, 1, 0)};
  melds[0].number = 1, melds[1].number = 2, melds[2].number = 1, melds[3].number = 3; /* #N */
  meld_kinds_build(&k, &r);
  cr_expect_eq(meld_wild_meld_to_join(&k, melds, 4, 0), &melds[3], "one_open: the unfinished one");
  cr_expect_null(meld_wild_meld_to_join(&k, melds, 1, 0), "one_open: a complete one is closed");
  r.wild_meld.per_team = WILD_PER_TEAM_ONE;
  meld_kinds_build(&k, &r);
  cr_expect_eq(meld_wild_meld_to_join(&k, melds, 4, 0), &melds[0], "one: the first, complete");
  r.wild_meld.per_team = WILD_PER_TEAM_ANY;
  meld_kinds_build(&k, &r);
  cr_expect_null(meld_wild_meld_to_join(&k, melds, 4, 0), "any: a new one");
  int index = 0;
  cr_expect_eq(meld_unfinished(&k, melds, 4, 0, true, &index), &melds[3]);
  cr_expect_eq(index, 3, "the team's third meld (#3), by its own number");
}

/* wild_meld.exclusive: wild cards go only to the unfinished meld of wild
 * cards while there is one. */
Test(wild_meld, exclusive_keeps_wild_cards_for_the_unfinished_one) {
  static ruleset_t r;
  r = with_wild_melds();
  static meld_kinds_t k;
  meld_t melds[] = {a_meld(KIND_SET, 0, 0, 0, 3), a_meld(KIND_WILD_MELD, 0, 3, 1, 0)};
  verdict_t v;
  memset(&v, 0, sizeof v);
  meld_kinds_build(&k, &r);
  cr_expect(meld_judge_exclusive(&k, melds, 2, 0, &melds[0], 1, &v, NULL), "off by default");
  r.wild_meld.exclusive = true;
  meld_kinds_build(&k, &r);
  cr_expect(meld_judge_exclusive(&k, melds, 2, 0, &melds[0], 0, &v, NULL), "no wild card");
  cr_expect(meld_judge_exclusive(&k, melds, 2, 0, &melds[1], 2, &v, NULL), "onto it");
  cr_expect(meld_judge_exclusive(&k, melds, 2, 1, NULL, 2, &v, NULL), "the other team's");
  cr_assert_not(meld_judge_exclusive(&k, melds, 2, 0, &melds[0], 1, &v, NULL));
  cr_expect_eq(v.code, CODE_WILD_OVERFLOW);
  cr_expect_str_eq(rule_key_name(v.rule), "wild_meld.exclusive");
  cr_assert_not(meld_judge_exclusive(&k, melds, 2, 0, NULL, 3, &v, NULL), "nor a new meld");
  cc_add(&melds[1].cards, CARD_JOKER, 3); /* seven: complete */
  cr_expect(meld_judge_exclusive(&k, melds, 2, 0, &melds[0], 1, &v, NULL));
}

/* Games generated under the custom rulesets of corpus/custom (Modern
 * American's reading, Bolivia's, and exclusive): all legal, and their score
 * lines, the engine's, those of the second scorer (scorer.c, written from
 * docs/rulesets.md). */
Test(wild_meld, generated_games_are_legal_and_scored_as_the_docs_say) {
  const char *names[] = {"wild-meld", "wild-meld-any", "wild-meld-exclusive"};
  for (int i = 0; i < 3; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/corpus/custom/%s.yaml", SOURCE_DIR, names[i]);
    ruleset_t rs;
    rs_error_t err;
    cr_assert(rs_load(&rs, path, &err), "%s: %s", path, err.message);
    for (int players = 2; players <= 4; players += 2) {
      char *buf = NULL;
      size_t len;
      FILE *f = open_memstream(&buf, &len);
      gen_options_t opt = {path, players, 11, 6, 0, false};
      gen_stats_t st;
      char why[512];
      cr_assert_eq(gen_write(&opt, f, &st, why, sizeof why), 0, "%s at %d: %s", names[i],
                   players, why);
      fclose(f);
      cr_expect(strstr(buf, " meld JK JK") || strstr(buf, " meld 2"), "%s: no meld of wild cards",
                names[i]);
      scorer_result_t sc;
      scorer_check(buf, len, &rs, &sc);
      cr_expect(sc.hands > 0 && sc.mismatches == 0,
                "%s at %d players: %d of %d team scores differ from the second scorer's; %s",
                names[i], players, sc.mismatches, sc.compared, sc.first);
      free(buf);
    }
  }
}
