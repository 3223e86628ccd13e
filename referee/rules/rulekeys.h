/* rulekeys.h — the ids of the rule keys (rulekeys.def): what a verdict names
 * and a replay notes, a number here and a dotted path only when printed. */
#ifndef RULEKEYS_H
#define RULEKEYS_H

typedef enum {
  RK_NONE, /* no key: a verdict that comes from no rule (zero, as a cleared verdict) */
#define X(id, ...) id,
#include "rulekeys.def"
#undef X
  RK_COUNT
} rule_key_t;

/* The key's dotted path, as in rulesets ("meld.max_wild"); NULL for RK_NONE
 * (or a number that is no key). */
const char *rule_key_name(rule_key_t k);

#endif
