/* json_state.c — the table --explain and --at show (report.c), as the JSON
 * value of the output's "state" field: the player to act, the hands, the
 * melds, the pile, the stock, the bonus packets and the cards set aside of
 * the rulesets that have them, the red threes. */
#include "report.h"

#include "json.h"
#include "meld.h"

static void json_counts(FILE *out, const card_counts_t *cc) {
  putc('[', out);
  bool first = true;
  char b[4];
  for (card_t c = 0; c < CARD_KINDS; c++)
    for (unsigned k = 0; k < cc->n[c]; k++) {
      fprintf(out, "%s\"%s\"", first ? "" : ",", card_name(c, b));
      first = false;
    }
  putc(']', out);
}

/* bonus.packets (only in a ruleset that has them): the sizes left to earn,
 * the team the next is for (null: the next to open), who is owed one. */
static void json_packets(FILE *out, const record_t *rec, const eng_view_t *e) {
  const eng_packets_t *k = &e->packets;
  fputs("\"packets\":{\"left\":[", out);
  for (int i = 0; i < k->left; i++) fprintf(out, "%s%d", i ? "," : "", k->cards[i]);
  fputs("],\"next\":", out);
  json_string(out, k->next_team >= 0 ? rec->team[k->next_team] : NULL);
  fputs(",\"owed\":", out);
  json_string(out, k->owed >= 0 ? e->player_name[k->owed] : NULL);
  fprintf(out, ",\"owed_first\":%s},", k->owed_first ? "true" : "false");
}

/* "key":{TEAM: n, ...}, a number per team */
static void json_by_team(FILE *out, const char *key, const record_t *rec, const int *n, int nteams) {
  fprintf(out, "\"%s\":{", key);
  for (int t = 0; t < nteams; t++) {
    if (t) putc(',', out);
    json_string(out, rec->team[t]);
    fprintf(out, ":%d", n[t]);
  }
  putc('}', out);
}

/* set_aside (only in a ruleset that sets cards aside): how many cards each
 * team set aside in the hand, and those of the pile just taken still due. */
static void json_aside(FILE *out, const record_t *rec, const eng_view_t *e) {
  putc(',', out);
  json_by_team(out, "set_aside", rec, e->aside, e->nteams);
  fputs(",\"aside_due\":", out);
  json_counts(out, e->aside_due);
}

void report_json_state(FILE *out, const record_t *rec) {
  if (!rec->state) {
    fputs("null", out);
    return;
  }
  eng_view_t view, *e = &view;
  eng_view(rec->state, &view);
  char b[4];
  fprintf(out, "{\"line\":%u,\"hand\":%d,\"to_act\":", rec->state_line, rec->state_hand);
  int acting = report_to_act(rec, e);
  json_string(out, acting < 0 ? NULL : e->player_name[acting]);
  fputs(",\"hands\":{", out);
  for (int p = 0; p < e->nplayers; p++) {
    if (p) putc(',', out);
    json_string(out, e->player_name[p]);
    putc(':', out);
    json_counts(out, &e->hand[p]);
  }
  fputs("},\"melds\":[", out);
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    fprintf(out, "%s{\"team\":", i ? "," : "");
    json_string(out, rec->team[m->team]);
    const meld_row_t *row = meld_row(e->kinds, m);
    fprintf(out, ",\"kind\":\"%s\",\"rank\":", row->json);
    json_string(out, row->sequence || row->rank_less ? NULL : card_rank_name(m->rank));
    fprintf(out, ",\"wilds\":%u,\"canasta\":%s,\"hidden\":%s,\"cards\":", m->wilds,
            meld_is_canasta(e->kinds, m) ? "true" : "false",
            m->hidden ? "true" : "false");
    json_counts(out, &m->cards);
    putc('}', out);
  }
  fputs("],\"pile\":[", out);
  for (unsigned i = 0; i < e->npile; i++)
    fprintf(out, "%s\"%s\"", i ? "," : "", card_name(e->pile[i], b));
  pile_freeze_t f = e->freeze;
  if (acting != eng_view_to_act(e)) eng_pile_freeze(rec->state, acting, &f);
  fprintf(out, "],\"pile_frozen\":%s,\"stock\":%u,",
          e->npile && f.cause != FREEZE_NONE ? "true" : "false", e->stock);
  if (e->rs->bonus.npackets > 0) json_packets(out, rec, e);
  json_by_team(out, "red_threes", rec, e->red_threes, e->nteams);
  if (rs_sets_aside(e->rs)) json_aside(out, rec, e);
  putc('}', out);
}
