/* merge.c — `referee merge [--json] [--tap] [--junit F] FILE...` (merge.h).
 *
 * Each file holds one shard's JSON Lines, in the order of its segments;
 * every object starts with "segment". The files are merged by segment number
 * (a k-way merge: nothing is held but one line per file), and the numbers
 * must run 0, 1, 2... without a gap or a repeat: a missing or doubled shard
 * is an error (exit 3), not a smaller result.
 *
 * A shard's output ends with its closing line ({"shard": ...}, shard.h):
 * every input must end with one, and together they must be the N shards of
 * one run — the same identity (the referee, the options, the inputs' names
 * and sizes, their bytes where known, --run-id, N), each K once — and every
 * number a closing line gives is checked against the file it closes: its
 * lines and records counted, its segments (each K mod N, below "segments",
 * no more than "own", which K, N and "segments" decide), its bytes adding up
 * with the others' to the inputs', the digests of the bytes judged adding
 * up to the run's, "run" the digest of the identity it states. A line that
 * is not a whole JSON object or ends in CR, a line after the closing line, an
 * empty input: each is an error (exit 3) naming the input, never a smaller
 * result.
 *
 * Every shard is checked before anything is printed: a first pass reads
 * the inputs through (the k-way merge, every closing line, the run), with
 * an input that cannot seek (a pipe) copied to a temporary file as it is
 * read; only when it finds nothing wrong does the second pass read them
 * again and print. A refused merge prints nothing on standard output.
 *
 * Three kinds of object: a record's verdict (referee --json), a record's
 * result (referee check --json), and an input that could not be read
 * ({"error": ...}). Verdicts: with --json their objects as one run prints
 * them (the segment taken out), else a count line; the exit status is the
 * worst record's. Results: failure lines or TAP, the closing counts and the
 * JUnit report as `referee check` prints them (formats/results.c). */
#define _POSIX_C_SOURCE 200809L
#include "merge.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "json.h"
#include "output.h"
#include "results.h"
#include "shard.h"

enum { IDENTITY = 8 }; /* shard_identity_keys */

/* A closing line's facts, each checked (closing_line, whole, one_run). */
typedef struct {
  char *identity[IDENTITY]; /* the raw JSON values, malloc'd */
  unsigned long long k, n, segments, own, bytes, input_bytes, lines, records;
  uint64_t judged, content;
  bool content_known;
} closing_t;

typedef struct {
  FILE *f;
  const char *path;
  char *line;
  size_t cap;
  bool have;
  long long segment;                  /* of the line held */
  unsigned long long number;          /* lines read */
  unsigned long long lines, records;  /* objects before the closing line */
  /* the segments seen: how many, the first, the last, the gcd of their
   * distances from the first (all K mod N when N divides it) */
  unsigned long long distinct, first, last, gcd;
  bool closed, bad;
  bool peeked;                        /* c read first (peek_closing) */
  FILE *spool;                        /* a pipe's lines, kept for the second pass */
  closing_t c;
} input_t;

typedef struct {
  bool dry;            /* the first pass: nothing printed, nothing counted */
  bool json, tap;
  const char *junit;
  results_t results;
  bool checks, verdicts, error;
  long long last;      /* the last segment merged */
  unsigned long long count[4]; /* legal, illegal, malformed, ruleset error */
  int status;
} merge_t;

static int merge_usage(const char *what) {
  out_say("referee merge: %s", what);
  fputs("Try 'referee --help'.\n", stderr);
  return 3;
}

static void string_of(const char *line, const char *key, char *out, size_t cap);

static void input_error(merge_t *m, input_t *in, const char *what) {
  out_say("referee merge: %s: line %llu: %s", in->path, in->number, what);
  m->error = true;
  in->bad = true;
  in->have = false;
}

/* A count of the closing line: digits only, within 64 bits. */
static bool count_of(const char *v, const char *key, unsigned long long *out) {
  const char *x;
  size_t len;
  if (!json_member(v, key, &x, &len) || len == 0 || len > 20) return false;
  unsigned long long n = 0;
  for (size_t i = 0; i < len; i++) {
    unsigned d = (unsigned)(x[i] - '0');
    if (d > 9 || n > (UINT64_MAX - d) / 10) return false;
    n = n * 10 + d;
  }
  *out = n;
  return true;
}

/* A digest of the closing line: "16 hex digits" (or null, when may_be_null). */
static bool digest_of(const char *v, const char *key, uint64_t *out, bool *known) {
  const char *x;
  size_t len;
  char hex[17];
  if (!json_member(v, key, &x, &len)) return false;
  *known = !(len == 4 && memcmp(x, "null", 4) == 0);
  if (!*known) return true;
  if (len != 18 || x[0] != '"' || strspn(x + 1, "0123456789abcdef") < 16) return false;
  memcpy(hex, x + 1, 16);
  hex[16] = '\0';
  *out = strtoull(hex, NULL, 16);
  return true;
}

/* The closing line's identity: its members' raw values, and "run" their digest. */
static const char *identity_of(const char *v, closing_t *c) {
  const char *values[IDENTITY];
  size_t lens[IDENTITY];
  for (int i = 0; i < IDENTITY; i++) {
    if (!json_member(v, shard_identity_keys[i], &values[i], &lens[i]))
      return "a closing line without the run's identity (of an older referee?)";
    free(c->identity[i]); /* read first by peek_closing */
    c->identity[i] = strndup(values[i], lens[i]);
    if (!c->identity[i]) return "out of memory";
  }
  uint64_t run;
  bool known;
  if (!digest_of(v, "run", &run, &known) || !known || run != shard_run(values, lens))
    return "the closing line's \"run\" is not the digest of the identity it states: altered";
  return NULL;
}

/* The shard's closing line: its facts read and checked against each other;
 * NULL, or what is wrong. */
static const char *closing_line(closing_t *c, const char *v) {
  static const char *const keys[] = {"k", "n", "segments", "own", "bytes", "input_bytes",
                                     "lines", "records"};
  unsigned long long *at[] = {&c->k, &c->n, &c->segments, &c->own, &c->bytes, &c->input_bytes,
                              &c->lines, &c->records};
  static char why[160];
  for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
    if (!count_of(v, keys[i], at[i])) {
      snprintf(why, sizeof why, "the closing line's \"%s\" is missing or not a count from 0 "
               "to 2^64-1", keys[i]);
      return why;
    }
  bool known;
  if (!digest_of(v, "judged", &c->judged, &known) || !known ||
      !digest_of(v, "content", &c->content, &c->content_known))
    return "the closing line's \"judged\" or \"content\" is not a digest";
  if (c->n == 0 || c->n > SHARD_MAX || c->k >= c->n) {
    snprintf(why, sizeof why, "the closing line says shard %llu of %llu: not K/N with "
             "0 <= K < N <= %d", c->k, c->n, SHARD_MAX);
    return why;
  }
  /* segment i is in shard i mod N: K, N and the segments decide how many */
  unsigned long long own = c->segments > c->k ? (c->segments - 1 - c->k) / c->n + 1 : 0;
  if (c->own != own) {
    snprintf(why, sizeof why, "the closing line says %llu segments of shard %llu/%llu, where "
             "%llu segments give it %llu", c->own, c->k, c->n, c->segments, own);
    return why;
  }
  if (c->bytes > c->input_bytes) return "the closing line's \"bytes\" exceed its \"input_bytes\"";
  return identity_of(v, c);
}

static unsigned long long gcd(unsigned long long a, unsigned long long b) {
  while (b) {
    unsigned long long t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* A line's segment number, followed in the input: never going back. */
static void segment_of(merge_t *m, input_t *in, const char *line) {
  const char *v;
  size_t len;
  unsigned long long s;
  if (!json_member(line, "segment", &v, &len) || !count_of(line, "segment", &s) ||
      s > (unsigned long long)SHARD_MAX * 1000000000ull) {
    input_error(m, in, "no \"segment\" number: not the output of referee --json --shard K/N "
                "(or check --json --shard), which merge reads (--shard 0/1 for one run)");
    return;
  }
  if (in->distinct > 0 && s < in->last) {
    input_error(m, in, "the segment numbers go back");
    return;
  }
  if (in->distinct == 0) in->first = s;
  if (in->distinct == 0 || s != in->last) in->distinct++;
  in->gcd = gcd(in->gcd, s - in->first);
  in->last = s;
  in->segment = (long long)s;
}

/* What is wrong with the line just read (n bytes, its LF taken off), or
 * NULL; a closing line read. */
static const char *fault(input_t *in, ssize_t n) {
  const char *v;
  size_t len;
  if (in->line[n - 1] != '\n') return "cut short: no end of line";
  in->line[n - 1] = '\0';
  if (n > 1 && in->line[n - 2] == '\r')
    return "the line ends in CR (CRLF: line ends converted?), which no shard writes";
  if (!json_valid_object(in->line)) return "not a whole JSON object";
  if (!json_member(in->line, "shard", &v, &len)) return NULL;
  const char *why = closing_line(&in->c, v);
  in->closed = why == NULL;
  return why;
}

/* The next line of an input, and its segment number; the closing line ends
 * the input. */
static ssize_t read_line(input_t *in) {
  ssize_t n = getline(&in->line, &in->cap, in->f);
  if (n > 0 && in->spool) fwrite(in->line, 1, (size_t)n, in->spool);
  return n;
}

static void advance(merge_t *m, input_t *in) {
  ssize_t n = read_line(in);
  in->have = n > 0;
  if (!in->have) return;
  in->number++;
  const char *bad = fault(in, n);
  if (bad) {
    input_error(m, in, bad);
    return;
  }
  if (in->closed) {
    in->have = false;
    if (read_line(in) > 0) {
      in->number++;
      input_error(m, in, "a line after the shard's closing line");
    }
    return;
  }
  segment_of(m, in, in->line);
  if (in->bad) return;
  const char *v;
  size_t len;
  in->lines++;
  in->records += json_member(in->line, "verdict", &v, &len) || json_member(in->line, "ok", &v, &len);
}

static long long number_of(const char *line, const char *key) {
  const char *v;
  size_t len;
  return json_member(line, key, &v, &len) ? strtoll(v, NULL, 10) : 0;
}

static void string_of(const char *line, const char *key, char *out, size_t cap) {
  const char *v;
  size_t len;
  if (!json_member(line, key, &v, &len) || !json_unescape(v, len, out, cap)) out[0] = '\0';
}

/* A record's verdict: printed as one run prints it, or counted. */
static void verdict(merge_t *m, const char *line, const char *v, size_t len) {
  static const char *const words[] = {"\"legal\"", "\"illegal\"", "\"malformed\""};
  int s = 3;
  for (int i = 0; i < 3; i++)
    if (strlen(words[i]) == len && memcmp(words[i], v, len) == 0) s = i;
  const char *x;
  size_t xl;
  if (json_member(line, "ruleset_error", &x, &xl)) s = 3;
  m->count[s]++;
  if (s > m->status) m->status = s;
  m->verdicts = true;
  if (!m->json) return;
  const char *rest = strncmp(line, "{\"segment\":", 11) == 0 ? strchr(line, ',') : NULL;
  if (rest) printf("{%s\n", rest + 1);
  else printf("%s\n", line);
}

/* A shard's error line on stderr: a control byte (ESC...) is shown as \xNN,
 * never sent to the terminal. */
static void say_error(const char *why) { out_say("%s", why); }

static void one_line(merge_t *m, const char *line) {
  const char *v;
  size_t len;
  char file[4096], why[2048];
  if (m->dry && (json_member(line, "verdict", &v, &len) || json_member(line, "ok", &v, &len) ||
                 json_member(line, "error", &v, &len))) {
    return; /* printed, counted or said by the second pass */
  } else if (json_member(line, "verdict", &v, &len)) {
    verdict(m, line, v, len);
  } else if (json_member(line, "ok", &v, &len)) {
    string_of(line, "file", file, sizeof file);
    string_of(line, "why", why, sizeof why);
    result_t r = {file, (int)number_of(line, "record"), (unsigned)number_of(line, "record_line"),
                  (unsigned)number_of(line, "at"), len == 4 && memcmp(v, "true", 4) == 0, why};
    results_add(&m->results, &r);
    m->checks = true;
  } else if (json_member(line, "error", &v, &len)) {
    string_of(line, "error", why, sizeof why);
    say_error(why);
    m->error = true;
  } else {
    out_say("referee merge: not a line of referee --json or check --json: %.60s", line);
    m->error = true;
  }
}

/* The input holding the next line: the lowest segment, which is the one
 * being read (from the same input) or the one after it; NULL at the end, or
 * when a segment is missing or in two inputs. */
static input_t *next_input(merge_t *m, input_t *in, int n, long long last, const input_t *from) {
  input_t *best = NULL;
  for (int i = 0; i < n; i++)
    if (in[i].have && (!best || in[i].segment < best->segment)) best = &in[i];
  if (!best || (best->segment == last && best == from) || best->segment == last + 1) return best;
  if (best->segment <= last)
    out_say("referee merge: segment %lld is in %s and in %s", best->segment,
            from ? from->path : "?", best->path);
  else
    out_say("referee merge: segments %lld to %lld are missing (a shard's output?)",
            last + 1, best->segment - 1);
  m->error = true;
  return NULL;
}

/* Each input whole: read to its closing line, whose counts it meets. */
static bool whole(merge_t *m, input_t *in) {
  const closing_t *c = &in->c;
  if (in->bad) return false;
  if (in->number == 0) {
    out_say("referee merge: %s: empty: no shard's output", in->path);
  } else if (!in->closed) {
    out_say("referee merge: %s: no closing line: not a shard's whole output (cut "
            "short, or not written by --shard K/N)", in->path);
  } else if (in->lines != c->lines || in->records != c->records) {
    out_say("referee merge: %s: %llu lines and %llu records, where the shard wrote %llu "
            "and %llu", in->path, in->lines, in->records, c->lines, c->records);
  } else if (in->distinct > 0 && (in->first % c->n != c->k || in->gcd % c->n != 0 ||
                                  in->last >= c->segments || in->distinct > c->own)) {
    out_say("referee merge: %s: its segments are not those of shard %llu/%llu of %llu "
            "segments", in->path, c->k, c->n, c->segments);
  } else {
    return true;
  }
  m->error = true;
  return false;
}

/* Why two closing lines are not of one run: the first identity member that
 * differs. */
static const char *differs(const closing_t *a, const closing_t *b) {
  static const char *const why[IDENTITY] = {
      "made by other versions of the referee",
      ("made with other options (check or not, --explain, --at, --keep-going, --parse-only, "
       "--lang or the environment's language, --rules)"),
      "over other inputs (their names or sizes differ)",
      "over inputs whose bytes differ (changed, or swapped, between the shards)",
      "made with other --run-id",
      "of another number of shards",
      "over inputs cut into another number of segments",
      "over inputs of another size"};
  for (int i = 0; i < IDENTITY; i++)
    if (strcmp(a->identity[i], b->identity[i]) != 0)
      return i == 3 && (!a->content_known || !b->content_known)
                 ? "one made with --run-id, one without"
                 : why[i];
  return NULL;
}

/* Shards missing: said in one line, the first few named. */
static bool say_missing(const bool *seen, unsigned long long n, const char *path) {
  unsigned long long missing = 0;
  for (unsigned long long k = 0; k < n; k++) missing += !seen[k];
  if (missing == 0) return false;
  char list[200] = "";
  size_t at = 0;
  unsigned long long said = 0;
  for (unsigned long long k = 0; k < n && said < 8; k++)
    if (!seen[k])
      at += (size_t)snprintf(list + at, sizeof list - at, "%s %llu/%llu", said++ ? "," : "", k, n);
  out_say("referee merge: %llu of the %llu shards of the run of %s %s missing:%s%s", missing, n,
          path, missing == 1 ? "is" : "are", list, missing > said ? ", ..." : "");
  return true;
}

/* The closed inputs are the N shards of one run, each once, all there. */
static void one_run(merge_t *m, input_t *in, int n, const input_t *first) {
  const closing_t *f = &first->c;
  bool *seen = calloc((size_t)f->n, 1);
  unsigned long long bytes = 0;
  uint64_t judged = 0;
  if (!seen) {
    out_say("referee merge: out of memory");
    m->error = true;
    return;
  }
  for (int i = 0; i < n; i++) {
    if (!in[i].closed || in[i].bad) continue;
    const char *why = differs(f, &in[i].c);
    if (why) {
      out_say("referee merge: %s and %s are not shards of one run: %s", first->path,
              in[i].path, why);
      m->error = true;
    } else if (seen[in[i].c.k]) {
      out_say("referee merge: %s: shard %llu/%llu is given twice", in[i].path,
              in[i].c.k, in[i].c.n);
      m->error = true;
    } else {
      seen[in[i].c.k] = true;
      bytes += in[i].c.bytes;
      judged += in[i].c.judged;
    }
  }
  bool missing = !m->error && say_missing(seen, f->n, first->path);
  free(seen);
  if (m->error || missing) {
    /* said */
  } else if (bytes != f->input_bytes) {
    out_say("referee merge: the shards of the run of %s cover %llu bytes of the "
            "inputs' %llu", first->path, bytes, f->input_bytes);
  } else if (f->content_known && judged != f->content) {
    out_say("referee merge: the bytes the shards of the run of %s judged are not the "
            "inputs' bytes they all read (a closing line altered?)", first->path);
  } else if (m->last + 1 != (long long)f->segments) {
    out_say("referee merge: %lld segments of the %llu of the run of %s merged",
            m->last + 1, f->segments, first->path);
  } else {
    return;
  }
  m->error = true;
}

static void check_inputs(merge_t *m, input_t *in, int n) {
  const input_t *first = NULL;
  for (int i = 0; i < n; i++)
    if (whole(m, &in[i]) && !first) first = &in[i];
  if (first) one_run(m, in, n, first);
}

/* One pass over the inputs, each with its first line read: merged (or,
 * dry, only followed) and checked whole; false when something is wrong
 * (said). */
static bool one_pass(merge_t *m, input_t *in, int n) {
  long long last = -1;
  for (input_t *i = NULL; (i = next_input(m, in, n, last, i)) != NULL; advance(m, i)) {
    last = i->segment;
    one_line(m, i->line);
  }
  m->last = last;
  /* after an error, the rest of each input is read (not merged) for its counts */
  for (int i = 0; i < n; i++)
    while (in[i].have) advance(m, &in[i]);
  check_inputs(m, in, n);
  return !m->error;
}

/* Each input back at its start for the second pass (a pipe: its copy), its
 * first line read; false (said) when one cannot be. */
static bool read_again(merge_t *m, input_t *in, int n) {
  for (int i = 0; i < n; i++) {
    if (in[i].spool) {
      if (in[i].f != stdin) fclose(in[i].f);
      in[i].f = in[i].spool;
      in[i].spool = NULL;
    }
    if (fflush(in[i].f) != 0 || ferror(in[i].f) || fseeko(in[i].f, 0, SEEK_SET) != 0) {
      out_say("referee merge: %s: cannot read it again: %s", in[i].path, strerror(errno));
      return false;
    }
    input_t fresh = {.f = in[i].f, .path = in[i].path, .line = in[i].line, .cap = in[i].cap};
    memcpy(fresh.c.identity, in[i].c.identity, sizeof fresh.c.identity);
    in[i] = fresh;
    advance(m, &in[i]);
  }
  return true;
}

static int merge_inputs(merge_t *m, input_t *in, int n) {
  m->dry = true;
  if (!one_pass(m, in, n) || !read_again(m, in, n)) return 3;
  m->dry = false;
  if (m->error || !results_begin(&m->results, stdout, m->tap, m->junit != NULL)) return 3;
  one_pass(m, in, n);
  if (m->checks || !m->verdicts) {
    results_end(&m->results);
    int s = m->junit ? results_junit(&m->results, m->junit) : 0;
    return m->error || s ? 3 : m->results.failed ? 1 : 0;
  }
  if (!m->json) {
    unsigned long long all = m->count[0] + m->count[1] + m->count[2] + m->count[3];
    printf("%llu record%s: %llu legal, %llu illegal, %llu malformed, %llu ruleset error%s\n",
           all, out_s(all), m->count[0], m->count[1], m->count[2], m->count[3], out_s(m->count[3]));
  }
  return m->error ? 3 : m->status;
}

/* As many files open at once as there are shards: the soft limit raised to
 * the hard one when it is lower. */
static void allow_files(int n) {
  struct rlimit rl;
  rlim_t want = (rlim_t)n + 16;
  if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur >= want) return;
  rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > want ? want : rl.rlim_max;
  setrlimit(RLIMIT_NOFILE, &rl);
}

/* A file's closing line read first (an input that cannot seek, a pipe, is
 * checked at its end only): shards of two runs are refused before anything
 * is printed. The stream is back at the start after it. */
static void peek_closing(input_t *in) {
  char tail[8192];
  if (fseeko(in->f, 0, SEEK_END) != 0) {
    in->spool = tmpfile(); /* read twice (merge_inputs): a pipe is kept */
    if (!in->spool) in->bad = true;
    return;
  }
  off_t size = ftello(in->f);
  size_t len = size > (off_t)sizeof tail - 1 ? sizeof tail - 1 : (size_t)(size > 0 ? size : 0);
  if (len > 1 && fseeko(in->f, size - (off_t)len, SEEK_SET) == 0 &&
      fread(tail, 1, len, in->f) == len && tail[len - 1] == '\n') {
    tail[len - 1] = '\0';
    char *line = strrchr(tail, '\n');
    const char *v;
    size_t vl;
    line = line ? line + 1 : (off_t)len == size ? tail : NULL;
    in->peeked = line && json_valid_object(line) && json_member(line, "shard", &v, &vl) &&
                 closing_line(&in->c, v) == NULL;
  }
  if (fseeko(in->f, 0, SEEK_SET) != 0) in->bad = true;
}

/* The closing lines read first are of one run. */
static bool same_run(const input_t *in, int n) {
  const input_t *first = NULL;
  for (int i = 0; i < n; i++) {
    if (!in[i].peeked) continue;
    const char *why = first ? differs(&first->c, &in[i].c) : NULL;
    if (!first) first = &in[i];
    if (!why) continue;
    out_say("referee merge: %s and %s are not shards of one run: %s", first->path,
            in[i].path, why);
    return false;
  }
  return true;
}

/* Every input open, its first line read; false (said) when one cannot be. */
static bool open_inputs(merge_t *m, input_t *in, int n) {
  allow_files(n);
  for (int i = 0; i < n; i++) {
    in[i].f = strcmp(in[i].path, "-") == 0 ? stdin : fopen(in[i].path, "r");
    if (!in[i].f) {
      int e = errno;
      struct rlimit rl;
      char why[160] = "";
      if (e == EMFILE && getrlimit(RLIMIT_NOFILE, &rl) == 0)
        snprintf(why, sizeof why, " (the %d shards are read at once, each holding every N-th "
                 "record, and ulimit -n allows %llu open files: raise it)", n,
                 (unsigned long long)rl.rlim_cur);
      out_say("referee merge: %s: cannot open: %s%s", in[i].path, strerror(e), why);
      return false;
    }
    peek_closing(&in[i]);
    if (in[i].bad) {
      out_say("referee merge: %s: cannot read: %s", in[i].path, strerror(errno));
      return false;
    }
    advance(m, &in[i]);
    const char *v;
    size_t len;
    if ((m->tap || m->junit) && in[i].have && json_member(in[i].line, "verdict", &v, &len)) {
      out_say("referee merge: %s: --tap and --junit report the results of check "
              "--json shards; this shard holds verdicts (referee --json): merge it without "
              "them, or shard referee check --json", in[i].path);
      return false;
    }
  }
  return true;
}

/* --junit FILE is none of the shards (out_may_write). */
static bool junit_may_write(const char *junit, const input_t *in, int n) {
  char **paths = malloc((size_t)n * sizeof *paths);
  if (!paths) return out_may_write("--junit", junit, NULL, 0);
  for (int i = 0; i < n; i++) paths[i] = (char *)(uintptr_t)in[i].path;
  bool ok = out_may_write("--junit", junit, paths, n);
  free(paths);
  return ok;
}

int merge_main(int argc, char **argv) {
  merge_t m;
  memset(&m, 0, sizeof m);
  input_t *in = calloc((size_t)argc, sizeof *in);
  int n = 0, status = 3;
  if (!in) return 3;
  for (int i = 2; i < argc; i++) {
    if (strcmp(argv[i], "--json") == 0) m.json = true;
    else if (strcmp(argv[i], "--tap") == 0) m.tap = true;
    else if (strcmp(argv[i], "--junit") == 0 && i + 1 < argc) m.junit = argv[++i];
    else if (argv[i][0] == '-' && argv[i][1]) return free(in), merge_usage("unknown option");
    else in[n++].path = argv[i];
  }
  if (n == 0) return free(in), merge_usage("give the shards' files");
  if (m.junit && !junit_may_write(m.junit, in, n)) return free(in), 3;
  if (open_inputs(&m, in, n) && same_run(in, n)) status = merge_inputs(&m, in, n);
  for (int i = 0; i < n; i++) {
    if (in[i].f && in[i].f != stdin) fclose(in[i].f);
    if (in[i].spool) fclose(in[i].spool);
    free(in[i].line);
    for (int k = 0; k < IDENTITY; k++) free(in[i].c.identity[k]);
  }
  free(in);
  fflush(stdout);
  return status;
}
