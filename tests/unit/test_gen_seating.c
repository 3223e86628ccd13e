/* The generator seats only what the referee accepts (table.teams,
 * table.partners_apart: one judgement, rs_seating, asked by the record's
 * header and by gen): for every count of players and of teams, partners
 * apart or not, gen writes a game the referee judges legal, or refuses the
 * ruleset with a reason. Four players in three teams with partners apart sit
 * T1 T2 T1 T3 (gen wrote T1 T2 T3 T1, which the referee refused: SEATING). */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gen.h"
#include "helpers.h"

/* A classic ruleset seating `players` in `teams`, written to seating.yaml
 * in a new temporary folder dir; its path is put in path. */
static void seating_rules(char *dir, char *path, size_t len, int players, int teams, bool apart) {
  cr_assert_not_null(mkdtemp(dir));
  snprintf(path, len, "%s/seating.yaml", dir);
  FILE *f = fopen(path, "w");
  cr_assert_not_null(f);
  fprintf(f, "schema: 1\nname: seating\ntitle: \"seating\"\nextends: classic\ntable:\n"
             "  - {players: %d, packs: 2, deal: 11, teams: %d, partners_apart: %s, "
             "target: 5000}\n",
          players, teams, apart ? "true" : "false");
  fclose(f);
}

/* gen's status for the seating, and the referee's verdict of what it wrote. */
static int generate_seated(int players, int teams, bool apart, verdict_t *v, char *why,
                           size_t why_len) {
  char dir[] = "/tmp/gen-seating-XXXXXX", path[64];
  seating_rules(dir, path, sizeof path, players, teams, apart);
  char *buf = NULL;
  size_t len;
  FILE *f = open_memstream(&buf, &len);
  cr_assert_not_null(f);
  gen_options_t opt = {path, players, 1, 1, 1, false};
  gen_stats_t st;
  why[0] = '\0';
  int status = gen_write(&opt, f, &st, why, why_len);
  fclose(f);
  if (status == 0) *v = judge(buf);
  free(buf);
  unlink(path);
  rmdir(dir);
  return status;
}

Test(gen_seating, four_players_three_teams_partners_apart) {
  verdict_t v;
  char why[512];
  cr_assert_eq(generate_seated(4, 3, true, &v, why, sizeof why), 0, "%s", why);
  cr_expect_eq(v.status, VERDICT_LEGAL, "%s at %u:%u: %s", code_name(v.code), v.line, v.col,
               v.message);
}

Test(gen_seating, every_seating_written_is_accepted_or_refused_with_a_reason) {
  int written = 0, refused = 0;
  for (int players = 2; players <= 6; players++)
    for (int teams = 1; teams <= players; teams++)
      for (int apart = 0; apart <= 1; apart++) {
        verdict_t v;
        char why[512];
        int status = generate_seated(players, teams, apart, &v, why, sizeof why);
        if (status != 0) {
          cr_expect(status == 3 && why[0], "%d players, %d teams: status %d, no reason", players,
                    teams, status);
          refused++;
          continue;
        }
        written++;
        cr_expect_eq(v.status, VERDICT_LEGAL, "%d players, %d teams%s: %s at %u:%u: %s",
                     players, teams, apart ? ", apart" : "", code_name(v.code), v.line, v.col,
                     v.message);
      }
  cr_expect(written >= 25 && refused >= 1, "%d seatings written, %d refused", written, refused);
}
