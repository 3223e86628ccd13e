/* jobs.c — tasks in parallel processes (jobs.h). Records are independent,
 * so a task's verdicts do not depend on which process reads them; each child
 * writes to a temporary file of its own, and the parent prints them in the
 * order the tasks were started. Outputs wait in a ring of 4 * max slots:
 * memory and temporary files stay bounded however many tasks there are. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "jobs.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
  pid_t pid;
  FILE *out;
  int status; /* -1 while running */
} slot_t;

struct jobs {
  int max, cap;
  int head, used, running; /* the oldest slot whose output is not printed yet */
  int worst;
  job_counts_t totals;
  slot_t *slots;
  job_counts_t *shared;    /* one per slot, written by the child */
};

jobs_t *jobs_new(int max) {
  jobs_t *j = calloc(1, sizeof *j);
  if (!j) return NULL;
  j->max = max < 1 ? 1 : max;
  j->cap = 4 * j->max;
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

static void print_out(slot_t *s) {
  char buf[1 << 16];
  size_t n;
  rewind(s->out);
  while ((n = fread(buf, 1, sizeof buf, s->out)) > 0) fwrite(buf, 1, n, stdout);
  fflush(stdout);
  fclose(s->out);
  s->out = NULL;
}

/* The oldest task's output when it is done; else waits for a child. */
static void step(jobs_t *j) {
  slot_t *s = &j->slots[j->head];
  if (s->status >= 0) {
    if (s->out) print_out(s);
    if (s->status > j->worst) j->worst = s->status;
    j->totals.records += j->shared[j->head].records;
    j->totals.actions += j->shared[j->head].actions;
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
    if (pid < 0) t->status = 3; /* no child left to wait for: lost */
    else if (t->pid == pid) t->status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 3;
    else continue;
    j->running--;
  }
}

void jobs_start(jobs_t *j, job_task_t task, void *ctx) {
  while (j->running == j->max || j->used == j->cap) step(j);
  int i = (j->head + j->used) % j->cap;
  slot_t *s = &j->slots[i];
  j->used++;
  j->shared[i] = (job_counts_t){0, 0};
  s->status = 3;
  s->out = tmpfile();
  if (!s->out) return;
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    int status = dup2(fileno(s->out), STDOUT_FILENO) < 0 ? 3 : task(ctx, &j->shared[i]);
    _exit(fflush(stdout) == 0 ? status : 3);
  }
  if (pid < 0) return;
  s->pid = pid;
  s->status = -1;
  j->running++;
}

int jobs_finish(jobs_t *j, job_counts_t *totals) {
  while (j->used > 0) step(j);
  int worst = j->worst;
  totals->records += j->totals.records;
  totals->actions += j->totals.actions;
  munmap(j->shared, sizeof *j->shared * (size_t)j->cap);
  free(j->slots);
  free(j);
  return worst;
}
