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

#include "ruleset.h"

typedef enum {
  RK_TABLE_PLAYERS, RK_TABLE_TEAMS, RK_TABLE_DEAL, RK_TABLE_PACKS, RK_TABLE_PARTNERS_APART,
  RK_TABLE_TARGET,
  RK_CARDS_JOKERS_PER_PACK, RK_CARDS_WILD, RK_CARDS_VALUES, RK_CARDS_BLACK3_IN_HAND,
  RK_TURN_DRAW, RK_TURN_MELD_BEFORE_DRAW,
  RK_PILE_INITIAL, RK_PILE_COVER_INITIAL, RK_PILE_COVER_ONCE, RK_PILE_COVER_FREEZES,
  RK_PILE_PACKET, RK_PILE_WILD_DISCARD_NATURALS, RK_PILE_BLOCKED_BY, RK_PILE_FROZEN_BY,
  RK_PILE_FROZEN_FOR_UNOPENED, RK_PILE_UNFREEZE_NATURALS, RK_PILE_TAKE_NATURALS,
  RK_PILE_TAKE_ONTO_MELD, RK_PILE_OPENING_BY_TAKE,
  RK_MELD_MIN_CARDS, RK_MELD_MIN_NATURALS, RK_MELD_MAX_WILD, RK_MELD_WILD_BELOW_NATURALS,
  RK_MELD_WILD_LIMITS, RK_MELD_SAME_RANK, RK_MELD_WILD_SETS, RK_MELD_BLACK_THREES,
  RK_MELD_BLACK_THREES_WILD,
  RK_CANASTA_MIN_CARDS, RK_CANASTA_MIN_NATURALS, RK_CANASTA_PURE, RK_CANASTA_IMPURE,
  RK_CANASTA_WILD_PURE, RK_CANASTA_WILD_IMPURE, RK_CANASTA_HIDDEN_FACTOR,
  RK_SEQUENCE_MIN_CARDS, RK_SEQUENCE_MAX_CARDS, RK_SEQUENCE_LOW, RK_SEQUENCE_HIGH,
  RK_SEQUENCE_BONUS,
  RK_CUT_BONUS,
  RK_OPENING_NEGATIVE, RK_OPENING_BANDS, RK_OPENING_COUNTS, RK_OPENING_CONCEALED_EXEMPT,
  RK_OPENING_HIDDEN_FROM,
  RK_RED_THREES_EACH, RK_RED_THREES_TOTALS, RK_RED_THREES_NEGATIVE_WITHOUT_MELD,
  RK_RED_THREES_REPLACE_FROM_PILE, RK_RED_THREES_IN_HAND, RK_RED_THREES_IN_HAND_PENALTY,
  RK_GOING_OUT_CANASTAS, RK_GOING_OUT_PURE, RK_GOING_OUT_IMPURE, RK_GOING_OUT_WILD,
  RK_GOING_OUT_SEQUENCES, RK_GOING_OUT_BONUS, RK_GOING_OUT_CONCEALED_BONUS, RK_GOING_OUT_ASK,
  RK_END_STOCK_EMPTY, RK_FOOT_SIZE, RK_MATCH_HANDS,
  RK_COUNT
} rule_key_t;

typedef struct {
  uint64_t w[(RK_COUNT + 63) / 64];
} rule_uses_t;

static inline void uses_add(rule_uses_t *u, rule_key_t k) {
  u->w[k / 64] |= (uint64_t)1 << (k % 64);
}
static inline bool uses_has(const rule_uses_t *u, rule_key_t k) {
  return (u->w[k / 64] >> (k % 64)) & 1;
}
void uses_clear(rule_uses_t *u);
void uses_merge(rule_uses_t *dst, const rule_uses_t *src);

/* The key's dotted path, as in rulesets ("meld.max_wild"). */
const char *rule_key_name(rule_key_t k);
/* Whether the ruleset has the rule at all: a legal record can rely only on a
 * rule that is switched on (sequence.bonus needs sequences, foot.size a foot). */
bool rule_key_active(const ruleset_t *rs, rule_key_t k);

#endif
