/* verdict.c — the one helper the error object needs. */
#include "verdict.h"

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
