/* gen.c — random complete games (gen.h).
 *
 * A turn is played by trying candidate moves, most wanted first; the engine
 * (on a copy of the hand's state) says which are legal, and the first legal
 * one is written. When a turn gets stuck (the opening minimum missed, a last
 * card that cannot go out) it is played again from its start by a more
 * cautious player: level 0 melds greedily and may ask to go out, level 1
 * keeps two cards back, level 2 only draws and discards. */
#define _POSIX_C_SOURCE 200809L
#include "gen.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cgr.h"
#include "engine.h"
#include "ruleset.h"

enum { MAX_CANDS = 96, CAND_TEXT = 640, HAND_ACTIONS = 4000, REDEALS = 50, LEVELS = 3 };

typedef struct {
  char *s;
  size_t len, cap;
} text_t;

typedef struct {
  const ruleset_t *rs;
  ruleset_t rules;
  const rs_seat_t *seat;
  const gen_options_t *opt;
  int np, nteams;
  int team_of[MAX_PLAYERS];
  const char *names[MAX_PLAYERS];
  char team[MAX_TEAMS][16];
  uint64_t rng;
  cgr_reader_t *rd;
  engine_t *e, *tmp, *snap;
  eng_view_t view;      /* of e, as vw() last read it */
  long total[MAX_TEAMS];
  text_t hand;          /* the lines of the hand being played */
  unsigned line;        /* the number the next line will have */
  int level;
  gen_stats_t *stats;
  char *why;
  size_t why_len;
} gen_t;

static const char *const player_names[MAX_PLAYERS] = {
  "Anne", "Bruno", "Chloe", "Denis", "Emma", "Felix",
  "Gina", "Hugo", "Ines", "Jules", "Karl", "Lena"};

/* ---- small tools ------------------------------------------------------ */

static uint64_t next_random(gen_t *g) { /* splitmix64 */
  uint64_t z = (g->rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static int rnd(gen_t *g, int n) { return n <= 1 ? 0 : (int)(next_random(g) % (uint64_t)n); }

/* True with probability pct/100. */
static bool chance(gen_t *g, int pct) { return rnd(g, 100) < pct; }

static bool text_add(text_t *t, const char *s, size_t n) {
  if (t->len + n + 1 > t->cap) {
    size_t cap = t->cap ? t->cap : 4096;
    while (cap < t->len + n + 1) cap *= 2;
    char *p = realloc(t->s, cap);
    if (!p) return false;
    t->s = p;
    t->cap = cap;
  }
  memcpy(t->s + t->len, s, n);
  t->len += n;
  t->s[t->len] = '\0';
  return true;
}

/* Appends " C C C" for n cards. */
static void cards_text(char *buf, size_t size, const card_t *c, int n) {
  size_t at = strlen(buf);
  for (int i = 0; i < n && at + 4 < size; i++) {
    char b[4];
    buf[at++] = ' ';
    const char *name = card_name(c[i], b);
    size_t k = strlen(name);
    memcpy(buf + at, name, k);
    at += k;
  }
  buf[at] = '\0';
}

/* The cards of a hand, copies repeated, in card order. */
static int hand_cards(const card_counts_t *h, card_t *out, int max) {
  int n = 0;
  for (card_t c = 0; c < CARD_KINDS; c++)
    for (unsigned k = 0; k < h->n[c] && n < max; k++) out[n++] = c;
  return n;
}

static bool is_wild(const gen_t *g, card_t c) { return rs_is_wild(g->rs, c); }

/* The hand being played, as the engine shows it (read afresh: an accepted
 * action swaps g->e). */
static const eng_view_t *vw(gen_t *g) {
  eng_view(g->e, &g->view);
  return &g->view;
}

/* ---- statements ---------------------------------------------------------- */

static const stmt_t *parse(gen_t *g, const char *text) {
  const stmt_t *st;
  stmt_error_t err;
  if (cgr_parse_line(g->rd, text, strlen(text), g->line, &st, &err) == 1) return st;
  snprintf(g->why, g->why_len, "the generator wrote a line the reader refuses: %s: %s", text,
           err.message);
  return NULL;
}

static void keep_line(gen_t *g, const char *text) {
  text_add(&g->hand, text, strlen(text));
  text_add(&g->hand, "\n", 1);
  g->line++;
}

/* Tries an action by `actor`; written and kept only when the engine accepts
 * it. */
static bool act(gen_t *g, int actor, const char *fmt, ...) {
  char text[CAND_TEXT];
  int n = snprintf(text, sizeof text, "%s ", g->names[actor]);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text + n, sizeof text - (size_t)n, fmt, ap);
  va_end(ap);
  const stmt_t *st = parse(g, text);
  if (!st) return false;
  eng_copy(g->tmp, g->e);
  if (!eng_action(g->tmp, st, actor)) return false;
  engine_t *t = g->e;
  g->e = g->tmp;
  g->tmp = t;
  keep_line(g, text);
  g->stats->actions++;
  return true;
}

static int partner_of(gen_t *g, int p) {
  int list[MAX_PLAYERS], n = 0;
  for (int q = 0; q < g->np; q++)
    if (q != p && g->team_of[q] == g->team_of[p]) list[n++] = q;
  return n ? list[rnd(g, n)] : -1;
}

/* ---- red threes, draws, the foot ------------------------------------------ */

/* The stock's next n cards, as the `stock` line put them. */
static void stock_text(gen_t *g, char *buf, size_t size, unsigned n) {
  buf[0] = '\0';
  cards_text(buf, size, vw(g)->stock_next, (int)n);
}

static bool draw(gen_t *g, int p, unsigned n) {
  char cards[CAND_TEXT];
  stock_text(g, cards, sizeof cards, n);
  return act(g, p, "draw%s", cards);
}

/* Lays every red three p holds, each followed by its replacement where due. */
static void lay_red_threes(gen_t *g, int p) {
  for (int tries = 0; tries < 16; tries++) {
    card_t h = card_make(RANK_3, SUIT_H), d = card_make(RANK_3, SUIT_D);
    const card_counts_t *hand = &vw(g)->hand[p];
    card_t c = hand->n[h] ? h : hand->n[d] ? d : CARD_KINDS;
    if (c == CARD_KINDS) return;
    char b[4];
    if (!act(g, p, "red3 %s", card_name(c, b))) return;
    if (vw(g)->owed > 0 && vw(g)->owed_player == p && !draw(g, p, 1)) return;
  }
}

static void pick_up_foot(gen_t *g, int p) {
  if (!vw(g)->has_foot[p] || vw(g)->over) return;
  if (act(g, p, "foot")) lay_red_threes(g, p);
}

/* ---- candidates -------------------------------------------------------------- */

typedef struct {
  char text[CAND_TEXT];
  int ncards;     /* cards leaving the hand */
  int weight;     /* higher first, on average */
  uint64_t key;
} cand_t;

typedef struct {
  cand_t c[MAX_CANDS];
  int n;
} cands_t;

static void cand_add(gen_t *g, cands_t *cs, int weight, int ncards, const char *verb,
                     const card_t *cards, int n) {
  if (cs->n == MAX_CANDS || n <= 0) return;
  cand_t *c = &cs->c[cs->n++];
  snprintf(c->text, sizeof c->text, "%s", verb);
  cards_text(c->text, sizeof c->text, cards, n);
  c->ncards = ncards;
  c->weight = weight;
  c->key = next_random(g) % 1000 * (uint64_t)weight;
}

static int by_key(const void *a, const void *b) {
  const cand_t *x = a, *y = b;
  return x->key < y->key ? 1 : x->key > y->key ? -1 : 0;
}

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

/* The wild cards in the hand, in a random order. */
static int wilds_in(gen_t *g, const card_counts_t *h, card_t *out, int max) {
  int n = 0;
  for (int r = 0; r < RANK_COUNT; r++)
    if (g->rs->cards.wild[r]) n += of_rank(h, r, out + n, max - n);
  for (int i = n - 1; i > 0; i--) {
    int j = rnd(g, i + 1);
    card_t t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return n;
}

/* New sets of natural ranks, with some wild cards where the rules allow. */
static void new_sets(gen_t *g, cands_t *cs, const card_counts_t *h) {
  const ruleset_t *rs = g->rs;
  card_t wild[64], cards[128];
  int nw = wilds_in(g, h, wild, 64);
  for (int r = 0; r < RANK_JOKER; r++) {
    if (rs->cards.wild[r] || r == RANK_3) continue;
    int k = of_rank(h, r, cards, 64);
    if (k == 0 || k < rs->meld.min_naturals) continue;
    int need = rs->meld.min_cards - k < 0 ? 0 : rs->meld.min_cards - k;
    int room = rs_max_wild(rs, k + nw);
    if (rs->meld.wild_below_naturals && room > k - 1) room = k - 1;
    int hi = nw < room ? nw : room;
    if (need > hi) continue;
    int w = need + rnd(g, hi - need + 1);
    for (int i = 0; i < w; i++) cards[k + i] = wild[i];
    cand_add(g, cs, 6, k + w, "meld", cards, k + w);
    if (w > need) cand_add(g, cs, 3, k + need, "meld", cards, k + need);
  }
  /* wild sets: a set of a wild rank (a canasta of 2s) */
  for (int r = 0; r < RANK_COUNT; r++) {
    if (!rs->meld.wild_sets[r]) continue;
    int k = of_rank(h, r, cards, 64);
    if (k >= rs->meld.min_cards) cand_add(g, cs, 4, k, "meld", cards, k);
  }
  /* black threes, which some rules meld only to go out */
  if (rs->meld.black_threes != THREES_NEVER) {
    int k = 0;
    card_t s3 = card_make(RANK_3, SUIT_S), c3 = card_make(RANK_3, SUIT_C);
    for (unsigned i = 0; i < h->n[s3]; i++) cards[k++] = s3;
    for (unsigned i = 0; i < h->n[c3]; i++) cards[k++] = c3;
    if (k >= rs->meld.min_cards) cand_add(g, cs, 5, k, "meld", cards, k);
  }
}

/* Runs of one suit, where the rules have sequences. */
static void new_sequences(gen_t *g, cands_t *cs, const card_counts_t *h) {
  const ruleset_t *rs = g->rs;
  if (rs->sequence.min_cards == 0) return;
  for (int s = 0; s < 4; s++) {
    card_t run[RANK_COUNT];
    int n = 0;
    for (int r = rs->sequence.low; r <= rs->sequence.high + 1; r++) {
      card_t c = r <= rs->sequence.high ? card_make(r, s) : 0;
      if (r <= rs->sequence.high && !rs->cards.wild[r] && h->n[c]) {
        run[n++] = c;
        continue;
      }
      if (n >= rs->sequence.min_cards) {
        int len = n > rs->sequence.max_cards ? rs->sequence.max_cards : n;
        int from = rnd(g, n - len + 1);
        cand_add(g, cs, 7, len, "meld", run + from, len);
        if (len > rs->sequence.min_cards)
          cand_add(g, cs, 2, rs->sequence.min_cards, "meld", run + from, rs->sequence.min_cards);
      }
      n = 0;
    }
  }
}

/* Additions to the team's melds: naturals, a wild card, a sequence's ends. */
static void additions(gen_t *g, cands_t *cs, int p, const card_counts_t *h) {
  const ruleset_t *rs = g->rs;
  const eng_view_t *e = vw(g);
  card_t cards[128], wild[64];
  int nw = wilds_in(g, h, wild, 64), index = 0;
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    if (m->team != g->team_of[p]) continue;
    char verb[32];
    index++;
    bool by_rank = m->suit < 0 && m->rank >= 0 && rs->meld.same_rank != SAME_RANK_ALLOW &&
                   chance(g, 50);
    if (by_rank) snprintf(verb, sizeof verb, "add %s", card_rank_name(m->rank));
    else snprintf(verb, sizeof verb, "add #%d", index);
    if (m->suit >= 0) {
      int lo = -1, hi = -1;
      for (int r = 0; r < RANK_COUNT; r++)
        if (m->ranks & (1u << r)) hi = r, lo = lo < 0 ? r : lo;
      card_t below = lo > rs->sequence.low ? card_make(lo - 1, m->suit) : CARD_KINDS;
      card_t above = hi < rs->sequence.high ? card_make(hi + 1, m->suit) : CARD_KINDS;
      if (below < CARD_KINDS && h->n[below]) cand_add(g, cs, 8, 1, verb, &below, 1);
      if (above < CARD_KINDS && h->n[above]) cand_add(g, cs, 8, 1, verb, &above, 1);
      continue;
    }
    int k = m->rank == RANK_3 ? 0 : of_rank(h, m->rank, cards, 64);
    if (k > 0) cand_add(g, cs, 9, k, verb, cards, k);
    int total = (int)m->cards.total;
    bool room = (int)m->wilds + 1 <= rs_max_wild(rs, total + 1) &&
                (!rs->meld.wild_below_naturals || (int)m->wilds + 1 < (int)m->naturals);
    if (nw > 0 && room && m->rank != RANK_3) cand_add(g, cs, 4, 1, verb, wild, 1);
  }
}

/* Tries the candidates in their random order; true when one was played. */
static bool try_cands(gen_t *g, int p, cands_t *cs, int keep) {
  qsort(cs->c, (size_t)cs->n, sizeof cs->c[0], by_key);
  for (int i = 0; i < cs->n; i++) {
    if ((int)vw(g)->hand[p].total - cs->c[i].ncards < keep) continue;
    if (act(g, p, "%s", cs->c[i].text)) return true;
  }
  return false;
}

/* ---- a turn --------------------------------------------------------------- */

/* Melds and additions until none is wanted or legal. */
static void greedy_melds(gen_t *g, int p) {
  int keep = g->level == 0 ? 0 : 2;
  for (int round = 0; round < 40 && !vw(g)->over && g->level < 2; round++) {
    if (vw(g)->hand[p].total <= 4 && chance(g, 80)) pick_up_foot(g, p);
    if (vw(g)->over || vw(g)->empty_hand || chance(g, 4)) return;
    cands_t cs;
    cs.n = 0;
    const card_counts_t *h = &vw(g)->hand[p];
    additions(g, &cs, p, h);
    new_sets(g, &cs, h);
    new_sequences(g, &cs, h);
    if (!try_cands(g, p, &cs, keep)) return;
  }
}

/* A player who has not melded yet may hold everything back until the whole
 * hand can go down at once (going out concealed): the melds are tried, and
 * taken back unless at most one card (the discard) is left. */
static void meld_phase(gen_t *g, int p) {
  if (vw(g)->player_melded[p] || g->level > 0 || !chance(g, 35)) {
    greedy_melds(g, p);
    return;
  }
  size_t mark = g->hand.len;
  unsigned line = g->line;
  engine_t *before = eng_new();
  if (!before) return;
  eng_copy(before, g->e);
  greedy_melds(g, p);
  if (!vw(g)->over && !vw(g)->empty_hand && vw(g)->hand[p].total > 1) {
    eng_copy(g->e, before);
    g->hand.len = mark;
    g->line = line;
  }
  eng_free(before);
}

/* Taking the pile: the top card with naturals (and a wild card), or alone
 * onto the team's meld. */
static bool take_pile(gen_t *g, int p) {
  const eng_view_t *e = vw(g);
  if (e->npile == 0) return false;
  card_t top = e->pile[e->npile - 1];
  if (!rs_is_natural(g->rs, top)) return false;
  const card_counts_t *h = &e->hand[p];
  card_t cards[64], wild[64];
  int k = of_rank(h, card_rank(top), cards, 32);
  int nw = wilds_in(g, h, wild, 32);
  cands_t cs;
  cs.n = 0;
  { /* `take` alone: onto the team's meld */
    cand_t *c = &cs.c[cs.n++];
    snprintf(c->text, sizeof c->text, "take");
    c->ncards = 0;
    c->weight = 5;
    c->key = next_random(g) % 1000 * 5;
  }
  if (k >= 2) cand_add(g, &cs, 6, 2, "take", cards, 2);
  if (k > 2) cand_add(g, &cs, 4, k, "take", cards, k);
  if (k >= 1 && nw >= 1) {
    cards[k] = wild[0];
    cand_add(g, &cs, 3, k + 1, "take", cards, k + 1);
    card_t two[2] = {cards[0], wild[0]};
    cand_add(g, &cs, 3, 2, "take", two, 2);
  }
  /* no cards kept back: the pile's cards join the hand (the melding after the
   * take keeps them back where the level asks it) */
  if (!try_cands(g, p, &cs, 0)) return false;
  lay_red_threes(g, p);
  return true;
}

static bool draw_or_take(gen_t *g, int p) {
  lay_red_threes(g, p);
  if (vw(g)->over) return true;
  bool stock_empty = vw(g)->stock == 0;
  if ((g->level < 2 || stock_empty) && (stock_empty || chance(g, 70)) && take_pile(g, p))
    return true;
  if (stock_empty) return act(g, p, "end");
  unsigned n = (unsigned)g->rs->turn.draw;
  if (n > vw(g)->stock) n = vw(g)->stock;
  if (!draw(g, p, n)) return false;
  lay_red_threes(g, p);
  return true;
}

/* Asking the partner to go out, answered yes or no at random. */
static void maybe_ask(gen_t *g, int p) {
  if (g->rs->going_out.ask == ASK_NONE || g->level >= 2 || vw(g)->over) return;
  if (vw(g)->hand[p].total > 5 || !chance(g, 40)) return;
  int q = partner_of(g, p);
  if (q < 0 || !act(g, p, "ask")) return;
  act(g, q, chance(g, 65) ? "yes" : "no");
}

/* Where melding comes first, an empty hand may end the hand by decision. */
static void after_meld_first(gen_t *g, int p) {
  if (!vw(g)->empty_hand || vw(g)->over) return;
  int q = partner_of(g, p);
  if (q >= 0) {
    if (act(g, p, "ask")) act(g, q, chance(g, 75) ? "yes" : "no");
  } else if (chance(g, 80)) {
    act(g, p, "end");
  }
}

static int discard_weight(gen_t *g, int p, card_t c) {
  if (is_wild(g, c)) return 3;
  if (card_is_black3(c)) return 30;
  const eng_view_t *e = vw(g);
  for (int i = 0; i < e->nmelds; i++)
    if (e->melds[i].team == g->team_of[p] && e->melds[i].rank == card_rank(c)) return 4;
  return e->hand[p].n[c] > 1 ? 6 : 12;
}

static bool discard(gen_t *g, int p) {
  card_t cards[MAX_CARDS];
  int n = hand_cards(&vw(g)->hand[p], cards, MAX_CARDS);
  cands_t cs;
  cs.n = 0;
  for (int i = 0; i < n && cs.n < MAX_CANDS; i++) {
    if (i > 0 && cards[i] == cards[i - 1]) continue;
    cand_add(g, &cs, discard_weight(g, p, cards[i]), 1, "discard", &cards[i], 1);
  }
  return try_cands(g, p, &cs, 0);
}

static bool play_turn_at(gen_t *g, int p) {
  if (g->rs->turn.meld_before_draw) {
    lay_red_threes(g, p);
    meld_phase(g, p);
    after_meld_first(g, p);
    if (vw(g)->over) return true;
    if (!draw_or_take(g, p)) return false;
  } else {
    if (!draw_or_take(g, p)) return false;
    if (vw(g)->over) return true;
    maybe_ask(g, p);
    meld_phase(g, p);
  }
  if (vw(g)->over) return true;
  if (vw(g)->hand[p].total == 0) pick_up_foot(g, p);
  return vw(g)->over || discard(g, p);
}

/* One turn, played again by more cautious players while it gets stuck. */
static bool play_turn(gen_t *g) {
  int p = vw(g)->current;
  size_t mark = g->hand.len;
  unsigned line = g->line;
  eng_copy(g->snap, g->e);
  for (g->level = 0; g->level < LEVELS; g->level++) {
    if (g->level > 0) {
      g->stats->retries++;
      eng_copy(g->e, g->snap);
      g->hand.len = mark;
      g->line = line;
    }
    if (play_turn_at(g, p) && (vw(g)->over || vw(g)->current != p)) return true;
  }
  return false;
}

/* ---- a hand ------------------------------------------------------------- */

static bool setup_line(gen_t *g, const char *text) {
  const stmt_t *st = parse(g, text);
  if (!st) return false;
  int p = -1;
  for (int i = 0; i < g->np && st->name.s; i++)
    if (strcmp(st->name.s, g->names[i]) == 0) p = i;
  bool ok = eng_setup(g->e, st, p);
  if (!ok) {
    snprintf(g->why, g->why_len, "the engine rejects the deal the generator wrote: %.200s: %s",
             text, eng_error(g->e)->message);
    return false;
  }
  keep_line(g, text);
  return true;
}

/* A line of `word` and cards taken from the deck at *at. */
static bool deal_line(gen_t *g, const char *word, const card_t *deck, int *at, int n) {
  char *text = malloc(CGR_MAX_LINE);
  if (!text) return false;
  snprintf(text, CGR_MAX_LINE, "%s", word);
  cards_text(text, CGR_MAX_LINE, deck + *at, n);
  *at += n;
  bool ok = setup_line(g, text);
  free(text);
  return ok;
}

/* How many cards the initial pile takes from the deck at `at`: the layout
 * the engine judges (eng_pile_layout), as far as the deck goes. */
static int pile_size(const gen_t *g, const card_t *deck, int at, int left) {
  unsigned n = eng_pile_layout(g->rs, deck + at, left > 0 ? (unsigned)left : 0);
  return (int)n > left ? left : (int)n;
}

static bool deal_hand(gen_t *g, int number) {
  const rs_seat_t *seat = g->seat;
  card_t deck[MAX_CARDS];
  int n = 0;
  for (int pack = 0; pack < seat->packs; pack++) {
    for (card_t c = 0; c < 52; c++) deck[n++] = c;
    for (int j = 0; j < g->rs->cards.jokers_per_pack; j++) deck[n++] = CARD_JOKER;
  }
  for (int i = n - 1; i > 0; i--) {
    int j = rnd(g, i + 1);
    card_t t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  eng_begin(g->e, g->rs, seat, g->np, g->team_of, g->nteams, g->names, g->total);
  char text[256];
  int dealer = (number - 2 + g->np) % g->np, at = 0;
  snprintf(text, sizeof text, "hand %d", number);
  keep_line(g, text);
  snprintf(text, sizeof text, "dealer %s", g->names[dealer]);
  if (!setup_line(g, text)) return false;
  if (g->rs->cut.bonus > 0) {
    int exact = g->np * seat->deal;
    snprintf(text, sizeof text, "cut %d", chance(g, 30) ? exact : 1 + rnd(g, n - 1));
    if (!setup_line(g, text)) return false;
  }
  for (int p = 0; p < g->np; p++) {
    snprintf(text, sizeof text, "deal %s", g->names[p]);
    if (!deal_line(g, text, deck, &at, seat->deal)) return false;
  }
  for (int p = 0; p < g->np && g->rs->foot.size > 0; p++) {
    snprintf(text, sizeof text, "foot %s", g->names[p]);
    if (!deal_line(g, text, deck, &at, g->rs->foot.size)) return false;
  }
  int pile = pile_size(g, deck, at, n - at);
  card_t *pile_cards = deck + at;
  at += pile;
  if (!deal_line(g, "stock", deck, &at, n - at)) return false;
  int from = 0;
  return pile == 0 && g->rs->pile.initial == 0 ? true
                                                : deal_line(g, "pile", pile_cards, &from, pile);
}

/* Plays one hand to its end; false with *stuck when no player found a way. */
static bool play_hand(gen_t *g, int number, bool *stuck) {
  *stuck = false;
  if (!deal_hand(g, number)) return false;
  for (int turns = 0; !vw(g)->over; turns++) {
    if (turns > HAND_ACTIONS || !play_turn(g)) {
      *stuck = true;
      return false;
    }
  }
  if (!eng_finish(g->e, g->line, "score")) {
    snprintf(g->why, g->why_len, "the hand ended but the engine says: %s", eng_error(g->e)->message);
    return false;
  }
  hand_score_t h;
  eng_score(g->e, &h);
  char text[64 * MAX_TEAMS] = "score";
  for (int t = 0; t < g->nteams; t++) {
    size_t at = strlen(text);
    snprintf(text + at, sizeof text - at, " %s %ld", g->team[t], h.team[t].total);
    g->total[t] += h.team[t].total;
  }
  keep_line(g, text);
  return true;
}

/* ---- a game ------------------------------------------------------------- */

static void write_header(gen_t *g, FILE *out, int game) {
  fprintf(out, "cgr 1\n");
  if (g->opt->expect) fprintf(out, "# expect: legal\n");
  fprintf(out, "variant %s\n", g->opt->rules);
  for (int p = 0; p < g->np; p++) {
    if (g->nteams == g->np) fprintf(out, "player %s\n", g->names[p]);
    else fprintf(out, "player %s team %s\n", g->names[p], g->team[g->team_of[p]]);
  }
  fprintf(out, "tag generator \"referee gen, seed %llu, game %d\"\n", g->opt->seed, game);
  if (g->opt->hands > 0) fprintf(out, "match hands %d\n", g->opt->hands);
  g->line = (unsigned)(4 + g->np + (g->opt->expect ? 1 : 0) + (g->opt->hands > 0 ? 1 : 0));
}

static bool game_over(const gen_t *g, int hands) {
  int limit = g->opt->hands > 0 ? g->opt->hands : g->rs->match.hands;
  if (limit > 0) return hands >= limit;
  for (int t = 0; t < g->nteams; t++)
    if (g->total[t] >= g->seat->target) return true;
  return false;
}

static int play_game(gen_t *g, FILE *out, int game) {
  memset(g->total, 0, sizeof g->total);
  write_header(g, out, game);
  for (int number = 1; !game_over(g, number - 1) && number <= 1000; number++) {
    bool stuck = true;
    for (int deal = 0; stuck && deal < REDEALS; deal++) {
      long before[MAX_TEAMS];
      memcpy(before, g->total, sizeof before);
      unsigned line = g->line;
      g->hand.len = 0;
      if (!play_hand(g, number, &stuck) && !stuck) return 1;
      if (stuck) {
        g->stats->redeals++;
        memcpy(g->total, before, sizeof before);
        g->line = line;
      }
    }
    if (stuck) {
      snprintf(g->why, g->why_len, "game %d, hand %d: no way on after %d deals", game, number,
               REDEALS);
      return 1;
    }
    if (g->hand.len) fwrite(g->hand.s, 1, g->hand.len, out);
    g->stats->hands++;
  }
  g->stats->games++;
  return 0;
}

static int seat_players(const ruleset_t *rs, int asked) {
  if (asked) return rs_seat(rs, asked) ? asked : 0;
  return rs_seat(rs, 4) ? 4 : rs->seats[0].players;
}

static void seat_teams(gen_t *g) {
  g->nteams = g->seat->teams;
  for (int p = 0; p < g->np; p++) {
    g->team_of[p] = p % g->nteams;
    g->names[p] = player_names[p];
  }
  for (int t = 0; t < g->nteams; t++) {
    if (g->nteams == g->np) snprintf(g->team[t], sizeof g->team[t], "%.15s", player_names[t]);
    else if (g->nteams == 2) snprintf(g->team[t], sizeof g->team[t], "%s", t ? "EW" : "NS");
    else snprintf(g->team[t], sizeof g->team[t], "T%d", t + 1);
  }
}

static void gen_free(gen_t *g) {
  cgr_close(g->rd);
  eng_free(g->e);
  eng_free(g->tmp);
  eng_free(g->snap);
  free(g->hand.s);
}

int gen_write(const gen_options_t *opt, FILE *out, gen_stats_t *stats, char *why,
              size_t why_len) {
  gen_t g;
  memset(&g, 0, sizeof g);
  memset(stats, 0, sizeof *stats);
  g.opt = opt;
  g.stats = stats;
  g.why = why;
  g.why_len = why_len;
  rs_error_t err;
  if (!rs_load(&g.rules, opt->rules, &err)) {
    snprintf(why, why_len, "%s:%u:%u: %s", err.file, err.line, err.col, err.message);
    return 3;
  }
  g.rs = &g.rules;
  g.np = seat_players(g.rs, opt->players);
  if (g.np == 0) {
    snprintf(why, why_len, "the %s rules do not seat %d players", g.rs->name, opt->players);
    return 3;
  }
  g.seat = rs_seat(g.rs, g.np);
  seat_teams(&g);
  g.rd = cgr_open_lines();
  g.e = eng_new();
  g.tmp = eng_new();
  g.snap = eng_new();
  int status = 0;
  if (!g.rd || !g.e || !g.tmp || !g.snap) {
    snprintf(why, why_len, "out of memory");
    status = 3;
  }
  for (int game = 1; game <= opt->games && status == 0; game++) {
    uint64_t seed = (uint64_t)opt->seed;
    g.rng = seed * UINT64_C(0x100000001b3) + (uint64_t)(unsigned)game;
    status = play_game(&g, out, game);
  }
  gen_free(&g);
  return status;
}
