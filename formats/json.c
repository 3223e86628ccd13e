/* json.c — JSON string escaping. Input is valid UTF-8 (the reader checks
 * it), so bytes >= 0x80 pass through. */
#include "json.h"

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
        if (*p < 0x20) fprintf(out, "\\u%04x", *p);
        else putc(*p, out);
    }
  }
  putc('"', out);
}
