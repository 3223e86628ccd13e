/* game.c — the record level: header, the sequence of hands, totals, target.
 *
 * States of a record: HEADER (before the first hand), SETUP (a hand's deal
 * lines), PLAY (actions), SCORED (the hand is over and scored; a `score`
 * line may follow), DONE (a verdict other than legal was given; the rest of
 * the record is skipped). */
#define _POSIX_C_SOURCE 200809L
#include "game.h"

#include <assert.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_private.h"
#include "i18n.h"

game_t *game_new(const char *forced_rules, game_callback_t cb, void *ctx) {
  game_t *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  g->eng = eng_new();
  if (!g->eng) {
    free(g);
    return NULL;
  }
  g->cb = cb;
  g->ctx = ctx;
  g->forced_rules = forced_rules;
  return g;
}

game_t *game_new_with_rules(const ruleset_t *rules, game_callback_t cb, void *ctx) {
  game_t *g = game_new(rules->name, cb, ctx);
  if (g) g->forced_rs = rules;
  return g;
}

const record_t *game_record(const game_t *g) { return &g->rec; }

const engine_t *game_hand(const game_t *g) {
  return g->state == R_SETUP || g->state == R_PLAY ? g->eng : NULL;
}

/* The copies of the table that --explain and the page keep (keep_before),
 * made before any record is read: keeping one never allocates. */
static bool make_past(game_t *g) {
  for (int i = 0; i < MAX_PAST; i++)
    if (!g->past[i] && !(g->past[i] = eng_new())) return false;
  return true;
}

bool game_explain(game_t *g, unsigned at_line) {
  if (!g->snap) g->snap = eng_new();
  if (!g->snap || !make_past(g)) return false;
  g->explain = true;
  g->explain_at = at_line;
  return true;
}

void game_keep_going(game_t *g) { g->keep_going = true; }

bool game_observe(game_t *g, game_observer_t fn, void *ctx) {
  if (!make_past(g)) return false;
  g->observer = fn;
  g->observer_ctx = ctx;
  return true;
}

bool game_out_of_memory(const game_t *g) { return g->no_memory; }

void game_no_memory(game_t *g) { g->no_memory = true; }

void game_free(game_t *g) {
  if (!g) return;
  eng_free(g->snap);
  for (int i = 0; i < MAX_PAST; i++) eng_free(g->past[i]);
  eng_free(g->eng);
  free(g->rec.hands);
  free(g);
}

unsigned long long game_actions(const game_t *g) { return g->actions; }

int record_status(const record_t *r) {
  if (r->ruleset_error) return 3;
  switch (r->verdict.status) {
    case VERDICT_LEGAL: return 0;
    case VERDICT_ILLEGAL: return 1;
    case VERDICT_MALFORMED: return 2;
  }
  return 3;
}

/* ---- verdicts --------------------------------------------------------- */

static void vset(game_t *g, verdict_status_t status, code_t code, unsigned line, unsigned col,
                 const char *text, const char *fmt, va_list ap) {
  verdict_t *v = &g->rec.verdict;
  memset(v, 0, sizeof *v);
  v->status = status;
  v->code = code;
  v->line = line;
  v->col = col;
  verdict_text(v->text, text);
  vsnprintf(v->message, sizeof v->message, fmt, ap);
  g->state = R_DONE;
}

bool game_fail_malformed(game_t *g, const stmt_t *st, unsigned col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vset(g, VERDICT_MALFORMED, CODE_NONE, st->line, col, st->text, fmt, ap);
  va_end(ap);
  return false;
}

bool game_fail_illegal(game_t *g, const stmt_t *st, unsigned col, code_t code,
                    rule_key_t rule, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vset(g, VERDICT_ILLEGAL, code, st->line, col, st->text, fmt, ap);
  va_end(ap);
  g->rec.verdict.rule = rule;
  return false;
}

bool game_fail_at_player(game_t *g, int p, code_t code, rule_key_t rule, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vset(g, VERDICT_ILLEGAL, code, g->player_at[p].line, 1, g->player_at[p].text, fmt, ap);
  va_end(ap);
  g->rec.verdict.rule = rule;
  return false;
}

/* The engine's verdict becomes the record's. */
static void engine_failed(game_t *g) {
  g->rec.verdict = *eng_error(g->eng);
  g->state = R_DONE;
}

/* ---- records ---------------------------------------------------------- */

/* --explain and the page: before statement st (of player `turn`'s turn, -1
 * for the setup) changes the table, a copy of it, kept with the turn's
 * others (in copies made by game_explain or game_observe). */
static const engine_t *keep_copy(game_t *g, const stmt_t *st, int turn) {
  if (turn != g->past_turn || g->hand_no != g->past_hand) g->npast = 0;
  g->past_turn = turn;
  g->past_hand = g->hand_no;
  unsigned i = g->npast % MAX_PAST;
  eng_copy(g->past[i], g->eng);
  g->past_line[i] = st->line;
  g->npast++;
  return g->past[i];
}

/* keep_copy when --explain or the page asked, else NULL. Inline, so that a
 * run that asked for neither pays two loads an action, not a call with its
 * saved registers (about 20 instructions an action, callgrind). */
static inline const engine_t *keep_before(game_t *g, const stmt_t *st, int turn) {
  return g->explain || g->observer ? keep_copy(g, st, turn) : NULL;
}

/* The table the statement at `line` found, if it is one of the turn's kept. */
static const engine_t *found_by(const game_t *g, unsigned line) {
  unsigned kept = g->npast < MAX_PAST ? g->npast : MAX_PAST;
  for (unsigned k = 1; k <= kept; k++) {
    unsigned i = (g->npast - k) % MAX_PAST;
    if (g->past_line[i] == line) return g->past[i];
  }
  return NULL;
}

/* --explain: the table the record's first illegal verdict was judged
 * against, as the page shows it at the verdict's line (html_page.c, shown):
 * the copy kept before the statement at that line or, where the verdict's
 * line changed nothing (the end of the hand, an action after it), the table
 * as it stands. Taken when the verdict is given, before --keep-going deals
 * the next hand. */
static void take_ruling(game_t *g) {
  record_t *r = &g->rec;
  if (g->explain_at || g->snap_taken || g->first.status != VERDICT_LEGAL ||
      r->verdict.status != VERDICT_ILLEGAL || !g->hand_started ||
      r->verdict.code == CODE_SEATING)
    return;
  const engine_t *found = found_by(g, r->verdict.line);
  eng_copy(g->snap, found ? found : g->eng);
  g->snap_taken = true;
  r->state_line = r->verdict.line;
  r->state_hand = g->hand_no;
  r->state_found = true;
  eng_view_t now;
  eng_view(g->eng, &now);
  r->state_to_act = eng_view_to_act(&now);
}

/* take_ruling when --explain asked; inline, as keep_before, since it is
 * asked after every statement. */
static inline void keep_ruling(game_t *g) {
  if (g->explain) take_ruling(g);
}

/* --explain: the table kept at the asked line (--at), else the one the
 * first illegal verdict's line found. */
static void attach_state(game_t *g) {
  keep_ruling(g);
  g->rec.state = g->snap_taken ? g->snap : NULL;
}

static void flush(game_t *g) {
  if (g->state == R_NONE || g->no_memory) return; /* a record not judged is not handed over */
  attach_state(g);
  g->cb(&g->rec, g->ctx);
  g->state = R_NONE;
}

static void start_record(game_t *g, unsigned line) {
  hand_score_t *hands = g->rec.hands;
  memset(&g->rec, 0, offsetof(record_t, player)); /* the names and tags by their counts */
  g->rec.hands = hands;
  g->rec.file = g->file;
  g->rec.index = ++g->index;
  g->rec.start_line = line;
  g->rec.winner = -1;
  g->state = R_HEADER;
  g->have_variant = false;
  g->match_hands = g->match_target = 0;
  g->snap_taken = g->hand_started = false;
  g->hand_no = 0;
  g->npast = 0;
  g->rec.later = g->later;
  g->rec.later_instead = (const char(*)[512])g->later_instead;
  g->instead_next[0] = '\0';
  memset(&g->first, 0, sizeof g->first);
  g->started = false;
}

void game_begin_file(game_t *g, const char *file) {
  g->file = file;
  g->own_line = 0;
  g->index = 0;
  g->state = R_NONE;
}

void game_begin_part(game_t *g, const char *file, int records_before) {
  game_begin_file(g, file);
  g->index = records_before;
}

void game_reset(game_t *g) {
  start_record(g, 0);
  g->state = R_NONE;
  g->index = 0;
  g->pending = g->bad_pending = false;
  g->no_memory = false;
}

/* ---- hands ------------------------------------------------------------ */

static bool push_hand(game_t *g, const hand_score_t *h) {
  record_t *r = &g->rec;
  if (r->nhands == g->hands_cap) {
    int cap = g->hands_cap ? 2 * g->hands_cap : 16;
    hand_score_t *n = realloc(r->hands, (size_t)cap * sizeof *n);
    if (!n) return false;
    r->hands = n;
    g->hands_cap = cap;
  }
  r->hands[r->nhands++] = *h;
  return true;
}

/* The hand is over: its score is added to the totals; the game is won when
 * a team reaches the target (the highest total wins; a tie has no winner).
 * False when out of memory (the record is not judged). */
static bool score_hand(game_t *g) {
  record_t *r = &g->rec;
  hand_score_t h;
  eng_score(g->eng, &h);
  h.number = g->hand_no;
  h.special_team = -1;
  h.special[0] = '\0';
  for (int t = 0; t < r->nteams && h.special_team < 0; t++)
    if (eng_special_name(g->eng, t)) {
      h.special_team = t;
      snprintf(h.special, sizeof h.special, "%s", eng_special_name(g->eng, t));
    }
  if (!push_hand(g, &h)) {
    game_no_memory(g);
    g->state = R_DONE;
    return false;
  }
  long best = 0;
  for (int t = 0; t < r->nteams; t++) {
    r->total[t] += h.team[t].total;
    if (r->target && r->total[t] >= r->target) r->game_over = true;
  }
  if (r->hands_limit && r->nhands == r->hands_limit) r->game_over = true;
  uses_merge(&r->uses, eng_uses(g->eng));
  int won = eng_special_winner(g->eng); /* special_hands: ends_game */
  r->won_by_hand = won >= 0;
  if (r->won_by_hand) {
    r->game_over = true;
    r->winner = won;
  } else if (r->game_over) {
    uses_add(&r->uses, r->hands_limit ? RK_MATCH_HANDS : RK_TABLE_TARGET);
    r->winner = -1;
    for (int t = 0; t < r->nteams; t++) {
      if (r->winner < 0 || r->total[t] > best) {
        best = r->total[t];
        r->winner = t;
      }
    }
    for (int t = 0; t < r->nteams; t++)
      if (t != r->winner && r->total[t] == best) r->winner = -1;
  }
  g->state = R_SCORED;
  g->hand_scored_claimed = false;
  return true;
}

/* Called when the statements of a hand are over. */
static bool close_hand(game_t *g, unsigned line, const char *text) {
  if (g->state != R_SETUP && g->state != R_PLAY) return true;
  if (!eng_finish(g->eng, line, text)) {
    engine_failed(g);
    return false;
  }
  return score_hand(g);
}

static bool begin_hand(game_t *g, const stmt_t *st) {
  record_t *r = &g->rec;
  if (g->state == R_HEADER && !game_header_done(g, st)) return false;
  if (!close_hand(g, st->line, st->text)) return false;
  if (st->number != g->hand_no + 1)
    return game_fail_malformed(g, st, st->value.col, _("expected hand %d, got %ld"), g->hand_no + 1, st->number);
  if (r->game_over && r->won_by_hand)
    return game_fail_illegal(g, st, st->key.col, CODE_GAME_OVER, RK_SPECIAL_HANDS,
                             _("the game is over: %s won it at once with a special hand"),
                             r->team[r->winner]);
  if (r->game_over)
    return r->hands_limit
               ? game_fail_illegal(g, st, st->key.col, CODE_GAME_OVER, RK_MATCH_HANDS,
                         P_("the game is over: it was played in %d hand", "the game is over: it was played in %d hands", r->hands_limit), r->hands_limit)
               : game_fail_illegal(g, st, st->key.col, CODE_GAME_OVER, RK_TABLE_TARGET,
                         _("the game is over: %s reached %d"),
                         r->winner >= 0 ? r->team[r->winner] : _("a team"), r->target);
  const rs_seat_t *seat = rs_seat(r->rs, r->nplayers);
  eng_begin(g->eng, r->rs, seat, r->nplayers, r->team_of, r->nteams, g->names, r->total,
            g->hand_no + 1);
  g->state = R_SETUP;
  g->hand_started = true;
  g->hand_no++;
  return true;
}

static bool setup_statement(game_t *g, const stmt_t *st) {
  record_t *r = &g->rec;
  if (g->state != R_SETUP)
    return game_fail_malformed(g, st, st->key.col, _("\"%s\" belongs to the setup, before the hand's first action"),
                     st->key.s);
  int p = -1;
  if (st->kind == ST_DEALER || st->kind == ST_DEAL || st->kind == ST_FOOT) {
    p = game_find_player(r, st->name.s);
    if (p < 0) return game_unknown_player(g, st, &st->name);
  }
  keep_before(g, st, -1);
  bool ok = eng_setup(g->eng, st, p);
  if (!ok) engine_failed(g);
  return ok;
}

static bool action(game_t *g, const stmt_t *st) {
  record_t *r = &g->rec;
  if (g->state == R_HEADER)
    return game_fail_malformed(g, st, st->key.col, _("an action before the first \"hand\" line"));
  int p = game_find_player(r, st->key.s);
  if (p < 0) return game_unknown_player(g, st, &st->key);
  if (g->state == R_SCORED)
    return game_fail_illegal(g, st, st->verb_word.col, CODE_HAND_OVER, RK_NONE, _("the hand is over"));
  g->state = R_PLAY;
  g->actions++;
  const engine_t *before = keep_before(g, st, p);
  bool ok = eng_action(g->eng, st, p);
  assert(eng_conserved(g->eng)); /* checked in Debug and sanitizer builds */
  if (ok) return true;
  engine_failed(g);
  /* what was legal instead, for the record's first error only, judged on
   * the table the verdict's line found (an earlier line of the turn when the
   * turn's melding is judged at its end) */
  const engine_t *found = found_by(g, r->verdict.line);
  bool first = g->first.status == VERDICT_LEGAL; /* else a later error (--keep-going) */
  if (before)
    eng_instead(found ? found : before, g->eng, st, p, first ? r->instead : g->instead_next,
                first ? sizeof r->instead : sizeof g->instead_next);
  return false;
}

static bool score_line(game_t *g, const stmt_t *st) {
  record_t *r = &g->rec;
  if (g->state == R_HEADER)
    return game_fail_malformed(g, st, st->key.col, _("a score line before the first hand"));
  if (!close_hand(g, st->line, st->text)) return false;
  if (g->hand_scored_claimed)
    return game_fail_malformed(g, st, st->key.col, _("a second score line for hand %d"), r->nhands);
  g->hand_scored_claimed = true;
  const hand_score_t *h = &r->hands[r->nhands - 1];
  for (unsigned i = 0; i < st->nscores; i++) {
    int t = game_find_team(r, st->score_team[i].s);
    if (t < 0) return game_fail_malformed(g, st, st->score_team[i].col, _("unknown team %s"), st->score_team[i].s);
    const char *special = eng_special_name(g->eng, t);
    if (h->team[t].total != st->score_value[i] && special)
      return game_fail_illegal(g, st, st->score_word[i].col, CODE_SCORE_MISMATCH, RK_SPECIAL_HANDS,
                     _("%s scores %ld in hand %d, the value of its special hand (%s); the "
                       "record claims %ld"), r->team[t], h->team[t].total, h->number, special,
                     st->score_value[i]);
    if (h->team[t].total != st->score_value[i])
      return game_fail_illegal(g, st, st->score_word[i].col, CODE_SCORE_MISMATCH, RK_NONE,
                     _("%s scores %ld in hand %d, the record claims %ld"), r->team[t],
                     h->team[t].total, h->number, st->score_value[i]);
  }
  return true;
}

/* An expectation line belongs to the record of the next statement: to a
 * new record when a `cgr` line follows it, else to the current record. */
static bool expectation(game_t *g, const stmt_t *st) {
  record_t *r = &g->rec;
  if (r->has_expect && g->state == R_DONE) return false; /* the first error stands */
  if (r->has_expect)
    return game_fail_malformed(g, st, st->key.col, _("a second expectation in this record (line %u)"),
                     r->expect_at);
  r->has_expect = true;
  r->expect = st->expect;
  r->expect_code = st->expect_code;
  r->expect_line = st->expect_line;
  r->expect_col = st->expect_col;
  r->expect_at = st->line;
  return true;
}

static void hold_expectation(game_t *g, const stmt_t *st) {
  g->pending = true;
  g->expect.line = st->line;
  g->expect.text = "";
  g->expect.key = st->key;
  g->expect.expect = st->expect;
  g->expect.expect_code = st->expect_code;
  g->expect.expect_line = st->expect_line;
  g->expect.expect_col = st->expect_col;
}

/* The held expectation goes to the current record (opened if none). */
static void place_expectation(game_t *g) {
  if (!g->pending) return;
  g->pending = false;
  if (g->state == R_NONE) start_record(g, 0);
  expectation(g, &g->expect);
}

static void no_hand(game_t *g, unsigned line);
static void place_bad(game_t *g);
/* The malformed line held, if any, placed in its record: the test inline, as
 * every statement asks it and almost none has one. */
static inline void place_malformed(game_t *g) {
  if (g->bad_pending) place_bad(g);
}

/* A record ends, before the line at (its text): a hand still on is
 * unfinished, a header without a hand is malformed, either at the line after
 * the record's own last line (the comments before the next record are that
 * record's), the same whether the file ends there or another record follows. */
static void close_record(game_t *g, unsigned at, const char *text) {
  unsigned end = g->own_line && g->own_line < at ? g->own_line + 1 : at;
  if (g->state == R_SETUP || g->state == R_PLAY) close_hand(g, end, end == at ? text : "");
  if (g->state == R_HEADER && g->started) no_hand(g, end);
}

/* A `cgr` line: the record it starts (or the one its leading lines opened). */
static bool cgr_line(game_t *g, const stmt_t *st) {
  if (g->bad_pending && g->state != R_NONE && g->started) {
    /* the bad line sat between two records: it belongs to this new one */
    close_record(g, st->line, st->text);
    flush(g);
  }
  place_malformed(g);
  if (g->state != R_NONE && !g->started) {
    /* lines before the first `cgr` (comments, a malformed line) belong to it */
    g->started = true;
    g->rec.start_line = st->line;
    place_expectation(g);
    if (g->state == R_DONE) return false;
  } else {
    close_record(g, st->line, st->text);
    flush(g);
    start_record(g, st->line);
    g->started = true;
    place_expectation(g);
  }
  if (st->number != 1)
    return game_fail_malformed(g, st, st->value.col, _("CGR version %ld: this referee reads version 1"),
                     st->number);
  return true;
}

static bool statement(game_t *g, const stmt_t *st) {
  if (st->kind == ST_EXPECT) {
    if (g->pending) place_expectation(g);
    hold_expectation(g, st);
    return true;
  }
  if (st->kind == ST_CGR) return cgr_line(g, st);
  place_expectation(g);
  place_malformed(g);
  if (g->state == R_NONE) start_record(g, st->line);
  if (g->state == R_HEADER && g->rec.start_line == 0) g->rec.start_line = st->line;
  if (g->state == R_HEADER && !g->started)
    return game_fail_malformed(g, st, st->key.col, _("expected \"cgr 1\" to start a record"));
  if (g->state == R_DONE) return false;
  if (g->state == R_SKIP && st->kind != ST_HAND) return true;
  switch (st->kind) {
    case ST_VARIANT:
    case ST_PLAYER:
    case ST_TAG:
    case ST_MATCH:
      if (g->state != R_HEADER)
        return game_fail_malformed(g, st, st->key.col, _("\"%s\" belongs to the header, before the first hand"),
                         st->key.s);
      return game_header_statement(g, st);
    case ST_HAND: return begin_hand(g, st);
    case ST_DEALER:
    case ST_CUT:
    case ST_DEAL:
    case ST_FOOT:
    case ST_STOCK:
    case ST_PILE:
    case ST_TALON:
      if (g->state == R_HEADER) return game_header_statement(g, st);
      return setup_statement(g, st);
    case ST_ACTION: return action(g, st);
    case ST_SCORE: return score_line(g, st);
    default: return true;
  }
}

/* --keep-going: an error inside a hand is kept (the first as the verdict,
 * the others in the list) and reading goes on at the next hand. */
static void keep_going(game_t *g, rstate_t before) {
  record_t *r = &g->rec;
  bool in_hand = before == R_SETUP || before == R_PLAY || before == R_SCORED || before == R_SKIP;
  if (!g->keep_going || g->state != R_DONE || !in_hand || r->ruleset_error) return;
  code_t c = r->verdict.code;
  if (r->verdict.status == VERDICT_ILLEGAL && (c == CODE_GAME_OVER || c == CODE_SEATING)) return;
  if (g->first.status == VERDICT_LEGAL) {
    g->first = r->verdict;
  } else {
    if (r->nlater < RECORD_LATER) {
      snprintf(g->later_instead[r->nlater], sizeof g->later_instead[0], "%s", g->instead_next);
      g->later[r->nlater++] = r->verdict;
    } else {
      r->later_left++; /* counted, and said by every output */
    }
    g->instead_next[0] = '\0';
    r->verdict = g->first;
  }
  g->state = R_SKIP;
}

void game_statement(game_t *g, const stmt_t *st) {
  if (g->no_memory) return; /* nothing more is judged */
  rstate_t before = g->state;
  (void)statement(g, st);
  if (st->kind != ST_EXPECT) g->own_line = st->line;
  /* a `cgr` line has closed the last record and begun another: the state
   * before it belonged to the record already handed over */
  if (st->kind != ST_CGR) {
    keep_ruling(g);
    if (g->keep_going) keep_going(g, before); /* the test here: no call without it */
  }
  if (g->explain && g->explain_at && !g->snap_taken && st->line >= g->explain_at &&
      g->hand_started && (g->state == R_SETUP || g->state == R_PLAY || g->state == R_SCORED)) {
    eng_copy(g->snap, g->eng);
    g->snap_taken = true;
    g->rec.state_line = st->line;
    g->rec.state_hand = g->hand_no;
  }
  if (g->observer) {
    bool in_hand = g->hand_started && g->state != R_NONE && g->state != R_HEADER;
    g->observer(g->observer_ctx, st->line, g->hand_no, in_hand ? g->eng : NULL);
  }
}

/* A record that ends before its first hand. */
static void no_hand(game_t *g, unsigned line) {
  verdict_t *v = &g->rec.verdict;
  memset(v, 0, sizeof *v);
  v->status = VERDICT_MALFORMED;
  v->line = line;
  v->col = 1;
  snprintf(v->message, sizeof v->message, "%s", _("expected \"hand 1\": the record has no hand"));
  g->state = R_DONE;
}

/* A malformed line makes its record malformed. */
static void place_bad(game_t *g) {
  g->bad_pending = false;
  if (g->state == R_NONE) start_record(g, g->bad.line);
  if (g->rec.start_line == 0) g->rec.start_line = g->bad.line;
  if (g->state == R_DONE) return;
  verdict_t *v = &g->rec.verdict;
  memset(v, 0, sizeof *v);
  v->status = VERDICT_MALFORMED;
  v->line = g->bad.line;
  v->col = g->bad.col;
  verdict_text(v->text, g->bad_text);
  snprintf(v->message, sizeof v->message, "%s", g->bad.message);
  g->state = R_DONE;
}

/* A malformed line belongs to the record it stands in, as soon as it is read:
 * a record's verdict depends on its own lines only. A comment line that
 * could not be read (an expectation, bytes that are not UTF-8) is like a
 * comment: it belongs to the record of the next statement, and so, just
 * before a `cgr` line, to the record that line starts. Before the first
 * `cgr` line every line waits for it. A bad `cgr` line itself starts a new
 * record. */
static void note_malformed(game_t *g, const stmt_error_t *err, const char *line_text) {
  bool in_record = g->started && g->state != R_NONE;
  if (err->starts_record) {
    close_record(g, err->line, line_text);
    if (g->started || g->state == R_DONE) flush(g);
    if (g->state == R_NONE) start_record(g, err->line);
    g->started = true;
    g->rec.start_line = err->line;
  }
  place_expectation(g);
  place_malformed(g);
  g->bad_pending = true;
  g->bad = *err;
  verdict_text(g->bad_text, line_text);
  if (err->starts_record || (in_record && !err->comment)) place_malformed(g);
}

void game_malformed(game_t *g, const stmt_error_t *err, const char *line_text) {
  if (g->no_memory) return;
  rstate_t before = g->state;
  note_malformed(g, err, line_text);
  if (!err->comment) g->own_line = err->line;
  /* placed already; a comment line's waits for the next statement */
  if (!err->starts_record && !err->comment && g->keep_going) keep_going(g, before);
}

void game_settle(game_t *g) { place_malformed(g); }

void game_end_file(game_t *g, unsigned last_line) {
  if (g->no_memory) return;
  place_expectation(g);
  place_malformed(g);
  if (g->state == R_NONE && g->index == 0) start_record(g, 0);
  if (g->state == R_HEADER && !g->started) {
    /* expectation lines and no record at all */
    g->rec.start_line = 1;
    verdict_t *v = &g->rec.verdict;
    memset(v, 0, sizeof *v);
    v->status = VERDICT_MALFORMED;
    v->line = last_line + 1;
    v->col = 1;
    snprintf(v->message, sizeof v->message, "%s", _("expected \"cgr 1\": the file holds no record"));
    g->state = R_DONE;
  }
  if (g->state == R_SETUP || g->state == R_PLAY) {
    rstate_t before = g->state;
    close_record(g, last_line + 1, "");
    keep_ruling(g);
    keep_going(g, before);
  }
  close_record(g, last_line + 1, "");
  flush(g);
}
