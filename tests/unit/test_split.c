/* Cutting a stream into parts (formats/cgr_split.c): the parts, read one by
 * one as --jobs and --shard read them, give the records of one reading (the
 * same numbers, lines, verdicts), and a file is cut where a stream read
 * through a pipe is, even where a record is longer than the buffer; a file
 * cut short while it is read is an error, never a signal; a read that a
 * signal interrupts goes on. */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cgr_split.h"
#include "gen.h"
#include "run.h"

enum { MAX_SEEN = 4096, SMALL_MAX = 1 << 16 };

typedef struct {
  int n;
  struct { int index, status; unsigned start, line, col; } v[MAX_SEEN];
} seen_t;

static void collect(const record_t *r, void *ctx) {
  seen_t *s = ctx;
  cr_assert_lt(s->n, MAX_SEEN);
  s->v[s->n].index = r->index;
  s->v[s->n].status = record_status(r);
  s->v[s->n].start = r->start_line;
  s->v[s->n].line = r->verdict.line;
  s->v[s->n++].col = r->verdict.col;
}

/* Generated games, junk between some of them, and one record longer than
 * SMALL_MAX (a hand with a very long comment block) in the middle. */
static char *sample(size_t *len) {
  char *text = NULL;
  FILE *f = open_memstream(&text, len);
  static const char *const variants[] = {"classic", "italian", "chinese"};
  for (int v = 0; v < 3; v++) {
    gen_options_t opt = {variants[v], 0, 5, 6, 0, v == 1};
    gen_stats_t gs;
    char why[256];
    cr_assert_eq(gen_write(&opt, f, &gs, why, sizeof why), 0, "%s", why);
    if (v == 0) {
      fputs("Anne draw\n# expect: legal\n", f);
      for (int i = 0; i < 4000; i++) fprintf(f, "# a long comment, line %d of 4000\n", i);
    }
  }
  fclose(f);
  return text;
}

/* The input as a file (mapped) or through a pipe (buffered). */
static int open_input(const char *text, size_t len, bool pipe_it, pid_t *writer) {
  *writer = -1;
  if (!pipe_it) {
    FILE *f = tmpfile();
    fwrite(text, 1, len, f);
    fflush(f);
    int fd = dup(fileno(f));
    fclose(f);
    lseek(fd, 0, SEEK_SET);
    return fd;
  }
  int p[2];
  cr_assert_eq(pipe(p), 0);
  if ((*writer = fork()) == 0) {
    close(p[0]);
    for (size_t off = 0; off < len;) {
      ssize_t n = write(p[1], text + off, len - off > 999 ? 999 : len - off);
      if (n <= 0) _exit(1);
      off += (size_t)n;
    }
    _exit(0);
  }
  close(p[1]);
  return p[0];
}

/* Reads the input part by part; the parts' first lines in *firsts. */
static int read_by_parts(const char *text, size_t len, bool pipe_it, size_t part_bytes,
                         seen_t *seen, unsigned *firsts, cgr_split_mode_t mode) {
  pid_t writer;
  int fd = open_input(text, len, pipe_it, &writer);
  cgr_split_t *sp = cgr_split_open_mode(fd, part_bytes, SMALL_MAX, mode);
  cgr_reader_t *r = cgr_open_lines();
  game_t *g = game_new(NULL, collect, seen);
  cgr_part_t p;
  int nparts = 0;
  char why[128];
  while (cgr_split_next(sp, &p) > 0) {
    FILE *rest = p.rest ? fdopen(dup(fd), "rb") : NULL;
    firsts[nparts++] = p.first_line;
    cr_assert(run_part(g, r, "t.cgr", &p, rest, why, sizeof why), "%s", why);
    if (rest) fclose(rest);
    if (p.rest) break;
  }
  game_free(g);
  cgr_close(r);
  cgr_split_close(sp);
  close(fd);
  if (writer > 0) waitpid(writer, NULL, 0);
  return nparts;
}

static void same_records(const seen_t *a, const seen_t *b, const char *what) {
  cr_assert_eq(a->n, b->n, "%s: %d records, not %d", what, b->n, a->n);
  for (int i = 0; i < a->n; i++)
    cr_assert(memcmp(&a->v[i], &b->v[i], sizeof a->v[i]) == 0,
              "%s: record %d: %d %d %u:%u, not %d %d %u:%u", what, i + 1, b->v[i].index,
              b->v[i].status, b->v[i].line, b->v[i].col, a->v[i].index, a->v[i].status,
              a->v[i].line, a->v[i].col);
}

/* The records of the text read in one go. */
static void read_whole(char *text, size_t len, seen_t *whole) {
  FILE *f = fmemopen(text, len, "r");
  game_t *g = game_new(NULL, collect, whole);
  char why[128];
  cr_assert(run_stream(g, f, "t.cgr", why, sizeof why), "%s", why);
  game_free(g);
  fclose(f);
}

Test(split, parts_read_as_one_reading_and_files_cut_as_streams) {
  size_t len;
  char *text = sample(&len);
  static seen_t whole, by_file, by_pipe, by_place;
  read_whole(text, len, &whole);
  static unsigned firsts_file[MAX_SEEN], firsts_pipe[MAX_SEEN], firsts_place[MAX_SEEN];
  size_t sizes[] = {0, 5000, 40000};
  for (int k = 0; k < 3; k++) {
    by_file.n = by_pipe.n = by_place.n = 0;
    int nf = read_by_parts(text, len, false, sizes[k], &by_file, firsts_file, CGR_SPLIT_HELD);
    int np = read_by_parts(text, len, true, sizes[k], &by_pipe, firsts_pipe, CGR_SPLIT_HELD);
    /* parts given by their place, read back from the file by pread */
    int nq = read_by_parts(text, len, false, sizes[k], &by_place, firsts_place, CGR_SPLIT_PLACED);
    cr_assert_gt(nf, k == 0 ? 5 : 1, "the sample is cut (%d parts)", nf);
    cr_assert_eq(nf, np, "a file in %d parts, a pipe in %d", nf, np);
    cr_assert_geq(nq, nf, "a file in %d parts, placed in %d", nf, nq);
    cr_assert(memcmp(firsts_file, firsts_pipe, sizeof firsts_file[0] * (size_t)nf) == 0);
    same_records(&whole, &by_file, "a file by parts");
    same_records(&whole, &by_pipe, "a pipe by parts");
    same_records(&whole, &by_place, "a file by placed parts");
  }
  free(text);
}

/* A regular file truncated while it is cut (it was mapped, and
 * the process died of SIGBUS): cgr_split_next says the file changed. The
 * cutting runs in a child, whose death by a signal fails the test. */
Test(split, a_file_cut_short_while_read_is_an_error) {
  size_t len;
  char *text = sample(&len);
  char path[] = "/tmp/split-trunc-XXXXXX";
  int fd = mkstemp(path);
  cr_assert(fd >= 0);
  cr_assert_eq(write(fd, text, len), (ssize_t)len);
  lseek(fd, 0, SEEK_SET);
  pid_t child = fork();
  cr_assert(child >= 0);
  if (child == 0) {
    cgr_split_t *sp = cgr_split_open(fd, 0, 1 << 26); /* the file read to its end, no rest */
    cgr_part_t p;
    int rc, parts = 0;
    while ((rc = cgr_split_next(sp, &p)) > 0) {
      volatile char sum = 0;
      for (size_t i = 0; i < p.len; i++) sum = (char)(sum + p.data[i]); /* touch the bytes */
      if (++parts == 2 && ftruncate(fd, (off_t)(len / 3)) != 0) _exit(4);
      if (p.rest) break;
    }
    bool said = rc < 0 && strcmp(cgr_split_why(sp), "the file changed while it was read") == 0;
    cgr_split_close(sp);
    _exit(said ? 0 : 3);
  }
  int status;
  waitpid(child, &status, 0);
  close(fd);
  remove(path);
  free(text);
  cr_assert(WIFEXITED(status), "the cutting died of signal %d", WTERMSIG(status));
  cr_assert_eq(WEXITSTATUS(status), 0, "no error said for the truncated file (%d)",
               WEXITSTATUS(status));
}

/* The same, the parts given by their place in the file (--jobs): a part
 * read after the file was cut short says so. */
Test(split, a_placed_part_of_a_file_cut_short_is_an_error) {
  size_t len;
  char *text = sample(&len);
  pid_t none;
  int fd = open_input(text, len, false, &none);
  cgr_split_t *sp = cgr_split_open_mode(fd, 20000, SMALL_MAX, CGR_SPLIT_PLACED);
  cgr_reader_t *r = cgr_open_lines();
  static seen_t seen;
  game_t *g = game_new(NULL, collect, &seen);
  cgr_part_t p[2];
  cr_assert_eq(cgr_split_next(sp, &p[0]), 1);
  cr_assert_eq(cgr_split_next(sp, &p[1]), 1);
  cr_assert(p[0].data == NULL && p[1].data == NULL && !p[1].last, "two placed parts");
  cr_assert_eq(ftruncate(fd, (off_t)(p[1].offset + p[1].len / 2)), 0);
  char why[128];
  cr_assert(run_part(g, r, "t.cgr", &p[0], NULL, why, sizeof why), "%s", why);
  cr_assert_not(run_part(g, r, "t.cgr", &p[1], NULL, why, sizeof why), "the cut part read whole");
  cr_assert_str_eq(why, "the file changed while it was read");
  game_free(g);
  cgr_close(r);
  cgr_split_close(sp);
  close(fd);
  free(text);
}

/* ---- a read that a signal interrupts --------------------------------------- */

typedef struct {
  int fd;
  const char *text;
  size_t len;
  pthread_t reader;
} slow_writer_t;

static void on_signal(int sig) { (void)sig; }

/* Writes the text in pieces; between two, while the reader waits for the
 * next, signals it (a handler without SA_RESTART: its read fails EINTR). */
static void *slow_write(void *p) {
  slow_writer_t *w = p;
  for (size_t at = 0; at < w->len;) {
    size_t n = w->len - at < 30000 ? w->len - at : 30000;
    ssize_t k = write(w->fd, w->text + at, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    at += (size_t)k;
    for (int i = 0; i < 10; i++) {
      nanosleep(&(struct timespec){0, 1000000}, NULL);
      pthread_kill(w->reader, SIGUSR1);
    }
  }
  close(w->fd);
  return NULL;
}

/* A stream read through a pipe whose reads signals interrupt (libFuzzer's
 * SIGALRM, a program embedding the referee): the records of one reading,
 * no "read error" (it said "read error: Success"). */
Test(split, a_read_a_signal_interrupts_goes_on) {
  size_t len;
  char *text = sample(&len);
  static seen_t whole, piped;
  read_whole(text, len, &whole);
  char why[128];
  struct sigaction sa, old, old_pipe;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal; /* no SA_RESTART */
  sigaction(SIGUSR1, &sa, &old);
  sa.sa_handler = SIG_IGN; /* the reader may stop early (it did): the writer is told EPIPE */
  sigaction(SIGPIPE, &sa, &old_pipe);
  int p[2];
  cr_assert_eq(pipe(p), 0);
  slow_writer_t w = {p[1], text, len, pthread_self()};
  pthread_t t;
  cr_assert_eq(pthread_create(&t, NULL, slow_write, &w), 0);
  FILE *f = fdopen(p[0], "rb");
  game_t *g = game_new(NULL, collect, &piped);
  bool ok = run_stream(g, f, "t.cgr", why, sizeof why);
  fclose(f);
  pthread_join(t, NULL);
  sigaction(SIGUSR1, &old, NULL);
  sigaction(SIGPIPE, &old_pipe, NULL);
  game_free(g);
  free(text);
  cr_assert(ok, "run_stream: %s", why);
  same_records(&whole, &piped, "a pipe whose reads are interrupted");
}
