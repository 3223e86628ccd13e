/* relay.c — results and blocks from --jobs processes (relay.h). A frame is
 * a kind byte, a header of fixed size, then its bytes. */
#include "relay.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int32_t record, ok;
  uint32_t record_line, at;
  uint32_t file_len, why_len;
} head_t;

void relay_result(FILE *side, const result_t *r) {
  head_t h = {r->record, r->ok, r->record_line, r->at, (uint32_t)strlen(r->file),
              (uint32_t)strlen(r->why)};
  fputc('R', side);
  fwrite(&h, sizeof h, 1, side);
  fwrite(r->file, 1, h.file_len, side);
  fwrite(r->why, 1, h.why_len, side);
}

void relay_block(FILE *side, char kind, const void *data, size_t len) {
  uint32_t n = (uint32_t)len;
  fputc(kind, side);
  fwrite(&n, sizeof n, 1, side);
  fwrite(data, 1, len, side);
}

/* n bytes of side into a buffer grown as needed; false when short. */
static bool take(FILE *side, char **buf, size_t *cap, size_t n, unsigned long long *left) {
  if (n > *left) return false;
  if (n + 2 > *cap) {
    char *grown = realloc(*buf, n + 2);
    if (!grown) return false;
    *buf = grown;
    *cap = n + 2;
  }
  if (fread(*buf, 1, n, side) != n) return false;
  *left -= n;
  return true;
}

void relay_take(FILE *side, unsigned long long len, const relay_sink_t *sink) {
  char *buf = NULL, *names = NULL;
  size_t cap = 0, names_cap = 0;
  rewind(side);
  for (int kind; len > 0 && (kind = fgetc(side)) != EOF;) {
    len--;
    if (kind == 'R') {
      head_t h;
      if (!take(side, &buf, &cap, sizeof h, &len)) break;
      memcpy(&h, buf, sizeof h);
      if (!take(side, &names, &names_cap, h.file_len, &len)) break;
      names[h.file_len] = '\0';
      if (!take(side, &buf, &cap, h.why_len, &len)) break;
      buf[h.why_len] = '\0';
      result_t r = {names, h.record, h.record_line, h.at, h.ok != 0, buf};
      sink->result(sink->ctx, &r);
      continue;
    }
    uint32_t n;
    if (!take(side, &buf, &cap, sizeof n, &len)) break;
    memcpy(&n, buf, sizeof n);
    if (!take(side, &buf, &cap, n, &len)) break;
    if (sink->block) sink->block(sink->ctx, (char)kind, buf, n);
  }
  free(buf);
  free(names);
}
