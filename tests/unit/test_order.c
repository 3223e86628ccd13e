/* The order of a turn's melding does not matter: a player's melds
 * and additions within a turn are judged by the state the turn ends in.
 *
 * Over generated games of every shipped variant, each run of one player's
 * consecutive `meld` and `add` lines is put in other orders (each `add` kept
 * after the meld of the run it extends, its #N renumbered). A permutation
 * whose own lines are all valid where they stand must get the verdict of the
 * original order:
 * - judged by the variant, the generated games are legal and stay legal;
 * - judged by the variant asking two more canastas to go out, the games go
 *   out prematurely (GO-OUT-REQUIREMENT) and stay so, whatever the order.
 * A permutation that makes one of the run's own lines illegal by itself (a
 * wild card added before the naturals that carry it, an opening judged on
 * its first meld) is not valid where it stands and is not counted. */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "helpers.h"
#include "ruleset.h"
#include "run.h"
#include "scale.h"

/* (the sanitizer build tries two games: each is permuted run by run, which
 * costs it 15 times the plain build's time) */
enum { GAMES = TEST_ALL_GAMES ? 20 : 2, ORDERS = 3, MAX_RUN = 24 };

typedef struct {
  bool seen;
  int team;                 /* the player to act's team after the line */
  int melds[MAX_TEAMS];     /* each team's melds formed after the line: its last #N
                               (a merge removes a meld, never its number) */
} after_t;

typedef struct {
  after_t *at;
  unsigned nlines;
  int hand, made[MAX_TEAMS]; /* the hand observed, each team's highest #N in it */
} table_t;

static void observe(void *ctx, unsigned line, int hand, const engine_t *e) {
  table_t *t = ctx;
  if (!e || line == 0 || line > t->nlines) return;
  eng_view_t v;
  eng_view(e, &v);
  after_t *a = &t->at[line];
  memset(a, 0, sizeof *a);
  a->seen = true;
  a->team = v.team_of[v.current];
  if (hand != t->hand) memset(t->made, 0, sizeof t->made);
  t->hand = hand;
  for (int i = 0; i < v.nmelds; i++)
    if (v.melds[i].number > t->made[v.melds[i].team]) t->made[v.melds[i].team] = v.melds[i].number;
  memcpy(a->melds, t->made, sizeof a->melds);
}

typedef struct {
  int status;
  code_t code;
  unsigned line;
} seen_t;

static void keep_first(const record_t *r, void *ctx) {
  seen_t *s = ctx;
  if (s->status >= 0) return;
  s->status = record_status(r);
  s->code = r->verdict.code;
  s->line = r->verdict.line;
}

/* The verdict of a one-record text, by `rules` (NULL: its variant line);
 * with `t`, the table after each line is filled too. */
static seen_t judge_with(const char *text, size_t len, const ruleset_t *rules, table_t *t) {
  seen_t s = {-1, CODE_NONE, 0};
  FILE *f = fmemopen((void *)text, len, "r");
  cr_assert_not_null(f);
  game_t *g = rules ? game_new_with_rules(rules, keep_first, &s) : game_new(NULL, keep_first, &s);
  cr_assert_not_null(g);
  if (t) game_observe(g, observe, t);
  char why[128];
  cr_assert(run_stream(g, f, "order.cgr", why, sizeof why), "%s", why);
  game_free(g);
  fclose(f);
  return s;
}

/* ---- lines ---------------------------------------------------------------- */

typedef struct {
  char **line;
  unsigned n;
} lines_t;

static lines_t split(const char *text) {
  lines_t ls = {NULL, 0};
  size_t cap = 0;
  for (const char *p = text; *p;) {
    size_t k = strcspn(p, "\n");
    if (ls.n == cap) {
      cap = cap ? 2 * cap : 1024;
      ls.line = realloc(ls.line, cap * sizeof *ls.line);
      cr_assert_not_null(ls.line);
    }
    ls.line[ls.n++] = strndup(p, k);
    p += k + (p[k] == '\n');
  }
  return ls;
}

static void free_lines(lines_t *ls) {
  for (unsigned i = 0; i < ls->n; i++) free(ls->line[i]);
  free(ls->line);
}

/* The verb of an action line ("Anne meld ..." -> "meld"), or "". */
static const char *verb_of(const char *l, char *buf, size_t size) {
  const char *sp = strchr(l, ' ');
  snprintf(buf, size, "%.*s", sp ? (int)strcspn(sp + 1, " ") : 0, sp ? sp + 1 : "");
  return buf;
}

static bool same_actor(const char *a, const char *b) {
  size_t k = strcspn(a, " ");
  return k == strcspn(b, " ") && strncmp(a, b, k) == 0;
}

/* A line of a run: a meld, an add, or an `aside` of a taken pile's cards
 * (set_aside: stated at any point of the turn, among its melds). */
static bool melding(const char *l) {
  char v[16];
  verb_of(l, v, sizeof v);
  return strcmp(v, "meld") == 0 || strcmp(v, "add") == 0 || strcmp(v, "aside") == 0;
}

/* ---- a run and its orders ------------------------------------------------- */

typedef struct {
  unsigned first, n;        /* lines [first, first + n) of the text, 0-based */
  int before;               /* the actor's team's melds before the run */
  int ordinal[MAX_RUN];     /* a meld line's place among the run's melds (1-based), else 0 */
  int needs[MAX_RUN];       /* the run line an add must follow, -1 */
  int team;                 /* the actor's */
  unsigned hand_end;        /* the line after the hand's last action */
  const after_t *after;     /* [i + 1]: the table after line i */
} run_t;

/* The ranks of a line's card words, as a mask. */
static unsigned ranks_of(const char *l) {
  unsigned mask = 0;
  static const char ranks[] = "23456789TJQKA";
  for (const char *p = strchr(l, ' '); p && *p; p = strchr(p + 1, ' ')) {
    const char *w = p + 1;
    size_t k = strcspn(w, " ");
    const char *r = k == 2 ? strchr(ranks, w[0]) : NULL;
    if (r && *r && strchr("SHDC", w[1])) mask |= 1u << (r - ranks);
  }
  return mask;
}

static unsigned rank_word(const char *w) {
  static const char ranks[] = "23456789TJQKA";
  if (strncmp(w, "10", 2) == 0) return 1u << 8;
  const char *r = *w ? strchr(ranks, *w) : NULL;
  return r && *r ? 1u << (r - ranks) : 0;
}

/* Fills the run's dependencies: an add to a meld of the run follows it. */
static void link_run(const lines_t *ls, run_t *r) {
  int melds = 0;
  for (unsigned i = 0; i < r->n; i++) {
    const char *l = ls->line[r->first + i];
    char v[16];
    r->needs[i] = -1;
    r->ordinal[i] = strcmp(verb_of(l, v, sizeof v), "meld") == 0 ? ++melds : 0;
    if (r->ordinal[i] || strcmp(v, "aside") == 0) continue;
    const char *ref = strchr(strchr(l, ' ') + 1, ' ') + 1;
    if (*ref == '#') {
      int n = atoi(ref + 1) - r->before;
      for (unsigned j = 0; j < i && n > 0; j++)
        if (r->ordinal[j] == n) r->needs[i] = (int)j;
      continue;
    }
    unsigned rank = rank_word(ref);
    for (unsigned j = 0; j < i; j++)
      if (r->ordinal[j] && (ranks_of(ls->line[r->first + j]) & rank)) r->needs[i] = (int)j;
  }
}

static unsigned long long next(unsigned long long *s) {
  *s = *s * 6364136223846793005ull + 1442695040888963407ull;
  return *s >> 33;
}

/* A random order of the run's lines with every add after the meld it needs;
 * false when it is the original order. */
static bool random_order(const run_t *r, unsigned long long *s, int order[]) {
  bool placed[MAX_RUN] = {false}, moved = false;
  for (unsigned k = 0; k < r->n; k++) {
    int ready[MAX_RUN], nready = 0;
    for (unsigned i = 0; i < r->n; i++)
      if (!placed[i] && (r->needs[i] < 0 || placed[r->needs[i]])) ready[nready++] = (int)i;
    int pick = ready[next(s) % (unsigned)nready];
    placed[pick] = true;
    order[k] = pick;
    moved = moved || pick != (int)k;
  }
  return moved;
}

/* The word ref (a #N or anything else) with a #N of the run renumbered. */
static void put_ref(FILE *f, const char *ref, size_t len, const run_t *r, const int new_ordinal[],
                    int melds) {
  int n = *ref == '#' ? atoi(ref + 1) - r->before : 0;
  if (n <= 0 || n > melds) fprintf(f, "%.*s", (int)len, ref);
  else fprintf(f, "#%d", r->before + new_ordinal[n]);
}

/* Line l with its #N references to melds of the run renumbered (`add #N`,
 * `merge #N #M`). */
static void put_line(FILE *f, const char *l, const run_t *r, const int new_ordinal[], int melds) {
  char v[16];
  verb_of(l, v, sizeof v);
  if (strcmp(v, "add") != 0 && strcmp(v, "merge") != 0) {
    fprintf(f, "%s\n", l);
    return;
  }
  const char *ref = strchr(strchr(l, ' ') + 1, ' ') + 1;
  size_t k = strcspn(ref, " ");
  fprintf(f, "%.*s", (int)(ref - l), l);
  put_ref(f, ref, k, r, new_ordinal, melds);
  if (strcmp(v, "merge") == 0 && ref[k] == ' ') {
    const char *second = ref + k + 1;
    size_t k2 = strcspn(second, " ");
    fputc(' ', f);
    put_ref(f, second, k2, r, new_ordinal, melds);
    ref = second;
    k = k2;
  }
  fprintf(f, "%s\n", ref + k);
}

/* The record [from, to) with the run's lines in `order`; the references to
 * the run's melds renumbered, in the run and after it in the hand. */
static char *permuted(const lines_t *ls, unsigned from, unsigned to, const run_t *r,
                      const int order[], size_t *len) {
  int new_ordinal[MAX_RUN + 1] = {0}, melds = 0;
  for (unsigned k = 0; k < r->n; k++)
    if (r->ordinal[order[k]]) new_ordinal[r->ordinal[order[k]]] = ++melds;
  char *text = NULL;
  FILE *f = open_memstream(&text, len);
  cr_assert_not_null(f);
  for (unsigned i = from; i < to; i++) {
    bool in_run = i >= r->first && i < r->first + r->n;
    bool team_later = i >= r->first + r->n && i < r->hand_end && r->after[i + 1].seen &&
                      r->after[i + 1].team == r->team;
    if (in_run)
      put_line(f, ls->line[r->first + (unsigned)order[i - r->first]], r, new_ordinal, melds);
    else if (team_later)
      put_line(f, ls->line[i], r, new_ordinal, melds);
    else
      fprintf(f, "%s\n", ls->line[i]);
  }
  fclose(f);
  return text;
}

/* ---- the property ------------------------------------------------------- */

typedef struct {
  const ruleset_t *rules;   /* NULL: the record's variant */
  unsigned long long rng;
  int tried, counted, skipped;
  int asides;               /* of those counted, orders of a run holding an `aside` */
} trial_t;

static bool holds_aside(const lines_t *ls, const run_t *r) {
  char v[16];
  for (unsigned i = 0; i < r->n; i++)
    if (strcmp(verb_of(ls->line[r->first + i], v, sizeof v), "aside") == 0) return true;
  return false;
}

/* Puts the run in other orders and judges each against the original. */
static void try_run(trial_t *t, const lines_t *ls, unsigned from, unsigned to, const run_t *r,
                    seen_t original, const char *variant) {
  for (int k = 0; k < ORDERS; k++) {
    int order[MAX_RUN];
    if (!random_order(r, &t->rng, order)) continue;
    size_t len;
    char *text = permuted(ls, from, to, r, order, &len);
    seen_t s = judge_with(text, len, t->rules, NULL);
    t->tried++;
    bool inside = s.line > r->first - from && s.line <= r->first - from + r->n;
    if (s.status == 1 && inside && s.code != CODE_GO_OUT_REQUIREMENT && s.code != original.code) {
      t->skipped++; /* a line of the run illegal where it now stands */
    } else {
      t->counted++;
      t->asides += holds_aside(ls, r);
      cr_expect(s.status == original.status && s.code == original.code,
                "%s: lines %u-%u in another order: %d %s at %u, in the original order %d %s at "
                "%u:\n%s",
                variant, r->first + 1, r->first + r->n, s.status, code_name(s.code), s.line,
                original.status, code_name(original.code), original.line, text);
    }
    free(text);
  }
}

/* The runs of one record [from, to) of the text, 0-based lines. */
static void try_record(trial_t *t, const lines_t *ls, unsigned from, unsigned to,
                       const table_t *tab, const char *variant) {
  size_t len;
  char *text = permuted(ls, from, to, &(run_t){.first = to}, NULL, &len);
  seen_t original = judge_with(text, len, t->rules, NULL);
  free(text);
  for (unsigned i = from; i < to;) {
    unsigned j = i;
    while (j < to && melding(ls->line[j]) && same_actor(ls->line[j], ls->line[i])) j++;
    if (j - i < 2 || j - i > MAX_RUN || !tab->at[i].seen || !tab->at[i + 1].seen) {
      i = j > i ? j : i + 1;
      continue;
    }
    run_t r = {.first = i, .n = j - i, .after = tab->at};
    int team = r.team = tab->at[i + 1].team; /* the actor, after its first line of the run */
    r.before = tab->at[i].melds[team];
    r.hand_end = j;
    while (r.hand_end < to && strncmp(ls->line[r.hand_end], "score", 5) != 0 &&
           strncmp(ls->line[r.hand_end], "hand ", 5) != 0)
      r.hand_end++;
    link_run(ls, &r);
    /* only where the original melds as the lines say (each meld line one meld) */
    int melds = 0;
    for (unsigned k = 0; k < r.n; k++) melds += r.ordinal[k] > 0;
    bool judged = original.status == 0 || original.line > j - from;
    if (judged && tab->at[j].seen && tab->at[j].melds[team] == r.before + melds)
      try_run(t, ls, from, to, &r, original, variant);
    i = j;
  }
}

static char *generate(const char *rules, unsigned long long seed) {
  char *buf = NULL;
  size_t len;
  FILE *f = open_memstream(&buf, &len);
  cr_assert_not_null(f);
  gen_options_t opt = {rules, 0, seed, GAMES, 0, false};
  gen_stats_t st;
  char why[512];
  cr_assert_eq(gen_write(&opt, f, &st, why, sizeof why), 0, "gen %s: %s", rules, why);
  fclose(f);
  /* where the last card may go out on a meld (going_out.last_card: any),
   * over the twenty games (the sanitizer build's two may have none) */
  if (TEST_ALL_GAMES && builtin_rules(rules)->going_out.last_card != LAST_CARD_DISCARD)
    cr_expect_gt(st.laid_out, 0, "%s: no generated hand went out by laying its last card", rules);
  return buf;
}

/* Every run of every record of `text`, by `rules` (NULL: the variant's). */
static trial_t try_text(const char *text, const ruleset_t *rules, const char *variant) {
  lines_t ls = split(text);
  table_t tab = {.at = calloc(ls.n + 2, sizeof(after_t)), .nlines = ls.n};
  cr_assert_not_null(tab.at);
  trial_t t = {rules, 0x0dde4ull, 0, 0, 0, 0};
  for (unsigned from = 0; from < ls.n;) {
    unsigned to = from + 1;
    while (to < ls.n && strcmp(ls.line[to], "cgr 1") != 0) to++;
    /* the table after each line of this record, lines counted from its start */
    size_t len;
    char *rec = permuted(&ls, from, to, &(run_t){.first = to}, NULL, &len);
    memset(tab.at, 0, (ls.n + 2) * sizeof(after_t));
    table_t local = {.at = tab.at + from, .nlines = to - from, .hand = -1};
    judge_with(rec, len, rules, &local);
    free(rec);
    table_t shifted = {.at = tab.at, .nlines = ls.n};
    try_record(&t, &ls, from, to, &shifted, variant);
    from = to;
  }
  free(tab.at);
  free_lines(&ls);
  return t;
}

static void order_does_not_matter(const char *variant) {
  char *text = generate(variant, 20261126);
  bool asides = strstr(text, " aside ") != NULL;
  trial_t legal = try_text(text, NULL, variant);
  ruleset_t strict = *builtin_rules(variant);
  strict.going_out.canastas += 2;
  trial_t premature = try_text(text, &strict, variant);
  free(text);
  cr_expect_gt(legal.counted, 5 * GAMES, "%s: %d orders judged (%d tried, %d not valid where they stand)",
               variant, legal.counted, legal.tried, legal.skipped);
  cr_expect(!asides || legal.asides > GAMES, "%s: %d orders moved an aside", variant, legal.asides);
  cr_expect_gt(premature.counted, GAMES / 2, "%s, two more canastas: %d orders judged (%d tried)",
               variant, premature.counted, premature.tried);
}

Test(order, classic) { order_does_not_matter("classic"); }
Test(order, two_player) { order_does_not_matter("two-player"); }
Test(order, chinese) { order_does_not_matter("chinese"); }
Test(order, italian) { order_does_not_matter("italian"); }
Test(order, samba) { order_does_not_matter("samba"); }
Test(order, hand_and_foot) { order_does_not_matter("hand-and-foot"); }
Test(order, bolivia) { order_does_not_matter("bolivia"); }
Test(order, modern_american) { order_does_not_matter("modern-american"); }
/* a house ruleset (corpus/custom): Cuban canasta's black threes of a taken
 * pile, whose `aside` lines move among the turn's melds */
Test(order, cuban) { order_does_not_matter(SOURCE_DIR "/corpus/custom/cuban.yaml"); }

/* The record that showed it: six kings on the table, queens, jacks and tens
 * melded, the seventh king added: legal with 760 / -150 in each of the 24
 * orders of the turn's last four lines. */
Test(order, going_out_by_the_seventh_king_in_any_order) {
  static const char head[] =
      "cgr 1\nvariant classic\nplayer Anne\nplayer Bruno\nhand 1\ndealer Bruno\n"
      "deal Anne KH KS KD KC KH KS KD QH QS QD JH JS JD TH TS\n"
      "deal Bruno QC 9H 8H 8D JH KC 9C 5S 7H 4S AD TD 6D AD 9H\npile 8C\n"
      "Anne draw 5S\nAnne meld KH KS KD KC KH KS\nAnne discard 5S\nBruno draw 9D\n"
      "Bruno discard 9D\nAnne draw TC\n";
  static const char *const last[] = {"Anne meld QH QS QD\n", "Anne meld JH JS JD\n",
                                     "Anne meld TH TS TC\n", "Anne add K KD\n"};
  int orders = 0;
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 4; b++)
      for (int c = 0; c < 4; c++) {
        int d = 6 - a - b - c;
        if (a == b || a == c || b == c || d < 0 || d > 3 || d == a || d == b || d == c) continue;
        char text[1024];
        snprintf(text, sizeof text, "%s%s%s%s%s", head, last[a], last[b], last[c], last[d]);
        results_t r;
        run_text(text, &r);
        cr_assert_eq(r.n, 1);
        cr_expect_eq(r.v[0].status, VERDICT_LEGAL, "order %d%d%d%d: %s at %u:%u", a, b, c, d,
                     code_name(r.v[0].code), r.v[0].line, r.v[0].col);
        cr_expect(r.total[0][0] == 760 && r.total[0][1] == -150, "order %d%d%d%d: %ld / %ld", a,
                  b, c, d, r.total[0][0], r.total[0][1]);
        orders++;
      }
  cr_expect_eq(orders, 24);
}
