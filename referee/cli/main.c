/* main.c — the command line: referee [options] FILE..., referee check PATH...
 * The options, then the batch runner (referee/batch/batch.h), check, merge or
 * gen, then the exit status. */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "batch.h"
#include "build_version.h"
#include "check.h"
#include "interrupt.h"
#include "keys.h"
#include "lang.h"
#include "merge.h"
#include "output.h"
#include "ruleset_yaml.h"

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

static void list_rules(void) {
  int w = 12; /* the titles in one column, after the longest name */
  for (const rs_builtin_t *b = rs_builtins; b->name; b++)
    if ((int)strlen(b->name) > w) w = (int)strlen(b->name);
  for (const rs_builtin_t *b = rs_builtins; b->name; b++) {
    ruleset_t rs;
    rs_error_t err;
    if (rs_load(&rs, b->name, &err)) printf("%-*s %s\n", w, b->name, rs.title);
    else printf("%-*s (broken: %s:%u:%u: %s)\n", w, b->name, err.file, err.line, err.col, err.message);
  }
}

/* The options of `referee` and `referee check`. */
typedef struct {
  bool json, color, quiet, explain;
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
    o->color = v[0] == 'a' && v[1] == 'l' ? true : v[0] == 'n' ? false : o->color;
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
    o->explain = true;
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
  bool *flag = strcmp(a, "--json") == 0          ? &o->json
               : strcmp(a, "--keep-going") == 0  ? &o->keep_going
               : strcmp(a, "--explain") == 0     ? &o->explain
               : strcmp(a, "--stats") == 0       ? &o->stats
               : strcmp(a, "--parse-only") == 0  ? &o->parse_only
               : strcmp(a, "--quiet") == 0       ? &o->quiet
               : strcmp(a, "--tap") == 0                  ? &o->copt.tap
               : o->check && strcmp(a, "--coverage") == 0 ? &o->copt.coverage
                                                          : NULL;
  if (flag) {
    *flag = true;
    o->copt.json = o->json;
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
  if (results && (o->sharded || o->json))
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

/* --shard: the run's identity, from what decides the output (shard.h):
 * check's results depend on neither --explain nor --keep-going. */
static bool shard_setup(opts_t *o) {
  char options[96];
  if (o->check) snprintf(options, sizeof options, "check");
  else snprintf(options, sizeof options, "%s explain=%d at=%u keep-going=%d",
                o->parse_only ? "parse" : "run", o->explain, o->explain_at, o->keep_going);
  return shard_identity(&o->shard, REFEREE_VERSION " " REFEREE_COMMIT, options, o->rules,
                        o->run_id);
}

/* `referee [options] FILE...`: the options, to the batch runner. */
static int run_batch(const opts_t *o) {
  batch_options_t b = {
      .json = o->json, .color = o->color, .quiet = o->quiet, .explain = o->explain,
      .explain_at = o->explain_at, .keep_going = o->keep_going, .stats = o->stats,
      .parse_only = o->parse_only, .tap = o->copt.tap, .junit = o->copt.junit,
      .rules = o->rules, .html = o->html, .jobs = o->jobs, .part_bytes = o->part_bytes,
      .shard = o->sharded ? &o->shard : NULL, .origin = o->origin ? &o->origin_at : NULL,
      .files = o->files, .nfiles = o->nfiles};
  return batch_run(&b);
}

static int run_main(int argc, char **argv, char **files) {
  opts_t o;
  memset(&o, 0, sizeof o);
  o.color = isatty(STDOUT_FILENO) != 0;
  o.jobs = 1;
  o.part_bytes = PART_AUTO;
  o.files = files;
  o.files0 = files + argc;
  int rc = parse_args(&o, argc, argv, files);
  if (rc != OPT_GO_ON) return rc;
  if (!lang_setup(o.lang) || (o.sharded && !shard_setup(&o))) return EXIT_ERROR;
  char **given = o.files, *text = NULL;
  interrupt_catch(); /* SIGINT, SIGTERM: what was judged is said (interrupt.h) */
  if (o.nfiles0 && !read_name_lists(o.files0, o.nfiles0, &o.files, &o.nfiles, &text)) {
    rc = EXIT_ERROR;
  } else if (o.check) {
    o.copt.shard = o.sharded ? &o.shard : NULL;
    o.copt.jobs = (int)o.jobs;
    rc = check_paths(o.nfiles, o.files, o.rules, &o.copt, stdout);
  } else {
    rc = run_batch(&o);
  }
  interrupt_check(); /* a signal caught where nothing asked (a list being read) */
  interrupt_release();
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
