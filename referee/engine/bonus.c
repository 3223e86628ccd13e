/* bonus.c — the bonus packets (bonus.*): who earns one, when it is taken
 * (the verb `talon`), and what passes it. The packets themselves are set
 * aside at the deal (deal.c: eng_deal_talon).
 *
 * What holds (the rule pages are quoted under the `bonus` keys in
 * docs/rulesets.md: the melder takes a packet after the initial meld and its
 * discard, and one not taken then is lost): a
 * team takes at most one packet; a team's packet is the one of its place in
 * the order the teams open ("If your team is the first to meld you draw four
 * bonus cards; if the other team has already melded you draw only three",
 * pagat), whether or not the teams before it took theirs; a packet not taken
 * at its moment is never taken, and its cards count for no one. */
#include "engine_private.h"

#include <string.h>

#include "i18n.h"

/* p's team makes its initial meld in this turn: melding from the hand or
 * taking the pile, before the team had opened. */
static bool opening_now(const engine_t *e, int p) {
  return p == e->current && !e->opened_before_turn && (e->first_meld.set || e->took_pile);
}

/* The packet of p's team, opening now: as many as the teams that opened
 * before it (packets past the last one: none). */
static int packet_of(const engine_t *e, int p) {
  int n = 0;
  for (int t = 0; t < e->nteams; t++) n += t != e->team_of[p] && e->team_opened[t];
  return n;
}

/* A packet is left for p's team, and nothing the ruleset says withholds it
 * (bonus.by_take, bonus.stock_min). */
static bool packet_left(const engine_t *e, int p, bool by_take) {
  const struct rs_bonus *b = &e->rs->bonus;
  int i = packet_of(e, p);
  return i < b->npackets && !e->packet_taken[i] && !e->team_packet[e->team_of[p]] &&
         (b->by_take || !by_take) && (int)e->stock.total >= b->stock_min;
}

bool eng_bonus_waits(const engine_t *e, int p) {
  return e->rs->bonus.npackets > 0 && e->rs->bonus.when == BONUS_WHEN_AFTER_DISCARD &&
         opening_now(e, p) && packet_left(e, p, e->took_pile);
}

void eng_bonus_after_discard(engine_t *e, int p) {
  if (e->rs->bonus.npackets == 0 || e->rs->bonus.when != BONUS_WHEN_AFTER_DISCARD ||
      !opening_now(e, p))
    return;
  e->bonus_player = p;
  e->bonus_by_take = e->took_pile;
  /* the rules that withhold the packet decided it */
  if (e->took_pile && !e->rs->bonus.by_take) eng_use(e, RK_BONUS_BY_TAKE);
  if ((int)e->stock.total < e->rs->bonus.stock_min) eng_use(e, RK_BONUS_STOCK_MIN);
}

bool eng_bonus_pass(engine_t *e, const stmt_t *st, int p) {
  int due = e->bonus_player;
  if (st->verb == V_TALON && p == due) return true;
  if (e->hand[due].total == 0 && packet_left(e, due, e->bonus_by_take))
    return eng_fail(e, st, st->key.col, CODE_BONUS_PACKET, RK_BONUS_WHEN,
                    _("%s's hand is empty: the bonus packet due is taken first"),
                    e->player_name[due]);
  e->bonus_player = -1; /* "you may not take it later" */
  return true;
}

/* BONUS-PACKET: the moment of the packet (bonus.when). */
static bool packet_due_now(engine_t *e, const stmt_t *st, int p, bool *by_take) {
  const struct rs_bonus *b = &e->rs->bonus;
  unsigned col = st->verb_word.col;
  if (b->when == BONUS_WHEN_AFTER_DISCARD) {
    *by_take = e->bonus_by_take;
    if (e->bonus_player == p) return true;
    return eng_fail(e, st, col, CODE_BONUS_PACKET, RK_BONUS_WHEN,
                    _("a bonus packet is taken right after the discard of the turn that makes "
                      "the team's initial meld"));
  }
  *by_take = e->took_pile;
  if (opening_now(e, p)) return true;
  return eng_fail(e, st, col, CODE_BONUS_PACKET, RK_BONUS_WHEN,
                  _("a bonus packet is taken in the turn that makes the team's initial meld, "
                    "once it is laid"));
}

/* BONUS-PACKET: a packet left, earned (bonus.by_take, bonus.stock_min). */
static bool packet_earned(engine_t *e, const stmt_t *st, int p, bool by_take) {
  const struct rs_bonus *b = &e->rs->bonus;
  unsigned col = st->verb_word.col;
  if (e->team_packet[e->team_of[p]])
    return eng_fail(e, st, col, CODE_BONUS_PACKET, RK_BONUS_PACKETS,
                    _("the team has already taken its bonus packet"));
  int i = packet_of(e, p);
  if (i >= b->npackets || e->packet_taken[i])
    return eng_fail(e, st, col, CODE_BONUS_PACKET, RK_BONUS_PACKETS,
                    _("no bonus packet is left"));
  if (by_take && !b->by_take)
    return eng_fail(e, st, col, CODE_BONUS_PACKET, RK_BONUS_BY_TAKE,
                    _("an initial meld made by taking the pile earns no bonus packet"));
  if ((int)e->stock.total < b->stock_min)
    return eng_fail(e, st, col, CODE_BONUS_PACKET, RK_BONUS_STOCK_MIN,
                    P_("the stock holds %u card: no bonus packet once it holds fewer than %d",
                       "the stock holds %u cards: no bonus packet once it holds fewer than %d",
                       e->stock.total),
                    e->stock.total, b->stock_min);
  if (by_take) eng_use(e, RK_BONUS_BY_TAKE);
  if (b->stock_min > 0) eng_use(e, RK_BONUS_STOCK_MIN);
  return true;
}

/* bonus.from: the packet set aside at the deal joins the hand (`talon`, no
 * cards), or its number of cards is drawn from the stock (`talon C...`). */
static bool packet_to_hand(engine_t *e, const stmt_t *st, int p) {
  const struct rs_bonus *b = &e->rs->bonus;
  int i = packet_of(e, p);
  unsigned want = b->from == BONUS_FROM_PACKET ? 0 : (unsigned)b->packets[i].cards;
  if (st->ncards != want && want)
    return eng_fail(e, st, st->verb_word.col, CODE_BONUS_PACKET, RK_BONUS_FROM,
                    P_("the bonus packet is %u card drawn from the stock; the line names %u",
                       "the bonus packet is %u cards drawn from the stock; the line names %u", want),
                    want, st->ncards);
  if (st->ncards != want)
    return eng_fail(e, st, st->verb_word.col, CODE_BONUS_PACKET, RK_BONUS_FROM,
                    P_("%u card named: the bonus packet set aside is taken unnamed",
                       "%u cards named: the bonus packet set aside is taken unnamed", st->ncards),
                    st->ncards);
  if (want && !eng_take_from_stock(e, st, p)) return false;
  for (card_t c = 0; !want && c < CARD_KINDS; c++) cc_add(&e->hand[p], c, e->packet[i].n[c]);
  cc_clear(&e->packet[i]);
  return true;
}

void eng_bonus_view(const engine_t *e, eng_packets_t *out) {
  const struct rs_bonus *b = &e->rs->bonus;
  int opened = 0, yet = -1, nyet = 0;
  for (int t = 0; t < e->nteams; t++) {
    opened += e->team_opened[t];
    if (!e->team_opened[t]) yet = t, nyet++;
  }
  memset(out, 0, sizeof *out);
  out->owed = -1;
  out->next_team = nyet == 1 ? yet : -1;
  /* a team's packet is the one of its place in the order the teams open */
  for (int i = opened; i < b->npackets && nyet > 0; i++) out->cards[out->left++] = b->packets[i].cards;
  int due = e->bonus_player;
  if (due < 0 || !packet_left(e, due, e->bonus_by_take)) return;
  out->owed = due;
  out->owed_cards = b->packets[packet_of(e, due)].cards;
  out->owed_first = e->hand[due].total == 0;
}

static bool has_packets(engine_t *e, const stmt_t *st) {
  if (e->rs->bonus.npackets > 0) return true;
  return eng_fail(e, st, st->verb_word.col, CODE_BONUS_PACKET, RK_BONUS_PACKETS,
                  _("the %s rules have no bonus packets"), e->rs->name);
}

/* BONUS-PACKET: `talon` by a player neither to act nor owed a packet (after
 * the turn passed, a second time, or from a team whose packet is not due):
 * the reason and the rule, as for the player to act. */
bool eng_bonus_not_due(engine_t *e, const stmt_t *st, int p) {
  bool by_take = false;
  if (!has_packets(e, st)) return false;
  if (e->team_packet[e->team_of[p]])
    return eng_fail(e, st, st->verb_word.col, CODE_BONUS_PACKET, RK_BONUS_PACKETS,
                    _("the team has already taken its bonus packet"));
  return packet_due_now(e, st, p, &by_take);
}

bool eng_act_talon(engine_t *e, const stmt_t *st, int p) {
  bool by_take = false;
  if (!has_packets(e, st)) return false;
  if (!packet_due_now(e, st, p, &by_take) || !packet_earned(e, st, p, by_take) ||
      !packet_to_hand(e, st, p))
    return false;
  e->packet_taken[packet_of(e, p)] = true;
  e->team_packet[e->team_of[p]] = true;
  e->bonus_player = -1;
  eng_use(e, RK_BONUS_PACKETS);
  eng_use(e, RK_BONUS_WHEN);
  eng_use(e, RK_BONUS_FROM);
  return true;
}
