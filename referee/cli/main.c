/* main.c — the command line: referee [options] FILE..., referee check PATH...
 * A thin layer over the library: options, then run, then the exit status. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "build_version.h"
#include "check.h"
#include "game.h"
#include "gen.h"
#include "html.h"
#include "args.h"
#include "jobs.h"
#include "keys.h"
#include "json.h"
#include "lang.h"
#include "merge.h"
#include "output.h"
#include "parts.h"
#include "relay.h"
#include "report.h"
#include "results.h"
#include "run.h"



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


/* --rules R that does not load: a YAML error at its position in the file;
 * otherwise (no such built-in name, a file that cannot be read) what R is. */
static void rules_error(const char *rules, const rs_error_t *err) {
  if (err->no_memory) out_of_memory(rules);
  if (err->line) {
    out_say("%s:%u:%u: ruleset: %s", err->file, err->line, err->col ? err->col : 1, err->message);
  } else if (rs_is_path(rules)) {
    out_say("referee: --rules %s: %s", rules, err->message);
  } else {
    char names[1024] = "";
    size_t used = 0;
    for (const rs_builtin_t *b = rs_builtins; b->name && used < sizeof names; b++)
      used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
                               b == rs_builtins ? "" : ", ", b->name);
    const char *near = rs_nearest_builtin(rules);
    out_say("referee: --rules %s: neither a ruleset file (a path holds a / or ends in .yaml) nor a "
            "built-in ruleset (%s)%s%s%s", rules, names, near ? "; did you mean " : "",
            near ? near : "", near ? "?" : "");
  }
}

static void print_stats(unsigned long long records, unsigned long long actions,
                        unsigned long long bytes, struct timespec t0, struct timespec t1) {
  double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
  if (s <= 0) s = 1e-9;
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  fprintf(stderr,
          "stats: %llu records, %llu actions, %.1f MB in %.3f s: %.0f actions/s, %.1f MB/s, "
          "%.0f records/s, peak memory %ld KB\n",
          records, actions, (double)bytes / 1e6, s, (double)actions / s, (double)bytes / 1e6 / s,
          (double)records / s, ru.ru_maxrss);
}

static void list_rules(void) {
  for (const rs_builtin_t *b = rs_builtins; b->name; b++) {
    ruleset_t rs;
    rs_error_t err;
    if (rs_load(&rs, b->name, &err)) printf("%-12s %s\n", b->name, rs.title);
    else printf("%-12s (broken: %s:%u:%u: %s)\n", b->name, err.file, err.line, err.col, err.message);
  }
}


/* The options of `referee` and `referee check`. */
typedef struct {
  run_ctx_t ctx;
  unsigned explain_at;
  bool keep_going, stats, parse_only, check;
  unsigned long long jobs;
  check_options_t copt;
  const char *rules;
  const char *html;              /* --html FILE */
  const char *lang;              /* --lang L, or NULL for the environment */
  unsigned long long part_bytes; /* --part-size, or PART_AUTO */
  bool sharded;
  shard_t shard;                 /* --shard K/N */
  const char *run_id;            /* --run-id TEXT */
  const char *origin;            /* --origin NAME:LINE[:RECORDS] */
  run_origin_t origin_at;        /* ... parsed */
  char origin_name[512];
  char **files0;                 /* --files0-from, each time: files of NUL-separated names */
  int nfiles0;
  bool list_keys;                /* --list-keys */
  char **files;
  int nfiles;
} opts_t;

enum { OPT_GO_ON = -1 };

/* --rules R and --color WHEN. */
static int value_option(opts_t *o, const char *a, const char *v) {
  if (!v) return usage_error("%s needs a value", a);
  if (a[2] == 'r') o->rules = v;
  else if (strcmp(v, "always") == 0 || strcmp(v, "never") == 0 || strcmp(v, "auto") == 0)
    o->ctx.color = v[0] == 'a' && v[1] == 'l' ? true : v[0] == 'n' ? false : o->ctx.color;
  else return usage_error("--color takes auto, always or never, not '%s'", v);
  return OPT_GO_ON;
}

/* The options that take a value: argv[*i + 1], consumed. */
static int option_with_value(opts_t *o, int argc, char **argv, int *i) {
  const char *a = argv[*i], *v = *i + 1 < argc ? argv[*i + 1] : NULL;
  (*i)++;
  if (strcmp(a, "--at") == 0) {
    if (!v) return usage_error("%s needs a line number", a);
    char *end;
    long n = strtol(v, &end, 10);
    if (*end || n < 1) return usage_error("--at takes a line number, not '%s'", v);
    o->explain_at = (unsigned)n;
    o->ctx.explain = true;
  } else if (strcmp(a, "--jobs") == 0 || strcmp(a, "-j") == 0) {
    if (!number_arg(v, &o->jobs) || o->jobs < 1 || o->jobs > 256)
      return usage_error("--jobs takes a number of processes from 1 to 256%s", "");
  } else if (strcmp(a, "--part-size") == 0) {
    if (!number_arg(v, &o->part_bytes) || o->part_bytes > PART_MAX_BYTES / 4)
      return usage_error("--part-size takes a number of bytes up to 16 MB, not '%s'", v ? v : "");
  } else if (strcmp(a, "--shard") == 0) {
    if (!v || !shard_parse(v, &o->shard))
      return usage_error("--shard takes K/N with 0 <= K < N <= 1000000, not '%s'", v ? v : "");
    o->sharded = true;
  } else if (strcmp(a, "--run-id") == 0) {
    if (!v || !*v || strlen(v) > SHARD_RUN_ID_MAX)
      return usage_error("--run-id takes a text of 1 to 256 bytes (a commit, a CI run)%s", "");
    o->run_id = v;
  } else if (strcmp(a, "--origin") == 0) {
    if (!v) return usage_error("%s needs NAME:LINE", a);
    o->origin = v;
  } else if (strcmp(a, "--files0-from") == 0) {
    if (!v) return usage_error("%s needs a file (- for standard input)", a);
    o->files0[o->nfiles0++] = argv[*i];
  } else if (strcmp(a, "--junit") == 0) {
    if (!v) return usage_error("%s needs a file", a);
    o->copt.junit = v;
  } else if (strcmp(a, "--lang") == 0) {
    if (!v) return usage_error("%s needs a language (en, fr)", a);
    o->lang = v;
  } else if (!o->check && strcmp(a, "--html") == 0) {
    if (!v) return usage_error("%s needs a file", a);
    o->html = v;
  } else if (strcmp(a, "--rules") == 0 || strcmp(a, "--color") == 0) {
    return value_option(o, a, v);
  } else {
    (*i)--;
    return usage_error("unknown option '%s'", a);
  }
  return OPT_GO_ON;
}

/* One option at argv[*i]: OPT_GO_ON, or the exit status to end with. */
static int option(opts_t *o, int argc, char **argv, int *i) {
  const char *a = argv[*i];
  if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
    fputs(referee_usage, stdout);
    fputs(referee_usage_more, stdout);
    return EXIT_LEGAL;
  } else if (strcmp(a, "--version") == 0) {
    printf("referee (canasta-referee) %s, commit %s, reads CGR 1\n", REFEREE_VERSION,
           REFEREE_COMMIT);
    return EXIT_LEGAL;
  } else if (strcmp(a, "--list-rules") == 0) {
    list_rules();
    return EXIT_LEGAL;
  } else if (strcmp(a, "--list-keys") == 0) {
    o->list_keys = true; /* with --rules R: R's values (parse_args) */
    return OPT_GO_ON;
  }
  bool *flag = strcmp(a, "--json") == 0          ? &o->ctx.json
               : strcmp(a, "--keep-going") == 0  ? &o->keep_going
               : strcmp(a, "--explain") == 0     ? &o->ctx.explain
               : strcmp(a, "--stats") == 0       ? &o->stats
               : strcmp(a, "--parse-only") == 0  ? &o->parse_only
               : strcmp(a, "--quiet") == 0       ? &o->ctx.quiet
               : strcmp(a, "--tap") == 0                  ? &o->copt.tap
               : o->check && strcmp(a, "--coverage") == 0 ? &o->copt.coverage
                                                          : NULL;
  if (flag) {
    *flag = true;
    o->copt.json = o->ctx.json;
    return OPT_GO_ON;
  }
  return option_with_value(o, argc, argv, i);
}

static bool origin_parse(const char *text, char *name, size_t len, run_origin_t *at);

/* --list-keys: every key at its default, or with --rules R, R as it
 * resolves after its `extends`, every key with R's value. */
static int list_keys(const char *rules) {
  if (!rules) {
    keys_list(stdout);
    return EXIT_LEGAL;
  }
  ruleset_t rs;
  rs_error_t err;
  if (!rs_load(&rs, rules, &err)) {
    rules_error(rules, &err);
    return EXIT_ERROR;
  }
  printf("# %s as it resolves: every key with its value, its extends followed\n", rules);
  rs_write_yaml(stdout, &rs);
  return fflush(stdout) == 0 ? EXIT_LEGAL : EXIT_ERROR;
}

/* The command line into o and files; OPT_GO_ON or the exit status. */
static int parse_args(opts_t *o, int argc, char **argv, char **files) {
  int i = 1;
  if (argc > 1 && strcmp(argv[1], "check") == 0) {
    o->check = true;
    i = 2;
  }
  for (; i < argc; i++) {
    const char *a = argv[i];
    int rc = OPT_GO_ON;
    if (a[0] == '-' && a[1] == '-' && a[2] == '\0')
      for (i++; i < argc; i++) files[o->nfiles++] = argv[i];
    else if (a[0] == '-' && a[1] != '\0') rc = option(o, argc, argv, &i);
    else files[o->nfiles++] = argv[i];
    if (rc != OPT_GO_ON) return rc;
  }
  if (o->list_keys) return list_keys(o->rules);
  if (o->nfiles == 0 && o->nfiles0 == 0)
    return usage_error("no input files (use - for standard input)%s", "");
  if (o->sharded && o->jobs > 1) return usage_error("--shard and --jobs do not go together%s", "");
  if (o->run_id && !o->sharded) return usage_error("--run-id goes with --shard%s", "");
  if (o->sharded && o->copt.coverage)
    return usage_error("--shard and --coverage do not go together%s", "");
  bool results = !o->check && (o->copt.tap || o->copt.junit);
  if (results && (o->sharded || o->ctx.json))
    return usage_error("--tap and --junit go with plain output (not --json or --shard)%s", "");
  if (o->origin && (o->nfiles != 1 || o->nfiles0 || o->jobs > 1 || o->sharded || o->check))
    return usage_error("--origin takes one input, without --jobs, --shard or check%s", "");
  if (o->origin && !origin_parse(o->origin, o->origin_name, sizeof o->origin_name, &o->origin_at))
    return usage_error("--origin takes NAME:LINE or NAME:LINE:RECORDS (LINE from 1), not '%s'",
                       o->origin);
  if (o->rules) {
    ruleset_t rs;
    rs_error_t err;
    if (!rs_load(&rs, o->rules, &err)) {
      rules_error(o->rules, &err);
      return EXIT_ERROR;
    }
  }
  return OPT_GO_ON;
}

/* NAME:LINE[:RECORDS] (the last one or two fields are the numbers). */
static bool origin_parse(const char *text, char *name, size_t len, run_origin_t *at) {
  const char *c1 = strrchr(text, ':');
  unsigned long long line = 0, records = 0;
  if (!c1 || !number_arg(c1 + 1, &line)) return false;
  const char *c2 = c1;
  while (c2 > text && c2[-1] != ':') c2--;
  char mid[32];
  size_t k = (size_t)(c1 - c2);
  if (c2 > text && k > 0 && k < sizeof mid) {
    memcpy(mid, c2, k);
    mid[k] = '\0';
    if (number_arg(mid, &records)) c1 = c2 - 1, records = line, line = strtoull(mid, NULL, 10);
    else records = 0;
  }
  if (c1 == text || line < 1 || line > 4000000000u || records > 2000000000u ||
      (size_t)(c1 - text) >= len)
    return false;
  snprintf(name, len, "%.*s", (int)(c1 - text), text);
  *at = (run_origin_t){name, (unsigned)line, (int)records, NULL, NULL};
  return true;
}

/* ---- running --------------------------------------------------------------- */

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
  for (int i = 0; i < t->job.nbatch; i++)
    if (!run_parse_only(t->job.batch[i], &n, why, sizeof why)) job_failed(t->ctx, t->job.batch[i], why);
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
static void run_one(const opts_t *o, run_ctx_t *ctx, game_t *g, const char *file,
                    unsigned long long *parsed) {
  char why[128];
  bool ok;
  if (o->parse_only) {
    ok = run_parse_only(file, parsed, why, sizeof why);
  } else if (o->origin) {
    FILE *f = strcmp(file, "-") == 0 ? stdin : fopen(file, "rb");
    run_origin_t at = o->origin_at;
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

/* The inputs as the options ask: one after the other, in parts in parallel
 * processes, or one shard's parts. */
/* A regular file under part_bytes: read whole by one task. */
static bool small_file(const opts_t *o, const char *path) {
  struct stat sb;
  return strcmp(path, "-") != 0 && stat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
         (unsigned long long)sb.st_size < (o->part_bytes == PART_AUTO ? PART_BYTES : o->part_bytes);
}

/* --jobs: the first input, when a small file, in this process (its ruleset
 * and the reader are then ready in every process forked after it), the
 * rest by the pool; the output and status of one process. */
static void run_jobs(const opts_t *o, run_ctx_t *ctx, game_t *g, cgr_reader_t *r,
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
static void shard_files(const opts_t *o, run_ctx_t *ctx, game_t *g, shard_t *sh,
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

static void run_inputs(const opts_t *o, run_ctx_t *ctx, game_t *g, job_counts_t *totals) {
  unsigned long long parsed = 0;
  cgr_reader_t *r = o->jobs > 1 || o->sharded ? cgr_open_lines() : NULL;
  if ((o->jobs > 1 || o->sharded) && !r) out_of_memory("the record reader");
  if (o->jobs > 1 && r) {
    run_jobs(o, ctx, g, r, totals);
    cgr_close(r);
    return;
  }
  shard_t shard = o->shard;
  shard_ctx_t sc = {g, r};
  ctx->shard = o->sharded ? &shard : NULL;
  if (o->sharded && o->nfiles > 1) shard_files(o, ctx, g, &shard, &parsed);
  for (int f = 0; f < o->nfiles && !(o->sharded && o->nfiles > 1); f++) {
    char why[128];
    if (!o->sharded) run_one(o, ctx, g, o->files[f], &parsed);
    else if (!r || !parts_shard(o->files[f], &shard, shard_part, &sc, why, sizeof why))
      shard_error(ctx, o->files[f], r ? why : "out of memory");
  }
  if (o->sharded && ctx->json && !ctx->quiet) shard_close(stdout, &shard);
  cgr_close(r);
  totals->records = ctx->records;
  totals->actions = o->parse_only ? parsed : game_actions(g);
}

/* Every file through one game driver, or through --jobs processes. */
static int run_files(opts_t *o, char **files) {
  run_ctx_t *ctx = &o->ctx;
  /* --json: records up to the buffer's size leave in one write each */
  static char outbuf[1 << 16];
  if (ctx->json) setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
  game_t *g = game_new(o->rules, on_record, ctx);
  if (!g || (ctx->explain && !game_explain(g, o->explain_at)) ||
      (ctx->html && !game_observe(g, html_observe, ctx->html)))
    out_of_memory("the game driver");
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
  bool tests = o->copt.tap || o->copt.junit;
  if (tests && !results_begin(&results, o->copt.tap ? stdout : NULL, o->copt.tap, o->copt.junit)) {
    fprintf(stderr, "referee: cannot open a temporary file for the JUnit report\n");
    game_free(g);
    return EXIT_ERROR;
  }
  ctx->results = tests ? &results : NULL;
  run_inputs(o, ctx, g, &totals);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (tests) results_end(&results);
  if (tests && results_junit(&results, o->copt.junit) != 0) ctx->status = EXIT_ERROR;
  ctx->results = NULL;
  /* nothing judged is no success: a shard may hold no record, merge counts them */
  if (totals.records == 0 && !o->sharded && !o->parse_only && ctx->status == EXIT_LEGAL) {
    fprintf(stderr, "referee: no records: nothing was judged\n");
    ctx->status = EXIT_ERROR;
  }
  if (o->stats) print_stats(totals.records, totals.actions, bytes, t0, t1);
  game_free(g);
  fflush(stdout);
  return ctx->status;
}

/* --html FILE: the page is written as the records are judged (one process). */
static int run_with_html(opts_t *o, char **files) {
  FILE *f = fopen(o->html, "w");
  if (!f) {
    out_say("referee: --html %s: %s", o->html, strerror(errno));
    return EXIT_ERROR;
  }
  o->ctx.html = html_new(f);
  unsigned long long size = 0; /* the files' (a pipe's is counted as it is read) */
  for (int i = 0; i < o->nfiles && o->ctx.html; i++) {
    struct stat sb;
    if (strcmp(files[i], "-") != 0 && stat(files[i], &sb) == 0 && S_ISREG(sb.st_mode))
      size += (unsigned long long)sb.st_size;
  }
  if (o->ctx.html) html_input_size(o->ctx.html, size);
  o->jobs = 1;
  if (!o->ctx.html) out_of_memory(o->html);
  int rc = run_files(o, files);
  bool ok = o->ctx.html && html_finish(o->ctx.html);
  o->ctx.html = NULL;
  if (fclose(f) != 0) ok = false;
  if (!ok) {
    out_say("referee: --html %s: could not be written", o->html);
    return EXIT_ERROR;
  }
  return rc;
}

/* --shard: the run's identity, from what decides the output (shard.h):
 * check's results depend on neither --explain nor --keep-going. */
static bool shard_setup(opts_t *o) {
  char options[96];
  if (o->check) snprintf(options, sizeof options, "check");
  else snprintf(options, sizeof options, "%s explain=%d at=%u keep-going=%d",
                o->parse_only ? "parse" : "run", o->ctx.explain, o->explain_at, o->keep_going);
  return shard_identity(&o->shard, REFEREE_VERSION " " REFEREE_COMMIT, options, o->rules,
                        o->run_id);
}

static int run_main(int argc, char **argv, char **files) {
  opts_t o;
  memset(&o, 0, sizeof o);
  o.ctx.color = isatty(STDOUT_FILENO) != 0;
  o.ctx.status = EXIT_LEGAL;
  o.jobs = 1;
  o.part_bytes = PART_AUTO;
  o.files = files;
  o.files0 = files + argc;
  int rc = parse_args(&o, argc, argv, files);
  if (rc != OPT_GO_ON) return rc;
  if (!lang_setup(o.lang) || (o.sharded && !shard_setup(&o))) return EXIT_ERROR;
  char **given = o.files, *text = NULL;
  if (o.nfiles0 && !read_name_lists(o.files0, o.nfiles0, &o.files, &o.nfiles, &text)) {
    rc = EXIT_ERROR;
  } else if (o.check) {
    o.copt.shard = o.sharded ? &o.shard : NULL;
    o.copt.jobs = (int)o.jobs;
    rc = check_paths(o.nfiles, o.files, o.rules, &o.copt, stdout);
  } else {
    rc = o.html ? run_with_html(&o, o.files) : run_files(&o, o.files);
  }
  if (o.files != given) free(o.files);
  free(text);
  return rc;
}

static int subcommand(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "gen") == 0) return gen_main(argc, argv);
  if (argc > 1 && strcmp(argv[1], "merge") == 0) return merge_main(argc, argv);
  /* the file arguments, then the --files0-from lists (argc at most each) */
  char **files = malloc(sizeof *files * 2 * (size_t)argc);
  if (!files) out_of_memory("the command line");
  int status = run_main(argc, argv, files);
  free(files);
  return status;
}

/* Whatever ran, its standard output is checked at the end (out_end). */
int main(int argc, char **argv) { return out_end(subcommand(argc, argv)); }
