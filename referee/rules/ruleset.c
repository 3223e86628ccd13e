/* ruleset.c — questions the engine asks of a ruleset, and its names (paths,
 * built-in names, the nearest name for a suggestion). */
#include "ruleset.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

const rs_seat_t *rs_seat(const ruleset_t *rs, int players) {
  for (int i = 0; i < rs->nseats; i++)
    if (rs->seats[i].players == players) return &rs->seats[i];
  return NULL;
}

rs_seating_t rs_seating(const rs_seat_t *seat, int n, const int *team_of, int nteams, int *a,
                        int *b) {
  int lo = n / seat->teams, hi = (n + seat->teams - 1) / seat->teams;
  for (int t = 0; t < nteams; t++) {
    int size = 0;
    for (int p = 0; p < n; p++) size += team_of[p] == t;
    if (size < lo || size > hi) return *a = t, SEATING_TEAM_SIZE;
  }
  for (int p = 0; seat->partners_apart && p < n; p++)
    if (team_of[p] == team_of[(p + 1) % n]) return *a = p, *b = (p + 1) % n, SEATING_PARTNERS_ADJACENT;
  return SEATING_FITS;
}

int rs_opening_minimum(const ruleset_t *rs, int hand_no, long team_total) {
  /* opening.by_hand: the hand's number decides, whatever the totals */
  if (rs->opening.nby_hand > 0) {
    int m = 0;
    for (int i = 0; i < rs->opening.nby_hand; i++)
      if (hand_no >= rs->opening.by_hand[i].hand) m = rs->opening.by_hand[i].minimum;
    return m;
  }
  if (team_total < 0) return rs->opening.negative;
  int m = rs->opening.negative;
  for (int i = 0; i < rs->opening.nbands; i++)
    if (team_total >= rs->opening.bands[i].from) m = rs->opening.bands[i].minimum;
  return m;
}

bool rs_is_bonus(const ruleset_t *rs, card_t c) {
  switch (rs->cards.bonus_threes) {
    case BONUS_THREES_RED: return card_is_red3(c);
    case BONUS_THREES_ALL: return card_rank(c) == RANK_3;
    case BONUS_THREES_NONE: return false;
  }
  return false;
}

bool rs_is_wild(const ruleset_t *rs, card_t c) { return rs->cards.wild[card_rank(c)]; }

bool rs_is_natural(const ruleset_t *rs, card_t c) {
  return !rs_is_wild(rs, c) && card_rank(c) != RANK_3;
}

int rs_value(const ruleset_t *rs, card_t c) { return rs->cards.value[card_rank(c)]; }

unsigned rs_classes(const ruleset_t *rs, card_t c) {
  unsigned k = 0;
  if (rs_is_wild(rs, c)) k |= RS_WILD;
  if (card_is_black3(c)) k |= RS_BLACK3;
  if (card_is_red3(c)) k |= RS_RED3;
  return k;
}

int rs_max_wild(const ruleset_t *rs, int ncards) {
  int m = rs->meld.max_wild;
  for (int i = 0; i < rs->meld.nwild_limits; i++) {
    const rs_wild_limit_t *l = &rs->meld.wild_limits[i];
    if (ncards <= l->cards && l->max_wild < m) m = l->max_wild;
  }
  return m;
}

bool rs_red3_by_colour(const ruleset_t *rs) {
  return rs->red_threes.by_colour && rs->cards.bonus_threes == BONUS_THREES_ALL;
}

unsigned rs_threes_of_colour(const card_counts_t *cc, int colour) {
  return (unsigned)cc->n[card_make(RANK_3, colour ? SUIT_S : SUIT_H)] +
         cc->n[card_make(RANK_3, colour ? SUIT_C : SUIT_D)];
}

unsigned rs_bonus_threes(const ruleset_t *rs, const card_counts_t *cc) {
  unsigned n = rs_threes_of_colour(cc, 0);
  return rs->cards.bonus_threes == BONUS_THREES_ALL ? n + rs_threes_of_colour(cc, 1) : n;
}

/* ---- red_threes.bands ---------------------------------------------------- */

const rule_key_t rs_red3_shorthands[] = {
    RK_RED_THREES_NEGATIVE_WITHOUT_MELD, RK_RED_THREES_WITHOUT_MELD_EACH,
    RK_RED_THREES_CANASTAS_NEEDED, RK_RED_THREES_ZERO_FROM, RK_RED_THREES_NEGATIVE_WITHOUT_BOOKS,
    RK_NONE};

static rs_red3_band_t *band_add(ruleset_t *rs, rs_counts_t counts, bool short_of) {
  rs_red3_band_t *b = &rs->red_threes.bands[rs->red_threes.nbands++];
  memset(b, 0, sizeof *b); /* padding too: a ruleset compares whole */
  b->counts = counts;
  b->short_of = short_of;
  return b;
}

static void note(rs_red3_band_t *b, bool when, rule_key_t k) {
  for (int i = 0; when && i < RS_BAND_NOTES; i++)
    if (b->notes[i] == RK_NONE) {
      b->notes[i] = k;
      return;
    }
}

/* A team short of what its threes need: they cost without_meld_each each,
 * count against it (negative_without_meld), or for it. */
static rs_red3_band_t *short_band(ruleset_t *rs, rs_counts_t counts) {
  const struct rs_red_threes *r = &rs->red_threes;
  bool fixed = r->without_meld_each > 0, against = fixed || r->negative_without_meld;
  rs_red3_band_t *b = band_add(rs, counts == COUNTS_FOR && against ? COUNTS_AGAINST : counts, true);
  b->each = counts == COUNTS_FOR ? r->without_meld_each : 0;
  note(b, fixed, RK_RED_THREES_WITHOUT_MELD_EACH);
  note(b, !fixed && r->negative_without_meld, RK_RED_THREES_NEGATIVE_WITHOUT_MELD);
  note(b, r->canastas_needed > 0, RK_RED_THREES_CANASTAS_NEEDED);
  return b;
}

/* In order: no meld; zero_from..canastas_needed - 1 canastas (nothing);
 * fewer than canastas_needed; without books (negative_without_books:
 * against); the rest, for. A band notes each shorthand key a score by it
 * relied on: canastas_needed and negative_without_books where they were
 * asked (a team with a meld), the others where they decided. */
void rs_red3_bands_from_keys(ruleset_t *rs) {
  struct rs_red_threes *r = &rs->red_threes;
  int need = r->canastas_needed, from = r->zero_from;
  bool books = r->negative_without_books;
  memset(r->bands, 0, sizeof r->bands);
  r->nbands = 0;
  cond_add(&short_band(rs, COUNTS_FOR)->when, COND_MELDS, 0, 0);
  rs_red3_band_t *b;
  if (from > 0 && from < need) {
    b = short_band(rs, COUNTS_NOTHING);
    cond_add(&b->when, COND_CANASTAS, from, need - 1);
    note(b, true, RK_RED_THREES_ZERO_FROM);
    note(b, books, RK_RED_THREES_NEGATIVE_WITHOUT_BOOKS);
  }
  if (need > 0) {
    b = short_band(rs, COUNTS_FOR);
    cond_add(&b->when, COND_CANASTAS, 0, need - 1);
    note(b, books, RK_RED_THREES_NEGATIVE_WITHOUT_BOOKS);
  }
  if (books) {
    b = band_add(rs, COUNTS_AGAINST, false);
    cond_add(&b->when, COND_BOOKS, 0, 0);
    note(b, true, RK_RED_THREES_NEGATIVE_WITHOUT_BOOKS);
    note(b, need > 0, RK_RED_THREES_CANASTAS_NEEDED);
  }
  b = band_add(rs, COUNTS_FOR, false);
  note(b, need > 0, RK_RED_THREES_CANASTAS_NEEDED);
  note(b, books, RK_RED_THREES_NEGATIVE_WITHOUT_BOOKS);
}

bool rs_red3_bands_given(const ruleset_t *rs) {
  return rs->red_threes.nbands > 0 && rs->red_threes.bands[0].notes[0] == RK_RED_THREES_BANDS;
}

const rs_red3_band_t *rs_red3_band(const ruleset_t *rs, const cond_facts_t *f) {
  for (int i = 0; i < rs->red_threes.nbands; i++)
    if (cond_holds(&rs->red_threes.bands[i].when, f)) return &rs->red_threes.bands[i];
  return NULL;
}

int rs_red3_value(const ruleset_t *rs, int count) {
  for (int i = 0; i < rs->red_threes.ntotals; i++)
    if (rs->red_threes.totals[i].count == count) return rs->red_threes.totals[i].value;
  return count * rs->red_threes.each;
}

bool rs_sets_aside(const ruleset_t *rs) {
  if (rs->set_aside.classes) return true;
  for (int r = 0; r < RANK_COUNT; r++)
    if (rs->set_aside.ranks[r]) return true;
  return false;
}

rule_key_t rs_aside_key(const ruleset_t *rs, card_t c) {
  if (rs_classes(rs, c) & rs->set_aside.classes) return RK_SET_ASIDE_CLASSES;
  return rs->set_aside.ranks[card_rank(c)] ? RK_SET_ASIDE_RANKS : RK_NONE;
}

long rs_aside_value(const ruleset_t *rs, int count) {
  for (int i = 0; i < rs->set_aside.ntotals; i++)
    if (rs->set_aside.totals[i].count == count) return rs->set_aside.totals[i].value;
  return (long)count * rs->set_aside.each;
}

bool rs_freezes_pile(const ruleset_t *rs, card_t c) {
  return (rs_classes(rs, c) & rs->pile.frozen_by) != 0;
}

bool rs_blocks_pile(const ruleset_t *rs, card_t c) {
  return (rs_classes(rs, c) & rs->pile.blocked_by) != 0;
}

bool rs_is_path(const char *name) {
  size_t len = strlen(name);
  return strchr(name, '/') || (len > 5 && strcmp(name + len - 5, ".yaml") == 0);
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

/* Edit distance (Levenshtein), case aside; names longer than 63 bytes are far. */
size_t rs_name_distance(const char *a, const char *b) {
  size_t n = strlen(a), m = strlen(b);
  if (n > 63 || m > 63) return 64;
  size_t row[64];
  for (size_t j = 0; j <= m; j++) row[j] = j;
  for (size_t i = 1; i <= n; i++) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= m; j++) {
      size_t up = row[j];
      size_t best = diag + (lower(a[i - 1]) != lower(b[j - 1]));
      if (up + 1 < best) best = up + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      row[j] = best;
      diag = up;
    }
  }
  return row[m];
}

const char *rs_nearest_builtin(const char *name) {
  const char *best = NULL;
  size_t best_d = strlen(name) / 3 + 1; /* more wrong than that is another word */
  for (const rs_builtin_t *b = rs_builtins; b->name; b++) {
    size_t d = rs_name_distance(name, b->name);
    if (d < best_d) best = b->name, best_d = d;
  }
  return best;
}

/* "dir/./x" and "dir/x" alike: "./" components dropped (in place). */
static void drop_dot_parts(char *p) {
  char *w = p;
  for (const char *r = p; *r;) {
    if (r[0] == '.' && r[1] == '/' && (r == p || r[-1] == '/')) {
      r += 2;
      while (*r == '/') r++;
      continue;
    }
    *w++ = *r++;
  }
  *w = '\0';
  if (!*p) snprintf(p, 2, ".");
}

const char *rs_resolve_path(const char *from, const char *name, char *buf, size_t len) {
  const char *slash = from ? strrchr(from, '/') : NULL;
  struct stat sb;
  if (name[0] != '/' && slash) {
    snprintf(buf, len, "%.*s/%s", (int)(slash - from), from, name);
    drop_dot_parts(buf);
    if (stat(buf, &sb) == 0) return buf;
  }
  if (strncmp(name, "./", 2) != 0 || stat(name, &sb) != 0) return name; /* as written */
  snprintf(buf, len, "%s", name);
  drop_dot_parts(buf);
  return buf;
}
