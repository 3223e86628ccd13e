/* args.h — what every subcommand's option parsing shares: a usage error
 * (exit 3, "Try 'referee --help'") and a number argument. */
#ifndef ARGS_H
#define ARGS_H

#include <stdbool.h>

#include "output.h" /* the exit statuses */

/* Says "referee: " fmt (with arg) and how to get help; returns EXIT_ERROR. */
int usage_error(const char *fmt, const char *arg);

/* A non-negative decimal number, whole, within unsigned long long; false
 * when it is not one (empty, a sign, other characters, too large). */
bool number_arg(const char *v, unsigned long long *out);

/* --files0-from, once or more: the names in each of the lists (files of
 * names separated by NUL, as find -print0 and sort -z write them; "-" is
 * standard input), in the order given, after the *nnames names of *names.
 * On success *names is a new array (the caller frees it, and *text, which
 * holds the names); false, said on stderr, when a list cannot be read. */
bool read_name_lists(char *const lists[], int nlists, char ***names, int *nnames, char **text);

/* `referee gen ...` (gen_cli.c, over the generator's gen.h): the exit status. */
int gen_main(int argc, char **argv);

/* `referee --help`, in two strings (C11 promises literals of 4095 bytes):
 * usage.c. */
extern const char referee_usage[], referee_usage_more[];

#endif
