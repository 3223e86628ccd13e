/* The messages' language (referee/cards/i18n.h): English needs no catalogue and
 * returns its own bytes; French comes from the build's catalogue, with French
 * plural rules (0 and 1 singular). Criterion runs each test in its own
 * process, so i18n_init in one does not leak into the others. */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"

/* build/locale, next to the referee the tests were built with */
static const char *locale_dir(void) {
  static char dir[4096];
  snprintf(dir, sizeof dir, "%s", REFEREE_BIN);
  char *slash = strrchr(dir, '/');
  snprintf(slash ? slash + 1 : dir, sizeof dir - (size_t)(slash ? slash + 1 - dir : 0), "locale");
  return dir;
}

Test(i18n, english_is_the_default_and_returns_its_argument) {
  const char *msgid = "the pile is empty";
  cr_assert(_(msgid) == msgid);
  cr_assert_str_eq(P_("%u card drawn", "%u cards drawn", 1), "%u card drawn");
  cr_assert_str_eq(P_("%u card drawn", "%u cards drawn", 0), "%u cards drawn");
  cr_assert(i18n_init("en", locale_dir()));
  cr_assert(_(msgid) == msgid);
  cr_assert_str_eq(i18n_language(), "en");
}

Test(i18n, french_from_the_catalogue) {
  cr_assert(i18n_init("fr", locale_dir()));
  cr_assert_str_eq(i18n_language(), "fr");
  cr_assert_str_eq(_("the pile is empty"), "la défausse est vide");
  cr_assert_str_eq(_("of aces"), "d'as");
  /* French plurals: 0 and 1 take the singular, unlike English */
  const char *one = "the stock still holds %u card", *many = "the stock still holds %u cards";
  cr_assert_str_eq(P_(one, many, 0), "le talon contient encore %u carte");
  cr_assert_str_eq(P_(one, many, 1), "le talon contient encore %u carte");
  cr_assert_str_eq(P_(one, many, 2), "le talon contient encore %u cartes");
  /* a sentence the catalogue does not know stays as written */
  cr_assert_str_eq(_("no such sentence"), "no such sentence");
}

Test(i18n, a_region_or_codeset_names_the_language) {
  cr_assert(i18n_init("fr_CA.UTF-8", locale_dir()));
  cr_assert_str_eq(_("the pile is empty"), "la défausse est vide");
  cr_assert_str_eq(i18n_language(), "fr");
}
