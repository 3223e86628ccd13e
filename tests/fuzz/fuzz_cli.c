/* fuzz_cli.c — libFuzzer harness for the command line (referee/cli/main.c,
 * compiled in with its main() renamed referee_main, and what it calls —
 * the batch runner of referee/batch/ and the generator of referee/gen/:
 * option parsing, --files0-from, --origin, --shard, --jobs, --html, --tap,
 * --junit, check, gen and merge's options): the input is a command line.
 *
 * The input: the arguments, separated by NUL bytes; after two NUL bytes in a
 * row, the rest is the text of the file c.cgr and of standard input. Each
 * command runs in a fresh directory holding a.cgr (a legal record), b.cgr
 * (an illegal one), c.cgr, r.yaml (a ruleset extending classic), list0 (a
 * NUL-separated list of a.cgr and b.cgr), and d/ (records with "# expect:"
 * lines). An argument holding '/' or starting with ".." is not run (the
 * command must stay in its directory: --html and --junit write files), nor
 * `gen` without --hands 1 or 2 and --games up to 3 (a long match takes long),
 * nor a list of files (--files0-from c.cgr or -) naming a path with '/'.
 * Standard output and standard error go to files, the directory is
 * emptied after each command.
 *
 * Invariants:
 *   1. the exit status is 0, 1, 2 or 3; `gen` exits 0 or 3 (1 would be a
 *      game the generator wrote and the referee refused);
 *   2. a status 0 of `referee` or `referee check` comes with some record
 *      judged (game_new is wrapped, -Wl,--wrap=game_new, to count the
 *      records every game hands over, in --jobs processes too), unless an
 *      option that judges nothing answered (--help, -h, --version,
 *      --list-rules, --list-keys), or --parse-only, or --shard (a shard may
 *      hold no record);
 *   3. with --json (and no --coverage), `referee` and `referee check` print
 *      only whole JSON objects, one a line.
 *
 * Build and run: tests/fuzz/run.sh (which compiles main.c for this harness);
 * see docs/fuzzing.md. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz_util.h"
#include "game.h"
#include "json.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int referee_main(int argc, char **argv); /* main.c */

/* ---- counting the records judged ------------------------------------------ */

game_t *__real_game_new(const char *forced_rules, game_callback_t cb, void *ctx);
game_t *__wrap_game_new(const char *forced_rules, game_callback_t cb, void *ctx);

enum { SLOTS = 32 };
static struct {
  game_callback_t cb;
  void *ctx;
} slots[SLOTS];
static int nslots;
static unsigned long long *judged; /* shared with the --jobs processes */

static void counted(const record_t *r, void *p) {
  __atomic_add_fetch(judged, 1, __ATOMIC_SEQ_CST);
  int i = (int)(intptr_t)p;
  slots[i].cb(r, slots[i].ctx);
}

game_t *__wrap_game_new(const char *forced_rules, game_callback_t cb, void *ctx) {
  if (nslots == SLOTS) fuzz_fail("more than %d games in one command", SLOTS);
  slots[nslots].cb = cb;
  slots[nslots].ctx = ctx;
  return __real_game_new(forced_rules, counted, (void *)(intptr_t)nslots++);
}

/* ---- the directory ------------------------------------------------------------ */

static const char A_CGR[] =
    "cgr 1\nvariant classic\nplayer Anne\nplayer Bruno\nhand 1\ndealer Bruno\n"
    "deal Anne KS KS KH KH KD KD KC 9S 9S 9H 9D 6C 6D 6H 8C\n"
    "deal Bruno AS AH QD QC JS JH TD TC 7S 7H 5D 5C 4H 4D 8S\n"
    "pile 7D\nAnne draw 6S\nAnne meld KS KS KH KH KD KD KC\nAnne meld 9S 9S 9H 9D\n"
    "Anne meld 6C 6D 6H 6S\nAnne discard 8C\nscore Anne 830 Bruno -140\n";
static const char B_CGR[] =
    "# expect: illegal MELD-SIZE 13:6\ncgr 1\nvariant classic\nplayer Anne\nplayer Bruno\n"
    "hand 1\ndealer Bruno\ndeal Anne KH KH KS KS KD KD KC AH AS AD 9H 9S 9D 5C 6C\n"
    "deal Bruno QH QS QD JH JS JD TH TS TD 8H 8S 7H 7S 6S 4S\npile 8D\nAnne draw 5H\n"
    "Anne meld KH KS\n";
static const char R_YAML[] = "schema: 1\nname: mine\nextends: classic\nmeld:\n  max_wild: 2\n";

static char work[600], out_path[600], err_path[600], in_path[600];
static int home = -1;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzz_init("fuzz_cli");
  judged = mmap(NULL, sizeof *judged, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (judged == MAP_FAILED) fuzz_fail("mmap");
  fuzz_path(work, sizeof work, "w");
  fuzz_path(out_path, sizeof out_path, "stdout");
  fuzz_path(err_path, sizeof err_path, "stderr");
  fuzz_path(in_path, sizeof in_path, "stdin");
  home = open(".", O_RDONLY | O_DIRECTORY);
  /* the messages' language is the environment's: English */
  unsetenv("LANGUAGE");
  unsetenv("LC_ALL");
  unsetenv("LC_MESSAGES");
  unsetenv("LANG");
  return 0;
}

static void put(const char *name, const char *text, size_t len) {
  char p[800];
  snprintf(p, sizeof p, "%s/%s", work, name);
  fuzz_write_file(p, text, len);
}

static void fill_directory(const char *c, size_t clen) {
  fuzz_rm_tree(work, false);
  char p[800];
  snprintf(p, sizeof p, "%s/d", work);
  mkdir(p, 0700);
  put("a.cgr", A_CGR, sizeof A_CGR - 1);
  put("b.cgr", B_CGR, sizeof B_CGR - 1);
  put("c.cgr", c, clen);
  put("r.yaml", R_YAML, sizeof R_YAML - 1);
  put("list0", "a.cgr\0b.cgr\0", 12);
  char x[sizeof A_CGR + 32];
  snprintf(x, sizeof x, "# expect: legal\n%s", A_CGR);
  put("d/x.cgr", x, strlen(x));
  put("d/y.cgr", B_CGR, sizeof B_CGR - 1);
  fuzz_write_file(in_path, c, clen);
}

/* ---- the command ------------------------------------------------------------------ */

static bool is(const char *a, const char *b) { return strcmp(a, b) == 0; }

/* What the command line asks, read the way main.c reads it (roughly: enough
 * to know which invariants apply). */
typedef struct {
  bool run, check, gen, merge;
  bool info, parse_only, shard, json, coverage;
} asks_t;

static bool takes_value(const char *a, bool check) {
  static const char *const with[] = {"--at", "--jobs", "-j", "--part-size", "--shard", "--origin",
                                     "--files0-from", "--junit", "--lang", "--rules", "--color"};
  for (size_t i = 0; i < sizeof with / sizeof *with; i++)
    if (is(a, with[i])) return true;
  return !check && is(a, "--html");
}

static asks_t read_command(int argc, char **argv) {
  asks_t k = {0};
  k.gen = argc > 1 && is(argv[1], "gen");
  k.merge = argc > 1 && is(argv[1], "merge");
  k.check = argc > 1 && is(argv[1], "check");
  k.run = !k.gen && !k.merge && !k.check;
  for (int i = k.check ? 2 : 1; i < argc && (k.run || k.check); i++) {
    const char *a = argv[i];
    if (is(a, "--")) break;
    if (is(a, "--help") || is(a, "-h") || is(a, "--version") || is(a, "--list-rules") ||
        is(a, "--list-keys"))
      k.info = true;
    else if (is(a, "--parse-only")) k.parse_only = true;
    else if (is(a, "--json")) k.json = true;
    else if (is(a, "--coverage")) k.coverage = true;
    else if (is(a, "--shard")) k.shard = true;
    if (takes_value(a, k.check)) i++;
  }
  return k;
}

/* Commands the harness does not run: see the top. */
static bool runnable(int argc, char **argv, const char *c, size_t clen) {
  bool hands = false;
  for (int i = 1; i < argc; i++) {
    if (strchr(argv[i], '/') || strncmp(argv[i], "..", 2) == 0) return false;
    if ((is(argv[i], "--files0-from")) && i + 1 < argc &&
        (is(argv[i + 1], "c.cgr") || is(argv[i + 1], "-")) && memchr(c, '/', clen))
      return false;
  }
  if (argc < 2 || !is(argv[1], "gen")) return true;
  for (int i = 2; i + 1 < argc; i++) {
    if (is(argv[i], "--hands")) hands = is(argv[i + 1], "1") || is(argv[i + 1], "2");
    if (is(argv[i], "--games") && strlen(argv[i + 1]) > 1) return false;
    if (is(argv[i], "--games") && argv[i + 1][0] > '3') return false;
  }
  return hands;
}

static void check_json_lines(const char *out) {
  for (const char *line = out; *line;) {
    const char *nl = strchr(line, '\n');
    FUZZ_ASSERT(nl != NULL, "--json: the output does not end with a LF");
    char *l = strndup(line, (size_t)(nl - line));
    FUZZ_ASSERT(json_valid_object(l), "--json: a line that is not a JSON object: %.200s", l);
    free(l);
    line = nl + 1;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096) return 0;
  char *text = malloc(size + 2);
  memcpy(text, data, size);
  text[size] = text[size + 1] = '\0';
  /* the arguments, then after "\0\0" the text of c.cgr */
  char *argv[26];
  int argc = 0;
  argv[argc++] = "referee";
  const char *c = "";
  size_t clen = 0;
  for (char *p = text; p < text + size;) {
    size_t n = strlen(p);
    if (n == 0) { /* two NULs: the rest is the file */
      c = p + 1;
      clen = size - (size_t)(c - text);
      break;
    }
    if (argc == 25) {
      free(text);
      return 0;
    }
    argv[argc++] = p;
    p += n + 1;
  }
  argv[argc] = NULL;
  if (!runnable(argc, argv, c, clen)) {
    free(text);
    return 0;
  }
  asks_t k = read_command(argc, argv);
  fill_directory(c, clen);

  /* the command, in its directory, its standard input the file */
  nslots = 0;
  *judged = 0;
  int in = open(in_path, O_RDONLY);
  int saved_in = dup(STDIN_FILENO);
  __fpurge(stdin);
  dup2(in, STDIN_FILENO);
  close(in);
  clearerr(stdin);
  if (chdir(work) != 0) fuzz_fail("chdir %s", work);
  fflush(stderr);
  int saved_err = dup(STDERR_FILENO);
  int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  dup2(err, STDERR_FILENO);
  close(err);
  fuzz_capture_begin(out_path);
  int rc = referee_main(argc, argv);
  fuzz_capture_end();
  fflush(stderr);
  dup2(saved_err, STDERR_FILENO);
  close(saved_err);
  if (fchdir(home) != 0) fuzz_fail("fchdir");
  __fpurge(stdin);
  dup2(saved_in, STDIN_FILENO);
  close(saved_in);
  clearerr(stdin);

  size_t out_len;
  char *out = fuzz_read_file(out_path, &out_len);
  /* 1 */
  FUZZ_ASSERT(rc >= 0 && rc <= 3, "exit status %d", rc);
  if (k.gen) FUZZ_ASSERT(rc == 0 || rc == 3, "gen exits %d: a game it wrote was refused", rc);
  /* 2 */
  if ((k.run || k.check) && rc == 0 && !k.info && !k.parse_only && !k.shard)
    FUZZ_ASSERT(*judged > 0, "exit 0 with no record judged (%s)", k.check ? "check" : "referee");
  /* 3 */
  if ((k.run || k.check) && k.json && !k.info && !k.coverage) check_json_lines(out);
  free(out);
  free(text);
  return 0;
}
