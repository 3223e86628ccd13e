/* jobs.h — one task per file, in up to N processes at once (--jobs N), with
 * each task's standard output printed in file order. */
#ifndef JOBS_H
#define JOBS_H

/* Counters a task reports back to the parent (records, actions). */
typedef struct {
  unsigned long long records, actions;
} job_counts_t;

/* Runs task(i) for i in 0..n-1 in child processes, at most `jobs` at a time.
 * Each task's output is printed once it and every task before it are done.
 * Returns the highest status a task exited with (3 when a process could not
 * be started); *totals adds up the counts the tasks reported. */
typedef int (*job_task_t)(int index, void *ctx, job_counts_t *counts);
int jobs_run(int n, int jobs, job_task_t task, void *ctx, job_counts_t *totals);

#endif
