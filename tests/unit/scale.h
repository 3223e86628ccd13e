/* scale.h — how many generated games the property tests play.
 *
 * The sanitizer build (tests/CMakeLists.txt defines REFEREE_SANITIZED there)
 * plays a quarter of them: its task is the memory of every code path, which a
 * few games of each variant reach; the plain build plays them all and checks
 * what needs many games (every rule relied on, the going-out shares). */
#ifndef TESTS_UNIT_SCALE_H
#define TESTS_UNIT_SCALE_H

#include <stdbool.h>

#ifdef REFEREE_SANITIZED
#define TEST_GAMES(n) (((n) + 3) / 4)
#define TEST_ALL_GAMES false
#else
#define TEST_GAMES(n) (n)
#define TEST_ALL_GAMES true
#endif

#endif
