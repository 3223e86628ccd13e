/* fuzz_check.c — libFuzzer harness for the conformance mode
 * (referee/batch/check.c: check_paths, with --json, --tap, --junit,
 * --coverage, --shard) merged back by referee merge, and for the embedding
 * API (referee/api/api.c), both held to the game driver's verdicts.
 *
 * The input: 8 parameter bytes, then record text. The text's pieces (split
 * at NUL bytes; a text without one is cut in two at line p2, unless p2 is 0)
 * are written as files 00.cgr, 01.cgr... of a temporary directory d/ (every
 * other one in d/sub/ with p0 bit 4), with a file skip.txt (no .cgr: a walk
 * skips it).
 *   p0  bit 0 --tap; bit 2 --coverage; bit 3 every record judged by the
 *       classic rules (--rules classic; the API: referee_rules_load); bit 5
 *       the files given one by one rather than the directory; bit 6
 *       --junit F; bit 7 the API fed actions as structs where a line allows
 *       (bit 1: the third word as the struct's ref)
 *   p1  the number of shards, 1 + p1 % 4
 *   p2  where a text without a NUL is cut in two (0: not cut)
 *
 * Invariants:
 *   1. check_paths --json prints one result per record the driver judges
 *      (run_file on each file, in the walk's order: names sorted, .cgr
 *      only, subdirectories walked), each with the record's file, number,
 *      first line, the line its failure is reported at, and "ok" true
 *      exactly when the record's verdict matches its "# expect:" line (same
 *      status; for illegal the same code, line and column; for malformed
 *      the same line and column; no ruleset error); every line a JSON
 *      object. Which expect line is the record's, "at" and "ok" are the
 *      oracle's below, read from the file's text as docs/format.md says,
 *      not the driver's own record fields;
 *   2. check_paths without --json (failure lines or TAP, p0 bit 0) ends with
 *      the counts of those results, and exits 0 when all passed, 1 when
 *      some failed (3 when nothing was judged);
 *   3. the check --json output of each of N shards (--shard K/N), merged by
 *      merge_main (with --tap and --junit F as check had them), prints what
 *      the one check run printed, writes the same JUnit file, and exits the
 *      same; the unsharded check --json output (no closing line) is refused;
 *   4. for each file holding one record (whose lines hold no CR, no NUL and
 *      no byte-order mark, which a file's reader and a caller's line read
 *      apart), the API fed its lines one by one (referee_game_line, or
 *      referee_game_action for lines of single-spaced words, p0 bit 7),
 *      then referee_game_finish, gives the driver's verdict: status, code,
 *      line, column (0 for a legal record), message, rule; and the same
 *      hands, teams, totals, winner and end of the match. The accessors
 *      (referee_game_to_act, _hand_size, _team_name, _hand_score) are called
 *      after every line. With --rules classic, referee_rules_name is
 *      "classic", and an unknown name or a missing file does not load (the
 *      error names the unknown name). (Bug 7 of docs/fuzzing.md, found
 *      here: the driver let a second "# expect:" line after a record's first
 *      error replace it, where the API stops at the first; fixed in commit
 *      a60d445.)
 *   5. for each file holding several records, each record's own lines (from
 *      the blank and comment lines just before its `cgr` line to the next
 *      record's), fed alone to the API as in 4, give the verdict the driver
 *      gave it in the file, its line counted from the record's first line
 *      (the message aside: it may name a line): a record's verdict depends
 *      on its own lines only (docs/format.md, Several records in one file).
 *      Files the contract parts otherwise are left (an indented `cgr` line,
 *      anything but comments before the first, two expectations before one
 *      `cgr` line, a ruleset error).
 *
 * Build and run: tests/fuzz/run.sh; see docs/fuzzing.md. */
#define _XOPEN_SOURCE 700
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cgr.h"
#include "check.h"
#include "codes.h"
#include "fuzz_util.h"
#include "game.h"
#include "json.h"
#include "merge.h"
#include "parts.h"
#include "referee.h"
#include "run.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { NPARAMS = 8, MAX_FILES = 8, MAX_RESULTS = 4096, MAX_SHARDS = 4 };

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzz_init("fuzz_check");
  return 0;
}

/* ---- the driver's verdicts -------------------------------------------------- */

typedef struct {
  char file[700];
  int index;
  unsigned start, at;
  bool ok;
  /* for the API */
  int status, nhands, nteams, winner;
  bool over;
  const char *code, *rule;
  unsigned line, col;
  char message[256];
  long total[MAX_TEAMS];
} want_t;

typedef struct {
  want_t *v;
  int n;
} wants_t;

static void on_record(const record_t *r, void *ctx) {
  wants_t *w = ctx;
  if (w->n == MAX_RESULTS) return;
  want_t *x = &w->v[w->n++];
  memset(x, 0, sizeof *x);
  snprintf(x->file, sizeof x->file, "%s", r->file);
  x->index = r->index;
  x->start = r->start_line;
  /* ok and at: the oracle's, from the file's text (below) */
  x->status = record_status(r);
  x->code = r->verdict.status == VERDICT_ILLEGAL ? code_name(r->verdict.code) : NULL;
  x->rule = rule_key_name(r->verdict.rule);
  x->line = r->verdict.line;
  x->col = r->verdict.col;
  if (r->verdict.status == VERDICT_LEGAL && !r->ruleset_error) x->line = x->col = 0;
  snprintf(x->message, sizeof x->message, "%s", r->verdict.message);
  x->nhands = r->nhands;
  x->nteams = r->nteams;
  x->winner = r->winner;
  x->over = r->game_over;
  for (int t = 0; t < r->nteams && t < MAX_TEAMS; t++) x->total[t] = r->total[t];
}

/* ---- the oracle: "# expect:" lines as docs/format.md states them ---------------
 * Written from format.md ("Expectations: # expect: lines" and the grammar's
 * comment and expect lines), not from check.c or the readers: which record an
 * expect line belongs to, the line a result is reported at, and whether the
 * driver's verdict meets the expectation. */

static bool blank_char(char c) { return c == ' ' || c == '\t'; }

/* A comment line: blanks, "#", then nothing or a character other than a
 * digit ("#2" is a meld reference). *text: what follows "#" and blanks. */
static bool comment_line(const char *s, size_t n, const char **text, size_t *tn) {
  size_t i = 0;
  while (i < n && blank_char(s[i])) i++;
  if (i == n || s[i] != '#' || (i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9')) return false;
  for (i++; i < n && blank_char(s[i]);) i++;
  *text = s + i;
  *tn = n - i;
  return true;
}

static bool blank_line(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!blank_char(s[i])) return false;
  return true;
}

static bool expect_line(const char *s, size_t n) {
  const char *t;
  size_t tn;
  return comment_line(s, n, &t, &tn) && tn >= 7 && memcmp(t, "expect:", 7) == 0;
}

/* The words of an expect line after "expect:" (blanks between); 5 when
 * there are more than four or one is too long for any expectation. */
static int expect_words(const char *t, size_t n, char w[4][64]) {
  int k = 0;
  for (size_t i = 7; i < n;) {
    while (i < n && blank_char(t[i])) i++;
    size_t j = i;
    while (j < n && !blank_char(t[j])) j++;
    if (j == i) break;
    if (k == 4 || j - i >= 64) return 5;
    memcpy(w[k], t + i, j - i);
    w[k++][j - i] = '\0';
    i = j;
  }
  return k;
}

static bool position(const char *p, unsigned *line, unsigned *col) {
  char tail;
  /* LINE:COL, each of 1 to 9 digits (format.md's grammar: a longer number is
   * no position, and the line no expectation) */
  size_t a = strspn(p, "0123456789"), b = p[a] == ':' ? strspn(p + a + 1, "0123456789") : 0;
  return a >= 1 && a <= 9 && b >= 1 && b <= 9 && p[a + 1 + b] == '\0' &&
         sscanf(p, "%u:%u%c", line, col, &tail) == 2;
}

/* An expect line's expectation: 0 legal, 1 illegal CODE LINE:COL, 2
 * malformed LINE:COL; -1 for any other text, or a code codes.md does not
 * name — not an expectation but a malformed line. */
static int expectation(const char *s, size_t n, char code[64], unsigned *line, unsigned *col) {
  const char *t = s;
  size_t tn = 0;
  char w[4][64];
  comment_line(s, n, &t, &tn);
  int k = expect_words(t, tn, w);
  if (k == 1 && strcmp(w[0], "legal") == 0) return 0;
  if (k == 3 && strcmp(w[0], "illegal") == 0 && position(w[2], line, col) &&
      code_parse(w[1]) != CODE_NONE) {
    snprintf(code, 64, "%s", w[1]);
    return 1;
  }
  if (k == 2 && strcmp(w[0], "malformed") == 0 && position(w[1], line, col)) return 2;
  return -1;
}

/* Whether the verdict meets the expectation: the same status; for illegal
 * the same code and position; for malformed the same position. */
static bool met(int form, const char *code, unsigned line, unsigned col, const want_t *x) {
  if (form == 0) return x->status == 0;
  if (form == 1)
    return x->status == 1 && x->code && strcmp(x->code, code) == 0 && x->line == line &&
           x->col == col;
  return x->status == 2 && x->line == line && x->col == col;
}

/* The line of the next statement after `p` (neither blank nor a comment),
 * numbered from `no`; 0 when none follows. */
static unsigned next_statement(const char *p, const char *end, unsigned no) {
  const char *t;
  size_t tn;
  for (; p < end; no++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = (size_t)((nl ? nl : end) - p);
    n -= n && p[n - 1] == '\r'; /* eol: [CR] LF */
    if (!blank_line(p, n) && !comment_line(p, n, &t, &tn)) return no;
    p = nl ? nl + 1 : end;
  }
  return 0;
}

/* Sets ok and at of the file's records x[0..n): an expect line belongs to the
 * record of the next statement when that statement is a record's first line,
 * else to the record it stands in (the lines before a file's first record
 * belong to it). A record is reported at its first expect line that states
 * an expectation, or at its first line without one, and passes when that
 * expectation is met (a second one, or an ill-formed one, makes the record
 * malformed: it cannot pass but by an expectation of exactly that). */
static void oracle(const char *text, size_t len, want_t *x, int n) {
  for (int k = 0; k < n; k++) x[k].at = 0, x[k].ok = false;
  if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) text += 3, len -= 3;
  const char *end = text + len;
  unsigned no = 1;
  for (const char *p = text; p < end && n > 0; no++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *e = nl ? nl : end;
    size_t ln = (size_t)(e - p);
    ln -= ln && p[ln - 1] == '\r';
    if (expect_line(p, ln)) {
      int owner = 0;
      for (int k = 0; k < n; k++)
        if (x[k].start <= no) owner = k;
      unsigned next = next_statement(nl ? nl + 1 : end, end, no + 1);
      for (int k = 0; k < n; k++)
        if (next && x[k].start == next) owner = k;
      char code[64];
      unsigned line, col;
      int form = expectation(p, ln, code, &line, &col);
      if (form >= 0 && x[owner].at == 0) {
        x[owner].at = no;
        x[owner].ok = met(form, code, line, col, &x[owner]);
      }
    }
    p = nl ? nl + 1 : end;
  }
  for (int k = 0; k < n; k++)
    if (x[k].at == 0) x[k].at = x[k].start;
}

/* ---- the files ------------------------------------------------------------------ */

typedef struct {
  char path[700];
  const char *text;
  size_t len;
  bool in_walk_order; /* set by sorting */
} file_t;

static int by_path(const void *a, const void *b) {
  return strcmp(((const file_t *)a)->path, ((const file_t *)b)->path);
}

/* ---- 1, 2 ----------------------------------------------------------------------- */

static char *run_check(int npaths, char **paths, const char *rules, check_options_t *opt,
                       int *rc, size_t *len) {
  char *out = NULL;
  FILE *m = open_memstream(&out, len);
  fuzz_quiet(true);
  *rc = check_paths(npaths, paths, rules, opt, m);
  fuzz_quiet(false);
  fclose(m);
  return out;
}

static char *member_string(const char *line, const char *key) {
  const char *v;
  size_t n;
  FUZZ_ASSERT(json_member(line, key, &v, &n), "no \"%s\" in %.200s", key, line);
  char *s = malloc(n + 8);
  FUZZ_ASSERT(json_unescape(v, n, s, n + 8), "\"%s\" is no string", key);
  return s;
}

static long member_number(const char *line, const char *key) {
  const char *v;
  size_t n;
  FUZZ_ASSERT(json_member(line, key, &v, &n), "no \"%s\" in %.200s", key, line);
  return strtol(v, NULL, 10);
}

static void check_json(char *out, const wants_t *w) {
  int i = 0;
  for (char *line = out, *nl; *line; line = nl + 1, i++) {
    nl = strchr(line, '\n');
    FUZZ_ASSERT(nl != NULL, "check --json: a line without LF");
    *nl = '\0';
    FUZZ_ASSERT(json_valid_object(line), "check --json: not a JSON object: %.200s", line);
    FUZZ_ASSERT(i < w->n, "check --json: more results than the driver's %d records", w->n);
    const want_t *x = &w->v[i];
    char *file = member_string(line, "file");
    const char *v;
    size_t n;
    FUZZ_ASSERT(json_member(line, "ok", &v, &n), "no \"ok\"");
    bool ok = n == 4 && memcmp(v, "true", 4) == 0;
    FUZZ_ASSERT(strcmp(file, x->file) == 0 && member_number(line, "record") == x->index &&
                    member_number(line, "record_line") == x->start &&
                    member_number(line, "at") == x->at && ok == x->ok,
                "check --json result %d is %.300s; the driver's: %s record %d line %u at %u ok %d",
                i, line, x->file, x->index, x->start, x->at, x->ok);
    free(file);
    *nl = '\n';
  }
  FUZZ_ASSERT(i == w->n, "check --json: %d results for the driver's %d records", i, w->n);
}

/* ---- 4: the API ---------------------------------------------------------------- */

/* A line of single-spaced words (at least two): fed as an action struct, it
 * makes the same text. */
static bool plain_words(const char *s, size_t n) {
  if (n == 0 || s[0] == ' ' || s[n - 1] == ' ' || n > 4000) return false;
  size_t spaces = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '\t') return false;
    if (s[i] == ' ' && s[i + 1] == ' ') return false;
    spaces += s[i] == ' ';
  }
  return spaces >= 1 && spaces < 40;
}

/* The line's words as an action struct: PLAYER VERB, then with `ref` the
 * third word as the struct's ref (the meld of `add`), the rest as cards. */
static void feed_action(referee_game_t *g, char *line, bool ref) {
  char *words[48];
  int n = 0;
  for (char *p = strtok(line, " "); p && n < 48; p = strtok(NULL, " ")) words[n++] = p;
  int r = ref && n >= 3 ? 1 : 0;
  referee_action_t a = {words[0], words[1], r ? words[2] : NULL,
                        (const char *const *)(words + 2 + r), (size_t)(n - 2 - r)};
  referee_game_action(g, &a);
}

static void check_api(const char *text, size_t len, const want_t *x, const referee_rules_t *rules,
                      bool actions, bool ref, bool message) {
  if (memchr(text, '\r', len) || memchr(text, '\0', len) ||
      (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0))
    return;
  referee_game_t *g = referee_game_new(rules);
  if (!g) fuzz_fail("referee_game_new failed");
  char *line = malloc(len + 1);
  for (const char *p = text, *end = text + len; p < end;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = (size_t)((nl ? nl : end) - p);
    memcpy(line, p, n);
    line[n] = '\0';
    if (actions && plain_words(line, n)) feed_action(g, line, ref);
    else referee_game_line(g, line);
    p = nl ? nl + 1 : end;
    /* the accessors, on whatever state the game is in */
    const char *who = referee_game_to_act(g);
    if (who) (void)referee_game_hand_size(g, who);
    (void)referee_game_hand_size(g, "Anne");
    for (int t = -1; t <= referee_game_teams(g); t++) {
      (void)referee_game_team_name(g, t);
      (void)referee_game_total(g, t);
      (void)referee_game_hand_score(g, referee_game_hands(g) - 1, t);
    }
  }
  free(line);
  referee_status_t st = referee_game_finish(g);
  referee_verdict_t v = referee_game_verdict(g);
  FUZZ_ASSERT((int)st == x->status && (int)v.status == x->status,
              "%s: the API says %d (%d), the driver %d", x->file, st, v.status, x->status);
  FUZZ_ASSERT((!v.code && !x->code) || (v.code && x->code && strcmp(v.code, x->code) == 0),
              "%s: the API's code %s, the driver's %s", x->file, v.code ? v.code : "-",
              x->code ? x->code : "-");
  FUZZ_ASSERT(v.line == x->line && v.col == x->col,
              "%s: the API says %u:%u, the driver %u:%u", x->file, v.line, v.col, x->line, x->col);
  FUZZ_ASSERT(!message || strcmp(v.message, x->message) == 0, /* 5: it may name a line */
              "%s: the API's message '%s', the driver's '%s'", x->file, v.message, x->message);
  FUZZ_ASSERT((!v.rule && !x->rule) || (v.rule && x->rule && strcmp(v.rule, x->rule) == 0),
              "%s: the API's rule %s, the driver's %s", x->file, v.rule ? v.rule : "-",
              x->rule ? x->rule : "-");
  FUZZ_ASSERT(referee_game_hands(g) == x->nhands && referee_game_teams(g) == x->nteams &&
                  referee_game_winner(g) == x->winner && referee_game_over(g) == x->over,
              "%s: the API's hands, teams, winner or end differ from the driver's", x->file);
  for (int t = 0; t < x->nteams; t++)
    FUZZ_ASSERT(referee_game_total(g, t) == x->total[t], "%s: team %d's total differs", x->file, t);
  referee_game_free(g);
}

/* ---- 5: each record of a file, alone ------------------------------------------ */

static bool blank_or_comment(const char *p, size_t n) {
  size_t i = 0;
  while (i < n && (p[i] == ' ' || p[i] == '\t')) i++;
  return i == n || (p[i] == '#' && !(i + 1 < n && p[i + 1] >= '0' && p[i + 1] <= '9'));
}

static bool expectation_line(const char *p, size_t n) {
  size_t i = 0;
  while (i < n && (p[i] == ' ' || p[i] == '\t')) i++;
  if (i == n || p[i++] != '#') return false;
  while (i < n && (p[i] == ' ' || p[i] == '\t')) i++;
  return n - i >= 7 && memcmp(p + i, "expect:", 7) == 0;
}

/* A line that begins a record: `cgr` at column 1 (well formed or not); an
 * indented one (-1) begins one only when well formed: such a file is left. */
static int record_line(const char *p, size_t n) {
  if (n >= 3 && memcmp(p, "cgr", 3) == 0 && (n == 3 || p[3] == ' ' || p[3] == '\t')) return 1;
  size_t i = 0;
  while (i < n && (p[i] == ' ' || p[i] == '\t')) i++;
  return i > 0 && n - i >= 3 && memcmp(p + i, "cgr", 3) == 0 ? -1 : 0;
}

/* The offsets of the lines of text[0..len), and their count (lines[n] = len). */
static size_t line_starts(const char *text, size_t len, size_t *lines, size_t max) {
  size_t n = 0;
  for (size_t p = 0; p < len && n < max; n++) {
    lines[n] = p;
    const char *nl = memchr(text + p, '\n', len - p);
    p = nl ? (size_t)(nl - text) + 1 : len;
  }
  lines[n] = len;
  return n;
}

/* A file of nrec records, each one's own lines (docs/format.md, Several
 * records in one file: from the blank and comment lines just before its
 * `cgr` line) fed alone to the API, gives the driver's verdict in the file,
 * its line counted from the record's first line. Left: a file with anything
 * but comments before its first `cgr` line, an indented `cgr` line, two
 * expectations before one `cgr` line, or a ruleset error. */
static void check_each_alone(const char *text, size_t len, const want_t *x, int nrec,
                             const referee_rules_t *rules, bool actions, bool ref) {
  enum { MAX_LINES = 4096 };
  static size_t at[MAX_LINES + 1];
  size_t nl = line_starts(text, len, at, MAX_LINES), first[64];
  int n = 0;
  if (nl == MAX_LINES || nrec > 64) return;
  for (size_t i = 0; i < nl; i++) {
    int k = record_line(text + at[i], at[i + 1] - at[i]);
    if (k < 0) return;
    if (k == 0) continue;
    size_t f = i, expects = 0;
    while (f > 0 && blank_or_comment(text + at[f - 1], at[f] - at[f - 1])) f--;
    for (size_t j = f; j < i; j++) expects += expectation_line(text + at[j], at[j + 1] - at[j]);
    if (expects > 1 || n == 64 || (n == 0 && f != 0)) return;
    first[n++] = f;
  }
  if (n != nrec) return;
  for (int r = 0; r < n; r++)
    if (x[r].status == 3) return;
  for (int r = 0; r < n; r++) {
    size_t end = r + 1 < n ? at[first[r + 1]] : len;
    want_t alone = x[r];
    if (alone.line) alone.line -= (unsigned)first[r];
    check_api(text + at[first[r]], end - at[first[r]], &alone, rules, actions, ref, false);
  }
}

/* ---- 3: shards and merge -------------------------------------------------------- */

static int merge_to(int argc, char **argv, const char *capture, char **out) {
  fuzz_quiet(true);
  fuzz_capture_begin(capture);
  int rc = merge_main(argc, argv);
  fuzz_capture_end();
  fuzz_quiet(false);
  size_t n;
  *out = fuzz_read_file(capture, &n);
  return rc;
}

static void same(const char *want, const char *got, const char *what) {
  if (strcmp(want, got) == 0) return;
  size_t i = 0;
  while (want[i] && want[i] == got[i]) i++;
  size_t from = i > 60 ? i - 60 : 0;
  fuzz_fail("%s differs at byte %zu:\n  want ...%.200s\n  got  ...%.200s", what, i, want + from,
            got + from);
}

static void check_merged(const uint8_t *prm, int npaths, char **paths, const char *rules,
                         const char *plain, int plain_rc, const char *junit_want, bool tap,
                         bool junit) {
  int n = 1 + prm[1] % MAX_SHARDS;
  char shard_paths[MAX_SHARDS + 1][700], junit_got[700], cap[700];
  fuzz_path(junit_got, sizeof junit_got, "merged.xml");
  fuzz_path(cap, sizeof cap, "merged.out");
  char *argv[6 + MAX_SHARDS + 1];
  for (int sharded = 0; sharded < 2; sharded++) {
    int count = sharded ? n : 1;
    for (int k = 0; k < count; k++) {
      char name[32], spec[32];
      snprintf(name, sizeof name, "check%d.jsonl", k);
      fuzz_path(shard_paths[k], sizeof shard_paths[k], name);
      shard_t sh;
      snprintf(spec, sizeof spec, "%d/%d", k, n);
      FUZZ_ASSERT(shard_parse(spec, &sh), "shard_parse(%s)", spec);
      check_options_t opt = {NULL, false, false, NULL, true, sharded ? &sh : NULL, 1};
      int rc;
      size_t len;
      char *out = run_check(npaths, paths, rules, &opt, &rc, &len);
      fuzz_write_file(shard_paths[k], out, len);
      free(out);
    }
    int argc = 0;
    argv[argc++] = "referee";
    argv[argc++] = "merge";
    if (tap) argv[argc++] = "--tap";
    if (junit) argv[argc++] = "--junit", argv[argc++] = junit_got;
    for (int k = 0; k < count; k++) argv[argc++] = shard_paths[k];
    char *merged;
    int rc = merge_to(argc, argv, cap, &merged);
    /* an output without a closing line (not --shard) is not known whole: refused */
    FUZZ_ASSERT(sharded || rc == 3, "merge of the check --json output (no closing line): exit %d",
                rc);
    if (sharded) same(plain, merged, "merge of the check --json --shard outputs");
    FUZZ_ASSERT(!sharded || rc == plain_rc, "merge exits %d, check %d", rc, plain_rc);
    free(merged);
    if (junit && sharded) {
      size_t len;
      char *got = fuzz_read_file(junit_got, &len);
      same(junit_want, got, "merge's JUnit report");
      free(got);
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < NPARAMS) return 0;
  const uint8_t *prm = data;
  size_t len = size - NPARAMS;
  const char *text = (const char *)data + NPARAMS;
  bool tap = prm[0] & 1, coverage = prm[0] & 4, junit = prm[0] & 64;
  const char *rules = prm[0] & 8 ? "classic" : NULL;

  /* the files */
  char d[600], sub[700];
  fuzz_path(d, sizeof d, "d");
  fuzz_rm_tree(d, false);
  snprintf(sub, sizeof sub, "%s/sub", d);
  mkdir(sub, 0700);
  file_t files[MAX_FILES];
  int nfiles = 0;
  const char *end = text + len;
  const char *nul = memchr(text, '\0', len);
  if (!nul) { /* one text: cut in two at line p2 */
    const char *cut = text;
    for (unsigned l = 0; l < prm[2] && cut < end; l++) {
      const char *nl = memchr(cut, '\n', (size_t)(end - cut));
      cut = nl ? nl + 1 : end;
    }
    if (!prm[2]) cut = end; /* p2 0: one file */
    files[nfiles++] = (file_t){"", text, (size_t)(cut - text), false};
    if (cut < end) files[nfiles++] = (file_t){"", cut, (size_t)(end - cut), false};
  } else {
    for (const char *p = text; p <= end && nfiles < MAX_FILES;) {
      const char *z = memchr(p, '\0', (size_t)(end - p));
      const char *e = z ? z : end;
      files[nfiles++] = (file_t){"", p, (size_t)(e - p), false};
      if (!z) break;
      p = z + 1;
    }
  }
  for (int i = 0; i < nfiles; i++) {
    snprintf(files[i].path, sizeof files[i].path, "%s/%s%02d.cgr", d,
             (prm[0] & 16) && i % 2 ? "sub/" : "", i);
    fuzz_write_file(files[i].path, files[i].text, files[i].len);
  }
  char skip[700];
  snprintf(skip, sizeof skip, "%s/skip.txt", d);
  fuzz_write_file(skip, files[0].text, files[0].len);
  /* the walk's order: names sorted, so "d/00.cgr" < "d/02.cgr" < "d/sub/01.cgr" */
  file_t sorted[MAX_FILES];
  memcpy(sorted, files, sizeof files[0] * (size_t)nfiles);
  qsort(sorted, (size_t)nfiles, sizeof *sorted, by_path);
  bool one_by_one = prm[0] & 32;
  char *paths[MAX_FILES];
  int npaths = 0;
  if (one_by_one)
    for (int i = 0; i < nfiles; i++) paths[npaths++] = files[i].path;
  else
    paths[npaths++] = d;
  const file_t *order = one_by_one ? files : sorted;

  /* the driver, file by file */
  wants_t w = {malloc(MAX_RESULTS * sizeof(want_t)), 0};
  game_t *g = game_new(rules, on_record, &w);
  if (!g) fuzz_fail("game_new failed");
  int first_of[MAX_FILES + 1];
  for (int i = 0; i < nfiles; i++) {
    char why[128];
    first_of[i] = w.n;
    FUZZ_ASSERT(run_file(g, order[i].path, why, sizeof why), "run_file: %s", why);
  }
  first_of[nfiles] = w.n;
  game_free(g);
  for (int i = 0; i < nfiles; i++)
    oracle(order[i].text, order[i].len, &w.v[first_of[i]], first_of[i + 1] - first_of[i]);
  unsigned failed = 0;
  for (int i = 0; i < w.n; i++) failed += !w.v[i].ok;

  /* 1 */
  int rc;
  size_t out_len;
  check_options_t jopt = {NULL, false, false, NULL, true, NULL, 1};
  char *out = run_check(npaths, paths, rules, &jopt, &rc, &out_len);
  check_json(out, &w);
  free(out);

  /* 2 */
  char junit_path[700];
  fuzz_path(junit_path, sizeof junit_path, "check.xml");
  char *cov = NULL;
  size_t cov_len = 0;
  FILE *cov_out = coverage ? open_memstream(&cov, &cov_len) : NULL;
  check_options_t opt = {junit ? junit_path : NULL, tap, coverage, cov_out, false, NULL, 1};
  char *plain = run_check(npaths, paths, rules, &opt, &rc, &out_len);
  if (cov_out) fclose(cov_out);
  free(cov);
  int want_rc = w.n == 0 ? 3 : failed ? 1 : 0;
  FUZZ_ASSERT(rc == want_rc, "check exits %d; %d records, %u failed", rc, w.n, failed);
  char counts[128];
  snprintf(counts, sizeof counts, "%s%u passed, %u failed\n", tap ? "# " : "",
           (unsigned)w.n - failed, failed);
  size_t cl = strlen(counts);
  FUZZ_ASSERT(out_len >= cl && strcmp(plain + out_len - cl, counts) == 0,
              "check's output does not end with '%s'", counts);
  char *junit_want = junit ? fuzz_read_file(junit_path, &out_len) : NULL;

  /* 3 */
  check_merged(prm, npaths, paths, rules, plain, rc, junit_want, tap, junit);
  free(plain);
  free(junit_want);

  /* 4 */
  referee_rules_t *rr = NULL;
  if (rules) {
    char err[256];
    rr = referee_rules_load(rules, err, sizeof err);
    if (!rr) fuzz_fail("referee_rules_load(%s): %s", rules, err);
    FUZZ_ASSERT(strcmp(referee_rules_name(rr), rules) == 0, "the rules are named '%s'",
                referee_rules_name(rr));
    FUZZ_ASSERT(!referee_rules_load("no-such-rules", err, sizeof err) &&
                    strstr(err, "no-such-rules"),
                "an unknown ruleset loaded, or its error does not name it: %s", err);
    FUZZ_ASSERT(!referee_rules_load("no-such.yaml", err, 0), "a missing file loaded");
  }
  for (int i = 0; i < nfiles; i++) {
    want_t *x = &w.v[first_of[i]];
    int nrec = first_of[i + 1] - first_of[i];
    if (nrec == 1)
      check_api(order[i].text, order[i].len, x, rr, (prm[0] & 128) != 0, (prm[0] & 2) != 0, true);
    else if (nrec > 1) { /* 5 */
      check_each_alone(order[i].text, order[i].len, x, nrec, rr, (prm[0] & 128) != 0,
                       (prm[0] & 2) != 0);
    }
  }
  referee_rules_free(rr);
  free(w.v);
  return 0;
}
