/* legal_lines < RECORDS — before each line of the records on standard input,
 * every legal next action as the C library lists it (referee_game_legal), a
 * line each after "@N COUNT" (N: the line about to be fed); the records are
 * judged one after another in one game, reset at each `cgr` line. The npm
 * package's test (referee/js/test/legal.test.js) prints the same from the
 * WebAssembly build and compares.
 * legal_lines --state < RECORDS — instead, after each line, the state
 * (referee_game_state) as one line of JSON, in the shape of the package's
 * Game.state (referee/js/index.js), which referee/js/test/state.test.js
 * compares with it. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee.h"

static void list(referee_game_t *g, unsigned n) {
  int count = referee_game_legal(g, NULL, 0, 0);
  printf("@%u %d\n", n, count);
  if (count <= 0) return;
  referee_legal_t *out = malloc((size_t)count * sizeof *out);
  if (!out) exit(3);
  int got = referee_game_legal(g, out, count, 0);
  for (int i = 0; i < got && i < count; i++) printf("%s\n", out[i].line);
  free(out);
}

static void json_str(const char *key, const char *s) {
  printf("\"%s\":", key);
  if (!s) {
    printf("null,");
    return;
  }
  putchar('"');
  for (; *s; s++) printf(*s == '"' || *s == '\\' ? "\\%c" : (unsigned char)*s < 0x20 ? "\\u%04x" : "%c",
                         (unsigned char)*s);
  printf("\",");
}

static void json_cards(const char *key, const referee_cards_t *c) {
  printf("\"%s\":[", key);
  const char *sep = "";
  for (int k = 0; k < REFEREE_CARD_KINDS; k++)
    for (int n = 0; n < c->count[k]; n++, sep = ",") printf("%s\"%s\"", sep, referee_card_name(k));
  printf("],");
}

static const char *bool_word(bool b) { return b ? "true" : "false"; }

static const char *who(const referee_state_t *s, int p) {
  return p >= 0 && p < s->players ? s->player[p].name : NULL;
}

static const char *team_name(const referee_state_t *s, int t) {
  return t >= 0 && t < s->teams ? s->team[t].name : NULL;
}

static void json_players(const referee_state_t *s) {
  printf("\"players\":[");
  for (int p = 0; p < s->players; p++) {
    const referee_player_state_t *ps = &s->player[p];
    printf("%s{", p ? "," : "");
    json_str("name", ps->name);
    json_str("team", team_name(s, ps->team));
    json_cards("hand", &ps->hand);
    json_cards("foot", &ps->foot);
    printf("\"hasFoot\":%s,\"melded\":%s}", bool_word(ps->has_foot), bool_word(ps->melded));
  }
  printf("],\"teams\":[");
  for (int t = 0; t < s->teams; t++) {
    const referee_team_state_t *ts = &s->team[t];
    printf("%s{", t ? "," : "");
    json_str("name", ts->name);
    printf("\"total\":%ld,\"opened\":%s,\"redThrees\":%d,\"melds\":%d,\"canastas\":%d,"
           "\"setAside\":%d}",
           ts->total, bool_word(ts->opened), ts->red_threes, ts->melds, ts->canastas, s->set_aside[t]);
  }
  printf("],");
}

static void json_melds(const referee_state_t *s) {
  static const char *const kinds[] = {"set",         "sequence",   "wild_set", "black_threes",
                                      "natural_set", "wild_cards", "rank_rule"};
  printf("\"melds\":[");
  for (int i = 0; i < s->melds; i++) {
    const referee_meld_t *m = &s->meld[i];
    printf("%s{", i ? "," : "");
    json_str("team", team_name(s, m->team));
    printf("\"number\":%d,\"kind\":\"%s\",\"rank\":%d,\"suit\":%d,", m->number, kinds[m->kind],
           m->rank, m->suit);
    json_cards("cards", &m->cards);
    printf("\"naturals\":%d,\"wilds\":%d,\"canasta\":%s}", m->naturals, m->wilds,
           bool_word(m->canasta));
  }
  printf("],");
}

static void state(const referee_game_t *g) {
  static const char *const freezes[] = {"cover", "card", "always", "unopened", "until_taken", NULL};
  static referee_state_t s;
  if (referee_game_state(g, &s, sizeof s) < 0) exit(3);
  printf("{\"inHand\":%s,\"hand\":%d,\"dealt\":%s,\"handOver\":%s,", bool_word(s.in_hand), s.hand,
         bool_word(s.dealt), bool_word(s.over));
  json_str("toAct", who(&s, s.to_act));
  json_str("dealer", who(&s, s.dealer));
  printf("\"drawn\":%s,\"owed\":%d,", bool_word(s.drawn), s.owed);
  json_str("owedPlayer", who(&s, s.owed_player));
  printf("\"asked\":%s,", bool_word(s.asked));
  json_str("packetPlayer", who(&s, s.packet_player));
  json_str("outPlayer", who(&s, s.out_player));
  json_str("top", referee_card_name(s.top));
  printf("\"pile\":%u,", s.pile);
  json_str("frozen", freezes[s.frozen]);
  json_str("freezeRule", s.freeze_rule);
  json_str("freezeCard", referee_card_name(s.freeze_card));
  printf("\"blocked\":%s,\"stock\":%u,\"packets\":%d,\"feet\":%d,", bool_word(s.blocked),
         s.stock, s.packets, s.feet);
  json_players(&s);
  json_melds(&s);
  json_cards("asideDue", &s.aside_due);
  json_str("winner", team_name(&s, referee_game_winner(g)));
  printf("\"hands\":%d,\"over\":%s}\n", s.hands_scored, bool_word(referee_game_over(g)));
}

int main(int argc, char **argv) {
  bool states = argc > 1 && strcmp(argv[1], "--state") == 0;
  referee_game_t *g = referee_game_new(NULL);
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  unsigned n = 0;
  if (!g) return 3;
  while ((len = getline(&line, &cap, stdin)) >= 0) {
    if (len > 0 && line[len - 1] == '\n') line[--len] = '\0';
    n++;
    if (strncmp(line, "cgr ", 4) == 0) {
      referee_game_finish(g);
      referee_game_reset_at(g, n);
    }
    if (!states) list(g, n);
    referee_game_line(g, line);
    if (states) state(g);
  }
  free(line);
  referee_game_free(g);
  return 0;
}
