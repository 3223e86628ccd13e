/* cgr.h — reader of Canasta Game Records, version 1 (docs/format.md).
 *
 * The reader streams: it holds one line at a time, so memory does not grow
 * with the size of the input. Each call to cgr_next() yields one statement
 * whose strings and arrays live in the reader until the next call. Every
 * token keeps its line and column (1-based, in characters). The only module
 * that sees PCRE2 (cgr_grammar.c; cgr_impl.h says how the reader's files
 * divide the work). */
#ifndef CGR_H
#define CGR_H

#include <stdbool.h>
#include <stdio.h>

#include "statement.h"

enum { CGR_MAX_LINE = 65536 };

typedef struct cgr_reader cgr_reader_t;

/* Reads from f (not closed by the reader). NULL when out of memory. */
cgr_reader_t *cgr_open(FILE *f);
/* A reader of single lines given with cgr_parse_line (no file). */
cgr_reader_t *cgr_open_lines(void);
/* The same reader (its patterns compiled once) on new input, from line
 * first_line: for the parts of a file cut by cgr_split.h. */
void cgr_restart(cgr_reader_t *r, const char *buf, size_t len, FILE *then, unsigned first_line);
/* The same reader on len bytes of the file fd from offset (len CGR_TO_END:
 * to its end), read with pread: the descriptor's position is neither used
 * nor moved, so processes that share it do not disturb each other. */
#define CGR_TO_END (~0ull)
void cgr_restart_at(cgr_reader_t *r, int fd, unsigned long long offset, unsigned long long len,
                    unsigned first_line);
/* The number of the first line to be read (default 1): for a part of a file
 * that starts further in, so that positions are those of the whole file. A
 * byte-order mark is skipped on line 1 only. */
void cgr_set_first_line(cgr_reader_t *r, unsigned line);
/* Tests only: with on = false every line goes through the grammar, word by
 * word (cgr_grammar.c), none through the hot path (cgr_fast.c); the
 * statements must not change. */
void cgr_set_fast(cgr_reader_t *r, bool on);
void cgr_close(cgr_reader_t *r);

/* 1: a statement in *st; 0: end of input; -1: the line is malformed, *err
 * says where and what was expected, and reading may go on with the next line.
 * Blank and comment lines are skipped. */
int cgr_next(cgr_reader_t *r, const stmt_t **st, stmt_error_t *err);
/* Parses one line given by the caller as line number `line`; same results. */
int cgr_parse_line(cgr_reader_t *r, const char *text, size_t len, unsigned line,
                   const stmt_t **st, stmt_error_t *err);

/* Parses one line exactly as cgr_next reads it from a file: len without the
 * LF, a final CR dropped, a line over CGR_MAX_LINE refused, a byte-order mark
 * skipped on line 1. */
int cgr_take_line(cgr_reader_t *r, const char *text, size_t len, unsigned line,
                  const stmt_t **st, stmt_error_t *err);

/* Every line the reader reads from its input (blank and comment lines too),
 * with its number, as read (without LF, CR, byte-order mark; a line longer
 * than CGR_MAX_LINE cut there), handed to fn before it is parsed: what a
 * caller keeps of the text without reading the input a second time. */
typedef void (*cgr_line_fn)(void *ctx, unsigned line, const char *text, size_t len);
void cgr_set_line_sink(cgr_reader_t *r, cgr_line_fn fn, void *ctx);
/* The last line read, as text, and its number. */
const char *cgr_line_text(const cgr_reader_t *r);
unsigned cgr_line_number(const cgr_reader_t *r);
/* Bytes read so far (for throughput figures). */
unsigned long long cgr_bytes_read(const cgr_reader_t *r);
/* A pattern match ran out of memory: the line was not read, and the reader
 * gives nothing more (cgr_next, cgr_take_line and cgr_parse_line return 0).
 * An error of the run, never a malformed line. */
bool cgr_out_of_memory(const cgr_reader_t *r);
/* Why the input could not be read (an errno value), or 0: it was read to its
 * end. A read interrupted by a signal is retried, never an error, unless
 * stop() (cgr_stop_reads_when) says to stop: the read then ends as an
 * error, EINTR. */
int cgr_read_error(const cgr_reader_t *r);
/* For every reader of the process: stop (NULL: none, the default) says
 * whether a read a signal interrupted stops (a run interrupted, SIGINT). */
void cgr_stop_reads_when(bool (*stop)(void));

#endif
