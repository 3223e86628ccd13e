/* cgr_split.c — a CGR stream cut into parts of whole records (cgr_split.h).
 *
 * Why a cut at these places keeps every byte of the output (game.c's rules
 * for where a line belongs):
 * - After the input's first `cgr` line, every record begins at a line that
 *   starts a record (a `cgr` line at column 1, well formed or not, or an
 *   indented well-formed one), and at no other line; so the records before a
 *   part are the record-starting lines before it, and a part's first record
 *   is numbered from there.
 * - A record is closed by the `cgr` line after it (its unfinished hand is
 *   judged at that line); so each part but the last is followed, for its
 *   reader, by that line alone.
 * - Blank and comment lines change nothing; one expectation before a `cgr`
 *   line goes to the new record whoever reads it; a malformed line, or a
 *   second expectation, would go to the record before: no cut there.
 * - Before the first `cgr` line, statements and malformed lines join the first
 *   record or make one of their own: such an input is not cut at all. */
#include "cgr_split.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cgr.h"

typedef enum { L_START, L_BLANK, L_HASH, L_OTHER } line_class_t;

struct cgr_split {
  int fd;
  bool eof, done, failed;
  int err;
  char *buf;               /* the input held (read, never mapped: a file cut
                              short under the referee is an error, not SIGBUS) */
  bool changed;            /* a regular file whose size changed while read */
  unsigned long long size; /* a regular file's size at open, else 0 */
  unsigned long long total; /* bytes read */
  size_t len, cap, max, part_bytes;
  cgr_reader_t *r;         /* asks the grammar about the lines a cut depends on */
  size_t start, pos;       /* the part begins at start; lines before pos are scanned */
  unsigned start_line, line; /* the numbers of the lines at start and at pos */
  int records, records_before; /* records begun in [start, pos), and before start */
  bool seen_start;         /* the input's first record-starting line was seen */
  bool whole;              /* the input cannot be cut: its start is not clean */
  size_t run_at;           /* the blank and comment lines just before pos start here */
  unsigned run_line;
  bool have_prev;          /* the line before them, in this part */
  size_t prev_at, prev_len;
  unsigned prev_line;
};

cgr_split_t *cgr_split_open(int fd, size_t part_bytes, size_t max_bytes) {
  cgr_split_t *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->fd = fd;
  s->part_bytes = part_bytes;
  s->max = max_bytes < (1u << 16) ? 1u << 16 : max_bytes;
  s->cap = s->max < (1u << 20) ? s->max : 1u << 20;
  s->buf = malloc(s->cap);
  struct stat sb;
  if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && lseek(fd, 0, SEEK_CUR) == 0)
    s->size = (unsigned long long)sb.st_size;
  s->r = cgr_open_lines();
  s->start_line = s->line = s->run_line = 1;
  if (!s->buf || !s->r) {
    cgr_split_close(s);
    return NULL;
  }
  return s;
}

void cgr_split_close(cgr_split_t *s) {
  if (!s) return;
  cgr_close(s->r);
  free(s->buf);
  free(s);
}

const char *cgr_split_why(const cgr_split_t *s) {
  return s->changed ? "the file changed while it was read" : strerror(s->err);
}

/* At the end of a regular file: it still has the size it had at open, and
 * that many bytes were read. */
static bool same_file(cgr_split_t *s) {
  struct stat sb;
  if (!s->size) return true;
  return fstat(s->fd, &sb) == 0 && (unsigned long long)sb.st_size == s->size &&
         s->total == s->size;
}

/* Moves the part to the front of the buffer (the caller is done with the
 * parts given before) and reads more. 1: more read; 0: end of input (or an
 * error, kept for later); -1: the buffer holds max bytes already. */
static int more(cgr_split_t *s) {
  if (s->start > 0) {
    memmove(s->buf, s->buf + s->start, s->len - s->start);
    s->len -= s->start;
    s->pos -= s->start;
    s->run_at -= s->start;
    if (s->have_prev) s->prev_at -= s->start;
    s->start = 0;
  }
  if (s->len == s->cap) {
    if (s->cap >= s->max) return -1;
    size_t cap = s->cap * 2 < s->max ? s->cap * 2 : s->max;
    char *grown = realloc(s->buf, cap);
    if (!grown) return -1;
    s->buf = grown;
    s->cap = cap;
  }
  ssize_t n;
  do n = read(s->fd, s->buf + s->len, s->cap - s->len);
  while (n < 0 && errno == EINTR);
  if (n == 0 && !same_file(s)) s->changed = true, n = -1, errno = EIO;
  if (n <= 0) {
    s->eof = true;
    s->failed = n < 0;
    s->err = n < 0 ? errno : 0;
    return 0;
  }
  s->len += (size_t)n;
  s->total += (unsigned long long)n;
  return 1;
}

/* A line as the reader will read it: does it start a record, or is it blank,
 * a comment (or an expectation), or anything else? */
static line_class_t classify(cgr_split_t *s, const char *p, size_t n, unsigned line) {
  /* nearly every line starts with a name or a keyword other than cgr: whatever
   * else it holds (too long, bad bytes), it is "anything else" */
  if (line > 1 && p[0] != 'c' && p[0] != ' ' && p[0] != '\t' && p[0] != '#' && p[0] != '\r' && n)
    return L_OTHER;
  const char *q = p;
  size_t k = n && p[n - 1] == '\r' ? n - 1 : n;
  if (k > CGR_MAX_LINE) return L_OTHER; /* malformed: too long */
  if (line == 1 && k >= 3 && memcmp(q, "\xef\xbb\xbf", 3) == 0) q += 3, k -= 3;
  if (k >= 3 && memcmp(q, "cgr", 3) == 0 && (k == 3 || q[3] == ' ' || q[3] == '\t'))
    return L_START; /* well formed or not, it begins a record */
  size_t i = 0;
  while (i < k && (q[i] == ' ' || q[i] == '\t')) i++;
  if (i == k) return L_BLANK;
  if (q[i] == '#' && !(i + 1 < k && q[i + 1] >= '0' && q[i + 1] <= '9')) return L_HASH;
  if (i > 0 && k - i >= 3 && memcmp(q + i, "cgr", 3) == 0) { /* indented: if well formed */
    const stmt_t *st;
    stmt_error_t err;
    if (cgr_take_line(s->r, p, n, line, &st, &err) == 1 && st->kind == ST_CGR) return L_START;
  }
  return L_OTHER;
}

/* The lines from run_at to pos are blank lines, comments, and at most one
 * well-formed expectation. */
static bool run_is_clean(cgr_split_t *s) {
  int expectations = 0;
  unsigned line = s->run_line;
  for (size_t at = s->run_at; at < s->pos; line++) {
    const char *p = s->buf + at, *nl = memchr(p, '\n', s->pos - at);
    size_t n = nl ? (size_t)(nl - p) : s->pos - at;
    const stmt_t *st;
    stmt_error_t err;
    int rc = cgr_take_line(s->r, p, n, line, &st, &err);
    if (rc < 0 || (rc == 1 && (st->kind != ST_EXPECT || ++expectations > 1))) return false;
    at += n + 1;
  }
  return true;
}

/* Can the part end before the run of comments that leads to the record
 * starting at pos? */
static bool cut_here(cgr_split_t *s) {
  if (!s->seen_start || s->whole || !s->have_prev || s->pos - s->start < s->part_bytes)
    return false;
  const stmt_t *st;
  stmt_error_t err;
  return cgr_take_line(s->r, s->buf + s->prev_at, s->prev_len, s->prev_line, &st, &err) == 1 &&
         run_is_clean(s);
}

static void cut(cgr_split_t *s, size_t n, cgr_part_t *p) {
  *p = (cgr_part_t){s->buf + s->start, s->run_at - s->start, s->start_line, s->records_before,
                    false, false, s->buf + s->pos, n, s->line, s->size};
  s->records_before += s->records;
  s->records = 0;
  s->start = s->pos = s->run_at;
  s->start_line = s->line = s->run_line;
  s->have_prev = false;
}

/* The line [at, at + n) has been scanned as class c. */
static void account(cgr_split_t *s, line_class_t c, size_t at, size_t n, bool lf) {
  if (c == L_START) {
    if (!s->seen_start && (s->have_prev || !run_is_clean(s))) s->whole = true;
    s->seen_start = true;
    s->records++;
  }
  if (c == L_START || c == L_OTHER) {
    s->have_prev = true;
    s->prev_at = at;
    s->prev_len = n;
    s->prev_line = s->line;
    s->run_at = at + n + lf;
    s->run_line = s->line + 1;
  }
  s->pos = at + n + lf;
  s->line++;
}

/* The rest of the input as one part: at its end, or when it cannot be cut. */
static int last_part(cgr_split_t *s, cgr_part_t *p) {
  *p = (cgr_part_t){s->buf + s->start, s->len - s->start, s->start_line, s->records_before,
                    true, !s->eof, NULL, 0, 0, s->size};
  s->done = true;
  return 1;
}

/* The common case in a tight loop: lines that start with a name or a keyword
 * other than cgr (classify's first test) are "anything else". */
static void skip_plain_lines(cgr_split_t *s) {
  const char *buf = s->buf, *at = buf + s->pos, *last = NULL;
  const char *end = buf + s->len;
  size_t last_len = 0;
  unsigned line = s->line;
  while (at < end && line > 1) {
    char c = at[0];
    if (c == 'c' || c == ' ' || c == '\t' || c == '#' || c == '\r' || c == '\n') break;
    const char *nl = memchr(at, '\n', (size_t)(end - at));
    if (!nl) break;
    last = at;
    last_len = (size_t)(nl - at);
    at = nl + 1;
    line++;
  }
  if (!last) return;
  s->have_prev = true;
  s->prev_at = (size_t)(last - buf);
  s->prev_len = last_len;
  s->prev_line = line - 1;
  s->pos = s->run_at = (size_t)(at - buf);
  s->line = s->run_line = line;
}

int cgr_split_next(cgr_split_t *s, cgr_part_t *p) {
  if (s->done) {
    if (!s->failed) return 0;
    s->failed = false;
    errno = s->err;
    return -1;
  }
  for (;;) {
    if (s->whole) return last_part(s, p);
    skip_plain_lines(s);
    char *at = s->buf + s->pos;
    char *nl = memchr(at, '\n', s->len - s->pos);
    if (!nl && !s->eof) {
      if (more(s) < 0) return last_part(s, p); /* a record longer than max_bytes */
      continue;
    }
    size_t n = nl ? (size_t)(nl - at) : s->len - s->pos;
    if (!nl && n == 0) return last_part(s, p);
    line_class_t c = classify(s, at, n, s->line);
    if (c == L_START && cut_here(s)) {
      cut(s, n, p);
      return 1;
    }
    account(s, c, s->pos, n, nl != NULL);
  }
}
