/* gen_cli.c — `referee gen`: the generator's command line (gen.h). */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "gen.h"
#include "output.h"
#include "ruleset.h"
#include "verdict.h"

static const char gen_usage[] =
    "usage: referee gen --variant V [--players N] [--seed S] [--games K] [--hands H]\n"
    "                   [--expect] [--stats] > FILE\n"
    "\n"
    "Writes random complete legal games (CGR 1) of ruleset V, each checked by the\n"
    "engine as it is written, for tests and benchmarks (docs/generator.md).\n"
    "\n"
    "  --variant V, --rules V  the ruleset: a built-in name (referee --list-rules)\n"
    "                  or a path to a YAML file\n"
    "  --players N     2 to 6 (default 4, or the ruleset's first seating)\n"
    "  --seed S        the random seed (default 1): the same seed, the same games\n"
    "  --games K       how many games (default 1)\n"
    "  --hands H       hands a game (default: played to the target)\n"
    "  --expect        write \"# expect: legal\" in each record, for referee check\n"
    "  --stats         games, hands, actions, hands gone out, turns replayed and\n"
    "                  hands dealt again, and the variants' own plays (feet,\n"
    "                  bonus packets, merges, special hands, splashes), to stderr\n"
    "  --help, -h      this help\n"
    "\n"
    "exit status: 0 the games written, 3 usage or ruleset error, 1 the engine\n"
    "refused a deal the generator wrote (a bug).\n";

/* gen --stats: the run's figures, on stderr (in English, as --stats's). */
static void print_stats(const gen_stats_t *st) {
  fprintf(stderr, "gen: %llu game%s, %llu hand%s, %llu action%s; %llu hand%s gone out (%.0f%%), "
                  "%llu by laying the last card on a meld; "
                  "%llu turn%s replayed more cautiously, %llu hand%s dealt again\n",
          st->games, out_s(st->games), st->hands, out_s(st->hands), st->actions, out_s(st->actions),
          st->out, out_s(st->out), st->hands ? 100.0 * (double)st->out / (double)st->hands : 0.0,
          st->laid_out, st->retries, out_s(st->retries), st->redeals, out_s(st->redeals));
  if (st->feet + st->packets + st->merges + st->shows + st->splashes)
    fprintf(stderr, "gen: feet picked up %llu, bonus packets taken %llu, melds merged %llu, "
                    "special hands shown %llu, splashes %llu\n", st->feet, st->packets,
            st->merges, st->shows, st->splashes);
}

/* gen's numeric options and their ranges, one row each: read by the parser
 * and by the message that says the range. */
enum { G_SEED, G_PLAYERS, G_GAMES, G_HANDS, G_NUMBERS };
static const struct {
  const char *name;
  unsigned long long lo, hi;
} numbers[G_NUMBERS] = {
    {"--seed", 0, ULLONG_MAX}, {"--players", 2, MAX_PLAYERS}, {"--games", 0, 10000000}, {"--hands", 1, 1000}};

static int number_option(const char *a) {
  for (int k = 0; k < G_NUMBERS; k++)
    if (strcmp(a, numbers[k].name) == 0) return k;
  return -1;
}

/* A numeric option without a number in its range: the range said. */
static int bad_number(int k, const char *v) {
  char fmt[160];
  snprintf(fmt, sizeof fmt, "gen: %s takes a whole number from %llu to %llu, got %s", numbers[k].name,
           numbers[k].lo, numbers[k].hi, v ? "'%s'" : "nothing%s");
  return usage_error(fmt, v ? v : "");
}

int gen_main(int argc, char **argv) {
  gen_options_t opt = {NULL, 0, 1, 1, 0, false};
  bool stats = false;
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    unsigned long long n = 0;
    int k = number_option(a);
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(gen_usage, stdout);
      return EXIT_LEGAL;
    }
    if (strcmp(a, "--expect") == 0) opt.expect = true;
    else if (strcmp(a, "--stats") == 0) stats = true;
    else if (strcmp(a, "--variant") == 0 || strcmp(a, "--rules") == 0) {
      if (!v) return usage_error("%s needs a ruleset", a);
      opt.rules = argv[++i];
    } else if (k >= 0 && !(number_arg(v, &n) && n >= numbers[k].lo && n <= numbers[k].hi))
      return bad_number(k, v);
    else if (k == G_SEED) opt.seed = n, i++;
    else if (k == G_PLAYERS) opt.players = (int)n, i++;
    else if (k == G_GAMES) opt.games = (int)n, i++;
    else if (k == G_HANDS) opt.hands = (int)n, i++;
    else return usage_error("gen: bad option or value near '%s'", a);
  }
  if (!opt.rules) return usage_error("gen needs --variant (see --list-rules)%s", "");
  gen_stats_t st;
  char why[512];
  /* a failed write is said by main at the end (out_end) */
  int status = gen_write(&opt, stdout, &st, why, sizeof why);
  if (status) out_say("referee: gen: %s", why);
  if (stats) print_stats(&st);
  return status;
}
