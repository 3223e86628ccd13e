/* freeze.c — why the pile is frozen: one answer, computed here from the
 * hand's state, and one table of its causes and their words. The take's
 * judgement (melding.c), the view (--explain, --json, the page) and the
 * what-if layer all read eng_pile_freeze; none decides it again. */
#include "engine_private.h"
#include "i18n.h"

/* One row a cause, in the order causes are named when several hold (the
 * order of freeze_cause_t). `verdict` is the key a PILE-FROZEN verdict
 * cites: the number in its sentence, pile.unfreeze_naturals, except where
 * the cause is the whole rule (pile.always_frozen: docs/codes.md). */
static const struct {
  rule_key_t rule, verdict;
  const char *refusal; /* "%s": the card, the player, or nothing */
  const char *shown;   /* "%s": the cards, the team or the player */
} causes[FREEZE_NONE] = {
    [FREEZE_COVER] = {RK_PILE_COVER_FREEZES, RK_PILE_UNFREEZE_NATURALS,
                      N_("the pile is frozen by %s"), N_("frozen by the covered upcard %s")},
    [FREEZE_CARD] = {RK_PILE_FROZEN_BY, RK_PILE_UNFREEZE_NATURALS, N_("the pile is frozen by %s"),
                     N_("frozen: it holds %s")},
    [FREEZE_ALWAYS] = {RK_PILE_ALWAYS_FROZEN, RK_PILE_ALWAYS_FROZEN,
                       N_("the pile is always frozen"), N_("always frozen")},
    [FREEZE_UNOPENED] = {RK_PILE_FROZEN_FOR_UNOPENED, RK_PILE_UNFREEZE_NATURALS,
                         N_("the pile is frozen for a team that has not opened"),
                         N_("frozen for %s, a team that has not opened")},
    [FREEZE_UNTIL_TAKEN] = {RK_PILE_FROZEN_UNTIL_TAKEN, RK_PILE_UNFREEZE_NATURALS,
                            N_("the pile is frozen for %.30s until a first take"),
                            N_("frozen for %s until a first take")},
};

const char *eng_freeze_refusal(freeze_cause_t c) { return c < FREEZE_NONE ? causes[c].refusal : ""; }

void eng_freeze_why(const engine_t *e, const pile_freeze_t *f, char *why, size_t len) {
  char b[4];
  const char *what = f->card >= 0 ? card_name((card_t)f->card, b) : e->player_name[f->player];
  snprintf(why, len, _(eng_freeze_refusal(f->cause)), what);
}

rule_key_t eng_freeze_rule(freeze_cause_t c) { return c < FREEZE_NONE ? causes[c].rule : RK_NONE; }

const char *eng_freeze_shown(freeze_cause_t c) { return c < FREEZE_NONE ? causes[c].shown : ""; }

/* The card in the pile that froze it: the covered upcard, else the first
 * card of a pile.frozen_by class (the one that made pile_freezers 1). */
static int freezer(const engine_t *e, freeze_cause_t c) {
  if (c == FREEZE_COVER) return e->pile[0];
  for (unsigned i = 0; c == FREEZE_CARD && i < e->npile; i++)
    if (rs_freezes_pile(e->rs, e->pile[i])) return e->pile[i];
  return -1;
}

void eng_pile_freeze(const engine_t *e, int p, pile_freeze_t *out) {
  unsigned h = eng_freeze_holds(e, p);
  freeze_cause_t c = FREEZE_COVER;
  while (c < FREEZE_NONE && !(h & (1u << c))) c++;
  out->cause = c;
  out->holds = h;
  out->player = p;
  out->rule = c < FREEZE_NONE ? causes[c].rule : RK_NONE;
  out->verdict = c < FREEZE_NONE ? causes[c].verdict : RK_NONE;
  out->card = freezer(e, c);
  out->line = out->card >= 0 ? e->frozen_line : 0;
  out->naturals = e->rs->pile.unfreeze_naturals;
}
