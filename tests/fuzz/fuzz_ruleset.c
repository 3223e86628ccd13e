/* fuzz_ruleset.c — libFuzzer harness: the input is a ruleset (YAML) given to
 * rs_load_text; when it loads, a small fixed file of records is refereed by
 * it (game_new_with_rules), so the numbers the loader accepts, however
 * absurd, reach the engine, the scoring and the outputs.
 *
 * Build and run: tests/fuzz/run.sh; see docs/fuzzing.md. */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "report.h"
#include "ruleset.h"
#include "run.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Three short legal classic records: a concealed going out, a red three laid
 * by a player who never melds, going out by `add`, and a match setting. */
static const char RECORDS[] =
    "cgr 1\n"
    "variant classic\n"
    "player Anne\n"
    "player Bruno\n"
    "tag event \"fuzz\"\n"
    "hand 1\n"
    "dealer Bruno\n"
    "deal Anne KS KS KH KH KD KD KC 9S 9S 9H 9D 6C 6D 6H 8C\n"
    "deal Bruno AS AH QD QC JS JH TD TC 7S 7H 5D 5C 4H 4D 8S\n"
    "pile 7D\n"
    "Anne draw 6S\n"
    "Anne meld KS KS KH KH KD KD KC\n"
    "Anne meld 9S 9S 9H 9D\n"
    "Anne meld 6C 6D 6H 6S\n"
    "Anne discard 8C\n"
    "score Anne 830 Bruno -140\n"
    "\n"
    "cgr 1\n"
    "variant classic\n"
    "player Anne\n"
    "player Bruno\n"
    "match hands 1\n"
    "hand 1\n"
    "dealer Anne\n"
    "deal Anne KH KH KS KS KD KD KC KC AH AS AD 9H 9H 9S 9D\n"
    "deal Bruno 3H QS QD JH JS JD TH TS TD 8H 8S 7H 7S 6S 4S\n"
    "pile 8D\n"
    "Bruno red3 3H\n"
    "Bruno draw 5C\n"
    "Bruno draw 4D\n"
    "Bruno discard 4D\n"
    "Anne draw 6H\n"
    "Anne meld KH KH KS KS KD KD KC KC\n"
    "Anne meld AH AS AD\n"
    "Anne meld 9H 9H 9S 9D\n"
    "Anne discard 6H\n"
    "score Anne 880 Bruno -225\n"
    "\n"
    "cgr 1\n"
    "variant classic\n"
    "player Anne\n"
    "player Bruno\n"
    "hand 1\n"
    "dealer Bruno\n"
    "deal Anne KH KH KS KS KD KD KC AH AS AD 9H 9S 9D 9C AC\n"
    "deal Bruno QH QS QD JH JS JD TH TS TD 8H 8S 7H 7S 6S 4S\n"
    "pile 8D\n"
    "Anne draw 5H\n"
    "Anne meld KH KH KS KS KD KD KC\n"
    "Anne meld AH AS AD\n"
    "Anne meld 9H 9S 9D\n"
    "Anne discard 5H\n"
    "Bruno draw 4D\n"
    "Bruno discard 4D\n"
    "Anne draw KC\n"
    "Anne add 9 9C\n"
    "Anne add A AC\n"
    "Anne add K KC\n"
    "score Anne 800\n";

static FILE *sink;
static char records[sizeof RECORDS];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  sink = fopen("/dev/null", "w");
  if (!sink) {
    perror("fuzz_ruleset: /dev/null");
    abort();
  }
  memcpy(records, RECORDS, sizeof RECORDS);
  return 0;
}

static void on_record(const record_t *rec, void *ctx) {
  (void)ctx;
  report_text(sink, rec, false);
  report_json(sink, rec);
  report_explain(sink, rec, false);
  report_json_state(sink, rec);
  fputc('\n', sink);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  ruleset_t *rs = malloc(sizeof *rs);
  if (!rs) return 0;
  rs_error_t err;
  if (rs_load_text(rs, "fuzz.yaml", (const char *)data, size, &err)) {
    FILE *f = fmemopen(records, sizeof records - 1, "r");
    game_t *g = f ? game_new_with_rules(rs, on_record, NULL) : NULL;
    if (g) {
      game_explain(g, 0);
      game_keep_going(g);
      char why[256];
      (void)run_stream(g, f, "fuzz.cgr", why, sizeof why);
      game_free(g);
    }
    if (f) fclose(f);
  }
  free(rs);
  return 0;
}
