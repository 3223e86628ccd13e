/* ruleset_yaml.h — a ruleset written back as YAML, for the command line
 * (--list-keys --rules R) and the shards (the rules a shard was judged by);
 * not part of the library. */
#ifndef RULESET_YAML_H
#define RULESET_YAML_H

#include <stdio.h>

#include "ruleset.h"

/* rs as a YAML ruleset: every key of the schema with rs's value, no
 * `extends` (what rs resolves to); it loads back to rs. */
void rs_write_yaml(FILE *out, const ruleset_t *rs);

#endif
