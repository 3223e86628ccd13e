/* meld.h — meld judging: the kinds of meld and their limits, what a group of
 * cards is, and whether a set or a sequence obeys its kind's limits.
 *
 * Pure functions of cards and the kind table (built from the ruleset once a
 * hand, meld_kinds_build). A judgement that fails fills the error object's
 * code, ruleset key and sentence (verdict_fail) and returns false; the caller
 * adds the position. A judgement that passes notes in `uses` (which may be
 * NULL) the rules it relied on. The engine asks these for every meld, add and
 * take; the scorer, the what-if layer, the report, the page and the generator
 * ask meld_is_canasta, meld_canastas and the rows rather than count for
 * themselves. */
#ifndef MELD_H
#define MELD_H

#include <stdbool.h>
#include <stdint.h>

#include "card.h"
#include "engine.h"
#include "ruleset.h"
#include "uses.h"
#include "verdict.h"

/* ---- kinds ---------------------------------------------------------------- */

/* One kind of meld's limits, read from the ruleset's keys. Every stage that
 * asks about a meld reads its row: "a set holds at most seven cards" is
 * max_cards in the set row, "sevens take no wild card" a row of its own
 * whose ranks are the sevens and whose `wild` is false. */
typedef struct {
  const char *json;          /* the kind as --json names it */
  bool sequence;             /* cards of one suit in order (else cards of one rank) */
  unsigned ranks;            /* the ranks it is made of, one bit each */
  bool formable;             /* it may be melded at all (meld.black_threes: never) */
  bool going_out_only;       /* only while going out (meld.black_threes: going_out) */
  int min_cards, max_cards;  /* its size (max_cards INT_MAX: no bound) */
  int out_max;               /* meld.max_cards_going_out: more cards than this only in a
                                turn that goes out, judged at its end (INT_MAX: none) */
  rule_key_t min_key, max_key;
  int min_naturals;          /* naturals any meld of it holds */
  bool wild;                 /* it takes wild cards at all */
  int max_wild;              /* at most so many (meld.wild_limits lower it by size) */
  rule_key_t wild_key;       /* the key of `wild` and of max_wild below meld.max_wild */
  bool fill_missing;         /* its other wild cards only stand for missing copies,
                                and leave it pure (meld.wild_set_fill: missing) */
  int canasta_cards;         /* complete at so many cards */
  int canasta_naturals;      /* a complete one holds so many naturals */
  bool canasta;              /* complete, it counts as a canasta (going out, scores) */
  bool hidden;               /* complete from the hand in one meld, a hidden canasta */
  rule_key_t key;            /* the key that makes the kind, noted when one is formed */
  int pure, impure;          /* its bonus when complete */
  const int *pure_by_rank, *impure_by_rank; /* or by rank (NULL: the same for all) */
  const rs_wild_bonus_t *by_jokers; /* or by the jokers it holds (wild_meld.by_jokers) */
  int nby_jokers;
  int unfinished;            /* what one unfinished at the end costs (wild_meld.unfinished) */
  bool must_finish;          /* going_out.no_unfinished: going out needs it complete */
  bool merges;               /* two of this kind and one rank may merge (meld.merge) */
  /* what the kind is made of, for those who treat it apart */
  bool rank_less;            /* of no rank: wild cards only, every one of them counted wild
                                (wild_meld.*); never pure, never a canasta of a rank */
  bool wild_rank;            /* a set of a wild rank (meld.wild_sets): its canastas count
                                apart (canasta.wild_pure, canasta.wild_impure) */
  bool black_threes;         /* black threes (meld.black_threes): what joins it is judged
                                by meld_judge_black_threes first */
  bool wild_entry;           /* a set of a natural rank that takes wild cards: after the
                                team's opening turn they join it only as
                                meld.wild_from_naturals and meld.rank_rules allow */
  bool rank_rules;           /* a set of a meld.rank_rules rank (meld_rank_rule) */
} meld_row_t;

/* A hand's kind table: one row per kind, and the kind a set of each rank
 * forms (the last row by tag whose ranks hold it: the most particular). */
struct meld_kinds {
  const ruleset_t *rs;
  meld_row_t row[KIND_COUNT];
  uint8_t of_rank[RANK_COUNT];
  int canasta_at[KIND_COUNT]; /* the rows' canasta_cards where `canasta`, else INT_MAX:
                                 meld_is_canasta in one load */
  /* meld.rank_rules: each rank's row (NULL: none), and the bonuses of the
   * KIND_RANK_RULE row by rank: the rule's own for a pure canasta (0 in the
   * rule: canasta.pure), canasta.impure for one that took wild cards */
  const rs_rank_rule_t *rank_rule[RANK_COUNT];
  int rank_pure[RANK_COUNT], rank_impure[RANK_COUNT];
};

/* Fills k from the ruleset's keys (the engine does it when a hand begins);
 * k borrows rs. */
void meld_kinds_build(meld_kinds_t *k, const ruleset_t *rs);

static inline const meld_row_t *meld_row(const meld_kinds_t *k, const meld_t *m) {
  return &k->row[m->kind];
}

/* The row of a set of `rank`. */
static inline const meld_row_t *meld_set_row(const meld_kinds_t *k, int rank) {
  return &k->row[k->of_rank[rank]];
}

/* ---- groups of cards ------------------------------------------------------ */

/* What a group of cards is, as a set: its rank, its naturals and wild cards,
 * and the column of the first card that breaks it. Naturals are the cards
 * of the set's rank; every other card in it is wild. A set of a wild rank
 * (meld.wild_sets: a canasta of 2s) takes the cards of that rank as its
 * naturals and the other wild cards as its wilds. */
typedef struct {
  int rank;            /* the set's rank, RANK_3 for black threes, -1 none */
  unsigned naturals, wilds;
  unsigned bad_col;    /* MELD-RANK: first card of another rank, 0 if none */
  unsigned red3_col;   /* a red three among the cards, 0 if none */
  unsigned black3;
  unsigned wild_rank[RANK_COUNT]; /* wild cards by rank, while the rank is open */
} mix_t;

/* The mix of n cards (cols[i] the column of cards[i]; cols may be NULL) joining
 * a set of base_rank (-1 for a new set). */
mix_t meld_mix(const meld_kinds_t *k, const card_t *cards, const unsigned *cols, unsigned n,
               int base_rank);

/* A set as it would stand, what meld_judge_set judges: the meld `onto`
 * (NULL for a new set) with the cards of the mix x joining it. The one place
 * these counts are made. */
typedef struct { unsigned n, nat, wild; } meld_count_t;
meld_count_t meld_count(const meld_t *onto, const mix_t *x);

/* MELD-THREE, MELD-RANK, MELD-NATURALS: the cards can form a set at all (no
 * red three, one rank, at least one natural; black threes as the ruleset
 * allows them, black3_going_out set when they may be melded only to go out). */
bool meld_judge_mix(const meld_kinds_t *k, const mix_t *m, bool *black3_going_out, verdict_t *err,
                    rule_uses_t *uses);

/* meld.black_threes, meld.black_threes_wild: a meld of black threes (its
 * row: formable, wild, going_out_only). */
bool meld_judge_black_threes(const meld_kinds_t *k, const mix_t *m, bool *going_out_only,
                             verdict_t *err, rule_uses_t *uses);

/* MELD-SIZE, MELD-NATURALS, WILD-OVERFLOW: the limits of its kind's row
 * every set obeys once formed (meld.min_cards, meld.min_naturals,
 * meld.wild_below_naturals, meld.max_wild / meld.wild_limits,
 * canasta.min_naturals). c (meld_count) is the whole set of `rank` as it
 * would stand. */
bool meld_judge_set(const meld_kinds_t *k, int rank, meld_count_t c, verdict_t *err,
                    rule_uses_t *uses);

/* A sequence as it stands: the ranks of its naturals, one bit each, and its
 * wild cards (sequence.max_wild), which stand for no rank of their own. */
typedef struct { unsigned ranks, wilds; } meld_run_t;

/* sequence.*: cards of one suit, natural but for up to sequence.max_wild
 * wild cards, added to a sequence as it stands (`have`), must keep its
 * naturals distinct, within sequence.low..high and spanning no more ranks
 * than it holds cards (the wild cards fill its gaps and extend its ends),
 * and number from sequence.min_cards to sequence.max_cards (the sequence
 * row's size). The sequence it would be goes to *out. */
bool meld_judge_sequence(const meld_kinds_t *k, int suit, meld_run_t have, const card_t *cards,
                         unsigned n, meld_run_t *out, verdict_t *err, rule_uses_t *uses);

/* The suit of the first natural among the cards, -1 when there is none. */
int meld_sequence_suit(const meld_kinds_t *k, const card_t *cards, unsigned n);

/* Natural cards of one suit and several ranks, with wild cards where
 * sequence.max_wild lets a sequence hold them, where the ruleset has
 * sequences: a meld of them is judged as a sequence. */
bool meld_looks_like_sequence(const meld_kinds_t *k, const card_t *cards, unsigned n);

/* meld.wild_set_fill: missing: a set of a wild_sets rank holds other wild
 * cards only for the copies of its rank the packs lack (`copies` in the
 * packs; a canasta needs canasta.min_cards): seven 2s and nothing else, all
 * the jokers there are and a 2 for each one that does not exist. `others`
 * counts the other wild cards the set would hold. */
bool meld_judge_fill_missing(const meld_kinds_t *k, int rank, unsigned others, unsigned copies,
                             verdict_t *err, rule_uses_t *uses);
static inline bool meld_judge_wild_set_fill(const meld_kinds_t *k, int rank, unsigned others,
                                            unsigned copies, verdict_t *err, rule_uses_t *uses) {
  return !meld_set_row(k, rank)->fill_missing ||
         meld_judge_fill_missing(k, rank, others, copies, err, uses);
}

/* Whether `from` may merge into `into` at all (meld.merge): two different
 * melds of one kind whose row merges (sets of one natural rank), of one
 * rank. Whether the joined meld keeps every limit is the join judgement's
 * (eng_judge_join). */
bool meld_merges_into(const meld_kinds_t *k, const meld_t *into, const meld_t *from);

/* A pure meld: no wild card, or one of a fill_missing kind (meld.wild_set_fill:
 * missing), whose other wild cards only stand for missing copies. */
bool meld_is_pure(const meld_kinds_t *k, const meld_t *m);

/* meld.rank_rules: the rule of a meld's rank when it still binds the meld
 * (NULL otherwise): a meld of such a rank that took wild cards in the
 * opening turn (wild: opening) is an ordinary meld from then on. */
const rs_rank_rule_t *meld_rank_rule(const meld_kinds_t *k, const meld_t *m);

/* Complete: as many cards as its row's canasta_cards (canasta.min_cards,
 * sequence.max_cards). */
bool meld_is_complete(const meld_kinds_t *k, const meld_t *m);

/* Complete, of a kind that counts as a canasta. */
bool meld_is_canasta(const meld_kinds_t *k, const meld_t *m);

/* A complete sequence (sequence.max_cards). */
bool meld_is_complete_sequence(const meld_kinds_t *k, const meld_t *m);

/* canasta.closed: what a set that is already a canasta refuses, `onto` as
 * it stands before `cards` cards, `wilds` of them wild, join it (MELD-SIZE
 * under `all`, WILD-OVERFLOW under `wild`). A sequence is closed by its
 * size (sequence.max_cards). */
bool meld_judge_closed(const meld_kinds_t *k, const meld_t *onto, unsigned cards, unsigned wilds,
                       verdict_t *err, rule_uses_t *uses);

/* A team's canastas: all of them (complete sequences too where
 * sequence.canasta), and the canastas of a rank by kind: natural rank
 * pure/impure, wild rank pure/impure; and melds of wild cards
 * of any mix (wild_meld). */
typedef struct { int all, pure, impure, wild_pure, wild_impure, wild_meld; } canastas_t;
canastas_t meld_canastas(const meld_kinds_t *k, const meld_t *melds, int nmelds, int team);

/* ---- melds of wild cards only (wild_meld.*) -------------------------------- */

/* Cards that are all wild, of any mix, where the ruleset has melds of them:
 * a meld of them is a meld of wild cards (no natural, no three). */
bool meld_is_wild_mix(const meld_kinds_t *k, const mix_t *m);

/* MELD-SIZE: a meld of wild cards of n cards in all (wild_meld.min_cards,
 * wild_meld.max_cards or meld.max_cards). */
bool meld_judge_wild_meld(const meld_kinds_t *k, unsigned n, verdict_t *err, rule_uses_t *uses);

/* The team's meld of wild cards that a new group of wild cards joins
 * (wild_meld.per_team: one_open, its unfinished one; one, its one), NULL for
 * a new meld. */
const meld_t *meld_wild_meld_to_join(const meld_kinds_t *k, const meld_t *melds, int nmelds,
                                     int team);

/* The team's first unfinished meld of a must_finish kind (going_out.
 * no_unfinished) or, for `exclusive`, of wild cards; its own number (#N,
 * meld.number) to *index. NULL when there is none. */
const meld_t *meld_unfinished(const meld_kinds_t *k, const meld_t *melds, int nmelds, int team,
                              bool must_finish, int *index);

/* WILD-OVERFLOW (wild_meld.exclusive): `wilds` wild cards going to `onto`
 * (NULL: a new meld) while the team has an unfinished meld of wild cards
 * that `onto` is not. */
bool meld_judge_exclusive(const meld_kinds_t *k, const meld_t *melds, int nmelds, int team,
                          const meld_t *onto, unsigned wilds, verdict_t *err, rule_uses_t *uses);

#endif
