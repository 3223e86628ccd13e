/* results.c — failure lines, TAP and JUnit XML of conformance results. */
#include "results.h"

#include <errno.h>
#include <string.h>

#include "json.h"
#include "report.h"
#include "utf8.h"

/* s as XML 1.0 character data: markup escaped, a control character as '?',
 * a byte that is not valid UTF-8 (a file name's) as U+FFFD, so that the
 * report is always well-formed. */
static void xml_text(FILE *f, const char *s) {
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    size_t k = c < 0x80 ? 1 : utf8_len(s);
    if (k == 3 && c == 0xEF && (unsigned char)s[1] == 0xBF && (unsigned char)s[2] >= 0xBE) {
      fputs("\xEF\xBF\xBD", f); /* U+FFFE, U+FFFF: UTF-8, but no XML character */
      s += 2;
      continue;
    }
    switch (*s) {
      case '<': fputs("&lt;", f); break;
      case '>': fputs("&gt;", f); break;
      case '&': fputs("&amp;", f); break;
      case '"': fputs("&quot;", f); break;
      default:
        if (k == 0) fputs("\xEF\xBF\xBD", f);
        else if (c < 0x20 && c != '\t' && c != '\n') fputc('?', f);
        else {
          fwrite(s, 1, k, f);
          s += k - 1;
        }
    }
  }
}

bool results_begin(results_t *rs, FILE *out, bool tap, bool junit) {
  *rs = (results_t){out, tap, NULL, 0, 0, 0};
  if (junit && !(rs->junit_cases = tmpfile())) return false;
  if (tap) fprintf(out, "TAP version 13\n");
  return true;
}

static void junit_case(FILE *f, const result_t *r) {
  fputs("    <testcase classname=\"", f);
  xml_text(f, r->file);
  fprintf(f, "\" name=\"record %d (line %u)\" time=\"0\"", r->record, r->record_line);
  if (r->ok) {
    fputs("/>\n", f);
    return;
  }
  fputs(">\n      <failure message=\"", f);
  xml_text(f, r->why);
  fputs("\"/>\n    </testcase>\n", f);
}

/* s as the text output shows it (report_safe: control bytes and invalid
 * UTF-8 as \xNN), with the bytes in `special` escaped by a backslash: in a
 * TAP description `#` (which would begin a TODO or SKIP directive) and `\`,
 * in a YAML double-quoted scalar `"` and `\`. */
static void put_escaped(FILE *out, const char *s, const char *special) {
  char buf[4096];
  for (const char *p = report_safe(s, buf, sizeof buf); *p; p++) {
    if (strchr(special, *p)) fputc('\\', out);
    fputc(*p, out);
  }
}

void results_add(results_t *rs, const result_t *r) {
  if (r->ok) rs->passed++;
  else rs->failed++;
  if (rs->junit_cases) junit_case(rs->junit_cases, r);
  if (rs->tap) {
    fprintf(rs->out, "%s %u - ", r->ok ? "ok" : "not ok", ++rs->tap_n);
    put_escaped(rs->out, r->file, "#\\");
    fprintf(rs->out, " record %d (line %u)", r->record, r->record_line);
    if (!r->ok) {
      fputs("\n  ---\n  message: \"", rs->out);
      put_escaped(rs->out, r->why, "\"\\");
      fputs("\"\n  ...", rs->out);
    }
    fputc('\n', rs->out);
  } else if (!r->ok && rs->out) {
    report_put(rs->out, r->file);
    fprintf(rs->out, ":%u: FAIL: ", r->at);
    report_put(rs->out, r->why);
    fputc('\n', rs->out);
  }
}

void results_end(results_t *rs) {
  if (!rs->out) return;
  if (rs->tap) fprintf(rs->out, "1..%u\n# %u passed, %u failed\n", rs->tap_n, rs->passed, rs->failed);
  else fprintf(rs->out, "%u passed, %u failed\n", rs->passed, rs->failed);
}

/* The JUnit file path cannot be written (err: errno, 0 when unknown): said
 * on stderr, its name escaped as a record's text (report_put). */
static int junit_failed(const char *path, int err) {
  fputs("referee: ", stderr);
  report_put(stderr, path);
  fprintf(stderr, ": cannot write the JUnit file: %s\n", err ? strerror(err) : "a write failed");
  return 3;
}

int results_junit(results_t *rs, const char *path) {
  if (!rs->junit_cases) return 0;
  FILE *f = fopen(path, "w");
  int err = f ? 0 : errno;
  bool failed = f == NULL;
  if (f) {
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"%u\" "
               "failures=\"%u\">\n  <testsuite name=\"canasta-referee conformance\" "
               "tests=\"%u\" failures=\"%u\" errors=\"0\">\n",
            rs->passed + rs->failed, rs->failed, rs->passed + rs->failed, rs->failed);
    /* the cases wait in a temporary file: a write lost there is lost here */
    failed = fflush(rs->junit_cases) != 0 || ferror(rs->junit_cases);
    rewind(rs->junit_cases);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, rs->junit_cases)) > 0) fwrite(buf, 1, n, f);
    fputs("  </testsuite>\n</testsuites>\n", f);
    if (ferror(rs->junit_cases)) failed = true;
    if (fflush(f) != 0) err = errno, failed = true;
    failed = failed || ferror(f);
    if (fclose(f) != 0 && !failed) err = errno, failed = true;
  }
  fclose(rs->junit_cases);
  rs->junit_cases = NULL;
  return failed ? junit_failed(path, err) : 0;
}
