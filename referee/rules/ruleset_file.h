/* ruleset_file.h — a ruleset's text before it is read as YAML (for
 * ruleset_load.c). */
#ifndef RULESET_FILE_H
#define RULESET_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "ruleset.h"

enum { MAX_RULESET_BYTES = 1 << 20 };

/* libyaml's scanner is quadratic in the depth of flow collections: false,
 * with *err at the place, where text nests deeper than a ruleset needs. */
bool rs_check_flow_depth(const char *text, size_t len, rs_error_t *err);

/* The file at path (a regular file of a known size, at most
 * MAX_RULESET_BYTES), NUL not added, its length in *n and its stat in *sb;
 * the caller frees it. NULL with *err's message (no_memory set when out of
 * memory) otherwise. */
char *rs_read_file(const char *path, size_t *n, struct stat *sb, rs_error_t *err);

#endif
