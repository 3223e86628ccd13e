/* args.c — the option parsing every subcommand shares (args.h). */
#include "args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "referee: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\nTry 'referee --help'.\n");
  return EXIT_ERROR;
}

_Noreturn void out_of_memory(const char *what) {
  fflush(stdout);
  fprintf(stderr, "referee: %s: out of memory; what was being judged, and all after it, was not\n",
          what);
  exit(EXIT_NO_MEMORY);
}

bool number_arg(const char *v, unsigned long long *out) {
  char *end;
  if (!v || *v < '0' || *v > '9') return false;
  errno = 0;
  *out = strtoull(v, &end, 10);
  return *end == '\0' && errno == 0;
}
