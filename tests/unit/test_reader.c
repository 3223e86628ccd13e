#define _XOPEN_SOURCE 700 /* nftw */
#include <ftw.h>
#include <stdlib.h>
#include <stdio.h>
/* The CGR reader: tokens, cards, positions, and what it refuses. */
#include <criterion/criterion.h>
#include <string.h>

#include "../fuzz/stmt_same.h"
#include "cgr.h"
#include "gen.h"

static cgr_reader_t *r;
static const stmt_t *st;
static stmt_error_t err;

static void setup(void) { r = cgr_open_lines(); }
static void teardown(void) { cgr_close(r); }

static int parse(const char *line) { return cgr_parse_line(r, line, strlen(line), 7, &st, &err); }

TestSuite(reader, .init = setup, .fini = teardown);

Test(reader, action_with_cards_and_columns) {
  cr_assert_eq(parse("Chloe  meld 9H\t10S JK"), 1);
  cr_assert_eq(st->kind, ST_ACTION);
  cr_assert_str_eq(st->key.s, "Chloe");
  cr_assert_eq(st->verb, V_MELD);
  cr_assert_eq(st->verb_word.col, 8);
  cr_assert_eq(st->ncards, 3);
  cr_assert_eq(st->cards[0], card_make(RANK_9, SUIT_H));
  cr_assert_eq(st->cards[1], card_make(RANK_T, SUIT_S));
  cr_assert_eq(st->cards[2], CARD_JOKER);
  cr_assert_eq(st->card_cols[1], 16);
  cr_assert_eq(st->line, 7);
}

Test(reader, suit_symbols_count_as_one_column) {
  cr_assert_eq(parse("Anne meld 7\xe2\x99\xa0 7\xe2\x99\xa5 XX"), -1);
  cr_assert_eq(err.col, 17, "the bad card is at column 17, got %u", err.col);
  cr_assert_eq(parse("Anne meld 7\xe2\x99\xa0 7\xe2\x99\xa5 7\xe2\x99\xa6 7\xe2\x99\xa3"), 1);
  cr_assert_eq(st->cards[3], card_make(RANK_7, SUIT_C));
}

/* A `#` right after a card starts a comment (docs/format.md), on whichever
 * path reads the line: the grammar took "7H#x" as a bad card where the hot
 * path read 7H (the grammar reads lines with suit symbols, tabs, ...). With
 * the hot path off, the grammar reads every line word by word. */
Test(reader, a_card_then_a_comment_on_every_path) {
  for (int fast = 1; fast >= 0; fast--) {
    cgr_set_fast(r, fast);
    cr_assert_eq(parse("Anne discard 3S#c"), 1, "fast %d: %s", fast, err.message);
    cr_assert_eq(st->ncards, 1);
    cr_assert_eq(parse("deal Anne 7H 8D#x 9S"), 1, "fast %d: %s", fast, err.message);
    cr_assert_eq(st->ncards, 2);
    cr_assert_eq(parse("Anne meld 7\xe2\x99\xa5 7\xe2\x99\xa6 7S#three sevens"), 1, "fast %d: %s",
                 fast, err.message);
    cr_assert_eq(st->ncards, 3);
  }
  cgr_set_fast(r, true);
}

/* A `#` inside a word is part of it, and `#` and a digit is never a comment
 * (docs/format.md, Lines, tokens and comments; Grammar: comment), on both
 * paths. The grammar's own pattern of a whole line, which the hot path's
 * switch did not turn off, read "take#x" as take and a comment, "pile#H" as
 * an empty pile; the word-by-word grammar read "7C#5" as 7C. */
Test(reader, a_hash_inside_a_word_on_every_path) {
  static const struct {
    const char *line;
    unsigned col; /* of the error; 0: read */
    const char *says;
  } cases[] = {
    {"Anne take#x", 6, "expected a verb"}, {"Anne end#", 6, "expected a verb"},
    {" Anne\ttake#x 7H", 7, "expected a verb"}, {"Anne yes#c", 6, "expected a verb"},
    {"pile#H", 1, "expected a statement keyword"}, {"stock# 7H", 8, "expected a verb"},
    {"Anne draw 7C#5", 11, "expected a card"}, {"Anne draw 7\xe2\x99\xa5#0", 11, "expected a card"},
    {"Anne draw 7C#", 0, NULL}, {"Anne draw 7C#x 8D", 0, NULL}, {"pile #H", 0, NULL},
    {"player C#", 0, NULL}, {"C# draw 7C", 0, NULL}};
  for (int fast = 1; fast >= 0; fast--) {
    cgr_set_fast(r, fast);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      int rc = parse(cases[i].line);
      if (!cases[i].col) {
        cr_assert_eq(rc, 1, "fast %d, \"%s\": %s", fast, cases[i].line, err.message);
        continue;
      }
      cr_assert_eq(rc, -1, "fast %d: \"%s\" is malformed", fast, cases[i].line);
      cr_assert_eq(err.col, cases[i].col, "fast %d, \"%s\": column %u", fast, cases[i].line, err.col);
      cr_assert(strstr(err.message, cases[i].says), "%s", err.message);
    }
    cr_assert_eq(parse("Anne draw 7C#x 8D"), 1);
    cr_assert_eq(st->ncards, 1, "8D is in the comment");
  }
  cgr_set_fast(r, true);
}

Test(reader, comments_and_meld_references) {
  cr_assert_eq(parse("Anne add #2 7H # a comment"), 1);
  cr_assert_eq(st->ref_index, 2);
  cr_assert_eq(st->ncards, 1);
  cr_assert_eq(parse("Anne add K KH"), 1);
  cr_assert_eq(st->ref_rank, RANK_K);
  cr_assert_eq(parse("   # only a comment"), 0);
  cr_assert_eq(parse(""), 0);
}

Test(reader, unknown_card_is_malformed_with_position) {
  cr_assert_eq(parse("Anne discard 1X"), -1);
  cr_assert_eq(err.line, 7);
  cr_assert_eq(err.col, 14);
  cr_assert(strstr(err.message, "expected a card"), "%s", err.message);
}

Test(reader, unknown_verb_and_missing_arguments) {
  cr_assert_eq(parse("Anne dance 7H"), -1);
  cr_assert_eq(err.col, 6);
  cr_assert(strstr(err.message, "expected a verb"));
  cr_assert_eq(parse("Anne discard"), -1);
  cr_assert(strstr(err.message, "one card"), "%s", err.message);
  cr_assert_eq(parse("Anne discard 7H 8H"), -1);
  cr_assert_eq(err.col, 17);
}

Test(reader, header_statements) {
  cr_assert_eq(parse("player Anne team NS"), 1);
  cr_assert_eq(st->kind, ST_PLAYER);
  cr_assert_str_eq(st->name.s, "Anne");
  cr_assert_str_eq(st->value.s, "NS");
  cr_assert_eq(parse("tag event \"Club night, table \\\"3\\\"\""), 1);
  cr_assert_str_eq(st->value.s, "Club night, table \"3\"");
  cr_assert_eq(parse("score NS 1230 EW -45"), 1);
  cr_assert_eq(st->nscores, 2);
  cr_assert_eq(st->score_value[1], -45);
  cr_assert_eq(parse("player deal"), -1, "keywords are not names");
}

Test(reader, expectations) {
  cr_assert_eq(parse("# expect: illegal WILD-OVERFLOW 42:7"), 1);
  cr_assert_eq(st->kind, ST_EXPECT);
  cr_assert_eq(st->expect, EXPECT_ILLEGAL);
  cr_assert_eq(st->expect_code, CODE_WILD_OVERFLOW);
  cr_assert_eq(st->expect_line, 42);
  cr_assert_eq(st->expect_col, 7);
  cr_assert_eq(parse("# expect: legal"), 1);
  cr_assert_eq(st->expect, EXPECT_LEGAL);
  cr_assert_eq(parse("# expect: illegal NO-SUCH-CODE 1:1"), -1);
  cr_assert_eq(parse("# expect: sometimes"), -1);
}

Test(reader, hostile_bytes) {
  static const char nul[] = "Anne draw 7H\0 8H";
  cr_assert_eq(cgr_parse_line(r, nul, sizeof nul - 1, 3, &st, &err), -1);
  cr_assert(strstr(err.message, "NUL"));
  cr_assert_eq(err.col, 13);
  cr_assert_eq(parse("Anne draw 7\xff"), -1);
  cr_assert(strstr(err.message, "UTF-8"));
  cr_assert_eq(parse("Anne draw 7\xe2\x99"), -1, "a truncated sequence");
}

Test(reader, too_many_cards_on_a_line) {
  static char line[8 * 1100];
  strcpy(line, "stock");
  for (int i = 0; i < 1100; i++) strcat(line, " 7H");
  cr_assert_eq(parse(line), -1);
  cr_assert(strstr(err.message, "more than") && strstr(err.message, "on one line"), "%s", err.message);
}

Test(reader, a_line_too_long_is_refused_and_reading_goes_on) {
  size_t n = CGR_MAX_LINE + 100;
  char *text = malloc(n + 32);
  memset(text, 'x', n);
  strcpy(text + n, "\ncgr 1\n");
  FILE *f = fmemopen(text, strlen(text), "r");
  cgr_reader_t *fr = cgr_open(f);
  cr_assert_eq(cgr_next(fr, &st, &err), -1);
  cr_assert(strstr(err.message, "longer than"));
  cr_assert_eq(cgr_next(fr, &st, &err), 1);
  cr_assert_eq(st->kind, ST_CGR);
  cr_assert_eq(st->line, 2);
  cr_assert_eq(cgr_next(fr, &st, &err), 0);
  cgr_close(fr);
  fclose(f);
  free(text);
}

Test(reader, a_long_actor_name_is_read_safely) {
  size_t n = 40000;
  char *line = malloc(n + 8);
  memset(line, 'A', n);
  strcpy(line + n, " x");
  cr_assert_eq(parse(line), -1);
  cr_assert(strstr(err.message, "expected a verb"), "%s", err.message);
  cr_assert_eq(err.col, 40002);
  free(line);
}

static int first_statement(const char *text, size_t len) {
  FILE *f = fmemopen((void *)text, len, "r");
  cgr_reader_t *fr = cgr_open(f);
  int rc = cgr_next(fr, &st, &err);
  static char key[16];
  snprintf(key, sizeof key, "%s", rc == 1 ? st->key.s : "");
  cgr_close(fr);
  fclose(f);
  return rc;
}

Test(reader, a_byte_order_mark_is_skipped) {
  static const char text[] = "\xef\xbb\xbf" "cgr 1\n";
  cr_assert_eq(first_statement(text, sizeof text - 1), 1, "%s", err.message);
}

Test(reader, crlf_does_not_count_toward_the_line_limit) {
  size_t n = CGR_MAX_LINE;
  char *text = malloc(n + 3);
  text[0] = '#';
  memset(text + 1, 'x', n - 1);
  memcpy(text + n, "\r\n", 3);
  cr_assert_eq(first_statement(text, n + 2), 0, "a comment of exactly the limit: %s", err.message);
  text[n] = 'x';
  text[n + 1] = '\n';
  cr_assert_eq(first_statement(text, n + 2), -1, "one byte over the limit");
  free(text);
}

/* ---- the hot path against the grammar ------------------------------------ */

static cgr_reader_t *grammar_only;

/* Reads one line with both paths and fails when they disagree. */
static void same_reading(const char *line, size_t len, unsigned n) {
  stmt_error_t ea, eb;
  const char *what = readings_differ(r, grammar_only, line, len, n, &ea, &eb);
  cr_assert_null(what, "the hot path and the grammar differ (%s) on \"%.*s\": %s / %s", what,
                 (int)len, line, ea.message, eb.message);
}

static unsigned long long rng_state = 0x5eed;
static unsigned rnd(unsigned n) {
  rng_state = rng_state * 6364136223846793005u + 1442695040888963407u;
  return (unsigned)(rng_state >> 33) % n;
}

/* One edit of a line: a byte replaced, inserted or removed, a piece written
 * another way (a suit symbol, "10", a tab, a comment, a quote, a sign). */
static size_t mutate(const char *line, size_t len, char *out) {
  static const char *const pieces[] = {" ", "\t", "  ", "#", "# c", "\"", "1", "10", "0", "JK",
                                       "J", "K", "x", "\xe2\x99\xa0", "\xe2\x99", "\xff", "+",
                                       "-", "#0", "#1", "deal", "score", "hand", "a", "\r", "7H",
                                       "", "123456789", "1234567890"};
  size_t at = len ? rnd((unsigned)len + 1) : 0, cut = at < len && rnd(2) ? 1 + rnd(3) : 0;
  if (at + cut > len) cut = len - at;
  const char *piece = pieces[rnd(sizeof pieces / sizeof pieces[0])];
  size_t k = strlen(piece);
  memcpy(out, line, at);
  memcpy(out + at, piece, k);
  memcpy(out + at + k, line + at + cut, len - at - cut);
  return len - cut + k;
}

Test(reader, the_hot_path_reads_as_the_grammar_does) {
  grammar_only = cgr_open_lines();
  cgr_set_fast(grammar_only, false);
  static const char *const variants[] = {"classic", "two-player", "chinese", "italian", "samba",
                                         "hand-and-foot", "bolivia", "modern-american"};
  unsigned long long lines = 0;
  for (int v = 0; v < (int)(sizeof variants / sizeof *variants); v++) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    gen_options_t opt = {variants[v], 0, 99, 4, 0, v == 0};
    gen_stats_t gs;
    char why[256];
    cr_assert_eq(gen_write(&opt, f, &gs, why, sizeof why), 0, "%s", why);
    fclose(f);
    char mutant[4096];
    for (char *p = text, *nl; (nl = strchr(p, '\n')) != NULL; p = nl + 1) {
      size_t n = (size_t)(nl - p);
      same_reading(p, n, 5);
      lines++;
      if (n + 64 > sizeof mutant) continue;
      for (int m = 0; m < 12; m++) {
        size_t k = mutate(p, n, mutant);
        same_reading(mutant, k, 5);
        if (m % 3 == 0) same_reading(mutant, mutate(mutant, k, mutant + 2048), 5);
      }
    }
    free(text);
  }
  cr_assert_gt(lines, 1000);
  cgr_close(grammar_only);
}

Test(reader, plain_lines_and_their_variants_agree) {
  grammar_only = cgr_open_lines();
  cgr_set_fast(grammar_only, false);
  static const char *const lines[] = {
    "Anne meld 9H 10S JK", "Anne add #2 7H", "Anne add 10 TH", "Anne add K KH", "Anne add #0 7H",
    "Anne add #1234567 7H", "Anne add 7H", "Anne take", "Anne take 7H 8H", "Anne ask", "Anne end 7H",
    "Anne discard", "Anne discard 7H 8H", "Anne red3 3H", "deal Anne", "deal Anne 7H 8H",
    "deal deal 7H", "deal #1 7H", "stock", "stock 7H JK", "pile 6D", "foot Bruno 7H",
    "talon 7D 7C KD KC", "talon", "talon Anne 7H", "Anne talon", "Anne talon 7H 8H",
    "hand 1", "hand +1", "hand -0", "hand 1234567890", "hand 1 2", "hand x", "cut 7", "cut",
    "dealer Anne", "dealer hand", "dealer Anne Bruno", "score NS 120 EW -45", "score NS",
    "score NS 1 EW", "score NS x", "score hand 1", "cgr 1", "player Anne", "Anne  draw 7H",
    "Anne draw 7H ", " Anne draw 7H", "Anne draw 7H #c", "Anne draw 7H\t8H", "Anne draw 7h",
    "Anne draw 1OH", "Anne draw 10", "Anne draw 10K", "Anne draw JKX", "Anne draw JK", "Anne yes",
    "\"Anne\" draw 7H", "#5 draw 7H", "Anne dance 7H", "Anne draws 7H", "Anne d 7H", "Anne a"};
  for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
    same_reading(lines[i], strlen(lines[i]), 3);
  cgr_close(grammar_only);
}

/* Every line of every corpus record, read by both paths: the same statement,
 * words and columns, or the same error at the same place. */
static unsigned long corpus_lines;

static int read_both_ways(const char *path, const struct stat *sb, int type, struct FTW *ftw) {
  (void)sb;
  (void)ftw;
  size_t n = strlen(path);
  if (type != FTW_F || n < 4 || strcmp(path + n - 4, ".cgr") != 0) return 0;
  FILE *f = fopen(path, "rb");
  cr_assert_not_null(f, "%s", path);
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  for (unsigned k = 1; (len = getline(&line, &cap, f)) >= 0; k++) {
    if (len && line[len - 1] == '\n') len--;
    stmt_error_t ea, eb;
    const char *what = readings_differ(r, grammar_only, line, (size_t)len, k, &ea, &eb);
    cr_assert_null(what, "%s:%u: the hot path and the grammar differ (%s): %s / %s", path, k, what,
                   ea.message, eb.message);
    corpus_lines++;
  }
  free(line);
  fclose(f);
  return 0;
}

Test(reader, every_corpus_line_reads_the_same_on_both_paths) {
  grammar_only = cgr_open_lines();
  cgr_set_fast(grammar_only, false);
  cr_assert_eq(nftw(SOURCE_DIR "/corpus", read_both_ways, 16, FTW_PHYS), 0);
  cr_assert_gt(corpus_lines, 5000);
  cgr_close(grammar_only);
}

/* The verbs are rows (verbs.def): each is read by both paths as its row says
 * (its meld reference, its fewest cards), refused with a card too many, and
 * named where an unknown verb is refused. */
Test(reader, every_verb_of_the_table_on_both_paths) {
  grammar_only = cgr_open_lines();
  cgr_set_fast(grammar_only, false);
  for (int v = 0; v < V_COUNT; v++) {
    const verb_info_t *row = &verb_table[v];
    char line[256];
    int k = snprintf(line, sizeof line, "Anne %s%s", row->name, row->ref == 2 ? " #2 #3" : row->ref ? " #2" : "");
    for (unsigned c = 0; c < row->min_cards; c++) k += snprintf(line + k, sizeof line - (size_t)k, " 7H");
    for (int fast = 1; fast >= 0; fast--) {
      cgr_set_fast(r, fast);
      cr_assert_eq(parse(line), 1, "\"%s\": %s", line, err.message);
      cr_assert_eq(st->verb, (verb_t)v);
      cr_assert_eq(st->ncards, row->min_cards);
      if (row->ref) cr_assert_eq(st->ref_index, 2);
      if (row->ref == 2) cr_assert_eq(st->ref2_index, 3);
    }
    same_reading(line, (size_t)k, 3);
    if (row->max_cards < 8) {
      for (unsigned c = row->min_cards; c <= row->max_cards; c++)
        k += snprintf(line + k, sizeof line - (size_t)k, " 8D");
      cr_assert_eq(parse(line), -1, "\"%s\" has a card too many", line);
      same_reading(line, (size_t)k, 3);
    }
    cr_assert_str_eq(verb_name(v), row->name);
    cgr_set_fast(r, true);
    cr_assert_eq(parse("Anne dance"), -1);
    cr_assert(strstr(err.message, verb_list()) && strstr(verb_list(), row->name), "%s", err.message);
  }
  cgr_close(grammar_only);
}

/* The statement keywords (one table, statement.c) are no player's name on
 * either path. */
Test(reader, every_keyword_is_no_name_on_both_paths) {
  for (const stmt_keyword_t *kw = stmt_keywords; kw->word; kw++) {
    char line[64];
    snprintf(line, sizeof line, "deal %s 7H", kw->word);
    for (int fast = 1; fast >= 0; fast--) {
      cgr_set_fast(r, fast);
      cr_assert_eq(parse(line), -1, "\"%s\"", line);
      cr_assert_eq(err.col, 6);
      cr_assert_eq(stmt_keyword(kw->word, kw->len), (int)kw->kind);
    }
  }
  cgr_set_fast(r, true);
}

/* format.md: a name does not start with `#` (nor `"`); `#` and a digit is a
 * meld reference, so `player #1` or `#1 draw 7H` names nobody. */
Test(reader, a_meld_reference_is_no_name_on_both_paths) {
  const char *lines[] = {"player #1", "player Anne team #2", "dealer #1", "#1 draw 7H"};
  for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
    for (int fast = 1; fast >= 0; fast--) {
      cgr_set_fast(r, fast);
      cr_assert_eq(parse(lines[i]), -1, "\"%s\"", lines[i]);
      cr_assert(strstr(err.message, "#"), "\"%s\": %s", lines[i], err.message);
    }
  cgr_set_fast(r, true);
}

/* `merge #N #M` (meld.merge): two meld numbers, nothing else, read alike by
 * both paths with the second's column; a rank, a missing or extra word, or a
 * card is malformed at the word that breaks it. */
Test(reader, merge_takes_two_meld_numbers_on_both_paths) {
  grammar_only = cgr_open_lines();
  cgr_set_fast(grammar_only, false);
  for (int fast = 1; fast >= 0; fast--) {
    cgr_set_fast(r, fast);
    cr_assert_eq(parse("Anne merge #2 #13"), 1, "%s", err.message);
    cr_assert_eq(st->verb, V_MERGE);
    cr_assert_eq(st->ref_index, 2);
    cr_assert_eq(st->ref2_index, 13);
    cr_assert_eq(st->ref2_word.col, 15);
    cr_assert_eq(st->ncards, 0);
    static const struct { const char *line; unsigned col; } bad[] = {
        {"Anne merge #2", 15}, {"Anne merge K #3", 12}, {"Anne merge #2 K", 15},
        {"Anne merge #2 #0", 15}, {"Anne merge #2 #3 7H", 18}, {"Anne merge #2 7H", 15}};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
      cr_assert_eq(parse(bad[i].line), -1, "fast %d: \"%s\" is malformed", fast, bad[i].line);
      cr_assert_eq(err.col, bad[i].col, "\"%s\": column %u", bad[i].line, err.col);
    }
  }
  same_reading("Anne merge #2 #13", 17, 3);
  cgr_set_fast(r, true);
  cgr_close(grammar_only);
}

/* `add JK ...` names a set of jokers (meld.wild_sets: the Italian canasta of
 * jokers), as format.md's meld ref says. */
Test(reader, jk_is_a_meld_reference) {
  cr_assert_eq(parse("Anne add JK JK"), 1);
  cr_assert_eq(st->ref_rank, RANK_JOKER);
  cr_assert_eq(st->ncards, 1);
}
