/* meld.c — meld judging (meld.h): pure functions of cards and ruleset.
 *
 * Each check names the ruleset key it enforces; docs/variants/ quote the
 * seed sentence behind each key. */
#include "meld.h"

#include <string.h>

#include "i18n.h"

static void note(rule_uses_t *uses, rule_key_t k) {
  if (uses) uses_add(uses, k);
}

bool meld_is_wild_set(const ruleset_t *rs, int rank) {
  return rank >= 0 && rank < RANK_COUNT && rs->meld.wild_sets[rank];
}

bool meld_is_canasta(const ruleset_t *rs, const meld_t *m) {
  return m->suit < 0 && (int)m->cards.total >= rs->canasta.min_cards;
}

bool meld_is_complete_sequence(const ruleset_t *rs, const meld_t *m) {
  return m->suit >= 0 && (int)m->cards.total >= rs->sequence.max_cards;
}

bool meld_is_pure(const ruleset_t *rs, const meld_t *m) {
  return m->wilds == 0 ||
         (meld_is_wild_set(rs, m->rank) && rs->meld.wild_set_fill == WILD_FILL_MISSING);
}

canastas_t meld_canastas(const ruleset_t *rs, const meld_t *melds, int nmelds, int team) {
  canastas_t c = {0, 0, 0, 0, 0};
  for (int i = 0; i < nmelds; i++) {
    const meld_t *m = &melds[i];
    if (m->team != team || !meld_is_canasta(rs, m)) continue;
    c.all++;
    bool wild = meld_is_wild_set(rs, m->rank);
    int *kind = meld_is_pure(rs, m) ? (wild ? &c.wild_pure : &c.pure)
                              : (wild ? &c.wild_impure : &c.impure);
    (*kind)++;
  }
  return c;
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
static void settle_wild_set(const ruleset_t *rs, mix_t *m) {
  if (m->rank >= 0 || m->wilds == 0) return;
  int best = -1;
  for (int r = 0; r < RANK_COUNT; r++)
    if (rs->meld.wild_sets[r] && m->wild_rank[r] &&
        (best < 0 || m->wild_rank[r] > m->wild_rank[best]))
      best = r;
  if (best < 0) return;
  m->rank = best;
  m->naturals = m->wild_rank[best];
  m->wilds -= m->wild_rank[best];
}

mix_t meld_mix(const ruleset_t *rs, const card_t *cards, const unsigned *cols, unsigned n,
               int base_rank) {
  mix_t m;
  memset(&m, 0, sizeof m);
  m.rank = base_rank;
  for (unsigned i = 0; i < n; i++) add_to_mix(rs, &m, cards[i], cols ? cols[i] : i + 1);
  settle_wild_set(rs, &m);
  return m;
}

/* ---- sets ---------------------------------------------------------------- */

/* The rules a set that passed meld_judge_set relied on. */
static void note_set_uses(const ruleset_t *rs, rule_uses_t *uses, unsigned n, unsigned wild,
                          int max) {
  note(uses, RK_MELD_MIN_CARDS);
  if (wild == 0) return;
  note(uses, RK_CARDS_WILD);
  note(uses, RK_MELD_MIN_NATURALS);
  note(uses, max < rs->meld.max_wild ? RK_MELD_WILD_LIMITS : RK_MELD_MAX_WILD);
  if (rs->meld.wild_below_naturals) note(uses, RK_MELD_WILD_BELOW_NATURALS);
  else if (rs->meld.wild_up_to_naturals) note(uses, RK_MELD_WILD_UP_TO_NATURALS);
  if ((int)n >= rs->canasta.min_cards) note(uses, RK_CANASTA_MIN_NATURALS);
}

bool meld_judge_set(const ruleset_t *rs, int rank, unsigned n, unsigned nat, unsigned wild,
                    verdict_t *err, rule_uses_t *uses) {
  const char *what = card_rank_of(rank);
  if ((int)n < rs->meld.min_cards)
    return verdict_fail(err, CODE_MELD_SIZE, RK_MELD_MIN_CARDS, P_("a meld %s with %u card, at least %d",
                           "a meld %s with %u cards, at least %d", n),
                        what, n, rs->meld.min_cards);
  if ((int)nat < rs->meld.min_naturals)
    return verdict_fail(err, CODE_MELD_NATURALS, RK_MELD_MIN_NATURALS,
                        P_("a meld %s with %u natural card, at least %d",
                           "a meld %s with %u natural cards, at least %d", nat),
                        what, nat, rs->meld.min_naturals);
  if (rs->meld.wild_below_naturals && wild > 0 && wild >= nat)
    return verdict_fail(err, CODE_WILD_OVERFLOW, RK_MELD_WILD_BELOW_NATURALS,
                        P_("meld %s would hold %u wild cards for %u natural: fewer wild cards "
                           "than naturals",
                           "meld %s would hold %u wild cards for %u naturals: fewer wild cards "
                           "than naturals", nat),
                        what, wild, nat);
  if (rs->meld.wild_up_to_naturals && wild > nat)
    return verdict_fail(err, CODE_WILD_OVERFLOW, RK_MELD_WILD_UP_TO_NATURALS,
                        P_("meld %s would hold %u wild cards for %u natural: no more wild cards "
                           "than naturals",
                           "meld %s would hold %u wild cards for %u naturals: no more wild cards "
                           "than naturals", nat),
                        what, wild, nat);
  int max = rs_max_wild(rs, (int)n);
  if ((int)wild > max)
    return verdict_fail(err, CODE_WILD_OVERFLOW,
                        max < rs->meld.max_wild ? RK_MELD_WILD_LIMITS : RK_MELD_MAX_WILD,
                        P_("meld %s would hold %u wild card, at most %d", "meld %s would hold %u wild cards, at most %d", wild), what, wild, max);
  if ((int)n >= rs->canasta.min_cards && (int)nat < rs->canasta.min_naturals)
    return verdict_fail(err, CODE_MELD_NATURALS, RK_CANASTA_MIN_NATURALS,
                        P_("a canasta %s with %u natural card, at least %d", "a canasta %s with %u natural cards, at least %d", nat), what, nat,
                        rs->canasta.min_naturals);
  note_set_uses(rs, uses, n, wild, max);
  return true;
}

bool meld_judge_black_threes(const ruleset_t *rs, const mix_t *m, bool *going_out_only,
                             verdict_t *err, rule_uses_t *uses) {
  if (rs->meld.black_threes == THREES_NEVER)
    return verdict_fail(err, CODE_MELD_THREE, RK_MELD_BLACK_THREES,
                        _("black threes are never melded in this game"));
  if (m->wilds && !rs->meld.black_threes_wild)
    return verdict_fail(err, CODE_MELD_THREE, RK_MELD_BLACK_THREES_WILD,
                        _("a meld of black threes holds no wild card, this one holds %u"), m->wilds);
  *going_out_only = rs->meld.black_threes == THREES_GOING_OUT;
  note(uses, RK_MELD_BLACK_THREES);
  if (m->wilds) note(uses, RK_MELD_BLACK_THREES_WILD);
  return true;
}

bool meld_judge_mix(const ruleset_t *rs, const mix_t *m, bool *black3_going_out, verdict_t *err,
                    rule_uses_t *uses) {
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
  if (m->rank == RANK_3) return meld_judge_black_threes(rs, m, black3_going_out, err, uses);
  return true;
}

bool meld_judge_wild_set_fill(const ruleset_t *rs, int rank, unsigned others, unsigned copies,
                              verdict_t *err, rule_uses_t *uses) {
  if (!meld_is_wild_set(rs, rank) || rs->meld.wild_set_fill != WILD_FILL_MISSING) return true;
  int lack = rs->canasta.min_cards - (int)copies;
  unsigned room = lack > 0 ? (unsigned)lack : 0;
  if (others > room && room == 0)
    return verdict_fail(err, CODE_WILD_OVERFLOW, RK_MELD_WILD_SET_FILL,
                        _("a set %s holds no other wild card: the packs hold %u %s, enough for "
                        "a canasta"), card_rank_of(rank), copies, card_rank_plural(rank));
  if (others > room)
    return verdict_fail(err, CODE_WILD_OVERFLOW, RK_MELD_WILD_SET_FILL,
                        _("a set %s would hold %u other wild cards: only %u, for the %s the "
                        "packs lack (they hold %u, a canasta takes %d)"), card_rank_of(rank),
                        others, room, card_rank_plural(rank), copies, rs->canasta.min_cards);
  if (uses) uses_add(uses, RK_MELD_WILD_SET_FILL);
  return true;
}

/* ---- sequences ----------------------------------------------------------- */

static const char *suit_plural(int suit) {
  return suit == SUIT_S ? _("spades") : suit == SUIT_H ? _("hearts") : suit == SUIT_D ? _("diamonds")
                                                                                : _("clubs");
}

/* The ranks of the cards, added to `ranks`: each one fits the sequence. */
static bool sequence_ranks(const ruleset_t *rs, int suit, const card_t *cards, unsigned n,
                           unsigned *ranks, verdict_t *err) {
  char b[4];
  for (unsigned i = 0; i < n; i++) {
    card_t c = cards[i];
    int r = card_rank(c);
    if (rs_is_wild(rs, c) || card_suit(c) != suit || r < rs->sequence.low ||
        r > rs->sequence.high)
      return verdict_fail(err, CODE_MELD_RANK,
                          r > rs->sequence.high && !rs_is_wild(rs, c) ? RK_SEQUENCE_HIGH
                                                                      : RK_SEQUENCE_LOW,
                          _("%s does not fit a sequence of %s from %s to %s, natural cards only"),
                          card_name(c, b), suit_plural(suit), card_rank_name(rs->sequence.low),
                          card_rank_name(rs->sequence.high));
    if (*ranks & (1u << r))
      return verdict_fail(err, CODE_MELD_RANK, RK_NONE, _("%s twice in one sequence"), card_name(c, b));
    *ranks |= 1u << r;
  }
  return true;
}

bool meld_judge_sequence(const ruleset_t *rs, int suit, unsigned have, const card_t *cards,
                         unsigned n, unsigned *ranks_out, verdict_t *err, rule_uses_t *uses) {
  unsigned ranks = have;
  if (!sequence_ranks(rs, suit, cards, n, &ranks, err)) return false;
  unsigned count = 0, lo = 0, hi = 0;
  for (unsigned r = 0; r < RANK_COUNT; r++)
    if (ranks & (1u << r)) {
      if (!count) lo = r;
      hi = r;
      count++;
    }
  if (hi - lo + 1 != count)
    return verdict_fail(err, CODE_MELD_RANK, RK_NONE,
                        _("not a sequence: the ranks from %s to %s leave a gap"),
                        card_rank_name((int)lo), card_rank_name((int)hi));
  if ((int)count < rs->sequence.min_cards)
    return verdict_fail(err, CODE_MELD_SIZE, RK_SEQUENCE_MIN_CARDS,
                        P_("a sequence of %u card, at least %d", "a sequence of %u cards, at least %d", count), count, rs->sequence.min_cards);
  if ((int)count > rs->sequence.max_cards)
    return verdict_fail(err, CODE_MELD_SIZE, RK_SEQUENCE_MAX_CARDS,
                        P_("a sequence of %u card, at most %d", "a sequence of %u cards, at most %d", count), count, rs->sequence.max_cards);
  note(uses, RK_SEQUENCE_MIN_CARDS);
  note(uses, RK_SEQUENCE_LOW);
  note(uses, RK_SEQUENCE_HIGH);
  *ranks_out = ranks;
  return true;
}

bool meld_looks_like_sequence(const ruleset_t *rs, const card_t *cards, unsigned n) {
  if (rs->sequence.min_cards == 0 || n == 0) return false;
  int suit = card_suit(cards[0]);
  bool two_ranks = false;
  for (unsigned i = 0; i < n; i++) {
    if (card_suit(cards[i]) != suit || rs_is_wild(rs, cards[i])) return false;
    if (card_rank(cards[i]) != card_rank(cards[0])) two_ranks = true;
  }
  return two_ranks;
}
