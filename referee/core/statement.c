/* statement.c — the verbs as players write them, and the cards each takes:
 * the one table the readers (formats/cgr_fast.c, formats/cgr_grammar.c) and
 * the engine read. */
#include "statement.h"

#include <limits.h>
#include <string.h>

const verb_info_t verb_table[V_COUNT] = {
    [V_DRAW] = {"draw", 1, UINT_MAX},   [V_TAKE] = {"take", 0, UINT_MAX},
    [V_MELD] = {"meld", 1, UINT_MAX},   [V_ADD] = {"add", 1, UINT_MAX},
    [V_RED3] = {"red3", 1, 1},          [V_FOOT] = {"foot", 0, 0},
    [V_ASK] = {"ask", 0, 0},            [V_YES] = {"yes", 0, 0},
    [V_NO] = {"no", 0, 0},              [V_DISCARD] = {"discard", 1, 1},
    [V_END] = {"end", 0, 0}};

const char *verb_name(verb_t v) { return v < V_COUNT ? verb_table[v].name : "?"; }

int verb_parse(const char *s, size_t n) {
  for (int v = 0; v < V_COUNT; v++)
    if (strlen(verb_table[v].name) == n && memcmp(verb_table[v].name, s, n) == 0) return v;
  return -1;
}

bool verb_cards_fit(verb_t v, unsigned n) {
  return v < V_COUNT && n >= verb_table[v].min_cards && n <= verb_table[v].max_cards;
}
