/* referee_game_legal held against generated games of every shipped variant,
 * fed line by line: at every position where the record's next line is an
 * action, that action is listed (the same player, verb and cards; `add RANK`
 * matches `add #N` of the team's set of that rank), every listed line is
 * accepted by referee_game_try, and with REFEREE_LEGAL_BY_RANK no two listed
 * actions differ only in suits. The oracle is the record (the generator's
 * moves, which the engine accepted), not the enumeration. The percentage
 * found is printed per variant; the test asks for all of them. Fails before
 * referee_game_legal existed (it does not link). */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "referee.h"
#include "scale.h"

enum { GAMES = TEST_GAMES(2), HANDS = 2, MAX_WORDS = 600, SANITIZED_POSITIONS = 20 };

static char *generate(const char *rules, unsigned long long seed, int games, int hands) {
  char *buf = NULL;
  size_t len;
  FILE *f = open_memstream(&buf, &len);
  cr_assert_not_null(f);
  gen_options_t opt = {rules, 0, seed, games, hands, false};
  gen_stats_t st;
  char why[512];
  cr_assert_eq(gen_write(&opt, f, &st, why, sizeof why), 0, "gen %s: %s", rules, why);
  fclose(f);
  return buf;
}

typedef struct {
  char word[MAX_WORDS][8];
  int n;
} words_t;

static void split(const char *line, words_t *w) {
  w->n = 0;
  for (const char *p = line; *p && w->n < MAX_WORDS;) {
    while (*p == ' ') p++;
    size_t len = strcspn(p, " ");
    if (!len) break;
    snprintf(w->word[w->n++], sizeof w->word[0], "%.*s", (int)len, p);
    p += len;
  }
}

static bool is_action_verb(const char *v) {
  static const char *const verbs[] = {"draw", "take", "meld", "add",     "red3", "foot",
                                      "talon", "show", "ask", "yes",     "no",   "discard",
                                      "end",  "merge", "aside"};
  for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++)
    if (strcmp(v, verbs[i]) == 0) return true;
  return false;
}

static int card_of(const char *w) {
  for (int c = 0; c < REFEREE_CARD_KINDS; c++)
    if (strcmp(referee_card_name(c), w) == 0) return c;
  return -1;
}

/* The meld a reference names for the player's team, -1. */
static int meld_rank(const referee_state_t *s, int team, const char *ref) {
  int n = ref[0] == '#' ? atoi(ref + 1) : -1;
  for (int i = 0; i < s->melds; i++)
    if (s->meld[i].team == team && s->meld[i].number == n) return s->meld[i].rank;
  return -1;
}

static const char *const rank_names = "23456789TJQKA";

/* Does the listed action a say what the record's line (words w) says? */
static bool same(const referee_legal_t *a, const words_t *w, const referee_state_t *s) {
  if (strcmp(s->player[a->player].name, w->word[0]) || strcmp(a->verb, w->word[1])) return false;
  int from = 2;
  if (strcmp(a->verb, "add") == 0) {
    const char *ref = w->word[2];
    int rank = meld_rank(s, s->player[a->player].team, a->ref);
    bool by_rank = ref[0] != '#' && rank >= 0 && rank < 13 && ref[0] == rank_names[rank];
    if (strcmp(a->ref, ref) != 0 && !by_rank) return false;
    from = 3;
  } else if (strcmp(a->verb, "merge") == 0) {
    char both[20];
    snprintf(both, sizeof both, "%s %s", w->word[2], w->word[3]);
    if (strcmp(a->ref, both) != 0) return false;
    from = 4;
  }
  int count[REFEREE_CARD_KINDS] = {0};
  for (int i = from; i < w->n; i++) {
    int c = card_of(w->word[i]);
    if (c < 0) return false;
    count[c]++;
  }
  for (size_t i = 0; i < a->ncards; i++) count[a->cards[i]]--;
  for (int c = 0; c < REFEREE_CARD_KINDS; c++)
    if (count[c]) return false;
  return true;
}

static referee_legal_t list[20000];

typedef struct {
  unsigned long positions, found, listed, most, fuzzed, fuzz_legal;
  unsigned long long rnd;
} tally_t;

static unsigned rnd(tally_t *t, unsigned n) {
  t->rnd = t->rnd * 6364136223846793005ULL + 1442695040888963407ULL;
  return (unsigned)(t->rnd >> 33) % n;
}

static bool is_listed(int n, const char *line, const referee_state_t *s) {
  words_t w;
  split(line, &w);
  for (int i = 0; i < n; i++)
    if (same(&list[i], &w, s)) return true;
  return false;
}

/* A random well-formed line: a player, a verb, a reference, cards of the
 * player's hand (or any card, or the stock's next). */
static void random_line(tally_t *t, const referee_state_t *s, char *buf, size_t size) {
  static const char *const verbs[] = {"draw", "take", "meld", "add",     "red3", "foot",
                                      "talon", "show", "ask", "yes",     "no",   "discard",
                                      "end",  "merge", "aside"};
  int p = (int)rnd(t, (unsigned)s->players);
  const char *verb = verbs[rnd(t, sizeof verbs / sizeof *verbs)];
  int len = snprintf(buf, size, "%s %s", s->player[p].name, verb);
  if (strcmp(verb, "add") == 0 || strcmp(verb, "merge") == 0)
    len += snprintf(buf + len, size - (size_t)len, " #%u", 1 + rnd(t, 6));
  if (strcmp(verb, "merge") == 0)
    len += snprintf(buf + len, size - (size_t)len, " #%u", 1 + rnd(t, 6));
  const referee_cards_t *h = &s->player[p].hand;
  for (unsigned k = rnd(t, 6); k > 0 && (size_t)len + 4 < size; k--) {
    int c = (int)rnd(t, REFEREE_CARD_KINDS);
    for (int tries = 0; tries < 60 && rnd(t, 8) && !h->count[c]; tries++)
      c = (int)rnd(t, REFEREE_CARD_KINDS);
    len += snprintf(buf + len, size - (size_t)len, " %s", referee_card_name(c));
  }
}

/* Random lines, and the record's line with a card dropped or added: each
 * that try accepts is listed. */
static void fuzz(referee_game_t *g, tally_t *t, int n, const referee_state_t *s,
                 const words_t *w, const char *rules) {
  char line[512];
  for (int i = 0; i < 40; i++) {
    if (i % 2) random_line(t, s, line, sizeof line);
    else {
      int len = 0, drop = (int)rnd(t, (unsigned)w->n + 2);
      for (int k = 0; k < w->n; k++)
        if (k != drop || k < 2) len += snprintf(line + len, sizeof line - (size_t)len, "%s%s", k ? " " : "", w->word[k]);
      if (i % 4 == 2) snprintf(line + len, sizeof line - (size_t)len, " %s", referee_card_name((int)rnd(t, REFEREE_CARD_KINDS)));
    }
    t->fuzzed++;
    if (referee_game_try(g, line).status != REFEREE_LEGAL) continue;
    t->fuzz_legal++;
    cr_assert(is_listed(n, line, s), "%s: accepted but not listed: %s", rules, line);
  }
}

static referee_legal_t by_rank[20000];

static bool same_ranks(const referee_legal_t *a, const referee_legal_t *b) {
  int count[13 + 1] = {0};
  if (a->player != b->player || strcmp(a->verb, b->verb) || a->ncards != b->ncards ||
      (a->ref == NULL) != (b->ref == NULL) || (a->ref && strcmp(a->ref, b->ref)))
    return false;
  for (size_t i = 0; i < a->ncards; i++) count[a->cards[i] / 4]++, count[b->cards[i] / 4]--;
  for (int r = 0; r <= 13; r++)
    if (count[r]) return false;
  return true;
}

/* REFEREE_LEGAL_BY_RANK lists actions of the full list, and of each that
 * differ only in suits, one. */
static char saved_text[1 << 22];
static unsigned char saved_cards[1 << 20];

/* The full list, copied out of the game (its next call reuses the space). */
static void save_list(int n) {
  size_t t = 0, c = 0;
  for (int j = 0; j < n; j++) {
    referee_legal_t *a = &list[j];
    size_t len = strlen(a->line) + 1, rlen = a->ref ? strlen(a->ref) + 1 : 0;
    cr_assert(t + len + rlen < sizeof saved_text && c + a->ncards < sizeof saved_cards);
    memcpy(saved_text + t, a->line, len);
    a->line = saved_text + t;
    t += len;
    if (a->ref) memcpy(saved_text + t, a->ref, rlen), a->ref = saved_text + t, t += rlen;
    memcpy(saved_cards + c, a->cards, a->ncards);
    a->cards = saved_cards + c;
    c += a->ncards;
  }
}

static void check_by_rank(referee_game_t *g, int n, const char *rules) {
  save_list(n);
  int m = referee_game_legal(g, by_rank, (int)(sizeof by_rank / sizeof *by_rank),
                             REFEREE_LEGAL_BY_RANK);
  cr_assert(m >= 0 && m <= n, "%s: %d by rank of %d", rules, m, n);
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < i; j++)
      cr_assert(!same_ranks(&by_rank[i], &by_rank[j]), "%s: %s and %s", rules, by_rank[i].line,
                by_rank[j].line);
    bool in = false;
    for (int j = 0; j < n && !in; j++) in = strcmp(by_rank[i].line, list[j].line) == 0;
    cr_assert(in, "%s: %s listed by rank only", rules, by_rank[i].line);
  }
  for (int j = 0; j < n; j++) {
    bool kept = false;
    for (int i = 0; i < m && !kept; i++) kept = same_ranks(&by_rank[i], &list[j]);
    cr_assert(kept, "%s: %s has no representative by rank", rules, list[j].line);
  }
}

static void check_position(referee_game_t *g, const char *line, tally_t *t, const char *rules) {
  words_t w;
  split(line, &w);
  if (w.n < 2 || !is_action_verb(w.word[1])) return;
  static referee_state_t s;
  referee_game_state(g, &s, sizeof s);
  int n = referee_game_legal(g, list, (int)(sizeof list / sizeof *list), 0);
  cr_assert(n >= 0 && n <= (int)(sizeof list / sizeof *list), "%s: %d actions", rules, n);
  t->positions++;
  t->listed += (unsigned long)n;
  if ((unsigned long)n > t->most) t->most = (unsigned long)n;
  bool found = false;
  for (int i = 0; i < n && !found; i++) found = same(&list[i], &w, &s);
  if (found) t->found++;
  else if (t->positions - t->found <= 3) cr_log_warn("%s: not listed: %s (%d listed)", rules, line, n);
  fuzz(g, t, n, &s, &w, rules);
  if (t->positions % 7 == 0) check_by_rank(g, n, rules);
  n = referee_game_legal(g, list, (int)(sizeof list / sizeof *list), 0);
  for (int i = 0; i < n; i++) {
    referee_verdict_t v = referee_game_try(g, list[i].line);
    cr_assert_eq(v.status, REFEREE_LEGAL, "%s: listed but refused: %s (%s)", rules, list[i].line,
                 v.message);
  }
}

/* Every position of the records in text. */
static void play_text(char *text, const char *rules, bool no_stock) {
  referee_game_t *g = referee_game_new(NULL);
  cr_assert_not_null(g);
  tally_t t = {0};
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    /* under the sanitizers (scale.h) the first positions only: the memory's
     * paths are the same, the plain build checks them all */
    if (!TEST_ALL_GAMES && t.positions >= SANITIZED_POSITIONS) break;
    if (strncmp(line, "cgr ", 4) == 0) {
      referee_game_finish(g);
      referee_game_reset(g);
    }
    if (no_stock && strncmp(line, "stock ", 6) == 0) continue;
    check_position(g, line, &t, rules);
    cr_assert_eq(referee_game_line(g, line), REFEREE_LEGAL, "%s: %s", rules, line);
  }
  fprintf(stderr, "legal %-16s%s %5lu positions, %6.2f %% listed, %lu actions at most; "
          "%lu random lines, %lu accepted, all listed\n", rules, no_stock ? " (no stock)" : "",
          t.positions, 100.0 * (double)t.found / (double)(t.positions ? t.positions : 1), t.most,
          t.fuzzed, t.fuzz_legal);
  cr_expect_eq(t.found, t.positions, "%s: %lu of %lu positions list the record's action", rules,
               t.found, t.positions);
  referee_game_free(g);
}

/* Without its `stock` lines (no_stock: one hand, as a draw then has a
 * thousand candidates), a record's draws name any card still in the stock. */
static void play(const char *rules, unsigned long long seed, bool no_stock) {
  char *text = no_stock ? generate(rules, seed, 1, 1) : generate(rules, seed, GAMES, HANDS);
  play_text(text, rules, no_stock);
  free(text);
}

/* A corpus record of a house ruleset in corpus/DIR, its `variant` line
 * naming the ruleset by its full path (the generator plays no game of a
 * house ruleset: these records show its plays). */
static void play_record(const char *dir, const char *name) {
  char path[1024], text[8192], line[512];
  snprintf(path, sizeof path, "%s/corpus/%s/%s", SOURCE_DIR, dir, name);
  FILE *f = fopen(path, "r");
  cr_assert_not_null(f, "%s", path);
  size_t len = 0;
  while (fgets(line, sizeof line, f) && len + sizeof line < sizeof text) {
    if (strncmp(line, "variant ", 8) == 0)
      len += (size_t)snprintf(text + len, sizeof text - len, "variant %s/corpus/%s/%s",
                              SOURCE_DIR, dir, line + 8);
    else len += (size_t)snprintf(text + len, sizeof text - len, "%s", line);
  }
  fclose(f);
  play_text(text, name, false);
}

/* sequence.max_wild: wild cards in a gap, at an end, one natural and wild
 * cards read as a sequence. */
Test(api_legal, sequences_with_wild_cards) {
  play_record("bolivia", "legal-sequence-wild-escalera-house.cgr");
  play_record("bolivia", "legal-sequence-one-natural-house.cgr");
}

/* meld.max_cards_going_out: an eighth card, owing the turn's going out. */
Test(api_legal, an_eighth_card_going_out) {
  play_record("modern-american", "legal-eighth-card-going-out-house.cgr");
}

#define VARIANT(id, name) \
  Test(api_legal, id) { play(name, 7, false); } \
  Test(api_legal, id##_no_stock) { play(name, 8, true); }
VARIANT(classic, "classic")
VARIANT(two_player, "two-player")
VARIANT(chinese, "chinese")
VARIANT(italian, "italian")
VARIANT(samba, "samba")
VARIANT(bolivia, "bolivia")
VARIANT(hand_and_foot, "hand-and-foot")
VARIANT(modern_american, "modern-american")
/* a house ruleset (corpus/custom): Cuban canasta's black threes of a taken
 * pile, stated by `aside` in every part the lister lists */
VARIANT(cuban, SOURCE_DIR "/corpus/custom/cuban.yaml")
