/* game_private.h — the record driver's state, shared by game.c (records,
 * hands, verdicts) and header.c (the header, the seating, the ruleset). */
#ifndef GAME_PRIVATE_H
#define GAME_PRIVATE_H

#include "game.h"

enum { RULESET_CACHE = 8 };

/* R_SKIP (--keep-going): a hand failed; its statements are passed over until
 * the next `hand`. */
typedef enum { R_NONE, R_HEADER, R_SETUP, R_PLAY, R_SCORED, R_DONE, R_SKIP } rstate_t;

enum { MAX_PAST = 32 };

typedef struct {
  char name[512];
  unsigned long long serial;    /* unique to each load (game_copy: an entry the
                                   copy holds already is not copied again) */
  ruleset_t rs;
  bool ok;
  rs_error_t err;
} cached_rs_t;

struct game {
  game_callback_t cb;
  void *ctx;
  const char *forced_rules;
  const ruleset_t *forced_rs;
  cached_rs_t cache[RULESET_CACHE];
  int ncache;
  const char *file;
  int index;
  rstate_t state;
  record_t rec;
  int hands_cap;
  bool hand_scored_claimed;
  bool have_variant;
  long match_hands, match_target; /* from a `match` header line, 0 if none */
  unsigned variant_line, variant_col;
  char variant_text[VERDICT_TEXT];
  bool started;          /* the record began with its `cgr` line */
  bool pending;          /* an expectation waiting for the next statement */
  bool bad_pending;      /* a malformed line waiting for the next statement */
  unsigned own_line;     /* the record's last line of its own: its last statement
                            or malformed line that is no comment (a comment or an
                            expectation after it may be the next record's) */
  stmt_error_t bad;
  char bad_text[VERDICT_TEXT];
  stmt_t expect;     /* (only its expect fields and line are used) */
  unsigned long long actions;
  bool explain, snap_taken, hand_started;
  bool keep_going;
  int hand_no;                  /* `hand` statements begun in this record */
  verdict_t first;              /* --keep-going: the record's verdict */
  verdict_t later[RECORD_LATER];
  char later_instead[RECORD_LATER][512];
  char instead_next[512];       /* a later error's what was legal instead, until kept */
  unsigned explain_at;
  engine_t *snap;               /* --at: the table after explain_at; --explain alone:
                                   the table the first illegal verdict's line found */
  engine_t *eng;
  /* --explain and the page: a copy of the table before each statement of the
   * turn being played (the hand's setup is one turn), by line, so that a
   * verdict charged to an earlier line of the turn (its melding judged at its
   * end) shows the table that line found; the last kept is the table before
   * the statement being judged. A ring: a turn longer than MAX_PAST lines
   * keeps its last MAX_PAST. */
  engine_t *past[MAX_PAST];
  unsigned past_line[MAX_PAST];
  unsigned npast;               /* kept in this turn (past[(npast - 1) % MAX_PAST] the last) */
  int past_turn, past_hand;     /* whose turn (-1: the setup), in which hand */
  const char *names[MAX_PLAYERS];
  struct {
    unsigned line;
    char text[VERDICT_TEXT];
  } player_at[MAX_PLAYERS];     /* each `player` line: where a seating error points */
  game_observer_t observer;
  void *observer_ctx;
  bool no_memory;               /* out of memory: nothing more is judged (game.h) */
};

/* Out of memory: the record being read is not judged nor handed over, and
 * nothing more is (game_out_of_memory). */
void game_no_memory(game_t *g);

/* The record's verdict: malformed or illegal at column col of st. Both
 * return false and end the record (R_DONE). */
bool game_fail_malformed(game_t *g, const stmt_t *st, unsigned col, const char *fmt, ...) PRINTF_LIKE(4, 5);
/* The same at player p's `player` line (a seating the ruleset refuses). */
bool game_fail_at_player(game_t *g, int p, code_t code, rule_key_t rule, const char *fmt, ...)
    PRINTF_LIKE(5, 6);
bool game_fail_illegal(game_t *g, const stmt_t *st, unsigned col, code_t code, rule_key_t rule,
                       const char *fmt, ...) PRINTF_LIKE(6, 7);

/* header.c */
int game_find_player(const record_t *r, const char *name);
/* "unknown player X", with the name meant when only the case differs. */
bool game_unknown_player(game_t *g, const stmt_t *st, const word_t *w);
int game_find_team(const record_t *r, const char *name);
bool game_header_statement(game_t *g, const stmt_t *st);
/* The header is complete at the first hand: the ruleset, the seating. */
bool game_header_done(game_t *g, const stmt_t *st);

#endif
