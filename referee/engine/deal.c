/* deal.c — a hand's setup: the dealer, the deals, the feet, the stock, the
 * pile's layout and the cut, and the checks that close the setup. */
#include "engine_private.h"

#include <string.h>

#include "i18n.h"

/* DEAL: a card beyond the packs' copies. Moves the cards out of the stock. */
static bool deal_cards(engine_t *e, const stmt_t *st, card_counts_t *to) {
  char b[4];
  for (unsigned i = 0; i < st->ncards; i++) {
    card_t c = st->cards[i];
    if (!cc_take(&e->stock, c, 1))
      return eng_fail(e, st, st->card_cols[i], CODE_DEAL, RK_TABLE_PACKS,
                      P_("one %s too many: the %d pack holds %u",
                         "one %s too many: the %d packs hold %u", e->seat->packs),
                      card_name(c, b), e->seat->packs, e->packs.n[c]);
    if (to) cc_add(to, c, 1);
  }
  return true;
}

static bool deal_dealer(engine_t *e, const stmt_t *st, int player) {
  if (e->dealer >= 0)
    return eng_fail(e, st, st->key.col, CODE_DEAL, RK_NONE, _("a second dealer for this hand"));
  e->dealer = player;
  e->current = (player + 1) % e->nplayers;
  return true;
}

static bool deal_hand(engine_t *e, const stmt_t *st, int p) {
  if (e->dealt[p])
    return eng_fail(e, st, st->key.col, CODE_DEAL, RK_NONE, _("%s was already dealt this hand"),
                    e->player_name[p]);
  /* table.deal_also: the hand's first deal line chooses, the others follow */
  int deal = e->deal_size ? e->deal_size : e->seat->deal, also = e->seat->deal_also;
  bool other = !e->deal_size && also > 0 && (int)st->ncards == also;
  rule_key_t rule = deal != e->seat->deal ? RK_TABLE_DEAL_ALSO : RK_TABLE_DEAL;
  if ((int)st->ncards != deal && !other)
    return eng_fail(e, st, st->key.col, CODE_DEAL, rule,
                    P_("%s is dealt %u card, the deal is %d at %d players",
                       "%s is dealt %u cards, the deal is %d at %d players", st->ncards),
                    e->player_name[p], st->ncards, deal, e->nplayers);
  if (other) eng_use(e, RK_TABLE_DEAL_ALSO);
  e->deal_size = (int)st->ncards;
  e->dealt[p] = true;
  return deal_cards(e, st, &e->hand[p]);
}

static bool deal_stock(engine_t *e, const stmt_t *st) {
  if (e->stock_known) return eng_fail(e, st, st->key.col, CODE_DEAL, RK_NONE, _("a second stock line"));
  if (st->ncards > e->packs.total)
    return eng_fail(e, st, st->key.col, CODE_DEAL, RK_TABLE_PACKS,
                    P_("the stock line lists %u cards, the %d pack holds %u",
                       "the stock line lists %u cards, the %d packs hold %u", e->seat->packs),
                    st->ncards, e->seat->packs, e->packs.total);
  e->stock_known = true;
  e->stock_len = st->ncards;
  memcpy(e->stock_order, st->cards, st->ncards * sizeof(card_t));
  return true;
}

/* ---- the pile ---------------------------------------------------------- */

unsigned eng_pile_layout(const ruleset_t *rs, const card_t *cards, unsigned n) {
  /* pile.packet: the first upcard's rank sets a packet face down, one card on it */
  if (n > 0 && rs->pile.packet[card_rank(cards[0])] > 0)
    return (unsigned)rs->pile.packet[card_rank(cards[0])] + 2;
  /* pile.cover_once: an upcard of a pile.cover_initial class is covered once */
  if (rs->pile.cover_once || rs->pile.cover_initial == 0)
    return (unsigned)rs->pile.initial +
           (n > 0 && (rs_classes(rs, cards[0]) & rs->pile.cover_initial) ? 1 : 0);
  /* covered again and again until the top is not of such a class */
  if (rs->pile.initial == 0) return 0;
  unsigned k = 1;
  while (k <= n && (rs_classes(rs, cards[k - 1]) & rs->pile.cover_initial)) k++;
  return k;
}

/* pile.cover_freezes: a covered upcard freezes the pile until it is taken. */
static void cover_freeze(engine_t *e) {
  if (!e->rs->pile.cover_freezes || e->cover_frozen) return;
  eng_use(e, RK_PILE_COVER_FREEZES);
  e->cover_frozen = true;
  if (e->pile_freezers++ == 0) e->frozen_line = e->line;
}

/* pile.cover_once: an upcard of a pile.cover_initial class is covered by
 * exactly one card, whatever it is. */
static bool pile_covered_once(engine_t *e, const stmt_t *st) {
  const ruleset_t *rs = e->rs;
  char b[4];
  bool covered = st->ncards > 0 && (rs_classes(rs, st->cards[0]) & rs->pile.cover_initial);
  unsigned want = eng_pile_layout(rs, st->cards, st->ncards);
  /* where upcards may be covered, a card too many is a cover that was not due:
   * reported at that card; otherwise a wrong size is reported at `pile` */
  unsigned col = st->ncards > want && rs->pile.cover_initial ? st->card_cols[want] : st->key.col;
  if (st->ncards != want && covered)
    return eng_fail(e, st, col, CODE_DEAL, RK_PILE_COVER_ONCE,
                    st->ncards < want
                        ? _("the upcard %s must be covered by one card: the pile starts with %u "
                          "cards, not %u"): _("the upcard %s is covered by one card only: the pile starts with %u "
                          "cards, not %u"),
                    card_name(st->cards[0], b), want, st->ncards);
  if (st->ncards != want && want > 0 && st->ncards > want &&
      (rs_classes(rs, st->cards[want - 1]) & rs->pile.cover_initial) == 0 &&
      rs->pile.cover_initial != 0)
    return eng_fail(e, st, col, CODE_DEAL, RK_PILE_COVER_INITIAL,
                    P_("%s needs no cover: the pile starts with %u card",
                       "%s needs no cover: the pile starts with %u cards", want),
                    card_name(st->cards[0], b), want);
  if (st->ncards != want)
    return eng_fail(e, st, col, CODE_DEAL, RK_PILE_INITIAL,
                    P_("the pile starts with %u card, the ruleset turns up %u", "the pile starts with %u cards, the ruleset turns up %u", st->ncards), st->ncards, want);
  if (!deal_cards(e, st, NULL)) return false;
  for (unsigned i = 0; i < st->ncards; i++) eng_push_pile(e, st->cards[i]);
  if (covered) {
    eng_use(e, RK_PILE_COVER_INITIAL);
    eng_use(e, RK_PILE_COVER_ONCE);
    cover_freeze(e);
  }
  return true;
}

/* pile.packet: the first upcard's rank sets how many cards lie face down on
 * it; one more card, face up, tops them. The line lists them bottom first. */
static bool pile_packet(engine_t *e, const stmt_t *st) {
  char b[4];
  unsigned want = eng_pile_layout(e->rs, st->cards, st->ncards), n = want - 2;
  if (st->ncards != want)
    return eng_fail(e, st, st->ncards > want ? st->card_cols[want] : st->key.col, CODE_DEAL,
                    RK_PILE_PACKET,
                    _("%s sets a packet of %u cards: the pile line holds it, the %u and one card "
                    "face up, %u cards, not %u"),
                    card_name(st->cards[0], b), n, n, want, st->ncards);
  if (!deal_cards(e, st, NULL)) return false;
  for (unsigned i = 0; i < st->ncards; i++) eng_push_pile(e, st->cards[i]);
  eng_use(e, RK_PILE_PACKET);
  return true;
}

/* pile.initial / pile.cover_initial: the upcard(s) the pile starts with; an
 * upcard of a listed class is covered again and again until the top is not. */
static bool deal_pile(engine_t *e, const stmt_t *st) {
  const ruleset_t *rs = e->rs;
  char b[4];
  if (e->pile_given) return eng_fail(e, st, st->key.col, CODE_DEAL, RK_NONE, _("a second pile line"));
  e->pile_given = true;
  /* pile.initial_not: such an upcard is buried in the stock, and the line
   * shows the card turned up in its place */
  if (rs->pile.initial_not && st->ncards > 0) {
    card_t top = st->cards[st->ncards - 1];
    if (rs_classes(rs, top) & rs->pile.initial_not)
      return eng_fail(e, st, st->card_cols[st->ncards - 1], CODE_DEAL, RK_PILE_INITIAL_NOT,
                      _("the upcard %s is buried in the stock and another card turned up"),
                      card_name(top, b));
    eng_use(e, RK_PILE_INITIAL_NOT);
  }
  if (st->ncards > 0 && rs->pile.packet[card_rank(st->cards[0])] > 0) return pile_packet(e, st);
  if (rs->pile.cover_once || rs->pile.cover_initial == 0) return pile_covered_once(e, st);
  if (!deal_cards(e, st, NULL)) return false;
  for (unsigned i = 0; i < st->ncards; i++) {
    card_t c = st->cards[i];
    bool last = i + 1 == st->ncards;
    bool covered = (rs_classes(rs, c) & rs->pile.cover_initial) != 0;
    if (!last && !covered)
      return eng_fail(e, st, st->card_cols[i + 1], CODE_DEAL, RK_PILE_COVER_INITIAL,
                      P_("%s needs no cover: the pile starts with %d card",
                         "%s needs no cover: the pile starts with %d cards", rs->pile.initial),
                      card_name(c, b), rs->pile.initial);
    if (last && covered)
      return eng_fail(e, st, st->key.col, CODE_DEAL, RK_PILE_COVER_INITIAL,
                      _("the upcard %s must be covered by another card"), card_name(c, b));
    eng_push_pile(e, c);
    if (!last) {
      eng_use(e, RK_PILE_COVER_INITIAL);
      cover_freeze(e);
    }
  }
  return true;
}

/* ---- the cut and the feet ---------------------------------------------- */

/* cut.bonus: `cut N`, the cards the player before the dealer cut; exactly the
 * cards dealt earns the bonus (scored with the hand). */
static bool deal_cut(engine_t *e, const stmt_t *st) {
  if (e->rs->cut.bonus == 0)
    return eng_fail(e, st, st->key.col, CODE_DEAL, RK_CUT_BONUS, _("the %s rules have no cut"),
                    e->rs->name);
  if (e->cut >= 0) return eng_fail(e, st, st->key.col, CODE_DEAL, RK_NONE, _("a second cut line"));
  if (st->number < 1 || st->number > (long)e->packs.total)
    return eng_fail(e, st, st->value.col, CODE_DEAL, RK_CUT_BONUS,
                    P_("a cut of %ld card from a stack of %u", "a cut of %ld cards from a stack of %u", st->number), st->number, e->packs.total);
  e->cut = (int)st->number;
  return true;
}

/* foot.size: each player's foot, set aside until picked up. */
static bool deal_foot(engine_t *e, const stmt_t *st, int p) {
  const ruleset_t *rs = e->rs;
  if (rs->foot.size == 0)
    return eng_fail(e, st, st->key.col, CODE_FOOT, RK_FOOT_SIZE, _("the %s rules have no foot"),
                    rs->name);
  if (e->has_foot[p])
    return eng_fail(e, st, st->key.col, CODE_DEAL, RK_NONE, _("%s already has a foot this hand"),
                    e->player_name[p]);
  if ((int)st->ncards != rs->foot.size)
    return eng_fail(e, st, st->key.col, CODE_DEAL, RK_FOOT_SIZE,
                    P_("%s's foot holds %u card, a foot is %d", "%s's foot holds %u cards, a foot is %d", st->ncards), e->player_name[p], st->ncards,
                    rs->foot.size);
  e->has_foot[p] = true;
  return deal_cards(e, st, &e->foot[p]);
}

/* bonus.packets: "a packet of four cards and a packet of three cards are
 * placed face down called Talons": a `talon` line for each, in the order of
 * bonus.packets; their cards leave the stock (card conservation). */
bool eng_deal_talon(engine_t *e, const stmt_t *st) {
  const ruleset_t *rs = e->rs;
  int i = e->npackets_dealt;
  if (rs->bonus.npackets == 0 || rs->bonus.from != BONUS_FROM_PACKET)
    return eng_fail(e, st, st->key.col, CODE_DEAL,
                    rs->bonus.npackets ? RK_BONUS_FROM : RK_BONUS_PACKETS,
                    _("the %s rules set no bonus packet aside at the deal"), rs->name);
  if (i == rs->bonus.npackets)
    return eng_fail(e, st, st->key.col, CODE_DEAL, RK_BONUS_PACKETS,
                    P_("a talon line too many: the ruleset sets %d packet aside",
                       "a talon line too many: the ruleset sets %d packets aside",
                       rs->bonus.npackets),
                    rs->bonus.npackets);
  if ((int)st->ncards != rs->bonus.packets[i].cards)
    return eng_fail(e, st, st->key.col, CODE_DEAL, RK_BONUS_PACKETS,
                    P_("bonus packet %d holds %u card, the ruleset sets %d aside",
                       "bonus packet %d holds %u cards, the ruleset sets %d aside", st->ncards),
                    i + 1, st->ncards, rs->bonus.packets[i].cards);
  e->npackets_dealt++;
  return deal_cards(e, st, &e->packet[i]);
}

bool eng_talons_dealt(engine_t *e, unsigned line, unsigned col, const char *text) {
  const ruleset_t *rs = e->rs;
  if (rs->bonus.from != BONUS_FROM_PACKET || e->npackets_dealt == rs->bonus.npackets) return true;
  return eng_fail_at(e, line, col, text, CODE_DEAL, RK_BONUS_PACKETS,
                     P_("the hand has %d talon line, the ruleset sets %d packets aside",
                        "the hand has %d talon lines, the ruleset sets %d packets aside",
                        e->npackets_dealt),
                     e->npackets_dealt, rs->bonus.npackets);
}

bool eng_setup(engine_t *e, const stmt_t *st, int player) {
  e->line = st->line;
  switch (st->kind) {
    case ST_DEALER: return deal_dealer(e, st, player);
    case ST_DEAL: return deal_hand(e, st, player);
    case ST_STOCK: return deal_stock(e, st);
    case ST_PILE: return deal_pile(e, st);
    case ST_FOOT: return deal_foot(e, st, player);
    case ST_CUT: return deal_cut(e, st);
    case ST_TALON: return eng_deal_talon(e, st);
    default: return true;
  }
}

/* ---- the end of the setup ---------------------------------------------- */

/* The stock line, when given, holds exactly the cards the deals and pile left. */
static bool check_stock_line(engine_t *e, unsigned line, unsigned col, const char *text) {
  card_counts_t listed;
  cc_clear(&listed);
  char b[4];
  for (unsigned i = 0; i < e->stock_len; i++) {
    card_t c = e->stock_order[i];
    cc_add(&listed, c, 1);
    if (listed.n[c] > e->stock.n[c])
      return eng_fail_at(e, line, col, text, CODE_DEAL, RK_NONE,
                         _("the stock line holds one %s too many: the deals and pile leave %u"),
                         card_name(c, b), e->stock.n[c]);
  }
  if (listed.total != e->stock.total)
    return eng_fail_at(e, line, col, text, CODE_DEAL, RK_NONE,
                       P_("the stock line lists %u card, %u remain", "the stock line lists %u cards, %u remain", listed.total), listed.total, e->stock.total);
  return true;
}

bool eng_setup_done(engine_t *e, unsigned line, unsigned col, const char *text) {
  if (e->setup_done) return true;
  e->setup_done = true;
  if (e->dealer < 0)
    return eng_fail_at(e, line, col, text, CODE_DEAL, RK_NONE, _("the hand has no dealer line"));
  for (int p = 0; p < e->nplayers; p++)
    if (!e->dealt[p])
      return eng_fail_at(e, line, col, text, CODE_DEAL, RK_TABLE_DEAL, _("%s was not dealt"),
                         e->player_name[p]);
  for (int p = 0; p < e->nplayers && e->rs->foot.size > 0; p++)
    if (!e->has_foot[p])
      return eng_fail_at(e, line, col, text, CODE_DEAL, RK_FOOT_SIZE, _("%s has no foot"),
                         e->player_name[p]);
  if (!e->pile_given && e->rs->pile.initial > 0)
    return eng_fail_at(e, line, col, text, CODE_DEAL, RK_PILE_INITIAL, _("the hand has no pile line"));
  if (!eng_talons_dealt(e, line, col, text)) return false;
  if (e->stock_known && !check_stock_line(e, line, col, text)) return false;
  eng_use(e, RK_TABLE_DEAL);
  eng_use(e, RK_TABLE_PACKS);
  if (e->pile_given && e->rs->pile.initial > 0) eng_use(e, RK_PILE_INITIAL);
  if (e->packs.n[CARD_JOKER] > 0) eng_use(e, RK_CARDS_JOKERS_PER_PACK);
  eng_start_turn(e, e->current);
  return true;
}
