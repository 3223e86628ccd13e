/* json.h — the little JSON the referee writes, and the little it reads back
 * (referee merge reads the JSON Lines of shards: one object per line). */
#ifndef JSON_H
#define JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Writes s as a JSON string, quotes included; NULL writes null. A byte that
 * is not valid UTF-8 is written as U+FFFD, so the output is always valid. */
void json_string(FILE *out, const char *s);
/* The same, but a byte that is not valid UTF-8 is written \u00XX (XX >= 80),
 * which json_unescape reads back as that byte: the text survives a round
 * trip byte for byte (other readers see a Latin-1 character). */
void json_bytes(FILE *out, const char *s);


/* The raw value of the top-level member `key` of the object on line (a
 * string with its quotes, a number, true, an object...); false when absent
 * or when the line is not an object. */
bool json_member(const char *line, const char *key, const char **value, size_t *len);
/* A JSON string value (quotes included) decoded into out (NUL-terminated,
 * cut at cap - 1); false when it is not a string. */
bool json_unescape(const char *value, size_t len, char *out, size_t cap);

/* The whole line is one JSON object, well formed (RFC 8259; surrounding
 * blanks allowed): what merge asks of each line of a shard's output. */
bool json_valid_object(const char *line);

#endif
