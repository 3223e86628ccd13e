/* run.c — reads a file statement by statement into the game driver. */
#define _POSIX_C_SOURCE 200809L
#include "run.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cgr.h"

bool run_stream(game_t *g, FILE *f, const char *name, char *why, size_t why_len) {
  cgr_reader_t *r = cgr_open(f);
  if (!r) {
    snprintf(why, why_len, "out of memory");
    return false;
  }
  game_begin_file(g, name);
  const stmt_t *st;
  stmt_error_t err;
  int rc;
  while ((rc = cgr_next(r, &st, &err)) != 0) {
    if (rc > 0) game_statement(g, st);
    else game_malformed(g, &err, cgr_line_text(r));
  }
  bool ok = !ferror(f);
  if (!ok) snprintf(why, why_len, "read error: %s", strerror(errno));
  game_end_file(g, cgr_line_number(r));
  cgr_close(r);
  return ok;
}

/* Opens PATH ("-": standard input) for reading, or says why it cannot be
 * read. A directory opens but reads as an error, and is no record: refused
 * here, before anything is judged. */
static FILE *open_input(const char *path, char *why, size_t why_len) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f) {
    snprintf(why, why_len, "%s", strerror(errno));
    return NULL;
  }
  struct stat sb;
  if (fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode)) {
    snprintf(why, why_len, "is a directory (referee reads files; referee check walks "
                           "directories)");
    if (f != stdin) fclose(f);
    return NULL;
  }
  return f;
}

bool run_file(game_t *g, const char *path, char *why, size_t why_len) {
  FILE *f = open_input(path, why, why_len);
  if (!f) return false;
  bool ok = run_stream(g, f, f == stdin ? "<stdin>" : path, why, why_len);
  if (f != stdin) fclose(f);
  return ok;
}

bool run_parse_only(const char *path, unsigned long long *actions, char *why, size_t why_len) {
  FILE *f = open_input(path, why, why_len);
  if (!f) return false;
  cgr_reader_t *r = cgr_open(f);
  const stmt_t *st;
  stmt_error_t err;
  int rc;
  while (r && (rc = cgr_next(r, &st, &err)) != 0)
    if (rc > 0 && st->kind == ST_ACTION) (*actions)++;
  bool ok = r != NULL && !ferror(f);
  if (!r) snprintf(why, why_len, "out of memory");
  else if (!ok) snprintf(why, why_len, "read error: %s", strerror(errno));
  cgr_close(r);
  if (f != stdin) fclose(f);
  return ok;
}
