/* score.c — a hand's score by team, and the scoring rules it relied on. */
#include "score.h"

#include <string.h>

#include "engine_private.h"
#include "meld.h"

/* wild_meld.by_jokers: the bonus of a complete meld of wild cards by the
 * jokers it holds, the row's own (wild_meld.bonus) where no entry lists them. */
static long by_jokers(const meld_row_t *row, const meld_t *m) {
  for (int i = 0; i < row->nby_jokers; i++)
    if (row->by_jokers[i].jokers == (int)m->cards.n[CARD_JOKER]) return row->by_jokers[i].value;
  return row->pure;
}

long score_meld_bonus(const meld_kinds_t *k, const meld_t *m) {
  const meld_row_t *row = meld_row(k, m);
  if (!meld_is_complete(k, m)) return -(long)row->unfinished; /* wild_meld.unfinished */
  if (row->by_jokers) return by_jokers(row, m);
  bool pure = meld_is_pure(k, m);
  long b = pure ? row->pure : row->impure;
  if (row->pure_by_rank) b = pure ? row->pure_by_rank[m->rank] : row->impure_by_rank[m->rank];
  return m->hidden ? b * k->rs->canasta.hidden_factor : b;
}

/* By rank, the four suits of a rank together (a card is rank * 4 + suit,
 * card.h): 14 values read instead of 53 cards each tested and valued
 * (rs_value), at every meld and hand scored; a rank none of whose four
 * counts is set (one load of their 8 bytes) is passed over, and a meld holds
 * one rank or a few. */
long score_cards(const ruleset_t *rs, const card_counts_t *cc) {
  long v = (long)cc->n[CARD_JOKER] * rs->cards.value[RANK_JOKER];
  for (int rank = 0; rank < RANK_JOKER; rank++) {
    const uint16_t *n = &cc->n[card_make(rank, 0)];
    uint64_t four;
    memcpy(&four, n, sizeof four);
    if (four) v += (long)(n[0] + n[1] + n[2] + n[3]) * rs->cards.value[rank];
  }
  return v;
}

/* red_threes.in_hand: penalty: held threes cost in_hand_penalty each (true)
 * rather than counting as laid; penalty_without_meld: where the band says
 * the team is short of what its threes need. */
static bool held_penalised(const ruleset_t *rs, bool short_of) {
  rs_red3_in_hand_t mode = rs->red_threes.in_hand;
  return mode == RED3_IN_HAND_PENALTY || (mode == RED3_IN_HAND_PENALTY_WITHOUT_MELD && short_of);
}

/* Where no band holds, the threes count for the team. */
static const rs_red3_band_t counting_for = {.counts = COUNTS_FOR};

/* The threes scored by the band (score_red_threes): at the table's value or
 * `each` apiece, for the team, nothing, or against it; a held three's
 * penalty stays a penalty. */
static long threes_scored(const ruleset_t *rs, const rs_red3_band_t *b, int laid, int held,
                          int *count) {
  bool penalty = held_penalised(rs, b->short_of);
  *count = laid + (penalty ? 0 : held);
  long v = b->each > 0 ? (long)*count * b->each : rs_red3_value(rs, *count);
  if (b->counts != COUNTS_FOR) v = b->counts == COUNTS_AGAINST ? -v : 0;
  if (penalty) v -= (long)held * rs->red_threes.in_hand_penalty;
  return v;
}

long score_red_threes(const ruleset_t *rs, const rs_red3_band_t *band, int laid, int held,
                      int *count) {
  return threes_scored(rs, band ? band : &counting_for, laid, held, count);
}

long score_left_in_hand(const ruleset_t *rs, const card_counts_t *hand) {
  card_counts_t h = *hand;
  /* red threes are scored as red threes; black ones at cards.black3_in_hand
   * unless they are bonus cards too */
  unsigned black3 = rs->cards.bonus_threes == BONUS_THREES_ALL ? 0u : rs_threes_of_colour(&h, 1);
  for (int suit = 0; suit < 4; suit++) h.n[card_make(RANK_3, suit)] = 0;
  return -(score_cards(rs, &h) + (long)black3 * rs->cards.black3_in_hand);
}

/* ---- a hand ------------------------------------------------------------ */

/* red_threes.bands: the first band that holds of the team (its facts
 * counted only for the bands' tests: at scoring, never while judging). */
static const rs_red3_band_t *team_band(const engine_t *e, int t) {
  const ruleset_t *rs = e->rs;
  unsigned want = 0;
  for (int i = 0; i < rs->red_threes.nbands; i++) want |= rs->red_threes.bands[i].when.tests;
  cond_facts_t f;
  eng_facts(e, t, -1, want, &f);
  const rs_red3_band_t *b = rs_red3_band(rs, &f);
  return b ? b : &counting_for;
}

/* red_threes.by_colour: the team's threes held in the hands and the feet, red
 * (colour 0) or black (1). */
static int colour_held(const engine_t *e, int t, int colour) {
  int n = 0;
  for (int p = 0; p < e->nplayers; p++)
    if (e->team_of[p] == t)
      n += (int)(rs_threes_of_colour(&e->hand[p], colour) + rs_threes_of_colour(&e->foot[p], colour));
  return n;
}

/* red_threes.*: the team's threes, scored together or (by_colour: "each
 * colour counted apart") as two sets by the same table, both by the band. */
static void score_threes(const engine_t *e, int t, int held, const rs_red3_band_t *b,
                         score_parts_t *s) {
  const ruleset_t *rs = e->rs;
  if (!rs_red3_by_colour(rs)) {
    s->red_threes = threes_scored(rs, b, e->red_threes[t], held, &s->red_three_count);
    return;
  }
  int black = e->black_threes[t], red = e->red_threes[t] - black, nred, nblack;
  s->red_threes = threes_scored(rs, b, red, colour_held(e, t, 0), &nred) +
                  threes_scored(rs, b, black, colour_held(e, t, 1), &nblack);
  s->red_three_count = nred + nblack;
}

/* The red threes and black threes that stayed in the team's hands. */
static void note_hand_uses(engine_t *e, int t) {
  const ruleset_t *rs = e->rs;
  unsigned red = 0, black = 0;
  for (int p = 0; p < e->nplayers; p++) {
    if (e->team_of[p] != t) continue;
    red += rs_bonus_threes(rs, &e->hand[p]) + rs_bonus_threes(rs, &e->foot[p]);
    if (rs->cards.bonus_threes != BONUS_THREES_ALL) black += rs_threes_of_colour(&e->hand[p], 1);
  }
  if (black && rs->cards.black3_in_hand) eng_use(e, RK_CARDS_BLACK3_IN_HAND);
  if (!red || rs->red_threes.in_hand == RED3_IN_HAND_AS_LAID) return;
  eng_use(e, RK_RED_THREES_IN_HAND);
  if (rs->red_threes.in_hand_penalty) eng_use(e, RK_RED_THREES_IN_HAND_PENALTY);
}

/* wild_meld.*: the bonuses and penalties of the team's melds of wild cards. */
static void note_wild_meld_uses(engine_t *e, int t) {
  const ruleset_t *rs = e->rs;
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    if (m->team != t || !meld_row(e->kinds, m)->rank_less) continue;
    if (!meld_is_complete(e->kinds, m)) {
      if (rs->wild_meld.unfinished) eng_use(e, RK_WILD_MELD_UNFINISHED);
      continue;
    }
    eng_use(e, RK_CANASTA_MIN_CARDS); /* complete at canasta.min_cards */
    bool listed = false;
    for (int j = 0; j < rs->wild_meld.nby_jokers; j++)
      listed = listed || rs->wild_meld.by_jokers[j].jokers == (int)m->cards.n[CARD_JOKER];
    if (rs->wild_meld.nby_jokers) eng_use(e, RK_WILD_MELD_BY_JOKERS);
    if (!listed && rs->wild_meld.bonus) eng_use(e, RK_WILD_MELD_BONUS);
  }
}

/* meld.rank_rules: a rank's meld or a hand that the rule scored. */
static void note_rank_uses(engine_t *e, int t) {
  if (e->rs->meld.nrank_rules == 0) return;
  bool used = false;
  for (int i = 0; i < e->nmelds && !used; i++)
    used = e->melds[i].team == t && meld_rank_rule(e->kinds, &e->melds[i]) != NULL;
  for (int p = 0; p < e->nplayers && !used; p++)
    used = e->team_of[p] == t && score_rank_held(e->rs, &e->hand[p]) != 0;
  if (used) eng_use(e, RK_MELD_RANK_RULES);
}

/* The scoring rules a team's score relied on; b: its red-three band. */
static void note_score_uses(engine_t *e, int t, const score_parts_t *s, const rs_red3_band_t *b,
                            bool concealed) {
  const ruleset_t *rs = e->rs;
  if (s->pure + s->impure + s->wild_pure + s->wild_impure > 0) eng_use(e, RK_CANASTA_MIN_CARDS);
  if (s->pure && rs->canasta.pure) eng_use(e, RK_CANASTA_PURE);
  if (s->impure && rs->canasta.impure) eng_use(e, RK_CANASTA_IMPURE);
  if (s->wild_pure) eng_use(e, RK_CANASTA_WILD_PURE);
  if (s->wild_impure) eng_use(e, RK_CANASTA_WILD_IMPURE);
  if (s->hidden && rs->canasta.hidden_factor > 1) eng_use(e, RK_CANASTA_HIDDEN_FACTOR);
  if (s->sequences) eng_use(e, RK_SEQUENCE_MAX_CARDS);
  if (s->sequences && rs->sequence.bonus) eng_use(e, RK_SEQUENCE_BONUS);
  if (s->sequences && rs->sequence.canasta) eng_use(e, RK_SEQUENCE_CANASTA);
  if (s->cut) eng_use(e, RK_CUT_BONUS);
  if (s->going_out) eng_use(e, concealed ? RK_GOING_OUT_CONCEALED_BONUS : RK_GOING_OUT_BONUS);
  if (s->red_three_count > 0) {
    bool listed = false;
    for (int i = 0; i < rs->red_threes.ntotals; i++)
      listed = listed || rs->red_threes.totals[i].count == s->red_three_count;
    bool by_colour = rs_red3_by_colour(rs);
    if (by_colour) eng_use(e, RK_RED_THREES_BY_COLOUR);
    eng_use(e, listed || (by_colour && rs->red_threes.ntotals) ? RK_RED_THREES_TOTALS
                                                              : RK_RED_THREES_EACH);
    for (int i = 0; i < RS_BAND_NOTES && b->notes[i] != RK_NONE; i++) eng_use(e, b->notes[i]);
  }
  if (s->aside_count > 0) {
    bool listed = false;
    for (int i = 0; i < rs->set_aside.ntotals; i++)
      listed = listed || rs->set_aside.totals[i].count == s->aside_count;
    eng_use(e, listed ? RK_SET_ASIDE_TOTALS : RK_SET_ASIDE_EACH);
  }
  if (rs->canasta.needed_for_melds && eng_team_meld_count(e, t) > 0)
    eng_use(e, RK_CANASTA_NEEDED_FOR_MELDS);
  note_hand_uses(e, t);
  if (rs->wild_meld.min_cards) note_wild_meld_uses(e, t);
  note_rank_uses(e, t);
}

/* meld.rank_rules: what a meld of a rank with its own rules costs unfinished
 * at the end ("when the meld is not completed they are to be faced with a
 * penalty"), counted with the canasta bonuses. */
long score_rank_unfinished(const meld_kinds_t *k, const meld_t *m) {
  const rs_rank_rule_t *rr = meld_rank_rule(k, m);
  return rr && !meld_is_complete(k, m) ? -(long)rr->unfinished : 0;
}

/* meld.rank_rules: a hand holding `hold` or more cards of such a rank at the
 * end ("Retaining three or more sevens in your hand ... a penalty of 1,500"),
 * counted with the cards left; each player's hand alone. */
long score_rank_held(const ruleset_t *rs, const card_counts_t *hand) {
  long v = 0;
  for (int i = 0; i < rs->meld.nrank_rules; i++) {
    const rs_rank_rule_t *rr = &rs->meld.rank_rules[i];
    if (rr->hold > 0 && (int)cc_rank_count(hand, rr->rank) >= rr->hold) v -= rr->hold_penalty;
  }
  return v;
}

/* The team's melds: cards, bonuses, canastas by kind. */
static void score_melds(const engine_t *e, int t, score_parts_t *s) {
  const ruleset_t *rs = e->rs;
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    if (m->team != t) continue;
    s->melded += score_cards(rs, &m->cards);
    s->canastas += score_meld_bonus(e->kinds, m) + score_rank_unfinished(e->kinds, m);
    s->sequences += meld_is_complete_sequence(e->kinds, m);
    s->hidden += m->hidden && meld_is_canasta(e->kinds, m);
  }
  canastas_t c = meld_canastas(e->kinds, e->melds, e->nmelds, t);
  s->pure = c.pure;
  s->impure = c.impure;
  s->wild_pure = c.wild_pure;
  s->wild_impure = c.wild_impure;
}

static void score_team(const engine_t *e, int t, const rs_red3_band_t *band, score_parts_t *s) {
  const ruleset_t *rs = e->rs;
  /* special_hands: the team that showed one scores its value, in place of
   * everything else (the going-out column) */
  if (e->special_value > 0 && e->out_player >= 0 && e->team_of[e->out_player] == t) {
    s->going_out = s->total = e->special_value;
    return;
  }
  score_melds(e, t, s);
  /* canasta.needed_for_melds: short of them, the melded cards count against the team */
  int need = rs->canasta.needed_for_melds;
  if (need > 0 && meld_canastas(e->kinds, e->melds, e->nmelds, t).all < need) s->melded = -s->melded;
  int held = 0;
  for (int p = 0; p < e->nplayers; p++) {
    if (e->team_of[p] != t) continue;
    held += (int)(rs_bonus_threes(rs, &e->hand[p]) + rs_bonus_threes(rs, &e->foot[p]));
    card_counts_t h = e->hand[p];
    for (card_t k = 0; k < CARD_KINDS; k++) h.n[k] = (uint16_t)(h.n[k] + e->foot[p].n[k]);
    s->in_hand += score_left_in_hand(rs, &h) + score_rank_held(rs, &h);
  }
  score_threes(e, t, held, band, s);
  if (e->out_player >= 0 && e->team_of[e->out_player] == t)
    s->going_out = e->concealed ? rs->going_out.concealed_bonus : rs->going_out.bonus;
  int cutter = (e->dealer + e->nplayers - 1) % e->nplayers;
  if (e->cut == e->nplayers * e->deal_size && e->team_of[cutter] == t) s->cut = rs->cut.bonus;
  s->aside_count = e->aside[t]; /* set_aside: the cards of taken piles it set aside */
  s->aside = rs_aside_value(rs, e->aside[t]);
  s->total = s->melded + s->canastas + s->red_threes + s->going_out + s->cut + s->aside +
             s->in_hand;
}

void eng_score(engine_t *e, hand_score_t *out) {
  memset(out, 0, sizeof *out);
  out->out_player = e->out_player;
  out->concealed = e->out_player >= 0 && e->concealed;
  eng_use(e, RK_CARDS_VALUES);
  for (int t = 0; t < e->nteams; t++) {
    const rs_red3_band_t *band = team_band(e, t);
    score_team(e, t, band, &out->team[t]);
    note_score_uses(e, t, &out->team[t], band, out->concealed);
  }
}
