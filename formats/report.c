/* report.c — the referee's two outputs: text for people and editors (the
 * compiler convention file:line:col, so CI annotates it), JSON Lines for
 * programs. */
#include "report.h"

#include <string.h>

#include "i18n.h"
#include "json.h"
#include "meld.h"
#include "utf8.h"

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

/* The status as the text report prints it, in the messages' language (JSON
 * keeps report_status_name's words). */
static const char *status_text(verdict_status_t s) {
  switch (s) {
    case VERDICT_LEGAL: return _("legal");
    case VERDICT_ILLEGAL: return _("illegal");
    case VERDICT_MALFORMED: return _("malformed");
  }
  return "?";
}

/* The width of s on a terminal: its characters, not its bytes. */
static int text_width(const char *s) {
  int n = 0;
  for (; *s; s++) n += ((unsigned char)*s & 0xC0) != 0x80;
  return n;
}

/* s right-aligned (left with left) in at least width characters. */
static int put_padded(FILE *out, const char *s, int width, bool left) {
  int pad = width - text_width(s);
  if (left) fputs(s, out);
  for (int i = 0; i < pad; i++) putc(' ', out);
  if (!left) fputs(s, out);
  return pad > 0 ? width : width - pad;
}

/* ---- text for a terminal ------------------------------------------------
 * Records come from strangers. In text output every byte that a terminal
 * would act on — C0 controls but the tab, DEL, the C1 controls (U+0080 to
 * U+009F) — and every byte that is not part of valid UTF-8 is written as
 * \xNN, so a record cannot clear the screen, move the cursor or retitle the
 * window of whoever referees it. JSON has its own escaping (json.c). */

/* The length of the printable UTF-8 character at s, or 0 when s[0] is a byte
 * to escape. */
static size_t printable(const unsigned char *s) {
  unsigned c = s[0];
  if (c == '\t' || (c >= 0x20 && c < 0x7f)) return 1;
  if (c == 0xC2 && s[1] < 0xA0) return 0; /* C1 controls */
  return utf8_len((const char *)s);
}

void report_put(FILE *out, const char *text) {
  const unsigned char *s = (const unsigned char *)text;
  while (*s) {
    size_t n = printable(s);
    if (n) fwrite(s, 1, n, out), s += n;
    else fprintf(out, "\\x%02x", *s++);
  }
}

const char *report_safe(const char *text, char *buf, size_t len) {
  const unsigned char *s = (const unsigned char *)text;
  size_t used = 0;
  while (*s && used + 5 < len) {
    size_t n = printable(s);
    if (n) memcpy(buf + used, s, n), used += n, s += n;
    else used += (size_t)snprintf(buf + used, len - used, "\\x%02x", *s++);
  }
  buf[used] = '\0';
  return buf;
}

/* Byte offset of column col (1-based, in characters as the reader counts
 * them: bytes that do not continue a UTF-8 sequence) of text. */
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

/* The printed width of the character at text + *i (4 for a byte written as
 * \xNN), stepping *i past it; *tab tells a tab, which the caret line repeats
 * so that it lines up. */
static int step(const char *text, size_t *i, bool *tab) {
  const unsigned char *s = (const unsigned char *)text + *i;
  size_t n = printable(s);
  *tab = *s == '\t';
  *i += n ? n : 1;
  return n ? 1 : 4;
}

void report_caret(FILE *out, const char *text, unsigned col) {
  size_t at = col_offset(text, col), i = 0;
  bool tab;
  while (i < at && text[i]) {
    int w = step(text, &i, &tab);
    for (int k = 0; k < w; k++) putc(tab ? '\t' : ' ', out);
  }
  putc('^', out);
  if (text[i]) {
    int w = step(text, &i, &tab);
    for (int k = 1; k < w; k++) putc('~', out);
  }
  while (text[i] && text[i] != ' ' && text[i] != '\t') {
    int w = step(text, &i, &tab);
    for (int k = 0; k < w; k++) putc('~', out);
  }
  putc('\n', out);
}

static void print_source(FILE *out, const verdict_t *v) {
  if (!v->text[0]) return;
  fprintf(out, "%5u | ", v->line);
  report_put(out, v->text);
  fputs("\n      | ", out);
  report_caret(out, v->text, v->col);
}

/* special_hands: the hand a team showed, named under its hand's rows (its
 * points are the team's going out and total). */
static void put_special(FILE *out, const record_t *rec, const hand_score_t *hs) {
  if (hs->special_team < 0) return;
  char team[4 * 64], name[4 * 96];
  fprintf(out, _("        %s showed a special hand: %s, %ld points\n"),
          report_safe(rec->team[hs->special_team], team, sizeof team),
          report_safe(hs->special, name, sizeof name), hs->team[hs->special_team].total);
}

static void print_scores(FILE *out, const record_t *rec) {
  if (rec->nhands == 0) return;
  /* columns of their rulesets only: the cut's, the cards set aside */
  bool cut = rec->rs && rec->rs->cut.bonus > 0, aside = rec->rs && rs_sets_aside(rec->rs);
  /* the headings, translated, widen their columns where they must */
  const char *head[] = {_("hand"),    _("team"),      _("melded"), _("canastas"), _("red 3s"),
                        _("set aside"), _("going out"), _("cut"),  _("in hand"),  _("total")};
  int w[] = {4, 10, 7, 9, 7, 9, 9, 7, 8, 8};
  for (int i = 0; i < 10; i++) {
    if ((i == 5 && !aside) || (i == 7 && !cut)) continue;
    fputs(i == 0 ? "  " : i == 1 ? "  " : " ", out);
    w[i] = put_padded(out, head[i], w[i], i == 1);
  }
  putc('\n', out);
  for (int h = 0; h < rec->nhands; h++) {
    const hand_score_t *hs = &rec->hands[h];
    for (int t = 0; t < rec->nteams; t++) {
      const score_parts_t *s = &hs->team[t];
      char cutcol[24] = "", asidecol[24] = "";
      if (cut) snprintf(cutcol, sizeof cutcol, " %*ld", w[7], s->cut);
      if (aside) snprintf(asidecol, sizeof asidecol, " %*ld", w[5], s->aside);
      char team[4 * 64];
      fprintf(out, "  %*d  ", w[0], hs->number);
      put_padded(out, report_safe(rec->team[t], team, sizeof team), w[1], true);
      fprintf(out, " %*ld %*ld %*ld%s %*ld%s %*ld %*ld\n", w[2], s->melded, w[3], s->canastas,
              w[4], s->red_threes, asidecol, w[6], s->going_out, cutcol, w[8], s->in_hand, w[9],
              s->total);
    }
    put_special(out, rec, hs);
  }
  fprintf(out, "  %s", _("totals:"));
  for (int t = 0; t < rec->nteams; t++) {
    fputs(t ? ", " : " ", out);
    report_put(out, rec->team[t]);
    fprintf(out, " %ld", rec->total[t]);
  }
  char goal[48];
  if (rec->hands_limit)
    snprintf(goal, sizeof goal, P_("%d hand", "%d hands", rec->hands_limit), rec->hands_limit);
  else snprintf(goal, sizeof goal, _("target %d"), rec->target);
  if (rec->won_by_hand) snprintf(goal, sizeof goal, "%s", _("a special hand"));
  if (rec->game_over && rec->winner >= 0) {
    fputs(" — ", out);
    report_put(out, rec->team[rec->winner]);
    fprintf(out, _(" wins (%s)\n"), goal);
  }
  else if (rec->game_over)
    fprintf(out, _(" — a tie (%s)\n"), goal);
  else
    fprintf(out, _(" — the game goes on (%s)\n"), goal);
}

/* --keep-going's later errors, and how many more were not listed. */
static void print_later(FILE *out, const record_t *rec) {
  if (rec->nlater == 0) return;
  fprintf(out, "  %s\n", _("later errors, each hand read afresh from its own deal (--keep-going):"));
  for (int i = 0; i < rec->nlater; i++) {
    const verdict_t *l = &rec->later[i];
    fputs("  ", out);
    report_put(out, rec->file);
    fprintf(out, ":%u:%u: %s: ", l->line, l->col, status_text(l->status));
    if (l->status == VERDICT_ILLEGAL) fprintf(out, "%s: ", code_name(l->code));
    report_put(out, l->message);
    if (l->rule != RK_NONE) fprintf(out, " (%s)", rule_key_name(l->rule));
    fputc('\n', out);
  }
  if (rec->later_left > 0) {
    fputs("  ", out);
    fprintf(out, P_("%llu more later error, not listed: --keep-going lists the first %d of a record",
                    "%llu more later errors, not listed: --keep-going lists the first %d of a record",
                    rec->later_left),
            rec->later_left, RECORD_LATER);
    fputc('\n', out);
  }
}

void report_describe(const record_t *r, char *buf, size_t len) {
  const verdict_t *v = &r->verdict;
  if (r->ruleset_error) snprintf(buf, len, "a ruleset error: %s: %s", v->text, v->message);
  else if (v->status == VERDICT_LEGAL) snprintf(buf, len, "legal");
  else if (v->status == VERDICT_ILLEGAL)
    snprintf(buf, len, "illegal %s %u:%u (%s)", code_name(v->code), v->line, v->col, v->message);
  else snprintf(buf, len, "malformed %u:%u (%s)", v->line, v->col, v->message);
}

void report_text(FILE *out, const record_t *rec, bool color) {
  const verdict_t *v = &rec->verdict;
  const char *on = "", *off = "";
  if (color) {
    on = v->status == VERDICT_LEGAL ? "\033[1;32m" : "\033[1;31m";
    off = "\033[0m";
  }
  if (v->status == VERDICT_LEGAL) {
    report_put(out, rec->file);
    fprintf(out, ":%u: %s%s%s: ", rec->start_line, on, status_text(VERDICT_LEGAL), off);
    report_put(out, rec->rs ? rec->rs->name : rec->variant);
    fprintf(out, _(", record %d"), rec->index);
    fprintf(out, P_(", %d player", ", %d players", rec->nplayers), rec->nplayers);
    fprintf(out, P_(", %d hand\n", ", %d hands\n", rec->nhands), rec->nhands);
    print_scores(out, rec);
    return;
  }
  if (rec->ruleset_error) {
    report_put(out, v->text);
    fprintf(out, ":%u:%u: %s%s%s: ", v->line, v->col, on, _("ruleset"), off);
    report_put(out, v->message);
    fputc('\n', out);
    return;
  }
  report_put(out, rec->file);
  fprintf(out, ":%u:%u: %s%s%s: ", v->line, v->col, on, status_text(v->status), off);
  if (v->status == VERDICT_ILLEGAL) fprintf(out, "%s: ", code_name(v->code));
  report_put(out, v->message);
  if (v->rule != RK_NONE) fprintf(out, " (%s)", rule_key_name(v->rule));
  fputc('\n', out);
  print_source(out, v);
  print_later(out, rec);
  if (rec->nhands > 0) {
    fprintf(out, "  %s\n", _("scores of the hands completed:"));
    print_scores(out, rec);
  }
}

/* A team's parts; `aside`: the ruleset sets cards aside (set_aside), whose
 * two fields only its records carry. */
static void json_parts(FILE *out, const score_parts_t *s, bool aside) {
  fprintf(out,
          "{\"melded\":%ld,\"canastas\":%ld,\"pure_canastas\":%d,\"impure_canastas\":%d,"
          "\"wild_pure_canastas\":%d,\"wild_impure_canastas\":%d,\"sequences\":%d,"
          "\"hidden_canastas\":%d,\"cut\":%ld,\"red_threes\":%ld,\"red_three_count\":%d,",
          s->melded, s->canastas, s->pure, s->impure, s->wild_pure, s->wild_impure, s->sequences,
          s->hidden, s->cut, s->red_threes, s->red_three_count);
  if (aside) fprintf(out, "\"set_aside\":%ld,\"set_aside_count\":%d,", s->aside, s->aside_count);
  fprintf(out, "\"going_out\":%ld,\"in_hand\":%ld,\"total\":%ld}", s->going_out, s->in_hand,
          s->total);
}

static void json_hands(FILE *out, const record_t *rec) {
  fputs(",\"hands\":[", out);
  for (int h = 0; h < rec->nhands; h++) {
    const hand_score_t *hs = &rec->hands[h];
    fprintf(out, "%s{\"hand\":%d,\"out\":", h ? "," : "", hs->number);
    json_string(out, hs->out_player >= 0 ? rec->player[hs->out_player] : NULL);
    fprintf(out, ",\"concealed\":%s,", hs->concealed ? "true" : "false");
    if (hs->special_team >= 0) { /* special_hands: only in a hand that had one */
      fputs("\"special\":{\"team\":", out);
      json_string(out, rec->team[hs->special_team]);
      fputs(",\"hand\":", out);
      json_string(out, hs->special);
      fprintf(out, ",\"points\":%ld},", hs->team[hs->special_team].total);
    }
    fputs("\"teams\":{", out);
    for (int t = 0; t < rec->nteams; t++) {
      if (t) putc(',', out);
      json_string(out, rec->team[t]);
      putc(':', out);
      json_parts(out, &hs->team[t], rec->rs && rs_sets_aside(rec->rs));
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

/* ,"code":…,"line":…,"col":…,"actor":…,"action":…,"message":…,"rule":… */
static void json_error_fields(FILE *out, const verdict_t *v) {
  fputs(",\"code\":", out);
  json_string(out, v->status == VERDICT_ILLEGAL ? code_name(v->code) : NULL);
  fprintf(out, ",\"line\":%u,\"col\":%u,\"actor\":", v->line, v->col);
  json_string(out, v->actor[0] ? v->actor : NULL);
  fputs(",\"action\":", out);
  json_string(out, v->text);
  fputs(",\"message\":", out);
  json_string(out, v->message);
  fputs(",\"rule\":", out);
  json_string(out, rule_key_name(v->rule));
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
    json_error_fields(out, v);
  }
  if (rec->nlater > 0) {
    fputs(",\"later\":[", out);
    for (int i = 0; i < rec->nlater; i++) {
      const verdict_t *l = &rec->later[i];
      fprintf(out, "%s{\"verdict\":\"%s\"", i ? "," : "", report_status_name(l->status));
      json_error_fields(out, l);
      if (rec->later_instead && rec->later_instead[i][0]) {
        fputs(",\"instead\":", out);
        json_string(out, rec->later_instead[i]);
      }
      putc('}', out);
    }
    putc(']', out);
    if (rec->later_left > 0) fprintf(out, ",\"later_left\":%llu", rec->later_left);
  }
  json_hands(out, rec);
  if (rec->state) {
    fputs(",\"state\":", out);
    report_json_state(out, rec);
  }
  if (rec->instead[0]) {
    fputs(",\"instead\":", out);
    json_string(out, rec->instead);
  }
  fputs("}\n", out);
}

/* ---- --explain: the table as a picture --------------------------------- */

static const char *const suit_symbol[] = {"\xe2\x99\xa0", "\xe2\x99\xa5", "\xe2\x99\xa6",
                                          "\xe2\x99\xa3"};

/* A card as a player writes it on paper: "K♠", "10♥", "JK"; red suits in red
 * (at most 20 bytes with the colour's escapes). */
static int card_text(char *out, size_t len, card_t c, bool color, bool wild_mark) {
  if (c == CARD_JOKER) return snprintf(out, len, "%s", wild_mark ? "JK*" : "JK");
  int r = card_rank(c), s = card_suit(c);
  bool red = s == SUIT_H || s == SUIT_D;
  return snprintf(out, len, "%s%s%s%s%s", color && red ? "\033[31m" : "",
                  r == RANK_T ? "10" : card_rank_name(r), suit_symbol[s],
                  color && red ? "\033[0m" : "", wild_mark ? "*" : "");
}

static void put_card(FILE *out, card_t c, bool color, bool wild_mark) {
  char b[24];
  card_text(b, sizeof b, c, color, wild_mark);
  fputs(b, out);
}

/* Cards sorted by suit (spades, hearts, diamonds, clubs) then rank, high first. */
static void put_counts(FILE *out, const eng_view_t *e, const card_counts_t *cc, bool color,
                       int set_rank) {
  bool first = true;
  for (int s = 0; s <= 4; s++)
    for (int r = RANK_A; r >= RANK_2; r--) {
      card_t c = s == 4 ? CARD_JOKER : card_make(r, s);
      if (s == 4 && r != RANK_A) continue;
      for (unsigned k = 0; k < cc->n[c]; k++) {
        if (!first) fputc(' ', out);
        first = false;
        bool wild = set_rank != -2 && rs_is_wild(e->rs, c) && card_rank(c) != set_rank;
        put_card(out, c, color, wild);
      }
    }
  if (first) fputs(_("(none)"), out);
}

/* canasta.words, sequence.word: each variant's words for its melds, from
 * its ruleset (the seeds' are the defaults: pure and impure, sequence). */
static const char *const canasta_words[][2] = {
    [WORDS_PURE_IMPURE] = {N_("pure canasta %s"), N_("impure canasta %s")},
    [WORDS_NATURAL_MIXED] = {N_("natural canasta of %s"), N_("mixed canasta of %s")},
    [WORDS_CLEAN_DIRTY] = {N_("clean book of %s"), N_("dirty book of %s")}};
static const char *const wild_words[][2] = {
    [WORDS_PURE_IMPURE] = {N_("meld of wild cards"), N_("canasta of wild cards")},
    [WORDS_NATURAL_MIXED] = {N_("meld of wild cards"), N_("wild canasta")},
    [WORDS_CLEAN_DIRTY] = {N_("meld of wild cards"), N_("wild book")}};
/* A complete sequence: the ruleset's word ("sequence": the seeds' words). */
static void sequence_kind(const ruleset_t *rs, bool canasta, bool complete, char *buf, size_t len) {
  bool own = strcmp(rs->sequence.word, "sequence") != 0;
  if (canasta && own) snprintf(buf, len, _("%s, a canasta"), rs->sequence.word);
  else if (canasta) snprintf(buf, len, "%s", _("sequence, complete: a canasta"));
  else if (complete && own) snprintf(buf, len, "%s", rs->sequence.word);
  else snprintf(buf, len, "%s", complete ? _("sequence, complete") : _("sequence"));
}

static const char *meld_kind(const eng_view_t *e, const meld_t *m, char *buf, size_t len) {
  bool pure = meld_is_pure(e->kinds, m), canasta = meld_is_canasta(e->kinds, m);
  rs_canasta_words_t w = e->rs->canasta.words;
  if (meld_row(e->kinds, m)->rank_less) /* wild_meld: no rank, never pure or impure */
    snprintf(buf, len, "%s", _(wild_words[w][canasta]));
  else if (meld_row(e->kinds, m)->sequence)
    sequence_kind(e->rs, canasta, meld_is_complete(e->kinds, m), buf, len);
  else if (w == WORDS_PURE_IMPURE && canasta && m->hidden)
    snprintf(buf, len, pure ? _("hidden pure canasta %s") : _("hidden impure canasta %s"),
             card_rank_of(m->rank));
  else if (canasta)
    snprintf(buf, len, _(canasta_words[w][!pure]),
             w == WORDS_PURE_IMPURE ? card_rank_of(m->rank) : card_rank_plural(m->rank));
  else
    snprintf(buf, len, "%s", card_rank_plural(m->rank));
  return buf;
}

/* What the table says of a frozen pile (freeze.c's words for its cause): the
 * card that froze it, every card in it that freezes it, or whom it is frozen
 * for. */
static void put_freeze(FILE *out, const record_t *rec, const eng_view_t *e,
                       const pile_freeze_t *f, bool color) {
  char what[MAX_CARDS * 2 + 4 * NAME_LEN] = "";
  size_t used = 0;
  if (f->cause == FREEZE_NONE) return;
  if (f->cause == FREEZE_COVER) card_text(what, sizeof what, (card_t)f->card, color, false);
  for (unsigned i = 0; f->cause == FREEZE_CARD && i < e->npile && used + 24 < sizeof what; i++)
    if (rs_freezes_pile(e->rs, e->pile[i])) {
      used += (size_t)snprintf(what + used, sizeof what - used, "%s", used ? " " : "");
      used += (size_t)card_text(what + used, sizeof what - used, e->pile[i], color, false);
    }
  if (f->cause == FREEZE_UNOPENED) report_safe(rec->team[e->team_of[f->player]], what, sizeof what);
  if (f->cause == FREEZE_UNTIL_TAKEN) report_safe(e->player_name[f->player], what, sizeof what);
  char clause[sizeof what + 256];
  snprintf(clause, sizeof clause, _(eng_freeze_shown(f->cause)), what);
  fprintf(out, _("; %s"), clause);
}

static void put_pile(FILE *out, const record_t *rec, const eng_view_t *e, int acting, bool color) {
  fprintf(out, "  %s ", _("pile:"));
  if (e->npile == 0) {
    fprintf(out, "%s\n", _("empty"));
    return;
  }
  card_t top = e->pile[e->npile - 1];
  put_card(out, top, color, false);
  fprintf(out, P_(" on top, %u card", " on top, %u cards", e->npile), e->npile);
  if (e->pile_blocked) fputs(_("; blocked by its top card"), out);
  /* frozen for the player the table is shown for */
  pile_freeze_t f = e->freeze;
  if (acting != eng_view_to_act(e)) eng_pile_freeze(rec->state, acting, &f);
  put_freeze(out, rec, e, &f, color);
  fputc('\n', out);
}

/* bonus.packets: the packets left to earn (in the order the teams open),
 * whose the next is, and who is owed one now. */
static void put_packets(FILE *out, const record_t *rec, const eng_view_t *e) {
  const eng_packets_t *k = &e->packets;
  char name[4 * 64], team[4 * 64];
  fprintf(out, "  %s ", _("bonus packets:"));
  if (k->left == 0) fputs(_("none left"), out);
  else fprintf(out, P_("%d left (", "%d left (", k->left), k->left);
  for (int i = 0; i < k->left; i++)
    fprintf(out, P_("%s%d card", "%s%d cards", k->cards[i]), i ? ", " : "", k->cards[i]);
  if (k->left && k->next_team >= 0)
    fprintf(out, _("), %s's when it opens"), report_safe(rec->team[k->next_team], team, sizeof team));
  else if (k->left)
    fputs(_("), the first to the next team to open"), out);
  fputc('\n', out);
  if (k->owed < 0) return;
  report_safe(e->player_name[k->owed], name, sizeof name);
  report_safe(rec->team[e->team_of[k->owed]], team, sizeof team);
  if (k->owed_first)
    fprintf(out, P_("  %s's hand is empty: %s's packet (%d card) comes first, with talon\n",
                    "  %s's hand is empty: %s's packet (%d cards) comes first, with talon\n",
                    k->owed_cards), name, team, k->owed_cards);
  else
    fprintf(out, P_("  %s may take %s's packet (%d card) now with talon; any other line forfeits it\n",
                    "  %s may take %s's packet (%d cards) now with talon; any other line forfeits it\n",
                    k->owed_cards), name, team, k->owed_cards);
}

int report_to_act(const record_t *rec, const eng_view_t *e) {
  return rec->state_found ? rec->state_to_act : eng_view_to_act(e);
}

static void put_instead(FILE *out, const char *instead) {
  fprintf(out, "  %s ", _("what was legal instead:"));
  report_put(out, instead);
  fputc('\n', out);
}

/* --keep-going: each later error's what was legal instead and its rule, as
 * for the first. */
static void put_later(FILE *out, const record_t *rec) {
  for (int i = 0; i < rec->nlater; i++) {
    const verdict_t *l = &rec->later[i];
    if (l->status != VERDICT_ILLEGAL) continue;
    fprintf(out, _("  the later error at line %u:\n"), l->line);
    if (rec->later_instead && rec->later_instead[i][0]) put_instead(out, rec->later_instead[i]);
    report_rule_quote_of(out, rec, l->rule);
  }
}

/* set_aside: the cards of the pile just taken that its taker, the player
 * to act, still states with `aside` (nothing when there are none). */
static void put_aside_due(FILE *out, const eng_view_t *e, bool color) {
  if (e->aside_due->total == 0) return;
  fprintf(out, "  %s ", _("still to set aside (aside) before the turn ends:"));
  put_counts(out, e, e->aside_due, color, -2);
  fputc('\n', out);
}

/* Team t's melds (each with its number #N), its red threes laid and its
 * cards set aside (set_aside), as --explain lists them. */
static void put_team(FILE *out, const record_t *rec, const eng_view_t *e, int t, bool color) {
  char team[4 * 64];
  fprintf(out, _("  melds of %s:"), report_safe(rec->team[t], team, sizeof team));
  int n = 0;
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    if (m->team != t) continue;
    char kind[64];
    n++; /* #N is the meld's own number: a merged meld leaves its number unused */
    fprintf(out, "\n    #%d %s: ", m->number, meld_kind(e, m, kind, sizeof kind));
    put_counts(out, e, &m->cards, color,
               meld_row(e->kinds, m)->sequence || meld_row(e->kinds, m)->rank_less ? -2 : m->rank);
  }
  fprintf(out, "%s%s\n", n ? "" : " ", n ? "" : _("none"));
  if (e->red_threes[t]) fprintf(out, _("    red threes laid: %d\n"), e->red_threes[t]);
  if (e->aside[t]) /* set_aside: only where the ruleset sets cards aside */
    fprintf(out, P_("    set aside: %d card\n", "    set aside: %d cards\n", e->aside[t]),
            e->aside[t]);
}

void report_explain(FILE *out, const record_t *rec, bool color) {
  if (!rec->state) {
    fprintf(out, "  %s\n", _("(no table to show: the record stopped outside a hand)"));
    return;
  }
  eng_view_t view, *e = &view;
  eng_view(rec->state, &view);
  if (rec->state_found)
    fprintf(out, _("  the table as line %u found it, hand %d:\n"), rec->state_line, rec->state_hand);
  else
    fprintf(out, _("  the table after line %u, hand %d:\n"), rec->state_line, rec->state_hand);
  const char *acts = _(" to act");
  for (int p = 0; p < e->nplayers; p++) {
    bool acting = p == report_to_act(rec, e);
    char name[4 * 64], team[4 * 64];
    fprintf(out, "  %s%-8s (%s)", acting ? "> " : "  ",
            report_safe(e->player_name[p], name, sizeof name),
            report_safe(rec->team[e->team_of[p]], team, sizeof team));
    put_padded(out, acting ? acts : "", text_width(acts), true);
    fprintf(out, P_(" %2u card:  ", " %2u cards: ", e->hand[p].total), e->hand[p].total);
    put_counts(out, e, &e->hand[p], color, -2);
    if (e->has_foot[p])
      fprintf(out, P_("  [foot: %u card]", "  [foot: %u cards]", e->foot[p].total), e->foot[p].total);
    fputc('\n', out);
  }
  for (int t = 0; t < e->nteams; t++) put_team(out, rec, e, t, color);
  put_pile(out, rec, e, report_to_act(rec, e), color);
  put_aside_due(out, e, color);
  fprintf(out, P_("  stock: %u card\n", "  stock: %u cards\n", e->stock), e->stock);
  if (e->rs->bonus.npackets > 0) put_packets(out, rec, e);
  fprintf(out, "  %s", _("totals before this hand:"));
  for (int t = 0; t < e->nteams; t++) {
    fputs(t ? ", " : " ", out);
    report_put(out, rec->team[t]);
    fprintf(out, " %ld", e->team_total[t]);
  }
  fputc('\n', out);
  /* what was legal instead is judged at the table the verdict's line found,
   * not at another line's (--at) */
  if (rec->instead[0] && rec->state_found) put_instead(out, rec->instead);
  if (rec->verdict.status == VERDICT_ILLEGAL) report_rule_quote(out, rec);
  put_later(out, rec);
}
