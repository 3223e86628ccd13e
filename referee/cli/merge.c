/* merge.c — `referee merge [--json] [--tap] [--junit F] FILE...` (merge.h).
 *
 * Each file holds one shard's JSON Lines, in the order of its segments;
 * every object starts with "segment". The files are merged by segment number
 * (a k-way merge: nothing is held but one line per file), and the numbers
 * must run 0, 1, 2... without a gap or a repeat: a missing or doubled shard
 * is an error (exit 3), not a smaller result. Lines without a segment (one
 * unsharded run) are taken in file order.
 *
 * A shard's output ends with its closing line ({"shard": ...}, parts.h):
 * every input that holds segments must end with one, and together they must
 * be the N shards of one run (the same run identity, each K once), each
 * holding the lines and records its closing line counts, their bytes adding
 * up to the inputs'; a line that is not a whole JSON object, a line after
 * the closing line, an empty input: each is an error (exit 3) naming the
 * input, never a smaller result.
 *
 * Three kinds of object: a record's verdict (referee --json), a record's
 * result (referee check --json), and an input that could not be read
 * ({"error": ...}). Verdicts: with --json their objects as one run prints
 * them (the segment taken out), else a count line; the exit status is the
 * worst record's. Results: failure lines or TAP, the closing counts and the
 * JUnit report as `referee check` prints them (formats/results.c). */
#define _POSIX_C_SOURCE 200809L
#include "merge.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "output.h"
#include "results.h"

enum { MERGE_MAX_FILES = 4096 };

typedef struct {
  FILE *f;
  const char *path;
  char *line;
  size_t cap;
  bool have;
  long long segment; /* -1: none */
  unsigned long long number;          /* lines read */
  unsigned long long lines, records;  /* objects before the closing line */
  bool segments, closed, bad;
  char run[24];                       /* the closing line's facts */
  unsigned long long k, n, total, bytes, input_bytes, said_lines, said_records;
} input_t;

typedef struct {
  bool json, tap;
  const char *junit;
  results_t results;
  bool checks, verdicts, error;
  long long last;      /* the last segment merged */
  unsigned long long count[4]; /* legal, illegal, malformed, ruleset error */
  int status;
} merge_t;

static int merge_usage(const char *what) {
  fprintf(stderr, "referee merge: %s\nTry 'referee --help'.\n", what);
  return 3;
}

static long long number_of(const char *line, const char *key);
static void string_of(const char *line, const char *key, char *out, size_t cap);

static void input_error(merge_t *m, input_t *in, const char *what) {
  fprintf(stderr, "referee merge: %s: line %llu: %s\n", in->path, in->number, what);
  m->error = true;
  in->bad = true;
  in->have = false;
}

/* The shard's closing line: its facts kept for the end. */
static void closing_line(input_t *in, const char *v) {
  string_of(v, "run", in->run, sizeof in->run);
  in->k = (unsigned long long)number_of(v, "k");
  in->n = (unsigned long long)number_of(v, "n");
  in->total = (unsigned long long)number_of(v, "segments");
  in->bytes = (unsigned long long)number_of(v, "bytes");
  in->input_bytes = (unsigned long long)number_of(v, "input_bytes");
  in->said_lines = (unsigned long long)number_of(v, "lines");
  in->said_records = (unsigned long long)number_of(v, "records");
  in->closed = true;
}

/* The next line of an input, and its segment number; the closing line ends
 * the input. */
static void advance(merge_t *m, input_t *in) {
  ssize_t n = getline(&in->line, &in->cap, in->f);
  in->have = n > 0;
  if (!in->have) return;
  in->number++;
  if (in->line[n - 1] != '\n') {
    input_error(m, in, "cut short: no end of line");
    return;
  }
  in->line[n - 1] = '\0';
  if (!json_valid_object(in->line)) {
    input_error(m, in, "not a whole JSON object");
    return;
  }
  const char *v;
  size_t len;
  if (json_member(in->line, "shard", &v, &len)) {
    closing_line(in, v);
    in->have = false;
    if (getline(&in->line, &in->cap, in->f) > 0) {
      in->number++;
      input_error(m, in, "a line after the shard's closing line");
    }
    return;
  }
  in->segment = json_member(in->line, "segment", &v, &len) ? strtoll(v, NULL, 10) : -1;
  in->segments = in->segments || in->segment >= 0;
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
  if (json_member(line, "verdict", &v, &len)) {
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
    fprintf(stderr, "referee merge: not a line of referee --json or check --json: %.60s\n", line);
    m->error = true;
  }
}

/* The input holding the next line: the lowest segment, which is the one
 * being read (from the same input) or the one after it; NULL at the end, or
 * when a segment is missing or in two inputs. */
static input_t *next_input(merge_t *m, input_t *in, int n, long long last, const input_t *from) {
  input_t *best = NULL;
  for (int i = 0; i < n; i++) {
    if (!in[i].have) continue;
    if (in[i].segment < 0) return &in[i]; /* unsharded: in file order */
    if (!best || in[i].segment < best->segment) best = &in[i];
  }
  if (!best || (best->segment == last && best == from) || best->segment == last + 1) return best;
  if (best->segment <= last)
    fprintf(stderr, "referee merge: segment %lld is in %s and in %s\n", best->segment,
            from ? from->path : "?", best->path);
  else
    fprintf(stderr, "referee merge: segments %lld to %lld are missing (a shard's output?)\n",
            last + 1, best->segment - 1);
  m->error = true;
  return NULL;
}

/* Each input whole: read to its end, its closing line's counts met. */
static bool whole(merge_t *m, input_t *in, bool closing) {
  if (in->bad) return false;
  if (in->number == 0) {
    fprintf(stderr, "referee merge: %s: empty: no shard's output\n", in->path);
  } else if (!in->closed && (in->segments || closing)) {
    fprintf(stderr, "referee merge: %s: no closing line: the shard's output is incomplete\n",
            in->path);
  } else if (in->closed && (in->lines != in->said_lines || in->records != in->said_records)) {
    fprintf(stderr, "referee merge: %s: %llu lines and %llu records, where the shard wrote %llu "
            "and %llu\n", in->path, in->lines, in->records, in->said_lines, in->said_records);
  } else {
    return true;
  }
  m->error = true;
  return false;
}

/* The closed inputs are the N shards of one run, each once, all there. */
static void one_run(merge_t *m, input_t *in, int n, const input_t *first) {
  bool *seen = calloc((size_t)first->n, 1);
  unsigned long long bytes = 0;
  if (!seen) {
    m->error = true;
    return;
  }
  for (int i = 0; i < n; i++) {
    if (!in[i].closed || in[i].bad) continue;
    if (strcmp(in[i].run, first->run) != 0 || in[i].n != first->n || in[i].k >= first->n ||
        in[i].total != first->total || in[i].input_bytes != first->input_bytes) {
      fprintf(stderr, "referee merge: %s and %s are not shards of one run\n", first->path,
              in[i].path);
      m->error = true;
    } else if (seen[in[i].k]) {
      fprintf(stderr, "referee merge: %s: shard %llu/%llu is given twice\n", in[i].path, in[i].k,
              in[i].n);
      m->error = true;
    } else {
      seen[in[i].k] = true;
      bytes += in[i].bytes;
    }
  }
  for (unsigned long long k = 0; k < first->n; k++)
    if (!seen[k]) {
      fprintf(stderr, "referee merge: shard %llu/%llu is missing\n", k, first->n);
      m->error = true;
    }
  if (!m->error && bytes != first->input_bytes) {
    fprintf(stderr, "referee merge: the shards cover %llu bytes of the inputs' %llu\n", bytes,
            first->input_bytes);
    m->error = true;
  }
  if (!m->error && m->last + 1 != (long long)first->total) {
    fprintf(stderr, "referee merge: %lld segments of %llu merged\n", m->last + 1, first->total);
    m->error = true;
  }
  free(seen);
}

static void check_inputs(merge_t *m, input_t *in, int n) {
  const input_t *first = NULL;
  for (int i = 0; i < n && !first; i++)
    if (in[i].closed && !in[i].bad) first = &in[i];
  for (int i = 0; i < n; i++) whole(m, &in[i], first != NULL);
  if (first) one_run(m, in, n, first);
}

static int merge_inputs(merge_t *m, input_t *in, int n) {
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
  if (m->checks || !m->verdicts) {
    results_end(&m->results);
    int s = m->junit ? results_junit(&m->results, m->junit) : 0;
    return m->error || s ? 3 : m->results.failed ? 1 : 0;
  }
  if (!m->json)
    printf("%llu records: %llu legal, %llu illegal, %llu malformed, %llu ruleset errors\n",
           m->count[0] + m->count[1] + m->count[2] + m->count[3], m->count[0], m->count[1],
           m->count[2], m->count[3]);
  return m->error ? 3 : m->status;
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
  if (n == 0 || n > MERGE_MAX_FILES) return free(in), merge_usage("give the shards' files");
  for (int i = 0; i < n; i++) {
    in[i].f = strcmp(in[i].path, "-") == 0 ? stdin : fopen(in[i].path, "r");
    if (!in[i].f) {
      fprintf(stderr, "referee merge: %s: cannot open\n", in[i].path);
      goto done;
    }
    advance(&m, &in[i]);
  }
  if (!results_begin(&m.results, stdout, m.tap, m.junit != NULL)) goto done;
  status = merge_inputs(&m, in, n);
done:
  for (int i = 0; i < n; i++) {
    if (in[i].f && in[i].f != stdin) fclose(in[i].f);
    free(in[i].line);
  }
  free(in);
  fflush(stdout);
  return status;
}
