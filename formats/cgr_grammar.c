/* cgr_grammar.c — the CGR 1 grammar: every line the hot path (cgr_fast.c)
 * does not take, and every error, with its column. Its words are read as the
 * patterns below match them (by hand; debug builds match the patterns too and
 * assert the same), an `expect:` comment with PCRE2.
 *
 * Grammar (one statement per line; words separated by spaces or tabs; a word
 * starting with '#' that is not "#<digit>" starts a comment, and so does a
 * '#' right after a card on a line of cards, unless a digit follows it;
 * elsewhere a '#' inside a word is part of it: "take#x" is no verb, "pile#H"
 * no keyword — docs/format.md, Lines, tokens and comments). Statement
 * keywords and verbs are read from their tables (statement.h, verbs.def),
 * cards with card_decode (card.h):
 *
 *   record    = "cgr" NUMBER header hand*
 *   header    = ("variant" WORD | "player" NAME ["team" NAME] | "tag" WORD value
 *               | "match" ("hands" | "target") NUMBER)*
 *   hand      = "hand" NUMBER setup action* ["score" (NAME NUMBER)+]
 *   setup     = ("dealer" NAME | "cut" NUMBER | "deal" NAME card* | "foot" NAME card*
 *               | "stock" card* | "pile" card* | "talon" card*)*
 *   action    = NAME verb
 *   verb      = a verb's spelling [ref [ref]] card{min,max}   (its row in verbs.def
 *               says how many refs come first, and the fewest and most cards;
 *               two refs, `merge #N #M`, are each "#" DIGITS)
 *   ref       = RANK | "JK" | "#" DIGITS
 *   card      = RANK SUIT | "JK"
 *   RANK      = "A"|"K"|"Q"|"J"|"T"|"10"|"9"|...|"2";  SUIT = "S"|"H"|"D"|"C"|"♠"|"♥"|"♦"|"♣"
 *   value     = WORD | '"' (char | '\"' | '\\')* '"'
 *   expect    = "#" "expect:" ("legal" | "illegal" CODE LINE ":" COL | "malformed" LINE ":" COL)
 *
 * The order of statements is the game driver's business (game.c); this file
 * only reads lines into statements. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <assert.h>
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "cgr_impl.h"

#include "i18n.h"
#include "ruleset.h"

struct cgr_grammar {
  pcre2_code *re_tok, *re_expect, *re_number;
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

cgr_grammar_t *cgr_grammar_new(void) {
  cgr_grammar_t *gr = calloc(1, sizeof *gr);
  if (!gr) return NULL;
  gr->re_tok = compile_with("[ \\t]*+(?:(#(?![0-9]).*+)|(\"(?:[^\"\\\\]|\\\\.)*+\")|([^ \\t]++))", PCRE2_ANCHORED);
  gr->re_expect = compile(
      "^#[ \\t]*expect:[ \\t]*(?:(legal)|(illegal)[ \\t]+([A-Z0-9-]+)[ \\t]+([0-9]{1,9}):([0-9]{1,9})"
      "|(malformed)[ \\t]+([0-9]{1,9}):([0-9]{1,9}))[ \\t]*$");
  gr->re_number = compile("^[+-]?[0-9]{1,9}$");
  gr->md = pcre2_match_data_create(16, NULL);
  /* a first match makes the match data's backtracking frames (PCRE2 10.41
   * on allocates them at the first pcre2_match): out of memory is then an
   * error here, not a line that does not match */
  bool frames = gr->re_tok && gr->md &&
                pcre2_match(gr->re_tok, (PCRE2_SPTR) "x", 1, 0, 0, gr->md, NULL) != PCRE2_ERROR_NOMEMORY;
  if (!gr->re_tok || !gr->re_expect || !gr->re_number || !gr->md || !frames) {
    cgr_grammar_free(gr);
    return NULL;
  }
  return gr;
}

void cgr_grammar_free(cgr_grammar_t *gr) {
  if (!gr) return;
  pcre2_code_free(gr->re_tok);
  pcre2_code_free(gr->re_expect);
  pcre2_code_free(gr->re_number);
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

/* The next word from off as re_tok's pattern matches it (anchored at off):
 * blanks, then a comment to the line's end, a quoted string, or a run of
 * bytes that are not blanks. Read by hand: PCRE2 without its JIT (the
 * WebAssembly build) spent a sixth of the npm package's time matching it.
 * The span in tok[0..1], the group (1, 2, 3) returned; 0 when only blanks
 * remain. Debug builds match the pattern too and assert the same (below). */
static int scan_word(const char *s, size_t len, size_t off, size_t tok[2]) {
  size_t i = off, e;
  while (i < len && (s[i] == ' ' || s[i] == '\t')) i++;
  if (i == len) return 0;
  tok[0] = i;
  if (s[i] == '#' && (i + 1 == len || s[i + 1] < '0' || s[i + 1] > '9')) {
    for (e = i + 1; e < len && s[e] != '\n';) e++; /* `.` is any byte but a newline */
    tok[1] = e;
    return 1;
  }
  if (s[i] == '"') { /* "(?:[^"\\]|\\.)*+": a backslash escapes any byte but a newline */
    for (e = i + 1; e < len && s[e] != '"' && (s[e] != '\\' || (e + 1 < len && s[e + 1] != '\n'));)
      e += s[e] == '\\' ? 2 : 1;
    if (e < len && s[e] == '"') {
      tok[1] = e + 1;
      return 2;
    }
  }
  for (e = i; e < len && s[e] != ' ' && s[e] != '\t';) e++;
  tok[1] = e;
  return 3;
}

#ifndef NDEBUG
/* What re_tok matches from off, as scan_word gives it. */
static int scan_word_re(cgr_reader_t *r, size_t off, size_t tok[2]) {
  int rc = grammar_match(r, r->gr->re_tok, r->line, r->line_len, off);
  if (rc < 0) return 0;
  PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->gr->md);
  int g = ov[2] != PCRE2_UNSET ? 1 : ov[4] != PCRE2_UNSET ? 2 : 3;
  tok[0] = ov[2 * g];
  tok[1] = ov[2 * g + 1];
  return tok[1] > tok[0] ? g : 0;
}
#endif

static bool tokenize(cgr_reader_t *r, stmt_error_t *err) {
  size_t off = 0, tok[2];
  unsigned col = 1;
  size_t col_off = 0;
  r->ntoks = 0;
  while (off < r->line_len) {
    int g = scan_word(r->line, r->line_len, off, tok);
#ifndef NDEBUG
    size_t re[2];
    assert(scan_word_re(r, off, re) == g && (!g || (re[0] == tok[0] && re[1] == tok[1])));
#endif
    if (!g) break; /* only blanks remain */
    size_t s = tok[0], e = tok[1];
    if (r->ntoks == MAX_TOKENS)
      return cgr_fail(err, r->lineno, cgr_char_col(r->line, s),
                  _("more than %d words on one line"), MAX_TOKENS);
    col += cgr_char_col(r->line + col_off, s - col_off) - 1;
    col_off = s;
    r->toks[r->ntoks++] = (tok_t){r->line + s, e - s, col, g == 1};
    off = e;
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

#ifndef NDEBUG
static bool match(cgr_reader_t *r, pcre2_code *re, const tok_t *t) {
  return grammar_match(r, re, t->s, t->len, 0) >= 0;
}
#endif

/* A token that is a card (card_decode, card.h: the one decoder). */
static bool parse_card(const tok_t *t, card_t *out) {
  size_t n = card_decode(t->s, out);
  return n && n == t->len;
}

/* The word a mistyped one most likely meant ("did you mean"), or NULL: the
 * candidate nearest by edit distance, case aside, with at most a third of
 * the word's letters wrong (rs_name_distance, as for ruleset names). */
static const char *nearest_word(const char *w, const char *const *cands, size_t n) {
  const char *best = NULL;
  size_t best_d = strlen(w) / 3 + 1;
  for (size_t i = 0; i < n; i++) {
    size_t d = rs_name_distance(w, cands[i]);
    if (d < best_d) best = cands[i], best_d = d;
  }
  return best;
}

/* The token in buf (len bytes) in capitals, or false when it does not fit. */
static bool upper_word(const tok_t *t, char *buf, size_t len) {
  if (t->len >= len) return false;
  for (size_t i = 0; i < t->len; i++)
    buf[i] = t->s[i] >= 'a' && t->s[i] <= 'z' ? (char)(t->s[i] - 'a' + 'A') : t->s[i];
  buf[t->len] = '\0';
  return true;
}

/* The verb a word that is none most likely meant: a word the rule pages use
 * for a verb's action (a "book" is laid by `meld`, "feet" are
 * picked up by `foot`), else the verb spelled nearest. */
static const char *nearest_verb(const tok_t *t) {
  static const char *const pages[][2] = {{"BOOK", "meld"}, {"BOOKS", "meld"}, {"FEET", "foot"}};
  char w[64];
  if (!upper_word(t, w, sizeof w)) return NULL;
  for (size_t i = 0; i < sizeof pages / sizeof *pages; i++)
    if (strcmp(w, pages[i][0]) == 0) return pages[i][1];
  const char *names[V_COUNT];
  for (int v = 0; v < V_COUNT; v++) names[v] = verb_table[v].name;
  return nearest_word(w, names, V_COUNT);
}

/* The card a word that is none most likely meant: the same letters in
 * capitals ("Qs", "10h"), or JK for a joker spelled out. */
static const char *nearest_card(const tok_t *t, char *buf, size_t len) {
  card_t c;
  if (t->len > 5 || !upper_word(t, buf, len)) return NULL;
  if (strcmp(buf, "JOKER") == 0 || strcmp(buf, "JKR") == 0) return "JK";
  size_t n = card_decode(buf, &c);
  return n && n == t->len ? buf : NULL;
}

/* A card right before a `#` that starts a comment ("7H#x" is 7H, then a
 * comment; "7H#2" is no card, `#` and a digit being no comment: docs/format.md,
 * Lines, tokens and comments): the card, if the token is one. */
static bool card_then_comment(const tok_t *t, card_t *out) {
  size_t n = card_decode(t->s, out);
  if (!n || n >= t->len || t->s[n] != '#') return false;
  return n + 1 == t->len || t->s[n + 1] < '0' || t->s[n + 1] > '9';
}

/* A word where a card was expected: the card it most likely meant, else
 * every form a card takes. */
static bool not_a_card(const cgr_reader_t *r, const tok_t *t, stmt_error_t *err) {
  char buf[8];
  const char *near = nearest_card(t, buf, sizeof buf);
  if (near)
    return cgr_fail(err, r->lineno, t->col, _("expected a card, got \"%.*s\": did you mean %s?"),
                    (int)t->len, t->s, near);
  return cgr_fail(err, r->lineno, t->col,
                  _("expected a card (rank A K Q J T 9..2 or 10, suit S H D C; or JK), got \"%.*s\""),
                  (int)(t->len > 40 ? 40 : t->len), t->s);
}

static bool parse_cards(cgr_reader_t *r, unsigned from, stmt_t *st, stmt_error_t *err) {
  st->ncards = 0;
  for (unsigned i = from; i < r->ntoks && !r->toks[i].comment; i++) {
    const tok_t *t = &r->toks[i];
    if (st->ncards == STMT_MAX_CARDS)
      return cgr_fail(err, r->lineno, t->col, _("more than %d cards on one line"), STMT_MAX_CARDS);
    bool comment = false;
    if (!parse_card(t, &st->cards[st->ncards]) &&
        !(comment = card_then_comment(t, &st->cards[st->ncards])))
      return not_a_card(r, t, err);
    st->card_cols[st->ncards++] = t->col;
    if (comment) break; /* the rest of the line is a comment */
  }
  return true;
}

/* re_number's pattern, ^[+-]?[0-9]{1,9}$, read by hand as scan_word is ($
 * also matches before a newline that ends the word); debug builds assert
 * the same. */
static bool is_number(const tok_t *t) {
  size_t i = t->len && (t->s[0] == '+' || t->s[0] == '-'), d = i;
  while (i < t->len && t->s[i] >= '0' && t->s[i] <= '9') i++;
  return i > d && i - d <= 9 && (i == t->len || (i + 1 == t->len && t->s[i] == '\n'));
}

static bool parse_number(cgr_reader_t *r, const tok_t *t, long *out) {
  (void)r; /* used by the assert alone */
  assert(is_number(t) == match(r, r->gr->re_number, t));
  if (!is_number(t)) return false;
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

/* Between lo and hi words, or an error saying what is missing or extra with
 * `what` (a message id; %s in it is the verb, when one is given). */
static bool want_words_of(cgr_reader_t *r, unsigned lo, unsigned hi, const char *what,
                          const char *verb, stmt_error_t *err) {
  unsigned n = nwords(r);
  if (n >= lo && n <= hi) return true;
  char said[200];
  snprintf(said, sizeof said, _(what), verb);
  const tok_t *cut = n < r->ntoks && r->toks[n].comment ? &r->toks[n] : NULL;
  size_t w = 0; /* the comment's first word */
  while (cut && w < cut->len && w < 40 && cut->s[w] != ' ' && cut->s[w] != '\t') w++;
  if (n < lo && cut && cut->s[0] == '#') /* "#-1", "# 3": a comment, not a meld */
    return cgr_fail(err, r->lineno, cut->col,
                    _("expected %s, got \"%.*s\": a # starts a comment unless a digit follows it"),
                    said, (int)w, cut->s);
  if (n < lo) {
    unsigned col = cgr_char_col(r->line, r->line_len) + (r->line_len ? 1 : 0);
    return cgr_fail(err, r->lineno, col, _("expected %s"), said);
  }
  if (hi == 2 && *verb) /* a verb that takes nothing (verbs.def: MAX 0) */
    return cgr_fail(err, r->lineno, r->toks[hi].col, _("expected the end of the line: %s takes nothing"),
                    verb);
  return cgr_fail(err, r->lineno, r->toks[hi].col, _("expected the end of the line after %s"), said);
}

static bool want_words(cgr_reader_t *r, unsigned lo, unsigned hi, const char *what,
                       stmt_error_t *err) {
  return want_words_of(r, lo, hi, what, "", err);
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
  if (t->s[0] == '"' || t->s[0] == '#' || cgr_keyword(r, t->s, t->len) >= 0)
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
    case ST_PILE:
    case ST_TALON: return parse_cards(r, 1, st, err);
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
  st->ref_word = word(r, t);
  if (cgr_ref(t->s, t->len, st)) return true;
  return cgr_fail(err, r->lineno, t->col, _("expected a meld: a rank (7, K, ...) or #N, got \"%.*s\""),
              (int)(t->len > 40 ? 40 : t->len), t->s);
}

/* merge #N #M: two melds by number (cgr_ref2). */
static bool parse_refs(cgr_reader_t *r, stmt_t *st, stmt_error_t *err) {
  const tok_t *a = &r->toks[2], *b = &r->toks[3];
  st->ref_word = word(r, a);
  st->ref2_word = word(r, b);
  if (!cgr_ref(a->s, a->len, st) || st->ref_index == 0)
    return cgr_fail(err, r->lineno, a->col, _("expected a meld number #N, got \"%.*s\""),
                    (int)(a->len > 40 ? 40 : a->len), a->s);
  if (!cgr_ref2(b->s, b->len, st))
    return cgr_fail(err, r->lineno, b->col, _("expected a meld number #N, got \"%.*s\""),
                    (int)(b->len > 40 ? 40 : b->len), b->s);
  return true;
}

/* What follows a verb, as the messages say it: from its row (verbs.def). */
static const char *verb_args(const verb_info_t *v) {
  if (v->ref == 2) return N_("two melds (#N #M) after %s");
  if (v->ref) return N_("a meld (a rank or #N) and cards after %s");
  if (v->max_cards == 0) return N_("nothing after the verb");
  if (v->max_cards == 1) return N_("one card after the verb");
  return N_("cards after the verb");
}

/* "3S#x": a card, then a comment, before the words are counted. */
static unsigned cut_at_comment(cgr_reader_t *r, unsigned n) {
  for (unsigned i = 2; i < r->ntoks && !r->toks[i].comment; i++) {
    card_t c;
    if (parse_card(&r->toks[i], &c) || !card_then_comment(&r->toks[i], &c)) continue;
    r->toks[i].len = (size_t)((const char *)memchr(r->toks[i].s, '#', r->toks[i].len) - r->toks[i].s);
    r->ntoks = i + 1;
    n = i + 1;
  }
  return n;
}

/* PLAYER VERB [REF] CARDS, as the verb's row says (verbs.def). */
static bool parse_action(cgr_reader_t *r, stmt_t *st, stmt_error_t *err) {
  unsigned n = nwords(r);
  if (n < 2)
    return cgr_fail(err, r->lineno, r->toks[0].col,
                _("expected a statement keyword or PLAYER VERB, got \"%.*s\""),
                (int)(r->toks[0].len > 40 ? 40 : r->toks[0].len), r->toks[0].s);
  const tok_t *t0 = &r->toks[0];
  if (t0->s[0] == '"')
    return cgr_fail(err, r->lineno, t0->col, _("expected a player name, got a quoted string"));
  if (t0->s[0] == '#') /* "#1": a meld reference, no name */
    return cgr_fail(err, r->lineno, t0->col, _("expected a name, got \"%.*s\""),
                    (int)(t0->len > 40 ? 40 : t0->len), t0->s);
  const tok_t *v = &r->toks[1];
  int verb = cgr_verb(r, v->s, v->len);
  const char *near = verb < 0 ? nearest_verb(v) : NULL;
  if (near)
    return cgr_fail(err, r->lineno, v->col, _("expected a verb, got \"%.*s\": did you mean %s?"),
                    (int)v->len, v->s, near);
  if (verb < 0)
    return cgr_fail(err, r->lineno, v->col, _("expected a verb (%s), got \"%.*s\""), verb_list(),
                (int)(v->len > 40 ? 40 : v->len), v->s);
  n = cut_at_comment(r, n);
  const verb_info_t *row = &verb_table[verb];
  st->verb = (verb_t)verb;
  st->verb_word = word(r, v);
  st->ncards = 0;
  unsigned at = 2 + row->ref; /* the first card's word */
  unsigned hi = row->max_cards >= MAX_TOKENS - at ? MAX_TOKENS : at + row->max_cards;
  if (row->ref && n == 3 && parse_card(&r->toks[2], &st->cards[0]))
    return cgr_fail(err, r->lineno, r->toks[2].col,
                _("expected the meld (a rank such as %.1s, or #N) before the cards"), r->toks[2].s);
  if (row->ref == 2)
    return want_words_of(r, at, at, verb_args(row), row->name, err) && parse_refs(r, st, err);
  return want_words_of(r, at + row->min_cards, hi, verb_args(row), row->name, err) &&
         (!row->ref || parse_ref(r, &r->toks[2], st, err)) && parse_cards(r, at, st, err);
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

int cgr_grammar_line(cgr_reader_t *r, stmt_t *st, stmt_error_t *err) {
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
  int k = cgr_keyword(r, t0->s, t0->len);
  if (k < 0) {
    st->kind = ST_ACTION;
    ok = parse_action(r, st, err);
  } else {
    st->kind = (stmt_kind_t)k;
    ok = st->kind <= ST_MATCH ? parse_header(r, st, err) : parse_setup(r, st, err);
  }
  return ok ? 1 : -1;
}
