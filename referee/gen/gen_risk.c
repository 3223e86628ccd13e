/* gen_risk.c — the melds and cards that cost a penalty at the end of a hand:
 * a meld unfinished (meld.rank_rules' `unfinished`, wild_meld.unfinished),
 * cards of a rank held (rank_rules' `hold`, `hold_penalty`). Players who
 * started such melds at random, and kept such cards, lost more than they
 * scored, and most games never reached the target. So such a meld is started only
 * when the team's hands hold what finishes it, is finished before anything
 * else, and keeps the cards it needs; cards that would reach the hold penalty
 * are discarded first. Read from the ruleset's rows, never from a variant. */
#include "gen_private.h"
#include "meld.h"

/* What m costs unfinished at the end of the hand (0: nothing). */
static int unfinished_cost(const meld_kinds_t *k, const meld_t *m) {
  int cost = meld_row(k, m)->unfinished;
  const rs_rank_rule_t *rr = meld_rank_rule(k, m); /* the scorer's: score_rank_unfinished */
  if (rr && rr->unfinished > cost) cost = rr->unfinished;
  return cost;
}

/* The naturals of rank r in the hands of p's team. */
static int team_naturals(gen_t *g, int p, int r) {
  const eng_view_t *e = gen_vw(g);
  int n = 0;
  for (int q = 0; q < g->np; q++)
    for (int s = 0; s < 4 && g->team_of[q] == g->team_of[p]; s++)
      n += (int)e->hand[q].n[card_make(r, s)];
  return n;
}

/* The wild cards in the hands of p's team. */
static int team_wilds(gen_t *g, int p) {
  const eng_view_t *e = gen_vw(g);
  int n = 0;
  for (int q = 0; q < g->np; q++)
    for (card_t c = 0; c < CARD_KINDS && g->team_of[q] == g->team_of[p]; c++)
      if (rs_is_wild(g->rs, c)) n += (int)e->hand[q].n[c];
  return n;
}

/* The team's unfinished meld that costs a penalty: of wild cards (wild), or
 * of rank r; NULL for none. */
static const meld_t *open_meld(gen_t *g, int team, bool wild, int r) {
  const eng_view_t *e = gen_vw(g);
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    if (m->team != team || meld_is_complete(e->kinds, m) ||
        unfinished_cost(e->kinds, m) == 0)
      continue;
    bool rank_less = meld_row(e->kinds, m)->rank_less;
    if (wild ? rank_less : m->rank == r && !rank_less) return m;
  }
  return NULL;
}

/* The one that c could finish. */
static const meld_t *open_for(gen_t *g, int p, card_t c) {
  return open_meld(g, g->team_of[p], rs_is_wild(g->rs, c), card_rank(c));
}

bool gen_risk_may_start(gen_t *g, int p, int r, int wilds) {
  const meld_kinds_t *k = gen_vw(g)->kinds;
  const rs_rank_rule_t *rr = k->rank_rule[r];
  if (!rr || rr->unfinished == 0) return true;
  return team_naturals(g, p, r) + wilds >= meld_set_row(k, r)->canasta_cards;
}

/* The pile's naturals of rank r. */
static int in_pile(gen_t *g, int r) {
  const eng_view_t *e = gen_vw(g);
  int n = 0;
  for (unsigned i = 0; i < e->npile; i++)
    n += card_rank(e->pile[i]) == r && !rs_is_wild(g->rs, e->pile[i]);
  return n;
}

bool gen_risk_may_take(gen_t *g, int p, card_t top) {
  const meld_kinds_t *k = gen_vw(g)->kinds;
  /* the pile's cards join the hand: none may bring a rank that the team
   * cannot make a canasta of to twice its hold penalty's count (a few
   * discards do not shed so many before the hand ends; below it the pile
   * is worth the risk: refusing every take that reaches the count itself
   * cut the hands gone out from 57% to 48%) */
  for (int r = 0; r < RANK_COUNT; r++) {
    const rs_rank_rule_t *rr = k->rank_rule[r];
    int pile = rr && rr->hold > 0 && rr->hold_penalty > 0 ? in_pile(g, r) : 0;
    if (pile == 0 || open_meld(g, g->team_of[p], false, r)) continue;
    int held = 0;
    for (int s = 0; s < 4; s++) held += (int)gen_vw(g)->hand[p].n[card_make(r, s)];
    if (held + pile >= 2 * rr->hold &&
        team_naturals(g, p, r) + pile < meld_set_row(k, r)->canasta_cards)
      return false;
  }
  if (open_for(g, p, top)) return true;
  /* the top card joins the team's naturals of its rank */
  return gen_risk_may_start(g, p, card_rank(top), 1);
}

/* A meld of wild cards is started with all but two of them in the team's
 * hands: with none short the team never held them (tests/wildmeld.sh's
 * games, two players, had none), with three short the games of a shipped
 * ruleset with wild_meld.unfinished took 7 hands rather than 6 (seeds 1..40). */
bool gen_risk_may_start_wild_meld(gen_t *g, int p) {
  const meld_row_t *wm = &gen_vw(g)->kinds->row[KIND_WILD_MELD];
  return wm->unfinished == 0 || team_wilds(g, p) >= wm->canasta_cards - 2;
}

bool gen_risk_wild_kept(gen_t *g, int team) { return open_meld(g, team, true, -1) != NULL; }

int gen_risk_add_weight(gen_t *g, const meld_t *m, int weight) {
  const meld_kinds_t *k = gen_vw(g)->kinds;
  return !meld_is_complete(k, m) && unfinished_cost(k, m) > 0 ? 40 : weight;
}

int gen_risk_discard(gen_t *g, int p, card_t c) {
  if (open_for(g, p, c)) return 0; /* it finishes a meld that costs unfinished */
  int r = card_rank(c);
  const rs_rank_rule_t *rr = rs_is_wild(g->rs, c) ? NULL : gen_vw(g)->kinds->rank_rule[r];
  if (!rr || rr->hold == 0 || rr->hold_penalty == 0) return -1;
  int held = 0;
  for (int s = 0; s < 4; s++) held += (int)gen_vw(g)->hand[p].n[card_make(r, s)];
  /* a rank the team can make a canasta of is kept for it, once the team has
   * opened (before, such cards alone seldom reach the opening minimum) */
  if (gen_vw(g)->team_opened[g->team_of[p]] && rr->unfinished > 0 &&
      gen_risk_may_start(g, p, r, 0))
    return -1;
  return held >= rr->hold ? 500 : held == rr->hold - 1 ? 40 : -1;
}
