/*
 * Exact M-1 mappings for the polysemous type-level measures (Reichart, Abend & Rappoport
 * 2010, §4; SPEC §3.2): branch and bound with admissible bounds, within a budget, and an
 * upper bound on the optimum where the search does not finish.
 */
#ifndef CE_M1_EXACT_INTERNAL_H
#define CE_M1_EXACT_INTERNAL_H

#include "common/parallel_internal.h"
#include "measures/type_index_internal.h"

/* What the exact search proved. */
typedef struct ce_m1_proof {
  int optimal;   /* 1: no mapping scores more than 1e-12 above the value returned */
  double bound;  /* no mapping scores above this; at least the value returned */
  uint64_t work; /* steps spent (about one per item visit), at most the budget plus one node */
} ce_m1_proof;

/*
 * Searches the M-1 mappings of `measure` (a CE_TYPE_* id) for the optimum, from the
 * incumbent `map` (every cluster mapped; `*value` its value from ce__type_values). MacroI
 * and MicroI separate over the components of the graph of clusters that share an item
 * (MacroI through Dinkelbach's parametric form), each solved on its own; MicroC couples
 * every cluster through the classes and is searched whole. When it finds a better mapping
 * it writes it to `map` and its value to `*value` (never lower than before). `budget` caps
 * the steps; 0 computes the bound of the incumbent's root only. Deterministic: no clock,
 * no random numbers. CE_ERR_NOMEM leaves `map` and `*value` as they were.
 */
ce_status ce__m1_exact(const ce_type_index *index, int measure, uint64_t budget, uint32_t *map,
                       double *value, ce_m1_proof *proof);

/*
 * MicroC's root bound (every cluster open) depends on the index alone, not on the mapping
 * the climbs reach: where MicroC's search is the longest task (10^6 one-token types), a
 * thread that comes free works it out while MicroC climbs, in a task of its own
 * (ce__m1_root_offer), and MicroC's exact search takes it (ce__m1_exact_rooted): the first
 * to ask computes it, a later one takes it or waits for the one computing it. The same
 * double either way. ce__m1_root_init returns 0 where it cannot be shared (the search then
 * computes its own).
 */
typedef struct ce_m1_root {
  ce_lock state, busy; /* state guards `begun`; busy: held by the one computing it */
  int begun;
  ce_status status;
  size_t count; /* clusters with items */
  double bound;
  uint64_t work; /* the search's steps to it */
} ce_m1_root;

int ce__m1_root_init(ce_m1_root *root);
void ce__m1_root_free(ce_m1_root *root);
void ce__m1_root_offer(ce_m1_root *root, const ce_type_index *index);

/* ce__m1_exact with MicroC's root bound from `root` (NULL: its own). */
ce_status ce__m1_exact_rooted(const ce_type_index *index, int measure, uint64_t budget,
                              ce_m1_root *root, uint32_t *map, double *value, ce_m1_proof *proof);

/* ce__m1_exact with MacroI and MicroI always through the general components, also where
 * every item is in one cluster at most (which it otherwise takes cluster by cluster in one
 * pass): for a test that the two give the same, bit for bit. */
ce_status ce__m1_exact_by_components(const ce_type_index *index, int measure, uint64_t budget,
                                     uint32_t *map, double *value, ce_m1_proof *proof);

/* ce__m1_exact with MicroC's bound reading the untouched classes best first for `by_best`
 * of them only, then in id order (SIZE_MAX: best first throughout; otherwise 256): for a
 * test that every choice gives the same, bit for bit. */
ce_status ce__m1_exact_untouched(const ce_type_index *index, int measure, uint64_t budget,
                                 size_t by_best, uint32_t *map, double *value, ce_m1_proof *proof);

/*
 * MicroC's union bound (m1_exact.c), by class c: an open cluster as a helper of c, with x its
 * items new to U_c that are of c, y those plus its other items in no other open cluster (all
 * of which join U_c with it), its label rank and its entry.
 */
typedef struct ce_union_helper {
  uint32_t x, y, rank, entry;
} ce_union_helper;

/* Orders `count` helpers by share x/y, highest first (ties by rank), and writes the prefix
 * sums of x and y, count + 1 of each from 0. */
void ce__union_helpers_order(ce_union_helper *h, size_t count, uint64_t *px, uint64_t *py);

/* The largest 2·(a + X) / (b + Y), at most 1, over every set of the ordered helpers, X and Y
 * its sums of x and y; `skip` (an index, or UINT32_MAX) left out of every set. b ≥ 1 (it is
 * |U_c| + |c|, and c has items). */
double ce__union_best(const ce_union_helper *h, const uint64_t *px, const uint64_t *py,
                      size_t count, uint64_t a, uint64_t b, size_t skip);

#endif
