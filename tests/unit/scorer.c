/* scorer.c — the tests' own scorer (scorer.h). Everything here comes from
 * docs/rulesets.md (what each key means) and docs/format.md (what each line
 * does to the cards); only the ruleset's values are read from ruleset_t.
 * Cards are its own: index rank * 4 + suit for the 52 cards (rank 0 is the 2,
 * 12 the ace, RANK_2..RANK_A of card.h in that order), 52 the joker. */
#define _POSIX_C_SOURCE 200809L
#include "scorer.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { KINDS = 53, JOKER = 52, NOSEATS = 12, MAXMELDS = 64, MAXPILE = 1024 };
enum { SET, SEQUENCE, WILD }; /* WILD: wild cards only (wild_meld) */

typedef struct {
  int n[KINDS];
  int count;
  int kind, rank; /* rank: the set's, an index of cards.values */
  bool hidden;    /* a whole canasta laid by one `meld` line */
} smeld_t;

typedef struct {
  const ruleset_t *rs;
  char name[NOSEATS][32], tname[NOSEATS][32];
  int team[NOSEATS], np, nt;
  int hand[NOSEATS][KINDS], foot[NOSEATS][KINDS];
  int red3[NOSEATS], black3[NOSEATS]; /* threes laid by each team; black3: the black ones */
  int aside[NOSEATS];                 /* cards of taken piles each team set aside (set_aside) */
  smeld_t meld[NOSEATS][MAXMELDS];
  int nmelds[NOSEATS];
  int pile[MAXPILE], npile;
  int packet[4][KINDS], npackets; /* `talon` lines (bonus.packets) */
  int dealer, cut, turn, actor;
  int first_meld_turn[NOSEATS], team_first_meld_turn[NOSEATS];
  bool decided; /* the hand's last line is `end` or `yes` */
  bool refused; /* a partner answered `no` in this turn: the player does not go out in it
                   (rulesets.md, going_out.ask: "after `no` the player must not go out
                   this turn"; a hand it empties then ends on the empty stock) */
  bool record_started;
  int shown_team, shown_value; /* `show`: the team and its special hand's value, or -1, 0 */
} sc_t;

static int rank_of(int c) { return c == JOKER ? 13 : c / 4; }

/* format.md's cards: a rank (`10` for `T`) and a suit, a letter or its
 * symbol, or `JK` */
static int parse_card(const char *w) {
  if (strcmp(w, "JK") == 0) return JOKER;
  static const char ranks[] = "23456789TJQKA", suits[] = "SHDC";
  static const char *const symbols[] = {"\u2660", "\u2665", "\u2666", "\u2663"};
  const char *at = strncmp(w, "10", 2) == 0 ? ranks + 8 : w[0] ? strchr(ranks, w[0]) : NULL;
  if (!at) return -1;
  const char *suit = w + (at == ranks + 8 && w[0] == '1' ? 2 : 1);
  int r = (int)(at - ranks) * 4;
  if (strlen(suit) == 1 && strchr(suits, suit[0])) return r + (int)(strchr(suits, suit[0]) - suits);
  for (int i = 0; i < 4; i++)
    if (strcmp(suit, symbols[i]) == 0) return r + i;
  return -1;
}

static bool wild(const sc_t *s, int c) { return s->rs->cards.wild[rank_of(c)]; }
static bool red3(int c) { return c != JOKER && c / 4 == 1 && (c % 4 == 1 || c % 4 == 2); }
static bool black3(int c) { return c != JOKER && c / 4 == 1 && !red3(c); }

static int seat(const sc_t *s, const char *name) {
  for (int p = 0; p < s->np; p++)
    if (strcmp(s->name[p], name) == 0) return p;
  return -1;
}

static void new_hand(sc_t *s) {
  s->shown_team = -1;
  s->shown_value = 0;
  memset(s->hand, 0, sizeof s->hand);
  memset(s->foot, 0, sizeof s->foot);
  memset(s->red3, 0, sizeof s->red3);
  memset(s->black3, 0, sizeof s->black3);
  memset(s->aside, 0, sizeof s->aside);
  memset(s->nmelds, 0, sizeof s->nmelds);
  s->npile = 0;
  s->refused = false;
  s->npackets = 0;
  memset(s->packet, 0, sizeof s->packet);
  s->dealer = -1;
  s->cut = -1;
  s->turn = 0;
  s->actor = -1;
  for (int i = 0; i < NOSEATS; i++) s->first_meld_turn[i] = s->team_first_meld_turn[i] = -1;
}

/* Naturals of one rank and wild cards where sequences take wild cards
 * (rulesets.md, sequence.max_wild): a set where the set is legal (here: as
 * many naturals as meld.min_naturals, no more wild cards than meld.max_wild),
 * else a sequence. */
static bool set_first(const ruleset_t *rs, int naturals, int wilds) {
  return naturals >= rs->meld.min_naturals && wilds <= rs->meld.max_wild;
}

/* The kind of a new meld from its cards (rulesets.md, sequence and
 * meld.wild_sets): one suit and several ranks of natural cards is a
 * sequence where the ruleset has them (with wild cards where
 * sequence.max_wild allows them); cards with a natural make a set of
 * that rank; wild cards alone, a set of the listed wild rank it holds most of
 * (a tie to the lower rank). */
static void classify(const sc_t *s, smeld_t *m) {
  int suit = -1, ranks = 0, nat = -1, wildn[14] = {0};
  bool one_suit = true, all_natural = true;
  int seen[14] = {0};
  for (int c = 0; c < KINDS; c++) {
    if (!m->n[c]) continue;
    if (wild(s, c)) {
      all_natural = false;
      wildn[rank_of(c)] += m->n[c];
      continue;
    }
    if (!seen[rank_of(c)]++) ranks++;
    if (suit >= 0 && c % 4 != suit) one_suit = false;
    suit = c % 4;
    nat = rank_of(c);
  }
  m->kind = SET;
  m->rank = nat;
  int nwild = 0;
  for (int r = 0; r < 14; r++) nwild += wildn[r];
  bool wild_ok = all_natural || s->rs->sequence.max_wild > 0;
  if (s->rs->sequence.max_cards > 0 && wild_ok && one_suit && ranks > 1) m->kind = SEQUENCE;
  if (s->rs->sequence.max_cards > 0 && s->rs->sequence.max_wild > 0 && ranks == 1 && nwild > 0 &&
      !set_first(s->rs, m->count - nwild, nwild))
    m->kind = SEQUENCE;
  if (nat >= 0) return;
  if (s->rs->wild_meld.min_cards > 0) { /* rulesets.md, wild_meld: no rank */
    m->kind = WILD;
    m->rank = -1;
    return;
  }
  int best = -1;
  for (int r = 0; r < 14; r++)
    if (s->rs->meld.wild_sets[r] && wildn[r] > 0 && (best < 0 || wildn[r] > wildn[best])) best = r;
  m->rank = best;
}

static void mark_melded(sc_t *s, int p) {
  if (s->first_meld_turn[p] < 0) s->first_meld_turn[p] = s->turn;
  if (s->team_first_meld_turn[s->team[p]] < 0) s->team_first_meld_turn[s->team[p]] = s->turn;
}

/* The first meld of the team of that rank (format.md, `add`); a meld merged
 * away is left empty in its place, keeping the others' numbers; with
 * meld.new_after_canasta, its first that is not a canasta (fewer than
 * canasta.min_cards cards), else its first. */
static smeld_t *meld_of_rank(sc_t *s, int t, int rank) {
  smeld_t *first = NULL;
  for (int i = 0; i < s->nmelds[t]; i++) {
    smeld_t *m = &s->meld[t][i];
    if (m->kind != SET || !m->count || m->rank != rank) continue;
    if (!s->rs->meld.new_after_canasta || m->count < s->rs->canasta.min_cards) return m;
    if (!first) first = m;
  }
  return first;
}

/* wild_meld.per_team: one_open, the team's unfinished meld of wild cards
 * (fewer than canasta.min_cards); one, its first. */
static smeld_t *wild_to_join(sc_t *s, int t) {
  rs_wild_per_team_t per = s->rs->wild_meld.per_team;
  for (int i = 0; per != WILD_PER_TEAM_ANY && i < s->nmelds[t]; i++)
    if (s->meld[t][i].kind == WILD &&
        (per == WILD_PER_TEAM_ONE || s->meld[t][i].count < s->rs->canasta.min_cards))
      return &s->meld[t][i];
  return NULL;
}

/* A canasta (rulesets.md: canasta.min_cards; a complete sequence where
 * sequence.canasta). */
static bool is_canasta(const ruleset_t *rs, const smeld_t *m) {
  if (m->kind == SEQUENCE) return rs->sequence.canasta && m->count == rs->sequence.max_cards;
  return m->count >= rs->canasta.min_cards;
}

/* pile.take_onto_sequence: the top card c is of the sequence m's suit,
 * within sequence.low..high, of a rank it does not hold, and m is not
 * complete; its naturals with c then span no more ranks than its cards with
 * c (next to its lowest or highest natural; with sequence.max_wild, in a gap
 * or past an end its wild cards fill). */
static bool extends_sequence(const sc_t *s, const smeld_t *m, int c) {
  const ruleset_t *rs = s->rs;
  if (m->kind != SEQUENCE || m->count >= rs->sequence.max_cards || c == JOKER || wild(s, c))
    return false;
  int lo = 99, hi = -1, suit = -1, r = rank_of(c);
  for (int k = 0; k < JOKER; k++)
    if (m->n[k] && !wild(s, k)) {
      lo = rank_of(k) < lo ? rank_of(k) : lo;
      hi = rank_of(k) > hi ? rank_of(k) : hi;
      suit = k % 4;
      if (rank_of(k) == r) return false;
    }
  lo = r < lo ? r : lo;
  hi = r > hi ? r : hi;
  return c % 4 == suit && hi - lo + 1 <= m->count + 1 && r >= rs->sequence.low &&
         r <= rs->sequence.high;
}

static int wilds_in(const sc_t *s, const smeld_t *m) {
  int w = 0;
  for (int c = 0; c < KINDS; c++)
    if (m->n[c] && wild(s, c) && rank_of(c) != m->rank) w += m->n[c];
  return w;
}

/* The pile is frozen (rulesets.md, pile.always_frozen, pile.frozen_by): it
 * holds a card of a pile.frozen_by class. */
static bool pile_frozen(const sc_t *s) {
  if (s->rs->pile.always_frozen) return true;
  for (int i = 0; i < s->npile; i++) {
    int c = s->pile[i];
    unsigned cls = c == JOKER || wild(s, c) ? RS_WILD : red3(c) ? RS_RED3 : black3(c) ? RS_BLACK3 : 0;
    if (cls & s->rs->pile.frozen_by) return true;
  }
  return false;
}

/* Where `take` alone puts the top card (rulesets.md, pile.take_onto_meld,
 * pile.take_onto_sequence and, from a frozen pile, only onto a sequence,
 * pile.take_onto_sequence_frozen): of the team melds it may join, one not
 * yet a canasta before a canasta, a set of its rank before a sequence, then
 * the one with more cards, then fewer wild cards. */
static smeld_t *take_onto(sc_t *s, int t, int c, bool frozen) {
  const ruleset_t *rs = s->rs;
  smeld_t *best = NULL;
  for (int i = 0; i < s->nmelds[t]; i++) {
    smeld_t *m = &s->meld[t][i];
    bool canasta = is_canasta(rs, m);
    bool set_ok = !frozen && m->kind == SET && m->count && m->rank == rank_of(c) &&
                  rs->pile.take_onto_meld != TAKE_ONTO_NEVER &&
                  !(rs->pile.take_onto_meld == TAKE_ONTO_CANASTA && !canasta) &&
                  !(rs->pile.take_onto_meld == TAKE_ONTO_UNFINISHED && canasta);
    if (!set_ok && !(rs->pile.take_onto_sequence && extends_sequence(s, m, c))) continue;
    bool best_canasta = best && is_canasta(rs, best);
    bool better = !best || (!canasta && best_canasta) ||
                  (canasta == best_canasta &&
                   ((m->kind == SET && best->kind == SEQUENCE) ||
                    (m->kind == best->kind &&
                     (m->count > best->count ||
                      (m->count == best->count && wilds_in(s, m) < wilds_in(s, best))))));
    if (better) best = m;
  }
  return best;
}

/* A new meld of `cards` (by `meld`, or by `take` with the top card): under
 * meld.same_rank merge a set joins the team's set of its rank. */
static void lay(sc_t *s, int p, const int *cards, int n, bool from_meld_line) {
  smeld_t m;
  memset(&m, 0, sizeof m);
  for (int i = 0; i < n; i++) m.n[cards[i]]++, m.count++;
  classify(s, &m);
  int t = s->team[p];
  smeld_t *join = m.kind == SET && s->rs->meld.same_rank == SAME_RANK_MERGE
                      ? meld_of_rank(s, t, m.rank) : NULL;
  if (m.kind == WILD) join = wild_to_join(s, t);
  /* meld.new_after_canasta: a book's rank starts a new meld */
  if (join && s->rs->meld.new_after_canasta && join->count >= s->rs->canasta.min_cards) join = NULL;
  mark_melded(s, p);
  if (join) {
    for (int c = 0; c < KINDS; c++) join->n[c] += m.n[c];
    join->count += m.count;
    return;
  }
  bool any_wild = false;
  for (int c = 0; c < KINDS; c++) any_wild = any_wild || (m.n[c] && wild(s, c));
  m.hidden = from_meld_line && m.kind == SET && m.rank >= 0 && !s->rs->cards.wild[m.rank] &&
             !any_wild && m.count >= s->rs->canasta.min_cards;
  if (s->nmelds[t] < MAXMELDS) s->meld[t][s->nmelds[t]++] = m;
}

static int words(char *line, char *w[], int max) {
  int n = 0;
  for (char *q = strtok(line, " \t"); q && n < max; q = strtok(NULL, " \t")) {
    if (q[0] == '#' && (q[1] < '0' || q[1] > '9')) break; /* a comment */
    w[n++] = q;
  }
  return n;
}

static int cards_of(char *w[], int n, int *out) {
  int k = 0;
  for (int i = 0; i < n; i++) {
    int c = parse_card(w[i]);
    if (c >= 0) out[k++] = c;
  }
  return k;
}

static void add_to(sc_t *s, int p, const char *ref, const int *cards, int n) {
  int t = s->team[p];
  smeld_t *m = NULL;
  if (ref[0] == '#') {
    int i = atoi(ref + 1) - 1;
    if (i >= 0 && i < s->nmelds[t]) m = &s->meld[t][i];
  } else {
    static const char ranks[] = "23456789TJQKA";
    const char *at = strchr(ranks, ref[0]);
    int r = strcmp(ref, "10") == 0 ? 8 : at && ref[0] ? (int)(at - ranks) : -1;
    m = meld_of_rank(s, t, r);
  }
  mark_melded(s, p);
  for (int i = 0; i < n; i++) {
    s->hand[p][cards[i]]--;
    if (m) m->n[cards[i]]++, m->count++;
  }
}

/* set_aside.classes, set_aside.ranks: a card of a taken pile that never
 * joins the hand ("set aside, and no longer in play"). */
static bool set_aside(const sc_t *s, int c) {
  unsigned cls = wild(s, c) ? RS_WILD : red3(c) ? RS_RED3 : black3(c) ? RS_BLACK3 : 0;
  return (cls & s->rs->set_aside.classes) || s->rs->set_aside.ranks[rank_of(c)];
}

/* `take [C…]`: the top card with the named hand cards makes a new meld, or
 * alone goes onto the team's meld of its rank; the rest of the pile goes to
 * the hand (format.md), but for the cards set aside, which the team keeps
 * apart to score (counted here from the pile, not from the `aside` lines
 * that state them). */
static void take(sc_t *s, int p, const int *cards, int n) {
  if (s->npile == 0) return;
  bool frozen = pile_frozen(s);
  int top = s->pile[--s->npile];
  if (n > 0) {
    int all[64];
    all[0] = top;
    for (int i = 0; i < n && i < 63; i++) all[i + 1] = cards[i], s->hand[p][cards[i]]--;
    lay(s, p, all, n < 63 ? n + 1 : 64, false);
  } else {
    smeld_t *m = take_onto(s, s->team[p], top, frozen);
    mark_melded(s, p);
    if (m) m->n[top]++, m->count++;
  }
  /* pile.take_count: the top card and those under it, that many in all */
  int from = s->rs->pile.take_count > 0 && s->rs->pile.take_count <= s->npile
                 ? s->npile + 1 - s->rs->pile.take_count : 0;
  for (int i = from; i < s->npile; i++) {
    if (set_aside(s, s->pile[i])) s->aside[s->team[p]]++;
    else s->hand[p][s->pile[i]]++;
  }
  s->npile = from;
}

/* `merge #N #M` (format.md): the cards of #M join #N; #M stays, empty, so
 * that no number moves. */
static void merge(sc_t *s, int p, const char *a, const char *b) {
  int t = s->team[p], i = atoi(a + 1) - 1, j = atoi(b + 1) - 1;
  if (i < 0 || j < 0 || i >= s->nmelds[t] || j >= s->nmelds[t] || i == j) return;
  smeld_t *into = &s->meld[t][i], *from = &s->meld[t][j];
  for (int c = 0; c < KINDS; c++) into->n[c] += from->n[c];
  into->count += from->count;
  into->hidden = false;
  memset(from, 0, sizeof *from);
}

/* ---- special hands (rulesets.md: special_hands) ---- */

static bool bonus_card(const ruleset_t *rs, int c) {
  return rs->cards.bonus_threes == BONUS_THREES_ALL ? c != JOKER && c / 4 == 1
         : rs->cards.bonus_threes == BONUS_THREES_RED ? red3(c)
                                                       : false;
}

static int by_size(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

/* the same sizes, in any order */
static bool same_sizes(int *a, int na, const int *b, int nb) {
  if (na != nb) return false;
  int bb[RS_MAX_GROUPS + 14];
  if (nb > 0) memcpy(bb, b, (size_t)nb * sizeof *b);
  qsort(a, (size_t)na, sizeof *a, by_size);
  qsort(bb, (size_t)nb, sizeof *bb, by_size);
  return memcmp(a, bb, (size_t)na * sizeof *a) == 0;
}

/* The cards counted by rank (n[13]: jokers) make one group of one rank per
 * size of `groups` (given apart, as the straight has none) and of
 * `wild_groups`: natural ranks go to `groups`; a wild rank's cards go to
 * `wild_groups`, or to `groups` where the row's `wild` says so; with
 * `wild_mixed` all wild cards together fill `wild_groups`. */
static bool fits_groups(const ruleset_t *rs, const rs_special_hand_t *h, const int *groups,
                        int ngroups, const int n[14]) {
  int nat[14], nn = 0, wc[14], nw = 0, wilds = 0, wanted = 0;
  for (int r = 0; r < 14; r++) {
    if (!n[r]) continue;
    if (rs->cards.wild[r]) wc[nw++] = n[r], wilds += n[r];
    else nat[nn++] = n[r];
  }
  for (int i = 0; i < h->nwild_groups; i++) wanted += h->wild_groups[i];
  if (h->wild_mixed) return wilds == wanted && same_sizes(nat, nn, groups, ngroups);
  for (int mask = 0; mask < 1 << nw; mask++) {
    if (mask && !h->wild) break;
    int a[28], na = 0, b[14], nb = 0;
    for (int i = 0; i < nn; i++) a[na++] = nat[i];
    for (int i = 0; i < nw; i++) {
      if (mask >> i & 1) a[na++] = wc[i];
      else b[nb++] = wc[i];
    }
    if (same_sizes(a, na, groups, ngroups) && same_sizes(b, nb, h->wild_groups, h->nwild_groups))
      return true;
  }
  return false;
}

static bool fits(const ruleset_t *rs, const rs_special_hand_t *h, const int *cards, int k) {
  int n[14] = {0};
  bool bonus = false, wilds = false, straight = h->kind == SPECIAL_STRAIGHT;
  for (int i = 0; i < k; i++) {
    n[rank_of(cards[i])]++;
    bonus = bonus || bonus_card(rs, cards[i]);
    wilds = wilds || rs->cards.wild[rank_of(cards[i])];
  }
  for (int r = 0; r < 14; r++)
    if (h->ranks[r] && !n[r]) return false;
  if (bonus && !straight) return false; /* no group holds a bonus card */
  if (h->kind == SPECIAL_PAIRS) {
    for (int r = 0; r < 14; r++)
      if (n[r] % 2) return false;
    return h->wild || !wilds;
  }
  if (!straight) return fits_groups(rs, h, h->groups, h->ngroups, n);
  for (int r = 0; r < 13; r++) /* one of each rank A..K, the two and a three as their rank */
    if (n[r]-- == 0) return false;
  static const int no_groups[1] = {0};
  return fits_groups(rs, h, no_groups, 0, n);
}

/* the value of the row worth most that the shown cards fit, 0 for none */
static int special_value(const ruleset_t *rs, const int *cards, int k) {
  int best = 0;
  for (int i = 0; i < rs->nspecial_hands; i++)
    if (rs->special_hands[i].value > best && fits(rs, &rs->special_hands[i], cards, k))
      best = rs->special_hands[i].value;
  return best;
}

static void action(sc_t *s, int p, char *w[], int n) {
  int cards[128];
  const char *verb = w[1];
  if (strcmp(verb, "yes") != 0 && strcmp(verb, "no") != 0 && p != s->actor) {
    s->turn++;
    s->actor = p;
    s->refused = false;
  }
  if (strcmp(verb, "no") == 0) s->refused = true;
  int k = cards_of(w + 2, n - 2, cards);
  s->decided = strcmp(verb, "end") == 0 || strcmp(verb, "yes") == 0;
  if (strcmp(verb, "draw") == 0) {
    for (int i = 0; i < k; i++) s->hand[p][cards[i]]++;
  } else if (strcmp(verb, "take") == 0) {
    take(s, p, cards, k);
  } else if (strcmp(verb, "meld") == 0) {
    for (int i = 0; i < k; i++) s->hand[p][cards[i]]--;
    lay(s, p, cards, k, true);
  } else if (strcmp(verb, "add") == 0 && n >= 3) {
    add_to(s, p, w[2], cards, k); /* REF (#N or a rank) is no card */
  } else if (strcmp(verb, "merge") == 0 && n == 4) {
    merge(s, p, w[2], w[3]);
  } else if (strcmp(verb, "red3") == 0 && k == 1) {
    s->hand[p][cards[0]]--;
    s->red3[s->team[p]]++;
    s->black3[s->team[p]] += black3(cards[0]);
  } else if (strcmp(verb, "discard") == 0 && k == 1) {
    s->hand[p][cards[0]]--;
    if (s->npile < MAXPILE) s->pile[s->npile++] = cards[0];
  } else if (strcmp(verb, "talon") == 0) {
    /* bonus.from: packet, the team's packet set aside, the one of its place
     * in the order the teams opened (as many as the other teams with a meld:
     * the talon comes in the opening turn); stock: the cards named */
    int i = 0;
    for (int t = 0; t < NOSEATS; t++) i += t != s->team[p] && s->nmelds[t] > 0;
    for (int c = 0; c < KINDS && k == 0 && i < s->npackets; c++) s->hand[p][c] += s->packet[i][c];
    for (int j = 0; j < k; j++) s->hand[p][cards[j]]++;
  } else if (strcmp(verb, "show") == 0) {
    for (int i = 0; i < k; i++) s->hand[p][cards[i]]--;
    s->shown_team = s->team[p];
    s->shown_value = special_value(s->rs, cards, k);
  } else if (strcmp(verb, "foot") == 0) {
    for (int c = 0; c < KINDS; c++) s->hand[p][c] += s->foot[p][c], s->foot[p][c] = 0;
  }
}

/* ---- scoring (rulesets.md: cards, canasta, sequence, cut, red_threes,
 * going_out, set_aside) ---- */

typedef struct {
  long melded, bonuses, red3, out, cut, aside, left;
} parts_t;

/* `totals` (red_threes.totals, set_aside.totals): the value of exactly
 * `count` cards where a row gives it, else `each` apiece. */
static long by_totals(const rs_red3_total_t *totals, int ntotals, int each, int count) {
  for (int i = 0; i < ntotals; i++)
    if (totals[i].count == count) return totals[i].value;
  return (long)count * each;
}

static long red3_value(const ruleset_t *rs, int count) {
  return by_totals(rs->red_threes.totals, rs->red_threes.ntotals, rs->red_threes.each, count);
}

/* meld.rank_rules: the row of a rank (this scorer's rank index), NULL for none. */
static const rs_rank_rule_t *rank_rule(const ruleset_t *rs, int rank) {
  for (int i = 0; i < rs->meld.nrank_rules; i++)
    if (rs->meld.rank_rules[i].rank == rank) return &rs->meld.rank_rules[i];
  return NULL;
}

/* meld.rank_rules: `unfinished` for a set of such a rank without wild cards
 * and short of a canasta; `hold_penalty` for a hand (and foot) holding `hold`
 * or more of the rank. */
static long rank_penalties(const sc_t *s, const smeld_t *m, const int *hand, const int *foot) {
  const ruleset_t *rs = s->rs;
  long v = 0;
  if (m) {
    const rs_rank_rule_t *rr = m->kind == SET && m->rank >= 0 ? rank_rule(rs, m->rank) : NULL;
    int wilds = 0;
    for (int c = 0; c < KINDS; c++) wilds += m->n[c] && wild(s, c) ? m->n[c] : 0;
    if (rr && wilds == 0 && m->count < rs->canasta.min_cards) v -= rr->unfinished;
    return v;
  }
  for (int i = 0; i < rs->meld.nrank_rules; i++) {
    const rs_rank_rule_t *rr = &rs->meld.rank_rules[i];
    int held = 0;
    for (int c = 0; c < KINDS; c++)
      if (rank_of(c) == rr->rank) held += hand[c] + foot[c];
    if (rr->hold > 0 && held >= rr->hold) v -= rr->hold_penalty;
  }
  return v;
}

static long meld_bonus(const sc_t *s, const smeld_t *m) {
  const ruleset_t *rs = s->rs;
  if (m->kind == SEQUENCE) return m->count == rs->sequence.max_cards ? rs->sequence.bonus : 0;
  if (m->kind == WILD && m->count < rs->canasta.min_cards) return -(long)rs->wild_meld.unfinished;
  if (m->kind == WILD) { /* wild_meld.by_jokers, else wild_meld.bonus */
    for (int i = 0; i < rs->wild_meld.nby_jokers; i++)
      if (rs->wild_meld.by_jokers[i].jokers == m->n[JOKER]) return rs->wild_meld.by_jokers[i].value;
    return rs->wild_meld.bonus;
  }
  if (m->count < rs->canasta.min_cards || m->rank < 0) return 0;
  int others = 0; /* wild cards other than the set's rank */
  for (int c = 0; c < KINDS; c++)
    if (m->n[c] && wild(s, c) && rank_of(c) != m->rank) others += m->n[c];
  if (rs->cards.wild[m->rank]) {
    bool pure = others == 0 || rs->meld.wild_set_fill == WILD_FILL_MISSING;
    return pure ? rs->canasta.wild_pure[m->rank] : rs->canasta.wild_impure[m->rank];
  }
  if (others) return rs->canasta.impure;
  const rs_rank_rule_t *rr = rank_rule(rs, m->rank); /* meld.rank_rules: `canasta`, 0: pure */
  if (rr && rr->canasta) return rr->canasta;
  return (long)rs->canasta.pure * (m->hidden ? rs->canasta.hidden_factor : 1);
}

/* What the cards left count (cards.values, cards.black3_in_hand; red threes
 * by red_threes.in_hand) and how many red threes are still held: held[0]
 * the red ones, held[1] the black ones (red_threes.by_colour). */
static long left_in(const sc_t *s, const int *cards, int held[2]) {
  long v = 0;
  for (int c = 0; c < KINDS; c++) {
    if (!cards[c]) continue;
    if (red3(c) || (black3(c) && s->rs->cards.bonus_threes == BONUS_THREES_ALL))
      held[black3(c)] += cards[c]; /* cards.bonus_threes: all: every three is scored as a red three */
    else
      v += (long)cards[c] *
           (black3(c) ? s->rs->cards.black3_in_hand : s->rs->cards.value[rank_of(c)]);
  }
  return v;
}

static bool empty(const int *cards) {
  for (int c = 0; c < KINDS; c++)
    if (cards[c]) return false;
  return true;
}

static int cutter_team(const sc_t *s) {
  int deal = 0;
  for (int i = 0; i < s->rs->nseats; i++)
    if (s->rs->seats[i].players == s->np) deal = s->rs->seats[i].deal;
  if (s->cut < 0 || s->dealer < 0 || s->cut != s->np * deal) return -1;
  return s->team[(s->dealer + s->np - 1) % s->np];
}

/* The team has what going out needs (going_out.canastas in all, pure and
 * impure canastas of a natural rank, wild ones — of a wild rank or of wild
 * cards only —, complete sequences; a complete sequence counts among the
 * canastas in all where sequence.canasta says so). */
typedef struct { int all, pure, impure, wilds, sequences, of_rank[RANK_COUNT]; } kinds_t;

static kinds_t canasta_kinds(const sc_t *s, int t) {
  const ruleset_t *rs = s->rs;
  kinds_t k;
  memset(&k, 0, sizeof k);
  int all = 0, pure = 0, impure = 0, wilds = 0, sequences = 0;
  for (int i = 0; i < s->nmelds[t]; i++) {
    const smeld_t *m = &s->meld[t][i];
    if (m->count == 0) continue;
    if (m->kind == SEQUENCE) {
      bool done = m->count == rs->sequence.max_cards;
      sequences += done;
      all += done && rs->sequence.canasta;
      continue;
    }
    if (!is_canasta(rs, m)) continue;
    all++;
    if (m->rank >= 0 && m->kind != WILD) k.of_rank[m->rank]++;
    if (m->kind == WILD || (m->rank >= 0 && wild(s, m->rank * 4))) {
      wilds++;
      continue;
    }
    if (m->rank < 0) continue;
    bool clean = true;
    for (int c = 0; c < KINDS; c++) clean = clean && !(m->n[c] && wild(s, c));
    pure += clean;
    impure += !clean;
  }
  k.all = all, k.pure = pure, k.impure = impure, k.wilds = wilds, k.sequences = sequences;
  return k;
}

static bool books(const sc_t *s, int t) {
  kinds_t k = canasta_kinds(s, t);
  const struct rs_going_out *g = &s->rs->going_out;
  return k.all >= g->canastas && k.pure >= g->pure && k.impure >= g->impure && k.wilds >= g->wild &&
         k.sequences >= g->sequences;
}

/* red_threes.bands given as such (rulesets.md: "the first band whose `when`
 * holds of the team decides (no band holds: they count for it)"): the band's
 * test of each fact, on the team's counts (a player fact is 0 at scoring). */
static bool band_holds(const sc_t *s, int t, const cond_t *when) {
  kinds_t k = canasta_kinds(s, t);
  int melds = 0;
  for (int i = 0; i < s->nmelds[t]; i++) melds += s->meld[t][i].count > 0;
  int facts[COND_FACTS] = {[COND_MELDS] = melds, [COND_CANASTAS] = k.all, [COND_PURE] = k.pure,
                           [COND_IMPURE] = k.impure, [COND_WILD] = k.wilds,
                           [COND_OPENED] = melds > 0, [COND_BOOKS] = books(s, t)};
  if (when->ranked) facts[COND_CANASTAS] = k.of_rank[when->rank];
  for (int f = 0; f < COND_FACTS; f++)
    if ((when->tests >> f & 1u) && (facts[f] < when->lo[f] || facts[f] > when->hi[f])) return false;
  return true;
}

static const rs_red3_band_t *band_of(const sc_t *s, int t) {
  static const rs_red3_band_t counts_for = {.counts = COUNTS_FOR};
  for (int i = 0; i < s->rs->red_threes.nbands; i++)
    if (band_holds(s, t, &s->rs->red_threes.bands[i].when)) return &s->rs->red_threes.bands[i];
  return &counts_for;
}

/* The team's threes by its band: for, nothing or against, at the table's
 * value or `each` apiece; `short` is a team without a meld for in_hand. */
static void score_threes_by_band(const sc_t *s, int t, const int held[2], parts_t *x) {
  const ruleset_t *rs = s->rs;
  const rs_red3_band_t *b = band_of(s, t);
  bool penalty = rs->red_threes.in_hand == RED3_IN_HAND_PENALTY ||
                 (rs->red_threes.in_hand == RED3_IN_HAND_PENALTY_WITHOUT_MELD && b->short_of);
  if (penalty) x->left -= (long)(held[0] + held[1]) * rs->red_threes.in_hand_penalty;
  int black = s->black3[t] + (penalty ? 0 : held[1]);
  int red = s->red3[t] - s->black3[t] + (penalty ? 0 : held[0]);
  int sets[2] = {red + black, 0};
  if (rs_red3_by_colour(rs)) sets[0] = red, sets[1] = black;
  long v = 0;
  for (int i = 0; i < 2; i++)
    if (sets[i]) v += b->each > 0 ? (long)sets[i] * b->each : red3_value(rs, sets[i]);
  x->red3 = b->counts == COUNTS_FOR ? v : b->counts == COUNTS_AGAINST ? -v : 0;
}

/* count threes of a team with (melded) or without what they need to count
 * for it (red_threes.each, totals, without_meld_each, negative_without_meld). */
static long threes_of(const ruleset_t *rs, int count, bool melded) {
  if (count && !melded && rs->red_threes.without_meld_each > 0)
    return -(long)count * rs->red_threes.without_meld_each;
  if (count) return (!melded && rs->red_threes.negative_without_meld ? -1 : 1) * red3_value(rs, count);
  return 0;
}

/* The team's canastas (is_canasta), wild ones included. */
static int canastas_of(const sc_t *s, int t) {
  int n = 0;
  for (int i = 0; i < s->nmelds[t]; i++) n += s->meld[t][i].count && is_canasta(s->rs, &s->meld[t][i]);
  return n;
}

/* red_threes.*: the team's threes; by_colour: the red and the black ones
 * each valued by the table; zero_from: zero for a team short of
 * canastas_needed that has that many canastas. */
static void score_threes(const sc_t *s, int t, const int held[2], parts_t *x) {
  const ruleset_t *rs = s->rs;
  if (rs_red3_bands_given(rs)) {
    score_threes_by_band(s, t, held, x);
    return;
  }
  bool melded = s->nmelds[t] > 0;
  int canastas = canastas_of(s, t); /* red_threes.canastas_needed: short of them, as without a meld */
  bool zero = melded && canastas < rs->red_threes.canastas_needed && rs->red_threes.zero_from > 0 &&
              canastas >= rs->red_threes.zero_from;
  if (canastas < rs->red_threes.canastas_needed) melded = false;
  bool penalty = rs->red_threes.in_hand == RED3_IN_HAND_PENALTY ||
                 (rs->red_threes.in_hand == RED3_IN_HAND_PENALTY_WITHOUT_MELD && !melded);
  if (penalty) x->left -= (long)(held[0] + held[1]) * rs->red_threes.in_hand_penalty;
  int black = s->black3[t] + (penalty ? 0 : held[1]);
  int red = s->red3[t] - s->black3[t] + (penalty ? 0 : held[0]);
  if (rs_red3_by_colour(rs)) /* red_threes.by_colour, in force with bonus_threes: all */
    x->red3 = threes_of(rs, red, melded) + threes_of(rs, black, melded);
  else
    x->red3 = threes_of(rs, red + black, melded);
  /* negative_without_books: "counts its red threes against it, at the same
   * value": what they would have counted for, negated (by_colour: the sum) */
  if (melded && rs->red_threes.negative_without_books && !books(s, t)) x->red3 = -x->red3;
  if (zero) x->red3 = 0;
}

static void score_team(const sc_t *s, int t, parts_t *x) {
  const ruleset_t *rs = s->rs;
  memset(x, 0, sizeof *x);
  /* a special hand: its value in place of everything else (the "going out"
   * column), the partners' cards counting for nothing */
  if (t == s->shown_team) {
    x->out = s->shown_value;
    return;
  }
  for (int i = 0; i < s->nmelds[t]; i++) {
    const smeld_t *m = &s->meld[t][i];
    for (int c = 0; c < KINDS; c++) x->melded += (long)m->n[c] * rs->cards.value[rank_of(c)];
    x->bonuses += meld_bonus(s, m) + rank_penalties(s, m, NULL, NULL);
  }
  /* canasta.needed_for_melds: short of them, the melded cards count against the team */
  if (canastas_of(s, t) < rs->canasta.needed_for_melds) x->melded = -x->melded;
  int held[2] = {0, 0};
  for (int p = 0; p < s->np; p++) {
    if (s->team[p] != t) continue;
    x->left -= left_in(s, s->hand[p], held) + left_in(s, s->foot[p], held);
    x->left += rank_penalties(s, NULL, s->hand[p], s->foot[p]);
    /* where melding comes first, an empty hand ends nothing by itself
     * (going_out.premature): the player goes out by deciding to, `end` or
     * a partner's `yes`; a hand that ends as the stock runs out is not gone
     * out, even on a discard that empties the hand */
    bool decision = !rs->turn.meld_before_draw || s->decided;
    if (empty(s->hand[p]) && empty(s->foot[p]) && s->actor == p && decision && !s->refused) {
      bool concealed = rs->going_out.concealed_by == CONCEALED_BY_TEAM
                           ? s->team_first_meld_turn[t] == s->turn
                           : s->first_meld_turn[p] == s->turn;
      x->out = concealed ? rs->going_out.concealed_bonus : rs->going_out.bonus;
    }
  }
  score_threes(s, t, held, x);
  if (cutter_team(s) == t) x->cut = rs->cut.bonus;
  x->aside = by_totals(rs->set_aside.totals, rs->set_aside.ntotals, rs->set_aside.each, s->aside[t]);
}

static void compare(sc_t *s, char *w[], int n, int line, scorer_result_t *out) {
  out->hands++;
  for (int i = 1; i + 1 < n; i += 2) {
    int t = -1;
    for (int k = 0; k < s->nt; k++)
      if (strcmp(s->tname[k], w[i]) == 0) t = k;
    if (t < 0) continue;
    parts_t x;
    score_team(s, t, &x);
    long mine = x.melded + x.bonuses + x.red3 + x.out + x.cut + x.aside + x.left;
    long claimed = strtol(w[i + 1], NULL, 10);
    out->compared++;
    if (mine == claimed) continue;
    if (!out->mismatches++)
      snprintf(out->first, sizeof out->first,
               "line %d: %s claims %ld (the engine's), the scorer %ld: melded %ld, canastas and "
               "sequences %ld, red threes %ld, going out %ld, cut %ld, set aside %ld, left %ld",
               line, w[i], claimed, mine, x.melded, x.bonuses, x.red3, x.out, x.cut, x.aside,
               x.left);
  }
}

static void header(sc_t *s, char *w[], int n) {
  if (strcmp(w[0], "cgr") == 0) {
    s->np = s->nt = 0;
    new_hand(s);
  } else if (strcmp(w[0], "player") == 0 && n >= 2 && s->np < NOSEATS) {
    const char *team = n >= 4 && strcmp(w[2], "team") == 0 ? w[3] : w[1];
    int t = -1;
    for (int k = 0; k < s->nt; k++)
      if (strcmp(s->tname[k], team) == 0) t = k;
    if (t < 0) snprintf(s->tname[t = s->nt++], 32, "%s", team);
    snprintf(s->name[s->np], 32, "%s", w[1]);
    s->team[s->np++] = t;
  } else if (strcmp(w[0], "hand") == 0) {
    new_hand(s);
  } else if (strcmp(w[0], "dealer") == 0 && n == 2) {
    s->dealer = seat(s, w[1]);
  } else if (strcmp(w[0], "cut") == 0 && n == 2) {
    s->cut = atoi(w[1]);
  } else if ((strcmp(w[0], "deal") == 0 || strcmp(w[0], "foot") == 0) && n >= 2) {
    int p = seat(s, w[1]), cards[128], k = cards_of(w + 2, n - 2, cards);
    for (int i = 0; p >= 0 && i < k; i++) (w[0][0] == 'd' ? s->hand : s->foot)[p][cards[i]]++;
  } else if (strcmp(w[0], "talon") == 0 && s->npackets < 4) {
    int cards[128], k = cards_of(w + 1, n - 1, cards);
    for (int i = 0; i < k; i++) s->packet[s->npackets][cards[i]]++;
    s->npackets++;
  } else if (strcmp(w[0], "pile") == 0) {
    int cards[128], k = cards_of(w + 1, n - 1, cards);
    for (int i = 0; i < k && s->npile < MAXPILE; i++) s->pile[s->npile++] = cards[i];
  }
}

void scorer_check(const char *text, size_t len, const ruleset_t *rs, scorer_result_t *out) {
  memset(out, 0, sizeof *out);
  sc_t *s = calloc(1, sizeof *s);
  char *copy = malloc(len + 1);
  if (!s || !copy) abort();
  memcpy(copy, text, len);
  copy[len] = '\0';
  s->rs = rs;
  int line = 0;
  for (char *l = copy, *nl; l && *l; l = nl) {
    nl = strchr(l, '\n');
    if (nl) *nl++ = '\0';
    line++;
    char *w[160];
    int n = words(l, w, 160);
    if (n == 0) continue;
    int p = seat(s, w[0]);
    if (p >= 0 && n >= 2) action(s, p, w, n);
    else if (strcmp(w[0], "score") == 0) compare(s, w, n, line, out);
    else header(s, w, n);
  }
  free(copy);
  free(s);
}
