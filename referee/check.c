/* check.c — the conformance mode. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "game.h"
#include "run.h"

typedef struct {
  FILE *out;
  unsigned passed, failed;
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

static void describe_got(const record_t *r, char *buf, size_t len) {
  const verdict_t *v = &r->verdict;
  if (r->ruleset_error) snprintf(buf, len, "a ruleset error: %s: %s", v->text, v->message);
  else if (v->status == VERDICT_LEGAL) snprintf(buf, len, "legal");
  else if (v->status == VERDICT_ILLEGAL)
    snprintf(buf, len, "illegal %s %u:%u (%s)", code_name(v->code), v->line, v->col, v->message);
  else snprintf(buf, len, "malformed %u:%u (%s)", v->line, v->col, v->message);
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

static void on_record(const record_t *r, void *ctx) {
  check_t *c = ctx;
  if (matches(r)) {
    c->passed++;
    return;
  }
  c->failed++;
  char want[160], got[1200];
  describe_got(r, got, sizeof got);
  if (!r->has_expect) {
    fprintf(c->out, "%s:%u: FAIL: record %d has no \"# expect:\" line; got %s\n", r->file,
            r->start_line, r->index, got);
    return;
  }
  describe_expect(r, want, sizeof want);
  fprintf(c->out, "%s:%u: FAIL: expected %s, got %s\n", r->file, r->expect_at, want, got);
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool has_suffix(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && strcmp(s + n - k, suffix) == 0;
}

static int check_path(game_t *g, check_t *c, const char *path, bool top);

static int check_dir(game_t *g, check_t *c, const char *path) {
  DIR *d = opendir(path);
  if (!d) {
    fprintf(c->out, "%s: cannot read the directory\n", path);
    return 3;
  }
  char **names = NULL;
  size_t n = 0, cap = 0;
  struct dirent *de;
  while ((de = readdir(d)) != NULL) {
    if (de->d_name[0] == '.') continue;
    if (n == cap) {
      cap = cap ? 2 * cap : 64;
      char **grown = realloc(names, cap * sizeof *names);
      if (!grown) break;
      names = grown;
    }
    size_t len = strlen(path) + strlen(de->d_name) + 2;
    names[n] = malloc(len);
    if (!names[n]) break;
    snprintf(names[n++], len, "%s/%s", path, de->d_name);
  }
  closedir(d);
  qsort(names, n, sizeof *names, by_name);
  int status = 0;
  for (size_t i = 0; i < n; i++) {
    int s = check_path(g, c, names[i], false);
    if (s > status) status = s;
    free(names[i]);
  }
  free(names);
  return status;
}

static int check_path(game_t *g, check_t *c, const char *path, bool top) {
  struct stat sb;
  /* inside a walk, links to directories are not followed: no loops */
  if (!top && lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode) && stat(path, &sb) == 0 &&
      S_ISDIR(sb.st_mode))
    return 0;
  if (strcmp(path, "-") != 0 && stat(path, &sb) != 0) {
    fprintf(c->out, "%s: cannot read: no such file or directory\n", path);
    return 3;
  }
  if (strcmp(path, "-") != 0 && S_ISDIR(sb.st_mode)) return check_dir(g, c, path);
  if (!top && !has_suffix(path, ".cgr")) return 0;
  char why[128];
  if (!run_file(g, path, why, sizeof why)) {
    fprintf(c->out, "%s: cannot read: %s\n", path, why);
    return 3;
  }
  return 0;
}

int check_paths(int npaths, char *const paths[], const char *forced_rules, FILE *out) {
  check_t c = {out, 0, 0};
  game_t *g = game_new(forced_rules, on_record, &c);
  if (!g) return 3;
  int status = 0;
  for (int i = 0; i < npaths; i++) {
    int s = check_path(g, &c, paths[i], true);
    if (s > status) status = s;
  }
  game_free(g);
  fprintf(out, "%u passed, %u failed\n", c.passed, c.failed);
  if (status) return status;
  return c.failed ? 1 : 0;
}
