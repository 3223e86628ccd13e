/* parts.c — inputs cut into parts for --jobs and --shard (parts.h). */
#define _POSIX_C_SOURCE 200809L
#include "parts.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
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

/* One input: every part to the pool. 0, or 3 when it cannot be read. */
static int cut_input(const char *path, size_t part_bytes, jobs_t *pool, job_task_t task,
                     void *ctx, part_job_t *job) {
  const char *refused;
  int fd = open_input(path, &job->name, &refused);
  /* no cut within two parts' bytes: the rest goes whole to one task, rather
   * than read here first (a single record of 100 MB is one process's work) */
  size_t most = part_bytes < PART_MAX_BYTES / 2 ? 2 * part_bytes : PART_MAX_BYTES;
  cgr_split_t *sp = fd < 0 ? NULL : cgr_split_open(fd, part_bytes, most);
  int rc = -1;
  if (sp) {
    job->fd = fd;
    job->split = sp;
    while ((rc = cgr_split_next(sp, &job->part)) > 0) {
      jobs_start(pool, task, ctx);
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
static void start_batch(char *const files[], int from, int to, jobs_t *pool, job_task_t task,
                        void *ctx, part_job_t *job) {
  if (to <= from) return;
  job->batch = files + from;
  job->nbatch = to - from;
  job->name = files[from];
  jobs_start(pool, task, ctx);
  job->batch = NULL;
  job->nbatch = 0;
}

enum { MEASURED = 256 };

int parts_jobs(int nfiles, char *const files[], size_t part_bytes, int workers, jobs_t *pool,
               job_task_t task, void *ctx, part_job_t *job) {
  int pieces = 2 * (workers > 0 ? workers : 1);
  int most = (nfiles + pieces - 1) / pieces; /* files a batch, the last batch shorter */
  int status = 0, from = 0;
  unsigned long long bytes = 0;
  for (int f = 0; f < nfiles; f++) {
    /* measured where there are few inputs (a big one is cut into parts); many
     * are read whole, batch by batch: measuring them would delay the first */
    long long n = nfiles <= MEASURED ? file_size(files[f]) : strcmp(files[f], "-") == 0 ? -1 : 0;
    if (n >= 0 && (unsigned long long)n < part_bytes) {
      bytes += (unsigned long long)n;
      if (bytes < part_bytes && f + 1 - from < most) continue;
      start_batch(files, from, f + 1, pool, task, ctx, job);
      from = f + 1;
      bytes = 0;
      continue;
    }
    start_batch(files, from, f, pool, task, ctx, job);
    from = f + 1;
    bytes = 0;
    int s = cut_input(files[f], part_bytes, pool, task, ctx, job);
    if (s > status) status = s;
  }
  start_batch(files, from, nfiles, pool, task, ctx, job);
  return status;
}

bool shard_parse(const char *text, shard_t *sh) {
  char *end;
  memset(sh, 0, sizeof *sh);
  if (*text < '0' || *text > '9') return false;
  errno = 0;
  sh->k = strtoull(text, &end, 10);
  if (*end != '/' || end[1] < '0' || end[1] > '9') return false;
  sh->n = strtoull(end + 1, &end, 10);
  return *end == '\0' && errno == 0 && sh->n >= 1 && sh->n <= SHARD_MAX && sh->k < sh->n;
}

static uint64_t fnv(uint64_t h, const void *data, size_t len) {
  const unsigned char *p = data;
  for (size_t i = 0; i < len; i++) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

void shard_close(FILE *out, const shard_t *sh, const char *mode, const char *rules,
                 int nfiles, char *const files[]) {
  uint64_t h = 14695981039346656037ull;
  h = fnv(h, mode, strlen(mode) + 1);
  h = fnv(h, rules ? rules : "", strlen(rules ? rules : "") + 1);
  h = fnv(h, &sh->n, sizeof sh->n);
  for (int i = 0; i < nfiles; i++) {
    struct stat sb;
    long long facts[3] = {0, 0, 0};
    if (strcmp(files[i], "-") != 0 && stat(files[i], &sb) == 0)
      facts[0] = (long long)sb.st_size, facts[1] = (long long)sb.st_mtim.tv_sec,
      facts[2] = (long long)sb.st_mtim.tv_nsec;
    h = fnv(h, files[i], strlen(files[i]) + 1);
    h = fnv(h, facts, sizeof facts);
  }
  fprintf(out,
          "{\"shard\":{\"run\":\"%016llx\",\"k\":%llu,\"n\":%llu,\"segments\":%llu,"
          "\"own\":%llu,\"bytes\":%llu,\"input_bytes\":%llu,\"lines\":%llu,\"records\":%llu}}\n",
          (unsigned long long)h, sh->k, sh->n, sh->next, sh->own, sh->bytes, sh->input_bytes,
          sh->lines, sh->records);
}

/* A segment numbered: this shard's or another's. */
static bool take_segment(shard_t *sh, size_t bytes) {
  sh->current = sh->next++;
  sh->input_bytes += bytes;
  if (sh->current % sh->n != sh->k) return false;
  sh->own++;
  sh->bytes += bytes;
  return true;
}

bool parts_shard(const char *path, shard_t *sh, part_fn_t part, void *ctx, char *why,
                 size_t why_len) {
  const char *name, *refused;
  int fd = open_input(path, &name, &refused);
  cgr_split_t *sp = fd < 0 ? NULL : cgr_split_open(fd, 0, PART_MAX_BYTES);
  if (!sp) {
    snprintf(why, why_len, "%s", fd < 0 ? refused : "out of memory");
    if (fd > STDIN_FILENO) close(fd);
    return !take_segment(sh, 0);
  }
  cgr_part_t p;
  FILE *rest = NULL;
  bool ok = true;
  int rc = 0;
  while (ok && (rc = cgr_split_next(sp, &p)) > 0) {
    if (take_segment(sh, p.len)) {
      if (p.rest) rest = fdopen(dup(fd), "rb");
      ok = part(ctx, name, &p, rest, why, why_len);
    }
    if (p.rest) break;
  }
  if (ok && rc < 0) {
    snprintf(why, why_len, "read error: %s", cgr_split_why(sp));
    ok = !take_segment(sh, 0);
  }
  if (rest) fclose(rest);
  cgr_split_close(sp);
  if (fd > STDIN_FILENO) close(fd);
  return ok;
}
