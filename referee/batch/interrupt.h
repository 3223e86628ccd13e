/* interrupt.h — SIGINT and SIGTERM during a run of `referee` or `referee
 * check`.
 *
 * The handler only notes the signal. The run stops at the next statement,
 * or in a read that waits for input (a pipe, a FIFO: the reader asks
 * interrupt_pending when its read is interrupted): what it printed is
 * flushed, standard error says how many records were judged and which one
 * was being read (not judged), and the process dies by the same signal, its
 * default action restored (a shell shows status 128 + N: 130, 143), as an
 * interrupted Unix tool does. A second signal kills at once. A signal
 * ignored when the run starts (nohup, a background job of a script) stays
 * ignored. */
#ifndef INTERRUPT_H
#define INTERRUPT_H

#include <stdbool.h>

#include "game.h"

/* The handlers for the run; interrupt_release puts the earlier ones back
 * (a program that calls the run again and again, the fuzzers, keeps its own). */
void interrupt_catch(void);
void interrupt_release(void);
/* In a --jobs process: the default actions (its parent says what was judged). */
void interrupt_default(void);

/* What the message names: the game whose record is being read, the input
 * it reads, and each record judged (handed over), or n of them at once (the
 * records of a --jobs process, printed by the parent). */
void interrupt_watch(const game_t *g);
void interrupt_input(const char *name);
void interrupt_judged(const record_t *r);
void interrupt_judged_n(unsigned long long n);

/* A signal caught and not yet acted on. */
bool interrupt_pending(void);
/* Acts on it: flushes, says, dies by the signal. */
_Noreturn void interrupt_stop(void);
/* interrupt_stop when a signal is pending. */
void interrupt_check(void);

#endif
