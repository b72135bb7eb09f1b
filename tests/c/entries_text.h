/*
 * Entries written as text for the type-level tests: items separated by '|', label ids by
 * spaces, e.g. "0 | 0 1 | 1" (an empty item is an empty induced entry). Orders are identity.
 */
#ifndef CE_TEST_ENTRIES_TEXT_H
#define CE_TEST_ENTRIES_TEXT_H

#include <stdlib.h>

#include "check.h"
#include "measures/measures_type_internal.h"

static size_t parse_pairs(const char *text, uint32_t *items, uint32_t *labels) {
  size_t count = 0;
  uint32_t item = 0;
  for (const char *p = text; *p;) {
    if (*p == '|') {
      item++;
      p++;
    } else if (*p == ' ') {
      p++;
    } else {
      char *end;
      labels[count] = (uint32_t)strtoul(p, &end, 10);
      items[count++] = item;
      p = end;
    }
  }
  return count;
}

static void build(ce_entries *e, size_t items, size_t classes, size_t clusters, const char *gold,
                  const char *system) {
  uint32_t gi[256], gl[256], si[256], sl[256];
  size_t gn = parse_pairs(gold, gi, gl), sn = parse_pairs(system, si, sl);
  ce_status status =
      ce__entries_from_pairs(e, items, classes, clusters, gi, gl, gn, si, sl, sn, NULL, NULL);
  CHECK(status == CE_OK);
}

#endif
