/* i18n.c — the messages' language through GNU gettext (libintl, in glibc).
 *
 * GNU gettext reads the language list from LANGUAGE, but ignores it while the
 * LC_MESSAGES locale is "C"; and a Debian machine often has no fr_FR locale
 * generated, so setlocale(LC_MESSAGES, "fr_FR.UTF-8") fails there. What holds
 * on every machine: C.UTF-8 is not "C" for gettext, so LC_MESSAGES set to the
 * user's locale when it exists, else to C.UTF-8, plus LANGUAGE naming the
 * language, selects the catalogue. The catalogues are UTF-8 and the output is
 * UTF-8 whatever LC_CTYPE says (bind_textdomain_codeset); no other locale
 * category is touched, so numbers print as before. */
#define _POSIX_C_SOURCE 200809L
#include "i18n.h"

#include <libintl.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

static bool active;                  /* a catalogue is in use */
static char language[32] = "en";

/* The locale name gettext would use for messages: LC_ALL, LC_MESSAGES, LANG. */
static const char *env_locale(void) {
  static const char *const vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
  for (size_t i = 0; i < sizeof vars / sizeof *vars; i++) {
    const char *v = getenv(vars[i]);
    if (v && *v) return v;
  }
  return NULL;
}

/* The language list the environment asks for, or NULL for the default. */
static const char *env_language(void) {
  const char *loc = env_locale();
  if (!loc || strcmp(loc, "C") == 0 || strcmp(loc, "POSIX") == 0) return NULL;
  const char *list = getenv("LANGUAGE");
  if (list && *list) return list;
  return strncmp(loc, "C.", 2) == 0 ? NULL : loc; /* C.UTF-8: English */
}

/* "en", "en_GB.UTF-8", "en:fr": English first, which needs no catalogue. */
static bool is_english(const char *list) {
  return strncmp(list, "en", 2) == 0 && strchr("_.@:", list[2] ? list[2] : '_') != NULL;
}

/* The language of the catalogue gettext found, from its header's
 * "Language:" field, kept only when it reads as a language tag (letters,
 * digits, '-' or '_'): "fr" for LANGUAGE=fr, none for LANG=de_DE.UTF-8 when
 * there is no German catalogue (the messages stay English, and say so). */
static bool catalogue_language(void) {
  static const char header_id[] = ""; /* the catalogue's header entry */
  const char *header = dgettext(I18N_DOMAIN, header_id);
  const char *field = header ? strstr(header, "Language: ") : NULL;
  if (!field) return false;
  field += strlen("Language: ");
  size_t n = strspn(field, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_");
  if (n == 0 || n >= sizeof language) return false;
  memcpy(language, field, n);
  language[strcspn(language, "_")] = '\0'; /* "pt_BR": the page's lang is "pt" */
  return true;
}

bool i18n_init(const char *lang, const char *localedir) {
  const char *want = lang && *lang ? lang : env_language();
  active = false;
  strcpy(language, "en");
  if (!want || is_english(want) || strcmp(want, "C") == 0 || strcmp(want, "POSIX") == 0)
    return true;
  const char *set = setlocale(LC_MESSAGES, "");
  if (!set || strcmp(set, "C") == 0 || strcmp(set, "POSIX") == 0) {
    set = setlocale(LC_MESSAGES, "C.UTF-8");
    if (!set) set = setlocale(LC_MESSAGES, "C.utf8");
  }
  if (!set) return false;
  if (setenv("LANGUAGE", want, 1) != 0) return false;
  if (localedir) bindtextdomain(I18N_DOMAIN, localedir);
  bind_textdomain_codeset(I18N_DOMAIN, "UTF-8");
  active = catalogue_language();
  return true;
}

const char *i18n_language(void) { return language; }

const char *i18n_tr(const char *msgid) { return active ? dgettext(I18N_DOMAIN, msgid) : msgid; }

const char *i18n_plural(const char *one, const char *many, unsigned long n) {
  return active ? dngettext(I18N_DOMAIN, one, many, n) : n == 1 ? one : many;
}
