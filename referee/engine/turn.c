/* turn.c — the turn state machine: who may act, in which order, and the
 * actions that are not melding (red threes, draw, discard, asking to go out,
 * the foot, the end of the stock). Melding is melding.c's; the opening and
 * going out are going_out.c's. */
#include "engine_private.h"

#include <string.h>

#include "i18n.h"

void eng_start_turn(engine_t *e, int p) {
  e->current = p;
  e->turns[p]++;
  e->drawn = false;
  e->ask = ASK_NOT_ASKED;
  e->took_pile = false;
  e->top_uncounted = 0;
  e->replaced = false;
  /* where melding comes first, a hand the last turn's discard emptied is
   * empty in this turn's melding: the moment to end the hand (or draw on) */
  e->empty_hand = e->rs->turn.meld_before_draw && e->hand[p].total == 0 && !eng_foot_waits(e, p);
  e->pile_red3 = 0;
  e->pile_red3_laid = false;
  e->first_meld.set = false;
  e->black3_meld.set = false;
  e->past_cap.set = false;
  e->last_card.set = false;
  e->short_group.set = false;
  e->opening_groups = 0;
  e->melded_before_turn = e->player_melded[p];
  e->team_melded_before_turn = eng_team_meld_count(e, e->team_of[p]) > 0;
  e->opened_before_turn = e->team_opened[e->team_of[p]];
  e->own = e->hand[p];
  memset(e->open, 0, (size_t)e->nmelds * sizeof e->open[0]);
}

/* special_keep_three: one bonus three stays in the hand for a special hand
 * that holds it (a straight), while the team has not melded: through draws
 * and discards, and into the `show`; never more than one, and laid before
 * the team's first meld. */
static bool keep_three_ok(engine_t *e, const stmt_t *st, int p, unsigned held, card_t c) {
  char b[4];
  bool melded = eng_team_meld_count(e, e->team_of[p]) > 0;
  bool melds = st->verb != V_DRAW && st->verb != V_DISCARD && st->verb != V_SHOW;
  if (held == 1 && !melded && !melds) {
    eng_use(e, RK_SPECIAL_KEEP_THREE);
    return true;
  }
  if (held > 1)
    return eng_fail(e, st, st->verb_word.col, CODE_RED3_NOT_LAID, RK_SPECIAL_KEEP_THREE,
                    _("%s still holds %u threes: one at most stays in the hand, for a special "
                      "hand, the others are laid at once"),
                    e->player_name[p], held);
  if (!melded)
    return eng_fail(e, st, st->verb_word.col, CODE_RED3_NOT_LAID, RK_SPECIAL_KEEP_THREE,
                    _("%s still holds %s at this %s: a three kept for a special hand is laid "
                      "before the team's first meld"),
                    e->player_name[p], card_name(c, b), verb_name(st->verb));
  return eng_fail(e, st, st->verb_word.col, CODE_RED3_NOT_LAID, RK_SPECIAL_KEEP_THREE,
                  _("%s still holds %s after the team has melded: a three stays in the hand "
                    "only for a special hand, shown before the team melds"),
                  e->player_name[p], card_name(c, b));
}

/* RED3-NOT-LAID: a red three in the actor's hand when it should be on the
 * table (red_threes: laid at once; dealt ones before the first draw). */
bool eng_red3_held(engine_t *e, const stmt_t *st, int p, unsigned held) {
  card_t c = 0;
  for (int suit = 0; suit < 4 && !c; suit++)
    if (e->hand[p].n[card_make(RANK_3, suit)] && rs_is_bonus(e->rs, card_make(RANK_3, suit)))
      c = card_make(RANK_3, suit);
  if (e->rs->special_keep_three) return keep_three_ok(e, st, p, held, c);
  char b[4];
  if (!card_is_red3(c)) /* cards.bonus_threes: all */
    return eng_fail(e, st, st->verb_word.col, CODE_RED3_NOT_LAID, RK_CARDS_BONUS_THREES,
                    _("%s still holds %s: every three is a bonus card, laid at once, before "
                      "the turn goes on"),
                    e->player_name[p], card_name(c, b));
  return eng_fail(e, st, st->verb_word.col, CODE_RED3_NOT_LAID, RK_RED_THREES,
              _("%s still holds %s: a red three is laid at once, before the turn goes on"),
              e->player_name[p], card_name(c, b));
}

/* The turn's draw or take must come before melding (turn.meld_before_draw
 * says melding comes first instead). */
bool eng_may_meld(engine_t *e, const stmt_t *st) {
  bool before = e->rs->turn.meld_before_draw;
  if (!before && !e->drawn)
    return eng_fail(e, st, st->verb_word.col, CODE_PHASE, RK_TURN_MELD_BEFORE_DRAW,
                e->replaced ? _("%s before drawing: the draw after the red three was its "
                              "replacement, the turn's own draw is missing"): _("%s before drawing: a turn starts with the draw or the pile"),
                verb_name(st->verb));
  if (before && e->drawn)
    return eng_fail(e, st, st->verb_word.col, CODE_PHASE, RK_TURN_MELD_BEFORE_DRAW,
                e->took_pile ? _("%s after taking the pile: melding comes before the draw")
                             : _("%s after drawing: melding comes before the draw"),
                verb_name(st->verb));

  if (e->ask == ASK_WAITING)
    return eng_fail(e, st, st->verb_word.col, CODE_PHASE, RK_GOING_OUT_ASK,
                _("the partner has not answered yet"));
  if (!e->first_meld.set && !e->opened_before_turn) eng_mark(&e->first_meld, st);
  if (before) eng_use(e, RK_TURN_MELD_BEFORE_DRAW);
  return true;
}

/* end.last_red3_ends: a red three drawn from the stock in this turn (the
 * draw or a replacement) laid when the stock is empty, no replacement still
 * due: nothing can replace it, and the hand ends at once, without a meld or
 * a discard (false, the default, plays the turn on). */
static void red3_unreplaced(engine_t *e, int p) {
  if (!e->rs->end.last_red3_ends || p != e->current || e->took_pile || e->owed > 0 ||
      e->stock.total > 0 || !(e->drawn || e->replaced))
    return;
  eng_use(e, RK_END_LAST_RED3_ENDS);
  e->over = e->stock_out = true;
}

static bool act_red3(engine_t *e, const stmt_t *st, int p) {
  card_t c = st->cards[0];
  char b[4];
  if (e->rs->cards.bonus_threes == BONUS_THREES_NONE)
    return eng_fail(e, st, st->verb_word.col, CODE_MELD_RANK, RK_CARDS_BONUS_THREES,
                    _("threes are no bonus cards in the %s rules: nothing is laid with red3"),
                    e->rs->name);
  if (e->rs->cards.bonus_threes == BONUS_THREES_ALL && card_rank(c) == RANK_3)
    eng_use(e, RK_CARDS_BONUS_THREES);
  else if (!card_is_red3(c))
    return eng_fail(e, st, st->card_cols[0], CODE_MELD_RANK, RK_RED_THREES,
                _("%s is not a red three: only 3H and 3D are laid with red3"), card_name(c, b));
  if (!eng_check_in_hand(e, st, p)) return false;
  cc_take(&e->hand[p], c, 1);
  if (p == e->current) cc_take(&e->own, c, 1);
  e->red_threes[e->team_of[p]]++;
  if (!card_is_red3(c)) e->black_threes[e->team_of[p]]++;
  cc_add(&e->laid_red3, c, 1);
  if (p == e->current && e->pile_red3 > 0) {
    /* red_threes.replace_from_pile: one from the taken pile may be replaced */
    e->pile_red3--;
    if (e->rs->red_threes.replace_from_pile) eng_use(e, RK_RED_THREES_REPLACE_FROM_PILE);
    if (!e->rs->red_threes.replace_from_pile) {
      e->pile_red3_laid = true;
      return true;
    }
  }
  if (e->stock.total > (unsigned)e->owed) {
    e->owed_player = p;
    e->owed++;
  } else {
    red3_unreplaced(e, p);
  }
  return true;
}

static bool replacement_draw(engine_t *e, const stmt_t *st, int p) {
  if (st->ncards != 1)
    return eng_fail(e, st, st->verb_word.col, CODE_DRAW_COUNT, RK_RED_THREES,
                _("%u cards drawn: a red three's replacement is one card, drawn on its own line"),
                st->ncards);
  if (!eng_take_from_stock(e, st, p)) return false;
  if (p == e->current) e->replaced = true;
  e->owed -= (int)st->ncards;
  if (e->owed == 0) e->owed_player = -1;
  return true;
}

/* end.last_three_stays: a bonus three among the stock's last cards drawn
 * ends the hand there, before it is laid: nothing could replace it, and it
 * stays in the hand (red_threes.in_hand scores it). */
static void last_three_stays(engine_t *e, const stmt_t *st) {
  if (!e->rs->end.last_three_stays || e->stock.total > 0) return;
  for (unsigned i = 0; i < st->ncards; i++)
    if (rs_is_bonus(e->rs, st->cards[i])) {
      eng_use(e, RK_END_LAST_THREE_STAYS);
      e->over = e->stock_out = true;
      return;
    }
}

static bool act_draw(engine_t *e, const stmt_t *st, int p) {
  if (e->owed_player == p && e->owed > 0) return replacement_draw(e, st, p);
  if (e->drawn) {
    if (e->pile_red3_laid)
      return eng_fail(e, st, st->verb_word.col, CODE_RED3_REPLACEMENT, RK_RED_THREES,
                  _("a red three from the pile is not replaced"));
    return eng_fail(e, st, st->verb_word.col, CODE_PHASE, RK_TURN_DRAW,
                _("a second draw in one turn"));
  }
  if (!eng_check_no_red3(e, st, p)) return false;
  if (e->rs->turn.meld_before_draw && !eng_judge_opening(e, p)) return false;
  unsigned want = (unsigned)e->rs->turn.draw;
  if (want > e->stock.total) want = e->stock.total;
  if (want == 0)
    return eng_fail(e, st, st->verb_word.col, CODE_STOCK_MISMATCH, RK_END_STOCK_EMPTY,
                _("the stock is empty"));
  if (st->ncards != want)
    return eng_fail(e, st, st->verb_word.col, CODE_DRAW_COUNT, RK_TURN_DRAW,
                P_("%u card drawn, the draw takes %u", "%u cards drawn, the draw takes %u",
                   st->ncards),
                st->ncards, want);
  if (!eng_take_from_stock(e, st, p)) return false;
  eng_use(e, RK_TURN_DRAW);
  e->drawn = true;
  e->empty_hand = false; /* drawn on: the hand holds cards, the moment to end is past */
  last_three_stays(e, st);
  return true;
}


/* A turn that ends without going out (a discard that keeps cards, or `end`
 * at the empty stock after melding first, turn.meld_before_draw): its
 * melding is judged now, at its first meld's line: the opening minimum,
 * black threes melded only to go out, a meld past meld.max_cards. */
static inline bool judge_turn_melding(engine_t *e, int p) {
  if (!eng_judge_opening(e, p)) return false;
  if (e->black3_meld.set)
    return eng_fail_mark(e, &e->black3_meld, p, CODE_MELD_THREE, RK_MELD_BLACK_THREES,
                         _("black threes are melded only when going out, and %s did not go out"),
                         e->player_name[p]);
  return !e->past_cap.set || eng_fail_past_cap(e, p);
}
/* discard.not_on_empty: "When the discard pile is empty ... it is illegal to
 * discard an ace or a seven, unless these are the only natural cards you
 * have"; discard.wild_last_resort: a wild card is discarded only when
 * "a player has no other alternative". c is still in p's hand. */
static bool judge_bans(engine_t *e, const stmt_t *st, int p, card_t c);

static bool judge_discard(engine_t *e, const stmt_t *st, int p, card_t c) {
  const ruleset_t *rs = e->rs;
  bool listed = e->npile == 0 && rs->discard.not_on_empty[card_rank(c)] && rs_is_natural(rs, c);
  bool wild = rs->discard.wild_last_resort && rs_is_wild(rs, c);
  if (!listed && !wild) return rs->discard.nforbidden == 0 || judge_bans(e, st, p, c);
  card_t other = c;
  for (card_t k = 0; k < CARD_KINDS && other == c; k++)
    if (e->hand[p].n[k] && (wild ? !rs_is_wild(rs, k)
                                 : rs_is_natural(rs, k) && !rs->discard.not_on_empty[card_rank(k)]))
      other = k;
  char b[4], o[4];
  if (other != c)
    return eng_fail(e, st, st->card_cols[0], CODE_DISCARD_FORBIDDEN,
                    wild ? RK_DISCARD_WILD_LAST_RESORT : RK_DISCARD_NOT_ON_EMPTY,
                    wild ? _("%s is a wild card, discarded only when nothing else can be: %s "
                             "holds %s")
                         : _("%s is not discarded onto an empty pile while %s holds another "
                             "natural card, %s"),
                    card_name(c, b), e->player_name[p], card_name(other, o));
  eng_use(e, wild ? RK_DISCARD_WILD_LAST_RESORT : RK_DISCARD_NOT_ON_EMPTY);
  return rs->discard.nforbidden == 0 || judge_bans(e, st, p, c);
}

/* discard.forbidden: a card of an entry's ranks or classes is not
 * discarded while the entry's condition holds of the player and team ("You
 * cannot discard a 7 until you or your partner has made a canasta of 7s").
 * c is still in p's hand (the going-out discard: {hand: {max: 1}}). */
static bool judge_bans(engine_t *e, const stmt_t *st, int p, card_t c) {
  const ruleset_t *rs = e->rs;
  for (int i = 0; i < rs->discard.nforbidden; i++) {
    const rs_discard_ban_t *b = &rs->discard.forbidden[i];
    if (!b->ranks[card_rank(c)] && !(rs_classes(rs, c) & b->classes)) continue;
    if (!eng_holds(e, &b->when, e->team_of[p], p)) {
      eng_use(e, RK_DISCARD_FORBIDDEN); /* a listed card, discarded once allowed */
      continue;
    }
    char name[4], when[256];
    cond_format(&b->when, when, sizeof when);
    return eng_fail(e, st, st->card_cols[0], CODE_DISCARD_FORBIDDEN, RK_DISCARD_FORBIDDEN,
                    _("%s is not discarded while %s holds of %s and the team"),
                    card_name(c, name), when, e->player_name[p]);
  }
  return true;
}

static bool act_discard(engine_t *e, const stmt_t *st, int p) {
  card_t c = st->cards[0];
  if (!e->drawn)
    return eng_fail(e, st, st->verb_word.col, CODE_PHASE, RK_TURN_DRAW,
                e->replaced ? _("a discard before drawing: the draw after the red three was its "
                              "replacement, the turn's own draw is missing"): _("a discard before drawing: a turn starts with the draw or the pile"));
  if (e->ask == ASK_WAITING)
    return eng_fail(e, st, st->verb_word.col, CODE_PHASE, RK_GOING_OUT_ASK,
                _("the partner has not answered yet"));
  if (!eng_check_in_hand(e, st, p) || !eng_check_no_red3(e, st, p) ||
      !eng_aside_stated(e, st, p) || !judge_discard(e, st, p, c))
    return false;
  bool stock_out = e->ask == ASK_NO && e->stock.total == 0;
  /* a discard that empties the hand with a packet due is no going out */
  if (e->hand[p].total == 1 && !stock_out && !eng_bonus_waits(e, p) &&
      !eng_judge_last_discard(e, p))
    return false;
  cc_take(&e->hand[p], c, 1);
  cc_take(&e->own, c, 1);
  if (e->rs->foot.walking && eng_foot_waits(e, p)) e->walker = p; /* its foot may come now */
  if (e->hand[p].total == 0 && stock_out) {
    /* refused, the player drew the stock's last card and discards it: the
     * hand ends by the empty stock, not by going out */
    e->over = e->stock_out = true;
  } else if (e->hand[p].total == 0 && !e->rs->turn.meld_before_draw && !eng_foot_waits(e, p) &&
             !eng_bonus_waits(e, p)) {
    /* where melding comes first, the discard that empties the hand (after a
     * take that left one card) ends nothing: play goes on, and the player
     * may end at the next turn, the hand empty while melding */
    if (!eng_judge_going_out(e, st, p)) return false;
    /* the way going_out.last_card allows, whichever value it has */
    eng_use(e, RK_GOING_OUT_LAST_CARD);
  } else {
    if (e->hand[p].total == 0 && e->rs->going_out.foot) eng_use(e, RK_GOING_OUT_FOOT);
    if (!judge_turn_melding(e, p)) return false;
    if (e->ask == ASK_YES)
      return eng_fail(e, st, st->verb_word.col, CODE_GO_OUT_PERMISSION, RK_GOING_OUT_ASK,
                  P_("the partner answered yes: %s must go out this turn, %u card left",
                     "the partner answered yes: %s must go out this turn, %u cards left",
                     e->hand[p].total),
                  e->player_name[p], e->hand[p].total);
  }
  eng_push_pile(e, c);
  if (card_is_red3(c)) eng_use(e, RK_CARDS_BONUS_THREES); /* none: a red three discarded */
  if (rs_is_wild(e->rs, c)) e->wild_discarded = true; /* pile.wild_discard_naturals */
  if (rs_blocks_pile(e->rs, c)) eng_use(e, RK_PILE_BLOCKED_BY);
  if (e->over) return true;
  eng_bonus_after_discard(e, p);
  eng_start_turn(e, (p + 1) % e->nplayers);
  /* end.stock_empty: at_once ends the hand when a turn starts on an empty stock */
  if (e->rs->end.stock_empty == STOCK_EMPTY_AT_ONCE && e->stock.total == 0) {
    eng_use(e, RK_END_STOCK_EMPTY);
    e->over = e->stock_out = true;
  }
  return true;
}

static bool act_ask(engine_t *e, const stmt_t *st, int p) {
  unsigned col = st->verb_word.col;
  if (e->rs->going_out.ask == ASK_NONE)
    return eng_fail(e, st, col, CODE_PHASE, RK_GOING_OUT_ASK, _("asking to go out is not part of this game"));
  if (eng_partner_count(e, p) == 0)
    return eng_fail(e, st, col, CODE_PHASE, RK_GOING_OUT_ASK, _("%s has no partner to ask"),
                e->player_name[p]);
  if (e->rs->turn.meld_before_draw && !e->empty_hand)
    return eng_fail(e, st, col, CODE_PHASE, RK_GOING_OUT_ASK,
                P_("asking to end comes when the hand is empty, %u card left",
                   "asking to end comes when the hand is empty, %u cards left", e->hand[p].total),
                e->hand[p].total);
  if (!e->drawn && !e->empty_hand)
    return eng_fail(e, st, col, CODE_PHASE, RK_GOING_OUT_ASK, _("asking comes after the draw"));
  if (e->ask != ASK_NOT_ASKED)
    return eng_fail(e, st, col, CODE_PHASE, RK_GOING_OUT_ASK, _("%s already asked this turn"),
                e->player_name[p]);
  if (!eng_check_no_red3(e, st, p)) return false;
  if (e->empty_hand && !eng_may_end_early(e, st, p)) return false;
  e->ask = ASK_WAITING;
  return true;
}

static bool act_answer(engine_t *e, const stmt_t *st, int p) {
  int c = e->current;
  if (e->ask != ASK_WAITING)
    return eng_fail(e, st, st->verb_word.col, CODE_PHASE, RK_GOING_OUT_ASK,
                _("nobody asked to go out"));
  if (p == c || e->team_of[p] != e->team_of[c])
    return eng_fail(e, st, st->key.col, CODE_OUT_OF_TURN, RK_GOING_OUT_ASK,
                _("only a partner of %s answers"), e->player_name[c]);
  e->ask = st->verb == V_YES ? ASK_YES : ASK_NO;
  eng_use(e, RK_GOING_OUT_ASK);
  if (e->empty_hand && e->ask == ASK_YES) eng_went_out(e, c);
  return true;
}

/* The foot joins p's hand; its cards count as the player's own (a walker's
 * from her next turn, when the turn's own cards are counted afresh). */
static void pick_up_foot(engine_t *e, int p) {
  for (card_t c = 0; c < CARD_KINDS; c++) {
    cc_add(&e->hand[p], c, e->foot[p].n[c]);
    if (p == e->current) cc_add(&e->own, c, e->foot[p].n[c]);
  }
  cc_clear(&e->foot[p]);
  e->has_foot[p] = false;
}

/* foot.after: the condition the foot waits for does not hold yet. */
static bool foot_not_yet(engine_t *e, const stmt_t *st, int p) {
  char when[256];
  cond_format(&e->rs->foot.after, when, sizeof when);
  return eng_fail(e, st, st->verb_word.col, CODE_FOOT, RK_FOOT_AFTER,
                  _("%s's foot waits until %s holds of her and the team"), e->player_name[p], when);
}

/* When the foot may be picked up is eng_foot_now's: foot.when: opened, once
 * the team has opened (this turn's melding counts: it is judged when the
 * melding is over); hand_empty, once the hand is used up, opened or not —
 * and, with foot.walking, right after the discard that used it up, before
 * the next player acts (held, not played from, until her next turn). */
static bool act_foot(engine_t *e, const stmt_t *st, int p) {
  unsigned col = st->verb_word.col;
  if (e->rs->foot.size == 0)
    return eng_fail(e, st, col, CODE_FOOT, RK_FOOT_SIZE, _("the %s rules have no foot"), e->rs->name);
  foot_now_t now = eng_foot_now(e, p);
  if (now == FOOT_NONE)
    return eng_fail(e, st, col, CODE_FOOT, RK_FOOT_SIZE, _("%s has already picked up the foot"),
                e->player_name[p]);
  if (now == FOOT_HAND_HELD)
    return eng_fail(e, st, col, CODE_FOOT, RK_FOOT_WHEN,
                    P_("%s still holds %u card: the foot is picked up when the hand is used up",
                       "%s still holds %u cards: the foot is picked up when the hand is used up",
                       e->hand[p].total),
                    e->player_name[p], e->hand[p].total);
  if (now == FOOT_UNOPENED)
    return eng_fail(e, st, col, CODE_NOT_OPENED, RK_FOOT_SIZE,
                _("the team has not opened: the foot is picked up after the opening"));
  if (now == FOOT_NOT_YET) return foot_not_yet(e, st, p);
  eng_use(e, RK_FOOT_WHEN);
  if (e->rs->foot.after.tests) eng_use(e, RK_FOOT_AFTER);
  if (p == e->walker) eng_use(e, RK_FOOT_WALKING);
  if (!eng_check_no_red3(e, st, p)) return false;
  pick_up_foot(e, p);
  e->walker = -1;
  eng_use(e, RK_FOOT_SIZE);
  return true;
}

/* end.must_take_foot: with_foot — could p take the pile with the foot in the
 * hand? (Its red threes would be laid first, with no replacement to draw.) */
static bool can_take_with_foot(engine_t *e, int p) {
  engine_t *with = e->scratch; /* its what-if space, made by eng_new */
  eng_copy(with, e);
  pick_up_foot(with, p);
  for (int suit = 0; suit < 4; suit++) {
    card_t c = card_make(RANK_3, suit);
    if (rs_is_bonus(e->rs, c)) cc_take(&with->hand[p], c, with->hand[p].n[c]);
  }
  return eng_can_take(with, p); /* on with's own what-if space */
}

/* end.stock_empty: must_take binds an opened team, one that has not opened
 * where end.must_take_unopened says so, and a player whose foot is still
 * down as end.must_take_foot says: judged by the hand (hand), not bound
 * (exempt), or by the hand and the foot, which an opened team may pick up
 * before taking (with_foot). */
static bool must_take(engine_t *e, const stmt_t *st, int p) {
  const rs_end_t *end = &e->rs->end;
  bool opened = e->team_opened[e->team_of[p]];
  if (end->stock_empty != STOCK_EMPTY_MUST_TAKE || !(opened || end->must_take_unopened))
    return true;
  bool foot_down = e->has_foot[p] && end->must_take_foot != MUST_TAKE_FOOT_HAND;
  if (foot_down && end->must_take_foot == MUST_TAKE_FOOT_EXEMPT) {
    eng_use(e, RK_END_MUST_TAKE_FOOT);
    return true;
  }
  /* a player holding cards under foot.when: hand_empty may not pick the
   * foot up to take; an empty hand picks it up before `end` (eng_action) */
  bool with_foot = foot_down && eng_foot_now(e, p) == FOOT_MAY, by_foot = false;
  bool can = eng_can_take(e, p);
  if (!can && with_foot) can = by_foot = can_take_with_foot(e, p);
  if (can)
    return eng_fail(e, st, st->verb_word.col, CODE_END_EARLY,
                    by_foot  ? RK_END_MUST_TAKE_FOOT
                    : opened ? RK_END_STOCK_EMPTY
                             : RK_END_MUST_TAKE_UNOPENED,
                    by_foot ? _("the stock is empty but %s can take the pile with the foot "
                                "picked up: play goes on")
                            : _("the stock is empty but %s can take the pile: play goes on"),
                    e->player_name[p]);
  if (!opened) eng_use(e, RK_END_MUST_TAKE_UNOPENED);
  if (with_foot) eng_use(e, RK_END_MUST_TAKE_FOOT);
  return true;
}

/* end.stock_empty: the hand ends when the stock is empty. */
static bool act_end(engine_t *e, const stmt_t *st, int p) {
  if (e->empty_hand) {
    bool partners = eng_partner_count(e, p) > 0;
    /* going_out.ask: the answer, once asked, binds; required: a player with
     * partners ends only by asking; optional: `end` may decide alone */
    if (e->ask == ASK_NO)
      return eng_fail(e, st, st->verb_word.col, CODE_GO_OUT_PERMISSION, RK_GOING_OUT_ASK,
                      _("%s ends the hand although the partner answered no"), e->player_name[p]);
    if (e->rs->going_out.ask == ASK_REQUIRED && partners)
      return eng_fail(e, st, st->verb_word.col, CODE_GO_OUT_PERMISSION, RK_GOING_OUT_ASK,
                  _("%s ends the hand without asking the partners"), e->player_name[p]);
    if (!eng_may_end_early(e, st, p)) return false;
    if (partners && e->rs->going_out.ask == ASK_OPTIONAL) eng_use(e, RK_GOING_OUT_ASK);
    eng_went_out(e, p);
    return true;
  }
  if (e->stock.total > 0)
    return eng_fail(e, st, st->verb_word.col, CODE_END_EARLY, RK_END_STOCK_EMPTY,
                P_("the stock still holds %u card", "the stock still holds %u cards", e->stock.total),
                e->stock.total);
  if (e->drawn)
    return eng_fail(e, st, st->verb_word.col, CODE_PHASE, RK_END_STOCK_EMPTY,
                _("end comes at the start of a turn, in place of the draw"));
  if (!judge_turn_melding(e, p)) return false; /* melded first: its line's verdict */
  if (!must_take(e, st, p)) return false;
  eng_use(e, RK_END_STOCK_EMPTY);
  e->over = true;
  return true;
}

/* Before the first turn, seats lay their dealt red threes in turn order
 * from the first player (who may also lay them at the start of the turn). */
static bool pregame_in_order(engine_t *e, int p) {
  /* red_threes.dealt_order: from the first player (turn), or from seat 0 (seat) */
  int first = e->rs->red_threes.dealt_order == DEALT_ORDER_SEAT ? 0 : e->current;
  int n = e->nplayers;
  int at = (p - first + n) % n;
  int last = e->pregame_seat < 0 ? 0 : (e->pregame_seat - first + n) % n;
  if (at < last) return false;
  e->pregame_seat = p;
  return true;
}

/* Who may act now (the verb's row in verbs.def): the player to act, a
 * partner answering, the seat owed a red three's replacement, or (before the
 * first turn) a seat laying its dealt red threes. */
static bool check_actor(engine_t *e, const stmt_t *st, int p) {
  const verb_info_t *v = &verb_table[st->verb];
  if (e->owed > 0 && e->owed_player >= 0 && !(p == e->owed_player && (v->phases & PHASE_OWED)))
    return eng_fail(e, st, st->verb_word.col, CODE_RED3_REPLACEMENT, RK_RED_THREES,
                _("%s laid a red three and draws its replacement before anything else"),
                e->player_name[e->owed_player]);
  bool seats = e->rs->red_threes.dealt_order == DEALT_ORDER_SEAT;
  bool dealt = e->pregame && v->who == WHO_SEATS;
  if (seats && dealt && !pregame_in_order(e, p))
    return eng_fail(e, st, st->key.col, CODE_OUT_OF_TURN, RK_RED_THREES_DEALT_ORDER,
                    _("dealt red threes are laid in seat order: %s comes before %s"),
                    e->player_name[p], e->player_name[e->pregame_seat]);
  if (seats && dealt) eng_use(e, RK_RED_THREES_DEALT_ORDER);
  if (v->who == WHO_ANYONE || v->who == WHO_TEAM || p == e->current) return true;
  if (p == e->walker && st->verb == V_FOOT) return true; /* walking: act_foot */
  if (e->ask == ASK_WAITING)
    return eng_fail(e, st, st->verb_word.col, CODE_PHASE, RK_GOING_OUT_ASK,
                _("%s asked to go out: a partner answers first"), e->player_name[e->current]);
  if (dealt && !pregame_in_order(e, p))
    return eng_fail(e, st, st->key.col, CODE_OUT_OF_TURN, RK_RED_THREES,
                _("dealt red threes are laid seat by seat, in turn order: %s comes before %s"),
                e->player_name[p], e->player_name[e->pregame_seat]);
  if (dealt) return true;
  if (e->owed_player == p && v->who == WHO_OWED) return true;
  if (e->bonus_player == p && v->who == WHO_BONUS) return true;
  if (e->drawn && p == (e->current + 1) % e->nplayers)
    return eng_fail(e, st, st->key.col, CODE_DISCARD_MISSING, RK_NONE,
                _("%s's turn ended without a discard"), e->player_name[e->current]);
  if (v->who == WHO_BONUS) return eng_bonus_not_due(e, st, p);
  return eng_fail(e, st, st->key.col, CODE_OUT_OF_TURN, RK_NONE, _("it is %s's turn, not %s's"),
              e->player_name[e->current], e->player_name[p]);
}

/* Each verb's handler, from its row in verbs.def: a switch made from the
 * rows rather than a table of pointers, so that the compiler calls each
 * handler directly and may inline it (the indirect call cost about 13
 * instructions an action, callgrind). Itself always inlined into
 * eng_action: as a call of its own it saved and restored registers again
 * at every action (17 instructions, callgrind). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline bool dispatch(engine_t *e, const stmt_t *st, int p) {
  switch (st->verb) {
#define VERB(id, spelling, min, max, ref, who, phases, handler) \
    case V_##id: return handler(e, st, p);
#include "verbs.def"
#undef VERB
    case V_COUNT: break;
  }
  return false;
}

bool eng_action(engine_t *e, const stmt_t *st, int p) {
  if (e->dead || st->verb >= V_COUNT) return false;
  const verb_info_t *v = &verb_table[st->verb];
  e->line = st->line;
  /* the test before the call: eng_setup_done saves registers before it
   * tests the flag, on every action (about 20 instructions, callgrind) */
  if (!e->setup_done && !eng_setup_done(e, st->line, st->key.col, st->text)) return false;
  if (e->over && e->stock_out && (v->phases & PHASE_OVER) && p == e->current) {
    e->stock_out = false; /* an explicit `end` after the stock ran out is welcome, once */
    return true;
  }
  if (e->over)
    return eng_fail(e, st, st->verb_word.col, CODE_HAND_OVER, RK_NONE,
                e->stock_out ? _("the hand is over: the stock is empty"): _("the hand is over"));
  /* the player to act, nothing owed, the dealt red threes laid: the common
   * case, which check_actor would also let through, without its call */
  if (e->bonus_player >= 0 && !eng_bonus_pass(e, st, p)) return false;
  if (p != e->walker) e->walker = -1; /* anyone else acting ends the walk's moment */
  bool common = p == e->current && e->owed == 0 && !e->pregame;
  if (!common && !check_actor(e, st, p)) return false;

  if (e->ask == ASK_WAITING && !(v->phases & PHASE_ASKED))
    return eng_fail(e, st, st->verb_word.col, CODE_PHASE, RK_GOING_OUT_ASK,
                _("%s asked to go out: a partner answers first"), e->player_name[e->current]);
  /* the first move of the player to act ends the laying of dealt red threes */
  if (p == e->current && v->who != WHO_SEATS && !((v->phases & PHASE_OWED) && e->owed > 0))
    e->pregame = false;
  /* foot.when: hand_empty: nothing is played from a used-up hand, so the
   * foot comes first and can never be left down (a red three's replacement
   * owed to p, which check_actor puts before anything, comes before it) */
  bool owes = e->owed > 0 && e->owed_player == p;
  if (p == e->current && st->verb != V_FOOT && !owes && eng_foot_waits(e, p))
    return eng_fail(e, st, st->verb_word.col, CODE_FOOT, RK_FOOT_WHEN,
                    _("the hand is used up: the foot is picked up first"));
  return dispatch(e, st, p);
}

bool eng_finish(engine_t *e, unsigned line, const char *text) {
  if (e->dead) return false;
  if (!eng_setup_done(e, line, 1, text)) return false;
  if (e->over) return true;
  return eng_fail_at(e, line, 1, text, CODE_HAND_UNFINISHED, RK_NONE,
                 _("the hand is still on: %s is to play"), e->player_name[e->current]);
}
