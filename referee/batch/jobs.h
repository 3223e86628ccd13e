/* jobs.h — tasks in up to N child processes at once (--jobs N), each task's
 * standard output printed in the order the tasks were given. */
#ifndef JOBS_H
#define JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What a task has done, as its process last said (jobs_judged): what the
 * parent adds up, and what it says was not judged when the process dies. */
typedef struct {
  unsigned long long records, actions;
  unsigned long long files;        /* a batch: its files read to their end */
  unsigned long long file_records; /* records of the file being read */
  unsigned long long out, side;    /* bytes of output and side stream that hold them */
  bool unwritten;                  /* a write to them failed: the output lacks verdicts */
} job_counts_t;

/* What a task reads, for the message that says what was lost when its
 * process dies: a part of a file (its bytes and lines), or a batch of
 * whole files. Pointers must stay valid until jobs_finish. */
typedef struct {
  const char *file;                /* the input, or a batch's first file */
  char *const *batch;              /* a batch: its files ... */
  int nbatch;                      /* ... and their number; 0 for a part */
  unsigned long long offset, len;  /* a part: its bytes */
  unsigned first_line, end_line;   /* its lines [first_line, end_line); end 0: to the end */
  int records_before, records;     /* records before it; in it (-1: not known) */
} job_span_t;

/* A task: runs in a child process, prints to its standard output, returns
 * its exit status. */
typedef int (*job_task_t)(void *ctx);

/* The side stream's bytes of a task, handed to the parent in the order of
 * the tasks (after its output is printed): len bytes from the start of f. */
typedef void (*job_side_t)(void *ctx, FILE *f, unsigned long long len);

typedef struct jobs jobs_t;

/* A pool of at most max processes at once. NULL when out of memory. With
 * side set, each task also writes to a side stream (jobs_side) that side
 * reads back in the parent. */
jobs_t *jobs_new(int max, job_side_t side, void *side_ctx);
/* Starts task(ctx) in a child process, which sees the caller's memory as it
 * is at this call (so ctx may change after it). Before that, while max tasks
 * run or 4 * max outputs wait their turn, prints the outputs whose turn has
 * come and waits for tasks to end. */
void jobs_start(jobs_t *j, job_task_t task, void *ctx, const job_span_t *span);
/* A task given by value (jobs_give), run in a worker: a process forked
 * with the caller's memory at the pool's first jobs_give, which lives until
 * jobs_finish and judges one task after the other. work(ctx, msg, len, fd)
 * gets the task's bytes and the input's descriptor (-1 when none was given:
 * a descriptor of the worker's own, closed after the task). */
typedef int (*job_work_t)(void *ctx, const void *msg, size_t len, int fd);
void jobs_set_work(jobs_t *j, job_work_t work, void *ctx);
/* As jobs_start, but the task goes to an idle worker (at most max of them):
 * len bytes of msg, copied, and the descriptor fd (-1: none). */
void jobs_give(jobs_t *j, const void *msg, size_t len, int fd, const job_span_t *span);
/* Whether this process judges tasks too (jobs_here), with max - 1 workers
 * forked at first (a worker more only when jobs_give finds none idle): set
 * to want before the first task, as it was after. A worker's fork, exit and
 * page faults are the overhead of --jobs over many small files. */
bool jobs_help(jobs_t *j, bool want);
/* A task given now would start at once: a worker waits (its answer read),
 * or none was forked yet. No system call while every worker is busy. */
bool jobs_idle(jobs_t *j);
/* A batch (msg as for jobs_give) judged by the pool's work in this
 * process, its output printed in its turn like a worker's; it stops after
 * the first file at which a worker waits (jobs_yield). Returns the files
 * judged (all of the batch when it could not be judged: said as lost). */
int jobs_here(jobs_t *j, const void *msg, size_t len, const job_span_t *span);
/* In a batch judged by jobs_here: true when a worker waits for a task, so
 * the batch should stop after the file just done. False elsewhere. */
bool jobs_yield(void);
/* Waits for every task started and prints their outputs, in order. */
void jobs_drain(jobs_t *j);
/* jobs_drain, then frees the pool. Returns the highest status a task exited
 * with (3 for a task that could not be started or did not exit: what it
 * did not judge is said on stderr); *totals adds up what the tasks did. */
int jobs_finish(jobs_t *j, job_counts_t *totals);

/* In a task's process (elsewhere they do nothing): `records` more records
 * judged, their output written. Every 16 records, standard output and the
 * side stream are flushed and the counts committed with their positions: a
 * process that dies is said to have lost what follows the last commit, and
 * its output is printed up to it. */
void jobs_judged(unsigned long long records);
/* A batch's file read to its end; the actions judged so far. */
void jobs_file_done(void);
void jobs_actions(unsigned long long actions);
/* The side stream of the task's process, or NULL. */
FILE *jobs_side(void);

#endif
