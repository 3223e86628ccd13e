/* Every corpus record through the calls that reuse, copy and try games
 * (referee.h), held against a fresh game fed line by line and against the
 * command's verdict (api_corpus.h):
 *  - one game, reset between records (rules from each `variant` line), and
 *    referee_game_record (the record in one call), give the command's verdict;
 *  - before each line, referee_game_try gives the verdict feeding the line
 *    then gives, and leaves the game as it was (its verdict, the player to
 *    act, the hand's size, what the turn owes, the hands and totals);
 *  - a copy made halfway goes on alone: the original is unchanged by what
 *    the copy is fed, and the copy, fed the rest while the original judges
 *    another record and is freed, gives the command's verdict.
 * Fails before referee_game_reset, _record, _copy and _try existed (it does
 * not link). */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_corpus.h"
#include "helpers.h"
#include "referee.h"

/* What a program can see of a game, to compare before and after. */
typedef struct {
  referee_verdict_t v;
  char code[64], message[1024], to_act[64];
  int size, owed, hands, teams;
  long total[8];
} seen_t;

static void see(const referee_game_t *g, seen_t *s) {
  memset(s, 0, sizeof *s);
  s->v = referee_game_verdict(g);
  snprintf(s->code, sizeof s->code, "%s", s->v.code ? s->v.code : "");
  snprintf(s->message, sizeof s->message, "%s", s->v.message);
  const char *p = referee_game_to_act(g);
  snprintf(s->to_act, sizeof s->to_act, "%s", p ? p : "");
  s->size = p ? referee_game_hand_size(g, p) : -1;
  s->owed = referee_game_pending((referee_game_t *)g, NULL, 0);
  s->hands = referee_game_hands(g);
  s->teams = referee_game_teams(g);
  for (int t = 0; t < s->teams && t < 8; t++) s->total[t] = referee_game_total(g, t);
}

static void same_seen(const seen_t *a, const seen_t *b, const char *what, const api_record_t *rec,
                      unsigned line) {
  cr_assert(a->v.status == b->v.status && strcmp(a->code, b->code) == 0 && a->v.line == b->v.line &&
                a->v.col == b->v.col && a->v.found_line == b->v.found_line &&
                strcmp(a->message, b->message) == 0,
            "%s #%d line %u: %s: verdict %d %s %u:%u \"%s\", was %d %s %u:%u \"%s\"", rec->file,
            rec->record, line, what, b->v.status, b->code, b->v.line, b->v.col, b->message,
            a->v.status, a->code, a->v.line, a->v.col, a->message);
  cr_assert(strcmp(a->to_act, b->to_act) == 0 && a->size == b->size && a->owed == b->owed &&
                a->hands == b->hands && a->teams == b->teams &&
                memcmp(a->total, b->total, sizeof a->total) == 0,
            "%s #%d line %u: %s: the state changed (to act %s/%s, size %d/%d, owed %d/%d)",
            rec->file, rec->record, line, what, a->to_act, b->to_act, a->size, b->size, a->owed,
            b->owed);
}

/* The verdict the command gave the record. */
static void commands_verdict(const referee_game_t *g, const api_record_t *rec, const char *how) {
  referee_verdict_t v = referee_game_verdict(g);
  cr_assert(v.status == rec->status && strcmp(v.code ? v.code : "", rec->code) == 0 &&
                v.line == rec->line && v.col == rec->col,
            "%s #%d, %s: %d %s %u:%u (%s); the command %d %s %u:%u", rec->file, rec->record, how,
            v.status, v.code ? v.code : "-", v.line, v.col, v.message, rec->status, rec->code,
            rec->line, rec->col);
}

static referee_game_t *reused; /* one game for every record */

static void reset_and_record(const api_record_t *rec) {
  referee_game_reset(reused);
  for (unsigned i = 0; i < rec->nlines; i++) referee_game_line(reused, rec->lines[i]);
  referee_game_finish(reused);
  commands_verdict(reused, rec, "one game reset between records");
  size_t len = 0;
  for (unsigned i = 0; i < rec->nlines; i++) len += strlen(rec->lines[i]) + 1;
  char *text = malloc(len + 1), *p = text;
  for (unsigned i = 0; i < rec->nlines; i++) p += sprintf(p, "%s\n", rec->lines[i]);
  cr_assert_eq(referee_game_record(reused, text, len), rec->status);
  commands_verdict(reused, rec, "referee_game_record");
  free(text);
}

/* Before each line: what try says is what feeding says, and try changes nothing. */
static void try_every_line(const api_record_t *rec) {
  referee_game_t *g = referee_game_new(NULL);
  seen_t before, after, fed;
  for (unsigned i = 0; i < rec->nlines; i++) {
    see(g, &before);
    referee_verdict_t t = referee_game_try(g, rec->lines[i]);
    seen_t tried = {.v = t};
    snprintf(tried.code, sizeof tried.code, "%s", t.code ? t.code : "");
    snprintf(tried.message, sizeof tried.message, "%s", t.message);
    see(g, &after);
    same_seen(&before, &after, "the game after a try", rec, i + 1);
    referee_game_line(g, rec->lines[i]);
    see(g, &fed);
    memcpy(tried.to_act, fed.to_act, sizeof fed.to_act); /* (only the verdicts compared) */
    tried.size = fed.size, tried.owed = fed.owed, tried.hands = fed.hands, tried.teams = fed.teams;
    memcpy(tried.total, fed.total, sizeof fed.total);
    same_seen(&fed, &tried, "the try against the line fed", rec, i + 1);
  }
  referee_game_free(g);
}

/* Another game, judged by the original after the copy was made: whatever the
 * copy still borrowed from the original (names, rules, the hand) would now
 * read as this game's. */
static const char decoy[] = "cgr 1\nvariant two-player\nplayer Zoe\nplayer Yves\nhand 1\n"
                            "dealer Yves\n";

/* Halfway, a copy; the rest fed to the copy only. */
static void copy_halfway(const api_record_t *rec) {
  referee_game_t *g = referee_game_new(NULL), *c = referee_game_new(NULL);
  unsigned half = rec->nlines / 2;
  for (unsigned i = 0; i < half; i++) referee_game_line(g, rec->lines[i]);
  seen_t original, copied, later;
  see(g, &original);
  cr_assert_eq(referee_game_copy(c, g), original.v.status);
  see(c, &copied);
  same_seen(&original, &copied, "the copy", rec, half);
  if (half < rec->nlines) referee_game_line(c, rec->lines[half]);
  see(g, &later);
  same_seen(&original, &later, "the original while the copy was fed", rec, half);
  referee_game_record(g, decoy, sizeof decoy - 1);
  for (unsigned i = half + 1; i < rec->nlines; i++) referee_game_line(c, rec->lines[i]);
  referee_game_free(g);
  referee_game_finish(c);
  commands_verdict(c, rec, "a copy made halfway, the original reused, then freed");
  referee_game_free(c);
}

static void check(const api_record_t *rec, void *ctx) {
  (*(int *)ctx)++;
  reset_and_record(rec);
  try_every_line(rec);
  copy_halfway(rec);
}

Test(api_reuse, reset_try_and_copy_agree_with_the_command_on_the_corpus, .timeout = 600) {
  reused = referee_game_new(NULL);
  int checked = 0, alone = 0;
  int judged = api_corpus_walk(check, &checked, &alone);
  referee_game_free(reused);
  cr_assert_gt(checked, 500, "only %d records checked", checked);
  cr_assert_eq(checked, alone);
  fprintf(stderr, "api_reuse: %d of %d records reset, recorded, tried line by line and copied\n",
              checked, judged);
}

/* NULL is the caller's mistake: an error status, and the game unchanged. */
Test(api_reuse, null_arguments_are_errors_and_change_nothing) {
  referee_game_t *g = referee_game_new(NULL);
  cr_assert_eq(referee_game_line(g, "cgr 1"), REFEREE_LEGAL);
  cr_assert_eq(referee_game_reset(NULL), REFEREE_ERROR);
  cr_assert_eq(referee_game_copy(NULL, g), REFEREE_ERROR);
  cr_assert_eq(referee_game_copy(g, NULL), REFEREE_ERROR);
  cr_assert_eq(referee_game_copy(g, g), REFEREE_LEGAL);
  cr_assert_eq(referee_game_feed(NULL, "cgr 1", 5), REFEREE_ERROR);
  cr_assert_eq(referee_game_feed(g, NULL, 5), REFEREE_ERROR);
  cr_assert_eq(referee_game_feed(g, NULL, 0), REFEREE_LEGAL);
  cr_assert_eq(referee_game_record(NULL, "cgr 1", 5), REFEREE_ERROR);
  cr_assert_eq(referee_game_record(g, NULL, 5), REFEREE_ERROR);
  cr_assert_eq(referee_game_try(NULL, "cgr 1").status, REFEREE_ERROR);
  cr_assert_eq(referee_game_try(g, NULL).status, REFEREE_ERROR);
  /* still one record begun: a second `cgr` line is malformed */
  cr_assert_eq(referee_game_try(g, "cgr 1").status, REFEREE_MALFORMED);
  cr_assert_eq(referee_game_line(g, "variant classic"), REFEREE_LEGAL);
  referee_game_free(g);
}

/* feed: the lines of a buffer, CR LF or LF, the last without its newline. */
Test(api_reuse, feed_reads_lines_as_a_file_holds_them) {
  static const char text[] = "cgr 1\r\nvariant classic\nplayer Anne\r\nplayer Bruno\nhand 1";
  referee_game_t *g = referee_game_new(NULL);
  cr_assert_eq(referee_game_feed(g, text, sizeof text - 1), REFEREE_LEGAL);
  cr_assert_eq(referee_game_teams(g), 2);
  cr_assert_eq(referee_game_feed(g, "dealer Nobody\nhand 2\n", 21), REFEREE_MALFORMED);
  cr_assert_eq(referee_game_verdict(g).line, 6, "at line %u", referee_game_verdict(g).line);
  cr_assert_eq(referee_game_verdict(g).found_line, 6, "hand 2 was fed");
  referee_game_free(g);
}

/* A malformed line in the middle of a buffer without a final NUL: its
 * verdict is given from the line's own bytes (a read past the buffer shows
 * under the sanitizers and valgrind). */
Test(api_reuse, a_malformed_line_fed_from_a_buffer) {
  static const char text[] = "cgr 1\nvariant classic\nplayer Anne\nplayer Bruno\nhand 1\n"
                             "dealer Bruno\nAnne bogus 5H";
  char *exact = malloc(sizeof text - 1);
  memcpy(exact, text, sizeof text - 1);
  referee_game_t *g = referee_game_new(NULL);
  cr_assert_eq(referee_game_feed(g, exact, sizeof text - 1), REFEREE_MALFORMED);
  referee_verdict_t v = referee_game_verdict(g);
  cr_assert_eq(v.line, 7);
  cr_assert_eq(v.col, 6);
  referee_game_free(g);
  free(exact);
}

static long minor_faults(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_minflt;
}

/* A game reused record after record touches no new memory: after the first
 * record, judging the same record 2,000 times more faults in (almost) no
 * page. A new game for each record faulted some 67 pages a record, its space
 * made and given back to the system each time. */
Test(api_reuse, a_reused_game_touches_no_new_memory) {
  char *text = slurp("corpus/classic/legal-4p-full-hand.cgr");
  size_t len = strlen(text);
  referee_rules_t *rules = referee_rules_load("classic", NULL, 0);
  referee_game_t *g = referee_game_new(rules);
  cr_assert_eq(referee_game_record(g, text, len), REFEREE_LEGAL);
  referee_game_try(g, "cgr 1"); /* the try's copy made */
  long before = minor_faults();
  for (int i = 0; i < 2000; i++) {
    cr_assert_eq(referee_game_record(g, text, len), REFEREE_LEGAL);
    referee_game_try(g, "cgr 1");
  }
  long faults = minor_faults() - before;
  cr_assert_lt(faults, 20, "%ld page faults in 2,000 records", faults);
  referee_game_free(g);
  referee_rules_free(rules);
  free(text);
}

/* reset_at: the record's lines are numbered from first_line, as in the file
 * that holds it after other records (fails before referee_game_reset_at
 * existed: it does not link). */
Test(api_reuse, reset_at_numbers_the_record_from_its_line_in_the_file) {
  static const char text[] = "cgr 1\nvariant classic\nplayer Anne\nplayer Bruno\nhand 1\n"
                             "dealer Bruno\nAnne bogus 5H\n";
  referee_game_t *g = referee_game_new(NULL);
  cr_assert_eq(referee_game_reset_at(g, 0), REFEREE_ERROR);
  cr_assert_eq(referee_game_reset_at(NULL, 5), REFEREE_ERROR);
  cr_assert_eq(referee_game_reset_at(g, 20), REFEREE_LEGAL);
  cr_assert_eq(referee_game_feed(g, text, sizeof text - 1), REFEREE_MALFORMED);
  cr_assert_eq(referee_game_verdict(g).line, 26, "at line %u", referee_game_verdict(g).line);
  cr_assert_eq(referee_game_reset_at(g, 1), REFEREE_LEGAL);
  cr_assert_eq(referee_game_record(g, text, sizeof text - 1), REFEREE_MALFORMED);
  cr_assert_eq(referee_game_verdict(g).line, 7, "record: lines from 1 again");
  referee_game_free(g);
}
