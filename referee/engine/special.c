/* special.c — special hands (special_hands): a player whose team has not
 * melded shows the whole hand with `show C...`; a hand of a kind the ruleset
 * lists ends the hand with its fixed score for the team, in place of
 * everything else (score.c), and the other teams score as when a player goes
 * out; a row with `ends_game` wins the game at once (game.c asks
 * eng_special_winner).
 * The rule pages this mechanism follows are quoted under the key
 * `special_hands` in docs/rulesets.md: a special hand comes before the
 * team's first meld, and its kind and score are the ruleset's rows. No hand
 * is known here by its name: a row's shape is data (special.h). */
#include "special.h"

#include <stdarg.h>
#include <stdio.h>

#include "engine_private.h"
#include "i18n.h"

/* pairs: every card of the hand in pairs of one rank (jokers pair with
 * jokers, twos with twos), with a wild card or none as the row says; no
 * bonus card (a three the ruleset lays at once). */
static bool fits_pairs(const ruleset_t *rs, const rs_special_hand_t *s, const card_counts_t *h) {
  unsigned by_rank[RANK_COUNT] = {0};
  bool wild = false;
  for (card_t c = 0; c < CARD_KINDS; c++) {
    if (h->n[c] && rs_is_bonus(rs, c)) return false; /* a three laid at once pairs with none */
    by_rank[card_rank(c)] += h->n[c];
    wild = wild || (h->n[c] && rs_is_wild(rs, c));
  }
  for (int r = 0; r < RANK_COUNT; r++)
    if (by_rank[r] % 2) return false;
  return h->total > 0 && wild == s->wild;
}

/* How many entries of sizes[0..n) are k. */
static int count_of(const int *sizes, int n, int k) {
  int m = 0;
  for (int i = 0; i < n; i++) m += sizes[i] == k;
  return m;
}

/* The groups of a hand (after a straight's run, what is left of it): each
 * rank held is one group, so groups are of different ranks. A natural rank
 * (no bonus card: a three the ruleset lays at once never makes a group)
 * takes a `groups` size; a wild rank a `wild_groups` size, or with `wild` a
 * `groups` size too. Ranks of one size are interchangeable, so counting them
 * size by size decides the match. With `wild_mixed`, the wild cards together
 * fill the `wild_groups`, in any mix. */
static bool fits_groups(const ruleset_t *rs, const rs_special_hand_t *s,
                        const unsigned by_rank[RANK_COUNT], const bool wild_rank[RANK_COUNT]) {
  int natural[RS_MAX_GROUPS + 1] = {0}, wild[RS_MAX_GROUPS + 1] = {0};
  unsigned wild_cards = 0, wild_room = 0;
  for (int r = 0; r < RANK_COUNT; r++) {
    if (!by_rank[r]) continue;
    if (by_rank[r] > RS_MAX_GROUPS) return false;
    if (wild_rank[r]) wild[by_rank[r]]++, wild_cards += by_rank[r];
    else if (rs_is_bonus(rs, card_make(r, SUIT_S))) return false;
    else natural[by_rank[r]]++;
  }
  for (int i = 0; i < s->nwild_groups; i++) wild_room += (unsigned)s->wild_groups[i];
  if (s->wild_mixed && wild_cards != wild_room) return false;
  for (int k = 1; k <= RS_MAX_GROUPS; k++) {
    int slots = count_of(s->groups, s->ngroups, k);
    int wild_slots = s->wild_mixed ? 0 : count_of(s->wild_groups, s->nwild_groups, k);
    int wilds = s->wild_mixed ? 0 : wild[k];
    if (natural[k] > slots || wilds < wild_slots) return false;
    if (natural[k] + wilds != slots + wild_slots) return false;
    if (!s->wild && wilds != wild_slots) return false;
  }
  return true;
}

bool special_fits(const ruleset_t *rs, const rs_special_hand_t *s, const card_counts_t *h) {
  if (s->kind == SPECIAL_PAIRS) return fits_pairs(rs, s, h);
  unsigned by_rank[RANK_COUNT] = {0};
  bool wild_rank[RANK_COUNT] = {false};
  for (card_t c = 0; c < CARD_KINDS; c++)
    if (h->n[c]) {
      by_rank[card_rank(c)] += h->n[c];
      wild_rank[card_rank(c)] = wild_rank[card_rank(c)] || rs_is_wild(rs, c);
    }
  for (int r = 0; r < RANK_COUNT; r++)
    if (s->ranks[r] && !by_rank[r]) return false;
  if (s->kind == SPECIAL_STRAIGHT) /* one of each rank A..K, whatever it is */
    for (int r = RANK_2; r <= RANK_A; r++) {
      if (!by_rank[r]) return false;
      by_rank[r]--;
    }
  return fits_groups(rs, s, by_rank, wild_rank);
}

/* A hand may fit two rows (44444 KKKK 222 JoJo: a Blast Off with matching
 * wild cards, and a hand of a five, a four and five wild cards): it scores
 * as the row worth most, the first of equal ones. */
const rs_special_hand_t *special_of(const ruleset_t *rs, const card_counts_t *h) {
  const rs_special_hand_t *best = NULL;
  for (int i = 0; i < rs->nspecial_hands; i++)
    if ((!best || rs->special_hands[i].value > best->value) &&
        special_fits(rs, &rs->special_hands[i], h))
      best = &rs->special_hands[i];
  return best;
}

/* Appends to out[0..len) at *used, as much as fits. */
static void add(char *out, size_t len, size_t *used, const char *fmt, ...) {
  va_list ap;
  if (*used >= len) return;
  va_start(ap, fmt);
  int n = vsnprintf(out + *used, len - *used, fmt, ap);
  va_end(ap);
  if (n > 0) *used += (size_t)n;
}

/* "4-3-3-2-2". */
static void add_sizes(char *out, size_t len, size_t *used, const int *sizes, int n) {
  for (int i = 0; i < n; i++) add(out, len, used, "%s%d", i ? "-" : "", sizes[i]);
}

void special_describe(const rs_special_hand_t *s, char *out, size_t len) {
  char shape[160] = "";
  size_t used = 0;
  if (s->kind == SPECIAL_PAIRS)
    add(shape, sizeof shape, &used, "%s", s->wild ? _("pairs with wild cards") : _("pairs"));
  else if (s->kind == SPECIAL_STRAIGHT)
    add(shape, sizeof shape, &used, "%s", _("one of each rank A..K"));
  else
    add_sizes(shape, sizeof shape, &used, s->groups, s->ngroups);
  if (s->nwild_groups) {
    add(shape, sizeof shape, &used, " + ");
    add_sizes(shape, sizeof shape, &used, s->wild_groups, s->nwild_groups);
    add(shape, sizeof shape, &used, " %s", s->wild_mixed ? _("wild") : _("matching wild"));
  }
  if (s->kind != SPECIAL_PAIRS && s->wild)
    add(shape, sizeof shape, &used, "%s", _(", a group may be matching wild cards"));
  for (int r = 0, first = 1; r < RANK_COUNT; r++)
    if (s->ranks[r]) {
      add(shape, sizeof shape, &used, "%s %s", first ? _(", with") : "", card_rank_name(r));
      first = 0;
    }
  if (*s->name) snprintf(out, len, "%s (%s: %d)", s->name, shape, s->value);
  else snprintf(out, len, "%s: %d", shape, s->value);
}

void special_shape(const ruleset_t *rs, const card_counts_t *h, char *out, size_t len) {
  unsigned by_rank[RANK_COUNT] = {0};
  size_t used = 0;
  out[0] = '\0';
  for (card_t c = 0; c < CARD_KINDS; c++)
    if (!rs_is_wild(rs, c)) by_rank[card_rank(c)] += h->n[c];
  for (unsigned k = h->total; k > 0; k--)
    for (int r = 0; r < RANK_COUNT; r++)
      if (by_rank[r] == k) add(out, len, &used, "%s%u", used ? "-" : "", k);
  for (card_t c = 0; c < CARD_KINDS; c++)
    for (unsigned i = 0; i < h->n[c] && rs_is_wild(rs, c); i++) {
      char b[4];
      add(out, len, &used, "%s%s", used ? " + " : "", card_name(c, b));
    }
}

bool eng_act_show(engine_t *e, const stmt_t *st, int p) {
  const ruleset_t *rs = e->rs;
  unsigned col = st->verb_word.col;
  if (rs->nspecial_hands == 0)
    return eng_fail(e, st, col, CODE_SPECIAL_HAND, RK_SPECIAL_HANDS,
                    _("the %s rules have no special hands"), rs->name);
  if (!eng_may_meld(e, st) || !eng_check_no_red3(e, st, p) || !eng_check_in_hand(e, st, p))
    return false;
  if (eng_team_meld_count(e, e->team_of[p]) > 0)
    return eng_fail(e, st, col, CODE_SPECIAL_HAND, RK_SPECIAL_HANDS,
                    _("a special hand is shown only before the team melds"));
  if (st->ncards != e->hand[p].total)
    return eng_fail(e, st, col, CODE_SPECIAL_HAND, RK_SPECIAL_HANDS,
                    P_("a special hand is the whole hand: %u card shown of %u",
                       "a special hand is the whole hand: %u cards shown of %u", st->ncards),
                    st->ncards, e->hand[p].total);
  const rs_special_hand_t *s = special_of(rs, &e->hand[p]);
  if (!s) {
    char shape[160];
    special_shape(rs, &e->hand[p], shape, sizeof shape);
    return eng_fail(e, st, col, CODE_SPECIAL_HAND, RK_SPECIAL_HANDS,
                    _("these cards are no special hand of the %s rules: by rank, they are %s"),
                    rs->name, shape);
  }
  eng_move_from_hand(e, st, p, &e->shown);
  e->special_value = s->value;
  e->special_wins = s->ends_game;
  if (*s->name) snprintf(e->special_name, sizeof e->special_name, "%s", s->name);
  else special_describe(s, e->special_name, sizeof e->special_name);
  e->concealed = false;
  eng_use(e, RK_SPECIAL_HANDS);
  eng_went_out(e, p);
  return true;
}

const char *eng_special_name(const engine_t *e, int t) {
  return e->special_value > 0 && e->out_player >= 0 && e->team_of[e->out_player] == t
             ? e->special_name : NULL;
}

int eng_special_winner(const engine_t *e) {
  return e->special_wins && e->out_player >= 0 ? e->team_of[e->out_player] : -1;
}

void eng_special_instead(const engine_t *e, int p, char *out, size_t len) {
  size_t used;
  if (eng_team_meld_count(e, e->team_of[p]) > 0) {
    snprintf(out, len, _("nothing: a special hand comes before the team's first meld; %s melds "
                         "and discards as in any turn"), e->player_name[p]);
    return;
  }
  if (e->rs->nspecial_hands == 0) {
    snprintf(out, len, "%s", _("nothing: these rules have no special hands"));
    return;
  }
  used = (size_t)snprintf(out, len, "%s", _("the whole hand, as one of the special hands of the rules: "));
  for (int i = 0; i < e->rs->nspecial_hands && used < len; i++) {
    const rs_special_hand_t *s = &e->rs->special_hands[i];
    char one[200];
    if (*s->name) snprintf(one, sizeof one, "%s (%d)", s->name, s->value);
    else special_describe(s, one, sizeof one);
    used += (size_t)snprintf(out + used, len - used, "%s%s", i ? ", " : "", one);
  }
}
