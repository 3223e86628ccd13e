/* run.h — feeding files to the game driver. */
#ifndef RUN_H
#define RUN_H

#include <stdbool.h>
#include <stdio.h>

#include "game.h"

/* Reads every record of the file at path ("-" for standard input) through g.
 * False when the file cannot be opened or read; the reason is in why. */
/* The same for an open stream, named `name` in verdicts (not closed). */
bool run_stream(game_t *g, FILE *f, const char *name, char *why, size_t why_len);
bool run_file(game_t *g, const char *path, char *why, size_t why_len);

/* Reads the file without judging it; adds the number of actions to *actions.
 * (The parse-only pass of the benchmark.) */
bool run_parse_only(const char *path, unsigned long long *actions, char *why, size_t why_len);

#endif
