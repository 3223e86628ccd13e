/* fuzz_json.c — libFuzzer harness for formats/json.c: the writers
 * (json_string, json_bytes, and utf8_len: the one check of UTF-8, which they
 * use) and the reader referee merge uses
 * (json_valid_object, json_member, json_unescape), each held to a reference
 * written here from RFC 8259 and Unicode's table of well-formed UTF-8.
 *
 * The input, up to its first NUL, is both a string to write and a line to
 * read. Invariants:
 *   1. utf8_len agrees with the reference at every byte >= 0x80;
 *   2. json_bytes output is ASCII but for whole valid UTF-8 sequences, holds
 *      no raw control byte, and json_unescape reads it back byte for byte;
 *      json_string output is valid UTF-8 and reads back as the input with
 *      each byte that is not valid UTF-8 as U+FFFD;
 *   3. both, as the value of "k" in {"a":X,"k":X,"b":[X,{"c":X}]}, make a
 *      line json_valid_object accepts, and json_member finds each member's
 *      exact value;
 *   4. on the input as a line, json_valid_object says what the reference
 *      validator says (nesting up to 60 levels; the product stops at 64);
 *   5. on a valid line, json_member(line, key) gives the first top-level
 *      member of that key (raw bytes, as merge looks keys up) and exactly its
 *      value's bytes, and json_unescape of a string value gives the
 *      reference decoding (\u0080 to \u00ff are raw bytes: json_bytes), also
 *      cut short to a small buffer (a prefix, NUL-terminated, under cap);
 *   6. on any line, a value json_member returns lies inside the line.
 * Bug 4 of docs/fuzzing.md, found by this harness (a number, true, false or
 * null followed by a tab, CR or LF came with that blank), was fixed in commit
 * a60d445.
 *
 * Build and run: tests/fuzz/run.sh; see docs/fuzzing.md. */
#define _XOPEN_SOURCE 700
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "json.h"
#include "utf8.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzz_name = "fuzz_json";
  return 0;
}

/* ---- the references ------------------------------------------------------ */

static bool valid_utf8(const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  for (size_t i = 0; i < n;) {
    if (p[i] < 0x80) {
      i++;
      continue;
    }
    size_t k = fuzz_utf8_len(p + i, n - i);
    if (!k || i + k > n) return false;
    i += k;
  }
  return true;
}

typedef struct {
  const char *key, *value; /* raw: the key without its quotes */
  size_t key_len, value_len;
} member_t;

enum { MAX_MEMBERS = 64, REF_DEPTH = 60 };

typedef struct {
  int depth, max_depth;
  member_t members[MAX_MEMBERS];
  int nmembers;
  bool too_many;
} ref_t;

static const char *ref_ws(const char *p) {
  while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
  return p;
}

static bool is_hex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static const char *ref_string(const char *p) {
  if (*p++ != '"') return NULL;
  for (;;) {
    unsigned char c = (unsigned char)*p;
    if (c == '"') return p + 1;
    if (c < 0x20) return NULL;
    if (c != '\\') {
      p++;
      continue;
    }
    p++;
    if (*p == 'u') {
      for (int i = 1; i <= 4; i++)
        if (!is_hex(p[i])) return NULL;
      p += 5;
    } else if (*p && strchr("\"\\/bfnrt", *p)) {
      p++;
    } else {
      return NULL;
    }
  }
}

static bool digit(char c) { return c >= '0' && c <= '9'; }

static const char *ref_number(const char *p) {
  if (*p == '-') p++;
  if (*p == '0') p++;
  else if (*p >= '1' && *p <= '9') while (digit(*p)) p++;
  else return NULL;
  if (*p == '.') {
    p++;
    if (!digit(*p)) return NULL;
    while (digit(*p)) p++;
  }
  if (*p == 'e' || *p == 'E') {
    p++;
    if (*p == '+' || *p == '-') p++;
    if (!digit(*p)) return NULL;
    while (digit(*p)) p++;
  }
  return p;
}

static const char *ref_value(ref_t *r, const char *p);

static const char *ref_container(ref_t *r, const char *p, bool object, bool top) {
  char close = object ? '}' : ']';
  if (++r->depth > r->max_depth) r->max_depth = r->depth;
  if (r->depth > REF_DEPTH + 8) return NULL; /* deep enough to say nothing */
  p = ref_ws(p + 1);
  if (*p == close) {
    r->depth--;
    return p + 1;
  }
  for (;;) {
    const char *k = p, *v;
    if (object) {
      if (!(p = ref_string(p))) return NULL;
      const char *ke = p;
      p = ref_ws(p);
      if (*p++ != ':') return NULL;
      p = ref_ws(p);
      v = p;
      if (!(p = ref_value(r, p))) return NULL;
      if (top && r->nmembers < MAX_MEMBERS)
        r->members[r->nmembers++] = (member_t){k + 1, v, (size_t)(ke - k - 2), (size_t)(p - v)};
      else if (top) r->too_many = true;
    } else if (!(p = ref_value(r, p))) {
      return NULL;
    }
    p = ref_ws(p);
    if (*p == close) {
      r->depth--;
      return p + 1;
    }
    if (*p++ != ',') return NULL;
    p = ref_ws(p);
  }
}

static const char *ref_value(ref_t *r, const char *p) {
  if (*p == '{' || *p == '[') return ref_container(r, p, *p == '{', false);
  if (*p == '"') return ref_string(p);
  if (strncmp(p, "true", 4) == 0) return p + 4;
  if (strncmp(p, "false", 5) == 0) return p + 5;
  if (strncmp(p, "null", 4) == 0) return p + 4;
  return ref_number(p);
}

/* Whether the line is one object; its top-level members in r. */
static bool ref_object(ref_t *r, const char *line) {
  memset(r, 0, sizeof *r);
  const char *p = ref_ws(line);
  if (*p != '{' || !(p = ref_container(r, p, true, true))) return false;
  return *ref_ws(p) == '\0';
}

static size_t put_utf8(unsigned char *o, unsigned c) {
  if (c < 0x80) return o[0] = (unsigned char)c, 1;
  if (c < 0x800) {
    o[0] = (unsigned char)(0xC0 | c >> 6);
    o[1] = (unsigned char)(0x80 | (c & 0x3F));
    return 2;
  }
  if (c < 0x10000) {
    o[0] = (unsigned char)(0xE0 | c >> 12);
    o[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
    o[2] = (unsigned char)(0x80 | (c & 0x3F));
    return 3;
  }
  o[0] = (unsigned char)(0xF0 | c >> 18);
  o[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3F));
  o[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
  o[3] = (unsigned char)(0x80 | (c & 0x3F));
  return 4;
}

static unsigned hex_value(const char *p) {
  unsigned v = 0;
  for (int i = 0; i < 4; i++) {
    char c = p[i];
    v = v * 16 + (unsigned)(digit(c) ? c - '0' : (c | 0x20) - 'a' + 10);
  }
  return v;
}

/* A valid JSON string (quotes included) decoded as json.h documents it:
 * \u0080..\u00ff as that byte (json_bytes), a surrogate pair as its
 * character, any other \uXXXX as its UTF-8 bytes. Returns the length. */
static size_t ref_decode(const char *v, size_t len, unsigned char *out) {
  const char *p = v + 1, *end = v + len - 1;
  size_t n = 0;
  static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
  while (p < end) {
    if (*p != '\\') {
      out[n++] = (unsigned char)*p++;
      continue;
    }
    if (p[1] != 'u') {
      out[n++] = (unsigned char)to[strchr(from, p[1]) - from];
      p += 2;
      continue;
    }
    unsigned c = hex_value(p + 2);
    p += 6;
    if (c >= 0x80 && c <= 0xFF) {
      out[n++] = (unsigned char)c;
    } else if (c >= 0xD800 && c < 0xDC00 && end - p >= 6 && p[0] == '\\' && p[1] == 'u' &&
               hex_value(p + 2) >= 0xDC00 && hex_value(p + 2) < 0xE000) {
      n += put_utf8(out + n, 0x10000 + ((c - 0xD800) << 10) + (hex_value(p + 2) - 0xDC00));
      p += 6;
    } else {
      n += put_utf8(out + n, c);
    }
  }
  return n;
}

/* ---- the checks ------------------------------------------------------------ */

static char *written(void (*write)(FILE *, const char *), const char *s, size_t *len) {
  char *buf = NULL;
  FILE *m = open_memstream(&buf, len);
  if (!m) fuzz_fail("out of memory");
  write(m, s);
  fclose(m);
  return buf;
}

/* 1 */
static void check_utf8_len(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if ((unsigned char)s[i] < 0x80) continue;
    size_t got = utf8_len(s + i), want = fuzz_utf8_len((const unsigned char *)s + i, n - i);
    FUZZ_ASSERT(got == want, "utf8_len at byte %zu (0x%02x): %zu, not %zu", i,
                (unsigned char)s[i], got, want);
  }
}

/* The input as json_string reads it back: each invalid byte as U+FFFD. */
static size_t replaced(const char *s, size_t n, char *out) {
  size_t o = 0;
  for (size_t i = 0; i < n;) {
    size_t k = (unsigned char)s[i] < 0x80 ? 1 : fuzz_utf8_len((const unsigned char *)s + i, n - i);
    if (k == 0) {
      memcpy(out + o, "\xEF\xBF\xBD", 3);
      o += 3;
      i++;
    } else {
      memcpy(out + o, s + i, k);
      o += k;
      i += k;
    }
  }
  return o;
}

static void member_is(const char *line, const char *key, const char *value, size_t len) {
  const char *v;
  size_t vl;
  FUZZ_ASSERT(json_member(line, key, &v, &vl), "json_member found no \"%s\" in %.200s", key, line);
  FUZZ_ASSERT(vl == len && memcmp(v, value, len) == 0,
              "json_member(\"%s\") gave %.*s, not %.*s", key, (int)(vl < 200 ? vl : 200), v,
              (int)(len < 200 ? len : 200), value);
}

/* 2, 3 */
static void check_writers(const char *s, size_t n) {
  size_t blen, slen;
  char *b = written(json_bytes, s, &blen), *j = written(json_string, s, &slen);
  FUZZ_ASSERT(valid_utf8(b, blen) && valid_utf8(j, slen), "a writer's output is not UTF-8");
  for (size_t i = 0; i < blen; i++)
    FUZZ_ASSERT((unsigned char)b[i] >= 0x20, "json_bytes wrote a raw control byte");
  for (size_t i = 0; i < slen; i++)
    FUZZ_ASSERT((unsigned char)j[i] >= 0x20, "json_string wrote a raw control byte");
  size_t cap = 3 * n + 8;
  char *out = malloc(cap), *want = malloc(cap);
  FUZZ_ASSERT(json_unescape(b, blen, out, cap), "json_unescape refused json_bytes' output");
  FUZZ_ASSERT(strlen(out) == n && memcmp(out, s, n) == 0,
              "json_bytes did not read back byte for byte: %s", b);
  size_t wn = replaced(s, n, want);
  FUZZ_ASSERT(json_unescape(j, slen, out, cap), "json_unescape refused json_string's output");
  FUZZ_ASSERT(strlen(out) == wn && memcmp(out, want, wn) == 0,
              "json_string did not read back as its input with U+FFFD: %s", j);
  const char *const outs[2] = {b, j};
  const size_t lens[2] = {blen, slen};
  for (int w = 0; w < 2; w++) {
    const char *x = outs[w];
    size_t xl = lens[w];
    char *line = malloc(4 * xl + 64);
    sprintf(line, "{\"a\":%s,\"k\":%s,\"b\":[%s,{\"c\":%s}]}", x, x, x, x);
    FUZZ_ASSERT(json_valid_object(line), "json_valid_object refused %s", line);
    member_is(line, "a", x, xl);
    member_is(line, "k", x, xl);
    const char *arr = strstr(line, ",\"b\":") + 5;
    member_is(line, "b", arr, strlen(arr) - 1);
    const char *v;
    size_t vl;
    FUZZ_ASSERT(!json_member(line, "c", &v, &vl), "json_member found a nested key");
    free(line);
  }
  free(out);
  free(want);
  free(b);
  free(j);
}

/* 4, 5, 6 */
static void check_reader(const char *line, size_t n, unsigned cap_byte) {
  ref_t *r = malloc(sizeof *r);
  bool want = ref_object(r, line), got = json_valid_object(line);
  if (r->max_depth <= REF_DEPTH)
    FUZZ_ASSERT(got == want, "json_valid_object says %d, the reference %d: %.300s", got, want,
                line);
  if (!want || r->max_depth > REF_DEPTH || r->too_many) {
    /* 6: whatever it finds lies in the line */
    static const char *const keys[] = {"verdict", "segment", "shard", "ok", "a", ""};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
      const char *v;
      size_t vl;
      if (json_member(line, keys[i], &v, &vl))
        FUZZ_ASSERT(v >= line && vl > 0 && v + vl <= line + n, "json_member out of the line");
    }
    free(r);
    return;
  }
  unsigned char *dec = malloc(n + 8);
  char *out = malloc(n + 8);
  for (int m = 0; m < r->nmembers; m++) {
    member_t *mb = &r->members[m];
    bool first = true;
    for (int e = 0; e < m && first; e++)
      if (r->members[e].key_len == mb->key_len &&
          memcmp(r->members[e].key, mb->key, mb->key_len) == 0)
        first = false;
    if (!first || memchr(mb->key, '\0', mb->key_len)) continue;
    char *key = strndup(mb->key, mb->key_len);
    const char *v;
    size_t vl;
    bool found = json_member(line, key, &v, &vl);
    FUZZ_ASSERT(found, "json_member found no \"%s\" in a valid object: %.300s", key, line);
    FUZZ_ASSERT(v == mb->value && vl == mb->value_len,
                "json_member(\"%s\") gave %zu bytes at offset %td, not %zu at %td: %.300s", key,
                vl, v - line, mb->value_len, mb->value - line, line);
    if (mb->value[0] == '"') {
      size_t dn = ref_decode(mb->value, mb->value_len, dec);
      size_t upto = 0;
      while (upto < dn && dec[upto]) upto++; /* a \u0000 ends the C string */
      FUZZ_ASSERT(json_unescape(mb->value, mb->value_len, out, n + 8),
                  "json_unescape refused a string");
      FUZZ_ASSERT(strlen(out) == upto && memcmp(out, dec, upto) == 0,
                  "json_unescape of %.*s differs from the reference", (int)mb->value_len,
                  mb->value);
      size_t cap = 1 + cap_byte % 16;
      char small[17];
      memset(small, 'X', sizeof small);
      FUZZ_ASSERT(json_unescape(mb->value, mb->value_len, small, cap),
                  "json_unescape refused (cap)");
      size_t sl = strnlen(small, cap);
      FUZZ_ASSERT(sl < cap && sl <= upto && memcmp(small, dec, sl) == 0 && small[cap] == 'X',
                  "json_unescape with cap %zu: not a prefix under cap", cap);
    } else {
      FUZZ_ASSERT(!json_unescape(mb->value, mb->value_len, out, n + 8),
                  "json_unescape took a value that is no string");
    }
    free(key);
  }
  free(dec);
  free(out);
  free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *s = malloc(size + 4);
  memcpy(s, data, size);
  memset(s + size, 0, 4);
  size_t n = strlen(s);
  check_utf8_len(s, n);
  check_writers(s, n);
  check_reader(s, n, size ? data[size - 1] : 0u);
  free(s);
  return 0;
}
