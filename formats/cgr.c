/* cgr.c — the CGR 1 reader: its input, its lines, and which path reads each.
 *
 * The grammar is written above the parser, in cgr_grammar.c. A line goes
 * first to the hot path (cgr_fast.c), which takes the plain action and
 * card-list lines that make up nearly every record; every other line, and
 * every line with an error, goes to the grammar. */
#define _POSIX_C_SOURCE 200809L /* pread */
#include "cgr.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cgr_impl.h"
#include "i18n.h"
#include "utf8.h"

unsigned long long cgr_bytes_read(const cgr_reader_t *r) { return r->bytes; }
const char *cgr_line_text(const cgr_reader_t *r) { return r->line; }
unsigned cgr_line_number(const cgr_reader_t *r) { return r->lineno; }
bool cgr_out_of_memory(const cgr_reader_t *r) { return r->no_memory; }
int cgr_read_error(const cgr_reader_t *r) { return r->err; }

/* cgr_pack holds a verb in eight bytes. */
#define VERB(id, spelling, min, max, ref, who, phases, handler) \
  _Static_assert(sizeof spelling - 1 < 8, "a verb longer than cgr_pack holds: " spelling);
#include "verbs.def"
#undef VERB

static cgr_reader_t *reader_new(FILE *f) {
  cgr_reader_t *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->f = f;
  r->fd = -1;
  r->fast = true;
  r->line = r->linebuf;
  r->gr = cgr_grammar_new();
  if (!r->gr) {
    free(r);
    return NULL;
  }
  for (const stmt_keyword_t *k = stmt_keywords; k->word; k++)
    if (k->len < 16) r->keyword_len[(unsigned char)k->word[0]] |= (uint16_t)(1u << k->len);
  for (int v = 0; v < V_COUNT; v++) {
    r->verb_first[(unsigned char)verb_table[v].name[0]] |= 1u << v;
    r->verb_packed[v] = cgr_pack(verb_table[v].name, verb_table[v].len);
  }
  return r;
}

cgr_reader_t *cgr_open(FILE *f) { return reader_new(f); }
cgr_reader_t *cgr_open_lines(void) { return reader_new(NULL); }

void cgr_set_first_line(cgr_reader_t *r, unsigned line) { r->lineno = line ? line - 1 : 0; }

void cgr_restart(cgr_reader_t *r, const char *buf, size_t len, FILE *then, unsigned first_line) {
  r->f = then;
  r->mem = buf;
  r->mem_len = len;
  r->mem_pos = r->in_pos = r->in_len = 0;
  r->fd = -1;
  r->err = 0;
  r->eof = false;
  r->line = r->linebuf;
  r->line_len = 0;
  r->linebuf[0] = '\0';
  cgr_set_first_line(r, first_line);
}
void cgr_restart_at(cgr_reader_t *r, int fd, unsigned long long offset, unsigned long long len,
                    unsigned first_line) {
  cgr_restart(r, NULL, 0, NULL, first_line);
  r->fd = fd;
  r->fd_at = offset;
  r->fd_left = len;
}

void cgr_set_fast(cgr_reader_t *r, bool on) { r->fast = on; }

void cgr_close(cgr_reader_t *r) {
  if (!r) return;
  cgr_grammar_free(r->gr);
  free(r);
}

bool cgr_fail(stmt_error_t *err, unsigned line, unsigned col, const char *fmt, ...) {
  err->line = line;
  err->col = col;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->message, sizeof err->message, fmt, ap);
  va_end(ap);
  return false;
}

unsigned cgr_char_col(const char *line, size_t off) {
  unsigned col = 1;
  for (size_t i = 0; i < off; i++)
    if (((unsigned char)line[i] & 0xC0) != 0x80) col++;
  return col;
}

/* ---- lines ---------------------------------------------------------- */

/* cgr_stop_reads_when's: a read interrupted stops when it says so. */
static bool (*stop_reads)(void);

void cgr_stop_reads_when(bool (*stop)(void)) { stop_reads = stop; }

/* A read interrupted by a signal (errno EINTR) is tried again. */
static bool again(void) { return errno == EINTR && !(stop_reads && stop_reads()); }

/* Up to n bytes of the stream into buf. A signal that interrupts the read
 * (a program embedding the reader may have handlers without SA_RESTART) is
 * no error and no end: the read goes on (but for stop_reads). */
static size_t read_stream(cgr_reader_t *r, char *buf, size_t n) {
  size_t got = 0;
  for (;;) {
    got += fread(buf + got, 1, n - got, r->f); /* short only at the end or an error */
    if (got == n || !ferror(r->f) || !again()) break;
    clearerr(r->f);
  }
  if (ferror(r->f) && !r->err) r->err = errno ? errno : EIO;
  return got;
}

/* Up to n bytes of the file at fd_at (pread, retried when interrupted). */
static size_t read_at(cgr_reader_t *r, char *buf, size_t n) {
  if (r->fd_left < n) n = (size_t)r->fd_left;
  ssize_t k = 0;
  if (n > 0) {
    do k = pread(r->fd, buf, n, (off_t)r->fd_at);
    while (k < 0 && again());
  }
  if (k < 0) r->err = errno;
  if (k <= 0) return 0;
  r->fd_at += (unsigned long long)k;
  r->fd_left -= (unsigned long long)k;
  return (size_t)k;
}

/* The caller's buffer first, then the stream (or the file at an offset). */
static bool fill(cgr_reader_t *r) {
  if (r->eof) return false;
  if (r->mem_pos < r->mem_len) {
    size_t n = r->mem_len - r->mem_pos < IN_CHUNK ? r->mem_len - r->mem_pos : IN_CHUNK;
    memcpy(r->in, r->mem + r->mem_pos, n);
    r->mem_pos += n;
    r->in_len = n;
  } else {
    r->in_len = r->fd >= 0 ? read_at(r, r->in, IN_CHUNK) : r->f ? read_stream(r, r->in, IN_CHUNK) : 0;
  }
  r->in_pos = 0;
  if (r->in_len == 0) r->eof = true;
  r->bytes += r->in_len;
  return r->in_len > 0;
}

/* A line as read (without its LF) becomes r->line: its CR dropped, a
 * byte-order mark on line 1 skipped. 1, or -1 when it is too long. */
static size_t skip_mark(cgr_reader_t *r, size_t n) {
  if (n < 3 || memcmp(r->line, "\xef\xbb\xbf", 3) != 0) return n;
  memmove(r->line, r->line + 3, n - 3); /* a byte-order mark is not text */
  return n - 3;
}

/* Inline, and the line's sink called last: the common line pays no call
 * and saves no registers (about 20 instructions a line, callgrind). */
static inline int take(cgr_reader_t *r, size_t n, bool too_long) {
  r->lineno++;
  if (n && r->line[n - 1] == '\r') n--;
  int rc = too_long || n > CGR_MAX_LINE ? -1 : 1;
  if (r->lineno == 1) n = skip_mark(r, n);
  r->line[n] = '\0';
  r->line_len = n;
  if (!r->line_fn) return rc;
  r->line_fn(r->line_ctx, r->lineno, r->line, n);
  return rc;
}

void cgr_set_line_sink(cgr_reader_t *r, cgr_line_fn fn, void *ctx) {
  r->line_fn = fn;
  r->line_ctx = ctx;
}

/* A line that is not whole in the buffer: copied into r->linebuf as the
 * buffer is filled again; a line longer than CGR_MAX_LINE is consumed, and
 * r->line holds its start. */
static int read_across(cgr_reader_t *r) {
  size_t n = 0;
  bool too_long = false, any = false;
  r->line = r->linebuf;
  for (;;) {
    if (r->in_pos == r->in_len && !fill(r)) break;
    any = true;
    char *start = r->in + r->in_pos;
    size_t avail = r->in_len - r->in_pos;
    char *nl = memchr(start, '\n', avail);
    size_t len = nl ? (size_t)(nl - start) : avail;
    size_t room = CGR_MAX_LINE + 1 - n; /* + 1: a CR before the LF */
    if (len > room) too_long = true;
    size_t copy = len < room ? len : room;
    memcpy(r->line + n, start, copy);
    n += copy;
    r->in_pos += len + (nl ? 1 : 0);
    if (nl) break;
  }
  return any ? take(r, n, too_long) : 0;
}

/* Reads the next line: 0 at end of input, 1 on a line, -1 for a line longer
 * than CGR_MAX_LINE. A line whole in the buffer is read where it lies (its LF
 * becomes the NUL). */
static int read_line(cgr_reader_t *r) {
  if (r->in_pos == r->in_len && !fill(r)) return 0;
  char *start = r->in + r->in_pos;
  char *nl = memchr(start, '\n', r->in_len - r->in_pos);
  if (!nl || nl - start > CGR_MAX_LINE + 1) return read_across(r);
  r->line = start;
  r->in_pos += (size_t)(nl - start) + 1;
  return take(r, (size_t)(nl - start), false);
}

/* Checks UTF-8 (utf8.h) and NUL bytes; returns the byte offset of the first
 * bad byte, or len when the line is good. line[len] is a NUL. */
static size_t bad_byte(const char *s, size_t len) {
  size_t i = 0;
  while (i < len) {
    unsigned char c = (unsigned char)s[i];
    size_t k = c < 0x80 ? (size_t)(c != 0) : utf8_len(s + i);
    if (k == 0) return i;
    i += k;
  }
  return len;
}

/* The offset of the "#" that begins a comment line (an expectation too), or
 * the line's length when it is blank or no comment ("#3" is a meld). */
static size_t comment_at(const cgr_reader_t *r) {
  size_t lead = 0;
  while (lead < r->line_len && (r->line[lead] == ' ' || r->line[lead] == '\t')) lead++;
  if (lead == r->line_len || r->line[lead] != '#' ||
      (lead + 1 < r->line_len && r->line[lead + 1] >= '0' && r->line[lead + 1] <= '9'))
    return r->line_len;
  return lead;
}

/* A blank line, or a comment that is not an expectation: nothing to read. */
static bool nothing_to_read(const cgr_reader_t *r) {
  size_t p = comment_at(r);
  if (p == r->line_len) return strspn(r->line, " \t") == p; /* blank */
  p++;
  while (p < r->line_len && (r->line[p] == ' ' || r->line[p] == '\t')) p++;
  return r->line_len - p < 7 || memcmp(r->line + p, "expect:", 7) != 0;
}

/* The line the hot path does not take (cgr_fast.c): 1 statement, 0
 * blank/comment line, -1 malformed. */
static int parse_slow(cgr_reader_t *r, stmt_error_t *err) {
  stmt_t *st = &r->st;
  r->words_len = 0;
  err->starts_record = r->line_len >= 3 && memcmp(r->line, "cgr", 3) == 0 &&
                       (r->line_len == 3 || r->line[3] == ' ' || r->line[3] == '\t');
  err->comment = comment_at(r) < r->line_len;
  size_t bad = bad_byte(r->line, r->line_len);
  if (bad < r->line_len) {
    cgr_fail(err, r->lineno, cgr_char_col(r->line, bad),
             r->line[bad] ? _("invalid UTF-8"): _("a NUL byte in the line"));
    return -1;
  }
  if (nothing_to_read(r)) return 0;
  return cgr_grammar_line(r, st, err);
}

/* 1 statement, 0 blank/comment line, -1 malformed: the hot path first. */
static inline int parse_current(cgr_reader_t *r, stmt_error_t *err) {
  r->words_len = 0;
  if (r->fast && cgr_fast_line(r, &r->st)) return 1;
  return parse_slow(r, err);
}

static int too_long(cgr_reader_t *r, stmt_error_t *err) {
  err->starts_record = err->comment = false;
  cgr_fail(err, r->lineno, 1, _("a line longer than %d bytes"), CGR_MAX_LINE);
  return -1;
}

int cgr_next(cgr_reader_t *r, const stmt_t **st, stmt_error_t *err) {
  for (;;) {
    int rl = read_line(r);
    if (rl == 0) return 0;
    if (rl < 0) return too_long(r, err);
    int rc = parse_current(r, err);
    if (r->no_memory) return 0; /* the line was not read: no verdict on it */
    if (rc == 0) continue;
    *st = &r->st;
    return rc;
  }
}

int cgr_take_line(cgr_reader_t *r, const char *text, size_t len, unsigned line,
                  const stmt_t **st, stmt_error_t *err) {
  size_t copy = len < CGR_MAX_LINE + 1 ? len : CGR_MAX_LINE + 1;
  r->line = r->linebuf;
  memcpy(r->line, text, copy);
  r->lineno = line - 1;
  if (take(r, copy, len > copy) < 0) return too_long(r, err);
  int rc = parse_current(r, err);
  if (r->no_memory) return 0; /* the line was not read (cgr_out_of_memory) */
  if (rc == 1) *st = &r->st;
  return rc;
}

int cgr_parse_line(cgr_reader_t *r, const char *text, size_t len, unsigned line,
                   const stmt_t **st, stmt_error_t *err) {
  r->lineno = line;
  if (len > CGR_MAX_LINE) {
    err->starts_record = err->comment = false;
    cgr_fail(err, line, 1, _("a line longer than %d bytes"), CGR_MAX_LINE);
    return -1;
  }
  if (line == 1 && len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
    text += 3, len -= 3; /* a byte-order mark is not text, as in a file (take) */
  r->line = r->linebuf;
  memcpy(r->line, text, len);
  while (len && (r->line[len - 1] == '\n' || r->line[len - 1] == '\r')) len--;
  r->line[len] = '\0';
  r->line_len = len;
  int rc = parse_current(r, err);
  if (r->no_memory) return 0; /* the line was not read (cgr_out_of_memory) */
  if (rc == 1) *st = &r->st;
  return rc;
}
