/* parts.h — inputs cut into parts of whole records (formats/cgr_split.h):
 * refereed in parallel processes (--jobs N, even for one file or standard
 * input), or only the parts of one shard (--shard K/N). */
#ifndef PARTS_H
#define PARTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cgr.h"
#include "cgr_split.h"
#include "game.h"
#include "jobs.h"
#include "shard.h"

enum { PART_MAX_BYTES = 64 << 20 }; /* held at most, per input being cut */
/* --jobs without --part-size: parts of a regular file of S bytes are about
 * S / (PIECES * workers), from PART_BYTES to PART_MAX_BYTES; PART_BYTES for
 * any other input, and the bound of a batch of small files. A part costs a
 * worker a message and an output file, not a process (jobs_give): smaller
 * parts let the first worker start sooner (the parent scans a part before
 * it gives it) and the last part end with less time alone. */
enum { PART_BYTES = 4000000 };
enum { PIECES = 8 };
#define PART_AUTO ((size_t)-1)

/* The part a task reads: set before each task starts (the child sees it as
 * it was then). When part.rest, the rest of the input is read from fd. */
typedef struct {
  const char *name;
  cgr_part_t part;
  int fd;
  cgr_split_t *split; /* the input being cut: the child holds it until it exits */
  char *const *batch; /* or, when nbatch > 0: whole files, read by the child */
  int nbatch;
} part_job_t;

/* Starts task(ctx) in pool for every piece of the inputs, in their order,
 * with *job describing it (part_bytes may be PART_AUTO): small regular files in batches (a task reads a
 * batch's files whole, so that many small files cost a few processes, not
 * one each: PIECES * workers batches of as many files, at most part_bytes a
 * batch); any other input cut into parts of about part_bytes. Over 256
 * inputs, none is measured (a stat each would delay the first batch): each
 * is read whole by its batch's task, whatever its size. Returns 3 when an input cannot be opened or read (said on
 * stderr), else 0 (a batch's files are opened by the task). Each task is
 * started with its span (jobs.h), for the message that says what a process
 * that died did not judge. */
int parts_jobs(int nfiles, char *const files[], size_t part_bytes, int workers, jobs_t *pool,
               job_task_t task, void *ctx, part_job_t *job);

/* In a worker of the pool (jobs_give): *job, from the bytes parts_jobs gave
 * it and the input's descriptor fd; its names point into msg. False when
 * msg is no task. */
bool parts_take(part_job_t *job, const void *msg, size_t len, int fd);

/* In a --jobs process: judges what *job describes through g (a part read
 * with r). An input that cannot be read goes to failed (its name and why).
 * Returns 0, or 3 when an input could not be read. */
typedef void (*parts_failed_t)(void *ctx, const char *file, const char *why);
int parts_judge(const part_job_t *job, game_t *g, cgr_reader_t *r, parts_failed_t failed,
                void *ctx);

/* The file's segments that fall in the shard, each read by part(ctx, name,
 * part, rest) with sh->current set. An input that cannot be opened or read
 * takes a segment number too; false when it was this shard's to report (the
 * reason in why). Every shard reads every byte of the input (to find its
 * segments): each segment's bytes go into the digests (shard_segment). */
typedef bool (*part_fn_t)(void *ctx, const char *name, const cgr_part_t *p, FILE *rest,
                          char *why, size_t why_len);
bool parts_shard(const char *path, shard_t *sh, part_fn_t part, void *ctx, char *why,
                 size_t why_len);

#endif
