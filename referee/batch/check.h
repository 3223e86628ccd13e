/* check.h — conformance mode: replay records and compare each verdict with
 * the expectation written in the record (`# expect: ...`). */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>

#include <stdbool.h>

#include "parts.h"

typedef struct {
  const char *junit;     /* write a JUnit XML report to this path, or NULL */
  bool tap;              /* print TAP instead of failure lines */
  bool coverage;         /* print the coverage report (Markdown) */
  FILE *coverage_out;    /* where, or NULL for out */
  bool json;             /* one JSON object per result instead (for referee merge) */
  shard_t *shard;        /* only this shard's records (parts.h), or NULL */
  int jobs;              /* processes (--jobs N; 0 or 1: this one) */
} check_options_t;

/* Checks every *.cgr file under the paths (files are taken as given,
 * directories are walked in name order). Prints one line per mismatch and a
 * closing "N passed, N failed" line to out. Returns the exit status: 0 when
 * every record matched, 1 otherwise, 3 when a path cannot be read. */
int check_paths(int npaths, char *const paths[], const char *forced_rules,
                const check_options_t *opt, FILE *out);

#endif
