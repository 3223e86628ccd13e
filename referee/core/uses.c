/* uses.c — the rule keys a replay relied on, and whether a ruleset has each
 * rule switched on. */
#include "uses.h"

#include <string.h>

void uses_clear(rule_uses_t *u) { memset(u, 0, sizeof *u); }

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

static bool any_partners_apart(const ruleset_t *rs) {
  for (int i = 0; i < rs->nseats; i++)
    if (rs->seats[i].partners_apart && rs->seats[i].teams < rs->seats[i].players) return true;
  return false;
}

static bool pile_active(const ruleset_t *rs, rule_key_t k) {
  const bool freezes = rs->pile.frozen_by || rs->pile.frozen_for_unopened ||
                       rs->pile.cover_freezes || rs->pile.frozen_until_taken ||
                       rs->pile.always_frozen;
  switch (k) {
    case RK_PILE_INITIAL: return rs->pile.initial > 0;
    case RK_PILE_COVER_INITIAL: return rs->pile.cover_initial != 0;
    case RK_PILE_COVER_ONCE: return rs->pile.cover_once;
    case RK_PILE_COVER_FREEZES: return rs->pile.cover_freezes;
    case RK_PILE_PACKET: return any_value(rs->pile.packet);
    case RK_PILE_WILD_DISCARD_NATURALS:
      return rs->pile.wild_discard_naturals > rs->pile.take_naturals;
    case RK_PILE_BLOCKED_BY: return rs->pile.blocked_by != 0;
    case RK_PILE_FROZEN_BY: return rs->pile.frozen_by != 0;
    case RK_PILE_FROZEN_FOR_UNOPENED: return rs->pile.frozen_for_unopened;
    case RK_PILE_FROZEN_UNTIL_TAKEN: return rs->pile.frozen_until_taken;
    case RK_PILE_ALWAYS_FROZEN: return rs->pile.always_frozen;
    case RK_PILE_UNFREEZE_NATURALS: return freezes && rs->pile.unfreeze_naturals > 0;
    case RK_PILE_TAKE_NATURALS: return rs->pile.take_naturals > 0;
    case RK_PILE_TAKE_ONTO_MELD: return rs->pile.take_onto_meld != TAKE_ONTO_NEVER;
    case RK_PILE_TAKE_ONTO_MELD_NATURALS:
      return rs->pile.take_onto_meld != TAKE_ONTO_NEVER && rs->pile.take_onto_meld_naturals > 0;
    default: return rs->pile.opening_by_take;
  }
}

static bool meld_active(const ruleset_t *rs, rule_key_t k) {
  const bool wild = any_rank(rs->cards.wild);
  switch (k) {
    case RK_MELD_MIN_CARDS: return true;
    case RK_MELD_MIN_NATURALS: return wild && rs->meld.min_naturals > 0;
    case RK_MELD_MAX_WILD: return wild;
    case RK_MELD_WILD_BELOW_NATURALS: return rs->meld.wild_below_naturals;
    case RK_MELD_WILD_UP_TO_NATURALS:
      return rs->meld.wild_up_to_naturals && !rs->meld.wild_below_naturals;
    case RK_MELD_WILD_LIMITS: return rs->meld.nwild_limits > 0;
    case RK_MELD_SAME_RANK: return rs->meld.same_rank != SAME_RANK_FORBID;
    case RK_MELD_WILD_SETS: return any_rank(rs->meld.wild_sets);
    case RK_MELD_GROUP_ALONE: return rs->meld.group_alone && rs->meld.same_rank == SAME_RANK_MERGE;
    case RK_MELD_GROUP_ALONE_TAKES:
      return rs->meld.group_alone && rs->meld.same_rank == SAME_RANK_MERGE &&
             !rs->meld.group_alone_takes;
    case RK_MELD_WILD_SET_FILL:
      return any_rank(rs->meld.wild_sets) && rs->meld.wild_set_fill == WILD_FILL_MISSING;
    case RK_MELD_BLACK_THREES: return rs->meld.black_threes != THREES_NEVER;
    default: return rs->meld.black_threes_wild && rs->meld.black_threes != THREES_NEVER;
  }
}

static bool canasta_active(const ruleset_t *rs, rule_key_t k) {
  switch (k) {
    case RK_CANASTA_MIN_CARDS: return true;
    case RK_CANASTA_MIN_NATURALS:
      return any_rank(rs->cards.wild) && rs->canasta.min_naturals > 0;
    case RK_CANASTA_PURE: return rs->canasta.pure > 0;
    case RK_CANASTA_IMPURE: return rs->canasta.impure > 0;
    case RK_CANASTA_WILD_PURE: return any_value(rs->canasta.wild_pure);
    case RK_CANASTA_WILD_IMPURE: return any_value(rs->canasta.wild_impure);
    default: return rs->canasta.hidden_factor > 1;
  }
}

static bool score_active(const ruleset_t *rs, rule_key_t k) {
  const bool kept = rs->red_threes.in_hand != RED3_IN_HAND_AS_LAID;
  switch (k) {
    case RK_OPENING_NEGATIVE: return rs->opening.negative > 0;
    case RK_OPENING_BANDS: return rs->opening.nbands > 0;
    case RK_OPENING_COUNTS: return true;
    case RK_OPENING_CONCEALED_EXEMPT: return rs->opening.concealed_exempt;
    case RK_OPENING_HIDDEN_FROM: return rs->opening.hidden_from > 0;
    case RK_OPENING_JUDGED: return rs->opening.judged != OPENING_JUDGED_TURN;
    case RK_RED_THREES_EACH: return rs->red_threes.each > 0;
    case RK_RED_THREES_TOTALS: return rs->red_threes.ntotals > 0;
    case RK_RED_THREES_NEGATIVE_WITHOUT_MELD:
      return rs->red_threes.negative_without_meld && rs->red_threes.without_meld_each == 0;
    case RK_RED_THREES_WITHOUT_MELD_EACH: return rs->red_threes.without_meld_each > 0;
    case RK_RED_THREES_DEALT_ORDER: return rs->red_threes.dealt_order == DEALT_ORDER_SEAT;
    case RK_RED_THREES_REPLACE_FROM_PILE: return rs->red_threes.replace_from_pile;
    case RK_RED_THREES_IN_HAND: return kept;
    case RK_RED_THREES_IN_HAND_PENALTY: return kept && rs->red_threes.in_hand_penalty > 0;
    case RK_GOING_OUT_CANASTAS: return rs->going_out.canastas > 0;
    case RK_GOING_OUT_PURE: return rs->going_out.pure > 0;
    case RK_GOING_OUT_IMPURE: return rs->going_out.impure > 0;
    case RK_GOING_OUT_WILD: return rs->going_out.wild > 0;
    case RK_GOING_OUT_SEQUENCES: return rs->going_out.sequences > 0;
    case RK_GOING_OUT_BONUS: return rs->going_out.bonus > 0;
    case RK_GOING_OUT_CONCEALED_BONUS: return rs->going_out.concealed_bonus > 0;
    case RK_GOING_OUT_FIRST_TURN: return !rs->going_out.first_turn;
    case RK_GOING_OUT_CONCEALED: return !rs->going_out.concealed;
    case RK_GOING_OUT_CONCEALED_BY: return rs->going_out.concealed_by == CONCEALED_BY_TEAM;
    case RK_GOING_OUT_PREMATURE:
      return rs->going_out.premature == PREMATURE_AT_MELD && !rs->turn.meld_before_draw;
    default: return rs->going_out.ask != ASK_NONE;
  }
}

static bool in_section(const char *name, const char *section) {
  size_t n = strlen(section);
  return strncmp(name, section, n) == 0 && name[n] == '.';
}

bool rule_key_active(const ruleset_t *rs, rule_key_t k) {
  /* by section, whatever the order of the rows of rulekeys.def */
  const char *name = rule_key_name(k);
  if (!name || !strchr(name, '.')) return false; /* the table, a section: their keys are the rules */
  if (in_section(name, "pile")) return pile_active(rs, k);
  if (in_section(name, "meld")) return meld_active(rs, k);
  if (in_section(name, "canasta")) return canasta_active(rs, k);
  if (in_section(name, "opening") || in_section(name, "red_threes") ||
      in_section(name, "going_out"))
    return score_active(rs, k);
  if (in_section(name, "sequence") && k != RK_SEQUENCE_BONUS) return rs->sequence.min_cards > 0;
  switch (k) {
    case RK_TABLE_PARTNERS_APART: return any_partners_apart(rs);
    case RK_TABLE_TARGET: return rs->match.hands == 0;
    case RK_CARDS_JOKERS_PER_PACK: return rs->cards.jokers_per_pack > 0;
    case RK_CARDS_WILD: return any_rank(rs->cards.wild);
    case RK_CARDS_BLACK3_IN_HAND: return rs->cards.black3_in_hand > 0;
    case RK_TURN_MELD_BEFORE_DRAW: return rs->turn.meld_before_draw;
    case RK_SEQUENCE_BONUS: return rs->sequence.min_cards > 0 && rs->sequence.bonus > 0;
    case RK_CUT_BONUS: return rs->cut.bonus > 0;
    case RK_FOOT_SIZE: return rs->foot.size > 0;
    case RK_MATCH_HANDS: return rs->match.hands > 0;
    case RK_END_MUST_TAKE_UNOPENED:
      return rs->end.must_take_unopened && rs->end.stock_empty == STOCK_EMPTY_MUST_TAKE;
    case RK_END_LAST_RED3_ENDS: return rs->end.last_red3_ends;
    case RK_END_MUST_TAKE_FOOT:
      return rs->end.must_take_foot != MUST_TAKE_FOOT_HAND && rs->foot.size > 0 &&
             rs->end.stock_empty == STOCK_EMPTY_MUST_TAKE;
    default: return true; /* table.*, cards.values, turn.draw, end.stock_empty */
  }
}
