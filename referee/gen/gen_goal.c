/* gen_goal.c — what a player builds toward: what its team still lacks to go
 * out (going_out.*), and the cards it keeps for that — the run of a sequence
 * still lacking, the rank of a pure canasta still lacking. Read from the
 * ruleset's keys and the team's melds on the table, never from a variant's
 * name. */
#include "gen_private.h"
#include "meld.h"

needs_t gen_needs(gen_t *g, int p) {
  const ruleset_t *rs = g->rs;
  const eng_view_t *e = gen_vw(g);
  int t = g->team_of[p], more[GO_KINDS];
  eng_going_out_needs(g->e, t, more); /* what going out needs: the engine's own count */
  unsigned growing = 0;
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    const meld_row_t *row = meld_row(e->kinds, m);
    if (m->team == t && !row->sequence && !row->rank_less && !meld_is_canasta(e->kinds, m))
      growing |= 1u << m->rank;
  }
  needs_t n = {more[GO_CANASTAS], more[GO_PURE], more[GO_IMPURE], more[GO_WILD],
               more[GO_SEQUENCES], growing, !e->team_opened[t] && !rs->pile.opening_by_take};
  return n;
}

bool gen_needs_any(needs_t n) { return n.any + n.pure + n.impure + n.wild + n.seqs > 0; }

/* ---- the run kept for a sequence ------------------------------------------ */

/* The ranks of suit s that the team's unfinished sequences lying wholly in
 * [lo, hi] hold. */
static unsigned table_run(gen_t *g, int t, int s, int lo, int hi) {
  const eng_view_t *e = gen_vw(g);
  unsigned in = ((1u << (hi + 1)) - 1) & ~((1u << lo) - 1), have = 0;
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    if (m->team == t && m->suit == s && !(m->ranks & ~in) &&
        !meld_is_complete_sequence(e->kinds, m))
      have |= m->ranks;
  }
  return have;
}

/* The copies of c not in a meld on the table (in hands, the stock, the pile). */
static int copies_free(gen_t *g, card_t c) {
  const eng_view_t *e = gen_vw(g);
  int n = g->seat->packs;
  for (int i = 0; i < e->nmelds; i++) n -= (int)e->melds[i].cards.n[c];
  return n;
}

/* The window of sequence.max_cards ranks of one suit that the hand and the
 * team's sequences fill best (the table's cards count double: they are
 * laid), among those not made impossible by the copies melded elsewhere. */
static void pick_run(gen_t *g, int p, goal_t *gl) {
  const ruleset_t *rs = g->rs;
  const card_counts_t *h = &gen_vw(g)->hand[p];
  int len = rs->sequence.max_cards, best = -1;
  if (len <= 0 || len > rs->sequence.high - rs->sequence.low + 1)
    len = rs->sequence.high - rs->sequence.low + 1;
  for (int s = 0; s < 4; s++)
    for (int lo = rs->sequence.low; lo + len - 1 <= rs->sequence.high; lo++) {
      unsigned laid = table_run(g, g->team_of[p], s, lo, lo + len - 1);
      int score = 0, free = 0;
      for (int r = lo; r < lo + len; r++) {
        card_t c = card_make(r, s);
        if (rs->cards.wild[r]) continue;
        score += (laid & (1u << r)) ? 2 : h->n[c] ? 1 : 0;
        if (!(laid & (1u << r)) && !h->n[c]) {
          int f = copies_free(g, c);
          if (f == 0) score = -1000; /* the window cannot be completed */
          free += f;
        }
      }
      score = score * 100 + free; /* ties: the window with more copies free */
      if (score > best) {
        best = score;
        gl->run_suit = s;
        gl->run_lo = lo;
        gl->run_hi = lo + len - 1;
        gl->run_laid = laid;
      }
    }
}

/* ---- the rank kept for a pure canasta --------------------------------------- */

/* The natural rank with the most naturals in the hand and in the team's
 * longest pure set of it still growing, among those of which enough copies
 * are left (not melded by the other teams) to make a canasta. */
static int pick_pure(gen_t *g, int p) {
  const ruleset_t *rs = g->rs;
  const eng_view_t *e = gen_vw(g);
  int laid[RANK_COUNT] = {0}, gone[RANK_COUNT] = {0}, best = -1, rank = -1;
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    const meld_row_t *row = meld_row(e->kinds, m);
    if (row->sequence || row->rank_less) continue; /* of no rank */
    if (m->team != g->team_of[p]) gone[m->rank] += (int)m->naturals;
    else if (m->wilds == 0 && !meld_is_canasta(e->kinds, m) && (int)m->naturals > laid[m->rank])
      laid[m->rank] = (int)m->naturals;
  }
  for (int r = 0; r < RANK_JOKER; r++) {
    if (rs->cards.wild[r] || meld_set_row(e->kinds, r)->black_threes) continue;
    int left = 4 * g->seat->packs - gone[r]; /* copies of the rank not melded by others */
    if (left < rs->canasta.min_cards) continue;
    int n = laid[r];
    for (int s = 0; s < 4; s++) n += (int)e->hand[p].n[card_make(r, s)];
    n = n * 100 + left; /* ties: the rank with more copies left */
    if (n > best) best = n, rank = r;
  }
  return rank;
}

goal_t gen_goal(gen_t *g, int p) {
  goal_t gl = {gen_needs(g, p), -1, 0, -1, 0, -1};
  if (gl.nd.seqs > 0 && g->rs->sequence.min_cards > 0) pick_run(g, p, &gl);
  if (gl.nd.pure > 0) gl.pure_rank = pick_pure(g, p);
  return gl;
}

bool gen_goal_run_card(const gen_t *g, const goal_t *gl, card_t c) {
  int r = card_rank(c);
  return gl->run_suit >= 0 && card_suit(c) == gl->run_suit && r >= gl->run_lo &&
         r <= gl->run_hi && !g->rs->cards.wild[r] && !(gl->run_laid & (1u << r));
}

bool gen_goal_wants(const gen_t *g, const goal_t *gl, card_t c) {
  return gen_goal_run_card(g, gl, c) ||
         (gl->pure_rank >= 0 && card_rank(c) == gl->pure_rank && !rs_is_wild(g->rs, c));
}

/* ---- the leader ------------------------------------------------------------ */

/* How near p's team is to going out: its longest pure set and its longest
 * sequence, each counted up to a canasta's length. */
static int progress(gen_t *g, int p) {
  const eng_view_t *e = gen_vw(g);
  int bp = 0, bs = 0, cap = g->rs->canasta.min_cards;
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    if (m->team != g->team_of[p]) continue;
    int n = (int)m->cards.total > cap ? cap : (int)m->cards.total;
    const meld_row_t *row = meld_row(e->kinds, m);
    if (row->sequence && n > bs) bs = n;
    if (!row->sequence && m->wilds == 0 && !row->wild_rank && n > bp) bp = n;
  }
  return bp + bs;
}

int gen_leader(gen_t *g, int p) {
  int best = -1, most = progress(g, p) - 1;
  for (int q = 0; q < g->np; q++) {
    int v = q == p ? -1 : progress(g, q);
    if (v > most) best = q, most = v;
  }
  return best;
}
