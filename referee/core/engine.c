/* engine.c — replays one hand and judges every action against the ruleset.
 *
 * Each rule check names the ruleset key it enforces; docs/variants/ quote the
 * seed sentence behind each key. A check that fails calls fail(), which fills
 * the verdict and kills the hand: the first illegal action is the verdict. */
#include "engine.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* ---- errors --------------------------------------------------------- */

static bool vfail(engine_t *e, unsigned line, unsigned col, const char *text, const char *actor,
                  code_t code, const char *rule, const char *fmt, va_list ap) {
  verdict_t *v = &e->err;
  v->status = VERDICT_ILLEGAL;
  v->code = code;
  v->line = line;
  v->col = col;
  v->rule = rule;
  snprintf(v->actor, sizeof v->actor, "%s", actor ? actor : "");
  verdict_text(v->text, text);
  vsnprintf(v->message, sizeof v->message, fmt, ap);
  e->dead = true;
  return false;
}

/* Fails at column `col` of statement st. */
static bool fail(engine_t *e, const stmt_t *st, unsigned col, code_t code, const char *rule,
                 const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  const char *actor = st->kind == ST_ACTION ? st->key.s : NULL;
  bool r = vfail(e, st->line, col, st->text, actor, code, rule, fmt, ap);
  va_end(ap);
  return r;
}

/* Fails at a statement kept earlier (the opening's first meld, ...). */
static bool fail_mark(engine_t *e, const mark_t *m, int actor, code_t code, const char *rule,
                      const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  bool r = vfail(e, m->line, m->col, m->text, e->player_name[actor], code, rule, fmt, ap);
  va_end(ap);
  return r;
}

static void set_mark(mark_t *m, const stmt_t *st) {
  if (m->set) return;
  m->set = true;
  m->line = st->line;
  m->col = st->verb_word.col;
  verdict_text(m->text, st->text);
}

static const char *cname(card_t c, char buf[4]) { return card_name(c, buf); }

static void use(engine_t *e, rule_key_t k) { uses_add(&e->uses, k); }

/* ---- cards ---------------------------------------------------------- */

static unsigned copies(const engine_t *e, card_t c) {
  return e->packs.n[c];
}

static void build_packs(engine_t *e) {
  cc_clear(&e->packs);
  unsigned packs = (unsigned)e->seat->packs;
  for (card_t c = 0; c < 52; c++) cc_add(&e->packs, c, packs);
  cc_add(&e->packs, CARD_JOKER, packs * (unsigned)e->rs->cards.jokers_per_pack);
}

static unsigned red3_count(const card_counts_t *cc) {
  return cc->n[card_make(RANK_3, SUIT_H)] + cc->n[card_make(RANK_3, SUIT_D)];
}

static long counts_value(const engine_t *e, const card_counts_t *cc) {
  long v = 0;
  for (card_t c = 0; c < CARD_KINDS; c++)
    if (cc->n[c]) v += (long)cc->n[c] * rs_value(e->rs, c);
  return v;
}

static int partner_count(const engine_t *e, int p) {
  int n = 0;
  for (int q = 0; q < e->nplayers; q++)
    if (q != p && e->team_of[q] == e->team_of[p]) n++;
  return n;
}

/* NOT-IN-HAND: every card the statement names, with its copies, must be in
 * player p's hand. */
static bool check_in_hand(engine_t *e, const stmt_t *st, int p) {
  uint16_t need[CARD_KINDS] = {0};
  char b[4];
  for (unsigned i = 0; i < st->ncards; i++) {
    card_t c = st->cards[i];
    if (++need[c] <= e->hand[p].n[c]) continue;
    if (e->hand[p].n[c] == 0)
      return fail(e, st, st->card_cols[i], CODE_NOT_IN_HAND, NULL, "%s holds no %s",
                  e->player_name[p], cname(c, b));
    return fail(e, st, st->card_cols[i], CODE_NOT_IN_HAND, NULL,
                "%s holds %u %s, the line names %u", e->player_name[p], e->hand[p].n[c],
                cname(c, b), (unsigned)need[c]);
  }
  return true;
}

/* Moves the statement's cards (known to be in hand) out of p's hand into
 * `to`, consuming p's own cards for the opening count. Returns the value of
 * the own cards moved. */
static long move_from_hand(engine_t *e, const stmt_t *st, int p, card_counts_t *to) {
  long own_value = 0;
  for (unsigned i = 0; i < st->ncards; i++) {
    card_t c = st->cards[i];
    cc_take(&e->hand[p], c, 1);
    if (to) cc_add(to, c, 1);
    if (cc_take(&e->own, c, 1)) own_value += rs_value(e->rs, c);
  }
  return own_value;
}

/* STOCK-MISMATCH: the cards leave the stock in the order the `stock` line
 * gives, or, without one, must still be somewhere in the stock. */
static bool take_from_stock(engine_t *e, const stmt_t *st, int p) {
  char b[4], b2[4];
  for (unsigned i = 0; i < st->ncards; i++) {
    card_t c = st->cards[i];
    if (e->stock.total == 0)
      return fail(e, st, st->card_cols[i], CODE_STOCK_MISMATCH, NULL, "the stock is empty");
    if (e->stock_known) {
      card_t want = e->stock_order[e->stock_pos];
      if (c != want)
        return fail(e, st, st->card_cols[i], CODE_STOCK_MISMATCH, NULL,
                    "the stock gives %s here, not %s", cname(want, b), cname(c, b2));
      e->stock_pos++;
    } else if (e->stock.n[c] == 0) {
      return fail(e, st, st->card_cols[i], CODE_STOCK_MISMATCH, NULL,
                  "no %s is left in the stock: all %u copies are elsewhere", cname(c, b),
                  copies(e, c));
    }
    cc_take(&e->stock, c, 1);
    cc_add(&e->hand[p], c, 1);
    if (p == e->current) cc_add(&e->own, c, 1);
  }
  return true;
}

static void start_turn(engine_t *e, int p);

/* ---- setup ---------------------------------------------------------- */

void eng_begin(engine_t *e, const ruleset_t *rs, const rs_seat_t *seat, int nplayers,
               const int team_of[], int nteams, const char *const names[],
               const long team_total[]) {
  memset(e, 0, offsetof(engine_t, err));
  e->err.status = VERDICT_LEGAL;
  e->rs = rs;
  e->seat = seat;
  e->nplayers = nplayers;
  e->nteams = nteams;
  for (int p = 0; p < nplayers; p++) {
    e->team_of[p] = team_of[p];
    e->player_name[p] = names[p];
  }
  for (int t = 0; t < nteams; t++) e->team_total[t] = team_total[t];
  build_packs(e);
  e->stock = e->packs;
  e->dealer = -1;
  e->owed_player = -1;
  e->out_player = -1;
  e->pregame = true;
  e->pregame_seat = -1;
  e->cut = -1;
}

/* DEAL: a card beyond the packs' copies. Moves the cards out of the stock. */
static bool deal_cards(engine_t *e, const stmt_t *st, card_counts_t *to) {
  char b[4];
  for (unsigned i = 0; i < st->ncards; i++) {
    card_t c = st->cards[i];
    if (!cc_take(&e->stock, c, 1))
      return fail(e, st, st->card_cols[i], CODE_DEAL, "table.packs",
                  "one %s too many: the %d packs hold %u", cname(c, b), e->seat->packs,
                  copies(e, c));
    if (to) cc_add(to, c, 1);
  }
  return true;
}

bool eng_dealer(engine_t *e, const stmt_t *st, int player) {
  if (e->dealer >= 0)
    return fail(e, st, st->key.col, CODE_DEAL, NULL, "a second dealer for this hand");
  e->dealer = player;
  e->current = (player + 1) % e->nplayers;
  return true;
}

bool eng_deal(engine_t *e, const stmt_t *st, int p) {
  if (e->dealt[p])
    return fail(e, st, st->key.col, CODE_DEAL, NULL, "%s was already dealt this hand",
                e->player_name[p]);
  if ((int)st->ncards != e->seat->deal)
    return fail(e, st, st->key.col, CODE_DEAL, "table.deal",
                "%s is dealt %u cards, the deal is %d at %d players", e->player_name[p],
                st->ncards, e->seat->deal, e->nplayers);
  e->dealt[p] = true;
  return deal_cards(e, st, &e->hand[p]);
}

bool eng_stock(engine_t *e, const stmt_t *st) {
  if (e->stock_known) return fail(e, st, st->key.col, CODE_DEAL, NULL, "a second stock line");
  if (st->ncards > e->packs.total)
    return fail(e, st, st->key.col, CODE_DEAL, "table.packs",
                "the stock line lists %u cards, the %d packs hold %u", st->ncards,
                e->seat->packs, e->packs.total);
  e->stock_known = true;
  e->stock_len = st->ncards;
  memcpy(e->stock_order, st->cards, st->ncards * sizeof(card_t));
  return true;
}

static void push_pile(engine_t *e, card_t c) {
  e->pile[e->npile++] = c;
  if (rs_classes(e->rs, c) & e->rs->pile.frozen_by) e->pile_freezers++;
}

/* pile.cover_freezes: a covered upcard freezes the pile until it is taken. */
static void cover_freeze(engine_t *e) {
  if (!e->rs->pile.cover_freezes || e->cover_frozen) return;
  use(e, RK_PILE_COVER_FREEZES);
  e->cover_frozen = true;
  e->pile_freezers++;
}

/* pile.cover_once: an upcard of a pile.cover_initial class is covered by
 * exactly one card, whatever it is. */
static bool pile_covered_once(engine_t *e, const stmt_t *st) {
  const ruleset_t *rs = e->rs;
  char b[4];
  bool covered = st->ncards > 0 && (rs_classes(rs, st->cards[0]) & rs->pile.cover_initial);
  unsigned want = (unsigned)rs->pile.initial + (covered ? 1 : 0);
  /* where upcards may be covered, a card too many is a cover that was not due:
   * reported at that card; otherwise a wrong size is reported at `pile` */
  unsigned col = st->ncards > want && rs->pile.cover_initial ? st->card_cols[want] : st->key.col;
  if (st->ncards != want && covered)
    return fail(e, st, col, CODE_DEAL, "pile.cover_once",
                st->ncards < want
                    ? "the upcard %s must be covered by one card: the pile starts with %u cards, "
                      "not %u"
                    : "the upcard %s is covered by one card only: the pile starts with %u cards, "
                      "not %u",
                cname(st->cards[0], b), want, st->ncards);
  if (st->ncards != want && want > 0 && st->ncards > want &&
      (rs_classes(rs, st->cards[want - 1]) & rs->pile.cover_initial) == 0 &&
      rs->pile.cover_initial != 0)
    return fail(e, st, col, CODE_DEAL, "pile.cover_initial",
                "%s needs no cover: the pile starts with %u card%s", cname(st->cards[0], b),
                want, want == 1 ? "" : "s");
  if (st->ncards != want)
    return fail(e, st, col, CODE_DEAL, "pile.initial",
                "the pile starts with %u cards, the ruleset turns up %u", st->ncards, want);
  if (!deal_cards(e, st, NULL)) return false;
  for (unsigned i = 0; i < st->ncards; i++) push_pile(e, st->cards[i]);
  if (covered) {
    use(e, RK_PILE_COVER_INITIAL);
    use(e, RK_PILE_COVER_ONCE);
    cover_freeze(e);
  }
  return true;
}

/* pile.packet: the first upcard's rank sets how many cards lie face down on
 * it; one more card, face up, tops them. The line lists them bottom first. */
static bool pile_packet(engine_t *e, const stmt_t *st) {
  char b[4];
  unsigned n = (unsigned)e->rs->pile.packet[card_rank(st->cards[0])];
  unsigned want = n + 2;
  if (st->ncards != want)
    return fail(e, st, st->ncards > want ? st->card_cols[want] : st->key.col, CODE_DEAL,
                "pile.packet",
                "%s sets a packet of %u cards: the pile line holds it, the %u and one card "
                "face up, %u cards, not %u", cname(st->cards[0], b), n, n, want, st->ncards);
  if (!deal_cards(e, st, NULL)) return false;
  for (unsigned i = 0; i < st->ncards; i++) push_pile(e, st->cards[i]);
  use(e, RK_PILE_PACKET);
  return true;
}

/* pile.initial / pile.cover_initial: the upcard(s) the pile starts with; an
 * upcard of a listed class is covered again and again until the top is not. */
bool eng_pile(engine_t *e, const stmt_t *st) {
  const ruleset_t *rs = e->rs;
  char b[4];
  if (e->pile_given) return fail(e, st, st->key.col, CODE_DEAL, NULL, "a second pile line");
  e->pile_given = true;
  if (st->ncards > 0 && rs->pile.packet[card_rank(st->cards[0])] > 0) return pile_packet(e, st);
  if (rs->pile.cover_once || rs->pile.cover_initial == 0) return pile_covered_once(e, st);
  if (!deal_cards(e, st, NULL)) return false;
  for (unsigned i = 0; i < st->ncards; i++) {
    card_t c = st->cards[i];
    bool last = i + 1 == st->ncards;
    bool covered = (rs_classes(rs, c) & rs->pile.cover_initial) != 0;
    if (!last && !covered)
      return fail(e, st, st->card_cols[i + 1], CODE_DEAL, "pile.cover_initial",
                  "%s needs no cover: the pile starts with %d card%s", cname(c, b),
                  rs->pile.initial, rs->pile.initial == 1 ? "" : "s");
    if (last && covered)
      return fail(e, st, st->key.col, CODE_DEAL, "pile.cover_initial",
                  "the upcard %s must be covered by another card", cname(c, b));
    push_pile(e, c);
    if (!last) {
      use(e, RK_PILE_COVER_INITIAL);
      cover_freeze(e);
    }
  }
  return true;
}

/* cut.bonus: `cut N`, the cards the player before the dealer cut; exactly the
 * cards dealt earns the bonus (scored with the hand). */
bool eng_cut(engine_t *e, const stmt_t *st) {
  if (e->rs->cut.bonus == 0)
    return fail(e, st, st->key.col, CODE_DEAL, "cut.bonus", "the %s rules have no cut",
                e->rs->name);
  if (e->cut >= 0) return fail(e, st, st->key.col, CODE_DEAL, NULL, "a second cut line");
  if (st->number < 1 || st->number > (long)e->packs.total)
    return fail(e, st, st->value.col, CODE_DEAL, "cut.bonus",
                "a cut of %ld cards from a stack of %u", st->number, e->packs.total);
  e->cut = (int)st->number;
  return true;
}

/* foot.size: each player's foot, set aside until picked up. */
bool eng_foot(engine_t *e, const stmt_t *st, int p) {
  const ruleset_t *rs = e->rs;
  if (rs->foot.size == 0)
    return fail(e, st, st->key.col, CODE_FOOT, "foot.size", "the %s rules have no foot", rs->name);
  if (e->has_foot[p])
    return fail(e, st, st->key.col, CODE_DEAL, NULL, "%s already has a foot this hand",
                e->player_name[p]);
  if ((int)st->ncards != rs->foot.size)
    return fail(e, st, st->key.col, CODE_DEAL, "foot.size",
                "%s's foot holds %u cards, a foot is %d", e->player_name[p], st->ncards,
                rs->foot.size);
  e->has_foot[p] = true;
  return deal_cards(e, st, &e->foot[p]);
}

static bool fail_at(engine_t *e, unsigned line, unsigned col, const char *text, code_t code,
                    const char *rule, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  bool r = vfail(e, line, col, text, NULL, code, rule, fmt, ap);
  va_end(ap);
  return r;
}

bool eng_setup_done(engine_t *e, unsigned line, unsigned col, const char *text) {
  if (e->setup_done) return true;
  e->setup_done = true;
  if (e->dealer < 0)
    return fail_at(e, line, col, text, CODE_DEAL, NULL, "the hand has no dealer line");
  for (int p = 0; p < e->nplayers; p++)
    if (!e->dealt[p])
      return fail_at(e, line, col, text, CODE_DEAL, "table.deal", "%s was not dealt",
                     e->player_name[p]);
  for (int p = 0; p < e->nplayers && e->rs->foot.size > 0; p++)
    if (!e->has_foot[p])
      return fail_at(e, line, col, text, CODE_DEAL, "foot.size", "%s has no foot",
                     e->player_name[p]);
  if (!e->pile_given && e->rs->pile.initial > 0)
    return fail_at(e, line, col, text, CODE_DEAL, "pile.initial", "the hand has no pile line");
  if (e->stock_known) {
    card_counts_t listed;
    cc_clear(&listed);
    char b[4];
    for (unsigned i = 0; i < e->stock_len; i++) {
      card_t c = e->stock_order[i];
      cc_add(&listed, c, 1);
      if (listed.n[c] > e->stock.n[c])
        return fail_at(e, line, col, text, CODE_DEAL, NULL,
                       "the stock line holds one %s too many: the deals and pile leave %u",
                       cname(c, b), e->stock.n[c]);
    }
    if (listed.total != e->stock.total)
      return fail_at(e, line, col, text, CODE_DEAL, NULL,
                     "the stock line lists %u cards, %u remain", listed.total, e->stock.total);
  }
  use(e, RK_TABLE_DEAL);
  use(e, RK_TABLE_PACKS);
  if (e->pile_given && e->rs->pile.initial > 0) use(e, RK_PILE_INITIAL);
  if (e->packs.n[CARD_JOKER] > 0) use(e, RK_CARDS_JOKERS_PER_PACK);
  start_turn(e, e->current);
  return true;
}

/* ---- melds ---------------------------------------------------------- */

static int team_meld_count(const engine_t *e, int team) {
  int n = 0;
  for (int i = 0; i < e->nmelds; i++)
    if (e->melds[i].team == team) n++;
  return n;
}

static meld_t *find_meld_by_rank(engine_t *e, int team, int rank) {
  for (int i = 0; i < e->nmelds; i++)
    if (e->melds[i].team == team && e->melds[i].rank == rank) return &e->melds[i];
  return NULL;
}

static meld_t *find_meld_by_index(engine_t *e, int team, int index) {
  for (int i = 0; i < e->nmelds; i++)
    if (e->melds[i].team == team && --index == 0) return &e->melds[i];
  return NULL;
}

static bool is_canasta(const engine_t *e, const meld_t *m) {
  return m->suit < 0 && (int)m->cards.total >= e->rs->canasta.min_cards;
}

static bool is_full_sequence(const engine_t *e, const meld_t *m) {
  return m->suit >= 0 && (int)m->cards.total >= e->rs->sequence.max_cards;
}

/* A team's canastas by kind: natural rank pure/impure, wild rank pure/impure. */
typedef struct { int all, pure, impure, wild_pure, wild_impure; } canastas_t;

static bool is_wild_set(const engine_t *e, int rank);

static canastas_t team_canastas(const engine_t *e, int team) {
  canastas_t c = {0, 0, 0, 0, 0};
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    if (m->team != team || !is_canasta(e, m)) continue;
    c.all++;
    bool wild = is_wild_set(e, m->rank);
    int *kind = m->wilds == 0 ? (wild ? &c.wild_pure : &c.pure)
                              : (wild ? &c.wild_impure : &c.impure);
    (*kind)++;
  }
  return c;
}

/* What a set of cards is: its rank, and the column of the first card that
 * breaks it. Naturals are the cards of the set's rank; every other card in it
 * is wild. A set of a wild rank (meld.wild_sets: a canasta of 2s) takes the
 * cards of that rank as its naturals and the other wild cards as its wilds. */
typedef struct {
  int rank;            /* the set's rank, RANK_3 for black threes, -1 none yet */
  unsigned naturals, wilds;
  unsigned bad_col;    /* MELD-RANK: first card of another rank */
  unsigned red3_col;   /* a red three among the cards */
  unsigned black3;
  unsigned wild_rank[RANK_COUNT]; /* wild cards by rank, while the rank is open */
} mix_t;

static void add_to_mix(const engine_t *e, mix_t *m, card_t c, unsigned col) {
  int r = card_rank(c);
  if (card_is_red3(c)) {
    if (!m->red3_col) m->red3_col = col;
    return;
  }
  if (r == m->rank && rs_is_wild(e->rs, c)) { /* a 2 joining a set of 2s */
    m->naturals++;
    return;
  }
  if (rs_is_wild(e->rs, c)) {
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
static void settle_wild_set(const engine_t *e, mix_t *m) {
  if (m->rank >= 0 || m->wilds == 0) return;
  int best = -1;
  for (int r = 0; r < RANK_COUNT; r++)
    if (e->rs->meld.wild_sets[r] && m->wild_rank[r] &&
        (best < 0 || m->wild_rank[r] > m->wild_rank[best]))
      best = r;
  if (best < 0) return;
  m->rank = best;
  m->naturals = m->wild_rank[best];
  m->wilds -= m->wild_rank[best];
}

static mix_t mix_of(const engine_t *e, const stmt_t *st, int base_rank) {
  mix_t m;
  memset(&m, 0, sizeof m);
  m.rank = base_rank;
  for (unsigned i = 0; i < st->ncards; i++) add_to_mix(e, &m, st->cards[i], st->card_cols[i]);
  settle_wild_set(e, &m);
  return m;
}

static bool is_wild_set(const engine_t *e, int rank) {
  return rank >= 0 && rank < RANK_COUNT && e->rs->meld.wild_sets[rank];
}

/* The rules a set that passed judge_set relied on. */
static void note_set_uses(engine_t *e, unsigned n, unsigned wild, int max) {
  const ruleset_t *rs = e->rs;
  use(e, RK_MELD_MIN_CARDS);
  if (wild == 0) return;
  use(e, RK_CARDS_WILD);
  use(e, RK_MELD_MIN_NATURALS);
  use(e, max < rs->meld.max_wild ? RK_MELD_WILD_LIMITS : RK_MELD_MAX_WILD);
  if (rs->meld.wild_below_naturals) use(e, RK_MELD_WILD_BELOW_NATURALS);
  if ((int)n >= rs->canasta.min_cards) use(e, RK_CANASTA_MIN_NATURALS);
}

/* The limits every set obeys once formed: meld.min_cards, meld.min_naturals,
 * meld.max_wild / meld.wild_limits, canasta.min_naturals. n, nat and wild
 * describe the whole meld as it would stand. */
static bool judge_set(engine_t *e, const stmt_t *st, unsigned col, int rank, unsigned n,
                      unsigned nat, unsigned wild) {
  const ruleset_t *rs = e->rs;
  const char *what = card_rank_plural(rank);
  if ((int)n < rs->meld.min_cards)
    return fail(e, st, col, CODE_MELD_SIZE, "meld.min_cards",
                "a meld of %s with %u card%s, at least %d", what, n, n == 1 ? "" : "s",
                rs->meld.min_cards);
  if ((int)nat < rs->meld.min_naturals)
    return fail(e, st, col, CODE_MELD_NATURALS, "meld.min_naturals",
                "a meld of %s with %u natural card%s, at least %d", what, nat,
                nat == 1 ? "" : "s", rs->meld.min_naturals);
  if (rs->meld.wild_below_naturals && wild > 0 && wild >= nat)
    return fail(e, st, col, CODE_WILD_OVERFLOW, "meld.wild_below_naturals",
                "meld of %s would hold %u wild cards for %u natural%s: fewer wild cards than "
                "naturals", what, wild, nat, nat == 1 ? "" : "s");
  int max = rs_max_wild(rs, (int)n);
  if ((int)wild > max)
    return fail(e, st, col, CODE_WILD_OVERFLOW,
                max < rs->meld.max_wild ? "meld.wild_limits" : "meld.max_wild",
                "meld of %s would hold %u wild cards, at most %d", what, wild, max);
  if ((int)n >= rs->canasta.min_cards && (int)nat < rs->canasta.min_naturals)
    return fail(e, st, col, CODE_MELD_NATURALS, "canasta.min_naturals",
                "a canasta of %s with %u natural cards, at least %d", what, nat,
                rs->canasta.min_naturals);
  note_set_uses(e, n, wild, max);
  return true;
}

/* meld.black_threes, meld.black_threes_wild: a meld of black threes. */
static bool judge_black_threes(engine_t *e, const stmt_t *st, const mix_t *m) {
  const ruleset_t *rs = e->rs;
  unsigned col = st->verb_word.col;
  if (rs->meld.black_threes == THREES_NEVER)
    return fail(e, st, col, CODE_MELD_THREE, "meld.black_threes",
                "black threes are never melded in this game");
  if (m->wilds && !rs->meld.black_threes_wild)
    return fail(e, st, col, CODE_MELD_THREE, "meld.black_threes_wild",
                "a meld of black threes holds no wild card, this one holds %u", m->wilds);
  if (rs->meld.black_threes == THREES_GOING_OUT) set_mark(&e->black3_meld, st);
  use(e, RK_MELD_BLACK_THREES);
  if (m->wilds) use(e, RK_MELD_BLACK_THREES_WILD);
  return true;
}

/* Checks that the cards fit a set and returns its rank in *rank. */
static bool judge_mix(engine_t *e, const stmt_t *st, const mix_t *m) {
  unsigned col = st->verb_word.col;
  if (m->red3_col)
    return fail(e, st, col, CODE_MELD_THREE, NULL,
                "red threes are never melded: they are laid with red3");
  if (m->bad_col)
    return fail(e, st, col, CODE_MELD_RANK, NULL,
                "cards of different ranks: a meld of %s takes no other rank",
                card_rank_plural(m->rank));
  if (m->rank < 0)
    return fail(e, st, col, CODE_MELD_NATURALS, "meld.min_naturals",
                "a meld of wild cards only: at least %d natural card%s",
                e->rs->meld.min_naturals, e->rs->meld.min_naturals == 1 ? "" : "s");
  if (m->rank == RANK_3) return judge_black_threes(e, st, m);
  return true;
}

static meld_t *new_meld(engine_t *e, const stmt_t *st, int team, int rank) {
  if (e->nmelds == MAX_MELDS) {
    fail(e, st, st->verb_word.col, CODE_MELD_SIZE, NULL, "more than %d melds in one hand",
         MAX_MELDS);
    return NULL;
  }
  meld_t *m = &e->melds[e->nmelds++];
  memset(m, 0, sizeof *m);
  m->team = team;
  m->rank = rank;
  m->suit = -1;
  m->from_this_turn = true;
  return m;
}

/* Puts the statement's hand cards (and the pile's top card when top >= 0)
 * into meld m, counting toward the opening. */
static void fill_meld(engine_t *e, meld_t *m, const stmt_t *st, int p, int top) {
  long own = move_from_hand(e, st, p, &m->cards);
  if (top >= 0) {
    cc_add(&m->cards, (card_t)top, 1);
    own += rs_value(e->rs, (card_t)top);
  }
  if (!e->opened_before_turn) m->open_value += (int)own;
  m->naturals = m->suit >= 0 ? m->cards.total : cc_rank_count(&m->cards, m->rank);
  m->wilds = m->cards.total - m->naturals;
  if (m->wilds) m->hidden = false; /* a hidden canasta is pure: a wild card ends that */
  e->player_melded[p] = true;
}

/* Forms a set from hand cards (plus the top card when top >= 0) for p's team:
 * a new meld, or the team's meld of that rank where meld.same_rank merges. */
static bool form_set(engine_t *e, const stmt_t *st, int p, int top, const mix_t *m) {
  const ruleset_t *rs = e->rs;
  int team = e->team_of[p];
  meld_t *old = find_meld_by_rank(e, team, m->rank);
  if (old && rs->meld.same_rank == SAME_RANK_FORBID)
    return fail(e, st, st->verb_word.col, CODE_MELD_DUPLICATE, "meld.same_rank",
                "the team already has a meld of %s", card_rank_plural(m->rank));
  if (old && rs->meld.same_rank == SAME_RANK_ALLOW) old = NULL;
  unsigned n = st->ncards + (top >= 0 ? 1 : 0);
  unsigned nat = m->naturals + m->black3, wild = m->wilds;
  if (old) {
    n += old->cards.total;
    nat += old->naturals;
    wild += old->wilds;
  }
  if (!judge_set(e, st, st->verb_word.col, m->rank, n, nat, wild)) return false;
  if (find_meld_by_rank(e, team, m->rank)) use(e, RK_MELD_SAME_RANK);
  if (is_wild_set(e, m->rank)) use(e, RK_MELD_WILD_SETS);
  meld_t *dst = old ? old : new_meld(e, st, team, m->rank);
  if (!dst) return false;
  fill_meld(e, dst, st, p, top);
  return true;
}

/* sequence.*: the ranks of cards of one suit, all natural, added to the ranks
 * a sequence already holds (`have`), must stay distinct and consecutive within
 * sequence.low..high, and number at most sequence.max_cards. */
static bool judge_sequence(engine_t *e, const stmt_t *st, int suit, unsigned have,
                           unsigned *ranks_out) {
  const ruleset_t *rs = e->rs;
  unsigned col = st->verb_word.col, ranks = have;
  char b[4];
  for (unsigned i = 0; i < st->ncards; i++) {
    card_t c = st->cards[i];
    int r = card_rank(c);
    if (rs_is_wild(rs, c) || card_suit(c) != suit || r < rs->sequence.low ||
        r > rs->sequence.high)
      return fail(e, st, col, CODE_MELD_RANK, "sequence.low",
                  "%s does not fit a sequence of %s from %s to %s, natural cards only",
                  cname(c, b), suit == SUIT_S ? "spades" : suit == SUIT_H ? "hearts"
                                 : suit == SUIT_D ? "diamonds" : "clubs",
                  card_rank_name(rs->sequence.low), card_rank_name(rs->sequence.high));
    if (ranks & (1u << r))
      return fail(e, st, col, CODE_MELD_RANK, NULL, "%s twice in one sequence", cname(c, b));
    ranks |= 1u << r;
  }
  unsigned n = 0, lo = 0, hi = 0;
  for (unsigned r = 0; r < RANK_COUNT; r++)
    if (ranks & (1u << r)) {
      if (!n) lo = r;
      hi = r;
      n++;
    }
  if (hi - lo + 1 != n)
    return fail(e, st, col, CODE_MELD_RANK, NULL,
                "not a sequence: the ranks from %s to %s leave a gap", card_rank_name((int)lo),
                card_rank_name((int)hi));
  if ((int)n < rs->sequence.min_cards)
    return fail(e, st, col, CODE_MELD_SIZE, "sequence.min_cards",
                "a sequence of %u cards, at least %d", n, rs->sequence.min_cards);
  if ((int)n > rs->sequence.max_cards)
    return fail(e, st, col, CODE_MELD_SIZE, "sequence.max_cards",
                "a sequence of %u cards, at most %d", n, rs->sequence.max_cards);
  use(e, RK_SEQUENCE_MIN_CARDS);
  use(e, RK_SEQUENCE_LOW);
  use(e, RK_SEQUENCE_HIGH);
  *ranks_out = ranks;
  return true;
}

/* Cards of one suit and several ranks, where the ruleset has sequences. */
static bool looks_like_sequence(const engine_t *e, const stmt_t *st) {
  if (e->rs->sequence.min_cards == 0 || st->ncards == 0) return false;
  int suit = card_suit(st->cards[0]);
  bool two_ranks = false;
  for (unsigned i = 0; i < st->ncards; i++) {
    if (card_suit(st->cards[i]) != suit || rs_is_wild(e->rs, st->cards[i])) return false;
    if (card_rank(st->cards[i]) != card_rank(st->cards[0])) two_ranks = true;
  }
  return two_ranks;
}

static bool form_sequence(engine_t *e, const stmt_t *st, int p) {
  unsigned ranks;
  int suit = card_suit(st->cards[0]);
  if (!judge_sequence(e, st, suit, 0, &ranks)) return false;
  meld_t *m = new_meld(e, st, e->team_of[p], -1);
  if (!m) return false;
  m->suit = suit;
  m->ranks = ranks;
  fill_meld(e, m, st, p, -1);
  return true;
}

/* ---- the opening and going out -------------------------------------- */

static long largest_or_sum(const ruleset_t *rs, long best, long sum) {
  return rs->opening.counts == OPEN_LARGEST_MELD ? best : sum;
}

/* opening.*: judged when the turn's melding is over, reported at the turn's
 * first meld. Only the top card of a taken pile and the player's own cards
 * count (move_from_hand keeps that account). */
static bool judge_opening(engine_t *e, int p) {
  const ruleset_t *rs = e->rs;
  int team = e->team_of[p];
  if (e->opened_before_turn || !e->first_meld.set || e->team_opened[team]) return true;
  /* opening.concealed_exempt: going out concealed after a draw from the stock */
  if (e->concealed && rs->opening.concealed_exempt && !e->took_pile) {
    use(e, RK_OPENING_CONCEALED_EXEMPT);
    e->team_opened[team] = true;
    return true;
  }
  long best = 0, sum = 0;
  bool hidden = false;
  int counted = 0;
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    if (m->team != team) continue;
    counted += m->open_value > 0;
    sum += m->open_value;
    if (m->open_value > best) best = m->open_value;
    hidden = hidden || (m->hidden && is_canasta(e, m));
  }
  int need = rs_opening_minimum(rs, e->team_total[team]);
  /* opening.hidden_from: from that total a hidden canasta opens whatever it is worth */
  if (hidden && rs->opening.hidden_from > 0 && e->team_total[team] >= rs->opening.hidden_from) {
    if (need > (largest_or_sum(rs, best, sum))) use(e, RK_OPENING_HIDDEN_FROM);
    need = 0;
  }
  bool largest = rs->opening.counts == OPEN_LARGEST_MELD;
  long got = largest_or_sum(rs, best, sum);
  if (got < need)
    return fail_mark(e, &e->first_meld, p, CODE_OPENING_MINIMUM, "opening.bands",
                     largest ? "the team's largest opening meld is worth %ld, %d needed "
                               "(team total %ld)"
                             : "the team's opening melds are worth %ld, %d needed (team total %ld)",
                     got, need, e->team_total[team]);
  use(e, e->team_total[team] < 0 ? RK_OPENING_NEGATIVE : RK_OPENING_BANDS);
  if (counted > 1) use(e, RK_OPENING_COUNTS);
  e->team_opened[team] = true;
  return true;
}

/* going_out.*: the hand became empty by a meld, an add or a discard. */
/* going_out.canastas, .pure, .impure, .wild, .sequences: what the team needs
 * on the table when a player's hand empties. */
static bool judge_requirements(engine_t *e, const stmt_t *st, int p) {
  const ruleset_t *rs = e->rs;
  int team = e->team_of[p];
  unsigned col = st->verb_word.col;
  canastas_t c = team_canastas(e, team);
  if (c.all < rs->going_out.canastas)
    return fail(e, st, col, CODE_GO_OUT_REQUIREMENT, "going_out.canastas",
                "%s's hand is empty but the team has %d canasta%s; going out needs %d",
                e->player_name[p], c.all, c.all == 1 ? "" : "s", rs->going_out.canastas);
  int sequences = 0;
  for (int i = 0; i < e->nmelds; i++)
    if (e->melds[i].team == team && is_full_sequence(e, &e->melds[i])) sequences++;
  const struct { int have, need; const char *what, *key; rule_key_t rk; } kinds[] = {
    {c.pure, rs->going_out.pure, "pure canasta", "going_out.pure", RK_GOING_OUT_PURE},
    {c.impure, rs->going_out.impure, "impure canasta", "going_out.impure", RK_GOING_OUT_IMPURE},
    {c.wild_pure + c.wild_impure, rs->going_out.wild, "wild canasta", "going_out.wild",
     RK_GOING_OUT_WILD},
    {sequences, rs->going_out.sequences, "complete sequence", "going_out.sequences",
     RK_GOING_OUT_SEQUENCES}};
  if (rs->going_out.canastas > 0) use(e, RK_GOING_OUT_CANASTAS);
  for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
    if (kinds[k].need > 0 && kinds[k].have >= kinds[k].need) use(e, kinds[k].rk);
    if (kinds[k].have < kinds[k].need)
      return fail(e, st, col, CODE_GO_OUT_REQUIREMENT, kinds[k].key,
                  "%s's hand is empty but the team has %d %s%s; going out needs %d",
                  e->player_name[p], kinds[k].have, kinds[k].what,
                  kinds[k].have == 1 ? "" : "s", kinds[k].need);
  }
  return true;
}

static void went_out(engine_t *e, int p) {
  e->over = true;
  e->out_player = p;
  e->empty_hand = false;
}

/* going_out.*: the hand became empty by a meld, an add or a discard. */
static bool judge_going_out(engine_t *e, const stmt_t *st, int p) {
  const ruleset_t *rs = e->rs;
  unsigned col = st->verb_word.col;
  e->concealed = !e->melded_before_turn;
  if (!judge_opening(e, p) || !judge_requirements(e, st, p)) return false;
  if (e->ask == ASK_NO)
    return fail(e, st, col, CODE_GO_OUT_PERMISSION, "going_out.ask",
                "%s goes out although the partner answered no", e->player_name[p]);
  bool must_ask = rs->going_out.ask == ASK_REQUIRED && partner_count(e, p) > 0;
  if (must_ask && e->ask != ASK_YES)
    return fail(e, st, col, CODE_GO_OUT_PERMISSION, "going_out.ask",
                "%s goes out without asking the partner", e->player_name[p]);
  if (e->ask == ASK_YES) use(e, RK_GOING_OUT_ASK);
  went_out(e, p);
  return true;
}

/* Where melding comes first (turn.meld_before_draw), an empty hand does not
 * end the hand by itself: the player may end it (`ask` and a partner's `yes`,
 * or `end` when alone), if the team has what going out needs, or go on to the
 * draw. Elsewhere emptying the hand is going out. */
static bool after_meld(engine_t *e, const stmt_t *st, int p) {
  if (e->hand[p].total > 0) return true;
  if (e->rs->turn.meld_before_draw && !e->drawn) {
    e->empty_hand = true;
    return true;
  }
  return judge_going_out(e, st, p);
}

/* An empty hand while melding first: the decision to end, by `ask` or `end`. */
static bool may_end_early(engine_t *e, const stmt_t *st, int p) {
  e->concealed = !e->melded_before_turn;
  return judge_opening(e, p) && judge_requirements(e, st, p);
}

/* ---- turn bookkeeping ----------------------------------------------- */

static void start_turn(engine_t *e, int p) {
  e->current = p;
  e->phase = PH_START;
  e->drawn = false;
  e->ask = ASK_NOT_ASKED;
  e->took_pile = false;
  e->replaced = false;
  e->empty_hand = false;
  e->pile_red3 = 0;
  e->pile_red3_laid = false;
  e->first_meld.set = false;
  e->black3_meld.set = false;
  e->melded_before_turn = e->player_melded[p];
  e->opened_before_turn = e->team_opened[e->team_of[p]];
  e->own = e->hand[p];
  for (int i = 0; i < e->nmelds; i++) {
    e->melds[i].from_this_turn = false;
    e->melds[i].open_value = 0;
  }
}

/* RED3-NOT-LAID: a red three in the actor's hand when it should be on the
 * table (red_threes: laid at once; dealt ones before the first draw). */
static bool check_no_red3(engine_t *e, const stmt_t *st, int p) {
  if (red3_count(&e->hand[p]) == 0) return true;
  card_t c = e->hand[p].n[card_make(RANK_3, SUIT_H)] ? card_make(RANK_3, SUIT_H)
                                                      : card_make(RANK_3, SUIT_D);
  char b[4];
  return fail(e, st, st->verb_word.col, CODE_RED3_NOT_LAID, "red_threes",
              "%s still holds %s: a red three is laid at once, before the turn goes on",
              e->player_name[p], cname(c, b));
}

/* The turn's draw or take must come before melding (turn.meld_before_draw
 * says melding comes first instead). */
static bool may_meld(engine_t *e, const stmt_t *st) {
  bool before = e->rs->turn.meld_before_draw;
  if (!before && !e->drawn)
    return fail(e, st, st->verb_word.col, CODE_PHASE, "turn.meld_before_draw",
                e->replaced ? "%s before drawing: the draw after the red three was its "
                              "replacement, the turn's own draw is missing"
                            : "%s before drawing: a turn starts with the draw or the pile",
                verb_name(st->verb));
  if (before && e->drawn)
    return fail(e, st, st->verb_word.col, CODE_PHASE, "turn.meld_before_draw",
                "%s after %s: melding comes before the draw", verb_name(st->verb),
                e->took_pile ? "taking the pile" : "drawing");

  if (e->ask == ASK_WAITING)
    return fail(e, st, st->verb_word.col, CODE_PHASE, "going_out.ask",
                "the partner has not answered yet");
  if (!e->first_meld.set && !e->opened_before_turn) set_mark(&e->first_meld, st);
  if (before) use(e, RK_TURN_MELD_BEFORE_DRAW);
  return true;
}

/* ---- actions -------------------------------------------------------- */

static bool act_red3(engine_t *e, const stmt_t *st, int p) {
  card_t c = st->cards[0];
  char b[4];
  if (!card_is_red3(c))
    return fail(e, st, st->card_cols[0], CODE_MELD_RANK, "red_threes",
                "%s is not a red three: only 3H and 3D are laid with red3", cname(c, b));
  if (!check_in_hand(e, st, p)) return false;
  cc_take(&e->hand[p], c, 1);
  if (p == e->current) cc_take(&e->own, c, 1);
  e->red_threes[e->team_of[p]]++;
  cc_add(&e->laid_red3, c, 1);
  if (p == e->current && e->pile_red3 > 0) {
    /* red_threes.replace_from_pile: one from the taken pile may be replaced */
    e->pile_red3--;
    if (e->rs->red_threes.replace_from_pile) use(e, RK_RED_THREES_REPLACE_FROM_PILE);
    if (!e->rs->red_threes.replace_from_pile) {
      e->pile_red3_laid = true;
      return true;
    }
  }
  if (e->stock.total > (unsigned)e->owed) {
    e->owed_player = p;
    e->owed++;
  }
  return true;
}

static bool replacement_draw(engine_t *e, const stmt_t *st, int p) {
  if (st->ncards != 1)
    return fail(e, st, st->verb_word.col, CODE_DRAW_COUNT, "red_threes",
                "%u cards drawn: a red three's replacement is one card, drawn on its own line",
                st->ncards);
  if (!take_from_stock(e, st, p)) return false;
  if (p == e->current) e->replaced = true;
  e->owed -= (int)st->ncards;
  if (e->owed == 0) e->owed_player = -1;
  return true;
}

static bool act_draw(engine_t *e, const stmt_t *st, int p) {
  if (e->owed_player == p && e->owed > 0) return replacement_draw(e, st, p);
  if (e->drawn) {
    if (e->pile_red3_laid)
      return fail(e, st, st->verb_word.col, CODE_RED3_REPLACEMENT, "red_threes",
                  "a red three from the pile is not replaced");
    return fail(e, st, st->verb_word.col, CODE_PHASE, "turn.draw",
                "a second draw in one turn");
  }
  if (!check_no_red3(e, st, p)) return false;
  if (e->rs->turn.meld_before_draw && !judge_opening(e, p)) return false;
  unsigned want = (unsigned)e->rs->turn.draw;
  if (want > e->stock.total) want = e->stock.total;
  if (want == 0)
    return fail(e, st, st->verb_word.col, CODE_STOCK_MISMATCH, "end.stock_empty",
                "the stock is empty");
  if (st->ncards != want)
    return fail(e, st, st->verb_word.col, CODE_DRAW_COUNT, "turn.draw",
                "%u card%s drawn, the draw takes %u", st->ncards, st->ncards == 1 ? "" : "s",
                want);
  if (!take_from_stock(e, st, p)) return false;
  use(e, RK_TURN_DRAW);
  e->drawn = true;
  return true;
}

static card_t first_freezer(const engine_t *e) {
  if (e->cover_frozen) return e->pile[0];
  for (unsigned i = 0; i < e->npile; i++)
    if (rs_classes(e->rs, e->pile[i]) & e->rs->pile.frozen_by) return e->pile[i];
  return e->pile[0];
}

static const char *class_name(unsigned k) {
  return k & RS_BLACK3 ? "a black three" : k & RS_RED3 ? "a red three" : "a wild card";
}

/* pile.take_onto_meld: `take` alone puts the top card on a team meld. */
static bool take_onto_meld(engine_t *e, const stmt_t *st, int p, card_t top, bool frozen) {
  const ruleset_t *rs = e->rs;
  int rank = card_rank(top);
  char b[4];
  if (frozen)
    return fail(e, st, st->verb_word.col, CODE_PILE_FROZEN, "pile.unfreeze_naturals",
                "the pile is frozen: taking it needs %d natural %s from the hand, none named",
                rs->pile.unfreeze_naturals, card_rank_noun(rank, rs->pile.unfreeze_naturals));
  if (rs->pile.take_onto_meld == TAKE_ONTO_NEVER)
    return fail(e, st, st->verb_word.col, CODE_PILE_NO_MATCH, "pile.take_onto_meld",
                "the top card %s must be melded with cards from the hand", cname(top, b));
  meld_t *m = find_meld_by_rank(e, e->team_of[p], rank);
  if (!m)
    return fail(e, st, st->verb_word.col, CODE_PILE_NO_MATCH, "pile.take_onto_meld",
                "the team has no meld of %s for the top card %s", card_rank_plural(rank),
                cname(top, b));
  if (rs->pile.take_onto_meld == TAKE_ONTO_CANASTA && !is_canasta(e, m))
    return fail(e, st, st->verb_word.col, CODE_PILE_NO_MATCH, "pile.take_onto_meld",
                "the top card %s goes only onto a finished canasta", cname(top, b));
  if (!judge_set(e, st, st->verb_word.col, rank, m->cards.total + 1, m->naturals + 1, m->wilds))
    return false;
  use(e, RK_PILE_TAKE_ONTO_MELD);
  cc_add(&m->cards, top, 1);
  m->naturals++;
  return true;
}

/* A frozen pile taken with the naturals it needs: the rules that froze it. */
static void note_frozen_take(engine_t *e) {
  use(e, RK_PILE_UNFREEZE_NATURALS);
  use(e, e->cover_frozen          ? RK_PILE_COVER_FREEZES
         : e->pile_freezers > 0 ? RK_PILE_FROZEN_BY
                                : RK_PILE_FROZEN_FOR_UNOPENED);
}

/* pile.unfreeze_naturals, pile.take_naturals: `take C...` melds the top card
 * with hand cards. */
static bool take_with_cards(engine_t *e, const stmt_t *st, int p, card_t top, bool frozen) {
  const ruleset_t *rs = e->rs;
  int rank = card_rank(top);
  char b[4];
  mix_t m = mix_of(e, st, rank);
  if (m.bad_col)
    return fail(e, st, st->verb_word.col, CODE_PILE_NO_MATCH, NULL,
                "the top card is %s: only %s and wild cards meld with it", cname(top, b),
                card_rank_plural(rank));
  unsigned nat = m.naturals + m.black3;
  if (frozen && (int)nat < rs->pile.unfreeze_naturals) {
    char why[64];
    if (e->pile_freezers > 0) snprintf(why, sizeof why, "by %s", cname(first_freezer(e), b));
    else snprintf(why, sizeof why, "for a team that has not opened");
    return fail(e, st, st->verb_word.col, CODE_PILE_FROZEN,
                e->cover_frozen        ? "pile.cover_freezes"
                : e->pile_freezers > 0 ? "pile.frozen_by"
                                       : "pile.frozen_for_unopened",
                "the pile is frozen %s: taking it needs %d natural %s from the hand, %u named",
                why, rs->pile.unfreeze_naturals,
                card_rank_noun(rank, rs->pile.unfreeze_naturals), nat);
  }
  int need = rs->pile.take_naturals;
  bool raised = e->wild_discarded && rs->pile.wild_discard_naturals > need;
  if (raised) need = rs->pile.wild_discard_naturals;
  if ((int)nat < need)
    return fail(e, st, st->verb_word.col, CODE_PILE_NO_MATCH,
                raised ? "pile.wild_discard_naturals" : "pile.take_naturals",
                raised ? "a wild card was discarded this hand: taking the top card needs %d "
                         "natural %s from the hand, %u named"
                       : "taking the top card needs %d natural %s from the hand, %u named",
                need, card_rank_noun(rank, need), nat);
  if (frozen) note_frozen_take(e);
  if (need > 0) use(e, raised ? RK_PILE_WILD_DISCARD_NATURALS : RK_PILE_TAKE_NATURALS);
  m.naturals++; /* the top card */
  if (!judge_mix(e, st, &m)) return false;
  return form_set(e, st, p, top, &m);
}

static bool act_take(engine_t *e, const stmt_t *st, int p) {
  const ruleset_t *rs = e->rs;
  int team = e->team_of[p];
  char b[4];
  if (e->drawn)
    return fail(e, st, st->verb_word.col, CODE_PHASE, "turn.draw",
                "the pile is taken in place of the draw, not after it");
  if (!check_no_red3(e, st, p)) return false;
  if (rs->turn.meld_before_draw && !judge_opening(e, p)) return false;
  if (e->npile == 0)
    return fail(e, st, st->verb_word.col, CODE_PILE_EMPTY, NULL, "the pile is empty");
  card_t top = e->pile[e->npile - 1];
  unsigned k = rs_classes(rs, top);
  if (k & rs->pile.blocked_by)
    return fail(e, st, st->verb_word.col, CODE_PILE_BLOCKED, "pile.blocked_by",
                "the pile is topped by %s, %s: it cannot be taken", cname(top, b),
                class_name(k));
  if (!rs_is_natural(rs, top))
    return fail(e, st, st->verb_word.col, CODE_PILE_NO_MATCH, NULL,
                "the top card %s is not a natural card: nothing melds with it", cname(top, b));
  if (!e->team_opened[team] && !rs->pile.opening_by_take)
    return fail(e, st, st->verb_word.col, CODE_NOT_OPENED, "pile.opening_by_take",
                "the team must have opened before taking the pile");
  bool frozen = (e->pile_freezers > 0) ||
                (rs->pile.frozen_for_unopened && !e->team_opened[team]);
  if (!check_in_hand(e, st, p)) return false;
  if (!e->opened_before_turn) set_mark(&e->first_meld, st);
  e->took_pile = true;
  if (!(st->ncards ? take_with_cards(e, st, p, top, frozen)
                   : take_onto_meld(e, st, p, top, frozen)))
    return false;
  if (!e->team_opened[team]) use(e, RK_PILE_OPENING_BY_TAKE);
  e->player_melded[p] = true;
  for (unsigned i = 0; i + 1 < e->npile; i++) {
    cc_add(&e->hand[p], e->pile[i], 1);
    if (card_is_red3(e->pile[i])) e->pile_red3++;
  }
  e->npile = 0;
  e->pile_freezers = 0;
  e->cover_frozen = false;
  e->drawn = true;
  return after_meld(e, st, p);
}

static bool act_meld(engine_t *e, const stmt_t *st, int p) {
  if (!may_meld(e, st) || !check_no_red3(e, st, p) || !check_in_hand(e, st, p)) return false;
  if (looks_like_sequence(e, st)) {
    if (!form_sequence(e, st, p)) return false;
    return after_meld(e, st, p);
  }
  mix_t m = mix_of(e, st, -1);
  int before = e->nmelds;
  if (!judge_mix(e, st, &m) || !form_set(e, st, p, -1, &m)) return false;
  /* canasta.hidden_factor: a whole pure canasta of a natural rank laid from
   * the hand in one meld */
  meld_t *made = &e->melds[e->nmelds - 1];
  if (e->nmelds > before && made->wilds == 0 && !is_wild_set(e, made->rank) &&
      made->rank != RANK_3 && is_canasta(e, made))
    made->hidden = true;
  return after_meld(e, st, p);
}

static bool act_add(engine_t *e, const stmt_t *st, int p) {
  int team = e->team_of[p];
  if (!may_meld(e, st) || !check_no_red3(e, st, p)) return false;
  if (team_meld_count(e, team) == 0)
    return fail(e, st, st->verb_word.col, CODE_NOT_OPENED, "opening",
                "the team has not opened: it has no meld to add to");
  meld_t *m = st->ref_index ? find_meld_by_index(e, team, st->ref_index)
                            : find_meld_by_rank(e, team, st->ref_rank);
  if (!m) {
    if (st->ref_index)
      return fail(e, st, st->verb_word.col, CODE_MELD_UNKNOWN, NULL,
                  "the team has %d meld%s this hand, no #%d", team_meld_count(e, team),
                  team_meld_count(e, team) == 1 ? "" : "s", st->ref_index);
    return fail(e, st, st->verb_word.col, CODE_MELD_UNKNOWN, NULL, "the team has no meld of %s",
                card_rank_plural(st->ref_rank));
  }
  if (!check_in_hand(e, st, p)) return false;
  if (m->suit >= 0) {
    unsigned ranks;
    if (!judge_sequence(e, st, m->suit, m->ranks, &ranks)) return false;
    m->ranks = ranks;
    fill_meld(e, m, st, p, -1);
    return after_meld(e, st, p);
  }
  mix_t x = mix_of(e, st, m->rank);
  if (x.red3_col || x.bad_col) {
    if (!judge_mix(e, st, &x)) return false;
  }
  if (m->rank == RANK_3 && !judge_black_threes(e, st, &x)) return false;
  if (!judge_set(e, st, st->verb_word.col, m->rank, m->cards.total + st->ncards,
                 m->naturals + x.naturals + x.black3, m->wilds + x.wilds))
    return false;
  fill_meld(e, m, st, p, -1);
  return after_meld(e, st, p);
}

static bool act_discard(engine_t *e, const stmt_t *st, int p) {
  card_t c = st->cards[0];
  char b[4];
  if (!e->drawn)
    return fail(e, st, st->verb_word.col, CODE_PHASE, "turn.draw",
                e->replaced ? "a discard before drawing: the draw after the red three was its "
                              "replacement, the turn's own draw is missing"
                            : "a discard before drawing: a turn starts with the draw or the pile");
  if (e->ask == ASK_WAITING)
    return fail(e, st, st->verb_word.col, CODE_PHASE, "going_out.ask",
                "the partner has not answered yet");
  if (!check_in_hand(e, st, p) || !check_no_red3(e, st, p)) return false;
  cc_take(&e->hand[p], c, 1);
  cc_take(&e->own, c, 1);
  if (e->hand[p].total == 0 && e->ask == ASK_NO && e->stock.total == 0) {
    /* refused, the player drew the stock's last card and discards it: the
     * hand ends by the empty stock, not by going out */
    e->over = e->stock_out = true;
  } else if (e->hand[p].total == 0) {
    if (!judge_going_out(e, st, p)) return false;
  } else {
    if (!judge_opening(e, p)) return false;
    if (e->black3_meld.set)
      return fail_mark(e, &e->black3_meld, p, CODE_MELD_THREE, "meld.black_threes",
                       "black threes are melded only when going out, and %s did not go out",
                       e->player_name[p]);
    if (e->ask == ASK_YES)
      return fail(e, st, st->verb_word.col, CODE_GO_OUT_PERMISSION, "going_out.ask",
                  "the partner answered yes: %s must go out this turn, %u card%s left",
                  e->player_name[p], e->hand[p].total, e->hand[p].total == 1 ? "" : "s");
  }
  push_pile(e, c);
  if (rs_is_wild(e->rs, c)) e->wild_discarded = true; /* pile.wild_discard_naturals */
  if (rs_classes(e->rs, c) & e->rs->pile.blocked_by) use(e, RK_PILE_BLOCKED_BY);
  (void)b;
  if (e->over) return true;
  start_turn(e, (p + 1) % e->nplayers);
  /* end.stock_empty: at_once ends the hand when a turn starts on an empty stock */
  if (e->rs->end.stock_empty == STOCK_EMPTY_AT_ONCE && e->stock.total == 0) {
    use(e, RK_END_STOCK_EMPTY);
    e->over = e->stock_out = true;
  }
  return true;
}

static bool act_ask(engine_t *e, const stmt_t *st, int p) {
  unsigned col = st->verb_word.col;
  if (e->rs->going_out.ask == ASK_NONE)
    return fail(e, st, col, CODE_PHASE, "going_out.ask", "asking to go out is not part of this game");
  if (partner_count(e, p) == 0)
    return fail(e, st, col, CODE_PHASE, "going_out.ask", "%s has no partner to ask",
                e->player_name[p]);
  if (e->rs->turn.meld_before_draw && !e->empty_hand)
    return fail(e, st, col, CODE_PHASE, "going_out.ask",
                "asking to end comes when the hand is empty, %u card%s left", e->hand[p].total,
                e->hand[p].total == 1 ? "" : "s");
  if (!e->drawn && !e->empty_hand)
    return fail(e, st, col, CODE_PHASE, "going_out.ask", "asking comes after the draw");
  if (e->ask != ASK_NOT_ASKED)
    return fail(e, st, col, CODE_PHASE, "going_out.ask", "%s already asked this turn",
                e->player_name[p]);
  if (!check_no_red3(e, st, p)) return false;
  if (e->empty_hand && !may_end_early(e, st, p)) return false;
  e->ask = ASK_WAITING;
  return true;
}

static bool act_answer(engine_t *e, const stmt_t *st, int p) {
  int c = e->current;
  if (e->ask != ASK_WAITING)
    return fail(e, st, st->verb_word.col, CODE_PHASE, "going_out.ask",
                "nobody asked to go out");
  if (p == c || e->team_of[p] != e->team_of[c])
    return fail(e, st, st->key.col, CODE_OUT_OF_TURN, "going_out.ask",
                "only a partner of %s answers", e->player_name[c]);
  e->ask = st->verb == V_YES ? ASK_YES : ASK_NO;
  use(e, RK_GOING_OUT_ASK);
  if (e->empty_hand && e->ask == ASK_YES) went_out(e, c);
  return true;
}

/* foot.size: the player picks up the foot once the team has opened (this
 * turn's melding counts: it is judged when the melding is over). */
static bool act_foot(engine_t *e, const stmt_t *st, int p) {
  unsigned col = st->verb_word.col;
  if (e->rs->foot.size == 0)
    return fail(e, st, col, CODE_FOOT, "foot.size", "the %s rules have no foot", e->rs->name);
  if (!e->has_foot[p])
    return fail(e, st, col, CODE_FOOT, "foot.size", "%s has already picked up the foot",
                e->player_name[p]);
  if (!e->opened_before_turn && !e->first_meld.set)
    return fail(e, st, col, CODE_NOT_OPENED, "foot.size",
                "the team has not opened: the foot is picked up after the opening");
  if (!check_no_red3(e, st, p)) return false;
  for (card_t c = 0; c < CARD_KINDS; c++) {
    cc_add(&e->hand[p], c, e->foot[p].n[c]);
    cc_add(&e->own, c, e->foot[p].n[c]);
  }
  cc_clear(&e->foot[p]);
  e->has_foot[p] = false;
  use(e, RK_FOOT_SIZE);
  return true;
}

/* Could player p take the pile now? (end.stock_empty: must_take.) A team that
 * has not opened is never held to take: whether it could meet the opening is
 * not judged here. */
static bool could_take(const engine_t *e, int p) {
  const ruleset_t *rs = e->rs;
  if (e->npile == 0 || !e->team_opened[e->team_of[p]]) return false;
  card_t top = e->pile[e->npile - 1];
  if ((rs_classes(rs, top) & rs->pile.blocked_by) || !rs_is_natural(rs, top)) return false;
  int rank = card_rank(top);
  int nat = (int)cc_rank_count(&e->hand[p], rank), wild = 0;
  for (int r = 0; r < RANK_COUNT; r++)
    if (rs->cards.wild[r]) wild += (int)cc_rank_count(&e->hand[p], r);
  if (e->pile_freezers > 0) return nat >= rs->pile.unfreeze_naturals;
  const meld_t *m = NULL;
  for (int i = 0; i < e->nmelds && !m; i++)
    if (e->melds[i].team == e->team_of[p] && e->melds[i].rank == rank) m = &e->melds[i];
  if (m && (rs->pile.take_onto_meld == TAKE_ONTO_ANY ||
            (rs->pile.take_onto_meld == TAKE_ONTO_CANASTA && is_canasta(e, m))))
    return true;
  if (nat < rs->pile.take_naturals || nat + 1 < rs->meld.min_naturals) return false;
  int room = rs_max_wild(rs, rs->meld.min_cards);
  return nat + 1 + (wild < room ? wild : room) >= rs->meld.min_cards;
}

/* end.stock_empty: the hand ends when the stock is empty. */
static bool act_end(engine_t *e, const stmt_t *st, int p) {
  if (e->empty_hand) {
    if (e->rs->going_out.ask == ASK_REQUIRED && partner_count(e, p) > 0)
      return fail(e, st, st->verb_word.col, CODE_GO_OUT_PERMISSION, "going_out.ask",
                  "%s ends the hand without asking the partners", e->player_name[p]);
    if (!may_end_early(e, st, p)) return false;
    went_out(e, p);
    return true;
  }
  if (e->stock.total > 0)
    return fail(e, st, st->verb_word.col, CODE_END_EARLY, "end.stock_empty",
                "the stock still holds %u card%s", e->stock.total, e->stock.total == 1 ? "" : "s");
  if (e->drawn)
    return fail(e, st, st->verb_word.col, CODE_PHASE, "end.stock_empty",
                "end comes at the start of a turn, in place of the draw");
  if (e->rs->end.stock_empty == STOCK_EMPTY_MUST_TAKE && could_take(e, p))
    return fail(e, st, st->verb_word.col, CODE_END_EARLY, "end.stock_empty",
                "the stock is empty but %s can take the pile: play goes on",
                e->player_name[p]);
  use(e, RK_END_STOCK_EMPTY);
  e->over = true;
  return true;
}

/* Before the first turn, seats lay their dealt red threes in turn order
 * from the first player (who may also lay them at the start of the turn). */
static bool pregame_in_order(engine_t *e, int p) {
  int first = e->current, n = e->nplayers;
  int at = (p - first + n) % n;
  int last = e->pregame_seat < 0 ? 0 : (e->pregame_seat - first + n) % n;
  if (at < last) return false;
  e->pregame_seat = p;
  return true;
}

/* Who may act now: the player to act, a partner answering, or (before the
 * first turn) a seat laying its dealt red threes. */
static bool check_actor(engine_t *e, const stmt_t *st, int p) {
  if (e->owed > 0 && e->owed_player >= 0 && !(p == e->owed_player &&
                                               (st->verb == V_DRAW || st->verb == V_RED3)))
    return fail(e, st, st->verb_word.col, CODE_RED3_REPLACEMENT, "red_threes",
                "%s laid a red three and draws its replacement before anything else",
                e->player_name[e->owed_player]);
  if (st->verb == V_YES || st->verb == V_NO || p == e->current) return true;
  if (e->ask == ASK_WAITING)
    return fail(e, st, st->verb_word.col, CODE_PHASE, "going_out.ask",
                "%s asked to go out: a partner answers first", e->player_name[e->current]);
  if (e->pregame && st->verb == V_RED3 && !pregame_in_order(e, p))
    return fail(e, st, st->key.col, CODE_OUT_OF_TURN, "red_threes",
                "dealt red threes are laid seat by seat, in turn order: %s comes before %s",
                e->player_name[p], e->player_name[e->pregame_seat]);
  if (e->pregame && st->verb == V_RED3) return true;
  if (e->owed_player == p && st->verb == V_DRAW) return true;
  if (e->drawn && p == (e->current + 1) % e->nplayers)
    return fail(e, st, st->key.col, CODE_DISCARD_MISSING, NULL,
                "%s's turn ended without a discard", e->player_name[e->current]);
  return fail(e, st, st->key.col, CODE_OUT_OF_TURN, NULL, "it is %s's turn, not %s's",
              e->player_name[e->current], e->player_name[p]);
}

bool eng_action(engine_t *e, const stmt_t *st, int p) {
  if (e->dead) return false;
  if (!eng_setup_done(e, st->line, st->key.col, st->text)) return false;
  if (e->over && e->stock_out && st->verb == V_END && p == e->current) {
    e->stock_out = false; /* an explicit `end` after the stock ran out is welcome, once */
    return true;
  }
  if (e->over)
    return fail(e, st, st->verb_word.col, CODE_HAND_OVER, NULL,
                e->stock_out ? "the hand is over: the stock is empty" : "the hand is over");
  if (!check_actor(e, st, p)) return false;

  if (e->ask == ASK_WAITING && st->verb != V_YES && st->verb != V_NO)
    return fail(e, st, st->verb_word.col, CODE_PHASE, "going_out.ask",
                "%s asked to go out: a partner answers first", e->player_name[e->current]);
  if (p == e->current && st->verb != V_RED3 && !(st->verb == V_DRAW && e->owed > 0))
    e->pregame = false;
  switch (st->verb) {
    case V_RED3: return act_red3(e, st, p);
    case V_DRAW: return act_draw(e, st, p);
    case V_TAKE: return act_take(e, st, p);
    case V_MELD: return act_meld(e, st, p);
    case V_ADD: return act_add(e, st, p);
    case V_DISCARD: return act_discard(e, st, p);
    case V_ASK: return act_ask(e, st, p);
    case V_YES:
    case V_NO: return act_answer(e, st, p);
    case V_END: return act_end(e, st, p);
    case V_FOOT: return act_foot(e, st, p);
    case V_COUNT: break;
  }
  return false;
}

bool eng_finish(engine_t *e, unsigned line, const char *text) {
  if (e->dead) return false;
  if (!eng_setup_done(e, line, 1, text)) return false;
  if (e->over) return true;
  return fail_at(e, line, 1, text, CODE_HAND_UNFINISHED, NULL,
                 "the hand is still on: %s is to play", e->player_name[e->current]);
}

void eng_copy(engine_t *dst, const engine_t *src) {
  memcpy(dst, src, offsetof(engine_t, melds));
  memcpy(dst->melds, src->melds, (size_t)src->nmelds * sizeof src->melds[0]);
  memcpy(dst->stock_order, src->stock_order, src->stock_len * sizeof src->stock_order[0]);
  memcpy(dst->pile, src->pile, src->npile * sizeof src->pile[0]);
}

bool eng_conserved(const engine_t *e) {
  if (!e->setup_done || e->dead) return true;
  unsigned count[CARD_KINDS];
  for (card_t c = 0; c < CARD_KINDS; c++)
    count[c] = (unsigned)e->stock.n[c] + e->laid_red3.n[c];
  for (int p = 0; p < e->nplayers; p++)
    for (card_t c = 0; c < CARD_KINDS; c++) count[c] += e->hand[p].n[c] + e->foot[p].n[c];
  for (int i = 0; i < e->nmelds; i++)
    for (card_t c = 0; c < CARD_KINDS; c++) count[c] += e->melds[i].cards.n[c];
  for (unsigned i = 0; i < e->npile; i++) count[e->pile[i]]++;
  for (card_t c = 0; c < CARD_KINDS; c++)
    if (count[c] != e->packs.n[c]) return false;
  return true;
}

/* ---- scores ---------------------------------------------------------- */

/* canasta.*, sequence.bonus: what one meld earns besides its cards. */
static long meld_bonus(const engine_t *e, const meld_t *m) {
  const ruleset_t *rs = e->rs;
  if (is_full_sequence(e, m)) return rs->sequence.bonus;
  if (!is_canasta(e, m)) return 0;
  long b;
  if (is_wild_set(e, m->rank))
    b = m->wilds == 0 ? rs->canasta.wild_pure[m->rank] : rs->canasta.wild_impure[m->rank];
  else
    b = m->wilds == 0 ? rs->canasta.pure : rs->canasta.impure;
  return m->hidden ? b * rs->canasta.hidden_factor : b;
}

/* The red threes and black threes that stayed in the team's hands. */
static void note_hand_uses(engine_t *e, int t) {
  const ruleset_t *rs = e->rs;
  unsigned red = 0, black = 0;
  for (int p = 0; p < e->nplayers; p++) {
    if (e->team_of[p] != t) continue;
    red += red3_count(&e->hand[p]) + red3_count(&e->foot[p]);
    black += e->hand[p].n[card_make(RANK_3, SUIT_S)] + e->hand[p].n[card_make(RANK_3, SUIT_C)];
  }
  if (black && rs->cards.black3_in_hand) use(e, RK_CARDS_BLACK3_IN_HAND);
  if (!red || rs->red_threes.in_hand == RED3_IN_HAND_AS_LAID) return;
  use(e, RK_RED_THREES_IN_HAND);
  if (rs->red_threes.in_hand_penalty) use(e, RK_RED_THREES_IN_HAND_PENALTY);
}

void eng_note_score_uses(engine_t *e, const hand_score_t *h) {
  const ruleset_t *rs = e->rs;
  use(e, RK_CARDS_VALUES);
  for (int t = 0; t < e->nteams; t++) {
    const score_parts_t *s = &h->team[t];
    if (s->pure + s->impure + s->wild_pure + s->wild_impure > 0) use(e, RK_CANASTA_MIN_CARDS);
    if (s->pure && rs->canasta.pure) use(e, RK_CANASTA_PURE);
    if (s->impure && rs->canasta.impure) use(e, RK_CANASTA_IMPURE);
    if (s->wild_pure) use(e, RK_CANASTA_WILD_PURE);
    if (s->wild_impure) use(e, RK_CANASTA_WILD_IMPURE);
    if (s->hidden && rs->canasta.hidden_factor > 1) use(e, RK_CANASTA_HIDDEN_FACTOR);
    if (s->sequences) use(e, RK_SEQUENCE_MAX_CARDS);
    if (s->sequences && rs->sequence.bonus) use(e, RK_SEQUENCE_BONUS);
    if (s->cut) use(e, RK_CUT_BONUS);
    if (s->going_out) use(e, h->concealed ? RK_GOING_OUT_CONCEALED_BONUS : RK_GOING_OUT_BONUS);
    if (s->red_three_count > 0) {
      bool listed = false;
      for (int i = 0; i < rs->red_threes.ntotals; i++)
        listed = listed || rs->red_threes.totals[i].count == s->red_three_count;
      use(e, listed ? RK_RED_THREES_TOTALS : RK_RED_THREES_EACH);
      if (rs->red_threes.negative_without_meld && team_meld_count(e, t) == 0)
        use(e, RK_RED_THREES_NEGATIVE_WITHOUT_MELD);
    }
    note_hand_uses(e, t);
  }
}

/* red_threes.*: a team's red threes, negative when it melded nothing. */
static void score_red_threes(const engine_t *e, int t, score_parts_t *s) {
  const ruleset_t *rs = e->rs;
  int laid = e->red_threes[t], held = 0;
  for (int p = 0; p < e->nplayers; p++)
    if (e->team_of[p] == t) held += (int)(red3_count(&e->hand[p]) + red3_count(&e->foot[p]));
  bool melded = team_meld_count(e, t) > 0;
  rs_red3_in_hand_t mode = rs->red_threes.in_hand;
  bool penalty = mode == RED3_IN_HAND_PENALTY ||
                 (mode == RED3_IN_HAND_PENALTY_WITHOUT_MELD && !melded);
  int count = laid + (penalty ? 0 : held);
  long v = rs_red3_value(rs, count);
  if (!melded && rs->red_threes.negative_without_meld) v = -v;
  if (penalty) v -= (long)held * rs->red_threes.in_hand_penalty;
  s->red_threes = v;
  s->red_three_count = count;
}

void eng_score(const engine_t *e, hand_score_t *out) {
  const ruleset_t *rs = e->rs;
  memset(out, 0, sizeof *out);
  out->out_player = e->out_player;
  out->concealed = e->out_player >= 0 && e->concealed;
  for (int t = 0; t < e->nteams; t++) {
    score_parts_t *s = &out->team[t];
    for (int i = 0; i < e->nmelds; i++) {
      const meld_t *m = &e->melds[i];
      if (m->team != t) continue;
      s->melded += counts_value(e, &m->cards);
      s->canastas += meld_bonus(e, m);
      s->sequences += is_full_sequence(e, m);
      s->hidden += m->hidden && is_canasta(e, m);
    }
    canastas_t c = team_canastas(e, t);
    s->pure = c.pure;
    s->impure = c.impure;
    s->wild_pure = c.wild_pure;
    s->wild_impure = c.wild_impure;
    score_red_threes(e, t, s);
    if (e->out_player >= 0 && e->team_of[e->out_player] == t)
      s->going_out = e->concealed ? rs->going_out.concealed_bonus : rs->going_out.bonus;
    for (int p = 0; p < e->nplayers; p++) {
      if (e->team_of[p] != t) continue;
      card_counts_t h = e->hand[p];
      for (card_t k = 0; k < CARD_KINDS; k++) h.n[k] = (uint16_t)(h.n[k] + e->foot[p].n[k]);
      h.n[card_make(RANK_3, SUIT_H)] = 0; /* red threes are scored as red threes */
      h.n[card_make(RANK_3, SUIT_D)] = 0;
      unsigned black3 = h.n[card_make(RANK_3, SUIT_S)] + h.n[card_make(RANK_3, SUIT_C)];
      h.n[card_make(RANK_3, SUIT_S)] = h.n[card_make(RANK_3, SUIT_C)] = 0;
      s->in_hand -= counts_value(e, &h) + (long)black3 * rs->cards.black3_in_hand;
    }
    int cutter = (e->dealer + e->nplayers - 1) % e->nplayers;
    if (e->cut == e->nplayers * e->seat->deal && e->team_of[cutter] == t) s->cut = rs->cut.bonus;
    s->total = s->melded + s->canastas + s->red_threes + s->going_out + s->cut + s->in_hand;
  }
}
