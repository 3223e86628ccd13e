/* fuzz_extends.c — libFuzzer harness for `extends` chains on disk
 * (referee/rules/ruleset_load.c: load_base, load_named, load_file,
 * rs_resolve_path): the input describes up to ten ruleset files f0.yaml ...
 * f9.yaml written into a temporary directory, each extending another file of
 * the directory (by its name, ./name, sub/../name, its absolute path, a
 * symbolic or a hard link to it), a built-in ruleset, a misspelled one, a
 * file that is missing, a FIFO, a directory, an empty file, an empty or a
 * non-scalar value, or nothing; with or without schema and name, and one key
 * to set (a number from the input, a string, an unknown key, garbage).
 * rs_load then loads f0.yaml.
 *
 * The input: byte 0 gives the number of files (1 + b % 10); then for each
 * file three bytes: what it extends (and which file), its keys, a value.
 *
 * Invariants:
 *   - rs_load returns (a FIFO named by extends does not block it; libFuzzer's
 *     -timeout catches a hang) and gives the same result twice;
 *   - when it loads, the ruleset's name is f0's;
 *   - when it fails: a non-empty message, and err.file names a file that
 *     exists, in the directory;
 *   - following the chain from f0 as the loader must (a file's `extends` is
 *     followed before its keys are read, a file met twice is a loop, checked
 *     by device and inode, before the length; more than 8 rulesets extending
 *     one another are refused at the first): a chain that comes back to a
 *     file it holds fails with "extends: a loop" in the message, at the
 *     file whose extends closes it; a chain longer than 8 fails with "more
 *     than 8" at f0; a chain that ends at a missing file, a FIFO, a directory,
 *     an empty file or a misspelled name fails without "a loop".
 *
 * Build and run: tests/fuzz/run.sh; see docs/fuzzing.md. */
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz_util.h"
#include "ruleset.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_FILES = 10, MAX_EXTENDS = 8 };

static char real_dir[PATH_MAX];

static void make(const char *name, bool dir) {
  char p[700];
  fuzz_path(p, sizeof p, name);
  if (dir ? mkdir(p, 0700) : mkfifo(p, 0600)) fuzz_fail("cannot make %s", p);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzz_init("fuzz_extends");
  make("sub", true);
  make("dir.yaml", true);
  make("fifo.yaml", false);
  char p[700], q[700];
  fuzz_write_file(fuzz_path(p, sizeof p, "empty.yaml"), "", 0);
  for (int j = 0; j < MAX_FILES; j++) {
    char name[32];
    snprintf(name, sizeof name, "f%d.yaml", j);
    fuzz_write_file(fuzz_path(p, sizeof p, name), "schema: 1\n", 10);
    snprintf(name, sizeof name, "link%d.yaml", j);
    char target[32];
    snprintf(target, sizeof target, "f%d.yaml", j);
    if (symlink(target, fuzz_path(q, sizeof q, name)) != 0) fuzz_fail("symlink %s", q);
    snprintf(name, sizeof name, "hard%d.yaml", j);
    if (link(p, fuzz_path(q, sizeof q, name)) != 0) fuzz_fail("link %s", q);
  }
  if (!realpath(fuzz_dir, real_dir)) fuzz_fail("realpath %s", fuzz_dir);
  return 0;
}

/* What a file extends. */
typedef enum {
  X_NONE, X_PLAIN, X_DOT, X_ABS, X_LINK, X_UP, X_HARD, /* a file of the directory */
  X_CLASSIC, X_TWO, X_MISSPELT, X_MISSING, X_FIFO, X_DIR, X_EMPTY_FILE, X_EMPTY, X_SEQ,
  X_KINDS
} ext_t;

typedef struct {
  ext_t ext;
  int target;    /* for X_PLAIN..X_HARD */
  bool dirty;    /* garbage: YAML that may not parse */
} spec_t;

static const char *const keys[] = {
  "",                                  /* no key */
  "meld:\n  max_wild: %u\n",
  "going_out:\n  bonus: %u\n",
  "title: \"t%u\"\n",
  "no_such_key: %u\n",
  "turn:\n  draw: %u\n",
  "schema: %u\n",                      /* a second schema key, or a wrong one */
  "pile: {initial: %u, frozen_by: [wild]}\n",
};

/* The text of file i. */
static void write_spec(int i, const spec_t *s, unsigned keybits, unsigned value) {
  char text[1024], *t = text;
  size_t left = sizeof text;
  int n;
#define PUT(...) (n = snprintf(t, left, __VA_ARGS__), t += n, left -= (size_t)n)
  char ext[700] = "";
  switch (s->ext) {
    case X_PLAIN: snprintf(ext, sizeof ext, "f%d.yaml", s->target); break;
    case X_DOT: snprintf(ext, sizeof ext, "./f%d.yaml", s->target); break;
    case X_ABS: snprintf(ext, sizeof ext, "%s/f%d.yaml", fuzz_dir, s->target); break;
    case X_LINK: snprintf(ext, sizeof ext, "link%d.yaml", s->target); break;
    case X_UP: snprintf(ext, sizeof ext, "sub/../f%d.yaml", s->target); break;
    case X_HARD: snprintf(ext, sizeof ext, "hard%d.yaml", s->target); break;
    case X_CLASSIC: snprintf(ext, sizeof ext, "classic"); break;
    case X_TWO: snprintf(ext, sizeof ext, "two-player"); break;
    case X_MISSPELT: snprintf(ext, sizeof ext, "clasic"); break;
    case X_MISSING: snprintf(ext, sizeof ext, "nope.yaml"); break;
    case X_FIFO: snprintf(ext, sizeof ext, "fifo.yaml"); break;
    case X_DIR: snprintf(ext, sizeof ext, "dir.yaml"); break;
    case X_EMPTY_FILE: snprintf(ext, sizeof ext, "empty.yaml"); break;
    case X_EMPTY: snprintf(ext, sizeof ext, "\"\""); break;
    case X_SEQ: snprintf(ext, sizeof ext, "[f0.yaml]"); break;
    default: break;
  }
  bool late = keybits & 0x20; /* extends after the other keys */
  if (!(keybits & 1)) PUT("schema: 1\n");
  if (!late && s->ext != X_NONE) PUT("extends: %s\n", ext);
  if (!(keybits & 2)) PUT("name: n%d\n", i);
  PUT(keys[(keybits >> 2) & 7], value);
  if (late && s->ext != X_NONE) PUT("extends: %s\n", ext);
  if (s->dirty) PUT("%s", value & 1 ? "a: [b, {c: \n" : "- &x [*x]\n");
#undef PUT
  char name[32], p[700];
  snprintf(name, sizeof name, "f%d.yaml", i);
  fuzz_write_file(fuzz_path(p, sizeof p, name), text, (size_t)(t - text));
}

static bool inside_dir(const char *file) {
  char real[PATH_MAX];
  if (!realpath(file, real)) return false;
  size_t n = strlen(real_dir);
  return strncmp(real, real_dir, n) == 0 && real[n] == '/';
}

/* The chain from f0, as the loader must follow it: 'L' a loop (closing at
 * *at), 'M' more than 8 (at f0), 'E' another error without a loop, '?'
 * anything (a file that may not parse, or keys read after a base). */
static char expected(const spec_t *s, int *at) {
  int chain[MAX_FILES + 1], n = 1;
  chain[0] = 0;
  for (int cur = 0;;) {
    const spec_t *c = &s[cur];
    if (c->dirty) return '?';
    switch (c->ext) {
      case X_NONE: case X_CLASSIC: case X_TWO:
        return n > MAX_EXTENDS - 1 && c->ext != X_NONE ? 'M' : '?';
      case X_EMPTY: case X_SEQ:
        return 'E';
      case X_MISSPELT: case X_MISSING: case X_FIFO: case X_DIR: case X_EMPTY_FILE:
        return n > MAX_EXTENDS - 1 ? 'M' : 'E';
      default:
        break;
    }
    for (int k = 0; k < n; k++)
      if (chain[k] == c->target) {
        *at = cur;
        return 'L';
      }
    if (n > MAX_EXTENDS - 1) return 'M';
    chain[n++] = c->target;
    cur = c->target;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_bytes_t in = {data, size, 0};
  int nfiles = 1 + (int)(fuzz_byte(&in) % MAX_FILES);
  spec_t spec[MAX_FILES];
  for (int i = 0; i < nfiles; i++) {
    unsigned e = fuzz_byte(&in), k = fuzz_byte(&in), v = fuzz_byte(&in);
    spec[i].ext = (ext_t)(e % X_KINDS);
    spec[i].target = (int)((e >> 4) % (unsigned)nfiles);
    spec[i].dirty = (k & 0xC0) == 0xC0;
    write_spec(i, &spec[i], k, v);
  }
  int at = -1;
  char want = expected(spec, &at);

  char path[700];
  fuzz_path(path, sizeof path, "f0.yaml");
  ruleset_t *rs = malloc(sizeof *rs), *again = malloc(sizeof *again);
  rs_error_t err, err2;
  bool ok = rs_load(rs, path, &err);
  bool ok2 = rs_load(again, path, &err2);
  FUZZ_ASSERT(ok == ok2, "loaded once and not twice");
  if (getenv("FUZZ_VERBOSE")) /* what a replay shows */
    fprintf(stderr, "fuzz_extends: %d files, expected %c (loop closing at f%d): %s%s%s\n", nfiles,
            want, at, ok ? "loaded " : err.file, ok ? rs->name : ": ", ok ? "" : err.message);
  if (ok) {
    FUZZ_ASSERT(strcmp(rs->name, "n0") == 0, "the ruleset's name is '%s', not f0's", rs->name);
    FUZZ_ASSERT(want == '?', "loaded where the chain from f0 should fail (%c)", want);
  } else {
    FUZZ_ASSERT(strcmp(err.message, err2.message) == 0 && strcmp(err.file, err2.file) == 0 &&
                    err.line == err2.line && err.col == err2.col,
                "two loads, two errors: %s / %s", err.message, err2.message);
    FUZZ_ASSERT(err.message[0] != '\0', "an error without a message (file %s)", err.file);
    struct stat sb;
    FUZZ_ASSERT(stat(err.file, &sb) == 0 && inside_dir(err.file),
                "the error names %s, no file of the directory: %s", err.file, err.message);
    bool loop = strstr(err.message, "extends: a loop") != NULL;
    if (want == 'L') {
      char name[32], p[700];
      struct stat closing;
      snprintf(name, sizeof name, "f%d.yaml", at);
      FUZZ_ASSERT(loop, "a loop not said: %s: %s", err.file, err.message);
      FUZZ_ASSERT(stat(fuzz_path(p, sizeof p, name), &closing) == 0 && closing.st_ino == sb.st_ino,
                  "the loop is said at %s, not at %s", err.file, name);
    } else if (want == 'M') {
      FUZZ_ASSERT(strstr(err.message, "more than 8") != NULL && strstr(err.file, "/f0.yaml"),
                  "a chain over 8 not refused at f0: %s: %s", err.file, err.message);
    }
    if (want == 'M' || want == 'E')
      FUZZ_ASSERT(!loop, "a loop said where there is none: %s", err.message);
  }
  free(rs);
  free(again);
  return 0;
}
