/* fuzz_legal.c — libFuzzer harness for the embedding API's three questions
 * about a point of a game: referee_game_legal (every legal next action),
 * referee_game_try (would this line be accepted) and referee_game_state
 * (the state as plain structs), held to one another.
 *
 * The input: 3 parameter bytes, then lines.
 *   p0  bits 0-2 the built-in ruleset (classic, two-player, chinese,
 *       italian, samba, bolivia, hand-and-foot, modern-american); bit 3
 *       REFEREE_LEGAL_BY_RANK
 *   p1  the seed of a generated game (gen_write: one hand, the ruleset's
 *       default seating; the same bytes `referee gen --variant V --seed S
 *       --hands 1` writes), 1 + p1 % 8
 *   p2  how many of its lines are fed first: 3 x p2 (all of them at most)
 * Then each line of the rest of the input is fed in turn, up to 5 of them
 * (until the game is no longer legal): listing every legal action costs
 * thousands of tries under the sanitizers, so an input asks at 6 points.
 *
 * Invariants, at the point after the prefix and after each line fed:
 *   1. referee_game_state never fails, and its counts agree: each player's
 *      hand and foot total the counts of their cards, and the hand's total
 *      is referee_game_hand_size; the player to act and the dealer are
 *      seats; the pile's top card is a card, and none when the pile is
 *      empty; each meld's cards total their counts, its team is a team;
 *   2. soundness: every action referee_game_legal lists (up to 8 of them,
 *      spread over the list) is accepted by referee_game_try, and its line
 *      fed to a copy of the game (referee_game_copy, referee_game_line)
 *      leaves it legal, owing what the list said (referee_game_pending)
 *      and with a state that holds 1;
 *   3. completeness: the input's next line, when referee_game_try accepts
 *      it and it is an action (a player's name, a verb, then `#N`
 *      references and card names), is listed: the same player, verb and
 *      references, and the same cards as a multiset (with
 *      REFEREE_LEGAL_BY_RANK, the same ranks: one action of each multiset
 *      of ranks is listed). The limits referee.h states are left out:
 *      `add RANK`, and without a stock line draws of three cards or more
 *      and a talon's cards. */
#define _XOPEN_SOURCE 700
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "gen.h"
#include "referee.h"

enum { VARIANTS = 8, SEEDS = 8, CHECKED = 8, POINTS = 6, MAX_WORDS = 64 };

static const char *const variants[VARIANTS] = {"classic", "two-player", "chinese", "italian",
                                               "samba", "bolivia", "hand-and-foot",
                                               "modern-american"};
static const char *const verbs[] = {"draw", "take", "meld", "add", "red3", "foot", "talon",
                                    "show", "ask", "yes", "no", "discard", "end", "merge"};

static referee_rules_t *rules[VARIANTS];
static char *games[VARIANTS][SEEDS]; /* generated once per process */

static const char *generated(int v, int seed) {
  if (games[v][seed]) return games[v][seed];
  char *text = NULL, why[512];
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  FUZZ_ASSERT(out, "open_memstream");
  gen_options_t opt = {variants[v], 0, (unsigned long long)seed + 1, 1, 1, false};
  gen_stats_t stats;
  int rc = gen_write(&opt, out, &stats, why, sizeof why);
  fclose(out);
  FUZZ_ASSERT(rc == 0, "gen %s seed %d: %s", variants[v], seed + 1, why);
  games[v][seed] = text;
  return text;
}

/* ---- 1: the state ------------------------------------------------------- */

static unsigned total_of(const referee_cards_t *c) {
  unsigned n = 0;
  for (int k = 0; k < REFEREE_CARD_KINDS; k++) n += c->count[k];
  return n;
}

static void check_state(const referee_game_t *g, referee_state_t *st) {
  FUZZ_ASSERT(referee_game_state(g, st, sizeof *st) == 0, "referee_game_state failed");
  if (!st->in_hand) return;
  FUZZ_ASSERT(st->players > 0 && st->players <= REFEREE_MAX_PLAYERS, "players %d", st->players);
  FUZZ_ASSERT(st->teams > 0 && st->teams <= REFEREE_MAX_TEAMS, "teams %d", st->teams);
  for (int p = 0; p < st->players; p++) {
    const referee_player_state_t *ps = &st->player[p];
    FUZZ_ASSERT(ps->name && total_of(&ps->hand) == ps->hand.total,
                "player %d: hand total %u, its counts %u", p, ps->hand.total, total_of(&ps->hand));
    FUZZ_ASSERT(total_of(&ps->foot) == ps->foot.total, "player %d: foot total", p);
    FUZZ_ASSERT(referee_game_hand_size(g, ps->name) == (int)ps->hand.total,
                "%s: hand size %d, state %u", ps->name, referee_game_hand_size(g, ps->name),
                ps->hand.total);
    FUZZ_ASSERT(ps->team >= 0 && ps->team < st->teams, "player %d: team %d", p, ps->team);
  }
  FUZZ_ASSERT(st->to_act >= -1 && st->to_act < st->players, "to_act %d", st->to_act);
  FUZZ_ASSERT(st->dealer >= -1 && st->dealer < st->players, "dealer %d", st->dealer);
  FUZZ_ASSERT(st->top >= -1 && st->top < REFEREE_CARD_KINDS, "top %d", st->top);
  FUZZ_ASSERT(st->pile > 0 || st->top == -1, "an empty pile with top card %d", st->top);
  FUZZ_ASSERT(st->melds >= 0 && st->melds <= REFEREE_MAX_MELDS, "melds %d", st->melds);
  for (int i = 0; i < st->melds; i++) {
    const referee_meld_t *m = &st->meld[i];
    FUZZ_ASSERT(total_of(&m->cards) == m->cards.total, "meld %d: total", i);
    FUZZ_ASSERT(m->team >= 0 && m->team < st->teams, "meld %d: team %d", i, m->team);
  }
}

/* ---- 2: what legal lists is accepted ---------------------------------- */

static unsigned owes_of(referee_game_t *g) {
  referee_pending_t p[8];
  int n = referee_game_pending(g, p, 8);
  unsigned owes = 0;
  for (int i = 0; i < n && i < 8; i++) owes |= 1u << p[i].when;
  return owes;
}

static void check_listed(referee_game_t *g, referee_game_t *copy, const referee_legal_t *it) {
  referee_state_t st;
  referee_verdict_t v = referee_game_try(g, it->line);
  FUZZ_ASSERT(v.status == REFEREE_LEGAL, "listed '%s', try says %d: %s", it->line, v.status,
              v.message);
  FUZZ_ASSERT(referee_game_copy(copy, g) == REFEREE_LEGAL, "copy");
  referee_status_t s = referee_game_line(copy, it->line);
  FUZZ_ASSERT(s == REFEREE_LEGAL, "listed '%s', fed: %d: %s", it->line, s,
              referee_game_verdict(copy).message);
  FUZZ_ASSERT(owes_of(copy) == it->owes, "listed '%s' owes %x, fed owes %x", it->line, it->owes,
              owes_of(copy));
  check_state(copy, &st);
}

/* ---- 3: what try accepts is listed ----------------------------------------- */

typedef struct {
  int player, verb;
  char refs[2][16];
  int nrefs;
  unsigned char cards[MAX_WORDS];
  int ncards;
} action_t;

static int card_of(const char *w) {
  for (int k = 0; k < REFEREE_CARD_KINDS; k++)
    if (strcmp(referee_card_name(k), w) == 0) return k;
  return -1;
}

static int by_byte(const void *a, const void *b) {
  return (int)*(const unsigned char *)a - (int)*(const unsigned char *)b;
}

/* The line as an action of the state's players; false when it is none
 * (or has words this oracle does not read: it is then not checked). */
static bool read_action(const char *line, const referee_state_t *st, action_t *a) {
  char buf[4096], *words[MAX_WORDS];
  int n = 0;
  snprintf(buf, sizeof buf, "%s", line);
  for (char *w = strtok(buf, " \t"); w && n < MAX_WORDS; w = strtok(NULL, " \t")) words[n++] = w;
  if (n < 2 || n == MAX_WORDS) return false;
  memset(a, 0, sizeof *a);
  a->player = a->verb = -1;
  for (int p = 0; p < st->players; p++)
    if (strcmp(st->player[p].name, words[0]) == 0) a->player = p;
  for (int i = 0; i < (int)(sizeof verbs / sizeof *verbs); i++)
    if (strcmp(verbs[i], words[1]) == 0) a->verb = i;
  if (a->player < 0 || a->verb < 0) return false;
  for (int i = 2; i < n; i++) {
    if (words[i][0] == '#' && a->ncards == 0 && a->nrefs < 2) {
      char *end;
      unsigned long k = strtoul(words[i] + 1, &end, 10);
      if (*end || end == words[i] + 1) return false;
      snprintf(a->refs[a->nrefs++], sizeof a->refs[0], "#%lu", k);
      continue;
    }
    int c = card_of(words[i]);
    if (c < 0) return false; /* `add RANK`, a comment, a spelling not read here */
    a->cards[a->ncards++] = (unsigned char)c;
  }
  return true;
}

static int rank_of(int card) { return card == REFEREE_JOKER ? 13 : card / 4; }

static bool same_cards(const action_t *a, const referee_legal_t *it, bool by_rank) {
  unsigned char x[MAX_WORDS], y[MAX_WORDS];
  if (it->ncards != (size_t)a->ncards) return false;
  for (int i = 0; i < a->ncards; i++) {
    x[i] = (unsigned char)(by_rank ? rank_of(a->cards[i]) : a->cards[i]);
    y[i] = (unsigned char)(by_rank ? rank_of(it->cards[i]) : it->cards[i]);
  }
  qsort(x, (size_t)a->ncards, 1, by_byte);
  qsort(y, (size_t)a->ncards, 1, by_byte);
  return memcmp(x, y, (size_t)a->ncards) == 0;
}

static bool listed(const action_t *a, const referee_legal_t *items, int n, bool by_rank) {
  for (int i = 0; i < n; i++) {
    const referee_legal_t *it = &items[i];
    char refs[40];
    snprintf(refs, sizeof refs, "%s%s%s", a->refs[0], a->nrefs > 1 ? " " : "", a->refs[1]);
    if (it->player == a->player && strcmp(it->verb, verbs[a->verb]) == 0 &&
        strcmp(it->ref ? it->ref : "", refs) == 0 && same_cards(a, it, by_rank))
      return true;
  }
  return false;
}

static void check_complete(referee_game_t *g, const char *line, const referee_state_t *st,
                           const referee_legal_t *items, int n, bool by_rank, bool stock_line) {
  action_t a;
  referee_verdict_t v = referee_game_try(g, line);
  if (v.status != REFEREE_LEGAL || !read_action(line, st, &a)) return;
  const char *verb = verbs[a.verb];
  if (!stock_line && ((strcmp(verb, "draw") == 0 && a.ncards >= 3) ||
                      (strcmp(verb, "talon") == 0 && a.ncards > 0)))
    return; /* referee.h: not listed without a stock line */
  FUZZ_ASSERT(listed(&a, items, n, by_rank), "'%s' is accepted and not listed (%d listed)", line,
              n);
}

/* ---- a point of the game ------------------------------------------------- */

typedef struct {
  referee_game_t *g, *copy;
  unsigned flags;
  bool stock_line;
} run_t;

/* The invariants at this point; next is the input's next line, or NULL. */
static void check_point(run_t *r, const char *next) {
  referee_state_t st;
  check_state(r->g, &st);
  int n = referee_game_legal(r->g, NULL, 0, r->flags);
  FUZZ_ASSERT(n >= 0, "referee_game_legal: %d", n);
  if (n == 0) return;
  referee_legal_t *items = malloc((size_t)n * sizeof *items);
  FUZZ_ASSERT(items, "out of memory");
  FUZZ_ASSERT(referee_game_legal(r->g, items, n, r->flags) == n, "a second call, another count");
  int step = n > CHECKED ? n / CHECKED : 1;
  for (int i = 0; i < n; i += step) check_listed(r->g, r->copy, &items[i]);
  if (next) check_complete(r->g, next, &st, items, n, r->flags & REFEREE_LEGAL_BY_RANK, r->stock_line);
  free(items);
}

/* Feeds one line; false once the game is no longer legal. */
static bool feed(run_t *r, const char *line) {
  if (strncmp(line, "stock", 5) == 0) r->stock_line = true;
  return referee_game_line(r->g, line) == REFEREE_LEGAL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 3) return 0;
  int v = data[0] & 7;
  if (!rules[v]) rules[v] = referee_rules_load(variants[v], NULL, 0);
  FUZZ_ASSERT(rules[v], "built-in %s does not load", variants[v]);
  const char *game = generated(v, data[1] % SEEDS);
  run_t r = {referee_game_new(rules[v]), referee_game_new(rules[v]),
             (data[0] & 8) ? REFEREE_LEGAL_BY_RANK : 0u, false};
  FUZZ_ASSERT(r.g && r.copy, "out of memory");
  char line[4096];
  bool ok = true;
  int want = 3 * data[2];
  for (const char *s = game; *s && want > 0 && ok; want--) {
    const char *nl = strchr(s, '\n');
    size_t len = nl ? (size_t)(nl - s) : strlen(s);
    snprintf(line, sizeof line, "%.*s", (int)len, s);
    ok = feed(&r, line);
    s += len + (nl != NULL);
  }
  FUZZ_ASSERT(ok, "the generated game is refused at its prefix: %s",
              referee_game_verdict(r.g).message);
  const char *s = (const char *)data + 3, *end = (const char *)data + size;
  for (int point = 0; ok && point < POINTS; point++) {
    const char *nl = s < end ? memchr(s, '\n', (size_t)(end - s)) : NULL;
    size_t len = s < end ? (size_t)((nl ? nl : end) - s) : 0;
    bool have = point + 1 < POINTS && s < end && len < sizeof line && !memchr(s, '\0', len);
    if (have) snprintf(line, sizeof line, "%.*s", (int)len, s);
    check_point(&r, have ? line : NULL);
    if (!have) break;
    ok = feed(&r, line);
    s += len + 1;
  }
  referee_game_free(r.g);
  referee_game_free(r.copy);
  return 0;
}
