/* lister.c — the candidates for every next action (lister.h). */
#include "lister.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "meld.h"

enum { MAX_POOL = 24, MAX_DRAWN = 5, MAX_TALON = 16 };

/* One walk: the hand as it stands and the candidate being built. */
typedef struct {
  const eng_view_t *v;
  lister_visit_t visit;
  void *ctx;
  int player;
  verb_t verb;
  char ref[24];           /* "" when none */
  const meld_t *meld[2];  /* the melds ref names, NULL */
  card_t named[LISTER_MAX_CARDS];
  unsigned nnamed;
  card_t wild[CARD_KINDS]; /* the ruleset's wild cards, in card order (pool_wilds) */
  unsigned nwild;
} cand_t;

/* A pool: kinds of cards with how many of each may be named. The first
 * nreq kinds are the ones of which at least one must be named (0: none). */
typedef struct {
  card_t kind[MAX_POOL];
  unsigned max[MAX_POOL];
  unsigned nk, nreq, smin, smax;
} pool_t;

/* Card order, by insertion: a candidate's few cards come nearly sorted. */
static void sort_cards(card_t *c, unsigned n) {
  for (unsigned i = 1; i < n; i++) {
    card_t t = c[i];
    unsigned j = i;
    for (; j > 0 && c[j - 1] > t; j--) c[j] = c[j - 1];
    c[j] = t;
  }
}

/* Hands the candidate as it stands to the visitor. */
static void offer(cand_t *c) {
  card_t cards[LISTER_MAX_CARDS];
  memcpy(cards, c->named, c->nnamed * sizeof *cards);
  if (c->verb != V_DRAW && c->verb != V_TALON) /* those name the stock's cards in its order */
    sort_cards(cards, c->nnamed);
  lister_cand_t out = {c->player, c->verb, c->ref, {c->meld[0], c->meld[1]}, cards, c->nnamed};
  c->visit(c->ctx, &out);
}

static void begin(cand_t *c, int p, verb_t verb, const char *ref) {
  c->player = p;
  c->verb = verb;
  size_t n = ref ? strlen(ref) : 0;
  if (n >= sizeof c->ref) n = 0; /* a reference is "#N #M" at most */
  memcpy(c->ref, ref ? ref : "", n);
  c->ref[n] = '\0';
  c->meld[0] = c->meld[1] = NULL;
  c->nnamed = 0;
}

static void offer_bare(cand_t *c, int p, verb_t verb) {
  begin(c, p, verb, NULL);
  offer(c);
}

/* ---- pools ------------------------------------------------------------------ */

static void pool_add(pool_t *pl, const card_counts_t *h, card_t k) {
  if (h->n[k] && pl->nk < MAX_POOL) {
    pl->kind[pl->nk] = k;
    pl->max[pl->nk++] = h->n[k];
  }
}

/* The wild cards of h, but those of rank skip (-1: none): asked for every
 * run of every suit, so from the list lister_each makes once. */
static void pool_wilds(pool_t *pl, const cand_t *c, const card_counts_t *h, int skip) {
  for (unsigned i = 0; i < c->nwild; i++)
    if (card_rank(c->wild[i]) != skip) pool_add(pl, h, c->wild[i]);
}

/* Every sub-multiset of pl from kind i on, after the cards named so far
 * (req: some of the first nreq kinds named), offered with the base named. */
static void pick(cand_t *c, const pool_t *pl, unsigned i, unsigned size, bool req) {
  if (size > pl->smax) return;
  if (i == pl->nk) {
    if (size >= pl->smin && (req || !pl->nreq)) offer(c);
    return;
  }
  unsigned at = c->nnamed;
  for (unsigned k = 0; k <= pl->max[i] && at + k <= LISTER_MAX_CARDS && size + k <= pl->smax;
       k++) {
    for (unsigned j = 0; j < k; j++) c->named[at + j] = pl->kind[i];
    c->nnamed = at + k;
    pick(c, pl, i + 1, size + k, req || (k && i < pl->nreq));
  }
  c->nnamed = at;
}

static void pick_all(cand_t *c, pool_t *pl, unsigned smin, unsigned smax) {
  pl->smin = smin;
  pl->smax = smax;
  pick(c, pl, 0, 0, false);
}

/* Cards of rank r (its suits first, at least one named unless none need be)
 * and the wild cards, from player p's hand, after the named base. */
static void rank_and_wilds(cand_t *c, int r, bool need_rank, unsigned smin) {
  const card_counts_t *h = &c->v->hand[c->player];
  pool_t pl = {.nk = 0};
  for (int s = 0; s < 4 && r < RANK_JOKER; s++) pool_add(&pl, h, card_make(r, s));
  if (r == RANK_JOKER) pool_add(&pl, h, CARD_JOKER);
  pl.nreq = need_rank ? pl.nk : 0;
  if (need_rank && !pl.nk) return;
  pool_wilds(&pl, c, h, r);
  pick_all(c, &pl, smin, LISTER_MAX_CARDS);
}

/* ---- sequences ---------------------------------------------------------------- */

/* A run of suit s: the ranks already there (have: the top card taken, the
 * meld added to) and the wild cards (the meld's), the ranks it must span,
 * lo..hi, some naturals of the hand in between named, and as many wild cards
 * as the gaps need, or more. Where sequences take no wild card every natural
 * in between is named (a gap is refused); where they take some
 * (sequence.max_wild), any of them may be left to a wild card. */
typedef struct {
  int suit;
  unsigned have;   /* ranks present without naming them */
  int span_lo, span_hi; /* ranks it must cover (-1: none) */
  unsigned wilds;  /* wild cards present (a sequence's) */
} run_t;

static bool natural_in(const cand_t *c, int r, int s) {
  card_t k = card_make(r, s);
  return c->v->hand[c->player].n[k] && rs_is_natural(c->v->rs, k);
}

/* The run lo..hi with the naturals between its ends named as `skip` (one
 * bit a rank) leaves to wild cards, then the wild cards. */
static void run_pick(cand_t *c, const run_t *run, int lo, int hi, unsigned skip) {
  unsigned gaps = 0;
  c->nnamed = 0;
  for (int r = lo; r <= hi; r++) {
    if (run->have & (1u << r)) continue;
    if (natural_in(c, r, run->suit) && !(skip & (1u << r)))
      c->named[c->nnamed++] = card_make(r, run->suit);
    else gaps++;
  }
  gaps = gaps > run->wilds ? gaps - run->wilds : 0;
  if (!c->nnamed && !gaps) gaps = 1; /* the run as it stands: wild cards alone, at least one */
  pool_t pl = {.nk = 0};
  pool_wilds(&pl, c, &c->v->hand[c->player], -1);
  pick_all(c, &pl, gaps, LISTER_MAX_CARDS);
}

static void run_wilds(cand_t *c, const run_t *run, int lo, int hi) {
  unsigned inner = 0; /* the hand's naturals strictly between the ends, not there yet */
  for (int r = lo + 1; r < hi && c->v->rs->sequence.max_wild > 0; r++)
    if (!(run->have & (1u << r)) && natural_in(c, r, run->suit)) inner |= 1u << r;
  unsigned skip = 0; /* every subset of inner, the empty one first */
  do {
    run_pick(c, run, lo, hi, skip);
    skip = (skip - inner) & inner;
  } while (skip);
}

static bool end_there(const cand_t *c, const run_t *run, int r) {
  return (run->have & (1u << r)) || natural_in(c, r, run->suit);
}

/* Every run lo..hi of two ranks or more (each end there or named) that
 * covers the span. */
static void runs(cand_t *c, const run_t *run) {
  for (int lo = RANK_2; lo <= RANK_A; lo++) {
    if (!end_there(c, run, lo) || (run->span_lo >= 0 && lo > run->span_lo)) continue;
    for (int hi = lo + 1; hi <= RANK_A; hi++)
      if (end_there(c, run, hi) && (run->span_hi < 0 || hi >= run->span_hi))
        run_wilds(c, run, lo, hi);
  }
}

/* ---- the verbs ------------------------------------------------------------------ */

static void melds(cand_t *c, int p) {
  begin(c, p, V_MELD, NULL);
  for (int r = RANK_2; r <= RANK_JOKER; r++)
    if (r == RANK_JOKER || !rs_is_wild(c->v->rs, card_make(r, 0)))
      rank_and_wilds(c, r, true, 1);
  pool_t pl = {.nk = 0};
  pool_wilds(&pl, c, &c->v->hand[p], -1);
  pick_all(c, &pl, 1, LISTER_MAX_CARDS);
  for (int s = 0; s < 4; s++) runs(c, &(run_t){s, 0, -1, -1, 0});
}

static int lowest(unsigned bits) { return __builtin_ctz(bits); }
static int highest(unsigned bits) { return 31 - __builtin_clz(bits); }

/* "#N" at out (room for 11 bytes), returning its end: a meld's reference,
 * written for every addition and merge listed (snprintf's cost there was a
 * tenth of the generator's). */
static char *put_ref(char *out, unsigned n) {
  char digits[10];
  int k = 0;
  do digits[k++] = (char)('0' + n % 10);
  while ((n /= 10) > 0 && k < 10);
  *out++ = '#';
  while (k > 0) *out++ = digits[--k];
  *out = '\0';
  return out;
}

static void adds(cand_t *c, int p) {
  for (int i = 0; i < c->v->nmelds; i++) {
    const meld_t *m = &c->v->melds[i];
    if (m->team != c->v->team_of[p]) continue;
    char ref[16];
    put_ref(ref, (unsigned)m->number);
    begin(c, p, V_ADD, ref);
    c->meld[0] = m;
    const meld_row_t *row = meld_row(c->v->kinds, m);
    if (row->sequence)
      runs(c, &(run_t){m->suit, m->ranks, lowest(m->ranks), highest(m->ranks), m->wilds});
    else if (!row->rank_less && !row->wild_rank) /* a set of a natural rank */
      rank_and_wilds(c, m->rank, false, 1);
    else rank_and_wilds(c, RANK_JOKER, false, 1);
  }
}

static void takes(cand_t *c, int p) {
  offer_bare(c, p, V_TAKE);
  if (!c->v->npile) return;
  card_t top = c->v->pile[c->v->npile - 1];
  int r = card_rank(top);
  begin(c, p, V_TAKE, NULL);
  rank_and_wilds(c, rs_is_wild(c->v->rs, top) ? RANK_JOKER : r, false, 1);
  if (r < RANK_JOKER) runs(c, &(run_t){card_suit(top), 1u << r, r, r, 0});
}

static void merges(cand_t *c, int p) {
  for (int i = 0; i < c->v->nmelds; i++)
    for (int j = 0; j < c->v->nmelds; j++) {
      const meld_t *a = &c->v->melds[i], *b = &c->v->melds[j];
      if (i == j || a->team != c->v->team_of[p] || b->team != a->team) continue;
      char ref[24];
      char *end = put_ref(ref, (unsigned)a->number);
      *end++ = ' ';
      put_ref(end, (unsigned)b->number);
      begin(c, p, V_MERGE, ref);
      c->meld[0] = a;
      c->meld[1] = b;
      offer(c);
    }
}

/* Each card of the hand alone, of rank r (-1: any). */
static void one_card(cand_t *c, int p, verb_t verb, int r) {
  for (int k = 0; k < CARD_KINDS; k++)
    if (c->v->hand[p].n[k] && (r < 0 || card_rank((card_t)k) == r)) {
      begin(c, p, verb, NULL);
      c->named[c->nnamed++] = (card_t)k;
      offer(c);
    }
}

/* The stock line's next cards, 1 to max of them; without a stock line,
 * every card, and every pair where a draw takes two or more. */
static void from_stock(cand_t *c, int p, verb_t verb, unsigned max) {
  if (c->v->stock_next) {
    for (unsigned n = 1; n <= max && n <= c->v->stock_next_len; n++) {
      begin(c, p, verb, NULL);
      for (unsigned i = 0; i < n; i++) c->named[c->nnamed++] = c->v->stock_next[i];
      offer(c);
    }
    return;
  }
  for (int a = 0; a < CARD_KINDS && c->v->stock; a++)
    for (int b = a - 1; b < CARD_KINDS && (b < a || c->v->rs->turn.draw > 1); b++) {
      begin(c, p, verb, NULL);
      c->named[c->nnamed++] = (card_t)a;
      if (b >= a) c->named[c->nnamed++] = (card_t)b;
      offer(c);
    }
}

/* An `aside` of pick[j] cards of kind[j], for each of the nk kinds. */
static void offer_aside(cand_t *c, int p, const card_t *kind, const unsigned *pick, unsigned nk) {
  begin(c, p, V_ASIDE, NULL);
  for (unsigned j = 0; j < nk; j++)
    for (unsigned m = 0; m < pick[j] && c->nnamed < LISTER_MAX_CARDS; m++)
      c->named[c->nnamed++] = kind[j];
  offer(c);
}

/* set_aside: every part of the cards of the pile taken still to state, for
 * the taker: a few cards of a few kinds (black threes). Past MAX_ASIDE
 * parts (a house setting whole ranks aside), all of them, and each kind's. */
enum { MAX_ASIDE = 256 };
static void asides(cand_t *c, int p) {
  const card_counts_t *due = c->v->aside_due;
  if (p != c->v->current || due->total == 0) return;
  card_t kind[CARD_KINDS];
  unsigned nk = 0, pick[CARD_KINDS], parts = 1;
  for (int k = 0; k < CARD_KINDS; k++)
    if (due->n[k]) {
      pick[nk] = due->n[k];
      kind[nk++] = (card_t)k;
      if (parts <= MAX_ASIDE) parts *= due->n[k] + 1u;
    }
  if (parts > MAX_ASIDE) {
    offer_aside(c, p, kind, pick, nk);
    for (unsigned i = 0; i < nk; i++) offer_aside(c, p, kind + i, pick + i, 1);
    return;
  }
  memset(pick, 0, sizeof pick);
  for (;;) { /* count up in the mixed base of the kinds' counts */
    unsigned i = 0;
    while (i < nk && pick[i] == due->n[kind[i]]) pick[i++] = 0;
    if (i == nk) return;
    pick[i]++;
    offer_aside(c, p, kind, pick, nk);
  }
}

static void show(cand_t *c, int p) {
  begin(c, p, V_SHOW, NULL);
  for (int k = 0; k < CARD_KINDS; k++)
    for (unsigned i = 0; i < c->v->hand[p].n[k] && c->nnamed < LISTER_MAX_CARDS; i++)
      c->named[c->nnamed++] = (card_t)k;
  if (c->nnamed) offer(c);
}

/* Every candidate of verb for player p. */
static void candidates(cand_t *c, int p, verb_t verb) {
  switch (verb) {
  case V_DRAW: from_stock(c, p, V_DRAW, MAX_DRAWN); break;
  case V_TAKE: takes(c, p); break;
  case V_MELD: melds(c, p); break;
  case V_ADD: adds(c, p); break;
  case V_RED3: one_card(c, p, V_RED3, RANK_3); break;
  case V_TALON:
    offer_bare(c, p, V_TALON);
    from_stock(c, p, V_TALON, MAX_TALON);
    break;
  case V_SHOW: show(c, p); break;
  case V_DISCARD: one_card(c, p, V_DISCARD, -1); break;
  case V_MERGE: merges(c, p); break;
  case V_ASIDE: asides(c, p); break;
  case V_FOOT: case V_ASK: case V_YES: case V_NO: case V_END: offer_bare(c, p, verb); break;
  case V_COUNT: break;
  }
}

/* The verbs of many candidates, tried for the player to act alone: their
 * row's players (verbs.def, WHO_TURN) are that one. The others are tried
 * for every player (a foot picked up out of turn: foot.walking). */
static bool many(int verb) {
  bool turn_only = verb == V_MELD || verb == V_ADD || verb == V_TAKE || verb == V_SHOW;
  return turn_only && verb_table[verb].who == WHO_TURN;
}

void lister_each(const eng_view_t *v, unsigned verbs, int player, lister_visit_t visit,
                 void *ctx) {
  cand_t c = {.v = v, .visit = visit, .ctx = ctx};
  for (card_t k = 0; k < CARD_KINDS; k++)
    if (rs_is_wild(v->rs, k)) c.wild[c.nwild++] = k;
  for (int verb = 0; verb < V_COUNT; verb++)
    for (int p = 0; p < v->nplayers && (verbs & LISTER_VERB(verb)); p++)
      if ((player < 0 || p == player) && (p == v->current || !many(verb)))
        candidates(&c, p, (verb_t)verb);
}
