/* The embedding API (referee.h) line by line: a line is settled when it is
 * fed (a game is one record, no later line can claim a malformed one), and a
 * NULL argument is an error status, never a crash. Only calls of the first
 * referee.h, so that these tests also run against the library of 8e9e80a
 * (where they fail: MALFORMED came with the next line, NULL crashed). */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee.h"

/* The first lines of corpus/classic/illegal-go-out-requirement.cgr, up to
 * Anne's draw: a hand in play, Anne to meld (line 10 is the draw). */
static const char *const opening[] = {
    "cgr 1",
    "variant classic",
    "player Anne",
    "player Bruno",
    "hand 1",
    "dealer Bruno",
    "deal Anne AH AS AD KH KS KD QH QS QD JH JS JD 9H 9S 9D",
    "deal Bruno 8H 8S 7H 7S 6S 4S TH TS TD 6H 5H 5S 4H 7D 8C",
    "pile 8D",
    "Anne draw 5C",
};
enum { OPENING = sizeof opening / sizeof opening[0] };

static referee_game_t *game_in_play(void) {
  referee_game_t *g = referee_game_new(NULL);
  cr_assert_not_null(g);
  for (size_t i = 0; i < OPENING; i++)
    cr_assert_eq(referee_game_line(g, opening[i]), REFEREE_LEGAL, "line %zu: %s", i + 1,
                 referee_game_verdict(g).message);
  return g;
}

/* The line is MALFORMED when fed, at its own line and column, and stays so. */
static void malformed_at_once(const char *line, unsigned col, const char *says) {
  referee_game_t *g = game_in_play();
  unsigned at = OPENING + 1;
  cr_assert_eq(referee_game_line(g, line), REFEREE_MALFORMED,
               "\"%.40s\" returned %d, not MALFORMED, when fed", line,
               referee_game_verdict(g).status);
  referee_verdict_t v = referee_game_verdict(g);
  cr_assert_eq(v.status, REFEREE_MALFORMED);
  cr_assert_eq(v.line, at, "at line %u, fed as line %u", v.line, at);
  cr_assert_eq(v.col, col, "at column %u, not %u", v.col, col);
  cr_assert_null(v.code);
  cr_assert(strstr(v.message, says), "message: %s", v.message);
  /* later lines are ignored; the verdict stands */
  cr_assert_eq(referee_game_line(g, "Anne meld AH AS AD"), REFEREE_MALFORMED);
  cr_assert_eq(referee_game_finish(g), REFEREE_MALFORMED);
  cr_assert_eq(referee_game_verdict(g).line, at);
  referee_game_free(g);
}

Test(api, an_unknown_verb_is_malformed_when_fed) {
  malformed_at_once("Anne bogus 5H", 6, "expected a verb");
}

Test(api, an_unknown_card_is_malformed_when_fed) {
  malformed_at_once("Anne meld 5X", 11, "5X");
}

/* The "Anne draw 5X", in place of the draw (line 10). */
Test(api, an_unknown_card_drawn_is_malformed_when_fed) {
  referee_game_t *g = referee_game_new(NULL);
  for (size_t i = 0; i + 1 < OPENING; i++) referee_game_line(g, opening[i]);
  cr_assert_eq(referee_game_line(g, "Anne draw 5X"), REFEREE_MALFORMED);
  referee_verdict_t v = referee_game_verdict(g);
  cr_assert_eq(v.line, OPENING);
  cr_assert_eq(v.col, 11);
  referee_game_free(g);
}

Test(api, a_line_too_long_is_malformed_when_fed) {
  size_t n = 70 * 1024;
  char *line = malloc(n + 1);
  memset(line, 'A', n);
  memcpy(line, "Anne discard ", 13);
  line[n] = '\0';
  malformed_at_once(line, 1, "longer than");
  free(line);
}

Test(api, a_malformed_first_line_is_malformed_when_fed) {
  referee_game_t *g = referee_game_new(NULL);
  cr_assert_eq(referee_game_line(g, "cgr 1"), REFEREE_LEGAL);
  cr_assert_eq(referee_game_line(g, "variant"), REFEREE_MALFORMED);
  cr_assert_eq(referee_game_verdict(g).line, 2);
  referee_game_free(g);
}

/* A byte-order mark before the first line is skipped, as in a file (an
 * editor's UTF-8 text): the game reads on, and positions on the line after
 * it count from the `c` of `cgr`. */
Test(api, a_byte_order_mark_on_the_first_line_is_skipped) {
  referee_game_t *g = referee_game_new(NULL);
  cr_assert_eq(referee_game_line(g, "\xef\xbb\xbf" "cgr 1"), REFEREE_LEGAL, "%s",
               referee_game_verdict(g).message);
  for (size_t i = 1; i < OPENING; i++)
    cr_assert_eq(referee_game_line(g, opening[i]), REFEREE_LEGAL, "line %zu", i + 1);
  referee_game_free(g);
  g = referee_game_new(NULL); /* only on the first line: elsewhere it is no text */
  referee_game_line(g, "cgr 1");
  cr_assert_eq(referee_game_line(g, "\xef\xbb\xbf" "variant classic"), REFEREE_MALFORMED);
  referee_game_free(g);
}

/* A game is one record: a second `cgr` line does not start another one
 * (whose verdict would replace the first's, its hands and totals lost). */
Test(api, a_second_record_is_malformed) {
  referee_game_t *g = game_in_play();
  cr_assert_eq(referee_game_line(g, "cgr 1"), REFEREE_MALFORMED);
  referee_verdict_t v = referee_game_verdict(g);
  cr_assert_eq(v.line, OPENING + 1);
  cr_assert_eq(v.col, 1);
  cr_assert(strstr(v.message, "one record"), "%s", v.message);
  cr_assert_eq(referee_game_teams(g), 2, "the record's header is kept");
  cr_assert_str_eq(referee_game_team_name(g, 1), "Bruno");
  referee_game_free(g);

  g = game_in_play();
  cr_assert_eq(referee_game_line(g, "cgr 1 x"), REFEREE_MALFORMED);
  cr_assert_eq(referee_game_verdict(g).line, OPENING + 1);
  cr_assert_eq(referee_game_teams(g), 2, "the record's header is kept");
  referee_game_free(g);
}

/* An action struct that does not fit in a line is malformed, not cut to
 * another action. */
Test(api, an_action_longer_than_a_line_is_malformed) {
  referee_game_t *g = game_in_play();
  enum { N = 30000 };
  const char **cards = malloc(N * sizeof *cards);
  for (size_t i = 0; i < N; i++) cards[i] = "5C";
  referee_action_t a = {"Anne", "discard", NULL, cards, N};
  cr_assert_eq(referee_game_action(g, &a), REFEREE_MALFORMED);
  referee_verdict_t v = referee_game_verdict(g);
  cr_assert_eq(v.line, OPENING + 1);
  cr_assert(strstr(v.message, "longer than"), "%s", v.message);
  free(cards);
  referee_game_free(g);
}

/* ---- NULL arguments --------------------------------------------------- */

Test(api_null, a_null_game_is_an_error_for_every_call) {
  cr_assert_eq(referee_game_line(NULL, "cgr 1"), REFEREE_ERROR);
  const char *cards[] = {"5C"};
  referee_action_t a = {"Anne", "discard", NULL, cards, 1};
  cr_assert_eq(referee_game_action(NULL, &a), REFEREE_ERROR);
  cr_assert_eq(referee_game_finish(NULL), REFEREE_ERROR);
  referee_verdict_t v = referee_game_verdict(NULL);
  cr_assert_eq(v.status, REFEREE_ERROR);
  cr_assert_not_null(v.message);
  cr_assert_eq(referee_game_teams(NULL), -1);
  cr_assert_null(referee_game_team_name(NULL, 0));
  cr_assert_eq(referee_game_total(NULL, 0), 0);
  cr_assert_eq(referee_game_hands(NULL), -1);
  cr_assert_eq(referee_game_hand_score(NULL, 0, 0), 0);
  cr_assert_null(referee_game_to_act(NULL));
  cr_assert_eq(referee_game_hand_size(NULL, "Anne"), -1);
  cr_assert_not(referee_game_over(NULL));
  cr_assert_eq(referee_game_winner(NULL), -1);
  referee_game_free(NULL);
}

/* A NULL line, action or name is the caller's mistake: an error status, and
 * the game goes on as if the call had not been made. */
Test(api_null, a_null_line_action_or_name_is_an_error_and_changes_nothing) {
  referee_game_t *g = game_in_play();
  cr_assert_eq(referee_game_line(g, NULL), REFEREE_ERROR);
  cr_assert_eq(referee_game_action(g, NULL), REFEREE_ERROR);
  const char *cards[] = {"AH", "AS", "AD"};
  const char *holes[] = {"AH", NULL, "AD"};
  referee_action_t no_player = {NULL, "meld", NULL, cards, 3};
  referee_action_t no_verb = {"Anne", NULL, NULL, cards, 3};
  referee_action_t no_cards = {"Anne", "meld", NULL, NULL, 3};
  referee_action_t a_null_card = {"Anne", "meld", NULL, holes, 3};
  cr_assert_eq(referee_game_action(g, &no_player), REFEREE_ERROR);
  cr_assert_eq(referee_game_action(g, &no_verb), REFEREE_ERROR);
  cr_assert_eq(referee_game_action(g, &no_cards), REFEREE_ERROR);
  cr_assert_eq(referee_game_action(g, &a_null_card), REFEREE_ERROR);
  cr_assert_eq(referee_game_hand_size(g, NULL), -1);
  referee_verdict_t v = referee_game_verdict(g);
  cr_assert_eq(v.status, REFEREE_LEGAL, "the game was changed: %s", v.message);
  cr_assert_eq(referee_game_hand_size(g, "Anne"), 16);
  referee_action_t meld = {"Anne", "meld", NULL, cards, 3};
  cr_assert_eq(referee_game_action(g, &meld), REFEREE_LEGAL, "%s",
               referee_game_verdict(g).message);
  cr_assert_eq(referee_game_hand_size(g, "Anne"), 13);
  referee_game_free(g);
}

Test(api_null, rules_with_a_null_name_or_error_buffer) {
  char err[64] = "";
  cr_assert_null(referee_rules_load(NULL, err, sizeof err));
  cr_assert(err[0], "no reason given");
  cr_assert_null(referee_rules_load("no-such-rules", NULL, 10));
  cr_assert_null(referee_rules_load("no-such-rules.yaml", NULL, 10));
  cr_assert_null(referee_rules_name(NULL));
  referee_rules_free(NULL);
  referee_rules_t *r = referee_rules_load("classic", NULL, 0);
  cr_assert_not_null(r);
  cr_assert_str_eq(referee_rules_name(r), "classic");
  referee_rules_free(r);
}
