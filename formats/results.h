/* results.h — conformance results as `referee check` prints them: failure
 * lines, TAP, a JUnit XML report, and the closing counts. Written from the
 * results alone, so that `referee merge` prints, from the JSON Lines of
 * shards, the bytes one `referee check` run prints. */
#ifndef RESULTS_H
#define RESULTS_H

#include <stdbool.h>
#include <stdio.h>

/* One record's result: where it is, whether its verdict matched its
 * expectation, and why not. */
typedef struct {
  const char *file;
  int record;           /* its number in the file */
  unsigned record_line; /* its first line */
  unsigned at;          /* the line a failure is reported at */
  bool ok;
  const char *why;
} result_t;

typedef struct {
  FILE *out;
  bool tap;
  FILE *junit_cases;    /* testcases, written out with their counts at the end; NULL: none */
  unsigned passed, failed, tap_n;
} results_t;

/* Starts the report (TAP's header). junit: also gather a JUnit report (false
 * when no temporary file could be opened). out NULL (no TAP): no failure
 * lines and no closing counts, only the JUnit report. */
bool results_begin(results_t *rs, FILE *out, bool tap, bool junit);
/* One record: a TAP test point, or a failure line; a JUnit testcase. */
void results_add(results_t *rs, const result_t *r);
/* The closing counts (TAP's plan). */
void results_end(results_t *rs);
/* Writes the JUnit report to path and closes the gathered cases: 0, or 3
 * when it cannot be written (said on stderr). */
int results_junit(results_t *rs, const char *path);

#endif
