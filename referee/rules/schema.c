/* schema.c — the fields of the ruleset schema, made from rulekeys.def, and
 * the names of the rule keys. */
#include "schema.h"

#include <stdio.h>
#include <string.h>

#include "ruleset.h"

/* Entries of the lists other than the table: integers, given
 * whole, with no defaults and no rule keys (a verdict names the list). */
#define ENTRY(t, m) .type = F_INT, .offset = offsetof(t, m)
static const field_t band_fields[] = {
  {.key = "opening.bands.from", ENTRY(rs_band_t, from), .max = 1000000},
  {.key = "opening.bands.minimum", ENTRY(rs_band_t, minimum), .max = 10000},
  {.key = NULL}};

static const field_t by_hand_fields[] = {
  {.key = "opening.by_hand.hand", ENTRY(rs_by_hand_t, hand), .min = 1, .max = 1000},
  {.key = "opening.by_hand.minimum", ENTRY(rs_by_hand_t, minimum), .max = 10000},
  {.key = NULL}};

static const field_t wild_limit_fields[] = {
  {.key = "meld.wild_limits.cards", ENTRY(rs_wild_limit_t, cards), .min = 1, .max = 100},
  {.key = "meld.wild_limits.max_wild", ENTRY(rs_wild_limit_t, max_wild), .max = 100},
  {.key = NULL}};

static const field_t red3_total_fields[] = {
  {.key = "red_threes.totals.count", ENTRY(rs_red3_total_t, count), .min = 1, .max = 64},
  {.key = "red_threes.totals.value", ENTRY(rs_red3_total_t, value), .max = 100000},
  {.key = NULL}};

static const field_t aside_total_fields[] = {
  {.key = "set_aside.totals.count", ENTRY(rs_red3_total_t, count), .min = 1, .max = 64},
  {.key = "set_aside.totals.value", ENTRY(rs_red3_total_t, value), .max = 100000},
  {.key = NULL}};

static const field_t wild_bonus_fields[] = {
  {.key = "wild_meld.by_jokers.jokers", ENTRY(rs_wild_bonus_t, jokers), .max = 64},
  {.key = "wild_meld.by_jokers.value", ENTRY(rs_wild_bonus_t, value), .max = 100000},
  {.key = NULL}};

static const field_t rank_rule_fields[] = {
  {.key = "meld.rank_rules.rank", .type = F_RANK, .offset = offsetof(rs_rank_rule_t, rank)},
  {.key = "meld.rank_rules.wild", .type = F_ENUM, .offset = offsetof(rs_rank_rule_t, wild),
   .names = "any never opening"},
  {.key = "meld.rank_rules.canasta", ENTRY(rs_rank_rule_t, canasta), .max = 100000},
  {.key = "meld.rank_rules.unfinished", ENTRY(rs_rank_rule_t, unfinished), .max = 100000},
  {.key = "meld.rank_rules.hold", ENTRY(rs_rank_rule_t, hold), .max = 100},
  {.key = "meld.rank_rules.hold_penalty", ENTRY(rs_rank_rule_t, hold_penalty), .max = 100000},
  {.key = NULL}};

/* Optional in a row: left out, 0, false, [] or "". */
#define OPTIONAL .dflt = ""
#define SIZES(m) \
  .type = F_INTS, .offset = offsetof(rs_special_hand_t, m), .min = 1, .max = 14, \
  .elem_size = RS_MAX_GROUPS, .count_offset = offsetof(rs_special_hand_t, n##m), OPTIONAL
static const field_t special_hand_fields[] = {
  {.key = "special_hands.name", .type = F_STR, .offset = offsetof(rs_special_hand_t, name),
   .max = RS_NAME_MAX, OPTIONAL},
  {.key = "special_hands.kind", .type = F_ENUM, .offset = offsetof(rs_special_hand_t, kind),
   .names = "pairs groups straight"},
  {.key = "special_hands.wild", .type = F_BOOL, .offset = offsetof(rs_special_hand_t, wild),
   OPTIONAL},
  {.key = "special_hands.groups", SIZES(groups)},
  {.key = "special_hands.wild_groups", SIZES(wild_groups)},
  {.key = "special_hands.wild_mixed", .type = F_BOOL,
   .offset = offsetof(rs_special_hand_t, wild_mixed), OPTIONAL},
  {.key = "special_hands.ranks", .type = F_RANKS, .offset = offsetof(rs_special_hand_t, ranks),
   OPTIONAL},
  {.key = "special_hands.ends_game", .type = F_BOOL,
   .offset = offsetof(rs_special_hand_t, ends_game), OPTIONAL},
  {.key = "special_hands.value", ENTRY(rs_special_hand_t, value), .min = 1, .max = 100000},
  {.key = NULL}};
#undef SIZES
#undef OPTIONAL

static const field_t packet_fields[] = {
  {.key = "bonus.packets.cards", ENTRY(rs_packet_t, cards), .min = 1, .max = 20},
  {.key = NULL}};

/* discard.forbidden, red_threes.bands: a `when` left out always holds;
 * ranks and classes none; a band's `each` 0 (the table's value), `short`
 * false. */
#define OPTIONAL .dflt = ""
static const field_t discard_ban_fields[] = {
  {.key = "discard.forbidden.ranks", .type = F_RANKS,
   .offset = offsetof(rs_discard_ban_t, ranks), OPTIONAL},
  {.key = "discard.forbidden.classes", .type = F_CLASSES,
   .offset = offsetof(rs_discard_ban_t, classes), OPTIONAL},
  {.key = "discard.forbidden.when", .type = F_COND, .offset = offsetof(rs_discard_ban_t, when),
   OPTIONAL},
  {.key = NULL}};

static const field_t red3_band_fields[] = {
  {.key = "red_threes.bands.when", .type = F_COND, .offset = offsetof(rs_red3_band_t, when),
   OPTIONAL},
  {.key = "red_threes.bands.counts", .type = F_ENUM, .offset = offsetof(rs_red3_band_t, counts),
   .names = "for nothing against"},
  {.key = "red_threes.bands.each", ENTRY(rs_red3_band_t, each), .max = 100000, OPTIONAL},
  {.key = "red_threes.bands.short", .type = F_BOOL, .offset = offsetof(rs_red3_band_t, short_of),
   OPTIONAL},
  {.key = NULL}};
#undef OPTIONAL
#undef ENTRY

/* The words of rulekeys.def's rows, as field initialisers. */
#define TOP(m) offsetof(ruleset_t, m)
#define RS(section, m) offsetof(ruleset_t, section.m)
#define SEAT(m) offsetof(rs_seat_t, m)
#define SECTION(section) 0
#define INT(lo, hi) .type = F_INT, .min = lo, .max = hi
#define BOOL .type = F_BOOL
#define ENUM(ctype, names_, ...) .type = F_ENUM, .names = names_
#define CLASSES .type = F_CLASSES
#define RANKS .type = F_RANKS
#define RANK .type = F_RANK
#define COND .type = F_COND
#define TEXT(len) .type = F_STR, .min = 1, .max = (len) - 1
#define VALUES(lo, hi) .type = F_VALUES, .min = lo, .max = hi
#define RANK_MAP(lo, hi) .type = F_RANK_MAP, .min = lo, .max = hi
#define LIST(entry, type_, count, fewest, most)                                          \
  .type = F_LIST, .min = fewest, .max = most, .sub = entry, .elem_size = sizeof(type_),      \
  .count_offset = count
#define MAP .type = F_MAP, .sub = schema_fields

const field_t schema_fields[] = {
  [RK_NONE] = {.key = ""},
#define X(id, path, type_, at, dflt_, doc_, in_force) \
  [id] = {.key = path, .offset = at, .section = path, .dflt = dflt_, .doc = doc_, type_},
#include "rulekeys.def"
#undef X
  /* the top level's keys that are no rule key, from schema_fields[RK_COUNT] on */
  {.key = "schema", .type = F_INT, .offset = TOP(schema), .min = 1, .max = 1,
   .doc = "the version of the schema"},
  {.key = "name", .type = F_STR, .offset = TOP(name), .min = 1,
   .max = sizeof(((ruleset_t *)0)->name) - 1, .doc = "the ruleset's name"},
  {.key = "title", .type = F_STR, .offset = TOP(title), .max = sizeof(((ruleset_t *)0)->title) - 1,
   .dflt = "\"\"", .doc = "a human title"},
  {.key = "extends", .type = F_STR, .offset = TOP(extends), .min = 1,
   .max = sizeof(((ruleset_t *)0)->extends) - 1, .dflt = "", .doc = "the ruleset this one changes"},
  {.key = NULL}};
_Static_assert(sizeof schema_fields / sizeof schema_fields[0] <= SCHEMA_MAX_FIELDS,
               "read_map's table of keys seen holds them all");

const char *field_name(const field_t *f) {
  const char *dot = strrchr(f->key, '.');
  return dot ? dot + 1 : f->key;
}

bool field_in(const field_t *f, const char *section) {
  if (!*f->key) return false; /* RK_NONE's */
  size_t n = strlen(section);
  if (n == 0) return !strchr(f->key, '.');
  return strncmp(f->key, section, n) == 0 && f->key[n] == '.' && !strchr(f->key + n + 1, '.');
}

size_t field_at(const field_t *fields, const char *section, const char *key) {
  size_t i = 0, n = strlen(section);
  for (bool dotted = !key || strchr(key, '.'); fields[i].key && !dotted; i++) {
    const char *p = fields[i].key; /* "" for RK_NONE's */
    if (*p && (n ? !strncmp(p, section, n) && p[n] == '.' && !strcmp(p + n + 1, key) : !strcmp(p, key)))
      return i;
  }
  while (fields[i].key) i++;
  return i;
}

const char *rule_key_name(rule_key_t k) {
  return k > RK_NONE && k < RK_COUNT ? schema_fields[k].key : NULL;
}

static void walk_keys(const field_t *fields, const char *section,
                      void (*fn)(const char *path, const char *dflt, void *ctx), void *ctx) {
  for (const field_t *f = fields; f->key; f++) {
    if (!field_in(f, section)) continue;
    fn(f->key, f->dflt, ctx);
    if (f->sub) walk_keys(f->sub, f->section, fn, ctx);
  }
}

void rs_schema_keys(void (*fn)(const char *path, const char *dflt, void *ctx), void *ctx) {
  walk_keys(schema_fields, "", fn, ctx);
}
