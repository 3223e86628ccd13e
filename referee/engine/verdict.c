/* verdict.c — the helpers of the error object. */
#include "verdict.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void verdict_text(char dst[VERDICT_TEXT], const char *src) {
  size_t n = src ? strlen(src) : 0;
  if (n >= VERDICT_TEXT) {
    n = VERDICT_TEXT - 1;
    while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80) n--; /* src[n] starts a char */
  }
  if (n) memcpy(dst, src, n);
  dst[n] = '\0';
}

bool verdict_fail(verdict_t *v, code_t code, rule_key_t rule, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  v->status = VERDICT_ILLEGAL;
  v->code = code;
  v->rule = rule;
  vsnprintf(v->message, sizeof v->message, fmt, ap);
  va_end(ap);
  return false;
}

void verdict_copy(verdict_t *dst, const verdict_t *src) {
  dst->status = src->status;
  dst->code = src->code;
  dst->line = src->line;
  dst->col = src->col;
  dst->rule = src->rule;
  memcpy(dst->actor, src->actor, strlen(src->actor) + 1);
  memcpy(dst->text, src->text, strlen(src->text) + 1);
  memcpy(dst->message, src->message, strlen(src->message) + 1);
}
