/* statement.c — the verbs (verbs.def) and the statement keywords as records
 * write them: the tables the readers (formats/cgr_fast.c,
 * formats/cgr_grammar.c) and the engine read. */
#include "statement.h"

#include <limits.h>
#include <string.h>

#define MANY UINT_MAX
const verb_info_t verb_table[V_COUNT] = {
#define VERB(id, spelling, min, max, ref, who, phases, handler) \
  [V_##id] = {spelling, sizeof spelling - 1, min, max, ref, who, phases},
#include "verbs.def"
#undef VERB
};
#undef MANY

#define KEYWORD(word, kind) {word, sizeof word - 1, kind}
const stmt_keyword_t stmt_keywords[] = {
  KEYWORD("cgr", ST_CGR),     KEYWORD("variant", ST_VARIANT), KEYWORD("player", ST_PLAYER),
  KEYWORD("tag", ST_TAG),     KEYWORD("match", ST_MATCH),     KEYWORD("hand", ST_HAND),
  KEYWORD("dealer", ST_DEALER), KEYWORD("cut", ST_CUT),       KEYWORD("deal", ST_DEAL),
  KEYWORD("foot", ST_FOOT),   KEYWORD("stock", ST_STOCK),     KEYWORD("pile", ST_PILE),
  KEYWORD("talon", ST_TALON), KEYWORD("score", ST_SCORE), {NULL, 0, ST_CGR}};
#undef KEYWORD

int stmt_keyword(const char *s, size_t n) {
  for (const stmt_keyword_t *k = stmt_keywords; k->word; k++) {
    if (k->len != n || k->word[0] != s[0]) continue;
    size_t i = 1; /* a short loop, not a call to memcmp */
    while (i < n && k->word[i] == s[i]) i++;
    if (i == n) return (int)k->kind;
  }
  return -1;
}

const char *verb_name(verb_t v) { return v < V_COUNT ? verb_table[v].name : "?"; }

bool verb_cards_fit(verb_t v, unsigned n) {
  return v < V_COUNT && n >= verb_table[v].min_cards && n <= verb_table[v].max_cards;
}

const char *verb_list(void) {
  static const char list[] =
#define VERB(id, spelling, min, max, ref, who, phases, handler) ", " spelling
#include "verbs.def"
#undef VERB
      ;
  return list + 2; /* past the first ", " */
}
