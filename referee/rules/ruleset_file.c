/* ruleset_file.c — a ruleset's text before libyaml reads it: the file read
 * safely, and the nesting that would make libyaml's scanner slow refused
 * (ruleset_file.h). No YAML here: ruleset_load.c is libyaml's one module. */
#define _POSIX_C_SOURCE 200809L
#include "ruleset_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_FLOW_DEPTH = 32 };

/* libyaml's scanner is quadratic in the depth of flow collections ([[[[...),
 * so a hostile file could hang it; no ruleset nests more than a few levels.
 * This scan skips quoted scalars and comments and refuses deep nesting. */
bool rs_check_flow_depth(const char *text, size_t len, rs_error_t *err) {
  unsigned line = 1, col = 0, depth = 0;
  char quote = 0;
  bool comment = false;
  for (size_t i = 0; i < len; i++) {
    char c = text[i];
    col++;
    if (c == '\n') {
      line++;
      col = 0;
      comment = false;
      continue;
    }
    if (comment) continue;
    if (quote) {
      if (c == '\\' && quote == '"' && i + 1 < len) i++, col++;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    else if (c == '#' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t')) comment = true;
    else if (c == '[' || c == '{') {
      if (++depth > MAX_FLOW_DEPTH) {
        err->line = line;
        err->col = col;
        snprintf(err->message, sizeof err->message, "nesting deeper than %d levels",
                 MAX_FLOW_DEPTH);
        return false;
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      depth--;
    }
  }
  return true;
}

/* Reads a ruleset file: a regular file only (a FIFO, a device or standard
 * input is refused without blocking), whose size the system knows (a /proc
 * file, reporting 0 bytes, is refused unread), at most MAX_RULESET_BYTES. */
char *rs_read_file(const char *path, size_t *n, struct stat *sb, rs_error_t *err) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
  const char *why = fd < 0 ? strerror(errno) : NULL;
  if (fd >= 0 && fstat(fd, sb) != 0) why = strerror(errno);
  else if (fd >= 0 && !S_ISREG(sb->st_mode)) why = "not a regular file (a FIFO, a device?)";
  else if (fd >= 0 && sb->st_size == 0) why = "an empty file, or one whose size is unknown (/proc?)";
  else if (fd >= 0 && sb->st_size > MAX_RULESET_BYTES) why = "file larger than 1 MB";
  char *buf = why ? NULL : malloc((size_t)sb->st_size + 1);
  if (!why && !buf) {
    if (fd >= 0) close(fd);
    snprintf(err->message, sizeof err->message, "out of memory");
    err->no_memory = true;
    return NULL;
  }
  *n = 0;
  while (!why && *n < (size_t)sb->st_size) {
    ssize_t got = read(fd, buf + *n, (size_t)sb->st_size - *n);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) why = got < 0 ? strerror(errno) : "the file changed while read";
    else *n += (size_t)got;
  }
  if (fd >= 0) close(fd);
  if (!why) return buf;
  free(buf);
  snprintf(err->message, sizeof err->message, "cannot %s: %s", fd < 0 ? "open" : "read", why);
  return NULL;
}

