/* main.c — the command line: referee [options] FILE..., referee check PATH...
 * A thin layer over the library: options, then run, then the exit status. */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "game.h"
#include "gen.h"
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
    "  --jobs N        referee N files at a time, in N processes (output stays in\n"
    "                  file order)\n"
    "  --stats         print records, actions, bytes, time and peak memory to stderr\n"
    "  --quiet         print nothing; only the exit status tells\n"
    "  --parse-only    only read the records (for benchmarks): no rules, no verdicts\n"
    "  --list-rules    list the built-in rulesets\n"
    "  gen --variant V   the ruleset (built-in name or path); --players N (default 4,\n"
    "                  or the ruleset's first seating); --seed S (default 1); --games K\n"
    "                  (default 1); --hands H (default: to the target); --expect\n"
    "                  (write \"# expect: legal\" in each record, for check)\n"
    "  --help          this help\n"
    "  --version       the version\n"
    "\n"
    "exit status: 0 all records legal, 1 some record illegal, 2 some record\n"
    "malformed, 3 usage, ruleset or I/O error (check: 0 all as expected, 1 not).\n"
    "Documentation: docs/format.md (records), docs/codes.md (verdict codes),\n"
    "docs/rulesets.md (ruleset keys), docs/variants/ (each variant's rules).\n";

typedef struct {
  bool json, color, quiet, explain;
  int status;
  unsigned long long records;
} run_ctx_t;

static void on_record(const record_t *r, void *ctx) {
  run_ctx_t *c = ctx;
  c->records++;
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

static int run_main(int argc, char **argv, char **files) {
  run_ctx_t ctx = {false, isatty(STDOUT_FILENO) != 0, false, false, EXIT_LEGAL, 0};
  unsigned explain_at = 0;
  bool keep_going = false;
  bool stats = false, parse_only = false;
  unsigned long long jobs = 1;
  check_options_t copt = {NULL, false, false, NULL};
  const char *rules = NULL;
  bool check = false;
  int nfiles = 0;
  int i = 1;
  if (argc > 1 && strcmp(argv[1], "check") == 0) {
    check = true;
    i = 2;
  }
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage, stdout);
      return EXIT_LEGAL;
    } else if (strcmp(a, "--version") == 0) {
      printf("referee (canasta-referee) %s, reads CGR 1\n", REFEREE_VERSION);
      return EXIT_LEGAL;
    } else if (strcmp(a, "--json") == 0) {
      ctx.json = true;
    } else if (strcmp(a, "--keep-going") == 0) {
      keep_going = true;
    } else if (strcmp(a, "--explain") == 0) {
      ctx.explain = true;
    } else if (strcmp(a, "--at") == 0) {
      if (i + 1 == argc) return usage_error("%s needs a line number", a);
      char *end;
      long v = strtol(argv[++i], &end, 10);
      if (*end || v < 1) return usage_error("--at takes a line number, not '%s'", argv[i]);
      explain_at = (unsigned)v;
      ctx.explain = true;
    } else if (strcmp(a, "--stats") == 0) {
      stats = true;
    } else if (strcmp(a, "--jobs") == 0 || strcmp(a, "-j") == 0) {
      if (!number_arg(i + 1 < argc ? argv[i + 1] : NULL, &jobs) || jobs < 1 || jobs > 256)
        return usage_error("--jobs takes a number of processes from 1 to 256%s", "");
      i++;
    } else if (check && strcmp(a, "--tap") == 0) {
      copt.tap = true;
    } else if (check && strcmp(a, "--coverage") == 0) {
      copt.coverage = true;
    } else if (check && strcmp(a, "--junit") == 0) {
      if (i + 1 == argc) return usage_error("%s needs a file", a);
      copt.junit = argv[++i];
    } else if (strcmp(a, "--parse-only") == 0) {
      parse_only = true;
    } else if (strcmp(a, "--quiet") == 0) {
      ctx.quiet = true;
    } else if (strcmp(a, "--list-rules") == 0) {
      list_rules();
      return EXIT_LEGAL;
    } else if (strcmp(a, "--rules") == 0 || strcmp(a, "--color") == 0) {
      if (i + 1 == argc) return usage_error("%s needs a value", a);
      const char *v = argv[++i];
      if (a[2] == 'r') {
        rules = v;
      } else if (strcmp(v, "always") == 0 || strcmp(v, "never") == 0 || strcmp(v, "auto") == 0) {
        ctx.color = v[0] == 'a' && v[1] == 'l' ? true : v[0] == 'n' ? false : ctx.color;
      } else {
        return usage_error("--color takes auto, always or never, not '%s'", v);
      }
    } else if (a[0] == '-' && a[1] == '-' && a[2] == '\0') {
      for (i++; i < argc; i++) files[nfiles++] = argv[i];
    } else if (a[0] == '-' && a[1] != '\0') {
      return usage_error("unknown option '%s'", a);
    } else {
      files[nfiles++] = argv[i];
    }
  }
  if (nfiles == 0) return usage_error("no input files (use - for standard input)%s", "");
  if (rules) {
    ruleset_t rs;
    rs_error_t err;
    if (!rs_load(&rs, rules, &err)) {
      rules_error(rules, &err);
      return EXIT_ERROR;
    }
  }
  if (check) return check_paths(nfiles, files, rules, &copt, stdout);

  /* --json: records up to the buffer's size leave in one write each */
  static char outbuf[1 << 16];
  if (ctx.json) setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
  game_t *g = game_new(rules, on_record, &ctx);
  if (!g) return EXIT_ERROR;
  if (ctx.explain) game_explain(g, explain_at);
  if (keep_going) game_keep_going(g);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  unsigned long long bytes = 0, parsed = 0;
  for (int f = 0; f < nfiles; f++) {
    struct stat sb;
    if (stat(files[f], &sb) == 0) bytes += (unsigned long long)sb.st_size;
  }
  job_counts_t totals = {0, 0};
  if (jobs > 1 && nfiles > 1) {
    file_task_t task = {&ctx, g, files, parse_only};
    ctx.status = jobs_run(nfiles, (int)jobs, file_task, &task, &totals);
  } else {
    for (int f = 0; f < nfiles; f++) run_one(&ctx, g, files[f], parse_only, &parsed);
    totals.records = ctx.records;
    totals.actions = parse_only ? parsed : game_actions(g);
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (stats) print_stats(totals.records, totals.actions, bytes, t0, t1);
  game_free(g);
  fflush(stdout);
  return ctx.status;
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
    fprintf(stderr, "gen: %llu games, %llu hands, %llu actions; %llu turns replayed more "
                    "cautiously, %llu hands dealt again\n",
            st.games, st.hands, st.actions, st.retries, st.redeals);
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
