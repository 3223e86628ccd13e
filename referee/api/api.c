/* api.c — the embedding interface (referee.h) over the game driver: lines go
 * through the same reader and driver as files do, one at a time. */
#include "referee.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgr.h"
#include "game.h"
#include "ruleset.h"

struct referee_rules {
  ruleset_t rs;
};

struct referee_game {
  game_t *game;
  cgr_reader_t *reader;
  unsigned line;
  bool finished;
  char buf[CGR_MAX_LINE + 1];
};

referee_rules_t *referee_rules_load(const char *name_or_path, char *err, size_t err_len) {
  referee_rules_t *r = malloc(sizeof *r);
  rs_error_t e;
  if (!r) {
    if (err_len) snprintf(err, err_len, "out of memory");
    return NULL;
  }
  if (!rs_load(&r->rs, name_or_path, &e)) {
    if (err_len)
      snprintf(err, err_len, "%s:%u:%u: %s", e.file, e.line ? e.line : 1, e.col ? e.col : 1,
               e.message);
    free(r);
    return NULL;
  }
  return r;
}

void referee_rules_free(referee_rules_t *rules) { free(rules); }

const char *referee_rules_name(const referee_rules_t *rules) { return rules->rs.name; }

static void ignore_record(const record_t *rec, void *ctx) {
  (void)rec;
  (void)ctx;
}

referee_game_t *referee_game_new(const referee_rules_t *rules) {
  referee_game_t *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  g->game = rules ? game_new_with_rules(&rules->rs, ignore_record, NULL)
                  : game_new(NULL, ignore_record, NULL);
  g->reader = cgr_open_lines();
  if (!g->game || !g->reader) {
    referee_game_free(g);
    return NULL;
  }
  game_begin_file(g->game, "<embedded>");
  return g;
}

void referee_game_free(referee_game_t *g) {
  if (!g) return;
  game_free(g->game);
  cgr_close(g->reader);
  free(g);
}

/* REFEREE_* values are the numbers record_status() gives (referee.h). */
static referee_status_t status_of(const record_t *r) {
  return (referee_status_t)record_status(r);
}

referee_status_t referee_game_line(referee_game_t *g, const char *line) {
  const record_t *r = game_record(g->game);
  if (g->finished || status_of(r) != REFEREE_LEGAL) return status_of(r);
  const stmt_t *st = NULL;
  stmt_error_t err;
  int rc = cgr_parse_line(g->reader, line, strlen(line), ++g->line, &st, &err);
  if (rc > 0) game_statement(g->game, st);
  else if (rc < 0) game_malformed(g->game, &err, line);
  return status_of(game_record(g->game));
}

referee_status_t referee_game_action(referee_game_t *g, const referee_action_t *a) {
  int n = snprintf(g->buf, sizeof g->buf, "%s %s", a->player ? a->player : "",
                   a->verb ? a->verb : "");
  if (a->ref && n > 0 && (size_t)n < sizeof g->buf)
    n += snprintf(g->buf + n, sizeof g->buf - (size_t)n, " %s", a->ref);
  for (size_t i = 0; i < a->ncards && n > 0 && (size_t)n < sizeof g->buf; i++)
    n += snprintf(g->buf + n, sizeof g->buf - (size_t)n, " %s", a->cards[i]);
  if (n < 0 || (size_t)n >= sizeof g->buf) g->buf[sizeof g->buf - 1] = '\0';
  return referee_game_line(g, g->buf);
}

referee_status_t referee_game_finish(referee_game_t *g) {
  if (!g->finished) {
    g->finished = true;
    game_end_file(g->game, g->line);
  }
  return status_of(game_record(g->game));
}

referee_verdict_t referee_game_verdict(const referee_game_t *g) {
  const record_t *r = game_record(g->game);
  const verdict_t *v = &r->verdict;
  referee_verdict_t out = {status_of(r), NULL, v->line, v->col, v->message, rule_key_name(v->rule)};
  if (v->status == VERDICT_ILLEGAL) out.code = code_name(v->code);
  if (v->status == VERDICT_LEGAL && !r->ruleset_error) out.line = out.col = 0;
  return out;
}

int referee_game_teams(const referee_game_t *g) { return game_record(g->game)->nteams; }

const char *referee_game_team_name(const referee_game_t *g, int team) {
  const record_t *r = game_record(g->game);
  return team >= 0 && team < r->nteams ? r->team[team] : NULL;
}

long referee_game_total(const referee_game_t *g, int team) {
  const record_t *r = game_record(g->game);
  return team >= 0 && team < r->nteams ? r->total[team] : 0;
}

int referee_game_hands(const referee_game_t *g) { return game_record(g->game)->nhands; }

long referee_game_hand_score(const referee_game_t *g, int h, int team) {
  const record_t *r = game_record(g->game);
  if (h < 0 || h >= r->nhands || team < 0 || team >= r->nteams) return 0;
  return r->hands[h].team[team].total;
}

const char *referee_game_to_act(const referee_game_t *g) {
  const engine_t *e = game_hand(g->game);
  if (!e) return NULL;
  eng_view_t v;
  eng_view(e, &v);
  return v.over || !v.setup_done ? NULL : v.player_name[v.current];
}

int referee_game_hand_size(const referee_game_t *g, const char *player) {
  const engine_t *e = game_hand(g->game);
  if (!e) return -1;
  eng_view_t v;
  eng_view(e, &v);
  for (int p = 0; p < v.nplayers; p++)
    if (strcmp(v.player_name[p], player) == 0) return (int)v.hand[p].total;
  return -1;
}

bool referee_game_over(const referee_game_t *g) { return game_record(g->game)->game_over; }

int referee_game_winner(const referee_game_t *g) { return game_record(g->game)->winner; }
