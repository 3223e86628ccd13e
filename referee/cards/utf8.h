/* utf8.h — the one check of UTF-8 (RFC 3629: no overlong form, no
 * surrogate, nothing past U+10FFFF), which the reader (a record's lines),
 * the text output (what a terminal is shown) and JSON (what is escaped) all
 * use. */
#ifndef UTF8_H
#define UTF8_H

#include <stddef.h>

/* The length (2 to 4) of the valid sequence of several bytes that starts at
 * s, or 0 when s[0] is ASCII or starts no valid sequence. s is read no
 * further than the first byte that does not fit, so a NUL-terminated string
 * is read safely. */
size_t utf8_len(const char *s);

#endif
