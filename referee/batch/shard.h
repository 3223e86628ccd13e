/* shard.h — one shard of a run (--shard K/N) and its closing line: what the
 * shard covers and the identity of the run it belongs to, which referee merge
 * (merge.c) checks before it puts shards together.
 *
 * The identity holds what decides the output, and nothing that differs
 * between machines: the referee's version, the options that change the
 * output (check or not, --explain, --at, --keep-going, --parse-only, the
 * language the messages are in), the ruleset --rules resolves to (its every
 * key, as --list-keys writes it), N, --run-id, each input's name without its
 * directory and its size, and, where the shard reads them, the inputs'
 * bytes. Not an input's time, nor the directory it was found in. */
#ifndef SHARD_H
#define SHARD_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Shard k of n: the segments (the smallest parts: a record, or the few that
 * cannot be parted, or a whole file when several are given) are numbered
 * over all the inputs in order, and segment i falls in shard i mod n. */
typedef struct {
  unsigned long long k, n;
  unsigned long long next;     /* the number the next segment will get */
  unsigned long long current;  /* the segment being refereed */
  /* what the shard covers, for its closing line (shard_close) */
  unsigned long long own;      /* segments of this shard */
  unsigned long long bytes, input_bytes; /* their bytes as cut; all segments' */
  unsigned long long lines, records;     /* JSON lines written; of them, records */
  /* the identity (shard_identity) and the digests (shard_digest) */
  char referee[64];            /* the referee's version */
  uint64_t options;            /* the options, language and ruleset */
  const char *run_id;          /* --run-id TEXT, or NULL */
  uint64_t inputs;             /* the inputs' names (without directory) and sizes */
  uint64_t content, judged;    /* all segments' bytes; this shard's */
  bool unread;                 /* some input's bytes were not read: content unknown */
} shard_t;

enum { SHARD_MAX = 1000000, SHARD_RUN_ID_MAX = 256 };

/* Parses "K/N" (0 <= K < N <= SHARD_MAX). */
bool shard_parse(const char *text, shard_t *sh);

/* The run's identity: the referee's version, the options as text (what the
 * caller prints: mode and the options that change the output), the language
 * messages are in (i18n_language), the ruleset --rules names as it resolves
 * (NULL: each record's own), and --run-id (NULL: none). False when the
 * ruleset cannot be loaded. */
bool shard_identity(shard_t *sh, const char *referee, const char *options, const char *rules,
                    const char *run_id);

/* A 64-bit digest of bytes (not cryptographic: it tells accidents apart —
 * a file changed, swapped, a shard of another run — not a forgery). */
uint64_t shard_hash(uint64_t seed, const void *data, size_t len);

/* An input enters the identity: its name without directory and its size
 * (-1: not a regular file, or it cannot be read). */
void shard_input(shard_t *sh, const char *path, long long size);

/* Segment number sh->next is given: its bytes (when read) digested, counted.
 * True when it is this shard's (sh->current set either way). */
bool shard_segment(shard_t *sh, const void *data, size_t len);

/* --shard over several inputs: input `path` is the next segment. It is
 * measured, named in the identity and, when a regular file, read for the
 * digest of the run's bytes (only this shard's own inputs when --run-id
 * is given: the id then stands for the others' bytes). True when it is
 * this shard's to judge. */
bool shard_file(shard_t *sh, const char *path);

/* --shard with --json: the shard's closing line, which says what it covers,
 * so that referee merge refuses a shard missing, cut short, repeated or of
 * another run (format.md, "JSON output"):
 * {"shard":{"run","referee","options","inputs","content","run_id","n",
 * "segments","input_bytes","k","own","bytes","judged","lines","records"}}.
 * "run" digests the identity's members (the first ones through
 * "input_bytes", as written: shard_run). False when out could not be
 * written. */
bool shard_close(FILE *out, const shard_t *sh);

/* The members of a closing line that make the run's identity, in the order
 * "run" digests them; NULL-terminated. */
extern const char *const shard_identity_keys[];
/* "run" of a closing line whose identity members' raw JSON values are
 * values[i] (lens[i] bytes), in shard_identity_keys' order. */
uint64_t shard_run(const char *const values[], const size_t lens[]);

#endif
