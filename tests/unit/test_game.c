/* Whole records through the game driver: scores, independence of records,
 * nothing lost before an error. Fixtures are corpus records. */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

static char *concat(const char *a, const char *b) {
  char *s = malloc(strlen(a) + strlen(b) + 1);
  strcpy(s, a);
  strcat(s, b);
  return s;
}

Test(game, concealed_going_out_scores_by_part) {
  char *t = slurp("corpus/classic/legal-2p-concealed-out.cgr");
  results_t r;
  run_text(t, &r);
  cr_assert_eq(r.n, 1);
  cr_assert_eq(r.v[0].status, VERDICT_LEGAL, "%s", r.v[0].message);
  const score_parts_t *anne = &r.last_hand[0].team[0];
  cr_assert_eq(anne->melded, 180);
  cr_assert_eq(anne->canastas, 500);
  cr_assert_eq(anne->pure, 1);
  cr_assert_eq(anne->going_out, 200);
  cr_assert_eq(anne->in_hand, 0);
  cr_assert_eq(r.last_hand[0].team[1].in_hand, -130);
  cr_assert(r.last_hand[0].concealed);
  free(t);
}

Test(game, a_game_reaches_its_target) {
  char *t = slurp("corpus/classic/legal-2p-game-5000.cgr");
  results_t r;
  run_text(t, &r);
  cr_assert_eq(r.v[0].status, VERDICT_LEGAL, "%u: %s", r.v[0].line, r.v[0].message);
  cr_assert_eq(r.nhands[0], 3);
  cr_assert_geq(r.total[0][0], 5000);
  cr_assert_eq(r.winner[0], 0);
  free(t);
}

Test(game, records_are_independent) {
  char *legal = slurp("corpus/classic/legal-2p-concealed-out.cgr");
  char *bad = slurp("corpus/classic/illegal-wild-overflow.cgr");
  char *both = concat(bad, legal);
  results_t alone, mixed;
  run_text(legal, &alone);
  run_text(both, &mixed);
  cr_assert_eq(mixed.n, 2);
  cr_assert_eq(mixed.v[0].status, VERDICT_ILLEGAL);
  cr_assert_eq(mixed.v[0].code, CODE_WILD_OVERFLOW);
  cr_assert_eq(mixed.v[1].status, alone.v[0].status);
  cr_assert_eq(mixed.total[1][0], alone.total[0][0]);
  char *reversed = concat(legal, "cgr 1\nvariant classic\nplayer A\nAnne draw 1X\n");
  run_text(reversed, &mixed);
  cr_assert_eq(mixed.v[0].status, VERDICT_LEGAL);
  cr_assert_eq(mixed.v[1].status, VERDICT_MALFORMED);
  free(legal);
  free(bad);
  free(both);
  free(reversed);
}

Test(game, an_error_keeps_the_scores_of_the_hands_before_it) {
  char *t = slurp("corpus/classic/legal-2p-game-5000.cgr");
  char *cut = strstr(t, "hand 2\n");
  cr_assert_not_null(cut);
  strcpy(cut, "hand 2\ndealer Anne\nBruno draw 5H\n");
  results_t r;
  run_text(t, &r);
  cr_assert_eq(r.v[0].status, VERDICT_ILLEGAL);
  cr_assert_eq(r.v[0].code, CODE_DEAL, "no deal lines: %s", r.v[0].message);
  cr_assert_eq(r.nhands[0], 1);
  cr_assert_eq(r.total[0][0], 2210);
  free(t);
}

Test(game, a_claimed_score_is_checked) {
  char *t = slurp("corpus/classic/legal-2p-concealed-out.cgr");
  char *s = strstr(t, "score Anne 880");
  cr_assert_not_null(s);
  memcpy(s, "score Anne 870", 14);
  verdict_t v = judge(t);
  cr_assert_eq(v.code, CODE_SCORE_MISMATCH);
  cr_assert(strstr(v.message, "880"), "%s", v.message);
  free(t);
}

Test(game, header_errors_are_malformed) {
  verdict_t v = judge("cgr 1\nplayer Anne\nhand 1\n");
  cr_assert_eq(v.status, VERDICT_MALFORMED);
  cr_assert(strstr(v.message, "variant"), "%s", v.message);
  v = judge("variant classic\n");
  cr_assert_eq(v.status, VERDICT_MALFORMED);
  cr_assert_eq(v.line, 1);
  v = judge("cgr 2\n");
  cr_assert_eq(v.status, VERDICT_MALFORMED);
  cr_assert_eq(v.col, 5);
  v = judge("cgr 1\nvariant classic\nplayer Anne\nplayer Bruno\nhand 1\ndealer Zoe\n");
  cr_assert_eq(v.status, VERDICT_MALFORMED);
  cr_assert(strstr(v.message, "unknown player Zoe"), "%s", v.message);
  cr_assert_eq(v.col, 8);
}

Test(game, seating_follows_the_ruleset) {
  verdict_t v = judge("cgr 1\nvariant classic\nplayer A\nhand 1\n");
  cr_assert_eq(v.code, CODE_SEATING);
  cr_assert(strstr(v.message, "1 player: "), "%s", v.message);
  v = judge("cgr 1\nvariant classic\nplayer A team X\nplayer B team X\nplayer C team Y\n"
            "player D team Y\nhand 1\n");
  cr_assert_eq(v.code, CODE_SEATING);
  cr_assert(strstr(v.message, "side by side"), "%s", v.message);
}

Test(game, a_bad_line_between_records_belongs_to_the_second) {
  char *legal = slurp("corpus/classic/legal-2p-concealed-out.cgr");
  char *both = concat(legal, "# Ren\xe9's record\ncgr 1\nvariant classic\n");
  results_t r;
  run_text(both, &r);
  cr_assert_eq(r.n, 2);
  cr_assert_eq(r.v[0].status, VERDICT_LEGAL, "%s", r.v[0].message);
  cr_assert_eq(r.v[1].status, VERDICT_MALFORMED);
  cr_assert(strstr(r.v[1].message, "UTF-8"), "%s", r.v[1].message);
  free(legal);
  free(both);
}

Test(game, a_stock_line_longer_than_the_packs_is_refused) {
  char *t = slurp("corpus/classic/legal-2p-concealed-out.cgr");
  char *pile = strstr(t, "pile 8D");
  cr_assert_not_null(pile);
  size_t pre = (size_t)(pile - t);
  char *big = malloc(strlen(t) + 4000);
  memcpy(big, t, pre);
  strcpy(big + pre, "stock");
  for (int i = 0; i < 1000; i++) strcat(big, " JK");
  strcat(big, "\n");
  strcat(big, pile);
  verdict_t v = judge(big);
  cr_assert_eq(v.code, CODE_DEAL);
  cr_assert(strstr(v.message, "lists 1000 cards, the 2 packs hold 108"), "%s", v.message);
  free(t);
  free(big);
}

/* A verdict cites the ruleset key that gives the number in its sentence.
 * A PILE-FROZEN sentence says how many naturals the take needs:
 * that number is pile.unfreeze_naturals, whatever froze the pile (the wild
 * card or red three in it, pile.frozen_by; the team not opened,
 * pile.frozen_for_unopened; the covered upcard, pile.cover_freezes — the
 * sentence names that cause). */
static const char *const frozen_records[] = {
    "corpus/classic/illegal-pile-frozen.cgr",          "corpus/classic/illegal-pile-frozen-bare.cgr",
    "corpus/two-player/illegal-pile-frozen-wild.cgr",  "corpus/two-player/illegal-pile-frozen-unopened.cgr",
    "corpus/chinese/illegal-pile-frozen.cgr",          "corpus/chinese/illegal-pile-frozen-later.cgr",
};

Test(game, pile_frozen_cites_the_key_of_its_number) {
  for (size_t i = 0; i < sizeof frozen_records / sizeof *frozen_records; i++) {
    char *text = slurp(frozen_records[i]);
    verdict_t v = judge(text);
    free(text);
    cr_assert_eq(v.code, CODE_PILE_FROZEN, "%s: not PILE-FROZEN", frozen_records[i]);
    cr_expect(strstr(v.message, "needs 2 natural") != NULL, "%s: %s", frozen_records[i], v.message);
    cr_expect_eq(v.rule, RK_PILE_UNFREEZE_NATURALS, "%s cites %s", frozen_records[i],
                 rule_key_name(v.rule));
  }
}

/* opening.judged: the same opening turn under its three readings. Anne lays
 * 7s (15) and queens (70) in one turn, in either order, at a team total of 0
 * (50 needed): the turn together passes; each meld alone fails at the 7s;
 * the first meld alone fails only when the 7s come first. */
static verdict_t opening_turn(const char *variant, const char *first, const char *second) {
  char text[1024];
  snprintf(text, sizeof text,
           "cgr 1\nvariant %s\nplayer Anne\nplayer Bruno\nhand 1\ndealer Bruno\n"
           "deal Anne QH QS QD QC QH QS QD AH AS AD 7H 7S 7D 9H 5C\n"
           "deal Bruno 4S 4H 5S 5H 6S 6H 7S 7H TS TH TD 8S 8H 3S JH\npile 8D\n"
           "Anne draw 9S\nAnne meld %s\nAnne meld %s\nAnne discard 5C\n"
           "Bruno draw 4C\nBruno discard 4C\nAnne draw 9D\nAnne meld AH AS AD\n"
           "Anne meld 9H 9S 9D\n",
           variant, first, second);
  return judge(text);
}

Test(game, the_opening_judged_by_turn_by_meld_or_first_meld) {
  const char *sevens = "7H 7S 7D", *queens = "QH QS QD QC QH QS QD";
  const char *each = SOURCE_DIR "/corpus/custom/opening-each-meld.yaml";
  const char *first = SOURCE_DIR "/corpus/custom/opening-first-meld.yaml";
  const struct { const char *variant, *a, *b; code_t code; unsigned line; } cases[] = {
      {"classic", sevens, queens, CODE_NONE, 0}, {"classic", queens, sevens, CODE_NONE, 0},
      {each, sevens, queens, CODE_OPENING_MINIMUM, 11},
      {each, queens, sevens, CODE_OPENING_MINIMUM, 12},
      {first, sevens, queens, CODE_OPENING_MINIMUM, 11}, {first, queens, sevens, CODE_NONE, 0}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    verdict_t v = opening_turn(cases[i].variant, cases[i].a, cases[i].b);
    cr_expect_eq(v.status, cases[i].code ? VERDICT_ILLEGAL : VERDICT_LEGAL, "case %zu: %s", i,
                 v.message);
    cr_expect_eq(v.code, cases[i].code, "case %zu: %s", i, v.message);
    if (cases[i].line) cr_expect_eq(v.line, cases[i].line, "case %zu: line %u", i, v.line);
  }
}
