/* shard.c — a shard's identity, digests and closing line (shard.h). */
#define _POSIX_C_SOURCE 200809L
#include "shard.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "i18n.h"
#include "json.h"
#include "ruleset.h"
#include "ruleset_yaml.h"

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

/* ---- the digest ------------------------------------------------------------ */

static const uint64_t P1 = 0x9e3779b97f4a7c15ull, P2 = 0xc2b2ae3d27d4eb4full;

static uint64_t rotl(uint64_t x, int r) { return x << r | x >> (64 - r); }

/* Every bit of x reaches every bit of the result (a finalizer). */
static uint64_t avalanche(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  return x ^ x >> 33;
}

/* The bytes little-endian, whatever the machine: shards of one run made on
 * machines of either byte order digest alike. */
static uint64_t word(const unsigned char *p, size_t n) {
  uint64_t w = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  if (n == 8) {
    memcpy(&w, p, 8); /* one load */
    return w;
  }
#endif
  for (size_t i = 0; i < n; i++) w |= (uint64_t)p[i] << (8 * i);
  return w;
}

/* A digest being made: 32 bytes at a time in four independent lanes (the
 * multiplications of one block overlap: several GB/s, so that reading every
 * input costs a shard little beside judging its own), the length at the end. */
typedef struct {
  uint64_t lane[4], len;
  unsigned char tail[32];
  size_t ntail;
} digest_t;

static uint64_t step(uint64_t h, uint64_t w) { return rotl(h ^ w * P1, 31) * P2; }

static void digest_begin(digest_t *d, uint64_t seed) {
  memset(d, 0, sizeof *d);
  for (int i = 0; i < 4; i++) d->lane[i] = avalanche(seed + P1 * (uint64_t)(i + 1));
}

static void block(digest_t *d, const unsigned char *p) {
  for (int i = 0; i < 4; i++) d->lane[i] = step(d->lane[i], word(p + 8 * i, 8));
}

static void digest_add(digest_t *d, const void *data, size_t len) {
  const unsigned char *p = data;
  if (len == 0) return; /* (data may be NULL then: no memcpy from it) */
  d->len += len;
  if (d->ntail > 0) {
    size_t take = len < 32 - d->ntail ? len : 32 - d->ntail;
    memcpy(d->tail + d->ntail, p, take);
    d->ntail += take, p += take, len -= take;
    if (d->ntail < 32) return;
    block(d, d->tail);
    d->ntail = 0;
  }
  for (; len >= 32; p += 32, len -= 32) block(d, p);
  memcpy(d->tail, p, len);
  d->ntail = len;
}

static uint64_t digest_end(digest_t *d) {
  uint64_t h = d->len;
  for (int i = 0; i < 4; i++) h = avalanche(h ^ d->lane[i]) + P2;
  size_t i = 0;
  for (; i + 8 <= d->ntail; i += 8) h = step(h, word(d->tail + i, 8));
  h = step(h, word(d->tail + i, d->ntail - i) ^ (uint64_t)(d->ntail - i) << 56);
  return avalanche(h);
}

uint64_t shard_hash(uint64_t seed, const void *data, size_t len) {
  digest_t d;
  digest_begin(&d, seed);
  digest_add(&d, data, len);
  return digest_end(&d);
}

/* ---- the identity ---------------------------------------------------------- */

/* The ruleset as it resolves: its every key, as --list-keys writes it. */
static bool rules_digest(const char *rules, uint64_t *out) {
  if (!rules) {
    *out = shard_hash(0, "each record's own", 17);
    return true;
  }
  ruleset_t rs;
  rs_error_t err;
  char *text = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&text, &len);
  if (!m || !rs_load(&rs, rules, &err)) {
    if (m) fclose(m);
    free(text);
    return false;
  }
  rs_write_yaml(m, &rs);
  bool ok = fclose(m) == 0;
  *out = shard_hash(1, text, len);
  free(text);
  return ok;
}

bool shard_identity(shard_t *sh, const char *referee, const char *options, const char *rules,
                    const char *run_id) {
  uint64_t r;
  if (!rules_digest(rules, &r)) return false;
  snprintf(sh->referee, sizeof sh->referee, "%s", referee);
  const char *lang = i18n_language();
  sh->options = shard_hash(r, options, strlen(options)) ^ rotl(shard_hash(2, lang, strlen(lang)), 1);
  sh->run_id = run_id;
  return true;
}

/* The name without the directory it was given in: shards made in other
 * directories, on other machines, are of one run. */
static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash && slash[1] ? slash + 1 : path;
}

void shard_input(shard_t *sh, const char *path, long long size) {
  const char *name = base_name(path);
  uint64_t h = shard_hash((uint64_t)size, name, strlen(name));
  sh->inputs = avalanche(sh->inputs ^ h) + P2; /* in order: a list, not a set */
}

bool shard_segment(shard_t *sh, const void *data, size_t len) {
  sh->current = sh->next++;
  sh->input_bytes += len;
  /* a sum of the segments' digests, each seeded with its number: the shards'
   * sums of their own add up to the run's (merge checks it) */
  uint64_t h = shard_hash(sh->current, data, len);
  sh->content += h;
  if (sh->current % sh->n != sh->k) return false;
  sh->own++;
  sh->bytes += len;
  sh->judged += h;
  return true;
}

/* A regular file's bytes digested as segment `seed` (a marker when it cannot
 * be read: the shard that judges it reports why). */
static uint64_t file_digest(const char *path, uint64_t seed) {
  static unsigned char buf[1 << 16];
  digest_t d;
  digest_begin(&d, seed);
  int fd = open(path, O_RDONLY);
  ssize_t got = fd < 0 ? -1 : 1;
  while (got != 0) {
    got = fd < 0 ? -1 : read(fd, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) break;
    digest_add(&d, buf, (size_t)got);
  }
  if (fd >= 0) close(fd);
  return got < 0 ? shard_hash(seed, "unreadable", 10) : digest_end(&d);
}

bool shard_file(shard_t *sh, const char *path) {
  struct stat sb;
  bool regular = strcmp(path, "-") != 0 && stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
  unsigned long long size = regular ? (unsigned long long)sb.st_size : 0;
  shard_input(sh, path, regular ? (long long)size : -1);
  unsigned long long i = sh->current = sh->next++;
  bool own = i % sh->n == sh->k;
  /* another shard's pipe or device is never opened (it would block, or be
   * read from under its shard); with --run-id, no other shard's input */
  uint64_t h = shard_hash(i, "", 0);
  if (regular && (own || !sh->run_id)) h = file_digest(path, i);
  else if (regular) sh->unread = true;
  sh->input_bytes += size;
  sh->content += h;
  if (!own) return false;
  sh->own++;
  sh->bytes += size;
  sh->judged += h;
  return true;
}

/* ---- the closing line ------------------------------------------------------ */

const char *const shard_identity_keys[] = {"referee", "options", "inputs", "content", "run_id",
                                           "n", "segments", "input_bytes", NULL};
enum { IDENTITY = 8 };

uint64_t shard_run(const char *const values[], const size_t lens[]) {
  digest_t d;
  digest_begin(&d, 3);
  for (int i = 0; shard_identity_keys[i]; i++) {
    digest_add(&d, shard_identity_keys[i], strlen(shard_identity_keys[i]) + 1);
    digest_add(&d, values[i], lens[i]);
    digest_add(&d, "", 1);
  }
  return digest_end(&d);
}

/* A JSON string of s (NULL: null) into buf. */
static void json_text(char *buf, size_t cap, const char *s) {
  char *text = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&text, &len);
  if (m) json_bytes(m, s);
  if (m && fclose(m) == 0) snprintf(buf, cap, "%s", text);
  else snprintf(buf, cap, "null");
  free(text);
}

bool shard_close(FILE *out, const shard_t *sh) {
  char v[IDENTITY][8 * SHARD_RUN_ID_MAX + 16];
  json_text(v[0], sizeof v[0], sh->referee);
  snprintf(v[1], sizeof v[1], "\"%016llx\"", (unsigned long long)sh->options);
  snprintf(v[2], sizeof v[2], "\"%016llx\"", (unsigned long long)sh->inputs);
  snprintf(v[3], sizeof v[3], sh->unread ? "null" : "\"%016llx\"",
           (unsigned long long)sh->content);
  json_text(v[4], sizeof v[4], sh->run_id);
  snprintf(v[5], sizeof v[5], "%llu", sh->n);
  snprintf(v[6], sizeof v[6], "%llu", sh->next);
  snprintf(v[7], sizeof v[7], "%llu", sh->input_bytes);
  const char *values[IDENTITY];
  size_t lens[IDENTITY];
  for (int i = 0; i < IDENTITY; i++) values[i] = v[i], lens[i] = strlen(v[i]);
  fprintf(out, "{\"shard\":{\"run\":\"%016llx\"", (unsigned long long)shard_run(values, lens));
  for (int i = 0; i < IDENTITY; i++) fprintf(out, ",\"%s\":%s", shard_identity_keys[i], v[i]);
  fprintf(out, ",\"k\":%llu,\"own\":%llu,\"bytes\":%llu,\"judged\":\"%016llx\",\"lines\":%llu,"
          "\"records\":%llu}}\n", sh->k, sh->own, sh->bytes, (unsigned long long)sh->judged,
          sh->lines, sh->records);
  return fflush(out) == 0 && !ferror(out);
}
