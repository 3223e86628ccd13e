/* report.h — printing verdicts: compiler-style text, or JSON Lines. */
#ifndef REPORT_H
#define REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "game.h"

/* docs/variants/<name>.md of the shipped rulesets, by ruleset name (built
 * into the command-line program, not the library). */
extern const rs_builtin_t rs_variant_docs[];

/* Text: "file:line:col: illegal: CODE: message (rule)", the source line with
 * a caret under the token, then the scores. color: ANSI colours. */
void report_text(FILE *out, const record_t *rec, bool color);
/* The verdict in a few words: "legal", "illegal CODE L:C (message)",
 * "malformed L:C (message)", "a ruleset error: ..." (check, --tap). */
void report_describe(const record_t *r, char *buf, size_t len);
/* One JSON object on one line, with every field of the verdict and scores. */
void report_json(FILE *out, const record_t *rec);
/* The caret line for a column of a text: spaces, '^', '~' under the token
 * (as wide as report_put prints it). */
void report_caret(FILE *out, const char *text, unsigned col);
/* Text from a record for a terminal: control bytes (but the tab), DEL, C1
 * controls and bytes that are not valid UTF-8 written as \xNN. */
void report_put(FILE *out, const char *text);
/* The same into buf (cut to fit len), for a printf width; returns buf. */
const char *report_safe(const char *text, char *buf, size_t len);
const char *report_status_name(verdict_status_t s);
/* --explain: the table (hands, melds, pile, stock, totals) of rec->state and the
 * passage of the variant document behind the rule broken. */
void report_explain(FILE *out, const record_t *rec, bool color);
/* The ruleset key of the verdict's rule and the passage of the variant
 * document behind it (the end of --explain). */
void report_rule_quote(FILE *out, const record_t *rec);
/* The same for rule key k (a later error's, --keep-going) (quote.c). */
void report_rule_quote_of(FILE *out, const record_t *rec, rule_key_t k);
/* The same state as a JSON value (null when there is none) (json_state.c). */
void report_json_state(FILE *out, const record_t *rec);
/* The player to act at rec->state, -1 for none; at the table a verdict's
 * line found, the player that line was judged for (the page's, html_page.c:
 * shown). */
int report_to_act(const record_t *rec, const eng_view_t *e);

#endif
