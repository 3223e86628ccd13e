/* interrupt.c — SIGINT and SIGTERM during a run (interrupt.h). */
#define _POSIX_C_SOURCE 200809L
#include "interrupt.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cgr.h"
#include "i18n.h"
#include "output.h"

static const int caught_signals[] = {SIGINT, SIGTERM};
enum { NSIG_CAUGHT = sizeof caught_signals / sizeof *caught_signals };

static volatile sig_atomic_t pending;      /* the signal caught, 0 */
static struct sigaction before[NSIG_CAUGHT];
static bool installed[NSIG_CAUGHT];

/* What the message says: every record handed over, the last one's file and
 * number, the game reading the next, the input it reads. */
static struct {
  unsigned long long judged;
  const char *last_file;
  int last_index;
  const game_t *game;
  const char *input;
} seen;

static void on_signal(int sig) {
  if (pending) { /* a second signal: at once */
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  pending = sig;
}

void interrupt_catch(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0; /* no SA_RESTART: a read that waits returns, and the reader asks */
  for (int i = 0; i < NSIG_CAUGHT; i++) {
    installed[i] = false;
    if (sigaction(caught_signals[i], NULL, &before[i]) != 0 || before[i].sa_handler == SIG_IGN)
      continue; /* ignored when the run starts: it stays so */
    installed[i] = sigaction(caught_signals[i], &sa, NULL) == 0;
  }
  pending = 0;
  memset(&seen, 0, sizeof seen);
  cgr_stop_reads_when(interrupt_pending);
}

void interrupt_release(void) {
  for (int i = 0; i < NSIG_CAUGHT; i++)
    if (installed[i]) sigaction(caught_signals[i], &before[i], NULL);
  memset(installed, 0, sizeof installed);
  cgr_stop_reads_when(NULL);
}

void interrupt_default(void) {
  for (int i = 0; i < NSIG_CAUGHT; i++)
    if (installed[i]) signal(caught_signals[i], SIG_DFL);
  cgr_stop_reads_when(NULL);
}

void interrupt_watch(const game_t *g) { seen.game = g; }
void interrupt_input(const char *name) { seen.input = name; }

void interrupt_judged(const record_t *r) {
  seen.judged++;
  seen.last_file = r->file;
  seen.last_index = r->index;
}

void interrupt_judged_n(unsigned long long n) { seen.judged += n; }

bool interrupt_pending(void) { return pending != 0; }

/* The record being read, when one has begun and was not handed over. */
static const record_t *being_read(void) {
  const record_t *r = seen.game ? game_record(seen.game) : NULL;
  if (!r || !r->file || r->index < 1) return NULL;
  if (r->file == seen.last_file && r->index == seen.last_index) return NULL;
  return r;
}

_Noreturn void interrupt_stop(void) {
  int sig = (int)pending;
  const char *name = sig == SIGINT ? "SIGINT" : "SIGTERM";
  const record_t *r = being_read();
  char what[1024] = "";
  fflush(stdout); /* every verdict printed so far stays */
  if (r)
    snprintf(what, sizeof what, _("; record %d of %s (from line %u) was being read: not judged"),
             r->index, r->file, r->start_line);
  else if (seen.input)
    snprintf(what, sizeof what, _("; %s was being read, no record of it begun"), seen.input);
  out_say(P_("referee: interrupted by %s: %llu record judged%s",
             "referee: interrupted by %s: %llu records judged%s", seen.judged),
          name, seen.judged, what);
  fflush(stderr);
  signal(sig, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  raise(sig);
  _exit(128 + sig); /* not reached: the default action ends the process */
}

void interrupt_check(void) {
  if (pending) interrupt_stop();
}
