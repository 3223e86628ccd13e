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
  size_t n = strcspn(want, "_.@:"); /* "fr_FR.UTF-8:en" is "fr" */
  if (n >= sizeof language) n = sizeof language - 1;
  memcpy(language, want, n);
  language[n] = '\0';
  active = true;
  return true;
}

const char *i18n_language(void) { return language; }

const char *i18n_tr(const char *msgid) { return active ? dgettext(I18N_DOMAIN, msgid) : msgid; }

const char *i18n_plural(const char *one, const char *many, unsigned long n) {
  return active ? dngettext(I18N_DOMAIN, one, many, n) : n == 1 ? one : many;
}
