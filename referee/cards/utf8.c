/* utf8.c — the one check of UTF-8 (utf8.h). */
#include "utf8.h"

size_t utf8_len(const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  size_t k = p[0] >= 0xF0 && p[0] <= 0xF4   ? 4
             : p[0] >= 0xE0 && p[0] <= 0xEF ? 3
             : p[0] >= 0xC2 && p[0] <= 0xDF ? 2
                                            : 0;
  for (size_t i = 1; i < k; i++)
    if ((p[i] & 0xC0) != 0x80) return 0;
  if (k == 3 && ((p[0] == 0xE0 && p[1] < 0xA0) || (p[0] == 0xED && p[1] > 0x9F))) return 0;
  if (k == 4 && ((p[0] == 0xF0 && p[1] < 0x90) || (p[0] == 0xF4 && p[1] > 0x8F))) return 0;
  return k;
}
