/* aside.c — set_aside: cards of a taken pile set aside, out of play, and
 * scored apart ("If the pack is taken and contains any black threes, they
 * are set aside, and are no longer in play"). At the take such cards go
 * from the pile to aside_due, never to the hand; the taker states them with
 * `aside C...` (any number of lines, in any order with the turn's melds)
 * before the turn ends; each team's count is scored by score.c. */
#include "engine_private.h"

#include <stdio.h>

#include "i18n.h"

/* The cards of cc written out, "3S 3C". */
static void cards_listed(const card_counts_t *cc, char *out, size_t len) {
  size_t used = 0;
  out[0] = '\0';
  for (card_t c = 0; c < CARD_KINDS && used < len; c++)
    for (unsigned k = 0; k < cc->n[c] && used < len; k++) {
      char b[4];
      used += (size_t)snprintf(out + used, len - used, "%s%s", used ? " " : "", card_name(c, b));
    }
}

/* The key a verdict on the cards still due names: that of its first card. */
static rule_key_t due_key(const engine_t *e) {
  for (card_t c = 0; c < CARD_KINDS; c++)
    if (e->aside_due.n[c]) return rs_aside_key(e->rs, c);
  return RK_SET_ASIDE;
}

static bool nothing_due(engine_t *e, const stmt_t *st, int p) {
  unsigned col = st->verb_word.col;
  if (!e->sets_aside)
    return eng_fail(e, st, col, CODE_SET_ASIDE, RK_SET_ASIDE,
                    _("cards of a taken pile are not set aside in the %s rules"), e->rs->name);
  if (!e->took_pile)
    return eng_fail(e, st, col, CODE_SET_ASIDE, RK_SET_ASIDE,
                    _("%s has taken no pile in this turn: only cards of a pile taken are set "
                      "aside"),
                    e->player_name[p]);
  return eng_fail(e, st, col, CODE_SET_ASIDE, RK_SET_ASIDE,
                  _("nothing is left to set aside: the pile %s took holds no other card that "
                    "is set aside"),
                  e->player_name[p]);
}

unsigned eng_pile_asides(const engine_t *e) {
  unsigned n = 0;
  for (unsigned i = 0; i + 1 < e->npile; i++) n += rs_aside_key(e->rs, e->pile[i]) != RK_NONE;
  return n;
}

void eng_pile_aside(engine_t *e, unsigned from) {
  if (e->npile == 0) return;
  unsigned kept = from, top = e->npile - 1;
  for (unsigned i = from; i < top; i++) {
    if (rs_aside_key(e->rs, e->pile[i]) != RK_NONE) cc_add(&e->aside_due, e->pile[i], 1);
    else e->pile[kept++] = e->pile[i];
  }
  e->pile[kept] = e->pile[top];
  e->npile = kept + 1;
}

/* The line's card i is not due: `due` is what its cards before i left; all
 * of them named, the sentence lists what was due at the line. */
static bool not_due(engine_t *e, const stmt_t *st, unsigned i, const card_counts_t *due) {
  char b[4], left[3 * 64];
  card_name(st->cards[i], b);
  cards_listed(due->total ? due : &e->aside_due, left, sizeof left);
  if (due->total == 0)
    return eng_fail(e, st, st->card_cols[i], CODE_SET_ASIDE, due_key(e),
                    _("%s is one card too many: the taken pile had only %s still to set aside"),
                    b, left);
  return eng_fail(e, st, st->card_cols[i], CODE_SET_ASIDE, due_key(e),
                  _("%s is not among the cards of the taken pile still to set aside (%s)"), b,
                  left);
}

bool eng_act_aside(engine_t *e, const stmt_t *st, int p) {
  if (e->aside_due.total == 0) return nothing_due(e, st, p);
  card_counts_t due = e->aside_due;
  for (unsigned i = 0; i < st->ncards; i++) {
    if (due.n[st->cards[i]] == 0) return not_due(e, st, i, &due);
    cc_take(&due, st->cards[i], 1);
  }
  int team = e->team_of[p];
  for (unsigned i = 0; i < st->ncards; i++) {
    cc_add(&e->set_aside, st->cards[i], 1);
    e->aside[team]++;
    eng_use(e, rs_aside_key(e->rs, st->cards[i]));
  }
  e->aside_due = due;
  return true;
}

bool eng_aside_missing(engine_t *e, const stmt_t *st, int p) {
  char left[3 * 64];
  cards_listed(&e->aside_due, left, sizeof left);
  return eng_fail(e, st, st->verb_word.col, CODE_SET_ASIDE, due_key(e),
                  P_("%s took a pile holding %s, which is set aside: it is stated with aside "
                     "before the turn ends",
                     "%s took a pile holding %s, which are set aside: they are stated with aside "
                     "before the turn ends",
                     e->aside_due.total),
                  e->player_name[p], left);
}
