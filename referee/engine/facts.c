/* facts.c — what the engine knows that a condition (condition.h) asks:
 * the team's melds and canastas, its opening and books, the player's turn,
 * cards held, the foot, the stock. Only the facts asked are counted. */
#include "engine_private.h"

#include <string.h>

#include "meld.h"

/* The team's canastas, by kind and, of sets, by rank. */
static void canasta_facts(const engine_t *e, int team, cond_facts_t *f) {
  memset(f->canastas_of, 0, sizeof f->canastas_of);
  canastas_t c = meld_canastas(e->kinds, e->melds, e->nmelds, team);
  f->n[COND_CANASTAS] = c.all;
  f->n[COND_PURE] = c.pure;
  f->n[COND_IMPURE] = c.impure;
  f->n[COND_WILD] = c.wild_pure + c.wild_impure + c.wild_meld;
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    if (m->team == team && m->rank >= 0 && m->rank < RANK_COUNT && meld_is_canasta(e->kinds, m))
      f->canastas_of[m->rank]++;
  }
}

/* going_out.*: nothing more is needed. */
static bool books(const engine_t *e, int team) {
  int more[GO_KINDS];
  eng_going_out_needs(e, team, more);
  for (int k = 0; k < GO_KINDS; k++)
    if (more[k] > 0) return false;
  return true;
}

/* Each fact is set (those not asked to 0); canastas_of only when asked. */
void eng_facts(const engine_t *e, int team, int p, unsigned want, cond_facts_t *f) {
  memset(f->n, 0, sizeof f->n);
  const unsigned canastas = 1u << COND_CANASTAS | 1u << COND_PURE | 1u << COND_IMPURE |
                            1u << COND_WILD;
  f->n[COND_MELDS] = eng_team_meld_count(e, team);
  if (want & canastas) canasta_facts(e, team, f);
  f->n[COND_OPENED] = e->team_opened[team];
  if (want & 1u << COND_BOOKS) f->n[COND_BOOKS] = books(e, team);
  f->n[COND_STOCK] = (int)e->stock.total;
  if (p < 0) return;
  f->n[COND_TURN] = e->turns[p];
  f->n[COND_HAND] = (int)e->hand[p].total;
  f->n[COND_FOOT] = e->rs->foot.size > 0 && !e->has_foot[p];
}

bool eng_holds(const engine_t *e, const cond_t *c, int team, int p) {
  cond_facts_t f;
  eng_facts(e, team, p, c->tests, &f);
  return cond_holds(c, &f);
}

foot_now_t eng_foot_after(const engine_t *e, int p) {
  return eng_holds(e, &e->rs->foot.after, e->team_of[p], p) ? FOOT_MAY : FOOT_NOT_YET;
}
