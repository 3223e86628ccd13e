/* failalloc.c — an allocator that fails, for tests/oom.sh: preloaded
 * (LD_PRELOAD) into the referee, it makes each of the program's allocations
 * fail in turn, in one run.
 *
 * OOM_DIR=DIR (the sweep): at each call of malloc, calloc or realloc after
 * the program starts, the process forks; in the child that call fails
 * (NULL, ENOMEM) and the child runs on to its end with its standard output
 * and error in DIR/N.out and DIR/N.err (N: the call's number, from 1); the
 * parent waits for it, writes "N STATUS OFFSET" to DIR/status (STATUS: the
 * exit status, or 128 + the signal; OFFSET: how far the parent's standard
 * output had been written at the fork, the rest being still in the child's
 * buffers), and goes on with the call succeeding. A
 * child fails only its own call: every later one succeeds, as they do in
 * the parent. So one run tries every N, at the cost of forks, not of
 * starting the program again each time.
 *
 * glibc lets a program replace malloc, calloc and realloc (and calls them
 * itself, from fopen, strdup, ...); the real ones are __libc_*. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);

static const char *dir;
static int sweeping; /* set once the program has started, in the parent only */
static unsigned long calls;

/* The name DIR/N.ext into buf (no allocation: snprintf to a fixed buffer). */
static void name(char *buf, size_t len, const char *ext) {
  snprintf(buf, len, "%s/%lu.%s", dir, calls, ext);
}

static void redirect(int to, const char *ext) {
  char path[4096];
  name(path, sizeof path, ext);
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0 || dup2(fd, to) < 0) _exit(120);
  close(fd);
}

/* The child's own offsets: a file the parent had open shares its offset with
 * the child after fork, so the child's reads would move the parent's. Each
 * regular file open is opened again at the same offset (what the child
 * writes to a file the parent writes too is not compared). */
static void own_offsets(void) {
  for (int fd = 3; fd < 64; fd++) { /* the referee keeps a few open */
    int flags = fcntl(fd, F_GETFL);
    struct stat sb;
    if (flags < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) continue;
    char link[64], path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    if (n <= 0) _exit(124);
    path[n] = '\0';
    off_t at = lseek(fd, 0, SEEK_CUR);
    int again = open(path, flags & (O_ACCMODE | O_APPEND));
    if (again < 0 || lseek(again, at, SEEK_SET) != at || dup2(again, fd) < 0) _exit(124);
    close(again);
  }
}

/* True in the child whose call this is: it must fail. */
static int fail_here(void) {
  if (!sweeping) return 0;
  calls++;
  sweeping = 0; /* no allocation of ours below forks again */
  fflush(stderr);
  long long off = (long long)lseek(STDOUT_FILENO, 0, SEEK_CUR);
  pid_t pid = fork();
  if (pid < 0) _exit(121);
  if (pid == 0) {
    own_offsets();
    redirect(STDOUT_FILENO, "out");
    redirect(STDERR_FILENO, "err");
    return 1; /* the child runs on, never sweeping */
  }
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) _exit(122);
  int status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  char path[4096], line[64];
  snprintf(path, sizeof path, "%s/status", dir);
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  int n = snprintf(line, sizeof line, "%lu %d %lld\n", calls, status, off);
  if (fd < 0 || write(fd, line, (size_t)n) != n) _exit(123);
  close(fd);
  sweeping = 1;
  return 0;
}

void *malloc(size_t n) {
  if (fail_here()) return errno = ENOMEM, NULL;
  return __libc_malloc(n);
}

void *calloc(size_t n, size_t size) {
  if (fail_here()) return errno = ENOMEM, NULL;
  return __libc_calloc(n, size);
}

void *realloc(void *p, size_t n) {
  if (fail_here()) return errno = ENOMEM, NULL;
  return __libc_realloc(p, n);
}

/* The sweep starts with the program: the loader's and libc's own start are
 * not the program's. */
__attribute__((constructor)) static void start(void) {
  dir = getenv("OOM_DIR");
  sweeping = dir != NULL;
}
