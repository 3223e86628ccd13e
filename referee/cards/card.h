/* card.h — card kinds.
 *
 * A card is a small integer: rank * 4 + suit for the 52 suited cards, and
 * CARD_JOKER for a joker. Copies of a card are interchangeable, so a hand,
 * a meld or a pile is an array of counts indexed by card (card_counts_t).
 * Ranks run 2..A so that consecutive ranks are consecutive numbers. */
#ifndef CARD_H
#define CARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
  RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8, RANK_9, RANK_T,
  RANK_J, RANK_Q, RANK_K, RANK_A, RANK_JOKER, RANK_COUNT
};
enum { SUIT_S, SUIT_H, SUIT_D, SUIT_C, SUIT_NONE };
enum { CARD_JOKER = 52, CARD_KINDS = 53 };

typedef uint8_t card_t;

/* Counts of each card kind; total is kept equal to the sum of n[]. */
typedef struct {
  uint16_t n[CARD_KINDS];
  uint32_t total;
} card_counts_t;

card_t card_make(int rank, int suit);
int card_rank(card_t c);
int card_suit(card_t c);
bool card_is_red3(card_t c);
bool card_is_black3(card_t c);
/* Writes the canonical name ("7H", "TS", "JK") into buf (at least 3 bytes). */
const char *card_name(card_t c, char buf[4]);
/* The rank's name as in rulesets and messages: "7", "T", "JK". */
const char *card_rank_name(int rank);
/* Plural for messages: "7s", "kings". */
const char *card_rank_plural(int rank);
/* The same after "of", in the messages' language: "of kings" (a meld of kings). */
const char *card_rank_of(int rank);
/* "7" or "7s", "king" or "kings", as n asks. */
const char *card_rank_noun(int rank, long n);
/* Parses a rank name as used in rulesets ("A".."2", "10", "JK"); -1 if none. */
int card_rank_parse(const char *s);

/* How a card as records write it reads (docs/format.md, Cards), for
 * card_decode: card_rank_ix[byte], its rank + 1 (0 for none; "10" is read
 * apart); card_suit_ix[byte], its suit + 1 (0 for none, 5 for the K of
 * "JK"); card_of_ix[rank + 1][suit + 1], the card, CARD_NONE for none. */
enum { CARD_NONE = 0xff };
extern const uint8_t card_rank_ix[256], card_suit_ix[256];
extern const card_t card_of_ix[RANK_JOKER + 1][6];
/* card_decode's other cards: "10" and the suit symbols. */
size_t card_decode_rest(const char *text, card_t *out);

/* The one decoder of a card as records write it ("7H", "10S", "TS", "7♥",
 * "JK"), which both readers use: the number of bytes it takes (2 to 5), or 0
 * when text does not start with a card; the card in *out. What follows is not
 * looked at, and text is read no further than the first byte that does not
 * fit (a NUL ends it). Two letters, the common case, are read here. */
static inline size_t card_decode(const char *text, card_t *out) {
  const unsigned char *s = (const unsigned char *)text;
  card_t c = card_of_ix[card_rank_ix[s[0]]][card_suit_ix[s[1]]];
  if (c == CARD_NONE) return card_decode_rest(text, out);
  *out = c;
  return 2;
}

void cc_clear(card_counts_t *cc);
void cc_add(card_counts_t *cc, card_t c, unsigned k);
/* Removes k copies; false (and nothing removed) when fewer are held. */
bool cc_take(card_counts_t *cc, card_t c, unsigned k);
unsigned cc_rank_count(const card_counts_t *cc, int rank);

#endif
