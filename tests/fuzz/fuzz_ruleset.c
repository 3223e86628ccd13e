/* fuzz_ruleset.c — libFuzzer harness: the input is a ruleset (YAML) given to
 * rs_load_text; when it loads, a small fixed file of records is refereed by
 * it (game_new_with_rules), so the numbers the loader accepts, however
 * absurd, reach the engine, the scoring and the outputs: three classic
 * records, then one of each mechanism a variant of its own plays (the talon,
 * a special hand shown, the foot, a merge, a meld of wild cards).
 *
 * Then the generator plays one hand by the ruleset (gen_write, the ruleset
 * written to a file, as `referee gen --variant FILE` reads it), and the
 * record it wrote is refereed by it. Invariants: gen never exits 1 (a deal it
 * wrote refused by the engine), and what it wrote is legal.
 *
 * Build and run: tests/fuzz/run.sh; see docs/fuzzing.md. */
#define _XOPEN_SOURCE 700
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "game.h"
#include "gen.h"
#include "report.h"
#include "ruleset.h"
#include "run.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Four players in two teams, the first hand dealt by Denis. */
#define FOUR_DENIS_DEALS                                                              \
  "player Anne team NS\n" "player Bruno team EW\n" "player Chloe team NS\n"          \
  "player Denis team EW\n" "hand 1\n" "dealer Denis\n"

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
    "score Anne 800\n"
    /* then one short record of each mechanism a variant of its own plays,
     * from the corpus (comments taken out): under a ruleset the fuzzer made
     * from that variant's, they reach the talon, the show, the foot, the
     * merge and the melds of wild cards */
    /* a bonus packet taken (talon): corpus/modern-american/legal-talon-at-meld.cgr */
    "\n"
    "cgr 1\n"
    "variant talon-at-meld.yaml\n"
    FOUR_DENIS_DEALS
    "deal Anne 7S 7S 7H 7H 7D KS KS KH KH KD 9S 5H 5S\n"
    "deal Bruno AS AH AD AC 8C 8S 8H JC JS JH TS TH 6H\n"
    "deal Chloe QS QH QD QC QS 2H 9H 9D TD TC JD JC 6D\n"
    "deal Denis AS AH AC 9C 9C TD TC JD 6D 8C 4S 4H JK\n"
    "Anne draw JK\n"
    "Anne meld 7S 7S 7H 7H 7D\n"
    "Anne meld KS KS KH KH KD JK\n"
    "Anne talon 7D 7C KD 6C\n"
    "Anne discard 9S\n"
    "Bruno draw 5C\n"
    "Bruno meld AS AH AD AC\n"
    "Bruno meld 8S 8H 8C\n"
    "Bruno meld JS JH JC\n"
    "Bruno talon 4C 4D 8D\n"
    "Bruno discard 5C\n"
    "Chloe draw 9S\n"
    "Chloe meld QS QH QD QC QS 2H\n"
    "Chloe discard 9S\n"
    "Denis draw QD\n"
    "Denis discard QD\n"
    "Anne draw 5D\n"
    "Anne add 7 7D 7C\n"
    "Anne add K KD\n"
    "Anne meld 5H 5S 5D\n"
    "Anne discard 6C\n"
    "score NS 3065 EW -4370\n"
    /* a special hand shown (show): corpus/modern-american/legal-special-garbage-pagat.cgr */
    "\n"
    "cgr 1\n"
    "variant special-pagat.yaml\n"
    FOUR_DENIS_DEALS
    "deal Anne 8S 8H 8D 8C QS QH QD QC 5S 5H 5D KS KH\n"
    "deal Bruno 4S 4S 4H 4H 4D 4D 4C 4C 5S 5H 5D 5C 5C\n"
    "deal Chloe 9S 9H 9H 9D 9D 9C 9C TS TS TH TH TD TD\n"
    "deal Denis 6S 6S 6H 6H 6D 6D 6C 6C 8S 8H 8D 8C 9S\n"
    "talon TC TC JS JS\n"
    "talon JH JH JD\n"
    "Anne draw KD\n"
    "Anne show 8S 8H 8D 8C QS QH QD QC 5S 5H 5D KS KH KD\n"
    "score NS 2000 EW -155\n"
    /* a foot picked up (foot): corpus/custom/legal-must-take-with-foot.cgr */
    "\n"
    "cgr 1\n"
    "variant foot-counts.yaml\n"
    "player Anne\n"
    "player Bruno\n"
    "hand 1\n"
    "dealer Bruno\n"
    "deal Anne AH AS AD QC 9C 8C JK 2S 2H 2D 2C 7S 7H 7D 7C 6S 6H 6D 6C 5S\n"
    "deal Bruno QH QS QD JK KH KS KD KC JH JS JD JC TH TS TD TC 9H 4S 4H 4D\n"
    "foot Anne 3H 3D 5H 5D 5C\n"
    "foot Bruno 9S 3S 3C 4C AC\n"
    "stock 8H 8D 9D\n"
    "pile 8S\n"
    "Anne draw 8H\n"
    "Anne meld AH AS AD\n"
    "Anne discard 5S\n"
    "Bruno draw 8D\n"
    "Bruno meld QH QS QD JK\n"
    "Bruno discard 8D\n"
    "Anne draw 9D\n"
    "Anne discard 8C\n"
    "Bruno end\n"
    "score Anne 35 Bruno -110\n"
    /* two melds merged (merge): corpus/samba/legal-merge-in-turn.cgr */
    "\n"
    "cgr 1\n"
    "variant merge-turn.yaml\n"
    "player Anne\n"
    "player Bruno\n"
    "hand 1\n"
    "dealer Bruno\n"
    "deal Anne 4H 5H 6H 7H 8H 9H TH QS QH QD QC QS QH 2D JS\n"
    "deal Bruno 4C 5C 6C 7C 8C 9C TC 4D 5D 6D 7D 8D 9D TD 5S\n"
    "pile 6S\n"
    "Anne draw JH 4S\n"
    "Anne meld 4H 5H 6H 7H 8H 9H TH\n"
    "Anne meld QS QH QD\n"
    "Anne meld QC QS 2D\n"
    "Anne discard 4S\n"
    "Bruno draw 8S 9H\n"
    "Bruno discard 9H\n"
    "Anne draw JD 9S\n"
    "Anne merge #2 #3\n"
    "Anne add #2 QH\n"
    "Anne meld JS JH JD\n"
    "Anne discard 9S\n"
    "score Anne 2160 Bruno -115\n"
    /* a meld of wild cards: corpus/custom/legal-wild-meld.cgr */
    "\n"
    "cgr 1\n"
    "variant wild-meld.yaml\n"
    "player Anne\n"
    "player Bruno\n"
    "hand 1\n"
    "dealer Bruno\n"
    "deal Anne 2C 2C 2D 2D 2H 2H KH KS KD QH QS QD 9H 9S 5C\n"
    "deal Bruno JK JK 4S 4H 5S 5H 6S 6H 7S 7H TS TH TD 8S 8H\n"
    "pile 8D\n"
    "Anne draw 2S\n"
    "Anne meld 2C 2C 2D 2D 2H 2H 2S\n"
    "Anne meld KH KS KD\n"
    "Anne meld QH QS QD\n"
    "Anne discard 5C\n"
    "Bruno draw JK\n"
    "Bruno meld JK JK JK\n"
    "Bruno meld TS TH TD\n"
    "Bruno discard 4S\n"
    "Anne draw 9D\n"
    "Anne meld 9H 9S 9D\n"
    "score Anne 3330 Bruno -1875\n";

static FILE *sink;
static char rules_path[600];
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
  fuzz_init("fuzz_ruleset");
  fuzz_path(rules_path, sizeof rules_path, "rules.yaml");
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

/* A generated game must be legal. */
static void on_generated(const record_t *rec, void *ctx) {
  (void)ctx;
  FUZZ_ASSERT(record_status(rec) == 0, "a generated game judged %d at line %u: %s",
              record_status(rec), rec->verdict.line, rec->verdict.message);
}

/* One hand generated by the ruleset (data, its text), then refereed by it. */
static void generate(const ruleset_t *rs, const uint8_t *data, size_t size) {
  fuzz_write_file(rules_path, data, size);
  char *text = NULL, why[256] = "";
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  if (!out) return;
  gen_options_t opt = {.rules = rules_path, .seed = size, .games = 1, .hands = 1};
  gen_stats_t stats;
  fuzz_quiet(true);
  int rc = gen_write(&opt, out, &stats, why, sizeof why);
  fuzz_quiet(false);
  fclose(out);
  FUZZ_ASSERT(rc != 1, "gen exits 1: the engine refused a deal it wrote: %s", why);
  FILE *f = rc == 0 && text ? fmemopen(text, len, "r") : NULL;
  game_t *g = f ? game_new_with_rules(rs, on_generated, NULL) : NULL;
  if (g) {
    (void)run_stream(g, f, "gen.cgr", why, sizeof why);
    game_free(g);
  }
  if (f) fclose(f);
  free(text);
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
    generate(rs, data, size);
  }
  free(rs);
  return 0;
}
