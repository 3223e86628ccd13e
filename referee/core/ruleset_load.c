/* ruleset_load.c — reads a ruleset from YAML and checks it against the schema.
 *
 * The only module that sees libyaml. The document is loaded whole (rulesets
 * are small; larger files are refused), then walked against the field table
 * below: an unknown key, a value of the wrong type, a missing key or a value
 * out of range is an error at that node's line and column. Aliases are
 * resolved by libyaml to shared nodes and the walk never recurses deeper than
 * the schema, so an alias bomb costs nothing.
 *
 * `extends: BASE` (a built-in name or a path, relative to the extending file)
 * loads BASE first; the document then sets only the keys it changes, nested
 * maps key by key, lists (table, bands, ...) and rank maps as a whole. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "ruleset.h"

enum { MAX_RULESET_BYTES = 1 << 20, MAX_FLOW_DEPTH = 32 };

typedef enum {
  F_INT, F_BOOL, F_STR, F_ENUM, F_CLASSES, F_RANKS, F_VALUES, F_RANK_MAP, F_RANK, F_MAP, F_LIST
} ftype_t;

typedef struct field {
  const char *key;
  ftype_t type;
  size_t offset;           /* into the struct being filled */
  long min, max;           /* F_INT range; F_STR/F_LIST capacity in max */
  const char *const *names; /* F_ENUM values, in enum order */
  const struct field *sub;  /* F_MAP / F_LIST element fields */
  size_t elem_size;        /* F_LIST: element size */
  size_t count_offset;     /* F_LIST: offset of the int count */
  bool optional;
} field_t;

typedef struct {
  yaml_document_t *doc;
  rs_error_t *err;
  bool partial;            /* extending a base: keys may be left out */
} loader_t;

enum { MAX_EXTENDS = 8 };  /* bases extending bases, at most */

#define OFF(m) offsetof(ruleset_t, m)
#define END {NULL, F_INT, 0, 0, 0, NULL, NULL, 0, 0, false}

static const char *const take_onto_names[] = {"any", "canasta", "never", "unfinished", NULL};
static const char *const same_rank_names[] = {"merge", "forbid", "allow", NULL};
static const char *const threes_names[] = {"never", "going_out", "always", NULL};
static const char *const counts_names[] = {"largest_meld", "all_melds", NULL};
static const char *const in_hand_names[] = {"as_laid", "penalty", "penalty_without_meld", NULL};
static const char *const ask_names[] = {"none", "optional", "required", NULL};
static const char *const stock_names[] = {"may_end", "at_once", "must_take", NULL};
static const char *const premature_names[] = {"meld", "discard", NULL};
static const char *const fill_names[] = {"any", "missing", NULL};
static const char *const concealed_by_names[] = {"player", "team", NULL};
static const char *const dealt_order_names[] = {"turn", "seat", NULL};
static const char *const foot_down_names[] = {"hand", "exempt", "with_foot", NULL};
static const char *const judged_names[] = {"turn", "meld", "first_meld", NULL};

static const field_t seat_fields[] = {
  {"players", F_INT, offsetof(rs_seat_t, players), 2, 12, NULL, NULL, 0, 0, false},
  {"packs", F_INT, offsetof(rs_seat_t, packs), 1, 8, NULL, NULL, 0, 0, false},
  {"deal", F_INT, offsetof(rs_seat_t, deal), 1, 30, NULL, NULL, 0, 0, false},
  {"teams", F_INT, offsetof(rs_seat_t, teams), 1, 12, NULL, NULL, 0, 0, false},
  {"partners_apart", F_BOOL, offsetof(rs_seat_t, partners_apart), 0, 0, NULL, NULL, 0, 0, false},
  {"target", F_INT, offsetof(rs_seat_t, target), 1, 1000000, NULL, NULL, 0, 0, false},
  END};

static const field_t band_fields[] = {
  {"from", F_INT, offsetof(rs_band_t, from), 0, 1000000, NULL, NULL, 0, 0, false},
  {"minimum", F_INT, offsetof(rs_band_t, minimum), 0, 10000, NULL, NULL, 0, 0, false},
  END};

static const field_t wild_limit_fields[] = {
  {"cards", F_INT, offsetof(rs_wild_limit_t, cards), 1, 100, NULL, NULL, 0, 0, false},
  {"max_wild", F_INT, offsetof(rs_wild_limit_t, max_wild), 0, 100, NULL, NULL, 0, 0, false},
  END};

static const field_t red3_total_fields[] = {
  {"count", F_INT, offsetof(rs_red3_total_t, count), 1, 64, NULL, NULL, 0, 0, false},
  {"value", F_INT, offsetof(rs_red3_total_t, value), 0, 100000, NULL, NULL, 0, 0, false},
  END};

static const field_t cards_fields[] = {
  {"jokers_per_pack", F_INT, OFF(cards.jokers_per_pack), 0, 4, NULL, NULL, 0, 0, false},
  {"wild", F_RANKS, OFF(cards.wild), 0, 0, NULL, NULL, 0, 0, false},
  {"values", F_VALUES, OFF(cards.value), 0, 10000, NULL, NULL, 0, 0, false},
  {"black3_in_hand", F_INT, OFF(cards.black3_in_hand), 0, 10000, NULL, NULL, 0, 0, false},
  END};

static const field_t turn_fields[] = {
  {"draw", F_INT, OFF(turn.draw), 1, 5, NULL, NULL, 0, 0, false},
  {"meld_before_draw", F_BOOL, OFF(turn.meld_before_draw), 0, 0, NULL, NULL, 0, 0, false},
  END};

static const field_t pile_fields[] = {
  {"initial", F_INT, OFF(pile.initial), 0, 1, NULL, NULL, 0, 0, false},
  {"cover_initial", F_CLASSES, OFF(pile.cover_initial), 0, 0, NULL, NULL, 0, 0, false},
  {"cover_once", F_BOOL, OFF(pile.cover_once), 0, 0, NULL, NULL, 0, 0, false},
  {"cover_freezes", F_BOOL, OFF(pile.cover_freezes), 0, 0, NULL, NULL, 0, 0, false},
  {"packet", F_RANK_MAP, OFF(pile.packet), 0, 100, NULL, NULL, 0, 0, false},
  {"wild_discard_naturals", F_INT, OFF(pile.wild_discard_naturals), 0, 10, NULL, NULL, 0, 0, false},
  {"blocked_by", F_CLASSES, OFF(pile.blocked_by), 0, 0, NULL, NULL, 0, 0, false},
  {"frozen_by", F_CLASSES, OFF(pile.frozen_by), 0, 0, NULL, NULL, 0, 0, false},
  {"frozen_for_unopened", F_BOOL, OFF(pile.frozen_for_unopened), 0, 0, NULL, NULL, 0, 0, false},
  {"frozen_until_taken", F_BOOL, OFF(pile.frozen_until_taken), 0, 0, NULL, NULL, 0, 0, true},
  {"unfreeze_naturals", F_INT, OFF(pile.unfreeze_naturals), 0, 10, NULL, NULL, 0, 0, false},
  {"take_naturals", F_INT, OFF(pile.take_naturals), 0, 10, NULL, NULL, 0, 0, false},
  {"take_onto_meld", F_ENUM, OFF(pile.take_onto_meld), 0, 0, take_onto_names, NULL, 0, 0, false},
  {"take_onto_meld_naturals", F_INT, OFF(pile.take_onto_meld_naturals), 0, 10, NULL, NULL, 0, 0,
   true},
  {"opening_by_take", F_BOOL, OFF(pile.opening_by_take), 0, 0, NULL, NULL, 0, 0, false},
  END};

static const field_t meld_fields[] = {
  {"min_cards", F_INT, OFF(meld.min_cards), 1, 20, NULL, NULL, 0, 0, false},
  {"min_naturals", F_INT, OFF(meld.min_naturals), 0, 20, NULL, NULL, 0, 0, false},
  {"max_wild", F_INT, OFF(meld.max_wild), 0, 20, NULL, NULL, 0, 0, false},
  {"wild_below_naturals", F_BOOL, OFF(meld.wild_below_naturals), 0, 0, NULL, NULL, 0, 0, false},
  {"wild_limits", F_LIST, OFF(meld.wild_limits), 0, RS_MAX_WILD_LIMITS, NULL,
   wild_limit_fields, sizeof(rs_wild_limit_t), OFF(meld.nwild_limits), false},
  {"same_rank", F_ENUM, OFF(meld.same_rank), 0, 0, same_rank_names, NULL, 0, 0, false},
  {"wild_sets", F_RANKS, OFF(meld.wild_sets), 0, 0, NULL, NULL, 0, 0, false},
  {"wild_set_fill", F_ENUM, OFF(meld.wild_set_fill), 0, 0, fill_names, NULL, 0, 0, true},
  {"group_alone", F_BOOL, OFF(meld.group_alone), 0, 0, NULL, NULL, 0, 0, true},
  {"black_threes", F_ENUM, OFF(meld.black_threes), 0, 0, threes_names, NULL, 0, 0, false},
  {"black_threes_wild", F_BOOL, OFF(meld.black_threes_wild), 0, 0, NULL, NULL, 0, 0, false},
  END};

static const field_t canasta_fields[] = {
  {"min_cards", F_INT, OFF(canasta.min_cards), 2, 30, NULL, NULL, 0, 0, false},
  {"min_naturals", F_INT, OFF(canasta.min_naturals), 0, 30, NULL, NULL, 0, 0, false},
  {"pure", F_INT, OFF(canasta.pure), 0, 100000, NULL, NULL, 0, 0, false},
  {"impure", F_INT, OFF(canasta.impure), 0, 100000, NULL, NULL, 0, 0, false},
  {"wild_pure", F_RANK_MAP, OFF(canasta.wild_pure), 0, 100000, NULL, NULL, 0, 0, false},
  {"wild_impure", F_RANK_MAP, OFF(canasta.wild_impure), 0, 100000, NULL, NULL, 0, 0, false},
  {"hidden_factor", F_INT, OFF(canasta.hidden_factor), 1, 10, NULL, NULL, 0, 0, false},
  END};

static const field_t sequence_fields[] = {
  {"min_cards", F_INT, OFF(sequence.min_cards), 0, 13, NULL, NULL, 0, 0, false},
  {"max_cards", F_INT, OFF(sequence.max_cards), 0, 13, NULL, NULL, 0, 0, false},
  {"low", F_RANK, OFF(sequence.low), 0, 0, NULL, NULL, 0, 0, false},
  {"high", F_RANK, OFF(sequence.high), 0, 0, NULL, NULL, 0, 0, false},
  {"bonus", F_INT, OFF(sequence.bonus), 0, 100000, NULL, NULL, 0, 0, false},
  END};

static const field_t cut_fields[] = {
  {"bonus", F_INT, OFF(cut.bonus), 0, 100000, NULL, NULL, 0, 0, false},
  END};

static const field_t opening_fields[] = {
  {"negative", F_INT, OFF(opening.negative), 0, 10000, NULL, NULL, 0, 0, false},
  {"bands", F_LIST, OFF(opening.bands), 0, RS_MAX_BANDS, NULL, band_fields,
   sizeof(rs_band_t), OFF(opening.nbands), false},
  {"counts", F_ENUM, OFF(opening.counts), 0, 0, counts_names, NULL, 0, 0, false},
  {"concealed_exempt", F_BOOL, OFF(opening.concealed_exempt), 0, 0, NULL, NULL, 0, 0, false},
  {"hidden_from", F_INT, OFF(opening.hidden_from), 0, 1000000, NULL, NULL, 0, 0, false},
  {"judged", F_ENUM, OFF(opening.judged), 0, 0, judged_names, NULL, 0, 0, true},
  END};

static const field_t red3_fields[] = {
  {"each", F_INT, OFF(red_threes.each), 0, 100000, NULL, NULL, 0, 0, false},
  {"totals", F_LIST, OFF(red_threes.totals), 0, RS_MAX_RED3_TOTALS, NULL, red3_total_fields,
   sizeof(rs_red3_total_t), OFF(red_threes.ntotals), false},
  {"negative_without_meld", F_BOOL, OFF(red_threes.negative_without_meld), 0, 0, NULL, NULL, 0, 0, false},
  {"without_meld_each", F_INT, OFF(red_threes.without_meld_each), 0, 100000, NULL, NULL, 0, 0,
   true},
  {"dealt_order", F_ENUM, OFF(red_threes.dealt_order), 0, 0, dealt_order_names, NULL, 0, 0, true},
  {"replace_from_pile", F_BOOL, OFF(red_threes.replace_from_pile), 0, 0, NULL, NULL, 0, 0, false},
  {"in_hand", F_ENUM, OFF(red_threes.in_hand), 0, 0, in_hand_names, NULL, 0, 0, false},
  {"in_hand_penalty", F_INT, OFF(red_threes.in_hand_penalty), 0, 100000, NULL, NULL, 0, 0, false},
  END};

static const field_t going_out_fields[] = {
  {"canastas", F_INT, OFF(going_out.canastas), 0, 10, NULL, NULL, 0, 0, false},
  {"pure", F_INT, OFF(going_out.pure), 0, 10, NULL, NULL, 0, 0, false},
  {"impure", F_INT, OFF(going_out.impure), 0, 10, NULL, NULL, 0, 0, false},
  {"wild", F_INT, OFF(going_out.wild), 0, 10, NULL, NULL, 0, 0, false},
  {"sequences", F_INT, OFF(going_out.sequences), 0, 10, NULL, NULL, 0, 0, false},
  {"bonus", F_INT, OFF(going_out.bonus), 0, 100000, NULL, NULL, 0, 0, false},
  {"concealed_bonus", F_INT, OFF(going_out.concealed_bonus), 0, 100000, NULL, NULL, 0, 0, false},
  {"ask", F_ENUM, OFF(going_out.ask), 0, 0, ask_names, NULL, 0, 0, false},
  {"premature", F_ENUM, OFF(going_out.premature), 0, 0, premature_names, NULL, 0, 0, true},
  {"concealed_by", F_ENUM, OFF(going_out.concealed_by), 0, 0, concealed_by_names, NULL, 0, 0,
   true},
  {"first_turn", F_BOOL, OFF(going_out.first_turn), 0, 0, NULL, NULL, 0, 0, true},
  END};

static const field_t end_fields[] = {
  {"stock_empty", F_ENUM, OFF(end.stock_empty), 0, 0, stock_names, NULL, 0, 0, false},
  {"must_take_unopened", F_BOOL, OFF(end.must_take_unopened), 0, 0, NULL, NULL, 0, 0, true},
  {"must_take_foot", F_ENUM, OFF(end.must_take_foot), 0, 0, foot_down_names, NULL, 0, 0, true},
  {"last_red3_ends", F_BOOL, OFF(end.last_red3_ends), 0, 0, NULL, NULL, 0, 0, true},
  END};

static const field_t foot_fields[] = {
  {"size", F_INT, OFF(foot.size), 0, 30, NULL, NULL, 0, 0, false},
  END};

static const field_t match_fields[] = {
  {"hands", F_INT, OFF(match.hands), 0, 1000, NULL, NULL, 0, 0, false},
  END};

static const field_t top_fields[] = {
  {"schema", F_INT, OFF(schema), 1, 1, NULL, NULL, 0, 0, false},
  {"name", F_STR, OFF(name), 1, sizeof(((ruleset_t *)0)->name) - 1, NULL, NULL, 0, 0, false},
  {"title", F_STR, OFF(title), 0, sizeof(((ruleset_t *)0)->title) - 1, NULL, NULL, 0, 0, true},
  {"extends", F_STR, OFF(extends), 1, sizeof(((ruleset_t *)0)->extends) - 1, NULL, NULL, 0, 0,
   true},
  {"table", F_LIST, OFF(seats), 1, RS_MAX_SEATS, NULL, seat_fields, sizeof(rs_seat_t),
   OFF(nseats), false},
  {"cards", F_MAP, 0, 0, 0, NULL, cards_fields, 0, 0, false},
  {"turn", F_MAP, 0, 0, 0, NULL, turn_fields, 0, 0, false},
  {"pile", F_MAP, 0, 0, 0, NULL, pile_fields, 0, 0, false},
  {"meld", F_MAP, 0, 0, 0, NULL, meld_fields, 0, 0, false},
  {"canasta", F_MAP, 0, 0, 0, NULL, canasta_fields, 0, 0, false},
  {"sequence", F_MAP, 0, 0, 0, NULL, sequence_fields, 0, 0, false},
  {"cut", F_MAP, 0, 0, 0, NULL, cut_fields, 0, 0, false},
  {"opening", F_MAP, 0, 0, 0, NULL, opening_fields, 0, 0, false},
  {"red_threes", F_MAP, 0, 0, 0, NULL, red3_fields, 0, 0, false},
  {"going_out", F_MAP, 0, 0, 0, NULL, going_out_fields, 0, 0, false},
  {"end", F_MAP, 0, 0, 0, NULL, end_fields, 0, 0, false},
  {"foot", F_MAP, 0, 0, 0, NULL, foot_fields, 0, 0, false},
  {"match", F_MAP, 0, 0, 0, NULL, match_fields, 0, 0, false},
  END};

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

static const char *scalar(const yaml_node_t *n) {
  return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static bool read_int(loader_t *ld, yaml_node_t *n, const field_t *f, int *out) {
  const char *s = scalar(n);
  if (!s || !*s) return fail_at(ld, n, "%s: expected an integer", f->key);
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (*end || errno) return fail_at(ld, n, "%s: expected an integer, got \"%s\"", f->key, s);
  if (v < f->min || v > f->max)
    return fail_at(ld, n, "%s: %ld is out of range (%ld to %ld)", f->key, v, f->min, f->max);
  *out = (int)v;
  return true;
}

static bool read_bool(loader_t *ld, yaml_node_t *n, const field_t *f, bool *out) {
  const char *s = scalar(n);
  if (s && strcmp(s, "true") == 0) return *out = true, true;
  if (s && strcmp(s, "false") == 0) return *out = false, true;
  return fail_at(ld, n, "%s: expected true or false", f->key);
}

static bool read_str(loader_t *ld, yaml_node_t *n, const field_t *f, char *out) {
  const char *s = scalar(n);
  if (!s) return fail_at(ld, n, "%s: expected a string", f->key);
  size_t len = strlen(s);
  if ((long)len < f->min || (long)len > f->max)
    return fail_at(ld, n, "%s: length %zu is out of range (%ld to %ld)", f->key, len, f->min,
                   f->max);
  memcpy(out, s, len + 1);
  return true;
}

static bool read_enum(loader_t *ld, yaml_node_t *n, const field_t *f, int *out) {
  const char *s = scalar(n);
  for (int i = 0; s && f->names[i]; i++)
    if (strcmp(s, f->names[i]) == 0) return *out = i, true;
  char list[160] = "";
  for (int i = 0; f->names[i]; i++) {
    strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
    strncat(list, f->names[i], sizeof list - strlen(list) - 1);
  }
  return fail_at(ld, n, "%s: expected one of %s", f->key, list);
}

static bool read_class(const char *s, unsigned *k) {
  if (strcmp(s, "black3") == 0) *k |= RS_BLACK3;
  else if (strcmp(s, "wild") == 0) *k |= RS_WILD;
  else if (strcmp(s, "red3") == 0) *k |= RS_RED3;
  else return false;
  return true;
}

static bool read_seq_items(loader_t *ld, yaml_node_t *n, const field_t *f, void *out) {
  if (n->type != YAML_SEQUENCE_NODE) return fail_at(ld, n, "%s: expected a list", f->key);
  for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top;
       it++) {
    yaml_node_t *item = yaml_document_get_node(ld->doc, *it);
    const char *s = scalar(item);
    if (f->type == F_CLASSES) {
      if (!s || !read_class(s, (unsigned *)out))
        return fail_at(ld, item, "%s: expected black3, wild or red3", f->key);
    } else {
      int r = s ? card_rank_parse(s) : -1;
      if (r < 0) return fail_at(ld, item, "%s: expected a rank (A, K, ..., 2, JK)", f->key);
      ((bool *)out)[r] = true;
    }
  }
  return true;
}

/* A mapping from ranks to integers: F_VALUES needs every rank, F_RANK_MAP
 * takes 0 for a rank not given. */
static bool read_values(loader_t *ld, yaml_node_t *n, const field_t *f, int *out) {
  if (n->type != YAML_MAPPING_NODE) return fail_at(ld, n, "%s: expected a mapping", f->key);
  bool seen[RANK_COUNT] = {false};
  memset(out, 0, sizeof(int) * RANK_COUNT);
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    yaml_node_t *k = yaml_document_get_node(ld->doc, p->key);
    yaml_node_t *v = yaml_document_get_node(ld->doc, p->value);
    int r = scalar(k) ? card_rank_parse(scalar(k)) : -1;
    if (r < 0) return fail_at(ld, k, "%s: unknown rank \"%s\"", f->key, scalar(k) ? scalar(k) : "");
    if (seen[r]) return fail_at(ld, k, "%s: rank %s given twice", f->key, scalar(k));
    field_t vf = *f;
    vf.key = scalar(k);
    if (!read_int(ld, v, &vf, &out[r])) return false;
    seen[r] = true;
  }
  for (int r = 0; r < RANK_COUNT && f->type == F_VALUES; r++)
    if (!seen[r]) return fail_at(ld, n, "%s: missing the value of rank %s", f->key, card_rank_name(r));
  return true;
}

static bool read_rank(loader_t *ld, yaml_node_t *n, const field_t *f, int *out) {
  const char *s = scalar(n);
  *out = s ? card_rank_parse(s) : -1;
  if (*out < 0) return fail_at(ld, n, "%s: expected a rank (A, K, ..., 2, JK)", f->key);
  return true;
}

static bool read_map(loader_t *ld, yaml_node_t *n, const field_t *fields, char *base,
                     const char *what, bool partial);

static bool read_list(loader_t *ld, yaml_node_t *n, const field_t *f, char *base) {
  if (n->type != YAML_SEQUENCE_NODE) return fail_at(ld, n, "%s: expected a list", f->key);
  long count = n->data.sequence.items.top - n->data.sequence.items.start;
  if (count < f->min || count > f->max)
    return fail_at(ld, n, "%s: %ld entries, expected %ld to %ld", f->key, count, f->min, f->max);
  for (long i = 0; i < count; i++) {
    yaml_node_t *item = yaml_document_get_node(ld->doc, n->data.sequence.items.start[i]);
    if (!read_map(ld, item, f->sub, base + f->offset + (size_t)i * f->elem_size, f->key, false))
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
    case F_MAP: return read_map(ld, v, f->sub, base, f->key, ld->partial);
    case F_LIST: return read_list(ld, v, f, base);
  }
  return false;
}

/* "unknown key", with the nearest key of the map when one is close. */
static bool unknown_key(loader_t *ld, yaml_node_t *k, const field_t *fields, const char *what) {
  const char *key = scalar(k) ? scalar(k) : "?";
  const char *near = NULL;
  size_t best = strlen(key) / 3 + 1;
  for (const field_t *f = fields; f->key; f++) {
    size_t d = rs_name_distance(key, f->key);
    if (d < best) near = f->key, best = d;
  }
  if (near)
    return fail_at(ld, k, "%s: unknown key \"%s\" (did you mean \"%s\"?)", what, key, near);
  return fail_at(ld, k, "%s: unknown key \"%s\"", what, key);
}

/* A mapping against its fields. Partial (extending a base): a key left out
 * keeps the base's value; otherwise every key that is not optional is given. */
static bool read_map(loader_t *ld, yaml_node_t *n, const field_t *fields, char *base,
                     const char *what, bool partial) {
  if (!n || n->type != YAML_MAPPING_NODE)
    return fail_at(ld, n, "%s: expected a mapping", what);
  enum { MAX_FIELDS = 32 };
  size_t nfields = 0;
  while (fields[nfields].key && nfields < MAX_FIELDS) nfields++;
  bool seen[MAX_FIELDS] = {false};
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    yaml_node_t *k = yaml_document_get_node(ld->doc, p->key);
    const char *key = scalar(k);
    size_t i = 0;
    while (i < nfields && (!key || strcmp(key, fields[i].key) != 0)) i++;
    if (i == nfields) return unknown_key(ld, k, fields, what);
    if (seen[i]) return fail_at(ld, k, "%s: key \"%s\" given twice", what, key);
    seen[i] = true;
    if (!read_field(ld, yaml_document_get_node(ld->doc, p->value), &fields[i], base))
      return false;
  }
  for (size_t i = 0; i < nfields; i++)
    if (!seen[i] && !fields[i].optional && !partial)
      return fail_at(ld, n, "%s: missing key \"%s\"", what, fields[i].key);
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

/* Cross-field checks the schema table cannot express. */
static bool check_consistency(loader_t *ld, yaml_node_t *root, const ruleset_t *rs) {
  for (int i = 0; i < rs->nseats; i++) {
    const rs_seat_t *s = &rs->seats[i];
    int cards = s->packs * (52 + rs->cards.jokers_per_pack);
    if (s->teams > s->players)
      return fail_at(ld, node_of(ld, root, "table"), "table: %d teams for %d players", s->teams,
                     s->players);
    if (s->players * (s->deal + rs->foot.size) + rs->pile.initial >= cards)
      return fail_at(ld, node_of(ld, root, "table"),
                     "table: %d players x %d cards leave no stock in %d cards",
                     s->players, s->deal + rs->foot.size, cards);
    for (int j = 0; j < i; j++)
      if (rs->seats[j].players == s->players)
        return fail_at(ld, node_of(ld, root, "table"), "table: %d players listed twice",
                       s->players);
  }
  for (int i = 1; i < rs->opening.nbands; i++)
    if (rs->opening.bands[i].from <= rs->opening.bands[i - 1].from)
      return fail_at(ld, node_of(ld, root, "opening.bands"),
                     "opening.bands: \"from\" values must increase");
  for (int r = 0; r < RANK_COUNT; r++)
    if (rs->meld.wild_sets[r] && !rs->cards.wild[r])
      return fail_at(ld, node_of(ld, root, "meld.wild_sets"),
                     "meld.wild_sets: %s is not a wild rank (cards.wild)",
                     card_rank_name(r));
  if (rs->meld.min_naturals > rs->meld.min_cards)
    return fail_at(ld, node_of(ld, root, "meld.min_naturals"),
                   "meld: min_naturals %d exceeds min_cards %d",
                   rs->meld.min_naturals, rs->meld.min_cards);
  return true;
}

/* libyaml's scanner is quadratic in the depth of flow collections ([[[[...),
 * so a hostile file could hang it; no ruleset nests more than a few levels.
 * This scan skips quoted scalars and comments and refuses deep nesting. */
static bool check_flow_depth(const char *text, size_t len, rs_error_t *err) {
  unsigned line = 1, col = 0, depth = 0;
  char quote = 0;
  bool comment = false;
  for (size_t i = 0; i < len; i++) {
    char c = text[i];
    col++;
    if (c == '\n') {
      line++;
      col = 0;
      comment = false;
      continue;
    }
    if (comment) continue;
    if (quote) {
      if (c == '\\' && quote == '"' && i + 1 < len) i++, col++;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    else if (c == '#' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t')) comment = true;
    else if (c == '[' || c == '{') {
      if (++depth > MAX_FLOW_DEPTH) {
        err->line = line;
        err->col = col;
        snprintf(err->message, sizeof err->message, "nesting deeper than %d levels",
                 MAX_FLOW_DEPTH);
        return false;
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      depth--;
    }
  }
  return true;
}

static bool load_text(ruleset_t *rs, const char *label, const char *text, size_t len,
                      rs_error_t *err, int depth);
static bool load_named(ruleset_t *rs, const char *name_or_path, rs_error_t *err, int depth);

/* `extends: BASE`: BASE loaded into rs, a path read relative to the
 * extending file when a file there has that name. */
static bool load_base(loader_t *ld, yaml_node_t *ext, ruleset_t *rs, const char *label,
                      int depth) {
  const char *name = scalar(ext);
  if (!name || !*name) return fail_at(ld, ext, "extends: expected a ruleset name or path");
  if (depth >= MAX_EXTENDS)
    return fail_at(ld, ext, "extends: more than %d rulesets extend one another (a loop?)",
                   MAX_EXTENDS);
  char path[512];
  const char *slash = strrchr(label, '/');
  const char *use = name;
  if (rs_is_path(name) && name[0] != '/' && slash) {
    snprintf(path, sizeof path, "%.*s/%s", (int)(slash - label), label, name);
    FILE *f = fopen(path, "rb");
    if (f) {
      fclose(f);
      use = path;
    }
  }
  rs_error_t base_err;
  if (load_named(rs, use, &base_err, depth + 1)) return true;
  if (base_err.line > 0) {
    *ld->err = base_err; /* the fault is in the base: its own file and position */
    return false;
  }
  return fail_at(ld, ext, "extends: %s: %s", name, base_err.message);
}

/* The document's root against the schema, over a base when it extends one. */
/* The values of optional keys a document may leave out (0 for the others). */
static void optional_defaults(ruleset_t *rs) { rs->going_out.first_turn = true; }

static bool load_root(loader_t *ld, yaml_node_t *root, ruleset_t *rs, const char *label,
                      int depth) {
  yaml_node_t *ext = node_of(ld, root, "extends");
  if (ext != root) {
    yaml_node_t *value = NULL;
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top;
         p++)
      if (yaml_document_get_node(ld->doc, p->key) == ext)
        value = yaml_document_get_node(ld->doc, p->value);
    if (!load_base(ld, value, rs, label, depth)) return false;
    ld->partial = true;
  } else {
    optional_defaults(rs);
  }
  if (!read_map(ld, root, top_fields, (char *)rs, "top level", ld->partial)) return false;
  const char *own[] = {"schema", "name"};
  for (size_t i = 0; ld->partial && i < sizeof own / sizeof own[0]; i++)
    if (node_of(ld, root, own[i]) == root)
      return fail_at(ld, root, "top level: missing key \"%s\" (a ruleset that extends another "
                               "gives its own)", own[i]);
  return check_consistency(ld, root, rs);
}

bool rs_load_text(ruleset_t *rs, const char *label, const char *text, size_t len,
                  rs_error_t *err) {
  return load_text(rs, label, text, len, err, 0);
}

static bool load_text(ruleset_t *rs, const char *label, const char *text, size_t len,
                      rs_error_t *err, int depth) {
  memset(rs, 0, sizeof *rs);
  memset(err, 0, sizeof *err);
  snprintf(err->file, sizeof err->file, "%s", label);
  err->line = err->col = 1;
  if (len > MAX_RULESET_BYTES) {
    snprintf(err->message, sizeof err->message, "file larger than %d bytes", MAX_RULESET_BYTES);
    return false;
  }
  if (!check_flow_depth(text, len, err)) return false;
  yaml_parser_t parser;
  yaml_document_t doc;
  if (!yaml_parser_initialize(&parser)) {
    snprintf(err->message, sizeof err->message, "out of memory");
    return false;
  }
  yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
  bool ok = yaml_parser_load(&parser, &doc) != 0;
  if (!ok) {
    err->line = (unsigned)parser.problem_mark.line + 1;
    err->col = (unsigned)parser.problem_mark.column + 1;
    snprintf(err->message, sizeof err->message, "YAML: %s",
             parser.problem ? parser.problem : "syntax error");
    yaml_parser_delete(&parser);
    return false;
  }
  loader_t ld = {&doc, err, false};
  yaml_node_t *root = yaml_document_get_root_node(&doc);
  if (!root) {
    snprintf(err->message, sizeof err->message, "empty document");
    ok = false;
  } else if (root->type != YAML_MAPPING_NODE) {
    ok = fail_at(&ld, root, "top level: expected a mapping");
  } else {
    ok = load_root(&ld, root, rs, label, depth);
  }
  yaml_document_delete(&doc);
  yaml_parser_delete(&parser);
  return ok;
}

static bool load_file(ruleset_t *rs, const char *path, rs_error_t *err, int depth) {
  memset(err, 0, sizeof *err);
  snprintf(err->file, sizeof err->file, "%s", path);
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err->message, sizeof err->message, "cannot open: %s", strerror(errno));
    return false;
  }
  char *buf = malloc(MAX_RULESET_BYTES + 1);
  size_t n = buf ? fread(buf, 1, MAX_RULESET_BYTES + 1, f) : 0;
  bool read_error = ferror(f) != 0;
  fclose(f);
  if (!buf || read_error) {
    free(buf);
    snprintf(err->message, sizeof err->message, "cannot read the file");
    return false;
  }
  bool ok = load_text(rs, path, buf, n, err, depth);
  free(buf);
  return ok;
}

bool rs_load_file(ruleset_t *rs, const char *path, rs_error_t *err) {
  return load_file(rs, path, err, 0);
}

bool rs_load(ruleset_t *rs, const char *name_or_path, rs_error_t *err) {
  return load_named(rs, name_or_path, err, 0);
}

static bool load_named(ruleset_t *rs, const char *name_or_path, rs_error_t *err, int depth) {
  if (rs_is_path(name_or_path)) return load_file(rs, name_or_path, err, depth);
  for (const rs_builtin_t *b = rs_builtins; b->name; b++)
    if (strcmp(b->name, name_or_path) == 0) {
      char label[96];
      snprintf(label, sizeof label, "rulesets/%s.yaml", b->name);
      return load_text(rs, label, b->text, b->len, err, depth);
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

static void walk_keys(const field_t *fields, const char *prefix,
                      void (*fn)(const char *path, void *ctx), void *ctx) {
  for (const field_t *f = fields; f->key; f++) {
    char path[128];
    snprintf(path, sizeof path, "%s%s%s", prefix, *prefix ? "." : "", f->key);
    fn(path, ctx);
    if (f->sub) walk_keys(f->sub, path, fn, ctx);
  }
}

void rs_schema_keys(void (*fn)(const char *path, void *ctx), void *ctx) {
  walk_keys(top_fields, "", fn, ctx);
}
