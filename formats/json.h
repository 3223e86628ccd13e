/* json.h — the little JSON writing the referee needs (no reading). */
#ifndef JSON_H
#define JSON_H

#include <stdio.h>

/* Writes s as a JSON string, quotes included; NULL writes null. */
void json_string(FILE *out, const char *s);

#endif
