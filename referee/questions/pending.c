/* pending.c — what the turn in progress has left open (engine.h:
 * eng_pending). The engine judges a turn's melding by how the turn ends and
 * charges the verdict to the line that made it: the opening minimum to the
 * turn's first meld (or the group that fell short), black threes melded
 * only to go out to that meld, a last card kept while going out lacks
 * something to the action that left it. Until the turn ends those lines are
 * legal so far; here each judgement is made now, on a copy, by the
 * functions that make it at the end of the turn, so that a caller (a game
 * server) learns at the meld what the turn may no longer do. */
#include "engine_private.h"
#include "i18n.h"

static void keep(eng_pending_t out[], int max, int *n, const engine_t *judged,
                 eng_pend_when_t when) {
  if (*n < max) out[*n] = (eng_pending_t){judged->err, when};
  (*n)++;
}

int eng_pending(const engine_t *e, engine_t *scratch, eng_pending_t out[], int max) {
  if (e->dead || e->over || !e->setup_done) return 0;
  int p = e->current, n = 0;
  /* opening.*: as at a discard that keeps cards (no concealed going out) */
  eng_copy(scratch, e);
  scratch->concealed = false;
  if (!eng_judge_opening(scratch, p)) keep(out, max, &n, scratch, PEND_TURN_END);
  /* meld.black_threes: going_out: the verdict of turn.c's discard */
  if (e->black3_meld.set) {
    eng_copy(scratch, e);
    eng_fail_mark(scratch, &scratch->black3_meld, p, CODE_MELD_THREE, RK_MELD_BLACK_THREES,
                  _("black threes are melded only when going out, and %s did not go out"),
                  e->player_name[p]);
    keep(out, max, &n, scratch, PEND_NOT_OUT);
  }
  /* meld.max_cards_going_out: the same discard's verdict */
  if (e->past_cap.set) {
    eng_copy(scratch, e);
    eng_fail_past_cap(scratch, p);
    keep(out, max, &n, scratch, PEND_NOT_OUT);
  }
  /* going_out.premature: meld */
  eng_copy(scratch, e);
  if (!eng_judge_last_discard(scratch, p)) keep(out, max, &n, scratch, PEND_LAST_DISCARD);
  return n;
}
