/*
 * Small type-level instances as bit masks (an item's classes and clusters), for the tests
 * that enumerate every mapping: at most 24 items, 8 classes and 16 clusters.
 */
#ifndef CE_TEST_MASK_INSTANCE_H
#define CE_TEST_MASK_INSTANCE_H

#include "check.h"
#include "measures/entries_internal.h"

enum { MAX_L = 24, MAX_N = 8, MAX_M = 16 };

typedef struct instance {
  int l, n, m;
  unsigned gold[MAX_L];   /* A_i as a mask of classes */
  unsigned system[MAX_L]; /* B_i as a mask of clusters */
} instance;

static int bits(unsigned x) {
  int count = 0;
  for (; x; x &= x - 1) count++;
  return count;
}

/* The instance as entries (ids as the masks' bits, labels in id order). */
static void to_entries(const instance *x, ce_entries *e) {
  uint32_t gi[MAX_L * MAX_N], gl[MAX_L * MAX_N], si[MAX_L * MAX_M], sl[MAX_L * MAX_M];
  size_t gn = 0, sn = 0;
  for (int i = 0; i < x->l; i++) {
    for (int c = 0; c < x->n; c++)
      if (x->gold[i] >> c & 1) {
        gi[gn] = (uint32_t)i;
        gl[gn++] = (uint32_t)c;
      }
    for (int k = 0; k < x->m; k++)
      if (x->system[i] >> k & 1) {
        si[sn] = (uint32_t)i;
        sl[sn++] = (uint32_t)k;
      }
  }
  CHECK(ce__entries_from_pairs(e, (size_t)x->l, (size_t)x->n, (size_t)x->m, gi, gl, gn, si, sl, sn,
                               NULL, NULL) == CE_OK);
}

#endif
