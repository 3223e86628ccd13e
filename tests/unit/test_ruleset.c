/* The ruleset loader: the shipped rulesets load, and every kind of broken
 * document gets file:line:col and a sentence. */
#define _DEFAULT_SOURCE
#include <criterion/criterion.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ruleset.h"
#include "ruleset_yaml.h"
#include "schema.h"
#include "keys.h"
#include "uses.h"

static ruleset_t rs;
static rs_error_t err;

/* The classic ruleset with `from` replaced by `to` (which must occur). */
static char *classic_with(const char *from, const char *to) {
  const rs_builtin_t *b = rs_builtins;
  while (b->name && strcmp(b->name, "classic") != 0) b++;
  cr_assert_not_null(b->name);
  const char *at = strstr(b->text, from);
  cr_assert_not_null(at, "the classic ruleset holds \"%s\"", from);
  size_t pre = (size_t)(at - b->text);
  char *out = malloc(b->len + strlen(to) + 1);
  memcpy(out, b->text, pre);
  strcpy(out + pre, to);
  strcat(out, at + strlen(from));
  return out;
}

static bool load(const char *text) { return rs_load_text(&rs, "x.yaml", text, strlen(text), &err); }

/* Line number (1-based) of the first line of text holding needle. */
static unsigned line_of(const char *text, const char *needle) {
  const char *at = strstr(text, needle);
  unsigned line = 1;
  for (const char *p = text; p < at; p++) line += *p == '\n';
  return line;
}

/* opening.by_hand: the hand's number decides, whatever the total (the
 * bands would ask 120 at 3000 and 15 below 0); the last entry holds on. */
Test(ruleset, hand_and_foot_opens_by_hand_number) {
  cr_assert(rs_load(&rs, "hand-and-foot", &err), "%s:%u:%u: %s", err.file, err.line, err.col,
            err.message);
  const int want[] = {50, 90, 120, 150, 150, 150};
  for (int hand = 1; hand <= 6; hand++) {
    cr_expect_eq(rs_opening_minimum(&rs, hand, 0), want[hand - 1], "hand %d", hand);
    cr_expect_eq(rs_opening_minimum(&rs, hand, 3000), want[hand - 1], "hand %d", hand);
    cr_expect_eq(rs_opening_minimum(&rs, hand, -10), want[hand - 1], "hand %d", hand);
  }
  cr_expect(rs_is_bonus(&rs, card_make(RANK_3, SUIT_H)));
  cr_expect_not(rs_is_bonus(&rs, card_make(RANK_3, SUIT_S)));
}

Test(ruleset, classic_loads_with_its_numbers) {
  cr_assert(rs_load(&rs, "classic", &err), "%s:%u:%u: %s", err.file, err.line, err.col, err.message);
  cr_assert_str_eq(rs.name, "classic");
  cr_assert_eq(rs_seat(&rs, 4)->deal, 11);
  cr_assert_eq(rs_seat(&rs, 6)->target, 7500);
  cr_assert_null(rs_seat(&rs, 7));
  cr_assert_eq(rs_opening_minimum(&rs, 1, -10), 15);
  cr_assert_eq(rs_opening_minimum(&rs, 1, 0), 50);
  cr_assert_eq(rs_opening_minimum(&rs, 1, 1495), 50);
  cr_assert_eq(rs_opening_minimum(&rs, 1, 1500), 90);
  cr_assert_eq(rs_opening_minimum(&rs, 1, 3000), 120);
  cr_assert_eq(rs_red3_value(&rs, 3), 300);
  cr_assert_eq(rs_red3_value(&rs, 4), 900);
  cr_assert(rs_is_wild(&rs, CARD_JOKER));
  cr_assert(rs_is_wild(&rs, card_make(RANK_2, SUIT_C)));
  cr_assert_not(rs_is_natural(&rs, card_make(RANK_3, SUIT_S)));
  cr_assert_eq(rs_value(&rs, card_make(RANK_A, SUIT_S)), 20);
  cr_assert_eq(rs_max_wild(&rs, 7), 3);
}

Test(ruleset, every_builtin_loads) {
  for (const rs_builtin_t *b = rs_builtins; b->name; b++)
    cr_assert(rs_load(&rs, b->name, &err), "%s: %s:%u:%u: %s", b->name, err.file, err.line,
              err.col, err.message);
}

Test(ruleset, unknown_key) {
  char *t = classic_with("  min_cards: 3\n", "  min_cards: 3\n  min_card: 3\n");
  cr_assert_not(load(t));
  cr_assert_eq(err.line, line_of(t, "min_card: 3"));
  cr_assert_eq(err.col, 3);
  cr_assert(strstr(err.message, "unknown key \"min_card\""), "%s", err.message);
  free(t);
}

Test(ruleset, wrong_type) {
  char *t = classic_with("max_wild: 3", "max_wild: three");
  cr_assert_not(load(t));
  cr_assert_eq(err.line, line_of(t, "max_wild: three"));
  cr_assert_eq(err.col, 13);
  cr_assert(strstr(err.message, "expected an integer"), "%s", err.message);
  free(t);
}

Test(ruleset, missing_key) {
  /* a table row is given whole: its fields have no default */
  char *t = classic_with("{players: 3, packs: 2, deal: 15, ", "{players: 3, packs: 2, ");
  cr_assert_not(load(t));
  cr_assert(strstr(err.message, "table: missing key \"deal\""), "%s", err.message);
  cr_assert_eq(err.line, line_of(t, "{players: 3,"), "reported at the row");
  free(t);
  cr_assert_not(load("name: mine\n"));
  cr_assert(strstr(err.message, "missing key \"schema\""), "%s", err.message);
}

/* A key left out has its default (rulekeys.def), whatever the ruleset. */
Test(ruleset, a_key_left_out_has_its_default) {
  ruleset_t full, defaults;
  cr_assert(rs_load(&full, "two-player", &err), "%s", err.message);
  cr_assert_neq(full.turn.draw, 1, "two-player draws otherwise than the default");
  const rs_builtin_t *b = rs_builtins;
  while (b->name && strcmp(b->name, "two-player") != 0) b++;
  char *t = strdup(b->text);
  char *at = strstr(t, "  draw: 2");
  cr_assert_not_null(at);
  memcpy(at, "# draw:", 7);
  cr_assert(load(t), "%u:%u: %s", err.line, err.col, err.message);
  free(t);
  cr_expect_eq(rs.turn.draw, 1, "the default of turn.draw");
  rs.turn.draw = full.turn.draw;
  cr_expect(memcmp(&rs, &full, sizeof rs) == 0, "only turn.draw differs");
  cr_assert(rs_load_text(&defaults, "d.yaml", "schema: 1\nname: d\n", 18, &err), "%s",
            err.message);
  cr_expect_eq(defaults.going_out.first_turn, true);
  cr_expect_eq(defaults.pile.take_onto_meld, TAKE_ONTO_ANY);
}
Test(ruleset, out_of_range) {
  char *t = classic_with("draw: 1", "draw: -4");
  cr_assert_not(load(t));
  cr_assert(strstr(err.message, "-4 is out of range (1 to 5)"), "%s", err.message);
  cr_assert_eq(err.line, line_of(t, "draw: -4"));
  free(t);
  t = classic_with("target: 5000}", "target: 99999999999999999999}");
  cr_assert_not(load(t));
  cr_assert(strstr(err.message, "expected an integer"), "%s", err.message);
  free(t);
}

/* set_aside: an unknown class, a totals entry without its count, a
 * negative each, a rank that is none: each at its own line and column. */
Test(ruleset, a_broken_set_aside_points_at_its_place) {
  const struct {
    const char *set_aside, *at, *says;
  } rows[] = {
    {"{classes: [black3, black4]}", "black4", "classes: expected black3, wild or red3"},
    {"{classes: [black3], totals: [{value: 100}]}", "{value", "totals: missing key \"count\""},
    {"{classes: [black3], totals: [{count: 0, value: 5}]}", "0, value",
     "count: 0 is out of range (1 to 64)"},
    {"{classes: [black3], each: -5}", "-5", "each: -5 is out of range (0 to 100000)"},
    {"{ranks: [7, Z]}", "Z]", "ranks: expected a rank"},
    {"{classes: black3}", "black3}", "classes: expected a list"},
  };
  for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
    char text[256];
    snprintf(text, sizeof text, "schema: 1\nname: x\nextends: classic\n\nset_aside: %s\n",
             rows[i].set_aside);
    cr_assert_not(load(text), "%s loads", rows[i].set_aside);
    cr_expect_str_eq(err.file, "x.yaml");
    cr_expect_eq(err.line, 5, "%s: line %u", rows[i].set_aside, err.line);
    cr_expect_eq(err.col, (unsigned)(strstr(text, rows[i].at) - strstr(text, "set_aside")) + 1,
                 "%s: column %u", rows[i].set_aside, err.col);
    cr_expect(strstr(err.message, rows[i].says), "%s: %s", rows[i].set_aside, err.message);
  }
  cr_assert(load("schema: 1\nname: x\nextends: classic\n"
                 "set_aside: {ranks: [7, K], totals: [{count: 2, value: 30}]}\n"),
            "%u:%u: %s", err.line, err.col, err.message);
  cr_expect(rs.set_aside.ranks[RANK_7] && rs.set_aside.ranks[RANK_K] && !rs.set_aside.classes);
  cr_expect_eq(rs.set_aside.ntotals, 1);
}

Test(ruleset, bad_enum_lists_the_choices) {
  char *t = classic_with("same_rank: merge", "same_rank: sometimes");
  cr_assert_not(load(t));
  cr_assert(strstr(err.message, "merge, forbid, allow"), "%s", err.message);
  free(t);
}

Test(ruleset, yaml_syntax_error_has_a_position) {
  cr_assert_not(load("schema: 1\nname: [unclosed\n"));
  cr_assert(strstr(err.message, "YAML"), "%s", err.message);
  cr_assert_geq(err.line, 2);
}

Test(ruleset, not_a_mapping_and_empty) {
  cr_assert_not(load("- just\n- a list\n"));
  cr_assert(strstr(err.message, "expected a mapping"));
  cr_assert_not(load(""));
}

Test(ruleset, alias_bomb_is_cheap) {
  const char *bomb =
      "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
      "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
      "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
      "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
      "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
      "f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
      "table: [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n";
  cr_assert_not(load(bomb));
  cr_assert(strstr(err.message, "unknown key \"a\""), "%s", err.message);
}

Test(ruleset, deep_nesting_and_huge_files_are_refused) {
  size_t depth = 200000;
  char *deep = malloc(2 * depth + 16);
  strcpy(deep, "table: ");
  memset(deep + 7, '[', depth);
  deep[7 + depth] = '\0';
  cr_assert_not(load(deep));
  cr_assert(strstr(err.message, "nesting deeper"), "%s", err.message);
  cr_assert_eq(err.line, 1);
  cr_assert_eq(err.col, 7 + 33);
  free(deep);
  size_t big = (1u << 20) + 10;
  char *huge = malloc(big + 1);
  memset(huge, '#', big);
  huge[big] = '\0';
  cr_assert_not(load(huge));
  cr_assert(strstr(err.message, "larger than"), "%s", err.message);
  free(huge);
}

Test(ruleset, inconsistent_numbers) {
  char *t = classic_with("{players: 2, packs: 2, deal: 15,", "{players: 2, packs: 2, deal: 30,");
  cr_assert(load(t), "30 x 2 still leaves a stock: %s", err.message);
  free(t);
  t = classic_with("{players: 6, packs: 3, deal: 13,", "{players: 6, packs: 1, deal: 13,");
  cr_assert_not(load(t));
  cr_assert(strstr(err.message, "leave no stock"), "%s", err.message);
  free(t);
}

Test(ruleset, missing_file) {
  cr_assert_not(rs_load(&rs, "/nonexistent/x.yaml", &err));
  cr_assert_str_eq(err.file, "/nonexistent/x.yaml");
  cr_assert(strstr(err.message, "cannot open"));
  cr_assert_not(rs_load(&rs, "no-such-variant", &err));
  cr_assert(strstr(err.message, "no built-in ruleset"));
}

/* A misspelt name gets the nearest built-in name; a name far from all gets none. */
Test(ruleset, nearest_builtin_name) {
  cr_assert_str_eq(rs_nearest_builtin("classik"), "classic");
  cr_assert_str_eq(rs_nearest_builtin("Classic"), "classic");
  cr_assert_str_eq(rs_nearest_builtin("two_player"), "two-player");
  cr_assert_str_eq(rs_nearest_builtin("italien"), "italian");
  cr_assert_null(rs_nearest_builtin("bridge"));
  cr_assert_not(rs_load(&rs, "chineese", &err));
  cr_assert(strstr(err.message, "did you mean chinese?"), "%s", err.message);
}

static void count_key(const char *path, const char *dflt, void *ctx) {
  (void)path, (void)dflt;
  (*(int *)ctx)++;
}

Test(ruleset, schema_keys_are_listed) {
  int n = 0;
  rs_schema_keys(count_key, &n);
  cr_assert_gt(n, 40);
}

Test(ruleset, a_wild_set_must_be_of_a_wild_rank) {
  char *t = classic_with("wild_sets: []", "wild_sets: [\"9\"]");
  cr_assert_not(load(t));
  cr_assert(strstr(t, "wild_sets"));
  cr_assert(strstr(err.message, "9 is not a wild rank"), "%s", err.message);
  free(t);
}

/* Every rule key the engine notes (uses.h) is a key of the schema, and every
 * key of the schema outside a list entry is one the engine can note. */
static void find_key(const char *path, const char *dflt, void *ctx) {
  (void)dflt;
  int *seen = ctx;
  for (int k = RK_NONE + 1; k < RK_COUNT; k++)
    if (strcmp(rule_key_name((rule_key_t)k), path) == 0) {
      seen[k]++;
      return;
    }
  /* a field of a list entry: its parent is a list (meld.wild_limits, special_hands) */
  const char *dot = strrchr(path, '.');
  bool entry = false;
  for (int k = RK_NONE + 1; dot && k < RK_COUNT; k++)
    entry |= schema_fields[k].type == F_LIST && k != RK_TABLE &&
             strlen(rule_key_name((rule_key_t)k)) == (size_t)(dot - path) &&
             strncmp(rule_key_name((rule_key_t)k), path, (size_t)(dot - path)) == 0;
  const char *own[] = {"schema", "name", "title", "extends"}; /* no rule comes from them */
  bool is_own = false;
  for (size_t i = 0; i < sizeof own / sizeof own[0]; i++) is_own |= strcmp(path, own[i]) == 0;
  cr_expect(entry || is_own, "schema key %s has no rule key in rulekeys.def", path);
}

Test(ruleset, rule_keys_are_the_schema_keys) {
  int seen[RK_COUNT] = {0};
  rs_schema_keys(find_key, seen);
  for (int k = RK_NONE + 1; k < RK_COUNT; k++)
    cr_expect_eq(seen[k], 1, "%s is not a schema key", rule_key_name((rule_key_t)k));
}

Test(ruleset, rule_keys_switched_off_are_inactive) {
  cr_assert(rs_load(&rs, "classic", &err), "%s", err.message);
  cr_expect(rule_key_active(&rs, RK_MELD_MAX_WILD));
  cr_expect_not(rule_key_active(&rs, RK_SEQUENCE_BONUS), "classic has no sequences");
  cr_expect_not(rule_key_active(&rs, RK_FOOT_SIZE), "classic has no foot");
}

/* ---- extends ------------------------------------------------------------- */

/* Two rulesets equal but for name and extends. */
static bool same_rules(ruleset_t a, ruleset_t b) {
  memset(a.name, 0, sizeof a.name);
  memset(b.name, 0, sizeof b.name);
  memset(a.extends, 0, sizeof a.extends);
  memset(b.extends, 0, sizeof b.extends);
  return memcmp(&a, &b, sizeof a) == 0;
}

Test(ruleset, extends_alone_is_its_base) {
  ruleset_t classic;
  cr_assert(rs_load(&classic, "classic", &err));
  cr_assert(load("schema: 1\nname: mine\nextends: classic\n"), "%u:%u: %s", err.line, err.col,
            err.message);
  cr_assert_str_eq(rs.name, "mine");
  cr_assert_str_eq(rs.extends, "classic");
  cr_assert(same_rules(rs, classic));
}

Test(ruleset, extends_applies_exactly_the_keys_given) {
  ruleset_t classic;
  cr_assert(rs_load(&classic, "classic", &err));
  cr_assert(load("schema: 1\nname: mine\nextends: classic\nmeld:\n  max_wild: 2\n"
                 "pile:\n  take_naturals: 2\ngoing_out:\n  bonus: 200\n"),
            "%u:%u: %s", err.line, err.col, err.message);
  cr_assert_eq(rs.meld.max_wild, 2);
  cr_assert_eq(rs.pile.take_naturals, 2);
  cr_assert_eq(rs.going_out.bonus, 200);
  ruleset_t back = rs;
  back.meld.max_wild = classic.meld.max_wild;
  back.pile.take_naturals = classic.pile.take_naturals;
  back.going_out.bonus = classic.going_out.bonus;
  cr_assert(same_rules(back, classic), "only the three keys given differ");
}

Test(ruleset, extends_needs_its_own_name_and_a_loadable_base) {
  cr_assert_not(load("schema: 1\nextends: classic\n"));
  cr_assert(strstr(err.message, "missing key \"name\""), "%s", err.message);
  cr_assert_not(load("schema: 1\nname: mine\nextends: clasic\n"));
  cr_assert_eq(err.line, 3);
  cr_assert_eq(err.col, 10);
  cr_assert(strstr(err.message, "did you mean classic?"), "%s", err.message);
}

Test(ruleset, extends_loop_is_refused) {
  char path[] = "/tmp/rs-loop-XXXXXX.yaml";
  int fd = mkstemps(path, 5);
  cr_assert(fd >= 0);
  FILE *f = fdopen(fd, "w");
  fprintf(f, "schema: 1\nname: loop\nextends: %s\n", path);
  fclose(f);
  ruleset_t r;
  cr_assert_not(rs_load(&r, path, &err));
  cr_assert(strstr(err.message, "extends: a loop"), "%s", err.message);
  cr_assert_str_eq(err.file, path);
  cr_assert_eq(err.line, 3);
  remove(path);
}

/* A chain longer than eight is refused at its first file, every file named
 * (the error named ./././a.yaml, at the ninth file). */
Test(ruleset, a_long_extends_chain_is_refused_at_its_first_file) {
  char dir[] = "/tmp/rs-chain-XXXXXX";
  cr_assert_not_null(mkdtemp(dir));
  char path[64];
  for (int i = 1; i <= 10; i++) {
    snprintf(path, sizeof path, "%s/c%d.yaml", dir, i);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    if (i < 10) fprintf(f, "schema: 1\nname: c%d\nextends: ./c%d.yaml\n", i, i + 1);
    else fprintf(f, "schema: 1\nname: c10\nextends: classic\n");
    fclose(f);
  }
  ruleset_t r;
  snprintf(path, sizeof path, "%s/c1.yaml", dir);
  cr_assert_not(rs_load(&r, path, &err));
  cr_assert_str_eq(err.file, path);
  cr_assert_eq(err.line, 3, "%u: %s", err.line, err.message);
  cr_assert(strstr(err.message, "more than 8") && strstr(err.message, "c9.yaml") &&
                !strstr(err.message, "/./"),
            "%s", err.message);
  for (int i = 1; i <= 10; i++) {
    snprintf(path, sizeof path, "%s/c%d.yaml", dir, i);
    remove(path);
  }
  rmdir(dir);
}

/* Rulesets are read from regular files only, never blocking. */
Test(ruleset, a_fifo_a_device_or_a_proc_file_is_no_ruleset) {
  char dir[] = "/tmp/rs-fifo-XXXXXX";
  cr_assert_not_null(mkdtemp(dir));
  char fifo[64];
  snprintf(fifo, sizeof fifo, "%s/fifo", dir);
  cr_assert_eq(mkfifo(fifo, 0600), 0);
  ruleset_t r;
  const char *paths[] = {fifo, "/dev/null", "/dev/stdin", "/proc/self/status"};
  for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) {
    cr_assert_not(rs_load(&r, paths[i], &err), "%s", paths[i]);
    cr_assert(strstr(err.message, "cannot"), "%s: %s", paths[i], err.message);
    cr_assert_null(strstr(err.message, "Name:"), "%s echoed: %s", paths[i], err.message);
  }
  remove(fifo);
  rmdir(dir);
}

Test(ruleset, unknown_key_suggests_the_nearest) {
  cr_assert_not(load("schema: 1\nname: mine\nextends: classic\nmeld:\n  max_wlid: 2\n"));
  cr_assert_eq(err.line, 5);
  cr_assert_str_eq(err.message, "meld: unknown key \"max_wlid\" (did you mean \"max_wild\"?)");
}

Test(ruleset, a_cross_key_check_points_at_its_key) {
  cr_assert_not(load("schema: 1\nname: mine\nextends: classic\nmeld:\n  min_naturals: 4\n"));
  cr_assert_eq(err.line, 5, "line %u: %s", err.line, err.message);
  cr_assert_eq(err.col, 3);
  cr_assert(strstr(err.message, "min_naturals 4 exceeds min_cards 3"), "%s", err.message);
}

/* meld.max_cards below meld.min_cards would forbid every meld. */
Test(ruleset, a_meld_cap_below_the_minimum_is_refused) {
  cr_assert_not(load("schema: 1\nname: mine\nextends: classic\nmeld:\n  max_cards: 2\n"));
  cr_assert(err.line == 5 && err.col == 3, "%u:%u: %s", err.line, err.col, err.message);
  cr_assert(strstr(err.message, "max_cards 2 is below min_cards 3"), "%s", err.message);
  cr_assert(load("schema: 1\nname: mine\nextends: classic\nmeld:\n  max_cards: 7\n"), "%s",
            err.message);
  cr_assert_eq(rs.meld.max_cards, 7);
}

/* meld.natural_ranks names natural ranks: a wild rank or a three is refused. */
Test(ruleset, natural_ranks_refuse_a_wild_rank) {
  cr_assert_not(load("schema: 1\nname: mine\nextends: classic\nmeld:\n  natural_ranks: [\"7\", \"2\"]\n"));
  cr_assert(strstr(err.message, "natural_ranks: 2 is a wild rank or a three"), "%s", err.message);
  cr_assert_not(load("schema: 1\nname: mine\nextends: classic\nmeld:\n  natural_ranks: [\"3\"]\n"));
  cr_assert(load("schema: 1\nname: mine\nextends: classic\nmeld:\n  natural_ranks: [\"7\"]\n"),
            "%s", err.message);
  cr_assert(rs.meld.natural_ranks[RANK_7] && !rs.meld.natural_ranks[RANK_8]);
}

/* An inherited value made wrong by a key the document changes: the error
 * points at that key, not at 1:1. */
Test(ruleset, an_inherited_value_made_wrong_points_at_the_key_that_changed) {
  cr_assert_not(load("schema: 1\nname: mine\nextends: classic\nmeld:\n  min_cards: 1\n"));
  cr_assert(err.line == 5 && err.col == 3, "%u:%u: %s", err.line, err.col, err.message);
  cr_assert(strstr(err.message, "min_naturals 2 exceeds min_cards 1"), "%s", err.message);
  cr_assert_not(load("schema: 1\nname: mine\nextends: chinese\ncards:\n  wild: [JK]\n"));
  cr_assert(err.line == 5 && err.col == 3, "%u:%u: %s", err.line, err.col, err.message);
  cr_assert(strstr(err.message, "wild_sets"), "%s", err.message);
}

/* ---- the table of rule keys ---------------------------------------------- */

/* Each row of the table of keys pairs the id, the path and the member it
 * declares and fills: RK_MELD_MAX_WILD, "meld.max_wild", RS(meld, max_wild);
 * a table row's field SEAT(deal) is "table.deal"; the section "meld" is
 * SECTION(meld). Swapping two rows' paths, or members, fails here. */
static const struct { rule_key_t k; const char *id, *path, *at, *doc; } key_rows[] = {
#define X(id, path, type, at, dflt, doc, in_force) {id, #id, path, #at, doc},
#include "rulekeys.def"
#undef X
};

/* The member a path fills, as the row writes it: "RS(meld, max_wild)". */
static void member_of(const char *path, char *out, size_t len) {
  static const struct { const char *path, *member; } renamed[] = {
    {"cards.values", "RS(cards, value)"}, {"table", "TOP(seats)"},
    {"special_hands", "TOP(special_hands)"}, {"special_keep_three", "TOP(special_keep_three)"}};
  for (size_t i = 0; i < sizeof renamed / sizeof renamed[0]; i++)
    if (strcmp(path, renamed[i].path) == 0) {
      snprintf(out, len, "%s", renamed[i].member);
      return;
    }
  const char *dot = strchr(path, '.');
  if (strncmp(path, "table.", 6) == 0) snprintf(out, len, "SEAT(%s)", path + 6);
  else if (!dot) snprintf(out, len, "SECTION(%s)", path);
  else snprintf(out, len, "RS(%.*s, %s)", (int)(dot - path), path, dot + 1);
}

Test(ruleset, each_rule_key_id_spells_its_path) {
  cr_assert_eq(sizeof key_rows / sizeof key_rows[0], RK_COUNT - 1);
  for (size_t i = 0; i < RK_COUNT - 1; i++) {
    char want[96] = "RK_";
    for (const char *c = key_rows[i].path; *c; c++) {
      size_t n = strlen(want);
      want[n] = *c == '.' ? '_' : (char)(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c);
      want[n + 1] = '\0';
    }
    cr_expect_str_eq(key_rows[i].id, want, "row %zu pairs %s with \"%s\"", i, key_rows[i].id,
                     key_rows[i].path);
    cr_expect_str_eq(rule_key_name(key_rows[i].k), key_rows[i].path, "%s is named \"%s\"",
                     key_rows[i].id, rule_key_name(key_rows[i].k));
    char member[96];
    member_of(key_rows[i].path, member, sizeof member);
    cr_expect_str_eq(key_rows[i].at, member, "%s fills %s", key_rows[i].path, key_rows[i].at);
    cr_expect_gt(strlen(key_rows[i].doc), 8, "%s: a line saying what it is", key_rows[i].path);
  }
}

/* An ENUM row gives its value names and its C constants side by side, in
 * the same order (the loader reads the n-th name as the n-th constant): as
 * many of each, and each constant spells its name's words
 * ("going_out" is THREES_GOING_OUT, "with_foot" MUST_TAKE_FOOT_WITH). The
 * row's TYPE as written: ENUM(rs_ask_t, "none ...", ASK_NONE, ...). */
static const struct { const char *path, *type; } type_rows[] = {
#define X(id, path, type, ...) {path, #type},
#include "rulekeys.def"
#undef X
};

/* Whether the word w (w_len bytes, lower case) is one of constant c's words
 * (upper case, separated by '_'; c_len bytes). */
static bool spells(const char *w, size_t w_len, const char *c, size_t c_len) {
  for (size_t i = 0; i + w_len <= c_len; i++) {
    bool starts = i == 0 || c[i - 1] == '_', ends = i + w_len == c_len || c[i + w_len] == '_';
    size_t k = 0;
    while (k < w_len && c[i + k] == w[k] - 'a' + 'A') k++;
    if (starts && ends && k == w_len) return true;
  }
  return false;
}

Test(ruleset, each_enum_key_pairs_its_names_with_its_constants) {
  int nenums = 0;
  for (size_t i = 0; i < sizeof type_rows / sizeof type_rows[0]; i++) {
    if (strncmp(type_rows[i].type, "ENUM(", 5) != 0) continue;
    nenums++;
    const char *n = strchr(type_rows[i].type, '"') + 1, *c = strchr(n, '"') + 3;
    int at = 0;
    for (;; at++) {
      size_t n_len = strcspn(n, " \""), c_len = strcspn(c, ", )");
      cr_assert((n_len > 0) == (c_len > 0), "%s: as many names as constants in %s",
                type_rows[i].path, type_rows[i].type);
      if (n_len == 0) break;
      for (const char *w = n; w < n + n_len;) { /* each word of the name */
        size_t w_len = strcspn(w, "_ \"");
        cr_expect(spells(w, w_len, c, c_len), "%s: name %d \"%.*s\" is %.*s", type_rows[i].path,
                  at, (int)n_len, n, (int)c_len, c);
        w += w_len + (w[w_len] == '_');
      }
      n += n_len + strspn(n + n_len, " ");
      c += c_len + strspn(c + c_len, ", ");
    }
    cr_expect_gt(at, 1, "%s: an enum of %d values", type_rows[i].path, at);
  }
  cr_expect_gt(nenums, 0, "no ENUM row seen");
}

/* Keys added for other programs' rules: left out, each keeps the rule the
 * referee applied before it (and is switched off); given, it is read. */
Test(ruleset, keys_for_other_programs_default_to_the_rules_before_them) {
  cr_assert(load("schema: 1\nname: mine\nextends: classic\nend:\n  stock_empty: must_take\n"
                 "foot:\n  size: 5\n"),
            "%u:%u: %s", err.line, err.col, err.message);
  cr_expect_eq(rs.opening.judged, OPENING_JUDGED_TURN);
  cr_expect_eq(rs.pile.take_onto_meld_naturals, 0);
  cr_expect_not(rs.end.last_red3_ends);
  cr_expect_eq(rs.end.must_take_foot, MUST_TAKE_FOOT_HAND);
  const rule_key_t keys[] = {RK_OPENING_JUDGED, RK_PILE_TAKE_ONTO_MELD_NATURALS,
                             RK_END_LAST_RED3_ENDS, RK_END_MUST_TAKE_FOOT};
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
    cr_expect_not(rule_key_active(&rs, keys[i]), "%s", rule_key_name(keys[i]));
  cr_assert(load("schema: 1\nname: mine\nextends: classic\nopening:\n  judged: first_meld\n"
                 "pile:\n  take_onto_meld_naturals: 2\nend:\n  stock_empty: must_take\n"
                 "  last_red3_ends: true\n  must_take_foot: with_foot\nfoot:\n  size: 5\n"),
            "%u:%u: %s", err.line, err.col, err.message);
  cr_expect_eq(rs.opening.judged, OPENING_JUDGED_FIRST_MELD);
  cr_expect_eq(rs.pile.take_onto_meld_naturals, 2);
  cr_expect(rs.end.last_red3_ends);
  cr_expect_eq(rs.end.must_take_foot, MUST_TAKE_FOOT_WITH);
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
    cr_expect(rule_key_active(&rs, keys[i]), "%s", rule_key_name(keys[i]));
}

/* ---- referee --list-keys ---------------------------------------------------- */

/* The list of keys reads back as the ruleset of the defaults, and names
 * every key of the table. */
Test(ruleset, the_list_of_keys_is_the_ruleset_of_the_defaults) {
  char *text = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&text, &len);
  cr_assert_not_null(m);
  keys_list(m);
  fclose(m);
  ruleset_t defaults;
  cr_assert(rs_load_text(&defaults, "d.yaml", "schema: 1\nname: defaults\n", 25, &err), "%s",
            err.message);
  cr_assert(load(text), "%u:%u: %s", err.line, err.col, err.message);
  cr_expect(memcmp(&rs, &defaults, sizeof rs) == 0, "the list loads as the defaults");
  for (int k = RK_NONE + 1; k < RK_COUNT; k++) {
    const char *path = rule_key_name((rule_key_t)k), *name = strrchr(path, '.');
    char line[80];
    snprintf(line, sizeof line, "%s:", name ? name + 1 : path);
    cr_expect(strstr(text, line), "%s is listed", path);
  }
  free(text);
}

/* A ruleset written as YAML (rs_write_yaml, --list-keys --rules R) loads
 * back to the same ruleset: every shipped one and every custom one of the
 * corpus, their extends followed. */
static void round_trip(const char *name_or_path) {
  static ruleset_t a, b;
  cr_assert(rs_load(&a, name_or_path, &err), "%s: %s", name_or_path, err.message);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  cr_assert_not_null(f);
  rs_write_yaml(f, &a);
  fclose(f);
  cr_assert(rs_load_text(&b, "written.yaml", text, len, &err), "%s written: %u:%u: %s\n%s",
            name_or_path, err.line, err.col, err.message, text);
  cr_assert_null(strstr(text, "extends:"), "%s: the written ruleset extends", name_or_path);
  memset(a.extends, 0, sizeof a.extends);
  memset(b.extends, 0, sizeof b.extends);
  cr_assert(memcmp(&a, &b, sizeof a) == 0, "%s: the written ruleset loads back to another",
            name_or_path);
  free(text);
}

Test(ruleset, a_ruleset_written_as_yaml_loads_back_the_same) {
  for (const rs_builtin_t *bi = rs_builtins; bi->name; bi++) round_trip(bi->name);
  static const char *const custom[] = {"no-concealed", "always-frozen", "group-alone-melds",
                                       "wild-up-to-naturals", "foot-counts", "opening-first-meld",
                                       "red3-penalty", "must-take-unopened", "black3-first-round",
                                       "go-out-needs-kings", "red3-need-sevens", "foot-after-canasta",
                                       "cuban", NULL};
  for (int i = 0; custom[i]; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/corpus/custom/%s.yaml", SOURCE_DIR, custom[i]);
    round_trip(path);
  }
}
