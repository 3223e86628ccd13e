/* jobs.c — files checked in parallel processes (jobs.h). Records are
 * independent, so a file's verdicts do not depend on which process reads it;
 * each child writes to its own temporary file and the parent prints them in
 * the order of the files. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "jobs.h"

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

static int child(int index, job_task_t task, void *ctx, FILE *out, job_counts_t *shared) {
  fflush(stdout);
  if (dup2(fileno(out), STDOUT_FILENO) < 0) return 3;
  int status = task(index, ctx, &shared[index]);
  return fflush(stdout) == 0 ? status : 3;
}

static pid_t start(int index, job_task_t task, void *ctx, slot_t *s, job_counts_t *shared) {
  s->out = tmpfile();
  s->status = -1;
  if (!s->out) return -1;
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) _exit(child(index, task, ctx, s->out, shared));
  s->pid = pid;
  return pid;
}

/* Waits for a child and marks its slot; false when none is left to wait for
 * (then every slot still running is marked failed). */
static bool reap(slot_t *slots, int from, int to) {
  int ws;
  pid_t pid = wait(&ws);
  for (int i = from; i < to; i++) {
    if (pid < 0 && slots[i].status < 0) slots[i].status = 3;
    if (pid > 0 && slots[i].pid == pid) slots[i].status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 3;
  }
  return pid > 0;
}

static void print_out(slot_t *s) {
  char buf[1 << 16];
  size_t n;
  rewind(s->out);
  while ((n = fread(buf, 1, sizeof buf, s->out)) > 0) fwrite(buf, 1, n, stdout);
  fflush(stdout);
  fclose(s->out);
}

int jobs_run(int n, int jobs, job_task_t task, void *ctx, job_counts_t *totals) {
  slot_t *slots = calloc((size_t)(n ? n : 1), sizeof *slots);
  job_counts_t *shared = mmap(NULL, sizeof *shared * (size_t)(n ? n : 1),
                              PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (!slots || shared == MAP_FAILED) {
    free(slots);
    return 3;
  }
  int worst = 0, next = 0, done = 0, running = 0;
  while (done < n) {
    /* keep `jobs` running, and no more than a few outputs waiting */
    while (next < n && running < jobs && next - done < 4 * jobs) {
      if (start(next, task, ctx, &slots[next], shared) < 0) {
        slots[next].status = 3;
        if (slots[next].out) fclose(slots[next].out);
        slots[next].out = NULL;
      } else {
        running++;
      }
      next++;
    }
    if (slots[done].status < 0) {
      running = reap(slots, done, next) ? running - 1 : 0;
      continue;
    }
    if (slots[done].out) print_out(&slots[done]);
    if (slots[done].status > worst) worst = slots[done].status;
    totals->records += shared[done].records;
    totals->actions += shared[done].actions;
    done++;
  }
  munmap(shared, sizeof *shared * (size_t)(n ? n : 1));
  free(slots);
  return worst;
}
