/* fuzz_split.c — libFuzzer harness for the inputs cut into parts: the cutter
 * (formats/cgr_split.c), parts read as one reading (run_part in
 * referee/batch/run.c), the shards of a run and their closing lines
 * (referee/batch/parts.c: parts_shard, shard_close), referee merge
 * (referee/batch/merge.c) and the parallel jobs (referee/batch/jobs.c,
 * parts_jobs).
 *
 * The input: 8 parameter bytes, then a record file (CGR 1).
 *   p0  bit 0 --keep-going, bit 1 --explain; bit 2 the text as two input
 *       files (cut at line p5) for the shards and the jobs; bit 3 a block of
 *       72 000 bytes of comments inserted at line p6 (a record longer than
 *       the cutter may hold: the part then says the rest is read from the
 *       descriptor); bit 4 also --jobs 2 (forks); bit 5 the parts read
 *       through a pipe rather than a file; bit 6 the shards written by
 *       `referee --shard` (main.c) rather than by the library (4, 7)
 *   p1  the part size: 0 (every place a cut can be made), or up to 32 KB
 *   p2  the size of the writes into the pipe: 1 to 8 bytes, or 64 to 15 872
 *   p3  the number of shards N = 1 + p3 % 4; (p3 >> 2) % 8 the alteration
 *   p4  the shard altered (p4 % N); p5 its line; p6 a byte in it; p7 the
 *       byte written there
 *
 * Invariants:
 *   1. the parts (cgr_split_open on a regular file, cgr_split_next until 0)
 *      and, after a part that says so, the rest of the descriptor,
 *      concatenate to the input; each part's first_line is the number of its
 *      first line; only the last part is `last`; a part's `next` is the text
 *      of line next_line, which lies in the next part; records_before never
 *      decreases;
 *   2. a pipe fed in writes of p2's size is cut exactly where the file is
 *      (the same parts: lines, lengths, records before, last, rest; but the
 *      length of a part read with the rest, which is what had been read
 *      when the cutter gave up, and depends on the pipe's timing);
 *   3. run_part over the parts, from the file or the pipe (p0 bit 5), gives
 *      the records one run_stream over the whole input gives: the same
 *      report_json bytes (index, status, code, line, col, message, scores,
 *      state...), in the same order;
 *   4. the N shards of the files (parts_shard on each file, the segments
 *      numbered over the files, each record printed with its "segment" as
 *      main.c's json_with_segment does, shard_close as main.c calls it)
 *      merged by merge_main("merge", "--json", shards...) print exactly the
 *      one-process --json output (run_file on each file, one game) and exit
 *      with its status; without --json merge prints the counts of that
 *      output;
 *   5. one shard altered is refused (exit 3): a line dropped, a line given
 *      twice, the file cut inside a line, the closing line dropped, a shard
 *      left out or given twice; a byte changed is refused when it is a digit
 *      of the closing line's k, n, segments, own, bytes, input_bytes, lines
 *      or records changed into another digit; any other byte change is either
 *      refused or merged into an output of as many lines, which is the
 *      one-process output or differs from it in one byte (a changed
 *      "segment" number can regroup records; it cannot lose or repeat one);
 *      the shards given in another order merge the same;
 *   6. the program itself (main.c linked in, its main() renamed
 *      referee_main): `referee --json [--keep-going] [--explain] FILES`
 *      prints what the library's one run printed, with its exit status;
 *   7. `referee --json --shard K/N FILES` for each K (main.c: parts_shard for
 *      one file, whole files as segments for several), merged by merge_main,
 *      print the same and exit the same; the worst shard's exit status is
 *      the run's. An input makes the library's shards (4) or, with p0 bit 6,
 *      the program's (7); 5 alters those;
 *   8. with p0 bit 4, `referee --json --jobs 2 --part-size B FILES` (the
 *      pool of referee/batch/jobs.c forking a process a part or a batch of
 *      files, parts_jobs cutting them; B the part size p1 gives, at least a
 *      third of the input: a fork of the fuzzer is slow) prints the same and
 *      exits the same.
 *      (Bug 5 of docs/fuzzing.md, found here: jobs.c took a wait()
 *      interrupted by libFuzzer's SIGALRM for a lost child; fixed in commit
 *      a60d445.)
 *
 * Build and run: tests/fuzz/run.sh; see docs/fuzzing.md. */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cgr_split.h"
#include "fuzz_util.h"
#include "game.h"
#include "merge.h"
#include "parts.h"
#include "report.h"
#include "run.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { NPARAMS = 8, SPLIT_MAX = 1 << 16, PAD_LINES = 1000, MAX_SHARDS = 4 };

static cgr_reader_t *reader;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzz_init("fuzz_split");
  signal(SIGPIPE, SIG_IGN); /* a writer thread whose reader stopped early */
  reader = cgr_open_lines();
  if (!reader) abort();
  return 0;
}

typedef struct {
  bool keep_going, explain;
} opts_t;

/* ---- records as JSON lines --------------------------------------------- */

typedef struct {
  FILE *out;
  int status;
  unsigned long long records;
  shard_t *shard; /* with it: {"segment":N, ... (main.c's json_with_segment) */
  unsigned long long count[4];
} sink_t;

static void on_record(const record_t *r, void *ctx) {
  sink_t *s = ctx;
  s->records++;
  int st = record_status(r);
  if (st > s->status) s->status = st;
  s->count[st]++;
  if (!s->shard) {
    report_json(s->out, r);
    return;
  }
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  report_json(m, r);
  fclose(m);
  fprintf(s->out, "{\"segment\":%llu,%s", s->shard->current,
          len > 1 && buf[0] == '{' ? buf + 1 : "}\n");
  s->shard->lines++;
  s->shard->records++;
  free(buf);
}

static game_t *new_game(const opts_t *o, sink_t *s) {
  game_t *g = game_new(NULL, on_record, s);
  if (!g) fuzz_fail("out of memory");
  if (o->explain) game_explain(g, 0);
  if (o->keep_going) game_keep_going(g);
  return g;
}

/* ---- the input through a pipe ------------------------------------------ */

typedef struct {
  int fd;
  const char *data;
  size_t len, chunk;
  pthread_t thread;
} writer_t;

static void *write_all(void *p) {
  writer_t *w = p;
  for (size_t at = 0; at < w->len;) {
    size_t n = w->len - at < w->chunk ? w->len - at : w->chunk;
    ssize_t got = write(w->fd, w->data + at, n);
    if (got < 0 && errno == EINTR) continue; /* libFuzzer's SIGALRM */
    if (got <= 0) break;
    at += (size_t)got;
  }
  close(w->fd);
  return NULL;
}

/* A descriptor reading the text: the file at path, or a pipe fed by w. */
static int open_text(const char *path, bool pipe_it, writer_t *w) {
  if (!pipe_it) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) fuzz_fail("cannot open %s", path);
    return fd;
  }
  int p[2];
  if (pipe(p) != 0) fuzz_fail("pipe");
  w->fd = p[1];
  if (pthread_create(&w->thread, NULL, write_all, w) != 0) fuzz_fail("pthread_create");
  return p[0];
}

static void close_text(int fd, bool pipe_it, writer_t *w) {
  close(fd);
  if (pipe_it) pthread_join(w->thread, NULL);
}

/* ---- 1, 2: the parts ------------------------------------------------------- */

typedef struct {
  unsigned first_line, next_line;
  size_t len;
  int records_before;
  bool last, rest;
} part_info_t;

typedef struct {
  part_info_t *v;
  size_t n, cap;
} parts_t;

static unsigned lines_in(const char *s, size_t n) {
  unsigned k = 0;
  for (size_t i = 0; i < n; i++) k += s[i] == '\n';
  return k;
}

/* The text of line number `line` (from 1), without its LF. */
static const char *line_at(const char *text, size_t len, unsigned line, size_t *n) {
  const char *p = text, *end = text + len;
  for (unsigned l = 1; l < line && p < end; l++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    p = nl ? nl + 1 : end;
  }
  const char *nl = memchr(p, '\n', (size_t)(end - p));
  *n = (size_t)((nl ? nl : end) - p);
  return p;
}

static void cut_parts(const char *text, size_t len, int fd, size_t part_bytes, parts_t *out,
                      const char *how) {
  cgr_split_t *sp = cgr_split_open(fd, part_bytes, SPLIT_MAX);
  if (!sp) fuzz_fail("cgr_split_open: out of memory");
  char *cat = malloc(len + 1);
  size_t catn = 0;
  cgr_part_t p;
  int rc;
  int records_before = 0;
  while ((rc = cgr_split_next(sp, &p)) > 0) {
    FUZZ_ASSERT(catn + p.len <= len, "%s: the parts hold more than the input", how);
    unsigned want_line = 1 + lines_in(text, catn);
    FUZZ_ASSERT(p.first_line == want_line, "%s: a part at line %u says %u", how, want_line,
                p.first_line);
    FUZZ_ASSERT(p.records_before >= records_before, "%s: records_before went down", how);
    records_before = p.records_before;
    memcpy(cat + catn, p.data, p.len);
    catn += p.len;
    if (out->n == out->cap)
      out->v = realloc(out->v, (out->cap = 2 * out->cap + 16) * sizeof *out->v);
    out->v[out->n++] =
        (part_info_t){p.first_line, p.next_line, p.len, p.records_before, p.last, p.rest};
    if (!p.last) {
      size_t n;
      const char *l = line_at(text, len, p.next_line, &n);
      FUZZ_ASSERT(p.next && n == p.next_len && memcmp(l, p.next, n) == 0,
                  "%s: the part's next line is not line %u", how, p.next_line);
      FUZZ_ASSERT(p.next_line >= 1 + lines_in(text, catn),
                  "%s: next line %u is not in the next part", how, p.next_line);
    }
    if (p.rest) { /* the rest, from the descriptor */
      ssize_t got;
      /* short reads from the pipe, and reads libFuzzer's SIGALRM interrupts */
      while (catn < len && ((got = read(fd, cat + catn, len - catn)) > 0 || (got < 0 && errno == EINTR)))
        if (got > 0) catn += (size_t)got;
      char extra;
      do got = read(fd, &extra, 1);
      while (got < 0 && errno == EINTR);
      FUZZ_ASSERT(got == 0, "%s: more than the input to read", how);
      FUZZ_ASSERT(p.last, "%s: a part with the rest is not the last", how);
      break;
    }
    if (p.last) {
      FUZZ_ASSERT(cgr_split_next(sp, &p) == 0, "%s: a part after the last", how);
      break;
    }
  }
  FUZZ_ASSERT(rc >= 0, "%s: cgr_split_next failed: %s", how, cgr_split_why(sp));
  FUZZ_ASSERT(out->n > 0 && out->v[out->n - 1].last, "%s: no last part", how);
  FUZZ_ASSERT(catn == len && memcmp(cat, text, len) == 0,
              "%s: the parts do not concatenate to the input (%zu of %zu bytes)", how, catn, len);
  cgr_split_close(sp);
  free(cat);
}

/* ---- 3: run_part against run_stream -------------------------------------- */

static char *judged_whole(const char *text, size_t len, const opts_t *o) {
  char *buf = NULL;
  size_t n = 0;
  sink_t s = {open_memstream(&buf, &n), 0, 0, NULL, {0}};
  game_t *g = new_game(o, &s);
  FILE *f = fmemopen((void *)(uintptr_t)text, len, "r");
  char why[128];
  if (!f) fuzz_fail("fmemopen");
  FUZZ_ASSERT(run_stream(g, f, "in.cgr", why, sizeof why), "run_stream: %s", why);
  fclose(f);
  game_free(g);
  fclose(s.out);
  return buf;
}

static char *judged_by_parts(int fd, size_t part_bytes, const opts_t *o) {
  char *buf = NULL;
  size_t n = 0;
  sink_t s = {open_memstream(&buf, &n), 0, 0, NULL, {0}};
  game_t *g = new_game(o, &s);
  cgr_split_t *sp = cgr_split_open(fd, part_bytes, SPLIT_MAX);
  cgr_part_t p;
  char why[128];
  while (cgr_split_next(sp, &p) > 0) {
    FILE *rest = p.rest ? fdopen(dup(fd), "rb") : NULL;
    FUZZ_ASSERT(run_part(g, reader, "in.cgr", &p, rest, why, sizeof why), "run_part: %s", why);
    if (rest) fclose(rest);
    if (p.rest || p.last) break;
  }
  cgr_split_close(sp);
  game_free(g);
  fclose(s.out);
  return buf;
}

static void same_output(const char *want, const char *got, const char *what) {
  if (strcmp(want, got) == 0) return;
  size_t i = 0;
  while (want[i] && want[i] == got[i]) i++;
  size_t from = i > 80 ? i - 80 : 0;
  fuzz_fail("%s differs at byte %zu:\n  want ...%.200s\n  got  ...%.200s", what, i, want + from,
            got + from);
}

/* ---- 4, 5: shards and merge ------------------------------------------------ */

typedef struct {
  sink_t *sink;
  game_t *g;
} shard_ctx_t;

static bool shard_part(void *p, const char *name, const cgr_part_t *part, FILE *rest, char *why,
                       size_t why_len) {
  shard_ctx_t *c = p;
  return run_part(c->g, reader, name, part, rest, why, why_len);
}

/* Shard k of n of the files into path, as `referee --json --shard k/n` writes it. */
static void write_shard(int k, int n, int nfiles, char **files, const opts_t *o, const char *path) {
  char spec[32];
  shard_t sh;
  snprintf(spec, sizeof spec, "%d/%d", k, n);
  FUZZ_ASSERT(shard_parse(spec, &sh), "shard_parse(%s)", spec);
  FILE *out = fopen(path, "w");
  if (!out) fuzz_fail("cannot write %s", path);
  sink_t s = {out, 0, 0, &sh, {0}};
  game_t *g = new_game(o, &s);
  shard_ctx_t c = {&s, g};
  for (int f = 0; f < nfiles; f++) {
    char why[128];
    FUZZ_ASSERT(parts_shard(files[f], &sh, shard_part, &c, why, sizeof why), "parts_shard: %s",
                why);
  }
  FUZZ_ASSERT(shard_close(out, &sh), "shard_close: a write failed");
  game_free(g);
  fclose(out);
}

/* merge_main with the arguments, its output in *out (malloc'd). */
static int merge(int argc, char **argv, char **out) {
  char cap[700];
  fuzz_path(cap, sizeof cap, "merged");
  fuzz_quiet(true);
  fuzz_capture_begin(cap);
  int rc = merge_main(argc, argv);
  fuzz_capture_end();
  fuzz_quiet(false);
  size_t n;
  *out = fuzz_read_file(cap, &n);
  return rc;
}

static size_t count_lines(const char *s) {
  size_t n = 0;
  for (; *s; s++) n += *s == '\n';
  return n;
}

/* The line [start, end) of text holding byte at: is it inside the value of
 * one of the closing line's counts? */
static bool in_closing_count(const char *line, size_t len, size_t at) {
  static const char *const keys[] = {"\"k\":",     "\"n\":",           "\"segments\":",
                                     "\"own\":",   "\"bytes\":",       "\"input_bytes\":",
                                     "\"lines\":", "\"records\":"};
  if (len < 10 || memcmp(line, "{\"shard\":", 9) != 0) return false;
  for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
    size_t kl = strlen(keys[i]);
    for (size_t at_key = 0; at_key + kl <= len; at_key++) {
      if (memcmp(line + at_key, keys[i], kl) != 0) continue;
      size_t v = at_key + kl, e = v;
      while (e < len && line[e] >= '0' && line[e] <= '9') e++;
      if (at >= v && at < e) return true;
    }
  }
  return false;
}

typedef struct {
  char *text;
  size_t len;
} buf_t;

/* One shard's file altered as p3..p7 say; the other arguments as they are.
 * Returns what merge must do: 'R' refuse, 'D' a changed digit of a count
 * (refuse), 'B' a byte changed (refuse, or the same lines but one byte), 'S'
 * the same output (the shards in another order). */
static char alter(const uint8_t *prm, int n, char **shards, char **argv, int *argc,
                  char *altered_path) {
  int kind = (prm[3] >> 2) % 8, k = prm[4] % n;
  size_t len;
  char *text = fuzz_read_file(shards[k], &len);
  size_t nlines = count_lines(text);
  size_t line = nlines ? prm[5] % nlines : 0;
  /* the line's bytes */
  size_t start = 0;
  for (size_t l = 0; l < line; l++) start = (size_t)(strchr(text + start, '\n') - text) + 1;
  size_t end = (size_t)(strchr(text + start, '\n') - text); /* its LF */
  char *out = malloc(2 * len + 2);
  size_t o = 0;
  char expect = 'R';
  *argc = 3;
  for (int i = 0; i < n; i++) argv[(*argc)++] = i == k ? altered_path : shards[i];
  switch (kind) {
    case 0: /* a line dropped */
      memcpy(out, text, start), o = start;
      memcpy(out + o, text + end + 1, len - end - 1), o += len - end - 1;
      break;
    case 1: /* a line given twice */
      memcpy(out, text, end + 1), o = end + 1;
      memcpy(out + o, text + start, len - start), o += len - start;
      break;
    case 2: /* the file cut inside a line */
      o = start + prm[6] % (end - start + 1);
      memcpy(out, text, o);
      break;
    case 3: { /* a byte changed */
      size_t at = start + prm[6] % (end - start + 1);
      memcpy(out, text, len), o = len;
      if ((unsigned char)out[at] == prm[7]) {
        expect = 'S';
        break;
      }
      bool digit = out[at] >= '0' && out[at] <= '9' && prm[7] >= '0' && prm[7] <= '9';
      expect = digit && in_closing_count(text + start, end - start, at - start) ? 'D' : 'B';
      out[at] = (char)prm[7];
      break;
    }
    case 4: /* the closing line dropped */
      memcpy(out, text, len - 1), o = len - 1;
      while (o > 0 && out[o - 1] != '\n') o--;
      break;
    case 5: /* a shard left out (the only one: merge given no file) */
      memcpy(out, text, len), o = len;
      (*argc)--;
      argv[3 + k] = argv[*argc];
      break;
    case 6: /* a shard given twice */
      memcpy(out, text, len), o = len;
      argv[(*argc)++] = altered_path;
      break;
    default: /* the shards in another order */
      memcpy(out, text, len), o = len;
      for (int i = 0; i < n; i++)
        argv[3 + i] = (i + k) % n == k ? altered_path : shards[(i + k) % n];
      expect = 'S';
      break;
  }
  fuzz_write_file(altered_path, out, o);
  free(out);
  free(text);
  return expect;
}

/* 5: one shard altered as p3..p7 say, merged with the others. */
static void check_altered(const uint8_t *prm, int n, char **shards, char **argv, const char *one,
                          int status) {
  char *merged;
  int rc;
  char altered[700];
  fuzz_path(altered, sizeof altered, "altered.jsonl");
  int argc;
  char expect = alter(prm, n, shards, argv, &argc, altered);
  rc = merge(argc, argv, &merged);
  size_t want_lines = count_lines(one);
  switch (expect) {
    case 'R':
    case 'D':
      FUZZ_ASSERT(rc == 3, "an altered shard (alteration %d%s) merged: exit %d", (prm[3] >> 2) % 8,
                  expect == 'D' ? ", a digit of a count" : "", rc);
      break;
    case 'S':
      same_output(one, merged, "merge --json of the shards in another order");
      FUZZ_ASSERT(rc == status, "merge --json exits %d, one process %d", rc, status);
      break;
    default:
      if (rc == 3) break;
      FUZZ_ASSERT(count_lines(merged) == want_lines,
                  "a byte changed in a shard: %zu lines merged, not %zu", count_lines(merged),
                  want_lines);
      if (strlen(merged) == strlen(one)) {
        size_t diff = 0;
        for (size_t i = 0; one[i]; i++) diff += one[i] != merged[i];
        FUZZ_ASSERT(diff <= 1, "a byte changed in a shard: %zu bytes differ", diff);
      } else {
        fuzz_fail("a byte changed in a shard: the output is %zu bytes, not %zu", strlen(merged),
                  strlen(one));
      }
  }
  free(merged);
}

static void check_shards(const uint8_t *prm, int nfiles, char **files, const opts_t *o,
                         const char *one, int status, const sink_t *counts) {
  int n = 1 + prm[3] % MAX_SHARDS;
  char paths[MAX_SHARDS][700], *shards[MAX_SHARDS];
  char *argv[3 + MAX_SHARDS + 2] = {"referee", "merge", "--json"};
  for (int k = 0; k < n; k++) {
    char name[32];
    snprintf(name, sizeof name, "shard%d.jsonl", k);
    fuzz_path(paths[k], sizeof paths[k], name);
    shards[k] = paths[k];
    write_shard(k, n, nfiles, files, o, shards[k]);
    argv[3 + k] = shards[k];
  }
  char *merged;
  int rc = merge(3 + n, argv, &merged);
  same_output(one, merged, "merge --json of the shards");
  FUZZ_ASSERT(rc == status, "merge --json exits %d, one process %d", rc, status);
  free(merged);

  /* without --json: the count line */
  char *plain_argv[2 + MAX_SHARDS];
  plain_argv[0] = "referee";
  plain_argv[1] = "merge";
  for (int k = 0; k < n; k++) plain_argv[2 + k] = shards[k];
  rc = merge(2 + n, plain_argv, &merged);
  char want[256];
  /* "1 record", "1 ruleset error": a count of one in the singular */
  snprintf(want, sizeof want,
           "%llu record%s: %llu legal, %llu illegal, %llu malformed, %llu ruleset error%s\n",
           counts->records, counts->records == 1 ? "" : "s", counts->count[0], counts->count[1],
           counts->count[2], counts->count[3], counts->count[3] == 1 ? "" : "s");
  FUZZ_ASSERT(strcmp(merged, want) == 0 && rc == status,
              "merge: '%s' (exit %d), not '%s' (exit %d)", merged, rc, want, status);
  free(merged);
  check_altered(prm, n, shards, argv, one, status);
}

/* ---- 7, 8: the command line -------------------------------------------- */

int referee_main(int argc, char **argv); /* main.c, its main() renamed (run.sh) */

/* referee ARGS...: its output in *out (malloc'd), its exit status. */
static int referee(int argc, char **argv, const char *capture, char **out) {
  fuzz_quiet(true);
  fuzz_capture_begin(capture);
  int rc = referee_main(argc, argv);
  fuzz_capture_end();
  fuzz_quiet(false);
  size_t n;
  *out = fuzz_read_file(capture, &n);
  return rc;
}

/* The options of the run, then more, then the files. */
static int command(char **argv, const opts_t *o, char *const *more, int nmore, int nfiles,
                   char **files) {
  int argc = 0;
  argv[argc++] = "referee";
  argv[argc++] = "--json";
  if (o->keep_going) argv[argc++] = "--keep-going";
  if (o->explain) argv[argc++] = "--explain";
  for (int i = 0; i < nmore; i++) argv[argc++] = more[i];
  for (int f = 0; f < nfiles; f++) argv[argc++] = files[f];
  argv[argc] = NULL;
  return argc;
}

/* 7: referee --json --shard k/n for each k, merged. */
static void check_cli_shards(const uint8_t *prm, int nfiles, char **files, const opts_t *o,
                             const char *one, int status) {
  int n = 1 + prm[3] % MAX_SHARDS, worst = 0;
  char *argv[16], *got;
  char paths[MAX_SHARDS][700], *shards[MAX_SHARDS];
  char *margv[3 + MAX_SHARDS + 2] = {"referee", "merge", "--json"};
  for (int k = 0; k < n; k++) {
    char name[32], spec[32];
    snprintf(name, sizeof name, "cli-shard%d.jsonl", k);
    snprintf(spec, sizeof spec, "%d/%d", k, n);
    char *more[2] = {"--shard", spec};
    int argc = command(argv, o, more, 2, nfiles, files);
    int rc = referee(argc, argv, fuzz_path(paths[k], sizeof paths[k], name), &got);
    free(got);
    if (rc > worst) worst = rc;
    shards[k] = paths[k];
    margv[3 + k] = shards[k];
  }
  FUZZ_ASSERT(worst == status, "the shards' worst exit is %d, one run's %d", worst, status);
  char *merged;
  int rc = merge(3 + n, margv, &merged);
  same_output(one, merged, "referee merge --json of referee --json --shard");
  FUZZ_ASSERT(rc == status, "merge --json exits %d, one process %d", rc, status);
  free(merged);
  check_altered(prm, n, shards, margv, one, status);
}

static void check_command_line(const uint8_t *prm, int nfiles, char **files, size_t part_bytes,
                               const opts_t *o, const char *lib_one, int lib_status) {
  char *argv[16], *one, *got, cap[700];
  fuzz_path(cap, sizeof cap, "cli.out");
  int argc = command(argv, o, NULL, 0, nfiles, files);
  int status = referee(argc, argv, cap, &one);
  same_output(lib_one, one, "referee --json (main.c) and the library's one run");
  FUZZ_ASSERT(status == lib_status, "referee --json exits %d, the library's run %d", status,
              lib_status);

  /* 7: --shard k/n, merged (else the library's shards were, check_shards) */
  if (prm[0] & 64) check_cli_shards(prm, nfiles, files, o, one, status);

  /* 8: --jobs 2 */
  if (prm[0] & 16) {
    /* a process costs a fork of the fuzzer: parts of at least a third of
     * the input, a few processes an input */
    size_t bytes = 0;
    for (int f = 0; f < nfiles; f++) {
      struct stat sb;
      if (stat(files[f], &sb) == 0) bytes += (size_t)sb.st_size;
    }
    char size[32];
    snprintf(size, sizeof size, "%zu", part_bytes > bytes / 3 ? part_bytes : bytes / 3);
    char *more[4] = {"--jobs", "2", "--part-size", size};
    argc = command(argv, o, more, 4, nfiles, files);
    int rc = referee(argc, argv, cap, &got);
    same_output(one, got, "referee --json --jobs 2");
    FUZZ_ASSERT(rc == status, "--jobs 2 exits %d, one process %d", rc, status);
    free(got);
  }
  free(one);
}

/* ---- the input ----------------------------------------------------------------- */

/* The text with PAD_LINES comment lines inserted before line `at`. */
static char *padded(const char *text, size_t len, unsigned at, size_t *out_len) {
  static const char pad[] = "# a padding comment line, so that the record is longer than the "
                            "cutter holds\n";
  size_t plen = sizeof pad - 1, n;
  unsigned nlines = lines_in(text, len) + 1;
  const char *where = line_at(text, len, 1 + at % nlines, &n);
  size_t before = (size_t)(where - text);
  char *t = malloc(len + PAD_LINES * plen);
  memcpy(t, text, before);
  for (int i = 0; i < PAD_LINES; i++) memcpy(t + before + (size_t)i * plen, pad, plen);
  memcpy(t + before + PAD_LINES * plen, text + before, len - before);
  *out_len = len + PAD_LINES * plen;
  return t;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < NPARAMS) return 0;
  const uint8_t *prm = data;
  opts_t o = {(prm[0] & 1) != 0, (prm[0] & 2) != 0};
  size_t part_bytes = prm[1] < 64    ? 0
                      : prm[1] < 128 ? (size_t)(prm[1] - 64) * 16
                                     : (size_t)(prm[1] - 128) * 256;
  size_t len = size - NPARAMS;
  char *text = malloc(len + 1);
  memcpy(text, data + NPARAMS, len);
  text[len] = '\0';
  if (prm[0] & 8) {
    char *t = padded(text, len, prm[6], &len);
    free(text);
    text = t;
  }
  char path[700];
  fuzz_path(path, sizeof path, "in.cgr");
  fuzz_write_file(path, text, len);

  /* 1, 2 */
  parts_t by_file = {NULL, 0, 0}, by_pipe = {NULL, 0, 0};
  /* writes of 1 to 8 bytes, or of 64 to 15 872 (each write is a system call) */
  size_t chunk = prm[2] < 8 ? 1u + prm[2] : (size_t)(prm[2] - 7) * 64;
  writer_t w = {-1, text, len, chunk, 0};
  int fd = open_text(path, false, &w);
  cut_parts(text, len, fd, part_bytes, &by_file, "a file");
  close_text(fd, false, &w);
  fd = open_text(path, true, &w);
  cut_parts(text, len, fd, part_bytes, &by_pipe, "a pipe");
  close_text(fd, true, &w);
  FUZZ_ASSERT(by_file.n == by_pipe.n, "a file in %zu parts, a pipe in %zu", by_file.n, by_pipe.n);
  for (size_t i = 0; i < by_file.n; i++) {
    /* a part read with the rest holds what was read when the cutter gave up
     * (an input that cannot be cut, a record over the bytes it may hold):
     * from a pipe, that depends on how the writes came */
    if (by_file.v[i].rest && by_pipe.v[i].rest) by_file.v[i].len = by_pipe.v[i].len = 0;
    const part_info_t *a = &by_file.v[i], *b = &by_pipe.v[i];
    FUZZ_ASSERT(a->first_line == b->first_line && a->next_line == b->next_line &&
                    a->len == b->len && a->records_before == b->records_before &&
                    a->last == b->last && a->rest == b->rest,
                "part %zu of %zu: the file's (line %u, %zu bytes, %d records before, last %d, "
                "rest %d, next line %u) is not the pipe's (line %u, %zu bytes, %d records before, "
                "last %d, rest %d, next line %u)", i, by_file.n, a->first_line, a->len,
                a->records_before, a->last, a->rest, a->next_line, b->first_line, b->len,
                b->records_before, b->last, b->rest, b->next_line);
  }
  free(by_file.v);
  free(by_pipe.v);

  /* 3 */
  char *whole = judged_whole(text, len, &o);
  bool pipe_it = (prm[0] & 32) != 0;
  fd = open_text(path, pipe_it, &w);
  char *parted = judged_by_parts(fd, part_bytes, &o);
  close_text(fd, pipe_it, &w);
  same_output(whole, parted, "run_part over the parts");
  free(parted);
  free(whole);

  /* 4, 5, 6: the text as one or two files */
  char p1[700], p2[700], *files[2] = {p1, p2};
  int nfiles = 1;
  fuzz_path(p1, sizeof p1, "one.cgr");
  if (prm[0] & 4) {
    size_t n;
    const char *cut = line_at(text, len, 1 + prm[5] % (lines_in(text, len) + 1), &n);
    fuzz_write_file(p1, text, (size_t)(cut - text));
    fuzz_write_file(fuzz_path(p2, sizeof p2, "two.cgr"), cut, len - (size_t)(cut - text));
    nfiles = 2;
  } else {
    fuzz_write_file(p1, text, len);
  }
  char *one = NULL;
  size_t one_len = 0;
  sink_t s = {open_memstream(&one, &one_len), 0, 0, NULL, {0}};
  game_t *g = new_game(&o, &s);
  for (int f = 0; f < nfiles; f++) {
    char why[128];
    FUZZ_ASSERT(run_file(g, files[f], why, sizeof why), "run_file: %s", why);
  }
  game_free(g);
  fclose(s.out);
  if (!(prm[0] & 64)) check_shards(prm, nfiles, files, &o, one, s.status, &s);
  check_command_line(prm, nfiles, files, part_bytes, &o, one, s.status);
  free(one);
  free(text);
  return 0;
}
