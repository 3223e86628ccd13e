/* cgr_grammar.c — the CGR 1 grammar, read with PCRE2: every line the hot path
 * (cgr_fast.c) does not take, and every error, with its column.
 *
 * Grammar (one statement per line; words separated by spaces or tabs; a word
 * starting with '#' that is not "#<digit>" starts a comment):
 *
 *   record    = "cgr" NUMBER header hand*
 *   header    = ("variant" WORD | "player" NAME ["team" NAME] | "tag" WORD value
 *               | "match" ("hands" | "target") NUMBER)*
 *   hand      = "hand" NUMBER setup action* ["score" (NAME NUMBER)+]
 *   setup     = ("dealer" NAME | "cut" NUMBER | "deal" NAME card* | "foot" NAME card*
 *               | "stock" card* | "pile" card*)*
 *   action    = NAME verb
 *   verb      = "draw" card+ | "take" card* | "meld" card+ | "add" ref card+
 *             | "red3" card | "foot" | "ask" | "yes" | "no" | "discard" card | "end"
 *   ref       = RANK | "#" DIGITS
 *   card      = RANK SUIT | "JK"
 *   RANK      = "A"|"K"|"Q"|"J"|"T"|"10"|"9"|...|"2";  SUIT = "S"|"H"|"D"|"C"|"♠"|"♥"|"♦"|"♣"
 *   value     = WORD | '"' (char | '\"' | '\\')* '"'
 *   expect    = "#" "expect:" ("legal" | "illegal" CODE LINE ":" COL | "malformed" LINE ":" COL)
 *
 * The order of statements is the game driver's business (game.c); this file
 * only reads lines into statements. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "cgr_impl.h"

#include "i18n.h"

struct cgr_grammar {
  pcre2_code *re_tok, *re_card, *re_expect, *re_number, *re_fast;
  pcre2_match_data *md;
};

/* Options are given here, not to pcre2_match: JIT code runs only then. */
static pcre2_code *compile_with(const char *pattern, uint32_t options) {
  int errcode;
  PCRE2_SIZE erroff;
  pcre2_code *re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, options, &errcode,
                                 &erroff, NULL);
  if (re) pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
  return re;
}

static pcre2_code *compile(const char *pattern) { return compile_with(pattern, 0); }

/* The pattern of an action or card-list line written in any of the ways the
 * grammar allows (tabs, suit symbols, a comment after it): one match checks
 * the line, which is then split by hand. Groups: 1 deal|foot, 2 its name,
 * 3 stock|pile, 4 actor, 5 verb (with the meld reference of add), 6 the cards. */
#define FAST_CARD "(?:(?:10|[AKQJT2-9])(?:[SHDC]|\xe2\x99[\xa0\xa3\xa5\xa6])|JK)"
#define FAST_NAME "[^ \t#\"][^ \t]*"
#define FAST_LINE                                                                        \
  "^[ \t]*(?:(deal|foot)[ \t]+(" FAST_NAME ")|(stock|pile)|(" FAST_NAME ")[ \t]+"        \
  "(draw|take|meld|discard|red3|ask|yes|no|end|foot|add[ \t]+(?:#[0-9]{1,6}|10|[AKQJT2-9]|JK)))" \
  "((?:[ \t]+" FAST_CARD ")*)[ \t]*(?:#(?![0-9]).*)?$"

cgr_grammar_t *cgr_grammar_new(void) {
  cgr_grammar_t *gr = calloc(1, sizeof *gr);
  if (!gr) return NULL;
  gr->re_tok = compile_with("[ \\t]*+(?:(#(?![0-9]).*+)|(\"(?:[^\"\\\\]|\\\\.)*+\")|([^ \\t]++))", PCRE2_ANCHORED);
  gr->re_card = compile(
      "^(?:(10|[AKQJT2-9])(S|H|D|C|\xe2\x99\xa0|\xe2\x99\xa5|\xe2\x99\xa6|\xe2\x99\xa3)|JK)$");
  gr->re_expect = compile(
      "^#[ \\t]*expect:[ \\t]*(?:(legal)|(illegal)[ \\t]+([A-Z0-9-]+)[ \\t]+([0-9]{1,9}):([0-9]{1,9})"
      "|(malformed)[ \\t]+([0-9]{1,9}):([0-9]{1,9}))[ \\t]*$");
  gr->re_number = compile("^[+-]?[0-9]{1,9}$");
  gr->re_fast = compile(FAST_LINE);
  gr->md = pcre2_match_data_create(16, NULL);
  /* a first match makes the match data's backtracking frames (PCRE2 10.41
   * on allocates them at the first pcre2_match): out of memory is then an
   * error here, not a line that does not match */
  bool frames = gr->re_tok && gr->md &&
                pcre2_match(gr->re_tok, (PCRE2_SPTR) "x", 1, 0, 0, gr->md, NULL) != PCRE2_ERROR_NOMEMORY;
  if (!gr->re_tok || !gr->re_card || !gr->re_expect || !gr->re_number || !gr->re_fast || !gr->md ||
      !frames) {
    cgr_grammar_free(gr);
    return NULL;
  }
  return gr;
}

void cgr_grammar_free(cgr_grammar_t *gr) {
  if (!gr) return;
  pcre2_code_free(gr->re_tok);
  pcre2_code_free(gr->re_card);
  pcre2_code_free(gr->re_expect);
  pcre2_code_free(gr->re_number);
  pcre2_code_free(gr->re_fast);
  pcre2_match_data_free(gr->md);
  free(gr);
}

/* ---- words ---------------------------------------------------------- */

/* pcre2_match over s[0..len) from off: out of memory marks the reader
 * (cgr_out_of_memory), and reads as no match until the caller stops. */
static int grammar_match(cgr_reader_t *r, const pcre2_code *re, const char *s, size_t len,
                         size_t off) {
  int rc = pcre2_match(re, (PCRE2_SPTR)s, len, off, 0, r->gr->md, NULL);
  if (rc == PCRE2_ERROR_NOMEMORY) r->no_memory = true;
  return rc;
}

static bool tokenize(cgr_reader_t *r, stmt_error_t *err) {
  size_t off = 0;
  unsigned col = 1;
  size_t col_off = 0;
  r->ntoks = 0;
  while (off < r->line_len) {
    int rc = grammar_match(r, r->gr->re_tok, r->line, r->line_len, off);
    if (rc < 0) break; /* only blanks remain */
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->gr->md);
    int g = ov[2] != PCRE2_UNSET ? 1 : ov[4] != PCRE2_UNSET ? 2 : 3;
    size_t s = ov[2 * g], e = ov[2 * g + 1];
    if (e == s) break;
    if (r->ntoks == MAX_TOKENS)
      return cgr_fail(err, r->lineno, cgr_char_col(r->line, s),
                  _("more than %d words on one line"), MAX_TOKENS);
    col += cgr_char_col(r->line + col_off, s - col_off) - 1;
    col_off = s;
    r->toks[r->ntoks++] = (tok_t){r->line + s, e - s, col, g == 1};
    off = ov[1];
    if (g == 1) break;
  }
  return true;
}

/* Copies a word into r->words. Each token is copied at most once per line,
 * so the buffer (line length + one NUL per token) cannot overflow; the
 * check below keeps that true should a caller copy twice. */
static word_t word(cgr_reader_t *r, const tok_t *t) {
  size_t room = sizeof r->words - r->words_len - 1;
  size_t len = t->len < room ? t->len : room;
  char *w = r->words + r->words_len;
  memcpy(w, t->s, len);
  w[len] = '\0';
  r->words_len += len + 1;
  return (word_t){w, t->col};
}

static bool match(cgr_reader_t *r, pcre2_code *re, const tok_t *t) {
  return grammar_match(r, re, t->s, t->len, 0) >= 0;
}

static bool parse_card(cgr_reader_t *r, const tok_t *t, card_t *out) {
  if (!match(r, r->gr->re_card, t)) return false;
  if (t->len == 2 && t->s[0] == 'J' && t->s[1] == 'K') {
    *out = CARD_JOKER;
    return true;
  }
  PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->gr->md);
  char rank[3] = {0};
  memcpy(rank, t->s + ov[2], ov[3] - ov[2]);
  const char *suit = t->s + ov[4];
  size_t slen = ov[5] - ov[4];
  int s;
  if (slen == 1) s = (int)(strchr("SHDC", suit[0]) - "SHDC");
  else s = suit[2] == '\xa0' ? SUIT_S : suit[2] == '\xa5' ? SUIT_H
         : suit[2] == '\xa6' ? SUIT_D : SUIT_C;
  *out = card_make(card_rank_parse(rank), s);
  return true;
}

/* A card right before a `#` that starts a comment ("7H#x" is 7H, then a
 * comment, docs/format.md): the token cut at the `#`, if that is a card. */
static bool card_then_comment(cgr_reader_t *r, const tok_t *t, card_t *out) {
  const char *hash = memchr(t->s, '#', t->len);
  if (!hash || hash == t->s) return false;
  tok_t card = *t;
  card.len = (size_t)(hash - t->s);
  return parse_card(r, &card, out);
}

static bool parse_cards(cgr_reader_t *r, unsigned from, stmt_t *st, stmt_error_t *err) {
  st->ncards = 0;
  for (unsigned i = from; i < r->ntoks && !r->toks[i].comment; i++) {
    const tok_t *t = &r->toks[i];
    if (st->ncards == STMT_MAX_CARDS)
      return cgr_fail(err, r->lineno, t->col, _("more than %d cards on one line"), STMT_MAX_CARDS);
    bool comment = false;
    if (!parse_card(r, t, &st->cards[st->ncards]) &&
        !(comment = card_then_comment(r, t, &st->cards[st->ncards])))
      return cgr_fail(err, r->lineno, t->col,
                  _("expected a card (rank A K Q J T 9..2 or 10, suit S H D C; or JK), got \"%.*s\""),
                  (int)(t->len > 40 ? 40 : t->len), t->s);
    st->card_cols[st->ncards++] = t->col;
    if (comment) break; /* the rest of the line is a comment */
  }
  return true;
}

static bool parse_number(cgr_reader_t *r, const tok_t *t, long *out) {
  if (!match(r, r->gr->re_number, t)) return false;
  char buf[16];
  memcpy(buf, t->s, t->len);
  buf[t->len] = '\0';
  *out = strtol(buf, NULL, 10);
  return true;
}

/* ---- statements ----------------------------------------------------- */

static unsigned nwords(const cgr_reader_t *r) {
  unsigned n = r->ntoks;
  while (n && r->toks[n - 1].comment) n--;
  return n;
}

static const char *const keywords[] = {
  "cgr", "variant", "player", "tag", "match", "hand", "dealer", "cut", "deal", "foot", "stock",
  "pile", "score", NULL};

static bool is_keyword(const char *s, size_t len) {
  if (len < 3 || len > 7) return false;
  switch (s[0]) { /* most words are player names: most leave here */
    case 'c': case 'v': case 'p': case 't': case 'm': case 'h': case 'd': case 'f': case 's':
      break;
    default: return false;
  }
  for (int i = 0; keywords[i]; i++)
    if (strlen(keywords[i]) == len && memcmp(keywords[i], s, len) == 0) return true;
  return false;
}

static bool want_words(cgr_reader_t *r, unsigned lo, unsigned hi, const char *what,
                       stmt_error_t *err) {
  unsigned n = nwords(r);
  if (n < lo) {
    unsigned col = cgr_char_col(r->line, r->line_len) + (r->line_len ? 1 : 0);
    return cgr_fail(err, r->lineno, col, _("expected %s"), _(what));
  }
  if (n > hi)
    return cgr_fail(err, r->lineno, r->toks[hi].col, _("expected the end of the line after %s"), _(what));
  return true;
}

static bool parse_number_at(cgr_reader_t *r, unsigned i, stmt_t *st, stmt_error_t *err) {
  if (!parse_number(r, &r->toks[i], &st->number))
    return cgr_fail(err, r->lineno, r->toks[i].col, _("expected a number, got \"%.*s\""),
                (int)(r->toks[i].len > 40 ? 40 : r->toks[i].len), r->toks[i].s);
  st->value = word(r, &r->toks[i]);
  return true;
}

static bool parse_name_at(cgr_reader_t *r, unsigned i, word_t *out, stmt_error_t *err) {
  const tok_t *t = &r->toks[i];
  if (t->s[0] == '"' || is_keyword(t->s, t->len))
    return cgr_fail(err, r->lineno, t->col, _("expected a name, got \"%.*s\""),
                (int)(t->len > 40 ? 40 : t->len), t->s);
  *out = word(r, t);
  return true;
}

static bool parse_tag_value(cgr_reader_t *r, const tok_t *t, stmt_t *st, stmt_error_t *err) {
  if (t->s[0] != '"') {
    st->value = word(r, t);
    return true;
  }
  if (t->len < 2 || t->s[t->len - 1] != '"')
    return cgr_fail(err, r->lineno, t->col, _("unterminated string"));
  char *w = r->words + r->words_len, *o = w;
  for (size_t i = 1; i + 1 < t->len; i++) {
    if (t->s[i] == '\\' && i + 2 < t->len) i++;
    *o++ = t->s[i];
  }
  *o = '\0';
  r->words_len += (size_t)(o - w) + 1;
  st->value = (word_t){w, t->col};
  return true;
}

static bool parse_header(cgr_reader_t *r, stmt_t *st, stmt_error_t *err) {
  switch (st->kind) {
    case ST_CGR:
      return want_words(r, 2, 2, N_("the version after cgr"), err) && parse_number_at(r, 1, st, err);
    case ST_VARIANT:
      if (!want_words(r, 2, 2, N_("a ruleset name or path after variant"), err)) return false;
      st->name = word(r, &r->toks[1]);
      return true;
    case ST_PLAYER: {
      unsigned n = nwords(r);
      if (!want_words(r, 2, 4, N_("a player name"), err) || !parse_name_at(r, 1, &st->name, err))
        return false;
      st->value = (word_t){NULL, 0};
      if (n == 2) return true;
      if (n == 3 || r->toks[2].len != 4 || memcmp(r->toks[2].s, "team", 4) != 0)
        return cgr_fail(err, r->lineno, r->toks[2].col, _("expected \"team NAME\" after the player name"));
      return parse_name_at(r, 3, &st->value, err);
    }
    case ST_MATCH:
      if (!want_words(r, 3, 3, N_("\"hands N\" or \"target N\" after match"), err)) return false;
      if (strcmp((st->name = word(r, &r->toks[1])).s, "hands") != 0 &&
          strcmp(st->name.s, "target") != 0)
        return cgr_fail(err, r->lineno, r->toks[1].col, _("expected \"hands\" or \"target\" after match"));
      if (!parse_number_at(r, 2, st, err)) return false;
      if (st->number < 1)
        return cgr_fail(err, r->lineno, r->toks[2].col, _("expected a number of at least 1"));
      return true;
    case ST_TAG:
      if (!want_words(r, 3, 3, N_("a tag name and a value (quote it if it has spaces)"), err))
        return false;
      st->name = word(r, &r->toks[1]);
      return parse_tag_value(r, &r->toks[2], st, err);
    default: return false;
  }
}

static bool parse_setup(cgr_reader_t *r, stmt_t *st, stmt_error_t *err) {
  switch (st->kind) {
    case ST_HAND:
      return want_words(r, 2, 2, N_("the hand number"), err) && parse_number_at(r, 1, st, err);
    case ST_CUT:
      return want_words(r, 2, 2, N_("the number of cards cut"), err) && parse_number_at(r, 1, st, err);
    case ST_DEALER:
      return want_words(r, 2, 2, N_("the dealer's name"), err) && parse_name_at(r, 1, &st->name, err);
    case ST_DEAL:
    case ST_FOOT:
      return want_words(r, 2, MAX_TOKENS, N_("a player name"), err) &&
             parse_name_at(r, 1, &st->name, err) && parse_cards(r, 2, st, err);
    case ST_STOCK:
    case ST_PILE: return parse_cards(r, 1, st, err);
    case ST_SCORE: {
      unsigned n = nwords(r);
      if (!want_words(r, 3, 1 + 2 * STMT_MAX_SCORES, N_("team names and scores"), err)) return false;
      if (n % 2 == 0)
        return cgr_fail(err, r->lineno, r->toks[n - 1].col, _("expected a score after the team name"));
      st->nscores = 0;
      for (unsigned i = 1; i + 1 < n; i += 2) {
        unsigned k = st->nscores++;
        if (!parse_name_at(r, i, &st->score_team[k], err)) return false;
        if (!parse_number(r, &r->toks[i + 1], &st->score_value[k]))
          return cgr_fail(err, r->lineno, r->toks[i + 1].col, _("expected a score (a whole number)"));
        st->score_word[k] = word(r, &r->toks[i + 1]);
      }
      return true;
    }
    default: return false;
  }
}

static bool parse_ref(cgr_reader_t *r, const tok_t *t, stmt_t *st, stmt_error_t *err) {
  char buf[8] = {0};
  st->ref_rank = -1;
  st->ref_index = 0;
  st->ref_word = word(r, t);
  if (t->len >= 2 && t->len <= 7 && t->s[0] == '#') {
    memcpy(buf, t->s + 1, t->len - 1);
    char *end;
    long v = strtol(buf, &end, 10);
    if (!*end && v >= 1) {
      st->ref_index = (int)v;
      return true;
    }
  } else if (t->len <= 2) {
    memcpy(buf, t->s, t->len);
    st->ref_rank = card_rank_parse(buf);
    if (st->ref_rank >= 0) return true;
  }
  return cgr_fail(err, r->lineno, t->col, _("expected a meld: a rank (7, K, ...) or #N, got \"%.*s\""),
              (int)(t->len > 40 ? 40 : t->len), t->s);
}

static bool parse_action(cgr_reader_t *r, stmt_t *st, stmt_error_t *err) {
  unsigned n = nwords(r);
  if (n < 2)
    return cgr_fail(err, r->lineno, r->toks[0].col,
                _("expected a statement keyword or PLAYER VERB, got \"%.*s\""),
                (int)(r->toks[0].len > 40 ? 40 : r->toks[0].len), r->toks[0].s);
  const tok_t *t0 = &r->toks[0];
  if (t0->s[0] == '"')
    return cgr_fail(err, r->lineno, t0->col, _("expected a player name, got a quoted string"));
  const tok_t *v = &r->toks[1];
  int verb = verb_parse(v->s, v->len);
  if (verb < 0)
    return cgr_fail(err, r->lineno, v->col,
                _("expected a verb (draw, take, meld, add, red3, foot, ask, yes, no, discard, end), got \"%.*s\""),
                (int)(v->len > 40 ? 40 : v->len), v->s);
  /* "3S#x": a card, then a comment, before the words are counted */
  for (unsigned i = 2; i < r->ntoks && !r->toks[i].comment; i++) {
    card_t c;
    if (parse_card(r, &r->toks[i], &c) || !card_then_comment(r, &r->toks[i], &c)) continue;
    r->toks[i].len = (size_t)((const char *)memchr(r->toks[i].s, '#', r->toks[i].len) - r->toks[i].s);
    r->ntoks = i + 1;
    n = i + 1;
  }
  st->verb = (verb_t)verb;
  st->verb_word = word(r, v);
  st->ncards = 0;
  switch (st->verb) {
    case V_DRAW:
    case V_MELD:
      return want_words(r, 3, MAX_TOKENS, N_("cards after the verb"), err) && parse_cards(r, 2, st, err);
    case V_TAKE: return parse_cards(r, 2, st, err);
    case V_ADD:
      if (n == 3 && parse_card(r, &r->toks[2], &st->cards[0]))
        return cgr_fail(err, r->lineno, r->toks[2].col,
                    _("expected the meld (a rank such as %.1s, or #N) before the cards"), r->toks[2].s);
      return want_words(r, 4, MAX_TOKENS, N_("a meld (a rank or #N) and cards after add"), err) &&
             parse_ref(r, &r->toks[2], st, err) && parse_cards(r, 3, st, err);
    case V_RED3:
    case V_DISCARD:
      return want_words(r, 3, 3, N_("one card after the verb"), err) && parse_cards(r, 2, st, err);
    default: return want_words(r, 2, 2, N_("nothing after the verb"), err);
  }
}

static bool parse_expect(cgr_reader_t *r, const tok_t *t, stmt_t *st, stmt_error_t *err) {
  int rc = grammar_match(r, r->gr->re_expect, t->s, t->len, 0);
  if (rc < 0)
    return cgr_fail(err, r->lineno, t->col,
                _("expected \"# expect: legal\", \"# expect: illegal CODE LINE:COL\" or "
                "\"# expect: malformed LINE:COL\""));
  PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->gr->md);
  char buf[40];
#define GROUP(i) (ov[2 * (i)] != PCRE2_UNSET)
#define COPY(i) (snprintf(buf, sizeof buf, "%.*s", (int)(ov[2 * (i) + 1] - ov[2 * (i)]), t->s + ov[2 * (i)]), buf)
  st->expect_line = st->expect_col = 0;
  st->expect_code = CODE_NONE;
  if (GROUP(1)) {
    st->expect = EXPECT_LEGAL;
  } else if (GROUP(2)) {
    st->expect = EXPECT_ILLEGAL;
    st->expect_code = code_parse(COPY(3));
    if (st->expect_code == CODE_NONE)
      return cgr_fail(err, r->lineno, t->col + (unsigned)ov[6], _("unknown verdict code \"%s\""), buf);
    st->expect_line = (unsigned)strtoul(COPY(4), NULL, 10);
    st->expect_col = (unsigned)strtoul(COPY(5), NULL, 10);
  } else {
    st->expect = EXPECT_MALFORMED;
    st->expect_line = (unsigned)strtoul(COPY(7), NULL, 10);
    st->expect_col = (unsigned)strtoul(COPY(8), NULL, 10);
  }
#undef GROUP
#undef COPY
  return true;
}

static const stmt_kind_t keyword_kinds[] = {
  ST_CGR, ST_VARIANT, ST_PLAYER, ST_TAG, ST_MATCH, ST_HAND, ST_DEALER, ST_CUT, ST_DEAL, ST_FOOT,
  ST_STOCK, ST_PILE, ST_SCORE};

static unsigned col_at(const cgr_reader_t *r, size_t off) {
  return r->ascii ? (unsigned)off + 1 : cgr_char_col(r->line, off);
}

/* A card known to be well formed (the fast pattern checked it); returns the
 * offset past it. */
static size_t fast_card(const char *s, size_t i, card_t *out) {
  static const char ranks[] = "23456789TJQKA";
  if (s[i] == 'J' && s[i + 1] == 'K') {
    *out = CARD_JOKER;
    return i + 2;
  }
  int rank;
  if (s[i] == '1') {
    rank = RANK_T;
    i += 2;
  } else {
    rank = s[i] >= '2' && s[i] <= '9' ? s[i] - '2' : (int)(strchr(ranks, s[i]) - ranks);
    i += 1;
  }
  int suit;
  if ((unsigned char)s[i] == 0xe2) {
    unsigned char k = (unsigned char)s[i + 2];
    suit = k == 0xa0 ? SUIT_S : k == 0xa5 ? SUIT_H : k == 0xa6 ? SUIT_D : SUIT_C;
    i += 3;
  } else {
    suit = s[i] == 'S' ? SUIT_S : s[i] == 'H' ? SUIT_H : s[i] == 'D' ? SUIT_D : SUIT_C;
    i += 1;
  }
  *out = card_make(rank, suit);
  return i;
}

static word_t fast_word(cgr_reader_t *r, size_t from, size_t to) {
  tok_t t = {r->line + from, to - from, col_at(r, from), false};
  return word(r, &t);
}

/* The verb of a line the fast pattern took: its first letters tell. */
static int fast_verb(const char *s) {
  switch (s[0]) {
    case 'd': return s[1] == 'r' ? V_DRAW : V_DISCARD;
    case 'a': return s[1] == 'd' ? V_ADD : V_ASK;
    case 't': return V_TAKE;
    case 'm': return V_MELD;
    case 'r': return V_RED3;
    case 'f': return V_FOOT;
    case 'y': return V_YES;
    case 'n': return V_NO;
    default: return V_END;
  }
}

/* The fast path: one match checks a whole action or card-list line, which is
 * then split by hand. A line it does not take (every other statement, and
 * every line with an error) goes word by word through the path below, which
 * says what is wrong and where. */
static bool fast_line(cgr_reader_t *r, stmt_t *st) {
  if (pcre2_jit_match(r->gr->re_fast, (PCRE2_SPTR)r->line, r->line_len, 0, 0, r->gr->md, NULL) < 0)
    return false;
  PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->gr->md);
#define SET(g) (ov[2 * (g)] != PCRE2_UNSET)
  size_t cards_from = ov[12], cards_to = ov[13];
  st->line = r->lineno;
  st->text = r->line;
  st->ncards = 0;
  for (size_t i = cards_from; i < cards_to;) {
    while (r->line[i] == ' ' || r->line[i] == '\t') i++;
    if (st->ncards == STMT_MAX_CARDS) return false;
    st->card_cols[st->ncards] = col_at(r, i);
    i = fast_card(r->line, i, &st->cards[st->ncards++]);
  }
  if (SET(1) || SET(3)) {
    int g = SET(1) ? 1 : 3;
    bool foot = r->line[ov[2 * g]] == 'f', deal = r->line[ov[2 * g]] == 'd';
    st->kind = deal ? ST_DEAL : foot ? ST_FOOT : r->line[ov[2 * g]] == 's' ? ST_STOCK : ST_PILE;
    st->key = fast_word(r, ov[2 * g], ov[2 * g + 1]);
    if (g == 1) {
      if (is_keyword(r->line + ov[4], ov[5] - ov[4])) return false;
      st->name = fast_word(r, ov[4], ov[5]);
    }
    return true;
  }
  if (is_keyword(r->line + ov[8], ov[9] - ov[8])) return false;
  size_t v = ov[10], vend = ov[11];
  size_t vlen = vend - v;
  (void)vlen;
  int verb = fast_verb(r->line + v);
  unsigned nc = st->ncards;
  if (!verb_cards_fit((verb_t)verb, nc)) return false;
  st->kind = ST_ACTION;
  st->key = fast_word(r, ov[8], ov[9]);
  st->verb = (verb_t)verb;
  st->verb_word = fast_word(r, v, v + strlen(verb_name((verb_t)verb)));
  if (verb == V_ADD) {
    size_t ref = v + 3;
    while (r->line[ref] == ' ' || r->line[ref] == '\t') ref++;
    tok_t t = {r->line + ref, vend - ref, col_at(r, ref), false};
    stmt_error_t ignored;
    if (!parse_ref(r, &t, st, &ignored)) return false;
  }
#undef SET
  return true;
}


int cgr_grammar_line(cgr_reader_t *r, stmt_t *st, stmt_error_t *err) {
  if (fast_line(r, st)) return 1;
  if (!tokenize(r, err)) return -1;
  if (r->ntoks == 0) return 0;
  st->line = r->lineno;
  st->text = r->line;
  const tok_t *t0 = &r->toks[0];
  if (t0->comment) {
    static const char expect[] = "expect:";
    const char *p = t0->s + 1;
    while (p < t0->s + t0->len && (*p == ' ' || *p == '\t')) p++;
    if ((size_t)(t0->s + t0->len - p) < sizeof expect - 1 || memcmp(p, expect, sizeof expect - 1))
      return 0;
    st->kind = ST_EXPECT;
    st->key = (word_t){"#", t0->col};
    return parse_expect(r, t0, st, err) ? 1 : -1;
  }
  st->key = word(r, t0);
  bool ok;
  int k = -1;
  for (int i = 0; keywords[i]; i++)
    if (strcmp(keywords[i], st->key.s) == 0) k = i;
  if (k < 0) {
    st->kind = ST_ACTION;
    ok = parse_action(r, st, err);
  } else {
    st->kind = keyword_kinds[k];
    ok = st->kind <= ST_MATCH ? parse_header(r, st, err) : parse_setup(r, st, err);
  }
  return ok ? 1 : -1;
}
