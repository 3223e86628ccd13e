/* meld.h — meld judging: what a group of cards is, and whether a set or a
 * sequence obeys the ruleset's limits.
 *
 * Pure functions of cards and ruleset. A judgement that fails fills the
 * error object's code, ruleset key and sentence (verdict_fail) and returns
 * false; the caller adds the position. A judgement that passes notes in
 * `uses` (which may be NULL) the rules it relied on. The engine asks these
 * for every meld, add and take; the report and the generator ask
 * meld_is_canasta and meld_canastas rather than count for themselves. */
#ifndef MELD_H
#define MELD_H

#include <stdbool.h>

#include "card.h"
#include "engine.h"
#include "ruleset.h"
#include "uses.h"
#include "verdict.h"

/* What a group of cards is, as a set: its rank, its naturals and wild cards,
 * and the column of the first card that breaks it. Naturals are the cards
 * of the set's rank; every other card in it is wild. A set of a wild rank
 * (meld.wild_sets: a canasta of 2s) takes the cards of that rank as its
 * naturals and the other wild cards as its wilds. */
typedef struct {
  int rank;            /* the set's rank, RANK_3 for black threes, -1 none */
  unsigned naturals, wilds;
  unsigned bad_col;    /* MELD-RANK: first card of another rank, 0 if none */
  unsigned red3_col;   /* a red three among the cards, 0 if none */
  unsigned black3;
  unsigned wild_rank[RANK_COUNT]; /* wild cards by rank, while the rank is open */
} mix_t;

/* The mix of n cards (cols[i] the column of cards[i]; cols may be NULL) joining
 * a set of base_rank (-1 for a new set). */
mix_t meld_mix(const ruleset_t *rs, const card_t *cards, const unsigned *cols, unsigned n,
               int base_rank);

/* MELD-THREE, MELD-RANK, MELD-NATURALS: the cards can form a set at all (no
 * red three, one rank, at least one natural; black threes as the ruleset
 * allows them, black3_going_out set when they may be melded only to go out). */
bool meld_judge_mix(const ruleset_t *rs, const mix_t *m, bool *black3_going_out, verdict_t *err,
                    rule_uses_t *uses);

/* meld.black_threes, meld.black_threes_wild: a meld of black threes. */
bool meld_judge_black_threes(const ruleset_t *rs, const mix_t *m, bool *going_out_only,
                             verdict_t *err, rule_uses_t *uses);

/* MELD-SIZE, MELD-NATURALS, WILD-OVERFLOW: the limits every set obeys once
 * formed (meld.min_cards, meld.min_naturals, meld.wild_below_naturals,
 * meld.max_wild / meld.wild_limits, canasta.min_naturals). n, nat and wild
 * describe the whole set of `rank` as it would stand. */
bool meld_judge_set(const ruleset_t *rs, int rank, unsigned n, unsigned nat, unsigned wild,
                    verdict_t *err, rule_uses_t *uses);

/* sequence.*: cards of one suit, all natural, added to the ranks a sequence
 * already holds (`have`, one bit per rank), must stay distinct and
 * consecutive within sequence.low..high, and number from sequence.min_cards
 * to sequence.max_cards. The ranks it would hold go to *ranks_out. */
bool meld_judge_sequence(const ruleset_t *rs, int suit, unsigned have, const card_t *cards,
                         unsigned n, unsigned *ranks_out, verdict_t *err, rule_uses_t *uses);

/* Cards of one suit and several ranks, all natural, where the ruleset has
 * sequences: a meld of them is judged as a sequence. */
bool meld_looks_like_sequence(const ruleset_t *rs, const card_t *cards, unsigned n);

/* meld.wild_set_fill: missing: a set of a wild_sets rank holds other wild
 * cards only for the copies of its rank the packs lack (`copies` in the
 * packs; a canasta needs canasta.min_cards): seven 2s and nothing else, all
 * the jokers there are and a 2 for each one that does not exist. `others`
 * counts the other wild cards the set would hold. */
bool meld_judge_wild_set_fill(const ruleset_t *rs, int rank, unsigned others, unsigned copies,
                              verdict_t *err, rule_uses_t *uses);

/* A pure meld: no wild card, or (meld.wild_set_fill: missing) a set of a
 * wild rank, whose other wild cards only stand for missing copies. */
bool meld_is_pure(const ruleset_t *rs, const meld_t *m);

/* A rank that forms sets of wild cards of its own (meld.wild_sets). */
bool meld_is_wild_set(const ruleset_t *rs, int rank);

/* canasta.min_cards: a set of that many cards is a canasta. */
bool meld_is_canasta(const ruleset_t *rs, const meld_t *m);

/* sequence.max_cards: a sequence of that many cards is complete. */
bool meld_is_complete_sequence(const ruleset_t *rs, const meld_t *m);

/* A team's canastas by kind: natural rank pure/impure, wild rank pure/impure. */
typedef struct { int all, pure, impure, wild_pure, wild_impure; } canastas_t;
canastas_t meld_canastas(const ruleset_t *rs, const meld_t *melds, int nmelds, int team);

#endif
