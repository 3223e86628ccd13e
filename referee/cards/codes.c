/* codes.c — names and descriptions of the verdict codes. */
#include "codes.h"

#include <string.h>

static const code_info_t table[CODE_COUNT] = {
  [CODE_NONE] = {"NONE", "no error"},
  [CODE_OUT_OF_TURN] = {"OUT-OF-TURN", "the actor is not the player to act"},
  [CODE_PHASE] = {"PHASE", "the action does not fit the turn's phase"},
  [CODE_NOT_IN_HAND] = {"NOT-IN-HAND", "a card the actor does not hold"},
  [CODE_DRAW_COUNT] = {"DRAW-COUNT", "not the number of cards the ruleset draws"},
  [CODE_STOCK_MISMATCH] = {"STOCK-MISMATCH", "a card leaving the stock is not the one the stock holds there"},
  [CODE_DEAL] = {"DEAL", "a deal, foot or initial pile of the wrong size or content"},
  [CODE_RED3_NOT_LAID] = {"RED3-NOT-LAID", "a red three kept past the moment it must be laid"},
  [CODE_RED3_REPLACEMENT] = {"RED3-REPLACEMENT", "a replacement for a red three missing or not due"},
  [CODE_PILE_EMPTY] = {"PILE-EMPTY", "taking an empty pile"},
  [CODE_PILE_BLOCKED] = {"PILE-BLOCKED", "taking a pile topped by a card that blocks it"},
  [CODE_PILE_FROZEN] = {"PILE-FROZEN", "invalid unfreeze: a frozen pile taken without the natural cards it needs"},
  [CODE_PILE_NO_MATCH] = {"PILE-NO-MATCH", "the top card cannot be melded with the cards named, nor with a team meld"},
  [CODE_OPENING_MINIMUM] = {"OPENING-MINIMUM", "the team's first melds are worth less than the ruleset requires"},
  [CODE_NOT_OPENED] = {"NOT-OPENED", "an action that needs the team's opening before it"},
  [CODE_MELD_SIZE] = {"MELD-SIZE", "a meld too small"},
  [CODE_MELD_RANK] = {"MELD-RANK", "cards of different ranks in a set, or not a sequence where one is meant"},
  [CODE_MELD_NATURALS] = {"MELD-NATURALS", "too few natural cards"},
  [CODE_WILD_OVERFLOW] = {"WILD-OVERFLOW", "more wild cards than the ruleset allows in that meld"},
  [CODE_MELD_THREE] = {"MELD-THREE", "threes melded where the ruleset forbids it"},
  [CODE_MELD_DUPLICATE] = {"MELD-DUPLICATE", "a second meld of a rank where the ruleset forbids it"},
  [CODE_MELD_UNKNOWN] = {"MELD-UNKNOWN", "add to a meld the team does not have"},
  [CODE_DISCARD_MISSING] = {"DISCARD-MISSING", "the turn passed without the discard it needed"},
  [CODE_DISCARD_FORBIDDEN] = {"DISCARD-FORBIDDEN", "a discard the ruleset does not allow there"},
  [CODE_GO_OUT_REQUIREMENT] = {"GO-OUT-REQUIREMENT", "premature going out: the hand emptied without what the ruleset requires"},
  [CODE_GO_OUT_PERMISSION] = {"GO-OUT-PERMISSION", "going out against a partner's answer, or without asking where asking is required"},
  [CODE_FOOT] = {"FOOT", "the foot picked up when not allowed, or twice"},
  [CODE_BONUS_PACKET] = {"BONUS-PACKET", "a bonus packet taken when none is due, or twice"},
  [CODE_SPECIAL_HAND] = {"SPECIAL-HAND", "a hand shown that is no special hand of the ruleset, or not at its moment"},
  [CODE_END_EARLY] = {"END-EARLY", "end while play must go on"},
  [CODE_HAND_OVER] = {"HAND-OVER", "an action after the hand ended"},
  [CODE_HAND_UNFINISHED] = {"HAND-UNFINISHED", "a new hand, or the end of the record, while the hand is still on"},
  [CODE_GAME_OVER] = {"GAME-OVER", "a hand after the game was won"},
  [CODE_SCORE_MISMATCH] = {"SCORE-MISMATCH", "a claimed score differs from the referee's"},
  [CODE_SEATING] = {"SEATING", "players, teams or seating the ruleset does not allow"},
  [CODE_MERGE] = {"MERGE", "two melds merged where the ruleset does not allow it"},
  [CODE_SET_ASIDE] = {"SET-ASIDE", "cards of a taken pile set aside wrongly, or not stated before the turn ends"},
};

const code_info_t *code_info(code_t c) {
  return c >= 0 && c < CODE_COUNT ? &table[c] : &table[CODE_NONE];
}

const char *code_name(code_t c) { return code_info(c)->name; }

code_t code_parse(const char *name) {
  for (int i = 1; i < CODE_COUNT; i++)
    if (strcmp(table[i].name, name) == 0) return (code_t)i;
  return CODE_NONE;
}
