/* fuzz_record.c — libFuzzer harness: the input is a record file (CGR 1) fed
 * through the whole pipeline: reader, game driver, ruleset loading (by the
 * record's `variant`), engine, and the text, JSON and --explain outputs.
 *
 * The first byte of the input selects the driver's options without being
 * removed from the record (a leading blank, tab or newline keeps a record
 * valid, so the fuzzer reaches every mode from the seeds):
 *   bit 0  game_explain (the table at the first illegal action)
 *   bit 1  game_keep_going (the later errors, hand by hand)
 *   bit 2  with bit 0: explain after line 1 + data[1] % 64 instead (--at)
 *   bit 3  ANSI colours in the text output
 * '#' and 'c' (every seed) set bits 0 and 1; ' ' sets none; '\t' bit 0;
 * '\n' bit 1.
 *
 * Each line is also read twice, by the reader's hot path (cgr_fast.c) and by
 * the grammar alone, word by word (cgr_set_fast off: cgr_grammar.c), and the
 * two readings must agree (stmt_same.h): the same statement, words and
 * columns, or the same error at the same place.
 *
 * Build and run: tests/fuzz/run.sh; see docs/fuzzing.md. */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgr.h"
#include "game.h"
#include "report.h"
#include "run.h"
#include "stmt_same.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct {
  FILE *sink;
  bool explain, color;
  unsigned long records;
} fuzz_ctx_t;

static FILE *sink;
static cgr_reader_t *hot, *grammar;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  sink = fopen("/dev/null", "w");
  if (!sink) {
    perror("fuzz_record: /dev/null");
    abort();
  }
  hot = cgr_open_lines();
  grammar = cgr_open_lines();
  if (!hot || !grammar) abort();
  cgr_set_fast(grammar, false);
  return 0;
}

/* Every line read by both paths; a difference is a crash. */
static void both_paths_agree(const uint8_t *data, size_t size) {
  const char *p = (const char *)data, *end = p + size;
  for (unsigned line = 1; p < end; line++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
    stmt_error_t ea, eb;
    const char *what = readings_differ(hot, grammar, p, len, line, &ea, &eb);
    if (what) {
      fprintf(stderr, "line %u: the hot path and the grammar differ (%s)\n", line, what);
      abort();
    }
    p += len + 1;
  }
}

static void on_record(const record_t *rec, void *ctx) {
  fuzz_ctx_t *c = ctx;
  c->records++;
  report_text(c->sink, rec, c->color);
  report_json(c->sink, rec);
  if (c->explain) {
    report_explain(c->sink, rec, c->color);
    report_json_state(c->sink, rec);
    fputc('\n', c->sink);
  }
  (void)record_status(rec);
  (void)report_status_name(rec->verdict.status);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  unsigned mode = size ? data[0] : 0;
  fuzz_ctx_t ctx = {sink, (mode & 1) != 0, (mode & 8) != 0, 0};

  /* fmemopen wants a non-const buffer; the stream is opened for reading only. */
  FILE *f = fmemopen((void *)(uintptr_t)data, size, "r");
  if (!f) return 0;
  game_t *g = game_new(NULL, on_record, &ctx);
  if (!g) {
    fclose(f);
    return 0;
  }
  if (mode & 1) game_explain(g, (mode & 4) && size > 1 ? 1u + data[1] % 64u : 0u);
  if (mode & 2) game_keep_going(g);

  char why[256];
  (void)run_stream(g, f, "fuzz.cgr", why, sizeof why);
  both_paths_agree(data, size);
  (void)game_actions(g);
  (void)game_record(g);
  (void)game_hand(g);
  game_free(g);
  fclose(f);
  return 0;
}
