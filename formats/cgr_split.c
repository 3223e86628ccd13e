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
 *   judged at the line after its last statement); so each part but the last
 *   is followed, for its reader, by that line alone.
 * - Blank and comment lines change nothing; one expectation before a `cgr`
 *   line goes to the new record whoever reads it; a second expectation would
 *   go to the record before. A malformed line goes to the record it stands
 *   in (a comment line that cannot be read, to the next statement's): where
 *   one is, no cut is made, which keeps the cutter simple.
 * - Before the first `cgr` line, statements and malformed lines join the first
 *   record or make one of their own: such an input is not cut at all. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MADV_DONTFORK */
#include "cgr_split.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cgr.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

typedef enum { L_START, L_BLANK, L_HASH, L_OTHER } line_class_t;

enum { PLACED_CHUNK = 1 << 18 }; /* read at a time when the parts are placed:
                                    the buffer stays in the cache */

struct cgr_split {
  int fd;
  cgr_split_mode_t mode;   /* PLACED only for a regular file read from its start */
  bool private_buf;        /* no child inherits buf (MADV_DONTFORK): it is reused */
  bool eof, done, failed;
  int err;
  char *buf;               /* the input held (read, never the file mapped: a
                              file cut short under the referee is an error,
                              not SIGBUS): anonymous memory, see make_room() */
  unsigned long long base; /* the offset in the input of buf[0] */
  bool changed;            /* a regular file whose size changed while read */
  unsigned long long size; /* a regular file's size at open, else 0 */
  unsigned long long total; /* bytes read */
  size_t len, cap, max, part_bytes;
  cgr_reader_t *r;         /* asks the grammar about the lines a cut depends on */
  unsigned long long start; /* the part begins at this offset of the input */
  size_t pos;              /* in buf: the lines before it are scanned */
  unsigned start_line, line; /* the numbers of the lines at start and at pos */
  int records, records_before; /* records begun in [start, pos), and before start */
  bool seen_start;         /* the input's first record-starting line was seen */
  bool whole;              /* the input cannot be cut: its start is not clean */
  size_t run_at;           /* the blank and comment lines just before pos start here */
  unsigned run_line;
  bool have_prev;          /* the line before them, in this part */
  size_t prev_at, prev_len;
  unsigned prev_line;
  char *next;              /* PLACED: a copy of the line that begins the next part
                              (buf is not inherited) */
};

/* A buffer of its own pages, given back whole (malloc could hand the same
 * pages out again: see make_room()). */
static char *buf_new(cgr_split_t *s, size_t cap) {
  void *m = mmap(NULL, cap, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED) return NULL;
#ifdef MADV_DONTFORK
  s->private_buf = s->mode == CGR_SPLIT_PLACED && madvise(m, cap, MADV_DONTFORK) == 0;
#endif
  return m;
}

cgr_split_t *cgr_split_open_mode(int fd, size_t part_bytes, size_t max_bytes,
                                 cgr_split_mode_t mode) {
  cgr_split_t *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->fd = fd;
  s->part_bytes = part_bytes;
  s->max = max_bytes < (1u << 16) ? 1u << 16 : max_bytes;
  struct stat sb;
  if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && lseek(fd, 0, SEEK_CUR) == 0)
    s->size = (unsigned long long)sb.st_size;
  s->mode = mode == CGR_SPLIT_PLACED && !s->size ? CGR_SPLIT_FORKED : mode;
  size_t first = s->mode == CGR_SPLIT_PLACED ? PLACED_CHUNK : 1u << 20;
  s->cap = s->max < first ? s->max : first;
  s->buf = buf_new(s, s->cap);
  s->r = cgr_open_lines();
  s->start_line = s->line = s->run_line = 1;
  if (s->mode == CGR_SPLIT_PLACED) s->next = malloc(CGR_MAX_LINE + 2);
  if (!s->buf || !s->r || (s->mode == CGR_SPLIT_PLACED && !s->next)) {
    cgr_split_close(s);
    return NULL;
  }
  return s;
}

cgr_split_t *cgr_split_open(int fd, size_t part_bytes, size_t max_bytes) {
  return cgr_split_open_mode(fd, part_bytes, max_bytes, CGR_SPLIT_HELD);
}

void cgr_split_close(cgr_split_t *s) {
  if (!s) return;
  cgr_close(s->r);
  if (s->buf) munmap(s->buf, s->cap);
  free(s->next);
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

/* The first byte of buf still needed: the part's (held), or the line
 * before the run of comments at pos (placed: a cut depends on it). */
static size_t needed(const cgr_split_t *s) {
  if (s->mode != CGR_SPLIT_PLACED) return (size_t)(s->start - s->base);
  return s->have_prev ? s->prev_at : s->run_at;
}

/* Makes room: what is still needed moves to the front (twice the buffer's
 * size when it fills it). FORKED: into a new buffer, the old one given back
 * but never written again, since a child may share a part in it. */
static bool make_room(cgr_split_t *s) {
  size_t from = needed(s), keep = s->len - from;
  size_t cap = keep < s->cap ? s->cap : s->cap * 2 < s->max ? s->cap * 2 : s->max;
  if (keep == cap) return false;
  bool in_place = cap == s->cap && (s->mode == CGR_SPLIT_HELD || s->private_buf);
  char *fresh = in_place ? s->buf : buf_new(s, cap);
  if (!fresh) return false;
  memmove(fresh, s->buf + from, keep);
  if (!in_place) munmap(s->buf, s->cap);
  s->buf = fresh;
  s->cap = cap;
  s->len = keep;
  s->base += from;
  s->pos -= from;
  s->run_at -= from;
  if (s->have_prev) s->prev_at -= from;
  return true;
}

/* Reads more of the input (the caller is done with the parts given
 * before). 1: more read; 0: end of input (or an error, kept for later); -1:
 * the buffer holds max bytes already. */
static int more(cgr_split_t *s) {
  if ((needed(s) > 0 || s->len == s->cap) && !make_room(s)) return -1;
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
  if (!s->seen_start || s->whole || !s->have_prev || s->base + s->pos - s->start < s->part_bytes)
    return false;
  const stmt_t *st;
  stmt_error_t err;
  return cgr_take_line(s->r, s->buf + s->prev_at, s->prev_len, s->prev_line, &st, &err) == 1 &&
         run_is_clean(s);
}

/* The part [start, end): in memory, or by its place. */
static void give(cgr_split_t *s, unsigned long long end, cgr_part_t *p) {
  bool placed = s->mode == CGR_SPLIT_PLACED;
  *p = (cgr_part_t){.data = placed ? NULL : s->buf + (s->start - s->base),
                    .len = (size_t)(end - s->start),
                    .offset = s->start,
                    .fd = s->fd,
                    .first_line = s->start_line,
                    .records_before = s->records_before,
                    .records = s->records,
                    .size = s->size};
}

static void cut(cgr_split_t *s, size_t n, cgr_part_t *p) {
  give(s, s->base + s->run_at, p);
  p->next = s->buf + s->pos;
  if (s->next) p->next = memcpy(s->next, s->buf + s->pos, n);
  p->next_len = n;
  p->next_line = s->line;
  s->records_before += s->records;
  s->records = 0;
  s->start = s->base + s->run_at;
  s->pos = s->run_at;
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

/* The rest of the input as one part: at its end, or when it cannot be cut
 * (then its records are not counted). */
static int last_part(cgr_split_t *s, cgr_part_t *p) {
  bool end = s->eof && !s->whole && s->pos == s->len;
  give(s, s->base + s->len, p);
  p->last = true;
  p->rest = !s->eof;
  if (!end) p->records = -1;
  s->done = true;
  return 1;
}

/* Bytes that make a line worth classify's attention when they begin it
 * (classify's first test): every other line is "anything else". */
static const bool special[256] = {['c'] = 1, [' '] = 1, ['\t'] = 1, ['#'] = 1, ['\r'] = 1,
                                   ['\n'] = 1};
static bool plain(unsigned char c) { return !special[c]; }

/* From the line at *p, lines that begin with a plain byte and end in a LF:
 * *nl and *before become the last two LFs passed; the count of lines. The
 * parent of --jobs runs this over every byte of the input before its
 * processes can start and while they run: sixteen bytes are searched for
 * LFs at once (SSE2, x86-64's baseline), where a memchr a line cost 2.4
 * instructions a byte on generated games (callgrind); now about 1.1. */
static unsigned plain_lines(const char *buf, size_t p, size_t end, size_t *nl, size_t *before) {
  unsigned lines = 0;
#ifdef __SSE2__
  const __m128i lf = _mm_set1_epi8('\n');
  for (size_t q = p; q + 16 < end; q += 16) { /* the byte after a LF is there */
    unsigned m = (unsigned)_mm_movemask_epi8(
        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(buf + q)), lf));
    for (; m; m &= m - 1) {
      size_t at = q + (size_t)__builtin_ctz(m);
      *before = *nl;
      *nl = at;
      lines++;
      if (!plain((unsigned char)buf[at + 1])) return lines;
    }
  }
  p = *nl + 1; /* the rest, from the line the blocks stopped in */
#endif
  for (const char *lf_at; p < end && plain((unsigned char)buf[p]); p = *nl + 1) {
    if (!(lf_at = memchr(buf + p, '\n', end - p))) break;
    *before = *nl;
    *nl = (size_t)(lf_at - buf);
    lines++;
  }
  return lines;
}

/* The common case in a tight loop: lines that start with a name or a keyword
 * other than cgr (classify's first test) are "anything else". */
static void skip_plain_lines(cgr_split_t *s) {
  size_t at = s->pos, nl = at - 1, before = 0; /* nl: the LF before the line at pos */
  if (s->line <= 1 || at >= s->len || !plain((unsigned char)s->buf[at])) return;
  unsigned lines = plain_lines(s->buf, at, s->len, &nl, &before);
  if (!lines) return;
  s->have_prev = true;
  s->prev_at = before + 1;
  s->prev_len = nl - before - 1;
  s->prev_line = s->line + lines - 1;
  s->pos = s->run_at = nl + 1;
  s->line = s->run_line = s->line + lines;
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
