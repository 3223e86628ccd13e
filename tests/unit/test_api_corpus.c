/* Every corpus record replayed line by line through the embedding API and
 * held against the command's own verdict (`referee --json`): the same
 * status, code, line and column at the end, nothing refuted before the line
 * the verdict is charged to, a malformed line refuted when it is fed, the
 * same totals for a legal record. The command reads the file whole; the API
 * is fed the record one line at a time, as a game server would.
 *
 * A record is fed alone, in a game of its own: the file is cut where the
 * command itself cuts it into records (cgr_split.h). Where the cutter
 * cannot part two records (a record whose first line is not clean), they
 * are counted and named on stderr, not fed. Only calls of the first
 * referee.h are used, so that this test also runs against the library of
 * 8e9e80a (where it fails: a malformed line came out at the next line). */
#define _XOPEN_SOURCE 700
#include "api_corpus.h"

#include <criterion/criterion.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cgr_split.h"
#include "json.h"

/* ---- the files ---------------------------------------------------------- */

static char **paths;
static size_t npaths;

static int note_path(const char *path, const struct stat *sb, int type, struct FTW *ftw) {
  (void)sb;
  (void)ftw;
  size_t n = strlen(path);
  if (type == FTW_F && n > 4 && strcmp(path + n - 4, ".cgr") == 0) {
    paths = realloc(paths, (npaths + 1) * sizeof *paths);
    paths[npaths++] = strdup(path);
  }
  return 0;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *read_all(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  cr_assert_not_null(f, "cannot open %s", path);
  size_t cap = 1 << 16, n = 0, got;
  char *buf = malloc(cap + 1);
  while ((got = fread(buf + n, 1, cap - n, f)) > 0)
    if ((n += got) == cap) buf = realloc(buf, (cap *= 2) + 1);
  fclose(f);
  buf[n] = '\0';
  *len = n;
  return buf;
}

/* The file's lines, cut in place at each LF (a last line without one
 * counts), as the command numbers them. */
static char **split_lines(char *text, size_t len, unsigned *n) {
  char **lines = malloc((len + 2) * sizeof *lines);
  *n = 0;
  for (char *p = text; p < text + len;) {
    char *nl = memchr(p, '\n', (size_t)(text + len - p));
    lines[(*n)++] = p;
    if (!nl) break;
    *nl = '\0';
    p = nl + 1;
  }
  return lines;
}

/* ---- the command's verdicts ------------------------------------------------ */

typedef struct {
  api_record_t *recs;
  int n;
} verdicts_t;

static unsigned number(const char *json, const char *key) {
  const char *v;
  size_t len;
  return json_member(json, key, &v, &len) ? (unsigned)strtoul(v, NULL, 10) : 0;
}

static void read_verdict(const char *line, api_record_t *r) {
  memset(r, 0, sizeof *r);
  r->json = strdup(line);
  r->record = (int)number(line, "record");
  char verdict[32] = "";
  const char *v;
  size_t len;
  cr_assert(json_member(line, "verdict", &v, &len) &&
                json_unescape(v, len, verdict, sizeof verdict),
            "no verdict in %s", line);
  r->status = strcmp(verdict, "legal") == 0       ? REFEREE_LEGAL
              : strcmp(verdict, "illegal") == 0   ? REFEREE_ILLEGAL
              : strcmp(verdict, "malformed") == 0 ? REFEREE_MALFORMED
                                                  : REFEREE_ERROR;
  if (json_member(line, "code", &v, &len)) json_unescape(v, len, r->code, sizeof r->code);
  r->line = number(line, "line");
  r->col = number(line, "col");
}

/* The verdicts of every file, from one run of the command over them all
 * (a process per file would take most of the test's time). */
static verdicts_t *read_verdicts(void) {
  size_t cap = 64, used = 0;
  char *cmd = malloc(cap);
  used += (size_t)snprintf(cmd, cap, "'%s' --json", REFEREE_BIN);
  for (size_t f = 0; f < npaths; f++) {
    size_t need = used + strlen(paths[f]) + 4;
    if (need >= cap) cmd = realloc(cmd, cap = 2 * need);
    used += (size_t)snprintf(cmd + used, cap - used, " '%s'", paths[f]);
  }
  FILE *p = popen(cmd, "r");
  cr_assert_not_null(p);
  verdicts_t *all = calloc(npaths, sizeof *all);
  char *line = NULL, file[1024];
  size_t lcap = 0, f = 0;
  while (getline(&line, &lcap, p) > 0) {
    const char *v;
    size_t len;
    cr_assert(json_member(line, "file", &v, &len) && json_unescape(v, len, file, sizeof file));
    while (f < npaths && strcmp(paths[f], file) != 0) f++;
    cr_assert_lt(f, npaths, "a verdict for %s, out of order", file);
    verdicts_t *out = &all[f];
    out->recs = realloc(out->recs, (size_t)(out->n + 1) * sizeof *out->recs);
    api_record_t *r = &out->recs[out->n++];
    read_verdict(line, r);
    r->file = paths[f];
    cr_assert_eq(r->record, out->n, "%s: records out of order", file);
  }
  free(line);
  free(cmd);
  pclose(p);
  return all;
}

/* ---- the records, cut as the command cuts them ---------------------------- */

typedef struct {
  unsigned first, next_cgr; /* first line; the `cgr` line that closes it (0: the end) */
  int before, records;
} part_t;

static int cut_parts(const char *path, int nrecords, part_t **out) {
  int fd = open(path, O_RDONLY);
  cr_assert(fd >= 0);
  cgr_split_t *s = cgr_split_open(fd, 0, (size_t)1 << 26);
  cr_assert_not_null(s);
  int n = 0;
  cgr_part_t p;
  int rc;
  *out = NULL;
  while ((rc = cgr_split_next(s, &p)) == 1) {
    *out = realloc(*out, (size_t)(n + 1) * sizeof **out);
    (*out)[n++] = (part_t){p.first_line, p.last || p.rest ? 0 : p.next_line, p.records_before, 0};
    if (p.rest) break; /* the rest of the file is one part */
  }
  cr_assert_neq(rc, -1, "%s: %s", path, cgr_split_why(s));
  cgr_split_close(s);
  close(fd);
  for (int i = 0; i < n; i++)
    (*out)[i].records = (i + 1 < n ? (*out)[i + 1].before : nrecords) - (*out)[i].before;
  return n;
}

int api_corpus_walk(api_record_fn fn, void *ctx, int *alone) {
  char root[512], here[1024];
  snprintf(root, sizeof root, "%s/corpus", SOURCE_DIR);
  npaths = 0;
  cr_assert_eq(nftw(root, note_path, 16, FTW_PHYS), 0);
  qsort(paths, npaths, sizeof *paths, by_name);
  cr_assert_not_null(getcwd(here, sizeof here));
  verdicts_t *all = read_verdicts();
  int total = 0;
  *alone = 0;
  for (size_t f = 0; f < npaths; f++) {
    verdicts_t v = all[f];
    size_t len;
    char *text = read_all(paths[f], &len);
    unsigned nlines;
    char **lines = split_lines(text, len, &nlines);
    part_t *parts;
    int nparts = cut_parts(paths[f], v.n, &parts);
    const char **feed = malloc((nlines + 1) * sizeof *feed);
    char *dir = strdup(paths[f]);
    *strrchr(dir, '/') = '\0';
    cr_assert_eq(chdir(dir), 0);
    for (int i = 0; i < nparts; i++) {
      const part_t *p = &parts[i];
      if (p->records == 0) continue; /* lines of no record */
      if (p->records > 1) {
        fprintf(stderr, "api corpus: %s: records %d to %d not fed alone: the command cannot "
                        "part them either (one part from line %u)\n",
                paths[f], p->before + 1, p->before + p->records, p->first);
        continue;
      }
      unsigned end = i + 1 < nparts ? parts[i + 1].first : nlines + 1;
      unsigned upto = p->next_cgr ? p->next_cgr - 1 : nlines;
      for (unsigned k = 1; k <= upto; k++)
        feed[k - 1] = k >= p->first && k < end ? lines[k - 1] : "";
      api_record_t rec = v.recs[p->before];
      rec.lines = feed;
      rec.nlines = upto;
      fn(&rec, ctx);
      ++*alone;
    }
    cr_assert_eq(chdir(here), 0);
    total += v.n;
    for (int i = 0; i < v.n; i++) free((char *)v.recs[i].json);
    free(v.recs);
    free(dir);
    free(feed);
    free(parts);
    free(lines);
    free(text);
  }
  for (size_t f = 0; f < npaths; f++) free(paths[f]);
  free(all);
  free(paths);
  paths = NULL;
  return total;
}

referee_game_t *api_corpus_feed(const api_record_t *rec, referee_status_t **at) {
  referee_game_t *g = referee_game_new(NULL);
  cr_assert_not_null(g);
  *at = malloc((rec->nlines + 1) * sizeof **at);
  for (unsigned i = 0; i < rec->nlines; i++) (*at)[i] = referee_game_line(g, rec->lines[i]);
  (*at)[rec->nlines] = referee_game_finish(g);
  return g;
}

/* ---- the test ---------------------------------------------------------- */

/* A legal record's totals, team by team, as the command printed them. */
static void same_totals(const api_record_t *rec, const referee_game_t *g) {
  const char *v;
  size_t len;
  cr_assert(json_member(rec->json, "totals", &v, &len), "%s: no totals", rec->file);
  for (int t = 0; t < referee_game_teams(g); t++) {
    char key[96];
    snprintf(key, sizeof key, "\"%s\":", referee_game_team_name(g, t));
    const char *at = strstr(v, key);
    cr_assert(at && at < v + len, "%s: team %s not in %.*s", rec->file, key, (int)len, v);
    long want = strtol(at + strlen(key), NULL, 10);
    cr_assert_eq(referee_game_total(g, t), want, "%s: %s %ld, the command %ld", rec->file, key,
                 referee_game_total(g, t), want);
  }
}

static void check_record(const api_record_t *rec, void *ctx) {
  int *checked = ctx;
  referee_status_t *at;
  referee_game_t *g = api_corpus_feed(rec, &at);
  referee_verdict_t v = referee_game_verdict(g);
  const char *where = rec->file;
  cr_assert_eq(v.status, rec->status, "%s #%d: the API says %d (%u:%u %s), the command %d",
               where, rec->record, v.status, v.line, v.col, v.message, rec->status);
  cr_assert_str_eq(v.code ? v.code : "", rec->code, "%s #%d: code", where, rec->record);
  cr_assert(v.line == rec->line && v.col == rec->col,
            "%s #%d: the API says %u:%u, the command %u:%u", where, rec->record, v.line, v.col,
            rec->line, rec->col);
  /* each line's status: legal up to the line charged, then the verdict
   * once found, never before the line it is charged to */
  unsigned turned = rec->nlines + 1;
  for (unsigned i = 0; i <= rec->nlines; i++)
    if (at[i] != REFEREE_LEGAL) {
      turned = i + 1;
      break;
    }
  for (unsigned i = turned - 1; i <= rec->nlines; i++)
    cr_assert_eq(at[i], rec->status, "%s #%d: line %u says %d", where, rec->record, i + 1, at[i]);
  if (rec->status != REFEREE_LEGAL)
    cr_assert_geq(turned, rec->line, "%s #%d: refuted at line %u, before line %u", where,
                  rec->record, turned, rec->line);
  /* a malformed line is refuted when it is fed (a record that ends before
   * its first hand, or holds none, is malformed at the line after it) */
  if (rec->status == REFEREE_MALFORMED)
    cr_assert_eq(turned, rec->line, "%s #%d: malformed at line %u, refuted at line %u", where,
                 rec->record, rec->line, turned);
  if (rec->status == REFEREE_LEGAL) same_totals(rec, g);
  free(at);
  referee_game_free(g);
  ++*checked;
}

Test(api_corpus, every_record_fed_line_by_line_gets_the_commands_verdict, .timeout = 120) {
  int checked = 0, alone;
  int total = api_corpus_walk(check_record, &checked, &alone);
  fprintf(stderr, "api corpus: %d records, %d fed alone and checked, %d not fed\n", total,
          checked, total - alone);
  cr_assert_gt(total, 300, "the corpus was not read");
  cr_assert_eq(checked, alone);
  /* what is not fed is said above, and only ever a few */
  cr_assert_leq(total - alone, 4);
}
