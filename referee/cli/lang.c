/* lang.c — the catalogues' directory, found from the executable's path. */
#define _POSIX_C_SOURCE 200809L
#include "lang.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "i18n.h"
#include "output.h"

#ifndef REFEREE_LOCALEDIR
#define REFEREE_LOCALEDIR "/usr/local/share/locale"
#endif

static bool is_dir(const char *path) {
  struct stat sb;
  return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* DIR/locale, then DIR/../share/locale, where DIR holds the running executable. */
static const char *locale_dir(char *buf, size_t len) {
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return REFEREE_LOCALEDIR;
  exe[n] = '\0';
  char *slash = strrchr(exe, '/');
  if (!slash) return REFEREE_LOCALEDIR;
  *slash = '\0';
  static const char *const tails[] = {"/locale", "/../share/locale"};
  for (size_t i = 0; i < sizeof tails / sizeof *tails; i++) {
    snprintf(buf, len, "%s%s", exe, tails[i]);
    if (is_dir(buf)) return buf;
  }
  return REFEREE_LOCALEDIR;
}

/* Is there a catalogue in dir for lang ("fr", "fr_FR.UTF-8": its language part)? */
static bool has_catalogue(const char *dir, const char *lang) {
  char path[4400];
  int n = (int)strcspn(lang, "_.@:");
  snprintf(path, sizeof path, "%s/%.*s/LC_MESSAGES/" I18N_DOMAIN ".mo", dir, n, lang);
  return access(path, R_OK) == 0;
}

bool lang_setup(const char *lang) {
  char buf[4200];
  const char *dir = locale_dir(buf, sizeof buf);
  bool english = lang && strncmp(lang, "en", 2) == 0 && strchr("_.@", lang[2] ? lang[2] : '_');
  if (lang && !english && !has_catalogue(dir, lang)) {
    out_say("referee: --lang %s: no messages in that language (en, fr; looked in %s)", lang, dir);
    return false;
  }
  if (i18n_init(lang, dir) || !lang) return true;
  out_say("referee: --lang %s: no locale to show the messages in (C.UTF-8 is missing)", lang);
  return false;
}
