/* check.c — the conformance mode. */
#define _DEFAULT_SOURCE /* d_type, DT_REG */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "game.h"
#include "interrupt.h"
#include "jobs.h"
#include "json.h"
#include "output.h"
#include "relay.h"
#include "report.h"
#include "results.h"
#include "run.h"

/* Coverage: for each ruleset seen, how many records end with each code, how
 * many illegal records name each ruleset key (key[i] counts keys[i] of the
 * check), and how many legal records rely on each rule (uses.h). As many
 * rulesets and keys as there are: none is dropped (a corpus of 16 rulesets
 * and more lost the rest from the report). The check owns name and key. */
typedef struct {
  unsigned records, legal;
  unsigned code[CODE_COUNT];
  unsigned relied[RK_COUNT];
  bool active[RK_COUNT];
  char *name;        /* first of the owned parts (send_coverage) */
  unsigned *key;
} variant_cov_t;

typedef struct {
  FILE *out;
  const check_options_t *opt;
  results_t results;
  cgr_reader_t *reader;   /* --shard: reads the shard's parts */
  unsigned long long records; /* judged */
  game_t *g;
  variant_cov_t *cov;
  int ncov, cov_cap;
  char **keys;
  int nkeys, keys_cap;
  /* --jobs: the files the walk found, judged in parallel processes when it
   * ends or must say something in its place */
  jobs_t *pool;
  char **found;
  int nfound, found_cap;
  part_job_t job;
  int jobs_status;        /* the worst status of what settle gave out */
} check_t;

static void describe_expect(const record_t *r, char *buf, size_t len) {
  switch (r->expect) {
    case EXPECT_LEGAL: snprintf(buf, len, "legal"); break;
    case EXPECT_ILLEGAL:
      snprintf(buf, len, "illegal %s %u:%u", code_name(r->expect_code), r->expect_line,
               r->expect_col);
      break;
    case EXPECT_MALFORMED: snprintf(buf, len, "malformed %u:%u", r->expect_line, r->expect_col); break;
  }
}


static bool matches(const record_t *r) {
  const verdict_t *v = &r->verdict;
  if (!r->has_expect || r->ruleset_error) return false;
  switch (r->expect) {
    case EXPECT_LEGAL: return v->status == VERDICT_LEGAL;
    case EXPECT_ILLEGAL:
      return v->status == VERDICT_ILLEGAL && v->code == r->expect_code &&
             v->line == r->expect_line && v->col == r->expect_col;
    case EXPECT_MALFORMED:
      return v->status == VERDICT_MALFORMED && v->line == r->expect_line &&
             v->col == r->expect_col;
  }
  return false;
}

static int key_index(check_t *c, const char *key) {
  for (int i = 0; i < c->nkeys; i++)
    if (strcmp(c->keys[i], key) == 0) return i;
  return -1;
}

/* The coverage of ruleset name, a new entry the first time (its rules'
 * switches from rs, or as a --jobs process found them, active). */
static variant_cov_t *cov_of(check_t *c, const char *name, const ruleset_t *rs,
                             const bool *active) {
  for (int v = 0; v < c->ncov; v++)
    if (strcmp(c->cov[v].name, name) == 0) return &c->cov[v];
  if (c->ncov == c->cov_cap) {
    int cap = c->cov_cap ? 2 * c->cov_cap : 16;
    variant_cov_t *grown = realloc(c->cov, (size_t)cap * sizeof *grown);
    if (!grown) out_of_memory("check --coverage");
    c->cov = grown;
    c->cov_cap = cap;
  }
  variant_cov_t *cv = &c->cov[c->ncov];
  memset(cv, 0, sizeof *cv);
  cv->name = strdup(name);
  cv->key = calloc((size_t)c->nkeys + 1, sizeof *cv->key);
  if (!cv->name || !cv->key) out_of_memory("check --coverage");
  for (int k = 0; k < RK_COUNT && (rs || active); k++)
    cv->active[k] = rs ? rule_key_active(rs, (rule_key_t)k) : active[k];
  c->ncov++;
  return cv;
}

static void count_coverage(check_t *c, const record_t *r) {
  const char *name = r->rs ? r->rs->name : r->variant[0] ? r->variant : "(none)";
  variant_cov_t *cv = cov_of(c, name, r->rs, NULL);
  cv->records++;
  if (r->verdict.status == VERDICT_LEGAL && !r->ruleset_error) {
    cv->legal++;
    for (int k = 0; k < RK_COUNT; k++) cv->relied[k] += uses_has(&r->uses, (rule_key_t)k);
  }
  if (r->verdict.status == VERDICT_ILLEGAL) cv->code[r->verdict.code]++;
  if (r->verdict.status != VERDICT_ILLEGAL || r->verdict.rule == RK_NONE) return;
  /* a key counts for itself and for the section it belongs to */
  char key[128];
  snprintf(key, sizeof key, "%s", rule_key_name(r->verdict.rule));
  for (;;) {
    int k = key_index(c, key);
    if (k >= 0) cv->key[k]++;
    char *dot = strrchr(key, '.');
    if (!dot) break;
    *dot = '\0';
  }
}

/* --json: the result as one JSON object, for referee merge (merge.c reads
 * these fields back; strings are written so that they read back byte for
 * byte). */
static void json_result(check_t *c, const result_t *r) {
  fputc('{', c->out);
  if (c->opt->shard) fprintf(c->out, "\"segment\":%llu,", c->opt->shard->current);
  if (c->opt->shard) c->opt->shard->lines++, c->opt->shard->records++;
  fputs("\"file\":", c->out);
  json_bytes(c->out, r->file);
  fprintf(c->out, ",\"record\":%d,\"record_line\":%u,\"at\":%u,\"ok\":%s,\"why\":", r->record,
          r->record_line, r->at, r->ok ? "true" : "false");
  json_bytes(c->out, r->why);
  fputs("}\n", c->out);
}

/* A path that cannot be read: said on stderr, and with --json also as
 * {"error": ...} in its place, so that referee merge says it too. */
static int settle(check_t *c);
static int found(check_t *c, const char *path);

static void note(check_t *c, const char *path, const char *why) {
  settle(c); /* --jobs: what was found before it is printed before it */
  char line[1024];
  snprintf(line, sizeof line, "referee: %s: %s", path, why);
  out_say("%s", line);
  if (!c->opt->json) return;
  fputc('{', c->out);
  if (c->opt->shard) fprintf(c->out, "\"segment\":%llu,", c->opt->shard->current);
  if (c->opt->shard) c->opt->shard->lines++;
  fputs("\"error\":", c->out);
  json_bytes(c->out, line);
  fputs("}\n", c->out);
}

/* --shard: a path that cannot be read takes a segment number; its shard
 * reports it. */
static bool my_error(check_t *c, const char *path) {
  shard_t *sh = c->opt->shard;
  if (!sh) return true;
  shard_input(sh, path, -1);
  return shard_segment(sh, NULL, 0);
}

static void on_record(const record_t *r, void *ctx) {
  check_t *c = ctx;
  c->records++;
  interrupt_judged(r);
  bool ok = matches(r);
  char want[160], got[1200], why[1500];
  report_describe(r, got, sizeof got);
  if (!r->has_expect) {
    snprintf(why, sizeof why, "record %d has no \"# expect:\" line; got %s", r->index, got);
  } else {
    describe_expect(r, want, sizeof want);
    snprintf(why, sizeof why, "expected %s, got %s", want, got);
  }
  if (ok) count_coverage(c, r);
  result_t res = {r->file, r->index, r->start_line, r->has_expect ? r->expect_at : r->start_line,
                  ok, why};
  if (c->opt->json) {
    json_result(c, &res);
    if (ok) c->results.passed++;
    else c->results.failed++;
  } else if (jobs_side()) {
    relay_result(jobs_side(), &res); /* a --jobs process: to the parent */
    c->results.failed += !ok;
  } else {
    results_add(&c->results, &res);
  }
  jobs_judged(1);
}

/* A directory's entry, and its type as readdir gives it (DT_UNKNOWN when
 * the file system does not say). */
typedef struct {
  char *path;
  unsigned char type;
} entry_t;

static int by_name(const void *a, const void *b) {
  return strcmp(((const entry_t *)a)->path, ((const entry_t *)b)->path);
}

static bool has_suffix(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && strcmp(s + n - k, suffix) == 0;
}

static int check_path(game_t *g, check_t *c, const char *path, bool top, unsigned char type);

static bool check_part(void *ctx, const char *name, const cgr_part_t *p, FILE *rest, char *why,
                       size_t why_len) {
  check_t *c = ctx;
  return run_part(c->g, c->reader, name, p, rest, why, why_len);
}

static int check_dir(game_t *g, check_t *c, const char *path) {
  DIR *d = opendir(path);
  if (!d) {
    if (!my_error(c, path)) return 0;
    note(c, path, strerror(errno));
    return 3;
  }
  entry_t *names = NULL;
  size_t n = 0, cap = 0;
  struct dirent *de;
  while ((de = readdir(d)) != NULL) {
    if (de->d_name[0] == '.') continue;
    if (n == cap) {
      cap = cap ? 2 * cap : 64;
      entry_t *grown = realloc(names, cap * sizeof *names);
      if (!grown) break;
      names = grown;
    }
    size_t len = strlen(path) + strlen(de->d_name) + 2;
    names[n].path = malloc(len);
    if (!names[n].path) break;
    names[n].type = de->d_type;
    snprintf(names[n++].path, len, "%s/%s", path, de->d_name);
  }
  closedir(d);
  if (n > 1) qsort(names, n, sizeof *names, by_name); /* (never with NULL: UBSan) */
  int status = 0;
  for (size_t i = 0; i < n; i++) {
    int s = check_path(g, c, names[i].path, false, names[i].type);
    if (s > status) status = s;
    free(names[i].path);
  }
  free(names);
  return status;
}

/* What a path that is no regular file is (stat follows links). */
static const char *kind_of(mode_t mode) {
  return S_ISFIFO(mode) ? "a FIFO" : S_ISCHR(mode) ? "a character device"
         : S_ISBLK(mode) ? "a block device" : S_ISSOCK(mode) ? "a socket" : "not a file";
}

/* A FIFO, a device or a socket (or a link to one) is not read: it may block
 * forever (a FIFO no one writes) or never end (/dev/zero). Named on the
 * command line it is an error; found in a walk it is skipped, and said.
 * Either way it is an input not judged: exit status 3, never a pass
 * (docs/conformance.md). */
static int not_regular(check_t *c, const char *path, mode_t mode, bool top) {
  if (!my_error(c, path)) return 0;
  char why[200];
  if (top)
    snprintf(why, sizeof why, "%s, not a regular file: check reads files and directories "
             "(- for standard input)", kind_of(mode));
  else snprintf(why, sizeof why, "skipped, not judged: %s, not a regular file", kind_of(mode));
  note(c, path, why);
  return 3;
}

static int check_path(game_t *g, check_t *c, const char *path, bool top, unsigned char type) {
  struct stat sb;
  /* a regular file as the walk's readdir says (no link, no directory) needs
   * no stat here: the processes open it (2,000 files were 4,000 stat calls
   * in the parent, one after the other, before any was judged) */
  bool asked = top || type != DT_REG, named = asked && strcmp(path, "-") != 0;
  /* inside a walk, links to directories are not followed: no loops */
  if (asked && !top && lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode) && stat(path, &sb) == 0 &&
      S_ISDIR(sb.st_mode))
    return 0;
  if (named && stat(path, &sb) != 0) {
    if (!my_error(c, path)) return 0;
    note(c, path, strerror(errno));
    return 3;
  }
  if (named && S_ISDIR(sb.st_mode)) return check_dir(g, c, path);
  if (!top && !has_suffix(path, ".cgr")) return 0;
  if (named && !S_ISREG(sb.st_mode)) return not_regular(c, path, sb.st_mode, top);
  if (c->pool) return found(c, path);
  char why[128];
  bool ok = c->opt->shard ? parts_shard(path, c->opt->shard, check_part, c, why, sizeof why)
                          : run_file(g, path, why, sizeof why);
  if (!ok) {
    note(c, path, why);
    return 3;
  }
  return 0;
}

static void add_key(const char *path, const char *dflt, void *ctx) {
  (void)dflt;
  check_t *c = ctx;
  if (c->nkeys == c->keys_cap) {
    int cap = c->keys_cap ? 2 * c->keys_cap : 128;
    char **grown = realloc(c->keys, (size_t)cap * sizeof *grown);
    if (!grown) out_of_memory("check --coverage");
    c->keys = grown;
    c->keys_cap = cap;
  }
  if (!(c->keys[c->nkeys++] = strdup(path))) out_of_memory("check --coverage");
}

static void free_coverage(check_t *c) {
  for (int v = 0; v < c->ncov; v++) {
    free(c->cov[v].name);
    free(c->cov[v].key);
  }
  free(c->cov);
  for (int k = 0; k < c->nkeys; k++) free(c->keys[k]);
  free(c->keys);
}

static int rule_key_of(const char *name) {
  for (int k = RK_NONE + 1; k < RK_COUNT; k++)
    if (strcmp(rule_key_name((rule_key_t)k), name) == 0) return k;
  return -1;
}

/* "—" where the ruleset has the rule switched off. */
static void print_relied(const variant_cov_t *cv, const char *key, FILE *out) {
  char parent[128]; /* a field of a list entry counts with its list */
  snprintf(parent, sizeof parent, "%s", key);
  int k = rule_key_of(parent);
  for (char *dot; k < 0 && (dot = strrchr(parent, '.')) != NULL; k = rule_key_of(parent))
    *dot = '\0';
  if (k < 0 || !cv->active[k]) fputs("—", out);
  else fprintf(out, "%u", cv->relied[k]);
}

/* The coverage report: per variant, records per verdict code; per ruleset
 * key, the legal records that relied on the rule and the illegal records
 * whose verdict names it (or a key below it). */
static void print_coverage(const check_t *c, FILE *out) {
  fprintf(out, "# Corpus coverage\n\nRecords whose verdict matched their expectation, per "
               "variant. For each ruleset key: the legal records that relied on the rule (a "
               "check passed on it, or a score used it; — where the ruleset switches the rule "
               "off) and the illegal records whose verdict names it.\n");
  for (int v = 0; v < c->ncov; v++) {
    const variant_cov_t *cv = &c->cov[v];
    fputs("\n## ", out);
    report_put(out, cv->name); /* a ruleset file's name: the user's */
    fprintf(out, "\n\n%u record%s, %u legal.\n\n| code | illegal records |\n|---|---|\n",
            cv->records, out_s(cv->records), cv->legal);
    for (int k = 1; k < CODE_COUNT; k++)
      fprintf(out, "| `%s` | %u |\n", code_name((code_t)k), cv->code[k]);
    fprintf(out, "\n| ruleset key | legal records relying on it | illegal records naming it "
                 "|\n|---|---|---|\n");
    for (int k = 0; k < c->nkeys; k++) {
      if (!strchr(c->keys[k], '.')) continue;
      fprintf(out, "| `%s` | ", c->keys[k]);
      print_relied(cv, c->keys[k], out);
      fprintf(out, " | %u |\n", cv->key[k]);
    }
  }
}

/* ---- --jobs ---------------------------------------------------------------- */

static void job_note(void *ctx, const char *file, const char *why) { note(ctx, file, why); }

/* A --jobs process's coverage of a ruleset, to the parent (take_block). */
static void send_coverage(check_t *c, const variant_cov_t *cv) {
  size_t fixed = offsetof(variant_cov_t, name), keys = (size_t)c->nkeys * sizeof *cv->key;
  size_t name = strlen(cv->name) + 1;
  char *buf = malloc(fixed + keys + name);
  if (!buf) out_of_memory("check --coverage");
  memcpy(buf, cv, fixed);
  memcpy(buf + fixed, cv->key, keys);
  memcpy(buf + fixed + keys, cv->name, name);
  relay_block(jobs_side(), 'C', buf, fixed + keys + name);
  free(buf);
}

/* In a --jobs process: the files or the part in c->job, its results (and
 * its coverage) to the parent. */
static int check_task(void *p) {
  check_t *c = p;
  c->pool = NULL;
  c->records = 0;
  c->results.passed = c->results.failed = 0;
  for (int v = 0; v < c->ncov; v++) { /* the parent's counts so far are its own */
    free(c->cov[v].name);
    free(c->cov[v].key);
  }
  c->ncov = 0;
  int s = parts_judge(&c->job, c->g, c->reader, job_note, c);
  for (int v = 0; v < c->ncov && c->opt->coverage; v++) send_coverage(c, &c->cov[v]);
  return s ? s : c->results.failed ? 1 : 0;
}

/* check_task for a task given as bytes (parts_take), in a worker or in the
 * parent itself (jobs_here): what the run has counted so far is set aside,
 * and the task's own counts go to the parent as a worker's do. */
static int check_work(void *p, const void *msg, size_t len, int fd) {
  check_t *c = p, kept = *c;
  c->cov = NULL;
  c->ncov = c->cov_cap = 0;
  int s = parts_take(&c->job, msg, len, fd) ? check_task(c) : 3;
  for (int v = 0; v < c->ncov; v++) {
    free(c->cov[v].name);
    free(c->cov[v].key);
  }
  free(c->cov);
  c->cov = kept.cov;
  c->ncov = kept.ncov;
  c->cov_cap = kept.cov_cap;
  c->pool = kept.pool;
  c->records = kept.records;
  c->results.passed = kept.results.passed;
  c->results.failed = kept.results.failed;
  c->job = kept.job;
  return s;
}

static void take_result(void *ctx, const result_t *r) {
  check_t *c = ctx;
  results_add(&c->results, r);
}

/* A process's coverage of a variant, added to the run's: its counts as they
 * lie before `name`, then key[nkeys], then the name and its NUL (both
 * processes have the same keys: one program). */
static void take_block(void *ctx, char kind, const void *data, size_t len) {
  check_t *c = ctx;
  const char *bytes = data;
  size_t fixed = offsetof(variant_cov_t, name), keys = (size_t)c->nkeys * sizeof(unsigned);
  if (kind != 'C' || len <= fixed + keys || bytes[len - 1] != '\0') return;
  variant_cov_t v;
  memcpy(&v, bytes, fixed);
  variant_cov_t *cv = cov_of(c, bytes + fixed + keys, NULL, v.active);
  cv->records += v.records;
  cv->legal += v.legal;
  for (int k = 0; k < CODE_COUNT; k++) cv->code[k] += v.code[k];
  for (int k = 0; k < RK_COUNT; k++) cv->relied[k] += v.relied[k];
  for (int k = 0; k < c->nkeys; k++) {
    unsigned n;
    memcpy(&n, bytes + fixed + (size_t)k * sizeof n, sizeof n);
    cv->key[k] += n;
  }
}

static void take_side(void *ctx, FILE *side, unsigned long long len) {
  relay_sink_t sink = {take_result, take_block, ctx};
  relay_take(side, len, &sink);
}

/* A file the walk found, for the processes. */
static int found(check_t *c, const char *path) {
  if (c->nfound == c->found_cap) {
    int cap = c->found_cap ? 2 * c->found_cap : 256;
    char **grown = realloc(c->found, sizeof *grown * (size_t)cap);
    if (!grown) return 3;
    c->found = grown;
    c->found_cap = cap;
  }
  if (!(c->found[c->nfound] = strdup(path))) return 3;
  c->nfound++;
  return 0;
}

/* The files found so far, judged and printed in their order. */
static int settle(check_t *c) {
  if (!c->pool || c->nfound == 0) return 0;
  int s = parts_jobs(c->nfound, c->found, PART_AUTO, c->opt->jobs, c->pool, check_task, c,
                     &c->job);
  jobs_drain(c->pool);
  for (int i = 0; i < c->nfound; i++) free(c->found[i]);
  c->nfound = 0;
  if (s > c->jobs_status) c->jobs_status = s;
  return s;
}

/* --jobs: the pool (and what every process shares: the reader, its patterns
 * compiled) before the walk; NULL without memory. */
static jobs_t *start_jobs(check_t *c) {
  const check_options_t *opt = c->opt;
  if (!run_ready() || !(c->reader = cgr_open_lines())) return NULL;
  jobs_t *pool = jobs_new(opt->jobs, !opt->json || opt->coverage ? take_side : NULL, c);
  if (pool) jobs_set_work(pool, check_work, c);
  return pool;
}

/* --jobs: the last files, and the status and records of the processes. */
static int finish_jobs(check_t *c, int status) {
  settle(c);
  job_counts_t totals = {0};
  int s = jobs_finish(c->pool, &totals);
  c->pool = NULL;
  free(c->found);
  c->records += totals.records;
  if (c->jobs_status > s) s = c->jobs_status;
  return s > status ? s : status;
}

int check_paths(int npaths, char *const paths[], const char *forced_rules,
                const check_options_t *opt, FILE *out) {
  check_t c;
  memset(&c, 0, sizeof c);
  c.out = out;
  c.opt = opt;
  if (opt->junit && !out_may_write("--junit", opt->junit, paths, npaths)) return 3;
  rs_schema_keys(add_key, &c);
  if (!results_begin(&c.results, out, opt->tap && !opt->json, opt->junit && !opt->json)) {
    out_say("referee: cannot open a temporary file for the JUnit report");
    return 3;
  }
  game_t *g = c.g = game_new(forced_rules, on_record, &c);
  c.reader = opt->shard ? cgr_open_lines() : NULL;
  if (g && opt->jobs > 1 && !opt->shard) c.pool = start_jobs(&c);
  if (!g || (opt->shard && !c.reader) || (opt->jobs > 1 && !opt->shard && !c.pool))
    out_of_memory("the game driver");
  interrupt_watch(g);
  int status = 0;
  for (int i = 0; i < npaths; i++) {
    int s = check_path(g, &c, paths[i], true, DT_UNKNOWN);
    if (s > status) status = s;
  }
  if (c.pool) status = finish_jobs(&c, status);
  game_free(g);
  cgr_close(c.reader);
  if (!opt->json) results_end(&c.results);
  /* nothing judged is no success: a shard may hold no record, merge counts them */
  if (opt->shard && opt->json) shard_close(out, opt->shard);
  if (!opt->shard && c.records == 0 && status == 0) {
    out_say("referee: no records: nothing was checked");
    status = 3;
  }
  if (opt->coverage) print_coverage(&c, opt->coverage_out ? opt->coverage_out : out);
  int s = results_junit(&c.results, opt->junit);
  if (s > status) status = s;
  free_coverage(&c);
  if (status) return status;
  return c.results.failed ? 1 : 0;
}
