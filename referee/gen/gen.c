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

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gen_private.h"

static const char *const player_names[MAX_PLAYERS] = {
  "Anne", "Bruno", "Chloe", "Denis", "Emma", "Felix",
  "Gina", "Hugo", "Ines", "Jules", "Karl", "Lena"};

/* ---- small tools ------------------------------------------------------ */

uint64_t gen_next_random(gen_t *g) { /* splitmix64 */
  uint64_t z = (g->rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

int gen_rnd(gen_t *g, int n) { return n <= 1 ? 0 : (int)(gen_next_random(g) % (uint64_t)n); }

/* True with probability pct/100. */
bool gen_chance(gen_t *g, int pct) { return gen_rnd(g, 100) < pct; }

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
void gen_copy_text(char *dst, size_t size, const char *src) {
  size_t n = strlen(src);
  if (n >= size) n = size - 1;
  memcpy(dst, src, n);
  dst[n] = '\0';
}

void gen_cards_text(char *buf, size_t size, const card_t *c, int n) {
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
int gen_hand_cards(const card_counts_t *h, card_t *out, int max) {
  int n = 0;
  for (card_t c = 0; c < CARD_KINDS; c++)
    for (unsigned k = 0; k < h->n[c] && n < max; k++) out[n++] = c;
  return n;
}

bool gen_is_wild(const gen_t *g, card_t c) { return rs_is_wild(g->rs, c); }

/* The hand being played, as the engine shows it: read again after each
 * change of g->e (an accepted action swaps it; see gen_restore). */
const eng_view_t *gen_vw(gen_t *g) {
  if (!g->view_ok) eng_view(g->e, &g->view);
  g->view_ok = true;
  return &g->view;
}

void gen_restore(gen_t *g, const engine_t *from) {
  eng_copy(g->e, from);
  g->view_ok = false;
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

/* The statement of "<p's name> text" when the engine accepts it on a copy
 * of the hand (g->tmp), else NULL. */
static const stmt_t *try_text(gen_t *g, int p, const char *text) {
  char line[CAND_TEXT + 32];
  gen_copy_text(line, sizeof line - 2, g->names[p]); /* room for ' ' and a word */
  size_t at = strlen(line);
  line[at++] = ' ';
  gen_copy_text(line + at, sizeof line - at, text);
  const stmt_t *st = parse(g, line);
  if (!st) return NULL;
  eng_copy(g->tmp, g->e);
  return eng_action(g->tmp, st, p) ? st : NULL;
}

bool gen_try(gen_t *g, int p, const char *text) { return try_text(g, p, text) != NULL; }

/* Tries an action by `actor`, its words after the name; written and kept
 * only when the engine accepts it. */
bool gen_act(gen_t *g, int actor, const char *words) {
  char text[CAND_TEXT];
  size_t n = strlen(g->names[actor]);
  if (n + 1 >= sizeof text) n = 0;
  memcpy(text, g->names[actor], n);
  text[n++] = ' ';
  gen_copy_text(text + n, sizeof text - n, words);
  const stmt_t *st = try_text(g, actor, text + n);
  if (!st) return false;
  engine_t *t = g->e;
  g->e = g->tmp;
  g->tmp = t;
  g->view_ok = false;
  keep_line(g, text);
  g->stats->actions++;
  if (st->verb == V_ADD || st->verb == V_MELD || st->verb == V_TAKE || st->verb == V_DRAW ||
      st->verb == V_DISCARD)
    g->emptied_by_add = st->verb == V_ADD && gen_vw(g)->hand[actor].total == 0;
  return true;
}


/* ---- a hand ------------------------------------------------------------- */

/* --stats: the hand's kept lines whose verb (the second word) is one of a
 * variant's own: `foot`, `talon` (a line of two words; `talon C...` at the
 * deal is a setup line of one word before the cards), `merge`, `show`. */
static void count_verbs(gen_t *g) {
  static const struct { const char *verb; size_t off; } verbs[] = {
      {" foot\n", offsetof(gen_stats_t, feet)},    {" talon", offsetof(gen_stats_t, packets)},
      {" merge ", offsetof(gen_stats_t, merges)}, {" show ", offsetof(gen_stats_t, shows)}};
  const char *s = g->hand.s, *end = s + g->hand.len;
  while (s < end) {
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    const char *stop = nl ? nl + 1 : end, *sp = memchr(s, ' ', (size_t)(stop - s));
    for (size_t i = 0; sp && i < sizeof verbs / sizeof *verbs; i++) {
      size_t n = strlen(verbs[i].verb);
      if ((size_t)(stop - sp) >= n && memcmp(sp, verbs[i].verb, n) == 0 && s[0] != '#' &&
          strncmp(s, "talon ", 6) != 0)
        (*(unsigned long long *)((char *)g->stats + verbs[i].off))++;
    }
    s = stop;
  }
}

static bool setup_line(gen_t *g, const char *text) {
  const stmt_t *st = parse(g, text);
  if (!st) return false;
  int p = -1;
  for (int i = 0; i < g->np && st->name.s; i++)
    if (strcmp(st->name.s, g->names[i]) == 0) p = i;
  bool ok = eng_setup(g->e, st, p);
  g->view_ok = false;
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
  gen_cards_text(text, CGR_MAX_LINE, deck + *at, n);
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

/* pile.initial_not: an upcard of those classes is buried in the stock (it
 * changes places with a later card that is not) and another turned up. */
static void bury_upcard(gen_t *g, card_t *deck, int at, int n, int *pile) {
  unsigned buried = g->rs->pile.initial_not;
  for (int tries = 0; buried && *pile > 0 && tries < 8; tries++) {
    int top = at + *pile - 1, j = top + 1;
    if (!(rs_classes(g->rs, deck[top]) & buried)) return;
    while (j < n && (rs_classes(g->rs, deck[j]) & buried)) j++;
    if (j == n) return;
    card_t t = deck[top];
    deck[top] = deck[j];
    deck[j] = t;
    *pile = pile_size(g, deck, at, n - at);
  }
}

static bool deal_hand(gen_t *g, int number) {
  const rs_seat_t *seat = g->seat;
  g->emptied_by_add = false;
  card_t deck[MAX_CARDS];
  int n = 0;
  for (int pack = 0; pack < seat->packs; pack++) {
    for (card_t c = 0; c < 52; c++) deck[n++] = c;
    for (int j = 0; j < g->rs->cards.jokers_per_pack; j++) deck[n++] = CARD_JOKER;
  }
  for (int i = n - 1; i > 0; i--) {
    int j = gen_rnd(g, i + 1);
    card_t t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  eng_begin(g->e, g->rs, seat, g->np, g->team_of, g->nteams, g->names, g->total, number);
  g->view_ok = false;
  char text[256];
  int dealer = (number - 2 + g->np) % g->np, at = 0;
  snprintf(text, sizeof text, "hand %d", number);
  keep_line(g, text);
  snprintf(text, sizeof text, "dealer %s", g->names[dealer]);
  if (!setup_line(g, text)) return false;
  if (g->rs->cut.bonus > 0) {
    int exact = g->np * seat->deal;
    snprintf(text, sizeof text, "cut %d", gen_chance(g, 30) ? exact : 1 + gen_rnd(g, n - 1));
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
  for (int i = 0; i < g->rs->bonus.npackets && g->rs->bonus.from == BONUS_FROM_PACKET; i++)
    if (!deal_line(g, "talon", deck, &at, g->rs->bonus.packets[i].cards)) return false;
  int pile = pile_size(g, deck, at, n - at);
  bury_upcard(g, deck, at, n, &pile);
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
  g->stock_dealt = gen_vw(g)->stock;
  for (int turns = 0; !gen_vw(g)->over; turns++) {
    if (turns > HAND_ACTIONS || !gen_play_turn(g)) {
      *stuck = true;
      return false;
    }
  }
  g->view_ok = false;
  if (!eng_finish(g->e, g->line, "score")) {
    snprintf(g->why, g->why_len, "the hand ended but the engine says: %s", eng_error(g->e)->message);
    return false;
  }
  if (gen_vw(g)->out_player >= 0) g->stats->out++;
  for (int t = 0; t < g->nteams; t++) g->stats->splashes += gen_vw(g)->team_splashed[t];
  if (gen_vw(g)->out_player >= 0 && g->emptied_by_add) g->stats->laid_out++;
  count_verbs(g);
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
      bool played = play_hand(g, number, &stuck);
      if (g->no_memory) {
        snprintf(g->why, g->why_len, "out of memory");
        return 3;
      }
      if (!played && !stuck) return 1;
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

/* Players p.. seated in teams, every team used, `used` teams named so far
 * (numbered as they first sit): the first seating rs_seating accepts. */
static bool seating_from(gen_t *g, int p, int used) {
  int a, b;
  if (p == g->np)
    return used == g->nteams &&
           rs_seating(g->seat, g->np, g->team_of, g->nteams, &a, &b) == SEATING_FITS;
  for (int t = 0; t <= used && t < g->nteams; t++) {
    g->team_of[p] = t;
    if (seating_from(g, p + 1, t == used ? used + 1 : used)) return true;
  }
  return false;
}

/* table.teams, table.partners_apart: players in turn to teams 1, 2, ...,
 * else the first seating the referee accepts (rs_seating, the header's
 * judgement); false when none does. */
static bool seat_teams(gen_t *g) {
  g->nteams = g->seat->teams;
  int a, b;
  for (int p = 0; p < g->np; p++) {
    g->team_of[p] = p % g->nteams;
    g->names[p] = player_names[p];
  }
  if (rs_seating(g->seat, g->np, g->team_of, g->nteams, &a, &b) != SEATING_FITS &&
      !seating_from(g, 0, 0))
    return false;
  for (int t = 0; t < g->nteams; t++) {
    if (g->nteams == g->np) snprintf(g->team[t], sizeof g->team[t], "%.15s", player_names[t]);
    else if (g->nteams == 2) snprintf(g->team[t], sizeof g->team[t], "%s", t ? "EW" : "NS");
    else snprintf(g->team[t], sizeof g->team[t], "T%d", t + 1);
  }
  return true;
}

static void gen_free(gen_t *g) {
  cgr_close(g->rd);
  eng_free(g->e);
  eng_free(g->tmp);
  eng_free(g->snap);
  eng_free(g->undo);
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
    if (err.line) snprintf(why, why_len, "%s:%u:%u: %s", err.file, err.line, err.col, err.message);
    else snprintf(why, why_len, "--variant %s: %s", opt->rules, err.message);
    return 3;
  }
  g.rs = &g.rules;
  g.np = seat_players(g.rs, opt->players);
  if (g.np == 0) {
    snprintf(why, why_len, "the %s rules do not seat %d players", g.rs->name, opt->players);
    return 3;
  }
  g.seat = rs_seat(g.rs, g.np);
  if (!seat_teams(&g)) {
    snprintf(why, why_len,
             "the %s rules seat %d players in %d team%s%s: no seating of them does (table.teams%s)",
             g.rs->name, g.np, g.seat->teams, g.seat->teams == 1 ? "" : "s",
             g.seat->partners_apart ? ", partners apart" : "",
             g.seat->partners_apart ? ", table.partners_apart" : "");
    return 3;
  }
  g.rd = cgr_open_lines();
  g.e = eng_new();
  g.tmp = eng_new();
  g.snap = eng_new();
  g.undo = eng_new();
  int status = 0;
  if (!g.rd || !g.e || !g.tmp || !g.snap || !g.undo) {
    snprintf(why, why_len, "out of memory");
    status = 3;
  }
  /* a failed write ends the run (the exit status says it: output.h) */
  for (int game = 1; game <= opt->games && status == 0 && !ferror(out); game++) {
    uint64_t seed = (uint64_t)opt->seed;
    g.rng = seed * UINT64_C(0x100000001b3) + (uint64_t)(unsigned)game;
    status = play_game(&g, out, game);
  }
  gen_free(&g);
  return status;
}
