/* engine.c — a hand's lifecycle, its cards, its errors and its view.
 *
 * A check that fails calls eng_fail(), which fills the verdict and kills the
 * hand: the first illegal action is the verdict. The rules themselves are
 * judged in the stage files (engine.h lists them). */
#include "engine_private.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

/* ---- lifecycle ------------------------------------------------------- */

/* An engine with `depth` levels of what-if space below it: a what-if runs an
 * action on its scratch engine, and the deepest question (could the pile be
 * taken with the foot picked up, turn.c) asks one more on the scratch's own.
 * Everything is made here, so that no judgement ever allocates: running out
 * of memory is the caller's error at creation, never an answer. */
static engine_t *new_engine(int depth) {
  engine_t *e = calloc(1, sizeof(engine_t));
  if (!e || depth == 0) return e;
  e->scratch = new_engine(depth - 1);
  e->scratch_st = calloc(1, sizeof *e->scratch_st);
  if (!e->scratch || !e->scratch_st) {
    eng_free(e);
    return NULL;
  }
  return e;
}

engine_t *eng_new(void) { return new_engine(2); }

void eng_free(engine_t *e) {
  if (!e) return;
  eng_free(e->scratch);
  free(e->scratch_st);
  free(e);
}

static void build_packs(engine_t *e) {
  cc_clear(&e->packs);
  unsigned packs = (unsigned)e->seat->packs;
  for (card_t c = 0; c < 52; c++) cc_add(&e->packs, c, packs);
  cc_add(&e->packs, CARD_JOKER, packs * (unsigned)e->rs->cards.jokers_per_pack);
}

void eng_begin(engine_t *e, const ruleset_t *rs, const rs_seat_t *seat, int nplayers,
               const int team_of[], int nteams, const char *const names[],
               const long team_total[], int hand_no) {
  memset(e, 0, offsetof(engine_t, err));
  memset(&e->err, 0, sizeof e->err);
  e->err.status = VERDICT_LEGAL;
  e->rs = rs;
  meld_kinds_build(&e->kind_table, rs);
  e->kinds = &e->kind_table;
  e->sets_aside = rs_sets_aside(rs);
  e->seat = seat;
  e->nplayers = nplayers;
  e->nteams = nteams;
  for (int p = 0; p < nplayers; p++) {
    e->team_of[p] = team_of[p];
    e->player_name[p] = names[p];
  }
  for (int t = 0; t < nteams; t++) e->team_total[t] = team_total[t];
  e->hand_no = hand_no;
  build_packs(e);
  e->stock = e->packs;
  e->dealer = -1;
  e->owed_player = -1;
  e->walker = -1;
  e->out_player = -1;
  e->bonus_player = -1;
  e->pregame = true;
  e->pregame_seat = -1;
  e->cut = -1;
}

/* A mark as src holds it: its text only when it is set (read only then). */
static void copy_mark(mark_t *dst, const mark_t *src) {
  dst->set = src->set;
  dst->line = src->line;
  dst->col = src->col;
  if (src->set) memcpy(dst->text, src->text, strlen(src->text) + 1);
  else dst->text[0] = '\0';
}

/* Only what is in use of each buffer: the copies a try makes (the
 * generator's, referee_game_try's) are most of their cost. */
void eng_copy(engine_t *dst, const engine_t *src) {
  memcpy(dst, src, offsetof(engine_t, hand));
  size_t np = (size_t)src->nplayers;
  memcpy(dst->hand, src->hand, np * sizeof src->hand[0]);
  memcpy(dst->foot, src->foot, np * sizeof src->foot[0]);
  copy_mark(&dst->first_meld, &src->first_meld);
  copy_mark(&dst->black3_meld, &src->black3_meld);
  copy_mark(&dst->past_cap, &src->past_cap);
  copy_mark(&dst->last_card, &src->last_card);
  copy_mark(&dst->short_group, &src->short_group);
  verdict_copy(&dst->err, &src->err);
  memcpy(dst->open, src->open, (size_t)src->nmelds * sizeof src->open[0]);
  memcpy(dst->melds, src->melds, (size_t)src->nmelds * sizeof src->melds[0]);
  memcpy(dst->stock_order, src->stock_order, src->stock_len * sizeof src->stock_order[0]);
  memcpy(dst->pile, src->pile, src->npile * sizeof src->pile[0]);
}

void eng_clone(engine_t *dst, const engine_t *src, const ruleset_t *rs,
               const char *const names[]) {
  eng_copy(dst, src);
  dst->rs = rs;
  if (rs == src->rs) dst->kind_table = src->kind_table;
  else meld_kinds_build(&dst->kind_table, rs);
  dst->kinds = &dst->kind_table;
  dst->sets_aside = rs_sets_aside(rs);
  dst->seat = src->seat ? rs_seat(rs, src->nplayers) : NULL;
  for (int p = 0; p < src->nplayers; p++) dst->player_name[p] = names[p];
}

bool eng_conserved(const engine_t *e) {
  if (!e->setup_done || e->dead) return true;
  unsigned count[CARD_KINDS];
  for (card_t c = 0; c < CARD_KINDS; c++)
    count[c] = (unsigned)e->stock.n[c] + e->laid_red3.n[c] + e->set_aside.n[c] + e->aside_due.n[c];
  for (int p = 0; p < e->nplayers; p++)
    for (card_t c = 0; c < CARD_KINDS; c++) count[c] += e->hand[p].n[c] + e->foot[p].n[c];
  for (int i = 0; i < e->nmelds; i++)
    for (card_t c = 0; c < CARD_KINDS; c++) count[c] += e->melds[i].cards.n[c];
  for (unsigned i = 0; i < e->npile; i++) count[e->pile[i]]++;
  for (card_t c = 0; c < CARD_KINDS; c++) count[c] += e->shown.n[c]; /* a special hand */
  for (int i = 0; i < RS_MAX_PACKETS; i++) /* bonus packets still set aside, or passed */
    for (card_t c = 0; c < CARD_KINDS; c++) count[c] += e->packet[i].n[c];
  for (card_t c = 0; c < CARD_KINDS; c++)
    if (count[c] != e->packs.n[c]) return false;
  return true;
}

const verdict_t *eng_error(const engine_t *e) { return &e->err; }

const rule_uses_t *eng_uses(const engine_t *e) { return &e->uses; }

void eng_view(const engine_t *e, eng_view_t *v) {
  memset(v, 0, sizeof *v);
  v->rs = e->rs;
  v->kinds = e->kinds;
  v->seat = e->seat;
  v->nplayers = e->nplayers;
  v->nteams = e->nteams;
  v->team_of = e->team_of;
  v->player_name = e->player_name;
  v->team_total = e->team_total;
  v->dealer = e->dealer;
  v->setup_done = e->setup_done;
  v->current = e->current;
  v->over = e->over;
  v->out_player = e->out_player;
  v->concealed = e->concealed;
  v->drawn = e->drawn;
  v->took_pile = e->took_pile;
  v->empty_hand = e->empty_hand;
  v->owed_player = e->owed_player;
  v->owed = e->owed;
  v->asked = e->ask == ASK_WAITING;
  v->bonus_player = e->bonus_player;
  for (int i = 0; i < e->npackets_dealt && i < RS_MAX_PACKETS; i++)
    v->packets_left += !e->packet_taken[i] && e->packet[i].total > 0;
  v->hand = e->hand;
  v->foot = e->foot;
  v->has_foot = e->has_foot;
  v->player_melded = e->player_melded;
  v->team_opened = e->team_opened;
  v->team_splashed = e->team_splashed;
  v->red_threes = e->red_threes;
  v->aside = e->aside;
  v->aside_due = &e->aside_due;
  v->melds = e->melds;
  v->nmelds = e->nmelds;
  v->pile = e->pile;
  v->npile = e->npile;
  eng_bonus_view(e, &v->packets);
  eng_pile_freeze(e, eng_view_to_act(v), &v->freeze);
  v->pile_blocked = e->npile > 0 && rs_blocks_pile(e->rs, e->pile[e->npile - 1]);
  v->stock = e->stock.total;
  if (e->stock_known) {
    v->stock_next = e->stock_order + e->stock_pos;
    v->stock_next_len = e->stock_len - e->stock_pos;
  }
}

/* ---- errors ---------------------------------------------------------- */

static bool vfail(engine_t *e, unsigned line, unsigned col, const char *text, const char *actor,
                  code_t code, rule_key_t rule, const char *fmt, va_list ap) {
  verdict_t *v = &e->err;
  v->status = VERDICT_ILLEGAL;
  v->code = code;
  v->rule = rule;
  vsnprintf(v->message, sizeof v->message, fmt, ap);
  v->line = line;
  v->col = col;
  snprintf(v->actor, sizeof v->actor, "%s", actor ? actor : "");
  verdict_text(v->text, text);
  e->dead = true;
  return false;
}

static const char *actor_of(const stmt_t *st) { return st->kind == ST_ACTION ? st->key.s : NULL; }

bool eng_fail(engine_t *e, const stmt_t *st, unsigned col, code_t code, rule_key_t rule,
              const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  bool r = vfail(e, st->line, col, st->text, actor_of(st), code, rule, fmt, ap);
  va_end(ap);
  return r;
}

bool eng_fail_at(engine_t *e, unsigned line, unsigned col, const char *text, code_t code,
                 rule_key_t rule, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  bool r = vfail(e, line, col, text, NULL, code, rule, fmt, ap);
  va_end(ap);
  return r;
}

bool eng_fail_mark(engine_t *e, const mark_t *m, int actor, code_t code, rule_key_t rule,
                   const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  bool r = vfail(e, m->line, m->col, m->text, e->player_name[actor], code, rule, fmt, ap);
  va_end(ap);
  return r;
}

bool eng_judged(engine_t *e, const stmt_t *st, unsigned col) {
  verdict_t *v = &e->err;
  v->line = st->line;
  v->col = col;
  snprintf(v->actor, sizeof v->actor, "%s", actor_of(st) ? actor_of(st) : "");
  verdict_text(v->text, st->text);
  e->dead = true;
  return false;
}

void eng_mark(mark_t *m, const stmt_t *st) {
  if (m->set) return;
  m->set = true;
  m->line = st->line;
  m->col = st->verb_word.col;
  verdict_text(m->text, st->text);
}

void eng_use(engine_t *e, rule_key_t k) { uses_add(&e->uses, k); }

/* ---- cards ----------------------------------------------------------- */

unsigned eng_bonus_count(const ruleset_t *rs, const card_counts_t *cc) {
  unsigned n = 0;
  for (int suit = 0; suit < 4; suit++) {
    card_t c = card_make(RANK_3, suit);
    if (rs_is_bonus(rs, c)) n += cc->n[c];
  }
  return n;
}

int eng_partner_count(const engine_t *e, int p) {
  int n = 0;
  for (int q = 0; q < e->nplayers; q++)
    if (q != p && e->team_of[q] == e->team_of[p]) n++;
  return n;
}

meld_t *eng_meld_by_number(engine_t *e, int team, int number) {
  for (int i = 0; i < e->nmelds; i++)
    if (e->melds[i].team == team && e->melds[i].number == number) return &e->melds[i];
  return NULL;
}

/* meld.new_after_canasta: a team may hold several melds of a rank, all
 * canastas but the last: the one not yet a canasta is the meld of that rank
 * (or, when all are canastas, the first). */
meld_t *eng_meld_by_rank(engine_t *e, int team, int rank) {
  meld_t *first = NULL;
  for (int i = 0; i < e->nmelds; i++) {
    meld_t *m = &e->melds[i];
    if (m->team != team || m->rank != rank) continue;
    if (!e->rs->meld.new_after_canasta || !meld_is_canasta(e->kinds, m)) return m;
    if (!first) first = m;
  }
  return first;
}

/* NOT-IN-HAND at the line's card i, the first that p holds too few of. */
COLD static bool not_in_hand(engine_t *e, const stmt_t *st, int p, unsigned i) {
  char b[4];
  card_t c = st->cards[i];
  unsigned need = 0;
  for (unsigned j = 0; j <= i; j++) need += st->cards[j] == c;
  if (e->hand[p].n[c] == 0)
    return eng_fail(e, st, st->card_cols[i], CODE_NOT_IN_HAND, RK_NONE, _("%s holds no %s"),
                    e->player_name[p], card_name(c, b));
  return eng_fail(e, st, st->card_cols[i], CODE_NOT_IN_HAND, RK_NONE,
                  _("%s holds %u %s, the line names %u"), e->player_name[p], e->hand[p].n[c],
                  card_name(c, b), need);
}

/* The line's cards taken out of the hand's counts one by one, up to the
 * first one missing, and put back: no table of the cards needed to clear at
 * every action. */
bool eng_check_in_hand(engine_t *e, const stmt_t *st, int p) {
  uint16_t *held = e->hand[p].n;
  if (st->ncards == 1 && held[st->cards[0]] > 0) return true; /* a discard */
  unsigned i = 0;
  while (i < st->ncards && held[st->cards[i]] > 0) held[st->cards[i++]]--;
  for (unsigned j = 0; j < i; j++) held[st->cards[j]]++;
  return i == st->ncards || not_in_hand(e, st, p, i);
}

long eng_move_from_hand(engine_t *e, const stmt_t *st, int p, card_counts_t *to) {
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
/* STOCK-MISMATCH at the line's card i, which the stock cannot give. */
COLD static bool stock_mismatch(engine_t *e, const stmt_t *st, unsigned i) {
  char b[4], b2[4];
  card_t c = st->cards[i];
  if (e->stock.total == 0)
    return eng_fail(e, st, st->card_cols[i], CODE_STOCK_MISMATCH, RK_NONE, _("the stock is empty"));
  if (e->stock_known)
    return eng_fail(e, st, st->card_cols[i], CODE_STOCK_MISMATCH, RK_NONE,
                    _("the stock gives %s here, not %s"), card_name(e->stock_order[e->stock_pos], b),
                    card_name(c, b2));
  return eng_fail(e, st, st->card_cols[i], CODE_STOCK_MISMATCH, RK_NONE,
                  _("no %s is left in the stock: all %u copies are elsewhere"), card_name(c, b),
                  e->packs.n[c]);
}

bool eng_take_from_stock(engine_t *e, const stmt_t *st, int p) {
  for (unsigned i = 0; i < st->ncards; i++) {
    card_t c = st->cards[i];
    bool given = e->stock.total > 0 &&
                 (e->stock_known ? e->stock_order[e->stock_pos] == c : e->stock.n[c] > 0);
    if (!given) return stock_mismatch(e, st, i);
    if (e->stock_known) e->stock_pos++;
    cc_take(&e->stock, c, 1);
    cc_add(&e->hand[p], c, 1);
    if (p == e->current) cc_add(&e->own, c, 1);
  }
  return true;
}

void eng_push_pile(engine_t *e, card_t c) {
  e->pile[e->npile++] = c;
  if (rs_freezes_pile(e->rs, c) && e->pile_freezers++ == 0) e->frozen_line = e->line;
}
