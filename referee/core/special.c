/* special.c — special hands (special_hands): a player whose team has not
 * melded shows the whole hand with `show C...`; a hand of a kind the ruleset
 * lists ends the hand with its fixed score for the team, in place of
 * everything else (score.c), and the other teams score as when a player goes
 * out.
 * The rule pages this mechanism follows are quoted under the key
 * `special_hands` in docs/rulesets.md: a special hand comes before the
 * team's first meld, and its kind and score are the ruleset's rows. */
#include "engine_private.h"

#include "i18n.h"

/* pairs: every card of the hand in pairs of one rank (jokers pair with
 * jokers, twos with twos). */
static bool all_pairs(const card_counts_t *h) {
  unsigned by_rank[RANK_COUNT] = {0};
  for (card_t c = 0; c < CARD_KINDS; c++) by_rank[card_rank(c)] += h->n[c];
  for (int r = 0; r < RANK_COUNT; r++)
    if (by_rank[r] % 2) return false;
  return h->total > 0;
}

/* The first row the hand is: its kind, with wild cards or without. */
static const rs_special_hand_t *special_of(const ruleset_t *rs, const card_counts_t *h) {
  bool wild = false;
  for (card_t c = 0; c < CARD_KINDS; c++) wild = wild || (h->n[c] && rs_is_wild(rs, c));
  for (int i = 0; i < rs->nspecial_hands; i++) {
    const rs_special_hand_t *s = &rs->special_hands[i];
    if (s->wild == wild && s->kind == SPECIAL_PAIRS && all_pairs(h)) return s;
  }
  return NULL;
}

bool eng_act_show(engine_t *e, const stmt_t *st, int p) {
  const ruleset_t *rs = e->rs;
  unsigned col = st->verb_word.col;
  if (rs->nspecial_hands == 0)
    return eng_fail(e, st, col, CODE_SPECIAL_HAND, RK_SPECIAL_HANDS,
                    _("the %s rules have no special hands"), rs->name);
  if (!eng_may_meld(e, st) || !eng_check_no_red3(e, st, p) || !eng_check_in_hand(e, st, p))
    return false;
  if (eng_team_meld_count(e, e->team_of[p]) > 0)
    return eng_fail(e, st, col, CODE_SPECIAL_HAND, RK_SPECIAL_HANDS,
                    _("a special hand is shown only before the team melds"));
  if (st->ncards != e->hand[p].total)
    return eng_fail(e, st, col, CODE_SPECIAL_HAND, RK_SPECIAL_HANDS,
                    P_("a special hand is the whole hand: %u card shown of %u",
                       "a special hand is the whole hand: %u cards shown of %u", st->ncards),
                    st->ncards, e->hand[p].total);
  const rs_special_hand_t *s = special_of(rs, &e->hand[p]);
  if (!s)
    return eng_fail(e, st, col, CODE_SPECIAL_HAND, RK_SPECIAL_HANDS,
                    _("these cards are no special hand of the %s rules"), rs->name);
  eng_move_from_hand(e, st, p, &e->shown);
  e->special_value = s->value;
  e->concealed = false;
  eng_use(e, RK_SPECIAL_HANDS);
  eng_went_out(e, p);
  return true;
}
