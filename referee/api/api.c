/* api.c — the embedding interface (referee.h) over the game driver: lines go
 * through the same reader and driver as files do, one at a time. A game is
 * one record, so each line is settled as it comes (a file's driver lets a
 * malformed line wait for the next statement, which may begin another
 * record). A NULL argument changes nothing and returns the "none" of the
 * call (referee.h). The API's own messages are in English: it has no
 * language to choose. */
#include "referee.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_private.h"

referee_rules_t *referee_rules_load(const char *name_or_path, char *err, size_t err_len) {
  bool say = err && err_len;
  if (!name_or_path) {
    if (say) snprintf(err, err_len, "no ruleset named: the name or path is NULL");
    return NULL;
  }
  referee_rules_t *r = malloc(sizeof *r);
  rs_error_t e;
  if (!r) {
    if (say) snprintf(err, err_len, "out of memory");
    return NULL;
  }
  if (!rs_load(&r->rs, name_or_path, &e)) {
    if (say && e.no_memory) snprintf(err, err_len, "out of memory");
    else if (say)
      snprintf(err, err_len, "%s:%u:%u: %s", e.file, e.line ? e.line : 1, e.col ? e.col : 1,
               e.message);
    free(r);
    return NULL;
  }
  return r;
}

void referee_rules_free(referee_rules_t *rules) { free(rules); }

const char *referee_rules_name(const referee_rules_t *rules) {
  return rules ? rules->rs.name : NULL;
}

static void ignore_record(const record_t *rec, void *ctx) {
  (void)rec;
  (void)ctx;
}

referee_game_t *referee_game_new(const referee_rules_t *rules) {
  referee_game_t *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  g->rules = rules;
  g->game = rules ? game_new_with_rules(&rules->rs, ignore_record, NULL)
                  : game_new(NULL, ignore_record, NULL);
  g->reader = cgr_open_lines();
  g->scratch = eng_new();
  if (!g->game || !g->reader || !g->scratch) {
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
  eng_free(g->scratch);
  referee_game_free(g->trial);
  api_legal_free(g->legal);
  free(g);
}

referee_status_t referee_game_reset(referee_game_t *g) {
  if (!g) return REFEREE_ERROR;
  game_reset(g->game);
  g->line = g->found_line = 0;
  g->finished = g->begun = g->no_memory = false;
  return REFEREE_LEGAL;
}

referee_status_t referee_game_reset_at(referee_game_t *g, unsigned first_line) {
  if (!g || !first_line) return REFEREE_ERROR;
  referee_game_reset(g);
  g->line = first_line - 1;
  return REFEREE_LEGAL;
}

referee_status_t referee_game_copy(referee_game_t *dst, const referee_game_t *src) {
  if (!dst || !src) return REFEREE_ERROR;
  if (dst == src) return referee_game_verdict(src).status;
  if (!game_copy(dst->game, src->game)) return REFEREE_NO_MEMORY;
  dst->rules = src->rules;
  dst->line = src->line;
  dst->found_line = src->found_line;
  dst->finished = src->finished;
  dst->begun = src->begun;
  dst->no_memory = src->no_memory;
  return referee_game_verdict(dst).status;
}

/* REFEREE_* values are the numbers record_status() gives (referee.h). */
static referee_status_t status_of(const record_t *r) {
  return (referee_status_t)record_status(r);
}

/* The status after the line just fed; the first line that is not legal is
 * where the verdict was found. */
static referee_status_t settled(referee_game_t *g, unsigned at) {
  if (game_out_of_memory(g->game) || cgr_out_of_memory(g->reader)) g->no_memory = true;
  if (g->no_memory) return REFEREE_NO_MEMORY;
  referee_status_t s = status_of(game_record(g->game));
  if (s != REFEREE_LEGAL && !g->found_line) g->found_line = at;
  return s;
}

static void malformed(referee_game_t *g, const stmt_error_t *err, const char *text) {
  game_malformed(g->game, err, text);
  game_settle(g->game);
}

/* The line as a string, for a malformed line's verdict: text need not end
 * with a NUL (referee_game_feed's lines lie in the caller's buffer). */
static const char *as_string(referee_game_t *g, const char *text, size_t len) {
  if (len > CGR_MAX_LINE) return "";
  memmove(g->buf, text, len);
  g->buf[len] = '\0';
  return g->buf;
}

/* One line of len bytes (len > CGR_MAX_LINE: too long, text unread). */
static referee_status_t feed(referee_game_t *g, const char *text, size_t len) {
  const record_t *r = game_record(g->game);
  if (g->no_memory) return REFEREE_NO_MEMORY;
  if (g->finished || status_of(r) != REFEREE_LEGAL) return status_of(r);
  const stmt_t *st = NULL;
  stmt_error_t err;
  int rc = cgr_parse_line(g->reader, text, len, ++g->line, &st, &err);
  if (rc < 0 && err.starts_record && g->begun) err.starts_record = false; /* one record */
  if (rc > 0 && st->kind == ST_CGR && g->begun) {
    err = (stmt_error_t){g->line, st->key.col, "", false, false};
    snprintf(err.message, sizeof err.message,
             "a second record: a game is one record (a new game judges the next)");
    rc = -1;
  }
  if (rc > 0) game_statement(g->game, st);
  else if (rc < 0) malformed(g, &err, as_string(g, text, len));
  if ((rc > 0 && st->kind == ST_CGR) || (rc < 0 && err.starts_record)) g->begun = true;
  return settled(g, g->line);
}

referee_status_t referee_game_line(referee_game_t *g, const char *line) {
  if (!g || !line) return REFEREE_ERROR;
  return feed(g, line, strlen(line));
}

referee_status_t referee_game_feed(referee_game_t *g, const char *text, size_t len) {
  if (!g || (!text && len)) return REFEREE_ERROR;
  referee_status_t s = referee_game_verdict(g).status;
  for (const char *end = text + len; text < end && s == REFEREE_LEGAL;) {
    const char *nl = memchr(text, '\n', (size_t)(end - text));
    size_t n = (size_t)((nl ? nl : end) - text);
    s = feed(g, text, n && nl && text[n - 1] == '\r' ? n - 1 : n);
    text += n + (nl != NULL);
  }
  return s;
}

referee_status_t referee_game_record(referee_game_t *g, const char *text, size_t len) {
  if (!g || (!text && len)) return REFEREE_ERROR;
  referee_game_reset(g);
  referee_game_feed(g, text, len);
  return referee_game_finish(g);
}

referee_verdict_t referee_game_try(referee_game_t *g, const char *line) {
  if (!g || !line) return referee_game_verdict(NULL);
  if (!g->trial) g->trial = referee_game_new(g->rules);
  if (!g->trial || referee_game_copy(g->trial, g) == REFEREE_NO_MEMORY)
    return (referee_verdict_t){REFEREE_NO_MEMORY, NULL, 0, 0,
                               "out of memory: the line was not tried", NULL, 0};
  referee_game_line(g->trial, line);
  return referee_game_verdict(g->trial);
}

/* Appends " word" to the line being built in g->buf at *n; false when it
 * does not fit in a line. */
static bool append(referee_game_t *g, size_t *n, const char *word) {
  size_t len = strlen(word);
  if (*n + 1 + len > CGR_MAX_LINE) return false;
  if (*n) g->buf[(*n)++] = ' ';
  memcpy(g->buf + *n, word, len);
  *n += len;
  g->buf[*n] = '\0';
  return true;
}

referee_status_t referee_game_action(referee_game_t *g, const referee_action_t *a) {
  if (!g || !a || !a->player || !a->verb || (a->ncards && !a->cards)) return REFEREE_ERROR;
  for (size_t i = 0; i < a->ncards; i++)
    if (!a->cards[i]) return REFEREE_ERROR;
  size_t n = 0;
  bool fits = append(g, &n, a->player) && append(g, &n, a->verb) &&
              (!a->ref || append(g, &n, a->ref));
  for (size_t i = 0; fits && i < a->ncards; i++) fits = append(g, &n, a->cards[i]);
  /* a line cut short would be judged as another action: too long is malformed */
  return feed(g, g->buf, fits ? n : CGR_MAX_LINE + 1);
}

referee_status_t referee_game_finish(referee_game_t *g) {
  if (!g) return REFEREE_ERROR;
  if (!g->finished) {
    g->finished = true;
    game_end_file(g->game, g->line);
  }
  return settled(g, g->line + 1);
}

referee_verdict_t referee_game_verdict(const referee_game_t *g) {
  if (!g) return (referee_verdict_t){REFEREE_ERROR, NULL, 0, 0, "no game (NULL)", NULL, 0};
  if (g->no_memory)
    return (referee_verdict_t){REFEREE_NO_MEMORY, NULL, 0, 0,
                               "out of memory: the record was not judged", NULL, 0};
  const record_t *r = game_record(g->game);
  const verdict_t *v = &r->verdict;
  referee_verdict_t out = {status_of(r),          NULL, v->line, v->col, v->message,
                           rule_key_name(v->rule), g->found_line};
  if (v->status == VERDICT_ILLEGAL) out.code = code_name(v->code);
  if (v->status == VERDICT_LEGAL && !r->ruleset_error) out.line = out.col = 0;
  return out;
}

static const referee_pending_when_t when_of[] = {
    [PEND_TURN_END] = REFEREE_PENDING_TURN_END,
    [PEND_NOT_OUT] = REFEREE_PENDING_NOT_OUT,
    [PEND_LAST_DISCARD] = REFEREE_PENDING_LAST_DISCARD,
};

int referee_game_pending(referee_game_t *g, referee_pending_t *out, int max) {
  if (!g || (!out && max > 0)) return -1;
  const engine_t *e = game_hand(g->game);
  if (!e || g->finished || g->no_memory || status_of(game_record(g->game)) != REFEREE_LEGAL)
    return 0;
  int n = eng_pending(e, g->scratch, g->pending, MAX_PENDING);
  for (int i = 0; i < n && i < max && i < MAX_PENDING; i++) {
    const verdict_t *v = &g->pending[i].v;
    out[i] = (referee_pending_t){code_name(v->code), v->line, v->col, v->message,
                                 rule_key_name(v->rule), when_of[g->pending[i].when]};
  }
  return n;
}

int referee_game_teams(const referee_game_t *g) {
  return g ? game_record(g->game)->nteams : -1;
}

const char *referee_game_team_name(const referee_game_t *g, int team) {
  if (!g) return NULL;
  const record_t *r = game_record(g->game);
  return team >= 0 && team < r->nteams ? r->team[team] : NULL;
}

long referee_game_total(const referee_game_t *g, int team) {
  if (!g) return 0;
  const record_t *r = game_record(g->game);
  return team >= 0 && team < r->nteams ? r->total[team] : 0;
}

int referee_game_hands(const referee_game_t *g) { return g ? game_record(g->game)->nhands : -1; }

long referee_game_hand_score(const referee_game_t *g, int h, int team) {
  if (!g) return 0;
  const record_t *r = game_record(g->game);
  if (h < 0 || h >= r->nhands || team < 0 || team >= r->nteams) return 0;
  return r->hands[h].team[team].total;
}

const char *referee_game_to_act(const referee_game_t *g) {
  const engine_t *e = g ? game_hand(g->game) : NULL;
  if (!e) return NULL;
  eng_view_t v;
  eng_view(e, &v);
  return v.over || !v.setup_done ? NULL : v.player_name[v.current];
}

int referee_game_hand_size(const referee_game_t *g, const char *player) {
  const engine_t *e = g && player ? game_hand(g->game) : NULL;
  if (!e) return -1;
  eng_view_t v;
  eng_view(e, &v);
  for (int p = 0; p < v.nplayers; p++)
    if (strcmp(v.player_name[p], player) == 0) return (int)v.hand[p].total;
  return -1;
}

bool referee_game_over(const referee_game_t *g) { return g && game_record(g->game)->game_over; }

int referee_game_winner(const referee_game_t *g) { return g ? game_record(g->game)->winner : -1; }
