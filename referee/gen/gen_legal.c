/* gen_legal.c — the generator's choices. Every action a player plays is
 * one of the legal actions of the moment: the candidates of the core's
 * lister (lister.h, the same referee_game_legal tries), each tried on a
 * copy of the hand, kept where the engine accepts it. The strategy
 * (gen_player.c, gen_goal.c, gen_risk.c) only ranks them: a listed action
 * it names gets its weight, one it does not is played now and then at
 * random (exploring: the lister offers melds and additions the strategy
 * never thinks of), or as the caller's fallback. A special hand shown goes
 * before anything else, a legal merge one time in two. */
#include <stdlib.h>
#include <string.h>

#include "gen_private.h"
#include "lister.h"
#include "meld.h"

/* A legal action found, keyed for the order of trying. */
typedef struct {
  char text[CAND_TEXT]; /* "meld 5S 5H 5D", without the player */
  verb_t verb;
  int ncards;           /* cards leaving the hand */
  uint64_t key;         /* higher first; 0: not tried */
  int order;            /* the lister's order: equal keys keep it, on any libc */
} move_t;

typedef struct {
  gen_t *g;
  const cands_t *cs;
  int others;
  bool all;       /* every candidate tried (exploring); else those with a key */
  move_t *m;
  int n, cap;
  bool no_memory;
} moves_t;

static void sort_cards(card_t *c, int n) {
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
      card_t t = c[j];
      c[j] = c[j - 1];
      c[j - 1] = t;
    }
}

void gen_cand_add(gen_t *g, cands_t *cs, int weight, int ncards, const char *head,
                  const card_t *cards, int n) {
  if (cs->n == MAX_CANDS || n < 0 || n > CAND_CARDS || (n == 0 && ncards > 0)) return;
  cand_t *c = &cs->c[cs->n++];
  gen_copy_text(c->head, sizeof c->head, head);
  c->say[0] = '\0';
  if (n) memcpy(c->cards, cards, (size_t)n * sizeof *cards);
  sort_cards(c->cards, n);
  c->n = n;
  c->ncards = ncards;
  c->weight = weight;
  c->key = gen_next_random(g) % 1000 * (uint64_t)weight;
}

/* The lister's candidate's words before its cards. */
static void head_of(const lister_cand_t *c, char *buf, size_t size) {
  const char *v = verb_name(c->verb);
  size_t nv = strlen(v), nr = strlen(c->ref);
  if (nv + 1 + nr >= size) nr = 0;
  memcpy(buf, v, nv);
  if (nr) buf[nv] = ' ';
  memcpy(buf + nv + (nr ? 1 : 0), c->ref, nr);
  buf[nv + (nr ? 1 + nr : 0)] = '\0';
}

/* The strategy's candidate that names c, or NULL. Most of the lister's
 * candidates match none by their cards: the words are written only for one
 * that does. */
static const cand_t *named(const cands_t *cs, const lister_cand_t *c) {
  card_t sorted[CAND_CARDS];
  if (c->ncards > CAND_CARDS || !cs->n) return NULL;
  memcpy(sorted, c->cards, c->ncards * sizeof *sorted);
  sort_cards(sorted, (int)c->ncards);
  char head[24];
  head[0] = '\0';
  for (int i = 0; i < cs->n; i++) {
    const cand_t *s = &cs->c[i];
    if (s->n != (int)c->ncards || (s->n && s->cards[0] != sorted[0]) ||
        memcmp(s->cards, sorted, c->ncards) != 0)
      continue;
    if (!head[0]) head_of(c, head, sizeof head);
    if (strcmp(s->head, head) == 0) return s;
  }
  return NULL;
}

/* The lister's candidate as a line's words after the player. */
static void move_text(const lister_cand_t *c, char *buf, size_t size) {
  head_of(c, buf, size);
  gen_cards_text(buf, size, c->cards, (int)c->ncards);
}

static bool leaves_hand(verb_t v) {
  return v == V_MELD || v == V_ADD || v == V_SHOW || v == V_DISCARD || v == V_RED3;
}

/* The strategy's key for candidate c: a candidate's it names, else the
 * verb's own preference, else `others` (0: not tried). */
static uint64_t key_of(gen_t *g, const lister_cand_t *c, const cands_t *cs, int others,
                       const cand_t **n) {
  if (c->verb == V_SHOW) return UINT64_MAX; /* a special hand goes out at once */
  *n = named(cs, c);
  if (*n) return (*n)->key ? (*n)->key : 1;
  if (c->verb == V_MERGE) return gen_chance(g, 50) ? 20000 + gen_next_random(g) % 1000 : 0;
  return others > 0 ? 1 + gen_next_random(g) % 1000 * (uint64_t)others : 0;
}

/* Keeps the candidate when the strategy may play it: it has a key, or
 * every candidate is wanted (exploring), and then only those the engine
 * accepts (on the copy g->tmp), since one of them is drawn at random. A
 * candidate with a key is tried only when its turn comes (gen_choose):
 * most choices cost one try, not one a candidate. */
static void found(void *ctx, const lister_cand_t *c) {
  moves_t *ms = ctx;
  gen_t *g = ms->g;
  if (ms->no_memory) return;
  if (ms->n == ms->cap) {
    int cap = ms->cap ? 2 * ms->cap : 64;
    move_t *m = realloc(ms->m, (size_t)cap * sizeof *m);
    if (!m) {
      ms->no_memory = true;
      return;
    }
    ms->m = m;
    ms->cap = cap;
  }
  move_t *m = &ms->m[ms->n];
  const cand_t *n = NULL;
  m->key = key_of(g, c, ms->cs, ms->others, &n);
  if (!m->key && !ms->all) return;
  /* two melds that never merge are not tried (their key drawn all the same) */
  if (c->verb == V_MERGE && !meld_merges_into(gen_vw(g)->kinds, c->meld[0], c->meld[1])) return;
  move_text(c, m->text, sizeof m->text);
  if (n && n->say[0]) { /* the same action as the strategy writes it */
    gen_copy_text(m->text, sizeof m->text, n->say);
    gen_cards_text(m->text, sizeof m->text, c->cards, (int)c->ncards);
  }
  m->verb = c->verb;
  m->ncards = leaves_hand(c->verb) ? (int)c->ncards : 0;
  m->order = ms->n;
  if (!ms->all || gen_try(g, c->player, m->text)) ms->n++;
}

static int by_key(const void *a, const void *b) {
  const move_t *x = a, *y = b;
  if (x->key != y->key) return x->key < y->key ? 1 : -1;
  return x->order - y->order;
}

/* The plays a player thinks over before making: those that may leave it
 * stranded (gen_play). A red three, a draw, the foot are made whatever
 * follows. */
static bool strands(verb_t v) {
  return v == V_MELD || v == V_ADD || v == V_TAKE || v == V_MERGE || v == V_DISCARD;
}

/* Exploring: one legal move the strategy does not name, at random, first. */
static void explore(gen_t *g, moves_t *ms) {
  int unnamed = 0;
  for (int i = 0; i < ms->n; i++) unnamed += ms->m[i].key == 0;
  if (unnamed) {
    int pick = gen_rnd(g, unnamed);
    for (int i = 0; i < ms->n; i++)
      if (ms->m[i].key == 0 && pick-- == 0) ms->m[i].key = UINT64_MAX - 1;
  }
}

/* The listed actions p may play are ranked by the strategy's keys (with a
 * chance of ask->explore in 100, one it does not name goes first) and
 * played in that order until the engine takes one: a candidate the engine
 * refuses is passed over there, as if it had not been listed. */
bool gen_choose(gen_t *g, int p, const gen_ask_t *ask, const cands_t *cs) {
  moves_t ms = {g, cs, ask->others, ask->explore > 0 && gen_chance(g, ask->explore), NULL,
                0, 0, false};
  lister_each(gen_vw(g), ask->verbs, p, found, &ms);
  bool played = false;
  if (ms.no_memory) {
    g->no_memory = true;
  } else {
    if (ms.all) explore(g, &ms);
    if (ms.n) qsort(ms.m, (size_t)ms.n, sizeof *ms.m, by_key);
    for (int i = 0; i < ms.n && ms.m[i].key && !played; i++)
      if ((int)gen_vw(g)->hand[p].total - ms.m[i].ncards >= ask->keep)
        played = gen_play(g, p, ms.m[i].text, strands(ms.m[i].verb));
  }
  free(ms.m);
  return played;
}

bool gen_choose_verb(gen_t *g, int p, verb_t verb, const card_t *cards, int n) {
  cands_t one; /* one entry filled: the others, never read, not cleared (22 KB) */
  one.n = 0;
  gen_cand_add(g, &one, 1, 0, verb_name(verb), cards, n);
  return gen_choose(g, p, &(gen_ask_t){LISTER_VERB(verb), 0, 0, 0}, &one);
}

bool gen_choose_any(gen_t *g, int p, verb_t verb) {
  static const cands_t none;
  return gen_choose(g, p, &(gen_ask_t){LISTER_VERB(verb), 0, 1, 0}, &none);
}

/* ---- playing a move ---------------------------------------------------------- */

/* Where the turn ends with a discard, p holds one card while the team lacks
 * what going out needs: discarding it would go out without that. */
static bool stranded(gen_t *g, int p) {
  const eng_view_t *e = gen_vw(g);
  return !e->over && e->current == p && e->hand[p].total == 1 && !g->rs->turn.meld_before_draw &&
         !e->has_foot[p] && eng_going_out_lack(g->e, p).rule != RK_NONE;
}

/* Plays `text` by p. With guard, a play that strands p (see stranded) is
 * kept only when the last card then goes out on a meld (any of the listed
 * additions); else it is taken back. */
bool gen_play(gen_t *g, int p, const char *text, bool guard) {
  size_t mark = g->hand.len;
  unsigned line = g->line;
  if (!gen_act(g, p, text)) return false;
  if (!guard || !stranded(g, p)) return true;
  eng_copy(g->undo, g->tmp); /* the hand before the play */
  bool out = gen_choose_any(g, p, V_ADD);
  if (!out) {
    gen_restore(g, g->undo);
    g->hand.len = mark;
    g->line = line;
    g->stats->actions--;
  }
  return out;
}
