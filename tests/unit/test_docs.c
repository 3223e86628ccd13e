/* The documentation agrees with the code: every verdict code has its section
 * in docs/codes.md (and no section names a code that does not exist), and
 * every ruleset key is documented in docs/rulesets.md with its default. */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codes.h"
#include "helpers.h"
#include "ruleset.h"

Test(docs, every_code_has_a_section_in_codes_md) {
  char *doc = slurp("docs/codes.md");
  for (int c = 1; c < CODE_COUNT; c++) {
    char heading[64];
    snprintf(heading, sizeof heading, "\n## %s\n", code_name((code_t)c));
    cr_expect_not_null(strstr(doc, heading), "docs/codes.md lacks \"## %s\"", code_name((code_t)c));
  }
  free(doc);
}

Test(docs, every_code_section_names_a_real_code) {
  char *doc = slurp("docs/codes.md");
  for (char *p = strstr(doc, "\n## "); p; p = strstr(p + 1, "\n## ")) {
    char name[64] = {0};
    if (sscanf(p + 4, "%63[A-Z0-9-]", name) != 1 || strchr(p + 4, '\n') - (p + 4) != (long)strlen(name))
      continue; /* a prose heading */
    cr_expect_neq(code_parse(name), CODE_NONE, "docs/codes.md documents an unknown code %s", name);
  }
  free(doc);
}

Test(docs, every_code_is_in_the_format_reference) {
  char *doc = slurp("docs/format.md");
  for (int c = 1; c < CODE_COUNT; c++) {
    char cell[64];
    snprintf(cell, sizeof cell, "`%s`", code_name((code_t)c));
    cr_expect_not_null(strstr(doc, cell), "docs/format.md lacks %s", cell);
  }
  free(doc);
}

/* Each key has its heading, and a key with a default says it in its section,
 * as the table of keys (rulekeys.def) has it: "**Default:** `3`". */
static void expect_key(const char *path, const char *dflt, void *ctx) {
  const char *doc = ctx;
  char needle[160];
  snprintf(needle, sizeof needle, "# %s\n", path);
  const char *at = strstr(doc, needle);
  cr_expect_not_null(at, "docs/rulesets.md has no heading for %s", path);
  if (!at || !dflt || !*dflt) return;
  const char *end = strstr(at + strlen(needle), "\n#");
  size_t len = end ? (size_t)(end - at) : strlen(at);
  char *section = strndup(at, len);
  char want[640];
  snprintf(want, sizeof want, "**Default:** `%s`", dflt);
  cr_expect_not_null(strstr(section, want), "docs/rulesets.md, %s: no \"%s\"", path, want);
  free(section);
}

Test(docs, every_ruleset_key_is_documented_with_its_default) {
  char *doc = slurp("docs/rulesets.md");
  rs_schema_keys(expect_key, doc);
  free(doc);
}
