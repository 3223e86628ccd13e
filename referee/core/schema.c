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

static const field_t wild_limit_fields[] = {
  {.key = "meld.wild_limits.cards", ENTRY(rs_wild_limit_t, cards), .min = 1, .max = 100},
  {.key = "meld.wild_limits.max_wild", ENTRY(rs_wild_limit_t, max_wild), .max = 100},
  {.key = NULL}};

static const field_t red3_total_fields[] = {
  {.key = "red_threes.totals.count", ENTRY(rs_red3_total_t, count), .min = 1, .max = 64},
  {.key = "red_threes.totals.value", ENTRY(rs_red3_total_t, value), .max = 100000},
  {.key = NULL}};
#undef ENTRY

/* The words of rulekeys.def's rows, as field initialisers. */
#define RS(m) offsetof(ruleset_t, m)
#define SEAT(m) offsetof(rs_seat_t, m)
#define INT(lo, hi) .type = F_INT, .min = lo, .max = hi
#define BOOL .type = F_BOOL
#define ENUM(names_) .type = F_ENUM, .names = names_
#define CLASSES .type = F_CLASSES
#define RANKS .type = F_RANKS
#define RANK .type = F_RANK
#define VALUES(lo, hi) .type = F_VALUES, .min = lo, .max = hi
#define RANK_MAP(lo, hi) .type = F_RANK_MAP, .min = lo, .max = hi
#define LIST(entry, type_, count, fewest, most)                                          \
  .type = F_LIST, .min = fewest, .max = most, .sub = entry, .elem_size = sizeof(type_),      \
  .count_offset = RS(count)
#define MAP .type = F_MAP, .sub = schema_fields

const field_t schema_fields[] = {
  [RK_NONE] = {.key = ""},
#define X(id, path, type_, at, dflt_, doc_, in_force) \
  [id] = {.key = path, .offset = at, .section = path, .dflt = dflt_, .doc = doc_, type_},
#include "rulekeys.def"
#undef X
  /* the top level's keys that are no rule key, from schema_fields[RK_COUNT] on */
  {.key = "schema", .type = F_INT, .offset = RS(schema), .min = 1, .max = 1,
   .doc = "the version of the schema"},
  {.key = "name", .type = F_STR, .offset = RS(name), .min = 1,
   .max = sizeof(((ruleset_t *)0)->name) - 1, .doc = "the ruleset's name"},
  {.key = "title", .type = F_STR, .offset = RS(title), .max = sizeof(((ruleset_t *)0)->title) - 1,
   .dflt = "\"\"", .doc = "a human title"},
  {.key = "extends", .type = F_STR, .offset = RS(extends), .min = 1,
   .max = sizeof(((ruleset_t *)0)->extends) - 1, .dflt = "", .doc = "the ruleset this one changes"},
  {.key = NULL}};
_Static_assert(sizeof schema_fields / sizeof schema_fields[0] <= SCHEMA_MAX_FIELDS,
               "read_map's table of keys seen holds them all");

/* Each row's TYPE matches the C type of the member it fills: a BOOL row on
 * an int member, or an INT row on a bool (whose 257 would write 0 into the
 * next byte), does not compile. The row's words, again, as checks. */
#undef RS
#undef SEAT
#undef INT
#undef BOOL
#undef ENUM
#undef CLASSES
#undef RANKS
#undef RANK
#undef VALUES
#undef RANK_MAP
#undef LIST
#undef MAP
#define RS(m) (((const ruleset_t *)0)->m)
#define SEAT(m) (((const rs_seat_t *)0)->m)
#define CK_INT(e) _Generic((e), int: 1, default: 0)
#define CK_BOOL(e) _Generic((e), bool: 1, default: 0)
#define CK_ENUM(e) (sizeof(e) == sizeof(int) && _Generic((e), bool: 0, int: 0, default: 1))
#define CK_CLASSES(e) _Generic((e), unsigned: 1, default: 0)
#define CK_RANKS(e) (_Generic((e), const bool *: 1, default: 0) && sizeof(e) == sizeof(bool) * RANK_COUNT)
#define CK_VALUES(e) (_Generic((e), const int *: 1, default: 0) && sizeof(e) == sizeof(int) * RANK_COUNT)
#define CK_ANY(e) 1
#define INT(lo, hi) CK_INT
#define BOOL CK_BOOL
#define ENUM(names_) CK_ENUM
#define CLASSES CK_CLASSES
#define RANKS CK_RANKS
#define RANK CK_INT
#define VALUES(lo, hi) CK_VALUES
#define RANK_MAP(lo, hi) CK_VALUES
#define LIST(entry, type_, count, fewest, most) CK_ANY
#define MAP CK_ANY
#define X(id, path, type_, at, dflt_, doc_, in_force) \
  _Static_assert(type_(at), path ": the row's type is not its member's C type");
#include "rulekeys.def"
#undef X

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
