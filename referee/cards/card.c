/* card.c — card kinds, names and count arrays. */
#include "card.h"

#include <string.h>

#include "i18n.h"

static const char rank_chars[] = "23456789TJQKA";
static const char suit_chars[] = "SHDC";

const uint8_t card_rank_ix[256] = {
  ['2'] = RANK_2 + 1, ['3'] = RANK_3 + 1, ['4'] = RANK_4 + 1, ['5'] = RANK_5 + 1,
  ['6'] = RANK_6 + 1, ['7'] = RANK_7 + 1, ['8'] = RANK_8 + 1, ['9'] = RANK_9 + 1,
  ['T'] = RANK_T + 1, ['J'] = RANK_J + 1, ['Q'] = RANK_Q + 1, ['K'] = RANK_K + 1,
  ['A'] = RANK_A + 1};
const uint8_t card_suit_ix[256] = {
  ['S'] = SUIT_S + 1, ['H'] = SUIT_H + 1, ['D'] = SUIT_D + 1, ['C'] = SUIT_C + 1, ['K'] = 5};
#define NO CARD_NONE
#define ROW(rank) \
  {NO, rank * 4 + SUIT_S, rank * 4 + SUIT_H, rank * 4 + SUIT_D, rank * 4 + SUIT_C, NO}
const card_t card_of_ix[RANK_JOKER + 1][6] = {
  {NO, NO, NO, NO, NO, NO}, ROW(RANK_2), ROW(RANK_3), ROW(RANK_4), ROW(RANK_5), ROW(RANK_6),
  ROW(RANK_7), ROW(RANK_8), ROW(RANK_9), ROW(RANK_T),
  {NO, RANK_J * 4 + SUIT_S, RANK_J * 4 + SUIT_H, RANK_J * 4 + SUIT_D, RANK_J * 4 + SUIT_C,
   CARD_JOKER}, /* "JK": the K of the joker */
  ROW(RANK_Q), ROW(RANK_K), ROW(RANK_A)};
#undef ROW
#undef NO

size_t card_decode_rest(const char *text, card_t *out) {
  const unsigned char *s = (const unsigned char *)text;
  size_t at = 1;
  unsigned rank = card_rank_ix[s[0]];
  if (s[0] == '1' && s[1] == '0') {
    rank = RANK_T + 1;
    at = 2;
  }
  if (!rank) return 0;
  unsigned suit = card_suit_ix[s[at]];
  if (suit >= 1 && suit <= 4) { /* "10H" (two letters are read by card_decode) */
    *out = card_of_ix[rank][suit];
    return at + 1;
  }
  if (s[at] != 0xe2 || s[at + 1] != 0x99) return 0;
  switch (s[at + 2]) { /* U+2660 ♠, U+2665 ♥, U+2666 ♦, U+2663 ♣ */
    case 0xa0: suit = SUIT_S; break;
    case 0xa5: suit = SUIT_H; break;
    case 0xa6: suit = SUIT_D; break;
    case 0xa3: suit = SUIT_C; break;
    default: return 0;
  }
  *out = card_of_ix[rank][suit + 1];
  return at + 3;
}

card_t card_make(int rank, int suit) {
  if (rank == RANK_JOKER) return CARD_JOKER;
  return (card_t)(rank * 4 + suit);
}

int card_rank(card_t c) { return c == CARD_JOKER ? RANK_JOKER : c / 4; }
int card_suit(card_t c) { return c == CARD_JOKER ? SUIT_NONE : c % 4; }

bool card_is_red3(card_t c) {
  return card_rank(c) == RANK_3 && (card_suit(c) == SUIT_H || card_suit(c) == SUIT_D);
}

bool card_is_black3(card_t c) {
  return card_rank(c) == RANK_3 && (card_suit(c) == SUIT_S || card_suit(c) == SUIT_C);
}

const char *card_name(card_t c, char buf[4]) {
  if (c == CARD_JOKER) {
    memcpy(buf, "JK", 3);
  } else {
    buf[0] = rank_chars[c / 4];
    buf[1] = suit_chars[c % 4];
    buf[2] = '\0';
  }
  return buf;
}

const char *card_rank_name(int rank) {
  static const char *const names[RANK_COUNT] = {
    "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "JK"};
  return rank >= 0 && rank < RANK_COUNT ? names[rank] : "?";
}

const char *card_rank_plural(int rank) {
  static const char *const names[RANK_COUNT] = {
    N_("2s"), N_("3s"), N_("4s"), N_("5s"), N_("6s"), N_("7s"), N_("8s"), N_("9s"), N_("10s"),
    N_("jacks"), N_("queens"), N_("kings"), N_("aces"), N_("jokers")};
  return rank >= 0 && rank < RANK_COUNT ? _(names[rank]) : "?";
}

const char *card_rank_of(int rank) {
  /* TRANSLATORS: "a meld of kings" is written "a meld %s" with "of kings", so
   * that a language can join the two as it must (French: "de rois", "d'as"). */
  static const char *const names[RANK_COUNT] = {
    N_("of 2s"), N_("of 3s"), N_("of 4s"), N_("of 5s"), N_("of 6s"), N_("of 7s"), N_("of 8s"),
    N_("of 9s"), N_("of 10s"), N_("of jacks"), N_("of queens"), N_("of kings"), N_("of aces"),
    N_("of jokers")};
  return rank >= 0 && rank < RANK_COUNT ? _(names[rank]) : "?";
}

/* The noun in the number the language gives n (French: "0 roi", English:
 * "0 kings"), so that it agrees with the sentence's own plural form. */
const char *card_rank_noun(int rank, long n) {
  static const char *const names[RANK_COUNT][2] = {
    {NP_("2", "2s")}, {NP_("3", "3s")}, {NP_("4", "4s")}, {NP_("5", "5s")}, {NP_("6", "6s")},
    {NP_("7", "7s")}, {NP_("8", "8s")}, {NP_("9", "9s")}, {NP_("10", "10s")},
    {NP_("jack", "jacks")}, {NP_("queen", "queens")}, {NP_("king", "kings")},
    {NP_("ace", "aces")}, {NP_("joker", "jokers")}};
  if (rank < 0 || rank >= RANK_COUNT) return "?";
  return P_(names[rank][0], names[rank][1], n < 0 ? 0 : n);
}

int card_rank_parse(const char *s) {
  if (strcmp(s, "10") == 0) return RANK_T;
  if (strcmp(s, "JK") == 0) return RANK_JOKER;
  if (s[0] && !s[1]) {
    const char *p = strchr(rank_chars, s[0]);
    if (p) return (int)(p - rank_chars);
  }
  return -1;
}

void cc_clear(card_counts_t *cc) { memset(cc, 0, sizeof *cc); }

void cc_add(card_counts_t *cc, card_t c, unsigned k) {
  cc->n[c] = (uint16_t)(cc->n[c] + k);
  cc->total += k;
}

bool cc_take(card_counts_t *cc, card_t c, unsigned k) {
  if (cc->n[c] < k) return false;
  cc->n[c] = (uint16_t)(cc->n[c] - k);
  cc->total -= k;
  return true;
}

unsigned cc_rank_count(const card_counts_t *cc, int rank) {
  if (rank == RANK_JOKER) return cc->n[CARD_JOKER];
  unsigned n = 0;
  for (int s = 0; s < 4; s++) n += cc->n[rank * 4 + s];
  return n;
}
