/* meld.c — meld judging (meld.h): the kind table, and pure functions of
 * cards and kinds.
 *
 * Each check names the ruleset key it enforces; docs/variants/ quote the
 * seed sentence behind each key. */
#include "meld.h"

#include <limits.h>
#include <string.h>

#include "i18n.h"

static void note(rule_uses_t *uses, rule_key_t k) {
  if (uses) uses_add(uses, k);
}

/* ---- kinds ---------------------------------------------------------------- */

/* A mask of the ranks a rank table marks. */
static unsigned rank_mask(const bool marked[RANK_COUNT]) {
  unsigned m = 0;
  for (int r = 0; r < RANK_COUNT; r++)
    if (marked[r]) m |= 1u << r;
  return m;
}

/* The set row: cards of one natural rank (meld.*, canasta.*). The other set
 * kinds start from it, so meld.max_cards caps every meld of one rank (wild
 * sets and black threes too: "a meld never holds more than seven cards");
 * a sequence's cap is sequence.max_cards. With meld.max_cards_going_out the
 * cap is no bound on the action but a judgement at the turn's end (out_max):
 * "melds of 8 or more cards when going out". */
static void set_row(meld_row_t *row, const ruleset_t *rs) {
  bool capped = rs->meld.max_cards > 0, at_end = capped && rs->meld.max_cards_going_out;
  *row = (meld_row_t){
      .json = "set", .ranks = (1u << RANK_COUNT) - 1, .formable = true,
      .min_cards = rs->meld.min_cards,
      .max_cards = capped && !at_end ? rs->meld.max_cards : INT_MAX,
      .out_max = at_end ? rs->meld.max_cards : INT_MAX,
      .min_key = RK_MELD_MIN_CARDS, .max_key = capped && !at_end ? RK_MELD_MAX_CARDS : RK_NONE,
      .min_naturals = rs->meld.min_naturals, .wild = true, .max_wild = rs->meld.max_wild,
      .wild_key = RK_MELD_MAX_WILD, .canasta_cards = rs->canasta.min_cards,
      .canasta_naturals = rs->canasta.min_naturals, .canasta = true, .hidden = true,
      .key = RK_NONE, .pure = rs->canasta.pure, .impure = rs->canasta.impure,
      .merges = true, .wild_entry = true};
}

/* sequence.*: naturals of one suit from sequence.low to .high, and up to
 * sequence.max_wild wild cards, complete at sequence.max_cards, which earns
 * sequence.bonus; a canasta where sequence.canasta says so (a complete
 * sequence "ranking as a canasta"), its bonus still sequence.bonus alone. */
static void sequence_row(meld_row_t *row, const ruleset_t *rs) {
  *row = (meld_row_t){
      .json = "sequence", .sequence = true, .formable = rs->sequence.min_cards > 0,
      .min_cards = rs->sequence.min_cards, .max_cards = rs->sequence.max_cards,
      .out_max = INT_MAX, .min_key = RK_SEQUENCE_MIN_CARDS, .max_key = RK_SEQUENCE_MAX_CARDS,
      .wild = rs->sequence.max_wild > 0, .max_wild = rs->sequence.max_wild,
      .wild_key = RK_SEQUENCE_MAX_WILD,
      .canasta_cards = rs->sequence.max_cards, .canasta = rs->sequence.canasta,
      .key = RK_NONE, .pure = rs->sequence.bonus,
      .impure = rs->sequence.bonus};
  int lo = rs->sequence.low, hi = rs->sequence.high;
  if (lo >= 0 && lo <= hi && hi < RANK_COUNT) row->ranks = ((2u << hi) - 1) & ~((1u << lo) - 1);
}

/* wild_meld.*: wild cards of any mix, no rank, none of them "the wild cards"
 * of it (no natural to count, no meld.max_wild); complete at
 * canasta.min_cards, a canasta (going_out.canastas, going_out.wild) whose
 * bonus goes by the jokers it holds. Capped by wild_meld.max_cards, else by
 * meld.max_cards as every meld. */
static void wild_meld_row(meld_row_t *row, const ruleset_t *rs) {
  bool own = rs->wild_meld.max_cards > 0;
  row->json = "wild_meld";
  row->ranks = 0; /* no set of any rank is one */
  row->formable = rs->wild_meld.min_cards > 0;
  row->min_cards = rs->wild_meld.min_cards;
  row->min_key = RK_WILD_MELD_MIN_CARDS;
  if (own) row->max_cards = rs->wild_meld.max_cards;
  if (own) row->max_key = RK_WILD_MELD_MAX_CARDS;
  if (own) row->out_max = INT_MAX; /* its own cap, not meld.max_cards */
  row->min_naturals = row->canasta_naturals = 0;
  row->max_wild = INT_MAX;
  row->wild_key = RK_WILD_MELD_MIN_CARDS;
  row->hidden = false;
  row->key = RK_WILD_MELD_MIN_CARDS;
  row->merges = row->wild_entry = false;
  row->rank_less = true;
  row->pure = row->impure = rs->wild_meld.bonus;
  row->by_jokers = rs->wild_meld.by_jokers;
  row->nby_jokers = rs->wild_meld.nby_jokers;
  row->unfinished = rs->wild_meld.unfinished;
  row->must_finish = rs->going_out.no_unfinished;
}

/* meld.rank_rules: sevens that never take a wild card, aces that take them
 * only in the opening turn, each with its own canasta bonus; the penalties
 * are the scorer's (score.c), the opening turn's wild cards the engine's. */
static void rank_rule_row(meld_kinds_t *k, const ruleset_t *rs) {
  meld_row_t *row = &k->row[KIND_RANK_RULE];
  *row = k->row[KIND_SET];
  row->ranks = 0;
  row->key = RK_MELD_RANK_RULES;
  row->merges = false;
  row->rank_rules = true;
  row->pure_by_rank = k->rank_pure;
  row->impure_by_rank = k->rank_impure;
  memset(k->rank_rule, 0, sizeof k->rank_rule);
  for (int i = 0; i < rs->meld.nrank_rules; i++) {
    const rs_rank_rule_t *rr = &rs->meld.rank_rules[i];
    row->ranks |= 1u << rr->rank;
    k->rank_rule[rr->rank] = rr;
  }
  for (int r = 0; r < RANK_COUNT; r++) {
    k->rank_pure[r] = k->rank_rule[r] && k->rank_rule[r]->canasta ? k->rank_rule[r]->canasta
                                                                   : rs->canasta.pure;
    k->rank_impure[r] = rs->canasta.impure;
  }
}

const rs_rank_rule_t *meld_rank_rule(const meld_kinds_t *k, const meld_t *m) {
  if (!meld_row(k, m)->rank_rules || m->wilds > 0) return NULL;
  return k->rank_rule[m->rank];
}

void meld_kinds_build(meld_kinds_t *k, const ruleset_t *rs) {
  k->rs = rs;
  set_row(&k->row[KIND_SET], rs);
  sequence_row(&k->row[KIND_SEQUENCE], rs);
  /* meld.wild_sets, .wild_set_fill, canasta.wild_pure/.wild_impure */
  meld_row_t *w = &k->row[KIND_WILD_SET];
  *w = k->row[KIND_SET];
  w->ranks = rank_mask(rs->meld.wild_sets);
  w->hidden = false;
  w->fill_missing = rs->meld.wild_set_fill == WILD_FILL_MISSING;
  w->key = RK_MELD_WILD_SETS;
  w->merges = w->wild_entry = false;
  w->wild_rank = true;
  w->pure_by_rank = rs->canasta.wild_pure;
  w->impure_by_rank = rs->canasta.wild_impure;
  /* meld.black_threes, .black_threes_wild */
  meld_row_t *b = &k->row[KIND_BLACK3];
  *b = k->row[KIND_SET];
  b->ranks = 1u << RANK_3;
  b->hidden = false;
  b->formable = rs->meld.black_threes != THREES_NEVER;
  b->going_out_only = rs->meld.black_threes == THREES_GOING_OUT;
  b->wild = rs->meld.black_threes_wild;
  b->wild_key = RK_MELD_BLACK_THREES_WILD;
  b->merges = b->wild_entry = false;
  b->black_threes = true;
  /* meld.natural_ranks: "sevens never take a wild card" (no wild or three
   * among them: the loader refuses it) */
  meld_row_t *nat = &k->row[KIND_NATURAL_SET];
  *nat = k->row[KIND_SET];
  nat->ranks = rank_mask(rs->meld.natural_ranks);
  nat->wild = false;
  nat->wild_key = RK_MELD_NATURAL_RANKS;
  nat->key = RK_MELD_NATURAL_RANKS;
  k->row[KIND_WILD_MELD] = k->row[KIND_SET];
  wild_meld_row(&k->row[KIND_WILD_MELD], rs);
  rank_rule_row(k, rs);
  /* the kind of a set of each rank: the last set row by tag holding it */
  memset(k->of_rank, KIND_SET, sizeof k->of_rank);
  for (int t = 0; t < KIND_COUNT; t++) {
    k->canasta_at[t] = k->row[t].canasta ? k->row[t].canasta_cards : INT_MAX;
    for (int r = 0; t > KIND_SET && !k->row[t].sequence && (k->row[t].ranks >> r); r++)
      if (k->row[t].ranks & (1u << r)) k->of_rank[r] = (uint8_t)t;
  }
}

bool meld_is_complete(const meld_kinds_t *k, const meld_t *m) {
  return (int)m->cards.total >= meld_row(k, m)->canasta_cards;
}

bool meld_is_canasta(const meld_kinds_t *k, const meld_t *m) {
  return (int)m->cards.total >= k->canasta_at[m->kind];
}

bool meld_is_complete_sequence(const meld_kinds_t *k, const meld_t *m) {
  return meld_row(k, m)->sequence && meld_is_complete(k, m);
}

bool meld_merges_into(const meld_kinds_t *k, const meld_t *into, const meld_t *from) {
  return into != from && into->kind == from->kind && meld_row(k, into)->merges &&
         into->rank == from->rank;
}

bool meld_is_pure(const meld_kinds_t *k, const meld_t *m) {
  return m->wilds == 0 || meld_row(k, m)->fill_missing;
}

canastas_t meld_canastas(const meld_kinds_t *k, const meld_t *melds, int nmelds, int team) {
  canastas_t c = {0, 0, 0, 0, 0, 0};
  for (int i = 0; i < nmelds; i++) {
    const meld_t *m = &melds[i];
    if (m->team != team || !meld_is_canasta(k, m)) continue;
    c.all++;
    const meld_row_t *row = meld_row(k, m);
    if (row->rank_less) {
      c.wild_meld++;
      continue;
    }
    if (row->sequence) continue; /* sequence.canasta: no canasta of a rank */
    bool wild = row->wild_rank;
    int *kind = meld_is_pure(k, m) ? (wild ? &c.wild_pure : &c.pure)
                                   : (wild ? &c.wild_impure : &c.impure);
    (*kind)++;
  }
  return c;
}

bool meld_judge_closed(const meld_kinds_t *k, const meld_t *onto, unsigned cards, unsigned wilds,
                       verdict_t *err, rule_uses_t *uses) {
  rs_canasta_closed_t closed = k->rs->canasta.closed;
  if (closed == CLOSED_NONE || cards == 0 || meld_row(k, onto)->sequence ||
      !meld_is_canasta(k, onto))
    return true;
  const char *what = card_rank_of(onto->rank);
  if (closed == CLOSED_ALL)
    return verdict_fail(err, CODE_MELD_SIZE, RK_CANASTA_CLOSED,
                        _("the meld %s is a canasta: it takes no more cards"), what);
  if (wilds)
    return verdict_fail(err, CODE_WILD_OVERFLOW, RK_CANASTA_CLOSED,
                        _("the meld %s is a canasta: it takes no more wild cards"), what);
  note(uses, RK_CANASTA_CLOSED);
  return true;
}

/* ---- what the cards are -------------------------------------------------- */

static void add_to_mix(const ruleset_t *rs, mix_t *m, card_t c, unsigned col) {
  int r = card_rank(c);
  if (card_is_red3(c)) {
    if (!m->red3_col) m->red3_col = col;
    return;
  }
  if (r == m->rank && rs_is_wild(rs, c)) { /* a 2 joining a set of 2s */
    m->naturals++;
    return;
  }
  if (rs_is_wild(rs, c)) {
    m->wilds++;
    m->wild_rank[r]++;
    return;
  }
  if (card_is_black3(c)) m->black3++;
  else m->naturals++;
  if (m->rank < 0) m->rank = r;
  else if (m->rank != r && !m->bad_col) m->bad_col = col;
}

/* Cards that are all wild form a set of a wild_sets rank when they can: the
 * rank with the most cards (the first in rank order on a tie). */
static void settle_wild_set(const meld_kinds_t *k, mix_t *m) {
  if (m->rank >= 0 || m->wilds == 0) return;
  int best = -1;
  unsigned sets = k->row[KIND_WILD_SET].ranks;
  for (int r = 0; r < RANK_COUNT; r++)
    if ((sets & (1u << r)) && m->wild_rank[r] &&
        (best < 0 || m->wild_rank[r] > m->wild_rank[best]))
      best = r;
  if (best < 0) return;
  m->rank = best;
  m->naturals = m->wild_rank[best];
  m->wilds -= m->wild_rank[best];
}

mix_t meld_mix(const meld_kinds_t *k, const card_t *cards, const unsigned *cols, unsigned n,
               int base_rank) {
  mix_t m;
  memset(&m, 0, sizeof m);
  m.rank = base_rank;
  const ruleset_t *rs = k->rs;
  for (unsigned i = 0; i < n; i++) add_to_mix(rs, &m, cards[i], cols ? cols[i] : i + 1);
  settle_wild_set(k, &m);
  return m;
}

meld_count_t meld_count(const meld_t *onto, const mix_t *x) {
  meld_count_t c = {x->naturals + x->black3 + x->wilds, x->naturals + x->black3, x->wilds};
  if (onto) {
    c.n += onto->cards.total;
    c.nat += onto->naturals;
    c.wild += onto->wilds;
  }
  return c;
}

/* ---- sets ---------------------------------------------------------------- */

/* The rules a set that passed meld_judge_set relied on. */
static void note_set_uses(const ruleset_t *rs, rule_uses_t *uses, unsigned n, unsigned wild,
                          rule_key_t wild_key) {
  note(uses, RK_MELD_MIN_CARDS);
  if (rs->meld.max_cards > 0) note(uses, RK_MELD_MAX_CARDS);
  if (wild == 0) return;
  note(uses, RK_CARDS_WILD);
  note(uses, RK_MELD_MIN_NATURALS);
  note(uses, wild_key);
  if (rs->meld.wild_below_naturals) note(uses, RK_MELD_WILD_BELOW_NATURALS);
  else if (rs->meld.wild_up_to_naturals) note(uses, RK_MELD_WILD_UP_TO_NATURALS);
  if ((int)n >= rs->canasta.min_cards) note(uses, RK_CANASTA_MIN_NATURALS);
}

/* The limits of a set's row in the order of their verdicts. */
typedef enum {
  SET_FITS, SET_FEW_CARDS, SET_MANY_CARDS, SET_FEW_NATURALS, SET_WILD_BELOW, SET_WILD_UP_TO,
  SET_NO_WILD, SET_MANY_WILD, SET_CANASTA_NATURALS
} set_break_t;

/* The first limit the counts break (SET_FITS: none); *max and *key: the wild
 * cards the set may hold and the key that says so (meld.wild_limits by size,
 * meld.max_wild, or the row's own cap). Every meld, add and take asks it. */
static set_break_t set_breaks(const ruleset_t *rs, const meld_row_t *row, meld_count_t c,
                              int *max, rule_key_t *key) {
  int n = (int)c.n, nat = (int)c.nat, wild = (int)c.wild;
  if (n < row->min_cards) return SET_FEW_CARDS;
  if (n > row->max_cards) return SET_MANY_CARDS;
  if (nat < row->min_naturals) return SET_FEW_NATURALS;
  if (wild > 0) {
    if (rs->meld.wild_below_naturals && wild >= nat) return SET_WILD_BELOW;
    if (rs->meld.wild_up_to_naturals && wild > nat) return SET_WILD_UP_TO;
    if (!row->wild) return SET_NO_WILD;
    *max = rs_max_wild(rs, n);
    *key = *max < rs->meld.max_wild ? RK_MELD_WILD_LIMITS : RK_MELD_MAX_WILD;
    if (row->max_wild < *max) {
      *max = row->max_wild;
      *key = row->wild_key;
    }
    if (wild > *max) return SET_MANY_WILD;
  }
  if (n >= row->canasta_cards && nat < row->canasta_naturals) return SET_CANASTA_NATURALS;
  return SET_FITS;
}

/* The verdict of the limit b broken. */
COLD static bool set_refused(const meld_row_t *row, int rank, meld_count_t c, set_break_t b,
                             int max, rule_key_t key, verdict_t *err) {
  const char *what = card_rank_of(rank);
  unsigned n = c.n, nat = c.nat, wild = c.wild;
  switch (b) {
  case SET_FEW_CARDS:
    return verdict_fail(err, CODE_MELD_SIZE, row->min_key, P_("a meld %s with %u card, at least %d",
                           "a meld %s with %u cards, at least %d", n),
                        what, n, row->min_cards);
  case SET_MANY_CARDS:
    return verdict_fail(err, CODE_MELD_SIZE, row->max_key, P_("a meld %s with %u card, at most %d",
                           "a meld %s with %u cards, at most %d", n),
                        what, n, row->max_cards);
  case SET_FEW_NATURALS:
    return verdict_fail(err, CODE_MELD_NATURALS, RK_MELD_MIN_NATURALS,
                        P_("a meld %s with %u natural card, at least %d",
                           "a meld %s with %u natural cards, at least %d", nat),
                        what, nat, row->min_naturals);
  case SET_WILD_BELOW:
    return verdict_fail(err, CODE_WILD_OVERFLOW, RK_MELD_WILD_BELOW_NATURALS,
                        P_("meld %s would hold %u wild cards for %u natural: fewer wild cards "
                           "than naturals",
                           "meld %s would hold %u wild cards for %u naturals: fewer wild cards "
                           "than naturals", nat),
                        what, wild, nat);
  case SET_WILD_UP_TO:
    return verdict_fail(err, CODE_WILD_OVERFLOW, RK_MELD_WILD_UP_TO_NATURALS,
                        P_("meld %s would hold %u wild cards for %u natural: no more wild cards "
                           "than naturals",
                           "meld %s would hold %u wild cards for %u naturals: no more wild cards "
                           "than naturals", nat),
                        what, wild, nat);
  case SET_NO_WILD:
    return verdict_fail(err, CODE_WILD_OVERFLOW, row->wild_key,
                        _("a meld %s takes no wild card, this one would hold %u"), what, wild);
  case SET_MANY_WILD:
    return verdict_fail(err, CODE_WILD_OVERFLOW, key,
                        P_("meld %s would hold %u wild card, at most %d", "meld %s would hold %u wild cards, at most %d", wild), what, wild, max);
  case SET_CANASTA_NATURALS:
  case SET_FITS:
    break;
  }
  return verdict_fail(err, CODE_MELD_NATURALS, RK_CANASTA_MIN_NATURALS,
                      P_("a canasta %s with %u natural card, at least %d", "a canasta %s with %u natural cards, at least %d", nat), what, nat,
                      row->canasta_naturals);
}

bool meld_judge_set(const meld_kinds_t *k, int rank, meld_count_t c, verdict_t *err,
                    rule_uses_t *uses) {
  const meld_row_t *row = meld_set_row(k, rank);
  int max = 0;
  rule_key_t key = RK_MELD_MAX_WILD;
  set_break_t b = set_breaks(k->rs, row, c, &max, &key);
  if (b != SET_FITS) return set_refused(row, rank, c, b, max, key, err);
  /* meld.rank_rules: wild: never, "You can never use a wild card in the
   * event that you are melding a set of 7s" */
  const rs_rank_rule_t *rr = k->rank_rule[rank];
  if (rr && rr->wild == RANK_WILD_NEVER && c.wild > 0)
    return verdict_fail(err, CODE_WILD_OVERFLOW, RK_MELD_RANK_RULES,
                        _("a meld %s takes no wild card, this one would hold %u"),
                        card_rank_of(rank), c.wild);
  note_set_uses(k->rs, uses, c.n, c.wild, key);
  return true;
}

bool meld_judge_black_threes(const meld_kinds_t *k, const mix_t *m, bool *going_out_only,
                             verdict_t *err, rule_uses_t *uses) {
  const meld_row_t *row = &k->row[KIND_BLACK3];
  if (!row->formable)
    return verdict_fail(err, CODE_MELD_THREE, RK_MELD_BLACK_THREES,
                        _("black threes are never melded in this game"));
  if (m->wilds && !row->wild)
    return verdict_fail(err, CODE_MELD_THREE, RK_MELD_BLACK_THREES_WILD,
                        _("a meld of black threes holds no wild card, this one holds %u"), m->wilds);
  *going_out_only = row->going_out_only;
  note(uses, RK_MELD_BLACK_THREES);
  if (m->wilds) note(uses, RK_MELD_BLACK_THREES_WILD);
  return true;
}

bool meld_judge_mix(const meld_kinds_t *k, const mix_t *m, bool *black3_going_out, verdict_t *err,
                    rule_uses_t *uses) {
  const ruleset_t *rs = k->rs;
  *black3_going_out = false;
  if (m->red3_col)
    return verdict_fail(err, CODE_MELD_THREE, RK_NONE,
                        _("red threes are never melded: they are laid with red3"));
  if (m->bad_col)
    return verdict_fail(err, CODE_MELD_RANK, RK_NONE,
                        _("cards of different ranks: a meld %s takes no other rank"),
                        card_rank_of(m->rank));
  if (m->rank < 0)
    return verdict_fail(err, CODE_MELD_NATURALS, RK_MELD_MIN_NATURALS,
                        P_("a meld of wild cards only: at least %d natural card",
                           "a meld of wild cards only: at least %d natural cards",
                           rs->meld.min_naturals),
                        rs->meld.min_naturals);
  if (meld_set_row(k, m->rank)->black_threes)
    return meld_judge_black_threes(k, m, black3_going_out, err, uses);
  return true;
}

bool meld_judge_fill_missing(const meld_kinds_t *k, int rank, unsigned others, unsigned copies,
                             verdict_t *err, rule_uses_t *uses) {
  const meld_row_t *row = meld_set_row(k, rank);
  int lack = row->canasta_cards - (int)copies;
  unsigned room = lack > 0 ? (unsigned)lack : 0;
  if (others > room && room == 0)
    return verdict_fail(err, CODE_WILD_OVERFLOW, RK_MELD_WILD_SET_FILL,
                        _("a set %s holds no other wild card: the packs hold %u %s, enough for "
                        "a canasta"), card_rank_of(rank), copies, card_rank_plural(rank));
  if (others > room)
    return verdict_fail(err, CODE_WILD_OVERFLOW, RK_MELD_WILD_SET_FILL,
                        _("a set %s would hold %u other wild cards: only %u, for the %s the "
                        "packs lack (they hold %u, a canasta takes %d)"), card_rank_of(rank),
                        others, room, card_rank_plural(rank), copies, row->canasta_cards);
  if (uses) uses_add(uses, RK_MELD_WILD_SET_FILL);
  return true;
}

/* ---- sequences ----------------------------------------------------------- */

static const char *suit_plural(int suit) {
  return suit == SUIT_S ? _("spades") : suit == SUIT_H ? _("hearts") : suit == SUIT_D ? _("diamonds")
                                                                                : _("clubs");
}

/* The ranks of the cards, added to run->ranks: each natural fits the
 * sequence; its wild cards, where the row takes them, are counted in
 * run->wilds. */
static bool sequence_ranks(const meld_kinds_t *k, int suit, const card_t *cards, unsigned n,
                           meld_run_t *run, verdict_t *err) {
  const ruleset_t *rs = k->rs;
  bool takes_wild = k->row[KIND_SEQUENCE].wild;
  char b[4];
  for (unsigned i = 0; i < n; i++) {
    card_t c = cards[i];
    int r = card_rank(c);
    if (takes_wild && rs_is_wild(rs, c)) {
      run->wilds++;
      continue;
    }
    if (rs_is_wild(rs, c) || card_suit(c) != suit || r < rs->sequence.low ||
        r > rs->sequence.high)
      return verdict_fail(err, CODE_MELD_RANK,
                          r > rs->sequence.high && !rs_is_wild(rs, c) ? RK_SEQUENCE_HIGH
                                                                      : RK_SEQUENCE_LOW,
                          _("%s does not fit a sequence of %s from %s to %s, natural cards only"),
                          card_name(c, b), suit_plural(suit), card_rank_name(rs->sequence.low),
                          card_rank_name(rs->sequence.high));
    if (run->ranks & (1u << r))
      return verdict_fail(err, CODE_MELD_RANK, RK_NONE, _("%s twice in one sequence"), card_name(c, b));
    run->ranks |= 1u << r;
  }
  return true;
}

/* sequence.max_wild: the wild cards fill the gaps between the naturals and
 * extend its ends, within sequence.low..high; they stand for no rank of their
 * own, so the naturals span no more ranks than the sequence holds cards. */
static bool sequence_span(const meld_kinds_t *k, meld_run_t run, unsigned count, unsigned lo,
                          unsigned hi, verdict_t *err) {
  const ruleset_t *rs = k->rs;
  const meld_row_t *row = &k->row[KIND_SEQUENCE];
  unsigned total = count + run.wilds, gaps = hi - lo + 1 - count;
  if ((int)run.wilds > row->max_wild)
    return verdict_fail(err, CODE_WILD_OVERFLOW, RK_SEQUENCE_MAX_WILD,
                        P_("a sequence would hold %u wild card, at most %d",
                           "a sequence would hold %u wild cards, at most %d", run.wilds),
                        run.wilds, row->max_wild);
  if (gaps > 0 && run.wilds == 0)
    return verdict_fail(err, CODE_MELD_RANK, RK_NONE,
                        _("not a sequence: the ranks from %s to %s leave a gap"),
                        card_rank_name((int)lo), card_rank_name((int)hi));
  if (gaps > run.wilds)
    return verdict_fail(err, CODE_MELD_RANK, RK_SEQUENCE_MAX_WILD,
                        P_("not a sequence: the ranks from %s to %s leave %u gap, and its wild "
                           "cards fill %u",
                           "not a sequence: the ranks from %s to %s leave %u gaps, and its wild "
                           "cards fill %u", gaps),
                        card_rank_name((int)lo), card_rank_name((int)hi), gaps, run.wilds);
  if ((int)total > rs->sequence.high - rs->sequence.low + 1)
    return verdict_fail(err, CODE_MELD_SIZE, RK_SEQUENCE_MAX_WILD,
                        _("a sequence of %u cards does not fit between %s and %s"), total,
                        card_rank_name(rs->sequence.low), card_rank_name(rs->sequence.high));
  return true;
}

bool meld_judge_sequence(const meld_kinds_t *k, int suit, meld_run_t have, const card_t *cards,
                         unsigned n, meld_run_t *out, verdict_t *err, rule_uses_t *uses) {
  const meld_row_t *row = &k->row[KIND_SEQUENCE];
  meld_run_t run = have;
  if (!sequence_ranks(k, suit, cards, n, &run, err)) return false;
  unsigned count = 0, lo = 0, hi = 0;
  for (unsigned r = 0; r < RANK_COUNT; r++)
    if (run.ranks & (1u << r)) {
      if (!count) lo = r;
      hi = r;
      count++;
    }
  if (count == 0)
    return verdict_fail(err, CODE_MELD_NATURALS, RK_SEQUENCE_MAX_WILD,
                        _("a sequence holds at least one natural card"));
  if (!sequence_span(k, run, count, lo, hi, err)) return false;
  unsigned total = count + run.wilds;
  if ((int)total < row->min_cards)
    return verdict_fail(err, CODE_MELD_SIZE, row->min_key,
                        P_("a sequence of %u card, at least %d", "a sequence of %u cards, at least %d", total), total, row->min_cards);
  if ((int)total > row->max_cards)
    return verdict_fail(err, CODE_MELD_SIZE, row->max_key,
                        P_("a sequence of %u card, at most %d", "a sequence of %u cards, at most %d", total), total, row->max_cards);
  note(uses, RK_SEQUENCE_MIN_CARDS);
  note(uses, RK_SEQUENCE_LOW);
  note(uses, RK_SEQUENCE_HIGH);
  if (run.wilds > 0) note(uses, RK_SEQUENCE_MAX_WILD);
  *out = run;
  return true;
}

int meld_sequence_suit(const meld_kinds_t *k, const card_t *cards, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (!rs_is_wild(k->rs, cards[i])) return card_suit(cards[i]);
  return -1;
}

bool meld_looks_like_sequence(const meld_kinds_t *k, const card_t *cards, unsigned n) {
  const ruleset_t *rs = k->rs;
  bool takes_wild = k->row[KIND_SEQUENCE].wild;
  int suit = meld_sequence_suit(k, cards, n), rank = -1;
  if (!k->row[KIND_SEQUENCE].formable || suit < 0) return false;
  bool two_ranks = false;
  for (unsigned i = 0; i < n; i++) {
    if (rs_is_wild(rs, cards[i])) {
      if (!takes_wild) return false;
      continue;
    }
    if (card_suit(cards[i]) != suit) return false;
    if (rank >= 0 && card_rank(cards[i]) != rank) two_ranks = true;
    rank = card_rank(cards[i]);
  }
  return two_ranks;
}

/* ---- melds of wild cards only -------------------------------------------- */

bool meld_is_wild_mix(const meld_kinds_t *k, const mix_t *m) {
  return k->row[KIND_WILD_MELD].formable && m->rank < 0 && m->wilds > 0 && !m->red3_col &&
         !m->black3;
}

bool meld_judge_wild_meld(const meld_kinds_t *k, unsigned n, verdict_t *err, rule_uses_t *uses) {
  const meld_row_t *row = &k->row[KIND_WILD_MELD];
  if ((int)n < row->min_cards)
    return verdict_fail(err, CODE_MELD_SIZE, row->min_key,
                        P_("a meld of wild cards with %u card, at least %d",
                           "a meld of wild cards with %u cards, at least %d", n),
                        n, row->min_cards);
  if ((int)n > row->max_cards)
    return verdict_fail(err, CODE_MELD_SIZE, row->max_key,
                        P_("a meld of wild cards with %u card, at most %d",
                           "a meld of wild cards with %u cards, at most %d", n),
                        n, row->max_cards);
  note(uses, RK_WILD_MELD_MIN_CARDS);
  note(uses, RK_CARDS_WILD);
  if (row->max_key != RK_NONE) note(uses, row->max_key);
  return true;
}

const meld_t *meld_wild_meld_to_join(const meld_kinds_t *k, const meld_t *melds, int nmelds,
                                     int team) {
  rs_wild_per_team_t per = k->rs->wild_meld.per_team;
  for (int i = 0; per != WILD_PER_TEAM_ANY && i < nmelds; i++)
    if (melds[i].team == team && meld_row(k, &melds[i])->rank_less &&
        (per == WILD_PER_TEAM_ONE || !meld_is_complete(k, &melds[i])))
      return &melds[i];
  return NULL;
}

const meld_t *meld_unfinished(const meld_kinds_t *k, const meld_t *melds, int nmelds, int team,
                              bool must_finish, int *index) {
  for (int i = 0; i < nmelds; i++) {
    if (melds[i].team != team) continue;
    const meld_row_t *row = meld_row(k, &melds[i]);
    bool counts = must_finish ? row->must_finish : row->rank_less;
    if (counts && !meld_is_complete(k, &melds[i])) {
      *index = melds[i].number;
      return &melds[i];
    }
  }
  return NULL;
}

bool meld_judge_exclusive(const meld_kinds_t *k, const meld_t *melds, int nmelds, int team,
                          const meld_t *onto, unsigned wilds, verdict_t *err, rule_uses_t *uses) {
  if (!k->rs->wild_meld.exclusive || wilds == 0 || (onto && meld_row(k, onto)->rank_less))
    return true;
  int index = 0;
  if (!meld_unfinished(k, melds, nmelds, team, false, &index)) {
    note(uses, RK_WILD_MELD_EXCLUSIVE);
    return true;
  }
  return verdict_fail(err, CODE_WILD_OVERFLOW, RK_WILD_MELD_EXCLUSIVE,
                      P_("the team's meld of wild cards #%d is unfinished: no wild card goes to "
                         "another meld until it is complete, this one would take %u",
                         "the team's meld of wild cards #%d is unfinished: no wild card goes to "
                         "another meld until it is complete, this one would take %u", wilds),
                      index, wilds);
}
