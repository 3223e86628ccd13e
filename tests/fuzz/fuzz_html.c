/* fuzz_html.c — libFuzzer harness for the dispute page (formats/html.c): the
 * records of a fuzzed file are judged with the page watching, as
 * `referee --html` does (html_new, game_observe with html_observe, the reader's
 * line sink html_line through run_stream_at, html_record for each record,
 * html_finish), into memory, and the page is read back.
 *
 * The input: 8 parameter bytes, then a record file (CGR 1).
 *   p0  bit 0 --keep-going, bit 1 --explain; bit 2 --origin: the text is a
 *       part of a file, its first line numbered 1 + 7 * p1, after p2 % 5
 *       records
 *   p3  the file's name, from a list of names that HTML and JSON read
 *       specially ("</script>", "<!--<script>", quotes, bytes that are not
 *       UTF-8)
 *
 * Invariants:
 *   1. html_finish succeeds; the page holds one <script type="application/json"
 *      class="rec"> element per record judged, in their order;
 *   2. no such element holds a '<' before its end tag (so never "</script"
 *      nor "<!--"), and every "<script" of the page has its "</script"
 *      (case aside);
 *   3. each element's body is one whole JSON object (json_valid_object), as
 *      it is and with each \u003c written back as '<' (JSON-aware: an escaped
 *      backslash before "u003c" is left alone), and its "file", "index",
 *      "verdict" status, line and col are the record's;
 *   4. its "src" array, decoded (json_unescape), is the input's lines from
 *      line "s0" on, one after the other, each as the reader hands it over
 *      (no LF, one final CR dropped, a byte-order mark dropped on line 1,
 *      cut after CGR_MAX_LINE + 1 bytes), as far as a C string goes (a NUL
 *      byte ends it) and with each byte that is not UTF-8 as U+FFFD
 *      (json_string); no line at or past "cut"; when nothing was cut ("cut"
 *      0), the lines run from the record's first line (or before: the
 *      comments leading to it) at least to the verdict's (unless that is past
 *      the record's lines: a hand left unfinished is judged at the line after
 *      the record's last statement, which may be the next record's), and
 *      hold no line of the next record.
 * Bugs 6 and 8 of docs/fuzzing.md, found here (a record begun by an indented
 * `cgr` line, or by a malformed one after a record that had none, lost that
 * line to the record before; an empty input computed NULL + 0), were fixed
 * in commit d198e5c; bug 9, which that fix brought (an indented malformed
 * `cgr` line, or a line before the first `cgr` line, cost a record lines of
 * its page), in d616e9a, where the page took the records' boundaries from
 * the driver. The extent checks of 4 hold for every input.
 *
 * Build and run: tests/fuzz/run.sh; see docs/fuzzing.md. */
#define _XOPEN_SOURCE 700
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cgr.h"
#include "fuzz_util.h"
#include "game.h"
#include "html.h"
#include "json.h"
#include "report.h"
#include "run.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { NPARAMS = 8, MAX_RECORDS = 4096 };

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzz_name = "fuzz_html";
  return 0;
}

static const char *const names[] = {
  "in.cgr", "</script><script>alert(1)</script>.cgr", "<!--<script>.cgr", "a \"b\" \\c.cgr",
  "\xff\xfe bad.cgr", "\xc3\xa9t\xc3\xa9 </SCRIPT >.cgr", "x\ty\n.cgr", "\\u003c/script>.cgr",
};

typedef struct {
  int index, status;
  unsigned start_line, line, col;
} seen_t;

typedef struct {
  html_t *h;
  seen_t *v;
  int n;
} ctx_t;

static void on_record(const record_t *r, void *p) {
  ctx_t *c = p;
  html_record(c->h, r);
  if (c->n < MAX_RECORDS)
    c->v[c->n++] = (seen_t){r->index, (int)r->verdict.status, r->start_line, r->verdict.line,
                            r->verdict.col};
}

/* ---- the input's lines ------------------------------------------------------ */

typedef struct {
  const char *s;
  size_t n;
} span_t;

/* The input's lines (without LF); the number of lines in *count. */
static span_t *lines_of(const char *text, size_t len, size_t *count) {
  size_t n = 0;
  for (size_t i = 0; i < len; i++) n += text[i] == '\n';
  span_t *v = malloc((n + 2) * sizeof *v);
  size_t k = 0;
  for (const char *p = text, *end = text + len; p < end;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    v[k++] = (span_t){p, (size_t)((nl ? nl : end) - p)};
    p = nl ? nl + 1 : end;
  }
  *count = k;
  return v;
}

/* Line `number` as the page must carry it (see 4), into out; its length. */
static size_t expected_line(span_t l, unsigned number, char *out) {
  size_t n = l.n < CGR_MAX_LINE + 1 ? l.n : CGR_MAX_LINE + 1;
  const char *s = l.s;
  if (n && s[n - 1] == '\r') n--;
  if (number == 1 && n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) s += 3, n -= 3;
  const char *nul = memchr(s, '\0', n);
  if (nul) n = (size_t)(nul - s);
  size_t o = 0;
  for (size_t i = 0; i < n;) {
    unsigned char c = (unsigned char)s[i];
    size_t k = c < 0x80 ? 1 : fuzz_utf8_len((const unsigned char *)s + i, n - i);
    if (!k) {
      memcpy(out + o, "\xEF\xBF\xBD", 3), o += 3, i++;
    } else {
      memcpy(out + o, s + i, k), o += k, i += k;
    }
  }
  return o;
}

/* ---- the page --------------------------------------------------------------- */

static size_t count_ci(const char *page, const char *what) {
  size_t n = 0, k = strlen(what);
  for (const char *p = page; (p = strchr(p, '<')) != NULL; p++) n += strncasecmp(p, what, k) == 0;
  return n;
}

/* The body with each \u003c escape written back as '<'. */
static char *restored(const char *body) {
  char *out = malloc(strlen(body) + 1), *o = out;
  bool in_string = false;
  for (const char *p = body; *p;) {
    if (!in_string) {
      in_string = *p == '"';
      *o++ = *p++;
    } else if (*p == '"') {
      in_string = false;
      *o++ = *p++;
    } else if (*p == '\\' && strncmp(p, "\\u003c", 6) == 0) {
      *o++ = '<';
      p += 6;
    } else if (*p == '\\' && p[1]) {
      *o++ = *p++;
      *o++ = *p++;
    } else {
      *o++ = *p++;
    }
  }
  *o = '\0';
  return out;
}

static long number_member(const char *obj, const char *key) {
  const char *v;
  size_t n;
  FUZZ_ASSERT(json_member(obj, key, &v, &n), "no \"%s\" in a record's data", key);
  return strtol(v, NULL, 10);
}

static char *string_member(const char *obj, const char *key) {
  const char *v;
  size_t n;
  FUZZ_ASSERT(json_member(obj, key, &v, &n), "no \"%s\" in a record's data", key);
  char *s = malloc(n + 8);
  FUZZ_ASSERT(json_unescape(v, n, s, n + 8), "\"%s\" is not a string", key);
  return s;
}

/* The end of the JSON string at p (its opening quote), past its quote. */
static const char *string_end(const char *p) {
  for (p++; *p != '"'; p++)
    if (*p == '\\') p++;
  return p + 1;
}

static void check_record(const char *body, const seen_t *r, unsigned next_start, const char *name,
                         span_t *lines, size_t nlines, unsigned first_line) {
  FUZZ_ASSERT(json_valid_object(body), "a record's data is not one JSON object: %.300s", body);
  char *back = restored(body);
  FUZZ_ASSERT(json_valid_object(back), "a record's data, '<' restored, is not one JSON object");
  free(back);
  char *file = string_member(body, "file"), *want = malloc(3 * strlen(name) + 1);
  want[expected_line((span_t){name, strlen(name)}, 2, want)] = '\0';
  FUZZ_ASSERT(strcmp(file, want) == 0, "\"file\" is '%s', not '%s'", file, want);
  free(file);
  free(want);
  FUZZ_ASSERT(number_member(body, "index") == r->index, "\"index\" is not %d", r->index);
  const char *v;
  size_t n;
  FUZZ_ASSERT(json_member(body, "verdict", &v, &n), "no verdict");
  char *verdict = strndup(v, n);
  char *status = string_member(verdict, "status");
  FUZZ_ASSERT(strcmp(status, report_status_name((verdict_status_t)r->status)) == 0,
              "the verdict's status is '%s'", status);
  FUZZ_ASSERT(number_member(verdict, "line") == r->line && number_member(verdict, "col") == r->col,
              "the verdict's line and col are not %u:%u", r->line, r->col);
  free(status);
  free(verdict);

  /* 4: the lines */
  long s0 = number_member(body, "s0"), cut = number_member(body, "cut");
  unsigned first = r->start_line ? r->start_line : first_line;
  /* (an empty src says s0 1, whatever the first line) */
  FUZZ_ASSERT(s0 >= first_line || strncmp(strstr(body, "\"src\":"), "\"src\":[]", 8) == 0,
              "record %d: s0 %ld is before the input's first line %u", r->index, s0, first_line);
  FUZZ_ASSERT(json_member(body, "src", &v, &n) && v[0] == '[', "no \"src\" array");
  const char *p = v + 1;
  long line = s0;
  char *got = malloc(CGR_MAX_LINE * 4 + 16), *exp = malloc(CGR_MAX_LINE * 3 + 16);
  while (*p == '"') {
    const char *e = string_end(p);
    FUZZ_ASSERT(json_unescape(p, (size_t)(e - p), got, CGR_MAX_LINE * 4 + 16),
                "a src line is no string");
    size_t at = (size_t)(line - first_line);
    FUZZ_ASSERT(line >= first_line && at < nlines, "record %d: src holds line %ld, which the input "
                "(lines %u to %zu) does not have", r->index, line, first_line,
                first_line + nlines - 1);
    size_t k = expected_line(lines[at], (unsigned)line, exp);
    FUZZ_ASSERT(strlen(got) == k && memcmp(got, exp, k) == 0,
                "record %d: src line %ld is '%.200s', not '%.*s'", r->index, line, got,
                (int)(k < 200 ? k : 200), exp);
    FUZZ_ASSERT(!cut || line < cut, "record %d: line %ld kept after the cut at %ld", r->index,
                line, cut);
    FUZZ_ASSERT(!next_start || line < next_start,
                "record %d: src holds line %ld, the next record's (from line %u)", r->index, line,
                next_start);
    line++;
    p = e;
    if (*p == ',') p++;
  }
  FUZZ_ASSERT(*p == ']', "src is not an array of strings");
  bool lost = !(s0 <= first && line > first) && first >= first_line &&
              first <= first_line + nlines - 1;
  if (cut == 0) {
    FUZZ_ASSERT(!lost, "record %d: nothing cut, yet src (lines %ld to %ld) misses its first "
                "line %u", r->index, s0, line - 1, first);
    /* (a hand left unfinished is judged at the line after the record's last
     * statement, which may be the next record's) */
    FUZZ_ASSERT(r->line < first || line > (long)r->line || r->line > first_line + nlines - 1 ||
                    (next_start && r->line >= next_start),
                "record %d: nothing cut, yet src ends before the verdict's line %u (at %ld)",
                r->index, r->line, line - 1);
  }
  free(got);
  free(exp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < NPARAMS) return 0;
  const uint8_t *prm = data;
  size_t len = size - NPARAMS;
  char *text = malloc(len + 1);
  memcpy(text, data + NPARAMS, len);
  text[len] = '\0';
  const char *name = names[prm[3] % (sizeof names / sizeof *names)];
  bool origin = (prm[0] & 4) != 0;
  unsigned first_line = origin ? 1u + 7u * prm[1] : 1u;

  char *page = NULL;
  size_t page_len = 0;
  FILE *out = open_memstream(&page, &page_len);
  ctx_t c = {html_new(out), malloc(MAX_RECORDS * sizeof(seen_t)), 0};
  if (!c.h) fuzz_fail("html_new failed");
  game_t *g = game_new(NULL, on_record, &c);
  if (!g) fuzz_fail("game_new failed");
  if (prm[0] & 1) game_keep_going(g);
  if (prm[0] & 2) game_explain(g, 0);
  game_observe(g, html_observe, c.h);
  FILE *in = len ? fmemopen(text, len, "r") : fopen("/dev/null", "r");
  if (!in) fuzz_fail("fmemopen");
  run_origin_t at = {name, first_line, origin ? prm[2] % 5 : 0, html_line, c.h};
  char why[128];
  FUZZ_ASSERT(run_stream_at(g, in, &at, why, sizeof why), "run_stream_at: %s", why);
  fclose(in);
  game_free(g);
  FUZZ_ASSERT(html_finish(c.h), "html_finish failed");
  fclose(out);

  /* 1, 2 */
  FUZZ_ASSERT(strlen(page) == page_len, "a NUL byte in the page");
  FUZZ_ASSERT(count_ci(page, "<script") == count_ci(page, "</script"),
              "%zu <script, %zu </script", count_ci(page, "<script"), count_ci(page, "</script"));
  size_t nlines;
  span_t *lines = lines_of(text, len, &nlines);
  static const char open_tag[] = "<script type=\"application/json\" class=\"rec\">";
  const char *p = page;
  int k = 0;
  while ((p = strstr(p, open_tag)) != NULL) {
    p += sizeof open_tag - 1;
    const char *end = strstr(p, "</script>");
    FUZZ_ASSERT(end != NULL, "a record's script is not closed");
    const char *lt = memchr(p, '<', (size_t)(end - p));
    FUZZ_ASSERT(lt == NULL, "a '<' inside a record's JSON: %.60s", lt);
    FUZZ_ASSERT(k < c.n, "more record scripts than records (%d)", c.n);
    char *body = strndup(p, (size_t)(end - p));
    check_record(body, &c.v[k], k + 1 < c.n ? c.v[k + 1].start_line : 0, name, lines, nlines,
                 first_line);
    free(body);
    k++;
    p = end;
  }
  FUZZ_ASSERT(k == c.n || c.n == MAX_RECORDS, "%d record scripts for %d records", k, c.n);
  free(lines);
  free(c.v);
  free(page);
  free(text);
  return 0;
}
