/* schema.h — the ruleset schema as data, for the loader (ruleset_load.c) and
 * for whoever lists the keys (the coverage report, the docs check).
 *
 * The keys' fields come from the one table, rulekeys.def. Around them, the
 * top level's other keys (schema, name, title, extends) and the entries of
 * the lists other than the table are small tables in schema.c. */
#ifndef SCHEMA_H
#define SCHEMA_H

#include <stdbool.h>
#include <stddef.h>

#include "rulekeys.h"

typedef enum {
  F_INT, F_BOOL, F_STR, F_ENUM, F_CLASSES, F_RANKS, F_VALUES, F_RANK_MAP, F_RANK, F_MAP, F_LIST,
  F_INTS, F_COND
} ftype_t;

typedef struct field {
  const char *key;          /* the dotted path ("meld.max_wild"; "schema" at the top) */
  ftype_t type;
  size_t offset;            /* into the struct being filled (ruleset_t, or a list entry) */
  long min, max;            /* F_INT/F_INTS range; F_STR/F_LIST length or entries */
  const char *names;        /* F_ENUM: the values' names, space-separated, in enum order */
  const struct field *sub;  /* F_MAP / F_LIST entry: the fields, ending with key NULL, ... */
  const char *section;      /* ... those below this path (the key's own) */
  size_t elem_size;         /* F_LIST: an entry's size; F_INTS: the most integers */
  size_t count_offset;      /* F_LIST, F_INTS: offset of the int count */
  const char *dflt;         /* YAML: the value of a key left out ("": none, but
                               it may be left out); NULL: it must be given */
  const char *doc;          /* one line on what the key is */
} field_t;

/* schema_fields[k] is the field of rule key k (schema_fields[RK_NONE] has
 * key ""); from schema_fields[RK_COUNT] follow the top level's other keys
 * (schema, name, title, extends); the last has key NULL. The top level is the fields whose key has no dot (section ""). */
extern const field_t schema_fields[];
enum { SCHEMA_MAX_FIELDS = RK_COUNT + 32 }; /* the longest table of fields, at most */

/* The name of a field in its mapping: the last part of its path. */
const char *field_name(const field_t *f);
/* Whether the field is one of SECTION's: "meld" holds "meld.max_wild", ""
 * the top level's keys (no dot). */
bool field_in(const field_t *f, const char *section);
/* The field of SECTION named `key` (its path "SECTION.key", "key" at the
 * top, compared in place: no field's name has a dot), or the index of the
 * table's end (key NULL): what a ruleset's loader asks for each of its keys. */
size_t field_at(const field_t *fields, const char *section, const char *key);

#endif
