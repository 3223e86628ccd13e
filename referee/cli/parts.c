/* parts.c — inputs cut into parts for --jobs and --shard (parts.h). */
#define _POSIX_C_SOURCE 200809L
#include "parts.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
  cgr_split_t *sp = fd < 0 ? NULL : cgr_split_open(fd, part_bytes, PART_MAX_BYTES);
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
    fprintf(stderr, "referee: %s: %s\n", path, fd < 0 ? refused : strerror(errno));
    status = 3;
  }
  cgr_split_close(sp);
  job->split = NULL;
  if (fd > STDIN_FILENO) close(fd);
  return status;
}

int parts_jobs(int nfiles, char *const files[], size_t part_bytes, jobs_t *pool,
               job_task_t task, void *ctx, part_job_t *job) {
  int status = 0;
  for (int f = 0; f < nfiles; f++) {
    int s = cut_input(files[f], part_bytes, pool, task, ctx, job);
    if (s > status) status = s;
  }
  return status;
}

bool shard_parse(const char *text, shard_t *sh) {
  char *end;
  memset(sh, 0, sizeof *sh);
  if (*text < '0' || *text > '9') return false;
  sh->k = strtoull(text, &end, 10);
  if (*end != '/' || end[1] < '0' || end[1] > '9') return false;
  sh->n = strtoull(end + 1, &end, 10);
  return *end == '\0' && sh->n >= 1 && sh->k < sh->n;
}

bool parts_shard(const char *path, shard_t *sh, part_fn_t part, void *ctx, char *why,
                 size_t why_len) {
  const char *name, *refused;
  int fd = open_input(path, &name, &refused);
  cgr_split_t *sp = fd < 0 ? NULL : cgr_split_open(fd, 0, PART_MAX_BYTES);
  if (!sp) {
    snprintf(why, why_len, "%s", fd < 0 ? refused : "out of memory");
    if (fd > STDIN_FILENO) close(fd);
    sh->current = sh->next++;
    return sh->current % sh->n != sh->k;
  }
  cgr_part_t p;
  FILE *rest = NULL;
  bool ok = true;
  int rc = 0;
  while (ok && (rc = cgr_split_next(sp, &p)) > 0) {
    sh->current = sh->next++;
    if (sh->current % sh->n == sh->k) {
      if (p.rest) rest = fdopen(dup(fd), "rb");
      ok = part(ctx, name, &p, rest, why, why_len);
    }
    if (p.rest) break;
  }
  if (ok && rc < 0) {
    snprintf(why, why_len, "read error: %s", strerror(errno));
    sh->current = sh->next++;
    ok = sh->current % sh->n != sh->k;
  }
  if (rest) fclose(rest);
  cgr_split_close(sp);
  if (fd > STDIN_FILENO) close(fd);
  return ok;
}
