/* relay.h — what a --jobs process hands back to the parent besides its
 * output, on its side stream (jobs_side): the results of `check`, --tap and
 * --junit (result_t), and blocks of bytes the parent adds up (coverage).
 * The parent reads them back in the order the tasks were given, so that it
 * writes the bytes one process writes. */
#ifndef RELAY_H
#define RELAY_H

#include <stddef.h>
#include <stdio.h>

#include "results.h"

/* One result (its strings copied). */
void relay_result(FILE *side, const result_t *r);
/* A block of len bytes of a kind (a letter but 'R'). */
void relay_block(FILE *side, char kind, const void *data, size_t len);

typedef struct {
  void (*result)(void *ctx, const result_t *r);
  void (*block)(void *ctx, char kind, const void *data, size_t len); /* or NULL */
  void *ctx;
} relay_sink_t;

/* The first len bytes of side, frame by frame, to sink (a frame cut short
 * by a process that died is dropped). */
void relay_take(FILE *side, unsigned long long len, const relay_sink_t *sink);

#endif
