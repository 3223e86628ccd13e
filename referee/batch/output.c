/* output.c — messages and the end of standard output (output.h). */
#define _POSIX_C_SOURCE 200809L
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report.h"

void out_vsay(const char *fmt, va_list ap) {
  va_list again;
  va_copy(again, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  char *text = n >= 0 ? malloc((size_t)n + 1) : NULL, *shown = NULL;
  size_t len = 0;
  if (text) vsnprintf(text, (size_t)n + 1, fmt, again);
  va_end(again);
  /* escaped into memory first: one write, so that processes sharing stderr
   * (--jobs, xargs -P) do not interleave their messages */
  FILE *m = text ? open_memstream(&shown, &len) : NULL;
  if (m) {
    report_put(m, text);
    fputc('\n', m);
    if (fclose(m) != 0) len = 0;
  }
  if (shown && len) fwrite(shown, 1, len, stderr);
  else fputs("referee: out of memory for a message\n", stderr);
  free(shown);
  free(text);
}

void out_say(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  out_vsay(fmt, ap);
  va_end(ap);
}

_Noreturn void out_of_memory(const char *what) {
  fflush(stdout);
  out_say("referee: %s: out of memory; what was being judged, and all after it, was not", what);
  exit(EXIT_NO_MEMORY);
}

/* Standard output stays open (the fuzzers call the program's main again and
 * again in one process): closing a duplicate of its descriptor reports what
 * closing it would (a file system that says its error at close). The error
 * indicator is cleared once said, for the next call in such a process. */
int out_end(int status) {
  int err = fflush(stdout) != 0 ? errno : 0;
  bool failed = err != 0 || ferror(stdout);
  int fd = dup(fileno(stdout));
  if (fd >= 0 && close(fd) != 0 && !failed) {
    err = errno;
    failed = true;
  }
  clearerr(stdout);
  if (!failed) return status;
  out_say("referee: standard output: could not be written%s%s", err ? ": " : "",
          err ? strerror(err) : "");
  return EXIT_ERROR;
}

const char *out_s(unsigned long long n) { return n == 1 ? "" : "s"; }

bool out_may_write(const char *option, const char *path, char *const *inputs, int n) {
  size_t len = strlen(path);
  if (path[0] == '-' && path[1]) { /* `--html --lang fr` wrote a page named --lang */
    out_say("referee: %s %s: a name that looks like an option: not written (give the file's "
            "name first, or ./%s to mean such a file)", option, path, path);
    return false;
  }
  if (len >= 4 && strcasecmp(path + len - 4, ".cgr") == 0) {
    out_say("referee: %s %s: a .cgr name is a game record's: not written over (give the "
            "output another name)", option, path);
    return false;
  }
  struct stat out, in;
  if (stat(path, &out) != 0) return true; /* a new file */
  for (int i = 0; i < n; i++)
    if (strcmp(inputs[i], "-") != 0 && stat(inputs[i], &in) == 0 && in.st_dev == out.st_dev &&
        in.st_ino == out.st_ino) {
      out_say("referee: %s %s: it is also an input: not written over", option, path);
      return false;
    }
  return true;
}
