/* parts.c — inputs cut into parts for --jobs and --shard (parts.h). */
#define _POSIX_C_SOURCE 200809L
#include "parts.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output.h"
#include "run.h"

/* Opens an input ("-": standard input); -1 on failure, with *why. */
static int open_input(const char *path, const char **name, const char **why) {
  bool in = strcmp(path, "-") == 0;
  *name = in ? "<stdin>" : path;
  int fd = in ? STDIN_FILENO : open(path, O_RDONLY);
  *why = fd < 0 ? strerror(errno) : run_refused(fd);
  if (fd >= 0 && *why) {
    if (fd > STDIN_FILENO) close(fd);
    return -1;
  }
  return fd;
}

/* PART_AUTO: the size of a part of the file fd, for `workers` processes. */
static size_t auto_part(int fd, int workers) {
  struct stat sb;
  if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) return PART_BYTES;
  unsigned long long each = (unsigned long long)sb.st_size / (PIECES * (unsigned)workers);
  return each < PART_BYTES ? PART_BYTES : each > PART_MAX_BYTES ? PART_MAX_BYTES : (size_t)each;
}

/* ---- a task as bytes, for a worker (jobs_give) ----------------------------
 * head_t, then for a part its input's name and the next part's `cgr` line,
 * for a batch its files' names, each ended by a NUL. */

typedef struct {
  cgr_part_t part;
  int nbatch;
} head_t;

typedef struct {
  char *buf;
  size_t len, cap;
} bytes_t;

/* n bytes of p at the end of b; out of memory ends the program. */
static void append(bytes_t *b, const void *p, size_t n) {
  if (b->len + n > b->cap) {
    size_t cap = 2 * (b->len + n);
    char *grown = realloc(b->buf, cap);
    if (!grown) out_of_memory("a --jobs task");
    b->buf = grown;
    b->cap = cap;
  }
  memcpy(b->buf + b->len, p, n);
  b->len += n;
}

static void put(bytes_t *b, const char *s, size_t n) {
  append(b, s, n);
  append(b, "", 1);
}

/* The task in *job as bytes. One buffer for every message, made before the
 * workers are forked and kept: a buffer a message was pages of the heap
 * written anew after each fork, a page fault each (15-20 us on the 2-core test
 * machine). */
static const bytes_t *message(const part_job_t *job) {
  static bytes_t b;
  b.len = 0;
  head_t h;
  memset(&h, 0, sizeof h); /* its padding too: the bytes go through a socket */
  h.nbatch = job->nbatch;
  if (job->nbatch == 0) h.part = job->part;
  append(&b, &h, sizeof h);
  if (job->nbatch == 0) {
    put(&b, job->name, strlen(job->name));
    put(&b, job->part.next ? job->part.next : "", job->part.next ? job->part.next_len : 0);
  }
  for (int i = 0; i < job->nbatch; i++) put(&b, job->batch[i], strlen(job->batch[i]));
  return &b;
}

/* The task in *job to a worker of the pool, with its span. */
static void give(jobs_t *pool, const part_job_t *job, const job_span_t *span) {
  const bytes_t *b = message(job);
  jobs_give(pool, b->buf, b->len, job->nbatch == 0 ? job->part.fd : -1, span);
}

/* The next NUL-ended string of msg from *at; NULL past its end. */
static const char *next_string(const char *msg, size_t len, size_t *at) {
  const char *s = msg + *at, *nul = *at < len ? memchr(s, '\0', len - *at) : NULL;
  if (!nul) return NULL;
  *at = (size_t)(nul - msg) + 1;
  return s;
}

bool parts_take(part_job_t *job, const void *msg, size_t len, int fd) {
  static char **names; /* a batch's, in this worker */
  static int names_cap;
  head_t h;
  if (len < sizeof h) return false;
  memcpy(&h, msg, sizeof h);
  size_t at = sizeof h;
  *job = (part_job_t){.fd = fd, .nbatch = h.nbatch};
  if (h.nbatch == 0) {
    job->part = h.part;
    job->part.fd = fd;
    job->name = next_string(msg, len, &at);
    job->part.next = next_string(msg, len, &at);
    return job->name && job->part.next && fd >= 0;
  }
  if (h.nbatch > names_cap) {
    char **grown = realloc(names, sizeof *names * (size_t)h.nbatch);
    if (!grown) out_of_memory("a --jobs task");
    names = grown;
    names_cap = h.nbatch;
  }
  for (int i = 0; i < h.nbatch; i++)
    if (!(names[i] = (char *)next_string(msg, len, &at))) return false;
  job->batch = names;
  job->name = names[0];
  return true;
}

/* One input: every part to the pool. 0, or 3 when it cannot be read. */
static int cut_input(const char *path, size_t part_bytes, int workers, jobs_t *pool,
                     job_task_t task, void *ctx, part_job_t *job) {
  const char *refused;
  int fd = open_input(path, &job->name, &refused);
  if (fd >= 0 && part_bytes == PART_AUTO) part_bytes = auto_part(fd, workers);
  /* no cut within two parts' bytes: the rest goes whole to one task, rather
   * than read here first (a single record of 100 MB is one process's work) */
  size_t most = part_bytes < PART_MAX_BYTES / 2 ? 2 * part_bytes : PART_MAX_BYTES;
  cgr_split_t *sp = fd < 0 ? NULL : cgr_split_open_mode(fd, part_bytes, most, CGR_SPLIT_PLACED);
  int rc = -1;
  if (sp) {
    job->fd = fd;
    job->split = sp;
    while ((rc = cgr_split_next(sp, &job->part)) > 0) {
      const cgr_part_t *p = &job->part;
      job_span_t span = {.file = job->name, .offset = p->offset, .len = p->len,
                         .first_line = p->first_line, .end_line = p->last ? 0 : p->next_line,
                         .records_before = p->records_before, .records = p->records};
      if (p->rest) span.len = 0;
      if (p->data) jobs_start(pool, task, ctx, &span); /* in memory: a process forked with it */
      else give(pool, job, &span);
      if (job->part.rest) break; /* the child reads the rest */
    }
  }
  int status = 0;
  if (rc < 0) {
    const char *why = fd < 0 ? refused : sp ? cgr_split_why(sp) : strerror(errno);
    out_say("referee: %s: %s", path, why);
    status = 3;
  }
  cgr_split_close(sp);
  job->split = NULL;
  if (fd > STDIN_FILENO) close(fd);
  return status;
}

/* A regular file's size, or -1 for any other input ("-", a pipe, missing). */
static long long file_size(const char *path) {
  struct stat sb;
  if (strcmp(path, "-") == 0 || stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) return -1;
  return (long long)sb.st_size;
}

/* The batch files[from, to) as one task. */
static void start_batch(char *const files[], int from, int to, jobs_t *pool, part_job_t *job) {
  if (to <= from) return;
  job->batch = files + from;
  job->nbatch = to - from;
  job->name = files[from];
  job_span_t span = {.file = files[from], .batch = files + from, .nbatch = to - from};
  give(pool, job, &span);
  job->batch = NULL;
  job->nbatch = 0;
}

enum { MEASURED = 256 };

/* The inputs' sizes: measured where there are few inputs (a big one is cut
 * into parts), each once, as they are needed; many are read whole, batch by
 * batch (0 here), measuring them would delay the first. */
typedef struct {
  char *const *files;
  int n;
  unsigned long long part_bytes;
  long long size[MEASURED]; /* -2: not measured yet */
} sizes_t;

static long long size_of(sizes_t *z, int f) {
  if (z->n > MEASURED) return strcmp(z->files[f], "-") == 0 ? -1 : 0;
  if (z->size[f] == -2) z->size[f] = file_size(z->files[f]);
  return z->size[f];
}

/* Read whole by a task of a batch. */
static bool small(sizes_t *z, int f) {
  long long n = size_of(z, f);
  return n >= 0 && (unsigned long long)n < z->part_bytes;
}

/* The files of the next batch, when `left` files remain: a share of them
 * that shrinks as they go (guided self-scheduling), so that the batches
 * given last are short and no worker judges the end alone while the others
 * idle; at least FEW, a batch costing the parent a message. 8N batches of
 * one size left the last batch, 1/16 of the work for --jobs 2, to run while
 * the other worker had nothing to take. */
enum { FEW = 4 };
static int batch_files(int left, int workers) {
  int share = (left + 2 * workers - 1) / (2 * workers);
  return share < FEW ? FEW : share;
}

/* The small files from f on, to a worker as a batch (its share, at most
 * part_bytes): how many. */
static int next_batch(sizes_t *z, int f, int workers, jobs_t *pool, part_job_t *job) {
  int to = f, most = batch_files(z->n - f, workers);
  unsigned long long bytes = 0;
  do bytes += (unsigned long long)size_of(z, to++);
  while (to < z->n && to - f < most && bytes < z->part_bytes && small(z, to));
  start_batch(z->files, f, to, pool, job);
  return to - f;
}

/* The small files from f on, judged in this process until a worker waits
 * for a task (jobs_here): how many. */
static int judge_here(sizes_t *z, int f, jobs_t *pool, part_job_t *job) {
  int to = f;
  while (to < z->n && small(z, to)) to++;
  part_job_t kept = *job;
  job->batch = z->files + f;
  job->nbatch = to - f;
  job->name = z->files[f];
  job_span_t span = {.file = z->files[f], .batch = job->batch, .nbatch = job->nbatch};
  const bytes_t *b = message(job);
  int n = jobs_here(pool, b->buf, b->len, &span); /* the work takes the job from the bytes */
  *job = kept;
  return n;
}

int parts_jobs(int nfiles, char *const files[], size_t part_bytes, int workers, jobs_t *pool,
               job_task_t task, void *ctx, part_job_t *job) {
  sizes_t z;
  z.files = files;
  z.n = nfiles;
  z.part_bytes = part_bytes == PART_AUTO ? PART_BYTES : part_bytes;
  for (int f = 0; f < MEASURED; f++) z.size[f] = -2;
  if (workers < 1) workers = 1;
  /* over small files, this process judges too: a worker fewer to fork, to
   * fault its pages in and to end (parts go to workers, all N of them) */
  bool help = jobs_help(pool, nfiles > 0 && small(&z, 0));
  int status = 0;
  for (int f = 0; f < nfiles;) {
    if (!small(&z, f)) {
      int s = cut_input(files[f++], part_bytes, workers, pool, task, ctx, job);
      if (s > status) status = s;
    } else if (help && !jobs_idle(pool)) {
      f += judge_here(&z, f, pool, job);
    } else {
      f += next_batch(&z, f, workers, pool, job);
    }
  }
  return status;
}

int parts_judge(const part_job_t *job, game_t *g, cgr_reader_t *r, parts_failed_t failed,
                void *ctx) {
  char why[128];
  int status = 0;
  for (int i = 0; i < job->nbatch; i++) {
    if (!run_file(g, job->batch[i], why, sizeof why)) {
      failed(ctx, job->batch[i], why);
      status = 3;
    }
    jobs_file_done();
    if (jobs_yield()) break; /* judged here: the rest goes to the worker that waits */
  }
  if (job->nbatch > 0) return status;
  /* a part held in memory is followed by the rest of a stream (placed: read at its place) */
  FILE *rest = job->part.rest && job->part.data ? fdopen(dup(job->fd), "rb") : NULL;
  if (!run_part(g, r, job->name, &job->part, rest, why, sizeof why)) {
    failed(ctx, job->name, why);
    status = 3;
  }
  if (rest) fclose(rest);
  return status;
}

bool parts_shard(const char *path, shard_t *sh, part_fn_t part, void *ctx, char *why,
                 size_t why_len) {
  const char *name, *refused;
  int fd = open_input(path, &name, &refused);
  cgr_split_t *sp = fd < 0 ? NULL : cgr_split_open(fd, 0, PART_MAX_BYTES);
  struct stat sb;
  bool regular = sp && fd != STDIN_FILENO && fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode);
  shard_input(sh, path, regular ? (long long)sb.st_size : -1);
  if (!sp) {
    snprintf(why, why_len, "%s", fd < 0 ? refused : "out of memory");
    if (fd > STDIN_FILENO) close(fd);
    return !shard_segment(sh, NULL, 0);
  }
  cgr_part_t p;
  FILE *rest = NULL;
  bool ok = true;
  int rc = 0;
  while (ok && (rc = cgr_split_next(sp, &p)) > 0) {
    if (shard_segment(sh, p.data, p.len)) {
      if (p.rest) rest = fdopen(dup(fd), "rb");
      ok = part(ctx, name, &p, rest, why, why_len);
    }
    if (p.rest) break;
  }
  if (ok && rc < 0) {
    snprintf(why, why_len, "read error: %s", cgr_split_why(sp));
    ok = !shard_segment(sh, NULL, 0);
  }
  if (rest) fclose(rest);
  cgr_split_close(sp);
  if (fd > STDIN_FILENO) close(fd);
  return ok;
}
