/* game.h — replays whole records: header, hands, totals, the winner.
 *
 * The driver takes statements from the reader one at a time and keeps one
 * record in memory: when a record ends (a new `cgr`, or the end of the file)
 * it is handed to the caller's callback and forgotten, so memory does not
 * grow with the number of records. */
#ifndef GAME_H
#define GAME_H

#include <stdbool.h>

#include "statement.h"
#include "engine.h"
#include "ruleset.h"
#include "verdict.h"

enum { MAX_TAGS = 16, RECORD_LATER = 64 };

/* A record as the referee judged it. Valid during the callback only. */
typedef struct {
  const char *file;
  int index;                     /* 1-based within the file */
  unsigned start_line;
  char variant[256];
  const ruleset_t *rs;           /* NULL when none could be loaded */
  int nplayers, nteams;
  int team_of[MAX_PLAYERS];
  int ntags;

  verdict_t verdict;             /* status, and the first error */
  bool ruleset_error;            /* the verdict is about the ruleset (exit 3) */
  hand_score_t *hands;           /* completed hands, in order */
  int nhands;
  long total[MAX_TEAMS];
  int target;                    /* 0 when the match is a number of hands */
  int hands_limit;               /* 0 when the match is played to the target */
  bool game_over;
  int winner;                    /* team index, -1 for none or a tie */
  bool won_by_hand;              /* the winner's special hand won the game at once */

  /* --keep-going: the later errors, each hand read afresh from its own deal;
   * the first RECORD_LATER are listed, the others only counted in later_left */
  const verdict_t *later;
  const char (*later_instead)[512]; /* with --explain: what was legal instead of each */
  int nlater;
  unsigned long long later_left;

  /* --explain: the table the first illegal verdict's line found (before it,
   * as the page shows it: state_found), or the table after line explain_at */
  const engine_t *state;         /* NULL when not asked for, or outside any hand */
  /* with --explain or an observer (the page): what was legal instead of the
   * illegal action (eng_instead), "" when nothing is said */
  char instead[512];
  unsigned state_line;
  int state_hand;
  bool state_found;              /* the table line state_line found, not the one after it */
  int state_to_act;              /* then: the player that line was judged for, -1 */

  /* The rules the completed hands relied on (for the coverage report). */
  rule_uses_t uses;

  bool has_expect;
  expect_t expect;
  code_t expect_code;
  unsigned expect_line, expect_col, expect_at;

  /* Last, the names and the tags, read only below their counts (nplayers,
   * nteams, ntags): a new record clears what comes before them, not these
   * 6.6 KB (start_record, game.c). */
  char player[MAX_PLAYERS][NAME_LEN];
  char team[MAX_TEAMS][NAME_LEN];
  char tag_key[MAX_TAGS][NAME_LEN];
  char tag_value[MAX_TAGS][256];
} record_t;

typedef void (*game_callback_t)(const record_t *rec, void *ctx);

typedef struct game game_t;

/* forced_rules: a ruleset name or path that replaces every record's
 * `variant` (NULL to follow the records). */
game_t *game_new(const char *forced_rules, game_callback_t cb, void *ctx);
/* The same, judging every record by an already loaded ruleset (borrowed). */
game_t *game_new_with_rules(const ruleset_t *rules, game_callback_t cb, void *ctx);
void game_free(game_t *g);

void game_begin_file(game_t *g, const char *file);
/* A part of a file that begins with a record (see formats/cgr_split.h): its
 * records are numbered after the records_before that precede it. The game
 * then reads as if from the start of a file; a part that does not end the
 * file is closed by feeding the next part's first line, not game_end_file. */
void game_begin_part(game_t *g, const char *file, int records_before);
void game_statement(game_t *g, const stmt_t *st);
void game_malformed(game_t *g, const stmt_error_t *err, const char *line_text);
/* A malformed line waits for the next statement, which says whose record it
 * is (a bad line between two records is the second's). A caller that feeds
 * one record only (the embedding API) has no next record: this charges the
 * line to the record now. */
void game_settle(game_t *g);
/* The end of the file: the last record is judged and handed over. */
void game_end_file(game_t *g, unsigned last_line);

/* Forgets the record being read, as if a new file began (game_begin_file's
 * name kept): the next line starts a record. Nothing is freed nor made, and
 * the rulesets loaded stay loaded (the embedding API reuses one game for
 * record after record). A game that ran out of memory may judge again. */
void game_reset(game_t *g);
/* dst (made by game_new or game_new_with_rules, without game_explain or
 * game_observe) becomes a copy of src's record in progress, judged by the
 * same ruleset, and goes on independently of it (src may be freed first).
 * False when out of memory (dst is then as it was). */
bool game_copy(game_t *dst, const game_t *src);

/* Keep the table's state for each record: after the statement at line
 * at_line (0: at the first illegal action). False when out of memory (the
 * game is unchanged). */
bool game_explain(game_t *g, unsigned at_line);

/* After an error inside a hand, go on with the next hand (from its own deal)
 * and list the later errors in record_t.later; the first stays the verdict. */
void game_keep_going(game_t *g);

/* The record being read (or the last one handed over), and the hand in play:
 * NULL between hands. For embedding (api.c); valid until the next call. */
const record_t *game_record(const game_t *g);
const engine_t *game_hand(const game_t *g);

/* A record's status as a number, the same for the exit status and the
 * embedding API: 0 legal, 1 illegal, 2 malformed, 3 ruleset error. */
int record_status(const record_t *r);

/* An observer, called after every statement with its line, the number of
 * the hand begun in the record (0 before the first) and the hand's engine
 * as it stands (read it through eng_view), or NULL outside a hand. */
typedef void (*game_observer_t)(void *ctx, unsigned line, int hand, const engine_t *e);
/* False when out of memory (the game is unchanged). */
bool game_observe(game_t *g, game_observer_t fn, void *ctx);

/* The machine ran out of memory while judging (a ruleset the record names,
 * a hand's score): that record was not judged, not handed to the callback,
 * and nothing after it is. Out of memory is an error of the run (the
 * program's exit status 4), never a verdict. Judgement itself never
 * allocates: the engines' what-if space is made with them (eng_new). */
bool game_out_of_memory(const game_t *g);

/* Number of actions replayed so far (for throughput figures). */
unsigned long long game_actions(const game_t *g);

#endif
