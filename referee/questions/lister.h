/* lister.h — the candidates for every next action of a hand: what
 * referee_game_legal (the embedding API) and the generator (`referee gen`)
 * try. Nothing here judges: candidates are made from the hand as it stands
 * (each player's cards, the team's melds, the pile's top card, the stock
 * line's next cards, the verbs of verbs.def) and handed to the caller, who
 * tries each against the engine and keeps what it accepts.
 *
 * A candidate is a player, a verb, a meld reference and a multiset of
 * cards, written in card order (a draw's and a talon's in the stock's
 * order). The multisets come from pools: the kinds of cards a player holds
 * that may go together (one rank's suits and the wild cards; the wild cards
 * alone; one suit's run and the wild cards in its gaps), every
 * sub-multiset of the pool within the bounds asked. */
#ifndef LISTER_H
#define LISTER_H

#include <stdbool.h>

#include "engine.h"
#include "statement.h"

enum { LISTER_MAX_CARDS = 512 };

typedef struct {
  int player;
  verb_t verb;
  const char *ref;     /* "#3", "#1 #2"; "" when none */
  const meld_t *meld[2]; /* the melds ref names, in its order (NULL: none) */
  const card_t *cards; /* in card order (draw, talon: the stock's order) */
  unsigned ncards;
} lister_cand_t;

/* Called for each candidate; the candidate lives until it returns. */
typedef void (*lister_visit_t)(void *ctx, const lister_cand_t *c);

/* A verb's bit in lister_each's mask. */
#define LISTER_VERB(v) (1u << (v))
#define LISTER_ALL_VERBS ((1u << V_COUNT) - 1u)

/* Hands visit every candidate of the verbs in `verbs` (LISTER_VERB bits),
 * verb by verb in verbs.def's order, player by player: the verbs a player
 * plays on its turn alone (meld, add, take, show) for the player to act,
 * the others for every player (a foot picked up out of turn). `player` >= 0
 * keeps that player's candidates only. The order is the same for the same
 * hand. */
void lister_each(const eng_view_t *v, unsigned verbs, int player, lister_visit_t visit,
                 void *ctx);

#endif
