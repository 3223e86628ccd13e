/* referee.h — the public C interface of canasta-referee, for programs that
 * embed the referee (a game server checking each move as it is made).
 *
 * The unit of input is a line of CGR 1 (docs/format.md): the header lines,
 * then each hand's setup and actions, one at a time, exactly as a record file
 * would hold them. After each line the game says whether everything so far is
 * legal; at the first illegal or malformed line it stops and keeps that
 * verdict. Actions may also be given as structs (referee_action_t).
 *
 * Ownership: every object returned by a *_new or *_load function is the
 * caller's, freed by the matching *_free (which accepts NULL). Strings
 * returned by accessors belong to the object and live until its next call
 * that changes it, or until it is freed. A game borrows its rules: free the
 * rules after the games that use them. Nothing here is thread-safe for one
 * object; distinct objects may be used from distinct threads.
 *
 * Link with `pkg-config --cflags --libs --static canasta-referee`. */
#ifndef REFEREE_H
#define REFEREE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct referee_rules referee_rules_t;
typedef struct referee_game referee_game_t;

/* The verdict so far, as in the JSON output's fields. */
typedef enum {
  REFEREE_LEGAL = 0,     /* every line so far is legal */
  REFEREE_ILLEGAL = 1,   /* an illegal action: code, line, col, message, rule */
  REFEREE_MALFORMED = 2, /* a line that cannot be read as a game */
  REFEREE_ERROR = 3      /* the ruleset cannot be loaded, or no memory */
} referee_status_t;

typedef struct {
  referee_status_t status;
  const char *code;    /* "WILD-OVERFLOW" (docs/codes.md); NULL unless illegal */
  unsigned line, col;  /* of the offending line (lines counted from 1 as fed) */
  const char *message; /* a sentence with the numbers involved; "" when legal */
  const char *rule;    /* the ruleset key, or NULL */
} referee_verdict_t;

/* Loads a built-in ruleset (by name, as `referee --list-rules` shows them) or
 * a YAML file (a name with '/' or ending in .yaml). NULL on failure, with
 * "file:line:col: message" in err (when err_len > 0). */
referee_rules_t *referee_rules_load(const char *name_or_path, char *err, size_t err_len);
void referee_rules_free(referee_rules_t *rules);
/* The ruleset's name, as in `variant NAME`. */
const char *referee_rules_name(const referee_rules_t *rules);

/* A new game judged by rules (whatever its `variant` line says), or, with
 * rules NULL, by the ruleset its `variant` line names. NULL without memory. */
referee_game_t *referee_game_new(const referee_rules_t *rules);
void referee_game_free(referee_game_t *game);

/* Feeds one line (without or with its newline). Returns the verdict status so
 * far; once it is not REFEREE_LEGAL, later lines are ignored. */
referee_status_t referee_game_line(referee_game_t *game, const char *line);

/* One action as a struct: PLAYER VERB [REF] [CARDS]. Cards are written as in
 * records ("7H", "TS", "JK"); ref is the meld of `add` ("7", "#2"), else NULL. */
typedef struct {
  const char *player;
  const char *verb;     /* "draw", "take", "meld", "add", "red3", "foot", "ask",
                           "yes", "no", "discard", "end" */
  const char *ref;
  const char *const *cards;
  size_t ncards;
} referee_action_t;
referee_status_t referee_game_action(referee_game_t *game, const referee_action_t *action);

/* Ends the record: a hand still on is HAND-UNFINISHED. Returns the final
 * status; the game accepts no more lines. */
referee_status_t referee_game_finish(referee_game_t *game);

referee_verdict_t referee_game_verdict(const referee_game_t *game);

/* The state. Teams are numbered from 0 in the order of their first player. */
int referee_game_teams(const referee_game_t *game);
const char *referee_game_team_name(const referee_game_t *game, int team);
/* Total of a team over the hands completed so far. */
long referee_game_total(const referee_game_t *game, int team);
/* Hands completed (scored) so far. */
int referee_game_hands(const referee_game_t *game);
/* Score of team in completed hand h (0-based), all parts added. */
long referee_game_hand_score(const referee_game_t *game, int h, int team);
/* The player to act in the hand in progress, or NULL between hands. */
const char *referee_game_to_act(const referee_game_t *game);
/* Cards in a player's hand in the hand in progress, or -1. */
int referee_game_hand_size(const referee_game_t *game, const char *player);
/* True once a team has reached the target (or the hands are played). */
bool referee_game_over(const referee_game_t *game);
/* The winning team, or -1 (none yet, or a tie). */
int referee_game_winner(const referee_game_t *game);

#ifdef __cplusplus
}
#endif

#endif
