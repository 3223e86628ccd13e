/* gen_player.c — the generator's players: the moves they consider (taking
 * the pile, melds, additions, sequences, red threes, the foot, asking to go
 * out, the discard), tried most wanted first until the engine accepts one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_private.h"
#include "lister.h"
#include "meld.h"

/* The verbs of the melding phase; the chance in 100 that a choice plays a
 * legal action the strategy does not name (gen_legal.c). */
#define MELDING \
  (LISTER_VERB(V_MELD) | LISTER_VERB(V_ADD) | LISTER_VERB(V_MERGE) | LISTER_VERB(V_SHOW))
enum { EXPLORE = 2 };

/* A partner of p, at random; -1 for none. */
static int partner_of(gen_t *g, int p) {
  int list[MAX_PLAYERS], n = 0;
  for (int q = 0; q < g->np; q++)
    if (q != p && g->team_of[q] == g->team_of[p]) list[n++] = q;
  return n ? list[gen_rnd(g, n)] : -1;
}

/* ---- red threes, draws, the foot ------------------------------------------ */

/* The stock's next n cards, as the `stock` line put them. */
static bool draw(gen_t *g, int p, unsigned n) {
  return gen_choose_verb(g, p, V_DRAW, gen_vw(g)->stock_next, (int)n);
}

/* Lays every bonus card (red three) p holds, as the lister finds them,
 * each followed by its replacement where due. */
static void lay_red_threes(gen_t *g, int p) {
  for (int tries = 0; tries < 16 && gen_choose_any(g, p, V_RED3); tries++)
    if (gen_vw(g)->owed > 0 && gen_vw(g)->owed_player == p && !draw(g, p, 1)) return;
}

static void pick_up_foot(gen_t *g, int p) {
  if (!gen_vw(g)->has_foot[p] || gen_vw(g)->over) return;
  if (gen_choose_verb(g, p, V_FOOT, NULL, 0)) lay_red_threes(g, p);
}

/* ---- candidates -------------------------------------------------------------- */

/* The cards of rank r in the hand (all suits, copies repeated). */
static int of_rank(const card_counts_t *h, int r, card_t *out, int max) {
  int n = 0;
  for (int s = 0; s < 4; s++) {
    card_t c = r == RANK_JOKER ? CARD_JOKER : card_make(r, s);
    for (unsigned k = 0; k < h->n[c] && n < max; k++) out[n++] = c;
    if (r == RANK_JOKER) break;
  }
  return n;
}

/* The wild cards in the hand, in a random order; with keep_sets, without the
 * ranks that make wild canastas of their own (kept for them). */
static int wilds_in(gen_t *g, const card_counts_t *h, card_t *out, int max, bool keep_sets) {
  int n = 0;
  for (int r = 0; r < RANK_COUNT; r++)
    if (g->rs->cards.wild[r]) n += of_rank(h, r, out + n, max - n);
  for (int i = n - 1; i > 0; i--) {
    int j = gen_rnd(g, i + 1);
    card_t t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  if (!keep_sets) return n;
  int k = 0;
  for (int i = 0; i < n; i++)
    if (!g->rs->meld.wild_sets[card_rank(out[i])]) out[k++] = out[i];
  return k;
}

/* Could c go into a run: a natural of the sequences' ranks with a neighbour
 * of its suit in the hand, one end of one of the team's unfinished
 * sequences, or a card of the run kept (gen_goal)? */
static bool run_card(gen_t *g, int p, const goal_t *gl, card_t c) {
  const ruleset_t *rs = g->rs;
  const card_counts_t *h = &gen_vw(g)->hand[p];
  int r = card_rank(c), s = card_suit(c);
  if (gen_goal_run_card(g, gl, c)) return true;
  if (s < 0 || r < rs->sequence.low || r > rs->sequence.high || rs->cards.wild[r]) return false;
  for (int d = -1; d <= 1; d += 2) {
    int q = r + d;
    if (q >= rs->sequence.low && q <= rs->sequence.high && !rs->cards.wild[q] &&
        h->n[card_make(q, s)])
      return true;
  }
  const eng_view_t *e = gen_vw(g);
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    unsigned ends = (m->ranks << 1) | (m->ranks >> 1);
    if (m->team == g->team_of[p] && m->suit == s && !meld_is_complete_sequence(e->kinds, m) &&
        (ends & ~m->ranks & (1u << r)))
      return true;
  }
  return false;
}

/* Drops from cards[0..k) those that a run could use (run_card), while a
 * sequence is lacking and the team need not first open from the hand. */
static int keep_for_runs(gen_t *g, int p, const goal_t *gl, card_t *cards, int k) {
  if (gl->nd.seqs == 0 || gl->nd.hoard) return k;
  int n = 0;
  for (int i = 0; i < k; i++)
    if (!run_card(g, p, gl, cards[i])) cards[n++] = cards[i];
  return n;
}

/* The most wild cards a set of `row` holding nat naturals and cards cards in
 * all may take: what meld_judge_set allows of them (its row's `wild` and
 * max_cards, meld.max_wild / wild_limits, meld.wild_below_naturals), read in
 * this one place by the generator. */
static int wild_room(const gen_t *g, const meld_row_t *row, int nat, int cards) {
  if (!row->wild || cards > row->max_cards) return 0;
  int room = rs_max_wild(g->rs, cards);
  if (g->rs->meld.wild_below_naturals && room > nat - 1) room = nat - 1;
  return room;
}

/* Wild cards only, any mix (wild_meld.*): a new meld of them, or a group
 * joining the team's one (wild_meld.per_team), as many as fit. */
static void new_wild_meld(gen_t *g, cands_t *cs, int p, needs_t nd) {
  const eng_view_t *e = gen_vw(g);
  const meld_row_t *wm = &e->kinds->row[KIND_WILD_MELD];
  if (!wm->formable) return;
  card_t wild[64];
  int all = wilds_in(g, &e->hand[p], wild, 64, false);
  const meld_t *join = meld_wild_meld_to_join(e->kinds, e->melds, e->nmelds, g->team_of[p]);
  int room = wm->max_cards - (join ? (int)join->cards.total : 0);
  int n = all < room ? all : room;
  if (n > 0 && n >= (join ? 1 : wm->min_cards) && (join || gen_risk_may_start_wild_meld(g, p)))
    gen_cand_add(g, cs, gen_needs_any(nd) ? 7 : 3, n, "meld", wild, n);
}

/* opening.splash: a complete canasta laid from the hand opens at any worth
 * in a turn begun by a draw, so a team yet to open lays one whenever the
 * hand holds one, before anything else: all the naturals of a rank, or all
 * the wild cards where the ruleset has melds of them (their rows' canasta
 * size and cap). */
static void splash_candidates(gen_t *g, cands_t *cs, int p) {
  enum { SPLASH = 100000 }; /* above any other melding weight */
  const eng_view_t *e = gen_vw(g);
  if (!g->rs->opening.splash || e->team_opened[g->team_of[p]] || e->took_pile) return;
  const card_counts_t *h = &e->hand[p];
  card_t cards[CAND_CARDS];
  for (int r = 0; r < RANK_JOKER; r++) {
    const meld_row_t *row = meld_set_row(e->kinds, r);
    if (g->rs->cards.wild[r] || row->black_threes || !row->formable || !row->canasta) continue;
    int k = of_rank(h, r, cards, CAND_CARDS);
    if (k >= row->canasta_cards && k <= row->max_cards)
      gen_cand_add(g, cs, SPLASH, k, "meld", cards, k);
  }
  const meld_row_t *wm = &e->kinds->row[KIND_WILD_MELD];
  if (!wm->formable || !wm->canasta) return;
  int n = 0;
  for (int r = 0; r < RANK_COUNT; r++)
    if (g->rs->cards.wild[r]) n += of_rank(h, r, cards + n, CAND_CARDS - n);
  if (n > wm->max_cards) n = wm->max_cards;
  if (n >= wm->canasta_cards) gen_cand_add(g, cs, SPLASH, n, "meld", cards, n);
}

/* Black threes, which some rules meld only to go out: their rank's row. */
static void new_black_threes(gen_t *g, cands_t *cs, const card_counts_t *h, card_t *cards) {
  const meld_row_t *row = NULL;
  int k = 0;
  for (card_t c = 0; c < CARD_KINDS; c++) {
    if (!card_is_black3(c)) continue;
    row = meld_set_row(gen_vw(g)->kinds, card_rank(c));
    for (unsigned i = 0; i < h->n[c]; i++) cards[k++] = c;
  }
  if (row && row->formable && k >= row->min_cards) gen_cand_add(g, cs, 5, k, "meld", cards, k);
}

/* New sets of natural ranks, with some wild cards where the rules allow. */
static void new_sets(gen_t *g, cands_t *cs, int p, const goal_t *gl) {
  const ruleset_t *rs = g->rs;
  const card_counts_t *h = &gen_vw(g)->hand[p];
  needs_t nd = gl->nd;
  card_t wild[64], cards[128];
  int nw = wilds_in(g, h, wild, 64, nd.wild > 0);
  const meld_kinds_t *kinds = gen_vw(g)->kinds;
  for (int r = 0; r < RANK_JOKER; r++) {
    if (rs->cards.wild[r] || meld_set_row(kinds, r)->black_threes) continue;
    /* a second set of a rank would split it (meld.same_rank: allow) */
    if ((nd.growing & (1u << r)) && gen_needs_any(nd) && gen_chance(g, 90)) continue;
    int k = keep_for_runs(g, p, gl, cards, of_rank(h, r, cards, 64));
    if (k == 0 || k < rs->meld.min_naturals) continue;
    int need = rs->meld.min_cards - k < 0 ? 0 : rs->meld.min_cards - k;
    const meld_row_t *row = meld_set_row(kinds, r);
    int fit = row->max_cards - k < nw ? row->max_cards - k : nw; /* meld.max_cards */
    int room = wild_room(g, row, k, k + fit);
    int hi = fit < room ? fit : room;
    if (need > hi || !gen_risk_may_start(g, p, r, hi)) continue;
    /* while a pure canasta is lacking, new sets mostly start pure; an
     * opening from the hand takes every wild card it can */
    int w = nd.hoard                          ? hi
            : nd.pure > 0 && gen_chance(g, 70) ? need
                                               : need + gen_rnd(g, hi - need + 1);
    for (int i = 0; i < w; i++) cards[k + i] = wild[i];
    gen_cand_add(g, cs, 6, k + w, "meld", cards, k + w);
    if (w > need) gen_cand_add(g, cs, nd.pure > 0 ? 8 : 3, k + need, "meld", cards, k + need);
  }
  /* wild sets: a set of a wild rank (a canasta of 2s) */
  for (int r = 0; r < RANK_COUNT; r++) {
    if (!rs->meld.wild_sets[r]) continue;
    int k = of_rank(h, r, cards, 64);
    if (k >= rs->meld.min_cards) gen_cand_add(g, cs, nd.wild > 0 ? 12 : 4, k, "meld", cards, k);
  }
  new_wild_meld(g, cs, p, nd);
  new_black_threes(g, cs, h, cards);
}

/* Runs of one suit, where the rules have sequences. */
static void new_sequences(gen_t *g, cands_t *cs, const card_counts_t *h, const goal_t *gl) {
  const ruleset_t *rs = g->rs;
  needs_t nd = gl->nd;
  if (rs->sequence.min_cards == 0) return;
  for (int s = 0; s < 4; s++) {
    if (gl->run_suit >= 0 && (s != gl->run_suit || gl->run_laid)) continue;
    card_t run[RANK_COUNT];
    int n = 0;
    for (int r = rs->sequence.low; r <= rs->sequence.high + 1; r++) {
      card_t c = r <= rs->sequence.high ? card_make(r, s) : 0;
      bool in = gl->run_suit < 0 || (r >= gl->run_lo && r <= gl->run_hi);
      if (r <= rs->sequence.high && !rs->cards.wild[r] && h->n[c] && in) {
        run[n++] = c;
        continue;
      }
      if (n >= rs->sequence.min_cards) {
        int len = n > rs->sequence.max_cards ? rs->sequence.max_cards : n;
        int from = gen_rnd(g, n - len + 1);
        gen_cand_add(g, cs, nd.seqs > 0 ? 16 : 7, len, "meld", run + from, len);
        if (len > rs->sequence.min_cards)
          gen_cand_add(g, cs, 2, rs->sequence.min_cards, "meld", run + from, rs->sequence.min_cards);
      }
      n = 0;
    }
  }
}

/* Is m among the `want` longest pure sets of its team (kept pure while a pure
 * canasta is lacking)? */
static bool kept_pure(gen_t *g, const meld_t *m, int want) {
  const eng_view_t *e = gen_vw(g);
  int longer = 0;
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *o = &e->melds[i];
    const meld_row_t *row = meld_row(e->kinds, o);
    if (o == m || o->team != m->team || row->sequence || o->wilds > 0 || row->wild_rank ||
        meld_is_canasta(e->kinds, o))
      continue;
    if (o->cards.total > m->cards.total || (o->cards.total == m->cards.total && o < m)) longer++;
  }
  return longer < want;
}

/* How much a wild card is wanted on meld m: on a wild canasta in the making
 * when one is lacking, on any set for an opening from the hand, not on a
 * pure one when a pure canasta is lacking nor on a pure canasta going out
 * needs, else on the longer melds. */
static int wild_weight(gen_t *g, const meld_t *m, needs_t nd) {
  const eng_view_t *e = gen_vw(g);
  if (meld_row(e->kinds, m)->wild_rank) return nd.wild > 0 ? 11 : 4;
  if (gen_risk_wild_kept(g, m->team)) return 0;
  /* a wild card would make a pure canasta that going out needs impure */
  if (m->wilds == 0 && meld_is_canasta(e->kinds, m) &&
      meld_canastas(e->kinds, e->melds, e->nmelds, m->team).pure <= g->rs->going_out.pure)
    return 0;
  if (nd.hoard) return 8;
  if (m->wilds == 0 && nd.pure > 0) return kept_pure(g, m, nd.pure) ? 0 : 1;
  if ((nd.impure > 0 || nd.any > 0) && m->cards.total >= 4) return 8;
  return 4;
}

/* Additions to meld m (its candidates written `verb`): naturals, a wild
 * card, a sequence's ends. */
static void additions_to(gen_t *g, cands_t *cs, int p, const goal_t *gl, const meld_t *m,
                         const char *verb, const card_t *wild, int nw) {
  const ruleset_t *rs = g->rs;
  const eng_view_t *e = gen_vw(g);
  const card_counts_t *h = &e->hand[p];
  needs_t nd = gl->nd;
  card_t cards[128];
  const meld_row_t *row = meld_row(e->kinds, m);
  if (row->sequence) {
    int lo = -1, hi = -1;
    for (int r = 0; r < RANK_COUNT; r++)
      if (m->ranks & (1u << r)) hi = r, lo = lo < 0 ? r : lo;
    card_t below = lo > rs->sequence.low ? card_make(lo - 1, m->suit) : CARD_KINDS;
    card_t above = hi < rs->sequence.high ? card_make(hi + 1, m->suit) : CARD_KINDS;
    int sw = nd.seqs > 0 ? 14 : 8;
    if (below < CARD_KINDS && h->n[below]) gen_cand_add(g, cs, sw, 1, verb, &below, 1);
    if (above < CARD_KINDS && h->n[above]) gen_cand_add(g, cs, sw, 1, verb, &above, 1);
    return;
  }
  if (row->rank_less) { /* wild cards only: one more, up to its cap */
    if (nw > 0 && (int)m->cards.total < row->max_cards)
      gen_cand_add(g, cs, gen_risk_add_weight(g, m, 10), 1, verb, wild, 1);
    return;
  }
  int k = row->black_threes ? 0 : keep_for_runs(g, p, gl, cards, of_rank(h, m->rank, cards, 64));
  int kw = gen_risk_add_weight(g, m, gen_needs_any(nd) ? 12 : 9);
  if (k > 0) gen_cand_add(g, cs, kw, k, verb, cards, k);
  int total = (int)m->cards.total;
  bool room = (int)m->wilds + 1 <= wild_room(g, row, (int)m->naturals, total + 1);
  int ww = wild_weight(g, m, nd);
  if (nw > 0 && room && !row->black_threes && ww > 0) gen_cand_add(g, cs, ww, 1, verb, wild, 1);
}

/* Additions to the team's melds. Where a set is named by its rank
 * (meld.same_rank not allow), half of them are written `add RANK`, the
 * same action as the lister's `add #N`. */
static void additions(gen_t *g, cands_t *cs, int p, const goal_t *gl) {
  const eng_view_t *e = gen_vw(g);
  card_t wild[64];
  int nw = wilds_in(g, &e->hand[p], wild, 64, gl->nd.wild > 0);
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    if (m->team != g->team_of[p]) continue;
    char verb[32];
    snprintf(verb, sizeof verb, "add #%d", m->number);
    const meld_row_t *row = meld_row(e->kinds, m);
    bool by_rank = !row->sequence && !row->rank_less &&
                   g->rs->meld.same_rank != SAME_RANK_ALLOW && gen_chance(g, 50);
    int first = cs->n;
    additions_to(g, cs, p, gl, m, verb, wild, nw);
    for (int j = first; j < cs->n && by_rank; j++)
      snprintf(cs->c[j].say, sizeof cs->c[j].say, "add %s", card_rank_name(m->rank));
  }
}

/* ---- a turn --------------------------------------------------------------- */

/* Melds and additions until none is wanted or legal. */
static void greedy_melds(gen_t *g, int p) {
  int keep = g->level == 0 ? 0 : 2;
  for (int round = 0; round < 40 && !gen_vw(g)->over && g->level < 2; round++) {
    if (gen_vw(g)->hand[p].total <= 4 && gen_chance(g, 80)) pick_up_foot(g, p);
    if (gen_vw(g)->over || gen_vw(g)->empty_hand) return;
    goal_t gl = gen_goal(g, p);
    /* now and then a player stops early, but not while opening from the hand */
    if (gen_needs_any(gl.nd) && !gl.nd.hoard && gen_chance(g, 4)) return;
    cands_t cs;
    cs.n = 0;
    splash_candidates(g, &cs, p);
    additions(g, &cs, p, &gl);
    new_sets(g, &cs, p, &gl);
    new_sequences(g, &cs, &gen_vw(g)->hand[p], &gl);
    if (!gen_choose(g, p, &(gen_ask_t){MELDING, keep, 0, EXPLORE}, &cs)) return;
  }
}

/* A player who has not melded yet may hold everything back until the whole
 * hand can go down at once (going out concealed): the melds are tried, and
 * taken back unless at most one card (the discard) is left. */
static void meld_phase(gen_t *g, int p) {
  needs_t nd = gen_needs(g, p);
  int concealed = nd.hoard ? 2 : gen_needs_any(nd) ? 10 : 35;
  if (gen_vw(g)->player_melded[p] || g->level > 0 || !gen_chance(g, concealed)) {
    greedy_melds(g, p);
    return;
  }
  size_t mark = g->hand.len;
  unsigned line = g->line;
  engine_t *before = eng_new();
  if (!before) return;
  eng_copy(before, g->e);
  greedy_melds(g, p);
  if (!gen_vw(g)->over && !gen_vw(g)->empty_hand && gen_vw(g)->hand[p].total > 1) {
    gen_restore(g, before);
    g->hand.len = mark;
    g->line = line;
  }
  eng_free(before);
}

/* Taking the pile: the top card with naturals (and a wild card), or alone
 * onto the team's meld. */
static bool take_pile(gen_t *g, int p) {
  const eng_view_t *e = gen_vw(g);
  if (e->npile == 0) return false;
  card_t top = e->pile[e->npile - 1];
  if (!rs_is_natural(g->rs, top)) return false;
  const card_counts_t *h = &e->hand[p];
  card_t cards[64], wild[64];
  int k = of_rank(h, card_rank(top), cards, 32);
  int nw = wilds_in(g, h, wild, 32, gen_needs(g, p).wild > 0);
  if (!gen_risk_may_take(g, p, top)) return false; /* it would cost a penalty */
  cands_t cs;
  cs.n = 0;
  gen_cand_add(g, &cs, 5, 0, "take", cards, 0); /* `take` alone: onto the team's meld */
  if (k >= 2) gen_cand_add(g, &cs, 6, 2, "take", cards, 2);
  if (k > 2) gen_cand_add(g, &cs, 4, k, "take", cards, k);
  if (k >= 1 && nw >= 1) {
    cards[k] = wild[0];
    gen_cand_add(g, &cs, 3, k + 1, "take", cards, k + 1);
    card_t two[2] = {cards[0], wild[0]};
    gen_cand_add(g, &cs, 3, 2, "take", two, 2);
  }
  /* no cards kept back: the pile's cards join the hand (the melding after the
   * take keeps them back where the level asks it) */
  if (!gen_choose(g, p, &(gen_ask_t){LISTER_VERB(V_TAKE), 0, 0, 0}, &cs)) return false;
  lay_red_threes(g, p);
  /* set_aside: the pile's cards set aside, stated as the lister finds them */
  for (int tries = 0; tries < 16 && gen_vw(g)->aside_due->total > 0; tries++)
    if (!gen_choose_any(g, p, V_ASIDE)) break;
  return true;
}

/* Whether the players help whoever is nearest to going out: where the hand
 * ends when the stock runs out, and where a side reaches what going out
 * needs before the stock runs out only with the others' discards: the cards
 * it still gets by itself (its share of the stock as dealt, its players'
 * feet) are fewer than one and a half times the cards of the canastas going
 * out needs (going_out.canastas, canasta.min_cards). Of the shipped
 * seatings, five sides each alone, two canastas to go out (1.2 times);
 * two sides of 13 cards each from two packs (1.7), three sides with their
 * feet, three canastas to go out (2.0), and every other seating (more)
 * play for themselves (docs/generator.md). */
static bool helping(const gen_t *g) {
  const ruleset_t *rs = g->rs;
  if (rs->end.stock_empty == STOCK_EMPTY_AT_ONCE) return true;
  int canastas = rs->going_out.canastas > 0 ? rs->going_out.canastas : 1;
  int side = (int)g->stock_dealt / g->nteams + g->np / g->nteams * rs->foot.size;
  return 2 * side < 3 * canastas * rs->canasta.min_cards;
}

/* Where the players help (helping), a player leaves the pile to the leader
 * of another team when it holds a card the leader keeps. */
static bool leaves_pile(gen_t *g, int p) {
  if (!helping(g)) return false;
  int lead = gen_leader(g, p);
  if (lead < 0 || g->team_of[lead] == g->team_of[p]) return false;
  goal_t lg = gen_goal(g, lead);
  const eng_view_t *e = gen_vw(g);
  for (unsigned i = 0; i < e->npile; i++)
    if (gen_goal_wants(g, &lg, e->pile[i])) return true;
  return false;
}

static bool draw_or_take(gen_t *g, int p) {
  lay_red_threes(g, p);
  if (gen_vw(g)->over) return true;
  bool stock_empty = gen_vw(g)->stock == 0;
  /* the pile feeds the canastas still lacking; once none is, it mostly
   * fills a hand that should empty, unless it is small where the hand ends
   * with the stock (the pair taken with it becomes a set, few cards come in,
   * and the stock lasts) */
  bool small = gen_vw(g)->npile <= 4 && g->rs->end.stock_empty == STOCK_EMPTY_AT_ONCE;
  int want = gen_needs_any(gen_needs(g, p)) ? 90 : small ? 100 : 30;
  if (!stock_empty && leaves_pile(g, p)) want = 0;
  if ((g->level < 2 || stock_empty) && (stock_empty || gen_chance(g, want)) && take_pile(g, p))
    return true;
  if (stock_empty) return gen_choose_verb(g, p, V_END, NULL, 0);
  unsigned n = (unsigned)g->rs->turn.draw;
  if (n > gen_vw(g)->stock) n = gen_vw(g)->stock;
  if (!draw(g, p, n)) return false;
  lay_red_threes(g, p);
  return true;
}

/* The partner's answer: yes with a chance of pct in 100. */
static void answer(gen_t *g, int q, int pct) {
  bool yes = gen_chance(g, pct);
  gen_choose_verb(g, q, yes ? V_YES : V_NO, NULL, 0);
}

/* Asking the partner to go out, answered yes or no at random. */
static void maybe_ask(gen_t *g, int p) {
  if (g->rs->going_out.ask == ASK_NONE || g->level >= 2 || gen_vw(g)->over) return;
  /* where going out needs the answer, a player who could go out asks
   * mostly, and mostly hears yes */
  bool ready = g->rs->going_out.ask == ASK_REQUIRED && !gen_vw(g)->has_foot[p] &&
               !gen_needs_any(gen_needs(g, p));
  if (gen_vw(g)->hand[p].total > (ready ? 8u : 5u) || !gen_chance(g, ready ? 85 : 40)) return;
  int q = partner_of(g, p);
  if (q < 0 || !gen_choose_verb(g, p, V_ASK, NULL, 0)) return;
  answer(g, q, ready ? 85 : 65);
}

/* Where melding comes first, an empty hand may end the hand by decision. */
static void after_meld_first(gen_t *g, int p) {
  if (!gen_vw(g)->empty_hand || gen_vw(g)->over) return;
  int q = partner_of(g, p);
  if (q >= 0) {
    if (gen_choose_verb(g, p, V_ASK, NULL, 0)) answer(g, q, 95);
  } else if (gen_chance(g, 95)) {
    gen_choose_verb(g, p, V_END, NULL, 0);
  }
}

/* The discard of a player whose team must open from the hand: black threes,
 * then lone cards of little value; never a wild card while another will do. */
static int opening_discard_weight(gen_t *g, int p, card_t c) {
  if (gen_is_wild(g, c)) return 0;
  if (card_is_black3(c)) return 1000;
  card_t same[64];
  if (of_rank(&gen_vw(g)->hand[p], card_rank(c), same, 64) > 1) return 4;
  int v = rs_value(g->rs, c);
  return v >= 20 ? 6 : v >= 10 ? 12 : 18;
}

/* How much a card is wanted as the discard: black threes (always, where they
 * can never be melded) and lone cards first; the cards kept for the goal
 * (gen_goal) never while another will do; cards the team's melds could take
 * last, the more so once the team has what going out requires (the hand
 * should empty onto them: then a lone card goes before a pair, which a third
 * card makes a set, and a card beside a complete sequence is no card a meld
 * can take). */
static int discard_weight(gen_t *g, int p, const goal_t *gl, card_t c) {
  bool met = !gen_needs_any(gl->nd);
  int risk = gen_risk_discard(g, p, c);
  if (risk >= 0) return risk;
  if (gl->nd.hoard) return opening_discard_weight(g, p, c);
  if (gen_is_wild(g, c))
    return met || (g->rs->meld.wild_sets[card_rank(c)] && gl->nd.wild > 0) ? 1 : 3;
  if (card_is_black3(c)) return g->rs->meld.black_threes == THREES_NEVER ? 1000 : 30;
  if (gen_goal_wants(g, gl, c)) return 0;
  const eng_view_t *e = gen_vw(g);
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    if (m->team != g->team_of[p]) continue;
    if (m->rank == card_rank(c)) return met ? 1 : 4;
    unsigned next = (m->ranks << 1) | (m->ranks >> 1);
    if (m->suit == card_suit(c) && (next & ~m->ranks & (1u << card_rank(c))) &&
        !meld_is_complete_sequence(e->kinds, m))
      return met ? 1 : 2;
  }
  card_t same[64];
  int n = of_rank(&e->hand[p], card_rank(c), same, 64);
  return met ? (n > 1 ? 40 : 200) : n > 1 ? 6 : 12;
}

/* Could the next player take the pile with c on top: it holds the naturals a
 * take needs, and its team may take (pile.opening_by_take)? */
static bool feeds_next(gen_t *g, int p, card_t c) {
  const ruleset_t *rs = g->rs;
  const eng_view_t *e = gen_vw(g);
  int q = (p + 1) % g->np;
  if (!rs_is_natural(rs, c) || (rs_classes(rs, c) & rs->pile.blocked_by)) return false;
  if (!e->team_opened[g->team_of[q]] && !rs->pile.opening_by_take) return false;
  card_t same[64];
  int need = rs->pile.take_naturals < 2 ? 2 : rs->pile.take_naturals;
  return of_rank(&e->hand[q], card_rank(c), same, 64) >= need;
}

/* Where the hand ends when the stock runs out (end.stock_empty: at_once),
 * the players help whoever is nearest to going out, and save the stock: a
 * card the next player can take the pile with goes first (each take saves a
 * draw), and while one is in the hand, black threes (which block the pile)
 * wait unless nothing is lacking; they wait too while another team leads
 * (the pile, which they would block, is the leader's way to its cards and
 * the stock's way to last); a card the leader keeps (gen_goal) goes before
 * anything else, even one p keeps itself, so that the pile brings it to the
 * leader. */
static int helping_weight(gen_t *g, int p, card_t c, int w, bool feed, const goal_t *gl,
                          int lead, const goal_t *lg) {
  /* a player in the foot whose team has what going out needs only empties
   * the hand: helping another to the pile would keep a card back (a black
   * three) */
  if (g->rs->foot.size > 0 && !gen_vw(g)->has_foot[p] && !gen_needs_any(gl->nd)) return w;
  if (feed && card_is_black3(c) && gen_needs_any(gl->nd)) return 1;
  if (card_is_black3(c) && lead >= 0 && g->team_of[lead] != g->team_of[p]) return 1;
  if (feed && w > 0 && feeds_next(g, p, c)) w *= 10;
  if (lead < 0 || !gen_goal_wants(g, lg, c) || w >= 1000) return w;
  return w == 0 ? 1 : w * 200;
}

static bool discard(gen_t *g, int p) {
  card_t cards[MAX_CARDS];
  int n = gen_hand_cards(&gen_vw(g)->hand[p], cards, MAX_CARDS);
  goal_t gl = gen_goal(g, p);
  cands_t cs;
  cs.n = 0;
  bool help = helping(g), feed = false;
  int lead = help ? gen_leader(g, p) : -1;
  goal_t lg = lead >= 0 ? gen_goal(g, lead) : gl;
  for (int i = 0; i < n && help && !feed; i++)
    feed = discard_weight(g, p, &gl, cards[i]) > 0 && feeds_next(g, p, cards[i]);
  for (int i = 0; i < n && cs.n < MAX_CANDS; i++) {
    if (i > 0 && cards[i] == cards[i - 1]) continue;
    int w = discard_weight(g, p, &gl, cards[i]);
    if (help) w = helping_weight(g, p, cards[i], w, feed, &gl, lead, &lg);
    gen_cand_add(g, &cs, w, 1, "discard", &cards[i], 1);
  }
  return gen_choose(g, p, &(gen_ask_t){LISTER_VERB(V_DISCARD), 0, 0, 0}, &cs);
}

static bool play_turn_at(gen_t *g, int p) {
  /* foot.when: hand_empty (or going_out.foot): a hand its last discard
   * emptied picks up the foot before anything else */
  if (gen_vw(g)->hand[p].total == 0) pick_up_foot(g, p);
  if (g->rs->turn.meld_before_draw) {
    lay_red_threes(g, p);
    meld_phase(g, p);
    after_meld_first(g, p);
    if (gen_vw(g)->over) return true;
    if (!draw_or_take(g, p)) return false;
  } else {
    if (!draw_or_take(g, p)) return false;
    if (gen_vw(g)->over) return true;
    maybe_ask(g, p);
    meld_phase(g, p);
  }
  if (gen_vw(g)->over) return true;
  if (gen_vw(g)->hand[p].total == 0) pick_up_foot(g, p);
  if (gen_vw(g)->over || !discard(g, p)) return gen_vw(g)->over;
  /* bonus.when: after_discard: the packet due, if any, right after the discard
   * (the engine refuses it where none is due, and nothing is written) */
  if (g->rs->bonus.npackets > 0) gen_choose_any(g, p, V_TALON);
  return true;
}

/* One turn, played again by more cautious players while it gets stuck. */
bool gen_play_turn(gen_t *g) {
  int p = gen_vw(g)->current;
  size_t mark = g->hand.len;
  unsigned line = g->line;
  eng_copy(g->snap, g->e);
  for (g->level = 0; g->level < LEVELS; g->level++) {
    if (g->level > 0) {
      g->stats->retries++;
      gen_restore(g, g->snap);
      g->hand.len = mark;
      g->line = line;
    }
    if (play_turn_at(g, p) && (gen_vw(g)->over || gen_vw(g)->current != p)) return true;
  }
  return false;
}

