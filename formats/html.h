/* html.h — the dispute view: one self-contained HTML page (inline CSS, script
 * and SVG, nothing fetched) replaying the records given, action by action.
 *
 * The table at each statement comes from the engine through eng_view(), as
 * the game driver's observer (game_observe) hands it over: the page shows the
 * state --explain and the JSON `state` show. */
#ifndef HTML_H
#define HTML_H

#include <stdbool.h>
#include <stdio.h>

#include "game.h"

typedef struct html html_t;

/* Starts a page on out (the caller's, not closed); NULL without memory. */
html_t *html_new(FILE *out);
/* The input's size when it is known before it is read (regular files): the
 * page's bound (html.c) is then set by all of it from the first record,
 * rather than by the bytes read so far. */
void html_input_size(html_t *h, unsigned long long bytes);
/* The observer to pass to game_observe with the html_t as its context. */
void html_observe(void *ctx, unsigned line, int hand, const engine_t *e);
/* Every line read (cgr_set_line_sink, with the html_t as its context), and
 * (0, NULL, 0) when the input ends: the page embeds the lines it was handed,
 * never reading an input again. */
void html_line(void *ctx, unsigned line, const char *text, size_t len);
/* A record judged: its replay, verdict and scores go into the page. */
void html_record(html_t *h, const record_t *rec);
/* Ends the page and frees h; false when the output failed. */
bool html_finish(html_t *h);

/* html_page.c: the page's static parts, as pieces ending with NULL. */
extern const char *const html_head[];
extern const char *const html_tail[];

#endif
