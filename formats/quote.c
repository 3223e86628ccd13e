/* quote.c — the passage of a variant document behind a rule (the end of
 * --explain, the page's quotation): the numbered section that names the
 * ruleset key, its heading, the seed's sentences and their gloss. */
#include <string.h>

#include "i18n.h"
#include "report.h"

/* The heading ("### ...") of the section holding position at, or NULL. */
static const char *section_of(const char *text, const char *at) {
  for (const char *h = at; h > text; h--)
    if (h[-1] == '\n' && h[0] == '#' && h[1] == '#') return h;
  return NULL;
}

/* A section without an italic gloss: its "**Reading:**" paragraph, the
 * project's reading of the quoted sentences (where the rule that decides is
 * said), up to room lines, ended at the last line that ends a sentence when
 * the paragraph is longer. */
static void put_reading(FILE *out, const char *p, const char *end, int room) {
  const char *stop = p, *last_sentence = NULL;
  for (int n = 0; stop < end && n <= room; n++) {
    const char *nl = memchr(stop, '\n', (size_t)(end - stop));
    if (!nl) nl = end;
    if (nl == stop) break; /* the paragraph is over */
    if (n == room) {
      stop = last_sentence ? last_sentence : p;
      break;
    }
    if (nl[-1] == '.') last_sentence = nl + 1;
    stop = nl + 1;
  }
  for (const char *q = p; q < stop;) {
    const char *nl = memchr(q, '\n', (size_t)(stop - q));
    if (!nl) nl = stop;
    fprintf(out, "    %.*s\n", (int)(nl - q), q);
    q = nl + 1;
  }
}

/* The rule's section of the variant document: the first numbered section
 * ("### 10. The frozen pile") naming "`key`" (or its parent key), printed as
 * its heading, the seed's sentences (the "> " lines) and their gloss. */
void report_rule_quote(FILE *out, const record_t *rec) {
  report_rule_quote_of(out, rec, rec->verdict.rule);
}

void report_rule_quote_of(FILE *out, const record_t *rec, rule_key_t k) {
  const char *rule = rule_key_name(k);
  const rs_builtin_t *d = rs_variant_docs;
  while (d->name && (!rec->rs || strcmp(d->name, rec->rs->name) != 0)) d++;
  fprintf(out, "  %s %s\n", _("rule:"), rule ? rule : _("(no ruleset key)"));
  if (!rule || !d->name) return;
  char key[130];
  snprintf(key, sizeof key, "`%s", rule);
  const char *head = NULL;
  for (;;) {
    for (const char *at = strstr(d->text, key); at && !head; at = strstr(at + 1, key)) {
      const char *h = section_of(d->text, at);
      if (h && h[2] == '#' && h[3] == ' ' && h[4] >= '0' && h[4] <= '9') head = h;
    }
    char *dot = strrchr(key, '.');
    if (head || !dot) break;
    *dot = '\0';
  }
  if (!head) return;
  const char *head_end = strchr(head, '\n');
  const char *end = strstr(head_end, "\n#");
  if (!end) end = d->text + d->len;
  /* the heading's title in the messages' language (po/template.sh marks
   * every numbered heading of the variant documents for translation) */
  char title[256];
  snprintf(title, sizeof title, "%.*s", (int)(head_end - head - 4), head + 4);
  char heading[300];
  snprintf(heading, sizeof heading, "### %s", _(title));
  fprintf(out, _("  from docs/variants/%s.md, %s\n"), d->name, heading);
  int shown = 0;
  bool gloss = false, starts = true; /* the line begins a paragraph or follows a quote */
  const char *reading = NULL;
  for (const char *p = head_end + 1; p < end && shown < 12;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl) nl = end;
    /* a gloss is an italic paragraph: a word in italics inside another
     * paragraph's line ("*other* team") starts none */
    bool quote = p[0] == '>', italic = starts && p[0] == '*' && p[1] != '*';
    if (!reading && starts && strncmp(p, "**Reading:**", 12) == 0) reading = p;
    if (quote || (italic && !gloss) || (gloss && nl > p && p[0] != '*' && p[0] != '>')) {
      if (italic) gloss = true;
      fprintf(out, "    %.*s\n", (int)(nl - p), p);
      shown++;
    } else if (gloss && nl == p) {
      break; /* the gloss paragraph is over */
    }
    if (gloss && italic && nl > p && nl[-1] == '*' && nl - p > 1) break;
    starts = nl == p || quote;
    p = nl + 1;
  }
  if (!gloss && reading) put_reading(out, reading, end, 12 - shown);
}
