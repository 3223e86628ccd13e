/* merge.h — `referee merge`: the JSON Lines of the shards of one run
 * (--shard K/N, with --json; or check --json) combined into what one run
 * over everything prints, with its exit status. */
#ifndef MERGE_H
#define MERGE_H

int merge_main(int argc, char **argv);

#endif
