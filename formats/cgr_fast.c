/* cgr_fast.c — the reader's hot path: the action and card-list lines of a
 * record written the plain way, which are nearly all of its lines, and the
 * plain header lines but `tag` and `match`, read by hand in one pass instead
 * of through PCRE2.
 *
 *   line  = actor " " verb [" " ref [" " ref]] (" " card)*
 *         | ("deal" | "foot") " " name (" " card)*
 *         | ("stock" | "pile" | "talon") (" " card)*
 *         | ("cgr" | "hand" | "cut") " " number  |  "dealer" " " name
 *         | "variant" " " word (not starting with '#' or '"')
 *         | "player" " " name [" team " name]
 *         | "score" (" " name " " number){1,16}
 *   number = ["+" | "-"] DIGIT{1,9}
 *   card  = ("10" | "A" | "K" | "Q" | "J" | "T" | "9" | ... | "2") ("S" | "H" | "D" | "C")
 *         | "JK"
 *   ref   = "#" DIGIT{1,6} (not 0) | a rank | "JK"   (cgr_ref: for a verb that takes one, `add`;
 *           a verb that takes two, `merge`, takes "#" DIGIT{1,6} twice: cgr_ref2)
 *
 * with words of printable ASCII separated by exactly one space, nothing before
 * the first or after the last, an actor or name that is no keyword and does
 * not start with '#' or '"', and the number of cards the verb takes (the
 * keywords, the verbs, their cards and meld references are the tables of
 * statement.h, the verbs' made from verbs.def; card_decode reads a card,
 * cgr_ref a meld reference: what the grammar uses too). Any other
 * line (tabs, suit symbols, a comment, a bad card, a byte outside printable
 * ASCII) is left to the grammar (cgr_grammar.c), which reads every line and
 * reports every error. What holds: a line taken here gives the statement the
 * grammar gives, word for word and column for column (the reader's tests and
 * the fuzzer's differential check compare the two). */
#include <stdint.h>
#include <string.h>

#include "cgr_impl.h"

/* The end of the word at i (the offset of the space or the end of the line),
 * or 0 when the word is empty or holds a byte this path does not take: the
 * words here are printable ASCII. */
static size_t word_end(const char *s, size_t i) {
  size_t start = i;
#if defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  for (;;) { /* eight bytes at a time: a mask of those outside 0x21..0x7e; the
              * lowest marked byte is the first such byte (borrows and carries
              * only run upward) */
    uint64_t x;
    memcpy(&x, s + i, 8);
    uint64_t outside = ((x - 0x2121212121212121u) & ~x) | ((x + 0x0101010101010101u) | x);
    outside &= 0x8080808080808080u;
    if (outside) {
      i += (size_t)__builtin_ctzll(outside) / 8;
      break;
    }
    i += 8;
  }
#else
  while ((unsigned char)(s[i] - 0x21) < 0x7f - 0x21) i++;
#endif
  return i > start && (s[i] == ' ' || s[i] == '\0') ? i : 0;
}

/* The verb s[0..n), a word word_end took (the eight bytes from s can be
 * read), or -1: cgr_verb, the word loaded at once. */
static int verb_at(const cgr_reader_t *r, const char *s, size_t n) {
#if defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  if (n >= 8) return -1;
  uint64_t x;
  memcpy(&x, s, 8);
  return cgr_verb_packed(r, (unsigned char)s[0], x & ((UINT64_C(1) << (8 * n)) - 1));
#else
  return cgr_verb(r, s, n);
#endif
}

/* An actor or a player's name: no keyword, no quote, no comment. */
static bool name_word(const cgr_reader_t *r, const char *s, size_t from, size_t to) {
  return s[from] != '#' && s[from] != '"' && cgr_keyword(r, s + from, to - from) < 0;
}

/* A word of fewer than eight bytes (an actor's name, mostly) is copied as
 * eight, a size the compiler copies in one move where any other size is a
 * call: the bytes past it are in the line's slack, and past the copy in the
 * words' (cgr_impl.h). */
static word_t copy_word(cgr_reader_t *r, const char *s, size_t from, size_t to) {
  char *w = r->words + r->words_len;
  if (to - from < 8) memcpy(w, s + from, 8);
  else memcpy(w, s + from, to - from);
  w[to - from] = '\0';
  r->words_len += to - from + 1;
  return (word_t){w, (unsigned)from + 1};
}

/* The cards from offset i (at a space, or the end of the line) to the end,
 * written with suit letters (card_decode, card.h; a suit symbol is left to
 * the grammar, which counts columns in characters): false when anything else
 * is there. */
static bool cards(const char *s, size_t i, size_t n, stmt_t *st) {
  unsigned k = 0;
  while (i < n) { /* s[i] is ' ' and a card follows, up to the next ' ' or the end */
    if (s[i] != ' ' || k == STMT_MAX_CARDS) return false;
    size_t c = i + 1, len = card_decode(s + c, &st->cards[k]);
    if (len - 1 > 2) return false; /* none (0), or a suit symbol (4, 5) */
    st->card_cols[k++] = (unsigned)c + 1;
    i = c + len;
  }
  st->ncards = k;
  return true;
}

/* An action: the actor (a word known to be no keyword), the verb, the meld
 * reference of a verb that takes one (cgr_ref), the cards. */
static bool action(cgr_reader_t *r, const char *s, size_t n, size_t e0, stmt_t *st) {
  if (s[e0] != ' ' || s[0] == '#' || s[0] == '"') return false;
  size_t v = e0 + 1, ve = word_end(s, v);
  int verb = ve ? verb_at(r, s + v, ve - v) : -1;
  if (verb < 0) return false;
  size_t from = ve;
  if (verb_table[verb].ref) {
    size_t re = s[ve] == ' ' ? word_end(s, ve + 1) : 0;
    if (!re || !cgr_ref(s + ve + 1, re - ve - 1, st)) return false;
    st->ref_word = copy_word(r, s, ve + 1, re);
    from = re;
  }
  if (verb_table[verb].ref == 2) { /* merge #N #M */
    size_t re = s[from] == ' ' ? word_end(s, from + 1) : 0;
    if (!re || !cgr_ref2(s + from + 1, re - from - 1, st)) return false;
    st->ref2_word = copy_word(r, s, from + 1, re);
    from = re;
  }
  if (!cards(s, from, n, st) || !verb_cards_fit((verb_t)verb, st->ncards)) return false;
  st->kind = ST_ACTION;
  st->key = copy_word(r, s, 0, e0);
  st->verb = (verb_t)verb;
  st->verb_word = (word_t){verb_name((verb_t)verb), (unsigned)v + 1};
  return true;
}

/* A number as the grammar reads one: a sign, then 1 to 9 digits. */
static bool number(const char *s, size_t from, size_t to, long *out) {
  size_t i = from + (s[from] == '+' || s[from] == '-');
  if (to <= i || to - i > 9) return false;
  long v = 0;
  for (; i < to; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  *out = s[from] == '-' ? -v : v;
  return true;
}

/* The word after the one ending at `end`: its end, 0 when there is none. */
static size_t next_word(const char *s, size_t end) {
  return s[end] == ' ' ? word_end(s, end + 1) : 0;
}

/* deal, foot, stock, pile, talon: the cards of a hand's setup. */
static bool card_list(cgr_reader_t *r, const char *s, size_t n, size_t e0, stmt_t *st) {
  size_t from = e0;
  bool named = st->kind == ST_DEAL || st->kind == ST_FOOT; /* they name the player */
  if (named && (!(from = next_word(s, e0)) || !name_word(r, s, e0 + 1, from))) return false;
  if (!cards(s, from, n, st)) return false;
  if (named) st->name = copy_word(r, s, e0 + 1, from);
  return true;
}

/* cgr N, hand N, cut N, dealer NAME, variant WORD: one word after the
 * keyword, nothing more (a variant's word neither a comment nor quoted: the
 * grammar reads those). */
static bool one_word(cgr_reader_t *r, const char *s, size_t n, size_t e0, stmt_t *st) {
  size_t e1 = next_word(s, e0);
  if (!e1 || e1 != n) return false;
  if (st->kind == ST_DEALER || st->kind == ST_VARIANT) {
    bool any = st->kind == ST_VARIANT && s[e0 + 1] != '#' && s[e0 + 1] != '"';
    if (!any && !name_word(r, s, e0 + 1, e1)) return false;
    st->name = copy_word(r, s, e0 + 1, e1);
    return true;
  }
  if (!number(s, e0 + 1, e1, &st->number)) return false;
  st->value = copy_word(r, s, e0 + 1, e1);
  return true;
}

/* player NAME [team NAME]: the header's commonest line (the grammar matched
 * PCRE2 on each of its words). */
static bool player(cgr_reader_t *r, const char *s, size_t n, size_t e0, stmt_t *st) {
  size_t e1 = next_word(s, e0);
  if (!e1 || !name_word(r, s, e0 + 1, e1)) return false;
  size_t e2 = e1 == n ? 0 : next_word(s, e1), e3 = e2 ? next_word(s, e2) : 0;
  bool team = e3 == n && e2 - e1 == 5 && memcmp(s + e1 + 1, "team", 4) == 0 &&
              name_word(r, s, e2 + 1, e3);
  if (e1 != n && !team) return false;
  st->name = copy_word(r, s, e0 + 1, e1);
  st->value = team ? copy_word(r, s, e2 + 1, e3) : (word_t){NULL, 0};
  return true;
}

/* score TEAM N ...: a team's name and a number, for up to STMT_MAX_SCORES. */
static bool score(cgr_reader_t *r, const char *s, size_t n, size_t e0, stmt_t *st) {
  unsigned k = 0;
  for (size_t end = e0; end < n; k++) {
    size_t team = end + 1, te = next_word(s, end), ne = te ? next_word(s, te) : 0;
    if (!ne || k == STMT_MAX_SCORES || !name_word(r, s, team, te) ||
        !number(s, te + 1, ne, &st->score_value[k]))
      return false;
    st->score_team[k] = copy_word(r, s, team, te);
    st->score_word[k] = copy_word(r, s, te + 1, ne);
    end = ne;
  }
  st->nscores = k;
  return k > 0;
}

/* The statements this path reads, by their kind; NULL for the others (the
 * header's), which go to the grammar. */
typedef bool read_fn(cgr_reader_t *, const char *, size_t, size_t, stmt_t *);
static read_fn *const readers[] = {
  [ST_DEAL] = card_list, [ST_FOOT] = card_list, [ST_STOCK] = card_list, [ST_PILE] = card_list,
  [ST_TALON] = card_list,
  [ST_HAND] = one_word,  [ST_CUT] = one_word,   [ST_DEALER] = one_word, [ST_SCORE] = score,
  [ST_CGR] = one_word,   [ST_VARIANT] = one_word, [ST_PLAYER] = player, [ST_EXPECT] = NULL};

bool cgr_fast_line(cgr_reader_t *r, stmt_t *st) {
  const char *s = r->line;
  size_t n = r->line_len, e0 = word_end(s, 0);
  if (!e0) return false;
  st->line = r->lineno;
  st->text = r->line;
  int kind = cgr_keyword(r, s, e0);
  if (kind < 0) return action(r, s, n, e0, st);
  if (!readers[kind]) return false;
  st->kind = (stmt_kind_t)kind;
  st->key = copy_word(r, s, 0, e0);
  return readers[kind](r, s, n, e0, st);
}
