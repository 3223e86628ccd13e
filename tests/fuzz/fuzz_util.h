/* fuzz_util.h — what the harnesses that touch files and descriptors share
 * (header-only, each harness includes it once):
 *
 * - an invariant that does not hold is a crash: fuzz_fail() prints why on the
 *   real standard error and aborts, so libFuzzer saves the input;
 * - the library's own messages (merge, check, the command line) are sent to
 *   /dev/null while it runs (fuzz_quiet; FUZZ_VERBOSE=1 keeps them, for a
 *   replay), but sanitizer reports keep going to the real standard error
 *   (__sanitizer_set_report_fd);
 * - standard output can be captured into a file (fuzz_capture_*), as merge and
 *   the jobs print there;
 * - a temporary directory per process (under $TMPDIR, else /dev/shm, else
 *   /tmp; run.sh sets TMPDIR to a directory of its own), removed at exit;
 * - FUZZ_KNOWN_BUGS=1 in the environment turns on the checks of product bugs
 *   found and not fixed yet (docs/fuzzing.md lists them): off by default so
 *   that the rest of the harness keeps fuzzing. */
#ifndef FUZZ_UTIL_H
#define FUZZ_UTIL_H

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <sanitizer/common_interface_defs.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fuzz_err_fd = 2;   /* the real standard error */
static int fuzz_null_fd = -1; /* /dev/null */
static int fuzz_quiet_depth;
static int fuzz_saved_out = -1;
static char fuzz_dir[512];    /* this process's temporary directory */
static const char *fuzz_name = "fuzz";

static inline void fuzz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static inline void fuzz_fail(const char *fmt, ...) {
  fflush(stdout);
  fflush(stderr);
  if (fuzz_saved_out >= 0) dup2(fuzz_saved_out, STDOUT_FILENO);
  if (fuzz_err_fd != STDERR_FILENO) dup2(fuzz_err_fd, STDERR_FILENO);
  char msg[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fprintf(stderr, "%s: invariant broken: %s\n", fuzz_name, msg);
  fflush(stderr);
  abort();
}

#define FUZZ_ASSERT(cond, ...)           \
  do {                                   \
    if (!(cond)) fuzz_fail(__VA_ARGS__); \
  } while (0)

/* The library's messages on standard error go to /dev/null while on. */
static inline void fuzz_quiet(bool on) {
  static int verbose = -1; /* FUZZ_VERBOSE=1: the library's messages shown */
  if (verbose < 0) verbose = getenv("FUZZ_VERBOSE") != NULL;
  if (verbose) return;
  fflush(stderr);
  if (on && fuzz_quiet_depth++ == 0) dup2(fuzz_null_fd, STDERR_FILENO);
  if (!on && --fuzz_quiet_depth == 0) dup2(fuzz_err_fd, STDERR_FILENO);
}

/* Standard output into the file at path (truncated) until fuzz_capture_end. */
static inline void fuzz_capture_begin(const char *path) {
  fflush(stdout);
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) fuzz_fail("cannot create %s: %s", path, strerror(errno));
  fuzz_saved_out = dup(STDOUT_FILENO);
  dup2(fd, STDOUT_FILENO);
  close(fd);
}

static inline void fuzz_capture_end(void) {
  fflush(stdout);
  dup2(fuzz_saved_out, STDOUT_FILENO);
  close(fuzz_saved_out);
  fuzz_saved_out = -1;
}

static inline void fuzz_write_file(const char *path, const void *data, size_t len) {
  FILE *f = fopen(path, "wb");
  if (!f) fuzz_fail("cannot create %s: %s", path, strerror(errno));
  if (len && fwrite(data, 1, len, f) != len) fuzz_fail("cannot write %s", path);
  if (fclose(f) != 0) fuzz_fail("cannot write %s", path);
}

/* The whole file, NUL-terminated (malloc'd); its length in *len. */
static inline char *fuzz_read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) fuzz_fail("cannot open %s: %s", path, strerror(errno));
  size_t cap = 4096, n = 0, got;
  char *buf = malloc(cap + 1);
  for (;;) {
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
      n += got;
      if (n == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    if (!buf || !ferror(f) || errno != EINTR) break;
    clearerr(f); /* a signal (libFuzzer's SIGALRM) interrupted the read: go on */
  }
  fclose(f);
  if (!buf) fuzz_fail("out of memory");
  buf[n] = '\0';
  *len = n;
  return buf;
}

static inline int fuzz_rm_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
  (void)sb;
  (void)flag;
  (void)ftw;
  remove(path);
  return 0;
}

/* Empties directory dir (or removes it with itself). */
static inline void fuzz_rm_tree(const char *dir, bool itself) {
  char path[1024];
  snprintf(path, sizeof path, "%s", dir);
  nftw(path, fuzz_rm_one, 16, FTW_DEPTH | FTW_PHYS);
  if (!itself) mkdir(path, 0700);
}

static inline void fuzz_cleanup(void) {
  if (fuzz_dir[0]) fuzz_rm_tree(fuzz_dir, true);
}

/* The reference: the length of the well-formed UTF-8 sequence at s (Unicode
 * 15, table 3-7) within `left` bytes, 0 when there is none. */
static inline size_t fuzz_utf8_len(const unsigned char *s, size_t left) {
  unsigned c = s[0], lo = 0x80, hi = 0xBF;
  size_t k = c >= 0xC2 && c <= 0xDF   ? 2
             : c >= 0xE0 && c <= 0xEF ? 3
             : c >= 0xF0 && c <= 0xF4 ? 4
                                      : 0;
  if (!k || k > left) return 0;
  if (c == 0xE0) lo = 0xA0;
  if (c == 0xED) hi = 0x9F;
  if (c == 0xF0) lo = 0x90;
  if (c == 0xF4) hi = 0x8F;
  if (s[1] < lo || s[1] > hi) return 0;
  for (size_t i = 2; i < k; i++)
    if (s[i] < 0x80 || s[i] > 0xBF) return 0;
  return k;
}

static inline bool fuzz_known_bugs(void) {
  const char *v = getenv("FUZZ_KNOWN_BUGS");
  return v && *v && strcmp(v, "0") != 0;
}

/* Once, from LLVMFuzzerInitialize: the descriptors and the directory. */
static inline void fuzz_init(const char *name) {
  fuzz_name = name;
  fuzz_null_fd = open("/dev/null", O_RDWR);
  fuzz_err_fd = dup(STDERR_FILENO);
  if (fuzz_null_fd < 0 || fuzz_err_fd < 0) {
    perror(name);
    abort();
  }
  fcntl(fuzz_err_fd, F_SETFD, FD_CLOEXEC);
  __sanitizer_set_report_fd((void *)(intptr_t)fuzz_err_fd);
  /* a file system in memory when there is one: rewriting a file on ext4
   * costs a disk write (auto_da_alloc), and the harnesses rewrite theirs */
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !*tmp) tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
  snprintf(fuzz_dir, sizeof fuzz_dir, "%s/%s-XXXXXX", tmp, name);
  if (!mkdtemp(fuzz_dir)) {
    perror(fuzz_dir);
    abort();
  }
  atexit(fuzz_cleanup);
}

/* path = the temporary directory / name. */
static inline const char *fuzz_path(char *buf, size_t len, const char *name) {
  snprintf(buf, len, "%s/%s", fuzz_dir, name);
  return buf;
}

/* A little reader of the fuzzer's parameter bytes: a byte, 0 past the end. */
typedef struct {
  const uint8_t *p;
  size_t n, at;
} fuzz_bytes_t;

static inline unsigned fuzz_byte(fuzz_bytes_t *b) { return b->at < b->n ? b->p[b->at++] : 0u; }

#endif
