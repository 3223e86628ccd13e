/* output.h — what the program prints around its reports: messages on
 * stderr, and the end of standard output.
 *
 * A message may hold user data — a file name, a ruleset's value, an
 * option's value — so every byte a terminal would act on is shown as \xNN,
 * by the escaper the text report uses for a record's text (report_put): a
 * ruleset or a file name cannot retitle the window or clear the screen of
 * whoever reads the message. */
#ifndef OUTPUT_H
#define OUTPUT_H

#include <stdarg.h>
#include <stdbool.h>

#include "verdict.h"

enum { EXIT_LEGAL = 0, EXIT_ILLEGAL = 1, EXIT_MALFORMED = 2, EXIT_ERROR = 3, EXIT_NO_MEMORY = 4 };

/* The message fmt makes, escaped (report_put), then a newline, to stderr in
 * one write. The caller gives the prefix ("referee: ..."). */
void out_say(const char *fmt, ...) PRINTF_LIKE(1, 2);
void out_vsay(const char *fmt, va_list ap);

/* An output file named by an option (--html FILE, --junit FILE) is never a
 * game record the user gave: not a path ending in .cgr (the option's value
 * taken from a list of records: `--html *.cgr` would write over the first),
 * nor the same file as one of inputs[0..n), nor a name that starts with '-'
 * (the next option taken as the value: `--html --lang fr`). True when path may be written;
 * false, said ("referee: OPTION PATH: ..."), when it may not. */
bool out_may_write(const char *option, const char *path, char *const *inputs, int n);

/* Out of memory: says "referee: " what ": out of memory" and that nothing more
 * was judged, and ends the program with EXIT_NO_MEMORY (what was printed
 * before stays, flushed: every record it shows was judged whole). Never a
 * verdict: the record being read when memory ran out is not reported. */
_Noreturn void out_of_memory(const char *what);

/* The end of standard output: flushed and checked (not closed). A write that
 * failed at any time (a full disk, a closed descriptor) makes the exit status
 * 3 with a message, never `status` with the output lost. Returns the exit
 * status to end with. */
int out_end(int status);

/* The English plural's ending for a count: "" for 1, else "s" ("1 record",
 * "2 records"). For the figures printed in English only (--stats, gen
 * --stats, merge's summary, check --coverage's headings); a sentence that is
 * translated picks its form with P_() (i18n.h). */
const char *out_s(unsigned long long n);

#endif
