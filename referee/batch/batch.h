/* batch.h — the batch runner: the inputs of `referee [options] FILE...`
 * judged one after the other in this process, in parts by --jobs
 * processes, or as one --shard, each record to the outputs asked for (text,
 * --explain, --json, --tap, --junit, --html) as it is judged. The command
 * line (referee/cli/main.c) reads the options; this runs them.
 *
 * `referee check` is check.h's check_paths, `referee merge` merge.h's
 * merge_main: the same room, the same processes and parts (parts.h). */
#ifndef BATCH_H
#define BATCH_H

#include <stdbool.h>

#include "parts.h"
#include "run.h"

typedef struct {
  bool json, color, quiet, explain;
  unsigned explain_at;           /* --at LINE, or 0 */
  bool keep_going, stats, parse_only;
  bool tap;                      /* --tap: the records as TAP tests */
  const char *junit;             /* --junit FILE, or NULL */
  const char *rules;             /* --rules R, or NULL: each record's own */
  const char *html;              /* --html FILE, or NULL */
  unsigned long long jobs;       /* --jobs N; 1: this process alone */
  unsigned long long part_bytes; /* --part-size, or PART_AUTO */
  const shard_t *shard;          /* --shard K/N, its identity set (shard.h), or NULL */
  const run_origin_t *origin;    /* --origin: the one input's place in its file, or NULL */
  char **files;                  /* the inputs ("-": standard input) */
  int nfiles;
} batch_options_t;

/* Judges every input as o asks, printing as it goes: the exit status (0
 * every record legal, 1 one illegal, 2 one malformed, 3 an input or an
 * output failed, or no record at all). Out of memory ends the program
 * (output.h). */
int batch_run(const batch_options_t *o);

#endif
