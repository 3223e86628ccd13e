/* statement.c — the names of the verbs, as players write them. */
#include "statement.h"

static const char *const verb_names[V_COUNT] = {
  "draw", "take", "meld", "add", "red3", "foot", "ask", "yes", "no", "discard", "end"};

const char *verb_name(verb_t v) { return v < V_COUNT ? verb_names[v] : "?"; }
