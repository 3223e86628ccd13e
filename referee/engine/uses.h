/* uses.h — the rules a legal replay relied on.
 *
 * Each time a check passes on a rule that mattered (a wild card counted
 * against meld.max_wild, a frozen pile taken with the naturals it needs, a
 * canasta bonus scored), the engine notes the rule's ruleset key. The
 * conformance mode counts, per key, the legal records that relied on it, so a
 * corpus shows each rule followed as well as broken (docs/coverage.md). */
#ifndef USES_H
#define USES_H

#include <stdbool.h>
#include <stdint.h>

#include "rulekeys.h"
#include "ruleset.h"

typedef struct {
  uint64_t w[(RK_COUNT + 63) / 64];
} rule_uses_t;

static inline void uses_add(rule_uses_t *u, rule_key_t k) {
  u->w[k / 64] |= (uint64_t)1 << (k % 64);
}
static inline bool uses_has(const rule_uses_t *u, rule_key_t k) {
  return (u->w[k / 64] >> (k % 64)) & 1;
}
void uses_merge(rule_uses_t *dst, const rule_uses_t *src);

/* Whether the ruleset has the rule at all: a legal record can rely only on a
 * rule that is switched on (sequence.bonus needs sequences, foot.size a foot).
 * RK_NONE is no rule: never active. */
bool rule_key_active(const ruleset_t *rs, rule_key_t k);

#endif
