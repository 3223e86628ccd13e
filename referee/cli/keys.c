/* keys.c — `referee --list-keys`: every key of the ruleset schema, from the
 * one table (rulekeys.def through schema.h), written as a ruleset in YAML:
 * each key at its default, with its type and its line of documentation as a
 * comment. Read back, it is the ruleset a document that gives no key gets. */
#include "keys.h"

#include <stdio.h>
#include <string.h>

#include "schema.h"

enum { COMMENT_COLUMN = 40 };

/* What values the key takes, in words. */
static void put_type(FILE *out, const field_t *f) {
  switch (f->type) {
  case F_INT: fprintf(out, "integer %ld..%ld", f->min, f->max); break;
  case F_BOOL: fputs("true or false", out); break;
  case F_STR: fputs("text", out); break;
  case F_ENUM: fprintf(out, "one of: %s", f->names); break;
  case F_CLASSES: fputs("list of card classes", out); break;
  case F_RANKS: fputs("list of ranks", out); break;
  case F_RANK: fputs("a rank", out); break;
  case F_VALUES: fprintf(out, "every rank to an integer %ld..%ld", f->min, f->max); break;
  case F_RANK_MAP: fprintf(out, "some ranks to an integer %ld..%ld", f->min, f->max); break;
  case F_LIST: fprintf(out, "list of %ld to %ld entries", f->min, f->max); break;
  case F_INTS: fprintf(out, "list of integers %ld..%ld", f->min, f->max); break;
  case F_COND: fputs("a condition on the game", out); break;
  case F_MAP: fputs("section", out); break;
  }
}

static bool too_long(const char *dflt) { return strlen(dflt) >= 60 && dflt[0] == '['; }

/* A default too long for one line (the table, the bands) on lines of its
 * own below its key, an entry a line. */
static void put_long_default(FILE *out, const char *dflt, int indent) {
  fprintf(out, "%*s", indent, "");
  for (const char *p = dflt; *p; p++) {
    fputc(*p, out);
    if (*p == ',' && p > dflt && p[-1] == '}') {
      fprintf(out, "\n%*s", indent + 1, "");
      if (p[1] == ' ') p++;
    }
  }
  fputc('\n', out);
}

/* What a key that must be given is written with, so that the list loads. */
static const char *required_value(const field_t *f, char buf[32]) {
  if (f->type != F_INT) return "defaults";
  snprintf(buf, 32, "%ld", f->min);
  return buf;
}

/* "KEY: DEFAULT" ("# KEY:" for a key with nothing to default to), its type
 * and documentation line as a comment. */
static void put_key(FILE *out, const field_t *f, int depth, bool commented) {
  char buf[32];
  const char *value = f->dflt ? f->dflt : depth == 0 ? required_value(f, buf) : "";
  bool below = too_long(value);
  int at = fprintf(out, "%*s%s%s:%s%s", depth * 2, "", commented ? "# " : "", field_name(f),
                   *value && !below ? " " : "", below ? "" : value);
  fprintf(out, "%*s# ", at < COMMENT_COLUMN ? COMMENT_COLUMN - at : 1, "");
  put_type(out, f);
  fprintf(out, ": %s\n", f->doc ? f->doc : "");
  if (below) put_long_default(out, value, depth * 2 + 2);
}

static void put_keys(FILE *out, const char *section, int depth, bool commented);

/* The fields from..to that are SECTION's, each followed by its own keys when
 * it is a section; a table row's keys come as comments, since the table is
 * given whole. */
static void put_range(FILE *out, const field_t *from, const field_t *to, const char *section,
                      int depth, bool commented) {
  for (const field_t *f = from; f != to && f->key; f++) {
    if (!field_in(f, section)) continue;
    bool none = f->dflt && !*f->dflt && f->type != F_MAP; /* extends: none by default */
    put_key(out, f, depth, commented || none || (!f->dflt && depth > 0));
    if (f->type == F_MAP || (f->type == F_LIST && f->sub == schema_fields))
      put_keys(out, f->key, depth + 1, commented || f->type == F_LIST);
  }
}

/* The keys of one mapping; at the top level, schema, name, title and
 * extends first, as a ruleset is written. */
static void put_keys(FILE *out, const char *section, int depth, bool commented) {
  const field_t *rules = schema_fields + 1, *others = schema_fields + RK_COUNT;
  if (depth == 0) put_range(out, others, NULL, section, depth, commented);
  put_range(out, rules, others, section, depth, commented);
}

void keys_list(FILE *out) {
  fputs("# Every rule key, at its default: what a ruleset gets for a key it leaves\n"
        "# out. docs/rulesets.md says more of each. Keep the keys you change, under\n"
        "# `extends:` or alone.\n",
        out);
  put_keys(out, "", 0, false);
}
