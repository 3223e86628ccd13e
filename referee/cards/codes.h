/* codes.h — the one table of verdict codes.
 *
 * The names are a public contract (shared/design/record-format.md): they are
 * extended, never renamed. docs/codes.md is checked against this table by a
 * test. */
#ifndef CODES_H
#define CODES_H

typedef enum {
  CODE_NONE,
  CODE_OUT_OF_TURN,
  CODE_PHASE,
  CODE_NOT_IN_HAND,
  CODE_DRAW_COUNT,
  CODE_STOCK_MISMATCH,
  CODE_DEAL,
  CODE_RED3_NOT_LAID,
  CODE_RED3_REPLACEMENT,
  CODE_PILE_EMPTY,
  CODE_PILE_BLOCKED,
  CODE_PILE_FROZEN,
  CODE_PILE_NO_MATCH,
  CODE_OPENING_MINIMUM,
  CODE_NOT_OPENED,
  CODE_MELD_SIZE,
  CODE_MELD_RANK,
  CODE_MELD_NATURALS,
  CODE_WILD_OVERFLOW,
  CODE_MELD_THREE,
  CODE_MELD_DUPLICATE,
  CODE_MELD_UNKNOWN,
  CODE_DISCARD_MISSING,
  CODE_DISCARD_FORBIDDEN,
  CODE_GO_OUT_REQUIREMENT,
  CODE_GO_OUT_PERMISSION,
  CODE_FOOT,
  CODE_BONUS_PACKET,
  CODE_SPECIAL_HAND,
  CODE_END_EARLY,
  CODE_HAND_OVER,
  CODE_HAND_UNFINISHED,
  CODE_GAME_OVER,
  CODE_SCORE_MISMATCH,
  CODE_SEATING,
  CODE_MERGE,
  CODE_SET_ASIDE,
  CODE_COUNT
} code_t;

typedef struct {
  const char *name;        /* as printed: "WILD-OVERFLOW" */
  const char *description; /* one line: what the illegal action is */
} code_info_t;

const code_info_t *code_info(code_t c);
const char *code_name(code_t c);
/* CODE_NONE when the name is not a code. */
code_t code_parse(const char *name);

#endif
