/* ruleset_yaml.c — a ruleset written back as YAML (ruleset_yaml.h),
 * every key of the schema with the value the ruleset has, from the same
 * table the loader reads (schema.h): what a ruleset resolves to after its
 * `extends`, which loads back to the same ruleset. */
#include "ruleset_yaml.h"

#include <string.h>

#include "card.h"
#include "schema.h"

/* A string in YAML's double quotes: a control character (C0, DEL, or C1,
 * U+0080 to U+009F, which the loader's UTF-8 holds as C2 80 to C2 9F) as
 * YAML's \xNN, which reads back as the same character and cannot act on a
 * terminal. */
static void put_string(FILE *out, const char *s) {
  putc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') fprintf(out, "\\%c", *p);
    else if (*p < 0x20 || *p == 0x7f) fprintf(out, "\\x%02x", *p);
    else if (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F) fprintf(out, "\\x%02x", *++p);
    else putc(*p, out);
  }
  putc('"', out);
}

/* The name of enum value i of "any canasta never". */
static void put_enum(FILE *out, const char *names, int i) {
  const char *name = names;
  for (int k = 0; k < i && *name; k++) name += strcspn(name, " ") + (name[strcspn(name, " ")] == ' ');
  fprintf(out, "%.*s", (int)strcspn(name, " "), name);
}

static void put_classes(FILE *out, unsigned k) {
  static const struct { unsigned bit; const char *name; } classes[] = {
      {RS_BLACK3, "black3"}, {RS_WILD, "wild"}, {RS_RED3, "red3"}};
  const char *sep = "";
  putc('[', out);
  for (size_t i = 0; i < sizeof classes / sizeof *classes; i++)
    if (k & classes[i].bit) {
      fprintf(out, "%s%s", sep, classes[i].name);
      sep = ", ";
    }
  putc(']', out);
}

/* Ranks (a bool each) as a list, or ranks to integers as a mapping (only
 * those not 0 where the rest default to 0). */
static void put_ranks(FILE *out, const void *at, ftype_t type) {
  const char *sep = "";
  putc(type == F_RANKS ? '[' : '{', out);
  for (int r = 0; r < RANK_COUNT; r++) {
    if (type == F_RANKS && !((const bool *)at)[r]) continue;
    int v = type == F_RANKS ? 0 : ((const int *)at)[r];
    if (type == F_RANK_MAP && v == 0) continue;
    fprintf(out, "%s%s", sep, card_rank_name(r));
    if (type != F_RANKS) fprintf(out, ": %d", v);
    sep = ", ";
  }
  putc(type == F_RANKS ? ']' : '}', out);
}

/* A value that fits on the key's line. */
static void put_scalar(FILE *out, const field_t *f, const char *base) {
  const void *at = base + f->offset;
  switch (f->type) {
    case F_INT: fprintf(out, "%d", *(const int *)at); break;
    case F_BOOL: fputs(*(const bool *)at ? "true" : "false", out); break;
    case F_STR: put_string(out, (const char *)at); break;
    case F_ENUM: put_enum(out, f->names, *(const int *)at); break;
    case F_CLASSES: put_classes(out, *(const unsigned *)at); break;
    case F_RANKS:
    case F_VALUES:
    case F_RANK_MAP: put_ranks(out, at, f->type); break;
    case F_RANK: fputs(card_rank_name(*(const int *)at), out); break;
    case F_INTS:
      putc('[', out);
      for (int i = 0; i < *(const int *)(base + f->count_offset); i++)
        fprintf(out, "%s%d", i ? ", " : "", ((const int *)at)[i]);
      putc(']', out);
      break;
    case F_COND: {
      char text[512];
      cond_format((const cond_t *)at, text, sizeof text);
      fputs(text, out);
      break;
    }
    case F_MAP:
    case F_LIST: break;
  }
}

static void put_map(FILE *out, const field_t *fields, const char *section, const char *base,
                    int depth);

/* An optional field of a list entry (special_hands.name, .ranks, ...) left
 * at its nothing: not written, as a row of the ruleset leaves it out. */
static bool left_out(const field_t *e, const char *entry) {
  const char *at = entry + e->offset;
  bool none = true;
  if (!e->dflt || *e->dflt) return false;
  if (e->type == F_BOOL) return !*(const bool *)at;
  if (e->type == F_STR) return !*at;
  if (e->type == F_INTS) return *(const int *)(entry + e->count_offset) == 0;
  if (e->type == F_COND) return ((const cond_t *)at)->tests == 0;
  if (e->type == F_CLASSES) return *(const unsigned *)at == 0;
  for (int r = 0; e->type == F_RANKS && r < RANK_COUNT; r++) none = none && !((const bool *)at)[r];
  return e->type == F_RANKS && none;
}

/* A list's entries, one flow mapping a line. */
static void put_list(FILE *out, const field_t *f, const char *base, int depth) {
  int count = *(const int *)(base + f->count_offset);
  if (count == 0) {
    fputs(" []\n", out);
    return;
  }
  putc('\n', out);
  for (int i = 0; i < count; i++) {
    const char *entry = base + f->offset + (size_t)i * f->elem_size;
    const char *sep = "";
    fprintf(out, "%*s- {", depth * 2 + 2, "");
    for (const field_t *e = f->sub; e->key; e++) {
      if (!field_in(e, f->section) || left_out(e, entry)) continue;
      fprintf(out, "%s%s: ", sep, field_name(e));
      put_scalar(out, e, entry);
      sep = ", ";
    }
    fputs("}\n", out);
  }
}

static bool own_key(const field_t *f) {
  return strcmp(f->key, "schema") == 0 || strcmp(f->key, "name") == 0 ||
         strcmp(f->key, "title") == 0 || strcmp(f->key, "extends") == 0;
}

static void put_map(FILE *out, const field_t *fields, const char *section, const char *base,
                    int depth) {
  for (const field_t *f = fields; f->key; f++) {
    if (!*f->key || !field_in(f, section) || (depth == 0 && own_key(f))) continue;
    /* bands made from the shorthand keys, which are written, are made again */
    if (f == &schema_fields[RK_RED_THREES_BANDS] && !rs_red3_bands_given((const ruleset_t *)base))
      continue;
    fprintf(out, "%*s%s:", depth * 2, "", field_name(f));
    if (f->type == F_MAP) {
      putc('\n', out);
      put_map(out, f->sub, f->section, base, depth + 1);
    } else if (f->type == F_LIST) {
      put_list(out, f, base, depth);
    } else {
      putc(' ', out);
      put_scalar(out, f, base);
      putc('\n', out);
    }
  }
}

void rs_write_yaml(FILE *out, const ruleset_t *rs) {
  for (const field_t *f = schema_fields; f->key; f++)
    if (*f->key && own_key(f) && strcmp(f->key, "extends") != 0) {
      fprintf(out, "%s: ", f->key);
      put_scalar(out, f, (const char *)rs);
      putc('\n', out);
    }
  put_map(out, schema_fields, "", (const char *)rs, 0);
}
