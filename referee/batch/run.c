/* run.c — reads a file, or a part of one, statement by statement into the
 * game driver. */
#define _POSIX_C_SOURCE 200809L
#include "run.h"

#include "interrupt.h"
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Every statement the reader gives, to the game; out of memory in either
 * ends the program (output.h), nothing more judged. */
static void feed(game_t *g, cgr_reader_t *r, const char *name) {
  const stmt_t *st;
  stmt_error_t err;
  int rc;
  interrupt_input(name);
  while ((rc = cgr_next(r, &st, &err)) != 0) {
    interrupt_check(); /* SIGINT, SIGTERM: the record being read is not judged */
    if (rc > 0) game_statement(g, st);
    else game_malformed(g, &err, cgr_line_text(r));
  }
  interrupt_check();
  if (cgr_out_of_memory(r) || game_out_of_memory(g)) out_of_memory(name);
}

/* A regular file's size as it starts to be read (0: not one, or not read
 * from its start). */
static unsigned long long size_at_start(FILE *f) {
  struct stat sb;
  if (fstat(fileno(f), &sb) != 0 || !S_ISREG(sb.st_mode) || ftello(f) != 0) return 0;
  return (unsigned long long)sb.st_size;
}

/* A regular file read to its end kept its size: `read` bytes of `size`. */
static bool unchanged(int fd, unsigned long long size, unsigned long long read, char *why,
                      size_t why_len) {
  struct stat sb;
  if (!size || (fstat(fd, &sb) == 0 && (unsigned long long)sb.st_size == size &&
                read == size))
    return true;
  snprintf(why, why_len, "the file changed while it was read");
  return false;
}

/* One reader for every stream the process reads, its patterns compiled
 * once: many small files cost their bytes, not a reader each. */
static cgr_reader_t *shared;

static void free_shared(void) {
  cgr_close(shared);
  shared = NULL;
}

static cgr_reader_t *reader_for(FILE *f) {
  if (!shared && (shared = cgr_open(NULL)) != NULL) atexit(free_shared);
  if (shared) cgr_restart(shared, NULL, 0, f, 1);
  return shared;
}

bool run_ready(void) { return reader_for(NULL) != NULL; }

/* run_stream_at, the stream's size at its start known (size_at_start). */
static bool judge_stream(game_t *g, FILE *f, const run_origin_t *at, unsigned long long size,
                         char *why, size_t why_len) {
  cgr_reader_t *r = reader_for(f);
  if (!r) out_of_memory(at->name);
  unsigned long long before = cgr_bytes_read(r);
  cgr_set_first_line(r, at->first_line);
  cgr_set_line_sink(r, at->line_fn, at->line_ctx);
  game_begin_part(g, at->name, at->records_before);
  feed(g, r, at->name);
  int err = cgr_read_error(r);
  bool ok = !err;
  if (!ok) snprintf(why, why_len, "read error: %s", strerror(err));
  else ok = unchanged(fileno(f), size, cgr_bytes_read(r) - before, why, why_len);
  if (at->line_fn) at->line_fn(at->line_ctx, 0, NULL, 0); /* the end: no more lines */
  game_end_file(g, cgr_line_number(r));
  cgr_set_line_sink(r, NULL, NULL);
  cgr_restart(r, NULL, 0, NULL, 1);
  return ok;
}

bool run_stream_at(game_t *g, FILE *f, const run_origin_t *at, char *why, size_t why_len) {
  return judge_stream(g, f, at, size_at_start(f), why, why_len);
}

bool run_stream(game_t *g, FILE *f, const char *name, char *why, size_t why_len) {
  run_origin_t at = {name, 1, 0, NULL, NULL};
  return run_stream_at(g, f, &at, why, why_len);
}

/* Why sb is no input, or NULL. */
static const char *refused(const struct stat *sb) {
  return S_ISDIR(sb->st_mode)
             ? "is a directory (referee reads files; referee check walks directories)" : NULL;
}

const char *run_refused(int fd) {
  struct stat sb;
  return fstat(fd, &sb) == 0 ? refused(&sb) : NULL;
}

/* Opens PATH ("-": standard input) for reading, or says why it cannot be
 * read. A directory opens but reads as an error, and is no record: refused
 * here, before anything is judged. *size: a regular file's size, as
 * size_at_start gives it (one fstat a file, not three and an lseek: 2,000
 * small files were 20,000 system calls at 1.3-1.5 us each on the 2-core test
 * machine). The reader reads 64 KB at a time into a buffer of its own:
 * the stream needs none (its allocation was an fstat more). */
static FILE *open_input(const char *path, unsigned long long *size, char *why, size_t why_len) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f && errno == ENOMEM) out_of_memory(path); /* fopen's FILE, not the file */
  if (!f) {
    snprintf(why, why_len, "%s", strerror(errno));
    return NULL;
  }
  if (f == stdin) {
    const char *no = run_refused(fileno(stdin));
    *size = no ? 0 : size_at_start(f);
    if (no) snprintf(why, why_len, "%s", no);
    return no ? NULL : f;
  }
  struct stat sb;
  const char *no = fstat(fileno(f), &sb) == 0 ? refused(&sb) : NULL;
  if (no) {
    snprintf(why, why_len, "%s", no);
    fclose(f);
    return NULL;
  }
  setvbuf(f, NULL, _IONBF, 0);
  *size = S_ISREG(sb.st_mode) ? (unsigned long long)sb.st_size : 0; /* just opened: at its start */
  return f;
}

bool run_file_lines(game_t *g, const char *path, cgr_line_fn fn, void *ctx, char *why,
                    size_t why_len) {
  unsigned long long size;
  FILE *f = open_input(path, &size, why, why_len);
  if (!f) return false;
  run_origin_t at = {f == stdin ? "<stdin>" : path, 1, 0, fn, ctx};
  bool ok = judge_stream(g, f, &at, size, why, why_len);
  if (f != stdin) fclose(f);
  return ok;
}

bool run_file(game_t *g, const char *path, char *why, size_t why_len) {
  return run_file_lines(g, path, NULL, NULL, why, why_len);
}

/* Starts r on the part: from memory (and the rest from `rest`), or from its
 * place in the file. */
static void part_begin(cgr_reader_t *r, const cgr_part_t *p, FILE *rest) {
  if (p->data) cgr_restart(r, p->data, p->len, p->rest ? rest : NULL, p->first_line);
  else cgr_restart_at(r, p->fd, p->offset, p->rest ? CGR_TO_END : p->len, p->first_line);
}

/* The part was read whole (`read` bytes of it), and a regular file read to
 * its end kept its size. */
static bool part_read(cgr_reader_t *r, const cgr_part_t *p, unsigned long long read, FILE *rest,
                      char *why, size_t why_len) {
  int err = cgr_read_error(r);
  if (err) {
    snprintf(why, why_len, "read error: %s", strerror(err));
    return false;
  }
  if (!p->data && !p->rest && read != p->len) {
    snprintf(why, why_len, "the file changed while it was read");
    return false;
  }
  if (!p->rest) return true;
  if (!p->data) return unchanged(p->fd, p->size, p->offset + read, why, why_len);
  return !rest || unchanged(fileno(rest), p->size, (unsigned long long)ftello(rest), why, why_len);
}

bool run_part(game_t *g, cgr_reader_t *r, const char *name, const cgr_part_t *p, FILE *rest,
              char *why, size_t why_len) {
  unsigned long long before = cgr_bytes_read(r);
  part_begin(r, p, rest);
  game_begin_part(g, name, p->records_before);
  feed(g, r, name);
  bool ok = part_read(r, p, cgr_bytes_read(r) - before, rest, why, why_len);
  if (p->last) {
    game_end_file(g, cgr_line_number(r));
    return ok;
  }
  /* the next part's `cgr` line closes this part's last record */
  const stmt_t *st;
  stmt_error_t err;
  int rc = cgr_take_line(r, p->next, p->next_len, p->next_line, &st, &err);
  if (rc > 0) game_statement(g, st);
  else if (rc < 0) game_malformed(g, &err, cgr_line_text(r));
  if (cgr_out_of_memory(r) || game_out_of_memory(g)) out_of_memory(name);
  return ok;
}

/* The actions of what the reader reads. */
static unsigned long long count_actions(cgr_reader_t *r) {
  const stmt_t *st;
  stmt_error_t err;
  int rc;
  unsigned long long n = 0;
  while ((rc = cgr_next(r, &st, &err)) != 0)
    if (rc > 0 && st->kind == ST_ACTION) n++;
  return n;
}

bool run_parse_only(const char *path, unsigned long long *actions, char *why, size_t why_len) {
  unsigned long long size;
  FILE *f = open_input(path, &size, why, why_len);
  if (!f) return false;
  cgr_reader_t *r = cgr_open(f);
  if (!r) out_of_memory(path);
  *actions += count_actions(r);
  if (cgr_out_of_memory(r)) out_of_memory(path);
  bool ok = !cgr_read_error(r);
  if (!ok) snprintf(why, why_len, "read error: %s", strerror(cgr_read_error(r)));
  cgr_close(r);
  if (f != stdin) fclose(f);
  return ok;
}

unsigned long long run_parse_part(cgr_reader_t *r, const cgr_part_t *p, FILE *rest) {
  part_begin(r, p, rest);
  return count_actions(r);
}
