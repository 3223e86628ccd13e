/* game_copy.c — a game copied as it stands (game_copy, game.h): the record
 * so far, its verdict and the hand in play, for the API's referee_game_copy
 * and referee_game_try. The copy keeps its own engine and score buffer and
 * borrows nothing of the original. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "game_private.h"

/* The ruleset of src's record, as dst's copy of src holds it: the one both
 * borrow, or dst's copy of src's cache entry. */
static const ruleset_t *copied_rules(const game_t *dst, const game_t *src) {
  const ruleset_t *rs = src->rec.rs;
  for (int i = 0; i < src->ncache; i++)
    if (rs == &src->cache[i].rs) return &dst->cache[i].rs;
  return rs;
}

/* The members of game_t from `first` up to (not including) `end`, as src has them. */
#define COPY_SPAN(dst, src, first, end)                                              \
  memcpy((char *)(dst) + offsetof(game_t, first),                                    \
         (const char *)(src) + offsetof(game_t, first),                              \
         offsetof(game_t, end) - offsetof(game_t, first))

/* What dst's struct holds of src's, but only the parts in use of its two
 * large arrays: the ruleset cache (an entry dst already holds, by its
 * serial, is not copied again: a trial copied from the same game at every
 * try copies its rulesets once) and the later errors. */
static void copy_fields(game_t *dst, const game_t *src) {
  COPY_SPAN(dst, src, cb, cache);
  for (int i = 0; i < src->ncache; i++)
    if (i >= dst->ncache || dst->cache[i].serial != src->cache[i].serial)
      dst->cache[i] = src->cache[i];
  COPY_SPAN(dst, src, ncache, later);
  int n = src->rec.nlater;
  memcpy(dst->later, src->later, (size_t)n * sizeof src->later[0]);
  memcpy(dst->later_instead, src->later_instead, (size_t)n * sizeof src->later_instead[0]);
  memcpy(&dst->instead_next, &src->instead_next, sizeof *dst - offsetof(game_t, instead_next));
}

bool game_copy(game_t *dst, const game_t *src) {
  engine_t *eng = dst->eng;
  hand_score_t *hands = dst->rec.hands;
  int cap = dst->hands_cap;
  if (src->rec.nhands > cap) {
    hands = realloc(hands, (size_t)src->hands_cap * sizeof *hands);
    if (!hands) return false;
    cap = src->hands_cap;
  }
  copy_fields(dst, src);
  dst->eng = eng;
  dst->snap = NULL;
  for (int i = 0; i < MAX_PAST; i++) dst->past[i] = NULL;
  dst->explain = false;
  dst->observer = NULL;
  dst->rec.hands = hands;
  dst->hands_cap = cap;
  if (src->rec.nhands) memcpy(hands, src->rec.hands, (size_t)src->rec.nhands * sizeof *hands);
  dst->rec.later = dst->later;
  dst->rec.later_instead = (const char(*)[512])dst->later_instead;
  dst->rec.state = NULL;
  dst->rec.rs = copied_rules(dst, src);
  for (int p = 0; p < MAX_PLAYERS; p++) dst->names[p] = dst->rec.player[p];
  if (src->hand_started && dst->rec.rs) eng_clone(dst->eng, src->eng, dst->rec.rs, dst->names);
  return true;
}
