/* gen.h — random complete games, written in CGR: test data and benchmark
 * input (`referee gen`).
 *
 * At each decision the players choose among the legal actions of the
 * moment: the core lister's candidates (lister.h) that the engine accepts.
 * Their strategy (taking the pile, melding, adding, wild cards up to their
 * limits, red and black threes, sequences, the foot, asking to go out,
 * ending on an empty stock) only ranks those, with random preferences, and
 * now and then an action it does not name is played. So every game is
 * legal by construction; replaying the text through the whole
 * referee checks the rest: the writer, the reader, the record driver and the
 * claimed scores. The same seed gives the same games. */
#ifndef GEN_H
#define GEN_H

#include <stdbool.h>
#include <stdio.h>

typedef struct {
  const char *rules;        /* ruleset name or path */
  int players;              /* 0: 4 where the ruleset seats 4, else its first seating */
  unsigned long long seed;
  int games;
  int hands;                /* 0: play to the ruleset's end (target or match.hands) */
  bool expect;              /* write "# expect: legal" in each record */
} gen_options_t;

typedef struct {
  unsigned long long games, hands, actions;
  unsigned long long retries;   /* turns played again with a more cautious player */
  unsigned long long redeals;   /* hands dealt again: no player found a way on */
  unsigned long long out;       /* hands that ended by a player going out */
  unsigned long long laid_out;  /* ... whose hand emptied by an add (the last card laid on a meld) */
  /* the lines kept of the verbs a variant of its own plays: feet picked up,
   * bonus packets taken (talon), melds merged, special hands shown; and the
   * teams a splash opened (opening.splash, the engine's answer) */
  unsigned long long feet, packets, merges, shows, splashes;
} gen_stats_t;

/* Writes opt->games games to out. 0 on success; 3 when the ruleset cannot be
 * loaded or does not seat that many players; 1 when the engine rejected a
 * deal the generator wrote (a bug in one of the two). *why says what. */
int gen_write(const gen_options_t *opt, FILE *out, gen_stats_t *stats, char *why,
              size_t why_len);

#endif
