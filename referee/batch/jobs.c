/* jobs.c — tasks in parallel processes (jobs.h). Records are independent,
 * so a task's verdicts do not depend on which process reads them; each child
 * writes to a temporary file of its own, and the parent prints them in the
 * order the tasks were started. Outputs wait in a ring of 4 * max slots:
 * memory and temporary files stay bounded however many tasks there are.
 *
 * A child says what it has done in memory it shares with the parent, two
 * copies and the index of the one last written whole: a child killed at any
 * instruction leaves counts that match the output it had written. The
 * parent prints that output and no more, and says what was not judged. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "jobs.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
  job_counts_t c[2];
  atomic_int cur; /* the copy last written whole */
} shared_t;

typedef struct {
  pid_t pid;
  FILE *out, *side;
  int status;     /* -1 while running */
  int signal;     /* the signal that ended it, or 0 */
  job_span_t span;
} slot_t;

struct jobs {
  int max, cap;
  int head, used, running; /* the oldest slot whose output is not printed yet */
  int worst;
  job_counts_t totals;
  job_side_t side;
  void *side_ctx;
  slot_t *slots;
  shared_t *shared;        /* one per slot, written by the child */
};

jobs_t *jobs_new(int max, job_side_t side, void *side_ctx) {
  jobs_t *j = calloc(1, sizeof *j);
  if (!j) return NULL;
  j->max = max < 1 ? 1 : max;
  j->cap = 4 * j->max;
  j->side = side;
  j->side_ctx = side_ctx;
  j->slots = calloc((size_t)j->cap, sizeof *j->slots);
  j->shared = mmap(NULL, sizeof *j->shared * (size_t)j->cap, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (!j->slots || j->shared == MAP_FAILED) {
    free(j->slots);
    free(j);
    return NULL;
  }
  return j;
}

/* ---- in the child ------------------------------------------------------- */

static shared_t *mine; /* set in a task's process only */
static job_counts_t now;
static FILE *side_out;

static void commit(void) {
  if (!mine) return;
  fflush(stdout);
  off_t at = lseek(STDOUT_FILENO, 0, SEEK_CUR);
  now.out = at > 0 ? (unsigned long long)at : 0;
  if (side_out) {
    fflush(side_out);
    off_t s = ftello(side_out);
    now.side = s > 0 ? (unsigned long long)s : 0;
  }
  int next = 1 - atomic_load(&mine->cur);
  mine->c[next] = now;
  atomic_store_explicit(&mine->cur, next, memory_order_release);
}

/* A commit costs a system call (the output's position), so it comes every
 * COMMIT_EVERY records rather than every record and every file: 7,600 calls
 * on a 100 MB file, 2,000 on as many small files, at 1.4 us each on this
 * machine. `now` is always what the process has done, and a commit takes
 * it with the bytes that hold it, so a commit at any moment is true. */
enum { COMMIT_EVERY = 16 };
static unsigned long long pending; /* judged, not yet added to now */
static unsigned since;             /* records judged since the last commit */

static void take_pending(void) {
  now.records += pending;
  now.file_records += pending;
  pending = 0;
}

void jobs_judged(unsigned long long records) {
  if (!mine) return;
  pending += records;
  since += (unsigned)records;
  if (since < COMMIT_EVERY) return;
  take_pending();
  commit();
  since = 0;
}

void jobs_file_done(void) {
  take_pending();
  now.files++;
  now.file_records = 0;
}

void jobs_actions(unsigned long long actions) { now.actions = actions; }

FILE *jobs_side(void) { return side_out; }

/* ---- in the parent ------------------------------------------------------ */

/* n bytes of f (all of it: n = -1) to out. */
static void copy_out(FILE *f, unsigned long long n, FILE *out) {
  char buf[1 << 16];
  size_t got;
  rewind(f);
  while (n > 0 && (got = fread(buf, 1, n < sizeof buf ? (size_t)n : sizeof buf, f)) > 0) {
    fwrite(buf, 1, got, out);
    n -= got;
  }
  fflush(out);
}

/* What a task that died (or never started) did not judge, on stderr. */
static void say_lost(const slot_t *s, const job_counts_t *c) {
  const job_span_t *sp = &s->span;
  char why[128];
  if (s->signal > 0)
    snprintf(why, sizeof why, "the process judging them was killed by signal %d (%s)", s->signal,
             strsignal(s->signal));
  else snprintf(why, sizeof why, s->signal ? "the process judging them was lost"
                                           : "no process could be started for them");
  if (sp->nbatch > 0) {
    int k = c->files < (unsigned long long)sp->nbatch ? (int)c->files : sp->nbatch - 1;
    int after = sp->nbatch - k - 1;
    fprintf(stderr, "referee: %s: records from %llu on were not judged", sp->batch[k],
            c->file_records + 1);
    if (after > 0)
      fprintf(stderr, ", nor the %d file%s after it in its batch (%s%s%s)", after,
              after > 1 ? "s" : "", sp->batch[k + 1], after > 1 ? " to " : "",
              after > 1 ? sp->batch[sp->nbatch - 1] : "");
    fprintf(stderr, ": %s\n", why);
    return;
  }
  unsigned long long from = (unsigned long long)sp->records_before + c->records + 1;
  fprintf(stderr, "referee: %s: the part of lines %u to ", sp->file, sp->first_line);
  if (sp->end_line) fprintf(stderr, "%u, bytes %llu to %llu", sp->end_line - 1, sp->offset,
                            sp->offset + sp->len - (sp->len > 0));
  else fprintf(stderr, "the end, bytes from %llu", sp->offset);
  if (sp->records < 0) fprintf(stderr, ": records from %llu on were not judged", from);
  else if (from <= (unsigned long long)(sp->records_before + sp->records))
    fprintf(stderr, ": records %llu to %d were not judged", from, sp->records_before + sp->records);
  else fprintf(stderr, ": every record was judged, but");
  fprintf(stderr, ": %s\n", why);
}

/* The oldest task, done: its output printed, its counts added. */
static void finish_slot(jobs_t *j, slot_t *s, const shared_t *sh) {
  const job_counts_t *c = &sh->c[atomic_load(&sh->cur)];
  bool lost = s->signal || !s->out;
  if (s->out) copy_out(s->out, lost ? c->out : (unsigned long long)-1, stdout);
  if (s->side && j->side) j->side(j->side_ctx, s->side, c->side);
  if (lost) say_lost(s, c);
  if (s->out) fclose(s->out);
  if (s->side) fclose(s->side);
  s->out = s->side = NULL;
  if (s->status > j->worst) j->worst = s->status;
  j->totals.records += c->records;
  j->totals.actions += c->actions;
}

/* The oldest task's output when it is done; else waits for a child. */
static void step(jobs_t *j) {
  slot_t *s = &j->slots[j->head];
  if (s->status >= 0) {
    finish_slot(j, s, &j->shared[j->head]);
    j->head = (j->head + 1) % j->cap;
    j->used--;
    return;
  }
  int ws;
  pid_t pid;
  do pid = wait(&ws); /* a signal may interrupt it: wait again, no child is lost */
  while (pid < 0 && errno == EINTR);
  for (int k = 0; k < j->used; k++) {
    slot_t *t = &j->slots[(j->head + k) % j->cap];
    if (t->status >= 0) continue;
    if (pid < 0) t->status = 3, t->signal = -1; /* no child left to wait for: lost */
    else if (t->pid == pid) {
      t->status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 3;
      t->signal = WIFSIGNALED(ws) ? WTERMSIG(ws) : 0;
    } else continue;
    j->running--;
  }
}

/* In the child: the task, then its last counts. */
static void run_child(jobs_t *j, int i, job_task_t task, void *ctx) {
  slot_t *s = &j->slots[i];
  mine = &j->shared[i];
  side_out = s->side;
  int status = dup2(fileno(s->out), STDOUT_FILENO) < 0 ? 3 : task(ctx);
  take_pending();
  commit();
  _exit(fflush(stdout) == 0 && (!side_out || fflush(side_out) == 0) ? status : 3);
}

void jobs_start(jobs_t *j, job_task_t task, void *ctx, const job_span_t *span) {
  while (j->running == j->max || j->used == j->cap) step(j);
  int i = (j->head + j->used) % j->cap;
  slot_t *s = &j->slots[i];
  j->used++;
  memset(&j->shared[i], 0, sizeof j->shared[i]);
  *s = (slot_t){.status = 3, .span = *span};
  s->out = tmpfile();
  if (j->side && s->out && !(s->side = tmpfile())) {
    fclose(s->out);
    s->out = NULL;
  }
  if (!s->out) return;
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) run_child(j, i, task, ctx);
  if (pid < 0) {
    fclose(s->out);
    if (s->side) fclose(s->side);
    s->out = s->side = NULL;
    return;
  }
  s->pid = pid;
  s->status = -1;
  j->running++;
}

void jobs_drain(jobs_t *j) {
  while (j->used > 0) step(j);
}

int jobs_finish(jobs_t *j, job_counts_t *totals) {
  jobs_drain(j);
  int worst = j->worst;
  totals->records += j->totals.records;
  totals->actions += j->totals.actions;
  munmap(j->shared, sizeof *j->shared * (size_t)j->cap);
  free(j->slots);
  free(j);
  return worst;
}
