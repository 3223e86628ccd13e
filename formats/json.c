/* json.c — JSON string escaping, and the reading back of JSON Lines that
 * referee merge needs. Records are valid UTF-8 (the reader checks them), but
 * file names and malformed lines may not be: json_string writes an invalid
 * byte as U+FFFD so that the output is always valid JSON; json_bytes as
 * \u00XX, which json_unescape turns back into the byte. */
#include "json.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

static void write_string(FILE *out, const char *s, bool lossless) {
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
          size_t k = utf8_len((const char *)p);
          if (k == 0 && lossless) {
            fprintf(out, "\\u%04x", *p);
          } else if (k == 0) {
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

void json_string(FILE *out, const char *s) { write_string(out, s, false); }
void json_bytes(FILE *out, const char *s) { write_string(out, s, true); }

/* ---- reading ------------------------------------------------------------ */

static const char *skip_space(const char *p) {
  while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
  return p;
}

/* The end of the string starting at p (its opening quote), past its closing
 * quote; NULL when it does not end. */
static const char *skip_string(const char *p) {
  for (p++; *p && *p != '"'; p++)
    if (*p == '\\' && !*++p) return NULL;
  return *p ? p + 1 : NULL;
}

/* The end of the value starting at p; NULL when it is cut short. */
static const char *skip_value(const char *p) {
  if (*p == '"') return skip_string(p);
  if (*p != '{' && *p != '[') {
    while (*p && *p != ',' && *p != '}' && *p != ']' && *p != ' ' && *p != '\t' && *p != '\r' &&
           *p != '\n')
      p++;
    return p;
  }
  int depth = 0;
  do {
    if (*p == '"') {
      if (!(p = skip_string(p))) return NULL;
      continue;
    }
    if (*p == '{' || *p == '[') depth++;
    else if (*p == '}' || *p == ']') depth--;
    else if (!*p) return NULL;
    p++;
  } while (depth > 0);
  return p;
}

bool json_member(const char *line, const char *key, const char **value, size_t *len) {
  const char *p = skip_space(line);
  if (*p++ != '{') return false;
  size_t klen = strlen(key);
  for (;;) {
    p = skip_space(p);
    if (*p != '"') return false;
    const char *k = p, *ke = skip_string(p);
    if (!ke) return false;
    p = skip_space(ke);
    if (*p++ != ':') return false;
    p = skip_space(p);
    const char *v = p, *ve = skip_value(p);
    if (!ve || ve == v) return false;
    if ((size_t)(ke - k) == klen + 2 && memcmp(k + 1, key, klen) == 0) {
      *value = v;
      *len = (size_t)(ve - v);
      return true;
    }
    p = skip_space(ve);
    if (*p++ != ',') return false;
  }
}

static unsigned hex4(const char *p) {
  char buf[5] = {p[0], p[1], p[2], p[3], 0};
  return (unsigned)strtoul(buf, NULL, 16);
}

/* Appends code point c as UTF-8 (a byte when lossless says so). */
static size_t put_utf8(char *o, unsigned c) {
  if (c < 0x80) {
    o[0] = (char)c;
    return 1;
  }
  if (c < 0x800) {
    o[0] = (char)(0xC0 | c >> 6);
    o[1] = (char)(0x80 | (c & 0x3F));
    return 2;
  }
  if (c < 0x10000) {
    o[0] = (char)(0xE0 | c >> 12);
    o[1] = (char)(0x80 | ((c >> 6) & 0x3F));
    o[2] = (char)(0x80 | (c & 0x3F));
    return 3;
  }
  o[0] = (char)(0xF0 | c >> 18);
  o[1] = (char)(0x80 | ((c >> 12) & 0x3F));
  o[2] = (char)(0x80 | ((c >> 6) & 0x3F));
  o[3] = (char)(0x80 | (c & 0x3F));
  return 4;
}

/* One escape at p (after its backslash) into o; the input consumed in *used. */
static size_t unescape_one(const char *p, const char *end, char *o, size_t *used) {
  static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
  const char *f = strchr(from, *p);
  *used = 1;
  if (*p != 'u') {
    if (!f || !*p) return 0;
    o[0] = to[f - from];
    return 1;
  }
  if (end - p < 5) return 0;
  unsigned c = hex4(p + 1);
  *used = 5;
  if (c >= 0x80 && c <= 0xFF) { /* json_bytes: a raw byte */
    o[0] = (char)c;
    return 1;
  }
  if (c >= 0xD800 && c < 0xDC00 && end - p >= 11 && p[5] == '\\' && p[6] == 'u') {
    unsigned lo = hex4(p + 7);
    if (lo >= 0xDC00 && lo < 0xE000) {
      *used = 11;
      return put_utf8(o, 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00));
    }
  }
  return put_utf8(o, c);
}

bool json_unescape(const char *value, size_t len, char *out, size_t cap) {
  if (len < 2 || value[0] != '"' || value[len - 1] != '"' || cap == 0) return false;
  const char *p = value + 1, *end = value + len - 1;
  size_t n = 0;
  while (p < end && n + 4 < cap) {
    if (*p != '\\') {
      out[n++] = *p++;
      continue;
    }
    size_t used;
    n += unescape_one(p + 1, end, out + n, &used);
    p += 1 + used;
  }
  out[n] = '\0';
  return true;
}

/* ---- checking ------------------------------------------------------------ */

static const char *valid_value(const char *p, int depth);

static const char *valid_string(const char *p) {
  for (p++; *p != '"'; p++) {
    if ((unsigned char)*p < 0x20) return NULL; /* the end, or a raw control */
    if (*p != '\\') continue;
    p++;
    if (*p == 'u') {
      for (int i = 1; i <= 4; i++)
        if (!strchr("0123456789abcdefABCDEF", p[i]) || !p[i]) return NULL;
      p += 4;
    } else if (!*p || !strchr("\"\\/bfnrt", *p)) {
      return NULL;
    }
  }
  return p + 1;
}

static const char *valid_number(const char *p) {
  const char *s = p;
  if (*p == '-') p++;
  if (*p == '0') p++;
  else if (*p >= '1' && *p <= '9') while (*p >= '0' && *p <= '9') p++;
  else return NULL;
  if (*p == '.') {
    if (*++p < '0' || *p > '9') return NULL;
    while (*p >= '0' && *p <= '9') p++;
  }
  if (*p == 'e' || *p == 'E') {
    if (*++p == '+' || *p == '-') p++;
    if (*p < '0' || *p > '9') return NULL;
    while (*p >= '0' && *p <= '9') p++;
  }
  return p > s ? p : NULL;
}

/* Members (object) or elements (array) up to the closing bracket. */
static const char *valid_items(const char *p, int depth, bool object) {
  char close = object ? '}' : ']';
  p = skip_space(p + 1);
  if (*p == close) return p + 1;
  for (;;) {
    if (object) {
      if (*p != '"' || !(p = valid_string(p))) return NULL;
      p = skip_space(p);
      if (*p++ != ':') return NULL;
      p = skip_space(p);
    }
    if (!(p = valid_value(p, depth + 1))) return NULL;
    p = skip_space(p);
    if (*p == close) return p + 1;
    if (*p++ != ',') return NULL;
    p = skip_space(p);
  }
}

static const char *valid_value(const char *p, int depth) {
  if (depth > 64) return NULL;
  if (*p == '{' || *p == '[') return valid_items(p, depth, *p == '{');
  if (*p == '"') return valid_string(p);
  if (strncmp(p, "true", 4) == 0) return p + 4;
  if (strncmp(p, "false", 5) == 0) return p + 5;
  if (strncmp(p, "null", 4) == 0) return p + 4;
  return valid_number(p);
}

bool json_valid_object(const char *line) {
  const char *p = skip_space(line);
  if (*p != '{' || !(p = valid_value(p, 0))) return false;
  return *skip_space(p) == '\0';
}
