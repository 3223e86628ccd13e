/* html.c — the dispute view's data: each record as JSON in the page, with
 * the table after every statement read through eng_view(). The drawing is
 * the page's own script (html_page.c). */
#define _POSIX_C_SOURCE 200809L
#include "html.h"

#include <stdlib.h>
#include <string.h>

#include "codes.h"
#include "i18n.h"
#include "json.h"
#include "meld.h"
#include "report.h"

/* What a page keeps of one record (memory stays under 64 MB whatever the
 * input): its tables up to WINDOW lines after its first error, at most
 * STATES_CAP bytes of them, and its lines' text up to the same line, at most
 * LINES_CAP bytes; the record's "cut" says from which line nothing is kept. */
enum { WINDOW = 1000, STATES_CAP = 16 << 20, LINES_CAP = 4 << 20 };

/* What a page keeps of its input (docs/dispute.md): PAGE_PER_BYTE bytes for
 * each byte of input (its size when known, else the bytes read so far), or
 * PAGE_FLOOR bytes when that is more.
 * Records cost the page far more than their bytes (a record of one `cgr 1`
 * line, 6 bytes, about 480; a game's tables 20 to 40 times its text), so
 * without it a few megabytes of input made a page no browser opens. The first
 * record is always on the page (it has its own bounds above); from the first
 * record that would go past the bound, no record is, and the page says which
 * and how many (put_left_off). */
enum { PAGE_PER_BYTE = 8, PAGE_FLOOR = 16 << 20 };

struct html {
  FILE *out;
  char *buf;         /* the current record's states, as JSON */
  size_t len;
  FILE *states;
  bool first_state;
  unsigned last_line;
  unsigned error_line; /* the record's first illegal action, 0 */
  unsigned cut;        /* the first line not kept, 0 */
  /* the lines read since the record began (html_line), each as
   * [unsigned line][unsigned len][len bytes] */
  char *lines;
  size_t lines_len, lines_cap;
  unsigned received;      /* the last line handed over: at a record's hand-over
                            (html_record), the line that began the next one */
  bool at_end;            /* the input ended: the lines kept are the record's */
  unsigned long long input;   /* the input's bytes handed over so far */
  unsigned long long size;    /* ... or the input's size, when known */
  unsigned long long written; /* the page's bytes */
  unsigned long long shown;   /* records on the page */
  unsigned long long left[4]; /* records left off it, by record_status */
  char *left_file;            /* the first one left off: its file, index */
  int left_index;
};

/* Writes the JSON s with every '<' as "\u003c" (a '<' is only ever in a
 * string), so that neither a "</script>" nor a "<!--<script>" in a record's
 * text can end the script element holding the JSON or make it swallow the
 * rest of the page. */
static size_t put_safe(FILE *out, const char *s, size_t n) {
  size_t wrote = n;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '<') fputs("\\u003c", out), wrote += 5;
    else putc(s[i], out);
  }
  return wrote;
}

/* s as a JSON string, '<' escaped (put_safe): a language tag or a word
 * cannot end the script element it is written in. */
static void json_string_safe(FILE *out, const char *s) {
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  if (!m) return;
  json_string(m, s);
  fclose(m);
  put_safe(out, buf, len);
  free(buf);
}

static void open_states(html_t *h) {
  h->buf = NULL;
  h->len = 0;
  h->states = open_memstream(&h->buf, &h->len);
  h->first_state = true;
  h->last_line = 0;
  h->error_line = 0;
  h->cut = 0;
}

/* Past what the page keeps of the record: noted as its cut. */
static bool beyond(html_t *h, unsigned line, size_t have, size_t cap) {
  if (h->cut && line >= h->cut) return true;
  if ((!h->error_line || line <= h->error_line + WINDOW) && have <= cap) return false;
  if (!h->cut || line < h->cut) h->cut = line;
  return true;
}

/* A line whose words may begin a record or lead to one (a comment, a blank,
 * a `cgr` line): kept, a little, even past what the page keeps of a record,
 * for the next record's first lines. */
static bool may_lead(const char *text, size_t len) {
  size_t i = 0;
  while (i < len && (text[i] == ' ' || text[i] == '\t')) i++;
  return i == len || text[i] == '#' || (len - i >= 3 && memcmp(text + i, "cgr", 3) == 0);
}

void html_line(void *ctx, unsigned line, const char *text, size_t len) {
  html_t *h = ctx;
  if (!text) { /* the end of the input */
    h->at_end = true;
    return;
  }
  h->received = line;
  h->at_end = false;
  h->input += len + 1;
  if (h->left_file) return; /* the page is full: its records are only counted */
  bool lead = may_lead(text, len) && h->lines_len + len < LINES_CAP + (64 << 10);
  if (!lead && beyond(h, line, h->lines_len + len, LINES_CAP)) return;
  if (h->lines_cap - h->lines_len < len + 2 * sizeof(unsigned)) {
    size_t cap = 2 * h->lines_cap + len + 4096;
    char *grown = realloc(h->lines, cap);
    if (!grown) return;
    h->lines = grown;
    h->lines_cap = cap;
  }
  unsigned head[2] = {line, (unsigned)len};
  memcpy(h->lines + h->lines_len, head, sizeof head);
  memcpy(h->lines + h->lines_len + sizeof head, text, len);
  h->lines_len += sizeof head + len;
}

/* The last line of record rec: its last statement or its verdict; but
 * before the line that began the next record (the driver hands a record over
 * when the next one begins), with the comments and blanks just before that
 * line, which lead to the next record. At the end of the input, every line
 * kept. */
static unsigned record_last(const html_t *h, const record_t *rec) {
  if (h->at_end) return h->received;
  unsigned last = h->last_line, next = h->received;
  if (rec->verdict.line > last && rec->verdict.line < next) last = rec->verdict.line;
  /* a malformed line before the `cgr` line is the record's verdict: its
   * lines run to that `cgr` line at least */
  if (rec->start_line > last && rec->start_line < next) last = rec->start_line;
  return last < next ? last : next - 1;
}

/* After a record, whose lines end at `last`: the next one's stay. */
static void drop_lines(html_t *h, unsigned last) {
  size_t at = 0, keep = h->lines_len;
  while (at < h->lines_len && keep == h->lines_len) {
    unsigned head[2];
    memcpy(head, h->lines + at, sizeof head);
    if (head[0] > last) keep = at;
    at += sizeof head + head[1];
  }
  if (h->lines) memmove(h->lines, h->lines + keep, h->lines_len - keep);
  h->lines_len -= keep;
}

html_t *html_new(FILE *out) {
  html_t *h = calloc(1, sizeof *h);
  if (!h) return NULL;
  h->out = out;
  open_states(h);
  if (!h->states) {
    free(h);
    return NULL;
  }
  for (const char *const *p = html_head; *p; p++) fputs(*p, out), h->written += strlen(*p);
  return h;
}

void html_input_size(html_t *h, unsigned long long bytes) { h->size = bytes; }

/* Cards as names separated by spaces, sorted by suit then rank. */
static void put_cards(FILE *out, const card_counts_t *cc) {
  static const int suits[] = {SUIT_S, SUIT_H, SUIT_D, SUIT_C};
  char b[4];
  bool first = true;
  putc('"', out);
  for (int c = 0; c < CARD_KINDS; c++) {
    card_t k = (card_t)(c == 0 ? CARD_JOKER : 0);
    if (c > 0) {
      int s = suits[(c - 1) / 13], r = RANK_A - (c - 1) % 13;
      k = card_make(r, s);
    }
    for (unsigned i = 0; i < cc->n[k]; i++) {
      fprintf(out, "%s%s", first ? "" : " ", card_name(k, b));
      first = false;
    }
  }
  putc('"', out);
}

static void put_melds(FILE *out, const eng_view_t *e) {
  fputs("],\"M\":[", out);
  for (int i = 0; i < e->nmelds; i++) {
    const meld_t *m = &e->melds[i];
    fprintf(out, "%s[%d,", i ? "," : "", m->team);
    json_string(out, meld_row(e->kinds, m)->sequence ? "seq"
                     : meld_row(e->kinds, m)->rank_less ? "wild"
                                                      : card_rank_name(m->rank));
    /* the wild cards that make it impure: none in a pure meld (meld_is_pure) */
    fprintf(out, ",%d,%d,%u,", meld_is_canasta(e->kinds, m) ? 1 : 0, m->hidden ? 1 : 0,
            meld_is_pure(e->kinds, m) ? 0u : m->wilds);
    put_cards(out, &m->cards);
    putc(']', out);
  }
  putc(']', out);
}

/* The pile, and why it is frozen for the player to act (freeze.c): "z" the
 * table's words for it, "fl" the line where a card froze it and "fc" that
 * card ("fv" when it is the covered upcard); "fu" when it is frozen for the
 * team to act, which has not opened, named by the page (it knows the teams'
 * names), and pile.always_frozen once a record ("fa", put_people). */
static void put_pile(FILE *out, const eng_view_t *e) {
  const pile_freeze_t *f = &e->freeze;
  char b[4], what[MAX_CARDS * 3 + NAME_LEN] = "";
  size_t used = 0;
  char z[sizeof what + 256] = "";
  fprintf(out, ",\"p\":\"%s\",\"n\":%u,\"z\":",
          e->npile ? card_name(e->pile[e->npile - 1], b) : "", e->npile);
  if (f->cause == FREEZE_COVER) card_name((card_t)f->card, what);
  for (unsigned i = 0; f->cause == FREEZE_CARD && i < e->npile; i++)
    if (rs_freezes_pile(e->rs, e->pile[i]) && used + 4 < sizeof what)
      used += (size_t)snprintf(what + used, sizeof what - used, "%s%s", used ? " " : "",
                               card_name(e->pile[i], b));
  if (f->cause == FREEZE_UNTIL_TAKEN) snprintf(what, sizeof what, "%s", e->player_name[f->player]);
  if (f->cause <= FREEZE_CARD || f->cause == FREEZE_UNTIL_TAKEN)
    snprintf(z, sizeof z, _(eng_freeze_shown(f->cause)), what);
  json_string(out, z);
  fprintf(out, ",\"b\":%d,\"s\":%u", e->pile_blocked ? 1 : 0, e->stock);
  if (f->line) fprintf(out, ",\"fl\":%u", f->line);
  if (f->card >= 0)
    fprintf(out, ",\"fc\":\"%s\"%s", card_name((card_t)f->card, b),
            f->cause == FREEZE_COVER ? ",\"fv\":1" : "");
  if (f->holds & (1u << FREEZE_UNOPENED)) fputs(",\"fu\":1", out);
}

/* bonus.packets: "k": [sizes left, the team the next is for, the player
 * owed one, whose hand is empty, its size] (html_page.c: packets). */
static void put_packets(FILE *out, const eng_packets_t *k) {
  fputs(",\"k\":[[", out);
  for (int i = 0; i < k->left; i++) fprintf(out, "%s%d", i ? "," : "", k->cards[i]);
  fprintf(out, "],%d,%d,%d,%d]", k->next_team, k->owed, k->owed_first, k->owed_cards);
}

/* set_aside: "a": each team's cards set aside, "ad": the cards of the pile
 * just taken still to state (html_page.c: due). */
static void put_aside(FILE *out, const eng_view_t *e) {
  fputs(",\"a\":[", out);
  for (int t = 0; t < e->nteams; t++) fprintf(out, "%s%d", t ? "," : "", e->aside[t]);
  fputs("],\"ad\":", out);
  put_cards(out, e->aside_due);
}

/* One state: {"c": the player to act (-1 when the hand is over), "H": hands,
 * "F": foot sizes (-1 none), "M": melds, pile, stock, "r": red threes}. */
static void put_state(FILE *out, const engine_t *eng) {
  eng_view_t view, *e = &view;
  eng_view(eng, &view);
  fprintf(out, "{\"c\":%d,\"H\":[", eng_view_to_act(e));
  for (int p = 0; p < e->nplayers; p++) {
    if (p) putc(',', out);
    put_cards(out, &e->hand[p]);
  }
  fputs("],\"F\":[", out);
  for (int p = 0; p < e->nplayers; p++)
    fprintf(out, "%s%d", p ? "," : "", e->has_foot[p] ? (int)e->foot[p].total : -1);
  put_melds(out, e);
  put_pile(out, e);
  fputs(",\"r\":[", out);
  for (int t = 0; t < e->nteams; t++) fprintf(out, "%s%d", t ? "," : "", e->red_threes[t]);
  fputs("],\"T\":[", out);
  for (int t = 0; t < e->nteams; t++) fprintf(out, "%s%ld", t ? "," : "", e->team_total[t]);
  putc(']', out);
  if (e->rs->bonus.npackets > 0) put_packets(out, &e->packets);
  if (rs_sets_aside(e->rs)) put_aside(out, e);
  putc('}', out);
}

void html_observe(void *ctx, unsigned line, int hand, const engine_t *e) {
  html_t *h = ctx;
  if (!h->states || h->left_file) return;
  if (e && !h->error_line && eng_error(e)->status == VERDICT_ILLEGAL) h->error_line = line;
  /* the stream's length, not h->len: open_memstream sets that only when the
   * stream is flushed, so the cap was never reached (a 3.6 MB record made a
   * 109 MB page) */
  long have = ftell(h->states);
  if (beyond(h, line, have < 0 ? 0 : (size_t)have, STATES_CAP)) return;
  fprintf(h->states, "%s[%u,%d,", h->first_state ? "" : ",", line, hand);
  h->first_state = false;
  if (e) put_state(h->states, e);
  else fputs("null", h->states);
  putc(']', h->states);
  if (line > h->last_line) h->last_line = line;
}

/* The record's lines kept, from the comments before its `cgr` line to
 * `last`, as an array of strings (each '<' written as \u003c by put_safe). */
static void put_source(FILE *out, html_t *h, const record_t *rec, unsigned last) {
  unsigned first = rec->start_line ? rec->start_line : 1;
  fprintf(out, ",\"s0\":");
  bool any = false;
  for (size_t at = 0; at < h->lines_len;) {
    unsigned head[2];
    memcpy(head, h->lines + at, sizeof head);
    const char *text = h->lines + at + sizeof head;
    at += sizeof head + head[1];
    if (head[0] > last) continue;
    if (!any) fprintf(out, "%u,\"src\":[", head[0]);
    else putc(',', out);
    char *s = strndup(text, head[1]);
    json_string(out, s ? s : "");
    free(s);
    any = true;
  }
  if (!any) fprintf(out, "%u,\"src\":[", first);
  fprintf(out, "],\"cut\":%u", h->cut);
}

static void put_verdict(FILE *out, const verdict_t *v) {
  fprintf(out, "{\"status\":\"%s\",\"code\":", report_status_name(v->status));
  json_string(out, v->status == VERDICT_ILLEGAL ? code_name(v->code) : NULL);
  fprintf(out, ",\"line\":%u,\"col\":%u,\"actor\":", v->line, v->col);
  json_string(out, v->actor);
  fputs(",\"message\":", out);
  json_string(out, v->message);
  fputs(",\"rule\":", out);
  json_string(out, rule_key_name(v->rule));
  fputs(",\"text\":", out);
  json_string(out, v->text);
  putc('}', out);
}

static void put_people(FILE *out, const record_t *rec) {
  fputs(",\"players\":[", out);
  for (int p = 0; p < rec->nplayers; p++) {
    if (p) putc(',', out);
    json_string(out, rec->player[p]);
  }
  fputs("],\"team_of\":[", out);
  for (int p = 0; p < rec->nplayers; p++) fprintf(out, "%s%d", p ? "," : "", rec->team_of[p]);
  /* canasta.words, sequence.word: only where a ruleset has its own words */
  putc(']', out);
  if (rec->rs && rec->rs->canasta.words != WORDS_PURE_IMPURE)
    fprintf(out, ",\"mw\":%d", (int)rec->rs->canasta.words);
  if (rec->rs && strcmp(rec->rs->sequence.word, "sequence") != 0) {
    fputs(",\"sw\":", out);
    json_string_safe(out, rec->rs->sequence.word);
  }
  fputs(",\"teams\":[", out);
  for (int t = 0; t < rec->nteams; t++) {
    if (t) putc(',', out);
    json_string(out, rec->team[t]);
  }
  fputs("],\"wild\":[", out);
  char b[4];
  bool first = true;
  for (card_t c = 0; rec->rs && c < CARD_KINDS; c++)
    if (rs_is_wild(rec->rs, c)) {
      fprintf(out, "%s\"%s\"", first ? "" : ",", card_name(c, b));
      first = false;
    }
  /* what unfreezes a frozen pile: so many naturals of the top card's rank */
  fprintf(out, "],\"unfreeze\":%d", rec->rs ? rec->rs->pile.unfreeze_naturals : 0);
  if (rec->rs && rec->rs->pile.always_frozen) fputs(",\"fa\":1", out);
}

/* Each hand's parts by team: melded, canastas, red threes, going out, cut,
 * cards left, total, and where the ruleset sets cards aside ("sa":1) the
 * cards set aside last (so the others keep their places); then the match's
 * totals, target and winner. */
static void put_scores(FILE *out, const record_t *rec) {
  bool aside = rec->rs && rs_sets_aside(rec->rs);
  fputs(aside ? ",\"sa\":1,\"scores\":[" : ",\"scores\":[", out);
  for (int i = 0; i < rec->nhands; i++) {
    const hand_score_t *hs = &rec->hands[i];
    fprintf(out, "%s{\"n\":%d,\"out\":%d,\"t\":[", i ? "," : "", hs->number, hs->out_player);
    for (int t = 0; t < rec->nteams; t++) {
      const score_parts_t *s = &hs->team[t];
      fprintf(out, "%s[%ld,%ld,%ld,%ld,%ld,%ld,%ld", t ? "," : "", s->melded, s->canastas,
              s->red_threes, s->going_out, s->cut, s->in_hand, s->total);
      if (aside) fprintf(out, ",%ld", s->aside);
      putc(']', out);
    }
    putc(']', out);
    if (hs->special_team >= 0) { /* special_hands: the hand a team showed */
      fprintf(out, ",\"sp\":[%d,", hs->special_team);
      json_string(out, hs->special);
      putc(']', out);
    }
    putc('}', out);
  }
  fputs("],\"totals\":[", out);
  for (int t = 0; t < rec->nteams; t++) fprintf(out, "%s%ld", t ? "," : "", rec->total[t]);
  fprintf(out, "],\"target\":%d,\"winner\":%d,\"over\":%s", rec->target, rec->winner,
          rec->game_over ? "true" : "false");
}

/* The rule document's passage behind an illegal verdict, as --explain
 * prints it ("" for other verdicts). */
static void put_quote(FILE *out, const record_t *rec) {
  char *buf = NULL;
  size_t len = 0;
  FILE *m = rec->verdict.status == VERDICT_ILLEGAL ? open_memstream(&buf, &len) : NULL;
  if (m) {
    report_rule_quote(m, rec);
    fclose(m);
  }
  fputs(",\"quote\":", out);
  json_string(out, buf ? buf : "");
  free(buf);
}

static void put_record(FILE *out, html_t *h, const record_t *rec) {
  fputs("{\"file\":", out);
  json_string(out, rec->file);
  fprintf(out, ",\"index\":%d,\"variant\":", rec->index);
  json_string(out, rec->variant);
  fputs(",\"verdict\":", out);
  put_verdict(out, &rec->verdict);
  fputs(",\"later\":[", out);
  for (int i = 0; i < rec->nlater; i++) {
    if (i) putc(',', out);
    put_verdict(out, &rec->later[i]);
  }
  putc(']', out);
  if (rec->later_left > 0) fprintf(out, ",\"later_left\":%llu", rec->later_left);
  put_quote(out, rec);
  fputs(",\"instead\":", out);
  json_string(out, rec->instead);
  put_people(out, rec);
  fputs(",\"tags\":[", out); /* the record's tags, as written (the page and its print show them) */
  for (int i = 0; i < rec->ntags; i++) {
    fputs(i ? ",[" : "[", out);
    json_string(out, rec->tag_key[i]);
    putc(',', out);
    json_string(out, rec->tag_value[i]);
    putc(']', out);
  }
  putc(']', out);
  put_scores(out, rec);
  /* the line where the referee found the verdict's error, when later than
   * the line it is charged to (a turn's melding judged at its end) */
  if (h->error_line > rec->verdict.line && rec->verdict.status == VERDICT_ILLEGAL)
    fprintf(out, ",\"found\":%u", h->error_line);
  unsigned last = record_last(h, rec);
  put_source(out, h, rec, last);
}

/* Is rec, whose script would take `size` bytes, left off the page (the
 * bound above)? Counted when it is. */
static bool left_off(html_t *h, const record_t *rec, unsigned long long size) {
  unsigned long long bound = (h->size > h->input ? h->size : h->input) * PAGE_PER_BYTE;
  if (bound < PAGE_FLOOR) bound = PAGE_FLOOR;
  bool left = h->left_file || (h->shown > 0 && h->written + size > bound);
  if (!left) return false;
  if (!h->left_file) {
    h->left_file = strdup(rec->file);
    h->left_index = rec->index;
    if (!h->left_file) h->left_file = strdup("?");
  }
  h->left[record_status(rec) & 3]++;
  return true;
}

void html_record(html_t *h, const record_t *rec) {
  if (h->states) fflush(h->states);
  char *buf = NULL;
  size_t len = 0;
  FILE *m = h->left_file ? NULL : open_memstream(&buf, &len);
  if (m) {
    put_record(m, h, rec);
    fclose(m);
  }
  static const char begin[] = "<script type=\"application/json\" class=\"rec\">",
                    states[] = ",\"states\":[", end[] = "]}</script>\n";
  unsigned long long size = sizeof begin + sizeof states + sizeof end + len + h->len;
  if (!left_off(h, rec, size) && buf) {
    fputs(begin, h->out);
    h->written += put_safe(h->out, buf, len) + strlen(begin) + strlen(states) + strlen(end);
    fputs(states, h->out);
    if (h->buf) h->written += put_safe(h->out, h->buf, h->len);
    fputs(end, h->out);
    h->shown++;
  }
  free(buf);
  if (h->states) fclose(h->states);
  free(h->buf);
  drop_lines(h, record_last(h, rec));
  open_states(h);
}

/* s as HTML text: markup escaped. */
static void put_text(FILE *out, const char *s) {
  for (; *s; s++) {
    switch (*s) {
      case '<': fputs("&lt;", out); break;
      case '>': fputs("&gt;", out); break;
      case '&': fputs("&amp;", out); break;
      case '"': fputs("&quot;", out); break;
      default: putc(*s, out);
    }
  }
}

/* The records left off the page (left_off): which, how many, why, and
 * where every verdict is, as the page's first paragraph (its script puts it
 * there; without the script it ends the page). */
static void put_left_off(html_t *h) {
  unsigned long long n = h->left[0] + h->left[1] + h->left[2] + h->left[3];
  char *text = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&text, &len);
  if (!m) return;
  fprintf(m, P_("%llu record is not on this page, from record %d of %s on",
                "%llu records are not on this page, from record %d of %s on", n),
          n, h->left_index, h->left_file);
  fprintf(m, _(" (%llu legal, %llu illegal, %llu malformed, %llu with a ruleset error): "
               "a page holds at most %d bytes for each byte of its input, or %d MB when "
               "that is more. referee --json gives every verdict; --html over fewer "
               "records shows their replay."),
          h->left[0], h->left[1], h->left[2], h->left[3], PAGE_PER_BYTE, PAGE_FLOOR >> 20);
  if (fclose(m) == 0) {
    fputs("<p id=\"left-off\" style=\"background:#fff3c4;color:#7b5a00;padding:.5em 1em\">", h->out);
    put_text(h->out, text);
    fputs("</p>\n", h->out);
  }
  free(text);
}

/* The words of the page's script (html_page.c), each the key the script
 * looks up: {0}, {1}... are its numbers and names. */
static const char *const page_words[] = {
  N_("Canasta referee: dispute view"), N_("wild card"), N_("(none)"),
  N_("line {0}, hand {1} — step {2} of {3}"), N_("(outside a hand: the header or between hands)"),
  N_(" ◀ to act"), N_(", foot {0}"), N_("Melds of {0}"),
  N_(" — red threes: {0}"), N_(" — set aside: {0}"), N_(" — still to set aside (aside): "),
  N_("sequence"), N_("{0}s"), N_("hidden impure canasta (closed)"),
  N_("hidden pure canasta (closed)"), N_("impure canasta (closed)"), N_("pure canasta (closed)"),
  N_("meld of wild cards"), N_("canasta of wild cards (closed)"),
  N_("Pile: "), N_("; blocked by its top card"), N_("target {0}"),
  N_("Scores"), N_("hand"), N_("melded"), N_("canastas"), N_("red threes"), N_("set aside"), N_("going out"),
  N_("cut"), N_("cards left"), N_("hand total"), N_("running"), N_("legal"), N_("illegal"),
  N_("malformed"), N_("error"), N_(" at line {0}:{1}"), N_("ruleset key: {0}"),
  N_(" (record {0})"), N_("« first"), N_("◀ previous"), N_("next ▶"), N_("last »"),
  N_("lines from {0} on are not on this page: it keeps 1000 lines after the first error, and "
     "at most 4 MB of text and 16 MB of tables a record"),
  N_("the table as line {0} found it, before the action"), N_("the table after line {0}"),
  N_("line {0} was not judged: the table as the referee left it at line {1}"),
  N_("not judged: the verdict came at line {0}"),
  N_("not judged: after the error at line {0}, the referee went on at the next hand"),
  N_("line {0} was not judged: the verdict came at line {1}"),
  N_("line {0} was not judged: after the error at line {1}, the referee went on at the next hand"),
  N_("line {0} is not on this page: lines from {1} on are not kept"),
  N_("line {0} is past the record's last line, {1}"),
  N_("line {0} comes before the record's first statement, line {1}"),
  N_("line {0} has no table of its own: the table after line {1} is shown"),
  N_("frozen since line {0} ({1} discarded)"), N_("frozen since line {0} ({1} turned up)"),
  N_("frozen since line {0} by the covered upcard {1}"), N_("always frozen"),
  N_("frozen for {0}, a team that has not opened"), N_("points"), N_(", found at line {0}"),
  N_("What was legal instead:"), N_(" — bonus packets: {0}"), N_("none left"),
  N_(", {0}’s when it opens"), N_(", the first to the next team to open"),
  N_("; {0}’s hand is empty: {1}’s packet ({2}) comes first, with talon"),
  N_("; {0} may take {1}’s packet ({2}) now with talon; any other line forfeits it"),
  N_("wild canasta"), N_("wild book"), N_("natural canasta of {0}s"),
  N_("mixed canasta of {0}s"), N_("clean book of {0}s"), N_("dirty book of {0}s"),
  N_("hand {0}: {1} showed a special hand, {2}, for {3} points")};

_Static_assert(RECORD_LATER == 64, "the page's words below say --keep-going lists 64");

/* The script's words that count: singular and plural, the script's
 * plural() picks one. */
static const char *const page_counts[] = {
  NP_(" {0} card", " {0} cards"), NP_(" — stock: {0} card", " — stock: {0} cards"),
  NP_("taking it needs {0} natural card of the top card's rank from the hand",
      "taking it needs {0} natural cards of the top card's rank from the hand"),
  NP_("{0} more later error, not listed: --keep-going lists the first 64 of a record",
      "{0} more later errors, not listed: --keep-going lists the first 64 of a record"),
  NP_("{0} card", "{0} cards"), NP_("{0} left", "{0} left")};

static void put_word(FILE *out, const char *english, const char *translation) {
  putc(',', out);
  json_string_safe(out, english);
  putc(':', out);
  json_string_safe(out, translation);
}

/* In a language other than English: {"lang": ..., english: translation, ...}
 * for the script (an English page has none, and its words as written). A
 * counting word is given in its forms for 1 and 2; "#0" says whether the
 * language counts 0 as one (French does, English does not). */
static void put_words(FILE *out) {
  if (strcmp(i18n_language(), "en") == 0) return;
  fputs("<script type=\"application/json\" id=\"i18n\">{\"lang\":", out);
  json_string_safe(out, i18n_language());
  for (size_t i = 0; i < sizeof page_words / sizeof *page_words; i++)
    put_word(out, page_words[i], _(page_words[i]));
  for (size_t i = 0; i + 1 < sizeof page_counts / sizeof *page_counts; i += 2) {
    put_word(out, page_counts[i], P_(page_counts[i], page_counts[i + 1], 1));
    put_word(out, page_counts[i + 1], P_(page_counts[i], page_counts[i + 1], 2));
  }
  const char *zero = P_(page_counts[0], page_counts[1], 0);
  fprintf(out, ",\"#0\":%s}</script>\n", strcmp(zero, P_(page_counts[0], page_counts[1], 1)) == 0 ? "true" : "false");
}

bool html_finish(html_t *h) {
  if (h->left_file) put_left_off(h);
  free(h->left_file);
  put_words(h->out);
  for (const char *const *p = html_tail; *p; p++) fputs(*p, h->out);
  bool ok = fflush(h->out) == 0 && !ferror(h->out);
  if (h->states) fclose(h->states);
  free(h->buf);
  free(h->lines);
  free(h);
  return ok;
}
