/* A minimal check harness: every failed check prints file:line and the values. */
#ifndef CE_TEST_CHECK_H
#define CE_TEST_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_failures = 0;
static int check_count = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    check_count++;                                                             \
    if (!(cond)) {                                                             \
      check_failures++;                                                        \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

#define CHECK_NEAR(actual, expected, tolerance)                                           \
  do {                                                                                    \
    double check_a_ = (actual), check_e_ = (expected);                                    \
    check_count++;                                                                        \
    if (!(fabs(check_a_ - check_e_) <= (tolerance))) {                                    \
      check_failures++;                                                                   \
      fprintf(stderr, "%s:%d: %s = %.17g, expected %.17g\n", __FILE__, __LINE__, #actual, \
              check_a_, check_e_);                                                        \
    }                                                                                     \
  } while (0)

#define CHECK_STR_CONTAINS(haystack, needle)                                         \
  do {                                                                               \
    const char *check_h_ = (haystack);                                               \
    check_count++;                                                                   \
    if (!check_h_ || !strstr(check_h_, (needle))) {                                  \
      check_failures++;                                                              \
      fprintf(stderr, "%s:%d: \"%s\" does not contain \"%s\"\n", __FILE__, __LINE__, \
              check_h_ ? check_h_ : "(null)", (needle));                             \
    }                                                                                \
  } while (0)

static inline int check_report(const char *name) {
  printf("%s: %d checks, %d failed\n", name, check_count, check_failures);
  return check_failures ? 1 : 0;
}

#endif
