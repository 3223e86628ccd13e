/* args.c — the option parsing every subcommand shares (args.h). */
#include "args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* One list's bytes at the end of *text (growing it), then a NUL, so that
 * the next list's first name stays its own. False, with errno, when the
 * list cannot be read whole. */
static bool append_list(const char *path, char **text, size_t *len, size_t *cap) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  bool ok = f != NULL;
  for (size_t got = 1; ok && got > 0; *len += got) {
    got = 0;
    if (*cap - *len < 4096) {
      char *grown = realloc(*text, 2 * *cap + 65536);
      if (!grown) out_of_memory(path);
      *text = grown;
      *cap = 2 * *cap + 65536;
    }
    got = fread(*text + *len, 1, *cap - *len - 1, f);
  }
  if (f && ferror(f)) ok = false;
  int err = errno;
  if (f && f != stdin) fclose(f);
  errno = err;
  if (ok && *len > 0 && (*text)[*len - 1] != '\0') (*text)[(*len)++] = '\0';
  return ok;
}

bool read_name_lists(char *const lists[], int nlists, char ***names, int *nnames, char **text) {
  size_t len = 0, cap = 0, n = 0;
  *text = NULL;
  for (int k = 0; k < nlists; k++)
    if (!append_list(lists[k], text, &len, &cap)) {
      out_say("referee: --files0-from %s: cannot read the list of files: %s", lists[k],
              strerror(errno));
      return false;
    }
  for (size_t i = 0; i < len; i++) n += (*text)[i] == '\0';
  char **all = malloc(sizeof *all * ((size_t)*nnames + n + 1));
  if (!all) out_of_memory("--files0-from");
  memcpy(all, *names, sizeof *all * (size_t)*nnames);
  for (char *p = *text; p && p < *text + len; p += strlen(p) + 1)
    if (*p) all[(*nnames)++] = p;
  *names = all;
  return true;
}
