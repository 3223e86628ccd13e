/* cgr_impl.h — the reader's parts, shared by its files and nobody else.
 *
 *   cgr.c          the reader object, its input (a stream, a buffer, or a
 *                  buffer then a stream), lines, and the choice of path
 *   cgr_fast.c     the hot path: plain action and card-list lines, by hand
 *   cgr_grammar.c  the grammar (PCRE2 for words and expectations), word by
 *                  word: every other line, and every error
 *
 * Invariant: a line the hot path takes gives the statement the grammar would
 * give, word for word and column for column; a line it does not take is left
 * untouched for the grammar. The reader's tests and the record fuzzer read
 * lines both ways (cgr_set_fast) and compare. Both read the same tables: the
 * keywords and verbs (statement.h, verbs.def), the cards (card_decode), the
 * meld references (cgr_ref). */
#ifndef CGR_IMPL_H
#define CGR_IMPL_H

#include <stdint.h>
#include <string.h>

#include "cgr.h"

enum { IN_CHUNK = 1 << 16, MAX_TOKENS = STMT_MAX_CARDS + 8 };

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
  char words[CGR_MAX_LINE + MAX_TOKENS + 2 + 8]; /* NUL-terminated copies of words,
                                                  and 8 for the hot path's copies */
  size_t words_len;
  tok_t toks[MAX_TOKENS];
  unsigned ntoks;
  bool no_memory; /* a match ran out of memory: the reader gives no more (cgr.h) */
  cgr_grammar_t *gr;
  cgr_line_fn line_fn;    /* every line read, to the caller (cgr_set_line_sink) */
  void *line_ctx;
  /* Made from the tables of statement.h when the reader opens, so that a
   * word that is no keyword or verb (most are names) leaves at once: bit n
   * of keyword_len[c] is set when a keyword of n bytes starts with the byte
   * c; verb_first[c], the verbs that start with c (bit v for verb v);
   * verb_packed[v], verb v's name as cgr_pack packs it. */
  uint16_t keyword_len[256];
  uint32_t verb_first[256];
  uint64_t verb_packed[V_COUNT];
  stmt_t st;
};

/* Sets *err (a position and a message) and returns false. */
bool cgr_fail(stmt_error_t *err, unsigned line, unsigned col, const char *fmt, ...);
/* The column (1-based, in characters) of byte offset off of a line. */
unsigned cgr_char_col(const char *line, size_t off);

/* The kind of statement the keyword s[0..n) begins (stmt_keyword), or -1. */
static inline int cgr_keyword(const cgr_reader_t *r, const char *s, size_t n) {
  if (n >= 16 || !(r->keyword_len[(unsigned char)s[0]] >> n & 1)) return -1;
  return stmt_keyword(s, n);
}

/* The n < 8 bytes of s as one number, byte i in bits 8i to 8i + 7, the rest
 * zero: two words of different bytes or lengths pack differently. */
static inline uint64_t cgr_pack(const char *s, size_t n) {
  uint64_t x = 0;
  for (size_t i = 0; i < n; i++) x |= (uint64_t)(unsigned char)s[i] << (8 * i);
  return x;
}

/* The verb that starts with the byte `first` and packs to x (cgr_pack), or
 * -1: one comparison of numbers a verb of that first byte, no loop over
 * letters (memcmp would be a call on every action line). */
_Static_assert(V_COUNT <= 32, "verb_first holds a verb a bit");
static inline int cgr_verb_packed(const cgr_reader_t *r, unsigned char first, uint64_t x) {
  for (uint32_t m = r->verb_first[first]; m; m &= m - 1) {
#if defined(__GNUC__)
    int v = __builtin_ctz(m);
#else
    int v = 0;
    while (!(m >> v & 1)) v++;
#endif
    if (r->verb_packed[v] == x) return v;
  }
  return -1;
}

/* The verb written s[0..n) (verb_table), or -1. Every verb is shorter than
 * eight bytes (asserted in cgr.c). */
static inline int cgr_verb(const cgr_reader_t *r, const char *s, size_t n) {
  return n < 8 ? cgr_verb_packed(r, (unsigned char)s[0], cgr_pack(s, n)) : -1;
}

/* The meld reference of a verb that takes one (`add`): a rank (JK too: a set
 * of jokers where meld.wild_sets lists them) or #N, N from 1
 * with at most 6 digits, into st->ref_rank or st->ref_index; false when
 * s[0..n) is neither. */
static inline bool cgr_ref(const char *s, size_t n, stmt_t *st) {
  st->ref_rank = -1;
  st->ref_index = 0;
  if (s[0] == '#') {
    if (n < 2 || n > 7) return false;
    int v = 0;
    for (size_t i = 1; i < n; i++) {
      if (s[i] < '0' || s[i] > '9') return false;
      v = v * 10 + (s[i] - '0');
    }
    st->ref_index = v;
    return v >= 1;
  }
  char rank[3] = {0};
  if (n > 2) return false;
  memcpy(rank, s, n);
  return (st->ref_rank = card_rank_parse(rank)) >= 0;
}

/* The meld references of a verb that takes two (`merge #N #M`): s[0..n) the
 * second, #N only, into st->ref2_index, the first (already in st) #N too;
 * false otherwise. */
static inline bool cgr_ref2(const char *s, size_t n, stmt_t *st) {
  int index = st->ref_index;
  bool ok = index > 0 && cgr_ref(s, n, st) && st->ref_index > 0;
  st->ref2_index = ok ? st->ref_index : 0;
  st->ref_index = index;
  st->ref_rank = -1;
  return ok;
}

/* The grammar's compiled patterns: NULL when out of memory. */
cgr_grammar_t *cgr_grammar_new(void);
void cgr_grammar_free(cgr_grammar_t *gr);
/* Reads r->line (already checked for UTF-8 and NUL bytes, not blank) into
 * r->st: 1 a statement, 0 a comment, -1 malformed (*err says where, what). */
int cgr_grammar_line(cgr_reader_t *r, stmt_t *st, stmt_error_t *err);

/* The hot path: true when it took r->line (then r->st holds the statement). */
bool cgr_fast_line(cgr_reader_t *r, stmt_t *st);

#endif
