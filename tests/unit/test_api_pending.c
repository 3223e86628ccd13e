/* What LEGAL means after a line (referee.h): the turn's judgements put off to
 * its end, asked with referee_game_pending(), and the verdict's two lines —
 * where it is charged and where it was found. Fixtures are corpus records,
 * fed line by line as a game server would. */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_corpus.h"
#include "helpers.h"
#include "referee.h"

/* The next line of the text at *p (blank ones too), NUL-terminated in
 * place; NULL at the end. */
static char *next_line(char **p) {
  if (!**p) return NULL;
  char *line = *p, *nl = strchr(line, '\n');
  if (nl) *nl = '\0';
  *p = nl ? nl + 1 : line + strlen(line);
  return line;
}

/* Feeds the record's lines up to line `upto` (all when 0) into a new game
 * judged by its variant line; returns the game, and the lines fed in *n. */
static referee_game_t *fed_n(const char *record, unsigned upto, unsigned *n) {
  char *text = slurp(record), *at = text, *line;
  referee_game_t *g = referee_game_new(NULL);
  cr_assert_not_null(g);
  *n = 0;
  while ((!upto || *n < upto) && (line = next_line(&at))) {
    ++*n;
    referee_game_line(g, line);
  }
  free(text);
  return g;
}

static referee_game_t *fed(const char *record, unsigned upto) {
  unsigned n;
  return fed_n(record, upto, &n);
}

/* The record charges the verdict at line `at`; up to the line before
 * `found`, every line is legal, and after line at..found-1 the turn owes
 * exactly that verdict (code, position, sentence) by the ending `when`. */
static void owed_then_charged(const char *record, unsigned at, unsigned col, unsigned found,
                              const char *code, const char *rule, referee_pending_when_t when,
                              const char *says) {
  referee_game_t *g = fed(record, at - 1);
  cr_assert_eq(referee_game_verdict(g).status, REFEREE_LEGAL);
  cr_assert_eq(referee_game_pending(g, NULL, 0), 0, "owed before line %u", at);
  referee_game_free(g);
  for (unsigned upto = at; upto < found; upto++) {
    g = fed(record, upto);
    cr_assert_eq(referee_game_verdict(g).status, REFEREE_LEGAL, "line %u: %s", upto,
                 referee_game_verdict(g).message);
    referee_pending_t p[4];
    int n = referee_game_pending(g, p, 4);
    cr_assert_eq(n, 1, "after line %u the turn owes %d things", upto, n);
    cr_assert_str_eq(p[0].code, code);
    cr_assert_eq(p[0].line, at);
    cr_assert_eq(p[0].col, col);
    cr_assert_str_eq(p[0].rule, rule);
    cr_assert_eq(p[0].when, when);
    cr_assert(strstr(p[0].message, says), "%s", p[0].message);
    referee_game_free(g);
  }
  g = fed(record, found);
  referee_verdict_t v = referee_game_verdict(g);
  cr_assert_eq(v.status, REFEREE_ILLEGAL, "line %u is not refuted", found);
  cr_assert_str_eq(v.code, code);
  cr_assert_eq(v.line, at, "charged at line %u", v.line);
  cr_assert_eq(v.col, col);
  cr_assert_eq(v.found_line, found, "found at line %u", v.found_line);
  cr_assert(strstr(v.message, says), "%s", v.message);
  cr_assert_eq(referee_game_pending(g, NULL, 0), 0, "owed once refuted");
  referee_game_free(g);
}

/* The case: the meld at line 18 leaves Anne one card without the
 * canasta; the discard at line 19 goes out. */
Test(api_pending, a_meld_that_leaves_one_card_owes_going_out) {
  owed_then_charged("corpus/classic/illegal-go-out-requirement.cgr", 18, 6, 19,
                    "GO-OUT-REQUIREMENT", "going_out.canastas", REFEREE_PENDING_LAST_DISCARD,
                    "the team has 0 canastas; going out needs 1");
}

Test(api_pending, a_short_opening_is_owed_until_the_turn_ends) {
  owed_then_charged("corpus/classic/illegal-opening-minimum.cgr", 13, 6, 15, "OPENING-MINIMUM",
                    "opening.bands", REFEREE_PENDING_TURN_END, "worth 30, 50 needed");
}

Test(api_pending, black_threes_owe_going_out) {
  owed_then_charged("corpus/classic/illegal-meld-three.cgr", 14, 6, 15, "MELD-THREE",
                    "meld.black_threes", REFEREE_PENDING_NOT_OUT, "did not go out");
}

/* The pending opening follows the melds: a second meld raises what the
 * turn has laid, and the sentence says it. */
Test(api_pending, the_owed_opening_counts_what_the_turn_laid) {
  const char *record = "corpus/classic/illegal-opening-minimum-pile-cards.cgr";
  referee_pending_t p[2];
  referee_game_t *g = fed(record, 16);
  cr_assert_eq(referee_game_pending(g, p, 2), 1);
  cr_assert(strstr(p[0].message, "worth 30, 50 needed"), "%s", p[0].message);
  referee_game_free(g);
  g = fed(record, 17);
  cr_assert_eq(referee_game_pending(g, p, 2), 1);
  cr_assert(strstr(p[0].message, "worth 40, 50 needed"), "%s", p[0].message);
  cr_assert_eq(p[0].line, 16);
  referee_game_free(g);
}

/* A turn that owes nothing: a legal record line by line, and the calls
 * that cannot be answered. */
Test(api_pending, nothing_owed_in_a_legal_turn) {
  char *text = slurp("corpus/classic/legal-2p-concealed-out.cgr"), *at = text, *line;
  referee_game_t *g = referee_game_new(NULL);
  unsigned n = 0;
  while ((line = next_line(&at))) {
    cr_assert_eq(referee_game_line(g, line), REFEREE_LEGAL);
    cr_assert_eq(referee_game_pending(g, NULL, 0), 0, "owed after line %u", ++n);
  }
  cr_assert_eq(referee_game_finish(g), REFEREE_LEGAL);
  referee_verdict_t v = referee_game_verdict(g);
  cr_assert_eq(v.line, 0);
  cr_assert_eq(v.found_line, 0);
  referee_pending_t p;
  cr_assert_eq(referee_game_pending(NULL, &p, 1), -1);
  cr_assert_eq(referee_game_pending(g, NULL, 1), -1);
  free(text);
  referee_game_free(g);
}

/* Found where charged: an action refused by itself; found later: a seating
 * judged at the first hand line, a hand unfinished at the end. */
Test(api_pending, the_verdict_says_where_it_was_found) {
  referee_game_t *g = fed("corpus/classic/illegal-wild-overflow.cgr", 0);
  referee_verdict_t v = referee_game_verdict(g);
  cr_assert_eq(v.status, REFEREE_ILLEGAL);
  cr_assert_eq(v.found_line, v.line);
  referee_game_free(g);

  g = fed("corpus/classic/illegal-seating.cgr", 0);
  v = referee_game_verdict(g);
  cr_assert_str_eq(v.code, "SEATING");
  cr_assert_lt(v.line, v.found_line, "a player line, found at the hand line");
  referee_game_free(g);

  /* a ruleset that cannot be loaded: at the variant line, found at the hand */
  g = referee_game_new(NULL);
  const char *header[] = {"cgr 1", "variant no-such-rules", "player Anne", "player Bruno"};
  for (size_t i = 0; i < 4; i++) cr_assert_eq(referee_game_line(g, header[i]), REFEREE_LEGAL);
  cr_assert_eq(referee_game_line(g, "hand 1"), REFEREE_ERROR);
  v = referee_game_verdict(g);
  cr_assert_eq(v.line, 2);
  cr_assert_eq(v.found_line, 5);
  referee_game_free(g);

  unsigned lines;
  g = fed_n("corpus/classic/illegal-hand-unfinished-eof.cgr", 0, &lines);
  cr_assert_eq(referee_game_verdict(g).status, REFEREE_LEGAL);
  cr_assert_eq(referee_game_finish(g), REFEREE_ILLEGAL);
  v = referee_game_verdict(g);
  cr_assert_str_eq(v.code, "HAND-UNFINISHED");
  cr_assert_eq(v.line, lines + 1, "the line after the last");
  cr_assert_eq(v.found_line, v.line);
  referee_game_free(g);
}

/* ---- over the corpus ---------------------------------------------------- */

typedef struct {
  int records, later, owed;
} tally_t;

/* Is the verdict v among what the turn owes now (code and position; the
 * sentence too when `words`)? */
static bool owes(referee_game_t *g, const referee_verdict_t *v, bool words) {
  referee_pending_t p[4];
  int n = referee_game_pending(g, p, 4);
  for (int i = 0; i < n && i < 4; i++)
    if (strcmp(p[i].code, v->code) == 0 && p[i].line == v->line && p[i].col == v->col &&
        (!words || strcmp(p[i].message, v->message) == 0))
      return true;
  return false;
}

/* found_line is the line whose status was the first not legal; a verdict
 * found after the line it is charged to was owed by the turn from that
 * line on, in the very words of the verdict just before it was found —
 * except the seating, judged with the header at the first hand line. */
static void check_found(const api_record_t *rec, void *ctx) {
  tally_t *t = ctx;
  t->records++;
  referee_game_t *g = referee_game_new(NULL);
  unsigned turned = 0;
  for (unsigned i = 0; i < rec->nlines && !turned; i++)
    if (referee_game_line(g, rec->lines[i]) != REFEREE_LEGAL) turned = i + 1;
  if (!turned && referee_game_finish(g) != REFEREE_LEGAL) turned = rec->nlines + 1;
  referee_verdict_t v = referee_game_verdict(g);
  cr_assert_eq(v.found_line, turned, "%s #%d: found at %u, refuted at %u", rec->file,
               rec->record, v.found_line, turned);
  char code[64], message[256]; /* the verdict's strings live in g */
  snprintf(code, sizeof code, "%s", v.code ? v.code : "");
  snprintf(message, sizeof message, "%s", v.message);
  v.code = code;
  v.message = message;
  referee_game_free(g);
  if (v.status != REFEREE_ILLEGAL || v.found_line == v.line) return;
  /* a hand left unfinished is found at the end, and charged to the line after
   * the record's last statement: blank lines fed after it come between */
  if (strcmp(v.code, "HAND-UNFINISHED") == 0 && v.found_line == rec->nlines + 1) return;
  t->later++;
  if (strcmp(v.code, "SEATING") == 0) return;
  t->owed++;
  for (unsigned upto = v.line; upto < v.found_line; upto++) {
    g = referee_game_new(NULL);
    for (unsigned i = 0; i < upto; i++) referee_game_line(g, rec->lines[i]);
    cr_assert(owes(g, &v, upto + 1 == v.found_line),
              "%s #%d: after line %u the turn does not say it owes %s at %u:%u (%s)", rec->file,
              rec->record, upto, v.code, v.line, v.col, v.message);
    referee_game_free(g);
  }
}

Test(api_pending, every_later_verdict_of_the_corpus_was_owed, .timeout = 120) {
  tally_t t = {0, 0, 0};
  int alone;
  api_corpus_walk(check_found, &t, &alone);
  fprintf(stderr, "api pending: %d records; %d verdicts found after their line, %d of them "
                  "owed by the turn (the others: seating)\n", t.records, t.later, t.owed);
  cr_assert_gt(t.records, 300);
  cr_assert_gt(t.owed, 10, "the corpus holds verdicts a turn owes");
  /* docs/embedding.md states these figures: they must be today's */
  char *doc = slurp("docs/embedding.md");
  char want[4][96];
  snprintf(want[0], sizeof want[0], "(%d records,", t.records);
  snprintf(want[1], sizeof want[1], "%d verdicts are found after", t.later);
  snprintf(want[2], sizeof want[2], "%d `SEATING`", t.later - t.owed);
  snprintf(want[3], sizeof want[3], "%d that `referee_game_pending`", t.owed);
  for (int i = 0; i < 4; i++)
    cr_expect(strstr(doc, want[i]), "docs/embedding.md does not say \"%s\"", want[i]);
  free(doc);
}
