/* state.c — the state of a game as plain structs (referee_game_state): the
 * record's teams and totals, and the hand in play read through eng_view, as
 * every other reader of a hand does. Nothing here judges: a meld is a
 * canasta when meld_is_canasta says so, the pile is frozen for the cause
 * eng_pile_freeze names. */
#include <string.h>

#include "api_private.h"
#include "meld.h"

_Static_assert((int)REFEREE_CARD_KINDS == CARD_KINDS && (int)REFEREE_JOKER == CARD_JOKER,
               "referee.h numbers cards as card.h does");
_Static_assert((int)REFEREE_MAX_PLAYERS == MAX_PLAYERS && (int)REFEREE_MAX_TEAMS == MAX_TEAMS &&
                   (int)REFEREE_MAX_MELDS == MAX_MELDS,
               "referee.h's bounds are the engine's");
_Static_assert((int)REFEREE_MELD_RANK_RULE == KIND_RANK_RULE && KIND_COUNT == 7 &&
                   (int)REFEREE_MELD_SEQUENCE == KIND_SEQUENCE &&
                   (int)REFEREE_MELD_WILD_CARDS == KIND_WILD_MELD,
               "referee_meld_kind_t is meld_kind_t");
_Static_assert((int)REFEREE_FREEZE_NONE == FREEZE_NONE &&
                   (int)REFEREE_FREEZE_UNTIL_TAKEN == FREEZE_UNTIL_TAKEN,
               "referee_freeze_t is freeze_cause_t");

#define SUITED(r) r "S", r "H", r "D", r "C"
static const char *const card_names[REFEREE_CARD_KINDS] = {
    SUITED("2"), SUITED("3"), SUITED("4"), SUITED("5"), SUITED("6"), SUITED("7"), SUITED("8"),
    SUITED("9"), SUITED("T"), SUITED("J"), SUITED("Q"), SUITED("K"), SUITED("A"), "JK"};

const char *referee_card_name(int card) {
  return card >= 0 && card < REFEREE_CARD_KINDS ? card_names[card] : NULL;
}

static void cards_of(referee_cards_t *out, const card_counts_t *cc) {
  for (int c = 0; c < CARD_KINDS; c++)
    out->count[c] = (unsigned char)(cc->n[c] < 255 ? cc->n[c] : 255);
  out->total = cc->total;
}

static void meld_of(referee_meld_t *out, const eng_view_t *v, const meld_t *m) {
  out->team = m->team;
  out->number = m->number;
  out->kind = (referee_meld_kind_t)m->kind;
  out->rank = meld_row(v->kinds, m)->sequence ? -1 : m->rank;
  out->suit = m->suit;
  cards_of(&out->cards, &m->cards);
  out->naturals = (int)m->naturals;
  out->wilds = (int)m->wilds;
  out->canasta = meld_is_canasta(v->kinds, m);
}

/* Who acts and what they owe first; the pile, the stock, packets and feet. */
static void turn_of(referee_state_t *s, const eng_view_t *v) {
  s->dealt = v->setup_done;
  s->over = v->over;
  s->to_act = eng_view_to_act(v);
  s->dealer = v->dealer;
  s->drawn = v->drawn;
  s->owed = v->owed;
  s->owed_player = v->owed ? v->owed_player : -1;
  s->asked = v->asked;
  s->packet_player = v->bonus_player;
  s->out_player = v->out_player;
  s->top = v->npile ? v->pile[v->npile - 1] : -1;
  s->pile = v->npile;
  s->frozen = (referee_freeze_t)v->freeze.cause;
  s->freeze_rule = v->freeze.cause == FREEZE_NONE ? NULL : rule_key_name(v->freeze.rule);
  s->freeze_card = v->freeze.card;
  s->blocked = v->pile_blocked;
  s->stock = v->stock;
  s->packets = v->packets_left;
}

static void hand_of(referee_state_t *s, const engine_t *e) {
  eng_view_t v;
  eng_view(e, &v);
  s->in_hand = true;
  s->hand = s->hands_scored + 1;
  turn_of(s, &v);
  for (int p = 0; p < v.nplayers; p++) {
    referee_player_state_t *ps = &s->player[p];
    cards_of(&ps->hand, &v.hand[p]);
    cards_of(&ps->foot, &v.foot[p]);
    ps->has_foot = v.has_foot[p];
    ps->melded = v.player_melded[p];
    s->feet += v.has_foot[p];
  }
  for (int t = 0; t < v.nteams; t++) {
    s->team[t].opened = v.team_opened[t];
    s->team[t].red_threes = v.red_threes[t];
    s->set_aside[t] = v.aside[t];
  }
  cards_of(&s->aside_due, v.aside_due);
  s->melds = v.nmelds;
  for (int i = 0; i < v.nmelds; i++) {
    meld_of(&s->meld[i], &v, &v.melds[i]);
    referee_team_state_t *ts = &s->team[v.melds[i].team];
    ts->melds++;
    ts->canastas += s->meld[i].canasta;
  }
}

int referee_game_state(const referee_game_t *g, referee_state_t *out, size_t size) {
  if (!g || !out) return -1;
  referee_state_t s; /* this library's fields, of which the caller gets size bytes */
  memset(&s, 0, sizeof s);
  s.to_act = s.dealer = s.owed_player = s.packet_player = s.out_player = s.top = -1;
  s.freeze_card = -1;
  s.frozen = REFEREE_FREEZE_NONE;
  const record_t *r = game_record(g->game);
  s.players = r->nplayers;
  s.teams = r->nteams;
  s.hands_scored = r->nhands;
  for (int p = 0; p < r->nplayers; p++) {
    s.player[p].name = r->player[p];
    s.player[p].team = r->team_of[p];
  }
  for (int t = 0; t < r->nteams; t++) {
    s.team[t].name = r->team[t];
    s.team[t].total = r->total[t];
  }
  const engine_t *e = g->no_memory ? NULL : game_hand(g->game);
  if (e) hand_of(&s, e);
  memcpy(out, &s, size < sizeof s ? size : sizeof s);
  return 0;
}
