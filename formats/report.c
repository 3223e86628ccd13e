/* report.c — the referee's two outputs: text for people and editors (the
 * compiler convention file:line:col, so CI annotates it), JSON Lines for
 * programs. */
#include "report.h"

#include <string.h>

#include "json.h"

const char *report_status_name(verdict_status_t s) {
  switch (s) {
    case VERDICT_LEGAL: return "legal";
    case VERDICT_ILLEGAL: return "illegal";
    case VERDICT_MALFORMED: return "malformed";
  }
  return "?";
}

static const char *status_word(const record_t *rec) {
  return rec->ruleset_error ? "error" : report_status_name(rec->verdict.status);
}

/* Byte offset of column col (1-based, in characters) of text. */
static size_t col_offset(const char *text, unsigned col) {
  size_t i = 0;
  unsigned c = 1;
  while (text[i] && c < col) {
    i++;
    while (((unsigned char)text[i] & 0xC0) == 0x80) i++;
    c++;
  }
  return i;
}

void report_caret(FILE *out, const char *text, unsigned col) {
  size_t at = col_offset(text, col);
  for (size_t i = 0; i < at; i++)
    if (((unsigned char)text[i] & 0xC0) != 0x80) putc(text[i] == '\t' ? '\t' : ' ', out);
  putc('^', out);
  size_t i = at;
  if (text[i]) {
    i++;
    while (((unsigned char)text[i] & 0xC0) == 0x80) i++;
  }
  while (text[i] && text[i] != ' ' && text[i] != '\t') {
    if (((unsigned char)text[i] & 0xC0) != 0x80) putc('~', out);
    i++;
  }
  putc('\n', out);
}

static void print_source(FILE *out, const verdict_t *v) {
  if (!v->text[0]) return;
  fprintf(out, "%5u | %s\n      | ", v->line, v->text);
  report_caret(out, v->text, v->col);
}

static void print_scores(FILE *out, const record_t *rec) {
  if (rec->nhands == 0) return;
  bool cut = rec->rs && rec->rs->cut.bonus > 0;
  fprintf(out, "  %4s  %-10s %7s %9s %7s %9s%s %8s %8s\n", "hand", "team", "melded", "canastas",
          "red 3s", "going out", cut ? "     cut" : "", "in hand", "total");
  for (int h = 0; h < rec->nhands; h++) {
    const hand_score_t *hs = &rec->hands[h];
    for (int t = 0; t < rec->nteams; t++) {
      const score_parts_t *s = &hs->team[t];
      char cutcol[16] = "";
      if (cut) snprintf(cutcol, sizeof cutcol, " %7ld", s->cut);
      fprintf(out, "  %4d  %-10s %7ld %9ld %7ld %9ld%s %8ld %8ld\n", hs->number, rec->team[t],
              s->melded, s->canastas, s->red_threes, s->going_out, cutcol, s->in_hand, s->total);
    }
  }
  fprintf(out, "  totals:");
  for (int t = 0; t < rec->nteams; t++)
    fprintf(out, "%s %s %ld", t ? "," : "", rec->team[t], rec->total[t]);
  char goal[48];
  if (rec->hands_limit) snprintf(goal, sizeof goal, "%d hands", rec->hands_limit);
  else snprintf(goal, sizeof goal, "target %d", rec->target);
  if (rec->game_over && rec->winner >= 0)
    fprintf(out, " — %s wins (%s)\n", rec->team[rec->winner], goal);
  else if (rec->game_over)
    fprintf(out, " — a tie (%s)\n", goal);
  else
    fprintf(out, " — the game goes on (%s)\n", goal);
}

void report_text(FILE *out, const record_t *rec, bool color) {
  const verdict_t *v = &rec->verdict;
  const char *on = "", *off = "";
  if (color) {
    on = v->status == VERDICT_LEGAL ? "\033[1;32m" : "\033[1;31m";
    off = "\033[0m";
  }
  if (v->status == VERDICT_LEGAL) {
    fprintf(out, "%s:%u: %slegal%s: %s, record %d, %d player%s, %d hand%s\n", rec->file,
            rec->start_line, on, off, rec->rs ? rec->rs->name : rec->variant, rec->index,
            rec->nplayers, rec->nplayers == 1 ? "" : "s", rec->nhands,
            rec->nhands == 1 ? "" : "s");
    print_scores(out, rec);
    return;
  }
  if (rec->ruleset_error) {
    fprintf(out, "%s:%u:%u: %sruleset%s: %s\n", v->text, v->line, v->col, on, off, v->message);
    return;
  }
  fprintf(out, "%s:%u:%u: %s%s%s: ", rec->file, v->line, v->col, on, status_word(rec), off);
  if (v->status == VERDICT_ILLEGAL) fprintf(out, "%s: ", code_name(v->code));
  fprintf(out, "%s", v->message);
  if (v->rule) fprintf(out, " (%s)", v->rule);
  fputc('\n', out);
  print_source(out, v);
  if (rec->nhands > 0) {
    fprintf(out, "  scores of the hands before it:\n");
    print_scores(out, rec);
  }
}

static void json_parts(FILE *out, const score_parts_t *s) {
  fprintf(out,
          "{\"melded\":%ld,\"canastas\":%ld,\"pure_canastas\":%d,\"impure_canastas\":%d,"
          "\"wild_pure_canastas\":%d,\"wild_impure_canastas\":%d,\"sequences\":%d,"
          "\"hidden_canastas\":%d,\"cut\":%ld,"
          "\"red_threes\":%ld,\"red_three_count\":%d,\"going_out\":%ld,\"in_hand\":%ld,"
          "\"total\":%ld}",
          s->melded, s->canastas, s->pure, s->impure, s->wild_pure, s->wild_impure, s->sequences,
          s->hidden, s->cut,
          s->red_threes, s->red_three_count,
          s->going_out, s->in_hand, s->total);
}

static void json_hands(FILE *out, const record_t *rec) {
  fputs(",\"hands\":[", out);
  for (int h = 0; h < rec->nhands; h++) {
    const hand_score_t *hs = &rec->hands[h];
    fprintf(out, "%s{\"hand\":%d,\"out\":", h ? "," : "", hs->number);
    json_string(out, hs->out_player >= 0 ? rec->player[hs->out_player] : NULL);
    fprintf(out, ",\"concealed\":%s,\"teams\":{", hs->concealed ? "true" : "false");
    for (int t = 0; t < rec->nteams; t++) {
      if (t) putc(',', out);
      json_string(out, rec->team[t]);
      putc(':', out);
      json_parts(out, &hs->team[t]);
    }
    fputs("}}", out);
  }
  fputs("],\"totals\":{", out);
  for (int t = 0; t < rec->nteams; t++) {
    if (t) putc(',', out);
    json_string(out, rec->team[t]);
    fprintf(out, ":%ld", rec->total[t]);
  }
  fprintf(out, "},\"target\":%d,\"hands_limit\":%d,\"game_over\":%s,\"winner\":",
          rec->target, rec->hands_limit, rec->game_over ? "true" : "false");
  json_string(out, rec->winner >= 0 ? rec->team[rec->winner] : NULL);
}

void report_json(FILE *out, const record_t *rec) {
  const verdict_t *v = &rec->verdict;
  fputs("{\"file\":", out);
  json_string(out, rec->file);
  fprintf(out, ",\"record\":%d,\"record_line\":%u,\"variant\":", rec->index, rec->start_line);
  json_string(out, rec->rs ? rec->rs->name : rec->variant);
  fputs(",\"players\":[", out);
  for (int p = 0; p < rec->nplayers; p++) {
    fputs(p ? ",{\"name\":" : "{\"name\":", out);
    json_string(out, rec->player[p]);
    fputs(",\"team\":", out);
    json_string(out, rec->team[rec->team_of[p]]);
    putc('}', out);
  }
  fputs("],\"tags\":{", out);
  for (int i = 0; i < rec->ntags; i++) {
    if (i) putc(',', out);
    json_string(out, rec->tag_key[i]);
    putc(':', out);
    json_string(out, rec->tag_value[i]);
  }
  fputs("},\"verdict\":", out);
  json_string(out, status_word(rec));
  if (rec->ruleset_error) {
    /* the record could not be judged: where the ruleset failed, and why */
    fprintf(out, ",\"ruleset_error\":{\"file\":");
    json_string(out, v->text);
    fprintf(out, ",\"line\":%u,\"col\":%u,\"message\":", v->line, v->col);
    json_string(out, v->message);
    putc('}', out);
  } else if (v->status != VERDICT_LEGAL) {
    fputs(",\"code\":", out);
    json_string(out, v->status == VERDICT_ILLEGAL ? code_name(v->code) : NULL);
    fprintf(out, ",\"line\":%u,\"col\":%u,\"actor\":", v->line, v->col);
    json_string(out, v->actor[0] ? v->actor : NULL);
    fputs(",\"action\":", out);
    json_string(out, v->text);
    fputs(",\"message\":", out);
    json_string(out, v->message);
    fputs(",\"rule\":", out);
    json_string(out, v->rule);
  }
  json_hands(out, rec);
  fputs("}\n", out);
}
