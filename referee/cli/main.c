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
#include "jobs.h"
#include "report.h"
#include "run.h"

enum { EXIT_LEGAL = 0, EXIT_ILLEGAL = 1, EXIT_MALFORMED = 2, EXIT_ERROR = 3 };

static const char usage[] =
    "usage: referee [options] FILE...      referee game records (- reads stdin)\n"
    "       referee check [options] PATH... compare verdicts with each record's\n"
    "                                       \"# expect:\" line (directories are walked)\n"
    "       referee gen --variant V [gen options] > FILE\n"
    "                                       write random complete legal games\n"
    "\n"
    "Replays canasta game records (CGR 1) against a variant's ruleset and reports,\n"
    "for each record, legal (with the scores), illegal (the first illegal action:\n"
    "line, column, code, why) or malformed.\n"
    "\n"
    "options:\n"
    "  --json          one JSON object per record (JSON Lines) instead of text\n"
    "  --html PAGE.html  also write a self-contained page replaying the records\n"
    "                  action by action, opened at the first error (docs/dispute.md)\n"
    "  --explain       show the table at the first illegal action: hands, melds,\n"
    "                  pile, stock, totals, and the rule from the variant's document\n"
    "                  (with --json: a \"state\" field)\n"
    "  --at LINE       the same, as the table stands after line LINE\n"
    "  --keep-going    after an illegal action in a hand, go on with the next hand\n"
    "                  (from its own deal) and list the later errors too\n"
    "  --rules R       judge every record by ruleset R (a built-in name, see\n"
    "                  --list-rules, or a path to a YAML file), whatever its variant line\n"
    "  --color WHEN    colour the text output: auto (default), always, never\n"
    "  check --junit F write a JUnit XML report to F as well\n"
    "  check --tap     print TAP (Test Anything Protocol) instead of failure lines\n"
    "  check --coverage  after the results, a Markdown report: records per variant,\n"
    "                  per verdict code, and per ruleset key (legal records relying\n"
    "                  on the rule, illegal records naming it)\n"
    "  --jobs N, -j N  referee N files at a time, in N processes (output stays in\n"
    "                  file order)\n"
    "  --stats         print records, actions, bytes, time and peak memory to stderr\n"
    "  --quiet         print nothing; only the exit status tells\n"
    "  --parse-only    only read the records (for benchmarks): no rules, no verdicts\n"
    "  --list-rules    list the built-in rulesets\n"
    "  gen --variant V   the ruleset (built-in name or path; --rules V is the same);\n"
    "                  --players N (default 4, or the ruleset's first seating); --seed S\n"
    "                  (default 1); --games K (default 1); --hands H (default: to the\n"
    "                  target); --expect (write \"# expect: legal\" in each record, for\n"
    "                  check); --stats (games, hands, actions, turns replayed, hands\n"
    "                  dealt again, to stderr)\n"
    "  --help, -h      this help\n"
    "  --version       the version and the commit it was built from\n"
    "  --              every later argument is a file, even one starting with -\n"
    "\n"
    "exit status: 0 all records legal, 1 some record illegal, 2 some record\n"
    "malformed, 3 usage, ruleset or I/O error (an input that cannot be read). check:\n"
    "0 all as expected, 1 some record not, 3 usage, ruleset or I/O error.\n"
    "Documentation: docs/format.md (records), docs/codes.md (verdict codes),\n"
    "docs/rulesets.md (ruleset keys), docs/variants/ (each variant's rules).\n";

typedef struct {
  bool json, color, quiet, explain;
  html_t *html;                  /* --html: the page being written, or NULL */
  int status;
  unsigned long long records;
} run_ctx_t;

static void on_record(const record_t *r, void *ctx) {
  run_ctx_t *c = ctx;
  c->records++;
  if (c->html) html_record(c->html, r);
  if (c->quiet) {
    /* nothing printed */
  } else if (c->json) {
    /* one write per record: processes sharing an output (xargs -P) do not
     * interleave their records */
    report_json(stdout, r);
    fflush(stdout);
  } else {
    report_text(stdout, r, c->color);
    if (c->explain && (r->state || r->verdict.status == VERDICT_ILLEGAL))
      report_explain(stdout, r, c->color);
  }
  int s = record_status(r);
  if (s > c->status) c->status = s;
}

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "referee: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\nTry 'referee --help'.\n");
  return EXIT_ERROR;
}

/* --rules R that does not load: a YAML error at its position in the file;
 * otherwise (no such built-in name, a file that cannot be read) what R is. */
static void rules_error(const char *rules, const rs_error_t *err) {
  if (err->line) {
    fprintf(stderr, "%s:%u:%u: ruleset: %s\n", err->file, err->line, err->col ? err->col : 1,
            err->message);
  } else if (rs_is_path(rules)) {
    fprintf(stderr, "referee: --rules %s: %s\n", rules, err->message);
  } else {
    fprintf(stderr, "referee: --rules %s: neither a ruleset file (a path holds a / or ends in "
                    ".yaml) nor a built-in ruleset (", rules);
    for (const rs_builtin_t *b = rs_builtins; b->name; b++)
      fprintf(stderr, "%s%s", b == rs_builtins ? "" : ", ", b->name);
    const char *near = rs_nearest_builtin(rules);
    fprintf(stderr, ")%s%s%s\n", near ? "; did you mean " : "", near ? near : "", near ? "?" : "");
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

/* A non-negative number option; false when it is not one. */
static bool number_arg(const char *v, unsigned long long *out) {
  char *end;
  if (!v || *v < '0' || *v > '9') return false;
  *out = strtoull(v, &end, 10);
  return *end == '\0';
}

/* Referees one file (or only reads it, for --parse-only). */
static void run_one(run_ctx_t *ctx, game_t *g, const char *file, bool parse_only,
                    unsigned long long *parsed) {
  char why[128];
  bool ok = parse_only ? run_parse_only(file, parsed, why, sizeof why)
                       : run_file(g, file, why, sizeof why);
  if (!ok) {
    fprintf(stderr, "referee: %s: %s\n", file, why);
    ctx->status = EXIT_ERROR;
  }
}

typedef struct {
  run_ctx_t *ctx;
  game_t *g;
  char **files;
  bool parse_only;
} file_task_t;

/* --jobs: one file, in a child process of its own. */
static int file_task(int index, void *p, job_counts_t *counts) {
  file_task_t *t = p;
  unsigned long long parsed = 0;
  t->ctx->status = EXIT_LEGAL;
  t->ctx->records = 0;
  run_one(t->ctx, t->g, t->files[index], t->parse_only, &parsed);
  counts->records = t->ctx->records;
  counts->actions = t->parse_only ? parsed : game_actions(t->g);
  return t->ctx->status;
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
  } else if (o->check && strcmp(a, "--junit") == 0) {
    if (!v) return usage_error("%s needs a file", a);
    o->copt.junit = v;
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
    fputs(usage, stdout);
    return EXIT_LEGAL;
  } else if (strcmp(a, "--version") == 0) {
    printf("referee (canasta-referee) %s, commit %s, reads CGR 1\n", REFEREE_VERSION,
           REFEREE_COMMIT);
    return EXIT_LEGAL;
  } else if (strcmp(a, "--list-rules") == 0) {
    list_rules();
    return EXIT_LEGAL;
  }
  bool *flag = strcmp(a, "--json") == 0          ? &o->ctx.json
               : strcmp(a, "--keep-going") == 0  ? &o->keep_going
               : strcmp(a, "--explain") == 0     ? &o->ctx.explain
               : strcmp(a, "--stats") == 0       ? &o->stats
               : strcmp(a, "--parse-only") == 0  ? &o->parse_only
               : strcmp(a, "--quiet") == 0       ? &o->ctx.quiet
               : o->check && strcmp(a, "--tap") == 0      ? &o->copt.tap
               : o->check && strcmp(a, "--coverage") == 0 ? &o->copt.coverage
                                                          : NULL;
  if (flag) {
    *flag = true;
    return OPT_GO_ON;
  }
  return option_with_value(o, argc, argv, i);
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
  if (o->nfiles == 0) return usage_error("no input files (use - for standard input)%s", "");
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

/* Every file through one game driver, or through --jobs processes. */
static int run_files(opts_t *o, char **files) {
  run_ctx_t *ctx = &o->ctx;
  /* --json: records up to the buffer's size leave in one write each */
  static char outbuf[1 << 16];
  if (ctx->json) setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
  game_t *g = game_new(o->rules, on_record, ctx);
  if (!g) return EXIT_ERROR;
  if (ctx->explain) game_explain(g, o->explain_at);
  if (o->keep_going) game_keep_going(g);
  if (ctx->html) game_observe(g, html_observe, ctx->html);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  unsigned long long bytes = 0, parsed = 0;
  for (int f = 0; f < o->nfiles; f++) {
    struct stat sb;
    if (stat(files[f], &sb) == 0) bytes += (unsigned long long)sb.st_size;
  }
  job_counts_t totals = {0, 0};
  if (o->jobs > 1 && o->nfiles > 1) {
    file_task_t task = {ctx, g, files, o->parse_only};
    ctx->status = jobs_run(o->nfiles, (int)o->jobs, file_task, &task, &totals);
  } else {
    for (int f = 0; f < o->nfiles; f++) run_one(ctx, g, files[f], o->parse_only, &parsed);
    totals.records = ctx->records;
    totals.actions = o->parse_only ? parsed : game_actions(g);
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (o->stats) print_stats(totals.records, totals.actions, bytes, t0, t1);
  game_free(g);
  fflush(stdout);
  return ctx->status;
}

/* --html FILE: the page is written as the records are judged (one process). */
static int run_with_html(opts_t *o, char **files) {
  FILE *f = fopen(o->html, "w");
  if (!f) {
    fprintf(stderr, "referee: --html %s: %s\n", o->html, strerror(errno));
    return EXIT_ERROR;
  }
  o->ctx.html = html_new(f);
  o->jobs = 1;
  int rc = o->ctx.html ? run_files(o, files) : EXIT_ERROR;
  bool ok = o->ctx.html && html_finish(o->ctx.html);
  o->ctx.html = NULL;
  if (fclose(f) != 0) ok = false;
  if (!ok) {
    fprintf(stderr, "referee: --html %s: could not be written\n", o->html);
    return EXIT_ERROR;
  }
  return rc;
}

static int run_main(int argc, char **argv, char **files) {
  opts_t o;
  memset(&o, 0, sizeof o);
  o.ctx.color = isatty(STDOUT_FILENO) != 0;
  o.ctx.status = EXIT_LEGAL;
  o.jobs = 1;
  int rc = parse_args(&o, argc, argv, files);
  if (rc != OPT_GO_ON) return rc;
  if (o.check) return check_paths(o.nfiles, files, o.rules, &o.copt, stdout);
  if (o.html) return run_with_html(&o, files);
  return run_files(&o, files);
}

static int gen_main(int argc, char **argv) {
  gen_options_t opt = {NULL, 0, 1, 1, 0, false};
  bool stats = false;
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    unsigned long long n = 0;
    if (strcmp(a, "--expect") == 0) opt.expect = true;
    else if (strcmp(a, "--stats") == 0) stats = true;
    else if (strcmp(a, "--variant") == 0 || strcmp(a, "--rules") == 0) {
      if (!v) return usage_error("%s needs a ruleset", a);
      opt.rules = argv[++i];
    } else if (strcmp(a, "--seed") == 0 && number_arg(v, &n)) opt.seed = n, i++;
    else if (strcmp(a, "--players") == 0 && number_arg(v, &n) && n >= 2 && n <= MAX_PLAYERS)
      opt.players = (int)n, i++;
    else if (strcmp(a, "--games") == 0 && number_arg(v, &n) && n <= 10000000) opt.games = (int)n, i++;
    else if (strcmp(a, "--hands") == 0 && number_arg(v, &n) && n >= 1 && n <= 1000)
      opt.hands = (int)n, i++;
    else return usage_error("gen: bad option or value near '%s'", a);
  }
  if (!opt.rules) return usage_error("gen needs --variant (see --list-rules)%s", "");
  gen_stats_t st;
  char why[512];
  int status = gen_write(&opt, stdout, &st, why, sizeof why);
  if (fflush(stdout) != 0) {
    fprintf(stderr, "referee: gen: cannot write the games\n");
    return EXIT_ERROR;
  }
  if (status) fprintf(stderr, "referee: gen: %s\n", why);
  if (stats)
    fprintf(stderr, "gen: %llu games, %llu hands, %llu actions; %llu hands gone out (%.0f%%); "
                    "%llu turns replayed more cautiously, %llu hand%s dealt again\n",
            st.games, st.hands, st.actions, st.out,
            st.hands ? 100.0 * (double)st.out / (double)st.hands : 0.0, st.retries, st.redeals,
            st.redeals == 1 ? "" : "s");
  return status;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "gen") == 0) return gen_main(argc, argv);
  char **files = malloc(sizeof *files * (size_t)argc); /* the file arguments */
  if (!files) return EXIT_ERROR;
  int status = run_main(argc, argv, files);
  free(files);
  return status;
}
