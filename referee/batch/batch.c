/* batch.c — the batch runner (batch.h): every input of `referee [options]
 * FILE...` through one game driver, in --jobs processes, or as one --shard,
 * each record to its outputs as it is judged. */
#define _POSIX_C_SOURCE 200809L
#include "batch.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "game.h"
#include "html.h"
#include "interrupt.h"
#include "jobs.h"
#include "json.h"
#include "output.h"
#include "relay.h"
#include "report.h"
#include "results.h"

/* One run's outputs and what it found so far. */
typedef struct {
  bool json, color, quiet, explain;
  html_t *html;                  /* --html: the page being written, or NULL */
  int status;
  unsigned long long records;
  shard_t *shard;                /* --shard: JSON objects carry their segment */
  results_t *results;            /* --tap, --junit F: legal passes, else fails */
} run_ctx_t;

/* --shard --json: {"segment":N, then the record's object. */
static void json_with_segment(const record_t *r, shard_t *sh) {
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  if (!m) return;
  report_json(m, r);
  fclose(m);
  printf("{\"segment\":%llu,%s", sh->current, len > 1 && buf[0] == '{' ? buf + 1 : "}\n");
  sh->lines++;
  sh->records++;
  free(buf);
}

/* --tap, --junit: the record as a test, passed when legal. */
static void add_result(results_t *rs, const record_t *r) {
  char why[1200];
  report_describe(r, why, sizeof why);
  bool ok = r->verdict.status == VERDICT_LEGAL && !r->ruleset_error;
  result_t res = {r->file, r->index, r->start_line, ok || !r->verdict.line ? r->start_line
                                                                          : r->verdict.line,
                  ok, why};
  if (rs) results_add(rs, &res);
  else relay_result(jobs_side(), &res);
}

static void on_record(const record_t *r, void *ctx) {
  run_ctx_t *c = ctx;
  c->records++;
  interrupt_judged(r);
  if (c->html) html_record(c->html, r);
  if (c->results && jobs_side()) add_result(NULL, r); /* to the parent, in a --jobs process */
  else if (c->results) add_result(c->results, r);
  if (c->quiet || (c->results && c->results->tap)) {
    /* nothing printed */
  } else if (c->json) {
    /* one write per record: processes sharing an output (xargs -P) do not
     * interleave their records */
    if (c->shard) json_with_segment(r, c->shard);
    else report_json(stdout, r);
    fflush(stdout);
  } else {
    report_text(stdout, r, c->color);
    if (c->explain && (r->state || r->verdict.status == VERDICT_ILLEGAL))
      report_explain(stdout, r, c->color);
  }
  int s = record_status(r);
  if (s > c->status) c->status = s;
  jobs_judged(1);
}

/* --stats: the run's figures, on stderr. */
static void print_stats(unsigned long long records, unsigned long long actions,
                        unsigned long long bytes, struct timespec t0, struct timespec t1) {
  double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
  if (s <= 0) s = 1e-9;
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  fprintf(stderr,
          "stats: %llu record%s, %llu action%s, %.1f MB in %.3f s: %.0f actions/s, %.1f MB/s, "
          "%.0f records/s, peak memory %ld KB\n",
          records, out_s(records), actions, out_s(actions), (double)bytes / 1e6, s, (double)actions / s, (double)bytes / 1e6 / s,
          (double)records / s, ru.ru_maxrss);
}


typedef struct {
  run_ctx_t *ctx;
  game_t *g;
  cgr_reader_t *r;
  bool parse_only;
  part_job_t job;
} part_task_t;

/* A file or a part that could not be read, in a --jobs process. */
static void job_failed(void *ctx, const char *file, const char *why) {
  run_ctx_t *c = ctx;
  out_say("referee: %s: %s", file, why);
  c->status = EXIT_ERROR;
}

/* --jobs --parse-only: the actions of a batch or of a part. */
static unsigned long long parse_task(part_task_t *t) {
  unsigned long long n = 0;
  char why[128];
  for (int i = 0; i < t->job.nbatch; i++) {
    if (!run_parse_only(t->job.batch[i], &n, why, sizeof why)) job_failed(t->ctx, t->job.batch[i], why);
    jobs_file_done();
    if (jobs_yield()) break; /* judged here: the rest goes to the worker that waits */
  }
  if (t->job.nbatch > 0) return n;
  FILE *rest = t->job.part.rest && t->job.part.data ? fdopen(dup(t->job.fd), "rb") : NULL;
  n = run_parse_part(t->r, &t->job.part, rest);
  if (rest) fclose(rest);
  return n;
}

/* --jobs: a batch of whole files, or a part of one, in a child process. */
static int part_task(void *p) {
  part_task_t *t = p;
  t->ctx->status = EXIT_LEGAL;
  unsigned long long before = game_actions(t->g);
  if (t->parse_only) {
    jobs_actions(parse_task(t));
    return t->ctx->status;
  }
  int s = parts_judge(&t->job, t->g, t->r, job_failed, t->ctx);
  jobs_actions(game_actions(t->g) - before);
  return s > t->ctx->status ? s : t->ctx->status;
}

/* --jobs: a task given to a worker, as bytes (parts_take). */
static int part_work(void *p, const void *msg, size_t len, int fd) {
  part_task_t *t = p;
  return parts_take(&t->job, msg, len, fd) ? part_task(t) : EXIT_ERROR;
}

/* --jobs with --tap or --junit: the results of each process, in order. */
static void take_result(void *ctx, const result_t *r) { results_add(ctx, r); }

static void take_results(void *ctx, FILE *side, unsigned long long len) {
  relay_sink_t sink = {take_result, NULL, ctx};
  relay_take(side, len, &sink);
}

typedef struct {
  game_t *g;
  cgr_reader_t *r;
} shard_ctx_t;

static bool shard_part(void *p, const char *name, const cgr_part_t *part, FILE *rest,
                       char *why, size_t why_len) {
  shard_ctx_t *s = p;
  return run_part(s->g, s->r, name, part, rest, why, why_len);
}

/* Referees (or only reads) one whole file, in this process. */
static void run_one(const batch_options_t *o, run_ctx_t *ctx, game_t *g, const char *file,
                    unsigned long long *parsed) {
  char why[128];
  bool ok;
  if (o->parse_only) {
    ok = run_parse_only(file, parsed, why, sizeof why);
  } else if (o->origin) {
    FILE *f = strcmp(file, "-") == 0 ? stdin : fopen(file, "rb");
    run_origin_t at = *o->origin;
    if (ctx->html) {
      at.line_fn = html_line;
      at.line_ctx = ctx->html;
    }
    ok = f && run_stream_at(g, f, &at, why, sizeof why);
    if (!f) snprintf(why, sizeof why, "%s", strerror(errno));
    if (f && f != stdin) fclose(f);
  } else if (ctx->html) {
    ok = run_file_lines(g, file, html_line, ctx->html, why, sizeof why);
  } else {
    ok = run_file(g, file, why, sizeof why);
  }
  if (!ok) {
    out_say("referee: %s: %s", file, why);
    ctx->status = EXIT_ERROR;
  }
}

/* An input this shard was to read and could not: said on stderr, and with
 * --json as an object in its place, so that referee merge says it too. */
static void shard_error(run_ctx_t *ctx, const char *file, const char *why) {
  char line[1024];
  snprintf(line, sizeof line, "referee: %s: %s", file, why);
  out_say("%s", line);
  ctx->status = EXIT_ERROR;
  if (!ctx->json) return;
  printf("{\"segment\":%llu,\"error\":", ctx->shard->current);
  ctx->shard->lines++;
  json_bytes(stdout, line);
  printf("}\n");
  fflush(stdout);
}

/* A regular file under part_bytes: read whole by one task. */
static bool small_file(const batch_options_t *o, const char *path) {
  struct stat sb;
  return strcmp(path, "-") != 0 && stat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
         (unsigned long long)sb.st_size < (o->part_bytes == PART_AUTO ? PART_BYTES : o->part_bytes);
}

/* --jobs: the first input, when a small file, in this process (its ruleset
 * and the reader are then ready in every process forked after it), the
 * rest by the pool; the output and status of one process. */
static void run_jobs(const batch_options_t *o, run_ctx_t *ctx, game_t *g, cgr_reader_t *r,
                     job_counts_t *totals) {
  unsigned long long parsed = 0;
  int first = o->nfiles > 0 && small_file(o, o->files[0]) ? 1 : 0;
  if (first) run_one(o, ctx, g, o->files[0], &parsed);
  fflush(stdout);
  int status = ctx->status;
  totals->records = ctx->records;
  totals->actions = o->parse_only ? parsed : game_actions(g);
  if (first == o->nfiles) return; /* one small file: nothing to share out */
  jobs_t *pool = !run_ready() ? NULL
                 : ctx->results ? jobs_new((int)o->jobs, take_results, ctx->results)
                                : jobs_new((int)o->jobs, NULL, NULL);
  part_task_t task = {ctx, g, r, o->parse_only, {.fd = -1}};
  if (pool) jobs_set_work(pool, part_work, &task);
  int s = pool ? parts_jobs(o->nfiles - first, o->files + first, (size_t)o->part_bytes, (int)o->jobs,
                            pool, part_task, &task, &task.job)
               : EXIT_ERROR;
  if (s > status) status = s;
  if (pool) s = jobs_finish(pool, totals);
  ctx->status = s > status ? s : status;
}

/* --shard K/N over several inputs: each input is a segment, and the shard
 * judges only its own (the others are measured and read for the closing
 * line's digest, shard_file: never a pipe or a device of another shard). */
static void shard_files(const batch_options_t *o, run_ctx_t *ctx, game_t *g, shard_t *sh,
                        unsigned long long *parsed) {
  for (int f = 0; f < o->nfiles; f++) {
    const char *file = o->files[f];
    if (!shard_file(sh, file)) continue;
    char why[128];
    bool ok = o->parse_only ? run_parse_only(file, parsed, why, sizeof why)
                            : run_file(g, file, why, sizeof why);
    if (!ok) shard_error(ctx, file, why);
  }
}

/* The inputs as the options ask: one after the other, in parts in parallel
 * processes, or one shard's parts. */
static void run_inputs(const batch_options_t *o, run_ctx_t *ctx, game_t *g, job_counts_t *totals) {
  unsigned long long parsed = 0;
  cgr_reader_t *r = o->jobs > 1 || o->shard ? cgr_open_lines() : NULL;
  if ((o->jobs > 1 || o->shard) && !r) out_of_memory("the record reader");
  if (o->jobs > 1 && r) {
    run_jobs(o, ctx, g, r, totals);
    cgr_close(r);
    return;
  }
  shard_t shard = o->shard ? *o->shard : (shard_t){0};
  shard_ctx_t sc = {g, r};
  ctx->shard = o->shard ? &shard : NULL;
  if (o->shard && o->nfiles > 1) shard_files(o, ctx, g, &shard, &parsed);
  for (int f = 0; f < o->nfiles && !(o->shard && o->nfiles > 1); f++) {
    char why[128];
    if (!o->shard) run_one(o, ctx, g, o->files[f], &parsed);
    else if (!r || !parts_shard(o->files[f], &shard, shard_part, &sc, why, sizeof why))
      shard_error(ctx, o->files[f], r ? why : "out of memory");
  }
  if (o->shard && ctx->json && !ctx->quiet) shard_close(stdout, &shard);
  cgr_close(r);
  totals->records = ctx->records;
  totals->actions = o->parse_only ? parsed : game_actions(g);
}

/* Every file through one game driver, or through --jobs processes. */
static int run_files(const batch_options_t *o, run_ctx_t *ctx) {
  char **files = o->files;
  /* --json: records up to the buffer's size leave in one write each */
  static char outbuf[1 << 16];
  if (ctx->json) setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
  game_t *g = game_new(o->rules, on_record, ctx);
  if (!g || (ctx->explain && !game_explain(g, o->explain_at)) ||
      (ctx->html && !game_observe(g, html_observe, ctx->html)))
    out_of_memory("the game driver");
  interrupt_watch(g);
  if (o->keep_going) game_keep_going(g);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  unsigned long long bytes = 0;
  for (int f = 0; f < o->nfiles && o->stats; f++) {
    struct stat sb;
    if (stat(files[f], &sb) == 0) bytes += (unsigned long long)sb.st_size;
  }
  job_counts_t totals = {0};
  results_t results;
  bool tests = o->tap || o->junit;
  if (tests && !results_begin(&results, o->tap ? stdout : NULL, o->tap, o->junit)) {
    fprintf(stderr, "referee: cannot open a temporary file for the JUnit report\n");
    game_free(g);
    return EXIT_ERROR;
  }
  ctx->results = tests ? &results : NULL;
  run_inputs(o, ctx, g, &totals);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (tests) results_end(&results);
  if (tests && results_junit(&results, o->junit) != 0) ctx->status = EXIT_ERROR;
  ctx->results = NULL;
  /* nothing judged is no success: a shard may hold no record, merge counts them */
  if (totals.records == 0 && !o->shard && !o->parse_only && ctx->status == EXIT_LEGAL) {
    fprintf(stderr, "referee: no records: nothing was judged\n");
    ctx->status = EXIT_ERROR;
  }
  if (o->stats) print_stats(totals.records, totals.actions, bytes, t0, t1);
  game_free(g);
  fflush(stdout);
  return ctx->status;
}

/* --html FILE: the page is written as the records are judged (one process). */
static int run_with_html(const batch_options_t *given, run_ctx_t *ctx) {
  batch_options_t one = *given, *o = &one;
  char **files = o->files;
  FILE *f = fopen(o->html, "w");
  if (!f) {
    out_say("referee: --html %s: %s", o->html, strerror(errno));
    return EXIT_ERROR;
  }
  ctx->html = html_new(f);
  unsigned long long size = 0; /* the files' (a pipe's is counted as it is read) */
  for (int i = 0; i < o->nfiles && ctx->html; i++) {
    struct stat sb;
    if (strcmp(files[i], "-") != 0 && stat(files[i], &sb) == 0 && S_ISREG(sb.st_mode))
      size += (unsigned long long)sb.st_size;
  }
  if (ctx->html) html_input_size(ctx->html, size);
  o->jobs = 1;
  if (!ctx->html) out_of_memory(o->html);
  int rc = run_files(o, ctx);
  bool ok = ctx->html && html_finish(ctx->html);
  ctx->html = NULL;
  if (fclose(f) != 0) ok = false;
  if (!ok) {
    out_say("referee: --html %s: could not be written", o->html);
    return EXIT_ERROR;
  }
  return rc;
}

int batch_run(const batch_options_t *o) {
  run_ctx_t ctx = {.json = o->json, .color = o->color, .quiet = o->quiet, .explain = o->explain,
                   .status = EXIT_LEGAL};
  if ((o->html && !out_may_write("--html", o->html, o->files, o->nfiles)) ||
      (o->junit && !out_may_write("--junit", o->junit, o->files, o->nfiles)))
    return EXIT_ERROR;
  return o->html ? run_with_html(o, &ctx) : run_files(o, &ctx);
}
