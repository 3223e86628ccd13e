/* cgr_fast.c — the reader's hot path: the action and card-list lines of a
 * record written the plain way, which are nearly all of its lines, read by
 * hand in one pass instead of through PCRE2.
 *
 *   line  = actor " " verb [" " ref] (" " card)*
 *         | ("deal" | "foot") " " name (" " card)*  |  ("stock" | "pile") (" " card)*
 *         | ("hand" | "cut") " " number  |  "dealer" " " name
 *         | "score" (" " name " " number){1,16}
 *   number = ["+" | "-"] DIGIT{1,9}
 *   card  = ("10" | "A" | "K" | "Q" | "J" | "T" | "9" | ... | "2") ("S" | "H" | "D" | "C")
 *         | "JK"
 *   ref   = "#" DIGIT{1,6} (not 0) | a rank          (the meld of `add`, only there)
 *
 * with words of printable ASCII separated by exactly one space, nothing before
 * the first or after the last, an actor or name that is no keyword and does
 * not start with '#' or '"', and the number of cards the verb takes. Any other
 * line (tabs, suit symbols, a comment, a bad card, a byte outside printable
 * ASCII) is left to the grammar (cgr_grammar.c), which reads every line and
 * reports every error. What holds: a line taken here gives the statement the
 * grammar gives, word for word and column for column (the reader's tests and
 * the fuzzer's differential check compare the two). */
#include <stdint.h>
#include <string.h>

#include "cgr_impl.h"

/* A card's two characters, as indices into the reader's card_of table:
 * rank 1..13 (0: none), suit 1..4 (0: none; 5: the K of "JK"). "10" is read
 * apart. */
static const unsigned char rank_ix[256] = {
  ['2'] = RANK_2 + 1, ['3'] = RANK_3 + 1, ['4'] = RANK_4 + 1, ['5'] = RANK_5 + 1,
  ['6'] = RANK_6 + 1, ['7'] = RANK_7 + 1, ['8'] = RANK_8 + 1, ['9'] = RANK_9 + 1,
  ['T'] = RANK_T + 1, ['J'] = RANK_J + 1, ['Q'] = RANK_Q + 1, ['K'] = RANK_K + 1,
  ['A'] = RANK_A + 1};
static const unsigned char suit_ix[256] = {
  ['S'] = SUIT_S + 1, ['H'] = SUIT_H + 1, ['D'] = SUIT_D + 1, ['C'] = SUIT_C + 1, ['K'] = 5};

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

/* The statement keywords, which are no player's name. Most words are names:
 * the length and the first letter send nearly all of them away at once. */
static bool keyword(const char *s, size_t n) {
  static const char *const words[8][4] = {
    [3] = {"cgr", "tag", "cut"}, [4] = {"hand", "deal", "foot", "pile"},
    [5] = {"match", "stock", "score"}, [6] = {"player", "dealer"}, [7] = {"variant"}};
  if (n < 3 || n > 7 || s[0] < 'a' || s[0] > 'z') return false;
  for (int i = 0; i < 4 && words[n][i]; i++)
    if (words[n][i][0] == s[0] && memcmp(words[n][i], s, n) == 0) return true;
  return false;
}

/* An actor or a player's name: no keyword, no quote, no comment. */
static bool name_word(const char *s, size_t from, size_t to) {
  return s[from] != '#' && s[from] != '"' && !keyword(s + from, to - from);
}

static word_t copy_word(cgr_reader_t *r, const char *s, size_t from, size_t to) {
  char *w = r->words + r->words_len;
  memcpy(w, s + from, to - from);
  w[to - from] = '\0';
  r->words_len += to - from + 1;
  return (word_t){w, (unsigned)from + 1};
}

/* The cards from offset i (at a space, or the end of the line) to the end:
 * false when anything else is there. */
static bool cards(cgr_reader_t *r, const char *s, size_t i, size_t n, stmt_t *st) {
  const unsigned char *p = (const unsigned char *)s;
  unsigned k = 0;
  while (i < n) { /* p[i] is ' ' and a card follows, up to the next ' ' or the end */
    if (p[i] != ' ' || k == STMT_MAX_CARDS) return false;
    size_t c = i + 1;
    card_t card = r->card_of[rank_ix[p[c]]][suit_ix[p[c + 1]]];
    i = c + 2;
    if (card == NO_CARD) {
      if (p[c] != '1' || p[c + 1] != '0' || !suit_ix[p[c + 2]] || suit_ix[p[c + 2]] == 5)
        return false;
      card = r->card_of[RANK_T + 1][suit_ix[p[c + 2]]];
      i = c + 3;
    }
    st->cards[k] = card;
    st->card_cols[k++] = (unsigned)c + 1;
  }
  st->ncards = k;
  return true;
}

/* The verb of an action, by its text; -1 for none. */
static int verb_of(const char *s, size_t n) {
  int v;
  switch (s[0]) {
    case 'd': v = n == 4 ? V_DRAW : V_DISCARD; break;
    case 'a': v = n == 3 && s[1] == 'd' ? V_ADD : V_ASK; break;
    case 't': v = V_TAKE; break;
    case 'm': v = V_MELD; break;
    case 'r': v = V_RED3; break;
    case 'f': v = V_FOOT; break;
    case 'y': v = V_YES; break;
    case 'n': v = V_NO; break;
    case 'e': v = V_END; break;
    default: return -1;
  }
  const char *name = verb_name((verb_t)v);
  if (strlen(name) != n) return -1;
  for (size_t i = 1; i < n; i++)
    if (s[i] != name[i]) return -1;
  return v;
}

/* The meld of `add`: #N (N from 1, at most 6 digits) or a rank. */
static bool ref(cgr_reader_t *r, const char *s, size_t from, size_t to, stmt_t *st) {
  size_t n = to - from;
  st->ref_rank = -1;
  st->ref_index = 0;
  if (s[from] == '#') {
    if (n < 2 || n > 7) return false;
    int v = 0;
    for (size_t i = from + 1; i < to; i++) {
      if (s[i] < '0' || s[i] > '9') return false;
      v = v * 10 + (s[i] - '0');
    }
    if (v < 1) return false;
    st->ref_index = v;
  } else {
    char buf[3] = {0};
    if (n > 2) return false;
    memcpy(buf, s + from, n);
    if ((st->ref_rank = card_rank_parse(buf)) < 0) return false;
  }
  st->ref_word = copy_word(r, s, from, to);
  return true;
}


/* An action: the actor (a word known to be no keyword), the verb, its cards. */
static bool action(cgr_reader_t *r, const char *s, size_t n, size_t e0, stmt_t *st) {
  if (s[e0] != ' ' || s[0] == '#' || s[0] == '"') return false;
  size_t v = e0 + 1, ve = word_end(s, v);
  int verb = ve ? verb_of(s + v, ve - v) : -1;
  if (verb < 0) return false;
  size_t from = ve;
  if (verb == V_ADD) {
    size_t re = s[ve] == ' ' ? word_end(s, ve + 1) : 0;
    if (!re || !ref(r, s, ve + 1, re, st)) return false;
    from = re;
  }
  if (!cards(r, s, from, n, st) || !verb_cards_fit((verb_t)verb, st->ncards)) return false;
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

/* deal, foot, stock, pile: the cards of a hand's setup. */
static bool card_list(cgr_reader_t *r, const char *s, size_t n, size_t e0, stmt_t *st) {
  size_t from = e0;
  bool named = s[0] == 'd' || s[0] == 'f'; /* deal and foot name the player */
  if (named && (!(from = next_word(s, e0)) || !name_word(s, e0 + 1, from))) return false;
  if (!cards(r, s, from, n, st)) return false;
  if (named) st->name = copy_word(r, s, e0 + 1, from);
  return true;
}

/* hand N, cut N, dealer NAME: one word after the keyword, nothing more. */
static bool one_word(cgr_reader_t *r, const char *s, size_t n, size_t e0, stmt_t *st) {
  size_t e1 = next_word(s, e0);
  if (!e1 || e1 != n) return false;
  if (st->kind == ST_DEALER) {
    if (!name_word(s, e0 + 1, e1)) return false;
    st->name = copy_word(r, s, e0 + 1, e1);
    return true;
  }
  if (!number(s, e0 + 1, e1, &st->number)) return false;
  st->value = copy_word(r, s, e0 + 1, e1);
  return true;
}

/* score TEAM N ...: a team's name and a number, for up to STMT_MAX_SCORES. */
static bool score(cgr_reader_t *r, const char *s, size_t n, size_t e0, stmt_t *st) {
  unsigned k = 0;
  for (size_t end = e0; end < n; k++) {
    size_t team = end + 1, te = next_word(s, end), ne = te ? next_word(s, te) : 0;
    if (!ne || k == STMT_MAX_SCORES || !name_word(s, team, te) ||
        !number(s, te + 1, ne, &st->score_value[k]))
      return false;
    st->score_team[k] = copy_word(r, s, team, te);
    st->score_word[k] = copy_word(r, s, te + 1, ne);
    end = ne;
  }
  st->nscores = k;
  return k > 0;
}

/* The statements this path reads, by their keyword. */
static const struct {
  const char *word;
  stmt_kind_t kind;
  bool (*read)(cgr_reader_t *, const char *, size_t, size_t, stmt_t *);
} statements[] = {
  {"deal", ST_DEAL, card_list}, {"foot", ST_FOOT, card_list}, {"stock", ST_STOCK, card_list},
  {"pile", ST_PILE, card_list}, {"hand", ST_HAND, one_word}, {"cut", ST_CUT, one_word},
  {"dealer", ST_DEALER, one_word}, {"score", ST_SCORE, score}};

bool cgr_fast_line(cgr_reader_t *r, stmt_t *st) {
  const char *s = r->line;
  size_t n = r->line_len, e0 = word_end(s, 0);
  if (!e0) return false;
  st->line = r->lineno;
  st->text = r->line;
  if (s[0] < 'a' || s[0] > 'z' || !keyword(s, e0)) return action(r, s, n, e0, st);
  for (size_t i = 0; i < sizeof statements / sizeof statements[0]; i++) {
    if (strlen(statements[i].word) != e0 || memcmp(statements[i].word, s, e0) != 0) continue;
    st->kind = statements[i].kind;
    st->key = (word_t){statements[i].word, 1};
    return statements[i].read(r, s, n, e0, st);
  }
  return false; /* the header's statements: the grammar reads them */
}
