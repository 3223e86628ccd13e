/* special.h — the shapes of special hands (special_hands), as the ruleset's
 * rows say them: whether a hand is of a row's kind, and a row or a hand in
 * words for a verdict and for what was legal instead. */
#ifndef SPECIAL_H
#define SPECIAL_H

#include <stddef.h>

#include "card.h"
#include "ruleset.h"

/* Whether the cards h are a hand of row s (special_hands: pairs, groups, straight). */
bool special_fits(const ruleset_t *rs, const rs_special_hand_t *s, const card_counts_t *h);
/* The first row of rs the cards h are, NULL when none. */
const rs_special_hand_t *special_of(const ruleset_t *rs, const card_counts_t *h);
/* Row s in words: its name, its shape and its value ("Zip Code (4-3-3-2-2, a
 * group may be matching wild cards: 2500)"). */
void special_describe(const rs_special_hand_t *s, char *out, size_t len);
/* The cards h by rank: the natural ranks' counts, largest first, then the
 * wild cards ("2-2-2-2-2-2-1 + 2H"). */
void special_shape(const ruleset_t *rs, const card_counts_t *h, char *out, size_t len);

#endif
