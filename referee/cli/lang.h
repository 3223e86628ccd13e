/* lang.h — --lang and the environment: where the program finds its message
 * catalogues, then i18n_init (referee/cards/i18n.h). */
#ifndef LANG_H
#define LANG_H

#include <stdbool.h>

/* Picks the messages' language (lang from --lang, or NULL for the
 * environment). The catalogues are looked for next to the executable
 * (build/locale, for the uninstalled build), then in ../share/locale from it,
 * then in the install prefix's. False, with a message on stderr, when a
 * language other than English cannot be shown. */
bool lang_setup(const char *lang);

#endif
