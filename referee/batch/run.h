/* run.h — feeding files, and parts of files, to the game driver. */
#ifndef RUN_H
#define RUN_H

#include <stdbool.h>
#include <stdio.h>

#include "cgr.h"
#include "cgr_split.h"
#include "game.h"

/* Where a stream's first line stands in the file it was cut from (--origin):
 * the file's name, the line's number, and the records before it. */
typedef struct {
  const char *name;
  unsigned first_line;
  int records_before;
  cgr_line_fn line_fn;  /* when set, every line read goes to it too (--html), and
                           (0, NULL, 0) at the end of the input */
  void *line_ctx;
} run_origin_t;

/* Why the open file fd is no input (a directory), or NULL. */
const char *run_refused(int fd);

/* Makes the reader run_file and run_stream share (its patterns compiled) now:
 * before --jobs forks, so that every process has it. False without memory. */
bool run_ready(void);
/* Reads every record of the file at path ("-" for standard input) through g.
 * False when the file cannot be opened or read; the reason is in why. */
bool run_file(game_t *g, const char *path, char *why, size_t why_len);
/* The same, each line read handed to fn too (the input is read once). */
bool run_file_lines(game_t *g, const char *path, cgr_line_fn fn, void *ctx, char *why,
                    size_t why_len);
/* The same for an open stream, named `name` in verdicts (not closed). */
bool run_stream(game_t *g, FILE *f, const char *name, char *why, size_t why_len);
/* The same for a stream that is a part of a file, positions as in the file. */
bool run_stream_at(game_t *g, FILE *f, const run_origin_t *at, char *why, size_t why_len);
/* One part of a file named `name` (cgr_split.h), read with r; when the part
 * says the rest of the file follows it, the rest is read from `rest`. The
 * part's records get the verdicts, positions and numbers they get when the
 * whole file is read. */
bool run_part(game_t *g, cgr_reader_t *r, const char *name, const cgr_part_t *p, FILE *rest,
              char *why, size_t why_len);

/* Reads the file without judging it; adds the number of actions to *actions.
 * (The parse-only pass of the benchmark.) */
bool run_parse_only(const char *path, unsigned long long *actions, char *why, size_t why_len);
/* The same for a part: its number of actions. */
unsigned long long run_parse_part(cgr_reader_t *r, const cgr_part_t *p, FILE *rest);

#endif
