/* referee_game_state held against the record's own text, on every corpus
 * record fed line by line (api_corpus.h): after each legal `deal` or `foot`
 * line the player's hand or foot is the line's cards; after each legal
 * draw, meld, add or discard the player's hand changed by the line's cards
 * exactly (drawn in, laid or thrown out), the team's melded cards grew by
 * those of a meld or an add, the stock shrank by the cards drawn, and a
 * discard is the pile's top. The oracle is the record, not the engine. Fails
 * before referee_game_state existed (it does not link). */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_corpus.h"
#include "referee.h"

/* The card a record's word names, -1 when it is not one of the plain
 * two-letter names. */
static int card_of(const char *w, size_t n) {
  for (int c = 0; c < REFEREE_CARD_KINDS && n == 2; c++)
    if (memcmp(referee_card_name(c), w, 2) == 0) return c;
  return -1;
}

/* The line's words from `from` on, as counts; false when one is not a card. */
static bool cards_from(const char *line, int from, int count[REFEREE_CARD_KINDS], int *n) {
  memset(count, 0, REFEREE_CARD_KINDS * sizeof *count);
  *n = 0;
  int word = 0;
  for (const char *p = line; *p;) {
    while (*p == ' ') p++;
    if (!*p || *p == '#') break;
    size_t len = strcspn(p, " ");
    if (word++ >= from) {
      int c = card_of(p, len);
      if (c < 0) return false;
      count[c]++, ++*n;
    }
    p += len;
  }
  return word > from;
}

static int player_named(const referee_state_t *s, const char *line, size_t len) {
  for (int p = 0; p < s->players; p++)
    if (strlen(s->player[p].name) == len && memcmp(s->player[p].name, line, len) == 0) return p;
  return -1;
}

static void hand_is(const referee_cards_t *got, const int want[], const api_record_t *rec,
                    unsigned line, const char *what) {
  unsigned total = 0;
  for (int c = 0; c < REFEREE_CARD_KINDS; c++) {
    cr_assert_eq(got->count[c], want[c], "%s #%d line %u: %s holds %u %s, the record %d",
                 rec->file, rec->record, line, what, got->count[c], referee_card_name(c), want[c]);
    total += got->count[c];
  }
  cr_assert_eq(got->total, total, "%s line %u: total %u, cards %u", rec->file, line, got->total, total);
}

static unsigned team_melded(const referee_state_t *s, int team) {
  unsigned n = 0;
  for (int i = 0; i < s->melds; i++)
    if (s->meld[i].team == team) n += s->meld[i].cards.total;
  return n;
}

/* `deal NAME C...` and `foot NAME C...`: the player's cards are the line's. */
static void setup_line(const referee_state_t *s, const char *l, const api_record_t *rec, unsigned at) {
  bool deal = strncmp(l, "deal ", 5) == 0, foot = strncmp(l, "foot ", 5) == 0;
  int want[REFEREE_CARD_KINDS], n;
  if ((!deal && !foot) || !cards_from(l, 2, want, &n)) return;
  int p = player_named(s, l + 5, strcspn(l + 5, " "));
  cr_assert_geq(p, 0, "%s line %u: no player", rec->file, at);
  hand_is(deal ? &s->player[p].hand : &s->player[p].foot, want, rec, at, deal ? "the hand" : "the foot");
}

/* PLAYER draw|meld|add|discard C...: the hand changed by the line's cards. */
static void action_line(const referee_state_t *b, const referee_state_t *a, const char *l,
                        const api_record_t *rec, unsigned at) {
  size_t name = strcspn(l, " ");
  int p = player_named(b, l, name), want[REFEREE_CARD_KINDS], n;
  const char *verb = l + name + (l[name] == ' ');
  int sign = strncmp(verb, "draw ", 5) == 0 ? 1 : -1;
  bool laid = strncmp(verb, "meld ", 5) == 0 || strncmp(verb, "add ", 4) == 0;
  bool discard = strncmp(verb, "discard ", 8) == 0;
  if (p < 0 || (sign < 0 && !laid && !discard) || !a->in_hand || a->over || a->hand != b->hand ||
      a->player[p].has_foot != b->player[p].has_foot || a->owed || b->owed ||
      !cards_from(l, strncmp(verb, "add ", 4) == 0 ? 3 : 2, want, &n))
    return; /* the hand over, a foot picked up, red threes replaced: other cards move too */
  for (int c = 0; c < REFEREE_CARD_KINDS; c++) want[c] = b->player[p].hand.count[c] + sign * want[c];
  hand_is(&a->player[p].hand, want, rec, at, "the hand after the action");
  int t = b->player[p].team;
  if (laid)
    cr_assert_eq(team_melded(a, t), team_melded(b, t) + (unsigned)n, "%s line %u: melded", rec->file, at);
  if (sign > 0) cr_assert_eq(a->stock + (unsigned)n, b->stock, "%s line %u: the stock", rec->file, at);
  if (discard) {
    cr_assert_eq(a->pile, b->pile + 1, "%s line %u: the pile", rec->file, at);
    cr_assert_eq(a->top, card_of(verb + 8, 2), "%s line %u: the top", rec->file, at);
  }
}

static void check(const api_record_t *rec, void *ctx) {
  int *lines = ctx;
  referee_game_t *g = referee_game_new(NULL);
  static referee_state_t before, after;
  for (unsigned i = 0; i < rec->nlines; i++) {
    cr_assert_eq(referee_game_state(g, &before, sizeof before), 0);
    if (referee_game_line(g, rec->lines[i]) != REFEREE_LEGAL) break;
    referee_game_state(g, &after, sizeof after);
    cr_assert_eq(after.to_act >= 0 ? referee_game_hand_size(g, after.player[after.to_act].name) : -1,
                 after.to_act >= 0 ? (int)after.player[after.to_act].hand.total : -1);
    setup_line(&after, rec->lines[i], rec, i + 1);
    if (before.in_hand) action_line(&before, &after, rec->lines[i], rec, i + 1);
    ++*lines;
  }
  referee_game_free(g);
}

Test(api_state, hands_and_melds_follow_the_record_on_the_corpus, .timeout = 600) {
  int lines = 0, alone = 0;
  api_corpus_walk(check, &lines, &alone);
  cr_assert_gt(lines, 10000, "only %d lines", lines);
  fprintf(stderr, "api_state: %d lines of %d records held against their text\n", lines, alone);
}

/* Card numbers: the names records write. */
Test(api_state, card_names) {
  cr_assert_str_eq(referee_card_name(0), "2S");
  cr_assert_str_eq(referee_card_name(4 * 5 + 1), "7H");
  cr_assert_str_eq(referee_card_name(4 * 8 + 3), "TC");
  cr_assert_str_eq(referee_card_name(REFEREE_JOKER), "JK");
  cr_assert_null(referee_card_name(-1));
  cr_assert_null(referee_card_name(REFEREE_CARD_KINDS));
}

/* A classic hand: the state between the deal and the first draw, and after
 * a meld (a canasta) and a discard. */
Test(api_state, a_hand_in_play) {
  static const char text[] =
      "cgr 1\nvariant classic\nplayer Anne\nplayer Bruno\nhand 1\ndealer Bruno\n"
      "deal Anne KH KH KS KS KD KD KC KC AH AS AD 9H 9H 9S 9D\n"
      "deal Bruno QH QS QD JH JS JD TH TS TD 8H 8S 7H 7S 6S 4S\n"
      "pile 8D\n";
  referee_game_t *g = referee_game_new(NULL);
  referee_state_t s;
  cr_assert_eq(referee_game_feed(g, text, sizeof text - 1), REFEREE_LEGAL);
  cr_assert_eq(referee_game_state(g, &s, sizeof s), 0);
  cr_assert(s.in_hand);
  cr_assert_eq(s.hand, 1);
  cr_assert_eq(s.players, 2);
  cr_assert_eq(s.teams, 2);
  cr_assert_str_eq(s.player[1].name, "Bruno");
  cr_assert_eq(s.dealer, 1);
  cr_assert_eq(s.top, 4 * 6 + 2, "the top is %s", referee_card_name(s.top));
  cr_assert_eq(s.pile, 1);
  cr_assert_eq(s.stock, 108 - 31);
  cr_assert_eq(s.player[0].hand.total, 15);
  cr_assert_eq(s.player[0].hand.count[4 * 11 + 1], 2, "two KH");
  cr_assert_eq(s.to_act, -1, "nobody acts while the hand is dealt");
  cr_assert(!s.dealt);
  cr_assert_eq(referee_game_line(g, "Anne draw 6H"), REFEREE_LEGAL);
  referee_game_state(g, &s, sizeof s);
  cr_assert(s.dealt);
  cr_assert_eq(s.to_act, 0);
  cr_assert_eq(s.stock, 108 - 32);
  cr_assert_eq(s.player[0].hand.total, 16);
  cr_assert_eq(s.frozen, REFEREE_FREEZE_NONE, "frozen: %d", s.frozen); /* (8D: no freezer) */
  cr_assert_null(s.freeze_rule);
  cr_assert_eq(referee_game_line(g, "Anne meld KH KH KS KS KD KD KC KC"), REFEREE_LEGAL);
  referee_game_state(g, &s, sizeof s);
  cr_assert(s.drawn);
  cr_assert_eq(s.to_act, 0);
  cr_assert_eq(s.melds, 1);
  cr_assert_eq(s.meld[0].kind, REFEREE_MELD_SET);
  cr_assert_eq(s.meld[0].rank, 11);
  cr_assert_eq(s.meld[0].suit, -1);
  cr_assert_eq(s.meld[0].number, 1);
  cr_assert_eq(s.meld[0].naturals, 8);
  cr_assert(s.meld[0].canasta);
  cr_assert_eq(s.team[0].canastas, 1);
  cr_assert_eq(referee_game_line(g, "Anne discard 9D"), REFEREE_LEGAL);
  referee_game_state(g, &s, sizeof s);
  cr_assert_eq(s.to_act, 1);
  cr_assert(!s.drawn);
  cr_assert_eq(s.top, 4 * 7 + 2);
  cr_assert_eq(s.pile, 2);
  cr_assert(s.team[0].opened, "opened once the turn's melding is judged");
  cr_assert(!s.team[1].opened);
  /* a wild card discarded freezes the pile (pile.frozen_by), for Bruno too */
  cr_assert_eq(referee_game_line(g, "Bruno draw 2C"), REFEREE_LEGAL);
  cr_assert_eq(referee_game_line(g, "Bruno discard 2C"), REFEREE_LEGAL);
  referee_game_line(g, "Anne draw 5S");
  referee_game_state(g, &s, sizeof s);
  cr_assert_eq(s.frozen, REFEREE_FREEZE_CARD, "frozen: %d", s.frozen);
  cr_assert_str_eq(s.freeze_rule, "pile.frozen_by");
  cr_assert_eq(s.freeze_card, 0 * 4 + 3, "by %s", referee_card_name(s.freeze_card));
  referee_game_free(g);
}

/* NULL is an error; a caller's older, shorter struct gets only its bytes. */
Test(api_state, null_and_a_shorter_struct) {
  referee_game_t *g = referee_game_new(NULL);
  referee_state_t s;
  cr_assert_eq(referee_game_state(NULL, &s, sizeof s), -1);
  cr_assert_eq(referee_game_state(g, NULL, sizeof s), -1);
  memset(&s, 0xa5, sizeof s);
  size_t part = offsetof(referee_state_t, player);
  cr_assert_eq(referee_game_state(g, &s, part), 0);
  cr_assert(!s.in_hand);
  cr_assert_eq(s.to_act, -1);
  const unsigned char *rest = (const unsigned char *)&s + part;
  for (size_t i = 0; i < sizeof s - part; i++) cr_assert_eq(rest[i], 0xa5, "byte %zu written", part + i);
  referee_game_free(g);
}

/* Cuban canasta (corpus/custom/cuban.yaml, set_aside.classes [black3]): a
 * pile taken with a black three in it leaves the three due, not in the
 * taker's hand; stated with `aside`, it is the team's. A hand of a game
 * `referee gen` wrote. */
static const char cuban[] =
    "cgr 1\nvariant cuban\nplayer Anne team NS\nplayer Bruno team EW\n"
    "player Chloe team NS\nplayer Denis team EW\nhand 1\ndealer Anne\n"
    "deal Anne 4C 8S 9C 2C 8D TS 9C 5C AC 2D 5S TC 8H\n"
    "deal Bruno 4H JC 6S TH JD JK 8C 7S 2H 9H 3S KD 6C\n"
    "deal Chloe 5H 5D 7H 6H TD 2D 7D 7D TS KS 7S 3C AS\n"
    "deal Denis KH 4D 4S 2S 9H QC KD 4H JD KS 5C QC AH\n"
    "stock 6C JK JK 7C 6S 9D 8D 9S 8C QS TH KH 2H TD JK 3S QD 4S JS 3C 6D 7H AH QS 5D AD "
    "AS KC QD JS 3H 2C JH 8S 6D JH 4C TC 6H 3D QH 8H 5H KC QH AC JC 9S 7C 5S 9D 3D AD 3H 4D\n"
    "pile 2S\n"
    "Bruno draw 6C\nBruno meld 2H JD JC JK\nBruno meld 6S 6C 6C\nBruno discard 9H\n"
    "Chloe draw JK\nChloe meld 2D 7S 7H 7D 7D JK\nChloe discard AS\n"
    "Denis draw JK\nDenis discard 5C\n"
    "Anne take 5S 5C\nAnne meld 2S 2D 2C 9H 9C 9C\nAnne meld 8S 8H 8D\nAnne discard AS\n"
    "Bruno draw 7C\nBruno discard 3S\nChloe draw 6S\nChloe add #2 5H 5D\nChloe discard KS\n";

static referee_game_t *cuban_game(referee_rules_t **rules) {
  char err[256] = "";
  *rules = referee_rules_load(SOURCE_DIR "/corpus/custom/cuban.yaml", err, sizeof err);
  cr_assert_not_null(*rules, "%s", err);
  referee_game_t *g = referee_game_new(*rules);
  cr_assert_eq(referee_game_feed(g, cuban, sizeof cuban - 1), REFEREE_LEGAL);
  return g;
}

Test(api_state, a_pile_taken_with_a_black_three_sets_it_aside) {
  referee_rules_t *rules;
  referee_game_t *g = cuban_game(&rules);
  referee_state_t s;
  const int three_s = 1 * 4 + 0, denis = 3, ew = 1;
  referee_game_state(g, &s, sizeof s);
  cr_assert_eq(s.aside_due.total, 0);
  cr_assert_eq(s.set_aside[0] + s.set_aside[1], 0);
  cr_assert_eq(referee_game_line(g, "Denis take KS KH"), REFEREE_LEGAL);
  referee_game_state(g, &s, sizeof s);
  cr_assert_eq(s.to_act, denis);
  cr_assert_eq(s.aside_due.total, 1, "due: %u cards", s.aside_due.total);
  cr_assert_eq(s.aside_due.count[three_s], 1, "the 3S is due");
  cr_assert_eq(s.player[denis].hand.count[three_s], 0, "the 3S is not in the hand");
  cr_assert_eq(s.set_aside[ew], 0);
  cr_assert_eq(referee_game_line(g, "Denis aside 3S"), REFEREE_LEGAL);
  referee_game_state(g, &s, sizeof s);
  cr_assert_eq(s.aside_due.total, 0);
  cr_assert_eq(s.aside_due.count[three_s], 0);
  cr_assert_eq(s.set_aside[ew], 1);
  cr_assert_eq(s.set_aside[0], 0);
  referee_game_free(g);
  referee_rules_free(rules);
}

/* A caller built before set_aside and aside_due existed passes the size
 * its struct ends at: the bytes after it stay as they were, even with a
 * card due. */
Test(api_state, an_older_struct_without_the_cards_set_aside) {
  referee_rules_t *rules;
  referee_game_t *g = cuban_game(&rules);
  cr_assert_eq(referee_game_line(g, "Denis take KS KH"), REFEREE_LEGAL);
  referee_state_t s, whole;
  referee_game_state(g, &whole, sizeof whole);
  cr_assert_eq(whole.aside_due.total, 1);
  memset(&s, 0xa5, sizeof s);
  size_t part = offsetof(referee_state_t, set_aside);
  cr_assert_eq(referee_game_state(g, &s, part), 0);
  cr_assert_eq(s.to_act, 3);
  cr_assert_eq(s.hands_scored, 0);
  const unsigned char *rest = (const unsigned char *)&s + part;
  for (size_t i = 0; i < sizeof s - part; i++) cr_assert_eq(rest[i], 0xa5, "byte %zu written", part + i);
  referee_game_free(g);
  referee_rules_free(rules);
}
