/* score.h — the parts of a hand's score, as pure functions of the ruleset
 * and the cards (eng_score in score.c adds them up for each team). */
#ifndef SCORE_H
#define SCORE_H

#include <stdbool.h>

#include "card.h"
#include "engine.h"
#include "ruleset.h"

/* canasta.*, sequence.bonus: what one meld earns besides its cards (its kind
 * row's bonus, meld.h). */
long score_meld_bonus(const meld_kinds_t *k, const meld_t *m);

/* The value of the cards counted one by one (cards.values). */
long score_cards(const ruleset_t *rs, const card_counts_t *cc);

/* red_threes.*: a team's red threes, `laid` on the table and `held` in its
 * hands and feet at the end, as the team's band (red_threes.bands) counts
 * them; NULL: for it. The red threes counted go to *count. */
long score_red_threes(const ruleset_t *rs, const rs_red3_band_t *band, int laid, int held,
                      int *count);

/* What the cards left in a player's hand (and foot) cost, as a number <= 0:
 * red threes are scored as red threes, black threes at cards.black3_in_hand. */
long score_left_in_hand(const ruleset_t *rs, const card_counts_t *hand);

/* meld.rank_rules: the penalty (<= 0) for a meld of such a rank left
 * unfinished, and for a hand (and foot) holding `hold` or more of one. */
long score_rank_unfinished(const meld_kinds_t *k, const meld_t *m);
long score_rank_held(const ruleset_t *rs, const card_counts_t *hand);

#endif
