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

enum { GAMES = TEST_GAMES(2), HANDS = 2, MAX_WORDS = 600 };

static char *generate(const char *rules, unsigned long long seed) {
  char *buf = NULL;
  size_t len;
  FILE *f = open_memstream(&buf, &len);
  cr_assert_not_null(f);
  gen_options_t opt = {rules, 0, seed, GAMES, HANDS, false};
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
  static const char *const verbs[] = {"draw", "take", "meld",    "add", "red3", "foot", "talon",
                                      "show", "ask",  "yes",     "no",  "discard", "end", "merge"};
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

typedef struct {
  unsigned long positions, found, listed, most;
} tally_t;

static referee_legal_t list[20000];

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
  for (int i = 0; i < n; i++) {
    referee_verdict_t v = referee_game_try(g, list[i].line);
    cr_assert_eq(v.status, REFEREE_LEGAL, "%s: listed but refused: %s (%s)", rules, list[i].line,
                 v.message);
  }
}

static void play(const char *rules, unsigned long long seed) {
  char *text = generate(rules, seed);
  referee_game_t *g = referee_game_new(NULL);
  cr_assert_not_null(g);
  tally_t t = {0};
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    if (strncmp(line, "cgr ", 4) == 0) {
      referee_game_finish(g);
      referee_game_reset(g);
    }
    check_position(g, line, &t, rules);
    cr_assert_eq(referee_game_line(g, line), REFEREE_LEGAL, "%s: %s", rules, line);
  }
  fprintf(stderr, "legal %-16s %5lu positions, %6.2f %% listed, %lu actions at most\n", rules,
          t.positions, 100.0 * (double)t.found / (double)(t.positions ? t.positions : 1), t.most);
  cr_expect_eq(t.found, t.positions, "%s: %lu of %lu positions list the record's action", rules,
               t.found, t.positions);
  referee_game_free(g);
  free(text);
}

#define VARIANT(id, name) \
  Test(api_legal, id, .timeout = 600) { play(name, 7); }
VARIANT(classic, "classic")
VARIANT(two_player, "two-player")
VARIANT(chinese, "chinese")
VARIANT(italian, "italian")
VARIANT(samba, "samba")
VARIANT(bolivia, "bolivia")
VARIANT(hand_and_foot, "hand-and-foot")
VARIANT(modern_american, "modern-american")
