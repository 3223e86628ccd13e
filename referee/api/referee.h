/* referee.h — the public C interface of canasta-referee, for programs that
 * embed the referee (a game server checking each move as it is made).
 *
 * The unit of input is a line of CGR 1 (docs/format.md): the header lines,
 * then each hand's setup and actions, one at a time, exactly as a record file
 * would hold them. A game is one record: from its `cgr` line to
 * referee_game_finish (a second `cgr` line is malformed; start a new game for
 * the next record). After each line the game says whether anything so far is
 * refuted; at the first illegal or malformed line it stops and keeps that
 * verdict. Actions may also be given as structs (referee_action_t).
 *
 * What a status means after a line. Each line is settled when it is fed: a
 * line that cannot be read (an unknown verb, a card that does not exist, a
 * line over 65,536 bytes, a second `cgr` line) is REFEREE_MALFORMED at once,
 * at its own line and column; an action the rules refuse by itself is
 * REFEREE_ILLEGAL at once, at its own line. REFEREE_LEGAL means "nothing
 * refuted yet": the line is legal in itself and no line before it has been
 * refuted, but a later line may still refute the record at an earlier line.
 * That happens only where a rule needs what comes after, and the verdict's
 * found_line then says where it was found:
 *  - the ruleset and the seating: the `variant` and `player` lines are
 *    judged at the first `hand` line. A ruleset that cannot be loaded is
 *    REFEREE_ERROR at the `variant` line (or at its place in the YAML file);
 *    a seating the ruleset refuses is SEATING at a `player` line.
 *  - a turn's melding, judged by how the turn ends: a short opening is
 *    OPENING-MINIMUM at the turn's first meld (or at the group that fell
 *    short, opening.judged); black threes melded only to go out are
 *    MELD-THREE at that meld when the turn ends without going out, and a
 *    meld carried past meld.max_cards where meld.max_cards_going_out lets it
 *    is MELD-SIZE at the line that did it then too; a meld,
 *    add or take that leaves one card while the team lacks what going out
 *    needs is GO-OUT-REQUIREMENT at that action when the turn goes out by
 *    discarding the card (going_out.premature: meld).
 *    referee_game_pending() says which of these are open after each line.
 *  - the end: a hand still on at referee_game_finish is HAND-UNFINISHED, at
 *    the line after the last one fed that is no blank or comment line (as
 *    the command reports it, whether another record follows or not).
 *  - an `# expect:` line is checked by the next statement (a second one in
 *    the record is malformed at its own line).
 *
 * Ownership: every object returned by a *_new or *_load function is the
 * caller's, freed by the matching *_free (which accepts NULL). Strings
 * returned by accessors belong to the object and live until its next call
 * that changes it, or until it is freed. A game borrows its rules: free the
 * rules after the games that use them. Nothing here is thread-safe for one
 * object; distinct objects may be used from distinct threads.
 *
 * A NULL where an object, a line, an action or a name is expected is the
 * caller's mistake, not the record's: the call changes nothing and says so —
 * the calls that return a status return REFEREE_ERROR, referee_rules_load
 * returns NULL (with the reason in err), and the accessors return what they
 * return for "none": NULL, -1 for a count or a size, 0 for a score, false.
 * The messages of the API itself are in English.
 *
 * Link with the shared library, `pkg-config --cflags --libs canasta-referee`
 * (libcanasta-referee.so.0, which exports these functions and nothing else),
 * or the static one, `pkg-config --cflags --libs canasta-referee-static`.
 *
 * Many records, fast: one game judges record after record with
 * referee_game_reset (or referee_game_record, a whole record in one call),
 * allocating nothing once it has judged the first. */
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
  REFEREE_LEGAL = 0,     /* nothing refuted yet (see above) */
  REFEREE_ILLEGAL = 1,   /* an illegal action: code, line, col, message, rule */
  REFEREE_MALFORMED = 2, /* a line that cannot be read as a game */
  REFEREE_ERROR = 3,     /* the ruleset cannot be loaded, or a NULL argument
                            (the game is then unchanged) */
  REFEREE_NO_MEMORY = 4  /* out of memory: the line was not judged, nor will
                            any later one be (never a verdict on the record) */
} referee_status_t;

/* Fields are only ever added at the end, so that the ones before keep their
 * places. This struct and referee_pending_t are returned or filled whole, in
 * the size the library knows: a field added to either changes the shared
 * library's soname (libcanasta-referee.so.0 becomes .so.1), as does a call
 * that changes or goes away. referee_state_t is filled up to the size the
 * caller gives, so fields added there keep the soname. */
typedef struct {
  referee_status_t status;
  const char *code;    /* "WILD-OVERFLOW" (docs/codes.md); NULL unless illegal */
  unsigned line, col;  /* where the verdict is charged: the offending line (lines
                          counted from 1 as fed); 0 when legal */
  const char *message; /* a sentence with the numbers involved; "" when legal */
  const char *rule;    /* the ruleset key, or NULL */
  /* (added after 0.1.0) The line whose feeding reached the verdict (the line after
   * the last for referee_game_finish). It equals line, or comes after it when
   * the verdict waited for a later line (see above); 0 when legal. */
  unsigned found_line;
} referee_verdict_t;

/* Loads a built-in ruleset (by name, as `referee --list-rules` shows them) or
 * a YAML file (a name with '/' or ending in .yaml). NULL on failure, with
 * "file:line:col: message" in err (when err is not NULL and err_len > 0). */
referee_rules_t *referee_rules_load(const char *name_or_path, char *err, size_t err_len);
void referee_rules_free(referee_rules_t *rules);
/* The ruleset's name, as in `variant NAME`. */
const char *referee_rules_name(const referee_rules_t *rules);

/* A new game judged by rules (whatever its `variant` line says), or, with
 * rules NULL, by the ruleset its `variant` line names (a relative path is
 * read from the working directory). NULL without memory. */
referee_game_t *referee_game_new(const referee_rules_t *rules);
void referee_game_free(referee_game_t *game);

/* Makes game ready for a new record, as referee_game_new made it (judged by
 * the same rules), without freeing or allocating anything: a program that
 * judges many records keeps one game and resets it between them (the
 * rulesets `variant` lines named stay loaded). A game that ran out of memory
 * may judge again. REFEREE_LEGAL, or REFEREE_ERROR for NULL. (Added after
 * 0.1.0, as every call below that says so.) */
referee_status_t referee_game_reset(referee_game_t *game);
/* referee_game_reset, and the record's first line is numbered first_line
 * (from 1): the records of a file judged one by one keep the file's line
 * numbers, in every position and every sentence that names a line.
 * REFEREE_ERROR for NULL or first_line 0. (Added after 0.1.0.) */
referee_status_t referee_game_reset_at(referee_game_t *game, unsigned first_line);

/* dst becomes a copy of src as it stands: the record so far, its verdict,
 * the hand in play; judged by src's rules (dst now borrows them), and
 * independent of src from then on (either may be fed or freed). dst is any
 * game made by referee_game_new; it allocates nothing unless src has scored
 * more hands than dst ever held. Returns the copy's status (that of src), or
 * REFEREE_NO_MEMORY (dst unchanged), REFEREE_ERROR when either is NULL.
 * (Added after 0.1.0.) */
referee_status_t referee_game_copy(referee_game_t *dst, const referee_game_t *src);

/* Feeds one line (without or with its newline). Returns the verdict status so
 * far (what REFEREE_LEGAL promises: see above); once it is not REFEREE_LEGAL,
 * later lines are ignored. */
referee_status_t referee_game_line(referee_game_t *game, const char *line);

/* Feeds the len bytes at text as lines (each ended by a newline, the last
 * one may lack it; a carriage return before the newline is dropped), as
 * referee_game_line would one by one, stopping at the first line that is
 * not legal. Returns the status so far; REFEREE_ERROR when game is NULL, or
 * text is NULL with len > 0. (Added after 0.1.0.) */
referee_status_t referee_game_feed(referee_game_t *game, const char *text, size_t len);

/* A whole record in one call: referee_game_reset, referee_game_feed and
 * referee_game_finish. Returns the final status; the verdict and the scores
 * are read from the game as after referee_game_finish. (Added after 0.1.0.) */
referee_status_t referee_game_record(referee_game_t *game, const char *text, size_t len);

/* The verdict line would get if it were fed now, the game unchanged: the
 * line is fed to a copy of the game (made at the first try and kept with
 * the game), whose verdict this is. Its strings live until the game's next
 * try, or until it is freed. A line that only a later one would refute
 * (an opening short of the minimum...) is REFEREE_LEGAL here, as after
 * referee_game_line. With game or line NULL, status REFEREE_ERROR; without
 * memory for the copy, REFEREE_NO_MEMORY. (Added after 0.1.0.) */
referee_verdict_t referee_game_try(referee_game_t *game, const char *line);

/* One action as a struct: PLAYER VERB [REF] [CARDS]. Cards are written as in
 * records ("7H", "TS", "JK"); ref is the meld of `add` ("7", "#2") or the
 * two of `merge` ("#1 #3"), else NULL. */
typedef struct {
  const char *player;
  const char *verb;     /* "draw", "take", "meld", "add", "red3", "foot", "talon",
                           "show", "ask", "yes", "no", "discard", "end", "merge",
                           "aside" */
  const char *ref;
  const char *const *cards;
  size_t ncards;
} referee_action_t;
/* The action is fed as the line "PLAYER VERB [REF] [CARDS]"; player and verb
 * must not be NULL, nor cards when ncards > 0, nor any of its cards
 * (REFEREE_ERROR). An action longer than a line may be is malformed. */
referee_status_t referee_game_action(referee_game_t *game, const referee_action_t *action);

/* Ends the record: a hand still on is HAND-UNFINISHED. Returns the final
 * status; the game accepts no more lines. */
referee_status_t referee_game_finish(referee_game_t *game);

/* The verdict so far; with game NULL, status REFEREE_ERROR and a message. */
referee_verdict_t referee_game_verdict(const referee_game_t *game);

/* What the turn in progress still owes: the judgements put off to the end of
 * the turn (see above) that would refute it if it ended now so, each as the
 * verdict it would give and the ending that would give it. A game server
 * asks after a meld whether the turn may still end as the player means to.
 * (Added after 0.1.0.) */
typedef enum {
  REFEREE_PENDING_TURN_END = 0,   /* the turn's melding ends with the table as it
                                     is (its discard, going out, or the draw
                                     where melding comes first; a concealed going
                                     out may be exempt: opening.concealed_exempt) */
  REFEREE_PENDING_NOT_OUT = 1,    /* the turn ends without going out */
  REFEREE_PENDING_LAST_DISCARD = 2 /* the turn goes out by discarding the last card */
} referee_pending_when_t;

typedef struct {
  const char *code;     /* "OPENING-MINIMUM", "MELD-THREE", "GO-OUT-REQUIREMENT" */
  unsigned line, col;   /* the earlier line the verdict would be charged to: the
                           one that left the turn owing it */
  const char *message;  /* the verdict's sentence, as it would be given: what is
                           lacking, with the numbers ("... the team has 0
                           canastas; going out needs 1") */
  const char *rule;     /* the ruleset key */
  referee_pending_when_t when;
} referee_pending_t;

/* Fills out[0..max) with what the turn owes, oldest judgement first (the
 * opening, black threes, the last card), and returns how many there are (0:
 * the turn may end any way the rules allow; also between turns, outside a
 * hand and once the verdict is not legal). -1 when game is NULL, out is NULL
 * with max > 0, or no memory. The strings live until the game's next call
 * that feeds it, finishes it or asks this again. */
int referee_game_pending(referee_game_t *game, referee_pending_t *out, int max);

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

/* ---- the state as plain structs (added after 0.1.0) ----------------------
 *
 * A card is a number from 0 to REFEREE_CARD_KINDS - 1: rank * 4 + suit for
 * the 52 suited cards (ranks 2, 3, ..., 9, T, J, Q, K, A from 0 to 12; suits
 * spades, hearts, diamonds, clubs from 0 to 3), and 52 for a joker. A set of
 * cards is a count of each. */
enum {
  REFEREE_CARD_KINDS = 53,
  REFEREE_JOKER = 52,
  REFEREE_MAX_PLAYERS = 12,
  REFEREE_MAX_TEAMS = 12,
  REFEREE_MAX_MELDS = 192
};

/* The card's name as records write it ("7H", "TS", "JK"), NULL when card
 * is not one. */
const char *referee_card_name(int card);

typedef struct {
  unsigned char count[REFEREE_CARD_KINDS]; /* copies of each card */
  unsigned total;                          /* their sum */
} referee_cards_t;

/* A meld's kind (docs/rulesets.md, Melds). */
typedef enum {
  REFEREE_MELD_SET = 0,          /* cards of one rank, and wild cards */
  REFEREE_MELD_SEQUENCE = 1,     /* consecutive ranks of one suit */
  REFEREE_MELD_WILD_SET = 2,     /* a set of a wild rank (meld.wild_sets) */
  REFEREE_MELD_BLACK_THREES = 3,
  REFEREE_MELD_NATURAL_SET = 4,  /* a set of a rank melded without wild cards */
  REFEREE_MELD_WILD_CARDS = 5,   /* wild cards of any mix (wild_meld.*) */
  REFEREE_MELD_RANK_RULE = 6     /* a set of a rank with rules of its own (meld.rank_rules) */
} referee_meld_kind_t;

typedef struct {
  int team;
  int number;          /* its number among the team's melds: `add #N` */
  referee_meld_kind_t kind;
  int rank;            /* a set's rank (0 for 2s ... 12 for aces, 13 jokers), else -1 */
  int suit;            /* a sequence's suit, else -1 */
  referee_cards_t cards;
  int naturals, wilds;
  bool canasta;        /* complete: it counts as a canasta */
} referee_meld_t;

typedef struct {
  const char *name;
  int team;
  referee_cards_t hand;
  referee_cards_t foot; /* the foot not yet picked up (empty without one) */
  bool has_foot;
  bool melded;          /* has melded in this hand */
} referee_player_state_t;

typedef struct {
  const char *name;
  long total;           /* over the hands completed so far */
  bool opened;          /* has melded in this hand */
  int red_threes;       /* red threes laid in this hand */
  int melds, canastas;  /* on the table in this hand */
} referee_team_state_t;

/* Why the pile is frozen for the player to act: the first cause that holds,
 * in this order (the verdict PILE-FROZEN names the same). */
typedef enum {
  REFEREE_FREEZE_COVER = 0,      /* its covered upcard (pile.cover_freezes) */
  REFEREE_FREEZE_CARD = 1,       /* a card lying in it (pile.frozen_by) */
  REFEREE_FREEZE_ALWAYS = 2,     /* pile.always_frozen */
  REFEREE_FREEZE_UNOPENED = 3,   /* the player's team has not opened */
  REFEREE_FREEZE_UNTIL_TAKEN = 4, /* the player has not taken it yet */
  REFEREE_FREEZE_NONE = 5        /* not frozen */
} referee_freeze_t;

typedef struct {
  bool in_hand;        /* a hand is being dealt or played (else the fields
                          below up to `teams` are zero, -1 for indices) */
  int hand;            /* its number, from 1 */
  bool dealt;          /* its setup is complete */
  bool over;           /* it is over (nobody acts) */
  int to_act;          /* the player to act, -1 */
  int dealer;          /* -1 before the `dealer` line */
  /* what the player to act owes before anything else */
  bool drawn;          /* the turn's draw or take is done (false: draw or take) */
  int owed;            /* red-three replacements still to draw ... */
  int owed_player;     /* ... by this player, -1 */
  bool asked;          /* a question (`ask`) waits for its answer */
  int packet_player;   /* the player whose bonus packet is due now, -1 */
  int out_player;      /* who went out, -1 */
  /* the table */
  int top;             /* the pile's top card, -1 when empty */
  unsigned pile;       /* cards in the pile */
  referee_freeze_t frozen;
  const char *freeze_rule;  /* the cause's ruleset key, NULL */
  int freeze_card;     /* the card that froze it (COVER, CARD), -1 */
  bool blocked;        /* its top card blocks it (pile.blocked_by) */
  unsigned stock;      /* cards left in the stock */
  int packets;         /* bonus packets set aside and not taken */
  int feet;            /* feet not picked up yet */
  int players, teams;
  referee_player_state_t player[REFEREE_MAX_PLAYERS];
  referee_team_state_t team[REFEREE_MAX_TEAMS];
  int melds;
  referee_meld_t meld[REFEREE_MAX_MELDS];
  int hands_scored;    /* hands completed (referee_game_hand_score) */
  /* (added after 0.1.0) Cards of taken piles set aside, out of play, where
   * the ruleset sets some aside (set_aside; else both are zero): */
  int set_aside[REFEREE_MAX_TEAMS]; /* how many each team stated in this hand */
  referee_cards_t aside_due; /* of the pile just taken, still to state (`aside`)
                                by the player to act before the turn ends */
} referee_state_t;

/* Fills out with the state of the game as it stands: the hand being dealt
 * or played (in_hand), the teams and their totals; between hands (the last
 * one scored, the next not begun) and once the verdict is not legal, in_hand
 * is false and the hand's fields are empty. size is sizeof *out as the
 * caller's referee.h has it: only that much is written, so that a program
 * built with an older header still gets the fields it knows. Names point
 * into the game and live until its next call that feeds it. 0, or -1 when
 * game or out is NULL (out unchanged). */
int referee_game_state(const referee_game_t *game, referee_state_t *out, size_t size);

/* ---- every legal action (added after 0.1.0) --------------------------------
 *
 * The actions the referee would accept as the game's next line, each as a
 * struct and as its line. They are found by trying: candidates are made from
 * the state (each player's hand, the team's melds, the pile's top card, the
 * stock line's next cards, the verbs of the turn) and each is fed to the
 * game's copy that referee_game_try keeps; those it accepts are listed. So
 * every action listed is accepted (the engine judged it), and the rules are
 * judged nowhere else. The candidates cover every verb: draws (the stock
 * line's next cards; without a stock line, every card or pair of cards),
 * takes (alone, or with cards of the top card's rank and wild cards, or
 * naturals of its suit making a sequence with it), melds (cards of one rank
 * and wild cards, wild cards alone, sequences of a suit with wild cards in
 * their gaps or at their ends, any natural between the ends left to a wild
 * card where sequences take them: sequence.max_wild), additions to each of the team's melds
 * (written `add #N`; `add RANK` names the same action as `#N` of that set),
 * red threes by any seat, the foot, talons, shows of the whole hand, ask,
 * yes, no, discard, end, merges of two of the team's melds, and the parts of
 * the cards of a taken pile still to set aside (`aside`, set_aside). Melds,
 * adds, takes and shows are tried for the player to act (verbs.def: no one
 * else may make them), the other verbs for every player. Three limits:
 * without a stock line, draws of three cards or more (turn.draw) and a
 * talon's cards from the stock are not listed; `add RANK` is listed as
 * `add #N` only; cards set aside in more than 256 parts are listed whole
 * and by kind only.
 * A candidate names distinct card multisets: two actions that differ only
 * in suits are listed apart (a sequence is of one suit, a discard names its
 * card); with REFEREE_LEGAL_BY_RANK, only the first of each multiset of
 * ranks is listed (for the same player, verb and meld). Cards are written in
 * card order (REFEREE_CARD_KINDS: by rank, then spades, hearts, diamonds,
 * clubs), as the line lists them. */
enum { REFEREE_LEGAL_BY_RANK = 1 };

/* What a listed action leaves the turn owing (referee_game_pending after
 * it): bit 1u << when for each judgement put off (referee_pending_when_t);
 * 0 when nothing is owed. */
typedef struct {
  int player;                  /* the seat acting, as referee_state_t numbers them */
  const char *verb;            /* "draw", "meld", ... (as in referee_action_t) */
  const char *ref;             /* "#N" for add, "#N #M" for merge, else NULL */
  const unsigned char *cards;  /* the cards named, as card numbers, in card order */
  size_t ncards;
  const char *line;            /* the line: "Anne meld 7S 7H JK" */
  unsigned owes;               /* bits 1u << referee_pending_when_t */
} referee_legal_t;

/* Finds every legal next action and fills out[0..max) with the first of
 * them; returns how many there are in all (call with max 0 to ask the size
 * to give). 0 when no action may come now (outside a hand, once the verdict
 * is not legal or the game finished). flags: 0 or REFEREE_LEGAL_BY_RANK.
 * The strings and card arrays belong to the game and live until its next
 * call to this, or until it is freed; the buffers grow as needed and are
 * kept, so a game asked again allocates nothing once they are large enough.
 * -1 when game is NULL, out is NULL with max > 0, or without memory.
 * The game itself is unchanged; its try copy is not (referee_game_try's
 * last verdict is gone). */
int referee_game_legal(referee_game_t *game, referee_legal_t *out, int max, unsigned flags);

#ifdef __cplusplus
}
#endif

#endif
