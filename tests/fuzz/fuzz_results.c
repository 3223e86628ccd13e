/* fuzz_results.c — libFuzzer harness for formats/results.c: the failure
 * lines, TAP and the JUnit XML report of `referee check` and `referee merge`,
 * with fuzzed file names and messages (both come from strangers: a file's
 * name, a record's text quoted in a message).
 *
 * The input is a list of results separated by NUL bytes; each is a flags
 * byte (bit 0: ok; the rest: the record's number and line), the file name,
 * a byte 0x01, and the message. The results are written twice, as failure
 * lines and as TAP, each time with a JUnit report. Invariants:
 *   - failure lines: one per failed result, each "FILE:AT: FAIL: WHY" with
 *     the file and the message as report_put writes them, then the closing
 *     counts; no raw control byte, valid UTF-8 (report_put's promise);
 *   - TAP: "TAP version 13", one test point per result numbered from 1, "ok"
 *     or "not ok" as the result is, a three-line YAML block after each
 *     failure, then the plan "1..N" and the counts: exactly those lines; a
 *     test point's description holds no '#' but escaped ("\#": TAP reads
 *     "# TODO" or "# SKIP" as a directive) and reads back, "\#" and "\\"
 *     unescaped, as the file name as report_put writes it; the YAML block's
 *     message is a valid double-quoted YAML scalar that reads back as the
 *     message as report_put writes it (both may be cut after 4 KB: they go
 *     through report_safe's buffer);
 *   - JUnit: a well-formed XML 1.0 document (a checker here: the prolog,
 *     nested elements, attribute values, entity and character references,
 *     valid UTF-8 and only XML characters), holding testsuites > testsuite
 *     > testcase (> failure) with tests="N" failures="F" that count them,
 *     each classname and message reading back as the file and message with
 *     a control character as '?' and a byte that is not UTF-8, U+FFFE and
 *     U+FFFF (no XML characters) as U+FFFD.
 * Bugs 1 to 3 of docs/fuzzing.md (TAP directives, YAML quotes, U+FFFF in
 * JUnit), found by this harness, were fixed in commit a60d445.
 *
 * Build and run: tests/fuzz/run.sh; see docs/fuzzing.md. */
#define _XOPEN_SOURCE 700
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "report.h"
#include "results.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzz_init("fuzz_results");
  return 0;
}

enum { MAX_RESULTS = 64 };

/* ---- UTF-8 and XML characters -------------------------------------------- */

/* The code point of the well-formed UTF-8 sequence at s (its length in *k),
 * or -1 (Unicode's table 3-7). */
static long utf8_at(const unsigned char *s, size_t left, size_t *k) {
  unsigned c = s[0];
  *k = 1;
  if (c < 0x80) return c;
  unsigned lo = 0x80, hi = 0xBF;
  size_t n = c >= 0xC2 && c <= 0xDF   ? 2
             : c >= 0xE0 && c <= 0xEF ? 3
             : c >= 0xF0 && c <= 0xF4 ? 4
                                      : 0;
  if (!n || n > left) return -1;
  if (c == 0xE0) lo = 0xA0;
  if (c == 0xED) hi = 0x9F;
  if (c == 0xF0) lo = 0x90;
  if (c == 0xF4) hi = 0x8F;
  if (s[1] < lo || s[1] > hi) return -1;
  for (size_t i = 2; i < n; i++)
    if (s[i] < 0x80 || s[i] > 0xBF) return -1;
  long cp = n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
  for (size_t i = 1; i < n; i++) cp = cp << 6 | (s[i] & 0x3F);
  *k = n;
  return cp;
}

static bool xml_char(long c) {
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
         (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

/* The file name or message as the report should carry it (xml_text's
 * promise): a control character but tab and LF as '?', a byte that is not
 * UTF-8, U+FFFE and U+FFFF as U+FFFD. */
static size_t xml_expected(const char *s, char *out) {
  size_t o = 0, n = strlen(s);
  for (size_t i = 0; i < n;) {
    size_t k;
    long c = utf8_at((const unsigned char *)s + i, n - i, &k);
    if (c < 0 || c == 0xFFFE || c == 0xFFFF) {
      memcpy(out + o, "\xEF\xBF\xBD", 3), o += 3;
    } else if (c < 0x20 && c != '\t' && c != '\n') {
      out[o++] = '?';
    } else {
      memcpy(out + o, s + i, k), o += k;
    }
    i += k;
  }
  out[o] = '\0';
  return o;
}

/* ---- a minimal XML 1.0 checker ------------------------------------------- */

typedef struct {
  const char *p, *end;
  const char *why;
  int depth;
  /* what the report holds */
  unsigned testcases, failures, suites;
  long tests_attr, failures_attr, suite_tests, suite_failures;
  char *classname[MAX_RESULTS + 1], *message[MAX_RESULTS + 1];
  unsigned nclass, nmessage;
} xml_t;

static bool xml_err(xml_t *x, const char *why) {
  if (!x->why) x->why = why;
  return false;
}

static bool name_start(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == ':';
}

static bool name_char(char c) {
  return name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

static void skip_s(xml_t *x) {
  while (x->p < x->end && strchr(" \t\r\n", *x->p) && *x->p) x->p++;
}

static size_t xml_name(xml_t *x) {
  const char *s = x->p;
  if (x->p >= x->end || !name_start(*x->p)) return 0;
  while (x->p < x->end && name_char(*x->p)) x->p++;
  return (size_t)(x->p - s);
}

/* A reference after '&': appended (decoded) to out when out. */
static bool reference(xml_t *x, char *out, size_t *o) {
  x->p++;
  long c = -1;
  if (x->p < x->end && *x->p == '#') {
    bool hex = x->p + 1 < x->end && x->p[1] == 'x';
    x->p += hex ? 2 : 1;
    const char *s = x->p;
    c = 0;
    const char *digits = hex ? "0123456789abcdefABCDEF" : "0123456789";
    while (x->p < x->end && *x->p && strchr(digits, *x->p) && x->p - s < 8)
      c = c * (hex ? 16 : 10) + (*x->p <= '9' ? *x->p - '0' : (*x->p | 0x20) - 'a' + 10), x->p++;
    if (x->p == s || !xml_char(c)) return xml_err(x, "a bad character reference");
  } else {
    static const char *const names[] = {"lt", "gt", "amp", "quot", "apos"};
    static const char chars[] = "<>&\"'";
    const char *s = x->p;
    size_t n = xml_name(x);
    for (int i = 0; i < 5 && c < 0; i++)
      if (n == strlen(names[i]) && memcmp(s, names[i], n) == 0) c = chars[i];
    if (c < 0) return xml_err(x, "an unknown entity");
  }
  if (x->p >= x->end || *x->p != ';') return xml_err(x, "a reference without ';'");
  x->p++;
  if (out) {
    if (c < 0x80) out[(*o)++] = (char)c;
    else *o += (size_t)snprintf(out + *o, 8, "%s", "?"); /* not written by results.c */
  }
  return true;
}

/* Character data or an attribute value up to stop (a quote, or '<'). */
static bool chars(xml_t *x, char stop, char *out, size_t *o) {
  while (x->p < x->end && *x->p != stop) {
    if (*x->p == '&') {
      if (!reference(x, out, o)) return false;
      continue;
    }
    if (*x->p == '<') return xml_err(x, "a '<' in an attribute value");
    if (stop == '<' && x->end - x->p >= 3 && memcmp(x->p, "]]>", 3) == 0)
      return xml_err(x, "']]>' in character data");
    size_t k;
    long c = utf8_at((const unsigned char *)x->p, (size_t)(x->end - x->p), &k);
    if (c < 0) return xml_err(x, "a byte that is not UTF-8");
    if (!xml_char(c)) return xml_err(x, "a character XML does not allow");
    if (out) memcpy(out + *o, x->p, k), *o += k;
    x->p += k;
  }
  return true;
}

static long number_attr(const char *v) {
  char *end;
  long n = strtol(v, &end, 10);
  return *v && !*end ? n : -1;
}

static bool element(xml_t *x);

static bool content(xml_t *x) {
  for (;;) {
    if (!chars(x, '<', NULL, NULL)) return false;
    if (x->p >= x->end) return xml_err(x, "an element not closed");
    if (x->p + 1 < x->end && x->p[1] == '/') return true;
    if (!element(x)) return false;
  }
}

static bool element(xml_t *x) {
  if (++x->depth > 16) return xml_err(x, "too deep");
  x->p++; /* '<' */
  const char *name = x->p;
  size_t nlen = xml_name(x);
  if (!nlen) return xml_err(x, "a '<' that begins no tag");
  char tag[32];
  snprintf(tag, sizeof tag, "%.*s", (int)(nlen < 31 ? nlen : 31), name);
  bool known = strcmp(tag, "testsuites") == 0 || strcmp(tag, "testsuite") == 0 ||
               strcmp(tag, "testcase") == 0 || strcmp(tag, "failure") == 0;
  if (!known) return xml_err(x, "an element results.c does not write");
  if (strcmp(tag, "testcase") == 0) x->testcases++;
  if (strcmp(tag, "failure") == 0) x->failures++;
  if (strcmp(tag, "testsuite") == 0) x->suites++;
  char seen[8][32];
  int nseen = 0;
  for (;;) {
    const char *before = x->p;
    skip_s(x);
    if (x->p >= x->end) return xml_err(x, "a tag not closed");
    if (*x->p == '/' || *x->p == '>') break;
    if (x->p == before) return xml_err(x, "attributes not separated");
    const char *an = x->p;
    size_t alen = xml_name(x);
    if (!alen) return xml_err(x, "a bad attribute name");
    char attr[32];
    snprintf(attr, sizeof attr, "%.*s", (int)(alen < 31 ? alen : 31), an);
    for (int i = 0; i < nseen; i++)
      if (strcmp(seen[i], attr) == 0) return xml_err(x, "an attribute given twice");
    if (nseen < 8) snprintf(seen[nseen++], sizeof seen[0], "%s", attr);
    skip_s(x);
    if (x->p >= x->end || *x->p != '=') return xml_err(x, "an attribute without '='");
    x->p++;
    skip_s(x);
    if (x->p >= x->end || (*x->p != '"' && *x->p != '\'')) return xml_err(x, "an unquoted value");
    char q = *x->p++;
    size_t vlen = (size_t)(x->end - x->p);
    char *v = malloc(vlen + 8);
    size_t o = 0;
    if (!chars(x, q, v, &o) || x->p >= x->end) {
      free(v);
      return xml_err(x, "an attribute value not closed");
    }
    x->p++;
    v[o] = '\0';
    bool kept = false;
    bool suites = strcmp(tag, "testsuites") == 0, suite = strcmp(tag, "testsuite") == 0;
    if (suites && strcmp(attr, "tests") == 0) x->tests_attr = number_attr(v);
    if (suites && strcmp(attr, "failures") == 0) x->failures_attr = number_attr(v);
    if (suite && strcmp(attr, "tests") == 0) x->suite_tests = number_attr(v);
    if (suite && strcmp(attr, "failures") == 0) x->suite_failures = number_attr(v);
    if (strcmp(tag, "testcase") == 0 && strcmp(attr, "classname") == 0 && x->nclass < MAX_RESULTS)
      x->classname[x->nclass++] = v, kept = true;
    if (strcmp(tag, "failure") == 0 && strcmp(attr, "message") == 0 && x->nmessage < MAX_RESULTS)
      x->message[x->nmessage++] = v, kept = true;
    if (!kept) free(v);
  }
  if (*x->p == '/') {
    if (x->p + 1 >= x->end || x->p[1] != '>') return xml_err(x, "'/' without '>'");
    x->p += 2;
    x->depth--;
    return true;
  }
  x->p++;
  if (!content(x)) return false;
  x->p += 2; /* "</" */
  const char *cn = x->p;
  size_t clen = xml_name(x);
  if (clen != nlen || memcmp(cn, name, nlen) != 0)
    return xml_err(x, "an end tag that does not match");
  skip_s(x);
  if (x->p >= x->end || *x->p != '>') return xml_err(x, "an end tag not closed");
  x->p++;
  x->depth--;
  return true;
}

static bool xml_document(xml_t *x, const char *doc, size_t len) {
  static const char decl[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>";
  x->p = doc;
  x->end = doc + len;
  if (len < sizeof decl - 1 || memcmp(doc, decl, sizeof decl - 1) != 0)
    return xml_err(x, "no XML declaration");
  x->p += sizeof decl - 1;
  skip_s(x);
  if (x->p >= x->end || *x->p != '<') return xml_err(x, "no root element");
  if (!element(x)) return false;
  skip_s(x);
  return x->p == x->end || xml_err(x, "something after the root element");
}

/* ---- the results ------------------------------------------------------------ */

typedef struct {
  result_t r[MAX_RESULTS];
  int n;
  unsigned failed;
} set_t;

static char *put(const char *s, size_t *len) {
  char *buf = NULL;
  FILE *m = open_memstream(&buf, len);
  report_put(m, s);
  fclose(m);
  return buf;
}

/* report_put's promise: printable, valid UTF-8, no control byte or DEL or
 * C1 control. */
static void check_put(const char *s, size_t len) {
  for (size_t i = 0; i < len;) {
    size_t k;
    long c = utf8_at((const unsigned char *)s + i, len - i, &k);
    FUZZ_ASSERT(c >= 0, "report_put wrote a byte that is not UTF-8");
    FUZZ_ASSERT((c >= 0x20 && c != 0x7F && !(c >= 0x80 && c < 0xA0)) || c == '\t',
                "report_put wrote a control character U+%04lX", c);
    i += k;
  }
}

static char *next_line(char **p) {
  char *s = *p, *nl = strchr(s, '\n');
  FUZZ_ASSERT(nl != NULL, "a line without its LF");
  *nl = '\0';
  *p = nl + 1;
  return s;
}

/* A YAML double-quoted scalar's content: no bare '"', valid escapes. */
static bool yaml_quoted(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '"') return false;
    if (s[i] != '\\') continue;
    if (++i >= n) return false;
    const char *esc = strchr("0abt\tnvfre \"/\\N_LP", s[i]);
    int hex = s[i] == 'x' ? 2 : s[i] == 'u' ? 4 : s[i] == 'U' ? 8 : 0;
    if (!esc && !hex) return false;
    for (int h = 0; h < hex; h++)
      if (++i >= n || !strchr("0123456789abcdefABCDEF", s[i])) return false;
  }
  return true;
}

/* x (n bytes) as results.c escapes report_safe's text in TAP: the byte
 * `special` and '\\' behind a backslash; it must hold no bare `special` and
 * read back as want (report_put's text), or as a prefix of it when it was cut
 * at report_safe's 4 KB. */
static void read_back(const char *x, size_t n, char special, const char *want, size_t wl,
                      const char *what) {
  char *back = malloc(n + 1);
  size_t o = 0;
  for (size_t i = 0; i < n; i++) {
    FUZZ_ASSERT(x[i] != special, "%s holds a bare '%c': %.*s", what, special, (int)n, x);
    if (x[i] == '\\') {
      FUZZ_ASSERT(i + 1 < n && (x[i + 1] == '\\' || x[i + 1] == special),
                  "%s: a backslash that escapes nothing: %.*s", what, (int)n, x);
      i++;
    }
    back[o++] = x[i];
  }
  FUZZ_ASSERT(o <= wl && memcmp(back, want, o) == 0 && (o == wl || o >= 4087),
              "%s reads back as '%.*s', not '%s'", what, (int)o, back, want);
  free(back);
}

static void check_lines(const set_t *set, char *out, bool tap) {
  char *p = out;
  char want[4096];
  unsigned passed = 0;
  if (tap) FUZZ_ASSERT(strcmp(next_line(&p), "TAP version 13") == 0, "no TAP header");
  for (int i = 0; i < set->n; i++) {
    const result_t *r = &set->r[i];
    passed += r->ok;
    size_t fl, wl;
    char *file = put(r->file, &fl), *why = put(r->why, &wl);
    check_put(file, fl);
    check_put(why, wl);
    if (tap) {
      char *line = next_line(&p), head[64];
      int hl = snprintf(head, sizeof head, "%s %d - ", r->ok ? "ok" : "not ok", i + 1);
      snprintf(want, sizeof want, " record %d (line %u)", r->record, r->record_line);
      size_t ll = strlen(line), wl2 = strlen(want);
      FUZZ_ASSERT(strncmp(line, head, (size_t)hl) == 0 && ll >= (size_t)hl + wl2 &&
                      strcmp(line + ll - wl2, want) == 0,
                  "TAP test point %d: '%s', not '%s...%s'", i + 1, line, head, want);
      read_back(line + hl, ll - (size_t)hl - wl2, '#', file, fl, "a TAP description");
      if (!r->ok) {
        FUZZ_ASSERT(strcmp(next_line(&p), "  ---") == 0, "no YAML block after a failure");
        char *m = next_line(&p);
        size_t ml = strlen(m);
        FUZZ_ASSERT(strncmp(m, "  message: \"", 12) == 0 && ml >= 13 && m[ml - 1] == '"',
                    "the YAML block's message: %s", m);
        FUZZ_ASSERT(yaml_quoted(m + 12, ml - 13),
                    "the YAML message is not a double-quoted scalar: %s", m);
        read_back(m + 12, ml - 13, '"', why, wl, "the YAML message");
        FUZZ_ASSERT(strcmp(next_line(&p), "  ...") == 0, "the YAML block not closed");
      }
    } else if (!r->ok) {
      snprintf(want, sizeof want, "%s:%u: FAIL: %s", file, r->at, why);
      char *line = next_line(&p);
      FUZZ_ASSERT(strcmp(line, want) == 0, "failure line: '%s', not '%s'", line, want);
    }
    free(file);
    free(why);
  }
  unsigned failed = (unsigned)set->n - passed;
  if (tap) {
    snprintf(want, sizeof want, "1..%d", set->n);
    FUZZ_ASSERT(strcmp(next_line(&p), want) == 0, "the TAP plan is not %s", want);
    snprintf(want, sizeof want, "# %u passed, %u failed", passed, failed);
  } else {
    snprintf(want, sizeof want, "%u passed, %u failed", passed, failed);
  }
  FUZZ_ASSERT(strcmp(next_line(&p), want) == 0, "the counts are not '%s'", want);
  FUZZ_ASSERT(*p == '\0', "lines after the counts: %.100s", p);
}

static void check_junit(const set_t *set, const char *path) {
  size_t len;
  char *doc = fuzz_read_file(path, &len);
  xml_t *x = calloc(1, sizeof *x);
  x->tests_attr = x->failures_attr = x->suite_tests = x->suite_failures = -2;
  bool ok = xml_document(x, doc, len);
  FUZZ_ASSERT(ok, "the JUnit report is not well-formed XML: %s at byte %td", x->why,
              x->p - doc);
  FUZZ_ASSERT(x->suites == 1, "%u testsuite elements", x->suites);
  FUZZ_ASSERT(x->testcases == (unsigned)set->n && x->failures == set->failed,
              "%u testcases, %u failures for %d results, %u failed", x->testcases, x->failures,
              set->n, set->failed);
  FUZZ_ASSERT(x->tests_attr == set->n && x->suite_tests == set->n &&
                  x->failures_attr == (long)set->failed && x->suite_failures == (long)set->failed,
              "tests=\"%ld\"/\"%ld\" failures=\"%ld\"/\"%ld\" for %d results, %u failed",
              x->tests_attr, x->suite_tests, x->failures_attr, x->suite_failures, set->n,
              set->failed);
  FUZZ_ASSERT(x->nclass == (unsigned)set->n && x->nmessage == set->failed,
              "%u classnames and %u messages for %d results, %u failed", x->nclass, x->nmessage,
              set->n, set->failed);
  char *want = malloc(4096 * 3 + 8);
  for (int i = 0, f = 0; i < set->n; i++) {
    xml_expected(set->r[i].file, want);
    FUZZ_ASSERT(strcmp(x->classname[i], want) == 0, "testcase %d: classname '%s', not '%s'", i,
                x->classname[i], want);
    if (set->r[i].ok) continue;
    xml_expected(set->r[i].why, want);
    FUZZ_ASSERT(strcmp(x->message[f], want) == 0, "failure %d: message '%s', not '%s'", f,
                x->message[f], want);
    f++;
  }
  free(want);
  for (unsigned i = 0; i < x->nclass; i++) free(x->classname[i]);
  for (unsigned i = 0; i < x->nmessage; i++) free(x->message[i]);
  free(x);
  free(doc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 16384) return 0;
  char *text = malloc(size + 1);
  memcpy(text, data, size);
  text[size] = '\0';
  set_t *set = calloc(1, sizeof *set);
  /* the results: fields between NUL bytes, "FLAGS FILE \x01 WHY" */
  for (char *p = text, *next; p < text + size && set->n < MAX_RESULTS; p = next) {
    next = p + strlen(p) + 1;
    unsigned flags = (unsigned char)p[0];
    char *file = *p ? p + 1 : p, *sep = strchr(file, '\x01');
    if (sep) *sep = '\0';
    if (strlen(file) > 4000 || (sep && strlen(sep + 1) > 4000)) break;
    result_t *r = &set->r[set->n++];
    *r = (result_t){file, (int)(flags >> 1), 1 + (flags >> 2), 1 + (flags >> 3), (flags & 1) != 0,
                    sep ? sep + 1 : ""};
    set->failed += !r->ok;
  }
  char junit[600];
  fuzz_path(junit, sizeof junit, "junit.xml");
  for (int tap = 0; tap < 2; tap++) {
    char *out = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&out, &len);
    results_t rs;
    FUZZ_ASSERT(results_begin(&rs, m, tap != 0, true), "results_begin failed");
    for (int i = 0; i < set->n; i++) results_add(&rs, &set->r[i]);
    results_end(&rs);
    fuzz_quiet(true);
    int rc = results_junit(&rs, junit);
    fuzz_quiet(false);
    fclose(m);
    FUZZ_ASSERT(rc == 0, "results_junit failed");
    FUZZ_ASSERT(strlen(out) == len, "a NUL byte in the output");
    check_lines(set, out, tap != 0);
    check_junit(set, junit);
    free(out);
  }
  free(set);
  free(text);
  return 0;
}
