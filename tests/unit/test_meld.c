/* Meld judging (meld.h) tested directly: every kind of meld, every form of
 * wild limit, sequences, wild sets and black threes, table-driven over the
 * shipped rulesets. Each row is a group of cards laid as a new meld; the
 * expectation is the code and ruleset key of the first broken rule, or none. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "meld.h"

/* Cards from their record names ("KH 2C JK"). */
static unsigned parse_cards(const char *text, card_t *out) {
  unsigned n = 0;
  char buf[256];
  snprintf(buf, sizeof buf, "%s", text);
  for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
    if (strcmp(w, "JK") == 0) {
      out[n++] = CARD_JOKER;
      continue;
    }
    int rank = card_rank_parse((char[]){w[0], '\0'});
    const char *suits = "SHDC";
    int suit = (int)(strchr(suits, w[1]) - suits);
    cr_assert(rank >= 0 && strchr(suits, w[1]), "bad card %s in the test table", w);
    out[n++] = card_make(rank, suit);
  }
  return n;
}

static const ruleset_t *rules(const char *name) { return builtin_rules(name); }

/* The kind table of a ruleset, as the engine builds it when a hand begins
 * (one slot per name, kept for the test's process). */
static const meld_kinds_t *kinds_of(const ruleset_t *rs) {
  static meld_kinds_t slot[4];
  static int used;
  for (int i = 0; i < used; i++)
    if (slot[i].rs == rs) return &slot[i];
  cr_assert(used < 4, "more rulesets than kind slots");
  meld_kinds_build(&slot[used], rs);
  return &slot[used++];
}

/* A new meld of these cards, judged as the engine judges `meld`. */
static verdict_t judge_new_meld(const ruleset_t *rs, const card_t *c, unsigned n,
                                bool *going_out_only) {
  const meld_kinds_t *k = kinds_of(rs);
  verdict_t v;
  memset(&v, 0, sizeof v);
  *going_out_only = false;
  if (meld_looks_like_sequence(k, c, n)) {
    meld_run_t run;
    meld_judge_sequence(k, meld_sequence_suit(k, c, n), (meld_run_t){0, 0}, c, n, &run, &v, NULL);
    return v;
  }
  mix_t m = meld_mix(k, c, NULL, n, -1);
  if (meld_judge_mix(k, &m, going_out_only, &v, NULL))
    meld_judge_set(k, m.rank, meld_count(NULL, &m), &v, NULL);
  return v;
}

typedef struct {
  const char *rules, *cards;
  code_t code;     /* CODE_NONE: legal */
  const char *key; /* the ruleset key named, or NULL */
} meld_case_t;

static const meld_case_t cases[] = {
  /* sets: size, naturals, rank */
  {"classic", "KH KS KD", CODE_NONE, NULL},
  {"classic", "KH KS", CODE_MELD_SIZE, "meld.min_cards"},
  {"classic", "KH KS QD", CODE_MELD_RANK, NULL},
  {"classic", "KH 2C JK", CODE_MELD_NATURALS, "meld.min_naturals"},
  {"two-player", "KH 2C JK", CODE_MELD_NATURALS, "meld.min_naturals"}, /* R8 */
  {"two-player", "KH KS JK", CODE_NONE, NULL},
  {"classic", "2C 2D JK", CODE_MELD_NATURALS, "meld.min_naturals"},
  {"classic", "3H 3D 3H", CODE_MELD_THREE, NULL},
  {"classic", "KH KS 3D", CODE_MELD_THREE, NULL},
  /* meld.max_wild */
  {"classic", "KH KS KD 2C 2D JK", CODE_NONE, NULL},
  {"classic", "KH KS KD 2C 2D JK JK", CODE_WILD_OVERFLOW, "meld.max_wild"},
  /* meld.wild_limits: a 3-card meld holds one wild card, a 4-card meld two */
  {"chinese", "KH KS 2C", CODE_NONE, NULL},
  {"chinese", "KH 2C JK", CODE_MELD_NATURALS, "meld.min_naturals"},
  {"chinese", "KH KS KD 2C 2D", CODE_NONE, NULL},
  {"chinese", "KH KS 2D 2C", CODE_NONE, NULL},
  {"chinese", "KH KS KD 2C 2D JK", CODE_NONE, NULL},
  {"chinese", "KH KS 2C 2D JK", CODE_NONE, NULL},
  {"chinese", "KH KS KD 2C 2D JK JK", CODE_WILD_OVERFLOW, "meld.max_wild"},
  /* meld.wild_below_naturals */
  {"italian", "KH KS KD 2C", CODE_NONE, NULL},
  {"italian", "KH KS KD 2C 2D JK", CODE_WILD_OVERFLOW, "meld.wild_below_naturals"},
  {"italian", "KH KS 2C", CODE_MELD_NATURALS, "meld.min_naturals"},
  /* canasta.min_naturals */
  {"classic", "KH KS KD KC 2C 2D JK", CODE_NONE, NULL},
  /* wild sets: a set of 2s where meld.wild_sets names them */
  {"chinese", "2C 2D 2H", CODE_NONE, NULL},
  {"chinese", "2C 2D 2H JK", CODE_NONE, NULL},
  {"italian", "JK JK JK", CODE_NONE, NULL},
  /* black threes */
  {"classic", "3S 3C 3S", CODE_NONE, NULL},
  {"classic", "3S 3C 2D", CODE_MELD_THREE, "meld.black_threes_wild"},
  {"italian", "3S 3C 3S", CODE_MELD_THREE, "meld.black_threes"},
  /* sequences */
  {"italian", "4H 5H 6H", CODE_NONE, NULL},
  {"italian", "4H 5H 7H", CODE_MELD_RANK, NULL},
  {"italian", "3H 4H 5H", CODE_MELD_RANK, "sequence.low"},
  {"italian", "4H 5H 6H 7H 8H 9H TH JH", CODE_MELD_SIZE, "sequence.max_cards"},
  {"italian", "4H 5H", CODE_MELD_SIZE, "sequence.min_cards"},
};

Test(meld, every_kind_of_meld_and_limit) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const meld_case_t *k = &cases[i];
    card_t c[32];
    unsigned n = parse_cards(k->cards, c);
    bool going_out_only;
    verdict_t v = judge_new_meld(rules(k->rules), c, n, &going_out_only);
    cr_expect_eq(v.code, k->code, "%s: %s: code %s, expected %s (%s)", k->rules, k->cards,
                 code_name(v.code), code_name(k->code), v.message);
    if (k->code != CODE_NONE)
      cr_expect(k->key ? v.rule != RK_NONE && strcmp(rule_key_name(v.rule), k->key) == 0
                     : v.rule == RK_NONE,
                "%s: %s: key %s, expected %s", k->rules, k->cards,
                v.rule != RK_NONE ? rule_key_name(v.rule) : "(none)", k->key ? k->key : "(none)");
  }
}

Test(meld, wild_limits_by_size) {
  /* the Chinese limits with one natural enough, so that the limits decide */
  ruleset_t rs = *rules("chinese");
  rs.meld.min_naturals = 1;
  const struct { const char *cards; code_t code; } rows[] = {
    {"KH KS 2C", CODE_NONE}, {"KH 2C JK", CODE_WILD_OVERFLOW},
    {"KH KS 2C JK", CODE_NONE}, {"KH 2C 2D JK", CODE_WILD_OVERFLOW},
    {"KH 2C 2D JK 2H", CODE_WILD_OVERFLOW}, {"KH KS 2C 2D JK", CODE_NONE}};
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    card_t c[8];
    unsigned n = parse_cards(rows[i].cards, c);
    bool going_out_only;
    verdict_t v = judge_new_meld(&rs, c, n, &going_out_only);
    cr_expect_eq(v.code, rows[i].code, "%s: %s", rows[i].cards, v.message);
    if (rows[i].code != CODE_NONE)
      cr_expect_eq(v.rule, n < 5 ? RK_MELD_WILD_LIMITS : RK_MELD_MAX_WILD, "%s", rows[i].cards);
  }
}

Test(meld, black_threes_are_melded_only_to_go_out_where_the_rules_say_so) {
  card_t c[8];
  unsigned n = parse_cards("3S 3C 3S", c);
  bool going_out_only;
  verdict_t v = judge_new_meld(rules("classic"), c, n, &going_out_only);
  cr_assert_eq(v.code, CODE_NONE);
  cr_assert(going_out_only);
}

Test(meld, a_set_judged_with_the_meld_it_joins) {
  /* three kings on the table with two wild cards: one more wild is the third */
  verdict_t v;
  memset(&v, 0, sizeof v);
  const meld_kinds_t *k = kinds_of(rules("classic"));
  cr_assert(meld_judge_set(k, RANK_K, (meld_count_t){6, 3, 3}, &v, NULL));
  cr_assert_not(meld_judge_set(k, RANK_K, (meld_count_t){7, 3, 4}, &v, NULL));
  cr_assert_eq(v.code, CODE_WILD_OVERFLOW);
  cr_assert_str_eq(v.message, "meld of kings would hold 4 wild cards, at most 3");
}

Test(meld, canastas_by_kind) {
  const meld_kinds_t *kinds = kinds_of(rules("chinese"));
  meld_t m[3];
  memset(m, 0, sizeof m);
  card_t c[16];
  const char *groups[3] = {"KH KS KD KC KH KS KD", "2C 2D 2H 2S 2C 2D JK", "QH QS QD 2C"};
  int ranks[3] = {RANK_K, RANK_2, RANK_Q};
  for (int i = 0; i < 3; i++) {
    unsigned n = parse_cards(groups[i], c);
    for (unsigned j = 0; j < n; j++) cc_add(&m[i].cards, c[j], 1);
    m[i].rank = ranks[i];
    m[i].suit = -1;
    m[i].kind = kinds->of_rank[ranks[i]];
    m[i].naturals = cc_rank_count(&m[i].cards, ranks[i]);
    m[i].wilds = m[i].cards.total - m[i].naturals;
  }
  canastas_t k = meld_canastas(kinds, m, 3, 0);
  cr_assert_eq(k.all, 2);
  cr_assert_eq(k.pure, 1);
  cr_assert_eq(k.wild_impure, 1);
  cr_assert_not(meld_is_canasta(kinds, &m[2]));
}

/* What a kind is made of is its row, set once by meld_kinds_build: the
 * meld of wild cards has no rank, a set of 2s (meld.wild_sets) a wild rank,
 * black threes their own judgement, and only sets of a natural rank that
 * take wild cards let meld.wild_from_naturals bind them. The judges ask the
 * row, never the tag: a row changed changes how a meld is counted. */
Test(meld, what_a_kind_is_made_of_is_its_row) {
  const meld_kinds_t *cn = kinds_of(rules("chinese"));
  for (int t = 0; t < KIND_COUNT; t++) {
    const meld_row_t *row = &cn->row[t];
    cr_expect_eq(row->rank_less, t == KIND_WILD_MELD, "kind %d", t);
    cr_expect_eq(row->wild_rank, t == KIND_WILD_SET, "kind %d", t);
    cr_expect_eq(row->black_threes, t == KIND_BLACK3, "kind %d", t);
    cr_expect_eq(row->rank_rules, t == KIND_RANK_RULE, "kind %d", t);
    cr_expect_eq(row->wild_entry,
                 t == KIND_SET || t == KIND_NATURAL_SET || t == KIND_RANK_RULE, "kind %d", t);
  }
  cr_expect(meld_set_row(cn, RANK_2)->wild_rank);
  cr_expect(meld_set_row(cn, RANK_3)->black_threes);

  static meld_kinds_t k;
  k = *cn;
  meld_t m;
  memset(&m, 0, sizeof m);
  card_t c[8];
  for (unsigned j = 0, n = parse_cards("KH KS KD KC KH KS 2C", c); j < n; j++)
    cc_add(&m.cards, c[j], 1);
  m.rank = RANK_K;
  m.kind = KIND_SET;
  m.naturals = 6;
  m.wilds = 1;
  cr_expect_eq(meld_canastas(&k, &m, 1, 0).impure, 1);
  k.row[KIND_SET].wild_rank = true;
  cr_expect_eq(meld_canastas(&k, &m, 1, 0).wild_impure, 1, "a row of a wild rank");
  k.row[KIND_SET].rank_less = true;
  cr_expect_eq(meld_canastas(&k, &m, 1, 0).wild_meld, 1, "a row of no rank");
}

Test(meld, wild_set_fill_only_for_missing_copies) {
  const ruleset_t *it = rules("italian"), *cn = rules("chinese");
  const struct {
    const ruleset_t *rs;
    int rank;
    unsigned others, copies;
    bool legal;
  } rows[] = {
    {it, RANK_2, 0, 12, true},      {it, RANK_2, 1, 12, false},  /* seven 2s, nothing else */
    {it, RANK_JOKER, 1, 6, true},   {it, RANK_JOKER, 2, 6, false}, /* six jokers and a 2 */
    {it, RANK_JOKER, 1, 8, false},  {it, RANK_JOKER, 0, 8, true},  /* 7 jokers of 8 */
    {cn, RANK_2, 3, 12, true},                                     /* any: the meld's limits */
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    verdict_t v;
    memset(&v, 0, sizeof v);
    bool ok = meld_judge_wild_set_fill(kinds_of(rows[i].rs), rows[i].rank, rows[i].others, rows[i].copies,
                                       &v, NULL);
    cr_expect_eq(ok, rows[i].legal, "row %zu: %s", i, v.message);
    if (!ok) cr_expect_eq(v.rule, RK_MELD_WILD_SET_FILL);
  }
  meld_t m;
  memset(&m, 0, sizeof m);
  m.rank = RANK_JOKER;
  m.suit = -1;
  m.kind = kinds_of(it)->of_rank[RANK_JOKER];
  m.wilds = 1;
  cr_expect(meld_is_pure(kinds_of(it), &m), "a joker set's filling 2 keeps it pure");
  m.rank = RANK_K;
  m.kind = kinds_of(it)->of_rank[RANK_K];
  cr_expect_not(meld_is_pure(kinds_of(it), &m));
}

/* A card beyond either end of the sequence names that end's key. */
Test(meld, a_sequence_beyond_its_high_end_names_sequence_high) {
  ruleset_t rs = *rules("italian");
  rs.sequence.high = RANK_K;
  card_t c[8];
  unsigned n = parse_cards("JH QH KH AH", c);
  meld_run_t run;
  verdict_t v;
  memset(&v, 0, sizeof v);
  meld_kinds_t k;
  meld_kinds_build(&k, &rs);
  cr_assert_not(meld_judge_sequence(&k, card_suit(c[0]), (meld_run_t){0, 0}, c, n, &run, &v, NULL));
  cr_expect_eq(v.code, CODE_MELD_RANK);
  cr_expect_str_eq(rule_key_name(v.rule), "sequence.high");
  cr_expect(strstr(v.message, "from 4 to K"), "%s", v.message);
}

/* A kind's limits are its row: a set decides its kind by rank once, and a
 * row's size bound or its refusal of wild cards is judged by meld_judge_set
 * alone (what a ruleset key capping a set at seven cards, or keeping wild
 * cards off the sevens, would set). */
Test(meld, kinds_by_rank_and_their_rows) {
  const meld_kinds_t *cl = kinds_of(rules("classic")), *cn = kinds_of(rules("chinese"));
  cr_expect_eq(cl->of_rank[RANK_3], KIND_BLACK3);
  cr_expect_eq(cl->of_rank[RANK_K], KIND_SET);
  cr_expect_eq(cl->of_rank[RANK_2], KIND_SET, "classic has no sets of 2s");
  cr_expect_eq(cn->of_rank[RANK_2], KIND_WILD_SET);
  cr_expect_not(cl->row[KIND_SEQUENCE].formable, "classic has no sequences");
  cr_expect(kinds_of(rules("italian"))->row[KIND_SEQUENCE].formable);

  meld_kinds_t k = *cl;
  verdict_t v;
  memset(&v, 0, sizeof v);
  cr_assert(meld_judge_set(&k, RANK_K, (meld_count_t){8, 8, 0}, &v, NULL));
  k.row[KIND_SET].max_cards = 7;
  k.row[KIND_SET].max_key = RK_CANASTA_MIN_CARDS; /* any key: the row names it */
  cr_assert(meld_judge_set(&k, RANK_K, (meld_count_t){7, 7, 0}, &v, NULL));
  cr_assert_not(meld_judge_set(&k, RANK_K, (meld_count_t){8, 8, 0}, &v, NULL));
  cr_expect_eq(v.code, CODE_MELD_SIZE);
  cr_expect_eq(v.rule, RK_CANASTA_MIN_CARDS);
  cr_expect_str_eq(v.message, "a meld of kings with 8 cards, at most 7");

  k = *cl;
  k.row[KIND_SET].wild = false;
  k.row[KIND_SET].wild_key = RK_CARDS_WILD;
  cr_assert(meld_judge_set(&k, RANK_7, (meld_count_t){4, 4, 0}, &v, NULL));
  cr_assert_not(meld_judge_set(&k, RANK_7, (meld_count_t){4, 3, 1}, &v, NULL));
  cr_expect_eq(v.code, CODE_WILD_OVERFLOW);
  cr_expect_eq(v.rule, RK_CARDS_WILD);
  cr_expect_str_eq(v.message, "a meld of 7s takes no wild card, this one would hold 1");
}

/* meld_count: the one place a set's counts are made, a new set or one
 * joining a meld on the table. */
Test(meld, counts_of_a_set_as_it_would_stand) {
  const meld_kinds_t *k = kinds_of(rules("classic"));
  card_t c[8];
  unsigned n = parse_cards("KH KS JK 2C", c);
  mix_t x = meld_mix(k, c, NULL, n, -1);
  meld_count_t alone = meld_count(NULL, &x);
  cr_expect(alone.n == 4 && alone.nat == 2 && alone.wild == 2);
  meld_t m;
  memset(&m, 0, sizeof m);
  for (unsigned i = 0; i < parse_cards("KD KC KD JK", c); i++) cc_add(&m.cards, c[i], 1);
  m.rank = RANK_K;
  m.naturals = 3;
  m.wilds = 1;
  meld_count_t joined = meld_count(&m, &x);
  cr_expect(joined.n == 8 && joined.nat == 5 && joined.wild == 3);
}

/* meld.max_cards fills the size bound of every row of one rank (sets, wild
 * sets, black threes) and leaves sequences to sequence.max_cards; 0 leaves
 * them unbounded. */
Test(meld, max_cards_caps_the_rows_of_one_rank) {
  static ruleset_t r;
  r = *rules("chinese");
  static meld_kinds_t k;
  meld_kinds_build(&k, &r);
  cr_expect_eq(k.row[KIND_SET].max_key, RK_NONE, "0: no cap");
  r.meld.max_cards = 7;
  meld_kinds_build(&k, &r);
  for (int t = 0; t < KIND_COUNT; t++) {
    if (t == KIND_SEQUENCE) continue;
    cr_expect_eq(k.row[t].max_cards, 7, "kind %d", t);
    cr_expect_eq(k.row[t].max_key, RK_MELD_MAX_CARDS, "kind %d", t);
  }
  cr_expect_eq(k.row[KIND_SEQUENCE].max_key, RK_SEQUENCE_MAX_CARDS);
  verdict_t v;
  memset(&v, 0, sizeof v);
  cr_assert(meld_judge_set(&k, RANK_2, (meld_count_t){7, 7, 0}, &v, NULL));
  cr_assert_not(meld_judge_set(&k, RANK_K, (meld_count_t){8, 6, 2}, &v, NULL));
  cr_expect_eq(v.code, CODE_MELD_SIZE);
  cr_expect_str_eq(rule_key_name(v.rule), "meld.max_cards");
}

/* meld.natural_ranks: a set of those ranks is a kind of its own whose row
 * takes no wild card; the other ranks stay plain sets. */
Test(meld, natural_ranks_take_no_wild_card) {
  static ruleset_t r;
  r = *rules("classic");
  r.meld.natural_ranks[RANK_7] = true;
  static meld_kinds_t k;
  meld_kinds_build(&k, &r);
  cr_expect_eq(k.of_rank[RANK_7], KIND_NATURAL_SET);
  cr_expect_eq(k.of_rank[RANK_8], KIND_SET);
  cr_expect_eq(k.of_rank[RANK_3], KIND_BLACK3);
  verdict_t v;
  memset(&v, 0, sizeof v);
  cr_assert(meld_judge_set(&k, RANK_7, (meld_count_t){7, 7, 0}, &v, NULL));
  cr_assert(meld_judge_set(&k, RANK_8, (meld_count_t){4, 3, 1}, &v, NULL));
  cr_assert_not(meld_judge_set(&k, RANK_7, (meld_count_t){4, 3, 1}, &v, NULL));
  cr_expect_eq(v.code, CODE_WILD_OVERFLOW);
  cr_expect_str_eq(rule_key_name(v.rule), "meld.natural_ranks");
}

/* sequence.max_wild: a wild card fills a gap or extends an end within
 * sequence.low..high; too many gaps, too many wild cards, or more cards than
 * the ranks low..high hold are refused. Samba's sequences (4 to A, 3 to 7
 * cards) with two wild cards allowed. */
static verdict_t judge_run(const char *cards, int max_wild) {
  ruleset_t rs = *rules("samba");
  rs.sequence.max_wild = max_wild;
  meld_kinds_t k;
  meld_kinds_build(&k, &rs);
  card_t c[16];
  unsigned n = parse_cards(cards, c);
  meld_run_t run;
  verdict_t v;
  memset(&v, 0, sizeof v);
  cr_assert(meld_looks_like_sequence(&k, c, n), "%s", cards);
  meld_judge_sequence(&k, meld_sequence_suit(&k, c, n), (meld_run_t){0, 0}, c, n, &run, &v, NULL);
  return v;
}

Test(meld, a_sequence_takes_wild_cards_in_its_gaps_and_at_its_ends) {
  cr_expect_eq(judge_run("JK 5H 6H 8H", 2).code, CODE_NONE);     /* 5 6 _ 8 */
  cr_expect_eq(judge_run("KS AS 2C 2D", 2).code, CODE_NONE);     /* J Q K A */
  cr_expect_eq(judge_run("4H 2C 7H", 2).code, CODE_MELD_RANK);   /* two gaps, one wild */
  cr_expect_eq(judge_run("4H 5H 2C JK 2D", 2).code, CODE_WILD_OVERFLOW);
}
