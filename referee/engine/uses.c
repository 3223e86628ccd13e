/* uses.c — the rule keys a replay relied on, and whether a ruleset has each
 * rule switched on. */
#include "uses.h"

#include "engine.h"

void uses_merge(rule_uses_t *dst, const rule_uses_t *src) {
  for (size_t i = 0; i < sizeof dst->w / sizeof dst->w[0]; i++) dst->w[i] |= src->w[i];
}

static bool any_rank(const bool a[RANK_COUNT]) {
  for (int r = 0; r < RANK_COUNT; r++)
    if (a[r]) return true;
  return false;
}

static bool any_value(const int a[RANK_COUNT]) {
  for (int r = 0; r < RANK_COUNT; r++)
    if (a[r] > 0) return true;
  return false;
}

static bool any_deal_also(const ruleset_t *rs) {
  for (int i = 0; i < rs->nseats; i++)
    if (rs->seats[i].deal_also > 0) return true;
  return false;
}

static bool any_partners_apart(const ruleset_t *rs) {
  for (int i = 0; i < rs->nseats; i++)
    if (rs->seats[i].partners_apart && rs->seats[i].teams < rs->seats[i].players) return true;
  return false;
}

/* Some card or rule can freeze the pile: the key of a cause in freeze.c's
 * table is switched on. */
static bool pile_freezes(const ruleset_t *rs) {
  for (int c = 0; c < FREEZE_NONE; c++)
    if (rule_key_active(rs, eng_freeze_rule((freeze_cause_t)c))) return true;
  return false;
}

/* Each key's own expression, the last column of its row in rulekeys.def: a
 * key without one does not compile, and no key borrows another's. */
bool rule_key_active(const ruleset_t *rs, rule_key_t k) {
  switch (k) {
#define X(id, path, type, at, dflt, doc, in_force) \
  case id:                                           \
    return (in_force);
#include "rulekeys.def"
#undef X
    case RK_NONE:
    case RK_COUNT: break;
  }
  return false;
}
