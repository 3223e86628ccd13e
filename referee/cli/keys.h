/* keys.h — `referee --list-keys`: the ruleset schema's keys, their types,
 * defaults and meaning, written as a YAML ruleset of the defaults. */
#ifndef KEYS_H
#define KEYS_H

#include <stdio.h>

void keys_list(FILE *out);

#endif
