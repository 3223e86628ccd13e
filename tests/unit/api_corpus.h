/* api_corpus.h — every record of corpus/ as the command judged it and as a
 * game server would feed it to the embedding API, one record a game (the
 * walker is test_api_corpus.c's; test_api_pending.c walks it too). */
#ifndef API_CORPUS_H
#define API_CORPUS_H

#include "referee.h"

typedef struct {
  const char *file;        /* its path */
  int record;              /* 1-based in the file */
  /* the command's verdict, read from `referee --json FILE` */
  referee_status_t status;
  char code[64];           /* "" unless illegal */
  unsigned line, col;      /* 0 for a legal record */
  const char *json;        /* the whole JSON line */
  /* its lines, numbered as in the file: lines[0] is line 1. The lines of
   * other records are blank, so that positions and the line after the last
   * (where a record left unfinished is charged) are the file's. */
  const char *const *lines;
  unsigned nlines;
} api_record_t;

typedef void (*api_record_fn)(const api_record_t *rec, void *ctx);

/* Calls fn for each record of corpus/ that can be fed alone (the walk
 * changes into the record's directory, where relative `variant` paths are
 * read, and back). Returns the number of records the command judged;
 * *alone says how many were handed to fn; the others are listed on stderr
 * with the reason. */
int api_corpus_walk(api_record_fn fn, void *ctx, int *alone);

/* Feeds rec's lines to a new game (rules from its `variant` line), then
 * finishes it: at[i] is the status returned by line i + 1, at[nlines] by
 * referee_game_finish. The caller frees the game and at. */
referee_game_t *api_corpus_feed(const api_record_t *rec, referee_status_t **at);

#endif
