/* whatif.c — what was legal instead of an illegal action (engine.h:
 * eng_instead), found by the engine's own judgement: the action is tried
 * again on a copy of the table as it found it, changed one way at a time
 * (other cards of the hand, fewer wild cards, more naturals), and only what
 * the engine accepts is said; and whether the pile could be taken at all
 * (eng_can_take), asked the same way. Nothing here knows a rule the stages
 * do not. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "engine_private.h"
#include "i18n.h"
#include "meld.h"

/* The action `st` with its cards replaced by cards[0..n), tried on a copy. */
static bool accepted(const engine_t *before, engine_t *scratch, stmt_t *try, const stmt_t *st,
                     int p, const card_t *cards, unsigned n) {
  *try = *st;
  try->ncards = n;
  for (unsigned i = 0; i < n; i++) {
    try->cards[i] = cards[i];
    try->card_cols[i] = st->verb_word.col + 1 + i;
  }
  eng_copy(scratch, before);
  return eng_action(scratch, try, p);
}

/* "8H 8D": cards as the record writes them. */
static void cards_text(const card_t *cards, unsigned n, char *out, size_t len) {
  size_t used = 0;
  out[0] = '\0';
  for (unsigned i = 0; i < n && used < len; i++) {
    char b[4];
    used += (size_t)snprintf(out + used, len - used, "%s%s", i ? " " : "", card_name(cards[i], b));
  }
}

/* A refused take: the smallest take from the hand the engine accepts (the
 * top card alone onto a meld, or with k naturals of its rank and w wild
 * cards), or that none would do. A pile frozen for p (the engine's answer,
 * eng_pile_freeze) refuses every take with fewer naturals than it needs:
 * those are not tried. */
static void instead_of_take(const engine_t *before, engine_t *scratch, stmt_t *try,
                            const stmt_t *st, int p, char *out, size_t len) {
  if (before->npile == 0) return;
  int rank = card_rank(before->pile[before->npile - 1]);
  card_t nat[MAX_CARDS], wild[MAX_CARDS], cards[MAX_CARDS];
  unsigned nn = 0, nw = 0;
  const card_counts_t *h = &before->hand[p];
  for (card_t c = 0; c < CARD_KINDS; c++)
    for (unsigned k = 0; k < h->n[c] && nn < MAX_CARDS / 2 && nw < MAX_CARDS / 2; k++) {
      if (rs_is_wild(before->rs, c)) wild[nw++] = c;
      else if (card_rank(c) == rank && !card_is_red3(c)) nat[nn++] = c;
    }
  pile_freeze_t f;
  eng_pile_freeze(before, p, &f);
  bool bare = before->rs->pile.take_onto_sequence_frozen; /* onto a sequence, frozen or not */
  unsigned fewest = f.cause != FREEZE_NONE && f.naturals > 0 && !bare ? (unsigned)f.naturals : 0;
  for (unsigned total = 0; total <= nn + nw; total++)
    for (unsigned w = 0; w <= total && w <= nw; w++) {
      unsigned k = total - w;
      if (k > nn || k < fewest) continue;
      memcpy(cards, nat, k * sizeof nat[0]);
      memcpy(cards + k, wild, w * sizeof wild[0]);
      if (!accepted(before, scratch, try, st, p, cards, k + w)) continue;
      char list[256];
      cards_text(cards, k + w, list, sizeof list);
      if (total == 0)
        snprintf(out, len, _("%s could take the pile with the top card alone, onto the team's "
                             "meld (\"take\")"),
                 before->player_name[p]);
      else
        snprintf(out, len, _("%s could take the pile with %s (\"take %s\")"),
                 before->player_name[p], list, list);
      return;
    }
  char naturals[64], wilds[64];
  snprintf(naturals, sizeof naturals, P_("%u natural %s", "%u natural %s", nn), nn,
           card_rank_noun(rank, (int)nn));
  snprintf(wilds, sizeof wilds, P_("%u wild card", "%u wild cards", nw), nw);
  snprintf(out, len, _("nothing: no cards of %s's hand could take the pile (in hand: %s, %s)"),
           before->player_name[p], naturals, wilds);
}

/* The set the cards of a meld or add form or join: the meld `add` names, else
 * the set meld.c makes of them (2s alone are a set of 2s where meld.wild_sets
 * has them). Its rank's cards are its naturals, whatever their kind. */
static int set_rank(const engine_t *e, const stmt_t *st, int p) {
  int index = st->ref_index;
  for (int i = 0; st->verb == V_ADD && i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    if (m->team != e->team_of[p]) continue;
    if (index ? m->number == index : m->rank == st->ref_rank) return m->rank;
  }
  return meld_mix(e->kinds, st->cards, NULL, st->ncards, -1).rank;
}

/* A meld or add of a kind that takes no wild card (meld.natural_ranks):
 * whether the naturals named, alone, were accepted. */
static void instead_of_no_wild(const engine_t *before, engine_t *scratch, stmt_t *try,
                               const stmt_t *st, int p, int rank, char *out, size_t len) {
  card_t nat[STMT_MAX_CARDS] = {0};
  unsigned nn = 0;
  for (unsigned i = 0; i < st->ncards && i < STMT_MAX_CARDS; i++)
    if (card_rank(st->cards[i]) == rank) nat[nn++] = st->cards[i];
  char list[256];
  cards_text(nat, nn, list, sizeof list);
  const char *what = card_rank_of(rank);
  if (nn == 0)
    snprintf(out, len, _("nothing with these cards: a meld %s takes no wild card"), what);
  else if (accepted(before, scratch, try, st, p, nat, nn))
    snprintf(out, len, _("a meld %s takes no wild card; %s alone would have been legal"), what,
             list);
  else
    snprintf(out, len, _("a meld %s takes no wild card, and %s alone would not have been legal"),
             what, list);
}

/* A meld or add with too many wild cards: the most the engine accepts with
 * the naturals named, and whether the hand's other naturals of the rank
 * would carry them all. */
static void instead_of_overflow(const engine_t *before, engine_t *scratch, stmt_t *try,
                                const stmt_t *st, int p, char *out, size_t len) {
  card_t nat[STMT_MAX_CARDS], wild[STMT_MAX_CARDS], cards[STMT_MAX_CARDS + MAX_CARDS];
  unsigned nn = 0, nw = 0;
  int rank = set_rank(before, st, p);
  if (rank >= 0 && !meld_set_row(before->kinds, rank)->wild) {
    instead_of_no_wild(before, scratch, try, st, p, rank, out, len);
    return;
  }
  for (unsigned i = 0; i < st->ncards && i < STMT_MAX_CARDS; i++) {
    if (card_rank(st->cards[i]) == rank) nat[nn++] = st->cards[i];
    else wild[nw++] = st->cards[i];
  }
  unsigned most = 0;
  for (unsigned w = nw; w-- > 0 && !most;) {
    memcpy(cards, nat, nn * sizeof nat[0]);
    memcpy(cards + nn, wild, w * sizeof wild[0]);
    if (w > 0 && accepted(before, scratch, try, st, p, cards, nn + w)) most = w;
  }
  /* the hand's naturals of that rank not named */
  card_counts_t left = before->hand[p];
  for (unsigned i = 0; i < st->ncards; i++) cc_take(&left, st->cards[i], 1);
  unsigned more = 0;
  for (card_t c = 0; rank >= 0 && c < CARD_KINDS; c++)
    for (unsigned k = 0; k < left.n[c] && more < MAX_CARDS; k++)
      if (card_rank(c) == rank && !card_is_red3(c)) cards[nn + nw + more++] = c;
  memcpy(cards, nat, nn * sizeof nat[0]);
  memcpy(cards + nn, wild, nw * sizeof wild[0]);
  char list[256];
  for (unsigned extra = 1; extra <= more; extra++) {
    card_t with[STMT_MAX_CARDS + MAX_CARDS];
    memcpy(with, cards, (nn + nw) * sizeof cards[0]);
    memcpy(with + nn + nw, cards + nn + nw, extra * sizeof cards[0]);
    if (!accepted(before, scratch, try, st, p, with, nn + nw + extra)) continue;
    cards_text(cards + nn + nw, extra, list, sizeof list);
    snprintf(out, len,
             P_("with the naturals named, at most %u wild card; adding %s from %s's hand would "
                "have carried all %u",
                "with the naturals named, at most %u wild cards; adding %s from %s's hand would "
                "have carried all %u", most),
             most, list, before->player_name[p], nw);
    return;
  }
  if (most)
    snprintf(out, len,
             P_("with the naturals named, at most %u wild card; no other natural in %s's hand "
                "would carry more",
                "with the naturals named, at most %u wild cards; no other natural in %s's hand "
                "would carry more", most),
             most, before->player_name[p]);
  else
    snprintf(out, len,
             P_("nothing with these naturals: %u wild card, and no other natural in %s's hand "
                "would carry one",
                "nothing with these naturals: %u wild cards, and no other natural in %s's hand "
                "would carry one", nw),
             nw, before->player_name[p]);
}

/* wild_meld.exclusive: the wild cards refused, added to the team's
 * unfinished meld of wild cards instead, when the engine accepts that. */
static void instead_of_exclusive(const engine_t *before, engine_t *scratch, stmt_t *try,
                                 const stmt_t *st, int p, char *out, size_t len) {
  card_t wild[STMT_MAX_CARDS];
  unsigned nw = 0;
  int index = 0;
  if (!meld_unfinished(before->kinds, before->melds, before->nmelds, before->team_of[p], false,
                       &index))
    return;
  for (unsigned i = 0; i < st->ncards && i < STMT_MAX_CARDS; i++)
    if (rs_is_wild(before->rs, st->cards[i])) wild[nw++] = st->cards[i];
  stmt_t add = *st;
  add.verb = V_ADD;
  add.ref_rank = -1;
  add.ref_index = index;
  if (!nw || !accepted(before, scratch, try, &add, p, wild, nw)) return;
  char list[256];
  cards_text(wild, nw, list, sizeof list);
  snprintf(out, len, _("add #%d %s: the wild cards to the team's unfinished meld of wild cards"),
           index, list);
}

/* A premature going out: what going out lacked, from the table it was
 * judged on (`after`), and what the player could still do at the table the
 * verdict's line found (`before`): keep a card and go on, or nothing, when
 * that line found a single card in the hand (the choice was at the line that
 * left it: going_out.c's last_card). */
static void instead_of_going_out(const engine_t *before, const engine_t *after, int p,
                                 const verdict_t *v, char *out, size_t len) {
  go_lack_t l = eng_going_out_lack(after, p);
  if (l.rule == RK_NONE || v->rule != l.rule) return;
  char lack[256];
  const char *lacked = eng_going_out_lacked(l.rule, l.need - l.have);
  if (lacked)
    snprintf(lack, sizeof lack, lacked, l.need - l.have, rule_key_name(l.rule), l.have, l.need);
  else
    snprintf(lack, sizeof lack, _("going out was not allowed then (%s)"), rule_key_name(l.rule));
  const char *name = before->player_name[p];
  unsigned held = before->hand[p].total;
  if (held > 1)
    snprintf(out, len, _("%s; %s could have kept a card and gone on"), lack, name);
  else if (held == 0 && before->empty_hand)
    snprintf(out, len, _("%s; %s could have drawn and gone on"), lack, name);
  else if (held == 1 && before->last_card.set)
    snprintf(out, len, _("%s; nothing else was legal here: %s held one card, and the choice was "
                         "at line %u, which left it"), lack, name, before->last_card.line);
  else
    snprintf(out, len, P_("%s; nothing else was legal here: %s held %u card, and the choice was "
                          "earlier",
                          "%s; nothing else was legal here: %s held %u cards, and the choice was "
                          "earlier", held), lack, name, held);
}

/* An opening below the minimum: what it needed and what the turn laid. */
static void instead_of_opening(const engine_t *after, int p, char *out, size_t len) {
  const ruleset_t *rs = after->rs;
  int team = after->team_of[p], need = eng_opening_need(after, team);
  long sum = 0, best = 0;
  for (int i = 0; i < after->nmelds; i++) {
    if (after->melds[i].team != team) continue;
    sum += after->open[i].value;
    if (after->open[i].value > best) best = after->open[i].value;
  }
  if (rs->opening.judged != OPENING_JUDGED_TURN)
    snprintf(out, len, _("the opening needed %d points in a meld judged alone"), need);
  else if (rs->opening.counts == OPEN_LARGEST_MELD)
    snprintf(out, len, _("the opening needed a meld of %d points; the largest was worth %ld"),
             need, best);
  else
    snprintf(out, len,
             _("the opening needed %d points; the turn's melds were worth %ld: %ld more, from "
               "the hand, would have opened"),
             need, sum, (long)need - sum);
}

/* Two melds p's team could merge at the table before the line, by the
 * join judgement a merge asks (eng_judge_join): their numbers, into first,
 * false when there are none. */
static bool mergeable_pair(const engine_t *e, int p, int *a, int *b) {
  verdict_t scratch;
  for (int i = 0; i < e->nmelds; i++)
    for (int j = 0; j < e->nmelds; j++) {
      const meld_t *x = &e->melds[i], *y = &e->melds[j];
      eng_join_t merge = eng_merge_join(x, y);
      if (x->team == e->team_of[p] && y->team == x->team &&
          eng_judge_join(e, &merge, &scratch, NULL)) {
        *a = x->number, *b = y->number;
        return true;
      }
    }
  return false;
}

/* A merge refused (meld.merge), or an add to a meld merged away: what the
 * rule allowed instead. */
static void instead_of_merge(const engine_t *before, const stmt_t *st, int p, const verdict_t *v,
                             char *out, size_t len) {
  const ruleset_t *rs = before->rs;
  int a, b;
  if (st->verb != V_MERGE)
    snprintf(out, len, _("nothing with #%d: a meld merged away is gone, its cards in the meld "
                         "it joined"), st->ref_index);
  else if (rs->meld.merge == MERGE_NEVER)
    snprintf(out, len, _("nothing: melds are never merged in this game; each set takes its own "
                         "adds"));
  else if (v->code == CODE_OUT_OF_TURN)
    snprintf(out, len, _("the same merge in %s's own turn, after the draw"),
             before->player_name[p]);
  else if (v->code == CODE_PHASE)
    snprintf(out, len, _("the same merge after %s's draw"), before->player_name[p]);
  else if (v->code == CODE_WILD_OVERFLOW)
    snprintf(out, len, _("nothing: the two sets stay apart, each within its wild cards"));
  else if (mergeable_pair(before, p, &a, &b))
    snprintf(out, len, _("a merge of two sets of one rank: #%d and #%d"), a, b);
  else
    snprintf(out, len, _("nothing: the team has no two sets of one rank to merge"));
}

/* A meld of wild cards of the wrong size (wild_meld.min_cards, .max_cards):
 * the bound is the ruleset's, the same whatever the cards, so it is said as
 * the size the meld needed. */
static void instead_of_wild_size(const engine_t *e, const verdict_t *v, char *out, size_t len) {
  if (v->rule == RK_WILD_MELD_MIN_CARDS)
    snprintf(out, len, _("a meld of %d wild cards or more, or the wild cards kept in the hand"),
             e->rs->wild_meld.min_cards);
  else
    snprintf(out, len, _("the wild cards kept in the hand or melded apart: a meld of wild cards "
                         "holds %d at most"),
             e->rs->wild_meld.max_cards);
}

void eng_instead(const engine_t *before, const engine_t *after, const stmt_t *st, int p,
                 char *out, size_t len) {
  out[0] = '\0';
  const verdict_t *v = &after->err;
  if (!before || st->kind != ST_ACTION || v->status != VERDICT_ILLEGAL) return;
  if (v->code == CODE_GO_OUT_REQUIREMENT && v->rule == RK_GOING_OUT_LAST_CARD) {
    /* going_out.last_card: discard: the same cards, one kept back for the discard */
    snprintf(out, len, _("%s could have kept one of these cards back and gone out by discarding it"),
             before->player_name[p]);
    return;
  }
  if (v->code == CODE_GO_OUT_REQUIREMENT) {
    instead_of_going_out(before, after, p, v, out, len);
    return;
  }
  if (v->rule == RK_OPENING_NATURAL_MELD) { /* opening.natural_meld: no count to reach */
    snprintf(out, len, _("the opening needed a meld of %d naturals from the hand, no wild card "
                         "among them, laid in the same turn"),
             after->rs->opening.natural_meld);
    return;
  }
  if (v->code == CODE_SPECIAL_HAND) {
    eng_special_instead(before, p, out, len);
    return;
  }
  if (v->code == CODE_OPENING_MINIMUM) {
    instead_of_opening(after, p, out, len);
    return;
  }
  if (v->rule == RK_MELD_MERGE || st->verb == V_MERGE) {
    instead_of_merge(before, st, p, v, out, len);
    return;
  }
  if (v->code == CODE_MELD_SIZE &&
      (v->rule == RK_WILD_MELD_MIN_CARDS || v->rule == RK_WILD_MELD_MAX_CARDS)) {
    instead_of_wild_size(before, v, out, len);
    return;
  }
  if (v->rule == RK_CANASTA_CLOSED) { /* canasta.closed: what the canasta still took */
    snprintf(out, len, v->code == CODE_WILD_OVERFLOW
                           ? _("natural cards only: a canasta takes no more wild cards here")
                           : _("a new meld of the rank: a canasta takes no more cards here"));
    return;
  }
  bool take = st->verb == V_TAKE && (v->code == CODE_PILE_FROZEN || v->code == CODE_PILE_NO_MATCH);
  bool overflow = (st->verb == V_MELD || st->verb == V_ADD) && v->code == CODE_WILD_OVERFLOW &&
                  v->line == st->line;
  if (!take && !overflow) return;
  /* tried in before's what-if space, made with it by eng_new */
  if (overflow && v->rule == RK_WILD_MELD_EXCLUSIVE)
    instead_of_exclusive(before, before->scratch, before->scratch_st, st, p, out, len);
  else if (take) instead_of_take(before, before->scratch, before->scratch_st, st, p, out, len);
  else instead_of_overflow(before, before->scratch, before->scratch_st, st, p, out, len);
}

/* ---- could the pile be taken? ---------------------------------------------- */

/* The cards of p's hand that can meld with a top card of `rank`: its
 * naturals, then its wild cards. */
static unsigned take_material(const engine_t *e, int p, int rank, card_t *nat, unsigned *nnat,
                              card_t *wild) {
  const card_counts_t *h = &e->hand[p];
  unsigned nw = 0;
  *nnat = 0;
  for (card_t c = 0; c < CARD_KINDS; c++)
    for (unsigned k = 0; k < h->n[c]; k++) {
      if (rs_is_wild(e->rs, c)) wild[nw++] = c;
      else if (card_rank(c) == rank && !card_is_red3(c)) nat[(*nnat)++] = c;
    }
  return nw;
}

/* Tries `take` with the first n cards of `cards` on a copy of e. */
static bool take_is_legal(const engine_t *e, engine_t *scratch, stmt_t *st, int p,
                          const card_t *cards, unsigned n) {
  st->ncards = n;
  for (unsigned i = 0; i < n; i++) {
    st->cards[i] = cards[i];
    st->card_cols[i] = 2 + i;
  }
  eng_copy(scratch, e);
  return eng_action(scratch, st, p);
}

/* Every shape of take the hand allows: the top card alone, or with k of its
 * naturals and w wild cards. Which copies are named does not matter to the
 * rules (a natural's suit, a wild card's kind), only how many. For a team that
 * has not opened, the take is judged, not whether the turn could then meet
 * the opening minimum. */
bool eng_can_take(const engine_t *e, int p) {
  if (e->dead || e->npile == 0) return false;
  engine_t *scratch = e->scratch; /* its what-if space (made by eng_new), not its state */
  stmt_t *st = e->scratch_st;
  assert(scratch && st);
  card_t nat[MAX_CARDS], wild[MAX_CARDS], cards[2 * MAX_CARDS];
  unsigned nnat, nw = take_material(e, p, card_rank(e->pile[e->npile - 1]), nat, &nnat, wild);
  st->kind = ST_ACTION;
  st->text = "";
  st->key.s = e->player_name[p];
  st->key.col = st->verb_word.col = 1;
  st->verb_word.s = "take";
  st->verb = V_TAKE;
  bool can = false;
  for (unsigned k = 0; k <= nnat && !can; k++)
    for (unsigned w = 0; w <= nw && !can; w++) {
      memcpy(cards, nat, k * sizeof nat[0]);
      memcpy(cards + k, wild, w * sizeof wild[0]);
      can = take_is_legal(e, scratch, st, p, cards, k + w);
    }
  return can;
}
