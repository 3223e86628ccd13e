/* api_private.h — the handles of referee.h, shared by api.c (games fed
 * line by line, reset, copied, tried), state.c (the state as plain
 * structs) and legal.c (every legal action). */
#ifndef API_PRIVATE_H
#define API_PRIVATE_H

#include "referee.h"

#include "cgr.h"
#include "game.h"
#include "ruleset.h"

struct referee_rules {
  ruleset_t rs;
};

enum { MAX_PENDING = 3 }; /* the opening, black threes, the last card (pending.c) */

struct referee_game {
  const referee_rules_t *rules; /* borrowed; NULL: each record's `variant` line */
  game_t *game;
  cgr_reader_t *reader;
  unsigned line;
  unsigned found_line; /* the line fed when the verdict was reached, 0 */
  bool finished;
  bool begun;          /* a `cgr` line began the record */
  bool no_memory;      /* out of memory: nothing more is judged */
  engine_t *scratch;   /* referee_game_pending's what-if space, made with the game */
  eng_pending_t pending[MAX_PENDING];
  referee_game_t *trial; /* referee_game_try's copy, made at the first try */
  struct legal_store *legal; /* referee_game_legal's lists, made at its first call */
  char buf[CGR_MAX_LINE + 1];
};

/* Frees referee_game_legal's lists (legal.c); NULL is fine. */
void api_legal_free(struct legal_store *ls);

#endif
