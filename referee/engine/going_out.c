/* going_out.c — the opening minimum and going out. */
#include "engine_private.h"

#include <stddef.h>
#include <stdio.h>

#include "i18n.h"
#include "meld.h"
#include "score.h"

int eng_opening_need(const engine_t *e, int team) {
  return rs_opening_minimum(e->rs, e->hand_no, e->team_total[team]);
}

rule_key_t eng_opening_rule(const engine_t *e, int team) {
  if (e->rs->opening.nby_hand > 0) return RK_OPENING_BY_HAND;
  return e->team_total[team] < 0 ? RK_OPENING_NEGATIVE : RK_OPENING_BANDS;
}

/* What the minimum went by, for the verdict's sentence: the team's total,
 * or (opening.by_hand) the hand's number. */
static long need_basis(const engine_t *e, int team) {
  return e->rs->opening.nby_hand > 0 ? e->hand_no : e->team_total[team];
}

static long largest_or_sum(const ruleset_t *rs, long best, long sum) {
  return rs->opening.counts == OPEN_LARGEST_MELD ? best : sum;
}

/* opening.concealed_exempt: going out concealed after a draw from the stock. */
static bool concealed_exempt(engine_t *e, int team) {
  if (!e->concealed || !e->rs->opening.concealed_exempt || e->took_pile) return false;
  eng_use(e, RK_OPENING_CONCEALED_EXEMPT);
  e->team_opened[team] = true;
  return true;
}

/* opening.splash: the opening turn, begun by a draw (no take), lays a
 * complete canasta without wild cards or one of wild cards only: it opens
 * whatever the melds are worth and whatever the team's total (and holds the
 * natural meld opening.natural_meld asks for, or the wild one). */
static bool splash(engine_t *e, int team) {
  if (!e->rs->opening.splash || e->took_pile) return false;
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    if (m->team != team || !meld_is_canasta(e->kinds, m)) continue;
    if (m->wilds == 0 || meld_row(e->kinds, m)->rank_less) {
      eng_use(e, RK_OPENING_SPLASH);
      e->team_opened[team] = e->team_splashed[team] = true;
      return true;
    }
  }
  return false;
}

/* opening.judged: meld (every group the opening turn lays, `meld` or `take
 * C...`, is worth the minimum alone, as laid) or first_meld (only its first
 * group is judged, alone). The first group judged that falls short is kept:
 * the verdict waits for the end of the melding (a concealed going out or a
 * hidden canasta may yet exempt the turn) and falls on that group. */
void eng_note_opening_group(engine_t *e, const stmt_t *st, int p, long value) {
  const ruleset_t *rs = e->rs;
  int team = e->team_of[p];
  if (e->opened_before_turn || e->team_opened[team] || rs->opening.judged == OPENING_JUDGED_TURN)
    return;
  bool judged = rs->opening.judged == OPENING_JUDGED_MELD || e->opening_groups == 0;
  e->opening_groups++;
  if (!judged || e->short_group.set || value >= eng_opening_need(e, team))
    return;
  eng_mark(&e->short_group, st);
  e->short_value = value;
}

static bool judge_alone(engine_t *e, int p, int need) {
  const ruleset_t *rs = e->rs;
  int team = e->team_of[p];
  bool by_hand = rs->opening.nby_hand > 0;
  const char *fmt =
      rs->opening.judged == OPENING_JUDGED_MELD
          ? (by_hand ? _("this meld of the opening turn is worth %ld by itself, %d needed (hand "
                         "%ld): each meld of the opening turn is judged alone")
                     : _("this meld of the opening turn is worth %ld by itself, %d needed (team "
                         "total %ld): each meld of the opening turn is judged alone"))
          : (by_hand ? _("the team's first meld is worth %ld by itself, %d needed (hand %ld): the "
                         "opening is judged on the first meld alone")
                     : _("the team's first meld is worth %ld by itself, %d needed (team total "
                         "%ld): the opening is judged on the first meld alone"));
  if (e->short_group.set && e->short_value < need)
    return eng_fail_mark(e, &e->short_group, p, CODE_OPENING_MINIMUM,
                         by_hand ? RK_OPENING_BY_HAND : RK_OPENING_BANDS, fmt, e->short_value,
                         need, need_basis(e, team));
  eng_use(e, RK_OPENING_JUDGED);
  eng_use(e, eng_opening_rule(e, team));
  e->team_opened[team] = true;
  return true;
}

/* opening.natural_meld: the opening turn lays a meld of so many naturals
 * from the hand and no wild card ("a Clean Triple"), or with
 * opening.natural_meld_wild a meld of as many wild cards; whether the pile's
 * top card is one of them is opening.top_card_counts (fill_meld's count). */
static bool natural_meld_laid(engine_t *e, int p) {
  const ruleset_t *rs = e->rs;
  int team = e->team_of[p], need = rs->opening.natural_meld;
  if (need == 0) return true;
  bool by_wild = false;
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    if (m->team != team) continue;
    if (meld_row(e->kinds, m)->rank_less) {
      by_wild = by_wild || (rs->opening.natural_meld_wild && (int)m->cards.total >= need);
    } else if (m->wilds == 0 && e->open[i].naturals >= need) {
      eng_use(e, RK_OPENING_NATURAL_MELD);
      return true;
    }
  }
  if (by_wild) {
    eng_use(e, RK_OPENING_NATURAL_MELD);
    eng_use(e, RK_OPENING_NATURAL_MELD_WILD);
    return true;
  }
  if (rs->opening.natural_meld_wild)
    return eng_fail_mark(e, &e->first_meld, p, CODE_OPENING_MINIMUM, RK_OPENING_NATURAL_MELD,
                         _("the opening turn lays no meld of %d naturals without a wild card, nor "
                           "one of %d wild cards: the opening needs one"),
                         need, need);
  return eng_fail_mark(e, &e->first_meld, p, CODE_OPENING_MINIMUM, RK_OPENING_NATURAL_MELD,
                       _("the opening turn lays no meld of %d naturals without a wild card: the "
                         "opening needs one"),
                       need);
}

/* opening.*: judged when the turn's melding is over, reported at the turn's
 * first meld. Only the top card of a taken pile and the player's own cards
 * count (eng_move_from_hand keeps that account). */
bool eng_judge_opening(engine_t *e, int p) {
  const ruleset_t *rs = e->rs;
  int team = e->team_of[p];
  if (e->opened_before_turn || !e->first_meld.set || e->team_opened[team]) return true;
  if (concealed_exempt(e, team) || splash(e, team)) return true;
  if (!natural_meld_laid(e, p)) return false;
  long best = 0, sum = 0;
  bool hidden = false;
  int counted = 0;
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    if (m->team != team) continue;
    counted += e->open[i].value > 0;
    sum += e->open[i].value;
    if (e->open[i].value > best) best = e->open[i].value;
    hidden = hidden || (m->hidden && meld_is_canasta(e->kinds, m));
  }
  int need = eng_opening_need(e, team);
  /* opening.hidden_from: from that total a hidden canasta opens whatever it is worth */
  if (hidden && rs->opening.hidden_from > 0 && e->team_total[team] >= rs->opening.hidden_from) {
    if (need > (largest_or_sum(rs, best, sum))) eng_use(e, RK_OPENING_HIDDEN_FROM);
    need = 0;
  }
  if (rs->opening.judged != OPENING_JUDGED_TURN) return judge_alone(e, p, need);
  bool largest = rs->opening.counts == OPEN_LARGEST_MELD, by_hand = rs->opening.nby_hand > 0;
  long got = largest_or_sum(rs, best, sum);
  /* opening.top_card_counts: false, the top card's value would have opened */
  if (got < need && !largest && !by_hand && got + e->top_uncounted >= need)
    return eng_fail_mark(e, &e->first_meld, p, CODE_OPENING_MINIMUM, RK_OPENING_TOP_CARD_COUNTS,
                         _("the team's opening melds are worth %ld without the pile's top card, "
                           "%d needed (team total %ld): the top card does not count"),
                         got, need, need_basis(e, team));
  if (got < need)
    return eng_fail_mark(e, &e->first_meld, p, CODE_OPENING_MINIMUM,
                         by_hand ? RK_OPENING_BY_HAND : RK_OPENING_BANDS,
                         by_hand   ? (largest ? _("the team's largest opening meld is worth %ld, "
                                                  "%d needed in hand %ld")
                                              : _("the team's opening melds are worth %ld, %d "
                                                  "needed in hand %ld"))
                         : largest ? _("the team's largest opening meld is worth %ld, %d needed "
                                       "(team total %ld)")
                                   : _("the team's opening melds are worth %ld, %d needed (team "
                                       "total %ld)"),
                         got, need, need_basis(e, team));
  eng_use(e, eng_opening_rule(e, team));
  if (counted > 1) eng_use(e, RK_OPENING_COUNTS);
  e->team_opened[team] = true;
  return true;
}

/* The requirements going out counts, one row each in the order they are
 * judged (engine.h: GO_*): the ruleset's number (going_out.*), the verdict's
 * sentence when the team has fewer, and what the what-if layer says it
 * lacked. What the team has of each is team_has's. */
#define NEED(m) offsetof(ruleset_t, going_out.m)
static const struct {
  rule_key_t rule;
  size_t need; /* an int of ruleset_t */
  const char *has_one, *has_many, *lacked_one, *lacked_many;
} requirements[GO_KINDS] = {
    [GO_CANASTAS] = {RK_GOING_OUT_CANASTAS, NEED(canastas),
                     NP_("%s but the team has %d canasta; going out needs %d",
                         "%s but the team has %d canastas; going out needs %d"),
                     NP_("going out lacked %d more canasta (%s: the team had %d, %d needed)",
                         "going out lacked %d more canastas (%s: the team had %d, %d needed)")},
    [GO_PURE] = {RK_GOING_OUT_PURE, NEED(pure),
                 NP_("%s but the team has %d pure canasta; going out needs %d",
                     "%s but the team has %d pure canastas; going out needs %d"),
                 NP_("going out lacked %d more pure canasta (%s: the team had %d, %d needed)",
                     "going out lacked %d more pure canastas (%s: the team had %d, %d needed)")},
    [GO_IMPURE] = {RK_GOING_OUT_IMPURE, NEED(impure),
                   NP_("%s but the team has %d impure canasta; going out needs %d",
                       "%s but the team has %d impure canastas; going out needs %d"),
                   NP_("going out lacked %d more impure canasta (%s: the team had %d, %d needed)",
                       "going out lacked %d more impure canastas (%s: the team had %d, %d needed)")},
    [GO_WILD] = {RK_GOING_OUT_WILD, NEED(wild),
                 NP_("%s but the team has %d wild canasta; going out needs %d",
                     "%s but the team has %d wild canastas; going out needs %d"),
                 NP_("going out lacked %d more wild canasta (%s: the team had %d, %d needed)",
                     "going out lacked %d more wild canastas (%s: the team had %d, %d needed)")},
    [GO_SEQUENCES] = {RK_GOING_OUT_SEQUENCES, NEED(sequences),
                      NP_("%s but the team has %d complete sequence; going out needs %d",
                          "%s but the team has %d complete sequences; going out needs %d"),
                      NP_("going out lacked %d more complete sequence (%s: the team had %d, %d "
                          "needed)",
                          "going out lacked %d more complete sequences (%s: the team had %d, %d "
                          "needed)")},
};

static int needs(const ruleset_t *rs, int k) {
  return *(const int *)(const void *)((const char *)rs + requirements[k].need);
}

/* What the team has of each kind going out counts (complete sequences only
 * where some are needed: none is never lacking, and the count walks every
 * meld). */
static void team_has(const engine_t *e, int team, int has[GO_KINDS]) {
  canastas_t c = meld_canastas(e->kinds, e->melds, e->nmelds, team);
  has[GO_SEQUENCES] = 0;
  for (int i = 0; needs(e->rs, GO_SEQUENCES) > 0 && i < e->nmelds; i++)
    if (e->melds[i].team == team && meld_is_complete_sequence(e->kinds, &e->melds[i]))
      has[GO_SEQUENCES]++;
  has[GO_CANASTAS] = c.all;
  has[GO_PURE] = c.pure;
  has[GO_IMPURE] = c.impure;
  has[GO_WILD] = c.wild_pure + c.wild_impure + c.wild_meld;
}

static int requirement_of(rule_key_t rule) {
  int k = 0;
  while (k < GO_KINDS && requirements[k].rule != rule) k++;
  return k;
}

const char *eng_going_out_lacked(rule_key_t rule, int more) {
  int k = requirement_of(rule);
  if (k == GO_KINDS || more <= 0) return NULL;
  return i18n_plural(requirements[k].lacked_one, requirements[k].lacked_many, (unsigned long)more);
}

void eng_going_out_needs(const engine_t *e, int team, int more[GO_KINDS]) {
  int has[GO_KINDS];
  team_has(e, team, has);
  for (int k = 0; k < GO_KINDS; k++) more[k] = needs(e->rs, k) > has[k] ? needs(e->rs, k) - has[k] : 0;
}

/* going_out.no_unfinished: the first of the team's melds that carries a
 * penalty while unfinished (meld.rank_rules' `unfinished`), -1 for none:
 * "not with an unfinished meld of sevens or aces". */
static int unfinished_penalised(const engine_t *e, int team) {
  for (int i = 0; i < e->nmelds; i++)
    if (e->melds[i].team == team && score_rank_unfinished(e->kinds, &e->melds[i]) < 0) return i;
  return -1;
}

go_lack_t eng_going_out_lack(const engine_t *e, int p) {
  const ruleset_t *rs = e->rs;
  go_lack_t none = {RK_NONE, 0, 0};
  if (!rs->going_out.first_turn && e->turns[p] <= 1)
    return (go_lack_t){RK_GOING_OUT_FIRST_TURN, 0, 0};
  bool concealed = rs->going_out.concealed_by == CONCEALED_BY_PLAYER ? !e->melded_before_turn
                                                                     : !e->team_melded_before_turn;
  if (!rs->going_out.concealed && concealed) return (go_lack_t){RK_GOING_OUT_CONCEALED, 0, 0};
  int has[GO_KINDS];
  team_has(e, e->team_of[p], has);
  for (int k = 0; k < GO_KINDS; k++)
    if (has[k] < needs(rs, k)) return (go_lack_t){requirements[k].rule, has[k], needs(rs, k)};
  /* going_out.needs: "you must have made at least one 7s canasta" */
  if (rs->going_out.needs.tests && !eng_holds(e, &rs->going_out.needs, e->team_of[p], p))
    return (go_lack_t){RK_GOING_OUT_NEEDS, 0, 0};
  /* going_out.no_unfinished: `have` is the unfinished meld's number (#N) for
   * a meld of wild cards (`need` 0), its rank for a set of meld.rank_rules
   * (`need` 1) */
  int index = 0;
  if (rs->going_out.no_unfinished &&
      meld_unfinished(e->kinds, e->melds, e->nmelds, e->team_of[p], true, &index))
    return (go_lack_t){RK_GOING_OUT_NO_UNFINISHED, index, 0};
  int open = rs->going_out.no_unfinished ? unfinished_penalised(e, e->team_of[p]) : -1;
  if (open >= 0) return (go_lack_t){RK_GOING_OUT_NO_UNFINISHED, e->melds[open].rank, 1};
  return none;
}

/* The sentence for a requirement not met; `who` says how the hand empties. */
static bool fail_lack(engine_t *e, const mark_t *at, int p, go_lack_t l, const char *who) {
  if (l.rule == RK_GOING_OUT_FIRST_TURN)
    return eng_fail_mark(e, at, p, CODE_GO_OUT_REQUIREMENT, l.rule,
                         _("%s in the first turn, where going out is not allowed"), who);
  if (l.rule == RK_GOING_OUT_CONCEALED)
    return eng_fail_mark(e, at, p, CODE_GO_OUT_REQUIREMENT, l.rule,
                         _("%s but going out concealed is not allowed: a player melds before "
                           "the turn of going out"), who);
  if (l.rule == RK_GOING_OUT_NO_UNFINISHED && l.need)
    return eng_fail_mark(e, at, p, CODE_GO_OUT_REQUIREMENT, l.rule,
                         _("%s but the team's meld %s is unfinished: going out needs it complete"),
                         who, card_rank_of(l.have));
  if (l.rule == RK_GOING_OUT_NO_UNFINISHED)
    return eng_fail_mark(e, at, p, CODE_GO_OUT_REQUIREMENT, l.rule,
                         _("%s but the team's meld of wild cards #%d is unfinished: going out "
                           "needs it complete"), who, l.have);
  if (l.rule == RK_GOING_OUT_NEEDS) {
    char when[256];
    cond_format(&e->rs->going_out.needs, when, sizeof when);
    return eng_fail_mark(e, at, p, CODE_GO_OUT_REQUIREMENT, l.rule,
                         _("%s but the team does not meet %s, which going out needs"), who, when);
  }
  int k = requirement_of(l.rule);
  return eng_fail_mark(e, at, p, CODE_GO_OUT_REQUIREMENT, l.rule,
                       i18n_plural(requirements[k].has_one, requirements[k].has_many,
                                   (unsigned long)l.have),
                       who, l.have, l.need);
}

/* going_out.*: what the team needs on the table when a player's hand
 * empties, judged at `at`; `why` (a clause taking the player's name,
 * translated whole) says how it empties. */
static bool judge_requirements_as(engine_t *e, const mark_t *at, int p, const char *why) {
  const ruleset_t *rs = e->rs;
  go_lack_t l = eng_going_out_lack(e, p);
  if (l.rule != RK_NONE) { /* the clause is written for the verdict only */
    char who[NAME_LEN + 128];
    snprintf(who, sizeof who, why, e->player_name[p]);
    return fail_lack(e, at, p, l, who);
  }
  if (!rs->going_out.first_turn) eng_use(e, RK_GOING_OUT_FIRST_TURN);
  if (!rs->going_out.concealed) eng_use(e, RK_GOING_OUT_CONCEALED);
  for (int k = 0; k < GO_KINDS; k++)
    if (needs(rs, k) > 0) eng_use(e, requirements[k].rule);
  if (rule_key_active(rs, RK_GOING_OUT_NO_UNFINISHED)) eng_use(e, RK_GOING_OUT_NO_UNFINISHED);
  if (rs->going_out.needs.tests) eng_use(e, RK_GOING_OUT_NEEDS);
  return true;
}

static bool judge_requirements(engine_t *e, const stmt_t *st, int p) {
  mark_t at = {false, 0, 0, ""};
  eng_mark(&at, st);
  return judge_requirements_as(e, &at, p, _("%s's hand is empty"));
}

/* going_out.premature: meld: where the turn ends with a discard, a meld, add
 * or take that leaves one card while the team lacks what going out needs is
 * kept: if the turn then goes out by discarding that card, the premature
 * going out is reported at it. Laying the last card on a meld instead is a
 * going out judged at that lay-off (eng_after_meld), and a turn that does
 * not go out leaves the action legal. The player's melding is judged by how
 * the turn ends, whatever the order of its lines. */
static void note_last_card(engine_t *e, const stmt_t *st, int p) {
  const ruleset_t *rs = e->rs;
  e->last_card.set = false;
  if (e->hand[p].total != 1 || rs->turn.meld_before_draw || e->has_foot[p]) return;
  if (eng_going_out_lack(e, p).rule == RK_NONE) {
    if (rs->going_out.premature == PREMATURE_AT_MELD) eng_use(e, RK_GOING_OUT_PREMATURE);
    return;
  }
  eng_mark(&e->last_card, st);
}

/* going_out.concealed_by: going out concealed means the player (player) or
 * the player's team (team) had melded nothing before this turn; it earns
 * going_out.concealed_bonus and, with opening.concealed_exempt, no minimum. */
static bool concealed_now(engine_t *e) {
  if (e->rs->going_out.concealed_by == CONCEALED_BY_PLAYER) return !e->melded_before_turn;
  if (!e->melded_before_turn && e->team_melded_before_turn)
    eng_use(e, RK_GOING_OUT_CONCEALED_BY); /* the partner's melds make it not concealed */
  return !e->team_melded_before_turn;
}

void eng_went_out(engine_t *e, int p) {
  e->over = true;
  e->out_player = p;
  e->empty_hand = false;
}

/* going_out.premature: meld: the discard of the last card that a meld, add
 * or take left while the team lacked what going out needs goes out without
 * it: judged at that action, before the card leaves the hand (the table the
 * verdict shows is the one that action left). */
bool eng_judge_last_discard(engine_t *e, int p) {
  if (!e->last_card.set || e->rs->going_out.premature != PREMATURE_AT_MELD) return true;
  if (!judge_requirements_as(e, &e->last_card, p,
                             _("%s would keep one card, whose discard goes out,")))
    return false;
  eng_use(e, RK_GOING_OUT_PREMATURE);
  return true;
}

/* going_out.*: the hand became empty by a meld, an add or a discard. */
bool eng_judge_going_out(engine_t *e, const stmt_t *st, int p) {
  const ruleset_t *rs = e->rs;
  unsigned col = st->verb_word.col;
  e->concealed = concealed_now(e);
  if (!eng_aside_stated(e, st, p)) return false;
  if (!eng_judge_opening(e, p) || !judge_requirements(e, st, p)) return false;
  if (e->ask == ASK_NO)
    return eng_fail(e, st, col, CODE_GO_OUT_PERMISSION, RK_GOING_OUT_ASK,
                    _("%s goes out although the partner answered no"), e->player_name[p]);
  bool must_ask = rs->going_out.ask == ASK_REQUIRED && eng_partner_count(e, p) > 0;
  if (must_ask && e->ask != ASK_YES)
    return eng_fail(e, st, col, CODE_GO_OUT_PERMISSION, RK_GOING_OUT_ASK,
                    _("%s goes out without asking the partner"), e->player_name[p]);
  if (e->ask == ASK_YES) eng_use(e, RK_GOING_OUT_ASK);
  eng_went_out(e, p);
  return true;
}

/* Where melding comes first (turn.meld_before_draw), an empty hand does not
 * end the hand by itself: the player may end it (`ask` and a partner's `yes`,
 * or `end` when alone), if the team has what going out needs, or go on to the
 * draw. Elsewhere emptying the hand is going out. */
bool eng_after_meld(engine_t *e, const stmt_t *st, int p) {
  if (e->hand[p].total > 0) {
    note_last_card(e, st, p);
    return true;
  }
  if (eng_foot_waits(e, p)) { /* foot.when: hand_empty: play goes on from the foot */
    if (e->rs->going_out.foot) eng_use(e, RK_GOING_OUT_FOOT);
    return true;
  }
  if (e->rs->turn.meld_before_draw && !e->drawn) {
    e->empty_hand = true;
    return true;
  }
  /* going_out.last_card: discard: the last card goes by the discard */
  if (e->rs->going_out.last_card == LAST_CARD_DISCARD)
    return eng_fail(e, st, st->verb_word.col, CODE_GO_OUT_REQUIREMENT, RK_GOING_OUT_LAST_CARD,
                    _("%s's last card goes by %s, not by the discard: going out is by "
                      "discarding the last card"),
                    e->player_name[p], verb_name(st->verb));
  return eng_judge_going_out(e, st, p);
}

bool eng_may_end_early(engine_t *e, const stmt_t *st, int p) {
  e->concealed = concealed_now(e);
  return eng_judge_opening(e, p) && judge_requirements(e, st, p);
}
