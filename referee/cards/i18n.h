/* i18n.h — the language of the sentences the referee prints, behind GNU
 * gettext: this module is the only one that calls it (style guide, rule 6).
 *
 * Every sentence written for a reader is marked where it is written:
 * _("...") translates it now, N_("...") only marks it for xgettext (it is
 * translated later, with _() on the variable holding it), and
 * P_("... %u card ...", "... %u cards ...", n) picks the plural form the
 * language wants for n. English is the default and needs no catalogue: until
 * i18n_init() picks another language, _() and P_() return their English
 * argument itself, byte for byte. Codes, rule keys, card codes (8H, JK) and
 * JSON keys are never translated. */
#ifndef I18N_H
#define I18N_H

#include <stdbool.h>

/* The gettext domain: the catalogues are DIR/LANG/LC_MESSAGES/canasta-referee.mo. */
#define I18N_DOMAIN "canasta-referee"

/* Picks the language: lang ("fr", "fr_FR.UTF-8", "en", ...) or, when lang is
 * NULL, the environment as GNU programs read it (LANGUAGE when the locale
 * LC_ALL, LC_MESSAGES or LANG names is not C or POSIX). English needs nothing;
 * another language reads its catalogue from localedir, and works even where
 * only the C.UTF-8 locale exists. Call it once, before any message is made.
 * Returns false when a non-English language was asked for but no locale could
 * be set to show it (the messages then stay in English). */
bool i18n_init(const char *lang, const char *localedir);

/* The language messages are in: "en", or the language part of what
 * i18n_init was given ("fr" for "fr_FR.UTF-8"), as HTML's lang wants it. */
const char *i18n_language(void);

#if defined(__GNUC__)
#define I18N_FORMAT_ARG(n) __attribute__((format_arg(n)))
#else
#define I18N_FORMAT_ARG(n)
#endif

/* The translation of msgid, or msgid itself. */
const char *i18n_tr(const char *msgid) I18N_FORMAT_ARG(1);
/* The translation of one/many for the number n (English: n == 1 ? one : many). */
const char *i18n_plural(const char *one, const char *many, unsigned long n)
    I18N_FORMAT_ARG(1) I18N_FORMAT_ARG(2);

#define _(s) i18n_tr(s)
#define N_(s) (s)
#define P_(one, many, n) i18n_plural(one, many, (unsigned long)(n))
/* A plural pair in a table, marked for xgettext: two initializers, translated
 * later with i18n_plural(one, many, n). */
#define NP_(one, many) one, many

#endif
