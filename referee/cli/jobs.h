/* jobs.h — tasks in up to N child processes at once (--jobs N), each task's
 * standard output printed in the order the tasks were given. */
#ifndef JOBS_H
#define JOBS_H

/* Counters a task reports back to the parent (records, actions). */
typedef struct {
  unsigned long long records, actions;
} job_counts_t;

/* A task: runs in a child process, prints to its standard output, returns
 * its exit status. */
typedef int (*job_task_t)(void *ctx, job_counts_t *counts);

typedef struct jobs jobs_t;

/* A pool of at most max processes at once. NULL when out of memory. */
jobs_t *jobs_new(int max);
/* Starts task(ctx) in a child process, which sees the caller's memory as it
 * is at this call (so ctx may change after it). Before that, while max tasks
 * run or 4 * max outputs wait their turn, prints the outputs whose turn has
 * come and waits for tasks to end. */
void jobs_start(jobs_t *j, job_task_t task, void *ctx);
/* Waits for every task and prints the outputs left; frees the pool. Returns
 * the highest status a task exited with (3 for a task that could not be
 * started or did not exit); *totals adds up the counts the tasks reported. */
int jobs_finish(jobs_t *j, job_counts_t *totals);

#endif
