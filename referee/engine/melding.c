/* melding.c — the actions that put cards on the table: meld, add, and take
 * (the pile's top card melded with cards from the hand, or put on a meld).
 * What a group of cards may be is meld.c's judgement; this file moves the
 * cards and keeps the opening's count. */
#include "engine_private.h"
#include "i18n.h"
#include "meld.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A new meld of the team, of the kind decided here once. */
static meld_t *new_meld(engine_t *e, const stmt_t *st, int team, int rank, meld_kind_t kind) {
  if (e->nmelds == MAX_MELDS) {
    eng_fail(e, st, st->verb_word.col, CODE_MELD_SIZE, RK_NONE, _("more than %d melds in one hand"),
             MAX_MELDS);
    return NULL;
  }
  e->open[e->nmelds].value = e->open[e->nmelds].naturals = 0;
  meld_t *m = &e->melds[e->nmelds++];
  e->team_melds[team]++;
  memset(m, 0, sizeof *m);
  m->team = team;
  m->rank = rank;
  m->suit = -1;
  m->kind = (uint8_t)kind;
  m->number = (uint16_t)++e->melds_made[team];
  return m;
}

/* meld.max_cards_going_out: a meld past the cap is legal only if the turn
 * goes out; the first line that carries one past it is kept, to be judged
 * when the turn ends (turn.c's discard, pending.c). */
static void note_past_cap(engine_t *e, const stmt_t *st, const meld_t *m) {
  if ((int)m->cards.total <= meld_row(e->kinds, m)->out_max) return;
  eng_use(e, RK_MELD_MAX_CARDS_GOING_OUT);
  eng_mark(&e->past_cap, st);
}

bool eng_fail_past_cap(engine_t *e, int p) {
  return eng_fail_mark(e, &e->past_cap, p, CODE_MELD_SIZE, RK_MELD_MAX_CARDS_GOING_OUT,
                       _("a meld holds more than %d cards only in the turn its player goes out, "
                         "and %s did not go out"),
                       e->rs->meld.max_cards, e->player_name[p]);
}

/* Puts the statement's hand cards (and the pile's top card when top >= 0)
 * into meld m, counting toward the opening; returns what they count. The top
 * card counts only where opening.top_card_counts ("the top card of the pile
 * may not be counted" is the other reading). */
static long fill_meld(engine_t *e, meld_t *m, const stmt_t *st, int p, int top) {
  long own = eng_move_from_hand(e, st, p, &m->cards);
  unsigned before = m->naturals;
  bool top_counts = top >= 0 && e->rs->opening.top_card_counts;
  if (top >= 0) {
    cc_add(&m->cards, (card_t)top, 1);
    if (top_counts) own += rs_value(e->rs, (card_t)top);
  }
  const meld_row_t *row = meld_row(e->kinds, m);
  m->naturals = row->sequence    ? (unsigned)__builtin_popcount(m->ranks)
                : row->rank_less ? 0 /* no rank: every card is wild */
                                 : cc_rank_count(&m->cards, m->rank);
  if (!e->opened_before_turn) {
    if (top >= 0 && !top_counts) {
      eng_use(e, RK_OPENING_TOP_CARD_COUNTS);
      e->top_uncounted += rs_value(e->rs, (card_t)top);
    }
    e->open[m - e->melds].value += (int)own;
    e->open[m - e->melds].naturals += (int)(m->naturals - before) - (top >= 0 && !top_counts);
  }
  m->wilds = m->cards.total - m->naturals;
  if (m->wilds) m->hidden = false; /* a hidden canasta is pure: a wild card ends that */
  e->player_melded[p] = true;
  note_past_cap(e, st, m);
  return own;
}

/* MELD-THREE, MELD-RANK, MELD-NATURALS: meld.c's judgement of the mix; black
 * threes melded only to go out are kept, to be judged at the discard. */
static bool judge_mix(engine_t *e, const stmt_t *st, const mix_t *m) {
  bool going_out_only;
  if (!meld_judge_mix(e->kinds, m, &going_out_only, &e->err, &e->uses))
    return eng_judged(e, st, st->verb_word.col);
  if (going_out_only) eng_mark(&e->black3_meld, st);
  return true;
}

/* meld.wild_from_naturals, meld.rank_rules (wild: opening): after the
 * team's opening turn, wild cards join a meld of a natural rank only once it
 * holds so many naturals ("After melding, a team may only add a wild card
 * when there's a base of 5 natural cards"), counting those laid with them
 * (the reading that allows the play; meld.wild_from_naturals_laid: false,
 * only those already in the meld), and a meld of an `opening` rank that
 * took none then takes none ("aces ... only ... when we are seeing the first
 * meld done by a team"). In the opening turn the ordinary limits hold. */
static bool judge_wild_entry(const engine_t *e, const meld_t *onto, int rank, meld_count_t c,
                             unsigned wilds, verdict_t *err, rule_uses_t *uses) {
  const meld_kinds_t *k = e->kinds;
  if (wilds == 0 || !e->opened_before_turn || !meld_set_row(k, rank)->wild_entry) return true;
  const rs_rank_rule_t *rr = k->rank_rule[rank];
  int need = e->rs->meld.wild_from_naturals;
  bool laid = e->rs->meld.wild_from_naturals_laid;
  unsigned nat = laid ? c.nat : onto ? onto->naturals : 0;
  if (rr && rr->wild == RANK_WILD_OPENING && (!onto || onto->wilds == 0))
    return verdict_fail(err, CODE_WILD_OVERFLOW, RK_MELD_RANK_RULES,
                        _("a meld %s takes wild cards only in the team's opening turn"),
                        card_rank_of(rank));
  if (need > 0 && (int)nat < need && !laid)
    return verdict_fail(err, CODE_WILD_OVERFLOW, RK_MELD_WILD_FROM_NATURALS_LAID,
                        P_("meld %s holds %u natural before the wild card: after the opening turn a "
                           "wild card needs %d already there",
                           "meld %s holds %u naturals before the wild card: after the opening turn a "
                           "wild card needs %d already there", nat),
                        card_rank_of(rank), nat, need);
  if (need > 0 && (int)nat < need)
    return verdict_fail(err, CODE_WILD_OVERFLOW, RK_MELD_WILD_FROM_NATURALS,
                        P_("meld %s would take a wild card with %u natural: after the opening turn "
                           "a wild card needs %d",
                           "meld %s would take a wild card with %u naturals: after the opening turn "
                           "a wild card needs %d", c.nat),
                        card_rank_of(rank), c.nat, need);
  if (need > 0 && uses) uses_add(uses, RK_MELD_WILD_FROM_NATURALS);
  if (need > 0 && !laid && uses) uses_add(uses, RK_MELD_WILD_FROM_NATURALS_LAID);
  return true;
}

/* MERGE: a merge joins two different sets of one natural rank ("may
 * combine its melds in the same rank"), meld_merges_into. */
static bool judge_merge_pair(const engine_t *e, const meld_t *into, const meld_t *from,
                             verdict_t *err) {
  if (into == from)
    return verdict_fail(err, CODE_MERGE, RK_MELD_MERGE, _("#%d is merged with itself"),
                        into->number);
  if (!meld_merges_into(e->kinds, into, from))
    return verdict_fail(err, CODE_MERGE, RK_MELD_MERGE,
                        _("only two sets of one natural rank merge: #%d and #%d are not"),
                        into->number, from->number);
  return true;
}

/* meld.group_alone: the cards joining the team's set are a set by
 * themselves first. */
static bool judge_alone(const engine_t *e, const eng_join_t *j, verdict_t *err,
                        rule_uses_t *uses) {
  if (!j->alone || !j->onto) return true;
  if (!meld_judge_set(e->kinds, j->cards.rank, meld_count(NULL, &j->cards), err, NULL))
    return false;
  if (uses) uses_add(uses, RK_MELD_GROUP_ALONE);
  return true;
}

eng_join_t eng_merge_join(const meld_t *into, const meld_t *from) {
  return (eng_join_t){.team = into->team, .onto = into, .from = from,
                      .cards = {.rank = from->rank, .naturals = from->naturals,
                                .wilds = from->wilds}};
}

/* The join judgement: a merge's pair (MERGE), meld.group_alone, then the
 * set as it would stand: canasta.closed (both ways for a merge, onto's
 * first), the set's limits (meld.max_wild, meld.max_cards, ...),
 * meld.wild_set_fill, wild_meld.exclusive, and after the opening turn
 * meld.wild_from_naturals and meld.rank_rules' wild: opening. */
FLATTEN bool eng_judge_join(const engine_t *e, const eng_join_t *j, verdict_t *err,
                            rule_uses_t *uses) {
  const meld_kinds_t *k = e->kinds;
  const meld_t *onto = j->onto;
  int rank = onto ? onto->rank : j->cards.rank;
  meld_count_t c = meld_count(onto, &j->cards);
  unsigned cards = c.n - (onto ? onto->cards.total : 0), wilds = j->cards.wilds;
  return (!j->from || judge_merge_pair(e, onto, j->from, err)) && judge_alone(e, j, err, uses) &&
         (!onto || meld_judge_closed(k, onto, cards, wilds, err, uses)) &&
         (!j->from || meld_judge_closed(k, j->from, onto->cards.total, onto->wilds, err, uses)) &&
         meld_judge_set(k, rank, c, err, uses) &&
         meld_judge_wild_set_fill(k, rank, c.wild, cc_rank_count(&e->packs, rank), err, uses) &&
         meld_judge_exclusive(k, e->melds, e->nmelds, j->team, onto, wilds, err, uses) &&
         judge_wild_entry(e, onto, rank, c, wilds, err, uses);
}

/* Forms a set from hand cards (plus the top card when top >= 0) for p's team:
 * a new meld, or the team's meld of that rank where meld.same_rank merges. */
FLATTEN static bool form_set(engine_t *e, const stmt_t *st, int p, int top, const mix_t *m) {
  const ruleset_t *rs = e->rs;
  const meld_kinds_t *k = e->kinds;
  int team = e->team_of[p];
  meld_t *old = eng_meld_by_rank(e, team, m->rank);
  if (old && rs->meld.same_rank == SAME_RANK_FORBID)
    return eng_fail(e, st, st->verb_word.col, CODE_MELD_DUPLICATE, RK_MELD_SAME_RANK,
                    _("the team already has a meld %s"), card_rank_of(m->rank));
  if (old && rs->meld.same_rank == SAME_RANK_ALLOW) old = NULL;
  /* meld.new_after_canasta: a group of the rank of a book starts a new meld */
  if (old && rs->meld.new_after_canasta && meld_is_canasta(k, old)) {
    eng_use(e, RK_MELD_NEW_AFTER_CANASTA);
    old = NULL;
  }
  /* meld.group_alone: the group is a valid meld by itself before it joins */
  bool alone = rs->meld.group_alone && (top < 0 || rs->meld.group_alone_takes);
  if (old && rs->meld.group_alone && !alone) eng_use(e, RK_MELD_GROUP_ALONE_TAKES);
  eng_join_t j = {.team = team, .onto = old, .cards = *m, .alone = alone};
  if (!eng_judge_join(e, &j, &e->err, &e->uses)) return eng_judged(e, st, st->verb_word.col);
  if (eng_meld_by_rank(e, team, m->rank)) eng_use(e, RK_MELD_SAME_RANK);
  meld_kind_t kind = (meld_kind_t)k->of_rank[m->rank];
  if (k->row[kind].key != RK_NONE) eng_use(e, k->row[kind].key);
  meld_t *dst = old ? old : new_meld(e, st, team, m->rank, kind);
  if (!dst) return false;
  eng_note_opening_group(e, st, p, fill_meld(e, dst, st, p, top));
  return true;
}

/* wild_meld.*: wild cards of any mix, a new meld of them or the one the
 * team's meld of wild cards they join (wild_meld.per_team). */
static bool form_wild_meld(engine_t *e, const stmt_t *st, int p, const mix_t *m) {
  const meld_kinds_t *k = e->kinds;
  int team = e->team_of[p];
  const meld_t *join = meld_wild_meld_to_join(k, e->melds, e->nmelds, team);
  meld_t *old = join ? &e->melds[join - e->melds] : NULL;
  unsigned n = m->wilds + (old ? old->cards.total : 0);
  if (!meld_judge_wild_meld(k, n, &e->err, &e->uses) ||
      !meld_judge_exclusive(k, e->melds, e->nmelds, team, old, m->wilds, &e->err, &e->uses))
    return eng_judged(e, st, st->verb_word.col);
  if (old) eng_use(e, RK_WILD_MELD_PER_TEAM);
  meld_t *dst = old ? old : new_meld(e, st, team, -1, KIND_WILD_MELD);
  if (!dst) return false;
  eng_note_opening_group(e, st, p, fill_meld(e, dst, st, p, -1));
  return true;
}

static bool form_sequence(engine_t *e, const stmt_t *st, int p) {
  meld_run_t run;
  int suit = meld_sequence_suit(e->kinds, st->cards, st->ncards);
  if (!meld_judge_sequence(e->kinds, suit, (meld_run_t){0, 0}, st->cards, st->ncards, &run,
                           &e->err, &e->uses))
    return eng_judged(e, st, st->verb_word.col);
  meld_t *m = new_meld(e, st, e->team_of[p], -1, KIND_SEQUENCE);
  if (!m) return false;
  m->suit = suit;
  m->ranks = run.ranks;
  eng_note_opening_group(e, st, p, fill_meld(e, m, st, p, -1));
  return true;
}

/* ---- meld and add -------------------------------------------------------- */

/* sequence.max_wild: naturals of one rank and wild cards may be a set or a
 * sequence; they are a set where the set is legal (a meld that is a legal
 * group stays a group), else a sequence where that is legal (the reading
 * that allows the play), else the set's verdict stands. A set refused fails
 * before any card moves: the verdict, the engine's death and the rules
 * noted are put back before the sequence is formed. */
static bool set_or_sequence(engine_t *e, const stmt_t *st, int p, const mix_t *m) {
  bool either = e->kinds->row[KIND_SEQUENCE].wild && m->wilds > 0 && m->rank >= 0 &&
                !m->black3 && !m->red3_col && !m->bad_col;
  if (!either) return judge_mix(e, st, m) && form_set(e, st, p, -1, m);
  rule_uses_t uses = e->uses;
  verdict_t err = e->err;
  if (judge_mix(e, st, m) && form_set(e, st, p, -1, m)) return true;
  verdict_t scratch;
  meld_run_t run;
  int suit = meld_sequence_suit(e->kinds, st->cards, st->ncards);
  if (!meld_judge_sequence(e->kinds, suit, (meld_run_t){0, 0}, st->cards, st->ncards, &run,
                           &scratch, NULL))
    return false;
  e->uses = uses;
  e->err = err;
  e->dead = false;
  return form_sequence(e, st, p);
}

bool eng_act_meld(engine_t *e, const stmt_t *st, int p) {
  if (!eng_may_meld(e, st) || !eng_check_no_red3(e, st, p) || !eng_check_in_hand(e, st, p))
    return false;
  if (meld_looks_like_sequence(e->kinds, st->cards, st->ncards)) {
    if (!form_sequence(e, st, p)) return false;
    return eng_after_meld(e, st, p);
  }
  mix_t m = meld_mix(e->kinds, st->cards, st->card_cols, st->ncards, -1);
  if (meld_is_wild_mix(e->kinds, &m))
    return form_wild_meld(e, st, p, &m) && eng_after_meld(e, st, p);
  int before = e->nmelds;
  if (!set_or_sequence(e, st, p, &m)) return false;
  /* canasta.hidden_factor: a whole pure canasta of a kind that may be hidden
   * laid from the hand in one meld */
  meld_t *made = &e->melds[e->nmelds - 1];
  if (e->nmelds > before && made->wilds == 0 && meld_row(e->kinds, made)->hidden &&
      meld_is_canasta(e->kinds, made))
    made->hidden = true;
  return eng_after_meld(e, st, p);
}

/* MELD-UNKNOWN: the meld an `add` names, by rank or by #N (index: the #N,
 * st->ref_index or the second of a merge). */
static meld_t *meld_named(engine_t *e, const stmt_t *st, int team, int index) {
  meld_t *m = index ? eng_meld_by_number(e, team, index) : eng_meld_by_rank(e, team, st->ref_rank);
  if (m) return m;
  int n = e->melds_made[team];
  if (index && index <= n)
    eng_fail(e, st, st->verb_word.col, CODE_MELD_UNKNOWN, RK_MELD_MERGE,
             _("the team's meld #%d is no more: it was merged into another"), index);
  else if (index)
    eng_fail(e, st, st->verb_word.col, CODE_MELD_UNKNOWN, RK_NONE,
             P_("the team has %d meld this hand, no #%d", "the team has %d melds this hand, no #%d", n),
             n, index);
  else
    eng_fail(e, st, st->verb_word.col, CODE_MELD_UNKNOWN, RK_NONE, _("the team has no meld %s"),
             card_rank_of(st->ref_rank));
  return NULL;
}

static bool add_to_sequence(engine_t *e, const stmt_t *st, int p, meld_t *m) {
  meld_run_t run;
  if (!meld_judge_sequence(e->kinds, m->suit, (meld_run_t){m->ranks, m->wilds}, st->cards,
                           st->ncards, &run, &e->err, &e->uses))
    return eng_judged(e, st, st->verb_word.col);
  m->ranks = run.ranks;
  fill_meld(e, m, st, p, -1);
  return eng_after_meld(e, st, p);
}

/* wild_meld.*: only wild cards join a meld of wild cards. */
static bool add_to_wild_meld(engine_t *e, const stmt_t *st, int p, meld_t *m) {
  char b[4];
  for (unsigned i = 0; i < st->ncards; i++)
    if (!rs_is_wild(e->rs, st->cards[i]))
      return eng_fail(e, st, st->card_cols[i], CODE_MELD_RANK, RK_WILD_MELD_MIN_CARDS,
                      _("%s is not a wild card: a meld of wild cards takes only wild cards"),
                      card_name(st->cards[i], b));
  if (!meld_judge_wild_meld(e->kinds, m->cards.total + st->ncards, &e->err, &e->uses))
    return eng_judged(e, st, st->verb_word.col);
  fill_meld(e, m, st, p, -1);
  return eng_after_meld(e, st, p);
}

bool eng_act_add(engine_t *e, const stmt_t *st, int p) {
  int team = e->team_of[p];
  if (!eng_may_meld(e, st) || !eng_check_no_red3(e, st, p)) return false;
  if (eng_team_meld_count(e, team) == 0)
    return eng_fail(e, st, st->verb_word.col, CODE_NOT_OPENED, RK_OPENING,
                    _("the team has not opened: it has no meld to add to"));
  meld_t *m = meld_named(e, st, team, st->ref_index);
  if (!m || !eng_check_in_hand(e, st, p)) return false;
  const meld_row_t *row = meld_row(e->kinds, m);
  if (row->sequence) return add_to_sequence(e, st, p, m);
  if (row->rank_less) return add_to_wild_meld(e, st, p, m);
  /* what the cards are (red threes, other ranks, black threes as the
   * ruleset allows them), then whether they may join */
  eng_join_t j = {.team = team, .onto = m,
                  .cards = meld_mix(e->kinds, st->cards, st->card_cols, st->ncards, m->rank)};
  if (!judge_mix(e, st, &j.cards)) return false;
  if (!eng_judge_join(e, &j, &e->err, &e->uses)) return eng_judged(e, st, st->verb_word.col);
  fill_meld(e, m, st, p, -1);
  return eng_after_meld(e, st, p);
}

/* ---- taking the pile ------------------------------------------------------- */

static const char *class_name(unsigned k) {
  return k & RS_BLACK3 ? _("a black three") : k & RS_RED3 ? _("a red three") : _("a wild card");
}

/* pile.take_onto_meld_naturals: a bare take onto a meld needs so many
 * naturals of the top card's rank in the hand (before the pile joins it);
 * they are shown, not melded, and stay in the hand. */
static bool onto_meld_naturals(engine_t *e, const stmt_t *st, int p, card_t top) {
  int need = e->rs->pile.take_onto_meld_naturals, rank = card_rank(top);
  unsigned held = cc_rank_count(&e->hand[p], rank);
  char b[4];
  if (need == 0) return true;
  if ((int)held < need)
    return eng_fail(e, st, st->verb_word.col, CODE_PILE_NO_MATCH, RK_PILE_TAKE_ONTO_MELD_NATURALS,
                    P_("the top card %s goes onto the team's meld only with %d natural %s in "
                       "the hand, %s holds %u",
                       "the top card %s goes onto the team's meld only with %d natural %s in "
                       "the hand, %s holds %u", need),
                    card_name(top, b), need, card_rank_noun(rank, need), e->player_name[p], held);
  eng_use(e, RK_PILE_TAKE_ONTO_MELD_NATURALS);
  return true;
}

/* The top card would join the sequence m, at either end or in a gap its
 * wild cards fill, within its size. */
static bool extends(engine_t *e, const meld_t *m, card_t top) {
  verdict_t scratch;
  meld_run_t run;
  return meld_row(e->kinds, m)->sequence && m->suit == card_suit(top) &&
         meld_judge_sequence(e->kinds, m->suit, (meld_run_t){m->ranks, m->wilds}, &top, 1, &run,
                             &scratch, NULL);
}

/* The top card may go onto the team meld m by itself: a set of its rank
 * where pile.take_onto_meld allows it, or (pile.take_onto_sequence) an
 * unfinished sequence of its suit it extends at either end. */
static bool may_join(engine_t *e, const meld_t *m, card_t top) {
  const ruleset_t *rs = e->rs;
  if (meld_row(e->kinds, m)->sequence) return rs->pile.take_onto_sequence && extends(e, m, top);
  bool canasta = meld_is_canasta(e->kinds, m);
  return m->rank == card_rank(top) && rs->pile.take_onto_meld != TAKE_ONTO_NEVER &&
         !(rs->pile.take_onto_meld == TAKE_ONTO_CANASTA && !canasta) &&
         !(rs->pile.take_onto_meld == TAKE_ONTO_UNFINISHED && canasta);
}

/* The team has a sequence the top card would extend (pile.take_onto_sequence
 * aside). */
static bool extends_a_sequence(engine_t *e, int team, card_t top) {
  for (int i = 0; i < e->nmelds; i++)
    if (e->melds[i].team == team && extends(e, &e->melds[i], top)) return true;
  return false;
}

/* Why no team meld takes the top card alone: the first rule that refuses it
 * the meld of its rank. */
static bool onto_refused(engine_t *e, const stmt_t *st, int p, card_t top) {
  const ruleset_t *rs = e->rs;
  int rank = card_rank(top);
  unsigned col = st->verb_word.col;
  char b[4];
  if (rs->pile.take_onto_meld == TAKE_ONTO_NEVER)
    return eng_fail(e, st, col, CODE_PILE_NO_MATCH, RK_PILE_TAKE_ONTO_MELD,
                    _("the top card %s must be melded with cards from the hand"), card_name(top, b));
  meld_t *m = eng_meld_by_rank(e, e->team_of[p], rank);
  if (!m && extends_a_sequence(e, e->team_of[p], top))
    return eng_fail(e, st, col, CODE_PILE_NO_MATCH, RK_PILE_TAKE_ONTO_SEQUENCE,
                    _("the top card %s never goes onto a sequence: it is melded with cards "
                      "from the hand"), card_name(top, b));
  if (!m)
    return eng_fail(e, st, col, CODE_PILE_NO_MATCH, RK_PILE_TAKE_ONTO_MELD,
                    _("the team has no meld %s for the top card %s"), card_rank_of(rank),
                    card_name(top, b));
  if (rs->pile.take_onto_meld == TAKE_ONTO_CANASTA)
    return eng_fail(e, st, col, CODE_PILE_NO_MATCH, RK_PILE_TAKE_ONTO_MELD,
                    _("the top card %s goes only onto a finished canasta"), card_name(top, b));
  return eng_fail(e, st, col, CODE_PILE_NO_MATCH, RK_PILE_TAKE_ONTO_MELD,
                  _("the top card %s never goes onto a finished canasta: the team's %s are one"),
                  card_name(top, b), card_rank_plural(rank));
}

/* pile.take_onto_sequence: the top card joins the sequence m it extends. */
static void onto_sequence(engine_t *e, meld_t *m, card_t top) {
  eng_use(e, RK_PILE_TAKE_ONTO_SEQUENCE);
  m->ranks |= 1u << card_rank(top);
  cc_add(&m->cards, top, 1);
  m->naturals++;
}

/* Of two team melds the top card may join, whether a is the better home:
 * a meld that is not yet a canasta before a canasta (which needs no more
 * cards), a set of its rank before a sequence, then more cards, then fewer
 * wild cards. Read from the melds, not their order, so that the order of a
 * turn's meld lines changes nothing (melds equal by these are equal for the
 * score). */
static bool better_home(const meld_kinds_t *k, const meld_t *a, const meld_t *b) {
  bool ca = meld_is_canasta(k, a), cb = meld_is_canasta(k, b);
  if (ca != cb) return !ca;
  bool sa = !meld_row(k, a)->sequence, sb = !meld_row(k, b)->sequence;
  if (sa != sb) return sa;
  if (a->cards.total != b->cards.total) return a->cards.total > b->cards.total;
  return a->wilds < b->wilds;
}

/* PILE-FROZEN: a frozen pile needs pile.unfreeze_naturals from the hand; the
 * sentence names the cause by freeze.c's table (the card that froze it, or
 * the player it is frozen for), the verdict cites the table's key. */
static bool frozen_needs(engine_t *e, const stmt_t *st, const pile_freeze_t *f, int rank,
                         unsigned nat) {
  char why[NAME_LEN + 128];
  int need = f->naturals;
  eng_freeze_why(e, f, why, sizeof why);
  return eng_fail(e, st, st->verb_word.col, CODE_PILE_FROZEN, f->verdict,
                  P_("%s: taking it needs %d natural %s from the hand, the take shows %u",
                     "%s: taking it needs %d natural %s from the hand, the take shows %u", need),
                  why, need, card_rank_noun(rank, need), nat);
}

/* pile.take_onto_sequence_frozen: a frozen pile's top card may still go
 * alone onto a team sequence it extends (sets need the natural pair). */
static bool frozen_onto_sequence(engine_t *e, int p, card_t top) {
  if (!e->rs->pile.take_onto_sequence_frozen || !e->rs->pile.take_onto_sequence) return false;
  if (!extends_a_sequence(e, e->team_of[p], top)) return false;
  eng_use(e, RK_PILE_TAKE_ONTO_SEQUENCE_FROZEN);
  return true;
}

/* pile.take_onto_meld, pile.take_onto_sequence: `take` alone puts the top
 * card on a team meld it may join, the best by better_home; from a frozen
 * pile only onto a sequence, and only with pile.take_onto_sequence_frozen. */
static bool take_onto_meld(engine_t *e, const stmt_t *st, int p, card_t top,
                           const pile_freeze_t *f) {
  int rank = card_rank(top);
  unsigned col = st->verb_word.col;
  bool frozen = f->cause != FREEZE_NONE;
  if (frozen && e->rs->pile.take_onto_sequence && !e->rs->pile.take_onto_sequence_frozen &&
      extends_a_sequence(e, e->team_of[p], top)) {
    char b[4], why[NAME_LEN + 128];
    eng_freeze_why(e, f, why, sizeof why);
    return eng_fail(e, st, col, CODE_PILE_FROZEN, RK_PILE_TAKE_ONTO_SEQUENCE_FROZEN,
                    _("%s: the top card %s goes onto a sequence only from a pile that is not "
                      "frozen"),
                    why, card_name(top, b));
  }
  if (frozen && !frozen_onto_sequence(e, p, top)) return frozen_needs(e, st, f, rank, 0);
  meld_t *m = NULL;
  for (int i = 0; i < e->nmelds; i++) {
    meld_t *o = &e->melds[i];
    if (frozen && !meld_row(e->kinds, o)->sequence) continue;
    if (o->team == e->team_of[p] && may_join(e, o, top) && (!m || better_home(e->kinds, o, m))) m = o;
  }
  if (!m) return onto_refused(e, st, p, top);
  if (meld_row(e->kinds, m)->sequence) {
    if (!onto_meld_naturals(e, st, p, top)) return false;
    onto_sequence(e, m, top);
    return true;
  }
  eng_join_t j = {.team = e->team_of[p], .onto = m, /* a natural of the meld's rank */
                  .cards = {.rank = rank, .naturals = 1}};
  if (!eng_judge_join(e, &j, &e->err, &e->uses)) return eng_judged(e, st, col);
  if (!onto_meld_naturals(e, st, p, top)) return false;
  eng_use(e, RK_PILE_TAKE_ONTO_MELD);
  cc_add(&m->cards, top, 1);
  m->naturals++;
  note_past_cap(e, st, m);
  return true;
}

/* A frozen pile taken with the naturals it needs: the rules that froze it. */
static void note_frozen_take(engine_t *e, const pile_freeze_t *f) {
  eng_use(e, RK_PILE_UNFREEZE_NATURALS);
  eng_use(e, f->rule);
}

/* pile.unfreeze_naturals, pile.take_naturals, pile.wild_discard_naturals:
 * `take C...` melds the top card with hand cards. */
static bool take_with_cards(engine_t *e, const stmt_t *st, int p, card_t top,
                            const pile_freeze_t *f) {
  const ruleset_t *rs = e->rs;
  int rank = card_rank(top);
  char b[4];
  mix_t m = meld_mix(e->kinds, st->cards, st->card_cols, st->ncards, rank);
  if (m.bad_col)
    return eng_fail(e, st, st->verb_word.col, CODE_PILE_NO_MATCH, RK_NONE,
                    _("the top card is %s: only %s and wild cards meld with it"), card_name(top, b),
                    card_rank_plural(rank));
  unsigned nat = m.naturals + m.black3;
  bool frozen = f->cause != FREEZE_NONE;
  if (frozen && (int)nat < f->naturals) return frozen_needs(e, st, f, rank, nat);
  int need = rs->pile.take_naturals;
  bool raised = e->wild_discarded && rs->pile.wild_discard_naturals > need;
  if (raised) need = rs->pile.wild_discard_naturals;
  if ((int)nat < need)
    return eng_fail(e, st, st->verb_word.col, CODE_PILE_NO_MATCH,
                    raised ? RK_PILE_WILD_DISCARD_NATURALS : RK_PILE_TAKE_NATURALS,
                    raised ? P_("a wild card was discarded this hand: taking the top card needs "
                                "%d natural %s from the hand, the take shows %u",
                                "a wild card was discarded this hand: taking the top card needs "
                                "%d natural %s from the hand, the take shows %u", need)
                           : P_("taking the top card needs %d natural %s from the hand, the take shows %u",
                                "taking the top card needs %d natural %s from the hand, the take shows %u",
                                need),
                    need, card_rank_noun(rank, need), nat);
  if (frozen) note_frozen_take(e, f);
  if (need > 0) eng_use(e, raised ? RK_PILE_WILD_DISCARD_NATURALS : RK_PILE_TAKE_NATURALS);
  m.naturals++; /* the top card */
  if (!judge_mix(e, st, &m)) return false;
  return form_set(e, st, p, top, &m);
}

/* PILE-EMPTY, PILE-BLOCKED, PILE-NO-MATCH, NOT-OPENED: whether the pile can
 * be taken at all, whatever the cards named. */
static bool may_take(engine_t *e, const stmt_t *st, int p, card_t *top) {
  const ruleset_t *rs = e->rs;
  unsigned col = st->verb_word.col;
  char b[4];
  if (e->npile == 0) return eng_fail(e, st, col, CODE_PILE_EMPTY, RK_NONE, _("the pile is empty"));
  *top = e->pile[e->npile - 1];
  unsigned k = rs_classes(rs, *top);
  if (k & rs->pile.blocked_by)
    return eng_fail(e, st, col, CODE_PILE_BLOCKED, RK_PILE_BLOCKED_BY,
                    _("the pile is topped by %s, %s: it cannot be taken"), card_name(*top, b),
                    class_name(k));
  if (!rs_is_natural(rs, *top))
    return eng_fail(e, st, col, CODE_PILE_NO_MATCH, RK_NONE,
                    _("the top card %s is not a natural card: nothing melds with it"),
                    card_name(*top, b));
  if (!e->team_opened[e->team_of[p]] && !rs->pile.opening_by_take)
    return eng_fail(e, st, col, CODE_NOT_OPENED, RK_PILE_OPENING_BY_TAKE,
                    _("the team must have opened before taking the pile"));
  return true;
}

/* The rest of the pile joins the taker's hand: all of it, or with
 * pile.take_count the cards under the top card that make up that count, the
 * others staying as the pile (and freezing it as they did). */
static void pile_to_hand(engine_t *e, int p) {
  unsigned count = (unsigned)e->rs->pile.take_count, from = 0;
  if (count > 0 && count < e->npile) {
    from = e->npile - count;
    eng_use(e, RK_PILE_TAKE_COUNT);
  }
  /* set_aside: some cards go aside; the common loop tests nothing more */
  if (e->sets_aside) eng_pile_aside(e, from);
  for (unsigned i = from; i + 1 < e->npile; i++) {
    cc_add(&e->hand[p], e->pile[i], 1);
    if (rs_is_bonus(e->rs, e->pile[i])) e->pile_red3++;
  }
  e->npile = from;
  bool cover = e->cover_frozen && from > 0; /* the covered upcard is the bottom card */
  e->pile_freezers = cover ? 1u : 0u;
  e->cover_frozen = cover;
  for (unsigned i = 0; i < from; i++)
    if (rs_freezes_pile(e->rs, e->pile[i])) e->pile_freezers++;
}

bool eng_act_take(engine_t *e, const stmt_t *st, int p) {
  const ruleset_t *rs = e->rs;
  int team = e->team_of[p];
  if (e->drawn)
    return eng_fail(e, st, st->verb_word.col, CODE_PHASE, RK_TURN_DRAW,
                    _("the pile is taken in place of the draw, not after it"));
  if (!eng_check_no_red3(e, st, p)) return false;
  if (rs->turn.meld_before_draw && !eng_judge_opening(e, p)) return false;
  card_t top = 0;
  if (!may_take(e, st, p, &top)) return false;
  pile_freeze_t f; /* frozen for p, and why (freeze.c); the rest is read only when frozen */
  f.cause = FREEZE_NONE;
  if (eng_freeze_holds(e, p)) eng_pile_freeze(e, p, &f);
  if (!eng_check_in_hand(e, st, p)) return false;
  /* turn.meld_before_draw: the take stands in place of the draw and is
   * followed by the taker's discard, nothing else: a take that would empty
   * the hand (a pile of one card taken with the last cards) leaves none.
   * Refused before any card moves, whatever the cards named. */
  unsigned joining = e->npile - 1 - (e->sets_aside ? eng_pile_asides(e) : 0); /* set_aside */
  if (rs->turn.meld_before_draw && e->hand[p].total + joining == st->ncards)
    return eng_fail(e, st, st->verb_word.col, CODE_PHASE, RK_TURN_MELD_BEFORE_DRAW,
                    _("%s takes the pile with the last cards of the hand: the take is followed "
                      "by a discard, and no card would be left for it"),
                    e->player_name[p]);
  if (!e->opened_before_turn) eng_mark(&e->first_meld, st);
  e->took_pile = true;
  if (!(st->ncards ? take_with_cards(e, st, p, top, &f) : take_onto_meld(e, st, p, top, &f)))
    return false;
  if (!e->team_opened[team]) eng_use(e, RK_PILE_OPENING_BY_TAKE);
  e->player_melded[p] = true;
  e->took_pile_once[p] = true;
  pile_to_hand(e, p);
  e->drawn = true;
  /* taken on: as a draw on (turn.c), the hand holds cards and the moment to
   * end it is past, the cards set aside still to state */
  e->empty_hand = false;
  return eng_after_meld(e, st, p);
}

/* ---- merging two sets of a rank -------------------------------------------- */

/* meld.merge: `merge #N #M` moves the cards of the team's set #M into #N; #M
 * is gone, its number not given again. The joined set obeys every set limit
 * (meld.max_wild, canasta.closed, ...). */
bool eng_act_merge(engine_t *e, const stmt_t *st, int p) {
  const ruleset_t *rs = e->rs;
  if (rs->meld.merge == MERGE_NEVER)
    return eng_fail(e, st, st->verb_word.col, CODE_MERGE, RK_MELD_MERGE,
                    _("melds are never merged in this game"));
  if (rs->meld.merge == MERGE_TURN && p != e->current)
    return eng_fail(e, st, st->key.col, CODE_OUT_OF_TURN, RK_MELD_MERGE,
                    _("melds are merged in one's own turn: it is %s's turn, not %s's"),
                    e->player_name[e->current], e->player_name[p]);
  if (rs->meld.merge == MERGE_TURN && !eng_may_meld(e, st)) return false;
  int team = e->team_of[p];
  meld_t *into = meld_named(e, st, team, st->ref_index);
  meld_t *from = into ? meld_named(e, st, team, st->ref2_index) : NULL;
  if (!from) return false;
  /* the joined set is what an add of from's cards onto into may make */
  eng_join_t join = eng_merge_join(into, from);
  if (!eng_judge_join(e, &join, &e->err, &e->uses)) return eng_judged(e, st, st->verb_word.col);
  meld_count_t c = meld_count(into, &join.cards);
  eng_use(e, RK_MELD_MERGE);
  for (card_t card = 0; card < CARD_KINDS; card++)
    if (from->cards.n[card]) cc_add(&into->cards, card, from->cards.n[card]);
  into->naturals = c.nat;
  into->wilds = c.wild;
  note_past_cap(e, st, into);
  into->hidden = false; /* no longer laid from the hand in one meld */
  int i = (int)(into - e->melds), j = (int)(from - e->melds);
  e->open[i].value += e->open[j].value;
  e->open[i].naturals += e->open[j].naturals;
  memmove(from, from + 1, (size_t)(e->nmelds - j - 1) * sizeof *from);
  memmove(&e->open[j], &e->open[j + 1], (size_t)(e->nmelds - j - 1) * sizeof e->open[0]);
  e->nmelds--;
  e->team_melds[team]--;
  return true;
}
