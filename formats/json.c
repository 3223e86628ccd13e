/* json.c — JSON string escaping. Records are valid UTF-8 (the reader checks
 * them), but file names and malformed lines may not be: an invalid byte is
 * written as U+FFFD so that the output is always valid JSON. */
#include "json.h"

#include <stddef.h>

/* Length of the valid UTF-8 sequence at p, or 0. */
static size_t utf8_len(const unsigned char *p) {
  size_t k = p[0] >= 0xF0 && p[0] <= 0xF4 ? 4 : p[0] >= 0xE0 ? 3 : p[0] >= 0xC2 ? 2 : 0;
  if (p[0] >= 0xF5) return 0;
  for (size_t i = 1; i < k; i++)
    if ((p[i] & 0xC0) != 0x80) return 0;
  if (k == 3 && ((p[0] == 0xE0 && p[1] < 0xA0) || (p[0] == 0xED && p[1] > 0x9F))) return 0;
  if (k == 4 && ((p[0] == 0xF0 && p[1] < 0x90) || (p[0] == 0xF4 && p[1] > 0x8F))) return 0;
  return k;
}

void json_string(FILE *out, const char *s) {
  if (!s) {
    fputs("null", out);
    return;
  }
  putc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    switch (*p) {
      case '"': fputs("\\\"", out); break;
      case '\\': fputs("\\\\", out); break;
      case '\n': fputs("\\n", out); break;
      case '\t': fputs("\\t", out); break;
      case '\r': fputs("\\r", out); break;
      default:
        if (*p < 0x20) {
          fprintf(out, "\\u%04x", *p);
        } else if (*p < 0x80) {
          putc(*p, out);
        } else {
          size_t k = utf8_len(p);
          if (k == 0) {
            fputs("\\ufffd", out);
          } else {
            fwrite(p, 1, k, out);
            p += k - 1;
          }
        }
    }
  }
  putc('"', out);
}
