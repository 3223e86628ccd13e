/* ruleset.h — a variant's rules as plain data.
 *
 * The engine reads only this struct: every difference between variants is a
 * value here, never a variant name in code. ruleset_load.c fills it from YAML
 * (the only module that sees libyaml) as the table of keys says
 * (rulekeys.def: each key's type, range, default and member here);
 * docs/rulesets.md documents each key. */
#ifndef RULESET_H
#define RULESET_H

#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>

#include "card.h"

enum { RS_MAX_SEATS = 8, RS_MAX_BANDS = 8, RS_MAX_WILD_LIMITS = 8, RS_MAX_RED3_TOTALS = 8 };

/* Classes of cards named in lists such as pile.blocked_by (a bit mask). */
enum { RS_BLACK3 = 1, RS_WILD = 2, RS_RED3 = 4 };

typedef enum { TAKE_ONTO_ANY, TAKE_ONTO_CANASTA, TAKE_ONTO_NEVER, TAKE_ONTO_UNFINISHED } rs_take_onto_t;
typedef enum { SAME_RANK_MERGE, SAME_RANK_FORBID, SAME_RANK_ALLOW } rs_same_rank_t;
typedef enum { THREES_NEVER, THREES_GOING_OUT, THREES_ALWAYS } rs_threes_t;
typedef enum { OPEN_LARGEST_MELD, OPEN_ALL_MELDS } rs_open_counts_t;
typedef enum {
  RED3_IN_HAND_AS_LAID, RED3_IN_HAND_PENALTY, RED3_IN_HAND_PENALTY_WITHOUT_MELD
} rs_red3_in_hand_t;
typedef enum { ASK_NONE, ASK_OPTIONAL, ASK_REQUIRED } rs_ask_t;
typedef enum { PREMATURE_AT_MELD, PREMATURE_AT_DISCARD } rs_premature_t;
typedef enum { WILD_FILL_ANY, WILD_FILL_MISSING } rs_wild_fill_t;
typedef enum { CONCEALED_BY_PLAYER, CONCEALED_BY_TEAM } rs_concealed_by_t;
typedef enum { DEALT_ORDER_TURN, DEALT_ORDER_SEAT } rs_dealt_order_t;
typedef enum { OPENING_JUDGED_TURN, OPENING_JUDGED_MELD, OPENING_JUDGED_FIRST_MELD } rs_opening_judged_t;
typedef enum { MUST_TAKE_FOOT_HAND, MUST_TAKE_FOOT_EXEMPT, MUST_TAKE_FOOT_WITH } rs_must_take_foot_t;
typedef enum { STOCK_EMPTY_MAY_END, STOCK_EMPTY_AT_ONCE, STOCK_EMPTY_MUST_TAKE } rs_stock_empty_t;

typedef struct {
  int players, packs, deal, teams;
  bool partners_apart;
  int target;
} rs_seat_t;

typedef struct { int from, minimum; } rs_band_t;
typedef struct { int cards, max_wild; } rs_wild_limit_t;
typedef struct { int count, value; } rs_red3_total_t;

typedef struct {
  int schema; /* 1 */
  char name[64];
  char title[160];
  char extends[256];  /* the ruleset this one extends (name or path), "" for none */

  rs_seat_t seats[RS_MAX_SEATS];
  int nseats;

  struct {
    int jokers_per_pack;
    bool wild[RANK_COUNT];
    int value[RANK_COUNT];
    int black3_in_hand; /* what a black three left in hand costs */
  } cards;

  struct {
    int draw;
    bool meld_before_draw;
  } turn;

  struct {
    int initial;
    unsigned cover_initial, blocked_by, frozen_by;  /* RS_* masks */
    bool cover_once, cover_freezes;
    int packet[RANK_COUNT];     /* face-down cards under the pile, by the first upcard's rank */
    int wild_discard_naturals;  /* once a wild is discarded, a take needs so many naturals */
    bool frozen_for_unopened;
    bool frozen_until_taken;    /* frozen for each player until that player has taken it once */
    bool always_frozen;         /* every take needs unfreeze_naturals from the hand */
    int unfreeze_naturals, take_naturals;
    rs_take_onto_t take_onto_meld;
    int take_onto_meld_naturals; /* naturals of its rank a bare take onto a meld needs in hand */
    bool opening_by_take;
  } pile;

  struct {
    int min_cards, min_naturals, max_wild;
    bool wild_below_naturals;   /* a set holds fewer wild cards than naturals */
    bool wild_up_to_naturals;   /* a set holds no more wild cards than naturals */
    rs_wild_limit_t wild_limits[RS_MAX_WILD_LIMITS];
    int nwild_limits;
    rs_same_rank_t same_rank;
    bool wild_sets[RANK_COUNT]; /* wild ranks that may form a set of their own */
    rs_wild_fill_t wild_set_fill; /* other wild cards in such a set: any, or only for missing copies */
    bool group_alone;           /* a group joining a meld of its rank is valid on its own too */
    bool group_alone_takes;     /* ... a take's group too (false: meld lines only) */
    rs_threes_t black_threes;
    bool black_threes_wild;
  } meld;

  struct {
    int min_cards, min_naturals, pure, impure;
    int wild_pure[RANK_COUNT], wild_impure[RANK_COUNT]; /* canastas of a wild_sets rank */
    int hidden_factor; /* a canasta laid from the hand in one meld: bonus times this */
  } canasta;

  struct {
    int min_cards;     /* 0: no sequences */
    int max_cards;     /* a sequence of this many cards is complete */
    int low, high;     /* the lowest and highest ranks it may hold */
    int bonus;         /* for a complete sequence */
  } sequence;

  struct {
    int bonus;         /* for the team whose player cuts exactly the cards dealt; 0: no cut */
  } cut;

  struct {
    int negative;
    rs_band_t bands[RS_MAX_BANDS];
    int nbands;
    rs_open_counts_t counts;
    bool concealed_exempt;
    int hidden_from;   /* from this team total a hidden canasta meets the minimum; 0: never */
    rs_opening_judged_t judged; /* the opening turn's melds together, each alone, or the first */
  } opening;

  struct {
    int each;
    rs_red3_total_t totals[RS_MAX_RED3_TOTALS];
    int ntotals;
    bool negative_without_meld;
    int without_meld_each;     /* > 0: each red three of a team without a meld costs this */
    rs_dealt_order_t dealt_order; /* dealt red threes laid in turn order or seat order */
    bool replace_from_pile;
    rs_red3_in_hand_t in_hand;
    int in_hand_penalty;
  } red_threes;

  struct {
    int canastas, pure, impure, wild, sequences, bonus, concealed_bonus;
    rs_ask_t ask;
    rs_premature_t premature; /* a meld that leaves a last card going out cannot discard */
    rs_concealed_by_t concealed_by; /* who must have melded nothing before for "concealed" */
    bool first_turn;          /* a player may go out in his first turn of the hand */
    bool concealed;           /* a player may go out concealed (going_out.concealed_by) */
  } going_out;

  struct {
    int size; /* cards in each player's foot; 0: no foot */
  } foot;

  struct rs_end {
    rs_stock_empty_t stock_empty;
    bool must_take_unopened;   /* must_take binds a team that has not opened too */
    rs_must_take_foot_t must_take_foot; /* a foot not picked up: ignored, exempts, or counts */
    bool last_red3_ends;       /* a stock that runs out on a red three ends the hand */
  } end;

  struct {
    int hands; /* 0: play to the target; N: N hands, the highest total wins */
  } match;
} ruleset_t;

typedef struct rs_end rs_end_t;

/* Where a loader error is: the file (or built-in name), line and column
 * (1-based), and the sentence. no_memory: the machine ran out of memory,
 * which says nothing of the ruleset (an error of the run, exit status 4). */
typedef struct {
  char file[256];
  unsigned line, col;
  char message[256];
  bool no_memory;
} rs_error_t;

/* A shipped ruleset, compiled in from rulesets/<name>.yaml. */
typedef struct {
  const char *name;
  const char *text;
  size_t len;
} rs_builtin_t;
extern const rs_builtin_t rs_builtins[];

/* Loads the built-in ruleset NAME, or, when NAME contains '/' or ends in
 * .yaml, the file at that path. False with *err filled on any failure. */
bool rs_load(ruleset_t *rs, const char *name_or_path, rs_error_t *err);
/* Edit distance between two names, case aside (names over 63 bytes are far):
 * how suggestions ("did you mean ...?") find the nearest name. */
size_t rs_name_distance(const char *a, const char *b);
/* The built-in name nearest to NAME (a misspelling: at most a third of its
 * letters wrong, case aside), or NULL when none is that near. */
const char *rs_nearest_builtin(const char *name);
/* Whether rs_load reads NAME as a path (it holds '/' or ends in .yaml). */
bool rs_is_path(const char *name);
bool rs_load_file(ruleset_t *rs, const char *path, rs_error_t *err);
/* rs as a YAML ruleset: every key of the schema with rs's value, no
 * `extends` (what rs resolves to); it loads back to rs (ruleset_yaml.c). */
void rs_write_yaml(FILE *out, const ruleset_t *rs);
/* A relative path named in file `from` (a ruleset's `extends`, a record's
 * `variant`): the path beside `from` when a file there has that name
 * (checked with stat, nothing opened), else `name` itself; "./" parts
 * of a file found dropped. */
const char *rs_resolve_path(const char *from, const char *name, char *buf, size_t len);
bool rs_load_text(ruleset_t *rs, const char *label, const char *text, size_t len,
                  rs_error_t *err);

/* Calls fn with the dotted path of every key of the schema ("meld.max_wild"),
 * in the order of rulekeys.def, and its default in YAML (NULL or "" for none:
 * schema, name, extends, a section, a field of a list entry). */
void rs_schema_keys(void (*fn)(const char *path, const char *dflt, void *ctx), void *ctx);

const rs_seat_t *rs_seat(const ruleset_t *rs, int players);
int rs_opening_minimum(const ruleset_t *rs, long team_total);
bool rs_is_wild(const ruleset_t *rs, card_t c);
/* A natural card: neither wild nor a three. */
bool rs_is_natural(const ruleset_t *rs, card_t c);
int rs_value(const ruleset_t *rs, card_t c);
/* The RS_* classes a card belongs to. */
unsigned rs_classes(const ruleset_t *rs, card_t c);
/* pile.frozen_by: a card that freezes the pile it lies in. */
bool rs_freezes_pile(const ruleset_t *rs, card_t c);
/* pile.blocked_by: a top card that blocks the pile. */
bool rs_blocks_pile(const ruleset_t *rs, card_t c);
/* What a team's `count` red threes are worth (before any sign). */
int rs_red3_value(const ruleset_t *rs, int count);
/* The most wild cards a meld of n cards may hold. */
int rs_max_wild(const ruleset_t *rs, int ncards);

#endif
