/* args.c — the option parsing every subcommand shares (args.h). */
#include "args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "output.h"

int usage_error(const char *fmt, const char *arg) {
  char what[4096];
  snprintf(what, sizeof what, fmt, arg);
  out_say("referee: %s", what); /* arg, the user's, escaped */
  fputs("Try 'referee --help'.\n", stderr);
  return EXIT_ERROR;
}

bool number_arg(const char *v, unsigned long long *out) {
  char *end;
  if (!v || *v < '0' || *v > '9') return false;
  errno = 0;
  *out = strtoull(v, &end, 10);
  return *end == '\0' && errno == 0;
}
