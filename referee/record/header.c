/* header.c — a record's header: the players and teams, tags, the match, the
 * ruleset named by the variant line (or forced), and the seating it allows. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "game_private.h"

#include "i18n.h"

static const ruleset_t *load_ruleset(game_t *g, const char *name, rs_error_t *err) {
  for (int i = 0; i < g->ncache; i++)
    if (strcmp(g->cache[i].name, name) == 0) {
      *err = g->cache[i].err;
      return g->cache[i].ok ? &g->cache[i].rs : NULL;
    }
  bool fresh = g->ncache < RULESET_CACHE;
  cached_rs_t *c = &g->cache[fresh ? g->ncache++ : RULESET_CACHE - 1];
  snprintf(c->name, sizeof c->name, "%s", name);
  static unsigned long long loads; /* serials: every entry written gets a new one */
  c->serial = __atomic_add_fetch(&loads, 1, __ATOMIC_RELAXED);
  c->ok = rs_load(&c->rs, name, &c->err);
  *err = c->err;
  if (!c->ok && err->no_memory) { /* the machine's failure, not the ruleset's: not kept */
    if (fresh) g->ncache--;
    else c->name[0] = '\0';
  }
  return c->ok ? &c->rs : NULL;
}

int game_find_player(const record_t *r, const char *name) {
  for (int p = 0; p < r->nplayers; p++)
    if (r->player[p][0] == name[0] && strcmp(r->player[p], name) == 0) return p;
  return -1;
}

/* "unknown player X", with the name meant when only the case differs. */
bool game_unknown_player(game_t *g, const stmt_t *st, const word_t *w) {
  const record_t *r = &g->rec;
  for (int p = 0; p < r->nplayers; p++)
    if (strcasecmp(r->player[p], w->s) == 0)
      return game_fail_malformed(g, st, w->col, _("unknown player %s (names are case-sensitive: %s?)"), w->s,
                       r->player[p]);
  char known[160] = "";
  for (int p = 0; p < r->nplayers; p++)
    snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", p ? ", " : "",
             r->player[p]);
  return game_fail_malformed(g, st, w->col, _("unknown player %s (the players are %s)"), w->s, known);
}

int game_find_team(const record_t *r, const char *name) {
  for (int t = 0; t < r->nteams; t++)
    if (strcmp(r->team[t], name) == 0) return t;
  return -1;
}

/* ---- header ----------------------------------------------------------- */

static bool header_player(game_t *g, const stmt_t *st) {
  record_t *r = &g->rec;
  if (game_find_player(r, st->name.s) >= 0)
    return game_fail_malformed(g, st, st->name.col, _("player %s is listed twice"), st->name.s);
  if (r->nplayers == MAX_PLAYERS)
    return game_fail_malformed(g, st, st->key.col, _("more than %d players"), MAX_PLAYERS);
  if (strlen(st->name.s) >= NAME_LEN || (st->value.s && strlen(st->value.s) >= NAME_LEN))
    return game_fail_malformed(g, st, st->name.col, _("a name longer than %d bytes"), NAME_LEN - 1);
  const char *team = st->value.s ? st->value.s : st->name.s;
  int t = game_find_team(r, team);
  if (t < 0) {
    t = r->nteams++;
    snprintf(r->team[t], NAME_LEN, "%s", team);
  }
  int p = r->nplayers++;
  snprintf(r->player[p], NAME_LEN, "%s", st->name.s);
  r->team_of[p] = t;
  g->player_at[p].line = st->line;
  verdict_text(g->player_at[p].text, st->text);
  return true;
}

bool game_header_statement(game_t *g, const stmt_t *st) {
  record_t *r = &g->rec;
  switch (st->kind) {
    case ST_VARIANT:
      if (g->have_variant) return game_fail_malformed(g, st, st->key.col, _("a second variant line"));
      g->have_variant = true;
      g->variant_line = st->line;
      g->variant_col = st->name.col;
      verdict_text(g->variant_text, st->text);
      snprintf(r->variant, sizeof r->variant, "%s", st->name.s);
      return true;
    case ST_PLAYER: return header_player(g, st);
    case ST_MATCH:
      if (g->match_hands || g->match_target)
        return game_fail_malformed(g, st, st->key.col, _("a second match line"));
      if (st->name.s[0] == 'h') g->match_hands = st->number;
      else g->match_target = st->number;
      return true;
    case ST_TAG:
      if (r->ntags == MAX_TAGS) return game_fail_malformed(g, st, st->key.col, _("more than %d tags"), MAX_TAGS);
      snprintf(r->tag_key[r->ntags], NAME_LEN, "%s", st->name.s);
      snprintf(r->tag_value[r->ntags], sizeof r->tag_value[0], "%s", st->value.s);
      r->ntags++;
      return true;
    default:
      return game_fail_malformed(g, st, st->key.col, _("\"%s\" belongs to a hand: expected \"hand 1\" first"),
                       st->key.s);
  }
}

/* `variant PATH` with a relative path is read from the record's directory
 * when a file there has that name, else from the working directory. */
static const char *resolve_variant(game_t *g, const char *name, char *buf, size_t len) {
  size_t n = strlen(name);
  bool is_path = strchr(name, '/') || (n > 5 && strcmp(name + n - 5, ".yaml") == 0);
  if (!is_path || g->forced_rules) return name;
  return rs_resolve_path(g->file, name, buf, len);
}

/* A ruleset that cannot be loaded: the error is in the YAML file (its own
 * position), or the name cannot be found (the variant line's position). */
static bool ruleset_failed(game_t *g, const stmt_t *st, const rs_error_t *err) {
  if (err->no_memory) {
    game_no_memory(g);
    return false;
  }
  verdict_t *v = &g->rec.verdict;
  memset(v, 0, sizeof *v);
  v->status = VERDICT_MALFORMED;
  g->rec.ruleset_error = true;
  g->state = R_DONE;
  if (err->line > 0) {
    v->line = err->line;
    v->col = err->col;
    snprintf(v->text, sizeof v->text, "%s", err->file);
    snprintf(v->message, sizeof v->message, "%s", err->message);
    return false;
  }
  bool forced = g->forced_rules != NULL;
  v->line = forced ? st->line : g->variant_line;
  v->col = forced ? 1 : g->variant_col;
  snprintf(v->text, sizeof v->text, "%s", g->rec.file);
  snprintf(v->message, sizeof v->message, _("ruleset %.70s: %.175s"), err->file, err->message);
  return false;
}

/* The last `player` line of team t. */
static int last_of_team(const record_t *r, int t) {
  int last = 0;
  for (int p = 0; p < r->nplayers; p++)
    if (r->team_of[p] == t) last = p;
  return last;
}

/* table.teams, table.partners_apart: the record's seating, judged by
 * rs_seating (which the generator asks too). */
static bool seating_fits(game_t *g, const rs_seat_t *seat) {
  record_t *r = &g->rec;
  int a = 0, b = 0;
  rs_seating_t fault = rs_seating(seat, r->nplayers, r->team_of, r->nteams, &a, &b);
  if (fault == SEATING_PARTNERS_ADJACENT)
    return game_fail_at_player(g, b, CODE_SEATING, RK_TABLE_PARTNERS_APART,
                               _("%s and %s are partners and sit side by side"), r->player[a],
                               r->player[b]);
  if (fault == SEATING_FITS) return true;
  int size = 0, lo = r->nplayers / seat->teams, hi = (r->nplayers + seat->teams - 1) / seat->teams;
  for (int p = 0; p < r->nplayers; p++) size += r->team_of[p] == a;
  return game_fail_at_player(g, last_of_team(r, a), CODE_SEATING, RK_TABLE_TEAMS,
          hi > lo ? P_("team %s has %d player: %d players make %d teams of %d or %d",
                       "team %s has %d players: %d players make %d teams of %d or %d", size)
                  : P_("team %s has %d player: %d players make %d teams of %d",
                       "team %s has %d players: %d players make %d teams of %d", size),
          r->team[a], size, r->nplayers, seat->teams, lo, hi);
}

/* A player alone in a team of their own name: one whose `player` line has
 * no `team` word, when the others' have; -1 for none. */
static int teamless(const record_t *r) {
  for (int p = 0; p < r->nplayers; p++)
    if (strcmp(r->team[r->team_of[p]], r->player[p]) == 0 && r->nteams < r->nplayers) return p;
  return -1;
}

/* table.teams: as many teams as the ruleset plays, charged to the line of
 * a player left without a team (a `team` word forgotten), else the last. */
static bool team_count_fits(game_t *g, const rs_seat_t *seat) {
  record_t *r = &g->rec;
  if (r->nteams == seat->teams) return true;
  int p = r->nteams > seat->teams ? teamless(r) : -1;
  if (p >= 0)
    return game_fail_at_player(g, p, CODE_SEATING, RK_TABLE_TEAMS,
            P_("%s has no team: %d team at %d players, the %s rules play %d",
               "%s has no team: %d teams at %d players, the %s rules play %d", r->nteams),
            r->player[p], r->nteams, r->nplayers, r->rs->name, seat->teams);
  return game_fail_at_player(g, r->nplayers - 1, CODE_SEATING, RK_TABLE_TEAMS,
          P_("%d team at %d players, the %s rules play %d",
             "%d teams at %d players, the %s rules play %d", r->nteams),
          r->nteams, r->nplayers, r->rs->name, seat->teams);
}

/* The header is complete at the first hand: the ruleset, the seating. */
bool game_header_done(game_t *g, const stmt_t *st) {
  record_t *r = &g->rec;
  const char *name = g->forced_rules ? g->forced_rules : r->variant;
  if (!g->forced_rules && !g->have_variant) {
    game_fail_malformed(g, st, st->key.col, _("expected \"variant NAME\" in the header before the first hand"));
    return false;
  }
  if (r->nplayers == 0) {
    game_fail_malformed(g, st, st->key.col, _("expected \"player NAME\" lines in the header"));
    return false;
  }
  if (g->forced_rules) snprintf(r->variant, sizeof r->variant, "%s", g->forced_rules);
  rs_error_t err;
  char resolved[512];
  r->rs = g->forced_rs ? g->forced_rs
                       : load_ruleset(g, resolve_variant(g, name, resolved, sizeof resolved), &err);
  if (!r->rs) return ruleset_failed(g, st, &err);
  const rs_seat_t *seat = rs_seat(r->rs, r->nplayers);
  if (!seat) {
    char allowed[64] = "";
    for (int i = 0; i < r->rs->nseats; i++)
      snprintf(allowed + strlen(allowed), sizeof allowed - strlen(allowed), "%s%d", i ? ", " : "",
               r->rs->seats[i].players);
    game_fail_at_player(g, r->nplayers - 1, CODE_SEATING, RK_TABLE,
            P_("%d player: the %s rules are played by %s players", "%d players: the %s rules are played by %s players", r->nplayers), r->nplayers, r->rs->name, allowed);
    return false;
  }
  if (!team_count_fits(g, seat) || !seating_fits(g, seat)) return false;
  /* match.hands, or a `match` header line: to a target or a number of hands */
  r->hands_limit = g->match_hands ? (int)g->match_hands
                   : g->match_target ? 0 : r->rs->match.hands;
  r->target = r->hands_limit ? 0 : g->match_target ? (int)g->match_target : seat->target;
  uses_add(&r->uses, RK_TABLE_PLAYERS);
  uses_add(&r->uses, RK_TABLE_TEAMS);
  if (seat->partners_apart && seat->teams < r->nplayers) uses_add(&r->uses, RK_TABLE_PARTNERS_APART);
  for (int p = 0; p < r->nplayers; p++) g->names[p] = r->player[p];
  return true;
}

