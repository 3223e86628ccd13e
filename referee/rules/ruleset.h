/* ruleset.h — a variant's rules as plain data.
 *
 * The engine reads only this struct: every difference between variants is a
 * value here, never a variant name in code. Its members and the C enums of
 * their values are declared from the table of keys (rulekeys.def: a key's
 * type, range, default and member in one row); ruleset_load.c fills them
 * from YAML (the only module that sees libyaml) as that table says;
 * docs/rulesets.md documents each key. */
#ifndef RULESET_H
#define RULESET_H

#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>

#include "card.h"
#include "condition.h"
#include "rulekeys.h"

enum { RS_MAX_SEATS = 8, RS_MAX_BANDS = 8, RS_MAX_WILD_LIMITS = 8, RS_MAX_RED3_TOTALS = 8,
       RS_MAX_RED3_BANDS = 8, RS_BAND_NOTES = 4, RS_MAX_DISCARD_BANS = 8,
       RS_MAX_WILD_BONUSES = 8,
       RS_MAX_RANK_RULES = 13, RS_MAX_PACKETS = 4, RS_MAX_SPECIAL_HANDS = 16,
       RS_MAX_GROUPS = 14, RS_NAME_MAX = 31 };

/* Classes of cards named in lists such as pile.blocked_by (a bit mask). */
enum { RS_BLACK3 = 1, RS_WILD = 2, RS_RED3 = 4 };

typedef struct { int from, minimum; } rs_band_t;
typedef struct { int hand, minimum; } rs_by_hand_t;
typedef struct { int cards, max_wild; } rs_wild_limit_t;
typedef struct { int count, value; } rs_red3_total_t;
typedef struct { int jokers, value; } rs_wild_bonus_t; /* wild_meld.by_jokers */
/* red_threes.bands: the first band whose `when` holds of the team says how
 * its threes count: for it, nothing, or against it, at the table's value or
 * (`each` > 0) at `each` a three; `short_of` (YAML `short`): the team lacks
 * what its threes need, which red_threes.in_hand: penalty_without_meld
 * charges. `notes`: the keys a score by the band relies on (RK_NONE ends
 * them): RK_RED_THREES_BANDS for bands given as such, the shorthand keys
 * that made a band otherwise (rs_red3_bands_from_keys). */
typedef enum { COUNTS_FOR, COUNTS_NOTHING, COUNTS_AGAINST } rs_counts_t;
typedef struct {
  cond_t when;
  rs_counts_t counts;
  int each;
  bool short_of;
  rule_key_t notes[RS_BAND_NOTES];
} rs_red3_band_t;
/* meld.rank_rules: a rank's own rules. `wild`: whether its melds take wild
 * cards (any), never, or only in the team's opening turn (opening: such a
 * meld is an ordinary one from then on). */
typedef enum { RANK_WILD_ANY, RANK_WILD_NEVER, RANK_WILD_OPENING } rs_rank_wild_t;
typedef struct {
  int rank;
  rs_rank_wild_t wild;
  int canasta, unfinished, hold, hold_penalty;
} rs_rank_rule_t;
/* special_hands: a whole hand of a kind, and its fixed score. pairs: every
 * card in pairs of one rank, with wild cards (`wild`) or without; groups:
 * one group of cards of one rank per size of `groups` (natural cards, or with
 * `wild` matching wild cards: all of one wild rank) and per size of
 * `wild_groups` (wild cards only: of one rank, or any mix with `wild_mixed`),
 * every group of its own rank; straight: one card of each rank A..K (the two
 * as a rank, a bonus three too), the rest as `wild_groups` says. `ranks`:
 * ranks the hand holds; `ends_game`: the team wins the game at once. */
typedef enum { SPECIAL_PAIRS, SPECIAL_GROUPS, SPECIAL_STRAIGHT } rs_special_kind_t;
typedef struct {
  char name[RS_NAME_MAX + 1];
  rs_special_kind_t kind;
  bool wild;
  int groups[RS_MAX_GROUPS];
  int ngroups;
  int wild_groups[RS_MAX_GROUPS];
  int nwild_groups;
  bool wild_mixed;
  bool ranks[RANK_COUNT];
  bool ends_game;
  int value;
} rs_special_hand_t;
/* discard.forbidden: cards of `ranks` or of `classes` (RS_* bits) are not
 * discarded while `when` holds of the discarding player and team. */
typedef struct {
  bool ranks[RANK_COUNT];
  unsigned classes;
  cond_t when;
} rs_discard_ban_t;
/* bonus.packets: a packet's size. */
typedef struct { int cards; } rs_packet_t;

/* From the rows of rulekeys.def come each ENUM key's C enum, then the
 * members of rs_seat_t and ruleset_t. A row's TYPE gives a member's C type
 * (with an array's bound, a LIST's count member after it), its AT the
 * member's name and the struct that holds it (SEAT: rs_seat_t; TOP, SECTION
 * and RS: ruleset_t, a SECTION row opening the section's struct
 * rs_<section>, its END row closing it). The words of TYPE say once what
 * C type each is; RS_TYPE, RS_ENUM, RS_LIST and MAP, what a pass makes of
 * them. */
#define INT(lo, hi) RS_TYPE(int, )
#define BOOL RS_TYPE(bool, )
#define ENUM(type, names, ...) RS_ENUM(type, __VA_ARGS__)
#define CLASSES RS_TYPE(unsigned, ) /* RS_* bits */
#define RANKS RS_TYPE(bool, [RANK_COUNT])
#define RANK RS_TYPE(int, )
#define COND RS_TYPE(cond_t, )
#define TEXT(len) RS_TYPE(char, [len]) /* a word, NUL-terminated */
#define VALUES(lo, hi) RS_TYPE(int, [RANK_COUNT])
#define RANK_MAP(lo, hi) RS_TYPE(int, [RANK_COUNT])
#define LIST(entry_fields, entry, count, fewest, most) RS_LIST(entry, [most], count)

/* The enums. */
#define RS_TYPE(ctype, bound)
#define RS_ENUM(type, ...) \
  typedef enum { __VA_ARGS__ } type; \
  _Static_assert(sizeof(type) == sizeof(int), #type ": the loader writes an int");
#define RS_LIST(...)
#define MAP
#define X(id, path, type, ...) type
#include "rulekeys.def"
#undef RS_TYPE
#undef RS_ENUM
#undef RS_LIST
#undef MAP
#undef X

/* The members: TYPE becomes "C type, bound, more" and AT "PLACE, name";
 * RS_DECLARE hands them to PLACE, which declares the member or skips it. */
#define RS_TYPE(ctype, bound) ctype, bound,
#define RS_ENUM(type, ...) type, ,
#define RS_LIST(entry, bound, ...) entry, bound, RS_COUNT(__VA_ARGS__) /* AT: place, name */
#define RS_COUNT(place, name) int name;
#define MAP , ,
#define X(id, path, type, at, dflt, doc, in_force) RS_DECLARE(at, type)
#define RS_DECLARE(place, name, ctype, bound, more) place(name, ctype, bound, more)
#define RS_MEMBER(name, ctype, bound, more) ctype name bound; more
#define RS_OPEN(name, ...) struct rs_##name {
#define RS_SKIP(...)

/* A row of the table (rulekeys.def's rows table.*). */
#define SEAT(name) RS_MEMBER, name
#define TOP(name) RS_SKIP, name
#define RS(section, name) RS_SKIP, name
#define SECTION(name) RS_SKIP, name
typedef struct {
#include "rulekeys.def"
} rs_seat_t;
#undef SEAT
#undef TOP
#undef RS
#undef SECTION

typedef struct {
  int schema; /* 1 */
  char name[64];
  char title[160];
  char extends[256];  /* the ruleset this one extends (name or path), "" for none */

  /* then each key's member, in the order of rulekeys.def: seats and nseats
   * (the table), then a struct per section, struct rs_cards cards, struct
   * rs_turn turn, ..., each with its keys' members (rs->meld.max_wild) */
#define SEAT(name) RS_SKIP, name
#define TOP(name) RS_MEMBER, name
#define RS(section, name) RS_MEMBER, name
#define SECTION(name) RS_OPEN, name
#define END(section) } section;
#include "rulekeys.def"
} ruleset_t;
#undef SEAT
#undef TOP
#undef RS
#undef SECTION
#undef END
#undef X
#undef RS_DECLARE
#undef RS_MEMBER
#undef RS_OPEN
#undef RS_SKIP
#undef RS_TYPE
#undef RS_ENUM
#undef RS_LIST
#undef RS_COUNT
#undef MAP
#undef INT
#undef BOOL
#undef ENUM
#undef CLASSES
#undef RANKS
#undef TEXT
#undef RANK
#undef COND
#undef VALUES
#undef RANK_MAP
#undef LIST

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
/* table.teams, table.partners_apart: how players 0..n-1, player p of team
 * team_of[p] (0 to nteams-1), sit at a table of the row `seat`, the first
 * fault found: a team too big or too small for an even split (*a: the team),
 * or two partners side by side, *a the player before *b. The header's
 * judgement of a record's seating, and the generator's choice of one. */
typedef enum { SEATING_FITS, SEATING_TEAM_SIZE, SEATING_PARTNERS_ADJACENT } rs_seating_t;
rs_seating_t rs_seating(const rs_seat_t *seat, int n, const int *team_of, int nteams, int *a,
                        int *b);
/* cards.bonus_threes: c is a bonus card, laid at once (with the verb red3)
 * and replaced, scored by red_threes.*. */
bool rs_is_bonus(const ruleset_t *rs, card_t c);
int rs_opening_minimum(const ruleset_t *rs, int hand_no, long team_total);
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
/* red_threes.bands from the shorthand keys (negative_without_meld,
 * without_meld_each, canastas_needed, zero_from, negative_without_books):
 * what the loader makes of them when a ruleset gives no bands; each band
 * notes the shorthand keys it rests on. */
void rs_red3_bands_from_keys(ruleset_t *rs);
/* The shorthand keys of red_threes.bands, ending with RK_NONE. */
extern const rule_key_t rs_red3_shorthands[];
/* Whether the ruleset's bands were given as such (not made from the
 * shorthand keys). */
bool rs_red3_bands_given(const ruleset_t *rs);
/* The band that holds of a team's facts (NULL: none, and its threes count
 * for it). */
const rs_red3_band_t *rs_red3_band(const ruleset_t *rs, const cond_facts_t *f);
/* red_threes.by_colour in force: with cards.bonus_threes: all, red and
 * black threes are valued apart. */
bool rs_red3_by_colour(const ruleset_t *rs);
/* Threes of cc of one colour (0 red, 1 black), and those rs scores as bonus
 * cards (cards.bonus_threes: the red ones, or all). */
unsigned rs_threes_of_colour(const card_counts_t *cc, int colour);
unsigned rs_bonus_threes(const ruleset_t *rs, const card_counts_t *cc);
/* What a team's `count` red threes are worth (before any sign). */
int rs_red3_value(const ruleset_t *rs, int count);
/* set_aside.classes or set_aside.ranks names some cards: a taken pile's
 * cards of them are set aside, out of play. */
bool rs_sets_aside(const ruleset_t *rs);
/* The key that sets card c of a taken pile aside (classes first), RK_NONE
 * when neither does. */
rule_key_t rs_aside_key(const ruleset_t *rs, card_t c);
/* What a team's `count` cards set aside are worth (set_aside.totals, else
 * set_aside.each each). */
long rs_aside_value(const ruleset_t *rs, int count);
/* The most wild cards a meld of n cards may hold. */
int rs_max_wild(const ruleset_t *rs, int ncards);

#endif
