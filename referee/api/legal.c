/* legal.c — every legal next action (referee_game_legal). Nothing here
 * judges: the candidates the core's lister makes from the hand as it
 * stands (lister.h, the same the generator plays from) are each fed to the
 * game's try copy (referee_game_try); the engine's verdict keeps it or not.
 * So what is listed is what the referee accepts, and what it accepts is
 * listed as far as the candidates reach (referee.h says how far). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_private.h"
#include "lister.h"

typedef struct {
  int player;
  verb_t verb;
  size_t line, ref;  /* offsets into text; ref NO_REF when none */
  size_t cards;      /* offset into cards */
  unsigned ncards, owes;
  unsigned char ranks[RANK_COUNT]; /* the cards' ranks, for REFEREE_LEGAL_BY_RANK */
} item_t;

#define NO_REF ((size_t)-1)

/* One call: the hand as it stands. */
typedef struct {
  referee_game_t *g;
  struct legal_store *ls;
  eng_view_t v;
  unsigned flags;
} call_t;

struct legal_store {
  item_t *item;
  int n;
  size_t cap;
  char *text;
  size_t tlen, tcap;
  unsigned char *cards;
  size_t clen, ccap;
  bool no_memory;
  call_t call;  /* kept: a call allocates nothing once grown */
};

void api_legal_free(struct legal_store *ls) {
  if (!ls) return;
  free(ls->item);
  free(ls->text);
  free(ls->cards);
  free(ls);
}

/* Room for more bytes (or items) in a growing buffer; false without memory. */
static bool room(void **buf, size_t *cap, size_t need, size_t size) {
  if (need <= *cap) return true;
  size_t c = *cap ? *cap : 64;
  while (c < need) c *= 2;
  void *p = realloc(*buf, c * size);
  if (!p) return false;
  *buf = p;
  *cap = c;
  return true;
}

static size_t keep_text(struct legal_store *ls, const char *s) {
  size_t len = strlen(s) + 1, at = ls->tlen;
  if (!room((void **)&ls->text, &ls->tcap, at + len, 1)) {
    ls->no_memory = true;
    return 0;
  }
  memcpy(ls->text + at, s, len);
  ls->tlen += len;
  return at;
}

static void ranks_of(const lister_cand_t *c, unsigned char ranks[RANK_COUNT]) {
  memset(ranks, 0, RANK_COUNT);
  for (unsigned i = 0; i < c->ncards; i++) ranks[card_rank(c->cards[i])]++;
}

/* With REFEREE_LEGAL_BY_RANK: an action listed already differs at most in suits. */
static bool listed_by_rank(const call_t *k, const lister_cand_t *c,
                           const unsigned char ranks[RANK_COUNT]) {
  const struct legal_store *ls = k->ls;
  for (int i = 0; i < ls->n; i++) {
    const item_t *it = &ls->item[i];
    if (it->player == c->player && it->verb == c->verb && it->ncards == c->ncards &&
        memcmp(it->ranks, ranks, RANK_COUNT) == 0 &&
        (it->ref == NO_REF ? !c->ref[0] : strcmp(ls->text + it->ref, c->ref) == 0))
      return true;
  }
  return false;
}

/* The candidate's line in the game's line buffer (free while its try copy
 * is fed); false when it would not fit a line. */
static bool write_line(call_t *k, const lister_cand_t *c) {
  char *b = k->g->buf;
  int n = snprintf(b, CGR_MAX_LINE, "%s %s%s%s", k->v.player_name[c->player],
                   verb_name(c->verb), c->ref[0] ? " " : "", c->ref);
  size_t len = n < 0 ? CGR_MAX_LINE : (size_t)n;
  for (unsigned i = 0; i < c->ncards && len + 4 < CGR_MAX_LINE; i++) {
    char nb[4];
    b[len++] = ' ';
    const char *name = card_name(c->cards[i], nb);
    memcpy(b + len, name, strlen(name) + 1);
    len += strlen(name);
  }
  return len + 4 < CGR_MAX_LINE;
}

static unsigned owes_after(referee_game_t *g) {
  referee_pending_t p[MAX_PENDING];
  int n = referee_game_pending(g->trial, p, MAX_PENDING);
  unsigned owes = 0;
  for (int i = 0; i < n && i < MAX_PENDING; i++) owes |= 1u << p[i].when;
  return owes;
}

static void keep(call_t *k, const lister_cand_t *c, const unsigned char ranks[RANK_COUNT]) {
  struct legal_store *ls = k->ls;
  if (!room((void **)&ls->item, &ls->cap, (size_t)ls->n + 1, sizeof *ls->item) ||
      !room((void **)&ls->cards, &ls->ccap, ls->clen + c->ncards, 1)) {
    ls->no_memory = true;
    return;
  }
  item_t *it = &ls->item[ls->n];
  *it = (item_t){c->player, c->verb, 0, NO_REF, ls->clen, c->ncards, owes_after(k->g), {0}};
  memcpy(it->ranks, ranks, RANK_COUNT);
  for (unsigned i = 0; i < c->ncards; i++) ls->cards[ls->clen++] = c->cards[i];
  it->line = keep_text(ls, k->g->buf);
  if (c->ref[0]) it->ref = keep_text(ls, c->ref);
  if (!ls->no_memory) ls->n++;
}

/* Tries a candidate of the lister and keeps it when the engine accepts it. */
static void offer(void *ctx, const lister_cand_t *c) {
  call_t *k = ctx;
  unsigned char ranks[RANK_COUNT];
  if (k->ls->no_memory) return;
  ranks_of(c, ranks);
  if ((k->flags & REFEREE_LEGAL_BY_RANK) && listed_by_rank(k, c, ranks)) return;
  if (!write_line(k, c)) return;
  referee_verdict_t v = referee_game_try(k->g, k->g->buf);
  if (v.status == REFEREE_NO_MEMORY) k->ls->no_memory = true;
  else if (v.status == REFEREE_LEGAL) keep(k, c, ranks);
}

static struct legal_store *store_of(referee_game_t *g) {
  if (!g->legal) g->legal = calloc(1, sizeof *g->legal);
  struct legal_store *ls = g->legal;
  if (ls) ls->n = 0, ls->tlen = ls->clen = 0, ls->no_memory = false;
  return ls;
}

static void fill(const struct legal_store *ls, referee_legal_t *out, int max) {
  for (int i = 0; i < ls->n && i < max; i++) {
    const item_t *it = &ls->item[i];
    out[i] = (referee_legal_t){it->player, verb_name(it->verb),
                               it->ref == NO_REF ? NULL : ls->text + it->ref,
                               ls->cards + it->cards, it->ncards, ls->text + it->line,
                               it->owes};
  }
}

int referee_game_legal(referee_game_t *g, referee_legal_t *out, int max, unsigned flags) {
  if (!g || (!out && max > 0)) return -1;
  const engine_t *e = game_hand(g->game);
  if (!e || g->finished || g->no_memory || referee_game_verdict(g).status != REFEREE_LEGAL)
    return 0;
  struct legal_store *ls = store_of(g);
  if (!ls) return -1;
  call_t *k = &ls->call;
  k->g = g;
  k->ls = ls;
  k->flags = flags;
  eng_view(e, &k->v);
  lister_each(&k->v, LISTER_ALL_VERBS, -1, offer, k);
  if (ls->no_memory) return -1;
  fill(ls, out, max);
  return ls->n;
}
