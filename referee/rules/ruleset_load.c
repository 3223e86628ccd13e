/* ruleset_load.c — reads a ruleset from YAML and checks it against the schema.
 *
 * The only module that sees libyaml. The document is loaded whole (rulesets
 * are small; larger files are refused), then walked against the schema
 * (schema.h, made from the one table of keys, rulekeys.def): an unknown key,
 * a value of the wrong type, a missing key or a value out of range is an
 * error at that node's line and column. Aliases are
 * resolved by libyaml to shared nodes and the walk never recurses deeper than
 * the schema, so an alias bomb costs nothing.
 *
 * `extends: BASE` (a built-in name or a path, relative to the extending file)
 * loads BASE first; the document then sets only the keys it changes, nested
 * maps key by key, lists (table, bands, ...) and rank maps as a whole. A
 * document that extends nothing extends the schema's defaults: each key it
 * leaves out has its default (rulekeys.def); it gives schema and name. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

#include "ruleset.h"
#include "ruleset_file.h"
#include "schema.h"


typedef struct {
  yaml_document_t *doc;
  rs_error_t *err;
} loader_t;

enum { MAX_EXTENDS = 8 };  /* bases extending bases, at most */

/* The rulesets being loaded, each extending the next: a file met twice is a
 * loop; a chain longer than MAX_EXTENDS is refused at its first file. */
typedef struct {
  int n;
  struct {
    char name[256];
    dev_t dev;
    ino_t ino;          /* 0 for a built-in */
    unsigned line, col; /* its `extends` value */
  } at[MAX_EXTENDS + 1];
} chain_t;

static bool fail_at(loader_t *ld, const yaml_node_t *node, const char *fmt, ...) {
  if (node) {
    ld->err->line = (unsigned)node->start_mark.line + 1;
    ld->err->col = (unsigned)node->start_mark.column + 1;
  }
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(ld->err->message, sizeof ld->err->message, fmt, ap);
  va_end(ap);
  return false;
}

/* Out of memory: no fault of the ruleset's (rs_error_t.no_memory). */
static bool no_memory(rs_error_t *err) {
  snprintf(err->message, sizeof err->message, "out of memory");
  err->no_memory = true;
  return false;
}

static const char *scalar(const yaml_node_t *n) {
  return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static bool read_int(loader_t *ld, yaml_node_t *n, const field_t *f, int *out) {
  const char *s = scalar(n);
  if (!s || !*s) return fail_at(ld, n, "%s: expected an integer", field_name(f));
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (*end || errno) return fail_at(ld, n, "%s: expected an integer, got \"%s\"", field_name(f), s);
  if (v < f->min || v > f->max)
    return fail_at(ld, n, "%s: %ld is out of range (%ld to %ld)", field_name(f), v, f->min, f->max);
  *out = (int)v;
  return true;
}

static bool read_bool(loader_t *ld, yaml_node_t *n, const field_t *f, bool *out) {
  const char *s = scalar(n);
  if (s && strcmp(s, "true") == 0) return *out = true, true;
  if (s && strcmp(s, "false") == 0) return *out = false, true;
  return fail_at(ld, n, "%s: expected true or false", field_name(f));
}

static bool read_str(loader_t *ld, yaml_node_t *n, const field_t *f, char *out) {
  const char *s = scalar(n);
  if (!s) return fail_at(ld, n, "%s: expected a string", field_name(f));
  size_t len = strlen(s);
  if ((long)len < f->min || (long)len > f->max)
    return fail_at(ld, n, "%s: length %zu is out of range (%ld to %ld)", field_name(f), len, f->min,
                   f->max);
  memset(out, 0, (size_t)f->max + 1); /* nothing left of a base's longer string */
  memcpy(out, s, len + 1);
  return true;
}

/* F_ENUM's names are one string, "any canasta never": the value's index. */
static bool read_enum(loader_t *ld, yaml_node_t *n, const field_t *f, int *out) {
  const char *s = scalar(n);
  const char *name = f->names;
  for (int i = 0; s && *name; i++) {
    size_t len = strcspn(name, " ");
    if (strlen(s) == len && strncmp(s, name, len) == 0) return *out = i, true;
    name += len + (name[len] == ' ');
  }
  char list[160] = "";
  for (name = f->names; *name;) {
    size_t len = strcspn(name, " ");
    size_t used = strlen(list);
    snprintf(list + used, sizeof list - used, "%s%.*s", used ? ", " : "", (int)len, name);
    name += len + (name[len] == ' ');
  }
  return fail_at(ld, n, "%s: expected one of %s", field_name(f), list);
}

static bool read_class(const char *s, unsigned *k) {
  if (strcmp(s, "black3") == 0) *k |= RS_BLACK3;
  else if (strcmp(s, "wild") == 0) *k |= RS_WILD;
  else if (strcmp(s, "red3") == 0) *k |= RS_RED3;
  else return false;
  return true;
}

static bool read_seq_items(loader_t *ld, yaml_node_t *n, const field_t *f, void *out) {
  if (n->type != YAML_SEQUENCE_NODE) return fail_at(ld, n, "%s: expected a list", field_name(f));
  for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top;
       it++) {
    yaml_node_t *item = yaml_document_get_node(ld->doc, *it);
    const char *s = scalar(item);
    if (f->type == F_CLASSES) {
      if (!s || !read_class(s, (unsigned *)out))
        return fail_at(ld, item, "%s: expected black3, wild or red3", field_name(f));
    } else {
      int r = s ? card_rank_parse(s) : -1;
      if (r < 0) return fail_at(ld, item, "%s: expected a rank (A, K, ..., 2, JK)", field_name(f));
      ((bool *)out)[r] = true;
    }
  }
  return true;
}

/* A mapping from ranks to integers: F_VALUES needs every rank, F_RANK_MAP
 * takes 0 for a rank not given. */
static bool read_values(loader_t *ld, yaml_node_t *n, const field_t *f, int *out) {
  if (n->type != YAML_MAPPING_NODE) return fail_at(ld, n, "%s: expected a mapping", field_name(f));
  bool seen[RANK_COUNT] = {false};
  memset(out, 0, sizeof(int) * RANK_COUNT);
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    yaml_node_t *k = yaml_document_get_node(ld->doc, p->key);
    yaml_node_t *v = yaml_document_get_node(ld->doc, p->value);
    int r = scalar(k) ? card_rank_parse(scalar(k)) : -1;
    if (r < 0) return fail_at(ld, k, "%s: unknown rank \"%s\"", field_name(f), scalar(k) ? scalar(k) : "");
    if (seen[r]) return fail_at(ld, k, "%s: rank %s given twice", field_name(f), scalar(k));
    field_t vf = *f;
    vf.key = scalar(k);
    if (!read_int(ld, v, &vf, &out[r])) return false;
    seen[r] = true;
  }
  for (int r = 0; r < RANK_COUNT && f->type == F_VALUES; r++)
    if (!seen[r]) return fail_at(ld, n, "%s: missing the value of rank %s", field_name(f), card_rank_name(r));
  return true;
}

static bool read_rank(loader_t *ld, yaml_node_t *n, const field_t *f, int *out) {
  const char *s = scalar(n);
  *out = s ? card_rank_parse(s) : -1;
  if (*out < 0) return fail_at(ld, n, "%s: expected a rank (A, K, ..., 2, JK)", field_name(f));
  return true;
}

/* F_INTS: a list of integers, each in the field's range (special_hands.groups). */
static bool read_ints(loader_t *ld, yaml_node_t *n, const field_t *f, char *base) {
  if (n->type != YAML_SEQUENCE_NODE) return fail_at(ld, n, "%s: expected a list", field_name(f));
  long count = n->data.sequence.items.top - n->data.sequence.items.start;
  if (count > (long)f->elem_size)
    return fail_at(ld, n, "%s: %ld integers, expected %zu at most", field_name(f), count, f->elem_size);
  for (long i = 0; i < count; i++)
    if (!read_int(ld, yaml_document_get_node(ld->doc, n->data.sequence.items.start[i]), f,
                  (int *)(base + f->offset) + i))
      return false;
  *(int *)(base + f->count_offset) = (int)count;
  return true;
}

static bool read_map(loader_t *ld, yaml_node_t *n, const field_t *fields, const char *section,
                     char *base, const char *what, bool partial);

/* A test's range, {min: N, max: N}; canastas's {rank: R} (alone: min 1). */
static bool read_range(loader_t *ld, yaml_node_t *n, int k, const char *name, cond_t *c) {
  static const char *const words[] = {"min", "max", "rank"};
  int v[] = {-1, COND_MAX, -1};
  unsigned seen = 0;
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    yaml_node_t *key = yaml_document_get_node(ld->doc, p->key);
    const char *word = scalar(key) ? scalar(key) : "";
    unsigned i = 0;
    while (i < 3 && strcmp(word, words[i]) != 0) i++;
    if (i == 3 || (i == 2 && k != COND_CANASTAS))
      return fail_at(ld, key, "%s: expected min or max%s", name, k == COND_CANASTAS ? " or rank" : "");
    if (seen & 1u << i) return fail_at(ld, key, "%s: \"%s\" given twice", name, word);
    seen |= 1u << i;
    field_t f = {.key = words[i], .type = i == 2 ? F_RANK : F_INT, .max = COND_MAX};
    yaml_node_t *val = yaml_document_get_node(ld->doc, p->value);
    if (!(i == 2 ? read_rank(ld, val, &f, &v[2]) : read_int(ld, val, &f, &v[i]))) return false;
  }
  c->ranked = v[2] >= 0;
  c->rank = c->ranked ? v[2] : 0;
  int lo = v[0] >= 0 ? v[0] : c->ranked && v[1] == COND_MAX ? 1 : 0, hi = v[1];
  if (hi < lo) return fail_at(ld, n, "%s: max %d is below min %d", name, hi, lo);
  cond_add(c, (cond_fact_t)k, lo, hi);
  return true;
}

/* A condition (condition.h), a mapping of tests that must all hold:
 *   condition := '{' (test (',' test)*)? '}'
 *   test      := count-fact ':' (N | '{' ('min:' N)? ('max:' N)? '}')
 *              | 'canastas' ':' '{' ('rank:' RANK)? ('min:' N)? ('max:' N)? '}'
 *              | yes-no-fact ':' ('true' | 'false')
 *   count-fact := melds | canastas | pure | impure | wild | turn | stock | hand
 *   yes-no-fact := opened | books | foot
 * N alone means at least N. */
static bool read_cond(loader_t *ld, yaml_node_t *n, const field_t *f, cond_t *c) {
  if (n->type != YAML_MAPPING_NODE)
    return fail_at(ld, n, "%s: expected a condition, a mapping such as {canastas: 1}",
                   field_name(f));
  memset(c, 0, sizeof *c);
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    yaml_node_t *key = yaml_document_get_node(ld->doc, p->key);
    yaml_node_t *v = yaml_document_get_node(ld->doc, p->value);
    const char *name = scalar(key) ? scalar(key) : "";
    int k = cond_fact_parse(name);
    if (k < 0)
      return fail_at(ld, key, "%s: unknown condition \"%s\" (%s)", field_name(f), name,
                     COND_FACT_NAMES);
    if (cond_tests(c, (cond_fact_t)k))
      return fail_at(ld, key, "%s: condition \"%s\" given twice", field_name(f), name);
    bool yes = false, is_bool = cond_fact_is_bool((cond_fact_t)k);
    int lo = 0;
    field_t nf = {.key = name, .type = is_bool ? F_BOOL : F_INT, .max = COND_MAX};
    if (is_bool ? !read_bool(ld, v, &nf, &yes)
                : v->type == YAML_MAPPING_NODE ? !read_range(ld, v, k, name, c)
                                               : !read_int(ld, v, &nf, &lo))
      return false;
    if (is_bool || v->type != YAML_MAPPING_NODE)
      cond_add(c, (cond_fact_t)k, is_bool ? yes : lo, is_bool ? yes : COND_MAX);
  }
  return true;
}

static bool read_list(loader_t *ld, yaml_node_t *n, const field_t *f, char *base) {
  if (n->type != YAML_SEQUENCE_NODE) return fail_at(ld, n, "%s: expected a list", field_name(f));
  long count = n->data.sequence.items.top - n->data.sequence.items.start;
  if (count < f->min || count > f->max)
    return fail_at(ld, n, "%s: %ld entries, expected %ld to %ld", field_name(f), count, f->min,
                   f->max);
  memset(base + f->offset, 0, (size_t)f->max * f->elem_size); /* nothing left of a base's list */
  for (long i = 0; i < count; i++) {
    yaml_node_t *item = yaml_document_get_node(ld->doc, n->data.sequence.items.start[i]);
    if (!read_map(ld, item, f->sub, f->section, base + f->offset + (size_t)i * f->elem_size,
                  field_name(f), false))
      return false;
  }
  *(int *)(base + f->count_offset) = (int)count;
  return true;
}

static bool read_field(loader_t *ld, yaml_node_t *v, const field_t *f, char *base) {
  void *at = base + f->offset;
  switch (f->type) {
    case F_INT: return read_int(ld, v, f, (int *)at);
    case F_BOOL: return read_bool(ld, v, f, (bool *)at);
    case F_STR: return read_str(ld, v, f, (char *)at);
    case F_ENUM: return read_enum(ld, v, f, (int *)at);
    case F_CLASSES: *(unsigned *)at = 0; return read_seq_items(ld, v, f, at);
    case F_RANKS: memset(at, 0, sizeof(bool) * RANK_COUNT); return read_seq_items(ld, v, f, at);
    case F_VALUES:
    case F_RANK_MAP: return read_values(ld, v, f, (int *)at);
    case F_RANK: return read_rank(ld, v, f, (int *)at);
    case F_MAP: return read_map(ld, v, f->sub, f->section, base, field_name(f), true);
    case F_LIST: return read_list(ld, v, f, base);
    case F_INTS: return read_ints(ld, v, f, base);
    case F_COND: return read_cond(ld, v, f, (cond_t *)at);
  }
  return false;
}

/* "unknown key", with the nearest key of the map when one is close (the
 * first of equally near ones, the top level's own keys, from RK_COUNT on,
 * before the rule keys: schema, name, title, extends, table, cards, ...). */
static bool unknown_key(loader_t *ld, yaml_node_t *k, const field_t *fields, const char *section,
                        const char *what) {
  const char *key = scalar(k) ? scalar(k) : "?";
  const char *near = NULL;
  size_t best = strlen(key) / 3 + 1;
  for (int own = 1; own >= 0; own--)
    for (const field_t *f = fields; f->key; f++) {
      if ((f - fields >= RK_COUNT) != own || !field_in(f, section)) continue;
      size_t d = rs_name_distance(key, field_name(f));
      if (d < best) near = field_name(f), best = d;
    }
  if (near)
    return fail_at(ld, k, "%s: unknown key \"%s\" (did you mean \"%s\"?)", what, key, near);
  return fail_at(ld, k, "%s: unknown key \"%s\"", what, key);
}

/* A mapping against its fields (those of SECTION). Partial (over a base, or
 * a section over the defaults): a key left out keeps the value it had;
 * otherwise every key with no default (dflt NULL) is given. */
static bool read_map(loader_t *ld, yaml_node_t *n, const field_t *fields, const char *section,
                     char *base, const char *what, bool partial) {
  if (!n || n->type != YAML_MAPPING_NODE)
    return fail_at(ld, n, "%s: expected a mapping", what);
  bool seen[SCHEMA_MAX_FIELDS] = {false};
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    yaml_node_t *k = yaml_document_get_node(ld->doc, p->key);
    const char *key = scalar(k);
    size_t i = field_at(fields, section, key);
    if (!fields[i].key) return unknown_key(ld, k, fields, section, what);
    if (seen[i]) return fail_at(ld, k, "%s: key \"%s\" given twice", what, key);
    seen[i] = true;
    if (!read_field(ld, yaml_document_get_node(ld->doc, p->value), &fields[i], base))
      return false;
  }
  for (size_t i = 0; fields[i].key; i++)
    if (field_in(&fields[i], section) && !seen[i] && !fields[i].dflt && !partial)
      return fail_at(ld, n, "%s: missing key \"%s\"", what, field_name(&fields[i]));
  return true;
}

/* The node of a dotted key ("meld.min_naturals") in the document, for a
 * message about it; the root when this document does not give it. */
static yaml_node_t *node_of(loader_t *ld, yaml_node_t *root, const char *path) {
  yaml_node_t *n = root;
  char part[64];
  while (n && n->type == YAML_MAPPING_NODE && *path) {
    size_t len = strcspn(path, ".");
    snprintf(part, sizeof part, "%.*s", (int)len, path);
    path += len + (path[len] == '.');
    yaml_node_t *next = NULL;
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top && !next;
         p++) {
      const char *k = scalar(yaml_document_get_node(ld->doc, p->key));
      if (k && strcmp(k, part) == 0) next = yaml_document_get_node(ld->doc, *path ? p->value : p->key);
    }
    if (!next) return root;
    n = next;
  }
  return n ? n : root;
}

/* Where a cross-key check points: the first of the keys it involves that
 * this document gives; else its `extends` (the values all came from the
 * base); else the top. */
static yaml_node_t *culprit(loader_t *ld, yaml_node_t *root, const char *const keys[]) {
  for (int i = 0; keys[i]; i++) {
    yaml_node_t *n = node_of(ld, root, keys[i]);
    if (n != root) return n;
  }
  return node_of(ld, root, "extends");
}

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* Cross-field checks the schema table cannot express. */
/* wild_meld.*: all-wild cards are either a set of a wild rank or a meld of
 * wild cards, never both; and a meld of them has room for its first cards. */
static bool check_wild_meld(loader_t *ld, yaml_node_t *root, const ruleset_t *rs) {
  int min = rs->wild_meld.min_cards, max = rs->wild_meld.max_cards;
  for (int r = 0; min > 0 && r < RANK_COUNT; r++)
    if (rs->meld.wild_sets[r])
      return fail_at(ld, culprit(ld, root, KEYS("wild_meld.min_cards", "meld.wild_sets")),
                     "wild_meld: melds of wild cards and meld.wild_sets (%s) exclude each other",
                     card_rank_name(r));
  if (min > 0 && max > 0 && max < min)
    return fail_at(ld, culprit(ld, root, KEYS("wild_meld.max_cards", "wild_meld.min_cards")),
                   "wild_meld: max_cards %d is below min_cards %d", max, min);
  return true;
}

static bool check_consistency(loader_t *ld, yaml_node_t *root, const ruleset_t *rs) {
  int packets = 0; /* bonus.packets set aside at the deal */
  for (int i = 0; i < rs->bonus.npackets && rs->bonus.from == BONUS_FROM_PACKET; i++)
    packets += rs->bonus.packets[i].cards;
  for (int i = 0; i < rs->nseats; i++) {
    const rs_seat_t *s = &rs->seats[i];
    int cards = s->packs * (52 + rs->cards.jokers_per_pack) - packets;
    if (s->teams > s->players)
      return fail_at(ld, culprit(ld, root, KEYS("table")), "table: %d teams for %d players",
                     s->teams, s->players);
    int deal = s->deal_also > s->deal ? s->deal_also : s->deal; /* the larger deal */
    if (s->players * (deal + rs->foot.size) + rs->pile.initial >= cards)
      return fail_at(ld, culprit(ld, root, KEYS("table", "foot.size", "pile.initial",
                                                "cards.jokers_per_pack")),
                     "table: %d players x %d cards leave no stock in %d cards",
                     s->players, deal + rs->foot.size, cards);
    for (int j = 0; j < i; j++)
      if (rs->seats[j].players == s->players)
        return fail_at(ld, culprit(ld, root, KEYS("table")), "table: %d players listed twice",
                       s->players);
  }
  for (int i = 1; i < rs->opening.nbands; i++)
    if (rs->opening.bands[i].from <= rs->opening.bands[i - 1].from)
      return fail_at(ld, culprit(ld, root, KEYS("opening.bands")),
                     "opening.bands: \"from\" values must increase");
  for (int i = 1; i < rs->opening.nby_hand; i++)
    if (rs->opening.by_hand[i].hand <= rs->opening.by_hand[i - 1].hand)
      return fail_at(ld, culprit(ld, root, KEYS("opening.by_hand")),
                     "opening.by_hand: \"hand\" values must increase");
  for (int r = 0; r < RANK_COUNT; r++)
    if (rs->meld.wild_sets[r] && !rs->cards.wild[r])
      return fail_at(ld, culprit(ld, root, KEYS("meld.wild_sets", "cards.wild")),
                     "meld.wild_sets: %s is not a wild rank (cards.wild)",
                     card_rank_name(r));
  for (int r = 0; r < RANK_COUNT; r++)
    if (rs->meld.natural_ranks[r] && (rs->cards.wild[r] || r == RANK_3))
      return fail_at(ld, culprit(ld, root, KEYS("meld.natural_ranks", "cards.wild")),
                     "meld.natural_ranks: %s is a wild rank or a three", card_rank_name(r));
  for (unsigned i = 0, seen = 0; i < (unsigned)rs->meld.nrank_rules; i++) {
    int r = rs->meld.rank_rules[i].rank;
    if (rs->cards.wild[r] || r == RANK_3 || (seen & (1u << r)))
      return fail_at(ld, culprit(ld, root, KEYS("meld.rank_rules", "cards.wild")),
                     "meld.rank_rules: %s is a wild rank, a three, or listed twice",
                     card_rank_name(r));
    seen |= 1u << r;
  }
  if (rs->meld.min_naturals > rs->meld.min_cards)
    return fail_at(ld, culprit(ld, root, KEYS("meld.min_naturals", "meld.min_cards")),
                   "meld: min_naturals %d exceeds min_cards %d",
                   rs->meld.min_naturals, rs->meld.min_cards);
  if (rs->meld.max_cards > 0 && rs->meld.max_cards < rs->meld.min_cards)
    return fail_at(ld, culprit(ld, root, KEYS("meld.max_cards", "meld.min_cards")),
                   "meld: max_cards %d is below min_cards %d", rs->meld.max_cards,
                   rs->meld.min_cards);
  return check_wild_meld(ld, root, rs);
}

static bool load_text(ruleset_t *rs, const char *label, const char *text, size_t len,
                      rs_error_t *err, chain_t *ch);
static bool load_named(ruleset_t *rs, const char *name_or_path, rs_error_t *err, chain_t *ch);

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* "dir/a.yaml -> b.yaml -> ...": the chain's files for a message, the first
 * as named, the others by their file names. */
static void chain_text(const chain_t *ch, const char *last, char *out, size_t len) {
  size_t used = 0;
  out[0] = '\0';
  for (int i = 0; i < ch->n && used < len; i++)
    used += (size_t)snprintf(out + used, len - used, "%s -> ",
                             i ? base_name(ch->at[i].name) : ch->at[i].name);
  if (used < len) snprintf(out + used, len - used, "%s", base_name(last));
}

/* `extends: BASE`: BASE loaded into rs, a path read relative to the
 * extending file when a file there has that name (rs_resolve_path). */
static bool load_base(loader_t *ld, yaml_node_t *ext, ruleset_t *rs, const char *label,
                      chain_t *ch) {
  const char *name = scalar(ext);
  if (!name || !*name) return fail_at(ld, ext, "extends: expected a ruleset name or path");
  char path[512], text[600];
  const char *use = rs_is_path(name) ? rs_resolve_path(label, name, path, sizeof path) : name;
  struct stat sb;
  bool file = rs_is_path(use) && stat(use, &sb) == 0;
  for (int i = 0; file && i < ch->n; i++)
    if (ch->at[i].ino == sb.st_ino && ch->at[i].dev == sb.st_dev) {
      chain_text(ch, use, text, sizeof text);
      return fail_at(ld, ext, "extends: a loop: %s", text);
    }
  if (ch->n > MAX_EXTENDS - 1) {
    chain_text(ch, use, text, sizeof text);
    snprintf(ld->err->file, sizeof ld->err->file, "%s", ch->at[0].name);
    ld->err->line = ch->at[0].line;
    ld->err->col = ch->at[0].col;
    snprintf(ld->err->message, sizeof ld->err->message,
             "extends: more than %d rulesets extend one another: %.180s", MAX_EXTENDS, text);
    return false;
  }
  ch->at[ch->n - 1].line = (unsigned)ext->start_mark.line + 1;
  ch->at[ch->n - 1].col = (unsigned)ext->start_mark.column + 1;
  rs_error_t base_err;
  if (load_named(rs, use, &base_err, ch)) return true;
  if (base_err.line > 0 || base_err.no_memory) {
    *ld->err = base_err; /* the fault is in the base: its own file and position */
    return false;
  }
  return fail_at(ld, ext, "extends: %s: %s", name, base_err.message);
}

/* A load that failed for want of memory: libyaml says so, or, where its
 * composer gives up on a failed allocation without a word (a tag it could
 * not copy), says nothing: every fault of the text has its error kind. */
static bool parser_no_memory(const yaml_parser_t *parser) {
  return parser->error == YAML_MEMORY_ERROR || parser->error == YAML_NO_ERROR;
}

/* The defaults' document (apply_defaults) into rs, item by item. */
static bool read_defaults(loader_t *ld, const char *text, size_t len, ruleset_t *rs) {
  yaml_parser_t parser;
  yaml_document_t doc;
  if (!yaml_parser_initialize(&parser)) return no_memory(ld->err);
  yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
  bool ok = yaml_parser_load(&parser, &doc) != 0;
  bool memory = !ok && parser_no_memory(&parser);
  yaml_parser_delete(&parser);
  if (memory) return no_memory(ld->err);
  if (!ok) return fail_at(ld, NULL, "the defaults do not read as YAML");
  loader_t dl = {&doc, ld->err};
  yaml_node_t *root = yaml_document_get_root_node(&doc);
  yaml_node_item_t *item = root && root->type == YAML_SEQUENCE_NODE ? root->data.sequence.items.start
                                                                    : NULL;
  for (const field_t *f = schema_fields; ok && f->key; f++) {
    if (!f->dflt || !*f->dflt) continue;
    yaml_node_t *n = item && item < root->data.sequence.items.top
                         ? yaml_document_get_node(&doc, *item++) : NULL;
    if (!n || !read_field(&dl, n, f, (char *)rs))
      ok = fail_at(ld, NULL, "the default of %s does not read", f->key);
  }
  yaml_document_delete(&doc);
  return ok;
}

/* The defaults of the keys (rulekeys.def) and of the top level, read once
 * a process into rs (which is all zeros), then copied. They are read as one
 * YAML document, a block sequence of the defaults in the schema's order (one
 * parser, not one per key: each default is a one-line flow value, which an
 * item "- VALUE" reads as it reads alone). A default that does not read is
 * the schema's own fault, reported as such (a unit test loads the
 * defaults). */
static bool apply_defaults(loader_t *ld, ruleset_t *rs) {
  static ruleset_t defaults;
  static bool ready;
  if (ready) {
    *rs = defaults;
    return true;
  }
  size_t len = 1;
  for (const field_t *f = schema_fields; f->key; f++)
    if (f->dflt && *f->dflt) len += strlen(f->dflt) + 3;
  char *text = malloc(len);
  if (!text) return no_memory(ld->err);
  size_t used = 0;
  for (const field_t *f = schema_fields; f->key; f++)
    if (f->dflt && *f->dflt) used += (size_t)sprintf(text + used, "- %s\n", f->dflt);
  bool ok = read_defaults(ld, text, used, rs);
  free(text);
  if (!ok) return false;
  defaults = *rs;
  ready = true;
  return true;
}

/* red_threes.bands: as the document gives them, else made from the shorthand
 * keys when it gives one or extends nothing; else the base's. */
static void red3_bands(loader_t *ld, yaml_node_t *root, ruleset_t *rs, bool extends) {
  if (node_of(ld, root, "red_threes.bands") != root) {
    for (int i = 0; i < rs->red_threes.nbands; i++)
      rs->red_threes.bands[i].notes[0] = RK_RED_THREES_BANDS;
    return;
  }
  bool shorthand = !extends;
  for (int i = 0; !shorthand && rs_red3_shorthands[i] != RK_NONE; i++)
    shorthand = node_of(ld, root, rule_key_name(rs_red3_shorthands[i])) != root;
  if (shorthand) rs_red3_bands_from_keys(rs);
}

/* The document's root against the schema, over a base when it extends one,
 * else over the defaults. */
static bool load_root(loader_t *ld, yaml_node_t *root, ruleset_t *rs, const char *label,
                      chain_t *ch) {
  yaml_node_t *ext = node_of(ld, root, "extends");
  bool extends = ext != root;
  if (extends) {
    yaml_node_t *value = NULL;
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top;
         p++)
      if (yaml_document_get_node(ld->doc, p->key) == ext)
        value = yaml_document_get_node(ld->doc, p->value);
    if (!load_base(ld, value, rs, label, ch)) return false;
  } else if (!apply_defaults(ld, rs)) {
    return false;
  }
  if (!read_map(ld, root, schema_fields, "", (char *)rs, "top level", extends)) return false;
  red3_bands(ld, root, rs, extends);
  const char *own[] = {"schema", "name"};
  for (size_t i = 0; extends && i < sizeof own / sizeof own[0]; i++)
    if (node_of(ld, root, own[i]) == root)
      return fail_at(ld, root, "top level: missing key \"%s\" (a ruleset that extends another "
                               "gives its own)", own[i]);
  return check_consistency(ld, root, rs);
}

bool rs_load_text(ruleset_t *rs, const char *label, const char *text, size_t len,
                  rs_error_t *err) {
  chain_t ch = {0};
  return load_text(rs, label, text, len, err, &ch);
}

static bool load_text(ruleset_t *rs, const char *label, const char *text, size_t len,
                      rs_error_t *err, chain_t *ch) {
  memset(rs, 0, sizeof *rs);
  if (ch->n <= MAX_EXTENDS) {
    snprintf(ch->at[ch->n].name, sizeof ch->at[ch->n].name, "%s", label);
    ch->n++;
  }
  memset(err, 0, sizeof *err);
  snprintf(err->file, sizeof err->file, "%s", label);
  err->line = err->col = 1;
  if (len > MAX_RULESET_BYTES) {
    snprintf(err->message, sizeof err->message, "file larger than %d bytes", MAX_RULESET_BYTES);
    return false;
  }
  if (!rs_check_flow_depth(text, len, err)) return false;
  yaml_parser_t parser;
  yaml_document_t doc;
  if (!yaml_parser_initialize(&parser)) return no_memory(err);
  yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
  bool ok = yaml_parser_load(&parser, &doc) != 0;
  if (!ok && parser_no_memory(&parser)) {
    yaml_parser_delete(&parser);
    return no_memory(err);
  }
  if (!ok) {
    err->line = (unsigned)parser.problem_mark.line + 1;
    err->col = (unsigned)parser.problem_mark.column + 1;
    snprintf(err->message, sizeof err->message, "YAML: %s",
             parser.problem ? parser.problem : "syntax error");
    yaml_parser_delete(&parser);
    return false;
  }
  loader_t ld = {&doc, err};
  yaml_node_t *root = yaml_document_get_root_node(&doc);
  if (!root) {
    snprintf(err->message, sizeof err->message, "empty document");
    ok = false;
  } else if (root->type != YAML_MAPPING_NODE) {
    ok = fail_at(&ld, root, "top level: expected a mapping");
  } else {
    ok = load_root(&ld, root, rs, label, ch);
  }
  yaml_document_delete(&doc);
  yaml_parser_delete(&parser);
  return ok;
}

static bool load_file(ruleset_t *rs, const char *path, rs_error_t *err, chain_t *ch) {
  memset(err, 0, sizeof *err);
  snprintf(err->file, sizeof err->file, "%s", path);
  size_t n;
  struct stat sb;
  char *buf = rs_read_file(path, &n, &sb, err);
  if (!buf) return false;
  if (ch->n <= MAX_EXTENDS) ch->at[ch->n].dev = sb.st_dev, ch->at[ch->n].ino = sb.st_ino;
  bool ok = load_text(rs, path, buf, n, err, ch);
  free(buf);
  return ok;
}

bool rs_load(ruleset_t *rs, const char *name_or_path, rs_error_t *err) {
  chain_t ch = {0};
  return load_named(rs, name_or_path, err, &ch);
}

static bool load_named(ruleset_t *rs, const char *name_or_path, rs_error_t *err, chain_t *ch) {
  if (rs_is_path(name_or_path)) return load_file(rs, name_or_path, err, ch);
  for (const rs_builtin_t *b = rs_builtins; b->name; b++)
    if (strcmp(b->name, name_or_path) == 0) {
      char label[96];
      snprintf(label, sizeof label, "rulesets/%s.yaml", b->name);
      if (ch->n <= MAX_EXTENDS) ch->at[ch->n].dev = 0, ch->at[ch->n].ino = 0;
      return load_text(rs, label, b->text, b->len, err, ch);
    }
  memset(err, 0, sizeof *err);
  snprintf(err->file, sizeof err->file, "%s", name_or_path);
  size_t used = (size_t)snprintf(err->message, sizeof err->message,
                                 "no built-in ruleset of that name (built-in:");
  for (const rs_builtin_t *b = rs_builtins; b->name && used < sizeof err->message; b++)
    used += (size_t)snprintf(err->message + used, sizeof err->message - used, " %s", b->name);
  const char *near = rs_nearest_builtin(name_or_path);
  if (used < sizeof err->message)
    snprintf(err->message + used, sizeof err->message - used, ")%s%s%s", near ? "; did you mean " : "",
             near ? near : "", near ? "?" : "");
  return false;
}
