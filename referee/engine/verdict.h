/* verdict.h — what the referee says of a record: the error object and the
 * scores. The engine fills a verdict_t at the first illegal action; the game
 * driver adds the scores; the output formats print it. */
#ifndef VERDICT_H
#define VERDICT_H

#include <stdbool.h>

#include "codes.h"
#include "rulekeys.h"

enum { MAX_PLAYERS = 12, MAX_TEAMS = 12, VERDICT_TEXT = 512, NAME_LEN = 64 };

typedef enum { VERDICT_LEGAL, VERDICT_ILLEGAL, VERDICT_MALFORMED } verdict_status_t;

/* The first thing wrong with a record. For VERDICT_LEGAL only status is set. */
typedef struct {
  verdict_status_t status;
  code_t code;                /* CODE_NONE for malformed */
  unsigned line, col;         /* 1-based, col in characters */
  char actor[NAME_LEN];       /* "" when the statement has no actor */
  char text[VERDICT_TEXT];    /* the offending line as written */
  char message[256];          /* a sentence with the numbers involved */
  rule_key_t rule;            /* the ruleset key the rule comes from, or RK_NONE;
                                 rule_key_name() spells it where it is printed */
} verdict_t;

/* One team's result for one hand, by part. */
typedef struct {
  long melded;      /* value of the cards in the team's melds */
  long canastas;    /* canasta (and complete sequence) bonuses */
  long red_threes;  /* positive, or negative when the team melded nothing */
  long going_out;   /* bonus for going out (normal or concealed) */
  long cut;         /* bonus for an exact cut (cut.bonus) */
  long aside;       /* the cards of taken piles the team set aside (set_aside) */
  long in_hand;     /* value of cards left in the team's hands (<= 0) */
  long total;
  int pure, impure; /* canastas counted */
  int wild_pure, wild_impure; /* canastas of a wild rank (meld.wild_sets) */
  int sequences, hidden;      /* complete sequences; hidden canastas */
  int red_three_count;
  int aside_count;            /* cards set aside (set_aside) */
} score_parts_t;

typedef struct {
  int number;                    /* the hand's number in the record */
  int out_player;                /* -1 when nobody went out */
  bool concealed;
  int special_team;              /* the team that showed a special hand (special_hands), -1;
                                    its points are its going_out and total */
  char special[96];              /* that hand in words: its row's name, or its shape */
  score_parts_t team[MAX_TEAMS];
} hand_score_t;

/* A function whose argument f is a printf format for the arguments from a on:
 * the compiler checks each call. */
#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

/* A function that gives a verdict, off the path of the plays that pass: never
 * inlined into its caller, whose registers it would otherwise make it save at
 * every call. */
#if defined(__GNUC__)
#define COLD __attribute__((cold, noinline))
#else
#define COLD
#endif

/* A judgement asked at nearly every meld whose callees are worth inlining
 * into it, across files where the build links them together (their calls
 * made it save registers at each of them). */
#if defined(__GNUC__) && !defined(__clang__)
#define FLATTEN __attribute__((flatten))
#else
#define FLATTEN
#endif

/* Copies src into a verdict's text field, cut (if it must be) at a character
 * boundary so that the text stays valid UTF-8. */
void verdict_text(char dst[VERDICT_TEXT], const char *src);
/* dst becomes src: its numbers, and its strings up to their ends. */
void verdict_copy(verdict_t *dst, const verdict_t *src);

/* A judgement failed: status illegal, the code, the ruleset key (or RK_NONE) and
 * the sentence. The position is the caller's to add. Returns false, so that a
 * check reads `return verdict_fail(err, CODE_..., RK_..., "...", n);`. */
bool verdict_fail(verdict_t *v, code_t code, rule_key_t rule, const char *fmt, ...)
    PRINTF_LIKE(4, 5);

#endif
