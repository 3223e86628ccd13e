/* ruleset.c — questions the engine asks of a ruleset. */
#include "ruleset.h"

#include <string.h>

const rs_seat_t *rs_seat(const ruleset_t *rs, int players) {
  for (int i = 0; i < rs->nseats; i++)
    if (rs->seats[i].players == players) return &rs->seats[i];
  return NULL;
}

int rs_opening_minimum(const ruleset_t *rs, long team_total) {
  if (team_total < 0) return rs->opening.negative;
  int m = rs->opening.negative;
  for (int i = 0; i < rs->opening.nbands; i++)
    if (team_total >= rs->opening.bands[i].from) m = rs->opening.bands[i].minimum;
  return m;
}

bool rs_is_wild(const ruleset_t *rs, card_t c) { return rs->cards.wild[card_rank(c)]; }

bool rs_is_natural(const ruleset_t *rs, card_t c) {
  return !rs_is_wild(rs, c) && card_rank(c) != RANK_3;
}

int rs_value(const ruleset_t *rs, card_t c) { return rs->cards.value[card_rank(c)]; }

unsigned rs_classes(const ruleset_t *rs, card_t c) {
  unsigned k = 0;
  if (rs_is_wild(rs, c)) k |= RS_WILD;
  if (card_is_black3(c)) k |= RS_BLACK3;
  if (card_is_red3(c)) k |= RS_RED3;
  return k;
}

int rs_max_wild(const ruleset_t *rs, int ncards) {
  int m = rs->meld.max_wild;
  for (int i = 0; i < rs->meld.nwild_limits; i++) {
    const rs_wild_limit_t *l = &rs->meld.wild_limits[i];
    if (ncards <= l->cards && l->max_wild < m) m = l->max_wild;
  }
  return m;
}

int rs_red3_value(const ruleset_t *rs, int count) {
  for (int i = 0; i < rs->red_threes.ntotals; i++)
    if (rs->red_threes.totals[i].count == count) return rs->red_threes.totals[i].value;
  return count * rs->red_threes.each;
}

bool rs_freezes_pile(const ruleset_t *rs, card_t c) {
  return (rs_classes(rs, c) & rs->pile.frozen_by) != 0;
}

bool rs_blocks_pile(const ruleset_t *rs, card_t c) {
  return (rs_classes(rs, c) & rs->pile.blocked_by) != 0;
}
