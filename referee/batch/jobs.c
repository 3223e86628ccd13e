/* jobs.c — tasks in parallel processes (jobs.h). Records are independent,
 * so a task's verdicts do not depend on which process reads them; each task
 * writes to a temporary file of its own, and the parent prints them in the
 * order the tasks were started. A task runs in a worker that lives for the
 * whole run (jobs_give: sent as bytes, with its descriptors), in a
 * process forked for it (jobs_start: a part held in memory, which the fork
 * shares), or in the parent itself while every worker is busy (jobs_here:
 * its output to a slot's file like a worker's, so the order holds). Outputs wait in a ring of 4 * max slots: memory and temporary
 * files stay bounded however many tasks there are.
 *
 * The process running a task (worker or forked) says what it has done in
 * memory it shares with the parent, two copies and the index of the one last
 * written whole: a process killed at any instruction leaves counts that match
 * the output it had written. The parent prints that output and no more, and
 * says what was not judged. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "interrupt.h"
#include "jobs.h"
#include "order.h"
#include "output.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
  job_counts_t c[2];
  atomic_int cur;   /* the copy last written whole */
  atomic_int ended; /* a worker's task: done, its status on the way (jobs_yield) */
} shared_t;

typedef struct {
  pid_t pid;
  int worker;     /* the worker judging it, or -1: a process of its own */
  int done_fd;    /* a process of its own: a pipe that ends when it exits */
  FILE *out, *side;
  int status;     /* -1 while running */
  int signal;     /* the signal that ended it, or 0 */
  job_span_t span;
} slot_t;

/* A process that lives as long as the pool and judges one task after the
 * other (jobs_give): the fork, exit and first page faults of a process
 * (2.5-3 ms and 175 faults of 15-20 us on the 2-core test machine)
 * are paid once a worker, not once a task. */
typedef struct {
  pid_t pid;
  int sock; /* the parent's end: tasks go out, each one's status comes back */
  int slot; /* the task it judges, or -1 */
} worker_t;

/* A task's output files, kept for the next task once printed: a temporary
 * file costs an inode of /tmp's file system (ext4 on the machine of issue
 * 26: 0.3 ms of the parent's CPU each, a quarter of its time over 2,000
 * small files, while a worker waited for its next batch), emptying one
 * costs a few system calls. Kept as descriptors, not streams: a stream
 * keeps what it read, and might seek within it rather than in the file. */
typedef struct {
  int out, side; /* side: -1 when the pool has no side stream */
} files_t;

struct jobs {
  int max, cap;
  int head, used, running; /* the oldest slot whose output is not printed yet */
  int worst;
  job_counts_t totals;
  job_side_t side;
  void *side_ctx;
  slot_t *slots;
  shared_t *shared;        /* one per slot, written by the child */
  worker_t *workers;       /* max of them; pid 0: none */
  job_work_t work;
  void *work_ctx;
  struct pollfd *pfd;      /* what wait_task polls: max + cap of them */
  int *who;
  files_t *spare;          /* emptied files for the next slots: nspare of cap */
  bool forked;             /* the workers were started */
  bool helping;            /* this process judges tasks too: max - 1 workers at first */
  int nspare;
};

jobs_t *jobs_new(int max, job_side_t side, void *side_ctx) {
  jobs_t *j = calloc(1, sizeof *j);
  if (!j) return NULL;
  j->max = max < 1 ? 1 : max;
  j->cap = 4 * j->max;
  j->side = side;
  j->side_ctx = side_ctx;
  j->slots = calloc((size_t)j->cap, sizeof *j->slots);
  j->workers = calloc((size_t)j->max, sizeof *j->workers);
  j->pfd = calloc((size_t)(j->max + j->cap), sizeof *j->pfd);
  j->who = calloc((size_t)(j->max + j->cap), sizeof *j->who);
  j->spare = calloc((size_t)j->cap, sizeof *j->spare);
  j->shared = mmap(NULL, sizeof *j->shared * (size_t)j->cap, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (!j->slots || !j->workers || !j->pfd || !j->who || !j->spare || j->shared == MAP_FAILED) {
    if (j->shared != MAP_FAILED) munmap(j->shared, sizeof *j->shared * (size_t)j->cap);
    free(j->spare);
    free(j->slots);
    free(j->workers);
    free(j->pfd);
    free(j->who);
    free(j);
    return NULL;
  }
  return j;
}

/* ---- in the child ------------------------------------------------------- */

static shared_t *mine; /* set in a task's process only */
static shared_t *shared_base;
static job_counts_t now;
static FILE *side_out;
static bool here;          /* the task runs in the pool's own process (jobs_here) */
static jobs_t *here_pool;

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
  if (since < COMMIT_EVERY || here) return; /* here: nothing is lost without the parent */
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

/* n bytes of f (all of it: n = -1) to out; true when f was read to its
 * end and held nothing. */
static bool copy_out(FILE *f, unsigned long long n, FILE *out) {
  char buf[1 << 16];
  size_t got;
  unsigned long long all = 0;
  rewind(f);
  while (n > 0 && (got = fread(buf, 1, n < sizeof buf ? (size_t)n : sizeof buf, f)) > 0) {
    fwrite(buf, 1, got, out);
    n -= got;
    all += got;
  }
  fflush(out);
  return all == 0 && feof(f) && !ferror(f);
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

/* A task whose output could not all be written to its temporary files
 * (ENOSPC): its verdicts were judged, some are missing from the output. */
static void say_unwritten(const slot_t *s) {
  const job_span_t *sp = &s->span;
  if (sp->nbatch > 0)
    fprintf(stderr, "referee: %s%s", sp->batch[0],
            sp->nbatch > 1 ? " and the files after it in its batch" : "");
  else if (sp->end_line)
    fprintf(stderr, "referee: %s: the part of lines %u to %u", sp->file, sp->first_line,
            sp->end_line - 1);
  else fprintf(stderr, "referee: %s: the part of lines %u to the end", sp->file, sp->first_line);
  fprintf(stderr, ": its verdicts could not all be written to a temporary file (is the "
                  "temporary directory full?): the output lacks some of them\n");
}

/* The stream's descriptor (f closed), emptied (truncated unless known to
 * be empty: --quiet's outputs), at its start; -1 when it cannot be. NULL:
 * no stream, none wanted. */
static int emptied(FILE *f, bool empty, bool *ok) {
  if (!f) return -1;
  int fd = dup(fileno(f));
  fclose(f);
  if (fd >= 0 && (empty || ftruncate(fd, 0) == 0) && lseek(fd, 0, SEEK_SET) == 0) return fd;
  if (fd >= 0) close(fd);
  *ok = false;
  return -1;
}

/* The printed task's files: kept for the next slot when no process can
 * write to them any more (its task ended, and said so) and they empty. */
static void put_files(jobs_t *j, slot_t *s, bool lost, bool empty) {
  bool ok = !lost && j->nspare < j->cap;
  files_t f = {-1, -1};
  if (ok) {
    f.out = emptied(s->out, empty, &ok);
    f.side = emptied(s->side, false, &ok);
  } else {
    if (s->out) fclose(s->out);
    if (s->side) fclose(s->side);
  }
  if (ok) j->spare[j->nspare++] = f;
  else {
    if (f.out >= 0) close(f.out);
    if (f.side >= 0) close(f.side);
  }
  s->out = s->side = NULL;
}

/* The oldest task, done: its output printed, its counts added. */
static void finish_slot(jobs_t *j, slot_t *s, const shared_t *sh) {
  const job_counts_t *c = &sh->c[atomic_load(&sh->cur)];
  bool lost = s->signal || !s->out;
  bool empty = s->out && copy_out(s->out, lost ? c->out : (unsigned long long)-1, stdout);
  if (s->side && j->side) j->side(j->side_ctx, s->side, c->side);
  if (lost) say_lost(s, c);
  else if (c->unwritten) say_unwritten(s);
  put_files(j, s, lost, empty);
  if (s->status > j->worst) j->worst = s->status;
  j->totals.records += c->records;
  interrupt_judged_n(c->records);
  j->totals.actions += c->actions;
}

/* The task of slot t ended: with the status a process exited with (ws from
 * waitpid), or lost when ws is -1. */
static void ended(jobs_t *j, slot_t *t, int ws) {
  t->status = ws >= 0 && WIFEXITED(ws) ? WEXITSTATUS(ws) : 3;
  t->signal = ws < 0 ? -1 : WIFSIGNALED(ws) ? WTERMSIG(ws) : 0;
  j->running--;
}

/* waitpid, again when a signal interrupts it; -1 when the child is gone. */
static int reap(pid_t pid) {
  int ws;
  pid_t got;
  do got = waitpid(pid, &ws, 0);
  while (got < 0 && errno == EINTR);
  return got == pid ? ws : -1;
}

/* Worker w is gone (its socket closed or broken): the task it judged, if
 * any, is lost, with what its exit says. */
static void worker_gone(jobs_t *j, int w) {
  worker_t *wk = &j->workers[w];
  close(wk->sock);
  int ws = reap(wk->pid);
  if (wk->slot >= 0) {
    slot_t *t = &j->slots[wk->slot];
    /* a worker leaves only when told (its socket closed): an exit of its own
     * mid-task is a status (4, out of memory), or else the task is lost */
    ended(j, t, ws >= 0 && WIFEXITED(ws) && WEXITSTATUS(ws) == 0 ? -1 : ws);
  }
  *wk = (worker_t){.slot = -1};
}

/* A worker's answer: the status of the task it judged. */
static void worker_answer(jobs_t *j, int w) {
  worker_t *wk = &j->workers[w];
  int status;
  ssize_t got;
  do got = read(wk->sock, &status, sizeof status);
  while (got < 0 && errno == EINTR);
  if (got != (ssize_t)sizeof status) {
    worker_gone(j, w);
    return;
  }
  slot_t *t = &j->slots[wk->slot];
  t->status = status;
  t->signal = 0;
  j->running--;
  wk->slot = -1;
}

/* Waits until a task ends: a worker answers or dies, a process exits. */
static void wait_task(jobs_t *j) {
  struct pollfd *fds = j->pfd;
  int *who = j->who, n = 0; /* a worker w as w, a slot k as -1 - k */
  for (int w = 0; w < j->max; w++)
    if (j->workers[w].pid > 0 && j->workers[w].slot >= 0)
      fds[n] = (struct pollfd){.fd = j->workers[w].sock, .events = POLLIN}, who[n++] = w;
  for (int k = 0; k < j->used; k++) {
    int i = (j->head + k) % j->cap;
    if (j->slots[i].status < 0 && j->slots[i].worker < 0)
      fds[n] = (struct pollfd){.fd = j->slots[i].done_fd, .events = POLLIN}, who[n++] = -1 - i;
  }
  if (n == 0) { /* nothing runs that could end the oldest task: lost */
    ended(j, &j->slots[j->head], -1);
    return;
  }
  int rc;
  do rc = poll(fds, (nfds_t)n, -1); /* a signal may interrupt it: no task is lost */
  while (rc < 0 && errno == EINTR && (interrupt_check(), true)); /* but SIGINT, SIGTERM */
  for (int k = 0; k < n && rc > 0; k++) {
    if (!fds[k].revents) continue;
    if (who[k] >= 0) {
      worker_answer(j, who[k]);
      continue;
    }
    slot_t *t = &j->slots[-1 - who[k]];
    close(t->done_fd);
    t->done_fd = -1;
    ended(j, t, reap(t->pid));
  }
}

/* The oldest task's output when it is done; else waits for a task to end. */
static void step(jobs_t *j) {
  slot_t *s = &j->slots[j->head];
  if (s->status < 0) {
    wait_task(j);
    return;
  }
  finish_slot(j, s, &j->shared[j->head]);
  j->head = (j->head + 1) % j->cap;
  j->used--;
}

/* In a task's process: its counts start from nothing, its output is out. */
static int task_begin(int i, FILE *side, int out) {
  mine = NULL; /* no commit until the output is in place */
  now = (job_counts_t){0};
  pending = since = 0;
  side_out = side;
  if (!here) clearerr(stdout); /* the parent's own stays: said at the end (out_end) */
  if (dup2(out, STDOUT_FILENO) < 0) return -1;
  mine = (shared_t *)shared_base + i;
  return 0;
}

/* True when f's bytes so far were all written: flushed now, and no write
 * failed before (a failed write leaves nothing to flush: fflush alone says
 * yes to a file that lost bytes). */
static bool written(FILE *f) { return fflush(f) == 0 && !ferror(f); }

/* In a task's process: its last counts; the status, 3 when its output
 * could not be written whole (said on stderr: the verdicts it misses). */
static int task_end(int status) {
  take_pending();
  bool ok = written(stdout) && (!side_out || written(side_out));
  now.unwritten = !ok; /* the parent says it, with the part's place */
  commit();
  mine = NULL;
  return ok ? status : 3;
}

/* In the child: the task, then its last counts. */
static void run_child(jobs_t *j, int i, job_task_t task, void *ctx) {
  slot_t *s = &j->slots[i];
  shared_base = j->shared;
  int status = task_begin(i, s->side, fileno(s->out)) < 0 ? 3 : task(ctx);
  _exit(task_end(status));
}

/* Slot s's files from the spares; false when there are none to take. */
static bool take_files(jobs_t *j, slot_t *s) {
  files_t f = j->spare[--j->nspare];
  s->out = fdopen(f.out, "w+b");
  s->side = f.side >= 0 ? fdopen(f.side, "w+b") : NULL;
  if (s->out && (f.side < 0 || s->side)) return true;
  if (s->out) fclose(s->out);
  else close(f.out);
  if (s->side) fclose(s->side);
  else if (f.side >= 0) close(f.side);
  s->out = s->side = NULL;
  return false;
}

/* A slot for the next task, its output files open; -1 when they cannot be
 * (the slot then says no process could be started). */
static int new_slot(jobs_t *j, const job_span_t *span, bool own) {
  while ((!own && j->running == j->max) || j->used == j->cap) step(j);
  /* the tasks done in order printed first: their files serve this one */
  while (j->used > 0 && j->slots[j->head].status >= 0) step(j);
  int i = (j->head + j->used) % j->cap;
  slot_t *s = &j->slots[i];
  j->used++;
  memset(&j->shared[i], 0, sizeof j->shared[i]);
  *s = (slot_t){.status = 3, .worker = -1, .done_fd = -1, .span = *span};
  if (j->nspare > 0 && take_files(j, s)) return i;
  s->out = tmpfile();
  if (j->side && s->out && !(s->side = tmpfile())) {
    fclose(s->out);
    s->out = NULL;
  }
  return s->out ? i : -1;
}

/* The slot's task could not be started. */
static void not_started(slot_t *s) {
  fclose(s->out);
  if (s->side) fclose(s->side);
  s->out = s->side = NULL;
}

void jobs_start(jobs_t *j, job_task_t task, void *ctx, const job_span_t *span) {
  int i = new_slot(j, span, false);
  if (i < 0) return;
  slot_t *s = &j->slots[i];
  int done[2];
  if (pipe(done) != 0) {
    not_started(s);
    return;
  }
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    interrupt_default();
    close(done[0]);
    run_child(j, i, task, ctx); /* done[1] closes when it exits */
  }
  close(done[1]);
  if (pid < 0) {
    close(done[0]);
    not_started(s);
    return;
  }
  s->pid = pid;
  s->done_fd = done[0];
  s->status = -1;
  j->running++;
}

/* ---- long-lived workers ------------------------------------------------- */

/* A worker's life: tasks until its socket closes (the pool is finished, or
 * the parent is gone), each one's status answered. */
static void worker_main(jobs_t *j, int sock) {
  char *buf = NULL;
  size_t cap = 0;
  shared_base = j->shared;
  for (;;) {
    order_t o;
    int fds[ORDER_FDS] = {-1, -1, -1};
    if (!order_take(sock, &o, fds)) _exit(0);
    if (o.len + 1 > cap) {
      free(buf);
      cap = o.len + 1;
      if (!(buf = malloc(cap))) out_of_memory("a --jobs worker");
    }
    if (!order_read(sock, buf, o.len)) _exit(0);
    FILE *side = fds[1] >= 0 ? fdopen(fds[1], "wb") : NULL;
    int status = task_begin(o.slot, side, fds[0]) < 0 || (fds[1] >= 0 && !side)
                     ? 3 : j->work(j->work_ctx, buf, o.len, fds[2]);
    status = task_end(status);
    atomic_store_explicit(&shared_base[o.slot].ended, 1, memory_order_release);
    if (side) fclose(side);
    side_out = NULL;
    close(fds[0]);
    if (fds[2] >= 0) close(fds[2]);
    if (!order_write(sock, &status, sizeof status)) _exit(0);
  }
}

/* A new worker in w; false when none can be started. */
static bool spawn(jobs_t *j, int w) {
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) return false;
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    interrupt_default();
    close(sv[0]);
    for (int k = 0; k < j->max; k++) /* the others end when the parent does */
      if (j->workers[k].pid > 0) close(j->workers[k].sock);
    worker_main(j, sv[1]);
  }
  close(sv[1]);
  if (pid < 0) {
    close(sv[0]);
    return false;
  }
  j->workers[w] = (worker_t){.pid = pid, .sock = sv[0], .slot = -1};
  return true;
}

/* An idle worker, started if need be; -1 when none can be. The first call
 * starts them all, one fork after the other: a page the parent writes
 * between two forks is copied at each (a page fault of 15-20 us on the
 * 2-core test machine), and the last worker starts sooner. */
static int idle_worker(jobs_t *j) {
  if (!j->forked) {
    j->forked = true;
    for (int w = 0; w < j->max - j->helping; w++) spawn(j, w);
  }
  int none = -1;
  for (int w = 0; w < j->max; w++) {
    if (j->workers[w].pid > 0 && j->workers[w].slot < 0) return w;
    if (j->workers[w].pid <= 0 && none < 0) none = w;
  }
  return none >= 0 && spawn(j, none) ? none : -1;
}

/* Slot i's task to worker w; false when the worker is gone. */
static bool send_order(jobs_t *j, int w, int i, const void *msg, size_t len, int fd) {
  const slot_t *s = &j->slots[i];
  return order_send(j->workers[w].sock, i, fileno(s->out), s->side ? fileno(s->side) : -1, fd,
                    msg, len);
}

void jobs_set_work(jobs_t *j, job_work_t work, void *ctx) {
  j->work = work;
  j->work_ctx = ctx;
}

void jobs_give(jobs_t *j, const void *msg, size_t len, int fd, const job_span_t *span) {
  int i = new_slot(j, span, false);
  if (i < 0) return;
  slot_t *s = &j->slots[i];
  for (;;) {
    int w = idle_worker(j);
    if (w < 0) {
      not_started(s);
      return;
    }
    if (send_order(j, w, i, msg, len, fd)) {
      j->workers[w].slot = i;
      s->worker = w;
      s->pid = j->workers[w].pid;
      s->status = -1;
      j->running++;
      return;
    }
    worker_gone(j, w); /* ended while idle: nothing of this task lost, another takes it */
  }
}

/* ---- tasks judged here ------------------------------------------------- */

bool jobs_help(jobs_t *j, bool want) {
  if (!j->forked && j->max > 1) j->helping = want;
  return j->helping;
}

bool jobs_idle(jobs_t *j) {
  if (!j->forked) return true;
  bool idle = false;
  for (int w = 0; w < j->max; w++) {
    worker_t *wk = &j->workers[w];
    if (wk->pid > 0 && wk->slot >= 0 &&
        atomic_load_explicit(&j->shared[wk->slot].ended, memory_order_acquire))
      worker_answer(j, w); /* its status is on the way, if not already read */
    if (wk->pid > 0 && wk->slot < 0) idle = true;
  }
  return idle;
}

bool jobs_yield(void) {
  if (!here) return false;
  const jobs_t *j = here_pool;
  for (int w = 0; w < j->max; w++) {
    const worker_t *wk = &j->workers[w];
    if (wk->pid > 0 && (wk->slot < 0 || atomic_load_explicit(&j->shared[wk->slot].ended,
                                                             memory_order_acquire)))
      return true;
  }
  return false;
}

/* The task's work in this process, its output to slot i's files instead of
 * standard output; the batch's files it judged (0: it did not run). */
static int run_here(jobs_t *j, int i, const void *msg, size_t len, int *status) {
  slot_t *s = &j->slots[i];
  fflush(stdout);
  bool failed = ferror(stdout);
  int saved = dup(STDOUT_FILENO);
  if (saved < 0) return 0;
  shared_base = j->shared;
  here = true;
  here_pool = j;
  *status = task_begin(i, s->side, fileno(s->out)) < 0 ? 3 : j->work(j->work_ctx, msg, len, -1);
  *status = task_end(*status);
  here = false;
  side_out = NULL;
  if (dup2(saved, STDOUT_FILENO) < 0) *status = 3;
  close(saved);
  if (!failed) clearerr(stdout); /* an error of the slot's file is its status */
  return (int)now.files;
}

int jobs_here(jobs_t *j, const void *msg, size_t len, const job_span_t *span) {
  int i = new_slot(j, span, true);
  if (i < 0) return span->nbatch;
  slot_t *s = &j->slots[i];
  int status = 3, files = run_here(j, i, msg, len, &status);
  if (files == 0) {
    not_started(s);
    return span->nbatch;
  }
  s->status = status;
  s->signal = 0;
  return files;
}

void jobs_drain(jobs_t *j) {
  while (j->used > 0) step(j);
}

int jobs_finish(jobs_t *j, job_counts_t *totals) {
  jobs_drain(j);
  int worst = j->worst;
  totals->records += j->totals.records;
  totals->actions += j->totals.actions;
  /* told to leave, all at once (their sockets close), then reaped: they
   * end side by side, not one after the other */
  for (int w = 0; w < j->max; w++)
    if (j->workers[w].pid > 0) shutdown(j->workers[w].sock, SHUT_RDWR);
  for (int w = 0; w < j->max; w++)
    if (j->workers[w].pid > 0) worker_gone(j, w);
  munmap(j->shared, sizeof *j->shared * (size_t)j->cap);
  for (int k = 0; k < j->nspare; k++) {
    close(j->spare[k].out);
    if (j->spare[k].side >= 0) close(j->spare[k].side);
  }
  free(j->spare);
  free(j->slots);
  free(j->workers);
  free(j->pfd);
  free(j->who);
  free(j);
  return worst;
}
