/*
 * Random entries for the type-level tests: each item draws 1 to `gold_most` gold ids and
 * `clusters_least` to `clusters_most` cluster ids, uniformly over the classes and clusters
 * (a repeat counts once): its two counts first, then its ids. Orders are identity.
 */
#ifndef CE_TEST_ENTRIES_RANDOM_H
#define CE_TEST_ENTRIES_RANDOM_H

#include <stdlib.h>

#include "check.h"
#include "common/rng_internal.h"
#include "measures/entries_internal.h"

static void uniform_entries(ce_rng *rng, ce_entries *e, size_t items, size_t classes,
                            size_t clusters, size_t gold_most, size_t clusters_least,
                            size_t clusters_most) {
  size_t cap = items * (gold_most + clusters_most) + 1;
  uint32_t *gi = malloc(cap * sizeof *gi), *gl = malloc(cap * sizeof *gl);
  uint32_t *si = malloc(cap * sizeof *si), *sl = malloc(cap * sizeof *sl);
  size_t gn = 0, sn = 0;
  for (uint32_t i = 0; i < items; i++) {
    size_t a = 1 + ce__rng_below(rng, gold_most);
    size_t b = clusters_least + ce__rng_below(rng, clusters_most - clusters_least + 1);
    for (size_t j = 0; j < a; j++, gn++) gi[gn] = i, gl[gn] = (uint32_t)ce__rng_below(rng, classes);
    for (size_t j = 0; j < b; j++, sn++)
      si[sn] = i, sl[sn] = (uint32_t)ce__rng_below(rng, clusters);
  }
  CHECK(ce__entries_from_pairs(e, items, classes, clusters, gi, gl, gn, si, sl, sn, NULL, NULL) ==
        CE_OK);
  free(gi);
  free(gl);
  free(si);
  free(sl);
}

/* 0 .. count - 1 in an order drawn uniformly (malloc'd; free it). */
static inline uint32_t *shuffled_ids(ce_rng *rng, size_t count) {
  uint32_t *ids = malloc((count ? count : 1) * sizeof *ids);
  for (size_t i = 0; i < count; i++) ids[i] = (uint32_t)i;
  ce__rng_shuffle_u32(rng, ids, count);
  return ids;
}

/*
 * One-token types: item i holds gold class gold[i] alone (NULL: class i; distinct ids below
 * `classes`, some classes perhaps no item's) and one of `clusters` drawn uniformly, or, one
 * time in `unclustered`, none (drawn item by item: whether, then which); the classes' label
 * order `class_order` (NULL: their ids).
 */
static inline void one_token_entries(ce_rng *rng, ce_entries *e, size_t items, const uint32_t *gold,
                                     size_t classes, size_t clusters, uint64_t unclustered,
                                     const uint32_t *class_order) {
  uint32_t *gi = malloc((items + 1) * sizeof *gi), *si = malloc((items + 1) * sizeof *si);
  uint32_t *sl = malloc((items + 1) * sizeof *sl);
  size_t sn = 0;
  for (uint32_t i = 0; i < items; i++) {
    gi[i] = i;
    if (ce__rng_below(rng, unclustered) == 0) continue;
    si[sn] = i;
    sl[sn++] = (uint32_t)ce__rng_below(rng, clusters);
  }
  CHECK(ce__entries_from_pairs(e, items, classes, clusters, gi, gold ? gold : gi, items, si, sl, sn,
                               class_order, NULL) == CE_OK);
  free(gi);
  free(si);
  free(sl);
}

#endif
