/* The special hands' matcher (special.c, special_hands) tested directly:
 * each of Modern American's eleven rows takes the example hand of the
 * Canasta League of America's rules (as docs/variants/modern-american.md,
 * rule 15, quotes them) and refuses its near misses; a row's shape and a
 * hand's in words; the loader's rows. Whole records are corpus/modern-american's. */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "ruleset_yaml.h"
#include "special.h"

/* "7S 7S KH" as counts. */
static card_counts_t hand(const char *text) {
  card_counts_t h;
  cc_clear(&h);
  for (const char *p = text; *p;) {
    card_t c;
    size_t n = card_decode(p, &c);
    cr_assert_gt(n, 0, "bad card at \"%s\"", p);
    cc_add(&h, c, 1);
    p += n;
    while (*p == ' ') p++;
  }
  return h;
}

static const rs_special_hand_t *row(const ruleset_t *rs, const char *name) {
  for (int i = 0; i < rs->nspecial_hands; i++)
    if (strcmp(rs->special_hands[i].name, name) == 0) return &rs->special_hands[i];
  cr_assert_fail("no row %s", name);
  return NULL;
}

/* The name of the first row the cards are, "" for none. */
static const char *kind_of(const char *cards) {
  const ruleset_t *ma = builtin_rules("modern-american");
  card_counts_t h = hand(cards);
  const rs_special_hand_t *s = special_of(ma, &h);
  return s ? s->name : "";
}

Test(special, the_sources_examples_are_their_hands) {
  static const struct { const char *cards, *name; } ok[] = {
      {"6S 6H 7S 7H 8S 8H 9S 9H JS JH QS QH KS KH", "Pairs"},
      {"6S 6H 9S 9H JS JH QS QH 7S 7H AS AH 2S 2H", "Wild Pairs"},
      {"6S 6H 9S 9H JS JH QS QH 7S 7H AS AH JK JK", "Wild Pairs"},
      {"6S 6H 9S 9H QS QH 7S 7H AS AH 2S 2H JK JK", "Miami Pairs"},
      {"8S 8H JK JK QS QH QD KS KH KD 4S 4H 4D 4C", "Zip Code"},
      {"8S 8H 5S 5H QS QH QD KS KH KD 4S 4H 4D 4C", "Zip Code"},
      {"AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS JK", "Straight"},
      {"AS 2H 3D 4C 5S 6H 7D 8C 9S TH JD QC KS JK", "Straight"},
      {"8S 8H 8D 8C QS QH QD QC 5S 5H 5D KS KH KD", "Garbage"},
      {"KS KH KD KC KS QS QH QD QC 8S 8H 8D 2S 2H", "Blast Off"},
      {"KS KH KD KC KS QS QH QD QC 8S 8H 8D 6S 6H", "Blast Off"},
      {"8S 8H 8D QS QH QD KS KH KD 4S 4H 4D JK JK", "Triples"},
      {"8S 8H 8D 8C QS QH QD QC KS KH KD KC 2S 2H", "Quads"},
      {"4S 4H 4D 4C 4S KS KH KD KC KS JK JK JK JK", "Dream Hand Plus 4"},
      {"4S 4H 4D 4C 4S KS KH KD KC KS 2S 2H 2D 2C", "Dream Hand Plus 4"},
      {"4S 4H 4D 4C 4S KS KH KD KC 2S 2H 2D JK JK", "Dream Hand Plus 5"}, /* and a Blast Off */
      {"4S 4H 4D 4C 4S KS KH KD KC 2S 2H 2D 2C 2S", "Dream Hand Plus 5"}};
  for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
    cr_expect_str_eq(kind_of(ok[i].cards), ok[i].name, "%s", ok[i].cards);
}

Test(special, near_misses_are_no_hand) {
  static const char *no[] = {
      "6S 6H 9S 9H JS JH QS QH KS KH AS AH 2S 2H", /* wild pairs without sevens */
      "6S 6H 9S 9H JS JH QS QH 7S 7H AS AH 2S JK", /* a wild pair not matching */
      "6S 6H 9S 9H QS QH 7S 7H AS AH 2S 2H 2D 2C", /* both wild pairs of twos: one rank */
      "8S 8H KS 2H QS QH QD KS KH KD 4S 4H 4D 4C", /* a group of naturals and a wild card */
      "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2H", /* a straight's fourteenth card a two */
      "AS 2S 4S 4H 5S 6S 7S 8S 9S TS JS QS KS JK", /* a straight without its three */
      "8S 8H 8D 8C QS QH QD QC 5S 5H 5D KS KH JK", /* garbage with a wild card */
      "8S 8H 8D 8C QS QH QD QC 5S 5H 5D KS KH 9S", /* 4-4-3-2-1 is no garbage */
      "8S 8H 8D 3S 3H 3D KS KH KD 4S 4H 4D JK JK", /* triples of threes: bonus cards */
      "8S 8H 8D QS QH QD KS KH KD 4S 4H 4D 2S JK", /* triples with mixed wild cards */
      "4S 4H 4D 4C 4S KS KH KD KC KS 2S 2H JK JK", /* dream 4 with mixed wild cards */
      "4S 4H 4D 4C 4S KS KH KD KC 2S 2H 2D JK 5S"}; /* dream 5 with four wild cards */
  for (size_t i = 0; i < sizeof no / sizeof *no; i++)
    cr_expect_str_eq(kind_of(no[i]), "", "%s", no[i]);
}

/* The pairs kind keeps its meaning: a rank held four times is two pairs,
 * and a wild card makes it the with-wild row, which rules out ... */
Test(special, the_pairs_kind_keeps_its_meaning) {
  const ruleset_t *ma = builtin_rules("modern-american");
  card_counts_t four = hand("6S 6H 6D 6C 8S 8H 9S 9H JS JH QS QH KS KH");
  cr_expect(special_fits(ma, row(ma, "Pairs"), &four));
  /* ... and the groups kind has one group a rank: the four is no two pairs there */
  cr_expect_not(special_fits(ma, row(ma, "Wild Pairs"), &four));
  card_counts_t wild = hand("6S 6H 9S 9H JS JH QS QH 7S 7H AS AH 2S 2H");
  cr_expect_not(special_fits(ma, row(ma, "Pairs"), &wild));
}

/* The kept three (special_keep_three) counts in a straight, and in no other hand. */
Test(special, a_three_only_in_a_straight) {
  const ruleset_t *ma = builtin_rules("modern-american");
  card_counts_t h = hand("6S 6H 7S 7H 8S 8H 9S 9H JS JH QS QH KS 3H");
  cr_expect_null(special_of(ma, &h));
  /* a pair of threes is no pair */
  cr_expect_str_eq(kind_of("AS AH 7S 7H 8S 8H 9S 9H JS JH QS QH 3S 3H"), "");
  cr_expect_str_eq(kind_of("AS 2S 3S 3H 5S 6S 7S 8S 9S TS JS QS KS JK"), "");
}

Test(special, rows_and_hands_in_words) {
  const ruleset_t *ma = builtin_rules("modern-american");
  char out[200];
  special_describe(row(ma, "Zip Code"), out, sizeof out);
  cr_expect_str_eq(out, "Zip Code (4-3-3-2-2, a group may be matching wild cards: 2500)");
  special_describe(row(ma, "Wild Pairs"), out, sizeof out);
  cr_expect_str_eq(out, "Wild Pairs (2-2-2-2-2-2 + 2 matching wild, with 7 A: 2000)");
  special_describe(row(ma, "Dream Hand Plus 5"), out, sizeof out);
  cr_expect_str_eq(out, "Dream Hand Plus 5 (5-4 + 5 wild: 8500)");
  special_describe(row(ma, "Straight"), out, sizeof out);
  cr_expect_str_eq(out, "Straight (one of each rank A..K + 1 matching wild, with JK: 3000)");
  card_counts_t h = hand("8S 8H JK JK QS QH QD KS KH 2D 4S 4H 4D 4C");
  special_shape(ma, &h, out, sizeof out);
  cr_expect_str_eq(out, "4-3-2-2 + 2D + JK + JK");
}

static bool load(const char *rows, ruleset_t *rs, rs_error_t *err) {
  char text[512];
  snprintf(text, sizeof text, "schema: 1\nname: t\nextends: classic\nspecial_hands: [%s]\n", rows);
  return rs_load_text(rs, "test", text, strlen(text), err);
}

Test(special, the_loader_reads_and_refuses_rows) {
  ruleset_t rs;
  rs_error_t err;
  cr_assert(load("{kind: groups, groups: [4, 4, 3, 3], value: 3000}", &rs, &err), "%s", err.message);
  cr_expect_eq(rs.special_hands[0].ngroups, 4);
  cr_expect_eq(rs.special_hands[0].groups[2], 3);
  cr_expect_not(rs.special_hands[0].wild || rs.special_hands[0].ends_game);
  cr_expect_not(load("{kind: groups, groups: [15], value: 1}", &rs, &err));
  cr_expect_not(load("{kind: groups, groups: [0], value: 1}", &rs, &err));
  cr_expect_not(load("{kind: triples, value: 1}", &rs, &err));
  cr_expect_not(load("{kind: groups, groups: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], value: 1}",
                     &rs, &err));
  cr_expect_not(load("{kind: groups, groups: 4, value: 1}", &rs, &err));
  cr_expect_not(load("{kind: pairs}", &rs, &err)); /* the value is given */
}

/* The rows written as YAML (rs_write_yaml) read back as they were. */
Test(special, the_rows_round_trip) {
  const ruleset_t *ma = builtin_rules("modern-american");
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  rs_write_yaml(f, ma);
  fclose(f);
  ruleset_t back;
  rs_error_t err;
  cr_assert(rs_load_text(&back, "back", text, len, &err), "%s", err.message);
  cr_expect_eq(back.nspecial_hands, ma->nspecial_hands);
  cr_expect_eq(memcmp(back.special_hands, ma->special_hands,
                      sizeof ma->special_hands[0] * (size_t)ma->nspecial_hands), 0);
  cr_expect(back.special_keep_three);
  free(text);
}
