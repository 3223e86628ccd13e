/* cgr_impl.h — the reader's parts, shared by its files and nobody else.
 *
 *   cgr.c          the reader object, its input (a stream, a buffer, or a
 *                  buffer then a stream), lines, and the choice of path
 *   cgr_fast.c     the hot path: plain action and card-list lines, by hand
 *   cgr_grammar.c  the grammar (PCRE2): every other line, and every error
 *
 * Invariant: a line the hot path takes gives the statement the grammar would
 * give, word for word and column for column; a line it does not take is left
 * untouched for the grammar. */
#ifndef CGR_IMPL_H
#define CGR_IMPL_H

#include "cgr.h"

enum { IN_CHUNK = 1 << 16, MAX_TOKENS = STMT_MAX_CARDS + 8, NO_CARD = 0xff };

typedef struct {
  const char *s; /* into r->line, not terminated */
  size_t len;
  unsigned col;
  bool comment;
} tok_t;

typedef struct cgr_grammar cgr_grammar_t;

struct cgr_reader {
  FILE *f;                /* read after mem, when not NULL */
  const char *mem;        /* a caller's buffer, read first */
  size_t mem_len, mem_pos;
  int fd;                 /* or, when not -1: the file read with pread ... */
  unsigned long long fd_at, fd_left; /* ... from fd_at, fd_left bytes at most */
  int err;                /* a read error (errno), 0 for none */
  char in[IN_CHUNK + 16]; /* + 16: the hot path reads words 8 bytes at a time,
                             up to 7 past a line's NUL */
  size_t in_pos, in_len;
  bool eof;
  bool fast;              /* the hot path is on (it is, but for tests) */
  unsigned long long bytes;
  unsigned lineno;
  char *line;             /* the current line, NUL-terminated: in `in` where it
                             lies whole, else copied into linebuf */
  size_t line_len;
  char linebuf[CGR_MAX_LINE + 16]; /* a line, its CR, a NUL, and that slack */
  char words[CGR_MAX_LINE + MAX_TOKENS + 2]; /* NUL-terminated copies of words */
  size_t words_len;
  tok_t toks[MAX_TOKENS];
  unsigned ntoks;
  bool ascii; /* the current line has no byte >= 0x80 */
  cgr_grammar_t *gr;
  cgr_line_fn line_fn;    /* every line read, to the caller (cgr_set_line_sink) */
  void *line_ctx;
  card_t card_of[RANK_JOKER + 1][6]; /* [rank + 1][suit + 1], NO_CARD but for
                             the 52 cards and [J][5], the joker "JK" (cgr_fast.c) */
  stmt_t st;
};

/* Sets *err (a position and a message) and returns false. */
bool cgr_fail(stmt_error_t *err, unsigned line, unsigned col, const char *fmt, ...);
/* The column (1-based, in characters) of byte offset off of a line. */
unsigned cgr_char_col(const char *line, size_t off);

/* The grammar's compiled patterns: NULL when out of memory. */
cgr_grammar_t *cgr_grammar_new(void);
void cgr_grammar_free(cgr_grammar_t *gr);
/* Reads r->line (already checked for UTF-8 and NUL bytes, not blank) into
 * r->st: 1 a statement, 0 a comment, -1 malformed (*err says where, what). */
int cgr_grammar_line(cgr_reader_t *r, stmt_t *st, stmt_error_t *err);

/* The hot path: true when it took r->line (then r->st holds the statement). */
bool cgr_fast_line(cgr_reader_t *r, stmt_t *st);

#endif
